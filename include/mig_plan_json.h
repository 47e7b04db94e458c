/*
 * mig_plan_json.h - the one JSON writer of a MIG plan's node pool, for
 * `recommend -f json` (mig_plan.node_pools) and `pack -f json`
 * (node_pools): a renderer, it only prints the pool.
 */
#ifndef GPUFIT_MIG_PLAN_JSON_H
#define GPUFIT_MIG_PLAN_JSON_H

#include <cjson/cJSON.h>

#include "mig_plan.h"

/* {name, sku, region, gpu_model, vm_count, gpus_per_vm, mig_profile,
 * aks_gpu_instance_profile, slices, slices_used, hourly_cost (unrounded),
 * monthly_cost}; NULL only when memory runs out. */
cJSON *mig_plan_pool_json(const struct mig_plan_pool *p);

#endif
