/*
 * cmd_rules.c: the rules-core subcommands: perft, moves, checks, evasions.
 * Move lists are sorted USI, one a line, so tools can diff them against other engines.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../movegen/movegen.h"
#include "../movegen/perft.h"
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "cli.h"
#include "input.h"

enum { LINE_MAX_BYTES = 1 << 20 }; /* a position with its moves is far shorter */

static int cmp_usi(const void *a, const void *b) { return strcmp(a, b); }

/* Prints the moves sorted, one a line, or on one line separated by spaces. */
static void print_sorted(const move_t *list, int n, bool one_line)
{
    char (*text)[USI_MOVE_MAX] = malloc(sizeof *text * (size_t)(n ? n : 1));
    if (!text) {
        cli_error("out of memory");
        exit(2);
    }
    for (int i = 0; i < n; i++)
        usi_format(list[i], text[i]);
    qsort(text, (size_t)n, sizeof *text, cmp_usi);
    for (int i = 0; i < n; i++)
        printf(one_line ? "%s%s" : "%.0s%s\n", i ? " " : "", text[i]);
    if (one_line)
        putchar('\n');
    free(text);
}

typedef int (*gen_fn)(const pos_t *, move_t *);

/* A word that begins with '-' (but '-' alone, a SFEN's empty hand) is an option, never
 * position text: an unknown one is named, not parsed as a bad SFEN. */
static bool options_known(const char *name, int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1]) {
            cli_error("%s: unknown option '%s' (see 'tsume %s --help')", name, argv[i], name);
            return false;
        }
    return true;
}

/* The position of a line s (within line): what comes before its first TAB. */
static const char *cut_at_tab(char *line, const char *s)
{
    line[strcspn(line, "\t")] = 0;
    return s;
}

/* -f FILE: one position a line in, one line of sorted moves out (or "error: ..."), so
 * a tool can compare thousands of positions with one process.  Every line in gets its
 * line out, blank and '#' lines too (an error), so that the two stay in step.  A line
 * may go on after a TAB, as in problem files: the position is what comes before it. */
static int list_batch(const char *name, const char *path, gen_fn gen)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) {
        cli_error("%s: cannot open '%s': %s", name, path, strerror(errno));
        return 2;
    }
    char *line = NULL, err[SFEN_ERR_MAX];
    size_t cap = 0;
    int status = 0;
    unsigned flags;
    long len, n = 0;
    while ((len = input_read_line(f, &line, &cap, LINE_MAX_BYTES, true, &flags)) >= 0) {
        const char *s = ++n == 1 ? input_skip_bom(line) : line;
        pos_t p;
        move_t list[MG_MAX_MOVES];
        if (flags & INPUT_LINE_LONG) {
            /* Not a position, and maybe no end (/dev/zero): the rest is not read. */
            printf("error: line longer than %d MiB\n", LINE_MAX_BYTES >> 20);
            cli_error("%s: stopped reading '%s' at line %ld, longer than %d MiB", name, path, n, LINE_MAX_BYTES >> 20);
            status = 2;
            break;
        } else if (flags & INPUT_LINE_NUL) {
            puts("error: the line holds a NUL byte");
            status = 1;
        } else if (s[strspn(s, " \t")] == '#' || !s[strspn(s, " \t")]) {
            puts(s[strspn(s, " \t")] ? "error: a comment line" : "error: a blank line");
            status = 1;
        } else if (!sfen_parse_position(&p, cut_at_tab(line, s), SFEN_EXTRA_PIECES, err, sizeof err)) {
            printf("error: %s\n", err);
            status = 1;
        } else if (gen == mg_evasions && !pos_in_check(&p)) {
            puts("error: the side to move is not in check");
            status = 1;
        } else {
            print_sorted(list, gen(&p, list), true);
        }
    }
    if (ferror(f)) {
        cli_error("%s: cannot read '%s': %s", name, path, strerror(errno));
        status = 2;
    } else if (len < 0 && !feof(f) && status != 2) {
        cli_error("%s: out of memory reading '%s'", name, path);
        status = 2;
    }
    free(line);
    if (f != stdin)
        fclose(f);
    return status;
}

static int list_moves(int argc, char **argv, gen_fn gen, const char *name, const char *what)
{
    if (cli_wants_help(argc, argv)) {
        printf("usage: tsume %s SFEN\n       tsume %s -f FILE\n\n"
               "Prints %s, sorted USI, one a line.\n"
               "SFEN may be a bare SFEN, 'sfen ...', 'position sfen ... [moves ...]' or 'startpos'.\n"
               "With -f, reads one position a line from FILE ('-' for stdin; lines end at LF,\n"
               "CRLF or CR) and prints one line for each line read: its moves separated by\n"
               "spaces, or 'error: REASON' (blank and '#' lines too, so that the lines stay in\n"
               "step); a TAB ends the position, as in problem files (problems/*.sfen).\n"
               "Exit status: 0, 1 if any line was an error, 2 if the input could not\n"
               "be read (or had a line over 1 MiB: reading stops there).\n",
               name, name, what);
        return 0;
    }
    if (argc == 0) {
        cli_error("%s: missing SFEN (see 'tsume %s --help')", name, name);
        return 2;
    }
    if (!strcmp(argv[0], "-f")) {
        if (argc != 2) {
            cli_error("%s: -f takes one FILE", name);
            return 2;
        }
        return list_batch(name, argv[1], gen);
    }
    if (!options_known(name, argc, argv))
        return 2;
    pos_t p;
    if (!cli_position(name, argc, argv, SFEN_EXTRA_PIECES, &p))
        return 2;
    if (gen == mg_evasions && !pos_in_check(&p)) {
        cli_error("evasions: the side to move is not in check");
        return 2;
    }
    move_t list[MG_MAX_MOVES];
    print_sorted(list, gen(&p, list), false);
    return 0;
}

int cmd_moves(int argc, char **argv)
{
    return list_moves(argc, argv, mg_legal, "moves", "every legal move of the side to move");
}
int cmd_checks(int argc, char **argv)
{
    return list_moves(argc, argv, mg_checks, "checks", "the legal moves of the side to move that give check");
}
int cmd_evasions(int argc, char **argv)
{
    return list_moves(argc, argv, mg_evasions, "evasions", "the legal replies of the side to move, which is in check");
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int cmd_perft(int argc, char **argv)
{
    bool divide = false;
    if (cli_wants_help(argc, argv)) {
        puts("usage: tsume perft [--divide] DEPTH [SFEN]\n\n"
             "Counts the leaves of the legal move tree DEPTH plies deep (start position by default).\n"
             "Prints 'depth D nodes N time_ms T nps R'; --divide first prints 'MOVE: N' per root move.");
        return 0;
    }
    if (argc && !strcmp(argv[0], "--divide")) {
        divide = true;
        argc--, argv++;
    }
    char *end = NULL; /* set whenever *end is read: depth >= 1 came from strtol */
    long depth = argc && isdigit((unsigned char)argv[0][0]) ? strtol(argv[0], &end, 10) : 0; /* not ' 2', '+2' */
    if (depth < 1 || depth > 20 || *end) {
        cli_error("perft: DEPTH must be a number from 1 to 20 (see 'tsume perft --help')");
        return 2;
    }
    if (argc > 1 && !strcmp(argv[argc - 1], "--divide"))
        divide = true, argc--; /* after the position, as after DEPTH: still the option */
    else if (argc > 1 && !strcmp(argv[1], "--divide"))
        divide = true, argv[1] = argv[0], argc--, argv++;
    if (!options_known("perft", argc - 1, argv + 1))
        return 2;
    pos_t p;
    if (!cli_position("perft", argc - 1, argv + 1, SFEN_EXTRA_PIECES, &p))
        return 2;
    double t0 = now_seconds();
    uint64_t nodes = 0;
    if (divide) {
        move_t list[MG_MAX_MOVES];
        int n = mg_legal(&p, list);
        for (int i = 0; i < n; i++) {
            undo_t u;
            char text[USI_MOVE_MAX];
            pos_do(&p, list[i], &u);
            uint64_t k = mg_perft(&p, (int)depth - 1);
            pos_undo(&p, list[i], &u);
            printf("%s: %llu\n", usi_format(list[i], text), (unsigned long long)k);
            nodes += k;
        }
    } else {
        nodes = mg_perft(&p, (int)depth);
    }
    double secs = now_seconds() - t0;
    printf("depth %ld nodes %llu time_ms %.0f nps %.0f\n", depth, (unsigned long long)nodes, secs * 1000,
           secs > 0 ? nodes / secs : 0.0);
    return 0;
}
