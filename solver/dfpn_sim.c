/*
 * dfpn_sim.c: proof by simulation (Kawano 1996): a defender's reply proven the way its
 * sibling was.
 *
 * Interpositions on one square mostly lose the same way: whether a lance or a knight was
 * dropped between king and checker, the attacker's proof of the one often mates the
 * other move for move.  When such a reply is about to be searched and the reply before
 * it in its chain (delay.h) is proven, mid() first replays that sibling's proof on it:
 * at an attacker's node the check the table records for the sibling's position, at a
 * defender's node every reply the position has (the composers' capture rule leaving out
 * the futile ones, as mid() does), each matched by the same reply in the sibling's
 * position.  A node whose result the table already holds as a plain proof is taken as
 * it is.  The replay gives up at the first node the sibling's proof does not cover: a
 * check the position does not have, a reply the sibling had not, a repetition of the
 * path, a bound reached, or SIM_BUDGET nodes spent.  At an attacker's node where the
 * sibling's check is missing or its replay failed, a proof of the node's own is taken
 * instead, when one is at hand: a mate in one, or a check whose position the table holds
 * proven.  What it stores is a proof tree like any other (every reply answered, every
 * leaf a mate), so it is never wrong; it only saves the search that would have found
 * the same proof.
 *
 * Its proof hands and lengths are worked out as mid() works out plain (not exact) ones:
 * an attacker's node takes its check's proof hand moved back over the check, a
 * defender's node the largest of its replies' and the hand its futile replies needed;
 * a length is the replayed tree's depth, an upper bound as every proof's is.  Exact and
 * unsure results (the delay rule's, dfpn_delay.c) are neither used nor made: a node
 * proven with every counted reply mated holds under the delay rule too, so the replay
 * runs in its bounded searches as well.
 *
 * Measured at the bench's limits (Zuko and Muso, 3 M nodes for the shortening): 321.3 M
 * nodes against 332.7 M, 562.6 s against 612.7 s (runs half an hour apart), 178
 * lengths proven as before (Zuko 第48番 gained, Muso 第30番 lost).  Giving each reply
 * its first numbers as mid() does (dfpn_init_child: a mate in one found at once, where
 * the replay may prove a longer mate) was no better: 323.1 M nodes, 177 lengths proven.
 * Neither was a replay for replies with no proven predecessor, from any proven sibling
 * that reaches the same square (a capture of the checker by another piece, a board
 * interposition beside the drops): 327.9 M nodes, 177.
 * A small search (a proof-number threshold of 2 or 3) where the replay found a node the
 * sibling's proof did not cover proved one of problems/perturbed_hard.sfen in 13.9 M
 * nodes against 32.9 M, but cost the bench 1.5% and 2.9% more nodes
 * (tools/BENCH-LOG.md).  The attacker's own proofs (a mate in one, a table proof) prove
 * it in 8.1 M for 0.2% more nodes on the bench (322.0 M, 177 lengths proven: Zuko
 * 第48番's certifying disproof ran past its share again); the mate in one alone, 14.4 M.
 */
#include "../movegen/mate1.h"
#include "../movegen/movegen.h"
#include "dfpn_internal.h"
#include "futile.h"
#include "hand.h"

/* Nodes one replay may spend; almost every replay ends, proven or not, in a few hundred. */
enum { SIM_BUDGET = 10000 };

typedef struct {
    int plen;
    hand_t hand;
} sim_proof_t;

static bool sim_attack(dfpn_t *d, pos_t *o, int len, uint64_t budget, sim_proof_t *out);

/* The table's plain proof of d->pos within len, if it has one. */
static bool proven_in_table(const dfpn_t *d, int len, sim_proof_t *out)
{
    tt_probe_t t = tt_probe(d->sh->tt, dfpn_tt_key(d), attacker_hand(d), len);
    if (!t.found || t.pn != 0 || t.exact || t.unsure)
        return false;
    out->plen = t.plen, out->hand = t.hand;
    return true;
}

static bool has_move(const move_t *moves, int n, move_t m)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

static uint32_t amount(uint64_t spent) { return spent > TT_AMOUNT ? TT_AMOUNT : (uint32_t)spent; }

/* Whether the replay may go on at d->pos: limits, budget, the path's room. */
static bool sim_step(dfpn_t *d, uint64_t budget)
{
    dfpn_shared_t *sh = d->sh;
    return ++sh->nodes <= budget && !sh->aborted && d->ply < SOLVER_MAX_PLY - 2;
}

/* d->pos: the defender to move, in check; o: the sibling's position at the same point. */
static bool sim_defend(dfpn_t *d, pos_t *o, int len, uint64_t budget, sim_proof_t *out)
{
    dfpn_shared_t *sh = d->sh;
    pos_t *p = d->pos;
    if (!sim_step(d, budget))
        return false;
    uint64_t before = sh->nodes;
    move_t moves[MG_MAX_MOVES];
    hand_t need = 0;
    int n = mg_evasions(p, moves);
    if (d->mode == MODE_COMPOSER)
        n = futile_filter(sh, p, d->attacker, moves, n, &need);
    hand_t h = dfpn_mated_proof_hand(d, need);
    if (n == 0) {
        out->plen = 0, out->hand = h;
        tt_store_proof(sh->tt, dfpn_tt_key(d), h, hand_full(), 0, MOVE_NONE, 1, false, false);
        return true;
    }
    if (len < 2)
        return false;
    move_t theirs[MG_MAX_MOVES];
    int m = mg_evasions(o, theirs);
    int longest = -1;
    move_t best = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        undo_t u, uo;
        sim_proof_t c;
        pos_do(p, moves[i], &u);
        bool ok = dfpn_path_find(d, pos_key(p)) < 0;
        if (ok && !proven_in_table(d, len - 1, &c)) {
            ok = has_move(theirs, m, moves[i]);
            if (ok) {
                pos_do(o, moves[i], &uo);
                dfpn_path_push(d, pos_key(p));
                ok = sim_attack(d, o, len - 1, budget, &c);
                dfpn_path_pop(d);
                pos_undo(o, moves[i], &uo);
            }
        }
        pos_undo(p, moves[i], &u);
        if (!ok)
            return false;
        h = hand_max(h, c.hand);
        if (c.plen > longest)
            longest = c.plen, best = moves[i];
    }
    out->plen = longest + 1, out->hand = h;
    tt_store_proof(sh->tt, dfpn_tt_key(d), h, hand_full(), out->plen, best, amount(sh->nodes - before + 1), false,
                   false);
    return true;
}

/* Where the sibling's check is missing here, or its replay failed: a mate in one, or a
 * check whose position the table holds proven (the shortest such), as mid() would take
 * it.  Either is a proof of its own, so the replay goes on from it. */
static bool sim_own_proof(dfpn_t *d, int len, sim_proof_t *out)
{
    dfpn_shared_t *sh = d->sh;
    pos_t *p = d->pos;
    undo_t u;
    move_t m = mg_mate1(p);
    if (m != MOVE_NONE) {
        pos_do(p, m, &u);
        hand_t h = dfpn_mated_proof_hand(d, 0);
        pos_undo(p, m, &u);
        out->plen = 1, out->hand = hand_before_move(p, m, h);
    } else {
        move_t checks[MG_MAX_MOVES];
        int n = mg_checks(p, checks);
        sim_proof_t c;
        out->plen = -1;
        for (int i = 0; i < n; i++) {
            pos_do(p, checks[i], &u);
            bool ok = dfpn_path_find(d, pos_key(p)) < 0 && proven_in_table(d, len - 1, &c);
            pos_undo(p, checks[i], &u);
            if (ok && (out->plen < 0 || c.plen + 1 < out->plen))
                m = checks[i], out->plen = c.plen + 1, out->hand = hand_before_move(p, m, c.hand);
        }
        if (m == MOVE_NONE)
            return false;
    }
    tt_store_proof(sh->tt, dfpn_tt_key(d), out->hand, hand_full(), out->plen, m, 1, false, false);
    sh->sim_own++;
    return true;
}

/* d->pos: the attacker to move; o: the sibling's position at the same point. */
static bool sim_attack(dfpn_t *d, pos_t *o, int len, uint64_t budget, sim_proof_t *out)
{
    dfpn_shared_t *sh = d->sh;
    pos_t *p = d->pos;
    if (proven_in_table(d, len, out))
        return true;
    if (!sim_step(d, budget) || len < 1)
        return false;
    uint64_t before = sh->nodes;
    tt_probe_t t = tt_probe(sh->tt, o->board_key ^ d->salt, o->hand[d->attacker], len);
    move_t checks[MG_MAX_MOVES];
    if (!t.found || t.pn != 0 || t.exact || t.unsure || t.move == MOVE_NONE ||
        !has_move(checks, mg_checks(p, checks), t.move))
        return sim_own_proof(d, len, out);
    undo_t u, uo;
    sim_proof_t c;
    pos_do(p, t.move, &u);
    bool ok = dfpn_path_find(d, pos_key(p)) < 0;
    if (ok) {
        pos_do(o, t.move, &uo);
        dfpn_path_push(d, pos_key(p));
        ok = sim_defend(d, o, len - 1, budget, &c);
        dfpn_path_pop(d);
        pos_undo(o, t.move, &uo);
    }
    pos_undo(p, t.move, &u);
    if (!ok)
        return !sh->aborted && sh->nodes <= budget && sim_own_proof(d, len, out);
    out->plen = c.plen + 1;
    out->hand = hand_before_move(p, t.move, c.hand);
    tt_store_proof(sh->tt, dfpn_tt_key(d), out->hand, hand_full(), out->plen, t.move, amount(sh->nodes - before + 1),
                   false, false);
    return true;
}

bool dfpn_simulate(dfpn_t *d, size_t base, int i, int sibling, int len)
{
    dfpn_shared_t *sh = d->sh;
    if (sh->no_simulation)
        return false;
    uint64_t budget = sh->nodes + SIM_BUDGET;
    if (sh->node_limit && budget > sh->node_limit)
        budget = sh->node_limit;
    if (sh->local_limit && budget > sh->local_limit)
        budget = sh->local_limit;
    pos_t *p = d->pos, o = *p;
    move_t m = frame(d, base)[i].move;
    undo_t u, uo;
    pos_do(&o, frame(d, base)[sibling].move, &uo);
    pos_do(p, m, &u);
    dfpn_path_push(d, pos_key(p));
    sim_proof_t r;
    sh->sim_tries++;
    bool ok = sim_attack(d, &o, len - 1, budget, &r);
    dfpn_path_pop(d);
    pos_undo(p, m, &u);
    if (!ok)
        return false;
    sh->sim_proofs++;
    child_t *c = frame(d, base) + i;
    c->pn = 0, c->dn = PN_INF, c->plen = (int16_t)r.plen, c->hand = c->hi = r.hand;
    c->exact = c->unsure = false, c->rep = REP_NONE;
    return true;
}
