/*
 * k8s_json.h - the `gpufit k8s -f json` document (docs/schema/k8s.schema.json):
 * the node pools with their bills and az commands, the pools' monthly cost,
 * the setup commands after the pools, the manifests and the workloads
 * skipped.
 */
#ifndef GPUFIT_K8S_JSON_H
#define GPUFIT_K8S_JSON_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "k8s_pool.h"
#include "recommend.h"

/* Prints the document of plan (built from res) with the manifests docs
 * (k8s_manifests_build(), taken over and freed) to f: 0 ok, -1 when memory
 * runs out. */
int k8s_json_print(FILE *f, const struct recommend_result *res, const struct k8s_plan *plan,
		   cJSON *docs);

#endif
