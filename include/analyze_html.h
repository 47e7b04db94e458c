/*
 * analyze_html.h - the `analyze -f html` report: the fleet totals, then
 * per finding its GPUs with their monthly cost and savings and, per GPU, a
 * strip of its utilization distribution (SM active, DRAM active, tensor
 * active, duty cycle: p5, p50 and p95).  A renderer of the `-f json`
 * document: the same header and the same per-GPU objects the JSON prints.
 */
#ifndef GPUFIT_ANALYZE_HTML_H
#define GPUFIT_ANALYZE_HTML_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

/*
 * The whole page for doc (the JSON document with an empty "gpus" array) and
 * its n GPUs, made one at a time by item(i, arg) and freed here after use
 * (once per finding present, so that nothing holds every GPU's object).
 * 0 ok, -1 when item returns NULL (out of memory).
 */
int analyze_html_print(FILE *f, const cJSON *doc, size_t n, cJSON *(*item)(size_t i, void *arg),
		       void *arg);

#endif
