/*
 * problems.h: the problems of a command: a SFEN given as words, or problem files (SFEN
 * lines, KIF or CSA), read into a list before any is solved.
 *
 * Invariants: a problem file is read whole before any problem is solved, one problem per
 * line that is neither blank nor a '#' comment, in file order; the first column (up to
 * the first TAB) is the position text, the second column is kept as written (for
 * `solve --expect`), and the first column after the position made only of USI moves is
 * the stated line.  A file in KIF or CSA (input.h) is one problem, its diagram.  Every
 * problem keeps the file name shown and its line number, so answers can be matched back
 * to their input however they were computed.  A problem whose position could not be had
 * carries the reason (error); the others are still read.
 */
#ifndef TSUME_PROBLEMS_H
#define TSUME_PROBLEMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../movegen/position.h"

enum { PROBLEM_FILE_MAX = 1 << 30 /* bytes of one problem file */ };

/* Where a command's problems come from: the SFEN given as words, or -f files. */
typedef struct {
    const char **files; /* -f arguments, in order */
    int n_files;
    char **words; /* the SFEN given as arguments, possibly split over several words */
    int n_words;
} problem_input_t;

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

/* An input file that could not be read: no problem of it is in the list. */
typedef struct {
    const char *file; /* name shown ("stdin" for '-') */
    char *reason;     /* as said on stderr: "cannot open 'x.sfen': No such file or directory" */
} problem_unread_t;

typedef struct {
    problem_t *items;
    size_t n, cap;
    problem_unread_t *unread; /* the files not read, in the order given */
    size_t n_unread;
} problem_list_t;

/* Appends one problem (text, expect and moves are copied; expect and moves may be NULL).
 * False when out of memory. */
bool problem_add(problem_list_t *l, const char *file, long line, const char *text, const char *expect,
                 const char *moves);

/* Reads every problem of path ('-' = stdin).  A file in KIF or CSA (input.h) is one
 * problem: its diagram, with its move line's length as the second column when the line
 * ends in check after an odd number of moves (a stated mate); when the diagram cannot be
 * read, the problem carries the reader's reason in error instead.  A file that cannot be
 * opened or read, or holds nothing but blanks, is reported on stderr and gives false;
 * the problems read before the failure are kept. */
bool problem_read_file(problem_list_t *l, const char *path, const char *cmd);

/* The position of problem pb, parsed as sfen_parse_position does with SFEN_STRICT, or
 * false with the reason in err (its file's error, or the SFEN's). */
bool problem_position(const problem_t *pb, pos_t *p, char *err, size_t errlen);

/* pb's text as reports echo it: whole when short, else its first SHOWN_HEAD bytes (whole
 * UTF-8 characters) and "... (N bytes)", so that a bad line of megabytes is not copied
 * into the output.  Returns pb->text or buf (PROBLEM_SHOWN_MAX bytes). */
enum { PROBLEM_SHOWN_MAX = 160 };
const char *problem_shown(const problem_t *pb, char buf[PROBLEM_SHOWN_MAX]);

void problem_list_free(problem_list_t *l);

/* The problems of text[0..len) (NUL-terminated, no NUL byte before len; text is
 * modified), read as problem_read_file reads a file's, shown as coming from file shown. */
bool problem_read_text(problem_list_t *l, const char *shown, char *text, size_t len, const char *cmd);

/* The problems of a command line: the SFEN given as words (one problem, line 1), or the
 * files they name when they cannot begin a SFEN and the first names a file or there are
 * several ('tsume solve *.kif'), then every problem of each -f file, in order.  Errors are reported (cmd names
 * the command); returns how many inputs (files, or the words) could not be had, 0 when
 * all were (the problems read so far are kept either way). */
size_t problems_gather(problem_list_t *l, const problem_input_t *in, const char *cmd);
/* Ends a batch's summary line with the inputs problems_gather could not read, if any:
 * "; 1 file not read", so that the counts before it are not taken for the whole. */
void problems_summary_unread(FILE *f, size_t unread);
/* Whether problems_gather reads files: -f FILE, or words naming a file ('tsume solve
 * *.kif'). */
bool problems_from_files(const problem_input_t *in);

#endif
