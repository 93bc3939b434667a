/*
 * stated.h: a problem's stated line (a KIF/CSA move list, or a problem file's column of
 * USI moves) against the main line `tsume verify` found: the same, or where it departs
 * and what the stated move is there.
 *
 * What the stated move is follows from the findings, since verify asks every
 * alternative: at an attacker's ply every other check that forces mate is a finding (a
 * cook, a transposition, ...), so a stated check that is none does not force mate; on
 * the last ply only mates in one are alternatives, so there it does not mate at once.  At
 * a defender's ply every counted reply that lasts as long or longer without running back
 * into the main line (or leaving more pieces) is one (変同, 変長), so a stated reply that
 * is none is mated sooner, or lasts as long without being such a variation, or is an
 * interposition the futility rule does not count: one question, "mated sooner?", tells
 * the first from the others.  Where a limit stopped verify's walk before it listed a
 * ply's alternatives (verify_result_t.unwalked), a move there that is no finding may just
 * not have been asked, and nothing more is said of it.
 */
#ifndef TSUME_STATED_H
#define TSUME_STATED_H

#include <stdint.h>

#include "../solver/solver.h"

typedef enum {
    STATED_SAME,    /* move for move the main line */
    STATED_LISTED,  /* departs with a move a finding at that ply lists */
    STATED_NO_MATE, /* departs with an attacker's move that is no finding: no forced mate */
    STATED_NO_MATE_NOW, /* the same on the main line's last ply: it does not mate at once */
    STATED_SHORTER, /* departs with a reply that is no finding and is mated sooner */
    STATED_AS_LONG, /* departs with a reply that is no finding yet lasts as long: it runs
                       back into the main line, leaves more pieces, or does not count */
    STATED_UNDECIDED, /* departs with a move that is no finding, and a limit left it
                         undecided: the walk stopped before it listed that ply's
                         alternatives (unwalked), or the question whether a reply is
                         mated sooner ran out */
    STATED_ENDS,    /* a part of the main line that stops early */
    STATED_GOES_ON, /* the main line to its mate, and more moves written after it */
    STATED_ILLEGAL  /* agrees up to a move that is not legal (or not USI) */
} stated_kind_t;

typedef struct {
    stated_kind_t kind;
    int ply;               /* 1-based ply of the departing move (SAME: 0; ENDS: the first
                              ply of the main line the stated one lacks) */
    move_t move;           /* the stated move at ply (MOVE_NONE for SAME and ENDS) */
    verify_kind_t finding; /* LISTED: the kind of the finding */
    int plies;             /* the stated line's length (up to a move not legal) */
    int mated_in;          /* SHORTER: the plies of the mate after the stated reply, or a
                              bound on them when not mated_shortest (a limit) */
    bool mated_shortest;
    int bad_ply;           /* the first move of it that is not legal, 0 when none (ILLEGAL
                              when the lines agree up to it, else after the departure) */
    char why[96];          /* bad_ply's reason */
    char past[16];         /* GOES_ON: the first move stated past the mate, as written (no
                              move is legal there, so none is read: move is MOVE_NONE) */
    uint64_t nodes;        /* spent asking about a reply */
} stated_cmp_t;

/* Compares the stated line moves (USI, spaces between) from root with v's main line
 * (v->solve.status must be SOLVE_MATE).  A reply that departs without a finding is asked
 * whether it is mated sooner than the main line's, by solver under o's limits (its table
 * is cleared: call it after the verification); o NULL: not asked (undecided). */
void stated_compare(solver_t *solver, const solve_opts_t *o, const pos_t *root, const char *moves,
                    const verify_result_t *v, stated_cmp_t *c);

/* The stated line's moves from root, up to max and up to its first move that is not
 * legal (or not USI): how many there are in out. */
int stated_moves(const pos_t *root, const char *moves, move_t *out, int max);

/* "same", "listed", "no-mate", "no-mate-now", "shorter", "as-long", "undecided", "ends",
 * "goes-on", "illegal". */
const char *stated_kind_name(stated_kind_t k);

#endif
