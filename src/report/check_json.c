/*
 * check_json.c - the `check -f json` document (check_json.h).
 */
#include "check_json.h"

#include <string.h>

#include "gpufit.h"
#include "json_out.h"
#include "util.h"

static cJSON *gate_json(const struct costdiff_gate *g)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "name", g->name);
	cJSON_AddStringToObject(o, "source", g->source);
	if (strcmp(g->name, "max_monthly") == 0 || strcmp(g->name, "max_increase") == 0) {
		json_add_money(o, "limit", g->limit);
		if (g->has_actual)
			json_add_money(o, "actual", g->actual);
		else
			cJSON_AddNullToObject(o, "actual");
	} else {
		json_add_rounded(o, "limit", g->limit, 2);
		if (g->has_actual)
			json_add_rounded(o, "actual", g->actual, 2);
		else
			cJSON_AddNullToObject(o, "actual");
	}
	cJSON_AddBoolToObject(o, "passed", g->passed);
	cJSON_AddStringToObject(o, "message", g->message);
	return o;
}

cJSON *check_json_doc(const struct check_report *r)
{
	cJSON *doc = cJSON_CreateObject();
	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "profile", r->profile);
	cJSON_AddStringToObject(doc, "currency", r->head.currency);
	cJSON_AddBoolToObject(doc, "passed", r->passed);
	cJSON *gs = cJSON_AddArrayToObject(doc, "gates");
	for (size_t i = 0; i < r->ngates; i++)
		cJSON_AddItemToArray(gs, gate_json(&r->gates[i]));
	cJSON *t = cJSON_AddObjectToObject(doc, "totals");
	if (r->head.complete)
		json_add_money(t, "monthly_cost", r->head.monthly_cost);
	else
		cJSON_AddNullToObject(t, "monthly_cost");
	cJSON_AddBoolToObject(t, "complete", r->head.complete);
	cJSON_AddNumberToObject(t, "unpriced_workloads", (double)r->head.unpriced);
	size_t infeasible = 0;
	for (size_t i = 0; i < r->head.nitems; i++)
		infeasible += !r->head.items[i].feasible;
	cJSON_AddNumberToObject(t, "infeasible_workloads", (double)infeasible);
	if (r->baseline_file) {
		cJSON *b = cJSON_AddObjectToObject(doc, "baseline");
		cJSON_AddStringToObject(b, "file", r->baseline_file);
		if (r->base.complete)
			json_add_money(b, "monthly_cost", r->diff.base_monthly);
		else
			cJSON_AddNullToObject(b, "monthly_cost");
		if (r->base.complete && r->head.complete)
			json_add_money(b, "delta_monthly", r->diff.delta_monthly);
		else
			cJSON_AddNullToObject(b, "delta_monthly");
		if (r->diff.has_delta_pct && r->base.complete && r->head.complete)
			json_add_rounded(b, "delta_pct", r->diff.delta_pct, 2);
		else
			cJSON_AddNullToObject(b, "delta_pct");
	} else {
		cJSON_AddNullToObject(doc, "baseline");
	}
	cJSON *c = cJSON_AddObjectToObject(doc, "catalog");
	cJSON_AddStringToObject(c, "source", r->source);
	json_add_str_or_null(c, "fetched_at", r->fetched_at);
	if (r->age_days >= 0)
		cJSON_AddNumberToObject(c, "age_days", (double)r->age_days);
	else
		cJSON_AddNullToObject(c, "age_days");
	cJSON *pu = cJSON_AddArrayToObject(c, "prices_used");
	for (size_t i = 0; i < r->nages; i++) {
		const struct recommend_price_age *a = &r->ages[i];
		cJSON *o = cJSON_CreateObject();
		long d = util_age_days(a->oldest);

		cJSON_AddStringToObject(o, "region", a->region);
		cJSON_AddStringToObject(o, "pricing", pricing_name(a->pricing));
		cJSON_AddNumberToObject(o, "sizes", (double)a->nused);
		json_add_str_or_null(o, "oldest_observed", a->oldest);
		json_add_str_or_null(o, "oldest_sku", a->oldest_sku);
		if (d >= 0)
			cJSON_AddNumberToObject(o, "age_days", (double)d);
		else
			cJSON_AddNullToObject(o, "age_days");
		cJSON_AddNumberToObject(o, "undated", (double)a->nundated);
		cJSON_AddItemToArray(pu, o);
	}
	cJSON *ws = cJSON_AddArrayToObject(doc, "workloads");
	for (size_t i = 0; i < r->head.nitems; i++) {
		const struct cost_item *h = &r->head.items[i];
		const struct cost_item *b = check_base_item(r, h->name);
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "name", h->name);
		json_add_str_or_null(o, "sku", h->feasible ? h->sku : NULL);
		if (h->feasible)
			json_add_money(o, "monthly_cost", h->monthly_cost);
		else
			cJSON_AddNullToObject(o, "monthly_cost");
		if (b && b->feasible)
			json_add_money(o, "baseline_monthly_cost", b->monthly_cost);
		else
			cJSON_AddNullToObject(o, "baseline_monthly_cost");
		cJSON_AddItemToArray(ws, o);
	}
	cJSON *wa = cJSON_AddArrayToObject(doc, "warnings");
	for (size_t i = 0; i < r->nwarnings; i++)
		cJSON_AddItemToArray(wa, cJSON_CreateString(r->warnings[i]));
	return doc;
}

int check_json_print(FILE *out, const struct check_report *r)
{
	cJSON *doc = check_json_doc(r);
	int rc = json_print(out, doc);
	cJSON_Delete(doc);
	return rc;
}
