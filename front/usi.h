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
#include <stdio.h>

#include "../solver/solver.h"
#include "../movegen/sfen.h"

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
    int asking; /* the shortening's question last announced, 0 for none */
    int hashfull; /* -1 until the first progress report */
} usi_search_t;

/* The reader's state: options, the table, the last position and the search. */
typedef struct {
    /* options */
    size_t hash_mb;
    int threads; /* Threads: a problem's threads (solver.h), sharing hash_mb */
    futile_rule_t futile;
    bool defender_rest;
    bool in_check_defends; /* RootIsAndNodeIfChecked, the name KomoringHeights gave it */
    /* Caps for the fuzz target, 0 = none (the engine never sets them), so that no input
     * can start a long search: the table is never larger than hash_cap_mb whatever
     * USI_Hash says, every search of a `go mate` stops after node_cap nodes, and with
     * proof_only a mate's line is the proof's, without the shortest-mate work (whose
     * refining searches the node limit does not bound). */
    size_t hash_cap_mb;
    uint64_t node_cap;
    bool proof_only;
    /* the table, sized when no search runs */
    solver_t *solver;
    size_t solver_mb;
    int solver_threads;
    /* the position of the last `position` command */
    bool have_pos;
    pos_t pos;
    char pos_error[SFEN_ERR_MAX];
    usi_search_t search;
    /* A game search `go infinite` or `go ponder` is answered (bestmove resign) only when
     * `stop` or `ponderhit` comes: USI forbids its bestmove before. */
    bool resign_pending;
} usi_t;

/* The engine as a loop over lines, for cmd_usi and the fuzz target (pos_init_tables must
 * have run).  usi_line takes one line as read, len bytes with or without its newline
 * (trailing blanks are cut here; a line holding a NUL byte is refused with an info
 * string, as the other commands refuse one), and returns false on quit; usi_finish ends
 * the session after quit (quit true) or at the end of input, and frees the table. */
void usi_init(usi_t *u);
bool usi_line(usi_t *u, char *line, size_t len);
void usi_finish(usi_t *u, bool quit);

/* Prints one line (a newline is added) and flushes, under the output lock. */
void usi_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Where usi_say and the search write: f, or stdout when f is NULL (the default).  Only
 * while no search runs. */
void usi_set_output(FILE *f);

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
