/*
 * front_solve.c: `tsume solve` as a user sees it, run through the binary ($TSUME_BIN,
 * default ./tsume): the SFEN forms, -f files (comments, blanks, malformed lines, several
 * files, stdin), text and JSON output, option errors, --help and the exit statuses.
 *
 * The answers checked hold for any correct solver: a mate in one, positions that are not
 * problems at all, and "unknown" under --nodes 1 on problems that need many nodes.  So
 * these tests pass with the mate-in-one stub and must keep passing with the real df-pn.
 * Each test works in its own mkdtemp directory and removes it.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "classic_kif.h"
#include "front_util.h"
#include "test.h"

#define MATE1 "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
/* 3 plies, 9f5b+ 4a5b S*4b; no mate in one. */
#define MATE3 "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1"
/* Shogi Zuko no. 1, 69 plies: no solver proves it within a handful of nodes. */
#define ZUKO1 "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1"
#define NO_DEFENDER_KING "9/9/9/9/9/9/9/9/4K4 b - 1"

/* ---- a scratch directory and one run of the binary ---- */

static char dir[64];
static int n_created;
static char created[16][128];

static bool scratch_begin(void)
{
    strcpy(dir, "/tmp/tsume-solve-XXXXXX");
    n_created = 0;
    if (!mkdtemp(dir)) {
        test_fail(__FILE__, __LINE__, "mkdtemp failed");
        return false;
    }
    return true;
}

/* Path of a file in the scratch directory, remembered for scratch_end. */
static const char *scratch(const char *name)
{
    for (int i = 0; i < n_created; i++)
        if (!strcmp(strrchr(created[i], '/') + 1, name))
            return created[i];
    snprintf(created[n_created], sizeof created[0], "%s/%s", dir, name);
    return created[n_created++];
}

static void scratch_end(void)
{
    for (int i = 0; i < n_created; i++)
        unlink(created[i]);
    rmdir(dir);
}

static const char *write_file(const char *name, const char *text)
{
    const char *path = scratch(name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    return path;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    char *buf = calloc(1, 1 << 20);
    if (f && buf) {
        size_t n = fread(buf, 1, (1 << 20) - 1, f);
        buf[n] = 0;
    }
    if (f)
        fclose(f);
    return buf;
}

/* printf into one of a few static buffers; a command too long to fit fails the test
 * rather than running cut short. */
static const char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static const char *fmt(const char *f, ...)
{
    static char buf[4][4096];
    static int k;
    char *out = buf[k++ & 3];
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(out, sizeof buf[0], f, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf[0]) {
        test_fail(__FILE__, __LINE__, "command text too long: %.60s...", out);
        out[0] = 0;
    }
    return out;
}

typedef struct {
    int code;
    char *out, *err;
} run_t;

/* Runs "BIN solve ARGS" through sh (ARGS is shell text: quote SFENs), with stdin from the
 * file stdin_path when given; pipe_text instead pipes that text in. */
static run_t solve_run(const char *args, const char *stdin_path, const char *pipe_text)
{
    const char *bin = getenv("TSUME_BIN");
    if (!bin || !*bin)
        bin = "./tsume";
    const char *out = scratch("stdout"), *err = scratch("stderr");
    const char *cmd = pipe_text ? fmt("printf '%s' | '%s' solve %s >'%s' 2>'%s'", pipe_text, bin, args, out, err)
                                : fmt("'%s' solve %s <'%s' >'%s' 2>'%s'", bin, args,
                                      stdin_path ? stdin_path : "/dev/null", out, err);
    int st = system(cmd);
    run_t r = {st == -1 ? -1 : WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st), slurp(out), slurp(err)};
    return r;
}

static void run_free(run_t *r)
{
    free(r->out);
    free(r->err);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* The n-th line (0-based) of s, without its newline, in a static buffer. */
static const char *line_of(const char *s, int n)
{
    static char buf[8192];
    for (; n > 0 && *s; s++)
        if (*s == '\n')
            n--;
    size_t len = strcspn(s, "\n");
    snprintf(buf, sizeof buf, "%.*s", (int)len, s);
    return buf;
}

static bool is_uint(const char *s) { return *s && strspn(s, "0123456789") == strlen(s); }


/* ---- the tests ---- */

TEST(front_solve_mate1_text)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run(MATE1, NULL, NULL); /* the SFEN as several words */
    CHECK_INT(r.code, 0);
    CHECK_STR(line_of(r.out, 0), "problem 1  " MATE1);
    CHECK_STR(line_of(r.out, 1), "  status   mate in 1 ply (shortest proven), 0 pieces left in hand");
    CHECK_STR(line_of(r.out, 2), "  line     G*5b");
    CHECK(!strncmp(line_of(r.out, 3), "  search   ", 11));
    CHECK(strstr(line_of(r.out, 3), " nodes, ") && strstr(line_of(r.out, 3), " ms, defender hand given"));
    CHECK_INT(count_lines(r.out), 4);
    CHECK_STR(r.err, "");
    run_free(&r);
    scratch_end();
}

TEST(front_solve_mate1_json)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run("--format json '" MATE1 "'", NULL, NULL); /* the SFEN as one word */
    CHECK_INT(r.code, 0);
    CHECK_INT(count_lines(r.out), 1);
    const char *line = line_of(r.out, 0);
    CHECK_STR(fu_mask_effort(line), "{\"id\": 1, \"sfen\": \"" MATE1 "\", \"status\": \"mate\", \"plies\": 1, "
                                 "\"pv\": [\"G*5b\"], \"leftover\": 0, \"exact\": true, \"shortest\": true, "
                                 "\"within\": 1, \"nodes\": #, \"time_ms\": #, \"defender_hand\": \"given\"}");
    CHECK(is_uint(fu_jget(line, "nodes")));
    CHECK(is_uint(fu_jget(line, "time_ms")));
    CHECK_STR(r.err, "");
    run_free(&r);

    r = solve_run("--format=json --defender-hand rest --futile none " MATE1, NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "status"), "\"mate\"");
    CHECK_STR(fu_jget(r.out, "pv"), "[\"G*5b\"]");
    CHECK_STR(fu_jget(r.out, "defender_hand"), "\"rest\"");
    run_free(&r);
    scratch_end();
}

TEST(front_solve_position_forms)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run("--format json sfen " MATE1, NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "sfen"), "\"" MATE1 "\"");
    CHECK_STR(fu_jget(r.out, "pv"), "[\"G*5b\"]");
    run_free(&r);

    /* The problem is the position after the moves, shown canonically (move number 2). */
    r = solve_run("--format json 'position sfen 5k3/9/4P4/9/9/9/9/9/9 w G2r2b3g4s4n4l17p 1 moves 4a5a'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "sfen"), "\"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 2\"");
    CHECK_STR(fu_jget(r.out, "status"), "\"mate\"");
    run_free(&r);

    /* Black has no check in the start position: nomate for a real solver, unknown for the
     * stub; either way a well-formed problem, not an error. */
    r = solve_run("--format json --nodes 1000 startpos", NULL, NULL);
    CHECK(r.code == 0 || r.code == 1);
    CHECK(!strcmp(fu_jget(r.out, "status"), "\"nomate\"") || !strcmp(fu_jget(r.out, "status"), "\"unknown\""));
    run_free(&r);

    r = solve_run("--format json position sfen " MATE1 " moves 5b5a", NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_STR(fu_jget(r.out, "status"), "\"error\"");
    CHECK(strstr(fu_jget(r.out, "error"), "move 1"));
    run_free(&r);
    scratch_end();
}

TEST(front_solve_file)
{
    if (!scratch_begin())
        return;
    const char *path = write_file("t.sfen", "# a comment line\n"
                                            "\n"
                                            MATE1 "\t1\tG*5b\t# notes\n"
                                            "4k4/9/4P4/9/9/9/9/9/X b G 1\t1\n"
                                            "   \t \n"
                                            "position sfen " MATE1 "\n"
                                            NO_DEFENDER_KING "\n"
                                            "sfen " MATE1 "\r\n");
    run_t r = solve_run(fmt("--format json -f '%s'", path), NULL, NULL);
    CHECK_INT(r.code, 2); /* a malformed line is an error, the others are still solved */
    CHECK_INT(count_lines(r.out), 5);
    static const struct {
        const char *id, *status;
    } WANT[] = {{"3", "\"mate\""}, {"4", "\"error\""}, {"6", "\"mate\""}, {"7", "\"error\""}, {"8", "\"mate\""}};
    for (int i = 0; i < 5; i++) {
        const char *line = line_of(r.out, i);
        CHECK_STR(fu_jget(line, "id"), WANT[i].id);
        CHECK_STR(fu_jget(line, "status"), WANT[i].status);
        CHECK(strstr(fu_jget(line, "file"), "t.sfen"));
    }
    CHECK(strstr(fu_jget(line_of(r.out, 1), "error"), "unknown piece letter 'X'"));
    CHECK_STR(fu_jget(line_of(r.out, 1), "sfen"), "\"4k4/9/4P4/9/9/9/9/9/X b G 1\"");
    CHECK_STR(fu_jget(line_of(r.out, 3), "error"), "\"no king for the defender (white)\"");
    CHECK_STR(fu_jget(line_of(r.out, 4), "pv"), "[\"G*5b\"]");
    /* stdout holds JSON lines only: the summary goes to stderr. */
    CHECK_INT(count_lines(r.err), 1);
    CHECK(!strncmp(r.err, "summary  5 problems: solved 3, nomate 0, unknown 0, errors 2, time ", 67));
    run_free(&r);

    /* The same in text: blocks name FILE:LINE, errors give the reason, a summary ends it. */
    r = solve_run(fmt("-f '%s'", path), NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.out, "t.sfen:3  " MATE1 "\n  status   mate in 1 ply"));
    CHECK(strstr(r.out, "t.sfen:4  4k4/9/4P4/9/9/9/9/9/X b G 1\n  status   error: bad SFEN: unknown piece letter 'X'"));
    CHECK(strstr(r.out, "t.sfen:7  " NO_DEFENDER_KING "\n  status   error: no king for the defender (white)\n"));
    CHECK(strstr(r.out, "\nsummary  5 problems: solved 3, nomate 0, unknown 0, errors 2, time "));
    run_free(&r);
    scratch_end();
}

TEST(front_solve_no_defender_king)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run("'" NO_DEFENDER_KING "'", NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_STR(r.out, "problem 1  " NO_DEFENDER_KING "\n  status   error: no king for the defender (white)\n");
    run_free(&r);

    r = solve_run("--format json 4k4/9/9/9/9/9/9/9/9 w - 1", NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_STR(fu_mask_effort(r.out), "{\"id\": 1, \"sfen\": \"4k4/9/9/9/9/9/9/9/9 w - 1\", \"status\": \"error\", "
                                  "\"nodes\": #, \"time_ms\": #, \"defender_hand\": \"given\", "
                                  "\"error\": \"no king for the defender (black)\"}\n");
    run_free(&r);
    scratch_end();
}

/* An attacker that starts in check: a legal start (its move must answer the check and give
 * one), noted in JSON always and, when there is no mate, in the text report too, where it
 * most often means the SFEN names the wrong side to move. */
#define IN_CHECK_MATE1 "8k/6G2/9/9/5b3/9/9/8B/1K6L b - 1" /* 1h4e takes the checker, the lance mates */
#define CHECKMATED "4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1"     /* white, to move, is mated */
#define IN_CHECK_NOMATE "4k4/9/4R4/9/9/9/9/9/4K4 w - 1"

TEST(front_solve_attacker_in_check)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run("'" IN_CHECK_MATE1 "'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(line_of(r.out, 1), "  status   mate in 1 ply (shortest proven), 1 piece left in hand");
    CHECK_STR(line_of(r.out, 2), "  line     1h4e");
    CHECK(!strstr(r.out, "note"));
    run_free(&r);
    r = solve_run("--format json '" IN_CHECK_MATE1 "'", NULL, NULL);
    CHECK_STR(fu_mask_effort(r.out), "{\"id\": 1, \"sfen\": \"" IN_CHECK_MATE1 "\", \"status\": \"mate\", "
                                     "\"plies\": 1, \"pv\": [\"1h4e\"], \"leftover\": 1, \"exact\": true, "
                                     "\"shortest\": true, \"within\": 1, \"nodes\": #, \"time_ms\": #, "
                                     "\"defender_hand\": \"given\", \"attacker_check\": \"check\"}\n");
    run_free(&r);

    r = solve_run("'" CHECKMATED "'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(line_of(r.out, 1), "  status   nomate (proven: no mate exists)");
    CHECK_STR(line_of(r.out, 2), "  note     the side to move is checkmated, so it has no move: is it the side "
                                 "meant to attack?");
    CHECK(!strncmp(line_of(r.out, 3), "  search   ", 11));
    run_free(&r);
    r = solve_run("--format json '" CHECKMATED "'", NULL, NULL);
    CHECK_STR(fu_jget(r.out, "status"), "\"nomate\"");
    CHECK_STR(fu_jget(r.out, "attacker_check"), "\"checkmate\"");
    run_free(&r);

    r = solve_run("'" IN_CHECK_NOMATE "'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(line_of(r.out, 2), "  note     the side to move is in check, so its move must answer that check "
                                 "and give one: is it the side meant to attack?");
    run_free(&r);
    r = solve_run("--format json '" MATE1 "'", NULL, NULL); /* not in check: no such member */
    CHECK(!strstr(r.out, "attacker_check"));
    run_free(&r);

    fu_run_t v = fu_tsume("verify '" CHECKMATED "'");
    CHECK_INT(v.code, 5);
    CHECK_STR(line_of(v.out, 1), "  verdict  nomate");
    CHECK_STR(line_of(v.out, 2), "  note     the side to move is checkmated, so it has no move: is it the side "
                                 "meant to attack?");
    fu_run_free(&v);
    v = fu_tsume("verify --format json '" CHECKMATED "'");
    CHECK_STR(fu_jget(v.out, "attacker_check"), "\"checkmate\"");
    fu_run_free(&v);
    scratch_end();
}

/* --in-check defend: a side to move in check defends, the line starts with its reply. */
#define AFTER_CHECK "position sfen " MATE3 " moves 9f5b+" /* white in check, mated in 2 */
#define FUTILE_ROOT "R7k/9/7G1/9/9/9/9/9/9 w g 1"      /* white's interposition at 2a is taken */

TEST(front_solve_in_check_defends)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run("--in-check defend '" AFTER_CHECK "'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(line_of(r.out, 0), "problem 1  3sks3/4+B4/4S4/9/9/9/9/9/9 w S2rb4g4n4l18p 2");
    CHECK_STR(line_of(r.out, 1), "  status   mate in 2 plies (shortest proven), 0 pieces left in hand");
    CHECK_STR(line_of(r.out, 2), "  line     4a5b S*4b");
    CHECK_STR(line_of(r.out, 3), "  note     the side to move is in check and defends (--in-check defend): the line "
                                 "starts with its reply");
    run_free(&r);
    r = solve_run("--format json --in-check=defend '" AFTER_CHECK "'", NULL, NULL);
    CHECK_STR(fu_mask_effort(r.out), "{\"id\": 1, \"sfen\": \"3sks3/4+B4/4S4/9/9/9/9/9/9 w S2rb4g4n4l18p 2\", "
                                     "\"status\": \"mate\", \"plies\": 2, \"pv\": [\"4a5b\", \"S*4b\"], "
                                     "\"leftover\": 0, \"exact\": true, \"shortest\": true, \"within\": 2, "
                                     "\"nodes\": #, \"time_ms\": #, \"defender_hand\": \"given\", "
                                     "\"side_to_move\": \"defends\"}\n");
    run_free(&r);
    r = solve_run("'" AFTER_CHECK "'", NULL, NULL); /* by default the side in check attacks: no check answers */
    CHECK_STR(line_of(r.out, 1), "  status   error: no king for the defender (black)");
    run_free(&r);

    r = solve_run("--in-check defend '" CHECKMATED "'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(line_of(r.out, 1), "  status   mate in 0 plies (shortest proven), 0 pieces left in hand");
    CHECK_STR(line_of(r.out, 2), "  line     (none: the side to move has no reply that counts)");
    run_free(&r);
    r = solve_run("--format json --in-check defend '" CHECKMATED "'", NULL, NULL);
    CHECK_STR(fu_jget(r.out, "plies"), "0");
    CHECK_STR(fu_jget(r.out, "pv"), "[]");
    CHECK(!strstr(r.out, "attacker_check"));
    run_free(&r);

    r = solve_run("--in-check defend '" IN_CHECK_NOMATE "'", NULL, NULL); /* the king walks away */
    CHECK_STR(line_of(r.out, 1), "  status   nomate (proven: no mate exists)");
    run_free(&r);
    r = solve_run("--format json --in-check defend '" MATE1 "'", NULL, NULL); /* not in check: it attacks */
    CHECK_STR(fu_jget(r.out, "pv"), "[\"G*5b\"]");
    CHECK(!strstr(r.out, "side_to_move"));
    run_free(&r);
    /* The longest defence drops at 2a, where the king retakes; a drop further off is
     * taken with mate. */
    r = solve_run("--in-check defend '" FUTILE_ROOT "'", NULL, NULL);
    CHECK_STR(line_of(r.out, 2), "  line     G*2a 9a2a+ 1a2a G*2b");
    run_free(&r);

    r = solve_run("--in-check sometimes '" AFTER_CHECK "'", NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_STR(r.err, "tsume: solve: --in-check must be 'attack' or 'defend', not 'sometimes'\n");
    run_free(&r);
    fu_run_t v = fu_tsume("check --plies 2 --in-check defend '" AFTER_CHECK "'");
    CHECK_INT(v.code, 0);
    CHECK_STR(v.out, "yes  mate in 2 plies: 4a5b S*4b\n");
    fu_run_free(&v);
    v = fu_tsume("check --plies 2 --in-check defend '" CHECKMATED "'");
    CHECK_STR(v.out, "yes  mate in 0 plies (the side to move has no reply that counts)\n");
    fu_run_free(&v);
    v = fu_tsume("check --plies 2 --in-check defend --format json '" CHECKMATED "'");
    CHECK_STR(fu_jget(v.out, "side_to_move"), "\"defends\"");
    CHECK_STR(fu_jget(v.out, "pv"), "[]");
    fu_run_free(&v);
    v = fu_tsume("check --plies 1 --in-check defend '" AFTER_CHECK "'");
    CHECK_STR(v.out, "no  no mate within 1 ply\n");
    fu_run_free(&v);
    /* A mate in 0 is an expectation --expect reads, as --format sfen writes it. */
    const char *path = fu_write("in_check.sfen", CHECKMATED "\t0\n" AFTER_CHECK "\t0\n" AFTER_CHECK "\tmate<=0\n");
    r = solve_run(fu_fmt("--in-check defend --expect --format sfen -f '%s'", path), NULL, NULL);
    CHECK_INT(r.code, 4);
    CHECK(strstr(r.out, CHECKMATED "\t0\t\t# ") && strstr(r.err, "; expect 1 match, 2 mismatch, 0 undecided\n"));
    run_free(&r);
    v = fu_tsume("verify --in-check defend '" CHECKMATED "'");
    CHECK_INT(v.code, 2);
    CHECK_STR(v.err, "tsume: verify: --in-check defend does not apply: a composed problem starts with the "
                     "attacker to move\n");
    fu_run_free(&v);
    scratch_end();
}

TEST(front_solve_bad_options)
{
    if (!scratch_begin())
        return;
    static const struct {
        const char *args, *names;
    } CASES[] = {
        {"--hash 0 " MATE1, "--hash"},
        {"--hash abc " MATE1, "--hash"},
        {"--hash -5 " MATE1, "--hash"},
        {"--hash=99999999999 " MATE1, "--hash"},
        {"--time-limit -1 " MATE1, "--time-limit"},
        {"--time-limit soon " MATE1, "--time-limit"},
        {"--nodes 1e6 " MATE1, "--nodes"},
        {"--shorten-nodes -1 " MATE1, "--shorten-nodes"},
        {"--futile maybe " MATE1, "--futile"},
        {"--delay-nodes 0 " MATE1, "--delay-nodes"},
        {"--delay-nodes x " MATE1, "--delay-nodes"},
        {"--defender-hand all " MATE1, "--defender-hand"},
        {"--format xml " MATE1, "--format"},
        {"--bogus " MATE1, "--bogus"},
        {MATE1 " --hash", "--hash"},
        {"", "SFEN"},
        {"--nodes 5", "SFEN"},
        {"-f", "-f"},
        {"-f /dev/null " MATE1, "-f"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        run_t r = solve_run(CASES[i].args, NULL, NULL);
        if (r.code != 2 || count_lines(r.err) != 1 || !strstr(r.err, CASES[i].names) || *r.out)
            test_fail(__FILE__, __LINE__, "'solve %s': exit %d, stderr \"%s\", stdout \"%.60s\"", CASES[i].args,
                      r.code, r.err, r.out);
        run_free(&r);
    }
    scratch_end();
}

TEST(front_solve_help)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run("--help", NULL, NULL);
    CHECK_INT(r.code, 0);
    static const char *const WORDS[] = {"-f FILE", "--hash", "--time-limit", "--nodes", "--futile",
                                        "--defender-hand", "--shorten-nodes", "--format", "Exit status"};
    for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
        if (!strstr(r.out, WORDS[i]))
            test_fail(__FILE__, __LINE__, "--help does not mention %s", WORDS[i]);
    CHECK_STR(r.err, "");
    run_free(&r);
    scratch_end();
}

/* tsume --version (and `tsume version`) names the build; --help says so. */
TEST(front_version)
{
    if (!fu_begin())
        return;
    const char *forms[] = {"--version", "version"};
    for (int i = 0; i < 2; i++) {
        fu_run_t r = fu_tsume(forms[i]);
        CHECK_INT(r.code, 0);
        size_t v = strcspn(r.out + 6, " \n");
        CHECK(!strncmp(r.out, "tsume ", 6) && v > 0 && !strcmp(r.out + 6 + v, "\n"));
        CHECK_STR(r.err, "");
        fu_run_free(&r);
    }
    fu_run_t r = fu_tsume("--help");
    CHECK(strstr(r.out, "'tsume --version'"));
    fu_run_free(&r);
    fu_end();
}

TEST(front_solve_stdin)
{
    if (!scratch_begin())
        return;
    const char *path = write_file("in.sfen", "# header\n" MATE1 "\tx\n");
    run_t r = solve_run("--format json -f -", path, NULL);
    CHECK_INT(r.code, 0);
    CHECK_INT(count_lines(r.out), 1);
    CHECK_STR(fu_jget(r.out, "id"), "2");
    CHECK_STR(fu_jget(r.out, "file"), "\"stdin\"");
    CHECK_STR(fu_jget(r.out, "pv"), "[\"G*5b\"]");
    run_free(&r);

    r = solve_run("-f -", NULL, "\\n" MATE1 "\\n");
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.out, "problem stdin:2  " MATE1 "\n"));
    run_free(&r);
    scratch_end();
}

/* "unknown" must come from a limit, whatever the solver: a 69-ply problem cannot be proven
 * within one node even if the limit were only checked every few thousand nodes. */
TEST(front_solve_unknown_exit1)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run("--format json --nodes 1 --time-limit 20 '" ZUKO1 "'", NULL, NULL);
    CHECK_INT(r.code, 1);
    CHECK_STR(fu_jget(r.out, "status"), "\"unknown\"");
    CHECK_STR(fu_jget(r.out, "plies"), "");
    run_free(&r);

    /* With one answered problem beside it, still 1; with an error too, 2. */
    const char *path = write_file("u.sfen", MATE1 "\n" ZUKO1 "\n");
    r = solve_run(fmt("--nodes 1 --time-limit 20 -f '%s'", path), NULL, NULL);
    CHECK_INT(r.code, 1);
    CHECK(strstr(r.out, "\nsummary  2 problems: solved 1, nomate 0, unknown 1, errors 0, time "));
    run_free(&r);
    path = write_file("u.sfen", MATE1 "\n" ZUKO1 "\nnonsense\n");
    r = solve_run(fmt("--nodes 1 --time-limit 20 -f '%s'", path), NULL, NULL);
    CHECK_INT(r.code, 2);
    run_free(&r);
    scratch_end();
}

/* Assumes what solver/dfpn.c does: the node limit is checked at every node and nothing
 * proves a mate in three before the first node is counted.  Only a mate in one may be
 * found ahead of any limit, which is why MATE1 is not used here. */
TEST(front_solve_unknown_mate3_nodes1)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run("--format json --nodes 1 '" MATE3 "'", NULL, NULL);
    CHECK_INT(r.code, 1);
    CHECK_STR(fu_jget(r.out, "status"), "\"unknown\"");
    run_free(&r);
    scratch_end();
}

/* A length the node limit left uncertified: Shogi Zuko 第89番 (declared 29 plies) at 300,000
 * nodes proves a mate within 43 plies, and the line written from the table is 41 plies
 * long, with choices along it unproven (`tsume check --plies 41` shows a mate in 37).
 * within is the proven bound, plies the line's length; the text says both.  (The line
 * was 41 plies before session 18's changes to the walk's defender step, line.c, 39 from
 * then to the epsilon of 3/4 in bounded searches, dfpn.c; neither its delay-rule
 * witness nor the table was the cause: an uncertified line follows what the walk's
 * budgets let it learn, in the order it spends them.) */
#define ZUKO89 "k1S+b5/ng1S1l3/1gN1P4/BN1+ps4/3R5/1S2R4/9/9/9 b 2gn3l16p 1"

/* `solve --format json ARGS`: a mate whose length is not certified, for the reason why
 * (the JSON "uncertified"); the run is the caller's to check further and free. */
static run_t expect_uncertified(int line, const char *args, const char *why)
{
    run_t r = solve_run(fu_fmt("--format json %s", args), NULL, NULL);
    if (r.code != 0 || strcmp(fu_jget(r.out, "status"), "\"mate\"") || strcmp(fu_jget(r.out, "shortest"), "false") ||
        strcmp(fu_jget(r.out, "exact"), "false") || strcmp(fu_jget(r.out, "uncertified"), why))
        test_fail(__FILE__, line, "'solve --format json %s': exit %d, '%s' (want an uncertified mate, %s)", args,
                  r.code, r.out, why);
    return r;
}

TEST(front_solve_uncertified_within)
{
    if (!scratch_begin())
        return;
    run_t r = expect_uncertified(__LINE__, "--hash 64 --nodes 300000 '" ZUKO89 "'", "\"limit\"");
    CHECK_STR(fu_jget(r.out, "within"), "43");
    CHECK_STR(fu_jget(r.out, "plies"), "41");
    run_free(&r);
    r = solve_run("--hash 64 --nodes 300000 '" ZUKO89 "'", NULL, NULL);
    CHECK(strstr(r.out, "  status   mate within 43 plies proven, line of 41 plies (not certified: a limit stopped "
                        "the shortening)\n") != NULL);
    run_free(&r);
    scratch_end();
}

/* Among equally long defences the one leaving the attacker no pieces wins, under node
 * limits too.  Shogi Zuko 第56番 (25 plies) at the bench's limits: at ply 4 the tokins of
 * 3g and 4i may each take on 4h, both mated in 21 more plies; 3g4h leaves a gold in
 * hand, 4i4h nothing.  Showing that 4i4h holds out ("no mate within 19") takes more than
 * a refining search's 20,000 nodes, and the walk used to pass it over. */
#define ZUKO56 "9/9/5l3/+B2+R5/+P1+p1g4/3S1l1n+B/G1+p3+p2/1+p2+rk1N1/2s1N+p1G1 b G2sn2l12p 1"
TEST(front_solve_leftover_tie_under_limits)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run("--format json --nodes 50000000 --shorten-nodes 3000000 '" ZUKO56 "'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "plies"), "25");
    CHECK_STR(fu_jget(r.out, "shortest"), "true");
    CHECK_STR(fu_jget(r.out, "leftover"), "0");
    CHECK(strstr(r.out, "\"pv\": [\"6f5g\", \"4h5i\", \"5g4h\", \"4i4h\",") != NULL);
    run_free(&r);
    scratch_end();
}

/* --shorten-nodes caps the shortening alone.  Shogi Zuko 第37番 (23 plies) is proven in a
 * few hundred thousand nodes, but showing no mate within 21 takes about 15 M: with
 * 100,000 nodes for it the answer is a mate within 23 not proven shortest, well before
 * the generous --nodes.  A cheap problem is still proven shortest under a small share. */
#define ZUKO37 "1R7/9/g1+P6/+P2s5/1+bk+pg4/GN1Rl4/Pn+p6/3S5/9 b B2N3Pg2s3l10p 1"
#define ZUKO98 "8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1"
TEST(front_solve_shorten_nodes)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run("--format json --hash 64 --nodes 50000000 --shorten-nodes 100000 '" ZUKO37 "'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "status"), "\"mate\"");
    CHECK_STR(fu_jget(r.out, "plies"), "23");
    CHECK_STR(fu_jget(r.out, "within"), "23");
    CHECK_STR(fu_jget(r.out, "shortest"), "false");
    long nodes = atol(fu_jget(r.out, "nodes"));
    if (nodes < 100000 || nodes > 1000000)
        test_fail(__FILE__, __LINE__, "--shorten-nodes 100000: %ld nodes in all", nodes);
    run_free(&r);
    r = solve_run("--format json --shorten-nodes=1000 '" MATE3 "'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "plies"), "3");
    CHECK_STR(fu_jget(r.out, "shortest"), "true");
    CHECK_STR(fu_jget(r.out, "exact"), "true");
    CHECK(strstr(r.out, "\"uncertified\"") == NULL); /* absent when exact */
    run_free(&r);
    scratch_end();
}

/* --delay-nodes: a delay-rule test that runs out of its budget.  KomoringHeights' kh8a
 * (11 plies) needs its knight interpositions shown futile; with 5 nodes a test (and 40
 * and 320 on the two retries, solver.c) they cannot be, so the length rests on stopped
 * tests and is reported as such, never certified.  With 20 nodes the second retry's 1,280
 * certify the 11 (since the epsilon of 3/4 in bounded searches, dfpn.c, 10 nodes and 640
 * no longer do; 12 and 768 do). */
#define KH8A "6p2/8k/9/6P2/8+P/9/9/9/8L b G2r2b3g4s4n3l15p 1"
TEST(front_solve_delay_nodes)
{
    if (!scratch_begin())
        return;
    static const char *const RUNS[] = {"", "--delay-nodes 20 "};
    for (int i = 0; i < 2; i++) {
        run_t r = solve_run(fu_fmt("--format json %s'" KH8A "'", RUNS[i]), NULL, NULL);
        CHECK_STR(fu_jget(r.out, "plies"), "11");
        CHECK_STR(fu_jget(r.out, "exact"), "true");
        run_free(&r);
    }
    run_t r = expect_uncertified(__LINE__, "--delay-nodes 5 '" KH8A "'", "\"futility-test\"");
    run_free(&r);
    r = solve_run("--delay-nodes=5 '" KH8A "'", NULL, NULL);
    CHECK(strstr(r.out, "(not certified: a futility test ran out of its budget)\n") != NULL);
    run_free(&r);
    scratch_end();
}

/* Shogi Zuko 第98番 (31 plies): a delay-rule test is made only for the refutation a
 * defender node reports (dfpn_delay.c), which makes "no mate within 29" cheap: 1.79 M
 * nodes (1.0 M before the epsilon of 3/4 in bounded searches, dfpn.c).  Testing every
 * disproven interposition at once, that question alone ran past 2.6 M nodes (12.4 M
 * tests; measured with epsilon 1/4).  (The whole solve proved the 31 shortest in 1.4 M
 * nodes then, 2.2 M before the epsilon change and 12.3 M since, when its first question,
 * "within 39", takes 9.8 M.) */
TEST(front_solve_lazy_delay_tests)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_tsume("check --plies 29 --format json --hash 64 --nodes 2000000 '" ZUKO98 "'");
    CHECK_INT(r.code, 1); /* check's exit status for a no */
    CHECK_STR(fu_jget(r.out, "answer"), "\"no\"");
    fu_run_free(&r);
    fu_end();
}

TEST(front_solve_several_files)
{
    if (!scratch_begin())
        return;
    const char *a = write_file("a.sfen", MATE1 "\n");
    const char *b = write_file("b.sfen", "#\n#\nsfen " MATE1 "\n");
    run_t r = solve_run(fmt("--format json -f '%s' --file '%s'", a, b), NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_INT(count_lines(r.out), 2);
    CHECK(strstr(fu_jget(line_of(r.out, 0), "file"), "a.sfen") && !strcmp(fu_jget(line_of(r.out, 0), "id"), "1"));
    CHECK(strstr(fu_jget(line_of(r.out, 1), "file"), "b.sfen") && !strcmp(fu_jget(line_of(r.out, 1), "id"), "3"));
    run_free(&r);

    /* A file that cannot be opened: one line on stderr (before the summary), exit 2, the
     * other files solved. */
    r = solve_run(fmt("--format json -f '%s/missing.sfen' -f '%s'", dir, a), NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_INT(count_lines(r.err), 2);
    CHECK(strstr(line_of(r.err, 0), "missing.sfen"));
    CHECK(!strncmp(line_of(r.err, 1), "summary  1 problem: solved 1, ", 30));
    CHECK_STR(fu_jget(r.out, "status"), "\"mate\"");
    run_free(&r);
    scratch_end();
}

/* Echoed bad lines must still make valid JSON: quotes, backslashes, control characters
 * and bytes that are not UTF-8. */
TEST(front_solve_json_escaping)
{
    if (!scratch_begin())
        return;
    const char *path = write_file("e.sfen", "9/\"9\\\x01\x7f\xff b - 1\n"
                                            "4k4/9/9/9/9/9/9/9/9 b \xe7\x8e\x89 1\n");
    run_t r = solve_run(fmt("--format json -f '%s'", path), NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_INT(count_lines(r.out), 2);
    CHECK_STR(fu_jget(line_of(r.out, 0), "sfen"), "\"9/\\\"9\\\\\\u0001\x7f\\ufffd b - 1\"");
    CHECK_STR(fu_jget(line_of(r.out, 1), "sfen"), "\"4k4/9/9/9/9/9/9/9/9 b \xe7\x8e\x89 1\"");
    for (int i = 0; i < 2; i++)
        CHECK(strcmp(fu_jget(line_of(r.out, i), "error"), "INVALID") && *fu_jget(line_of(r.out, i), "error"));

    /* In text, control characters are shown as '?'. */
    run_free(&r);
    r = solve_run(fmt("-f '%s'", path), NULL, NULL);
    CHECK(strstr(r.out, "e.sfen:1  9/\"9\\??\xff b - 1\n"));
    run_free(&r);
    scratch_end();
}

/* --format kif writes the line in Japanese notation; --board adds the diagram. */
TEST(front_solve_kif_and_board)
{
    if (!scratch_begin())
        return;
    run_t r = solve_run("--format kif --board 3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(line_of(r.out, 1), "後手の持駒：飛二　角　金四　桂四　香四　歩十八　");
    CHECK_STR(line_of(r.out, 4), "| ・ ・ ・v銀v玉v銀 ・ ・ ・|一");
    CHECK_STR(line_of(r.out, 14), "先手の持駒：銀　");
    CHECK_STR(line_of(r.out, 17), "  line     ▲５二角成 △同　銀左 ▲４二銀打");
    run_free(&r);
    r = solve_run("--format kif --board=yes " MATE1, NULL, NULL);
    CHECK_INT(r.code, 2);
    run_free(&r);
    scratch_end();
}

/* A bad line is echoed cut short: a line of megabytes does not flood the report. */
TEST(front_solve_long_bad_line)
{
    if (!fu_begin())
        return;
    static char line[5002];
    memset(line, 'x', 5000);
    line[5000] = '\n';
    char path[256];
    snprintf(path, sizeof path, "%s", fu_write("long.sfen", line));
    const char *cmds[] = {"solve", "solve --format json", "verify", "check --plies 3 --format json"};
    for (int i = 0; i < 4; i++) {
        fu_run_t r = fu_tsume(fu_fmt("%s -f '%s'", cmds[i], path));
        CHECK_INT(r.code, 2);
        CHECK(strlen(r.out) < 400);
        CHECK(strstr(r.out, "xxxxxxxxxx... (5000 bytes)"));
        CHECK(strstr(r.out, "bad SFEN: too long"));
        fu_run_free(&r);
    }
    fu_end();
}

/* A KIF or CSA file is one problem, its diagram; its move line, ending in check after an
 * attacker's move, states the length.  The same as a single word naming the file.  A
 * game record is the position after its moves. */
#define M3_KIF_HEAD "# 3手詰\n作品名：テスト\n後手の持駒：残り全部\n" CLASSIC_KIF_BOARD "先手の持駒：銀\n先手番\n"
#define M3_KIF M3_KIF_HEAD "   1 ５二角成(96)\n   2 同　銀(41)\n   3 ４二銀打\nまで3手で詰み\n"
#define M3_CSA                                                                                                   \
    "V2.2\nP1 *  *  * -GI-OU-GI *  *  * \nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  * +GI *  *  *  * \n"        \
    "P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6+KA *  *  *  *  *  *  *  * \n"              \
    "P7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  *  *  *  *  *  * \n"            \
    "P+00GI\nP-00AL\n+\n+9652UM\n-4152GI\n+0042GI\n%TSUMI\n"

TEST(front_solve_kif_csa_files)
{
    if (!fu_begin())
        return;
    /* fu_write's paths live in rotating buffers: keep copies */
    char kif[256], csa[256], two[256], bad[256];
    snprintf(kif, sizeof kif, "%s", fu_write("m3.kif", M3_KIF));
    snprintf(csa, sizeof csa, "%s", fu_write("m3.csa", M3_CSA));
    snprintf(two, sizeof two, "%s", fu_write("m2.kif", M3_KIF_HEAD "   1 ５二角成(96)\n   2 同　銀(41)\n"));
    fu_run_t r = fu_tsume(fu_fmt("solve --format json --expect -f '%s' -f '%s' -f '%s'", kif, csa, two));
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), 3);
    for (int i = 0; i < 3; i++) {
        const char *l = fu_line(r.out, i);
        CHECK_STR(fu_jget(l, "id"), "1");
        CHECK_STR(fu_jget(l, "sfen"), "\"3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\"");
        CHECK_STR(fu_jget(l, "plies"), "3");
        CHECK_STR(fu_jget(l, "expect"), i < 2 ? "\"3\"" : "");
        CHECK_STR(fu_jget(l, "match"), i < 2 ? "true" : "");
    }
    CHECK(strstr(fu_jget(fu_line(r.out, 1), "file"), "m3.csa\""));
    fu_run_free(&r);

    /* Words naming files; stdin; verify and check read them the same way. */
    r = fu_tsume(fu_fmt("solve '%s'", kif));
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.out, "m3.kif:1  3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\n"));
    CHECK(strstr(r.out, "  line     9f5b+ 4a5b S*4b\n"));
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("solve --format json '%s' '%s'", csa, kif));
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), 2);
    CHECK(strstr(fu_jget(fu_line(r.out, 1), "file"), "m3.kif\""));
    fu_run_free(&r);
    r = fu_shell(fu_fmt("'%s' solve --format json -f - <'%s'", fu_bin(), csa));
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "file"), "\"stdin\"");
    CHECK_STR(fu_jget(r.out, "plies"), "3");
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("verify --format json '%s'", kif));
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "stated"), "3");
    CHECK_STR(fu_jget(r.out, "verdict"), "\"sound\"");
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("check --plies 3 --format json '%s'", csa));
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "answer"), "\"yes\"");
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("check --plies 1 --format json '%s'", csa));
    CHECK_INT(r.code, 1);
    CHECK_STR(fu_jget(r.out, "answer"), "\"no\"");
    fu_run_free(&r);

    /* A diagram that cannot be read is one error saying why; the other files are still
     * solved. */
    snprintf(bad, sizeof bad, "%s", fu_write("bad.kif", "後手の持駒：残り全部\n| ・ ・ ・v銀v玉v銀 ・ ・ ・|一\n先手の持駒：銀\n"));
    r = fu_tsume(fu_fmt("solve --format json -f '%s' -f '%s'", bad, kif));
    CHECK_INT(r.code, 2);
    CHECK_INT(fu_count_lines(r.out), 2);
    CHECK_STR(fu_jget(fu_line(r.out, 0), "status"), "\"error\"");
    CHECK_STR(fu_jget(fu_line(r.out, 0), "error"), "\"KIF: the board diagram has 1 of 9 rows (truncated?)\"");
    CHECK_STR(fu_jget(fu_line(r.out, 1), "status"), "\"mate\"");
    fu_run_free(&r);

    /* --kif writes each answer as a KIF record, which reads back as the problem with its
     * line; a FILE for one problem, a DIR for several. */
    char one[256], outdir[256];
    snprintf(one, sizeof one, "%s", fu_path("answer.kif"));
    snprintf(outdir, sizeof outdir, "%s", fu_path("answers"));
    r = fu_tsume(fu_fmt("solve --kif '%s' '%s'", one, csa));
    CHECK_INT(r.code, 0);
    fu_run_free(&r);
    char *rec = fu_slurp(one);
    CHECK(rec && strstr(rec, "備考：tsume solve: mate in 3 plies (shortest proven), 0 left in hand\n") &&
          strstr(rec, "   3 ４二銀打     ( 0:00/00:00:00)\nまで3手で詰み\n"));
    free(rec);
    r = fu_tsume(fu_fmt("solve --format json --expect -f '%s'", one));
    CHECK_STR(fu_jget(r.out, "sfen"), "\"3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\"");
    CHECK_STR(fu_jget(r.out, "match"), "true");
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("solve --kif '%s' '%s' '%s'", one, kif, csa));
    CHECK_INT(r.code, 2);
    CHECK_STR(r.out, "");
    CHECK(strstr(r.err, "--kif FILE writes one problem's record, and 2 problems were given"));
    fu_run_free(&r);
    r = fu_shell(fu_fmt("mkdir -p '%s' && '%s' solve --kif '%s' '%s' '%s' >/dev/null && ls '%s'", outdir, fu_bin(), outdir,
                        kif, csa, outdir));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, "m3-1.kif\nm3_2-1.kif\n"); /* m3.kif, then m3.csa */
    fu_run_free(&r);

    /* A game record (moves from a game's start, KIF or CSA) is the position its moves
     * reach, as 'position startpos moves ...' is; its moves state nothing. */
    char gk[256], gc[256];
    snprintf(gk, sizeof gk, "%s", fu_write("game.kif", "手合割：平手\n手数----指手---------消費時間--\n"
                                                       "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n"));
    snprintf(gc, sizeof gc, "%s", fu_write("game.csa", "PI\n+\n+7776FU\n-3334FU\n+8822UM\n"));
    r = fu_tsume(fu_fmt("solve --format json --expect -f '%s' -f '%s'", gk, gc));
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), 2);
    for (int i = 0; i < 2; i++) {
        const char *l = fu_line(r.out, i);
        CHECK_STR(fu_jget(l, "sfen"), "\"lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4\"");
        CHECK_STR(fu_jget(l, "status"), "\"nomate\"");
        CHECK_STR(fu_jget(l, "expect"), "");
    }
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("verify --format json '%s'", gk));
    CHECK_STR(fu_jget(r.out, "verdict"), "\"nomate\"");
    CHECK_STR(fu_jget(r.out, "stated"), "");
    CHECK_STR(fu_jget(r.out, "stated_line"), "");
    fu_run_free(&r);

    /* A word that is neither a position nor a file says so. */
    r = fu_tsume("solve no-such-problem");
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.out, "error: neither a SFEN (a board has eight '/') nor a file"));
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("solve '%s/missing.kif'", fu_path("")));
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.out, "(nor is it a file)"));
    fu_run_free(&r);

    /* A file that is not text, and a directory: one line each, the other files solved. */
    char nul[256];
    snprintf(nul, sizeof nul, "%s", fu_path("nul.sfen"));
    r = fu_shell(fu_fmt("printf '" MATE1 "\\n\\000\\n' > '%s'", nul));
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("solve --format json -f '%s' -f '%s' -f '%s'", nul, fu_path(""), kif));
    CHECK_INT(r.code, 2);
    CHECK_INT(fu_count_lines(r.out), 1);
    CHECK_STR(fu_jget(r.out, "status"), "\"mate\"");
    CHECK(strstr(r.err, fu_fmt("tsume: solve: cannot read '%s': it holds a NUL byte: not a text file\n", nul)));
    CHECK(strstr(r.err, "': Is a directory\n"));
    fu_run_free(&r);
    fu_end();
}

/* --format sfen writes a problem file: the position, the answer as --expect reads it, the
 * line, a comment naming the input; errors are comment lines, the summary goes to stderr.
 * Solved again with --expect, every answer matches. */
TEST(front_solve_format_sfen)
{
    if (!fu_begin())
        return;
    char in[256], ans[256];
    snprintf(in, sizeof in, "%s",
             fu_write("in.sfen", MATE3 "\t5\n# a comment\nlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL "
                                 "b - 1\n9/9/9 b - 1\n"));
    snprintf(ans, sizeof ans, "%s", fu_path("ans.sfen"));
    fu_run_t r = fu_shell(fu_fmt("'%s' solve --format sfen --expect -f '%s' > '%s'", fu_bin(), in, ans));
    CHECK_INT(r.code, 2); /* the error, before the mismatch of the stated 5 */
    CHECK(!strncmp(r.err, "summary  3 problems: solved 1, nomate 1, unknown 0, errors 1, ", 62));
    fu_run_free(&r);
    char *text = fu_slurp(ans);
    CHECK_INT(fu_count_lines(text), 3);
    CHECK_STR(fu_line(text, 0), fu_fmt(MATE3 "\t3\t9f5b+ 4a5b S*4b\t# %s:1, expected 5: MISMATCH", in));
    CHECK_STR(fu_line(text, 1),
              fu_fmt("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\tnomate\t-\t# %s:3", in));
    CHECK_STR(fu_line(text, 2), fu_fmt("# 9/9/9 b - 1\t%s:4: error: bad SFEN: board has 3 ranks, expected 9", in));
    free(text);
    r = fu_tsume(fu_fmt("solve --format json --expect -f '%s'", ans));
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), 2);
    for (int i = 0; i < 2; i++)
        CHECK_STR(fu_jget(fu_line(r.out, i), "match"), "true");
    fu_run_free(&r);

    /* unknown, and a length not proven shortest */
    r = fu_tsume("solve --format sfen --nodes 1 '" ZUKO1 "'");
    CHECK_INT(r.code, 1);
    CHECK_STR(r.out, ZUKO1 "\t-\t-\t# argument, unknown: a limit stopped the search\n");
    fu_run_free(&r);
#define ZUKO12 "6n2/+PS1+Ps1k2/3s+B1l2/1Lp1G1p1S/3p1n1+R+p/3+p1+nG2/4Pp1G1/6G+r1/5L1N+B b 2Pl7p 1"
    r = fu_tsume("solve --format sfen --nodes 100000 '" ZUKO12 "'");
    CHECK_INT(r.code, 0);
    CHECK(!strncmp(r.out, ZUKO12 "\tmate<=", strlen(ZUKO12) + 7));
    const char *tail = "\t# argument, length not proven shortest\n";
    size_t n = strlen(r.out), t = strlen(tail);
    CHECK(n > t && !strcmp(r.out + n - t, tail));
    fu_run_free(&r);
#undef ZUKO12
    fu_end();
}

/* --expect and a mate whose length a limit left unproven: the mate within `within` plies
 * is proven, so mate<=N with N >= within matches, nomate<=N and a length N above within
 * do not; the rest stays undecided.  Zuko 第12番 at 100,000 nodes: within 73. */
TEST(front_solve_expect_within)
{
    if (!fu_begin())
        return;
#define Z12 "6n2/+PS1+Ps1k2/3s+B1l2/1Lp1G1p1S/3p1n1+R+p/3+p1+nG2/4Pp1G1/6G+r1/5L1N+B b 2Pl7p 1\t"
    char path[256];
    snprintf(path, sizeof path, "%s",
             fu_write("w.sfen", Z12 "mate<=73\n" Z12 "mate<=80\n" Z12 "75\n" Z12 "nomate<=73\n" Z12 "73\n" Z12
                                "mate<=71\n" Z12 "nomate<=71\n"));
#undef Z12
    fu_run_t r = fu_tsume(fu_fmt("solve --expect --nodes 100000 --jobs 2 --format json -f '%s'", path));
    CHECK_INT(r.code, 4);
    CHECK_INT(fu_count_lines(r.out), 7);
    static const char *const match[7] = {"true", "true", "false", "false", "", "", ""};
    for (int i = 0; i < 7; i++) {
        CHECK_STR(fu_jget(fu_line(r.out, i), "within"), "73");
        CHECK_STR(fu_jget(fu_line(r.out, i), "shortest"), "false");
        CHECK_STR(fu_jget(fu_line(r.out, i), "match"), match[i]);
    }
    CHECK(strstr(r.err, "; expect 2 match, 2 mismatch, 3 undecided\n"));
    fu_run_free(&r);
    fu_end();
}
