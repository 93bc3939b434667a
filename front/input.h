/*
 * input.h: a whole input file read into memory, and which of the problem formats it is in
 * (SFEN lines, KIF, CSA), for `tsume convert` and for the problem files of solve, verify
 * and check; and which column of a SFEN line is a line of moves.
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

/* The format of text (NUL-terminated) as above; INPUT_NONE when no line decides. */
input_format_t input_detect(const char *text);

/* Whether col[0..len) is a non-empty list of USI moves, one space or more between two
 * (syntax only): the line column of a problem file. */
bool input_usi_column(const char *col, size_t len);

/* The whole of f, NUL-terminated, its length (NUL bytes included) in *len; NULL with a
 * one-line reason in err when it cannot be read, or is larger than max bytes. */
char *input_read_all(FILE *f, size_t max, size_t *len, char *err, size_t errlen);

#endif
