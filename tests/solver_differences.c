/*
 * solver_differences.c: the problems of tests/data/length_differences.tsv, where our
 * proven-shortest length differs from the length in problems/zuko.sfen or problems/muso.sfen
 * (the reason is in the file's fourth column and in problems/DIFFERENCES.md).  Each is
 * solved with `solve --format json` and must be a mate of exactly the listed length, proven
 * shortest (exact: true).  The file holds cheap problems (well under a second each):
 * where a whole problem is slower, its row is the position just after the defence the
 * reference misses (or before the faster mate), with that position's own length.  One
 * row is the exception, Muso 第12番 whole (about 7 s, 18 s under the sanitizers): the
 * position before its faster mate costs as much, since proving that mate shortest is
 * the expense either way.
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
    CHECK(cases >= 5);
    CHECK_INT(fu_count_lines(r.out), cases);
    fu_run_free(&r);
    free(text);
    fu_end();
}
