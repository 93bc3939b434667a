/*
 * solver_delay.c: the chains of delayed interpositions (solver/delay.h) on a position
 * with every kind of reply: king moves, drops on guarded and on unguarded squares, and
 * board moves onto unguarded squares; and the capture rule's test of one interposition
 * (solver/futile.h).
 */
#include <string.h>

#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "../solver/delay.h"
#include "../solver/futile.h"
#include "solver_util.h"

/* "move<prev" for each reply in order, "-" when it heads a chain or stands alone. */
static void chains(const pos_t *p, char *out, size_t size)
{
    move_t moves[MG_MAX_MOVES];
    int16_t prev[MG_MAX_MOVES];
    int n = mg_evasions(p, moves);
    delay_order(p, moves, prev, n);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char a[USI_MOVE_MAX], b[USI_MOVE_MAX] = "-";
        if (prev[i] >= i)
            test_fail(__FILE__, __LINE__, "reply %d waits for a later one (%d)", i, prev[i]);
        if (prev[i] >= 0)
            usi_format(moves[prev[i]], b);
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s<%s", i ? " " : "", usi_format(moves[i], a), b);
    }
}

TEST(delay_chains)
{
    /* White king 5a in check from the rook on 5i.  The silver on 4a guards 5b, the gold
     * on 6e 5e and 5f, the knight on 4f 5h; 5c, 5d and 5g are unguarded.  The silver, the
     * gold and the knight can also interpose, each onto a square no other piece guards. */
    pos_t p;
    if (!parse_or_fail(&p, "4ks3/9/9/9/3g5/5n3/9/9/4R4 w gp 1"))
        return;
    char got[2048];
    chains(&p, got, sizeof got);
    CHECK_STR(got, "5a4b<- 5a6a<- 5a6b<- "
                   "P*5b<- G*5b<P*5b "                                 /* guarded: a chain of its own */
                   "P*5c<- G*5c<P*5c P*5d<G*5c G*5d<P*5d "             /* unguarded, from the king out */
                   "P*5e<- G*5e<P*5e P*5f<- G*5f<P*5f "                /* guarded */
                   "P*5g<G*5d G*5g<P*5g "                              /* the unguarded chain goes on */
                   "P*5h<- G*5h<P*5h "                                 /* guarded */
                   "4a5b<- 4f5h+<4a5b 6e5e<4f5h+ 6e5f<6e5e");          /* board moves, unguarded */
    move_t moves[MG_MAX_MOVES];
    int n = mg_evasions(&p, moves);
    CHECK_INT(n, 21);
    CHECK_INT(delay_groups(&p, moves, n), 3 + 4 + 1 + 1);
}

TEST(delay_nothing_to_chain)
{
    /* An adjacent checker and a double check leave no interposition: nothing waits. */
    static const char *sfens[] = {"4k4/4G4/9/9/9/9/9/9/9 w - 1", "4k4/9/3N5/9/9/9/4R4/9/9 w 2g 1"};
    for (size_t t = 0; t < sizeof sfens / sizeof *sfens; t++) {
        pos_t p;
        if (!parse_or_fail(&p, sfens[t]))
            continue;
        move_t moves[MG_MAX_MOVES];
        int16_t prev[MG_MAX_MOVES];
        int n = mg_evasions(&p, moves);
        CHECK(n > 0);
        delay_order(&p, moves, prev, n);
        for (int i = 0; i < n; i++)
            CHECK_INT(prev[i], -1);
        CHECK_INT(delay_groups(&p, moves, n), n);
    }
}

/* Under the capture rule an interposition is futile when the attacker takes it and mates
 * as without it: a dropped piece goes back to the defender's hand, one moved from the
 * board does not (it was no piece of the hand).  The rook on 5i checks the king on 5a
 * between two lances; the gold on 4c interposes on 5c or 5d.  Taken on 5c by a dragon,
 * the king has no square and no piece to put on 5b: futile.  Were the gold handed back,
 * G*5b would hold (the dragon takes, the king takes the dragon).  A mutation review
 * found only two collection tests failing with it handed back.  Taken on 5d the rook
 * leaves 4b: no mate, the reply counts. */
TEST(futile_capture_hands_back_only_drops)
{
    tt_t tt;
    dfpn_shared_t sh = search_begin(&tt, 4);
    sh.futile = FUTILE_CAPTURE;
    pos_t p;
    CHECK(parse_or_fail(&p, "3lkl3/9/5g3/9/9/9/9/9/4R4 w - 1"));
    move_t moves[MG_MAX_MOVES];
    hand_t need = 0;
    int n = futile_filter(&sh, &p, BLACK, moves, mg_evasions(&p, moves), &need);
    char kept[128] = "";
    for (int i = 0; i < n; i++) {
        char u[USI_MOVE_MAX];
        size_t len = strlen(kept);
        snprintf(kept + len, sizeof kept - len, "%s%s", i ? " " : "", usi_format(moves[i], u));
    }
    CHECK_STR(kept, "5a4b 5a6b 4c5d");
    search_end(&sh, &tt);
}
