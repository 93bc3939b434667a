/*
 * shortest.c: the shortest mate by bisection of bounded searches (see shortest.h).
 *
 * A proof lowers hi to the length it found, a disproof raises lo.  The questions start
 * just below hi and go down in doubling steps (galloping) while they are proven; the
 * first disproof fixes lo and the gap is halved from then on.  Disproofs are the costly
 * answers, and a disproof far below the shortest length costs about as much as the proof
 * itself, so the questions stay near hi, where the one disproof that certifies the
 * length has to be found anyway; a proof's own length is mostly close to the shortest.
 * When a question runs out of budget the walk falls back to two plies below hi, where a
 * proof is often cheap and a disproof is not.
 * With TSUME_TRACE set in the environment every bounded search is reported on stderr
 * (phase, bound, answer, nodes, time): a developer's view of where a solve spends.
 */
#include "shortest.h"

#include <stdio.h>
#include <stdlib.h>

dfpn_result_t search_budgeted(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget)
{
    uint64_t saved = sh->local_limit;
    const char *phase = sh->phase;
    if (budget)
        sh->local_limit = sh->nodes + budget;
    uint64_t before = sh->nodes;
    double t0 = dfpn_now();
    dfpn_result_t r = dfpn_solve(sh, p, attacker, mode, len);
    if (getenv("TSUME_TRACE")) /* read each time: no state shared between batch workers */
        fprintf(stderr, "trace %s len %d mode %d: %s plen %d dlen %d, %llu nodes, %.2f s\n", sh->phase, len, (int)mode,
                r.status == DFPN_PROVEN ? "proven" : r.status == DFPN_DISPROVEN ? "disproven" : "unknown", r.plen, r.dlen,
                (unsigned long long)(sh->nodes - before), dfpn_now() - t0);
    sh->local_limit = saved;
    sh->phase = phase;
    if (sh->aborted && !dfpn_global_limit_hit(sh))
        sh->aborted = false;
    return r;
}

int shortest_mate(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int hi, uint64_t budget, bool *exact, bool *proven)
{
    *exact = false;
    dfpn_result_t r = search_budgeted(sh, p, attacker, mode, hi, budget);
    *proven = r.status == DFPN_PROVEN;
    if (!*proven)
        return hi;
    hi = r.plen;
    int parity = p->side == attacker ? 1 : 0; /* lengths from an attacker node are odd */
    int lo = parity ? 1 : 2;
    int step = 2;          /* how far below hi the next question goes, until a disproof */
    bool bisect = false;   /* a disproof has raised lo: halve the gap from then on */
    bool stepping = false; /* a question ran out of budget: two plies below hi only */
    while (lo < hi && !sh->aborted) {
        int mid = stepping ? hi - 2 : bisect ? (lo + hi) / 2 : hi - step;
        if ((mid & 1) != parity)
            mid--;
        if (mid >= hi)
            mid = hi - 2;
        if (mid < lo)
            mid = lo;
        r = search_budgeted(sh, p, attacker, mode, mid, budget);
        if (r.status == DFPN_PROVEN) {
            hi = r.plen;
            if (!bisect)
                step *= 2;
        } else if (r.status == DFPN_DISPROVEN) {
            /* The table may know a longer bound than the one asked. */
            int d = r.dlen > mid && r.dlen < hi ? r.dlen : mid;
            lo = (d + 1) % 2 == parity ? d + 1 : d + 2;
            bisect = true;
        } else if (!stepping && mid < hi - 2) {
            stepping = true;
        } else {
            break;
        }
    }
    *exact = lo >= hi;
    return hi;
}
