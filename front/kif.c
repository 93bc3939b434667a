/*
 * kif.c: KIF/BOD reader and writer (see kif.h).
 *
 * The reader works on a private copy of the text, decoded to UTF-8 when it is not valid
 * UTF-8 (then it must be Shift_JIS), cut into lines.  A first pass reads the position
 * lines wherever they stand, so headers may come in any order; a second pass, only when
 * the caller wants the moves, reads the move list from that position.
 */
#include "kif.h"
#include "../movegen/errmsg.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "notation.h"

static bool starts(const char *s, const char *w) { return strncmp(s, w, strlen(w)) == 0; }

static bool eat(const char **s, const char *w)
{
    if (!starts(*s, w))
        return false;
    *s += strlen(w);
    return true;
}

/* Bytes of the UTF-8 character at s (1 for a stray byte), for messages. */
static int char_len(const char *s)
{
    unsigned char c = (unsigned char)*s;
    int n = c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    for (int i = 1; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            return 1;
    return n;
}

/* A character for a message: itself when printable, else its bytes in hex. */
static const char *show_char(const char *s, char out[16])
{
    int n = char_len(s);
    unsigned char c = (unsigned char)*s;
    if (c == 0)
        snprintf(out, 16, "end of line");
    else if (n > 1 || (c > ' ' && c < 0x7F))
        snprintf(out, 16, "'%.*s'", n, s);
    else
        snprintf(out, 16, "byte 0x%02x", c);
    return out;
}

/* ---- encodings ---- */

static bool valid_utf8(const unsigned char *s)
{
    while (*s) {
        if (*s < 0x80) {
            s++;
            continue;
        }
        int n = (*s & 0xE0) == 0xC0 ? 1 : (*s & 0xF0) == 0xE0 ? 2 : (*s & 0xF8) == 0xF0 ? 3 : 0;
        if (!n)
            return false;
        unsigned cp = *s & (0x3Fu >> n);
        for (int i = 1; i <= n; i++) {
            if ((s[i] & 0xC0) != 0x80)
                return false;
            cp = cp << 6 | (s[i] & 0x3Fu);
        }
        static const unsigned MIN[4] = {0, 0x80, 0x800, 0x10000};
        if (cp < MIN[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        s += n + 1;
    }
    return true;
}

/* The Shift_JIS codes of every character the KIF structure uses (sorted by code). */
static const struct {
    unsigned short code;
    const char *utf8;
} SJIS[] = {
    {0x8140, "　"}, {0x8145, "・"}, {0x8146, "："}, {0x8181, "＝"}, {0x81A2, "△"}, {0x81A3, "▲"}, {0x81A4, "▽"},
    {0x81A5, "▼"}, {0x824F, "０"}, {0x8250, "１"}, {0x8251, "２"}, {0x8252, "３"}, {0x8253, "４"}, {0x8254, "５"},
    {0x8255, "６"}, {0x8256, "７"}, {0x8257, "８"}, {0x8258, "９"}, {0x82B5, "し"}, {0x82B7, "す"}, {0x82BB, "そ"},
    {0x82BF, "ち"}, {0x82C4, "て"}, {0x82C6, "と"}, {0x82C8, "な"}, {0x82CC, "の"}, {0x82D7, "べ"}, {0x82DC, "ま"},
    {0x82DD, "み"}, {0x82E8, "り"}, {0x88C7, "杏"}, {0x88EA, "一"}, {0x88F8, "引"}, {0x8945, "右"}, {0x89A4, "王"},
    {0x89BA, "下"}, {0x89BB, "化"}, {0x8A70, "角"}, {0x8A84, "割"}, {0x8AF1, "寄"}, {0x8AFB, "棋"}, {0x8B6C, "詰"},
    {0x8BCA, "玉"}, {0x8BE0, "金"}, {0x8BE2, "銀"}, {0x8BE3, "九"}, {0x8BEE, "駒"}, {0x8C5C, "圭"}, {0x8C6A, "桂"},
    {0x8CDC, "五"}, {0x8CE3, "後"}, {0x8D81, "香"}, {0x8D87, "合"}, {0x8DB6, "左"}, {0x8DEC, "作"}, {0x8E4F, "三"},
    {0x8E63, "残"}, {0x8E6C, "四"}, {0x8E9D, "持"}, {0x8EB5, "七"}, {0x8ED2, "者"}, {0x8ED4, "車"}, {0x8EE8, "手"},
    {0x8F5C, "十"}, {0x8FAB, "将"}, {0x8FE3, "上"}, {0x9094, "数"}, {0x90AC, "成"}, {0x90B6, "生"}, {0x90E6, "先"},
    {0x9153, "全"}, {0x91BC, "他"}, {0x91C5, "打"}, {0x9266, "断"}, {0x9286, "中"}, {0x92BC, "直"}, {0x938A, "投"},
    {0x93AF, "同"}, {0x93F1, "二"}, {0x946E, "馬"}, {0x94AA, "八"}, {0x94D4, "番"}, {0x94F2, "飛"}, {0x9569, "品"},
    {0x9573, "不"}, {0x9594, "部"}, {0x95BD, "平"}, {0x95CF, "変"}, {0x95E0, "歩"}, {0x9687, "枚"}, {0x96BC, "名"},
    {0x978E, "落"}, {0x97B3, "竜"}, {0x97B4, "龍"}, {0x97B9, "了"}, {0x985A, "六"},
};

/* Shift_JIS to UTF-8 (malloc'd), characters outside the table as 〓; NULL if s is not
 * Shift_JIS either. */
static char *sjis_to_utf8(const unsigned char *s)
{
    char *out = malloc(strlen((const char *)s) * 3 + 1), *o = out;
    if (!out)
        return NULL;
    while (*s) {
        unsigned c = *s;
        const char *u = "〓";
        if (c < 0x80) {
            *o++ = (char)*s++;
            continue;
        }
        if (c >= 0xA1 && c <= 0xDF) { /* half-width katakana */
            s++;
        } else if (((c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC)) &&
                   ((s[1] >= 0x40 && s[1] <= 0x7E) || (s[1] >= 0x80 && s[1] <= 0xFC))) {
            unsigned code = c << 8 | s[1];
            size_t lo = 0, hi = sizeof SJIS / sizeof SJIS[0];
            while (lo < hi) {
                size_t mid = (lo + hi) / 2;
                if (SJIS[mid].code < code)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            if (lo < sizeof SJIS / sizeof SJIS[0] && SJIS[lo].code == code)
                u = SJIS[lo].utf8;
            s += 2;
        } else {
            free(out);
            return NULL;
        }
        size_t n = strlen(u);
        memcpy(o, u, n);
        o += n;
    }
    *o = 0;
    return out;
}

/* ---- lines ---- */

typedef struct {
    char *buf;
    char **line;
    int n;
} lines_t;

/* A private UTF-8 copy of text cut into lines (CR, LF or CRLF).  false: out of memory
 * (err filled) or an unknown encoding. */
static bool lines_split(const char *text, lines_t *L, char *err, size_t errlen)
{
    memset(L, 0, sizeof *L);
    const unsigned char *t = (const unsigned char *)text;
    if (t[0] == 0xEF && t[1] == 0xBB && t[2] == 0xBF)
        t += 3;
    if (valid_utf8(t)) {
        L->buf = strdup((const char *)t);
    } else if (!(L->buf = sjis_to_utf8(t))) {
        return errmsg(err, errlen, "KIF: the text is neither UTF-8 nor Shift_JIS");
    }
    if (!L->buf)
        return errmsg(err, errlen, "KIF: out of memory");
    size_t count = 1;
    for (const char *s = L->buf; *s; s++)
        count += *s == '\n' || *s == '\r';
    if (!(L->line = malloc(count * sizeof *L->line))) {
        free(L->buf);
        return errmsg(err, errlen, "KIF: out of memory");
    }
    char *s = L->buf;
    for (;;) {
        L->line[L->n++] = s;
        s += strcspn(s, "\r\n");
        if (!*s)
            break;
        if (s[0] == '\r' && s[1] == '\n')
            *s++ = 0;
        *s++ = 0;
    }
    return true;
}

static void lines_free(lines_t *L)
{
    free(L->buf);
    free(L->line);
}

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t' || starts(s, "　"))
        s += *s == ' ' || *s == '\t' ? 1 : 3;
    return s;
}

/* "key：" or "key:" at the start of s: the value after it, else NULL. */
static const char *after_key(const char *s, const char *key)
{
    if (!eat(&s, key))
        return NULL;
    if (eat(&s, "：") || eat(&s, ":"))
        return s;
    return NULL;
}

/* ---- position ---- */

static const struct {
    const char *name, *sfen;
} HANDICAPS[] = {
    {"平手", SFEN_STARTPOS},
    {"香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
};

bool kif_is_game_start(const pos_t *p)
{
    char mine[SFEN_MAX];
    sfen_format(p, mine);
    size_t fields = (size_t)(strrchr(mine, ' ') - mine); /* all but the move number */
    for (size_t k = 0; k < sizeof HANDICAPS / sizeof HANDICAPS[0]; k++)
        if (!strncmp(mine, HANDICAPS[k].sfen, fields) && HANDICAPS[k].sfen[fields] == ' ')
            return true;
    return false;
}

typedef struct {
    int rows;                 /* board rows read */
    const char *hand[COLOR_NB]; /* text after 先手の持駒： / 後手の持駒：, or NULL */
    int hand_line[COLOR_NB];
    const char *handicap;
    int side; /* -1 unless a 先手番/後手番 line was read */
} kif_head_t;

/* One board row "| ・v銀 ...|一" into rank r of p. */
static bool read_row(pos_t *p, const char *s, int r, int line, char *err, size_t errlen)
{
    char shown[16];
    s++; /* '|' */
    for (int i = 0; i < 9; i++) {
        square_t sq = make_sq(8 - i, r);
        color_t c;
        if (*s == ' ')
            c = BLACK;
        else if (*s == 'v' || *s == 'V')
            c = WHITE;
        else if (*s == '|' || *s == 0)
            return errmsg(err, errlen, "KIF line %d: board row %d has %d squares, expected 9", line, r + 1, i);
        else
            return errmsg(err, errlen, "KIF line %d: board row %d, square %d: %s where ' ' or 'v' should be", line,
                        r + 1, i + 1, show_char(s, shown));
        s++;
        if (eat(&s, "・"))
            continue;
        size_t n;
        ptype_t pt = notation_board_piece(s, &n);
        if (pt == PT_NONE)
            return errmsg(err, errlen, "KIF line %d: board row %d, square %d: unknown piece %s", line, r + 1, i + 1,
                        show_char(s, shown));
        if (pt == KING && p->king[c] != SQ_NONE)
            return errmsg(err, errlen, "KIF line %d: two %s kings", line, c == BLACK ? "black" : "white");
        pos_put(p, sq, make_pc(c, pt));
        s += n;
    }
    if (*s != '|')
        return errmsg(err, errlen, "KIF line %d: board row %d has more than 9 squares or no closing '|'", line, r + 1);
    s = skip_blanks(s + 1);
    size_t n;
    int label = notation_number(s, &n);
    if (n && label != r + 1)
        return errmsg(err, errlen, "KIF line %d: board row %d is labelled %d", line, r + 1, label);
    return true;
}

/* A hand "飛二　角　歩十八" or "なし" into *h; *rest set for 残り全部. */
static bool read_hand(const char *s, int flags, hand_t *h, bool *rest, int line, char *err, size_t errlen)
{
    char shown[16];
    *h = 0;
    *rest = false;
    for (;;) {
        s = skip_blanks(s);
        if (!*s)
            return true;
        if (eat(&s, "なし"))
            continue;
        if (eat(&s, "残り全部") || eat(&s, "残り全て") || eat(&s, "残りすべて")) {
            *rest = true;
            continue;
        }
        size_t n;
        ptype_t pt = notation_board_piece(s, &n);
        if (pt == PT_NONE)
            return errmsg(err, errlen, "KIF line %d: hand: unknown piece %s", line, show_char(s, shown));
        if (pt > GOLD)
            return errmsg(err, errlen, "KIF line %d: hand: %.*s cannot be held in hand", line, (int)n, s);
        s += n;
        size_t m;
        int count = notation_number(s, &m);
        if (!m)
            count = 1;
        else if (count < 1)
            return errmsg(err, errlen, "KIF line %d: hand: bad count for %.*s", line, (int)n, s - n);
        s += m;
        int have = hand_count(*h, pt) + count;
        int limit = flags & SFEN_EXTRA_PIECES ? (1 << HAND_BITS[pt]) - 1 : PIECE_MAX[pt];
        if (have > limit)
            return errmsg(err, errlen, "KIF line %d: hand holds %d %.*s (at most %d exist)", line, have, (int)n, s - m - n,
                        limit);
        *h += (hand_t)count * hand_one(pt);
    }
}

/* Every piece of the 40-piece set neither on the board nor in the other hand. */
static hand_t rest_of_set(const pos_t *p, color_t c)
{
    int used[HAND_NB] = {0};
    for (square_t sq = 0; sq < SQ_NB; sq++)
        if (p->board[sq] && pc_type(p->board[sq]) != KING)
            used[pt_unpromote(pc_type(p->board[sq]))]++;
    hand_t h = 0;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++) {
        int left = PIECE_MAX[pt] - used[pt] - hand_count(p->hand[opp(c)], pt);
        if (left > 0)
            h += (hand_t)left * hand_one(pt);
    }
    return h;
}

static bool is_move_number_line(const char *s)
{
    while (*s == ' ')
        s++;
    if (*s < '0' || *s > '9')
        return false;
    while (*s >= '0' && *s <= '9')
        s++;
    return *s == ' ' || *s == '\t';
}

static bool read_position(const lines_t *L, int flags, pos_t *p, char *err, size_t errlen)
{
    kif_head_t h = {.side = -1};
    pos_clear(p);
    for (int i = 0; i < L->n; i++) {
        const char *s = L->line[i], *v;
        int line = i + 1;
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '#' || *s == '*' || *s == '&')
            continue;
        if (*s == '|') {
            if (h.rows == 9)
                return errmsg(err, errlen, "KIF line %d: a tenth board row", line);
            if (!read_row(p, s, h.rows, line, err, errlen))
                return false;
            h.rows++;
        } else if ((v = after_key(s, "手合割"))) {
            h.handicap = v;
        } else if ((v = after_key(s, "先手の持駒")) || (v = after_key(s, "下手の持駒"))) {
            h.hand[BLACK] = v;
            h.hand_line[BLACK] = line;
        } else if ((v = after_key(s, "後手の持駒")) || (v = after_key(s, "上手の持駒"))) {
            h.hand[WHITE] = v;
            h.hand_line[WHITE] = line;
        } else if (starts(s, "先手番") || starts(s, "下手番")) {
            h.side = BLACK;
        } else if (starts(s, "後手番") || starts(s, "上手番")) {
            h.side = WHITE;
        } else if (starts(s, "変化")) {
            break; /* branches hold no position lines */
        }
    }
    if (h.rows == 0) {
        const char *name = h.handicap ? skip_blanks(h.handicap) : NULL;
        size_t k = 0;
        while (name && k < sizeof HANDICAPS / sizeof HANDICAPS[0] &&
               strncmp(name, HANDICAPS[k].name, strlen(HANDICAPS[k].name)))
            k++;
        if (!name || k == sizeof HANDICAPS / sizeof HANDICAPS[0])
            return errmsg(err, errlen, "KIF: no board diagram (nine lines starting with '|') and no 手合割 line");
        if (!sfen_parse(p, HANDICAPS[k].sfen, SFEN_STRICT, err, errlen))
            return false;
    } else if (h.rows < 9) {
        return errmsg(err, errlen, "KIF: the board diagram has %d of 9 rows (truncated?)", h.rows);
    }
    bool rest[COLOR_NB] = {false, false};
    for (color_t c = BLACK; c <= WHITE; c++)
        if (h.hand[c] && !read_hand(h.hand[c], flags, &p->hand[c], &rest[c], h.hand_line[c], err, errlen))
            return false;
    if (rest[BLACK] && rest[WHITE])
        return errmsg(err, errlen, "KIF: both hands say 残り全部");
    for (color_t c = BLACK; c <= WHITE; c++)
        if (rest[c])
            p->hand[c] = rest_of_set(p, c);
    if (h.side != -1)
        p->side = h.side;
    p->ply = 1;
    pos_refresh(p);
    char why[SFEN_ERR_MAX];
    if (!sfen_validate(p, flags, why, sizeof why))
        return errmsg(err, errlen, "KIF: %s", why);
    return true;
}

/* ---- moves ---- */

typedef struct {
    pos_t pos;
    move_t *moves;
    int max, n;
    square_t prev;
} line_state_t;

static bool play(line_state_t *st, move_t m, int line, char *err, size_t errlen)
{
    if (st->n == st->max)
        return errmsg(err, errlen, "KIF line %d: more than %d moves", line, st->max);
    undo_t u;
    st->moves[st->n++] = m;
    pos_do(&st->pos, m, &u);
    st->prev = mv_to(m);
    return true;
}

/* Reads the main line; *done once it has ended. */
static bool read_moves(const lines_t *L, line_state_t *st, char *err, size_t errlen)
{
    long last_number = -1;
    for (int i = 0; i < L->n; i++) {
        const char *s = L->line[i];
        int line = i + 1;
        char why[160];
        while (*s == ' ' || *s == '\t')
            s++;
        if (starts(s, "変化") || starts(s, "まで"))
            return true;
        if (is_move_number_line(s)) {
            char *after;
            long number = strtol(s, &after, 10);
            s = after;
            if (last_number >= 0 && number != last_number + 1)
                return errmsg(err, errlen, "KIF line %d: move %ld follows move %ld", line, number, last_number);
            last_number = number;
            s = skip_blanks(s);
            size_t n;
            notation_number(s, &n);
            /* a square or 同 starts a move; anything else (詰み, 投了, 中断...) ends the line */
            if (!n && !starts(s, "同") && !starts(s, "▲") && !starts(s, "△"))
                return true;
            move_t m;
            if (!notation_parse_move(&st->pos, s, st->prev, &m, NULL, why, sizeof why))
                return errmsg(err, errlen, "KIF line %d: move %ld: %s", line, number, why);
            if (!play(st, m, line, err, errlen))
                return false;
            continue;
        }
        static const char *const MARKS[] = {"▲", "△", "☗", "☖", "▼", "▽"};
        bool ki2 = false;
        for (size_t k = 0; k < sizeof MARKS / sizeof MARKS[0]; k++)
            ki2 |= starts(s, MARKS[k]);
        while (ki2 && *s) {
            move_t m;
            if (!notation_parse_move(&st->pos, s, st->prev, &m, &s, why, sizeof why))
                return errmsg(err, errlen, "KIF line %d: move %d: %s", line, st->n + 1, why);
            if (!play(st, m, line, err, errlen))
                return false;
            s = skip_blanks(s);
            ki2 = false;
            for (size_t k = 0; k < sizeof MARKS / sizeof MARKS[0]; k++)
                ki2 |= starts(s, MARKS[k]);
            if (!ki2 && *s)
                return true; /* a special word after the moves (詰み, 投了, ...) */
        }
    }
    return true;
}

bool kif_read_moves(const char *text, int flags, pos_t *p, move_t *moves, int max, int *n, char *err,
                    size_t errlen)
{
    pos_init_tables();
    if (n)
        *n = 0;
    lines_t L;
    if (!lines_split(text, &L, err, errlen))
        return false;
    bool ok = read_position(&L, flags, p, err, errlen);
    if (ok && moves) {
        line_state_t st = {.pos = *p, .moves = moves, .max = max, .prev = SQ_NONE};
        ok = read_moves(&L, &st, err, errlen);
        if (n)
            *n = st.n;
    }
    lines_free(&L);
    return ok;
}

bool kif_read(const char *text, pos_t *p, char *err, size_t errlen)
{
    return kif_read_moves(text, SFEN_STRICT, p, NULL, 0, NULL, err, errlen);
}

/* ---- writer ---- */

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
