/*
 * expect.c: expected answers and the verdict on an answer (expect.h).
 */
#include "expect.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "solve_common.h"

/* N after prefix: a whole number from lo to SOLVER_MAX_PLY, and nothing else. */
static bool number_after(const char *text, const char *prefix, uint64_t lo, int *n)
{
    size_t k = strlen(prefix);
    uint64_t v;
    if (strncmp(text, prefix, k) || !arg_uint(text + k, lo, SOLVER_MAX_PLY, &v))
        return false;
    *n = (int)v;
    return true;
}

_Static_assert(SOLVER_MAX_PLY == 4000, "expect_bad_reason names the longest line");
const char expect_bad_reason[] =
    "not a length: N, nomate, nomate<=N or mate<=N, N a plain number from 0 to 4000 (from 1 after nomate<=)";

/* A form above written otherwise, that number_after refused: a number of any sign, size
 * or shape ("-3", "4001", "3.0", "1e5"), "nomate<=" / "mate<=" in any case and with
 * blanks, whatever follows ("MATE<=3", "mate <= 3", "nomate<=x"), or "nomate" in another
 * case.  Such a column means to state an answer, so it is said to be unread, never taken
 * for no statement. */
static bool number_form(const char *text)
{
    const char *s = text;
    bool no = !strncasecmp(s, "nomate", 6);
    if (no || !strncasecmp(s, "mate", 4)) {
        s += no ? 6 : 4;
        if (!*s)
            return no; /* NOMATE, NoMate (plain "nomate" is read before); "mate" says no length */
        s += strspn(s, " \t");
        return !strncmp(s, "<=", 2); /* a bound, whatever follows; "mate(odd...)": a word */
    }
    /* a number whole, so that a column of USI moves ("3c3b", the stated line) stays one */
    const char *digits = s + (*s == '-' || *s == '+');
    char *end;
    strtod(s, &end);
    return *digits >= '0' && *digits <= '9' && !*end;
}

expect_t expect_parse(const char *text)
{
    expect_t e = {EXPECT_NONE, 0};
    if (!text)
        return e;
    /* A mate in 0 is what solve --in-check defend answers for a side to move that is
     * mated already (or has only futile replies), and what its --format sfen writes. */
    if (number_after(text, "", 0, &e.plies))
        e.kind = EXPECT_PLIES;
    else if (!strcmp(text, "nomate"))
        e.kind = EXPECT_NOMATE;
    else if (number_after(text, "nomate<=", 1, &e.plies))
        e.kind = EXPECT_NOMATE_WITHIN;
    else if (number_after(text, "mate<=", 0, &e.plies))
        e.kind = EXPECT_MATE_WITHIN;
    else if (number_form(text))
        e.kind = EXPECT_BAD, e.plies = 0;
    return e;
}

/* Only what is proven decides: a line from a search a limit cut short can have the
 * defender give up early, so its length says nothing either way about the shortest mate;
 * but a mate within `within` plies is proven even when its length is not (solver.h). */
expect_verdict_t expect_judge(const expect_t *e, const solve_result_t *r)
{
    if (r->status != SOLVE_MATE && r->status != SOLVE_NOMATE)
        return EXPECT_UNDECIDED;
    bool mate = r->status == SOLVE_MATE;
    int len = r->plies, n = e->plies;
    if (e->kind == EXPECT_NOMATE)
        return mate ? EXPECT_MISMATCH : EXPECT_MATCH;
    if (e->kind == EXPECT_NONE || e->kind == EXPECT_BAD)
        return EXPECT_UNDECIDED;
    if (!mate) /* no mate at all: none within n, and none of n */
        return e->kind == EXPECT_NOMATE_WITHIN ? EXPECT_MATCH : EXPECT_MISMATCH;
    if (!r->shortest) {
        int w = r->within;
        if (w > 0 && w <= n && (e->kind == EXPECT_MATE_WITHIN || e->kind == EXPECT_NOMATE_WITHIN))
            return e->kind == EXPECT_MATE_WITHIN ? EXPECT_MATCH : EXPECT_MISMATCH;
        if (w > 0 && w < n && e->kind == EXPECT_PLIES)
            return EXPECT_MISMATCH; /* a mate shorter than stated */
        return EXPECT_UNDECIDED;
    }
    bool ok = e->kind == EXPECT_PLIES ? len == n : e->kind == EXPECT_MATE_WITHIN ? len <= n : len > n;
    return ok ? EXPECT_MATCH : EXPECT_MISMATCH;
}

typedef struct {
    size_t index;
    int plies;
} keyed_t;

static int longer_first(const void *a, const void *b)
{
    const keyed_t *x = a, *y = b;
    if (x->plies != y->plies)
        return x->plies < y->plies ? 1 : -1;
    return (x->index > y->index) - (x->index < y->index); /* file order among equals */
}

size_t *expect_longest_first(const problem_list_t *l)
{
    keyed_t *k = malloc(sizeof *k * (l->n ? l->n : 1));
    size_t *order = malloc(sizeof *order * (l->n ? l->n : 1));
    bool any = false;
    for (size_t i = 0; k && order && i < l->n; i++) {
        expect_t e = expect_parse(l->items[i].expect);
        k[i] = (keyed_t){i, e.kind == EXPECT_NOMATE ? 0 : e.plies};
        any |= k[i].plies > 0;
    }
    if (!k || !order || !any) {
        free(k);
        free(order);
        return NULL;
    }
    qsort(k, l->n, sizeof *k, longer_first);
    for (size_t i = 0; i < l->n; i++)
        order[i] = k[i].index;
    free(k);
    return order;
}
