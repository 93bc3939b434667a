/*
 * solve_common.h: what `tsume solve`, `tsume check` and `tsume verify` share: the option
 * walk (the options that tune the solver, -f files, number parsing for option values) and
 * the batch of solve and verify over a problem list (problems.h reads the problems).
 */
#ifndef TSUME_SOLVE_COMMON_H
#define TSUME_SOLVE_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../solver/solver.h"
#include "batch.h"
#include "json.h"
#include "problems.h"

enum { SOLVE_HASH_MAX = 1 << 20 /* MiB: 1 TiB keeps bytes in size_t */ };
/* The largest node count an option takes (--nodes, --shorten-nodes, --delay-nodes): the
 * solver adds counts to limits, and 2^64 - 1 wrapped round to a tiny limit.  10^15
 * nodes are some thirty years of search at a million a second. */
#define SOLVE_NODES_MAX 1000000000000000ull

/* Solver options given on the command line of solve and check. */
typedef struct {
    size_t hash_mb;
    int threads; /* --threads: threads per problem (0: one) */
    solve_opts_t opts;
} solver_args_t;

/* Digits only, within [lo, hi]: "", signs, spaces and overflow are all refused. */
bool arg_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/* A plain decimal number of seconds from 0 to 10^9 (0 = none); hex, NaN, infinities,
 * leading blanks and junk are refused. */
bool arg_seconds(const char *s, double *out);

/* Handles one of --hash, --time-limit, --nodes, --futile, --defender-hand with its value
 * (cmd names the command in messages).  Returns 1 when done, 0 when name is none of
 * them, -1 after reporting a bad value. */
int solver_option(const char *cmd, const char *name, const char *val, solver_args_t *a);

/* The names solver_option handles, NULL-terminated. */
extern const char *const SOLVER_OPTION_NAMES[];

/* The help lines of those options, for usage texts; --in-check's apart (verify refuses
 * its 'defend': a composed problem starts with the attacker to move). */
extern const char SOLVER_OPTION_HELP[];
extern const char SOLVER_IN_CHECK_HELP[];

/* Splits one command-line argument into its option name (copied into name) and the
 * value given with '=' (*inline_val, or NULL).  Only "--name=value" splits; "-f=x" does not. */
void arg_split(const char *arg, char *name, size_t len, const char **inline_val);

/* What a command adds to the shared option walk: its flags (options without a value),
 * its options with a value, and a handler for both (val is NULL for a flag).  The handler
 * returns 0 when the option is taken, 2 after reporting a bad value. */
typedef struct {
    const char *cmd;                  /* "solve", "check": named in messages */
    const char *const *flags;         /* NULL-terminated */
    const char *const *valued;        /* NULL-terminated; the solver options are added */
    int (*take)(void *ctx, const char *name, const char *val);
    void *ctx;
} option_spec_t;

/* Walks argv: options (also "--name=value"; "--" ends them; "-" alone is a word) go to
 * the solver options, -f/--file FILE to in->files, the others to spec->take; other words
 * to in->words.  in is set up here: free it with problem_input_free whatever the
 * outcome.  Returns -1 to go on, else the exit status after a one-line message. */
int options_walk(int argc, char **argv, const option_spec_t *spec, solver_args_t *s, problem_input_t *in);
/* Either a SFEN or -f files, not both, not neither: -1 when so, else 2 after a message. */
int problem_input_check(const problem_input_t *in, const char *cmd);
void problem_input_free(problem_input_t *in);

/* How the side to move stands at the start, in JSON: "attacker_check" ("check" or
 * "checkmate") when it attacks from check, "side_to_move": "defends" when it is in check
 * and defends (--in-check defend); nothing otherwise. */
void root_json(json_obj_t *j, const solve_result_t *r);

/* The defender's hand a solve used, as every command's report names it: "rest" when it
 * was asked for (asked_rest) or the solver filled it, else "given". */
const char *defender_hand_name(bool asked_rest, const solve_result_t *r);

/* The same in the text report, as a "  note     ..." line: always for a side that defends;
 * for one that attacks from check only without a mate, where it most often means the
 * SFEN names the wrong side to move. */
void root_note(FILE *out, const solve_result_t *r);

/* Begins a JSON report line with the members every command's report opens with: "id",
 * "file" (only for a problem read from a file) and "sfen" (the position as shown). */
void problem_json_begin(json_obj_t *j, FILE *out, const problem_t *pb, const char *sfen);
/* The first line of a text report: "problem FILE:LINE  SFEN" (or "problem LINE  SFEN"
 * for a problem not read from a file). */
void problem_text_head(FILE *out, const problem_t *pb, const char *sfen);

/* Solvers for a batch of n problems at most jobs at a time: *workers of them (no more
 * than the problems, nor more than hash_mb, at least 1), sharing hash_mb between them,
 * each set to search on its batch worker's thread (batch.h).  NULL after reporting an
 * error; free with solvers_free. */
solver_t **solvers_new(size_t jobs, size_t n, size_t hash_mb, int threads, const char *cmd, size_t *workers);
void solvers_free(solver_t **solvers, size_t workers);

/* A batch of solve, verify or check over a problem list: job reports problem i on out,
 * searching with solver s (that of its worker). */
typedef struct {
    const char *cmd; /* "solve", "verify", "check": named in messages */
    size_t jobs, hash_mb;
    bool one_line; /* each report is one line (JSON, check): no blank line between two */
    bool progress; /* the progress line on stderr */
    solve_status_t (*job)(void *ctx, solver_t *s, size_t i, FILE *out);
    void *ctx;
    int threads; /* each problem's threads (--threads; 0: one) */
    const char *const *words; /* the progress line's words for the outcomes (batch.h) */
} problem_batch_t;

/* Runs every problem of l on solvers_new's workers (with several, the problems stated
 * longest start first: expect.h), each worker's solver freed as soon as the worker has no
 * problem left.  False after a message when the solvers or the workers could not be had;
 * else *t holds the batch's totals. */
bool problems_run(const problem_batch_t *pb, const problem_list_t *l, batch_totals_t *t);

double wall_seconds(void); /* monotonic clock */

enum { JOBS_MAX = 1024 };

/* The default of --jobs: the cores online (1..JOBS_MAX). */
int jobs_default(void);

/* "no king for the defender (white)" into buf, with a hint when the side to move is in
 * check (a position after a check, as 'position ... moves' leaves it): solve and check
 * can take it as the defender (--in-check defend); asker names the command that can
 * ("solve " from verify, which cannot; "" from those two). */
void defender_king_error(char *buf, size_t len, const pos_t *p, color_t defender, const char *asker);

/* Writes echoed input text with control characters shown as '?', so a bad line cannot
 * garble the terminal; "(empty)" for "". */
void put_safe(FILE *out, const char *s);

/* With --format json, one object for each file of l that could not be read, so that a
 * reader of stdout alone sees it: {"id": 0, "file", "sfen": "", then each of keys as
 * "error" (the command's status keys), "nodes": 0, "time_ms": 0, "error"}.  With
 * --format sfen (sfen_lines), a comment line "# \tFILE: error: REASON" as a bad line's. */
void problems_print_unread(FILE *out, const problem_list_t *l, bool sfen_lines, const char *const *keys,
                           int n_keys);

#endif
