/*
 * mate1.h: mate in one for the side to move, used at new leaves of the solver.
 */
#ifndef TSUME_MATE1_H
#define TSUME_MATE1_H

#include "position.h"

/* Squares next to the enemy king it could move to now (side to move: the attacker). */
bb_t mg_king_flights(const pos_t *p);

/* False when check m certainly leaves the king one of flights (from mg_king_flights of
 * the same position) to flee to: then m does not mate.  True says nothing. */
bool mg_check_may_mate(const pos_t *p, move_t m, bb_t flights);

/* A move that mates at once, or MOVE_NONE.  p is restored before returning. */
move_t mg_mate1(pos_t *p);

#endif
