/*
 * estimate_json.h - the `estimate -f json` document
 * (docs/schema/estimate.schema.json): the inputs, the memory, the fit,
 * parallelism, bound, throughput and latency (null where the configuration
 * does not run) and the efficiency factors used.
 */
#ifndef GPUFIT_ESTIMATE_JSON_H
#define GPUFIT_ESTIMATE_JSON_H

#include <stdio.h>

#include "estimate_report.h"

/* Prints the document of an inference estimate (r, for e) to out: 0 ok,
 * -1 when memory runs out. */
int estimate_json_inference(FILE *out, const struct estimate_report *e,
			    const struct sizing_inference_result *r);

/* The same for a training estimate. */
int estimate_json_training(FILE *out, const struct estimate_report *e,
			   const struct sizing_training_result *r);

#endif
