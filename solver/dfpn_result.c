/*
 * dfpn_result.c: what a decided node reports, from its children's results.
 *
 * mid() (dfpn.c) decides a node when its own number reaches 0; what it then stores is
 * built here: the length (an attacker's shortest proven check, a defender's longest
 * reply), the hand the result was found with, and for exact results the range of hands
 * it holds for (hand.h, tt.h).  A proof's hand is the least the attacker needs: at an
 * attacker node the chosen check's need before the move, at a defender node the most
 * any reply needs.  A disproof's is the most the attacker may hold: at an attacker node
 * the least over the checks, at a defender node the refuting reply's, capped when the
 * verdict weighs this very hand (a delay-rule test, an interposition that more pieces
 * might make futile, a drop of a piece the defender must still own).
 *
 * Invariant: these read the children only; the node's numbers and its path come from
 * mid(), and nothing here searches.
 */
#include "../movegen/movegen.h"
#include "dfpn_internal.h"
#include "futile.h"
#include "hand.h"

/* The largest hand a proven child's result holds for. */
static inline hand_t child_hi(const child_t *c) { return c->exact || c->futile ? c->hi : hand_full(); }

static move_t attacker_proven(const dfpn_t *d, const child_t *ch, int n, node_result_t *res)
{
    const pos_t *p = d->pos;
    int k = -1;
    for (int i = 0; i < n; i++)
        if (ch[i].pn == 0 && (k < 0 || ch[i].plen < ch[k].plen))
            k = i;
    res->plen = ch[k].plen + 1;
    res->exact = ch[k].exact;
    res->unsure = ch[k].unsure;
    res->hand = res->exact ? attacker_hand(d) : hand_before_move(p, ch[k].move, ch[k].hand);
    res->hi = res->exact ? hand_before_move(p, ch[k].move, ch[k].hi) : hand_full();
    return ch[k].move;
}

static move_t defender_proven(const dfpn_t *d, const child_t *ch, int n, hand_t need, node_result_t *res,
                              move_t best)
{
    int longest = 0;
    hand_t h = 0, hi = hand_full();
    for (int i = 0; i < n; i++) {
        if (ch[i].plen > longest)
            longest = ch[i].plen, best = ch[i].move;
        h = hand_max(h, ch[i].hand);
        hi = hand_min(hi, child_hi(&ch[i]));
        res->exact |= ch[i].exact || ch[i].futile;
        /* A reply that counted despite a stopped test only makes plen an
         * upper bound, as a proof's plen always is; one left out may not be. */
        res->unsure |= ch[i].unsure || (ch[i].futile && ch[i].doubt);
    }
    res->plen = longest + 1;
    res->hand = res->exact ? attacker_hand(d) : hand_max(h, dfpn_mated_proof_hand(d, need));
    res->hi = res->exact ? hi : hand_full();
    return best;
}

move_t dfpn_proven(const dfpn_t *d, const child_t *ch, int n, hand_t need, node_result_t *res, move_t fallback)
{
    move_t best = d->pos->side == d->attacker ? attacker_proven(d, ch, n, res)
                                              : defender_proven(d, ch, n, need, res, fallback);
    res->rep = REP_NONE;
    return best;
}

static void attacker_disproven(const dfpn_t *d, const child_t *ch, int n, node_result_t *res)
{
    const pos_t *p = d->pos;
    int rep = REP_NONE, shortest = LEN_INF;
    hand_t h = hand_full(), lo = 0;
    for (int i = 0; i < n; i++) {
        if (ch[i].rep < rep)
            rep = ch[i].rep;
        if (ch[i].dlen < shortest)
            shortest = ch[i].dlen;
        h = hand_min(h, hand_before_move(p, ch[i].move, ch[i].hand));
        lo = hand_max(lo, hand_lo_before_move(p, ch[i].move, ch[i].lo));
        res->unsure |= ch[i].unsure;
    }
    res->rep = rep;
    res->dlen = shortest >= LEN_INF ? LEN_INF : shortest + 1;
    /* A range from the empty hand is a monotone disproof.  An exact child's top
     * is the hand it was reached with, so with one h comes to our own hand and
     * the disproof reaches no higher. */
    res->exact = lo != 0;
    res->lo = lo;
    res->hand = res->exact ? attacker_hand(d) : hand_cap_for_check_drops(p, h);
}

static move_t defender_disproven(const dfpn_t *d, const child_t *ch, int n, int len, bool delay,
                                 node_result_t *res)
{
    const pos_t *p = d->pos;
    int k = dfpn_refutation(ch, n);
    res->rep = ch[k].rep;
    res->dlen = ch[k].dlen >= LEN_INF ? LEN_INF : ch[k].dlen + 1;
    hand_t h = ch[k].hand;
    square_t checker;
    res->lo = ch[k].exact || (delay && ch[k].tried) ? ch[k].lo : 0;
    res->exact = res->lo != 0;
    res->unsure = ch[k].unsure || ch[k].doubt;
    if (delay && ch[k].tried && res->dlen > len)
        res->dlen = len; /* the test was made at this bound only: at a larger one
                            the reply may be futile though it is as long */
    if (res->exact) {
        /* The delay test weighs this reply against the others: with another
         * attacker hand either way the verdict may differ. */
        h = attacker_hand(d);
    } else if (d->mode == MODE_COMPOSER && futile_is_interposition(p, ch[k].move, &checker)) {
        /* With more attacker pieces this interposition might turn futile. */
        h = attacker_hand(d);
    } else if (mv_is_drop(ch[k].move)) {
        /* The defender must still own the piece it dropped.  (Only under
         * --futile none: under the composers' rules every defender's drop is an
         * interposition, taken by the branch above.) */
        ptype_t pt = mv_drop_pt(ch[k].move);
        int have = hand_count(attacker_hand(d), pt);
        if (hand_count(h, pt) > have)
            h = hand_set(h, pt, have);
    }
    res->hand = h;
    return ch[k].move;
}

move_t dfpn_disproven(const dfpn_t *d, const child_t *ch, int n, int len, bool delay, node_result_t *res,
                      move_t fallback)
{
    if (d->pos->side == d->attacker) {
        attacker_disproven(d, ch, n, res);
        return fallback;
    }
    return defender_disproven(d, ch, n, len, delay, res);
}
