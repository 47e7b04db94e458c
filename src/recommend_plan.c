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

/* Where the plan put each workload's replicas (items of one workload are
 * consecutive): counts of distinct VMs and GPUs, replicas on slices and on
 * dedicated GPUs, pools spanned, and replica 0's dedicated size. */
static void place_workloads(struct ctx *c, const struct mig_item *items,
			    const struct item_loc *loc, size_t nitems)
{
	for (size_t a = 0, b; a < nitems; a = b) {
		int w = items[a].workload;
		struct placed *pl = &c->placed[w];
		for (b = a; b < nitems && items[b].workload == w; b++)
			;
		memset(pl, 0, sizeof(*pl));
		pl->ded_vm = -1;
		for (size_t k = a; k < b; k++) {
			int seen_vm = 0, seen_gpu = 0, seen_pool = 0;
			if (loc[k].pool == -2)
				continue;
			if (loc[k].pool == -1) {
				pl->dedicated++;
				if (items[k].replica == 0)
					pl->ded_vm = c->needs[w].dedicated_vm;
				continue;
			}
			pl->sliced++;
			for (size_t j = a; j < k; j++) {
				if (loc[j].pool != loc[k].pool)
					continue;
				seen_pool = 1;
				if (loc[j].vm == loc[k].vm) {
					seen_vm = 1;
					seen_gpu |= loc[j].gpu == loc[k].gpu;
				}
			}
			if (!seen_pool && pl->npools < RECOMMEND_MAX_POOLS_NAMED)
				pl->pools[pl->npools] = loc[k].pool;
			pl->npools += !seen_pool;
			pl->nvms += !seen_vm;
			pl->ngpus += !seen_gpu;
		}
	}
}

/* Packs the MIG candidates of region r whose replicas one slice serves
 * (marked in covered); *cost is the plan's monthly cost there (its pools
 * and dedicated replicas, each rounded to cents as printed), *nworkloads the
 * workloads packed.  Returns 0, or -1 when some replica could not be placed
 * or the packer refused the input. */
static int pack_region(struct ctx *c, size_t r, unsigned char *covered, double *cost,
		       size_t *nworkloads)
{
	struct recommend_result *res = c->res;
	struct recommend_mig_plan *plan = &res->mig;
	const struct pack_offer *offs = &c->offers[r * MIG_MAX_OFFERS];
	struct mig_offer moffs[MIG_MAX_OFFERS];
	struct mig_item *items = NULL;
	size_t nitems = 0, capitems = 0, base = plan->npools;
	struct mig_plan mp;
	struct item_loc *loc;
	char err[MIG_ERRLEN];
	int rc = 0;
	double pools = 0;

	*cost = 0;
	*nworkloads = 0;
	for (size_t i = 0; i < res->nworkloads; i++) {
		const struct pack_need *pn = &c->needs[i];
		const struct recommend_workload *w = &res->workloads[i];
		if (!pn->ok || pn->region != (int)r || !w->feasible ||
		    w->rec.placement != FIT_PLACEMENT_MIG)
			continue;
		covered[i] = 1;
		(*nworkloads)++;
		for (long k = 0; k < w->replicas; k++) {
			struct mig_item *it;
			if (nitems == capitems) {
				capitems = capitems ? capitems * 2 : 64;
				items = xrealloc(items, capitems * sizeof(*items));
			}
			it = &items[nitems++];
			memset(it, 0, sizeof(*it));
			it->workload = (int)i;
			it->replica = (int)k;
			memcpy(it->feasible, pn->feasible, sizeof(it->feasible));
			it->dedicated_hourly = pn->dedicated_hourly;
		}
	}
	if (!nitems)
		return 0;
	for (size_t o = 0; o < c->noffers[r]; o++) {
		moffs[o].sku = c->vms[offs[o].vm].sku;
		moffs[o].gpu_model = c->vms[offs[o].vm].gpu_model;
		moffs[o].gpus_per_vm = (int)lround(c->vms[offs[o].vm].gpu_count);
		moffs[o].hourly = offs[o].hourly;
		moffs[o].profiles = offs[o].profiles;
		moffs[o].nprofiles = offs[o].nprofiles;
	}
	if (mig_pack(moffs, c->noffers[r], items, nitems, MIG_STRATEGY_AKS, &mp, err) != 0) {
		recommend_add_warning(res, "no MIG plan for %s: %s", c->regions[r], err);
		mig_plan_release(&mp);
		free(items);
		return -1;
	}
	for (size_t k = 0; k < mp.npools; k++) {
		const struct mig_pool *src = &mp.pools[k];
		struct mig_plan_pool pool;
		mig_plan_pool_init(&pool, moffs, src, c->regions[r], c->hours);
		pools += pool.hourly_cost * c->hours;
		mig_plan_pool_name(&pool, plan->pools, plan->npools);
		plan->pools = xrealloc(plan->pools, (plan->npools + 1) * sizeof(*plan->pools));
		c->pool_shape = xrealloc(c->pool_shape, (plan->npools + 1) * sizeof(*c->pool_shape));
		c->pool_shape[plan->npools] =
			src->profile >= 0 ? offs[src->offer].shape[src->profile] : -1;
		plan->pools[plan->npools++] = pool;
	}
	*cost = util_round_cents(pools);
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
			if (c->first_pool[items[item].workload] < 0)
				c->first_pool[items[item].workload] = (int)base + mp.gpus[g].pool;
		}
	}
	for (size_t d = 0; d < mp.ndedicated; d++)
		loc[mp.dedicated[d]].pool = -1;
	place_workloads(c, items, loc, nitems);
	free(loc);
	for (size_t d = 0; d < mp.ndedicated; d++) {
		const struct mig_item *it = &items[mp.dedicated[d]];
		struct recommend_mig_dedicated *x;
		plan->dedicated = xrealloc(plan->dedicated,
					   (plan->ndedicated + 1) * sizeof(*plan->dedicated));
		x = &plan->dedicated[plan->ndedicated++];
		memset(x, 0, sizeof(*x));
		x->workload = (size_t)it->workload;
		x->replica = it->replica;
		util_copy_str(x->sku, sizeof(x->sku), c->vms[c->needs[it->workload].dedicated_vm].sku);
		util_copy_str(x->region, sizeof(x->region), c->regions[r]);
		/* unrounded: a sum of them is rounded once, as the dedicated
		 * options' are (each line is rounded where it is printed) */
		x->monthly_cost = it->dedicated_hourly * c->hours;
	}
	/* the dedicated replicas as each workload is billed for them (whole
	 * cents, N VMs as a choice of N VMs is priced): P's dedicated part */
	for (size_t i = 0; i < res->nworkloads; i++)
		if (covered[i] && c->needs[i].region == (int)r) {
			struct placed *pl = &c->placed[i];
			pl->fixed_monthly = util_round_cents((double)pl->dedicated *
							     c->needs[i].dedicated_hourly * c->hours);
			*cost += pl->fixed_monthly;
		}
	if (mp.nunplaced) {
		recommend_add_warning(res, "the MIG plan for %s leaves %zu replica%s unplaced; its workloads "
				 "are priced on dedicated options", c->regions[r], mp.nunplaced,
			    mp.nunplaced == 1 ? "" : "s");
		rc = -1;
	}
	plan->exact &= mp.proven_optimal;
	mig_plan_release(&mp);
	free(items);
	return rc;
}

void recommend_mig_release(struct recommend_mig_plan *m)
{
	free(m->pools);
	free(m->dedicated);
	free(m->workloads);
	free(m->regions);
	memset(m, 0, sizeof(*m));
}

/* The MIG plan of the MIG candidates one slice serves, region by region
 * (c->covered marks them).  Whether it is used is decided by apply_totals. */
void recommend_build_mig_plan(struct ctx *c)
{
	struct recommend_result *res = c->res;
	struct recommend_mig_plan *plan = &res->mig;

	c->covered = xcalloc(res->nworkloads + 1, 1);
	c->first_pool = xmalloc((res->nworkloads + 1) * sizeof(*c->first_pool));
	c->placed = xcalloc(res->nworkloads + 1, sizeof(*c->placed));
	for (size_t i = 0; i < res->nworkloads; i++) {
		c->first_pool[i] = -1;
		c->placed[i].ded_vm = -1;
	}
	plan->exact = 1;
	plan->regions = xcalloc(c->nregions + 1, sizeof(*plan->regions));
	for (size_t r = 0; r < c->nregions; r++) {
		struct recommend_mig_region *reg = &plan->regions[plan->nregions];
		double cost;
		size_t nw;
		int rc = pack_region(c, r, c->covered, &cost, &nw);
		if (!nw)
			continue;
		util_copy_str(reg->region, sizeof(reg->region), c->regions[r]);
		reg->nworkloads = nw;
		reg->monthly_cost = util_round_cents(cost);
		reg->priced = rc == 0;
		plan->monthly_cost += reg->monthly_cost;
		plan->nregions++;
	}
	plan->workloads = xcalloc(res->nworkloads + 1, sizeof(*plan->workloads));
	for (size_t i = 0; i < res->nworkloads; i++) {
		if (!c->covered[i])
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
