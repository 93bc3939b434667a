/*
 * records.c: --kif files and directories (records.h).
 */
#include "records.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* The index of file in r->files, or -1.  A file is an argument, known by its pointer
 * (problems.h: every problem of one -f keeps the name it was given): the same path
 * given twice is two files with names of their own, where by its text both wrote
 * "x-1.kif" and the second, maybe with another answer, took the first's place. */
static long file_index(const records_t *r, const char *file)
{
    for (size_t i = 0; i < r->nfiles; i++)
        if (r->files[i] == file)
            return (long)i;
    return -1;
}

/* Each file of the problems its name in the directory: the base name without its
 * extension, made unique. */
static bool name_files(records_t *r, const problem_list_t *l)
{
    for (size_t i = 0; i < l->n; i++) {
        const char *file = l->items[i].file;
        if (!file || file_index(r, file) >= 0)
            continue;
        const char **files = realloc(r->files, sizeof *files * (r->nfiles + 1));
        if (files)
            r->files = files;
        char(*stems)[128] = realloc(r->stems, sizeof *stems * (r->nfiles + 1));
        if (stems)
            r->stems = stems;
        if (!files || !stems)
            return false;
        const char *base = strrchr(file, '/');
        base = base ? base + 1 : file;
        const char *dot = strrchr(base, '.');
        int len = (int)(dot && dot > base ? dot - base : (long)strlen(base));
        char *stem = r->stems[r->nfiles];
        snprintf(stem, sizeof r->stems[0], "%.*s", len, base);
        for (int k = 2;; k++) {
            bool taken = !strcmp(stem, "problem");
            for (size_t j = 0; j < r->nfiles && !taken; j++)
                taken = !strcmp(r->stems[j], stem);
            if (!taken)
                break;
            /* The suffix is kept whole and the name cut to make room: cut after it, a
             * name of 127 bytes or more lost its suffix and the loop never ended. */
            char suffix[16];
            int room = (int)sizeof r->stems[0] - 1 - snprintf(suffix, sizeof suffix, "_%d", k);
            snprintf(stem, sizeof r->stems[0], "%.*s%s", len < room ? len : room, base, suffix);
        }
        r->files[r->nfiles++] = file;
    }
    return true;
}

bool records_open(records_t *r, const char *path, const problem_list_t *l, const char *cmd)
{
    *r = (records_t){.path = path, .cmd = cmd};
    if (!path)
        return true;
    struct stat st;
    int found = stat(path, &st) == 0 ? 0 : errno;
    if (!found && S_ISDIR(st.st_mode)) {
        r->dir = true;
        if (!name_files(r, l)) {
            cli_error("%s: out of memory", cmd);
            records_close(r);
            return false;
        }
        return true;
    }
    size_t len = strlen(path);
    if (len && path[len - 1] == '/') { /* a directory was meant */
        cli_error("%s: --kif DIR: cannot use '%s': %s", cmd, path, found ? strerror(found) : "not a directory");
        return false;
    }
    if (l->n > 1) {
        cli_error("%s: --kif FILE writes one problem's record, and %zu problems were given (--kif DIR writes one "
                  "a problem)",
                  cmd, l->n);
        return false;
    }
    r->created = found == ENOENT;
    /* "a", not "w": the file is emptied only when its record is written (records_write),
     * so that a problem that gets none (a bad diagram, an unreadable -f) leaves a file
     * that was there as it was; it once left it empty, the input file itself with
     * 'solve --kif p.kif p.kif'. */
    if (!(r->one = fopen(path, "a"))) {
        cli_error("%s: cannot write '%s': %s", cmd, path, strerror(errno));
        return false;
    }
    return true;
}

void records_write(records_t *r, const problem_t *pb, bool (*write)(FILE *f, void *ctx), void *ctx, char *err,
                   size_t errlen)
{
    err[0] = 0;
    if (!r->path)
        return;
    char path[4096];
    FILE *f = r->one;
    errno = 0; /* before the fopen, whose reason ("Is a directory") was lost after it */
    bool whole = true;
    if (r->dir) {
        long k = pb->file ? file_index(r, pb->file) : -1;
        int n = snprintf(path, sizeof path, "%s/%s-%ld.kif", r->path, k >= 0 ? r->stems[k] : "problem", pb->line);
        /* a path cut short would name another file, maybe another problem's */
        whole = n >= 0 && (size_t)n < sizeof path;
        f = whole ? fopen(path, "w") : NULL;
        if (!whole)
            errno = ENAMETOOLONG;
    } else {
        snprintf(path, sizeof path, "%s", r->path);
        struct stat st; /* emptied now (opened to append): a device such as /dev/full is not */
        if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && ftruncate(fileno(f), 0) != 0)
            f = NULL;
    }
    bool ok = f && write(f, ctx) && fflush(f) == 0 && !ferror(f);
    if (!r->dir)
        r->written = true; /* the one problem's: no other thread writes it */
    if (r->dir && f && fclose(f) != 0)
        ok = false;
    if (!ok) {
        snprintf(err, errlen, "cannot write '%s'%s%s", path, errno ? ": " : "", errno ? strerror(errno) : "");
        cli_error("%s: %s", r->cmd, err);
        r->failed = true;
    }
}

bool records_close(records_t *r)
{
    if (r->one && fclose(r->one) != 0) {
        cli_error("%s: writing '%s' failed: %s", r->cmd, r->path, strerror(errno));
        r->failed = true;
    }
    if (r->one && r->created && !r->written)
        remove(r->path);
    r->one = NULL;
    free(r->files);
    free(r->stems);
    r->files = NULL, r->stems = NULL, r->nfiles = 0;
    return !r->failed;
}
