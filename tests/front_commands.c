/*
 * front_commands.c: what every subcommand owes a user whatever it does, through the
 * binary: `--help` and `-h` (exit 0, a usage line on stdout, nothing on stderr), an
 * unknown command refused, output that cannot be written reported; and `tsume perft`, the one command the other tests never ran
 * (the counts themselves are movegen_perft's: here the command line around them).
 *
 * The list of commands is read from `tsume --help`, so a command added there is held to
 * the same; its length is checked too, so a listing the parser cannot read fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "front_positions.h"
#include "front_util.h"
#include "test.h"

TEST(front_every_command_help)
{
    if (!fu_begin())
        return;
    fu_run_t top = fu_tsume("--help");
    CHECK_INT(top.code, 0);
    CHECK_STR(top.err, "");
    int commands = 0;
    /* The command lines of the listing: two spaces, a lower-case word, spaces. */
    for (int i = 0; i < fu_count_lines(top.out); i++) {
        char name[32];
        const char *line = fu_line(top.out, i);
        if (strncmp(line, "  ", 2) || line[2] < 'a' || line[2] > 'z' || sscanf(line, " %31s", name) != 1)
            continue;
        commands++;
        const char *forms[] = {"--help", "-h"};
        for (int f = 0; f < 2; f++) {
            fu_run_t r = fu_tsume(fu_fmt("%s %s", name, forms[f]));
            const char *usage = fu_fmt("usage: tsume %s ", name);
            if (r.code != 0 || strncmp(r.out, usage, strlen(usage)) || *r.err)
                test_fail(__FILE__, __LINE__, "'tsume %s %s': exit %d, stdout starts '%.40s', stderr '%s'", name,
                          forms[f], r.code, r.out, r.err);
            fu_run_free(&r);
        }
    }
    CHECK_INT(commands, 9);
    fu_run_free(&top);

    fu_run_t r = fu_tsume("frob");
    CHECK_INT(r.code, 2);
    CHECK_STR(r.out, "");
    CHECK_STR(r.err, "tsume: unknown command 'frob' (try 'tsume --help')\n");
    fu_run_free(&r);
    r = fu_tsume("moves");
    CHECK_INT(r.code, 2);
    CHECK_STR(r.err, "tsume: moves: missing SFEN (see 'tsume moves --help')\n");
    fu_run_free(&r);
    r = fu_tsume("evasions startpos");
    CHECK_INT(r.code, 2);
    CHECK_STR(r.out, "");
    CHECK_STR(r.err, "tsume: evasions: the side to move is not in check\n");
    fu_run_free(&r);
    fu_end();
}

/* Output that cannot be written (/dev/full: every write fails with ENOSPC) is an error:
 * one line naming the command on stderr and exit 2, never a quiet 0 with the answers
 * lost; also beside another error (a bad line), which used to hide it. */
TEST(front_output_not_written)
{
    if (!fu_begin())
        return;
    if (access("/dev/full", W_OK) != 0) {
        fu_end();
        return; /* not Linux: nothing to write to that always fails */
    }
    char file[256]; /* fu_fmt's buffers rotate */
    snprintf(file, sizeof file, "%s", fu_write("p.sfen", MATE3 "\n" MATE1 "\nnot a position\n"));
    /* reason: named by every run since output to a file goes out in 64 KiB blocks (a
     * help text flushed by stdio mid-way lost it, a reviewer found, and tsume --help to
     * /dev/full exited 0); the answers' runs name it also where each report was flushed
     * as it came (a batch) and nothing was left for the last flush to fail with */
    static const struct {
        const char *cmd, *args;
        bool reason;
    } runs[] = {
        {"solve", "-f '%s'", true},
        {"solve", "--format json -f '%s'", true},
        {"solve", "'" MATE3 "'", true},
        {"check", "--plies 3 -f '%s'", true},
        {"check", "--plies 3 --format json -f '%s'", true},
        {"verify", "--format json -f '%s'", true},
        {"perft", "3", true},
        {"moves", "startpos", true},
        {"solve", "--help", true},
        {"verify", "--help", true},
        {"convert", "--to kif '" MATE3 "'", true},
        {"--help", "", true},
        {"--version", "", true},
    };
    for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
        char args[512]; /* fu_fmt's buffers rotate: the message below needs this one */
        snprintf(args, sizeof args, runs[i].args, file);
        fu_run_t r = fu_shell(fu_fmt("'%s' %s %s </dev/null >/dev/full", fu_bin(), runs[i].cmd, args));
        const char *want = fu_fmt("tsume: %s: cannot write the output%s", runs[i].cmd,
                                  runs[i].reason ? ": No space left on device\n" : "");
        if (r.code != 2 || !strstr(r.err, want))
            test_fail(__FILE__, __LINE__, "'%s %s' to /dev/full: exit %d, stderr '%s'", runs[i].cmd, args, r.code,
                      r.err);
        fu_run_free(&r);
    }
    /* The first report that cannot be written stops the searches, as an interrupt would
     * (not said to be one): the batch ran every problem to its end, Muso at 300,000 nodes
     * for 34 s, its answers all lost.  Zuko 第8番 (16 M nodes to its proof) after a mate
     * in one ends at its first node. */
    snprintf(file, sizeof file, "%s",
             fu_write("two.sfen", MATE1 "\n4+bn1g1/5kpPl/2l1b1s2/3+l1N1GP/4G1+P1N/5L3/9/1+r7/R8 b GP3sn13p 1\n"));
    fu_run_t r = fu_shell(fu_fmt("'%s' solve --jobs 1 --format json -f '%s' </dev/null >/dev/full", fu_bin(), file));
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.err, "summary  2 problems: solved 1, nomate 0, unknown 1, errors 0, time "));
    CHECK(strstr(r.err, "\ntsume: solve: cannot write the output: No space left on device\n"));
    CHECK(!strstr(r.err, "interrupted"));
    fu_run_free(&r);
    fu_end();
}

/* The count of a tree of known size (startpos: 30, 900, 25470), the position forms, the
 * divided count adding up to the whole, and each way of giving a bad depth or position. */
TEST(front_perft_command)
{
    if (!fu_begin())
        return;
    static const struct {
        const char *args, *counted;
    } runs[] = {
        {"perft 3", "depth 3 nodes 25470 time_ms "},
        {"perft 1 startpos", "depth 1 nodes 30 time_ms "},
        /* After 7g7f 3c3d: 39 moves, 1422 leaves two plies on (shogiops counts the same). */
        {"perft 2 'position startpos moves 7g7f 3c3d'", "depth 2 nodes 1422 time_ms "},
        /* White to move from the start: the same 30. */
        {"perft 1 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'", "depth 1 nodes 30 time_ms "},
        /* A gold in hand: 79 empty squares to drop it on, and the pawn's two moves. */
        {"perft 1 '4k4/9/4P4/9/9/9/9/9/9 b G 1'", "depth 1 nodes 81 time_ms "},
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        fu_run_t r = fu_tsume(runs[i].args);
        if (r.code != 0 || strncmp(r.out, runs[i].counted, strlen(runs[i].counted)) || !strstr(r.out, " nps ") ||
            fu_count_lines(r.out) != 1 || *r.err)
            test_fail(__FILE__, __LINE__, "'tsume %s': exit %d, stdout '%s', stderr '%s'", runs[i].args, r.code,
                      r.out, r.err);
        fu_run_free(&r);
    }

    fu_run_t r = fu_tsume("perft --divide 3");
    CHECK_INT(r.code, 0);
    int lines = fu_count_lines(r.out);
    CHECK_INT(lines, 31);
    long long sum = 0;
    for (int i = 0; i + 1 < lines; i++) {
        char move[16];
        long long k;
        if (sscanf(fu_line(r.out, i), "%15[^:]: %lld", move, &k) != 2)
            test_fail(__FILE__, __LINE__, "divide line '%s' is not 'MOVE: N'", fu_line(r.out, i));
        else
            sum += k;
    }
    CHECK(sum == 25470);
    CHECK(!strncmp(fu_line(r.out, 30), "depth 3 nodes 25470 time_ms ", 28));
    CHECK(strstr(r.out, "\n7g7f: 1110\n")); /* shogiops: 1110 leaves two plies after 7g7f */
    fu_run_free(&r);

    static const char *const bad_depth[] = {"perft",          "perft 0",  "perft 21",  "perft 3x",
                                            "perft --divide", "perft -1", "perft ' 2'"};
    for (size_t i = 0; i < sizeof bad_depth / sizeof bad_depth[0]; i++) {
        r = fu_tsume(bad_depth[i]);
        if (r.code != 2 || *r.out ||
            strcmp(r.err, "tsume: perft: DEPTH must be a number from 1 to 20 (see 'tsume perft --help')\n"))
            test_fail(__FILE__, __LINE__, "'tsume %s': exit %d, stdout '%s', stderr '%s'", bad_depth[i], r.code,
                      r.out, r.err);
        fu_run_free(&r);
    }
    /* --divide after the position too; an unknown option named, not read as a SFEN (a
     * reviewer's cases: both said 'bad SFEN: unknown piece letter') */
    r = fu_tsume("perft 1 '4k4/9/9/9/9/9/9/9/4K4 b - 1' --divide");
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), 6);
    fu_run_free(&r);
    static const char *const unknown[][2] = {
        {"perft 1 --bogus", "tsume: perft: unknown option '--bogus' (see 'tsume perft --help')\n"},
        {"moves --bogus startpos", "tsume: moves: unknown option '--bogus' (see 'tsume moves --help')\n"},
        {"evasions startpos -x", "tsume: evasions: unknown option '-x' (see 'tsume evasions --help')\n"}};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        r = fu_tsume(unknown[i][0]);
        if (r.code != 2 || *r.out || strcmp(r.err, unknown[i][1]))
            test_fail(__FILE__, __LINE__, "'tsume %s': exit %d, stderr '%s'", unknown[i][0], r.code, r.err);
        fu_run_free(&r);
    }
    r = fu_tsume("perft 2 'xx b - 1'");
    CHECK_INT(r.code, 2);
    CHECK_STR(r.out, "");
    CHECK_STR(r.err, "tsume: perft: bad SFEN: unknown piece letter 'x' in rank a\n");
    fu_run_free(&r);
    /* every error names its command, as perft's options do (these once said only 'tsume:') */
    r = fu_tsume("checks garbage");
    CHECK_INT(r.code, 2);
    CHECK(!strncmp(r.err, "tsume: checks: bad SFEN: ", 25));
    fu_run_free(&r);
    r = fu_tsume("moves startpos moves 9z9z");
    CHECK_INT(r.code, 2);
    CHECK(!strncmp(r.err, "tsume: moves: move 1: '9z9z' is not a USI move", 46));
    fu_run_free(&r);
    fu_end();
}
