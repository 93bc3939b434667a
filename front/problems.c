/*
 * problems.c: the problem list and the readers of problem files (problems.h).
 */
#include "problems.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "cli.h"
#include "csa.h"
#include "input.h"
#include "kif.h"

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s, n) : NULL;
}

bool problem_add(problem_list_t *l, const char *file, long line, const char *text, const char *expect,
                 const char *moves)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        problem_t *items = realloc(l->items, cap * sizeof *items);
        if (!items)
            return false;
        l->items = items;
        l->cap = cap;
    }
    problem_t *p = &l->items[l->n];
    *p = (problem_t){file, line, dup_str(text), expect ? dup_str(expect) : NULL, moves ? dup_str(moves) : NULL, NULL};
    if (!p->text || (expect && !p->expect) || (moves && !p->moves)) {
        free(p->text);
        free(p->expect);
        free(p->moves);
        return false;
    }
    l->n++;
    return true;
}

static bool problem_add_error(problem_list_t *l, const char *file, long line, const char *text, const char *error)
{
    if (!problem_add(l, file, line, text, NULL, NULL))
        return false;
    problem_t *p = &l->items[l->n - 1];
    if (!(p->error = dup_str(error))) {
        free(p->text);
        l->n--;
        return false;
    }
    return true;
}

bool problem_position(const problem_t *pb, pos_t *p, char *err, size_t errlen)
{
    if (pb->error) {
        snprintf(err, errlen, "%s", pb->error);
        return false;
    }
    return sfen_parse_position(p, pb->text, SFEN_STRICT, err, errlen);
}

const char *problem_shown(const problem_t *pb, char buf[PROBLEM_SHOWN_MAX])
{
    enum { SHOWN_HEAD = 100 };
    size_t n = strlen(pb->text);
    if (n < PROBLEM_SHOWN_MAX - 40)
        return pb->text;
    size_t head = SHOWN_HEAD;
    while (head && ((unsigned char)pb->text[head] & 0xC0) == 0x80)
        head--; /* not inside a character */
    snprintf(buf, PROBLEM_SHOWN_MAX, "%.*s... (%zu bytes)", (int)head, pb->text, n);
    return buf;
}

/* The second column of a line whose first TAB is at tab: trimmed, NULL when empty. */
static char *second_column(char *tab)
{
    if (!*tab)
        return NULL;
    char *s = tab + 1;
    s[strcspn(s, "\t")] = 0;
    s += strspn(s, " ");
    size_t n = strlen(s);
    while (n && s[n - 1] == ' ')
        s[--n] = 0;
    return n ? s : NULL;
}

/* The problems of a file of SFEN lines, text[0..len): a line ends at LF, CRLF or a lone
 * CR (as convert reads it), so that no line hides behind a CR.  A line holding a NUL byte
 * is that line's error (problem_read_file rejects a file with one in its first line). */
static bool read_sfen_lines(problem_list_t *l, const char *shown, char *text, size_t len, const char *cmd)
{
    long n = 0;
    char *end = text + len;
    for (char *s = text; s < end;) {
        char *e = s;
        while (e < end && *e != '\n' && *e != '\r')
            e++;
        char *next = e < end ? e + 1 + (e[0] == '\r' && e + 1 < end && e[1] == '\n') : end;
        *e = 0;
        n++;
        if (n == 1)
            s += input_skip_bom(s) - s;
        size_t lead = strspn(s, " \t");
        char *line = s;
        s = next;
        if ((size_t)(e - line) != strlen(line)) {
            if (!problem_add_error(l, shown, n, line, "the line holds a NUL byte")) {
                cli_error("%s: out of memory reading '%s'", cmd, shown);
                return false;
            }
            continue;
        }
        if (line[lead] == 0 || line[lead] == '#')
            continue;
        /* The position column ends at the first TAB: a line starting with a TAB has an
         * empty one, which is an error rather than a blank line, since more columns follow. */
        char *tab = line + strcspn(line, "\t"), *moves = NULL;
        for (char *col = *tab ? tab + 1 : NULL; col && !moves;) {
            size_t clen = strcspn(col, "\t");
            if (input_usi_column(col, clen))
                moves = col;
            col = col[clen] ? col + clen + 1 : NULL;
        }
        char *expect = second_column(tab);
        *tab = 0;
        if (moves)
            moves[strcspn(moves, "\t")] = 0; /* after second_column: the column may be the second */
        if (!problem_add(l, shown, n, line, expect, moves)) {
            cli_error("%s: out of memory reading '%s'", cmd, shown);
            return false;
        }
    }
    return true;
}

/* The one problem of a KIF or CSA file: its diagram, as a SFEN, its move line (USI), and
 * the line's length as the stated one when the line ends in check after an attacker's
 * move (a mate as problem files give it); or the reader's reason why there is none.  A
 * game record (moves from the start of a game) is the position after its moves. */
static bool read_diagram(problem_list_t *l, const char *shown, const char *text, input_format_t fmt,
                         const char *cmd)
{
    enum { MAX_LINE = 10000 };
    char err[256] = "", sfen[SFEN_MAX], stated[16], *line = NULL;
    const char *expect = NULL;
    move_t *moves = malloc(MAX_LINE * sizeof *moves);
    pos_t p;
    int n = 0;
    bool ok = false;
    if (!moves)
        snprintf(err, sizeof err, "out of memory");
    else if (fmt == INPUT_KIF)
        ok = kif_read_moves(text, SFEN_STRICT, &p, moves, MAX_LINE, &n, err, sizeof err);
    else
        ok = csa_read_moves(text, SFEN_STRICT, &p, moves, MAX_LINE, &n, err, sizeof err);
    if (ok && n && kif_is_game_start(&p)) {
        /* A game record: the position its moves reach is the one asked about, as with
         * 'position startpos moves ...'; its moves are the game's, no stated line. */
        for (int i = 0; i < n; i++) {
            undo_t u;
            pos_do(&p, moves[i], &u);
        }
        n = 0;
    }
    if (ok && kif_stated_length(&p, moves, n)) {
        snprintf(stated, sizeof stated, "%d", n);
        expect = stated;
    }
    if (ok && n && !(line = malloc((size_t)n * USI_MOVE_MAX))) {
        ok = false;
        snprintf(err, sizeof err, "out of memory");
    }
    char *end = line;
    for (int i = 0; line && i < n; i++) {
        if (i)
            *end++ = ' ';
        end = strchr(usi_format(moves[i], end), 0);
    }
    free(moves);
    bool added = ok ? problem_add(l, shown, 1, sfen_format(&p, sfen), expect, line)
                    : problem_add_error(l, shown, 1, fmt == INPUT_KIF ? "(KIF file)" : "(CSA file)", err);
    free(line);
    if (!added)
        cli_error("%s: out of memory reading '%s'", cmd, shown);
    return added;
}

bool problem_read_text(problem_list_t *l, const char *shown, char *text, size_t len, const char *cmd)
{
    input_format_t fmt = input_detect(text);
    return fmt == INPUT_KIF || fmt == INPUT_CSA ? read_diagram(l, shown, text, fmt, cmd)
                                                : read_sfen_lines(l, shown, text, len, cmd);
}

/* Says on stderr why file shown could not be read, and keeps it in l->unread for the
 * machine-readable outputs (problems_print_unread); false. */
static bool file_unread(problem_list_t *l, const char *shown, const char *cmd, const char *verb, const char *err)
{
    char reason[PROBLEM_SHOWN_MAX + 256];
    snprintf(reason, sizeof reason, "cannot %s '%s': %s", verb, shown, err);
    cli_error("%s: %s", cmd, reason);
    problem_unread_t *u = realloc(l->unread, (l->n_unread + 1) * sizeof *u);
    if (u) {
        l->unread = u;
        if ((u[l->n_unread].reason = dup_str(reason)))
            u[l->n_unread++].file = shown;
    }
    return false;
}

bool problem_read_file(problem_list_t *l, const char *path, const char *cmd)
{
    bool is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return file_unread(l, path, cmd, "open", strerror(errno));
    const char *shown = is_stdin ? "stdin" : path;
    char err[128];
    size_t len = 0;
    char *text = input_read_all(f, PROBLEM_FILE_MAX, &len, err, sizeof err);
    if (!is_stdin)
        fclose(f);
    /* A NUL byte in the first line (UTF-16, a binary file) or anywhere in a KIF or CSA
     * file rejects the file; in a later line of SFENs, that line (read_sfen_lines). */
    input_format_t fmt = text ? input_detect(text) : INPUT_NONE;
    if (text && strlen(text) != len && (!text[strcspn(text, "\r\n")] || fmt == INPUT_KIF || fmt == INPUT_CSA)) {
        snprintf(err, sizeof err, "it holds a NUL byte: not a text file");
        free(text);
        text = NULL;
    }
    if (!text)
        return file_unread(l, shown, cmd, "read", err);
    /* Nothing but blanks (a download that failed, a file cut at its start): an error, not
     * a batch of no problems that looks like a success.  A file of comments only is a
     * collection with no problem in it. */
    size_t start = strncmp(text, "\xEF\xBB\xBF", 3) ? 0 : 3; /* a UTF-8 BOM */
    if (!text[start + strspn(text + start, " \t\r\n")]) {
        free(text);
        return file_unread(l, shown, cmd, "read", "it is empty");
    }
    bool ok = problem_read_text(l, shown, text, len, cmd);
    free(text);
    return ok;
}

void problem_list_free(problem_list_t *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->items[i].text);
        free(l->items[i].expect);
        free(l->items[i].moves);
        free(l->items[i].error);
    }
    for (size_t i = 0; i < l->n_unread; i++)
        free(l->unread[i].reason);
    free(l->unread);
    free(l->items);
    *l = (problem_list_t){0};
}

/* Whether w's first word can begin a position: "sfen", "position", "startpos", or a
 * board (eight '/'). */
static bool starts_position(const char *w)
{
    size_t n = strcspn(w, " \t");
    int slashes = 0;
    for (size_t i = 0; i < n; i++)
        slashes += w[i] == '/';
    return slashes == 8 || (n == 4 && !strncmp(w, "sfen", 4)) || (n == 8 && !strncmp(w, "position", 8)) ||
           (n == 8 && !strncmp(w, "startpos", 8));
}

/* Words that cannot begin a position, the first naming a file, are files (as for -f):
 * 'tsume solve *.kif'. */
static bool words_name_files(const problem_input_t *in)
{
    return in->n_words && strcmp(in->words[0], "-") && !starts_position(in->words[0]);
}

/* Words read as files: the first names one, or there are several (a SFEN cannot begin
 * so, and 'solve nosuch.sfen ok.sfen' said 'bad SFEN: unknown piece letter' of the two
 * joined). */
static bool words_are_files(const problem_input_t *in)
{
    return words_name_files(in) && (in->n_words > 1 || access(in->words[0], F_OK) == 0);
}

bool problems_from_files(const problem_input_t *in)
{
    return in->n_files || words_are_files(in);
}

size_t problems_gather(problem_list_t *l, const problem_input_t *in, const char *cmd)
{
    char *const *words = in->words;
    int n_words = in->n_words;
    size_t unread = 0;
    /* One word that cannot begin a position and names no file is an error saying so. */
    bool names = words_name_files(in);
    if (words_are_files(in)) {
        for (int i = 0; i < n_words; i++)
            unread += !problem_read_file(l, words[i], cmd);
    } else if (names && n_words == 1) {
        char err[SFEN_ERR_MAX + 32];
        pos_t p;
        if (!strchr(words[0], '/'))
            snprintf(err, sizeof err, "neither a SFEN (a board has eight '/') nor a file");
        else if (!sfen_parse_position(&p, words[0], SFEN_STRICT, err, SFEN_ERR_MAX))
            strcat(err, " (nor is it a file)");
        else
            err[0] = 0; /* a position after all: solved as one */
        if (!(err[0] ? problem_add_error(l, NULL, 1, words[0], err) : problem_add(l, NULL, 1, words[0], NULL, NULL)))
            cli_error("%s: out of memory", cmd), unread++;
    } else if (n_words) {
        char *text = input_join(n_words, words);
        if (!text || !problem_add(l, NULL, 1, text, NULL, NULL)) {
            cli_error("%s: out of memory", cmd);
            unread++;
        }
        free(text);
    }
    for (int i = 0; i < in->n_files; i++)
        unread += !problem_read_file(l, in->files[i], cmd);
    return unread;
}

void problems_summary_unread(FILE *f, size_t unread)
{
    if (unread)
        fprintf(f, "; %zu file%s not read", unread, unread == 1 ? "" : "s");
}
