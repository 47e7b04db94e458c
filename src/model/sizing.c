/*
 * sizing.c - the memory and throughput model (see sizing.h, docs/sizing.md).
 *
 * Inference is a roofline per decode step: every step reads the weights a
 * device holds plus the KV cache of every sequence in flight, and does
 * 2 FLOPs per active parameter per token; the prompt tokens of new requests
 * are prefilled inside the same steps (chunked prefill), so at steady state
 * each output token carries input/output prompt tokens of compute.  The
 * step takes the longer of its memory time and its compute time plus a
 * fixed overhead.  Training is 6·P·D FLOPs at a calibrated MFU plus the
 * data-parallel gradient traffic that compute does not hide.
 *
 * All efficiency numbers come from struct sizing_factors; the constants
 * here are units and the structure of the formulas.
 */
#include "sizing.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

#define GIB 1073741824.0

__attribute__((format(printf, 2, 3)))
static void seterr(char *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(err, SIZING_ERRLEN, fmt, ap);
	va_end(ap);
}

/* eff^log2(n): a per-doubling efficiency over n devices; 1 for one */
static double per_doubling(double eff, int n)
{
	return n > 1 ? pow(eff, log2((double)n)) : 1.0;
}

/* ---- precisions -------------------------------------------------------- */

static const char *const precision_names[SIZING_PRECISION_COUNT] = {
	"fp32", "bf16", "fp16", "fp8", "int8", "int4", "fp4", "mxfp4", "fp8-block"
};

int sizing_precision_parse(const char *s, enum sizing_precision *out)
{
	if (s && strcasecmp(s, "nvfp4") == 0) {
		*out = SIZING_FP4;
		return 0;
	}
	for (int i = 0; s && i < SIZING_PRECISION_COUNT; i++) {
		if (strcasecmp(s, precision_names[i]) == 0) {
			*out = (enum sizing_precision)i;
			return 0;
		}
	}
	return -1;
}

const char *sizing_precision_name(enum sizing_precision p)
{
	if ((int)p < 0 || p >= SIZING_PRECISION_COUNT)
		return "?";
	return precision_names[p];
}

double sizing_weight_bytes(enum sizing_precision p)
{
	switch (p) {
	case SIZING_FP32: return 4.0;
	case SIZING_BF16:
	case SIZING_FP16: return 2.0;
	case SIZING_FP8: return 1.0;
	/* one fp16 scale per output channel of 4096 weights */
	case SIZING_INT8: return 1.0 + 2.0 / 4096.0;
	/* fp16 scale + fp16 zero point per group of 128 weights */
	case SIZING_INT4: return 0.5 + 4.0 / 128.0;
	/* NVFP4: one FP8 (E4M3) scale per 16 values */
	case SIZING_FP4: return 0.5 + 1.0 / 16.0;
	/* MXFP4: one 8-bit (E8M0) scale per 32 values */
	case SIZING_MXFP4: return 0.5 + 1.0 / 32.0;
	/* one fp32 scale per 128 x 128 block */
	case SIZING_FP8_BLOCK: return 1.0 + 4.0 / (128.0 * 128.0);
	default: return 2.0;
	}
}

double sizing_kv_bytes(enum sizing_precision kv)
{
	switch (kv) {
	case SIZING_FP32: return 4.0;
	case SIZING_FP8:
	case SIZING_FP8_BLOCK:
	case SIZING_INT8: return 1.0;
	case SIZING_INT4:
	case SIZING_FP4:
	case SIZING_MXFP4: return 0.5;
	default: return 2.0;
	}
}

enum sizing_precision sizing_kv_default(enum sizing_precision weights)
{
	if (weights == SIZING_INT8 || weights == SIZING_INT4 || weights == SIZING_FP4 ||
	    weights == SIZING_MXFP4)
		return SIZING_FP16;
	if (weights == SIZING_FP8_BLOCK)
		return SIZING_FP8;
	return weights;
}

enum sizing_precision sizing_kv_native(enum sizing_precision weights)
{
	return weights == SIZING_FP16 ? SIZING_FP16 : SIZING_BF16;
}

/* ---- capacities -------------------------------------------------------- */

static void cap_from_spec(const struct gpu_spec *g, double scale_compute, double scale_bw,
			  struct sizing_capacity *c)
{
	util_copy_str(c->gpu_model, sizeof(c->gpu_model), g->name);
	util_copy_str(c->architecture, sizeof(c->architecture), g->architecture);
	util_copy_str(c->precisions, sizeof(c->precisions), g->precisions);
	c->bandwidth_gbps = g->bandwidth_gbps * scale_bw;
	c->fp32_tflops = g->fp32_tflops * scale_compute;
	c->fp16_tflops = g->fp16_tflops * scale_compute;
	c->bf16_tflops = g->bf16_tflops * scale_compute;
	c->fp8_tflops = g->fp8_tflops * scale_compute;
	c->fp4_tflops = g->fp4_tflops * scale_compute;
	c->int8_tops = g->int8_tops * scale_compute;
	/* PCIe x16 per direction: 16 GB/s (gen3), 32 (gen4), 64 (gen5) */
	c->pcie_gbps = g->pcie_gen >= 3 ? 16.0 * pow(2.0, g->pcie_gen - 3) : 8.0;
}

static int is_bridge(const struct gpu_spec *g)
{
	return strstr(g->link, "bridge") != NULL || strstr(g->link, "Bridge") != NULL;
}

/*
 * A GPU-to-GPU fabric that carries tensor-parallel all-reduces: NVLink or
 * NVSwitch, and AMD Infinity Fabric, which links the 8 OAM MI300X of a
 * platform all-to-all (vLLM serves Llama-3.1-405B there with TP8; without
 * this the model fell back to 8 pipeline stages and over-estimated 2.5x).
 */
static int has_nvlink(const struct gpu_spec *g)
{
	return g->link_gbps > 0 && (strncasecmp(g->link, "NVLink", 6) == 0 ||
				    strncasecmp(g->link, "InfinityFabric", 14) == 0);
}

int sizing_capacity_from_vm(const struct vm_size *vm, const struct gpu_spec *gpu, int vm_count,
			    struct sizing_capacity *out)
{
	struct sizing_capacity c;

	if (!vm || !gpu || vm_count < 1 || vm->gpu_count <= 0)
		return -1;
	if (vm->gpu_model[0] && strcasecmp(vm->gpu_model, gpu->name) != 0)
		return -1;
	memset(&c, 0, sizeof(c));
	if (vm->gpu_count < 1.0) {
		c.kind = SIZING_CAP_FRACTION;
		c.fraction = vm->gpu_count;
		cap_from_spec(gpu, vm->gpu_count, vm->gpu_count, &c);
		c.gpus_per_node = 1;
		c.memory_gib = vm->gpu_memory_gib > 0 ? vm->gpu_memory_gib
						      : gpu->memory_gib * vm->gpu_count;
		c.nvlink_domain = 1;
	} else {
		double n = floor(vm->gpu_count + 0.5);

		if (fabs(vm->gpu_count - n) > 1e-6)
			return -1;
		c.kind = SIZING_CAP_VM;
		c.fraction = 1.0;
		cap_from_spec(gpu, 1.0, 1.0, &c);
		c.gpus_per_node = (int)n;
		c.memory_gib = vm->gpu_memory_gib > 0 ? vm->gpu_memory_gib : gpu->memory_gib;
		c.nvlink_domain = 1;
		if (vm->nvlink && has_nvlink(gpu)) {
			c.nvlink_domain = c.gpus_per_node;
			if (is_bridge(gpu) && c.nvlink_domain > 2)
				c.nvlink_domain = 2;
			c.link_gbps = gpu->link_gbps;
		}
	}
	c.nodes = vm_count;
	c.gpus = c.gpus_per_node * vm_count;
	c.infiniband_gbps = vm->infiniband_gbps;
	*out = c;
	return 0;
}

int sizing_capacity_from_mig(const struct gpu_spec *gpu, const struct mig_profile *mig,
			     struct sizing_capacity *out)
{
	struct sizing_capacity c;
	double sm_share, mem_share;

	if (!gpu || !mig || gpu->sm_count <= 0 || mig->sms <= 0 || mig->memory_slices <= 0)
		return -1;
	if (mig->gpu_model[0] && strcasecmp(mig->gpu_model, gpu->name) != 0)
		return -1;
	sm_share = (double)mig->sms / gpu->sm_count;
	mem_share = mig->memory_slices / 8.0;
	memset(&c, 0, sizeof(c));
	c.kind = SIZING_CAP_MIG;
	cap_from_spec(gpu, sm_share, mem_share, &c);
	c.fraction = sm_share;
	c.memory_gib = mig->memory_gib;
	c.gpus = c.gpus_per_node = c.nodes = c.nvlink_domain = 1;
	util_copy_str(c.mig_profile, sizeof(c.mig_profile), mig->name);
	*out = c;
	return 0;
}

int sizing_capacity_from_gpu(const struct gpu_spec *gpu, int gpus, struct sizing_capacity *out)
{
	struct sizing_capacity c;

	if (!gpu || gpus < 1)
		return -1;
	memset(&c, 0, sizeof(c));
	c.kind = SIZING_CAP_GPU;
	c.fraction = 1.0;
	cap_from_spec(gpu, 1.0, 1.0, &c);
	c.memory_gib = gpu->memory_gib;
	c.gpus = gpus;
	c.gpus_per_node = gpus < 8 ? gpus : 8;
	c.nodes = (gpus + c.gpus_per_node - 1) / c.gpus_per_node;
	c.nvlink_domain = 1;
	if (has_nvlink(gpu)) {
		c.nvlink_domain = is_bridge(gpu) && c.gpus_per_node > 2 ? 2 : c.gpus_per_node;
		c.link_gbps = gpu->link_gbps;
	}
	if (c.nodes > 1)
		c.infiniband_gbps = 400.0;
	*out = c;
	return 0;
}

double sizing_capacity_tflops(const struct sizing_capacity *cap, enum sizing_precision p)
{
	switch (p) {
	case SIZING_FP32:
		return cap->fp32_tflops;
	case SIZING_BF16:
		return cap->bf16_tflops > 0 ? cap->bf16_tflops : cap->fp16_tflops;
	case SIZING_FP4:
	case SIZING_MXFP4:
		/* NVFP4/MXFP4 tensor math (Blackwell, CDNA4); a GPU without an
		 * FP4 rate in the catalog counts it at the fp8 rate */
		if (cap->fp4_tflops > 0)
			return cap->fp4_tflops;
		return cap->fp8_tflops > 0 ? cap->fp8_tflops : cap->fp16_tflops;
	case SIZING_FP8:
	case SIZING_FP8_BLOCK:
		return cap->fp8_tflops > 0 ? cap->fp8_tflops : cap->fp16_tflops;
	default:
		/* fp16, and weight-only int8/int4 whose math runs in fp16 */
		return cap->fp16_tflops;
	}
}

static const char *const mode_names[] = { "native", "weight-only", "as-fp16", "as-bf16",
					   "unsupported" };

const char *sizing_precision_mode_name(enum sizing_precision_mode m)
{
	if ((int)m < 0 || (int)m > SIZING_PREC_UNSUPPORTED)
		return "?";
	return mode_names[m];
}

/* Whether the space-separated list has the word w. */
static int has_word(const char *list, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = list; (p = strstr(p, w)) != NULL; p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}

enum sizing_precision_mode sizing_precision_support(const struct sizing_capacity *cap,
						    enum sizing_precision p, int training,
						    char *note, size_t len)
{
	const char *l = cap->precisions;
	const char *g = cap->gpu_model, *a = cap->architecture;
	enum sizing_precision_mode m = SIZING_PREC_NATIVE;
	char buf[320];

	buf[0] = '\0';   /* only a note is printed: this runs for every size sized */

	if (!l[0]) {
		m = (p == SIZING_INT8 || p == SIZING_INT4) ? SIZING_PREC_WEIGHT_ONLY
							   : SIZING_PREC_NATIVE;
	} else if (p == SIZING_FP32 || p == SIZING_FP16) {
		m = SIZING_PREC_NATIVE;
	} else if (p == SIZING_BF16) {
		if (!has_word(l, "bf16")) {
			m = SIZING_PREC_AS_FP16;
			snprintf(buf, sizeof buf, "%s (%s) has no BF16 units: sized as FP16", g, a);
		}
	} else if (p == SIZING_FP4 || p == SIZING_MXFP4) {
		const char *n = sizing_precision_name(p);

		if (has_word(l, "fp4")) {
			m = SIZING_PREC_NATIVE;
		} else if (training) {
			m = SIZING_PREC_UNSUPPORTED;
			snprintf(buf, sizeof buf, "%s (%s) has no FP4 tensor cores: %s training needs "
				 "Blackwell; use bf16", g, a, n);
		} else if (has_word(l, "fp4w")) {
			m = SIZING_PREC_WEIGHT_ONLY;
			snprintf(buf, sizeof buf, "%s (%s) has no FP4 tensor cores: %s weights run "
				 "weight-only, dequantised to 16-bit", g, a, n);
		} else {
			m = SIZING_PREC_UNSUPPORTED;
			snprintf(buf, sizeof buf, "%s (%s) has no FP4 tensor cores nor an FP4 "
				 "weight-only kernel; use fp16, or int4 weight-only", g, a);
		}
	} else if (p == SIZING_FP8 || p == SIZING_FP8_BLOCK) {
		if (has_word(l, "fp8")) {
			m = SIZING_PREC_NATIVE;
		} else if (training) {
			m = SIZING_PREC_AS_BF16;
			snprintf(buf, sizeof buf, "%s (%s) has no FP8 tensor cores: trained as BF16, "
				 "no FP8 speed-up", g, a);
		} else if (has_word(l, "fp8w")) {
			m = SIZING_PREC_WEIGHT_ONLY;
			snprintf(buf, sizeof buf, "%s (%s) has no FP8 tensor cores: FP8 weights "
				 "run weight-only, dequantised to FP16", g, a);
		} else {
			m = SIZING_PREC_UNSUPPORTED;
			snprintf(buf, sizeof buf, "%s (%s) has no FP8 tensor cores nor an FP8 "
				 "weight-only kernel; use fp16, or int8/int4 weight-only", g, a);
		}
	} else {
		const char *w = p == SIZING_INT8 ? "int8w" : "int4w";

		if (training) {
			m = SIZING_PREC_UNSUPPORTED;
			snprintf(buf, sizeof buf, "%s weights cannot be trained; use bf16, fp16 or "
				 "qlora", sizing_precision_name(p));
		} else if (has_word(l, w)) {
			m = SIZING_PREC_WEIGHT_ONLY;
		} else {
			m = SIZING_PREC_UNSUPPORTED;
			snprintf(buf, sizeof buf, "%s (%s) has no %s weight-only kernel in the "
				 "common engines; use fp16", g, a, sizing_precision_name(p));
		}
	}
	if (note && len)
		util_copy_str(note, len, buf);
	return m;
}

enum sizing_precision_mode sizing_model_precision_support(const struct sizing_capacity *cap,
							  const struct sizing_model *m,
							  enum sizing_precision p, int training,
							  char *note, size_t len)
{
	enum sizing_precision_mode mode = sizing_precision_support(cap, p, training, note, len);
	enum sizing_precision_mode emode;
	char enote[256];

	if (!m->mixed_precision || m->expert_precision == p || !(sizing_routed_expert_params(m) > 0))
		return mode;
	emode = sizing_precision_support(cap, m->expert_precision, training, enote, sizeof enote);
	if (emode > mode) {
		mode = emode;
		if (note && len)
			snprintf(note, len, "experts: %s", enote);
	}
	return mode;
}

/* ---- models ------------------------------------------------------------ */

void sizing_model_from_preset(const struct model_preset *p, struct sizing_model *out)
{
	memset(out, 0, sizeof(*out));
	util_copy_str(out->name, sizeof(out->name), p->name);
	out->params_b = p->params_b;
	out->active_params_b = p->active_params_b;
	out->layers = p->layers;
	out->hidden = p->hidden;
	out->intermediate = p->intermediate;
	out->heads = p->heads;
	out->kv_heads = p->kv_heads;
	out->head_dim = p->head_dim;
	out->vocab = p->vocab;
	out->moe_experts = p->moe_experts;
	out->moe_active = p->moe_active;
	out->moe_shared_experts = p->moe_shared_experts;
	out->moe_intermediate = p->moe_intermediate;
	out->moe_layers = p->moe_layers;
	out->mla_kv_lora_rank = p->mla_kv_lora_rank;
	out->mla_qk_rope_head_dim = p->mla_qk_rope_head_dim;
	out->window_tokens = p->window_tokens;
	out->windowed_layers = p->windowed_layers;
	out->tied_embeddings = p->tied_embeddings;
	out->mtp_params_b = p->mtp_params_b;
	if (sizing_precision_parse(p->native_precision, &out->native_precision) == 0) {
		out->native_known = 1;
		if (sizing_precision_parse(p->native_expert_precision,
					   &out->native_expert_precision) != 0)
			out->native_expert_precision = out->native_precision;
	}
	sizing_model_normalize(out, NULL);
}

int sizing_model_normalize(struct sizing_model *m, char *err)
{
	if (!(m->params_b > 0)) {
		seterr(err, "model '%s' has no parameter count", m->name);
		return -1;
	}
	if (!(m->active_params_b > 0) || m->active_params_b > m->params_b)
		m->active_params_b = m->params_b;
	if (m->kv_heads <= 0)
		m->kv_heads = m->heads;
	if (m->head_dim <= 0 && m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	return 0;
}

double sizing_kv_layer_bytes(const struct sizing_model *m, enum sizing_precision kv)
{
	if (m->mla_kv_lora_rank > 0)
		return ((double)m->mla_kv_lora_rank + m->mla_qk_rope_head_dim) * sizing_kv_bytes(kv);
	return 2.0 * m->kv_heads * m->head_dim * sizing_kv_bytes(kv);
}

double sizing_kv_bytes_per_token(const struct sizing_model *m, enum sizing_precision kv)
{
	return m->layers * sizing_kv_layer_bytes(m, kv);
}

double sizing_kv_bytes_per_sequence(const struct sizing_model *m, enum sizing_precision kv,
				    double tokens, int window_only)
{
	double layer = sizing_kv_layer_bytes(m, kv);
	int win = m->window_tokens > 0 && m->windowed_layers > 0 ? m->windowed_layers : 0;
	double held;

	if (win > m->layers)
		win = m->layers;
	held = window_only && win ? fmin(tokens, (double)m->window_tokens) : tokens;
	return layer * ((double)(m->layers - win) * tokens + (double)win * held);
}

double sizing_routed_expert_params(const struct sizing_model *m)
{
	int E = m->moe_experts, k = m->moe_active;
	double total = m->params_b * 1e9, active = m->active_params_b * 1e9;

	if (E <= 0 || k <= 0 || k >= E)
		return 0;
	if (m->moe_layers > 0 && m->moe_intermediate > 0 && m->hidden > 0) {
		double r = (double)m->moe_layers * E * 3.0 * m->hidden * m->moe_intermediate;

		return r < total ? r : 0;
	}
	if (!(total > active))
		return 0;
	return (total - active) * E / (E - k);
}

/* Embedding (and untied lm_head) parameters. */
static double embedding_params(const struct sizing_model *m)
{
	double e = (double)m->vocab * m->hidden * (m->tied_embeddings ? 1 : 2);

	return e < m->params_b * 1e9 ? e : 0;
}

/* Bytes per parameter of the routed experts, and of the dense rest. */
static double expert_bytes(const struct sizing_model *m, enum sizing_precision w)
{
	return sizing_weight_bytes(m->mixed_precision ? m->expert_precision : w);
}

double sizing_weight_bytes_model(const struct sizing_model *m, enum sizing_precision w)
{
	double total = m->params_b * 1e9, routed = sizing_routed_expert_params(m);
	double emb = m->mixed_precision ? embedding_params(m) : 0;
	double rest = total - routed - emb;

	return routed * expert_bytes(m, w) + emb * 2.0 + rest * sizing_weight_bytes(w);
}

double sizing_mtp_bytes(const struct sizing_model *m, enum sizing_precision w)
{
	return m->mtp_params_b > 0 ? m->mtp_params_b * 1e9 * sizing_weight_bytes(w) : 0;
}

/* Expected share of E experts that b tokens routing to k each touch. */
static double experts_touched(int E, int k, double b)
{
	return 1.0 - pow(1.0 - (double)k / E, b);
}

double sizing_weights_read_bytes(const struct sizing_model *m, enum sizing_precision w,
				 double b)
{
	double routed = sizing_routed_expert_params(m);
	double all = sizing_weight_bytes_model(m, w);

	if (!(routed > 0))
		return all;
	return all - routed * expert_bytes(m, w) * (1.0 - experts_touched(m->moe_experts,
									    m->moe_active, b));
}

int sizing_model_native(struct sizing_model *m, enum sizing_precision *w, char *err)
{
	if (!m->native_known) {
		seterr(err, "the catalog does not say which precision model '%s' is released in; "
		       "give --precision (fp16, bf16, fp8, ...)", m->name);
		return -1;
	}
	*w = m->native_precision;
	m->mixed_precision = 1;
	m->expert_precision = m->native_expert_precision;
	return 0;
}

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
	FACTOR(roofline_blend),
	FACTOR(train_mfu_fsdp),
	FACTOR(train_mfu_megatron),
	FACTOR(train_mfu_deepspeed),
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
			seterr(err, "efficiency factor '%s' is missing from the catalog", name);
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

/* ---- inference --------------------------------------------------------- */

const char *sizing_bound_name(enum sizing_bound b)
{
	switch (b) {
	case SIZING_BOUND_COMPUTE: return "compute";
	case SIZING_BOUND_MEMORY_BANDWIDTH: return "memory-bandwidth";
	case SIZING_BOUND_INTERCONNECT: return "interconnect";
	case SIZING_BOUND_MEMORY_CAPACITY: return "memory-capacity";
	}
	return "?";
}

/* Largest power of two <= n that divides gpus. */
static int pow2_divisor(int n, int gpus)
{
	int t = 1;

	while (t * 2 <= n && gpus % (t * 2) == 0)
		t *= 2;
	return t;
}

/*
 * Weight bytes a decode step of b sequences reads from one whole model: all
 * dense weights, and for a mixture of experts the expected share of experts
 * that at least one of the b tokens routes to.  With total T = S + E·e and
 * active A = S + k·e, the expert size is e = (T - A) / (E - k).
 */
static double weights_read_params(const struct sizing_model *m, double b)
{
	double total = m->params_b * 1e9, routed = sizing_routed_expert_params(m);

	if (!(routed > 0))
		return m->moe_experts > 0 ? m->active_params_b * 1e9 : total;
	return total - routed * (1.0 - experts_touched(m->moe_experts, m->moe_active, b));
}

/*
 * Active parameters whose GEMMs run at the expert rate: the k routed
 * experts of a mixture of experts (k·e, see weights_read_params), 0 for a
 * dense model.  Their grouped GEMMs (a few hundred rows per expert, plus the
 * token permutation around them) reach moe_expert_mfu_scale of the dense
 * rate; the equivalent dense parameter count is what the compute time uses.
 */
static double compute_params(const struct sizing_model *m, const struct sizing_factors *f)
{
	double total = m->params_b * 1e9, active = m->active_params_b * 1e9;
	int E = m->moe_experts, k = m->moe_active;

	if (E <= 0 || k <= 0 || k >= E || total <= active || !(f->moe_expert_mfu_scale > 0))
		return active;
	return active + k * (total - active) / (E - k) * (1.0 / f->moe_expert_mfu_scale - 1.0);
}

struct infer_step {
	double t_mem, t_comp, t_comm, t_cycle; /* seconds */
};

struct sizing_engine_factors sizing_engine_factors_of(const struct sizing_factors *f,
						      enum sizing_engine e)
{
	if ((int)e >= 0 && e < SIZING_ENGINE_COUNT && f->engine[e].known)
		return f->engine[e];
	return engine_baseline(f);
}

/*
 * Tensor-parallel all-reduces over PCIe (no NVLink): two per layer of one
 * stage (attention and MLP outputs), each a ring of tokens × hidden × 2 B:
 * latency + 2(tp − 1)/tp × bytes / (PCIe × pcie_efficiency).
 */
static double pcie_allreduce_s(const struct sizing_model *m, double tokens, int tp, int pp,
			       const struct sizing_capacity *cap, const struct sizing_factors *f)
{
	double eff = f->pcie_efficiency > 0 ? f->pcie_efficiency : f->network_efficiency;
	double bytes = tokens * m->hidden * 2.0;
	double one;

	if (tp <= 1 || cap->nvlink_domain >= tp || !(cap->pcie_gbps > 0) || !(eff > 0))
		return 0;
	one = f->pcie_allreduce_latency_us / 1e6 +
	      2.0 * (tp - 1) / tp * bytes / (cap->pcie_gbps * 1e9 * eff);
	return 2.0 * m->layers / pp * one;
}

/*
 * Tensor-parallel all-reduces over NVLink / NVSwitch / Infinity Fabric: as
 * over PCIe, two per layer of one stage, each latency + 2(tp − 1)/tp × bytes
 * / (per-direction link rate × nvlink_efficiency); link_gbps is the
 * datasheet's bidirectional figure.  At batch 1 the latency dominates (a 7B
 * model on 8 GPUs: 64 all-reduces per token); at maximum throughput the
 * bytes do (TensorRT-LLM's TP2 → TP8 scaling).
 */
static double nvlink_allreduce_s(const struct sizing_model *m, double tokens, int tp, int pp,
				 const struct sizing_capacity *cap, const struct sizing_factors *f)
{
	double bytes = tokens * m->hidden * 2.0;
	double one;

	if (tp <= 1 || cap->nvlink_domain < tp || !(cap->link_gbps > 0) ||
	    !(f->nvlink_efficiency > 0))
		return 0;
	one = f->nvlink_allreduce_latency_us / 1e6 +
	      2.0 * (tp - 1) / tp * bytes / (cap->link_gbps / 2.0 * 1e9 * f->nvlink_efficiency);
	return 2.0 * m->layers / pp * one;
}

/* The factor on a MIG slice's compute: mig_efficiency (fitted on a compute
 * benchmark, docs/sizing.md), bounded so that the slice's compute, its SM
 * share × the GPU's, never exceeds the whole GPU's; 1 for anything but a
 * slice.  Bandwidth-bound terms (weight and KV reads) are never scaled: a
 * slice reads memory at most as fast as its memory slices allow. */
static double mig_compute_scale(const struct sizing_capacity *cap, const struct sizing_factors *f)
{
	double s;

	if (cap->kind != SIZING_CAP_MIG || !(f->mig_efficiency > 0))
		return 1.0;
	s = f->mig_efficiency;
	if (cap->fraction > 0 && s * cap->fraction > 1.0)
		s = 1.0 / cap->fraction;
	return s;
}

/* The engine's host work in one step of n sequences, in seconds: its fixed
 * step plus its work per sequence (sampling over the vocabulary,
 * scheduling and output bookkeeping). */
static double engine_step_s(const struct sizing_engine_factors *ef, double n)
{
	return ef->step_overhead_ms / 1e3 + n * ef->step_per_sequence_us / 1e6;
}

/*
 * The fixed device time of the routed-expert layers of one forward pass
 * (moe_layer_us each): the router GEMM, the top-k, the alignment of tokens
 * to experts and the weighted combine run as kernels of their own in every
 * routed layer, each a few microseconds whatever the batch, one after
 * another.  0 for a dense model, and for an engine whose own cost per
 * layer (engine_layer_ms, llama.cpp) was fitted on routed layers too.
 */
static double moe_layers_s(const struct sizing_model *m, const struct sizing_factors *f,
			   const struct sizing_engine_factors *ef)
{
	int n;

	if (m->moe_experts <= 0 || m->moe_active <= 0 || !(f->moe_layer_us > 0) ||
	    ef->layer_ms > 0)
		return 0;
	n = m->moe_layers > 0 ? m->moe_layers : m->layers;
	return n * f->moe_layer_us / 1e6;
}

/*
 * Time for one decode cycle of B sequences (every sequence advances one
 * token), with prefill of ratio prompt tokens per output token folded in.
 * A step runs the linear layers (a roofline of weight reads against 2 FLOPs
 * per active parameter per token) and then attention (reading every
 * sequence's KV cache, plus the prompt tokens' attention math in 16-bit).
 */
static void decode_cycle(const struct sizing_model *m, double B, double ctx, double ratio,
			 double in, double wbytes, double kvpt_dev, double tflops, double bw_eff,
			 int tp, int pp, const struct sizing_capacity *cap,
			 const struct sizing_factors *f, const struct sizing_engine_factors *ef,
			 struct infer_step *st)
{
	double mb = B / pp;                     /* micro-batch per pipeline stage */
	double mp = (double)tp * pp;
	double act = compute_params(m, f);
	double q = (double)m->heads * m->head_dim;
	double bw = cap->bandwidth_gbps * 1e9;
	double mig = mig_compute_scale(cap, f);
	double peak = tflops * 1e12 * mig;
	double peak16 = sizing_capacity_tflops(cap, SIZING_FP16) * 1e12 * mig;
	double t_w, t_lin, t_pre, t_kv, t_pattn, t_stage, t_sum, t_ar, t_stall, tp_loss, pp_loss;
	double dmfu = f->decode_mfu * ef->decode_mfu_scale, pmfu = f->prefill_mfu * ef->prefill_scale;
	double ovh = engine_step_s(ef, mb);
	/* the fixed cost of the layers a stage runs, once per forward pass:
	 * the engine's per layer, and the routing kernels of each layer of
	 * routed experts */
	double t_layers = m->layers / (double)pp * ef->layer_ms / 1e3 + moe_layers_s(m, f, ef) / pp;

	t_w = weights_read_params(m, mb) * wbytes / mp / (bw * bw_eff);
	t_lin = mb * 2.0 * act / mp / (peak * dmfu);
	/* prompt work of the step: in a latency-bound step it adds to the weight
	 * read (the GEMMs grow from decode rows to prompt rows), it does not hide
	 * under it */
	t_pre = mb * ratio * 2.0 * act / mp / (peak * pmfu);
	t_kv = mb * ctx * kvpt_dev / (bw * f->decode_kv_bw_efficiency);
	/* causal attention of a prompt: 4·L·q·(in/2) FLOPs per prompt token */
	t_pattn = mb * ratio * 2.0 * m->layers * q * in / mp / (peak16 * pmfu);
	/* an engine that does not batch prompts with decode runs them in steps
	 * of their own, one per cycle at most (new prompts wait for the next
	 * step together): each such step reads the weights again unless its
	 * prompt GEMMs take longer, and pays the engine's step; the prompt work
	 * itself is already in t_pre */
	t_stall = 0;
	if (ef->chunked_prefill <= 0) {
		double prompts = mb * ratio / in, n_pre = fmin(1.0, prompts);

		if (n_pre > 0) {
			/* a prompt step's device time, and its host work for the
			 * prompts it carries */
			double dev = fmax(t_w, t_pre / n_pre) + t_layers;
			double host = engine_step_s(ef, prompts / n_pre);

			t_stall = n_pre * (ef->step_overlaps > 0 ? fmax(dev, host) : dev + host) - t_pre;
		}
	}
	t_ar = pcie_allreduce_s(m, mb * (1.0 + ratio), tp, pp, cap, f) +
	       nvlink_allreduce_s(m, mb * (1.0 + ratio), tp, pp, cap, f);
	/* tp_efficiency (TensorRT-LLM's TP2 -> TP8 rows) charges the sharded
	 * kernels (smaller GEMMs and attention per device); the all-reduces are
	 * costed above and the fixed step of the engine is not sharded */
	tp_loss = per_doubling(f->tp_efficiency, tp);
	t_w /= tp_loss;
	t_lin /= tp_loss;
	t_pre /= tp_loss;
	t_kv /= tp_loss;
	t_pattn /= tp_loss;
	/* near the ridge point a GEMM reaches neither roof: a share of the
	 * shorter of the weight read and the GEMM time adds to the longer */
	if (t_w > t_lin)
		t_w += f->roofline_blend * t_lin;
	else
		t_lin += f->roofline_blend * t_w;
	st->t_mem = (t_w > t_lin ? t_w : 0) + t_kv;
	st->t_comp = (t_w > t_lin ? 0 : t_lin) + t_pre + t_pattn;
	t_sum = (t_w > t_lin ? t_w : t_lin) + t_pre + t_kv + t_pattn + t_stall + t_ar + t_layers +
		ovh;
	/* an engine that launches its kernels eagerly (no CUDA graph) queues
	 * them while the GPU runs the ones before: its per-step host work and
	 * the device work overlap, and a step takes the longer of the two */
	t_stage = ef->step_overlaps > 0 ? fmax(t_sum - ovh, ovh) : t_sum;
	/* pipeline stages cost nothing extra when there is nothing to pipeline:
	 * one sequence per stage or less */
	pp_loss = B > pp ? per_doubling(f->pp_efficiency, pp) : 1.0;
	st->t_cycle = pp * t_stage / pp_loss;
	/* the communication share of the summed step, scaled to the step taken */
	st->t_comm = (pp * t_sum / pp_loss - pp * (t_sum - t_ar) +
		      pp * (t_sum - t_ar - ovh - t_stall) * (1.0 - tp_loss)) *
		     (t_sum > 0 ? t_stage / t_sum : 1.0);
}

static double ep_comm_delta_s(const struct sizing_model *m, double tokens, int ep, int adp,
			      int tp, int pp, const struct sizing_capacity *cap,
			      const struct sizing_factors *f);

/* The note of a requested concurrency over the engine's cap (memory holds
 * it); sizing_inference_why gives it its numbers. */
static const char engine_cap_note[] =
	"the requested concurrency is over the serving engine's cap on sequences in flight";
/* The note of a max_sequences over what memory holds (concurrency 0). */
static const char max_sequences_note[] =
	"max_sequences is more sequences than the KV cache holds";

const char *sizing_inference_why(const struct sizing_inference_result *r, enum sizing_engine e,
				 char *buf, size_t len)
{
	if ((r->note != engine_cap_note && r->note != max_sequences_note) || !buf || !len)
		return r->note;
	if (r->note == max_sequences_note)
		snprintf(buf, len, "max_sequences %ld is more sequences than the KV cache holds "
			 "(%ld); lower it, or give the model more GPU memory", r->max_sequences,
			 r->memory_max_concurrency);
	else if (r->max_sequences_set)
		snprintf(buf, len, "%ld sequences exceed the max_sequences of %ld set for %s (%s; "
			 "memory holds %ld)", r->concurrency, r->max_sequences,
			 sizing_engine_name(e), sizing_engine_sequences_option(e),
			 r->memory_max_concurrency);
	else
		snprintf(buf, len, "%ld sequences exceed %s's default of %ld sequences in flight "
			 "(%s; memory holds %ld; raise it with serving.max_sequences or --max-sequences)", r->concurrency,
			 sizing_engine_name(e), r->max_concurrency,
			 sizing_engine_sequences_option(e), r->memory_max_concurrency);
	return buf;
}

int sizing_inference(const struct sizing_model *model, enum sizing_precision w,
		     enum sizing_precision kv, const struct sizing_serving *s,
		     const struct sizing_capacity *cap, const struct sizing_factors *f,
		     struct sizing_inference_result *out, char *err)
{
	struct sizing_model m = *model;
	struct sizing_inference_result r;
	struct infer_step st;
	double wbytes, kvpt, kvpt_dev, usable, w_dev, act_dev, ovh_dev, free_dev, seq, ctx, ratio;
	double tflops, bw_eff, B, limit, q, pflops_tok, peak_tp;
	double kvseq_dev, wread, wall;
	struct sizing_engine_factors ef;
	int tp, pp, kv_split, kv_limited = 0, win_only, ep = 1, adp = 1;
	double attn_rep = 0;

	memset(&r, 0, sizeof(r));
	*out = r;
	if (sizing_model_normalize(&m, err) < 0)
		return -1;
	if (m.layers <= 0 || m.kv_heads <= 0 || m.head_dim <= 0 || m.heads <= 0) {
		seterr(err, "model '%s' needs layers, heads and a head size to size its KV cache",
		       m.name);
		return -1;
	}
	if (!(s->input_tokens >= 1) || !(s->output_tokens >= 1)) {
		seterr(err, "%s", "input and output tokens must be at least 1");
		return -1;
	}
	if (cap->gpus < 1 || !(cap->memory_gib > 0) || !(cap->bandwidth_gbps > 0)) {
		seterr(err, "capacity '%s' has no usable GPU", cap->gpu_model);
		return -1;
	}

	ef = sizing_engine_factors_of(f, s->engine);
	/* tensor parallel inside the NVLink domain, or over PCIe across the
	 * GPUs of one node when they have no NVLink (its all-reduces are
	 * costed); pipeline stages across nodes */
	{
		int dom = cap->nvlink_domain > 1 ? cap->nvlink_domain
			  : cap->gpus_per_node > 0 ? cap->gpus_per_node : 1;

		tp = pow2_divisor(dom < cap->gpus ? dom : cap->gpus, cap->gpus);
	}
	if (tp > m.heads)
		tp = pow2_divisor(m.heads, cap->gpus);
	pp = cap->gpus / tp;
	if (m.layers > 0 && pp > m.layers) {
		seterr(err, "one instance of %d layers spans at most %d GPUs (tensor %d x pipeline "
			    "%d), not %d", m.layers, tp * m.layers, tp, m.layers, cap->gpus);
		return -1;
	}
	kv_split = tp < m.kv_heads ? tp : m.kv_heads;
	/* the MLA latent has no head axis: every tensor-parallel rank holds it */
	if (m.mla_kv_lora_rank > 0)
		kv_split = 1;
	/* expert parallelism over the GPUs of a stage; data-parallel attention
	 * holds each sequence's latent on one GPU (see sizing.h) */
	if (s->expert_parallel) {
		if (!(ef.expert_parallel > 0)) {
			seterr(err, "engine '%s' has no expert parallelism (vllm, sglang and "
				    "tensorrt-llm have)", sizing_engine_name(s->engine));
			return -1;
		}
		if (m.moe_experts > 0 && tp > 1) {
			ep = tp;
			if (m.mla_kv_lora_rank > 0 && ef.dp_attention > 0)
				kv_split = adp = tp;
		}
	}
	win_only = sizing_engine_kv_window_only(f, s->engine);

	wbytes = sizing_weight_bytes(w);
	wall = sizing_weight_bytes_model(&m, w);
	kvpt = sizing_kv_bytes_per_token(&m, kv);
	/* multi-token-prediction layers are held in memory, never read by decode */
	w_dev = (wall + sizing_mtp_bytes(&m, w)) / (tp * pp);
	/* data-parallel attention: every GPU holds its stage's attention whole */
	if (adp > 1)
		attn_rep = sizing_attention_params(&m) * sizing_weight_bytes(w) * (1.0 - 1.0 / tp) / pp;
	w_dev += attn_rep;
	if (ef.memory_rule > 0) {
		/* SGLang takes the whole device and keeps its reserve out of the
		 * static pool: the activations of its prefill chunk, the rest
		 * (metadata, CUDA graphs, the parallel-size allowance) as overhead */
		struct sizing_sglang_reserve rv;

		sizing_sglang_reserve(cap->memory_gib * 1024.0, tp, pp, adp, &rv);
		usable = cap->memory_gib * GIB;
		act_dev = rv.activations_mib * 1048576.0;
		ovh_dev = usable * (1.0 - rv.mem_fraction_static) - act_dev;
		r.mem_fraction_static = rv.mem_fraction_static;
	} else {
		usable = cap->memory_gib * f->memory_utilization * GIB;
		act_dev = f->prefill_chunk_tokens * m.hidden * f->activation_bytes_per_token_hidden /
			  tp;
		ovh_dev = f->runtime_overhead_gib * GIB;
	}
	free_dev = usable - w_dev - act_dev - ovh_dev;
	seq = s->input_tokens + s->output_tokens;
	ctx = s->input_tokens + s->output_tokens / 2.0;
	ratio = s->input_tokens / s->output_tokens;
	/* one full sequence as the engine keeps it, per device */
	kvseq_dev = sizing_kv_bytes_per_sequence(&m, kv, seq, win_only) / ((double)kv_split * pp);
	/* decode reads what attention attends to: windowed layers read at most
	 * the window whatever the engine keeps */
	kvpt_dev = sizing_kv_bytes_per_sequence(&m, kv, ctx, 1) / ctx / ((double)kv_split * pp);

	r.tp = tp;
	r.pp = pp;
	r.ep = ep;
	r.attention_dp = adp;
	r.kv_bytes_per_token = kvpt;
	r.kv_bytes_per_sequence = kvseq_dev * kv_split * pp;
	r.kv_window_only = win_only && m.window_tokens > 0 && m.windowed_layers > 0;
	r.precision_mode = sizing_model_precision_support(cap, &m, w, 0, r.precision_note,
							  sizeof r.precision_note);
	r.weights_gib = w_dev * tp * pp / GIB;
	r.activations_gib = act_dev * cap->gpus / GIB;
	r.overhead_gib = ovh_dev * cap->gpus / GIB;
	r.available_gib = usable * cap->gpus / GIB;
	/* saturated: a catalog's absurd memory (1e300 GiB) or a KV cache of 0
	 * bytes per sequence (+inf) makes the quotient larger than any long;
	 * the engine's cap below bounds it anyway */
	{
		double mc = free_dev > 0 ? floor(free_dev / kvseq_dev) : 0;

		r.max_concurrency = !(mc >= 0) ? 0 : mc >= 1e15 ? (long)1e15 : (long)mc;
	}
	r.memory_max_concurrency = r.max_concurrency;
	limit = s->max_sequences > 0 ? (double)s->max_sequences : ef.max_batch_sequences;
	r.max_sequences = (long)limit;
	r.max_sequences_set = s->max_sequences > 0;
	if (r.max_concurrency > (long)limit)
		r.max_concurrency = (long)limit;
	else
		kv_limited = 1;
	r.fits = r.max_concurrency >= 1 && r.precision_mode != SIZING_PREC_UNSUPPORTED;
	if (!r.fits) {
		r.bound = SIZING_BOUND_MEMORY_CAPACITY;
		r.concurrency = s->concurrency > 0 ? s->concurrency : 0;
		r.kv_cache_gib = r.concurrency * kvseq_dev * cap->gpus / GIB;
		r.total_gib = r.weights_gib + r.kv_cache_gib + r.activations_gib + r.overhead_gib;
		r.note = r.precision_mode == SIZING_PREC_UNSUPPORTED
				 ? "the GPU cannot run this precision"
			 : free_dev > 0 ? "not enough memory left for the KV cache of one sequence"
			 : w_dev > usable ? "the weights do not fit in GPU memory"
					  : "the weights fit, but with the activations and the runtime's "
					    "overhead nothing is left for the KV cache";
		*out = r;
		return 0;
	}
	if (s->concurrency > 0) {
		r.concurrency = s->concurrency;
		if (s->concurrency > r.memory_max_concurrency) {
			r.fits = 0;
			r.note = "the requested concurrency does not fit in GPU memory";
		} else if (s->concurrency > r.max_concurrency) {
			/* memory holds it: the engine's scheduler does not, and an
			 * option of the engine, not a bigger GPU, is the way out */
			r.fits = 0;
			r.note = engine_cap_note;
		}
		kv_limited = 0;
	} else {
		r.concurrency = r.max_concurrency;
		if (s->max_sequences > r.memory_max_concurrency) {
			/* the cap set could never be reached: say so rather than
			 * size a smaller batch silently */
			r.fits = 0;
			r.note = max_sequences_note;
		}
	}
	B = (double)r.concurrency;
	r.kv_cache_gib = B * kvseq_dev * cap->gpus / GIB;
	r.total_gib = r.weights_gib + r.kv_cache_gib + r.activations_gib + r.overhead_gib;

	tflops = sizing_capacity_tflops(cap, r.precision_mode == SIZING_PREC_WEIGHT_ONLY ?
						 SIZING_FP16 : w);
	bw_eff = f->decode_bw_efficiency * ef.decode_bw_scale;
	/* an engine with its own quantized kernels: its bandwidth share covers
	 * them, the generic weight-only efficiencies do not apply */
	if (!(ef.weight_only_native > 0)) {
		if (w == SIZING_INT8 || ((w == SIZING_FP8 || w == SIZING_FP8_BLOCK) &&
					 r.precision_mode == SIZING_PREC_WEIGHT_ONLY))
			bw_eff *= f->weight_only_int8_efficiency;
		else if (w == SIZING_INT4 ||
			 ((w == SIZING_FP4 || w == SIZING_MXFP4 ||
			   (m.mixed_precision && (m.expert_precision == SIZING_FP4 ||
						  m.expert_precision == SIZING_MXFP4))) &&
			  r.precision_mode == SIZING_PREC_WEIGHT_ONLY))
			bw_eff *= f->weight_only_int4_efficiency;
	}

	/* the bytes per parameter a step reads, over the parameters it reads:
	 * mixed precisions and the experts a batch touches */
	wread = weights_read_params(&m, B / pp);
	if (wread > 0)
		wbytes = sizing_weights_read_bytes(&m, w, B / pp) / wread;
	decode_cycle(&m, B, ctx, ratio, s->input_tokens, wbytes, kvpt_dev, tflops, bw_eff, tp, pp,
		     cap, f, &ef, &st);
	if (ep > 1) {
		/* the all-to-alls replace the experts' all-reduces; each GPU reads
		 * the attention it holds whole */
		double d = ep_comm_delta_s(&m, B / pp * (1.0 + ratio), ep, adp, tp, pp, cap, f);
		double rd = attn_rep / (cap->bandwidth_gbps * 1e9 * bw_eff);

		st.t_cycle += pp * (d + rd);
		st.t_comm += pp * d;
		st.t_mem += rd;
	}
	r.ms_per_output_token = st.t_cycle * 1e3;
	r.output_tokens_per_s = B / st.t_cycle;
	if (st.t_comm > st.t_mem * pp && st.t_comm > st.t_comp * pp)
		r.bound = SIZING_BOUND_INTERCONNECT;
	else if (st.t_comp >= st.t_mem)
		r.bound = SIZING_BOUND_COMPUTE;
	else
		r.bound = kv_limited ? SIZING_BOUND_MEMORY_CAPACITY : SIZING_BOUND_MEMORY_BANDWIDTH;
	/* a requested concurrency memory does not hold is bound by memory,
	 * whatever the step it would run at */
	if (!r.fits && s->concurrency > r.memory_max_concurrency)
		r.bound = SIZING_BOUND_MEMORY_CAPACITY;

	/* prefill alone: compute-bound over tp devices per stage, pp stages */
	q = (double)m.heads * m.head_dim;
	pflops_tok = 2.0 * compute_params(&m, f) + 2.0 * m.layers * q * s->input_tokens;
	peak_tp = tflops * 1e12 * f->prefill_mfu * ef.prefill_scale * tp *
		  per_doubling(f->tp_efficiency, tp);
	peak_tp *= mig_compute_scale(cap, f);
	r.prefill_tokens_per_s = peak_tp * pp * per_doubling(f->pp_efficiency, pp) /
				 pflops_tok;
	{
		double t_comp = s->input_tokens * pflops_tok / peak_tp;
		double t_read = wall / (cap->bandwidth_gbps * 1e9 * bw_eff * tp *
					per_doubling(f->tp_efficiency, tp));

		/* the prompt's GEMMs add to the weight read, as in a decode
		 * step: a short prompt does not hide under the read (TensorRT-LLM
		 * v0.5 first-token latencies at 128 tokens were 1.6-2.4x the
		 * longer of the two) */
		double t_dev = t_comp + t_read +
			       pp * pcie_allreduce_s(&m, s->input_tokens, tp, pp, cap, f) +
			       pp * nvlink_allreduce_s(&m, s->input_tokens, tp, pp, cap, f) +
			       pp * ep_comm_delta_s(&m, s->input_tokens, ep, adp, tp, pp, cap, f) +
			       pp * attn_rep / (cap->bandwidth_gbps * 1e9 * bw_eff) +
			       m.layers * ef.layer_ms / 1e3 + moe_layers_s(&m, f, &ef);
		double t_host = pp * engine_step_s(&ef, 1);

		/* eager launches overlap the device work, as in a decode step */
		r.time_to_first_token_ms =
			(ef.step_overlaps > 0 ? fmax(t_dev, t_host) : t_dev + t_host) * 1e3;
	}
	*out = r;
	return 0;
}

/* ---- expert parallelism ------------------------------------------------ */

double sizing_attention_params(const struct sizing_model *m)
{
	double total = m->params_b * 1e9, rest;
	int dense_layers = m->layers - m->moe_layers;

	if (m->moe_layers <= 0 || m->moe_intermediate <= 0 || m->hidden <= 0 ||
	    !(sizing_routed_expert_params(m) > 0))
		return 0;
	rest = total - sizing_routed_expert_params(m) - embedding_params(m) -
	       (dense_layers > 0 ? (double)dense_layers * 3.0 * m->hidden * m->intermediate : 0) -
	       (double)m->moe_layers * m->moe_shared_experts * 3.0 * m->hidden *
		       m->moe_intermediate;
	return rest > 0 ? rest : 0;
}

double sizing_ep_experts_touched(const struct sizing_model *m, int ep, double b)
{
	if (m->moe_experts <= 0 || m->moe_active <= 0 || ep < 1)
		return 0;
	return (double)m->moe_experts / ep * experts_touched(m->moe_experts, m->moe_active, b);
}

double sizing_ep_alltoall_bytes(const struct sizing_model *m, double tokens, int ep)
{
	if (ep <= 1)
		return 0;
	return tokens * m->hidden * 2.0 * 2.0 * (ep - 1) / ep;
}

double sizing_ep_alltoall_s(const struct sizing_model *m, double tokens, int ep, int pp,
			    const struct sizing_capacity *cap, const struct sizing_factors *f)
{
	double lat, rate, per_gpu = sizing_ep_alltoall_bytes(m, tokens, ep) / (ep > 1 ? ep : 1);
	int layers = m->moe_layers > 0 ? m->moe_layers : m->layers;

	if (ep <= 1 || pp < 1)
		return 0;
	if (cap->nvlink_domain >= ep && cap->link_gbps > 0 && f->nvlink_efficiency > 0) {
		lat = f->nvlink_allreduce_latency_us;
		rate = cap->link_gbps / 2.0 * 1e9 * f->nvlink_efficiency;
	} else {
		double eff = f->pcie_efficiency > 0 ? f->pcie_efficiency : f->network_efficiency;

		lat = f->pcie_allreduce_latency_us;
		rate = cap->pcie_gbps * 1e9 * eff;
		if (!(rate > 0))
			return 0;
	}
	return (double)layers / pp * (2.0 * lat / 1e6 + per_gpu / rate);
}

/*
 * What expert parallelism changes in the communication of one stage: the
 * all-to-alls in, each MoE layer's MLP all-reduce (half of that layer's
 * two) out, and with data-parallel attention every attention all-reduce
 * out.  0 when ep <= 1.
 */
static double ep_comm_delta_s(const struct sizing_model *m, double tokens, int ep, int adp,
			      int tp, int pp, const struct sizing_capacity *cap,
			      const struct sizing_factors *f)
{
	struct sizing_model moe = *m;
	double ar_moe, ar_attn = 0;

	if (ep <= 1)
		return 0;
	moe.layers = m->moe_layers > 0 ? m->moe_layers : m->layers;
	ar_moe = (pcie_allreduce_s(&moe, tokens, tp, pp, cap, f) +
		  nvlink_allreduce_s(&moe, tokens, tp, pp, cap, f)) / 2.0;
	if (adp > 1)
		ar_attn = (pcie_allreduce_s(m, tokens, tp, pp, cap, f) +
			   nvlink_allreduce_s(m, tokens, tp, pp, cap, f)) / 2.0;
	return sizing_ep_alltoall_s(m, tokens, ep, pp, cap, f) - ar_moe - ar_attn;
}

/* ---- training ---------------------------------------------------------- */

static const char *const method_names[] = { "full", "lora", "qlora" };

int sizing_train_method_parse(const char *s, enum sizing_train_method *out)
{
	for (int i = 0; s && i < 3; i++) {
		if (strcasecmp(s, method_names[i]) == 0) {
			*out = (enum sizing_train_method)i;
			return 0;
		}
	}
	return -1;
}

const char *sizing_train_method_name(enum sizing_train_method m)
{
	if ((int)m < 0 || (int)m > 2)
		return "?";
	return method_names[m];
}

struct train_mem {
	double weights, grads, optim, act, total;
};

/* Per-device memory (bytes) of one split; mixed-precision Adam keeps 2 B
 * weights, 2 B gradients and 12 B of fp32 master copy and moments per
 * trainable parameter (ZeRO paper).  Activations follow Korthikanti et al.
 * (arXiv:2205.05198, Table 2) with FlashAttention (no s² term) and sequence
 * parallelism inside TP: the micro-batch b is per data-parallel replica, the
 * same b sequences on each of its tp x pp GPUs, and every stored tensor of a
 * layer is split over the tp ranks (34·s·b·h / tp), the checkpointed layer
 * inputs of full recomputation too (2·s·b·h / tp: under sequence
 * parallelism a layer's input is held in [s/tp, b, h] shards, Megatron-LM
 * --sequence-parallel with --recompute-granularity full; PyTorch
 * SequenceParallel in torchtitan).  1F1B keeps pp micro-batches of the
 * first stage's L/pp layers, so the count is over all L layers whatever
 * pp. */
static void train_memory(const struct sizing_model *m, const struct sizing_training *t,
			 int tp, int pp, int dp, int recompute, const struct sizing_factors *f,
			 struct train_mem *tm)
{
	double P = m->params_b * 1e9, mp = (double)tp * pp;
	double base_b = t->method == SIZING_TRAIN_QLORA ? sizing_weight_bytes(SIZING_INT4) : 2.0;
	double trainable = t->method == SIZING_TRAIN_FULL ? P
				: P * (t->lora_fraction > 0 ? t->lora_fraction : 0.005);
	double s = t->sequence_length, b = t->micro_batch > 0 ? t->micro_batch : 1;
	double h = m->hidden, L = m->layers, per_layer;
	int z = t->zero_stage;

	tm->weights = P * base_b / mp;
	if (t->method != SIZING_TRAIN_FULL)
		tm->weights += trainable * 2.0 / mp;
	tm->grads = trainable * 2.0 / mp;
	tm->optim = trainable * 12.0 / mp;
	if (z >= 1)
		tm->optim /= dp;
	if (z >= 2)
		tm->grads /= dp;
	if (z >= 3)
		tm->weights /= dp;
	if (recompute)
		per_layer = 2.0 * s * b * h / tp + 34.0 * s * b * h / (tp * L);
	else
		per_layer = 34.0 * s * b * h / tp;
	tm->act = (L * per_layer + 4.0 * s * b * m->vocab / tp) * f->train_activation_overhead;
	tm->total = tm->weights + tm->grads + tm->optim + tm->act +
		    f->runtime_overhead_gib * GIB;
}

/* The time terms of one optimizer step of a split. */
struct train_time {
	double step_tokens, flops_tok, mfu;
	double t_compute;             /* s, all GPUs at mfu */
	double t_comm;                /* s, data-parallel traffic not hidden under compute */
	double t_comm_eth;            /* the same over the nodes' Ethernet */
	double t_tp;                  /* s, tensor-parallel all-reduces (FSDP x TP), exposed */
};

/* Step time terms of model m (normalized) in precision w on cap with split
 * tp x pp x dp and recomputation rc; mode is the precision support of cap. */
static void train_time(const struct sizing_model *m, enum sizing_precision w,
		       const struct sizing_training *t, const struct sizing_capacity *cap,
		       const struct sizing_factors *f, enum sizing_precision_mode mode, int tp,
		       int pp, int dp, int rc, struct train_time *tt)
{
	double peak, mfu, gemm_tok, attn_tok, flops_tok, trainable, grad_bytes, link, eth;
	double b = t->micro_batch > 0 ? t->micro_batch : 1;

	memset(tt, 0, sizeof(*tt));
	/* time: 6·P per token (4·P for adapters: no weight gradients of the
	 * frozen base) in the GEMMs, attention 12·L·h·s, one more forward when
	 * recomputing.  FP8 speeds up the GEMMs only, and only on FP8 tensor
	 * cores; attention stays in BF16. */
	gemm_tok = (t->method == SIZING_TRAIN_FULL ? 6.0 : 4.0) * m->active_params_b * 1e9;
	attn_tok = 12.0 * m->layers * m->hidden * t->sequence_length;
	if (rc) {
		gemm_tok += 2.0 * m->active_params_b * 1e9;
		attn_tok += 4.0 * m->layers * m->hidden * t->sequence_length;
	}
	flops_tok = gemm_tok + attn_tok;
	peak = sizing_capacity_tflops(cap, w == SIZING_FP8 ? SIZING_BF16 : w) * 1e12;
	mfu = f->train_mfu;
	if (t->framework == SIZING_FRAMEWORK_FSDP && f->train_mfu_fsdp > 0)
		mfu = f->train_mfu_fsdp;
	else if (t->framework == SIZING_FRAMEWORK_MEGATRON && f->train_mfu_megatron > 0)
		mfu = f->train_mfu_megatron;
	else if (t->framework == SIZING_FRAMEWORK_DEEPSPEED && f->train_mfu_deepspeed > 0)
		mfu = f->train_mfu_deepspeed;
	if (w == SIZING_FP8 && mode == SIZING_PREC_NATIVE)
		flops_tok = gemm_tok / f->train_fp8_speedup + attn_tok;
	if (t->method != SIZING_TRAIN_FULL)
		mfu *= f->train_finetune_mfu_scale;
	if (t->method == SIZING_TRAIN_QLORA)
		mfu /= 1.0 + f->qlora_dequant_overhead;
	mfu *= mig_compute_scale(cap, f);
	tt->flops_tok = flops_tok;
	tt->mfu = mfu;

	tt->step_tokens = f->train_global_batch_tokens;
	if (tt->step_tokens < dp * t->sequence_length)
		tt->step_tokens = dp * t->sequence_length;
	tt->t_compute = tt->step_tokens * flops_tok / (cap->gpus * peak * mfu);

	/* data-parallel gradient all-reduce (ZeRO-3: 1.5×: the all-gathers and
	 * reduce-scatters of FSDP) of each device's share, over the dp group,
	 * on the slowest link of the ring */
	trainable = t->method == SIZING_TRAIN_FULL ? m->params_b * 1e9
			: m->params_b * 1e9 * (t->lora_fraction > 0 ? t->lora_fraction : 0.005);
	grad_bytes = dp > 1 ? 2.0 * (dp - 1) / dp * trainable * 2.0 / (tp * pp) : 0;
	if (t->zero_stage >= 3)
		grad_bytes *= 1.5;
	if (cap->nodes > 1)
		link = cap->infiniband_gbps / 8.0;
	else
		link = cap->link_gbps > 0 ? cap->link_gbps : cap->pcie_gbps;
	eth = f->ethernet_gbps_per_node / 8.0 / cap->gpus_per_node;
	if (grad_bytes > 0 && link > 0)
		tt->t_comm = grad_bytes / (link * 1e9 * f->network_efficiency);
	tt->t_comm_eth = grad_bytes > 0 ? grad_bytes / (eth * 1e9 * f->network_efficiency) : 0;
	tt->t_comm -= f->comm_overlap * tt->t_compute;
	if (tt->t_comm < 0)
		tt->t_comm = 0;
	tt->t_comm_eth -= f->comm_overlap * tt->t_compute;
	if (tt->t_comm_eth < 0)
		tt->t_comm_eth = 0;

	/* FSDP x TP: the tensor-parallel all-reduces of the inference model
	 * (two a layer over NVLink, or PCIe), for the b·s tokens of one
	 * micro-step, twice (forward and backward; sequence parallelism's
	 * all-gather and reduce-scatter move the same bytes), once more when
	 * recomputing, for each of the step's step_tokens / (dp·b·s)
	 * micro-steps.  Megatron's published MFU already holds its TP
	 * communication; FSDP's (calibrated on pure FSDP) does not, so it is
	 * charged to FSDP only, exposed (no async TP). */
	if (t->framework == SIZING_FRAMEWORK_FSDP && tp > 1) {
		double toks = b * t->sequence_length;
		double one = pcie_allreduce_s(m, toks, tp, pp, cap, f) +
			     nvlink_allreduce_s(m, toks, tp, pp, cap, f);

		tt->t_tp = (2.0 + rc) * one * tt->step_tokens / (dp * toks);
	}
}

/* The total step time of tt, as the run sees it on cap. */
static double train_step_s(const struct sizing_capacity *cap, const struct train_time *tt)
{
	double comm = tt->t_comm;

	if (cap->nodes > 1 && !(cap->infiniband_gbps > 0))
		comm = tt->t_comm_eth;
	return tt->t_compute + comm + tt->t_tp;
}

/*
 * FSDP x TP (torchtitan's 2-D parallelism): FSDP over the data-parallel
 * group, tensor parallelism inside a node; tp a power of two that divides
 * the GPUs of a node, the GPUs in all and the attention heads, within the
 * NVLink domain; no pipeline.  Among the splits that fit (without
 * recomputation and with it, as t->recompute allows), the fastest step;
 * ties to the smaller tp.  0 when none fits.
 */
static int fsdp_tp_split(const struct sizing_model *m, enum sizing_precision w,
			 const struct sizing_training *t, const struct sizing_capacity *cap,
			 const struct sizing_factors *f, enum sizing_precision_mode mode,
			 double usable, int *tp_out, int *rc_out)
{
	double best = 0;
	int found = 0;
	int node = cap->gpus_per_node > 0 ? cap->gpus_per_node : cap->gpus;

	for (int tp = 1; tp <= node && tp <= cap->nvlink_domain; tp *= 2) {
		if (node % tp || cap->gpus % tp || m->heads % tp)
			continue;
		for (int rc = 0; rc < 2; rc++) {
			struct train_mem tm;
			struct train_time tt;
			double s;

			if ((t->recompute == 0 && rc) || (t->recompute == 1 && !rc))
				continue;
			train_memory(m, t, tp, 1, cap->gpus / tp, rc, f, &tm);
			if (tm.total > usable)
				continue;
			train_time(m, w, t, cap, f, mode, tp, 1, cap->gpus / tp, rc, &tt);
			s = train_step_s(cap, &tt);
			if (!found || s < best) {
				found = 1;
				best = s;
				*tp_out = tp;
				*rc_out = rc;
			}
		}
	}
	return found;
}

int sizing_training(const struct sizing_model *model, enum sizing_precision w,
		    const struct sizing_training *t, const struct sizing_capacity *cap,
		    const struct sizing_factors *f, struct sizing_training_result *out, char *err)
{
	struct sizing_model m = *model;
	struct sizing_training_result r;
	struct train_mem tm = { 0 };
	struct train_time tt;
	double usable;
	int found = 0, tp = 1, pp = 1, dp = 1, rc = 0;

	memset(&r, 0, sizeof(r));
	*out = r;
	if (sizing_model_normalize(&m, err) < 0)
		return -1;
	if (m.layers <= 0 || m.hidden <= 0 || m.heads <= 0) {
		seterr(err, "model '%s' needs layers, hidden size and heads for training", m.name);
		return -1;
	}
	if (t->zero_stage < 0 || t->zero_stage > 3) {
		seterr(err, "%s", "zero stage must be 0, 1, 2 or 3");
		return -1;
	}
	if (!(t->tokens > 0) || !(t->sequence_length >= 1)) {
		seterr(err, "%s", "training tokens and sequence length must be positive");
		return -1;
	}
	if (cap->gpus < 1 || !(cap->memory_gib > 0)) {
		seterr(err, "capacity '%s' has no usable GPU", cap->gpu_model);
		return -1;
	}
	usable = cap->memory_gib * f->memory_utilization * GIB;
	r.precision_mode = sizing_precision_support(cap, w, 1, r.precision_note,
						    sizeof r.precision_note);

	if (t->framework == SIZING_FRAMEWORK_FSDP &&
	    fsdp_tp_split(&m, w, t, cap, f, r.precision_mode, usable, &tp, &rc)) {
		found = 1;
		pp = 1;
		dp = cap->gpus / tp;
		train_memory(&m, t, tp, pp, dp, rc, f, &tm);
	}
	for (int pass = 0; pass < 2 && !found; pass++) {
		int rec = pass;

		if ((t->recompute == 0 && rec) || (t->recompute == 1 && !rec))
			continue;
		for (int mp = 1; mp <= cap->gpus && !found; mp++) {
			if (cap->gpus % mp)
				continue;
			for (int ttp = cap->nvlink_domain; ttp >= 1 && !found; ttp /= 2) {
				int tpp;

				if (mp % ttp || ttp > m.heads || m.heads % ttp)
					continue;
				tpp = mp / ttp;
				if (tpp > m.layers)
					continue;
				train_memory(&m, t, ttp, tpp, cap->gpus / mp, rec, f, &tm);
				if (tm.total <= usable) {
					found = 1;
					tp = ttp;
					pp = tpp;
					dp = cap->gpus / mp;
					rc = rec;
				}
			}
		}
	}
	if (!found) {
		/* report the most spread split so the shortfall is the smallest */
		tp = pow2_divisor(cap->nvlink_domain, cap->gpus);
		pp = cap->gpus / tp;
		if (pp > m.layers)
			pp = m.layers;
		dp = cap->gpus / (tp * pp);
		rc = t->recompute != 0;
		train_memory(&m, t, tp, pp, dp, rc, f, &tm);
		r.note = "the model states and activations do not fit in GPU memory";
	}
	r.fits = found;
	r.tp = tp;
	r.pp = pp;
	r.dp = dp;
	r.recompute = rc;
	r.weights_gib = tm.weights / GIB;
	r.gradients_gib = tm.grads / GIB;
	r.optimizer_gib = tm.optim / GIB;
	r.activations_gib = tm.act / GIB;
	r.overhead_gib = f->runtime_overhead_gib;
	r.memory_gib = tm.total / GIB;
	r.available_gib = usable / GIB;

	if (r.precision_mode == SIZING_PREC_UNSUPPORTED && r.fits) {
		r.fits = 0;
		r.note = "the GPU cannot train in this precision";
	}

	train_time(&m, w, t, cap, f, r.precision_mode, tp, pp, dp, rc, &tt);
	r.needs_infiniband = cap->nodes > 1 && tt.t_comm_eth / tt.t_compute > f->ib_required_ratio;
	if (cap->nodes > 1 && !(cap->infiniband_gbps > 0)) {
		tt.t_comm = tt.t_comm_eth;
		if (r.needs_infiniband && r.fits) {
			r.fits = 0;
			r.note = "multi-node training without InfiniBand is too slow";
		}
	}
	r.comm_compute_ratio = tt.t_comm / tt.t_compute;
	r.tokens_per_s = tt.step_tokens / (tt.t_compute + tt.t_comm + tt.t_tp);
	r.hours = t->tokens / r.tokens_per_s / 3600.0;
	/* the MFU the hours are computed with: the factor the compute time used,
	 * diluted by the communication that is not hidden under it (so that
	 * hours = tokens x flops_tok / (gpus x peak x mfu) / 3600), not a 6·P
	 * re-derivation that leaves out attention and recompute */
	r.mfu = tt.mfu * tt.t_compute / (tt.t_compute + tt.t_comm + tt.t_tp);
	*out = r;
	return 0;
}

/* ---- generic ----------------------------------------------------------- */

void sizing_generic(const struct sizing_requirements *req, const struct sizing_capacity *cap,
		    const struct sizing_factors *f, struct sizing_generic_result *out)
{
	double mem = cap->memory_gib * f->memory_utilization - f->runtime_overhead_gib;
	double tf = cap->fp16_tflops * mig_compute_scale(cap, f);

	memset(out, 0, sizeof(*out));
	out->memory_util = req->gpu_memory_gib > 0 ? (mem > 0 ? req->gpu_memory_gib / mem : INFINITY)
						   : 0;
	out->compute_util = req->tflops_fp16 > 0 ? (tf > 0 ? req->tflops_fp16 / tf : INFINITY) : 0;
	out->bandwidth_util = req->bandwidth_gb_per_s > 0 && cap->bandwidth_gbps > 0
				      ? req->bandwidth_gb_per_s / cap->bandwidth_gbps
				      : (req->bandwidth_gb_per_s > 0 ? INFINITY : 0);
	out->fits = 1;
	if (out->memory_util > 1) {
		out->fits = 0;
		out->note = "not enough GPU memory";
	} else if (out->compute_util > 1) {
		out->fits = 0;
		out->note = "not enough compute";
	} else if (out->bandwidth_util > 1) {
		out->fits = 0;
		out->note = "not enough memory bandwidth";
	}
}
