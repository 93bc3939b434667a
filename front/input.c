/*
 * input.c: whole-file and line-by-line reading, format detection, and command-line words
 * joined into one text (input.h).
 *
 * Only the start of a line is looked at for CSA and SFEN, and only up to 511 bytes of it
 * for KIF's words: a decisive word comes early in its line in every format read here.
 */
#include "input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../movegen/usi_move.h"

static bool line_starts(const char *s, const char *w) { return strncmp(s, w, strlen(w)) == 0; }

input_format_t input_detect(const char *text)
{
    for (const char *s = input_skip_bom(text); *s;) {
        size_t len = strcspn(s, "\r\n");
        const char *t = s;
        while (*t == ' ' || *t == '\t')
            t++;
        char line[512];
        size_t n = len - (size_t)(t - s) < sizeof line - 1 ? len - (size_t)(t - s) : sizeof line - 1;
        memcpy(line, t, n);
        line[n] = 0;
        s += len;
        s += *s == '\r' && s[1] == '\n' ? 2 : *s ? 1 : 0;
        if (line_starts(line, "#KIF"))
            return INPUT_KIF;
        if (line[0] == '#' || line[0] == 0)
            continue;
        /* A SFEN first: its line's later columns may say 持駒 or 手合割 in a comment (the
         * whole file was once read as KIF for it); no KIF or CSA line starts so. */
        int slashes = 0;
        for (const char *c = line; *c && *c != ' ' && *c != '\t'; c++)
            slashes += *c == '/';
        if (slashes == 8 || line_starts(line, "sfen") || line_starts(line, "position") ||
            line_starts(line, "startpos"))
            return INPUT_SFEN;
        /* 持駒 and 手合割 in UTF-8, then in Shift_JIS */
        if (line[0] == '|' || strstr(line, "持駒") || strstr(line, "手合割") || strstr(line, "\x8e\x9d\x8b\xee") ||
            strstr(line, "\x8e\xe8\x8d\x87\x8a\x84"))
            return INPUT_KIF;
        if ((line[0] == 'P' && ((line[1] >= '1' && line[1] <= '9') || line[1] == 'I' || line[1] == '+' ||
                                line[1] == '-')) ||
            line_starts(line, "V2") || line_starts(line, "V3") || line[0] == '\'' || line_starts(line, "N+") ||
            line_starts(line, "N-") || line[0] == '$')
            return INPUT_CSA;
    }
    return INPUT_NONE;
}

char *input_read_all(FILE *f, size_t max, size_t *len, char *err, size_t errlen)
{
    size_t cap = 1 << 16, used = 0;
    char *buf = malloc(cap);
    err[0] = 0;
    errno = 0;
    while (buf) {
        used += fread(buf + used, 1, cap - used - 1, f);
        if (ferror(f)) {
            snprintf(err, errlen, "%s", errno ? strerror(errno) : "read error");
            break;
        }
        if (feof(f)) {
            buf[used] = 0;
            *len = used;
            return buf;
        }
        if (cap >= max) {
            snprintf(err, errlen, "larger than %zu MiB", max >> 20);
            break;
        }
        char *bigger = realloc(buf, cap *= 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
    }
    if (!err[0])
        snprintf(err, errlen, "out of memory");
    free(buf);
    return NULL;
}

bool input_usi_column(const char *col, size_t len)
{
    char tok[16], why[96];
    bool any = false;
    for (size_t i = 0; i < len;) {
        while (i < len && col[i] == ' ')
            i++;
        size_t n = 0;
        while (i + n < len && col[i + n] != ' ')
            n++;
        if (!n)
            break;
        if (n >= sizeof tok)
            return false;
        memcpy(tok, col + i, n);
        tok[n] = 0;
        move_t m;
        if (!usi_parse_syntax(tok, &m, why, sizeof why))
            return false;
        any = true;
        i += n;
    }
    return any;
}

long input_read_line(FILE *f, char **buf, size_t *cap, size_t max, bool cr_ends, unsigned *flags)
{
    size_t n = 0;
    int c;
    *flags = 0;
    while ((c = getc(f)) != EOF) {
        if (c == '\n')
            break;
        if (c == '\r') {
            int next = getc(f);
            if (next == '\n')
                break;
            if (next != EOF)
                ungetc(next, f);
            if (cr_ends)
                break;
            if (next == EOF)
                break; /* a CR ending the input ends the line */
        }
        if (n >= max) { /* c is dropped: the caller drops the rest of the line anyway */
            *flags |= INPUT_LINE_LONG;
            break;
        }
        if (n + 1 >= *cap) {
            size_t bigger = *cap ? *cap * 2 : 256;
            char *b = realloc(*buf, bigger);
            if (!b) {
                *flags = 0;
                return -1;
            }
            *buf = b, *cap = bigger;
        }
        if (c == 0)
            *flags |= INPUT_LINE_NUL;
        (*buf)[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return -1;
    if (!*buf && !(*buf = malloc(*cap = 256)))
        return -1;
    (*buf)[n] = 0;
    return (long)n;
}

void input_skip_line(FILE *f)
{
    int c;
    while ((c = getc(f)) != EOF && c != '\n')
        ;
}

char *input_join(int n, char *const *words)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += strlen(words[i]) + 1;
    char *buf = malloc(len), *end = buf;
    if (!buf)
        return NULL;
    *buf = 0;
    for (int i = 0; i < n; i++)
        end += sprintf(end, "%s%s", i ? " " : "", words[i]);
    return buf;
}
