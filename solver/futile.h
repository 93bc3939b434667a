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
 */
#ifndef TSUME_FUTILE_H
#define TSUME_FUTILE_H

#include "dfpn.h"

/* Removes the futile replies from moves[0..n) (p: defender to move, in check); returns
 * how many remain.  0 means every reply is futile: the defender counts as mated.  *need
 * grows (per-type maximum) by the proof hands the futility verdicts rest on. */
int futile_filter(dfpn_shared_t *sh, pos_t *p, color_t attacker, move_t *moves, int n, hand_t *need);

/* Whether every reply of the defender (to move in p) is futile (and there is one); if so
 * *need grows by the proof hands of the verdicts. */
bool futile_all_replies(dfpn_shared_t *sh, pos_t *p, color_t attacker, hand_t *need);

/* Whether reply m (p: defender to move) lands between its king and a single checker. */
bool futile_is_interposition(const pos_t *p, move_t m, square_t *checker);

/* Whether reply m of the defender in p is futile. */
bool futile_is(dfpn_shared_t *sh, pos_t *p, color_t attacker, move_t m);

#endif
