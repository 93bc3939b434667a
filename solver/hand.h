/*
 * hand.h: hand arithmetic for proof pieces and disproof pieces.
 *
 * A proof hand is the least attacker hand with which a proof still holds: any hand that
 * holds at least as much (hand_ge) is proven too.  A disproof hand is the most the
 * attacker may hold for a disproof to hold: any hand it holds at least as much as is
 * disproven too.  Both are ordinary packed hands (types.h); these helpers combine them
 * per piece type without ever carrying across fields.
 */
#ifndef TSUME_HAND_H
#define TSUME_HAND_H

#include "../movegen/position.h"

/* Every count at its field's largest value: "any hand at all". */
hand_t hand_full(void);

static inline hand_t hand_set(hand_t h, ptype_t pt, int n)
{
    unsigned mask = ((1u << HAND_BITS[pt]) - 1) << HAND_SHIFT[pt];
    return (h & ~mask) | ((unsigned)n << HAND_SHIFT[pt]);
}

/* Per-type minimum and maximum. */
hand_t hand_min(hand_t a, hand_t b);
hand_t hand_max(hand_t a, hand_t b);

/* Adds one pt, saturating at the field's largest value. */
hand_t hand_add_sat(hand_t h, ptype_t pt);
/* Removes one pt, stopping at zero. */
hand_t hand_sub_floor(hand_t h, ptype_t pt);

/* Piece types the defender (to move, in check) lacks but could drop between its king and
 * a single distant checker: with fewer of them in the attacker's hand the defender would
 * hold one and have one more reply, so a proof must keep the attacker's count of them. */
hand_t hand_monopoly(const pos_t *p, hand_t attacker_hand);

/* Piece types the attacker (to move) lacks but could drop with check: a disproof cannot
 * be extended to hands holding them. */
hand_t hand_cap_for_check_drops(const pos_t *p, hand_t disproof_hand);

/* The attacker's hand before its move m (in p), given the hand a proof needs after it: a
 * drop needs its piece, a capture brings one in.  The same bound carries a disproof hand
 * back over the move (the largest hand before it). */
hand_t hand_before_move(const pos_t *p, move_t m, hand_t after);

/* The smallest hand before attacker's move m (in p) from which the move leads into an
 * exact disproof's range from lo (lo 0: every hand).  A drop takes a piece from the hand,
 * unless the hand has none of its type and the move does not exist. */
hand_t hand_lo_before_move(const pos_t *p, move_t m, hand_t lo);

#endif
