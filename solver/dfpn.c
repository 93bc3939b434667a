/*
 * dfpn.c: the df-pn search proper.
 *
 * mid() is Nagai's multiple-iterative-deepening step with the children of a node kept in
 * a frame of an arena (indices, not pointers, since the arena may grow), so that a child
 * found on the current path (a repetition) stays disproven for as long as this frame
 * lives without ever being written to the table.  Each result carries rep: the smallest
 * ply of a path position it depended on by repetition (REP_NONE when none); a disproof
 * is stored as such only when rep >= the node's own ply, i.e. when the cycle closes
 * inside the subtree and the disproof therefore holds whatever the path above; otherwise
 * it is stored with the part of the path it rests on (repcache.h).
 *
 * Recursion depth is bounded by SOLVER_MAX_PLY; frames are small (the children live in
 * the arena), and solver.c runs the search on a thread with a stack sized for that depth.
 *
 * New children get their first numbers from dfpn_child.c (df-pn+: a look-ahead of one
 * ply), disproofs that hang on the path are kept by dfpn_path.c, and what a decided
 * node stores (its length and hands) is built by dfpn_result.c.  Among children with
 * equal numbers the one with the larger other number is searched first.  A delayed
 * interposition whose predecessor in its chain is proven is first tried by replaying
 * that proof (dfpn_sim.c).
 *
 * Double counting: sibling checks often lead to the same positions (a drop then a move,
 * or the move then the drop), and a sum of their disproof numbers counts those shared
 * subtrees once per sibling.  An attacker node's dn is therefore the weak one of Ueda et
 * al. (Weak Proof-Number Search, CG 2008): the largest child dn plus one for each other
 * check still open.  Measured at 3 M nodes a problem on 50 Zuko and Muso problems: 60.7 M
 * nodes against 66.1 M, 44 lengths proven against 41; the same rule for a defender
 * node's pn (a sum of replies) took Zuko #1 from 3.7 M to 8.6 M nodes.
 */
#include "dfpn.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../movegen/movegen.h"
#include "delay.h"
#include "dfpn_internal.h"
#include "estimate.h"
#include "futile.h"
#include "hand.h"
#include "repcache.h"

/* The two rules' results are kept apart in the table and the look-ahead cache (which
 * outlives a problem) by a salt of the board key.  A solve searches under one rule only,
 * so a probe looks under its own rule's salt alone.  (While proofs still ran under the
 * strict rule, composer probes also accepted strict proofs, a strict mate within len
 * being a composer mate within len, at the price of a second probe on every undecided
 * one.) */
static const uint64_t MODE_SALT[2] = {0, 0x5bd1e9955bd1e995ull};

/* The pieces in play are a second salt.  An entry speaks for a board and an attacker
 * hand, the defender holding the rest: true within a search, where pieces only change
 * places, but not across the delay rule's handed-back positions, where a board piece
 * that moved in leaves the game (futile.h).  There the defender holds one piece less
 * for the same board and attacker hand, and a proof found with it does not hold for the
 * problem's own position (tests/solver_material.c).  So each set of pieces in play
 * (counted per type, promoted as unpromoted) has a table of its own.  Over Zuko and
 * Muso at the bench's limits no proven length changed, for 1.6% more nodes: the
 * handed-back searches no longer borrow the problem's results, nor the kept ones theirs.
 * (Borrowing what holds across, the problem's proofs and its disproofs with the missing
 * pieces in the attacker's hand, saved 0.4% of that and was not kept.) */
static uint64_t search_salt(const pos_t *p, dfpn_mode_t mode)
{
    uint64_t counts = 0;
    for (ptype_t pt = PAWN; pt <= KING; pt++) {
        int n = bb_count(p->by_type[pt]) + (pt_can_promote(pt) ? bb_count(p->by_type[pt + PROMOTED]) : 0);
        if (pt != KING)
            n += hand_count(p->hand[BLACK], pt) + hand_count(p->hand[WHITE], pt);
        counts |= (uint64_t)n << (5 * pt); /* at most 18 of a type */
    }
    return MODE_SALT[mode] ^ (counts * 0x9E3779B97F4A7C15ull);
}

double dfpn_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Sums of unresolved numbers stop just below PN_INF, which only a decided child gives. */
static inline uint32_t sat_add(uint32_t a, uint32_t b)
{
    if (a >= PN_INF || b >= PN_INF)
        return PN_INF;
    uint64_t s = (uint64_t)a + b;
    return s >= PN_INF - 1 ? PN_INF - 1 : (uint32_t)s;
}

/* ---- limits and progress ---- */

bool dfpn_global_limit_hit(dfpn_shared_t *sh)
{
    return (sh->node_limit && sh->nodes >= sh->node_limit) || solver_flag_up(sh->stop) ||
           solver_flag_up(sh->task_stop) || (sh->deadline && dfpn_now() >= sh->deadline);
}

static void check_limits(dfpn_shared_t *sh)
{
    tt_sync(sh->tt); /* between nodes: the table may grow here when threads share it */
    if ((sh->node_limit && sh->nodes >= sh->node_limit) || (sh->local_limit && sh->nodes >= sh->local_limit))
        sh->aborted = true;
    if (solver_flag_up(sh->stop) || solver_flag_up(sh->task_stop) || solver_flag_up(sh->soft_stop))
        sh->aborted = true;
    if ((sh->nodes & 1023) == 0) {
        double now = dfpn_now();
        if ((sh->deadline && now >= sh->deadline) || (sh->soft_deadline && now >= sh->soft_deadline))
            sh->aborted = true;
        if (sh->progress && now >= sh->next_report) {
            solve_progress_t info = {sh->nodes, now - sh->start, tt_hashfull(sh->tt), sh->phase, sh->proven,
                                     sh->asking};
            sh->progress(&info, sh->progress_arg);
            sh->next_report = now + 0.1;
        }
    }
}

/* ---- the arena of children frames ---- */

static bool arena_reserve(dfpn_t *d, size_t n)
{
    if (d->arena_top + n <= d->arena_cap)
        return true;
    size_t cap = d->arena_cap ? d->arena_cap * 2 : 1 << 10; /* nested levels mostly need little */
    while (cap < d->arena_top + n)
        cap *= 2;
    child_t *a = realloc(d->arena, cap * sizeof *a);
    if (!a)
        return false;
    d->arena = a;
    d->arena_cap = cap;
    return true;
}

/* ---- the search ---- */

static void mid(dfpn_t *d, node_result_t *res, uint32_t th_pn, uint32_t th_dn, int len);

static void store_result(dfpn_t *d, const node_result_t *r, move_t best, uint32_t amount)
{
    tt_t *tt = d->sh->tt;
    uint64_t key = dfpn_tt_key(d);
    if (r->pn == 0)
        tt_store_proof(tt, key, r->hand, r->exact ? r->hi : hand_full(), r->plen, best, amount, r->exact, r->unsure);
    else if (r->dn == 0) {
        if (r->rep >= d->ply)
            tt_store_disproof(tt, key, r->hand, r->lo, r->dlen, best, amount, r->exact, r->unsure);
        else /* it holds for paths through the position it repeats only */
            dfpn_path_store(d, r->dlen, r->rep, amount, r->exact, r->unsure);
    } else
        tt_store(tt, key, attacker_hand(d), r->pn, r->dn, best, amount);
}

/* Whether defender reply c, just created, refutes its node so that the other replies need
 * not be created at all: it is disproven on every path, for the hands the table says
 * (not exact, not resting on a stopped test), and it is no interposition, whose
 * refutation would wait for a delay-rule test.  The node is then disproven by it
 * whatever the others are.  Such a reply is taken when nothing can refute more strongly
 * (no mate at all), and at a bound of 2, where every reply is decided on creation by a
 * look-ahead for a mate in one: the other replies' look-aheads are what is saved there,
 * at the price of a disproof that may be shorter than the strongest (2 plies where
 * another reply had no check at all).  Zuko and Muso at the bench's limits, side by
 * side with the search that created every reply: 7.5% less time (Zuko 11%, Muso 4-5%)
 * for 2.0% more nodes (the other replies' look-aheads are not stored), 177 lengths
 * proven as before; the first kind alone: 1.3% more nodes; any reply disproven on
 * creation, at any bound: 1.8% more, and less time saved (tools/BENCH-LOG.md). */
static bool refutes_at_creation(const dfpn_t *d, const child_t *c, int len)
{
    square_t checker;
    return c->dn == 0 && c->rep == REP_NONE && !c->exact && !c->unsure && (c->dlen >= LEN_INF || len == 2) &&
           !futile_is_interposition(d->pos, c->move, &checker);
}

/* Creates the n children of the node at p in the frame at base, each with its first
 * numbers (dfpn_child.c), and returns how many there are: fewer when a defender's reply
 * refutes on creation (refutes_at_creation). */
static int expand(dfpn_t *d, move_t *moves, int n, size_t base, int len, bool or_node)
{
    dfpn_shared_t *sh = d->sh;
    pos_t *p = d->pos;
    /* Start every child's table bucket loading before the first probe: the probes are
     * the main cost of an expansion, and this way their cache misses overlap.  The whole
     * bucket, entries too: a quarter to a third of the probes find their board (Zuko
     * 第37番 26%, 第99番 34%), and a child decided on creation is stored at once; each
     * of these missed the cache a second time, on an entry's line.  With only the tags
     * prefetched, Zuko 第37番 at 6 M nodes took 10.6 s against 9.5 s, 第99番 12.5 s
     * against 11.4 s (side by side, the same nodes).  Prefetching a few children ahead of
     * the probes instead of all at once was slower by 1-3%.  The look-ahead cache's slot
     * and the path filter's word (repcache.h) load with them. */
    for (int i = 0; i < n; i++) {
        uint64_t bk = pos_board_key_after(p, moves[i]);
        tt_prefetch(sh->tt, bk ^ d->salt);
        tt_prefetch_entries(sh->tt, bk ^ d->salt);
        est_prefetch(sh->est_cache, dfpn_est_bits(sh), bk ^ d->salt);
        dfpn_path_prefetch(d, bk);
    }
    int16_t prev[MG_MAX_MOVES];
    if (!or_node)
        delay_order(p, moves, prev, n);
    for (int i = 0; i < n; i++) {
        undo_t u;
        child_t *c = frame(d, base) + i;
        c->move = moves[i];
        c->prev = or_node ? -1 : prev[i];
        bool cap = !mv_is_drop(moves[i]) && p->board[mv_to(moves[i])];
        pos_do(p, moves[i], &u);
        dfpn_init_child(d, c, len - 1);
        pos_undo(p, moves[i], &u);
        if (cap && !or_node && c->pn == 1 && c->dn > 0 && c->dn < PN_INF)
            c->pn = 2; /* a defender that captures has mostly spoiled something */
        if (!or_node && refutes_at_creation(d, c, len)) {
            n = i + 1;
            break;
        }
    }
    return n;
}

static void mid(dfpn_t *d, node_result_t *res, uint32_t th_pn, uint32_t th_dn, int len)
{
    dfpn_shared_t *sh = d->sh;
    pos_t *p = d->pos;
    bool or_node = p->side == d->attacker;
    uint64_t nodes_before = sh->nodes++;
    tt_prefetch_entries(sh->tt, dfpn_tt_key(d));
    check_limits(sh);
    *res = (node_result_t){1, 1, LEN_NONE, DLEN_NONE, attacker_hand(d), REP_NONE, false, false, attacker_hand(d), 0};

    if (d->ply >= SOLVER_MAX_PLY - 1) {
        res->pn = PN_INF, res->dn = 0, res->rep = REP_LIMIT;
        return;
    }

    move_t moves[MG_MAX_MOVES];
    hand_t need = 0; /* proof hands behind the futile replies left out */
    int n = or_node ? mg_checks(p, moves) : mg_evasions(p, moves);
    if (!or_node && d->mode == MODE_COMPOSER)
        n = futile_filter(sh, p, d->attacker, moves, n, &need);
    if (n == 0) {
        if (or_node)
            res->pn = PN_INF, res->dn = 0, res->dlen = LEN_INF, res->hand = dfpn_nocheck_disproof_hand(d);
        else
            res->pn = 0, res->dn = PN_INF, res->plen = 0, res->hand = dfpn_mated_proof_hand(d, need);
        store_result(d, res, MOVE_NONE, 1);
        return;
    }
    if ((or_node && len < 1) || (!or_node && len < 2)) {
        res->pn = PN_INF, res->dn = 0, res->dlen = len;
        res->hand = or_node ? hand_full() : attacker_hand(d);
        store_result(d, res, MOVE_NONE, 1);
        return;
    }

    if (!arena_reserve(d, (size_t)n)) {
        sh->aborted = true;
        return;
    }
    size_t base = d->arena_top;
    d->arena_top += (size_t)n;
    n = expand(d, moves, n, base, len, or_node);
    bool delay = dfpn_delay_node(d, or_node, len);
    bb_t failed = BB_EMPTY; /* drop squares whose delay-rule test failed (dfpn_delay.c) */

    int best = 0;
    for (;;) {
        child_t *ch = frame(d, base);
        /* phi/delta: the numbers of this node's own kind (pn at OR, dn at AND). */
        uint32_t phi = PN_INF, delta = 0, phi2 = PN_INF, dn_max = 0, dn_open = 0;
        bool pending = false;
        best = -1;
        for (int i = 0; i < n; i++) {
            /* Delayed interpositions (delay.h): a reply waits until the one before it in
             * its chain is proven (or waits for the delay test); prev < i, so one pass
             * settles the whole chain. */
            child_t *pv = ch[i].prev >= 0 ? &ch[ch[i].prev] : NULL;
            ch[i].active = !pv || (pv->active && (pv->pn == 0 || pv->pending)) || ch[i].dn == 0;
            if (!ch[i].active)
                continue;
            if (ch[i].pending) {
                pending = true;
                continue;
            }
            uint32_t cphi = or_node ? ch[i].pn : ch[i].dn; /* child's number this node minimises */
            uint32_t cdelta = or_node ? ch[i].dn : ch[i].pn;
            if (or_node) {
                dn_max = cdelta > dn_max ? cdelta : dn_max;
                dn_open += cdelta != 0;
            } else {
                delta = sat_add(delta, cdelta);
            }
            /* Among equals, the child whose other number is larger: at an OR node the
             * check that is hardest to refute, at an AND node the hardest reply. */
            if (best < 0 || cphi < phi || (cphi == phi && cdelta > (or_node ? ch[best].dn : ch[best].pn))) {
                phi2 = phi;
                phi = cphi;
                best = i;
            } else if (cphi < phi2) {
                phi2 = cphi;
            }
        }
        if (or_node) /* the weak disproof number (file comment) */
            delta = dn_open ? sat_add(dn_max, dn_open - 1) : 0;
        if (delay && phi == 0 && !sh->aborted && dfpn_test_refutation(d, base, n, len, &failed))
            continue;
        if (pending && delta == 0 && phi != 0 && !sh->aborted) {
            dfpn_resolve_pending(d, base, n, len, need); /* every other reply is proven */
            continue;
        }
        res->pn = or_node ? phi : delta;
        res->dn = or_node ? delta : phi;
        /* Stopped before the delay test: undecided.  Not dn PN_INF (every counted reply
         * proven), which the table would keep and a parent check would read as "no
         * refutation left" (Muso 第73番's variant: its question for 87 came out unknown
         * at 22.6 M nodes). */
        if (pending && delta == 0)
            res->pn = 1, res->dn = 1;
        /* Stopped before the test of the reply that would refute: undecided too.  A
         * disproof would rest on an interposition that may be futile, and a later
         * search would take it as certain: Zuko 第90番's "within 67" was disproven
         * so, from a node left by a question's first 100,000 nodes alone (split.c),
         * and 69 certified on two threads; a delay-rule test's own search, stopped
         * by its budget, left such nodes for the enclosing one on one thread. */
        if (delay && phi == 0 && sh->aborted && dfpn_refutation_untested(d, base, n))
            res->pn = 1, res->dn = 1;
        if (phi == 0 || delta == 0 || sh->aborted)
            break;
        uint32_t th_phi = or_node ? th_pn : th_dn, th_delta = or_node ? th_dn : th_pn;
        if (phi >= th_phi || delta >= th_delta)
            break;

        /* Child thresholds; the 1+epsilon trick (epsilon 1/4) keeps the search longer in
         * one child before switching, which limits thrashing (re-descents of long paths
         * and of a full table).  On 50 Zuko and Muso problems at 3 M nodes: 60.7 M nodes
         * and 44 lengths proven with 1/4; 151.3 M and 10 with none; 66.7 M, 65.9 M, 66.5 M
         * and 81.3 M with 1/8, 3/8, 1/2 and 1.  A bounded search (the shortening's
         * questions, delay-rule tests) does better with 3/4 at the attacker's nodes.  The
         * bench: 347.1 M nodes and 176 lengths proven against 368.1 M and 173, and on the
         * 165 problems proven by both 115.3 M nodes against 135.0 M; 1/2 and 1 there: 355.7
         * M and 348.8 M, 174 each.  3/4 everywhere: 375.1 M, one problem unanswered.  Not
         * everywhere better: Zuko 第98番's "within 39" takes 9.8 M nodes against 71,117.
         * A bounded search's defender nodes do better with 1/8: a certifying disproof is
         * mostly a hunt at them for the reply that refutes, which should move on sooner.
         * The bench: 332.7 M nodes and 178 lengths proven against 345.8 M and 177; the 31
         * mates it left unproven, with the whole 50 M nodes for the shortening: 26 proven
         * in 520.1 M nodes against 25 in 612.5 M (-20% on the 23 proven by 0, 1/8 and
         * 1/4).  With 0 there: 23 proven, two questions ran past 50 M.  The attacker's 3/4
         * re-tuned beside 1/8: 1/2, 1, 3/2 and 2 gave 343.2 M, 328.2 M, 324.3 M and 328.9 M
         * nodes, 179, 179, 178 and 176 proven; noise (tools/BENCH-LOG.md).
         * A race's helper (split.h) takes its own epsilon without a bound. */
        uint64_t unbounded8 = sh->race_eps8 ? sh->race_eps8 : 2;
        uint64_t eps = !dfpn_bounded(len) ? phi2 * unbounded8 / 8 : or_node ? (uint64_t)phi2 * 3 / 4 : phi2 / 8;
        uint64_t grow = (uint64_t)phi2 + eps + 1;
        uint32_t c_phi_th = (uint32_t)(grow < th_phi ? grow : th_phi);
        /* Under the weak dn an attacker node's number moves only with its largest child,
         * so a smaller check may grow towards it before the node has to look again: up
         * to the largest, but at most to twice its own number.  Microcosmos re-entered
         * its deep plies about 1,300 times a position with the check's own number as the
         * base (170.4 M nodes against 120.8 M); with the largest as the base its last
         * disproof ran past 158 M nodes.  The bench: 297.7 M nodes against 296.2 M. */
        uint32_t own = or_node ? ch[best].dn : ch[best].pn;
        uint32_t best_delta = or_node ? own + (dn_max - own < own ? dn_max - own : own) : own;
        uint64_t cd = (uint64_t)th_delta - delta + best_delta;
        uint32_t c_delta_th = cd >= PN_INF ? PN_INF : (uint32_t)cd;

        /* A chained reply whose predecessor is proven: first the predecessor's proof
         * replayed on it (dfpn_sim.c), once. */
        if (!or_node && !ch[best].simmed && ch[best].prev >= 0 && ch[ch[best].prev].pn == 0) {
            ch[best].simmed = true;
            if (dfpn_simulate(d, base, best, ch[best].prev, len))
                continue;
        }
        undo_t u;
        move_t m = ch[best].move;
        node_result_t cr;
        pos_do(p, m, &u);
        dfpn_path_push(d, pos_key(p));
        if (or_node)
            mid(d, &cr, c_phi_th, c_delta_th, len - 1);
        else
            mid(d, &cr, c_delta_th, c_phi_th, len - 1);
        dfpn_path_pop(d);
        pos_undo(p, m, &u);

        child_t *c = frame(d, base) + best;
        c->pn = cr.pn, c->dn = cr.dn, c->rep = cr.rep, c->exact = cr.exact, c->unsure = cr.unsure;
        if (cr.pn == 0)
            c->plen = (int16_t)cr.plen, c->hand = cr.hand, c->hi = cr.hi;
        else if (cr.dn == 0)
            c->dlen = (int16_t)cr.dlen, c->hand = cr.hand, c->lo = cr.lo;
    }

    child_t *ch = frame(d, base);
    move_t best_move = best >= 0 ? ch[best].move : MOVE_NONE;
    if (res->pn == 0)
        best_move = dfpn_proven(d, ch, n, need, res, best_move);
    else if (res->dn == 0)
        best_move = dfpn_disproven(d, ch, n, len, delay, res, best_move);
    uint64_t spent = sh->nodes - nodes_before;
    store_result(d, res, best_move, spent > UINT32_MAX ? UINT32_MAX : (uint32_t)spent);
    d->arena_top = base;
}

/* The search frame of nesting level `level`, its path room for a search of bound len
 * below n_above positions (a path grows one ply per unit of bound, and never past
 * SOLVER_MAX_PLY: mid()), or NULL when memory or the nesting limit says no. */
static dfpn_t *level_frame(dfpn_shared_t *sh, int level, int len, int n_above)
{
    if (level >= DFPN_NEST_MAX)
        return NULL;
    if (level >= sh->pool_cap) {
        int cap = sh->pool_cap ? sh->pool_cap * 2 : 16;
        while (cap <= level)
            cap *= 2;
        cap = cap > DFPN_NEST_MAX ? DFPN_NEST_MAX : cap;
        void **pool = realloc(sh->pool, (size_t)cap * sizeof *pool);
        if (!pool)
            return NULL;
        memset(pool + sh->pool_cap, 0, (size_t)(cap - sh->pool_cap) * sizeof *pool);
        sh->pool = pool;
        sh->pool_cap = cap;
    }
    dfpn_t *d = sh->pool[level];
    if (!d) {
        if (!(d = sh->pool[level] = calloc(1, sizeof *d)))
            return NULL;
        memset(d->path_head, 0xff, sizeof d->path_head); /* every slot -1: the path is empty */
    }
    int need = n_above + (len < 0 ? 0 : len > SOLVER_MAX_PLY ? SOLVER_MAX_PLY : len) + 2;
    need = need > SOLVER_MAX_PLY + 2 ? SOLVER_MAX_PLY + 2 : need;
    if (need > d->path_cap) {
        uint64_t *path = realloc(d->path, (size_t)need * sizeof *path);
        if (path)
            d->path = path;
        int16_t *prev = realloc(d->path_prev, (size_t)need * sizeof *prev);
        if (prev)
            d->path_prev = prev;
        uint64_t *hash = realloc(d->path_hash, (size_t)need * sizeof *hash);
        if (hash)
            d->path_hash = hash;
        if (!path || !prev || !hash)
            return NULL;
        d->path_cap = need;
    }
    return d;
}

dfpn_result_t dfpn_solve(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len,
                         const dfpn_above_t *above)
{
    dfpn_result_t out = {DFPN_UNKNOWN, LEN_NONE, DLEN_NONE, 0, false, 0, false, 0};
    int n_above = above ? above->n : 0;
    if (n_above >= SOLVER_MAX_PLY - 1)
        return out;
    dfpn_t *d = level_frame(sh, sh->nest, len, n_above);
    if (!d) {
        sh->aborted = true;
        return out;
    }
    if (!sh->est_cache)
        sh->est_cache = est_new(dfpn_est_bits(sh));
    if (!sh->path_filter)
        sh->path_filter = repc_new();
    repc_begin(sh->path_filter, sh->rep_gen);
    sh->nest++;
    d->sh = sh;
    d->pos = p;
    d->attacker = attacker;
    d->mode = mode;
    d->salt = search_salt(p, mode);
    d->arena_top = 0;
    d->ply = -1;
    for (int i = 0; i < n_above; i++)
        dfpn_path_push(d, above->keys[i]);
    dfpn_path_push(d, pos_key(p));

    node_result_t r;
    mid(d, &r, PN_INF, PN_INF, len);
    if (r.pn == 0)
        out = (dfpn_result_t){DFPN_PROVEN, r.plen, DLEN_NONE, r.hand, r.unsure, r.exact ? r.hi : hand_full(), r.exact, 0};
    else if (r.dn == 0 && r.rep >= 0 && !sh->aborted)
        out = (dfpn_result_t){DFPN_DISPROVEN, LEN_NONE, r.dlen, r.hand, r.unsure, r.hand, r.exact, r.exact ? r.lo : 0};
    while (d->ply >= 0)
        dfpn_path_pop(d);
    sh->nest--;
    return out;
}

dfpn_result_t dfpn_nested(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget,
                          const dfpn_above_t *above)
{
    dfpn_result_t out = {DFPN_UNKNOWN, LEN_NONE, DLEN_NONE, 0, false, 0, false, 0};
    if (sh->aborted)
        return out;
    tt_probe_t t = dfpn_probe(sh, p, attacker, mode, len);
    if (t.found && t.pn == 0)
        return (dfpn_result_t){DFPN_PROVEN, t.plen, DLEN_NONE, t.hand, t.unsure, t.exact ? t.hi : hand_full(), t.exact, 0};
    if (t.found && t.dn == 0)
        return (dfpn_result_t){DFPN_DISPROVEN, LEN_NONE, t.dlen, t.hand, t.unsure, t.hand, t.exact, t.lo};
    if (sh->nest + 1 >= DFPN_NEST_MAX)
        return out;
    uint64_t saved = sh->local_limit, limit = budget ? sh->nodes + budget : 0;
    if (saved && (!limit || saved < limit))
        limit = saved;
    sh->local_limit = limit;
    const char *phase = sh->phase;
    out = dfpn_solve(sh, p, attacker, mode, len, above);
    sh->local_limit = saved;
    sh->phase = phase;
    /* Only this search's own budget is forgiven; the enclosing one's stops both. */
    if (sh->aborted && !dfpn_global_limit_hit(sh) && !(saved && sh->nodes >= saved))
        sh->aborted = false;
    return out;
}

/* A share of 64 MiB or more gets the full caches (9.1 MiB with the path filter); a
 * smaller one gets an eighth of it for the look-ahead estimates and a 32nd for the
 * futility verdicts, to the power of two below, so that the table keeps most of it. */
size_t dfpn_caches_size(size_t bytes, dfpn_caches_t *c)
{
    int est = EST_BITS, fut = FUTILE_CACHE_BITS;
    if (bytes < (size_t)64 << 20) {
        while (est > EST_MIN_BITS && est_bytes(est) > bytes / 8)
            est--;
        while (fut > FUTILE_CACHE_MIN_BITS && futile_cache_bytes(fut) > bytes / 32)
            fut--;
    }
    c->est_bits = (uint8_t)est;
    c->futile_bits = (uint8_t)fut;
    return est_bytes(est) + futile_cache_bytes(fut) + sizeof(repc_t);
}

void dfpn_shared_release(dfpn_shared_t *sh)
{
    for (int i = 0; i < sh->pool_cap; i++) {
        dfpn_t *d = sh->pool[i];
        if (d) {
            free(d->arena);
            free(d->path);
            free(d->path_prev);
            free(d->path_hash);
        }
        free(d);
    }
    free(sh->pool);
    sh->pool = NULL;
    sh->pool_cap = 0;
    free(sh->futile_cache);
    sh->futile_cache = NULL;
    free(sh->est_cache);
    sh->est_cache = NULL;
    free(sh->path_filter);
    sh->path_filter = NULL;
}

void dfpn_shared_keep(dfpn_shared_t *keep, const dfpn_shared_t *sh)
{
    keep->pool = sh->pool;
    keep->pool_cap = sh->pool_cap;
    keep->futile_cache = sh->futile_cache;
    keep->est_cache = sh->est_cache;
    keep->path_filter = sh->path_filter;
}

uint64_t dfpn_key(const pos_t *p, dfpn_mode_t mode) { return p->board_key ^ search_salt(p, mode); }

tt_probe_t dfpn_probe(dfpn_shared_t *sh, const pos_t *p, color_t attacker, dfpn_mode_t mode, int len)
{
    return tt_probe(sh->tt, dfpn_key(p, mode), p->hand[attacker], len);
}
