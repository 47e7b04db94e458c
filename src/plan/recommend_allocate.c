/*
 * recommend_allocate.c - after packing: each MIG candidate's
 * recommendation becomes its placement in the plan (pool size and MIG
 * profile, or the dedicated size the plan gave it) charged its part, or its
 * best dedicated option when the plan is not adopted; co-tenants.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "recommend_internal.h"
#include "util.h"

/* The alternatives of a MIG candidate: its dedicated options, whole VMs at
 * their real cost, best first (D_w, then the next ones in its region),
 * leaving out skip (the recommendation itself).  They are fb's list, which
 * all workloads of fb share. */
static void dedicated_alternatives(const struct rec_in *in, struct recommend_result *res,
				   struct recommend_workload *w, const struct fallback *fb,
				   const struct recommend_choice *skip)
{
	size_t top = in->env->o->top > 0 ? (size_t)in->env->o->top : 0;
	int with_ded = fb->has && skip != &fb->ded;
	size_t n = (size_t)with_ded + fb->nalts;

	w->alternatives = fb->list + (with_ded ? 0 : 1);
	w->nalternatives = n < top ? n : top;
	free(w->regions);
	w->regions = recommend_dup_array(fb->regions, fb->nregions, sizeof(*fb->regions));
	w->nregions = fb->nregions;
}

/* Whether alternative a is the deployment of rec itself: the same size, VM
 * count and region (a workload the plan puts on dedicated GPUs only). */
static int same_deployment(const struct recommend_choice *a, const struct recommend_choice *rec)
{
	return a->placement != FIT_PLACEMENT_MIG && rec->placement != FIT_PLACEMENT_MIG &&
	       a->vm_count == rec->vm_count && strcasecmp(a->sku, rec->sku) == 0 &&
	       strcasecmp(a->region, rec->region) == 0;
}

/* Leaves the recommendation's own deployment out of w's alternatives: every
 * line printed is one deployment at one price.  The list is shared, so a
 * match after the first entry makes w a copy of its own (kept by res). */
static void drop_own_deployment(const struct rec_in *in, struct recommend_result *res,
				struct recommend_workload *w)
{
	struct recommend_choice *copy;
	size_t k, m = 0;

	for (k = 0; k < w->nalternatives; k++)
		if (same_deployment(&w->alternatives[k], &w->rec))
			break;
	if (k == w->nalternatives)
		return;
	if (k == 0) {
		w->alternatives++;
		w->nalternatives--;
		return;
	}
	copy = xcalloc(w->nalternatives, sizeof(*copy));
	for (size_t j = 0; j < w->nalternatives; j++)
		if (j != k)
			copy[m++] = w->alternatives[j];
	res->shared = xrealloc(res->shared, (res->nshared + 1) * sizeof(*res->shared));
	res->shared[res->nshared++] = copy;
	w->alternatives = copy;
	w->nalternatives = m;
}

/* A MIG candidate whose plan is not used: its recommendation becomes its
 * best dedicated option, and its alternatives the next dedicated ones. */
static void to_dedicated(const struct rec_in *in, struct recommend_result *res, size_t i)
{
	struct recommend_workload *w = &res->workloads[i];
	const struct fallback *fb = &in->ranked->fbpool[in->ranked->fb_of[i]];

	w->rec = fb->ded;
	w->rec.basis = RECOMMEND_BASIS_DEDICATED;
	dedicated_alternatives(in, res, w, fb, &fb->ded);
	w->needs.interconnect = recommend_interconnect_name(w->rec.fit.interconnect);
}

/* A MIG candidate the plan is used for: its recommendation becomes its
 * placement in the plan (replica 0's pool size and MIG profile, or the
 * dedicated size the plan gave it), the VMs and GPUs it occupies there and
 * its part of the plan; its alternatives its dedicated options. */
static void to_plan(const struct rec_in *in, struct recommend_result *res, size_t i, double part)
{
	struct recommend_workload *w = &res->workloads[i];
	const struct fallback *fb = &in->ranked->fbpool[in->ranked->fb_of[i]];
	const struct placed *pl = &in->mig->placed[i];
	const struct profile_workload *pw = &in->env->p->workloads[i];
	struct fit_workload fw;
	const char *why = NULL;
	int shape = -1;

	if (pl->ded_vm >= 0) {
		shape = in->env->whole_shape[pl->ded_vm];
		util_copy_str(w->rec.sku, sizeof(w->rec.sku), in->env->vms[pl->ded_vm].sku);
		util_copy_str(w->rec.gpu_model, sizeof(w->rec.gpu_model), in->env->vms[pl->ded_vm].gpu_model);
		w->rec.placement = FIT_PLACEMENT_VM;
		w->rec.mig_profile[0] = '\0';
	} else if (in->mig->first_pool[i] >= 0) { /* replica 0 is on a slice */
		const struct mig_plan_pool *pool = &res->mig.pools[in->mig->first_pool[i]];
		shape = in->mig->pool_shape[in->mig->first_pool[i]];
		util_copy_str(w->rec.sku, sizeof(w->rec.sku), pool->sku);
		util_copy_str(w->rec.gpu_model, sizeof(w->rec.gpu_model), pool->gpu_model);
		util_copy_str(w->rec.mig_profile, sizeof(w->rec.mig_profile), pool->mig_profile);
		w->rec.placement = FIT_PLACEMENT_MIG;
	}
	/* the estimates of the shape it is deployed on */
	if (shape >= 0 && recommend_to_fit(in->env, &res->notes, pw, &fw, &why) == 0) {
		const struct shape *sh = &in->env->shapes[shape];
		fit_evaluate(&fw, &sh->cap, sh->infiniband, &in->env->factors[sh->gpu], &w->rec.fit);
	}
	/* the counts of what it names: replica 0's kind of placement */
	w->rec.vm_count = pl->ded_vm >= 0 ? pl->dedicated : pl->nvms;
	w->rec.gpu_count = pl->ngpus + pl->dedicated; /* every GPU it occupies */
	w->rec.basis = RECOMMEND_BASIS_PLAN;
	w->rec.monthly_cost = part;
	w->rec.hours_billed = bill_hours(in->env->pricing, in->env->hours);
	w->rec.hourly_cost = part / w->rec.hours_billed;
	w->rec.unit_hourly = w->replicas > 0 ? w->rec.hourly_cost / (double)w->replicas : 0;
	dedicated_alternatives(in, res, w, fb,
			       fb->has && same_deployment(&fb->ded, &w->rec) ? &fb->ded : NULL);
	drop_own_deployment(in, res, w);
	for (size_t k = 0; k < w->nregions; k++)
		if (strcasecmp(w->regions[k].region, w->rec.region) == 0) {
			w->regions[k].feasible = 1;
			util_copy_str(w->regions[k].sku, sizeof(w->regions[k].sku), w->rec.sku);
			w->regions[k].monthly_cost = part;
			w->regions[k].terms = 1u << in->env->pricing;
		}
	w->needs.interconnect = recommend_interconnect_name(w->rec.fit.interconnect);
}

/* A workload in the plan, with the pools it sits in sorted (its key). */
struct pool_set {
	const int *pools;
	int n;
	size_t w;
};

static int cmp_pool_set(const void *x, const void *y)
{
	const struct pool_set *a = x, *b = y;

	for (int k = 0; k < a->n && k < b->n; k++)
		if (a->pools[k] != b->pools[k])
			return a->pools[k] < b->pools[k] ? -1 : 1;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	return (a->w > b->w) - (a->w < b->w);
}

static int same_pools(const struct pool_set *a, const struct pool_set *b)
{
	if (a->n != b->n)
		return 0;
	for (int k = 0; k < a->n; k++)
		if (a->pools[k] != b->pools[k])
			return 0;
	return 1;
}

/* Whether two sorted pool lists share a pool. */
static int pools_meet(const struct pool_set *a, const struct pool_set *b)
{
	for (int x = 0, y = 0; x < a->n && y < b->n;) {
		if (a->pools[x] == b->pools[y])
			return 1;
		if (a->pools[x] < b->pools[y])
			x++;
		else
			y++;
	}
	return 0;
}

static int in_plan(const struct rec_in *in, const struct recommend_result *res, size_t i)
{
	return in->mig->first_pool[i] >= 0 &&
	       recommend_mig_use_of(&res->workloads[i])->use == RECOMMEND_BASIS_PLAN;
}

/* The co-tenants of every workload placed on slices: the other workloads
 * in the plan with a replica on a pool it has a replica on (their count and
 * the first few in profile order).  The first few come from per-pool member
 * lists, stopping once found; the count from the workloads grouped by the
 * set of pools they sit in (few sets: a plan has few pools): each group's
 * count is the sum over the groups it shares a pool with.  Linear in the
 * workloads, times the groups squared. */
static void cotenants(const struct rec_in *in, struct recommend_result *res)
{
	size_t np = res->mig.npools, nw = res->nworkloads, nset = 0, npl = 0;
	size_t *start = xcalloc(np + 2, sizeof(*start)), *fill, *members;
	size_t *seen = xcalloc(nw + 1, sizeof(*seen));
	struct pool_set *set;
	int *sorted;

	/* the plan's workloads of each pool, in profile order (counting sort) */
	for (size_t i = 0; i < nw; i++) {
		const struct placed *pl = &in->mig->placed[i];
		if (!in_plan(in, res, i))
			continue;
		for (int k = 0; k < pl->npools; k++)
			start[pl->pools[k] + 1]++;
		npl += (size_t)pl->npools;
		nset++;
	}
	for (size_t p = 0; p < np; p++)
		start[p + 1] += start[p];
	members = xcalloc(start[np] + 1, sizeof(*members));
	fill = xcalloc(np + 1, sizeof(*fill));
	set = xcalloc(nset + 1, sizeof(*set));
	sorted = xcalloc(npl + 1, sizeof(*sorted));
	nset = npl = 0;
	for (size_t i = 0; i < nw; i++) {
		const struct placed *pl = &in->mig->placed[i];
		if (!in_plan(in, res, i))
			continue;
		set[nset].pools = sorted + npl;
		set[nset].n = pl->npools;
		set[nset].w = i;
		for (int k = 0; k < pl->npools; k++) {
			size_t p = (size_t)pl->pools[k];
			int at = (int)npl + k;
			members[start[p] + fill[p]++] = i;
			/* insertion: a workload spans few pools */
			while (at > (int)npl && sorted[at - 1] > pl->pools[k]) {
				sorted[at] = sorted[at - 1];
				at--;
			}
			sorted[at] = pl->pools[k];
		}
		npl += (size_t)pl->npools;
		nset++;
	}
	/* the first few, as the pools and their members come */
	for (size_t s = 0; s < nset; s++) {
		size_t i = set[s].w, n = 0;
		struct recommend_mig_use *u = res->workloads[i].mig_use;
		const struct placed *pl = &in->mig->placed[i];

		seen[i] = i + 1;
		for (int k = 0; k < pl->npools && n < RECOMMEND_MAX_COTENANTS; k++) {
			size_t p = (size_t)pl->pools[k];
			for (size_t m = start[p]; m < start[p + 1] && n < RECOMMEND_MAX_COTENANTS; m++) {
				size_t j = members[m];
				if (seen[j] == i + 1)
					continue;
				seen[j] = i + 1;
				u->cotenants[n++] = j;
			}
		}
	}
	/* the counts, per group of workloads on the same pools */
	qsort(set, nset, sizeof(*set), cmp_pool_set);
	for (size_t a = 0, b; a < nset; a = b) {
		size_t together = 0;
		for (b = a + 1; b < nset && same_pools(&set[a], &set[b]); b++)
			;
		for (size_t x = 0, y; x < nset; x = y) {
			for (y = x + 1; y < nset && same_pools(&set[x], &set[y]); y++)
				;
			if (pools_meet(&set[a], &set[x]))
				together += y - x;
		}
		for (size_t s = a; s < b; s++)   /* all but itself */
			res->workloads[set[s].w].mig_use->ncotenants = together - 1;
	}
	free(sorted);
	free(set);
	free(members);
	free(fill);
	free(seen);
	free(start);
}

/* The totals rule over the whole fleet (recommend_totals), then every MIG
 * candidate's recommendation, alternatives and mig_use as it decides. */
void recommend_apply_totals(const struct rec_in *in, struct recommend_result *res)
{
	struct recommend_mig_plan *plan = &res->mig;
	size_t n = res->nworkloads, ng = 2 * in->env->nregions;
	struct recommend_totals_item *items = xcalloc(n + 1, sizeof(*items));
	struct recommend_totals_group *groups = xcalloc(ng + 1, sizeof(*groups));

	/* the recommendation of each workload is decided here, once: its
	 * cheapest option from the ranking, unless the totals rule below gives a
	 * MIG candidate its place in the plan or its dedicated option */
	for (size_t i = 0; i < n; i++)
		res->workloads[i].rec = *in->ranked->best[i];
	/* group 2r: the plan of region r; 2r + 1: candidates of r it cannot pack */
	for (size_t k = 0; k < plan->nregions; k++) {
		int r = recommend_region_index(in->env, plan->regions[k].region);
		groups[2 * r].priced = plan->regions[k].priced;
		groups[2 * r].plan_monthly = plan->regions[k].monthly_cost;
	}
	for (size_t i = 0; i < n; i++) {
		const struct recommend_workload *w = &res->workloads[i];
		struct recommend_totals_item *it = &items[i];
		const struct fallback *fb;
		it->group = -1;
		if (!w->feasible)
			continue;
		if (w->rec.placement != FIT_PLACEMENT_MIG) {
			it->has_dedicated = 1;
			it->dedicated_monthly = w->rec.monthly_cost;
			continue;
		}
		fb = &in->ranked->fbpool[in->ranked->fb_of[i]];
		it->group = 2 * recommend_region_index(in->env, w->rec.region) + (in->mig->covered[i] ? 0 : 1);
		it->has_dedicated = fb->has;
		it->dedicated_monthly = fb->has ? fb->ded.monthly_cost : 0;
		it->share_monthly = w->rec.monthly_cost;
		if (in->mig->covered[i]) {
			it->fixed_monthly = in->mig->placed[i].fixed_monthly;
			it->dedicated_only = in->mig->placed[i].sliced == 0 && in->mig->placed[i].dedicated > 0;
		}
	}
	res->monthly_cost = recommend_totals(items, n, groups, ng);

	for (size_t k = 0; k < plan->nregions; k++) {
		struct recommend_mig_region *reg = &plan->regions[k];
		const struct recommend_totals_group *g =
			&groups[2 * recommend_region_index(in->env, reg->region)];
		reg->dedicated_monthly_cost = g->dedicated_monthly;
		reg->used_in_totals = g->used;
		plan->dedicated_monthly_cost += g->dedicated_monthly;
		if (g->used) {
			plan->used_in_totals = 1;
			plan->savings_monthly += g->dedicated_monthly - reg->monthly_cost;
		}
	}
	plan->dedicated_monthly_cost = util_round_cents(plan->dedicated_monthly_cost);
	plan->savings_monthly = util_round_cents(plan->savings_monthly);

	for (size_t i = 0; i < n; i++) {
		struct recommend_workload *w = &res->workloads[i];
		const struct recommend_totals_item *it = &items[i];
		const struct recommend_totals_group *g;
		const struct fallback *fb;
		struct recommend_mig_use *u;
		if (it->group < 0)
			continue;
		if (!w->mig_use)
			w->mig_use = xcalloc(1, sizeof(*w->mig_use));
		u = w->mig_use;
		g = &groups[it->group];
		fb = &in->ranked->fbpool[in->ranked->fb_of[i]];
		u->use = it->basis;
		u->packed = in->mig->covered[i];
		u->left_out = in->mig->outside[i];
		u->slices_per_replica = w->rec.fit.vm_count;
		util_copy_str(u->sku, sizeof(u->sku), w->rec.sku);
		util_copy_str(u->mig_profile, sizeof(u->mig_profile), w->rec.mig_profile);
		util_copy_str(u->region, sizeof(u->region), w->rec.region);
		u->share_monthly = w->rec.monthly_cost;
		u->dedicated_monthly = fb->has ? fb->ded.monthly_cost : 0;
		if (fb->has) {
			util_copy_str(u->dedicated_sku, sizeof(u->dedicated_sku), fb->ded.sku);
			u->dedicated_vm_count = fb->ded.vm_count;
		}
		u->part_monthly = it->part_monthly;
		u->plan_monthly = g->priced ? g->plan_monthly : 0;
		u->plan_dedicated_monthly = g->dedicated_monthly;
		u->plan_workloads = g->nitems;
		switch (it->basis) {
		case RECOMMEND_BASIS_PLAN: {
			const struct placed *pl = &in->mig->placed[i];
			to_plan(in, res, i, it->part_monthly);
			util_copy_str(u->sku, sizeof(u->sku), w->rec.sku);
			util_copy_str(u->mig_profile, sizeof(u->mig_profile), w->rec.mig_profile);
			u->replicas_on_slices = pl->sliced;
			u->replicas_dedicated = pl->dedicated;
			if (pl->dedicated && in->ranked->needs[i].dedicated_vm >= 0)
				util_copy_str(u->plan_dedicated_sku, sizeof(u->plan_dedicated_sku),
					 in->env->vms[in->ranked->needs[i].dedicated_vm].sku);
			u->pools_spanned = pl->npools;
			free(u->pool_index);
			free(u->pool_replicas);
			u->pool_index = xcalloc((size_t)pl->npools + 1, sizeof(*u->pool_index));
			u->pool_replicas = xcalloc((size_t)pl->npools + 1, sizeof(*u->pool_replicas));
			for (int k = 0; k < pl->npools; k++) {
				u->pool_index[k] = pl->pools[k];
				u->pool_replicas[k] = pl->pool_replicas[k];
			}
			if (in->mig->first_pool[i] >= 0) {
				const struct mig_plan_pool *pool = &plan->pools[in->mig->first_pool[i]];
				util_copy_str(u->pool, sizeof(u->pool), pool->name);
				util_copy_str(u->pool_sku, sizeof(u->pool_sku), pool->sku);
				util_copy_str(u->pool_profile, sizeof(u->pool_profile), pool->mig_profile);
				u->pool_vms = pool->vm_count;
			}
			break;
		}
		case RECOMMEND_BASIS_DEDICATED:
			to_dedicated(in, res, i);
			break;
		case RECOMMEND_BASIS_SHARE:
			w->rec.basis = RECOMMEND_BASIS_SHARE;
			recommend_add_warning(res, "'%s' is priced at its MIG slice's share of a GPU: it has no "
					 "dedicated option and the MIG plan could not place it, so the "
					 "bill for whole VMs will be higher", w->name);
			break;
		default:
			break;
		}
	}
	cotenants(in, res);
	for (size_t i = 0; i < n; i++)
		recommend_settle(in->env, res, i, &res->workloads[i]);
	free(items);
	free(groups);
}

/* The allocate stage: the totals rule, then the fleet within the
 * subscription's quota, then each recommendation's term, hours and
 * break-even.  Each workload's recommendation is final when it returns. */
void recommend_allocate(const struct rec_in *in, struct recommend_result *res)
{
	recommend_apply_totals(in, res);
	recommend_within_quota(res, in->env->snap, in->env->o);
	for (size_t i = 0; i < res->nworkloads; i++)
		recommend_term_of(in->env, &res->notes, i, &res->workloads[i]);
}
