/*
 * fuzz_front.c: libFuzzer target for the front end's text readers that the other targets
 * do not reach: `tsume convert` as a whole (front/cmd_convert.c: its option words, its
 * reading of a SFEN problem line, format detection), the stated-line reader of verify
 * (front/stated.c) and the expected-answer column (front/expect.c).
 *
 * Byte 0 picks the part, byte 1 a choice within it, the rest is its input (cut at
 * INPUT_MAX bytes):
 *   0  expect_parse of the text (to its first NUL or newline): a form it accepts has its
 *      number in range, and expect_judge gives a verdict for the obvious answers.
 *   1  "SFEN<TAB>STATED<TAB>MAIN": MAIN's legal prefix is taken as verify's main line,
 *      STATED compared with it by stated_compare (no solver: o NULL).  The comparison
 *      must be consistent: kind in range, plies the stated_moves count, SAME only for the
 *      whole main line, ILLEGAL with a one-line reason, ply within the lines; byte 1
 *      gives verify's unwalked plies (0-3).
 *   2  cmd_convert --to FMT (byte 1) of the text as a file: 0 or 2, and 2 with exactly one
 *      one-line message; an accepted input converted to sfen equals the same input
 *      converted to FMT and that output converted to sfen.
 * Any violation prints a message and aborts.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_die.h"
#include "../../front/cli.h"
#include "../../front/expect.h"
#include "../../front/stated.h"
#include "../../movegen/sfen.h"
#include "../../movegen/usi_move.h"

enum { INPUT_MAX = 1 << 13 };

/* ---- what front/main.c gives the commands (this target has its own main) ---- */
static char g_msg[4096];
static int g_nmsg;

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (strncmp(fmt, "note:", 5)) { /* notes are not errors */
        g_nmsg++;
        vsnprintf(g_msg, sizeof g_msg, fmt, ap);
    }
    va_end(ap);
}

void cli_stdout_failed(int err) { (void)err; }

bool cli_wants_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            return true;
    return false;
}

bool cli_position(const char *cmd, int argc, char **argv, int flags, pos_t *p)
{
    (void)cmd, (void)argc, (void)argv, (void)flags, (void)p;
    return false;
}

#define die(...) fuzz_die("fuzz_front", __VA_ARGS__)

static bool one_line(const char *s) { return s[0] && !strpbrk(s, "\r\n"); }

/* ---- 0: expect ---- */
static void run_expect(const char *text)
{
    expect_t e = expect_parse(text);
    if (e.kind < EXPECT_NONE || e.kind > EXPECT_BAD)
        die("expect_parse('%s'): kind %d", text, e.kind);
    if ((e.kind == EXPECT_PLIES || e.kind == EXPECT_MATE_WITHIN) && (e.plies < 0 || e.plies > SOLVER_MAX_PLY))
        die("expect_parse('%s'): %d plies", text, e.plies);
    if (e.kind == EXPECT_NOMATE_WITHIN && (e.plies < 1 || e.plies > SOLVER_MAX_PLY))
        die("expect_parse('%s'): nomate<=%d", text, e.plies);
    if (e.kind == EXPECT_NONE)
        return;
    /* a shortest mate of every length and no mate: the verdict follows the form */
    static move_t pv[SOLVER_MAX_PLY];
    for (int len = 0; len <= 9; len++) {
        solve_result_t r;
        memset(&r, 0, sizeof r);
        r.status = len == 9 ? SOLVE_NOMATE : SOLVE_MATE;
        r.plies = len == 9 ? 0 : len;
        r.shortest = true;
        r.pv = pv;
        expect_verdict_t v = expect_judge(&e, &r);
        expect_verdict_t want = EXPECT_UNDECIDED;
        bool mate = r.status == SOLVE_MATE;
        switch (e.kind) {
        case EXPECT_PLIES: want = mate && r.plies == e.plies; break;
        case EXPECT_NOMATE: want = !mate; break;
        case EXPECT_NOMATE_WITHIN: want = !mate || r.plies > e.plies; break;
        case EXPECT_MATE_WITHIN: want = mate && r.plies <= e.plies; break;
        default: want = EXPECT_UNDECIDED; break;
        }
        if (v != want)
            die("expect_judge('%s') of %s %d: %d, not %d", text, mate ? "a mate in" : "no mate", r.plies, v, want);
    }
}

/* ---- 1: the stated line against a main line ---- */
static void run_stated(char *text, unsigned sel)
{
    text[strcspn(text, "\r\n")] = 0; /* a stated line is one line of a file, or --line */
    char *tab1 = strchr(text, '\t');
    if (!tab1)
        return;
    *tab1 = 0;
    char *stated = tab1 + 1, *tab2 = strchr(stated, '\t');
    const char *main_text = "";
    if (tab2)
        *tab2 = 0, main_text = tab2 + 1;
    pos_t root;
    char err[SFEN_ERR_MAX];
    if (!sfen_parse_position(&root, text, SFEN_STRICT, err, sizeof err))
        return;
    static move_t pv[SOLVER_MAX_PLY], got[SOLVER_MAX_PLY];
    int n_main = stated_moves(&root, main_text, pv, SOLVER_MAX_PLY);
    int n_stated = stated_moves(&root, stated, got, SOLVER_MAX_PLY);
    verify_result_t v;
    memset(&v, 0, sizeof v);
    v.solve.status = SOLVE_MATE;
    v.solve.plies = n_main;
    v.solve.pv = pv;
    v.unwalked = (int)(sel % 4);
    stated_cmp_t c;
    memset(&c, 0xA5, sizeof c); /* stated_compare must set every field it is read by */
    stated_compare(NULL, NULL, &root, stated, &v, &c);
    if (c.kind < STATED_SAME || c.kind > STATED_ILLEGAL)
        die("stated: kind %d", c.kind);
    if (!strcmp(stated_kind_name(c.kind), "?"))
        die("stated: kind %d without a name", c.kind);
    if (c.kind == STATED_SAME && (c.ply || n_stated < n_main || c.plies != n_main))
        die("stated: 'same' with ply %d, %d plies, main %d, stated %d", c.ply, c.plies, n_main, n_stated);
    if (c.kind != STATED_GOES_ON && c.plies != n_stated)
        die("stated: %d plies, stated_moves reads %d", c.plies, n_stated);
    if (c.kind != STATED_GOES_ON && c.kind != STATED_SAME && c.kind != STATED_ENDS && c.kind != STATED_ILLEGAL &&
        (c.ply < 1 || c.ply > c.plies || c.ply > n_main))
        die("stated: kind %s at ply %d of %d stated, main %d", stated_kind_name(c.kind), c.ply, c.plies, n_main);
    if (c.kind == STATED_ENDS && (c.ply != c.plies + 1 || c.ply > n_main))
        die("stated: 'ends' at ply %d, %d plies, main %d", c.ply, c.plies, n_main);
    if (c.bad_ply && !one_line(c.why))
        die("stated: bad ply %d without a one-line reason: '%s'", c.bad_ply, c.why);
    if (c.kind == STATED_ILLEGAL && (c.bad_ply != c.ply || c.bad_ply < 1))
        die("stated: 'illegal' at ply %d, bad ply %d", c.ply, c.bad_ply);
    if (c.kind == STATED_GOES_ON && (c.ply != n_main + 1 || !c.past[0] || c.plies <= n_main))
        die("stated: 'goes-on' at ply %d, past '%s', %d plies, main %d", c.ply, c.past, c.plies, n_main);
    if (c.nodes)
        die("stated: %llu nodes without a solver", (unsigned long long)c.nodes);
}

/* ---- 2: tsume convert ---- */
static int g_in = -1, g_out = -1, g_saved_stdout = -1;

static void set_file(int fd, const char *data, size_t len)
{
    if (ftruncate(fd, 0) || lseek(fd, 0, SEEK_SET) || (len && write(fd, data, len) != (ssize_t)len))
        die("memfd write failed");
}

/* cmd_convert --to FMT of data: its status; its output (malloc'd) in *out. */
static int convert(const char *fmt, const char *from, const char *data, size_t len, char **out)
{
    char path[64];
    set_file(g_in, data, len);
    set_file(g_out, "", 0);
    snprintf(path, sizeof path, "/proc/self/fd/%d", g_in);
    char *argv[8];
    int argc = 0;
    argv[argc++] = "--to";
    argv[argc++] = (char *)fmt;
    if (from)
        argv[argc++] = "--from", argv[argc++] = (char *)from;
    argv[argc++] = path;
    argv[argc] = NULL;
    g_nmsg = 0;
    g_msg[0] = 0;
    fflush(stdout);
    dup2(g_out, STDOUT_FILENO);
    int st = cmd_convert(argc, argv);
    fflush(stdout);
    dup2(g_saved_stdout, STDOUT_FILENO);
    if (st == 2 && (g_nmsg != 1 || !one_line(g_msg)))
        die("convert --to %s: status 2 with %d messages, the last '%s'", fmt, g_nmsg, g_msg);
    if (st == 0 && g_nmsg)
        die("convert --to %s: status 0 after the error '%s'", fmt, g_msg);
    if (st != 0 && st != 2)
        die("convert --to %s: status %d", fmt, st);
    off_t size = lseek(g_out, 0, SEEK_END);
    char *o = malloc((size_t)size + 1);
    if (!o || pread(g_out, o, (size_t)size, 0) != size)
        die("memfd read failed");
    o[size] = 0;
    *out = o;
    return st;
}

/* A SFEN line without its move number, which KIF and CSA do not keep: in place. */
static void drop_move_number(char *line)
{
    char *s = line;
    for (int spaces = 0; *s && spaces < 3; s++)
        spaces += *s == ' ';
    size_t n = strspn(s, "0123456789");
    memmove(s, s + n, strlen(s + n) + 1);
}

static void run_convert(unsigned sel, const char *text, size_t len)
{
    static const char *const FMT[] = {"sfen", "kif", "ki2", "csa"};
    if (g_in < 0) {
        g_in = memfd_create("fuzz_in", 0);
        g_out = memfd_create("fuzz_out", 0);
        g_saved_stdout = dup(STDOUT_FILENO);
        if (g_in < 0 || g_out < 0 || g_saved_stdout < 0)
            die("memfd_create failed");
    }
    const char *fmt = FMT[sel % 4];
    char *direct = NULL, *via = NULL, *back = NULL;
    int st = convert("sfen", NULL, text, len, &direct);
    int st2 = convert(fmt, NULL, text, len, &via);
    if (st != st2)
        die("convert: --to sfen gives %d, --to %s gives %d", st, fmt, st2);
    /* ki2 is an output only: its moves are read back as KIF's */
    if (st == 0 && strcmp(fmt, "sfen")) {
        const char *from = !strcmp(fmt, "csa") ? "csa" : "kif";
        if (convert("sfen", from, via, strlen(via), &back) != 0)
            die("convert: its own %s output does not read back: %s\n%s", fmt, g_msg, via);
        drop_move_number(direct);
        drop_move_number(back);
        if (strcmp(direct, back))
            die("convert: --to sfen gives\n%sbut --to %s then sfen gives\n%s", direct, fmt, back);
    }
    free(direct);
    free(via);
    free(back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        pos_init_tables();
        ready = true;
    }
    if (size < 2)
        return 0;
    unsigned part = data[0] % 3, sel = data[1];
    data += 2, size -= 2;
    if (size > INPUT_MAX)
        size = INPUT_MAX;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    if (part == 0) {
        text[strcspn(text, "\r\n")] = 0;
        run_expect(text);
    } else if (part == 1) {
        run_stated(text, sel);
    } else {
        run_convert(sel, text, size);
    }
    free(text);
    return 0;
}
