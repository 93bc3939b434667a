/*
 * kiftree.c: a KIF record with variations (kiftree.h).
 *
 * Nodes live in one growing array and point at each other by index; node 0 is the
 * initial position, every other node a move.  A line is a chain of first children.
 */
#include "kiftree.h"

#include <stdlib.h>
#include <string.h>

#include "kif.h"
#include "notation.h"

typedef struct {
    move_t move;
    int first, last, next; /* children (first continues the line), next sibling; -1: none */
    char *comment;         /* lines joined by '\n', or NULL */
} node_t;

struct kif_tree {
    pos_t root;
    move_t *main;
    int nmain;
    bool mated; /* the main line ends in mate whatever the evasions left (futile ones) */
    node_t *nodes;
    int n, cap;
};

static int node_new(kif_tree_t *t, int parent, move_t m)
{
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 256;
        node_t *nodes = realloc(t->nodes, sizeof *nodes * (size_t)cap);
        if (!nodes)
            return -1;
        t->nodes = nodes, t->cap = cap;
    }
    int x = t->n++;
    t->nodes[x] = (node_t){m, -1, -1, -1, NULL};
    if (parent >= 0) {
        node_t *p = &t->nodes[parent];
        if (p->last >= 0)
            t->nodes[p->last].next = x;
        else
            p->first = x;
        p->last = x;
    }
    return x;
}

static bool note(kif_tree_t *t, int x, const char *comment)
{
    char *old = t->nodes[x].comment;
    size_t a = old ? strlen(old) + 1 : 0, b = strlen(comment);
    char *s = realloc(old, a + b + 1);
    if (!s)
        return false;
    if (a)
        s[a - 1] = '\n';
    memcpy(s + a, comment, b + 1);
    t->nodes[x].comment = s;
    return true;
}

kif_tree_t *kif_tree_new(const pos_t *root, const move_t *moves, int n, bool mated)
{
    kif_tree_t *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->root = *root;
    t->main = malloc(sizeof *t->main * (size_t)(n ? n : 1));
    if (!t->main || node_new(t, -1, MOVE_NONE) < 0) {
        kif_tree_free(t);
        return NULL;
    }
    if (n)
        memcpy(t->main, moves, sizeof *moves * (size_t)n);
    t->nmain = n;
    t->mated = mated;
    for (int i = 0, x = 0; i < n; i++)
        if ((x = node_new(t, x, moves[i])) < 0) {
            kif_tree_free(t);
            return NULL;
        }
    return t;
}

void kif_tree_free(kif_tree_t *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->n; i++)
        free(t->nodes[i].comment);
    free(t->nodes);
    free(t->main);
    free(t);
}

bool kif_tree_add(kif_tree_t *t, int start, const move_t *moves, int n, int at, const char *comment)
{
    int x = 0;
    for (int i = 1; i < start && x >= 0; i++)
        x = t->nodes[x].first;
    if (x < 0 || start < 1)
        return false;
    for (int k = 0; k < n; k++) {
        int c = t->nodes[x].first;
        while (c >= 0 && t->nodes[c].move != moves[k])
            c = t->nodes[c].next;
        if (c < 0 && (c = node_new(t, x, moves[k])) < 0)
            return false;
        x = c;
        if (k == at && comment && !note(t, x, comment))
            return false;
    }
    return true;
}

bool kif_tree_comment(kif_tree_t *t, const char *comment)
{
    return note(t, 0, comment);
}

static void write_comment(FILE *f, const char *c)
{
    while (c && *c) {
        size_t len = strcspn(c, "\n");
        fprintf(f, "*%.*s\n", (int)len, c);
        c += len + (c[len] == '\n');
    }
}

/* The line from node c (ply `ply`, played from *p, the previous move to prev), then its
 * variations, the latest ply first; the main line's "まで…" between the two. */
static bool write_line(FILE *f, const kif_tree_t *t, int c, int ply, const pos_t *p, square_t prev, bool is_main)
{
    int len = 0;
    for (int x = c; x >= 0; x = t->nodes[x].first)
        len++;
    int *chain = malloc(sizeof *chain * (size_t)len);
    pos_t *before = malloc(sizeof *before * (size_t)len);
    square_t *to = malloc(sizeof *to * (size_t)len);
    bool ok = chain && before && to;
    if (ok) {
        pos_t q = *p;
        square_t last = prev;
        int i = 0;
        for (int x = c; x >= 0; x = t->nodes[x].first, i++) {
            const node_t *nd = &t->nodes[x];
            chain[i] = x, before[i] = q, to[i] = last;
            kif_write_move(f, &q, ply + i, nd->move, last, nd->next >= 0);
            write_comment(f, nd->comment);
            undo_t u;
            pos_do(&q, nd->move, &u);
            last = mv_to(nd->move);
        }
        if (is_main && t->mated)
            fprintf(f, "まで%d手で詰み\n", t->nmain);
        else if (is_main)
            kif_write_end(f, &t->root, t->main, t->nmain);
        for (i = len - 1; ok && i >= (is_main ? 0 : 1); i--)
            for (int s = t->nodes[chain[i]].next; ok && s >= 0; s = t->nodes[s].next) {
                fprintf(f, "\n変化：%d手\n", ply + i);
                ok = write_line(f, t, s, ply + i, &before[i], to[i], false);
            }
    }
    free(chain);
    free(before);
    free(to);
    return ok;
}

bool kif_tree_write(FILE *f, const kif_tree_t *t, const char *const *header, int nheader)
{
    fputs("#KIF version=2.0 encoding=UTF-8\n", f);
    for (int i = 0; i < nheader; i++)
        if (header[i])
            fprintf(f, "%s\n", header[i]);
    notation_board(f, &t->root);
    fputs("手数----指手---------消費時間--\n", f);
    write_comment(f, t->nodes[0].comment);
    if (t->nodes[0].first < 0) {
        if (t->mated) /* mated as it stands (solve --in-check defend): the help's まで line too */
            fputs("まで0手で詰み\n", f);
        return true;
    }
    return write_line(f, t, t->nodes[0].first, 1, &t->root, SQ_NONE, true);
}
