/*
 * front_check.c: `tsume check --plies N` through the binary: yes / no / unknown answers
 * and their exit statuses (0, 1, 3), --exact, files, and option errors (2).  The answers
 * hold for any correct solver: a mate in one, a mate in three with no mate in one, and
 * Shogi Zuko no. 1 (69 plies), which has no mate within 9 plies; that a bounded question
 * costs a bounded search shows in a node limit under which the full problem is unknown.
 */
#include <stdlib.h>
#include <string.h>

#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "front_util.h"
#include "test.h"

#define MATE1 "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
#define MATE3 "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1"
#define NOMATE "4k4/9/9/9/9/9/9/9/9 b P 1"
#define ZUKO1 "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1"
/* A game position (YaneuraOu mate samples, flipped so that black mates) with a mate in 3. */
#define GAME3 "ln1g2+B1l/1rsk1S3/2pp1pn2/p3p1p1p/8P/2P3P2/P1SPPPS2/2+p6/LN1GKG1NL b BGPr2p 42"

static void expect_run(int line, const char *args, int code, const char *out)
{
    fu_run_t r = fu_tsume(fu_fmt("check %s", args));
    if (r.code != code || strcmp(r.out, out) || *r.err)
        test_fail(__FILE__, line, "'check %s': exit %d (want %d), stdout \"%s\" (want \"%s\"), stderr \"%s\"", args,
                  r.code, code, r.out, out, r.err);
    fu_run_free(&r);
}

TEST(front_check_answers)
{
    if (!fu_begin())
        return;
    expect_run(__LINE__, "--plies 3 '" MATE3 "'", 0, "yes  mate in 3 plies: 9f5b+ 4a5b S*4b\n");
    expect_run(__LINE__, "--plies 1 " MATE3, 1, "no  no mate within 1 ply\n"); /* SFEN as several words */
    expect_run(__LINE__, "--plies=2 '" MATE3 "'", 1, "no  no mate within 2 plies\n");
    expect_run(__LINE__, "--plies 9 '" MATE3 "'", 0, "yes  mate in 3 plies: 9f5b+ 4a5b S*4b\n"); /* the shortest */
    expect_run(__LINE__, "--plies 1 '" MATE1 "'", 0, "yes  mate in 1 ply: G*5b\n");
    expect_run(__LINE__, "--plies 7 '" NOMATE "'", 1, "no  no mate within 7 plies\n");
    expect_run(__LINE__, "--plies 3 '" GAME3 "'", 0, "yes  mate in 3 plies: B*5c 6b5b 3a4a\n");
    expect_run(__LINE__, "--plies 1 '" GAME3 "'", 1, "no  no mate within 1 ply\n");
    expect_run(__LINE__, "--plies 9 '" ZUKO1 "'", 1, "no  no mate within 9 plies\n");
    /* Limits: unknown, exit 3. */
    expect_run(__LINE__, "--plies 3 --nodes 1 '" MATE3 "'", 3, "unknown  a limit stopped the search\n");
    expect_run(__LINE__, "--plies 69 --nodes 1000 '" ZUKO1 "'", 3, "unknown  a limit stopped the search\n");
    /* Not a problem at all. */
    expect_run(__LINE__, "--plies 3 '9/9/9/9/9/9/9/9/4K4 b - 1'", 2, "error  no king for the defender (white)\n");
    fu_end();
}

/* A short question is a short search: on a node budget that leaves the whole problem
 * unknown, "no mate within 3" is still proven. */
TEST(front_check_bounded_search)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_tsume("solve --format json --nodes 2000 '" ZUKO1 "'");
    CHECK_STR(fu_jget(r.out, "status"), "\"unknown\"");
    fu_run_free(&r);
    expect_run(__LINE__, "--plies 3 --nodes 2000 '" ZUKO1 "'", 1, "no  no mate within 3 plies\n");
    expect_run(__LINE__, "--plies 3 --nodes 2000 '" GAME3 "'", 0, "yes  mate in 3 plies: B*5c 6b5b 3a4a\n");
    fu_end();
}

TEST(front_check_exact)
{
    if (!fu_begin())
        return;
    expect_run(__LINE__, "--exact --plies 3 '" MATE3 "'", 0, "yes  shortest mate is 3 plies: 9f5b+ 4a5b S*4b\n");
    expect_run(__LINE__, "--plies 5 --exact '" MATE3 "'", 1, "no  shortest mate is 3 plies, not 5: 9f5b+ 4a5b S*4b\n");
    expect_run(__LINE__, "--plies 1 --exact '" MATE3 "'", 1, "no  no mate within 1 ply\n");
    expect_run(__LINE__, "--plies 4 --exact '" MATE3 "'", 1, "no  shortest mate is 3 plies, not 4: 9f5b+ 4a5b S*4b\n");
    expect_run(__LINE__, "--plies 1 --exact '" MATE1 "'", 0, "yes  shortest mate is 1 ply: G*5b\n");
    expect_run(__LINE__, "--plies 3 --exact '" MATE1 "'", 1, "no  shortest mate is 1 ply, not 3: G*5b\n");
    expect_run(__LINE__, "--plies 3 --exact --nodes 1 '" MATE3 "'", 3, "unknown  a limit stopped the search\n");
    fu_end();
}

static bool starts_with(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

/* A line up to its ", time " (a summary's wall time varies from run to run). */
static const char *before_time(const char *line)
{
    const char *t = strstr(line, ", time ");
    return t ? fu_fmt("%.*s", (int)(t - line), line) : line;
}

TEST(front_check_file)
{
    if (!fu_begin())
        return;
    const char *path = fu_write("c.sfen", "# positions\n" MATE3 "\t3\n" MATE1 "\n\nnonsense\n" NOMATE "\n");
    fu_run_t r = fu_tsume(fu_fmt("check --plies 3 -f '%s'", path));
    CHECK_INT(r.code, 2); /* the malformed line; the others are still answered */
    CHECK_INT(fu_count_lines(r.out), 5);
    CHECK(strstr(fu_line(r.out, 0), "c.sfen:2  yes  mate in 3 plies: 9f5b+ 4a5b S*4b"));
    CHECK(strstr(fu_line(r.out, 1), "c.sfen:3  yes  mate in 1 ply: G*5b"));
    CHECK(strstr(fu_line(r.out, 2), "c.sfen:5  error  bad SFEN: "));
    CHECK(strstr(fu_line(r.out, 3), "c.sfen:6  no  no mate within 3 plies"));
    /* The counts, then the wall time and the nodes of all. */
    CHECK(starts_with(fu_line(r.out, 4), "summary  4 positions: yes 2, no 1, unknown 0, errors 1, time "));
    CHECK(ends_with(fu_line(r.out, 4), " nodes"));
    fu_run_free(&r);
    /* A file that cannot be read is counted there too, after the others are answered. */
    r = fu_tsume(fu_fmt("check --plies 3 -f '%s' -f '%s'", path, fu_path("none.sfen")));
    CHECK_INT(r.code, 2);
    CHECK(ends_with(fu_line(r.out, 4), " nodes; 1 file not read"));
    CHECK(strstr(r.err, "none.sfen") != NULL);
    fu_run_free(&r);

    /* Worst answer wins: unknown (3) over no (1) over yes (0). */
    path = fu_write("d.sfen", MATE3 "\n" NOMATE "\n");
    r = fu_tsume(fu_fmt("check --plies 3 -f '%s'", path));
    CHECK_INT(r.code, 1);
    fu_run_free(&r);
    path = fu_write("e.sfen", MATE1 "\n" ZUKO1 "\n" NOMATE "\n");
    r = fu_tsume(fu_fmt("check --plies 69 --nodes 500 -f '%s'", path));
    CHECK_INT(r.code, 3);
    CHECK(strstr(r.out, "e.sfen:2  unknown"));
    fu_run_free(&r);
    r = fu_shell(fu_fmt("printf '%%s\\n' '%s' '%s' | '%s' check --plies 3 -f -", MATE1, MATE3, fu_bin()));
    CHECK_INT(r.code, 0);
    CHECK(starts_with(r.out, "stdin:1  yes  mate in 1 ply: G*5b\nstdin:2  yes  mate in 3 plies: 9f5b+ 4a5b S*4b\n"
                             "summary  2 positions: yes 2, no 0, unknown 0, errors 0, time "));
    fu_run_free(&r);
    /* Echoed input shows no control bytes, as in solve and verify (a reviewer's case:
     * an ESC sequence in a bad line reached the terminal, a newline in a file name split
     * its line). */
    path = fu_write("esc\033[31m.sfen", "4k4/9/9/9/9/9/9/9/9 b - 1 gar\033[31mbage\013X\n");
    r = fu_tsume(fu_fmt("check --plies 1 -f '%s'", path));
    CHECK_INT(r.code, 2);
    CHECK(strstr(fu_line(r.out, 0), "esc?[31m.sfen:1  error  bad SFEN: "));
    CHECK(strstr(fu_line(r.out, 0), "'gar?[31mbage?X'"));
    CHECK(!strchr(r.out, '\033') && !strchr(r.out, '\013'));
    fu_run_free(&r);
    /* A position given as a word is no batch: no summary. */
    r = fu_tsume("check --plies 3 '" MATE1 "'");
    CHECK_STR(r.out, "yes  mate in 1 ply: G*5b\n");
    fu_run_free(&r);
    fu_end();
}

/* Positions run as a batch: two at a time the answers are the same, in input order, and on
 * a terminal a progress line names the position under way. */
TEST(front_check_batch)
{
    if (!fu_begin())
        return;
    const char *path = fu_write("b.sfen", MATE3 "\n" NOMATE "\nnonsense\n" MATE1 "\n" MATE3 "\n");
    fu_run_t one = fu_tsume(fu_fmt("check --plies 3 --jobs 1 -f '%s'", path));
    fu_run_t two = fu_tsume(fu_fmt("check --plies 3 --jobs 2 -f '%s'", path));
    CHECK_INT(one.code, 2);
    CHECK_INT(two.code, 2);
    CHECK_INT(fu_count_lines(two.out), 6); /* the summary's time may differ */
    for (int i = 0; i < 6; i++)
        CHECK_STR(before_time(fu_line(two.out, i)), before_time(fu_line(one.out, i)));
    CHECK(strstr(fu_line(two.out, 3), "b.sfen:4  yes  mate in 1 ply: G*5b"));
    fu_run_free(&one);
    fu_run_free(&two);
    /* Shogi Zuko 第37番: "a mate within 21?" runs until the limit, about two seconds. */
    path = fu_write("z.sfen", "# 第37番\n1R7/9/g1+P6/+P2s5/1+bk+pg4/GN1Rl4/Pn+p6/3S5/9 b B2N3Pg2s3l10p 1\n");
    fu_run_t r = fu_tsume_tty_stderr_cols(fu_fmt("check --plies 21 --hash 64 --nodes 1000000 -f '%s'", path), 200);
    CHECK_INT(r.code, 3);
    /* the progress line counts answers as the summary does (it said 'solved', 'nomate') */
    CHECK(strstr(r.err, "[0/1] yes 0, no 0, unknown 0, errors 0, elapsed ") != NULL);
    CHECK(strstr(r.err, " | line 2: proof, ") != NULL);
    fu_run_free(&r);
    fu_end();
}

/* --format json: one object a line with the same answers, and the exit status as in text. */
TEST(front_check_json)
{
    if (!fu_begin())
        return;
    fu_run_t r = fu_tsume("check --plies 9 --format json '" MATE3 "'");
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), 1);
    CHECK_STR(fu_jget(r.out, "question"), "\"within\"");
    CHECK_STR(fu_jget(r.out, "bound"), "9");
    CHECK_STR(fu_jget(r.out, "answer"), "\"yes\"");
    CHECK_STR(fu_jget(r.out, "status"), "\"mate\"");
    CHECK_STR(fu_jget(r.out, "plies"), "3");
    CHECK_STR(fu_jget(r.out, "pv"), "[\"9f5b+\", \"4a5b\", \"S*4b\"]");
    CHECK_STR(fu_jget(r.out, "shortest"), "true");
    CHECK_STR(fu_jget(r.out, "exact"), "true");
    CHECK(!*fu_jget(r.out, "file") && !*fu_jget(r.out, "error")); /* "" when absent */
    CHECK_STR(fu_jget(r.out, "defender_hand"), "\"given\""); /* said as solve and verify say it */
    fu_run_free(&r);
    r = fu_tsume("check --plies 9 --format json --defender-hand rest '" MATE3 "'");
    CHECK_STR(fu_jget(r.out, "defender_hand"), "\"rest\"");
    fu_run_free(&r);

    /* The position as solve and verify write it: normalized, after any moves. */
    r = fu_tsume("check --plies 1 --format json 'position sfen " NOMATE " moves P*5b'");
    CHECK_STR(fu_jget(r.out, "sfen"), "\"4k4/4P4/9/9/9/9/9/9/9 w - 2\"");
    CHECK_STR(fu_jget(r.out, "answer"), "\"error\"");
    fu_run_free(&r);
    r = fu_tsume("check --plies 1 --format json 'position sfen " MATE1 "'");
    CHECK_STR(fu_jget(r.out, "sfen"), "\"" MATE1 "\"");
    CHECK_STR(fu_jget(r.out, "answer"), "\"yes\"");
    fu_run_free(&r);

    r = fu_tsume("check --plies 5 --exact --format=json '" MATE3 "'");
    CHECK_INT(r.code, 1);
    CHECK_STR(fu_jget(r.out, "question"), "\"exact\"");
    CHECK_STR(fu_jget(r.out, "answer"), "\"no\"");
    CHECK_STR(fu_jget(r.out, "plies"), "3");
    fu_run_free(&r);

    const char *path = fu_write("j.sfen", MATE1 "\nnonsense\n" NOMATE "\n" ZUKO1 "\n");
    r = fu_tsume(fu_fmt("check --plies 69 --nodes 500 --format json -f '%s'", path));
    CHECK_INT(r.code, 2);
    CHECK_INT(fu_count_lines(r.out), 4); /* JSON only: the summary goes to stderr */
    CHECK(strstr(r.err, "summary  4 positions: yes 1, no 1, unknown 1, errors 1, time ") != NULL);
    const char *want[][4] = {{"1", "\"yes\"", "\"mate\"", NULL},
                             {"2", "\"error\"", "\"error\"", NULL},
                             {"3", "\"no\"", "\"nomate\"", NULL},
                             {"4", "\"unknown\"", "\"unknown\"", NULL}};
    for (int i = 0; i < 4; i++) {
        const char *line = fu_line(r.out, i);
        CHECK_STR(fu_jget(line, "id"), want[i][0]);
        CHECK_STR(fu_jget(line, "answer"), want[i][1]);
        CHECK_STR(fu_jget(line, "status"), want[i][2]);
        CHECK(*fu_jget(line, "file") && *fu_jget(line, "nodes"));
    }
    CHECK(strstr(fu_jget(fu_line(r.out, 1), "error"), "bad SFEN"));
    CHECK(!*fu_jget(fu_line(r.out, 0), "error"));
    CHECK(!*fu_jget(fu_line(r.out, 1), "defender_hand")); /* not for an error */
    fu_run_free(&r);
    /* A file that cannot be read has an object of its own, id 0, before the answers. */
    r = fu_tsume(fu_fmt("check --plies 1 --format json -f '%s' -f '%s'", fu_path("none.sfen"), path));
    CHECK_INT(r.code, 2);
    CHECK_INT(fu_count_lines(r.out), 5);
    CHECK_STR(fu_line(r.out, 0),
              fu_fmt("{\"id\": 0, \"file\": \"%s\", \"sfen\": \"\", \"answer\": \"error\", \"status\": \"error\", "
                     "\"nodes\": 0, \"time_ms\": 0, \"error\": \"cannot open '%s': No such file or directory\"}",
                     fu_path("none.sfen"), fu_path("none.sfen")));
    CHECK_STR(fu_jget(fu_line(r.out, 1), "id"), "1");
    CHECK(strstr(r.err, " nodes; 1 file not read\n") != NULL);
    fu_run_free(&r);
    fu_end();
}

TEST(front_check_bad_options)
{
    if (!fu_begin())
        return;
    static const struct {
        const char *args, *names;
    } CASES[] = {
        {"'" MATE3 "'", "--plies"},
        {"--plies 0 '" MATE3 "'", "--plies"},
        {"--plies -3 '" MATE3 "'", "--plies"},
        {"--plies x '" MATE3 "'", "--plies"},
        {"--plies 4001 '" MATE3 "'", "--plies"},
        {"--plies", "--plies"},
        {"--plies 3", "SFEN"},
        {"--plies 3 --exact=1 '" MATE3 "'", "--exact"},
        {"--plies 3 --hash 0 '" MATE3 "'", "--hash"},
        {"--plies 3 --nodes many '" MATE3 "'", "--nodes"},
        {"--plies 3 --futile some '" MATE3 "'", "--futile"},
        {"--plies 3 --delay-nodes -1 '" MATE3 "'", "--delay-nodes"},
        {"--plies 3 --jobs 0 '" MATE3 "'", "--jobs"},
        {"--plies 3 --jobs 1025 '" MATE3 "'", "--jobs"},
        {"--plies 3 -f /dev/null '" MATE3 "'", "-f"},
        {"--plies 3 --format xml '" MATE3 "'", "--format"},
        {"--plies 3 --first --exact '" MATE3 "'", "--first"},
        {"--plies 3 --first=1 '" MATE3 "'", "--first"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        fu_run_t r = fu_tsume(fu_fmt("check %s", CASES[i].args));
        if (r.code != 2 || fu_count_lines(r.err) != 1 || !strstr(r.err, CASES[i].names) || *r.out)
            test_fail(__FILE__, __LINE__, "'check %s': exit %d, stderr \"%s\", stdout \"%.60s\"", CASES[i].args,
                      r.code, r.err, r.out);
        fu_run_free(&r);
    }
    /* A file that cannot be read: one line naming it, and the summary says it (as solve's). */
    fu_run_t r = fu_tsume("check --plies 3 -f /nonexistent/x.sfen");
    CHECK_INT(r.code, 2);
    CHECK_INT(fu_count_lines(r.err), 1);
    CHECK(strstr(r.err, "cannot open '/nonexistent/x.sfen'") != NULL);
    CHECK(strstr(r.out, "summary  0 positions: yes 0, no 0, unknown 0, errors 0, time ") == r.out);
    CHECK(ends_with(r.out, " 0 nodes; 1 file not read\n"));
    fu_run_free(&r);
    /* An option given twice takes its last value (README, Commands), both ways round. */
    r = fu_tsume("check --plies 1 --plies 3 '" MATE3 "'");
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.out, "yes  mate in 3 plies: ") == r.out);
    fu_run_free(&r);
    r = fu_tsume("check --plies 3 --plies 1 '" MATE3 "'");
    CHECK_INT(r.code, 1);
    CHECK_STR(r.out, "no  no mate within 1 ply\n");
    fu_run_free(&r);
    r = fu_tsume("check --help");
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.out, "--plies N") && strstr(r.out, "--exact") && strstr(r.out, "Exit status"));
    fu_run_free(&r);
    r = fu_tsume("--help");
    CHECK(strstr(r.out, "  check "));
    fu_run_free(&r);
    fu_end();
}

/* Shogi Muso #17 after eight plies: the shortest mate is 29 plies.  On a node budget that
 * stops the shortening, the line shown can have the defender give up early (27 plies):
 * that must never be read as "the shortest mate is 27" (a false "no" for --exact 29), and
 * a plain answer must say the line is not certified. */
#define MUSO17_8 "position sfen 1kSb3R1/L3g4/R1g6/1b1pN4/2pn1P3/P8/+pP7/2+p1N4/2NP5 b 2g3s3l10p 1 moves 9b9a+ 8a7b 7a8b+ 7b6c 2a6a+ 6c5d 6a5b 5d4e"

TEST(front_check_uncertified_lines)
{
    if (!fu_begin())
        return;
    static const int NODES[] = {300000, 1000000, 3000000};
    for (int i = 0; i < 3; i++) {
        fu_run_t r = fu_tsume(fu_fmt("check --exact --plies 29 --nodes %d '" MUSO17_8 "'", NODES[i]));
        if (!((r.code == 0 && !strncmp(r.out, "yes  shortest mate is 29 plies", 30)) ||
              (r.code == 3 && !strncmp(r.out, "unknown", 7))))
            test_fail(__FILE__, __LINE__, "--exact 29, %d nodes: exit %d, '%s'", NODES[i], r.code, r.out);
        fu_run_free(&r);
        r = fu_tsume(fu_fmt("check --plies 31 --nodes %d '" MUSO17_8 "'", NODES[i]));
        if (!((r.code == 0 && !strncmp(r.out, "yes  mate in 29 plies", 21)) ||
              (r.code == 0 && !strncmp(r.out, "yes  mate within 31 plies (proven), shown by a line of ", 55) &&
               strstr(r.out, "(not certified)")) ||
              (r.code == 3 && !strncmp(r.out, "unknown", 7))))
            test_fail(__FILE__, __LINE__, "--plies 31, %d nodes: exit %d, '%s'", NODES[i], r.code, r.out);
        fu_run_free(&r);
    }
    expect_run(__LINE__, "--exact --plies 27 '" MUSO17_8 "'", 1, "no  no mate within 27 plies\n");
    fu_end();
}

/* A bounded answer that rests on a delay-rule test which ran out is unknown, never "no":
 * KomoringHeights' kh8a mates in 11 plies once its knight interpositions are shown futile,
 * which 5 nodes a test cannot do, nor the retries with 40 and 320 (solver_run.c).  Counting
 * them, no mate within 11 would follow, a wrong "no" (the answer before this was
 * caught).  Within 13 the mate holds either way.  With 12 nodes a test, the second
 * retry's 768 settle it (640 did until the bounded searches' defender nodes took an
 * epsilon of 1/8: the nested searches take other paths). */
#define KH8A "6p2/8k/9/6P2/8+P/9/9/9/8L b G2r2b3g4s4n3l15p 1"
#define KH8A_LINE "1e2d 1b2a G*2b 2a2b 3d3c+ 2b2a 1i1b+ 2a1b 2d2c 1b1a 2c2b"
TEST(front_check_stopped_futility_test)
{
    if (!fu_begin())
        return;
    expect_run(__LINE__, "--plies 11 '" KH8A "'", 0, "yes  mate in 11 plies: " KH8A_LINE "\n");
    expect_run(__LINE__, "--plies 11 --delay-nodes 5 '" KH8A "'", 3,
               "unknown  a futility test ran out of its budget\n");
    expect_run(__LINE__, "--plies 11 --exact --delay-nodes 5 '" KH8A "'", 3,
               "unknown  a futility test ran out of its budget\n");
    expect_run(__LINE__, "--plies 13 --exact --delay-nodes 5 '" KH8A "'", 3,
               "unknown  mate within 13 plies, but a futility test that ran out of its budget left its shortest "
               "length unproven\n");
    expect_run(__LINE__, "--plies 11 --delay-nodes 12 '" KH8A "'", 0, "yes  mate in 11 plies: " KH8A_LINE "\n");
    expect_run(__LINE__, "--plies 13 --exact --delay-nodes 12 '" KH8A "'", 1,
               "no  shortest mate is 11 plies, not 13: " KH8A_LINE "\n");
    fu_run_t r = fu_tsume("check --plies 11 --format json --delay-nodes 5 '" KH8A "'");
    CHECK_INT(r.code, 3);
    CHECK_STR(fu_jget(r.out, "answer"), "\"unknown\"");
    CHECK_STR(fu_jget(r.out, "uncertified"), "\"futility-test\"");
    fu_run_free(&r);
    r = fu_tsume("check --plies 69 --nodes 1000 --format json '" ZUKO1 "'");
    CHECK_STR(fu_jget(r.out, "uncertified"), "\"limit\"");
    fu_run_free(&r);
    r = fu_tsume("check --plies 3 --format json '" MATE3 "'");
    CHECK(!*fu_jget(r.out, "uncertified")); /* only when unknown */
    fu_run_free(&r);
    fu_end();
}

/* Whether the JSON array of USI moves pv, played from position, is a line of checks and
 * replies ending in checkmate (no legal reply at all). */
static bool pv_checkmates(const char *position, const char *pv)
{
    pos_t p;
    char err[SFEN_ERR_MAX];
    if (!sfen_parse_position(&p, position, SFEN_STRICT, err, sizeof err) || *pv != '[')
        return false;
    color_t attacker = p.side;
    int plies = 0;
    for (const char *q = strchr(pv, '"'); q; q = strchr(q, '"')) {
        const char *end = strchr(q + 1, '"');
        char text[USI_MOVE_MAX + 1];
        if (!end || end - q - 1 > USI_MOVE_MAX)
            return false;
        memcpy(text, q + 1, (size_t)(end - q - 1));
        text[end - q - 1] = '\0';
        move_t m;
        undo_t u;
        if (!usi_parse_legal(&p, text, &m, err, sizeof err))
            return false;
        bool attacking = p.side == attacker;
        pos_do(&p, m, &u);
        if (attacking && !pos_in_check(&p))
            return false;
        plies++;
        q = end + 1;
    }
    move_t replies[MG_MAX_MOVES];
    return plies % 2 == 1 && pos_in_check(&p) && mg_legal(&p, replies) == 0;
}

/* --first: "yes" at the first mate proven within N, its line not shortened.  Muso #17
 * after eight plies (shortest mate 29) within 31: the answer costs a fraction of the
 * shortest mate's search, and its line is a mate, though not certified (the defender
 * may give up early).  "no" and "unknown" mean what they always do. */
TEST(front_check_first)
{
    if (!fu_begin())
        return;
    expect_run(__LINE__, "--plies 9 --first '" MATE3 "'", 0,
               "yes  mate within 9 plies (proven), shown by a line of 3 (not certified): 9f5b+ 4a5b S*4b\n");
    expect_run(__LINE__, "--plies 7 --first '" NOMATE "'", 1, "no  no mate within 7 plies\n");
    expect_run(__LINE__, "--plies 11 --first --delay-nodes 5 '" KH8A "'", 3,
               "unknown  a futility test ran out of its budget\n");
    fu_run_t full = fu_tsume("check --plies 31 --format json '" MUSO17_8 "'");
    fu_run_t first = fu_tsume("check --plies 31 --first --format json '" MUSO17_8 "'");
    CHECK_INT(full.code, 0);
    CHECK_STR(fu_jget(full.out, "plies"), "29");
    CHECK_STR(fu_jget(full.out, "shortest"), "true");
    CHECK_INT(first.code, 0);
    CHECK_STR(fu_jget(first.out, "answer"), "\"yes\"");
    CHECK_STR(fu_jget(first.out, "shortest"), "false");
    CHECK_STR(fu_jget(first.out, "exact"), "false");
    CHECK(atoll(fu_jget(first.out, "nodes")) * 2 < atoll(fu_jget(full.out, "nodes")));
    CHECK(pv_checkmates(MUSO17_8, fu_jget(first.out, "pv")));
    CHECK(pv_checkmates(MUSO17_8, fu_jget(full.out, "pv")));
    fu_run_free(&full);
    fu_run_free(&first);
    fu_end();
}
