/*
 * verify_internal.h: what the walk along one main line (verify.c), the rule for moves as
 * good as another (verify_ties.c) and the findings' record (verify_findings.c) share.
 * Not for the front ends: solver.h and verify.h are the interface.
 */
#ifndef TSUME_VERIFY_INTERNAL_H
#define TSUME_VERIFY_INTERNAL_H

#include "dfpn.h"

/* The walk and the verdict along the main line v->solve.pv (p: the problem, restored);
 * v's earlier findings are dropped first. */
void verify_line(dfpn_shared_t *sh, pos_t *p, const solve_opts_t *o, verify_result_t *v, uint64_t proof_nodes);
/* What check m, mating as fast as the main line's move main (the defender's king on
 * king), is as a choice: FIND_PROMOTION, FIND_SQUARE or FIND_PIECE, else FIND_COOK. */
verify_kind_t verify_choice_kind(square_t king, move_t m, move_t main);
/* Appends a finding (its line: lead[0..nlead) then moves[0..plies)) to v, whose findings
 * array holds *cap; false when out of memory (nothing appended). */
bool verify_append(verify_result_t *v, int *cap, int ply, verify_kind_t kind, const move_t *lead, int nlead,
                   const move_t *moves, int plies);
/* Findings back in ply order, those about the whole line first at their ply (stable). */
void verify_sort_findings(verify_result_t *v);
void verify_clear_findings(verify_result_t *v);

#endif
