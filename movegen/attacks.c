/*
 * attacks.c: builds the tables of attacks.h once at start-up from piece step lists.
 */
#include "attacks.h"

bb_t at_step[COLOR_NB][PT_NB][SQ_NB];
bb_t at_ray[DIR_NB][SQ_NB];
bb_t at_between[SQ_NB][SQ_NB];
bb_t at_line[SQ_NB][SQ_NB];
bb_t at_file[9];
bb_t at_rank_rel[COLOR_NB][9];
bb_t at_zone[COLOR_NB];
bb_t at_bishop_empty[SQ_NB];
bb_t at_rook_empty[SQ_NB];
bb_t at_step_reach[SQ_NB];

/* File and rank deltas of each ray direction; rank +1 is towards rank 'i'. */
static const int DIR_DF[DIR_NB] = {0, 0, 1, -1, 1, -1, 1, -1};
static const int DIR_DR[DIR_NB] = {-1, 1, 0, 0, 1, -1, -1, 1};

/* Steps for Black as (file delta, rank delta); White mirrors the rank delta. */
typedef struct { int n; int d[8][2]; } steps_t;
static const steps_t STEPS_PAWN = {1, {{0, -1}}};
static const steps_t STEPS_KNIGHT = {2, {{1, -2}, {-1, -2}}};
static const steps_t STEPS_SILVER = {5, {{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}}};
static const steps_t STEPS_GOLD = {6, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}}};
static const steps_t STEPS_KING = {8, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}}};

static bool on_board(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 9; }

static bb_t step_set(color_t c, const steps_t *s, square_t sq)
{
    bb_t b = BB_EMPTY;
    for (int i = 0; i < s->n; i++) {
        int f = sq_file(sq) + s->d[i][0];
        int r = sq_rank(sq) + (c == BLACK ? s->d[i][1] : -s->d[i][1]);
        if (on_board(f, r))
            b |= bb_sq(make_sq(f, r));
    }
    return b;
}

void at_init(void)
{
    static bool done;
    if (done)
        return;
    done = true;

    for (int f = 0; f < 9; f++)
        for (int r = 0; r < 9; r++) {
            at_file[f] |= bb_sq(make_sq(f, r));
            at_rank_rel[BLACK][r] |= bb_sq(make_sq(f, r));
            at_rank_rel[WHITE][8 - r] |= bb_sq(make_sq(f, r));
        }
    for (color_t c = BLACK; c <= WHITE; c++)
        at_zone[c] = at_rank_rel[c][0] | at_rank_rel[c][1] | at_rank_rel[c][2];

    for (square_t sq = 0; sq < SQ_NB; sq++) {
        for (int d = 0; d < DIR_NB; d++) {
            int f = sq_file(sq) + DIR_DF[d], r = sq_rank(sq) + DIR_DR[d];
            for (; on_board(f, r); f += DIR_DF[d], r += DIR_DR[d])
                at_ray[d][sq] |= bb_sq(make_sq(f, r));
        }
        for (color_t c = BLACK; c <= WHITE; c++) {
            bb_t gold = step_set(c, &STEPS_GOLD, sq);
            at_step[c][PAWN][sq] = step_set(c, &STEPS_PAWN, sq);
            at_step[c][KNIGHT][sq] = step_set(c, &STEPS_KNIGHT, sq);
            at_step[c][SILVER][sq] = step_set(c, &STEPS_SILVER, sq);
            at_step[c][GOLD][sq] = gold;
            at_step[c][KING][sq] = step_set(c, &STEPS_KING, sq);
            at_step[c][PRO_PAWN][sq] = at_step[c][PRO_LANCE][sq] = gold;
            at_step[c][PRO_KNIGHT][sq] = at_step[c][PRO_SILVER][sq] = gold;
            at_step[c][HORSE][sq] = at_step[c][DRAGON][sq] = at_step[c][KING][sq];
        }
    }

    for (square_t sq = 0; sq < SQ_NB; sq++) {
        at_bishop_empty[sq] = at_ray[DIR_FP_S][sq] | at_ray[DIR_FM_N][sq] | at_ray[DIR_FP_N][sq] | at_ray[DIR_FM_S][sq];
        at_rook_empty[sq] = at_ray[DIR_N][sq] | at_ray[DIR_S][sq] | at_ray[DIR_FP][sq] | at_ray[DIR_FM][sq];
        for (int f = sq_file(sq) - 2; f <= sq_file(sq) + 2; f++)
            for (int r = sq_rank(sq) - 4; r <= sq_rank(sq) + 4; r++)
                if (on_board(f, r))
                    at_step_reach[sq] |= bb_sq(make_sq(f, r));
    }
    for (square_t a = 0; a < SQ_NB; a++)
        for (int d = 0; d < DIR_NB; d++) {
            bb_t ray = at_ray[d][a];
            bb_t opposite = at_ray[d ^ 1][a]; /* directions come in opposite pairs */
            square_t b;
            BB_FOREACH(b, ray) {
                at_line[a][b] = ray | opposite | bb_sq(a);
                at_between[a][b] = ray & at_ray[d ^ 1][b];
            }
        }
}
