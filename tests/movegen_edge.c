/*
 * movegen_edge.c: edge cases of the move generators with exact expected move lists.
 *
 * Each test loads a small position (most from SPEC.md section D, the rest built to
 * isolate one rule), runs mg_legal, mg_checks or mg_evasions, and compares the sorted,
 * space-joined USI list with a literal string.  Every literal was produced by the
 * independent oracle (shogiops and tsshogi, which agreed on all of them), never copied
 * from our own output.  A prefix argument narrows a list to the moves whose USI text
 * starts with it ("P*1", "2d"), which keeps long lists readable while staying exact.
 */
#include <stdlib.h>
#include <string.h>

#include "../movegen/mate1.h"
#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "test.h"

enum gen_kind { GEN_LEGAL, GEN_CHECKS, GEN_EVASIONS };

/* Loads "SFEN" or "sfen SFEN moves M..." (each move checked for legality). */
static bool load(pos_t *p, const char *text)
{
    char err[SFEN_ERR_MAX];
    if (sfen_parse_position(p, text, SFEN_STRICT, err, sizeof err))
        return true;
    test_fail(__FILE__, __LINE__, "cannot load \"%s\": %s", text, err);
    return false;
}

static int cmp_usi(const void *a, const void *b) { return strcmp(a, b); }

static int generate(const pos_t *p, enum gen_kind kind, move_t *out)
{
    switch (kind) {
    case GEN_LEGAL:
        return mg_legal(p, out);
    case GEN_CHECKS:
        return mg_checks(p, out);
    default:
        return mg_evasions(p, out);
    }
}

/* The moves of the given kind whose USI starts with prefix, sorted and joined by spaces.
 * The result lives in one of a few rotating static buffers. */
static const char *gen_list(const pos_t *p, enum gen_kind kind, const char *prefix)
{
    static char out[4][MG_MAX_MOVES * USI_MOVE_MAX];
    static int k;
    char *buf = out[k++ & 3];
    move_t moves[MG_MAX_MOVES];
    static char usi[MG_MAX_MOVES][USI_MOVE_MAX];

    if (kind == GEN_EVASIONS && !pos_in_check(p))
        return "<not in check>";
    int n = generate(p, kind, moves);
    int kept = 0;
    for (int i = 0; i < n; i++) {
        usi_format(moves[i], usi[kept]);
        if (strncmp(usi[kept], prefix, strlen(prefix)) == 0)
            kept++;
    }
    qsort(usi, (size_t)kept, sizeof usi[0], cmp_usi);
    buf[0] = '\0';
    size_t len = 0;
    for (int i = 0; i < kept; i++)
        len += (size_t)snprintf(buf + len, sizeof out[0] - len, "%s%s", i ? " " : "", usi[i]);
    return buf;
}

/* gen_list on a position given as text. */
static const char *list(const char *text, enum gen_kind kind, const char *prefix)
{
    pos_t p;
    if (!load(&p, text))
        return "<load error>";
    return gen_list(&p, kind, prefix);
}

static int count(const char *text, enum gen_kind kind)
{
    pos_t p;
    move_t moves[MG_MAX_MOVES];
    if (!load(&p, text) || (kind == GEN_EVASIONS && !pos_in_check(&p)))
        return -1;
    return generate(&p, kind, moves);
}

/* Whether a pawn dropped on the square named by usi_sq would give mate (uchifuzume). */
static bool drop_mates(const char *text, const char *usi_sq)
{
    pos_t p;
    if (!load(&p, text))
        return false;
    square_t to = make_sq(usi_sq[0] - '1', usi_sq[1] - 'a');
    return mg_pawn_drop_mates(&p, to);
}

/* mg_mate1 on the position: the USI of its answer ("" for MOVE_NONE).  Also checks that
 * the position is restored and that the answer really mates (check, no evasion). */
static const char *mate1(const char *text)
{
    static char buf[4][USI_MOVE_MAX];
    static int k;
    char *out = buf[k++ & 3];
    pos_t p, saved;
    if (!load(&p, text))
        return "<load error>";
    saved = p;
    move_t m = mg_mate1(&p);
    CHECK(pos_equal(&p, &saved));
    CHECK_INT(pos_key(&p), pos_key(&saved));
    if (m == MOVE_NONE) {
        out[0] = '\0';
        return out;
    }
    usi_format(m, out);
    move_t ev[MG_MAX_MOVES];
    undo_t u;
    pos_do(&p, m, &u);
    CHECK(pos_in_check(&p));
    if (pos_in_check(&p)) {
        CHECK_INT(mg_evasions(&p, ev), 0);
        CHECK(!mg_has_evasion(&p));
    }
    pos_undo(&p, m, &u);
    CHECK(pos_equal(&p, &saved));
    return out;
}

/* ---------------------------------------------------------------- uchifuzume */

#define D1 "8k/7g1/8N/5B1N1/9/9/9/9/9 b P2rb3g4s2n4l17p 1"
#define D2 "7lk/9/7G1/9/9/9/7K1/9/9 b P2r2b3g4s4n3l17p 1"
#define D3 "8k/6Sg1/8P/5B1N1/9/9/9/9/9 b 2rb3g3s3n4l17p 1"
#define D4 "8k/6Sg1/9/5B1N1/9/9/9/9/9 b P2rb3g3s3n4l17p 1"
#define D5A "6B1k/9/9/7N1/9/9/9/9/9 b P2rb4g4s3n4l17p 1"
#define D5B "6+B1k/9/9/7N1/9/9/9/9/9 b P2rb4g4s3n4l17p 1"
#define D6 "8l/6S1k/6gL1/7G1/9/9/9/9/9 b 2r2b2g3s4n2l18p 1"
#define D10 "8k/9/9/9/8S/9/9/9/8L b 2r2b4g3s4n3l18p 1"
#define D11 "6g1k/6S2/6G1N/9/8R/9/9/9/9 b r2b2g3s3n4l18p 1"
#define D22 "k8/2K6/9/7BB/7LL/7LL/8R/p2NNSSGG/P2NNSSGG b 16p 1"
#define D23 "l1+L6/9/p1pL3Gp/2s+Bp1pp1/2Np3P1/P1P6/1PKP1SB1P/2Gg+nr3/L4k3 b RG2SN5Pn 179"
#define D24 "kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1"

/* D1: after P*1b the only piece that could take the pawn, gold 2b, is pinned by B4d, so
 * the drop mates and must not be generated, neither as a check nor as a legal move. */
TEST(edge_uchifuzume_d1_pinned_capturer)
{
    CHECK_STR(list(D1, GEN_CHECKS, ""), "1c2a+ 2d1b+ 4d2b 4d2b+");
    CHECK_STR(list(D1, GEN_LEGAL, "P*1"), "P*1d P*1e P*1f P*1g P*1h P*1i");
    CHECK_INT(count(D1, GEN_LEGAL), 88);
    CHECK(drop_mates(D1, "1b"));
}

/* D2: the pawn on 1b is protected only by gold 2c, itself pinned against Black's king by
 * lance 2a; a pinned piece still protects, so K×1b is illegal and P*1b mates: illegal. */
TEST(edge_uchifuzume_d2_pinned_protector)
{
    CHECK_STR(list(D2, GEN_CHECKS, ""), "2c2b");
    CHECK_STR(list(D2, GEN_LEGAL, "P*1"), "P*1c P*1d P*1e P*1f P*1g P*1h P*1i");
    CHECK_INT(count(D2, GEN_LEGAL), 79);
    CHECK(drop_mates(D2, "1b"));
}

/* D3: a pawn MOVED to give mate is legal (1c1b and 1c1b+ are generated and mate); the
 * knight going to rank b must promote, so 2d1b does not exist, only 2d1b+. */
TEST(edge_pawn_push_mate_d3)
{
    CHECK_STR(list(D3, GEN_CHECKS, ""), "1c1b 1c1b+ 2d1b+ 3b2a+ 4d2b 4d2b+");
    CHECK_STR(list(D3, GEN_LEGAL, "2d"), "2d1b+");
    CHECK_STR(list(D3, GEN_LEGAL, "1c"), "1c1b 1c1b+");
    CHECK_STR(list("sfen " D3 " moves 1c1b", GEN_EVASIONS, ""), "");
    CHECK_STR(list("sfen " D3 " moves 1c1b+", GEN_EVASIONS, ""), "");
    CHECK_STR(list("sfen " D3 " moves 2d1b+", GEN_EVASIONS, ""), "");
}

/* D4: D3 with the pawn in hand: dropping it on 1b would mate, so it is not generated. */
TEST(edge_uchifuzume_d4_drop)
{
    CHECK_STR(list(D4, GEN_CHECKS, ""), "2d1b+ 3b2a+ 4d2b 4d2b+");
    CHECK_STR(list(D4, GEN_LEGAL, "P*1"), "P*1c P*1d P*1e P*1f P*1g P*1h P*1i");
    CHECK_STR(list(D4, GEN_LEGAL, "2d"), "2d1b+");
    CHECK_INT(count(D4, GEN_LEGAL), 96);
    CHECK(drop_mates(D4, "1b"));
}

/* D5 (a): with an unpromoted bishop on 3a the king escapes to 2a, so P*1b is a legal
 * check whose only reply is 1a2a. */
TEST(edge_uchifuzume_d5a_escape_makes_drop_legal)
{
    CHECK_STR(list(D5A, GEN_CHECKS, ""), "2d1b+ 3a2b 3a2b+ P*1b");
    CHECK_STR(list("sfen " D5A " moves P*1b", GEN_EVASIONS, ""), "1a2a");
    CHECK(!drop_mates(D5A, "1b"));
}

/* D5 (b): the same with a horse on 3a, which covers 2a: now P*1b mates and is illegal. */
TEST(edge_uchifuzume_d5b_horse_covers_escape)
{
    CHECK_STR(list(D5B, GEN_CHECKS, ""), "2d1b+ 3a2a 3a2b");
    CHECK_STR(list(D5B, GEN_LEGAL, "P*1"), "P*1c P*1d P*1e P*1f P*1g P*1h P*1i");
    CHECK_INT(count(D5B, GEN_LEGAL), 83);
    CHECK(drop_mates(D5B, "1b"));
}

/* D24: SPEC calls it "pawn drop that is not mate", but the oracle says P*9b DOES mate
 * (the white silver on 8b cannot move sideways, N8d protects 9b), so the drop is illegal
 * and the only check is 8d9b+, which the king answers by capturing: no mate in 1. */
TEST(edge_uchifuzume_d24)
{
    CHECK_STR(list(D24, GEN_CHECKS, ""), "8d9b+");
    CHECK_STR(list(D24, GEN_LEGAL, "P*9"), "P*9c P*9d P*9e P*9f P*9g P*9h P*9i");
    CHECK_INT(count(D24, GEN_LEGAL), 71);
    CHECK(drop_mates(D24, "9b"));
    CHECK_STR(list("sfen " D24 " moves 8d9b+", GEN_EVASIONS, ""), "9a9b");
}

/* Built: a pawn drop check whose only answer is the king capturing the unprotected pawn
 * (2a and 2b hold White's own pieces) is not mate, hence legal. */
TEST(edge_pawn_drop_check_king_captures)
{
    const char *s = "7nk/7p1/9/9/9/9/9/9/9 b P 1";
    CHECK_STR(list(s, GEN_CHECKS, ""), "P*1b");
    CHECK_STR(list(s, GEN_LEGAL, "P*1"), "P*1b P*1c P*1d P*1e P*1f P*1g P*1h P*1i");
    CHECK(!drop_mates(s, "1b"));
    CHECK_STR(list("sfen 7nk/7p1/9/9/9/9/9/9/9 b P 1 moves P*1b", GEN_EVASIONS, ""), "1a1b");
}

/* ---------------------------------------------------------------- promotion */

/* Built: Black pawn and lance to rank a promote only; knight to ranks a-b promotes only,
 * knight to rank c may choose; lance to rank b may choose. */
TEST(edge_promo_forced_black)
{
    CHECK_STR(list("9/7P1/5L3/3N5/1N7/9/9/9/k8 b - 1", GEN_LEGAL, ""),
              "2b2a+ 4c4a+ 4c4b 4c4b+ 6d5b+ 6d7b+ 8e7c 8e7c+ 8e9c 8e9c+");
}

/* Built: the same for White, whose last ranks are i and h. */
TEST(edge_promo_forced_white)
{
    CHECK_STR(list("8K/9/9/9/7n1/5n3/3l5/1p7/9 w - 1", GEN_LEGAL, ""),
              "2e1g 2e1g+ 2e3g 2e3g+ 4f3h+ 4f5h+ 6g6h 6g6h+ 6g6i+ 8h8i+");
}

/* Built: silvers entering (5d), moving inside (2b) and leaving (8c to rank d) the zone
 * all may promote or not; 5d to rank e never touches the zone, so no promotion. */
TEST(edge_promo_optional_silver_black)
{
    CHECK_STR(list("9/7S1/1S7/4S4/9/9/9/9/8k b - 1", GEN_LEGAL, ""),
              "2b1a 2b1a+ 2b1c 2b1c+ 2b2a 2b2a+ 2b3a 2b3a+ 2b3c 2b3c+ "
              "5d4c 5d4c+ 5d4e 5d5c 5d5c+ 5d6c 5d6c+ 5d6e "
              "8c7b 8c7b+ 8c7d 8c7d+ 8c8b 8c8b+ 8c9b 8c9b+ 8c9d 8c9d+");
}

/* Built: the mirror for White (zone = ranks g-i). */
TEST(edge_promo_optional_silver_white)
{
    CHECK_STR(list("K8/9/9/9/4s4/9/7s1/1s7/9 w - 1", GEN_LEGAL, ""),
              "2g1f 2g1f+ 2g1h 2g1h+ 2g2h 2g2h+ 2g3f 2g3f+ 2g3h 2g3h+ "
              "5e4d 5e4f 5e5f 5e6d 5e6f "
              "8h7g 8h7g+ 8h7i 8h7i+ 8h8i 8h8i+ 8h9g 8h9g+ 8h9i 8h9i+");
}

/* Built: rook and bishop non-promotions are generated next to the promotions: the rook
 * on 2c (in the zone) may promote on every move, also leaving; the bishop on 8d may
 * promote only on its moves into ranks a-c. */
TEST(edge_promo_optional_rook_bishop)
{
    const char *s = "9/9/4P2R1/1B7/9/7P1/9/9/8k b - 1";
    CHECK_STR(list(s, GEN_LEGAL, "2c"),
              "2c1c 2c1c+ 2c2a 2c2a+ 2c2b 2c2b+ 2c2d 2c2d+ 2c2e 2c2e+ 2c3c 2c3c+ 2c4c 2c4c+");
    CHECK_STR(list(s, GEN_LEGAL, "8d"),
              "8d3i 8d4h 8d5a 8d5a+ 8d5g 8d6b 8d6b+ 8d6f 8d7c 8d7c+ 8d7e 8d9c 8d9c+ 8d9e");
    CHECK_STR(list(s, GEN_LEGAL, "5c"), "5c5b 5c5b+");
    CHECK_INT(count(s, GEN_LEGAL), 31);
}

/* D6: only the non-promotion 3b2a mates (a silver keeps its back diagonals); 3b2a+ is
 * legal but not even a check, so mg_checks must list 3b2a alone. */
TEST(edge_promo_d6_nonpromotion_mate)
{
    CHECK_STR(list(D6, GEN_CHECKS, ""), "2c2b+ 2d1c 3b2a");
    CHECK_STR(list(D6, GEN_LEGAL, "3b"), "3b2a 3b2a+ 3b3a 3b3a+ 3b4a 3b4a+ 3b4c 3b4c+");
    CHECK_STR(list("sfen " D6 " moves 3b2a", GEN_EVASIONS, ""), "");
}

/* ---------------------------------------------------------------- nifu */

/* Built: Black cannot drop a pawn on file 5 (own pawn 5g) but may on file 3, whose only
 * pawn is a tokin, and on file 7, whose pawn is White's. */
TEST(edge_nifu_black)
{
    const char *s = "8k/9/2p3+P2/9/9/9/4P4/9/9 b P 1";
    CHECK_STR(list(s, GEN_LEGAL, "P*5"), "");
    CHECK_STR(list(s, GEN_LEGAL, "P*3"), "P*3b P*3d P*3e P*3f P*3g P*3h P*3i");
    CHECK_STR(list(s, GEN_LEGAL, "P*7"), "P*7b P*7d P*7e P*7f P*7g P*7h P*7i");
    CHECK_INT(count(s, GEN_LEGAL), 69);
}

/* Built: the mirror for White (own pawn 5c, own tokin 3g, Black pawn 7g). */
TEST(edge_nifu_white)
{
    const char *s = "9/9/4p4/9/9/9/2P3+p2/9/K8 w p 1";
    CHECK_STR(list(s, GEN_LEGAL, "P*5"), "");
    CHECK_STR(list(s, GEN_LEGAL, "P*3"), "P*3a P*3b P*3c P*3d P*3e P*3f P*3h");
    CHECK_STR(list(s, GEN_LEGAL, "P*7"), "P*7a P*7b P*7c P*7d P*7e P*7f P*7h");
    CHECK_INT(count(s, GEN_LEGAL), 69);
}

/* D22: after 1g9g White's pawns in hand cannot interpose on file 9 (own pawn 9h): mate;
 * after 2d4f the diagonal can be blocked by pawn drops on files 5-8. */
TEST(edge_nifu_d22)
{
    CHECK_STR(list(D22, GEN_CHECKS, ""), "1g9g 2d4f");
    CHECK_STR(list("sfen " D22 " moves 1g9g", GEN_EVASIONS, ""), "");
    CHECK_STR(list("sfen " D22 " moves 2d4f", GEN_EVASIONS, ""), "9a9b P*5e P*6d P*7c P*8b");
}

/* ---------------------------------------------------------------- discovered checks */

/* Built: the silver on 1c screens lance 1i from king 1a; every sideways silver move
 * discovers check, with and without promotion (into 2b and out to 2d alike). */
TEST(edge_discovered_check_with_promotion)
{
    CHECK_STR(list("8k/9/8S/9/9/9/9/9/8L b - 1", GEN_CHECKS, ""),
              "1c1b 1c1b+ 1c2b 1c2b+ 1c2d 1c2d+");
}

/* D10: the silver moving along the lance's line (1e1d) stays a blocker: no check. */
TEST(edge_discovered_check_d10)
{
    CHECK_STR(list(D10, GEN_CHECKS, ""), "1e2d 1e2f");
    CHECK_STR(list(D10, GEN_LEGAL, "1e"), "1e1d 1e2d 1e2f");
}

/* Built (two kings): Black's own king screens rook 1i; stepping off file 1 discovers
 * check, stepping along it (1d, 1f) does not, nor does any rook move. */
TEST(edge_discovered_check_by_king)
{
    const char *s = "8k/9/9/9/8K/9/9/9/8R b - 1";
    CHECK_STR(list(s, GEN_CHECKS, ""), "1e2d 1e2e 1e2f");
    CHECK_STR(list(s, GEN_LEGAL, "1e"), "1e1d 1e1f 1e2d 1e2e 1e2f");
}

/* ---------------------------------------------------------------- evasions */

/* D11: 1c2a+ gives double check (rook 1e discovered, promoted knight on 2a); the
 * unpromoted 1c2a is illegal (dead knight); after 1c2a+ there is no evasion although gold 3a could
 * capture either checker alone. */
TEST(edge_double_check_d11)
{
    pos_t p;
    CHECK_STR(list(D11, GEN_CHECKS, ""), "1c2a+ 3b2a+ 3c2b");
    CHECK_STR(list(D11, GEN_LEGAL, "1c"), "1c2a+");
    if (load(&p, "sfen " D11 " moves 1c2a+")) {
        CHECK_INT(bb_count(p.checkers), 2);
        CHECK_STR(gen_list(&p, GEN_EVASIONS, ""), "");
        CHECK(!mg_has_evasion(&p));
    }
}

/* Built: double check by rook 5i and bishop 9e: only king moves, not along either line
 * (5b, 6b); gold 9d could capture the bishop and gold 6c or a gold drop interpose, but a
 * double check allows neither. */
TEST(edge_double_check_king_moves_only)
{
    const char *s = "4k4/9/3g5/g8/B8/9/9/9/4R4 w G 1";
    pos_t p;
    if (load(&p, s))
        CHECK_INT(bb_count(p.checkers), 2);
    CHECK_STR(list(s, GEN_EVASIONS, ""), "5a4a 5a4b 5a6a");
    CHECK_STR(list(s, GEN_LEGAL, ""), "5a4a 5a4b 5a6a");
}

/* D8: exactly 29 evasions: 2h2i+ (forced promotion when interposing by move) and R/B/G/S
 * drops on 2i-8i; no P/L/N drops on White's last rank, no king move. */
TEST(edge_evasions_d8)
{
    const char *s = "9/9/9/9/9/9/9/7pp/R7k w r2b4g4s4n4l16p 1";
    CHECK_STR(list(s, GEN_EVASIONS, ""),
              "2h2i+ B*2i B*3i B*4i B*5i B*6i B*7i B*8i G*2i G*3i G*4i G*5i G*6i G*7i G*8i "
              "R*2i R*3i R*4i R*5i R*6i R*7i R*8i S*2i S*3i S*4i S*5i S*6i S*7i S*8i");
    CHECK_INT(count(s, GEN_EVASIONS), 29);
    CHECK_STR(list(s, GEN_LEGAL, ""), list(s, GEN_EVASIONS, ""));
}

/* D9: the king may not step back along the rook's rank (5a4a is still attacked through
 * the square it left); 21 drops on 6a-8a, P/L/N included (rank a is not dead for White). */
TEST(edge_evasions_d9)
{
    const char *s = "R3k4/9/9/9/9/9/9/9/9 w r2b4g4s4n4l18p 1";
    CHECK_STR(list(s, GEN_EVASIONS, ""),
              "5a4b 5a5b 5a6b B*6a B*7a B*8a G*6a G*7a G*8a L*6a L*7a L*8a N*6a N*7a N*8a "
              "P*6a P*7a P*8a R*6a R*7a R*8a S*6a S*7a S*8a");
    CHECK_INT(count(s, GEN_EVASIONS), 24);
}

/* ---------------------------------------------------------------- dead drops */

/* Built: Black drops no knight on ranks a-b, no lance or pawn on rank a. */
TEST(edge_drop_dead_ranks_black)
{
    const char *s = "k8/9/9/9/9/9/9/9/9 b NLP 1";
    CHECK_STR(list(s, GEN_LEGAL, "N*5"), "N*5c N*5d N*5e N*5f N*5g N*5h N*5i");
    CHECK_STR(list(s, GEN_LEGAL, "L*5"), "L*5b L*5c L*5d L*5e L*5f L*5g L*5h L*5i");
    CHECK_STR(list(s, GEN_LEGAL, "P*5"), "P*5b P*5c P*5d P*5e P*5f P*5g P*5h P*5i");
    CHECK_INT(count(s, GEN_LEGAL), 207);
}

/* Built: White drops no knight on ranks h-i, no lance or pawn on rank i. */
TEST(edge_drop_dead_ranks_white)
{
    const char *s = "9/9/9/9/9/9/9/9/K8 w nlp 1";
    CHECK_STR(list(s, GEN_LEGAL, "N*5"), "N*5a N*5b N*5c N*5d N*5e N*5f N*5g");
    CHECK_STR(list(s, GEN_LEGAL, "L*5"), "L*5a L*5b L*5c L*5d L*5e L*5f L*5g L*5h");
    CHECK_STR(list(s, GEN_LEGAL, "P*5"), "P*5a P*5b P*5c P*5d P*5e P*5f P*5g P*5h");
    CHECK_INT(count(s, GEN_LEGAL), 207);
}

/* D23: White's only hand piece is a knight, which cannot be dropped on rank i, so R*2i
 * and R*1i mate; after R*3i the king captures. */
TEST(edge_drop_dead_ranks_d23)
{
    CHECK_STR(list(D23, GEN_CHECKS, ""),
              "4g3h 4g5h G*3i G*5i R*1i R*2i R*3i R*5i R*6i R*7i R*8i S*3h");
    CHECK_STR(list("sfen " D23 " moves R*2i", GEN_EVASIONS, ""), "");
    CHECK_STR(list("sfen " D23 " moves R*1i", GEN_EVASIONS, ""), "");
    CHECK_STR(list("sfen " D23 " moves R*3i", GEN_EVASIONS, ""), "4i3i");
}

/* ---------------------------------------------------------------- pins */

/* Built: White's rook 5e (pinned on the file by lance 5i) moves only along it, promotion
 * optional in the zone; silver 4b and gold 7c (pinned on diagonals) only to 3c and 8d; lance 7a
 * (pinned on the rank by rook 9a) cannot move at all. */
TEST(edge_pin_moves)
{
    CHECK_STR(list("R1l1k4/5s3/2g6/9/B3r3B/9/9/9/4L4 w - 1", GEN_LEGAL, ""),
              "4b3c 5a4a 5a5b 5a6a 5a6b 5e5b 5e5c 5e5d 5e5f 5e5g 5e5g+ 5e5h 5e5h+ 5e5i 5e5i+ "
              "7c8d");
}

/* Built: in check from rook 5e, the silver 4b pinned by bishop 1e may not interpose on
 * 5c; the free gold 6d interposes on 5d or captures; the king avoids 5b. */
TEST(edge_pin_evasions)
{
    const char *s = "4k4/5s3/9/3g5/4R3B/9/9/9/9 w - 1";
    CHECK_STR(list(s, GEN_EVASIONS, ""), "5a4a 5a6a 5a6b 6d5d 6d5e");
    CHECK_STR(list(s, GEN_LEGAL, ""), "5a4a 5a6a 5a6b 6d5d 6d5e");
}

/* ---------------------------------------------------------------- mate in one */

/* mg_mate1 finds a mate (checked to leave no evasion) on D3, D6, D11, D22, D23 and none on
 * D1 (P*1b would be uchifuzume) and D24 (likewise P*9b). */
TEST(edge_mate1)
{
    const char *m = mate1(D3);
    CHECK(!strcmp(m, "1c1b") || !strcmp(m, "1c1b+") || !strcmp(m, "2d1b+"));
    CHECK_STR(mate1(D6), "3b2a");
    CHECK_STR(mate1(D11), "1c2a+");
    CHECK_STR(mate1(D22), "1g9g");
    m = mate1(D23);
    CHECK(!strcmp(m, "R*1i") || !strcmp(m, "R*2i"));
    CHECK_STR(mate1(D1), "");
    CHECK_STR(mate1(D24), "");
    CHECK_STR(mate1(D4), "");
    CHECK_STR(mate1(D5B), "");
}

/* mg_evasion_class: white's king on 5a, boxed in by its own pieces, in check from the
 * lance on 5e (hand-built positions; the reply lists are the oracle's, both libraries). */
TEST(evasion_class)
{
    static const struct {
        const char *sfen;
        mg_evasion_class_t want;
        const char *replies;
    } cases[] = {
        {"3lkl3/3p1p3/9/9/4L4/9/9/9/4K4 w - 1", MG_EVADE_NONE, ""}, /* mate on the board */
        {"3lkl3/3p1p3/9/9/4L4/9/9/9/4K4 w p 1", MG_EVADE_BETWEEN, "P*5b P*5c P*5d"},
        {"3lkl3/3s1s3/9/9/4L4/9/9/9/4K4 w - 1", MG_EVADE_BETWEEN, "4b5c 6b5c"},
        {"3lkl3/3p1p3/9/5s3/4L4/9/9/9/4K4 w - 1", MG_EVADE_AWAY, "4d5c 4d5e"}, /* a capture */
        {"3lkl3/5p3/9/9/4L4/9/9/9/4K4 w - 1", MG_EVADE_AWAY, "5a6b"},          /* the king steps */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pos_t p;
        if (!load(&p, cases[i].sfen))
            continue;
        CHECK_STR(gen_list(&p, GEN_EVASIONS, ""), cases[i].replies);
        CHECK_INT(mg_evasion_class(&p), cases[i].want);
        CHECK(mg_has_evasion(&p) == (cases[i].replies[0] != '\0'));
    }
}
