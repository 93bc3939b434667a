/*
 * line_ask.c: the walk's one question, "mate within n plies from here?" (line_walk.h).
 *
 * Answered from the table when it can be, else by a bounded search given the line above
 * it (dfpn.h: dfpn_above_t).  A question never outlives the walk's allowance (end), and
 * one that only breaks a tie keeps to its first half (tie_end); once the solve's
 * deadline or stop has come (soft limits: line.c) no search is started.  An answer that
 * rests on a stopped delay-rule test turns the line uncertified (line_doubt).
 */
#include "line_walk.h"

#include "../movegen/movegen.h"
#include "futile.h"

/* Whether the walk must hurry (line.c's file comment); if so no refining search has nodes left. */
bool line_hurried(walk_t *w)
{
    dfpn_shared_t *sh = w->sh;
    if (!w->hurry && (solver_flag_up(sh->soft_stop) || (sh->soft_deadline && dfpn_now() >= sh->soft_deadline))) {
        w->hurry = true;
        w->exact = false;
    }
    if (w->hurry && w->end > sh->nodes)
        w->end = sh->nodes;
    return w->hurry;
}

/* Whether p (just reached by a move) is a position the line has already passed: a
 * repetition, no mate for the attacker.  The table's proofs are stored without their
 * path, so one may lead the walk round a cycle (the horse-saw of YaneuraOu issue #116
 * came out as a mate in 353 whose line went round a four-ply cycle 78 times). */
bool line_on_line(const walk_t *w, const pos_t *p)
{
    uint64_t key = pos_key(p);
    for (int i = w->n_above - 1; i >= 0; i--)
        if (w->above[i] == key)
            return true;
    return false;
}

/* An answer the line's choice uses rests on a delay-rule test that did not finish: the
 * line is no longer certified (the leftover look-ahead only breaks ties, so it does not
 * count). */
void line_doubt(walk_t *w)
{
    if (!w->looking)
        w->exact = false, w->unsure = true;
}

/* Mate within len for p (either side to move)?  1 yes, 0 no, -1 unknown (budget).  An
 * answer resting on a stopped delay-rule test (unsure, tt.h) may be wrong under the rule,
 * so a line chosen by it is no longer certified. */
int line_mate_within(walk_t *w, pos_t *p, dfpn_mode_t mode, int len, uint64_t budget)
{
    if (len < 0)
        return 0;
    tt_probe_t t = dfpn_probe(w->sh, p, w->attacker, mode, len);
    if (t.found && (t.pn == 0 || t.dn == 0)) {
        if (t.unsure)
            line_doubt(w);
        return t.pn == 0;
    }
    dfpn_shared_t *sh = w->sh;
    if (line_hurried(w))
        return -1;
    if (budget && sh->nodes + budget > w->end)
        budget = sh->nodes < w->end ? w->end - sh->nodes : PROBE_ONLY;
    if (sh->aborted || budget == PROBE_ONLY)
        return -1;
    dfpn_result_t r;
    /* When patient, a question harder than its budget gets four times as much, thrice,
     * from where it stopped, while the line's allowance lasts: with the disproofs that
     * hang on the path kept (repcache.h), the shortening leaves fewer of them in the
     * table, and one question of Microcosmos's walk (ply 680) ran past its 200,000 nodes
     * (before 191533b: the walk of a certified length now asks nothing there). */
    for (int tries = 0;; tries++) {
        r = dfpn_nested(sh, p, w->attacker, mode, len, budget, &(dfpn_above_t){w->above, w->n_above});
        if (r.status != DFPN_UNKNOWN || !w->patient || tries == 3 || sh->aborted || line_hurried(w) ||
            sh->nodes >= w->end)
            break;
        budget = w->end - sh->nodes < 4 * budget ? w->end - sh->nodes : 4 * budget;
    }
    if (r.unsure && r.status != DFPN_UNKNOWN)
        line_doubt(w);
    return r.status == DFPN_PROVEN ? 1 : r.status == DFPN_DISPROVEN ? 0 : -1;
}

/* A question that only breaks a tie runs within the first half of the walk's allowance,
 * which the tie-breaks may spend (line_longest_replies): line_tie_cap lowers the walk's end to it
 * and returns the end to restore. */
uint64_t line_tie_cap(walk_t *w)
{
    uint64_t end = w->end;
    if (w->tie_end < end)
        w->end = w->tie_end;
    return end;
}

/* Mate within len for p, asked only to break a tie (the leftover look-ahead), on the
 * refining searches' budget. */
int line_tie_question(walk_t *w, pos_t *p, int len)
{
    uint64_t end = line_tie_cap(w);
    int m = line_mate_within(w, p, w->mode, len, w->search_budget);
    w->end = end;
    if (m < 0) /* p is after the move asked about */
        w->starved |= p->side == w->attacker ? LINE_STARVED_TIE_REPLY : LINE_STARVED_TIE_CHECK;
    return m;
}

/* The defender's replies that count under the mode. */
int line_defender_replies(walk_t *w, pos_t *p, move_t *moves)
{
    int n = mg_evasions(p, moves);
    hand_t need = 0;
    return w->mode == MODE_COMPOSER ? futile_filter(w->sh, p, w->attacker, moves, n, &need) : n;
}
