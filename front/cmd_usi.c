/*
 * cmd_usi.c: `tsume usi` (also the tsume-usi program): a USI engine for mate search.
 * It answers `go mate` the way Shogidokoro defined it and GUIs such as ShogiHome use it
 * (SPEC §C3); a plain `go` gets `bestmove resign`, since tsume does not play games.
 *
 * This file is the reader: it reads commands from stdin, one a line (usi_line handles
 * one, so the fuzz target can drive it without stdin), and keeps the options and the
 * position; usi_search.c runs each `go mate` on a worker thread, so `stop` and `quit`
 * are read while it searches.  The options hold until changed; USI_Hash takes effect at
 * the next `isready` or `go mate` that finds no search running.
 *
 * Robustness: unknown commands, empty lines and malformed input are ignored with at
 * most an `info string` line; nothing read can crash or hang the engine.  A `go mate`
 * without a valid position answers `checkmate timeout` with an `info string error:`,
 * never `nomate`.  At the end of input the engine waits for a search with a time limit
 * to answer (so `printf 'position ...\ngo mate 5000\n' | tsume usi` works), stops an
 * infinite one, and exits 0 like `quit`.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../movegen/sfen.h"
#include "cli.h"
#include "input.h"
#include "solve_common.h"
#include "usi.h"

enum { HASH_DEFAULT = 256, HASH_MIN = 1, HASH_MAX = SOLVE_HASH_MAX, SHOWN_MAX = 60, USI_LINE_MAX = 1 << 20 };

static void usage(void)
{
    printf("usage: tsume usi        (or: tsume-usi)\n"
           "\n"
           "Runs a USI engine on stdin/stdout that answers mate searches:\n"
           "  usi, isready, setoption name N value V, usinewgame,\n"
           "  position sfen SFEN [moves M...] | position startpos [moves M...],\n"
           "  go mate MS | go mate infinite | go mate   -> checkmate MOVES | nomate | timeout\n"
           "  stop, quit\n"
           "The side to move attacks (unless RootIsAndNodeIfChecked, below).  'checkmate\n"
           "nomate' is only ever a proof; a time limit, stop or an error gives 'checkmate\n"
           "timeout'.  Without a time (infinite, 0, none) the search goes on until it has\n"
           "the answer or 'stop' comes: proving a length shortest has no budget of its own\n"
           "then, and a mate proven before 'stop' is answered with its line.  A plain 'go'\n"
           "gets 'bestmove resign' ('go infinite' and 'go ponder' after stop or ponderhit).\n"
           "\n"
           "options (setoption):\n"
           "  USI_Hash      search memory in MiB (table and caches), %d..%d (default %d)\n"
           "  Threads       threads for a search, 1..%d (default 1), on one table of USI_Hash:\n"
           "                hard questions are shared out by the first move, proofs raced\n"
           "  Futile        delay|capture|none: which futile interpositions are ignored (README)\n"
           "  DefenderHand  given|rest: the defender's hand as given, or every remaining piece\n"
           "  RootIsAndNodeIfChecked  true|false (default false): a side to move in check\n"
           "                defends (is it mated? the line starts with its reply) instead\n"
           "                of attacking (KomoringHeights's name for it)\n",
           HASH_MIN, HASH_MAX, HASH_DEFAULT, SOLVER_THREADS_MAX);
}

/* Text put in an info string: what fits in buf (len - 5 bytes, then "..."), anything but
 * printable ASCII shown as '?', so a garbage line cannot garble the GUI's log.  Input
 * echoed goes through a buffer of SHOWN_MAX + 5; the reader's own reasons through one
 * of SFEN_ERR_MAX + 5, whole. */
static const char *shown(const char *s, char *buf, size_t len)
{
    size_t n = 0;
    for (; *s && n + 5 < len; s++)
        buf[n++] = (unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f ? '?' : *s;
    if (*s)
        n += (size_t)snprintf(buf + n, len - n, "...");
    buf[n] = 0;
    return buf;
}

static char *skip_space(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

/* Cuts the next blank-separated word off *s (NULL at the end of the line). */
static char *next_word(char **s)
{
    char *w = skip_space(*s);
    if (!*w)
        return NULL;
    char *e = w;
    while (*e && !isspace((unsigned char)*e))
        e++;
    if (*e)
        *e++ = 0;
    *s = e;
    return w;
}

/* Makes the table match USI_Hash (within the fuzz cap) and Threads (one thread under the
 * fuzz cap, and no more than one per MiB).  Only when no search runs.  On failure keeps
 * (or gets back) a table of the old size, on one thread, if it can, and says so. */
static void ensure_solver(usi_t *u)
{
    size_t want = u->hash_cap_mb && u->hash_mb > u->hash_cap_mb ? u->hash_cap_mb : u->hash_mb;
    int threads = u->hash_cap_mb || u->threads < 1 ? 1 : u->threads;
    if ((size_t)threads > want)
        threads = (int)want;
    if (u->solver && u->solver_mb == want && u->solver_threads == threads)
        return;
    size_t old = u->solver ? u->solver_mb : 0;
    solver_free(u->solver);
    u->solver = solver_new_threads(want, threads);
    u->solver_mb = want;
    u->solver_threads = threads;
    if (u->solver)
        return;
    size_t fallback = old ? old : HASH_MIN;
    usi_say("info string error: cannot allocate a %zu MiB table on %d threads; using %zu MiB on 1", want, threads,
            fallback);
    u->solver = solver_new(fallback);
    u->solver_mb = fallback;
    u->solver_threads = 1;
    u->hash_mb = fallback;
    u->threads = 1;
}

static void cmd_usi_handshake(void)
{
    usi_say("id name tsume %s", tsume_version);
    usi_say("id author the tsume developers");
    usi_say("option name USI_Hash type spin default %d min %d max %d", HASH_DEFAULT, HASH_MIN, HASH_MAX);
    usi_say("option name Threads type spin default 1 min 1 max %d", SOLVER_THREADS_MAX);
    usi_say("option name Futile type combo default delay var delay var capture var none");
    usi_say("option name DefenderHand type combo default given var given var rest");
    usi_say("option name RootIsAndNodeIfChecked type check default false");
    usi_say("usiok");
}

/* setoption name NAME [value VALUE]; VALUE is the rest of the line. */
static void cmd_setoption(usi_t *u, char *args)
{
    char name[64] = "", buf[SHOWN_MAX + 5];
    const char *value = NULL;
    char *w = next_word(&args);
    if (!w || strcmp(w, "name")) {
        usi_say("info string error: expected 'setoption name NAME value VALUE'");
        return;
    }
    while ((w = next_word(&args))) {
        if (!strcmp(w, "value")) {
            value = skip_space(args);
            break;
        }
        size_t used = strlen(name);
        snprintf(name + used, sizeof name - used, "%s%s", used ? " " : "", w);
    }
    if (!*name) {
        usi_say("info string error: setoption without an option name");
        return;
    }
    if (!strcasecmp(name, "USI_Ponder"))
        return; /* sent by most GUIs; tsume never ponders */
    bool known = !strcasecmp(name, "USI_Hash") || !strcasecmp(name, "Threads") || !strcasecmp(name, "Futile") ||
                 !strcasecmp(name, "DefenderHand") || !strcasecmp(name, "RootIsAndNodeIfChecked");
    if (!known) {
        usi_say("info string unknown option '%s' ignored", shown(name, buf, sizeof buf));
        return;
    }
    if (!value || !*value) {
        usi_say("info string error: option %s needs a value", name);
        return;
    }
    if (!strcasecmp(name, "USI_Hash")) {
        errno = 0;
        unsigned long long mb = strspn(value, "0123456789") == strlen(value) ? strtoull(value, NULL, 10) : 0;
        if (errno || mb < HASH_MIN || mb > HASH_MAX) {
            usi_say("info string error: USI_Hash must be a whole number of MiB from %d to %d, not '%s'", HASH_MIN,
                    HASH_MAX, shown(value, buf, sizeof buf));
            return;
        }
        u->hash_mb = (size_t)mb;
        unsigned long long machine_mb = cli_machine_mb();
        if (machine_mb && mb > machine_mb) /* allowed: the table fills as the search goes */
            usi_say("info string warning: USI_Hash %llu MiB is more than this machine's memory (%llu MiB): a "
                    "search that fills the table will be killed",
                    mb, machine_mb);
    } else if (!strcasecmp(name, "Threads")) {
        errno = 0;
        unsigned long long n = strspn(value, "0123456789") == strlen(value) ? strtoull(value, NULL, 10) : 0;
        if (errno || n < 1 || n > SOLVER_THREADS_MAX) {
            usi_say("info string error: Threads must be a whole number from 1 to %d, not '%s'", SOLVER_THREADS_MAX,
                    shown(value, buf, sizeof buf));
            return;
        }
        u->threads = (int)n;
    } else if (!strcasecmp(name, "Futile")) {
        if (strcasecmp(value, "delay") && strcasecmp(value, "capture") && strcasecmp(value, "none")) {
            usi_say("info string error: Futile must be 'delay', 'capture' or 'none', not '%s'",
                    shown(value, buf, sizeof buf));
            return;
        }
        u->futile = !strcasecmp(value, "none")      ? FUTILE_NONE
                    : !strcasecmp(value, "capture") ? FUTILE_CAPTURE
                                                    : FUTILE_DELAY;
    } else if (!strcasecmp(name, "RootIsAndNodeIfChecked")) {
        if (strcasecmp(value, "true") && strcasecmp(value, "false")) {
            usi_say("info string error: RootIsAndNodeIfChecked must be 'true' or 'false', not '%s'",
                    shown(value, buf, sizeof buf));
            return;
        }
        u->in_check_defends = !strcasecmp(value, "true");
    } else {
        if (strcasecmp(value, "given") && strcasecmp(value, "rest")) {
            usi_say("info string error: DefenderHand must be 'given' or 'rest', not '%s'",
                    shown(value, buf, sizeof buf));
            return;
        }
        u->defender_rest = !strcasecmp(value, "rest");
    }
}

/* The whole line goes to the SFEN reader, which takes "position sfen ... [moves ...]"
 * and "position startpos [moves ...]" and checks every move for legality. */
static void cmd_position(usi_t *u, const char *line)
{
    pos_t p;
    char err[SFEN_ERR_MAX];
    if (!sfen_parse_position(&p, line, SFEN_STRICT, err, sizeof err)) {
        u->have_pos = false;
        snprintf(u->pos_error, sizeof u->pos_error, "%s", err);
        char buf[SFEN_ERR_MAX + 5];
        usi_say("info string error: %s", shown(err, buf, sizeof buf));
        return;
    }
    u->pos = p;
    u->have_pos = true;
}

/* go mate [MS | infinite]; any other go gets bestmove resign. */
static void cmd_go(usi_t *u, char *args)
{
    usi_search_reap(&u->search);
    if (usi_search_busy(&u->search) || u->resign_pending) {
        usi_say("info string error: a search is running; 'go' ignored (send 'stop' first)");
        return;
    }
    char *w;
    bool mate = false, until_stop = false;
    while (!mate && (w = next_word(&args))) {
        mate = !strcmp(w, "mate");
        until_stop |= !strcmp(w, "infinite") || !strcmp(w, "ponder");
    }
    if (!mate) {
        usi_say("info string tsume only answers 'go mate'");
        if (until_stop) /* its bestmove may only follow stop or ponderhit */
            u->resign_pending = true;
        else
            usi_say("bestmove resign");
        return;
    }
    double limit = 0; /* seconds, 0 = infinite */
    char buf[SHOWN_MAX + 5];
    if ((w = next_word(&args)) && strcmp(w, "infinite")) {
        /* Whole milliseconds up to 10^12 (--time-limit's 10^9 s): '1.5' was read as 1 ms
         * and a number past the double's range as no limit. */
        errno = 0;
        unsigned long long ms = strspn(w, "0123456789") == strlen(w) ? strtoull(w, NULL, 10) : ULLONG_MAX;
        if (errno || ms > 1000000000000ull) {
            usi_say("info string error: 'go mate' wants a whole number of ms up to 10^12 or 'infinite', not '%s'",
                    shown(w, buf, sizeof buf));
            usi_say("checkmate timeout");
            return;
        }
        limit = (double)ms / 1000.0; /* 0 ms means no limit, as for the solver */
    }
    if (!u->have_pos) {
        char reason[SFEN_ERR_MAX + 5];
        usi_say("info string error: no valid position (%s)",
                *u->pos_error ? shown(u->pos_error, reason, sizeof reason) : "send 'position' first");
        usi_say("checkmate timeout");
        return;
    }
    ensure_solver(u);
    if (!u->solver) {
        usi_say("info string error: no table");
        usi_say("checkmate timeout");
        return;
    }
    solve_opts_t o;
    solve_opts_default(&o);
    o.time_limit = limit;
    /* Without a time, the user stops the search: the shortening's questions get no
     * budget of their own, as under a time limit (Zuko 第37番's "none within 21" takes
     * 15.4 M nodes, past the 10 M a question gets when nothing bounds the search). */
    o.until_stopped = limit <= 0;
    o.node_limit = u->node_cap;
    o.proof_only = u->proof_only;
    o.futile = u->futile;
    o.defender_hand_rest = u->defender_rest;
    o.in_check_defends = u->in_check_defends;
    usi_search_start(&u->search, u->solver, &u->pos, &o);
}

/* Handles one line; false on quit. */
static bool handle(usi_t *u, char *line)
{
    char buf[SHOWN_MAX + 5];
    char *rest = line;
    char *cmd = next_word(&rest);
    if (!cmd)
        return true; /* empty line */
    if (!strcmp(cmd, "usi")) {
        cmd_usi_handshake();
    } else if (!strcmp(cmd, "isready")) {
        usi_search_reap(&u->search);
        if (!usi_search_busy(&u->search)) /* a running search keeps its table; resized later */
            ensure_solver(u);
        usi_say("readyok");
    } else if (!strcmp(cmd, "setoption")) {
        cmd_setoption(u, rest);
    } else if (!strcmp(cmd, "position")) {
        if (rest > cmd + strlen(cmd)) /* next_word cut the line after the command word */
            rest[-1] = ' ';
        cmd_position(u, line);
    } else if (!strcmp(cmd, "go")) {
        cmd_go(u, rest);
    } else if (!strcmp(cmd, "stop") || !strcmp(cmd, "ponderhit")) {
        if (!strcmp(cmd, "stop")) /* ponderhit leaves a mate search running */
            usi_search_stop(&u->search);
        if (u->resign_pending)
            usi_say("bestmove resign");
        u->resign_pending = false;
    } else if (!strcmp(cmd, "quit")) {
        usi_search_stop(&u->search);
        return false;
    } else if (!strcmp(cmd, "usinewgame") || !strcmp(cmd, "gameover")) {
        /* nothing to do */
    } else {
        usi_say("info string unknown command '%s' ignored", shown(cmd, buf, sizeof buf));
    }
    return true;
}

void usi_init(usi_t *u)
{
    memset(u, 0, sizeof *u);
    u->hash_mb = HASH_DEFAULT;
    u->threads = 1;
    u->futile = FUTILE_DELAY;
}

bool usi_line(usi_t *u, char *line, size_t len)
{
    /* A NUL cut the line short: "position sfen P\0 moves ..." was answered for P alone. */
    if (memchr(line, 0, len)) {
        usi_say("info string error: a line holding a NUL byte ignored");
        return true;
    }
    while (len > 0 && isspace((unsigned char)line[len - 1]))
        line[--len] = 0; /* the newline, and a CR from GUIs that send CRLF */
    return handle(u, line);
}

void usi_finish(usi_t *u, bool quit)
{
    if (!quit) { /* end of input: let a timed search answer, stop an infinite one */
        if (u->resign_pending)
            usi_say("bestmove resign");
        usi_search_reap(&u->search);
        if (u->search.started && u->search.infinite)
            usi_search_stop(&u->search);
        else
            usi_search_wait(&u->search);
    }
    solver_free(u->solver);
    u->solver = NULL;
}

int cmd_usi(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage();
            return 0;
        }
    }
    if (argc) {
        fprintf(stderr, "tsume: usi: no arguments expected (see 'tsume usi --help')\n");
        return 2;
    }
    pos_init_tables();
    static usi_t u; /* holds a position and the search state: kept off the stack */
    usi_init(&u);
    char *line = NULL;
    size_t cap = 0;
    long n;
    unsigned flags;
    bool quit = false;
    /* A command is far shorter than a MiB; a longer line (or one without end, as from
     * /dev/zero) is dropped as it is read, not held. */
    while (!quit && (n = input_read_line(stdin, &line, &cap, USI_LINE_MAX, false, &flags)) != -1) {
        if (flags & INPUT_LINE_LONG) {
            input_skip_line(stdin);
            usi_say("info string error: a line longer than %d MiB ignored", USI_LINE_MAX >> 20);
            continue;
        }
        quit = !usi_line(&u, line, (size_t)n);
    }
    usi_finish(&u, quit);
    free(line);
    return 0;
}
