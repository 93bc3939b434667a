/*
 * estimate.c: allocation of the look-ahead cache (estimate.h).
 */
#include "estimate.h"

#include <stdlib.h>

est_slot_t *est_new(void)
{
    est_slot_t *c = calloc((size_t)1 << EST_BITS, sizeof *c);
    /* Every page written now: see futile.c's cache_new for the faults this avoids. */
    for (size_t i = 0; c && i < ((size_t)1 << EST_BITS) * sizeof *c; i += 4096)
        ((volatile char *)c)[i] = 0;
    return c;
}
