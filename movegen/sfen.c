/*
 * sfen.c: SFEN reader and writer.
 *
 * The reader fills the position piece by piece, then sfen_validate checks the whole:
 * piece counts within the 40-piece set, at most one king a side, no two unpromoted
 * pawns of one side on a file, no piece that could never move, and the side not to move
 * not in check.  Positions need not hold both kings: tsume problems have none for the
 * attacker, and perft positions may have none at all.
 */
#include "sfen.h"
#include "errmsg.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "usi_move.h"

static const char PIECE_CHARS[] = " PLNSBRGK"; /* index = piece type */

static ptype_t letter_type(char ch)
{
    const char *s = strchr(PIECE_CHARS + 1, toupper((unsigned char)ch));
    return ch && s ? (ptype_t)(s - PIECE_CHARS) : PT_NONE;
}

static const char *color_name(color_t c) { return c == BLACK ? "black" : "white"; }

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
        s++;
    return s;
}

static void square_name(square_t sq, char out[3])
{
    out[0] = (char)('1' + sq_file(sq));
    out[1] = (char)('a' + sq_rank(sq));
    out[2] = 0;
}

/* Board part: nine ranks of exactly nine squares. */
static const char *parse_board(pos_t *p, const char *s, char *err, size_t errlen)
{
    for (int r = 0; r < 9; r++) {
        int file = 8; /* SFEN lists file 9 first */
        while (*s && *s != '/' && *s != ' ' && *s != '\t') {
            if (*s >= '1' && *s <= '9') {
                file -= *s - '0';
                s++;
            } else {
                bool promoted = false;
                if (*s == '+') {
                    promoted = true;
                    s++;
                }
                ptype_t pt = letter_type(*s);
                if (pt == PT_NONE) {
                    if (*s == 0 || *s == ' ' || *s == '/')
                        return errmsg(err, errlen, "bad SFEN: '+' with no piece in rank %c", 'a' + r), NULL;
                    return (isgraph((unsigned char)*s)
                                ? errmsg(err, errlen, "bad SFEN: unknown piece letter '%c' in rank %c", *s, 'a' + r)
                                : errmsg(err, errlen, "bad SFEN: unexpected byte 0x%02x in rank %c", (unsigned char)*s,
                                       'a' + r)),
                           NULL;
                }
                if (promoted && !pt_can_promote(pt))
                    return errmsg(err, errlen, "bad SFEN: '+%c' in rank %c: that piece cannot promote", *s, 'a' + r),
                           NULL;
                if (file < 0)
                    return errmsg(err, errlen, "bad SFEN: rank %c has more than 9 squares", 'a' + r), NULL;
                color_t c = isupper((unsigned char)*s) ? BLACK : WHITE;
                square_t sq = make_sq(file, r);
                if (pt == KING && p->king[c] != SQ_NONE)
                    return errmsg(err, errlen, "illegal position: two %s kings", color_name(c)), NULL;
                pos_put(p, sq, make_pc(c, promoted ? pt_promote(pt) : pt));
                file--;
                s++;
            }
            if (file < -1)
                return errmsg(err, errlen, "bad SFEN: rank %c has more than 9 squares", 'a' + r), NULL;
        }
        if (file != -1) {
            int have = 8 - file;
            return errmsg(err, errlen, "bad SFEN: rank %c has %d square%s, expected 9", 'a' + r, have,
                          have == 1 ? "" : "s"),
                   NULL;
        }
        if (r < 8) {
            if (*s != '/')
                return errmsg(err, errlen, "bad SFEN: board has %d ranks, expected 9", r + 1), NULL;
            s++;
        }
    }
    if (*s == '/')
        return errmsg(err, errlen, "bad SFEN: board has more than 9 ranks"), NULL;
    return s;
}

static const char *parse_hands(pos_t *p, const char *s, int flags, char *err, size_t errlen)
{
    if (*s == '-' && (s[1] == 0 || isspace((unsigned char)s[1])))
        return s + 1;
    if (*s == 0 || isspace((unsigned char)*s))
        return errmsg(err, errlen, "bad SFEN: missing hands field"), NULL;
    while (*s && !isspace((unsigned char)*s)) {
        long n = 1;
        if (isdigit((unsigned char)*s)) {
            char *end;
            n = strtol(s, &end, 10);
            /* 31 fits the widest hand field (pawns); each kind's own limit is checked below.
             * The count is echoed as written (strtol saturates a long one). */
            int most = flags & SFEN_EXTRA_PIECES ? 31 : 18, shown = (int)(end - s);
            if (n < 1 || n > most)
                return errmsg(err, errlen, "bad SFEN: hand count %.*s%s (1 to %d)", shown < 12 ? shown : 12, s,
                              shown > 12 ? "..." : "", most),
                       NULL;
            s = end;
        }
        ptype_t pt = letter_type(*s);
        if (pt == PT_NONE || pt == KING) {
            if (*s == 0 || isspace((unsigned char)*s))
                return errmsg(err, errlen, "bad SFEN: hand count with no piece letter"), NULL;
            return errmsg(err, errlen, "bad SFEN: '%c' cannot be held in hand", *s), NULL;
        }
        color_t c = isupper((unsigned char)*s) ? BLACK : WHITE;
        int have = hand_count(p->hand[c], pt) + (int)n;
        int limit = flags & SFEN_EXTRA_PIECES ? (1 << HAND_BITS[pt]) - 1 : PIECE_MAX[pt];
        if (have > limit)
            return errmsg(err, errlen, "bad hand count: %s holds %d %c (at most %d exist)", color_name(c), have,
                        PIECE_CHARS[pt], limit),
                   NULL;
        p->hand[c] += (hand_t)n * hand_one(pt);
        s++;
    }
    return s;
}

static void count_pieces(const pos_t *p, int total[HAND_NB])
{
    for (ptype_t pt = 0; pt < HAND_NB; pt++)
        total[pt] = hand_count(p->hand[BLACK], pt) + hand_count(p->hand[WHITE], pt);
    for (square_t sq = 0; sq < SQ_NB; sq++)
        if (p->board[sq] && pc_type(p->board[sq]) != KING)
            total[pt_unpromote(pc_type(p->board[sq]))]++;
}

bool sfen_has_extra_pieces(const pos_t *p)
{
    int total[HAND_NB];
    count_pieces(p, total);
    for (ptype_t pt = PAWN; pt <= GOLD; pt++)
        if (total[pt] > PIECE_MAX[pt])
            return true;
    return false;
}

bool sfen_validate(const pos_t *p, int flags, char *err, size_t errlen)
{
    static const char *NAMES[HAND_NB] = {"", "pawns", "lances", "knights", "silvers", "bishops", "rooks", "golds"};
    for (square_t sq = 0; sq < SQ_NB; sq++) {
        piece_t pc = p->board[sq];
        ptype_t pt = pc_type(pc);
        if (pc && pt_dead_on(pc_color(pc), pt, sq)) {
            char name[3];
            square_name(sq, name);
            return errmsg(err, errlen, "illegal position: %s %c on %s can never move", color_name(pc_color(pc)),
                        PIECE_CHARS[pt], name);
        }
    }
    int total[HAND_NB];
    count_pieces(p, total);
    for (ptype_t pt = PAWN; pt <= GOLD; pt++) {
        /* Even with extra pieces, every piece of a kind must fit one hand: captures
         * gather them there, and a count past its field would carry into the guard bit. */
        if (!(flags & SFEN_EXTRA_PIECES) && total[pt] > PIECE_MAX[pt])
            return errmsg(err, errlen, "illegal position: %d %s (the set has %d)", total[pt], NAMES[pt], PIECE_MAX[pt]);
        if (total[pt] > (1 << HAND_BITS[pt]) - 1)
            return errmsg(err, errlen, "illegal position: %d %s (a hand holds at most %d)", total[pt], NAMES[pt],
                        (1 << HAND_BITS[pt]) - 1);
    }
    for (color_t c = BLACK; c <= WHITE; c++)
        for (int f = 0; f < 9; f++)
            if (bb_count(pos_pieces(p, c, PAWN) & at_file[f]) > 1)
                return errmsg(err, errlen, "illegal position: two unpromoted %s pawns on file %d (nifu)",
                            color_name(c), f + 1);
    square_t k = p->king[opp(p->side)];
    if (k != SQ_NONE && pos_attacked(p, p->side, k, pos_occ(p)))
        return errmsg(err, errlen, "illegal position: %s is not to move but is in check", color_name(opp(p->side)));
    return true;
}

bool sfen_parse(pos_t *p, const char *text, int flags, char *err, size_t errlen)
{
    pos_init_tables();
    pos_clear(p);
    const char *s = skip_space(text);
    if (*s == 0)
        return errmsg(err, errlen, "bad SFEN: empty");
    if (!(s = parse_board(p, s, err, errlen)))
        return false;
    s = skip_space(s);
    if ((*s != 'b' && *s != 'w') || (s[1] && !isspace((unsigned char)s[1])))
        return errmsg(err, errlen, "bad SFEN: side to move must be 'b' or 'w'");
    p->side = *s == 'b' ? BLACK : WHITE;
    s = skip_space(s + 1);
    if (!(s = parse_hands(p, s, flags, err, errlen)))
        return false;
    s = skip_space(s);
    if (*s) {
        char *end;
        long n = strtol(s, &end, 10);
        if (!isdigit((unsigned char)*s) || n < 1 || n > 1000000 || (*end && !isspace((unsigned char)*end)))
            return errmsg(err, errlen, "bad SFEN: move number must be a whole number from 1 to 1000000");
        p->ply = (int)n;
        s = skip_space(end);
        if (*s) {
            int shown = (int)strcspn(s, "\r\n"); /* the message stays one line */
            return errmsg(err, errlen, "bad SFEN: unexpected text after the move number: '%.*s'", shown < 20 ? shown : 20,
                        s);
        }
    }
    pos_refresh(p);
    return sfen_validate(p, flags, err, errlen);
}

static bool starts_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    return strncmp(s, w, n) == 0 && (s[n] == 0 || isspace((unsigned char)s[n]));
}

bool sfen_parse_position(pos_t *p, const char *text, int flags, char *err, size_t errlen)
{
    const char *s = skip_space(text);
    if (starts_word(s, "position"))
        s = skip_space(s + 8);
    char buf[512];
    const char *moves = strstr(s, " moves");
    while (moves && moves[6] && !isspace((unsigned char)moves[6]))
        moves = strstr(moves + 1, " moves");
    size_t len = moves ? (size_t)(moves - s) : strlen(s);
    if (len >= sizeof buf)
        return errmsg(err, errlen, "bad SFEN: too long");
    memcpy(buf, s, len);
    buf[len] = 0;
    const char *body = buf;
    if (starts_word(body, "startpos")) {
        if (*skip_space(body + 8))
            return errmsg(err, errlen, "bad position: text after 'startpos'");
        body = SFEN_STARTPOS;
    } else if (starts_word(body, "sfen")) {
        body = skip_space(body + 4);
    }
    if (!sfen_parse(p, body, flags, err, errlen))
        return false;
    if (!moves)
        return true;
    s = skip_space(moves + 6);
    int ply = 0;
    while (*s) {
        char tok[16];
        size_t n = strcspn(s, " \t\r\n");
        ply++;
        if (n >= sizeof tok)
            return errmsg(err, errlen, "bad move %d: '%.15s...'", ply, s);
        memcpy(tok, s, n);
        tok[n] = 0;
        move_t m;
        char merr[SFEN_ERR_MAX];
        if (!usi_parse_legal(p, tok, &m, merr, sizeof merr))
            return errmsg(err, errlen, "move %d: %s", ply, merr);
        undo_t u;
        pos_do(p, m, &u);
        if (p->ply > 1000000)
            return errmsg(err, errlen, "move %d: move number past 1000000", ply);
        s = skip_space(s + n);
    }
    return true;
}

char *sfen_format(const pos_t *p, char *buf)
{
    static const ptype_t ORDER[7] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};
    char *o = buf;
    for (int r = 0; r < 9; r++) {
        int empty = 0;
        for (int f = 8; f >= 0; f--) {
            piece_t pc = p->board[make_sq(f, r)];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                *o++ = (char)('0' + empty), empty = 0;
            ptype_t pt = pc_type(pc);
            if (pt > KING)
                *o++ = '+', pt = pt_unpromote(pt);
            char ch = PIECE_CHARS[pt];
            *o++ = pc_color(pc) == BLACK ? ch : (char)tolower((unsigned char)ch);
        }
        if (empty)
            *o++ = (char)('0' + empty);
        if (r < 8)
            *o++ = '/';
    }
    *o++ = ' ';
    *o++ = p->side == BLACK ? 'b' : 'w';
    *o++ = ' ';
    char *hands = o;
    for (color_t c = BLACK; c <= WHITE; c++)
        for (int i = 0; i < 7; i++) {
            int n = hand_count(p->hand[c], ORDER[i]);
            if (n > 1)
                o += sprintf(o, "%d", n);
            if (n)
                *o++ = c == BLACK ? PIECE_CHARS[ORDER[i]] : (char)tolower((unsigned char)PIECE_CHARS[ORDER[i]]);
        }
    if (o == hands)
        *o++ = '-';
    sprintf(o, " %d", p->ply);
    return buf;
}
