/*
 * solver_tt.c: the transposition table's answers with hand superiority, and the results
 * flagged exact (tt.h) that speak for their own hand or a range of hands only: the delay
 * rule's lengths are not monotone in the attacker's hand, so no hand outside the range
 * may borrow them; the results marked unsure (resting on a stopped delay-rule test); and the
 * disproofs that hang on a path suffix (repcache.h).
 */
#include <stdlib.h>

#include "../solver/hand.h"
#include "../solver/repcache.h"
#include "../solver/tt.h"
#include "test.h"

enum { KEY = 0x1234567890abcdefull };

static hand_t pawns(int n) { return hand_set(0, PAWN, n); }

TEST(tt_superiority_and_exact_results)
{
    tt_t tt;
    CHECK(tt_init(&tt, 1 << 20));
    tt_new_search(&tt);

    /* A proof with one pawn covers two pawns, not none; a disproof with two pawns covers
     * one, not three. */
    tt_store_proof(&tt, KEY, pawns(1), hand_full(), 7, MOVE_NONE, 10, false, false);
    CHECK_INT(tt_probe(&tt, KEY, pawns(2), 7).pn, 0);
    CHECK_INT(tt_probe(&tt, KEY, pawns(2), 5).found, false); /* the bound is shorter */
    CHECK_INT(tt_probe(&tt, KEY, pawns(0), 7).found, false);
    tt_store_disproof(&tt, KEY + 1, pawns(2), 0, 9, MOVE_NONE, 10, false, false);
    CHECK_INT(tt_probe(&tt, KEY + 1, pawns(1), 9).dn, 0);
    CHECK_INT(tt_probe(&tt, KEY + 1, pawns(3), 9).found, false);
    CHECK(!tt_probe(&tt, KEY + 1, pawns(1), 9).exact);

    /* Exact results answer their own hand only, and say so. */
    tt_store_proof(&tt, KEY + 2, pawns(1), pawns(1), 7, MOVE_NONE, 10, true, false);
    tt_probe_t t = tt_probe(&tt, KEY + 2, pawns(1), 9);
    CHECK_INT(t.pn, 0);
    CHECK(t.exact);
    CHECK_INT(tt_probe(&tt, KEY + 2, pawns(2), 9).found, false);
    tt_store_disproof(&tt, KEY + 3, pawns(2), pawns(2), 9, MOVE_NONE, 10, true, false);
    CHECK_INT(tt_probe(&tt, KEY + 3, pawns(2), 5).dn, 0);
    CHECK_INT(tt_probe(&tt, KEY + 3, pawns(1), 9).found, false);

    /* A monotone proof of the same bound replaces the exact one; a shorter exact proof
     * replaces a monotone one (for its own hand). */
    tt_store_proof(&tt, KEY + 2, pawns(1), hand_full(), 7, MOVE_NONE, 10, false, false);
    CHECK_INT(tt_probe(&tt, KEY + 2, pawns(2), 7).pn, 0);
    tt_store_proof(&tt, KEY + 2, pawns(1), pawns(1), 5, MOVE_NONE, 10, true, false);
    CHECK_INT(tt_probe(&tt, KEY + 2, pawns(1), 5).pn, 0);
    CHECK_INT(tt_probe(&tt, KEY + 2, pawns(2), 5).found, false);

    /* An exact proof with a range answers the hands from its own up to the range's
     * top, and no other. */
    tt_store_proof(&tt, KEY + 5, pawns(1), pawns(3), 7, MOVE_NONE, 10, true, false);
    t = tt_probe(&tt, KEY + 5, pawns(3), 7);
    CHECK_INT(t.pn, 0);
    CHECK(t.exact);
    CHECK(t.hi == pawns(3));
    CHECK_INT(tt_probe(&tt, KEY + 5, pawns(2), 7).pn, 0);
    CHECK_INT(tt_probe(&tt, KEY + 5, pawns(4), 7).found, false);
    CHECK_INT(tt_probe(&tt, KEY + 5, pawns(0), 7).found, false);
    CHECK_INT(tt_probe(&tt, KEY + 5, pawns(2) | hand_set(0, GOLD, 1), 7).found, false);

    /* An exact disproof with a range answers the hands from its bottom up to its own,
     * and no other; with the empty hand for bottom it is a monotone one. */
    tt_store_disproof(&tt, KEY + 6, pawns(3), pawns(1), 9, MOVE_NONE, 10, true, false);
    t = tt_probe(&tt, KEY + 6, pawns(2), 9);
    CHECK_INT(t.dn, 0);
    CHECK(t.exact);
    CHECK(t.lo == pawns(1));
    CHECK_INT(tt_probe(&tt, KEY + 6, pawns(1), 7).dn, 0);
    CHECK_INT(tt_probe(&tt, KEY + 6, pawns(0), 9).found, false);
    CHECK_INT(tt_probe(&tt, KEY + 6, pawns(4), 9).found, false);
    CHECK_INT(tt_probe(&tt, KEY + 6, pawns(2), 11).found, false);
    /* Of two ranges of one bound the lower bottom stays; one that is not lower does not
     * replace it. */
    tt_store_disproof(&tt, KEY + 6, pawns(3), pawns(2), 9, MOVE_NONE, 10, true, false);
    CHECK_INT(tt_probe(&tt, KEY + 6, pawns(1), 9).dn, 0);
    tt_store_disproof(&tt, KEY + 6, pawns(3), pawns(0) | hand_set(0, GOLD, 1), 9, MOVE_NONE, 10, true, false);
    CHECK_INT(tt_probe(&tt, KEY + 6, pawns(1), 9).dn, 0);
    CHECK(tt_probe(&tt, KEY + 6, pawns(1), 9).lo == pawns(1));
    /* Working numbers of another bound take the bottom's place: its own hand only then. */
    tt_store(&tt, KEY + 6, pawns(3), 5, 6, MOVE_NONE, 10);
    CHECK_INT(tt_probe(&tt, KEY + 6, pawns(3), 9).dn, 0);
    CHECK_INT(tt_probe(&tt, KEY + 6, pawns(2), 9).found, false);
    tt_store_disproof(&tt, KEY + 7, pawns(3), 0, 9, MOVE_NONE, 10, true, false);
    t = tt_probe(&tt, KEY + 7, pawns(0), 9);
    CHECK_INT(t.dn, 0);
    CHECK(!t.exact);

    /* Beside a monotone proof of a longer bound the bottom lives on; beside an exact
     * proof (whose range takes its place) the disproof speaks for its own hand. */
    tt_store_proof(&tt, KEY + 8, pawns(3), hand_full(), 11, MOVE_NONE, 10, false, false);
    tt_store_disproof(&tt, KEY + 8, pawns(3), pawns(1), 9, MOVE_NONE, 10, true, false);
    CHECK_INT(tt_probe(&tt, KEY + 8, pawns(2), 9).dn, 0);
    CHECK_INT(tt_probe(&tt, KEY + 8, pawns(4), 11).pn, 0);
    tt_store_proof(&tt, KEY + 9, pawns(3), pawns(5), 11, MOVE_NONE, 10, true, false);
    tt_store_disproof(&tt, KEY + 9, pawns(3), pawns(1), 9, MOVE_NONE, 10, true, false);
    CHECK_INT(tt_probe(&tt, KEY + 9, pawns(3), 9).dn, 0);
    CHECK_INT(tt_probe(&tt, KEY + 9, pawns(2), 9).found, false);
    t = tt_probe(&tt, KEY + 9, pawns(5), 11);
    CHECK_INT(t.pn, 0);
    CHECK(t.hi == pawns(5));
    /* A disproof's bottom held in pn moves to dn when a monotone proof comes. */
    tt_store_disproof(&tt, KEY + 10, pawns(3), pawns(1), 9, MOVE_NONE, 10, true, false);
    tt_store_proof(&tt, KEY + 10, pawns(3), hand_full(), 11, MOVE_NONE, 10, false, false);
    CHECK_INT(tt_probe(&tt, KEY + 10, pawns(2), 9).dn, 0);
    CHECK_INT(tt_probe(&tt, KEY + 10, pawns(0), 9).found, false);
    CHECK_INT(tt_probe(&tt, KEY + 10, pawns(3), 11).pn, 0);

    /* The flags never leak into the effort count (the replacement priority). */
    tt_store(&tt, KEY + 4, pawns(0), 3, 4, MOVE_NONE, 0x0FFFFFF0u);
    tt_store(&tt, KEY + 4, pawns(0), 3, 4, MOVE_NONE, 0x100u);
    t = tt_probe(&tt, KEY + 4, pawns(0), 1);
    CHECK_INT(t.pn, 3);
    CHECK(!t.exact);
    CHECK(!t.unsure);
    tt_free(&tt);
}

/* Results resting on a stopped delay-rule test say so when they decide a query; a certain
 * result of the same bound clears the mark, and a better bound replaces it with its own. */
TEST(tt_unsure_results)
{
    tt_t tt;
    CHECK(tt_init(&tt, 1 << 20));
    tt_new_search(&tt);

    tt_store_proof(&tt, KEY, pawns(1), hand_full(), 7, MOVE_NONE, 10, false, true);
    tt_probe_t t = tt_probe(&tt, KEY, pawns(2), 7);
    CHECK_INT(t.pn, 0);
    CHECK(t.unsure);
    tt_store_proof(&tt, KEY, pawns(1), hand_full(), 9, MOVE_NONE, 10, false, false); /* longer: ignored */
    CHECK(tt_probe(&tt, KEY, pawns(1), 9).unsure);
    tt_store_proof(&tt, KEY, pawns(1), hand_full(), 7, MOVE_NONE, 10, false, false);
    CHECK(!tt_probe(&tt, KEY, pawns(1), 7).unsure);
    tt_store_proof(&tt, KEY, pawns(1), hand_full(), 5, MOVE_NONE, 10, false, true);
    CHECK(tt_probe(&tt, KEY, pawns(1), 5).unsure);

    tt_store_disproof(&tt, KEY + 1, pawns(2), 0, 9, MOVE_NONE, 10, false, true);
    t = tt_probe(&tt, KEY + 1, pawns(1), 9);
    CHECK_INT(t.dn, 0);
    CHECK(t.unsure);
    CHECK(!t.exact);
    tt_store_disproof(&tt, KEY + 1, pawns(2), 0, 11, MOVE_NONE, 10, false, false);
    CHECK(!tt_probe(&tt, KEY + 1, pawns(1), 9).unsure);
    tt_store_disproof(&tt, KEY + 1, pawns(2), 0, 11, MOVE_NONE, 10, false, true); /* equal: the certain one stays */
    CHECK(!tt_probe(&tt, KEY + 1, pawns(1), 11).unsure);

    /* At one bound a certain result exact for a range and an unsure one for every hand
     * never mix into a certain one for every hand (a review: the hands outside the range
     * then rested on the stopped test alone, read as certain): the certain one stays,
     * with its range, whichever comes first; an unsure one gives way to a certain one. */
    tt_store_proof(&tt, KEY + 4, pawns(1), pawns(2), 9, MOVE_NONE, 10, true, false);
    tt_store_proof(&tt, KEY + 4, pawns(1), hand_full(), 9, MOVE_NONE, 10, false, true);
    t = tt_probe(&tt, KEY + 4, pawns(2), 9);
    CHECK(t.pn == 0 && t.exact && !t.unsure);
    CHECK_INT(tt_probe(&tt, KEY + 4, pawns(3), 9).found, false);
    tt_store_disproof(&tt, KEY + 5, pawns(2), 0, 9, MOVE_NONE, 10, false, true);
    tt_store_disproof(&tt, KEY + 5, pawns(2), pawns(1), 9, MOVE_NONE, 10, true, false);
    t = tt_probe(&tt, KEY + 5, pawns(1), 9);
    CHECK(t.dn == 0 && t.exact && !t.unsure);
    CHECK_INT(tt_probe(&tt, KEY + 5, pawns(0), 9).found, false);
    tt_store_disproof(&tt, KEY + 5, pawns(2), 0, 9, MOVE_NONE, 10, false, true); /* and it stays */
    CHECK(!tt_probe(&tt, KEY + 5, pawns(1), 9).unsure);
    CHECK_INT(tt_probe(&tt, KEY + 5, pawns(0), 9).found, false);

    /* The marks never leak into the effort count, nor the count into the marks. */
    tt_store(&tt, KEY + 2, pawns(0), 3, 4, MOVE_NONE, 0x0FFFFFF0u);
    tt_store(&tt, KEY + 2, pawns(0), 3, 4, MOVE_NONE, 0x100u);
    tt_store_proof(&tt, KEY + 2, pawns(0), hand_full(), 3, MOVE_NONE, 0x100u, false, false);
    t = tt_probe(&tt, KEY + 2, pawns(0), 3);
    CHECK_INT(t.pn, 0);
    CHECK(!t.unsure && !t.exact);

    /* A retry (solver_run.c) passes over what rests on stopped tests: the unsure proof at 5
     * is not seen (it replaced the certain one at 7: one set of flags per bound), the
     * certain proof at 3 is; an unsure disproof leaves fresh numbers. */
    tt.skip_unsure = TT_PUNSURE | TT_DUNSURE;
    t = tt_probe(&tt, KEY, pawns(1), 7);
    CHECK(t.found && t.pn == 1 && t.dn == 1);
    t = tt_probe(&tt, KEY + 2, pawns(0), 3);
    CHECK(t.pn == 0 && t.plen == 3 && !t.unsure);
    tt_store_disproof(&tt, KEY + 3, pawns(0), 0, 9, MOVE_NONE, 10, false, true);
    t = tt_probe(&tt, KEY + 3, pawns(0), 9);
    CHECK(t.found && t.pn == 1 && t.dn == 1);
    tt_store_disproof(&tt, KEY + 3, pawns(0), 0, 9, MOVE_NONE, 10, false, false); /* settled again */
    CHECK_INT(tt_probe(&tt, KEY + 3, pawns(0), 9).dn, 0);
    tt_new_search(&tt);
    CHECK_INT(tt.skip_unsure, 0); /* a new problem sees everything again */
    tt_free(&tt);
}

/* Path disproofs (repcache.h): stored for one hand, with the hash of a path suffix, and
 * found again only for that hand; the suffix hash of the same positions is the same
 * whatever came before them, and differs when one position differs. */
TEST(tt_path_disproofs)
{
    tt_t tt;
    CHECK(tt_init(&tt, 1 << 20));
    tt_new_search(&tt);
    tt_store_path(&tt, KEY, pawns(1), 0xfeedfacecafebeefull, 4, 17, 10, true, false);
    uint64_t suffix = 0;
    int span = 0, dlen = 0;
    bool exact = false, unsure = true;
    CHECK(tt_probe_path(&tt, KEY, pawns(1), &suffix, &span, &dlen, &exact, &unsure));
    CHECK(suffix == 0xfeedfacecafebeefull);
    CHECK_INT(span, 4);
    CHECK_INT(dlen, 17);
    CHECK(exact && !unsure);
    CHECK(!tt_probe_path(&tt, KEY, pawns(2), &suffix, &span, &dlen, &exact, &unsure));
    CHECK(!tt_probe_path(&tt, KEY + 1, pawns(1), &suffix, &span, &dlen, &exact, &unsure));
    tt_new_search(&tt);
    CHECK(!tt_probe_path(&tt, KEY, pawns(1), &suffix, &span, &dlen, &exact, &unsure));
    tt_free(&tt);

    /* Prefix hashes of A B C D and of X Y Z C D: the suffix C D is the same. */
    uint64_t a[4] = {11, 22, 33, 44}, b[5] = {55, 66, 77, 33, 44}, pa[4], pb[5];
    for (int i = 0; i < 4; i++)
        pa[i] = repc_extend(i ? pa[i - 1] : 0, a[i]);
    for (int i = 0; i < 5; i++)
        pb[i] = repc_extend(i ? pb[i - 1] : 0, b[i]);
    CHECK(repc_suffix(pa[3], pa[1], 2) == repc_suffix(pb[4], pb[2], 2));
    CHECK(repc_suffix(pa[3], 0, 4) != repc_suffix(pb[4], pb[0], 4)); /* A B C D against Y Z C D */
    CHECK(repc_suffix(pa[3], pa[0], 3) != repc_suffix(pb[4], pb[1], 3)); /* B C D against Z C D */

    /* The filter: a marked key may be there, others not; a new problem empties it. */
    repc_t *f = repc_new();
    CHECK(f != NULL);
    repc_begin(f, 1);
    CHECK(!repc_maybe(f, KEY));
    repc_mark(f, KEY);
    CHECK(repc_maybe(f, KEY));
    CHECK(!repc_maybe(f, KEY ^ (1ull << 63)));
    repc_begin(f, 1);
    CHECK(repc_maybe(f, KEY));
    repc_begin(f, 2);
    CHECK(!repc_maybe(f, KEY));
    free(f);
}

/* Stores n working entries under keys 1..n times the golden ratio (i's numbers: pn i + 2,
 * hand i % 3 pawns), and counts those found again (*wrong: found with other numbers, or
 * under another hand). */
static void fill(tt_t *tt, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        tt_store(tt, (i + 1) * 0x9E3779B97F4A7C15ull, pawns(i % 3), i + 2, 1, MOVE_NONE, 1 + i % 5);
}

static int found_again(const tt_t *tt, uint32_t n, int *wrong)
{
    int kept = 0;
    *wrong = 0;
    for (uint32_t i = 0; i < n; i++) {
        tt_probe_t t = tt_probe(tt, (i + 1) * 0x9E3779B97F4A7C15ull, pawns(i % 3), 1);
        kept += t.found;
        *wrong += t.found && t.pn != i + 2;
        *wrong += tt_probe(tt, (i + 1) * 0x9E3779B97F4A7C15ull, pawns(i % 3 + 1), 1).found;
    }
    return kept;
}

/* The life of an entry (tt.c): the part of the table in use doubles as it fills and
 * every entry it keeps is found again under its key (and none under another key); a
 * final result empties the working entries it makes useless; a new problem, and the
 * clearing when the generation counter wraps, empty everything. */
TEST(tt_growth_drops_and_generations)
{
    tt_t tt;
    CHECK(tt_init(&tt, 4 << 20)); /* 16,384 buckets, of which a problem starts on 4,096 */
    tt_new_search(&tt);
    size_t start = tt.mask;
    fill(&tt, 60000);
    CHECK(tt.mask == tt.buckets - 1 && tt.mask > start); /* grew to the whole block */
    int wrong, kept = found_again(&tt, 60000, &wrong);
    CHECK_INT(wrong, 0);
    CHECK(kept > 30000 && (uint64_t)kept == tt.used); /* full buckets replaced the cheapest */

    /* A monotone proof with one pawn empties the working entry with two, not the one
     * with none; an exact proof empties nothing. */
    tt_new_search(&tt);
    CHECK_INT(tt_probe(&tt, 0x9E3779B97F4A7C15ull, pawns(0), 1).found, false);
    tt_store(&tt, KEY, pawns(2), 5, 6, MOVE_NONE, 1);
    tt_store(&tt, KEY, pawns(0), 7, 8, MOVE_NONE, 1);
    tt_store(&tt, KEY + 1, pawns(2), 5, 6, MOVE_NONE, 1);
    tt_store_proof(&tt, KEY, pawns(1), hand_full(), 9, MOVE_NONE, 1, false, false);
    tt_store_proof(&tt, KEY + 1, pawns(1), pawns(1), 9, MOVE_NONE, 1, true, false);
    CHECK_INT(tt_probe(&tt, KEY, pawns(2), 3).found, false);
    CHECK_INT(tt_probe(&tt, KEY, pawns(0), 3).pn, 7);
    CHECK_INT(tt_probe(&tt, KEY + 1, pawns(2), 3).pn, 5);
    CHECK_INT((int)tt.used, 4);

    /* 65,535 problems later the counter wraps and the memory is cleared. */
    for (int i = 0; i < 65535; i++)
        tt_new_search(&tt);
    CHECK_INT(tt_probe(&tt, KEY, pawns(0), 3).found, false);
    CHECK_INT(tt_probe(&tt, KEY + 1, pawns(1), 9).found, false);
    tt_store(&tt, KEY, pawns(0), 7, 8, MOVE_NONE, 1);
    CHECK_INT(tt_probe(&tt, KEY, pawns(0), 3).pn, 7);
    tt_free(&tt);
}

/* A block that is not a power of two of buckets (tt.c): 3 MiB is 12,288 buckets.  The
 * last step of growth widens the index to 16,384 and folds the indices past the block
 * back by 8,192, so buckets 4,096 to 8,191 answer for two indices each; every entry kept
 * is found again under its key alone, and the whole block is in use. */
TEST(tt_block_of_any_size)
{
    tt_t tt;
    CHECK(!tt_init(&tt, sizeof(tt_bucket_t) - 1)); /* not one bucket */
    CHECK(tt_init(&tt, 3 << 20));
    CHECK_INT((int)tt.buckets, 12288);
    tt_new_search(&tt);
    CHECK_INT((int)tt_buckets_in_use(&tt), 4096);
    CHECK_INT((int)tt_bucket_index(&tt, 4096 + 5), 5);
    fill(&tt, 120000);
    CHECK_INT((int)tt.mask, 16383);
    CHECK_INT((int)tt_buckets_in_use(&tt), 12288);
    CHECK_INT((int)tt_bucket_index(&tt, 12288 + 7), 4096 + 7);  /* folded */
    CHECK_INT((int)tt_bucket_index(&tt, 8192 + 7), 8192 + 7);   /* its twin exists */
    CHECK_INT((int)tt_bucket_index(&tt, 16383), 8191);
    int wrong, kept = found_again(&tt, 120000, &wrong);
    CHECK_INT(wrong, 0);
    CHECK((uint64_t)kept == tt.used);
    /* Nearly every slot holds an entry: the folded buckets took two indices' keys. */
    CHECK(kept > 12288 * TT_BUCKET * 9 / 10);
    tt_free(&tt);
}
