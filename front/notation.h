/*
 * notation.h: Japanese move text and board diagrams, as shogi readers, KIF files and
 * books write them (SPEC §C4, §C5).
 *
 * Two forms of a move, both for the position before it:
 *   - readers' form (KI2): ▲５二角成  △同　銀左  ▲４二銀打  ▲６三金右  ▲２一銀不成
 *     side mark; destination (full-width file, kanji rank) or 同　 when the move lands
 *     where the previous one did; the piece as it stood; 右/左/直 and 上/引/寄 only when
 *     another piece of the same kind and side could also reach the square; 打 on a drop
 *     only when such a board piece exists; 成, or 不成 when the move could have promoted;
 *   - KIF move-list form: ５二角成(96)  同　銀(41)  ４二銀打
 *     no side mark, no 右/左..., the origin square in ASCII digits, 打 on every drop, and
 *     no 不成 (the origin already says it; tsshogi's KIF reader rejects 不成).
 * "Could also reach" counts pieces whose move pattern reaches the square with the current
 * occupancy, pins ignored (as tsshogi does): a modifier too many never misleads a reader.
 *
 * Moves given to these functions must be legal in the position (as for pos_do).  All text
 * is UTF-8.  Readers of either form accept 王/竜/全/圭/杏 for 玉/龍/成銀/成桂/成香,
 * ☗☖▼▽ for ▲△, and ASCII digits for the file and rank.
 */
#ifndef TSUME_NOTATION_H
#define TSUME_NOTATION_H

#include <stddef.h>
#include <stdio.h>

#include "../movegen/position.h"

/* Bytes that hold any move text of either form, with its NUL. */
enum { NOTATION_MOVE_MAX = 48 };

/* prev_to: the destination of the previous move, or SQ_NONE for the first move. */
void notation_kif_move(const pos_t *p, move_t m, square_t prev_to, char *buf, size_t len);
void notation_kif_list_move(const pos_t *p, move_t m, square_t prev_to, char *buf, size_t len);

/* The readers' form of each move of pv, played from root: out[i] for pv[i]. */
void notation_kif_moves(const pos_t *root, const move_t *pv, int n, char (*out)[NOTATION_MOVE_MAX]);

/* One line "▲２二金打 △同　玉 ▲３二銀成" (moves separated by one space) and a newline. */
void notation_kif_line(FILE *f, const pos_t *root, const move_t *pv, int n);

/* The BOD diagram of KIF files: 後手の持駒：..., the board (v marks White's pieces),
 * 先手の持駒：..., then 先手番 or 後手番. */
void notation_board(FILE *f, const pos_t *p);

/* A hand as KIF writes it, 飛 角 金 銀 桂 香 歩 each followed by a full-width space,
 * counts in kanji ("飛二　歩十八　"), or "なし".  buf should hold 80 bytes. */
void notation_hand(hand_t h, char *buf, size_t len);

/* Small readers for KIF text: a one-character board or hand name at s (玉王飛龍竜角馬金
 * 銀全桂圭香杏歩と) gives its type and byte length, else PT_NONE; a count written in kanji
 * (三, 十八, 二十一), ASCII or full-width digits gives its value (0..99) and byte length,
 * else 0. */
ptype_t notation_board_piece(const char *s, size_t *len);
int notation_number(const char *s, size_t *len);

/* Reads one move of either form at s (leading blanks skipped), resolving it among the
 * legal moves of p.  On success stores the move and, if end is not NULL, where its text
 * ends; otherwise writes a one-line reason into err.  The KIF list form with its origin
 * square is taken as written; the readers' form must name exactly one legal move (a
 * missing 打 or 右/左... is accepted when the move is still unique). */
bool notation_parse_move(const pos_t *p, const char *s, square_t prev_to, move_t *m, const char **end, char *err,
                         size_t errlen);

#endif
