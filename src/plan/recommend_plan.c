/*
 * recommend_plan.c - the MIG plan: the MIG candidates' replicas packed per
 * region (mig_pack), priced as whole VMs, and where each replica landed.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mig_plan.h"
#include "recommend_internal.h"
#include "util.h"

/* What the MIG plan stage reads (the environment and the rankings, const)
 * and what it fills (its own output and the result's plan). */
struct plan_stage {
	const struct rec_env *env;
	const struct rec_ranked *ranked;
	struct rec_mig *mig;
	struct recommend_result *res;
};

static int cmp_loc(const void *x, const void *y)
{
	const struct item_loc *a = x, *b = y;

	if (a->pool != b->pool)
		return a->pool < b->pool ? -1 : 1;
	if (a->vm != b->vm)
		return a->vm < b->vm ? -1 : 1;
	return (a->gpu > b->gpu) - (a->gpu < b->gpu);
}

/* Where the plan put each workload's replicas (items of one workload are
 * consecutive): counts of distinct VMs and GPUs, replicas on slices and on
 * dedicated GPUs, pools spanned (in the order its replicas first reach
 * them), and replica 0's dedicated size.  The distinct VMs and GPUs are
 * counted on a sorted copy of the sliced replicas' places: n log n in a
 * workload's replicas. */
static void place_workloads(const struct plan_stage *c, const struct mig_item *items,
			    const struct item_loc *loc, size_t nitems)
{
	struct item_loc *sl = NULL;
	size_t capsl = 0;

	for (size_t a = 0, b; a < nitems; a = b) {
		int w = items[a].workload;
		struct placed *pl = &c->mig->placed[w];
		size_t nsl = 0;
		for (b = a; b < nitems && items[b].workload == w; b++)
			;
		free(pl->pools);
		free(pl->pool_replicas);
		memset(pl, 0, sizeof(*pl));
		pl->ded_vm = -1;
		/* a workload sits on at most as many pools as it has items */
		pl->pools = xcalloc(b - a, sizeof(*pl->pools));
		pl->pool_replicas = xcalloc(b - a, sizeof(*pl->pool_replicas));
		if (b - a > capsl) {
			capsl = b - a;
			sl = xrealloc(sl, capsl * sizeof(*sl));
		}
		for (size_t k = a; k < b; k++) {
			int q;
			if (loc[k].pool == -2)
				continue;
			if (loc[k].pool == -1) {
				pl->dedicated++;
				if (items[k].replica == 0)
					pl->ded_vm = c->ranked->needs[w].dedicated_vm;
				continue;
			}
			pl->sliced++;
			sl[nsl++] = loc[k];
			/* the plan has few pools: a scan of the ones seen */
			for (q = 0; q < pl->npools && pl->pools[q] != loc[k].pool; q++)
				;
			if (q == pl->npools)
				pl->pools[pl->npools++] = loc[k].pool;
			pl->pool_replicas[q]++;
		}
		if (nsl)
			qsort(sl, nsl, sizeof(*sl), cmp_loc);
		for (size_t k = 0; k < nsl; k++) {
			int new_vm = k == 0 || sl[k].pool != sl[k - 1].pool || sl[k].vm != sl[k - 1].vm;
			pl->nvms += new_vm;
			pl->ngpus += new_vm || sl[k].gpu != sl[k - 1].gpu;
		}
	}
	free(sl);
}

/* How the packer may treat a MIG candidate of the region being packed. */
enum pack_mode {
	MODE_NONE,          /* not a candidate of this region */
	MODE_MAY_LEAVE,     /* packed; each replica may stay outside the plan at
			       its share of D_w (pack_need outside_hourly) */
	MODE_IN,            /* packed: on slices or dedicated small GPUs */
	MODE_LEFT_OUT       /* outside the plan: deployed on its own D_w */
};

/* The replicas of the workloads mode[] packs, as packer items, into
 * *items (capacity *cap); returns their count. */
static size_t region_items(const struct plan_stage *c, const unsigned char *mode,
			   struct mig_item **items, size_t *cap)
{
	size_t n = 0;

	for (size_t i = 0; i < c->res->nworkloads; i++) {
		const struct pack_need *pn = &c->ranked->needs[i];
		if (mode[i] != MODE_MAY_LEAVE && mode[i] != MODE_IN)
			continue;
		for (long k = 0; k < c->res->workloads[i].replicas; k++) {
			struct mig_item *it;
			if (n == *cap) {
				*cap = *cap ? *cap * 2 : 64;
				*items = xrealloc(*items, *cap * sizeof(**items));
			}
			it = &(*items)[n++];
			memset(it, 0, sizeof(*it));
			it->workload = (int)i;
			it->replica = (int)k;
			memcpy(it->feasible, pn->feasible, sizeof(it->feasible));
			it->dedicated_hourly = mode[i] == MODE_MAY_LEAVE ? pn->outside_hourly
									 : pn->dedicated_hourly;
		}
	}
	return n;
}

/* Replicas of each workload the packer put on its "dedicated" option, into
 * ded[] (one entry per workload, zeroed here). */
static void dedicated_counts(const struct mig_item *items, const struct mig_plan *mp,
			     long *ded, size_t nworkloads)
{
	memset(ded, 0, nworkloads * sizeof(*ded));
	for (size_t d = 0; d < mp->ndedicated; d++)
		ded[items[mp->dedicated[d]].workload]++;
}

/* Packs the items of mode[] into *mp; *monthly is what that costs the
 * fleet: the plan, and the workloads left out at their own D_w.  Returns
 * mig_pack's status. */
static int pack_modes(const struct plan_stage *c, const struct mig_offer *moffs, size_t noffs,
		      const unsigned char *mode, struct mig_item **items, size_t *nitems,
		      size_t *cap, struct mig_plan *mp, double *monthly, char *err)
{
	*nitems = region_items(c, mode, items, cap);
	*monthly = 0;
	memset(mp, 0, sizeof(*mp));
	for (size_t i = 0; i < c->res->nworkloads; i++)
		if (mode[i] == MODE_LEFT_OUT)
			*monthly += c->ranked->needs[i].own_monthly;
	if (!*nitems)
		return 0;
	if (mig_pack(moffs, noffs, *items, *nitems, c->env->o->strategy, mp, err) != 0)
		return -1;
	*monthly += bill_monthly(c->env->pricing, mp->hourly, 1, c->env->hours);
	return 0;
}

/* Packs the MIG candidates of region r whose replicas one slice serves
 * (marked in covered); *cost is the plan's monthly cost there (its pools
 * and dedicated replicas, each rounded to cents as printed), *nworkloads the
 * workloads packed.  A candidate whose own D_w costs less than the
 * dedicated small GPUs its replicas would need is never put on them: the
 * packer may leave it outside the plan (c->mig->outside), where it is deployed
 * on D_w, when that costs the fleet less than a slice; all of its replicas
 * or none (a workload split between the plan and D_w is packed again both
 * ways, and the cheaper kept).  Returns 0, or -1 when some replica could
 * not be placed or the packer refused the input. */
static int pack_region(const struct plan_stage *c, size_t r, unsigned char *covered, double *cost,
		       size_t *nworkloads, struct recommend_mig_region *reg)
{
	struct recommend_result *res = c->res;
	struct recommend_mig_plan *plan = &res->mig;
	const struct pack_offer *offs = &c->env->offers[r * MIG_MAX_OFFERS];
	struct mig_offer moffs[MIG_MAX_OFFERS];
	struct mig_item *items = NULL;
	size_t nitems = 0, capitems = 0, base = plan->npools;
	struct mig_plan mp;
	struct item_loc *loc;
	char err[MIG_ERRLEN];
	int rc = 0, any = 0;
	double pools = 0, monthly;
	unsigned char *mode = xcalloc(res->nworkloads + 1, 1);
	long *ded;

	*cost = 0;
	*nworkloads = 0;
	for (size_t i = 0; i < res->nworkloads; i++) {
		const struct pack_need *pn = &c->ranked->needs[i];
		const struct recommend_workload *w = &res->workloads[i];
		if (!pn->ok || pn->region != (int)r || !w->feasible ||
		    c->ranked->best[i]->placement != FIT_PLACEMENT_MIG)
			continue;
		mode[i] = pn->outside_hourly > 0 ? MODE_MAY_LEAVE : MODE_IN;
		any = 1;
	}
	if (!any) {
		free(mode);
		return 0;
	}
	ded = xcalloc(res->nworkloads + 1, sizeof(*ded));
	for (size_t o = 0; o < c->env->noffers[r]; o++) {
		moffs[o].sku = c->env->vms[offs[o].vm].sku;
		moffs[o].gpu_model = c->env->vms[offs[o].vm].gpu_model;
		moffs[o].gpus_per_vm = (int)lround(c->env->vms[offs[o].vm].gpu_count);
		moffs[o].hourly = offs[o].hourly;
		moffs[o].profiles = offs[o].profiles;
		moffs[o].nprofiles = offs[o].nprofiles;
	}
	for (;;) {
		int split = -1;
		if (pack_modes(c, moffs, c->env->noffers[r], mode, &items, &nitems, &capitems, &mp,
			       &monthly, err) != 0) {
			recommend_add_warning(res, "no MIG plan for %s: %s", c->env->regions[r], err);
			for (size_t i = 0; i < res->nworkloads; i++)
				if (mode[i] != MODE_NONE) {
					covered[i] = 1;   /* a plan of this region, not priced */
					(*nworkloads)++;
				}
			mig_plan_release(&mp);
			free(items);
			free(mode);
			free(ded);
			return -1;
		}
		dedicated_counts(items, &mp, ded, res->nworkloads);
		for (size_t i = 0; i < res->nworkloads && split < 0; i++) {
			if (mode[i] != MODE_MAY_LEAVE)
				continue;
			if (ded[i] > 0 && ded[i] < res->workloads[i].replicas)
				split = (int)i;
		}
		if (split < 0)
			break;
		/* some replicas in the plan, some on D_w: no deployment; pack it
		 * all in, then all out, and keep the cheaper (ties: in) */
		mig_plan_release(&mp);
		{
			double in_monthly, out_monthly;
			int st;
			mode[split] = MODE_IN;
			st = pack_modes(c, moffs, c->env->noffers[r], mode, &items, &nitems, &capitems, &mp,
					&in_monthly, err);
			mig_plan_release(&mp);
			mode[split] = MODE_LEFT_OUT;
			st |= pack_modes(c, moffs, c->env->noffers[r], mode, &items, &nitems, &capitems, &mp,
					 &out_monthly, err);
			mig_plan_release(&mp);
			mode[split] = st == 0 && util_round_cents(out_monthly) < util_round_cents(in_monthly)
					      ? MODE_LEFT_OUT
					      : MODE_IN;
		}
	}
	dedicated_counts(items, &mp, ded, res->nworkloads);
	for (size_t i = 0; i < res->nworkloads; i++) {
		if (mode[i] == MODE_MAY_LEAVE && ded[i] == res->workloads[i].replicas)
			mode[i] = MODE_LEFT_OUT;
		if (mode[i] == MODE_LEFT_OUT) {
			c->mig->outside[i] = 1;
		} else if (mode[i] != MODE_NONE) {
			covered[i] = 1;
			(*nworkloads)++;
		}
	}
	free(ded);
	if (!*nworkloads) {
		mig_plan_release(&mp);
		free(items);
		free(mode);
		return 0;
	}
	for (size_t k = 0; k < mp.npools; k++) {
		const struct mig_pool *src = &mp.pools[k];
		struct mig_plan_pool pool;
		mig_plan_pool_init(&pool, moffs, src, c->env->regions[r], c->env->pricing, c->env->hours);
		pools += pool.monthly_cost;   /* the plan is the sum of its pools' bills */
		mig_plan_pool_name(&pool, plan->pools, plan->npools);
		plan->pools = xrealloc(plan->pools, (plan->npools + 1) * sizeof(*plan->pools));
		c->mig->pool_shape = xrealloc(c->mig->pool_shape,
					      (plan->npools + 1) * sizeof(*c->mig->pool_shape));
		c->mig->pool_shape[plan->npools] =
			src->profile >= 0 ? offs[src->offer].shape[src->profile] : -1;
		plan->pools[plan->npools++] = pool;
	}
	*cost = util_round_cents(pools);
	mig_plan_gpus_append(&plan->gpus, &plan->ngpus, base, moffs, items, &mp);
	loc = xmalloc((nitems + 1) * sizeof(*loc));
	for (size_t k = 0; k < nitems; k++)
		loc[k].pool = -2; /* unplaced */
	mig_plan_pool_count(plan->pools, base, &mp);
	for (size_t g = 0; g < mp.ngpus; g++) {
		for (int q = 0; q < mp.gpus[g].nslices; q++) {
			int item = mp.gpus[g].slices[q].item;
			if (item < 0)
				continue;
			loc[item].pool = (int)base + mp.gpus[g].pool;
			loc[item].vm = mp.gpus[g].vm;
			loc[item].gpu = mp.gpus[g].gpu;
			if (c->mig->first_pool[items[item].workload] < 0)
				c->mig->first_pool[items[item].workload] = (int)base + mp.gpus[g].pool;
		}
	}
	for (size_t d = 0; d < mp.ndedicated; d++)
		loc[mp.dedicated[d]].pool = c->mig->outside[items[mp.dedicated[d]].workload] ? -2 : -1;
	place_workloads(c, items, loc, nitems);
	free(loc);
	/* room for this region's dedicated replicas, once */
	{
		size_t add = 0;
		for (size_t d = 0; d < mp.ndedicated; d++)
			add += !c->mig->outside[items[mp.dedicated[d]].workload];
		if (add)
			plan->dedicated = xrealloc(plan->dedicated, (plan->ndedicated + add) *
								    sizeof(*plan->dedicated));
	}
	for (size_t d = 0; d < mp.ndedicated; d++) {
		const struct mig_item *it = &items[mp.dedicated[d]];
		struct recommend_mig_dedicated *x;
		if (c->mig->outside[it->workload])
			continue;   /* deployed on its own D_w, not by the plan */
		x = &plan->dedicated[plan->ndedicated++];
		memset(x, 0, sizeof(*x));
		x->workload = (size_t)it->workload;
		x->replica = it->replica;
		x->hourly = it->dedicated_hourly;
		util_copy_str(x->sku, sizeof(x->sku),
			      c->env->vms[c->ranked->needs[it->workload].dedicated_vm].sku);
		util_copy_str(x->region, sizeof(x->region), c->env->regions[r]);
		/* unrounded: its share of its workload's bill for its
		 * dedicated replicas (each line is rounded where it is printed) */
		x->monthly_cost = it->dedicated_hourly * bill_hours(c->env->pricing, c->env->hours);
		x->pricing = c->env->pricing;
		x->hours_per_month = c->env->hours;
	}
	/* the dedicated replicas as each workload is billed for them (whole
	 * cents, N VMs as a choice of N VMs is priced): P's dedicated part */
	for (size_t i = 0; i < res->nworkloads; i++)
		if (covered[i] && c->ranked->needs[i].region == (int)r) {
			struct placed *pl = &c->mig->placed[i];
			pl->fixed_monthly = bill_monthly(c->env->pricing, c->ranked->needs[i].dedicated_hourly,
							 (double)pl->dedicated, c->env->hours);
			*cost += pl->fixed_monthly;
		}
	if (mp.nunplaced) {
		recommend_add_warning(res, "the MIG plan for %s leaves %zu replica%s unplaced; its workloads "
				 "are priced on dedicated options", c->env->regions[r], mp.nunplaced,
			    mp.nunplaced == 1 ? "" : "s");
		rc = -1;
	}
	plan->exact &= mp.proven_optimal;
	/* the packer's bound, billed as the plan is; a proven plan is its own
	 * bound, and the bound is never above the plan's bill (whole cents) */
	{
		double bound = bill_monthly(c->env->pricing, mp.lower_bound_hourly, 1, c->env->hours);

		reg->proven_optimal = mp.proven_optimal;
		reg->lower_bound_monthly = mp.proven_optimal || bound > *cost ? *cost : bound;
	}
	mig_plan_release(&mp);
	free(items);
	free(mode);
	return rc;
}

void recommend_mig_release(struct recommend_mig_plan *m)
{
	free(m->pools);
	free(m->dedicated);
	free(m->workloads);
	free(m->regions);
	free(m->gpus);
	memset(m, 0, sizeof(*m));
}

/* The MIG plan of the MIG candidates one slice serves, region by region
 * (mig->covered marks them).  Whether it is used is decided by apply_totals. */
void recommend_build_mig_plan(const struct rec_env *env, const struct rec_ranked *ranked,
			      struct rec_mig *mig, struct recommend_result *res)
{
	const struct plan_stage st = { env, ranked, mig, res };
	const struct plan_stage *c = &st;
	struct recommend_mig_plan *plan = &res->mig;

	c->mig->covered = xcalloc(res->nworkloads + 1, 1);
	c->mig->outside = xcalloc(res->nworkloads + 1, 1);
	c->mig->first_pool = xmalloc((res->nworkloads + 1) * sizeof(*c->mig->first_pool));
	c->mig->placed = xcalloc(res->nworkloads + 1, sizeof(*c->mig->placed));
	for (size_t i = 0; i < res->nworkloads; i++) {
		c->mig->first_pool[i] = -1;
		c->mig->placed[i].ded_vm = -1;
	}
	plan->exact = 1;
	plan->strategy = c->env->o->strategy;
	plan->regions = xcalloc(c->env->nregions + 1, sizeof(*plan->regions));
	for (size_t r = 0; r < c->env->nregions; r++) {
		struct recommend_mig_region *reg = &plan->regions[plan->nregions];
		double cost;
		size_t nw;
		int rc;

		memset(reg, 0, sizeof(*reg));
		rc = pack_region(c, r, c->mig->covered, &cost, &nw, reg);
		if (!nw)
			continue;
		util_copy_str(reg->region, sizeof(reg->region), c->env->regions[r]);
		reg->nworkloads = nw;
		reg->monthly_cost = util_round_cents(cost);
		reg->priced = rc == 0;
		plan->monthly_cost += reg->monthly_cost;
		plan->nregions++;
	}
	plan->workloads = xcalloc(res->nworkloads + 1, sizeof(*plan->workloads));
	for (size_t i = 0; i < res->nworkloads; i++) {
		if (!c->mig->covered[i])
			continue;
		plan->workloads[plan->nworkloads++] = i;
		plan->replicas += res->workloads[i].replicas;
	}
	if (!plan->nworkloads) {
		recommend_mig_release(plan);
		return;
	}
	plan->present = 1;
	plan->monthly_cost = util_round_cents(plan->monthly_cost);
}
