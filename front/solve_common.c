/*
 * solve_common.c: option values and the batch for solve, verify and check
 * (solve_common.h).
 */
#include "solve_common.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "expect.h"
#include "interrupt.h"

bool arg_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!*s || strspn(s, "0123456789") != strlen(s))
        return false;
    errno = 0;
    unsigned long long v = strtoull(s, NULL, 10);
    if (errno || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

bool arg_seconds(const char *s, double *out)
{
    char *end;
    errno = 0;
    /* A plain decimal (strtod also reads ' 1', '0x10', 'inf' and 'nan'). */
    if (!isdigit((unsigned char)*s) && !(*s == '.' && isdigit((unsigned char)s[1])))
        return false;
    if (strpbrk(s, "xX"))
        return false;
    double v = strtod(s, &end);
    if (*end || errno || !(v >= 0 && v <= 1e9)) /* the negated test also refuses NaN */
        return false;
    *out = v;
    return true;
}

void arg_split(const char *arg, char *name, size_t len, const char **inline_val)
{
    const char *eq = arg[0] == '-' && arg[1] == '-' ? strchr(arg, '=') : NULL;
    size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
    snprintf(name, len, "%.*s", (int)name_len, arg);
    *inline_val = eq ? eq + 1 : NULL;
}

const char *const SOLVER_OPTION_NAMES[] = {"--hash",          "--time-limit", "--nodes",   "--futile", "--delay-nodes",
                                           "--defender-hand", "--in-check",   "--threads", NULL};

const char SOLVER_OPTION_HELP[] =
    "  --time-limit SEC      wall-time limit per problem in seconds (default 0 = none);\n"
    "                        a mate proven in time keeps its whole line: past the\n"
    "                        limit it follows the table's proofs (not certified)\n"
    "  --nodes N             node limit per problem (default 0 = none); a mate's line\n"
    "                        may take up to as many nodes again (verify: the main\n"
    "                        line and the alternatives' lines together)\n"
    "  --futile delay|capture|none\n"
    "                        which interpositions count as defence when lengths and the\n"
    "                        line are chosen: not those that only delay a mate as long as\n"
    "                        another defence (delay, default), not those mated at once\n"
    "                        after the capture (capture), or every one (none)\n"
    "  --delay-nodes N       nodes each search of a delay-rule test may spend (default\n"
    "                        1000000); a test that runs out leaves the answer\n"
    "                        uncertified ('futility-test'), never wrong\n"
    "  --defender-hand given|rest\n"
    "                        the defender's hand as the SFEN gives it (default), or every\n"
    "                        piece not on the board and not in the attacker's hand\n"
    "  --threads N           threads for each problem (default 1), on one table of\n"
    "                        --hash: the hard questions of the shortening (and check's\n"
    "                        question) are shared out by the first move, the proof is\n"
    "                        raced; node counts then vary from run to run, and so may\n"
    "                        what a node limit cuts short (a certificate, a finding,\n"
    "                        a count of pieces left); proven answers do not\n";

const char SOLVER_IN_CHECK_HELP[] =
    "  --in-check attack|defend\n"
    "                        a side to move that is in check attacks (default: its move\n"
    "                        must answer the check and give one), or defends: is it\n"
    "                        mated by force?  Then the line starts with its reply, and\n"
    "                        lengths, counted from there, are even (0: already mated)\n";

int solver_option(const char *cmd, const char *name, const char *val, solver_args_t *a)
{
    uint64_t n;
    if (!strcmp(name, "--hash")) {
        if (!arg_uint(val, 1, SOLVE_HASH_MAX, &n)) {
            cli_error("%s: --hash must be a whole number of MiB from 1 to %d, not '%s'", cmd, SOLVE_HASH_MAX, val);
            return -1;
        }
        a->hash_mb = (size_t)n; /* more than the machine has: a note once all options are read (options_walk) */
    } else if (!strcmp(name, "--time-limit")) {
        if (!arg_seconds(val, &a->opts.time_limit)) {
            cli_error("%s: --time-limit must be a number of seconds from 0 to 10^9 (0 = none), not '%s'", cmd, val);
            return -1;
        }
    } else if (!strcmp(name, "--nodes")) {
        if (!arg_uint(val, 0, SOLVE_NODES_MAX, &n)) {
            cli_error("%s: --nodes must be a whole number from 0 to 10^15 (0 = none), not '%s'", cmd, val);
            return -1;
        }
        a->opts.node_limit = n;
    } else if (!strcmp(name, "--futile")) {
        if (strcmp(val, "none") && strcmp(val, "capture") && strcmp(val, "delay")) {
            cli_error("%s: --futile must be 'delay', 'capture' or 'none', not '%s'", cmd, val);
            return -1;
        }
        a->opts.futile = !strcmp(val, "none") ? FUTILE_NONE : !strcmp(val, "capture") ? FUTILE_CAPTURE : FUTILE_DELAY;
    } else if (!strcmp(name, "--delay-nodes")) {
        if (!arg_uint(val, 1, SOLVE_NODES_MAX, &n)) {
            cli_error("%s: --delay-nodes must be a whole number from 1 to 10^15, not '%s'", cmd, val);
            return -1;
        }
        a->opts.delay_budget = n;
    } else if (!strcmp(name, "--defender-hand")) {
        if (strcmp(val, "given") && strcmp(val, "rest")) {
            cli_error("%s: --defender-hand must be 'given' or 'rest', not '%s'", cmd, val);
            return -1;
        }
        a->opts.defender_hand_rest = !strcmp(val, "rest");
    } else if (!strcmp(name, "--threads")) {
        if (!arg_uint(val, 1, SOLVER_THREADS_MAX, &n)) {
            cli_error("%s: --threads must be a whole number from 1 to %d, not '%s'", cmd, SOLVER_THREADS_MAX, val);
            return -1;
        }
        a->threads = (int)n;
    } else if (!strcmp(name, "--in-check")) {
        if (strcmp(val, "attack") && strcmp(val, "defend")) {
            cli_error("%s: --in-check must be 'attack' or 'defend', not '%s'", cmd, val);
            return -1;
        }
        a->opts.in_check_defends = !strcmp(val, "defend");
    } else {
        return 0;
    }
    return 1;
}

double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static bool listed(const char *const *names, const char *name)
{
    for (size_t k = 0; names && names[k]; k++)
        if (!strcmp(names[k], name))
            return true;
    return false;
}

static const char *const FILE_OPTIONS[] = {"-f", "--file", NULL};

int options_walk(int argc, char **argv, const option_spec_t *spec, solver_args_t *s, problem_input_t *in)
{
    *in = (problem_input_t){0};
    s->opts.stop = cli_interrupt_flag(); /* Ctrl-C stops the batch's searches (interrupt.h) */
    in->files = malloc(sizeof *in->files * (size_t)(argc + 1));
    in->words = malloc(sizeof *in->words * (size_t)(argc + 1));
    if (!in->files || !in->words) {
        cli_error("%s: out of memory", spec->cmd);
        return 2;
    }
    bool options_done = false;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        /* "-" alone is a SFEN word (empty hands), and no SFEN word starts with "-x". */
        if (options_done || arg[0] != '-' || arg[1] == 0) {
            in->words[in->n_words++] = argv[i];
            continue;
        }
        if (!strcmp(arg, "--")) {
            options_done = true;
            continue;
        }
        char name[32];
        const char *val;
        arg_split(arg, name, sizeof name, &val);
        if (listed(spec->flags, name)) {
            if (val) {
                cli_error("%s: %s takes no value", spec->cmd, name);
                return 2;
            }
            if (spec->take(spec->ctx, name, NULL))
                return 2;
            continue;
        }
        bool file = listed(FILE_OPTIONS, name);
        if (!file && !listed(spec->valued, name) && !listed(SOLVER_OPTION_NAMES, name)) {
            cli_error("%s: unknown option '%s' (see 'tsume %s --help')", spec->cmd, arg, spec->cmd);
            return 2;
        }
        if (!val)
            val = i + 1 < argc ? argv[++i] : NULL;
        if (!val) {
            cli_error("%s: %s needs a value (see 'tsume %s --help')", spec->cmd, name, spec->cmd);
            return 2;
        }
        if (file) {
            if (!*val) {
                cli_error("%s: %s needs a file name", spec->cmd, name);
                return 2;
            }
            in->files[in->n_files++] = val;
            continue;
        }
        int done = solver_option(spec->cmd, name, val, s);
        if (done < 0 || (!done && spec->take(spec->ctx, name, val)))
            return 2;
    }
    /* Allowed (the table may never fill), but a search that does fill it would be killed
     * by the system rather than stop on a limit.  Said of the --hash that counts (the
     * last given), not of one given before it. */
    unsigned long long machine_mb = cli_machine_mb();
    if (machine_mb && s->hash_mb > machine_mb)
        cli_error("%s: note: --hash %llu MiB is more than this machine's memory (%llu MiB): a search that "
                  "fills the table will be killed",
                  spec->cmd, (unsigned long long)s->hash_mb, machine_mb);
    return -1;
}

int problem_input_check(const problem_input_t *in, const char *cmd)
{
    if (in->n_words && in->n_files) {
        cli_error("%s: give either a SFEN or -f FILE, not both", cmd);
        return 2;
    }
    if (!in->n_words && !in->n_files) {
        cli_error("%s: missing SFEN or -f FILE (see 'tsume %s --help')", cmd, cmd);
        return 2;
    }
    return -1;
}

void problem_input_free(problem_input_t *in)
{
    free(in->files);
    free(in->words);
    *in = (problem_input_t){0};
}

int jobs_default(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > JOBS_MAX ? JOBS_MAX : (int)n;
}

void put_safe(FILE *out, const char *s)
{
    if (!*s)
        fputs("(empty)", out);
    for (; *s; s++)
        putc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, out);
}

solver_t **solvers_new(size_t jobs, size_t n, size_t hash_mb, int threads, const char *cmd, size_t *workers)
{
    /* Jobs beyond the problems would only take table memory from the others, and every
     * table needs 1 MiB. */
    size_t w = jobs < n ? jobs : n ? n : 1;
    if (w > hash_mb)
        w = hash_mb;
    *workers = w;
    size_t table_mb = hash_mb / w;
    /* Every thread's caches need room too: a thread per MiB at most. */
    threads = threads < 1 ? 1 : (size_t)threads > table_mb ? (int)table_mb : threads;
    solver_t **solvers = calloc(w, sizeof *solvers);
    if (!solvers) {
        cli_error("%s: out of memory", cmd);
        return NULL;
    }
    for (size_t i = 0; i < w && n; i++) {
        if (!(solvers[i] = solver_new_threads(table_mb, threads))) {
            cli_error("%s: cannot allocate %zu hash tables of %zu MiB (try a smaller --hash)", cmd, w, table_mb);
            solvers_free(solvers, w);
            return NULL;
        }
        solver_run_inline(solvers[i], true); /* batch workers have the stack for it */
    }
    return solvers;
}

void solvers_free(solver_t **solvers, size_t workers)
{
    for (size_t i = 0; solvers && i < workers; i++)
        solver_free(solvers[i]);
    free(solvers);
}

void root_json(json_obj_t *j, const solve_result_t *r)
{
    if (r->attacker_check)
        json_str(j, "attacker_check", r->attacker_check == ATTACKER_CHECKMATED ? "checkmate" : "check");
    if (r->root_defends)
        json_str(j, "side_to_move", "defends");
    if (r->status == SOLVE_MATE && r->line_cut)
        json_bool(j, "line_cut", true);
}

const char *defender_hand_name(bool asked_rest, const solve_result_t *r)
{
    return asked_rest || r->defender_hand_filled ? "rest" : "given";
}

void root_note(FILE *out, const solve_result_t *r)
{
    if (r->status == SOLVE_ERROR)
        return;
    if (r->status == SOLVE_MATE && r->line_cut)
        fprintf(out, "  note     the line stops at ply %d, short of the mate: the walk found no check there that\n"
                     "           the table's proofs still mate on its path (proofs are kept without their\n"
                     "           path); the mate itself is proven\n",
                r->plies + 1);
    if (r->root_defends)
        fputs("  note     the side to move is in check and defends (--in-check defend): the line starts with its "
              "reply\n",
              out);
    else if (r->attacker_check && r->status != SOLVE_MATE)
        fprintf(out, "  note     the side to move %s: is it the side meant to attack?\n",
                r->attacker_check == ATTACKER_CHECKMATED
                    ? "is checkmated, so it has no move"
                    : "is in check, so its move must answer that check and give one");
}

void problem_json_begin(json_obj_t *j, FILE *out, const problem_t *pb, const char *sfen)
{
    json_begin(j, out);
    json_int(j, "id", pb->line);
    if (pb->file)
        json_str(j, "file", pb->file);
    json_str(j, "sfen", sfen);
}

void problems_print_unread(FILE *out, const problem_list_t *l, bool sfen_lines, const char *const *keys,
                           int n_keys)
{
    for (size_t i = 0; i < l->n_unread; i++) {
        const problem_unread_t *u = &l->unread[i];
        if (sfen_lines) {
            fputs("# \t", out);
            put_safe(out, u->file);
            fputs(": error: ", out);
            put_safe(out, u->reason);
            putc('\n', out);
            continue;
        }
        json_obj_t j;
        json_begin(&j, out);
        json_int(&j, "id", 0);
        json_str(&j, "file", u->file);
        json_str(&j, "sfen", "");
        for (int k = 0; k < n_keys; k++)
            json_str(&j, keys[k], "error");
        json_uint(&j, "nodes", 0);
        json_int(&j, "time_ms", 0);
        json_str(&j, "error", u->reason);
        json_end(&j);
    }
    fflush(out);
}

void defender_king_error(char *buf, size_t len, const pos_t *p, color_t defender, const char *asker)
{
    const char *side = defender == WHITE ? "white" : "black";
    if (pos_in_check(p))
        snprintf(buf, len, "no king for the defender (%s); the side to move is in check: %s--in-check defend asks "
                 "whether it is mated", side, asker);
    else
        snprintf(buf, len, "no king for the defender (%s)", side);
}

void problem_text_head(FILE *out, const problem_t *pb, const char *sfen)
{
    fputs("problem ", out);
    if (pb->file) {
        put_safe(out, pb->file);
        putc(':', out);
    }
    fprintf(out, "%ld  ", pb->line);
    put_safe(out, sfen);
    putc('\n', out);
}

typedef struct {
    const problem_batch_t *pb;
    const problem_list_t *l;
    solver_t **solvers; /* one per worker */
    size_t *current;    /* each worker's problem, SIZE_MAX when none */
    size_t workers;
    pthread_mutex_t mu; /* current, and solvers against their release */
} problems_run_t;

static void set_current(problems_run_t *run, int w, size_t i)
{
    pthread_mutex_lock(&run->mu);
    run->current[w] = i;
    pthread_mutex_unlock(&run->mu);
}

static solve_status_t problems_run_job(void *ctx, int w, size_t i, FILE *out)
{
    problems_run_t *run = ctx;
    set_current(run, w, i);
    solve_status_t st = run->pb->job(run->pb->ctx, run->solvers[w], i, out);
    set_current(run, w, SIZE_MAX);
    return st;
}

/* "3.2 M" and the like: the progress line has little room. */
static void format_count(uint64_t n, char *buf, size_t len)
{
    if (n < 10000)
        snprintf(buf, len, "%llu", (unsigned long long)n);
    else if (n < 1000000)
        snprintf(buf, len, "%.1f k", (double)n / 1e3);
    else if (n < 1000000000)
        snprintf(buf, len, "%.1f M", (double)n / 1e6);
    else
        snprintf(buf, len, "%.1f G", (double)n / 1e9);
}

/* The problem under way that comes first in the list (the one the reports wait for):
 * its line, phase and figures.  The shortening is where long problems spend: "mate
 * within 117 proven, trying 115" says which question the search is on. */
static void problems_describe(void *ctx, char *buf, size_t len)
{
    problems_run_t *run = ctx;
    pthread_mutex_lock(&run->mu);
    size_t first = SIZE_MAX;
    int w_first = -1;
    for (size_t w = 0; w < run->workers; w++)
        if (run->current[w] < first && run->solvers[w])
            first = run->current[w], w_first = (int)w;
    solve_progress_t pi;
    bool on = w_first >= 0 && solver_progress(run->solvers[w_first], &pi);
    pthread_mutex_unlock(&run->mu);
    if (!on)
        return;
    char nodes[32], what[96] = "";
    format_count(pi.nodes, nodes, sizeof nodes);
    if (pi.asking)
        snprintf(what, sizeof what, ", mate within %d proven, trying %d", pi.proven, pi.asking);
    else if (pi.proven)
        snprintf(what, sizeof what, ", mate within %d proven", pi.proven);
    snprintf(buf, len, "line %ld: %s%s, %s nodes", run->l->items[first].line, pi.phase ? pi.phase : "search", what,
             nodes);
}

/* A worker with no problem left frees its solver at once: unmapping a table takes about
 * half a millisecond per 128 MiB, which then overlaps the other workers' last problems
 * instead of following them. */
static void problems_run_done(void *ctx, int w)
{
    problems_run_t *run = ctx;
    pthread_mutex_lock(&run->mu);
    solver_t *s = run->solvers[w];
    run->solvers[w] = NULL;
    pthread_mutex_unlock(&run->mu);
    solver_free(s);
}

bool problems_run(const problem_batch_t *pb, const problem_list_t *l, batch_totals_t *t)
{
    size_t workers;
    solver_t **solvers = solvers_new(pb->jobs, l->n, pb->hash_mb, pb->threads, pb->cmd, &workers);
    if (!solvers)
        return false;
    problems_run_t run = {.pb = pb, .l = l, .solvers = solvers, .workers = workers};
    run.current = malloc(workers * sizeof *run.current);
    if (!run.current) {
        cli_error("%s: out of memory", pb->cmd);
        solvers_free(solvers, workers);
        return false;
    }
    for (size_t w = 0; w < workers; w++)
        run.current[w] = SIZE_MAX;
    pthread_mutex_init(&run.mu, NULL);
    size_t *order = workers > 1 ? expect_longest_first(l) : NULL;
    batch_t b = {.workers = (int)workers,
                 .n = l->n,
                 .run = problems_run_job,
                 .ctx = &run,
                 .order = order,
                 .worker_done = problems_run_done,
                 .separator = pb->one_line ? "" : "\n",
                 .progress = pb->progress,
                 .describe = problems_describe,
                 .words = pb->words};
    cli_interrupt_catch();
    bool ok = batch_run(&b, t);
    t->interrupted = cli_interrupted();
    if (t->interrupted)
        cli_error("%s: interrupted: the searches were stopped; the problems not finished are reported as a "
                  "limit leaves them",
                  pb->cmd);
    free(order);
    solvers_free(solvers, workers);
    pthread_mutex_destroy(&run.mu);
    free(run.current);
    return ok;
}
