/*
 * test_main.c: runs every registered test (or those whose name contains argv[1]) and
 * prints one line per test in name order, each failure's checks under it, then
 * "N passed, N failed".  Exit status 1 on failure.
 *
 * TSUME_TEST_JOBS (default: the processors online) tests run at once, each in a process
 * of its own forked from this one, its output kept in a temporary file and printed when
 * every test before it in name order has been printed: the output is the same as one at
 * a time, and a test that crashes fails alone, named, while the others go on.  Tests
 * marked long (TEST_LONG) start first, the rest follow in name order.  With 1
 * job the tests run in this process, one after the other (a debugger's way, and the
 * ThreadSanitizer run's).  A test's time is wall-clock time.  Tests named selftest_
 * (tests/test_runner.c: made to fail and crash) run only when argv[1] starts so.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../movegen/position.h"
#include "test.h"

enum { MAX_TESTS = 1024, MAX_JOBS = 64 };
static struct {
    const char *name;
    test_fn fn;
    bool long_running;
} tests[MAX_TESTS];
static int n_tests, current_failures;
static const char *current_name;

void test_register(const char *name, test_fn fn, bool long_running)
{
    if (n_tests < MAX_TESTS)
        tests[n_tests++] = (typeof(tests[0])){name, fn, long_running};
}

void test_fail(const char *file, int line, const char *fmt, ...)
{
    if (current_failures++ < 20) {
        va_list ap;
        va_start(ap, fmt);
        printf("  FAIL %s (%s:%d): ", current_name, file, line);
        vprintf(fmt, ap);
        putchar('\n');
        va_end(ap);
    }
}

const char *test_shared(const char *rel)
{
    static char buf[4][1024];
    static int k;
    const char *base = getenv("TSUME_SHARED");
    char *out = buf[k++ & 3];
    snprintf(out, sizeof buf[0], "%s/%s", base && *base ? base : "../shared", rel);
    return out;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const typeof(tests[0]) *)a)->name, ((const typeof(tests[0]) *)b)->name);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

/* Runs test i here; its checks' failures are printed, and the verdict line after them. */
static bool run_here(int i)
{
    current_name = tests[i].name;
    current_failures = 0;
    double t0 = now_ms();
    tests[i].fn();
    double ms = now_ms() - t0;
    if (current_failures)
        printf("FAIL %s (%d failed checks)\n", tests[i].name, current_failures);
    else
        printf("ok   %s (%.0f ms)\n", tests[i].name, ms);
    fflush(stdout);
    return current_failures == 0;
}

typedef struct {
    pid_t pid;
    FILE *out; /* the child's stdout and stderr; NULL when no child could run the test */
    int err;   /* why not (errno) */
    bool done, ok;
    int status;
} run_t;

static run_t runs[MAX_TESTS];

/* Starts test i in a child: 1 when one runs it, 0 when none could (the test is then done,
 * failed, and report names why). */
static int start(int i)
{
    FILE *out = tmpfile();
    pid_t pid = -1;
    if (out) {
        fflush(stdout);
        fflush(stderr);
        pid = fork();
    }
    if (pid < 0) {
        runs[i] = (run_t){.err = errno, .done = true};
        if (out)
            fclose(out);
        return 0;
    }
    if (pid == 0) {
        dup2(fileno(out), STDOUT_FILENO);
        dup2(fileno(out), STDERR_FILENO);
        setvbuf(stdout, NULL, _IOLBF, 0); /* its lines in the order written beside stderr's */
        exit(run_here(i) ? 0 : 1);
    }
    runs[i] = (run_t){.pid = pid, .out = out};
    return 1;
}

/* Prints test i's output, and a verdict line of its own when the child's process ended
 * otherwise than its verdict says: killed by a signal or exited with a verdict never
 * written, or failed after an "ok" (in its exit handlers: a leak report, say). */
static void report(int i)
{
    run_t *r = &runs[i];
    char line[4096];
    bool verdict = false, checks_passed = false;
    if (!r->out) {
        printf("FAIL %s (no process to run it: %s)\n", tests[i].name, strerror(r->err));
        return;
    }
    rewind(r->out);
    while (fgets(line, sizeof line, r->out)) {
        fputs(line, stdout);
        if (!strncmp(line, "ok   ", 5))
            verdict = checks_passed = true;
        else if (!strncmp(line, "FAIL ", 5))
            verdict = true;
    }
    fclose(r->out);
    r->ok = WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0 && checks_passed;
    if (!r->ok && (!verdict || checks_passed)) {
        const char *when = checks_passed ? " after its checks passed" : ", no verdict";
        if (WIFSIGNALED(r->status))
            printf("FAIL %s (killed by signal %d%s)\n", tests[i].name, WTERMSIG(r->status), verdict ? when : "");
        else
            printf("FAIL %s (exit status %d%s)\n", tests[i].name,
                   WIFEXITED(r->status) ? WEXITSTATUS(r->status) : -1, when);
    }
    fflush(stdout);
}

static int jobs_wanted(void)
{
    const char *e = getenv("TSUME_TEST_JOBS");
    long n = e && *e ? strtol(e, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_JOBS ? MAX_JOBS : (int)n;
}

int main(int argc, char **argv)
{
    pos_init_tables();
    qsort(tests, (size_t)n_tests, sizeof tests[0], by_name);
    int order[MAX_TESTS], n = 0;
    /* The runner's own tests of itself (tests/test_runner.c) only when asked by name. */
    bool selftests = argc > 1 && !strncmp(argv[1], "selftest_", 9);
    for (int i = 0; i < n_tests; i++)
        if ((argc < 2 || strstr(tests[i].name, argv[1])) && (selftests || strncmp(tests[i].name, "selftest_", 9)))
            order[n++] = i;
    int jobs = jobs_wanted(), passed = 0, failed = 0;
    if (jobs == 1) {
        for (int k = 0; k < n; k++)
            run_here(order[k]) ? passed++ : failed++;
    } else {
        /* Started long tests first, printed in name order. */
        int by_start[MAX_TESTS], m = 0;
        for (int pass = 0; pass < 2; pass++)
            for (int k = 0; k < n; k++)
                if (tests[order[k]].long_running == (pass == 0))
                    by_start[m++] = order[k];
        int next = 0, printed = 0, running = 0;
        while (printed < n) {
            while (running < jobs && next < n)
                running += start(by_start[next++]);
            if (running) {
                int st;
                pid_t pid = wait(&st);
                if (pid < 0 && errno == EINTR)
                    continue;
                if (pid < 0) {
                    perror("tsume-tests: wait");
                    return 2;
                }
                for (int k = 0; k < next; k++) {
                    run_t *r = &runs[by_start[k]];
                    if (r->pid == pid && !r->done)
                        r->done = true, r->status = st, running--;
                }
            }
            while (printed < n && runs[order[printed]].done) {
                report(order[printed]);
                runs[order[printed]].ok ? passed++ : failed++;
                printed++;
            }
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
