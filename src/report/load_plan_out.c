/*
 * load_plan_out.c - a load plan in JSON, text and SVG (load_plan_out.h).
 */
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "json_out.h"
#include "load_plan_out.h"

static cJSON *hours_array(const int *n)
{
	cJSON *a = cJSON_CreateArray();

	for (int h = 0; h < RECOMMEND_HOURS_A_DAY; h++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber((double)n[h]));
	return a;
}

cJSON *load_plan_to_json(const struct recommend_load_plan *lp)
{
	cJSON *o = cJSON_CreateObject(), *arr;

	if (lp->curves == 2) {
		cJSON *x = cJSON_AddObjectToObject(o, "replicas_by_hour");

		cJSON_AddItemToObject(x, "weekday", hours_array(lp->replicas_by_hour[0]));
		cJSON_AddItemToObject(x, "weekend", hours_array(lp->replicas_by_hour[1]));
	} else {
		cJSON_AddItemToObject(o, "replicas_by_hour", hours_array(lp->replicas_by_hour[0]));
	}
	json_add_rounded(o, "in_flight_per_replica_at_peak", lp->in_flight_per_replica_at_peak, 2);
	json_add_money(o, "monthly_cost", lp->monthly_cost);
	json_add_money(o, "peak_sized_monthly_cost", lp->peak_sized_monthly_cost);
	json_add_money(o, "savings_monthly", lp->peak_sized_monthly_cost - lp->monthly_cost);
	cJSON_AddNumberToObject(o, "peak_requests_per_s", lp->peak_requests_per_s);
	cJSON_AddNumberToObject(o, "peak_replicas", lp->peak_replicas);
	cJSON_AddNumberToObject(o, "trough_replicas", lp->trough_replicas);
	cJSON_AddNumberToObject(o, "min_replicas", lp->min_replicas);
	cJSON_AddNumberToObject(o, "max_replicas", lp->max_replicas);
	cJSON_AddNumberToObject(o, "capped_hours", lp->capped_hours);
	cJSON_AddNumberToObject(o, "warm_hours", lp->warm_hours);
	json_add_rounded(o, "replica_hours_per_month", lp->replica_hours_per_month, 2);
	arr = cJSON_AddArrayToObject(o, "bills");
	for (size_t i = 0; i < lp->nbills; i++) {
		const struct recommend_load_bill *b = &lp->bills[i];
		cJSON *x = cJSON_CreateObject();

		cJSON_AddNumberToObject(x, "replicas", b->replicas);
		cJSON_AddNumberToObject(x, "vms", b->vms);
		cJSON_AddStringToObject(x, "term", pricing_name(b->term));
		json_add_rounded(x, "hours_per_month", b->hours_per_month, 2);
		json_add_money(x, "monthly_cost", b->monthly_cost);
		cJSON_AddItemToArray(arr, x);
	}
	return o;
}
