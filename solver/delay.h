/*
 * delay.h: delayed expansion of interpositions at defender nodes.
 *
 * Against a distant checker most interpositions fall the same way: the checker takes the
 * piece and the mate goes on.  Expanding them all at once makes a defender node look
 * many times harder to prove than it is (its proof number is a sum over its replies), and
 * df-pn then wanders off to other checks.  So interpositions are put in chains: a reply
 * in a chain is expanded only once the one before it is proven, and a chain counts as
 * one reply in the proof number.  The chains:
 *   - drops on one square, in generation order (pawn, lance, ... rook);
 *   - drops on squares no other defender piece guards, one chain from the square next to
 *     the king outwards (an unguarded interposition is taken for nothing);
 *   - board moves onto such unguarded squares, in generation order.
 * Drops on a guarded square start a chain of their own, and every other reply (king
 * moves, captures of the checker, guarded board interpositions) stands alone.  Chaining
 * never changes a result: a defender node is proven only once every reply, chained or
 * not, is proven (dfpn.c expands a chained reply as soon as its predecessor is proven).
 */
#ifndef TSUME_DELAY_H
#define TSUME_DELAY_H

#include "../movegen/position.h"

/* Reorders the defender's replies moves[0..n) (p: defender to move, in check) so that
 * chains run forward, and sets prev[i] to the index of the reply that must be proven
 * before moves[i] is expanded, or -1.  Always prev[i] < i. */
void delay_order(const pos_t *p, move_t *moves, int16_t *prev, int n);

/* How many replies stand alone or head a chain: the df-pn+ estimate of how hard the
 * defender node is to prove (the same grouping as delay_order, without ordering). */
int delay_groups(const pos_t *p, const move_t *moves, int n);

#endif
