/*
 * batch.c: worker threads, ordered output and the progress line (batch.h).
 *
 * The jobs are handed out in list order from one counter; a finished job leaves its
 * report in its slot, and the main thread, waiting on a condition variable with a timeout
 * for the progress line, prints the slots in order.
 */
#include "batch.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
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
    pthread_cond_t finished; /* a job is done */
    size_t next;             /* the next job to hand out */
    size_t done;
    size_t by_status[SOLVE_ERROR + 1];
} shared_t;

typedef struct {
    shared_t *sh;
    int index;
} worker_t;

static void *worker_main(void *arg)
{
    worker_t *w = arg;
    shared_t *sh = w->sh;
    const batch_t *b = sh->b;
    for (;;) {
        pthread_mutex_lock(&sh->lock);
        size_t i = sh->next < b->n ? sh->next++ : b->n;
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
        pthread_cond_signal(&sh->finished);
        pthread_mutex_unlock(&sh->lock);
    }
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

static void draw_progress(size_t done, size_t total, const size_t *by, double elapsed)
{
    char el[32], eta[32] = "--";
    format_duration(elapsed, el, sizeof el);
    if (done)
        format_duration(elapsed / (double)done * (double)(total - done), eta, sizeof eta);
    fprintf(stderr, "\r[%zu/%zu] solved %zu, nomate %zu, unknown %zu, errors %zu, elapsed %s, ETA %s\033[K", done, total,
            by[SOLVE_MATE], by[SOLVE_NOMATE], by[SOLVE_UNKNOWN], by[SOLVE_ERROR], el, eta);
    fflush(stderr);
}

static void erase_progress(void)
{
    fputs("\r\033[K", stderr);
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

/* Prints the reports in order as they become ready; returns when all are printed. */
static void print_in_order(shared_t *sh, double start)
{
    const batch_t *b = sh->b;
    bool shown = false; /* the progress line is on the screen */
    pthread_mutex_lock(&sh->lock);
    for (size_t printed = 0; printed < b->n;) {
        if (sh->slots[printed].done) {
            slot_t s = sh->slots[printed];
            pthread_mutex_unlock(&sh->lock);
            if (shown)
                erase_progress(), shown = false;
            if (printed)
                fputs(b->separator, stdout);
            if (s.report)
                fwrite(s.report, 1, s.len, stdout);
            else
                cli_error("out of memory for the report of problem %zu", printed + 1);
            fflush(stdout);
            free(s.report);
            printed++;
            pthread_mutex_lock(&sh->lock);
            continue;
        }
        if (b->progress) {
            size_t by[SOLVE_ERROR + 1];
            memcpy(by, sh->by_status, sizeof by);
            size_t done = sh->done;
            pthread_mutex_unlock(&sh->lock);
            draw_progress(done, b->n, by, wall_seconds() - start);
            shown = true;
            pthread_mutex_lock(&sh->lock);
        }
        if (!sh->slots[printed].done) {
            struct timespec until = deadline_in(REDRAW_MS);
            pthread_cond_timedwait(&sh->finished, &sh->lock, &until);
        }
    }
    pthread_mutex_unlock(&sh->lock);
    if (shown)
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
    pthread_cond_init(&sh.finished, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&sh.lock, NULL);

    int started = 0;
    for (int w = 0; w < n_workers; w++) {
        workers[w] = (worker_t){&sh, w};
        if (pthread_create(&threads[w], NULL, worker_main, &workers[w]) == 0)
            started++;
        else
            break; /* the threads already running do all the jobs */
    }
    if (started) {
        print_in_order(&sh, start);
        for (int w = 0; w < started; w++)
            pthread_join(threads[w], NULL);
        memcpy(totals->by_status, sh.by_status, sizeof totals->by_status);
    } else {
        cli_error("cannot start a worker thread");
    }
    pthread_mutex_destroy(&sh.lock);
    pthread_cond_destroy(&sh.finished);
    free(sh.slots), free(workers), free(threads);
    totals->seconds = wall_seconds() - start;
    return started > 0;
}
