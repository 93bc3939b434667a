/*
 * bitboard.c: the one table of bitboard.h, the single-square sets, built by the compiler
 * (a constant initialiser: usable before any init call).
 */
#include "bitboard.h"

#define SQ1(n) ((bb_t)1 << (n))
#define SQ4(n) SQ1(n), SQ1((n) + 1), SQ1((n) + 2), SQ1((n) + 3)
#define SQ16(n) SQ4(n), SQ4((n) + 4), SQ4((n) + 8), SQ4((n) + 12)
#define SQ64(n) SQ16(n), SQ16((n) + 16), SQ16((n) + 32), SQ16((n) + 48)

const bb_t bb_square[128] = {SQ64(0), SQ64(64)};
