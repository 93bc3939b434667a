/*
 * csa.h: CSA positions and move lists, read and written (SPEC §C4; CSA standard V2.2,
 * and V3.0 whose UTF-8 header "'CSA encoding=UTF-8" is a comment line here).
 *
 * The reader accepts, one statement a line (moves and times may share a line, split by
 * ','):
 *   - comments "'...", the version "V2", "V2.1", "V2.2" or "V3.0" (any other is an error),
 *     names "N+..."/"N-...", and information "$KEY:..." (all ignored);
 *   - the position: "PI" (the start position, optionally with pieces removed, "PI82HI22KA"),
 *     or rows "P1".."P9" (nine cells " * ", "+FU", "-OU" each), and/or piece lists
 *     "P+63FU00KI" / "P-..." (square 00 = the hand; "P-00AL" gives that side every piece of
 *     the 40-piece set not on the board or in a hand, kings excepted, whatever its place
 *     among the lines);
 *   - the side to move "+" or "-" (required: it ends the position);
 *   - moves "+9652UM" (origin, destination, the piece after the move; origin 00 for a
 *     drop), times "T...", a special move "%TORYO", "%TSUMI", ... that ends the line, and
 *     "/" that ends the game; read only when asked for, each checked legal.
 * The position is checked like a SFEN (sfen_validate with the given flags).
 *
 * The writer emits V2.2: the nine rows, "P+00.." / "P-00.." hand lines (rooks first, each
 * piece spelled out; no line for an empty hand), the side, the moves one a line and
 * "%TSUMI" when they end in mate.
 */
#ifndef TSUME_CSA_H
#define TSUME_CSA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../movegen/position.h"

/* The position of a CSA text, moves ignored, strict piece counts.  On failure writes a
 * one-line reason ("CSA line 4: row P3, square 5: unknown piece 'XX'") into err. */
bool csa_read(const char *text, pos_t *p, char *err, size_t errlen);

/* The same with sfen_parse's flags, and, when moves is not NULL, the moves into
 * moves[0..*n) (at most max, else an error). */
bool csa_read_moves(const char *text, int flags, pos_t *p, move_t *moves, int max, int *n, char *err,
                    size_t errlen);

/* A CSA V2.2 record of root and the line moves[0..n) (n may be 0). */
void csa_write(FILE *f, const pos_t *root, const move_t *moves, int n);

#endif
