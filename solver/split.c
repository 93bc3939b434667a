/*
 * split.c: a question shared out among threads by the root's checks (see split.h).
 *
 * The checks still open after the solve's thread asked alone go on one list; every
 * thread (the solve's and each helper) takes the next, plays it and searches the
 * defender's node for a mate within len - 1 on the one table they share (tt_share),
 * with the root as the path above it (so a repetition of the root is one, as in the
 * whole search).  A proof stops everyone; so does a search stopped by a limit, since
 * the question is then open.  Every check refuted is the disproof of the question.
 * A race (split_race) is a task of another kind: every thread searches the root itself,
 * and the first answer stops the others.
 * The list has the most promising checks first (the smallest proof number), since one
 * proof ends the question, and among equals the hardest to refute, which should not
 * start last, when the other threads have nothing left.
 * The budget is the question's, shared: each thread adds its nodes to a common count at
 * its progress reports (about every 100 ms) and stops all when the count is spent, so a
 * question may pass its budget by a report's worth of nodes on each thread.
 * A proof is searched again from the root by the solve's thread (the table has the
 * check's, unless replaced since), so that the root's entry holds it for the line; a
 * disproof needs no table entry (no later search reads the root's).
 */
#include "split.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../movegen/movegen.h"
#include "shortest.h"

typedef struct task task_t;

typedef struct {
    tt_t tt;            /* its view of the solve's table, for the task */
    dfpn_shared_t keep; /* frames and caches, kept between tasks */
    pthread_t thread;
    bool started;
    struct split *sp;
    uint64_t nodes; /* of the last task */
} helper_t;

struct split {
    int n;
    helper_t *h;
    struct tt_shared *share; /* the table's sharing, for every task */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    task_t *task;
    uint64_t task_no;
    int busy; /* helpers still on the task */
    bool quit;
};

struct task {
    pos_t root;
    color_t attacker;
    dfpn_mode_t mode;
    int len;
    bool whole;   /* every thread searches the root itself (split_race), not a check */
    uint64_t root_key;
    int n;
    move_t moves[MG_MAX_MOVES];
    atomic_int next;
    volatile int stop;
    atomic_uint_fast64_t spent; /* nodes of all threads since the split began */
    uint64_t budget;            /* 0: none */
    uint64_t base;              /* the solve's nodes when the split began */
    /* the solve's settings, for the helpers */
    double deadline;
    volatile int *user_stop;
    futile_rule_t futile;
    uint64_t delay_budget;
    bool no_simulation;
    uint64_t problem;
    /* results, under mu */
    pthread_mutex_t mu;
    int proven_at, proven_plen;
    int refuted;
    bool unsure, open;
    bool decided;         /* split_race: some thread proved or disproved the root */
    uint64_t delay_stops; /* the helpers' */
    uint64_t helpers;     /* their nodes, after finish */
    double t0;
};

/* A thread's progress hook: its nodes into the common count, and everyone stopped when
 * the budget is spent or the user stops. */
typedef struct {
    task_t *t;
    uint64_t flushed;
    void (*pass)(const solve_progress_t *info, void *arg); /* the solve's own report */
    void *pass_arg;
} meter_t;

static void meter(const solve_progress_t *info, void *arg)
{
    meter_t *m = arg;
    task_t *t = m->t;
    uint64_t add = info->nodes - m->flushed;
    m->flushed = info->nodes;
    uint64_t total = atomic_fetch_add(&t->spent, add) + add;
    if ((t->budget && total >= t->budget) || solver_flag_up(t->user_stop))
        solver_flag_raise(&t->stop);
    if (m->pass) {
        solve_progress_t all = *info;
        all.nodes = t->base + total;
        m->pass(&all, m->pass_arg);
    }
}

static void work(task_t *t, dfpn_shared_t *w, bool here)
{
    while (!solver_flag_up(&t->stop)) {
        int i = atomic_fetch_add(&t->next, 1);
        if (i >= t->n)
            break;
        pos_t q = t->root;
        undo_t u;
        pos_do(&q, t->moves[i], &u);
        uint64_t n0 = w->nodes;
        double t0 = dfpn_now();
        dfpn_result_t r = dfpn_solve(w, &q, t->attacker, t->mode, t->len - 1, &(dfpn_above_t){&t->root_key, 1});
        if (getenv("TSUME_TRACE"))
            fprintf(stderr, "trace split: check %d of %d on %s: %s, %llu nodes, %.2f s\n", i + 1, t->n,
                    here ? "the solve's thread" : "a helper",
                    r.status == DFPN_PROVEN      ? "proven"
                    : r.status != DFPN_DISPROVEN ? "open"
                    : r.unsure                   ? "refuted (unsure)"
                                                 : "refuted",
                    (unsigned long long)(w->nodes - n0), dfpn_now() - t0);
        pthread_mutex_lock(&t->mu);
        if (r.status == DFPN_PROVEN) {
            if (t->proven_at < 0 || r.plen < t->proven_plen)
                t->proven_at = i, t->proven_plen = r.plen;
            solver_flag_raise(&t->stop);
        } else if (r.status == DFPN_DISPROVEN && r.dlen >= t->len - 1) {
            t->refuted++;
            t->unsure |= r.unsure;
        } else {
            t->open = true;
            solver_flag_raise(&t->stop);
        }
        pthread_mutex_unlock(&t->mu);
    }
}

/* split_race's part of a thread: the root's search, to an answer or a stop; an answer
 * stops the others. */
static dfpn_result_t race(task_t *t, dfpn_shared_t *w, bool here)
{
    pos_t q = t->root;
    dfpn_result_t r = dfpn_solve(w, &q, t->attacker, t->mode, t->len, NULL);
    if (r.status != DFPN_UNKNOWN) {
        if (getenv("TSUME_TRACE"))
            fprintf(stderr, "trace race: %s on %s\n", r.status == DFPN_PROVEN ? "proven" : "disproven",
                    here ? "the solve's thread" : "a helper");
        pthread_mutex_lock(&t->mu);
        t->decided = true;
        pthread_mutex_unlock(&t->mu);
    }
    solver_flag_raise(&t->stop);
    return r;
}

static void run_helper(helper_t *h, task_t *t)
{
    dfpn_shared_t w = h->keep;
    w.tt = &h->tt;
    w.nodes = 0;
    w.start = dfpn_now();
    w.next_report = 0;
    w.deadline = t->deadline;
    w.stop = t->user_stop;
    w.task_stop = &t->stop;
    w.futile = t->futile;
    w.delay_budget = t->delay_budget;
    w.no_simulation = t->no_simulation;
    w.rep_gen = t->problem;
    w.phase = "shortest";
    meter_t m = {t, 0, NULL, NULL};
    w.progress = meter;
    w.progress_arg = &m;
    w.race_eps8 = t->whole ? RACE_EPS8 : 0;
    if (t->whole)
        race(t, &w, false);
    else
        work(t, &w, false);
    tt_leave(w.tt);
    meter(&(solve_progress_t){.nodes = w.nodes}, &m);
    h->nodes = w.nodes;
    pthread_mutex_lock(&t->mu);
    t->delay_stops += w.delay_stops;
    pthread_mutex_unlock(&t->mu);
    dfpn_shared_keep(&h->keep, &w);
}

static void *helper_main(void *arg)
{
    helper_t *h = arg;
    struct split *sp = h->sp;
    uint64_t seen = 0;
    pthread_mutex_lock(&sp->mu);
    for (;;) {
        while (!sp->quit && sp->task_no == seen)
            pthread_cond_wait(&sp->cv, &sp->mu);
        if (sp->quit)
            break;
        seen = sp->task_no;
        task_t *t = sp->task;
        pthread_mutex_unlock(&sp->mu);
        run_helper(h, t);
        pthread_mutex_lock(&sp->mu);
        sp->busy--;
        pthread_cond_broadcast(&sp->cv);
    }
    pthread_mutex_unlock(&sp->mu);
    return NULL;
}

split_t *split_new(int helpers, size_t bytes)
{
    split_t *sp = calloc(1, sizeof *sp);
    if (!sp)
        return NULL;
    sp->h = calloc((size_t)helpers, sizeof *sp->h);
    sp->share = tt_shared_new();
    if (!sp->h || !sp->share) {
        free(sp->h);
        tt_shared_free(sp->share);
        free(sp);
        return NULL;
    }
    pthread_mutex_init(&sp->mu, NULL);
    pthread_cond_init(&sp->cv, NULL);
    for (int i = 0; i < helpers; i++) {
        helper_t *h = &sp->h[i];
        dfpn_caches_size(bytes, &h->keep.caches);
        h->sp = sp;
        sp->n = i + 1;
    }
    return sp;
}

void split_free(split_t *sp)
{
    if (!sp)
        return;
    pthread_mutex_lock(&sp->mu);
    sp->quit = true;
    pthread_cond_broadcast(&sp->cv);
    pthread_mutex_unlock(&sp->mu);
    for (int i = 0; i < sp->n; i++) {
        helper_t *h = &sp->h[i];
        if (h->started)
            pthread_join(h->thread, NULL);
        dfpn_shared_release(&h->keep);
    }
    pthread_mutex_destroy(&sp->mu);
    pthread_cond_destroy(&sp->cv);
    tt_shared_free(sp->share);
    free(sp->h);
    free(sp);
}

/* The helpers' threads, started at the first split (with the solve's own stack size:
 * their searches recurse as deep). */
static bool start_helpers(split_t *sp)
{
    for (int i = 0; i < sp->n; i++) {
        helper_t *h = &sp->h[i];
        if (h->started)
            continue;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, SOLVER_STACK_BYTES);
        h->started = pthread_create(&h->thread, &attr, helper_main, h) == 0;
        pthread_attr_destroy(&attr);
        if (!h->started)
            return false;
    }
    return true;
}

/* The root's checks not yet decided on sh's table, in the list's order (file comment).
 * *unsure: some check left out is refuted by a result resting on a stopped delay-rule
 * test, so the question's disproof rests on it too (a review found it dropped: a "no"
 * under --threads then read as certain where one thread's said unsure). */
static int open_checks(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, move_t *out,
                       bool *unsure)
{
    move_t all[MG_MAX_MOVES];
    uint64_t key[MG_MAX_MOVES];
    int n = mg_checks(p, all), k = 0;
    for (int i = 0; i < n; i++) {
        undo_t u;
        pos_do(p, all[i], &u);
        tt_probe_t e = dfpn_probe(sh, p, attacker, mode, len - 1);
        pos_undo(p, all[i], &u);
        if (e.found && e.dn == 0) {
            *unsure |= e.unsure;
            continue;
        }
        uint32_t pn = e.found ? e.pn : 1, dn = e.found ? e.dn : 1;
        uint64_t rank = (uint64_t)pn << 32 | (UINT32_MAX - dn);
        int j = k++;
        for (; j > 0 && key[j - 1] > rank; j--)
            key[j] = key[j - 1], out[j] = out[j - 1];
        key[j] = rank, out[j] = all[i];
    }
    return k;
}

/* A new task on sh's question, handed to the helpers with views of sh's table; the
 * solve's thread then works on it too (take_part) and waits for them (finish). */
static task_t *begin(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget,
                     bool whole)
{
    split_t *sp = sh->split;
    task_t *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->root = *p;
    t->attacker = attacker;
    t->mode = mode;
    t->len = len;
    t->whole = whole;
    t->root_key = pos_key(p);
    if (!whole)
        t->n = open_checks(sh, p, attacker, mode, len, t->moves, &t->unsure);
    t->budget = budget;
    t->base = sh->nodes;
    t->deadline = sh->deadline;
    t->user_stop = sh->stop;
    t->futile = sh->futile;
    t->delay_budget = sh->delay_budget;
    t->no_simulation = sh->no_simulation;
    t->problem = sh->rep_gen;
    t->proven_at = -1;
    t->t0 = dfpn_now();
    pthread_mutex_init(&t->mu, NULL);
    sh->splits++;
    for (int i = 0; i < sp->n; i++)
        tt_share(sh->tt, sp->share, &sp->h[i].tt);

    pthread_mutex_lock(&sp->mu);
    sp->task = t;
    sp->task_no++;
    sp->busy = sp->n;
    pthread_cond_broadcast(&sp->cv);
    pthread_mutex_unlock(&sp->mu);
    return t;
}

/* The solve's thread on the task, stopped by it as a helper is, its reports going on.
 * The task's stop is a task_stop, not a soft stop: dfpn_nested forgives those, so a
 * delay test it cut off counted its interposition as defence, marked unsure, and the
 * search went on a node with that before it stopped.  The user's stop stays beside it,
 * seen at once: meter alone notices it only at its next report (50 to 100 ms). */
static dfpn_result_t take_part(dfpn_shared_t *sh, task_t *t)
{
    void (*pass)(const solve_progress_t *, void *) = sh->progress;
    void *pass_arg = sh->progress_arg;
    uint64_t local = sh->local_limit;
    meter_t m = {t, sh->nodes, pass, pass_arg};
    sh->task_stop = &t->stop;
    sh->progress = meter;
    sh->progress_arg = &m;
    sh->local_limit = 0;
    dfpn_result_t r = {DFPN_UNKNOWN, LEN_NONE, DLEN_NONE, 0, false, 0, false, 0};
    if (t->whole)
        r = race(t, sh, true);
    else
        work(t, sh, true);
    tt_leave(sh->tt);
    meter(&(solve_progress_t){.nodes = sh->nodes}, &m);
    sh->task_stop = NULL;
    sh->progress = pass;
    sh->progress_arg = pass_arg;
    sh->local_limit = local;
    return r;
}

/* Waits for the helpers (the solve's reports going on), takes back the table and adds
 * their nodes to the solve's; the task stays for its results. */
static void finish(dfpn_shared_t *sh, task_t *t)
{
    split_t *sp = sh->split;
    pthread_mutex_lock(&sp->mu);
    while (sp->busy) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 100000000;
        if (until.tv_nsec >= 1000000000)
            until.tv_sec++, until.tv_nsec -= 1000000000;
        if (pthread_cond_timedwait(&sp->cv, &sp->mu, &until) && sp->busy && sh->progress) {
            solve_progress_t info = {t->base + atomic_load(&t->spent), dfpn_now() - sh->start, tt_hashfull(sh->tt),
                                     sh->phase, sh->proven, sh->asking};
            sh->progress(&info, sh->progress_arg);
        }
    }
    sp->task = NULL;
    pthread_mutex_unlock(&sp->mu);
    t->helpers = 0;
    for (int i = 0; i < sp->n; i++)
        t->helpers += sp->h[i].nodes;
    tt_unshare(sh->tt);
    sh->nodes += t->helpers;
    sh->delay_stops += t->delay_stops;
    sh->aborted = dfpn_global_limit_hit(sh);
}

static void end(task_t *t)
{
    pthread_mutex_destroy(&t->mu);
    free(t);
}

/* The node budget left to a split: the question's, within the solve's limit. */
static uint64_t budget_left(const dfpn_shared_t *sh, uint64_t start, uint64_t budget)
{
    uint64_t rest = budget ? budget - (sh->nodes - start) : 0;
    if (sh->node_limit && (!rest || sh->node_limit - sh->nodes < rest))
        rest = sh->node_limit - sh->nodes;
    return rest;
}

dfpn_result_t split_ask(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget)
{
    uint64_t probe = sh->split_probe;
    uint64_t start = sh->nodes;
    dfpn_result_t r = search_budgeted(sh, p, attacker, mode, len, budget && budget < probe ? budget : probe);
    if (r.status != DFPN_UNKNOWN || sh->aborted || dfpn_global_limit_hit(sh) || len < 3 ||
        (budget && sh->nodes - start >= budget) || !start_helpers(sh->split))
        return r;
    uint64_t rest = budget_left(sh, start, budget);
    task_t *t = begin(sh, p, attacker, mode, len, rest, false);
    if (!t)
        return search_budgeted(sh, p, attacker, mode, len, rest);
    take_part(sh, t);
    finish(sh, t);
    bool refuted = t->proven_at < 0 && !t->open && t->refuted == t->n;
    if (getenv("TSUME_TRACE"))
        fprintf(stderr, "trace split len %d: %d checks, %s, %llu nodes (%llu on helpers), %.2f s\n", len, t->n,
                t->proven_at >= 0 ? "proven" : refuted ? "disproven" : "open",
                (unsigned long long)(sh->nodes - t->base), (unsigned long long)t->helpers, dfpn_now() - t->t0);

    r = (dfpn_result_t){DFPN_UNKNOWN, LEN_NONE, DLEN_NONE, 0, false, 0, false, 0};
    if (t->proven_at >= 0 && !sh->aborted) {
        /* The root's search on the shared table finds the check's proof (or searches
         * again what a replacement took), so that the root's entry holds it for the line. */
        uint64_t left = 0;
        if (budget) {
            uint64_t used = sh->nodes - start;
            left = used < budget ? budget - used : 1;
        }
        r = search_budgeted(sh, p, attacker, mode, len, left);
    } else if (refuted) {
        r = (dfpn_result_t){DFPN_DISPROVEN, LEN_NONE, len, 0, t->unsure, 0, false, 0};
        sh->aborted = false;
    }
    end(t);
    return r;
}

dfpn_result_t split_race(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len)
{
    uint64_t start = sh->nodes;
    dfpn_result_t r = search_budgeted(sh, p, attacker, mode, len, sh->split_probe);
    if (r.status != DFPN_UNKNOWN || sh->aborted || dfpn_global_limit_hit(sh) || !start_helpers(sh->split))
        return r;
    task_t *t = begin(sh, p, attacker, mode, len, budget_left(sh, start, 0), true);
    if (!t)
        return dfpn_solve(sh, p, attacker, mode, len, NULL);
    r = take_part(sh, t);
    finish(sh, t);
    if (getenv("TSUME_TRACE"))
        fprintf(stderr, "trace race len %d: %s, %llu nodes (%llu on helpers), %.2f s\n", len,
                t->decided ? "decided" : "open", (unsigned long long)(sh->nodes - t->base),
                (unsigned long long)t->helpers, dfpn_now() - t->t0);
    /* A helper's answer is in the table: the solve's search finds it at the root (or
     * searches again what a replacement took). */
    if (r.status == DFPN_UNKNOWN && t->decided && !sh->aborted)
        r = dfpn_solve(sh, p, attacker, mode, len, NULL);
    end(t);
    return r;
}
