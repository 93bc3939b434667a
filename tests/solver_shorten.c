/*
 * solver_shorten.c: the walk of the line after the shortening (line.h): told that the
 * length is certified, it spares searches and writes the same line.
 */
#include <string.h>

#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "../solver/dfpn.h"
#include "../solver/futile.h"
#include "../solver/line.h"
#include "../solver/shortest.h"
#include "test.h"

static dfpn_shared_t search_begin(tt_t *tt, size_t mb)
{
    CHECK(tt_init(tt, mb));
    tt_new_search(tt);
    return (dfpn_shared_t){.tt = tt, .futile = FUTILE_DELAY};
}

/* Whether pv[0..plies) from p ends in mate under the composers' capture rule: the
 * attacker moved last and the defender has no reply that counts. */
static bool ends_in_mate(dfpn_shared_t *sh, const pos_t *p, const move_t *pv, int plies)
{
    pos_t q = *p;
    for (int i = 0; i < plies; i++) {
        undo_t u;
        pos_do(&q, pv[i], &u);
    }
    move_t moves[MG_MAX_MOVES];
    hand_t need = 0;
    int n = mg_evasions(&q, moves);
    return plies % 2 == 1 && pos_in_check(&q) && futile_filter(sh, &q, p->side, moves, n, &need) == 0;
}

/* The walk of a certified length: a defender's reply is known to hold out, with no search,
 * when every other reply that counts is known to be mated sooner (line.c).  Shogi Zuko
 * 第45番 (85 plies), shortened by the descent, walked twice from the same table: told the
 * length is certified, the walk writes the same line for fewer nodes (231 against 253;
 * Microcosmos's walk after its shortening from the line's end: 39 against 8.3 M). */
#define ZUKO45 "p3l3+P/1s1l2p2/5+P3/gp3NPpp/+R1S2+bLg1/1+pkN3G1/3p1P3/2N1S2R1/N4+p2B b S3Pgl3p 1"
static uint64_t walk_zuko45(bool certified, move_t *pv, line_info_t *li)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 64);
    pos_t p;
    char err[SFEN_ERR_MAX];
    CHECK(sfen_parse(&p, ZUKO45, SFEN_STRICT, err, sizeof err));
    dfpn_result_t proof = dfpn_solve(&sh, &p, BLACK, MODE_COMPOSER, LEN_INF - 1, NULL);
    CHECK_INT(proof.status, DFPN_PROVEN);
    bool exact, proven, unsure;
    int len = shortest_mate(&sh, &p, BLACK, MODE_COMPOSER, proof.plen, 0, &exact, &proven, &unsure);
    CHECK_INT(len, 85);
    CHECK(exact);
    uint64_t before = sh.nodes;
    *li = line_extract(&sh, &p, BLACK, MODE_COMPOSER, len, 200000, 0, false, certified, pv);
    uint64_t spent = sh.nodes - before;
    CHECK(ends_in_mate(&sh, &p, pv, li->plies));
    dfpn_shared_release(&sh);
    tt_free(&tt);
    return spent;
}

TEST(line_walk_of_a_certified_length)
{
    move_t told[SOLVER_MAX_PLY], not_told[SOLVER_MAX_PLY];
    line_info_t a, b;
    uint64_t with = walk_zuko45(true, told, &a), without = walk_zuko45(false, not_told, &b);
    CHECK_INT(a.plies, 85);
    CHECK_INT(b.plies, 85);
    CHECK(a.exact && b.exact);
    CHECK(!memcmp(told, not_told, sizeof *told * 85));
    CHECK(with < without);
}
