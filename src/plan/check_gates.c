/*
 * check_gates.c - the gates of `gpufit check` and the result they judge
 * (check_gates.h).
 */
#include "check_gates.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

const char *const check_fail_kinds[CHECK_NFAIL_KINDS] = {
	"data-gravity", "data-starved", "data-placement", "cold-start", "current-shortfall",
	"latency-slo", "spot-training", "spot-serving", "retired", "current-retired",
	"current-retiring", "retiring", "quota-short", "load-capped"
};

void check_warn(struct check_report *r, const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	s = util_vformat(fmt, ap);   /* whole: a list of sizes can be long */
	va_end(ap);
	r->warnings = xrealloc(r->warnings, (r->nwarnings + 1) * sizeof *r->warnings);
	r->warnings[r->nwarnings++] = s;
}

void check_report_release(struct check_report *r)
{
	for (size_t i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	free(r->ages);
	costdiff_release(&r->diff);
	cJSON_Delete(r->rec_doc);
	cost_plan_release(&r->head);
	cost_plan_release(&r->base);
}

const struct cost_item *check_base_item(const struct check_report *r, const char *name)
{
	if (!r->baseline_file)
		return NULL;
	for (size_t i = 0; i < r->base.nitems; i++)
		if (strcmp(r->base.items[i].name, name) == 0)
			return &r->base.items[i];
	return NULL;
}

size_t check_failed_count(const struct check_report *r)
{
	size_t n = 0;
	for (size_t i = 0; i < r->ngates; i++)
		n += !r->gates[i].passed;
	return n;
}

/* Counts the findings of one workload object w that --fail-on names. */
void check_count_findings(struct check_report *r, const cJSON *w)
{
	const cJSON *fs = cJSON_GetObjectItemCaseSensitive(w, "findings"), *f;
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(w, "name");

	cJSON_ArrayForEach(f, fs) {
		const cJSON *kind = cJSON_GetObjectItemCaseSensitive(f, "kind");
		if (!cJSON_IsString(kind))
			continue;
		for (size_t k = 0; k < CHECK_NFAIL_KINDS; k++)
			/* "retired": a retired size today (the kind recommend calls
			 * current-retired) */
			if ((r->fail_on & (1u << k)) &&
			    (strcmp(kind->valuestring, check_fail_kinds[k]) == 0 ||
			     (strcmp(check_fail_kinds[k], "retired") == 0 &&
			      strcmp(kind->valuestring, "current-retired") == 0))) {
				if (!r->fail_count++)
					snprintf(r->fail_first, sizeof r->fail_first, "%s: %s",
						 cJSON_IsString(name) ? name->valuestring : "?",
						 kind->valuestring);
			}
	}
}

/* r->age: the oldest price r->ages names, or why its age is unknown (a
 * price used without an observed date makes the whole age unknown: the
 * gate cannot vouch for it). */
void check_price_age(struct check_report *r)
{
	struct costdiff_price_age *g = &r->age;
	const struct recommend_price_age *old = NULL;

	memset(g, 0, sizeof(*g));
	for (size_t i = 0; i < r->nages; i++) {
		const struct recommend_price_age *a = &r->ages[i];
		if (a->nundated) {
			snprintf(g->why, sizeof g->why, "the %s price of %s in %s has no observed date",
				 pricing_name(a->pricing), a->undated_sku, a->region);
			return;
		}
		if (a->oldest[0] && (!old || strcmp(a->oldest, old->oldest) < 0))
			old = &r->ages[i];
	}
	if (!old || util_age_days(old->oldest) < 0) {
		snprintf(g->why, sizeof g->why, "no price was used (no feasible recommendation)");
		return;
	}
	g->known = 1;
	g->days = util_age_days(old->oldest);
	snprintf(g->date, sizeof g->date, "%s", old->oldest);
	snprintf(g->region, sizeof g->region, "%s", old->region);
	snprintf(g->pricing, sizeof g->pricing, "%s", pricing_name(old->pricing));
	snprintf(g->sku, sizeof g->sku, "%s", old->oldest_sku);
}

/* A limit of the profile's budget: section where no option set one. */
static void budget_limit(struct costdiff_limit *l, int has, double v)
{
	if (l->given || !has)
		return;
	l->given = 1;
	l->value = v;
	l->source = "profile budget";
}

/* The --fail-on gate: none of the findings asked for. */
static void fail_on_gate(struct check_report *r)
{
	struct costdiff_gate *g = &r->gates[r->ngates++];
	memset(g, 0, sizeof(*g));
	g->name = "fail_on";
	g->source = "option";
	g->limit = 0;
	g->has_actual = 1;
	g->actual = (double)r->fail_count;
	g->passed = r->fail_count == 0;
	if (g->passed)
		snprintf(g->message, sizeof g->message, "no finding of the kinds asked for");
	else
		snprintf(g->message, sizeof g->message, "%zu finding%s of the kinds asked for, "
			 "first %s", r->fail_count, r->fail_count == 1 ? "" : "s", r->fail_first);
}

void check_judge(struct check_report *r, struct costdiff_limits *lim,
		 const struct profile_budget *budget)
{
	if (r->baseline_file)
		costdiff_compute(&r->base, &r->head, &r->diff);
	budget_limit(&lim->max_monthly, budget->has_max_monthly, budget->max_monthly);
	budget_limit(&lim->max_increase, budget->has_max_increase, budget->max_increase);
	budget_limit(&lim->max_increase_pct, budget->has_max_increase_pct,
		     budget->max_increase_pct);
	size_t skipped = 0;
	r->ngates = costdiff_gates(lim, &r->head, r->baseline_file ? &r->base : NULL, &r->age,
				   r->gates, &skipped);
	if (skipped)
		check_warn(r, "the budget's increase limits need '--baseline BASE.json'; %zu skipped",
			   skipped);
	if (r->fail_on && r->ngates < COSTDIFF_MAX_GATES)
		fail_on_gate(r);
	if (!lim->max_catalog_age.given && r->age_days > CHECK_STALE_DAYS)
		check_warn(r, "the catalog is %ld days old (%s); prices may be stale: run 'gpufit "
			      "catalog refresh' or gate with '--max-catalog-age-days'",
			   r->age_days, r->fetched_at);
	if (!r->ngates)
		check_warn(r, "no gates: give '--max-monthly' or a 'budget:' section in the profile");
	r->passed = check_failed_count(r) == 0;
}

int check_verdict(const struct check_report *r)
{
	int infeasible = r->ngates && strcmp(r->gates[0].name, "feasible") == 0;
	int definite = 0;

	for (size_t i = 0; i < r->ngates; i++)
		definite |= !r->gates[i].passed && !r->gates[i].unjudged;
	return !infeasible && definite;
}
