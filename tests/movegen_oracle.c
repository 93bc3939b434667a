/*
 * movegen_oracle.c: checks the move generator against an independent rules implementation.
 * It runs tools/oracle/crosscheck.mjs on a fixed sample of about 400 problem positions
 * (shogiops as referee, tsshogi as second opinion), which drives the tsume binary through
 * `moves|checks|evasions -f -`; the test passes when every move set matches.  Needs node and
 * the npm libraries that tools/oracle/setup.sh installs; a missing node is a failure, not a
 * skip, so a machine without it cannot report a clean run by accident.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"

enum { SAMPLE = 400 };

/* Single-quotes s for sh, so paths with spaces or quotes survive the shell. */
static void sh_quote(char *out, size_t size, const char *s)
{
    size_t n = 0;
    if (size < 3)
        return;
    out[n++] = '\'';
    for (; *s && n + 6 < size; s++) {
        if (*s == '\'') {
            memcpy(out + n, "'\\''", 4);
            n += 4;
        } else {
            out[n++] = *s;
        }
    }
    out[n++] = '\'';
    out[n] = 0;
}

/* Prints the end of the tool's output, where the mismatches and the summary are. */
static void show_tail(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    static char buf[16384];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    bool truncated = !feof(f);
    if (truncated) {
        /* Too long to show whole: keep the last part, which ends with the summary. */
        fseek(f, -(long)(sizeof buf - 1), SEEK_END);
        n = fread(buf, 1, sizeof buf - 1, f);
    }
    buf[n] = 0;
    fclose(f);
    printf("      --- crosscheck output%s ---\n%s", truncated ? " (last part)" : "", buf);
    if (n && buf[n - 1] != '\n')
        putchar('\n');
}

TEST(movegen_oracle_sample)
{
    if (system("command -v node >/dev/null 2>&1") != 0) {
        test_fail(__FILE__, __LINE__,
                  "node not found: the oracle cross-check needs nodejs and npm "
                  "(make test installs them via tools/deps.sh, then runs tools/oracle/setup.sh)");
        return;
    }
    const char *bin = getenv("TSUME_BIN");
    if (!bin || !*bin)
        bin = "./tsume";
    char qbin[1024], qshared[1024], qlog[256], cmd[4096];
    sh_quote(qbin, sizeof qbin, bin);
    sh_quote(qshared, sizeof qshared, test_shared(""));

    char log[] = "/tmp/tsume-oracle-XXXXXX";
    int fd = mkstemp(log);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    close(fd);
    sh_quote(qlog, sizeof qlog, log);

    snprintf(cmd, sizeof cmd,
             "node tools/oracle/crosscheck.mjs --sample %d --shared %s --bin %s >%s 2>&1", SAMPLE,
             qshared, qbin, qlog);
    int st = system(cmd);
    int code = st == -1 ? -1 : WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    CHECK_INT(code, 0); /* 1: move sets differ; 2: the tool could not run */
    if (code != 0) {
        printf("      command: %s\n", cmd);
        show_tail(log);
    }
    unlink(log);
}
