/*
 * solver.c: the public entry points (solver.h): the solver object with its table, the
 * problem's set-up (attacker, defender's hand), progress, and the search thread.  The
 * solve itself, one problem in three phases (proof, shortest, line), is solver_run.c.
 * The work runs on a thread of its own (one per solver, kept between problems) whose stack
 * is sized for SOLVER_MAX_PLY plies of recursion, so deep problems never depend on the
 * caller's stack.
 */
#include "solver.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../movegen/movegen.h"
#include "dfpn.h"
#include "solver_internal.h"
#include "split.h"
#include "verify.h"

void solve_opts_default(solve_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->futile = FUTILE_DELAY;
}

solver_t *solver_new(size_t hash_mb) { return solver_new_threads(hash_mb, 1); }

solver_t *solver_new_threads(size_t hash_mb, int threads)
{
    solver_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    /* --hash is all the search's memory: the caches come out of it, the table gets the
     * rest.  At 256 MiB that is 246.9 MiB of table.  Threads share the table; each has
     * caches of its own, sized as for an equal part of the memory. */
    threads = threads < 1 ? 1 : threads > SOLVER_THREADS_MAX ? SOLVER_THREADS_MAX : threads;
    size_t total = (hash_mb ? hash_mb : 1) << 20, share = total / (size_t)threads;
    size_t caches = dfpn_caches_size(share, &s->keep.caches) * (size_t)threads;
    if (threads > 1)
        caches += tt_shared_size();
    if (caches >= total || !tt_init(&s->tt, total - caches)) {
        free(s);
        return NULL;
    }
    if (threads > 1 && !(s->split = split_new(threads - 1, share))) {
        tt_free(&s->tt);
        free(s);
        return NULL;
    }
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    pthread_mutex_init(&s->live_mu, NULL);
    return s;
}

void solver_free(solver_t *s)
{
    if (!s)
        return;
    if (s->started) {
        pthread_mutex_lock(&s->mu);
        s->quit = true;
        pthread_cond_broadcast(&s->cv);
        pthread_mutex_unlock(&s->mu);
        pthread_join(s->thread, NULL);
    }
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    pthread_mutex_destroy(&s->live_mu);
    split_free(s->split);
    tt_free(&s->tt);
    dfpn_shared_release(&s->keep);
    free(s);
}

void solver_run_inline(solver_t *s, bool on) { s->inline_run = on; }

color_t solver_attacker(const pos_t *p, const solve_opts_t *o)
{
    return o->in_check_defends && pos_in_check(p) ? opp(p->side) : p->side;
}

void solver_fill_defender_hand(pos_t *p, color_t attacker)
{
    color_t def = opp(attacker);
    int on_board[HAND_NB] = {0};
    for (square_t sq = 0; sq < SQ_NB; sq++)
        if (p->board[sq] && pc_type(p->board[sq]) != KING)
            on_board[pt_unpromote(pc_type(p->board[sq]))]++;
    hand_t h = 0;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++) {
        int n = PIECE_MAX[pt] - on_board[pt] - hand_count(p->hand[attacker], pt);
        h += (hand_t)(n > 0 ? n : 0) * hand_one(pt);
    }
    p->hand[def] = h;
    pos_refresh(p);
}

void solver_set_live(solver_t *s, const solve_progress_t *info)
{
    pthread_mutex_lock(&s->live_mu);
    s->live_on = info != NULL;
    if (info)
        s->live = *info;
    pthread_mutex_unlock(&s->live_mu);
}

bool solver_progress(solver_t *s, solve_progress_t *out)
{
    pthread_mutex_lock(&s->live_mu);
    bool on = s->live_on;
    if (on)
        *out = s->live;
    pthread_mutex_unlock(&s->live_mu);
    return on;
}

/* The search's progress reports (about every 100 ms): kept for solver_progress, and
 * passed on to the caller's callback. */
void solver_note_progress(const solve_progress_t *info, void *arg)
{
    job_t *job = arg;
    solver_set_live(job->s, info);
    if (job->o->progress)
        job->o->progress(info, job->o->progress_arg);
}

static void *thread_main(void *arg)
{
    solver_t *s = arg;
    pthread_mutex_lock(&s->mu);
    for (;;) {
        while (!s->job && !s->quit)
            pthread_cond_wait(&s->cv, &s->mu);
        if (s->quit)
            break;
        pthread_mutex_unlock(&s->mu);
        solver_run_job(s->job);
        pthread_mutex_lock(&s->mu);
        s->job = NULL;
        pthread_cond_broadcast(&s->cv);
    }
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

static void start(solver_t *s, const pos_t *p, const solve_opts_t *o, solve_result_t *r, verify_result_t *v)
{
    memset(r, 0, sizeof *r);
    r->pv = calloc(SOLVER_MAX_PLY, sizeof *r->pv);
    if (!r->pv) {
        r->status = SOLVE_ERROR;
        snprintf(r->error, sizeof r->error, "out of memory");
        return;
    }
    color_t attacker = solver_attacker(p, o);
    if (p->king[opp(attacker)] == SQ_NONE) {
        r->status = SOLVE_ERROR;
        snprintf(r->error, sizeof r->error, "no king for the defender (%s)", attacker == BLACK ? "white" : "black");
        return;
    }
    if (attacker == p->side && pos_in_check(p))
        r->attacker_check = mg_has_evasion(p) ? ATTACKER_IN_CHECK : ATTACKER_CHECKMATED;
    job_t job = {s, *p, o, r, v};
    if (o->defender_hand_rest) {
        solver_fill_defender_hand(&job.pos, attacker);
        r->defender_hand_filled = 1;
    }
    if (s->inline_run) {
        solver_run_job(&job);
        return;
    }
    if (!s->started) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, SOLVER_STACK_BYTES);
        s->started = pthread_create(&s->thread, &attr, thread_main, s) == 0;
        pthread_attr_destroy(&attr);
        if (!s->started) {
            r->status = SOLVE_ERROR;
            snprintf(r->error, sizeof r->error, "cannot start the search thread");
            return;
        }
    }
    pthread_mutex_lock(&s->mu);
    s->job = &job;
    pthread_cond_broadcast(&s->cv);
    while (s->job)
        pthread_cond_wait(&s->cv, &s->mu);
    pthread_mutex_unlock(&s->mu);
}

void solver_solve(solver_t *s, const pos_t *p, const solve_opts_t *o, solve_result_t *r)
{
    start(s, p, o, r, NULL);
}

void solver_verify(solver_t *s, const pos_t *p, const solve_opts_t *o, int stated, verify_result_t *v)
{
    memset(v, 0, sizeof *v);
    v->stated = stated;
    solve_opts_t full = *o;
    full.max_plies = 0; /* verification needs the whole solution */
    full.in_check_defends = 0; /* and the attacker to move */
    full.proof_only = 0;
    full.no_shortening = 0;
    start(s, p, &full, &v->solve, v);
    if (v->solve.status == SOLVE_ERROR)
        v->verdict = VERDICT_ERROR;
}

void solve_result_free(solve_result_t *r)
{
    free(r->pv);
    r->pv = NULL;
}

const char *solve_status_name(solve_status_t st)
{
    static const char *NAMES[] = {"mate", "nomate", "unknown", "error"};
    return NAMES[st];
}
