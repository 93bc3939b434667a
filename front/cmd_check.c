/*
 * cmd_check.c: `tsume check --plies N`: is there a mate within N plies (or, with --exact,
 * is the shortest mate exactly N plies)?  The question goes to the solver as a length
 * bound (solve_opts_t.max_plies), so a short question costs a short search, never a full
 * proof of the position.  With --first a "yes" comes with the first mate proven, skipping
 * the search for the shortest mate within N (solve_opts_t.no_shortening).
 *
 * Invariants: every position gets one answer line, in input order: "yes", "no",
 * "unknown" (a limit stopped the search) or "error"; "no" is always proven.  With
 * --format json the line is one JSON object holding the same answer.  The exit
 * status is the worst answer: 2 for any error, else 3 for any unknown, else 1 for any
 * no, else 0.  Positions run as a batch, as in solve (solve_common.h): --jobs at a time,
 * answers in input order, a progress line on a terminal, and for positions read from
 * files a summary line of the counts (on stderr with JSON, as solve's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "../solver/solver.h"
#include "cli.h"
#include "interrupt.h"
#include "json.h"
#include "solve_common.h"

enum { CHECK_HASH_DEFAULT = 16 };

typedef enum { ANSWER_YES, ANSWER_NO, ANSWER_UNKNOWN, ANSWER_ERROR } answer_t;

/* What a solve says about the question: the answer and the reason behind it. */
typedef enum {
    SAY_MATE_UNCERTIFIED, /* yes: a mate within N, its line not certified */
    SAY_MATE,             /* yes: the shortest mate, L <= N */
    SAY_SHORTER,          /* --exact, no: the shortest mate is shorter than N */
    SAY_EXACT,            /* --exact, yes: the shortest mate is N */
    SAY_LENGTH_UNPROVEN,  /* --exact, unknown: a mate within N, its length unproven */
    SAY_NOMATE,           /* no: no mate within N */
    SAY_LIMIT,            /* unknown: a limit stopped the search */
    SAY_ERROR,
} saying_t;

static const answer_t SAYING_ANSWER[] = {
    [SAY_MATE_UNCERTIFIED] = ANSWER_YES, [SAY_MATE] = ANSWER_YES,          [SAY_SHORTER] = ANSWER_NO,
    [SAY_EXACT] = ANSWER_YES,            [SAY_LENGTH_UNPROVEN] = ANSWER_UNKNOWN, [SAY_NOMATE] = ANSWER_NO,
    [SAY_LIMIT] = ANSWER_UNKNOWN,        [SAY_ERROR] = ANSWER_ERROR,
};
static const char *const ANSWER_NAME[] = {"yes", "no", "unknown", "error"};

typedef struct {
    solver_args_t s;
    int plies;        /* -1 until given */
    bool exact;
    bool first; /* --first: yes at the first mate proven, its line the proof's */
    bool json; /* --format json */
    int jobs;
    problem_input_t in;
} check_args_t;

static void usage(void)
{
    printf("usage: tsume check --plies N [OPTIONS] SFEN | FILE...\n"
           "       tsume check --plies N [OPTIONS] -f FILE [-f FILE...]\n"
           "\n"
           "Answers whether the side to move mates within N plies (N counts both sides' moves:\n"
           "a mate in 3 is attacker, defender, attacker), under the same rules as 'tsume solve':\n"
           "every attacker move checks, lengths follow --futile.  The search is bounded by N, so\n"
           "a small N is answered quickly even in a position whose full solution is long.\n"
           "\n"
           "SFEN and FILE are as for 'tsume solve' (FILE: one position a line, first column,\n"
           "or one KIF or CSA diagram).\n"
           "\n"
           "options:\n"
           "  --plies N             the bound, from 1 to %d (required; 0 too with --in-check\n"
           "                        defend: is the side to move mated as it stands?)\n"
           "  --exact               ask instead whether the shortest mate is exactly N plies\n"
           "  --first               answer yes as soon as a mate within N is proven, with the\n"
           "                        proof's line, not shortened (not certified): no search\n"
           "                        for the shortest mate within N, often most of the cost\n"
           "  -f FILE               read positions from FILE ('-' = stdin); may be repeated\n"
           "  --format text|json    output format (default text; json: one object a line)\n"
           "  --jobs N              check N positions at a time on N threads (default: the\n"
           "                        number of online cores, here %d); answers still come in\n"
           "                        input order\n"
           "  --hash MB             search memory in MiB (table and caches), in total\n"
           "                        (default %d; raise it for long bounds): the jobs share it\n"
           "%s%s"
           "  --help                this text\n"
           "Options may also be written --name=VALUE.\n"
           "\n"
           "Output: one line per position, prefixed 'FILE:LINE  ' for positions read from a file:\n"
           "  yes  mate in L plies: MOVES           the shortest mate (L <= N), with its line\n"
           "  yes  mate within N plies (proven), shown by a line of L (not certified): MOVES\n"
           "                                        a limit (or --first) stopped the\n"
           "                                        shortening\n"
           "  no  no mate within N plies            proven\n"
           "  unknown  a limit stopped the search\n"
           "  unknown  a futility test ran out of its budget\n"
           "                                        the answer rests on whether an\n"
           "                                        interposition is futile (--delay-nodes)\n"
           "  error  REASON\n"
           "Positions read from files end with the line\n"
           "  summary  N positions: yes N, no N, unknown N, errors N, time T s; N nodes\n"
           "(T is wall time), followed by '; N files not read' when some could not be (each\n"
           "named on stderr, and with --format json first on stdout too: an object with id 0,\n"
           "sfen \"\", answer and status \"error\" and the reason); with --format json it goes\n"
           "to stderr, so stdout holds JSON lines only.\n"
           "With --exact: 'yes  shortest mate is N plies: MOVES', 'no  shortest mate is L\n"
           "plies, not N: MOVES', 'no  no mate within N plies', or 'unknown' when a limit (or a\n"
           "futility test) left the length unproven.  A line that is 'not certified' is a\n"
           "forced mate, but the defender may last longer than it does there (or the\n"
           "attacker mate faster).\n"
           "With --format json each line is {\"id\", \"file\", \"sfen\", \"question\": \"within\"|\"exact\",\n"
           "\"bound\": N, \"answer\": \"yes\"|\"no\"|\"unknown\"|\"error\", \"status\": the bounded\n"
           "solve's (\"mate\"|\"nomate\"|\"unknown\"|\"error\"; \"nomate\" is no mate within N plies,\n"
           "not that none exists), \"plies\", \"pv\", \"shortest\" (L proven shortest), \"exact\"\n"
           "(the line certified), \"uncertified\": \"limit\"|\"futility-test\"|\"interrupt\" (why\n"
           "the answer is unknown), \"interrupted\": true, \"nodes\", \"time_ms\", \"defender_hand\",\n"
           "\"attacker_check\", \"side_to_move\", \"line_cut\" (as for 'tsume solve'), \"error\"}\n"
           "(\"file\" only from a file; \"plies\" to \"exact\" only for a mate; \"uncertified\"\n"
           "only for unknown; \"interrupted\" only when Ctrl-C or SIGTERM stopped the batch\n"
           "before the position's search ended and the answer is unknown or a line not\n"
           "certified; \"line_cut\" only for a mate whose line stops short of it;\n"
           "\"defender_hand\" not for an error, \"error\" only for one).\n"
           "\n"
           "When stderr is a terminal, a progress line (done/total, counts, elapsed, ETA, then\n"
           "the position under way: its line, phase and nodes) is redrawn on it meanwhile.\n"
           "\n"
           "Exit status: 0 yes (for every position), 1 no (for some), 3 unknown (for some; before\n"
           "1), 2 on any error (bad option, malformed position, unreadable file; before all);\n"
           "130 when interrupted (Ctrl-C or SIGTERM, as for solve).\n",
           SOLVER_MAX_PLY, jobs_default(), CHECK_HASH_DEFAULT, SOLVER_OPTION_HELP, SOLVER_IN_CHECK_HELP);
}

static int take_option(void *ctx, const char *name, const char *val)
{
    check_args_t *a = ctx;
    uint64_t n;
    if (!strcmp(name, "--exact")) {
        a->exact = true;
    } else if (!strcmp(name, "--first")) {
        a->first = true;
    } else if (!strcmp(name, "--format")) {
        if (strcmp(val, "text") && strcmp(val, "json")) {
            cli_error("check: --format must be 'text' or 'json', not '%s'", val);
            return 2;
        }
        a->json = !strcmp(val, "json");
    } else if (!strcmp(name, "--jobs")) {
        if (!arg_uint(val, 1, JOBS_MAX, &n)) {
            cli_error("check: --jobs must be a whole number from 1 to %d, not '%s'", JOBS_MAX, val);
            return 2;
        }
        a->jobs = (int)n;
    } else if (!strcmp(name, "--plies")) {
        if (!arg_uint(val, 0, SOLVER_MAX_PLY, &n)) {
            cli_error("check: --plies must be a whole number from 1 to %d, not '%s'", SOLVER_MAX_PLY, val);
            return 2;
        }
        a->plies = (int)n;
    }
    return 0;
}

/* Reads the options and the SFEN words.  Returns -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, check_args_t *a)
{
    static const char *const FLAGS[] = {"--exact", "--first", NULL}, *const VALUED[] = {"--plies", "--format", "--jobs", NULL};
    option_spec_t spec = {"check", FLAGS, VALUED, take_option, a};
    int st = options_walk(argc, argv, &spec, &a->s, &a->in);
    if (st >= 0)
        return st;
    if (a->plies < 0) {
        cli_error("check: missing --plies N (see 'tsume check --help')");
        return 2;
    }
    /* A mate in 0 is the defender's alone: mated as it stands (--in-check defend). */
    if (a->plies == 0 && !a->s.opts.in_check_defends) {
        cli_error("check: --plies must be a whole number from 1 to %d, not '0' (0 only with --in-check defend: "
                  "is the side to move mated as it stands?)",
                  SOLVER_MAX_PLY);
        return 2;
    }
    if (a->first && a->exact) {
        cli_error("check: --first and --exact do not go together (--exact needs the shortest length)");
        return 2;
    }
    return problem_input_check(&a->in, "check");
}

static void print_moves(FILE *out, const solve_result_t *r)
{
    if (r->plies == 0 && !r->line_cut) { /* --in-check defend: the side to move is mated as it stands */
        fputs(" (the side to move has no reply that counts)\n", out);
        return;
    }
    fputc(':', out);
    for (int i = 0; i < r->plies; i++) {
        char mv[USI_MOVE_MAX];
        fprintf(out, " %s", usi_format(r->pv[i], mv));
    }
    /* solver.h: line_cut; the walk lost the mate on its path, which stays proven */
    fputs(r->line_cut ? " (the line stops here, short of the mate)\n" : "\n", out);
}

/* What the solve r (bounded by a->plies) says about the question. */
static saying_t classify(const check_args_t *a, const solve_result_t *r)
{
    int n = a->plies;
    switch (r->status) {
    case SOLVE_MATE:
        /* A mate within n is proven.  The line has r->plies moves; only when exact is it
         * certified (shortest attack, longest defence): otherwise the defender may hold
         * out longer than it does in the line, or the line may run past n. */
        if (!a->exact)
            return r->exact ? SAY_MATE : SAY_MATE_UNCERTIFIED;
        if (r->plies < n && r->shortest)
            return SAY_SHORTER;
        if (r->plies == n && r->shortest)
            return SAY_EXACT;
        return SAY_LENGTH_UNPROVEN;
    case SOLVE_NOMATE:
        return SAY_NOMATE;
    case SOLVE_UNKNOWN:
        return SAY_LIMIT;
    case SOLVE_ERROR:
        break;
    }
    return SAY_ERROR;
}

static void print_text(FILE *out, const check_args_t *a, const problem_t *pb, saying_t say,
                       const solve_result_t *r, const char *error, bool cut)
{
    int n = a->plies;
    if (pb->file) { /* echoed input, as solve and verify show it: no control bytes */
        put_safe(out, pb->file);
        fprintf(out, ":%ld  ", pb->line);
    }
    switch (say) {
    case SAY_MATE_UNCERTIFIED:
        fprintf(out, "yes  mate within %d %s (proven), shown by a line of %d (not certified)", n, cli_plies(n),
                r->plies);
        print_moves(out, r);
        return;
    case SAY_MATE:
        fprintf(out, "yes  mate in %d %s", r->plies, cli_plies(r->plies));
        print_moves(out, r);
        return;
    case SAY_SHORTER:
        fprintf(out, "no  shortest mate is %d %s, not %d", r->plies, cli_plies(r->plies), n);
        print_moves(out, r);
        return;
    case SAY_EXACT:
        fprintf(out, "yes  shortest mate is %d %s", n, cli_plies(n));
        print_moves(out, r);
        return;
    case SAY_LENGTH_UNPROVEN:
        fprintf(out, "unknown  mate within %d %s, but %s left its shortest length unproven\n", n, cli_plies(n),
                r->futile_unsure ? "a futility test that ran out of its budget"
                : cut            ? "the interrupt"
                                 : "a limit");
        return;
    case SAY_NOMATE:
        fprintf(out, "no  no mate within %d %s\n", n, cli_plies(n));
        return;
    case SAY_LIMIT:
        fputs(r && r->futile_unsure ? "unknown  a futility test ran out of its budget\n"
              : cut                 ? "unknown  interrupted: the search was stopped\n"
                                    : "unknown  a limit stopped the search\n",
              out);
        return;
    case SAY_ERROR:
        break;
    }
    fputs("error  ", out);
    put_safe(out, error);
    fputc('\n', out);
}

/* r is NULL when the position was refused before any search; sfen is the position as
 * solve and verify write it (normalized), or the input text when it did not parse. */
static void print_json(FILE *out, const check_args_t *a, const problem_t *pb, const char *sfen, saying_t say,
                       const solve_result_t *r, const char *error, bool cut)
{
    json_obj_t j;
    problem_json_begin(&j, out, pb, sfen);
    json_str(&j, "question", a->exact ? "exact" : "within");
    json_int(&j, "bound", a->plies);
    json_str(&j, "answer", ANSWER_NAME[SAYING_ANSWER[say]]);
    json_str(&j, "status", solve_status_name(r ? r->status : SOLVE_ERROR));
    if (r && r->status == SOLVE_MATE) {
        json_int(&j, "plies", r->plies);
        json_moves(&j, "pv", r->pv, r->plies);
        json_bool(&j, "shortest", r->shortest);
        json_bool(&j, "exact", r->exact);
    }
    if (SAYING_ANSWER[say] == ANSWER_UNKNOWN)
        json_str(&j, "uncertified", r && r->futile_unsure ? "futility-test" : cut ? "interrupt" : "limit");
    if (cut)
        json_bool(&j, "interrupted", true);
    json_uint(&j, "nodes", r ? r->nodes : 0);
    json_int(&j, "time_ms", r ? (long long)(r->seconds * 1000 + 0.5) : 0);
    if (r && r->status != SOLVE_ERROR) /* as solve's and verify's objects say it */
        json_str(&j, "defender_hand", defender_hand_name(a->s.opts.defender_hand_rest, r));
    if (r)
        root_json(&j, r);
    if (say == SAY_ERROR)
        json_str(&j, "error", error);
    json_end(&j);
}

/* The batch's state: each job writes only its own answer (batch.h). */
typedef struct {
    const check_args_t *args;
    const problem_list_t *problems;
    answer_t *answers;
    uint64_t *nodes; /* each position's search nodes, for the summary */
} check_run_t;

/* cut: a signal stopped the batch before this position's search ended (interrupt.h). */
static answer_t say(FILE *out, const check_args_t *a, const problem_t *pb, const char *sfen, saying_t saying,
                    const solve_result_t *r, const char *error, bool cut)
{
    if (a->json)
        print_json(out, a, pb, sfen, saying, r, error, cut);
    else
        print_text(out, a, pb, saying, r, error, cut);
    return SAYING_ANSWER[saying];
}

/* A batch job: checks position i with its worker's solver and writes its answer to out. */
static solve_status_t check_job(void *ctx, solver_t *solver, size_t i, FILE *out)
{
    check_run_t *run = ctx;
    const check_args_t *a = run->args;
    const problem_t *pb = &run->problems->items[i];
    char err[SFEN_ERR_MAX], sfen[SFEN_MAX];
    pos_t p;
    if (!problem_position(pb, &p, err, sizeof err)) {
        char shown_buf[PROBLEM_SHOWN_MAX];
        run->answers[i] = say(out, a, pb, problem_shown(pb, shown_buf), SAY_ERROR, NULL, err, false);
        return SOLVE_ERROR;
    }
    const char *shown = sfen_format(&p, sfen);
    color_t defender = opp(solver_attacker(&p, &a->s.opts));
    if (p.king[defender] == SQ_NONE) {
        defender_king_error(err, sizeof err, &p, defender, "");
        run->answers[i] = say(out, a, pb, shown, SAY_ERROR, NULL, err, false);
        return SOLVE_ERROR;
    }
    solve_opts_t o = a->s.opts;
    o.max_plies = a->plies ? a->plies : 1; /* the defender's lengths are even: within 1 is 0 (0: no bound) */
    o.no_shortening = a->first;
    solve_result_t r;
    bool cut = false;
    if (a->plies == 0 && solver_attacker(&p, &o) == p.side) {
        /* a side to move not in check attacks, and no attack mates in 0 plies (the
         * solver's bound of 1 would allow a mate in one) */
        memset(&r, 0, sizeof r);
        r.status = SOLVE_NOMATE;
    } else {
        solver_solve(solver, &p, &o, &r);
        cut = cli_interrupted();
    }
    saying_t saying = classify(a, &r);
    /* an answer the stop cut nothing from is not marked (a certified yes, a no) */
    cut = cut && (SAYING_ANSWER[saying] == ANSWER_UNKNOWN || (saying == SAY_MATE_UNCERTIFIED && !a->first));
    run->answers[i] = say(out, a, pb, shown, saying, &r, r.error, cut);
    run->nodes[i] = r.nodes;
    solve_result_free(&r);
    /* the progress line counts answers, as the summary does: yes, no, unknown, error */
    static const solve_status_t AS_STATUS[] = {SOLVE_MATE, SOLVE_NOMATE, SOLVE_UNKNOWN, SOLVE_ERROR};
    return AS_STATUS[run->answers[i]];
}

/* Checks the positions read (unread: the inputs that could not be); returns the exit
 * status.  Positions read from files end with a summary of the answers, on stdout after
 * the text's lines, on stderr after JSON's, as solve's. */
static int check_all(const check_args_t *a, const problem_list_t *problems, size_t unread)
{
    size_t n = problems->n ? problems->n : 1;
    answer_t *answers = calloc(n, sizeof *answers);
    uint64_t *nodes = calloc(n, sizeof *nodes);
    if (!answers || !nodes) {
        free(answers), free(nodes);
        cli_error("check: out of memory");
        return 2;
    }
    check_run_t run = {a, problems, answers, nodes};
    problem_batch_t pb = {"check", (size_t)a->jobs, a->s.hash_mb, true, isatty(STDERR_FILENO), check_job, &run,
                          a->s.threads, (const char *const[]){"yes", "no", "unknown", "errors"}};
    batch_totals_t t = {0};
    size_t count[ANSWER_ERROR + 1] = {0};
    bool input_error = unread > 0;
    if (a->json)
        problems_print_unread(stdout, problems, false, (const char *const[]){"answer", "status"}, 2);
    if (problems_run(&pb, problems, &t)) {
        uint64_t total = 0;
        for (size_t i = 0; i < problems->n; i++)
            count[answers[i]]++, total += nodes[i];
        if (problems_from_files(&a->in)) {
            FILE *f = a->json ? stderr : stdout;
            fprintf(f, "summary  %zu position%s: yes %zu, no %zu, unknown %zu, errors %zu, time %.2f s; %llu nodes",
                    problems->n, problems->n == 1 ? "" : "s", count[ANSWER_YES], count[ANSWER_NO],
                    count[ANSWER_UNKNOWN], count[ANSWER_ERROR], t.seconds, (unsigned long long)total);
            problems_summary_unread(f, unread);
            fputc('\n', f);
        }
    } else {
        input_error = true;
    }
    free(answers);
    free(nodes);
    if (t.interrupted)
        return 130; /* as a shell reports a command ended by Ctrl-C */
    return count[ANSWER_ERROR] || input_error ? 2 : count[ANSWER_UNKNOWN] ? 3 : count[ANSWER_NO] ? 1 : 0;
}

int cmd_check(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        usage();
        return 0;
    }
    check_args_t a = {.s.hash_mb = CHECK_HASH_DEFAULT, .plies = -1, .jobs = jobs_default()};
    solve_opts_default(&a.s.opts);
    int status = parse_args(argc, argv, &a);
    if (status < 0) {
        problem_list_t problems = {0};
        status = check_all(&a, &problems, problems_gather(&problems, &a.in, "check"));
        problem_list_free(&problems);
    }
    problem_input_free(&a.in);
    return status;
}
