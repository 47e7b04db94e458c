/*
 * pack_json.c - the `pack -f json` document (pack_json.h).
 */
#include "pack_json.h"

#include "bill.h"
#include "gpufit.h"
#include "json_out.h"
#include "mig_plan_json.h"
#include "profile.h"
#include "util.h"

/* "quota_short": the short quotas of the plan (docs/schema/pack.schema.json). */
static void quota_json(cJSON *doc, const struct recommend_quota_numbers *q, size_t n)
{
	cJSON *arr = cJSON_AddArrayToObject(doc, "quota_short");

	for (size_t i = 0; arr && i < n; i++) {
		cJSON *x = cJSON_CreateObject();

		cJSON_AddStringToObject(x, "family", q[i].family);
		cJSON_AddStringToObject(x, "region", q[i].region);
		cJSON_AddNumberToObject(x, "needed_vcpus", (double)q[i].needed_vcpus);
		cJSON_AddNumberToObject(x, "available_vcpus", (double)q[i].available_vcpus);
		cJSON_AddNumberToObject(x, "missing_vcpus", (double)q[i].missing_vcpus);
		cJSON_AddNumberToObject(x, "limit", (double)q[i].limit);
		cJSON_AddItemToArray(arr, x);
	}
}

cJSON *pack_to_json(const struct pack_plan *pl, int with_quota,
		    const struct recommend_quota_numbers *q, size_t nq)
{
	cJSON *doc = cJSON_CreateObject(), *arr;

	if (!doc)
		return NULL;

	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "currency", pl->currency);
	cJSON_AddStringToObject(doc, "pricing", pricing_name(pl->pricing));
	cJSON_AddBoolToObject(doc, "pricing_auto", pl->pricing_auto);
	cJSON_AddStringToObject(doc, "strategy", mig_strategy_name(pl->strategy));
	cJSON_AddNumberToObject(doc, "hours_per_month", pl->hours_per_month);
	/* what every VM of the plan is billed for: monthly_cost = hourly_cost x
	 * hours_billed, rounded to the cent (730 under a commitment) */
	cJSON_AddNumberToObject(doc, "hours_billed", bill_hours(pl->pricing, pl->hours_per_month));
	cJSON_AddNumberToObject(doc, "headroom_pct", pl->headroom_pct);
	arr = cJSON_AddArrayToObject(doc, "node_pools");
	for (size_t i = 0; i < pl->npools; i++) {
		cJSON_AddItemToArray(arr, mig_plan_pool_json(&pl->pools[i]));
	}
	arr = cJSON_AddArrayToObject(doc, "gpus");
	for (size_t i = 0; i < pl->ngpus; i++) {
		const struct mig_plan_gpu *g = &pl->gpus[i];
		cJSON *o = cJSON_CreateObject(), *sl;
		cJSON_AddStringToObject(o, "pool", pl->pools[g->pool].name);
		cJSON_AddNumberToObject(o, "vm", g->vm);
		cJSON_AddNumberToObject(o, "gpu", g->gpu);
		cJSON_AddStringToObject(o, "gpu_model", pl->pools[g->pool].gpu_model);
		sl = cJSON_AddArrayToObject(o, "slices");
		for (int k = 0; k < g->nslices; k++) {
			const struct mig_plan_slice *s = &g->slices[k];
			cJSON *so = cJSON_CreateObject();
			cJSON_AddStringToObject(so, "profile", s->profile);
			cJSON_AddNumberToObject(so, "start", s->start);
			if (s->workload >= 0) {
				cJSON_AddStringToObject(so, "workload", pl->workloads[s->workload].name);
				cJSON_AddNumberToObject(so, "replica", s->replica);
			} else {
				cJSON_AddNullToObject(so, "workload");
				cJSON_AddNullToObject(so, "replica");
			}
			cJSON_AddItemToArray(sl, so);
		}
		cJSON_AddNumberToObject(o, "memory_slots_used", g->memory_slots_used);
		cJSON_AddNumberToObject(o, "compute_slices_used", g->compute_slices_used);
		cJSON_AddItemToArray(arr, o);
	}
	arr = cJSON_AddArrayToObject(doc, "dedicated");
	for (size_t i = 0; i < pl->ndedicated; i++) {
		const struct pack_dedicated *d = &pl->dedicated[i];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "workload", pl->workloads[d->workload].name);
		cJSON_AddNumberToObject(o, "replica", d->replica);
		cJSON_AddStringToObject(o, "sku", d->sku);
		cJSON_AddStringToObject(o, "region", d->region);
		json_add_rounded(o, "hourly_cost", d->hourly, 6);
		json_add_money(o, "monthly_cost", d->monthly);
		cJSON_AddItemToArray(arr, o);
	}
	arr = cJSON_AddArrayToObject(doc, "vms");
	for (size_t i = 0; i < pl->nvms; i++) {
		const struct pack_vm *v = &pl->vms[i];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "workload", pl->workloads[v->workload].name);
		cJSON_AddStringToObject(o, "type", profile_type_name(pl->workloads[v->workload].type));
		cJSON_AddNumberToObject(o, "replicas", (double)pl->workloads[v->workload].replicas);
		cJSON_AddStringToObject(o, "sku", v->sku);
		cJSON_AddStringToObject(o, "region", v->region);
		cJSON_AddNumberToObject(o, "vm_count", v->vm_count);
		cJSON_AddNumberToObject(o, "gpu_count", v->gpu_count);
		/* null when an autoscaled workload's replica levels bill under
		 * several terms (autoscale.terms names them), as recommend's */
		if (v->several_terms)
			cJSON_AddNullToObject(o, "pricing");
		else
			cJSON_AddStringToObject(o, "pricing", pricing_name(v->pricing));
		json_add_rounded(o, "hourly_cost", v->hourly, 6);
		json_add_rounded(o, "hours_billed", v->hours_billed, 4);
		json_add_money(o, "monthly_cost", v->monthly);
		if (v->autoscaled) {
			cJSON *a = cJSON_AddObjectToObject(o, "autoscale");

			cJSON_AddNumberToObject(a, "min_replicas", v->min_replicas);
			cJSON_AddNumberToObject(a, "max_replicas", v->max_replicas);
			cJSON_AddNumberToObject(a, "trough_replicas", v->trough_replicas);
			cJSON_AddNumberToObject(a, "peak_replicas", v->peak_replicas);
			cJSON_AddStringToObject(a, "terms", v->terms);
		}
		cJSON_AddItemToArray(arr, o);
	}
	if (pl->nunplaced) /* unknown, never 0: some replica has no price */
		cJSON_AddNullToObject(doc, "monthly_cost");
	else
		json_add_money(doc, "monthly_cost", pl->monthly);
	cJSON_AddBoolToObject(doc, "complete", pl->nunplaced == 0);
	json_add_money(doc, "placed_monthly_cost", pl->monthly);
	/* the MIG part: the regions whose plan the fleet uses (null: none) */
	if (pack_plan_used_regions(pl)) {
		json_add_money(doc, "mig_monthly_cost", pl->mig_monthly);
		json_add_money(doc, "mig_dedicated_monthly_cost", pl->mig_dedicated_monthly);
		json_add_money(doc, "mig_savings_monthly", pack_plan_mig_savings(pl));
		json_add_money(doc, "lower_bound_monthly_cost", pl->lower_bound_monthly);
		cJSON_AddBoolToObject(doc, "optimal", pl->exact);
		cJSON_AddBoolToObject(doc, "proven_optimal", pl->exact);
	} else {
		cJSON_AddNullToObject(doc, "mig_monthly_cost");
		cJSON_AddNullToObject(doc, "mig_dedicated_monthly_cost");
		cJSON_AddNullToObject(doc, "mig_savings_monthly");
		cJSON_AddNullToObject(doc, "lower_bound_monthly_cost");
		cJSON_AddNullToObject(doc, "optimal");
		cJSON_AddNullToObject(doc, "proven_optimal");
	}
	arr = cJSON_AddArrayToObject(doc, "mig_regions");
	for (size_t r = 0; r < pl->nregions; r++) {
		const struct pack_region *g = &pl->regions[r];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "region", g->region);
		cJSON_AddBoolToObject(o, "used", g->used);
		cJSON_AddBoolToObject(o, "priced", g->priced);
		cJSON_AddNumberToObject(o, "workloads", (double)g->nworkloads);
		if (g->priced) {
			json_add_money(o, "monthly_cost", g->monthly);
			json_add_money(o, "lower_bound_monthly_cost", g->lower_bound_monthly);
		} else {
			cJSON_AddNullToObject(o, "monthly_cost");
			cJSON_AddNullToObject(o, "lower_bound_monthly_cost");
		}
		json_add_money(o, "dedicated_monthly_cost", g->dedicated_monthly);
		cJSON_AddBoolToObject(o, "proven_optimal", g->proven_optimal);
		cJSON_AddItemToArray(arr, o);
	}
	arr = cJSON_AddArrayToObject(doc, "unplaced");
	for (size_t i = 0; i < pl->nunplaced; i++) {
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "workload", pl->workloads[pl->unplaced[i].workload].name);
		cJSON_AddNumberToObject(o, "replica", pl->unplaced[i].replica);
		cJSON_AddStringToObject(o, "reason", pl->unplaced[i].reason);
		cJSON_AddItemToArray(arr, o);
	}
	if (with_quota)
		quota_json(doc, q, nq);
	return doc;
}
