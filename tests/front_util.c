/*
 * front_util.c: running the binary from tests (front_util.h).
 */
#define _GNU_SOURCE /* ptsname_r, vasprintf */
#include "front_util.h"

#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"

static char dir[64];

bool fu_begin(void)
{
    strcpy(dir, "/tmp/tsume-front-XXXXXX");
    if (!mkdtemp(dir)) {
        test_fail(__FILE__, __LINE__, "mkdtemp failed");
        dir[0] = 0;
        return false;
    }
    return true;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

void fu_end(void)
{
    if (dir[0])
        nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
    dir[0] = 0;
}

const char *fu_fmt(const char *f, ...)
{
    static char buf[8][8192];
    static int k;
    char *out = buf[k++ & 7];
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(out, sizeof buf[0], f, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf[0]) {
        test_fail(__FILE__, __LINE__, "text too long: %.60s...", out);
        out[0] = 0;
    }
    return out;
}

/* name in the scratch directory, written into buf. */
static char *local_path(char *buf, size_t len, const char *name)
{
    if (!dir[0])
        test_fail(__FILE__, __LINE__, "no scratch directory (fu_begin) for %s", name);
    snprintf(buf, len, "%s/%s", dir[0] ? dir : "/nonexistent", name);
    return buf;
}

/* Outside fu_begin .. fu_end there is no directory to write to: a test that forgot it
 * fails here, rather than writing to / (or failing only where / is not writable). */
const char *fu_path(const char *name)
{
    char buf[128];
    return fu_fmt("%s", local_path(buf, sizeof buf, name));
}

const char *fu_write(const char *name, const char *text)
{
    const char *path = fu_path(name);
    FILE *f = fopen(path, "w");
    if (!f) {
        test_fail(__FILE__, __LINE__, "cannot write %s", path);
        return path;
    }
    fputs(text, f);
    fclose(f);
    return path;
}

char *fu_slurp(const char *path)
{
    size_t len = 0, cap = 1 << 16;
    char *buf = malloc(cap);
    FILE *f = fopen(path, "r");
    if (f && buf) {
        size_t n;
        while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
            len += n;
            if (cap - len < 2) {
                char *bigger = realloc(buf, cap * 2);
                if (!bigger)
                    break;
                buf = bigger, cap *= 2;
            }
        }
    }
    if (f)
        fclose(f);
    if (buf)
        buf[len] = 0;
    return buf;
}

const char *fu_bin(void)
{
    static char abs[4096];
    const char *bin = getenv("TSUME_BIN");
    if (!bin || !*bin)
        bin = "./tsume";
    return realpath(bin, abs) ? abs : bin; /* absolute, so commands may change directory */
}

static int exit_code(int st) { return st == -1 ? -1 : WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st); }

/* The internals below use buffers of their own, so that the caller's fu_fmt results
 * stay valid through a run. */
static char *run_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *run_text(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0)
        s = NULL;
    va_end(ap);
    return s;
}

fu_run_t fu_shell(const char *cmd)
{
    char out[128], err[128];
    local_path(out, sizeof out, "stdout"), local_path(err, sizeof err, "stderr");
    char *full = run_text("( %s ) >'%s' 2>'%s'", cmd, out, err);
    int st = full ? system(full) : -1;
    free(full);
    return (fu_run_t){exit_code(st), fu_slurp(out), fu_slurp(err)};
}

fu_run_t fu_tsume(const char *args)
{
    char *cmd = run_text("'%s' %s </dev/null", fu_bin(), args);
    fu_run_t r = fu_shell(cmd ? cmd : "exit 127");
    free(cmd);
    return r;
}

fu_run_t fu_solve(const char *args, const char *stdin_path, const char *pipe_text)
{
    char *cmd = pipe_text ? run_text("printf '%s' | '%s' solve %s", pipe_text, fu_bin(), args)
                          : run_text("'%s' solve %s <'%s'", fu_bin(), args, stdin_path ? stdin_path : "/dev/null");
    fu_run_t r = fu_shell(cmd ? cmd : "exit 127");
    free(cmd);
    return r;
}

fu_run_t fu_tsume_tty_stderr(const char *args) { return fu_tsume_tty_stderr_cols(args, 0); }

fu_run_t fu_tsume_tty_stderr_cols(const char *args, int cols)
{
    fu_run_t r = {-1, NULL, NULL};
    char out[128];
    local_path(out, sizeof out, "stdout");
    char *cmd = run_text("exec '%s' %s </dev/null >'%s'", fu_bin(), args, out);
    char slave_name[128];
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (!cmd || master < 0 || grantpt(master) || unlockpt(master) || ptsname_r(master, slave_name, sizeof slave_name)) {
        test_fail(__FILE__, __LINE__, "no pseudo-terminal");
        if (master >= 0)
            close(master);
        free(cmd);
        r.out = calloc(1, 1), r.err = calloc(1, 1);
        return r;
    }
    /* The parent keeps the slave open too, so reading never fails on a closed slave
     * before everything written has been read. */
    int slave = open(slave_name, O_RDWR | O_NOCTTY);
    if (slave >= 0 && cols > 0) {
        struct winsize ws = {.ws_row = 24, .ws_col = (unsigned short)cols};
        ioctl(slave, TIOCSWINSZ, &ws);
    }
    fflush(NULL);
    pid_t pid = slave < 0 ? -1 : fork();
    if (pid == 0) {
        dup2(slave, 2);
        close(master), close(slave);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    size_t len = 0, cap = 1 << 16;
    char *got = calloc(1, cap);
    int st = -1;
    bool exited = pid < 0;
    while (got) {
        struct pollfd pfd = {master, POLLIN, 0};
        if (poll(&pfd, 1, 100) > 0 && (pfd.revents & POLLIN)) {
            if (len + 4096 + 1 > cap) {
                char *bigger = realloc(got, cap *= 2);
                if (!bigger)
                    break;
                got = bigger;
            }
            ssize_t n = read(master, got + len, 4096);
            if (n > 0) {
                len += (size_t)n;
                got[len] = 0;
                continue;
            }
        }
        if (exited)
            break; /* and nothing more came within the poll timeout */
        exited = waitpid(pid, &st, WNOHANG) == pid;
    }
    if (slave >= 0)
        close(slave);
    close(master);
    free(cmd);
    r.code = pid < 0 ? -1 : exit_code(st);
    r.out = fu_slurp(out);
    r.err = got ? got : calloc(1, 1);
    return r;
}

void fu_run_free(fu_run_t *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

int fu_count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

const char *fu_line(const char *s, int n)
{
    static char buf[4][8192];
    static int k;
    char *out = buf[k++ & 3];
    for (; n > 0 && *s; s++)
        if (*s == '\n')
            n--;
    size_t len = strcspn(s, "\n");
    snprintf(out, sizeof buf[0], "%.*s", (int)len, s);
    return out;
}

/* ---- a strict JSON reader, enough for one object a line (arrays may hold objects) ---- */

static const char *j_ws(const char *s) { return s + strspn(s, " \t\r\n"); }

static const char *j_string(const char *s)
{
    if (*s++ != '"')
        return NULL;
    for (; *s != '"'; s++) {
        if ((unsigned char)*s < 0x20)
            return NULL;
        if (*s == '\\') {
            s++;
            if (*s == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!s[i] || !strchr("0123456789abcdefABCDEF", s[i]))
                        return NULL;
                s += 4;
            } else if (!*s || !strchr("\"\\/bfnrt", *s)) {
                return NULL;
            }
        }
    }
    return s + 1;
}

static const char *j_value(const char *s);

/* s at '{': the end of the object, NULL when it is not valid. */
static const char *j_object(const char *s)
{
    s = j_ws(s + 1);
    if (*s == '}')
        return s + 1;
    for (;;) {
        if (!(s = j_string(j_ws(s))))
            return NULL;
        s = j_ws(s);
        if (*s++ != ':' || !(s = j_value(s)))
            return NULL;
        s = j_ws(s);
        if (*s == '}')
            return s + 1;
        if (*s++ != ',')
            return NULL;
    }
}

static const char *j_value(const char *s)
{
    s = j_ws(s);
    if (*s == '"')
        return j_string(s);
    if (*s == '{')
        return j_object(s);
    if (*s == '[') {
        s = j_ws(s + 1);
        if (*s == ']')
            return s + 1;
        for (;;) {
            if (!(s = j_value(s)))
                return NULL;
            s = j_ws(s);
            if (*s == ']')
                return s + 1;
            if (*s++ != ',')
                return NULL;
        }
    }
    if (!strncmp(s, "true", 4) || !strncmp(s, "null", 4))
        return s + 4;
    if (!strncmp(s, "false", 5))
        return s + 5;
    const char *d = s + (*s == '-');
    size_t n = strspn(d, "0123456789");
    if (n == 0 || (n > 1 && *d == '0'))
        return NULL;
    return d + n;
}

static bool json_member(const char *line, const char *key, char *val, size_t len)
{
    val[0] = 0;
    const char *s = j_ws(line);
    if (*s++ != '{')
        return false;
    s = j_ws(s);
    if (*s == '}')
        return *j_ws(s + 1) == 0;
    for (;;) {
        const char *k = j_ws(s), *k_end = j_string(k);
        if (!k_end)
            return false;
        s = j_ws(k_end);
        if (*s++ != ':')
            return false;
        const char *v = j_ws(s), *v_end = j_value(v);
        if (!v_end)
            return false;
        if ((size_t)(k_end - k) == strlen(key) + 2 && !strncmp(k + 1, key, strlen(key)))
            snprintf(val, len, "%.*s", (int)(v_end - v), v);
        s = j_ws(v_end);
        if (*s == '}')
            return *j_ws(s + 1) == 0;
        if (*s++ != ',')
            return false;
    }
}

const char *fu_jget(const char *line, const char *key)
{
    static char buf[8][2048];
    static int k;
    char *out = buf[k++ & 7];
    if (!json_member(line, key, out, sizeof buf[0]))
        strcpy(out, "INVALID");
    return out;
}

const char *fu_mask_effort(const char *line)
{
    static char buf[8192];
    snprintf(buf, sizeof buf, "%s", line);
    static const char *const KEYS[] = {"\"nodes\": ", "\"time_ms\": ", "\"phase_nodes\": ", "\"phase_ms\": "};
    for (int i = 0; i < 4; i++) {
        char *p = strstr(buf, KEYS[i]);
        if (!p)
            continue;
        p += strlen(KEYS[i]);
        size_t n = *p == '[' ? strcspn(p, "]") + 1 : strspn(p, "0123456789");
        if (*p == '[' && !p[n - 1])
            n--; /* no closing bracket: the rest */
        if (n) {
            *p = '#';
            memmove(p + 1, p + n, strlen(p + n) + 1);
        }
    }
    return buf;
}

char *fu_tsv_next(char **cursor, char **cols, int n)
{
    for (char *line = *cursor, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        *cursor = next;
        if (*line == '#' || !*line)
            continue;
        for (int i = 0; i < n; i++) {
            cols[i] = i == 0 ? line : cols[i - 1] ? strchr(cols[i - 1], '\t') : NULL;
            if (i > 0 && cols[i])
                *cols[i]++ = 0;
        }
        char *end = cols[n - 1] ? strchr(cols[n - 1], '\t') : NULL;
        if (end)
            *end = 0;
        return line;
    }
    *cursor = NULL;
    return NULL;
}
