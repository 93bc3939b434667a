/*
 * solver_progress.c: the progress reports a solve makes while it runs (solve_progress_t,
 * solver_progress): the phase, the shortest mate proven so far and the question the
 * shortening is on.  Reports come by the clock (about every 100 ms), so the checks hold
 * for whichever reports arrive; the problem is chosen so that its shortening, the part
 * under test, runs for about two seconds.
 */
#include <string.h>

#include "../movegen/sfen.h"
#include "../solver/solver.h"
#include "test.h"

/* Shogi Zuko 第37番 (problems/zuko.sfen): its 23-ply mate is proven in about 0.2 M nodes;
 * the question "a mate within 21?" then takes far more than the limit below. */
#define ZUKO37 "1R7/9/g1+P6/+P2s5/1+bk+pg4/GN1Rl4/Pn+p6/3S5/9 b B2N3Pg2s3l10p 1"

typedef struct {
    solver_t *s;
    int reports, shortening, asking_21;
    int last_proven;
    bool bad_phase, bad_bound, grew, live_differs;
} seen_t;

static void on_report(const solve_progress_t *pi, void *arg)
{
    seen_t *seen = arg;
    seen->reports++;
    const char *ph = pi->phase ? pi->phase : "";
    if (strcmp(ph, "proof") && strcmp(ph, "shortest") && strcmp(ph, "line"))
        seen->bad_phase = true;
    if (pi->asking) {
        seen->shortening++;
        /* The descent asks first for the proof's own length, then two plies below the
         * shortest mate proven, and only in the shortest phase. */
        if (strcmp(ph, "shortest") || (pi->asking != pi->proven && pi->asking != pi->proven - 2) || pi->asking % 2 == 0)
            seen->bad_bound = true;
        seen->asking_21 += pi->proven == 23 && pi->asking == 21;
    }
    if (pi->proven && seen->last_proven && pi->proven > seen->last_proven)
        seen->grew = true;
    if (pi->proven)
        seen->last_proven = pi->proven;
    /* What another thread reads is what this report says. */
    solve_progress_t live;
    if (!solver_progress(seen->s, &live) || live.nodes != pi->nodes || live.asking != pi->asking ||
        live.proven != pi->proven)
        seen->live_differs = true;
}

TEST(solver_progress_reports)
{
    pos_t p;
    char err[SFEN_ERR_MAX];
    if (!sfen_parse(&p, ZUKO37, SFEN_STRICT, err, sizeof err)) {
        test_fail(__FILE__, __LINE__, "%s", err);
        return;
    }
    seen_t seen = {.s = solver_new(64)};
    solve_progress_t live;
    CHECK(!solver_progress(seen.s, &live)); /* idle */
    solve_opts_t o;
    solve_opts_default(&o);
    o.node_limit = 1000000;
    o.progress = on_report;
    o.progress_arg = &seen;
    solve_result_t r;
    solver_solve(seen.s, &p, &o, &r);
    CHECK_INT(r.status, SOLVE_MATE);
    CHECK_INT(r.within, 23);
    CHECK(!r.shortest);
    CHECK(seen.reports > 0);
    CHECK(seen.shortening > 0);
    CHECK(seen.asking_21 > 0);
    CHECK(!seen.bad_phase);
    CHECK(!seen.bad_bound);
    CHECK(!seen.grew);
    CHECK(!seen.live_differs);
    CHECK_INT(seen.last_proven, 23);
    CHECK(!solver_progress(seen.s, &live)); /* idle again once the answer is out */
    solve_result_free(&r);
    solver_free(seen.s);
}
