/*
 * usi_move.h: USI move notation ("7g7f", "8h2b+", "P*5e") in and out.
 *
 * Parsing checks the syntax, then looks the move up among the legal moves of the
 * position, so a parsed move is always legal there.
 */
#ifndef TSUME_USI_MOVE_H
#define TSUME_USI_MOVE_H

#include <stddef.h>

#include "position.h"

enum { USI_MOVE_MAX = 8 };

/* Writes the move (at most 5 characters and a NUL) into buf; returns buf. */
char *usi_format(move_t m, char *buf);

/* Syntax only: fills *m, or returns false with a message. */
bool usi_parse_syntax(const char *text, move_t *m, char *err, size_t errlen);

/* Syntax and legality in p. */
bool usi_parse_legal(const pos_t *p, const char *text, move_t *m, char *err, size_t errlen);

#endif
