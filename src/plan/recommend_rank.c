/*
 * recommend_rank.c - each workload sized on every shape, priced in every
 * region and ranked: its cheapest option, whole purchasable alternatives,
 * rejections, per-region bests, today's deployment; identical workloads
 * share one ranking through a cache.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "load_plan.h"
#include "recommend_internal.h"
#include "util.h"

static void keep_shared(struct recommend_result *r, void *block)
{
	r->shared = xrealloc(r->shared, (r->nshared + 1) * sizeof(*r->shared));
	r->shared[r->nshared++] = block;
}

void recommend_keep_lists(struct rank_ctx *c, struct recommend_workload *t)
{
	if (t->rejected)
		keep_shared(c->res, t->rejected);
	t->rejected = NULL;
	if (t->alternatives)
		keep_shared(c->res, t->alternatives);
	t->alternatives = NULL;
	if (t->summaries)
		keep_shared(c->res, t->summaries);
	t->summaries = NULL;
}

void recommend_tmpl_release(struct recommend_workload *t)
{
	free(t->rec_data);
	free(t->alternatives);
	free(t->rejected);
	free(t->summaries);
	free(t->families);
	free(t->regions);
	free(t->closest);
	free(t->load_plan);
	recommend_mig_use_free(t->mig_use);
	memset(t, 0, sizeof(*t));
}

void recommend_fallback_release(struct recommend_result *r, struct fallback *fb)
{
	if (fb->list)   /* workloads may point into it */
		keep_shared(r, fb->list);
	free(fb->regions);
	memset(fb, 0, sizeof(*fb));
}

static int cmp_cand(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	int r = fit_compare(x->monthly, x->gpus, x->headroom, y->monthly, y->gpus, y->headroom);
	if (r)
		return r;
	if (x->shape != y->shape)
		return x->shape < y->shape ? -1 : 1;
	return x->region - y->region;
}

static void fill_choice(const struct rank_ctx *c, const struct fit_workload *w,
			const struct cand *k,
			const struct fit_result *fits, struct recommend_choice *out,
			struct recommend_data *dout)
{
	const struct shape *sh = &c->env->shapes[k->shape];
	const struct vm_size *vm = &c->env->vms[sh->vm];
	memset(out, 0, sizeof(*out));
	util_copy_str(out->sku, sizeof(out->sku), vm->sku);
	util_copy_str(out->region, sizeof(out->region), c->env->regions[k->region]);
	util_copy_str(out->gpu_model, sizeof(out->gpu_model), vm->gpu_model);
	out->fit = k->refit ? k->fit : fits[k->shape];
	if (sh->mig >= 0) {
		out->placement = FIT_PLACEMENT_MIG;
		out->basis = RECOMMEND_BASIS_SHARE;
		util_copy_str(out->mig_profile, sizeof(out->mig_profile), c->env->migs[sh->mig].name);
	} else {
		out->placement = out->fit.vm_count > 1 && w->kind == FIT_TRAINING
					 ? FIT_PLACEMENT_CLUSTER : FIT_PLACEMENT_VM;
	}
	out->vm_count = out->fit.vm_count * (int)w->replicas;
	out->gpu_count = out->fit.gpu_count * (int)w->replicas;
	out->unit_hourly = c->env->price[(size_t)sh->vm * c->env->nregions + k->region] * sh->share;
	out->hourly_cost = k->hourly;
	out->monthly_cost = k->monthly;
	out->job_cost = k->job_cost;
	if (c->pw_now && c->pw_now->has_data && w->kind == FIT_TRAINING) {
		/* the run as the data path lets it go: hours and cost / busy */
		struct recommend_data d;
		recommend_data_eval(c->env, c->pw_now, w, &out->fit, sh->vm, c->env->regions[k->region],
				    k->storage_fix, &d);
		d.fed_monthly = k->fed_monthly;
		d.fed_job_cost = k->fed_job_cost;
		d.fed_job_hours = out->fit.job_hours;
		if (d.busy > 0 && d.busy < 1)
			out->fit.job_hours /= d.busy;
		if (dout)
			*dout = d;
	}
	out->hours_billed = bill_hours(c->env->pricing, w->kind == FIT_TRAINING
							   ? out->fit.job_hours * w->runs_per_month
							   : c->env->hours);
}

/* Same offer for the alternatives list: MIG slices of one GPU model and
 * profile on different sizes of the same series price alike. */
static int same_offer(const struct rank_ctx *c, const struct cand *a, const struct cand *b)
{
	const struct shape *x = &c->env->shapes[a->shape], *y = &c->env->shapes[b->shape];
	if (a->shape == b->shape)
		return 1;
	return x->mig >= 0 && y->mig >= 0 && x->mig == y->mig;
}

static void add_reject(struct rank_ctx *c, struct recommend_workload *rw, int vm, int mig,
		       const struct fit_result *f, const char *region, double order,
		       size_t *counts)
{
	struct recommend_reject *r;
	if (!c->env->o->all_rejected &&
	    (counts[f->reject] >= REJECTS_PER_REASON || rw->nrejected >= MAX_REJECTED))
		return;
	counts[f->reject]++;
	rw->rejected = xrealloc(rw->rejected, (rw->nrejected + 1) * sizeof(*rw->rejected));
	r = &rw->rejected[rw->nrejected++];
	memset(r, 0, sizeof(*r));
	util_copy_str(r->sku, sizeof(r->sku), c->env->vms[vm].sku);
	util_copy_str(r->region, sizeof(r->region), region);
	if (mig >= 0)
		util_copy_str(r->mig_profile, sizeof(r->mig_profile), c->env->migs[mig].name);
	r->fit = *f;
	r->order = order;
}

struct rej_ref {
	int shape;                 /* index into shapes, or -1 - spec-unknown vm */
	int region;                /* spec unknown: where it has a price */
	double order;
};

static int cmp_rej(const void *a, const void *b)
{
	const struct rej_ref *x = a, *y = b;
	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	if (x->shape != y->shape)
		return x->shape - y->shape;
	return x->region - y->region;
}

/* "A100" of "A100-PCIe-80GB": the GPU family. */
static void gpu_family(const char *model, char *buf, size_t len)
{
	size_t n = strcspn(model, "-");

	if (!len)
		return;
	if (n >= len)
		n = len - 1;
	memcpy(buf, model, n);   /* not printf: it runs for every size sized */
	buf[n] = '\0';
}

/* How far a rejection misses, relative (0.05 = 5 %); INFINITY when the
 * option cannot be made to fit by a margin (retired, wrong precision, ...).
 * A service whose one sequence does not fit misses by what its reason puts
 * first, the replica's need (rw's needs) against what the size has, not by
 * the one sequence. */
static double reject_margin(const struct fit_result *f, const struct recommend_workload *rw)
{
	switch (f->reject) {
	case FIT_REJ_MEMORY:
		if (rw->type != PROFILE_TRAINING && !fit_reject_counts_sequences(f) &&
		    rw->needs.gpu_memory_gib > f->need && f->have > 0)
			return rw->needs.gpu_memory_gib / f->have - 1;
		return f->have > 0 ? f->need / f->have - 1 : INFINITY;
	case FIT_REJ_THROUGHPUT:
	case FIT_REJ_COMPUTE:
	case FIT_REJ_BANDWIDTH:
		return f->have > 0 ? f->need / f->have - 1 : INFINITY;
	case FIT_REJ_LATENCY:
	case FIT_REJ_TTFT:
	case FIT_REJ_DEADLINE:
		return f->need > 0 ? f->have / f->need - 1 : INFINITY;
	default:
		return INFINITY;
	}
}

/*
 * How far through the fit's checks an option got before it was rejected
 * (fit.c): a service is checked for memory (one sequence), then the
 * time per token, then the time to first token, then the sequences the
 * most units hold, then throughput; a training run for memory, then its
 * deadline; a generic workload for memory, compute, then bandwidth.  An
 * option rejected at a later check passed the earlier ones, so the
 * constraint no option meets is the latest one any option reached: the
 * closest miss is measured on it, never on an earlier check that other
 * options pass (a size 4% short of memory is not close to a latency SLO
 * that the sizes with the memory miss by 40 ms).  0: a rejection with no
 * margin (retired, engine, precision, ...).
 */
static int reject_stage(const struct fit_result *f)
{
	switch (f->reject) {
	case FIT_REJ_MEMORY:
		return fit_reject_counts_sequences(f) ? 4 : 1;
	case FIT_REJ_LATENCY:
	case FIT_REJ_DEADLINE:
	case FIT_REJ_COMPUTE:
		return 2;
	case FIT_REJ_TTFT:
	case FIT_REJ_BANDWIDTH:
		return 3;
	case FIT_REJ_THROUGHPUT:
		return 5;
	default:
		return 0;
	}
}

/*
 * The closest miss in the unit of the constraint it misses, e.g. "at 4.1
 * ms/token against the SLO 3 ms" or "with 18.6 GiB against the 19.0 GiB
 * needed" (the memory need is the replica's, as reject_margin measures it).
 */
static void closest_miss_text(const struct recommend_workload *rw, const struct fit_result *f,
			      char *buf, size_t len)
{
	double need = f->need;

	switch (f->reject) {
	case FIT_REJ_LATENCY:
		snprintf(buf, len, "at %.*f ms/token against the SLO %g ms", f->have < 100 ? 1 : 0,
			 f->have, f->need);
		break;
	case FIT_REJ_TTFT:
		snprintf(buf, len, "at %.*f ms to the first token against the SLO %g ms",
			 f->have < 100 ? 1 : 0, f->have, f->need);
		break;
	case FIT_REJ_DEADLINE:
		snprintf(buf, len, "at %.1f h on %d node%s against the deadline %g h", f->have,
			 f->nodes, f->nodes == 1 ? "" : "s", f->need);
		break;
	case FIT_REJ_THROUGHPUT:
		snprintf(buf, len, "at %.0f tokens/s on %d unit%s against the target %.0f tokens/s",
			 f->have, f->nodes, f->nodes == 1 ? "" : "s", f->need);
		break;
	case FIT_REJ_MEMORY:
		if (fit_reject_counts_sequences(f)) {
			snprintf(buf, len, "holding %.0f sequences on %d unit%s against the %.0f in "
				 "flight", f->have, f->nodes, f->nodes == 1 ? "" : "s", f->need);
			break;
		}
		if (rw->type != PROFILE_TRAINING && rw->needs.gpu_memory_gib > need)
			need = rw->needs.gpu_memory_gib;
		snprintf(buf, len, "with %.1f GiB against the %.1f GiB needed", f->have, need);
		break;
	case FIT_REJ_COMPUTE:
		snprintf(buf, len, "with %.1f TFLOPS against the %.1f TFLOPS needed", f->have,
			 f->need);
		break;
	case FIT_REJ_BANDWIDTH:
		snprintf(buf, len, "with %.0f GB/s against the %.0f GB/s needed", f->have, f->need);
		break;
	default:
		snprintf(buf, len, "rejected");
		break;
	}
}

/*
 * The options of every GPU family: for each, its cheapest feasible option
 * in the recommendation's region and its cheapest whole VM there.  Which
 * of them are shown, and the difference to the recommendation, are settled
 * once the recommendation is final (recommend_settle).
 */
static void collect_families(struct rank_ctx *c, struct recommend_workload *rw)
{
	if (!rw->feasible)
		return;
	rw->families = xcalloc(c->ncands + 1, sizeof(*rw->families));
	for (size_t j = 0; j < c->ncands; j++) {
		const struct cand *cd = &c->cands[j];
		const struct shape *sh = &c->env->shapes[cd->shape];
		struct recommend_family *fa;
		char fam[16];
		size_t k;

		if (cd->region != c->cands[0].region)
			continue;
		gpu_family(c->env->gpus[sh->gpu].name, fam, sizeof fam);
		for (k = 0; k < rw->nfamilies && strcmp(rw->families[k].family, fam); k++)
			;
		if (k < rw->nfamilies) {
			fa = &rw->families[k];
			if (sh->mig < 0 && fa->ded_vm < 0) {
				fa->ded_vm = sh->vm;
				fa->ded_monthly = cd->monthly;
			}
			continue;
		}
		fa = &rw->families[rw->nfamilies++];
		util_copy_str(fa->family, sizeof fa->family, fam);
		util_copy_str(fa->sku, sizeof fa->sku, c->env->vms[sh->vm].sku);
		fa->ded_vm = -1;
		if (sh->mig >= 0) {
			util_copy_str(fa->mig_profile, sizeof fa->mig_profile,
					   c->env->migs[sh->mig].name);
		} else {
			fa->ded_vm = sh->vm;
			fa->ded_monthly = cd->monthly;
		}
		util_copy_str(fa->region, sizeof fa->region, c->env->regions[cd->region]);
		fa->monthly = cd->monthly;
	}
}

static int cmp_family(const void *a, const void *b)
{
	const struct recommend_family *x = a, *y = b;

	if (x->monthly != y->monthly)
		return x->monthly < y->monthly ? -1 : 1;
	return strcmp(x->family, y->family);
}

/*
 * The memory one replica of an LLM service needs with the headroom: all its
 * sequences on one instance of the recommendation rec (its shape, its
 * devices per instance), sized as fit.c sizes an instance (in the memory
 * the headroom leaves, the total x (1 + headroom): the terms of
 * fit_result.memory_need_gib).  A replica that rec runs as several
 * instances needs this much in one; each instance holds its share, less.
 * 0 when it cannot be computed.
 */
static double replica_memory_need(const struct rec_env *e, struct recommend_result *res,
				  size_t index, const struct recommend_choice *rec)
{
	const struct profile_workload *pw = &e->p->workloads[index];
	struct sizing_inference_result s;
	struct fit_workload w;
	const char *why = NULL;
	int v = recommend_vm_index(e, rec->sku), shape = -1;
	int k = rec->fit.gpus_per_instance;

	if (v < 0 || k < 1 || recommend_to_fit(e, &res->notes, pw, &w, &why) != 0 ||
	    w.kind != FIT_LLM_INFERENCE)
		return 0;
	for (size_t j = 0; j < e->nshapes && shape < 0; j++) {
		const struct shape *sh = &e->shapes[j];

		if (sh->vm == v && (rec->placement == FIT_PLACEMENT_MIG
					    ? sh->mig >= 0 && strcmp(e->migs[sh->mig].name,
								      rec->mig_profile) == 0
					    : sh->mig < 0))
			shape = (int)j;
	}
	if (shape < 0)
		return 0;
	if (fit_instance_infer(&w, &e->shapes[shape].cap, k, w.concurrency > 0 ? w.concurrency : 1,
			       &e->factors[e->shapes[shape].gpu], &s) != 0 ||
	    !(s.total_gib > 0))
		return 0;
	return s.total_gib * (1.0 + w.headroom);
}

/* The current-shortfall finding of a size without the memory, in the
 * words and figures of the rejections (recommend_reject_reason): the
 * workload's one memory need, once its needs are final. */
static void shortfall_memory_text(struct recommend_workload *w)
{
	const struct recommend_current *cur = &w->current;
	char why[FIT_REASON_LEN], msg[FIT_REASON_LEN + 128];

	if (!w->has_current || cur->meets_needs != 0 || !cur->fit ||
	    cur->fit->reject != FIT_REJ_MEMORY)
		return;
	for (size_t i = 0; i < w->nfindings; i++) {
		struct recommend_finding *f = &w->findings[i];

		if (strcmp(f->kind, "current-shortfall") != 0)
			continue;
		recommend_reject_reason(w, cur->fit, NULL, NULL, why, sizeof why);
		snprintf(msg, sizeof msg, "today's %ld x %s cannot meet the needs: %s", cur->count,
			 cur->sku, why);
		free(f->message);
		f->message = xstrdup(msg);
	}
}

/* c->ranked.offered: which sizes have a Linux price of any term in the currency
 * in each region in use (a size's other names count for it, as in the
 * price table). */
static void build_offered(struct rank_ctx *c)
{
	if (c->ranked.offered)
		return;
	c->ranked.offered = xcalloc(c->env->nvms * c->env->nregions + 1, 1);
	for (size_t i = 0; i < c->env->nprices; i++) {
		const struct price *p = &c->env->prices[i];
		int v, r;

		if (strcasecmp(p->os, "linux") != 0 || strcasecmp(p->currency, c->env->currency) != 0 ||
		    !(p->hourly > 0) || (r = recommend_region_index(c->env, p->region)) < 0 ||
		    (v = recommend_vm_index(c->env, p->sku)) < 0 ||
		    (c->env->unavailable && c->env->unavailable[(size_t)v * c->env->nregions + (size_t)r]))
			continue;
		c->ranked.offered[(size_t)v * c->env->nregions + (size_t)r] = 1;
		if (c->env->alias_of[v] >= 0)
			c->ranked.offered[(size_t)c->env->alias_of[v] * c->env->nregions + (size_t)r] = 1;
	}
}

/*
 * The memory one replica of an LLM service needs whatever it is priced as:
 * the least the sizing model asks, of the sizes offered in its regions
 * (a price of any term), for all of a
 * replica's sequences on one instance (fit.c's figure x (1 + headroom); for
 * a shape that runs a replica as several instances, the figure of one
 * instance holding all of them, as replica_memory_need).  Shapes are sized
 * independent of price, region and pricing term, so this is the workload's
 * one need; a choice that spans more GPUs needs more (the runtime and
 * activations on each), which its reasons say.  0 when no shape fits or w
 * is no LLM service.
 */
static double llm_replica_need(const struct rank_ctx *c, const struct fit_workload *w,
			       const struct fit_result *fits, const int *regs, size_t nregs)
{
	double best = 0;

	if (w->kind != FIT_LLM_INFERENCE || !c->ranked.offered)
		return 0;
	for (size_t i = 0; i < c->env->nshapes; i++) {
		const struct fit_result *f = &fits[i];
		const struct shape *sh = &c->env->shapes[i];
		struct sizing_inference_result r;
		double need = f->memory_need_gib;
		int offered = 0;

		if (f->reject != FIT_OK || !(need > 0) || (best > 0 && need >= best))
			continue;
		for (size_t k = 0; k < nregs && !offered; k++)
			offered = regs[k] >= 0 &&
				  c->ranked.offered[(size_t)sh->vm * c->env->nregions + (size_t)regs[k]];
		if (!offered)
			continue;
		if (f->instances > 1) {
			if (fit_instance_infer(w, &sh->cap, f->gpus_per_instance,
					       w->concurrency > 0 ? w->concurrency : 1,
					       &c->env->factors[sh->gpu], &r) != 0 ||
			    !(r.total_gib > 0))
				continue;
			if (r.total_gib * (1.0 + w->headroom) > need)
				need = r.total_gib * (1.0 + w->headroom);
			if (best > 0 && need >= best)
				continue;
		}
		best = need;
	}
	return best;
}

void recommend_settle(const struct rec_env *e, struct recommend_result *res, size_t index,
		      struct recommend_workload *w)
{
	char rf[16];
	size_t n = 0;

	if (!w->feasible) {
		const struct profile_workload *pw = &e->p->workloads[index];
		struct fit_workload fw;
		const char *why = NULL;

		/* a generic workload's need includes the runtime, as its fits'
		 * (fit.c) and a feasible one's (below) do */
		if (recommend_to_fit(e, &res->notes, pw, &fw, &why) == 0 && fw.kind == FIT_GENERIC &&
		    fw.req.gpu_memory_gib > 0) {
			w->needs.gpu_memory_gib = fw.req.gpu_memory_gib * (1.0 + fw.headroom) +
						  res->factors.runtime_overhead_gib;
			recommend_round_needs(&w->needs);
		}
		w->nfamilies = 0;
		shortfall_memory_text(w);
		return;
	}
	/* an LLM service's need is its replica need (llm_replica_need), set
	 * when it was ranked, the same whatever the recommendation and its
	 * term; without one (no shape gave it), and for a generic workload,
	 * the sizing model's figure for the recommendation: one instance's when
	 * one holds the replica; else the replica's sequences in one instance,
	 * never below what each instance needs */
	if (w->type != PROFILE_TRAINING && w->rec.fit.memory_need_gib > 0 &&
	    !(w->needs_fixed)) {
		double need = w->rec.fit.memory_need_gib;

		if (w->rec.fit.instances > 1) {
			double all = replica_memory_need(e, res, index, &w->rec);

			if (all > need)
				need = all;
		}
		w->needs.gpu_memory_gib = need;
	}
	recommend_round_needs(&w->needs);
	shortfall_memory_text(w);
	gpu_family(w->rec.gpu_model, rf, sizeof rf);
	for (size_t i = 0; i < w->nfamilies; i++) {
		struct recommend_family fa = w->families[i];

		if (strcmp(fa.family, rf) == 0)
			continue;
		if (w->rec.basis != RECOMMEND_BASIS_SHARE && fa.mig_profile[0]) {
			/* a slice of a family the workload is not placed on is
			 * billed as its whole VM: no plan fills that GPU (only a
			 * recommendation itself charged at a slice's share is
			 * compared with shares) */
			if (fa.ded_vm < 0)
				continue;
			util_copy_str(fa.sku, sizeof fa.sku, e->vms[fa.ded_vm].sku);
			fa.mig_profile[0] = '\0';
			fa.monthly = fa.ded_monthly;
		}
		/* signed: under a MIG plan a workload's part can exceed another
		 * family's price alone (the plan lowers the fleet's total) */
		fa.extra_monthly = fa.monthly - w->rec.monthly_cost;
		w->families[n++] = fa;
	}
	w->nfamilies = n;
	if (n > 1)
		qsort(w->families, n, sizeof(*w->families), cmp_family);
}

/* The cheapest rejected shape of each GPU family that has no cheaper
 * feasible option, then the cheapest of each remaining reason (price in
 * the first region; unpriced after the priced), then the spec-unknown
 * sizes with a price in one of the regions.  Retired sizes and slices not
 * for training fold into one summary line each (all are listed with
 * --all-rejected).  The closest miss of all is kept for the infeasible
 * finding. */
static void collect_rejects(struct rank_ctx *c, struct recommend_workload *rw,
			    const struct fit_result *fits, const int *regs, size_t nregs)
{
	struct rej_ref *refs = xmalloc((c->env->nshapes + c->env->nunknown * nregs + 1) * sizeof(*refs));
	size_t n = 0, counts[FIT_REJ_COUNT] = { 0 };
	int first_region = nregs ? regs[0] : -1;
	struct fit_result unk;
	int best_stage = 0;

	for (size_t i = 0; i < c->env->nshapes; i++) {
		const struct shape *sh = &c->env->shapes[i];
		double pr;
		if (fits[i].reject == FIT_OK)
			continue;
		/* a confidential-computing size is no option a plain workload
		 * weighs: listed only with --all-rejected */
		if (fits[i].reject == FIT_REJ_CONFIDENTIAL && !c->env->o->all_rejected &&
		    !(c->pw_now && c->pw_now->confidential))
			continue;
		pr = first_region >= 0 ? c->env->price[(size_t)sh->vm * c->env->nregions + first_region] : 0;
		refs[n].shape = (int)i;
		refs[n].region = -1;
		refs[n].order = pr > 0 ? pr * sh->share : 1e12;
		if (fits[i].reject == FIT_REJ_RETIRED || fits[i].reject == FIT_REJ_NOT_FOR_TRAINING)
			refs[n].order += 1e13; /* the least interesting: last */
		n++;
	}
	for (size_t k = 0; k < nregs; k++)
		for (size_t u = 0; u < c->env->nunknown; u++) {
			double pr = c->env->price[(size_t)c->env->unknown[u] * c->env->nregions + regs[k]];
			if (!(pr > 0))
				continue;
			refs[n].shape = -1 - c->env->unknown[u];
			refs[n].region = regs[k];
			refs[n].order = 2e12 + pr;
			n++;
		}
	if (n)
		qsort(refs, n, sizeof(*refs), cmp_rej);
	memset(&unk, 0, sizeof(unk));
	unk.reject = FIT_REJ_SPEC_UNKNOWN;
	/* the closest miss (rw is a fresh template: no closest yet): among the
	 * options that got furthest through the fit's checks, the one that
	 * misses the check it failed by the least */
	for (size_t i = 0; i < n; i++) {
		const struct shape *sh;
		double m;
		int stage;

		if (refs[i].shape < 0)
			continue;
		sh = &c->env->shapes[refs[i].shape];
		m = reject_margin(&fits[refs[i].shape], rw);
		stage = reject_stage(&fits[refs[i].shape]);
		if (!isfinite(m) || stage < best_stage)
			continue;
		if (!rw->closest || stage > best_stage || m < rw->closest_margin) {
			best_stage = stage;
			rw->closest_margin = m;
			if (!rw->closest)
				rw->closest = xmalloc(sizeof(*rw->closest));
			memset(rw->closest, 0, sizeof(*rw->closest));
			util_copy_str(rw->closest->sku, sizeof rw->closest->sku, c->env->vms[sh->vm].sku);
			if (sh->mig >= 0)
				util_copy_str(rw->closest->mig_profile,
						   sizeof rw->closest->mig_profile,
						   c->env->migs[sh->mig].name);
			rw->closest->fit = fits[refs[i].shape];
		}
	}
	/* retired sizes and partial GPUs for training: one summary line each */
	rw->nsummaries = 0;
	if (!rw->summaries)
		rw->summaries = xcalloc(2, sizeof(*rw->summaries));
	if (!c->env->o->all_rejected) {
		static const enum fit_reject folded[2] = { FIT_REJ_RETIRED,
							   FIT_REJ_NOT_FOR_TRAINING };
		for (int k = 0; k < 2; k++) {
			struct recommend_reject_summary *su = &rw->summaries[rw->nsummaries];
			memset(su, 0, sizeof *su);
			su->reject = folded[k];
			for (size_t i = 0; i < n; i++) {
				int vm, dup = 0;

				if (refs[i].shape < 0 || fits[refs[i].shape].reject != folded[k])
					continue;
				vm = c->env->shapes[refs[i].shape].vm;
				for (size_t q = 0; q < i && !dup; q++)
					dup = refs[q].shape >= 0 &&
					      fits[refs[q].shape].reject == folded[k] &&
					      c->env->shapes[refs[q].shape].vm == vm;
				if (dup)
					continue;
				if (!su->count++) {
					int mig = c->env->shapes[refs[i].shape].mig;

					util_copy_str(su->example, sizeof su->example,
							   c->env->vms[vm].sku);
					if (mig >= 0)
						util_copy_str(su->example_mig_profile,
								   sizeof su->example_mig_profile,
								   c->env->migs[mig].name);
				}
			}
			if (su->count)
				rw->nsummaries++;
		}
	}
	/* per GPU family: its cheapest shape, when that is rejected (a family
	 * whose cheapest option is feasible is in the families list) */
	{
		char seen[64][16];
		double cheapest_ok[64];
		size_t nseen = 0;
		struct rej_ref *fam = xmalloc((n + 1) * sizeof(*fam));
		size_t nf = 0;

		/* the unit price of each family's cheapest feasible shape: a
		 * rejected shape of the family priced below it is the family's
		 * cheapest size and is listed; one priced above is not */
		for (size_t i = 0; i < c->ncands && nseen < 64; i++) {
			const struct shape *sh = &c->env->shapes[c->cands[i].shape];
			double pr = first_region >= 0
				? c->env->price[(size_t)sh->vm * c->env->nregions + first_region] * sh->share : 0;
			char f[16];
			size_t k;

			gpu_family(c->env->gpus[sh->gpu].name, f, sizeof f);
			for (k = 0; k < nseen && strcmp(seen[k], f); k++)
				;
			if (k == nseen) {
				util_copy_str(seen[nseen], sizeof seen[0], f);
				cheapest_ok[nseen++] = pr > 0 ? pr : 1e12;
			} else if (pr > 0 && pr < cheapest_ok[k]) {
				cheapest_ok[k] = pr;
			}
		}
		for (size_t i = 0; i < n; i++) {
			const struct fit_result *fr;
			char f[16];
			size_t k;

			if (refs[i].shape < 0)
				continue;
			fr = &fits[refs[i].shape];
			if (fr->reject == FIT_REJ_RETIRED || fr->reject == FIT_REJ_NOT_FOR_TRAINING)
				continue;
			gpu_family(c->env->gpus[c->env->shapes[refs[i].shape].gpu].name, f, sizeof f);
			for (k = 0; k < nseen && strcmp(seen[k], f); k++)
				;
			if (k < nseen && refs[i].order >= cheapest_ok[k])
				continue;
			if (k == nseen && nseen < 64)
				util_copy_str(seen[nseen++], sizeof seen[0], f);
			if (k < nseen)
				cheapest_ok[k] = -1; /* accounted for */
			fam[nf++] = refs[i];
			refs[i].order = -1; /* taken */
		}
		for (size_t i = 0; i < nf; i++) {
			const struct shape *sh = &c->env->shapes[fam[i].shape];
			struct recommend_reject *r;

			rw->rejected = xrealloc(rw->rejected,
						(rw->nrejected + 1) * sizeof(*rw->rejected));
			r = &rw->rejected[rw->nrejected++];
			memset(r, 0, sizeof(*r));
			util_copy_str(r->sku, sizeof(r->sku), c->env->vms[sh->vm].sku);
			if (sh->mig >= 0)
				util_copy_str(r->mig_profile, sizeof(r->mig_profile),
						   c->env->migs[sh->mig].name);
			r->fit = fits[fam[i].shape];
			r->order = fam[i].order;
			counts[r->fit.reject]++;
		}
		free(fam);
	}
	for (size_t i = 0; i < n; i++) {
		if (refs[i].order < 0)
			continue;
		if (refs[i].shape < 0) {
			add_reject(c, rw, -1 - refs[i].shape, -1, &unk, c->env->regions[refs[i].region],
				   refs[i].order, counts);
			continue;
		}
		if (!c->env->o->all_rejected &&
		    (fits[refs[i].shape].reject == FIT_REJ_RETIRED ||
		     fits[refs[i].shape].reject == FIT_REJ_NOT_FOR_TRAINING))
			continue;
		add_reject(c, rw, c->env->shapes[refs[i].shape].vm, c->env->shapes[refs[i].shape].mig,
			   &fits[refs[i].shape], "", refs[i].order, counts);
	}
	free(refs);
}

/* The current deployment: its cost and whether it meets the needs. */
static void current_of(struct rank_ctx *c, const struct profile_workload *pw,
		       const struct fit_workload *w, const struct fit_result *fits,
		       struct recommend_workload *rw)
{
	struct recommend_current *cur = &rw->current;
	const char *region = profile_workload_region(c->env->p, pw);
	int v = recommend_vm_index(c->env, pw->current_sku), r = recommend_region_index(c->env, region);
	double hourly = 0, hours;
	const struct fit_result *f = NULL;

	rw->has_current = 1;
	util_copy_str(cur->sku, sizeof(cur->sku), pw->current_sku);
	util_copy_str(cur->region, sizeof(cur->region), region);
	cur->count = pw->current_count > 0 ? pw->current_count : 1;
	cur->meets_needs = -1;
	if (v >= 0 && r >= 0)
		hourly = c->env->price[(size_t)v * c->env->nregions + r];
	if (v >= 0 && c->env->alias_of[v] >= 0) {
		/* another name of one VM: sized and priced under the name printed */
		v = c->env->alias_of[v];
		if (!(hourly > 0) && r >= 0)
			hourly = c->env->price[(size_t)v * c->env->nregions + r];
	}
	size_t shape = 0;

	for (size_t i = 0; v >= 0 && i < c->env->nshapes; i++)
		if (c->env->shapes[i].vm == v && c->env->shapes[i].mig < 0) {
			f = &fits[i];
			shape = i;
		}
	if (f) {
		long reps = w->kind == FIT_TRAINING ? 1 : w->replicas;
		long need;

		if (recommend_is_traffic(pw) && f->reject == FIT_OK) {
			/* by its traffic: the replicas of that size the peak hour
			 * needs (its load plan there) */
			const struct recommend_load_plan *lp = recommend_load_shape(c, w, shape, f);

			reps = lp ? lp->peak_replicas : LOAD_MAX_REPLICAS + 1L;
		}
		need = (long)f->vm_count * reps;
		if (!cur->fit)
			cur->fit = xmalloc(sizeof(*cur->fit));
		*cur->fit = *f;
		cur->meets_needs = f->reject == FIT_OK && need <= cur->count;
		if (!cur->meets_needs) {
			char why[FIT_REASON_LEN];
			if (f->reject != FIT_OK)
				fit_reject_text(f, NULL, NULL, why, sizeof(why));
			else
				snprintf(why, sizeof(why), "needs %ld VMs, has %ld", need, cur->count);
			recommend_add_finding(rw, "current-shortfall", RECOMMEND_WARNING,
				    "today's %ld x %s cannot meet the needs: %s", cur->count, cur->sku,
				    why);
		}
	}
	if (!(hourly > 0)) {
		recommend_add_finding(rw, "current-unpriced", RECOMMEND_WARNING,
			    "no %s price for %s in %s; current cost unknown (run 'gpufit catalog "
			    "refresh')", pricing_name(c->env->pricing), cur->sku, region);
		return;
	}
	cur->priced = 1;
	hours = c->env->hours;
	if (w->kind == FIT_TRAINING) {
		/* one run on today's VMs, scaled from the sized run; else the deadline */
		if (f && f->reject == FIT_OK)
			hours = f->job_hours * f->vm_count / (double)cur->count * w->runs_per_month;
		else if (w->deadline_hours > 0)
			hours = w->deadline_hours * w->runs_per_month;
	}
	cur->monthly_cost = bill_monthly(c->env->pricing, hourly, (double)cur->count, hours);
}

/* The dedicated options (every shape but MIG slices) of the ranked
 * candidates c->cands: the best one, the next ones in its region and the
 * best per region, into s->fb. */
static void rank_dedicated(struct rank_ctx *c, const struct fit_workload *w, struct cache_slot *s,
			   const int *regs, size_t nregs)
{
	struct fallback *fb;
	const struct cand *best = NULL;
	int top = c->env->o->top > 0 ? c->env->o->top : 0;

	if (c->ranked.nfbpool == c->ranked.capfbpool) {
		c->ranked.capfbpool = c->ranked.capfbpool ? c->ranked.capfbpool * 2 : 64;
		c->ranked.fbpool = xrealloc(c->ranked.fbpool, c->ranked.capfbpool * sizeof(*c->ranked.fbpool));
	}
	s->fb = (int)c->ranked.nfbpool;
	fb = &c->ranked.fbpool[c->ranked.nfbpool++];
	memset(fb, 0, sizeof(*fb));

	fb->regions = xcalloc(nregs + 1, sizeof(*fb->regions));
	fb->nregions = nregs;
	for (size_t k = 0; k < nregs; k++)
		util_copy_str(fb->regions[k].region, sizeof(fb->regions[k].region),
			 c->env->regions[regs[k]]);
	fb->list = xcalloc((size_t)top + 2, sizeof(*fb->list));
	fb->alts = fb->list + 1;
	for (size_t j = 0; j < c->ncands; j++) {
		const struct cand *cd = &c->cands[j];
		if (c->env->shapes[cd->shape].mig >= 0)
			continue;
		for (size_t k = 0; k < nregs; k++) {
			struct recommend_region_cost *rc = &fb->regions[k];
			if (regs[k] != cd->region || rc->feasible)
				continue;
			rc->feasible = 1;
			rc->monthly_cost = cd->monthly;
			rc->terms = recommend_load_terms(c, cd);
			util_copy_str(rc->sku, sizeof(rc->sku), c->env->vms[c->env->shapes[cd->shape].vm].sku);
		}
		if (!best) {
			best = cd;
			fb->has = 1;
			fill_choice(c, w, cd, s->fits, &fb->ded, NULL);
			fb->list[0] = fb->ded;
		} else if (cd->region == best->region && fb->nalts < (size_t)top) {
			fill_choice(c, w, cd, s->fits, &fb->alts[fb->nalts++], NULL);
		}
	}
}

/* A candidate that meets its deadline only on a store it does not have (the
 * storage fix) is an option only when no candidate meets it on the store
 * the profile names: gpufit prices what is declared first (docs/data.md). */
static void drop_fixed(struct rank_ctx *c)
{
	size_t n = 0, kept = 0;
	for (size_t j = 0; j < c->ncands; j++)
		if (!c->cands[j].storage_fix)
			n++;
	if (n == 0 || n == c->ncands)
		return;
	for (size_t j = 0; j < c->ncands; j++)
		if (!c->cands[j].storage_fix)
			c->cands[kept++] = c->cands[j];
	c->ncands = kept;
}

/* Whether the subscription cannot launch VM size vm in region (c->env->o->skus):
 * restricted or not offered there, or in the zone of the workload being
 * ranked.  why (may be NULL) gets the reason. */
static int unavailable_here(const struct rank_ctx *c, int vm, int region, char *why, size_t len)
{
	int zone = c->pw_now ? c->pw_now->zone : 0;

	if (!c->env->o->skus)
		return 0;
	if (!c->env->unavailable[(size_t)vm * c->env->nregions + (size_t)region] && zone == 0)
		return 0;
	return azure_skus_check(c->env->o->skus, c->env->vms[vm].sku, c->env->regions[region], zone, why,
				len) != AZURE_AVAILABLE;
}

struct unavail {
	int shape;
	double hourly;
};

static int cmp_unavail(const void *a, const void *b)
{
	const struct unavail *x = a, *y = b;

	if (x->hourly != y->hourly)
		return x->hourly < y->hourly ? -1 : 1;
	return x->shape - y->shape;
}

/* The sizes w fits that the subscription cannot launch, among the rejected
 * with the reason ("NotAvailableForSubscription in eastus zone 2"): per
 * region of w, the whole sizes priced below the recommendation's VM (any,
 * when w has none), cheapest first by the catalog's price, at most
 * REJECTS_PER_REASON a region unless --all-rejected. */
static void unavailable_rejects(struct rank_ctx *c, const struct fit_workload *w,
				struct recommend_workload *rw, const struct fit_result *fits,
				const int *regs, size_t nregs)
{
	double ceiling = 0;
	struct unavail *u;

	if (!c->env->o->skus)
		return;
	if (c->ncands) {
		const struct shape *b = &c->env->shapes[c->cands[0].shape];

		ceiling = c->env->price[(size_t)b->vm * c->env->nregions + (size_t)c->cands[0].region];
	}
	u = xmalloc((c->env->nshapes + 1) * sizeof(*u));
	for (size_t k = 0; k < nregs; k++) {
		size_t n = 0;

		for (size_t i = 0; i < c->env->nshapes; i++) {
			const struct shape *sh = &c->env->shapes[i];
			double h = 0;

			if (fits[i].reject != FIT_OK || sh->mig >= 0 ||
			    !unavailable_here(c, sh->vm, regs[k], NULL, 0) ||
			    catalog_snapshot_price(c->env->snap, c->env->vms[sh->vm].sku, c->env->regions[regs[k]],
						   c->env->pricing, c->env->currency, &h) != 1 ||
			    (ceiling > 0 && !(h < ceiling)))
				continue;
			u[n].shape = (int)i;
			u[n++].hourly = h;
		}
		if (n)
			qsort(u, n, sizeof(*u), cmp_unavail);
		for (size_t q = 0; q < n && (c->env->o->all_rejected || q < REJECTS_PER_REASON); q++) {
			const struct shape *sh = &c->env->shapes[u[q].shape];
			struct recommend_reject *r;
			char why[FIT_REASON_LEN];

			unavailable_here(c, sh->vm, regs[k], why, sizeof why);
			rw->rejected = xrealloc(rw->rejected,
						(rw->nrejected + 1) * sizeof(*rw->rejected));
			r = &rw->rejected[rw->nrejected++];
			memset(r, 0, sizeof(*r));
			util_copy_str(r->sku, sizeof(r->sku), c->env->vms[sh->vm].sku);
			util_copy_str(r->region, sizeof(r->region), c->env->regions[regs[k]]);
			r->fit = fits[u[q].shape];
			r->fit.reject = FIT_REJ_UNAVAILABLE;
			r->fit.note = w->notes ? strmap_intern(w->notes, why) : NULL;
			r->order = u[q].hourly;
		}
	}
	free(u);
}

/* A workload pinned to a zone shares no MIG pool whose size is restricted
 * in that zone: those offers are not feasible for it, and when its
 * dedicated small GPU is restricted there it stays outside the plan. */
static void zone_pack_need(const struct rank_ctx *c, struct pack_need *pn)
{
	const struct pack_offer *offs = &c->env->offers[(size_t)pn->region * MIG_MAX_OFFERS];
	int ok = 0;

	for (size_t o = 0; o < c->env->noffers[pn->region]; o++) {
		if (unavailable_here(c, offs[o].vm, pn->region, NULL, 0))
			pn->feasible[o] = 0;
		for (size_t m = 0; m < offs[o].nprofiles; m++)
			if (pn->feasible[o] & (1u << m))
				ok |= offs[o].profiles[m].aks_profile[0] != '\0';
	}
	if (pn->dedicated_vm >= 0 && unavailable_here(c, pn->dedicated_vm, pn->region, NULL, 0))
		ok = 0;
	if (!ok)
		memset(pn->feasible, 0, sizeof pn->feasible);
	pn->ok = ok;
}

/* Ranks w over the regions regs into s->tmpl (the part of a workload's
 * result that only depends on w and the regions). */
/* The alternatives of a ranking (c->cands sorted, [0] the recommendation):
 * the next top whole purchasable options in its region, one per offer. */
static void fill_alternatives(struct rank_ctx *c, const struct fit_workload *w,
			      const struct fit_result *fits, int top, struct recommend_workload *rw)
{
	const struct cand *best = &c->cands[0];
	size_t nalt = 0;

	rw->alternatives = xcalloc((size_t)top + 1, sizeof(*rw->alternatives));
	for (size_t j = 1; j < c->ncands && nalt < (size_t)top; j++) {
		const struct cand *cd = &c->cands[j];
		int dup = 0;
		/* whole purchasable options only: a slice at its share of a
		 * GPU is no price one can buy alone */
		if (cd->region != best->region || c->env->shapes[cd->shape].mig >= 0)
			continue;
		for (size_t q = 0; q < j && !dup; q++)
			dup = c->cands[q].region == cd->region && same_offer(c, &c->cands[q], cd);
		if (dup)
			continue;
		fill_choice(c, w, cd, fits, &rw->alternatives[nalt], NULL);
		recommend_load_choice(c, w, cd, &rw->alternatives[nalt], NULL);
		nalt++;
	}
	rw->nalternatives = nalt;
}

/* Each region's cheapest candidate (c->cands sorted), for the per-region
 * comparison: a size one can buy there, never a MIG slice's share of a VM
 * (the alternatives skip them too). */
static void region_costs(const struct rank_ctx *c, struct recommend_workload *rw, const int *regs,
			 size_t nregs)
{
	rw->regions = xcalloc(nregs + 1, sizeof(*rw->regions));
	rw->nregions = nregs;
	for (size_t k = 0; k < nregs; k++) {
		struct recommend_region_cost *rc = &rw->regions[k];
		util_copy_str(rc->region, sizeof(rc->region), c->env->regions[regs[k]]);
		for (size_t j = 0; j < c->ncands; j++) {
			if (c->cands[j].region != regs[k] ||
			    c->env->shapes[c->cands[j].shape].mig >= 0)
				continue;
			rc->feasible = 1;
			rc->monthly_cost = c->cands[j].monthly;
			rc->terms = recommend_load_terms(c, &c->cands[j]);
			util_copy_str(rc->sku, sizeof(rc->sku), c->env->vms[c->env->shapes[c->cands[j].shape].vm].sku);
			break;
		}
	}
}

/* Sized fine somewhere, but nothing priced: a no-price rejection in each
 * region, named first. */
static void unpriced_rejects(struct rank_ctx *c, struct recommend_workload *rw,
			     const struct fit_result *fits, const int *regs, size_t nregs)
{
	for (size_t k = 0; k < nregs; k++) {
		struct fit_result nf;
		size_t counts[FIT_REJ_COUNT] = { 0 };
		memset(&nf, 0, sizeof(nf));
		nf.reject = FIT_REJ_NO_PRICE;
		if (c->res->currency_note[0])
			nf.note = c->res->currency_note;
		for (size_t i = 0; i < c->env->nshapes; i++)
			if (fits[i].reject == FIT_OK) {
				add_reject(c, rw, c->env->shapes[i].vm, c->env->shapes[i].mig, &nf,
					   c->env->regions[regs[k]], 0, counts);
				break;
			}
	}
}

static void rank(struct rank_ctx *c, const struct fit_workload *w, struct cache_slot *s,
		 const int *regs, size_t nregs)
{
	struct recommend_workload *rw = &s->tmpl;
	const struct fit_result *fits = s->fits;
	size_t nfeasible_shapes = 0;
	int traffic = recommend_is_traffic(c->pw_now);

	recommend_keep_lists(c, rw);   /* earlier workloads point at it */
	int least_capped = recommend_load_reset(c, w, fits, s);
	recommend_tmpl_release(rw);
	s->fb = -1;
	s->data_missed = 0;
	rw->replicas = w->replicas;
	/* price every feasible shape in every region */
	c->ncands = 0;
	for (size_t i = 0; i < c->env->nshapes; i++) {
		const struct shape *sh = &c->env->shapes[i];
		const struct recommend_load_plan *lp = NULL;
		if (fits[i].reject != FIT_OK)
			continue;
		if (traffic && !(lp = recommend_load_usable(c, w, i, &fits[i], least_capped)))
			continue;
		nfeasible_shapes++;
		for (size_t k = 0; k < nregs; k++) {
			size_t at = (size_t)sh->vm * c->env->nregions + regs[k];
			double unit = c->env->price[at] * sh->share;
			struct fit_cost cost;
			struct cand *cd;
			double busy, fed_monthly, fed_job_cost;
			int storage_fix;
			struct fit_result refit;
			const struct fit_result *f;
			if (unavailable_here(c, sh->vm, regs[k], NULL, 0))
				continue;
			if (!(c->env->price[at] > 0)) {
				c->unpriced[at] = 1;
				continue;
			}
			busy = 1;
			storage_fix = 0;
			f = &fits[i];
			if (c->pw_now && c->pw_now->has_data && w->kind == FIT_TRAINING) {
				/* GPUs waiting for data: the run takes 1 / busy as long.
				 * Past the deadline, a limit per VM (network, disks) is
				 * sized again for deadline x busy (more nodes), a few
				 * times as busy moves with them; a shared ceiling
				 * (account, volume, file system) gives more VMs no more,
				 * so the size is tried once more on the store its fix
				 * sizes for the reads (one extra try), else dropped
				 * (docs/data.md) */
				struct recommend_data d;
				int ok = 0, fix = 0;
				for (int tries = 0; tries < 4 + fix && !ok; tries++) {
					recommend_data_eval(c->env, c->pw_now, w, f, sh->vm,
							    c->env->regions[regs[k]], fix, &d);
					busy = d.busy > 0 && d.busy < 1 ? d.busy : 1;
					ok = !(w->deadline_hours > 0) ||
					     f->job_hours / busy * (1 + w->headroom) <=
						     w->deadline_hours * (1 + 1e-9);
					if (ok || sh->mig >= 0)
						continue;
					if (d.read_fixed) {
						if (fix)
							break;   /* no fix reaches the reads */
						fix = 1;
						continue;
					}
					{
						struct fit_workload w2 = *w;
						w2.deadline_hours = w->deadline_hours * busy *
								    (f == &fits[i] ? 1 : 0.97);
						fit_evaluate(&w2, &sh->cap, sh->infiniband,
							     &c->env->factors[sh->gpu], &refit);
						if (refit.reject != FIT_OK)
							break;
						f = &refit;
					}
				}
				if (!ok) {
					s->data_missed++;
					continue;
				}
				storage_fix = d.storage_fix;
			}
			{
				/* the run as long as the data path lets it go: its
				 * hours / busy are what payg and spot bill */
				struct fit_result slow = *f;
				struct fit_cost fed;

				fit_price(w, f, c->env->pricing, unit, c->env->hours, &fed);
				slow.job_hours = f->job_hours / busy;
				fit_price(w, &slow, c->env->pricing, unit, c->env->hours, &cost);
				fed_monthly = fed.monthly;
				fed_job_cost = fed.job_cost;
			}
			if (lp)   /* its bill is the load plan's */
				fed_monthly = recommend_load_cost(c, lp, (int)i, regs[k], f, &cost);
			if (c->ncands == c->capcands) {
				c->capcands = c->capcands ? c->capcands * 2 : 256;
				c->cands = xrealloc(c->cands, c->capcands * sizeof(*c->cands));
			}
			cd = &c->cands[c->ncands++];
			cd->shape = (int)i;
			cd->region = regs[k];
			cd->hourly = cost.hourly;
			cd->fed_monthly = fed_monthly;
			cd->fed_job_cost = fed_job_cost;
			cd->monthly = cost.monthly;
			cd->job_cost = cost.job_cost;
			cd->refit = f != &fits[i];
			cd->storage_fix = storage_fix;
			if (cd->refit)
				cd->fit = *f;
			cd->gpus = f->gpu_count * (lp ? lp->peak_replicas : (int)w->replicas);
			cd->headroom = f->memory_headroom_pct;
		}
	}
	drop_fixed(c);
	if (c->ncands)
		qsort(c->cands, c->ncands, sizeof(*c->cands), cmp_cand);

	region_costs(c, rw, regs, nregs);

	if (c->ncands > 0) {
		const struct cand *best = &c->cands[0];
		int top = c->env->o->top > 0 ? c->env->o->top : 0;
		rw->feasible = 1;
		struct recommend_data d;
		memset(&d, 0, sizeof(d));
		fill_choice(c, w, best, fits, &rw->rec, &d);
		recommend_load_choice(c, w, best, &rw->rec, &rw->load_plan);
		if (d.present)
			rw->rec_data = recommend_dup_array(&d, 1, sizeof(d));
		fill_alternatives(c, w, fits, top, rw);
		if (c->env->shapes[best->shape].mig >= 0)
			rank_dedicated(c, w, s, regs, nregs);
	}
	if (!rw->feasible && nfeasible_shapes > 0 && !s->data_missed)
		unpriced_rejects(c, rw, fits, regs, nregs);
	/* the needs first: the closest rejection is measured by them */
	recommend_compute_needs(c, w, rw);
	build_offered(c);
	{
		double rn = llm_replica_need(c, w, fits, regs, nregs);

		if (rn > 0) {
			rw->needs.gpu_memory_gib = rn;
			recommend_round_needs(&rw->needs);
			rw->needs_fixed = 1;
		}
	}
	collect_rejects(c, rw, fits, regs, nregs);
	unavailable_rejects(c, w, rw, fits, regs, nregs);
	collect_families(c, rw);
	s->nfeasible_shapes = nfeasible_shapes;
	memset(&s->pack, 0, sizeof(s->pack));
	if (rw->feasible) {
		const struct fallback *fb = s->fb >= 0 ? &c->ranked.fbpool[s->fb] : NULL;
		recommend_pack_need_of(c, w, fits, c->cands[0].region,
				       fb && fb->has ? fb->ded.monthly_cost : 0, &s->pack);
		if (c->env->o->skus && c->pw_now && c->pw_now->zone)
			zone_pack_need(c, &s->pack);
	}
	memcpy(s->regs, regs, nregs * sizeof(*regs));
	s->nregs = nregs;
	s->has_dkey = c->pw_now && c->pw_now->has_data;
	if (s->has_dkey)
		s->dkey = c->pw_now->data;
	s->zone = c->env->o->skus && c->pw_now ? c->pw_now->zone : 0;
	recommend_load_key(&s->tkey, c->pw_now);
	s->ranked = 1;
}

void recommend_one(struct rank_ctx *c, size_t index, struct recommend_workload *rw)
{
	const struct profile_workload *pw = &c->env->p->workloads[index];
	const struct recommend_workload *t;
	struct fit_workload w;
	struct cache_slot *s;
	struct recommend_load_key tk;
	const char *why = NULL;
	int regs[PROFILE_MAX_REGIONS];
	size_t nregs;

	memset(rw, 0, sizeof(*rw));
	util_copy_str(rw->name, sizeof(rw->name), pw->name);
	rw->type = pw->type;
	rw->replicas = pw->replicas > 0 ? pw->replicas : 1;
	if (recommend_to_fit(c->env, &c->res->notes, pw, &w, &why) != 0) {
		recommend_add_finding(rw, "not-sized", RECOMMEND_ERROR, "cannot be sized: %s", why);
		c->res->infeasible++;
		rw->needs.interconnect = "none";
		return;
	}
	recommend_load_key(&tk, pw);
	s = recommend_size_all(c, &w, &tk);
	nregs = recommend_workload_regions(c->env, pw, regs);
	for (size_t k = 0; k < nregs; k++)
		c->region_used[regs[k]] = 1;
	c->pw_now = pw;
	if (!s->ranked || s->nregs != nregs || memcmp(s->regs, regs, nregs * sizeof(*regs)) != 0 ||
	    !recommend_data_same(pw, s) || s->zone != (c->env->o->skus ? pw->zone : 0) ||
	    !recommend_load_same(pw, s)) {
		struct recommend_choice *b;

		rank(c, &w, s, regs, nregs);
		b = xmalloc(sizeof(*b));
		*b = s->tmpl.rec;
		keep_shared(c->res, b);
		s->best = b;
	}
	t = &s->tmpl;
	rw->feasible = t->feasible;
	rw->needs = t->needs;
	rw->needs_fixed = t->needs_fixed;
	/* its cheapest option: the allocate stage makes it (or what the MIG
	 * plan gives it) the recommendation */
	c->ranked.best[index] = s->best;
	rw->rec_data = t->rec_data ? recommend_dup_array(t->rec_data, 1, sizeof(*t->rec_data)) : NULL;
	rw->nalternatives = t->nalternatives;
	rw->alternatives = t->alternatives;   /* shared (a MIG plan may point it elsewhere) */
	rw->nrejected = t->nrejected;
	rw->rejected = t->rejected;       /* shared: never changed after rank() */
	rw->nfamilies = t->nfamilies;
	rw->families = recommend_dup_array(t->families, t->nfamilies, sizeof(*t->families));
	rw->nsummaries = t->nsummaries;
	rw->summaries = t->summaries;     /* shared, as rejected */
	/* the closest miss is only read for an infeasible workload */
	rw->closest = !t->feasible && t->closest
			      ? recommend_dup_array(t->closest, 1, sizeof(*t->closest))
			      : NULL;
	rw->closest_margin = t->closest_margin;
	rw->nregions = t->nregions;
	rw->regions = recommend_dup_array(t->regions, t->nregions, sizeof(*t->regions));
	if (t->load_plan) {
		rw->load_plan = recommend_dup_array(t->load_plan, 1, sizeof(*t->load_plan));
		rw->replicas = rw->load_plan->peak_replicas;
		recommend_load_findings(c, rw);
	}
	if (pw->type == PROFILE_INFERENCE)
		c->ranked.needs[index] = s->pack;
	if (rw->feasible && t->rec.placement == FIT_PLACEMENT_MIG)
		c->ranked.fb_of[index] = s->fb;

	if (!rw->feasible) {
		char why2[FIT_REASON_LEN * 2] = "no size in the catalog";
		char closest[FIT_REASON_LEN * 3] = "-";
		size_t lat = 0;
		c->res->infeasible++;
		for (size_t i = 0; i < rw->nrejected; i++)
			if (rw->rejected[i].fit.reject == FIT_REJ_LATENCY ||
			    rw->rejected[i].fit.reject == FIT_REJ_TTFT)
				lat++;
		if (rw->closest) {
			enum fit_reject k = rw->closest->fit.reject;
			int over = k == FIT_REJ_LATENCY || k == FIT_REJ_TTFT || k == FIT_REJ_DEADLINE;

			closest_miss_text(rw, &rw->closest->fit, why2, sizeof(why2));
			snprintf(closest, sizeof closest, "%s%s%s %s (%.*f%% %s)", rw->closest->sku,
				 rw->closest->mig_profile[0] ? " " : "", rw->closest->mig_profile, why2,
				 rw->closest_margin < 0.1 ? 1 : 0, 100.0 * rw->closest_margin,
				 over ? "over" : "short");
		} else if (rw->nrejected) {
			recommend_reject_reason(rw, &rw->rejected[0].fit, pricing_name(c->env->pricing),
						rw->rejected[0].region, why2, sizeof(why2));
			snprintf(closest, sizeof closest, "%s (%s)", rw->rejected[0].sku, why2);
		}
		if (s->data_missed) {
			recommend_add_finding(rw, "data-starved", RECOMMEND_ERROR,
				    "%zu options would meet the deadline with fed GPUs, but their data "
				    "path starves them past it; fix: a faster storage tier, local NVMe "
				    "staging, or a later deadline", s->data_missed);
			recommend_data_unknown_numbers(&rw->findings[rw->nfindings - 1],
						       "a faster storage tier, local NVMe staging, or a "
						       "later deadline");
		}
		if (lat)
			recommend_add_finding(rw, "latency-slo", RECOMMEND_ERROR,
				    "the latency SLO cannot be met on any size: relax it, use a "
				    "smaller or lower-precision model, or shorten prompts");
		if (s->data_missed)
			;
		else if (s->traffic_missed && !s->nfeasible_shapes)
			recommend_add_finding(rw, "infeasible", RECOMMEND_ERROR,
				    "%zu options hold one replica, but none serves %.10g requests/s with "
				    "at most %d replicas", s->traffic_missed,
				    pw->serving.requests_per_s, LOAD_MAX_REPLICAS);
		else if (s->nfeasible_shapes > 0 && c->res->currency_note[0])
			recommend_add_finding(rw, "infeasible", RECOMMEND_ERROR,
				    "%zu options fit, but %s", s->nfeasible_shapes,
				    c->res->currency_note);
		else if (s->nfeasible_shapes > 0)
			recommend_add_finding(rw, "infeasible", RECOMMEND_ERROR,
				    "%zu options fit, but none has a %s price in the regions asked "
				    "for; run 'gpufit catalog refresh' or choose another region",
				    s->nfeasible_shapes, pricing_name(c->env->pricing));
		else
			recommend_add_finding(rw, "infeasible", RECOMMEND_ERROR,
				    "no feasible option (%zu options considered); closest: %s",
				    c->env->nshapes, closest);
	}
	if (c->env->pricing == PRICING_SPOT && pw->type == PROFILE_INFERENCE &&
	    (w.max_ms_per_token > 0 || w.max_ttft_ms > 0 || w.replicas <= 1))
		recommend_add_finding(rw, "spot-serving", RECOMMEND_WARNING,
				      "%s on spot capacity: Azure evicts spot VMs with 30 s notice "
				      "and gives them no SLA; run a %s on pay-as-you-go or reserved "
				      "capacity, or keep spot for extra replicas behind a payg one",
				      w.max_ms_per_token > 0 || w.max_ttft_ms > 0
					      ? "a latency SLO" : "a single replica",
				      w.max_ms_per_token > 0 || w.max_ttft_ms > 0
					      ? "latency-bound service" : "single-replica service");
	if (pw->has_current && pw->current_sku[0])
		current_of(c, pw, &w, s->fits, rw);
}

/* One warning per region listing feasible sizes that had no price. */
void recommend_unpriced_warnings(struct rank_ctx *c)
{
	if (c->res->currency_note[0])
		return; /* one warning already says why */
	for (size_t r = 0; r < c->env->nregions; r++) {
		struct strbuf sb = STRBUF_INIT;
		size_t n = 0;
		for (size_t v = 0; v < c->env->nvms; v++) {
			if (!c->unpriced[v * c->env->nregions + r])
				continue;
			strbuf_addf(&sb, "%s%s", n ? ", " : "", c->env->vms[v].sku);
			n++;
		}
		if (n)
			recommend_add_warning(c->res, "no %s price in %s for %zu feasible size%s (%s); run "
					    "'gpufit catalog refresh'",
				    pricing_name(c->env->pricing), c->env->regions[r], n, n == 1 ? "" : "s",
				    strbuf_str(&sb));
		strbuf_release(&sb);
	}
}

/* One warning per region in use listing the sizes with a price there that
 * the spec tables do not know: they exist, but were not sized. */
void recommend_unknown_warnings(struct rank_ctx *c)
{
	for (size_t r = 0; r < c->env->nregions; r++) {
		struct strbuf sb = STRBUF_INIT;
		size_t n = 0;
		if (!c->region_used[r])
			continue;
		for (size_t u = 0; u < c->env->nunknown; u++) {
			if (!(c->env->price[(size_t)c->env->unknown[u] * c->env->nregions + r] > 0))
				continue;
			strbuf_addf(&sb, "%s%s", n ? ", " : "", c->env->vms[c->env->unknown[u]].sku);
			n++;
		}
		if (n)
			recommend_add_warning(c->res, "%zu size%s with a %s price in %s %s not sized: spec unknown "
					    "(%s); gpufit's spec tables do not know %s GPUs and memory",
				    n, n == 1 ? "" : "s", pricing_name(c->env->pricing), c->env->regions[r],
				    n == 1 ? "was" : "were", strbuf_str(&sb), n == 1 ? "its" : "their");
		strbuf_release(&sb);
	}
}

/* One warning per serving engine whose factors no measurement of its
 * current release checks (engine_unvalidated), naming its workloads. */
void recommend_engine_warnings(struct rank_ctx *c)
{
	const struct sizing_factors *f = NULL;

	/* the engine rows do not depend on the GPU: any resolved set has them */
	for (size_t g = 0; g < c->env->ngpus && !f; g++)
		if (c->env->factors_ok[g])
			f = &c->env->factors[g];
	if (!f)
		return;
	for (int e = 0; e < SIZING_ENGINE_COUNT; e++) {
		struct strbuf sb = STRBUF_INIT;
		size_t n = 0;

		if (!(sizing_engine_factors_of(f, (enum sizing_engine)e).unvalidated > 0))
			continue;
		for (size_t i = 0; i < c->env->p->nworkloads; i++) {
			const struct profile_workload *w = &c->env->p->workloads[i];

			if (w->type != PROFILE_INFERENCE || (int)w->serving.engine != e)
				continue;
			strbuf_addf(&sb, "%s%s", n++ ? ", " : "", w->name);
		}
		if (n)
			recommend_add_warning(c->res, "engine %s (%s): gpufit's factors for it are not "
					      "validated against published measurements of its current "
					      "release (docs/sizing.md, \"Serving engines\"); read its "
					      "throughput and latency as unchecked",
					      sizing_engine_name((enum sizing_engine)e), strbuf_str(&sb));
		strbuf_release(&sb);
	}
}
