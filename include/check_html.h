/*
 * check_html.h - the `check -f html` report: the gate result first (passed
 * or failed, each gate with its limit, actual value and why), then the
 * recommend report of the same run (recommend_html.h).  A renderer of the
 * two JSON documents: check's own and the recommendation's.
 */
#ifndef GPUFIT_CHECK_HTML_H
#define GPUFIT_CHECK_HTML_H

#include <stdio.h>

#include <cjson/cJSON.h>

/* The whole page; 0 ok, -1 out of memory. */
int check_html_print(FILE *f, const cJSON *check, const cJSON *recommend);

#endif
