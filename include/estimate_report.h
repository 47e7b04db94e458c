/*
 * estimate_report.h - what `gpufit estimate` reports, for its writers
 * (estimate_text.h, estimate_json.h): the resolved inputs of one estimate
 * (model, GPU, capacity, efficiency factors, precisions, engine, training
 * set-up), and the pieces both writers share.
 */
#ifndef GPUFIT_ESTIMATE_REPORT_H
#define GPUFIT_ESTIMATE_REPORT_H

#include <stddef.h>

#include "facts.h"
#include "sizing.h"

/* One estimate's inputs as resolved (borrowed; the caller owns them). */
struct estimate_report {
	const struct sizing_model *model;
	const struct gpu_spec *gpu;
	const struct sizing_capacity *cap;
	const struct sizing_factors *factors;
	const char *sku;                      /* as the catalog spells it; "" without --sku */
	enum sizing_precision precision, kv_precision;
	int native;                           /* --precision native */
	enum sizing_engine engine;
	int training;                         /* --mode training */
	const struct sizing_training *train;  /* its method, ZeRO stage and framework */
};

/*
 * Whether factor `name` played a part in this estimate: training factors are
 * listed for training only, serving factors for inference only, the MIG
 * factor for MIG slices only; under an engine's own memory rule (mem_rule)
 * the generic memory factors play no part, and for an engine with its own
 * quantized kernels (wo_native) the generic weight-only efficiencies play
 * none.
 */
int estimate_factor_applies(const char *name, int training, int mig, int mem_rule,
			    int wo_native);

/* A requested concurrency that memory holds but the engine's cap on
 * sequences in flight does not: no step runs, so no bound is printed. */
int estimate_engine_capped(const struct sizing_inference_result *r);

/* The share of one GPU a partition size (NV6ads_A10_v5: 1/6) has; 0 for
 * whole GPUs and slices. */
double estimate_partition_share(const struct estimate_report *e);

/* The serving engine's own factors into names[] and values[] (room for 24),
 * with the static share of memory its own rule gave (mfs, 0 when it has
 * none); returns how many. */
size_t estimate_engine_factors(const struct sizing_factors *f, enum sizing_engine e, double mfs,
			       const char **names, double *values);

/* Whether the routed experts are sized in a precision of their own. */
int estimate_experts_differ(const struct sizing_model *m, enum sizing_precision w);

/* One line naming the architecture ("MoE 128 experts, 4 per token; window
 * 128 on 18 of 36 layers") into buf; "" for a dense model. */
void estimate_architecture_text(const struct sizing_model *m, char *buf, size_t len);

#endif
