/*
 * front_util.h: helpers for tests that run the tsume binary ($TSUME_BIN, default
 * ./tsume) as a user would: a scratch directory per test, one run of a shell command with
 * its exit code, stdout and stderr, a run under a pseudo-terminal, and a strict reader of
 * one-object-a-line JSON.
 *
 * Invariants: every file a test creates lives in its scratch directory, which fu_end
 * removes with everything in it (a path or a run outside fu_begin .. fu_end fails the
 * test); returned strings are heap copies (fu_run_free) or rotating static buffers, as
 * each function says.
 */
#ifndef TSUME_FRONT_UTIL_H
#define TSUME_FRONT_UTIL_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    int code; /* exit status, 128 + signal when killed, -1 when the shell could not run */
    char *out, *err;
} fu_run_t;

/* Makes a fresh scratch directory (false after recording a failure). */
bool fu_begin(void);
/* Removes the scratch directory and everything in it. */
void fu_end(void);
/* The path of name in the scratch directory (rotating static buffer). */
const char *fu_path(const char *name);
/* Writes text to name in the scratch directory; returns its path (as fu_path). */
const char *fu_write(const char *name, const char *text);
/* The whole of a file, NUL-terminated (malloc'd; "" if it cannot be read). */
char *fu_slurp(const char *path);

/* printf into a rotating static buffer; text that does not fit fails the test. */
const char *fu_fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));

/* The binary under test, as an absolute path. */
const char *fu_bin(void);

/* Runs "BIN ARGS" through sh with stdin from /dev/null (ARGS is shell text: quote SFENs). */
fu_run_t fu_tsume(const char *args);
/* Runs "BIN solve ARGS" with stdin from the file stdin_path when given; pipe_text
 * (printf's format) instead pipes that text in. */
fu_run_t fu_solve(const char *args, const char *stdin_path, const char *pipe_text);
/* Runs any shell command; stdout and stderr are captured. */
fu_run_t fu_shell(const char *cmd);
/* Runs "BIN ARGS" with stderr on a pseudo-terminal (stdout to a file, stdin /dev/null);
 * err holds what the terminal received. */
fu_run_t fu_tsume_tty_stderr(const char *args);
/* The same on a terminal of cols columns (0: the size a new terminal has, none). */
fu_run_t fu_tsume_tty_stderr_cols(const char *args, int cols);
void fu_run_free(fu_run_t *r);

int fu_count_lines(const char *s);
/* The n-th line (0-based) of s without its newline (rotating static buffer). */
const char *fu_line(const char *s, int n);

/* The next data line of a tab-separated text, split in place: '#' lines and blank lines
 * are skipped, cols[0..n) get the first n columns (the last ends at the next TAB; NULL
 * for columns the line lacks).  *cursor walks the text; NULL at its end. */
char *fu_tsv_next(char **cursor, char **cols, int n);

/* The raw text of member key's value in a one-object JSON line ("" when absent,
 * "INVALID" when the line is not valid JSON) (rotating static buffer). */
const char *fu_jget(const char *line, const char *key);
/* The line with the values of "nodes", "time_ms", "phase_nodes" and "phase_ms" (their whole
 * arrays) replaced by "#" (static buffer). */
const char *fu_mask_effort(const char *line);

#endif
