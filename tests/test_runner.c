/*
 * test_runner.c: the runner itself (test_main.c) on tests made to go wrong.
 *
 * The selftest_ tests below pass, fail a check, crash, exit without a verdict, and fail
 * in their exit handlers after their checks passed; one is marked long, which the runner
 * starts before the others and prints in its place.  The runner leaves them out unless
 * its filter starts with "selftest_"; runner_* runs this binary on them, several at once
 * and one at a time, and reads what a CI reader would: one line a test in name order,
 * each bad test named with why, the closing count and the exit status.  A runner that
 * let a crash pass would turn every crash green.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "front_util.h"
#include "test.h"

TEST(selftest_a_passes) { CHECK(1 + 1 == 2); }
TEST(selftest_b_fails) { CHECK_INT(1 + 1, 3); }
TEST(selftest_c_crashes) { abort(); }
TEST(selftest_d_exits) { exit(0); }
TEST_LONG(selftest_e_passes) { CHECK(2 + 2 == 4); } /* started first, printed in its place */
static void exit_badly(void) { _exit(3); }
TEST(selftest_f_fails_at_exit) { atexit(exit_badly); } /* as a leak report would */

static const char *self(void)
{
    static char path[4096];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    path[n > 0 ? n : 0] = '\0';
    return path;
}

/* Whether the lines of text start, in this order, with the prefixes given. */
static bool lines_are(const char *text, const char *const *prefix, int n)
{
    if (fu_count_lines(text) != n)
        return false;
    for (int i = 0; i < n; i++)
        if (strncmp(fu_line(text, i), prefix[i], strlen(prefix[i])) != 0)
            return false;
    return true;
}

TEST(runner_names_each_bad_test)
{
    if (!fu_begin())
        return;
    static const char *const WANT[] = {
        "ok   selftest_a_passes (",
        "  FAIL selftest_b_fails (tests/test_runner.c:",
        "FAIL selftest_b_fails (1 failed checks)",
        "FAIL selftest_c_crashes (killed by signal 6)",
        "FAIL selftest_d_exits (exit status 0, no verdict)",
        "ok   selftest_e_passes (",
        "ok   selftest_f_fails_at_exit (",
        "FAIL selftest_f_fails_at_exit (exit status 3 after its checks passed)",
        "2 passed, 4 failed",
    };
    for (int jobs = 2; jobs <= 5; jobs += 3) {
        fu_run_t r = fu_shell(fu_fmt("TSUME_TEST_JOBS=%d '%s' selftest_", jobs, self()));
        CHECK_INT(r.code, 1);
        CHECK(lines_are(r.out, WANT, 9));
        fu_run_free(&r);
    }
    fu_end();
}

TEST(runner_one_at_a_time)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_shell(fu_fmt("TSUME_TEST_JOBS=1 '%s' selftest_a", self()));
    CHECK_INT(r.code, 0);
    CHECK(lines_are(r.out, (const char *const[]){"ok   selftest_a_passes (", "1 passed, 0 failed"}, 2));
    fu_run_free(&r);
    r = fu_shell(fu_fmt("TSUME_TEST_JOBS=1 '%s' selftest_b", self()));
    CHECK_INT(r.code, 1);
    CHECK(lines_are(r.out,
                    (const char *const[]){"  FAIL selftest_b_fails (", "FAIL selftest_b_fails (1 failed checks)",
                                          "0 passed, 1 failed"},
                    3));
    fu_run_free(&r);
    /* A filter that does not start with "selftest_" leaves them out. */
    r = fu_shell(fu_fmt("'%s' selftest", self()));
    CHECK_INT(r.code, 0);
    CHECK(lines_are(r.out, (const char *const[]){"0 passed, 0 failed"}, 1));
    fu_run_free(&r);
    fu_end();
}
