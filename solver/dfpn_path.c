/*
 * dfpn_path.c: disproofs that hang on the search path (repcache.h), looked up for a new
 * child and stored for a node.  Such a disproof holds for paths whose last positions, back
 * to the one it repeats, are the path's own; the path itself (its positions and their
 * prefix hashes) is kept by dfpn_path_push and dfpn_path_pop (dfpn_internal.h).
 */
#include "dfpn_internal.h"

/* The key of a node's path disproof (repcache.h): its board, salted apart from the
 * table's other entries. */
static inline uint64_t path_key(const dfpn_t *d, uint64_t board) { return board ^ d->salt ^ 0x2545F4914F6CDD1Dull; }

/* Starts loading the filter word a child with this board key will read.  mid() calls it
 * with the table's prefetches: the table's misses push the filter out of the
 * second-level cache, and in Zuko 第37番 the wait for its word was 11.5% of the
 * look-ahead's samples. */
void dfpn_path_prefetch(const dfpn_t *d, uint64_t board_key)
{
    repc_prefetch(d->sh->path_filter, path_key(d, board_key));
}

/* Whether child c (d->pos, one ply below the path's end, bound len) was disproven before
 * with the same positions above it back to the one its disproof repeats; if so c holds it. */
bool dfpn_path_disproven(dfpn_t *d, child_t *c, int len)
{
    uint64_t key = path_key(d, d->pos->board_key), suffix;
    int span, dlen;
    bool exact, unsure;
    if (!repc_maybe(d->sh->path_filter, key) ||
        !tt_probe_path(d->sh->tt, key, attacker_hand(d), &suffix, &span, &dlen, &exact, &unsure))
        return false;
    int at = d->ply + 1 - span; /* the first position of the suffix, on this path */
    if (dlen < len || at < 0)
        return false;
    uint64_t prefix = repc_extend(d->path_hash[d->ply], pos_key(d->pos)), before = at ? d->path_hash[at - 1] : 0;
    if (repc_suffix(prefix, before, span + 1) != suffix)
        return false;
    c->pn = PN_INF, c->dn = 0, c->rep = at, c->dlen = (int16_t)dlen, c->hand = attacker_hand(d);
    c->exact = exact, c->unsure = unsure;
    c->lo = exact ? attacker_hand(d) : 0;
    return true;
}

void dfpn_path_store(dfpn_t *d, int dlen, int rep, uint32_t amount, bool exact, bool unsure)
{
    if (!d->sh->path_filter || rep < 0)
        return; /* REP_LIMIT: a depth, not a position */
    uint64_t key = path_key(d, d->pos->board_key), before = rep ? d->path_hash[rep - 1] : 0;
    int span = d->ply - rep;
    repc_mark(d->sh->path_filter, key);
    tt_store_path(d->sh->tt, key, attacker_hand(d), repc_suffix(d->path_hash[d->ply], before, span + 1), span, dlen,
                  amount, exact, unsure);
}
