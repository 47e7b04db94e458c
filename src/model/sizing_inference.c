/*
 * sizing_inference.c - the inference roofline (see sizing.h, docs/sizing.md).
 *
 * Every decode step reads the weights a device holds plus the KV cache of
 * every sequence in flight, and does 2 FLOPs per active parameter per
 * token; the prompt tokens of new requests are prefilled inside the same
 * steps (chunked prefill), so at steady state each output token carries
 * input/output prompt tokens of compute.  The step takes the longer of its
 * memory time and its compute time plus a fixed overhead.  Tensor- and
 * expert-parallel communication is costed here too.
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

/* eff^log2(n): a per-doubling efficiency over n devices; 1 for one */
static double per_doubling(double eff, int n)
{
	return n > 1 ? pow(eff, log2((double)n)) : 1.0;
}

/* ---- inference --------------------------------------------------------- */

const char *sizing_expert_text(char *buf, size_t len, int ep, int attention_dp)
{
	if (ep <= 1)
		snprintf(buf, len, "%s", "");
	else if (attention_dp > 1)
		snprintf(buf, len, "expert %d, attention data-parallel %d", ep, attention_dp);
	else
		snprintf(buf, len, "expert %d", ep);
	return buf;
}

const char *sizing_parallelism_text(char *buf, size_t len, int tp, int pp, int ep,
				    int attention_dp)
{
	char e[64];

	sizing_expert_text(e, sizeof e, ep, attention_dp);
	snprintf(buf, len, "tensor %d x pipeline %d%s%s", tp, pp, e[0] ? ", " : "", e);
	return buf;
}

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
	return total - routed * (1.0 - sizing_experts_touched(m->moe_experts, m->moe_active, b));
}

/* The active parameters of the k routed experts, k·e with e = (T − A) /
 * (E − k) (see weights_read_params); 0 for a dense model. */
static double routed_active_params(const struct sizing_model *m)
{
	double total = m->params_b * 1e9, active = m->active_params_b * 1e9;
	int E = m->moe_experts, k = m->moe_active;

	if (E <= 0 || k <= 0 || k >= E || total <= active)
		return 0;
	return k * (total - active) / (E - k);
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
	double active = m->active_params_b * 1e9;

	if (!(f->moe_expert_mfu_scale > 0))
		return active;
	return active + routed_active_params(m) * (1.0 / f->moe_expert_mfu_scale - 1.0);
}

/* The routed experts' share of compute_params: their GEMMs, in dense
 * equivalents (k·e / moe_expert_mfu_scale); 0 for a dense model. */
static double routed_compute_params(const struct sizing_model *m, const struct sizing_factors *f)
{
	return routed_active_params(m) /
	       (f->moe_expert_mfu_scale > 0 ? f->moe_expert_mfu_scale : 1.0);
}

/*
 * Under expert parallelism a MoE layer waits for its busiest GPU: the
 * routed experts' part of the weight read scales by read (distinct experts
 * read, against the mean), and of the GEMMs by tok (routed pairs);
 * w_share and c_share are those parts of the step's read and GEMMs.  All
 * 1 and 0 without expert parallelism.
 */
struct ep_balance {
	double read, tok, w_share, c_share;
};

static struct ep_balance ep_balance_of(const struct sizing_model *m, enum sizing_precision w,
				       double b, double tokens, int ep,
				       const struct sizing_factors *f)
{
	struct ep_balance eb = { 1.0, 1.0, 0, 0 };
	double all = sizing_weights_read_bytes(m, w, b), act = compute_params(m, f);

	if (ep <= 1)
		return eb;
	eb.read = sizing_ep_read_imbalance(m, b, ep);
	eb.tok = sizing_ep_token_imbalance(m, tokens, ep, f);
	eb.w_share = all > 0 ? (all - sizing_weights_read_bytes(m, w, 0)) / all : 0;
	eb.c_share = act > 0 ? routed_compute_params(m, f) / act : 0;
	return eb;
}

struct infer_step {
	double t_mem, t_comp, t_comm, t_cycle; /* seconds */
};
double sizing_pcie_rate(const struct sizing_capacity *cap, const struct sizing_factors *f)
{
	double eff = f->pcie_efficiency > 0 ? f->pcie_efficiency : f->network_efficiency;

	return cap->pcie_gbps > 0 && eff > 0 ? cap->pcie_gbps * 1e9 * eff : 0;
}

double sizing_nvlink_rate(const struct sizing_capacity *cap, const struct sizing_factors *f)
{
	return cap->link_gbps > 0 && f->nvlink_efficiency > 0
		       ? cap->link_gbps / 2.0 * 1e9 * f->nvlink_efficiency
		       : 0;
}

/*
 * Tensor-parallel all-reduces over PCIe (no NVLink): two per layer of one
 * stage (attention and MLP outputs), each a ring of tokens × hidden × 2 B:
 * latency + 2(tp − 1)/tp × bytes / (PCIe × pcie_efficiency).
 */
double sizing_pcie_allreduce_s(const struct sizing_model *m, double tokens, int tp, int pp,
			       const struct sizing_capacity *cap, const struct sizing_factors *f)
{
	double rate = sizing_pcie_rate(cap, f), bytes = tokens * m->hidden * 2.0;
	double one;

	if (tp <= 1 || cap->nvlink_domain >= tp || !(rate > 0))
		return 0;
	one = f->pcie_allreduce_latency_us / 1e6 + 2.0 * (tp - 1) / tp * bytes / rate;
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
double sizing_nvlink_allreduce_s(const struct sizing_model *m, double tokens, int tp, int pp,
				 const struct sizing_capacity *cap, const struct sizing_factors *f)
{
	double rate = sizing_nvlink_rate(cap, f), bytes = tokens * m->hidden * 2.0;
	double one;

	if (tp <= 1 || cap->nvlink_domain < tp || !(rate > 0))
		return 0;
	one = f->nvlink_allreduce_latency_us / 1e6 + 2.0 * (tp - 1) / tp * bytes / rate;
	return 2.0 * m->layers / pp * one;
}

/* The engine's host work in one step of n sequences through layers layers,
 * in seconds: its fixed step, its work per layer (an eager engine's Python
 * and kernel launches, layer after layer) and its work per sequence
 * (sampling over the vocabulary, scheduling and output bookkeeping). */
static double engine_step_s(const struct sizing_engine_factors *ef, double layers, double n)
{
	return ef->step_overhead_ms / 1e3 + layers * ef->host_layer_ms / 1e3 +
	       n * ef->step_per_sequence_us / 1e6;
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
 * The device time of the routed (token, expert) pairs each GPU handles in
 * one forward pass of tokens tokens beyond what the expert rate charges
 * their GEMMs, when gpufit charges those at the FP4 rate (fp4: the model run
 * in NVFP4 or MXFP4 on FP4 tensor cores; moe_pair_ns each: at four times the FP8 rate
 * the token's permutation, quantization and the experts' partial tiles no
 * longer hide under the GEMMs, where in 8 and 16 bits the expert rate
 * covers them): tokens x k pairs a routed layer, spread over the ep GPUs of
 * expert parallelism (tok: the busiest one's share over the mean) and not
 * over tensor parallelism, whose GPUs each handle every pair on their
 * slice of the experts.  0 for a dense model and for an engine whose own
 * cost per layer (engine_layer_ms, llama.cpp) was fitted on routed layers
 * too.
 */
static double moe_pairs_s(const struct sizing_model *m, const struct sizing_factors *f,
			  const struct sizing_engine_factors *ef, double tokens, int ep, double tok,
			  int fp4)
{
	int n;

	if (!fp4 || m->moe_experts <= 0 || m->moe_active <= 0 || !(f->moe_pair_ns > 0) ||
	    ef->layer_ms > 0 || !(tokens > 0))
		return 0;
	n = m->moe_layers > 0 ? m->moe_layers : m->layers;
	return n * tokens * m->moe_active / (ep > 1 ? ep : 1) * (ep > 1 ? tok : 1.0) *
	       f->moe_pair_ns / 1e9;
}

/*
 * FLOPs of absorbed MLA decode attention per token per context token over
 * all layers: per head, q against the latent and rope key (kv_lora_rank +
 * qk_rope_head_dim) and the weighted sum of latents (kv_lora_rank), two
 * FLOPs per multiply-add (deepseek-ai/FlashMLA deep dive, 2025-04-22:
 * 2 h_q s_q s_k (d_k + d_v)); DeepSeek-V3: 61 x 2 x 128 x 1,088.  0 for a
 * model without MLA, whose decode attention is bound by its KV read.
 */
static double mla_decode_flops(const struct sizing_model *m)
{
	if (m->mla_kv_lora_rank <= 0)
		return 0;
	return (double)m->layers * 2.0 * m->heads *
	       (2.0 * m->mla_kv_lora_rank + m->mla_qk_rope_head_dim);
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
			 int tp, int pp, int adp, int ep, int fp4, const struct sizing_capacity *cap,
			 const struct sizing_factors *f, const struct sizing_engine_factors *ef,
			 const struct ep_balance *eb, struct infer_step *st)
{
	double mb = B / pp;                     /* micro-batch per pipeline stage */
	double mp = (double)tp * pp;
	double act = compute_params(m, f);
	double q = (double)m->heads * m->head_dim;
	double bw = cap->bandwidth_gbps * 1e9;
	double mig = sizing_mig_compute_scale(cap, f);
	double peak = tflops * 1e12 * mig;
	double peak16 = sizing_capacity_tflops(cap, SIZING_FP16) * 1e12 * mig;
	double t_w, t_lin, t_pre, t_kv, t_mla, t_pattn, t_stage, t_sum, t_ar, t_stall, tp_loss, pp_loss;
	double dmfu = f->decode_mfu * ef->decode_mfu_scale, pmfu = f->prefill_mfu * ef->prefill_scale;
	/* with data-parallel attention every rank runs a scheduler of its own
	 * (vLLM's engine cores, TensorRT-LLM's executors, SGLang's schedulers),
	 * all at once: a step waits for the host work of the busiest rank's
	 * sequences, a whole number of them */
	double ranks = adp > 1 ? adp : 1;
	double ovh = engine_step_s(ef, m->layers / (double)pp, adp > 1 ? ceil(mb / ranks) : mb);
	/* the fixed cost of the layers a stage runs, once per forward pass:
	 * the engine's per layer, and the routing kernels of each layer of
	 * routed experts */
	double t_layers = m->layers / (double)pp * ef->layer_ms / 1e3 + moe_layers_s(m, f, ef) / pp;
	/* the routed pairs of the step's tokens, decode and prompt, on the
	 * layers of a stage */
	double t_pairs = moe_pairs_s(m, f, ef, mb * (1.0 + ratio), ep, eb->tok, fp4) / pp;

	t_w = weights_read_params(m, mb) * wbytes / mp / (bw * bw_eff);
	t_lin = mb * 2.0 * act / mp / (peak * dmfu);
	/* prompt work of the step: in a latency-bound step it adds to the weight
	 * read (the GEMMs grow from decode rows to prompt rows), it does not hide
	 * under it */
	t_pre = mb * ratio * 2.0 * act / mp / (peak * pmfu);
	/* expert parallelism: the routed experts' part runs as long as on
	 * the busiest GPU */
	t_w *= 1.0 + eb->w_share * (eb->read - 1.0);
	t_lin *= 1.0 + eb->c_share * (eb->tok - 1.0);
	t_pre *= 1.0 + eb->c_share * (eb->tok - 1.0);
	t_kv = mb * ctx * kvpt_dev / (bw * f->decode_kv_bw_efficiency);
	t_mla = mla_decode_flops(m) > 0 && f->mla_attention_mfu > 0
			? mb * ctx * mla_decode_flops(m) / mp / (peak16 * f->mla_attention_mfu)
			: 0;
	/* causal attention of a prompt: 4·L·q·(in/2) FLOPs per prompt token */
	t_pattn = mb * ratio * 2.0 * m->layers * q * in / mp / (peak16 * pmfu);
	/* an engine that does not batch prompts with decode runs them in steps
	 * of their own, one per cycle at most (new prompts wait for the next
	 * step together): each such step reads the weights again unless its
	 * prompt GEMMs take longer, and pays the engine's step; the prompt work
	 * itself is already in t_pre.  An engine of static batches prefills a
	 * whole batch's prompts in one step per batch, one step in out cycles
	 * (ratio / in = 1 / out) */
	t_stall = 0;
	if (ef->chunked_prefill <= 0) {
		double prompts = mb * ratio / in;
		double n_pre = fmin(1.0, ef->static_batches > 0 ? ratio / in : prompts);

		if (n_pre > 0) {
			/* a prompt step's device time, and its host work for the
			 * prompts it carries */
			double dev = fmax(t_w, t_pre / n_pre) + t_layers;
			double host = engine_step_s(ef, m->layers / (double)pp,
						    adp > 1 ? fmax(1.0, prompts / n_pre / ranks)
							    : prompts / n_pre);

			t_stall = n_pre * (ef->step_overlaps > 0 ? fmax(dev, host) : dev + host) - t_pre;
		}
	}
	t_ar = sizing_pcie_allreduce_s(m, mb * (1.0 + ratio), tp, pp, cap, f) +
	       sizing_nvlink_allreduce_s(m, mb * (1.0 + ratio), tp, pp, cap, f);
	/* tp_efficiency (TensorRT-LLM's TP2 -> TP8 rows) charges the sharded
	 * kernels (smaller GEMMs and attention per device); the all-reduces are
	 * costed above and the fixed step of the engine is not sharded */
	tp_loss = per_doubling(f->tp_efficiency, tp);
	t_w /= tp_loss;
	t_lin /= tp_loss;
	t_pre /= tp_loss;
	t_kv /= tp_loss;
	t_mla /= tp_loss;
	t_pattn /= tp_loss;
	/* near the ridge point a GEMM reaches neither roof: a share of the
	 * shorter of the weight read and the GEMM time adds to the longer */
	if (t_w > t_lin)
		t_w += f->roofline_blend * t_lin;
	else
		t_lin += f->roofline_blend * t_w;
	/* absorbed MLA decode reads the latent and does its math in one
	 * kernel: the attention takes the longer of the two */
	st->t_mem = (t_w > t_lin ? t_w : 0) + (t_kv >= t_mla ? t_kv : 0);
	st->t_comp = (t_w > t_lin ? 0 : t_lin) + t_pre + t_pattn + (t_kv >= t_mla ? 0 : t_mla);
	t_sum = (t_w > t_lin ? t_w : t_lin) + t_pre + fmax(t_kv, t_mla) + t_pattn + t_stall + t_ar +
		t_layers + t_pairs + ovh;
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
		      pp * (t_sum - t_ar - ovh - t_stall - t_pairs) * (1.0 - tp_loss)) *
		     (t_sum > 0 ? t_stage / t_sum : 1.0);
}

static double ep_comm_delta_s(const struct sizing_model *m, double tokens, int ep, int adp,
			      int tp, int pp, double dispatch_b,
			      const struct sizing_capacity *cap, const struct sizing_factors *f);

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
	char per[96] = "";
	int ranks = r->cap_ranks > 1 ? r->cap_ranks : 1;
	long cap = r->max_sequences / ranks;

	if ((r->note != engine_cap_note && r->note != max_sequences_note) || !buf || !len)
		return r->note;
	if (ranks > 1)
		snprintf(per, sizeof per, " per data-parallel rank (%ld over %d ranks)",
			 r->max_sequences, ranks);
	if (r->note == max_sequences_note)
		snprintf(buf, len, "max_sequences %ld%s is more sequences than the KV cache holds "
			 "(%ld); lower it, or give the model more GPU memory", cap, per,
			 r->memory_max_concurrency);
	else if (r->max_sequences_set)
		snprintf(buf, len, "%ld sequences exceed the max_sequences of %ld%s set for %s (%s; "
			 "memory holds %ld)", r->concurrency, cap, per,
			 sizing_engine_name(e), sizing_engine_sequences_option(e),
			 r->memory_max_concurrency);
	else
		snprintf(buf, len, "%ld sequences exceed %s's default of %ld sequences in flight%s "
			 "(%s; memory holds %ld; raise it with serving.max_sequences or --max-sequences)",
			 r->concurrency, sizing_engine_name(e), cap, per,
			 sizing_engine_sequences_option(e), r->memory_max_concurrency);
	return buf;
}

/* How one instance of m is laid out on cap: tensor and pipeline sizes,
 * the ranks the KV cache is split over, expert and attention data
 * parallelism; 0, or -1 and err when the model cannot be laid out so. */
struct infer_layout {
	int tp, pp, kv_split, ep, adp;
};

static int infer_layout(const struct sizing_model *m, const struct sizing_serving *s,
			const struct sizing_capacity *cap, const struct sizing_engine_factors *ef,
			struct infer_layout *l, char *err)
{
	l->ep = l->adp = 1;
	/* tensor parallel inside the NVLink domain, or over PCIe across the
	 * GPUs of one node when they have no NVLink (its all-reduces are
	 * costed); pipeline stages across nodes */
	{
		int dom = cap->nvlink_domain > 1 ? cap->nvlink_domain
			  : cap->gpus_per_node > 0 ? cap->gpus_per_node : 1;

		l->tp = sizing_pow2_divisor(dom < cap->gpus ? dom : cap->gpus, cap->gpus);
	}
	if (l->tp > m->heads)
		l->tp = sizing_pow2_divisor(m->heads, cap->gpus);
	l->pp = cap->gpus / l->tp;
	if (m->layers > 0 && l->pp > m->layers) {
		sizing_seterr(err, "one instance of %d layers spans at most %d GPUs (tensor %d x "
			      "pipeline %d), not %d", m->layers, l->tp * m->layers, l->tp, m->layers,
			      cap->gpus);
		return -1;
	}
	l->kv_split = l->tp < m->kv_heads ? l->tp : m->kv_heads;
	/* the MLA latent has no head axis: every tensor-parallel rank holds it */
	if (m->mla_kv_lora_rank > 0)
		l->kv_split = 1;
	/* expert parallelism over the GPUs of a stage; data-parallel attention
	 * holds each sequence's latent on one GPU (see sizing.h) */
	if (s->expert_parallel) {
		if (s->attention == SIZING_ATTENTION_DATA_PARALLEL && !(ef->dp_attention > 0)) {
			sizing_seterr(err, "engine '%s' runs attention tensor-parallel under "
				      "expert parallelism (vllm, sglang and tensorrt-llm run "
				      "it data-parallel)", sizing_engine_name(s->engine));
			return -1;
		}
		if (!(ef->expert_parallel > 0)) {
			sizing_seterr(err, "engine '%s' has no expert parallelism (vllm, sglang "
				      "and tensorrt-llm have)", sizing_engine_name(s->engine));
			return -1;
		}
		if (m->moe_experts > 0 && l->tp > 1) {
			int dp = s->attention == SIZING_ATTENTION_DATA_PARALLEL ||
				 (s->attention == SIZING_ATTENTION_DEFAULT && m->mla_kv_lora_rank > 0);

			l->ep = l->tp;
			if (dp && ef->dp_attention > 0)
				l->kv_split = l->adp = l->tp;
		}
	}
	return 0;
}

/* The share of the memory bandwidth decode reads weights at: the engine's,
 * times the weight-only kernel's for weights dequantised on the fly. */
static double decode_bw_eff(const struct sizing_model *m, enum sizing_precision w,
			    enum sizing_precision_mode mode, const struct sizing_factors *f,
			    const struct sizing_engine_factors *ef)
{
	double bw_eff = f->decode_bw_efficiency * ef->decode_bw_scale;

	/* an engine with its own quantized kernels: its bandwidth share covers
	 * them, the generic weight-only efficiencies do not apply */
	if (!(ef->weight_only_native > 0)) {
		if (w == SIZING_INT8 || ((w == SIZING_FP8 || w == SIZING_FP8_BLOCK) &&
					 mode == SIZING_PREC_WEIGHT_ONLY))
			bw_eff *= f->weight_only_int8_efficiency;
		else if (w == SIZING_INT4 ||
			 ((w == SIZING_FP4 || w == SIZING_MXFP4 ||
			   (m->mixed_precision && (m->expert_precision == SIZING_FP4 ||
						  m->expert_precision == SIZING_MXFP4))) &&
			  mode == SIZING_PREC_WEIGHT_ONLY))
			bw_eff *= f->weight_only_int4_efficiency;
	}
	return bw_eff;
}

/* Prefill alone, into r: the prompt tokens per second of the instance
 * (compute-bound over tp devices per stage, pp stages) and the time to the
 * first token of one request. */
static void infer_prefill(const struct sizing_model *m, const struct sizing_serving *s,
			  const struct sizing_capacity *cap, const struct sizing_factors *f,
			  const struct sizing_engine_factors *ef, const struct infer_layout *l,
			  double tflops, double bw_eff, double wall, double attn_rep,
			  double dispatch_b, int fp4, struct sizing_inference_result *r)
{
	int tp = l->tp, pp = l->pp;
	double in = s->input_tokens;
	double q = (double)m->heads * m->head_dim;
	/* expert parallelism: the prompt's routed GEMMs run as long as on the
	 * busiest GPU */
	double tok = sizing_ep_token_imbalance(m, in, l->ep, f);
	double pflops_tok = 2.0 * compute_params(m, f) + 2.0 * m->layers * q * in +
			    2.0 * routed_compute_params(m, f) * (tok - 1.0);
	double peak_tp = tflops * 1e12 * f->prefill_mfu * ef->prefill_scale * tp *
			 per_doubling(f->tp_efficiency, tp);
	/* the routed pairs of one prompt token on every stage */
	double pair_tok = moe_pairs_s(m, f, ef, 1.0, l->ep, tok, fp4);

	peak_tp *= sizing_mig_compute_scale(cap, f);
	r->prefill_tokens_per_s =
		1.0 / (pflops_tok / (peak_tp * pp * per_doubling(f->pp_efficiency, pp)) + pair_tok / pp);
	{
		double t_comp = in * pflops_tok / peak_tp + in * pair_tok;
		double t_read = wall / (cap->bandwidth_gbps * 1e9 * bw_eff * tp *
					per_doubling(f->tp_efficiency, tp));

		/* the prompt's GEMMs add to the weight read, as in a decode
		 * step: a short prompt does not hide under the read (TensorRT-LLM
		 * v0.5 first-token latencies at 128 tokens were 1.6-2.4x the
		 * longer of the two) */
		double t_dev = t_comp + t_read +
			       pp * sizing_pcie_allreduce_s(m, in, tp, pp, cap, f) +
			       pp * sizing_nvlink_allreduce_s(m, in, tp, pp, cap, f) +
			       pp * ep_comm_delta_s(m, in, l->ep, l->adp, tp, pp, dispatch_b, cap, f) +
			       pp * attn_rep / (cap->bandwidth_gbps * 1e9 * bw_eff) +
			       m->layers * ef->layer_ms / 1e3 + moe_layers_s(m, f, ef);
		double t_host = pp * engine_step_s(ef, m->layers / (double)pp, 1);

		/* eager launches overlap the device work, as in a decode step */
		r->time_to_first_token_ms =
			(ef->step_overlaps > 0 ? fmax(t_dev, t_host) : t_dev + t_host) * 1e3;
	}
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
	double tflops, bw_eff, B, limit;
	double kvseq_dev, wread, wall;
	struct sizing_engine_factors ef;
	struct infer_layout lay;
	int tp, pp, kv_split, kv_limited = 0, win_only, ep, adp, fp4;
	double attn_rep = 0, disp_b;
	struct ep_balance eb;

	memset(&r, 0, sizeof(r));
	*out = r;
	if (sizing_model_normalize(&m, err) < 0)
		return -1;
	if (m.layers <= 0 || m.kv_heads <= 0 || m.head_dim <= 0 || m.heads <= 0) {
		sizing_seterr(err, "model '%s' needs layers, heads and a head size to size its KV "
			      "cache", m.name);
		return -1;
	}
	if (!(s->input_tokens >= 1) || !(s->output_tokens >= 1)) {
		sizing_seterr(err, "%s", "input and output tokens must be at least 1");
		return -1;
	}
	if (cap->gpus < 1 || !(cap->memory_gib > 0) || !(cap->bandwidth_gbps > 0)) {
		sizing_seterr(err, "capacity '%s' has no usable GPU", cap->gpu_model);
		return -1;
	}

	ef = sizing_engine_factors_of(f, s->engine);
	if (infer_layout(&m, s, cap, &ef, &lay, err) < 0)
		return -1;
	tp = lay.tp;
	pp = lay.pp;
	kv_split = lay.kv_split;
	ep = lay.ep;
	adp = lay.adp;
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
	/* an engine that runs one scheduler per data-parallel attention rank
	 * (vLLM's engine cores, TensorRT-LLM's executors) caps each rank */
	r.cap_ranks = adp > 1 && ef.cap_per_dp_rank > 0 ? adp : 1;
	limit = (s->max_sequences > 0 ? (double)s->max_sequences : ef.max_batch_sequences) *
		r.cap_ranks;
	/* a catalog's absurd cap: held where a long holds it, as memory's */
	if (!(limit <= 1e15))
		limit = 1e15;
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
		if (s->max_sequences > 0 && r.max_sequences > r.memory_max_concurrency) {
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
	bw_eff = decode_bw_eff(&m, w, r.precision_mode, f, &ef);
	fp4 = (w == SIZING_FP4 || w == SIZING_MXFP4) && r.precision_mode == SIZING_PREC_NATIVE;

	/* the bytes per parameter a step reads, over the parameters it reads:
	 * mixed precisions and the experts a batch touches */
	wread = weights_read_params(&m, B / pp);
	if (wread > 0)
		wbytes = sizing_weights_read_bytes(&m, w, B / pp) / wread;
	eb = ep_balance_of(&m, w, B / pp, B / pp * (1.0 + ratio), ep, f);
	disp_b = sizing_ep_dispatch_bytes(&m, w, r.precision_mode);
	decode_cycle(&m, B, ctx, ratio, s->input_tokens, wbytes, kvpt_dev, tflops, bw_eff, tp, pp,
		     adp, ep, fp4, cap, f, &ef, &eb, &st);
	if (ep > 1) {
		/* with data-parallel attention the dispatch and combine replace
		 * the experts' all-reduces; each GPU reads the attention it holds
		 * whole */
		double d = ep_comm_delta_s(&m, B / pp * (1.0 + ratio), ep, adp, tp, pp, disp_b,
					   cap, f);
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

	infer_prefill(&m, s, cap, f, &ef, &lay, tflops, bw_eff, wall, attn_rep, disp_b, fp4, &r);
	*out = r;
	return 0;
}

/*
 * What expert parallelism changes in the communication of one stage.  With
 * data-parallel attention each GPU holds its own tokens: each MoE layer's
 * dispatch and combine in, its MLP all-reduce (half of that layer's two)
 * and every attention all-reduce out.  With attention tensor-parallel every GPU holds
 * every token after attention's all-reduce, runs its experts on those
 * routed to them and sums the results in the MLP all-reduce, as under
 * tensor parallelism: nothing changes.  0 when ep <= 1.
 */
static double ep_comm_delta_s(const struct sizing_model *m, double tokens, int ep, int adp,
			      int tp, int pp, double dispatch_b,
			      const struct sizing_capacity *cap, const struct sizing_factors *f)
{
	struct sizing_model moe = *m;
	double ar_moe, ar_attn;

	if (adp <= 1 || !sizing_ep_applies(m, ep))
		return 0;
	moe.layers = m->moe_layers > 0 ? m->moe_layers : m->layers;
	ar_moe = (sizing_pcie_allreduce_s(&moe, tokens, tp, pp, cap, f) +
		  sizing_nvlink_allreduce_s(&moe, tokens, tp, pp, cap, f)) / 2.0;
	ar_attn = (sizing_pcie_allreduce_s(m, tokens, tp, pp, cap, f) +
		   sizing_nvlink_allreduce_s(m, tokens, tp, pp, cap, f)) / 2.0;
	return sizing_ep_alltoall_s(m, tokens, ep, pp, dispatch_b, cap, f) - ar_moe - ar_attn;
}
