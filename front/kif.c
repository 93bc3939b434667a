/*
 * kif.c: KIF/BOD reader and writer (see kif.h).
 *
 * The reader works on a private copy of the text, decoded to UTF-8 when it is not valid
 * UTF-8 (then it must be Shift_JIS), cut into lines (kif_text.c).  A first pass reads the
 * position lines wherever they stand, so headers may come in any order; a second pass,
 * only when the caller wants the moves, reads the move list from that position.  The
 * writer is kif_write.c.
 */
#include "kif.h"
#include "../movegen/errmsg.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "kif_text.h"
#include "notation.h"

/* A move number past any record's (a line holds at most SOLVER_MAX_PLY moves). */
enum { KIF_MOVE_NUMBER_MAX = 999999 };

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

/* The first word of s (up to 8 characters) for a message, its control bytes as '?'. */
static const char *show_word(const char *s, char out[48])
{
    int len = 0;
    for (int k = 0; k < 8 && *s && *s != ' ' && *s != '\t' && !starts(s, "　"); k++) {
        int n = char_len(s);
        for (int i = 0; i < n; i++, s++)
            out[len++] = (unsigned char)*s < ' ' || *s == 0x7F ? '?' : *s;
    }
    if (*s && *s != ' ' && *s != '\t' && !starts(s, "　"))
        out[len++] = '.', out[len++] = '.', out[len++] = '.';
    out[len] = 0;
    return out;
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

/* A hand line's key at the start of s, "先手の持駒：" and the spellings found in the
 * wild ("先手の持ち駒", "先手持駒", "先手持ち駒"; 下手/後手/上手 as well): the colour
 * whose hand it is, and *value set after the colon; -1 when s is no hand line.  A line
 * that starts so but has no colon is one too (*value NULL): misread, it would lose a hand
 * and give a wrong answer. */
static int hand_key(const char *s, const char **value)
{
    static const char *const SIDES[] = {"先手", "下手", "後手", "上手"};
    for (int k = 0; k < 4; k++) {
        const char *t = s;
        if (!eat(&t, SIDES[k]))
            continue;
        eat(&t, "の");
        if (!eat(&t, "持駒") && !eat(&t, "持ち駒"))
            return -1;
        t = skip_blanks(t);
        *value = eat(&t, "：") || eat(&t, ":") ? t : NULL;
        return k < 2 ? BLACK : WHITE;
    }
    return -1;
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

int kif_stated_length(const pos_t *root, const move_t *moves, int n)
{
    if (n % 2 == 0)
        return 0;
    pos_t q = *root;
    for (int i = 0; i < n; i++) {
        undo_t u;
        pos_do(&q, moves[i], &u);
    }
    return pos_in_check(&q) ? n : 0;
}

typedef struct {
    int rows;                 /* board rows read */
    const char *hand[COLOR_NB]; /* text after 先手の持駒： / 後手の持駒：, or NULL */
    int hand_line[COLOR_NB];
    const char *handicap;
    int handicap_line;
    int side; /* -1 unless a 先手番/後手番 line was read */
    int side_line;
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
            return errmsg(err, errlen, "KIF line %d: board row %d has %d square%s, expected 9", line, r + 1, i,
                          i == 1 ? "" : "s");
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
    bool none = false;
    for (;;) {
        s = skip_blanks(s);
        if (none && (*h || *rest))
            return errmsg(err, errlen, "KIF line %d: hand: なし and pieces", line);
        if (*rest && *h)
            return errmsg(err, errlen, "KIF line %d: hand: 残り全部 and pieces", line);
        if (!*s)
            return true;
        if (eat(&s, "なし")) {
            none = true;
            continue;
        }
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
        size_t more;
        notation_number(s, &more);
        if (more) /* "歩256": the number is longer than a count is read */
            return errmsg(err, errlen, "KIF line %d: hand: bad count for %.*s", line, (int)n, s - m - n);
        int have = hand_count(*h, pt) + count;
        bool extra = flags & SFEN_EXTRA_PIECES;
        int limit = extra ? (1 << HAND_BITS[pt]) - 1 : PIECE_MAX[pt];
        if (have > limit)
            return errmsg(err, errlen, "KIF line %d: hand holds %d %.*s (at most %d %s)", line, have, (int)n,
                          s - m - n, limit, extra ? "can be held" : "exist");
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

static bool read_position(const kif_lines_t *L, int flags, pos_t *p, char *err, size_t errlen)
{
    kif_head_t h = {.side = -1};
    pos_clear(p);
    for (int i = 0; i < L->n; i++) {
        const char *s = L->line[i], *v;
        int line = i + 1, c;
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
            h.handicap_line = line;
        } else if ((c = hand_key(s, &v)) >= 0) {
            const char *name = c == BLACK ? "先手の持駒" : "後手の持駒";
            if (!v)
                return errmsg(err, errlen, "KIF line %d: a %s line without '：' before the pieces", line, name);
            if (h.hand[c])
                return errmsg(err, errlen, "KIF line %d: a second %s line (the first is line %d)", line, name,
                              h.hand_line[c]);
            h.hand[c] = v;
            h.hand_line[c] = line;
        } else if (starts(s, "先手番") || starts(s, "下手番") || starts(s, "後手番") || starts(s, "上手番")) {
            int side = starts(s, "先手番") || starts(s, "下手番") ? BLACK : WHITE;
            if (h.side != -1 && h.side != side)
                return errmsg(err, errlen, "KIF line %d: %s after %s (line %d)", line, side == BLACK ? "先手番" : "後手番",
                              h.side == BLACK ? "先手番" : "後手番", h.side_line);
            h.side = side;
            h.side_line = line;
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
        char shown[48];
        if (!name)
            return errmsg(err, errlen, "KIF: no board diagram (nine lines starting with '|') and no 手合割 line");
        if (k == sizeof HANDICAPS / sizeof HANDICAPS[0] && starts(name, "その他"))
            return errmsg(err, errlen,
                          "KIF line %d: 手合割 'その他' but no board diagram (nine lines starting with '|')",
                          h.handicap_line);
        if (k == sizeof HANDICAPS / sizeof HANDICAPS[0])
            return errmsg(err, errlen,
                          "KIF line %d: 手合割 '%s' is none this reader knows, and there is no board diagram",
                          h.handicap_line, show_word(name, shown));
        if (!sfen_parse(p, HANDICAPS[k].sfen, SFEN_STRICT, err, errlen))
            return false;
    } else if (h.rows < 9) {
        return errmsg(err, errlen, "KIF: the board diagram has %d of 9 rows (truncated?)", h.rows);
    }
    /* A diagram gives the defender's hand (後手, above the board) and then the
     * attacker's (先手, below it); the first without the second is a file cut short
     * more likely than an attacker with nothing in hand (written なし). */
    if (h.rows == 9 && h.hand[WHITE] && !h.hand[BLACK])
        return errmsg(err, errlen,
                      "KIF: a 後手の持駒 line but no 先手の持駒 line (truncated? an empty hand is 先手の持駒：なし)");
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
static bool read_moves(const kif_lines_t *L, line_state_t *st, char *err, size_t errlen)
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
            errno = 0;
            long number = strtol(s, &after, 10);
            s = after;
            /* (last_number + 1 overflowed on 9223372036854775807, and strtol's
             * saturation made two numbers past it look alike: a fuzzing review) */
            if (errno == ERANGE || number > KIF_MOVE_NUMBER_MAX)
                return errmsg(err, errlen, "KIF line %d: move number out of range (at most %d)", line,
                              KIF_MOVE_NUMBER_MAX);
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
    kif_lines_t L;
    if (!kif_lines_split(text, &L, err, errlen))
        return false;
    bool ok = read_position(&L, flags, p, err, errlen);
    if (ok && moves) {
        line_state_t st = {.pos = *p, .moves = moves, .max = max, .prev = SQ_NONE};
        ok = read_moves(&L, &st, err, errlen);
        if (n)
            *n = st.n;
    }
    kif_lines_free(&L);
    return ok;
}

bool kif_read(const char *text, pos_t *p, char *err, size_t errlen)
{
    return kif_read_moves(text, SFEN_STRICT, p, NULL, 0, NULL, err, errlen);
}
