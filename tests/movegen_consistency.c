/*
 * movegen_consistency.c: the generators against a slow reference built only from attack
 * tables and make/unmake: every pseudo-move is played and kept if the mover's king is not
 * attacked afterwards; a pawn drop is dropped if the reply list of the opponent is then
 * empty while in check.  Random walks from varied positions compare, at every node:
 * mg_legal with the reference, mg_checks with the legal moves that leave the opponent in
 * check (and mg_checks_from_to with those of one from and to square), mg_evasions with
 * the reference under check, pos_gives_check with the check status after the move,
 * mg_has_evasion with a non-empty list, mg_evasion_class with the kinds of move in that
 * list, pos_attacks_near with pos_attacked square by square, pos_reachers with the
 * attackers of a set, the keys after pos_hand_remove and pos_hand_add with a refresh, and
 * make/unmake with a byte copy.
 * Deterministic: a fixed seed.
 */
#include <stdlib.h>
#include <string.h>

#include "../movegen/mate1.h"
#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "test.h"
#include "walk.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng(void) { return walk_random(&rng_state); }

static bool king_safe_after(pos_t *p, move_t m)
{
    undo_t u;
    color_t us = p->side;
    pos_do(p, m, &u);
    bool safe = p->king[us] == SQ_NONE || !pos_attacked(p, opp(us), p->king[us], pos_occ(p));
    pos_undo(p, m, &u);
    return safe;
}

static int reference_legal(pos_t *p, move_t *out, int depth);

static bool drop_mates(pos_t *p, move_t m)
{
    undo_t u;
    move_t replies[MG_MAX_MOVES];
    pos_do(p, m, &u);
    bool mate = pos_in_check(p) && reference_legal(p, replies, 1) == 0;
    pos_undo(p, m, &u);
    return mate;
}

/* depth limits the pawn-drop-mate recursion (a reply can itself be a pawn drop). */
static int reference_legal(pos_t *p, move_t *out, int depth)
{
    color_t us = p->side;
    bb_t occ = pos_occ(p);
    int n = 0;
    for (square_t from = 0; from < SQ_NB; from++) {
        piece_t pc = p->board[from];
        if (!pc || pc_color(pc) != us)
            continue;
        ptype_t pt = pc_type(pc);
        bb_t t = at_piece(us, pt, from, occ) & ~p->by_color[us];
        for (square_t to = 0; to < SQ_NB; to++) {
            if (!bb_has(t, to))
                continue;
            bool can_promo = pt_can_promote(pt) && (in_zone(us, from) || in_zone(us, to));
            move_t opts[2];
            int k = 0;
            if (can_promo)
                opts[k++] = mv_make(from, to, true);
            if (!pt_dead_on(us, pt, to))
                opts[k++] = mv_make(from, to, false);
            for (int i = 0; i < k; i++)
                if (king_safe_after(p, opts[i]))
                    out[n++] = opts[i];
        }
    }
    for (ptype_t pt = PAWN; pt <= GOLD; pt++) {
        if (!hand_has(p->hand[us], pt))
            continue;
        for (square_t to = 0; to < SQ_NB; to++) {
            if (bb_has(occ, to) || pt_dead_on(us, pt, to))
                continue;
            if (pt == PAWN && (pos_pieces(p, us, PAWN) & at_file[sq_file(to)]))
                continue;
            move_t m = mv_make_drop(pt, to);
            if (!king_safe_after(p, m))
                continue;
            if (pt == PAWN && depth > 0 && drop_mates(p, m))
                continue;
            out[n++] = m;
        }
    }
    return n;
}

static int cmp_move(const void *a, const void *b) { return (int)*(const move_t *)a - (int)*(const move_t *)b; }

static bool same_set(move_t *a, int na, move_t *b, int nb)
{
    if (na != nb)
        return false;
    qsort(a, (size_t)na, sizeof *a, cmp_move);
    qsort(b, (size_t)nb, sizeof *b, cmp_move);
    return memcmp(a, b, (size_t)na * sizeof *a) == 0;
}

static void report(const pos_t *p, const char *what)
{
    char buf[SFEN_MAX];
    test_fail(__FILE__, __LINE__, "%s differs at %s", what, sfen_format(p, buf));
}

static int between_only; /* in-check nodes whose replies all interpose */

static void check_node(pos_t *p)
{
    move_t legal[MG_MAX_MOVES], ref[MG_MAX_MOVES], checks[MG_MAX_MOVES], want[MG_MAX_MOVES];
    int nl = mg_legal(p, legal), nr = reference_legal(p, ref, 1);
    if (!same_set(legal, nl, ref, nr))
        report(p, "mg_legal vs reference");
    int nw = 0;
    for (int i = 0; i < nl; i++) {
        undo_t u;
        pos_t before = *p;
        bool says = pos_gives_check(p, legal[i]);
        pos_do(p, legal[i], &u);
        bool is = pos_in_check(p);
        pos_undo(p, legal[i], &u);
        if (memcmp(&before, p, sizeof before) != 0)
            report(p, "make/unmake");
        if (says != is)
            report(p, "pos_gives_check");
        if (is)
            want[nw++] = legal[i];
    }
    int nc = mg_checks(p, checks);
    if (!same_set(checks, nc, want, nw))
        report(p, "mg_checks");
    /* mg_checks_from_to: for each piece's pseudo-moves (pinned ones included), the
     * checks with those squares. */
    for (square_t from = 0; from < SQ_NB; from++) {
        piece_t pc = p->board[from];
        if (!pc || pc_color(pc) != p->side)
            continue;
        bb_t targets = at_piece(p->side, pc_type(pc), from, pos_occ(p)) & ~p->by_color[p->side];
        square_t to;
        BB_FOREACH(to, targets) {
            move_t got[2], exp[2];
            int ng = mg_checks_from_to(p, from, to, got), ne = 0;
            for (int j = 0; j < nw && ne < 2; j++)
                if (!mv_is_drop(want[j]) && mv_from(want[j]) == from && mv_to(want[j]) == to)
                    exp[ne++] = want[j];
            if (!same_set(got, ng, exp, ne))
                report(p, "mg_checks_from_to");
        }
    }
    for (color_t c = BLACK; c <= WHITE; c++) {
        /* A piece out of one hand and into the other keeps the keys a refresh computes. */
        for (ptype_t pt = PAWN; pt <= GOLD; pt++) {
            if (!hand_has(p->hand[c], pt))
                continue;
            pos_t q = *p;
            pos_hand_remove(&q, c, pt);
            pos_hand_add(&q, opp(c), pt);
            pos_t r = q;
            pos_refresh(&r);
            if (q.hand_key != r.hand_key || q.board_key != r.board_key || q.checkers != r.checkers)
                report(p, "pos_hand_add/remove");
        }
    }
    for (color_t c = BLACK; c <= WHITE; c++) {
        /* pos_reachers holds every piece that attacks a square of the set. */
        for (square_t sq = (square_t)(p->ply % 5); sq < SQ_NB; sq += 5) {
            bb_t targets = at_king(sq) | bb_sq(sq), pieces = p->by_color[c] & ~p->by_type[KING], reach = 0;
            square_t x;
            BB_FOREACH(x, pieces) {
                if (at_piece(c, pc_type(p->board[x]), x, pos_occ(p)) & targets)
                    reach |= bb_sq(x);
            }
            if (reach & ~pos_reachers(p, c, targets))
                report(p, "pos_reachers");
        }
    }
    for (color_t c = BLACK; c <= WHITE; c++) {
        /* With the board's occupancy, and with the enemy king lifted (its flights). */
        square_t k = p->king[opp(c)];
        bb_t occ = pos_occ(p), lifted = k == SQ_NONE ? occ : occ ^ bb_sq(k), want_occ = 0, want_lifted = 0;
        for (square_t sq = 0; sq < SQ_NB; sq++) {
            want_occ |= pos_attacked(p, c, sq, occ) ? bb_sq(sq) : 0;
            want_lifted |= pos_attacked(p, c, sq, lifted) ? bb_sq(sq) : 0;
        }
        bb_t region = k == SQ_NONE ? BB_ALL : at_king(k);
        if (pos_attacks_near(p, c, BB_ALL, occ) != want_occ ||
            pos_attacks_near(p, c, region, lifted) != (want_lifted & region))
            report(p, "pos_attacks_near");
    }
    if (pos_in_check(p)) {
        move_t ev[MG_MAX_MOVES];
        int ne = mg_evasions(p, ev);
        if (!same_set(ev, ne, ref, nr))
            report(p, "mg_evasions");
        if (mg_has_evasion(p) != (nr > 0))
            report(p, "mg_has_evasion");
        /* The class from the reference list: a king move, or a capture of the (one)
         * checker, moves away; any other reply interposes. */
        mg_evasion_class_t want_class = nr ? MG_EVADE_BETWEEN : MG_EVADE_NONE;
        for (int i = 0; i < nr; i++)
            if (!mv_is_drop(ref[i]) && (mv_from(ref[i]) == p->king[p->side] || bb_has(p->checkers, mv_to(ref[i]))))
                want_class = MG_EVADE_AWAY;
        if (mg_evasion_class(p) != want_class)
            report(p, "mg_evasion_class");
        between_only += want_class == MG_EVADE_BETWEEN;
    }
}

static const char *const START[] = {
    SFEN_STARTPOS,
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
    "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1",
    "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1",
    "8k/7g1/8N/5B1N1/9/9/9/9/9 b P2rb3g4s2n4l17p 1",
    "7lk/9/7G1/9/9/9/7K1/9/9 b P2r2b3g4s4n3l17p 1",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1",
};

/* Random walks that prefer checks half of the time, so check and evasion nodes are common. */
TEST(movegen_random_walks)
{
    walk_all(START, sizeof START / sizeof START[0], getenv("TSUME_QUICK") ? 600 : 6000, rng, check_node);
    CHECK(between_only > (getenv("TSUME_QUICK") ? 5 : 50)); /* the walks do reach that class */
}

/* A mate found by mg_mate1 leaves no evasion, and every position it rejects has none; the
 * flight filter never rules out a check that mates, and does rule out some checks;
 * mg_mate_candidates gives the checks it keeps, in order, and counts all of them. */
TEST(mate1_agrees_with_search)
{
    int nodes = getenv("TSUME_QUICK") ? 300 : 3000;
    long filtered = 0;
    for (size_t s = 3; s < sizeof START / sizeof START[0]; s++) {
        pos_t p;
        char err[SFEN_ERR_MAX];
        CHECK(sfen_parse(&p, START[s], SFEN_STRICT, err, sizeof err));
        pos_t root = p;
        for (int i = 0; i < nodes; i++) {
            move_t list[MG_MAX_MOVES], m = pos_in_check(&p) ? MOVE_NONE : mg_mate1(&p);
            int n = mg_checks(&p, list), mates = 0, total = -1, kept = 0;
            bb_t flights = pos_in_check(&p) ? BB_EMPTY : mg_king_flights(&p);
            move_t cand[MG_MAX_MOVES];
            int nc = mg_mate_candidates(&p, flights, cand, &total);
            if (total != n)
                report(&p, "mg_mate_candidates total");
            for (int k = 0; k < n; k++) {
                undo_t u;
                move_t ev[MG_MAX_MOVES];
                bool may = mg_check_may_mate(&p, list[k], flights);
                filtered += !may;
                /* the candidates: exactly the checks the filter keeps, in mg_checks' order */
                if (may && (kept >= nc || cand[kept++] != list[k]))
                    report(&p, "mg_mate_candidates");
                pos_do(&p, list[k], &u);
                bool mate = mg_evasions(&p, ev) == 0;
                pos_undo(&p, list[k], &u);
                mates += mate;
                if (mate && !may)
                    report(&p, "mg_check_may_mate");
            }
            if (kept != nc)
                report(&p, "mg_mate_candidates count");
            if (!pos_in_check(&p) && (m != MOVE_NONE) != (mates > 0))
                report(&p, "mg_mate1");
            n = mg_legal(&p, list);
            if (n == 0 || p.ply > 120) {
                p = root;
                continue;
            }
            undo_t u;
            pos_do(&p, list[rng() % (uint64_t)n], &u);
        }
    }
    CHECK(filtered > 0);
}
