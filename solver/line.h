/*
 * line.h: the reported line, chosen after the proof under the rule in force.
 *
 * Given a root proven to mate in exactly len plies (in the mode of the search: strict, or
 * composer with futile interpositions left out), the line is built move by move:
 *   attacker: a check after which a mate within the remaining length is proven;
 *   defender: a reply whose shortest mate is the remaining length minus one (the longest
 *             resistance), found by asking the search whether a shorter mate exists;
 *   ties:     the defender picks the reply that leaves the attacker the fewest pieces in
 *             hand at the end, the attacker the move that leaves the most, as far as a
 *             bounded look over the equally long lines can tell.
 */
#ifndef TSUME_LINE_H
#define TSUME_LINE_H

#include "dfpn.h"

enum { LINE_BUDGETS = 20 }; /* refining searches' budgets that a whole line may spend */

/* Why the leftover look-ahead may have missed a line as long that ends with another
 * count of pieces (line_info_t.starved): a choice's steps ran out (LOOK_BUDGET, line.c),
 * a tie question was left unanswered (its budget, or the tie half of the walk's
 * allowance: line_ask.c) about an attacker's check or a defender's reply, a reply that
 * may hold out as long as the longest was left unknown (line_defend.c), or a choice was
 * made without looking, the walk hurried by the deadline or a stop (line.c). */
enum {
    LINE_STARVED_STEPS = 1,
    LINE_STARVED_TIE_CHECK = 2,
    LINE_STARVED_REFINE = 4,
    LINE_STARVED_TIE_REPLY = 8,
    LINE_STARVED_HURRIED = 16
};

typedef struct {
    int plies;
    int leftover;
    bool exact; /* every step was decided by a finished search */
    bool unsure; /* some step was decided by a delay-rule test that a budget stopped, or by
                  * a result resting on one (exact is then false) */
    unsigned starved; /* LINE_STARVED_* bits, 0 when the count of pieces left is the
                       * look-ahead's whole answer */
    bool cut; /* the walk stopped short of the mate, the attacker to move with no check
               * that mates on the line's path: its back-outs used up, or a search aborted
               * (out of memory).  The mate itself stays proven; exact is false. */
} line_info_t;

/* Writes the line into pv (p: attacker to move, or the defender just after a check; room
 * for SOLVER_MAX_PLY moves).  p is restored.  sh's node limit must be lifted (the line
 * must reach its mate); its deadline and stop only hurry the walk (line.c).  budget:
 * nodes for each search that only refines a choice; total: nodes for all of them and the
 * delay-rule tests the walk makes itself (0: LINE_BUDGETS budgets).  patient: a search
 * that runs out of its budget goes on with more, within total (when no node limit of the
 * user's is at stake).  shortest: len is proven shortest (no mate within len - 2), which
 * spares the walk the search for a defender's reply when every other one is known to be
 * mated sooner. */
line_info_t line_extract(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget,
                         uint64_t total, bool patient, bool shortest, move_t *pv);

#endif
