/*
 * front_batch.c: `tsume solve -f` as a batch tool, run through the binary: --jobs keeps
 * the input order and the answers, the progress line appears on a terminal only, the
 * summary line, --expect verdicts and exit status 4, and that a collection split into
 * parts, solved part by part and merged by line number equals one run over the whole.
 *
 * Runs that are compared give every job a table of the same size (--hash = jobs x MiB),
 * and use node limits rather than time limits, so their answers are identical.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "front_util.h"
#include "test.h"

#define MATE1 "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
#define MATE3 "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1"
#define NOMATE "4k4/9/9/9/9/9/9/9/9 b P 1"
#define ZUKO1 "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1"
#define ZUKO37 "1R7/9/g1+P6/+P2s5/1+bk+pg4/GN1Rl4/Pn+p6/3S5/9 b B2N3Pg2s3l10p 1"

static bool starts_with(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

/* The text output without the effort lines ("  search ..." and the summary's time). */
static char *without_effort(const char *text)
{
    char *out = calloc(1, strlen(text) + 1), *o = out;
    for (const char *s = text; out && *s;) {
        size_t n = strcspn(s, "\n");
        bool keep = !starts_with(s, "  search   ");
        if (starts_with(s, "summary  "))
            n = (size_t)(strstr(s, ", time ") - s), keep = true;
        if (keep)
            memcpy(o, s, n), o += n, *o++ = '\n';
        s += strcspn(s, "\n");
        s += *s == '\n';
    }
    return out;
}

TEST(front_batch_jobs_keep_order)
{
    if (!fu_begin())
        return;
    const char *antma = test_shared("problems/antma_tsumeshogi_check.sfen");
    const char *mixed = fu_write("mixed.sfen", ZUKO1 "\n"       /* stopped by --nodes: slow next to the others */
                                               "nonsense\n" MATE3 "\t3\n" NOMATE "\n" MATE1 "\n");
    char files[1024];
    snprintf(files, sizeof files, "-f '%s' -f '%s' -f '%s'", mixed, antma, mixed);
    fu_run_t one = fu_tsume(fu_fmt("solve --format json --nodes 20000 --hash 16 --jobs 1 %s", files));
    fu_run_t two = fu_tsume(fu_fmt("solve --format json --nodes 20000 --hash 32 --jobs 2 %s", files));
    fu_run_t many = fu_tsume(fu_fmt("solve --format json --nodes 20000 --hash 80 --jobs 5 %s", files));
    CHECK_INT(one.code, 2); /* the malformed line */
    CHECK_INT(two.code, 2);
    CHECK_INT(many.code, 2);
    int n = fu_count_lines(one.out);
    CHECK_INT(n, 69 + 2 * 5);
    CHECK_INT(fu_count_lines(two.out), n);
    CHECK_INT(fu_count_lines(many.out), n);
    for (int i = 0; i < n; i++) {
        char a[8192];
        snprintf(a, sizeof a, "%s", fu_mask_effort(fu_line(one.out, i)));
        CHECK_STR(fu_mask_effort(fu_line(two.out, i)), a);
        CHECK_STR(fu_mask_effort(fu_line(many.out, i)), a);
        /* Equal tables: even the effort is the same. */
        CHECK_STR(fu_jget(fu_line(two.out, i), "nodes"), fu_jget(fu_line(one.out, i), "nodes"));
    }
    CHECK_STR(fu_jget(fu_line(one.out, 0), "status"), "\"unknown\"");
    CHECK_STR(fu_jget(fu_line(one.out, 1), "status"), "\"error\"");
    CHECK_STR(fu_jget(fu_line(one.out, 2), "pv"), "[\"9f5b+\", \"4a5b\", \"S*4b\"]");
    CHECK_STR(fu_jget(fu_line(one.out, 3), "status"), "\"nomate\"");
    CHECK_STR(fu_jget(fu_line(one.out, 5), "id"), "2"); /* the first problem of antma */
    /* The summary (stderr in JSON mode) counts the same. */
    CHECK(starts_with(two.err, "summary  79 problems: solved 70, nomate 5, unknown 2, errors 2, time "));
    CHECK(strstr(two.err, " nodes\n"));
    fu_run_free(&one), fu_run_free(&two), fu_run_free(&many);

    /* Text mode: the same blocks in the same order, blank lines between them. */
    one = fu_tsume(fu_fmt("solve --nodes 20000 --hash 16 --jobs 1 %s", files));
    two = fu_tsume(fu_fmt("solve --nodes 20000 --hash 32 --jobs 2 %s", files));
    char *a = without_effort(one.out), *b = without_effort(two.out);
    CHECK_STR(b, a);
    CHECK(starts_with(a, "problem "));
    CHECK(strstr(a, "\n\nproblem "));
    free(a), free(b);
    fu_run_free(&one), fu_run_free(&two);
    fu_end();
}

TEST(front_batch_summary)
{
    if (!fu_begin())
        return;
    const char *path = fu_write("s.sfen", "# three problems\n" MATE3 "\n" NOMATE "\n" ZUKO1 "\nbad\n");
    fu_run_t r = fu_tsume(fu_fmt("solve --nodes 2000 --jobs 2 -f '%s'", path));
    CHECK_INT(r.code, 2);
    const char *last = fu_line(r.out, fu_count_lines(r.out) - 1);
    CHECK(starts_with(last, "summary  4 problems: solved 1, nomate 1, unknown 1, errors 1, time "));
    CHECK(strstr(last, " s; ") && strstr(last, " nodes"));
    CHECK(strstr(r.out, "\n\nsummary  ")); /* a blank line before it, as between blocks */
    CHECK_STR(r.err, "");
    fu_run_free(&r);

    /* JSON: stdout is JSON lines only, the summary is the one line on stderr. */
    r = fu_tsume(fu_fmt("solve --format json --nodes 2000 --jobs 2 -f '%s'", path));
    CHECK_INT(fu_count_lines(r.out), 4);
    for (int i = 0; i < 4; i++)
        CHECK(strcmp(fu_jget(fu_line(r.out, i), "id"), "INVALID"));
    CHECK_INT(fu_count_lines(r.err), 1);
    CHECK(starts_with(r.err, "summary  4 problems: solved 1, nomate 1, unknown 1, errors 1, time "));
    fu_run_free(&r);

    /* A command-line SFEN gets no summary; a file of comments only gets one. */
    r = fu_tsume("solve --jobs 2 '" MATE3 "'");
    CHECK(!strstr(r.out, "summary"));
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("solve --jobs 2 -f '%s'", fu_write("comments.sfen", "# nothing\n")));
    CHECK_INT(r.code, 0);
    CHECK(starts_with(r.out, "summary  0 problems: solved 0, nomate 0, unknown 0, errors 0, time "));
    fu_run_free(&r);
    /* A file of nothing but blanks (or a BOM), or empty stdin, is an input not read: a
     * failed download is no success with no problems. */
    static const char *const BLANK[] = {"", "\n \r\n\t\n", "\xEF\xBB\xBF\n"};
    for (size_t i = 0; i < sizeof BLANK / sizeof BLANK[0]; i++) {
        char empty[256];
        snprintf(empty, sizeof empty, "%s", fu_write("empty.kif", BLANK[i]));
        r = fu_tsume(fu_fmt("solve '%s'", empty));
        CHECK_INT(r.code, 2);
        CHECK_STR(r.err, fu_fmt("tsume: solve: cannot read '%s': it is empty\n", empty));
        CHECK(strstr(r.out, " 0 nodes; 1 file not read\n") != NULL);
        fu_run_free(&r);
    }
    r = fu_shell(fu_fmt("'%s' check --plies 3 -f - </dev/null", fu_bin()));
    CHECK_INT(r.code, 2);
    CHECK_STR(r.err, "tsume: check: cannot read 'stdin': it is empty\n");
    fu_run_free(&r);
    fu_end();
}

TEST(front_batch_progress_only_on_terminal)
{
    if (!fu_begin())
        return;
    /* Zuko no. 1 on a node budget keeps the batch busy long enough to draw. */
    const char *path = fu_write("p.sfen", ZUKO1 "\n" MATE3 "\n" ZUKO1 "\n");
    char args[512];
    snprintf(args, sizeof args, "solve --nodes 30000 --jobs 2 --format json -f '%s'", path);
    fu_run_t r = fu_tsume(args); /* stderr to a file */
    CHECK(!strchr(r.err, '\r') && !strstr(r.err, "ETA"));
    CHECK_INT(fu_count_lines(r.err), 1);
    fu_run_free(&r);
    r = fu_shell(fu_fmt("'%s' %s 2>&1 </dev/null | cat", fu_bin(), args)); /* stderr to a pipe */
    CHECK(!strchr(r.out, '\r') && !strstr(r.out, "ETA"));
    CHECK_INT(fu_count_lines(r.out), 4);
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("solve --nodes 30000 --jobs 2 -f '%s'", path)); /* text mode */
    CHECK_STR(r.err, "");
    fu_run_free(&r);

    /* On a terminal: drawn in place, erased before the end, summary after it. */
    r = fu_tsume_tty_stderr(args);
    CHECK_INT(r.code, 1);
    const char *line = strstr(r.err, "\r[");
    CHECK(line && strstr(line, "/3] solved ") && strstr(line, ", nomate ") && strstr(line, ", errors "));
    CHECK(strstr(r.err, ", elapsed ") && strstr(r.err, ", ETA "));
    const char *summary = strstr(r.err, "summary  3 problems: solved 1, nomate 0, unknown 2, errors 0, time ");
    CHECK(summary && summary > r.err && summary[-1] == 'K'); /* right after the erase sequence */
    CHECK_INT(fu_count_lines(r.out), 3); /* stdout untouched */
    fu_run_free(&r);
    fu_end();
}

/* The progress line also names the problem under way and what its search is doing: in
 * the shortening, the mate proven and the question asked.  It never outgrows the
 * terminal (a wrapped line could not be redrawn in place). */
TEST(front_batch_progress_names_the_question)
{
    if (!fu_begin())
        return;
    /* Shogi Zuko 第37番: its 23-ply mate is proven in about 0.2 M nodes, and the question
     * "a mate within 21?" then runs until the limit, about two seconds. */
    const char *path = fu_write("z.sfen", "# 第37番\n"
                                          "1R7/9/g1+P6/+P2s5/1+bk+pg4/GN1Rl4/Pn+p6/3S5/9 b B2N3Pg2s3l10p 1\n");
    const char *args = fu_fmt("solve --hash 64 --nodes 1000000 -f '%s'", path);
    fu_run_t r = fu_tsume_tty_stderr_cols(args, 200);
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.err, "ETA -- | line 2: shortest, mate within 23 proven, trying 21, ") != NULL);
    fu_run_free(&r);
    /* A problem given on the command line shows it too (as line 1). */
    r = fu_tsume_tty_stderr_cols("solve --hash 64 --nodes 1000000 '1R7/9/g1+P6/+P2s5/1+bk+pg4/GN1Rl4/Pn+p6/3S5/9 b "
                                 "B2N3Pg2s3l10p 1'",
                                 60);
    CHECK_INT(r.code, 0);
    int drawn = 0;
    for (const char *s = strchr(r.err, '\r'); s; s = strchr(s + 1, '\r')) {
        const char *end = strstr(s, "\033[K");
        if (!end)
            continue;
        drawn++;
        if (end - s - 1 > 59)
            test_fail(__FILE__, __LINE__, "a progress line of %d columns on a terminal of 60", (int)(end - s - 1));
    }
    CHECK(drawn > 2);
    fu_run_free(&r);
    /* A worker's error clears the progress line first, in one write (a reviewer's case:
     * it was glued to the line's end, "ETA -- | line 1:tsume: solve: cannot write"). */
    path = fu_write("zm.sfen", "1R7/9/g1+P6/+P2s5/1+bk+pg4/GN1Rl4/Pn+p6/3S5/9 b B2N3Pg2s3l10p 1\n"
                               "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\n");
    const char *dir = fu_path("zrecs");
    r = fu_shell(fu_fmt("mkdir -p '%s/zm-2.kif'", dir));
    fu_run_free(&r);
    r = fu_tsume_tty_stderr_cols(fu_fmt("solve --hash 64 --nodes 300000 --jobs 1 --kif '%s' -f '%s'", dir, path), 200);
    CHECK_INT(r.code, 2);
    const char *msg = strstr(r.err, "tsume: solve: cannot write ");
    CHECK(msg && msg - r.err >= 4 && !strncmp(msg - 4, "\r\033[K", 4));
    CHECK(strstr(r.err, "ETA ")); /* a progress line was drawn */
    fu_run_free(&r);
    fu_end();
}

TEST(front_batch_expect)
{
    if (!fu_begin())
        return;
    const char *path = fu_write("e.sfen", "# sfen<TAB>expected\n"
                                          MATE1 "\t1\tG*5b\n"             /* 2 match */
                                          MATE3 "\t5\n"                   /* 3 mismatch: shorter */
                                          MATE3 "\tmate<=3\n"             /* 4 match */
                                          MATE3 "\tnomate<=1\n"           /* 5 match */
                                          MATE3 "\tnomate<=3\n"           /* 6 mismatch */
                                          MATE1 "\tnomate\n"              /* 7 mismatch */
                                          NOMATE "\tnomate\n"             /* 8 match */
                                          NOMATE "\t 1 \n"                /* 9 mismatch (spaces trimmed) */
                                          MATE3 "\t-\n"                   /* 10 ignored */
                                          MATE3 "\tdisputed(3|11)\n"      /* 11 ignored */
                                          MATE3 "\n");                    /* 12 no column */
    fu_run_t r = fu_tsume(fu_fmt("solve --expect --format json -f '%s'", path));
    CHECK_INT(r.code, 4);
    CHECK_INT(fu_count_lines(r.out), 11);
    static const struct {
        const char *expect, *match;
    } WANT[] = {{"\"1\"", "true"},          {"\"5\"", "false"},      {"\"mate<=3\"", "true"},
                {"\"nomate<=1\"", "true"},  {"\"nomate<=3\"", "false"}, {"\"nomate\"", "false"},
                {"\"nomate\"", "true"},     {"\"1\"", "false"},      {"", ""},
                {"", ""},                   {"", ""}};
    for (int i = 0; i < 11; i++) {
        const char *line = fu_line(r.out, i);
        if (strcmp(fu_jget(line, "expect"), WANT[i].expect) || strcmp(fu_jget(line, "match"), WANT[i].match))
            test_fail(__FILE__, __LINE__, "line %d: expect %s match %s, wanted %s %s", i, fu_jget(line, "expect"),
                      fu_jget(line, "match"), WANT[i].expect, WANT[i].match);
    }
    CHECK(strstr(r.err, ", errors 0, time ") && strstr(r.err, "; expect 4 match, 4 mismatch, 0 undecided\n"));
    fu_run_free(&r);

    /* Text: an 'expect' line per checked problem, the verdicts in the summary. */
    r = fu_tsume(fu_fmt("solve --expect -f '%s'", path));
    CHECK_INT(r.code, 4);
    CHECK(strstr(r.out, "e.sfen:2  " MATE1 "\n  status   mate in 1 ply"));
    CHECK(strstr(r.out, "\n  expect   1: match\n\nproblem "));
    CHECK(strstr(r.out, "\n  expect   5: MISMATCH\n"));
    CHECK(strstr(r.out, "\n  expect   nomate: MISMATCH\n"));
    CHECK(strstr(r.out, "\n  expect   nomate<=1: match\n"));
    CHECK(strstr(r.out, "; expect 4 match, 4 mismatch, 0 undecided\n"));
    CHECK(!strstr(r.out, "expect   -") && !strstr(r.out, "disputed"));
    fu_run_free(&r);

    /* Without --expect the column means nothing. */
    r = fu_tsume(fu_fmt("solve --format json -f '%s'", path));
    CHECK_INT(r.code, 0);
    CHECK(!strstr(r.out, "\"expect\"") && !strstr(r.err, "expect"));
    fu_run_free(&r);

    /* An unknown answer leaves the expectation undecided: exit 1, not 4. */
    path = fu_write("u.sfen", ZUKO1 "\t69\n" MATE1 "\t1\n");
    r = fu_tsume(fu_fmt("solve --expect --format json --nodes 100 -f '%s'", path));
    CHECK_INT(r.code, 1);
    CHECK_STR(fu_jget(fu_line(r.out, 0), "expect"), "\"69\"");
    CHECK_STR(fu_jget(fu_line(r.out, 0), "match"), "");
    CHECK(strstr(r.err, "; expect 1 match, 0 mismatch, 1 undecided\n"));
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("solve --expect --nodes 100 -f '%s'", path));
    CHECK(strstr(r.out, "\n  expect   69: undecided\n"));
    fu_run_free(&r);

    /* An error outranks a mismatch; --expect needs -f and takes no value. */
    path = fu_write("x.sfen", MATE1 "\t3\nnonsense\t1\n");
    r = fu_tsume(fu_fmt("solve --expect --format json -f '%s'", path));
    CHECK_INT(r.code, 2);
    CHECK_STR(fu_jget(fu_line(r.out, 0), "match"), "false");
    CHECK_STR(fu_jget(fu_line(r.out, 1), "expect"), "\"1\"");
    CHECK_STR(fu_jget(fu_line(r.out, 1), "match"), "");
    fu_run_free(&r);
    static const char *const BAD[] = {"solve --expect '" MATE1 "'", "solve --expect=yes -f /dev/null"};
    for (int i = 0; i < 2; i++) {
        r = fu_tsume(BAD[i]);
        if (r.code != 2 || fu_count_lines(r.err) != 1 || !strstr(r.err, "--expect") || *r.out)
            test_fail(__FILE__, __LINE__, "'%s': exit %d, stderr \"%s\"", BAD[i], r.code, r.err);
        fu_run_free(&r);
    }
    fu_end();
}

/* SIGTERM (or Ctrl-C) stops a batch, not the process: the report of the problem under
 * way is what a limit leaves (not certified), every problem gets its line, the summary
 * says so, exit 130.  The process used to die with the finished reports unwritten. */
TEST(front_batch_interrupted)
{
    if (!fu_begin())
        return;
    const char *in = fu_write("two.sfen", ZUKO37 "\n" MATE1 "\n");
    fu_run_t r = fu_shell(fu_fmt("'%s' solve --format json --jobs 1 -f '%s' & pid=$!; sleep 1.5; kill -TERM $pid; "
                                 "wait $pid; echo \"rc=$?\"",
                                 fu_bin(), in));
    CHECK_INT(fu_count_lines(r.out), 3);
    CHECK(strstr(fu_line(r.out, 0), "\"id\": 1, "));
    CHECK(!strstr(fu_line(r.out, 0), "\"exact\": true"));
    /* and says it was the stop, not a limit (it said "limit", as a limit's answer); the
     * proof itself may still be under way (a sanitizer build): unknown, no uncertified */
    const char *why = fu_jget(fu_line(r.out, 0), "uncertified");
    CHECK(!*why || !strcmp(why, "\"interrupt\""));
    CHECK_STR(fu_jget(fu_line(r.out, 0), "interrupted"), "true");
    CHECK(strstr(fu_line(r.out, 1), "\"id\": 2, "));
    /* started after the signal, but a mate in one certified is complete: not marked (it
     * was, the flag saying when the signal came rather than what it cut) */
    CHECK_STR(fu_jget(fu_line(r.out, 1), "exact"), "true");
    CHECK(!strstr(fu_line(r.out, 1), "interrupted"));
    CHECK_STR(fu_line(r.out, 2), "rc=130");
    CHECK(strstr(r.err, "tsume: solve: interrupted: the searches were stopped;"));
    CHECK(strstr(r.err, "summary  2 problems: "));
    fu_run_free(&r);
    /* The interrupt's 130 also when a --kif record failed (a reviewer's case: 2). */
    const char *dir = fu_path("recs");
    r = fu_shell(fu_fmt("mkdir -p '%s/two-2.kif' && { '%s' solve --jobs 1 --kif '%s' -f '%s' >/dev/null & pid=$!; "
                        "sleep 1.5; kill -TERM $pid; wait $pid; echo \"rc=$?\"; }",
                        dir, fu_bin(), dir, in));
    CHECK_STR(r.out, "rc=130\n");
    CHECK(strstr(r.err, "two-2.kif': Is a directory\n"));
    fu_run_free(&r);
    /* check and verify say so too, in text and JSON; a batch not interrupted never does */
    r = fu_shell(fu_fmt("'%s' check --plies 41 --jobs 1 -f '%s' & pid=$!; sleep 1.5; kill -TERM $pid; wait $pid; "
                        "'%s' verify --format json --jobs 1 -f '%s' & pid=$!; sleep 1.5; kill -TERM $pid; wait $pid",
                        fu_bin(), in, fu_bin(), in));
    CHECK(strstr(fu_line(r.out, 0), ":1  yes  mate within 41 plies (proven), shown by a line of ") ||
          strstr(fu_line(r.out, 0), ":1  unknown  interrupted: the search was stopped"));
    CHECK_STR(fu_jget(fu_line(r.out, 3), "verdict"), "\"unknown\"");
    CHECK_STR(fu_jget(fu_line(r.out, 3), "interrupted"), "true");
    fu_run_free(&r);
    r = fu_tsume(fu_fmt("check --plies 1 --format json --nodes 1 -f '%s'", in));
    CHECK_STR(fu_jget(fu_line(r.out, 0), "uncertified"), "\"limit\"");
    CHECK(!strstr(r.out, "interrupted"));
    fu_run_free(&r);
    fu_end();
}

TEST(front_batch_bad_jobs)
{
    if (!fu_begin())
        return;
    static const char *const BAD[] = {"--jobs 0", "--jobs -1", "--jobs x", "--jobs=1025", "--jobs"};
    for (int i = 0; i < 5; i++) {
        fu_run_t r = fu_tsume(fu_fmt("solve %s -f /dev/null", BAD[i]));
        if (r.code != 2 || fu_count_lines(r.err) != 1 || !strstr(r.err, "--jobs") || *r.out)
            test_fail(__FILE__, __LINE__, "'solve %s': exit %d, stderr \"%s\"", BAD[i], r.code, r.err);
        fu_run_free(&r);
    }
    /* More jobs than MiB of table: as many jobs as MiB, each with 1 MiB. */
    fu_run_t r = fu_shell(fu_fmt("printf '%%s\\n' '%s' '%s' | '%s' solve --format json --hash 1 --jobs 4 -f -", MATE1, MATE3,
                        fu_bin()));
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), 2);
    CHECK_STR(fu_jget(fu_line(r.out, 1), "plies"), "3");
    fu_run_free(&r);
    /* --help says how --jobs and --hash share out. */
    r = fu_tsume("solve --help");
    CHECK(strstr(r.out, "--jobs N") && strstr(r.out, "MB / N") && strstr(r.out, "--expect") &&
          strstr(r.out, "4 when"));
    fu_run_free(&r);
    fu_end();
}

/* The recipe of README ("Many machines"): the file cut into parts of n lines (here 3
 * parts), as `parallel --pipe -N n` cuts it, each part solved from stdin, and the answers
 * merged with the README's awk, which shifts each id by the lines before its part. */
TEST(front_batch_split_and_merge)
{
    if (!fu_begin())
        return;
    const char *antma = test_shared("problems/antma_tsumeshogi_check.sfen");
    char whole[256];
    snprintf(whole, sizeof whole, "%s", fu_path("whole.sfen"));
    /* Comments and a bad line inside, so line numbers and errors must carry over too. */
    fu_run_t r = fu_shell(fu_fmt("cat '%s' > '%s' && printf '# note\\nnonsense\\n\\n%s\\n' >> '%s' && cat '%s' >> '%s'",
                                 antma, whole, MATE3, whole, antma, whole));
    CHECK_INT(r.code, 0);
    fu_run_free(&r);
    fu_run_t single = fu_shell(fu_fmt("'%s' solve --format json --hash 8 --jobs 1 --nodes 20000 -f - < '%s'", fu_bin(), whole));
    CHECK_INT(single.code, 2);
    CHECK_INT(fu_count_lines(single.out), 69 * 2 + 2);

    r = fu_shell(fu_fmt("cd '%s' && n=$(( ($(wc -l < whole.sfen) + 2) / 3 )) && split -l $n -d whole.sfen part. && "
                        "[ $(ls part.* | wc -l) = 3 ] || exit 8; k=0; for p in part.*; do k=$((k + 1)); "
                        "'%s' solve --format json --hash 16 --jobs 2 --nodes 20000 -f - < $p > out.$k; "
                        "[ $? -le 2 ] || exit 9; done; "
                        "for k in 1 2 3; do awk -v off=$(( (k - 1) * n )) '"
                        "{ match($0, /\"id\": [0-9]+/); "
                        "print substr($0, 1, RSTART - 1) \"\\\"id\\\": \" substr($0, RSTART + 6, RLENGTH - 6) + off "
                        "substr($0, RSTART + RLENGTH) }' out.$k; done",
                        fu_path(""), fu_bin()));
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), fu_count_lines(single.out));
    for (int i = 0; i < fu_count_lines(single.out); i++) {
        char a[8192];
        snprintf(a, sizeof a, "%s", fu_mask_effort(fu_line(single.out, i)));
        CHECK_STR(fu_mask_effort(fu_line(r.out, i)), a);
    }
    fu_run_free(&r);
    fu_run_free(&single);
    fu_end();
}

/* The peak resident memory, in MiB, of one run of the binary with these arguments (its
 * output discarded), or -1. */
static double peak_mib(char *const argv[])
{
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        dup2(fd, 1), dup2(fd, 2);
        execv(fu_bin(), argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) > 1)
        return -1;
    return ru.ru_maxrss / 1024.0;
}

/* --hash is all the memory of the tables and the caches (solver.c): a search that fills
 * its table uses about that much more than a run that uses next to none, whether one job
 * has it or two share it.  (It once rounded the table down to a power of two, 64 MiB of
 * 100, and the caches came on top.)  AddressSanitizer's shadow memory would count too. */
TEST(front_batch_memory_is_what_hash_says)
{
    if (test_sanitized())
        return;
    if (!fu_begin())
        return;
    double base = peak_mib((char *[]){"tsume", "solve", "--hash", "1", MATE1, NULL});
    double one = peak_mib((char *[]){"tsume", "solve", "--hash", "100", "--nodes", "2000000", ZUKO37, NULL});
    const char *two_problems = fu_write("two.sfen", ZUKO37 "\n" ZUKO37 "\n");
    double two = peak_mib((char *[]){"tsume", "solve", "--hash", "100", "--jobs", "2", "--nodes", "2000000", "-f",
                                     (char *)two_problems, NULL});
    CHECK(base > 0 && one > 0 && two > 0);
    /* The program itself and a large search's frames take a few MiB besides. */
    if (one - base < 95 || one - base > 104 || two - base < 95 || two - base > 106)
        test_fail(__FILE__, __LINE__, "peak memory: %.1f MiB with --hash 1 (mate in one), %.1f with --hash 100, "
                  "%.1f with --hash 100 on two jobs", base, one, two);
    fu_end();
}
