/*
 * solver_internal.h: what the solver object (solver.c: its table, thread and public entry
 * points) shares with the solve of one problem (solver_run.c).  Not for the front ends.
 */
#ifndef TSUME_SOLVER_INTERNAL_H
#define TSUME_SOLVER_INTERNAL_H

#include <pthread.h>

#include "dfpn.h"
#include "solver.h"
#include "split.h"
#include "tt.h"
#include "verify.h"

typedef struct job job_t;

struct solver {
    tt_t tt;
    dfpn_shared_t keep; /* search frames and the futility cache, kept between problems */
    split_t *split;     /* helper threads for the hard questions (split.h), or NULL */
    /* The search thread, started at the first problem and kept: its big stack is mapped
     * once, not once per problem (which dominated batches of small problems). */
    bool inline_run; /* solver_run_inline: search on the caller's thread */
    bool started, quit;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    job_t *job; /* the problem handed to the thread, NULL once done */
    /* The running problem's last progress figures, for solver_progress (read from other
     * threads: a batch's progress line). */
    pthread_mutex_t live_mu;
    bool live_on;
    solve_progress_t live;
};

struct job {
    solver_t *s;
    pos_t pos;
    const solve_opts_t *o;
    solve_result_t *r;
    verify_result_t *v; /* set for solver_verify: verification follows the solve */
};

/* The running problem's progress, for solver_progress (NULL: none running). */
void solver_set_live(solver_t *s, const solve_progress_t *info);
/* The search's progress callback (dfpn_shared_t.progress); arg is the job. */
void solver_note_progress(const solve_progress_t *info, void *arg);
/* Solves (and verifies, when job->v is set) the job's problem into job->r. */
void solver_run_job(job_t *job);

#endif
