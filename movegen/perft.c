/*
 * perft.c: recursive perft.  Depth is what the user asks for (a handful of plies), so
 * recursion on the C stack is bounded and small here, unlike in the solver.
 */
#include "perft.h"

#include "movegen.h"

uint64_t mg_perft(pos_t *p, int depth)
{
    move_t list[MG_MAX_MOVES];
    if (depth <= 0)
        return 1;
    int n = mg_legal(p, list);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        undo_t u;
        pos_do(p, list[i], &u);
        total += mg_perft(p, depth - 1);
        pos_undo(p, list[i], &u);
    }
    return total;
}
