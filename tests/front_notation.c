/*
 * front_notation.c: Japanese move text, KIF/BOD and CSA readers and writers, and
 * `tsume convert` through the binary ($TSUME_BIN, default ./tsume).
 *
 * Expected texts are exact.  The move texts were checked against tsshogi 2.2.0's
 * formatMove/formatKIFMove (SPEC §C5), which agrees with notation.c on every legal move
 * of every position along the solution lines of the problem files (928,069 moves); the
 * files written here import into tsshogi unchanged.  SPEC's verified examples: the classic
 * 3-ply line (▲５二角成 △同　銀左 ▲４二銀打, KIF ５二角成(96) / 同　銀(41) / ４二銀打),
 * D20 (６三金右 / ６三金左), D6 (２一銀不成), ６四桂 against KIF ６四桂打.
 */
#include <stdlib.h>
#include <string.h>

#include "../front/csa.h"
#include "../front/kif.h"
#include "../front/notation.h"
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "classic_kif.h"
#include "front_util.h"
#include "test.h"

#define CLASSIC "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1"
#define CLASSIC_LINE "9f5b+ 4a5b S*4b"

/* ---- helpers ---- */

static bool parse(const char *sfen, pos_t *p)
{
    char err[SFEN_ERR_MAX];
    if (sfen_parse(p, sfen, SFEN_STRICT, err, sizeof err))
        return true;
    test_fail(__FILE__, __LINE__, "bad test SFEN %s: %s", sfen, err);
    return false;
}

/* The USI moves of text played from p into moves; returns their number (-1 on error). */
static int parse_line(const pos_t *root, const char *text, move_t *moves, int max)
{
    pos_t p = *root;
    char buf[16384], err[SFEN_ERR_MAX];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", text);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        if (n == max || !usi_parse_legal(&p, tok, &moves[n], err, sizeof err)) {
            test_fail(__FILE__, __LINE__, "bad test move %s: %s", tok, err);
            return -1;
        }
        undo_t u;
        pos_do(&p, moves[n++], &u);
    }
    return n;
}

typedef struct {
    char *text;
    size_t len;
    FILE *f;
} capture_t;

static FILE *capture_begin(capture_t *c)
{
    c->text = NULL;
    c->f = open_memstream(&c->text, &c->len);
    return c->f;
}

static char *capture_end(capture_t *c)
{
    fclose(c->f);
    return c->text;
}

/* ---- move text ---- */

static const struct {
    const char *sfen, *prev, *usi, *ki2, *kif;
} MOVE_CASES[] = {
    /* SPEC §C4 classic, D20, D6 */
    {CLASSIC, NULL, "9f5b+", "▲５二角成", "５二角成(96)"},
    {"3s1s3/4+B4/4S4/9/9/9/9/9/9 w S2rb4g4n4l18p 1", "9f5b", "4a5b", "△同　銀左", "同　銀(41)"},
    {"3s5/4s4/4S4/9/9/9/9/9/9 b S2rb4g4n4l18p 1", "4a5b", "S*4b", "▲４二銀打", "４二銀打"},
    {"9/3k5/9/2G1G4/9/9/9/9/9 b G2r2bg4s4n4l18p 1", NULL, "5d6c", "▲６三金右", "６三金(54)"},
    {"9/3k5/9/2G1G4/9/9/9/9/9 b G2r2bg4s4n4l18p 1", NULL, "7d6c", "▲６三金左", "６三金(74)"},
    {"8l/6S1k/6gL1/7G1/9/9/9/9/9 b 2r2b2g3s4n2l18p 1", NULL, "3b2a", "▲２一銀不成", "２一銀(32)"},
    {"8l/6S1k/6gL1/7G1/9/9/9/9/9 b 2r2b2g3s4n2l18p 1", NULL, "3b2a+", "▲２一銀成", "２一銀成(32)"},
    /* 打 only when a board piece could go there too */
    {"4k4/9/9/9/9/9/9/9/9 b N2r2b4g4s3n4l18p 1", NULL, "N*6d", "▲６四桂", "６四桂打"},
    {"4k4/9/9/9/9/2N6/9/9/9 b N2r2b4g4s2n4l18p 1", NULL, "N*6d", "▲６四桂打", "６四桂打"},
    {"4k4/9/9/9/9/2N6/9/9/9 b N2r2b4g4s2n4l18p 1", NULL, "7f6d", "▲６四桂", "６四桂(76)"},
    /* 上/引/寄/直/右/左 and their pairs */
    {"4k4/9/9/9/5G3/3GG4/9/9/9 b 2r2b1g4s4n4l18p 1", NULL, "6f5e", "▲５五金左", "５五金(66)"},
    {"4k4/9/9/9/5G3/3GG4/9/9/9 b 2r2b1g4s4n4l18p 1", NULL, "5f5e", "▲５五金直", "５五金(56)"},
    {"4k4/9/9/9/5G3/3GG4/9/9/9 b 2r2b1g4s4n4l18p 1", NULL, "4e5e", "▲５五金寄", "５五金(45)"},
    {"4k4/9/9/9/9/3GGG3/9/9/9 b 2r2b1g4s4n4l18p 1", NULL, "4f5e", "▲５五金右", "５五金(46)"},
    {"4k4/9/9/9/3G1G3/4G4/9/9/9 b 2r2b1g4s4n4l18p 1", NULL, "5f5e", "▲５五金上", "５五金(56)"},
    {"4k4/9/9/9/3G1G3/4G4/9/9/9 b 2r2b1g4s4n4l18p 1", NULL, "4e5e", "▲５五金右", "５五金(45)"},
    {"4k4/9/9/9/3G5/3GG4/9/9/9 b 2r2b1g4s4n4l18p 1", NULL, "6f5e", "▲５五金左上", "５五金(66)"},
    {"4k4/9/9/9/3G5/3GG4/9/9/9 b 2r2b1g4s4n4l18p 1", NULL, "6e5e", "▲５五金寄", "５五金(65)"},
    {"4k4/9/9/5S3/9/3S5/9/9/9 b 2r2b4g2s4n4l18p 1", NULL, "4d5e", "▲５五銀引", "５五銀(44)"},
    {"4k4/9/9/5S3/9/3S5/9/9/9 b 2r2b4g2s4n4l18p 1", NULL, "6f5e", "▲５五銀上", "５五銀(66)"},
    {"4k4/9/9/3S1S3/9/3SS4/9/9/9 b 2r2b4g4n4l18p 1", NULL, "6d5e", "▲５五銀左引", "５五銀(64)"},
    {"4k4/9/9/3S1S3/9/3SS4/9/9/9 b 2r2b4g4n4l18p 1", NULL, "5f5e", "▲５五銀直", "５五銀(56)"},
    /* 竜 and 馬: 右/左 by where they stand, never 直 */
    {"4k4/9/9/9/+R7+R/9/9/9/9 b 2b4g4s4n4l18p 1", NULL, "9e5e", "▲５五龍左", "５五龍(95)"},
    {"4k4/9/9/9/+R7+R/9/9/9/9 b 2b4g4s4n4l18p 1", NULL, "1e5e", "▲５五龍右", "５五龍(15)"},
    {"k8/9/9/9/9/5+R3/9/9/4+R4 b 2b4g4s4n4l18p 1", NULL, "5i5e", "▲５五龍左", "５五龍(59)"},
    {"k8/9/9/9/9/5+R3/9/9/4+R4 b 2b4g4s4n4l18p 1", NULL, "4f5e", "▲５五龍右", "５五龍(46)"},
    {"4+R4/9/9/9/9/5+R3/9/9/k8 b 2b4g4s4n4l18p 1", NULL, "5a5e", "▲５五龍引", "５五龍(51)"},
    {"4+R4/9/9/9/9/5+R3/9/9/k8 b 2b4g4s4n4l18p 1", NULL, "4f5e", "▲５五龍上", "５五龍(46)"},
    {"4k4/9/9/9/9/9/9/9/+B7+B b 2r4g4s4n4l18p 1", NULL, "9i5e", "▲５五馬左", "５五馬(99)"},
    {"4k4/9/9/9/9/9/9/9/+B7+B b 2r4g4s4n4l18p 1", NULL, "1i5e", "▲５五馬右", "５五馬(19)"},
    {"k8/9/9/9/9/4+B4/9/9/+B8 b 2r4g4s4n4l18p 1", NULL, "5f5e", "▲５五馬右", "５五馬(56)"},
    /* White's point of view */
    {"4k4/9/3g1g3/9/9/9/9/9/9 w 2r2b2g4s4n4l18p 1", NULL, "6c5d", "△５四金右", "５四金(63)"},
    {"4k4/9/3g1g3/9/9/9/9/9/9 w 2r2b2g4s4n4l18p 1", NULL, "4c5d", "△５四金左", "５四金(43)"},
    {"4k4/9/9/4g4/3g5/9/9/9/9 w 2r2b2g4s4n4l18p 1", NULL, "6e5e", "△５五金寄", "５五金(65)"},
    {"4k4/9/9/4g4/3g5/9/9/9/9 w 2r2b2g4s4n4l18p 1", NULL, "5d5e", "△５五金上", "５五金(54)"},
    {"9/4k4/9/9/9/9/9/9/9 w G2r2b3g4s4n4l18p 1", NULL, "G*5c", "△５三金", "５三金打"},
    /* names of promoted pieces, 同 with them, 不成 leaving the zone */
    {"4k4/3+s1s3/4P4/9/9/9/9/9/4K4 w 2r2b4g2s4n4l17p 1", "5d5c", "6b5c", "△同　成銀", "同　成銀(62)"},
    {"4k4/3+s1s3/4P4/9/9/9/9/9/4K4 w 2r2b4g2s4n4l17p 1", "5d5c", "4b5c", "△同　銀", "同　銀(42)"},
    {"4k4/9/4+N4/4+L4/4+P4/9/9/9/4K4 b 2r2b4g4s3n3l17p 1", NULL, "5d4c", "▲４三成香", "４三成香(54)"},
    {"4k4/9/4+N4/4+L4/4+P4/9/9/9/4K4 b 2r2b4g4s3n3l17p 1", NULL, "5c4b", "▲４二成桂", "４二成桂(53)"},
    {"4k4/9/4+N4/4+L4/4+P4/9/9/9/4K4 b 2r2b4g4s3n3l17p 1", NULL, "5e4d", "▲４四と", "４四と(55)"},
    {"4k4/6S2/9/9/9/9/9/9/4K4 b 2r2b4g3s4n4l18p 1", NULL, "3b4c", "▲４三銀不成", "４三銀(32)"},
    {"4k4/9/9/9/9/9/2B6/9/4K4 b 2r4g4s4n4l18p 1", NULL, "7g3c", "▲３三角不成", "３三角(77)"},
    {"4k4/9/9/9/9/9/9/2N6/4K4 b 2r2b4g4s3n4l18p 1", NULL, "7h6f", "▲６六桂", "６六桂(78)"},
    {"9/9/9/9/9/9/9/9/4K1k2 w 2r2b4g4s4n4l18p 1", NULL, "3i3h", "△３八玉", "３八玉(39)"},
};

TEST(notation_move_texts)
{
    for (size_t i = 0; i < sizeof MOVE_CASES / sizeof MOVE_CASES[0]; i++) {
        pos_t p;
        move_t m, back;
        char err[160], text[NOTATION_MOVE_MAX];
        if (!parse(MOVE_CASES[i].sfen, &p))
            continue;
        if (!usi_parse_legal(&p, MOVE_CASES[i].usi, &m, err, sizeof err)) {
            test_fail(__FILE__, __LINE__, "case %zu: %s", i, err);
            continue;
        }
        const char *prev = MOVE_CASES[i].prev;
        square_t prev_to = prev ? make_sq(prev[2] - '1', prev[3] - 'a') : SQ_NONE;
        notation_kif_move(&p, m, prev_to, text, sizeof text);
        CHECK_STR(text, MOVE_CASES[i].ki2);
        CHECK(notation_parse_move(&p, text, prev_to, &back, NULL, err, sizeof err) && back == m);
        notation_kif_list_move(&p, m, prev_to, text, sizeof text);
        CHECK_STR(text, MOVE_CASES[i].kif);
        CHECK(notation_parse_move(&p, text, prev_to, &back, NULL, err, sizeof err) && back == m);
    }
}

TEST(notation_classic_line)
{
    pos_t p;
    move_t pv[8];
    if (!parse(CLASSIC, &p))
        return;
    int n = parse_line(&p, CLASSIC_LINE, pv, 8);
    capture_t c;
    notation_kif_line(capture_begin(&c), &p, pv, n);
    char *text = capture_end(&c);
    CHECK_STR(text, "▲５二角成 △同　銀左 ▲４二銀打\n");
    free(text);
    char each[3][NOTATION_MOVE_MAX];
    notation_kif_moves(&p, pv, n, each);
    CHECK_STR(each[1], "△同　銀左");
    /* a tiny buffer gets whole characters only */
    char small[8];
    notation_kif_move(&p, pv[0], SQ_NONE, small, sizeof small);
    CHECK_STR(small, "▲５");
}

/* Move texts and the move each must read as (NULL: an error, ambiguous or none). */
typedef struct {
    const char *written, *usi;
} written_t;

static void check_written(const pos_t *p, const written_t *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        move_t m;
        char err[160], usi[USI_MOVE_MAX];
        bool ok = notation_parse_move(p, t[i].written, SQ_NONE, &m, NULL, err, sizeof err);
        if (t[i].usi ? !ok || strcmp(usi_format(m, usi), t[i].usi) : ok)
            test_fail(__FILE__, __LINE__, "'%s': %s, want %s", t[i].written, ok ? usi_format(m, usi) : err,
                      t[i].usi ? t[i].usi : "an error");
    }
}

TEST(notation_parse_lenient)
{
    pos_t p;
    move_t m;
    char err[160], usi[USI_MOVE_MAX];
    const char *end;
    if (!parse("9/3k5/9/2G1G4/9/9/9/9/9 b G2r2bg4s4n4l18p 1", &p))
        return;
    /* ☗, ASCII digits, missing 打 when a board gold could go there is a board move... */
    CHECK(notation_parse_move(&p, "☗63金右", SQ_NONE, &m, &end, err, sizeof err));
    CHECK_STR(usi_format(m, usi), "5d6c");
    CHECK(!notation_parse_move(&p, "▲６三金", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK_STR(err, "'▲６三金' is ambiguous here");
    CHECK(notation_parse_move(&p, "▲６三金打", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK_STR(usi_format(m, usi), "G*6c");
    CHECK(!notation_parse_move(&p, "▲１一金", SQ_NONE, &m, NULL, err, sizeof err) ||
          !strcmp(usi_format(m, usi), "G*1a"));
    CHECK(!notation_parse_move(&p, "▲同　金", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK_STR(err, "'▲同　金': 同 with no previous move");
    CHECK(!notation_parse_move(&p, "▲６三飛", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK_STR(err, "'▲６三飛' is not a legal move here");
    CHECK(!notation_parse_move(&p, "投了", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK_STR(err, "'投了' is not a move");
    /* A mark for the side not to move (read as Black's move before); ▼ is Black's too. */
    CHECK(!notation_parse_move(&p, "△６三金打", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK_STR(err, "'△６三金打' is White's (後手) move, but Black is to move");
    CHECK(!notation_parse_move(&p, "☖６三金打", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK(!notation_parse_move(&p, "▽６三金打", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK(notation_parse_move(&p, "☗６三金打", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK(notation_parse_move(&p, "▼６三金打", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK(notation_parse_move(&p, "６三金打", SQ_NONE, &m, NULL, err, sizeof err));

    /* Three golds to 6c: 5d's is 右上 (two on the right, two going up), 5c's 寄, 7d's 左.
     * Modifiers are read by what they mean: in another order, or more than needed, they
     * still pick the one move that goes so; where two go so (右: 5c and 5d stand on the
     * right; 上: 5d and 7d go up) the move is ambiguous, never one of them picked. */
    if (!parse("9/1k7/4G4/2G1G4/9/9/9/9/9 b 2r2bg4s4n4l18p 1", &p))
        return;
    static const written_t mods[] = {{"▲６三金右上", "5d6c"}, {"▲６三金上右", "5d6c"}, {"▲６三金寄", "5c6c"},
                                     {"▲６三金右寄", "5c6c"}, {"▲６三金左", "7d6c"},   {"▲６三金左上", "7d6c"},
                                     {"▲６三金右", NULL},     {"▲６三金上", NULL},     {"▲６三金直", NULL},
                                     {"▲６三金引", NULL}};
    check_written(&p, mods, sizeof mods / sizeof mods[0]);
    CHECK(!notation_parse_move(&p, "▲６三金右", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK_STR(err, "'▲６三金右' is ambiguous here");
    CHECK(!notation_parse_move(&p, "▲６三金直", SQ_NONE, &m, NULL, err, sizeof err));
    CHECK_STR(err, "'▲６三金直' is not a legal move here: no piece goes as 直 says");

    /* Silvers on 4c, 6c and 4a to 5b (a reviewer's case, read as 4c5b before): 上 is 4c
     * or 6c, 右 4c or 4a; 右引 can only be 4a.  And White's mirror image. */
    if (!parse("k4S3/9/3S1S3/9/9/9/9/9/4K4 b - 1", &p))
        return;
    static const written_t silvers[] = {{"▲５二銀上", NULL},   {"▲５二銀右", NULL},     {"▲５二銀右引", "4a5b"},
                                        {"▲５二銀引", "4a5b"}, {"▲５二銀右上", "4c5b"}, {"▲５二銀左", "6c5b"}};
    check_written(&p, silvers, sizeof silvers / sizeof silvers[0]);
    if (!parse("4k4/9/9/9/9/9/3s1s3/9/3s4K w - 1", &p))
        return;
    static const written_t white[] = {
        {"△５八銀上", NULL}, {"△５八銀右", NULL}, {"△５八銀右引", "6i5h"}, {"△５八銀左", "4g5h"}};
    check_written(&p, white, sizeof white / sizeof white[0]);
}

/* ---- board and hands ---- */

#define CLASSIC_BOD                                                                                               \
    "後手の持駒：飛二　角　金四　桂四　香四　歩十八　\n" CLASSIC_KIF_BOARD                                        \
    "先手の持駒：銀　\n"                                                                                           \
    "先手番\n"

TEST(notation_board_diagram)
{
    pos_t p;
    if (!parse(CLASSIC, &p))
        return;
    capture_t c;
    notation_board(capture_begin(&c), &p);
    char *text = capture_end(&c);
    CHECK_STR(text, CLASSIC_BOD);
    free(text);
    char hand[96];
    notation_hand(0, hand, sizeof hand);
    CHECK_STR(hand, "なし");
    if (parse("4k4/9/9/9/9/9/9/9/9 w RB2G3S4N2L11Prs2l7p 1", &p)) {
        notation_hand(p.hand[BLACK], hand, sizeof hand);
        CHECK_STR(hand, "飛　角　金二　銀三　桂四　香二　歩十一　");
        notation_board(capture_begin(&c), &p);
        text = capture_end(&c);
        CHECK(strstr(text, "後手の持駒：飛　銀　香二　歩七　\n") != NULL);
        CHECK(strstr(text, "\n後手番\n") != NULL);
        free(text);
    }
}

/* ---- KIF ---- */

#define CLASSIC_KIF                                                                                               \
    "#KIF version=2.0 encoding=UTF-8\n" CLASSIC_BOD "手数----指手---------消費時間--\n"                          \
    "   1 ５二角成(96) ( 0:00/00:00:00)\n"                                                                         \
    "   2 同　銀(41)   ( 0:00/00:00:00)\n"                                                                         \
    "   3 ４二銀打     ( 0:00/00:00:00)\n"                                                                         \
    "まで3手で詰み\n"

TEST(kif_write_classic)
{
    pos_t p;
    move_t pv[8];
    if (!parse(CLASSIC, &p))
        return;
    int n = parse_line(&p, CLASSIC_LINE, pv, 8);
    capture_t c;
    kif_write(capture_begin(&c), &p, pv, n);
    char *text = capture_end(&c);
    CHECK_STR(text, CLASSIC_KIF);
    free(text);
    kif_write(capture_begin(&c), &p, pv, 2); /* not a mate */
    text = capture_end(&c);
    CHECK(strstr(text, "\n   2 同　銀(41)   ( 0:00/00:00:00)\nまで2手で中断\n") != NULL);
    free(text);
    kif_write(capture_begin(&c), &p, pv, 0);
    text = capture_end(&c);
    CHECK_STR(text, "#KIF version=2.0 encoding=UTF-8\n" CLASSIC_BOD);
    free(text);
    kif_write_ki2(capture_begin(&c), &p, pv, n);
    text = capture_end(&c);
    CHECK_STR(text, CLASSIC_BOD "▲５二角成 △同　銀左 ▲４二銀打\nまで3手で詰み\n");
    free(text);
}

/* A tsume KIF as 柿木将棋 writes it: headers, 残り全部, a comment, 詰み, a branch. */
static const char TSUME_KIF[] = "# ---- Kifu for Windows V7 V7.70 棋譜ファイル ----\n"
                                "作品番号：1\n"
                                "作品名：古典三手詰\n"
                                "作者：不詳\n"
                                "手合割：平手\n"
                                "後手の持駒：残り全部\n"
                                "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
                                "+---------------------------+\n"
                                "| ・ ・ ・v銀v玉v銀 ・ ・ ・|一\n"
                                "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
                                "| ・ ・ ・ ・ 銀 ・ ・ ・ ・|三\n"
                                "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
                                "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
                                "| 角 ・ ・ ・ ・ ・ ・ ・ ・|六\n"
                                "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
                                "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
                                "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n"
                                "+---------------------------+\n"
                                "先手の持駒：銀\n"
                                "手数----指手---------消費時間--\n"
                                "*初手は角成\n"
                                "   1 ５二角成(96)   ( 0:00/00:00:00)\n"
                                "   2 同　銀(41)   ( 0:00/00:00:00)\n"
                                "   3 ４二銀打   ( 0:00/00:00:00)\n"
                                "   4 詰み   ( 0:00/00:00:00)\n"
                                "まで3手で詰み\n"
                                "\n"
                                "変化：2手\n"
                                "   2 同　玉(51)   ( 0:00/00:00:00)\n";

/* The same problem in Shift_JIS, CRLF line ends, the moves without times. */
static const char TSUME_KIF_SJIS[] =
    "\214\343\216\350\202\314\216\235\213\356\201F\216c\202\350\221S\225\224\r\n"
    "| \201E \201E \201Ev\213\342v\213\312v\213\342 \201E \201E \201E|\210\352\r\n"
    "| \201E \201E \201E \201E \201E \201E \201E \201E \201E|\223\361\r\n"
    "| \201E \201E \201E \201E \213\342 \201E \201E \201E \201E|\216O\r\n"
    "| \201E \201E \201E \201E \201E \201E \201E \201E \201E|\216l\r\n"
    "| \201E \201E \201E \201E \201E \201E \201E \201E \201E|\214\334\r\n"
    "| \212p \201E \201E \201E \201E \201E \201E \201E \201E|\230Z\r\n"
    "| \201E \201E \201E \201E \201E \201E \201E \201E \201E|\216\265\r\n"
    "| \201E \201E \201E \201E \201E \201E \201E \201E \201E|\224\252\r\n"
    "| \201E \201E \201E \201E \201E \201E \201E \201E \201E|\213\343\r\n"
    "\220\346\216\350\202\314\216\235\213\356\201F\213\342\r\n"
    "\216\350\220\224----\216w\216\350---------\217\301\224\357\216\236\212\324--\r\n"
    "   1 \202T\223\361\212p\220\254(96)\r\n"
    "   2 \223\257\201@\213\342(41)\r\n"
    "   3 \202S\223\361\213\342\221\305\r\n";

static void check_classic_read(const char *text, bool (*reader)(const char *, int, pos_t *, move_t *, int, int *,
                                                                  char *, size_t),
                               int line)
{
    pos_t p;
    move_t moves[16];
    int n = -1;
    char err[200] = "", sfen[SFEN_MAX];
    if (!reader(text, SFEN_STRICT, &p, moves, 16, &n, err, sizeof err)) {
        test_fail(__FILE__, line, "read failed: %s", err);
        return;
    }
    if (strcmp(sfen_format(&p, sfen), CLASSIC))
        test_fail(__FILE__, line, "position %s", sfen);
    char line_text[64] = "", usi[USI_MOVE_MAX];
    for (int i = 0; i < n; i++)
        snprintf(line_text + strlen(line_text), sizeof line_text - strlen(line_text), "%s%s", i ? " " : "",
                 usi_format(moves[i], usi));
    if (strcmp(line_text, CLASSIC_LINE))
        test_fail(__FILE__, line, "line '%s'", line_text);
}

TEST(kif_read_files)
{
    check_classic_read(TSUME_KIF, kif_read_moves, __LINE__);
    check_classic_read(TSUME_KIF_SJIS, kif_read_moves, __LINE__);
    check_classic_read(CLASSIC_KIF, kif_read_moves, __LINE__);
    check_classic_read(CLASSIC_BOD "▲５二角成  △同　銀左\n▲４二銀打\nまで3手で詰み\n", kif_read_moves, __LINE__);
    /* UTF-8 BOM, a KI2 line without side marks' spacing, moves ignored by kif_read */
    check_classic_read("\xEF\xBB\xBF" CLASSIC_BOD "▲５二角成△同　銀左▲４二銀打\n", kif_read_moves, __LINE__);
    pos_t p;
    char err[200], sfen[SFEN_MAX];
    CHECK(kif_read(TSUME_KIF, &p, err, sizeof err));
    CHECK_STR(sfen_format(&p, sfen), CLASSIC);
    /* 手合割 without a diagram; hands written without separators; なし; 後手番 */
    CHECK(kif_read("手合割：平手\n", &p, err, sizeof err));
    CHECK_STR(sfen_format(&p, sfen), SFEN_STARTPOS);
    CHECK(kif_read("手合割：二枚落ち\n", &p, err, sizeof err));
    CHECK_STR(sfen_format(&p, sfen), "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    const char *rows = "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"
                       "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
                       "| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n"
                       "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
                       "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
                       "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
                       "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
                       "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
                       "| ・ ・ ・ ・ 王 ・ ・ ・ ・|九\n";
    char text[4096];
    snprintf(text, sizeof text, "上手の持駒：なし\n%s下手の持駒：飛二角金四銀3 歩１８\n後手番\n", rows);
    CHECK(kif_read(text, &p, err, sizeof err));
    CHECK_STR(sfen_format(&p, sfen), "4k4/9/9/9/9/9/9/9/4K4 w 2RB4G3S18P 1");
    /* The hand lines as other programs spell them (持ち駒, without の): read, not
     * skipped as unknown headers (both hands were lost, and the mate became a no-mate). */
    static const char *const SPELLINGS[][2] = {
        {"後手の持ち駒", "先手の持ち駒"}, {"後手持駒", "先手持駒"}, {"後手持ち駒", "先手持ち駒"}, {"上手持駒", "下手の持ち駒"}};
    for (size_t i = 0; i < sizeof SPELLINGS / sizeof SPELLINGS[0]; i++) {
        snprintf(text, sizeof text, "%s：飛二　角　金四　桂四　香四　歩十八\n" CLASSIC_KIF_BOARD "%s：銀\n",
                 SPELLINGS[i][0], SPELLINGS[i][1]);
        if (!kif_read(text, &p, err, sizeof err) || strcmp(sfen_format(&p, sfen), CLASSIC))
            test_fail(__FILE__, __LINE__, "%s/%s: %s", SPELLINGS[i][0], SPELLINGS[i][1], err);
    }
}

#define EMPTY_ROW10 "| ・ ・ ・ ・ ・ ・ ・ ・ ・|十\n"
TEST(kif_read_errors)
{
    static const struct {
        const char *text, *err;
    } CASES[] = {
        {"", "KIF: no board diagram (nine lines starting with '|') and no 手合割 line"},
        {"作品名：空\n先手番\n", "KIF: no board diagram (nine lines starting with '|') and no 手合割 line"},
        {"作品名：空\n手合割：謎落ち　\n", "KIF line 2: 手合割 '謎落ち' is none this reader knows, and there is no board diagram"},
        {"手合割：その他\n", "KIF line 1: 手合割 'その他' but no board diagram (nine lines starting with '|')"},
        {"手合割：\x01一二三四五六七八九\n", "KIF line 1: 手合割 '?一二三四五六七...' is none this reader knows, and there is no board diagram"},
        {"後手の持駒：なし\n| ・ ・ ・v銀v玉v銀 ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n",
         "KIF: the board diagram has 2 of 9 rows (truncated?)"},
        {"| ・ ・ ・v銀v玉v銀 ・ ・|一\n", "KIF line 1: board row 1 has 8 squares, expected 9"},
        {"| ・ ・ ・v銀v玉v銀 ・ ・ ・ ・|一\n", "KIF line 1: board row 1 has more than 9 squares or no closing '|'"},
        {"| ・ ・ ・v象v玉v銀 ・ ・ ・|一\n", "KIF line 1: board row 1, square 4: unknown piece '象'"},
        {"| ・ ・ ・x銀v玉v銀 ・ ・ ・|一\n", "KIF line 1: board row 1, square 4: 'x' where ' ' or 'v' should be"},
        {"| ・ ・ ・v銀v玉v銀 ・ ・ ・|三\n", "KIF line 1: board row 1 is labelled 3"},
        {"| ・ ・ ・v玉v玉v銀 ・ ・ ・|一\n", "KIF line 1: two white kings"},
        {"先手の持駒：象\n手合割：平手\n", "KIF line 1: hand: unknown piece '象'"},
        {"先手の持駒：歩十九\n手合割：平手\n", "KIF line 1: hand holds 19 歩 (at most 18 exist)"},
        {"先手の持駒：と\n手合割：平手\n", "KIF line 1: hand: と cannot be held in hand"},
        {"先手の持駒：銀0\n手合割：平手\n", "KIF line 1: hand: bad count for 銀"},
        {"先手の持駒：残り全部\n後手の持駒：残り全部\n手合割：平手\n", "KIF: both hands say 残り全部"},
        /* contradictions, not the last line's word */
        {"後手の持駒：なし\n後手の持ち駒：歩\n", "KIF line 2: a second 後手の持駒 line (the first is line 1)"},
        {"先手番\n後手番\n", "KIF line 2: 後手番 after 先手番 (line 1)"},
        {"先手の持駒：なし　歩\n手合割：平手\n", "KIF line 1: hand: なし and pieces"},
        {"後手の持駒：残り全部　歩\n手合割：平手\n", "KIF line 1: hand: 残り全部 and pieces"},
        {"先手の持駒 銀\n手合割：平手\n", "KIF line 1: a 先手の持駒 line without '：' before the pieces"},
        {"先手の持駒：歩256\n手合割：平手\n", "KIF line 1: hand: bad count for 歩"},
        {"\xff\xfe", "KIF: the text is neither UTF-8 nor Shift_JIS"},
        /* cut after the board: the attacker's hand was lost, and a wrong answer given */
        {"後手の持駒：なし\n| ・ ・ ・v銀v玉v銀 ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ 銀 ・ ・ ・ ・|三\n"
         "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| 角 ・ ・ ・ ・ ・ ・ ・ ・|六\n"
         "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n",
         "KIF: a 後手の持駒 line but no 先手の持駒 line (truncated? an empty hand is 先手の持駒：なし)"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        pos_t p;
        char err[200] = "";
        CHECK(!kif_read(CASES[i].text, &p, err, sizeof err));
        CHECK_STR(err, CASES[i].err);
        CHECK(!strchr(err, '\n'));
    }
    /* an illegal position and an illegal move in the list */
    char text[4096], err[200] = "";
    pos_t p;
    move_t moves[8];
    int n;
    snprintf(text, sizeof text, "%s", CLASSIC_BOD);
    memcpy(strstr(text, " 角 ・"), " 歩", strlen(" 歩")); /* 9f pawn: too many pawns */
    CHECK(!kif_read(text, &p, err, sizeof err));
    CHECK_STR(err, "KIF: illegal position: 19 pawns (the set has 18)");
    snprintf(text, sizeof text, "%s   1 ５二角成(96)\n   2 同　金(41)\n", CLASSIC_BOD);
    CHECK(!kif_read_moves(text, SFEN_STRICT, &p, moves, 8, &n, err, sizeof err));
    CHECK_STR(err, "KIF line 17: move 2: '同　金(41)' is not a legal move here");
    snprintf(text, sizeof text, "%s   1 ５二角成(96)\n   3 同　銀(41)\n", CLASSIC_BOD);
    CHECK(!kif_read_moves(text, SFEN_STRICT, &p, moves, 8, &n, err, sizeof err));
    CHECK_STR(err, "KIF line 17: move 3 follows move 1");
    /* A number past a long's range (UB on the + 1 after LONG_MAX; saturated, two such
     * numbers read alike) or past any record's is refused as such. */
    static const char *const HUGE_NUMBERS[] = {"9223372036854775807", "9223372036854775808", "1000000"};
    for (int i = 0; i < 3; i++) {
        snprintf(text, sizeof text, "%s   %s ５二角成(96)\n", CLASSIC_BOD, HUGE_NUMBERS[i]);
        CHECK(!kif_read_moves(text, SFEN_STRICT, &p, moves, 8, &n, err, sizeof err));
        CHECK_STR(err, "KIF line 16: move number out of range (at most 999999)");
    }
    snprintf(text, sizeof text, "%s   999999 ５二角成(96)\n", CLASSIC_BOD);
    CHECK(kif_read_moves(text, SFEN_STRICT, &p, moves, 8, &n, err, sizeof err) && n == 1);
    snprintf(text, sizeof text, "%s   1 ５二角成(96)\n   2 同　銀(41)\n", CLASSIC_BOD);
    CHECK(!kif_read_moves(text, SFEN_STRICT, &p, moves, 1, &n, err, sizeof err));
    CHECK_STR(err, "KIF line 17: more than 1 moves");
    /* A tenth row; a KI2 move that is none, shown whole (同 and its full-width space). */
    snprintf(text, sizeof text, "%s", CLASSIC_BOD);
    char *row9 = strstr(text, "|九\n") + strlen("|九\n");
    memmove(row9 + strlen(EMPTY_ROW10), row9, strlen(row9) + 1);
    memcpy(row9, EMPTY_ROW10, strlen(EMPTY_ROW10));
    CHECK(!kif_read(text, &p, err, sizeof err));
    CHECK_STR(err, "KIF line 13: a tenth board row");
    snprintf(text, sizeof text, "%s▲５二角成 ▲同　銀\n", CLASSIC_BOD);
    CHECK(!kif_read_moves(text, SFEN_STRICT, &p, moves, 8, &n, err, sizeof err));
    CHECK_STR(err, "KIF line 16: move 2: '▲同　銀' is Black's (先手) move, but White is to move");
    snprintf(text, sizeof text, "%s▲５二角成 △同　象\n", CLASSIC_BOD);
    CHECK(!kif_read_moves(text, SFEN_STRICT, &p, moves, 8, &n, err, sizeof err));
    CHECK_STR(err, "KIF line 16: move 2: '△同　象' is not a move");
    snprintf(text, sizeof text, "%s▲５二角成 △同\n", CLASSIC_BOD);
    CHECK(!kif_read_moves(text, SFEN_STRICT, &p, moves, 8, &n, err, sizeof err));
    CHECK_STR(err, "KIF line 16: move 2: '△同' is not a move");
}

/* ---- CSA ---- */

#define CLASSIC_CSA                                                                                               \
    "V2.2\n"                                                                                                       \
    "P1 *  *  * -GI-OU-GI *  *  * \n"                                                                              \
    "P2 *  *  *  *  *  *  *  *  * \n"                                                                              \
    "P3 *  *  *  * +GI *  *  *  * \n"                                                                              \
    "P4 *  *  *  *  *  *  *  *  * \n"                                                                              \
    "P5 *  *  *  *  *  *  *  *  * \n"                                                                              \
    "P6+KA *  *  *  *  *  *  *  * \n"                                                                              \
    "P7 *  *  *  *  *  *  *  *  * \n"                                                                              \
    "P8 *  *  *  *  *  *  *  *  * \n"                                                                              \
    "P9 *  *  *  *  *  *  *  *  * \n"                                                                              \
    "P+00GI\n"                                                                                                     \
    "P-00HI00HI00KA00KI00KI00KI00KI00KE00KE00KE00KE00KY00KY00KY00KY"                                               \
    "00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU\n"                                   \
    "+\n"

TEST(csa_write_classic)
{
    pos_t p;
    move_t pv[8];
    if (!parse(CLASSIC, &p))
        return;
    int n = parse_line(&p, CLASSIC_LINE, pv, 8);
    capture_t c;
    csa_write(capture_begin(&c), &p, pv, n);
    char *text = capture_end(&c);
    CHECK_STR(text, CLASSIC_CSA "+9652UM\n-4152GI\n+0042GI\n%TSUMI\n");
    free(text);
    if (parse("4k4/9/9/9/9/9/9/9/9 w - 1", &p)) {
        csa_write(capture_begin(&c), &p, NULL, 0);
        text = capture_end(&c);
        CHECK(strstr(text, "\nP1 *  *  *  * -OU *  *  *  * \n") && strstr(text, "P9 *  *  *  *  *  *  *  *  * \n-\n"));
        CHECK(!strstr(text, "P+") && !strstr(text, "P-"));
        free(text);
    }
}

/* P-00AL with CSA V3.0's header, names, information, moves with times on one line. */
static const char CSA_AL[] = "'CSA encoding=UTF-8\n"
                             "V3.0\n"
                             "N+先手\n"
                             "N-後手\n"
                             "$EVENT:古典, 三手詰\n"
                             "P1 *  *  * -GI-OU-GI *  *  *\n" /* a trimmed last cell */
                             "P2 *  *  *  *  *  *  *  *  * \n"
                             "P3 *  *  *  * +GI *  *  *  * \n"
                             "P4 *  *  *  *  *  *  *  *  * \n"
                             "P5 *  *  *  *  *  *  *  *  * \n"
                             "P6+KA *  *  *  *  *  *  *  * \n"
                             "P7 *  *  *  *  *  *  *  *  * \n"
                             "P8 *  *  *  *  *  *  *  *  * \n"
                             "P9 *  *  *  *  *  *  *  *  * \n"
                             "P+00GI\n"
                             "P-00AL\n"
                             "+\n"
                             "+9652UM,T0\n"
                             "-4152GI,T0,+0042GI\n"
                             "%TSUMI\n";

TEST(csa_read_files)
{
    check_classic_read(CSA_AL, csa_read_moves, __LINE__);
    check_classic_read(CLASSIC_CSA "+9652UM\nT1\n-4152GI\n+0042GI\n%TSUMI\n", csa_read_moves, __LINE__);
    /* the same position as piece lists only, CRLF, a comment */
    check_classic_read("' classic\r\nP-41GI51OU61GI\r\nP+53GI96KA00GI\r\nP-00AL\r\n+\r\n+9652UM\r\n-4152GI\r\n+0042GI\r\n",
                       csa_read_moves, __LINE__);
    pos_t p;
    char err[200], sfen[SFEN_MAX];
    CHECK(csa_read("PI\n+\n", &p, err, sizeof err));
    CHECK_STR(sfen_format(&p, sfen), SFEN_STARTPOS);
    CHECK(csa_read("V2.2\nPI82HI22KA\n-\n", &p, err, sizeof err));
    CHECK_STR(sfen_format(&p, sfen), "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    /* every version line of the standard (V3.0 in CSA_AL above) */
    CHECK(csa_read("V2\nPI\n+\n", &p, err, sizeof err));
    CHECK(csa_read("V2.1\nPI\n+\n", &p, err, sizeof err));
    CHECK_STR(sfen_format(&p, sfen), SFEN_STARTPOS);
    /* a second game after '/' is not read */
    CHECK(csa_read("P-51OU\nP+00AL\n-\n/\nP1 garbage\n", &p, err, sizeof err));
    CHECK_STR(sfen_format(&p, sfen), "4k4/9/9/9/9/9/9/9/9 w 2R2B4G4S4N4L18P 1");
    /* a UTF-8 BOM is skipped, as in KIF and SFEN files (it made line 1 unrecognised) */
    CHECK(csa_read("\xEF\xBB\xBFV2.2\nPI82HI22KA\n-\n", &p, err, sizeof err));
    CHECK_STR(sfen_format(&p, sfen), "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    /* and the format is told with one (the file was read as SFEN lines, or by a later line) */
    if (!fu_begin())
        return;
    fu_run_t r = fu_tsume(fu_fmt("convert --to sfen '%s'", fu_write("bom.csa", "\xEF\xBB\xBF'c\nPI\n+\n")));
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, SFEN_STARTPOS "\n");
    fu_run_free(&r);
    /* and in a SFEN file, before a comment line too (an audit's case: 'bad SFEN:
     * unexpected byte 0xef', or the comment taken for a second problem line) */
    static const char *const BOMMED[] = {"\xEF\xBB\xBF" SFEN_STARTPOS "\n", "\xEF\xBB\xBF# c\n" SFEN_STARTPOS "\n"};
    for (int i = 0; i < 2; i++) {
        r = fu_tsume(fu_fmt("convert --to sfen '%s'", fu_write("bom.sfen", BOMMED[i])));
        CHECK_INT(r.code, 0);
        CHECK_STR(r.out, SFEN_STARTPOS "\n");
        fu_run_free(&r);
    }
    fu_end();
}

#define E9 " *  *  *  *  *  *  *  *  * " /* an empty row */
TEST(csa_read_errors)
{
    static const struct {
        const char *text, *err;
    } CASES[] = {
        {"", "CSA: no side-to-move line ('+' or '-'): truncated?"},
        {"V2.2\nP1 *  *  * -GI-OU-GI *  *  * \nP2 *  *  *  *  *  *  *  *  * \n",
         "CSA: no side-to-move line ('+' or '-'): truncated?"},
        {"P1 *  *  * -GI-OU-GI *  *  * \n+\n", "CSA: row P2 is missing"},
        {"V9.9\nPI\n+\n", "CSA line 1: version 'V9.9' is not one this reader knows (V2, V2.1, V2.2, V3.0)"},
        {"'c\nV2.2x\nPI\n+\n", "CSA line 2: version 'V2.2x' is not one this reader knows (V2, V2.1, V2.2, V3.0)"},
        {"V\n", "CSA line 1: version 'V' is not one this reader knows (V2, V2.1, V2.2, V3.0)"},
        {"P3 *  *  *  * +GI *  *  *\n", "CSA line 1: row P3 has 8 squares, expected 9"},
        {"P3 *  *  *  * +GI *  *  *  *  * \n", "CSA line 1: row P3 has more than 9 squares (' *')"},
        {"P3 *  *  *  * +XX *  *  *  * \n", "CSA line 1: row P3, square 5: unknown piece '+XX'"},
        {"P3 *  *  *  * GI  *  *  *  * \n", "CSA line 1: row P3, square 5: unknown piece 'GI '"},
        {"P+53XX\n", "CSA line 1: bad piece '53XX' (expected like 63FU or 00KI)"},
        {"P+00TO\n", "CSA line 1: TO cannot be held in hand"},
        {"P+51OU59OU\n", "CSA line 1: two black kings"},
        {"P+51OU\nP-51OU\n", "CSA line 2: piece list: square 51 is already occupied"},
        {"P+00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU\n",
         "CSA line 1: black holds 19 FU (at most 18 exist)"},
        {"+\n", "CSA line 1: no position (PI, P1..P9 or P+/P- lines) before the side to move"},
        {"PI55FU\n+\n", "CSA line 1: PI: '55FU' is not a piece of the start position"},
        {"P-51OU\n+7776FU\n", "CSA line 2: a move before the side-to-move line ('+' or '-')"},
        {"P-51OU\nQ\n", "CSA line 2: unrecognised 'Q'"},
        {"P-51OU\nP+59OU\nP+00AL\nP-00AL\n+\n", "CSA: both P+00AL and P-00AL"},
        {"P-51OU\nP+52KI\n+\n", "CSA: illegal position: white is not to move but is in check"},
        {"P1 *  *  *  *  *  *  *  *  * \nP1 *  *  *  *  *  *  *  *  * \n", "CSA line 2: a second row P1"},
        {"P3 *x *  *  *  *  *  *  *  * \n", "CSA line 1: row P3, square 1: ' *x' is not a cell"},
        {"PI\nPI\n", "CSA line 2: a second PI"},
        {"P-51OU\nP+11AL\n", "CSA line 2: AL needs square 00"},
        {"PI\nP1" E9 "\nP2" E9 "\nP3" E9 "\nP4" E9 "\nP5" E9 "\nP6" E9 "\nP7" E9 "\nP8" E9 "\nP9" E9 "\n+\n",
         "CSA: both PI and rows P1..P9"},
    };
#undef E9
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        pos_t p;
        char err[200] = "";
        CHECK(!csa_read(CASES[i].text, &p, err, sizeof err));
        CHECK_STR(err, CASES[i].err);
    }
    static const struct {
        const char *moves, *err;
    } MOVES[] = {
        {"+9652UM\n-4152KI\n", "CSA line 15: move 2 '-4152KI': the piece on 41 is GI"},
        {"+9652UM\n+4152GI\n", "CSA line 15: move 2 '+4152GI' is black's, but white is to move"},
        {"+9652UM\n-4252GI\n", "CSA line 15: move 2 '-4252GI': no white piece on 42"},
        {"+9653UM\n", "CSA line 14: move 1 '+9653UM' is illegal here"},
        {"+9652U\n", "CSA line 14: '+9652U' is not a move (like +7776FU)"},
        {"+0052TO\n", "CSA line 14: move 1 '+0052TO': TO cannot be dropped"},
        {"+9652UM\n?\n", "CSA line 15: unrecognised '?' among the moves"},
    };
    for (size_t i = 0; i < sizeof MOVES / sizeof MOVES[0]; i++) {
        char text[2048], err[200] = "";
        pos_t p;
        move_t moves[8];
        int n;
        snprintf(text, sizeof text, "%s%s", CLASSIC_CSA, MOVES[i].moves);
        CHECK(!csa_read_moves(text, SFEN_STRICT, &p, moves, 8, &n, err, sizeof err));
        CHECK_STR(err, MOVES[i].err);
    }
    /* More moves than the caller has room for (8 here). */
    pos_t p;
    move_t moves[8];
    int n;
    char err[200] = "";
    CHECK(!csa_read_moves("PI\n+\n+7776FU\n-3334FU\n+2726FU\n-8384FU\n+2625FU\n-8485FU\n+6978KI\n-4132KI\n+2524FU\n",
                          SFEN_STRICT, &p, moves, 8, &n, err, sizeof err));
    CHECK_STR(err, "CSA line 11: more than 8 moves");
}

/* ---- round trips on every problem of problems/zuko.sfen, with its solution ---- */

TEST(notation_round_trips_zuko)
{
    FILE *f = fopen("problems/zuko.sfen", "r");
    if (!f) {
        test_fail(__FILE__, __LINE__, "cannot open problems/zuko.sfen (run from the repository root)");
        return;
    }
    static char line[1 << 16];
    int problems = 0, with_lines = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, "\r\n")] = 0;
        char *col[4] = {line, NULL, NULL, NULL};
        for (int k = 1; k < 4 && col[k - 1] && (col[k] = strchr(col[k - 1], '\t')); k++)
            *col[k]++ = 0;
        pos_t root;
        if (!parse(col[0], &root))
            continue;
        problems++;
        static move_t pv[2048];
        int n = col[2] && strcmp(col[2], "-") ? parse_line(&root, col[2], pv, 2048) : 0;
        if (n < 0)
            continue;
        with_lines += n > 0;
        char want[SFEN_MAX], got[SFEN_MAX], err[200];
        sfen_format(&root, want);
        for (int form = 0; form < 3; form++) {
            capture_t c;
            FILE *out = capture_begin(&c);
            if (form == 0)
                kif_write(out, &root, pv, n);
            else if (form == 1)
                kif_write_ki2(out, &root, pv, n);
            else
                csa_write(out, &root, pv, n);
            char *text = capture_end(&c);
            static move_t back[2048];
            int nb = -1;
            pos_t p;
            bool ok = form < 2 ? kif_read_moves(text, SFEN_STRICT, &p, back, 2048, &nb, err, sizeof err)
                               : csa_read_moves(text, SFEN_STRICT, &p, back, 2048, &nb, err, sizeof err);
            if (!ok)
                test_fail(__FILE__, __LINE__, "%s form %d: %s", col[0], form, err);
            else if (strcmp(sfen_format(&p, got), want) || nb != n || memcmp(back, pv, (size_t)n * sizeof *pv))
                test_fail(__FILE__, __LINE__, "%s form %d: read back %s and %d of %d moves", col[0], form, got, nb, n);
            /* the position alone, through the plain readers */
            ok = form == 0 ? kif_read(text, &p, err, sizeof err) : form == 2 ? csa_read(text, &p, err, sizeof err) : true;
            if (form != 1 && (!ok || !pos_equal(&p, &root)))
                test_fail(__FILE__, __LINE__, "%s form %d: position alone: %s", col[0], form, ok ? "differs" : err);
            free(text);
        }
    }
    fclose(f);
    CHECK_INT(problems, 100 + 4); /* 図巧 has 100 problems; the file adds 4 alternates */
    CHECK(with_lines >= 100);
}

/* ---- tsume convert through the binary ---- */

/* Runs "BIN convert ARGS" (shell text) in the scratch directory, so that ARGS can name its
 * files, with stdin from the scratch file `in` if given. */
static fu_run_t convert(const char *args, const char *in)
{
    return fu_shell(fu_fmt("cd '%s' && '%s' convert %s <'%s'", fu_path("."), fu_bin(), args, in ? in : "/dev/null"));
}

TEST(convert_binary)
{
    if (!fu_begin())
        return;
    fu_write("p.sfen", "# the classic\n" CLASSIC "\t3\t" CLASSIC_LINE "\t# notes\n");
    fu_write("p.kif", TSUME_KIF);
    fu_write("p.csa", CSA_AL);
    fu_write("sjis.kif", TSUME_KIF_SJIS);
    fu_write("bad.kif", "後手の持駒：なし\n| ・ ・ ・v銀v玉v銀 ・ ・ ・|一\n");
    fu_write("bad.csa", "P1 *  *  * -GI-OU-GI *  *  * \nP2 *  *  * \n");
    fu_write("two.sfen", CLASSIC "\n" CLASSIC "\n");
    fu_write("junk", "hello\n");
    fu_write("comment.sfen", "# only a comment\n\n");
    fu_write("badline.sfen", CLASSIC "\t3\t9f5b+ 4a5b 5a5b\n");
    /* A line cut short states no mate length (a reviewer's case: it became one), and a
     * game record's moves lead to the position solve asks about. */
    fu_write("part.sfen", CLASSIC "\t-\t9f5b+ 4a5b\n");
    fu_write("game.kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
                         "   3 ２二角成(88)\n");
    const char *nul = fu_path("nul.txt");
    FILE *f = fopen(nul, "wb");
    if (f)
        fwrite("abc\0def\n", 1, 8, f), fclose(f);

    static const struct {
        const char *args, *in, *out;
    } OK[] = {
        {"--to kif p.sfen", NULL, CLASSIC_KIF},
        {"--to sfen p.kif", NULL, CLASSIC "\t3\t" CLASSIC_LINE "\n"},
        {"--to sfen p.csa", NULL, CLASSIC "\t3\t" CLASSIC_LINE "\n"},
        {"--to sfen sjis.kif", NULL, CLASSIC "\t3\t" CLASSIC_LINE "\n"},
        {"--to csa -", "p.kif", CLASSIC_CSA "+9652UM\n-4152GI\n+0042GI\n%TSUMI\n"},
        {"--to csa", "p.sfen", CLASSIC_CSA "+9652UM\n-4152GI\n+0042GI\n%TSUMI\n"},
        {"--to ki2 p.csa", NULL, CLASSIC_BOD "▲５二角成 △同　銀左 ▲４二銀打\nまで3手で詰み\n"},
        {"--no-moves --to sfen p.kif", NULL, CLASSIC "\n"},
        {"--to kif '" CLASSIC "'", NULL, "#KIF version=2.0 encoding=UTF-8\n" CLASSIC_BOD},
        {"--to sfen " CLASSIC, NULL, CLASSIC "\n"},
        {"--to sfen -- " CLASSIC, NULL, CLASSIC "\n"}, /* '--' ends the options, as elsewhere */
        {"--to sfen --from kif p.kif", NULL, CLASSIC "\t3\t" CLASSIC_LINE "\n"},
        {"--to=sfen --from=csa p.csa", NULL, CLASSIC "\t3\t" CLASSIC_LINE "\n"},
        {"--to sfen part.sfen", NULL, CLASSIC "\t-\t9f5b+ 4a5b\n"},
        {"--to sfen game.kif", NULL,
         "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d 8h2b+\n"},
    };
    for (size_t i = 0; i < sizeof OK / sizeof OK[0]; i++) {
        fu_run_t r = convert(OK[i].args, OK[i].in);
        if (r.code != 0 || strcmp(r.out, OK[i].out) || r.err[0])
            test_fail(__FILE__, __LINE__, "convert %s: exit %d\n      stdout \"%s\"\n      stderr \"%s\"", OK[i].args,
                      r.code, r.out, r.err);
        fu_run_free(&r);
    }

    fu_run_t r = convert("--help", NULL);
    CHECK_INT(r.code, 0);
    CHECK(!strncmp(r.out, "usage: tsume convert --to sfen|kif|ki2|csa", 42));
    fu_run_free(&r);

    static const struct {
        const char *args, *in, *err;
    } BAD[] = {
        {"--to sfen bad.kif", NULL, "tsume: convert: bad.kif: KIF: the board diagram has 1 of 9 rows (truncated?)\n"},
        {"--to sfen bad.csa", NULL, "tsume: convert: bad.csa: CSA line 2: row P2 has 3 squares, expected 9\n"},
        {"--to kif two.sfen", NULL,
         "tsume: convert: two.sfen: 2 problem lines: convert takes one (e.g. sed -n 5p FILE | tsume convert ... -)\n"},
        {"--to kif", "junk", "tsume: convert: stdin: not SFEN, KIF or CSA as far as can be told (try --from)\n"},
        {"--to kif", NULL, "tsume: convert: stdin: not SFEN, KIF or CSA as far as can be told (try --from)\n"},
        {"p.kif", NULL, "tsume: convert: --to sfen|kif|ki2|csa is required (see 'tsume convert --help')\n"},
        {"--to xml p.kif", NULL, "tsume: convert: unknown output format 'xml' (sfen, kif, ki2 or csa)\n"},
        {"--to kif --from ki2 p.kif", NULL, "tsume: convert: unknown input format 'ki2' (sfen, kif or csa)\n"},
        {"--to kif --fast p.kif", NULL, "tsume: convert: unknown option '--fast' (see 'tsume convert --help')\n"},
        {"--to kif nosuch.kif", NULL, "tsume: convert: cannot open 'nosuch.kif': No such file or directory\n"},
        /* A path, not a position: one word with fewer '/' than a board has. */
        {"--to kif no/such.kif", NULL, "tsume: convert: cannot open 'no/such.kif': No such file or directory\n"},
        {"--to kif 4k4/9/4P4/9/9/9/9/9/9", NULL, "tsume: convert: SFEN: bad SFEN: side to move must be 'b' or 'w'\n"},
        /* a quoted position is one word with spaces: position text, not a file name */
        {"--to kif '3sks3/9/4S4/9/9/B8/9/9 b S 1'", NULL, "tsume: convert: SFEN: bad SFEN: board has 8 ranks, expected 9\n"},
        {"--to kif --from csa p.kif", NULL, "tsume: convert: p.kif: CSA line 1: unrecognised '# ---- Kifu for Windows ...'\n"},
        {"--to kif 9/9/9 b - 1", NULL, "tsume: convert: SFEN: bad SFEN: board has 3 ranks, expected 9\n"},
        {"--to", NULL, "tsume: convert: --to needs a format (sfen, kif, ki2 or csa)\n"},
        {"--to kif nul.txt", NULL, "tsume: convert: nul.txt: the input holds a NUL byte: not a text file\n"},
        {"--to kif --from sfen comment.sfen", NULL, "tsume: convert: comment.sfen: no SFEN in the input\n"},
        {"--to kif badline.sfen", NULL,
         "tsume: convert: badline.sfen: move 3 of the line: illegal move '5a5b' in this position\n"},
        {"--to sfen /dev/zero", NULL, "tsume: convert: /dev/zero: larger than 16 MiB\n"},
        {"--to kif p.sfen p.kif", NULL,
         "tsume: convert: one input only: a FILE, '-' or a SFEN, and 2 words were given ('p.sfen' is no SFEN)\n"},
        {"--to kif --to csa p.sfen", NULL, "tsume: convert: --to given twice\n"},
    };
    /* A file past the reader's first 64 KiB: 3,000 comment lines before the problem. */
    static char big[200000];
    size_t used = 0;
    for (int i = 0; i < 3000; i++)
        used += (size_t)snprintf(big + used, sizeof big - used, "# comment %d, padding the file past 64 KiB\n", i);
    snprintf(big + used, sizeof big - used, "%s\t3\t%s\n", CLASSIC, CLASSIC_LINE);
    fu_write("big.sfen", big);
    r = convert("--to sfen big.sfen", NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, CLASSIC "\t3\t" CLASSIC_LINE "\n");
    fu_run_free(&r);
    r = convert("--to kif part.sfen", NULL);
    CHECK(strstr(r.out, "まで2手で中断") != NULL);
    fu_write("part.kif", r.out);
    fu_run_free(&r);
    r = convert("--to sfen part.kif", NULL);
    CHECK_STR(r.out, CLASSIC "\t-\t9f5b+ 4a5b\n");
    fu_run_free(&r);
    r = convert("--to sfen 'startpos moves 7g7f'", NULL);
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n");
    fu_run_free(&r);
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        r = convert(BAD[i].args, BAD[i].in);
        if (r.code != 2 || r.out[0] || strcmp(r.err, BAD[i].err))
            test_fail(__FILE__, __LINE__, "convert %s: exit %d\n      stdout \"%s\"\n      stderr \"%s\"", BAD[i].args,
                      r.code, r.out, r.err);
        fu_run_free(&r);
    }

    fu_end();
}
