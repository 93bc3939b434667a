/*
 * tt.c: transposition table storage, lookup with hand superiority, and replacement.
 *
 * The block comes from mmap (huge pages advised), as many whole buckets as the bytes it is
 * given hold (the solver gives it what --hash leaves after the caches: solver.c), and never
 * grows.  An entry is
 * empty when its generation is not the table's; tt_new_search bumps the generation and
 * clears the memory only when the 16-bit counter wraps.  The counter is that wide because
 * a clearing writes the whole table: with 8 bits one came every 255 problems, and 2,000
 * mate-in-one problems with a 256 MiB table spent 90% of their time clearing.
 *
 * Each generation starts on the first TT_START_BUCKETS buckets and doubles the part in
 * use whenever half its entries are taken, moving the entries that the wider index sends
 * to the new half (the new half was not indexed in this generation, so it holds nothing
 * current).  A small problem thus touches a little memory, again and again, instead of
 * faulting in (and having the kernel zero) pages all over the block: a batch of 69 small
 * problems used to touch 200 MiB of a 256 MiB table.  A large one reaches the whole block
 * after a few doublings, each a pass over what is in use.
 *
 * The block need not be a power of two of buckets (it once was, so that --hash 1000 gave
 * a table of 512 MiB).  Past the largest power of two P within it, the last step widens
 * the index to 2P - 1 and folds an index h >= buckets back onto h - P: the buckets from
 * buckets - P to P - 1 then answer for two indices each, the others for one, and only
 * the buckets below buckets - P move entries to their twins (tt_bucket_index).
 *
 * A tag is the board key XOR the generation's salt, so one compare of the tag line says
 * both "this board" and "this generation"; the entry's own gen is checked as well, which
 * is what empties an entry within a generation (a killed entry's tag is also spoiled, so
 * its probes do not read the entry's line).  A stale tag matches a key only if the two
 * keys differ by exactly the XOR of two generations' salts, a 2^-64 chance like any
 * collision of two boards' keys, and even then its gen rejects it.
 *
 * Shared by threads (tt_share), each probe and store holds the lock of its bucket (one of
 * TT_LOCKS, each on a cache line of its own: two threads rarely want one).  An entry is
 * written whole under its lock, and a probe reads its bucket under the same lock, so a
 * thread sees every entry as some store left it.  That is all df-pn needs: each result is
 * sound on its own, and working numbers another thread overwrote are only an estimate, as
 * after a replacement.
 * A doubling moves entries under every thread's feet, so a shared table grows at a
 * barrier: a store that finds half the part in use taken only raises `pending`; each
 * thread meets the barrier at its next node (tt_sync, between nodes, where it holds no
 * lock and no entry), the last one to arrive doubles the part in use alone, and all go on
 * with the new mask.  A thread done with its task leaves (tt_leave) and is not waited
 * for.  The table was once widened to its whole block when shared: the first split of a
 * search then took all of --hash at once (4 GiB and 7 s of page faults at --hash 4096),
 * deaf to stops and time limits meanwhile.
 */
#include "tt.h"

#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "hand.h"

enum { TT_START_BUCKETS = 4096, /* 1 MiB */
       TT_LOCKS = 1024 };

struct tt_shared {
    struct {
        alignas(64) atomic_flag f;
    } l[TT_LOCKS];
    alignas(64) atomic_uint_fast64_t used; /* entries of the generation, every thread's */
    atomic_int pending;                    /* a doubling is wanted (tt_sync) */
    pthread_mutex_t mu;                    /* the barrier's state, below */
    pthread_cond_t cv;
    int active;      /* threads on the table that have not left */
    int arrived;     /* of them, those waiting at the barrier */
    uint64_t rounds; /* barriers passed: a waiter's own has passed when this moves */
    size_t mask;     /* the part in use, as every view has it after the barrier */
};

struct tt_shared *tt_shared_new(void)
{
    struct tt_shared *s = aligned_alloc(64, sizeof *s);
    if (!s)
        return NULL;
    memset(s, 0, sizeof *s);
    for (int i = 0; i < TT_LOCKS; i++)
        atomic_flag_clear(&s->l[i].f);
    atomic_init(&s->used, 0);
    atomic_init(&s->pending, 0);
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    return s;
}

void tt_shared_free(struct tt_shared *s)
{
    if (!s)
        return;
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    free(s);
}

size_t tt_shared_size(void) { return sizeof(struct tt_shared); }

static inline atomic_flag *lock_of(const tt_t *tt, const tt_bucket_t *b)
{
    return &tt->share->l[(size_t)(b - tt->table) & (TT_LOCKS - 1)].f;
}

static inline void lock(const tt_t *tt, const tt_bucket_t *b)
{
    if (!tt->share)
        return;
    atomic_flag *f = lock_of(tt, b);
    while (atomic_flag_test_and_set_explicit(f, memory_order_acquire)) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
}

static inline void unlock(const tt_t *tt, const tt_bucket_t *b)
{
    if (tt->share)
        atomic_flag_clear_explicit(lock_of(tt, b), memory_order_release);
}

static uint64_t gen_salt(uint16_t gen)
{
    return (uint64_t)gen * 0x9E3779B97F4A7C15ull;
}

static void set_gen(tt_t *tt, uint16_t gen)
{
    tt->gen = gen;
    tt->salt = gen_salt(gen);
}

/* The largest power of two not above n (n >= 1). */
static size_t floor_pow2(size_t n)
{
    size_t p = 1;
    while (p <= n / 2)
        p *= 2;
    return p;
}

bool tt_init(tt_t *tt, size_t bytes)
{
    memset(tt, 0, sizeof *tt);
    size_t bucket_bytes = sizeof(tt_bucket_t), buckets = bytes / bucket_bytes;
    if (buckets == 0)
        return false;
    void *mem = mmap(NULL, buckets * bucket_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                     -1, 0);
    if (mem == MAP_FAILED)
        return false;
#ifdef MADV_HUGEPAGE
    madvise(mem, buckets * bucket_bytes, MADV_HUGEPAGE);
#endif
    tt->table = mem;
    tt->buckets = buckets;
    tt->mask = floor_pow2(buckets < TT_START_BUCKETS ? buckets : TT_START_BUCKETS) - 1;
    tt->bytes = buckets * bucket_bytes;
    set_gen(tt, 1);
    return true;
}

void tt_free(tt_t *tt)
{
    if (tt->table)
        munmap(tt->table, tt->bytes);
    tt->table = NULL;
}

void tt_new_search(tt_t *tt)
{
    uint16_t gen = (uint16_t)(tt->gen + 1);
    if (gen == 0) {
        memset(tt->table, 0, tt->bytes);
        gen = 1;
    }
    set_gen(tt, gen);
    tt->used = 0;
    tt->skip_unsure = 0;
    tt->mask = floor_pow2(tt->buckets < TT_START_BUCKETS ? tt->buckets : TT_START_BUCKETS) - 1;
}

/* Empties entry i of b in this generation. */
static inline void kill(const tt_t *tt, tt_bucket_t *b, int i)
{
    b->e[i].gen = (uint16_t)(tt->gen - 1);
    b->tag[i] = ~b->tag[i];
}

/* Doubles the part of the table in use once half its entries are taken; the last step
 * may split only the buckets whose twins exist (the file comment). */
static void grow(tt_t *tt)
{
    size_t m = tt->mask + 1;
    size_t wide = 2 * m - 1, split = 2 * m <= tt->buckets ? m : tt->buckets - m;
    for (size_t i = 0; i < split; i++) {
        tt_bucket_t *b = &tt->table[i], *to = &tt->table[i + m];
        int k = 0;
        for (int j = 0; j < TT_BUCKET; j++) {
            if (b->e[j].gen != tt->gen || ((b->tag[j] ^ tt->salt) & wide) == i)
                continue;
            to->tag[k] = b->tag[j]; /* at most the eight of this bucket move to its twin */
            to->e[k++] = b->e[j];
            kill(tt, b, j);
        }
        for (; k < TT_BUCKET; k++)
            kill(tt, to, k); /* stale from an earlier problem: empty */
    }
    tt->mask = wide;
}

static uint64_t used_of(const tt_t *tt)
{
    return tt->share ? atomic_load_explicit(&tt->share->used, memory_order_relaxed) : tt->used;
}

static inline bool wants_growth(const tt_t *tt)
{
    size_t m = tt->mask + 1;
    return m < tt->buckets && used_of(tt) >= (uint64_t)m * TT_BUCKET / 2;
}

/* Grows now on one thread; shared, asks for the barrier (tt_sync) instead. */
static void maybe_grow(tt_t *tt)
{
    if (!wants_growth(tt))
        return;
    if (tt->share)
        atomic_store_explicit(&tt->share->pending, 1, memory_order_relaxed);
    else
        grow(tt);
}

void tt_share(tt_t *tt, struct tt_shared *s, tt_t *view)
{
    if (!tt->share) {
        atomic_store(&s->used, tt->used);
        atomic_store(&s->pending, 0);
        s->mask = tt->mask;
        s->active = 1;
        s->arrived = 0;
        tt->share = s;
    }
    pthread_mutex_lock(&s->mu);
    s->active++;
    pthread_mutex_unlock(&s->mu);
    *view = *tt;
}

void tt_barrier(tt_t *tt)
{
    struct tt_shared *s = tt->share;
    if (!atomic_load_explicit(&s->pending, memory_order_relaxed))
        return;
    pthread_mutex_lock(&s->mu);
    if (atomic_load(&s->pending)) {
        uint64_t round = s->rounds;
        s->arrived++;
        while (s->rounds == round) {
            if (s->arrived == s->active) {
                /* Everyone else waits or has left: this thread alone has the table. */
                tt->mask = s->mask;
                if (wants_growth(tt))
                    grow(tt);
                s->mask = tt->mask;
                s->arrived = 0;
                s->rounds++;
                atomic_store(&s->pending, 0);
                pthread_cond_broadcast(&s->cv);
                break;
            }
            pthread_cond_wait(&s->cv, &s->mu);
        }
    }
    tt->mask = s->mask;
    pthread_mutex_unlock(&s->mu);
}

void tt_leave(tt_t *tt)
{
    struct tt_shared *s = tt->share;
    pthread_mutex_lock(&s->mu);
    s->active--;
    if (s->arrived && s->arrived == s->active)
        pthread_cond_broadcast(&s->cv); /* the last of the waiters grows */
    else if (!s->active)
        atomic_store(&s->pending, 0); /* nobody is left to grow: the owner does, unshared */
    pthread_mutex_unlock(&s->mu);
}

void tt_unshare(tt_t *tt)
{
    struct tt_shared *s = tt->share;
    tt->mask = s->mask;
    tt->used = atomic_load(&s->used);
    tt->share = NULL;
}

size_t tt_buckets_in_use(const tt_t *tt)
{
    return tt->mask + 1 < tt->buckets ? tt->mask + 1 : tt->buckets;
}

int tt_hashfull(const tt_t *tt)
{
    uint64_t total = (uint64_t)tt->buckets * TT_BUCKET, used = used_of(tt);
    return (int)(used >= total ? 1000 : used * 1000 / total);
}

static inline tt_bucket_t *bucket_of(const tt_t *tt, uint64_t key)
{
    return &tt->table[tt_bucket_index(tt, key)];
}

/* The entries of b whose tag is key's in this generation, as a bit mask. */
static inline unsigned matches(const tt_t *tt, const tt_bucket_t *b, uint64_t key)
{
    uint64_t tag = key ^ tt->salt;
    unsigned m = 0;
    for (int i = 0; i < TT_BUCKET; i++)
        m |= (unsigned)(b->tag[i] == tag) << i;
    return m;
}

/* The largest hand an exact proof entry holds for. */
static inline hand_t proof_hi(const tt_entry_t *e) { return e->pn == 0 ? (hand_t)e->dn : e->hand; }

/* The smallest hand an exact disproof entry holds for: in pn while the entry holds no
 * proof, in dn beside a monotone proof (which leaves dn unused), and otherwise (working
 * numbers over them, or an exact proof's range in dn) lost: its own hand. */
static inline hand_t disproof_lo(const tt_entry_t *e)
{
    if (e->plen == LEN_NONE)
        return e->dn == 0 ? (hand_t)e->pn : e->hand;
    return e->pn == 0 && !(e->amount & TT_PEXACT) ? (hand_t)e->dn : e->hand;
}

tt_probe_t tt_probe(const tt_t *tt, uint64_t key, hand_t hand, int len)
{
    tt_probe_t r = {.pn = 0, .dn = 0, .plen = LEN_NONE, .dlen = DLEN_NONE, .hand = hand, .move = MOVE_NONE};
    const tt_bucket_t *b = bucket_of(tt, key);
    const tt_entry_t *proof = NULL, *disproof = NULL, *exact = NULL;
    uint32_t skip = tt->skip_unsure;
    lock(tt, b);
    for (unsigned m = matches(tt, b, key); m; m &= m - 1) {
        const tt_entry_t *e = &b->e[__builtin_ctz(m)];
        if (e->gen != tt->gen)
            continue;
        bool same = e->hand == hand;
        if (e->plen <= len && !(e->amount & skip & TT_PUNSURE) &&
            (same || (hand_ge(hand, e->hand) && (!(e->amount & TT_PEXACT) || hand_ge(proof_hi(e), hand)))) &&
            (!proof || e->plen < proof->plen))
            proof = e;
        if (e->dlen >= len && !(e->amount & skip & TT_DUNSURE) &&
            (same || (hand_ge(e->hand, hand) && (!(e->amount & TT_DEXACT) || hand_ge(hand, disproof_lo(e))))) &&
            (!disproof || e->dlen > disproof->dlen))
            disproof = e;
        if (same)
            exact = e;
    }
    if (proof) {
        bool ex = (proof->amount & TT_PEXACT) != 0;
        hand_t hi = ex ? proof_hi(proof) : hand_full();
        r = (tt_probe_t){0, PN_INF, proof->plen, DLEN_NONE, proof->hand, hi, proof->move, true, ex,
                         (proof->amount & TT_PUNSURE) != 0, 0};
    } else if (disproof) {
        bool ex = (disproof->amount & TT_DEXACT) != 0;
        r = (tt_probe_t){PN_INF, 0, LEN_NONE, disproof->dlen, disproof->hand, disproof->hand, disproof->move, true,
                         ex, (disproof->amount & TT_DUNSURE) != 0, ex ? disproof_lo(disproof) : 0};
    } else if (exact) {
        /* Decided numbers belong to a bound that does not answer this length. */
        bool decided = exact->pn == 0 || exact->dn == 0;
        r.pn = decided ? 1 : exact->pn;
        r.dn = decided ? 1 : exact->dn;
        r.plen = exact->plen;
        r.dlen = exact->dlen;
        r.move = exact->move;
        r.found = true;
    }
    unlock(tt, b);
    return r;
}

/* The entry of (key, hand), or the cheapest entry of the bucket, made empty for it. */
static tt_entry_t *slot(tt_t *tt, uint64_t key, hand_t hand)
{
    tt_bucket_t *b = bucket_of(tt, key);
    tt_entry_t *victim = NULL;
    uint64_t victim_cost = UINT64_MAX, tag = key ^ tt->salt;
    int vi = 0;
    for (int i = 0; i < TT_BUCKET; i++) {
        tt_entry_t *e = &b->e[i];
        if (e->gen != tt->gen) {
            if (!victim || victim_cost > 0) {
                victim = e;
                victim_cost = 0;
                vi = i;
            }
            continue;
        }
        if (b->tag[i] == tag && e->hand == hand)
            return e;
        /* Final results are worth more than their search cost alone. */
        uint64_t cost = (uint64_t)(e->amount & TT_AMOUNT) + ((e->plen != LEN_NONE || e->dlen != DLEN_NONE) ? 64 : 0);
        if (cost < victim_cost) {
            victim = e;
            victim_cost = cost;
            vi = i;
        }
    }
    if (victim->gen != tt->gen) {
        if (tt->share)
            atomic_fetch_add_explicit(&tt->share->used, 1, memory_order_relaxed);
        else
            tt->used++;
    }
    b->tag[vi] = tag;
    *victim = (tt_entry_t){.hand = hand, .pn = 1, .dn = 1, .plen = LEN_NONE, .dlen = DLEN_NONE,
                           .move = MOVE_NONE, .gen = tt->gen};
    return victim;
}

/* Adds to the effort and keeps the flags. */
static inline uint32_t add_amount(uint32_t a, uint32_t b)
{
    uint32_t flags = a & ~TT_AMOUNT, sum = (a & TT_AMOUNT) + (b & TT_AMOUNT);
    return flags | (sum > TT_AMOUNT ? TT_AMOUNT : sum);
}

void tt_store(tt_t *tt, uint64_t key, hand_t hand, uint32_t pn, uint32_t dn, move_t move, uint32_t amount)
{
    maybe_grow(tt);
    tt_bucket_t *b = bucket_of(tt, key);
    lock(tt, b);
    tt_entry_t *e = slot(tt, key, hand);
    e->pn = pn;
    e->dn = dn;
    if (move != MOVE_NONE)
        e->move = move;
    e->amount = add_amount(e->amount, amount);
    unlock(tt, b);
}

/* Drops the working entries of the board that a new final result makes useless. */
static void drop_dominated(tt_t *tt, uint64_t key, const tt_entry_t *keep, bool proof)
{
    tt_bucket_t *b = bucket_of(tt, key);
    for (unsigned m = matches(tt, b, key); m; m &= m - 1) {
        int i = __builtin_ctz(m);
        tt_entry_t *e = &b->e[i];
        if (e == keep || e->gen != tt->gen || e->plen != LEN_NONE || e->dlen != DLEN_NONE)
            continue;
        if (proof ? hand_ge(e->hand, keep->hand) : hand_ge(keep->hand, e->hand)) {
            kill(tt, b, i);
            if (tt->share)
                atomic_fetch_sub_explicit(&tt->share->used, 1, memory_order_relaxed);
            else
                tt->used -= tt->used > 0;
        }
    }
}

/* How a new result meets the entry's at its bound (its flags and hand range with it): a
 * better bound takes the entry; at an equal one the certain result wins, and of two
 * alike the one that speaks for more hands.  Never a mix: a certain result exact for a
 * range of hands met by an unsure one for all of them (a retry with wider tests stores
 * the same bound again) made one certain for all, outside the range resting on the
 * stopped test alone (a review's table-level test). */
typedef enum { BOUND_KEEP, BOUND_TAKE, BOUND_MERGE } bound_meet_t;

static inline bound_meet_t bound_meet(bool better, bool equal, bool old_unsure, bool unsure)
{
    if (better || (equal && old_unsure && !unsure))
        return BOUND_TAKE;
    return equal && old_unsure == unsure ? BOUND_MERGE : BOUND_KEEP;
}

static inline uint32_t bound_flags(uint32_t amount, bound_meet_t meet, uint32_t exact_bit, bool exact,
                                   uint32_t unsure_bit, bool unsure)
{
    if (meet == BOUND_TAKE) {
        amount = exact ? amount | exact_bit : amount & ~exact_bit;
        amount = unsure ? amount | unsure_bit : amount & ~unsure_bit;
    } else if (meet == BOUND_MERGE && !exact) {
        amount &= ~exact_bit;
    }
    return amount;
}

void tt_store_proof(tt_t *tt, uint64_t key, hand_t proof_hand, hand_t hi, int plen, move_t move, uint32_t amount,
                    bool exact, bool unsure)
{
    maybe_grow(tt);
    tt_bucket_t *b = bucket_of(tt, key);
    lock(tt, b);
    tt_entry_t *e = slot(tt, key, proof_hand);
    hand_t lo = e->amount & TT_DEXACT ? disproof_lo(e) : 0;
    bool had = e->plen != LEN_NONE;
    hand_t old_hi = had && (e->amount & TT_PEXACT) ? proof_hi(e) : had ? hand_full() : e->hand;
    /* One set of flags for the entry's plen: the shorter bound wins. */
    bound_meet_t meet = bound_meet(plen < e->plen, plen == e->plen, (e->amount & TT_PUNSURE) != 0, unsure);
    e->amount = bound_flags(e->amount, meet, TT_PEXACT, exact, TT_PUNSURE, unsure);
    hand_t new_hi = meet == BOUND_TAKE || (meet == BOUND_MERGE && hand_ge(hi, old_hi)) ? hi : old_hi;
    if (meet == BOUND_TAKE) {
        e->plen = (int16_t)plen;
        e->move = move;
    }
    e->pn = 0;
    e->dn = e->amount & TT_PEXACT ? (uint32_t)new_hi : e->amount & TT_DEXACT ? (uint32_t)lo : PN_INF;
    e->amount = add_amount(e->amount, amount);
    if (!exact)
        drop_dominated(tt, key, e, true);
    unlock(tt, b);
}

void tt_store_disproof(tt_t *tt, uint64_t key, hand_t disproof_hand, hand_t lo, int dlen, move_t move,
                       uint32_t amount, bool exact, bool unsure)
{
    maybe_grow(tt);
    tt_bucket_t *b = bucket_of(tt, key);
    lock(tt, b);
    exact = exact && lo != 0; /* from the empty hand up, it is monotone */
    tt_entry_t *e = slot(tt, key, disproof_hand);
    bool had = e->dlen != DLEN_NONE;
    hand_t old_lo = had && (e->amount & TT_DEXACT) ? disproof_lo(e) : 0;
    bound_meet_t meet = bound_meet(dlen > e->dlen, dlen == e->dlen, (e->amount & TT_DUNSURE) != 0, unsure);
    hand_t new_lo = meet == BOUND_TAKE || (meet == BOUND_MERGE && hand_ge(old_lo, lo)) ? lo : old_lo;
    e->amount = bound_flags(e->amount, meet, TT_DEXACT, exact, TT_DUNSURE, unsure);
    if (meet == BOUND_TAKE) {
        e->dlen = (int16_t)dlen;
        if (e->plen == LEN_NONE)
            e->move = move;
    }
    uint32_t slot_lo = e->amount & TT_DEXACT ? (uint32_t)new_lo : PN_INF;
    if (e->plen == LEN_NONE) {
        e->pn = slot_lo;
        e->dn = 0;
    } else if (e->pn == 0 && !(e->amount & TT_PEXACT))
        e->dn = slot_lo;
    e->amount = add_amount(e->amount, amount);
    if (!exact)
        drop_dominated(tt, key, e, false);
    unlock(tt, b);
}

void tt_store_path(tt_t *tt, uint64_t key, hand_t hand, uint64_t suffix, int span, int dlen, uint32_t amount,
                   bool exact, bool unsure)
{
    maybe_grow(tt);
    tt_bucket_t *b = bucket_of(tt, key);
    lock(tt, b);
    tt_entry_t *e = slot(tt, key, hand);
    e->pn = (uint32_t)suffix;
    e->dn = (uint32_t)(suffix >> 32);
    e->plen = (int16_t)span;
    e->dlen = (int16_t)dlen;
    e->amount = add_amount(e->amount & TT_AMOUNT, amount & TT_AMOUNT) | (exact ? TT_DEXACT : 0) |
                (unsure ? TT_DUNSURE : 0);
    unlock(tt, b);
}

bool tt_probe_path(const tt_t *tt, uint64_t key, hand_t hand, uint64_t *suffix, int *span, int *dlen, bool *exact,
                   bool *unsure)
{
    const tt_bucket_t *b = bucket_of(tt, key);
    bool found = false;
    lock(tt, b);
    for (unsigned m = matches(tt, b, key); m; m &= m - 1) {
        const tt_entry_t *e = &b->e[__builtin_ctz(m)];
        if (e->gen != tt->gen || e->hand != hand || (e->amount & tt->skip_unsure & TT_DUNSURE))
            continue;
        *suffix = (uint64_t)e->dn << 32 | e->pn;
        *span = e->plen;
        *dlen = e->dlen;
        *exact = (e->amount & TT_DEXACT) != 0;
        *unsure = (e->amount & TT_DUNSURE) != 0;
        found = true;
        break;
    }
    unlock(tt, b);
    return found;
}
