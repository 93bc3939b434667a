/*
 * errmsg.h: the one-line error messages of the text readers (SFEN, USI, KIF, CSA).
 */
#ifndef TSUME_ERRMSG_H
#define TSUME_ERRMSG_H

#include <stdbool.h>
#include <stddef.h>

/* Formats the message into err (when err is not NULL) and returns false, so a reader can
 * write `return errmsg(err, errlen, "...", ...);`. */
bool errmsg(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
