/*
 * shortest.h: the shortest mate length of a proven position, by bounded searches.
 *
 * Works for either kind of root: an attacker to move (odd lengths) or a defender to move
 * just after a check (even lengths).  Every search runs on a node budget of its own on
 * top of the limits of the whole solve; a budget that runs out leaves the length as an
 * upper bound (not exact), never as a wrong value.
 */
#ifndef TSUME_SHORTEST_H
#define TSUME_SHORTEST_H

#include "dfpn.h"

/* One search of p for a mate by attacker within len, on a node budget (0 = none). */
dfpn_result_t search_budgeted(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len,
                              uint64_t budget);

/* Shortest mate within hi (hi: a bound already proven, or hoped for).  Returns the
 * shortest length found; *exact when it is certain; *proven when any mate within hi was
 * shown in this mode (if not, the return value means nothing); *unsure (may be NULL)
 * when what decided the length rests on a stopped delay-rule test (dfpn.h), which then
 * keeps it from being exact.  *sure (may be NULL): the shortest length proven by a result
 * resting on no stopped test (an unsure proof may be too short under the rule: a witness
 * of the delay rule taken from an unsure disproof), LEN_NONE when none was. */
int shortest_mate(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int hi, uint64_t budget, bool *exact,
                  bool *proven, bool *unsure, int *sure);

/* Before the descent for a long mate of len plies proven from p: walks the table's line
 * of the proof and, from its end back to p, asks at each attacker node of it for a mate
 * two plies shorter than its best proof (each search on budget nodes, with the line
 * above it as its path) until one is disproven.  It only fills the table: the descent
 * that follows finds its answers there, and still decides the length. */
void shortest_backward(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget);

#endif
