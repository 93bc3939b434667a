/*
 * fuzz_doundo.c: libFuzzer target that walks a line of legal moves from a built-in
 * position and holds make/unmake and the generators to their contracts at every node.
 *
 * Input: byte 0 picks the start position; each later byte picks a move, from mg_checks
 * when its top bit is set and from mg_legal otherwise (the other list if that one is
 * empty), by its low 7 bits, widened by the next byte when the list is longer than 128.
 *
 * At every node: mg_legal is exactly the set of a brute-force reference (every piece to
 * every square it attacks, every drop, each kept only if it passes the rules when
 * played); mg_checks is exactly the legal moves with pos_gives_check, and
 * pos_gives_check says whether the move leaves the opponent in check; under check
 * mg_evasions equals mg_legal and mg_has_evasion says whether any move exists; mg_mate1
 * leaves the position untouched and returns a mate iff some check mates.
 * After every move: board[], by_color[], by_type[] and king[] agree; keys and checkers
 * equal a recomputation; hands hold no overflowed count and the piece set is conserved;
 * the side not to move is not in check; pos_undo gives back the exact bytes, and undoing
 * the whole line gives back the start.  Any violation prints a message and aborts.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../movegen/mate1.h"
#include "../../movegen/movegen.h"
#include "../../movegen/sfen.h"
#include "../../movegen/usi_move.h"

static const char *const START[] = {
    SFEN_STARTPOS,
    /* matsuri: a perft stress position, many pins and drops */
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    /* the 593-move position: a full hand and every drop */
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    /* tsume positions: no Black king, the defender holds the rest of the set */
    "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
    "n+B1sS4/1R1g5/1Ls6/2k6/2n6/3L5/R8/9/9 b B2P3gs2n2l16p 1",
    "9/9/9/6rp1/6k2/3B2B2/2R3S2/9/9 b 4g3s4n4l17p 1",
    "4+P+P+P+P1/+P1+P5+P/7kP/PP5pp/1+P2+P1pP1/6+P1+P/9/9/9 b 2r2b4g4s4n4l 1",
    /* pawn drops: nifu, dead drops and a pawn-drop mate */
    "4k4/9/9/9/9/9/9/9/9 b 16P 1",
    "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
    /* both kings, promoted pieces and hands, some with White to move */
    "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
    "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "1s1l2l1K/1P1R2npp/1pg1k3l/pnsgg3n/2p1gn3/2S2rp1B/5p2b/PS7/4P1P2 b L3P4p 1",
    /* no king at all, and bare kings with full hands */
    "4p4/9/9/9/9/9/9/9/4P4 b RBGSNL2rb3g3s3n3l16p 1",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
    "lnsgkgsnl/9/9/9/9/9/9/9/9 w RB9Prb9p 1",
};
enum { N_START = sizeof START / sizeof START[0], MAX_PLY = 256 };

/* The checks below loop over the board far more than the code under test does; left to
 * the coverage instrumentation they would cost most of the run and steer the fuzzer by
 * the harness's own branches.  noinline keeps them out of instrumented callers. */
#ifdef __clang__
#define HARNESS __attribute__((no_sanitize("coverage"), noinline))
#else
#define HARNESS
#endif

static const char *g_start; /* for messages */

static void die(const pos_t *p, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
HARNESS static void die(const pos_t *p, const char *fmt, ...)
{
    char buf[SFEN_MAX];
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz_doundo: ");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n  start: %s\n  here:  %s\n", g_start, sfen_format(p, buf));
    abort();
}

HARNESS static const char *mv_name(move_t m)
{
    static char buf[4][USI_MOVE_MAX];
    static int k;
    return usi_format(m, buf[k++ & 3]);
}

/* ---- the reference: a position as a plain array, and brute-force rules on it ----
 * It shares nothing with the code under test but the inline helpers of types.h and
 * bitboard.h: no attack tables, no bitboards of pos_t, no pos_do, no pos_attackers. */

typedef struct {
    piece_t board[SQ_NB];
    bb_t occ[COLOR_NB];     /* kept from board[] by ref_set alone */
    square_t king[COLOR_NB];
    int hand[COLOR_NB][HAND_NB];
    color_t side;
} ref_t;

HARNESS static void ref_set(ref_t *r, square_t sq, piece_t pc)
{
    piece_t old = r->board[sq];
    if (old) {
        r->occ[pc_color(old)] &= ~bb_sq(sq);
        if (pc_type(old) == KING)
            r->king[pc_color(old)] = SQ_NONE;
    }
    r->board[sq] = pc;
    if (pc) {
        r->occ[pc_color(pc)] |= bb_sq(sq);
        if (pc_type(pc) == KING)
            r->king[pc_color(pc)] = sq;
    }
}

HARNESS static ref_t ref_from(const pos_t *p)
{
    ref_t r;
    memset(&r, 0, sizeof r);
    r.king[BLACK] = r.king[WHITE] = SQ_NONE;
    for (square_t sq = 0; sq < SQ_NB; sq++)
        ref_set(&r, sq, p->board[sq]);
    for (color_t c = BLACK; c <= WHITE; c++)
        for (ptype_t pt = PAWN; pt <= GOLD; pt++)
            r.hand[c][pt] = hand_count(p->hand[c], pt);
    r.side = p->side;
    return r;
}

/* Plays m on the board only (hands untouched): enough to judge king safety. */
HARNESS static void ref_move_pieces(ref_t *r, move_t m)
{
    square_t to = mv_to(m);
    if (mv_is_drop(m)) {
        ref_set(r, to, make_pc(r->side, mv_drop_pt(m)));
    } else {
        piece_t pc = r->board[mv_from(m)];
        ref_set(r, mv_from(m), PC_NONE);
        ref_set(r, to, mv_is_promo(m) ? make_pc(r->side, pt_promote(pc_type(pc))) : pc);
    }
}

HARNESS static void ref_play(ref_t *r, move_t m)
{
    color_t us = r->side;
    square_t to = mv_to(m);
    if (mv_is_drop(m))
        r->hand[us][mv_drop_pt(m)]--;
    else if (r->board[to])
        r->hand[us][pt_unpromote(pc_type(r->board[to]))]++;
    ref_move_pieces(r, m);
    r->side = opp(us);
}

/* How each piece moves, for Black (White mirrors the rank step): file and rank steps,
 * and whether it slides on.  Rank -1 is towards rank 'a'. */
typedef struct {
    int n;
    struct {
        int8_t df, dr;
        bool slide;
    } d[8];
} moves_t;

#define GOLD_MOVES {6, {{0, -1, 0}, {1, -1, 0}, {-1, -1, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}}}
static const moves_t MOVES[PT_NB] = {
    [PAWN] = {1, {{0, -1, 0}}},
    [LANCE] = {1, {{0, -1, 1}}},
    [KNIGHT] = {2, {{1, -2, 0}, {-1, -2, 0}}},
    [SILVER] = {5, {{0, -1, 0}, {1, -1, 0}, {-1, -1, 0}, {1, 1, 0}, {-1, 1, 0}}},
    [GOLD] = GOLD_MOVES,
    [PRO_PAWN] = GOLD_MOVES,
    [PRO_LANCE] = GOLD_MOVES,
    [PRO_KNIGHT] = GOLD_MOVES,
    [PRO_SILVER] = GOLD_MOVES,
    [BISHOP] = {4, {{1, 1, 1}, {1, -1, 1}, {-1, 1, 1}, {-1, -1, 1}}},
    [ROOK] = {4, {{0, 1, 1}, {0, -1, 1}, {1, 0, 1}, {-1, 0, 1}}},
    [KING] = {8, {{0, 1, 0}, {0, -1, 0}, {1, 0, 0}, {-1, 0, 0}, {1, 1, 0}, {1, -1, 0}, {-1, 1, 0}, {-1, -1, 0}}},
    [HORSE] = {8, {{1, 1, 1}, {1, -1, 1}, {-1, 1, 1}, {-1, -1, 1}, {0, 1, 0}, {0, -1, 0}, {1, 0, 0}, {-1, 0, 0}}},
    [DRAGON] = {8, {{0, 1, 1}, {0, -1, 1}, {1, 0, 1}, {-1, 0, 1}, {1, 1, 0}, {1, -1, 0}, {-1, 1, 0}, {-1, -1, 0}}},
};

/* Squares the piece on sq attacks, walked square by square. */
HARNESS static bb_t ref_attacks(const ref_t *r, square_t sq)
{
    piece_t pc = r->board[sq];
    const moves_t *mv = &MOVES[pc_type(pc)];
    int sign = pc_color(pc) == BLACK ? 1 : -1;
    bb_t out = BB_EMPTY;
    for (int i = 0; i < mv->n; i++) {
        int f = sq_file(sq), rank = sq_rank(sq);
        for (;;) {
            f += mv->d[i].df;
            rank += sign * mv->d[i].dr;
            if (f < 0 || f > 8 || rank < 0 || rank > 8)
                break;
            out |= bb_sq(make_sq(f, rank));
            if (!mv->d[i].slide || r->board[make_sq(f, rank)])
                break;
        }
    }
    return out;
}

HARNESS static bb_t attackers_of(const ref_t *r, color_t c, square_t target)
{
    bb_t out = BB_EMPTY;
    square_t sq;
    BB_FOREACH(sq, r->occ[c]) {
        /* Only a piece a knight's jump away or on a line with the target can reach it. */
        int df = abs(sq_file(sq) - sq_file(target)), dr = abs(sq_rank(sq) - sq_rank(target));
        if ((df > 1 || dr > 2) && df != 0 && dr != 0 && df != dr)
            continue;
        if (bb_has(ref_attacks(r, sq), target))
            out |= bb_sq(sq);
    }
    return out;
}

HARNESS static bool king_attacked(const ref_t *r, color_t c)
{
    return r->king[c] != SQ_NONE && attackers_of(r, opp(c), r->king[c]) != 0;
}

HARNESS static bool has_pawn_on_file(const ref_t *r, color_t c, int file)
{
    for (int rank = 0; rank < 9; rank++)
        if (r->board[make_sq(file, rank)] == make_pc(c, PAWN))
            return true;
    return false;
}

static int ref_gen(const ref_t *r, move_t *out, bool drops, int limit);

/* A pawn drop that checks is illegal when the opponent then has no move at all.  No drop
 * can answer a pawn's check (it is adjacent), so the board moves decide.  A drop that
 * leaves our own king attacked is refused anyway; asking about the reply to it would
 * have the opponent capture a king. */
HARNESS static bool pawn_drop_mates(const ref_t *r, move_t m)
{
    ref_t q = *r;
    ref_play(&q, m);
    return !king_attacked(&q, r->side) && king_attacked(&q, q.side) && ref_gen(&q, NULL, false, 1) == 0;
}

/* Collects moves into out (when not NULL) until limit is reached. */
typedef struct {
    move_t *out;
    int n, limit;
} sink_t;

/* Adds m if it leaves the mover's king safe; true when the sink is full. */
HARNESS static bool offer(sink_t *s, const ref_t *r, move_t m)
{
    ref_t q = *r;
    ref_move_pieces(&q, m);
    if (king_attacked(&q, r->side))
        return false;
    if (s->n >= MG_MAX_MOVES) {
        fprintf(stderr, "fuzz_doundo: the reference finds more than MG_MAX_MOVES moves\n");
        abort();
    }
    if (s->out)
        s->out[s->n] = m;
    return ++s->n >= s->limit;
}

/* Every legal move (board moves only unless drops), or the first `limit` of them. */
HARNESS static int ref_gen(const ref_t *r, move_t *out, bool drops, int limit)
{
    sink_t s = {out, 0, limit};
    color_t us = r->side;
    square_t from;
    BB_FOREACH(from, r->occ[us]) {
        ptype_t pt = pc_type(r->board[from]);
        bb_t t = ref_attacks(r, from);
        for (square_t to = 0; to < SQ_NB; to++) {
            if (!bb_has(t, to) || (r->board[to] && pc_color(r->board[to]) == us))
                continue;
            if (pt_can_promote(pt) && (in_zone(us, from) || in_zone(us, to)) &&
                offer(&s, r, mv_make(from, to, true)))
                return s.n;
            if (!pt_dead_on(us, pt, to) && offer(&s, r, mv_make(from, to, false)))
                return s.n;
        }
    }
    for (ptype_t pt = PAWN; pt <= GOLD && drops; pt++) {
        if (!r->hand[us][pt])
            continue;
        for (square_t to = 0; to < SQ_NB; to++) {
            if (r->board[to] || pt_dead_on(us, pt, to))
                continue;
            if (pt == PAWN && has_pawn_on_file(r, us, sq_file(to)))
                continue;
            move_t m = mv_make_drop(pt, to);
            if (pt == PAWN && pawn_drop_mates(r, m))
                continue;
            if (offer(&s, r, m))
                return s.n;
        }
    }
    return s.n;
}

/* ---- move-set helpers ---- */

HARNESS static int cmp_move(const void *a, const void *b)
{
    return (int)*(const move_t *)a - (int)*(const move_t *)b;
}

/* Sorts a generator's output and aborts on a duplicate. */
HARNESS static void sort_unique(const pos_t *p, move_t *list, int n, const char *who)
{
    if (n < 0 || n > MG_MAX_MOVES)
        die(p, "%s returned %d moves", who, n);
    qsort(list, (size_t)n, sizeof *list, cmp_move);
    for (int i = 1; i < n; i++)
        if (list[i] == list[i - 1])
            die(p, "%s lists %s twice", who, mv_name(list[i]));
}

HARNESS static bool contains(const move_t *sorted, int n, move_t m)
{
    return bsearch(&m, sorted, (size_t)n, sizeof m, cmp_move) != NULL;
}

/* Aborts naming one move in the symmetric difference of two sorted sets. */
HARNESS static void same_set(const pos_t *p, const move_t *a, int na, const char *an, const move_t *b, int nb,
                             const char *bn)
{
    for (int i = 0; i < na; i++)
        if (!contains(b, nb, a[i]))
            die(p, "%s has %s, %s does not (%d vs %d moves)", an, mv_name(a[i]), bn, na, nb);
    for (int i = 0; i < nb; i++)
        if (!contains(a, na, b[i]))
            die(p, "%s has %s, %s does not (%d vs %d moves)", bn, mv_name(b[i]), an, nb, na);
}

/* ---- invariants of a position reached by pos_do ---- */

typedef struct {
    int pieces[HAND_NB]; /* each kind on the board (unpromoted) and in both hands */
    int ply;
} census_t;

HARNESS static census_t take_census(const pos_t *p)
{
    census_t c = {{0}, p->ply};
    for (square_t sq = 0; sq < SQ_NB; sq++)
        if (p->board[sq] && pc_type(p->board[sq]) != KING)
            c.pieces[pt_unpromote(pc_type(p->board[sq]))]++;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++)
        c.pieces[pt] += hand_count(p->hand[BLACK], pt) + hand_count(p->hand[WHITE], pt);
    return c;
}

static const hand_t HAND_VALID = ((1u << 27) - 1) & ~HAND_GUARD;

HARNESS static void check_invariants(const pos_t *p, const census_t *start, int depth)
{
    bb_t by_color[COLOR_NB] = {0}, by_type[PT_NB] = {0};
    square_t king[COLOR_NB] = {SQ_NONE, SQ_NONE};
    for (square_t sq = 0; sq < SQ_NB; sq++) {
        piece_t pc = p->board[sq];
        if (!pc)
            continue;
        ptype_t pt = pc_type(pc);
        color_t c = pc_color(pc);
        if (pt == PT_NONE || pt >= PT_NB || c > WHITE)
            die(p, "board[%d] holds bad piece code %d", sq, pc);
        if (pt_dead_on(c, pt, sq))
            die(p, "a piece on square %d can never move", sq);
        by_color[c] |= bb_sq(sq);
        by_type[pt] |= bb_sq(sq);
        if (pt == KING) {
            if (king[c] != SQ_NONE)
                die(p, "two kings of colour %d", c);
            king[c] = sq;
        }
    }
    for (color_t c = BLACK; c <= WHITE; c++) {
        if (p->by_color[c] != by_color[c])
            die(p, "by_color[%d] disagrees with board[]", c);
        if (p->king[c] != king[c])
            die(p, "king[%d] = %d, board[] says %d", c, p->king[c], king[c]);
        if (p->hand[c] & ~HAND_VALID)
            die(p, "hand[%d] = %#x has a count overflowed into a guard bit", c, p->hand[c]);
        for (int f = 0; f < 9; f++) {
            int n = 0;
            for (int r = 0; r < 9; r++)
                n += p->board[make_sq(f, r)] == make_pc(c, PAWN);
            if (n > 1)
                die(p, "two pawns of colour %d on file %d", c, f + 1);
        }
    }
    for (ptype_t pt = 0; pt < PT_NB; pt++)
        if (p->by_type[pt] != by_type[pt])
            die(p, "by_type[%d] disagrees with board[]", pt);

    census_t now = take_census(p);
    for (ptype_t pt = PAWN; pt <= GOLD; pt++)
        if (now.pieces[pt] != start->pieces[pt])
            die(p, "piece kind %d: %d in play, %d at the start", pt, now.pieces[pt], start->pieces[pt]);
    if (p->ply != start->ply + depth)
        die(p, "ply %d after %d moves from ply %d", p->ply, depth, start->ply);

    pos_t q;
    memcpy(&q, p, sizeof q);
    pos_refresh(&q);
    if (q.board_key != p->board_key)
        die(p, "board_key %#llx, recomputed %#llx", (unsigned long long)p->board_key,
            (unsigned long long)q.board_key);
    if (q.hand_key != p->hand_key)
        die(p, "hand_key %#llx, recomputed %#llx", (unsigned long long)p->hand_key, (unsigned long long)q.hand_key);
    ref_t r = ref_from(p);
    bb_t fresh = king[p->side] == SQ_NONE ? BB_EMPTY : attackers_of(&r, opp(p->side), king[p->side]);
    if (p->checkers != fresh || q.checkers != fresh)
        die(p, "checkers disagree with a fresh computation");
    if (king_attacked(&r, opp(p->side)))
        die(p, "the side not to move is in check");
}

/* ---- cross-checks at a node ---- */

HARNESS static void check_node(pos_t *p)
{
    move_t legal[MG_MAX_MOVES], ref[MG_MAX_MOVES], checks[MG_MAX_MOVES], gc[MG_MAX_MOVES];
    ref_t r = ref_from(p);
    int nl = mg_legal(p, legal), nr = ref_gen(&r, ref, true, MG_MAX_MOVES + 1);
    sort_unique(p, legal, nl, "mg_legal");
    sort_unique(p, ref, nr, "reference");
    same_set(p, legal, nl, "mg_legal", ref, nr, "reference");

    /* pos_gives_check against the position after the move; gc collects the checks, and
     * the reference tells which of them mate, for mg_has_evasion and mg_mate1. */
    int ngc = 0, nmates = 0;
    move_t mates[MG_MAX_MOVES];
    for (int i = 0; i < nl; i++) {
        ref_t q = r;
        ref_play(&q, legal[i]);
        bool says = pos_gives_check(p, legal[i]), is = king_attacked(&q, q.side);
        if (says != is)
            die(p, "pos_gives_check(%s) = %d, but the move %s check", mv_name(legal[i]), says,
                is ? "gives" : "does not give");
        if (!is)
            continue;
        gc[ngc++] = legal[i];
        bool any = ref_gen(&q, NULL, true, 1) > 0;
        pos_t child;
        undo_t u;
        memcpy(&child, p, sizeof child);
        pos_do(&child, legal[i], &u);
        if (mg_has_evasion(&child) != any)
            die(p, "after %s, mg_has_evasion = %d but the reference %s a reply", mv_name(legal[i]), !any,
                any ? "finds" : "finds no");
        if (!any)
            mates[nmates++] = legal[i];
    }

    int nc = mg_checks(p, checks);
    sort_unique(p, checks, nc, "mg_checks");
    same_set(p, checks, nc, "mg_checks", gc, ngc, "legal moves giving check");

    if (pos_in_check(p)) {
        move_t ev[MG_MAX_MOVES];
        int ne = mg_evasions(p, ev);
        sort_unique(p, ev, ne, "mg_evasions");
        same_set(p, ev, ne, "mg_evasions", legal, nl, "mg_legal");
        if (mg_has_evasion(p) != (nl > 0))
            die(p, "mg_has_evasion = %d with %d legal moves", !nl, nl);
    }

    pos_t before;
    memcpy(&before, p, sizeof before);
    move_t m1 = mg_mate1(p);
    if (memcmp(&before, p, sizeof before) != 0)
        die(p, "mg_mate1 did not restore the position");
    if (m1 != MOVE_NONE) {
        bool found = false;
        for (int i = 0; i < nmates; i++)
            found |= mates[i] == m1;
        if (!found)
            die(p, "mg_mate1 returned %s, which does not mate", mv_name(m1));
    }
    if (m1 == MOVE_NONE && nmates)
        die(p, "mg_mate1 found nothing, but %s mates", mv_name(mates[0]));
}

/* ---- the walk ---- */

HARNESS static void check_do_undo(pos_t *p, move_t m, undo_t *u, const census_t *start, int depth)
{
    pos_t before;
    memcpy(&before, p, sizeof before);
    pos_do(p, m, u);
    check_invariants(p, start, depth);
    pos_undo(p, m, u);
    if (memcmp(&before, p, sizeof before) != 0)
        die(p, "pos_undo(%s) did not restore the exact bytes", mv_name(m));
    pos_do(p, m, u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    g_start = START[data[0] % N_START];
    pos_t p, start;
    char err[SFEN_ERR_MAX];
    if (!sfen_parse(&p, g_start, SFEN_EXTRA_PIECES, err, sizeof err)) {
        fprintf(stderr, "fuzz_doundo: built-in position rejected: %s: %s\n", g_start, err);
        abort();
    }
    memcpy(&start, &p, sizeof start);
    census_t census = take_census(&p);
    check_invariants(&p, &census, 0);

    static move_t path[MAX_PLY];
    static undo_t undo[MAX_PLY];
    int depth = 0;
    size_t i = 1;
    while (depth < MAX_PLY) {
        check_node(&p);
        if (i >= size)
            break;
        move_t legal[MG_MAX_MOVES], checks[MG_MAX_MOVES];
        int nl = mg_legal(&p, legal), nc = mg_checks(&p, checks);
        bool want_checks = data[i] & 0x80;
        const move_t *list = (want_checks && nc) || !nl ? checks : legal;
        int n = list == checks ? nc : nl;
        if (n == 0)
            break; /* mate or no move at all */
        unsigned pick = data[i++] & 0x7f;
        if (n > 128 && i < size)
            pick = pick << 8 | data[i++];
        move_t m = list[pick % (unsigned)n], back = MOVE_NONE;
        if (!usi_parse_legal(&p, mv_name(m), &back, err, sizeof err) || back != m)
            die(&p, "usi_parse_legal does not read back %s: %s", mv_name(m), err);
        path[depth] = m;
        check_do_undo(&p, m, &undo[depth], &census, depth + 1);
        depth++;
    }
    while (depth > 0) {
        depth--;
        pos_undo(&p, path[depth], &undo[depth]);
    }
    if (memcmp(&start, &p, sizeof start) != 0)
        die(&p, "undoing the whole line did not give back the start position");
    return 0;
}
