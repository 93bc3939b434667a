/*
 * line.c: walks down a proven position and writes the line (see line.h).
 *
 * Every question is "mate within n plies from here?", answered from the table when it can
 * be and by a bounded search otherwise.  Searches that only refine the choice (is this
 * reply the longest? which ending leaves fewer pieces?) run on a node budget; when one
 * runs out the line is still a mate, but no longer certified: exact turns false, as it
 * does when an answer the line's choice uses rests on a delay-rule test that a budget
 * stopped (unsure, dfpn.h), or is such a test.  The attacker's moves are always backed
 * by a proof; a proof from the table may still fail on the walk's own line (the table
 * stores proofs without their path: one that runs into a position the line has visited
 * is no mate there), and when the walk then finds no mating check two plies on, it backs
 * out of the check and takes another (up to MAX_BACKTRACKS times a walk).  A check taken
 * from a proof longer than the plies left is followed to its mate: the line then outgrows
 * len (and is not exact) rather than stop short.
 * The solve's deadline and stop never cut the walk short of its mate: they turn soft
 * (dfpn.h) and, once reached, hurry the walk: no refining search is started any more,
 * those under way stop, and no choice looks ahead for the pieces left, so the line
 * follows the table's proofs, not certified.  Under
 * --time-limit 5, eleven Zuko problems answered 0.8 to 6.8 s late before (their walks ran
 * on the budgets of unlimited runs).
 * The walk is a loop over plies; only the leftover look-ahead recurses, over equally long
 * lines, with a budget of calls for each choice it decides.  Its depth is at most the
 * plies left, at about 32 KB of stack for two plies (clang -fstack-usage: look_leftover
 * 2.6 KB a ply, line_longest_replies 18.8 KB, line_mating_moves 7.7 KB): 64 MB at
 * SOLVER_MAX_PLY, and the searches below it within the SOLVER_STACK_BYTES every search
 * runs on.  Its searches are given the
 * line above them (dfpn.h: dfpn_above_t), so a move back to a position of the line is a
 * repetition there as in the search that proved the line, and the disproofs that hang on
 * the path (repcache.h) are found again.
 * The walk's parts: line_ask.c (the questions), line_attack.c and line_defend.c (each
 * side's choices at a ply), sharing walk_t through line_walk.h; this file holds the loop
 * and the leftover look-ahead.
 */
#include "line.h"

#include <stdlib.h>

#include "../movegen/movegen.h"
#include "line_walk.h"

enum { LOOK_BUDGET = 20000, LOOK_NONE = -1, MAX_BACKTRACKS = 16, BAN_MAX = 64 };

static int leftover_of(const pos_t *p, color_t attacker) { return hand_total(p->hand[attacker]); }

/* Leftover at the end of best play over equally long lines: the attacker maximises it,
 * the defender minimises it.  len: plies to the mate from p.  LOOK_NONE when the
 * look-ahead sees no line of len plies from p, and such a move counts in a choice only
 * when nothing else does: a defender mated before len runs out (a reply mated sooner is
 * no tie, whatever pieces that mate leaves), or, on a certified walk, an attacker with
 * no check the table or its tie questions show to mate within len.  Scored by the pieces
 * in hand where the look-ahead stopped, such lines took Muso 第67番's certified 43 plies
 * to 1 piece in one orientation of four, 2 in the others.  On an uncertified walk an
 * attacker's unknown checks keep that score: there the lines the table can follow are
 * often mated sooner, and passing over the others wrote Zuko 第40番 at 300,000 nodes as
 * 19 plies, shorter than its mate (21).  A look-ahead out of steps scores the pieces in
 * hand too.  Wherever the look is cut short (steps out, a tie question unanswered) the
 * walk says so (line_info_t.starved): the count it chose may not be the rules' count.
 * Over the bench's 170 certified lines, 16 are so marked; with 16 times the walk's
 * allowance and 10 times the steps three of them end with another count or line, and
 * none of the others.  A reply ranked on the table's knowledge alone (none known to hold
 * out, some unknown) marked 40 more, none of which changed: not counted. */
/* Whether v is a better score than best (LOOK_NONE: none yet) for the side choosing. */
static bool look_better(int v, int best, bool or_node)
{
    return v != LOOK_NONE && (best == LOOK_NONE || (or_node ? v > best : v < best));
}

static int look_leftover(walk_t *w, pos_t *p, int len)
{
    if (len == 0)
        return leftover_of(p, w->attacker);
    if (w->budget-- <= 0) {
        w->starved |= LINE_STARVED_STEPS;
        return leftover_of(p, w->attacker);
    }
    move_t moves[MG_MAX_MOVES];
    bool or_node = p->side == w->attacker;
    int n = or_node ? line_mating_moves(w, p, len, moves, false) : line_longest_replies(w, p, len, moves, false);
    if (n == 0)
        return or_node && !w->certified ? leftover_of(p, w->attacker) : LOOK_NONE;
    int best = LOOK_NONE;
    for (int i = 0; i < n; i++) {
        undo_t u;
        above_push(w, p);
        pos_do(p, moves[i], &u);
        int v = look_leftover(w, p, len - 1);
        pos_undo(p, moves[i], &u);
        above_pop(w);
        if (look_better(v, best, or_node))
            best = v;
    }
    return best;
}

line_info_t line_extract(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget,
                         uint64_t total, bool patient, bool shortest, move_t *pv)
{
    uint64_t allowance = total ? total : budget * LINE_BUDGETS;
    /* The walk's own path and, below its end, the leftover look-ahead's (len at most). */
    /* (A line may outgrow len: below.) */
    uint64_t *above = malloc(sizeof *above * (size_t)(2 * SOLVER_MAX_PLY + 2));
    walk_t w = {.sh = sh,
                .mode = mode,
                .attacker = attacker,
                .exact = true,
                .patient = patient,
                .certified = shortest,
                .search_budget = budget,
                .narrow = allowance > budget,
                .end = sh->nodes + allowance,
                .tie_end = sh->nodes + allowance / 2,
                .above = above};
    line_info_t info = {.exact = true};
    undo_t *undo = malloc(sizeof *undo * (size_t)(SOLVER_MAX_PLY + 1));
    if (!undo || !above) {
        free(undo);
        free(above);
        info.exact = false;
        return info;
    }
    double deadline = sh->deadline;
    volatile int *stop = sh->stop;
    sh->deadline = 0, sh->stop = NULL;
    soft_on(sh, (soft_t){deadline, stop});
    /* Checks the walk backed out of, with the ply of each. */
    move_t bans[BAN_MAX], here[BAN_MAX];
    int ban_ply[BAN_MAX], n_bans = 0, backtracks = 0;
    int max_backtracks = sh->line_backouts ? sh->line_backouts : MAX_BACKTRACKS;
    int ply = 0;
    for (int left = len; left > 0; left--, ply++) {
        move_t moves[MG_MAX_MOVES];
        bool or_node = p->side == w.attacker;
        w.n_banned = 0;
        for (int i = 0; i < n_bans; i++)
            if (ban_ply[i] == ply)
                here[w.n_banned++] = bans[i];
        w.banned = here;
        int n = or_node ? line_mating_moves(&w, p, left, moves, true) : line_longest_replies(&w, p, left, moves, true);
        w.n_banned = 0;
        if (n == 0 && or_node && ply >= 2 && !sh->aborted && backtracks < max_backtracks && n_bans < BAN_MAX) {
            /* No check mates from here along this line, though one did from two plies up:
             * the table's proof that the last check used runs, on this line, into a
             * position the line has already visited (no mate for the attacker; proofs are
             * stored without their path: the GHI problem).  Back out of that check and
             * choose another.  (Ambergris, 605 plies, double king, walked after a 300 M
             * node limit with its tests widened, ended at ply 84 this way.) */
            backtracks++;
            int keep = 0; /* the bans below the check backed out of went with it */
            for (int i = 0; i < n_bans; i++)
                if (ban_ply[i] <= ply - 2)
                    bans[keep] = bans[i], ban_ply[keep++] = ban_ply[i];
            n_bans = keep;
            for (int b = 0; b < 2; b++) {
                ply--;
                pos_undo(p, pv[ply], &undo[ply]);
                above_pop(&w);
            }
            bans[n_bans] = pv[ply], ban_ply[n_bans++] = ply;
            w.exact = false;
            left += 3, ply--; /* the loop's step brings both back */
            continue;
        }
        if (n == 0) {
            /* mate (the defender has no reply that counts); at the attacker's move the walk
             * is lost (the back-outs are used up, or a search was aborted out of memory):
             * the line stops there, short of the mate, and says so */
            info.cut = or_node;
            break;
        }
        int pick = 0;
        if (n > 1 && line_hurried(&w)) {
            /* Past the deadline or a stop the look-ahead is no longer afforded: its 20,000
             * steps a choice made Zuko 第99番's hurried walk end 0.6 s after --time-limit
             * 5 (helper's review, 2026-12-01).  The first move is as good a mate. */
            w.starved |= LINE_STARVED_HURRIED;
        } else if (n > 1) {
            int best = LOOK_NONE;
            /* A budget for each choice: one for the whole line ran out at its first
             * ties and left the later ones to the order of the moves.  Where a choice's
             * budget runs out, the pieces left depend on which line the look-ahead met
             * first: with 2,000 steps, Muso 第67番's certified 43 plies ended with 2
             * pieces as given and 1 mirrored, and KomoringHeights #7 (tricky_cases.sfen)
             * with every interposition counted ended with 3 pieces where the attacker
             * can keep 6 whichever of its two replies the defender takes (they take
             * 8,000 steps).  20,000 cost the bench's walks 1% more nodes
             * (tools/BENCH-LOG.md). */
            w.budget = LOOK_BUDGET;
            for (int i = 0; i < n; i++) {
                undo_t u;
                above_push(&w, p);
                pos_do(p, moves[i], &u);
                w.looking = true;
                int v = look_leftover(&w, p, left - 1);
                w.looking = false;
                pos_undo(p, moves[i], &u);
                above_pop(&w);
                if (look_better(v, best, or_node))
                    best = v, pick = i;
            }
        }
        pv[ply] = moves[pick];
        above_push(&w, p);
        pos_do(p, moves[pick], &undo[ply]);
        /* A check taken from an unbounded proof (line_mating_moves, when the table kept none
         * within the plies left) may mate later than len allows: when the plies run out
         * short of mate, the walk follows the proof of where it stands to its end. */
        if (left == 1 && or_node) {
            move_t rep[MG_MAX_MOVES];
            tt_probe_t t = dfpn_probe(sh, p, w.attacker, mode, LEN_INF - 1);
            if (line_defender_replies(&w, p, rep) > 0 && t.found && t.pn == 0 && t.plen > 0 &&
                ply + 1 + t.plen < SOLVER_MAX_PLY)
                left = t.plen + 1, w.exact = false;
        }
    }
    info.plies = ply;
    info.leftover = leftover_of(p, w.attacker);
    info.exact = w.exact && ply == len && !info.cut; /* the leftover look-ahead may run out: that only weakens the tie-break */
    info.unsure = w.unsure && !w.hurry; /* when both, the limit is the one to name */
    info.starved = w.starved;
    while (ply > 0) {
        ply--;
        pos_undo(p, pv[ply], &undo[ply]);
    }
    soft_on(sh, (soft_t){0, NULL});
    sh->deadline = deadline, sh->stop = stop;
    free(undo);
    free(above);
    return info;
}
