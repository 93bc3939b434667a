/*
 * solver_collections.c: three public collections of ../shared/problems, row by row, against
 * their second column (../shared/problems/PROVENANCE.md says where each comes from):
 * antma_tsumeshogi_check.sfen (69 problems), yaneuraou_mate_samples_flipped.sfen (42) and
 * dlshogi_tests.sfen (121).  A column means: N, a mate in exactly N plies (ours proven
 * shortest); mate<=N, a mate within N; nomate<=N, none within N (a no-mate, or a mate
 * proven longer); nomate, a proven no-mate; mate?, a mate; movegen, not a mate test: the
 * moves the notes list in parentheses must be legal moves of the position.
 *
 * The collections count every legal reply as defence (the game's rules, our --futile
 * none), and not all their lengths are shortest.  Where our answer under the default rule
 * differs, or the node limit below leaves it short of the full answer,
 * tests/data/collection_differences.tsv has a row: our answer at the limit, the questions
 * that show why (each asked here), and the reason, with the figures measured without the
 * limit.  A row of that file that no problem uses, or whose label is not the file's, fails:
 * the table cannot go stale.  Each collection is solved in one batch of 2 jobs at
 * 1,000,000 nodes a problem (dlshogi's, 25 M nodes in all, in the release build only).
 * Every mate's line is replayed too: legal moves, checks, and no position twice.
 */
#include <stdlib.h>
#include <string.h>

#include "../movegen/movegen.h"
#include "../movegen/sfen.h"
#include "../movegen/usi_move.h"
#include "front_util.h"
#include "test.h"

enum { LIMIT_NODES = 1000000, MAX_DIFFS = 128, MAX_LINES = 4096 };

typedef struct {
    char *file, *label, *ours, *evidence, *why;
    int line;
    bool release, used;
} diff_t;

typedef struct {
    diff_t rows[MAX_DIFFS];
    int n;
    char *text;
} diffs_t;

static void load_diffs(diffs_t *d)
{
    const char *path = "tests/data/collection_differences.tsv";
    d->text = fu_slurp(path);
    d->n = 0;
    char *col[7], *cur = d->text;
    for (char *line; (line = fu_tsv_next(&cur, col, 7));) {
        if (!col[5] || d->n == MAX_DIFFS) {
            test_fail(__FILE__, __LINE__, "%s: malformed line (or more than %d rows) '%s'", path, MAX_DIFFS, line);
            continue;
        }
        d->rows[d->n++] = (diff_t){col[0], col[2], col[3], col[4], col[5], atoi(col[1]), col[6] && !strcmp(col[6], "release"),
                                   false};
    }
}

static diff_t *find_diff(diffs_t *d, const char *file, int line)
{
    for (int i = 0; i < d->n; i++)
        if (d->rows[i].line == line && !strcmp(d->rows[i].file, file))
            return &d->rows[i];
    return NULL;
}

static bool is_number(const char *s) { return *s && strspn(s, "0123456789") == strlen(s); }

static int jint(const char *line, const char *key)
{
    const char *v = fu_jget(line, key);
    return is_number(v) ? atoi(v) : -1;
}

static bool jis(const char *line, const char *key, const char *value) { return !strcmp(fu_jget(line, key), value); }

/* A mate in exactly n plies, proven shortest. */
static bool mate_in(const char *got, int n)
{
    return jis(got, "status", "\"mate\"") && jint(got, "plies") == n && jis(got, "shortest", "true");
}

/* Whether the answer got (a JSON line of `solve`) satisfies the collection's label. */
static bool label_holds(const char *got, const char *label)
{
    if (is_number(label))
        return mate_in(got, atoi(label));
    if (!strncmp(label, "mate<=", 6))
        return jis(got, "status", "\"mate\"") && jint(got, "within") >= 0 && jint(got, "within") <= atoi(label + 6);
    if (!strncmp(label, "nomate<=", 8))
        return jis(got, "status", "\"nomate\"") ||
               (jis(got, "status", "\"mate\"") && jis(got, "shortest", "true") && jint(got, "plies") > atoi(label + 8));
    if (!strcmp(label, "nomate"))
        return jis(got, "status", "\"nomate\"");
    if (!strcmp(label, "mate?"))
        return jis(got, "status", "\"mate\"");
    return false;
}

/* Whether got is the table's answer: N, within W (a mate within at most W proven), nomate,
 * or unknown (not settled at the limit: also passes when a better search settles it as the
 * label says). */
static bool answer_is(const char *got, const char *ours, const char *label)
{
    if (is_number(ours))
        return mate_in(got, atoi(ours));
    if (!strncmp(ours, "within ", 7))
        return jis(got, "status", "\"mate\"") && jint(got, "within") >= 0 && jint(got, "within") <= atoi(ours + 7);
    if (!strcmp(ours, "nomate"))
        return jis(got, "status", "\"nomate\"");
    if (!strcmp(ours, "unknown"))
        return jis(got, "status", "\"unknown\"") || label_holds(got, label);
    return false;
}

/* One question of a row's evidence (see the table's header); false after a failure. */
static bool ask(const char *q, const char *sfen, const char *where)
{
    char rule[16];
    char op;
    int n;
    if (sscanf(q, " %15[a-z]%c", rule, &op) != 2) {
        test_fail(__FILE__, __LINE__, "%s: bad question '%s'", where, q);
        return false;
    }
    const char *num = strpbrk(q, "0123456789"), *at = strchr(q, '@');
    n = num ? atoi(num) : -1;
    long cap = at ? atol(at + 1) : 5000000;
    bool yes = op == '<', no = op == '!', exact = op == '=';
    if (n < 1 || cap < 1 || !(yes || no || exact) || (exact && strcmp(rule, "none"))) {
        test_fail(__FILE__, __LINE__, "%s: bad question '%s'", where, q);
        return false;
    }
    bool ok;
    fu_run_t r;
    if (!strcmp(rule, "oracle")) {
        r = fu_shell(fu_fmt("node tools/oracle/mate-within.mjs '%s' %d", sfen, n));
        char none[32];
        int k = -1;
        snprintf(none, sizeof none, "no mate within %d ", n);
        ok = r.code == 0 && (no ? !strncmp(r.out, none, strlen(none)) : sscanf(r.out, "mate within %d:", &k) == 1 && k <= n);
    } else if (strcmp(rule, "none") && strcmp(rule, "delay")) {
        test_fail(__FILE__, __LINE__, "%s: bad question '%s'", where, q);
        return false;
    } else if (exact) {
        r = fu_tsume(fu_fmt("solve --futile none --hash 256 --nodes %ld --format json '%s'", cap, sfen));
        ok = mate_in(r.out, n);
    } else {
        r = fu_tsume(fu_fmt("check --plies %d --futile %s --hash 256 --nodes %ld --format json '%s'", n, rule, cap, sfen));
        ok = jis(r.out, "answer", yes ? "\"yes\"" : "\"no\"");
    }
    if (!ok)
        test_fail(__FILE__, __LINE__, "%s: question '%s' not answered as the table says: exit %d, '%s'", where, q, r.code,
                  r.out);
    fu_run_free(&r);
    return ok;
}

/* The moves a movegen row's notes list in parentheses, each among `tsume moves`. */
static void check_listed_moves(const char *sfen, const char *notes, const char *where)
{
    const char *open = strchr(notes ? notes : "", '(');
    fu_run_t r = fu_tsume(fu_fmt("moves '%s'", sfen));
    int listed = 0;
    for (const char *s = open ? open + 1 : ""; *s && *s != ')';) {
        size_t k = strcspn(s, ",)");
        char move[16];
        snprintf(move, sizeof move, "%.*s", (int)(k < 15 ? k : 15), s);
        listed++;
        const char *hit = strstr(r.out, move);
        size_t len = strlen(move);
        while (hit && !((hit == r.out || hit[-1] == '\n') && (hit[len] == '\n' || !hit[len])))
            hit = strstr(hit + 1, move);
        if (!hit)
            test_fail(__FILE__, __LINE__, "%s: %s is not among the legal moves", where, move);
        s += k + (s[k] == ',');
    }
    if (!listed)
        test_fail(__FILE__, __LINE__, "%s: a movegen row lists no moves", where);
    fu_run_free(&r);
}

/* Solves the collection name in one batch and checks every row; returns the rows seen. */
/* A mate's line (the "pv" of answer got, from sfen) replayed: every move legal, every
 * attacker move a check, and no position twice (a repetition is no mate; the line's walk
 * once went round cycles of the table's path-free proofs: line.c). */
static void check_line(const char *sfen, const char *got, const char *where)
{
    enum { MAX_PLIES = 4096 };
    static uint64_t keys[MAX_PLIES + 1];
    pos_t p;
    char err[SFEN_ERR_MAX];
    if (!sfen_parse_position(&p, sfen, SFEN_STRICT, err, sizeof err)) {
        test_fail(__FILE__, __LINE__, "%s: %s", where, err);
        return;
    }
    color_t attacker = p.side;
    const char *s = strstr(got, "\"pv\": [");
    if (!s) {
        test_fail(__FILE__, __LINE__, "%s: a mate without a line: '%s'", where, got);
        return;
    }
    s += 7;
    s += strspn(s, " ");
    int n = 0;
    keys[0] = pos_key(&p);
    while (*s == '"' && n < MAX_PLIES) {
        char text[16];
        size_t len = strcspn(s + 1, "\"");
        if (len >= sizeof text)
            break;
        memcpy(text, s + 1, len);
        text[len] = '\0';
        s += len + 2;
        move_t m;
        undo_t u;
        if (!usi_parse_legal(&p, text, &m, err, sizeof err)) {
            test_fail(__FILE__, __LINE__, "%s: ply %d, %s: %s", where, n + 1, text, err);
            return;
        }
        bool by_attacker = p.side == attacker;
        pos_do(&p, m, &u);
        if (by_attacker && !pos_in_check(&p)) {
            test_fail(__FILE__, __LINE__, "%s: ply %d, %s does not check", where, n + 1, text);
            return;
        }
        keys[++n] = pos_key(&p);
        for (int j = 0; j < n; j++)
            if (keys[j] == keys[n]) {
                test_fail(__FILE__, __LINE__, "%s: the position after ply %d again after ply %d", where, j, n);
                return;
            }
        s += strspn(s, ", ");
        if (*s == ']')
            break;
    }
    if (n != jint(got, "plies"))
        test_fail(__FILE__, __LINE__, "%s: a line of %d moves for %d plies", where, n, jint(got, "plies"));
}

static int check_collection(const char *name, diffs_t *d)
{
    const char *path = test_shared(fu_fmt("problems/%s", name));
    char *text = fu_slurp(path);
    /* The file's rows by line number: the answers name their line (JSON "id"). */
    static char *sfen_of[MAX_LINES], *label_of[MAX_LINES], *notes_of[MAX_LINES];
    memset(sfen_of, 0, sizeof sfen_of);
    int line = 0;
    for (char *s = text; *s; line++) {
        char *end = s + strcspn(s, "\n");
        char *next = *end ? end + 1 : end;
        *end = '\0';
        if (line + 1 < MAX_LINES && *s && *s != '#') {
            char *tab = strchr(s, '\t');
            sfen_of[line + 1] = s;
            label_of[line + 1] = "";
            notes_of[line + 1] = NULL;
            if (tab) {
                *tab = '\0';
                label_of[line + 1] = tab + 1;
                char *t2 = strchr(tab + 1, '\t');
                if (t2) {
                    *t2 = '\0';
                    char *t3 = strchr(t2 + 1, '\t');
                    notes_of[line + 1] = t3 ? t3 + 1 : NULL;
                }
            }
        }
        s = next;
    }
    fu_run_t r = fu_tsume(fu_fmt("solve --format json --jobs 2 --hash 512 --nodes %d -f '%s'", LIMIT_NODES, path));
    int rows = fu_count_lines(r.out);
    for (int i = 0; i < rows; i++) {
        char got[16384];
        snprintf(got, sizeof got, "%s", fu_line(r.out, i));
        int id = jint(got, "id");
        if (id < 1 || id >= MAX_LINES || !sfen_of[id]) {
            test_fail(__FILE__, __LINE__, "%s: an answer names no problem: '%s'", name, got);
            continue;
        }
        const char *label = label_of[id], *where = fu_fmt("%s line %d (%s)", name, id, label);
        char place[128];
        snprintf(place, sizeof place, "%s", where);
        diff_t *diff = find_diff(d, name, id);
        if (jis(got, "status", "\"mate\""))
            check_line(sfen_of[id], got, place);
        if (!strcmp(label, "movegen")) {
            check_listed_moves(sfen_of[id], notes_of[id], place);
        } else if (diff) {
            diff->used = true;
            if (strcmp(diff->label, label))
                test_fail(__FILE__, __LINE__, "%s: the table's row says label '%s'", place, diff->label);
            if (!answer_is(got, diff->ours, label))
                test_fail(__FILE__, __LINE__, "%s: expected '%s' (collection_differences.tsv), got '%s'", place,
                          diff->ours, got);
#ifdef TSUME_NO_JEMALLOC
            if (diff->release)
                continue;
#endif
            char questions[256];
            snprintf(questions, sizeof questions, "%s", diff->evidence);
            if (strcmp(questions, "-"))
                for (char *save, *q = strtok_r(questions, ";", &save); q; q = strtok_r(NULL, ";", &save))
                    ask(q, sfen_of[id], place);
        } else if (!label_holds(got, label)) {
            test_fail(__FILE__, __LINE__, "%s: got '%s'", place, got);
        }
    }
    fu_run_free(&r);
    free(text);
    return rows;
}

/* The table's rows for name that no answer used. */
static void check_all_used(diffs_t *d, const char *name)
{
    for (int i = 0; i < d->n; i++)
        if (!strcmp(d->rows[i].file, name) && !d->rows[i].used)
            test_fail(__FILE__, __LINE__, "collection_differences.tsv: %s line %d matches no problem", name,
                      d->rows[i].line);
}

static void run_collection(const char *name, int expect_rows)
{
    if (!fu_begin())
        return;
    diffs_t *d = calloc(1, sizeof *d);
    load_diffs(d);
    CHECK_INT(check_collection(name, d), expect_rows);
    check_all_used(d, name);
    free(d->text);
    free(d);
    fu_end();
}

TEST(solver_collection_antma) { run_collection("antma_tsumeshogi_check.sfen", 69); }

TEST(solver_collection_yaneuraou) { run_collection("yaneuraou_mate_samples_flipped.sfen", 42); }

/* 25 M nodes at the limit: too slow under the sanitizers, whose run has the two collections
 * above for the same code. */
TEST_LONG(solver_collection_dlshogi)
{
#ifndef TSUME_NO_JEMALLOC
    run_collection("dlshogi_tests.sfen", 121);
#endif
}
