/*
 * pack_json.h - the `pack -f json` document (docs/schema/pack.schema.json):
 * the node pools, every GPU's slices, the dedicated replicas, the workloads
 * on whole VMs, the fleet's cost and its MIG part, each region's plan and
 * what could not be placed.  A renderer: it only says what struct pack_plan
 * says.
 */
#ifndef GPUFIT_PACK_JSON_H
#define GPUFIT_PACK_JSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "pack_plan.h"
#include "recommend.h"

/* The document of pl; with_quota: it has "quota_short", the nq short quotas
 * q (--usage files were given).  The caller frees it with cJSON_Delete;
 * NULL when memory runs out. */
cJSON *pack_to_json(const struct pack_plan *pl, int with_quota,
		    const struct recommend_quota_numbers *q, size_t nq);

#endif
