/*
 * json_out.h - printing JSON documents (cJSON boundary helpers).
 *
 * Commands build documents with cJSON; these helpers print them with stable
 * number formatting.  Reading JSON is json_read.h.
 */
#ifndef GPUFIT_JSON_OUT_H
#define GPUFIT_JSON_OUT_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "json_read.h"

struct strbuf;

/*
 * Prints doc followed by a newline: one member or array element a line,
 * indented with two spaces, "key": value, {} and [] when empty (as jq prints
 * it); numbers as cJSON prints them.  The one JSON printer of the program.
 * 0 ok, -1 on allocation failure.
 */
int json_print(FILE *f, const cJSON *doc);

/*
 * Prints doc as json_print does, with the empty array doc[key] (a top-level
 * key) holding n items made one at a time by item(i, arg), each printed and
 * freed before the next is made: the same bytes as adding every item to the
 * array first, without holding them all.  0 ok, -1 on allocation failure or
 * when doc has no empty array under key.
 */
int json_print_streamed(FILE *f, const cJSON *doc, const char *key, size_t n,
			cJSON *(*item)(size_t i, void *arg), void *arg);

/*
 * A bump arena behind cJSON's allocator, for commands that build, print and
 * drop one document after another (a workload at a time on large fleets):
 * between json_arena_begin() and json_arena_end() every cJSON allocation
 * comes from the arena and cJSON_Delete frees nothing; json_arena_reset()
 * takes all of it back at once.  Callers still cJSON_Delete what they made,
 * before the reset.  A document made inside the window must not live past
 * the next reset, and one made outside must not be deleted inside it.
 * Nesting is not supported.  Built with a sanitizer, the arena is malloc and
 * free (so that leaks and stale pointers stay visible).
 */
void json_arena_begin(void);
void json_arena_reset(void);
void json_arena_end(void);

/* Adds a number rounded to cents (money). */
cJSON *json_add_money(cJSON *obj, const char *key, double v);

/* Adds a number rounded to the given decimals. */
cJSON *json_add_rounded(cJSON *obj, const char *key, double v, int decimals);

/* Adds "parallelism": {tensor, pipeline, expert, attention_data_parallel},
 * each at least 1 (1 when not used): how one model instance is laid out. */
cJSON *json_add_parallelism(cJSON *obj, int tp, int pp, int ep, int attention_dp);

/* Adds a string, or JSON null when s is NULL or empty. */
cJSON *json_add_str_or_null(cJSON *obj, const char *key, const char *s);

#endif
