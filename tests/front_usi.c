/*
 * front_usi.c: `tsume usi` as a GUI sees it, run through the binary ($TSUME_BIN, default
 * ./tsume): the handshake and options, `go mate` answers (mate, nomate, timeout), `stop`
 * and `quit` during a search, end of input, malformed and out-of-order commands, and a
 * run of tools/oracle's usi-mate.mjs (shogiops checks every line) over
 * tests/data/usi_cases.txt.
 *
 * The engine is driven through two pipes, one command at a time, reading its lines with a
 * deadline: a hang fails the test (the engine is then killed) instead of stalling the run.
 * Deadlines are generous, since the sanitizer build runs the same tests several times
 * slower, except the one the protocol promises: `stop` answers within 2 s.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "front_util.h"
#include "test.h"

#define MATE1 "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
#define MATE3 "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1"
/* No mate: the only checks repeat the position (perpetual check fails for the attacker). */
#define NOMATE "9/9/6k2/8+S/9/9/9/9/9 b 2r2b4g3s4n4l18p 1"
/* Shogi Zuko no. 1, 69 plies: not solved within a second. */
#define ZUKO1 "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1"
/* Mate in 1 by the composers' rule (2h3i); the defender's one reply R*4i is futile, so
 * the answer carries the line on to checkmate: 2h3i R*4i 3i4i. */
#define FUTILE1 "l3kgsnl/9/p1pS+Bp3/7pp/6PP1/9/PPPPPPn1P/1B1GG2+r1/LNS1K3L w RG3Psnp 54"

enum { WAIT_MS = 30000, STOP_MS = 2000 };

static const char *bin(void)
{
    const char *b = getenv("TSUME_BIN");
    return b && *b ? b : "./tsume";
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* ---- one engine process behind two pipes ---- */

typedef struct {
    pid_t pid;
    int to, from;       /* the engine's stdin (write end) and stdout (read end) */
    char errpath[64];   /* its stderr, kept in a file */
    char pending[1 << 16];
    size_t n_pending;   /* bytes read but not yet split into lines */
    char *log;          /* every line read so far, for failure messages and checks */
    size_t log_len, log_cap;
    char line[1 << 16]; /* the last line returned by eng_line */
} eng_t;

/* While an engine runs, a write to it after it died must fail, not kill the test run;
 * the disposition is put back afterwards, since children of later tests inherit it. */
static void (*saved_sigpipe)(int);

static bool eng_start(eng_t *e)
{
    memset(e, 0, sizeof *e);
    int in[2], out[2];
    strcpy(e->errpath, "/tmp/tsume-usi-err-XXXXXX");
    int errfd = mkstemp(e->errpath);
    if (errfd < 0 || pipe(in) || pipe(out)) {
        test_fail(__FILE__, __LINE__, "cannot set up pipes: %s", strerror(errno));
        return false;
    }
    e->log = calloc(1, 1);
    e->log_cap = 1;
    e->pid = fork();
    if (e->pid == 0) {
        signal(SIGPIPE, SIG_DFL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(errfd, 2);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]), close(errfd);
        execl(bin(), bin(), "usi", (char *)NULL);
        _exit(127);
    }
    close(in[0]), close(out[1]), close(errfd);
    e->to = in[1];
    e->from = out[0];
    if (e->pid < 0) {
        test_fail(__FILE__, __LINE__, "fork failed: %s", strerror(errno));
        close(e->to), close(e->from);
        unlink(e->errpath);
        free(e->log);
        return false;
    }
    saved_sigpipe = signal(SIGPIPE, SIG_IGN);
    return true;
}

static void eng_send(eng_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void eng_send(eng_t *e, const char *fmt, ...)
{
    char buf[8192];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf - 1)
        return;
    buf[n++] = '\n';
    for (ssize_t off = 0, w; off < n; off += w)
        if ((w = write(e->to, buf + off, (size_t)(n - off))) <= 0)
            return; /* the engine is gone: the checks on its output will say so */
}

static void log_add(eng_t *e, const char *s)
{
    size_t n = strlen(s);
    if (e->log_len + n + 2 > e->log_cap) {
        char *bigger = realloc(e->log, (e->log_len + n + 2) * 2);
        if (!bigger)
            return;
        e->log = bigger;
        e->log_cap = (e->log_len + n + 2) * 2;
    }
    memcpy(e->log + e->log_len, s, n);
    e->log_len += n;
    e->log[e->log_len++] = '\n';
    e->log[e->log_len] = 0;
}

/* The next line that starts with prefix (other lines are logged and skipped), waiting at
 * most ms; NULL on timeout or end of output. */
static const char *eng_line(eng_t *e, const char *prefix, int ms)
{
    double deadline = now_ms() + ms;
    for (;;) {
        char *nl = memchr(e->pending, '\n', e->n_pending);
        while (nl) {
            size_t len = (size_t)(nl - e->pending);
            if (len >= sizeof e->line)
                len = sizeof e->line - 1;
            memcpy(e->line, e->pending, len);
            e->line[len] = 0;
            e->n_pending -= (size_t)(nl + 1 - e->pending);
            memmove(e->pending, nl + 1, e->n_pending);
            log_add(e, e->line);
            if (!strncmp(e->line, prefix, strlen(prefix)))
                return e->line;
            nl = memchr(e->pending, '\n', e->n_pending);
        }
        int left = (int)(deadline - now_ms());
        if (left <= 0)
            return NULL;
        struct pollfd pfd = {e->from, POLLIN, 0};
        if (poll(&pfd, 1, left) <= 0)
            continue;
        if (e->n_pending == sizeof e->pending)
            e->n_pending = 0; /* a line longer than the buffer: drop it */
        ssize_t got = read(e->from, e->pending + e->n_pending, sizeof e->pending - e->n_pending);
        if (got <= 0)
            return NULL;
        e->n_pending += (size_t)got;
    }
}

/* Waits for a line starting with prefix and fails the test (with the engine's output so
 * far) if none comes in time; returns the line or "". */
#define EXPECT(e, prefix, ms) expect_line(e, prefix, ms, __LINE__)
static const char *expect_line(eng_t *e, const char *prefix, int ms, int line)
{
    const char *l = eng_line(e, prefix, ms);
    if (!l) {
        test_fail(__FILE__, line, "no line starting '%s' within %d ms; output so far:\n%s", prefix, ms, e->log);
        return "";
    }
    return l;
}

/* Closes the engine's input and waits for it to exit; kills it after ms.  Returns the exit
 * status (128 + signal if killed) and checks that nothing went to stderr. */
static int eng_finish(eng_t *e, int ms)
{
    close(e->to);
    double deadline = now_ms() + ms;
    int st = 0;
    pid_t got;
    while ((got = waitpid(e->pid, &st, WNOHANG)) == 0 && now_ms() < deadline) {
        char sink[4096];
        struct pollfd pfd = {e->from, POLLIN, 0};
        if (poll(&pfd, 1, 10) > 0 && read(e->from, sink, sizeof sink) <= 0)
            usleep(10000);
    }
    int code;
    if (got == 0) {
        kill(e->pid, SIGKILL);
        waitpid(e->pid, &st, 0);
        test_fail(__FILE__, __LINE__, "engine did not exit within %d ms", ms);
        code = -1;
    } else {
        code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    }
    close(e->from);
    FILE *f = fopen(e->errpath, "r");
    if (f) {
        char err[2048];
        size_t n = fread(err, 1, sizeof err - 1, f);
        err[n] = 0;
        if (n)
            test_fail(__FILE__, __LINE__, "engine wrote to stderr: %s", err);
        fclose(f);
    }
    unlink(e->errpath);
    free(e->log);
    signal(SIGPIPE, saved_sigpipe);
    return code;
}

/* usi + isready with a small table, as a GUI starts an engine. */
static void eng_ready(eng_t *e)
{
    eng_send(e, "usi");
    EXPECT(e, "usiok", WAIT_MS);
    eng_send(e, "setoption name USI_Hash value 16");
    eng_send(e, "isready");
    EXPECT(e, "readyok", WAIT_MS);
    eng_send(e, "usinewgame");
}

static bool is_uint(const char *s) { return *s && strspn(s, "0123456789") == strlen(s); }

/* Whether line is "info time T nodes N nps X hashfull H" with numbers. */
static bool is_progress(const char *line)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", line);
    static const char *const KEYS[] = {"info", "time", "nodes", "nps", "hashfull"};
    char *save, *w = strtok_r(copy, " ", &save);
    for (int i = 0; i < 5; i++) {
        if (!w || strcmp(w, KEYS[i]))
            return false;
        w = strtok_r(NULL, " ", &save);
        if (i > 0) {
            if (!w || !is_uint(w))
                return false;
            w = strtok_r(NULL, " ", &save);
        }
    }
    return w == NULL;
}

/* The log's first line names the engine and its build: "id name tsume 7af1199". */
static bool id_line_ok(const char *log)
{
    if (strncmp(log, "id name tsume ", 14))
        return false;
    size_t v = strcspn(log + 14, " \n");
    return v > 0 && log[14 + v] == '\n';
}

/* ---- the tests ---- */

TEST(front_usi_handshake)
{
    eng_t e;
    if (!eng_start(&e))
        return;
    eng_send(&e, "usi");
    EXPECT(&e, "usiok", WAIT_MS);
    static const char *const WANT[] = {
        "\nid author ",
        "\noption name USI_Hash type spin default 256 min 1 max 1048576\n",
        "\noption name Threads type spin default 1 min 1 max 64\n",
        "\noption name Futile type combo default delay var delay var capture var none\n",
        "\noption name DefenderHand type combo default given var given var rest\n",
        "\noption name RootIsAndNodeIfChecked type check default false\n",
    };
    for (size_t i = 0; i < sizeof WANT / sizeof WANT[0]; i++)
        if (!strstr(e.log, WANT[i]))
            test_fail(__FILE__, __LINE__, "no '%s' in the usi answer:\n%s", WANT[i], e.log);
    CHECK(id_line_ok(e.log));
    eng_send(&e, "isready");
    EXPECT(&e, "readyok", WAIT_MS);
    eng_send(&e, "isready"); /* again: the table is kept */
    EXPECT(&e, "readyok", WAIT_MS);
    eng_send(&e, "quit");
    CHECK_INT(eng_finish(&e, WAIT_MS), 0);
}

TEST(front_usi_mate)
{
    eng_t e;
    if (!eng_start(&e))
        return;
    eng_ready(&e);
    eng_send(&e, "position sfen " MATE1);
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate G*5b");
    eng_send(&e, "position sfen " MATE3);
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate 9f5b+ 4a5b S*4b");
    CHECK(strstr(e.log, "\ninfo string mate in 3 plies (shortest proven), 0 pieces left in hand\ncheckmate"));
    /* Infinite searches end by themselves when they have the answer; "go mate" alone is infinite. */
    eng_send(&e, "go mate infinite");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate 9f5b+ 4a5b S*4b");
    eng_send(&e, "go mate");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate 9f5b+ 4a5b S*4b");
    /* Threads makes a new table of two parts: the same answer. */
    eng_send(&e, "setoption name Threads value 2");
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate 9f5b+ 4a5b S*4b");
    eng_send(&e, "setoption name threads value 1");
    /* A position after moves, and a GUI that sends CRLF. */
    eng_send(&e, "position sfen 5k3/9/4P4/9/9/9/9/9/9 w G2r2b3g4s4n4l17p 1 moves 4a5a\r");
    eng_send(&e, "go mate 20000\r");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate G*5b");
    /* White attacks. */
    eng_send(&e, "position sfen 4k4/9/9/9/9/9/4p4/9/4K4 w g2R2B3G4S4N4L17P 1");
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate G*5h");
    /* A composers' mate in one whose last position still allows a futile interposition:
     * the line goes on to checkmate. */
    eng_send(&e, "position sfen " FUTILE1);
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate 2h3i R*4i 3i4i");
    CHECK(strstr(e.log, "\ninfo string mate in 1 ply (shortest proven), 3 pieces left in hand; 2 plies of futile "
                        "interposition added to reach checkmate\n"));
    /* Options reach the solver: with every interposition counted the same line is the
     * shortest; DefenderHand=rest fills an empty defender hand. */
    eng_send(&e, "setoption name Futile value none");
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate 2h3i R*4i 3i4i");
    CHECK(strstr(e.log, "\ninfo string mate in 3 plies (shortest proven), 4 pieces left in hand\ncheckmate"));
    /* A count of pieces left that is not certain says so (Shogi Zuko 第69番: tie
     * questions of the leftover look-ahead left unanswered). */
    eng_send(&e, "setoption name Futile value delay");
    eng_send(&e, "position sfen 9/9/9/9/5l3/p2+rb4/1pG3+R2/S3S4/1+bk6 b 3GSs4n3l16p 1");
    eng_send(&e, "go mate infinite");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate G*7h 5f7h+ 7g7h 8i7h G*8i 7i6h 8i7h 6h5h B*6g 6f6g 3g6g 5h4i "
                                                "R*2i S*3i G*5i 4i5i 6g6h 5i4i S*3h");
    CHECK(strstr(e.log, "\ninfo string mate in 19 plies (shortest proven), 1 piece left in hand (not certain)\n"));
    eng_send(&e, "setoption name Futile value capture");
    eng_send(&e, "setoption name DefenderHand value rest");
    eng_send(&e, "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1");
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate G*5b");
    eng_send(&e, "quit");
    CHECK_INT(eng_finish(&e, WAIT_MS), 0);
}

TEST(front_usi_nomate)
{
    eng_t e;
    if (!eng_start(&e))
        return;
    eng_ready(&e);
    eng_send(&e, "position sfen " NOMATE);
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate nomate");
    CHECK(strstr(e.log, "\ninfo string no mate (proven)\ncheckmate nomate"));
    eng_send(&e, "position startpos"); /* no check at all */
    eng_send(&e, "go mate infinite");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate nomate");
    /* The side to move is itself mated (most likely the wrong side): said, not hidden. */
    eng_send(&e, "position sfen 4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1");
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate nomate");
    CHECK(strstr(e.log, "\ninfo string no mate (proven); the side to move is checkmated\ncheckmate nomate"));
    /* RootIsAndNodeIfChecked: the side in check defends; mated already, no move at all. */
    eng_send(&e, "setoption name RootIsAndNodeIfChecked value true");
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate");
    CHECK(strstr(e.log, "\ninfo string mate in 0 plies (shortest proven), 0 pieces left in hand\ncheckmate\n"));
    eng_send(&e, "position sfen 3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1 moves 9f5b+");
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate 4a5b S*4b");
    eng_send(&e, "setoption name RootIsAndNodeIfChecked value maybe");
    CHECK_STR(EXPECT(&e, "info string error", WAIT_MS),
              "info string error: RootIsAndNodeIfChecked must be 'true' or 'false', not 'maybe'");
    eng_send(&e, "setoption name RootIsAndNodeIfChecked value false");
    eng_send(&e, "go mate 20000"); /* white attacks from check: black has no king */
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate timeout");
    eng_send(&e, "quit");
    CHECK_INT(eng_finish(&e, WAIT_MS), 0);
}

/* A line longer than a MiB is dropped as it is read (the engine's memory once grew with
 * it, without end on /dev/zero), said once, and the engine goes on. */
TEST(front_usi_long_line)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_shell(fu_fmt("{ head -c 3000000 /dev/zero | tr '\\000' x; printf '\\nisready\\nquit\\n'; } | "
                                 "'%s' usi",
                                 fu_bin()));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, "info string error: a line longer than 1 MiB ignored\nreadyok\n");
    fu_run_free(&r);
    fu_end();
}

TEST(front_usi_timeout)
{
    eng_t e;
    if (!eng_start(&e))
        return;
    eng_ready(&e);
    eng_send(&e, "position sfen " ZUKO1);
    double t0 = now_ms();
    eng_send(&e, "go mate 1");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate timeout");
    CHECK(now_ms() - t0 < 5000);
    CHECK(strstr(e.log, "\ninfo string time limit reached\ncheckmate timeout"));
    /* The engine goes on answering. */
    eng_send(&e, "position sfen " MATE1);
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate G*5b");
    eng_send(&e, "quit");
    CHECK_INT(eng_finish(&e, WAIT_MS), 0);
}

TEST(front_usi_stop)
{
    eng_t e;
    if (!eng_start(&e))
        return;
    eng_ready(&e);
    eng_send(&e, "position sfen " ZUKO1);
    eng_send(&e, "go mate infinite");
    /* Progress while searching: the phase, then figures about every 500 ms. */
    CHECK_STR(EXPECT(&e, "info string phase", WAIT_MS), "info string phase proof");
    const char *info = EXPECT(&e, "info time", WAIT_MS);
    if (!is_progress(info))
        test_fail(__FILE__, __LINE__, "bad progress line '%s'", info);
    /* A go during the search is refused; the search goes on. */
    eng_send(&e, "go mate 1000");
    EXPECT(&e, "info string error: a search is running", WAIT_MS);
    eng_send(&e, "isready"); /* answered at once, even while searching */
    EXPECT(&e, "readyok", WAIT_MS);
    double t0 = now_ms();
    eng_send(&e, "stop");
    const char *answer = EXPECT(&e, "checkmate", STOP_MS);
    double took = now_ms() - t0;
    if (took > STOP_MS)
        test_fail(__FILE__, __LINE__, "stop took %.0f ms", took);
    /* Zuko no. 1 is beyond a second of search; were it solved, a mate line would do. */
    CHECK(!strcmp(answer, "checkmate timeout") || strlen(answer) > 20);
    if (!strcmp(answer, "checkmate timeout"))
        CHECK(strstr(e.log, "\ninfo string stopped\ncheckmate timeout"));
    /* Exactly one answer, and the engine is ready for the next problem at once. */
    eng_send(&e, "position sfen " MATE3);
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate 9f5b+ 4a5b S*4b");
    eng_send(&e, "stop"); /* nothing to stop: ignored */
    eng_send(&e, "isready");
    EXPECT(&e, "readyok", WAIT_MS);
    int answers = 0;
    for (const char *p = e.log; (p = strstr(p, "\ncheckmate")); p++)
        answers++;
    CHECK_INT(answers, 2);
    eng_send(&e, "quit");
    CHECK_INT(eng_finish(&e, WAIT_MS), 0);
}

/* The shortening announces each question it takes up.  Shogi Zuko 第37番: its 23-ply
 * mate is proven in about 0.2 M nodes, and "a mate within 21?" then runs for tens of
 * seconds, so the announcement is seen by a progress report before stop. */
TEST(front_usi_shortening_question)
{
    eng_t e;
    if (!eng_start(&e))
        return;
    eng_ready(&e);
    eng_send(&e, "position sfen 1R7/9/g1+P6/+P2s5/1+bk+pg4/GN1Rl4/Pn+p6/3S5/9 b B2N3Pg2s3l10p 1");
    eng_send(&e, "go mate infinite");
    EXPECT(&e, "info string mate within 23 plies proven, looking for one within 21", WAIT_MS);
    CHECK(strstr(e.log, "\ninfo string phase shortest\n") != NULL);
    eng_send(&e, "stop");
    /* Stopped in the shortening: the proven mate is the answer, a line of 23 plies. */
    const char *answer = EXPECT(&e, "checkmate", WAIT_MS);
    CHECK(!strncmp(answer, "checkmate B*8d ", 15));
    CHECK(strstr(e.log, "looking for one within 19") == NULL);
    eng_send(&e, "quit");
    CHECK_INT(eng_finish(&e, WAIT_MS), 0);
}

TEST(front_usi_quit_while_searching)
{
    eng_t e;
    if (!eng_start(&e))
        return;
    eng_ready(&e);
    eng_send(&e, "position sfen " ZUKO1);
    eng_send(&e, "go mate infinite");
    EXPECT(&e, "info string phase", WAIT_MS);
    double t0 = now_ms();
    eng_send(&e, "quit");
    CHECK_INT(eng_finish(&e, WAIT_MS), 0);
    CHECK(now_ms() - t0 < STOP_MS);
}

/* Nothing read can crash or hang the engine; errors are info strings, a go mate without a
 * valid position answers timeout (never nomate), and good input still works afterwards. */
/* ./tsume-usi (beside $TSUME_BIN) is `tsume usi` as a program of its own: the same
 * handshake, version and answer.  make test once rebuilt only ./tsume, leaving an older
 * tsume-usi in place. */
TEST(front_usi_program)
{
    if (!fu_begin())
        return;
    char usi[4096];
    snprintf(usi, sizeof usi, "%s", fu_bin());
    char *slash = strrchr(usi, '/');
    snprintf(slash ? slash + 1 : usi, sizeof usi - (size_t)(slash ? slash + 1 - usi : 0), "tsume-usi");
    const char *script = "printf 'usi\\nposition sfen " MATE3 "\\ngo mate 1000\\n'";
    fu_run_t own = fu_shell(fu_fmt("%s | '%s' | grep -v '^info'", script, usi));
    fu_run_t sub = fu_shell(fu_fmt("%s | '%s' usi | grep -v '^info'", script, fu_bin()));
    CHECK_INT(own.code, 0);
    CHECK(id_line_ok(own.out));
    CHECK(strstr(own.out, "\nusiok\ncheckmate 9f5b+ 4a5b S*4b\n"));
    CHECK_STR(own.out, sub.out);
    fu_run_free(&own);
    fu_run_free(&sub);
    fu_end();
}

/* A NUL byte once ended the line where it stood: the moves after it were dropped and the
 * engine answered for another position.  Such a line is refused whole, the next read. */
TEST(front_usi_nul_byte)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_shell(fu_fmt("printf 'position sfen %s\\000 moves 9f5b+\\ngo mate 1000\\n\\000usi\\nisready\\nquit\\n' | "
                                 "'%s' usi",
                                 "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1", fu_bin()));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, "info string error: a line holding a NUL byte ignored\n"
                     "info string error: no valid position (send 'position' first)\n"
                     "checkmate timeout\n"
                     "info string error: a line holding a NUL byte ignored\n"
                     "readyok\n");
    fu_run_free(&r);
    fu_end();
}

TEST(front_usi_malformed)
{
    eng_t e;
    if (!eng_start(&e))
        return;
    /* Before the handshake: go mate with no position, plain go, garbage. */
    eng_send(&e, "go mate 1000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate timeout");
    CHECK(strstr(e.log, "info string error: no valid position (send 'position' first)\n"));
    eng_send(&e, "go btime 0 wtime 0 byoyomi 1000");
    CHECK_STR(EXPECT(&e, "bestmove", WAIT_MS), "bestmove resign");
    /* go infinite and go ponder: USI allows their bestmove only after stop or ponderhit. */
    static const char *const UNTIL[][2] = {{"go infinite", "stop"}, {"go ponder btime 0 wtime 0", "ponderhit"}};
    for (int i = 0; i < 2; i++) {
        size_t mark = e.log_len;
        eng_send(&e, "%s", UNTIL[i][0]);
        EXPECT(&e, "info string tsume only answers 'go mate'", WAIT_MS);
        eng_send(&e, "go mate 1000"); /* busy until then */
        CHECK_STR(EXPECT(&e, "info string error", WAIT_MS),
                  "info string error: a search is running; 'go' ignored (send 'stop' first)");
        eng_send(&e, "isready");
        EXPECT(&e, "readyok", WAIT_MS);
        CHECK(!strstr(e.log + mark, "bestmove"));
        eng_send(&e, "%s", UNTIL[i][1]);
        CHECK_STR(EXPECT(&e, "bestmove", WAIT_MS), "bestmove resign");
    }
    eng_send(&e, "%s", "");
    eng_send(&e, "   \t ");
    eng_send(&e, "\x01\x02\x7f\xff garbage");
    CHECK_STR(EXPECT(&e, "info string unknown command", WAIT_MS), "info string unknown command '?\?\?\?' ignored");
    eng_send(&e, "stop");
    eng_send(&e, "ponderhit");
    eng_send(&e, "gameover win");
    eng_send(&e, "usi");
    EXPECT(&e, "usiok", WAIT_MS);
    /* Bad options keep the old values (and the table stays usable). */
    static const char *const BAD_OPTIONS[] = {
        "setoption",
        "setoption name",
        "setoption value 3",
        "setoption name USI_Hash",
        "setoption name USI_Hash value",
        "setoption name USI_Hash value 0",
        "setoption name USI_Hash value -5",
        "setoption name USI_Hash value 1048577",
        "setoption name USI_Hash value 99999999999999999999999",
        "setoption name USI_Hash value 16MB",
        "setoption name Threads value 0",
        "setoption name Threads value 65",
        "setoption name Threads value two",
        "setoption name Futile value maybe",
        "setoption name DefenderHand value all",
        "setoption name NoSuchOption value 3",
    };
    for (size_t i = 0; i < sizeof BAD_OPTIONS / sizeof BAD_OPTIONS[0]; i++) {
        eng_send(&e, "%s", BAD_OPTIONS[i]);
        const char *l = EXPECT(&e, "info string", WAIT_MS);
        if (!strstr(l, "error") && !strstr(l, "unknown option"))
            test_fail(__FILE__, __LINE__, "'%s' answered '%s'", BAD_OPTIONS[i], l);
    }
    /* More than the machine's memory: allowed (the table fills as the search goes), said. */
    unsigned long long machine_mb =
        (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGE_SIZE) >> 20;
    if (machine_mb < 65536) {
        eng_send(&e, "setoption name USI_Hash value 65536");
        CHECK_STR(EXPECT(&e, "info string", WAIT_MS),
                  fu_fmt("info string warning: USI_Hash 65536 MiB is more than this machine's memory (%llu MiB): a "
                         "search that fills the table will be killed",
                         machine_mb));
    }
    eng_send(&e, "setoption name USI_Ponder value false"); /* sent by GUIs: accepted silently */
    eng_send(&e, "setoption name usi_hash value 8");       /* names and values ignore case */
    eng_send(&e, "isready");
    EXPECT(&e, "readyok", WAIT_MS);
    /* Bad positions: each an error line; then go mate answers timeout, not nomate. */
    static const char *const BAD_POSITIONS[] = {
        "position",
        "position sfen",
        "position sfen junk",
        "position sfen 9/9/9 b - 1",
        "position sfen " MATE1 " trailing words",
        "position sfen " MATE1 " moves 5b5a",
        "position sfen " MATE1 " moves G*5b G*5b",
        "position startpos moves 7g7f 7g7f",
        "position startpos junk",
        "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1 moves \xff\xfe",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 9G 1",
    };
    for (size_t i = 0; i < sizeof BAD_POSITIONS / sizeof BAD_POSITIONS[0]; i++) {
        eng_send(&e, "%s", BAD_POSITIONS[i]);
        EXPECT(&e, "info string error:", WAIT_MS);
        eng_send(&e, "go mate 1000");
        const char *l = EXPECT(&e, "checkmate", WAIT_MS);
        if (strcmp(l, "checkmate timeout"))
            test_fail(__FILE__, __LINE__, "go mate after '%s' answered '%s'", BAD_POSITIONS[i], l);
    }
    /* A position whose defender has no king: the solver refuses it, still timeout. */
    eng_send(&e, "position sfen 9/9/9/9/9/9/9/9/4K4 b - 1");
    eng_send(&e, "go mate 1000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate timeout");
    CHECK(strstr(e.log, "\ninfo string error: no king for the defender (white)\ncheckmate timeout"));
    /* The reader's reason is given whole (it was cut at 60 bytes, as echoed input is). */
    eng_send(&e, "position sfen 4k4/4p4/4p4/9/9/9/9/9/9 b G 1");
    CHECK_STR(EXPECT(&e, "info string error:", WAIT_MS),
              "info string error: illegal position: two unpromoted white pawns on file 5 (nifu)");
    eng_send(&e, "go mate 1000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate timeout");
    CHECK(strstr(e.log, "\ninfo string error: no valid position (illegal position: two unpromoted white pawns on "
                        "file 5 (nifu))\ncheckmate timeout"));
    /* Bad times, each refused as a time (before the position is looked at): '1.5' was
     * read as 1 ms and a number past a double's range as no limit. */
    static const char *const BAD_GO[] = {"go mate abc", "go mate -5", "go mate 1e999", "go mate nan", "go mate 1.5",
                                         "go mate 99999999999999999999", "go mate 1000000000001"};
    for (size_t i = 0; i < sizeof BAD_GO / sizeof BAD_GO[0]; i++) {
        eng_send(&e, "%s", BAD_GO[i]);
        const char *l = EXPECT(&e, "info string error:", WAIT_MS);
        if (!strstr(l, "'go mate' wants a whole number of ms up to 10^12 or 'infinite', not '"))
            test_fail(__FILE__, __LINE__, "'%s' said '%s'", BAD_GO[i], l);
        l = EXPECT(&e, "checkmate", WAIT_MS);
        if (strcmp(l, "checkmate timeout"))
            test_fail(__FILE__, __LINE__, "'%s' answered '%s'", BAD_GO[i], l);
    }
    /* A very long line of junk, and a long list of moves. */
    static char big[70000];
    memset(big, 'x', sizeof big - 1);
    eng_send(&e, "%.8000s", big);
    EXPECT(&e, "info string unknown command", WAIT_MS);
    eng_send(&e, "position startpos moves %.*s", 6000, big);
    EXPECT(&e, "info string error:", WAIT_MS);
    /* After all that, good input still works. */
    eng_send(&e, "position sfen " MATE3);
    eng_send(&e, "go mate 20000");
    CHECK_STR(EXPECT(&e, "checkmate", WAIT_MS), "checkmate 9f5b+ 4a5b S*4b");
    eng_send(&e, "quit");
    CHECK_INT(eng_finish(&e, WAIT_MS), 0);
}

/* A script piped in, as from a shell: at the end of input a timed search answers before
 * the engine exits; an infinite one is stopped. */
TEST(front_usi_piped_script)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_shell(fu_fmt("printf 'usi\\nisready\\nposition sfen %s\\ngo mate 20000\\n' | timeout 60 '%s' usi 2>&1",
                                 MATE3, fu_bin()));
    CHECK_INT(r.code, 0);
    CHECK(id_line_ok(r.out));
    size_t len = strlen(r.out);
    static const char TAIL[] = "\ncheckmate 9f5b+ 4a5b S*4b\n";
    CHECK(len > sizeof TAIL && !strcmp(r.out + len - (sizeof TAIL - 1), TAIL));
    fu_run_free(&r);

    double t0 = now_ms();
    r = fu_shell(fu_fmt("printf 'position sfen %s\\ngo mate infinite\\n' | timeout 60 '%s' usi 2>&1", ZUKO1, fu_bin()));
    CHECK_INT(r.code, 0);
    CHECK(now_ms() - t0 < 10000);
    CHECK(strstr(r.out, "checkmate timeout\n"));
    fu_run_free(&r);

    /* Arguments are refused; --help describes the protocol. */
    r = fu_tsume("usi extra");
    CHECK_INT(r.code, 2);
    fu_run_free(&r);
    r = fu_tsume("usi --help");
    CHECK(strstr(r.out, "go mate") != NULL);
    fu_run_free(&r);
    fu_end();
}

/* tools/oracle's referee: usi-mate.mjs drives the engine over every problem of
 * tests/data/usi_cases.txt and checks each line with shogiops. */
TEST(front_usi_oracle)
{
    const char *script = "build/oracle/usi-mate.mjs";
    struct stat sb;
    if (stat("build/oracle/node_modules/shogiops", &sb) != 0) {
        test_fail(__FILE__, __LINE__, "build/oracle/node_modules/shogiops missing (tools/oracle/setup.sh)");
        return;
    }
    if (!fu_begin())
        return;
    fu_run_t r = fu_shell(fu_fmt("cp '%s' %s", test_shared("oracle/usi-mate.mjs"), script));
    bool copied = r.code == 0;
    fu_run_free(&r);
    if (!copied) {
        test_fail(__FILE__, __LINE__, "cannot copy %s", test_shared("oracle/usi-mate.mjs"));
        fu_end();
        return;
    }
    /* The driver starts an engine without arguments: a wrapper runs "$TSUME_BIN usi". */
    const char *wrapper = fu_write("engine.sh", fu_fmt("#!/bin/sh\nexec '%s' usi \"$@\"\n", fu_bin()));
    chmod(wrapper, 0755);
    r = fu_shell(fu_fmt("timeout 600 node %s %s tests/data/usi_cases.txt 20000 2>&1", script, wrapper));
    int passed = -1, failed = -1;
    const char *summary = strstr(r.out, " passed, ");
    while (summary && summary > r.out && summary[-1] != '\n')
        summary--;
    if (summary)
        sscanf(summary, "%d passed, %d failed", &passed, &failed);
    if (r.code != 0 || passed < 30 || failed != 0)
        test_fail(__FILE__, __LINE__, "usi-mate.mjs: exit %d, %d passed, %d failed:\n%s", r.code, passed, failed, r.out);
    fu_run_free(&r);
    fu_end();
}

/* tools/oracle/peer-check.mjs: tsume against another USI engine, answer by answer.  With
 * tsume's own engine as the peer every answer agrees; a peer that answers every position
 * "nomate" contradicts each mate, and the script says so and exits 1. */
TEST(tools_peer_check)
{
    struct stat sb;
    if (stat("build/oracle/node_modules/shogiops", &sb) != 0) {
        test_fail(__FILE__, __LINE__, "build/oracle/node_modules/shogiops missing (tools/oracle/setup.sh)");
        return;
    }
    if (!fu_begin())
        return;
    char *abs = realpath(fu_bin(), NULL);
    const char *tsume = fu_fmt("%s", abs ? abs : fu_bin());
    free(abs);
    const char *own = fu_write("own.sh", fu_fmt("#!/bin/sh\nexec '%s' usi\n", tsume));
    const char *liar = fu_write("liar.sh", "#!/bin/sh\nwhile read -r cmd rest; do case \"$cmd\" in\n"
                                           "usi) echo 'id name liar'; echo usiok;; isready) echo readyok;;\n"
                                           "go) echo 'checkmate nomate';; quit) exit 0;; esac; done\n");
    const char *cases = fu_write("cases.sfen", "# two mates, a no-mate and a line that is no problem\n"
                                               "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\n"
                                               "9/9/6k2/8+S/9/9/9/9/9 b 2r2b4g3s4n4l18p 1\n"
                                               "bogus line\n"
                                               "4k4/9/4P4/9/9/9/9/9/9 b G 1\n");
    chmod(own, 0755);
    chmod(liar, 0755);
    const char *env = fu_fmt("TSUME='%s' TSUME_SHARED='%s'", tsume, test_shared(""));
    fu_run_t r = fu_shell(fu_fmt("%s node tools/oracle/peer-check.mjs '%s' '%s' 5000", env, own, cases));
    CHECK_INT(r.code, 0);
    CHECK(!strncmp(r.out, "3 problems (tsume/peer): mate/mate 2, nomate/nomate 1; 0 contradictions; 1 input line "
                          "with no position, not asked\ntime: tsume ", 126));
    fu_run_free(&r);
    r = fu_shell(fu_fmt("%s node tools/oracle/peer-check.mjs '%s' '%s' 5000", env, liar, cases));
    CHECK_INT(r.code, 1);
    CHECK(strstr(r.out, fu_fmt("CONTRADICTION %s:2  tsume mate 3 (proven shortest), peer nomate  3sks3/", cases)) !=
          NULL);
    CHECK(strstr(r.out, fu_fmt("CONTRADICTION %s:5  tsume mate 1 (proven shortest), peer nomate", cases)) != NULL);
    CHECK(strstr(r.out, "\n3 problems (tsume/peer): nomate/nomate 1, mate/nomate 2; 2 contradictions;") != NULL);
    fu_run_free(&r);
    fu_end();
}
