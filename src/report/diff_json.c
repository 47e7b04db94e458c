/*
 * diff_json.c - the `diff -f json` document (diff_json.h).
 */
#include "diff_json.h"

#include "gpufit.h"
#include "json_out.h"

/* A row's delta is known when no side it has lacks a cost (an infeasible
 * workload's cost is unknown, never 0). */
int diff_row_known(const struct costdiff_row *r)
{
	return (!r->base || r->base->feasible) && (!r->head || r->head->feasible);
}

static cJSON *item_json(const struct cost_item *it)
{
	if (!it)
		return cJSON_CreateNull();
	cJSON *o = cJSON_CreateObject();
	cJSON_AddBoolToObject(o, "feasible", it->feasible);
	if (it->feasible) {
		cJSON_AddStringToObject(o, "sku", it->sku);
		cJSON_AddStringToObject(o, "region", it->region);
		cJSON_AddStringToObject(o, "placement", it->placement);
		json_add_str_or_null(o, "mig_profile", it->mig_profile);
		cJSON_AddNumberToObject(o, "vm_count", it->vm_count);
		cJSON_AddNumberToObject(o, "gpu_count", it->gpu_count);
		json_add_money(o, "monthly_cost", it->monthly_cost);
		/* a MIG plan's split: its replicas on dedicated GPUs (or on slices) */
		json_add_str_or_null(o, "split", it->split[0] ? it->split + 3 : NULL);
	} else {
		cJSON_AddNullToObject(o, "sku");
		cJSON_AddNullToObject(o, "monthly_cost");
	}
	json_add_str_or_null(o, "data_findings", it->findings); /* null: none */
	return o;
}

static void add_pct(cJSON *o, const char *key, int has, double pct)
{
	if (has)
		json_add_rounded(o, key, pct, 2);
	else
		cJSON_AddNullToObject(o, key);
}

/* {"file": FILE, "monthly_cost": N} under key; the cost null when the
 * side's total is not complete. */
static void add_side(cJSON *doc, const char *key, const char *file, int complete,
		     double monthly)
{
	cJSON *o = cJSON_AddObjectToObject(doc, key);
	cJSON_AddStringToObject(o, "file", file);
	if (complete)
		json_add_money(o, "monthly_cost", monthly);
	else
		cJSON_AddNullToObject(o, "monthly_cost");
}

int diff_json_print(FILE *out, const struct costdiff *d, const char *cur, const char *bfile,
		    const char *hfile)
{
	cJSON *doc = cJSON_CreateObject();
	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "currency", cur);
	add_side(doc, "base", bfile, d->base_complete, d->base_monthly);
	add_side(doc, "head", hfile, d->head_complete, d->head_monthly);
	if (d->base_complete && d->head_complete) {
		json_add_money(doc, "delta_monthly", d->delta_monthly);
		add_pct(doc, "delta_pct", d->has_delta_pct, d->delta_pct);
	} else {
		cJSON_AddNullToObject(doc, "delta_monthly");
		cJSON_AddNullToObject(doc, "delta_pct");
	}
	cJSON *s = cJSON_AddObjectToObject(doc, "summary");
	cJSON_AddNumberToObject(s, "added", (double)d->added);
	cJSON_AddNumberToObject(s, "removed", (double)d->removed);
	cJSON_AddNumberToObject(s, "changed", (double)d->changed);
	cJSON_AddNumberToObject(s, "unchanged", (double)d->unchanged);
	cJSON *ws = cJSON_AddArrayToObject(doc, "workloads");
	for (size_t i = 0; i < d->nrows; i++) {
		const struct costdiff_row *r = &d->rows[i];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "name", r->name);
		cJSON_AddStringToObject(o, "status", costdiff_status_name(r->status));
		const char *names[8];
		size_t n = costdiff_change_names(r->changes, names, 8);
		cJSON *ch = cJSON_AddArrayToObject(o, "changes");
		for (size_t k = 0; k < n; k++)
			cJSON_AddItemToArray(ch, cJSON_CreateString(names[k]));
		cJSON_AddItemToObject(o, "base", item_json(r->base));
		cJSON_AddItemToObject(o, "head", item_json(r->head));
		if (diff_row_known(r)) {
			json_add_money(o, "delta_monthly", r->delta_monthly);
			add_pct(o, "delta_pct", r->has_delta_pct, r->delta_pct);
		} else {
			cJSON_AddNullToObject(o, "delta_monthly");
			cJSON_AddNullToObject(o, "delta_pct");
		}
		cJSON_AddItemToArray(ws, o);
	}
	int rc = json_print(out, doc);
	cJSON_Delete(doc);
	return rc;
}
