/*
 * notation.c: Japanese move text (readers' form and KIF move-list form), the BOD board
 * diagram and KIF hands; and the reader of both move forms.  See notation.h.
 *
 * Disambiguation follows the Japan Shogi Association's rules as tsshogi applies them
 * (SPEC §C5), seen from the side that moves: when another piece of the same kind could
 * reach the square, 上/引/寄 (forward, backward, sideways) tell the pieces apart when it
 * moves in another vertical direction than every rival, and 右/左/直 (it moves towards
 * the left, so stands on the right; towards the right; straight ahead) when a rival
 * moves in the same vertical direction; 竜 and 馬 take 右/左 by where they stand and
 * never 直; a piece moving 直 needs nothing more.  Both are written (左上) when rivals of
 * both kinds exist.
 */
#include "notation.h"
#include "../movegen/errmsg.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../movegen/movegen.h"

static const char *const FILE_FW[10] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
static const char *const KANJI[11] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};
/* Names in move text, and one-character names on the board and in hands. */
static const char *const MOVE_NAME[PT_NB] = {"",   "歩",   "香",   "桂",   "銀", "角", "飛", "金",
                                             "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
static const char *const BOARD_NAME[PT_NB] = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
                                              "玉", "と", "杏", "圭", "全", "馬", "龍"};
static const ptype_t HAND_ORDER[7] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};

/* ---- bounded output ---- */

typedef struct {
    char *s;
    size_t len, used;
} out_t;

static out_t out_begin(char *buf, size_t len)
{
    if (len)
        buf[0] = 0;
    return (out_t){buf, len, 0};
}

/* Appends t whole, or nothing when it does not fit (never half a character). */
static void emit(out_t *o, const char *t)
{
    size_t n = strlen(t);
    if (o->used + n + 1 > o->len)
        return;
    memcpy(o->s + o->used, t, n + 1);
    o->used += n;
}

static void emit_square(out_t *o, square_t sq)
{
    emit(o, FILE_FW[sq_file(sq) + 1]);
    emit(o, KANJI[sq_rank(sq) + 1]);
}

/* 1..99 in kanji: 十八, 二十一. */
static void emit_number(out_t *o, int n)
{
    if (n >= 20)
        emit(o, KANJI[n / 10 % 10]);
    if (n >= 10)
        emit(o, "十");
    if (n % 10)
        emit(o, KANJI[n % 10]);
}

/* ---- the readers' form ---- */

static int sign(int x) { return (x > 0) - (x < 0); }

/* Direction of a step from `from` to `to` as the side c sees it: *h > 0 towards its
 * right (Black's right is file 1), *v > 0 forward. */
static void direction(color_t c, square_t from, square_t to, int *h, int *v)
{
    *h = sign(sq_file(from) - sq_file(to));
    *v = sign(sq_rank(from) - sq_rank(to));
    if (c == WHITE)
        *h = -*h, *v = -*v;
}

/* Pieces of colour c and type pt, other than at `except`, that could move to `to`. */
static bb_t rivals(const pos_t *p, color_t c, ptype_t pt, square_t to, square_t except)
{
    bb_t found = 0, set = pos_pieces(p, c, pt);
    square_t sq;
    BB_FOREACH(sq, set)
    if (sq != except && bb_has(at_piece(c, pt, sq, pos_occ(p)), to))
        found |= bb_sq(sq);
    return found;
}

/* 右/左/直, 上/引/寄 or 打: what tells this move apart from the same kind's others. */
static void emit_modifiers(out_t *o, const pos_t *p, move_t m)
{
    color_t us = p->side;
    square_t to = mv_to(m);
    if (mv_is_drop(m)) {
        if (rivals(p, us, mv_drop_pt(m), to, SQ_NONE))
            emit(o, "打");
        return;
    }
    square_t from = mv_from(m);
    ptype_t pt = pc_type(p->board[from]);
    bb_t others = rivals(p, us, pt, to, from);
    if (!others)
        return;
    int h, v;
    direction(us, from, to, &h, &v);
    bool same_v = false, same_h = false;
    int other_h = 0; /* the horizontal direction of a rival moving vertically like this one */
    square_t sq;
    BB_FOREACH(sq, others) {
        int oh, ov;
        direction(us, sq, to, &oh, &ov);
        if (ov == v && !same_v)
            same_v = true, other_h = oh;
        if (oh == h)
            same_h = true;
    }
    bool straight = false;
    if (same_v) {
        if (pt == HORSE || pt == DRAGON) {
            /* right of the rival: it moves left, or straight while the rival moves right */
            bool right = h < 0 || (h == 0 && other_h > 0);
            emit(o, right ? "右" : "左");
        } else if (h < 0) {
            emit(o, "右");
        } else if (h > 0) {
            emit(o, "左");
        } else {
            emit(o, "直");
            straight = true;
        }
    }
    if (!straight && (same_h || !same_v))
        emit(o, v > 0 ? "上" : v < 0 ? "引" : "寄");
}

void notation_kif_move(const pos_t *p, move_t m, square_t prev_to, char *buf, size_t len)
{
    out_t o = out_begin(buf, len);
    square_t to = mv_to(m);
    emit(&o, p->side == BLACK ? "▲" : "△");
    if (to == prev_to)
        emit(&o, "同　");
    else
        emit_square(&o, to);
    if (mv_is_drop(m)) {
        emit(&o, MOVE_NAME[mv_drop_pt(m)]);
        emit_modifiers(&o, p, m);
        return;
    }
    square_t from = mv_from(m);
    ptype_t pt = pc_type(p->board[from]);
    emit(&o, MOVE_NAME[pt]);
    emit_modifiers(&o, p, m);
    if (mv_is_promo(m))
        emit(&o, "成");
    else if (pt_can_promote(pt) && (in_zone(p->side, from) || in_zone(p->side, to)))
        emit(&o, "不成");
}

void notation_kif_list_move(const pos_t *p, move_t m, square_t prev_to, char *buf, size_t len)
{
    out_t o = out_begin(buf, len);
    square_t to = mv_to(m);
    if (to == prev_to)
        emit(&o, "同　");
    else
        emit_square(&o, to);
    if (mv_is_drop(m)) {
        emit(&o, MOVE_NAME[mv_drop_pt(m)]);
        emit(&o, "打");
        return;
    }
    square_t from = mv_from(m);
    emit(&o, MOVE_NAME[pc_type(p->board[from])]);
    if (mv_is_promo(m))
        emit(&o, "成");
    char origin[5] = {'(', (char)('1' + sq_file(from)), (char)('1' + sq_rank(from)), ')', 0};
    emit(&o, origin);
}

void notation_kif_moves(const pos_t *root, const move_t *pv, int n, char (*out)[NOTATION_MOVE_MAX])
{
    pos_t p = *root;
    square_t prev = SQ_NONE;
    for (int i = 0; i < n; i++) {
        undo_t u;
        notation_kif_move(&p, pv[i], prev, out[i], NOTATION_MOVE_MAX);
        pos_do(&p, pv[i], &u);
        prev = mv_to(pv[i]);
    }
}

void notation_kif_line(FILE *f, const pos_t *root, const move_t *pv, int n)
{
    pos_t p = *root;
    square_t prev = SQ_NONE;
    for (int i = 0; i < n; i++) {
        char text[NOTATION_MOVE_MAX];
        undo_t u;
        notation_kif_move(&p, pv[i], prev, text, sizeof text);
        fprintf(f, "%s%s", i ? " " : "", text);
        pos_do(&p, pv[i], &u);
        prev = mv_to(pv[i]);
    }
    fputc('\n', f);
}

/* ---- board and hands ---- */

void notation_hand(hand_t h, char *buf, size_t len)
{
    out_t o = out_begin(buf, len);
    for (int i = 0; i < 7; i++) {
        int n = hand_count(h, HAND_ORDER[i]);
        if (!n)
            continue;
        emit(&o, BOARD_NAME[HAND_ORDER[i]]);
        if (n > 1)
            emit_number(&o, n);
        emit(&o, "　");
    }
    if (!o.used)
        emit(&o, "なし");
}

void notation_board(FILE *f, const pos_t *p)
{
    char hand[96];
    notation_hand(p->hand[WHITE], hand, sizeof hand);
    fprintf(f, "後手の持駒：%s\n", hand);
    fputs("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n", f);
    for (int r = 0; r < 9; r++) {
        fputc('|', f);
        for (int file = 8; file >= 0; file--) {
            piece_t pc = p->board[make_sq(file, r)];
            if (pc)
                fprintf(f, "%c%s", pc_color(pc) == BLACK ? ' ' : 'v', BOARD_NAME[pc_type(pc)]);
            else
                fputs(" ・", f);
        }
        fprintf(f, "|%s\n", KANJI[r + 1]);
    }
    fputs("+---------------------------+\n", f);
    notation_hand(p->hand[BLACK], hand, sizeof hand);
    fprintf(f, "先手の持駒：%s\n%s\n", hand, p->side == BLACK ? "先手番" : "後手番");
}

/* ---- reading moves ---- */

static const struct {
    const char *text;
    ptype_t pt;
} PIECE_WORDS[] = {
    {"成銀", PRO_SILVER}, {"成桂", PRO_KNIGHT}, {"成香", PRO_LANCE}, /* two characters first */
    {"玉", KING},         {"王", KING},         {"飛", ROOK},        {"龍", DRAGON}, {"竜", DRAGON},
    {"角", BISHOP},       {"馬", HORSE},        {"金", GOLD},        {"銀", SILVER}, {"全", PRO_SILVER},
    {"桂", KNIGHT},       {"圭", PRO_KNIGHT},   {"香", LANCE},       {"杏", PRO_LANCE}, {"歩", PAWN},
    {"と", PRO_PAWN},
};

static bool starts(const char *s, const char *w) { return strncmp(s, w, strlen(w)) == 0; }

/* Advances *s past w if it starts there. */
static bool eat(const char **s, const char *w)
{
    if (!starts(*s, w))
        return false;
    *s += strlen(w);
    return true;
}

static int eat_digit(const char **s, bool kanji)
{
    if (**s >= '1' && **s <= '9')
        return *(*s)++ - '0';
    for (int d = 1; d <= 9; d++)
        if (eat(s, FILE_FW[d]) || (kanji && eat(s, KANJI[d])))
            return d;
    return 0;
}

typedef struct {
    bool same;       /* 同 */
    square_t to;     /* SQ_NONE with 同 */
    ptype_t pt;      /* the piece named */
    char mods[16];   /* 右左直上引寄 as written */
    int promo;       /* 1 成, 0 不成 or 生, -1 nothing */
    bool drop;       /* 打 */
    square_t from;   /* (xy), or SQ_NONE */
    int mark;        /* the side its mark names (▲☗▼ Black, △☖▽ White), or -1 */
    const char *end; /* just after the text */
} jmove_t;

/* The syntax of one move of either form; false if s does not start with one. */
static bool parse_syntax(const char *s, jmove_t *j)
{
    static const char *const MARKS[] = {"▲", "△", "☗", "☖", "▼", "▽"};
    static const char *const MODS[] = {"右", "左", "直", "上", "引", "寄"};
    memset(j, 0, sizeof *j);
    j->to = j->from = SQ_NONE;
    j->promo = -1;
    j->mark = -1;
    for (size_t i = 0; i < sizeof MARKS / sizeof MARKS[0]; i++)
        if (eat(&s, MARKS[i])) {
            j->mark = i % 2 ? WHITE : BLACK;
            break;
        }
    if (eat(&s, "同")) {
        j->same = true;
        while (eat(&s, "　") || eat(&s, " "))
            ;
    } else {
        int file = eat_digit(&s, false), rank = file ? eat_digit(&s, true) : 0;
        if (!rank)
            return false;
        j->to = make_sq(file - 1, rank - 1);
    }
    size_t k = 0;
    while (k < sizeof PIECE_WORDS / sizeof PIECE_WORDS[0] && !starts(s, PIECE_WORDS[k].text))
        k++;
    if (k == sizeof PIECE_WORDS / sizeof PIECE_WORDS[0])
        return false;
    j->pt = PIECE_WORDS[k].pt;
    s += strlen(PIECE_WORDS[k].text);
    for (bool more = true; more;) {
        more = false;
        for (size_t i = 0; i < sizeof MODS / sizeof MODS[0]; i++)
            if (strlen(j->mods) + strlen(MODS[i]) < sizeof j->mods && eat(&s, MODS[i])) {
                strcat(j->mods, MODS[i]);
                more = true;
            }
    }
    if (eat(&s, "不成") || eat(&s, "生"))
        j->promo = 0;
    else if (eat(&s, "成"))
        j->promo = 1;
    if (eat(&s, "打"))
        j->drop = true;
    if (s[0] == '(' && s[1] >= '1' && s[1] <= '9' && s[2] >= '1' && s[2] <= '9' && s[3] == ')') {
        j->from = make_sq(s[1] - '1', s[2] - '1');
        s += 4;
    }
    j->end = s;
    return true;
}

/* Length of the word at s for a message: up to a blank or control byte, at most 40 bytes,
 * never ending inside a UTF-8 character.  The full-width space after 同 is the move's own
 * (同　金), so the word goes on past it. */
static int word_len(const char *s)
{
    int n = 0;
    while (n < 40 && (unsigned char)s[n] > ' ' &&
           (!starts(s + n, "　") || (n >= 3 && !strncmp(s + n - 3, "同", 3) && (unsigned char)s[n + 3] > ' ')))
        n += starts(s + n, "　") ? 3 : 1;
    if (n >= 40)
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    return n;
}

/* How far right a square stands as side c sees it (Black's right is file 1). */
static int rightness(color_t c, square_t sq) { return c == BLACK ? -sq_file(sq) : sq_file(sq); }

/* The candidates cand[0..nc) that go as the modifiers written say, read by what they mean
 * rather than by how emit_modifiers spells them, so that a record may say more than
 * needed (右引 where 引 alone tells the move apart) but never names one of several moves
 * that fit: 上/引/寄 the vertical direction, 直 straight ahead, then 右/左 the pieces
 * standing furthest right or left among those left (several on that file stay several,
 * and the move is ambiguous).  The writer's spellings all read back to their move: it
 * writes 右 alone only when no rival also comes from the right, and adds 上/引/寄 when
 * one does.  A drop fits none. */
static int fit_modifiers(const pos_t *p, move_t *cand, int nc, const char *mods)
{
    color_t us = p->side;
    int k = 0;
    for (int i = 0; i < nc; i++) {
        int h, v;
        if (mv_is_drop(cand[i]))
            continue;
        direction(us, mv_from(cand[i]), mv_to(cand[i]), &h, &v);
        if ((strstr(mods, "上") && v <= 0) || (strstr(mods, "引") && v >= 0) || (strstr(mods, "寄") && v != 0) ||
            (strstr(mods, "直") && (h != 0 || v <= 0)))
            continue;
        cand[k++] = cand[i];
    }
    nc = k;
    for (int side = 1; side >= -1; side -= 2) {
        if (!nc || !strstr(mods, side > 0 ? "右" : "左"))
            continue;
        int best = side * rightness(us, mv_from(cand[0]));
        for (int i = 1; i < nc; i++)
            if (side * rightness(us, mv_from(cand[i])) > best)
                best = side * rightness(us, mv_from(cand[i]));
        k = 0;
        for (int i = 0; i < nc; i++)
            if (side * rightness(us, mv_from(cand[i])) == best)
                cand[k++] = cand[i];
        nc = k;
    }
    return nc;
}

bool notation_parse_move(const pos_t *p, const char *s, square_t prev_to, move_t *m, const char **end, char *err,
                         size_t errlen)
{
    while (*s == ' ' || *s == '\t' || starts(s, "　"))
        s += *s == ' ' || *s == '\t' ? 1 : 3;
    jmove_t j;
    if (!parse_syntax(s, &j))
        return errmsg(err, errlen, "'%.*s' is not a move", word_len(s), s);
    /* A mark for the side not to move is a record out of step, not a typo to pass over. */
    if (j.mark >= 0 && j.mark != (int)p->side)
        return errmsg(err, errlen, "'%.*s' is %s move, but %s is to move", (int)(j.end - s), s,
                      j.mark == BLACK ? "Black's (先手)" : "White's (後手)", p->side == BLACK ? "Black" : "White");
    if (j.same && prev_to == SQ_NONE)
        return errmsg(err, errlen, "'%.*s': 同 with no previous move", (int)(j.end - s), s);
    square_t to = j.same ? prev_to : j.to;
    move_t list[MG_MAX_MOVES], cand[MG_MAX_MOVES];
    int n = mg_legal(p, list), nc = 0;
    bool board_move = false;
    for (int i = 0; i < n; i++) {
        move_t mv = list[i];
        bool drop = mv_is_drop(mv);
        ptype_t pt = drop ? mv_drop_pt(mv) : pc_type(p->board[mv_from(mv)]);
        if (mv_to(mv) != to || pt != j.pt || (j.drop && !drop) ||
            (j.from != SQ_NONE && (drop || mv_from(mv) != j.from)))
            continue;
        if (mv_is_promo(mv) != (j.promo == 1))
            continue;
        cand[nc++] = mv;
        board_move |= !drop;
    }
    /* Without 打, a drop is meant only when no board piece could go there. */
    if (!j.drop && board_move) {
        int k = 0;
        for (int i = 0; i < nc; i++)
            if (!mv_is_drop(cand[i]))
                cand[k++] = cand[i];
        nc = k;
    }
    int matched = nc;
    if (nc > 1 && j.mods[0]) /* a move with no rival needs none, and one written is not read */
        nc = fit_modifiers(p, cand, nc, j.mods);
    int len = (int)(j.end - s);
    if (nc == 0 && matched)
        return errmsg(err, errlen, "'%.*s' is not a legal move here: no piece goes as %s says", len, s, j.mods);
    if (nc == 0)
        return errmsg(err, errlen, "'%.*s' is not a legal move here", len, s);
    if (nc > 1)
        return errmsg(err, errlen, "'%.*s' is ambiguous here", len, s);
    *m = cand[0];
    if (end)
        *end = j.end;
    return true;
}

/* ---- small readers for KIF text ---- */

ptype_t notation_board_piece(const char *s, size_t *len)
{
    static const char *const ALIASES[][2] = {{"王", "玉"}, {"竜", "龍"}};
    for (size_t i = 0; i < sizeof ALIASES / sizeof ALIASES[0]; i++)
        if (starts(s, ALIASES[i][0]))
            s = ALIASES[i][1]; /* same byte length */
    for (ptype_t pt = PAWN; pt < PT_NB; pt++)
        if (starts(s, BOARD_NAME[pt])) {
            *len = strlen(BOARD_NAME[pt]);
            return pt;
        }
    return PT_NONE;
}

/* The value of an ASCII or full-width digit at *s, advancing past it; -1 if none. */
static int eat_any_digit(const char **s)
{
    if (**s >= '0' && **s <= '9')
        return *(*s)++ - '0';
    if (eat(s, "０"))
        return 0;
    int d = eat_digit(s, false);
    return d ? d : -1;
}

int notation_number(const char *s, size_t *len)
{
    const char *t = s;
    int value = 0, d;
    if ((d = eat_any_digit(&t)) >= 0) {
        value = d;
        if ((d = eat_any_digit(&t)) >= 0)
            value = value * 10 + d;
    } else {
        /* kanji: 三, 十, 十八, 二十, 二十一 */
        int ones = 0;
        for (d = 1; d <= 9 && !ones; d++)
            if (eat(&t, KANJI[d]))
                ones = d;
        if (eat(&t, "十")) {
            value = (ones ? ones : 1) * 10;
            for (d = 1; d <= 9; d++)
                if (eat(&t, KANJI[d])) {
                    value += d;
                    break;
                }
        } else {
            value = ones;
        }
    }
    *len = (size_t)(t - s);
    return value;
}
