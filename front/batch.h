/*
 * batch.h: runs a list of independent jobs (problems) on worker threads and writes their
 * reports to stdout strictly in list order, with an optional progress line on stderr.
 *
 * Invariants: each job writes its report into a buffer of its own, and the buffers are
 * copied to stdout in order (by one worker at a time) as soon as every earlier one is
 * done, so the output does not depend on the number of workers or on timing; a job
 * only ever uses its worker's own state (the worker index says which), so nothing of one
 * job reaches another through shared state.  The progress line is redrawn in place on
 * stderr (about four times a second, and after each report) and erased before anything
 * else is written.  Worker threads have stacks of SOLVER_STACK_BYTES, so the solvers
 * they use may search on them (solver_run_inline).
 */
#ifndef TSUME_BATCH_H
#define TSUME_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../solver/solver.h"

typedef struct {
    int workers; /* threads to run (at least 1) */
    size_t n;    /* jobs */
    /* Called on a worker thread: runs job i with the state of worker w, writes its report
     * to out and returns its outcome (counted in the progress line and in the totals). */
    solve_status_t (*run)(void *ctx, int w, size_t i, FILE *out);
    /* The order jobs are started in (a permutation of 0..n-1), NULL for list order: the
     * longest first keeps a batch from ending on one long job while the other workers
     * idle.  Reports still come out in list order. */
    const size_t *order;
    void *ctx;
    /* Called on worker w's thread once no job is left for it, or NULL: a worker's state
     * can be released there while the others finish their last jobs. */
    void (*worker_done)(void *ctx, int w);
    const char *separator; /* written to stdout between two reports */
    bool progress;         /* draw the progress line on stderr */
    /* Writes a few words on the work under way into buf (len bytes, "" for none), for the
     * end of the progress line, or NULL.  Called on the main thread. */
    void (*describe)(void *ctx, char *buf, size_t len);
    /* The progress line's words for the outcomes mate, nomate, unknown and error, as the
     * command's summary names them, or NULL: "solved", "nomate", "unknown", "errors". */
    const char *const *words;
} batch_t;

typedef struct {
    size_t by_status[SOLVE_ERROR + 1];
    double seconds; /* wall time of the whole batch */
    bool interrupted; /* a SIGINT or SIGTERM stopped it (interrupt.h; problems_run) */
} batch_totals_t;

/* Runs every job; false (after a message) when no worker thread could be started.  A job
 * whose report buffer cannot be had is reported on stderr and counted as an error. */
bool batch_run(const batch_t *b, batch_totals_t *totals);

#endif
