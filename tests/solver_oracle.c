/*
 * solver_oracle.c: the bounded mate search against brute forces over an independent rules
 * library (tools/oracle/mate-crosscheck.mjs: shogiops, sharing no code with tsume).  On
 * random positions and on positions along the shared collections' solution lines, `tsume
 * check --plies B --futile RULE` must give the brute force's shortest mate within B, or
 * none, under each rule: every reply counted (none), and the two composers' rules (capture,
 * delay), which the tool applies as README and solver/futile.h state them.  Wrong disproof
 * hands, a wrong pawn-drop mate, a mate-in-one shortcut that misses a reply or a futility
 * rule applied otherwise than stated show up here as a wrong yes, no or length.
 *
 * tests/data/oracle_positions.tsv holds the positions on which bugs planted one at a time
 * (wrong proof and disproof hands, the table's superiority read the wrong way, the
 * pawn-drop-mate rule off) gave wrong answers: each of those nine bugs fails this test.
 * tests/data/futile_positions.tsv holds line and random positions where a composers' rule
 * changes the answer, and line positions where a bug planted in those rules did: each of
 * five such bugs fails this test.  Both files record the brute force's answers (some take it minutes).  The
 * random positions (a fixed seed) and a sample of the collections' line positions add
 * breadth: the random ones caught the table's proofs read for smaller hands.
 *
 * Each random run must check exactly as many positions as it asked for (the tool's summary
 * line), and the run over the lines at least one, so that a generator or a file that yields
 * nothing cannot pass unnoticed.  (Positions the brute force cannot settle within its budget
 * are skipped: random ones are replaced, line ones only counted.)  Needs node and
 * the npm libraries of tools/oracle/setup.sh, as movegen_oracle.c does.
 *
 * solver_verify_oracle (below) referees tsume verify's reports with the same brute force
 * (tools/oracle/verify-crosscheck.mjs), and solver_verify_witness_faults makes sure that
 * referee fails reports at fault.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front_util.h"
#include "test.h"

/* One run of a tool (its summary line begins with label); want: the positions it must
 * check (0: any number, at least one). */
static void run_tool(const char *tool, const char *label, const char *args, int want)
{
    fu_run_t r = fu_shell(fu_fmt("node tools/oracle/%s %s --bin '%s' --shared '%s'", tool, args, fu_bin(),
                                 test_shared("")));
    int passed = -1, failed = -1;
    const char *last = strstr(r.out, label);
    if (last)
        sscanf(last + strlen(label), "%d passed, %d failed", &passed, &failed);
    CHECK_INT(r.code, 0); /* 1: a wrong answer; 2: the tool could not run */
    CHECK_INT(failed, 0);
    if (want)
        CHECK_INT(passed, want);
    else
        CHECK(passed > 0);
    if (r.code != 0 || failed != 0 || passed <= 0 || (want && passed != want))
        printf("      %s\n      --- output ---\n%s%s\n", args, r.out, r.err);
    fu_run_free(&r);
}

static void crosscheck(const char *args, int want) { run_tool("mate-crosscheck.mjs", "mate-oracle: ", args, want); }

static bool have_node(void)
{
    if (system("command -v node >/dev/null 2>&1") == 0)
        return true;
    test_fail(__FILE__, __LINE__,
              "node not found: the cross-checks need nodejs and npm "
              "(make test installs them via tools/deps.sh, then runs tools/oracle/setup.sh)");
    return false;
}

TEST_LONG(solver_mate_oracle)
{
    if (!have_node() || !fu_begin()) /* the runs' output goes to fu_begin's scratch directory */
        return;
    crosscheck("--file tests/data/oracle_positions.tsv", 11);
    crosscheck("--file tests/data/futile_positions.tsv", 59);
    crosscheck("--random 60 --seed 1 --plies 3", 60);
    crosscheck("--random 10 --seed 2 --plies 5", 10);
    crosscheck("--lines --sample 80", 0);
    fu_end();
}

/* tsume verify's reports against the brute force (tools/oracle/verify-crosscheck.mjs): along
 * the main line of each problem, every other check the report does not list as mating must
 * not mate within the main line's length, every one it lists must mate in the length it
 * gives; every other reply that counts must be mated no later than the main line's reply
 * unless listed (equal, longer: in the length given) or taken away by the delay rule.
 * tests/data/verify_positions.tsv holds the 14 positions where three bugs planted in the walk
 * (a drop, a promoting check never asked; "mated sooner" asked two plies short) were caught:
 * each bug fails this test.  A sample of the collections' line positions, 3 plies before
 * the mate, adds breadth; the findings' own lines are checked as well (below). */
TEST_LONG(solver_verify_oracle)
{
    if (!have_node() || !fu_begin())
        return;
    run_tool("verify-crosscheck.mjs", "verify-oracle: ", "--file tests/data/verify_positions.tsv", 14);
    run_tool("verify-crosscheck.mjs", "verify-oracle: ", "--lines --plies 3 --sample 40", 0);
    run_tool("verify-crosscheck.mjs", "verify-oracle: ", "--file tests/data/verify_witness.tsv --witness-only", 10);
    fu_end();
}

/* The findings' own lines (verify-crosscheck.mjs --witness-only): each must be legal, end in
 * mate in the plies given, and make the kind given when classified again from README's
 * statements; with --reports, a stated line's comparison must fit it (the last report).  tests/data/verify_witness.tsv holds whole problems and random positions where six
 * bugs planted in the classification were caught (each fails the run above); the referee must
 * in turn fail each report of tests/data/verify_bad_reports.jsonl (those bugs' reports, one
 * each, and three edited by hand), each with its own mismatch, so that a referee that passes
 * everything cannot pass here. */
TEST_LONG(solver_verify_witness_faults)
{
    if (!have_node() || !fu_begin())
        return;
    fu_run_t r = fu_shell("node tools/oracle/verify-crosscheck.mjs --reports tests/data/verify_bad_reports.jsonl "
                          "--witness-only");
    static const char *const want[] = {
        "bad_reports.jsonl:1) 9/7+NS/9/4+L1k2/3+P5/4R2R1/9/9/6K2 b GSN2P2b3g2s2n3l15p 1: ply 1: G*2d (square): its "
        "line makes it cook",
        "bad_reports.jsonl:2) 2+P1l4/3pg2R1/pl3+PB2/1B1+rk4/3l5/1pP6/9/2L6/9 b 3g4s4n12p 1: ply 7: 4d6b "
        "(transposition): its line makes it detour",
        "bad_reports.jsonl:3) 2+P1l4/3pg2R1/pl3+PB2/1B1+rk4/3l5/1pP6/9/2L6/9 b 3g4s4n12p 1: ply 15: P*9g (detour): "
        "its line makes it cook",
        "ply 60: 8i9h (equal): its line makes it none (2 left in hand)",
        "ply 19: N*9i (cook): its line does not end in mate",
        "ply 19: N*9i (piece): its line makes it cook",
        "ply 29: 6d5b+ (transposition): its move 3, 5e5a, is not legal",
        "ply 33: 1f2e (variation-cook): its branch (from ply 32) does not lead to ply 33",
        "bad_reports.jsonl:37) p8/3l5/RLSs5/G8/1k1p5/+p1s6/1P7/1+p7/9 b 2BGNr2gs3n2l13p 1: stated line: listed at ply "
        "10, as transposition, the finding is equal",
        "verify-oracle: 0 passed, 9 failed (0 skipped)",
    };
    CHECK_INT(r.code, 1);
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        if (!strstr(r.out, want[i]))
            test_fail(__FILE__, __LINE__, "the referee's output lacks \"%s\"", want[i]);
    fu_run_free(&r);
    fu_end();
}
