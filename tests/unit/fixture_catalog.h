/*
 * fixture_catalog.h - a catalog snapshot (catalog_snapshot.h) built by hand
 * in memory, for unit tests of the stages whose answers are worked out by
 * hand: a few GPUs, VM sizes, MIG profiles, prices and efficiency rows that
 * a test chooses, never the bundled catalog nor a catalog file.
 *
 *	struct catalog_snapshot s;
 *	fixture_init(&s);                                  efficiency rows, engines
 *	fixture_gpu(&s, "T16-PCIe-16GB", 16, 65, 300, 40, 0);
 *	fixture_vm(&s, "Standard_T16", "T16-PCIe-16GB", 1, 8, 0);
 *	fixture_price(&s, "Standard_T16", "eastus", PRICING_PAYG, 1.00);
 *	fixture_finish(&s);                                the sort orders the lookups need
 *	...
 *	catalog_snapshot_release(&s);
 *
 * Every array is malloc'd, so catalog_snapshot_release() frees it.  The
 * efficiency rows are all "*" rows with values chosen for round arithmetic
 * (the memory ones: 0.9 of memory usable, 1 GiB runtime overhead, 2 bytes
 * of activations per token and hidden unit over a 2,048-token prefill
 * chunk, MIG slices at their SM share); the others are the bundled
 * catalog's "*" values (catalog/efficiency.csv), which no test here reads
 * by hand.  Included by one test file each; every function is static
 * inline.
 */
#ifndef GPUFIT_TEST_FIXTURE_CATALOG_H
#define GPUFIT_TEST_FIXTURE_CATALOG_H

#include <stdlib.h>
#include <string.h>

#include "catalog_snapshot.h"
#include "facts.h"

/* arr (of n elements) grown by one zeroed element; the new one is
 * FIXTURE_PUSH's value */
static inline void *fixture_realloc(void *arr, size_t n, size_t sz)
{
	char *p = realloc(arr, n * sz);

	assert_non_null(p);
	memset(p + (n - 1) * sz, 0, sz);
	return p;
}
#define FIXTURE_PUSH(arr, n) \
	((arr) = fixture_realloc((arr), (n) + 1, sizeof(*(arr))), &(arr)[(n)++])

static inline void fixture_copy(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);

	assert_true(n < cap);
	memcpy(dst, src, n + 1);
}

/* The efficiency rows every sizing needs (sizing_factors_resolve fails
 * without one of them), all for GPU class "*". */
static inline void fixture_efficiency(struct catalog_snapshot *s)
{
	static const struct {
		const char *name;
		double value;
	} rows[] = {
		/* chosen: the memory and MIG arithmetic of the tests */
		{ "memory_utilization", 0.9 },
		{ "runtime_overhead_gib", 1.0 },
		{ "activation_bytes_per_token_hidden", 2 },
		{ "prefill_chunk_tokens", 2048 },
		{ "mig_efficiency", 1.0 },
		{ "max_batch_sequences", 256 },
		/* the bundled catalog's "*" rows (catalog/efficiency.csv) */
		{ "decode_bw_efficiency", 0.80 },
		{ "decode_kv_bw_efficiency", 0.70 },
		{ "decode_mfu", 0.55 },
		{ "prefill_mfu", 0.55 },
		{ "decode_step_overhead_ms", 1.5 },
		{ "weight_only_int8_efficiency", 0.84 },
		{ "weight_only_int4_efficiency", 0.61 },
		{ "tp_efficiency", 0.9 },
		{ "pp_efficiency", 0.90 },
		{ "train_mfu", 0.40 },
		{ "train_fp8_speedup", 1.35 },
		{ "train_finetune_mfu_scale", 0.75 },
		{ "qlora_dequant_overhead", 0.30 },
		{ "train_activation_overhead", 1.10 },
		{ "train_global_batch_tokens", 4194304 },
		{ "network_efficiency", 0.65 },
		{ "comm_overlap", 0.60 },
		{ "ib_required_ratio", 0.20 },
		{ "ethernet_gbps_per_node", 80 },
		{ "pcie_allreduce_latency_us", 40 },
		{ "pcie_efficiency", 0.50 },
		{ "train_mfu_fsdp", 0.40 },
		{ "train_mfu_megatron", 0.40 },
		{ "train_mfu_deepspeed", 0.30 },
		{ "nvlink_allreduce_latency_us", 10 },
		{ "nvlink_efficiency", 0.82 },
		{ "moe_expert_mfu_scale", 0.82 },
		{ "moe_layer_us", 40 },
		{ "moe_pair_ns", 17 },
		{ "roofline_blend", 0.125 },
		{ "mla_attention_mfu", 0.67 },
		{ "ep_expert_load_cv", 2.14 },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct efficiency *e = FIXTURE_PUSH(s->eff, s->neff);

		fixture_copy(e->name, sizeof(e->name), rows[i].name);
		fixture_copy(e->gpu_class, sizeof(e->gpu_class), "*");
		e->value = rows[i].value;
	}
}

/* An empty snapshot with the efficiency rows and one engine row: vLLM runs
 * on NVIDIA GPUs, with no compute-capability limit. */
static inline void fixture_init(struct catalog_snapshot *s)
{
	struct engine_support *es;

	memset(s, 0, sizeof(*s));
	fixture_efficiency(s);
	es = FIXTURE_PUSH(s->engines, s->nengines);
	fixture_copy(es->engine, sizeof(es->engine), "vllm");
	fixture_copy(es->vendor, sizeof(es->vendor), "NVIDIA");
	es->supported = 1;
	es->min_cc = -1;
}

/* An NVIDIA GPU of memory_gib GiB, fp16 (and bf16) dense TFLOPS, GB/s of
 * memory bandwidth and SMs; mig_max 0: no MIG.  Its family (what recommend
 * names GPU families by) is its name up to the first '-'. */
static inline struct gpu_spec *fixture_gpu(struct catalog_snapshot *s, const char *name,
					   double memory_gib, double fp16_tflops,
					   double bandwidth_gbps, int sm_count, int mig_max)
{
	struct gpu_spec *g = FIXTURE_PUSH(s->gpus, s->ngpus);

	fixture_copy(g->name, sizeof(g->name), name);
	fixture_copy(g->vendor, sizeof(g->vendor), "NVIDIA");
	fixture_copy(g->architecture, sizeof(g->architecture), "Hopper");
	fixture_copy(g->target, sizeof(g->target), "9.0");
	fixture_copy(g->form_factor, sizeof(g->form_factor), "PCIe");
	fixture_copy(g->precisions, sizeof(g->precisions), "fp32 fp16 bf16 fp8 int8w int4w");
	g->memory_gib = memory_gib;
	g->bandwidth_gbps = bandwidth_gbps;
	g->fp32_tflops = fp16_tflops / 4;
	g->fp16_tflops = fp16_tflops;
	g->bf16_tflops = fp16_tflops;
	g->fp8_tflops = fp16_tflops * 2;
	g->int8_tops = fp16_tflops * 2;
	g->tdp_w = 300;
	g->pcie_gen = 4;
	g->mig_max = mig_max;
	g->sm_count = sm_count;
	return g;
}

/* A VM size of gpu_count GPUs of gpu (a fixture_gpu name), its spec known,
 * not retired; mig_capable 1: its GPUs may be split into MIG slices. */
static inline struct vm_size *fixture_vm(struct catalog_snapshot *s, const char *sku,
					 const char *gpu, double gpu_count, int vcpus,
					 int mig_capable)
{
	struct vm_size *v = FIXTURE_PUSH(s->vms, s->nvms);
	const struct gpu_spec *g = NULL;

	for (size_t i = 0; i < s->ngpus; i++)
		if (strcmp(s->gpus[i].name, gpu) == 0)
			g = &s->gpus[i];
	assert_non_null(g);
	fixture_copy(v->sku, sizeof(v->sku), sku);
	fixture_copy(v->series, sizeof(v->series), "Test");
	fixture_copy(v->gpu_model, sizeof(v->gpu_model), gpu);
	v->gpu_count = gpu_count;
	v->gpu_memory_gib = g->memory_gib;
	v->vcpus = vcpus;
	v->ram_gib = vcpus * 8.0;
	v->local_nvme_gib = 256;
	v->mig_capable = mig_capable;
	v->spec_known = 1;
	return v;
}

/* A MIG profile of gpu: compute slices of 7, memory slices of 8, usable
 * GiB, SMs, instances per GPU, the memory slots it may start at (bit i:
 * slot i) and its AKS --gpu-instance-profile. */
static inline void fixture_mig(struct catalog_snapshot *s, const char *gpu, const char *name,
			       int compute_slices, int memory_slices, double memory_gib, int sms,
			       int max_count, unsigned start_mask, const char *aks)
{
	struct mig_profile *m = FIXTURE_PUSH(s->migs, s->nmigs);

	fixture_copy(m->gpu_model, sizeof(m->gpu_model), gpu);
	fixture_copy(m->name, sizeof(m->name), name);
	fixture_copy(m->aks_profile, sizeof(m->aks_profile), aks);
	m->compute_slices = compute_slices;
	m->memory_slices = memory_slices;
	m->memory_gib = memory_gib;
	m->sms = sms;
	m->max_count = max_count;
	m->start_mask = start_mask;
}

/* The Linux hourly price in USD of sku in region under term kind. */
static inline void fixture_price(struct catalog_snapshot *s, const char *sku, const char *region,
				 enum pricing_kind kind, double hourly)
{
	struct price *p = FIXTURE_PUSH(s->prices, s->nprices);

	fixture_copy(p->sku, sizeof(p->sku), sku);
	fixture_copy(p->region, sizeof(p->region), region);
	fixture_copy(p->os, sizeof(p->os), "linux");
	fixture_copy(p->currency, sizeof(p->currency), "USD");
	fixture_copy(p->observed_date, sizeof(p->observed_date), "2026-11-01");
	p->pricing = kind;
	p->hourly = hourly;
}

static inline int fixture_vm_cmp(const void *a, const void *b)
{
	return strcmp(((const struct vm_size *)a)->sku, ((const struct vm_size *)b)->sku);
}

static inline int fixture_price_cmp(const void *a, const void *b)
{
	const struct price *x = a, *y = b;
	int c = strcmp(x->sku, y->sku);

	if (c == 0)
		c = strcmp(x->region, y->region);
	return c ? c : (int)x->pricing - (int)y->pricing;
}

/* The orders catalog_snapshot.h promises: sizes by sku, prices by sku and
 * region. */
static inline void fixture_finish(struct catalog_snapshot *s)
{
	if (s->nvms)
		qsort(s->vms, s->nvms, sizeof(*s->vms), fixture_vm_cmp);
	if (s->nprices)
		qsort(s->prices, s->nprices, sizeof(*s->prices), fixture_price_cmp);
}

#endif
