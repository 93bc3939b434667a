/*
 * line_attack.c: the attacker's choices at a ply of the walk (line_walk.h).
 *
 * The checks after which a mate within the plies left is proven: on a walk, those of
 * the shortest proof the table holds, else each searched on a budget, else an unbounded
 * proof followed (the line stays a mate but is no longer exact).  A check that goes back
 * to a position of the line, or lets a reply do so, is never one of them.
 */
#include "line_walk.h"

#include "../movegen/mate1.h"
#include "../movegen/movegen.h"

/* Whether m is one of the checks the walk backed out of at this position. */
static bool is_banned(const walk_t *w, move_t m)
{
    for (int i = 0; i < w->n_banned; i++)
        if (w->banned[i] == m)
            return true;
    return false;
}

/* Whether a reply that counts (p: defender to move) goes back to a position of the line:
 * the check before p does not mate along this line, whatever the table says. */
static bool reply_repeats(walk_t *w, pos_t *p)
{
    move_t rep[MG_MAX_MOVES];
    int n = line_defender_replies(w, p, rep);
    for (int i = 0; i < n; i++) {
        undo_t u;
        pos_do(p, rep[i], &u);
        bool repeats = line_on_line(w, p);
        pos_undo(p, rep[i], &u);
        if (repeats)
            return true;
    }
    return false;
}

/* Attacker moves (p: attacker to move) after which a mate within len - 1 is proven.  With
 * search false only the table is asked, and in the leftover look-ahead of a certified
 * walk a tie question about each check it leaves open.  With search true, when the table
 * knows none, the checks are searched on the budget (the table's best move first), and
 * failing that an unbounded proof is followed (the line stays a mate, but may grow longer
 * than len and is no longer exact). */
int line_mating_moves(walk_t *w, pos_t *p, int len, move_t *out, bool search)
{
    /* The attacker mates as soon as it can.  A walk at its certified length never has a
     * mate in one before its last check; one that follows the table's proofs (their
     * lengths are those of the proofs found, not the shortest) may, and took a longer
     * check beside it. */
    if (len > 1 && !w->looking) {
        move_t m1 = mg_mate1(p);
        if (m1 != MOVE_NONE) {
            out[0] = m1;
            return 1;
        }
    }
    move_t checks[MG_MAX_MOVES], best = dfpn_probe(w->sh, p, w->attacker, w->mode, len).move;
    int n = 0, k = 0;
    /* Leave out the checks the walk backed out of here, and those that go back to a
     * position of the line or let a reply do so (no mate along the line, whatever the
     * table says). */
    move_t all[MG_MAX_MOVES];
    int n_all = mg_checks(p, all);
    above_push(w, p);
    for (int i = 0; i < n_all; i++) {
        if (search && is_banned(w, all[i]))
            continue;
        undo_t u;
        pos_do(p, all[i], &u);
        bool repeats = line_on_line(w, p) || reply_repeats(w, p);
        pos_undo(p, all[i], &u);
        if (!repeats)
            checks[n++] = all[i];
    }
    above_pop(w);
    /* Of the checks the table proves, those of the shortest proof it holds: on a walk at
     * its certified length every one is as long, and on another the leftover look-ahead
     * chose among them by pieces alone (Zuko and Muso, 152 lengths since proven shortest,
     * at 300,000 nodes: 39 lines longer than those lengths, by 166 plies in all; with
     * both rules 33, by 132; tools/BENCH-LOG.md).  The leftover look-ahead keeps to its
     * own ways: with these rules in it too, Muso 第76番's certified 35 plies at the
     * bench's limits ended with 2 pieces left instead of 1.  On a certified walk it
     * also asks about the checks the table leaves open, since the attacker's tie-break
     * (the most pieces left) is only as good as the mates it knows: weighing the table's
     * alone, 7 of 170 certified Zuko and Muso lines ended with another count of pieces
     * when the diagram was turned or reflected (Muso 第17番: 0 as given, 1 flipped, where
     * after 2c1b at ply 22 the table as given held no mate that leaves a piece in hand;
     * tests/solver_symmetry.c).  At the walk's own plies it asks about none: a second
     * check as short there is an alternative mate (余詰, tsume verify's to find), not a
     * choice of the composers' rule, and asking (the look-ahead's tie question for each
     * check the table leaves open) cost Zuko's walks 46 % more nodes at the bench's
     * limits, changed no count, and left 38 of its 85 certified counts not certain: the
     * questions there are disproofs of every other check (a review found the count one
     * such alternative leaves larger on 4 of 30 random mates within 5 plies; README says
     * leftover_sure does not speak for it).  An uncertified line's pieces are no composer's answer,
     * and tsume verify walks every alternative's line uncertified: the questions there
     * spent the nodes its verdicts need (Zuko 第69番 verified at 300,000 nodes found
     * none of the three cooks at ply 17 before the limit). */
    int shortest = LEN_INF;
    for (int i = 0; i < n; i++) {
        undo_t u;
        above_push(w, p);
        pos_do(p, checks[i], &u);
        int m, plen = 0;
        if (len == 1) {
            move_t rep[MG_MAX_MOVES];
            m = line_defender_replies(w, p, rep) == 0;
        } else {
            m = line_mate_within(w, p, w->mode, len - 1, PROBE_ONLY);
            if (m < 0 && w->looking && w->certified)
                m = line_tie_question(w, p, len - 1);
            tt_probe_t t = dfpn_probe(w->sh, p, w->attacker, w->mode, len - 1);
            plen = t.found && t.pn == 0 ? t.plen : len - 1;
        }
        pos_undo(p, checks[i], &u);
        above_pop(w);
        if (m == 1 && (w->looking || plen <= shortest)) {
            if (!w->looking && plen < shortest)
                k = 0, shortest = plen;
            out[k++] = checks[i];
        }
    }
    if (k || !search)
        return k;
    /* The table's move first, then the other checks, each searched on the budget: the
     * table may hold this position's proof for another bound only, with a move that
     * does not mate within this one (the horse-saw of YaneuraOu issue #116: 46 times on
     * its walk, whose line then followed unbounded proofs and was not certified). */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < n; i++) {
            if ((checks[i] == best) != (pass == 0))
                continue;
            undo_t u;
            above_push(w, p);
            pos_do(p, checks[i], &u);
            int m = line_mate_within(w, p, w->mode, len - 1, w->search_budget);
            pos_undo(p, checks[i], &u);
            above_pop(w);
            if (m == 1) {
                out[0] = checks[i];
                return 1;
            }
        }
    }
    w->exact = false;
    bool proven = false;
    soft_t soft = soft_off(w->sh);
    for (int pass = 0; pass < 2 && k == 0; pass++) {
        int best_len = LEN_NONE;
        /* The table lost the proof: search this position again (no bound, no limit but
         * the solve's; not answered from the table, whose entry for p may hold for another
         * hand and name no child).  p is mated, so no other check needs a disproof. */
        if (pass == 1) {
            if (w->sh->aborted)
                break;
            dfpn_result_t r =
                dfpn_solve(w->sh, p, w->attacker, w->mode, LEN_INF - 1, &(dfpn_above_t){w->above, w->n_above});
            if (!(proven = r.status == DFPN_PROVEN))
                break;
        }
        for (int i = 0; i < n; i++) {
            undo_t u;
            pos_do(p, checks[i], &u);
            tt_probe_t t = dfpn_probe(w->sh, p, w->attacker, w->mode, LEN_INF - 1);
            pos_undo(p, checks[i], &u);
            if (t.found && t.pn == 0 && t.plen < best_len)
                best_len = t.plen, out[0] = checks[i], k = 1;
        }
    }
    /* Still none: the table kept no entry of the proof's child that the child's own hand
     * can use (an entry of its board and proof hand held a shorter proof valid for that
     * hand alone, and the new proof, longer, was dropped: tt.h).  Each check is then
     * proven on its own and the first proven is taken: the walk never stops short of a
     * mate it has just proven.  (Entries of their own for such proofs cured that case, but certified one
     * length fewer on the bench, and left Zuko 第98番's last question unanswered at
     * 1.37 M nodes, where it takes 0.51 M.) */
    /* The checks are asked in rounds, each on four times the budget of the round before,
     * so that no check that does not mate gets an unbounded search for its disproof ahead
     * of the one that does (a reviewer's reading: the first check in list order was
     * searched without a limit, and with the soft limits off).  After a back-out
     * (line_extract) the proof may have rested on the check left out alone: the others
     * then need disproofs, so they get the first two rounds only. */
    above_push(w, p);
    uint64_t budget = w->search_budget ? w->search_budget : 1;
    for (int round = 0; round < 30 && k == 0 && proven && !w->sh->aborted && !(w->n_banned && round > 1); round++) {
        for (int i = 0; i < n && k == 0 && !w->sh->aborted; i++) {
            undo_t u;
            pos_do(p, checks[i], &u);
            dfpn_above_t up = {w->above, w->n_above};
            if (dfpn_nested(w->sh, p, w->attacker, w->mode, LEN_INF - 1, budget, &up).status == DFPN_PROVEN)
                out[k++] = checks[i];
            pos_undo(p, checks[i], &u);
        }
        budget = budget < UINT64_C(1) << 56 ? 4 * budget : budget; /* (dfpn_nested adds it to the count) */
    }
    above_pop(w);
    soft_on(w->sh, soft);
    return k;
}
