/*
 * cmd_solve.c: `tsume solve`: solves mate problems given on the command line or read from
 * problem files (-f), on one or more worker threads, and reports each as a text block or
 * as one JSON line.
 *
 * Invariants: every problem, malformed or not, gets exactly one report, in input order
 * whatever the number of jobs (batch.h); each job has a solver, hence a table, of its
 * own, the tables together no larger than --hash, and the solver clears its table per
 * problem, so one problem's results never leak into the next; the exit status is the
 * worst outcome seen: 2 for any error (bad line, unreadable file, solver error), else 4
 * for any --expect mismatch, else 1 for any unknown, else 0.  Positions are parsed
 * strictly, and one whose defender has no king is refused here: the solver is only ever
 * given a possible mate problem.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "../solver/solver.h"
#include "batch.h"
#include "notation.h"
#include "cli.h"
#include "expect.h"
#include "interrupt.h"
#include "json.h"
#include "kiftree.h"
#include "records.h"
#include "solve_common.h"

enum { SOLVE_HASH_DEFAULT = 256 };
enum { PV_MOVES_PER_LINE = 12 };

typedef struct {
    solver_args_t s;
    int jobs;
    bool json;
    bool kif;   /* --format kif: the text report with the line in Japanese notation */
    bool sfen;  /* --format sfen: one problem-file line per problem (SFEN, answer, line) */
    bool board; /* --board: a diagram of each problem in the text report */
    bool expect;
    const char *kif_path; /* --kif: a KIF record of each answer */
    records_t *records;
    problem_input_t in;
} solve_args_t;

/* What a job leaves behind for the summary, besides its report. */
typedef struct {
    uint64_t nodes;
    expect_kind_t expect;
    expect_verdict_t verdict;
    bool interrupted; /* a signal stopped the batch before this problem's search ended
                       * (interrupt.h), and the answer is not complete: what a limit
                       * would be said to have cut, it cut */
} outcome_t;

typedef struct {
    const solve_args_t *args;
    const problem_list_t *problems;
    outcome_t *outcomes; /* one per problem */
} solve_run_t;

static void usage(void)
{
    printf("usage: tsume solve [OPTIONS] SFEN | FILE...\n"
           "       tsume solve [OPTIONS] -f FILE [-f FILE...]\n"
           "\n"
           "Solves tsume-shogi problems: the side to move attacks and must check on every move,\n"
           "the other side defends and must have a king.\n"
           "\n"
           "SFEN may be one quoted argument or several words: a bare SFEN, 'sfen SFEN',\n"
           "'position sfen SFEN [moves M...]' or 'startpos [moves M...]'.\n"
           "With -f, FILE ('-' for stdin) holds one problem a line: a SFEN, optionally\n"
           "prefixed 'sfen' or 'position sfen', optionally followed by a TAB and other\n"
           "columns.  Blank lines and lines starting with '#' are skipped.  A malformed line\n"
           "is reported as an error with its line number; the rest of the file is still\n"
           "solved.  Files are read whole before solving starts.\n"
           "A FILE in KIF or BOD (UTF-8 or Shift_JIS) or in CSA is one problem: its diagram;\n"
           "its move line, when it ends in check after an attacker's move, states the\n"
           "length (as a second column would: --expect).  The format is told from the\n"
           "content, as by 'tsume convert'.  Words that cannot begin a SFEN are read as\n"
           "FILEs when the first names a file or there are several: 'tsume solve\n"
           "problem.kif', or *.kif.\n"
           "\n"
           "options:\n"
           "  -f FILE               read problems from FILE ('-' = stdin); may be repeated\n"
           "  --jobs N              solve N problems at a time on N threads (default: the\n"
           "                        number of online cores, here %d); reports still come\n"
           "                        in input order\n"
           "  --hash MB             search memory in MiB, in total (default %d): the jobs\n"
           "                        share it, each getting MB / N (N = jobs actually run:\n"
           "                        never more than the problems, nor than MB) for its\n"
           "                        table and caches\n"
           "%s%s"
           "  --shorten-nodes N     at most N nodes (within --nodes) for proving a mate's\n"
           "                        length shortest once the mate is proven (default 0: no\n"
           "                        share of its own; without --nodes and --time-limit each\n"
           "                        of its questions gets ten times the proof's nodes, 10 M\n"
           "                        to 200 M); when they run out the answer is a mate\n"
           "                        'within' its length, not proven shortest\n"
           "  --format text|json|kif|sfen  output format (default text; kif: the text report\n"
           "                        with the line in Japanese notation, ▲５二角成 △同　銀左 ...;\n"
           "                        sfen: one problem-file line each, 'SFEN<TAB>N<TAB>line<TAB>\n"
           "                        # FILE:LINE', N 'mate<=W' when not proven shortest,\n"
           "                        'nomate', '-' when unknown; an error is a '#' line: a\n"
           "                        file that 'solve --expect -f' reads back)\n"
           "  --board               show a diagram of each problem (text and kif formats)\n"
           "  --kif FILE|DIR        also write each answer as a KIF record (diagram, line,\n"
           "                        まで…手で詰み): to FILE for one problem, or one a problem\n"
           "                        into the directory DIR, named after its file and line\n"
           "  --expect              compare each answer with the second column of its line:\n"
           "                        N (a mate in exactly N plies; 0 with --in-check defend:\n"
           "                        mated already), 'nomate', 'nomate<=N' (no mate within N\n"
           "                        plies) or 'mate<=N' (a mate within N plies); other words\n"
           "                        are ignored (a KIF/CSA line: its length), a number out\n"
           "                        of range or shape (4001, -3, 3.0) or a form written\n"
           "                        otherwise (MATE<=3) is said to be.  Needs\n"
           "                        problem files (-f FILE, or FILE... as words).\n"
           "  --help                this text\n"
           "Options may also be written --name=VALUE.\n"
           "\n"
           "Text output: one block per problem: 'problem ID  SFEN' (ID is FILE:LINE, or 1 for\n"
           "a command-line SFEN), then 'status', for a mate the 'line' in USI, 'search'\n"
           "(nodes, milliseconds, defender hand), and with --expect 'expect' (the column, then\n"
           "match, MISMATCH, or undecided when the answer does not settle it: unknown, error,\n"
           "or a length not proven that the column needs; or a column that cannot be read:\n"
           "the reason instead, and in JSON an 'expect_error' key); a mate proven\n"
           "within W plies settles mate<=N and nomate<=N for N >= W, and a length N > W).\n"
           "Input from files ends with the line\n"
           "  summary  N problems: solved N, nomate N, unknown N, errors N, time T; N nodes\n"
           "('solved' counts mates; T is wall time), followed with --expect by\n"
           "'; expect N match, N mismatch, N undecided', and by '; N files not read' when\n"
           "some could not be (each named on stderr, and in JSON first on stdout too: an\n"
           "object with id 0, sfen \"\", status \"error\" and the reason; in sfen format a '#'\n"
           "line).  In JSON mode the summary goes to stderr, so stdout holds JSON lines\n"
           "only.  When stderr is a terminal, a progress line (done/total, counts, elapsed,\n"
           "ETA, then the problem under way: its line, phase, nodes, and in the shortening\n"
           "the mate proven and the length asked) is redrawn on it while problems are\n"
           "solved.\n"
           "\n"
           "JSON output: one object per problem and line, with keys\n"
           "  id            line number in the file (1 for a command-line SFEN)\n"
           "  file          the file name ('stdin' for -f -), only for problems read from a file\n"
           "  sfen          the position as given, canonical (after any moves; with\n"
           "                defender_hand \"rest\" its hand before the filling, which\n"
           "                --format sfen and --kif show), or the input text when it\n"
           "                could not be parsed\n"
           "  status        \"mate\", \"nomate\", \"unknown\" (a limit stopped the search) or \"error\"\n"
           "  plies, pv     mate length and line (USI moves), only for a mate\n"
           "  leftover      pieces left in the attacker's hand at the end, only for a mate\n"
           "  leftover_sure whether leftover is the composers' count, only for a mate: the\n"
           "                line is certified (exact) and the look among lines as long that\n"
           "                chose its ending was not cut short (else another line as long\n"
           "                may leave another count; a second check as short at the line's\n"
           "                own plies is an alternative mate, which 'tsume verify' finds)\n"
           "  exact         whether the line is proven shortest, only for a mate\n"
           "  shortest      whether plies is proven the shortest length (true when exact;\n"
           "                can be true with exact false), only for a mate\n"
           "  within        a mate within this many plies is proven, only for a mate: plies\n"
           "                when shortest, else where the shortening stopped (plies, the\n"
           "                line's length, may then be shorter or longer)\n"
           "  uncertified   only when exact is false: \"limit\" (a node or time limit, or the\n"
           "                budget of a question of the shortening or of a refining search,\n"
           "                stopped the work), \"futility-test\" (what decided rests on a\n"
           "                delay-rule test that ran out of its budget), \"interrupt\" or\n"
           "                \"line-cut\" (below)\n"
           "  line_cut      true, only when the line stops short of the mate, at the\n"
           "                attacker's move where the walk lost it on its path (a note\n"
           "                names the ply; the mate stays proven)\n"
           "  interrupted   true, only when Ctrl-C or SIGTERM stopped the batch before this\n"
           "                problem's search ended and the answer is not complete: unknown,\n"
           "                or a mate whose line is not certified (a no-mate, or a line\n"
           "                certified with its count of pieces, is complete)\n"
           "  nodes, time_ms  search effort (0 when the solver was not called)\n"
           "  phase_nodes, phase_ms  the effort by phase, [proof, shortening, line]: the\n"
           "                proof of mate or no mate, the proof that the length is the\n"
           "                shortest, the walk that writes the line (not for an error)\n"
           "  defender_hand \"given\" or \"rest\" (not for an error)\n"
           "  attacker_check  \"check\" or \"checkmate\", only when the side to move starts\n"
           "                in check (legal: its move must answer the check and give one);\n"
           "                without a mate the text says so on a 'note' line, for it most\n"
           "                often means the SFEN names the wrong side to move\n"
           "  side_to_move  \"defends\", only when --in-check defend let the side to move,\n"
           "                in check, defend\n"
           "  error         the reason, only for an error\n"
           "  expect        the second column, only with --expect and a column of a form above\n"
           "                or one that cannot be read (then with expect_error)\n"
           "  match         true or false, only with expect and when the answer settles it\n"
           "  expect_error  why the column is no expectation: a number out of range or shape\n"
           "  kif_error     why the problem's --kif record could not be written, only then\n"
           "\n"
           "Exit status: 0 when every problem got an answer (mate or nomate), 1 when some\n"
           "are unknown, 4 when some answer contradicts --expect (before 1), 2 on any error\n"
           "(bad option, malformed problem, unreadable file; before all others); 130 when\n"
           "interrupted (Ctrl-C or SIGTERM: the searches stop as at a limit, and every report\n"
           "and the summary are still written; a second signal ends it at once).\n",
           jobs_default(), SOLVE_HASH_DEFAULT, SOLVER_OPTION_HELP, SOLVER_IN_CHECK_HELP);
}

static int take_option(void *ctx, const char *name, const char *val)
{
    solve_args_t *a = ctx;
    uint64_t n;
    if (!strcmp(name, "--expect")) {
        a->expect = true;
    } else if (!strcmp(name, "--board")) {
        a->board = true;
    } else if (!strcmp(name, "--jobs")) {
        if (!arg_uint(val, 1, JOBS_MAX, &n)) {
            cli_error("solve: --jobs must be a whole number from 1 to %d, not '%s'", JOBS_MAX, val);
            return 2;
        }
        a->jobs = (int)n;
    } else if (!strcmp(name, "--kif")) {
        a->kif_path = val;
    } else if (!strcmp(name, "--shorten-nodes")) {
        if (!arg_uint(val, 0, SOLVE_NODES_MAX, &n)) {
            cli_error("solve: --shorten-nodes must be a whole number from 0 to 10^15 (0 = no limit of its own), not "
                      "'%s'",
                      val);
            return 2;
        }
        a->s.opts.shorten_nodes = n;
    } else { /* --format */
        if (strcmp(val, "text") && strcmp(val, "json") && strcmp(val, "kif") && strcmp(val, "sfen")) {
            cli_error("solve: --format must be 'text', 'json', 'kif' or 'sfen', not '%s'", val);
            return 2;
        }
        a->json = !strcmp(val, "json");
        a->kif = !strcmp(val, "kif");
        a->sfen = !strcmp(val, "sfen");
    }
    return 0;
}

/* Reads the options and the SFEN words.  Returns -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, solve_args_t *a)
{
    static const char *const FLAGS[] = {"--expect", "--board", NULL};
    static const char *const VALUED[] = {"--jobs", "--format", "--shorten-nodes", "--kif", NULL};
    option_spec_t spec = {"solve", FLAGS, VALUED, take_option, a};
    int st = options_walk(argc, argv, &spec, &a->s, &a->in);
    if (st < 0)
        st = problem_input_check(&a->in, "solve");
    if (st >= 0)
        return st;
    if (a->expect && !problems_from_files(&a->in)) {
        cli_error("solve: --expect reads the second column of problem files; it needs -f FILE or FILE...");
        return 2;
    }
    return -1;
}

static const char *verdict_word(expect_verdict_t v)
{
    return v == EXPECT_MATCH ? "match" : v == EXPECT_MISMATCH ? "MISMATCH" : "undecided";
}

static void print_json(FILE *out, const solve_args_t *a, const problem_t *pb, const char *sfen,
                       const solve_result_t *r, long long ms, const outcome_t *oc, const char *kif_error)
{
    json_obj_t j;
    problem_json_begin(&j, out, pb, sfen);
    json_str(&j, "status", solve_status_name(r->status));
    if (r->status == SOLVE_MATE) {
        json_int(&j, "plies", r->plies);
        json_moves(&j, "pv", r->pv, r->plies);
        json_int(&j, "leftover", r->leftover);
        json_bool(&j, "leftover_sure", r->leftover_sure);
        json_bool(&j, "exact", r->exact);
        json_bool(&j, "shortest", r->shortest);
        json_int(&j, "within", r->within);
        if (!r->exact) /* what stopped the certification, as the text says it */
            json_str(&j, "uncertified", r->line_cut                                          ? "line-cut"
                                        : (r->shortest ? r->line_unsure : r->futile_unsure) ? "futility-test"
                                        : oc->interrupted                                 ? "interrupt"
                                                                                          : "limit");
    }
    if (oc->interrupted)
        json_bool(&j, "interrupted", true);
    json_uint(&j, "nodes", r->nodes);
    json_int(&j, "time_ms", ms);
    if (r->status != SOLVE_ERROR) {
        json_array_begin(&j, "phase_nodes");
        for (int i = 0; i < SOLVE_PHASES; i++)
            json_array_uint(&j, r->phase_nodes[i]);
        json_array_end(&j);
        json_array_begin(&j, "phase_ms");
        for (int i = 0; i < SOLVE_PHASES; i++)
            json_array_uint(&j, (uint64_t)(r->phase_seconds[i] * 1000.0)); /* as time_ms */
        json_array_end(&j);
    }
    if (r->status != SOLVE_ERROR) /* as check's and verify's: no hand was used */
        json_str(&j, "defender_hand", defender_hand_name(a->s.opts.defender_hand_rest, r));
    root_json(&j, r);
    if (r->status == SOLVE_ERROR)
        json_str(&j, "error", r->error);
    if (oc->expect != EXPECT_NONE) {
        json_str(&j, "expect", pb->expect);
        if (oc->verdict != EXPECT_UNDECIDED)
            json_bool(&j, "match", oc->verdict == EXPECT_MATCH);
        if (oc->expect == EXPECT_BAD)
            json_str(&j, "expect_error", expect_bad_reason);
    }
    if (*kif_error)
        json_str(&j, "kif_error", kif_error);
    json_end(&j);
}

/* One line of a problem file (the format of problems/): the position solved, the answer as
 * --expect reads it (N when proven shortest, else mate<=W; nomate; '-' when unknown), the
 * line or '-', and a comment naming the input (with a side to move that defends, and the
 * --expect verdict); an error is a comment line. */
static void print_sfen(FILE *out, const problem_t *pb, const char *sfen, const solve_result_t *r, const outcome_t *oc)
{
    if (r->status == SOLVE_ERROR)
        fputs("# ", out);
    put_safe(out, sfen);
    switch (r->status) {
    case SOLVE_MATE:
        if (r->shortest)
            fprintf(out, "\t%d\t", r->plies);
        else
            fprintf(out, "\tmate<=%d\t", r->within);
        if (!r->plies) /* mated already (--in-check defend): no move, as the help says */
            fputc('-', out);
        for (int i = 0; i < r->plies; i++) {
            char mv[USI_MOVE_MAX];
            fprintf(out, "%s%s", i ? " " : "", usi_format(r->pv[i], mv));
        }
        break;
    case SOLVE_NOMATE: fputs("\tnomate\t-", out); break;
    case SOLVE_UNKNOWN: fputs("\t-\t-", out); break;
    case SOLVE_ERROR: break;
    }
    fputs(r->status == SOLVE_ERROR ? "\t" : "\t# ", out);
    if (pb->file) {
        put_safe(out, pb->file);
        fprintf(out, ":%ld", pb->line);
    } else {
        fputs("argument", out);
    }
    if (r->root_defends) /* the file cannot say it otherwise: solved again, it needs the option */
        fputs(", the side to move defends (--in-check defend)", out);
    if (r->status == SOLVE_MATE && !r->shortest)
        fputs(", length not proven shortest", out);
    else if (r->status == SOLVE_UNKNOWN)
        fputs(oc->interrupted ? ", unknown: interrupted" : ", unknown: a limit stopped the search", out);
    else if (r->status == SOLVE_ERROR) {
        fputs(": error: ", out);
        put_safe(out, r->error);
    }
    if (oc->expect != EXPECT_NONE) {
        fputs(", expected ", out);
        put_safe(out, pb->expect);
        fprintf(out, ": %s", oc->expect == EXPECT_BAD ? expect_bad_reason : verdict_word(oc->verdict));
    }
    putc('\n', out);
}

/* searched: the solver ran, so the effort line means something. */
static void print_text(FILE *out, const solve_args_t *a, const problem_t *pb, const char *sfen, const pos_t *root,
                       const solve_result_t *r, long long ms, bool searched, const outcome_t *oc)
{
    problem_text_head(out, pb, sfen);
    if (a->board && root)
        notation_board(out, root);
    switch (r->status) {
    case SOLVE_MATE:
        if (r->exact)
            fprintf(out, "  status   mate in %d %s (shortest proven), %d %s left in hand%s\n", r->plies,
                    cli_plies(r->plies), r->leftover, r->leftover == 1 ? "piece" : "pieces",
                    r->leftover_sure ? "" : " (not certain: the look among lines as long was cut short)");
        else if (r->shortest) /* the length is proven, some choice along the line is not */
            fprintf(out, "  status   mate in %d %s (shortest proven; line not certified: %s)\n", r->plies,
                    cli_plies(r->plies),
                    r->line_unsure    ? "a futility test ran out of its budget"
                    : oc->interrupted ? "interrupted"
                                      : "a limit stopped the refinement");
        else if (r->line_cut) /* the walk lost its way: the note below says where */
            fprintf(out,
                    "  status   mate within %d plies proven, line of %d %s (not certified: it stops short of the "
                    "mate)\n",
                    r->within, r->plies, cli_plies(r->plies));
        else if (r->shorten_budget) /* no limit of the user's: name the budget and the way past it */
            fprintf(out,
                    "  status   mate within %d plies proven, line of %d %s (not certified: the question for %d plies "
                    "ran out of its %llu nodes, a question's budget without a limit; --shorten-nodes N gives more)\n",
                    r->within, r->plies, cli_plies(r->plies), r->within - 2,
                    (unsigned long long)r->shorten_budget);
        else /* a forced mate whose length is uncertified: some interposition was counted
              * as defence on a stopped test, or a limit stopped the shortening */
            fprintf(out, "  status   mate within %d plies proven, line of %d %s (not certified: %s)\n", r->within,
                    r->plies, cli_plies(r->plies),
                    r->futile_unsure  ? "a futility test ran out of its budget"
                    : oc->interrupted ? "interrupted"
                                      : "a limit stopped the shortening");
        if (r->plies == 0) {
            fputs(r->line_cut ? "  line     (none)\n" : "  line     (none: the side to move has no reply that counts)\n",
                  out);
            break;
        }
        if (a->kif && root) {
            fputs("  line     ", out);
            notation_kif_line(out, root, r->pv, r->plies); /* ends the line itself */
            break;
        }
        for (int i = 0; i < r->plies; i++) {
            char mv[USI_MOVE_MAX];
            if (i % PV_MOVES_PER_LINE == 0)
                fputs(i ? "\n          " : "  line    ", out);
            fprintf(out, " %s", usi_format(r->pv[i], mv));
        }
        putc('\n', out);
        break;
    case SOLVE_NOMATE:
        fputs("  status   nomate (proven: no mate exists)\n", out);
        break;
    case SOLVE_UNKNOWN:
        fputs(oc->interrupted ? "  status   unknown (interrupted: the search was stopped)\n"
                              : "  status   unknown (a limit stopped the search)\n",
              out);
        break;
    case SOLVE_ERROR:
        fputs("  status   error: ", out);
        put_safe(out, r->error);
        putc('\n', out);
        break;
    }
    root_note(out, r);
    if (searched)
        fprintf(out, "  search   %llu nodes, %lld ms, defender hand %s\n", (unsigned long long)r->nodes, ms,
                defender_hand_name(a->s.opts.defender_hand_rest, r));
    if (oc->expect != EXPECT_NONE) {
        fputs("  expect   ", out);
        put_safe(out, pb->expect);
        fprintf(out, ": %s\n", oc->expect == EXPECT_BAD ? expect_bad_reason : verdict_word(oc->verdict));
    }
}

typedef struct {
    const pos_t *root;
    const solve_result_t *r;
} record_t;

/* --kif: the problem and its line as a KIF record, the answer in 備考. */
static bool write_record(FILE *f, void *ctx)
{
    const record_t *rec = ctx;
    const solve_result_t *r = rec->r;
    bool mate = r->status == SOLVE_MATE;
    /* a line cut short of the mate (line_cut) ends where it stops, not in 詰み */
    kif_tree_t *t = kif_tree_new(rec->root, r->pv, mate ? r->plies : 0, mate && !r->line_cut);
    if (!t)
        return false;
    char answer[160];
    if (mate && r->shortest)
        snprintf(answer, sizeof answer, "備考：tsume solve: mate in %d %s (shortest proven%s), %d left in hand%s",
                 r->plies, cli_plies(r->plies), r->exact ? "" : "; line not certified", r->leftover,
                 r->exact && !r->leftover_sure ? " (not certain)" : "");
    else if (mate)
        snprintf(answer, sizeof answer, "備考：tsume solve: mate within %d plies proven, line of %d (not certified)",
                 r->within, r->plies);
    else
        snprintf(answer, sizeof answer, "備考：tsume solve: %s", solve_status_name(r->status));
    const char *header[] = {answer};
    bool ok = kif_tree_write(f, t, header, 1);
    kif_tree_free(t);
    return ok;
}

/* A batch job: solves problem i with its worker's solver and writes its report to out. */
static solve_status_t solve_job(void *ctx, solver_t *solver, size_t i, FILE *out)
{
    solve_run_t *run = ctx;
    const solve_args_t *a = run->args;
    const problem_t *pb = &run->problems->items[i];
    outcome_t *oc = &run->outcomes[i];
    solve_result_t r;
    memset(&r, 0, sizeof r);
    char sfen[SFEN_MAX], err[SFEN_ERR_MAX];
    char shown_buf[PROBLEM_SHOWN_MAX];
    const char *shown = problem_shown(pb, shown_buf);
    bool searched = false;
    double seconds = 0;
    pos_t p;
    bool parsed = problem_position(pb, &p, err, sizeof err);
    if (!parsed) {
        r.status = SOLVE_ERROR;
        snprintf(r.error, sizeof r.error, "%s", err);
    } else {
        shown = sfen_format(&p, sfen);
        color_t attacker = solver_attacker(&p, &a->s.opts), defender = opp(attacker);
        if (p.king[defender] == SQ_NONE) {
            r.status = SOLVE_ERROR;
            defender_king_error(r.error, sizeof r.error, &p, defender, "");
        } else {
            if (a->s.opts.defender_hand_rest) /* the KIF line is replayed from this position */
                solver_fill_defender_hand(&p, attacker);
            double t0 = wall_seconds();
            solver_solve(solver, &p, &a->s.opts, &r);
            seconds = wall_seconds() - t0;
            searched = true;
            /* a complete answer (a no-mate, a certified line) is none the stop cut short,
             * though the signal came before the search ended */
            bool complete = r.status == SOLVE_NOMATE || (r.status == SOLVE_MATE && r.exact && r.leftover_sure);
            oc->interrupted = cli_interrupted() && !complete;
        }
    }
    oc->nodes = r.nodes;
    oc->expect = EXPECT_NONE;
    if (a->expect) {
        expect_t e = expect_parse(pb->expect);
        oc->expect = e.kind;
        if (e.kind != EXPECT_NONE)
            oc->verdict = expect_judge(&e, &r);
    }
    long long ms = (long long)(seconds * 1000.0);
    /* the record first, so that the JSON object says when it could not be written */
    char kif_error[RECORDS_ERR_MAX] = "";
    if (searched && r.status != SOLVE_ERROR)
        records_write(a->records, pb, write_record, &(record_t){&p, &r}, kif_error, sizeof kif_error);
    if (a->sfen)
        print_sfen(out, pb, searched ? sfen_format(&p, sfen) : shown, &r, oc); /* the hand as solved */
    else if (a->json)
        print_json(out, a, pb, shown, &r, ms, oc, kif_error);
    else
        print_text(out, a, pb, shown, parsed ? &p : NULL, &r, ms, searched, oc);
    if (searched)
        solve_result_free(&r);
    return r.status;
}

/* Solves the problems read; returns the exit status. */
static int solve_all(const solve_args_t *a, const problem_list_t *problems, size_t unread)
{
    outcome_t *outcomes = calloc(problems->n ? problems->n : 1, sizeof *outcomes);
    if (!outcomes) {
        cli_error("solve: out of memory");
        return 2;
    }
    solve_run_t run = {a, problems, outcomes};
    problem_batch_t pb = {"solve", (size_t)a->jobs, a->s.hash_mb, a->json || a->sfen, isatty(STDERR_FILENO),
                          solve_job, &run, a->s.threads, NULL};
    batch_totals_t t = {0};
    int status = 2;
    if (a->json || a->sfen)
        problems_print_unread(stdout, problems, a->sfen, (const char *const[]){"status"}, 1);
    if (problems_run(&pb, problems, &t)) {
        uint64_t nodes = 0;
        size_t verdicts[3] = {0}; /* undecided, mismatch, match: verdict + 1 */
        for (size_t i = 0; i < problems->n; i++) {
            nodes += outcomes[i].nodes;
            if (outcomes[i].expect != EXPECT_NONE)
                verdicts[outcomes[i].verdict + 1]++;
        }
        if (problems_from_files(&a->in)) {
            FILE *f = a->json || a->sfen ? stderr : stdout;
            fprintf(f,
                    "%ssummary  %zu problem%s: solved %zu, nomate %zu, unknown %zu, errors %zu, time %.2f s; "
                    "%llu nodes",
                    a->json || a->sfen || !problems->n ? "" : "\n", problems->n, problems->n == 1 ? "" : "s",
                    t.by_status[SOLVE_MATE], t.by_status[SOLVE_NOMATE], t.by_status[SOLVE_UNKNOWN],
                    t.by_status[SOLVE_ERROR], t.seconds, (unsigned long long)nodes);
            if (a->expect)
                fprintf(f, "; expect %zu match, %zu mismatch, %zu undecided", verdicts[2], verdicts[1], verdicts[0]);
            problems_summary_unread(f, unread);
            fputc('\n', f);
        }
        status = t.by_status[SOLVE_ERROR] || unread ? 2
                 : verdicts[1]                      ? 4
                 : t.by_status[SOLVE_UNKNOWN]       ? 1
                                                    : 0;
        if (t.interrupted)
            status = 130; /* as a shell reports a command ended by Ctrl-C */
    }
    free(outcomes);
    return status;
}

int cmd_solve(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        usage();
        return 0;
    }
    solve_args_t a = {.s.hash_mb = SOLVE_HASH_DEFAULT, .jobs = jobs_default()};
    solve_opts_default(&a.s.opts);
    int status = parse_args(argc, argv, &a);
    if (status < 0) {
        problem_list_t problems = {0};
        records_t records;
        size_t unread = problems_gather(&problems, &a.in, "solve");
        if (!records_open(&records, a.kif_path, &problems, "solve")) {
            status = 2;
        } else {
            a.records = &records;
            status = solve_all(&a, &problems, unread);
            if (!records_close(&records) && status != 130) /* an interrupt's 130 says more */
                status = 2;
        }
        problem_list_free(&problems);
    }
    problem_input_free(&a.in);
    return status;
}
