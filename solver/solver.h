/*
 * solver.h: the public API of the mate solver, the only solver header front ends use.
 *
 * A solver owns one transposition table (one block of memory of the size asked for) and
 * solves one problem at a time: the side to move attacks (or, when asked and in check,
 * defends: in_check_defends), every attacker move checks, the defender answers with any
 * legal evasion.  The answer is one of three: a proven
 * mate with its line, a proven no-mate, or unknown (a limit stopped the search).  A mate
 * line follows composers' rules (see README): shortest mate, longest defence, futile
 * interpositions not counted as defence, and among equal defences the one leaving the
 * attacker the fewest pieces in hand.
 */
#ifndef TSUME_SOLVER_H
#define TSUME_SOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../movegen/position.h"

enum { SOLVER_MAX_PLY = 4000 }; /* longest line searched or reported */

/* The stack a search of SOLVER_MAX_PLY plies needs.  A solver runs its searches on a
 * thread of its own with this stack, unless told the caller's thread has one as big
 * (solver_run_inline). */
enum { SOLVER_STACK_BYTES = 256 << 20 };

typedef enum { SOLVE_MATE, SOLVE_NOMATE, SOLVE_UNKNOWN, SOLVE_ERROR } solve_status_t;

/* Which interpositions count as defence when the line and its length are chosen. */
typedef enum {
    FUTILE_NONE,    /* every legal interposition counts */
    FUTILE_CAPTURE, /* mated at once after the capture: see README, "Futile interpositions" */
    FUTILE_DELAY,   /* default: that, or it only delays a mate as long as another defence */
} futile_rule_t;

typedef struct solver solver_t;

/* Called from the searching thread about every 100 ms with running figures. */
typedef struct {
    uint64_t nodes;
    double seconds;
    int hashfull; /* per mille of the table in use */
    const char *phase; /* "proof", "shortest", "line" (or verify's phases) */
    int proven; /* the shortest mate proven so far, in plies; 0 while none is */
    int asking; /* in the shortest phase, the bound of the question under way ("a mate
                 * within asking plies?"); 0 otherwise */
} solve_progress_t;

typedef struct {
    double time_limit;  /* seconds of wall time, 0 = none */
    uint64_t node_limit; /* 0 = none */
    uint64_t shorten_nodes; /* nodes for proving a mate's length shortest, within node_limit;
                             * 0 = no limit of its own (solver_run.c) */
    futile_rule_t futile;
    int defender_hand_rest; /* give the defender every piece not on the board or in the attacker's hand */
    int in_check_defends;   /* a side to move that is in check defends: the question is whether
                             * it is mated by force (lengths count from its reply, so they are
                             * even; one already checkmated is mated in 0).  0: it attacks, as
                             * every side to move does otherwise.  Not for verification. */
    int proof_only;         /* stop after mate/no-mate: no shortest-line work */
    int no_shortening;      /* a mate's length stays the proof's: no search for a shorter
                             * one, the line walked from the proof as when a limit stops the
                             * shortening (tsume check --first) */
    int max_plies;          /* 0 = no bound; else the question is "mate within max_plies plies?"
                             * under the futility rule in force: SOLVE_MATE when one is proven (pv
                             * within the bound, unless a refining budget ran out: exact 0), or
                             * SOLVE_NOMATE meaning only "no mate that short" */
    int until_stopped;      /* no limit but *stop (USI 'go mate infinite'): the shortening's
                             * questions get no node budget of their own, as under time_limit */
    volatile int *stop;     /* set non-zero from another thread to stop soon (status unknown) */
                            /* (solver_flag_raise; a plain store is a data race) */
    uint64_t shorten_step;  /* nodes each question of the shortening may spend when no limit
                             * of the user's bounds it; 0 = the default (solver_run.c: ten times
                             * the proof's nodes, within 10 M and 200 M); tests set it small */
    uint64_t delay_budget;  /* nodes each nested search of a delay-rule futility test may spend;
                             * 0 = the default (futile.h); tests set it small to make tests stop */
    uint64_t split_probe;   /* with threads (solver_new_threads): nodes a question is searched
                             * on one thread before it is split; 0 = the defaults (split.h);
                             * tests set it to 1 to split every question */
    void (*progress)(const solve_progress_t *info, void *arg);
    void *progress_arg;
} solve_opts_t;

enum { SOLVE_PHASE_PROOF, SOLVE_PHASE_SHORTEST, SOLVE_PHASE_LINE, SOLVE_PHASES };

typedef struct {
    solve_status_t status;
    int plies;        /* length of pv when status is SOLVE_MATE */
    move_t *pv;       /* SOLVER_MAX_PLY entries, owned by the result */
    int leftover;     /* pieces left in the attacker's hand at the end of pv */
    int leftover_sure; /* 1 when leftover is the count of the composers' line: pv is
                        * certified (exact) and the look among equally long lines that
                        * chose its ending was never cut short (line.h: LINE_STARVED_*);
                        * 0 when another line as long may end with another count */
    int exact;        /* 1 when pv is proven shortest under the chosen rule, 0 if only a bound */
    int shortest;     /* 1 when plies is proven the shortest mate's length (exact implies it;
                       * without exact some choice along pv is still unproven) */
    int within;       /* a mate within this many plies is proven: the shortest length when
                       * shortest, else the bound where the shortening stopped.  Without
                       * shortest, plies may be shorter (a reply along pv may not be the
                       * longest) or longer than it. */
    int futile_unsure; /* what decided the length rests on a delay-rule futility test that
                        * ran out of its own budget (futile.h): why a length stays
                        * uncertified whatever the limits */
    uint64_t shorten_budget; /* the length is not certified because a question of the
                              * shortening ran out of the nodes a question gets when the
                              * user set no limit (solve_opts_t.shorten_step): those nodes;
                              * 0 otherwise (a limit of the user's, a stopped test) */
    int line_unsure;  /* the line is not certified because a choice along it rests on such a
                       * stopped test (the length may still be: shortest) */
    int line_cut;     /* the line stops short of the mate, at an attacker's move (line.h:
                       * line_info_t.cut): plies is where it stops; exact is 0 */
    uint64_t futile_stops; /* delay-rule tests stopped by their budget, whether or not a
                            * length rests on them */
    uint64_t nodes;   /* positions searched */
    double seconds;
    /* The solve's nodes and seconds by phase (SOLVE_PHASE_*): the proof (mate or no mate),
     * the shortening (proving the length shortest) and the line's walk; they add up to
     * nodes and seconds but for verification's own searches, which come after them. */
    uint64_t phase_nodes[SOLVE_PHASES];
    double phase_seconds[SOLVE_PHASES];
    int splits; /* questions shared out among the solver's threads (split.h) */
    int defender_hand_filled; /* the defender's hand was filled (defender_hand_rest) */
    int root_defends;   /* the side to move was in check and defended (in_check_defends) */
    int attacker_check; /* ATTACKER_IN_CHECK or ATTACKER_CHECKMATED when the side to move, the
                         * attacker, starts so (0: neither).  Legal, but a no-mate answer then
                         * most often means the SFEN names the wrong side to move: front ends
                         * say so. */
    char error[160];  /* set when status is SOLVE_ERROR */
} solve_result_t;

enum { ATTACKER_IN_CHECK = 1, ATTACKER_CHECKMATED = 2 }; /* solve_result_t.attacker_check */

void solve_opts_default(solve_opts_t *o);

/* hash_mb: size of the transposition table in MiB (at least 1).  NULL if it cannot be had. */
solver_t *solver_new(size_t hash_mb);
/* The same with threads threads (1 to SOLVER_THREADS_MAX) for the hard questions of the
 * shortening and a bounded question (split.h), each with an equal part of hash_mb for its
 * table and caches. */
enum { SOLVER_THREADS_MAX = 64 };
solver_t *solver_new_threads(size_t hash_mb, int threads);
void solver_free(solver_t *s);

/* on: the threads that call solver_solve/solver_verify on s have stacks of at least
 * SOLVER_STACK_BYTES, so s searches on them instead of handing each problem over to its
 * own thread (which costs two thread switches per problem: most of the time of a tiny
 * problem). */
void solver_run_inline(solver_t *s, bool on);

/* The last progress figures of the problem s is working on (safe from any thread; they
 * are renewed about every 100 ms): false when s is idle. */
bool solver_progress(solver_t *s, solve_progress_t *out);

/* Solves p (not modified).  The table is cleared first, so one problem's results never
 * leak into the next.  Fills r (pass it to solve_result_free afterwards). */
void solver_solve(solver_t *s, const pos_t *p, const solve_opts_t *o, solve_result_t *r);
void solve_result_free(solve_result_t *r);

const char *solve_status_name(solve_status_t st); /* "mate", "nomate", "unknown", "error" */

/* The attacker of p under o: the side to move, or the other side when in_check_defends
 * applies. */
color_t solver_attacker(const pos_t *p, const solve_opts_t *o);

/* Gives the defender (the side other than attacker) every piece that is neither on the
 * board nor in the attacker's hand: what defender_hand_rest does before solving. */
void solver_fill_defender_hand(pos_t *p, color_t attacker);

/* ---- Verification of composed problems (tsume verify) ----
 * After the solve, every attacker move of the main line is compared with the other checks
 * (does one of them mate as well?) and every defender move with the other replies that
 * count under the futility rule (does one hold out as long, or longer?).  The searches
 * run in the same table, right after the proof, so most of what they ask is known. */
typedef enum {
    VERDICT_SOUND,
    VERDICT_COOKED,
    VERDICT_SHORT,
    VERDICT_NOMATE,
    VERDICT_UNKNOWN,
    VERDICT_ERROR
} verify_verdict_t;

typedef enum {
    FIND_SHORT,       /* 早詰: the mate is shorter than the stated length (ply 0) */
    FIND_LONG,        /* the best defence lasts longer than the stated length (ply 0) */
    FIND_LEFTOVER,    /* 駒余り: the attacker still holds pieces at the mate of the main line */
    FIND_COOK,        /* 余詰: another check also forces mate (any length) */
    FIND_FINAL_COOK,  /* 最終手余詰: another mate on the last move (minor) */
    FIND_PROMOTION,   /* 成不成非限定: the same move with the other promotion choice mates too (minor) */
    FIND_SQUARE,      /* 非限定: the same piece to another square of the same ray from the king (minor) */
    FIND_PIECE,       /* 駒非限定: a drop of another kind of piece on the same square (minor) */
    FIND_TRANSPOSE,   /* 手順前後: another check reaches the main line as fast (minor) */
    FIND_DETOUR,      /* 迂回手順: another check returns into the main line, later (information) */
    FIND_EQUAL,       /* 変同: another defence as long, also without leftover, another ending (minor) */
    FIND_EQUAL_LAST2, /* 終2手変同: the same on the defender's last move (information) */
    FIND_LONGER,      /* 変長: another defence lasts longer than the main line */
    FIND_VARIATION_COOK, /* 変化別詰: a cook on the other branch of a choice as good as the
                          * main line's (verify_ties.c), its ply counted as on that branch (minor) */
    FIND_UNKNOWN,     /* a limit left this alternative undecided */
    FIND_KIND_NB
} verify_kind_t;

typedef struct {
    int ply;            /* 1-based ply of the main line the finding replaces (0: the whole problem) */
    verify_kind_t kind;
    int plies;          /* length of the alternative line and its mate; 0 when undecided */
    move_t *moves;      /* moves[lead..lead+plies): the alternative line, from its first move to
                         * the mate; before it, moves[0..lead) */
    int lead;           /* a variation-cook's way to its position: the other branch of the
                         * choice at ply - lead, up to the cook (the main line has other
                         * moves there); 0 for every other kind, whose line starts on the
                         * main line's position at ply */
} verify_finding_t;

typedef struct {
    solve_result_t solve; /* the main line, exactly as solver_solve gives it */
    int stated;           /* the stated length compared with (0: none) */
    verify_verdict_t verdict;
    int nfindings;
    verify_finding_t *findings;
    bool incomplete;      /* the walk left some alternative unasked or undecided */
    int unwalked;         /* plies 1..unwalked: a limit stopped the walk before it listed
                           * their alternatives (0: none), so no finding speaks for them */
    int flaws_open;       /* the ply of the first cook (or the leftover) that would make the
                           * problem cooked, when what a limit left open before it may lead
                           * the composition's line elsewhere: the verdict is then unknown
                           * (verify_ties); 0 otherwise */
    uint64_t solve_nodes; /* the part of solve.nodes spent before verification */
    double solve_seconds;
} verify_result_t;

/* Solves p as solver_solve does, then verifies the main line (stated: the problem's stated
 * length, 0 for none).  The limits of o hold for the whole of it; alternatives a limit
 * leaves undecided are FIND_UNKNOWN findings.  Free v with verify_result_free. */
void solver_verify(solver_t *s, const pos_t *p, const solve_opts_t *o, int stated, verify_result_t *v);
void verify_result_free(verify_result_t *v);

const char *verdict_name(verify_verdict_t v);        /* "sound", "cooked", "short", "nomate", "unknown", "error" */
const char *verify_kind_name(verify_kind_t k); /* "short", "long", "leftover", "cook", ... */
const char *verify_kind_label(verify_kind_t k); /* the Japanese term: "早詰", ... */
bool verify_kind_major(verify_kind_t k);       /* whether the finding makes the problem unsound */

/* A stop flag read and raised across threads: relaxed atomic accesses, since a flag
 * carries no data with it (the thread that sees it only stops). */
static inline int solver_flag_up(const volatile int *f) { return f && __atomic_load_n(f, __ATOMIC_RELAXED); }
static inline void solver_flag_raise(volatile int *f) { __atomic_store_n(f, 1, __ATOMIC_RELAXED); }
static inline void solver_flag_lower(volatile int *f) { __atomic_store_n(f, 0, __ATOMIC_RELAXED); }

#endif
