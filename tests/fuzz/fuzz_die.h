/*
 * fuzz_die.h: how a fuzz target reports a broken invariant: "TARGET: message" on stderr,
 * then abort(), which the fuzzer records as a crash with the input that caused it.
 */
#ifndef TSUME_FUZZ_DIE_H
#define TSUME_FUZZ_DIE_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void fuzz_die(const char *target, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static inline void fuzz_die(const char *target, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", target);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

#endif
