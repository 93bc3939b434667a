/*
 * estimate.h: a small cache of the initial numbers df-pn gives a new child.
 *
 * An unexpanded child is scored by a look-ahead of one ply (dfpn_child.c: the defender's
 * replies, or the attacker's checks and a mate-in-one test), and df-pn re-enters a node
 * many times, scoring its unexpanded children again each time: on Zuko's 611-ply
 * problem 43% of 31 M look-aheads repeated one made before.  Only look-aheads that
 * decided nothing are kept (decided ones go to the table), and those depend on the
 * position and the search mode alone, so the cache is keyed by the board key salted with
 * the mode, and both hands (the position key), and never needs clearing.  A hit gives the
 * very numbers the look-ahead would (but for a collision of two 64-bit keys, which could
 * only change an initial estimate, never a result), so node counts do not change.
 * Direct-mapped, one slot per key, 16 bytes a slot, 2^bits slots (EST_BITS unless the
 * memory share is small: dfpn_caches_size); its memory is part of --hash, like the
 * futility cache's (futile.c).  The size changes hits only, never node counts.
 */
#ifndef TSUME_ESTIMATE_H
#define TSUME_ESTIMATE_H

#include "../movegen/position.h"
#include "prefault.h"

enum { EST_BITS = 19 /* 8 MiB */, EST_MIN_BITS = 8 };

typedef struct est_slot {
    uint64_t key;     /* position key, both hands included, with the mode's salt | 1; 0: empty */
    uint32_t pn, dn;
} est_slot_t;
_Static_assert(sizeof(est_slot_t) == 16, "four slots to a cache line, none across two");

static inline size_t est_bytes(int bits) { return ((size_t)1 << bits) * sizeof(est_slot_t); }

/* A new cache of 2^bits slots (NULL when out of memory: the search then looks ahead
 * every time). */
static inline est_slot_t *est_new(int bits) { return calloc_prefaulted((size_t)1 << bits, sizeof(est_slot_t)); }

/* Slots are indexed by the board key alone, which the parent knows before it plays the
 * move (pos_board_key_after), so it can prefetch the slot with the table's bucket. */
static inline est_slot_t *est_slot(est_slot_t *c, int bits, uint64_t board_key)
{
    return c + (board_key >> (64 - bits));
}

static inline void est_prefetch(est_slot_t *c, int bits, uint64_t board_key)
{
    if (c)
        __builtin_prefetch(est_slot(c, bits, board_key));
}

/* board_key: p's board key with the mode's salt. */
static inline bool est_get(est_slot_t *c, int bits, const pos_t *p, uint64_t board_key, uint32_t *pn, uint32_t *dn)
{
    if (!c)
        return false;
    est_slot_t *s = est_slot(c, bits, board_key);
    if (s->key != ((board_key ^ p->hand_key) | 1))
        return false;
    *pn = s->pn, *dn = s->dn;
    return true;
}

static inline void est_put(est_slot_t *c, int bits, const pos_t *p, uint64_t board_key, uint32_t pn, uint32_t dn)
{
    if (c)
        *est_slot(c, bits, board_key) = (est_slot_t){(board_key ^ p->hand_key) | 1, pn, dn};
}

#endif
