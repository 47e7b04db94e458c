/*
 * recommend_html.h - the `recommend -f html` report, shared by `recommend`
 * and `check`.  A renderer of the `-f json` document: it reads the same
 * header object and the same workload objects the JSON prints, so every
 * figure on the page is one of the JSON's.
 */
#ifndef GPUFIT_RECOMMEND_HTML_H
#define GPUFIT_RECOMMEND_HTML_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

/*
 * The report's sections (summary, warnings, one section per workload with
 * its bar chart, rejected options and findings, the MIG plan, the
 * assumptions) for head (recommend_header_to_json()) and its n workloads,
 * made one at a time by item(i, arg) and freed here after use.  No page
 * frame: the caller wraps it in html_begin() / html_end().  0 ok, -1 when
 * item returns NULL (out of memory).
 */
int recommend_html_body(FILE *f, const cJSON *head, size_t n,
			cJSON *(*item)(size_t i, void *arg), void *arg);

/* The whole page of a result, one workload object at a time (as the JSON
 * streams them): 0 ok, -1 out of memory. */
struct recommend_result;
struct recommend_meta;
int recommend_html_result(FILE *f, const struct recommend_result *r,
			  const struct recommend_meta *meta);

#endif
