/*
 * analyze_json.h - the `analyze` result as the -f json document
 * (docs/schema/analyze.schema.json): the pricing, the telemetry window, one
 * object per GPU or MIG instance (streamed: made one at a time), the fleet
 * totals (null where a part is unknown), the proposals and the assumptions.
 * -f html prints the same document as a page (analyze_html.h).
 */
#ifndef GPUFIT_ANALYZE_JSON_H
#define GPUFIT_ANALYZE_JSON_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "analysis.h"
#include "output.h"

/* Writes the document to out, as JSON, or as the HTML page when format is
 * FMT_HTML; it takes assumptions (a JSON array of strings) and frees it. */
void analyze_json_print(FILE *out, enum out_format format, const struct analysis_row *rows,
			size_t nrows, const struct analysis_totals *t,
			const struct telemetry_store *st, double hours, const char *region,
			enum pricing_kind kind, cJSON *assumptions);

#endif
