/*
 * recommend_totals.c - the totals rule (recommend.h) and its allocation in
 * whole cents, savings against today's deployment, and whether the fleet
 * total is complete.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bill.h"
#include "recommend_internal.h"
#include "util.h"

static long long to_cents(double v)
{
	return bill_to_cents(v);
}

struct remainder {
	long double rem;
	size_t item;
};

static int cmp_remainder(const void *a, const void *b)
{
	const struct remainder *x = a, *y = b;
	if (x->rem != y->rem)
		return x->rem > y->rem ? -1 : 1;
	return x->item < y->item ? -1 : x->item > y->item;
}

/* A member's weight: what its replicas on slices would cost alone, D_w - F_w
 * (its best dedicated cost less what the plan bills for its replicas on
 * dedicated GPUs), or its slice-share price when it has no dedicated option. */
static long long weight_of(const struct recommend_totals_item *it, int equal)
{
	long long w = equal ? 1
			    : it->has_dedicated ? bill_cents_add(to_cents(it->dedicated_monthly),
								 -to_cents(it->fixed_monthly))
						: to_cents(it->share_monthly);
	return w > 0 ? w : 0;
}

/* Whether item i is a member of group g that shares a GPU (is allocated a
 * part of what the plan's pools cost). */
static int sharing(const struct recommend_totals_item *it, size_t g)
{
	return it->group >= 0 && (size_t)it->group == g && !it->dedicated_only;
}

/* Allocates plan cents over the members of group g that share a GPU and
 * are not capped (capped[i] 0) in proportion to their weights: whole cents
 * rounded down, then the leftover cents one each by largest remainder, ties
 * to the earlier item.  Each member's part goes to part[i] (cents). */
static void allocate_over(const struct recommend_totals_item *items, size_t n, size_t g,
			  long long plan, const char *capped, long long *part)
{
	struct remainder *rems;
	long long wsum = 0, given = 0;
	size_t members = 0, k = 0;
	int equal;

	for (size_t i = 0; i < n; i++)
		if (sharing(&items[i], g) && !capped[i]) {
			wsum = bill_cents_add(wsum, weight_of(&items[i], 0));
			members++;
		}
	if (!members || plan <= 0)
		return;
	equal = wsum <= 0;
	if (equal)
		wsum = (long long)members;
	rems = xmalloc(members * sizeof(*rems));
	for (size_t i = 0; i < n; i++) {
		long double exact;

		if (!sharing(&items[i], g) || capped[i])
			continue;
		/* long double: plan x weight may pass 2^63 for absurd amounts */
		exact = (long double)plan * (long double)weight_of(&items[i], equal) /
			(long double)wsum;
		part[i] = (long long)exact;
		given = bill_cents_add(given, part[i]);
		rems[k].rem = exact - (long double)part[i];
		rems[k].item = i;
		k++;
	}
	qsort(rems, members, sizeof(*rems), cmp_remainder);
	for (size_t j = 0; j < members && given < plan; j++, given++)
		part[rems[j].item] += 1;
	free(rems);
}

/* What the pools of group g cost (plan cents) over its members that share a
 * GPU, added to their part_monthly (cents), in proportion to their weights.
 * In a plan forced by a member with no dedicated option, a member that has
 * one never pays more than it: a part past its weight (what its sliced
 * replicas cost alone) is capped there and the rest spread again over the
 * others, so the forcing members pay what their co-tenants do not.  (A plan
 * no member forces is used only below the members' dedicated costs, where
 * no part reaches its weight.) */
static void allocate(struct recommend_totals_item *items, size_t n, size_t g, long long plan)
{
	char *capped = xcalloc(n + 1, 1);
	long long *part = xcalloc(n + 1, sizeof(*part));
	long long rest = plan;
	int forced = 0, again = 1;

	for (size_t i = 0; i < n; i++)
		forced |= sharing(&items[i], g) && !items[i].has_dedicated;
	while (again) {
		again = 0;
		for (size_t i = 0; i < n; i++)
			if (!capped[i])
				part[i] = 0;
		allocate_over(items, n, g, rest, capped, part);
		for (size_t i = 0; i < n && forced; i++) {
			long long w = weight_of(&items[i], 0);

			if (!sharing(&items[i], g) || capped[i] || !items[i].has_dedicated ||
			    part[i] <= w)
				continue;
			capped[i] = 1;
			part[i] = w;
			rest = bill_cents_add(rest, -w);
			again = 1;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (sharing(&items[i], g))
			items[i].part_monthly += (double)part[i];
	free(part);
	free(capped);
}

double recommend_totals(struct recommend_totals_item *items, size_t n,
			struct recommend_totals_group *groups, size_t ngroups)
{
	long long total = 0;

	for (size_t g = 0; g < ngroups; g++) {
		groups[g].nitems = 0;
		groups[g].dedicated_monthly = 0;
		groups[g].used = 0;
	}
	for (size_t i = 0; i < n; i++) {
		struct recommend_totals_item *it = &items[i];
		it->basis = RECOMMEND_BASIS_OWN;
		it->part_monthly = 0;
		it->monthly = 0;
		if (it->group >= 0 && (size_t)it->group >= ngroups)
			it->group = -1;
	}
	for (size_t g = 0; g < ngroups; g++) {
		struct recommend_totals_group *gr = &groups[g];
		long long ded = 0, rest;
		int forced = 0;
		for (size_t i = 0; i < n; i++) {
			if (items[i].group < 0 || (size_t)items[i].group != g)
				continue;
			gr->nitems++;
			if (items[i].has_dedicated)
				ded = bill_cents_add(ded, to_cents(items[i].dedicated_monthly));
			else
				forced = 1;
		}
		gr->dedicated_monthly = (double)ded / 100.0;
		if (!gr->nitems || !gr->priced)
			continue;
		/* each member's replicas on dedicated GPUs of their own at their
		 * bill; what the pools cost, over the members that share them */
		rest = to_cents(gr->plan_monthly);
		for (size_t i = 0; i < n; i++) {
			struct recommend_totals_item *it = &items[i];
			if (it->group < 0 || (size_t)it->group != g)
				continue;
			it->part_monthly = (double)to_cents(it->fixed_monthly);
			rest = bill_cents_add(rest, -to_cents(it->fixed_monthly));
		}
		allocate(items, n, g, rest);
		for (size_t i = 0; i < n; i++)
			if (items[i].group >= 0 && (size_t)items[i].group == g)
				items[i].part_monthly /= 100.0;
		gr->used = forced || to_cents(gr->plan_monthly) < ded;
	}
	for (size_t i = 0; i < n; i++) {
		struct recommend_totals_item *it = &items[i];
		if (it->group < 0) {
			it->monthly = it->has_dedicated ? (double)to_cents(it->dedicated_monthly) / 100.0
							: 0;
		} else if (groups[it->group].used) {
			it->basis = RECOMMEND_BASIS_PLAN;
			it->monthly = it->part_monthly;
		} else if (it->has_dedicated) {
			it->basis = RECOMMEND_BASIS_DEDICATED;
			it->monthly = (double)to_cents(it->dedicated_monthly) / 100.0;
		} else {
			it->basis = RECOMMEND_BASIS_SHARE;
			it->monthly = (double)to_cents(it->share_monthly) / 100.0;
		}
		total = bill_cents_add(total, to_cents(it->monthly));
	}
	return (double)total / 100.0;
}

/* What depends on the final recommendation: savings against today's
 * deployment, their totals, and the data and spot findings. */
void recommend_finish_workload(const struct rec_env *e, struct recommend_result *res, size_t i)
{
	const struct profile_workload *pw = &e->p->workloads[i];
	struct recommend_workload *rw = &res->workloads[i];
	struct fit_workload w;
	const char *why = NULL;

	if (rw->has_current && rw->current.priced) {
		res->has_current = 1;
		res->current_monthly_cost += rw->current.monthly_cost;
		if (rw->feasible) {
			rw->current.savings_monthly =
				util_round_cents(rw->current.monthly_cost - rw->rec.monthly_cost);
			res->savings_monthly += rw->current.savings_monthly;
		}
	}
	if (recommend_to_fit(e, &res->notes, pw, &w, &why) != 0)
		return;
	recommend_data_findings(e, pw, &w, rw);
	recommend_commitment_finding(e, rw);
	if (w.kind == FIT_TRAINING && e->pricing == PRICING_SPOT)
		recommend_add_finding(rw, "spot-training", RECOMMEND_INFO,
			    "spot VMs can be evicted at any time: checkpoint often and make the run "
			    "resumable; job hours assume no evictions");
}

/* Whether the fleet total is the bill: every workload priced as billed
 * (not infeasible, not at a slice-share price); the ones that are not, and
 * the sum over those that are. */
void recommend_completeness(struct recommend_result *res)
{
	long long priced = 0;
	res->unpriced = xcalloc(res->nworkloads + 1, sizeof(*res->unpriced));
	res->nunpriced = 0;
	res->savings_known = 1;
	for (size_t i = 0; i < res->nworkloads; i++) {
		const struct recommend_workload *w = &res->workloads[i];
		if (!w->feasible || w->rec.basis == RECOMMEND_BASIS_SHARE)
			res->unpriced[res->nunpriced++] = i;
		else
			priced = bill_cents_add(priced, to_cents(w->rec.monthly_cost));
		if (w->has_current && w->current.priced && !(w->feasible &&
							       w->rec.basis != RECOMMEND_BASIS_SHARE))
			res->savings_known = 0;
		if (w->has_current && w->current.priced)
			res->current_covered++;
		else if (w->has_current)
			res->current_unknown++;
	}
	res->complete = res->nunpriced == 0;
	res->priced_monthly_cost = (double)priced / 100.0;
}
