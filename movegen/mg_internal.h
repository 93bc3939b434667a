/*
 * mg_internal.h: pieces shared by the generators (movegen.c, checks.c); not public.
 */
#ifndef TSUME_MG_INTERNAL_H
#define TSUME_MG_INTERNAL_H

#include "movegen.h"

/* Moves of a piece of type pt from `from` to every square of targets, with each
 * promotion option the rules allow: promote when from or to is in the zone, and also
 * stay unpromoted unless the piece could never move again. */
static inline move_t *mg_emit(move_t *o, color_t us, ptype_t pt, square_t from, bb_t targets)
{
    square_t to;
    if (!pt_can_promote(pt)) {
        BB_FOREACH(to, targets) *o++ = mv_make(from, to, false);
        return o;
    }
    bb_t promo = bb_has(at_zone[us], from) ? targets : targets & at_zone[us];
    BB_FOREACH(to, targets) {
        if (bb_has(promo, to))
            *o++ = mv_make(from, to, true);
        if (!pt_dead_on(us, pt, to))
            *o++ = mv_make(from, to, false);
    }
    return o;
}

/* Drops of every piece in hand onto targets[pt] & mg_drop_squares(pt), skipping a
 * pawn drop that mates.  targets is indexed by piece type. */
move_t *mg_emit_drops(const pos_t *p, move_t *o, const bb_t *targets);

#endif
