/*
 * recommend_json.h - the `recommend -f json` document of a recommendation
 * (docs/schema/recommend.schema.json), shared by `recommend` and `check`: a
 * renderer, it only prints
 * what struct recommend_result says.
 */
#ifndef GPUFIT_RECOMMEND_JSON_H
#define GPUFIT_RECOMMEND_JSON_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "recommend.h"

/* The whole `recommend -f json` document; the caller frees it with
 * cJSON_Delete.  NULL only when memory runs out. */
cJSON *recommend_to_json(const struct recommend_result *r, const struct recommend_meta *meta);

/* The document without its "workloads" items (an empty array), and one
 * workload object: for printing a large result one workload at a time. */
cJSON *recommend_header_to_json(const struct recommend_result *r,
				const struct recommend_meta *meta);
cJSON *recommend_workload_to_json(const struct recommend_result *r, size_t i);

/* Prints recommend_to_json() to f as json_print() would, one workload's tree
 * at a time (each from an arena), so that a large fleet's document is never
 * held whole: 0 ok, -1 when memory runs out. */
int recommend_json_print(FILE *f, const struct recommend_result *r,
			 const struct recommend_meta *meta);

#endif
