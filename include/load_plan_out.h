/*
 * load_plan_out.h - the load plan of a workload described by its traffic
 * (recommend.h struct recommend_load_plan) in every output format:
 * docs/recommend.md, "load_plan".  Renderers: they only print.
 */
#ifndef GPUFIT_LOAD_PLAN_OUT_H
#define GPUFIT_LOAD_PLAN_OUT_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "recommend.h"

/* The JSON object "load_plan" of lp (docs/schema/recommend.schema.json). */
cJSON *load_plan_to_json(const struct recommend_load_plan *lp);

/* "peak 4, trough 0 replicas; autoscaled $1,234.56/month, $2,000.00 sized
 * for the peak all day (saves $765.44)" into buf, money in currency. */
void load_plan_summary(const struct recommend_load_plan *lp, const char *currency, char *buf,
		       size_t len);

/* When lp caps some hours below what their rate needs (capped_hours > 0):
 * "does NOT meet its SLO in 26 of 48 hours: autoscale.max_replicas 1 caps
 * them below their rate's need (9 replicas at the peak)" into buf, 1;
 * else 0 (buf untouched). */
int load_plan_capped_text(const struct recommend_load_plan *lp, char *buf, size_t len);

/* The 24 counts of curve cv as "0 0 1 2 ..." into buf. */
void load_plan_hours_text(const struct recommend_load_plan *lp, int cv, char *buf, size_t len);

/* The load plan of a workload's JSON object (load_plan, as
 * load_plan_to_json writes it) in HTML: its figures in a paragraph and the
 * 24-hour replica curve as inline SVG (no script, no external resource),
 * one step line per curve.  Nothing when lp is not an object. */
void load_plan_html(FILE *f, const cJSON *lp, const char *currency);

#endif
