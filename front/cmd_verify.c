/*
 * cmd_verify.c: `tsume verify`: is a composed problem sound?  Solves each problem, then
 * compares every move of the main line with its alternatives (solver_verify) and reports
 * a verdict with the findings, as a text block or one JSON line per problem.
 *
 * Invariants: as for `tsume solve` (batch.h): one report per problem in input order
 * whatever --jobs, malformed lines reported and skipped, one table per worker, tables
 * together no larger than --hash.  The stated length comes from --plies, else from a
 * file's second column when it holds a number; without one, the solver's length is the
 * reference and "short" cannot arise.  Exit status: 2 for any error, else 5 for any
 * problem not sound (cooked, short, nomate), else 1 for any unknown, else 0.
 */
#include <stdint.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../movegen/sfen.h"
#include "../solver/solver.h"
#include "batch.h"
#include "cli.h"
#include "expect.h"
#include "input.h"
#include "interrupt.h"
#include "kiftree.h"
#include "records.h"
#include "solve_common.h"
#include "stated.h"
#include "verify_report.h"

enum { VERIFY_HASH_DEFAULT = 256 };

typedef struct {
    solver_args_t s;
    int jobs;
    int plies; /* --plies: the stated length, 0 = from the file or none */
    const char *line; /* --line: the stated line (USI moves), NULL = from the file or none */
    const char *kif_path; /* --kif: the records with the findings as variations, or NULL */
    records_t *records;
    bool json;
    bool usi; /* --notation usi: moves in USI in the text report */
    problem_input_t in;
} verify_args_t;

typedef struct {
    const verify_args_t *args;
    const problem_list_t *problems;
    verify_verdict_t *verdicts; /* one per problem */
} verify_run_t;

static void usage(void)
{
    printf("usage: tsume verify [OPTIONS] SFEN | FILE...\n"
           "       tsume verify [OPTIONS] -f FILE [-f FILE...]\n"
           "\n"
           "Checks composed problems for soundness: solves each one under composers' rules\n"
           "(as 'tsume solve'), then compares every move of the main line with the\n"
           "alternatives: other checks that also mate, other defences that last as long or\n"
           "longer.  SFEN and FILE are as for 'tsume solve'; a file's second column, when it\n"
           "is a number, is the stated length (a KIF or CSA file's: the length of its move\n"
           "line, when that ends in check); a number that is no length (0, -3, 4001) is\n"
           "that problem's error.\n"
           "\n"
           "options:\n"
           "  --plies N             the stated length (overrides the file's column)\n"
           "  --line 'MOVES'        the stated line of the one problem, USI moves (overrides\n"
           "                        the file's)\n"
           "  --kif FILE            also write the one problem's record to FILE as KIF (UTF-8):\n"
           "                        the main line, each finding a variation (変化) with its\n"
           "                        kind as a comment, the verdict in 備考, and the stated\n"
           "                        line from where it departs, if it does\n"
           "  --kif DIR             the same, a record a problem in the directory DIR, named\n"
           "                        after the problem's file and line (zuko-12.kif)\n"
           "  -f FILE               read problems from FILE ('-' = stdin); may be repeated\n"
           "  --format text|json    output format (default text)\n"
           "  --notation kif|usi    moves in the text report: Japanese (default) or USI\n"
           "  --jobs N              problems verified at once (default: cores online)\n"
           "  --hash MB             search memory in MiB (table and caches), shared by the\n"
           "                        jobs (default %d)\n"
           "%s"
           "  --in-check attack     a side to move in check attacks (the only choice: a\n"
           "                        composed problem starts with the attacker to move;\n"
           "                        'solve --in-check defend' asks whether it is mated)\n"
           "  --help                this text\n"
           "Options may also be written --name=VALUE.  Limits hold for the whole of one\n"
           "problem (solve and verification); what they leave undecided is reported.\n"
           "Under --nodes, proving the length shortest may take half of what the proof\n"
           "leaves, the comparison with the alternatives the rest; the length's proof then\n"
           "goes on with whatever the comparison leaves.  A cook counts even when the\n"
           "length is not proven (only one at the first move when the line rests on a\n"
           "delay-rule test that ran out of its budget, --delay-nodes), but only when\n"
           "nothing before it is left open: an alternative undecided, plies not yet\n"
           "asked about, a longer defence, or a choice as good as the line's whose other\n"
           "line was not verified (it cannot be on an uncertified line) may lead the\n"
           "composition's line past it; the verdict is then unknown, the cooks listed.\n"
           "\n"
           "Verdicts: sound (no flaw beyond the minor findings listed), cooked (余詰, 変長,\n"
           "駒余り, or a best defence longer than stated), short (早詰: a mate shorter than\n"
           "stated; also on a line not certified, when within and the line are shorter\n"
           "than stated), nomate (不詰, proven), unknown (a limit left something undecided and\n"
           "no flaw was found, or none that surely lies on the composition's line, or only\n"
           "pieces left whose count is not certain), error.\n"
           "Findings (ply: the move of the main line they replace, 0 = the whole problem):\n"
           "  short 早詰, long (best defence longer than stated), leftover 駒余り (not\n"
           "  certain when the look among lines as long that chose the ending was cut\n"
           "  short: leftover_sure false, and the verdict is then unknown, not cooked,\n"
           "  unless another flaw decides it),\n"
           "  cook 余詰 (another check mates, any length), longer 変長 (another defence lasts\n"
           "  longer): these make a problem unsound;\n"
           "  final-cook 最終手余詰, promotion 成不成非限定, square 非限定 (the same piece to\n"
           "  another square of the line through the king), piece 駒非限定 (another kind of\n"
           "  piece dropped on the same square), transposition 手順前後 (another\n"
           "  check reaches the main line as fast), detour 迂回手順 (it returns to the main\n"
           "  line later), equal 変同 (another defence as long, no leftover, another\n"
           "  ending), equal-last2 終2手変同, variation-cook 変化別詰 (a cook on the other\n"
           "  branch of a choice as good as the line's: where a cooked line has such a choice\n"
           "  before its flaws, the other move's line is verified too, and a sound one is\n"
           "  taken), unknown (undecided): minor or information.\n"
           "\n"
           "The stated line (--line, a KIF or CSA file's moves, or a file's first column\n"
           "after the position made only of USI moves) is compared with the main line:\n"
           "the same, or the ply where it departs and what its move is there: a finding's\n"
           "move (listed); a move that does not force mate (no-mate; on the last ply one\n"
           "that does not mate at once, no-mate-now); a reply mated sooner (shorter: asked\n"
           "at once, under what the limits left); a reply as long that is no finding\n"
           "(as-long: it runs back into the line, leaves more pieces, or does not count);\n"
           "undecided (a limit: the walk stopped before it asked about that ply, or the\n"
           "question ran out); or it stops early (ends), goes on after the mate (goes-on),\n"
           "has a move that is not legal (illegal, or after the departure: stated_error).\n"
           "Information only: the verdict is the main line's.\n"
           "\n"
           "JSON (one object a line): id, file, sfen, verdict, stated, plies, exact, within,\n"
           "pv, leftover, leftover_sure, flaws_open, unwalked, findings [{ply, kind, label,\n"
           "plies, moves, branch_ply, branch}], stated_line, stated_ply, stated_move,\n"
           "stated_finding, stated_mated_in (or stated_mated_within, a bound, when a limit\n"
           "left the length unproven), stated_error_ply, stated_error, interrupted (true,\n"
           "only when Ctrl-C or SIGTERM stopped the batch before the problem's work ended\n"
           "and something is open: what a limit left open above, the stop left), nodes,\n"
           "time_ms, solve_nodes, solve_time_ms, defender_hand, attacker_check and\n"
           "line_cut (as for 'tsume solve'), error, kif_error (only when the problem's --kif\n"
           "record could not be written).  A file that cannot be read is named on stderr\n"
           "and first on stdout by an object of its own: id 0, sfen \"\", verdict \"error\"\n"
           "and the reason.\n"
           "within: a mate within this many plies is proven (plies itself when the length is\n"
           "certified; else plies, the line's length, may be shorter or longer).  A finding's\n"
           "plies are 0 when it has no line (unknown), and its moves start at its ply;\n"
           "stated_move is an array of one USI move (as written, past the mate: goes-on).\n"
           "A variation-cook's position is reached by its branch, the\n"
           "other branch's moves from branch_ply on.  flaws_open, only with an unknown\n"
           "verdict: the ply of the first flaw that would make the problem cooked, were the\n"
           "line up to it surely the composition's (a limit left that open).  unwalked:\n"
           "a limit stopped the walk before it asked about plies 1 to unwalked, so findings\n"
           "there are missing (whatever the verdict; a note in the text).\n"
           "\n"
           "Exit status: 0 all sound, 5 some problem not sound (cooked, short, nomate), 1 some\n"
           "unknown (and none unsound), 2 on any error (bad option, malformed position,\n"
           "unreadable file); 130 when interrupted (Ctrl-C or SIGTERM, as for solve).\n",
           VERIFY_HASH_DEFAULT, SOLVER_OPTION_HELP);
}

static int take_option(void *ctx, const char *name, const char *val)
{
    verify_args_t *a = ctx;
    uint64_t n;
    if (!strcmp(name, "--plies")) {
        if (!arg_uint(val, 1, SOLVER_MAX_PLY, &n)) {
            cli_error("verify: --plies must be a whole number from 1 to %d, not '%s'", SOLVER_MAX_PLY, val);
            return 2;
        }
        a->plies = (int)n;
    } else if (!strcmp(name, "--kif")) {
        a->kif_path = val;
    } else if (!strcmp(name, "--line")) {
        size_t n_chars = strlen(val);
        if (!input_usi_column(val, n_chars)) {
            cli_error("verify: --line must be USI moves separated by spaces, not '%s'", val);
            return 2;
        }
        a->line = val;
    } else if (!strcmp(name, "--jobs")) {
        if (!arg_uint(val, 1, JOBS_MAX, &n)) {
            cli_error("verify: --jobs must be a whole number from 1 to %d, not '%s'", JOBS_MAX, val);
            return 2;
        }
        a->jobs = (int)n;
    } else if (!strcmp(name, "--format")) {
        if (strcmp(val, "text") && strcmp(val, "json")) {
            cli_error("verify: --format must be 'text' or 'json', not '%s'", val);
            return 2;
        }
        a->json = !strcmp(val, "json");
    } else if (!strcmp(name, "--notation")) {
        if (strcmp(val, "kif") && strcmp(val, "usi")) {
            cli_error("verify: --notation must be 'kif' or 'usi', not '%s'", val);
            return 2;
        }
        a->usi = !strcmp(val, "usi");
    }
    return 0;
}

static int parse_args(int argc, char **argv, verify_args_t *a)
{
    static const char *const FLAGS[] = {NULL};
    static const char *const VALUED[] = {"--plies", "--line", "--kif", "--jobs", "--format", "--notation", NULL};
    option_spec_t spec = {"verify", FLAGS, VALUED, take_option, a};
    int st = options_walk(argc, argv, &spec, &a->s, &a->in);
    if (st < 0 && a->s.opts.in_check_defends) {
        cli_error("verify: --in-check defend does not apply: a composed problem starts with the attacker to move");
        return 2;
    }
    return st < 0 ? problem_input_check(&a->in, "verify") : st;
}

/* The stated length of problem pb: --plies, else a plain number in its second column. */
static int stated_of(const verify_args_t *a, const problem_t *pb)
{
    if (a->plies)
        return a->plies;
    expect_t e = expect_parse(pb->expect);
    return e.kind == EXPECT_PLIES ? e.plies : 0;
}

/* Whether pb's column is a number that is no length (0, -3, 4001): that problem's error,
 * not a problem stating none.  Other words are not read (stated_of). */
static bool stated_no_length(const verify_args_t *a, const problem_t *pb)
{
    expect_t e = expect_parse(a->plies ? NULL : pb->expect);
    bool number = e.kind == EXPECT_PLIES || (e.kind == EXPECT_BAD && !isalpha((unsigned char)pb->expect[0]));
    return number && e.plies == 0;
}

/* The problem, its main line and its findings as a KIF record (--kif): each finding a
 * variation from its ply (a variation-cook's from its branch), its kind a comment on its
 * first move; the verdict in the header, findings about the whole problem on the diagram. */
typedef struct {
    const pos_t *root;
    const verify_result_t *v;
    const stated_cmp_t *cmp; /* the stated line against the main line, or NULL */
    const char *stated;      /* the stated line (USI moves), when cmp */
} record_t;

/* The stated line, where it departs from the main line, as one more variation: its
 * comparison a comment on its first move, as the text report words it. */
static bool add_stated(kif_tree_t *t, const record_t *rec)
{
    const stated_cmp_t *c = rec->cmp;
    const solve_result_t *r = &rec->v->solve;
    if (!c || c->kind == STATED_SAME || c->kind == STATED_ENDS || c->kind == STATED_GOES_ON ||
        c->kind == STATED_ILLEGAL || c->ply < 1 || c->plies < c->ply)
        return true; /* nothing departs, or only after the mate */
    move_t *moves = malloc(sizeof *moves * (size_t)c->plies);
    if (!moves)
        return false;
    int n = stated_moves(rec->root, rec->stated, moves, c->plies);
    char note[192];
    int k = snprintf(note, sizeof note, "the stated line departs here: ");
    if (c->kind == STATED_LISTED)
        snprintf(note + k, sizeof note - k, "a finding (%s %s)", verify_kind_name(c->finding),
                 verify_kind_label(c->finding));
    else if (c->kind == STATED_NO_MATE)
        snprintf(note + k, sizeof note - k, "a move that does not force mate");
    else if (c->kind == STATED_NO_MATE_NOW)
        snprintf(note + k, sizeof note - k, "a move that does not mate at once");
    else if (c->kind == STATED_SHORTER)
        snprintf(note + k, sizeof note - k, "a reply mated sooner, in %s%d %s, where the main line's lasts %d",
                 c->mated_shortest ? "" : "at most ", c->mated_in, cli_plies(c->mated_in), r->plies - c->ply);
    else if (c->kind == STATED_AS_LONG)
        snprintf(note + k, sizeof note - k, "a reply as long as the main line's (no finding)");
    else
        snprintf(note + k, sizeof note - k, "no finding, and a limit left it undecided");
    if (c->bad_ply && strlen(note) + 40 < sizeof note)
        snprintf(note + strlen(note), sizeof note - strlen(note), "; its move %d is not legal", c->bad_ply);
    bool ok = n < c->ply || kif_tree_add(t, c->ply, moves + c->ply - 1, n - (c->ply - 1), 0, note);
    free(moves);
    return ok;
}

static bool write_record(FILE *f, void *ctx)
{
    const record_t *rec = ctx;
    const verify_result_t *v = rec->v;
    const pos_t *root = rec->root;
    const solve_result_t *r = &v->solve;
    bool mate = r->status == SOLVE_MATE;
    /* a line cut short of the mate (line_cut) ends where it stops, not in 詰み */
    kif_tree_t *t = kif_tree_new(root, r->pv, mate ? r->plies : 0, mate && !r->line_cut);
    if (!t)
        return false;
    char verdict[128], c[160];
    if (mate && r->shortest)
        snprintf(verdict, sizeof verdict, "備考：tsume verify: %s, mate in %d %s%s", verdict_name(v->verdict),
                 r->plies, cli_plies(r->plies), r->exact ? "" : " (line not certified)");
    else if (mate) /* as the reports and solve's record say it: the line's length is no mate length */
        snprintf(verdict, sizeof verdict,
                 "備考：tsume verify: %s, mate within %d plies proven, line of %d (not certified)",
                 verdict_name(v->verdict), r->within, r->plies);
    else
        snprintf(verdict, sizeof verdict, "備考：tsume verify: %s", verdict_name(v->verdict));
    bool ok = true;
    for (int i = 0; ok && i < v->nfindings; i++) {
        const verify_finding_t *fd = &v->findings[i];
        const char *label = verify_kind_label(fd->kind), *name = verify_kind_name(fd->kind);
        if (fd->kind == FIND_LEFTOVER) {
            snprintf(c, sizeof c, "%s (%s): %d left in hand at the mate%s", label, name, r->leftover,
                     r->leftover_sure ? "" : " (not certain)");
            ok = kif_tree_comment(t, c);
        } else if (fd->ply < 1 || !fd->moves) {
            snprintf(c, sizeof c, "%s (%s)", label, name);
            ok = kif_tree_comment(t, c);
        } else {
            bool unknown = fd->kind == FIND_UNKNOWN;
            if (unknown)
                snprintf(c, sizeof c, "%s (%s): a limit left it undecided", label, name);
            else
                snprintf(c, sizeof c, "%s (%s), %d %s", label, name, fd->plies, cli_plies(fd->plies));
            ok = kif_tree_add(t, fd->ply - fd->lead, fd->moves, fd->lead + (unknown ? 1 : fd->plies), fd->lead, c);
        }
    }
    ok = ok && add_stated(t, rec);
    const char *header[] = {verdict};
    ok = ok && kif_tree_write(f, t, header, 1);
    kif_tree_free(t);
    return ok;
}

/* The batch status of a verdict: errors and unknowns count as such in the progress line;
 * every decided verdict counts as an answer. */
static solve_status_t batch_status(verify_verdict_t v)
{
    return v == VERDICT_ERROR     ? SOLVE_ERROR
           : v == VERDICT_UNKNOWN ? SOLVE_UNKNOWN
           : v == VERDICT_NOMATE  ? SOLVE_NOMATE
                                  : SOLVE_MATE;
}

static solve_status_t verify_job(void *ctx, solver_t *solver, size_t i, FILE *out)
{
    verify_run_t *run = ctx;
    const verify_args_t *a = run->args;
    const problem_t *pb = &run->problems->items[i];
    verify_result_t v;
    memset(&v, 0, sizeof v);
    char sfen[SFEN_MAX], err[SFEN_ERR_MAX];
    char shown_buf[PROBLEM_SHOWN_MAX];
    const char *shown = problem_shown(pb, shown_buf);
    double seconds = 0;
    pos_t p;
    bool parsed = problem_position(pb, &p, err, sizeof err), searched = false;
    if (!parsed) {
        v.verdict = VERDICT_ERROR;
        v.solve.status = SOLVE_ERROR;
        snprintf(v.solve.error, sizeof v.solve.error, "%s", err);
    } else {
        shown = sfen_format(&p, sfen);
        color_t defender = opp(p.side);
        if (stated_no_length(a, pb)) {
            v.verdict = VERDICT_ERROR;
            v.solve.status = SOLVE_ERROR;
            snprintf(v.solve.error, sizeof v.solve.error,
                     "the second column states '%.40s': a mate's length is a whole number from 1 to %d", pb->expect,
                     SOLVER_MAX_PLY);
        } else if (p.king[defender] == SQ_NONE) {
            v.verdict = VERDICT_ERROR;
            v.solve.status = SOLVE_ERROR;
            defender_king_error(v.solve.error, sizeof v.solve.error, &p, defender, "solve ");
        } else {
            if (a->s.opts.defender_hand_rest)
                solver_fill_defender_hand(&p, p.side); /* the lines are replayed from this position */
            double t0 = wall_seconds();
            solver_verify(solver, &p, &a->s.opts, stated_of(a, pb), &v);
            seconds = wall_seconds() - t0;
            v.solve.defender_hand_filled |= a->s.opts.defender_hand_rest; /* filled above */
            searched = true;
        }
    }
    if (v.verdict == VERDICT_ERROR && !v.stated)
        v.stated = stated_of(a, pb); /* every error object says what was stated, whoever found the error */
    run->verdicts[i] = v.verdict;
    stated_cmp_t cmp;
    const char *stated_line = a->line ? a->line : pb->moves;
    bool compared = searched && v.solve.status == SOLVE_MATE && stated_line;
    if (compared) {
        /* The limits hold for the whole problem: the question about a stated reply gets
         * what the verification left of them, and is not asked when nothing is left. */
        solve_opts_t ask = a->s.opts;
        bool left = true;
        if (ask.node_limit) {
            left = v.solve.nodes < ask.node_limit;
            ask.node_limit -= left ? v.solve.nodes : 0;
        }
        if (ask.time_limit > 0) {
            left = left && seconds < ask.time_limit;
            ask.time_limit -= left ? seconds : 0;
        }
        double t0 = wall_seconds();
        stated_compare(solver, left ? &ask : NULL, &p, stated_line, &v, &cmp);
        seconds += wall_seconds() - t0;
        v.solve.nodes += cmp.nodes;
    }
    /* The time of the whole problem, the stated line's comparison included, as its nodes. */
    long long ms = (long long)(seconds * 1000.0), solve_ms = (long long)(v.solve_seconds * 1000.0);
    /* a verdict with everything asked (sound, nomate, or cooked or short with nothing left
     * open) is none the stop cut short, though the signal came before the work ended */
    bool open = v.verdict == VERDICT_UNKNOWN ||
                (v.solve.status == SOLVE_MATE && (v.incomplete || v.unwalked > 0 || !v.solve.exact));
    bool cut = searched && cli_interrupted() && v.verdict != VERDICT_ERROR && open;
    /* the record first, so that the JSON object says when it could not be written */
    char kif_error[RECORDS_ERR_MAX] = "";
    if (searched && v.verdict != VERDICT_ERROR)
        records_write(a->records, pb, write_record, &(record_t){&p, &v, compared ? &cmp : NULL, stated_line},
                      kif_error, sizeof kif_error);
    if (a->json)
        vreport_json(out, pb, shown, &v, compared ? &cmp : NULL, ms, solve_ms, cut, kif_error);
    else
        vreport_text(out, a->usi, pb, shown, parsed ? &p : NULL, &v, compared ? &cmp : NULL, ms, solve_ms, cut);
    if (searched)
        verify_result_free(&v);
    return batch_status(run->verdicts[i]);
}

static int verify_all(const verify_args_t *a, const problem_list_t *problems, size_t unread)
{
    verify_verdict_t *verdicts = calloc(problems->n ? problems->n : 1, sizeof *verdicts);
    if (!verdicts) {
        cli_error("verify: out of memory");
        return 2;
    }
    verify_run_t run = {a, problems, verdicts};
    problem_batch_t pb = {"verify", (size_t)a->jobs, a->s.hash_mb, a->json, isatty(STDERR_FILENO),
                          verify_job, &run, a->s.threads, NULL};
    batch_totals_t t = {0};
    int status = 2;
    if (a->json)
        problems_print_unread(stdout, problems, false, (const char *const[]){"verdict"}, 1);
    if (problems_run(&pb, problems, &t)) {
        size_t by[VERDICT_ERROR + 1] = {0};
        for (size_t i = 0; i < problems->n; i++)
            by[verdicts[i]]++;
        if (problems_from_files(&a->in)) {
            FILE *f = a->json ? stderr : stdout;
            fprintf(f,
                    "%ssummary  %zu problem%s: sound %zu, cooked %zu, short %zu, nomate %zu, unknown %zu, "
                    "errors %zu, time %.2f s",
                    a->json || !problems->n ? "" : "\n", problems->n, problems->n == 1 ? "" : "s",
                    by[VERDICT_SOUND], by[VERDICT_COOKED], by[VERDICT_SHORT], by[VERDICT_NOMATE],
                    by[VERDICT_UNKNOWN], by[VERDICT_ERROR], t.seconds);
            problems_summary_unread(f, unread);
            fputc('\n', f);
        }
        status = by[VERDICT_ERROR] || unread                                      ? 2
                 : by[VERDICT_COOKED] || by[VERDICT_SHORT] || by[VERDICT_NOMATE] ? 5
                 : by[VERDICT_UNKNOWN]                                            ? 1
                                                                                  : 0;
        if (t.interrupted)
            status = 130; /* as a shell reports a command ended by Ctrl-C */
    }
    free(verdicts);
    return status;
}

int cmd_verify(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        usage();
        return 0;
    }
    verify_args_t a = {.s.hash_mb = VERIFY_HASH_DEFAULT, .jobs = jobs_default()};
    solve_opts_default(&a.s.opts);
    int status = parse_args(argc, argv, &a);
    if (status < 0) {
        problem_list_t problems = {0};
        records_t records;
        size_t unread = problems_gather(&problems, &a.in, "verify");
        if (a.line && problems.n > 1) {
            /* one stated line cannot be every problem's */
            cli_error("verify: --line states one problem's line, and %zu problems were given", problems.n);
            status = 2;
        } else if (!records_open(&records, a.kif_path, &problems, "verify")) {
            status = 2;
        } else {
            a.records = &records;
            status = verify_all(&a, &problems, unread);
            if (!records_close(&records) && status != 130) /* an interrupt's 130 says more */
                status = 2;
        }
        problem_list_free(&problems);
    }
    problem_input_free(&a.in);
    return status;
}
