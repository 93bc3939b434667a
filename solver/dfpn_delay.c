/*
 * dfpn_delay.c: the composers' delay rule (futile.h) as the df-pn search applies it at a
 * defender node.
 *
 * A reply that interposes and is not mated within the child's bound is tested for the
 * capture half of the rule (nested bounded searches) when the node would be disproven by
 * it, and only then: while another reply refutes the node as well, no test is made.
 * When the test fails the reply counts, as under any rule; when it passes the reply
 * waits, pending, until every other reply is proven, and then a witness (another reply
 * mated in exactly len - 1) is looked for: with one, the pending replies stop counting
 * and the node is proven; without one they count, and the node stays disproven.  A
 * verdict left to a stopped search (or resting on such a verdict further down) marks the
 * reply (doubt), and through it the results that rest on it (unsure, dfpn.h): lengths
 * they decide are not certified, never wrong.
 *
 * A proof that leaves a reply out this way is exact (tt.h): with more attacker pieces
 * the witness may be mated sooner and stop being one.  It still holds for every attacker
 * hand from its own up to a largest, hi: the defender then has the same replies or fewer
 * (its hand only shrinks), each counted one is mated by its own proof (whose range
 * bounds hi), and each left-out one is still futile if both positions of its capture
 * test stay in their proofs' ranges (the kept one holds the captured piece more) and the
 * witness stays one: its disproof "not within len - 3" holds up to its disproof hand,
 * and a dropped witness needs the defender to keep a piece of its kind.  An attacker's
 * node takes its check's range, moved back over the check (proof_before).  In particular,
 * the test's kept position then mostly finds the handed-back one's proof in the table,
 * the same board with one piece more: Zuko and Muso at the bench's limits took 2.9%
 * fewer nodes (338,657,814 against 348,688,679), 177 lengths proven against 176.
 *
 * A disproof that rests on such a reply counting is exact too (with more attacker
 * pieces the reply may turn futile), and holds for every attacker hand from a smallest,
 * lo, up to its own: the defender then has the same replies or more, and the reply
 * still counts.  When its capture test failed, the test's failing positions stay
 * disproven down to their disproofs' bottoms (monotone ones: every hand, so that the
 * disproof is a plain one).  When it counted for want of a witness, none may appear:
 * every other reply keeps its proof within len - 3 (lo covers its proof hand), and no
 * reply comes in that the attacker's pieces kept out (the futile ones' proof hands,
 * and drops of pieces the defender lacks: hand_monopoly).  The reply itself stays
 * disproven down to its own disproof's bottom; an attacker's node takes the largest of
 * its checks' bottoms, moved back over the check.  Checked against searches of their
 * own: the 14,827 disproofs of Zuko 第98番's "within 29" with a bottom below their own
 * hand, each hand with a piece fewer and the bottom itself solved on a fresh table,
 * 33,875 positions, none mated.  Zuko and Muso at the bench's limits: 1.7% fewer nodes
 * (339,069,669 against 344,976,860), 177 lengths proven against 176.
 */
#include "../movegen/movegen.h"
#include "dfpn_internal.h"
#include "futile.h"
#include "hand.h"

/* Whether the delay rule applies at this defender node: composer mode under that rule,
 * and a real length bound (an unbounded question never finds the witness). */
bool dfpn_delay_node(const dfpn_t *d, bool or_node, int len)
{
    return !or_node && d->mode == MODE_COMPOSER && d->sh->futile == FUTILE_DELAY && dfpn_bounded(len);
}

/* The capture half of the rule for a long interposition (not mated within the child
 * bound): when it fails, the reply counts and the node is disproven as before; when it
 * passes, the reply waits (pending) until every other reply is proven and a witness is
 * looked for.  failed: drop squares whose handed-back position failed. */
static void mark_pending(dfpn_t *d, child_t *c, int len, bb_t *failed)
{
    square_t checker;
    if (c->dn != 0 || c->tried || c->pending || !futile_is_interposition(d->pos, c->move, &checker))
        return;
    dfpn_shared_t *sh = d->sh;
    bool drop = mv_is_drop(c->move), square_fails = false, unsure = false;
    hand_t hi = attacker_hand(d), lo = 0;
    int v = drop && bb_has(*failed, mv_to(c->move))
                ? 0
                : futile_delay_capture(sh, d->pos, d->attacker, c->move, len, &square_fails, &unsure, &hi, &lo);
    if (sh->aborted) {
        c->pending = true; /* untested: the search stops, and the node stays undecided */
        return;
    }
    if (drop && square_fails && !unsure && lo == 0)
        *failed |= bb_sq(mv_to(c->move));
    c->doubt = v < 0 || unsure;
    sh->delay_stops += v < 0;
    if (v == 1)
        c->pending = true, c->hi = hi;
    else
        c->tried = true, c->lo = hand_max(c->lo, v == 0 ? lo : attacker_hand(d));
}

/* The node (dfpn_delay_node) has a disproven reply.  The refutation it would report
 * (dfpn_refutation) is tested now if it is an untested interposition; true says a reply
 * changed and the node must look again.  So the replies are tested in the order they
 * would be reported, until one counts: for the same verdicts the node's result is the
 * one of testing every disproven interposition as it appears, as the search did before.
 * That made 12.4 M tests in Zuko 第98番 (path disproofs, which hang on positions above,
 * leave many replies disproven at once), and its question "none within 29" ran past
 * 2.6 M nodes; tested this way it takes 0.51 M. */
bool dfpn_refutation_untested(dfpn_t *d, size_t base, int n)
{
    child_t *ch = frame(d, base);
    int k = dfpn_refutation(ch, n);
    square_t checker;
    return k >= 0 && !ch[k].tried && futile_is_interposition(d->pos, ch[k].move, &checker);
}

bool dfpn_test_refutation(dfpn_t *d, size_t base, int n, int len, bb_t *failed)
{
    if (!dfpn_refutation_untested(d, base, n))
        return false;
    mark_pending(d, &frame(d, base)[dfpn_refutation(frame(d, base), n)], len, failed);
    return true;
}

/* The largest attacker hand for which witness c still is one: its disproof "not within
 * len - 3" holds up to dh, and a drop needs the defender to keep a piece of its type. */
static hand_t witness_hi(const dfpn_t *d, const child_t *c, hand_t dh)
{
    if (mv_is_drop(c->move)) {
        ptype_t pt = mv_drop_pt(c->move);
        int spare = hand_count(d->pos->hand[d->pos->side], pt) - 1 + hand_count(attacker_hand(d), pt);
        if (hand_count(dh, pt) > spare)
            dh = hand_set(dh, pt, spare);
    }
    return dh;
}

/* Whether witness c, when it interposes, stays a reply that counts for every attacker
 * hand up to hi.  Within 2 plies no disproof bounds its range, but with fewer defender
 * pieces an interposition may turn futile under the capture rule (futile.h: taken, and
 * the defender mated on the spot), and then it is no witness (a review).  That verdict
 * can only go from counting to futile as the defender's hand shrinks (fewer pieces,
 * fewer replies after each capture), so it is asked once, with the attacker holding hi
 * and the defender the rest. */
static bool interposer_stays(dfpn_t *d, const child_t *c, hand_t hi)
{
    square_t checker;
    if (!futile_is_interposition(d->pos, c->move, &checker))
        return true;
    pos_t q = *d->pos;
    color_t a = d->attacker, df = opp(a);
    for (ptype_t pt = PAWN; pt <= GOLD; pt++)
        for (int more = hand_count(hi, pt) - hand_count(q.hand[a], pt); more > 0 && hand_has(q.hand[df], pt); more--) {
            pos_hand_remove(&q, df, pt);
            pos_hand_add(&q, a, pt);
        }
    move_t m = c->move;
    hand_t need = 0;
    return futile_filter(d->sh, &q, a, &m, 1, &need) == 1;
}

/* A reply of the node (p: defender to move, bound len) that is mated in exactly len - 1
 * plies: proven within len - 1 and not within len - 3.  Index, or -1.  *unsure: the
 * witness rests on a stopped test, or without one a search was stopped.  *hi: with a
 * witness, the largest hand it stays one for.  *lo: without one, the smallest hand
 * down to which none appears: each other reply keeps its proof within len - 3 (its
 * proof hand), and no reply the defender would gain with fewer attacker pieces (ones
 * left out as futile, need, and drops of pieces it lacks) comes in. */
static int find_witness(dfpn_t *d, size_t base, int n, int len, hand_t need, bool *unsure, hand_t *hi, hand_t *lo)
{
    dfpn_shared_t *sh = d->sh;
    *unsure = false;
    *hi = attacker_hand(d);
    *lo = hand_max(hand_monopoly(d->pos, attacker_hand(d)), need);
    for (int i = 0; i < n; i++) {
        child_t *c = frame(d, base) + i;
        if (c->pn != 0 || c->futile)
            continue;
        if (c->plen <= len - 3) {
            /* no witness, unless an unsure proof's length is too small (a review) */
            *unsure |= c->unsure;
            *lo = hand_max(*lo, c->exact ? attacker_hand(d) : c->hand);
            continue;
        }
        if (len - 3 < 0) {
            *unsure = c->unsure;
            *hi = witness_hi(d, c, hand_full());
            if (!interposer_stays(d, c, *hi))
                *hi = attacker_hand(d);
            return i;
        }
        pos_t q = *d->pos;
        undo_t u;
        pos_do(&q, c->move, &u);
        dfpn_result_t r = dfpn_nested(sh, &q, d->attacker, d->mode, len - 3, futile_delay_budget(sh), NULL);
        if (r.status == DFPN_DISPROVEN) {
            *unsure = c->unsure || r.unsure;
            *hi = witness_hi(d, c, r.exact ? attacker_hand(d) : r.hand);
            return i;
        }
        if (r.status == DFPN_UNKNOWN || r.unsure)
            *unsure = true;
        *lo = hand_max(*lo, r.status == DFPN_PROVEN && !r.exact ? r.hand : attacker_hand(d));
        sh->delay_stops += r.status == DFPN_UNKNOWN && !sh->aborted;
    }
    return -1;
}

/* Every other reply is proven: with a witness the pending interpositions stop counting,
 * without one they count (and stay disproven). */
void dfpn_resolve_pending(dfpn_t *d, size_t base, int n, int len, hand_t need)
{
    bool unsure;
    hand_t w_hi, w_lo;
    int w = find_witness(d, base, n, len, need, &unsure, &w_hi, &w_lo);
    if (d->sh->aborted)
        return; /* the search stops: the replies stay pending, the node undecided */
    for (int i = 0; i < n; i++) {
        child_t *c = frame(d, base) + i;
        if (!c->pending)
            continue;
        c->pending = false;
        c->tried = true;
        c->doubt |= unsure;
        if (w >= 0) {
            c->pn = 0, c->dn = PN_INF, c->plen = 0, c->rep = REP_NONE, c->futile = true;
            c->hand = attacker_hand(d);
            c->hi = hand_min(c->hi, w_hi);
        } else {
            c->lo = hand_max(c->lo, w_lo); /* it counts: the node's disproof rests on no witness */
        }
    }
}
