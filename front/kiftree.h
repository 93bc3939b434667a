/*
 * kiftree.h: a KIF record with variations (変化), as GUIs read and show them: the main
 * line, then each other line from the ply where it leaves the line it branches from.
 *
 * The lines are kept as a tree of moves: a node's first child continues its line, the
 * others are variations at that ply, in the order they were added.  Lines that share
 * their first moves share nodes, so a line that departs from a variation is written as
 * a variation of that variation.  Writing follows the KIF convention of Kifu for
 * Windows: the main line first, a "+" after a move that has a variation further on, and
 * the variations after it, the latest ply first, each followed by its own variations
 * (depth first).  Comments ("*..." lines) go after the move they are about, or before
 * the first move for the initial position.  Nothing is recursive along a line; only the
 * nesting of variations inside variations is, a few levels at most.
 */
#ifndef TSUME_KIFTREE_H
#define TSUME_KIFTREE_H

#include <stdbool.h>
#include <stdio.h>

#include "../movegen/position.h"

typedef struct kif_tree kif_tree_t;

/* A tree of the main line moves[0..n) from root (copied); NULL when out of memory.
 * mated: the line ends in mate ("まで…手で詰み") though interpositions are legal (futile
 * ones, under the composers' rules); else the position at its end decides. */
kif_tree_t *kif_tree_new(const pos_t *root, const move_t *moves, int n, bool mated);
void kif_tree_free(kif_tree_t *t);

/* Adds the line moves[0..n), played from the main line's position before ply `start`
 * (1-based), and the comment (one line, without '*'; NULL for none) on its move
 * moves[at].  False when out of memory or when start is beyond the main line's end. */
bool kif_tree_add(kif_tree_t *t, int start, const move_t *moves, int n, int at, const char *comment);

/* A comment on the initial position (written before the first move). */
bool kif_tree_comment(kif_tree_t *t, const char *comment);

/* The whole record: the "#KIF" line, the header lines given (each "key：value", may be
 * NULL), the diagram, the main line with "まで…" and the variations.  False when out of
 * memory, the record then cut short. */
bool kif_tree_write(FILE *f, const kif_tree_t *t, const char *const *header, int nheader);

#endif
