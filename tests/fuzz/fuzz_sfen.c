/*
 * fuzz_sfen.c: libFuzzer target for the SFEN reader and writer.
 *
 * The input (cut at INPUT_MAX bytes and at its first NUL) goes to sfen_parse and to
 * sfen_parse_position, under SFEN_STRICT and under SFEN_EXTRA_PIECES.  A rejection must
 * come with a non-empty one-line message.  An accepted position must survive the
 * canonical round trip: sfen_format, parse again, and get the same bytes of pos_t (so
 * the keys and checkers built incrementally by a "moves" list equal those computed from
 * scratch) and the same text.  The two flags must agree on positions within the
 * 40-piece set.  Accepted positions, however odd, also go through the generators, whose
 * moves must be distinct, leave the mover's king safe, and agree with each other.
 * Any violation prints a message and aborts.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../movegen/movegen.h"
#include "../../movegen/sfen.h"
#include "../../movegen/usi_move.h"

enum { INPUT_MAX = 1024 }; /* longer than any SFEN with a few moves; sfen.c caps at 512 */

static const char *g_input;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz_sfen: ");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n  input: \"%s\"\n", g_input);
    abort();
}

static const char *mv_name(move_t m)
{
    static char buf[4][USI_MOVE_MAX];
    static int k;
    return usi_format(m, buf[k++ & 3]);
}

static bool parse(pos_t *p, const char *text, int flags, bool position, char *err)
{
    memset(err, 0, SFEN_ERR_MAX);
    return position ? sfen_parse_position(p, text, flags, err, SFEN_ERR_MAX)
                    : sfen_parse(p, text, flags, err, SFEN_ERR_MAX);
}

static void check_error(const char *err, const char *who)
{
    if (!err[0])
        die("%s failed with an empty message", who);
    if (strpbrk(err, "\n\r"))
        die("%s failed with a message of more than one line: \"%s\"", who, err);
}

static int cmp_move(const void *a, const void *b)
{
    return (int)*(const move_t *)a - (int)*(const move_t *)b;
}

static void sort_unique(const pos_t *p, move_t *list, int n, const char *who)
{
    char buf[SFEN_MAX];
    if (n < 0 || n > MG_MAX_MOVES)
        die("%s returned %d moves in %s", who, n, sfen_format(p, buf));
    qsort(list, (size_t)n, sizeof *list, cmp_move);
    for (int i = 1; i < n; i++)
        if (list[i] == list[i - 1])
            die("%s lists %s twice in %s", who, mv_name(list[i]), sfen_format(p, buf));
}

static bool contains(const move_t *sorted, int n, move_t m)
{
    return bsearch(&m, sorted, (size_t)n, sizeof m, cmp_move) != NULL;
}

/* The generators on whatever the parser let through. */
static void exercise(const pos_t *p)
{
    char buf[SFEN_MAX];
    move_t legal[MG_MAX_MOVES], checks[MG_MAX_MOVES];
    int nl = mg_legal(p, legal);
    sort_unique(p, legal, nl, "mg_legal");
    for (int i = 0; i < nl; i++) {
        pos_t q;
        undo_t u;
        memcpy(&q, p, sizeof q);
        pos_do(&q, legal[i], &u);
        square_t k = q.king[p->side];
        if (k != SQ_NONE && pos_attacked(&q, q.side, k, pos_occ(&q)))
            die("mg_legal: %s leaves the king in check in %s", mv_name(legal[i]), sfen_format(p, buf));
        if (pos_gives_check(p, legal[i]) != pos_in_check(&q))
            die("pos_gives_check(%s) is wrong in %s", mv_name(legal[i]), sfen_format(p, buf));
    }
    int nc = mg_checks(p, checks), ngc = 0;
    sort_unique(p, checks, nc, "mg_checks");
    for (int i = 0; i < nc; i++)
        if (!contains(legal, nl, checks[i]) || !pos_gives_check(p, checks[i]))
            die("mg_checks: %s is not a legal check in %s", mv_name(checks[i]), sfen_format(p, buf));
    for (int i = 0; i < nl; i++)
        ngc += pos_gives_check(p, legal[i]);
    if (ngc != nc)
        die("mg_checks has %d moves, %d legal moves give check in %s", nc, ngc, sfen_format(p, buf));
    if (pos_in_check(p)) {
        move_t ev[MG_MAX_MOVES];
        int ne = mg_evasions(p, ev);
        sort_unique(p, ev, ne, "mg_evasions");
        if (ne != nl || memcmp(ev, legal, (size_t)nl * sizeof *ev) != 0)
            die("mg_evasions (%d) differs from mg_legal (%d) in %s", ne, nl, sfen_format(p, buf));
        if (mg_has_evasion(p) != (nl > 0))
            die("mg_has_evasion is wrong with %d legal moves in %s", nl, sfen_format(p, buf));
    }
}

static void run(const char *text, int flags, bool position)
{
    const char *who = position ? "sfen_parse_position" : "sfen_parse";
    pos_t p, q;
    char err[SFEN_ERR_MAX], first[SFEN_MAX], second[SFEN_MAX];
    if (!parse(&p, text, flags, position, err)) {
        check_error(err, who);
        if (flags & SFEN_EXTRA_PIECES) {
            /* a position the loose flag refuses, the strict one must refuse too */
            if (parse(&q, text, SFEN_STRICT, position, err))
                die("%s: accepted by SFEN_STRICT only", who);
        }
        return;
    }
    sfen_format(&p, first);
    if (!sfen_parse(&q, first, flags, err, sizeof err))
        die("%s: own output \"%s\" rejected: %s", who, first, err);
    if (!pos_equal(&p, &q))
        die("%s: \"%s\" parses to another position", who, first);
    if (memcmp(&p, &q, sizeof p) != 0)
        die("%s: \"%s\" parses to other bytes (keys, checkers or bitboards)", who, first);
    sfen_format(&q, second);
    if (strcmp(first, second) != 0)
        die("%s: output not canonical: \"%s\" then \"%s\"", who, first, second);

    if (flags & SFEN_EXTRA_PIECES) {
        bool strict_ok = parse(&q, text, SFEN_STRICT, position, err);
        if (strict_ok != !sfen_has_extra_pieces(&p))
            die("%s: SFEN_STRICT %s a position %s extra pieces", who, strict_ok ? "accepts" : "rejects",
                sfen_has_extra_pieces(&p) ? "with" : "without");
        if (strict_ok && memcmp(&p, &q, sizeof p) != 0)
            die("%s: the two flags give different positions", who);
    }
    exercise(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[INPUT_MAX + 1];
    if (size > INPUT_MAX)
        size = INPUT_MAX;
    memcpy(text, data, size);
    text[size] = 0;
    g_input = text;
    pos_init_tables();
    for (int position = 0; position <= 1; position++) {
        run(text, SFEN_STRICT, position);
        run(text, SFEN_EXTRA_PIECES, position);
    }
    return 0;
}
