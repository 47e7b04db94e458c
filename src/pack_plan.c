/*
 * pack_plan.c - from a workload profile to a priced MIG packing plan.
 *
 * For each region the profile's inference workloads run in, this file lists
 * the MIG-capable VM sizes with a price there (the packer's offers), sizes
 * every workload with the fit engine on every MIG profile of those GPUs and
 * on every dedicated small GPU (NVIDIA sizes of at most one GPU without MIG:
 * T4, A10 and its partitions), and hands one item per replica to mig_pack().
 * A size without a price in the region is skipped, never priced at 0.
 *
 * The naive plan for comparison gives every replica the cheapest VM size of
 * at most one GPU it fits on (a whole GPU or a GPU partition: what the plan
 * itself may choose for a replica it does not pack), so the saving is the
 * packing's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bill.h"
#include "catalog_snapshot.h"
#include "mig_plan.h"
#include "fit.h"
#include "pack_plan.h"
#include "sizing.h"
#include "util.h"

struct offer_src {
	int vm;                     /* index into ctx.vms */
	int gpu;                    /* index into ctx.gpus */
	double hourly;
	struct mig_profile *profiles;
	size_t nprofiles;
};

struct ctx {
	const struct catalog_snapshot *snap;
	const struct profile *p;
	const struct pack_options *o;
	struct pack_plan *out;
	const struct vm_size *vms;
	size_t nvms;
	const struct gpu_spec *gpus;
	size_t ngpus;
	const struct mig_profile *migs;
	size_t nmigs;
	const struct model_preset *presets;
	size_t npresets;
	const struct efficiency *eff;
	size_t neff;
	struct sizing_factors *factors;  /* per gpu */
	int *factors_ok;
	struct strmap *notes;            /* the fits' precision notes, for the run */
};

void pack_options_init(struct pack_options *o)
{
	memset(o, 0, sizeof(*o));
	o->strategy = MIG_STRATEGY_AKS;
	o->headroom_pct = PACK_DEFAULT_HEADROOM_PCT;
}

static int gpu_index(const struct ctx *c, const char *name)
{
	for (size_t i = 0; i < c->ngpus; i++)
		if (strcasecmp(c->gpus[i].name, name) == 0)
			return (int)i;
	return -1;
}

/* The snapshot's arrays (borrowed) and the efficiency factors per GPU. */
static void load(struct ctx *c)
{
	const struct catalog_snapshot *s = c->snap;
	c->vms = s->vms;
	c->nvms = s->nvms;
	c->gpus = s->gpus;
	c->ngpus = s->ngpus;
	c->migs = s->migs;
	c->nmigs = s->nmigs;
	c->presets = s->presets;
	c->npresets = s->npresets;
	c->eff = s->eff;
	c->neff = s->neff;
	c->factors = xcalloc(c->ngpus + 1, sizeof(*c->factors));
	c->factors_ok = xcalloc(c->ngpus + 1, sizeof(*c->factors_ok));
	for (size_t i = 0; i < c->ngpus; i++)
		c->factors_ok[i] = sizing_factors_resolve(c->eff, c->neff, &c->gpus[i],
							  &c->factors[i], NULL) == 0;
}

static void ctx_release(struct ctx *c)
{
	free(c->factors);
	free(c->factors_ok);
}

/* Inference workloads only; -1 with a reason when it cannot be sized.  Each
 * item is one replica: the packer places the replicas itself. */
static int to_fit(const struct ctx *c, const struct profile_workload *pw, struct fit_workload *w,
		  const char **why)
{
	if (fit_workload_from_profile(pw, c->presets, c->npresets, c->o->headroom_pct / 100.0, w,
				      why) != 0)
		return -1;
	w->replicas = 1;
	w->notes = c->notes;
	return 0;
}

/* Does one device of cap serve one replica on its own? */
static int serves(const struct ctx *c, const struct fit_workload *w, int gpu,
		  const struct sizing_capacity *cap, struct fit_result *res)
{
	fit_evaluate(w, cap, 0, &c->factors[gpu], res);
	return res->reject == FIT_OK && res->vm_count == 1;
}

static const char *workload_region(const struct ctx *c, const struct profile_workload *pw)
{
	return c->o->region ? c->o->region : profile_workload_region(c->p, pw);
}

/* 1 with the price, 0 when there is none, or when the --skus file says
 * the subscription cannot launch the size in the region (docs/quota.md). */
static int price_of(const struct ctx *c, const char *sku, const char *region, double *hourly)
{
	if (c->o->skus && azure_skus_check(c->o->skus, sku, region, 0, NULL, 0) != AZURE_AVAILABLE)
		return 0;
	return catalog_snapshot_price(c->snap, sku, region, c->out->pricing, c->p->currency, hourly);
}

/* A size the workload's zone: rules out in region (restricted or not
 * offered in that zone); never without a --skus file or a zone. */
static int zone_excludes(const struct ctx *c, int zone, const char *sku, const char *region)
{
	return c->o->skus && zone > 0 &&
	       azure_skus_check(c->o->skus, sku, region, zone, NULL, 0) != AZURE_AVAILABLE;
}

static int cmp_offer(const void *a, const void *b)
{
	const struct offer_src *x = a, *y = b;

	if (x->hourly != y->hourly)
		return x->hourly < y->hourly ? -1 : 1;
	return x->vm - y->vm;
}

/* The MIG-capable priced sizes of a region, cheapest per GPU first. */
static size_t region_offers(struct ctx *c, const char *region, struct offer_src *offs)
{
	size_t n = 0, cap = 4 * MIG_MAX_OFFERS;
	struct offer_src *all = xcalloc(cap, sizeof(*all));

	for (size_t v = 0; v < c->nvms && n < cap; v++) {
		const struct vm_size *vm = &c->vms[v];
		struct offer_src s;
		int g;
		if (!vm->mig_capable || vm->retired || !vm->spec_known || vm->gpu_count < 1 ||
		    fabs(vm->gpu_count - floor(vm->gpu_count)) > 1e-9 ||
		    (g = gpu_index(c, vm->gpu_model)) < 0 || !c->factors_ok[g] ||
		    !price_of(c, vm->sku, region, &s.hourly))
			continue;
		s.vm = (int)v;
		s.gpu = g;
		s.profiles = NULL;
		s.nprofiles = 0;
		for (size_t m = 0; m < c->nmigs; m++)
			if (strcasecmp(c->migs[m].gpu_model, vm->gpu_model) == 0 &&
			    s.nprofiles < MIG_MAX_PROFILES) {
				s.profiles = xrealloc(s.profiles,
						      (s.nprofiles + 1) * sizeof(*s.profiles));
				s.profiles[s.nprofiles++] = c->migs[m];
			}
		if (s.nprofiles == 0)
			continue;
		all[n++] = s;
	}
	/* cheapest per GPU first; beyond MIG_MAX_OFFERS the dearest are dropped */
	for (size_t i = 0; i < n; i++)
		all[i].hourly /= c->vms[all[i].vm].gpu_count;
	qsort(all, n, sizeof(*all), cmp_offer);
	for (size_t i = 0; i < n; i++)
		all[i].hourly *= c->vms[all[i].vm].gpu_count;
	for (size_t i = MIG_MAX_OFFERS; i < n; i++)
		free(all[i].profiles);
	if (n > MIG_MAX_OFFERS)
		n = MIG_MAX_OFFERS;
	memcpy(offs, all, n * sizeof(*all));
	free(all);
	return n;
}

struct witem {
	int workload;               /* index into out->workloads */
	unsigned feasible[MIG_MAX_OFFERS];
	double dedicated;
	int dedicated_vm;
	char reason[PACK_REASON_LEN];
};

static void add_unplaced(struct pack_plan *out, int w, int r, const char *reason)
{
	/* grown to 2n + 1 entries when n is 0 or a power of two: room doubles
	 * (this is the only place that adds to the list) */
	if ((out->nunplaced & (out->nunplaced - 1)) == 0)
		out->unplaced = xrealloc(out->unplaced,
					 (2 * out->nunplaced + 1) * sizeof(*out->unplaced));
	out->unplaced[out->nunplaced].workload = w;
	out->unplaced[out->nunplaced].replica = r;
	util_copy_str(out->unplaced[out->nunplaced].reason, PACK_REASON_LEN, reason);
	out->nunplaced++;
}

/* Sizes one workload on every offer and dedicated size of its region. */
static void size_workload(struct ctx *c, const struct fit_workload *w, const char *region,
			  int zone, const double *vm_price, const struct offer_src *offs,
			  size_t noffs, struct witem *wi, struct pack_workload *pw)
{
	struct fit_result res, worst;
	int have_worst = 0;

	wi->dedicated = 0;
	wi->dedicated_vm = -1;
	pw->naive_hourly = 0;
	pw->memory_need_gib = 0;
	for (size_t o = 0; o < noffs; o++) {
		const struct gpu_spec *gpu = &c->gpus[offs[o].gpu];
		wi->feasible[o] = 0;
		/* confidential-computing sizes for confidential workloads only */
		if (c->vms[offs[o].vm].confidential != (w->confidential != 0) ||
		    zone_excludes(c, zone, c->vms[offs[o].vm].sku, region))
			continue;
		for (size_t m = 0; m < offs[o].nprofiles; m++) {
			struct sizing_capacity cap;
			if (offs[o].profiles[m].media_ext ||
			    sizing_capacity_from_mig(gpu, &offs[o].profiles[m], &cap) != 0)
				continue;
			cap.mig_per_gpu = fit_mig_per_gpu(&offs[o].profiles[m]);
			if (serves(c, w, offs[o].gpu, &cap, &res)) {
				wi->feasible[o] |= 1u << m;
				if (pw->memory_need_gib == 0 || res.memory_need_gib < pw->memory_need_gib)
					pw->memory_need_gib = res.memory_need_gib;
			} else if (!have_worst || offs[o].profiles[m].memory_slices == 8) {
				worst = res;
				have_worst = 1;
			}
		}
	}
	for (size_t v = 0; v < c->nvms; v++) {
		const struct vm_size *vm = &c->vms[v];
		struct sizing_capacity cap;
		double hourly = vm_price[v];
		int g;
		if (!(hourly > 0) || vm->retired || !vm->spec_known || vm->gpu_count > 1 + 1e-9 ||
		    vm->confidential != (w->confidential != 0) ||
		    zone_excludes(c, zone, vm->sku, region) ||
		    vm->gpu_count <= 0 || (g = gpu_index(c, vm->gpu_model)) < 0 || !c->factors_ok[g] ||
		    strcasecmp(c->gpus[g].vendor, "NVIDIA") != 0 ||
		    sizing_capacity_from_vm(vm, &c->gpus[g], 1, &cap) != 0)
			continue;
		if (!serves(c, w, g, &cap, &res)) {
			if (!have_worst) {
				worst = res;
				have_worst = 1;
			}
			continue;
		}
		/* the plan without packing: each replica on the cheapest GPU of
		 * its own, a whole one or a partition (the dedicated choices the
		 * plan itself has), so the saving is what the MIG packing saves */
		if (pw->naive_hourly == 0 || hourly < pw->naive_hourly)
			pw->naive_hourly = hourly;
		if (!vm->mig_capable && (wi->dedicated == 0 || hourly < wi->dedicated)) {
			wi->dedicated = hourly;
			wi->dedicated_vm = (int)v;
		}
		if (pw->memory_need_gib == 0)
			pw->memory_need_gib = res.memory_need_gib;
	}
	wi->reason[0] = '\0';
	if (have_worst) {
		char why[PACK_REASON_LEN - 40];
		fit_reject_text(&worst, pricing_name(c->out->pricing), region, why, sizeof(why));
		snprintf(wi->reason, sizeof(wi->reason), "no mig slice or small gpu fits: %s", why);
	} else {
		snprintf(wi->reason, sizeof(wi->reason), "no priced mig or small gpu size in %s",
			 region);
	}
}

/* Packs the workloads of one region and appends the result to out. */
static int pack_region(struct ctx *c, const char *region, struct diag_list *diags)
{
	struct pack_plan *out = c->out;
	struct offer_src offs[MIG_MAX_OFFERS];
	struct mig_offer moffs[MIG_MAX_OFFERS];
	size_t noffs = region_offers(c, region, offs);
	struct witem *wis = xcalloc(c->p->nworkloads + 1, sizeof(*wis));
	struct mig_item *items = xmalloc(sizeof(*items)); /* grown per workload below */
	size_t nitems = 0, nw = 0, capitems = 1;
	struct mig_plan mp;
	char err[MIG_ERRLEN];
	size_t pool0 = out->npools;
	double *vm_price = xcalloc(c->nvms + 1, sizeof(*vm_price));
	double billed = 0;   /* this region's pools and dedicated VMs, their bills */
	size_t w0 = out->nworkloads;  /* wis[k] is plan workload w0 + k */
	char *unplaced;
	int rc = 0;

	/* one price lookup per size, not per workload */
	for (size_t v = 0; v < c->nvms; v++)
		if (!price_of(c, c->vms[v].sku, region, &vm_price[v]))
			vm_price[v] = 0;

	for (size_t o = 0; o < noffs; o++) {
		moffs[o].sku = c->vms[offs[o].vm].sku;
		moffs[o].gpu_model = c->vms[offs[o].vm].gpu_model;
		moffs[o].gpus_per_vm = (int)lround(c->vms[offs[o].vm].gpu_count);
		moffs[o].hourly = offs[o].hourly;
		moffs[o].profiles = offs[o].profiles;
		moffs[o].nprofiles = offs[o].nprofiles;
	}
	for (size_t i = 0; i < c->p->nworkloads; i++) {
		const struct profile_workload *pw = &c->p->workloads[i];
		struct pack_workload *k;
		struct fit_workload fw;
		const char *why = NULL;
		struct witem *wi;
		if (pw->type != PROFILE_INFERENCE || strcmp(workload_region(c, pw), region) != 0)
			continue;
		if (nw == 0) {   /* room for the region's workloads, once */
			size_t m = 0;
			for (size_t j = i; j < c->p->nworkloads; j++)
				m += c->p->workloads[j].type == PROFILE_INFERENCE &&
				     strcmp(workload_region(c, &c->p->workloads[j]), region) == 0;
			out->workloads = xrealloc(out->workloads,
						  (out->nworkloads + m) * sizeof(*out->workloads));
		}
		k = &out->workloads[out->nworkloads];
		memset(k, 0, sizeof(*k));
		util_copy_str(k->name, sizeof(k->name), pw->name);
		util_copy_str(k->region, sizeof(k->region), region);
		k->replicas = pw->replicas > 0 ? pw->replicas : 1;
		wi = &wis[nw++];
		wi->workload = (int)out->nworkloads++;
		if (to_fit(c, pw, &fw, &why) != 0) {
			for (long r = 0; r < k->replicas; r++)
				add_unplaced(out, wi->workload, (int)r, why);
			continue;
		}
		size_workload(c, &fw, region, pw->zone, vm_price, offs, noffs, wi, k);
		if (nitems + (size_t)k->replicas > capitems) {
			capitems = 2 * (nitems + (size_t)k->replicas);
			items = xrealloc(items, capitems * sizeof(*items));
		}
		for (long r = 0; r < k->replicas; r++) {
			struct mig_item *it = &items[nitems++];
			memset(it, 0, sizeof(*it));
			it->workload = wi->workload;
			it->replica = (int)r;
			memcpy(it->feasible, wi->feasible, sizeof(it->feasible));
			it->dedicated_hourly = wi->dedicated;
		}
	}
	if (mig_pack(moffs, noffs, items, nitems, c->o->strategy, &mp, err) != 0) {
		diag_list_add(diags, DIAG_ERROR, NULL, 0, 0, "%s", err);
		rc = -1;
		goto done;
	}
	for (size_t k = 0; k < mp.npools; k++) {
		const struct mig_pool *src = &mp.pools[k];
		struct mig_plan_pool pool;
		mig_plan_pool_init(&pool, moffs, src, region, out->pricing, out->hours_per_month);
		billed += pool.monthly_cost;
		mig_plan_pool_name(&pool, out->pools, out->npools);
		out->pools = xrealloc(out->pools, (out->npools + 1) * sizeof(*out->pools));
		out->pools[out->npools++] = pool;
	}
	mig_plan_pool_count(out->pools, pool0, &mp);
	out->gpus = xrealloc(out->gpus, (out->ngpus + mp.ngpus + 1) * sizeof(*out->gpus));
	for (size_t g = 0; g < mp.ngpus; g++) {
		const struct mig_gpu *src = &mp.gpus[g];
		const struct mig_offer *of = &moffs[mp.pools[src->pool].offer];
		struct pack_gpu *dst = &out->gpus[out->ngpus++];
		memset(dst, 0, sizeof(*dst));
		dst->pool = (int)pool0 + src->pool;
		dst->vm = src->vm;
		dst->gpu = src->gpu;
		dst->nslices = src->nslices;
		dst->memory_slots_used = src->memory_slots_used;
		dst->compute_slices_used = src->compute_slices_used;
		for (int s = 0; s < src->nslices; s++) {
			const struct mig_slice *sl = &src->slices[s];
			util_copy_str(dst->slices[s].profile, sizeof(dst->slices[s].profile),
				 of->profiles[sl->profile].name);
			dst->slices[s].start = sl->start;
			dst->slices[s].memory_slices = of->profiles[sl->profile].memory_slices;
			dst->slices[s].workload = sl->item >= 0 ? items[sl->item].workload : -1;
			dst->slices[s].replica = sl->item >= 0 ? items[sl->item].replica : -1;
		}
	}
	for (size_t d = 0; d < mp.ndedicated; d++) {
		const struct mig_item *it = &items[mp.dedicated[d]];
		const struct witem *wi = &wis[(size_t)it->workload - w0];
		struct pack_dedicated *pd;
		if (d == 0)
			out->dedicated = xrealloc(out->dedicated, (out->ndedicated + mp.ndedicated) *
									  sizeof(*out->dedicated));
		pd = &out->dedicated[out->ndedicated++];
		memset(pd, 0, sizeof(*pd));
		pd->workload = it->workload;
		pd->replica = it->replica;
		util_copy_str(pd->sku, sizeof(pd->sku), c->vms[wi->dedicated_vm].sku);
		util_copy_str(pd->region, sizeof(pd->region), region);
		pd->hourly = it->dedicated_hourly;
		pd->monthly = bill_monthly(out->pricing, pd->hourly, 1, out->hours_per_month);
		billed += pd->monthly;
	}
	for (size_t u = 0; u < mp.nunplaced; u++) {
		const struct mig_item *it = &items[mp.unplaced[u]];
		add_unplaced(out, it->workload, it->replica, wis[(size_t)it->workload - w0].reason);
	}
	unplaced = xcalloc(nitems + 1, 1);
	for (size_t u = 0; u < mp.nunplaced; u++)
		unplaced[mp.unplaced[u]] = 1;
	for (size_t i = 0; i < nitems; i++) {
		if (!unplaced[i])
			out->naive_monthly += bill_monthly(out->pricing,
							   out->workloads[items[i].workload].naive_hourly,
							   1, out->hours_per_month);
	}
	out->hourly += mp.hourly;
	out->monthly += billed;
	/* a proven plan is its own bound; else the bound's bill, never above
	 * the plan's (the plan's bill is the sum of whole-cent bills) */
	{
		double bound = bill_monthly(out->pricing, mp.lower_bound_hourly, 1,
					    out->hours_per_month);

		out->lower_bound_monthly += mp.proven_optimal || bound > billed ? billed : bound;
	}
	out->exact &= mp.proven_optimal;
	out->proven_optimal &= mp.proven_optimal;
	free(unplaced);
	mig_plan_release(&mp);
done:
	for (size_t o = 0; o < noffs; o++)
		free(offs[o].profiles);
	free(items);
	free(wis);
	free(vm_price);
	return rc;
}

static int cmp_unplaced(const void *a, const void *b)
{
	const struct pack_unplaced *x = a, *y = b;

	if (x->workload != y->workload)
		return x->workload - y->workload;
	return x->replica - y->replica;
}

static int build_term(const struct catalog_snapshot *snap, const struct profile *p,
		      const struct pack_options *o, enum pricing_kind kind, struct pack_plan *out,
		      struct diag_list *diags)
{
	struct ctx c;
	struct strmap notes = STRMAP_INIT;
	const char **regions;
	size_t nregions = 0;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	memset(&c, 0, sizeof(c));
	c.notes = &notes;
	c.snap = snap;
	c.p = p;
	c.o = o;
	c.out = out;
	util_copy_str(out->currency, sizeof(out->currency), p->currency);
	out->pricing = kind;
	out->strategy = o->strategy;
	out->hours_per_month = p->hours_per_month > 0 ? p->hours_per_month : 730;
	out->headroom_pct = o->headroom_pct;
	out->exact = 1;
	out->proven_optimal = 1;
	load(&c);
	regions = xcalloc(p->nworkloads + 1, sizeof(*regions));
	for (size_t i = 0; i < p->nworkloads; i++) {
		const char *r = workload_region(&c, &p->workloads[i]);
		int seen = 0;
		if (p->workloads[i].type != PROFILE_INFERENCE) {
			out->skipped_training++;
			continue;
		}
		for (size_t k = 0; k < nregions; k++)
			seen |= strcmp(regions[k], r) == 0;
		if (!seen)
			regions[nregions++] = r;
	}
	for (size_t k = 0; k < nregions && rc == 0; k++)
		rc = pack_region(&c, regions[k], diags);
	/* as recommend: a plan past the most gpufit totals is a wrong price */
	if (rc == 0 && !(out->monthly < BILL_MAX_MONTHLY)) {
		if (diags)
			diag_list_add(diags, DIAG_ERROR, NULL, 0, 0,
				      "monthly cost past %.0e %s, the most gpufit totals (the MIG "
				      "plan); check the catalog's prices ('gpufit catalog list')",
				      BILL_MAX_MONTHLY, out->currency);
		rc = -1;
	}
	if (out->nunplaced > 1)
		qsort(out->unplaced, out->nunplaced, sizeof(*out->unplaced), cmp_unplaced);
	/* the plan's bill is the sum of its pools' and dedicated VMs' bills */
	out->monthly = util_round_cents(out->monthly);
	out->naive_monthly = util_round_cents(out->naive_monthly);
	out->lower_bound_monthly = util_round_cents(out->lower_bound_monthly);
	free(regions);
	ctx_release(&c);
	strmap_release(&notes);
	return rc;
}

/* pricing: auto.  The plan's VMs are shared by its workloads, so the plan
 * takes one term: of payg and the reservations and savings plans the
 * catalog prices (never spot: it may be evicted), the one whose plan places
 * the most replicas, then bills least (docs/billing.md). */
int pack_plan_build(const struct catalog_snapshot *snap, const struct profile *p,
		    const struct pack_options *o, struct pack_plan *out, struct diag_list *diags)
{
	static const enum pricing_kind terms[] = {
		PRICING_PAYG, PRICING_RESERVED_1Y, PRICING_RESERVED_3Y, PRICING_SAVINGS_1Y,
		PRICING_SAVINGS_3Y,
	};
	int rc;

	if (!p->pricing_auto)
		return build_term(snap, p, o, p->pricing, out, diags);
	rc = build_term(snap, p, o, PRICING_PAYG, out, diags);
	for (size_t t = 1; t < sizeof terms / sizeof terms[0] && rc == 0; t++) {
		struct pack_plan alt;
		int has = 0;

		for (size_t i = 0; i < snap->nprices && !has; i++)
			has = snap->prices[i].pricing == terms[t] &&
			      strcasecmp(snap->prices[i].currency, p->currency) == 0;
		if (!has)
			continue;
		if (build_term(snap, p, o, terms[t], &alt, NULL) == 0 &&
		    (alt.nunplaced < out->nunplaced ||
		     (alt.nunplaced == out->nunplaced &&
		      bill_to_cents(alt.monthly) < bill_to_cents(out->monthly)))) {
			pack_plan_release(out);
			*out = alt;
		} else {
			pack_plan_release(&alt);
		}
	}
	out->pricing_auto = 1;
	return rc;
}

void pack_plan_release(struct pack_plan *plan)
{
	free(plan->workloads);
	free(plan->pools);
	free(plan->gpus);
	free(plan->dedicated);
	free(plan->unplaced);
	memset(plan, 0, sizeof(*plan));
}
