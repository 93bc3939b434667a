/*
 * kif_write.c: KIF and KI2 output (kif.h): the diagram (notation.c), the move list with
 * its columns, and the closing まで line.
 */
#include "kif.h"

#include "../movegen/movegen.h"
#include "notation.h"

/* Display width: 1 column per ASCII byte, 2 per other character. */
static int width(const char *s)
{
    int w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) == 0x80 ? 0 : (unsigned char)*s < 0x80 ? 1 : 2;
    return w;
}

void kif_write_end(FILE *f, const pos_t *root, const move_t *moves, int n)
{
    pos_t p = *root;
    for (int i = 0; i < n; i++) {
        undo_t u;
        pos_do(&p, moves[i], &u);
    }
    bool mate = pos_in_check(&p) && !mg_has_evasion(&p);
    fprintf(f, "まで%d手で%s\n", n, mate ? "詰み" : "中断");
}

void kif_write(FILE *f, const pos_t *root, const move_t *moves, int n)
{
    fputs("#KIF version=2.0 encoding=UTF-8\n", f);
    notation_board(f, root);
    if (n <= 0)
        return;
    fputs("手数----指手---------消費時間--\n", f);
    pos_t p = *root;
    square_t prev = SQ_NONE;
    for (int i = 0; i < n; i++) {
        kif_write_move(f, &p, i + 1, moves[i], prev, false);
        undo_t u;
        pos_do(&p, moves[i], &u);
        prev = mv_to(moves[i]);
    }
    kif_write_end(f, root, moves, n);
}

void kif_write_move(FILE *f, const pos_t *p, int number, move_t m, square_t prev_to, bool more)
{
    char text[NOTATION_MOVE_MAX];
    notation_kif_list_move(p, m, prev_to, text, sizeof text);
    int pad = 12 - width(text);
    fprintf(f, "%4d %s%*s ( 0:00/00:00:00)%s\n", number, text, pad > 0 ? pad : 0, "", more ? "+" : "");
}

void kif_write_ki2(FILE *f, const pos_t *root, const move_t *moves, int n)
{
    notation_board(f, root);
    if (n <= 0)
        return;
    notation_kif_line(f, root, moves, n);
    kif_write_end(f, root, moves, n);
}
