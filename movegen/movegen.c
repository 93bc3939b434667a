/*
 * movegen.c: all legal moves, evasions, drop rules and the pawn-drop-mate test.
 *
 * Legality is built in rather than filtered: a pinned piece only gets the squares of
 * its pin line, a king only squares the enemy does not attack once the king has left
 * its square (so it cannot step back along a checking line), and under check only
 * captures of the checker and interpositions are generated.
 */
#include "mg_internal.h"

bb_t mg_drop_squares(const pos_t *p, ptype_t pt)
{
    color_t us = p->side;
    bb_t sq = ~pos_occ(p) & BB_ALL;
    if (pt == PAWN || pt == LANCE)
        sq &= ~at_rank_rel[us][0];
    else if (pt == KNIGHT)
        sq &= ~(at_rank_rel[us][0] | at_rank_rel[us][1]);
    if (pt == PAWN) {
        bb_t pawns = pos_pieces(p, us, PAWN);
        for (int f = 0; f < 9; f++)
            if (pawns & at_file[f])
                sq &= ~at_file[f];
    }
    return sq;
}

bool mg_pawn_drop_mates(const pos_t *p, square_t to)
{
    color_t us = p->side, them = opp(us);
    square_t ek = p->king[them];
    bb_t occ = pos_occ(p) | bb_sq(to);

    /* A defender other than the king takes the pawn; a pinned one only along its pin
     * line (pins are taken before the drop; the pawn can only end a pin through `to`,
     * and a piece pinned through `to` captures along its line). */
    bb_t takers = pos_attackers(p, them, to, occ) & ~bb_sq(ek);
    if (takers) {
        bb_t pinned = pos_blockers(p, them, us) & p->by_color[them];
        square_t s;
        BB_FOREACH(s, takers) {
            if (!bb_has(pinned, s) || at_aligned(ek, s, to))
                return false;
        }
    }
    /* The king escapes, perhaps by taking the pawn.  Attacks are counted with the king
     * off the board, and a pinned attacker still guards (the king may not be captured). */
    bb_t esc = at_king(ek) & ~p->by_color[them];
    return !(esc & ~pos_attacks_near(p, us, esc, occ ^ bb_sq(ek)));
}

move_t *mg_emit_drops(const pos_t *p, move_t *o, const bb_t *targets)
{
    color_t us = p->side;
    hand_t h = p->hand[us];
    if (!h)
        return o;
    square_t ek = p->king[opp(us)];
    for (ptype_t pt = PAWN; pt <= GOLD; pt++) {
        if (!hand_has(h, pt))
            continue;
        bb_t t = targets[pt] & mg_drop_squares(p, pt);
        square_t to;
        BB_FOREACH(to, t) {
            if (pt == PAWN && ek != SQ_NONE && bb_has(at_step[us][PAWN][to], ek) && mg_pawn_drop_mates(p, to))
                continue;
            *o++ = mv_make_drop(pt, to);
        }
    }
    return o;
}

static move_t *emit_king(const pos_t *p, move_t *o, bb_t targets)
{
    color_t us = p->side;
    square_t k = p->king[us], to;
    targets &= ~pos_attacks_near(p, opp(us), targets, pos_occ(p) ^ bb_sq(k));
    BB_FOREACH(to, targets)
        *o++ = mv_make(k, to, false);
    return o;
}

/* Board moves of the non-king pieces among movers onto targets, pins respected. */
static move_t *emit_pieces(const pos_t *p, move_t *o, bb_t movers, bb_t targets)
{
    color_t us = p->side;
    square_t k = p->king[us], from;
    bb_t occ = pos_occ(p);
    bb_t pinned = pos_blockers(p, us, opp(us)) & p->by_color[us];
    movers &= ~p->by_type[KING];
    BB_FOREACH(from, movers) {
        ptype_t pt = pc_type(p->board[from]);
        bb_t t = at_piece(us, pt, from, occ) & targets;
        if (bb_has(pinned, from))
            t &= at_line[k][from];
        o = mg_emit(o, us, pt, from, t);
    }
    return o;
}

int mg_evasions(const pos_t *p, move_t *out)
{
    color_t us = p->side;
    square_t k = p->king[us];
    move_t *o = emit_king(p, out, at_king(k) & ~p->by_color[us]);
    if (bb_more_than_one(p->checkers))
        return (int)(o - out);
    square_t checker = bb_lsb(p->checkers);
    bb_t between = at_between[k][checker];
    bb_t targets = between | bb_sq(checker); /* few: look only at pieces that may reach them */
    o = emit_pieces(p, o, pos_reachers(p, us, targets), targets);
    bb_t drops[HAND_NB];
    for (int i = 0; i < HAND_NB; i++)
        drops[i] = between;
    o = mg_emit_drops(p, o, drops);
    return (int)(o - out);
}

int mg_legal(const pos_t *p, move_t *out)
{
    if (pos_in_check(p))
        return mg_evasions(p, out);
    color_t us = p->side;
    bb_t not_own = ~p->by_color[us] & BB_ALL;
    move_t *o = emit_pieces(p, out, p->by_color[us], not_own);
    if (p->king[us] != SQ_NONE)
        o = emit_king(p, o, at_king(p->king[us]) & not_own);
    bb_t drops[HAND_NB];
    for (int i = 0; i < HAND_NB; i++)
        drops[i] = BB_ALL;
    o = mg_emit_drops(p, o, drops);
    return (int)(o - out);
}

mg_evasion_class_t mg_evasion_class(const pos_t *p)
{
    color_t us = p->side, them = opp(us);
    square_t k = p->king[us];
    bb_t occ = pos_occ(p);
    bb_t esc = at_king(k) & ~p->by_color[us]; /* the checker's square too, if adjacent */
    if (esc & ~pos_attacks_near(p, them, esc, occ ^ bb_sq(k)))
        return MG_EVADE_AWAY;
    if (bb_more_than_one(p->checkers))
        return MG_EVADE_NONE;
    square_t checker = bb_lsb(p->checkers);
    bb_t pinned = pos_blockers(p, us, them) & p->by_color[us];
    /* Pieces that reach a square: its attackers; in shogi every piece moves where it
     * attacks, so this is exact, and some promotion option of such a move is always legal. */
    bb_t movers = pos_attackers(p, us, checker, occ) & ~p->by_type[KING];
    square_t from;
    BB_FOREACH(from, movers) {
        if (!bb_has(pinned, from) || at_aligned(k, from, checker))
            return MG_EVADE_AWAY;
    }
    bb_t between = at_between[k][checker];
    /* Any non-pawn drop into the line is legal; a pawn drop almost always is. */
    if (between && p->hand[us]) {
        move_t buf[MG_MAX_MOVES];
        bb_t drops[HAND_NB];
        for (int i = 0; i < HAND_NB; i++)
            drops[i] = between;
        if (mg_emit_drops(p, buf, drops) != buf)
            return MG_EVADE_BETWEEN;
    }
    square_t s;
    BB_FOREACH(s, between) {
        movers = pos_attackers(p, us, s, occ) & ~p->by_type[KING];
        BB_FOREACH(from, movers) {
            if (!bb_has(pinned, from) || at_aligned(k, from, s))
                return MG_EVADE_BETWEEN;
        }
    }
    return MG_EVADE_NONE;
}
