/*
 * estimate_text.h - the `estimate` report in -f table, markdown and csv: a
 * name/value table (memory, fit, parallelism, bound, throughput, latency and
 * the efficiency factors used, as assumptions); csv prints it as one record
 * whose header is each row's csv name, raw numbers with the unit in the name
 * (docs/output.md).
 */
#ifndef GPUFIT_ESTIMATE_TEXT_H
#define GPUFIT_ESTIMATE_TEXT_H

#include <stdio.h>

#include "estimate_report.h"
#include "output.h"

/* Writes an inference estimate (r, for e) to out in format (FMT_MARKDOWN,
 * FMT_CSV, else the table); color: terminal styles. */
void estimate_text_inference(FILE *out, enum out_format format, int color,
			     const struct estimate_report *e, const struct sizing_inference_result *r);

/* The same for a training estimate. */
void estimate_text_training(FILE *out, enum out_format format, int color,
			    const struct estimate_report *e, const struct sizing_training_result *r);

#endif
