/*
 * solver_differences.c: the problems of tests/data/length_differences.tsv, where our
 * proven-shortest length differs from the length in problems/zuko.sfen or problems/muso.sfen
 * (the reason is in the file's fourth column and in problems/DIFFERENCES.md).  Every
 * problem of the two files whose length is proven and found different has a row: 40
 * proven within the bench's limits (Bench: 369132377), 14 beyond them.  Each is solved
 * with `solve --format json` and must be a mate of exactly the listed length, proven
 * shortest (exact: true).  The file holds cheap positions (well under a second each):
 * where a whole problem is slower, its row is the position just after the defence the
 * reference misses (or before the faster mate), with that position's own length, or a
 * few plies further along our line where that position is still slow (the row says so).
 * Two rows are slower: Muso 第12番 whole (about 7 s, 18 s under the sanitizers), whose
 * faster mate costs as much to prove shortest from any position before it, and Muso
 * 第14番 after 38 plies (about 1 s), where every position until the two lines join costs
 * 0.4 M nodes or more.  Where the length differs and is not proven, or only with a huge
 * budget, the second test shows the reference line's flaw (reference_refutations.tsv);
 * the third proves the problems that are no mate as transcribed (nomate_problems.tsv).
 */
#include <stdlib.h>
#include <string.h>

#include "front_util.h"
#include "test.h"

TEST(solver_differences)
{
    if (!fu_begin())
        return;
    const char *file = "tests/data/length_differences.tsv";
    char *text = fu_slurp(file);
    fu_run_t r = fu_tsume(fu_fmt("solve --format json --hash 64 -f %s", file));
    CHECK_INT(r.code, 0);
    int cases = 0, outline = 0;
    char *col[4], *cur = text;
    for (char *line; (line = fu_tsv_next(&cur, col, 4));) {
        if (!col[3]) {
            test_fail(__FILE__, __LINE__, "length_differences.tsv: malformed line '%s'", line);
            continue;
        }
        const char *name = col[2];
        cases++;
        const char *got = fu_line(r.out, outline++);
        const char *status = fu_jget(got, "status");
        const char *plies = fu_jget(got, "plies");
        const char *exact = fu_jget(got, "exact");
        if (strcmp(status, "\"mate\"") != 0 || strcmp(plies, col[1]) != 0 || strcmp(exact, "true") != 0)
            test_fail(__FILE__, __LINE__, "%s: expected mate in %s (exact), got status %s plies %s exact %s", name,
                      col[1], status, plies, exact);
    }
    CHECK(cases >= 54); /* the file is whole (a truncated copy passes every row it keeps) */
    CHECK_INT(fu_count_lines(r.out), cases);
    fu_run_free(&r);
    free(text);
    fu_end();
}

/* The next row of a data file whose columns are SFEN, answer, problem, why and an optional
 * 'release' mark: malformed rows are reported and passed over, *rows counts the others,
 * and those marked 'release' (tens of seconds each) are passed over in the sanitizer
 * build (TSUME_NO_JEMALLOC).  False at the end of the text. */
static bool next_row(char **cur, char **col, const char *file, int *rows)
{
    for (char *line; (line = fu_tsv_next(cur, col, 5));) {
        if (!col[3]) {
            test_fail(__FILE__, __LINE__, "%s: malformed line '%s'", file, line);
            continue;
        }
        ++*rows;
#ifdef TSUME_NO_JEMALLOC
        if (col[4] && !strcmp(col[4], "release"))
            continue;
#endif
        return true;
    }
    return false;
}

/* tests/data/reference_refutations.tsv: where our length differs from the file's and is
 * not proven within reach, the reference line's own flaw is shown: a reply it misses
 * that is not mated within what the line has left (`check --plies N` answers no).  Rows
 * marked 'release' take tens of seconds; the sanitizer build (TSUME_NO_JEMALLOC) leaves
 * them out. */
TEST(solver_reference_refutations)
{
    if (!fu_begin())
        return;
    const char *file = "tests/data/reference_refutations.tsv";
    char *text = fu_slurp(file);
    int rows = 0;
    char *col[5], *cur = text;
    while (next_row(&cur, col, file, &rows)) {
        fu_run_t r = fu_tsume(fu_fmt("check --plies %s --hash 256 --format json '%s'", col[1], col[0]));
        if (r.code != 1 || strcmp(fu_jget(r.out, "answer"), "\"no\""))
            test_fail(__FILE__, __LINE__, "%s: expected no mate within %s, got exit %d, '%s'", col[2], col[1], r.code,
                      r.out);
        fu_run_free(&r);
    }
    CHECK(rows >= 2);
    free(text);
    fu_end();
}

/* tests/data/nomate_problems.tsv: the problems of the two files that are no mate as
 * transcribed, each proven so (the bench answers them the same way); the rows say why
 * the diagram is taken for flawed or mistranscribed.  Solved two at a time: the slowest,
 * Muso 第6番, takes over a minute, and with the others about two in all (release build);
 * the sanitizer build runs the rows not marked 'release'. */
TEST_LONG(solver_nomate_problems)
{
    if (!fu_begin())
        return;
    const char *file = "tests/data/nomate_problems.tsv";
    char *text = fu_slurp(file);
    size_t cap = strlen(text) + 1, len = 0;
    char *batch = calloc(cap, 1), *names[16];
    int rows = 0, run = 0;
    char *col[5], *cur = text;
    while (next_row(&cur, col, file, &rows)) {
        CHECK_STR(col[1], "nomate");
        if (run == 16) {
            test_fail(__FILE__, __LINE__, "%s: more than 16 rows to run", file);
            break;
        }
        names[run++] = col[2];
        len += (size_t)snprintf(batch + len, cap - len, "%s\n", col[0]);
    }
    fu_run_t r = fu_tsume(fu_fmt("solve --format json --jobs 2 --hash 512 -f %s", fu_write("nomate.sfen", batch)));
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), run);
    for (int i = 0; i < run; i++)
        if (strcmp(fu_jget(fu_line(r.out, i), "status"), "\"nomate\""))
            test_fail(__FILE__, __LINE__, "%s: expected nomate, got '%s'", names[i], fu_line(r.out, i));
    CHECK(rows >= 7);
    fu_run_free(&r);
    free(batch);
    free(text);
    fu_end();
}
