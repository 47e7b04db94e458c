/*
 * recommend_json.c - the `recommend -f json` document of a result, shared
 * by `recommend` and `check`; it only prints what the result says.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "load_plan_out.h"
#include "recommend_json.h"
#include "bill.h"
#include "json_out.h"
#include "mig_plan_json.h"
#include "util.h"


static cJSON *choice_json(const struct recommend_result *r, const struct recommend_workload *w,
			  const struct recommend_choice *c, int with_reasons)
{
	cJSON *o = cJSON_CreateObject();
	const struct fit_result *f = &c->fit;
	char buf[1024];

	cJSON_AddStringToObject(o, "sku", c->sku);
	cJSON_AddStringToObject(o, "region", c->region);
	cJSON_AddStringToObject(o, "placement", fit_placement_name(c->placement));
	json_add_str_or_null(o, "mig_profile", c->mig_profile);
	cJSON_AddStringToObject(o, "gpu_model", c->gpu_model);
	cJSON_AddNumberToObject(o, "vm_count", c->vm_count);
	cJSON_AddNumberToObject(o, "gpu_count", c->gpu_count);
	cJSON_AddNumberToObject(o, "hourly_cost", c->hourly_cost); /* unrounded */
	cJSON_AddNumberToObject(o, "hours_billed", c->hours_billed); /* unrounded */
	json_add_money(o, "monthly_cost", c->monthly_cost);
	cJSON_AddStringToObject(o, "cost_basis", recommend_basis_name(c->basis));
	cJSON_AddStringToObject(o, "label", recommend_choice_label(r, w, c, buf, sizeof(buf)));
	if (w->type == PROFILE_TRAINING) {
		json_add_rounded(o, "job_hours", f->job_hours, 2);   /* a short run: 0.23 h, not 0.2 */
		json_add_money(o, "job_cost", c->job_cost);
		json_add_rounded(o, "est_tokens_per_s", f->tokens_per_s, 0);
		json_add_rounded(o, "mfu", f->mfu, 3);
	} else if (f->tokens_per_s > 0) {
		/* the model servers of one replica: each an independent instance
		 * of gpus_per_instance GPUs on one VM (a pod apiece on AKS) */
		cJSON_AddNumberToObject(o, "instances_per_replica", f->instances);
		cJSON_AddNumberToObject(o, "gpus_per_instance", f->gpus_per_instance);
		json_add_parallelism(o, f->tp, f->pp, f->ep, f->attention_dp);
		json_add_rounded(o, "est_output_tokens_per_s", f->tokens_per_s, 0);
		json_add_rounded(o, "est_ms_per_output_token", f->ms_per_token, 1);
		json_add_rounded(o, "est_time_to_first_token_ms", f->ttft_ms, 0);
	} else {
		cJSON_AddNullToObject(o, "est_output_tokens_per_s");
		cJSON_AddNullToObject(o, "est_ms_per_output_token");
	}
	json_add_rounded(o, "memory_headroom_pct", f->memory_headroom_pct, 1);
	if (with_reasons) {
		/* the recommendation's term (under pricing auto, per workload) and
		 * a commitment's break-even (docs/billing.md); null when a load
		 * plan's replica levels bill under several terms (load_plan.bills
		 * gives each level's), as a k8s pool's */
		if (recommend_terms_several(c))
			cJSON_AddNullToObject(o, "pricing");
		else
			cJSON_AddStringToObject(o, "pricing", pricing_name(c->pricing));
		if (c->break_even > 0)
			json_add_rounded(o, "break_even_utilisation", c->break_even, 4);
		else
			cJSON_AddNullToObject(o, "break_even_utilisation");
	}
	if (with_reasons) {
		cJSON *reasons = cJSON_AddArrayToObject(o, "reasons");
		for (size_t i = 0; recommend_choice_reason(r, w, c, i, buf, sizeof(buf)); i++)
			cJSON_AddItemToArray(reasons, cJSON_CreateString(buf));
	} else if (recommend_mig_note(r, w, c, buf, sizeof(buf))) {
		cJSON_AddStringToObject(o, "note", buf);
	}
	return o;
}

/* How the MIG plan priced a MIG candidate; null for other workloads. */

static void num_or_null(cJSON *o, const char *key, double v, int money)
{
	if (isnan(v))
		cJSON_AddNullToObject(o, key);
	else if (money)
		json_add_money(o, key, v);
	else
		cJSON_AddNumberToObject(o, key, v);
}

/* The numbers of a data finding; unknown ones null (docs/data.md). */
static void finding_numbers_json(cJSON *x, const struct recommend_finding_numbers *n)
{
	num_or_null(x, "needed_mb_per_s", isnan(n->needed_mb_per_s) ? NAN
				: round(n->needed_mb_per_s * 10) / 10, 0);
	num_or_null(x, "supplied_mb_per_s", isnan(n->supplied_mb_per_s) ? NAN
				: round(n->supplied_mb_per_s * 10) / 10, 0);
	if (n->bottleneck[0])
		cJSON_AddStringToObject(x, "bottleneck", n->bottleneck);
	else
		cJSON_AddNullToObject(x, "bottleneck");
	num_or_null(x, "gpu_busy_fraction", n->gpu_busy_fraction, 0);
	num_or_null(x, "extra_monthly_cost", n->extra_monthly_cost, 1);
	num_or_null(x, "egress_per_run", n->egress_per_run, 1);
	if (n->fix) {
		char *fix = xstrndup(n->fix, n->fix_len);
		cJSON_AddStringToObject(x, "fix", fix);
		free(fix);
	}
	else
		cJSON_AddNullToObject(x, "fix");
	num_or_null(x, "fix_monthly_cost", n->fix_monthly_cost, 1);
}

/* The numbers of a commitment-underused finding (docs/billing.md). */
static void commitment_numbers_json(cJSON *x, const struct recommend_commitment_numbers *n)
{
	cJSON_AddStringToObject(x, "pricing", pricing_name(n->term));
	json_add_rounded(x, "hours_used", n->hours_used, 4);
	json_add_rounded(x, "break_even_utilisation", n->break_even_utilisation, 4);
	json_add_rounded(x, "break_even_hours", n->break_even_hours, 2);
	num_or_null(x, "commitment_monthly_cost", n->commitment_monthly_cost, 1);
	num_or_null(x, "payg_monthly_cost", n->payg_monthly_cost, 1);
	num_or_null(x, "spot_monthly_cost", n->spot_monthly_cost, 1);
}

static void mig_use_json(cJSON *o, const struct recommend_result *r,
			 const struct recommend_workload *w)
{
	const struct recommend_mig_use *u = recommend_mig_use_of(w);
	cJSON *x, *arr;
	if (u->use == RECOMMEND_BASIS_OWN) {
		cJSON_AddNullToObject(o, "mig_plan_use");
		return;
	}
	x = cJSON_AddObjectToObject(o, "mig_plan_use");
	cJSON_AddStringToObject(x, "cost_basis", recommend_basis_name(u->use));
	cJSON_AddStringToObject(x, "sku", u->sku);
	json_add_str_or_null(x, "mig_profile", u->mig_profile);
	cJSON_AddStringToObject(x, "region", u->region);
	cJSON_AddNumberToObject(x, "slices_per_replica", u->slices_per_replica);
	cJSON_AddBoolToObject(x, "packed", u->packed);
	cJSON_AddBoolToObject(x, "left_out", u->left_out);
	json_add_str_or_null(x, "pool", u->pool);
	arr = cJSON_AddArrayToObject(x, "pools");
	for (int k = 0; u->pool[0] && k < u->pools_spanned && k < RECOMMEND_MAX_POOLS_NAMED; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(r->mig.pools[u->pool_index[k]].name));
	cJSON_AddNumberToObject(x, "replicas_on_slices", u->replicas_on_slices);
	cJSON_AddNumberToObject(x, "replicas_dedicated", u->replicas_dedicated);
	arr = cJSON_AddArrayToObject(x, "cotenants");
	for (size_t k = 0; k < u->ncotenants && k < RECOMMEND_MAX_COTENANTS; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(r->workloads[u->cotenants[k]].name));
	cJSON_AddNumberToObject(x, "cotenant_count", (double)u->ncotenants);
	json_add_str_or_null(x, "plan_dedicated_sku", u->plan_dedicated_sku);
	json_add_str_or_null(x, "dedicated_sku", u->dedicated_sku);
	json_add_money(x, "slice_share_monthly_cost", u->share_monthly);
	if (u->dedicated_monthly > 0)
		json_add_money(x, "dedicated_monthly_cost", u->dedicated_monthly);
	else
		cJSON_AddNullToObject(x, "dedicated_monthly_cost");
	if (u->plan_monthly > 0) {
		json_add_money(x, "plan_part_monthly_cost", u->part_monthly);
		json_add_money(x, "plan_monthly_cost", u->plan_monthly);
	} else {
		cJSON_AddNullToObject(x, "plan_part_monthly_cost");
		cJSON_AddNullToObject(x, "plan_monthly_cost");
	}
	json_add_money(x, "plan_dedicated_monthly_cost", u->plan_dedicated_monthly);
	cJSON_AddNumberToObject(x, "plan_workloads", (double)u->plan_workloads);
}

cJSON *recommend_workload_to_json(const struct recommend_result *r, size_t i)
{
	const struct recommend_workload *w = &r->workloads[i];
	cJSON *o = cJSON_CreateObject(), *needs, *arr;
	char buf[256];

	cJSON_AddStringToObject(o, "name", w->name);
	cJSON_AddStringToObject(o, "type", profile_type_name(w->type));
	cJSON_AddNumberToObject(o, "replicas", (double)w->replicas);
	needs = cJSON_AddObjectToObject(o, "needs");
	/* every workload needs memory: none computed (a training workload
	 * without a feasible option, one that cannot be sized) is unknown */
	if (w->needs.gpu_memory_gib > 0)
		json_add_rounded(needs, "gpu_memory_gib", w->needs.gpu_memory_gib, 1);
	else
		cJSON_AddNullToObject(needs, "gpu_memory_gib");
	/* a need that was not computed (no target, no deadline; no feasible
	 * option to read the interconnect from) is unknown, not 0 */
	if (w->needs.tflops > 0)
		json_add_rounded(needs, "tflops", w->needs.tflops, 1);
	else
		cJSON_AddNullToObject(needs, "tflops");
	if (w->needs.bandwidth_gb_per_s > 0)
		json_add_rounded(needs, "bandwidth_gb_per_s", w->needs.bandwidth_gb_per_s, 0);
	else
		cJSON_AddNullToObject(needs, "bandwidth_gb_per_s");
	if (w->feasible || w->needs.interconnect)
		cJSON_AddStringToObject(needs, "interconnect",
					w->needs.interconnect ? w->needs.interconnect : "none");
	else
		cJSON_AddNullToObject(needs, "interconnect");
	if (w->feasible)
		cJSON_AddItemToObject(o, "recommendation", choice_json(r, w, &w->rec, 1));
	else
		cJSON_AddNullToObject(o, "recommendation");
	if (w->load_plan && w->feasible)
		cJSON_AddItemToObject(o, "load_plan", load_plan_to_json(w->load_plan));
	arr = cJSON_AddArrayToObject(o, "alternatives");
	for (size_t j = 0; j < w->nalternatives; j++)
		cJSON_AddItemToArray(arr, choice_json(r, w, &w->alternatives[j], 0));
	arr = cJSON_AddArrayToObject(o, "rejected");
	for (size_t j = 0; j < w->nrejected; j++) {
		const struct recommend_reject *rj = &w->rejected[j];
		cJSON *x = cJSON_CreateObject();
		recommend_reject_reason(w, &rj->fit, pricing_name(r->pricing), rj->region, buf, sizeof(buf));
		cJSON_AddStringToObject(x, "sku", rj->sku);
		json_add_str_or_null(x, "mig_profile", rj->mig_profile);
		json_add_str_or_null(x, "region", rj->region);
		cJSON_AddStringToObject(x, "kind", fit_reject_name(rj->fit.reject));
		cJSON_AddStringToObject(x, "reason", buf);
		cJSON_AddItemToArray(arr, x);
	}
	arr = cJSON_AddArrayToObject(o, "rejected_summary");
	for (size_t j = 0; j < w->nsummaries; j++) {
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "kind", fit_reject_name(w->summaries[j].reject));
		cJSON_AddNumberToObject(x, "count", (double)w->summaries[j].count);
		cJSON_AddStringToObject(x, "example", w->summaries[j].example);
		json_add_str_or_null(x, "example_mig_profile", w->summaries[j].example_mig_profile);
		cJSON_AddItemToArray(arr, x);
	}
	arr = cJSON_AddArrayToObject(o, "other_families");
	for (size_t j = 0; j < w->nfamilies; j++) {
		const struct recommend_family *fa = &w->families[j];
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "family", fa->family);
		cJSON_AddStringToObject(x, "sku", fa->sku);
		json_add_str_or_null(x, "mig_profile", fa->mig_profile);
		cJSON_AddStringToObject(x, "region", fa->region);
		json_add_rounded(x, "extra_monthly_cost", fa->extra_monthly, 2);
		cJSON_AddItemToArray(arr, x);
	}
	if (!w->feasible && w->closest) {
		cJSON *x = cJSON_AddObjectToObject(o, "closest");
		recommend_reject_reason(w, &w->closest->fit, pricing_name(r->pricing), "", buf, sizeof(buf));
		cJSON_AddStringToObject(x, "sku", w->closest->sku);
		json_add_str_or_null(x, "mig_profile", w->closest->mig_profile);
		cJSON_AddStringToObject(x, "kind", fit_reject_name(w->closest->fit.reject));
		cJSON_AddStringToObject(x, "reason", buf);
		json_add_rounded(x, "margin_pct", 100.0 * w->closest_margin, 1);
	} else {
		cJSON_AddNullToObject(o, "closest");
	}
	arr = cJSON_AddArrayToObject(o, "regions");
	for (size_t j = 0; j < w->nregions; j++) {
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "region", w->regions[j].region);
		if (w->regions[j].feasible) {
			unsigned t = w->regions[j].terms;
			cJSON *terms;
			char label[64], *save = NULL;

			cJSON_AddStringToObject(x, "sku", w->regions[j].sku);
			json_add_money(x, "monthly_cost", w->regions[j].monthly_cost);
			/* its term, null when its load plan's levels bill under
			 * several; terms lists them in the order the label names
			 * them, commitments first */
			recommend_terms_text(t, label, sizeof label);
			if (t && !(t & (t - 1)))
				cJSON_AddStringToObject(x, "pricing", label);
			else
				cJSON_AddNullToObject(x, "pricing");
			terms = cJSON_AddArrayToObject(x, "terms");
			for (char *p = t ? strtok_r(label, "+", &save) : NULL; p;
			     p = strtok_r(NULL, "+", &save))
				cJSON_AddItemToArray(terms, cJSON_CreateString(p));
		} else {
			cJSON_AddNullToObject(x, "sku");
			cJSON_AddNullToObject(x, "monthly_cost");
			cJSON_AddNullToObject(x, "pricing");
			cJSON_AddArrayToObject(x, "terms");
		}
		cJSON_AddItemToArray(arr, x);
	}
	if (w->has_current) {
		cJSON *x = cJSON_AddObjectToObject(o, "current");
		cJSON_AddStringToObject(x, "sku", w->current.sku);
		cJSON_AddNumberToObject(x, "count", (double)w->current.count);
		if (w->current.priced)
			json_add_money(x, "monthly_cost", w->current.monthly_cost);
		else
			cJSON_AddNullToObject(x, "monthly_cost");
		if (w->current.priced && w->feasible)
			json_add_money(x, "savings_monthly", w->current.savings_monthly);
		else
			cJSON_AddNullToObject(x, "savings_monthly");
		if (w->current.meets_needs >= 0)
			cJSON_AddBoolToObject(x, "meets_needs", w->current.meets_needs);
		else
			cJSON_AddNullToObject(x, "meets_needs");
	} else {
		cJSON_AddNullToObject(o, "current");
	}
	arr = cJSON_AddArrayToObject(o, "findings");
	for (size_t j = 0; j < w->nfindings; j++) {
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "kind", w->findings[j].kind);
		cJSON_AddStringToObject(x, "severity",
					recommend_severity_name(w->findings[j].severity));
		cJSON_AddStringToObject(x, "message", w->findings[j].message);
		if (w->findings[j].num)
			finding_numbers_json(x, w->findings[j].num);
		if (w->findings[j].commit)
			commitment_numbers_json(x, w->findings[j].commit);
		if (w->findings[j].quota) {
			const struct recommend_quota_numbers *q = w->findings[j].quota;

			if (q->family[0]) {
				cJSON_AddStringToObject(x, "family", q->family);
				cJSON_AddStringToObject(x, "region", q->region);
				cJSON_AddNumberToObject(x, "needed_vcpus", (double)q->needed_vcpus);
				cJSON_AddNumberToObject(x, "available_vcpus",
							(double)q->available_vcpus);
				cJSON_AddNumberToObject(x, "missing_vcpus", (double)q->missing_vcpus);
			} else {
				/* within-quota: moved to make room, no short quota of its own */
				cJSON_AddNullToObject(x, "family");
				cJSON_AddNullToObject(x, "region");
				cJSON_AddNullToObject(x, "needed_vcpus");
				cJSON_AddNullToObject(x, "available_vcpus");
				cJSON_AddNullToObject(x, "missing_vcpus");
			}
			if (q->unconstrained_sku[0]) {
				cJSON_AddStringToObject(x, "unconstrained_sku", q->unconstrained_sku);
				cJSON_AddStringToObject(x, "unconstrained_region",
							q->unconstrained_region);
				cJSON_AddNumberToObject(x, "unconstrained_monthly_cost",
							q->unconstrained_monthly);
				cJSON_AddNumberToObject(x, "extra_monthly_cost", q->extra_monthly);
				if (q->family[0])
					cJSON_AddNumberToObject(x, "unlocking_limit",
								(double)(q->limit + q->missing_vcpus));
				else
					cJSON_AddNullToObject(x, "unlocking_limit");
			}
		}
		cJSON_AddItemToArray(arr, x);
	}
	mig_use_json(o, r, w);
	return o;
}

static cJSON *mig_plan_json(const struct recommend_result *r)
{
	const struct recommend_mig_plan *m = &r->mig;
	cJSON *o = cJSON_CreateObject(), *arr;

	cJSON_AddStringToObject(o, "strategy", mig_strategy_name(r->mig.strategy));
	arr = cJSON_AddArrayToObject(o, "node_pools");
	for (size_t i = 0; i < m->npools; i++)
		cJSON_AddItemToArray(arr, mig_plan_pool_json(&m->pools[i]));
	/* one entry per workload and size: its replicas on dedicated VMs of
	 * that size and their bill, N VMs billed as N VMs (bill_monthly); the
	 * list holds a workload's replicas one after another */
	arr = cJSON_AddArrayToObject(o, "dedicated");
	for (size_t i = 0, j; i < m->ndedicated; i = j) {
		const struct recommend_mig_dedicated *d = &m->dedicated[i];
		cJSON *x = cJSON_CreateObject();
		for (j = i + 1; j < m->ndedicated && m->dedicated[j].workload == d->workload &&
				strcmp(m->dedicated[j].sku, d->sku) == 0 &&
				strcmp(m->dedicated[j].region, d->region) == 0;
		     j++)
			;
		cJSON_AddStringToObject(x, "workload", r->workloads[d->workload].name);
		cJSON_AddNumberToObject(x, "replicas", (double)(j - i));
		cJSON_AddStringToObject(x, "sku", d->sku);
		cJSON_AddStringToObject(x, "region", d->region);
		json_add_money(x, "monthly_cost",
			       bill_monthly(d->pricing, d->hourly, (double)(j - i), d->hours_per_month));
		cJSON_AddItemToArray(arr, x);
	}
	arr = cJSON_AddArrayToObject(o, "workloads");
	for (size_t i = 0; i < m->nworkloads; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(r->workloads[m->workloads[i]].name));
	cJSON_AddNumberToObject(o, "replicas", (double)m->replicas);
	json_add_money(o, "monthly_cost", m->monthly_cost);
	json_add_money(o, "dedicated_monthly_cost", m->dedicated_monthly_cost);
	json_add_money(o, "savings_monthly", m->savings_monthly);
	cJSON_AddBoolToObject(o, "used_in_totals", m->used_in_totals);
	cJSON_AddBoolToObject(o, "exact", m->exact);
	arr = cJSON_AddArrayToObject(o, "regions");
	for (size_t i = 0; i < m->nregions; i++) {
		const struct recommend_mig_region *g = &m->regions[i];
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "region", g->region);
		cJSON_AddNumberToObject(x, "workloads", (double)g->nworkloads);
		if (g->priced)
			json_add_money(x, "monthly_cost", g->monthly_cost);
		else
			cJSON_AddNullToObject(x, "monthly_cost");
		json_add_money(x, "dedicated_monthly_cost", g->dedicated_monthly_cost);
		cJSON_AddBoolToObject(x, "used_in_totals", g->used_in_totals);
		cJSON_AddItemToArray(arr, x);
	}
	return o;
}

cJSON *recommend_header_to_json(const struct recommend_result *r,
				const struct recommend_meta *meta)
{
	cJSON *doc = cJSON_CreateObject(), *x, *arr;

	cJSON_AddNumberToObject(doc, "schema_version", 1);
	cJSON_AddStringToObject(doc, "gpufit_version",
				meta && meta->gpufit_version ? meta->gpufit_version : "");
	cJSON_AddStringToObject(doc, "currency", r->currency);
	cJSON_AddStringToObject(doc, "pricing", r->pricing_auto ? "auto" : pricing_name(r->pricing));
	json_add_rounded(doc, "hours_per_month", r->hours_per_month, 2);
	x = cJSON_AddObjectToObject(doc, "catalog");
	json_add_str_or_null(x, "source", meta ? meta->catalog_source : NULL);
	json_add_str_or_null(x, "fetched_at", meta ? meta->fetched_at : NULL);
	if (meta && meta->age_days >= 0)
		cJSON_AddNumberToObject(x, "age_days", (double)meta->age_days);
	else
		cJSON_AddNullToObject(x, "age_days");
	x = cJSON_AddObjectToObject(doc, "assumptions");
	json_add_rounded(x, "headroom_pct", r->headroom_pct, 2);
	cJSON_AddStringToObject(x, "replicas", "each replica is sized for the full load");
	cJSON_AddStringToObject(x, "mig_price_share",
				"max(compute slices / 7, memory slices / 8) of one GPU's share "
				"of the VM price");
	cJSON_AddStringToObject(x, "needs", "per replica; memory and tflops include the headroom");
	for (size_t i = 0; i < r->nworkloads; i++)
		if (r->workloads[i].load_plan) {
			cJSON_AddStringToObject(x, "load_plan",
						"a workload described by requests_per_s runs, each hour, the "
						"fewest replicas whose percentile of the Poisson count of "
						"sequences in flight (mean by Little's law) one replica "
						"holds within its SLOs; billed per replica level for the "
						"hours it runs; on whole VMs, not the MIG plan");
			break;
		}
	cJSON_AddStringToObject(x, "mig_plan_totals",
				"workloads whose cheapest option is a MIG slice are packed per "
				"region onto whole VMs (the MIG plan); when it costs less than "
				"their best dedicated options, each is recommended its placement "
				"in the plan and charged its part of it, else they are "
				"recommended those");
	cJSON_AddStringToObject(x, "mig_plan_allocation",
				"the plan's monthly cost is split over its workloads in proportion "
				"to what each would cost alone (its best dedicated option), in "
				"whole cents by largest remainder: no workload pays more than "
				"alone");
	{
		cJSON *fx = cJSON_AddObjectToObject(x, "factors");
		for (size_t i = 0; i < sizing_factor_count(); i++)
			json_add_rounded(fx, sizing_factor_name(i),
					 sizing_factor_value(&r->factors, i), 4);
	}
	cJSON_AddArrayToObject(doc, "workloads");
	if (r->mig.present)
		cJSON_AddItemToObject(doc, "mig_plan", mig_plan_json(r));
	else
		cJSON_AddNullToObject(doc, "mig_plan");
	x = cJSON_AddObjectToObject(doc, "totals");
	if (r->complete)
		json_add_money(x, "monthly_cost", r->monthly_cost);
	else
		cJSON_AddNullToObject(x, "monthly_cost");
	cJSON_AddBoolToObject(x, "complete", r->complete);
	arr = cJSON_AddArrayToObject(x, "unpriced");
	for (size_t i = 0; i < r->nunpriced; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(r->workloads[r->unpriced[i]].name));
	json_add_money(x, "priced_monthly_cost", r->priced_monthly_cost);
	if (r->has_current) {
		json_add_money(x, "current_monthly_cost", r->current_monthly_cost);
		if (r->savings_known)
			json_add_money(x, "savings_monthly", r->savings_monthly);
		else
			cJSON_AddNullToObject(x, "savings_monthly");
	} else {
		cJSON_AddNullToObject(x, "current_monthly_cost");
		cJSON_AddNullToObject(x, "savings_monthly");
	}
	arr = cJSON_AddArrayToObject(x, "current_covers");
	for (size_t i = 0; i < r->nworkloads; i++)
		if (r->workloads[i].has_current && r->workloads[i].current.priced)
			cJSON_AddItemToArray(arr, cJSON_CreateString(r->workloads[i].name));
	cJSON_AddNumberToObject(x, "current_unknown", (double)r->current_unknown);
	cJSON_AddNumberToObject(x, "workloads", (double)r->nworkloads);
	cJSON_AddNumberToObject(x, "infeasible", (double)r->infeasible);
	cJSON_AddBoolToObject(x, "uses_mig_plan", r->mig.used_in_totals);
	arr = cJSON_AddArrayToObject(doc, "warnings");
	for (size_t i = 0; i < r->nwarnings; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(r->warnings[i]));
	return doc;
}

cJSON *recommend_to_json(const struct recommend_result *r, const struct recommend_meta *meta)
{
	cJSON *doc = recommend_header_to_json(r, meta);
	cJSON *arr = cJSON_GetObjectItemCaseSensitive(doc, "workloads");
	for (size_t i = 0; i < r->nworkloads; i++)
		cJSON_AddItemToArray(arr, recommend_workload_to_json(r, i));
	return doc;
}

/* The JSON of one workload, made in the arena recommend_json_print()
 * opened: the previous workload's tree is printed and deleted by now, so its
 * memory is taken back first. */
static cJSON *json_workload_at(size_t i, void *arg)
{
	json_arena_reset();
	return recommend_workload_to_json((const struct recommend_result *)arg, i);
}

int recommend_json_print(FILE *f, const struct recommend_result *r,
			 const struct recommend_meta *m)
{
	cJSON *head = recommend_header_to_json(r, m);
	int rc;

	if (!head)
		return -1;
	json_arena_begin();
	rc = json_print_streamed(f, head, "workloads", r->nworkloads, json_workload_at,
				 (void *)r);
	json_arena_end();
	cJSON_Delete(head);
	return rc;
}
