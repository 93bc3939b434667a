/*
 * main.c: the tsume binary: dispatches to one subcommand per file of front/.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../movegen/sfen.h"
#include "cli.h"
#include "input.h"

#ifndef TSUME_NO_JEMALLOC
/* jemalloc's own entry point, named so that the link needs the library: gcc's LTO hides
 * malloc from the linker, and Debian's gcc links --as-needed, so a gcc build once ran on
 * glibc's malloc with -ljemalloc given (a helper's review of the set-up, 2026-12-01). */
int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);
#endif

/* The allocator, for --version: "jemalloc 5.3.0", or libc's in the sanitizer and
 * coverage builds. */
static void allocator_name(char *buf, size_t len)
{
#ifndef TSUME_NO_JEMALLOC
    const char *v = NULL;
    size_t n = sizeof v;
    if (mallctl("version", &v, &n, NULL, 0) == 0 && v) {
        snprintf(buf, len, "jemalloc %.*s", (int)strcspn(v, "-"), v);
        return;
    }
    snprintf(buf, len, "jemalloc");
#else
    snprintf(buf, len, "libc malloc: a sanitizer or coverage build");
#endif
}

static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *summary;
} COMMANDS[] = {
    {"perft", cmd_perft, "count leaves of the legal move tree: perft DEPTH [SFEN]"},
    {"moves", cmd_moves, "list legal moves: moves SFEN"},
    {"checks", cmd_checks, "list checking moves of the side to move: checks SFEN"},
    {"evasions", cmd_evasions, "list replies of the side in check: evasions SFEN"},
    {"solve", cmd_solve, "solve mate problems: solve [OPTIONS] SFEN | -f FILE"},
    {"verify", cmd_verify, "is a composed problem sound? verify [OPTIONS] SFEN | -f FILE"},
    {"check", cmd_check, "mate within N plies? check --plies N [--exact | --first] SFEN | -f FILE"},
    {"usi", cmd_usi, "USI engine answering 'go mate' on stdin/stdout (also ./tsume-usi)"},
    {"convert", cmd_convert, "convert a problem between SFEN, KIF, KI2 and CSA: convert --to FORMAT [FILE]"},
};
enum { N_COMMANDS = sizeof COMMANDS / sizeof COMMANDS[0] };

/* One write, so that a worker's message and the batch's progress line (batch.c, drawn on
 * a terminal's stderr) cannot mix mid-line; on a terminal it first clears the line, where
 * a progress line may stand (the message was glued to its end), and the next redraw
 * comes on the line after. */
void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[1024], *msg = small;
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof small && (msg = malloc((size_t)n + 1))) { /* a long path in it */
        va_start(ap, fmt);
        vsnprintf(msg, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    if (!msg) /* out of memory: what fitted */
        msg = small;
    fprintf(stderr, "%stsume: %s\n", isatty(STDERR_FILENO) ? "\r\033[K" : "", n < 0 ? fmt : msg);
    if (msg != small)
        free(msg);
}

bool cli_position(const char *cmd, int argc, char **argv, int flags, pos_t *p)
{
    char err[SFEN_ERR_MAX], *text = input_join(argc, argv);
    if (!text) {
        cli_error("out of memory");
        return false;
    }
    bool ok = sfen_parse_position(p, argc ? text : "startpos", flags, err, sizeof err);
    free(text);
    if (!ok) {
        cli_error("%s: %s", cmd, err);
        return false;
    }
    if (sfen_has_extra_pieces(p))
        cli_error("%s: note: this position holds more pieces of a kind than the 40-piece set", cmd);
    return true;
}

bool cli_wants_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            return true;
    return false;
}

static void usage(FILE *f)
{
    fputs("usage: tsume COMMAND [ARGS]\n\ncommands:\n", f);
    for (int i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  %-9s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fputs("\n'tsume COMMAND --help' describes one command; 'tsume --version' the build.\n", f);
}

/* A command's answers are only as good as their delivery: output that could not be
 * written (a full disk, a closed file) is an error of its own, with exit status 2 unless
 * an interrupt's 130 says more, so that a batch's results are never lost silently.  The
 * one place every command's stdout is checked: none checks its own. */
static int stdout_errno;

void cli_stdout_failed(int err)
{
    if (!stdout_errno)
        stdout_errno = err;
}

static int output_written(const char *cmd, int status)
{
    errno = 0;
    bool flushed = fflush(stdout) == 0;
    int err = errno ? errno : stdout_errno;
    if (flushed && !ferror(stdout))
        return status;
    cli_error("%s: cannot write the output%s%s", cmd, err ? ": " : "", err ? strerror(err) : "");
    return status == 130 ? 130 : 2;
}

int main(int argc, char **argv)
{
    /* Output to a file or pipe goes out in 64 KiB blocks: a help text then leaves in the
     * final flush, whose error output_written can name (a flush stdio makes on its own
     * loses it).  Batches flush each report themselves, and the USI engine each line. */
    static char out_buffer[1 << 16];
    if (!isatty(STDOUT_FILENO))
        setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
    pos_init_tables();
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : output_written("--help", 0);
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
        char alloc[64];
        allocator_name(alloc, sizeof alloc);
        printf("tsume %s (%s)\n", tsume_version, alloc);
        return output_written("--version", 0);
    }
    for (int i = 0; i < N_COMMANDS; i++)
        if (!strcmp(argv[1], COMMANDS[i].name))
            return output_written(COMMANDS[i].name, COMMANDS[i].run(argc - 2, argv + 2));
    cli_error("unknown command '%s' (try 'tsume --help')", argv[1]);
    return 2;
}
