/*
 * solver_util.h: helpers for tests that drive the search itself (dfpn.h) rather than the
 * binary: a search's shared state over a fresh table under the delay rule, and a problem
 * parsed and proven on it.  The caller releases both (search_end).
 */
#ifndef TSUME_SOLVER_UTIL_H
#define TSUME_SOLVER_UTIL_H

#include "../movegen/sfen.h"
#include "../solver/dfpn.h"
#include "test.h"

static inline dfpn_shared_t search_begin(tt_t *tt, size_t mb)
{
    CHECK(tt_init(tt, mb << 20));
    tt_new_search(tt);
    return (dfpn_shared_t){.tt = tt, .futile = FUTILE_DELAY};
}

/* sfen into p; a test failure naming it when it does not parse. */
static inline bool parse_or_fail(pos_t *p, const char *sfen)
{
    char err[SFEN_ERR_MAX];
    if (sfen_parse(p, sfen, SFEN_STRICT, err, sizeof err))
        return true;
    test_fail(__FILE__, __LINE__, "%s: %s", sfen, err);
    return false;
}

/* sfen (attacker to move) into p, proven without a bound in composer mode on sh. */
static inline dfpn_result_t search_prove(dfpn_shared_t *sh, pos_t *p, const char *sfen)
{
    if (!parse_or_fail(p, sfen))
        return (dfpn_result_t){DFPN_UNKNOWN, LEN_NONE, DLEN_NONE, 0, false, 0, false, 0};
    dfpn_result_t r = dfpn_solve(sh, p, p->side, MODE_COMPOSER, LEN_INF - 1, NULL);
    CHECK_INT(r.status, DFPN_PROVEN);
    return r;
}

static inline void search_end(dfpn_shared_t *sh, tt_t *tt)
{
    dfpn_shared_release(sh);
    tt_free(tt);
}

#endif
