/*
 * tt.h: the transposition table: one block of memory, buckets of eight entries.
 *
 * An entry speaks for one board (full 64-bit key, including the search mode's salt) and
 * one attacker hand.  Besides the working proof/disproof numbers it holds two length
 * bounds: plen (a mate within plen plies is proven) and dlen (no mate within dlen plies
 * is proven).  A query asks "mate within len plies?" for a board and hand and is answered
 *   proven      by any entry of the board with plen <= len whose hand the query's covers
 *               (the attacker holds at least as much: hand superiority),
 *   disproven   by any entry with dlen >= len whose hand covers the query's,
 *   otherwise   by the entry of exactly this hand, if any, for its numbers.
 * Final results are stored under proof/disproof hands so that they cover more positions.
 * A result flagged exact is not monotone in the hand: under the composers' delay rule
 * (futile.h) a length can shrink when the attacker holds more, so superiority must not
 * be applied to it.  An exact proof speaks for the hands from its own up to a largest
 * one that the search worked out (dfpn_delay.c), kept in the entry's dn (unused by a
 * proof) until working numbers overwrite it; an exact disproof for the hands from a
 * smallest one up to its own, kept in pn (unused by a disproof), or in dn beside a
 * monotone proof, and its own hand alone where neither is free.
 * When a bucket is full the entry that cost the least search is replaced; a generation
 * counter empties the table between problems without touching the memory.  A problem
 * starts on a small part of the block, which doubles as it fills (tt.c).
 * Several threads may search one table (split.c): each has a view of it (tt_share), a
 * tt_t of its own over the same block, and every probe and store of a shared view holds
 * its bucket's lock, so no entry is read half written; the part in use doubles at a
 * barrier that every thread meets between nodes (tt_sync).  Unshared (one thread, the
 * default) nothing is locked.
 */
#ifndef TSUME_TT_H
#define TSUME_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../movegen/types.h"

enum {
    PN_INF = 0x3FFFFFFF,
    LEN_NONE = 0x7FFF, /* plen when nothing is proven */
    LEN_INF = 0x7FFE,  /* dlen when no mate exists at all */
    DLEN_NONE = -1,    /* dlen when nothing is disproven */
    TT_BUCKET = 8,
};
#define TT_PEXACT 0x80000000u
#define TT_DEXACT 0x40000000u
#define TT_PUNSURE 0x20000000u
#define TT_DUNSURE 0x10000000u
#define TT_AMOUNT 0x0FFFFFFFu

typedef struct {
    hand_t hand;
    uint32_t pn, dn;  /* an exact proof (pn 0) keeps in dn the largest hand it holds for
                         (hand up to that): lost when working numbers overwrite them */
    uint32_t amount;  /* low 28 bits: search effort below this entry, saturating (the
                         replacement priority); TT_PEXACT / TT_DEXACT: the proof / the
                         disproof holds for exactly this hand; TT_PUNSURE / TT_DUNSURE:
                         it rests on a delay-rule test that a budget stopped (futile.h) */
    int16_t plen;
    int16_t dlen;
    move_t move;      /* best move found, or MOVE_NONE */
    uint16_t gen;     /* the entry is empty unless this is the table's */
} tt_entry_t;

/* The eight tags fill the bucket's first cache line, so that a probe which finds no
 * entry of its board (most do) reads one line, not four.  An expansion still prefetches
 * all four lines of each child's bucket, for the probes that hit and the children stored
 * on creation (dfpn_child.c).  A tag is the board key mixed with the generation (tt.c). */
typedef struct {
    uint64_t tag[TT_BUCKET];
    tt_entry_t e[TT_BUCKET];
} tt_bucket_t;
_Static_assert(sizeof(tt_entry_t) == 24, "the entries fill the bucket's other three cache lines");
_Static_assert(sizeof(tt_bucket_t) == 256, "a bucket is four cache lines");

typedef struct {
    tt_bucket_t *table;
    size_t buckets; /* any number (tt.c: the last step of growth) */
    size_t mask;    /* a power of two minus one: the index's bits in this generation (tt.c) */
    size_t bytes;
    uint16_t gen;
    uint64_t salt;  /* the generation's, mixed into tags */
    uint64_t used;  /* entries written in this generation (for hashfull; shared: the
                       tt_shared's count, every thread's) */
    uint32_t skip_unsure; /* TT_PUNSURE | TT_DUNSURE to have probes pass over results
                           * resting on stopped delay-rule tests (a retry, solver_run.c), or 0 */
    struct tt_shared *share; /* the bucket locks and the growth barrier while threads
                              * share the block, or NULL */
} tt_t;

/* Result of a query. */
typedef struct {
    uint32_t pn, dn;
    int plen, dlen;  /* bounds as found (plen LEN_NONE / dlen DLEN_NONE when unknown) */
    hand_t hand;     /* proof or disproof hand of the deciding entry */
    hand_t hi;       /* an exact proof: the largest hand it holds for */
    move_t move;
    bool found;      /* some entry of this board and hand (or a deciding one) exists */
    bool exact;      /* the deciding result holds for a range of hands only (up to hi, down to lo) */
    bool unsure;     /* the deciding result rests on a stopped delay-rule test */
    hand_t lo;       /* an exact disproof: the smallest hand it holds for */
} tt_probe_t;

/* A table of as many whole buckets as `bytes` holds (false: not one, or no memory). */
bool tt_init(tt_t *tt, size_t bytes);
void tt_free(tt_t *tt);
void tt_new_search(tt_t *tt); /* forget everything (O(1) except every 65535th call) */

/* What threads sharing a table share besides it: bucket locks, the count of entries
 * and the growth barrier (NULL: no memory); and its size. */
struct tt_shared *tt_shared_new(void);
void tt_shared_free(struct tt_shared *s);
size_t tt_shared_size(void);
/* Hands out a view of tt for another thread, shared through s; tt itself (its owner's
 * thread) is shared from the first call until tt_unshare.  Every thread with a view, the
 * owner's included, meets the barrier (tt_sync) until it leaves (tt_leave); a thread
 * that stops calling tt_sync without leaving holds the others at the next barrier.  No
 * thread may use a view after tt_new_search on tt. */
void tt_share(tt_t *tt, struct tt_shared *s, tt_t *view);
/* The barrier, when a doubling is pending: waits for every thread still on the table,
 * the last to come grows it, and all take its new mask.  Call only holding nothing of
 * the table (between nodes). */
void tt_barrier(tt_t *tt);
static inline void tt_sync(tt_t *tt)
{
    if (tt->share)
        tt_barrier(tt);
}
/* The thread of view (or the owner's, with tt) is done with the table until the next
 * tt_share: no barrier waits for it. */
void tt_leave(tt_t *view);
/* Back to one thread, once every thread has left: tt unlocked, with the mask and the
 * count of entries the threads left. */
void tt_unshare(tt_t *tt);
int tt_hashfull(const tt_t *tt);  /* per mille */
size_t tt_buckets_in_use(const tt_t *tt); /* in this generation: buckets 0 .. this - 1 */

/* The bucket of a key: its index bits, folded back below the block's end (tt.c). */
static inline size_t tt_bucket_index(const tt_t *tt, uint64_t key)
{
    size_t h = key & tt->mask;
    return h < tt->buckets ? h : h - ((tt->mask + 1) >> 1);
}

tt_probe_t tt_probe(const tt_t *tt, uint64_t key, hand_t hand, int len);

/* Starts loading the tags of key's bucket, so that a probe soon after finds them in cache. */
static inline void tt_prefetch(const tt_t *tt, uint64_t key)
{
    __builtin_prefetch(tt->table[tt_bucket_index(tt, key)].tag);
}

/* Starts loading the entries of key's bucket (its other three lines), for a store soon after. */
static inline void tt_prefetch_entries(const tt_t *tt, uint64_t key)
{
    const char *e = (const char *)tt->table[tt_bucket_index(tt, key)].e;
    for (size_t i = 0; i < sizeof(tt->table->e); i += 64)
        __builtin_prefetch(e + i);
}

/* Working numbers for exactly (key, hand). */
void tt_store(tt_t *tt, uint64_t key, hand_t hand, uint32_t pn, uint32_t dn, move_t move, uint32_t amount);
/* A proof of a mate within plen plies for every hand covering proof_hand (exact: for
 * the hands from proof_hand up to hi only; unsure: resting on a stopped delay-rule test,
 * so plen is only what the search believed, not certified). */
void tt_store_proof(tt_t *tt, uint64_t key, hand_t proof_hand, hand_t hi, int plen, move_t move, uint32_t amount,
                    bool exact, bool unsure);
/* A proof that no mate within dlen plies exists for every hand covered by disproof_hand
 * (exact: for the hands from lo up to disproof_hand only; unsure: as for proofs). */
void tt_store_disproof(tt_t *tt, uint64_t key, hand_t disproof_hand, hand_t lo, int dlen, move_t move,
                       uint32_t amount, bool exact, bool unsure);

/* A disproof that holds on paths ending in the same span + 1 positions (repcache.h), for
 * exactly this hand: stored under its own key (the caller salts the board key apart, so
 * that the queries above never see it), replaced like any entry.  pn and dn hold the
 * suffix's hash, plen the span. */
void tt_store_path(tt_t *tt, uint64_t key, hand_t hand, uint64_t suffix, int span, int dlen, uint32_t amount,
                   bool exact, bool unsure);
/* The entry tt_store_path made for (key, hand), if any. */
bool tt_probe_path(const tt_t *tt, uint64_t key, hand_t hand, uint64_t *suffix, int *span, int *dlen, bool *exact,
                   bool *unsure);

#endif
