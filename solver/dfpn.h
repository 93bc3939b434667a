/*
 * dfpn.h: depth-first proof-number search (Nagai 2002) for "mate within len plies?".
 *
 * The attacker is fixed for a whole search (the side to move at its root); attacker
 * nodes (OR) try only checks, defender nodes (AND) every evasion.  len bounds the mate
 * length; LEN_INF - 1 asks for any mate.  Results:
 *   proven     a mate within the bound exists, for certain;
 *   disproven  none exists, for certain (repetitions and the length bound respected);
 *   unknown    a node, time or depth limit stopped the search.
 * Proofs hold on every path; a disproof that relied on a repetition with a position above
 * the node that produced it is kept only in the frame that found it (never stored), so
 * no result depends on how a position was reached (the GHI problem).
 *
 * In composer mode the defender's futile interpositions (futile.h) are not counted as
 * defence: they are left out of the defender's moves, and a defender whose only replies
 * are futile interpositions is mated.  A mate exists in composer mode exactly when one
 * exists in strict mode (a futile reply is met by a mate that holds with the captured
 * piece given back, so a fortiori with it kept), so either mode decides mate or no mate;
 * they differ in lengths.  Composer mode keys its table entries apart; its proof hands
 * also cover the proofs its futility verdicts rest on.
 */
#ifndef TSUME_DFPN_H
#define TSUME_DFPN_H

#include "solver.h"
#include "tt.h"

typedef enum { DFPN_PROVEN, DFPN_DISPROVEN, DFPN_UNKNOWN } dfpn_status_t;
typedef enum { MODE_STRICT = 0, MODE_COMPOSER = 1 } dfpn_mode_t;

/* Nesting levels of searches (delay-rule tests within tests).  A deeper test is answered
 * unknown, and the results resting on it are unsure.  The C stack holds them: each level
 * adds a few frames, and the plies of a chain's levels add up to at most the outermost
 * bound, since a test is asked at the bound of the node that asks it. */
enum { DFPN_NEST_MAX = 1024 };

/* The sizes of a solver's caches, as powers of two of slots; 0 is the full size.  They
 * come out of the memory the user gives (solver.c), so a small share gets small ones. */
typedef struct {
    uint8_t est_bits;    /* estimate.h */
    uint8_t futile_bits; /* futile.c */
} dfpn_caches_t;

/* Chooses the caches for a share of `bytes` (one job's part of --hash) and returns the
 * bytes they take, the path filter (repcache.h) included; the table gets the rest. */
size_t dfpn_caches_size(size_t bytes, dfpn_caches_t *c);

/* What every search of one solve shares: the table, the limits and the counters. */
typedef struct {
    tt_t *tt;
    uint64_t nodes;
    uint64_t node_limit; /* 0 = none */
    uint64_t local_limit; /* 0 = none: a budget for one nested search (futility tests) */
    double deadline;     /* monotonic seconds, 0 = none */
    double start;
    volatile int *stop;
    /* The line's walk (line.c) turns the deadline and stop into these: they stop a
     * refining search as its own budget would (dfpn_nested forgives them), never the
     * walk, which must reach its mate. */
    double soft_deadline;
    volatile int *soft_stop;
    /* A split question's end (split.c), for the threads on it: a stop as the user's is,
     * which no nested search forgives, beside the user's own, which stays seen at once. */
    volatile int *task_stop;
    bool aborted;
    futile_rule_t futile;
    /* Progress reports: called about every 100 ms while searching (when set). */
    void (*progress)(const solve_progress_t *info, void *arg);
    void *progress_arg;
    const char *phase;
    int proven, asking; /* solve_progress_t's figures, kept by solver_run.c and shortest.c */
    bool shortening;    /* shortest_mate works on the problem itself (not on verify's
                           alternatives): it keeps proven and asking */
    double next_report;
    /* Search frames kept for reuse, one per nesting level (DFPN_NEST_MAX at most), each
     * allocated when its level is first reached.  Delay-rule tests nest (a test's search
     * meets interpositions of its own), and on long interposition lines the chains run
     * deep: Muso 第100番 needs more than 16 levels for a certified length, Microcosmos 250.
     * The nodes of a whole chain come out of its outermost test's budget. */
    void **pool;
    int pool_cap;
    int nest;
    void *futile_cache; /* futile.c: verdicts by position key */
    struct est_slot *est_cache; /* estimate.h: initial numbers of children by position key */
    dfpn_caches_t caches;       /* the two caches' sizes (0: the full ones) */
    struct repc *path_filter;   /* repcache.h: which boards may have a path disproof */
    uint64_t rep_gen;           /* the problem's number: path_filter belongs to one problem */
    uint64_t delay_budget; /* a delay-rule test's nested searches (futile.h); 0 = default */
    uint64_t delay_stops;  /* delay-rule tests a budget stopped, decisive or not */
    uint64_t futile_cuts;  /* futility tests cut by their depth cap (futile.c) */
    bool no_simulation;    /* tests: no proof by simulation (dfpn_sim.c) */
    int line_backouts;     /* tests: the line walk's back-outs (line.c), 0 = MAX_BACKTRACKS */
    uint8_t race_eps8;     /* the unbounded search's epsilon in eighths, 0: 2 (split_race) */
    uint64_t sim_tries, sim_proofs; /* replays of a sibling's proof made, and proven */
    uint64_t sim_own;               /* attacker nodes of replays proven by their own proof */
    struct split *split;  /* split.h: helper threads for the hard questions, or NULL */
    uint64_t split_probe; /* nodes a question is searched alone before it is split */
    int splits;           /* questions split */
} dfpn_shared_t;

/* Whether a limit of the whole solve (nodes, time, stop) has been reached. */
bool dfpn_global_limit_hit(dfpn_shared_t *sh);

/* Frees what the searches of sh kept for reuse. */
void dfpn_shared_release(dfpn_shared_t *sh);

/* Hands what the searches of sh kept for reuse (frames, caches, path filter) over to keep,
 * where the next search of the same thread takes them up again. */
void dfpn_shared_keep(dfpn_shared_t *keep, const dfpn_shared_t *sh);

typedef struct {
    dfpn_status_t status;
    int plen;    /* proven: a mate within plen plies */
    int dlen;    /* disproven: no mate within dlen plies */
    hand_t hand; /* the proof or disproof hand of the root */
    bool unsure; /* the result rests on a delay-rule test that a budget (or the nesting
                    limit) stopped: under the rule a proof's plen may be too small or too
                    large and a disproof may be wrong (mate or no mate themselves are
                    never affected) */
    hand_t hi;   /* proven: the largest hand the proof holds for (hand_full unless exact) */
    bool exact;  /* the result is not monotone in the hand: a proof holds for the hands
                    from its own up to hi, a disproof for those from lo up to its own */
    hand_t lo;   /* disproven and exact: the smallest hand it holds for */
} dfpn_result_t;

/* The positions played before p on the game path (their pos_key, oldest first): a move
 * back to one of them is a repetition, no mate.  A search whose root is reached along a
 * line (line.c) is given the line, so that it asks what the line's own search asked. */
typedef struct {
    const uint64_t *keys;
    int n;
} dfpn_above_t;

/* Searches p (restored on return) for a mate by attacker (p's side to move, or the side
 * that just checked when p is a defender node) in the given mode with length bound len;
 * above: the positions before p (NULL: none). */
dfpn_result_t dfpn_solve(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len,
                         const dfpn_above_t *above);

/* dfpn_solve nested inside another search, answered from the table when it can be: at
 * most budget more nodes (0: no budget of its own), never past the enclosing search's
 * own budget; a budget that runs out leaves the enclosing search running and gives
 * DFPN_UNKNOWN, as does a nesting too deep. */
dfpn_result_t dfpn_nested(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget,
                          const dfpn_above_t *above);

/* Table lookup for the position p in the given mode and bound len. */
tt_probe_t dfpn_probe(dfpn_shared_t *sh, const pos_t *p, color_t attacker, dfpn_mode_t mode, int len);
/* The table key of p's board in the given mode (its pieces in play salt it, dfpn.c). */
uint64_t dfpn_key(const pos_t *p, dfpn_mode_t mode);

double dfpn_now(void);

#endif
