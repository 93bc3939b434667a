/*
 * fuzz_text.h: a fuzzer's input as text: its first max bytes (or all of it), copied and
 * NUL-terminated, for the targets that read text (fuzz_kif_csa, fuzz_problems).
 */
#ifndef TSUME_FUZZ_TEXT_H
#define TSUME_FUZZ_TEXT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Malloc'd (NULL when out of memory); its length in *len. */
static inline char *fuzz_text(const uint8_t *data, size_t size, size_t max, size_t *len)
{
    *len = size > max ? max : size;
    char *text = malloc(*len + 1);
    if (text) {
        memcpy(text, data, *len);
        text[*len] = 0;
    }
    return text;
}

#endif
