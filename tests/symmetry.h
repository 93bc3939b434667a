/*
 * symmetry.h: a position and its moves turned half a turn with the colours swapped
 * (FLIP) or reflected file for file (MIRROR), on SFEN and USI text: the symmetry tests'
 * transforms (movegen_symmetry.c, solver_symmetry.c).  They work on text, not on pos_t,
 * so they share nothing with the code under test.  Each is its own inverse.
 */
#ifndef TSUME_TESTS_SYMMETRY_H
#define TSUME_TESTS_SYMMETRY_H

#include <ctype.h>
#include <string.h>

#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"

typedef enum { FLIP, MIRROR } transform_t;

/* sfen (a whole SFEN: board, side, hand, move number) turned by t, into out (SFEN_MAX
 * bytes). */
static inline void sfen_transform(const char *sfen, transform_t t, char *out)
{
    char cell[81][3] = {{0}};
    const char *s = sfen;
    for (int r = 0, f = 0; *s && *s != ' '; s++) { /* cell index r*9 + f, f = 0 is file 9 */
        if (*s == '/') {
            r++, f = 0;
        } else if (isdigit((unsigned char)*s)) {
            f += *s - '0';
        } else {
            int k = 0;
            if (*s == '+')
                cell[r * 9 + f][k++] = *s++;
            cell[r * 9 + f][k] = *s;
            f++;
        }
    }
    char side = s[1], *o = out;
    const char *hand = s + 3, *rest = strchr(hand, ' ');
    for (int r = 0; r < 9; r++) {
        int empty = 0;
        for (int f = 0; f < 9; f++) {
            int from = t == FLIP ? (8 - r) * 9 + (8 - f) : r * 9 + (8 - f);
            const char *c = cell[from];
            if (!*c) {
                empty++;
                continue;
            }
            if (empty)
                *o++ = (char)('0' + empty), empty = 0;
            for (; *c; c++)
                *o++ = t == FLIP && isalpha((unsigned char)*c)
                           ? (char)(isupper((unsigned char)*c) ? tolower((unsigned char)*c) : toupper((unsigned char)*c))
                           : *c;
        }
        if (empty)
            *o++ = (char)('0' + empty);
        *o++ = r < 8 ? '/' : ' ';
    }
    *o++ = t == FLIP ? (side == 'b' ? 'w' : 'b') : side;
    *o++ = ' ';
    for (const char *h = hand; h < rest; h++) /* the parser takes the hand in any order */
        *o++ = t == FLIP && isalpha((unsigned char)*h)
                   ? (char)(isupper((unsigned char)*h) ? tolower((unsigned char)*h) : toupper((unsigned char)*h))
                   : *h;
    strcpy(o, rest);
}

/* The USI text of m turned by t. */
static inline void usi_transform(move_t m, transform_t t, char *out)
{
    usi_format(m, out);
    for (char *c = out; *c; c++) {
        if (isdigit((unsigned char)*c) && c[1] >= 'a' && c[1] <= 'i') {
            *c = (char)('0' + 10 - (*c - '0'));
            if (t == FLIP)
                c[1] = (char)('i' - (c[1] - 'a'));
            c++;
        }
    }
}

#endif
