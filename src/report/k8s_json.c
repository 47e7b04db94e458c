/*
 * k8s_json.c - `gpufit k8s -f json` (k8s_json.h).
 */
#include "k8s_json.h"

#include <stdlib.h>
#include <string.h>

#include "json_out.h"
#include "k8s_script.h"
#include "util.h"

/* A pool's bill: what its lines share (null where they differ), its VMs
 * billed and its monthly cost (the sum of its lines, each bill_monthly()),
 * then the lines. */
static void pool_bill_json(cJSON *o, const struct recommend_result *r, const struct k8s_pool *p)
{
	cJSON *a;
	double hourly, vms, hb;
	int pricing;

	k8s_pool_bill_summary(p, &pricing, &hourly, &vms, &hb);
	if (pricing >= 0)
		cJSON_AddStringToObject(o, "pricing", pricing_name((enum pricing_kind)pricing));
	else
		cJSON_AddNullToObject(o, "pricing");
	if (hourly > 0)
		cJSON_AddNumberToObject(o, "hourly_cost", hourly); /* one VM, unrounded */
	else
		cJSON_AddNullToObject(o, "hourly_cost");
	cJSON_AddNumberToObject(o, "vm_count", vms);
	if (hb >= 0)
		cJSON_AddNumberToObject(o, "hours_billed", hb); /* unrounded */
	else
		cJSON_AddNullToObject(o, "hours_billed");
	json_add_money(o, "monthly_cost", p->monthly_cost);
	a = cJSON_AddArrayToObject(o, "bills");
	for (size_t k = 0; k < p->nbills; k++) {
		const struct k8s_bill *l = &p->bills[k];
		cJSON *x = cJSON_CreateObject(), *ws;

		cJSON_AddItemToArray(a, x);
		ws = cJSON_AddArrayToObject(x, "workloads");
		if (l->workload == K8S_BILL_SHARED) {
			for (size_t w = 0; w < p->nworkloads; w++)
				cJSON_AddItemToArray(ws, cJSON_CreateString(
								 r->workloads[p->workloads[w]].name));
		} else {
			cJSON_AddItemToArray(ws, cJSON_CreateString(r->workloads[l->workload].name));
		}
		cJSON_AddStringToObject(x, "pricing", pricing_name(l->pricing));
		cJSON_AddNumberToObject(x, "hourly_cost", l->hourly);
		cJSON_AddNumberToObject(x, "vm_count", l->vms);
		cJSON_AddNumberToObject(x, "hours_billed", l->hours_billed);
		json_add_money(x, "monthly_cost", l->monthly);
	}
}

static cJSON *pools_json(const struct recommend_result *r, const struct k8s_plan *plan)
{
	cJSON *arr = cJSON_CreateArray();
	for (size_t i = 0; i < plan->npools; i++) {
		const struct k8s_pool *p = &plan->pools[i];
		cJSON *o = cJSON_CreateObject(), *a, *l;
		struct strbuf cmd = STRBUF_INIT;
		cJSON_AddItemToArray(arr, o);
		cJSON_AddStringToObject(o, "name", p->name);
		cJSON_AddStringToObject(o, "sku", p->sku);
		cJSON_AddStringToObject(o, "region", p->region);
		cJSON_AddNumberToObject(o, "count", (double)p->count);
		cJSON_AddNumberToObject(o, "min_count", (double)p->min_count);
		cJSON_AddNumberToObject(o, "max_count", (double)p->max_count);
		cJSON_AddBoolToObject(o, "autoscale", p->min_count < p->max_count);
		if (p->scaled_max > 0) {
			/* the nodes of its workloads autoscaled on their traffic
			 * (load plans), within min_count and max_count */
			cJSON *an = cJSON_AddObjectToObject(o, "autoscaled_nodes");

			cJSON_AddNumberToObject(an, "min_count", (double)p->scaled_min);
			cJSON_AddNumberToObject(an, "max_count", (double)p->scaled_max);
		} else {
			cJSON_AddNullToObject(o, "autoscaled_nodes");
		}
		a = cJSON_AddArrayToObject(o, "taints");
		for (size_t k = 0; k < p->ntaints; k++) {
			cJSON *t = cJSON_CreateObject();
			cJSON_AddStringToObject(t, "key", p->taints[k].key);
			cJSON_AddStringToObject(t, "value", p->taints[k].value);
			cJSON_AddStringToObject(t, "effect", p->taints[k].effect);
			cJSON_AddItemToArray(a, t);
		}
		l = cJSON_AddObjectToObject(o, "labels");
		for (size_t k = 0; k < p->nlabels; k++)
			if (p->labels[k].value[0])
				cJSON_AddStringToObject(l, p->labels[k].key, p->labels[k].value);
		json_add_str_or_null(o, "gpu_instance_profile", p->gpu_instance_profile);
		json_add_str_or_null(o, "mig_profile", p->mig_profile);
		cJSON_AddStringToObject(o, "priority", k8s_priority_name(p->priority));
		cJSON_AddBoolToObject(o, "infiniband", p->infiniband);
		json_add_str_or_null(o, "ppg", p->ppg);
		a = cJSON_AddArrayToObject(o, "zones");
		if (p->zones[0])
			cJSON_AddItemToArray(a, cJSON_CreateString(p->zones));
		a = cJSON_AddArrayToObject(o, "workloads");
		for (size_t k = 0; k < p->nworkloads; k++)
			cJSON_AddItemToArray(a, cJSON_CreateString(r->workloads[p->workloads[k]].name));
		/* what advertises the pool's GPUs: the script installs the NVIDIA
		 * device plugin (setup_commands); the AMD GPU Operator is by hand */
		cJSON_AddStringToObject(o, "device_plugin", k8s_script_pool_amd(plan, i) ?
					"amd-gpu-operator" : "nvidia-device-plugin");
		pool_bill_json(o, r, p);
		k8s_script_pool_command(plan, p, &cmd);
		cJSON_AddStringToObject(o, "command", strbuf_str(&cmd));
		strbuf_release(&cmd);
	}
	return arr;
}

/* The script's commands after the pools, one string each. */
static cJSON *setup_json(const struct k8s_plan *plan)
{
	cJSON *arr = cJSON_CreateArray();
	struct strbuf cmds = STRBUF_INIT;

	k8s_script_setup_commands(plan, &cmds);
	for (const char *s = strbuf_str(&cmds); *s;) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		char *line = xmalloc(n + 1);

		memcpy(line, s, n);
		line[n] = '\0';
		cJSON_AddItemToArray(arr, cJSON_CreateString(line));
		free(line);
		s += n + (e != NULL);
	}
	strbuf_release(&cmds);
	return arr;
}

static cJSON *skipped_json(const struct recommend_result *r, const struct k8s_plan *plan)
{
	cJSON *arr = cJSON_CreateArray();
	for (size_t i = 0; i < plan->nskipped; i++) {
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "workload", r->workloads[plan->skipped[i].workload].name);
		cJSON_AddStringToObject(o, "reason", plan->skipped[i].reason);
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

int k8s_json_print(FILE *f, const struct recommend_result *res, const struct k8s_plan *plan,
		   cJSON *docs)
{
	cJSON *root = cJSON_CreateObject();
	int rc;

	cJSON_AddNumberToObject(root, "schema_version", 1);
	cJSON_AddItemToObject(root, "node_pools", pools_json(res, plan));
	/* the pools' bills summed: recommend's fleet total when nothing is
	 * skipped (docs/k8s.md) */
	cJSON_AddStringToObject(root, "currency", res->currency);
	json_add_money(root, "monthly_cost", plan->monthly_cost);
	cJSON_AddItemToObject(root, "setup_commands", setup_json(plan));
	cJSON_AddItemToObject(root, "manifests", docs);
	cJSON_AddItemToObject(root, "skipped", skipped_json(res, plan));
	rc = json_print(f, root);
	cJSON_Delete(root);
	return rc;
}
