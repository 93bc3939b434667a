/*
 * solver_run.c: one problem, three phases, on the solver's search thread (solver.c).
 *   proof     df-pn under the chosen futility rule, no length bound: mate, no mate, or
 *             unknown;
 *   shortest  bounded searches under the same rule, each asking for a mate two plies
 *             shorter than the last one proven, until one is disproven: the length is
 *             then exact;
 *   line      the moves of that length (line.c).
 * With a length bound (max_plies) the proof is that bounded search itself, under the rule
 * in force, so a short question never costs an unbounded proof.  For solver_verify,
 * verification follows (verify.h), and the shortening may resume after it.
 *
 * The user's limits bound the proof and the shortening (which takes its own share of
 * them); the line, whose moves come from the table, runs with the node limit lifted and
 * spends at most as much again (make_line).  Each phase that changes the limits on the
 * shared search state gives the user's back when it is done.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dfpn.h"
#include "futile.h"
#include "line.h"
#include "shortest.h"
#include "solver_internal.h"
#include "split.h"
#include "verify.h"

/* Budgets of the work after the proof, in nodes: each step of the shortest-mate loop and
 * each refining search of the line may cost this much, scaled by the proof's own cost.
 * The floor is for cheap proofs of long mates: Zuko 第100番's proof under the composers'
 * rule takes about 0.6 M nodes and finds the 611-ply mate at once, but the disproof at
 * 609 then needs 7.4 M. */
enum { STEP_MIN = 10000000, STEP_MAX = 200000000, STEP_FACTOR = 10, REFINE_MIN = 20000, REFINE_MAX = 200000 };

/* An answer left uncertain by delay-rule tests that ran out of their budget (futile.h)
 * is asked for again, up to DELAY_RETRIES times, with tests given DELAY_RETRY_FACTOR
 * times the budget and the table's results that rest on stopped tests passed over (they
 * are searched again, and stored certain when they come out so); the rest of the solve
 * (the line, verification) keeps both.  For a length, only a better answer replaces the
 * first: a certified length, or a shorter proven one.  At the bench's 3 M nodes for the
 * shortening no retry has nodes left; with 60 M, Zuko 第90番 and Muso 第67番, whose
 * disproofs at 65 and 43 rested on tests stopped at 1 M nodes, are certified. */
enum { DELAY_RETRIES = 2, DELAY_RETRY_FACTOR = 8 };

/* The shortening of a mate proven this long starts from the line's end (shortest.h:
 * shortest_backward), when no node limit bounds it: that pass fills the table from the
 * bottom up and certifies nothing until it reaches the root, so a limit that stops it
 * leaves less than the descent would have (on the 63 Zuko and Muso problems of 41 plies
 * or more, with the bench's 3 M nodes for the shortening and the pass from 40 plies, 46
 * lengths certified against 49).  Without limits, at --hash 1024, pass against descent:
 * Microcosmos (a 1567-ply proof) 56.0 M nodes and 80 s CPU against 59.1 M and 89 s;
 * Zuko 第101番 (611) 12.30 M nodes both ways, but its line then rests on a delay-rule
 * test of the walk that runs out of its budget; Zuko 第84番 (267) 1.95 M against 1.09 M;
 * Muso 第76番 (225) 1.76 M against 1.90 M. */
enum { BACKWARD_MIN_PLIES = 1000 };

static void widen_delay_tests(dfpn_shared_t *sh)
{
    sh->delay_budget = futile_delay_budget(sh) * DELAY_RETRY_FACTOR;
    sh->tt->skip_unsure = TT_PUNSURE | TT_DUNSURE;
}

static int retry_unsure(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int hi, uint64_t step,
                        int len, bool *exact, bool *unsure, int *sure)
{
    for (int i = 0; i < DELAY_RETRIES && *unsure && sh->delay_stops && !sh->aborted; i++) {
        uint64_t stops = sh->delay_stops;
        widen_delay_tests(sh);
        bool e, proven, u;
        int s, l = shortest_mate(sh, p, attacker, mode, hi, step, &e, &proven, &u, &s);
        if (proven && s < *sure)
            *sure = s;
        if (getenv("TSUME_TRACE"))
            fprintf(stderr, "trace retry %d: delay budget %llu, length %d%s%s\n", i + 1,
                    (unsigned long long)sh->delay_budget, l, e ? " certified" : "", u ? " (unsure)" : "");
        if (proven && (e || l < len)) {
            len = l, *exact = e, *unsure = u;
        } else if (!proven || sh->delay_stops == stops) {
            break; /* nothing better, and no test ran out this time: more would not help */
        }
    }
    return len;
}

/* The line of the length len (line.c), with the node limit lifted: the mate is proven,
 * and its moves come from the table.  The deadline and a stop only hurry the walk.
 * exact: len is certified. */
static void make_line(dfpn_shared_t *sh, pos_t *p, color_t attacker, const solve_opts_t *o, solve_result_t *r,
                      dfpn_mode_t mode, int len, bool exact, uint64_t proof_nodes)
{
    sh->phase = "line";
    sh->aborted = false;
    sh->node_limit = 0;
    uint64_t refine = proof_nodes < REFINE_MIN ? REFINE_MIN : proof_nodes > REFINE_MAX ? REFINE_MAX : proof_nodes;
    /* Under --nodes the line's refining searches and delay-rule tests together spend at
     * most the limit again (line.c): at 3 M nodes a line took up to 4 M for its searches
     * and 3.9 M more for its own delay-rule tests. */
    uint64_t total = refine * LINE_BUDGETS;
    /* A line may take as much as its proof did (line.c: patient), under --nodes within
     * the limit: the tie-breaks of a long proof's line need room in its last plies too.
     * Zuko 第8番 under --nodes 250000000 (--hash 256: a proof of 17.6 M nodes, the 41
     * plies certified) wrote 2a1b at ply 34 and a line with a piece left, where 2a3b
     * leaves none, when the walk had 4 M nodes: its first plies' tie questions had spent
     * their half, and the look-ahead found no line after 2a3b in the table. */
    if (total < proof_nodes)
        total = proof_nodes;
    if (o->node_limit && total > o->node_limit)
        total = o->node_limit;
    /* Without the shortening (check --first) the line only illustrates the answer: one
     * refining budget for all of it.  Zuko 第99番 within 117 takes 1.9 M nodes so, the
     * same 117 plies, against 5.7 M with the walk's usual 4 M. */
    if (o->no_shortening)
        total = refine;
    uint64_t before = sh->nodes;
    double t0 = dfpn_now();
    line_info_t li =
        line_extract(sh, p, attacker, mode, len, o->proof_only ? 1 : refine, total, !o->node_limit, exact, r->pv);
    /* Without limits, a certified length whose walk ran out (of its allowance, or in a
     * delay-rule test) is walked again with tests and allowance widened as for a length
     * (retry_unsure): Zuko 第100番's 611 plies, proven shortest in 8.3 M nodes, had its
     * line left on a test stopped at 1 M nodes after the walk's 4 M; the first retry
     * certifies it in 0.4 M more.  Under --nodes or --time-limit the walk stays as it is. */
    for (int i = 0; i < DELAY_RETRIES && exact && !li.exact && !o->node_limit && o->time_limit <= 0 &&
                    !o->proof_only && !sh->aborted && !dfpn_global_limit_hit(sh);
         i++) {
        widen_delay_tests(sh);
        total *= DELAY_RETRY_FACTOR;
        if (getenv("TSUME_TRACE"))
            fprintf(stderr, "trace line retry %d: %llu nodes before it, delay budget %llu\n", i + 1,
                    (unsigned long long)(sh->nodes - before), (unsigned long long)sh->delay_budget);
        li = line_extract(sh, p, attacker, mode, len, refine, total, true, exact, r->pv);
    }
    if (getenv("TSUME_TRACE"))
        fprintf(stderr, "trace line of %d plies%s, leftover look-ahead starved %#x: %llu nodes, %.2f s\n", li.plies,
                li.exact ? "" : " (not exact)", li.starved, (unsigned long long)(sh->nodes - before), dfpn_now() - t0);
    r->plies = li.plies;
    r->within = len;
    r->leftover = li.leftover;
    r->exact = exact && li.exact && !o->proof_only;
    r->leftover_sure = r->exact && !li.starved;
    r->shortest = exact && li.plies == len && !o->proof_only && !li.cut;
    r->line_cut = li.cut;
    r->line_unsure = li.unsure;
}

/* Verification under a node limit gave the shortening only half of what the proof left
 * (solver_run_job): when the length is still uncertified after the walk, the shortening goes on
 * with every node the walk left, from what the table holds.  A certified length can
 * still change the verdict (a shorter mate than stated, leftover pieces) and the report. */
static void resume_shortening(job_t *job, dfpn_shared_t *sh, dfpn_mode_t mode, uint64_t proof_nodes)
{
    solve_result_t *r = job->r;
    const solve_opts_t *o = job->o;
    verify_result_t *v = job->v;
    if (v->verdict == VERDICT_ERROR || r->status != SOLVE_MATE || r->shortest || r->futile_unsure ||
        !o->node_limit || sh->nodes >= o->node_limit || dfpn_global_limit_hit(sh))
        return;
    sh->aborted = false;
    sh->phase = "shortest";
    bool exact, proven, unsure;
    sh->shortening = true;
    int len = shortest_mate(sh, &job->pos, job->pos.side, mode, r->plies, o->node_limit - sh->nodes, &exact, &proven,
                            &unsure, NULL);
    sh->shortening = false;
    if (!proven || !exact)
        return;
    /* The line again: its refining searches now find the certification's work in the
     * table.  The same moves keep the walk's findings; other moves (a shorter mate, or
     * another choice among equals) are walked again. */
    int plies = r->plies;
    move_t *old = malloc(sizeof *old * (size_t)plies);
    if (!old)
        return;
    memcpy(old, r->pv, sizeof *old * (size_t)plies);
    make_line(sh, &job->pos, job->pos.side, o, r, mode, len, exact, proof_nodes);
    bool same = r->plies == plies && !memcmp(old, r->pv, sizeof *old * (size_t)plies);
    free(old);
    if (same) { /* the walk's findings stand; the length's own, and the ties, again */
        verify_conclude(v);
        verify_ties(sh, &job->pos, o, v, proof_nodes);
    } else {
        verify_run(sh, &job->pos, o, v, proof_nodes);
    }
}

/* A fresh search state for the job's problem: the solver's table and the buffers kept
 * from its last problem, the limits and the progress callback of the options. */
static void begin(job_t *job, dfpn_shared_t *sh)
{
    const solve_opts_t *o = job->o;
    sh->tt = &job->s->tt;
    sh->split = job->s->split;
    sh->split_probe = o->split_probe ? o->split_probe : SPLIT_PROBE;
    /* Buffers from the last problem are reused (a batch of small problems would otherwise
     * spend its time faulting fresh pages in).  The futility cache is kept too: its
     * verdicts depend on the position alone (futile.c), never on the last problem. */
    sh->pool = job->s->keep.pool;
    sh->pool_cap = job->s->keep.pool_cap;
    sh->futile_cache = job->s->keep.futile_cache;
    sh->est_cache = job->s->keep.est_cache;
    sh->caches = job->s->keep.caches;
    sh->path_filter = job->s->keep.path_filter;
    sh->rep_gen = ++job->s->keep.rep_gen;
    sh->node_limit = o->node_limit;
    sh->start = dfpn_now();
    sh->deadline = o->time_limit > 0 ? sh->start + o->time_limit : 0;
    sh->stop = o->stop;
    sh->delay_budget = o->delay_budget;
    sh->futile = o->futile;
    sh->progress = solver_note_progress;
    sh->progress_arg = job;
    sh->phase = "proof";
    solver_set_live(job->s, &(solve_progress_t){.phase = sh->phase});
    tt_new_search(sh->tt);
}

/* The proof phase: mate, no mate or unknown for the problem, under a bound when the
 * options set one; r->status is set from it. */
static dfpn_result_t prove(job_t *job, dfpn_shared_t *sh, dfpn_mode_t mode, color_t attacker, bool bounded)
{
    solve_result_t *r = job->r;
    const solve_opts_t *o = job->o;
    pos_t *p = &job->pos;
    /* A bounded question (tsume check) is shared out among the threads by its checks,
     * like the shortening's (split.h).  The proof of a mate without a bound is not: one
     * df-pn over all the checks finds it best, where each thread would search its check
     * to the end (Zuko 第8番, a 16 M-node proof on one thread, was left open at 50 M on
     * two); every thread searches the whole root instead, on the one table, each with
     * its own epsilon, and the first answer wins (split_race). */
    int bound = bounded ? o->max_plies : LEN_INF - 1;
    bool alone = !sh->split || (bounded && attacker != p->side);
    dfpn_result_t proof = alone     ? dfpn_solve(sh, p, attacker, mode, bound, NULL)
                          : bounded ? split_ask(sh, p, attacker, mode, bound, 0)
                                    : split_race(sh, p, attacker, mode, bound);
    /* Under a bound the rule decides the answer: one resting on a delay-rule test that
     * ran out (an interposition counted, or not, for want of a verdict) is no answer
     * until a retry settles it.  Unbounded, either rule gives the same mate or no mate
     * (dfpn.h). */
    for (int i = 0; i < DELAY_RETRIES && bounded && proof.status != DFPN_UNKNOWN && proof.unsure && sh->delay_stops;
         i++) {
        widen_delay_tests(sh);
        dfpn_result_t again = dfpn_solve(sh, p, attacker, mode, o->max_plies, NULL);
        if (getenv("TSUME_TRACE"))
            fprintf(stderr, "trace proof retry %d: %s%s\n", i + 1,
                    again.status == DFPN_PROVEN      ? "proven"
                    : again.status == DFPN_DISPROVEN ? "disproven"
                                                     : "open",
                    again.unsure ? " (unsure)" : "");
        if (again.status == DFPN_UNKNOWN)
            break;
        proof = again;
    }
    r->status = proof.status == DFPN_PROVEN      ? SOLVE_MATE
                : proof.status == DFPN_DISPROVEN ? SOLVE_NOMATE
                                                 : SOLVE_UNKNOWN;
    if (bounded && proof.status != DFPN_UNKNOWN && proof.unsure) {
        r->status = SOLVE_UNKNOWN;
        r->futile_unsure = 1;
    }
    return proof;
}

/* After a proven mate: the shortening (a length proven shortest, within its budget) and
 * the walk that writes the line (make_line). */
static void shorten_and_walk(job_t *job, dfpn_shared_t *sh, dfpn_mode_t mode, color_t attacker,
                             int proof_plen, uint64_t proof_nodes, double proof_end)
{
    solve_result_t *r = job->r;
    const solve_opts_t *o = job->o;
    pos_t *p = &job->pos;
    uint64_t step = proof_nodes * STEP_FACTOR;
    step = step < STEP_MIN ? STEP_MIN : step > STEP_MAX ? STEP_MAX : step;
    if (o->shorten_step)
        step = o->shorten_step;
    /* Under a node limit every node up to it is the user's to spend: a step that
     * could finish within it must not be cut short by the cap meant for unlimited
     * runs (the limit itself stops the walk).  Verification takes half of them: a
     * length too hard to certify used to leave its walk no node at all (Zuko 第21番,
     * 400 M nodes, no verdict), while cooks found along the uncertified line decide
     * the verdict without it (at 100 M nodes: 6 cooks, cooked).  resume_shortening
     * goes on where it stopped. */
    /* --shorten-nodes: the shortening's own share, within what --nodes leaves. */
    uint64_t limit = o->node_limit;
    if (o->shorten_nodes && (!limit || (limit > sh->nodes && limit - sh->nodes > o->shorten_nodes)))
        limit = sh->nodes + o->shorten_nodes;
    if (limit && limit > sh->nodes && limit - sh->nodes > step)
        step = limit - sh->nodes;
    if (job->v && o->node_limit && o->node_limit > sh->nodes)
        step = (o->node_limit - sh->nodes) / 2;
    /* Under a time limit alone the time is the user's to spend in the same way: no
     * question stops on the budget above (Zuko 第37番 under --time-limit 120 gave up
     * after its 10 M nodes, 20 s, uncertified; its "none within 21" takes 15.4 M), nor
     * when only the user's stop ends the search (until_stopped: USI 'go mate infinite',
     * which gave up so where 'go mate 120000' went on).
     * The shortening stops at three quarters of the time the proof left, so that the
     * walk of the line has time for its refining searches (the deadline only hurries
     * it: line.c).
     * Verification keeps the budget: its own searches need the time too. */
    bool users_nodes = o->node_limit || o->shorten_nodes; /* the nodes are the user's to bound */
    double deadline = sh->deadline;
    if (!job->v && (o->time_limit > 0 || o->until_stopped) && !users_nodes) {
        step = 0;
        double now = dfpn_now();
        if (o->time_limit > 0 && deadline > now)
            sh->deadline = now + (deadline - now) * 0.75;
    }
    int len = proof_plen;
    /* within: the shortest length proven by a result resting on no stopped test, the
     * proof's own (without a bound it runs no delay-rule test) unless the shortening's
     * does better; len may be shorter, when an unsure proof decided it (shortest.h). */
    int sure = proof_plen;
    bool exact = false, proven, unsure = false;
    sh->proven = len;
    if (!o->proof_only && !o->no_shortening) {
        sh->phase = "shortest";
        sh->shortening = true;
        sh->node_limit = limit;
        if (len >= BACKWARD_MIN_PLIES && !limit)
            shortest_backward(sh, p, attacker, mode, len, step);
        int s;
        len = shortest_mate(sh, p, attacker, mode, len, step, &exact, &proven, &unsure, &s);
        if (proven && s < sure)
            sure = s;
        len = retry_unsure(sh, p, attacker, mode, proof_plen, step, len, &exact, &unsure, &sure);
        /* Neither a limit of the user's nor a stopped test: the question ran out of
         * the budget a question gets, which the user may not know exists. */
        if (step && !users_nodes && proven && !exact && !unsure && !dfpn_global_limit_hit(sh))
            r->shorten_budget = step;
        sh->node_limit = o->node_limit;
        sh->deadline = deadline;
        sh->shortening = false;
    }
    r->futile_unsure = unsure;
    uint64_t line_start = sh->nodes;
    double line_t0 = dfpn_now();
    r->phase_nodes[SOLVE_PHASE_SHORTEST] = line_start - proof_nodes;
    r->phase_seconds[SOLVE_PHASE_SHORTEST] = line_t0 - proof_end;
    make_line(sh, p, attacker, o, r, mode, len, exact, proof_nodes);
    r->within = exact ? len : sure < len ? len : sure; /* a certified len is a sure one */
    r->phase_nodes[SOLVE_PHASE_LINE] = sh->nodes - line_start;
    r->phase_seconds[SOLVE_PHASE_LINE] = dfpn_now() - line_t0;
}

void solver_run_job(job_t *job)
{
    solve_result_t *r = job->r;
    const solve_opts_t *o = job->o;
    pos_t *p = &job->pos;
    dfpn_shared_t sh = {0};
    begin(job, &sh);

    /* Either rule decides mate or no mate alike (dfpn.h), so the proof runs under the rule
     * asked for: its length is then one under that rule (Microcosmos: 1565 plies against
     * 1573 strict), and the searches after it find its positions in the table.  Without a
     * bound the composers' rule costs no delay-rule tests, only the capture rule's cheap
     * ones, while the strict rule leaves every futile interposition to be proven.  On 50
     * Zuko and Muso problems at 3 M nodes, run side by side: 57.0 M nodes and 177 s
     * against 63.7 M and 207 s, 44 lengths proven against 43; Microcosmos 113.0 M nodes
     * against 120.8 M. */
    dfpn_mode_t mode = o->futile == FUTILE_NONE ? MODE_STRICT : MODE_COMPOSER;
    bool bounded = o->max_plies > 0 && o->max_plies < LEN_INF - 1;
    color_t attacker = solver_attacker(p, o);
    r->root_defends = attacker != p->side;
    dfpn_result_t proof = prove(job, &sh, mode, attacker, bounded);
    uint64_t proof_nodes = sh.nodes;
    double proof_end = dfpn_now();
    r->phase_nodes[SOLVE_PHASE_PROOF] = proof_nodes;
    r->phase_seconds[SOLVE_PHASE_PROOF] = proof_end - sh.start;
    if (r->status == SOLVE_MATE)
        shorten_and_walk(job, &sh, mode, attacker, proof.plen, proof_nodes, proof_end);
    r->nodes = sh.nodes;
    r->seconds = dfpn_now() - sh.start;
    r->futile_stops = sh.delay_stops;
    r->splits = sh.splits;
    if (job->v) {
        job->v->solve_nodes = r->nodes;
        job->v->solve_seconds = r->seconds;
        verify_run(&sh, p, o, job->v, proof_nodes);
        resume_shortening(job, &sh, mode, proof_nodes);
        r->nodes = sh.nodes;
        r->seconds = dfpn_now() - sh.start;
    }
    solver_set_live(job->s, NULL);
    dfpn_shared_keep(&job->s->keep, &sh);
}
