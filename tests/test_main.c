/*
 * test_main.c: runs every registered test (or those whose name contains argv[1]) and
 * prints one line per failure, then "N passed, N failed".  Exit status 1 on failure.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../movegen/position.h"
#include "test.h"

enum { MAX_TESTS = 1024 };
static struct {
    const char *name;
    test_fn fn;
} tests[MAX_TESTS];
static int n_tests, current_failures;
static const char *current_name;

void test_register(const char *name, test_fn fn)
{
    if (n_tests < MAX_TESTS)
        tests[n_tests++] = (typeof(tests[0])){name, fn};
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

int main(int argc, char **argv)
{
    pos_init_tables();
    qsort(tests, (size_t)n_tests, sizeof tests[0], by_name);
    int passed = 0, failed = 0;
    for (int i = 0; i < n_tests; i++) {
        if (argc > 1 && !strstr(tests[i].name, argv[1]))
            continue;
        current_name = tests[i].name;
        current_failures = 0;
        clock_t t0 = clock();
        tests[i].fn();
        double ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
        if (current_failures) {
            failed++;
            printf("FAIL %s (%d failed checks)\n", tests[i].name, current_failures);
        } else {
            passed++;
            printf("ok   %s (%.0f ms)\n", tests[i].name, ms);
        }
        fflush(stdout);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
