/*
 * shortest.c: the shortest mate by a descent of bounded searches (see shortest.h).
 *
 * Each question asks for a mate two plies shorter than the shortest one proven so far; a
 * proof lowers the bound to its own length, and the first disproof certifies the length.
 * That one disproof, just below the shortest length, is the costly search every answer
 * needs.  Questions further down (galloping, bisection) only add disproofs: measured on
 * 50 Zuko and Muso problems, the descent spent 6% fewer nodes than galloping (70.1 M
 * against 74.7 M at 3 M nodes a problem) and certified two more lengths, because a
 * proof's own length is mostly the shortest or close to it (in 62 of 140 solves the
 * proof's length already was, when the proof still ran under the strict rule).
 * A long mate is first shortened from its end (shortest_backward): the descent from the
 * root re-proves the whole line under each new bound, while a question asked at a position
 * of the line only searches below it, where the answers of the questions asked further
 * down are already in the table.
 * With TSUME_TRACE set in the environment every bounded search is reported on stderr
 * (phase, bound, answer, nodes, time): a developer's view of where a solve spends.
 */
#include "shortest.h"

#include <stdio.h>
#include <stdlib.h>

#include "../movegen/movegen.h"
#include "futile.h"
#include "split.h"

dfpn_result_t search_budgeted(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget)
{
    uint64_t saved = sh->local_limit;
    const char *phase = sh->phase;
    if (budget)
        sh->local_limit = sh->nodes + budget;
    uint64_t before = sh->nodes;
    double t0 = dfpn_now();
    dfpn_result_t r = dfpn_solve(sh, p, attacker, mode, len, NULL);
    if (getenv("TSUME_TRACE")) /* read each time: no state shared between batch workers */
        fprintf(stderr, "trace %s len %d mode %d: %s%s plen %d dlen %d, %llu nodes, %.2f s\n", sh->phase, len,
                (int)mode, r.status == DFPN_PROVEN ? "proven" : r.status == DFPN_DISPROVEN ? "disproven" : "unknown",
                r.unsure ? " (unsure)" : "", r.plen, r.dlen, (unsigned long long)(sh->nodes - before), dfpn_now() - t0);
    sh->local_limit = saved;
    sh->phase = phase;
    if (sh->aborted && !dfpn_global_limit_hit(sh))
        sh->aborted = false;
    return r;
}

/* One question of the descent, with the figures progress reports show. */
static dfpn_result_t ask(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget)
{
    if (sh->shortening)
        sh->asking = len;
    dfpn_result_t r = sh->split && sh->shortening && p->side == attacker
                          ? split_ask(sh, p, attacker, mode, len, budget)
                          : search_budgeted(sh, p, attacker, mode, len, budget);
    if (sh->shortening) {
        sh->asking = 0;
        /* the progress says "mate within W proven": a sure proof's W only (shortest.h) */
        if (r.status == DFPN_PROVEN && !r.unsure && (!sh->proven || r.plen < sh->proven))
            sh->proven = r.plen;
    }
    return r;
}

int shortest_mate(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int hi, uint64_t budget, bool *exact,
                  bool *proven, bool *unsure, int *sure)
{
    bool spare;
    int spare_len;
    unsure = unsure ? unsure : &spare;
    sure = sure ? sure : &spare_len;
    *exact = *unsure = false;
    *sure = LEN_NONE;
    dfpn_result_t r = ask(sh, p, attacker, mode, hi, budget);
    *proven = r.status == DFPN_PROVEN;
    if (!*proven)
        return hi;
    hi = r.plen;
    bool hi_unsure = r.unsure; /* hi itself may then be too small under the rule */
    if (!r.unsure)
        *sure = r.plen;
    int least = p->side == attacker ? 1 : 2; /* lengths from an attacker node are odd */
    while (hi > least && !sh->aborted) {
        r = ask(sh, p, attacker, mode, hi - 2, budget);
        if (r.status == DFPN_PROVEN) {
            hi = r.plen;
            hi_unsure = r.unsure;
            if (!r.unsure && r.plen < *sure)
                *sure = r.plen;
        } else {
            *unsure = hi_unsure || (r.status == DFPN_DISPROVEN && r.unsure);
            *exact = r.status == DFPN_DISPROVEN && !*unsure;
            return hi;
        }
    }
    *unsure = hi_unsure;
    *exact = hi <= least && !hi_unsure;
    return hi;
}

/* The line of the table's proof of p within len: at an attacker node the check whose
 * proof is the shortest, at a defender node the counted reply whose proof is the
 * longest.  Plays it on p and returns its plies (fewer when the table lost part of the
 * proof); keys[i] is the position before pv[i]. */
static int table_line(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, move_t *pv,
                      undo_t *undo, uint64_t *keys)
{
    int k = 0;
    for (int left = len; left > 0 && k < len; k++) {
        move_t moves[MG_MAX_MOVES];
        bool or_node = p->side == attacker;
        hand_t need = 0;
        int n = or_node ? mg_checks(p, moves) : mg_evasions(p, moves);
        if (!or_node && mode == MODE_COMPOSER)
            n = futile_filter(sh, p, attacker, moves, n, &need);
        int pick = -1, best = 0;
        for (int i = 0; i < n; i++) {
            undo_t u;
            pos_do(p, moves[i], &u);
            tt_probe_t t = dfpn_probe(sh, p, attacker, mode, left - 1);
            pos_undo(p, moves[i], &u);
            if (t.found && t.pn == 0 && (pick < 0 || (or_node ? t.plen < best : t.plen > best)))
                best = t.plen, pick = i;
        }
        if (pick < 0)
            break;
        pv[k] = moves[pick];
        keys[k] = pos_key(p);
        pos_do(p, pv[k], &undo[k]);
        left = best;
    }
    return k;
}

void shortest_backward(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget)
{
    move_t *pv = malloc(sizeof *pv * (size_t)len);
    undo_t *undo = malloc(sizeof *undo * (size_t)len);
    uint64_t *above = malloc(sizeof *above * (size_t)len);
    if (!pv || !undo || !above) {
        free(pv), free(undo), free(above);
        return;
    }
    uint64_t before = sh->nodes;
    int asked = 0, shorter = 0, k = table_line(sh, p, attacker, mode, len, pv, undo, above);
    /* Back up the line, asking at each attacker node (above[0..i) its path) for a mate
     * two plies shorter than its best proof, until one is disproven. */
    for (int i = k; i >= 0; i--) {
        if (i < k)
            pos_undo(p, pv[i], &undo[i]);
        if (p->side != attacker || sh->aborted)
            continue;
        tt_probe_t t = dfpn_probe(sh, p, attacker, mode, LEN_INF - 1);
        int r = t.found && t.pn == 0 ? t.plen : 0;
        while (r >= 3 && !sh->aborted) {
            asked++;
            dfpn_result_t q = dfpn_nested(sh, p, attacker, mode, r - 2, budget, &(dfpn_above_t){above, i});
            if (q.status != DFPN_PROVEN)
                break;
            r = q.plen;
            shorter++;
        }
    }
    if (getenv("TSUME_TRACE"))
        fprintf(stderr, "trace backward: line of %d plies, %d questions, %d proven, %llu nodes\n", k, asked, shorter,
                (unsigned long long)(sh->nodes - before));
    free(pv), free(undo), free(above);
}
