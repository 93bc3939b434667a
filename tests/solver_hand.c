/*
 * solver_hand.c: the hand arithmetic of proof and disproof pieces (solver/hand.h), each
 * function on its own: the per-type minimum and maximum, the saturating and flooring
 * steps, the cap a disproof hand gets for the drops that would check, the pieces a
 * proof must keep because the defender could interpose them if it held one, and hands
 * carried back over an attacker's move.
 */
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "../solver/dfpn_internal.h"
#include "../solver/hand.h"
#include "test.h"

static pos_t parse(const char *sfen)
{
    pos_t p;
    char err[SFEN_ERR_MAX];
    if (!sfen_parse(&p, sfen, SFEN_STRICT, err, sizeof err))
        test_fail(__FILE__, __LINE__, "%s: %s", sfen, err);
    return p;
}

/* A hand from counts in the order P L N S B R G. */
static hand_t hand_of(int p, int l, int n, int s, int b, int r, int g)
{
    const int c[HAND_NB] = {0, p, l, n, s, b, r, g};
    hand_t h = 0;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++)
        h = hand_set(h, pt, c[pt]);
    return h;
}

TEST(hand_arithmetic)
{
    hand_t a = hand_of(3, 0, 2, 1, 0, 2, 4), b = hand_of(1, 4, 2, 0, 1, 0, 4);
    CHECK_INT(hand_min(a, b), hand_of(1, 0, 2, 0, 0, 0, 4));
    CHECK_INT(hand_max(a, b), hand_of(3, 4, 2, 1, 1, 2, 4));
    /* Every field at its largest: 31 pawns, 7 of the small pieces, 3 bishops and rooks. */
    CHECK_INT(hand_full(), hand_of(31, 7, 7, 7, 3, 3, 7));
    CHECK(hand_ge(hand_full(), a) && hand_ge(a, 0) && !hand_ge(a, b) && !hand_ge(b, a));
    /* No carry into the next field at the top, no borrow from it at zero. */
    CHECK_INT(hand_add_sat(hand_of(31, 0, 0, 0, 0, 0, 0), PAWN), hand_of(31, 0, 0, 0, 0, 0, 0));
    CHECK_INT(hand_add_sat(hand_of(0, 0, 0, 0, 3, 0, 0), BISHOP), hand_of(0, 0, 0, 0, 3, 0, 0));
    CHECK_INT(hand_add_sat(a, SILVER), hand_of(3, 0, 2, 2, 0, 2, 4));
    CHECK_INT(hand_sub_floor(a, LANCE), a);
    CHECK_INT(hand_sub_floor(a, ROOK), hand_of(3, 0, 2, 1, 0, 1, 4));
}

TEST(hand_check_drop_cap)
{
    /* A bare king on 5a and nothing in hand: every kind of piece could be dropped with
     * check, so a disproof extends to no hand holding any of them. */
    pos_t p = parse("4k4/9/9/9/9/9/9/9/9 b - 1");
    CHECK_INT(hand_cap_for_check_drops(&p, hand_full()), 0);
    /* A kind in hand is not capped here: the disproof already covers its drops. */
    p = parse("4k4/9/9/9/9/9/9/9/9 b G 1");
    CHECK_INT(hand_cap_for_check_drops(&p, hand_full()), hand_of(0, 0, 0, 0, 0, 0, 7));
    /* A pawn on the king's file: P*5b would be nifu, so pawns give no check drop. */
    p = parse("4k4/9/9/9/9/9/9/9/4P4 b - 1");
    CHECK_INT(hand_cap_for_check_drops(&p, hand_full()), hand_of(31, 0, 0, 0, 0, 0, 0));
    /* Every square from which a dropped piece would check is taken (the knight's 6c and
     * 4c too, and every line to the king ends on the next square): nothing is capped. */
    p = parse("3gkg3/3sss3/3P1P3/9/9/9/9/9/9 b - 1");
    CHECK_INT(hand_cap_for_check_drops(&p, hand_full()), hand_full());
    /* With 5b free, pawn, lance, silver, gold and rook check from it or behind it; knight
     * and bishop still cannot check, so they keep their counts. */
    p = parse("3gkg3/3s1s3/3P1P3/9/9/9/9/9/9 b - 1");
    CHECK_INT(hand_cap_for_check_drops(&p, hand_full()), hand_of(0, 0, 7, 0, 3, 0, 0));
}

TEST(hand_monopoly_of_interpositions)
{
    /* A rook on 5e checks the king on 5a; 5b to 5d lie between.  The defender holds a
     * pawn: with a pawn more or less in the attacker's hand it can still interpose one,
     * so pawns need not be kept; it holds no gold or silver: the proof must keep the
     * attacker's 2 silvers and gold, which else the defender could interpose. */
    pos_t p = parse("4k4/9/9/9/4R4/9/9/9/9 w 2SG3Pp 1");
    CHECK_INT(hand_monopoly(&p, p.hand[BLACK]), hand_of(0, 0, 0, 2, 0, 0, 1));
    /* The same with the attacker's hand passed in larger: the counts follow it. */
    CHECK_INT(hand_monopoly(&p, hand_of(0, 2, 0, 1, 0, 0, 0)), hand_of(0, 2, 0, 1, 0, 0, 0));
    /* A checker next to the king leaves no square between. */
    p = parse("4k4/4R4/9/9/9/9/9/9/9 w 2SG3Pp 1");
    CHECK_INT(hand_monopoly(&p, p.hand[BLACK]), 0);
    /* A double check cannot be met by interposing. */
    p = parse("4k4/9/9/9/4R3B/9/9/9/9 w 2SG3Pp 1");
    CHECK_INT(hand_monopoly(&p, p.hand[BLACK]), 0);
}

static move_t legal(const pos_t *p, const char *usi)
{
    move_t m = MOVE_NONE;
    char err[128];
    if (!usi_parse_legal(p, usi, &m, err, sizeof err))
        test_fail(__FILE__, __LINE__, "%s: %s", usi, err);
    return m;
}

TEST(hand_back_over_a_move)
{
    /* Black (the attacker) holds G2P; a silver on 5c can be taken by the rook's 5e5c, a
     * promoted silver on 5a by the bishop's 3c5a+. */
    pos_t p = parse("3k+s4/9/4s1B2/9/4R4/9/9/9/9 b G2P 1");
    hand_t after = hand_of(1, 0, 0, 1, 0, 0, 1);
    /* A drop needed its piece before it; a capture brought one in, promoted or not. */
    CHECK_INT(hand_before_move(&p, legal(&p, "G*5b"), after), hand_of(1, 0, 0, 1, 0, 0, 2));
    CHECK_INT(hand_before_move(&p, legal(&p, "5e5c"), after), hand_of(1, 0, 0, 0, 0, 0, 1));
    CHECK_INT(hand_before_move(&p, legal(&p, "3c5a+"), after), hand_of(1, 0, 0, 0, 0, 0, 1));
    /* A capture of a piece the hand after does not need leaves it as it is. */
    CHECK_INT(hand_before_move(&p, legal(&p, "5e5c"), hand_of(1, 0, 0, 0, 0, 0, 0)), hand_of(1, 0, 0, 0, 0, 0, 0));
    CHECK_INT(hand_before_move(&p, legal(&p, "5e5d"), after), after);
    /* A range's bottom: a drop adds its piece only when the bottom holds one of its kind
     * (from the empty hand up, every hand with the piece is in the range). */
    CHECK_INT(hand_lo_before_move(&p, legal(&p, "G*5b"), hand_of(0, 0, 0, 0, 0, 0, 1)), hand_of(0, 0, 0, 0, 0, 0, 2));
    CHECK_INT(hand_lo_before_move(&p, legal(&p, "G*5b"), hand_of(2, 0, 0, 0, 0, 0, 0)), hand_of(2, 0, 0, 0, 0, 0, 0));
    CHECK_INT(hand_lo_before_move(&p, legal(&p, "5e5c"), hand_of(0, 0, 0, 2, 0, 0, 0)), hand_of(0, 0, 0, 1, 0, 0, 0));
    CHECK_INT(hand_lo_before_move(&p, legal(&p, "5e5c"), 0), 0);
}

/* A defender's node disproven by a drop (dfpn_result.c): the disproof holds only while
 * the defender still owns the piece, so the hand it stores is capped at the attacker's
 * count of that kind (the pieces are one set: a gold more for the attacker is one less
 * for the defender).  A mutation review found no test failing with the cap removed: the
 * node counts changed, no answer in the collections did.  Here the rook on 5e checks the
 * king on 5a and the defender's one gold, dropped on 5b, refutes, its child disproven
 * for any attacker hand. */
TEST(dfpn_drop_refutation_caps_the_hand)
{
    pos_t p = parse("4k4/9/9/9/4R4/9/9/9/9 w 2Gg 1");
    char why[96];
    child_t ch = {.pn = PN_INF, .dn = 0, .dlen = LEN_INF, .rep = REP_NONE, .hand = hand_full()};
    CHECK(usi_parse_legal(&p, "G*5b", &ch.move, why, sizeof why));
    dfpn_t d = {.pos = &p, .attacker = BLACK, .mode = MODE_STRICT};
    node_result_t res = {0};
    CHECK(dfpn_disproven(&d, &ch, 1, LEN_INF - 1, false, &res, MOVE_NONE) == ch.move);
    CHECK_INT(res.dlen, LEN_INF);
    CHECK_INT(hand_count(res.hand, GOLD), 2); /* the attacker's two: with a third, no gold to drop */
    CHECK_INT(res.hand, hand_set(hand_full(), GOLD, 2));
    /* Under the composers' rules the drop is an interposition, which more attacker
     * pieces could make futile: the attacker's own hand, nothing more. */
    d.mode = MODE_COMPOSER;
    dfpn_disproven(&d, &ch, 1, LEN_INF - 1, false, &res, MOVE_NONE);
    CHECK_INT(res.hand, hand_of(0, 0, 0, 0, 0, 0, 2));
}
