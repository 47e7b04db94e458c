/*
 * sizing_factors.c - the efficiency factors of the sizing model: their
 * table, the serving engines and training frameworks by name, SGLang's
 * memory rule, and the resolution of a GPU's factors from the catalog's
 * efficiency rows (the most specific class winning).
 */
#include "sizing.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sizing_internal.h"
#include "util.h"

/* ---- factors ----------------------------------------------------------- */

#define FACTOR(name) { #name, offsetof(struct sizing_factors, name) }

static const struct {
	const char *name;
	size_t off;
} factor_table[] = {
	FACTOR(decode_bw_efficiency),
	FACTOR(decode_kv_bw_efficiency),
	FACTOR(decode_mfu),
	FACTOR(prefill_mfu),
	FACTOR(decode_step_overhead_ms),
	FACTOR(weight_only_int8_efficiency),
	FACTOR(weight_only_int4_efficiency),
	FACTOR(tp_efficiency),
	FACTOR(pp_efficiency),
	FACTOR(max_batch_sequences),
	FACTOR(memory_utilization),
	FACTOR(runtime_overhead_gib),
	FACTOR(activation_bytes_per_token_hidden),
	FACTOR(prefill_chunk_tokens),
	FACTOR(mig_efficiency),
	FACTOR(train_mfu),
	FACTOR(train_fp8_speedup),
	FACTOR(train_finetune_mfu_scale),
	FACTOR(qlora_dequant_overhead),
	FACTOR(train_activation_overhead),
	FACTOR(train_global_batch_tokens),
	FACTOR(network_efficiency),
	FACTOR(comm_overlap),
	FACTOR(ib_required_ratio),
	FACTOR(ethernet_gbps_per_node),
	FACTOR(pcie_allreduce_latency_us),
	FACTOR(pcie_efficiency),
	FACTOR(nvlink_allreduce_latency_us),
	FACTOR(nvlink_efficiency),
	FACTOR(moe_expert_mfu_scale),
	FACTOR(moe_layer_us),
	FACTOR(moe_pair_ns),
	FACTOR(roofline_blend),
	FACTOR(train_mfu_fsdp),
	FACTOR(train_mfu_megatron),
	FACTOR(train_mfu_deepspeed),
	FACTOR(mla_attention_mfu),
	FACTOR(ep_expert_load_cv),
};

#define NFACTORS (sizeof(factor_table) / sizeof(factor_table[0]))

size_t sizing_factor_count(void)
{
	return NFACTORS;
}

const char *sizing_factor_name(size_t i)
{
	return i < NFACTORS ? factor_table[i].name : NULL;
}

double sizing_factor_value(const struct sizing_factors *f, size_t i)
{
	double v;

	if (i >= NFACTORS)
		return 0;
	memcpy(&v, (const char *)f + factor_table[i].off, sizeof(v));
	return v;
}

static const char *const engine_names[SIZING_ENGINE_COUNT] = {
	"tensorrt-llm", "vllm", "sglang", "tgi", "llama.cpp", "transformers"
};

const char *sizing_engine_name(enum sizing_engine e)
{
	if ((int)e < 0 || e >= SIZING_ENGINE_COUNT)
		return "?";
	return engine_names[e];
}

/* the options behind the engine_max_batch_sequences rows */
static const char *const engine_sequences_options[SIZING_ENGINE_COUNT] = {
	"max_batch_size", "max_num_seqs", "--max-running-requests", "max_batch_total_tokens",
	"--parallel", "the generate() batch size"
};

const char *sizing_engine_sequences_option(enum sizing_engine e)
{
	if ((int)e < 0 || e >= SIZING_ENGINE_COUNT)
		return "?";
	return engine_sequences_options[e];
}

int sizing_engine_parse(const char *s, enum sizing_engine *out)
{
	for (int i = 0; s && i < SIZING_ENGINE_COUNT; i++)
		if (strcasecmp(s, engine_names[i]) == 0) {
			*out = (enum sizing_engine)i;
			return 0;
		}
	return -1;
}

static const char *const framework_names[SIZING_FRAMEWORK_COUNT] = {
	"default", "fsdp", "megatron", "deepspeed"
};

const char *sizing_framework_name(enum sizing_framework f)
{
	if ((int)f < 0 || f >= SIZING_FRAMEWORK_COUNT)
		return "?";
	return framework_names[f];
}

int sizing_framework_parse(const char *s, enum sizing_framework *out)
{
	for (int i = 1; s && i < SIZING_FRAMEWORK_COUNT; i++)
		if (strcasecmp(s, framework_names[i]) == 0) {
			*out = (enum sizing_framework)i;
			return 0;
		}
	return -1;
}

/*
 * SGLang's own rule for mem_fraction_static when the user gives none
 * (ServerArgs._handle_gpu_memory_settings, python/sglang/srt/server_args.py,
 * the 0.5 releases; read 2026-12-01).  These are the engine's constants, not
 * efficiency factors: by the GPU's memory it picks chunked_prefill_size and
 * cuda_graph_max_bs (T4-class below 20 GiB: 2048 and 8; A10-class below
 * 35 GiB: 2048 and 24, 80 from TP4; below 60 GiB: 4096 and 32, 160 from TP4;
 * H100/A100 80 GB below 90 GiB and H200 below 160 GiB: 8192 and 256, 512
 * from TP4; larger: 16384 and 512), then keeps out of its static pool
 * 512 MiB of metadata, 1.5 MiB per chunk token (at least 2048 tokens) of
 * prefill activations, 2 MiB per CUDA-graph batch, tp·pp/8 GiB for the
 * parallel size, and 3 MiB per graph batch and DP rank with data-parallel
 * attention (4.5 above 300).  Its floor of 10 GiB on GPUs above 60 GiB
 * never binds with these chunk sizes (12 GiB of activations alone).
 */
void sizing_sglang_reserve(double mem_mib, int tp, int pp, int dp,
			   struct sizing_sglang_reserve *out)
{
	double chunk, bs, rest;

	if (mem_mib < 20 * 1024.0) {
		chunk = 2048;
		bs = 8;
	} else if (mem_mib < 35 * 1024.0) {
		chunk = 2048;
		bs = tp < 4 ? 24 : 80;
	} else if (mem_mib < 60 * 1024.0) {
		chunk = 4096;
		bs = tp < 4 ? 32 : 160;
	} else if (mem_mib < 160 * 1024.0) {
		chunk = 8192;
		bs = tp < 4 ? 256 : 512;
	} else {
		chunk = 16384;
		bs = 512;
	}
	out->chunk_tokens = chunk;
	out->graph_max_bs = bs;
	out->activations_mib = fmax(chunk, 2048) * 1.5;
	rest = 512 + bs * 2 + tp * pp / 8.0 * 1024;
	if (dp > 1)
		rest += bs * dp * (bs > 300 ? 4.5 : 3);
	out->reserved_mib = out->activations_mib + rest;
	out->mem_fraction_static = mem_mib > 0 ? (mem_mib - out->reserved_mib) / mem_mib : 0;
	/* SGLang rounds the fraction to 3 places */
	out->mem_fraction_static = round(out->mem_fraction_static * 1000.0) / 1000.0;
}

/* An engine without rows of its own: the baseline (TensorRT-LLM) factors,
 * no per-sequence step, chunked prefill, nothing offered. */
static struct sizing_engine_factors engine_baseline(const struct sizing_factors *f)
{
	struct sizing_engine_factors ef;

	memset(&ef, 0, sizeof ef);
	ef.step_overhead_ms = f->decode_step_overhead_ms;
	ef.decode_bw_scale = ef.decode_mfu_scale = ef.prefill_scale = 1;
	ef.max_batch_sequences = f->max_batch_sequences;
	ef.chunked_prefill = 1;
	return ef;
}

static int class_rank(const char *cls, const struct gpu_spec *gpu);

/* How well an engine row's class matches engine e on gpu: "ENGINE" 1,
 * "ENGINE@ARCHITECTURE" 2, "ENGINE@GPU" 3 (the gpu_models name), 0 none. */
static int engine_class_rank(const char *cls, const char *engine, const struct gpu_spec *gpu)
{
	size_t el = strlen(engine);
	int r;

	if (strcasecmp(cls, engine) == 0)
		return 1;
	if (strncasecmp(cls, engine, el) != 0 || cls[el] != '@')
		return 0;
	r = class_rank(cls + el + 1, gpu);
	return r >= 2 ? r : 0;
}

/*
 * The efficiency rows chained by a hash of their name, each chain in catalog
 * order (the order the most specific match is taken in), so that resolving a
 * GPU's factors reads a factor's own rows, not every row once per factor and
 * engine field.
 */
#define EFF_NONE ((size_t)-1)

struct eff_rows {
	const struct efficiency *list;
	size_t nb;       /* buckets, a power of two */
	size_t *head;    /* first row of each bucket, EFF_NONE when empty */
	size_t *next;    /* the next row of the same bucket */
};

static size_t eff_bucket(const char *name, size_t nb)
{
	size_t h = 5381;

	while (*name)
		h = h * 33 + (unsigned char)*name++;
	return h & (nb - 1);
}

static void eff_rows_init(struct eff_rows *x, const struct efficiency *list, size_t n)
{
	size_t *tail;

	x->list = list;
	x->nb = 16;
	while (x->nb < 2 * n)
		x->nb *= 2;
	x->head = xmalloc(x->nb * sizeof(*x->head));
	tail = xmalloc(x->nb * sizeof(*tail));
	x->next = xmalloc((n + 1) * sizeof(*x->next));
	for (size_t b = 0; b < x->nb; b++)
		x->head[b] = tail[b] = EFF_NONE;
	for (size_t i = 0; i < n; i++) {
		size_t b = eff_bucket(list[i].name, x->nb);
		x->next[i] = EFF_NONE;
		if (tail[b] == EFF_NONE)
			x->head[b] = i;
		else
			x->next[tail[b]] = i;
		tail[b] = i;
	}
	free(tail);
}

static void eff_rows_release(struct eff_rows *x)
{
	free(x->head);
	free(x->next);
}

/* The first row at or after row j (EFF_NONE: the chain's start) of name's
 * chain that is named name, or EFF_NONE. */
static size_t eff_rows_next(const struct eff_rows *x, const char *name, size_t j)
{
	j = j == EFF_NONE ? x->head[eff_bucket(name, x->nb)] : x->next[j];
	while (j != EFF_NONE && strcmp(x->list[j].name, name) != 0)
		j = x->next[j];
	return j;
}

/* The value of engine row name for engine e on gpu, the most specific
 * class winning (engine_class_rank): 1 and *v set, or 0 when none. */
static int engine_value(const struct eff_rows *x, const char *name, int e,
			const struct gpu_spec *gpu, double *v)
{
	int best = 0;

	for (size_t j = eff_rows_next(x, name, EFF_NONE); j != EFF_NONE;
	     j = eff_rows_next(x, name, j)) {
		int r = engine_class_rank(x->list[j].gpu_class, engine_names[e], gpu);

		if (r > best) {
			best = r;
			*v = x->list[j].value;
		}
	}
	return best > 0;
}

/* The engine rows: name engine_<field>, gpu_class = the engine, or the
 * engine@ a GPU class for a factor measured to differ by GPU (the most
 * specific wins, as for the other factors).  An engine is known when it has
 * its step overhead; a missing scale is 1. */
static void resolve_engines(const struct eff_rows *x, const struct gpu_spec *gpu,
			    struct sizing_factors *f)
{
	static const struct {
		const char *name;
		size_t off;
	} fields[] = {
		{ "engine_step_overhead_ms", offsetof(struct sizing_engine_factors, step_overhead_ms) },
		{ "engine_step_per_sequence_us",
		  offsetof(struct sizing_engine_factors, step_per_sequence_us) },
		{ "engine_decode_bw_scale", offsetof(struct sizing_engine_factors, decode_bw_scale) },
		{ "engine_decode_mfu_scale", offsetof(struct sizing_engine_factors, decode_mfu_scale) },
		{ "engine_prefill_scale", offsetof(struct sizing_engine_factors, prefill_scale) },
		{ "engine_max_batch_sequences",
		  offsetof(struct sizing_engine_factors, max_batch_sequences) },
		{ "engine_chunked_prefill", offsetof(struct sizing_engine_factors, chunked_prefill) },
		{ "engine_expert_parallel", offsetof(struct sizing_engine_factors, expert_parallel) },
		{ "engine_dp_attention", offsetof(struct sizing_engine_factors, dp_attention) },
		{ "engine_step_overlaps", offsetof(struct sizing_engine_factors, step_overlaps) },
		{ "engine_memory_rule", offsetof(struct sizing_engine_factors, memory_rule) },
		{ "engine_unvalidated", offsetof(struct sizing_engine_factors, unvalidated) },
		{ "engine_layer_ms", offsetof(struct sizing_engine_factors, layer_ms) },
		{ "engine_weight_only_native",
		  offsetof(struct sizing_engine_factors, weight_only_native) },
		{ "engine_host_layer_ms", offsetof(struct sizing_engine_factors, host_layer_ms) },
		{ "engine_cap_per_dp_rank", offsetof(struct sizing_engine_factors, cap_per_dp_rank) },
		{ "engine_static_batches",
		  offsetof(struct sizing_engine_factors, static_batches) },
	};

	for (int e = 0; e < SIZING_ENGINE_COUNT; e++) {
		struct sizing_engine_factors *ef = &f->engine[e];

		*ef = engine_baseline(f);
		for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
			double v;

			if (!engine_value(x, fields[k].name, e, gpu, &v))
				continue;
			memcpy((char *)ef + fields[k].off, &v, sizeof(double));
			if (k == 0)
				ef->known = 1;
		}
	}
}

/* 3 exact GPU name, 2 architecture, 1 "*", 0 no match. */
static int class_rank(const char *cls, const struct gpu_spec *gpu)
{
	if (strcmp(cls, "*") == 0)
		return 1;
	if (!gpu)
		return 0;
	if (strcasecmp(cls, gpu->name) == 0)
		return 3;
	if (gpu->architecture[0] && strcasecmp(cls, gpu->architecture) == 0)
		return 2;
	return 0;
}

int sizing_factors_resolve(const struct efficiency *list, size_t n, const struct gpu_spec *gpu,
			   struct sizing_factors *out, char *err)
{
	struct sizing_factors f;
	struct eff_rows x;

	memset(&f, 0, sizeof(f));
	eff_rows_init(&x, list, n);
	for (size_t i = 0; i < NFACTORS; i++) {
		const char *name = factor_table[i].name;
		int best = 0;
		double v = 0;

		for (size_t j = eff_rows_next(&x, name, EFF_NONE); j != EFF_NONE;
		     j = eff_rows_next(&x, name, j)) {
			int r = class_rank(list[j].gpu_class, gpu);

			if (r > best) {
				best = r;
				v = list[j].value;
			}
		}
		if (!best) {
			sizing_seterr(err, "efficiency factor '%s' is missing from the catalog", name);
			eff_rows_release(&x);
			return -1;
		}
		memcpy((char *)&f + factor_table[i].off, &v, sizeof(v));
	}
	resolve_engines(&x, gpu, &f);
	for (int e = 0; e < SIZING_ENGINE_COUNT; e++)
		engine_value(&x, "engine_kv_window_only", e, gpu, &f.kv_window_only[e]);
	eff_rows_release(&x);
	*out = f;
	return 0;
}

int sizing_engine_kv_window_only(const struct sizing_factors *f, enum sizing_engine e)
{
	return (int)e >= 0 && e < SIZING_ENGINE_COUNT && f->kv_window_only[e] > 0;
}

struct sizing_engine_factors sizing_engine_factors_of(const struct sizing_factors *f,
						      enum sizing_engine e)
{
	if ((int)e >= 0 && e < SIZING_ENGINE_COUNT && f->engine[e].known)
		return f->engine[e];
	return engine_baseline(f);
}
