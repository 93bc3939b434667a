/*
 * delay.c: the chains of delayed interpositions (see delay.h).
 *
 * A reply is classed once: alone, a drop on a guarded square, a drop on an unguarded
 * square, or a board move onto an unguarded square.  A square between king and checker
 * is guarded when a defender piece other than the king attacks it; for a board move the
 * piece that moves does not count, and the square it leaves may open a line onto the
 * target.  The squares between king and checker lie on one line, so each distance from
 * the king names at most one of them.
 */
#include "delay.h"

#include "../movegen/movegen.h"

enum { ALONE, DROP_GUARDED, DROP_FREE, MOVE_FREE };

typedef struct {
    square_t king;
    bb_t between, guarded, occ;
} line_t;

/* False when the defender has no interposition to make (double or adjacent check). */
static bool line_of_check(const pos_t *p, line_t *l)
{
    if (!p->checkers || bb_more_than_one(p->checkers))
        return false;
    l->king = p->king[p->side];
    l->between = at_between[l->king][bb_lsb(p->checkers)];
    if (!l->between)
        return false;
    l->occ = pos_occ(p);
    l->guarded = BB_EMPTY;
    square_t s;
    BB_FOREACH(s, l->between) {
        if (pos_attackers(p, p->side, s, l->occ) & ~bb_sq(l->king))
            l->guarded |= bb_sq(s);
    }
    return true;
}

static int classify(const pos_t *p, const line_t *l, move_t m)
{
    square_t to = mv_to(m);
    if (!bb_has(l->between, to))
        return ALONE;
    if (mv_is_drop(m))
        return bb_has(l->guarded, to) ? DROP_GUARDED : DROP_FREE;
    square_t from = mv_from(m);
    if (from == l->king)
        return ALONE;
    bb_t others = ~(bb_sq(l->king) | bb_sq(from));
    return pos_attackers(p, p->side, to, l->occ ^ bb_sq(from)) & others ? ALONE : MOVE_FREE;
}

static int distance(square_t a, square_t b)
{
    int df = sq_file(a) - sq_file(b), dr = sq_rank(a) - sq_rank(b);
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

void delay_order(const pos_t *p, move_t *moves, int16_t *prev, int n)
{
    for (int i = 0; i < n; i++)
        prev[i] = -1;
    line_t l;
    if (!line_of_check(p, &l))
        return;
    uint8_t cls[MG_MAX_MOVES];
    for (int i = 0; i < n; i++)
        cls[i] = (uint8_t)classify(p, &l, moves[i]);

    move_t out[MG_MAX_MOVES];
    int k = 0;
    for (int i = 0; i < n; i++)
        if (cls[i] == ALONE)
            out[k++] = moves[i];
    /* Squares from the king outwards: guarded ones each start a chain, the unguarded
     * ones share one.  The board moves onto unguarded squares form the last chain. */
    int free_last = -1;
    for (int dist = 1; dist < 9; dist++) {
        square_t s = SQ_NONE, t;
        BB_FOREACH(t, l.between) {
            if (distance(t, l.king) == dist)
                s = t;
        }
        if (s == SQ_NONE)
            break;
        int last = bb_has(l.guarded, s) ? -1 : free_last;
        for (int i = 0; i < n; i++) {
            if ((cls[i] != DROP_GUARDED && cls[i] != DROP_FREE) || mv_to(moves[i]) != s)
                continue;
            prev[k] = (int16_t)last;
            last = k;
            out[k++] = moves[i];
        }
        if (!bb_has(l.guarded, s))
            free_last = last;
    }
    int last = -1;
    for (int i = 0; i < n; i++) {
        if (cls[i] != MOVE_FREE)
            continue;
        prev[k] = (int16_t)last;
        last = k;
        out[k++] = moves[i];
    }
    if (k != n) { /* cannot happen: every reply has a class and a place */
        for (int i = 0; i < n; i++)
            prev[i] = -1;
        return;
    }
    for (int i = 0; i < n; i++)
        moves[i] = out[i];
}

int delay_groups(const pos_t *p, const move_t *moves, int n)
{
    line_t l;
    if (!line_of_check(p, &l))
        return n;
    int alone = 0;
    bool drop_free = false, move_free = false;
    bb_t guarded_drops = BB_EMPTY;
    for (int i = 0; i < n; i++) {
        switch (classify(p, &l, moves[i])) {
        case ALONE: alone++; break;
        case DROP_GUARDED: guarded_drops |= bb_sq(mv_to(moves[i])); break;
        case DROP_FREE: drop_free = true; break;
        default: move_free = true; break;
        }
    }
    return alone + bb_count(guarded_drops) + drop_free + move_free;
}
