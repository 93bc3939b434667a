/*
 * expect.c: expected answers and the verdict on an answer (expect.h).
 */
#include "expect.h"

#include <string.h>

#include "solve_common.h"

/* N after prefix: a whole number from 1 to SOLVER_MAX_PLY, and nothing else. */
static bool number_after(const char *text, const char *prefix, int *n)
{
    size_t k = strlen(prefix);
    uint64_t v;
    if (strncmp(text, prefix, k) || !arg_uint(text + k, 1, SOLVER_MAX_PLY, &v))
        return false;
    *n = (int)v;
    return true;
}

expect_t expect_parse(const char *text)
{
    expect_t e = {EXPECT_NONE, 0};
    if (!text)
        return e;
    if (number_after(text, "", &e.plies))
        e.kind = EXPECT_PLIES;
    else if (!strcmp(text, "nomate"))
        e.kind = EXPECT_NOMATE;
    else if (number_after(text, "nomate<=", &e.plies))
        e.kind = EXPECT_NOMATE_WITHIN;
    else if (number_after(text, "mate<=", &e.plies))
        e.kind = EXPECT_MATE_WITHIN;
    return e;
}

/* A mate line of plies L is a proof that the shortest mate is at most L; with exact, it
 * is the shortest. */
expect_verdict_t expect_judge(const expect_t *e, const solve_result_t *r)
{
    if (r->status != SOLVE_MATE && r->status != SOLVE_NOMATE)
        return EXPECT_UNDECIDED;
    bool mate = r->status == SOLVE_MATE, exact = mate && r->exact;
    int len = r->plies, n = e->plies;
    switch (e->kind) {
    case EXPECT_PLIES:
        if (!mate || len < n)
            return EXPECT_MISMATCH;
        return !exact ? EXPECT_UNDECIDED : len == n ? EXPECT_MATCH : EXPECT_MISMATCH;
    case EXPECT_NOMATE:
        return mate ? EXPECT_MISMATCH : EXPECT_MATCH;
    case EXPECT_NOMATE_WITHIN:
        if (!mate || (exact && len > n))
            return EXPECT_MATCH;
        return len <= n ? EXPECT_MISMATCH : EXPECT_UNDECIDED;
    case EXPECT_MATE_WITHIN:
        if (!mate || (exact && len > n))
            return EXPECT_MISMATCH;
        return len <= n ? EXPECT_MATCH : EXPECT_UNDECIDED;
    case EXPECT_NONE:
        break;
    }
    return EXPECT_UNDECIDED;
}
