/*
 * dfpn_internal.h: what the parts of the df-pn search share (dfpn.c, dfpn_child.c,
 * dfpn_path.c, dfpn_delay.c, dfpn_sim.c, dfpn_result.c), and nothing else includes but
 * the unit tests of those parts (tests/solver_hand.c).
 *
 * A search (dfpn_t) keeps the path from its root, for repetitions, and an arena of
 * children frames: mid() takes a frame of n children (child_t) from the top of the arena
 * for each node on the path and gives it back on return, so frames are indices into the
 * arena (it may grow and move).
 */
#ifndef TSUME_DFPN_INTERNAL_H
#define TSUME_DFPN_INTERNAL_H

#include <limits.h>

#include "dfpn.h"
#include "estimate.h"
#include "repcache.h"

enum { REP_NONE = INT_MAX, REP_LIMIT = -1 };

/* Slots of the path index: each slot heads a chain, newest first, of the path positions
 * whose key falls in it, so that a lookup compares only those (0.37 keys on average on
 * a 1525-ply path) and the heads stay in the first-level cache.  The
 * counting filter it replaced (64 K slots of 16 bits, then a scan of the whole path)
 * missed the cache on most children. */
enum { PATH_SLOTS = 1 << 12 };

typedef struct {
    move_t move;
    int16_t prev; /* the delayed reply that must be proven before this one, or -1 */
    bool active;
    bool pending; /* a long interposition waiting for the delay-rule test (futile.h) */
    bool tried;   /* that test was made */
    bool futile;  /* it passed: the reply does not count */
    bool exact;   /* the child's result holds for a range of hands only (up to hi, down to lo) */
    bool unsure;  /* the child's result rests on a stopped delay-rule test (dfpn.h) */
    bool simmed;  /* the replay of its sibling's proof was tried (dfpn_sim.c) */
    bool doubt;   /* this reply's own delay-rule test was stopped or rests on such a test */
    hand_t hand;  /* proof or disproof hand of the child when decided */
    hand_t hi;    /* an exact proof's (or a pending reply's test's) largest hand */
    hand_t lo;    /* an exact disproof's smallest hand (raised by the reply's own test) */
    uint32_t pn, dn;
    int16_t plen, dlen;
    int32_t rep;
} child_t;

typedef struct {
    dfpn_shared_t *sh;
    pos_t *pos;
    color_t attacker;
    dfpn_mode_t mode;
    uint64_t salt;
    int ply;
    uint64_t *path; /* pos_key of each position on the path, path_cap of them */
    uint64_t *path_hash; /* prefix hash of the path up to each position (repcache.h) */
    int16_t *path_prev; /* the next older path position in the same slot, or -1 */
    int path_cap;
    int16_t path_head[PATH_SLOTS]; /* newest path position in each slot, or -1 */
    child_t *arena;
    size_t arena_cap, arena_top;
} dfpn_t;

static inline child_t *frame(dfpn_t *d, size_t base) { return d->arena + base; }

/* What mid() reports for a node: its numbers and, once decided, its length, the hand its
 * result was found with, and the path position a disproof rests on (rep). */
typedef struct {
    uint32_t pn, dn;
    int plen, dlen;
    hand_t hand;
    int rep;
    bool exact; /* the result is not monotone in the hand: a proof holds up to hi, a
                   disproof down to lo (tt.h) */
    bool unsure; /* it rests on a stopped delay-rule test (dfpn.h) */
    hand_t hi;   /* an exact proof holds for the hands from hand up to hi */
    hand_t lo;   /* an exact disproof for the hands from lo up to hand */
} node_result_t;

/* Whether a node's length bound is a real one (a question "mate within len?"), not the
 * unbounded search's LEN_INF - 1 less the plies played. */
static inline bool dfpn_bounded(int len) { return len <= SOLVER_MAX_PLY; }

static inline hand_t attacker_hand(const dfpn_t *d) { return d->pos->hand[d->attacker]; }

/* The reply a disproven defender node reports as its refutation: one that holds on every
 * path first (the largest rep), then the one with the longest bound; pending replies
 * do not refute.  Index, or -1 when no reply is disproven. */
static inline int dfpn_refutation(const child_t *ch, int n)
{
    int k = -1;
    for (int i = 0; i < n; i++)
        if (ch[i].dn == 0 && !ch[i].pending &&
            (k < 0 || ch[i].rep > ch[k].rep || (ch[i].rep == ch[k].rep && ch[i].dlen > ch[k].dlen)))
            k = i;
    return k;
}

static inline uint64_t dfpn_tt_key(const dfpn_t *d) { return d->pos->board_key ^ d->salt; }

static inline int dfpn_est_bits(const dfpn_shared_t *sh)
{
    return sh->caches.est_bits ? sh->caches.est_bits : EST_BITS;
}

/* ---- the path, for repetitions ---- */

/* The ply of a position of the path with this key, or -1. */
static inline int dfpn_path_find(const dfpn_t *d, uint64_t key)
{
    for (int i = d->path_head[key & (PATH_SLOTS - 1)]; i >= 0; i = d->path_prev[i])
        if (d->path[i] == key)
            return i;
    return -1;
}

static inline void dfpn_path_push(dfpn_t *d, uint64_t key)
{
    int slot = (int)(key & (PATH_SLOTS - 1));
    d->path[++d->ply] = key;
    d->path_hash[d->ply] = repc_extend(d->ply ? d->path_hash[d->ply - 1] : 0, key);
    d->path_prev[d->ply] = d->path_head[slot];
    d->path_head[slot] = (int16_t)d->ply;
}

static inline void dfpn_path_pop(dfpn_t *d)
{
    d->path_head[d->path[d->ply] & (PATH_SLOTS - 1)] = d->path_prev[d->ply];
    d->ply--;
}

/* Disproofs that hang on the path (dfpn_path.c). */
void dfpn_path_prefetch(const dfpn_t *d, uint64_t board_key);
bool dfpn_path_disproven(dfpn_t *d, child_t *c, int len);
void dfpn_path_store(dfpn_t *d, int dlen, int rep, uint32_t amount, bool exact, bool unsure);

/* A new child's first numbers (dfpn_child.c). */
void dfpn_init_child(dfpn_t *d, child_t *c, int len);
/* Proof hand of a defender node with no reply that counts; need: the proof hands of the
 * futility verdicts that took replies away. */
hand_t dfpn_mated_proof_hand(const dfpn_t *d, hand_t need);
/* Disproof hand of an attacker node with no check. */
hand_t dfpn_nocheck_disproof_hand(const dfpn_t *d);

/* A decided node's result from its children (dfpn_result.c): res->pn (or res->dn) is
 * already 0; these fill in length, hands, rep and the flags and return the move to store
 * as the best: the shortest check, the longest reply, the refutation, or else fallback
 * (the child mid() chose last).  need as for dfpn_mated_proof_hand; delay: the node runs
 * the delay rule (dfpn_delay_node). */
move_t dfpn_proven(const dfpn_t *d, const child_t *ch, int n, hand_t need, node_result_t *res, move_t fallback);
move_t dfpn_disproven(const dfpn_t *d, const child_t *ch, int n, int len, bool delay, node_result_t *res,
                      move_t fallback);

/* Proof by simulation (dfpn_sim.c): reply i of the defender node whose children are at
 * base, proven (and set so) by replaying the proof of its proven sibling; false when the
 * replay fails.  len is the defender node's bound. */
bool dfpn_simulate(dfpn_t *d, size_t base, int i, int sibling, int len);

/* The delay rule inside the search (dfpn_delay.c; the rule itself: futile.h). */
bool dfpn_delay_node(const dfpn_t *d, bool or_node, int len);
bool dfpn_test_refutation(dfpn_t *d, size_t base, int n, int len, bb_t *failed);
/* Whether the reply a disproven node would report is an interposition whose delay-rule
 * test is still to be made: a search stopped there leaves the node undecided. */
bool dfpn_refutation_untested(dfpn_t *d, size_t base, int n);
void dfpn_resolve_pending(dfpn_t *d, size_t base, int n, int len, hand_t need);

#endif
