/*
 * pack_plan.c - the fleet of a recommendation as `pack` renders it
 * (pack_plan.h).  A converter: it reads the recommend result and plans
 * nothing.  A workload the recommendation charges its part of a MIG plan
 * (basis mig-plan) is shown on that plan's pools and dedicated GPUs; a
 * feasible one billed on its own capacity (own, dedicated) on whole VMs;
 * one without a feasible option, or priced only at a slice's share of a
 * GPU, is unplaced (every replica) with the recommendation's reason.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bill.h"
#include "pack_plan.h"
#include "recommend.h"
#include "util.h"

static void add_unplaced(struct pack_plan *out, size_t *cap, int w, long replicas,
			 const char *reason)
{
	for (long r = 0; r < replicas; r++) {
		struct pack_unplaced *u;

		if (out->nunplaced == *cap) {
			*cap = *cap ? *cap * 2 : 16;
			out->unplaced = xrealloc(out->unplaced, *cap * sizeof(*out->unplaced));
		}
		u = &out->unplaced[out->nunplaced++];
		memset(u, 0, sizeof(*u));
		u->workload = w;
		u->replica = (int)r;
		util_copy_str(u->reason, sizeof(u->reason), reason);
	}
}

/* Why workload w has no place, in recommend's words. */
static void unplaced_reason(const struct recommend_result *res, const struct recommend_workload *w,
			    char *buf, size_t len)
{
	char why[160];

	if (w->feasible) {
		snprintf(buf, len, "priced only at a MIG slice's share of a GPU (%s %s in %s): no "
			 "MIG plan places it and it has no dedicated option", w->rec.sku,
			 w->rec.mig_profile, w->rec.region);
		return;
	}
	if (!w->closest && w->nrejected) {   /* the cheapest rejection, as recommend lists it */
		const struct recommend_reject *rj = &w->rejected[0];

		recommend_reject_reason(w, &rj->fit, pricing_name(res->pricing), rj->region, why,
					sizeof(why));
		snprintf(buf, len, "no feasible option; %s%s%s%s%s: %s", rj->sku,
			 rj->mig_profile[0] ? " " : "", rj->mig_profile, rj->region[0] ? " in " : "",
			 rj->region, why);
		return;
	}
	if (!w->closest) {
		snprintf(buf, len, "no feasible option");
		return;
	}
	recommend_reject_reason(w, &w->closest->fit, pricing_name(res->pricing),
				w->closest->region, why, sizeof(why));
	snprintf(buf, len, "no feasible option; closest %s%s%s%s%s: %s", w->closest->sku,
		 w->closest->mig_profile[0] ? " " : "", w->closest->mig_profile,
		 w->closest->region[0] ? " in " : "", w->closest->region, why);
}

/* Whether the recommendation charges w its part of a MIG plan. */
static int on_plan(const struct recommend_workload *w)
{
	return w->feasible && w->rec.basis == RECOMMEND_BASIS_PLAN;
}

/* The used regions' pools (renumbered) and GPUs into out; map[k] is pool
 * k's new index, -1 when its region's plan is not used. */
static void used_pools(const struct recommend_mig_plan *m, struct pack_plan *out)
{
	int *map = xmalloc((m->npools + 1) * sizeof(*map));

	out->pools = xcalloc(m->npools + 1, sizeof(*out->pools));
	for (size_t k = 0; k < m->npools; k++) {
		int used = 0;

		for (size_t r = 0; r < m->nregions && !used; r++)
			used = m->regions[r].used_in_totals &&
			       strcmp(m->regions[r].region, m->pools[k].region) == 0;
		map[k] = used ? (int)out->npools : -1;
		if (used)
			out->pools[out->npools++] = m->pools[k];
	}
	out->gpus = xcalloc(m->ngpus + 1, sizeof(*out->gpus));
	for (size_t g = 0; g < m->ngpus; g++) {
		int p = m->gpus[g].pool;

		if (p < 0 || (size_t)p >= m->npools || map[p] < 0)
			continue;
		out->gpus[out->ngpus] = m->gpus[g];
		out->gpus[out->ngpus++].pool = map[p];
	}
	free(map);
}

/* The MIG plan's dedicated replicas of the workloads on it; each
 * workload's bill for its n replicas (bill_monthly of n VMs, what the plan
 * is charged) split over them in whole cents. */
static void used_dedicated(const struct recommend_result *res, struct pack_plan *out)
{
	const struct recommend_mig_plan *m = &res->mig;
	size_t nw = res->nworkloads;
	long *n = xcalloc(nw + 1, sizeof(*n)), *seen = xcalloc(nw + 1, sizeof(*seen));
	double *hourly = xcalloc(nw + 1, sizeof(*hourly));

	for (size_t k = 0; k < m->ndedicated; k++) {
		size_t w = m->dedicated[k].workload;

		if (w < nw) {
			n[w]++;
			hourly[w] = m->dedicated[k].hourly;
		}
	}
	out->dedicated = xcalloc(m->ndedicated + 1, sizeof(*out->dedicated));
	for (size_t k = 0; k < m->ndedicated; k++) {
		const struct recommend_mig_dedicated *src = &m->dedicated[k];
		size_t w = src->workload;
		struct pack_dedicated *d;
		long long cents;

		if (w >= nw || !on_plan(&res->workloads[w]))
			continue;
		cents = bill_to_cents(bill_monthly(res->pricing, hourly[w], (double)n[w],
						   res->hours_per_month));
		d = &out->dedicated[out->ndedicated++];
		d->workload = (int)w;
		d->replica = src->replica;
		util_copy_str(d->sku, sizeof(d->sku), src->sku);
		util_copy_str(d->region, sizeof(d->region), src->region);
		d->hourly = src->hourly;
		d->monthly = (double)(cents / n[w] + (seen[w] < cents % n[w])) / 100.0;
		seen[w]++;
	}
	free(n);
	free(seen);
	free(hourly);
}

void pack_plan_from_recommend(const struct recommend_result *res, struct pack_plan *out)
{
	const struct recommend_mig_plan *m = &res->mig;
	size_t capu = 0;
	long long total = 0, mig = 0, mig_ded = 0, bound = 0;

	memset(out, 0, sizeof(*out));
	util_copy_str(out->currency, sizeof(out->currency), res->currency);
	out->pricing = res->pricing;
	out->pricing_auto = res->pricing_auto;
	out->strategy = m->strategy;
	out->hours_per_month = res->hours_per_month;
	out->headroom_pct = res->headroom_pct;
	out->exact = 1;
	out->nworkloads = res->nworkloads;
	out->workloads = xcalloc(res->nworkloads + 1, sizeof(*out->workloads));
	if (m->present) {
		used_pools(m, out);
		used_dedicated(res, out);
	}
	out->vms = xcalloc(res->nworkloads + 1, sizeof(*out->vms));
	for (size_t i = 0; i < res->nworkloads; i++) {
		const struct recommend_workload *w = &res->workloads[i];
		struct pack_workload *pw = &out->workloads[i];

		util_copy_str(pw->name, sizeof(pw->name), w->name);
		pw->type = w->type;
		pw->replicas = w->replicas;
		if (w->feasible)
			util_copy_str(pw->region, sizeof(pw->region), w->rec.region);
		else if (w->nregions)
			util_copy_str(pw->region, sizeof(pw->region), w->regions[0].region);
		if (on_plan(w)) {
			pw->mig = 1;
		} else if (w->feasible && w->rec.placement != FIT_PLACEMENT_MIG &&
			   w->rec.basis != RECOMMEND_BASIS_SHARE) {
			struct pack_vm *v = &out->vms[out->nvms++];

			v->workload = (int)i;
			util_copy_str(v->sku, sizeof(v->sku), w->rec.sku);
			util_copy_str(v->region, sizeof(v->region), w->rec.region);
			v->vm_count = w->rec.vm_count;
			v->gpu_count = w->rec.gpu_count;
			v->pricing = w->rec.pricing;
			recommend_terms_label(w, &w->rec, v->terms, sizeof v->terms);
			v->several_terms = recommend_terms_several(&w->rec);
			v->hourly = w->rec.hourly_cost;
			v->hours_billed = w->rec.hours_billed;
			v->monthly = w->rec.monthly_cost;
			if (w->load_plan) {
				v->autoscaled = 1;
				v->min_replicas = w->load_plan->min_replicas;
				v->max_replicas = w->load_plan->max_replicas;
				v->trough_replicas = w->load_plan->trough_replicas;
				v->peak_replicas = w->load_plan->peak_replicas;
			}
			total = bill_cents_add(total, bill_to_cents(v->monthly));
		} else {
			char why[PACK_REASON_LEN];

			unplaced_reason(res, w, why, sizeof(why));
			add_unplaced(out, &capu, (int)i, w->replicas, why);
		}
	}
	for (size_t k = 0; k < out->npools; k++)
		total = bill_cents_add(total, bill_to_cents(out->pools[k].monthly_cost));
	for (size_t k = 0; k < out->ndedicated; k++)
		total = bill_cents_add(total, bill_to_cents(out->dedicated[k].monthly));
	out->monthly = (double)total / 100.0;
	out->regions = xcalloc(m->nregions + 1, sizeof(*out->regions));
	for (size_t r = 0; r < m->nregions; r++) {
		const struct recommend_mig_region *src = &m->regions[r];
		struct pack_region *d = &out->regions[out->nregions++];

		util_copy_str(d->region, sizeof(d->region), src->region);
		d->used = src->used_in_totals;
		d->priced = src->priced;
		d->nworkloads = src->nworkloads;
		d->monthly = src->monthly_cost;
		d->dedicated_monthly = src->dedicated_monthly_cost;
		d->lower_bound_monthly = util_round_cents(src->lower_bound_monthly);
		d->proven_optimal = src->proven_optimal;
		if (!d->used)
			continue;
		mig = bill_cents_add(mig, bill_to_cents(d->monthly));
		mig_ded = bill_cents_add(mig_ded, bill_to_cents(d->dedicated_monthly));
		bound = bill_cents_add(bound, bill_to_cents(d->lower_bound_monthly));
		out->exact &= d->proven_optimal;
	}
	out->mig_monthly = (double)mig / 100.0;
	out->mig_dedicated_monthly = (double)mig_ded / 100.0;
	out->lower_bound_monthly = (double)bound / 100.0;
}

void pack_plan_release(struct pack_plan *plan)
{
	free(plan->workloads);
	free(plan->pools);
	free(plan->gpus);
	free(plan->dedicated);
	free(plan->vms);
	free(plan->unplaced);
	free(plan->regions);
	memset(plan, 0, sizeof(*plan));
}

double pack_plan_mig_savings(const struct pack_plan *pl)
{
	double d = util_round_cents(pl->mig_dedicated_monthly) - util_round_cents(pl->mig_monthly);

	return fabs(d) < 0.005 ? 0 : d;
}

size_t pack_plan_used_regions(const struct pack_plan *pl)
{
	size_t n = 0;

	for (size_t r = 0; r < pl->nregions; r++)
		n += pl->regions[r].used != 0;
	return n;
}
