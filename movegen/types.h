/*
 * types.h: the vocabulary of the rules core: colours, squares, pieces, moves and hands.
 *
 * Squares are numbered file-major: sq = (file - 1) * 9 + rank, with file 1..9 and rank
 * 0 ('a', White's back rank) .. 8 ('i', Black's back rank).  A file is therefore nine
 * consecutive bits of a bitboard, which keeps lance and rook file attacks cheap.
 * Black (sente, upper case in SFEN) moves towards rank 'a'.
 *
 * A move is 16 bits: to (0-6), from (7-13) and a promotion flag (14).  A drop stores
 * SQ_NB - 1 + piece type in the from field, so every move fits a TT entry as is.
 *
 * A hand is one 32-bit word with a guard bit above each piece count: "hand a holds at
 * least hand b" is one OR, one subtraction and one mask test (hand_ge), the hot test of
 * hand superiority in the solver.
 */
#ifndef TSUME_TYPES_H
#define TSUME_TYPES_H

#include <stdbool.h>
#include <stdint.h>

enum { BLACK = 0, WHITE = 1, COLOR_NB = 2 };
typedef int color_t;

static inline color_t opp(color_t c) { return c ^ 1; }

enum { SQ_NB = 81, SQ_NONE = 127 };
typedef int square_t;

static inline int sq_file(square_t sq) { return sq / 9; } /* 0 = file 1 */
static inline int sq_rank(square_t sq) { return sq % 9; } /* 0 = rank a */
static inline square_t make_sq(int file, int rank) { return file * 9 + rank; }

/* Rank as seen by colour c: 0 is the far rank c promotes on first. */
static inline int rel_rank(color_t c, int rank) { return c == BLACK ? rank : 8 - rank; }
static inline bool in_zone(color_t c, square_t sq) { return rel_rank(c, sq_rank(sq)) < 3; }

enum {
    PT_NONE = 0,
    PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD, KING,
    PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER, HORSE, DRAGON,
    PT_NB,
    PROMOTED = 8,
    HAND_NB = 8 /* hand piece types are PAWN..GOLD (1..7) */
};
typedef int ptype_t;

static inline bool pt_can_promote(ptype_t pt) { return pt >= PAWN && pt <= ROOK; }
static inline ptype_t pt_promote(ptype_t pt) { return pt | PROMOTED; }
/* The piece a captured pt becomes in hand. */
static inline ptype_t pt_unpromote(ptype_t pt) { return pt > KING ? pt - PROMOTED : pt; }

/* A piece on the board: piece type plus colour in bit 4; 0 is an empty square. */
typedef uint8_t piece_t;
enum { PC_NONE = 0 };
static inline piece_t make_pc(color_t c, ptype_t pt) { return (piece_t)(pt | (c << 4)); }
static inline ptype_t pc_type(piece_t pc) { return pc & 15; }
static inline color_t pc_color(piece_t pc) { return pc >> 4; }

/* True when a piece of type pt and colour c standing on sq could never move again. */
static inline bool pt_dead_on(color_t c, ptype_t pt, square_t sq)
{
    int r = rel_rank(c, sq_rank(sq));
    return ((pt == PAWN || pt == LANCE) && r == 0) || (pt == KNIGHT && r <= 1);
}

/* ---- moves ---- */
typedef uint16_t move_t;
enum { MOVE_NONE = 0, MOVE_PROMO = 1 << 14 };

static inline square_t mv_to(move_t m) { return m & 127; }
static inline int mv_from_field(move_t m) { return (m >> 7) & 127; }
static inline bool mv_is_drop(move_t m) { return mv_from_field(m) >= SQ_NB; }
static inline square_t mv_from(move_t m) { return mv_from_field(m); }
static inline ptype_t mv_drop_pt(move_t m) { return mv_from_field(m) - (SQ_NB - 1); }
static inline bool mv_is_promo(move_t m) { return (m & MOVE_PROMO) != 0; }
static inline move_t mv_make(square_t from, square_t to, bool promo)
{
    return (move_t)(to | (from << 7) | (promo ? MOVE_PROMO : 0));
}
static inline move_t mv_make_drop(ptype_t pt, square_t to)
{
    return (move_t)(to | ((SQ_NB - 1 + pt) << 7));
}

/* ---- hands ---- */
typedef uint32_t hand_t;

/* Bit offset and width of each hand piece count; a guard bit sits just above each field. */
static const int HAND_SHIFT[HAND_NB] = {0, 0, 6, 10, 14, 18, 21, 24};
static const int HAND_BITS[HAND_NB] = {0, 5, 3, 3, 3, 2, 2, 3};
/* Largest number of each kind in the 40-piece set (hand or board, both colours). */
static const int PIECE_MAX[HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};
#define HAND_GUARD ((1u << 5) | (1u << 9) | (1u << 13) | (1u << 17) | (1u << 20) | (1u << 23) | (1u << 27))

static inline int hand_count(hand_t h, ptype_t pt)
{
    return (h >> HAND_SHIFT[pt]) & ((1u << HAND_BITS[pt]) - 1);
}
static inline hand_t hand_one(ptype_t pt) { return 1u << HAND_SHIFT[pt]; }
static inline bool hand_has(hand_t h, ptype_t pt) { return hand_count(h, pt) != 0; }
/* Every count of a is at least the count of b. */
static inline bool hand_ge(hand_t a, hand_t b) { return (((a | HAND_GUARD) - b) & HAND_GUARD) == HAND_GUARD; }
static inline int hand_total(hand_t h)
{
    int n = 0;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++)
        n += hand_count(h, pt);
    return n;
}

#endif
