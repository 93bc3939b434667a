/*
 * solver_nest.c: searches nested as deep as delay-rule tests go (dfpn.h, DFPN_NEST_MAX).
 * Microcosmos's chains of tests within tests reach 250 levels; a level must work there
 * as at the top, and one past the limit is answered unknown, never searched.
 */
#include "../movegen/sfen.h"
#include "../solver/dfpn.h"
#include "test.h"

TEST(dfpn_deep_nesting)
{
    tt_t tt;
    CHECK(tt_init(&tt, 1));
    tt_new_search(&tt);
    dfpn_shared_t sh = {0};
    sh.tt = &tt;
    sh.futile = FUTILE_DELAY;
    pos_t near, far;
    /* G*5b mates at once (the pawn guards the gold); the other is the bundled example,
     * mate in 3 (9f5b+ 4a5b S*4b).  Each is asked once from a level, so that the table
     * cannot answer for a search that should not run. */
    char err[SFEN_ERR_MAX];
    if (!sfen_parse(&near, "4k4/9/4P4/9/9/9/9/9/9 b G 1", SFEN_STRICT, err, sizeof err) ||
        !sfen_parse(&far, "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1", SFEN_STRICT, err, sizeof err)) {
        test_fail(__FILE__, __LINE__, "%s", err);
        tt_free(&tt);
        return;
    }

    /* The deepest level a nested search may open, from a frame allocated there. */
    sh.nest = DFPN_NEST_MAX - 2;
    dfpn_result_t r = dfpn_nested(&sh, &near, BLACK, MODE_COMPOSER, 7, 0, NULL);
    CHECK_INT(r.status, DFPN_PROVEN);
    CHECK_INT(r.plen, 1);
    CHECK_INT(sh.nest, DFPN_NEST_MAX - 2);
    CHECK_INT(sh.pool_cap, DFPN_NEST_MAX);
    CHECK(!sh.aborted);

    /* One more is refused: unknown, and nothing stops the search around it. */
    sh.nest = DFPN_NEST_MAX - 1;
    r = dfpn_nested(&sh, &far, BLACK, MODE_COMPOSER, 7, 0, NULL);
    CHECK_INT(r.status, DFPN_UNKNOWN);
    CHECK(!sh.aborted);

    /* The same position from the top level is solved, the frames above left alone. */
    sh.nest = 0;
    r = dfpn_solve(&sh, &far, BLACK, MODE_COMPOSER, 7, NULL);
    CHECK_INT(r.status, DFPN_PROVEN);
    CHECK_INT(r.plen, 3);
    dfpn_shared_release(&sh);
    CHECK(sh.pool == NULL && sh.pool_cap == 0);
    tt_free(&tt);
}
