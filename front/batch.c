/*
 * batch.c: worker threads, ordered output and the progress line (batch.h).
 *
 * The jobs are handed out in list order from one counter; a finished job leaves its
 * report in its slot, and the worker that finds the next report in list order ready
 * writes it and every ready one after it.  The main thread only draws the progress line
 * and waits for the end: it used to write the reports itself, woken once per job, and
 * those wake-ups (with the mutex hand-offs they caused) came to several context switches
 * per problem, which on two cores showed in batches of millisecond problems.
 */
#include "batch.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "interrupt.h"
#include "solve_common.h"

enum { REDRAW_MS = 250 };

typedef struct {
    char *report; /* NULL when its buffer could not be had */
    size_t len;
    bool done;
} slot_t;

typedef struct {
    const batch_t *b;
    slot_t *slots;
    pthread_mutex_t lock;
    pthread_cond_t changed; /* every report is out, or (with the progress line) a job is done */
    size_t next;            /* the next job to hand out */
    size_t done;
    size_t printed;         /* reports written to stdout */
    bool printing;          /* a worker is writing reports, outside the lock */
    bool progress_shown;    /* the progress line is on the screen */
    size_t by_status[SOLVE_ERROR + 1];
} shared_t;

typedef struct {
    shared_t *sh;
    int index;
} worker_t;

static void erase_progress(void)
{
    fputs("\r\033[K", stderr);
    fflush(stderr);
}

/* Writes the reports that are next in list order and ready, unless another worker is at
 * it already: that one looks again under the lock before it stops, so it also writes
 * what was just finished.  Called, and returns, with the lock held. */
static void print_ready(shared_t *sh)
{
    const batch_t *b = sh->b;
    if (sh->printing)
        return;
    sh->printing = true;
    while (sh->printed < b->n && sh->slots[sh->printed].done) {
        size_t i = sh->printed;
        slot_t s = sh->slots[i];
        bool erase = sh->progress_shown;
        sh->progress_shown = false;
        pthread_mutex_unlock(&sh->lock);
        if (erase)
            erase_progress();
        if (i)
            fputs(b->separator, stdout);
        if (s.report)
            fwrite(s.report, 1, s.len, stdout);
        else
            cli_error("out of memory for the report of problem %zu", i + 1);
        errno = 0;
        if (fflush(stdout) || ferror(stdout)) {
            if (errno)
                cli_stdout_failed(errno);
            cli_stop_searches(); /* what follows would be lost too (interrupt.h) */
        }
        free(s.report);
        pthread_mutex_lock(&sh->lock);
        sh->slots[i].report = NULL;
        sh->printed++;
    }
    sh->printing = false;
}

static void *worker_main(void *arg)
{
    worker_t *w = arg;
    shared_t *sh = w->sh;
    const batch_t *b = sh->b;
    for (;;) {
        pthread_mutex_lock(&sh->lock);
        size_t i = sh->next < b->n ? sh->next++ : b->n;
        if (i < b->n && b->order)
            i = b->order[i];
        pthread_mutex_unlock(&sh->lock);
        if (i == b->n)
            break;
        char *report = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&report, &len);
        solve_status_t st = SOLVE_ERROR;
        if (out) {
            st = b->run(b->ctx, w->index, i, out);
            if (fclose(out) != 0) {
                free(report);
                report = NULL;
                st = SOLVE_ERROR;
            }
        }
        pthread_mutex_lock(&sh->lock);
        sh->slots[i] = (slot_t){report, len, true};
        sh->by_status[st]++;
        sh->done++;
        print_ready(sh);
        bool wake = b->progress || sh->printed == b->n;
        pthread_mutex_unlock(&sh->lock);
        if (wake) /* after the unlock, so that the main thread does not wake into a held lock */
            pthread_cond_signal(&sh->changed);
    }
    if (b->worker_done)
        b->worker_done(b->ctx, w->index);
    return NULL;
}

/* "12.3 s", "4:05", "1:02:03". */
static void format_duration(double s, char *buf, size_t len)
{
    long t = (long)(s + 0.5);
    if (s < 60)
        snprintf(buf, len, "%.1f s", s);
    else if (t < 3600)
        snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
    else
        snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

/* Columns of the terminal on stderr (80 when it does not say): a longer progress line
 * would wrap, and the carriage return would then redraw only its last row. */
static size_t terminal_columns(void)
{
    struct winsize ws;
    return ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
}

static void draw_progress(const batch_t *b, size_t done, const size_t *by, double elapsed)
{
    char el[32], eta[32] = "--", line[512], what[256] = "";
    format_duration(elapsed, el, sizeof el);
    if (done)
        format_duration(elapsed / (double)done * (double)(b->n - done), eta, sizeof eta);
    if (b->describe)
        b->describe(b->ctx, what, sizeof what);
    static const char *const SOLVE_WORDS[] = {"solved", "nomate", "unknown", "errors"};
    const char *const *w = b->words ? b->words : SOLVE_WORDS;
    snprintf(line, sizeof line, "[%zu/%zu] %s %zu, %s %zu, %s %zu, %s %zu, elapsed %s, ETA %s%s%s", done, b->n, w[0],
             by[SOLVE_MATE], w[1], by[SOLVE_NOMATE], w[2], by[SOLVE_UNKNOWN], w[3], by[SOLVE_ERROR], el, eta,
             *what ? " | " : "", what);
    size_t cols = terminal_columns();
    if (strlen(line) >= cols) /* the text is ASCII: one column a byte */
        line[cols - 1] = '\0';
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
}

/* The absolute CLOCK_MONOTONIC time ms from now, for the timed wait. */
static struct timespec deadline_in(long ms)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    ts.tv_sec += ms / 1000;
    ts.tv_nsec += ms % 1000 * 1000000L;
    if (ts.tv_nsec >= 1000000000L)
        ts.tv_sec++, ts.tv_nsec -= 1000000000L;
    return ts;
}

/* Draws the progress line until every report is out (the workers write them). */
static void wait_printed(shared_t *sh, double start)
{
    const batch_t *b = sh->b;
    pthread_mutex_lock(&sh->lock);
    while (sh->printed < b->n) {
        if (!b->progress) {
            pthread_cond_wait(&sh->changed, &sh->lock);
            continue;
        }
        /* Drawn under the lock, so that no worker starts writing reports meanwhile. */
        if (!sh->printing) {
            draw_progress(b, sh->done, sh->by_status, wall_seconds() - start);
            sh->progress_shown = true;
        }
        struct timespec until = deadline_in(REDRAW_MS);
        pthread_cond_timedwait(&sh->changed, &sh->lock, &until);
    }
    bool erase = sh->progress_shown;
    pthread_mutex_unlock(&sh->lock);
    if (erase)
        erase_progress();
}

bool batch_run(const batch_t *b, batch_totals_t *totals)
{
    double start = wall_seconds();
    memset(totals, 0, sizeof *totals);
    shared_t sh = {.b = b};
    int n_workers = b->workers < 1 ? 1 : b->workers;
    sh.slots = calloc(b->n ? b->n : 1, sizeof *sh.slots);
    worker_t *workers = calloc((size_t)n_workers, sizeof *workers);
    pthread_t *threads = calloc((size_t)n_workers, sizeof *threads);
    pthread_condattr_t ca;
    if (!sh.slots || !workers || !threads || pthread_condattr_init(&ca) != 0) {
        cli_error("out of memory");
        free(sh.slots), free(workers), free(threads);
        return false;
    }
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&sh.changed, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&sh.lock, NULL);

    /* Workers get the stack a search needs, so their solvers search on them (batch.h). */
    pthread_attr_t attr;
    bool attr_ok = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, SOLVER_STACK_BYTES) == 0;
    int started = 0;
    for (int w = 0; attr_ok && w < n_workers; w++) {
        workers[w] = (worker_t){&sh, w};
        if (pthread_create(&threads[w], &attr, worker_main, &workers[w]) == 0)
            started++;
        else
            break; /* the threads already running do all the jobs */
    }
    pthread_attr_destroy(&attr);
    if (started) {
        wait_printed(&sh, start);
        for (int w = 0; w < started; w++)
            pthread_join(threads[w], NULL);
        memcpy(totals->by_status, sh.by_status, sizeof totals->by_status);
    } else {
        cli_error("cannot start a worker thread");
    }
    pthread_mutex_destroy(&sh.lock);
    pthread_cond_destroy(&sh.changed);
    free(sh.slots), free(workers), free(threads);
    totals->seconds = wall_seconds() - start;
    return started > 0;
}
