/*
 * attacks.h: attack tables for every piece, sliding attacks, and line/between sets.
 *
 * Step pieces read a table indexed by colour and square.  Sliding pieces use one ray per
 * direction and the first blocker on it: for a ray of increasing square numbers the
 * lowest blocker, found with a sentinel above bit 80; for a decreasing ray the highest,
 * with square 0 as sentinel (a ray that reaches square 0 ends there anyway, so treating
 * it as a blocker changes nothing).  No magic numbers, no BMI2, no per-call branches
 * beyond the bit scans.  at_init() must run once before any other call.
 */
#ifndef TSUME_ATTACKS_H
#define TSUME_ATTACKS_H

#include "bitboard.h"

/* Ray directions in opposite pairs (d ^ 1 is the reverse of d).  N is towards rank 'a',
 * FP towards file 9; "up" rays (S, FP, FP_S, FP_N) visit increasing square numbers. */
enum { DIR_N, DIR_S, DIR_FP, DIR_FM, DIR_FP_S, DIR_FM_N, DIR_FP_N, DIR_FM_S, DIR_NB };

extern bb_t at_step[COLOR_NB][PT_NB][SQ_NB]; /* non-sliding part of each piece's attack */
extern bb_t at_ray[DIR_NB][SQ_NB];
extern bb_t at_between[SQ_NB][SQ_NB]; /* strictly between two aligned squares, else empty */
extern bb_t at_line[SQ_NB][SQ_NB];    /* the whole line through two aligned squares, else empty */
extern bb_t at_file[9];
extern bb_t at_rank_rel[COLOR_NB][9]; /* rank r as seen by colour c (0 = far rank) */
extern bb_t at_zone[COLOR_NB];
extern bb_t at_bishop_empty[SQ_NB]; /* attacks on an empty board */
extern bb_t at_rook_empty[SQ_NB];
/* Squares within two files and four ranks of sq: a piece that only steps (no slider) can
 * give check to a king on sq only from there, since its own steps and the squares it
 * must reach to check (a knight's two ranks away) each span at most one file and two
 * ranks. */
extern bb_t at_step_reach[SQ_NB];

void at_init(void);

static inline bb_t at_ray_up(int dir, square_t sq, bb_t occ)
{
    bb_t ray = at_ray[dir][sq];
    bb_t blk = (ray & occ) | ((bb_t)1 << 127);
    bb_t low = blk & -blk;
    return ray & (low ^ (low - 1));
}
static inline bb_t at_ray_down(int dir, square_t sq, bb_t occ)
{
    bb_t ray = at_ray[dir][sq];
    bb_t blk = (ray & occ) | 1;
    return ray & ~(bb_sq(bb_msb(blk)) - 1);
}

static inline bb_t at_lance(color_t c, square_t sq, bb_t occ)
{
    return c == BLACK ? at_ray_down(DIR_N, sq, occ) : at_ray_up(DIR_S, sq, occ);
}
static inline bb_t at_bishop(square_t sq, bb_t occ)
{
    return at_ray_up(DIR_FP_S, sq, occ) | at_ray_up(DIR_FP_N, sq, occ) | at_ray_down(DIR_FM_S, sq, occ) |
           at_ray_down(DIR_FM_N, sq, occ);
}
static inline bb_t at_rook(square_t sq, bb_t occ)
{
    return at_ray_up(DIR_S, sq, occ) | at_ray_down(DIR_N, sq, occ) | at_ray_up(DIR_FP, sq, occ) |
           at_ray_down(DIR_FM, sq, occ);
}
static inline bb_t at_king(square_t sq) { return at_step[BLACK][KING][sq]; }
static inline bb_t at_gold(color_t c, square_t sq) { return at_step[c][GOLD][sq]; }

/* Empty-board attacks of sliders, for quick "could it ever" tests. */
static inline bb_t at_bishop_pseudo(square_t sq) { return at_bishop_empty[sq]; }
static inline bb_t at_rook_pseudo(square_t sq) { return at_rook_empty[sq]; }
static inline bb_t at_lance_pseudo(color_t c, square_t sq) { return at_ray[c == BLACK ? DIR_N : DIR_S][sq]; }

/* Squares attacked by a piece of colour c and type pt on sq, given occupancy occ. */
static inline bb_t at_piece(color_t c, ptype_t pt, square_t sq, bb_t occ)
{
    switch (pt) {
    case LANCE: return at_lance(c, sq, occ);
    case BISHOP: return at_bishop(sq, occ);
    case ROOK: return at_rook(sq, occ);
    case HORSE: return at_bishop(sq, occ) | at_step[c][HORSE][sq];
    case DRAGON: return at_rook(sq, occ) | at_step[c][DRAGON][sq];
    default: return at_step[c][pt][sq];
    }
}

static inline bool at_aligned(square_t a, square_t b, square_t c) { return bb_has(at_line[a][b], c); }

#endif
