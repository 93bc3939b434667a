/*
 * solver_verify.c: which mating alternative of the attacker is a choice as good as the
 * main line's move (solver/verify.c: verify_choice_kind) and which is a cook.  Only the
 * same move with the other promotion, the same piece to another square of the same ray
 * from the king (非限定: nearer or farther, 以遠打), or another kind of piece dropped on
 * the same square are choices; every other mating check is a cook.  The squares of one
 * line on the two sides of the king are two attacks, a cook: the whole line counted
 * before (Zuko 第69番 at ply 13, R*2i and R*5i around the king on 4i, was listed as
 * `square`).  The verdict-level effect is in front_verify.c (Muso 第39番).
 * And what pieces left at the mate weigh in the verdict (verify_conclude): a flaw when
 * their count is certain, no verdict on their own when it is not.
 */
#include "test.h"

#include <stdlib.h>
#include <string.h>

#include "../movegen/usi_move.h"
#include "../solver/verify.h"
#include "../solver/verify_internal.h"

static square_t sq(const char *s) { return make_sq(s[0] - '1', s[1] - 'a'); }

static move_t mv(const char *usi)
{
    move_t m = 0;
    char err[128];
    if (!usi_parse_syntax(usi, &m, err, sizeof err))
        test_fail(__FILE__, __LINE__, "bad move %s: %s", usi, err);
    return m;
}

TEST(verify_choice_kind_rules)
{
    static const struct {
        const char *king, *m, *main;
        verify_kind_t kind;
    } CASES[] = {
        {"4i", "R*1i", "R*2i", FIND_SQUARE}, /* both right of the king on rank i */
        {"4i", "R*5i", "R*2i", FIND_COOK},   /* the king between them */
        {"4i", "R*9i", "R*2i", FIND_COOK},
        {"7d", "G*7c", "G*7e", FIND_COOK},   /* a gold above and below: two attacks */
        {"8c", "L*8i", "L*8f", FIND_SQUARE}, /* a lance nearer or farther */
        {"7d", "B*4a", "B*6c", FIND_SQUARE}, /* one diagonal, one side */
        {"7d", "B*8e", "B*6c", FIND_COOK},   /* one diagonal, the two sides */
        {"7d", "B*5c", "B*6c", FIND_COOK},   /* not aligned with the king */
        {"7d", "R*6c", "B*6c", FIND_PIECE},  /* another piece on the square */
        {"7h", "G*6i", "S*6i", FIND_PIECE},
        {"4g", "2f1g", "2f2g", FIND_SQUARE}, /* one board piece, one side of the king */
        {"2g", "2f1g", "2f3g", FIND_COOK},   /* ... the king between */
        {"5e", "2f3g", "2f2g", FIND_COOK},   /* ... squares not aligned with the king */
        {"5e", "3c6c+", "3c6c", FIND_PROMOTION},
        {"5e", "3c6c", "3c6c+", FIND_PROMOTION},
        {"4a", "5c5b", "6c5b", FIND_COOK},   /* two pieces to one square */
        {"4a", "5c5b", "R*5b", FIND_COOK},   /* a board move and a drop */
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        verify_kind_t got = verify_choice_kind(sq(CASES[i].king), mv(CASES[i].m), mv(CASES[i].main));
        if (got != CASES[i].kind)
            test_fail(__FILE__, __LINE__, "king %s, %s beside %s: %s, expected %s", CASES[i].king, CASES[i].m,
                      CASES[i].main, verify_kind_name(got), verify_kind_name(CASES[i].kind));
    }
    /* No king (a problem without the defender's): only the promotion choice stays one. */
    CHECK_INT(verify_choice_kind(SQ_NONE, mv("R*1i"), mv("R*2i")), FIND_COOK);
    CHECK_INT(verify_choice_kind(SQ_NONE, mv("3c6c+"), mv("3c6c")), FIND_PROMOTION);
}

/* A certified main line of 3 plies, as stated, ending with one piece in hand (sure or
 * not), with a cook at ply 3 or without; verify_conclude's verdict on it. */
static verify_verdict_t conclude(bool sure, bool cook, int *nfindings)
{
    verify_result_t v = {.stated = 3, .verdict = VERDICT_SOUND};
    v.solve.status = SOLVE_MATE;
    v.solve.plies = v.solve.within = 3;
    v.solve.pv = malloc(sizeof *v.solve.pv * 3);
    if (!v.solve.pv)
        test_fail(__FILE__, __LINE__, "out of memory");
    v.solve.pv[0] = mv("G*5b"), v.solve.pv[1] = mv("5a4a"), v.solve.pv[2] = mv("G*4b");
    v.solve.exact = v.solve.shortest = 1;
    v.solve.leftover = 1;
    v.solve.leftover_sure = sure;
    int cap = 0;
    if (cook && !verify_append(&v, &cap, 3, FIND_COOK, NULL, 0, v.solve.pv + 2, 1))
        test_fail(__FILE__, __LINE__, "out of memory");
    verify_conclude(&v);
    *nfindings = v.nfindings;
    bool leftover = false;
    for (int i = 0; i < v.nfindings; i++)
        leftover |= v.findings[i].kind == FIND_LEFTOVER;
    if (!leftover)
        test_fail(__FILE__, __LINE__, "no leftover finding (sure %d, cook %d)", sure, cook);
    verify_verdict_t verdict = v.verdict;
    verify_result_free(&v);
    return verdict;
}

/* Pieces left whose count the walk did not finish weighing (leftover_sure false: another
 * line as long may leave none) are listed, but make no cooked verdict on their own. */
TEST(verify_conclude_leftover_sure)
{
    int n;
    CHECK_INT(conclude(true, false, &n), VERDICT_COOKED);
    CHECK_INT(n, 1);
    CHECK_INT(conclude(false, false, &n), VERDICT_UNKNOWN);
    CHECK_INT(n, 1);
    CHECK_INT(conclude(false, true, &n), VERDICT_COOKED); /* the cook decides */
    CHECK_INT(n, 2);
    CHECK_INT(conclude(true, true, &n), VERDICT_COOKED);
}

/* On an uncertified line a cook after a proven longer defence is no verdict: the line may
 * leave the rules' at the longer defence, before the cook (open_before).  The longer
 * defence made first_avoidable give up, and the verdict stayed cooked. */
TEST(verify_ties_longer_before_cook)
{
    for (int longer_first = 0; longer_first < 2; longer_first++) {
        verify_result_t v;
        memset(&v, 0, sizeof v);
        move_t *pv = calloc(9, sizeof *pv);
        v.solve.status = SOLVE_MATE, v.solve.plies = 9, v.solve.pv = pv, v.solve.within = 9;
        int cap = 0;
        move_t m[3] = {1, 2, 3};
        /* a longer defence at ply 2 and a cook at ply 5, or the cook first */
        CHECK(verify_append(&v, &cap, longer_first ? 2 : 6, FIND_LONGER, NULL, 0, m, 3));
        CHECK(verify_append(&v, &cap, 5, FIND_COOK, NULL, 0, m, 3));
        verify_sort_findings(&v);
        verify_conclude(&v);
        CHECK_INT(v.verdict, VERDICT_COOKED);
        verify_ties(NULL, NULL, NULL, &v, 0);
        CHECK_INT(v.verdict, longer_first ? VERDICT_UNKNOWN : VERDICT_COOKED);
        CHECK_INT(v.flaws_open, longer_first ? 5 : 0);
        verify_clear_findings(&v);
        free(pv);
    }
}
