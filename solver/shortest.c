/*
 * shortest.c: the shortest mate by bisection of bounded searches (see shortest.h).
 *
 * A proof's own length can be far from the shortest (a long detour proves a mate as well
 * as a short one), which is why the search does not step down two plies at a time: a
 * proof lowers hi to the length it found, a disproof raises lo.  When a bisection step
 * runs out of budget the walk falls back to two plies below hi, where a proof is often
 * cheap and a disproof is not.
 */
#include "shortest.h"

dfpn_result_t search_budgeted(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget)
{
    uint64_t saved = sh->local_limit;
    const char *phase = sh->phase;
    if (budget)
        sh->local_limit = sh->nodes + budget;
    dfpn_result_t r = dfpn_solve(sh, p, attacker, mode, len);
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
    bool stepping = false;
    while (lo < hi && !sh->aborted) {
        int mid = stepping ? hi - 2 : (lo + hi) / 2;
        if ((mid & 1) != parity)
            mid--;
        if (mid >= hi)
            mid = hi - 2;
        if (mid < lo)
            mid = lo;
        r = search_budgeted(sh, p, attacker, mode, mid, budget);
        if (r.status == DFPN_PROVEN)
            hi = r.plen;
        else if (r.status == DFPN_DISPROVEN)
            lo = mid + 2;
        else if (!stepping && mid < hi - 2)
            stepping = true;
        else
            break;
    }
    *exact = lo >= hi;
    return hi;
}
