/*
 * sfen.h: SFEN text in and out, with strict validation.
 *
 * Input accepts what engines write in the wild: multi-digit hand counts, hand letters in
 * any order (repeated letters add up), a missing move number, a leading "sfen " or
 * "position sfen ", and "position startpos".  Output is canonical: hands in the order
 * R B G S N L P, Black's before White's, "-" when both are empty.  Every rejection fills
 * a one-line message naming the problem; the position is then unspecified.
 */
#ifndef TSUME_SFEN_H
#define TSUME_SFEN_H

#include <stddef.h>

#include "position.h"

#define SFEN_STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
enum { SFEN_MAX = 256, SFEN_ERR_MAX = 160 };

/* SFEN_EXTRA_PIECES lifts the 40-piece-set limit (some published perft positions hold a
 * third rook, say); every other rule still holds, and hand counts must still fit. */
enum { SFEN_STRICT = 0, SFEN_EXTRA_PIECES = 1 };

/* Parses one SFEN (no "moves" part).  Returns false and writes err on any error. */
bool sfen_parse(pos_t *p, const char *text, int flags, char *err, size_t errlen);

/* Parses "[position] sfen SFEN [moves M...]" / "[position] startpos [moves M...]" or a
 * bare SFEN, playing the moves (each checked for legality). */
bool sfen_parse_position(pos_t *p, const char *text, int flags, char *err, size_t errlen);

/* Checks the rules a legal problem position must satisfy (see sfen.c).  Used by the
 * parser and by anything that builds positions another way. */
bool sfen_validate(const pos_t *p, int flags, char *err, size_t errlen);

/* Whether the position holds more of some kind than the 40-piece set has. */
bool sfen_has_extra_pieces(const pos_t *p);

/* Writes canonical SFEN into buf (at least SFEN_MAX bytes); returns buf. */
char *sfen_format(const pos_t *p, char *buf);

#endif
