/*
 * fuzz_usi.c: libFuzzer target for the USI engine's command handling (front/cmd_usi.c and
 * front/usi_search.c), driven as `tsume usi` drives it.
 *
 * The input (cut at INPUT_MAX bytes) is a session: its lines, split at '\n' and each
 * passed with its newline to usi_line as getline would read it, until `quit` or the end,
 * then usi_finish.  The engine's fuzz caps keep every search short: a table of at most
 * HASH_CAP_MB whatever USI_Hash says, NODE_CAP nodes per search, a mate's line the
 * proof's.  An input of odd length is fed at once, as from a pipe, so `stop`, `isready`,
 * `position` and a second `go` meet a running search; one of even length is fed like a
 * patient GUI, each line after the last search has answered, which lets searches
 * finish and makes the run repeatable.
 *
 * The output goes to a memory buffer and must keep the engine's promises to a GUI:
 * printable ASCII lines only; one `usiok` per `usi`, one `readyok` per `isready`, one
 * answer per `go` (`checkmate ...`, `bestmove resign`, or the refusal of a `go` that met
 * a running search); and, for a patient GUI, a `checkmate MOVES` line that replays move
 * by move, every attacker move a check (the odd ones when RootIsAndNodeIfChecked lets a
 * side to move in check defend), and ends in checkmate.  Any violation prints a
 * message and aborts.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_die.h"
#include "../../front/usi.h"
#include "../../movegen/movegen.h"
#include "../../movegen/usi_move.h"

enum { INPUT_MAX = 1 << 12, HASH_CAP_MB = 4, NODE_CAP = 2000 };

#define die(...) fuzz_die("fuzz_usi", __VA_ARGS__)

/* The command word of a line as the engine reads it: up to the first blank or NUL. */
static bool command_is(const char *line, const char *word)
{
    while (isspace((unsigned char)*line))
        line++;
    size_t n = strlen(word);
    return !strncmp(line, word, n) && (!line[n] || isspace((unsigned char)line[n]));
}

/* The refusal of a `go` that met a running search (cmd_usi.c). */
static const char BUSY[] = "info string error: a search is running; 'go' ignored (send 'stop' first)";

static bool starts(const char *line, const char *prefix) { return !strncmp(line, prefix, strlen(prefix)); }

/* Replays the answer "checkmate MOVES" (NUL-terminated; no move when a defending side to
 * move is mated already) from the solved position; defends: the side to move, if in
 * check, defends (RootIsAndNodeIfChecked), so the attacker's moves are the odd ones. */
static void check_mate_line(const pos_t *root, bool defends, char *answer)
{
    pos_t p = *root;
    int off = defends && pos_in_check(root) ? 1 : 0;
    int n = 0;
    char *save = NULL, err[128];
    for (char *tok = strtok_r(answer + strlen("checkmate"), " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        move_t m;
        if (!usi_parse_legal(&p, tok, &m, err, sizeof err))
            die("mate line: move %d '%s': %s", n + 1, tok, err);
        undo_t undo;
        pos_do(&p, m, &undo);
        if ((n + off) % 2 == 0 && !pos_in_check(&p))
            die("mate line: attacker move %d '%s' does not check", n + 1, tok);
        n++;
    }
    if ((n + off) % 2 == 0 || !pos_in_check(&p) || mg_has_evasion(&p))
        die("mate line of %d plies does not end in checkmate", n);
}

/* The answer printed since offset from, when it is a mate line: its start, else NULL. */
static char *mate_answer(char *out, size_t from, size_t len)
{
    for (char *l = out + from, *end; l < out + len; l = end + 1) {
        end = memchr(l, '\n', (size_t)(out + len - l));
        if (!end)
            return NULL;
        bool moves = starts(l, "checkmate ") || starts(l, "checkmate\n"); /* the latter: mated already */
        if (moves && strncmp(l, "checkmate nomate\n", 17) && strncmp(l, "checkmate timeout\n", 18)) {
            char *copy = strndup(l, (size_t)(end - l));
            if (!copy)
                die("out of memory");
            return copy;
        }
    }
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        pos_init_tables();
        ready = true;
    }
    if (size > INPUT_MAX)
        size = INPUT_MAX;
    char *out = NULL;
    size_t out_len = 0;
    FILE *f = open_memstream(&out, &out_len);
    char *line = malloc(size + 1);
    if (!f || !line)
        die("out of memory");
    usi_set_output(f);
    static usi_t u; /* a position and the search state: kept off the stack, as in cmd_usi */
    usi_init(&u);
    u.hash_cap_mb = HASH_CAP_MB;
    u.node_cap = NODE_CAP;
    u.proof_only = true;

    size_t gos = 0, usis = 0, isreadys = 0;
    bool quit = false, patient = size % 2 == 0;
    for (size_t at = 0; at < size && !quit;) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (data + at)) + 1 : size - at;
        memcpy(line, data + at, len);
        line[len] = 0;
        at += len;
        /* a line holding a NUL is refused whole (usi_line): no command, no answer */
        bool whole = !memchr(line, 0, len);
        bool go = whole && command_is(line, "go");
        gos += go;
        usis += whole && command_is(line, "usi");
        isreadys += whole && command_is(line, "isready");
        fflush(f);
        size_t from = out_len;
        quit = !usi_line(&u, line, len);
        if (patient && !quit) {
            usi_search_wait(&u.search);
            fflush(f);
            char *mate = go ? mate_answer(out, from, out_len) : NULL;
            if (mate)
                check_mate_line(&u.search.pos, u.in_check_defends, mate);
            free(mate);
        }
    }
    /* A go that waits for stop (go ponder, go infinite: no mate asked) is answered only
     * by stop or ponderhit; quit before either ends the session without the answer. */
    if (quit && u.resign_pending)
        gos--;
    usi_finish(&u, quit);
    usi_set_output(NULL);
    if (fclose(f) != 0)
        die("the output buffer failed");

    size_t answers = 0, usioks = 0, readyoks = 0;
    for (char *l = out, *end; l < out + out_len; l = end + 1) {
        end = memchr(l, '\n', (size_t)(out + out_len - l));
        if (!end)
            die("output does not end with a newline: \"%.*s\"", (int)(out + out_len - l), l);
        for (const char *c = l; c < end; c++)
            if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
                die("byte 0x%02x in output line \"%.*s\"", (unsigned char)*c, (int)(end - l), l);
        *end = 0;
        answers += starts(l, "checkmate ") || !strcmp(l, "checkmate") || !strcmp(l, "bestmove resign") ||
                   !strcmp(l, BUSY);
        usioks += !strcmp(l, "usiok");
        readyoks += !strcmp(l, "readyok");
    }
    if (answers != gos || usioks != usis || readyoks != isreadys)
        die("%zu go, %zu answers; %zu usi, %zu usiok; %zu isready, %zu readyok", gos, answers, usis, usioks, isreadys,
            readyoks);
    free(out);
    free(line);
    return 0;
}
