/*
 * test.h: a small test harness.  TEST(name) registers a function before main runs;
 * CHECK* record a failure with file and line and let the test go on, so one run shows
 * every broken expectation.  The runner ends with "N passed, N failed".
 */
#ifndef TSUME_TEST_H
#define TSUME_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef void (*test_fn)(void);
void test_register(const char *name, test_fn fn, bool long_running);
void test_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Path of a file under the shared material (../shared, or $TSUME_SHARED). */
const char *test_shared(const char *rel);

/* Whether this is the sanitizer build (make asan): its runs are many times slower, and its
 * shadow memory counts as the process's own, so tests of a large search or of memory use
 * run in the release build only. */
static inline bool test_sanitized(void)
{
#if defined(__SANITIZE_ADDRESS__)
    return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return true;
#endif
#endif
    return false;
}

#define TEST_(name, long_running)                                                                 \
    static void name(void);                                                                       \
    __attribute__((constructor)) static void name##_register(void)                                \
    {                                                                                             \
        test_register(#name, name, long_running);                                                 \
    }                                                                                             \
    static void name(void)
#define TEST(name) TEST_(name, false)
/* A test of 25 s or more here (a whole collection, a large search): the runner starts these
 * first, so that the short ones fill the other processors meanwhile instead of a long
 * one running alone at the end.  Output order is unchanged. */
#define TEST_LONG(name) TEST_(name, true)

#define CHECK(cond)                                            \
    do {                                                       \
        if (!(cond))                                           \
            test_fail(__FILE__, __LINE__, "CHECK(%s)", #cond); \
    } while (0)

#define CHECK_INT(a, b)                                                                                  \
    do {                                                                                                 \
        long long a_ = (long long)(a), b_ = (long long)(b);                                              \
        if (a_ != b_)                                                                                    \
            test_fail(__FILE__, __LINE__, "%s == %s: got %lld, expected %lld", #a, #b, a_, b_);          \
    } while (0)

#define CHECK_STR(a, b)                                                                                  \
    do {                                                                                                 \
        const char *a_ = (a), *b_ = (b);                                                                 \
        if (strcmp(a_, b_) != 0)                                                                         \
            test_fail(__FILE__, __LINE__, "%s == %s:\n      got      \"%s\"\n      expected \"%s\"", #a, \
                      #b, a_, b_);                                                                       \
    } while (0)

#endif
