/*
 * stated.c: the stated line against verify's main line (stated.h).
 */
#include "stated.h"

#include <stdio.h>
#include <string.h>

#include "../movegen/usi_move.h"

enum { ASK_MAX = 50000000 /* nodes for the question about a reply, without a limit of the user's */ };

const char *stated_kind_name(stated_kind_t k)
{
    static const char *const NAMES[] = {"same",    "listed",    "no-mate", "no-mate-now", "shorter",
                                        "as-long", "undecided", "ends",    "goes-on",     "illegal"};
    return (unsigned)k < sizeof NAMES / sizeof *NAMES ? NAMES[k] : "?";
}

/* Whether the position after the stated reply at defender ply k (q) is mated sooner than
 * after the main line's reply, which leaves rem plies. */
static void ask_shorter(solver_t *s, const solve_opts_t *o, const pos_t *q, int rem, stated_cmp_t *c)
{
    c->kind = STATED_AS_LONG;
    if (rem < 3)
        return; /* no mate is shorter than one ply */
    if (!o) {
        c->kind = STATED_UNDECIDED;
        return;
    }
    solve_opts_t bounded = *o;
    bounded.max_plies = rem - 2;
    bounded.progress = NULL;
    if (!bounded.node_limit)
        bounded.node_limit = ASK_MAX; /* as verify's own last pass: never without end */
    solve_result_t r;
    solver_solve(s, q, &bounded, &r);
    c->nodes += r.nodes;
    if (r.status == SOLVE_MATE) {
        c->kind = STATED_SHORTER;
        c->mated_in = r.shortest ? r.plies : r.within;
        c->mated_shortest = r.shortest;
    } else if (r.status != SOLVE_NOMATE) {
        c->kind = STATED_UNDECIDED;
    }
    solve_result_free(&r);
}

/* The next move of the stated line s from p, legal there: advances *s; false at the
 * end (why empty) or at a move that is not legal or no USI (why says which). */
static bool next_move(const pos_t *p, const char **s, move_t *m, char *why, size_t why_size)
{
    why[0] = '\0';
    *s += strspn(*s, " ");
    size_t n = strcspn(*s, " ");
    if (!n)
        return false;
    char tok[16];
    snprintf(tok, sizeof tok, "%.*s", (int)(n < sizeof tok - 1 ? n : sizeof tok - 1), *s);
    *s += n;
    if (n >= sizeof tok) {
        snprintf(why, why_size, "'%.12s...' is no USI move", tok);
        return false;
    }
    if (!usi_parse_legal(p, tok, m, why, why_size)) {
        if (!why[0])
            snprintf(why, why_size, "'%s' is not legal", tok);
        return false;
    }
    return true;
}

int stated_moves(const pos_t *root, const char *moves, move_t *out, int max)
{
    pos_t p = *root;
    undo_t u;
    char why[96];
    int n = 0;
    move_t m;
    while (n < max && next_move(&p, &moves, &m, why, sizeof why)) {
        out[n++] = m;
        pos_do(&p, m, &u);
    }
    return n;
}

void stated_compare(solver_t *solver, const solve_opts_t *o, const pos_t *root, const char *moves,
                    const verify_result_t *v, stated_cmp_t *c)
{
    const solve_result_t *r = &v->solve;
    memset(c, 0, sizeof *c);
    c->move = MOVE_NONE;
    pos_t p = *root;
    undo_t u;
    int ply = 0;
    for (const char *s = moves;;) {
        move_t m;
        if (!c->ply && ply == r->plies) {
            /* The main line to its mate: any word left goes on past it.  (Read as a
             * move it was 'illegal', since nothing is legal in a mate, and goes-on was
             * never said: a helper's review.) */
            s += strspn(s, " ");
            if (*s) {
                c->kind = STATED_GOES_ON, c->ply = ply + 1;
                snprintf(c->past, sizeof c->past, "%.*s", (int)strcspn(s, " "), s);
                for (c->plies = ply; *s; s += strspn(s, " "))
                    c->plies++, s += strcspn(s, " ");
            }
            break;
        }
        if (!next_move(&p, &s, &m, c->why, sizeof c->why)) {
            if (!c->why[0])
                break; /* the end of the line */
            c->bad_ply = ++ply;
            if (!c->ply)
                c->kind = STATED_ILLEGAL, c->ply = ply;
            return;
        }
        c->plies = ++ply;
        if (c->ply) {
            pos_do(&p, m, &u); /* departed already: the rest is only checked legal */
            continue;
        }
        if (m != r->pv[ply - 1]) {
            c->ply = ply, c->move = m;
            c->kind = ply % 2 == 0 ? STATED_SHORTER : ply == r->plies ? STATED_NO_MATE_NOW : STATED_NO_MATE;
            for (int i = 0; i < v->nfindings; i++) {
                const verify_finding_t *f = &v->findings[i];
                if (f->ply == ply && f->moves && !f->lead && f->moves[0] == m) {
                    c->kind = STATED_LISTED;
                    c->finding = f->kind;
                    break;
                }
            }
        }
        pos_do(&p, m, &u);
        if (c->kind == STATED_SHORTER && c->ply == ply)
            ask_shorter(solver, o, &p, r->plies - ply, c);
        /* A limit may have stopped the walk before it listed this ply's alternatives: no
         * finding then says nothing.  Past that ply every alternative was asked, and one
         * left undecided is a finding of its own (unknown), so no finding is an answer
         * (Muso 第21番 at 160,000 nodes, unwalked 4: 7c7b+ at ply 13 was called undecided,
         * and does not force mate). */
        if (ply <= v->unwalked && c->ply == ply &&
            (c->kind == STATED_NO_MATE || c->kind == STATED_NO_MATE_NOW || c->kind == STATED_AS_LONG))
            c->kind = STATED_UNDECIDED;
    }
    if (!c->ply && ply < r->plies)
        c->kind = STATED_ENDS, c->ply = ply + 1;
}
