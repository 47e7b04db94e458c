/*
 * diff_text.h - the `diff` result in -f table, markdown and csv: a row per
 * workload (base and head size, monthly cost, the delta) and the fleet
 * totals; Markdown is a pull-request comment (the changed rows, then the
 * details of each change and the unchanged workloads), csv raw numbers with
 * the currency in the header (docs/output.md).  An unknown cost or delta is
 * "unknown" (an empty cell in csv), never 0.
 */
#ifndef GPUFIT_DIFF_TEXT_H
#define GPUFIT_DIFF_TEXT_H

#include <stdio.h>

#include "costdiff.h"
#include "output.h"

/* Writes d, its money in currency, to out in format (FMT_MARKDOWN, FMT_CSV,
 * else the table); color: terminal styles (table only). */
void diff_text_print(FILE *out, enum out_format format, int color, const struct costdiff *d,
		     const char *currency);

#endif
