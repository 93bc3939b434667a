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

/* The checks of mg_checks that mg_check_may_mate lets through for flights (from
 * mg_king_flights), in the order mg_checks gives them; returns how many, and sets *total
 * to the number mg_checks would give.  Cheaper than both: a drop that neither lands on
 * every flight nor could attack it on an empty board is counted without being made. */
int mg_mate_candidates(const pos_t *p, bb_t flights, move_t *out, int *total);

/* A move that mates at once, or MOVE_NONE.  p is restored before returning. */
move_t mg_mate1(pos_t *p);

#endif
