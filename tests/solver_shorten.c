/*
 * solver_shorten.c: the shortening from the line's end (shortest.h: shortest_backward)
 * and the walk of the line after it (line.h): the pass only fills the table, so the
 * descent after it finds its answers there; and whatever the table kept, the walk ends
 * in mate.
 */
#include <string.h>

#include "../movegen/mate1.h"
#include "../movegen/movegen.h"
#include "../movegen/usi_move.h"
#include "../solver/futile.h"
#include "../solver/hand.h"
#include "../solver/line.h"
#include "../solver/shortest.h"
#include "solver_util.h"

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

/* Shogi Muso 第76番 (225 plies): the proof's line is already the shortest, so every
 * question up the line is a disproof; afterwards the descent's two questions (225
 * proven, none within 223) come from the table, and so does the walk. */
#define MUSO76 "1pg2p1l1/3gG1n2/6S2/1Sbp5/2p2s2L/1l2P1+p2/LR4+R2/k6P1/2+p+s1G1+p1 b B6P3n3p 1"
TEST(shortest_backward_leaves_the_descent_to_the_table)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 64);
    pos_t p;
    dfpn_result_t proof = search_prove(&sh, &p, MUSO76);
    shortest_backward(&sh, &p, BLACK, MODE_COMPOSER, proof.plen, 0);
    uint64_t before = sh.nodes;
    bool exact, proven, unsure;
    int len = shortest_mate(&sh, &p, BLACK, MODE_COMPOSER, proof.plen, 0, &exact, &proven, &unsure, NULL);
    CHECK_INT(len, 225);
    CHECK(exact && proven && !unsure);
    CHECK(sh.nodes - before <= 2); /* one node a question: the root's children are known */
    move_t pv[SOLVER_MAX_PLY];
    before = sh.nodes;
    line_info_t li = line_extract(&sh, &p, BLACK, MODE_COMPOSER, len, 200000, 0, false, true, pv);
    CHECK_INT(li.plies, 225);
    CHECK(li.exact);
    CHECK(sh.nodes - before <= 10); /* 3 nodes */
    CHECK(ends_in_mate(&sh, &p, pv, li.plies));
    search_end(&sh, &tt);
}

/* The walk of a certified length: a defender's reply is known to hold out, with no search,
 * when every other reply that counts is known to be mated sooner (line_defend.c).  Shogi Zuko
 * 第45番 (85 plies), shortened by the descent, walked from the same table told the length
 * is certified or not: with searches (200,000 nodes each) both write the same line,
 * certified.  With none (a budget of one node: the table alone), the walk told writes its
 * 85 plies certified and the other cannot, nor could the walk told without the shortcut.
 * (The shortcut's node saving with searches is no longer asserted: since the leftover
 * look-ahead of a certified walk asks about the attacker's open checks (line_attack.c), that
 * costs more than the shortcut saves here: 10,549 against 9,763 nodes, 10,569 without
 * the shortcut; Microcosmos's walk, `make bench-long`'s phase_nodes, shows the saving.) */
#define ZUKO45 "p3l3+P/1s1l2p2/5+P3/gp3NPpp/+R1S2+bLg1/1+pkN3G1/3p1P3/2N1S2R1/N4+p2B b S3Pgl3p 1"
static uint64_t walk_zuko45(bool certified, uint64_t budget, move_t *pv, line_info_t *li)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 64);
    pos_t p;
    dfpn_result_t proof = search_prove(&sh, &p, ZUKO45);
    bool exact, proven, unsure;
    int len = shortest_mate(&sh, &p, BLACK, MODE_COMPOSER, proof.plen, 0, &exact, &proven, &unsure, NULL);
    CHECK_INT(len, 85);
    CHECK(exact);
    uint64_t before = sh.nodes;
    *li = line_extract(&sh, &p, BLACK, MODE_COMPOSER, len, budget, 0, false, certified, pv);
    uint64_t spent = sh.nodes - before;
    CHECK(ends_in_mate(&sh, &p, pv, li->plies));
    search_end(&sh, &tt);
    return spent;
}

TEST(line_walk_of_a_certified_length)
{
    move_t told[SOLVER_MAX_PLY], not_told[SOLVER_MAX_PLY];
    line_info_t a, b;
    walk_zuko45(true, 200000, told, &a);
    walk_zuko45(false, 200000, not_told, &b);
    CHECK_INT(a.plies, 85);
    CHECK_INT(b.plies, 85);
    CHECK(a.exact && b.exact);
    CHECK(!memcmp(told, not_told, sizeof *told * 85));
    CHECK_INT(walk_zuko45(true, 1, told, &a), 0);
    CHECK_INT(walk_zuko45(false, 1, not_told, &b), 0);
    CHECK_INT(a.plies, 85);
    CHECK_INT(b.plies, 85);
    CHECK(a.exact);
    CHECK(!b.exact);
}

/* Whatever the table kept, the walk ends in mate.  Shogi Zuko 第89番 as a solve would
 * treat it with the shortening from the line's end applied to its 63-ply proof under the
 * bench's 3 M nodes for the shortening (it applies from 1000 plies only, and only without
 * a node limit: solver_run.c): the pass stops on the limit, and the walk of the 63 plies then
 * came to a position whose proof the table had just found again but kept in no entry its
 * own hand could use (an entry of that hand held a shorter proof valid for that hand
 * alone, tt.h).  The walk stopped there, after a defender's move: a line of 32 plies,
 * not a mate.  It now proves each check on its own when that happens (line_attack.c). */
#define ZUKO89 "k1S+b5/ng1S1l3/1gN1P4/BN1+ps4/3R5/1S2R4/9/9/9 b 2gn3l16p 1"
TEST(line_walk_ends_in_mate_after_a_stopped_backward_pass)
{
#ifdef TSUME_NO_JEMALLOC
    return; /* 8 M nodes: the release build's */
#endif
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 256);
    sh.rep_gen = 1;
    sh.no_simulation = true; /* the table of the search this case was found with */
    pos_t p;
    dfpn_result_t proof = search_prove(&sh, &p, ZUKO89);
    CHECK_INT(proof.plen, 63);
    uint64_t proof_nodes = sh.nodes;
    sh.node_limit = sh.nodes + 3000000;
    shortest_backward(&sh, &p, BLACK, MODE_COMPOSER, proof.plen, 10000000);
    bool exact, proven, unsure;
    shortest_mate(&sh, &p, BLACK, MODE_COMPOSER, proof.plen, 10000000, &exact, &proven, &unsure, NULL);
    CHECK(!exact);
    sh.node_limit = 0, sh.aborted = false;
    uint64_t refine = proof_nodes < 20000 ? 20000 : proof_nodes > 200000 ? 200000 : proof_nodes;
    move_t pv[SOLVER_MAX_PLY];
    line_info_t li = line_extract(&sh, &p, BLACK, MODE_COMPOSER, proof.plen, refine, refine * LINE_BUDGETS, false,
                                  false, pv);
    CHECK(ends_in_mate(&sh, &p, pv, li.plies));
    search_end(&sh, &tt);
}

/* The walk backs out of a check whose table proof does not hold on its line (line.c):
 * classic3 (9f5b+ 4a5b S*4b) with false proofs planted, the only ones in the table, for
 * the positions after 9f4a+ and S*6b, which 5a4a and 6a6b answer with no mate to follow.
 * The walk takes one, finds no mate two plies on, backs out, takes the other, backs out
 * again (keeping the first ban) and writes the real mate.  (A proof
 * that runs into a position the line has already visited fails the same way on that line:
 * the table stores proofs without their path.)  Strict mode: its table keys are the board
 * keys themselves. */
#define CLASSIC3 "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1"
static const char *const CLASSIC3_LINE[3] = {"9f5b+", "4a5b", "S*4b"};

/* Walks classic3 with the two false proofs planted (stop: the solve's stop flag;
 * backouts: the walk's, 0 for line.c's own). */
static line_info_t walk_false_proofs(volatile int *stop, int backouts, move_t *pv)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 16);
    pos_t p;
    char err[SFEN_ERR_MAX];
    CHECK(sfen_parse(&p, CLASSIC3, SFEN_STRICT, err, sizeof err));
    static const char *const BAD[2] = {"9f4a+", "S*6b"};
    for (int i = 0; i < 2; i++) {
        move_t m;
        undo_t u;
        CHECK(usi_parse_legal(&p, BAD[i], &m, err, sizeof err));
        pos_do(&p, m, &u);
        tt_store_proof(&tt, dfpn_key(&p, MODE_STRICT), p.hand[BLACK], hand_full(), 2, MOVE_NONE, 1, false, false);
        pos_undo(&p, m, &u);
    }
    sh.stop = stop;
    sh.line_backouts = backouts;
    line_info_t li = line_extract(&sh, &p, BLACK, MODE_STRICT, 3, 20000, 0, false, true, pv);
    CHECK(li.cut || ends_in_mate(&sh, &p, pv, li.plies));
    search_end(&sh, &tt);
    return li;
}

/* Whether pv holds classic3's real mate. */
static bool is_classic3_line(const move_t *pv, int plies)
{
    pos_t p;
    char err[SFEN_ERR_MAX];
    if (plies != 3 || !sfen_parse(&p, CLASSIC3, SFEN_STRICT, err, sizeof err))
        return false;
    for (int i = 0; i < 3; i++) {
        move_t m;
        undo_t u;
        if (!usi_parse_legal(&p, CLASSIC3_LINE[i], &m, err, sizeof err) || m != pv[i])
            return false;
        pos_do(&p, m, &u);
    }
    return true;
}

TEST(line_walk_backs_out_of_a_false_table_proof)
{
    move_t pv[SOLVER_MAX_PLY];
    line_info_t li = walk_false_proofs(NULL, 0, pv);
    CHECK(is_classic3_line(pv, li.plies));
    CHECK(!li.exact); /* a choice was taken back */
    CHECK(!li.cut);
}

/* When the back-outs are used up the walk stops where it is lost, at the attacker's move,
 * and says so (line_info_t.cut; a solve reports it as line_cut): with one back-out the
 * walk takes the first false proof, backs out, takes the second and is lost two plies
 * on, its line 2 plies long (a check and a reply), not certified.  (A line review found
 * such a line ended on the defender's move as if it were a mate.) */
TEST(line_walk_lost_says_cut)
{
    move_t pv[SOLVER_MAX_PLY];
    line_info_t li = walk_false_proofs(NULL, 1, pv);
    CHECK(li.cut);
    CHECK_INT(li.plies, 2);
    CHECK(!li.exact);
}

/* A length decided by an unsure proof (resting on a stopped delay-rule test) may be too
 * short under the rule, so it is no bound proven (a review: solve reported it as
 * 'within'): shortest_mate says which length a sure result proved.  classic3 (9f5b+ 4a5b
 * S*4b) with an unsure proof planted that the position after 9f5b+ is mated already:
 * the descent takes a mate in 1, unsure, and no sure length; the sure 3 of a search
 * without the planted proof is one. */
TEST(shortest_sure_length_passes_over_unsure_proofs)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 16);
    pos_t p;
    char err[SFEN_ERR_MAX];
    CHECK(parse_or_fail(&p, CLASSIC3));
    move_t m;
    undo_t u;
    CHECK(usi_parse_legal(&p, "9f5b+", &m, err, sizeof err));
    pos_do(&p, m, &u);
    tt_store_proof(&tt, dfpn_key(&p, MODE_COMPOSER), p.hand[BLACK], hand_full(), 0, MOVE_NONE, 1, false, true);
    pos_undo(&p, m, &u);
    bool exact, proven, unsure;
    int sure = 0;
    int len = shortest_mate(&sh, &p, BLACK, MODE_COMPOSER, 3, 0, &exact, &proven, &unsure, &sure);
    CHECK(proven && unsure && !exact);
    CHECK_INT(len, 1);
    CHECK_INT(sure, LEN_NONE);
    tt_new_search(&tt);
    len = shortest_mate(&sh, &p, BLACK, MODE_COMPOSER, 3, 0, &exact, &proven, &unsure, &sure);
    CHECK(proven && !unsure && exact);
    CHECK_INT(len, 3);
    CHECK_INT(sure, 3);
    search_end(&sh, &tt);
}

/* A walk told a bound shorter than the mate it can find (as when a check comes from an
 * unbounded proof, the table holding none within the plies left) follows the mate to its
 * end: classic3 (a mate in 3) walked with a bound of 1 writes all 3 plies, not 1. */
TEST(line_walk_follows_a_longer_proof_to_mate)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 16);
    pos_t p;
    search_prove(&sh, &p, CLASSIC3);
    move_t pv[SOLVER_MAX_PLY];
    line_info_t li = line_extract(&sh, &p, BLACK, MODE_COMPOSER, 1, 20000, 0, false, false, pv);
    CHECK_INT(li.plies, 3);
    CHECK(!li.exact);
    CHECK(ends_in_mate(&sh, &p, pv, li.plies));
    search_end(&sh, &tt);
}

/* The solve's deadline and stop hurry the walk but never cut it short (line.c): past the
 * deadline no refining search starts, no choice looks ahead for the pieces left (the
 * walk says so: LINE_STARVED_HURRIED), and the line, not certified, follows the table's
 * proofs to mate.  Shogi Zuko 第45番 walked from its proof alone (89 plies, the length
 * uncertified): with time, the walk searches; with the deadline passed, or a stop, it
 * searches nothing and still ends in mate.  The limits are the solve's again afterwards.
 * That is the table of a search without proof by simulation (dfpn_sim.c).  With it, the
 * hurried walk comes, 3 plies before the end, to a position whose proof the table holds
 * (a mate in 1) with no entry for the mated position; it proved it again in one node
 * (the walk's last resort, which no deadline stops), and now plays the mate in one it
 * finds there first, in none (line_attack.c: line_mating_moves). */
static line_info_t walk_proof_zuko45(double deadline, volatile int *stop, uint64_t *spent, move_t *pv, bool sim)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 64);
    sh.no_simulation = !sim;
    pos_t p;
    dfpn_result_t proof = search_prove(&sh, &p, ZUKO45);
    uint64_t before = sh.nodes;
    sh.deadline = deadline, sh.stop = stop;
    line_info_t li = line_extract(&sh, &p, BLACK, MODE_COMPOSER, proof.plen, 200000, 0, true, false, pv);
    *spent = sh.nodes - before;
    CHECK(ends_in_mate(&sh, &p, pv, li.plies));
    CHECK(sh.deadline == deadline && sh.stop == stop && !sh.soft_deadline && !sh.soft_stop);
    CHECK(!sh.aborted);
    search_end(&sh, &tt);
    return li;
}

TEST(line_walk_hurries_past_the_deadline)
{
    move_t pv[SOLVER_MAX_PLY];
    uint64_t spent;
    line_info_t li = walk_proof_zuko45(0, NULL, &spent, pv, false);
    CHECK(spent > 1000);
    CHECK(!(li.starved & LINE_STARVED_HURRIED));
    li = walk_proof_zuko45(dfpn_now() - 1, NULL, &spent, pv, false);
    CHECK_INT((int)spent, 0);
    CHECK(!li.exact && !li.unsure);
    CHECK(li.starved & LINE_STARVED_HURRIED); /* its choices made without a look-ahead */
    volatile int stop = 1;
    li = walk_proof_zuko45(0, &stop, &spent, pv, false);
    CHECK_INT((int)spent, 0);
    CHECK(!li.exact && !li.unsure);
    CHECK(li.starved & LINE_STARVED_HURRIED);
    li = walk_proof_zuko45(dfpn_now() - 1, NULL, &spent, pv, true);
    CHECK_INT((int)spent, 0);
    CHECK(!li.exact && !li.unsure);
}

/* A hurried walk still makes the searches that keep its line a mate: classic3 with the
 * false table proofs of line_walk_backs_out_of_a_false_table_proof, walked after a stop
 * (which, unlike the deadline, every node looks at), backs out of both and proves the
 * real mate. */
TEST(line_walk_hurried_backs_out_of_a_false_table_proof)
{
    volatile int stop = 1;
    move_t pv[SOLVER_MAX_PLY];
    line_info_t li = walk_false_proofs(&stop, 0, pv);
    CHECK(is_classic3_line(pv, li.plies));
    CHECK(!li.exact);
}

/* Whether the walk's pv from p, on the table alone, mates as soon as it can in the one
 * sense the walk can check without a search: no attacker's move before the last leaves a
 * mate in one unplayed, and no defender's move is mated at once while a reply that counts
 * is not. */
static bool mates_without_a_mate_in_one_passed(dfpn_shared_t *sh, const pos_t *p, const move_t *pv, int plies)
{
    pos_t q = *p;
    bool ok = true;
    for (int i = 0; i < plies && ok; i++) {
        if (i % 2 == 0 && i < plies - 1) {
            ok = mg_mate1(&q) == MOVE_NONE;
        } else if (i % 2 == 1) {
            move_t moves[MG_MAX_MOVES];
            hand_t need = 0;
            int n = futile_filter(sh, &q, p->side, moves, mg_evasions(&q, moves), &need);
            undo_t u;
            pos_do(&q, pv[i], &u);
            bool mated = mg_mate1(&q) != MOVE_NONE;
            pos_undo(&q, pv[i], &u);
            for (int k = 0; k < n && mated && ok; k++) {
                pos_do(&q, moves[k], &u);
                ok = mg_mate1(&q) != MOVE_NONE;
                pos_undo(&q, moves[k], &u);
            }
        }
        undo_t u;
        pos_do(&q, pv[i], &u);
    }
    return ok;
}

/* A walk that follows the table's proofs (a limit stopped the shortening, or USI's
 * proof-only answer) takes their lengths as they were found, not the shortest (line.c).
 * Walked on its proof alone, Shogi Zuko 第45番 (85 plies) came out 87 plies, a check
 * taken beside a mate in one.  Muso 第26番 (29 plies) under 65,373 nodes for the
 * shortening came out 6e5d 4d5d G*4e for a mate within 33: the table held a proof of 29
 * plies for 4d5d, which ranked it with 5c5d. */
#define MUSO26 "6Sp1/3+R2r1n/4s4/1S2gk3/3GN4/5+B3/9/9/8+b b 2gs2n4l17p 1"
TEST(line_walk_on_the_table_passes_no_mate_in_one)
{
    static const char *const SFENS[] = {MUSO26, ZUKO45, MUSO76};
    for (size_t s = 0; s < sizeof SFENS / sizeof *SFENS; s++) {
        tt_t tt;
        dfpn_shared_t sh = search_begin(&tt, 64);
        pos_t p;
        dfpn_result_t proof = search_prove(&sh, &p, SFENS[s]);
        move_t pv[SOLVER_MAX_PLY];
        line_info_t li = line_extract(&sh, &p, BLACK, MODE_COMPOSER, proof.plen, 1, 1, false, false, pv);
        if (!ends_in_mate(&sh, &p, pv, li.plies) || !mates_without_a_mate_in_one_passed(&sh, &p, pv, li.plies))
            test_fail(__FILE__, __LINE__, "%s: a line of %d plies passes a mate in one", SFENS[s], li.plies);
        search_end(&sh, &tt);
    }
}
