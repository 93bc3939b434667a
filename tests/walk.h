/*
 * walk.h: the movegen tests' random walks (movegen_consistency.c, movegen_symmetry.c).
 * A step plays a random check half of the time, so that check, evasion and mate-in-one
 * nodes are common, else a random legal move, and goes back to the walk's root at a dead
 * end or past ply 200.  The random numbers are the caller's, from its own seed.
 */
#ifndef TSUME_TESTS_WALK_H
#define TSUME_TESTS_WALK_H

#include <stdint.h>

#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "test.h"

/* xorshift64: the walks' random numbers, from the caller's state (never 0). */
static inline uint64_t walk_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

static inline void walk_step(pos_t *p, const pos_t *root, uint64_t (*rng)(void))
{
    move_t list[MG_MAX_MOVES];
    int n = (rng() & 1) ? mg_checks(p, list) : 0;
    if (n == 0)
        n = mg_legal(p, list);
    if (n == 0 || p->ply > 200) {
        *p = *root;
        return;
    }
    undo_t u;
    pos_do(p, list[rng() % (uint64_t)n], &u);
}

/* A walk of `steps` steps from each of the n start positions, visit called at each node. */
static inline void walk_all(const char *const *starts, size_t n, int steps, uint64_t (*rng)(void),
                            void (*visit)(pos_t *))
{
    for (size_t s = 0; s < n; s++) {
        pos_t p;
        char err[SFEN_ERR_MAX];
        if (!sfen_parse(&p, starts[s], SFEN_STRICT, err, sizeof err)) {
            test_fail(__FILE__, __LINE__, "%s: %s", starts[s], err);
            continue;
        }
        pos_t root = p;
        for (int i = 0; i < steps; i++) {
            visit(&p);
            walk_step(&p, &root, rng);
        }
    }
}

#endif
