/*
 * solve_common.h: what `tsume solve`, `tsume check` and `tsume verify` share: the option
 * walk (the options that tune the solver, -f files, number parsing for option values), the
 * problem-file reader, and the batch of solve and verify over a problem list.
 *
 * Invariants: a problem file is read whole before any problem is solved, one problem per
 * line that is neither blank nor a '#' comment, in file order; the first column (up to
 * the first TAB) is the position text, the second column is kept as written (for
 * `solve --expect`).  A file in KIF or CSA is one problem, its diagram.  Every problem keeps the file name shown and its line number, so
 * answers can be matched back to their input however they were computed.
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

enum { SOLVE_HASH_MAX = 1 << 20 /* MiB: 1 TiB keeps bytes in size_t */ };
enum { PROBLEM_FILE_MAX = 1 << 30 /* bytes of one problem file */ };

/* Solver options given on the command line of solve and check. */
typedef struct {
    size_t hash_mb;
    solve_opts_t opts;
} solver_args_t;

/* Digits only, within [lo, hi]: "", signs, spaces and overflow are all refused. */
bool arg_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/* A number of seconds >= 0 (0 = none); NaN, infinities and junk are refused. */
bool arg_seconds(const char *s, double *out);

/* Handles one of --hash, --time-limit, --nodes, --futile, --defender-hand with its value
 * (cmd names the command in messages).  Returns 1 when done, 0 when name is none of
 * them, -1 after reporting a bad value. */
int solver_option(const char *cmd, const char *name, const char *val, solver_args_t *a);

/* The names solver_option handles, NULL-terminated. */
extern const char *const SOLVER_OPTION_NAMES[];

/* The help lines of those options, for usage texts. */
extern const char SOLVER_OPTION_HELP[];

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

/* Where a command's problems come from: the SFEN given as words, or -f files. */
typedef struct {
    const char **files; /* -f arguments, in order */
    int n_files;
    char **words; /* the SFEN given as arguments, possibly split over several words */
    int n_words;
} problem_input_t;

/* Walks argv: options (also "--name=value"; "--" ends them; "-" alone is a word) go to
 * the solver options, -f/--file FILE to in->files, the others to spec->take; other words
 * to in->words.  in is set up here: free it with problem_input_free whatever the
 * outcome.  Returns -1 to go on, else the exit status after a one-line message. */
int options_walk(int argc, char **argv, const option_spec_t *spec, solver_args_t *s, problem_input_t *in);
/* Either a SFEN or -f files, not both, not neither: -1 when so, else 2 after a message. */
int problem_input_check(const problem_input_t *in, const char *cmd);
void problem_input_free(problem_input_t *in);

typedef struct {
    const char *file; /* name shown ("stdin" for '-'), NULL for a command-line position */
    long line;        /* line number in the file, 1 for a command-line position or a
                         KIF/CSA file */
    char *text;       /* the position column (a KIF/CSA file's diagram as a SFEN) */
    char *expect;     /* the second column (trimmed), NULL when there is none */
    char *moves;      /* the stated line, USI moves and spaces: the first column after
                         the position made only of them, or a KIF/CSA file's move list;
                         NULL when there is none */
    char *error;      /* why a KIF/CSA file gave no position, NULL when it did */
} problem_t;

typedef struct {
    problem_t *items;
    size_t n, cap;
} problem_list_t;

/* Appends one problem (text, expect and moves are copied; expect and moves may be NULL).
 * False when out of memory. */
bool problem_add(problem_list_t *l, const char *file, long line, const char *text, const char *expect,
                 const char *moves);

/* Reads every problem of path ('-' = stdin).  A file in KIF or CSA (input.h) is one
 * problem: its diagram, with its move line's length as the second column when the line
 * ends in check after an odd number of moves (a stated mate); when the diagram cannot be
 * read, the problem carries the reader's reason in error instead.  A file that cannot be
 * opened or read is reported on stderr and gives false; the problems read before the
 * failure are kept. */
bool problem_read_file(problem_list_t *l, const char *path, const char *cmd);

/* The position of problem pb, parsed as sfen_parse_position does with SFEN_STRICT, or
 * false with the reason in err (its file's error, or the SFEN's). */
bool problem_position(const problem_t *pb, pos_t *p, char *err, size_t errlen);

void problem_list_free(problem_list_t *l);

/* Begins a JSON report line with the members every command's report opens with: "id",
 * "file" (only for a problem read from a file) and "sfen" (the position as shown). */
void problem_json_begin(json_obj_t *j, FILE *out, const problem_t *pb, const char *sfen);

/* The problems of a command line: the SFEN given as words (one problem, line 1), then
 * every problem of each file, in order.  Errors are reported (cmd names the command);
 * false when any input could not be had (the problems read so far are kept). */
bool problems_gather(problem_list_t *l, const problem_input_t *in, const char *cmd);

/* Solvers for a batch of n problems at most jobs at a time: *workers of them (no more
 * than the problems, nor more than hash_mb, at least 1), sharing hash_mb between them,
 * each set to search on its batch worker's thread (batch.h).  NULL after reporting an
 * error; free with solvers_free. */
solver_t **solvers_new(size_t jobs, size_t n, size_t hash_mb, const char *cmd, size_t *workers);
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

/* Writes echoed input text with control characters shown as '?', so a bad line cannot
 * garble the terminal; "(empty)" for "". */
void put_safe(FILE *out, const char *s);

#endif
