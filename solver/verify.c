/*
 * verify.c: soundness findings along a solved main line (verify.h, solver.h).
 *
 * The main line has n plies; P[i] is the position before ply i+1 (P[n]: the mate).
 *   attacker ply k (odd): every other check is asked "mate at all?" (no bound: a cook of
 *     any length is a cook; under the solve's futility rule, which decides mate or no mate
 *     as the strict rule does, in fewer nodes). A mating one gets its composer length and
 *     line, and is told apart: the same move with the other promotion choice as fast, the
 *     same piece to another square of the same ray from the king as fast, a line that
 *     runs into the very position P[j] (j >= k-1) as fast as the main line (transposition),
 *     one that runs back into a main-line board later with the attacker at least as rich
 *     and the defender no richer (detour: the main line's mate then works from there), else
 *     a cook. On the last ply only mates in one are alternatives (a slower mate there is no
 *     rival to a mate in one).
 *   defender ply k (even): every other reply that counts under the futility rule is asked
 *     "mate within rem-2?" (rem: the plies the main line has left after its reply) and
 *     then "within rem?": shorter is fine, as long is a variation whose line decides
 *     between "another ending without leftover" (変同) and nothing (leftover pieces, or it
 *     runs back into the main line), longer than rem is a longer defence.
 * A variation that runs back into the main line this way ends as the main line does, so
 * it is no 変同 either.
 * verify_run walks the line, then hands a cooked verdict to verify_ties.c, which decides
 * whether its flaws belong to the composition or to one branch of a choice as good.  The
 * findings and the verdict they add up to are kept by verify_findings.c.
 */
#include "verify.h"

#include <stdlib.h>
#include <string.h>

#include "../movegen/attacks.h"
#include "../movegen/movegen.h"
#include "futile.h"
#include "line.h"
#include "shortest.h"
#include "verify_internal.h"

enum {
    ASK_MIN = 100000,   /* nodes for one question about an alternative, at least */
    ASK_MAX = 50000000, /* and at most, on the last pass (without a node limit) */
    ASK_FACTOR = 1,     /* times the proof's own cost, on the first pass */
    PASS_GROWTH = 8,    /* budget factor from one pass to the next */
    LINE_REFINE = 20000 /* nodes for each refining search of an alternative's line */
};

/* What a main-line position is compared by: the board (with the side to move) and the
 * two hands. */
typedef struct {
    uint64_t board_key;
    hand_t hand[2];
} mainpos_t;

typedef struct {
    dfpn_shared_t *sh;
    dfpn_mode_t mode;
    color_t attacker;
    uint64_t budget;
    verify_result_t *v;
    const mainpos_t *main; /* main[i]: P[i] */
    int n;
    bool undecided; /* some alternative was left open */
    int unwalked;   /* the first pass stopped before listing the alternatives of plies 1..unwalked */
    bool oom;
    int cap;
    move_t *buf; /* SOLVER_MAX_PLY moves: an alternative's line */
    uint64_t line_pool; /* under a node limit, nodes the alternatives' lines may still take */
} vctx_t;

typedef struct {
    dfpn_status_t st;
    int plen;
} answer_t;

/* Mate by the attacker within len from p?  The table first, then a budgeted search.
 * Under a bound, an answer resting on a delay-rule test that ran out is no answer (an
 * interposition counted for want of a verdict can make "no mate within len" wrong);
 * without one, either rule gives the same mate or no mate (dfpn.h). */
static answer_t ask(vctx_t *c, pos_t *p, dfpn_mode_t mode, int len)
{
    if (len < 0)
        return (answer_t){DFPN_DISPROVEN, 0};
    bool bounded = len < LEN_INF - 1;
    tt_probe_t t = dfpn_probe(c->sh, p, c->attacker, mode, len);
    if (t.found && (t.pn == 0 || t.dn == 0) && !(bounded && t.unsure))
        return (answer_t){t.pn == 0 ? DFPN_PROVEN : DFPN_DISPROVEN, t.pn == 0 ? t.plen : 0};
    if (c->sh->aborted)
        return (answer_t){DFPN_UNKNOWN, 0};
    dfpn_result_t r = search_budgeted(c->sh, p, c->attacker, mode, len, c->budget);
    if (bounded && r.unsure)
        r.status = DFPN_UNKNOWN;
    return (answer_t){r.status, r.plen};
}

static void add_led(vctx_t *c, int ply, verify_kind_t kind, const move_t *lead, int nlead, const move_t *moves,
                    int plies);

static void add(vctx_t *c, int ply, verify_kind_t kind, const move_t *moves, int plies)
{
    add_led(c, ply, kind, NULL, 0, moves, plies);
}

/* A finding whose line is reached from the main line's position at ply - nlead by the
 * moves lead[0..nlead) (a variation-cook's), or from the position at ply (nlead 0). */
static void add_led(vctx_t *c, int ply, verify_kind_t kind, const move_t *lead, int nlead, const move_t *moves,
                    int plies)
{
    if (kind == FIND_UNKNOWN)
        c->undecided = true;
    if (!verify_append(c->v, &c->cap, ply, kind, lead, nlead, moves, plies))
        c->oom = true;
}

/* The first index j >= from where P[j] has p's board and hands (*same), or failing that
 * p's board with the attacker holding no more and the defender no less than in p (the
 * main line from P[j] on then mates from p too, at least as fast); -1 when neither. */
static int main_index(const vctx_t *c, const pos_t *p, int from, bool *same)
{
    color_t a = c->attacker, d = opp(a);
    int inferior = -1;
    for (int j = from; j <= c->n; j++) {
        const mainpos_t *m = &c->main[j];
        if (m->board_key != p->board_key)
            continue;
        if (m->hand[a] == p->hand[a] && m->hand[d] == p->hand[d]) {
            *same = true;
            return j;
        }
        if (inferior < 0 && hand_ge(p->hand[a], m->hand[a]) && hand_ge(m->hand[d], p->hand[d]))
            inferior = j;
    }
    *same = false;
    return inferior;
}

/* Plays line[0..len) from p and returns the first main-line index (>= from) it reaches
 * (main_index, *same as there), or -1; *steps: the plies of line it took.  p is
 * restored. */
static int merges(const vctx_t *c, pos_t *p, const move_t *line, int len, int from, int *steps, bool *same)
{
    undo_t *u = malloc(sizeof *u * (size_t)(len ? len : 1));
    if (!u)
        return -1;
    int hit = -1, i = 0;
    for (; i < len && hit < 0; i++) {
        pos_do(p, line[i], &u[i]);
        hit = main_index(c, p, from, same);
    }
    *steps = i;
    while (i > 0) {
        i--;
        pos_undo(p, line[i], &u[i]);
    }
    free(u);
    return hit;
}

/* The line of a mate proven within len from p, written to c->buf + 1.  As for the main
 * line (solver_run.c), the limits are lifted while it is written: its moves come from the
 * table, and a line a limit cut short would show as a mate what is none (Zuko 第29番's
 * cook B*4f came out as 10 plies when the 1.2 G-node limit struck right after its proof).
 * The deadline too, unlike the main line's walk: what an alternative is (a cook, a
 * transposition, a detour) is read off its line, and a line hurried past the deadline
 * (line.c) could make a cook of a transposition.  A stop only hurries it.
 * Under a node limit, lines take up to the limit again, as the main line may (the help's
 * promise): the alternatives' lines share what the main line left of that (line_pool),
 * where each used to have its usual allowance (LINE_BUDGETS of LINE_REFINE: --nodes
 * 3000 spent 32,650 nodes on one 13-ply cook's line, a QA pass).  A line that share
 * leaves not certified sets *starved, and the alternative stays undecided where its
 * kind is read off the line (one chosen without its refining searches may miss where
 * it rejoins the main line). */
static line_info_t proven_line(vctx_t *c, pos_t *p, int len, bool *starved)
{
    dfpn_shared_t *sh = c->sh;
    uint64_t limit = sh->node_limit, usual = (uint64_t)LINE_REFINE * LINE_BUDGETS, total = 0;
    if (limit && c->line_pool < usual)
        total = c->line_pool ? c->line_pool : 1; /* 1: the table's proofs only */
    double deadline = sh->deadline;
    bool aborted = sh->aborted;
    uint64_t before = sh->nodes;
    sh->node_limit = 0, sh->deadline = 0, sh->aborted = false;
    line_info_t li = line_extract(sh, p, c->attacker, c->mode, len, LINE_REFINE, total, false, false, c->buf + 1);
    sh->node_limit = limit, sh->deadline = deadline;
    sh->aborted = aborted || dfpn_global_limit_hit(sh);
    uint64_t spent = sh->nodes - before;
    c->line_pool = spent < c->line_pool ? c->line_pool - spent : 0;
    *starved = total && !li.exact;
    return li;
}

/* p: just after an alternative move (so c->buf[0] holds it) known to mate (a proof of
 * length hi).  Writes the line after it to c->buf + 1; returns the plies counting the
 * alternative move itself; *sure: that length is proven the shortest.  *starved:
 * proven_line's. */
static int alt_line(vctx_t *c, pos_t *p, int hi, bool *sure, bool *starved)
{
    bool exact, proven;
    int len = shortest_mate(c->sh, p, c->attacker, c->mode, hi, c->budget, &exact, &proven, NULL, NULL);
    *sure = proven && exact;
    if (!proven) /* the question ran out: the proof at hi still gives a line */
        len = hi;
    return 1 + proven_line(c, p, len, starved).plies;
}

/* Whether m and main (two moves of the attacker from one position) take the same piece
 * (the same board piece, or a drop of the same kind) to two squares of one ray from the
 * defender's king, k: how far a ranging piece stands is then all that differs (非限定,
 * 以遠打).  Squares on opposite sides of the king are two different attacks, a cook:
 * the whole line through k used to count them as a choice (Zuko 第69番 at ply 13, R*2i
 * and R*5i around the king on 4i; G*7c beside G*7e around a king on 7d). */
static bool same_line_choice(square_t k, move_t m, move_t main)
{
    bool same_piece = mv_is_drop(m) ? mv_is_drop(main) && mv_drop_pt(m) == mv_drop_pt(main)
                                    : !mv_is_drop(main) && mv_from(m) == mv_from(main);
    square_t a = mv_to(m), b = mv_to(main);
    return same_piece && k != SQ_NONE && at_aligned(a, b, k) && !bb_has(at_between[a][b], k);
}

/* The defender's replies that count under the rule in force (p: defender to move). */
static int counted_replies(vctx_t *c, pos_t *p, move_t *moves)
{
    int n = mg_evasions(p, moves);
    if (n && c->mode == MODE_COMPOSER) {
        hand_t need = 0;
        n = futile_filter(c->sh, p, c->attacker, moves, n, &need);
    }
    return n;
}

static bool is_mated(vctx_t *c, pos_t *p)
{
    move_t rep[MG_MAX_MOVES];
    return counted_replies(c, p, rep) == 0;
}

/* What check m, mating as fast as the main line's move main (p's defender king on king),
 * is when it is a choice as good: the same move with the other promotion, the same
 * piece to another square of the same ray from the king, or another piece dropped on the
 * same square (e.g. a pawn or a lance); else FIND_COOK. */
verify_kind_t verify_choice_kind(square_t king, move_t m, move_t main)
{
    if ((m & ~MOVE_PROMO) == (main & ~MOVE_PROMO))
        return FIND_PROMOTION;
    if (same_line_choice(king, m, main))
        return FIND_SQUARE;
    if (mv_is_drop(m) && mv_is_drop(main) && mv_to(m) == mv_to(main))
        return FIND_PIECE;
    return FIND_COOK;
}

/* Alternative check m at attacker ply k (p = P[k-1], main move main).  False when a
 * budget left it undecided. */
static bool judge_check(vctx_t *c, pos_t *p, int k, move_t main, move_t m)
{
    int rem = c->n - k + 1;
    undo_t u;
    pos_do(p, m, &u);
    c->buf[0] = m;
    bool decided = true;
    if (rem == 1) {
        if (is_mated(c, p))
            add(c, k, FIND_FINAL_COOK, c->buf, 1);
    } else {
        answer_t a = ask(c, p, c->mode, LEN_INF - 1);
        if (a.st == DFPN_UNKNOWN) {
            decided = false;
        } else if (a.st == DFPN_PROVEN) {
            bool sure, starved;
            int plies = alt_line(c, p, a.plen, &sure, &starved), steps;
            pos_undo(p, m, &u);
            if (starved)
                return false;
            bool same;
            int back = merges(c, p, c->buf, plies, k - 1, &steps, &same);
            pos_do(p, m, &u);
            /* As fast: maybe a choice as good; else, or slower, judged by where it goes.
             * A length not proven shortest may be as fast after all: a move that would
             * then be a choice as good is left undecided, for a pass with a larger
             * budget (a white-box review: shtsume_tests #41 at --nodes 300000 called
             * 6b6a a cook of 17 plies, a 非限定 of 15 without the limit). */
            verify_kind_t as_fast = verify_choice_kind(p->king[opp(c->attacker)], m, main);
            if (!sure && plies > rem && as_fast != FIND_COOK) {
                pos_undo(p, m, &u);
                return false;
            }
            verify_kind_t kind = plies == rem ? as_fast : FIND_COOK;
            if (kind == FIND_COOK && back >= 0 && steps == back - (k - 1) && same)
                kind = FIND_TRANSPOSE; /* the very position of the main line, as fast */
            else if (kind == FIND_COOK && back >= 0 && steps > back - (k - 1))
                /* back into the main line with at least its material: the slower way
                 * adds nothing of its own (like an interposition the attacker takes) */
                kind = FIND_DETOUR;
            add(c, k, kind, c->buf, plies);
        }
    }
    pos_undo(p, m, &u);
    return decided;
}

/* Whether reply e (just played in p, undo u) is an interposition the delay rule takes
 * away at its node with bound len (the main line's reply is the witness: it lasts len - 1
 * plies).  *decided turns false when a budget stopped the test. */
static bool delay_futile(vctx_t *c, pos_t *p, move_t e, int len, undo_t *u, bool *decided)
{
    if (c->mode != MODE_COMPOSER || c->sh->futile != FUTILE_DELAY)
        return false;
    pos_undo(p, e, u);
    bool square_fails, unsure;
    int v = futile_delay_capture(c->sh, p, c->attacker, e, len, &square_fails, &unsure, NULL, NULL);
    pos_do(p, e, u);
    if (v < 0 || unsure)
        *decided = false;
    return v == 1;
}

/* Alternative reply e at defender ply k (p = P[k-1], main reply main).  False when a
 * budget left it undecided. */
static bool judge_reply(vctx_t *c, pos_t *p, int k, move_t e)
{
    int rem = c->n - k; /* plies of the main line after its reply */
    undo_t u;
    pos_do(p, e, &u);
    c->buf[0] = e;
    bool decided = true;
    answer_t shorter = ask(c, p, c->mode, rem - 2), same = shorter;
    if (shorter.st == DFPN_DISPROVEN)
        same = ask(c, p, c->mode, rem);
    if (shorter.st == DFPN_PROVEN) {
        /* a shorter variation: fine */
    } else if (same.st == DFPN_UNKNOWN) {
        decided = false;
    } else if (same.st == DFPN_PROVEN) {
        bool starved;
        line_info_t li = proven_line(c, p, rem, &starved);
        int plies = 1 + li.plies, steps;
        pos_undo(p, e, &u);
        if (starved)
            return false;
        bool identical;
        bool back = merges(c, p, c->buf, plies, k, &steps, &identical) >= 0;
        pos_do(p, e, &u);
        if (!back && li.leftover <= c->v->solve.leftover)
            add(c, k, rem == 1 ? FIND_EQUAL_LAST2 : FIND_EQUAL, c->buf, plies);
    } else if (delay_futile(c, p, e, rem + 1, &u, &decided)) {
        /* an interposition that only delays the mate (futile.h): not a defence */
    } else if (decided) {
        /* Longer than the main line: every reply of a mated defender is mated, so the
         * unbounded proof gives a bound to shorten from. */
        answer_t any = ask(c, p, c->mode, LEN_INF - 1);
        if (any.st == DFPN_PROVEN) {
            bool sure, starved; /* longer whatever its own length: only the line shown may be */
            int plies = alt_line(c, p, any.plen, &sure, &starved);
            add(c, k, FIND_LONGER, c->buf, plies);
        } else {
            decided = false;
        }
    }
    pos_undo(p, e, &u);
    return decided;
}

/* The alternatives of ply k (p = P[k-1]): every other check, or every other reply that
 * counts under the rule. */
static int alternatives(vctx_t *c, pos_t *p, int k, move_t main, move_t *out)
{
    move_t moves[MG_MAX_MOVES];
    int n = k % 2 ? mg_checks(p, moves) : counted_replies(c, p, moves), m = 0;
    for (int i = 0; i < n; i++)
        if (moves[i] != main)
            out[m++] = moves[i];
    return m;
}

typedef struct {
    int ply;
    move_t move;
} pending_t;

/* Walks the main line in passes: the first asks about every alternative on the base
 * budget, each later one only about those left undecided, on a budget PASS_GROWTH times
 * larger, until none is left, a pass on the top budget (ASK_MAX, or the node limit when
 * there is one) has been made, or a limit of the whole run stops the walk (under a node
 * limit every node up to it is the user's to spend: three fixed passes used to leave
 * alternatives undecided with half the limit unspent, and a 50 M cap left Zuko 第29番's
 * bishop drops undecided).  Undecided ones that remain become FIND_UNKNOWN findings.
 * Each pass goes from the mate back to the root: what the late plies prove or disprove
 * is in the table when the alternatives of earlier plies run into the same positions. */
static void walk(vctx_t *c, pos_t *p, undo_t *undo)
{
    const move_t *pv = c->v->solve.pv;
    pending_t *pend = NULL, *next = NULL;
    size_t npend = 0, nnext = 0, cap = 0;
    uint64_t top = c->sh->node_limit ? c->sh->node_limit : ASK_MAX;
    bool last = false; /* the pass just made was on top */
    for (int pass = 0; (pass == 0 || npend) && !last && !c->oom; pass++) {
        last = c->budget >= top;
        for (int k = 1; k <= c->n; k++)
            pos_do(p, pv[k - 1], &undo[k - 1]);
        size_t at = npend; /* pend is in descending ply order: read from its end */
        nnext = 0;
        int k = c->n;
        for (; k >= 1; k--) {
            pos_undo(p, pv[k - 1], &undo[k - 1]);
            if (c->oom || dfpn_global_limit_hit(c->sh))
                break;
            move_t alts[MG_MAX_MOVES];
            int na = 0;
            if (pass == 0) {
                na = alternatives(c, p, k, pv[k - 1], alts);
            } else {
                while (at > 0 && pend[at - 1].ply == k)
                    alts[na++] = pend[--at].move;
            }
            for (int i = 0; i < na && !c->oom; i++) {
                bool done = k % 2 ? judge_check(c, p, k, pv[k - 1], alts[i]) : judge_reply(c, p, k, alts[i]);
                if (done)
                    continue;
                if (nnext == cap) {
                    size_t ncap = cap ? 2 * cap : 64;
                    pending_t *x = realloc(pend, sizeof *x * ncap), *y = x ? realloc(next, sizeof *y * ncap) : NULL;
                    if (x)
                        pend = x;
                    if (!x || !y) {
                        c->oom = true;
                        break;
                    }
                    next = y;
                    cap = ncap;
                }
                next[nnext++] = (pending_t){k, alts[i]};
            }
        }
        bool stopped = k >= 1;
        if (stopped) { /* a limit of the whole run stopped the walk: the rest stays open */
            c->undecided = true;
            if (pass == 0)
                c->unwalked = k;
            while (--k >= 1)
                pos_undo(p, pv[k - 1], &undo[k - 1]);
            for (; at > 0 && nnext < cap; at--)
                next[nnext++] = pend[at - 1];
        }
        /* next is in descending ply order, each ply's moves reversed from pend's order:
         * reverse it so the next pass reads it back in the order it was first found. */
        for (size_t i = 0; i < nnext / 2; i++) {
            pending_t t = next[i];
            next[i] = next[nnext - 1 - i];
            next[nnext - 1 - i] = t;
        }
        pending_t *t = pend;
        pend = next, next = t;
        npend = nnext;
        c->budget = c->budget * PASS_GROWTH > top ? top : c->budget * PASS_GROWTH;
        if (stopped)
            break;
    }
    for (size_t i = 0; i < npend; i++) {
        c->buf[0] = pend[i].move;
        add(c, pend[i].ply, FIND_UNKNOWN, c->buf, 1);
    }
    free(pend);
    free(next);
    verify_sort_findings(c->v);
}

/* The walk and the verdict along the main line v->solve.pv. */
void verify_line(dfpn_shared_t *sh, pos_t *p, const solve_opts_t *o, verify_result_t *v, uint64_t proof_nodes)
{
    const solve_result_t *r = &v->solve;
    verify_clear_findings(v); /* a run again, after a shorter mate was found, starts afresh */
    v->unwalked = 0;
    if (r->status != SOLVE_MATE) {
        v->verdict = r->status == SOLVE_NOMATE    ? VERDICT_NOMATE
                     : r->status == SOLVE_UNKNOWN ? VERDICT_UNKNOWN
                                                  : VERDICT_ERROR;
        return;
    }
    /* The limits of the whole run hold again (the line phase lifted them). */
    sh->node_limit = o->node_limit;
    sh->deadline = o->time_limit > 0 ? sh->start + o->time_limit : 0;
    sh->aborted = false;
    sh->phase = "verify";
    uint64_t budget = proof_nodes * ASK_FACTOR;
    int n = r->plies;
    budget = budget < ASK_MIN ? ASK_MIN : budget > ASK_MAX / 64 ? ASK_MAX / 64 : budget;
    dfpn_mode_t mode = o->futile == FUTILE_NONE ? MODE_STRICT : MODE_COMPOSER;
    vctx_t c = {sh, mode, p->side, budget, v, NULL, n, false, 0, false, 0, NULL, 0};
    uint64_t main_line = r->phase_nodes[SOLVE_PHASE_LINE];
    c.line_pool = o->node_limit > main_line ? o->node_limit - main_line : 0;
    mainpos_t *main = malloc(sizeof *main * (size_t)(n + 1));
    undo_t *undo = malloc(sizeof *undo * (size_t)(n + 1));
    c.buf = malloc(sizeof *c.buf * SOLVER_MAX_PLY);
    if (!main || !undo || !c.buf) {
        c.oom = true;
    } else {
        for (int i = 0; i <= n; i++) {
            main[i] = (mainpos_t){p->board_key, {p->hand[BLACK], p->hand[WHITE]}};
            if (i < n)
                pos_do(p, r->pv[i], &undo[i]);
        }
        for (int i = n; i > 0; i--)
            pos_undo(p, r->pv[i - 1], &undo[i - 1]);
        c.main = main;
        walk(&c, p, undo);
    }
    free(main);
    free(undo);
    free(c.buf);
    v->incomplete = c.undecided;
    v->unwalked = c.unwalked;
    if (c.oom) {
        v->verdict = VERDICT_ERROR, strcpy(v->solve.error, "out of memory");
        return;
    }
    v->verdict = VERDICT_UNKNOWN;
    verify_conclude(v);
}

void verify_run(dfpn_shared_t *sh, pos_t *p, const solve_opts_t *o, verify_result_t *v, uint64_t proof_nodes)
{
    verify_line(sh, p, o, v, proof_nodes);
    verify_ties(sh, p, o, v, proof_nodes);
}

