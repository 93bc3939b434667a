/*
 * cmd_solve.c: `tsume solve`: solves mate problems given on the command line or read from
 * problem files (-f), and reports each as a text block or as one JSON line.
 *
 * Invariants: one solver, hence one hash table, serves every problem of a run (the solver
 * clears it per problem); every problem, malformed or not, gets exactly one report, in
 * input order, flushed at once so a long batch can be watched; the exit status is the
 * worst outcome seen: 2 for any error (bad line, unreadable file, solver error), else 1
 * for any unknown, else 0.  Positions are parsed strictly, and one whose defender has no
 * king is refused here: the solver is only ever given a possible mate problem.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "../solver/solver.h"
#include "cli.h"
#include "json.h"

enum { SOLVE_HASH_DEFAULT = 256, SOLVE_HASH_MAX = 1 << 20 /* MiB: 1 TiB keeps bytes in size_t */ };
enum { PV_MOVES_PER_LINE = 12 };

typedef struct {
    size_t hash_mb;
    solve_opts_t opts;
    bool json;
    const char **files; /* -f arguments, in order */
    int n_files;
    char **words; /* the SFEN given as arguments, possibly split over several words */
    int n_words;
} solve_args_t;

typedef struct {
    const solve_args_t *args;
    solver_t *solver;
    int n_problems;
    int by_status[SOLVE_ERROR + 1];
    bool file_error; /* a file could not be opened or read: not a problem, still exit 2 */
    uint64_t nodes;
    double seconds;
} solve_run_t;

/* Where a problem came from: file is the name shown (NULL for the command line). */
typedef struct {
    const char *file;
    long line;
} solve_origin_t;

static void usage(void)
{
    printf("usage: tsume solve [OPTIONS] SFEN\n"
           "       tsume solve [OPTIONS] -f FILE [-f FILE...]\n"
           "\n"
           "Solves tsume-shogi problems: the side to move attacks and must check on every move,\n"
           "the other side defends and must have a king.\n"
           "\n"
           "SFEN may be one quoted argument or several words: a bare SFEN, 'sfen SFEN',\n"
           "'position sfen SFEN [moves M...]' or 'startpos [moves M...]'.\n"
           "With -f, FILE ('-' for stdin) holds one problem a line: a SFEN, optionally\n"
           "prefixed 'sfen' or 'position sfen', optionally followed by a TAB and other\n"
           "columns, which are ignored.  Blank lines and lines starting with '#' are skipped.\n"
           "A malformed line is reported as an error with its line number; the rest of the\n"
           "file is still solved.\n"
           "\n"
           "options:\n"
           "  -f FILE               read problems from FILE ('-' = stdin); may be repeated\n"
           "  --hash MB             transposition table size in MiB (default %d)\n"
           "  --time-limit SEC      wall-time limit per problem in seconds (default 0 = none)\n"
           "  --nodes N             node limit per problem (default 0 = none)\n"
           "  --futile none|capture which interpositions count as defence when the line is\n"
           "                        chosen: every one (none), or not the futile ones (capture,\n"
           "                        default)\n"
           "  --defender-hand given|rest\n"
           "                        the defender's hand as the SFEN gives it (default), or every\n"
           "                        piece not on the board and not in the attacker's hand\n"
           "  --format text|json    output format (default text)\n"
           "  --help                this text\n"
           "Options may also be written --name=VALUE.\n"
           "\n"
           "Text output: one block per problem: 'problem ID  SFEN' (ID is FILE:LINE, or 1 for\n"
           "a command-line SFEN), then 'status', for a mate the 'line' in USI, and 'search'\n"
           "(nodes, milliseconds, defender hand).  Input from files ends with a summary line.\n"
           "\n"
           "JSON output: one object per problem and line, with keys\n"
           "  id            line number in the file (1 for a command-line SFEN)\n"
           "  file          the file name ('stdin' for -f -), only for problems read with -f\n"
           "  sfen          the position solved, canonical (after any moves), or the input\n"
           "                text when it could not be parsed\n"
           "  status        \"mate\", \"nomate\", \"unknown\" (a limit stopped the search) or \"error\"\n"
           "  plies, pv     mate length and line (USI moves), only for a mate\n"
           "  leftover      pieces left in the attacker's hand at the end, only for a mate\n"
           "  exact         whether the line is proven shortest, only for a mate\n"
           "  nodes, time_ms  search effort (0 when the solver was not called)\n"
           "  defender_hand \"given\" or \"rest\"\n"
           "  error         the reason, only for an error\n"
           "\n"
           "Exit status: 0 when every problem got an answer (mate or nomate), 1 when some\n"
           "are unknown, 2 on any error (bad option, malformed problem, unreadable file).\n",
           SOLVE_HASH_DEFAULT);
}

/* Digits only, within [lo, hi]: "", signs, spaces and overflow are all refused. */
static bool parse_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
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

static bool parse_seconds(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || errno || !(v >= 0 && v <= 1e9)) /* the negated test also refuses NaN */
        return false;
    *out = v;
    return true;
}

/* Reads the options and the SFEN words.  Returns -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, solve_args_t *a)
{
    bool options_done = false;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        /* "-" alone is a SFEN word (empty hands), and no SFEN word starts with "-x". */
        if (options_done || arg[0] != '-' || arg[1] == 0) {
            a->words[a->n_words++] = argv[i];
            continue;
        }
        if (!strcmp(arg, "--")) {
            options_done = true;
            continue;
        }
        char name[32];
        const char *eq = strchr(arg, '=');
        size_t name_len = eq && arg[1] == '-' ? (size_t)(eq - arg) : strlen(arg);
        snprintf(name, sizeof name, "%.*s", (int)name_len, arg);
        static const char *const KNOWN[] = {"-f", "--file", "--hash", "--time-limit", "--nodes",
                                            "--futile", "--defender-hand", "--format"};
        bool known = false;
        for (size_t k = 0; k < sizeof KNOWN / sizeof KNOWN[0]; k++)
            known |= strlen(KNOWN[k]) == name_len && !strncmp(KNOWN[k], arg, name_len);
        if (!known) {
            cli_error("solve: unknown option '%s' (see 'tsume solve --help')", arg);
            return 2;
        }
        const char *val = eq && arg[1] == '-' ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
        if (!val) {
            cli_error("solve: %s needs a value (see 'tsume solve --help')", name);
            return 2;
        }
        uint64_t n;
        if (!strcmp(name, "-f") || !strcmp(name, "--file")) {
            if (!*val) {
                cli_error("solve: %s needs a file name", name);
                return 2;
            }
            a->files[a->n_files++] = val;
        } else if (!strcmp(name, "--hash")) {
            if (!parse_uint(val, 1, SOLVE_HASH_MAX, &n)) {
                cli_error("solve: --hash must be a whole number of MiB from 1 to %d, not '%s'", SOLVE_HASH_MAX, val);
                return 2;
            }
            a->hash_mb = (size_t)n;
        } else if (!strcmp(name, "--time-limit")) {
            if (!parse_seconds(val, &a->opts.time_limit)) {
                cli_error("solve: --time-limit must be a number of seconds >= 0 (0 = none), not '%s'", val);
                return 2;
            }
        } else if (!strcmp(name, "--nodes")) {
            if (!parse_uint(val, 0, UINT64_MAX, &n)) {
                cli_error("solve: --nodes must be a whole number >= 0 (0 = none), not '%s'", val);
                return 2;
            }
            a->opts.node_limit = n;
        } else if (!strcmp(name, "--futile")) {
            if (strcmp(val, "none") && strcmp(val, "capture")) {
                cli_error("solve: --futile must be 'none' or 'capture', not '%s'", val);
                return 2;
            }
            a->opts.futile = !strcmp(val, "none") ? FUTILE_NONE : FUTILE_CAPTURE;
        } else if (!strcmp(name, "--defender-hand")) {
            if (strcmp(val, "given") && strcmp(val, "rest")) {
                cli_error("solve: --defender-hand must be 'given' or 'rest', not '%s'", val);
                return 2;
            }
            a->opts.defender_hand_rest = !strcmp(val, "rest");
        } else { /* --format */
            if (strcmp(val, "text") && strcmp(val, "json")) {
                cli_error("solve: --format must be 'text' or 'json', not '%s'", val);
                return 2;
            }
            a->json = !strcmp(val, "json");
        }
    }
    if (a->n_words && a->n_files) {
        cli_error("solve: give either a SFEN or -f FILE, not both");
        return 2;
    }
    if (!a->n_words && !a->n_files) {
        cli_error("solve: missing SFEN or -f FILE (see 'tsume solve --help')");
        return 2;
    }
    return -1;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The hand policy in force: the one asked for, or "rest" if the solver says it filled it. */
static const char *hand_name(const solve_run_t *run, const solve_result_t *r)
{
    return run->args->opts.defender_hand_rest || r->defender_hand_filled ? "rest" : "given";
}

static void print_json(const solve_run_t *run, const solve_origin_t *o, const char *sfen,
                       const solve_result_t *r, long long ms)
{
    json_obj_t j;
    json_begin(&j, stdout);
    json_int(&j, "id", o->line);
    if (o->file)
        json_str(&j, "file", o->file);
    json_str(&j, "sfen", sfen);
    json_str(&j, "status", solve_status_name(r->status));
    if (r->status == SOLVE_MATE) {
        json_int(&j, "plies", r->plies);
        json_array_begin(&j, "pv");
        for (int i = 0; i < r->plies; i++) {
            char mv[USI_MOVE_MAX];
            json_array_str(&j, usi_format(r->pv[i], mv));
        }
        json_array_end(&j);
        json_int(&j, "leftover", r->leftover);
        json_bool(&j, "exact", r->exact);
    }
    json_uint(&j, "nodes", r->nodes);
    json_int(&j, "time_ms", ms);
    json_str(&j, "defender_hand", hand_name(run, r));
    if (r->status == SOLVE_ERROR)
        json_str(&j, "error", r->error);
    json_end(&j);
}

/* Echoed input may hold anything: control characters are shown as '?' so a bad line
 * cannot garble the terminal. */
static void put_safe(const char *s)
{
    if (!*s)
        fputs("(empty)", stdout);
    for (; *s; s++)
        putchar((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s);
}

/* searched: the solver ran, so the effort line means something. */
static void print_text(const solve_run_t *run, const solve_origin_t *o, const char *sfen,
                       const solve_result_t *r, long long ms, bool searched)
{
    if (run->n_problems > 1)
        putchar('\n');
    if (o->file)
        printf("problem %s:%ld  ", o->file, o->line);
    else
        printf("problem %ld  ", o->line);
    put_safe(sfen);
    putchar('\n');
    switch (r->status) {
    case SOLVE_MATE:
        printf("  status   mate in %d %s (%s), %d %s left in hand\n", r->plies, r->plies == 1 ? "ply" : "plies",
               r->exact ? "shortest proven" : "not proven shortest", r->leftover,
               r->leftover == 1 ? "piece" : "pieces");
        for (int i = 0; i < r->plies; i++) {
            char mv[USI_MOVE_MAX];
            if (i % PV_MOVES_PER_LINE == 0)
                fputs(i ? "\n          " : "  line    ", stdout);
            printf(" %s", usi_format(r->pv[i], mv));
        }
        putchar('\n');
        break;
    case SOLVE_NOMATE:
        puts("  status   nomate (proven: no mate exists)");
        break;
    case SOLVE_UNKNOWN:
        puts("  status   unknown (a limit stopped the search)");
        break;
    case SOLVE_ERROR:
        fputs("  status   error: ", stdout);
        put_safe(r->error);
        putchar('\n');
        break;
    }
    if (searched)
        printf("  search   %llu nodes, %lld ms, defender hand %s\n", (unsigned long long)r->nodes, ms,
               hand_name(run, r));
}

/* Solves one problem given as text (the SFEN column of a line, or the joined arguments)
 * and reports it. */
static void solve_one(solve_run_t *run, const solve_origin_t *o, const char *text)
{
    solve_result_t r;
    memset(&r, 0, sizeof r);
    char sfen[SFEN_MAX], err[SFEN_ERR_MAX];
    const char *shown = text;
    bool searched = false;
    double seconds = 0;
    pos_t p;
    if (!sfen_parse_position(&p, text, SFEN_STRICT, err, sizeof err)) {
        r.status = SOLVE_ERROR;
        snprintf(r.error, sizeof r.error, "%s", err);
    } else {
        shown = sfen_format(&p, sfen);
        color_t defender = opp(p.side);
        if (p.king[defender] == SQ_NONE) {
            r.status = SOLVE_ERROR;
            snprintf(r.error, sizeof r.error, "no king for the defender (%s)", defender == WHITE ? "white" : "black");
        } else {
            double t0 = now_seconds();
            solver_solve(run->solver, &p, &run->args->opts, &r);
            seconds = now_seconds() - t0;
            searched = true;
        }
    }
    run->n_problems++;
    run->by_status[r.status]++;
    run->nodes += r.nodes;
    run->seconds += seconds;
    long long ms = (long long)(seconds * 1000.0);
    if (run->args->json)
        print_json(run, o, shown, &r, ms);
    else
        print_text(run, o, shown, &r, ms, searched);
    fflush(stdout);
    if (searched)
        solve_result_free(&r);
}

/* One problem a line; see the help text for the format. */
static void solve_file(solve_run_t *run, const char *path)
{
    bool is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "r");
    if (!f) {
        cli_error("solve: cannot open '%s': %s", path, strerror(errno));
        run->file_error = true;
        return;
    }
    solve_origin_t o = {is_stdin ? "stdin" : path, 0};
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, f) != -1) {
        o.line++;
        char *s = line;
        if (o.line == 1 && !strncmp(s, "\xEF\xBB\xBF", 3)) /* editors on some systems add a BOM */
            s += 3;
        s[strcspn(s, "\r\n")] = 0;
        size_t lead = strspn(s, " \t");
        if (s[lead] == 0 || s[lead] == '#')
            continue;
        /* The SFEN column ends at the first TAB: a line starting with a TAB has an empty
         * one, which is an error rather than a blank line, since more columns follow. */
        s[strcspn(s, "\t")] = 0;
        solve_one(run, &o, s);
    }
    if (ferror(f)) {
        cli_error("solve: error reading '%s' after line %ld", path, o.line);
        run->file_error = true;
    }
    free(line);
    if (!is_stdin)
        fclose(f);
}

/* Joins the SFEN words with spaces; the caller frees the result. */
static char *join_words(char **words, int n)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += strlen(words[i]) + 1;
    char *text = malloc(len);
    if (!text)
        return NULL;
    text[0] = 0;
    char *end = text;
    for (int i = 0; i < n; i++)
        end += sprintf(end, "%s%s", i ? " " : "", words[i]);
    return text;
}

int cmd_solve(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        usage();
        return 0;
    }
    solve_args_t a = {.hash_mb = SOLVE_HASH_DEFAULT};
    solve_opts_default(&a.opts);
    a.files = malloc(sizeof *a.files * (size_t)(argc + 1));
    a.words = malloc(sizeof *a.words * (size_t)(argc + 1));
    if (!a.files || !a.words) {
        cli_error("solve: out of memory");
        free(a.files), free(a.words);
        return 2;
    }
    int status = parse_args(argc, argv, &a);
    solve_run_t run = {.args = &a};
    if (status < 0) {
        run.solver = solver_new(a.hash_mb);
        if (!run.solver) {
            cli_error("solve: cannot allocate a %zu MiB hash table (try a smaller --hash)", a.hash_mb);
            status = 2;
        }
    }
    if (status < 0) {
        if (a.n_words) {
            char *text = join_words(a.words, a.n_words);
            if (!text) {
                cli_error("solve: out of memory");
                run.file_error = true;
            } else {
                solve_origin_t o = {NULL, 1};
                solve_one(&run, &o, text);
                free(text);
            }
        }
        for (int i = 0; i < a.n_files; i++)
            solve_file(&run, a.files[i]);
        if (a.n_files && !a.json) {
            printf("%ssummary  %d problem%s: %d mate, %d nomate, %d unknown, %d error; %llu nodes, %.0f ms\n",
                   run.n_problems ? "\n" : "", run.n_problems, run.n_problems == 1 ? "" : "s", run.by_status[SOLVE_MATE],
                   run.by_status[SOLVE_NOMATE], run.by_status[SOLVE_UNKNOWN], run.by_status[SOLVE_ERROR],
                   (unsigned long long)run.nodes, run.seconds * 1000.0);
        }
        status = run.by_status[SOLVE_ERROR] || run.file_error ? 2 : run.by_status[SOLVE_UNKNOWN] ? 1 : 0;
        solver_free(run.solver);
    }
    free(a.files);
    free(a.words);
    return status;
}
