/*
 * usi.h: the two halves of the USI engine (`tsume usi`, the tsume-usi program): the reader
 * (cmd_usi.c: commands, options, position) and the search (usi_search.c: one `go mate` on
 * a worker thread, its progress lines and its answer).
 *
 * Threads: the reader owns everything here except what is marked "under the output lock";
 * the worker owns pos and opts while it runs; the solver's own thread calls the progress
 * callback.  Every line to stdout goes through usi_say (or is written under the same lock)
 * and is flushed at once, so lines never interleave.
 */
#ifndef TSUME_USI_H
#define TSUME_USI_H

#include <pthread.h>
#include <stdbool.h>

#include "../solver/solver.h"

typedef struct {
    pthread_t thread;
    bool started;  /* a worker was started and not yet joined */
    bool infinite; /* `go mate infinite` (or no time): only stop, quit or the answer ends it */
    volatile int stop;
    solver_t *solver;
    pos_t pos;
    solve_opts_t opts;
    /* under the output lock */
    bool answered; /* the `checkmate` line is out: the worker is about to end */
    double next_info;
    char phase[16];
    int hashfull; /* -1 until the first progress report */
} usi_search_t;

/* Prints one line (a newline is added) and flushes, under the output lock. */
void usi_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Starts a `go mate` on p with opts (its stop, progress and progress_arg are set here);
 * time_limit 0 means infinite.  The search must be idle (usi_search_busy false, reaped).
 * On failure prints the answer itself, so every `go mate` gets exactly one `checkmate`. */
void usi_search_start(usi_search_t *s, solver_t *solver, const pos_t *p, const solve_opts_t *opts);

/* Whether a search is running and has not yet printed its answer. */
bool usi_search_busy(usi_search_t *s);

/* Ending a worker, each a no-op when none was started; afterwards the search is idle
 * (except after reap of a worker still searching).  reap joins a worker only if it has
 * answered; wait joins it whenever it ends (the answer is printed first); stop sets the
 * stop flag and then waits, which is prompt: the solver checks the flag at every node. */
void usi_search_reap(usi_search_t *s);
void usi_search_wait(usi_search_t *s);
void usi_search_stop(usi_search_t *s);

#endif
