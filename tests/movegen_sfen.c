/*
 * movegen_sfen.c: SFEN reading and writing.  Canonical SFEN must round-trip exactly; the
 * lenient forms other engines write must be read; every kind of bad input must be
 * refused with a message that names the problem.
 */
#include <string.h>

#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "test.h"

static const char *canon(const char *in)
{
    static char buf[SFEN_MAX];
    pos_t p;
    char err[SFEN_ERR_MAX];
    if (!sfen_parse_position(&p, in, SFEN_STRICT, err, sizeof err))
        return err[0] ? "ERROR" : "ERROR(no message)";
    return sfen_format(&p, buf);
}

TEST(sfen_round_trip)
{
    static const char *CANON[] = {
        SFEN_STARTPOS,
        "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1",
        "9/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1",
    };
    for (size_t i = 0; i < sizeof CANON / sizeof CANON[0]; i++)
        CHECK_STR(canon(CANON[i]), CANON[i]);
}

TEST(sfen_lenient_forms)
{
    /* hand letters in any order, repeated letters add up, multi-digit counts */
    CHECK_STR(canon("3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1"),
              "3+R3nk/8p/7P1/9/9/9/9/9/8B b rb4g4s3n4l16p 1");
    CHECK_STR(canon("l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbslpppp"),
              "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1");
    /* missing move number, prefixes, startpos and moves */
    CHECK_STR(canon("3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p"), "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1");
    CHECK_STR(canon("sfen 3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1"), "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1");
    CHECK_STR(canon("position sfen 3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1 moves 9f5b+ 4a5b"),
              "3sk4/4s4/4S4/9/9/9/9/9/9 b S2r2b4g4n4l18p 3");
    CHECK_STR(canon("position startpos moves 7g7f 3c3d 8h2b+"),
              "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
    CHECK_STR(canon("  startpos  "), SFEN_STARTPOS);
}

static void expect_error(const char *in, const char *fragment)
{
    pos_t p;
    char err[SFEN_ERR_MAX] = "";
    bool ok = sfen_parse_position(&p, in, SFEN_STRICT, err, sizeof err);
    if (ok)
        test_fail(__FILE__, __LINE__, "accepted bad input \"%s\"", in);
    else if (!strstr(err, fragment) || strchr(err, '\n'))
        test_fail(__FILE__, __LINE__, "\"%s\": message \"%s\" does not say \"%s\"", in, err, fragment);
}

TEST(sfen_errors)
{
    expect_error("", "empty");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9", "side to move");
    expect_error("3sks4/9/4S4/9/9/B8/9/9/9 b S 1", "rank a has more than 9 squares");
    expect_error("3sks2/9/4S4/9/9/B8/9/9/9 b S 1", "rank a has 8 squares");
    expect_error("3sks3/9/4S4/9/9/B8/9/9 b S 1", "8 ranks");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9/9 b S 1", "more than 9 ranks");
    expect_error("3sxs3/9/4S4/9/9/B8/9/9/9 b S 1", "unknown piece letter 'x'");
    expect_error("3s+ks3/9/4S4/9/9/B8/9/9/9 b S 1", "cannot promote");
    expect_error("3s+Gs3/9/4S4/9/9/B8/9/9/9 b S 1", "cannot promote");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 x S 1", "side to move");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 b 2 1", "no piece letter");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 b K 1", "'K' cannot be held");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 b 0P 1", "bad SFEN: hand count 0 (1 to 18)");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 b 19P 1", "bad SFEN: hand count 19 (1 to 18)");
    /* as written, not as strtol saturates it (9223372036854775807) */
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 b 100000000000000000000G 1", "bad SFEN: hand count 100000000000... (1 to 18)");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 b S 1000001", "move number must be a whole number from 1 to 1000000");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 b 3R 1", "holds 3 R");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 b S 0", "move number");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 b S 1 x", "unexpected text");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 b 4S 1", "7 silvers");
    expect_error("3sks3/9/4S4/9/9/B8/9/9/9 b 2P18p 1", "20 pawns");
    expect_error("3skk3/9/4S4/9/9/B8/9/9/9 b S 1", "two white kings");
    expect_error("4k4/9/4P4/9/4P4/9/9/9/9 b - 1", "two unpromoted black pawns on file 5");
    expect_error("4k3P/9/9/9/9/9/9/9/9 b - 1", "P on 1a can never move");
    expect_error("4k4/9/9/9/9/9/9/8n/9 b - 1", "N on 1h can never move");
    expect_error("4k4/9/9/9/9/9/9/9/4l4 b - 1", "L on 5i can never move");
    expect_error("4k4/4R4/9/9/9/9/9/9/9 b - 1", "white is not to move but is in check");
    expect_error("+/9/9/9/9/9/9/9/4K4 b - 1", "bad SFEN: '+' with no piece in rank a");
    expect_error("4k3+/9/9/9/9/9/9/9/4K4 b - 1", "bad SFEN: '+' with no piece in rank a");
    expect_error("4k4/9/9/9/+\x01/9/9/9/4K4 b - 1", "bad SFEN: unexpected byte 0x01 in rank e");
    expect_error("9p/9/9/9/9/9/9/9/4K4 b - 1", "bad SFEN: rank a has more than 9 squares");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b", "bad SFEN: missing hands field");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b - 1 movesX", "unexpected text after the move number: 'movesX'");
    /* The ply count stays within what a position's counter holds. */
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b - 999999 moves 5i5h 5a5b", "move 2: move number past 1000000");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5h 5a5bxxxxxxxxxxxxxxx", "bad move 2: '5a5bxxxxxxxxxxx...'");
    expect_error("position startpos moves 7g7f 7g7f", "move 2: illegal move '7g7f'");
    expect_error("position startpos moves 7g7", "move 1: '7g7' is not a USI move");
}

/* A promoted pawn does not count for nifu; two unpromoted ones on a file do. */
TEST(sfen_nifu_with_tokin)
{
    CHECK_STR(canon("4k4/9/4+P4/9/4P4/9/9/9/9 b - 1"), "4k4/9/4+P4/9/4P4/9/9/9/9 b - 1");
}

TEST(sfen_extra_pieces_flag)
{
    pos_t p;
    char err[SFEN_ERR_MAX];
    const char *three_bishops = "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1";
    CHECK(!sfen_parse(&p, three_bishops, SFEN_STRICT, err, sizeof err));
    CHECK(strstr(err, "3 bishops") != NULL);
    CHECK(sfen_parse(&p, three_bishops, SFEN_EXTRA_PIECES, err, sizeof err));
    CHECK(sfen_has_extra_pieces(&p));
    /* Extra pieces still fit a hand's field: 36 pawns could not all be captured into one. */
    CHECK(!sfen_parse(&p, "ppppppppp/ppppppppp/ppppppppp/ppppppppp/4k4/9/9/9/4K4 b - 1", SFEN_EXTRA_PIECES, err,
                      sizeof err));
    CHECK_STR(err, "illegal position: 36 pawns (a hand holds at most 31)");
}

TEST(usi_move_text)
{
    pos_t p;
    char err[SFEN_ERR_MAX], buf[USI_MOVE_MAX];
    move_t m;
    CHECK(sfen_parse(&p, "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1", SFEN_STRICT, err, sizeof err));
    CHECK(usi_parse_legal(&p, "9f5b+", &m, err, sizeof err));
    CHECK_STR(usi_format(m, buf), "9f5b+");
    CHECK(usi_parse_legal(&p, "S*4b", &m, err, sizeof err));
    CHECK_STR(usi_format(m, buf), "S*4b");
    CHECK(mv_is_drop(m) && mv_drop_pt(m) == SILVER && mv_to(m) == make_sq(3, 1));
    CHECK(!usi_parse_legal(&p, "G*4b", &m, err, sizeof err)); /* no gold in hand */
    CHECK(!usi_parse_legal(&p, "5c5c", &m, err, sizeof err));
    CHECK(!usi_parse_legal(&p, "P*5e", &m, err, sizeof err));
    CHECK(!usi_parse_legal(&p, "p*5e", &m, err, sizeof err));
    CHECK(!usi_parse_legal(&p, "K*5e", &m, err, sizeof err));
    CHECK(!usi_parse_legal(&p, "5c4b=", &m, err, sizeof err));
    CHECK(!usi_parse_legal(&p, "0c4b", &m, err, sizeof err));
    CHECK(strstr(err, "not a USI move") != NULL);
}
