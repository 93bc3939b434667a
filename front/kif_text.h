/*
 * kif_text.h: a KIF file's text decoded to UTF-8 and cut into lines, for the reader
 * (kif.c).
 */
#ifndef TSUME_KIF_TEXT_H
#define TSUME_KIF_TEXT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *buf;   /* the decoded text, its line ends overwritten with NULs */
    char **line; /* n lines into buf */
    int n;
} kif_lines_t;

/* A private UTF-8 copy of text (UTF-8 with or without a BOM, or Shift_JIS) cut into lines
 * (CR, LF or CRLF).  false: out of memory or an unknown encoding (err filled, nothing to
 * free). */
bool kif_lines_split(const char *text, kif_lines_t *L, char *err, size_t errlen);
void kif_lines_free(kif_lines_t *L);

#endif
