/*
 * solver_material.c: the table never answers a position from one with other pieces in
 * play.  Its entries are keyed by the board and the attacker's hand, the defender's hand
 * being the rest: true within one problem, where pieces only change places.  The delay
 * rule's handed-back position breaks it (a board piece that moved in leaves the game,
 * futile.h), and so do the searches below it: one piece fewer for the same board and
 * attacker hand, the defender's hand one piece short.  A proof found there must not be
 * read for the problem's own positions, whose defender holds that piece.
 *
 * The board: the king on 1a, silvers on 3b and 3c taking 2a and 2b; the attacker holds
 * a rook.  R*1c mates at once when the defender has nothing to drop on 1b; with a pawn
 * in hand it interposes, and after Rx1b the king takes the rook (R*2a mates in 3).
 */
#include "solver_util.h"

#define SHORT "8k/6S2/6S2/9/9/9/9/9/9 b R 1"
#define WHOLE "8k/6S2/6S2/9/9/9/9/9/9 b Rp 1"

static dfpn_result_t within(dfpn_shared_t *sh, const char *sfen, int len)
{
    pos_t p;
    if (!parse_or_fail(&p, sfen))
        return (dfpn_result_t){DFPN_UNKNOWN, LEN_NONE, DLEN_NONE, 0, false, 0, false, 0};
    return dfpn_solve(sh, &p, BLACK, MODE_COMPOSER, len, NULL);
}

TEST(material_each_alone)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 1);
    dfpn_result_t r = within(&sh, SHORT, 1);
    CHECK_INT(r.status, DFPN_PROVEN);
    CHECK_INT(r.plen, 1);
    search_end(&sh, &tt);

    sh = search_begin(&tt, 1);
    CHECK_INT(within(&sh, WHOLE, 1).status, DFPN_DISPROVEN);
    r = within(&sh, WHOLE, 3);
    CHECK_INT(r.status, DFPN_PROVEN);
    CHECK_INT(r.plen, 3);
    search_end(&sh, &tt);
}

/* The same two on one table, the short one first: its mate after R*1c is stored for an
 * attacker without pawns, which the whole position's attacker is too. */
TEST(material_kept_apart_in_the_table)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 1);
    CHECK_INT(within(&sh, SHORT, 1).status, DFPN_PROVEN);
    CHECK_INT(within(&sh, WHOLE, 1).status, DFPN_DISPROVEN);
    /* And the other way round: the whole position's disproofs say nothing of the short one. */
    CHECK_INT(within(&sh, SHORT, 1).status, DFPN_PROVEN);
    search_end(&sh, &tt);
}
