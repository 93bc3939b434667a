/*
 * prefault.h: zeroed memory for the search's small caches, with every page written at
 * once.  calloc leaves fresh pages unmapped; the first lookup would map the shared zero
 * page and the first store then replace it, a copy-on-write fault whose TLB shootdown
 * interrupts every core running another thread of the process: some 500 interrupts per
 * batch at --jobs 2.  (A smaller stride than the page size only writes some pages twice.)
 */
#ifndef TSUME_PREFAULT_H
#define TSUME_PREFAULT_H

#include <stdlib.h>

static inline void *calloc_prefaulted(size_t n, size_t size)
{
    char *c = calloc(n, size);
    for (size_t i = 0; c && i < n * size; i += 4096)
        ((volatile char *)c)[i] = 0;
    return c;
}

#endif
