/*
 * bitboard.h: 81-square sets as one unsigned 128-bit integer (bit sq = square sq).
 *
 * Bits 81..127 are always zero in a valid set; every operation here keeps them so,
 * because all inputs are masks of real squares.  Iteration pops the lowest square.
 */
#ifndef TSUME_BITBOARD_H
#define TSUME_BITBOARD_H

#include "types.h"

typedef unsigned __int128 bb_t;

#define BB_EMPTY ((bb_t)0)
#define BB_ALL ((((bb_t)1) << SQ_NB) - 1)

/* bb_square[sq]: the set of sq alone, bit 127 included (SQ_NONE).  A load from this
 * table (2 KiB, always in cache) is cheaper than a variable 128-bit shift, which
 * compilers make a branch-free sequence of six or more instructions (bitboard.c). */
extern const bb_t bb_square[128];
static inline bb_t bb_sq(square_t sq) { return bb_square[sq]; }
static inline bool bb_has(bb_t b, square_t sq) { return (b & bb_square[sq]) != 0; }
static inline uint64_t bb_lo(bb_t b) { return (uint64_t)b; }
static inline uint64_t bb_hi(bb_t b) { return (uint64_t)(b >> 64); }

static inline int bb_count(bb_t b)
{
    return __builtin_popcountll(bb_lo(b)) + __builtin_popcountll(bb_hi(b));
}
static inline bool bb_more_than_one(bb_t b) { return (b & (b - 1)) != 0; }

/* Lowest square of a non-empty set. */
static inline square_t bb_lsb(bb_t b)
{
    uint64_t lo = bb_lo(b);
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(bb_hi(b));
}
/* Highest square of a non-empty set. */
static inline square_t bb_msb(bb_t b)
{
    uint64_t hi = bb_hi(b);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(bb_lo(b));
}
static inline square_t bb_pop(bb_t *b)
{
    square_t sq = bb_lsb(*b);
    *b &= *b - 1;
    return sq;
}

/* for each square sq of set (sq declared by the caller); nests, one loop per line. */
#define BB_CAT2_(a, b) a##b
#define BB_CAT_(a, b) BB_CAT2_(a, b)
#define BB_IT_ BB_CAT_(bb_it_, __LINE__)
#define BB_FOREACH(sq, set) for (bb_t BB_IT_ = (set); BB_IT_ && ((sq) = bb_pop(&BB_IT_), 1);)

#endif
