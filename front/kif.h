/*
 * kif.h: KIF (柿木) problem files and BOD diagrams, read and written (SPEC §C4).
 *
 * The reader takes what 柿木将棋, Kifu for Windows, ShogiGUI, ShogiHome/tsshogi and books'
 * tools write, in UTF-8 (with or without a BOM) or Shift_JIS (the .kif default; the
 * characters the format needs are decoded, others only in ignored lines are not):
 *   - a board diagram: nine lines "| ・ ・v銀v玉v銀 ・ ・ ・|一" (v marks White's pieces;
 *     王/竜 are read as 玉/龍), or a "手合割：平手" (or another standard handicap) line
 *     and no diagram;
 *   - "後手の持駒：" / "先手の持駒：" (also 上手/下手) with "なし", counts in kanji or
 *     digits, separated by spaces or not; "残り全部" gives that side every piece of the
 *     40-piece set not on the board nor in the other hand (the tsume convention);
 *   - "先手番" / "後手番" (also 下手番/上手番); Black moves by default;
 *   - ignored: "#" lines, headers "作品名：..." and other "key：value" lines, comments
 *     "*", bookmarks "&", the column labels and frame of the diagram;
 *   - the move list, read only when asked for: KIF lines "   1 ５二角成(96) ( 0:00/...)"
 *     or KI2 lines "▲５二角成 △同　銀左 ▲４二銀打", the main line up to a special move
 *     (詰み, 投了, ...), "まで..." or the first "変化：" branch; each move checked legal.
 * The position is checked like a SFEN (sfen_validate with the given flags).
 *
 * The writer emits UTF-8 with a "#KIF version=2.0 encoding=UTF-8" first line, the BOD
 * diagram with both hands (なし when empty) and the side to move, and for a line the
 * move list ("   1 ５二角成(96)   ( 0:00/00:00:00)", drops always with 打) closed by
 * "まで3手で詰み" when the line ends in mate ("まで3手で中断" otherwise).
 */
#ifndef TSUME_KIF_H
#define TSUME_KIF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../movegen/position.h"

/* The position of a KIF/BOD text; the moves are ignored.  Strict piece counts.
 * On failure writes a one-line reason ("KIF line 7: board row 3: ...") into err. */
bool kif_read(const char *text, pos_t *p, char *err, size_t errlen);

/* The same with sfen_parse's flags, and, when moves is not NULL, the main line into
 * moves[0..*n) (at most max moves, else an error). */
bool kif_read_moves(const char *text, int flags, pos_t *p, move_t *moves, int max, int *n, char *err,
                    size_t errlen);

/* Whether p is the start position of an even game or of a standard handicap (the board,
 * the side to move and the empty hands; the move number aside): a file that starts there
 * and has moves is a game record, not a problem diagram. */
bool kif_is_game_start(const pos_t *p);

/* The length the line moves[0..n) from root states as a mate, as problem files give it:
 * n when it ends in check after the attacker's move (n odd), else 0 (a line cut short,
 * or one ending on the defender's move states none). */
int kif_stated_length(const pos_t *root, const move_t *moves, int n);

/* A complete KIF file of root and the line moves[0..n) (n may be 0: the diagram only). */
void kif_write(FILE *f, const pos_t *root, const move_t *moves, int n);

/* One line of a KIF move list: "   3 ４二銀打     ( 0:00/00:00:00)", the move m of position
 * p (prev_to: the previous move's square, for 同), ending in "+" when more: another move
 * is given for this ply further on, as a variation (変化). */
void kif_write_move(FILE *f, const pos_t *p, int number, move_t m, square_t prev_to, bool more);

/* "まで3手で詰み" when moves[0..n) from root end in mate, else "まで3手で中断". */
void kif_write_end(FILE *f, const pos_t *root, const move_t *moves, int n);

/* The same in KI2 style: the diagram, the line as notation_kif_line writes it, まで... */
void kif_write_ki2(FILE *f, const pos_t *root, const move_t *moves, int n);

#endif
