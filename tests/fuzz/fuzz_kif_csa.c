/*
 * fuzz_kif_csa.c: libFuzzer target for the KIF/BOD and CSA readers and writers.
 *
 * The input (cut at INPUT_MAX bytes and at its first NUL) goes to kif_read_moves and to
 * csa_read_moves, with and without a move list, under SFEN_STRICT or SFEN_EXTRA_PIECES
 * (by the input's length).  A rejection must come with a non-empty one-line message.
 * An accepted position and line must survive every writer: KIF, KI2 and CSA text read
 * back give the same position (pos_equal) and the same moves; the readers' move texts of
 * the line must each read back as their move.  Any violation prints a message and aborts.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_die.h"
#include "../../front/csa.h"
#include "../../front/kif.h"
#include "../../front/notation.h"
#include "../../movegen/sfen.h"
#include "fuzz_text.h"

enum { INPUT_MAX = 1 << 14, MOVES_MAX = 256 };

#define die(...) fuzz_die("fuzz_kif_csa", __VA_ARGS__)

typedef bool (*reader_fn)(const char *, int, pos_t *, move_t *, int, int *, char *, size_t);

static void check_message(const char *who, const char *err)
{
    if (!err[0] || strchr(err, '\n') || strchr(err, '\r'))
        die("%s: rejection without a one-line message: \"%s\"", who, err);
}

/* Writes root and the line in one form, reads it back, and compares. */
static void round_trip(int form, int flags, const pos_t *root, const move_t *moves, int n)
{
    static const char *const NAMES[] = {"KIF", "KI2", "CSA"};
    char *text = NULL, err[256] = "", a[SFEN_MAX], b[SFEN_MAX];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        die("open_memstream failed");
    if (form == 0)
        kif_write(f, root, moves, n);
    else if (form == 1)
        kif_write_ki2(f, root, moves, n);
    else
        csa_write(f, root, moves, n);
    fclose(f);
    static move_t back[MOVES_MAX];
    int nb = -1;
    pos_t p;
    bool ok = form < 2 ? kif_read_moves(text, flags, &p, back, MOVES_MAX, &nb, err, sizeof err)
                       : csa_read_moves(text, flags, &p, back, MOVES_MAX, &nb, err, sizeof err);
    if (!ok)
        die("%s of %s does not read back: %s\n%s", NAMES[form], sfen_format(root, a), err, text);
    if (!pos_equal(&p, root))
        die("%s: %s read back as %s", NAMES[form], sfen_format(root, a), sfen_format(&p, b));
    if (nb != n || memcmp(back, moves, (size_t)n * sizeof *moves))
        die("%s: %d moves read back as %d (or different) from %s\n%s", NAMES[form], n, nb, sfen_format(root, a),
            text);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size, INPUT_MAX, &size);
    if (!text)
        return 0;
    int flags = size & 1 ? SFEN_EXTRA_PIECES : SFEN_STRICT;
    static const reader_fn READERS[2] = {kif_read_moves, csa_read_moves};
    static const char *const WHO[2] = {"kif", "csa"};
    for (int r = 0; r < 2; r++) {
        static move_t moves[MOVES_MAX];
        pos_t p, q;
        int n = -1;
        char err[256] = "";
        bool plain = READERS[r](text, flags, &q, NULL, 0, NULL, err, sizeof err);
        if (!plain)
            check_message(WHO[r], err);
        err[0] = 0;
        if (!READERS[r](text, flags, &p, moves, MOVES_MAX, &n, err, sizeof err)) {
            check_message(WHO[r], err);
            continue;
        }
        if (!plain || !pos_equal(&p, &q))
            die("%s: the position depends on whether the moves are read", WHO[r]);
        if (n < 0 || n > MOVES_MAX)
            die("%s: %d moves", WHO[r], n);
        for (int form = 0; form < 3; form++)
            round_trip(form, flags, &p, moves, n);
        /* each readers' move text reads back as its move */
        pos_t s = p;
        square_t prev = SQ_NONE;
        for (int i = 0; i < n; i++) {
            char ki2[NOTATION_MOVE_MAX], why[160] = "";
            move_t m;
            notation_kif_move(&s, moves[i], prev, ki2, sizeof ki2);
            if (!notation_parse_move(&s, ki2, prev, &m, NULL, why, sizeof why) || m != moves[i])
                die("%s: move %d '%s' does not read back: %s", WHO[r], i + 1, ki2, why);
            undo_t u;
            pos_do(&s, moves[i], &u);
            prev = mv_to(moves[i]);
        }
    }
    free(text);
    return 0;
}
