/*
 * solver.h: the public API of the mate solver, the only solver header front ends use.
 *
 * A solver owns one transposition table (one block of memory of the size asked for) and
 * solves one problem at a time: the side to move attacks, every attacker move checks,
 * the defender answers with any legal evasion.  The answer is one of three: a proven
 * mate with its line, a proven no-mate, or unknown (a limit stopped the search).  A mate
 * line follows composers' rules (see README): shortest mate, longest defence, futile
 * interpositions not counted as defence, and among equal defences the one leaving the
 * attacker the fewest pieces in hand.
 */
#ifndef TSUME_SOLVER_H
#define TSUME_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#include "../movegen/position.h"

enum { SOLVER_MAX_PLY = 4000 }; /* longest line searched or reported */

typedef enum { SOLVE_MATE, SOLVE_NOMATE, SOLVE_UNKNOWN, SOLVE_ERROR } solve_status_t;

/* Which interpositions count as defence when the line and its length are chosen. */
typedef enum {
    FUTILE_NONE,    /* every legal interposition counts */
    FUTILE_CAPTURE, /* default: see README, "Futile interpositions" */
} futile_rule_t;

typedef struct solver solver_t;

/* Called from the searching thread about every 100 ms with running figures. */
typedef struct {
    uint64_t nodes;
    double seconds;
    int hashfull; /* per mille of the table in use */
    const char *phase; /* "proof", "shortest", "line" */
} solve_progress_t;

typedef struct {
    double time_limit;  /* seconds of wall time, 0 = none */
    uint64_t node_limit; /* 0 = none */
    futile_rule_t futile;
    int defender_hand_rest; /* give the defender every piece not on the board or in the attacker's hand */
    int proof_only;         /* stop after mate/no-mate: no shortest-line work */
    int max_plies;          /* 0 = no bound; else the question is "mate within max_plies plies?"
                             * under the futility rule in force: SOLVE_MATE when one is proven (pv
                             * within the bound, unless a refining budget ran out: exact 0), or
                             * SOLVE_NOMATE meaning only "no mate that short" */
    volatile int *stop;     /* set non-zero from another thread to stop soon (status unknown) */
    void (*progress)(const solve_progress_t *info, void *arg);
    void *progress_arg;
} solve_opts_t;

typedef struct {
    solve_status_t status;
    int plies;        /* length of pv when status is SOLVE_MATE */
    move_t *pv;       /* SOLVER_MAX_PLY entries, owned by the result */
    int leftover;     /* pieces left in the attacker's hand at the end of pv */
    int exact;        /* 1 when pv is proven shortest under the chosen rule, 0 if only a bound */
    uint64_t nodes;   /* positions searched */
    double seconds;
    int defender_hand_filled; /* the defender's hand was filled (defender_hand_rest) */
    char error[160];  /* set when status is SOLVE_ERROR */
} solve_result_t;

void solve_opts_default(solve_opts_t *o);

/* hash_mb: size of the transposition table in MiB (at least 1).  NULL if it cannot be had. */
solver_t *solver_new(size_t hash_mb);
void solver_free(solver_t *s);

/* Solves p (not modified).  The table is cleared first, so one problem's results never
 * leak into the next.  Fills r (pass it to solve_result_free afterwards). */
void solver_solve(solver_t *s, const pos_t *p, const solve_opts_t *o, solve_result_t *r);
void solve_result_free(solve_result_t *r);

const char *solve_status_name(solve_status_t st); /* "mate", "nomate", "unknown", "error" */

/* Gives the defender (the side not to move) every piece that is neither on the board nor
 * in the attacker's hand: what defender_hand_rest does before solving. */
void solver_fill_defender_hand(pos_t *p);

#endif
