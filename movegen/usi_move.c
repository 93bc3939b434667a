/*
 * usi_move.c: USI move text.  A move read from text is accepted only if it is one of
 * the moves mg_legal generates, which keeps one source of truth for legality.
 */
#include "usi_move.h"

#include <stdio.h>
#include <string.h>

#include "movegen.h"

static const char DROP_CHARS[] = " PLNSBRG";

char *usi_format(move_t m, char *buf)
{
    square_t to = mv_to(m);
    if (mv_is_drop(m)) {
        snprintf(buf, USI_MOVE_MAX, "%c*%c%c", DROP_CHARS[mv_drop_pt(m)], '1' + sq_file(to), 'a' + sq_rank(to));
    } else {
        square_t from = mv_from(m);
        snprintf(buf, USI_MOVE_MAX, "%c%c%c%c%s", '1' + sq_file(from), 'a' + sq_rank(from), '1' + sq_file(to),
                 'a' + sq_rank(to), mv_is_promo(m) ? "+" : "");
    }
    return buf;
}

static bool parse_square(const char *s, square_t *sq)
{
    if (s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i')
        return false;
    *sq = make_sq(s[0] - '1', s[1] - 'a');
    return true;
}

bool usi_parse_syntax(const char *text, move_t *m, char *err, size_t errlen)
{
    size_t n = strlen(text);
    square_t from, to;
    const char *p = strchr(DROP_CHARS + 1, text[0]);
    if (n == 4 && text[0] && p && text[1] == '*' && parse_square(text + 2, &to)) {
        *m = mv_make_drop((ptype_t)(p - DROP_CHARS), to);
        return true;
    }
    if ((n == 4 || (n == 5 && text[4] == '+')) && parse_square(text, &from) && parse_square(text + 2, &to) &&
        from != to) {
        *m = mv_make(from, to, n == 5);
        return true;
    }
    snprintf(err, errlen, "'%s' is not a USI move (like 7g7f, 8h2b+ or P*5e)", text);
    return false;
}

bool usi_parse_legal(const pos_t *p, const char *text, move_t *m, char *err, size_t errlen)
{
    if (!usi_parse_syntax(text, m, err, errlen))
        return false;
    move_t list[MG_MAX_MOVES];
    int n = mg_legal(p, list);
    for (int i = 0; i < n; i++)
        if (list[i] == *m)
            return true;
    snprintf(err, errlen, "illegal move '%s' in this position", text);
    return false;
}
