/*
 * cmd_rules.c: the rules-core subcommands: perft, moves, checks, evasions.
 * Move lists are sorted USI, one a line, so tools can diff them against other engines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../movegen/movegen.h"
#include "../movegen/perft.h"
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "cli.h"

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

/* -f FILE: one position a line in, one line of sorted moves out (or "error: ..."), so
 * a tool can compare thousands of positions with one process. */
static int list_batch(const char *path, gen_fn gen)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f) {
        cli_error("cannot open '%s'", path);
        return 2;
    }
    char *line = NULL, err[SFEN_ERR_MAX];
    size_t cap = 0;
    int status = 0;
    /* getline: a line of any length is one position and one line of output. */
    while (getline(&line, &cap, f) >= 0) {
        line[strcspn(line, "\r\n")] = 0;
        pos_t p;
        move_t list[MG_MAX_MOVES];
        if (!sfen_parse_position(&p, line, SFEN_EXTRA_PIECES, err, sizeof err)) {
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
        cli_error("cannot read '%s'", path);
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
               "With -f, reads one position a line from FILE ('-' for stdin) and prints one line\n"
               "per position: its moves separated by spaces, or 'error: REASON'.\n",
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
        return list_batch(argv[1], gen);
    }
    pos_t p;
    if (!cli_position(argc, argv, SFEN_EXTRA_PIECES, &p))
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
    char *end;
    long depth = argc ? strtol(argv[0], &end, 10) : -1;
    if (argc == 0 || *end || depth < 1 || depth > 20) {
        cli_error("perft: DEPTH must be a number from 1 to 20 (see 'tsume perft --help')");
        return 2;
    }
    pos_t p;
    if (!cli_position(argc - 1, argv + 1, SFEN_EXTRA_PIECES, &p))
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
