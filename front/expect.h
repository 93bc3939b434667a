/*
 * expect.h: `tsume solve --expect`: the expected answer written in a problem file's second
 * column, and whether an answer agrees with it.
 *
 * Forms (those of the files in ../shared/problems; anything else is not an expectation):
 *   N          a mate in exactly N plies (the shortest, under the futility rule in force;
 *              0 when the side to move defends and is mated already: --in-check defend)
 *   nomate     no mate at all
 *   nomate<=N  no mate within N plies (a longer one may exist)
 *   mate<=N    a mate within N plies
 * A number out of range or of another shape in one of these forms (4001, -3, 3.0,
 * nomate<=0), or a form in another case or with blanks (MATE<=3, mate <= 3, NOMATE), is
 * EXPECT_BAD: an expectation that cannot be read, said so, never passed over as no
 * expectation at all.
 * An answer settles an expectation only as far as it is proven: "unknown", an error, or a
 * mate whose length is not proven shortest when the shortest length matters leave it
 * undecided, which is neither a match nor a mismatch.  A mate proven within W plies
 * (solve_result_t.within) settles mate<=N and nomate<=N for N >= W, and N for N > W.
 */
#ifndef TSUME_EXPECT_H
#define TSUME_EXPECT_H

#include <stdbool.h>

#include "../solver/solver.h"
#include "solve_common.h"

typedef enum {
    EXPECT_NONE,
    EXPECT_PLIES,
    EXPECT_NOMATE,
    EXPECT_NOMATE_WITHIN,
    EXPECT_MATE_WITHIN,
    EXPECT_BAD
} expect_kind_t;

typedef struct {
    expect_kind_t kind;
    int plies; /* N of the forms that have one */
} expect_t;

typedef enum { EXPECT_UNDECIDED = -1, EXPECT_MISMATCH = 0, EXPECT_MATCH = 1 } expect_verdict_t;

/* Reads one of the forms above; kind EXPECT_NONE for NULL or anything else. */
/* Why an EXPECT_BAD column is no expectation: "not a length: N, nomate, ...". */
extern const char expect_bad_reason[];
expect_t expect_parse(const char *text);

/* The order to start a batch of problems in: by the length their second column states
 * (N, mate<=N, nomate<=N), longest first, file order among equals and for problems that
 * state none (they go last).  Malloc'd; NULL when no problem states a length (or out of
 * memory): file order then. */
size_t *expect_longest_first(const problem_list_t *l);

/* Compares an answer of `tsume solve` (no length bound) with e (not EXPECT_NONE). */
expect_verdict_t expect_judge(const expect_t *e, const solve_result_t *r);

#endif
