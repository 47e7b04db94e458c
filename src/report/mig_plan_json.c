/*
 * mig_plan_json.c - the JSON of one node pool (mig_plan_json.h).
 */
#include "mig_plan_json.h"

#include "json_out.h"

cJSON *mig_plan_pool_json(const struct mig_plan_pool *p)
{
	cJSON *x = cJSON_CreateObject();
	if (!x)
		return NULL;
	cJSON_AddStringToObject(x, "name", p->name);
	cJSON_AddStringToObject(x, "sku", p->sku);
	cJSON_AddStringToObject(x, "region", p->region);
	cJSON_AddStringToObject(x, "gpu_model", p->gpu_model);
	cJSON_AddNumberToObject(x, "vm_count", p->vm_count);
	cJSON_AddNumberToObject(x, "gpus_per_vm", p->gpus_per_vm);
	json_add_str_or_null(x, "mig_profile", p->mig_profile);
	json_add_str_or_null(x, "aks_gpu_instance_profile", p->aks_profile);
	cJSON_AddNumberToObject(x, "slices", p->slices);
	cJSON_AddNumberToObject(x, "slices_used", p->slices_used);
	cJSON_AddNumberToObject(x, "hourly_cost", p->hourly_cost); /* unrounded */
	json_add_money(x, "monthly_cost", p->monthly_cost);
	return x;
}
