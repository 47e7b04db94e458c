/*
 * sizing_internal.h - what the files of the sizing model share and no one
 * else uses: sizing.c (precisions, capacities, models), sizing_factors.c,
 * sizing_inference.c, sizing_ep.c and sizing_training.c.  The API is
 * include/sizing.h.
 */
#ifndef GPUFIT_SIZING_INTERNAL_H
#define GPUFIT_SIZING_INTERNAL_H

#include "sizing.h"

#define GIB 1073741824.0

/* Write a message into err (SIZING_ERRLEN bytes) unless err is NULL. */
__attribute__((format(printf, 2, 3)))
void sizing_seterr(char *err, const char *fmt, ...);

/* Embedding (and untied lm_head) parameters. */
double sizing_embedding_params(const struct sizing_model *m);

/* Expected share of E experts that b tokens routing to k each touch. */
double sizing_experts_touched(int E, int k, double b);

/* Largest power of two <= n that divides gpus. */
int sizing_pow2_divisor(int n, int gpus);

/* The factor on a MIG slice's compute (1 for anything but a slice). */
double sizing_mig_compute_scale(const struct sizing_capacity *cap,
				const struct sizing_factors *f);

/* Bytes per second one device moves each way over PCIe (× pcie_efficiency,
 * else network_efficiency) and over NVLink (its per-direction rate ×
 * nvlink_efficiency); 0 when the device has no such link or no factor. */
double sizing_pcie_rate(const struct sizing_capacity *cap, const struct sizing_factors *f);
double sizing_nvlink_rate(const struct sizing_capacity *cap, const struct sizing_factors *f);

/* Seconds of the tensor-parallel all-reduces of one stage of pp for tokens
 * tokens: over PCIe when the tp GPUs have no common NVLink domain, and over
 * NVLink when they have; each is 0 where the other applies. */
double sizing_pcie_allreduce_s(const struct sizing_model *m, double tokens, int tp, int pp,
			       const struct sizing_capacity *cap, const struct sizing_factors *f);
double sizing_nvlink_allreduce_s(const struct sizing_model *m, double tokens, int tp, int pp,
				 const struct sizing_capacity *cap,
				 const struct sizing_factors *f);

#endif
