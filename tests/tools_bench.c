/*
 * tools_bench.c: tools/bench-compare.sh, the side-by-side reading of two bench runs that
 * BENCH-LOG.md's experiments rest on.  Two small hand-made runs cover each thing it
 * reports: the totals, a length proven by one run only (gained, lost), the nodes on the
 * problems both prove with the >10% counts, the answers that differ, and the two kinds of
 * contradiction (mate against no mate, two different proven lengths), which exit 3.
 * tools/bench-famous.mjs's table is read off a stand-in famous_long.sfen of tiny problems.
 */
#include <stdlib.h>
#include <string.h>

#include "front_util.h"
#include "test.h"

#define ROW(id, rest) "{\"id\": " #id ", \"sfen\": \"x\", " rest "}\n"

TEST(tools_bench_compare)
{
    if (!fu_begin())
        return;
    const char *base = fu_write(
        "base.jsonl", ROW(2, "\"status\": \"mate\", \"plies\": 9, \"within\": 9, \"shortest\": true, \"nodes\": 1000, "
                             "\"time_ms\": 100")
                          ROW(3, "\"status\": \"mate\", \"plies\": 41, \"within\": 41, \"shortest\": false, "
                                 "\"nodes\": 5000, \"time_ms\": 500")
                              ROW(4, "\"status\": \"nomate\", \"nodes\": 2000, \"time_ms\": 200")
                                  ROW(5, "\"status\": \"mate\", \"plies\": 25, \"within\": 25, \"shortest\": true, "
                                         "\"nodes\": 3000, \"time_ms\": 300"));
    char basep[512];
    strcpy(basep, base);
    /* 2: the same answer, 15% fewer nodes; 3: now proven (31); 4: as before, 30% more
     * nodes; 5: no longer proven, a line of 27 within 29. */
    const char *same = fu_write(
        "new.jsonl", ROW(5, "\"status\": \"mate\", \"plies\": 27, \"within\": 29, \"shortest\": false, "
                            "\"nodes\": 3000, \"time_ms\": 300")
                         ROW(2, "\"status\": \"mate\", \"plies\": 9, \"within\": 9, \"shortest\": true, "
                                "\"nodes\": 850, \"time_ms\": 90")
                             ROW(3, "\"status\": \"mate\", \"plies\": 31, \"within\": 31, \"shortest\": true, "
                                    "\"nodes\": 4000, \"time_ms\": 400")
                                 ROW(4, "\"status\": \"nomate\", \"nodes\": 2600, \"time_ms\": 270"));
    fu_run_t r = fu_shell(fu_fmt("tools/bench-compare.sh '%s' '%s'", basep, same));
    CHECK_INT(r.code, 0);
    CHECK_INT(fu_count_lines(r.out), 6);
    CHECK_STR(fu_line(r.out, 1), "nodes: 11000 against 10450 (-5.00%); time 1.1 s against 1.1 s");
    CHECK_STR(fu_line(r.out, 2), "proven shortest (or no mate): 3 against 3; gained: 3; lost: 5");
    CHECK_STR(fu_line(r.out, 3), "on the 2 both prove: 3000 nodes against 3450 (+15.00%); >10% fewer on 1, >10% more on 1");
    CHECK_STR(fu_line(r.out, 4), "id 3: mate 41 (not proven shortest) | mate 31 (proven shortest)");
    CHECK_STR(fu_line(r.out, 5), "id 5: mate 25 (proven shortest) | mate 27 within 29 (not proven shortest)");
    CHECK(*r.err == 0);
    fu_run_free(&r);

    /* 2 proven 7 against 9, 4 a mate against a no-mate, 5 missing from the new run. */
    const char *clash = fu_write(
        "clash.jsonl", ROW(2, "\"status\": \"mate\", \"plies\": 7, \"within\": 7, \"shortest\": true, \"nodes\": 900, "
                              "\"time_ms\": 90")
                           ROW(3, "\"status\": \"mate\", \"plies\": 41, \"within\": 41, \"shortest\": false, "
                                  "\"nodes\": 5000, \"time_ms\": 500")
                               ROW(4, "\"status\": \"mate\", \"plies\": 11, \"within\": 11, \"shortest\": false, "
                                      "\"nodes\": 2000, \"time_ms\": 200"));
    r = fu_shell(fu_fmt("tools/bench-compare.sh '%s' '%s'", basep, clash));
    CHECK_INT(r.code, 3);
    CHECK_STR(fu_line(r.out, 0), fu_fmt("problems: 4 in %s, 3 in %s, 3 in both", basep, clash));
    CHECK_STR(fu_line(r.out, 2), "proven shortest (or no mate): 2 against 1; gained: none; lost: 4");
    CHECK_STR(fu_line(r.out, 4), "id 2: mate 9 (proven shortest) | mate 7 (proven shortest)  CONTRADICTION");
    CHECK_STR(fu_line(r.out, 5), "id 4: nomate | mate 11 (not proven shortest)  CONTRADICTION");
    CHECK_STR(fu_line(r.out, 6), "id 5: mate 25 (proven shortest) | absent");
    CHECK_STR(fu_line(r.out, 7), "2 contradictions: one of the two runs is wrong");
    fu_run_free(&r);

    /* Lists come in the order of the ids, whatever the files' order. */
    const char *unk = fu_write("unknown.jsonl", ROW(5, "\"status\": \"unknown\", \"nodes\": 10, \"time_ms\": 1")
                                                    ROW(4, "\"status\": \"unknown\", \"nodes\": 10, \"time_ms\": 1")
                                                        ROW(2, "\"status\": \"unknown\", \"nodes\": 10, \"time_ms\": 1"));
    r = fu_shell(fu_fmt("tools/bench-compare.sh '%s' '%s'", basep, unk));
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_line(r.out, 2), "proven shortest (or no mate): 3 against 0; gained: none; lost: 2 4 5");
    CHECK_STR(fu_line(r.out, 4), "id 2: mate 9 (proven shortest) | unknown");
    CHECK_STR(fu_line(r.out, 5), "id 3: mate 41 (not proven shortest) | absent");
    fu_run_free(&r);

    /* Usage and input errors: exit 2 with a line on stderr. */
    r = fu_shell(fu_fmt("tools/bench-compare.sh '%s'", basep));
    CHECK_INT(r.code, 2);
    CHECK_STR(r.err, "usage: tools/bench-compare.sh BASE.jsonl NEW.jsonl\n");
    fu_run_free(&r);
    r = fu_shell(fu_fmt("tools/bench-compare.sh '%s' '%s'", basep, fu_path("missing.jsonl")));
    CHECK_INT(r.code, 2);
    CHECK_STR(r.err, fu_fmt("bench-compare: cannot read %s\n", fu_path("missing.jsonl")));
    fu_run_free(&r);
    const char *dup = fu_write("dup.jsonl", ROW(2, "\"status\": \"nomate\", \"nodes\": 1, \"time_ms\": 0")
                                                ROW(2, "\"status\": \"nomate\", \"nodes\": 1, \"time_ms\": 0"));
    r = fu_shell(fu_fmt("tools/bench-compare.sh '%s' '%s'", basep, dup));
    CHECK_INT(r.code, 2);
    CHECK_STR(r.err, fu_fmt("bench-compare: %s: id 2 twice\n", dup));
    fu_run_free(&r);
    fu_end();
}

/* A helper's review of the tools: each of these once passed (exit 0) where it should have
 * failed: a mate proven within fewer plies than the other run's shortest, runs of two
 * files, a solver that wrote nothing (make bench-long piped it to verify-line.mjs), a
 * "plies" key against a shorter line, an empty perft table, a line from a no-mate start,
 * a LINE number that holds no problem, a file that cannot be read. */
TEST(tools_no_false_pass)
{
    if (!fu_begin())
        return;
    char base[512];
    strcpy(base, fu_write("b.jsonl", ROW(2, "\"status\": \"mate\", \"plies\": 25, \"within\": 25, \"shortest\": true, "
                                            "\"nodes\": 1, \"time_ms\": 0")));
    const char *within = fu_write("w.jsonl", ROW(2, "\"status\": \"mate\", \"plies\": 25, \"within\": 23, "
                                                    "\"shortest\": false, \"nodes\": 1, \"time_ms\": 0"));
    fu_run_t r = fu_shell(fu_fmt("tools/bench-compare.sh '%s' '%s'", base, within));
    CHECK_INT(r.code, 3);
    CHECK(strstr(r.out, "id 2: mate 25 (proven shortest) | mate 25 within 23 (not proven shortest)  CONTRADICTION\n"));
    fu_run_free(&r);
    const char *other = fu_write("o.jsonl", "{\"id\": 2, \"sfen\": \"y\", \"status\": \"nomate\", \"nodes\": 1, "
                                            "\"time_ms\": 0}\n");
    r = fu_shell(fu_fmt("tools/bench-compare.sh '%s' '%s'", base, other));
    CHECK_INT(r.code, 2);
    CHECK_STR(r.err, "bench-compare: id 2 is another position in each run: not runs of the same file\n");
    fu_run_free(&r);

    r = fu_shell("node tools/oracle/verify-line.mjs --expect-plies 1525 </dev/null");
    CHECK_INT(r.code, 1);
    CHECK_STR(r.out, "verify: 0 passed, 0 failed (no line to check: a failure)\n");
    fu_run_free(&r);
    r = fu_shell(fu_fmt("'%s' solve --format json '3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1' | "
                        "sed 's/\"plies\": 3/\"plies\": 1525/' | node tools/oracle/verify-line.mjs --expect-plies 1525",
                        fu_bin()));
    CHECK_INT(r.code, 1);
    CHECK(strstr(r.out, ": \"plies\" 1525 but a line of 3\n"));
    fu_run_free(&r);

    r = fu_shell(fu_fmt("tools/perft-table.sh '%s'", fu_write("empty.tsv", "# nothing\n")));
    CHECK_INT(r.code, 1);
    fu_run_free(&r);
    r = fu_shell("tools/perft-table.sh ../shared/problems/perft.tsv abc");
    CHECK_INT(r.code, 2);
    fu_run_free(&r);

    char *abs = realpath(fu_bin(), NULL);
    char env[600];
    snprintf(env, sizeof env, "TSUME='%s'", abs ? abs : fu_bin());
    free(abs);
    r = fu_shell(fu_fmt("%s node tools/line-audit.mjs '9/6k2/4G4/9/4G4/4P4/9/9/9 b 2G2r2b4s4n4l17p 3' '5c4b 3b2a'", env));
    CHECK_INT(r.code, 5);
    CHECK(strstr(r.out, "  ply 1    no mate from the start (proven)\n"));
    fu_run_free(&r);
    r = fu_shell(fu_fmt("%s node tools/line-audit.mjs -f problems/example.sfen 1", env));
    CHECK_INT(r.code, 2);
    CHECK_STR(r.err, "line-audit: line 1 of problems/example.sfen holds no problem with a stated line\n");
    fu_run_free(&r);

    r = fu_shell(fu_fmt("%s node tools/oracle/rule-order.mjs '%s'", env, fu_path("missing.sfen")));
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.err, "rule-order: cannot open '"));
    fu_run_free(&r);

    /* kif-tree read empty input as the start position; limit-sweep without its binary
     * counted each run a solver failure (exit 1, not 2); perturb --seed 4 gave 5 diagrams
     * of Zuko identical to their source (a change and its undoing), now none. */
    r = fu_shell("node tools/oracle/kif-tree.mjs </dev/null");
    CHECK_INT(r.code, 1);
    CHECK_STR(r.out, "error: no KIF diagram, 手合割 or move in the input\n");
    fu_run_free(&r);
    r = fu_shell(fu_fmt("TSUME='%s' node tools/limit-sweep.mjs --runs 1", fu_path("no-tsume")));
    CHECK_INT(r.code, 2);
    fu_run_free(&r);
    r = fu_shell("node tools/oracle/perturb.mjs --seed 4 --per 3 problems/zuko.sfen 2>/dev/null | "
                 "node -e 'const fs = require(\"fs\"), given = new Map();"
                 " fs.readFileSync(\"problems/zuko.sfen\", \"utf8\").split(\"\\n\").forEach((l, i) =>"
                 " given.set(i + 1, l.split(\"\\t\")[0].trim()));"
                 " let same = 0, n = 0; for (const l of fs.readFileSync(0, \"utf8\").trim().split(\"\\n\")) {"
                 " n++; if (l.split(\"\\t\")[0] === given.get(+l.match(/zuko.sfen:(\\d+)/)[1])) same++; }"
                 " console.log(n, same)'");
    CHECK_STR(r.out, "312 0\n");
    fu_run_free(&r);

    /* limit-sweep ended in a stack trace on a reference that is not tsume's JSON; the
     * referee of verify-crosscheck crashed on a report whose line is shorter than its
     * plies (or played an illegal move as given). */
    r = fu_shell(fu_fmt("%s node tools/limit-sweep.mjs --problems problems/zuko.sfen --ref '%s'", env,
                        fu_write("garbage.jsonl", "garbage\n")));
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.err, "garbage.jsonl:1: not a JSON answer of tsume ("));
    fu_run_free(&r);
    static const char report[] =
        "{\"id\": 1, \"sfen\": \"3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\", \"verdict\": \"sound\", "
        "\"plies\": 3, \"exact\": true, \"pv\": [\"9f5b+\", \"4a5b\"], \"findings\": []}\n"
        "{\"id\": 2, \"sfen\": \"3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\", \"verdict\": \"sound\", "
        "\"plies\": 3, \"exact\": true, \"pv\": [\"9f5b+\", \"4a5b\", \"S*5b\"], \"findings\": []}\n";
    r = fu_shell(fu_fmt("node tools/oracle/verify-crosscheck.mjs --witness-only --reports '%s'",
                        fu_write("short.jsonl", report)));
    CHECK_INT(r.code, 1);
    CHECK(strstr(r.out, "(short.jsonl:1) 3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1: its line has 2 moves for 3 plies\n"));
    CHECK(strstr(r.out, "(short.jsonl:2) 3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1: ply 3 of its line, S*5b, is not "
                        "a legal move\n"));
    CHECK(strstr(r.out, "verify-oracle: 0 passed, 2 failed (0 skipped)\n"));
    fu_run_free(&r);
    fu_end();
}

/* tools/bench-famous.mjs (make bench-famous) over a stand-in famous_long.sfen of tiny
 * problems, with the real tsume: the first row is left out (Microcosmos is bench-long's), a
 * proven length against the stated one (DIFFERS), a no-mate against a stated mate, a bad
 * row, a stand-in tsume's rarer answers, and the tool's own failures (no file, no tsume,
 * a tsume that answers nothing, a bad argument), which exit 2. */
TEST(tools_bench_famous)
{
    if (!fu_begin())
        return;
    fu_write("famous.sfen", "# sfen\tplies\tline\tname\n"
                            "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\t1525\t-\t# left out\n"
                            "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\t3\t-\t# three — as stated\n"
                            "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\t5\t-\t# five\n"
                            "\n"
                            "9/6k2/4G4/9/4G4/4P4/9/9/9 b 2G2r2b4s4n4l17p 3\t7\t-\t# seven\n"
                            "9/6k2/4G4/9/4G4/4P4/9/9/9 b 2G2r2b4s4n4l17p 3\t-\t-\n"
                            "xyz b - 1\t-\t-\t# bad\n"
                            "3sks3/4+B4/4S4/9/9/9/9/9/9 w S2rb4g4n4l18p 2\t-\t-\t# in check\n"
                            "n8/k3p4/9/1+R+R6/pn2N4/5P3/3P5/9/9 b 2b4g4sn4l14p 23\t-\t-\t# futile end\n");
    char shared[512], env[1200];
    snprintf(shared, sizeof shared, "%s", fu_path("shared"));
    fu_run_t r = fu_shell(fu_fmt("mkdir -p '%s/problems' && cp '%s' '%s/problems/famous_long.sfen'", shared,
                                 fu_path("famous.sfen"), shared));
    CHECK_INT(r.code, 0);
    fu_run_free(&r);
    char *abs = realpath(fu_bin(), NULL);
    snprintf(env, sizeof env, "TSUME='%s' TSUME_SHARED='%s'", abs ? abs : fu_bin(), shared);
    free(abs);
    /* nodes and times masked: what is checked is the answers and the table's shape */
    r = fu_shell(fu_fmt("%s node tools/bench-famous.mjs --seconds 5 --hash 16 | awk -F'\\t' 'BEGIN { OFS = \"\\t\" } "
                        "NF == 7 && $1 != \"row\" { $5 = \"N\"; $6 = \"T\" } { sub(/; [0-9]+ nodes, [0-9.]+ s$/, "
                        "\"; N nodes, T s\"); print }'",
                        env));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, "famous_long.sfen: 7 problems (Microcosmos left to make bench-long), --time-limit 5 --hash 16, "
                     "one thread\n"
                     "row\tstated\tanswer\tshortest\tnodes\ttime_ms\tname\n"
                     "2\t3\tmate 3\tyes\tN\tT\tthree\n"
                     "3\t5\tmate 3 DIFFERS\tyes\tN\tT\tfive\n"
                     "4\t7\tnomate DIFFERS\t-\tN\tT\tseven\n"
                     "5\t-\tnomate\t-\tN\tT\t\n"
                     "6\t-\terror: bad SFEN: unknown piece letter 'x' in rank a\t-\tN\tT\tbad\n"
                     "7\t-\tmate 2\tyes\tN\tT\tin check\n"
                     "8\t-\tmate 1\tyes\tN\tT\tfutile end\n"
                     "total: 4 mates (4 proven shortest), 2 no-mates, 0 unknown, 1 errors; 2 differ from a stated "
                     "length; 4 of 4 lines replay as mates; N nodes, T s\n");
    fu_run_free(&r);

    /* a stand-in tsume for the answers tiny problems never give: a mate not proven
     * shortest (its bound shown, never marked DIFFERS) whose line does not mate (LINE BAD,
     * exit 1), a limit hit, a defender's line from a side to move in check, and a line
     * that ends on futile interpositions only (a mate under the default rule) */
    fu_write("stub.sh", "#!/bin/sh\ncat > /dev/null\n"
                        "S=' \"sfen\":\"3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\",'\n"
                        "echo \"{\\\"id\\\":1,$S\\\"status\\\":\\\"mate\\\",\\\"plies\\\":3,\\\"pv\\\":[\\\"9f5b+\\\","
                        "\\\"4a5b\\\",\\\"S*4b\\\"],\\\"shortest\\\":true,\\\"nodes\\\":5,\\\"time_ms\\\":1}\"\n"
                        "echo \"{\\\"id\\\":2,$S\\\"status\\\":\\\"mate\\\",\\\"plies\\\":1,\\\"pv\\\":[\\\"9f5b+\\\"],"
                        "\\\"shortest\\\":false,\\\"within\\\":7,\\\"nodes\\\":70,\\\"time_ms\\\":20}\"\n"
                        "echo '{\"id\":3,\"status\":\"unknown\",\"nodes\":900,\"time_ms\":5000}'\n"
                        "echo '{\"id\":4,\"status\":\"nomate\",\"nodes\":25,\"time_ms\":2}'\n"
                        "echo '{\"id\":5,\"status\":\"error\",\"error\":\"bad\",\"nodes\":0,\"time_ms\":0}'\n"
                        "echo '{\"id\":6,\"sfen\":\"3sks3/4+B4/4S4/9/9/9/9/9/9 w S2rb4g4n4l18p 2\",\"status\":\"mate\","
                        "\"plies\":2,\"pv\":[\"4a5b\",\"S*4b\"],\"shortest\":true,\"nodes\":2,\"time_ms\":1}'\n"
                        "echo '{\"id\":7,\"sfen\":\"n8/k3p4/9/1+R+R6/pn2N4/5P3/3P5/9/9 b 2b4g4sn4l14p 23\",\"status\":\"mate\","
                        "\"plies\":1,\"pv\":[\"7d7b\"],\"shortest\":true,\"nodes\":2,\"time_ms\":1}'\n");
    r = fu_shell(fu_fmt("chmod +x '%s' && TSUME='%s' TSUME_SHARED='%s' node tools/bench-famous.mjs", fu_path("stub.sh"),
                        fu_path("stub.sh"), shared));
    CHECK_INT(r.code, 1);
    CHECK_STR(r.out, "famous_long.sfen: 7 problems (Microcosmos left to make bench-long), --time-limit 60 --hash 2048, "
                     "one thread\n"
                     "row\tstated\tanswer\tshortest\tnodes\ttime_ms\tname\n"
                     "2\t3\tmate 3\tyes\t5\t1\tthree\n"
                     "3\t5\tmate 1 (within 7) LINE BAD: the final position is not mated, futile interpositions aside\t-\t70\t20\tfive\n"
                     "4\t7\tunknown\t-\t900\t5000\tseven\n"
                     "5\t-\tnomate\t-\t25\t2\t\n"
                     "6\t-\terror: bad\t-\t0\t0\tbad\n"
                     "7\t-\tmate 2\tyes\t2\t1\tin check\n"
                     "8\t-\tmate 1\tyes\t2\t1\tfutile end\n"
                     "total: 4 mates (3 proven shortest), 1 no-mates, 1 unknown, 1 errors; 0 differ from a stated "
                     "length; 3 of 4 lines replay as mates; 1004 nodes, 5.0 s\n");
    fu_run_free(&r);

    /* the tool's own failures: stderr's line (a prefix where it names a path), exit 2; the
     * commands take 6 of fu_fmt's 8 rotating buffers */
    const struct {
        const char *cmd, *err;
    } fails[] = {
        {fu_fmt("%s node tools/bench-famous.mjs --seconds 0", env), "bench-famous: --seconds needs a whole number of at least 1\n"},
        {fu_fmt("TSUME_SHARED='%s' node tools/bench-famous.mjs", fu_path("none")), "bench-famous: cannot read "},
        {fu_fmt("TSUME='%s' TSUME_SHARED='%s' node tools/bench-famous.mjs", fu_path("no-tsume"), shared),
         "bench-famous: cannot run "},
        {fu_fmt("TSUME=/bin/true TSUME_SHARED='%s' node tools/bench-famous.mjs", shared),
         "bench-famous: tsume answered 0 of 7 rows (exit 0)\n"},
    };
    for (size_t i = 0; i < sizeof fails / sizeof fails[0]; i++) {
        r = fu_shell(fails[i].cmd);
        CHECK_INT(r.code, 2);
        CHECK(!strncmp(r.err, fails[i].err, strlen(fails[i].err)));
        fu_run_free(&r);
    }
    fu_end();
}
