/*
 * dfpn_child.c: a new child's first numbers, from the table or from one more ply.
 *
 * A new child gets its initial numbers from one more ply of look-ahead (df-pn+ style): an
 * attacker's check is scored by the defender's replies, a chain of delayed
 * interpositions counting once (delay.h), and is proven at once when there are none; a
 * defender's reply is tried for a mate in one and scored by the attacker's number of
 * checks (and as twice as hard to prove when it captures, which mid() adds).
 *
 * A child the look-ahead decides (no reply, no check, a mate in one, nothing left within a
 * bound of one ply) is stored in the table at once; an undecided one's numbers go to the
 * look-ahead cache (estimate.h).  mid() (dfpn.c) fills the children of a node it expands,
 * each with its move played; at a defender node only until a reply refutes it on
 * creation (refutes_at_creation), so a reply left uncreated has no look-ahead stored.
 */
#include "../movegen/mate1.h"
#include "../movegen/movegen.h"
#include "delay.h"
#include "dfpn_internal.h"
#include "futile.h"
#include "hand.h"

hand_t dfpn_mated_proof_hand(const dfpn_t *d, hand_t need)
{
    return hand_max(hand_monopoly(d->pos, attacker_hand(d)), need);
}

hand_t dfpn_nocheck_disproof_hand(const dfpn_t *d) { return hand_cap_for_check_drops(d->pos, hand_full()); }

/* Whether one of the checks (d->pos: attacker to move; the checks mg_mate_candidates
 * left) mates: on the board, or with futile, by leaving only futile replies.  A mate on
 * the board is preferred; of either kind the first in the list is taken.  If so c holds
 * the proof, also stored. */
static bool mate_in_one(dfpn_t *d, child_t *c, const move_t *checks, int n, bool futile)
{
    pos_t *p = d->pos;
    int found = -1;
    hand_t found_ph = 0;
    for (int i = 0; i < n; i++) {
        undo_t u;
        pos_do(p, checks[i], &u);
        mg_evasion_class_t replies = mg_evasion_class(p);
        bool board = replies == MG_EVADE_NONE;
        hand_t need = 0;
        /* Only a check met by interpositions alone can leave only futile replies. */
        if (board || (futile && found < 0 && replies == MG_EVADE_BETWEEN &&
                      futile_all_replies(d->sh, p, d->attacker, NULL, 0, &need))) {
            found = i;
            found_ph = dfpn_mated_proof_hand(d, need);
        }
        pos_undo(p, checks[i], &u);
        if (board)
            break;
    }
    if (found < 0)
        return false;
    c->pn = 0, c->dn = PN_INF, c->plen = 1, c->hand = hand_before_move(p, checks[found], found_ph);
    tt_store_proof(d->sh->tt, dfpn_tt_key(d), c->hand, hand_full(), 1, checks[found], 1, false, false);
    return true;
}

/* Fills child c (whose move has just been played: d->pos is the child) from the table or
 * from a look-ahead of one ply.  len is the child's bound. */
void dfpn_init_child(dfpn_t *d, child_t *c, int len)
{
    pos_t *p = d->pos;
    c->rep = REP_NONE;
    c->plen = LEN_NONE;
    c->dlen = DLEN_NONE;
    c->hand = c->hi = attacker_hand(d);
    c->lo = 0;
    c->pending = c->tried = c->futile = c->exact = c->unsure = c->doubt = c->simmed = false;
    int at = dfpn_path_find(d, pos_key(p));
    if (at >= 0) {
        c->pn = PN_INF, c->dn = 0, c->rep = at, c->dlen = LEN_INF;
        return;
    }
    tt_probe_t t = tt_probe(d->sh->tt, dfpn_tt_key(d), attacker_hand(d), len);
    if (t.found) {
        c->pn = t.pn, c->dn = t.dn;
        c->exact = t.exact;
        c->unsure = t.unsure;
        if (t.pn == 0)
            c->plen = (int16_t)t.plen, c->hand = t.hand, c->hi = t.hi;
        else if (t.dn == 0)
            c->dlen = (int16_t)t.dlen, c->hand = t.hand, c->lo = t.lo;
        if (t.pn == 0 || t.dn == 0)
            return;
    }
    if (dfpn_path_disproven(d, c, len))
        return;
    if (t.found)
        return;
    /* Undecided look-aheads from earlier visits (estimate.h). */
    uint64_t ekey = p->board_key ^ d->salt;
    if (len >= 2 && est_get(d->sh->est_cache, dfpn_est_bits(d->sh), p, ekey, &c->pn, &c->dn))
        return;
    bool child_or = p->side == d->attacker;
    if (!child_or) {
        /* The child is a defender node: count its replies (below a bound of 2 only
         * whether there is one matters), drops onto one square once: the df-pn+
         * estimate of how hard the check is to prove. */
        move_t ev[MG_MAX_MOVES];
        int n;
        hand_t need = 0;
        uint32_t est = 1;
        bool listed = len >= 2;
        if (listed) {
            n = mg_evasions(p, ev);
            est = (uint32_t)delay_groups(p, ev, n);
        } else {
            n = mg_has_evasion(p) ? 1 : 0;
        }
        if (d->mode == MODE_COMPOSER && n > 0 &&
            futile_all_replies(d->sh, p, d->attacker, listed ? ev : NULL, n, &need))
            n = 0;
        if (n == 0) {
            c->pn = 0, c->dn = PN_INF, c->plen = 0, c->hand = dfpn_mated_proof_hand(d, need);
            tt_store_proof(d->sh->tt, dfpn_tt_key(d), c->hand, hand_full(), 0, MOVE_NONE, 1, false, false);
        } else if (len < 2) {
            c->pn = PN_INF, c->dn = 0, c->dlen = (int16_t)len, c->hand = attacker_hand(d);
        } else {
            c->pn = est, c->dn = 1;
            est_put(d->sh->est_cache, dfpn_est_bits(d->sh), p, ekey, c->pn, c->dn);
        }
        return;
    }
    /* The child is an attacker node: look for a mate in one. */
    move_t checks[MG_MAX_MOVES];
    bb_t flights = mg_king_flights(p);
    int n, m = mg_mate_candidates(p, flights, checks, &n);
    if (n == 0) {
        c->pn = PN_INF, c->dn = 0, c->dlen = LEN_INF, c->hand = dfpn_nocheck_disproof_hand(d);
        tt_store_disproof(d->sh->tt, dfpn_tt_key(d), c->hand, 0, LEN_INF, MOVE_NONE, 1, false, false);
        return;
    }
    if (len < 1) {
        c->pn = PN_INF, c->dn = 0, c->dlen = (int16_t)len, c->hand = hand_full();
        return;
    }
    /* A mate on the board is a mate under either rule.  With a bound of one ply the
     * mate must come now: under the composers' rule a check whose every reply is futile
     * mates too (the capture test: no room is left for the delay rule's witness), and
     * without any such check the child is disproven here, not by a search of its own.
     * A check that leaves the king a certain flight mates under neither rule. */
    if (mate_in_one(d, c, checks, m, len == 1 && d->mode == MODE_COMPOSER))
        return;
    if (len == 1) {
        c->pn = PN_INF, c->dn = 0, c->dlen = 1, c->hand = hand_cap_for_check_drops(p, attacker_hand(d));
        tt_store_disproof(d->sh->tt, dfpn_tt_key(d), c->hand, 0, 1, MOVE_NONE, 1, false, false);
        return;
    }
    c->pn = 1, c->dn = (uint32_t)n;
    est_put(d->sh->est_cache, dfpn_est_bits(d->sh), p, ekey, c->pn, c->dn);
}
