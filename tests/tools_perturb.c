/*
 * tools_perturb.c: tools/oracle/perturb.mjs, new diagrams made from problems by small
 * changes, and tools/oracle/rule-order.mjs, the three futility rules against each other
 * on any diagram (no mate against a no-mate; a narrower rule's proven length no longer).
 * Together they check the search at a problem's depth where no referee knows the answer.
 * The diagrams of a seed are pinned, each must be a position tsume accepts, and
 * rule-order must pass on them and fail on a tsume that lies (a wrapper script that
 * changes one rule's answers).  Needs node and the npm libraries of tools/oracle/setup.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front_util.h"
#include "test.h"

/* A mate in 3 and one in 25 (27 with every defence counted), with a comment line between
 * them that the tools must pass over. */
static const char FIXTURE[] = "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\t3\n"
                              "# a comment\n"
                              "4p3n/3p4p/3S1p2r/6kg1/9/5LppN/9/9/9 b RB2Gbg3s2n3l12p 1\t25\n";

/* A tsume that passes everything through except the answers of one rule, which sed
 * rewrites. */
static char *liar(const char *name, const char *rule, const char *sed)
{
    char *abs = realpath(fu_bin(), NULL);
    const char *path = fu_write(name, fu_fmt("#!/bin/sh\ncase \"$*\" in *'--futile %s'*) '%s' \"$@\" | sed '%s';;\n"
                                             "*) exec '%s' \"$@\";; esac\n",
                                             rule, abs ? abs : fu_bin(), sed, abs ? abs : fu_bin()));
    free(abs);
    char *copy = strdup(path);
    fu_run_t r = fu_shell(fu_fmt("chmod +x '%s'", copy));
    CHECK_INT(r.code, 0);
    fu_run_free(&r);
    return copy;
}

TEST(tools_perturb_rule_order)
{
    if (!fu_begin())
        return;
    char *fixture = strdup(fu_write("fixture.sfen", FIXTURE));
    fu_run_t r = fu_shell(fu_fmt("node tools/oracle/perturb.mjs --seed 5 --per 3 '%s'", fixture));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.err, "perturb: 6 diagrams\n");
    CHECK_STR(fu_line(r.out, 0), "1S1sks3/9/9/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\t-\t# fixture.sfen:1 S@5c to 8a");
    /* A gold into the attacker's hand comes out of the defender's 4. */
    CHECK_STR(fu_line(r.out, 2), "3sk+s3/9/4S4/9/9/B8/9/9/9 b GS2rb3g4n4l18p 1\t-\t# fixture.sfen:1 G into the "
                                 "attacker's hand, s@4a promoted");
    CHECK_STR(fu_line(r.out, 5), "4p3n/3p4p/3S1p2r/6kg1/9/5LppN/9/9/9 b B2Gbg3s2n3l12p 1\t-\t# fixture.sfen:3 R out "
                                 "of the attacker's hand");
    char *made = strdup(fu_write("made.sfen", r.out));
    fu_run_free(&r);
    r = fu_shell("node tools/oracle/perturb.mjs --help && node tools/oracle/rule-order.mjs --help");
    CHECK_INT(r.code, 0);
    CHECK_STR(fu_line(r.out, 0), "usage: node tools/oracle/perturb.mjs [--seed S] [--per K] FILE...");
    CHECK_STR(fu_line(r.out, 2), "usage: node tools/oracle/rule-order.mjs FILE [NODES]");
    fu_run_free(&r);
    r = fu_shell("node tools/oracle/rule-order.mjs --nodes 5 x.sfen");
    CHECK_INT(r.code, 2);
    CHECK(strstr(r.err, "rule-order: unknown option --nodes") == r.err);
    fu_run_free(&r);

    /* Every diagram is a position tsume accepts: no nifu, no piece beyond the set. */
    r = fu_shell(fu_fmt("'%s' solve --format json --jobs 1 --nodes 100000 -f '%s'", fu_bin(), made));
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.err, "summary  6 problems: solved 1, nomate 5, unknown 0, errors 0,") != NULL);
    fu_run_free(&r);
    /* The same seed on a larger file, where a careless change would give a ninth rook. */
    r = fu_shell(fu_fmt("node tools/oracle/perturb.mjs --seed 7 --per 1 problems/muso.sfen | "
                        "'%s' solve --format json --jobs 2 --nodes 1000 -f - 2>&1 | tail -1",
                        fu_bin()));
    CHECK(strstr(r.out, "summary  104 problems:") != NULL);
    CHECK(strstr(r.out, " errors 0,") != NULL);
    fu_run_free(&r);

    char *abs = realpath(fu_bin(), NULL);
    r = fu_shell(fu_fmt("TSUME='%s' node tools/oracle/rule-order.mjs '%s' 200000", abs ? abs : fu_bin(), fixture));
    free(abs);
    CHECK_INT(r.code, 0);
    /* The second is a mate in 25 under the composers' rules and 27 with every defence. */
    CHECK_STR(r.out, "2 problems: 2 mates and 0 no-mates under all three rules, 0 with some answer open, 0 not "
                     "posed; 6 pairs of proven lengths (2 shorter under the narrower rule, 4 equal), 0 proven "
                     "against a bound; 0 violations\n");
    fu_run_free(&r);

    /* The composers' rule made to report 99 plies: longer than the other two. */
    char *longer = liar("longer.sh", "delay", "s/\"plies\": [0-9]*/\"plies\": 99/");
    r = fu_shell(fu_fmt("TSUME='%s' node tools/oracle/rule-order.mjs '%s' 200000", longer, fixture));
    CHECK_INT(r.code, 1);
    CHECK(strstr(r.out, ":1  delay 99 is longer than capture 3  3sks3/") != NULL);
    CHECK(strstr(r.out, ":3  delay 99 is longer than none 27  4p3n/") != NULL);
    CHECK(strstr(r.out, "4 violations\n") != NULL);
    fu_run_free(&r);
    /* Every defence counted, made to find no mate where the others find one. */
    char *nomate = liar("nomate.sh", "none", "s/\"status\": \"mate\"/\"status\": \"nomate\"/");
    r = fu_shell(fu_fmt("TSUME='%s' node tools/oracle/rule-order.mjs '%s' 200000", nomate, fixture));
    CHECK_INT(r.code, 1);
    CHECK(strstr(r.out, ":1  answers delay mate, capture mate, none nomate  3sks3/") != NULL);
    fu_run_free(&r);

    free(fixture), free(made), free(longer), free(nomate);
    fu_end();
}
