/*
 * estimate.h: a small cache of the initial numbers df-pn gives a new child.
 *
 * An unexpanded child is scored by a look-ahead of one ply (dfpn.c: the defender's
 * replies, or the attacker's checks and a mate-in-one test), and df-pn re-enters a node
 * many times, scoring its unexpanded children again each time: on Zuko's 611-ply
 * problem 43% of 31 M look-aheads repeated one made before.  Only look-aheads that
 * decided nothing are kept (decided ones go to the table), and those depend on the
 * position and the search mode alone, so the cache is keyed by the board key salted with
 * the mode, and both hands, and never needs clearing.  A hit gives the very numbers the
 * look-ahead would, so node counts do not change.
 * Direct-mapped, one slot per key, 24 bytes a slot; its memory comes on top of --hash,
 * like the futility cache (futile.c).
 */
#ifndef TSUME_ESTIMATE_H
#define TSUME_ESTIMATE_H

#include "../movegen/position.h"
#include "prefault.h"

enum { EST_BITS = 18 }; /* 6 MiB */

typedef struct est_slot {
    uint64_t key;     /* board key (with the mode's salt) | 1; 0: empty */
    hand_t hand[2];   /* both hands, by colour */
    uint32_t pn, dn;
} est_slot_t;

/* A new cache (NULL when out of memory: the search then looks ahead every time). */
static inline est_slot_t *est_new(void) { return calloc_prefaulted((size_t)1 << EST_BITS, sizeof(est_slot_t)); }

/* Slots are indexed by the board key alone, which the parent knows before it plays the
 * move (pos_board_key_after), so it can prefetch the slot with the table's bucket. */
static inline est_slot_t *est_slot(est_slot_t *c, uint64_t board_key)
{
    return c + (board_key >> (64 - EST_BITS));
}

static inline void est_prefetch(est_slot_t *c, uint64_t board_key)
{
    if (c)
        __builtin_prefetch(est_slot(c, board_key));
}

static inline bool est_get(est_slot_t *c, const pos_t *p, uint64_t board_key, uint32_t *pn, uint32_t *dn)
{
    if (!c)
        return false;
    est_slot_t *s = est_slot(c, board_key);
    if (s->key != (board_key | 1) || s->hand[BLACK] != p->hand[BLACK] || s->hand[WHITE] != p->hand[WHITE])
        return false;
    *pn = s->pn, *dn = s->dn;
    return true;
}

static inline void est_put(est_slot_t *c, const pos_t *p, uint64_t board_key, uint32_t pn, uint32_t dn)
{
    if (c)
        *est_slot(c, board_key) = (est_slot_t){board_key | 1, {p->hand[BLACK], p->hand[WHITE]}, pn, dn};
}

#endif
