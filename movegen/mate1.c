/*
 * mate1.c: mate in one by trying each check and asking whether any evasion remains.
 * mg_has_evasion stops at the first reply, king moves first, which is what refutes
 * most checks, so a failed check costs little; cheaper still, a check that leaves the
 * king a square to flee to for certain is never played at all (mg_check_may_mate).
 *
 * The flight test: a square next to the king that holds no defender piece and that no
 * attacker piece attacks with the king lifted off the board (so a slider's line through
 * the king's own square counts) stays a flight after a check unless the check's piece
 * attacks it from its new square (again with the king lifted), the piece lands on it,
 * or the piece leaves a square in line with it (a slider behind may be uncovered; in
 * line is taken broadly).  A move only adds attacks in those ways: blocking a line or
 * leaving a square only takes attacks away.
 */
#include "mate1.h"

#include "movegen.h"

bb_t mg_king_flights(const pos_t *p)
{
    color_t them = opp(p->side);
    square_t k = p->king[them];
    if (k == SQ_NONE)
        return BB_EMPTY;
    bb_t cand = at_king(k) & ~p->by_color[them];
    return cand & ~pos_attacks_near(p, p->side, cand, pos_occ(p) ^ bb_sq(k));
}

bool mg_check_may_mate(const pos_t *p, move_t m, bb_t flights)
{
    if (!flights)
        return true;
    color_t us = p->side;
    square_t k = p->king[opp(us)], to = mv_to(m);
    bb_t occ = (pos_occ(p) ^ bb_sq(k)) | bb_sq(to);
    ptype_t pt;
    if (mv_is_drop(m)) {
        pt = mv_drop_pt(m);
    } else {
        square_t from = mv_from(m);
        pt = pc_type(p->board[from]);
        if (mv_is_promo(m))
            pt = pt_promote(pt);
        occ &= ~bb_sq(from);
        flights &= ~(at_rook_pseudo(from) | at_bishop_pseudo(from)); /* in line with from */
    }
    flights &= ~bb_sq(to) & ~at_piece(us, pt, to, occ);
    return !flights;
}

move_t mg_mate1(pos_t *p)
{
    move_t list[MG_MAX_MOVES];
    int n = mg_checks(p, list);
    bb_t flights = mg_king_flights(p);
    for (int i = 0; i < n; i++) {
        if (!mg_check_may_mate(p, list[i], flights))
            continue;
        undo_t u;
        pos_do(p, list[i], &u);
        bool mate = !mg_has_evasion(p);
        pos_undo(p, list[i], &u);
        if (mate)
            return list[i];
    }
    return MOVE_NONE;
}
