/*
 * solver_split.c: questions shared out among threads (solver/split.h).  With every
 * question split (split_probe 1: one node alone, then the checks on the common list, or
 * for the proof without a bound every thread on the root), two threads give the answers
 * one thread gives: the same status, length and certification, and a line that plays,
 * on mates, a no-mate and bounded questions; and a node limit bounds the threads
 * together.  The threads share one table (tt_share):
 * a view answers with what the owner stored and the reverse, entries stored and probed
 * by two threads at once are never seen half written, and the table grows while shared
 * (at barriers) without losing an entry.
 */
#include <pthread.h>
#include <string.h>

#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "../solver/hand.h"
#include "../solver/solver.h"
#include "../solver/split.h"
#include "../solver/tt.h"
#include "solver_util.h"

static const struct {
    const char *name, *sfen;
    solve_status_t status;
    int plies;
} CASES[] = {
    {"Zuko 2", "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1", SOLVE_MATE, 21},
    {"Zuko 5", "n+B1sS4/1R1g5/1Ls6/2k6/2n6/3L5/R8/9/9 b B2P3gs2n2l16p 1", SOLVE_MATE, 21},
    {"Zuko 18", "7n1/5+B+P1r/7k1/7+p1/6P2/7N1/7N1/8B/9 b N2Pr4g4s4l13p 1", SOLVE_MATE, 23},
    {"Zuko 22", "3g1+P1g1/3S2Ps1/2PpPkL2/4L4/4p2G1/4S4/1B1N1N3/1NN6/B6+r1 b Lrgsl12p 1", SOLVE_MATE, 51},
    {"Zuko 33", "l8/1n7/np3B3/SR1+P5/k1N6/9/1Ps6/1N7/5+B3 b r4g2s3l15p 1", SOLVE_MATE, 17},
    {"Zuko 36", "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1", SOLVE_MATE, 13},
    {"Zuko 42", "9/5Bl1G/4+P1n2/6r1S/3G+p2n1/6kP1/4L1B1p/4s1+R2/9 b 3P2g2s2n2l11p 1", SOLVE_MATE, 27},
    {"Zuko 45", "1b+P6/2B6/G1S6/+p2N5/gl2+R4/pkpg5/3S5/2R6/2L6 b NPg2s2n2l13p 1", SOLVE_MATE, 43},
    {"Muso 9", "2k1s1B2/S3+P4/2p1R2p1/2gprpp2/Lb1S5/2N3P2/2PPP4/9/L8 b L3gs3nl8p 1", SOLVE_MATE, 29},
    /* a flawed diagram (tests/data/nomate_problems.tsv) */
    {"Muso 88", "9/9/6Sn1/3+R1g1p1/6P1B/9/5G1Pp/3+B4+p/3Ls1k+r1 b GPg2s3n3l12p 1", SOLVE_NOMATE, 0},
};

/* Whether pv[0..plies) from p is legal, every attacker move a check, and ends with the
 * defender in check (the mate itself is the solver's to certify; here the line's shape). */
static bool line_plays(const pos_t *p, const move_t *pv, int plies)
{
    pos_t q = *p;
    for (int i = 0; i < plies; i++) {
        move_t moves[MG_MAX_MOVES];
        int n = i % 2 == 0 ? mg_checks(&q, moves) : mg_evasions(&q, moves), k = 0;
        while (k < n && moves[k] != pv[i])
            k++;
        if (k == n)
            return false;
        undo_t u;
        pos_do(&q, pv[i], &u);
    }
    return plies % 2 == 1 && pos_in_check(&q);
}

static void solve_on(solver_t *s, const char *sfen, const solve_opts_t *o, solve_result_t *r, pos_t *p)
{
    char err[SFEN_ERR_MAX];
    CHECK(sfen_parse(p, sfen, SFEN_STRICT, err, sizeof err));
    solver_solve(s, p, o, r);
}

TEST(solver_split_answers_as_one_thread)
{
    solver_t *one = solver_new_threads(32, 1), *two = solver_new_threads(32, 2);
    CHECK(one && two);
    if (!one || !two)
        return;
    solve_opts_t o1, o2;
    solve_opts_default(&o1);
    solve_opts_default(&o2);
    o2.split_probe = 1;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        solve_result_t a, b;
        pos_t p;
        solve_on(one, CASES[i].sfen, &o1, &a, &p);
        solve_on(two, CASES[i].sfen, &o2, &b, &p);
        if (a.status != CASES[i].status || b.status != CASES[i].status || a.plies != CASES[i].plies ||
            b.plies != CASES[i].plies || a.exact != b.exact || a.shortest != b.shortest ||
            (b.status == SOLVE_MATE && !b.shortest))
            test_fail(__FILE__, __LINE__, "%s: one thread %s %d (exact %d), two %s %d (exact %d), expected %s %d",
                      CASES[i].name, solve_status_name(a.status), a.plies, a.exact, solve_status_name(b.status),
                      b.plies, b.exact, solve_status_name(CASES[i].status), CASES[i].plies);
        if (b.status == SOLVE_MATE && !line_plays(&p, b.pv, b.plies))
            test_fail(__FILE__, __LINE__, "%s: the two threads' line does not play", CASES[i].name);
        /* Every problem here has a question past its first node: the proof without a
         * bound is raced (split_race), then the shortening's questions split. */
        if (a.splits != 0 || b.splits < 1 + (b.status == SOLVE_MATE))
            test_fail(__FILE__, __LINE__, "%s: %d and %d questions split", CASES[i].name, a.splits, b.splits);
        solve_result_free(&a);
        solve_result_free(&b);
    }
    solver_free(one);
    solver_free(two);
}

/* Bounded questions (tsume check), split from their first node: just below a length no
 * mate, at it a mate of it. */
TEST(solver_split_bounded)
{
    solver_t *two = solver_new_threads(32, 2);
    CHECK(two != NULL);
    if (!two)
        return;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        if (CASES[i].status != SOLVE_MATE)
            continue;
        for (int d = 2; d >= 0; d -= 2) {
            solve_opts_t o;
            solve_opts_default(&o);
            o.split_probe = 1;
            o.max_plies = CASES[i].plies - d;
            solve_result_t r;
            pos_t p;
            solve_on(two, CASES[i].sfen, &o, &r, &p);
            if (r.status != (d ? SOLVE_NOMATE : SOLVE_MATE) || (!d && r.plies != CASES[i].plies) || r.splits < 1)
                test_fail(__FILE__, __LINE__, "%s within %d: %s %d", CASES[i].name, o.max_plies,
                          solve_status_name(r.status), r.plies);
            solve_result_free(&r);
        }
    }
    solver_free(two);
}

/* A node limit holds for the threads together: a question stops when their nodes reach
 * its share, give or take a progress report's worth on each (about 100 ms). */
TEST(solver_split_node_limit)
{
    static const char *ZUKO37 = "1R7/9/g1+P6/+P2s5/1+bk+pg4/GN1Rl4/Pn+p6/3S5/9 b B2N3Pg2s3l10p 1";
    solver_t *two = solver_new_threads(64, 2);
    CHECK(two != NULL);
    if (!two)
        return;
    solve_opts_t o;
    solve_opts_default(&o);
    o.node_limit = 1000000;
    solve_result_t r;
    pos_t p;
    solve_on(two, ZUKO37, &o, &r, &p);
    /* The proof (0.22 M nodes) on one thread, then "within 21" (10.6 M) split. */
    CHECK_INT(r.status, SOLVE_MATE);
    CHECK_INT(r.plies, 23);
    CHECK(!r.shortest);
    CHECK(r.splits >= 1);
    uint64_t searched = r.phase_nodes[SOLVE_PHASE_PROOF] + r.phase_nodes[SOLVE_PHASE_SHORTEST];
    if (searched < o.node_limit || searched > o.node_limit + 400000)
        test_fail(__FILE__, __LINE__, "%llu nodes for the proof and the shortening under a limit of %llu",
                  (unsigned long long)searched, (unsigned long long)o.node_limit);
    solve_result_free(&r);
    solver_free(two);
}

/* Zuko 第90番 (67 plies) on two threads, eight times: the length certified is one
 * thread's every time.  A question's first 100,000 nodes alone (split.c) could stop a
 * defender node just after a chained interposition's own search came back disproven,
 * before its delay-rule test, and the node was stored as disproven on that reply; the
 * rest of the question took it as certain, and 4 of 16 runs certified 69 plies (the
 * interposition P*5h counted).  The search now leaves such a node undecided (dfpn.c).
 * Two threads' node counts vary, and a run may end its 3 M nodes for the shortening
 * before the certificate (one of eight did, in a fresh clone's CI on 2026-11-29): that
 * run is no wrong answer as long as its bound is not below 67, but half the runs must
 * certify at least, or the test would no longer look where the bug was. */
TEST_LONG(solver_threads_certify_zuko90)
{
    if (test_sanitized())
        return; /* eight solves of 3 M nodes: the release build's */
    solver_t *two = solver_new_threads(128, 2);
    CHECK(two != NULL);
    if (!two)
        return;
    solve_opts_t o;
    solve_opts_default(&o);
    o.node_limit = 50000000;
    o.shorten_nodes = 3000000;
    int wrong = 0, certified = 0;
    for (int i = 0; i < 8; i++) {
        solve_result_t r;
        pos_t p;
        solve_on(two, "3B1glk1/+Pp2Pp1l1/1S3+RP1s/2s2+B3/S6N1/2pl3p1/2+p6/2G6/+RG3P1Pg b L3n8p 1", &o, &r, &p);
        certified += r.status == SOLVE_MATE && r.shortest;
        if (r.status != SOLVE_MATE || (r.shortest && r.plies != 67) || r.within < 67)
            wrong++, test_fail(__FILE__, __LINE__, "run %d: %s %d (shortest %d, within %d), expected 67", i,
                               solve_status_name(r.status), r.plies, r.shortest, r.within);
        solve_result_free(&r);
    }
    CHECK_INT(wrong, 0);
    CHECK(certified >= 4);
    solver_free(two);
}

/* Zuko 第80番 on two threads: no delay-rule test is counted as stopped by its budget,
 * as on one thread.  The solve's own thread on a split question was stopped by the
 * question's end (another thread's proof) as by a soft stop, which a nested search
 * forgives: a delay test it cut off came back undecided, was counted among the tests
 * stopped by their budget (futile_stops, which make the certification search again
 * with larger budgets) and counted its interposition as defence, marked unsure.  Before
 * the fix (split.c: take_part) 3 of 4 two-thread solves counted 1 or 2 such tests, and
 * the test failed in one of its two runs. */
TEST_LONG(solver_split_question_end_stops_no_delay_test)
{
    if (test_sanitized())
        return; /* five solves of 3 M nodes: the release build's */
    const char *sfen = "4+Pn1Sl/5B3/3l1Rppp/3+s1+r3/2p1k1g2/6B2/3G+p4/9/9 b 2S2g3n2l12p 1";
    solve_opts_t o;
    solve_opts_default(&o);
    o.node_limit = 50000000;
    o.shorten_nodes = 3000000;
    for (int threads = 1; threads <= 2; threads++) {
        solver_t *s = solver_new_threads(128, threads);
        CHECK(s != NULL);
        if (!s)
            return;
        for (int i = 0; i < (threads == 1 ? 1 : 4); i++) {
            solve_result_t r;
            pos_t p;
            solve_on(s, sfen, &o, &r, &p);
            CHECK_INT(r.status, SOLVE_MATE);
            if (threads == 1 || r.shortest) /* two threads' uncertified lines may vary */
                CHECK_INT(r.plies, 29);
            if (r.futile_stops)
                test_fail(__FILE__, __LINE__, "%d thread(s), run %d: %llu delay tests counted as stopped by their "
                          "budget", threads, i, (unsigned long long)r.futile_stops);
            solve_result_free(&r);
        }
        solver_free(s);
    }
}

/* Two threads hammer eight buckets' worth of boards (64 boards and 4 hands a bucket, so
 * entries are replaced all the time), each storing working numbers whose dn is pn plus
 * a mark of the board and hand, and probing what the other stores: a probe that met an
 * entry half written (a tag of one board over the entry of another, or pn of one store
 * and dn of another) would break the pair.  Without the bucket locks some probe breaks
 * it in every run on two cores. */
typedef struct {
    tt_t *tt;
    uint64_t mask; /* boards k * (mask + 1) + b share bucket b */
    unsigned seed;
    int torn, seen;
} hammer_t;

static void *hammer(void *arg)
{
    hammer_t *h = arg;
    unsigned x = h->seed;
    for (int i = 0; i < 2000000; i++) {
        x = x * 1103515245u + 12345u;
        uint64_t board = x >> 8 & 63, key = board * (h->mask + 1) + (x >> 4 & 7);
        hand_t hand = (hand_t)(x >> 20 & 3);
        uint32_t pn = 2 + (x >> 12 & 0xFFFF), mark = 1 + (uint32_t)(board * 4 + hand);
        if (x & 1) {
            tt_store(h->tt, key, hand, pn, pn + mark, MOVE_NONE, 1);
        } else {
            tt_probe_t e = tt_probe(h->tt, key, hand, 9);
            if (e.found) {
                h->seen++;
                h->torn += e.dn != e.pn + mark;
            }
        }
    }
    return NULL;
}

TEST(solver_split_table_views)
{
    tt_t tt, view;
    CHECK(tt_init(&tt, 4 << 20));
    tt_new_search(&tt);
    CHECK_INT(tt_buckets_in_use(&tt), 4096); /* a problem starts on a quarter of it */
    struct tt_shared *share = tt_shared_new();
    CHECK(share != NULL);
    tt_store_proof(&tt, 77, 0, 0, 5, MOVE_NONE, 1, false, false);
    tt_share(&tt, share, &view);
    CHECK_INT(tt_buckets_in_use(&tt), 4096); /* not widened: it grows at barriers */
    CHECK_INT(tt_buckets_in_use(&view), 4096);
    CHECK_INT(tt_probe(&view, 77, 0, 5).pn, 0);
    tt_store_disproof(&view, 78, hand_full(), 0, 9, MOVE_NONE, 1, false, false);
    CHECK_INT(tt_probe(&tt, 78, 0, 9).dn, 0);

    hammer_t a = {&tt, tt.mask, 1, 0, 0}, b = {&view, view.mask, 2, 0, 0};
    pthread_t other;
    CHECK(pthread_create(&other, NULL, hammer, &b) == 0);
    hammer(&a);
    pthread_join(other, NULL);
    CHECK(a.seen > 1000 && b.seen > 1000);
    CHECK_INT(a.torn + b.torn, 0);

    tt_leave(&view);
    tt_leave(&tt);
    tt_unshare(&tt);
    CHECK(tt.share == NULL);
    CHECK(tt.used >= 2 && tt.used <= 4096 * TT_BUCKET); /* every thread's stores, as entries */
    CHECK_INT(tt_buckets_in_use(&tt), 4096); /* the hammers never met a barrier */
    tt_shared_free(share);
    tt_free(&tt);
}

/* Growth while shared: two threads store proofs of boards of their own, meeting the
 * barrier after each store as the search does between nodes; one leaves early, and the
 * other is not held for it.  The keys i * K for odd K fill the buckets evenly (their low
 * bits run through every value), so nothing is replaced and every proof must be found,
 * moved by the doublings, when the owner takes the table back. */
typedef struct {
    tt_t *view;
    uint64_t from, n;
} grower_t;

#define GROW_K 0x9E3779B97F4A7C15ull

static void *grower(void *arg)
{
    grower_t *g = arg;
    for (uint64_t i = g->from; i < g->from + g->n; i++) {
        tt_store_proof(g->view, i * GROW_K, 0, 0, 7, MOVE_NONE, 1, false, false);
        tt_sync(g->view);
    }
    tt_leave(g->view);
    return NULL;
}

TEST(solver_split_table_grows_shared)
{
    tt_t tt, va, vb;
    CHECK(tt_init(&tt, 4 << 20)); /* 16384 buckets */
    tt_new_search(&tt);
    struct tt_shared *share = tt_shared_new();
    CHECK(share != NULL);
    tt_share(&tt, share, &va);
    tt_share(&tt, share, &vb);
    tt_leave(&tt); /* the owner's thread does not search here */
    grower_t a = {&va, 1, 200}, b = {&vb, 1000, 40000};
    pthread_t ta, tb;
    CHECK(pthread_create(&ta, NULL, grower, &a) == 0);
    CHECK(pthread_create(&tb, NULL, grower, &b) == 0);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    tt_unshare(&tt);
    CHECK_INT(tt_buckets_in_use(&tt), 16384); /* 4096 -> 8192 -> 16384 */
    CHECK_INT(tt.used, 40200);
    int lost = 0;
    for (uint64_t i = 1; i < 41000; i++)
        if ((i <= 200 || i >= 1000) && tt_probe(&tt, i * GROW_K, 0, 7).pn != 0)
            lost++;
    CHECK_INT(lost, 0);
    tt_shared_free(share);
    tt_free(&tt);
}
#undef GROW_K

/* A check the table already refutes is left off the common list (split.c: open_checks);
 * when that refutation rests on a stopped delay-rule test, so does the question's answer,
 * as one thread's would (a review found it dropped: the split's "no" then read as
 * certain).  Zuko 36, 13 plies, within 11: a true disproof of G*2e planted, marked
 * unsure; the split's own searches refute the other six checks without meeting it. */
TEST(solver_split_keeps_unsure_of_checks_left_out)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 32);
    sh.split = split_new(1, 8u << 20);
    CHECK(sh.split != NULL);
    sh.split_probe = 1;
    pos_t p;
    if (sh.split && parse_or_fail(&p, CASES[5].sfen)) {
        move_t m;
        undo_t u;
        char err[SFEN_ERR_MAX];
        CHECK(usi_parse_legal(&p, "G*2e", &m, err, sizeof err));
        pos_do(&p, m, &u);
        tt_store_disproof(&tt, dfpn_key(&p, MODE_COMPOSER), p.hand[BLACK], p.hand[BLACK], 10, MOVE_NONE, 1, false,
                          true);
        pos_undo(&p, m, &u);
        dfpn_result_t r = split_ask(&sh, &p, BLACK, MODE_COMPOSER, 11, 0);
        CHECK_INT(r.status, DFPN_DISPROVEN);
        CHECK(r.unsure);
        CHECK_INT(sh.splits, 1);
    }
    split_free(sh.split);
    search_end(&sh, &tt);
}
