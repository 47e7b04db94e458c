/*
 * sizing_ep.c - expert parallelism (see sizing.h, docs/sizing.md "Expert
 * parallelism"): how a mixture of experts spread over the ep GPUs of a
 * stage moves its tokens, and how much more the busiest of those GPUs
 * carries than their mean.
 *
 * A step of expert parallelism waits for its slowest GPU: every MoE layer
 * ends when the GPU whose experts received the most tokens (or, at a few
 * tokens, read the most experts) is done.  Two sources make that GPU
 * busier than the mean: chance (a step of a few tokens lands on few
 * experts) and popularity (some experts are routed to far more often than
 * others, whatever the batch).  Both are modelled as the expected maximum
 * of ep normal loads with the mean and spread they give.
 *
 * The tokens move as the engines move them by default on one node: every
 * GPU gathers every other GPU's tokens before the experts (all-gather) and
 * the partial results are summed back to their GPU after (reduce-scatter):
 * vLLM's default all2all backend, TensorRT-LLM's at EP 8 and below, SGLang
 * without DeepEP.
 */
#include "sizing.h"

#include <math.h>
#include <strings.h>

#include "sizing_internal.h"

/* routed experts from which a mixture is fine-grained: the popularity
 * spread measured on DeepSeek-R1's 256 applies (sizing_ep_token_imbalance) */
#define EP_FINE_EXPERTS 64

int sizing_attention_parse(const char *s, enum sizing_attention *out)
{
	if (s && strcasecmp(s, "data-parallel") == 0)
		*out = SIZING_ATTENTION_DATA_PARALLEL;
	else if (s && strcasecmp(s, "tensor-parallel") == 0)
		*out = SIZING_ATTENTION_TENSOR_PARALLEL;
	else
		return -1;
	return 0;
}

double sizing_attention_params(const struct sizing_model *m)
{
	double total = m->params_b * 1e9, rest;
	int dense_layers = m->layers - m->moe_layers;

	/* grouped-query attention: q and o of heads x head_dim, k and v of
	 * kv_heads x head_dim, from and to the hidden size, in every layer */
	if (m->mla_kv_lora_rank <= 0 && m->layers > 0 && m->hidden > 0 && m->heads > 0 &&
	    m->kv_heads > 0 && m->head_dim > 0) {
		double a = (double)m->layers * m->hidden * m->head_dim * 2.0 *
			   ((double)m->heads + m->kv_heads);

		return a < total ? a : 0;
	}
	if (m->moe_layers <= 0 || m->moe_intermediate <= 0 || m->hidden <= 0 ||
	    !(sizing_routed_expert_params(m) > 0))
		return 0;
	rest = total - sizing_routed_expert_params(m) - sizing_embedding_params(m) -
	       (dense_layers > 0 ? (double)dense_layers * 3.0 * m->hidden * m->intermediate : 0) -
	       (double)m->moe_layers * m->moe_shared_experts * 3.0 * m->hidden *
		       m->moe_intermediate;
	return rest > 0 ? rest : 0;
}

double sizing_ep_experts_touched(const struct sizing_model *m, int ep, double b)
{
	if (m->moe_experts <= 0 || m->moe_active <= 0 || ep < 1)
		return 0;
	return (double)m->moe_experts / ep * sizing_experts_touched(m->moe_experts, m->moe_active, b);
}

int sizing_ep_applies(const struct sizing_model *m, int ep)
{
	return ep > 1 && m->moe_experts >= ep && m->moe_active > 0 &&
	       m->moe_active < m->moe_experts;
}

double sizing_ep_dispatch_bytes(const struct sizing_model *m, enum sizing_precision w,
				enum sizing_precision_mode mode)
{
	enum sizing_precision p = m->mixed_precision ? m->expert_precision : w;

	/* an expert GEMM of 16-bit activations (weight-only kernels, or a
	 * 16-bit model) takes them as they are */
	if (mode == SIZING_PREC_WEIGHT_ONLY)
		return 2.0;
	switch (p) {
	case SIZING_FP8:
	case SIZING_FP8_BLOCK:
	case SIZING_INT8:
		return 1.0 + 4.0 / 128;   /* one fp32 scale per 128 values */
	case SIZING_FP4:
		return 0.5 + 1.0 / 16;    /* NVFP4: one FP8 scale per 16 values */
	case SIZING_MXFP4:
		return 1.0 + 1.0 / 32;    /* MXFP4 weights take MXFP8 activations */
	default:
		return 2.0;
	}
}

double sizing_ep_alltoall_bytes(const struct sizing_model *m, double tokens, int ep,
				double dispatch_b)
{
	if (!sizing_ep_applies(m, ep) || !(tokens > 0))
		return 0;
	/* each GPU receives the other ranks' tokens (all-gather, in the
	 * dispatch precision) and, over the ring, passes on (ep − 1)/ep of
	 * the partial results (reduce-scatter, 16-bit): an all-reduce's
	 * bytes when the dispatch is 16-bit */
	return tokens * (ep - 1.0) / ep * m->hidden * (dispatch_b + 2.0);
}

/*
 * E[max of n independent standard normals] = ∫ x · n φ(x) Φ(x)^(n−1) dx,
 * by Simpson's rule over [−8, 8] (the tails beyond hold under 1e-14 of the
 * mass): 0 for n = 1, 0.5642 for 2, 1.0294 for 4, 1.4236 for 8, 2.0697 for
 * 32 (the tables of normal order statistics, Harter 1961).
 */
static double normal_max_integral(int n)
{
	const int steps = 800;
	const double a = -8.0, h = 16.0 / steps;
	double sum = 0;

	for (int i = 0; i <= steps; i++) {
		double x = a + i * h;
		double phi = exp(-0.5 * x * x) / sqrt(2.0 * M_PI);
		double cdf = 0.5 * erfc(-x / sqrt(2.0));
		double v = x * n * phi * pow(cdf, n - 1);

		sum += (i == 0 || i == steps ? 1.0 : i % 2 ? 4.0 : 2.0) * v;
	}
	return sum * h / 3.0;
}

/* The integral costs some 30 us; a sizing run asks for a few values of n
 * many times, so each n up to 256 is worked out once. */
double sizing_normal_max(int n)
{
	static double memo[257];

	if (n <= 1)
		return 0;
	if (n > 256)
		return normal_max_integral(n);
	if (!(memo[n] > 0))
		memo[n] = normal_max_integral(n);
	return memo[n];
}

double sizing_ep_token_imbalance(const struct sizing_model *m, double tokens, int ep,
				 const struct sizing_factors *f)
{
	double pairs, cv2, rho, top;

	if (!sizing_ep_applies(m, ep) || !(tokens > 0))
		return 1.0;
	/* a GPU's routed pairs: the sum of its E/ep experts' counts, each
	 * Poisson around its popularity, the popularities spread by
	 * ep_expert_load_cv: CV² = ep / pairs + cv² × ep / E.  The spread was
	 * measured on a fine-grained mixture (256 experts, 8 a token) and is
	 * applied to those of EP_FINE_EXPERTS experts or more; a coarse one
	 * (Mixtral's 8) has only chance */
	pairs = tokens * m->moe_active;
	cv2 = ep / pairs;
	if (m->moe_experts >= EP_FINE_EXPERTS && f->ep_expert_load_cv > 0)
		cv2 += f->ep_expert_load_cv * f->ep_expert_load_cv * ep / m->moe_experts;
	rho = 1.0 + sizing_normal_max(ep) * sqrt(cv2);
	/* a GPU takes at most min(k, E/ep) of a token's k pairs: at most
	 * min(ep, E/k) times the mean */
	top = (double)m->moe_experts / m->moe_active;
	if (top > ep)
		top = ep;
	return rho < top ? rho : top;
}

double sizing_ep_read_imbalance(const struct sizing_model *m, double tokens, int ep)
{
	double per, q, mean, sd, top;

	if (!sizing_ep_applies(m, ep) || !(tokens > 0))
		return 1.0;
	/* each of a GPU's E/ep experts is touched with probability q: the
	 * count is binomial; the busiest GPU reads at most all it holds */
	per = (double)m->moe_experts / ep;
	q = sizing_experts_touched(m->moe_experts, m->moe_active, tokens);
	mean = per * q;
	if (!(mean > 0))
		return 1.0;
	sd = sqrt(per * q * (1.0 - q));
	top = mean + sizing_normal_max(ep) * sd;
	return (top < per ? top : per) / mean;
}

double sizing_ep_alltoall_s(const struct sizing_model *m, double tokens, int ep, int pp,
			    double dispatch_b, const struct sizing_capacity *cap,
			    const struct sizing_factors *f)
{
	double lat, rate, per_gpu;
	int layers = m->moe_layers > 0 ? m->moe_layers : m->layers;

	if (!sizing_ep_applies(m, ep) || pp < 1)
		return 0;
	/* every GPU moves the same bytes: no GPU is busier here */
	per_gpu = sizing_ep_alltoall_bytes(m, tokens, ep, dispatch_b);
	if (cap->nvlink_domain >= ep && sizing_nvlink_rate(cap, f) > 0) {
		lat = f->nvlink_allreduce_latency_us;
		rate = sizing_nvlink_rate(cap, f);
	} else {
		lat = f->pcie_allreduce_latency_us;
		rate = sizing_pcie_rate(cap, f);
		if (!(rate > 0))
			return 0;
	}
	return (double)layers / pp * (2.0 * lat / 1e6 + per_gpu / rate);
}
