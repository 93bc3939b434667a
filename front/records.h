/*
 * records.h: the KIF records that `tsume solve` and `tsume verify` write with --kif PATH:
 * one file for one problem, or, when PATH is an existing directory, one record a problem
 * in it, named after the problem's file and line ("zuko-12.kif"; "problem-1.kif" for a
 * position given as words; a second file of the same name without its extension, such
 * as m3.csa after m3.kif, or the same file given twice, gets "m3_2-1.kif").  Records
 * are written from the batch's worker threads, each to its own file; a record that
 * cannot be written (a path longer than 4095 bytes among the reasons, never cut to
 * another name) is one error line and makes the command's exit status 2 (130 when
 * interrupted).  A file that was there is emptied only when its record is written over
 * it.
 */
#ifndef TSUME_RECORDS_H
#define TSUME_RECORDS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "problems.h"

typedef struct {
    const char *path; /* --kif's value; NULL: no records */
    const char *cmd;  /* "solve", "verify": named in messages */
    bool dir;         /* path is a directory */
    FILE *one;        /* the file of the one problem */
    bool created;     /* one did not exist before: removed if no record goes in it */
    bool written;     /* a record went to one */
    atomic_bool failed;
    size_t nfiles;    /* the problems' files and their names in dir, for a directory */
    const char **files;
    char (*stems)[128];
} records_t;

/* Ready to write the records of the problems of l to path (NULL: none asked for).
 * False, after a message, when a file is given for several problems or cannot be opened. */
bool records_open(records_t *r, const char *path, const problem_list_t *l, const char *cmd);

/* The longest reason records_write leaves: "cannot write '" + a path of up to 4095 bytes +
 * "': " + strerror's text. */
enum { RECORDS_ERR_MAX = 4096 + 128 };

/* Problem pb's record, written by write(f, ctx) (false when it failed).  A record that
 * cannot be written is said on stderr and its reason ("cannot write 'PATH': ...") left in
 * err for the problem's report (err[0] = 0 otherwise, and when no records are asked for). */
void records_write(records_t *r, const problem_t *pb, bool (*write)(FILE *f, void *ctx), void *ctx, char *err,
                   size_t errlen);

/* Closes the one file (removed if it was created and got no record: a problem that
 * could not be read or solved has none) and frees r; false when any record could not be
 * written. */
bool records_close(records_t *r);

#endif
