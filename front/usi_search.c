/*
 * usi_search.c: one `go mate` of the USI engine, run on a worker thread so the reader can
 * take `stop` and `quit` meanwhile: progress lines while it runs, then the answer.
 *
 * Answers (SPEC §C3): `checkmate <moves>` for a proven mate (the solver's line),
 * `checkmate nomate` only for a proven no-mate, `checkmate timeout` for everything else:
 * a time limit, `stop`, `quit`, and errors (which an `info string error: ...` explains),
 * so a failure is never reported as no-mate.  The answer is printed and `answered` set
 * under the one output lock, so once a GUI has read `checkmate` the reader already sees
 * the search as over and a `go` sent straight after is never refused as "busy".
 *
 * A mate line always ends in checkmate.  Under Futile=capture the solver's line stops
 * where the defender's only replies are futile interpositions (README); a GUI replays a
 * `checkmate` line and a referee such as usi-mate.mjs checks that it ends in mate, so the
 * line is carried on to the final checkmate: each remaining reply is played, the rest
 * solved counting every interposition, and the reply that lasts longest is kept.  The
 * `info string` before the answer gives the composers' length and the plies added.
 *
 * While searching: `info string phase P` when the solver enters a phase (proof, shortest,
 * line), `info string mate within W plies proven, looking for one within B` when the
 * shortening takes up a new question (seen by a report, so one shorter than 100 ms may
 * pass unannounced), and `info time T nodes N nps X hashfull H` about every 500 ms, all
 * from the solver's progress callback; one last `info time ...` line precedes the answer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../movegen/movegen.h"
#include "../movegen/usi_move.h"
#include "cli.h"
#include "usi.h"

enum { INFO_EVERY_MS = 500, COMPLETE_NODES = 200000 };

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out_file; /* NULL: stdout */

static void vsay_locked(const char *fmt, va_list ap)
{
    FILE *f = out_file ? out_file : stdout;
    vfprintf(f, fmt, ap);
    fputc('\n', f);
    fflush(f);
}

void usi_set_output(FILE *f)
{
    pthread_mutex_lock(&out_lock);
    out_file = f;
    pthread_mutex_unlock(&out_lock);
}

static void say_locked(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say_locked(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay_locked(fmt, ap);
    va_end(ap);
}

void usi_say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&out_lock);
    vsay_locked(fmt, ap);
    pthread_mutex_unlock(&out_lock);
    va_end(ap);
}

static unsigned long long nps(uint64_t nodes, double seconds)
{
    return seconds > 0 ? (unsigned long long)((double)nodes / seconds) : 0;
}

/* Called on the solver's thread about every 100 ms. */
static void on_progress(const solve_progress_t *pi, void *arg)
{
    usi_search_t *s = arg;
    pthread_mutex_lock(&out_lock);
    /* The largest seen: with Threads > 1 a report may come from a thread whose view of
     * the table counts its own stores only (tt.h: tt_share), and the table only fills
     * during a search; the last line said 'hashfull 0' after 600 (a review's finding). */
    if (pi->hashfull > s->hashfull)
        s->hashfull = pi->hashfull;
    if (pi->phase && strcmp(pi->phase, s->phase)) {
        snprintf(s->phase, sizeof s->phase, "%s", pi->phase);
        say_locked("info string phase %s", s->phase);
    }
    if (pi->asking && pi->asking != s->asking)
        say_locked("info string mate within %d plies proven, looking for one within %d", pi->proven, pi->asking);
    s->asking = pi->asking;
    if (pi->seconds >= s->next_info) {
        s->next_info = pi->seconds + INFO_EVERY_MS / 1000.0;
        say_locked("info time %lld nodes %llu nps %llu hashfull %d", (long long)(pi->seconds * 1000.0),
                   (unsigned long long)pi->nodes, nps(pi->nodes, pi->seconds), s->hashfull);
    }
    pthread_mutex_unlock(&out_lock);
}

/* The mate line r carried on to checkmate (see the top of the file): fills line (room for
 * SOLVER_MAX_PLY moves) and returns its length, or -1 when some remaining reply could not
 * be solved within COMPLETE_NODES nodes (or a stop came). */
static int complete_line(usi_search_t *s, const solve_result_t *r, move_t *line)
{
    pos_t p = s->pos;
    undo_t u;
    for (int i = 0; i < r->plies; i++) {
        line[i] = r->pv[i];
        pos_do(&p, r->pv[i], &u);
    }
    if (!pos_in_check(&p))
        return -1; /* cannot happen: the attacker's last move checks */
    move_t replies[MG_MAX_MOVES];
    int n = mg_evasions(&p, replies);
    if (n == 0)
        return r->plies;
    solve_opts_t o;
    solve_opts_default(&o);
    o.futile = FUTILE_NONE;
    /* the fuzz target's caps on the `go` bound these searches as well */
    o.node_limit = s->opts.node_limit && s->opts.node_limit < COMPLETE_NODES ? s->opts.node_limit : COMPLETE_NODES;
    o.proof_only = s->opts.proof_only;
    o.stop = &s->stop;
    int longest = 0; /* plies after the reply */
    for (int i = 0; i < n; i++) {
        pos_t q = p;
        pos_do(&q, replies[i], &u);
        solve_result_t sub;
        solver_solve(s->solver, &q, &o, &sub);
        bool ok = sub.status == SOLVE_MATE && sub.plies > 0 && r->plies + 1 + sub.plies <= SOLVER_MAX_PLY;
        if (ok && sub.plies > longest) {
            longest = sub.plies;
            line[r->plies] = replies[i];
            memcpy(line + r->plies + 1, sub.pv, (size_t)sub.plies * sizeof *line);
        }
        solve_result_free(&sub);
        if (!ok)
            return -1;
    }
    return r->plies + 1 + longest;
}

/* The answer line for r, in a buffer the caller frees; NULL if memory is short. */
static char *answer_of(usi_search_t *s, const solve_result_t *r, char *why, size_t why_len)
{
    /* A side that defends from check may be mated already: `checkmate` with no move. */
    if (r->status == SOLVE_MATE && (r->plies > 0 || r->root_defends) && r->pv) {
        /* A line cut short (solver.h: line_cut) ends on a reply: nothing to carry on. */
        move_t *moves = r->line_cut ? NULL : malloc(SOLVER_MAX_PLY * sizeof *moves);
        int plies = moves ? complete_line(s, r, moves) : -1;
        const char *note = r->line_cut ? "; the line stops short of the mate: the walk lost it on its path" : "";
        char buf[96];
        if (plies < 0) { /* keep the composers' line: still a proven mate */
            if (moves)
                note = "; the line ends where only futile interpositions remain";
            free(moves);
            moves = NULL;
        } else if (plies > r->plies) {
            snprintf(buf, sizeof buf, "; %d plies of futile interposition added to reach checkmate", plies - r->plies);
            note = buf;
        }
        const move_t *shown_moves = moves ? moves : r->pv;
        int n = moves ? plies : r->plies;
        char *line = malloc(16 + (size_t)n * USI_MOVE_MAX);
        if (line) {
            char *end = line + sprintf(line, "checkmate");
            for (int i = 0; i < n; i++) {
                char mv[USI_MOVE_MAX];
                end += sprintf(end, " %s", usi_format(shown_moves[i], mv));
            }
            if (r->shortest)
                snprintf(why, why_len, "mate in %d %s (%s), %d %s left in hand%s%s", r->plies,
                         cli_plies(r->plies), r->exact ? "shortest proven" : "line not certified", r->leftover,
                         r->leftover == 1 ? "piece" : "pieces", r->exact && !r->leftover_sure ? " (not certain)" : "",
                         note);
            else /* the length is a bound only: the line's own length is no bound at all */
                snprintf(why, why_len,
                         "mate within %d plies proven, line of %d (not certified), %d %s left in hand%s",
                         r->within, r->plies, r->leftover, r->leftover == 1 ? "piece" : "pieces", note);
        }
        free(moves);
        return line;
    }
    const char *word = "timeout";
    switch (r->status) {
    case SOLVE_NOMATE:
        word = "nomate";
        snprintf(why, why_len, "no mate (proven)%s",
                 r->attacker_check == ATTACKER_CHECKMATED ? "; the side to move is checkmated"
                 : r->attacker_check == ATTACKER_IN_CHECK ? "; the side to move is in check"
                                                          : "");
        break;
    case SOLVE_ERROR:
        snprintf(why, why_len, "error: %s", r->error);
        break;
    case SOLVE_MATE: /* a mate without a line cannot happen; never claim what is not shown */
        snprintf(why, why_len, "error: mate found but no line");
        break;
    default:
        snprintf(why, why_len, "%s", s->stop ? "stopped" : "time limit reached");
        break;
    }
    char *line = malloc(32);
    if (line)
        sprintf(line, "checkmate %s", word);
    return line;
}

static void *worker_main(void *arg)
{
    usi_search_t *s = arg;
    solve_result_t r;
    if (s->opts.defender_hand_rest) {
        /* Filled here rather than by the solver, so that the line is replayed below on the
         * very position that was solved. */
        solver_fill_defender_hand(&s->pos, solver_attacker(&s->pos, &s->opts));
        s->opts.defender_hand_rest = 0;
    }
    solver_solve(s->solver, &s->pos, &s->opts, &r);
    char why[256];
    char *line = answer_of(s, &r, why, sizeof why);
    pthread_mutex_lock(&out_lock);
    if (s->hashfull >= 0)
        say_locked("info time %lld nodes %llu nps %llu hashfull %d", (long long)(r.seconds * 1000.0),
                   (unsigned long long)r.nodes, nps(r.nodes, r.seconds), s->hashfull);
    else
        say_locked("info time %lld nodes %llu nps %llu", (long long)(r.seconds * 1000.0),
                   (unsigned long long)r.nodes, nps(r.nodes, r.seconds));
    if (line) {
        say_locked("info string %s", why);
        say_locked("%s", line);
    } else {
        say_locked("info string error: out of memory for the answer");
        say_locked("checkmate timeout");
    }
    s->answered = true;
    pthread_mutex_unlock(&out_lock);
    free(line);
    solve_result_free(&r);
    return NULL;
}

void usi_search_start(usi_search_t *s, solver_t *solver, const pos_t *p, const solve_opts_t *opts)
{
    s->solver = solver;
    s->pos = *p;
    s->opts = *opts;
    s->infinite = opts->time_limit <= 0;
    solver_flag_lower(&s->stop);
    s->opts.stop = &s->stop;
    s->opts.progress = on_progress;
    s->opts.progress_arg = s;
    pthread_mutex_lock(&out_lock);
    s->answered = false;
    s->next_info = INFO_EVERY_MS / 1000.0;
    s->phase[0] = 0;
    s->asking = 0;
    s->hashfull = -1;
    pthread_mutex_unlock(&out_lock);
    if (pthread_create(&s->thread, NULL, worker_main, s) != 0) {
        usi_say("info string error: cannot start the search thread");
        usi_say("checkmate timeout");
        return;
    }
    s->started = true;
}

bool usi_search_busy(usi_search_t *s)
{
    if (!s->started)
        return false;
    pthread_mutex_lock(&out_lock);
    bool busy = !s->answered;
    pthread_mutex_unlock(&out_lock);
    return busy;
}

void usi_search_wait(usi_search_t *s)
{
    if (!s->started)
        return;
    pthread_join(s->thread, NULL);
    s->started = false;
}

void usi_search_reap(usi_search_t *s)
{
    if (s->started && !usi_search_busy(s))
        usi_search_wait(s);
}

void usi_search_stop(usi_search_t *s)
{
    if (!s->started)
        return;
    solver_flag_raise(&s->stop);
    usi_search_wait(s);
}
