/*
 * movegen.h: move generators.  Each returns exactly a subset of the legal moves:
 *   mg_legal     every legal move;
 *   mg_checks    the legal moves that give check (the attacker's moves in tsume);
 *   mg_evasions  the legal moves of a side in check (king moves, captures of the checker,
 *                interpositions by move and by drop; king moves only under double check).
 * All rules hold in all three: optional promotion entering, leaving or inside the zone,
 * forced promotion of pieces that could not move again, no nifu, no dead drops, no move
 * that leaves the own king attacked, and no pawn drop that gives mate.
 * The order of the output is unspecified; callers sort when they print.
 */
#ifndef TSUME_MOVEGEN_H
#define TSUME_MOVEGEN_H

#include "position.h"

/* The most legal moves in a position of the 40-piece set is 593.  SFEN_EXTRA_PIECES
 * positions can have more (601 found by a short search); 7 drop kinds on 81 squares plus
 * every piece's widest move set (3 R, 3 B, 7 L/N/S/G, 31 P, a king) bound them by 1219. */
enum { MG_MAX_MOVES = 1232 };

int mg_legal(const pos_t *p, move_t *out);
int mg_checks(const pos_t *p, move_t *out);
int mg_evasions(const pos_t *p, move_t *out); /* requires pos_in_check(p) */

/* The moves of mg_checks that go from `from` to `to` (at most two: with and without
 * promotion), without generating the others. */
int mg_checks_from_to(const pos_t *p, square_t from, square_t to, move_t *out);

/* The kinds of legal reply the side in check has: none (mate on the board), one that
 * moves the king or captures the checker, or only interpositions (which the composers'
 * rule may find futile).  Stops at the first reply that decides it. */
typedef enum { MG_EVADE_NONE, MG_EVADE_AWAY, MG_EVADE_BETWEEN } mg_evasion_class_t;
mg_evasion_class_t mg_evasion_class(const pos_t *p);

/* True if the side in check has at least one legal reply. */
static inline bool mg_has_evasion(const pos_t *p) { return mg_evasion_class(p) != MG_EVADE_NONE; }

/* True if a pawn of the side to move dropped on to (which must attack the enemy king)
 * would give mate, which makes the drop illegal (uchifuzume). */
bool mg_pawn_drop_mates(const pos_t *p, square_t to);

/* Empty squares where the side to move may drop pt: no dead drops, no nifu. */
bb_t mg_drop_squares(const pos_t *p, ptype_t pt);

#endif
