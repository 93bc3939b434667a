/*
 * input.h: a whole input file read into memory, and which of the problem formats it is in
 * (SFEN lines, KIF, CSA), for `tsume convert` and for the problem files of solve, verify
 * and check; which column of a SFEN line is a line of moves; input read line by line (the
 * rules commands' -f, the USI loop); and a position given as command-line words.
 *
 * The format is told from the content, by its first decisive line: "#KIF", or a line
 * starting with '|' or holding 持駒 or 手合割 (UTF-8 or Shift_JIS) makes KIF; a CSA
 * statement at the start of a line (P1..P9, PI, P+, P-, V2, V3, a ' comment, N+/N-, $)
 * makes CSA; a SFEN word (sfen, position, startpos, or a board with its eight '/') makes
 * SFEN.  Blank lines and other '#' lines decide nothing, nor does any other line.
 */
#ifndef TSUME_INPUT_H
#define TSUME_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum { INPUT_NONE, INPUT_SFEN, INPUT_KIF, INPUT_CSA } input_format_t;

/* s past a UTF-8 byte order mark, which editors on some systems put first in a file; every
 * reader of text (SFEN lines, KIF, CSA, the rules commands' -f) skips it.  Inline, so
 * that the format readers use it without linking input.c. */
static inline const char *input_skip_bom(const char *s)
{
    return s[0] == '\xEF' && s[1] == '\xBB' && s[2] == '\xBF' ? s + 3 : s;
}

/* The format of text (NUL-terminated) as above; INPUT_NONE when no line decides. */
input_format_t input_detect(const char *text);

/* Whether col[0..len) is a non-empty list of USI moves, one space or more between two
 * (syntax only): the line column of a problem file. */
bool input_usi_column(const char *col, size_t len);

/* The whole of f, NUL-terminated, its length (NUL bytes included) in *len; NULL with a
 * one-line reason in err when it cannot be read, or is larger than max bytes. */
char *input_read_all(FILE *f, size_t max, size_t *len, char *err, size_t errlen);

/* words[0..n) joined with spaces (malloc'd; NULL if out of memory): a position given as
 * command-line words, with no length limit (Microcosmos's line is 9 KB of moves). */
char *input_join(int n, char *const *words);

/* Flags of input_read_line. */
enum { INPUT_LINE_LONG = 1, INPUT_LINE_NUL = 2 };

/* One line of f into *buf (grown as needed, *cap its size; NUL-terminated, without its
 * end), for the readers that answer line by line (the rules commands' -f, the USI loop):
 * a line ends at LF or CRLF, and with cr_ends at a lone CR too (old Mac files; the USI
 * loop does not wait for the byte after a CR).  Returns the line's length, or -1 at the
 * end of the input or on a read error (ferror(f)) or out of memory (*flags 0).  A line
 * longer than max bytes comes back cut there with INPUT_LINE_LONG in *flags, the rest
 * of it for the caller to drop (input_skip_line) or leave; a NUL byte in it sets
 * INPUT_LINE_NUL. */
long input_read_line(FILE *f, char **buf, size_t *cap, size_t max, bool cr_ends, unsigned *flags);
/* Drops what is left of the current line (up to and with its LF). */
void input_skip_line(FILE *f);

#endif
