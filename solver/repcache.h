/*
 * repcache.h: disproofs that hang on the search path, kept with the part of the path they
 * hang on.
 *
 * A disproof that rests on a repetition of a position higher up the current path (dfpn.c:
 * rep, the shallowest path ply it used, below the node's own ply) holds only for paths
 * through that position, so it is never stored as a plain disproof (the GHI problem), and
 * df-pn used to search the whole subtree again each time it came back: in Microcosmos's
 * question for a mate within 1535 plies, 21.0 M of 21.5 M expansions ended in such a
 * disproof.  Every path position the disproof used lies between ply rep and the node, so
 * it holds on any path whose last positions, from the one at rep down to the node, are the
 * same (more positions above only add repetitions, which only ever help the defender),
 * for any bound up to its own.  So it is stored in the table (tt_store_path) under the
 * node's board, salted apart, for the node's hand alone, with that suffix of the path: its
 * length and a hash of it.  The hash is polynomial over the path's position keys (the
 * search keeps the prefix hashes: dfpn_path_push), so the suffix of any length is found
 * in constant time.  A disproof that hit the ply limit (REP_LIMIT) depends on the depth
 * and is not kept.
 *
 * Most problems seldom repeat, and a second table probe for every new child cost 16% more
 * time on 52 Zuko and Muso problems (7% while the entries had a cache of their own, its slot
 * prefetched).  A filter of one bit per 2^-REPC_FILTER_BITS of the salted board keys says
 * whether such an entry may exist; it is 128 KiB, belongs to one problem (emptied when the
 * next one starts, like the table), and is paid out of --hash like the look-ahead cache
 * (dfpn_caches_size).  It does not stay in the second-level cache: the table's misses push
 * it out (in Zuko 第37番 the wait for its words was 11.5% of the look-ahead's samples),
 * so mid() prefetches each child's word with its table bucket.
 */
#ifndef TSUME_REPCACHE_H
#define TSUME_REPCACHE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "prefault.h"

enum { REPC_FILTER_BITS = 20 };

#define REPC_BASE 0x9E3779B97F4A7C15ull /* odd: powers never vanish mod 2^64 */

/* The prefix hash of a path one position longer. */
static inline uint64_t repc_extend(uint64_t prefix, uint64_t key) { return prefix * REPC_BASE + key; }

static inline uint64_t repc_pow(int e)
{
    uint64_t r = 1, b = REPC_BASE;
    for (; e > 0; e >>= 1, b *= b)
        if (e & 1)
            r *= b;
    return r;
}

/* Hash of the positions after the one whose prefix hash is `before`, up to the one whose
 * prefix hash is `at`, n of them. */
static inline uint64_t repc_suffix(uint64_t at, uint64_t before, int n) { return at - before * repc_pow(n); }

typedef struct repc {
    uint64_t gen;
    uint64_t filter[1 << (REPC_FILTER_BITS - 6)];
} repc_t;

/* A new filter (NULL when out of memory: path disproofs are then neither kept nor looked
 * for). */
static inline repc_t *repc_new(void) { return calloc_prefaulted(1, sizeof(repc_t)); }

/* Empties the filter when a new problem starts using it. */
static inline void repc_begin(repc_t *c, uint64_t gen)
{
    if (c && c->gen != gen) {
        memset(c->filter, 0, sizeof c->filter);
        c->gen = gen;
    }
}

static inline bool repc_maybe(const repc_t *c, uint64_t key)
{
    uint64_t f = key >> (64 - REPC_FILTER_BITS);
    return c && (c->filter[f >> 6] >> (f & 63) & 1);
}

static inline void repc_prefetch(const repc_t *c, uint64_t key)
{
    if (c)
        __builtin_prefetch(&c->filter[key >> (64 - REPC_FILTER_BITS) >> 6]);
}

static inline void repc_mark(repc_t *c, uint64_t key)
{
    uint64_t f = key >> (64 - REPC_FILTER_BITS);
    c->filter[f >> 6] |= 1ull << (f & 63);
}

#endif
