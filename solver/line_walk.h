/*
 * line_walk.h: what the parts of the line's walk share (line.c, line_ask.c,
 * line_attack.c, line_defend.c), and nothing else includes.
 *
 * A walk (walk_t) goes down one line from a proven position: line.c runs the loop over
 * plies and breaks ties with the leftover look-ahead, line_ask.c answers "mate within n
 * plies?" from the table or a bounded search, line_attack.c and line_defend.c list the
 * moves each side may choose at a ply.  The walk's path (above) holds every position
 * from the root to the one the questions are about: moves are pushed on it before the
 * walk plays them, so each search sees a move back to the line as a repetition.
 */
#ifndef TSUME_LINE_WALK_H
#define TSUME_LINE_WALK_H

#include "line.h"

enum { PROBE_ONLY = 1 }; /* a question's budget that only asks the table */

typedef struct {
    dfpn_shared_t *sh;
    dfpn_mode_t mode;
    color_t attacker;
    bool exact;
    bool looking;           /* in the leftover look-ahead, which only breaks ties */
    bool unsure;            /* exact turned false on an unsure answer (line_info_t) */
    bool patient;           /* line_extract */
    bool certified;         /* the walk's position is not mated within the plies it has
                               left minus two (line_extract) */
    bool hurry;             /* the solve's deadline passed or a stop came (line_hurried) */
    bool narrow;            /* narrow_longest may run: the allowance is more than one refining
                               search's budget (one such budget only illustrates the answer:
                               check --first) */
    int budget;             /* leftover look-ahead calls left for the choice being made */
    unsigned starved;       /* line_info_t.starved, so far */
    uint64_t search_budget; /* nodes allowed for each refining search */
    uint64_t end;           /* no refining search past this node count */
    uint64_t tie_end;       /* nor one that only breaks a tie past this one (line_longest_replies) */
    uint64_t *above;        /* the positions before the one walked (pos_key, from the root):
                               the searches ask about the line as it stands (dfpn.h) */
    int n_above;
    const move_t *banned;   /* checks the walk backed out of at this position (line_extract) */
    int n_banned;
} walk_t;

/* The searches that keep the line a mate run whatever the time: the soft limits are off
 * between soft_off and soft_on. */
typedef struct {
    double deadline;
    volatile int *stop;
} soft_t;

static inline soft_t soft_off(dfpn_shared_t *sh)
{
    soft_t s = {sh->soft_deadline, sh->soft_stop};
    sh->soft_deadline = 0, sh->soft_stop = NULL;
    return s;
}

static inline void soft_on(dfpn_shared_t *sh, soft_t s) { sh->soft_deadline = s.deadline, sh->soft_stop = s.stop; }

/* Around a move the walk plays before it searches: the position left joins the path. */
static inline void above_push(walk_t *w, const pos_t *p) { w->above[w->n_above++] = pos_key(p); }
static inline void above_pop(walk_t *w) { w->n_above--; }

/* line_ask.c: the questions. */
bool line_hurried(walk_t *w);
bool line_on_line(const walk_t *w, const pos_t *p);
void line_doubt(walk_t *w);
int line_mate_within(walk_t *w, pos_t *p, dfpn_mode_t mode, int len, uint64_t budget);
uint64_t line_tie_cap(walk_t *w);
int line_tie_question(walk_t *w, pos_t *p, int len);
int line_defender_replies(walk_t *w, pos_t *p, move_t *moves);

/* line_attack.c, line_defend.c: the moves each side may choose (out: room for
 * MG_MAX_MOVES). */
int line_mating_moves(walk_t *w, pos_t *p, int len, move_t *out, bool search);
int line_longest_replies(walk_t *w, pos_t *p, int len, move_t *out, bool refine);

#endif
