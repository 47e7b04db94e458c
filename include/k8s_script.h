/*
 * k8s_script.h - the `az` commands that create the node pools of a
 * k8s_plan (`gpufit k8s -f sh`): a bash script with `set -euo pipefail`,
 * one `az aks nodepool add` per pool, preceded by `az ppg create` for
 * InfiniBand pools, then per cluster what makes the pools' GPUs schedulable:
 * the NVIDIA device plugin's Helm chart (migStrategy=mixed with a MIG pool)
 * on its NVIDIA pools, a marked by-hand step (the AMD GPU Operator) for its
 * AMD pools.  Pure text building (strbuf); no I/O.
 *
 * Flags (docs/k8s.md has the sources): --node-taints key=value:Effect,
 * --labels key=value ..., --gpu-instance-profile MIGng (A100, H100, H200),
 * --priority Spot --eviction-policy Delete --spot-max-price -1, --ppg with
 * one --zones, --gpu-driver Install on NVIDIA pools and None on AMD pools
 * (the retired --skip-gpu-driver-install is never written).
 */
#ifndef GPUFIT_K8S_SCRIPT_H
#define GPUFIT_K8S_SCRIPT_H

#include "k8s_pool.h"
#include "util.h"

#define K8S_DEFAULT_CLUSTER "myAKSCluster"
#define K8S_DEFAULT_RESOURCE_GROUP "myResourceGroup"

struct k8s_script_options {
	const char *cluster;              /* --cluster; NULL = K8S_DEFAULT_CLUSTER */
	const char *resource_group;       /* --resource-group; NULL = the default */
	const char *profile;              /* the profile's file name, for the header */
	const char *version;              /* gpufit's version, for the header */
	const struct recommend_result *result;  /* the recommendation the plan is of:
					     workload names and currency of the bill
					     comments; NULL: no bill comments */
};

/* 1 when s can be an AKS cluster or resource group name as gpufit writes
 * it: 1-90 of [A-Za-z0-9._()-] (no shell metacharacters). */
int k8s_script_name_ok(const char *s);

/* The `az aks nodepool add` of pool p, one line, with "$RESOURCE_GROUP",
 * "$CLUSTER" (and "$PPG_ID_<name>" for a PPG) as the script defines them. */
void k8s_script_pool_command(const struct k8s_plan *plan, const struct k8s_pool *p,
			     struct strbuf *out);

/* 1 when the pods on pool `pool` (an index into plan->pools) ask for AMD
 * GPUs (amd.com/gpu): the pool gets --gpu-driver None and the AMD GPU
 * Operator instead of the NVIDIA device plugin. */
int k8s_script_pool_amd(const struct k8s_plan *plan, size_t pool);

/* The commands, one a line, that install the NVIDIA device plugin on the
 * NVIDIA pools of each cluster (az aks get-credentials, helm), as the script
 * runs them after the pools; nothing without an NVIDIA pool. */
void k8s_script_setup_commands(const struct k8s_plan *plan, struct strbuf *out);

/* The whole script. */
void k8s_script_build(const struct k8s_plan *plan, const struct k8s_script_options *o,
		      struct strbuf *out);

#endif
