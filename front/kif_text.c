/*
 * kif_text.c: a KIF file's text as UTF-8 lines (kif_text.h).
 *
 * Valid UTF-8 is taken as it is (a BOM dropped); anything else must be Shift_JIS, of
 * which only the characters the KIF structure uses are decoded (the table below), the
 * rest standing in as 〓: they only occur in lines the reader ignores (titles, comments).
 */
#include "kif_text.h"
#include "../movegen/errmsg.h"

#include <stdlib.h>
#include <string.h>

#include "input.h"

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

/* Shift_JIS to UTF-8 in *res (malloc'd; NULL if out of memory), characters outside the
 * table as 〓; false if s is not Shift_JIS either (nothing allocated).  The two failures
 * are told apart so that the reader does not blame the file for a lack of memory. */
static bool sjis_to_utf8(const unsigned char *s, char **res)
{
    char *out = malloc(strlen((const char *)s) * 3 + 1), *o = out;
    *res = NULL;
    if (!out)
        return true;
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
            return false;
        }
        size_t n = strlen(u);
        memcpy(o, u, n);
        o += n;
    }
    *o = 0;
    *res = out;
    return true;
}

/* ---- lines ---- */

bool kif_lines_split(const char *text, kif_lines_t *L, char *err, size_t errlen)
{
    memset(L, 0, sizeof *L);
    const unsigned char *t = (const unsigned char *)input_skip_bom(text);
    if (valid_utf8(t)) {
        L->buf = strdup((const char *)t);
    } else if (!sjis_to_utf8(t, &L->buf)) {
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

void kif_lines_free(kif_lines_t *L)
{
    free(L->buf);
    free(L->line);
}
