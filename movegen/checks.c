/*
 * checks.c: the attacker's checking moves, generated directly rather than filtered.
 *
 * For each piece type the squares from which it would attack the enemy king are known
 * (check squares: the king's own attack pattern seen from the other colour).  A board
 * move gives check when its destination is a check square of the piece as it lands
 * (promoted or not), or when the piece stood alone between the enemy king and one of our
 * sliders and leaves that line (discovered check).  The current occupancy is exact for
 * check squares: the only square a move empties is its origin, and a slider that could
 * see the king through its own origin would already be giving check.
 * A piece that only steps is looked at only when it stands within reach of the king
 * (at_step_reach) or may uncover a slider: in a tsume the attacker's other pieces mostly
 * stand far away.
 * If the attacker itself is in check (positions with two kings), its evasions are
 * filtered with pos_gives_check instead.
 */
#include "mg_internal.h"

int mg_checks(const pos_t *p, move_t *out)
{
    color_t us = p->side, them = opp(us);
    square_t ek = p->king[them];
    if (ek == SQ_NONE)
        return 0;
    if (pos_in_check(p)) {
        move_t all[MG_MAX_MOVES];
        int n = mg_evasions(p, all), k = 0;
        for (int i = 0; i < n; i++)
            if (pos_gives_check(p, all[i]))
                out[k++] = all[i];
        return k;
    }

    bb_t occ = pos_occ(p), own = p->by_color[us];
    square_t k = p->king[us];
    /* Check squares of the piece types this side has, on the board (as they stand or
     * promoted) or in hand; the sliders' cost a ray walk each. */
    bb_t cs[PT_NB] = {0};
    unsigned need = 0;
    for (ptype_t pt = PAWN; pt < PT_NB; pt++) {
        if (p->by_type[pt] & own) {
            need |= 1u << pt;
            if (pt_can_promote(pt))
                need |= 1u << pt_promote(pt);
        }
    }
    for (ptype_t pt = PAWN; pt <= GOLD; pt++)
        if (hand_has(p->hand[us], pt))
            need |= 1u << pt;
    for (ptype_t pt = PAWN; pt < PT_NB; pt++)
        if (need & (1u << pt))
            cs[pt] = pos_check_squares(p, pt);
    bb_t pinned = k == SQ_NONE ? BB_EMPTY : pos_blockers(p, us, them) & own;
    bb_t disc = pos_blockers(p, them, us) & own;
    move_t *o = out;

    square_t from, to;
    /* A piece that only steps checks from near the king or by uncovering a slider. */
    const bb_t *ty = p->by_type;
    bb_t sliders = ty[LANCE] | ty[BISHOP] | ty[ROOK] | ty[HORSE] | ty[DRAGON];
    bb_t movers = own & ~ty[KING] & (sliders | disc | at_step_reach[ek]);
    BB_FOREACH(from, movers) {
        ptype_t pt = pc_type(p->board[from]);
        bb_t t = at_piece(us, pt, from, occ) & ~own;
        if (bb_has(pinned, from))
            t &= at_line[k][from];
        bool can_promo = pt_can_promote(pt);
        bb_t promo_ok = !can_promo ? BB_EMPTY : bb_has(at_zone[us], from) ? BB_ALL : at_zone[us];
        bb_t hit_plain = cs[pt], hit_promo = can_promo ? cs[pt_promote(pt)] : BB_EMPTY;
        if (bb_has(disc, from)) {
            bb_t off = ~at_line[ek][from];
            hit_plain |= off;
            hit_promo |= off;
        }
        bb_t t_promo = t & promo_ok & hit_promo;
        bb_t t_plain = t & hit_plain;
        BB_FOREACH(to, t_promo | t_plain) {
            if (bb_has(t_promo, to))
                *o++ = mv_make(from, to, true);
            if (bb_has(t_plain, to) && !pt_dead_on(us, pt, to))
                *o++ = mv_make(from, to, false);
        }
    }

    /* Our king can only give a discovered check. */
    if (k != SQ_NONE && bb_has(disc, k)) {
        bb_t t = at_king(k) & ~own & ~at_line[ek][k];
        BB_FOREACH(to, t) {
            if (!pos_attacked(p, them, to, occ ^ bb_sq(k)))
                *o++ = mv_make(k, to, false);
        }
    }

    o = mg_emit_drops(p, o, cs);
    return (int)(o - out);
}

int mg_checks_from_to(const pos_t *p, square_t from, square_t to, move_t *out)
{
    color_t us = p->side;
    piece_t pc = p->board[from];
    if (!pc || pc_color(pc) != us || p->king[opp(us)] == SQ_NONE)
        return 0;
    ptype_t pt = pc_type(pc);
    int k = 0;
    if (pt == KING || pos_in_check(p)) {
        /* Rare (a king gives only discovered checks; a side in check must also answer
         * it): the full generator decides. */
        move_t all[MG_MAX_MOVES];
        int m = mg_checks(p, all);
        for (int i = 0; i < m; i++)
            if (!mv_is_drop(all[i]) && mv_from(all[i]) == from && mv_to(all[i]) == to)
                out[k++] = all[i];
        return k;
    }
    if (!bb_has(at_piece(us, pt, from, pos_occ(p)) & ~p->by_color[us], to))
        return 0;
    square_t own = p->king[us];
    if (own != SQ_NONE && bb_has(pos_blockers(p, us, opp(us)), from) && !bb_has(at_line[own][from], to))
        return 0; /* pinned, and to is off its line */
    move_t cand[2];
    int n = (int)(mg_emit(cand, us, pt, from, bb_sq(to)) - cand);
    for (int i = 0; i < n; i++)
        if (pos_gives_check(p, cand[i]))
            out[k++] = cand[i];
    return k;
}
