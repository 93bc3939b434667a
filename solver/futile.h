/*
 * futile.h: futile interpositions (muda-ai), the composers' rule of what is not defence.
 *
 * Rule (FUTILE_CAPTURE): when the defender is in check from a single distant piece, a
 * reply that puts a piece between king and checker (a drop, or a move of a board piece)
 * is futile if the checking piece can take it at once and, with the captured piece handed
 * back from the attacker's hand to the defender's, the defender is then mated on the spot:
 * it has no reply, or every reply it has is again a futile interposition.  The interposed
 * piece neither stops the mate nor gives the attacker anything it needs.  The verdict
 * depends on the position alone (no search, no table), and it only removes defender
 * replies that lose at once anyway: it shortens lines, and never turns a mate into a
 * no-mate or the reverse (dfpn.h).
 *
 * Rule (FUTILE_DELAY, the default) adds the interpositions that only delay the mate.  A
 * defender node D (in check from one distant piece) counts as mated within L plies when
 * every reply that counts is mated within L - 1, where an interposition I does not count
 * if the checker can take the piece, reaching Q, such that
 *   - Q, and Q with the piece handed back to the defender, are both mated within L
 *     (the mate after the capture is no longer than the longest other defence), and
 *   - another reply of D is mated in exactly L - 1 (is not mated within L - 3): the
 *     defence the line follows instead, as long as the mate without I.
 * So I adds nothing but its own capture to a mate the defender could have had anyway;
 * with the piece back in hand the mate still comes as fast, so the piece is not needed.
 * The test takes nested bounded searches (dfpn.c runs it when every other reply of D is
 * proven), and its verdicts depend on L and on the attacker's hand in both directions:
 * such results are stored as exact (tt.h), a proof for the hands up to the largest its
 * tests and witnesses allow, a disproof for those down to the smallest (dfpn_delay.c).
 * It is monotone in L (with I taken at once, I is mated within L + 1), so the descent
 * of shortest.c holds.  A budget that stops a test counts I as defence and marks the
 * results that rest on that verdict as unsure (dfpn.h): a length they decide is not
 * certified.
 */
#ifndef TSUME_FUTILE_H
#define TSUME_FUTILE_H

#include "dfpn.h"

/* Nodes each nested search of a delay-rule test may spend (never more than the search
 * around it has left).  At 50,000, 11 of the 208 Zuko and Muso problems lost their
 * proven length to a test that ran out, at 3 M nodes each; at 1,000,000 none did, for 8%
 * more nodes on those 11. */
enum { FUTILE_DELAY_BUDGET = 1000000 };

/* The verdict cache (futile.c): 2^FUTILE_CACHE_BITS slots (1 MiB) unless the memory
 * share is small (dfpn_caches_size). */
enum { FUTILE_CACHE_BITS = 16, FUTILE_CACHE_MIN_BITS = 8 };
size_t futile_cache_bytes(int bits);

static inline uint64_t futile_delay_budget(const dfpn_shared_t *sh)
{
    return sh->delay_budget ? sh->delay_budget : FUTILE_DELAY_BUDGET;
}

/* Removes the futile replies from moves[0..n) (p: defender to move, in check); returns
 * how many remain.  0 means every reply is futile: the defender counts as mated.  *need
 * grows (per-type maximum) by the proof hands the futility verdicts rest on. */
int futile_filter(dfpn_shared_t *sh, pos_t *p, color_t attacker, move_t *moves, int n, hand_t *need);

/* Whether every reply of the defender (to move in p) is futile (and there is one); if so
 * *need grows by the proof hands of the verdicts.  replies[0..n): p's replies, or NULL to
 * have them generated. */
bool futile_all_replies(dfpn_shared_t *sh, pos_t *p, color_t attacker, const move_t *replies, int n, hand_t *need);

/* Whether reply m (p: defender to move) lands between its king and a single checker. */
bool futile_is_interposition(const pos_t *p, move_t m, square_t *checker);

/* The capture half of the delay rule for interposition m of the defender in p: 1 when a
 * capture by the checker leads to Q with Q and Q-with-the-piece-handed-back both mated
 * within len, 0 when none does, -1 when a budget stopped a search.  *square_fails is set
 * when the handed-back position failed: it is the same for every drop on that square.
 * *unsure is set when a search result the verdict used rests on a stopped test itself.
 * *hi (unless hi is NULL): with the verdict 1, the largest attacker hand of p for which
 * the capture's two positions stay within their proofs' ranges (dfpn_delay.c).  *lo
 * (unless NULL): with the verdict 0, the smallest hand of p down to which every
 * capture still fails, its failing position staying within its disproof's range (0:
 * every hand, the disproofs being monotone). */
int futile_delay_capture(dfpn_shared_t *sh, const pos_t *p, color_t attacker, move_t m, int len, bool *square_fails,
                         bool *unsure, hand_t *hi, hand_t *lo);

#endif
