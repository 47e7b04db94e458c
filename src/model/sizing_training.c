/*
 * sizing_training.c - the training model (see sizing.h, docs/sizing.md):
 * 6·P·D FLOPs at a calibrated MFU plus the data-parallel gradient traffic
 * that compute does not hide, the memory of each tensor x pipeline x data
 * split, and the search for the split that fits.
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
	mfu *= sizing_mig_compute_scale(cap, f);
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
		double one = sizing_pcie_allreduce_s(m, toks, tp, pp, cap, f) +
			     sizing_nvlink_allreduce_s(m, toks, tp, pp, cap, f);

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
		sizing_seterr(err, "model '%s' needs layers, hidden size and heads for training", m.name);
		return -1;
	}
	if (t->zero_stage < 0 || t->zero_stage > 3) {
		sizing_seterr(err, "%s", "zero stage must be 0, 1, 2 or 3");
		return -1;
	}
	if (!(t->tokens > 0) || !(t->sequence_length >= 1)) {
		sizing_seterr(err, "%s", "training tokens and sequence length must be positive");
		return -1;
	}
	if (cap->gpus < 1 || !(cap->memory_gib > 0)) {
		sizing_seterr(err, "capacity '%s' has no usable GPU", cap->gpu_model);
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
		tp = sizing_pow2_divisor(cap->nvlink_domain, cap->gpus);
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
