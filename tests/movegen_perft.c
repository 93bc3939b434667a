/*
 * movegen_perft.c: exact perft counts from ../shared/problems/perft.tsv, every row whose
 * count is at most 20 million (2 million under TSUME_QUICK, the sanitizer run), plus the
 * depth-1 breakdown of special positions.
 */
#include <stdlib.h>
#include <string.h>

#include "../movegen/perft.h"
#include "../movegen/sfen.h"
#include "test.h"

TEST(perft_table)
{
    const char *path = test_shared("problems/perft.tsv");
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f)
        return;
    long long limit = getenv("TSUME_QUICK") ? 2000000 : 20000000;
    char line[4096];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *sfen = strtok(line, "\t"), *depth = strtok(NULL, "\t"), *count = strtok(NULL, "\t");
        if (!sfen || !depth || !count || strspn(count, "0123456789") != strlen(count))
            continue; /* the breakdown row (captures=...) is checked by make perft */
        long long want = atoll(count);
        if (want > limit)
            continue;
        pos_t p;
        char err[SFEN_ERR_MAX];
        if (!sfen_parse(&p, sfen, SFEN_EXTRA_PIECES, err, sizeof err)) {
            test_fail(__FILE__, __LINE__, "%s: %s", sfen, err);
            continue;
        }
        long long got = (long long)mg_perft(&p, atoi(depth));
        if (got != want)
            test_fail(__FILE__, __LINE__, "perft %s of %s: got %lld, expected %lld", depth, sfen, got, want);
        rows++;
    }
    fclose(f);
    CHECK(rows >= 40); /* the table must really have been read */
}

/* The stalemate-like position of the table: no legal move at all (perft 1 = 0). */
TEST(perft_no_moves)
{
    pos_t p;
    char err[SFEN_ERR_MAX];
    CHECK(sfen_parse(&p, "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200", SFEN_STRICT, err,
                     sizeof err));
    CHECK_INT(mg_perft(&p, 1), 0);
}
