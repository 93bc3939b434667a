/*
 * futile.c: the futile-interposition test (rule: futile.h).
 *
 * After the checker takes the interposed piece and the piece is handed back, the
 * defender must be mated at once under the same rule: every reply it then has is itself
 * a futile interposition (or it has none).  The test recurses, each level one piece
 * nearer the king or one defender piece fewer on the board, so a chain of interpositions
 * on one line is recognised link by link; depth is also capped (a capped test says "not
 * futile", and is not cached).  It uses no search and
 * no table, so its verdicts depend on the position alone.  Verdicts are cached by
 * position key, with the proof hand each "futile" rests on: the attacker hand below which
 * the immediate mates it found may fail (see hand_monopoly).
 * One test per square suffices for drops: after capture and hand-back the position is the
 * same whatever piece was dropped.
 */
#include "futile.h"


#include "../movegen/movegen.h"
#include "hand.h"
#include "prefault.h"

enum { FUTILE_MAX_DEPTH = 24 };

typedef struct {
    uint64_t key; /* pos_key | 1, 0 = empty */
    hand_t ph;
    uint8_t mated;
} verdict_t;

size_t futile_cache_bytes(int bits) { return ((size_t)1 << bits) * sizeof(verdict_t); }

static bool mated_now(dfpn_shared_t *sh, pos_t *q, color_t attacker, int depth, hand_t *ph, const move_t *given,
                      int given_n);

bool futile_is_interposition(const pos_t *p, move_t m, square_t *checker)
{
    if (bb_more_than_one(p->checkers))
        return false;
    square_t k = p->king[p->side];
    *checker = bb_lsb(p->checkers);
    if (!mv_is_drop(m) && mv_from(m) == k)
        return false;
    return bb_has(at_between[k][*checker], mv_to(m));
}

/* p: defender to move, in check from one distant piece; m: a reply landing between. */
static bool capture_still_mates(dfpn_shared_t *sh, pos_t *p, color_t attacker, move_t m, square_t checker,
                                int depth, hand_t *ph)
{
    square_t to = mv_to(m);
    undo_t u1;
    pos_do(p, m, &u1);
    bool futile = false;
    move_t checks[2];
    int n = mg_checks_from_to(p, checker, to, checks);
    for (int i = 0; i < n && !futile; i++) {
        undo_t u2;
        pos_t q = *p;
        pos_do(&q, checks[i], &u2);
        ptype_t got = pt_unpromote(pc_type(u2.captured));
        pos_hand_remove(&q, attacker, got);
        if (mv_is_drop(m))
            pos_hand_add(&q, opp(attacker), got);
        futile = mated_now(sh, &q, attacker, depth, ph, NULL, 0);
    }
    pos_undo(p, m, &u1);
    return futile;
}

/* Every reply of the defender (to move in q, in check) is a futile interposition; with
 * no reply at all it is plain mate.  given: q's replies when the caller has them. */
static bool mated_now(dfpn_shared_t *sh, pos_t *q, color_t attacker, int depth, hand_t *ph, const move_t *given,
                      int given_n)
{
    if (depth > FUTILE_MAX_DEPTH) {
        sh->futile_cuts++;
        return false;
    }
    size_t slots = (size_t)1 << (sh->caches.futile_bits ? sh->caches.futile_bits : FUTILE_CACHE_BITS);
    if (!sh->futile_cache)
        sh->futile_cache = calloc_prefaulted(slots, sizeof(verdict_t));
    verdict_t *v = sh->futile_cache ? (verdict_t *)sh->futile_cache + (pos_key(q) & (slots - 1)) : NULL;
    uint64_t key = pos_key(q) | 1;
    if (v && v->key == key) {
        *ph = v->ph;
        return v->mated;
    }
    uint64_t cuts = sh->futile_cuts;
    move_t buf[MG_MAX_MOVES];
    const move_t *moves = given ? given : buf;
    int n = given ? given_n : mg_evasions(q, buf);
    bool mated = true;
    hand_t need = 0;
    square_t checker;
    for (int i = 0; i < n && mated; i++)
        mated = futile_is_interposition(q, moves[i], &checker);
    bb_t tested = BB_EMPTY;
    for (int i = 0; i < n && mated; i++) {
        if (mv_is_drop(moves[i])) {
            if (bb_has(tested, mv_to(moves[i])))
                continue;
            tested |= bb_sq(mv_to(moves[i]));
        }
        hand_t h = 0;
        mated = capture_still_mates(sh, q, attacker, moves[i], checker, depth + 1, &h);
        need = hand_max(need, h);
    }
    *ph = mated ? hand_max(need, hand_monopoly(q, q->hand[attacker])) : 0;
    /* A verdict the depth cap cut short depends on the depth it was asked at: kept out,
     * so that cached verdicts depend on the position alone, whatever came before. */
    if (v && sh->futile_cuts == cuts)
        *v = (verdict_t){key, *ph, mated};
    return mated;
}

int futile_filter(dfpn_shared_t *sh, pos_t *p, color_t attacker, move_t *moves, int n, hand_t *need)
{
    if (sh->futile == FUTILE_NONE)
        return n;
    bb_t tested = BB_EMPTY, futile_sq = BB_EMPTY;
    int k = 0;
    for (int i = 0; i < n; i++) {
        square_t checker, to = mv_to(moves[i]);
        bool futile = false;
        hand_t ph = 0;
        if (futile_is_interposition(p, moves[i], &checker)) {
            if (!mv_is_drop(moves[i])) {
                futile = capture_still_mates(sh, p, attacker, moves[i], checker, 1, &ph);
            } else if (bb_has(tested, to)) {
                futile = bb_has(futile_sq, to); /* its proof hand is counted already */
            } else {
                futile = capture_still_mates(sh, p, attacker, moves[i], checker, 1, &ph);
                tested |= bb_sq(to);
                if (futile)
                    futile_sq |= bb_sq(to);
            }
        }
        if (futile)
            *need = hand_max(*need, ph);
        else
            moves[k++] = moves[i];
    }
    return k;
}

bool futile_all_replies(dfpn_shared_t *sh, pos_t *p, color_t attacker, const move_t *replies, int n, hand_t *need)
{
    if (sh->futile == FUTILE_NONE || !pos_in_check(p))
        return false;
    /* No reply interposes against two checkers or a checker next to the king. */
    if (bb_more_than_one(p->checkers) || bb_has(at_king(p->king[p->side]), bb_lsb(p->checkers)))
        return false;
    move_t buf[MG_MAX_MOVES];
    if (!replies)
        n = mg_evasions(p, buf), replies = buf;
    /* Most replies are king moves or captures of the checker: no test needed then. */
    square_t checker;
    for (int i = 0; i < n; i++)
        if (!futile_is_interposition(p, replies[i], &checker))
            return false;
    hand_t ph;
    if (n == 0 || !mated_now(sh, p, attacker, 0, &ph, replies, n))
        return false;
    *need = hand_max(*need, ph);
    return true;
}

int futile_delay_capture(dfpn_shared_t *sh, const pos_t *p, color_t attacker, move_t m, int len, bool *square_fails,
                         bool *unsure, hand_t *hi, hand_t *lo)
{
    hand_t range = p->hand[attacker], low = 0;
    *square_fails = *unsure = false;
    square_t checker;
    if (!futile_is_interposition(p, m, &checker))
        return 0;
    pos_t q = *p;
    undo_t u1;
    pos_do(&q, m, &u1);
    move_t checks[2];
    int n = mg_checks_from_to(&q, checker, mv_to(m), checks), verdict = 0, captures = 0, back_fails = 0;
    for (int i = 0; i < n && verdict != 1; i++) {
        pos_t kept = q, back;
        undo_t u2;
        pos_do(&kept, checks[i], &u2);
        ptype_t got = pt_unpromote(pc_type(u2.captured));
        back = kept;
        pos_hand_remove(&back, attacker, got);
        if (mv_is_drop(m))
            pos_hand_add(&back, opp(attacker), got);
        /* The handed-back position first: it is the one that fails when the piece is
         * needed, and its proof often covers the other (hand superiority, or an exact
         * proof's range). */
        dfpn_result_t r = dfpn_nested(sh, &back, attacker, MODE_COMPOSER, len, futile_delay_budget(sh), NULL);
        captures++;
        back_fails += r.status == DFPN_DISPROVEN;
        *unsure |= r.unsure;
        hand_t hi_back = r.hi;
        if (r.status == DFPN_DISPROVEN)
            low = hand_max(low, r.lo);
        if (r.status == DFPN_PROVEN) {
            r = dfpn_nested(sh, &kept, attacker, MODE_COMPOSER, len, futile_delay_budget(sh), NULL);
            *unsure |= r.unsure;
            if (r.status == DFPN_DISPROVEN)
                low = hand_max(low, hand_sub_floor(r.lo, got)); /* in p's hands, as below */
        }
        if (r.status == DFPN_PROVEN) {
            verdict = 1;
            /* In the hands of p: the handed-back position has p's hand, the kept one
             * one piece more. */
            range = hand_min(hi_back, hand_sub_floor(r.hi, got));
        } else if (r.status == DFPN_UNKNOWN)
            verdict = -1;
    }
    if (hi)
        *hi = range;
    if (lo)
        *lo = low;
    /* Every capture (with and without promotion) failed with the piece handed back: so
     * will every other drop on this square. */
    *square_fails = captures > 0 && back_fails == captures;
    return verdict;
}
