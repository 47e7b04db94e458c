/*
 * recommend_terms.c - the pricing terms side by side (docs/billing.md): the
 * price of a size under another term than the one ranked, the term and
 * break-even of a recommendation, the commitment-underused finding, and
 * pricing auto (the cheapest term for each workload's hours).
 *
 * A reservation or savings plan bills every hour of the month (730 h); a
 * workload that runs fewer hours than its break-even (commitment hourly ÷
 * pay-as-you-go hourly × 730) pays less pay-as-you-go.  The finding gives
 * both bills of the recommendation's VMs, each one bill_monthly(), and the
 * break-even hours.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "recommend_internal.h"
#include "util.h"

double recommend_term_price(const struct rec_env *e, int vm, int region, enum pricing_kind k)
{
	double h = 0;

	if (vm < 0 || region < 0 || !e->snap ||
	    (e->unavailable && e->unavailable[(size_t)vm * e->nregions + (size_t)region]))
		return 0;
	if (catalog_snapshot_price(e->snap, e->vms[vm].sku, e->regions[region], k, e->currency,
				   &h) == 1)
		return h;
	/* the price table takes an alias's price where the printed name has
	 * none (recommend_load_snapshot): so does this */
	for (size_t v = 0; v < e->nvms; v++)
		if (e->alias_of && e->alias_of[v] == vm &&
		    catalog_snapshot_price(e->snap, e->vms[v].sku, e->regions[region], k,
					   e->currency, &h) == 1)
			return h;
	return 0;
}

/* Hours as the finding prints them: to 0.01 h, no trailing zeros. */
static double hours_shown(double h)
{
	return round(h * 100.0) / 100.0;
}

void recommend_term_of(const struct rec_env *e, struct strmap *notes, size_t index,
		       struct recommend_workload *rw)
{
	const struct profile_workload *pw = &e->p->workloads[index];
	struct recommend_choice *rec = &rw->rec;
	struct fit_workload w;
	const char *why = NULL;
	int v, r;

	if (!rw->feasible || recommend_to_fit(e, notes, pw, &w, &why) != 0)
		return;
	/* the term of its bill, the hours it runs and, for a commitment, the
	 * break-even of its size (a MIG plan's part: its pool's size) */
	v = recommend_vm_index(e, rec->sku);
	r = recommend_region_index(e, rec->region);
	rec->pricing = e->pricing;
	rec->hours_used = w.kind == FIT_TRAINING ? rec->fit.job_hours * w.runs_per_month : e->hours;
	rec->break_even = -1;
	if (bill_is_commitment(e->pricing) && v >= 0 && r >= 0)
		rec->break_even = bill_break_even(e->price[(size_t)v * e->nregions + r],
						  recommend_term_price(e, v, r, PRICING_PAYG));
}

void recommend_commitment_finding(const struct rec_env *e, struct recommend_workload *rw)
{
	const struct recommend_choice *rec = &rw->rec;
	struct recommend_commitment_numbers n;
	char a[64], b[64], s[96] = "";
	double payg, spot, vms;
	int v, r;

	if (!rw->feasible)
		return;
	/* whole VMs of its own only: a MIG plan's part is an allocation of
	 * the pools' bill, not VMs this workload could price on its own; a
	 * load plan's levels say what a commitment costs them (load-plan) */
	if (!bill_is_commitment(e->pricing) || rw->load_plan ||
	    rec->placement == FIT_PLACEMENT_MIG ||
	    (rec->basis != RECOMMEND_BASIS_OWN && rec->basis != RECOMMEND_BASIS_DEDICATED))
		return;
	v = recommend_vm_index(e, rec->sku);
	r = recommend_region_index(e, rec->region);
	payg = recommend_term_price(e, v, r, PRICING_PAYG);
	if (!(payg > 0) || !(rec->unit_hourly > 0))
		return;
	memset(&n, 0, sizeof(n));
	n.term = e->pricing;
	n.hours_used = rec->hours_used;
	n.break_even_utilisation = bill_break_even(rec->unit_hourly, payg);
	n.break_even_hours = n.break_even_utilisation * BILL_MONTH_HOURS;
	if (!(n.hours_used < n.break_even_hours))
		return;
	vms = rec->vm_count;
	n.commitment_monthly_cost = rec->monthly_cost;
	n.payg_monthly_cost = bill_monthly(PRICING_PAYG, payg, vms, n.hours_used);
	spot = recommend_term_price(e, v, r, PRICING_SPOT);
	n.spot_monthly_cost = spot > 0 ? bill_monthly(PRICING_SPOT, spot, vms, n.hours_used) : NAN;
	if (spot > 0)
		snprintf(s, sizeof s, " (spot %s, but evictable)",
			 util_fmt_money_in(b, sizeof b, n.spot_monthly_cost, e->currency));
	recommend_add_finding(rw, "commitment-underused", RECOMMEND_WARNING,
			      "%s bills every hour of the month: %s/month for %d x %s at 730 h, "
			      "but it runs %g h a month; pay-as-you-go bills %s for those hours%s; "
			      "the commitment pays from %g h a month (break-even %.1f%% of 730 h): "
			      "price it pay-as-you-go, or commit only capacity that runs that long",
			      pricing_name(e->pricing),
			      util_fmt_money_in(a, sizeof a, n.commitment_monthly_cost, e->currency),
			      rec->vm_count, rec->sku, hours_shown(n.hours_used),
			      util_fmt_money_in(b, sizeof b, n.payg_monthly_cost, e->currency), s,
			      hours_shown(n.break_even_hours), 100.0 * n.break_even_utilisation);
	rw->findings[rw->nfindings - 1].commit = recommend_dup_array(&n, 1, sizeof(n));
}

/*
 * pricing: auto.  The whole recommendation is built once per term: payg,
 * then the reservations and savings plans the catalog has a price of in the
 * currency (spot never: an evictable VM is no substitute for the capacity
 * the other terms buy).  Each workload takes the term whose bill of its
 * recommendation is lowest for the hours it runs (the ranking under each
 * term already billed its hours: 730 under a commitment).  A MIG plan
 * shares whole VMs, so the workloads one term's plan places (plan_placed;
 * not those it only covers and leaves on their own dedicated VMs) take that
 * term together: the plan term is the one whose fleet total,
 * those workloads at its bills and every other at its own cheapest term, is
 * lowest.  The result is the plan term's, with the other workloads swapped
 * in from their terms' results, which it keeps (runs) because their lists
 * and notes live there; totals are then summed again.
 */
static const enum pricing_kind auto_terms[] = {
	PRICING_PAYG, PRICING_RESERVED_1Y, PRICING_RESERVED_3Y, PRICING_SAVINGS_1Y,
	PRICING_SAVINGS_3Y,
};
#define NAUTO (sizeof auto_terms / sizeof auto_terms[0])

static int has_kind(const struct catalog_snapshot *snap, enum pricing_kind k,
		    const char *currency)
{
	for (size_t i = 0; i < snap->nprices; i++)
		if (snap->prices[i].pricing == k && strcasecmp(snap->prices[i].os, "linux") == 0 &&
		    strcasecmp(snap->prices[i].currency, currency) == 0)
			return 1;
	return 0;
}

/* A workload's bill in cents under one term's result; -1: not priced as
 * billed there (infeasible, or at a slice's share). */
static long long bill_cents(const struct recommend_result *r, size_t i)
{
	const struct recommend_workload *w = &r->workloads[i];

	if (!w->feasible || w->rec.basis == RECOMMEND_BASIS_SHARE)
		return -1;
	return bill_to_cents(w->rec.monthly_cost);
}

/* Fleet order: fewer unpriced workloads, then the lower total. */
struct fleet_cost {
	size_t unpriced;
	long long cents;
};

static int fleet_less(struct fleet_cost a, struct fleet_cost b)
{
	return a.unpriced != b.unpriced ? a.unpriced < b.unpriced : a.cents < b.cents;
}

static void add_cost(struct fleet_cost *f, long long cents)
{
	if (cents < 0)
		f->unpriced++;
	else
		f->cents += cents;
}

/* A workload the MIG plan places (on its slices or its dedicated GPUs): it
 * takes the plan's term with the plan's other workloads.  One the plan
 * only covers, whose recommendation is its own dedicated option, bills on
 * its own and takes its own cheapest term. */
static int plan_placed(const struct recommend_result *run, size_t i)
{
	return recommend_mig_use_of(&run->workloads[i])->use == RECOMMEND_BASIS_PLAN;
}

/* Of the terms t with have[t] whose result does not place workload i in its
 * MIG plan, the one billing i least (priced first; the earlier on a tie);
 * fallback when none. */
static size_t own_term(const struct recommend_result *runs, const int *have, size_t i,
		       size_t fallback)
{
	size_t best = fallback;
	long long bc = -1;

	for (size_t t = 0; t < NAUTO; t++) {
		long long k;

		if (!have[t] || plan_placed(&runs[t], i))
			continue;
		k = bill_cents(&runs[t], i);
		if (k >= 0 && (bc < 0 || k < bc)) {
			best = t;
			bc = k;
		}
	}
	return best;
}

/* The warnings of from that to has not; a commitment's "no reserved-1y
 * price in R for N feasible sizes" is left (those sizes were priced under
 * another term, payg's warning names the ones priced under none). */
static void move_warnings(struct recommend_result *to, struct recommend_result *from)
{
	char unpriced[48];

	snprintf(unpriced, sizeof unpriced, "no %s price in ", pricing_name(from->pricing));
	for (size_t k = 0; k < from->nwarnings; k++) {
		int dup = from->pricing != PRICING_PAYG &&
			  strncmp(from->warnings[k], unpriced, strlen(unpriced)) == 0;

		for (size_t j = 0; j < to->nwarnings && !dup; j++)
			dup = strcmp(to->warnings[j], from->warnings[k]) == 0;
		if (dup)
			continue;
		to->warnings = xrealloc(to->warnings, (to->nwarnings + 1) * sizeof(*to->warnings));
		to->warnings[to->nwarnings++] = from->warnings[k];
		from->warnings[k] = NULL;
	}
}

/* The totals recommend_build sums, again over the merged workloads. */
static void resum(struct recommend_result *res)
{
	long long total = 0, current = 0, savings = 0;

	res->infeasible = 0;
	res->has_current = 0;
	for (size_t i = 0; i < res->nworkloads; i++) {
		const struct recommend_workload *w = &res->workloads[i];

		if (!w->feasible)
			res->infeasible++;
		else
			total = bill_cents_add(total, bill_to_cents(w->rec.monthly_cost));
		if (w->has_current && w->current.priced) {
			res->has_current = 1;
			current = bill_cents_add(current, bill_to_cents(w->current.monthly_cost));
			if (w->feasible)
				savings = bill_cents_add(savings,
							 bill_to_cents(w->current.savings_monthly));
		}
	}
	res->monthly_cost = (double)total / 100.0;
	res->current_monthly_cost = (double)current / 100.0;
	res->savings_monthly = (double)savings / 100.0;
	free(res->unpriced);
	res->unpriced = NULL;
	res->nunpriced = 0;
	res->current_covered = 0;
	res->current_unknown = 0;
	recommend_completeness(res);
}

/*
 * The per-region comparison of a workload under pricing auto: each region's
 * figure is its own bill under auto, the term cheapest there for the
 * workload's hours (a load plan: each level on the cheaper of the region's
 * commitment and payg).  Each term's run billed every region so
 * (load_mixed_terms), a region without that commitment's price not at all;
 * the region's figure is the least of the runs' (payg's run where it has no
 * commitment price), not the figures of the one run the workload took,
 * which left such a region "(none)" and priced the others under that run's
 * commitment alone.  The recommendation's own region keeps its bill (a
 * workload the MIG plan places takes the plan's term there with the plan's
 * other workloads).  out's workloads and the runs' hold each term's version
 * of workload i once (swapped above).
 */
static void auto_region_costs(struct recommend_result *out, const struct recommend_result *runs,
			      const int *have, size_t plan)
{
	for (size_t i = 0; i < out->nworkloads; i++) {
		struct recommend_workload *w = &out->workloads[i];

		for (size_t k = 0; k < w->nregions; k++) {
			struct recommend_region_cost *rc = &w->regions[k];

			/* the recommendation's own region is its bill */
			if (w->feasible && strcasecmp(rc->region, w->rec.region) == 0)
				continue;

			for (size_t t = 0; t < NAUTO; t++) {
				const struct recommend_workload *o;

				if (!have[t] || t == plan || i >= runs[t].nworkloads)
					continue;
				o = &runs[t].workloads[i];
				for (size_t j = 0; j < o->nregions; j++) {
					const struct recommend_region_cost *x = &o->regions[j];

					if (!x->feasible || strcmp(x->region, rc->region) != 0 ||
					    (rc->feasible && !(bill_to_cents(x->monthly_cost) <
							       bill_to_cents(rc->monthly_cost))))
						continue;
					*rc = *x;
				}
			}
		}
	}
}

int recommend_build_auto(const struct catalog_snapshot *snap, const struct profile *p,
			 const struct recommend_options *o, struct recommend_result *out,
			 struct diag_list *diags)
{
	struct recommend_result *runs = xcalloc(NAUTO, sizeof(*runs));
	struct recommend_options one = *o;
	const char *currency = o->currency && *o->currency ? o->currency
			       : p->currency[0] ? p->currency : "USD";
	int have[NAUTO];
	size_t plan = 0, *term;
	struct fleet_cost best = { SIZE_MAX, 0 };

	memset(out, 0, sizeof(*out));
	for (size_t t = 0; t < NAUTO; t++) {
		have[t] = t == 0 || has_kind(snap, auto_terms[t], currency);
		if (!have[t])
			continue;
		one.has_pricing = 1;
		one.pricing = auto_terms[t];
		one.pricing_auto = 0;
		one.load_mixed_terms = 1;
		/* quota is planned once, on the fleet the terms' runs make
		 * together (below), not on each run's own fleet */
		one.within_quota = 0;
		if (recommend_build_term(snap, p, &one, &runs[t], t == 0 ? diags : NULL) != 0) {
			for (size_t k = 0; k < NAUTO; k++)
				recommend_result_release(&runs[k]);
			free(runs);
			return -1;
		}
	}
	/* the plan term: its MIG plan's workloads at its bills, the others at
	 * their own cheapest term */
	for (size_t t = 0; t < NAUTO; t++) {
		struct fleet_cost f = { 0, 0 };

		if (!have[t])
			continue;
		for (size_t i = 0; i < runs[t].nworkloads; i++) {
			size_t k = plan_placed(&runs[t], i) ? t : own_term(runs, have, i, t);

			add_cost(&f, bill_cents(&runs[k], i));
		}
		if (fleet_less(f, best)) {
			best = f;
			plan = t;
		}
	}
	term = xcalloc(runs[plan].nworkloads + 1, sizeof(*term));
	for (size_t i = 0; i < runs[plan].nworkloads; i++)
		term[i] = plan_placed(&runs[plan], i) ? plan : own_term(runs, have, i, plan);
	*out = runs[plan];
	memset(&runs[plan], 0, sizeof(runs[plan]));
	for (size_t i = 0; i < out->nworkloads; i++) {
		if (term[i] != plan) {
			struct recommend_workload w = out->workloads[i];

			out->workloads[i] = runs[term[i]].workloads[i];
			runs[term[i]].workloads[i] = w;
		}
	}
	/* the warnings of every term a workload is billed under, and payg's
	 * (the base: sizes and prices missing from the catalog) */
	for (size_t t = 0; t < NAUTO; t++) {
		int used = t == 0;

		for (size_t i = 0; i < out->nworkloads && !used; i++)
			used = term[i] == t;
		if (used && t != plan)
			move_warnings(out, &runs[t]);
	}
	free(term);
	auto_region_costs(out, runs, have, plan);
	/* --within-quota on the merged fleet: each run planned its own, and
	 * the workloads come from several runs (a workload moved keeps its
	 * term) */
	recommend_within_quota(out, snap, o);
	resum(out);
	out->pricing_auto = 1;
	out->runs = runs;
	out->nruns = NAUTO;
	return 0;
}
