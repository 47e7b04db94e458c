/*
 * analyze_text.h - the `analyze` result in -f table, markdown and csv: a
 * row per GPU or MIG instance (csv: raw numbers, the unit in the header,
 * docs/output.md), then, in table and Markdown, the fleet totals (an
 * unknown total names the GPUs it lacks), the free MIG slices, the
 * proposals and the reasons behind each finding.
 */
#ifndef GPUFIT_ANALYZE_TEXT_H
#define GPUFIT_ANALYZE_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis.h"
#include "output.h"

/* Writes rows[0..nrows-1] and t to out in format (FMT_TABLE, FMT_MARKDOWN
 * or FMT_CSV); color: terminal styles (table only). */
void analyze_text_print(FILE *out, enum out_format format, int color,
			const struct analysis_row *rows, size_t nrows,
			const struct analysis_totals *t);

#endif
