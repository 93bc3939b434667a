/*
 * solve_common.c: option values and problem files for solve, verify and check
 * (solve_common.h).
 */
#include "solve_common.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "cli.h"
#include "csa.h"
#include "expect.h"
#include "input.h"
#include "kif.h"

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
    double v = strtod(s, &end);
    if (!*s || *end || errno || !(v >= 0 && v <= 1e9)) /* the negated test also refuses NaN */
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

const char *const SOLVER_OPTION_NAMES[] = {"--hash",        "--time-limit",    "--nodes", "--futile",
                                           "--delay-nodes", "--defender-hand", NULL};

const char SOLVER_OPTION_HELP[] =
    "  --time-limit SEC      wall-time limit per problem in seconds (default 0 = none);\n"
    "                        a mate proven in time keeps its whole line: past the\n"
    "                        limit it follows the table's proofs (not certified)\n"
    "  --nodes N             node limit per problem (default 0 = none); a mate's line\n"
    "                        may take up to as many nodes again\n"
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
    "                        piece not on the board and not in the attacker's hand\n";

int solver_option(const char *cmd, const char *name, const char *val, solver_args_t *a)
{
    uint64_t n;
    if (!strcmp(name, "--hash")) {
        if (!arg_uint(val, 1, SOLVE_HASH_MAX, &n)) {
            cli_error("%s: --hash must be a whole number of MiB from 1 to %d, not '%s'", cmd, SOLVE_HASH_MAX, val);
            return -1;
        }
        a->hash_mb = (size_t)n;
    } else if (!strcmp(name, "--time-limit")) {
        if (!arg_seconds(val, &a->opts.time_limit)) {
            cli_error("%s: --time-limit must be a number of seconds >= 0 (0 = none), not '%s'", cmd, val);
            return -1;
        }
    } else if (!strcmp(name, "--nodes")) {
        if (!arg_uint(val, 0, UINT64_MAX, &n)) {
            cli_error("%s: --nodes must be a whole number >= 0 (0 = none), not '%s'", cmd, val);
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
        if (!arg_uint(val, 1, UINT64_MAX, &n)) {
            cli_error("%s: --delay-nodes must be a whole number >= 1, not '%s'", cmd, val);
            return -1;
        }
        a->opts.delay_budget = n;
    } else if (!strcmp(name, "--defender-hand")) {
        if (strcmp(val, "given") && strcmp(val, "rest")) {
            cli_error("%s: --defender-hand must be 'given' or 'rest', not '%s'", cmd, val);
            return -1;
        }
        a->opts.defender_hand_rest = !strcmp(val, "rest");
    } else {
        return 0;
    }
    return 1;
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s, n) : NULL;
}

bool problem_add(problem_list_t *l, const char *file, long line, const char *text, const char *expect,
                 const char *moves)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        problem_t *items = realloc(l->items, cap * sizeof *items);
        if (!items)
            return false;
        l->items = items;
        l->cap = cap;
    }
    problem_t *p = &l->items[l->n];
    *p = (problem_t){file, line, dup_str(text), expect ? dup_str(expect) : NULL, moves ? dup_str(moves) : NULL, NULL};
    if (!p->text || (expect && !p->expect) || (moves && !p->moves)) {
        free(p->text);
        free(p->expect);
        free(p->moves);
        return false;
    }
    l->n++;
    return true;
}

static bool problem_add_error(problem_list_t *l, const char *file, const char *text, const char *error)
{
    if (!problem_add(l, file, 1, text, NULL, NULL))
        return false;
    problem_t *p = &l->items[l->n - 1];
    if (!(p->error = dup_str(error))) {
        free(p->text);
        l->n--;
        return false;
    }
    return true;
}

bool problem_position(const problem_t *pb, pos_t *p, char *err, size_t errlen)
{
    if (pb->error) {
        snprintf(err, errlen, "%s", pb->error);
        return false;
    }
    return sfen_parse_position(p, pb->text, SFEN_STRICT, err, errlen);
}

/* The second column of a line whose first TAB is at tab: trimmed, NULL when empty. */
static char *second_column(char *tab)
{
    if (!*tab)
        return NULL;
    char *s = tab + 1;
    s[strcspn(s, "\t")] = 0;
    s += strspn(s, " ");
    size_t n = strlen(s);
    while (n && s[n - 1] == ' ')
        s[--n] = 0;
    return n ? s : NULL;
}

/* The problems of a file of SFEN lines, text[0..len). */
static bool read_sfen_lines(problem_list_t *l, const char *shown, char *text, size_t len, const char *cmd)
{
    long n = 0;
    char *end = text + len;
    for (char *s = text; s < end;) {
        char *nl = memchr(s, '\n', (size_t)(end - s));
        char *next = nl ? nl + 1 : end;
        if (nl)
            *nl = 0;
        n++;
        if (n == 1 && !strncmp(s, "\xEF\xBB\xBF", 3)) /* editors on some systems add a BOM */
            s += 3;
        s[strcspn(s, "\r\n")] = 0;
        size_t lead = strspn(s, " \t");
        char *line = s;
        s = next;
        if (line[lead] == 0 || line[lead] == '#')
            continue;
        /* The position column ends at the first TAB: a line starting with a TAB has an
         * empty one, which is an error rather than a blank line, since more columns follow. */
        char *tab = line + strcspn(line, "\t"), *moves = NULL;
        for (char *col = *tab ? tab + 1 : NULL; col && !moves;) {
            size_t clen = strcspn(col, "\t");
            if (input_usi_column(col, clen))
                moves = col;
            col = col[clen] ? col + clen + 1 : NULL;
        }
        char *expect = second_column(tab);
        *tab = 0;
        if (moves)
            moves[strcspn(moves, "\t")] = 0; /* after second_column: the column may be the second */
        if (!problem_add(l, shown, n, line, expect, moves)) {
            cli_error("%s: out of memory reading '%s'", cmd, shown);
            return false;
        }
    }
    return true;
}

/* The one problem of a KIF or CSA file: its diagram, as a SFEN, its move line (USI), and
 * the line's length as the stated one when the line ends in check after an attacker's
 * move (a mate as problem files give it); or the reader's reason why there is none. */
static bool read_diagram(problem_list_t *l, const char *shown, const char *text, input_format_t fmt,
                         const char *cmd)
{
    enum { MAX_LINE = 10000 };
    char err[256] = "", sfen[SFEN_MAX], stated[16], *line = NULL;
    const char *expect = NULL;
    move_t *moves = malloc(MAX_LINE * sizeof *moves);
    pos_t p;
    int n = 0;
    bool ok = false;
    if (!moves)
        snprintf(err, sizeof err, "out of memory");
    else if (fmt == INPUT_KIF)
        ok = kif_read_moves(text, SFEN_STRICT, &p, moves, MAX_LINE, &n, err, sizeof err);
    else
        ok = csa_read_moves(text, SFEN_STRICT, &p, moves, MAX_LINE, &n, err, sizeof err);
    if (ok && n % 2 == 1) {
        pos_t q = p;
        for (int i = 0; i < n; i++) {
            undo_t u;
            pos_do(&q, moves[i], &u);
        }
        if (pos_in_check(&q)) {
            snprintf(stated, sizeof stated, "%d", n);
            expect = stated;
        }
    }
    if (ok && n && !(line = malloc((size_t)n * USI_MOVE_MAX))) {
        ok = false;
        snprintf(err, sizeof err, "out of memory");
    }
    char *end = line;
    for (int i = 0; line && i < n; i++) {
        if (i)
            *end++ = ' ';
        end = strchr(usi_format(moves[i], end), 0);
    }
    free(moves);
    bool added = ok ? problem_add(l, shown, 1, sfen_format(&p, sfen), expect, line)
                    : problem_add_error(l, shown, fmt == INPUT_KIF ? "(KIF file)" : "(CSA file)", err);
    free(line);
    if (!added)
        cli_error("%s: out of memory reading '%s'", cmd, shown);
    return added;
}

bool problem_read_file(problem_list_t *l, const char *path, const char *cmd)
{
    bool is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        cli_error("%s: cannot open '%s': %s", cmd, path, strerror(errno));
        return false;
    }
    const char *shown = is_stdin ? "stdin" : path;
    char err[128];
    size_t len = 0;
    char *text = input_read_all(f, PROBLEM_FILE_MAX, &len, err, sizeof err);
    if (!is_stdin)
        fclose(f);
    if (text && strlen(text) != len) {
        snprintf(err, sizeof err, "it holds a NUL byte: not a text file");
        free(text);
        text = NULL;
    }
    if (!text) {
        cli_error("%s: cannot read '%s': %s", cmd, shown, err);
        return false;
    }
    input_format_t fmt = input_detect(text);
    bool ok = fmt == INPUT_KIF || fmt == INPUT_CSA ? read_diagram(l, shown, text, fmt, cmd)
                                                   : read_sfen_lines(l, shown, text, len, cmd);
    free(text);
    return ok;
}

void problem_list_free(problem_list_t *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->items[i].text);
        free(l->items[i].expect);
        free(l->items[i].moves);
        free(l->items[i].error);
    }
    free(l->items);
    *l = (problem_list_t){0};
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

/* Whether w's first word can begin a position: "sfen", "position", "startpos", or a
 * board (eight '/'). */
static bool starts_position(const char *w)
{
    size_t n = strcspn(w, " \t");
    int slashes = 0;
    for (size_t i = 0; i < n; i++)
        slashes += w[i] == '/';
    return slashes == 8 || (n == 4 && !strncmp(w, "sfen", 4)) || (n == 8 && !strncmp(w, "position", 8)) ||
           (n == 8 && !strncmp(w, "startpos", 8));
}

bool problems_gather(problem_list_t *l, const problem_input_t *in, const char *cmd)
{
    char *const *words = in->words;
    int n_words = in->n_words;
    bool ok = true;
    /* Words that cannot begin a position, the first naming a file, are files (as for -f):
     * 'tsume solve *.kif'.  One such word that names none is an error saying so. */
    bool names = n_words && strcmp(words[0], "-") && !starts_position(words[0]);
    if (names && access(words[0], F_OK) == 0) {
        for (int i = 0; i < n_words; i++)
            ok &= problem_read_file(l, words[i], cmd);
    } else if (names && n_words == 1) {
        char err[SFEN_ERR_MAX + 32];
        pos_t p;
        if (!strchr(words[0], '/'))
            snprintf(err, sizeof err, "neither a SFEN (a board has eight '/') nor a file");
        else if (!sfen_parse_position(&p, words[0], SFEN_STRICT, err, SFEN_ERR_MAX))
            strcat(err, " (nor is it a file)");
        else
            err[0] = 0; /* a position after all: solved as one */
        if (!(err[0] ? problem_add_error(l, NULL, words[0], err) : problem_add(l, NULL, 1, words[0], NULL, NULL)))
            cli_error("%s: out of memory", cmd), ok = false;
    } else if (n_words) {
        size_t len = 1;
        for (int i = 0; i < n_words; i++)
            len += strlen(words[i]) + 1;
        char *text = malloc(len), *end = text;
        for (int i = 0; text && i < n_words; i++)
            end += sprintf(end, "%s%s", i ? " " : "", words[i]);
        if (!text || !problem_add(l, NULL, 1, text, NULL, NULL)) {
            cli_error("%s: out of memory", cmd);
            ok = false;
        }
        free(text);
    }
    for (int i = 0; i < in->n_files; i++)
        ok &= problem_read_file(l, in->files[i], cmd);
    return ok;
}

solver_t **solvers_new(size_t jobs, size_t n, size_t hash_mb, const char *cmd, size_t *workers)
{
    /* Jobs beyond the problems would only take table memory from the others, and every
     * table needs 1 MiB. */
    size_t w = jobs < n ? jobs : n ? n : 1;
    if (w > hash_mb)
        w = hash_mb;
    *workers = w;
    size_t table_mb = hash_mb / w;
    solver_t **solvers = calloc(w, sizeof *solvers);
    if (!solvers) {
        cli_error("%s: out of memory", cmd);
        return NULL;
    }
    for (size_t i = 0; i < w && n; i++) {
        if (!(solvers[i] = solver_new(table_mb))) {
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

void problem_json_begin(json_obj_t *j, FILE *out, const problem_t *pb, const char *sfen)
{
    json_begin(j, out);
    json_int(j, "id", pb->line);
    if (pb->file)
        json_str(j, "file", pb->file);
    json_str(j, "sfen", sfen);
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
    solver_t **solvers = solvers_new(pb->jobs, l->n, pb->hash_mb, pb->cmd, &workers);
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
                 .describe = problems_describe};
    bool ok = batch_run(&b, t);
    free(order);
    solvers_free(solvers, workers);
    pthread_mutex_destroy(&run.mu);
    free(run.current);
    return ok;
}
