/*
 * csa.c: CSA reader and writer (see csa.h).
 *
 * The reader copies the text, cuts it into lines and reads statement by statement: the
 * position statements until the side-to-move line, then (only when asked for) the moves.
 * Everything is ASCII; bytes beyond it can only stand in comments and names.
 */
#include "csa.h"
#include "../movegen/errmsg.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "input.h"

static const char CODES[PT_NB][3] = {"", "FU", "KY", "KE", "GI", "KA", "HI", "KI",
                                     "OU", "TO", "NY", "NK", "NG", "UM", "RY"};
static const ptype_t HAND_ORDER[7] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};

/* Up to n bytes of s for a message, printable ASCII only (others as '?'). */
static const char *show(const char *s, int n, char out[32])
{
    int i = 0;
    for (; i < n && i < 24 && s[i]; i++)
        out[i] = s[i] >= ' ' && s[i] < 0x7F ? s[i] : '?';
    out[i] = 0;
    if (i == 24 && s[i])
        strcpy(out + i, "...");
    return out;
}

/* The versions of the standard that have a version line (V1 had none).  A later one may
 * mean statements read otherwise, so it is refused rather than guessed at. */
static bool known_version(const char *stmt)
{
    static const char *const KNOWN[] = {"V2", "V2.1", "V2.2", "V3.0"};
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++)
        if (!strcmp(stmt, KNOWN[i]))
            return true;
    return false;
}

static ptype_t code_type(const char *s)
{
    if (!s[0] || !s[1])
        return PT_NONE;
    for (ptype_t pt = PAWN; pt < PT_NB; pt++)
        if (s[0] == CODES[pt][0] && s[1] == CODES[pt][1])
            return pt;
    return PT_NONE;
}

/* "XY" with X, Y in 1..9, or "00" (*sq = SQ_NONE); false otherwise. */
static bool read_square(const char *s, square_t *sq)
{
    if (s[0] == '0' && s[1] == '0') {
        *sq = SQ_NONE;
        return true;
    }
    if (s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9')
        return false;
    *sq = make_sq(s[0] - '1', s[1] - '1');
    return true;
}

static const char *color_name(color_t c) { return c == BLACK ? "black" : "white"; }

typedef struct {
    pos_t *p;
    int flags;
    unsigned rows;  /* bit r: row P(r+1) read */
    bool hirate;    /* PI */
    bool lists;     /* some P+ / P- line */
    bool all[COLOR_NB]; /* 00AL */
    int line;
    char *err;
    size_t errlen;
} reader_t;

static bool put_piece(reader_t *R, square_t sq, color_t c, ptype_t pt, const char *where)
{
    if (R->p->board[sq])
        return errmsg(R->err, R->errlen, "CSA line %d: %s: square %d%d is already occupied", R->line, where,
                    sq_file(sq) + 1, sq_rank(sq) + 1);
    if (pt == KING && R->p->king[c] != SQ_NONE)
        return errmsg(R->err, R->errlen, "CSA line %d: two %s kings", R->line, color_name(c));
    pos_put(R->p, sq, make_pc(c, pt));
    return true;
}

/* "P3" followed by nine cells. */
static bool read_row(reader_t *R, const char *s)
{
    char shown[32], where[16];
    int r = s[1] - '1';
    snprintf(where, sizeof where, "row P%d", r + 1);
    if (R->rows & (1u << r))
        return errmsg(R->err, R->errlen, "CSA line %d: a second row P%d", R->line, r + 1);
    R->rows |= 1u << r;
    s += 2;
    for (int i = 0; i < 9; i++, s += 3) {
        if (!s[0])
            return errmsg(R->err, R->errlen, "CSA line %d: row P%d has %d square%s, expected 9", R->line, r + 1, i, i == 1 ? "" : "s");
        if (s[0] == ' ' && s[1] == '*') {
            if (s[2] && s[2] != ' ')
                return errmsg(R->err, R->errlen, "CSA line %d: row P%d, square %d: '%s' is not a cell", R->line, r + 1,
                            i + 1, show(s, 3, shown));
            if (!s[2])
                s--; /* a trimmed last cell " *" */
            continue;
        }
        ptype_t pt = s[0] == '+' || s[0] == '-' ? code_type(s + 1) : PT_NONE;
        if (pt == PT_NONE)
            return errmsg(R->err, R->errlen, "CSA line %d: row P%d, square %d: unknown piece '%s'", R->line, r + 1,
                        i + 1, show(s, s[0] && s[1] && s[2] ? 3 : 2, shown));
        if (!put_piece(R, make_sq(8 - i, r), s[0] == '+' ? BLACK : WHITE, pt, where))
            return false;
    }
    if (*s)
        return errmsg(R->err, R->errlen, "CSA line %d: row P%d has more than 9 squares ('%s')", R->line, r + 1,
                    show(s, 24, shown));
    return true;
}

/* "P+" / "P-" and groups "XYPP"; 00 = hand, 00AL = the rest of the set. */
static bool read_list(reader_t *R, const char *s)
{
    char shown[32];
    color_t c = s[1] == '+' ? BLACK : WHITE;
    R->lists = true;
    for (s += 2; *s; s += 4) {
        square_t sq;
        bool whole = s[1] && s[2] && s[3]; /* a group has four characters */
        ptype_t pt = whole ? code_type(s + 2) : PT_NONE;
        if (!whole || !read_square(s, &sq) || (pt == PT_NONE && !(s[2] == 'A' && s[3] == 'L')))
            return errmsg(R->err, R->errlen, "CSA line %d: bad piece '%s' (expected like 63FU or 00KI)", R->line,
                        show(s, 4, shown));
        if (pt == PT_NONE) { /* AL */
            if (sq != SQ_NONE)
                return errmsg(R->err, R->errlen, "CSA line %d: AL needs square 00", R->line);
            R->all[c] = true;
        } else if (sq == SQ_NONE) {
            if (pt > GOLD)
                return errmsg(R->err, R->errlen, "CSA line %d: %s cannot be held in hand", R->line, CODES[pt]);
            int have = hand_count(R->p->hand[c], pt) + 1;
            int limit = R->flags & SFEN_EXTRA_PIECES ? (1 << HAND_BITS[pt]) - 1 : PIECE_MAX[pt];
            if (have > limit)
                return errmsg(R->err, R->errlen, "CSA line %d: %s holds %d %s (at most %d exist)", R->line,
                            color_name(c), have, CODES[pt], limit);
            R->p->hand[c] += hand_one(pt);
        } else if (!put_piece(R, sq, c, pt, "piece list")) {
            return false;
        }
    }
    return true;
}

/* "PI" and removals "82HI". */
static bool read_hirate(reader_t *R, const char *s)
{
    char shown[32];
    if (R->hirate)
        return errmsg(R->err, R->errlen, "CSA line %d: a second PI", R->line);
    R->hirate = true;
    pos_t start;
    char why[SFEN_ERR_MAX];
    if (!sfen_parse(&start, SFEN_STARTPOS, SFEN_STRICT, why, sizeof why))
        return errmsg(R->err, R->errlen, "CSA: %s", why);
    for (s += 2; *s; s += 4) {
        square_t sq;
        bool whole = s[1] && s[2] && s[3];
        ptype_t pt = whole ? code_type(s + 2) : PT_NONE;
        if (!whole || !read_square(s, &sq) || sq == SQ_NONE || pt == PT_NONE ||
            pc_type(start.board[sq]) != pt)
            return errmsg(R->err, R->errlen, "CSA line %d: PI: '%s' is not a piece of the start position", R->line,
                        show(s, 4, shown));
        start.board[sq] = PC_NONE;
    }
    for (square_t sq = 0; sq < SQ_NB; sq++)
        if (start.board[sq] && !put_piece(R, sq, pc_color(start.board[sq]), pc_type(start.board[sq]), "PI"))
            return false;
    return true;
}

/* Every piece of the 40-piece set on neither the board nor a hand, kings excepted. */
static void give_rest(pos_t *p, color_t c)
{
    int used[HAND_NB] = {0};
    for (square_t sq = 0; sq < SQ_NB; sq++)
        if (p->board[sq] && pc_type(p->board[sq]) != KING)
            used[pt_unpromote(pc_type(p->board[sq]))]++;
    for (ptype_t pt = PAWN; pt <= GOLD; pt++) {
        int left = PIECE_MAX[pt] - used[pt] - hand_count(p->hand[BLACK], pt) - hand_count(p->hand[WHITE], pt);
        if (left > 0)
            p->hand[c] += (hand_t)left * hand_one(pt);
    }
}

/* One move "+7776FU" of the position st into *m. */
static bool read_move(reader_t *R, const pos_t *st, const char *s, int ply, move_t *m)
{
    char shown[32];
    square_t from, to;
    ptype_t pt = strlen(s) == 7 ? code_type(s + 5) : PT_NONE;
    if (!read_square(s + 1, &from) || !read_square(s + 3, &to) || to == SQ_NONE || pt == PT_NONE)
        return errmsg(R->err, R->errlen, "CSA line %d: '%s' is not a move (like +7776FU)", R->line, show(s, 24, shown));
    color_t c = s[0] == '+' ? BLACK : WHITE;
    if (c != st->side)
        return errmsg(R->err, R->errlen, "CSA line %d: move %d '%s' is %s's, but %s is to move", R->line, ply,
                    show(s, 7, shown), color_name(c), color_name(st->side));
    if (from == SQ_NONE) {
        if (pt > GOLD)
            return errmsg(R->err, R->errlen, "CSA line %d: move %d '%s': %s cannot be dropped", R->line, ply,
                        show(s, 7, shown), CODES[pt]);
        *m = mv_make_drop(pt, to);
    } else {
        piece_t pc = st->board[from];
        ptype_t was = pc_type(pc);
        if (!pc || pc_color(pc) != c)
            return errmsg(R->err, R->errlen, "CSA line %d: move %d '%s': no %s piece on %d%d", R->line, ply,
                        show(s, 7, shown), color_name(c), sq_file(from) + 1, sq_rank(from) + 1);
        if (pt != was && !(pt_can_promote(was) && pt == pt_promote(was)))
            return errmsg(R->err, R->errlen, "CSA line %d: move %d '%s': the piece on %d%d is %s", R->line, ply,
                        show(s, 7, shown), sq_file(from) + 1, sq_rank(from) + 1, CODES[was]);
        *m = mv_make(from, to, pt != was);
    }
    move_t list[MG_MAX_MOVES];
    int n = mg_legal(st, list);
    for (int i = 0; i < n; i++)
        if (list[i] == *m)
            return true;
    return errmsg(R->err, R->errlen, "CSA line %d: move %d '%s' is illegal here", R->line, ply, show(s, 7, shown));
}

/* The side-to-move line has been read: completes and checks the position. */
static bool finish_position(reader_t *R)
{
    pos_t *p = R->p;
    if (!R->rows && !R->hirate && !R->lists)
        return errmsg(R->err, R->errlen, "CSA line %d: no position (PI, P1..P9 or P+/P- lines) before the side to move",
                    R->line);
    if (R->rows && R->hirate)
        return errmsg(R->err, R->errlen, "CSA: both PI and rows P1..P9");
    if (R->rows && R->rows != 0x1FF) {
        int r = 0;
        while (R->rows & (1u << r))
            r++;
        return errmsg(R->err, R->errlen, "CSA: row P%d is missing", r + 1);
    }
    if (R->all[BLACK] && R->all[WHITE])
        return errmsg(R->err, R->errlen, "CSA: both P+00AL and P-00AL");
    for (color_t c = BLACK; c <= WHITE; c++)
        if (R->all[c])
            give_rest(p, c);
    p->ply = 1;
    pos_refresh(p);
    char why[SFEN_ERR_MAX];
    if (!sfen_validate(p, R->flags, why, sizeof why))
        return errmsg(R->err, R->errlen, "CSA: %s", why);
    return true;
}

bool csa_read_moves(const char *text, int flags, pos_t *p, move_t *moves, int max, int *n, char *err,
                    size_t errlen)
{
    pos_init_tables();
    pos_clear(p);
    if (n)
        *n = 0;
    char *buf = strdup(input_skip_bom(text));
    if (!buf)
        return errmsg(err, errlen, "CSA: out of memory");
    reader_t R = {.p = p, .flags = flags, .err = err, .errlen = errlen};
    bool side_read = false, ok = true, done = false;
    pos_t st; /* the position before the next move */
    int nm = 0;
    char shown[32];
    for (char *line = buf, *next; ok && !done && line; line = next) {
        size_t len = strcspn(line, "\r\n");
        next = !line[len] ? NULL : line[len] == '\r' && line[len + 1] == '\n' ? line + len + 2 : line + len + 1;
        line[len] = 0;
        R.line++;
        while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
            line[--len] = 0;
        if (!len || line[0] == '\'' || line[0] == 'N' || line[0] == '$')
            continue;
        for (char *stmt = line, *after; ok && !done && stmt; stmt = after) {
            after = strchr(stmt, ',');
            if (after)
                *after++ = 0;
            if (!stmt[0] || stmt[0] == 'T')
                continue;
            if (!strcmp(stmt, "/")) {
                done = true;
            } else if (!side_read) {
                if (stmt[0] == 'V') {
                    if (!known_version(stmt))
                        ok = errmsg(err, errlen,
                                    "CSA line %d: version '%s' is not one this reader knows (V2, V2.1, V2.2, V3.0)",
                                    R.line, show(stmt, 24, shown));
                    continue;
                }
                if (stmt[0] == 'P' && stmt[1] >= '1' && stmt[1] <= '9')
                    ok = read_row(&R, stmt);
                else if (stmt[0] == 'P' && (stmt[1] == '+' || stmt[1] == '-'))
                    ok = read_list(&R, stmt);
                else if (stmt[0] == 'P' && stmt[1] == 'I')
                    ok = read_hirate(&R, stmt);
                else if ((stmt[0] == '+' || stmt[0] == '-') && !stmt[1]) {
                    side_read = true;
                    p->side = stmt[0] == '+' ? BLACK : WHITE;
                    ok = finish_position(&R);
                    st = *p;
                    done = !moves;
                } else if (stmt[0] == '+' || stmt[0] == '-')
                    ok = errmsg(err, errlen, "CSA line %d: a move before the side-to-move line ('+' or '-')", R.line);
                else
                    ok = errmsg(err, errlen, "CSA line %d: unrecognised '%s'", R.line, show(stmt, 24, shown));
            } else if (stmt[0] == '%') {
                done = true; /* %TORYO, %TSUMI, ...: the line ends */
            } else if (stmt[0] == '+' || stmt[0] == '-') {
                move_t m = MOVE_NONE;
                if (nm == max) {
                    ok = errmsg(err, errlen, "CSA line %d: more than %d moves", R.line, max);
                } else if ((ok = read_move(&R, &st, stmt, nm + 1, &m))) {
                    undo_t u;
                    moves[nm++] = m;
                    pos_do(&st, m, &u);
                }
            } else {
                ok = errmsg(err, errlen, "CSA line %d: unrecognised '%s' among the moves", R.line, show(stmt, 24, shown));
            }
        }
    }
    if (ok && !side_read)
        ok = errmsg(err, errlen, "CSA: no side-to-move line ('+' or '-'): truncated?");
    if (n)
        *n = nm;
    free(buf);
    return ok;
}

bool csa_read(const char *text, pos_t *p, char *err, size_t errlen)
{
    return csa_read_moves(text, SFEN_STRICT, p, NULL, 0, NULL, err, errlen);
}

/* ---- writer ---- */

void csa_write(FILE *f, const pos_t *root, const move_t *moves, int n)
{
    fputs("V2.2\n", f);
    for (int r = 0; r < 9; r++) {
        fprintf(f, "P%d", r + 1);
        for (int file = 8; file >= 0; file--) {
            piece_t pc = root->board[make_sq(file, r)];
            if (pc)
                fprintf(f, "%c%s", pc_color(pc) == BLACK ? '+' : '-', CODES[pc_type(pc)]);
            else
                fputs(" * ", f);
        }
        fputc('\n', f);
    }
    for (color_t c = BLACK; c <= WHITE; c++) {
        if (!root->hand[c])
            continue;
        fprintf(f, "P%c", c == BLACK ? '+' : '-');
        for (int i = 0; i < 7; i++)
            for (int k = hand_count(root->hand[c], HAND_ORDER[i]); k > 0; k--)
                fprintf(f, "00%s", CODES[HAND_ORDER[i]]);
        fputc('\n', f);
    }
    fputs(root->side == BLACK ? "+\n" : "-\n", f);
    pos_t p = *root;
    for (int i = 0; i < n; i++) {
        move_t m = moves[i];
        square_t to = mv_to(m);
        char side = p.side == BLACK ? '+' : '-';
        if (mv_is_drop(m)) {
            fprintf(f, "%c00%d%d%s\n", side, sq_file(to) + 1, sq_rank(to) + 1, CODES[mv_drop_pt(m)]);
        } else {
            square_t from = mv_from(m);
            ptype_t pt = pc_type(p.board[from]);
            fprintf(f, "%c%d%d%d%d%s\n", side, sq_file(from) + 1, sq_rank(from) + 1, sq_file(to) + 1,
                    sq_rank(to) + 1, CODES[mv_is_promo(m) ? pt_promote(pt) : pt]);
        }
        undo_t u;
        pos_do(&p, m, &u);
    }
    if (n > 0 && pos_in_check(&p) && !mg_has_evasion(&p))
        fputs("%TSUMI\n", f);
}
