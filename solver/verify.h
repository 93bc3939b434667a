/*
 * verify.h: soundness findings on a solved problem (the work behind solver_verify).
 *
 * Runs on the search thread right after the solve, in the same table: the proof and the
 * searches that chose the line are still there, so the questions about alternatives
 * mostly hit known positions.  Each question runs on a node budget scaled by the proof's
 * own cost; what a budget (or a limit of the whole solve) leaves open is reported as
 * undecided, never guessed.
 */
#ifndef TSUME_VERIFY_H
#define TSUME_VERIFY_H

#include "dfpn.h"

/* p: the problem as solved (restored on return); v->solve holds the solve's answer.  Any
 * findings v holds from an earlier run are dropped. */
void verify_run(dfpn_shared_t *sh, pos_t *p, const solve_opts_t *o, verify_result_t *v, uint64_t proof_nodes);
/* The verdict again, after v->solve's exact turned true (the findings about the length and
 * the ending of the main line join those of the walk). */
void verify_conclude(verify_result_t *v);
/* A cooked verdict whose flaws all come after a move as good as another (or one unknown
 * for pieces left whose count is not certain): the other move's line verified, and a
 * sound one taken (verify_ties.c); verify_run ends with it. */
void verify_ties(dfpn_shared_t *sh, pos_t *p, const solve_opts_t *o, verify_result_t *v, uint64_t proof_nodes);

#endif
