/*
 * cli.h: what the subcommands of the tsume binary share: the entry points, and small
 * helpers for argument text and one-line errors.
 */
#ifndef TSUME_CLI_H
#define TSUME_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <unistd.h>

#include "../movegen/position.h"

int cmd_perft(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_checks(int argc, char **argv);
int cmd_evasions(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_usi(int argc, char **argv); /* cmd_usi.c; also the whole of the tsume-usi program */
int cmd_convert(int argc, char **argv);

/* Prints "tsume: <message>" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Keeps the errno of a write to stdout that failed (the first), for the message at the
 * end (main.c): a batch flushes each report, so the last flush may have nothing left to
 * fail with and no reason to give. */
void cli_stdout_failed(int err);

/* Reads a position from the remaining arguments (SFEN, "sfen ...", "position ...",
 * "startpos"), or the start position when there are none.  Reports errors itself, named
 * by the command cmd.  flags are sfen_parse's; a position beyond the 40-piece set gets a
 * note on stderr. */
bool cli_position(const char *cmd, int argc, char **argv, int flags, pos_t *p);

bool cli_wants_help(int argc, char **argv);

/* The machine's memory in MiB, 0 when it cannot be told: a table size above it (--hash,
 * USI_Hash) is allowed, since the table fills as the search goes, but said. */
static inline unsigned long long cli_machine_mb(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? (unsigned long long)pages * (unsigned long long)page >> 20 : 0;
}

/* "ply" or "plies", as n asks ("mate in 1 ply"). */
static inline const char *cli_plies(int n)
{
    return n == 1 ? "ply" : "plies";
}

/* git's description of the checkout the binary was built from ("7af1199", with "-dirty"
 * for uncommitted changes; "unknown" outside git), written by make into build/version.c. */
extern const char tsume_version[];

#endif
