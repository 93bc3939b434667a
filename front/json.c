/*
 * json.c: the JSON-lines writer of json.h.
 *
 * Strings may hold anything a user typed or a file contained, so the escaper validates
 * UTF-8 itself rather than trusting the input: a malformed byte becomes U+FFFD and the
 * line stays parseable.
 */
#include "json.h"

#include <inttypes.h>

#include "../movegen/usi_move.h"

/* Length of the valid UTF-8 sequence starting at s (1..4), or 0 if s does not start one.
 * Overlong forms, surrogates and code points above U+10FFFF are refused, as RFC 3629 asks. */
static int utf8_len(const unsigned char *s)
{
    unsigned char c = s[0];
    int n;
    unsigned char lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (int i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return n;
}

void json_write_string(FILE *out, const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    putc('"', out);
    while (*s) {
        unsigned char c = *s;
        if (c == '"' || c == '\\') {
            putc('\\', out);
            putc(c, out);
            s++;
        } else if (c < 0x20) {
            switch (c) {
            case '\n': fputs("\\n", out); break;
            case '\r': fputs("\\r", out); break;
            case '\t': fputs("\\t", out); break;
            case '\b': fputs("\\b", out); break;
            case '\f': fputs("\\f", out); break;
            default: fprintf(out, "\\u%04x", c); break;
            }
            s++;
        } else if (c < 0x80) {
            putc(c, out);
            s++;
        } else {
            int n = utf8_len(s);
            if (n) {
                fwrite(s, 1, (size_t)n, out);
                s += n;
            } else {
                fputs("\\ufffd", out);
                s++;
            }
        }
    }
    putc('"', out);
}

static void key(json_obj_t *j, const char *k)
{
    fputs(j->first ? "" : ", ", j->out);
    j->first = false;
    json_write_string(j->out, k);
    fputs(": ", j->out);
}

void json_begin(json_obj_t *j, FILE *out)
{
    *j = (json_obj_t){.out = out, .first = true};
    putc('{', out);
}

void json_str(json_obj_t *j, const char *k, const char *val)
{
    key(j, k);
    json_write_string(j->out, val);
}

void json_int(json_obj_t *j, const char *k, long long val)
{
    key(j, k);
    fprintf(j->out, "%lld", val);
}

void json_uint(json_obj_t *j, const char *k, uint64_t val)
{
    key(j, k);
    fprintf(j->out, "%" PRIu64, val);
}

void json_bool(json_obj_t *j, const char *k, bool val)
{
    key(j, k);
    fputs(val ? "true" : "false", j->out);
}

void json_array_begin(json_obj_t *j, const char *k)
{
    key(j, k);
    putc('[', j->out);
    j->first_item = true;
}

void json_array_str(json_obj_t *j, const char *item)
{
    fputs(j->first_item ? "" : ", ", j->out);
    j->first_item = false;
    json_write_string(j->out, item);
}

void json_array_uint(json_obj_t *j, uint64_t item)
{
    fprintf(j->out, "%s%" PRIu64, j->first_item ? "" : ", ", item);
    j->first_item = false;
}

void json_array_end(json_obj_t *j)
{
    putc(']', j->out);
}

void json_end(json_obj_t *j)
{
    fputs("}\n", j->out);
}

void json_array_obj(json_obj_t *j, json_obj_t *item)
{
    fputs(j->first_item ? "" : ", ", j->out);
    j->first_item = false;
    *item = (json_obj_t){.out = j->out, .first = true};
    putc('{', j->out);
}

void json_item_end(json_obj_t *item)
{
    putc('}', item->out);
}

void json_moves(json_obj_t *j, const char *key, const move_t *moves, int n)
{
    json_array_begin(j, key);
    for (int i = 0; i < n; i++) {
        char mv[USI_MOVE_MAX];
        json_array_str(j, usi_format(moves[i], mv));
    }
    json_array_end(j);
}
