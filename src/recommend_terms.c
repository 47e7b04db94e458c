/*
 * recommend_terms.c - the pricing terms of one recommendation side by side
 * (docs/billing.md): the price of a size under another term than the one
 * ranked, and the commitment-underused finding.
 *
 * A reservation or savings plan bills every hour of the month (730 h); a
 * workload that runs fewer hours than its break-even (commitment hourly ÷
 * pay-as-you-go hourly × 730) pays less pay-as-you-go.  The finding gives
 * both bills of the recommendation's VMs, each one bill_monthly(), and the
 * break-even hours.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "recommend_internal.h"
#include "util.h"

double recommend_term_price(const struct ctx *c, int vm, int region, enum pricing_kind k)
{
	double h = 0;

	if (vm < 0 || region < 0 || !c->snap)
		return 0;
	if (catalog_snapshot_price(c->snap, c->vms[vm].sku, c->regions[region], k, c->currency,
				   &h) == 1)
		return h;
	/* the price table takes an alias's price where the printed name has
	 * none (recommend_load_snapshot): so does this */
	for (size_t v = 0; v < c->nvms; v++)
		if (c->alias_of && c->alias_of[v] == vm &&
		    catalog_snapshot_price(c->snap, c->vms[v].sku, c->regions[region], k,
					   c->currency, &h) == 1)
			return h;
	return 0;
}

/* "$1,234.56" in USD, else "1,234.56 EUR". */
static const char *money_text(char *buf, size_t len, double v, const char *currency)
{
	char m[48];

	util_fmt_money(m, sizeof m, v);
	if (strcasecmp(currency, "USD") == 0)
		snprintf(buf, len, "$%s", m);
	else
		snprintf(buf, len, "%s %s", m, currency);
	return buf;
}

/* Hours as the finding prints them: to 0.01 h, no trailing zeros. */
static double hours_shown(double h)
{
	return round(h * 100.0) / 100.0;
}

void recommend_commitment_finding(const struct ctx *c, size_t index,
				  struct recommend_workload *rw)
{
	const struct profile_workload *pw = &c->p->workloads[index];
	const struct recommend_choice *rec = &rw->rec;
	struct recommend_commitment_numbers n;
	struct fit_workload w;
	const char *why = NULL;
	char a[64], b[64], s[96] = "";
	double payg, spot, vms;
	int v, r;

	/* whole VMs of its own only: a MIG plan's part is an allocation of
	 * the pools' bill, not VMs this workload could price on its own */
	if (!bill_is_commitment(c->pricing) || !rw->feasible ||
	    rec->placement == FIT_PLACEMENT_MIG ||
	    (rec->basis != RECOMMEND_BASIS_OWN && rec->basis != RECOMMEND_BASIS_DEDICATED))
		return;
	v = recommend_vm_index(c, rec->sku);
	r = recommend_region_index(c, rec->region);
	payg = recommend_term_price(c, v, r, PRICING_PAYG);
	if (!(payg > 0) || !(rec->unit_hourly > 0) || recommend_to_fit(c, pw, &w, &why) != 0)
		return;
	memset(&n, 0, sizeof(n));
	n.term = c->pricing;
	n.hours_used = w.kind == FIT_TRAINING ? rec->fit.job_hours * w.runs_per_month : c->hours;
	n.break_even_utilisation = bill_break_even(rec->unit_hourly, payg);
	n.break_even_hours = n.break_even_utilisation * BILL_MONTH_HOURS;
	if (!(n.hours_used < n.break_even_hours))
		return;
	vms = rec->vm_count;
	n.commitment_monthly_cost = rec->monthly_cost;
	n.payg_monthly_cost = bill_monthly(PRICING_PAYG, payg, vms, n.hours_used);
	spot = recommend_term_price(c, v, r, PRICING_SPOT);
	n.spot_monthly_cost = spot > 0 ? bill_monthly(PRICING_SPOT, spot, vms, n.hours_used) : NAN;
	if (spot > 0)
		snprintf(s, sizeof s, " (spot %s, but evictable)",
			 money_text(b, sizeof b, n.spot_monthly_cost, c->currency));
	recommend_add_finding(rw, "commitment-underused", RECOMMEND_WARNING,
			      "%s bills every hour of the month: %s/month for %d x %s at 730 h, "
			      "but it runs %g h a month; pay-as-you-go bills %s for those hours%s; "
			      "the commitment pays from %g h a month (break-even %.1f%% of 730 h): "
			      "price it pay-as-you-go, or commit only capacity that runs that long",
			      pricing_name(c->pricing),
			      money_text(a, sizeof a, n.commitment_monthly_cost, c->currency),
			      rec->vm_count, rec->sku, hours_shown(n.hours_used),
			      money_text(b, sizeof b, n.payg_monthly_cost, c->currency), s,
			      hours_shown(n.break_even_hours), 100.0 * n.break_even_utilisation);
	rw->findings[rw->nfindings - 1].commit = recommend_dup_array(&n, 1, sizeof(n));
}
