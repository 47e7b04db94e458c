/*
 * fit.c - the fit engine: sizes one workload on one capacity shape (one VM
 * of a size, or one MIG slice) with the sizing model, decides how many VMs
 * or slices a replica needs, rejects what cannot serve with a reason a
 * person can act on, and prices what can.
 *
 * Headroom on memory is applied by shrinking the device memory the sizing
 * model sees by 1 / (1 + h): "need × (1 + h) <= usable" is the same test as
 * "need <= usable / (1 + h)", and it lets the sizing model pick batch sizes
 * and parallel splits that leave the headroom free.
 */
#include "bill.h"
#include "fit.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const placement_names[] = { "vm", "mig", "cluster" };

/* The note of a memory rejection whose need and have count sequences in
 * flight, not GiB. */
static const char too_many_sequences[] = "too many sequences in flight for this size";

/* The same when the latency SLO, not memory, bounds each instance's batch. */
static const char slo_sequences[] = "too many sequences in flight within the SLO";

/* The same rejection when the engine's cap on sequences in flight per
 * instance (engine_max_batch_sequences), not memory, bounds each instance:
 * one note per engine, so that its reason can name the engine and the
 * option that raises the cap (a fit_result names no engine). */
static const char engine_capped[SIZING_ENGINE_COUNT][1];
/* The same under a cap the workload sets (serving.max_sequences). */
static const char set_capped[SIZING_ENGINE_COUNT][1];

/* The engine whose cap note r carries, or -1. */
static int capped_engine(const struct fit_result *r)
{
	for (int e = 0; e < SIZING_ENGINE_COUNT; e++)
		if (r->note == engine_capped[e] || r->note == set_capped[e])
			return e;
	return -1;
}

int fit_reject_counts_sequences(const struct fit_result *r)
{
	return r->reject == FIT_REJ_MEMORY &&
	       (r->note == too_many_sequences || r->note == slo_sequences || capped_engine(r) >= 0);
}

const char *fit_placement_name(enum fit_placement p)
{
	if ((int)p < 0 || (int)p > 2)
		return "?";
	return placement_names[p];
}

static const char *const reject_names[FIT_REJ_COUNT] = {
	"ok", "retired", "memory", "latency", "time-to-first-token", "throughput",
	"no-infiniband", "deadline", "compute", "bandwidth", "not-for-training", "model",
	"no-price", "spec-unknown", "precision", "engine", "confidential", "unavailable",
};

const char *fit_reject_name(enum fit_reject r)
{
	if ((int)r < 0 || r >= FIT_REJ_COUNT)
		return "?";
	return reject_names[r];
}

enum fit_reject fit_vm_check(const struct vm_size *vm)
{
	if (!vm->spec_known || !vm->gpu_model[0])
		return FIT_REJ_SPEC_UNKNOWN;
	if (vm->retired)
		return FIT_REJ_RETIRED;
	return FIT_OK;
}

double fit_mig_share(const struct mig_profile *m)
{
	double c = m->compute_slices / 7.0;
	double mem = m->memory_slices / 8.0;
	return c > mem ? c : mem;
}

int fit_mig_per_gpu(const struct mig_profile *m)
{
	int n = 7;
	if (m->compute_slices > 0 && 7 / m->compute_slices < n)
		n = 7 / m->compute_slices;
	if (m->memory_slices > 0 && 8 / m->memory_slices < n)
		n = 8 / m->memory_slices;
	if (m->max_count > 0 && m->max_count < n)
		n = m->max_count;
	return n > 0 ? n : 1;
}

/* Node counts a rejection names; past it the text says "more than". */
#define NODES_SHOWN 100000

static int imin(int a, int b)
{
	return a < b ? a : b;
}

/* ceil(x) as a count of units (at least 1), saturated at cap + 1: every
 * caller only asks whether a count passes cap (the most units or nodes
 * tried, or named in a text), so cap + 1 stands for all of them, +inf and
 * NaN (from a zero throughput on hostile figures) too; converting a double
 * to an int it does not fit would be undefined. */
static int count_at_most(double x, int cap)
{
	double c = ceil(x);

	if (!(c <= (double)cap))
		return cap + 1;
	return c < 1.0 ? 1 : (int)c;
}

/* The headroom-reduced copy of a capacity the sizing model is run on. */
static struct sizing_capacity shrink(const struct sizing_capacity *cap, double h)
{
	struct sizing_capacity c = *cap;
	c.memory_gib = cap->memory_gib / (1.0 + h);
	return c;
}

/* ---- LLM inference ------------------------------------------------------ */

struct sizing_capacity fit_instance_cap(const struct sizing_capacity *vm, int k)
{
	struct sizing_capacity c = *vm;
	int per = vm->gpus_per_node > 0 ? vm->gpus_per_node : 1;

	c.gpus = k;
	c.gpus_per_node = k > per ? per : k;
	c.nodes = k > per ? (k + per - 1) / per : 1;
	c.nvlink_domain = imin(vm->nvlink_domain, c.gpus_per_node);
	return c;
}

static int infer(const struct fit_workload *w, const struct sizing_capacity *cap, long c,
		 const struct sizing_factors *f, struct sizing_inference_result *r)
{
	struct sizing_serving s = { w->input_tokens, w->output_tokens, c, w->engine,
				    w->expert_parallel, w->max_sequences, w->attention };
	int rc = sizing_inference(&w->model, w->precision, w->kv_precision, &s, cap, f, r, NULL);

	/* the largest batch of an instance (c 0) under a max_sequences its
	 * memory cannot hold is what memory holds: the workload's concurrency
	 * is spread over instances, each batching what it can */
	if (rc == 0 && c == 0 && !r->fits && r->max_sequences_set &&
	    r->memory_max_concurrency >= 1 && r->memory_max_concurrency < r->max_sequences) {
		/* a cap per data-parallel rank: each rank holds its share */
		s.max_sequences = r->memory_max_concurrency / (r->cap_ranks > 1 ? r->cap_ranks : 1);
		if (s.max_sequences < 1)
			return rc;
		rc = sizing_inference(&w->model, w->precision, w->kv_precision, &s, cap, f, r, NULL);
	}
	return rc;
}

int fit_instance_infer(const struct fit_workload *w, const struct sizing_capacity *vm, int k,
		       long c, const struct sizing_factors *f, struct sizing_inference_result *r)
{
	struct sizing_capacity real = fit_instance_cap(vm, k);
	struct sizing_capacity cap = shrink(&real, w->headroom);

	return infer(w, &cap, c, f, r);
}

/* The best plan for instances of k devices each, per_vm of them to a unit
 * (a VM or a slice), or one instance over span VMs (k = span x the VM's
 * GPUs, span > 1, per_vm 1: a unit is then span VMs): fills *out, returns 0
 * when feasible, else the rejection (out->need/have set). */
static enum fit_reject plan_instances(const struct fit_workload *w,
				      const struct sizing_capacity *vm, int k, int per_vm,
				      int span, int max_units, const struct sizing_factors *f,
				      struct fit_result *out)
{
	struct sizing_capacity real = fit_instance_cap(vm, k);
	struct sizing_capacity cap = shrink(&real, w->headroom);
	struct sizing_inference_result r, r1;
	double h = w->headroom;
	double target = w->target_tokens_per_s * (1.0 + h);
	long C = w->concurrency > 0 ? w->concurrency : 1;
	long cmax, c;
	int n, engine_bound, slo_bound = 0;

	/* memory: largest batch per instance */
	if (infer(w, &cap, 0, f, &r) != 0) {
		struct sizing_engine_factors ef = sizing_engine_factors_of(f, w->engine);
		int no_ep = w->expert_parallel && !(ef.expert_parallel > 0);
		int no_dp = w->attention == SIZING_ATTENTION_DATA_PARALLEL && !(ef.dp_attention > 0);

		out->note = no_ep ? "the serving engine has no expert parallelism "
				    "(serving.expert_parallel)"
			    : no_dp ? "the serving engine runs attention tensor-parallel under "
				      "expert parallelism (serving.attention)"
				    : "the model has no shape the sizing model can use";
		return FIT_REJ_MODEL;
	}
	if (!r.fits || r.max_concurrency < 1) {
		struct sizing_inference_result one;
		/* one sequence in the memory the headroom leaves, in the terms of
		 * a feasible plan's (× (1 + headroom)): the figures that decided */
		infer(w, &cap, 1, f, &one);
		out->need = (one.weights_gib + one.kv_cache_gib + one.activations_gib +
			     one.overhead_gib) * (1.0 + h);
		out->have = one.available_gib * (1.0 + h);
		out->note = r.note;
		return FIT_REJ_MEMORY;
	}
	cmax = r.max_concurrency;
	/* the engine, not memory, bounds an instance's batch */
	engine_bound = r.memory_max_concurrency > r.max_concurrency;

	/* latency: the batch per instance the SLOs allow */
	if (infer(w, &cap, 1, f, &r1) != 0)
		return FIT_REJ_MODEL;
	if (w->max_ms_per_token > 0 && r1.ms_per_output_token > w->max_ms_per_token) {
		out->need = w->max_ms_per_token;
		out->have = r1.ms_per_output_token;
		return FIT_REJ_LATENCY;
	}
	if (w->max_ttft_ms > 0 && r1.time_to_first_token_ms > w->max_ttft_ms) {
		out->need = w->max_ttft_ms;
		out->have = r1.time_to_first_token_ms;
		return FIT_REJ_TTFT;
	}
	if (w->max_ms_per_token > 0) {
		long lo = 1, hi = cmax;
		while (lo < hi) { /* largest c with ms(c) <= SLO */
			long mid = lo + (hi - lo + 1) / 2;
			if (infer(w, &cap, mid, f, &r) == 0 &&
			    r.ms_per_output_token <= w->max_ms_per_token)
				lo = mid;
			else
				hi = mid - 1;
		}
		if (lo < cmax) {
			engine_bound = 0;
			slo_bound = 1;
		}
		cmax = lo;
	}

	/* units (VMs or slices): enough instances for the concurrency, then
	 * for the throughput target */
	{
		long per_unit = cmax * per_vm > 0 ? cmax * per_vm : 1;
		long q = (C + per_unit - 1) / per_unit;

		n = q > max_units ? max_units + 1 : q < 1 ? 1 : (int)q;
	}
	for (int iter = 0; iter < 64; iter++) {
		long inst;
		double tput;
		if (n > max_units) {
			long room = cmax * (long)max_units * per_vm;

			out->nodes = max_units;
			/* the sequences do not fit the most units: memory, the
			 * engine's cap or the SLO bounds each instance's batch */
			if (C > room) {
				out->need = (double)C;
				out->have = (double)room;
				out->note = slo_bound ? slo_sequences
					    : engine_bound && (int)w->engine >= 0 &&
							      w->engine < SIZING_ENGINE_COUNT
					    ? (w->max_sequences > 0 ? set_capped[w->engine]
								    : engine_capped[w->engine])
					    : too_many_sequences;
				return FIT_REJ_MEMORY;
			}
			c = (C + (long)max_units * per_vm - 1) / ((long)max_units * per_vm);
			infer(w, &cap, c < 1 ? 1 : c, f, &r);
			out->need = target;
			out->have = r.output_tokens_per_s * max_units * per_vm;
			return FIT_REJ_THROUGHPUT;
		}
		inst = (long)n * per_vm;
		c = (C + inst - 1) / inst;
		if (infer(w, &cap, c, f, &r) != 0)
			return FIT_REJ_MODEL;
		tput = r.output_tokens_per_s * inst;
		if (target <= 0 || tput >= target)
			break;
		{
			int next = count_at_most(n * target / tput, max_units);

			/* the most units are tried before they are given up on */
			n = next > max_units && n < max_units ? max_units : next > n ? next : n + 1;
		}
	}
	/* throughput and latency of the plan, with the real memory */
	out->vm_count = n * span;
	out->gpus_per_instance = k;
	out->instances = n * per_vm;
	out->seq_capacity = cmax * out->instances;
	out->tp = r.tp;
	out->pp = r.pp;
	out->dp = 1;
	out->ep = r.ep > 1 ? r.ep : 1;
	out->attention_dp = r.attention_dp > 1 ? r.attention_dp : 1;
	out->tokens_per_s = r.output_tokens_per_s * out->instances;
	out->ms_per_token = r.ms_per_output_token;
	out->ttft_ms = r.time_to_first_token_ms;
	out->bound = r.bound;
	out->interconnect = span > 1 ? 2 : k > 1 ? 1 : 0;
	out->memory_need_gib = r.total_gib * (1.0 + h);
	out->memory_have_gib = r.available_gib * (1.0 + h);
	out->memory_headroom_pct = r.total_gib > 0
		? (out->memory_have_gib - r.total_gib) / r.total_gib * 100.0 : 0;
	return FIT_OK;
}

static void fit_llm(const struct fit_workload *w, const struct sizing_capacity *cap,
		    const struct sizing_factors *f, struct fit_result *out)
{
	int per_node = cap->gpus_per_node;
	/* a replica on slices: at most the slices of its profile one GPU holds */
	int max_units = cap->kind != SIZING_CAP_MIG ? FIT_MAX_VMS
			: cap->mig_per_gpu > 0 && cap->mig_per_gpu < 7 ? cap->mig_per_gpu : 7;
	struct fit_result best, first;
	enum fit_reject first_rej = FIT_OK;
	int have_best = 0;

	memset(&first, 0, sizeof(first));
	for (int k = 1; k <= per_node; k *= 2) {
		struct fit_result t;
		enum fit_reject rej;
		if (per_node % k)
			continue;
		memset(&t, 0, sizeof(t));
		rej = plan_instances(w, cap, k, per_node / k, 1, max_units, f, &t);
		if (rej != FIT_OK) {
			/* keep the rejection of the widest split: it is the closest */
			first = t;
			first_rej = rej;
			continue;
		}
		if (!have_best || t.vm_count < best.vm_count ||
		    (t.vm_count == best.vm_count && t.tokens_per_s > best.tokens_per_s)) {
			best = t;
			have_best = 1;
		}
	}
	/* an instance over several VMs of an InfiniBand cluster (tensor
	 * parallel in a VM, pipeline stages across them: a 405B or 671B model
	 * on two 8-GPU VMs), where one VM's instances need more VMs than such
	 * a span or do not fit at all */
	for (int span = 2; cap->kind == SIZING_CAP_VM && cap->infiniband_gbps > 0 &&
			   span <= FIT_MAX_INSTANCE_VMS && (!have_best || span < best.vm_count);
	     span *= 2) {
		struct fit_result t;
		enum fit_reject rej;

		memset(&t, 0, sizeof(t));
		rej = plan_instances(w, cap, per_node * span, 1, span, max_units / span, f, &t);
		/* a rejection stays the one VM's: its figures are what a size
		 * holds */
		if (rej != FIT_OK)
			continue;
		if (!have_best || t.vm_count < best.vm_count ||
		    (t.vm_count == best.vm_count && t.tokens_per_s > best.tokens_per_s)) {
			best = t;
			have_best = 1;
		}
	}
	if (have_best) {
		*out = best;
		out->reject = FIT_OK;
		out->gpu_count = best.vm_count * per_node;
		return;
	}
	*out = first;
	out->reject = first_rej;
}

/* ---- generic ------------------------------------------------------------ */

static void fit_generic(const struct fit_workload *w, const struct sizing_capacity *cap,
			const struct sizing_factors *f, struct fit_result *out)
{
	struct sizing_requirements req = w->req;
	struct sizing_generic_result g;
	double h = 1.0 + w->headroom;
	/* usable memory is what an LLM's is (capacity x memory_utilization);
	 * the runtime is part of the need, as in an LLM's: the same test as
	 * req x h <= usable - runtime, stated in the terms every workload uses */
	double usable = cap->memory_gib * f->memory_utilization;
	double runtime = f->runtime_overhead_gib, base = w->req.gpu_memory_gib + runtime;

	req.gpu_memory_gib *= h;
	req.tflops_fp16 *= h;
	req.bandwidth_gb_per_s *= h;
	sizing_generic(&req, cap, f, &g);
	out->memory_need_gib = req.gpu_memory_gib + runtime;
	out->memory_have_gib = usable;
	if (g.memory_util > 1) {
		out->reject = FIT_REJ_MEMORY;
		out->need = req.gpu_memory_gib + runtime;
		out->have = usable;
		return;
	}
	if (g.compute_util > 1) {
		out->reject = FIT_REJ_COMPUTE;
		out->need = req.tflops_fp16;
		out->have = req.tflops_fp16 / g.compute_util;
		return;
	}
	if (g.bandwidth_util > 1) {
		out->reject = FIT_REJ_BANDWIDTH;
		out->need = req.bandwidth_gb_per_s;
		out->have = cap->bandwidth_gbps;
		return;
	}
	out->reject = FIT_OK;
	out->vm_count = 1;
	out->gpus_per_instance = 1;
	out->instances = 1;
	out->gpu_count = cap->gpus_per_node;
	out->tp = out->pp = out->dp = out->ep = out->attention_dp = 1;
	out->memory_headroom_pct = w->req.gpu_memory_gib > 0 ? (usable - base) / base * 100.0
							     : 100.0;
	out->bound = g.compute_util >= g.bandwidth_util ? SIZING_BOUND_COMPUTE
						       : SIZING_BOUND_MEMORY_BANDWIDTH;
}

/* ---- training ----------------------------------------------------------- */

static int train_on(const struct fit_workload *w, const struct sizing_capacity *vm, int nodes,
		    const struct sizing_factors *f, struct sizing_training_result *r)
{
	struct sizing_capacity c = shrink(vm, w->headroom);
	c.nodes = nodes;
	c.gpus = vm->gpus_per_node * nodes;
	return sizing_training(&w->model, w->precision, &w->train, &c, f, r, NULL);
}

/* Deadline check with throughput headroom. */
static int meets(const struct fit_workload *w, const struct sizing_training_result *r)
{
	if (!r->fits)
		return 0;
	return !(w->deadline_hours > 0) || r->hours * (1.0 + w->headroom) <= w->deadline_hours;
}

static void train_result(const struct fit_workload *w, const struct sizing_capacity *vm,
			 int nodes, const struct sizing_training_result *r,
			 struct fit_result *out)
{
	double h = 1.0 + w->headroom;
	out->reject = FIT_OK;
	out->vm_count = nodes;
	out->gpus_per_instance = vm->gpus_per_node * nodes;
	out->instances = 1;
	out->gpu_count = vm->gpus_per_node * nodes;
	out->tp = r->tp;
	out->pp = r->pp;
	out->dp = r->dp;
	out->ep = out->attention_dp = 1;
	out->tokens_per_s = r->tokens_per_s;
	out->job_hours = r->hours;
	out->mfu = r->mfu;
	out->bound = SIZING_BOUND_COMPUTE;
	out->interconnect = nodes > 1 ? 2 : (vm->gpus_per_node > 1 && vm->nvlink_domain > 1);
	out->memory_need_gib = r->memory_gib * h;
	out->memory_have_gib = r->available_gib * h;
	out->memory_headroom_pct = r->memory_gib > 0
		? (out->memory_have_gib - r->memory_gib) / r->memory_gib * 100.0 : 0;
}

static void fit_train(const struct fit_workload *w, const struct sizing_capacity *vm,
		      int infiniband, const struct sizing_factors *f, struct fit_result *out)
{
	struct sizing_training_result r;
	double h = 1.0 + w->headroom;
	int max_nodes = infiniband ? FIT_MAX_VMS : 1;
	int n, lo, hi;

	if (vm->kind != SIZING_CAP_VM) {
		out->reject = FIT_REJ_NOT_FOR_TRAINING;
		return;
	}
	if (train_on(w, vm, 1, f, &r) != 0) {
		out->reject = FIT_REJ_MODEL;
		out->note = "the model has no shape the sizing model can use";
		return;
	}
	if (meets(w, &r)) {
		train_result(w, vm, 1, &r, out);
		return;
	}
	if (!r.fits && !infiniband) {
		out->reject = FIT_REJ_MEMORY;
		out->need = r.memory_gib * h;
		out->have = r.available_gib * h;
		out->note = r.note;
		return;
	}
	if (r.fits && !infiniband) {
		out->reject = FIT_REJ_NO_INFINIBAND;
		out->nodes = count_at_most(r.hours * h / w->deadline_hours, NODES_SHOWN);
		out->need = w->deadline_hours;
		out->have = r.hours * h;
		return;
	}
	/* InfiniBand: smallest node count that fits, then that meets the deadline */
	n = 1;
	while (!r.fits && n < max_nodes) {
		n = imin(n * 2, max_nodes);
		train_on(w, vm, n, f, &r);
	}
	if (!r.fits) {
		out->reject = FIT_REJ_MEMORY;
		out->need = r.memory_gib * h;
		out->have = r.available_gib * h;
		out->note = r.note;
		return;
	}
	if (!meets(w, &r)) {
		/* scale by the estimated speed-up, then search upward */
		/* at least one node more than n (which missed), at most max_nodes:
		 * the estimate can be past any count an int holds (1e15 tokens
		 * in 36 s) and the search must not start at or below n */
		int est = count_at_most(n * r.hours * h / w->deadline_hours, max_nodes);
		lo = n;
		hi = est > max_nodes ? max_nodes : est > n ? est : n + 1;
		train_on(w, vm, hi, f, &r);
		while (!meets(w, &r) && hi < max_nodes) {
			lo = hi;
			hi = imin(hi * 2, max_nodes);
			train_on(w, vm, hi, f, &r);
		}
		if (!meets(w, &r)) {
			out->reject = FIT_REJ_DEADLINE;
			out->need = w->deadline_hours;
			out->have = r.hours * h;
			out->nodes = max_nodes;
			return;
		}
		while (lo + 1 < hi) { /* smallest passing count in (lo, hi] */
			int mid = lo + (hi - lo) / 2;
			struct sizing_training_result m;
			train_on(w, vm, mid, f, &m);
			if (meets(w, &m))
				hi = mid;
			else
				lo = mid;
		}
		n = hi;
		train_on(w, vm, n, f, &r);
	}
	train_result(w, vm, n, &r, out);
}

/* note, interned where the workload keeps notes ("" when it does not). */
static const char *fit_note(const struct fit_workload *w, const char *note)
{
	if (!note[0] || !w->notes)
		return "";
	return strmap_intern(w->notes, note);
}

int fit_evaluate(const struct fit_workload *w, const struct sizing_capacity *cap, int infiniband,
		 const struct sizing_factors *f, struct fit_result *out)
{
	enum sizing_precision_mode mode = SIZING_PREC_NATIVE;
	char note[320] = "";

	memset(out, 0, sizeof(*out));
	out->precision_note = "";
	if (w->kind != FIT_GENERIC) {
		mode = sizing_model_precision_support(cap, &w->model, w->precision,
						      w->kind == FIT_TRAINING, note, sizeof note);
		if (mode == SIZING_PREC_UNSUPPORTED &&
		    !(w->kind == FIT_TRAINING && cap->kind != SIZING_CAP_VM)) {
			out->reject = FIT_REJ_PRECISION;
			out->precision_mode = mode;
			out->precision_note = fit_note(w, note);
			return 0;
		}
	}
	switch (w->kind) {
	case FIT_LLM_INFERENCE:
		fit_llm(w, cap, f, out);
		break;
	case FIT_GENERIC:
		fit_generic(w, cap, f, out);
		break;
	case FIT_TRAINING:
		fit_train(w, cap, infiniband, f, out);
		break;
	}
	out->precision_mode = mode;
	out->precision_note = fit_note(w, note);
	return 0;
}

void fit_price(const struct fit_workload *w, const struct fit_result *r, enum pricing_kind kind,
	       double unit_hourly, double hours_per_month, struct fit_cost *out)
{
	double vms;

	memset(out, 0, sizeof(*out));
	if (w->kind == FIT_TRAINING) {
		double runs = w->runs_per_month > 0 ? w->runs_per_month : 1;

		vms = r->vm_count;
		out->hours_used = r->job_hours * runs;
	} else {
		vms = (double)r->vm_count * (double)(w->replicas > 0 ? w->replicas : 1);
		out->hours_used = hours_per_month;
	}
	out->hourly = unit_hourly * vms;
	out->hours_billed = bill_hours(kind, out->hours_used);
	out->monthly = bill_monthly(kind, unit_hourly, vms, out->hours_used);
	if (w->kind != FIT_TRAINING)
		return;
	/* a run under payg or spot bills its own hours; under a commitment the
	 * month's bill is the same however few runs use it, so each run
	 * carries its share of it */
	out->job_cost = bill_is_commitment(kind)
				? util_round_cents(out->monthly /
						   (w->runs_per_month > 0 ? w->runs_per_month : 1))
				: bill_monthly(kind, unit_hourly, vms, r->job_hours);
}

int fit_compare(double monthly_a, int gpus_a, double headroom_a, double monthly_b, int gpus_b,
		double headroom_b)
{
	double ca = round(monthly_a * 100.0), cb = round(monthly_b * 100.0);
	if (ca != cb)
		return ca < cb ? -1 : 1;
	if (gpus_a != gpus_b)
		return gpus_a < gpus_b ? -1 : 1;
	if (headroom_a != headroom_b)
		return headroom_a > headroom_b ? -1 : 1;
	return 0;
}

/* Decimals for a measured time shown next to an SLO: whole milliseconds,
 * unless the SLO (echoed as given, %g) is so small that they would hide
 * the miss (an SLO under 1 ms): then as many places as the SLO needs. */
static int ms_decimals(double slo)
{
	int d = 0;

	while (d < 6 && slo < 1.0 / pow(10.0, d))
		d++;
	return d;
}

/* Decimals (from d, at most 6) at which v prints on the wrong side of the
 * limit it missed (over: v > limit; else v < limit): "50.04 ms > SLO 50 ms",
 * never "50 ms > SLO 50 ms". */
static int decimals_apart(double v, double limit, int d, int over)
{
	for (; d < 6; d++) {
		double p = pow(10.0, d), shown = round(v * p) / p;

		if (over ? shown > limit : shown < limit)
			break;
	}
	return d;
}

void fit_reject_text(const struct fit_result *r, const char *pricing, const char *region,
		     char *buf, size_t len)
{
	switch (r->reject) {
	case FIT_OK:
		snprintf(buf, len, "feasible");
		break;
	case FIT_REJ_RETIRED:
		snprintf(buf, len, "retired: Azure has retired this size");
		break;
	case FIT_REJ_MEMORY:
		if (capped_engine(r) >= 0) {
			enum sizing_engine e = (enum sizing_engine)capped_engine(r);

			if (r->note == set_capped[e])
				snprintf(buf, len, "%.0f sequences in flight, at most %.0f on %d "
					 "unit%s: the max_sequences set (%s %s), not "
					 "memory", r->need, r->have, r->nodes,
					 r->nodes == 1 ? "" : "s", sizing_engine_name(e),
					 sizing_engine_sequences_option(e));
			else
				snprintf(buf, len, "%.0f sequences in flight, at most %.0f on %d "
					 "unit%s: %s's default cap (%s), not memory",
					 r->need, r->have, r->nodes, r->nodes == 1 ? "" : "s",
					 sizing_engine_name(e), sizing_engine_sequences_option(e));
		} else if (r->note == slo_sequences) {
			snprintf(buf, len, "%.0f sequences in flight, at most %.0f within the latency "
				 "SLO on %d unit%s", r->need, r->have, r->nodes,
				 r->nodes == 1 ? "" : "s");
		} else if (fit_reject_counts_sequences(r)) {
			snprintf(buf, len, "%.0f sequences in flight, at most %.0f fit on %d unit%s",
				 r->need, r->have, r->nodes, r->nodes == 1 ? "" : "s");
		} else {
			snprintf(buf, len, "needs %.1f GiB, has %.1f GiB", r->need, r->have);
		}
		break;
	case FIT_REJ_LATENCY:
		snprintf(buf, len, "decode %.*f ms/token > SLO %g ms",
			 decimals_apart(r->have, r->need, ms_decimals(r->need), 1), r->have, r->need);
		break;
	case FIT_REJ_TTFT:
		snprintf(buf, len, "time to first token %.*f ms > SLO %g ms",
			 decimals_apart(r->have, r->need, ms_decimals(r->need), 1), r->have, r->need);
		break;
	case FIT_REJ_THROUGHPUT:
		snprintf(buf, len, "%.*f tokens/s on %d unit%s < target %.0f tokens/s (headroom included)",
			 decimals_apart(r->have, round(r->need), 0, 0), r->have, r->nodes,
			 r->nodes == 1 ? "" : "s", r->need);
		break;
	case FIT_REJ_NO_INFINIBAND:
		if (r->nodes > NODES_SHOWN)
			snprintf(buf, len, "no InfiniBand: single node only, needs more than %d nodes "
				 "for the %g h deadline", NODES_SHOWN, r->need);
		else
			snprintf(buf, len, "no InfiniBand: single node only, needs %d nodes for "
				 "the %g h deadline", r->nodes, r->need);
		break;
	case FIT_REJ_DEADLINE:
		snprintf(buf, len, "%.*f h on %d nodes > deadline %g h (headroom included)",
			 decimals_apart(r->have, r->need, 0, 1), r->have, r->nodes, r->need);
		break;
	case FIT_REJ_COMPUTE:
		snprintf(buf, len, "needs %.1f TFLOPS, has %.1f TFLOPS", r->need, r->have);
		break;
	case FIT_REJ_BANDWIDTH:
		snprintf(buf, len, "needs %.0f GB/s, has %.0f GB/s", r->need, r->have);
		break;
	case FIT_REJ_NOT_FOR_TRAINING:
		snprintf(buf, len, "partial GPUs are not used for training");
		break;
	case FIT_REJ_MODEL:
		snprintf(buf, len, "%s", r->note ? r->note : "cannot be sized");
		break;
	case FIT_REJ_NO_PRICE:
		if (r->note)
			snprintf(buf, len, "%s", r->note);
		else
			snprintf(buf, len, "no %s price in %s; run 'gpufit catalog refresh'",
				 pricing ? pricing : "?", region ? region : "?");
		break;
	case FIT_REJ_PRECISION:
		snprintf(buf, len, "%s", r->precision_note && r->precision_note[0] ? r->precision_note
							       : "cannot run this precision");
		break;
	case FIT_REJ_ENGINE:
		snprintf(buf, len, "%s", r->note ? r->note : "the serving engine does not run on this GPU");
		break;
	case FIT_REJ_CONFIDENTIAL:
		snprintf(buf, len, "%s", r->note ? r->note : "not a confidential-computing size");
		break;
	case FIT_REJ_UNAVAILABLE:
		snprintf(buf, len, "%s", r->note ? r->note : "not available to the subscription");
		break;
	case FIT_REJ_SPEC_UNKNOWN:
		snprintf(buf, len, "spec unknown: its GPUs and memory are not in gpufit's spec tables, "
			 "so it was not sized");
		break;
	default:
		snprintf(buf, len, "rejected");
		break;
	}
}
