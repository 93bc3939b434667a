/*
 * solver_range.c: the hand ranges of exact proofs (tt.h, dfpn_delay.c).  A proof that
 * rests on the delay rule is not monotone in the attacker's hand, but holds for the
 * hands from its own up to a largest one the search works out.  Each claim is checked
 * here against a search of its own: every position with one piece more for the attacker
 * (taken from the defender's hand) that the range covers must be mated as well, found on
 * a fresh table, so that nothing the first search stored can answer for it.
 *
 * The position, from Zuko 第98番's search: two dragons against a bare king, the defender
 * holding every other piece; the dragon on 7a checks along the first rank, and the drops
 * on 6a and 5a only delay the mate.
 */
#include "../movegen/usi_move.h"
#include "../solver/futile.h"
#include "../solver/hand.h"
#include "solver_util.h"

#define DRAGONS "2+R2k3/9/4+R4/9/9/9/9/9/9 w 2b4g4s4n4l18p 26"

/* p with one piece of type pt passed from the defender's hand to the attacker's. */
static pos_t one_more(const pos_t *p, ptype_t pt)
{
    pos_t q = *p;
    pos_hand_remove(&q, WHITE, pt);
    pos_hand_add(&q, BLACK, pt);
    return q;
}

/* A position and the bound it is asked at. */
typedef struct {
    const char *sfen;
    int len;
} range_case_t;

/* q solved within len on a fresh table, so that nothing another search stored answers. */
static dfpn_result_t solve_fresh(pos_t *q, int len)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 1);
    dfpn_result_t r = dfpn_solve(&sh, q, BLACK, MODE_COMPOSER, len, NULL);
    search_end(&sh, &tt);
    return r;
}

/* The piece types the range hi covers one more of, the defender having one to give. */
static int widened(const pos_t *p, hand_t hi, ptype_t *out)
{
    int n = 0;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++)
        if (hand_count(p->hand[WHITE], pt) > 0 && hand_ge(hi, hand_add_sat(p->hand[BLACK], pt)))
            out[n++] = pt;
    return n;
}

/* The capture half of the test for L*6a within 6 plies passes, and its range reaches
 * the kept position's hand (a lance more): the handed-back position's proof answers for
 * it.  Each hand in the range passes the test again on a fresh table. */
TEST(range_of_a_delay_test)
{
    pos_t d;
    if (!parse_or_fail(&d, DRAGONS))
        return;
    move_t m;
    char err[64];
    CHECK(usi_parse_legal(&d, "L*6a", &m, err, sizeof err));
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 1);
    bool square_fails, unsure;
    hand_t hi;
    CHECK_INT(futile_delay_capture(&sh, &d, BLACK, m, 6, &square_fails, &unsure, &hi, NULL), 1);
    CHECK(!unsure);
    search_end(&sh, &tt);
    CHECK(hand_ge(hi, hand_one(LANCE)));

    ptype_t types[8];
    int n = widened(&d, hi, types);
    CHECK(n >= 1);
    for (int i = 0; i < n; i++) {
        pos_t q = one_more(&d, types[i]);
        sh = search_begin(&tt, 1);
        int v = futile_delay_capture(&sh, &q, BLACK, m, 6, &square_fails, &unsure, &hi, NULL);
        search_end(&sh, &tt);
        if (v != 1)
            test_fail(__FILE__, __LINE__, "one %c more: the test gives %d", "-PLNSBRG"[types[i]], v);
    }
}

/* Defender's nodes of the same search whose proofs rest on drops left out for a
 * witness further down: exact, each with a range, which each covered hand confirms. */
TEST(range_of_witness_proofs)
{
    static const struct {
        const char *sfen;
        int len, types; /* the bound, and how many piece types the range reaches at least */
    } cases[] = {
        {"k8/P8/2+R6/2R6/9/9/9/9/9 w 2b4g4s4n4l17p 26", 6, 5},
        {"9/1k4+R2/9/2R6/9/9/9/9/9 w G2b3g4s4n4l18p 24", 8, 5},
        /* from other Zuko searches, within 2: the witness interposes and counts even
         * with the defender's hand all but gone (range_of_an_interposing_witness) */
        {"9/9/l+L7/3+B5/5S3/p4p3/k2Pp2P1/2+R6/4R4 w B3SN2P4g3n2l11p 72", 2, 4},
        {"1+R2k1p2/3g5/4p+B3/9/S8/5L3/+p1lNn4/1s1s2+p2/2g6 w 2NLPrb2gsl13p 52", 2, 1},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        pos_t d;
        if (!parse_or_fail(&d, cases[c].sfen))
            return;
        dfpn_result_t r = solve_fresh(&d, cases[c].len);
        CHECK_INT(r.status, DFPN_PROVEN);
        CHECK_INT(r.plen, cases[c].len);
        CHECK(r.exact);
        CHECK(!r.unsure);

        ptype_t types[8];
        int n = widened(&d, r.hi, types);
        CHECK(n >= cases[c].types);
        for (int i = 0; i < n; i++) {
            pos_t q = one_more(&d, types[i]);
            dfpn_result_t s = solve_fresh(&q, cases[c].len);
            if (s.status != DFPN_PROVEN)
                test_fail(__FILE__, __LINE__, "%s, one %c more: status %d", cases[c].sfen, "-PLNSBRG"[types[i]],
                          (int)s.status);
        }
    }
}

/* p with one piece of type pt passed from the attacker's hand (colour a) to the defender's. */
static pos_t one_fewer(const pos_t *p, color_t a, ptype_t pt)
{
    pos_t q = *p;
    pos_hand_remove(&q, a, pt);
    pos_hand_add(&q, (color_t)!a, pt);
    return q;
}

/* Disproofs whose refutation is an interposition the capture test let count, from Zuko
 * 第98番's search.  They hold with fewer attacker pieces too (the reply still counts:
 * the test's failing positions are disproven with less as well), so they are stored for
 * every smaller hand, not for their own alone; the table answers each hand with a piece
 * fewer, which a search of its own on a fresh table confirms. */
TEST(range_of_counted_interpositions)
{
    static const range_case_t cases[] = {
        {"1+R5k1/9/9/9/9/9/9/9/9 w 2Pr2b4g4s4n4l16p 16", 14},
        {"1R5k1/5p3/9/9/9/9/9/9/9 w Pr2b4g4s4n4l16p 18", 12},
        {"1+R4k2/6p2/9/9/9/9/9/9/9 w Gr2b3g4s4n4l17p 12", 18},
        {"+R8/6p1k/9/9/9/9/9/9/9 b Sr2b4g3s4n4l17p 9", 21},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        pos_t d;
        if (!parse_or_fail(&d, cases[c].sfen))
            return;
        tt_t tt;
        dfpn_shared_t sh = search_begin(&tt, 1);
        dfpn_result_t r = dfpn_solve(&sh, &d, BLACK, MODE_COMPOSER, cases[c].len, NULL);
        CHECK_INT(r.status, DFPN_DISPROVEN);
        CHECK(!r.exact);
        CHECK(!r.unsure);
        CHECK(hand_ge(r.hand, d.hand[BLACK]));
        ptype_t types[8];
        int n = 0;
        for (ptype_t pt = PAWN; pt <= GOLD; pt++)
            if (hand_has(d.hand[BLACK], pt)) {
                types[n++] = pt;
                pos_t q = one_fewer(&d, BLACK, pt);
                tt_probe_t t = dfpn_probe(&sh, &q, BLACK, MODE_COMPOSER, cases[c].len);
                if (!t.found || t.dn != 0)
                    test_fail(__FILE__, __LINE__, "%s: the table has no disproof with one %c fewer", cases[c].sfen,
                              "-PLNSBRG"[pt]);
            }
        search_end(&sh, &tt);
        CHECK(n >= 1);
        for (int i = 0; i < n; i++) {
            pos_t q = one_fewer(&d, BLACK, types[i]);
            dfpn_result_t s = solve_fresh(&q, cases[c].len);
            if (s.status != DFPN_DISPROVEN)
                test_fail(__FILE__, __LINE__, "%s, one %c fewer: status %d", cases[c].sfen, "-PLNSBRG"[types[i]],
                          (int)s.status);
        }
    }
}

/* A defender's node within 2 from Zuko's searches, proven with a drop left out for a
 * witness that interposes itself.  No disproof bounds such a witness's range, and with
 * fewer defender pieces an interposition may turn futile (the capture rule) and be no
 * witness (a review).  This one's turns futile with the defender's hand all but gone, so
 * its proof holds for its own hand only; the two of range_of_witness_proofs within 2
 * count there, and their wider ranges are confirmed.  (With this range as wide, no hand
 * of it up to all the defender's pieces is found not mated within 2 either: of 1,404
 * such nodes of Zuko, 6 narrow, none of them wrongly.) */
TEST(range_of_an_interposing_witness)
{
    pos_t d;
    if (!parse_or_fail(&d, "k2+R5/g1Rl2s2/3p5/Pp3l3/2L3p1+P/7n1/1lG6/1N3+p3/5P3 w 2b2g3s2n11p 34"))
        return;
    dfpn_result_t r = solve_fresh(&d, 2);
    CHECK_INT(r.status, DFPN_PROVEN);
    CHECK_INT(r.plen, 2);
    CHECK(r.exact);
    CHECK(r.hi == d.hand[BLACK]);
}
