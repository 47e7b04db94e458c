/*
 * diff_json.h - the `diff -f json` document (docs/schema/diff.schema.json):
 * the two files and their totals, the delta, the counts by status and a
 * row per workload with its changes, both sides and its delta.
 */
#ifndef GPUFIT_DIFF_JSON_H
#define GPUFIT_DIFF_JSON_H

#include <stdio.h>

#include "costdiff.h"

/* A row's delta is known when no side it has lacks a cost (an infeasible
 * workload's cost is unknown, never 0); every format asks this. */
int diff_row_known(const struct costdiff_row *r);

/* Writes the document of d (money in cur; bfile, hfile: the files compared)
 * to out; 0, or -1 on allocation failure. */
int diff_json_print(FILE *out, const struct costdiff *d, const char *cur, const char *bfile,
		    const char *hfile);

#endif
