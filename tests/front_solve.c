/*
 * front_solve.c: `tsume solve` as a user sees it, run through the binary ($TSUME_BIN,
 * default ./tsume): the SFEN forms, -f files (comments, blanks, malformed lines, several
 * files, stdin), text, JSON, KIF and SFEN output, option errors, --help and the exit
 * statuses.  front_solve_answers.c has the answers that depend on the position's or the
 * limits' particulars: a side to move in check, unknown, lengths a limit left unproven.
 *
 * The answers checked hold for any correct solver: a mate in one, positions that are not
 * problems at all, and "unknown" under --nodes 1 on problems that need many nodes.  So
 * these tests pass with the mate-in-one stub and must keep passing with the real df-pn.
 * Each test works in its own mkdtemp directory and removes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "classic_kif.h"
#include "front_positions.h"
#include "front_util.h"
#include "test.h"

#define NO_DEFENDER_KING "9/9/9/9/9/9/9/9/4K4 b - 1"

static bool is_uint(const char *s) { return *s && strspn(s, "0123456789") == strlen(s); }

/* ---- the tests ---- */

TEST(front_solve_mate1_text)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_solve(MATE1, NULL, NULL); /* the SFEN as several words */
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_line(r.out, 0), "problem 1  " MATE1);
    CHECK_STR(fu_line(r.out, 1), "  status   mate in 1 ply (shortest proven), 0 pieces left in hand");
    CHECK_STR(fu_line(r.out, 2), "  line     G*5b");
    CHECK(!strncmp(fu_line(r.out, 3), "  search   ", 11));
    CHECK(strstr(fu_line(r.out, 3), " nodes, ") && strstr(fu_line(r.out, 3), " ms, defender hand given"));
    CHECK_INT(fu_count_lines(r.out), 4);
    CHECK_STR(r.err, "");
    fu_run_free(&r);
    fu_end();
}

TEST(front_solve_mate1_json)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_solve("--format json '" MATE1 "'", NULL, NULL); /* the SFEN as one word */
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), 1);
    const char *line = fu_line(r.out, 0);
    CHECK_STR(fu_mask_effort(line), "{\"id\": 1, \"sfen\": \"" MATE1 "\", \"status\": \"mate\", \"plies\": 1, "
                                 "\"pv\": [\"G*5b\"], \"leftover\": 0, \"leftover_sure\": true, \"exact\": true, "
                                 "\"shortest\": true, "
                                 "\"within\": 1, \"nodes\": #, \"time_ms\": #, \"phase_nodes\": #, \"phase_ms\": #, "
                                 "\"defender_hand\": \"given\"}");
    CHECK(is_uint(fu_jget(line, "nodes")));
    CHECK(is_uint(fu_jget(line, "time_ms")));
    CHECK_STR(r.err, "");
    fu_run_free(&r);

    r = fu_solve("--format=json --defender-hand rest --futile none " MATE1, NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "status"), "\"mate\"");
    CHECK_STR(fu_jget(r.out, "pv"), "[\"G*5b\"]");
    CHECK_STR(fu_jget(r.out, "defender_hand"), "\"rest\"");
    fu_run_free(&r);
    fu_end();
}

/* The three numbers of a "phase_nodes" or "phase_ms" member; false when it is not an
 * array of three whole numbers. */
static bool phases_of(const char *line, const char *key, unsigned long long v[3])
{
    char end;
    return sscanf(fu_jget(line, key), "[%llu, %llu, %llu%c", &v[0], &v[1], &v[2], &end) == 4 && end == ']';
}

#define ZUKO37 "1R7/9/g1+P6/+P2s5/1+bk+pg4/GN1Rl4/Pn+p6/3S5/9 b B2N3Pg2s3l10p 1"

/* phase_nodes splits nodes into the proof, the shortening and the line. */
TEST(front_solve_phases)
{
    if (!fu_begin())
        return;
    unsigned long long n[3], ms[3];
    /* Zuko 第37番 under --nodes 300000: the proof (about 0.2 M nodes) leaves the rest of the
     * limit to the shortening, which stops on it exactly; the uncertified line's walk then
     * searches on (its own allowance, README). */
    fu_run_t r = fu_solve("--format json --nodes 300000 '" ZUKO37 "'", NULL, NULL);
    CHECK_STR(fu_jget(r.out, "exact"), "false");
    CHECK(phases_of(r.out, "phase_nodes", n));
    CHECK(phases_of(r.out, "phase_ms", ms));
    CHECK(n[0] > 0 && n[1] > 0 && n[2] > 0);
    CHECK_INT((long long)(n[0] + n[1]), 300000);
    CHECK_STR(fu_jget(r.out, "nodes"), fu_fmt("%llu", n[0] + n[1] + n[2]));
    fu_run_free(&r);
    /* A mate in three certified: its line comes from the table without a search. */
    r = fu_solve("--format json '" MATE3 "'", NULL, NULL);
    CHECK_STR(fu_jget(r.out, "exact"), "true");
    CHECK(phases_of(r.out, "phase_nodes", n));
    CHECK(n[0] > 0 && n[1] > 0 && n[2] == 0);
    CHECK_STR(fu_jget(r.out, "nodes"), fu_fmt("%llu", n[0] + n[1]));
    fu_run_free(&r);
    /* A no-mate is all proof; an error has no phases. */
    r = fu_solve("--format json '4k4/9/9/9/9/9/9/9/9 b P 1'", NULL, NULL);
    CHECK_STR(fu_jget(r.out, "status"), "\"nomate\"");
    CHECK(phases_of(r.out, "phase_nodes", n));
    CHECK(n[0] > 0 && n[1] == 0 && n[2] == 0);
    CHECK_STR(fu_jget(r.out, "nodes"), fu_fmt("%llu", n[0]));
    fu_run_free(&r);
    r = fu_solve("--format json '" NO_DEFENDER_KING "'", NULL, NULL);
    CHECK_STR(fu_jget(r.out, "status"), "\"error\"");
    CHECK_STR(fu_jget(r.out, "phase_nodes"), "");
    CHECK_STR(fu_jget(r.out, "phase_ms"), "");
    fu_run_free(&r);
    fu_end();
}

TEST(front_solve_position_forms)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_solve("--format json sfen " MATE1, NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "sfen"), "\"" MATE1 "\"");
    CHECK_STR(fu_jget(r.out, "pv"), "[\"G*5b\"]");
    fu_run_free(&r);

    /* The problem is the position after the moves, shown canonically (move number 2). */
    r = fu_solve("--format json 'position sfen 5k3/9/4P4/9/9/9/9/9/9 w G2r2b3g4s4n4l17p 1 moves 4a5a'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "sfen"), "\"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 2\"");
    CHECK_STR(fu_jget(r.out, "status"), "\"mate\"");
    fu_run_free(&r);

    /* Black has no check in the start position: nomate for a real solver, unknown for the
     * stub; either way a well-formed problem, not an error. */
    r = fu_solve("--format json --nodes 1000 startpos", NULL, NULL);
    CHECK(r.code == 0 || r.code == 1);
    CHECK(!strcmp(fu_jget(r.out, "status"), "\"nomate\"") || !strcmp(fu_jget(r.out, "status"), "\"unknown\""));
    fu_run_free(&r);

    r = fu_solve("--format json position sfen " MATE1 " moves 5b5a", NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_STR(fu_jget(r.out, "status"), "\"error\"");
    CHECK(strstr(fu_jget(r.out, "error"), "move 1"));
    fu_run_free(&r);
    fu_end();
}

TEST(front_solve_file)
{
    if (!fu_begin())
        return;
    const char *path = fu_write("t.sfen", "# a comment line\n"
                                            "\n"
                                            MATE1 "\t1\tG*5b\t# notes\n"
                                            "4k4/9/4P4/9/9/9/9/9/X b G 1\t1\n"
                                            "   \t \n"
                                            "position sfen " MATE1 "\n"
                                            NO_DEFENDER_KING "\n"
                                            "sfen " MATE1 "\r\n");
    fu_run_t r = fu_solve(fu_fmt("--format json -f '%s'", path), NULL, NULL);
    CHECK_INT(r.code, 2); /* a malformed line is an error, the others are still solved */
    CHECK_INT(fu_count_lines(r.out), 5);
    static const struct {
        const char *id, *status;
    } WANT[] = {{"3", "\"mate\""}, {"4", "\"error\""}, {"6", "\"mate\""}, {"7", "\"error\""}, {"8", "\"mate\""}};
    for (int i = 0; i < 5; i++) {
        const char *line = fu_line(r.out, i);
        CHECK_STR(fu_jget(line, "id"), WANT[i].id);
        CHECK_STR(fu_jget(line, "status"), WANT[i].status);
        CHECK(strstr(fu_jget(line, "file"), "t.sfen"));
    }
    CHECK(strstr(fu_jget(fu_line(r.out, 1), "error"), "unknown piece letter 'X'"));
    CHECK_STR(fu_jget(fu_line(r.out, 1), "sfen"), "\"4k4/9/4P4/9/9/9/9/9/X b G 1\"");
    CHECK_STR(fu_jget(fu_line(r.out, 3), "error"), "\"no king for the defender (white)\"");
    CHECK_STR(fu_jget(fu_line(r.out, 4), "pv"), "[\"G*5b\"]");
    /* stdout holds JSON lines only: the summary goes to stderr. */
    CHECK_INT(fu_count_lines(r.err), 1);
    CHECK(!strncmp(r.err, "summary  5 problems: solved 3, nomate 0, unknown 0, errors 2, time ", 67));
    fu_run_free(&r);

    /* The same in text: blocks name FILE:LINE, errors give the reason, a summary ends it. */
    r = fu_solve(fu_fmt("-f '%s'", path), NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.out, "t.sfen:3  " MATE1 "\n  status   mate in 1 ply"));
    CHECK(strstr(r.out, "t.sfen:4  4k4/9/4P4/9/9/9/9/9/X b G 1\n  status   error: bad SFEN: unknown piece letter 'X'"));
    CHECK(strstr(r.out, "t.sfen:7  " NO_DEFENDER_KING "\n  status   error: no king for the defender (white)\n"));
    CHECK(strstr(r.out, "\nsummary  5 problems: solved 3, nomate 0, unknown 0, errors 2, time "));
    fu_run_free(&r);

    /* A comment column that says 持駒 or 手合割 leaves the file one of SFEN lines (a
     * reviewer's case: the whole file was read as a KIF, and was its error). */
    path = fu_write("jp.sfen", MATE1 "\t1\tG*5b\t# 駒余り: 持駒なし, 手合割でない\n" MATE1 "\t1\n");
    r = fu_solve(fu_fmt("--expect -f '%s'", path), NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.out, "\nsummary  2 problems: solved 2, nomate 0, unknown 0, errors 0, time "));
    CHECK(strstr(r.out, "; expect 2 match, 0 mismatch, 0 undecided\n"));
    fu_run_free(&r);
    fu_end();
}

TEST(front_solve_no_defender_king)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_solve("'" NO_DEFENDER_KING "'", NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_STR(r.out, "problem 1  " NO_DEFENDER_KING "\n  status   error: no king for the defender (white)\n");
    fu_run_free(&r);

    r = fu_solve("--format json 4k4/9/9/9/9/9/9/9/9 w - 1", NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_STR(fu_mask_effort(r.out), "{\"id\": 1, \"sfen\": \"4k4/9/9/9/9/9/9/9/9 w - 1\", \"status\": \"error\", "
                                  "\"nodes\": #, \"time_ms\": #, "
                                  "\"error\": \"no king for the defender (black)\"}\n"); /* no hand was used */
    fu_run_free(&r);
    fu_end();
}

TEST(front_solve_bad_options)
{
    if (!fu_begin())
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
        {"--time-limit 0x10 " MATE1, "--time-limit"}, /* strtod's hex, blanks, infinity: refused */
        {"--time-limit ' 1' " MATE1, "--time-limit"},
        {"--time-limit inf " MATE1, "--time-limit"},
        {"--time-limit 1000000001 " MATE1, "from 0 to 10^9"},
        {"--nodes 1e6 " MATE1, "--nodes"},
        {"--nodes 18446744073709551615 " MATE1, "--nodes"}, /* wrapped round to a tiny limit */
        {"--shorten-nodes=1000000000000001 " MATE1, "--shorten-nodes"},
        {"--delay-nodes=18446744073709551615 " MATE1, "--delay-nodes"},
        {"--shorten-nodes -1 " MATE1, "--shorten-nodes"},
        {"--futile maybe " MATE1, "--futile"},
        {"--delay-nodes 0 " MATE1, "--delay-nodes"},
        {"--delay-nodes x " MATE1, "--delay-nodes"},
        {"--defender-hand all " MATE1, "--defender-hand"},
        {"--threads 0 " MATE1, "--threads"},
        {"--threads 65 " MATE1, "--threads"},
        {"--threads=two " MATE1, "--threads"},
        {"--format xml " MATE1, "--format"},
        {"--bogus " MATE1, "--bogus"},
        {MATE1 " --hash", "--hash"},
        {"", "SFEN"},
        {"--nodes 5", "SFEN"},
        {"-f", "-f"},
        {"-f /dev/null " MATE1, "-f"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        fu_run_t r = fu_solve(CASES[i].args, NULL, NULL);
        if (r.code != 2 || fu_count_lines(r.err) != 1 || !strstr(r.err, CASES[i].names) || *r.out)
            test_fail(__FILE__, __LINE__, "'solve %s': exit %d, stderr \"%s\", stdout \"%.60s\"", CASES[i].args,
                      r.code, r.err, r.out);
        fu_run_free(&r);
    }
    /* The largest node counts taken are no limit in effect: the same search as none (a
     * Zuko problem of 13 plies; 2^64 - 1 had left its length uncertified). */
    const char *zuko = "'9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1'";
    fu_run_t none = fu_solve(fu_fmt("--format json %s", zuko), NULL, NULL);
    fu_run_t most = fu_solve(fu_fmt("--format json --nodes 1000000000000000 --shorten-nodes 1000000000000000 "
                                    "--delay-nodes 1000000000000000 %s",
                                    zuko),
                             NULL, NULL);
    CHECK_STR(fu_jget(most.out, "exact"), "true");
    CHECK_STR(fu_jget(most.out, "plies"), "13");
    CHECK_STR(fu_jget(most.out, "nodes"), fu_jget(none.out, "nodes"));
    fu_run_free(&none);
    fu_run_free(&most);
    /* A table larger than the machine's memory is allowed (it fills as the search goes;
     * this one never does), with a note. */
    unsigned long long machine_mb =
        (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGE_SIZE) >> 20;
    fu_run_t r = fu_solve("--hash 1048576 '" MATE1 "'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.out, "status   mate in 1 ply") != NULL);
    if (machine_mb < 1048576)
        CHECK_STR(r.err, fu_fmt("tsume: solve: note: --hash 1048576 MiB is more than this machine's memory (%llu MiB): "
                                "a search that fills the table will be killed\n",
                                machine_mb));
    fu_run_free(&r);
    /* Said of the --hash that counts, the last one (it was said of any given). */
    r = fu_solve("--hash 1048576 --hash 1 '" MATE1 "'", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(r.err, "");
    fu_run_free(&r);
    fu_end();
}

TEST(front_solve_help)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_solve("--help", NULL, NULL);
    CHECK_INT(r.code, 0);
    static const char *const WORDS[] = {"-f FILE", "--hash", "--time-limit", "--nodes", "--futile",
                                        "--defender-hand", "--shorten-nodes", "--format", "--threads",
                                        "Exit status"};
    for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
        if (!strstr(r.out, WORDS[i]))
            test_fail(__FILE__, __LINE__, "--help does not mention %s", WORDS[i]);
    CHECK_STR(r.err, "");
    fu_run_free(&r);
    fu_end();
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
        CHECK(!strncmp(r.out, "tsume ", 6) && v > 0);
#ifndef TSUME_NO_JEMALLOC
        /* The release build runs on jemalloc: a gcc build once linked without it. */
        CHECK(!strncmp(r.out + 6 + v, " (jemalloc 5.", 13) && !strcmp(r.out + strlen(r.out) - 2, ")\n"));
#else
        CHECK_STR(r.out + 6 + v, " (libc malloc: a sanitizer or coverage build)\n");
#endif
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
    if (!fu_begin())
        return;
    const char *path = fu_write("in.sfen", "# header\n" MATE1 "\tx\n");
    fu_run_t r = fu_solve("--format json -f -", path, NULL);
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), 1);
    CHECK_STR(fu_jget(r.out, "id"), "2");
    CHECK_STR(fu_jget(r.out, "file"), "\"stdin\"");
    CHECK_STR(fu_jget(r.out, "pv"), "[\"G*5b\"]");
    fu_run_free(&r);

    r = fu_solve("-f -", NULL, "\\n" MATE1 "\\n");
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.out, "problem stdin:2  " MATE1 "\n"));
    fu_run_free(&r);
    fu_end();
}

TEST(front_solve_several_files)
{
    if (!fu_begin())
        return;
    char a[256], missing[256]; /* fu_fmt's buffers are reused */
    snprintf(a, sizeof a, "%s", fu_write("a.sfen", MATE1 "\n"));
    snprintf(missing, sizeof missing, "%s", fu_path("missing.sfen"));
    const char *b = fu_write("b.sfen", "#\n#\nsfen " MATE1 "\n");
    fu_run_t r = fu_solve(fu_fmt("--format json -f '%s' --file '%s'", a, b), NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), 2);
    CHECK(strstr(fu_jget(fu_line(r.out, 0), "file"), "a.sfen") && !strcmp(fu_jget(fu_line(r.out, 0), "id"), "1"));
    CHECK(strstr(fu_jget(fu_line(r.out, 1), "file"), "b.sfen") && !strcmp(fu_jget(fu_line(r.out, 1), "id"), "3"));
    fu_run_free(&r);

    /* A file that cannot be opened: one line on stderr (before the summary), exit 2, the
     * other files solved; stdout has an object for it too (id 0), before the answers. */
    r = fu_solve(fu_fmt("--format json -f '%s' -f '%s'", missing, a), NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_INT(fu_count_lines(r.err), 2);
    CHECK_STR(fu_line(r.err, 0), fu_fmt("tsume: solve: cannot open '%s': No such file or directory", missing));
    CHECK(!strncmp(fu_line(r.err, 1), "summary  1 problem: solved 1, ", 30));
    /* The summary says the counts are not the whole input. */
    CHECK(strstr(fu_line(r.err, 1), " nodes; 1 file not read"));
    CHECK_INT(fu_count_lines(r.out), 2);
    CHECK_STR(fu_line(r.out, 0),
              fu_fmt("{\"id\": 0, \"file\": \"%s\", \"sfen\": \"\", \"status\": \"error\", \"nodes\": 0, "
                     "\"time_ms\": 0, \"error\": \"cannot open '%s': No such file or directory\"}",
                     missing, missing));
    CHECK_STR(fu_jget(fu_line(r.out, 1), "status"), "\"mate\"");
    fu_run_free(&r);
    /* --format sfen: a comment line for it, as for a bad line. */
    r = fu_solve(fu_fmt("--format sfen -f '%s' -f '%s'", missing, a), NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_STR(fu_line(r.out, 0), fu_fmt("# \t%s: error: cannot open '%s': No such file or directory",
                                        missing, missing));
    CHECK_INT(fu_count_lines(r.out), 2);
    fu_run_free(&r);

    /* Files named as words are a batch as -f's are: the same summary, in text on stdout. */
    r = fu_solve(fu_fmt("'%s' '%s'", a, missing), NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.out, "\nsummary  1 problem: solved 1, "));
    CHECK(strstr(r.out, " nodes; 1 file not read\n"));
    CHECK(strstr(r.err, "missing.sfen"));
    fu_run_free(&r);
    /* The missing one first: still files (the words cannot begin a SFEN), not two words
     * joined and read as a bad SFEN. */
    r = fu_solve(fu_fmt("'%s' '%s'", missing, a), NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_STR(r.err, fu_fmt("tsume: solve: cannot open '%s': No such file or directory\n", missing));
    CHECK(strstr(r.out, "\nsummary  1 problem: solved 1, "));
    fu_run_free(&r);
    fu_end();
}

/* Echoed bad lines must still make valid JSON: quotes, backslashes, control characters
 * and bytes that are not UTF-8. */
TEST(front_solve_json_escaping)
{
    if (!fu_begin())
        return;
    const char *path = fu_write("e.sfen", "9/\"9\\\x01\x7f\xff b - 1\n"
                                            "4k4/9/9/9/9/9/9/9/9 b \xe7\x8e\x89 1\n");
    fu_run_t r = fu_solve(fu_fmt("--format json -f '%s'", path), NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_INT(fu_count_lines(r.out), 2);
    CHECK_STR(fu_jget(fu_line(r.out, 0), "sfen"), "\"9/\\\"9\\\\\\u0001\x7f\\ufffd b - 1\"");
    CHECK_STR(fu_jget(fu_line(r.out, 1), "sfen"), "\"4k4/9/9/9/9/9/9/9/9 b \xe7\x8e\x89 1\"");
    for (int i = 0; i < 2; i++)
        CHECK(strcmp(fu_jget(fu_line(r.out, i), "error"), "INVALID") && *fu_jget(fu_line(r.out, i), "error"));

    /* In text, control characters are shown as '?'. */
    fu_run_free(&r);
    r = fu_solve(fu_fmt("-f '%s'", path), NULL, NULL);
    CHECK(strstr(r.out, "e.sfen:1  9/\"9\\??\xff b - 1\n"));
    fu_run_free(&r);

    /* UTF-8 at the edges of RFC 3629: kept are 2-, 3- and 4-byte forms up to U+10FFFF
     * (U+0800, U+FFFD written out, U+1F600, U+10FFFF); each byte of a surrogate (ED A0 80),
     * of a code point past U+10FFFF (F4 90 80 80), of an overlong form (C0 AF, E0 80 80,
     * F0 8F BF BF) and of a sequence cut short (E7 8E, then a space) becomes U+FFFD.  A
     * file name with a TAB and a newline is escaped as well. */
    path = fu_write("tab\tand\nnewline.sfen",
                    "9/\xc3\xa9\xe0\xa0\x80\xef\xbf\xbd\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf|\xed\xa0\x80|"
                    "\xf4\x90\x80\x80|\xc0\xaf|\xe0\x80\x80|\xf0\x8f\xbf\xbf|\xe7\x8e \b\f b - 1\n");
    r = fu_solve(fu_fmt("--format json -f '%s'", path), NULL, NULL);
    CHECK_INT(r.code, 2);
    CHECK_STR(fu_jget(r.out, "sfen"), "\"9/\xc3\xa9\xe0\xa0\x80\xef\xbf\xbd\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf|"
                                      "\\ufffd\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd\\ufffd|\\ufffd\\ufffd|"
                                      "\\ufffd\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd\\ufffd|\\ufffd\\ufffd \\b\\f b - 1\"");
    CHECK_STR(fu_jget(r.out, "file"), fu_fmt("\"%s\"", fu_path("tab\\tand\\nnewline.sfen")));
    fu_run_free(&r);
    fu_end();
}

/* --format kif writes the line in Japanese notation; --board adds the diagram. */
TEST(front_solve_kif_and_board)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_solve("--format kif --board 3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1", NULL, NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_line(r.out, 1), "後手の持駒：飛二　角　金四　桂四　香四　歩十八　");
    CHECK_STR(fu_line(r.out, 4), "| ・ ・ ・v銀v玉v銀 ・ ・ ・|一");
    CHECK_STR(fu_line(r.out, 14), "先手の持駒：銀　");
    CHECK_STR(fu_line(r.out, 17), "  line     ▲５二角成 △同　銀左 ▲４二銀打");
    fu_run_free(&r);
    r = fu_solve("--format kif --board=yes " MATE1, NULL, NULL);
    CHECK_INT(r.code, 2);
    fu_run_free(&r);
    fu_end();
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

/* moves/checks/evasions -f: a line of any length is one position and one line out
 * (a line past 8 KiB once gave two errors); lines end at LF, CRLF or a lone CR (text
 * after a CR was dropped unseen); a BOM is skipped; a NUL byte is its line's error, not
 * a cut; a line over 1 MiB (or none ending, /dev/zero) stops the reading. */
TEST(front_rules_batch_lines)
{
    if (!fu_begin())
        return;
    static char text[10100];
    memset(text, 'x', 10000);
    snprintf(text + 10000, sizeof text - 10000, "\n4k4/9/4P4/9/9/9/9/9/9 b G 1\n");
    char path[256];
    snprintf(path, sizeof path, "%s", fu_write("long.txt", text));
    const char *cmds[] = {"moves", "checks"};
    const char *second[] = {"5c5b 5c5b+ G*1a G*1b ", "5c5b 5c5b+ G*4a G*4b G*5b G*6a G*6b"};
    for (int i = 0; i < 2; i++) {
        fu_run_t r = fu_tsume(fu_fmt("%s -f '%s'", cmds[i], path));
        CHECK_INT(r.code, 1);
        CHECK_INT(fu_count_lines(r.out), 2);
        CHECK_STR(fu_line(r.out, 0), "error: bad SFEN: too long");
        CHECK(!strncmp(fu_line(r.out, 1), second[i], strlen(second[i])));
        fu_run_free(&r);
    }
    const char *in = fu_path("cr.txt");
    fu_run_t r = fu_shell(fu_fmt("printf '\\357\\273\\2774k4/9/4P4/9/9/9/9/9/9 b G 1\\r"
                                 "4k4/9/4P4/9/9/9/9/9/9 b G 1\\000x\\r\\n\\n#\\r"
                                 "4k4/9/4P4/9/9/9/9/9/9 b G 1\\t1\\tG*5b\\n' >'%s' && '%s' checks -f '%s'",
                                 in, fu_bin(), in));
    CHECK_INT(r.code, 1);
    CHECK_INT(fu_count_lines(r.out), 5);
    CHECK_STR(fu_line(r.out, 0), "5c5b 5c5b+ G*4a G*4b G*5b G*6a G*6b");
    CHECK_STR(fu_line(r.out, 1), "error: the line holds a NUL byte");
    CHECK_STR(fu_line(r.out, 2), "error: a blank line");
    CHECK_STR(fu_line(r.out, 3), "error: a comment line");
    /* a problem file's line: the position ends at its TAB (a reviewer's case) */
    CHECK_STR(fu_line(r.out, 4), "5c5b 5c5b+ G*4a G*4b G*5b G*6a G*6b");
    fu_run_free(&r);
    /* A position given as arguments with a long list of moves (2,000 here, 10 KB; the
     * text was cut at 8 KiB): moves and convert take it. */
    static char moves[11000], script[24000];
    for (size_t i = 0, k = 0; i < 500; i++)
        k += (size_t)snprintf(moves + k, sizeof moves - k, " 2h3h 8b7b 3h2h 7b8b");
    snprintf(script, sizeof script, "'%s' moves position startpos moves%s && '%s' convert --to sfen 'startpos moves%s'\n",
             fu_bin(), moves, fu_bin(), moves);
    r = fu_shell(fu_fmt("sh '%s'", fu_write("long-args.sh", script)));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.err, "");
    CHECK_INT(fu_count_lines(r.out), 31);
    CHECK_STR(fu_line(r.out, 30), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2001");
    fu_run_free(&r);
    r = fu_tsume("evasions -f /dev/zero");
    CHECK_INT(r.code, 2);
    CHECK_STR(r.out, "error: line longer than 1 MiB\n");
    CHECK_STR(r.err, "tsume: evasions: stopped reading '/dev/zero' at line 1, longer than 1 MiB\n");
    fu_run_free(&r);
    fu_end();
}

/* solve/check/verify -f: a lone CR ends a line too (the problems after it were lost and
 * its junk taken for nothing), and a NUL byte after the first line fails its own line
 * only; in the first line it still rejects the file (UTF-16, binary). */
TEST(front_solve_cr_and_nul_lines)
{
    if (!fu_begin())
        return;
    const char *in = fu_path("crnul.sfen");
    fu_run_t r = fu_shell(fu_fmt("printf '4k4/9/4P4/9/9/9/9/9/9 b G 1\\r"
                                 "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\\rjunk\\r\\n"
                                 "4k4/9/4P4/9/9/9/9/9/9 b G 1\\000\\n4k4/9/4P4/9/9/9/9/9/9 b G 1' >'%s' && "
                                 "'%s' solve --format json --nodes 20000 -f '%s'",
                                 in, fu_bin(), in));
    CHECK_INT(r.code, 2);
    CHECK_INT(fu_count_lines(r.out), 5);
    CHECK(strstr(fu_line(r.out, 0), "\"id\": 1, ") && strstr(fu_line(r.out, 0), "\"plies\": 1, "));
    CHECK(strstr(fu_line(r.out, 1), "\"id\": 2, ") && strstr(fu_line(r.out, 1), "\"plies\": 3, "));
    CHECK(strstr(fu_line(r.out, 2), "\"id\": 3, \"file\"") && strstr(fu_line(r.out, 2), "\"status\": \"error\""));
    CHECK(strstr(fu_line(r.out, 3), "\"id\": 4, ") && strstr(fu_line(r.out, 3), "\"error\": \"the line holds a NUL byte\""));
    CHECK(strstr(fu_line(r.out, 4), "\"id\": 5, ") && strstr(fu_line(r.out, 4), "\"plies\": 1, "));
    fu_run_free(&r);
    r = fu_shell(fu_fmt("printf '4\\000k4/9/4P4/9/9/9/9/9/9 b G 1\\n' | '%s' solve -f -", fu_bin()));
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.err, "tsume: solve: cannot read 'stdin': it holds a NUL byte: not a text file\n"));
    fu_run_free(&r);
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
    /* --expect takes files named as words too (it asked for -f), not a SFEN. */
    r = fu_tsume(fu_fmt("solve --format json --expect '%s'", kif));
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "expect"), "\"3\"");
    CHECK_STR(fu_jget(r.out, "match"), "true");
    fu_run_free(&r);
    r = fu_tsume("solve --expect '" MATE1 "'");
    CHECK_INT(r.code, 2);
    CHECK_STR(r.err, "tsume: solve: --expect reads the second column of problem files; it needs -f FILE or FILE...\n");
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
    /* A record that cannot be written (a directory stands where it goes) is said in the
     * problem's JSON object too, not only on stderr (a QA pass: stdout showed a plain
     * answer), and for verify likewise. */
    char blocked[256];
    snprintf(blocked, sizeof blocked, "%s", fu_path("blocked"));
    r = fu_shell(fu_fmt("mkdir -p '%s/problem-1.kif' && '%s' solve --format json --kif '%s' '%s'", blocked, fu_bin(),
                        blocked, MATE3));
    CHECK_INT(r.code, 2);
    CHECK_STR(fu_jget(r.out, "status"), "\"mate\"");
    CHECK_STR(fu_jget(r.out, "kif_error"), fu_fmt("\"cannot write '%s/problem-1.kif': Is a directory\"", blocked));
    CHECK_STR(r.err, fu_fmt("tsume: solve: cannot write '%s/problem-1.kif': Is a directory\n", blocked));
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("verify --format json --kif '%s' '%s'", blocked, MATE3));
    CHECK_INT(r.code, 2);
    CHECK_STR(fu_jget(r.out, "verdict"), "\"sound\"");
    CHECK_STR(fu_jget(r.out, "kif_error"), fu_fmt("\"cannot write '%s/problem-1.kif': Is a directory\"", blocked));
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("solve --format json --kif '%s' '%s'", one, MATE3));
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_jget(r.out, "kif_error"), "");
    fu_run_free(&r);
    /* --kif FILE empties a file that was there only when its record is written (a
     * reviewer's case: a problem that got none left it empty, the input file itself
     * with 'solve --kif p.kif p.kif'), and then replaces all of it. */
    const char *keep = fu_write("keep.kif", "precious\n");
    r = fu_tsume(fu_fmt("solve --kif '%s' 'not a sfen'", keep));
    CHECK_INT(r.code, 2);
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("solve --kif '%s' -f '%s'", keep, fu_path("nosuch.sfen")));
    CHECK_INT(r.code, 2);
    fu_run_free(&r);
    char *kept = fu_slurp(keep);
    CHECK_STR(kept ? kept : "", "precious\n");
    free(kept);
    r = fu_tsume(fu_fmt("solve --kif '%s' '%s'", keep, MATE3));
    CHECK_INT(r.code, 0);
    fu_run_free(&r);
    kept = fu_slurp(keep);
    CHECK(kept && !strncmp(kept, "#KIF version=2.0", 16) && !strstr(kept, "precious"));
    free(kept);
    /* A record path longer than the longest the writer holds is an error, not cut to
     * another name (it once wrote 'ex-3.ki', or one problem's record over another's). */
    char far[4200];
    int at = snprintf(far, sizeof far, "%s", fu_path("far"));
    while (at < 4083)
        at += snprintf(far + at, sizeof far - (size_t)at, "/.");
    r = fu_shell(fu_fmt("mkdir -p '%s' && '%s' solve --format json --kif '%s' '%s'", fu_path("far"), fu_bin(), far, MATE3));
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.out, "problem-1.k': File name too long\"}\n"));
    CHECK(strstr(r.err, "problem-1.k': File name too long\n"));
    fu_run_free(&r);
    /* a trailing '/' means a directory, whatever the count of problems */
    r = fu_tsume(fu_fmt("solve --kif '%s/nosuch/' '%s'", outdir, kif));
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.err, "--kif DIR: cannot use '") && strstr(r.err, "nosuch/': No such file or directory\n"));
    fu_run_free(&r);
    r = fu_shell(fu_fmt("mkdir -p '%s' && '%s' solve --kif '%s' '%s' '%s' >/dev/null && ls '%s'", outdir, fu_bin(), outdir,
                        kif, csa, outdir));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, "m3-1.kif\nm3_2-1.kif\n"); /* m3.kif, then m3.csa */
    fu_run_free(&r);
    /* the same file twice: two records, not one written over by the other */
    r = fu_shell(fu_fmt("rm -f '%s'/*.kif && '%s' solve --kif '%s' '%s' '%s' >/dev/null && ls '%s'", outdir, fu_bin(),
                        outdir, kif, kif, outdir));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, "m3-1.kif\nm3_2-1.kif\n");
    fu_run_free(&r);
    /* Names too long for a stem keep their suffix whole: two files named alike with 200
     * bytes each (in two directories) took the loop that made the names unique round
     * for ever (a fuzzing review). */
    char longdir[256];
    snprintf(longdir, sizeof longdir, "%s", fu_path("long"));
    r = fu_shell(fu_fmt("L=$(printf 'x%%.0s' $(seq 200)); mkdir -p '%s/a' '%s/b' '%s/out' && cp '%s' \"%s/a/$L.sfen\" && "
                        "cp '%s' \"%s/b/$L.sfen\" && timeout 20 '%s' solve --kif '%s/out' -f \"%s/a/$L.sfen\" "
                        "-f \"%s/b/$L.sfen\" >/dev/null && LC_ALL=C ls '%s/out' | sed 's/xxxxxxxxxx/X/g'",
                        longdir, longdir, longdir, kif, longdir, kif, longdir, fu_bin(), longdir, longdir, longdir,
                        longdir));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, "XXXXXXXXXXXXxxxxx_2-1.kif\nXXXXXXXXXXXXxxxxxxx-1.kif\n"); /* 125 bytes and _2, 127 */
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

    /* A file that is not text (a NUL byte in its first line), and a directory: one line
     * each, the other files solved. */
    char nul[256];
    snprintf(nul, sizeof nul, "%s", fu_path("nul.sfen"));
    r = fu_shell(fu_fmt("printf '\\000" MATE1 "\\n" MATE1 "\\n' > '%s'", nul));
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("solve --format json -f '%s' -f '%s' -f '%s'", nul, fu_path(""), kif));
    CHECK_INT(r.code, 2);
    CHECK_INT(fu_count_lines(r.out), 3);
    CHECK_STR(fu_jget(fu_line(r.out, 0), "error"),
              fu_fmt("\"cannot read '%s': it holds a NUL byte: not a text file\"", nul));
    CHECK_STR(fu_jget(fu_line(r.out, 1), "error"), fu_fmt("\"cannot read '%s': Is a directory\"", fu_path("")));
    CHECK_STR(fu_jget(fu_line(r.out, 2), "status"), "\"mate\"");
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

