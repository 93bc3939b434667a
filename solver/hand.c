/*
 * hand.c: per-type hand combinations for proof and disproof pieces.
 */
#include "hand.h"

#include "../movegen/movegen.h"

hand_t hand_full(void)
{
    hand_t h = 0;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++)
        h = hand_set(h, pt, (1 << HAND_BITS[pt]) - 1);
    return h;
}

hand_t hand_min(hand_t a, hand_t b)
{
    hand_t h = 0;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++) {
        int x = hand_count(a, pt), y = hand_count(b, pt);
        h = hand_set(h, pt, x < y ? x : y);
    }
    return h;
}

hand_t hand_max(hand_t a, hand_t b)
{
    hand_t h = 0;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++) {
        int x = hand_count(a, pt), y = hand_count(b, pt);
        h = hand_set(h, pt, x > y ? x : y);
    }
    return h;
}

hand_t hand_add_sat(hand_t h, ptype_t pt)
{
    int n = hand_count(h, pt);
    return n == (1 << HAND_BITS[pt]) - 1 ? h : h + hand_one(pt);
}

hand_t hand_sub_floor(hand_t h, ptype_t pt) { return hand_count(h, pt) ? h - hand_one(pt) : h; }

hand_t hand_monopoly(const pos_t *p, hand_t attacker_hand)
{
    hand_t need = 0;
    if (bb_more_than_one(p->checkers))
        return 0;
    square_t k = p->king[p->side];
    bb_t between = at_between[k][bb_lsb(p->checkers)];
    if (!between)
        return 0;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++)
        if (!hand_has(p->hand[p->side], pt) && (mg_drop_squares(p, pt) & between))
            need = hand_set(need, pt, hand_count(attacker_hand, pt));
    return need;
}

hand_t hand_cap_for_check_drops(const pos_t *p, hand_t dh)
{
    for (ptype_t pt = PAWN; pt <= GOLD; pt++)
        if (!hand_has(p->hand[p->side], pt) && (pos_check_squares(p, pt) & mg_drop_squares(p, pt)))
            dh = hand_set(dh, pt, 0);
    return dh;
}

hand_t hand_before_move(const pos_t *p, move_t m, hand_t after)
{
    if (mv_is_drop(m))
        return hand_add_sat(after, mv_drop_pt(m));
    piece_t cap = p->board[mv_to(m)];
    return cap ? hand_sub_floor(after, pt_unpromote(pc_type(cap))) : after;
}

hand_t hand_lo_before_move(const pos_t *p, move_t m, hand_t lo)
{
    if (mv_is_drop(m))
        return hand_count(lo, mv_drop_pt(m)) ? hand_add_sat(lo, mv_drop_pt(m)) : lo;
    piece_t cap = p->board[mv_to(m)];
    return cap ? hand_sub_floor(lo, pt_unpromote(pc_type(cap))) : lo;
}
