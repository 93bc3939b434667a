/*
 * position.h: board, hands, side to move, Zobrist keys and make/unmake.
 *
 * Invariants kept by every function here:
 *   - board[], by_color[] and by_type[] describe the same pieces;
 *   - king[c] is the square of c's king or SQ_NONE (tsume positions often lack the
 *     attacker's king; everything below accepts that);
 *   - board_key hashes the pieces on the board and the side to move, hand_key the two
 *     hands, apart, so that the solver can look up the same board with other hands;
 *   - checkers holds the pieces giving check to the side to move.
 * pos_do/pos_undo trust that the move is legal; generators and usi_move validate.
 */
#ifndef TSUME_POSITION_H
#define TSUME_POSITION_H

#include "attacks.h"

typedef struct {
    piece_t board[SQ_NB];
    bb_t by_color[COLOR_NB];
    bb_t by_type[PT_NB];
    hand_t hand[COLOR_NB];
    square_t king[COLOR_NB];
    color_t side;
    int ply; /* SFEN move number, advanced by pos_do */
    uint64_t board_key;
    uint64_t hand_key;
    bb_t checkers;
} pos_t;

typedef struct {
    piece_t captured;
    uint64_t board_key, hand_key;
    bb_t checkers;
} undo_t;

/* Zobrist tables, exposed so the solver can key (board, one hand) pairs itself. */
extern uint64_t zob_piece[32][SQ_NB];
extern uint64_t zob_side;
extern uint64_t zob_hand[COLOR_NB][HAND_NB]; /* added once per piece held */

void pos_init_tables(void); /* attack tables and Zobrist keys; idempotent */

void pos_clear(pos_t *p);
void pos_put(pos_t *p, square_t sq, piece_t pc); /* board set-up, keys kept */
void pos_refresh(pos_t *p);                        /* recompute keys and checkers from scratch */
void pos_do(pos_t *p, move_t m, undo_t *u);
void pos_undo(pos_t *p, move_t m, const undo_t *u);

static inline uint64_t pos_key(const pos_t *p) { return p->board_key ^ p->hand_key; }

/* One piece of hand type pt into or out of c's hand, the hand key kept (the board, its
 * key and the checkers do not change). */
static inline void pos_hand_add(pos_t *p, color_t c, ptype_t pt)
{
    p->hand[c] += hand_one(pt);
    p->hand_key += zob_hand[c][pt];
}
static inline void pos_hand_remove(pos_t *p, color_t c, ptype_t pt)
{
    p->hand[c] -= hand_one(pt);
    p->hand_key -= zob_hand[c][pt];
}

static inline bb_t pos_occ(const pos_t *p) { return p->by_color[BLACK] | p->by_color[WHITE]; }
static inline bb_t pos_pieces(const pos_t *p, color_t c, ptype_t pt) { return p->by_color[c] & p->by_type[pt]; }
static inline bool pos_in_check(const pos_t *p) { return p->checkers != 0; }

/* Pieces that move like a gold: gold and the four promoted small pieces. */
static inline bb_t pos_golds(const pos_t *p, color_t c)
{
    return p->by_color[c] & (p->by_type[GOLD] | p->by_type[PRO_PAWN] | p->by_type[PRO_LANCE] |
                             p->by_type[PRO_KNIGHT] | p->by_type[PRO_SILVER]);
}

/* Pieces of colour c that attack sq when the board occupancy is occ. */
bb_t pos_attackers(const pos_t *p, color_t c, square_t sq, bb_t occ);
/* Whether any piece of colour c attacks sq (cheap step attacks first, sliders last). */
bool pos_attacked(const pos_t *p, color_t c, square_t sq, bb_t occ);
/* The squares of region that some piece of colour c attacks with occupancy occ: the
 * attacks of pos_attacked for a set of squares at once (step pieces by whole-board
 * shifts, sliders one by one and only those aimed at the region). */
bb_t pos_attacks_near(const pos_t *p, color_t c, bb_t region, bb_t occ);
/* A superset of the pieces of colour c other than the king that attack a square of
 * targets: by their steps, or by a slider's line on an empty board. */
bb_t pos_reachers(const pos_t *p, color_t c, bb_t targets);

/* Pieces of either colour standing alone between the king of colour kc and a slider of
 * colour sc aimed at it: pins when sc attacks kc, discovered-check candidates when kc
 * is the enemy king.  Empty when kc has no king. */
bb_t pos_blockers(const pos_t *p, color_t kc, color_t sc);

/* Squares from which a piece of the side to move, of type pt, would attack the enemy
 * king with the current occupancy (empty when there is no enemy king). */
bb_t pos_check_squares(const pos_t *p, ptype_t pt);

bool pos_gives_check(const pos_t *p, move_t m);

/* The board key the position would have after move m (without playing it). */
uint64_t pos_board_key_after(const pos_t *p, move_t m);

/* Structural equality: board, hands, side to move (not ply). */
bool pos_equal(const pos_t *a, const pos_t *b);

#endif
