/*
 * fuzz_problems.c: libFuzzer target for the problem-file reader (front/problems.c) that
 * solve, check and verify read -f files and file words with.
 *
 * The input (cut at INPUT_MAX bytes and at its first NUL, as files holding one are
 * refused before) is read as a file's text.  It must keep the reader's promises: a KIF or
 * CSA text (input_detect) is exactly one problem; a problem without a position has a
 * one-line reason; a diagram's SFEN reads back; a stated line is a column of USI moves,
 * and a diagram's replays legally from its position, its length the stated one when one
 * is given (odd, ending in check), and a game record (moves from a game's start) has
 * none; a SFEN line's second column holds no TAB.  Any
 * violation prints a message and aborts.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_die.h"
#include "../../front/input.h"
#include "../../front/kif.h"
#include "../../front/problems.h"
#include "../../movegen/usi_move.h"
#include "fuzz_text.h"

enum { INPUT_MAX = 1 << 14 };

/* front/main.c's, which this target does not link: the reader's messages go nowhere. */
void cli_error(const char *fmt, ...)
{
    (void)fmt;
}

#define die(...) fuzz_die("fuzz_problems", __VA_ARGS__)

/* The moves of a diagram's stated line, replayed from p: their number. */
static int replay(pos_t p, const char *moves)
{
    char *copy = strdup(moves);
    if (!copy)
        die("out of memory");
    int n = 0;
    for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
        char why[128];
        move_t m;
        undo_t u;
        if (!usi_parse_legal(&p, tok, &m, why, sizeof why))
            die("stated move %d '%s' is not legal: %s", n + 1, tok, why);
        pos_do(&p, m, &u);
        n++;
    }
    free(copy);
    if (n % 2 == 0 || !pos_in_check(&p))
        n = -n; /* no mate stated */
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size, INPUT_MAX, &size);
    if (!text)
        return 0;
    input_format_t fmt = input_detect(text); /* before the reader cuts the text up */
    bool diagram = fmt == INPUT_KIF || fmt == INPUT_CSA;
    problem_list_t l = {0};
    if (!problem_read_text(&l, "fuzz", text, strlen(text), "fuzz"))
        die("the reader failed (out of memory?)");
    if (diagram && l.n != 1)
        die("a %s text gave %zu problems", fmt == INPUT_KIF ? "KIF" : "CSA", l.n);
    for (size_t i = 0; i < l.n; i++) {
        const problem_t *pb = &l.items[i];
        if (!pb->text || pb->line < 1 || strcmp(pb->file, "fuzz"))
            die("problem %zu: no text, line %ld or file", i, pb->line);
        pos_t p;
        char err[256] = "";
        bool ok = problem_position(pb, &p, err, sizeof err);
        if (!ok && (!err[0] || strchr(err, '\n') || strchr(err, '\r')))
            die("problem %zu: no position, and no one-line reason: \"%s\"", i, err);
        if (pb->error && ok)
            die("problem %zu: a position despite its error \"%s\"", i, pb->error);
        if (diagram && !pb->error && !ok)
            die("the diagram's SFEN '%s' does not read back: %s", pb->text, err);
        if (pb->moves && !input_usi_column(pb->moves, strlen(pb->moves)))
            die("problem %zu: stated line '%s' is not USI moves", i, pb->moves);
        if (diagram && ok && pb->moves && kif_is_game_start(&p))
            die("a game record's moves kept as a stated line '%s'", pb->moves);
        if (diagram && ok) {
            int n = pb->moves ? replay(p, pb->moves) : 0;
            char want[16] = "";
            if (n > 0)
                snprintf(want, sizeof want, "%d", n);
            if (strcmp(pb->expect ? pb->expect : "", want))
                die("a line of %d moves%s stated as '%s'", n < 0 ? -n : n, n > 0 ? " ending in check" : "",
                    pb->expect ? pb->expect : "");
        }
        if (!diagram && pb->expect && strchr(pb->expect, '\t'))
            die("problem %zu: a TAB in the second column '%s'", i, pb->expect);
    }
    problem_list_free(&l);
    free(text);
    return 0;
}
