/*
 * tools_sweep.c: tools/limit-sweep.mjs, tsume's answers under limits drawn at random held
 * against a reference run's.  On a reference of its own (a mate in 3, one in 25 and a
 * no-mate, solved and verified without limits), a seed's runs pass on tsume and fail on a
 * tsume that lies (a wrapper that turns every answer into a no-mate, every check into
 * "no", every sound verdict into cooked).  Needs node (not the npm libraries).
 */
#include <stdlib.h>
#include <string.h>

#include "front_util.h"
#include "test.h"

/* A mate in 3, a mate in 25 (27 with every defence counted) and a no-mate: the classic
 * mate's silver taken out of the attacker's hand. */
static const char FIXTURE[] = "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1\t3\n"
                              "# a comment\n"
                              "4p3n/3p4p/3S1p2r/6kg1/9/5LppN/9/9/9 b RB2Gbg3s2n3l12p 1\t25\n"
                              "3sks3/9/4S4/9/9/B8/9/9/9 b 2rb4g4n4l18p 1\t-\n";

TEST(tools_limit_sweep)
{
    if (!fu_begin())
        return;
    char *fixture = strdup(fu_write("fixture.sfen", FIXTURE));
    char *ref = strdup(fu_path("ref.jsonl"));
    fu_run_t r = fu_shell(fu_fmt("'%s' solve --format json --jobs 1 -f '%s' > '%s'", fu_bin(), fixture, ref));
    CHECK_INT(r.code, 0);
    fu_run_free(&r);

    r = fu_shell("node tools/limit-sweep.mjs --help");
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.out, "usage: node tools/limit-sweep.mjs [--seed S]") == r.out);
    fu_run_free(&r);
    r = fu_shell(fu_fmt("node tools/limit-sweep.mjs --problems '%s'", fixture));
    CHECK_INT(r.code, 2); /* --problems without --ref */
    fu_run_free(&r);

    char *abs = realpath(fu_bin(), NULL);
    const char *bin = abs ? abs : fu_bin();
    r = fu_shell(fu_fmt("TSUME='%s' node tools/limit-sweep.mjs --seed 3 --runs 16 --problems '%s' --ref '%s'", bin,
                        fixture, ref));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, "16 passed, 0 failed\n");
    fu_run_free(&r);
    char *vref = strdup(fu_path("vref.jsonl"));
    r = fu_shell(fu_fmt("'%s' verify --format json --jobs 1 -f '%s' > '%s'", fu_bin(), fixture, vref));
    CHECK_INT(r.code, 5); /* a no-mate is unsound */
    fu_run_free(&r);
    r = fu_shell(fu_fmt("TSUME='%s' node tools/limit-sweep.mjs --kind verify --seed 3 --runs 8 --problems '%s' --ref '%s'",
                        bin, fixture, vref));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, "8 passed, 0 failed\n");
    fu_run_free(&r);

    /* Every status a no-mate, every check's answer "no": the mates' solves and the bounds
     * at or past their lengths fail. */
    const char *liar = fu_write("liar.sh", fu_fmt("#!/bin/sh\n'%s' \"$@\" | sed -e 's/\"status\": \"mate\"/\"status\": "
                                                  "\"nomate\"/' -e 's/\"answer\": \"yes\"/\"answer\": \"no\"/' "
                                                  "-e 's/\"verdict\": \"sound\"/\"verdict\": \"cooked\"/'\n",
                                                  bin));
    char *liar_path = strdup(liar);
    r = fu_shell(fu_fmt("chmod +x '%s'", liar_path));
    CHECK_INT(r.code, 0);
    fu_run_free(&r);
    r = fu_shell(fu_fmt("TSUME='%s' node tools/limit-sweep.mjs --seed 3 --runs 16 --problems '%s' --ref '%s'",
                        liar_path, fixture, ref));
    CHECK_INT(r.code, 1);
    CHECK(strstr(r.out, "FAIL fixture.sfen:1: no mate, the bench's mate in 3\n") != NULL);
    CHECK(strstr(r.out, "FAIL fixture.sfen:3: within 25: no, the bench's 25\n") != NULL ||
          strstr(r.out, "FAIL fixture.sfen:3: within 27: no, the bench's 25\n") != NULL ||
          strstr(r.out, "FAIL fixture.sfen:3: within 29: no, the bench's 25\n") != NULL);
    CHECK(strstr(r.out, " failed\n") != NULL && strstr(r.out, " 0 failed\n") == NULL);
    fu_run_free(&r);
    /* A sound problem called cooked under a limit is wrong; the no-mate still passes. */
    r = fu_shell(fu_fmt("TSUME='%s' node tools/limit-sweep.mjs --kind verify --seed 3 --runs 8 --problems '%s' --ref '%s'",
                        liar_path, fixture, vref));
    CHECK_INT(r.code, 1);
    CHECK(strstr(r.out, "FAIL fixture.sfen:1: cooked, the reference's sound\n") != NULL ||
          strstr(r.out, "FAIL fixture.sfen:3: cooked, the reference's sound\n") != NULL);
    CHECK(strstr(r.out, " passed, ") != NULL && strstr(r.out, "\n0 passed, ") == NULL && strncmp(r.out, "0 passed", 8));
    fu_run_free(&r);

    free(abs), free(fixture), free(ref), free(vref), free(liar_path);
    fu_end();
}
