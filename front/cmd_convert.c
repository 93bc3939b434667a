/*
 * cmd_convert.c: `tsume convert`: one problem between SFEN, KIF (and its KI2 and BOD
 * cousins) and CSA, with its move line when the input has one.
 *
 * The input format is told from the content (input.h; --from overrides).  SFEN input is
 * one problem line as in the files of problems/: the SFEN (a 'moves' part is played, as
 * in USI), then optional TAB columns, the first of which made only of USI moves is the
 * line.  Every error is one line on stderr and exit 2.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "cli.h"
#include "csa.h"
#include "input.h"
#include "kif.h"

enum { CONVERT_MAX_INPUT = 16 << 20, CONVERT_MAX_MOVES = 10000, CONVERT_ERR = 256 };
/* The input formats are input.h's; KI2 is an output only. */
enum { FMT_NONE = INPUT_NONE, FMT_SFEN = INPUT_SFEN, FMT_KIF = INPUT_KIF, FMT_CSA = INPUT_CSA, FMT_KI2 };
static const char *const FMT_NAMES[] = {"", "sfen", "kif", "csa", "ki2"};

static void usage(void)
{
    puts("usage: tsume convert --to sfen|kif|ki2|csa [--from sfen|kif|csa] [--no-moves] [FILE | - | SFEN]\n"
         "\n"
         "Converts one problem between formats.  The input is FILE, standard input ('-' or\n"
         "nothing), or a SFEN given as arguments; its format is told from the content:\n"
         "  sfen  one line: a SFEN ('sfen ...', 'position sfen ... [moves ...]' too), then\n"
         "        optional TAB columns as in problems/*.sfen, the first made only of USI\n"
         "        moves being the line; '#' lines and blank lines are skipped\n"
         "  kif   a KIF file or BOD diagram (UTF-8 or Shift_JIS): board, 持駒 lines with\n"
         "        なし or 残り全部, 先手番/後手番; KIF or KI2 move lists give the line\n"
         "  csa   CSA V2 to V3.0: PI or P1..P9 rows, P+/P- pieces and hands, P-00AL,\n"
         "        the side line '+' or '-'; moves give the line\n"
         "Output (--to):\n"
         "  sfen  the SFEN; with a line, a TAB, its length ('-' unless it ends in check\n"
         "        after the attacker's move) and a TAB, the USI moves; a game record's\n"
         "        moves follow its start SFEN after 'moves'\n"
         "  kif   a KIF file: BOD diagram, then '   1 ５二角成(96) ...' and まで…手で詰み\n"
         "  ki2   the diagram, then the line as readers write it: ▲５二角成 △同　銀左 ...\n"
         "  csa   a CSA V2.2 record: P1..P9, P+00../P-00.. hands, side, moves, %TSUMI\n"
         "options:\n"
         "  --to FORMAT      output format (required)\n"
         "  --from FORMAT    input format, instead of telling it from the content\n"
         "  --no-moves       leave the line out\n"
         "  --help           this text\n"
         "Options may also be written --to=FORMAT, --from=FORMAT; '--' ends them.\n"
         "Exit status: 0 on success, 2 on any error (one line on stderr).");
}

static int format_named(const char *name, bool output)
{
    for (int f = FMT_SFEN; f <= FMT_KI2; f++)
        if (!strcmp(name, FMT_NAMES[f]) && (output || f != FMT_KI2))
            return f;
    return FMT_NONE;
}

/* The whole of f as text; NULL with a message in err. */
static char *read_all(FILE *f, char *err, size_t errlen)
{
    size_t len;
    char *text = input_read_all(f, CONVERT_MAX_INPUT, &len, err, errlen);
    if (text && strlen(text) != len) {
        snprintf(err, errlen, "the input holds a NUL byte: not a text file");
        free(text);
        text = NULL;
    }
    return text;
}

/* A problem line: SFEN, then TAB columns; the first column of USI moves is the line. */
static bool read_sfen(const char *text, pos_t *p, move_t *moves, int *n, char *err, size_t errlen)
{
    const char *line = NULL;
    size_t len = 0;
    int count = 0;
    for (const char *s = input_skip_bom(text); *s;) { /* as solve -f skips it */
        size_t l = strcspn(s, "\r\n");
        const char *t = s;
        while (t < s + l && (*t == ' ' || *t == '\t'))
            t++;
        if (t < s + l && *t != '#') {
            if (count++ == 0)
                line = t, len = l - (size_t)(t - s);
        }
        s += l;
        while (*s == '\r' || *s == '\n')
            s++;
    }
    if (count != 1) {
        if (count == 0)
            snprintf(err, errlen, "no SFEN in the input");
        else
            snprintf(err, errlen, "%d problem lines: convert takes one (e.g. sed -n 5p FILE | tsume convert ... -)",
                     count);
        return false;
    }
    char *buf = strndup(line, len);
    if (!buf) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    char *tab = strchr(buf, '\t');
    if (tab)
        *tab = 0;
    bool ok = sfen_parse_position(p, buf, SFEN_EXTRA_PIECES, err, errlen);
    *n = 0;
    for (char *col = tab ? tab + 1 : NULL; ok && col;) {
        char *next = strchr(col, '\t');
        size_t clen = next ? (size_t)(next - col) : strlen(col);
        if (input_usi_column(col, clen)) {
            pos_t q = *p;
            col[clen] = 0;
            for (char *tok = strtok(col, " "); ok && tok; tok = strtok(NULL, " ")) {
                char why[SFEN_ERR_MAX];
                move_t m;
                if (*n == CONVERT_MAX_MOVES) {
                    snprintf(err, errlen, "more than %d moves", CONVERT_MAX_MOVES);
                    ok = false;
                } else if (!usi_parse_legal(&q, tok, &m, why, sizeof why)) {
                    snprintf(err, errlen, "move %d of the line: %s", *n + 1, why);
                    ok = false;
                } else {
                    undo_t u;
                    moves[(*n)++] = m;
                    pos_do(&q, m, &u);
                }
            }
            break;
        }
        col = next ? next + 1 : NULL;
    }
    free(buf);
    return ok;
}

int cmd_convert(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        usage();
        return 0;
    }
    int to = FMT_NONE, from = FMT_NONE;
    bool no_moves = false;
    char **words = calloc((size_t)argc + 1, sizeof *words);
    int n_words = 0;
    if (!words) {
        cli_error("convert: out of memory");
        return 2;
    }
    bool options_done = false; /* after "--", as the other commands read it */
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *value = NULL;
        if (options_done) {
            words[n_words++] = argv[i];
            continue;
        }
        if (!strcmp(a, "--")) {
            options_done = true;
            continue;
        }
        if (!strncmp(a, "--to=", 5) || !strncmp(a, "--from=", 7))
            value = strchr(a, '=') + 1;
        if (value || !strcmp(a, "--to") || !strcmp(a, "--from")) {
            bool out = a[2] == 't';
            if (!value && i + 1 == argc) {
                cli_error("convert: %s needs a format (sfen, kif%s or csa)", a, out ? ", ki2" : "");
                free(words);
                return 2;
            }
            if (!value)
                value = argv[++i];
            int f = format_named(value, out);
            if (f == FMT_NONE) {
                cli_error("convert: unknown %s format '%s' (sfen, kif%s or csa)", out ? "output" : "input", value,
                          out ? ", ki2" : "");
                free(words);
                return 2;
            }
            if (*(out ? &to : &from) != FMT_NONE) {
                cli_error("convert: %s given twice", out ? "--to" : "--from");
                free(words);
                return 2;
            }
            *(out ? &to : &from) = f;
        } else if (!strcmp(a, "--no-moves")) {
            no_moves = true;
        } else if (a[0] == '-' && a[1] == '-') {
            cli_error("convert: unknown option '%s' (see 'tsume convert --help')", a);
            free(words);
            return 2;
        } else {
            words[n_words++] = argv[i];
        }
    }
    if (to == FMT_NONE) {
        cli_error("convert: --to sfen|kif|ki2|csa is required (see 'tsume convert --help')");
        free(words);
        return 2;
    }

    /* the input text and a name for messages */
    char err[CONVERT_ERR] = "";
    char *text = NULL;
    const char *name = "stdin";
    FILE *f = NULL;
    if (n_words == 0 || (n_words == 1 && !strcmp(words[0], "-"))) {
        text = read_all(stdin, err, sizeof err);
    } else if (n_words == 1 && (f = fopen(words[0], "rb"))) {
        name = words[0];
        text = read_all(f, err, sizeof err);
        fclose(f);
    } else {
        /* One word is a file unless it is position text: a SFEN board (eight '/'), a
         * keyword, or a quoted position (with a space).  A path that cannot be opened is
         * reported as such, not parsed as a position. */
        int slashes = 0;
        for (const char *c = words[0]; *c; c++)
            slashes += *c == '/';
        size_t w = strcspn(words[0], " \t");
        bool keyword = !strcmp(words[0], "startpos") || !strcmp(words[0], "sfen") || !strcmp(words[0], "position");
        bool sfen_like = words[0][w] || slashes == 8 || keyword;
        /* Several words are position text unless the first is a file or cannot begin a
         * board ('convert a.kif b.kif' is two inputs, not a bad SFEN). */
        if (n_words > 1 && !sfen_like && (!slashes || access(words[0], F_OK) == 0)) {
            cli_error("convert: one input only: a FILE, '-' or a SFEN, and %d words were given ('%s' is no SFEN)",
                      n_words, words[0]);
            free(words);
            return 2;
        }
        if (n_words == 1 && !sfen_like) {
            cli_error("convert: cannot open '%s': %s", words[0], strerror(errno));
            free(words);
            return 2;
        }
        name = "SFEN";
        if (!(text = input_join(n_words, words)))
            snprintf(err, sizeof err, "out of memory");
        if (text && from == FMT_NONE)
            from = FMT_SFEN;
    }
    free(words);
    if (!text) {
        cli_error("convert: %s: %s", name, err);
        return 2;
    }

    if (from == FMT_NONE && (from = (int)input_detect(text)) == FMT_NONE) {
        cli_error("convert: %s: not SFEN, KIF or CSA as far as can be told (try --from)", name);
        free(text);
        return 2;
    }
    pos_t p;
    move_t *moves = malloc(CONVERT_MAX_MOVES * sizeof *moves);
    int n = 0;
    bool ok = moves != NULL;
    if (!ok)
        snprintf(err, sizeof err, "out of memory");
    else if (from == FMT_SFEN)
        ok = read_sfen(text, &p, moves, &n, err, sizeof err);
    else if (from == FMT_KIF)
        ok = kif_read_moves(text, SFEN_EXTRA_PIECES, &p, moves, CONVERT_MAX_MOVES, &n, err, sizeof err);
    else
        ok = csa_read_moves(text, SFEN_EXTRA_PIECES, &p, moves, CONVERT_MAX_MOVES, &n, err, sizeof err);
    free(text);
    if (!ok) {
        cli_error("convert: %s: %s", name, err);
        free(moves);
        return 2;
    }
    if (sfen_has_extra_pieces(&p))
        cli_error("note: this position holds more pieces of a kind than the 40-piece set");
    if (no_moves)
        n = 0;
    switch (to) {
    case FMT_SFEN: {
        char sfen[SFEN_MAX];
        fputs(sfen_format(&p, sfen), stdout);
        /* A game record's moves lead to the position asked about, as solve reads one;
         * a problem's line is a column, its length one only when it ends in check. */
        bool game = n && kif_is_game_start(&p);
        if (game)
            fputs(" moves", stdout);
        else if (n && kif_stated_length(&p, moves, n))
            printf("\t%d\t", n);
        else if (n)
            fputs("\t-\t", stdout);
        for (int i = 0; i < n; i++) {
            char mv[USI_MOVE_MAX];
            printf("%s%s", i || game ? " " : "", usi_format(moves[i], mv));
        }
        putchar('\n');
        break;
    }
    case FMT_KIF: kif_write(stdout, &p, moves, n); break;
    case FMT_KI2: kif_write_ki2(stdout, &p, moves, n); break;
    default: csa_write(stdout, &p, moves, n); break;
    }
    free(moves);
    return 0; /* main() reports output it could not write */
}
