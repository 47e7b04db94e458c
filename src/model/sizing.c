/*
 * sizing.c - the memory and throughput model (see sizing.h, docs/sizing.md):
 * precisions, capacities, models and the generic fit; the factors are in
 * sizing_factors.c, inference in sizing_inference.c, training in
 * sizing_training.c.
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

#include "sizing_internal.h"
#include "util.h"

void sizing_seterr(char *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(err, SIZING_ERRLEN, fmt, ap);
	va_end(ap);
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
		sizing_seterr(err, "model '%s' has no parameter count", m->name);
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
double sizing_embedding_params(const struct sizing_model *m)
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
	double emb = m->mixed_precision ? sizing_embedding_params(m) : 0;
	double rest = total - routed - emb;

	return routed * expert_bytes(m, w) + emb * 2.0 + rest * sizing_weight_bytes(w);
}

double sizing_mtp_bytes(const struct sizing_model *m, enum sizing_precision w)
{
	return m->mtp_params_b > 0 ? m->mtp_params_b * 1e9 * sizing_weight_bytes(w) : 0;
}

/* Expected share of E experts that b tokens routing to k each touch. */
double sizing_experts_touched(int E, int k, double b)
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
	return all - routed * expert_bytes(m, w) * (1.0 - sizing_experts_touched(m->moe_experts,
									    m->moe_active, b));
}

int sizing_model_native(struct sizing_model *m, enum sizing_precision *w, char *err)
{
	if (!m->native_known) {
		sizing_seterr(err, "the catalog does not say which precision model '%s' is released "
			      "in; give --precision (fp16, bf16, fp8, ...)", m->name);
		return -1;
	}
	*w = m->native_precision;
	m->mixed_precision = 1;
	m->expert_precision = m->native_expert_precision;
	return 0;
}

/* Largest power of two <= n that divides gpus. */
int sizing_pow2_divisor(int n, int gpus)
{
	int t = 1;

	while (t * 2 <= n && gpus % (t * 2) == 0)
		t *= 2;
	return t;
}

/* The factor on a MIG slice's compute: mig_efficiency (fitted on a compute
 * benchmark, docs/sizing.md), bounded so that the slice's compute, its SM
 * share × the GPU's, never exceeds the whole GPU's; 1 for anything but a
 * slice.  Bandwidth-bound terms (weight and KV reads) are never scaled: a
 * slice reads memory at most as fast as its memory slices allow. */
double sizing_mig_compute_scale(const struct sizing_capacity *cap, const struct sizing_factors *f)
{
	double s;

	if (cap->kind != SIZING_CAP_MIG || !(f->mig_efficiency > 0))
		return 1.0;
	s = f->mig_efficiency;
	if (cap->fraction > 0 && s * cap->fraction > 1.0)
		s = 1.0 / cap->fraction;
	return s;
}

/* ---- generic ----------------------------------------------------------- */

void sizing_generic(const struct sizing_requirements *req, const struct sizing_capacity *cap,
		    const struct sizing_factors *f, struct sizing_generic_result *out)
{
	double mem = cap->memory_gib * f->memory_utilization - f->runtime_overhead_gib;
	double tf = cap->fp16_tflops * sizing_mig_compute_scale(cap, f);

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
