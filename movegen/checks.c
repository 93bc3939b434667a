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
 * mg_mate_candidates (mate1.h) is the same generator for the solver's look-ahead for a
 * mate in one: it counts every check but makes only those that may take all of the
 * king's flights; a drop is made only where it lands on every flight or could attack it on
 * an empty board, which leaves out most of the long-range drops.  Node counts stay the
 * same; on Zuko at the bench's limits it saved 2.6% of the time.
 */
#include "mate1.h"
#include "mg_internal.h"

/* What both generators of checks need: the check squares of the piece types this side
 * has, on the board (as they stand or promoted) or in hand (the sliders' cost a ray walk
 * each), and the pieces pinned to our king or standing before one of our sliders. */
typedef struct {
    bb_t cs[PT_NB];
    bb_t pinned, disc, movers;
} check_setup_t;

static void check_setup(const pos_t *p, check_setup_t *c)
{
    color_t us = p->side, them = opp(us);
    square_t ek = p->king[them], k = p->king[us];
    bb_t own = p->by_color[us];
    unsigned need = 0;
    for (ptype_t pt = PAWN; pt < PT_NB; pt++) {
        c->cs[pt] = BB_EMPTY;
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
            c->cs[pt] = pos_check_squares(p, pt);
    c->pinned = k == SQ_NONE ? BB_EMPTY : pos_blockers(p, us, them) & own;
    c->disc = pos_blockers(p, them, us) & own;
    /* A piece that only steps checks from near the king or by uncovering a slider. */
    const bb_t *ty = p->by_type;
    bb_t sliders = ty[LANCE] | ty[BISHOP] | ty[ROOK] | ty[HORSE] | ty[DRAGON];
    c->movers = own & ~ty[KING] & (sliders | c->disc | at_step_reach[ek]);
}

/* The destinations of the checks of the piece on from (type pt): with promotion
 * (*promo) and without (*plain, dead squares not yet taken out). */
static inline void piece_checks(const pos_t *p, const check_setup_t *c, square_t from, ptype_t pt, bb_t *promo,
                                bb_t *plain)
{
    color_t us = p->side;
    square_t k = p->king[us], ek = p->king[opp(us)];
    bb_t t = at_piece(us, pt, from, pos_occ(p)) & ~p->by_color[us];
    if (bb_has(c->pinned, from))
        t &= at_line[k][from];
    bool can_promo = pt_can_promote(pt);
    bb_t promo_ok = !can_promo ? BB_EMPTY : bb_has(at_zone[us], from) ? BB_ALL : at_zone[us];
    bb_t hit_plain = c->cs[pt], hit_promo = can_promo ? c->cs[pt_promote(pt)] : BB_EMPTY;
    if (bb_has(c->disc, from)) {
        bb_t off = ~at_line[ek][from];
        hit_plain |= off;
        hit_promo |= off;
    }
    *promo = t & promo_ok & hit_promo;
    *plain = t & hit_plain;
}

/* Our king's discovered checks: its steps off the line it blocks, to safe squares. */
static inline bb_t king_checks(const pos_t *p, const check_setup_t *c)
{
    color_t us = p->side, them = opp(us);
    square_t k = p->king[us], ek = p->king[them];
    if (k == SQ_NONE || !bb_has(c->disc, k))
        return BB_EMPTY;
    bb_t t = at_king(k) & ~p->by_color[us] & ~at_line[ek][k], safe = BB_EMPTY;
    square_t to;
    BB_FOREACH(to, t) {
        if (!pos_attacked(p, them, to, pos_occ(p) ^ bb_sq(k)))
            safe |= bb_sq(to);
    }
    return safe;
}

int mg_checks(const pos_t *p, move_t *out)
{
    color_t us = p->side;
    if (p->king[opp(us)] == SQ_NONE)
        return 0;
    if (pos_in_check(p)) {
        move_t all[MG_MAX_MOVES];
        int n = mg_evasions(p, all), k = 0;
        for (int i = 0; i < n; i++)
            if (pos_gives_check(p, all[i]))
                out[k++] = all[i];
        return k;
    }
    check_setup_t c;
    check_setup(p, &c);
    move_t *o = out;
    square_t from, to;
    BB_FOREACH(from, c.movers) {
        ptype_t pt = pc_type(p->board[from]);
        bb_t t_promo, t_plain;
        piece_checks(p, &c, from, pt, &t_promo, &t_plain);
        BB_FOREACH(to, t_promo | t_plain) {
            if (bb_has(t_promo, to))
                *o++ = mv_make(from, to, true);
            if (bb_has(t_plain, to) && !pt_dead_on(us, pt, to))
                *o++ = mv_make(from, to, false);
        }
    }
    square_t k = p->king[us];
    BB_FOREACH(to, king_checks(p, &c))
        *o++ = mv_make(k, to, false);
    o = mg_emit_drops(p, o, c.cs);
    return (int)(o - out);
}

static inline bb_t dead_squares(color_t us, ptype_t pt)
{
    if (pt == PAWN || pt == LANCE)
        return at_rank_rel[us][0];
    if (pt == KNIGHT)
        return at_rank_rel[us][0] | at_rank_rel[us][1];
    return BB_EMPTY;
}

int mg_mate_candidates(const pos_t *p, bb_t flights, move_t *out, int *total)
{
    color_t us = p->side, them = opp(us);
    if (!flights || pos_in_check(p) || p->king[them] == SQ_NONE) {
        move_t all[MG_MAX_MOVES];
        int n = mg_checks(p, all), k = 0;
        for (int i = 0; i < n; i++)
            if (mg_check_may_mate(p, all[i], flights))
                out[k++] = all[i];
        *total = n;
        return k;
    }
    check_setup_t c;
    check_setup(p, &c);
    move_t *o = out;
    int n = 0;
    square_t from, to;
    /* Board moves: counted by their sets, each tested (few stand near the king). */
    BB_FOREACH(from, c.movers) {
        ptype_t pt = pc_type(p->board[from]);
        bb_t t_promo, t_plain;
        piece_checks(p, &c, from, pt, &t_promo, &t_plain);
        t_plain &= ~dead_squares(us, pt);
        n += bb_count(t_promo) + bb_count(t_plain);
        BB_FOREACH(to, t_promo | t_plain) {
            move_t m;
            if (bb_has(t_promo, to) && mg_check_may_mate(p, m = mv_make(from, to, true), flights))
                *o++ = m;
            if (bb_has(t_plain, to) && mg_check_may_mate(p, m = mv_make(from, to, false), flights))
                *o++ = m;
        }
    }
    square_t k = p->king[us];
    BB_FOREACH(to, king_checks(p, &c)) {
        move_t m = mv_make(k, to, false);
        n++;
        if (mg_check_may_mate(p, m, flights))
            *o++ = m;
    }
    /* Drops: counted by their sets (none is a pawn drop that mates: a pawn attacks only
     * the king's square, so a king with a flight keeps it), made by mg_emit_drops only
     * where they land on every flight or could attack it on an empty board, then tested. */
    bb_t near[PT_NB] = {0};
    square_t f;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++) {
        if (!hand_has(p->hand[us], pt))
            continue;
        bb_t t = c.cs[pt] & mg_drop_squares(p, pt);
        n += bb_count(t);
        BB_FOREACH(f, flights)
            t &= bb_sq(f) | at_piece(them, pt, f, BB_EMPTY);
        near[pt] = t;
    }
    move_t *drops = o;
    for (move_t *d = drops, *end = mg_emit_drops(p, drops, near); d < end; d++)
        if (mg_check_may_mate(p, *d, flights))
            *o++ = *d;
    *total = n;
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
