/*
 * movegen_symmetry.c: the rules do not care which side or which wing a position is on.
 * A position turned half a turn with the colours swapped (flip), or reflected file for
 * file (mirror), has the same moves, each turned the same way: the legal moves, the
 * checks, the evasions, the mate in one.  movegen_consistency.c compares the generators
 * with a reference built from the same attack tables, so a table that is wrong for one
 * colour or one wing alone would pass there; here it cannot (the transforms: symmetry.h).
 * Random walks from fixed positions, a fixed seed.
 */
#include <stdlib.h>
#include <string.h>

#include "../movegen/mate1.h"
#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "symmetry.h"
#include "test.h"
#include "walk.h"

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static uint64_t rng(void) { return walk_random(&rng_state); }

static int cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Whether the moves of p turned by t are exactly the moves of q. */
static bool same_moves(const move_t *a, int na, transform_t t, const move_t *b, int nb)
{
    static char sa[MG_MAX_MOVES][8], sb[MG_MAX_MOVES][8];
    if (na != nb)
        return false;
    for (int i = 0; i < na; i++) {
        usi_transform(a[i], t, sa[i]);
        usi_format(b[i], sb[i]);
    }
    qsort(sa, (size_t)na, sizeof sa[0], cmp_str);
    qsort(sb, (size_t)nb, sizeof sb[0], cmp_str);
    return memcmp(sa, sb, sizeof sa[0] * (size_t)na) == 0;
}

static void report(const pos_t *p, transform_t t, const char *what)
{
    char buf[SFEN_MAX];
    test_fail(__FILE__, __LINE__, "%s differs under the %s of %s", what, t == FLIP ? "flip" : "mirror",
              sfen_format(p, buf));
}

static int compared, in_check, mates;

static void check_node(pos_t *p, transform_t t)
{
    char sfen[SFEN_MAX], turned[SFEN_MAX], back[SFEN_MAX], err[SFEN_ERR_MAX];
    sfen_format(p, sfen);
    sfen_transform(sfen, t, turned);
    pos_t q;
    if (!sfen_parse(&q, turned, SFEN_STRICT, err, sizeof err)) {
        test_fail(__FILE__, __LINE__, "%s (turned from %s): %s", turned, sfen, err);
        return;
    }
    sfen_transform(turned, t, back); /* each transform is its own inverse */
    pos_t again;
    if (!sfen_parse(&again, back, SFEN_STRICT, err, sizeof err) ||
        strcmp(sfen_format(&again, back), sfen) != 0)
        report(p, t, "the transform twice");
    compared++;
    move_t a[MG_MAX_MOVES], b[MG_MAX_MOVES];
    int na = mg_legal(p, a), nb = mg_legal(&q, b);
    if (!same_moves(a, na, t, b, nb))
        report(p, t, "mg_legal");
    na = mg_checks(p, a), nb = mg_checks(&q, b);
    if (!same_moves(a, na, t, b, nb))
        report(p, t, "mg_checks");
    if (pos_in_check(p) != pos_in_check(&q))
        report(p, t, "pos_in_check");
    if (pos_in_check(p)) {
        in_check++;
        na = mg_evasions(p, a), nb = mg_evasions(&q, b);
        if (!same_moves(a, na, t, b, nb))
            report(p, t, "mg_evasions");
        if (mg_evasion_class(p) != mg_evasion_class(&q))
            report(p, t, "mg_evasion_class");
    } else {
        /* The mate in one: found on both sides or neither, and the one found for p,
         * turned, mates q as well (a position may have several). */
        move_t m = mg_mate1(p), n = mg_mate1(&q);
        if ((m == MOVE_NONE) != (n == MOVE_NONE)) {
            report(p, t, "mg_mate1");
        } else if (m != MOVE_NONE) {
            mates++;
            char text[8];
            move_t mq;
            usi_transform(m, t, text);
            undo_t u;
            if (!usi_parse_legal(&q, text, &mq, err, sizeof err)) {
                report(p, t, "the mate in one's move");
            } else {
                pos_do(&q, mq, &u);
                if (!pos_in_check(&q) || mg_has_evasion(&q))
                    report(p, t, "the mate in one");
                pos_undo(&q, mq, &u);
            }
        }
    }
}

static void check_both(pos_t *p)
{
    check_node(p, FLIP);
    check_node(p, MIRROR);
}

static const char *const START[] = {
    SFEN_STARTPOS,
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1",
    "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1",
    "8k/7g1/8N/5B1N1/9/9/9/9/9 b P2rb3g4s2n4l17p 1",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1",
    "4k4/9/4P4/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1", /* pawn-drop mate and nifu by the king's file */
};

/* Random walks that prefer checks half of the time, so that check, evasion and mate-in-one
 * nodes are common. */
TEST(movegen_symmetry_walks)
{
    walk_all(START, sizeof START / sizeof START[0], getenv("TSUME_QUICK") ? 300 : 3000, rng, check_both);
    /* The walks do reach what they are meant to compare. */
    int scale = getenv("TSUME_QUICK") ? 1 : 10;
    CHECK(compared == 2 * 8 * 300 * scale);
    CHECK(in_check > 100 * scale);
    CHECK(mates > 10 * scale);
}

/* The transforms themselves, on a position whose every piece kind and both hands show. */
TEST(movegen_symmetry_transform_text)
{
    char out[SFEN_MAX], mv[8];
    sfen_transform("lnsgk2nl/6+R2/p3p1b1p/9/9/9/P1+p6/1B5R1/LNSGKGSNL b Gs2p 3", FLIP, out);
    CHECK_STR(out, "lnsgkgsnl/1r5b1/6+P1p/9/9/9/P1B1P3P/2+r6/LN2KGSNL w gS2P 3");
    sfen_transform("lnsgk2nl/6+R2/p3p1b1p/9/9/9/P1+p6/1B5R1/LNSGKGSNL b Gs2p 3", MIRROR, out);
    CHECK_STR(out, "ln2kgsnl/2+R6/p1b1p3p/9/9/9/6+p1P/1R5B1/LNSGKGSNL b Gs2p 3");
    static const char *const MOVES[][3] = {
        {"7g7f", "3c3d", "3g3f"}, {"P*5e", "P*5e", "P*5e"}, {"8h2b+", "2b8h+", "2h8b+"}, {"N*1c", "N*9g", "N*9c"}};
    for (size_t i = 0; i < sizeof MOVES / sizeof MOVES[0]; i++) {
        move_t m;
        char err[SFEN_ERR_MAX];
        CHECK(usi_parse_syntax(MOVES[i][0], &m, err, sizeof err));
        usi_transform(m, FLIP, mv);
        CHECK_STR(mv, MOVES[i][1]);
        usi_transform(m, MIRROR, mv);
        CHECK_STR(mv, MOVES[i][2]);
    }
}
