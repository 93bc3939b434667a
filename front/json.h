/*
 * json.h: a minimal writer for JSON lines: one flat object per line, with string,
 * integer, boolean, string-array and integer-array members, and arrays of flat objects.
 *
 * Invariants: every string is written as valid JSON whatever bytes it holds (quotes,
 * backslashes and control characters escaped; bytes that are not valid UTF-8 become
 * U+FFFD), so a reader never chokes on an echoed bad input line.  Members are written in
 * the order they are added; json_end closes the object and ends the line.
 */
#ifndef TSUME_JSON_H
#define TSUME_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../movegen/types.h"

typedef struct {
    FILE *out;
    bool first;    /* no member written yet */
    bool first_item; /* no item of the open array written yet */
} json_obj_t;

/* Writes s as a quoted JSON string. */
void json_write_string(FILE *out, const char *s);

void json_begin(json_obj_t *j, FILE *out);
void json_str(json_obj_t *j, const char *key, const char *val);
void json_int(json_obj_t *j, const char *key, long long val);
void json_uint(json_obj_t *j, const char *key, uint64_t val);
void json_bool(json_obj_t *j, const char *key, bool val);
void json_array_begin(json_obj_t *j, const char *key);
void json_array_str(json_obj_t *j, const char *item);
void json_array_uint(json_obj_t *j, uint64_t item);
void json_array_end(json_obj_t *j);

/* An array of n moves in USI notation (key: ["7g7f", ...]). */
void json_moves(json_obj_t *j, const char *key, const move_t *moves, int n);
void json_end(json_obj_t *j);

/* An object as the next item of j's open array: its members go to *item, and
 * json_item_end closes it (no newline). */
void json_array_obj(json_obj_t *j, json_obj_t *item);
void json_item_end(json_obj_t *item);

#endif
