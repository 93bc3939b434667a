/*
 * position.c: make/unmake, Zobrist keys, attackers, pins and check tests.
 *
 * Keys are updated incrementally in pos_do and restored from the undo record in
 * pos_undo, so pos_undo(pos_do(p)) gives back the exact bytes of p (the do/undo fuzz
 * target holds it to that).  The hand key is additive (one zob_hand term per piece
 * held), so adding and removing a piece are one addition or subtraction each.
 */
#include "position.h"

#include <string.h>

uint64_t zob_piece[32][SQ_NB];
uint64_t zob_side;
uint64_t zob_hand[COLOR_NB][HAND_NB];

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void pos_init_tables(void)
{
    static bool done;
    if (done)
        return;
    done = true;
    at_init();
    uint64_t seed = 0x7473756d65ull; /* fixed: keys, and so bench node counts, are reproducible */
    for (int pc = 0; pc < 32; pc++)
        for (square_t sq = 0; sq < SQ_NB; sq++)
            zob_piece[pc][sq] = pc ? splitmix64(&seed) : 0;
    zob_side = splitmix64(&seed);
    for (color_t c = BLACK; c <= WHITE; c++)
        for (ptype_t pt = 0; pt < HAND_NB; pt++)
            zob_hand[c][pt] = splitmix64(&seed);
}

void pos_clear(pos_t *p)
{
    memset(p, 0, sizeof *p);
    p->king[BLACK] = p->king[WHITE] = SQ_NONE;
    p->ply = 1;
}

void pos_put(pos_t *p, square_t sq, piece_t pc)
{
    p->board[sq] = pc;
    p->by_color[pc_color(pc)] |= bb_sq(sq);
    p->by_type[pc_type(pc)] |= bb_sq(sq);
    p->board_key ^= zob_piece[pc][sq];
    if (pc_type(pc) == KING)
        p->king[pc_color(pc)] = sq;
}

static void remove_piece(pos_t *p, square_t sq)
{
    piece_t pc = p->board[sq];
    p->board[sq] = PC_NONE;
    p->by_color[pc_color(pc)] ^= bb_sq(sq);
    p->by_type[pc_type(pc)] ^= bb_sq(sq);
    p->board_key ^= zob_piece[pc][sq];
}

static bb_t compute_checkers(const pos_t *p)
{
    square_t k = p->king[p->side];
    return k == SQ_NONE ? BB_EMPTY : pos_attackers(p, opp(p->side), k, pos_occ(p));
}

/* Checkers after a move of colour us that landed on `to` (from `from`, or a drop): the
 * side now to move was not in check before (no legal position lets the side not to move
 * stand in check), so only the moved piece or a slider uncovered at `from` can check. */
static bb_t checkers_after(const pos_t *p, color_t us, square_t from, square_t to, bool drop)
{
    square_t k = p->king[opp(us)];
    if (k == SQ_NONE)
        return BB_EMPTY;
    bb_t occ = pos_occ(p), b = BB_EMPTY;
    ptype_t pt = pc_type(p->board[to]);
    if (pt != KING && bb_has(at_piece(us, pt, to, occ), k))
        b = bb_sq(to);
    if (!drop && at_line[k][from]) {
        const bb_t *ty = p->by_type;
        bb_t line = at_line[k][from];
        b |= ((at_rook(k, occ) & (ty[ROOK] | ty[DRAGON])) | (at_bishop(k, occ) & (ty[BISHOP] | ty[HORSE])) |
              (at_lance(opp(us), k, occ) & ty[LANCE])) &
             p->by_color[us] & line;
    }
    return b;
}

void pos_refresh(pos_t *p)
{
    p->board_key = p->side == WHITE ? zob_side : 0;
    for (square_t sq = 0; sq < SQ_NB; sq++)
        if (p->board[sq])
            p->board_key ^= zob_piece[p->board[sq]][sq];
    p->hand_key = 0;
    for (color_t c = BLACK; c <= WHITE; c++)
        for (ptype_t pt = PAWN; pt <= GOLD; pt++)
            p->hand_key += zob_hand[c][pt] * (uint64_t)hand_count(p->hand[c], pt);
    p->checkers = compute_checkers(p);
}

void pos_do(pos_t *p, move_t m, undo_t *u)
{
    color_t us = p->side;
    square_t to = mv_to(m);
    u->board_key = p->board_key;
    u->hand_key = p->hand_key;
    u->checkers = p->checkers;
    u->captured = p->board[to];

    if (mv_is_drop(m)) {
        ptype_t pt = mv_drop_pt(m);
        p->hand[us] -= hand_one(pt);
        p->hand_key -= zob_hand[us][pt];
        pos_put(p, to, make_pc(us, pt));
    } else {
        square_t from = mv_from(m);
        piece_t pc = p->board[from];
        if (u->captured) {
            ptype_t got = pt_unpromote(pc_type(u->captured));
            remove_piece(p, to);
            p->hand[us] += hand_one(got);
            p->hand_key += zob_hand[us][got];
        }
        remove_piece(p, from);
        pos_put(p, to, mv_is_promo(m) ? (piece_t)(pc | PROMOTED) : pc);
    }
    p->side = opp(us);
    p->board_key ^= zob_side;
    p->ply++;
    p->checkers = checkers_after(p, us, mv_is_drop(m) ? SQ_NONE : mv_from(m), to, mv_is_drop(m));
}

void pos_undo(pos_t *p, move_t m, const undo_t *u)
{
    color_t us = opp(p->side);
    square_t to = mv_to(m);
    piece_t moved = p->board[to];

    p->board[to] = PC_NONE;
    p->by_color[us] ^= bb_sq(to);
    p->by_type[pc_type(moved)] ^= bb_sq(to);
    if (mv_is_drop(m)) {
        p->hand[us] += hand_one(pc_type(moved));
    } else {
        square_t from = mv_from(m);
        piece_t pc = mv_is_promo(m) ? (piece_t)(moved & ~PROMOTED) : moved;
        p->board[from] = pc;
        p->by_color[us] |= bb_sq(from);
        p->by_type[pc_type(pc)] |= bb_sq(from);
        if (pc_type(pc) == KING)
            p->king[us] = from;
        if (u->captured) {
            piece_t cap = u->captured;
            p->board[to] = cap;
            p->by_color[pc_color(cap)] |= bb_sq(to);
            p->by_type[pc_type(cap)] |= bb_sq(to);
            p->hand[us] -= hand_one(pt_unpromote(pc_type(cap)));
            if (pc_type(cap) == KING) /* only in positions already lost; kept exact anyway */
                p->king[pc_color(cap)] = to;
        }
    }
    p->side = us;
    p->ply--;
    p->board_key = u->board_key;
    p->hand_key = u->hand_key;
    p->checkers = u->checkers;
}

bb_t pos_attackers(const pos_t *p, color_t c, square_t sq, bb_t occ)
{
    color_t t = opp(c); /* a c-piece on x attacks sq iff a t-piece on sq would attack x */
    const bb_t *ty = p->by_type;
    bb_t hdk = ty[HORSE] | ty[DRAGON] | ty[KING];
    bb_t b = (at_step[t][PAWN][sq] & ty[PAWN]) | (at_step[t][KNIGHT][sq] & ty[KNIGHT]) |
             (at_step[t][SILVER][sq] & ty[SILVER]) |
             (at_step[t][GOLD][sq] & (ty[GOLD] | ty[PRO_PAWN] | ty[PRO_LANCE] | ty[PRO_KNIGHT] | ty[PRO_SILVER])) |
             (at_king(sq) & hdk) | (at_bishop(sq, occ) & (ty[BISHOP] | ty[HORSE])) |
             (at_rook(sq, occ) & (ty[ROOK] | ty[DRAGON])) | (at_lance(t, sq, occ) & ty[LANCE]);
    return b & p->by_color[c];
}

bool pos_attacked(const pos_t *p, color_t c, square_t sq, bb_t occ)
{
    color_t t = opp(c);
    const bb_t *ty = p->by_type;
    bb_t mine = p->by_color[c];
    if ((at_step[t][PAWN][sq] & ty[PAWN] & mine) || (at_step[t][KNIGHT][sq] & ty[KNIGHT] & mine) ||
        (at_step[t][SILVER][sq] & ty[SILVER] & mine) ||
        (at_step[t][GOLD][sq] & mine &
         (ty[GOLD] | ty[PRO_PAWN] | ty[PRO_LANCE] | ty[PRO_KNIGHT] | ty[PRO_SILVER])) ||
        (at_king(sq) & mine & (ty[HORSE] | ty[DRAGON] | ty[KING])))
        return true;
    bb_t diag = mine & (ty[BISHOP] | ty[HORSE]), ortho = mine & (ty[ROOK] | ty[DRAGON]), lance = mine & ty[LANCE];
    if ((diag & at_bishop_pseudo(sq)) && (at_bishop(sq, occ) & diag))
        return true;
    if ((ortho & at_rook_pseudo(sq)) && (at_rook(sq, occ) & ortho))
        return true;
    return (lance & at_lance_pseudo(t, sq)) && (at_lance(t, sq, occ) & lance);
}

/* Whole-board step moves of a set: rank a is rank 0 of each file of nine bits, so a step
 * along the file is a shift by one with the far rank masked off (or it would wrap into
 * the next file), a step across files a shift by nine. */
#define RANK_A_ ((bb_t)0x8040201008040201ull | ((bb_t)0x100 << 64)) /* bits 0, 9, ..., 72 */
static inline bb_t step_up(bb_t b) { return (b & ~RANK_A_) >> 1; }             /* towards rank a */
static inline bb_t step_down(bb_t b) { return (b << 1) & ~RANK_A_ & BB_ALL; } /* towards rank i */
static inline bb_t step_side(bb_t b) { return (b >> 9) | ((b << 9) & BB_ALL); }
static inline bb_t step_fwd(color_t c, bb_t b) { return c == BLACK ? step_up(b) : step_down(b); }
static inline bb_t step_back(color_t c, bb_t b) { return c == BLACK ? step_down(b) : step_up(b); }

/* The squares a step piece of colour c on b reaches, for a set b at once; the king (and
 * the promoted sliders' steps) reach the union of a gold's and a silver's. */
static inline bb_t gold_steps(color_t c, bb_t b)
{
    bb_t side = step_side(b);
    return step_fwd(c, b | side) | side | step_back(c, b);
}
static inline bb_t silver_steps(color_t c, bb_t b)
{
    bb_t side = step_side(b);
    return step_fwd(c, b | side) | step_back(c, side);
}
static inline bb_t knight_steps(color_t c, bb_t b) { return step_side(step_fwd(c, step_fwd(c, b))); }

bb_t pos_attacks_near(const pos_t *p, color_t c, bb_t region, bb_t occ)
{
    const bb_t *ty = p->by_type;
    bb_t mine = p->by_color[c], kings = mine & (ty[KING] | ty[HORSE] | ty[DRAGON]);
    bb_t att = step_fwd(c, mine & ty[PAWN]) | knight_steps(c, mine & ty[KNIGHT]) |
               silver_steps(c, (mine & ty[SILVER]) | kings) | gold_steps(c, pos_golds(p, c) | kings);
    att &= region;
    bb_t diag = mine & (ty[BISHOP] | ty[HORSE]), ortho = mine & (ty[ROOK] | ty[DRAGON]), lance = mine & ty[LANCE];
    square_t s;
    BB_FOREACH(s, diag) {
        if (at_bishop_pseudo(s) & region & ~att)
            att |= at_bishop(s, occ) & region;
    }
    BB_FOREACH(s, ortho) {
        if (at_rook_pseudo(s) & region & ~att)
            att |= at_rook(s, occ) & region;
    }
    BB_FOREACH(s, lance) {
        if (at_lance_pseudo(c, s) & region & ~att)
            att |= at_lance(c, s, occ) & region;
    }
    return att;
}

bb_t pos_reachers(const pos_t *p, color_t c, bb_t targets)
{
    /* A step piece of c on x reaches t when a piece of the other colour on t would reach x
     * with the same steps. */
    color_t t = opp(c);
    const bb_t *ty = p->by_type;
    bb_t mine = p->by_color[c], gold_from = gold_steps(t, targets), silver_from = silver_steps(t, targets);
    bb_t r = (ty[PAWN] & step_fwd(t, targets)) | (ty[KNIGHT] & knight_steps(t, targets)) |
             (ty[SILVER] & silver_from) | (pos_golds(p, c) & gold_from) |
             ((ty[HORSE] | ty[DRAGON]) & (gold_from | silver_from));
    bb_t sliders = mine & (ty[LANCE] | ty[BISHOP] | ty[HORSE] | ty[ROOK] | ty[DRAGON]) & ~r;
    square_t x;
    BB_FOREACH(x, sliders) {
        ptype_t pt = pc_type(p->board[x]);
        bb_t lines = pt == LANCE ? at_lance_pseudo(c, x)
                     : pt == BISHOP || pt == HORSE ? at_bishop_pseudo(x)
                                                   : at_rook_pseudo(x);
        if (lines & targets)
            r |= bb_sq(x);
    }
    return r & mine;
}

bb_t pos_blockers(const pos_t *p, color_t kc, color_t sc)
{
    square_t k = p->king[kc];
    if (k == SQ_NONE)
        return BB_EMPTY;
    const bb_t *ty = p->by_type;
    bb_t snipers = ((at_rook_pseudo(k) & (ty[ROOK] | ty[DRAGON])) | (at_bishop_pseudo(k) & (ty[BISHOP] | ty[HORSE])) |
                    (at_lance_pseudo(kc, k) & ty[LANCE])) &
                   p->by_color[sc];
    bb_t occ = pos_occ(p), result = BB_EMPTY;
    square_t s;
    BB_FOREACH(s, snipers) {
        bb_t b = at_between[k][s] & occ;
        if (b && !bb_more_than_one(b))
            result |= b;
    }
    return result;
}

bb_t pos_check_squares(const pos_t *p, ptype_t pt)
{
    square_t ek = p->king[opp(p->side)];
    if (ek == SQ_NONE || pt == KING)
        return BB_EMPTY;
    return at_piece(opp(p->side), pt, ek, pos_occ(p));
}

bool pos_gives_check(const pos_t *p, move_t m)
{
    color_t them = opp(p->side);
    square_t ek = p->king[them], to = mv_to(m);
    if (ek == SQ_NONE)
        return false;
    if (mv_is_drop(m))
        return bb_has(pos_check_squares(p, mv_drop_pt(m)), to);
    square_t from = mv_from(m);
    ptype_t pt = pc_type(p->board[from]);
    if (mv_is_promo(m))
        pt = pt_promote(pt);
    if (bb_has(pos_check_squares(p, pt), to))
        return true;
    return bb_has(pos_blockers(p, them, p->side) & p->by_color[p->side], from) && !at_aligned(ek, from, to);
}

uint64_t pos_board_key_after(const pos_t *p, move_t m)
{
    uint64_t k = p->board_key ^ zob_side;
    square_t to = mv_to(m);
    if (mv_is_drop(m))
        return k ^ zob_piece[make_pc(p->side, mv_drop_pt(m))][to];
    square_t from = mv_from(m);
    piece_t pc = p->board[from], cap = p->board[to];
    k ^= zob_piece[pc][from] ^ zob_piece[mv_is_promo(m) ? (piece_t)(pc | PROMOTED) : pc][to];
    return cap ? k ^ zob_piece[cap][to] : k;
}

bool pos_equal(const pos_t *a, const pos_t *b)
{
    return memcmp(a->board, b->board, sizeof a->board) == 0 && a->hand[BLACK] == b->hand[BLACK] &&
           a->hand[WHITE] == b->hand[WHITE] && a->side == b->side;
}
