/*
 * solver_symmetry.c: a problem turned half a turn with the colours swapped (White
 * mating), reflected file for file, or both, is the same problem, with the same answer:
 * status, length and pieces left in hand.  The search does not see it so: its move order
 * and its table's keys differ, so it takes other paths, often another of several equally
 * long lines, and under a limit may certify a length in one orientation that it leaves
 * open in another (the transforms: symmetry.h).
 *
 * Over the bench's 208 Zuko and Muso problems at its limits, in all four orientations
 * (tools/BENCH-LOG.md, sixth session of 2026-11-29): every status the same, every length
 * certified in two orientations the same; 7 certified lines ended with another count of
 * pieces left in one orientation or more, the attacker's choice among equally short mates
 * being made among the mates its table held; none since the look-ahead's 20,000 steps
 * (line.c).  The problems below are ones whose answers agree in every orientation,
 * pieces left included, with rules each colour applies on its own side of the board: the
 * pawn-drop mate ban and futile and effective interpositions.
 */
#include <string.h>

#include "../movegen/sfen.h"
#include "../solver/solver.h"
#include "symmetry.h"
#include "test.h"

typedef struct {
    const char *sfen, *what;
    solve_status_t status;
    int plies, leftover; /* a mate's, certified (exact) */
} case_t;

static const case_t CASES[] = {
    {"6kp1/8n/5R1L1/4+b2sB/6N2/9/6L2/9/9 b r4g3s2n2l17p 1", "Zuko 第92番", SOLVE_MATE, 13, 0},
    {"7n1/5+B+P1r/7k1/7+p1/6P2/7N1/7N1/8B/9 b N2Pr4g4s4l13p 1", "Zuko 第18番", SOLVE_MATE, 23, 0},
    {"9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1", "Zuko 第2番", SOLVE_MATE, 21, 0},
    {"3g1+P1g1/3S2Ps1/2PpPkL2/4L4/4p2G1/4S4/1B1N1N3/1NN6/B6+r1 b Lrgsl12p 1", "Zuko 第22番", SOLVE_MATE, 51, 0},
    {"9/9/9/1+P1+B5/1p2S4/+pn7/1k2G4/s8/+l1L+p1+B3 b 3G2r2s3n2l14p 1", "Muso 第77番", SOLVE_MATE, 11, 0},
    {"2B3l2/5lg2/5p1n1/6k1g/5P2+B/5Sg1N/6N+l1/9/9 b SN2rg2sl16p 1", "Muso 第38番", SOLVE_MATE, 15, 0},
    {"9/4+r4/9/l1S6/n1+B1n4/2+p2+R3/3PGp3/pp1+l5/1+B1kP1+p2 b 2GS2NPg2s2l10p 1", "Muso 第91番", SOLVE_MATE, 31, 0},
    /* Two whose pieces left once depended on the orientation (0 or 1; 3 or 2), the
     * leftover look-ahead weighing only the attacker's mates its table held (line.c). */
    {"9/9/ls7/9/5S2+R/p1S2p3/+lNpPp1+BP1/3k2+pSg/2P2B2R b G2P2g3n2l8p 1", "Zuko 第57番", SOLVE_MATE, 69, 0},
    {"s2k3r1/1B2p+R3/1n7/2Pg5/p1S+b5/2p6/1+p7/9/9 b S3gs3n4l13p 1", "Muso 第21番", SOLVE_MATE, 25, 2},
    /* issue_cases.tsv futile_kh8a: the knight interpositions against the lance are
     * futile under the delay rule (11 plies; 15 if they counted). */
    {"6p2/8k/9/6P2/8+P/9/9/9/8L b G2r2b3g4s4n3l15p 1", "futile_kh8a", SOLVE_MATE, 11, 0},
    /* SPEC D18: the tie among equal defences goes to the one that leaves no piece. */
    {"4g4/1G2k4/6+P2/4S4/9/9/9/9/9 b SN2r2b2g2s3n4l17p 1", "SPEC D18", SOLVE_MATE, 3, 0},
    /* SPEC D1 and D2: the pawn drop P*1b would mate, so it is banned, and there is no mate
     * (in D2 the attacker's king stands on the board too). */
    {"8k/7g1/8N/5B1N1/9/9/9/9/9 b P2rb3g4s2n4l17p 1", "SPEC D1", SOLVE_NOMATE, 0, 0},
    {"7lk/9/7G1/9/9/9/7K1/9/9 b P2r2b3g4s4n3l17p 1", "SPEC D2", SOLVE_NOMATE, 0, 0},
    /* issue_cases.tsv effective_sh14a and b: interpositions that are not futile refute
     * every check. */
    {"9/9/9/6rp1/6k2/3B2B2/2R3S2/9/9 b 4g3s4n4l17p 1", "effective_sh14a", SOLVE_NOMATE, 0, 0},
    {"4k4/3P5/3+B5/3B5/9/9/9/9/9 b L2r4g4s4n3l17p 1", "effective_sh14b", SOLVE_NOMATE, 0, 0},
};

/* Seconds a solve, so the release build's only.  One whose pieces left depended on the
 * orientation after the two above were mended (1 in two orientations, 2 in the others),
 * the leftover look-ahead cut short by its 2,000 steps a choice and scoring lines it
 * could not follow to their mate by the pieces in hand where it stopped (line.c): 3.3 M
 * to 4.1 M nodes each. */
#ifndef TSUME_NO_JEMALLOC /* the sanitizer build: minutes */
static const case_t HEAVY[] = {
    {"9/2+r6/4B4/9/1P1sp4/n1l6/3P2+R2/+B2k1G3/1L1+pP4 b 2N2P3g3sn2l11p 1", "Muso 第67番", SOLVE_MATE, 43, 2},
};
#endif

static void solve_one(solver_t *s, const char *sfen, const char *what, solve_result_t *r)
{
    pos_t p;
    char err[SFEN_ERR_MAX];
    if (!sfen_parse(&p, sfen, SFEN_STRICT, err, sizeof err)) {
        test_fail(__FILE__, __LINE__, "%s (%s): %s", what, sfen, err);
        r->status = SOLVE_ERROR;
        r->pv = NULL;
        return;
    }
    solve_opts_t o;
    solve_opts_default(&o);
    o.node_limit = 5000000; /* a safety net: the dearest but Muso 第67番 takes 0.27 M nodes */
    solver_solve(s, &p, &o, r);
}

static void check_cases(solver_t *s, const case_t *cases, size_t n)
{
    static const char *const NAMES[] = {"as given", "flipped", "mirrored", "flipped and mirrored"};
    for (size_t i = 0; i < n; i++) {
        const case_t *c = &cases[i];
        char turned[4][SFEN_MAX];
        strcpy(turned[0], c->sfen);
        sfen_transform(c->sfen, FLIP, turned[1]);
        sfen_transform(c->sfen, MIRROR, turned[2]);
        sfen_transform(turned[1], MIRROR, turned[3]);
        for (int k = 0; k < 4; k++) {
            solve_result_t r;
            solve_one(s, turned[k], c->what, &r);
            bool ok = r.status == c->status &&
                      (c->status != SOLVE_MATE || (r.plies == c->plies && r.exact && r.leftover == c->leftover));
            if (!ok)
                test_fail(__FILE__, __LINE__, "%s %s (%s): got %s, %d plies, exact %d, %d left; expected %s, %d, 1, %d",
                          c->what, NAMES[k], turned[k], solve_status_name(r.status), r.plies, r.exact, r.leftover,
                          solve_status_name(c->status), c->plies, c->leftover);
            solve_result_free(&r);
        }
    }
}

TEST_LONG(solver_symmetry)
{
    solver_t *s = solver_new(64);
    CHECK(s != NULL);
    if (!s)
        return;
    check_cases(s, CASES, sizeof CASES / sizeof CASES[0]);
#ifndef TSUME_NO_JEMALLOC
    check_cases(s, HEAVY, sizeof HEAVY / sizeof HEAVY[0]);
#endif
    solver_free(s);
}
