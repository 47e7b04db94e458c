/*
 * k8s_script.c - the az commands of the node pools (k8s_script.h), and what
 * the pools need before their pods can be scheduled: a device plugin that
 * advertises the GPU resources the manifests ask for.
 *
 * Facts (docs/k8s.md has the sources): AKS installs the NVIDIA driver on an
 * NVIDIA pool (--gpu-driver Install) but no device plugin (AKS "Use GPUs");
 * the NVIDIA device plugin advertises MIG slices as nvidia.com/mig-<profile>
 * only under its "mixed" strategy (default "none": no slices; "single":
 * slices as nvidia.com/gpu), and its Helm chart tolerates only the
 * nvidia.com/gpu taint and selects nodes by NFD labels, so both are set to
 * the pools.  AKS manages neither driver nor device plugin on an AMD pool,
 * which it requires to be created with --gpu-driver None; the AMD GPU
 * Operator installs both (AKS "Use AMD GPUs").
 */
#include <ctype.h>
#include <math.h>
#include <string.h>

#include "k8s_script.h"

#include "escape.h"

/* The chart version AKS's MIG article installs (AKS "gpu-multi-instance"). */
#define NVDP_CHART_VERSION "0.17.0"
#define NVDP_REPO "https://nvidia.github.io/k8s-device-plugin"

int k8s_script_name_ok(const char *s)
{
	size_t n = strlen(s);
	if (n < 1 || n > 90)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("._()-", *s))
			return 0;
	return 1;
}

/* Each AKS cluster lives in one region: with pools in several regions, the
 * script has one cluster per region, "$CLUSTER-<region>". */
static int multi_region(const struct k8s_plan *plan)
{
	for (size_t i = 1; i < plan->npools; i++)
		if (strcmp(plan->pools[i].region, plan->pools[0].region) != 0)
			return 1;
	return 0;
}

int k8s_script_pool_amd(const struct k8s_plan *plan, size_t pool)
{
	for (size_t i = 0; i < plan->nplacements; i++)
		if (plan->placements[i].pool == pool)
			return strncmp(plan->placements[i].resource, "amd.com/", 8) == 0;
	return 0;
}

/* The cluster of region as the script names it. */
static void add_cluster_name(struct strbuf *out, const struct k8s_plan *plan, const char *region)
{
	if (multi_region(plan))
	{
		strbuf_addstr(out, "\"$CLUSTER-\"");
		esc_shell(out, region);   /* the catalog's: one word whatever it holds */
	}
	else
		strbuf_addstr(out, "\"$CLUSTER\"");
}

/* " FLAG <the cluster of region>" */
static void add_cluster(struct strbuf *out, const struct k8s_plan *plan, const char *flag,
			const char *region)
{
	strbuf_addf(out, " %s ", flag);
	add_cluster_name(out, plan, region);
}

void k8s_script_pool_command(const struct k8s_plan *plan, const struct k8s_pool *p,
			     struct strbuf *out)
{
	strbuf_addstr(out, "az aks nodepool add --resource-group \"$RESOURCE_GROUP\"");
	add_cluster(out, plan, "--cluster-name", p->region);
	/* sizes, regions and profiles are the catalog's: each one shell word */
	strbuf_addf(out, " --name %s --mode User --node-vm-size ", p->name);
	esc_shell(out, p->sku);
	strbuf_addf(out, " --node-count %ld", p->count);
	if (p->min_count < p->max_count)
		strbuf_addf(out, " --enable-cluster-autoscaler --min-count %ld --max-count %ld",
			    p->min_count, p->max_count);
	if (p->ntaints) {
		strbuf_addstr(out, " --node-taints ");
		for (size_t i = 0; i < p->ntaints; i++)
			strbuf_addf(out, "%s%s=%s:%s", i ? "," : "", p->taints[i].key,
				    p->taints[i].value, p->taints[i].effect);
	}
	if (p->nlabels) {
		strbuf_addstr(out, " --labels");
		for (size_t i = 0; i < p->nlabels; i++)
			if (p->labels[i].value[0])
				strbuf_addf(out, " %s=%s", p->labels[i].key, p->labels[i].value);
	}
	if (p->gpu_instance_profile[0])
	{
		strbuf_addstr(out, " --gpu-instance-profile ");
		esc_shell(out, p->gpu_instance_profile);
	}
	if (p->priority == K8S_PRIORITY_SPOT)
		strbuf_addstr(out, " --priority Spot --eviction-policy Delete --spot-max-price -1");
	if (p->ppg[0])
		strbuf_addf(out, " --ppg \"$PPG_ID_%s\"", p->name);
	if (p->zones[0])
	{
		strbuf_addstr(out, " --zones ");
		esc_shell(out, p->zones);
	}
	strbuf_addf(out, " --gpu-driver %s",
		    k8s_script_pool_amd(plan, (size_t)(p - plan->pools)) ? "None" : "Install");
}

/* The line broken before each " --" into a readable continued command. */
static void add_wrapped(struct strbuf *out, const char *line)
{
	for (const char *s = line; *s; s++) {
		if (s != line && s[0] == ' ' && s[1] == '-' && s[2] == '-' &&
		    strncmp(s, " --min-count", 12) != 0 && strncmp(s, " --max-count", 12) != 0 &&
		    strncmp(s, " --eviction-policy", 18) != 0 &&
		    strncmp(s, " --spot-max-price", 17) != 0 && strncmp(s, " --cluster-name", 15) != 0 &&
		    strncmp(s, " --create-namespace", 19) != 0 && strncmp(s, " --install", 10) != 0) {
			strbuf_addstr(out, " \\\n  ");
			continue;
		}
		strbuf_add(out, s, 1);
	}
	strbuf_addstr(out, "\n");
}

/* 1 when pool i is the first of its region (regions in order of first pool). */
static int first_of_region(const struct k8s_plan *plan, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (strcmp(plan->pools[k].region, plan->pools[i].region) == 0)
			return 0;
	return 1;
}

/* The pools of region (amd: the AMD ones, else the NVIDIA ones) as " a b",
 * and whether one of them is a MIG pool or a spot pool. */
static size_t region_pools(const struct k8s_plan *plan, const char *region, int amd,
			   struct strbuf *names, int *mig, int *spot)
{
	size_t n = 0;
	*mig = *spot = 0;
	for (size_t i = 0; i < plan->npools; i++) {
		const struct k8s_pool *p = &plan->pools[i];
		if (strcmp(p->region, region) != 0 || k8s_script_pool_amd(plan, i) != amd)
			continue;
		strbuf_addf(names, " %s", p->name);
		*mig |= p->mig_profile[0] != '\0';
		*spot |= p->priority == K8S_PRIORITY_SPOT;
		n++;
	}
	return n;
}

/* The device plugin's tolerations as the chart's JSON value: every taint of
 * the region's NVIDIA pools once, and AKS's spot taint with a spot pool. */
static void add_tolerations(struct strbuf *out, const struct k8s_plan *plan, const char *region,
			    int spot)
{
	int any = 0;
	strbuf_addstr(out, "[");
	for (size_t i = 0; i < plan->npools; i++) {
		const struct k8s_pool *p = &plan->pools[i];
		if (strcmp(p->region, region) != 0 || k8s_script_pool_amd(plan, i))
			continue;
		for (size_t t = 0; t < p->ntaints; t++) {
			int seen = 0;
			for (size_t k = 0; k < i && !seen; k++) {
				const struct k8s_pool *q = &plan->pools[k];
				if (strcmp(q->region, region) != 0 || k8s_script_pool_amd(plan, k))
					continue;
				for (size_t u = 0; u < q->ntaints && !seen; u++)
					seen = k8s_taint_equal(&q->taints[u], &p->taints[t]);
			}
			for (size_t u = 0; u < t && !seen; u++)
				seen = k8s_taint_equal(&p->taints[u], &p->taints[t]);
			if (seen)
				continue;
			strbuf_addf(out, "%s{\"key\":\"%s\",\"operator\":\"Equal\",\"value\":\"%s\","
					 "\"effect\":\"%s\"}",
				    any ? "," : "", p->taints[t].key, p->taints[t].value,
				    p->taints[t].effect);
			any = 1;
		}
	}
	if (spot)
		strbuf_addf(out, "%s{\"key\":\"%s\",\"operator\":\"Equal\",\"value\":\"%s\","
				 "\"effect\":\"%s\"}",
			    any ? "," : "", K8S_SPOT_TAINT_KEY, K8S_SPOT_TAINT_VALUE,
			    K8S_SPOT_TAINT_EFFECT);
	strbuf_addstr(out, "]");
}

/* The commands, one a line, that install the NVIDIA device plugin on the
 * NVIDIA pools of one region's cluster; nothing when it has none. */
static void nvidia_commands(const struct k8s_plan *plan, const char *region, struct strbuf *out)
{
	struct strbuf names = STRBUF_INIT;
	int mig, spot;

	if (region_pools(plan, region, 0, &names, &mig, &spot)) {
		const char *s = strbuf_str(&names) + 1;

		strbuf_addstr(out, "az aks get-credentials --resource-group \"$RESOURCE_GROUP\"");
		add_cluster(out, plan, "--name", region);
		strbuf_addstr(out, " --overwrite-existing\n");
		strbuf_addstr(out, "helm repo add nvdp " NVDP_REPO " --force-update\n");
		strbuf_addstr(out, "helm upgrade --install nvdp nvdp/nvidia-device-plugin --namespace "
				   "nvidia-device-plugin --create-namespace --version "
				   NVDP_CHART_VERSION);
		if (mig)
			strbuf_addstr(out, " --set migStrategy=mixed");
		strbuf_addstr(out, " --set-json 'tolerations=");
		add_tolerations(out, plan, region, spot);
		strbuf_addstr(out, "' --set-json 'affinity={\"nodeAffinity\":{\"requiredDuring"
				   "SchedulingIgnoredDuringExecution\":{\"nodeSelectorTerms\":[{"
				   "\"matchExpressions\":[{\"key\":\"kubernetes.azure.com/agentpool\","
				   "\"operator\":\"In\",\"values\":[");
		for (size_t i = 0; *s; i++) {
			const char *e = strchr(s, ' ');
			size_t n = e ? (size_t)(e - s) : strlen(s);
			strbuf_addf(out, "%s\"%.*s\"", i ? "," : "", (int)n, s);
			s += n + (e != NULL);
		}
		strbuf_addstr(out, "]}]}]}}}'\n");
	}
	strbuf_release(&names);
}

void k8s_script_setup_commands(const struct k8s_plan *plan, struct strbuf *out)
{
	for (size_t i = 0; i < plan->npools; i++)
		if (first_of_region(plan, i))
			nvidia_commands(plan, plan->pools[i].region, out);
}

/* The device-plugin steps of one region's cluster, comments and commands. */
static void add_setup(struct strbuf *out, const struct k8s_plan *plan, const char *region)
{
	struct strbuf names = STRBUF_INIT, cmds = STRBUF_INIT;
	int mig, spot;

	if (region_pools(plan, region, 0, &names, &mig, &spot)) {
		strbuf_addstr(out, "\n# NVIDIA device plugin, cluster ");
		add_cluster_name(out, plan, region);
		strbuf_addf(out, ", pools%s.\n", strbuf_str(&names));
		strbuf_addstr(out, "# AKS installs the driver on NVIDIA pools (--gpu-driver Install) "
				   "but no device\n# plugin: without one no node advertises GPUs "
				   "and the pods stay Pending.\n# This installs the plugin's Helm chart "
				   "on these pools only, tolerating their\n# taints (the chart's own "
				   "tolerations and node affinity keep it off them).\n");
		if (mig)
			strbuf_addstr(out, "# migStrategy=mixed: each MIG slice is advertised as "
					   "nvidia.com/mig-<profile>,\n# the resource the manifests "
					   "ask for, and a whole GPU as nvidia.com/gpu (the\n# "
					   "default \"none\" advertises no slice, \"single\" calls "
					   "them nvidia.com/gpu).\n");
		nvidia_commands(plan, region, &cmds);
		for (const char *s = strbuf_str(&cmds); *s;) {
			const char *e = strchr(s, '\n');
			struct strbuf line = STRBUF_INIT;
			strbuf_add(&line, s, (size_t)(e - s));
			if (strncmp(s, "helm upgrade", 12) == 0)
				add_wrapped(out, strbuf_str(&line));
			else
				strbuf_addf(out, "%s\n", strbuf_str(&line));
			strbuf_release(&line);
			s = e + 1;
		}
	}
	strbuf_release(&names);
	names = (struct strbuf)STRBUF_INIT;
	if (region_pools(plan, region, 1, &names, &mig, &spot)) {
		const struct k8s_pool *p = NULL;
		for (size_t i = 0; i < plan->npools && !p; i++)
			if (strcmp(plan->pools[i].region, region) == 0 && k8s_script_pool_amd(plan, i))
				p = &plan->pools[i];
		strbuf_addstr(out, "\n# STEP BY HAND: AMD GPU Operator, cluster ");
		add_cluster_name(out, plan, region);
		strbuf_addf(out, ", pools%s.\n", strbuf_str(&names));
		strbuf_addstr(out, "# AKS installs neither driver nor device plugin on AMD pools "
				   "(they are created\n# with --gpu-driver None, as AKS requires): "
				   "until the AMD GPU Operator installs\n# the amdgpu driver and AMD's "
				   "device plugin, no node advertises amd.com/gpu and\n# the pods stay "
				   "Pending. Install it by AMD's instructions\n# "
				   "(https://instinct.docs.amd.com/projects/gpu-operator/), with every "
				   "DaemonSet\n# it runs on these nodes tolerating the pools' taints:\n#  ");
		for (size_t t = 0; p && t < p->ntaints; t++)
			strbuf_addf(out, " %s=%s:%s", p->taints[t].key, p->taints[t].value,
				    p->taints[t].effect);
		if (spot)
			strbuf_addf(out, " %s=%s:%s", K8S_SPOT_TAINT_KEY, K8S_SPOT_TAINT_VALUE,
				    K8S_SPOT_TAINT_EFFECT);
		strbuf_addf(out, "\n# then check that the nodes have amd.com/gpu:\n#   kubectl "
				 "get nodes -l kubernetes.azure.com/agentpool=%s \\\n#     -o "
				 "custom-columns='NAME:.metadata.name,GPUS:.status.allocatable.amd\\.com/gpu'\n"
				 "echo \"gpufit: pools%s need the AMD GPU Operator before their pods "
				 "can run (see this script)\" >&2\n",
			    p ? p->name : "", strbuf_str(&names));
	}
	strbuf_release(&names);
	strbuf_release(&cmds);
}

/* One bill line as a comment's text: "2 VMs x $3.673/h x 730 h, payg =
 * $5,362.58/month" (the hours to 0.01 h as printed; the bill is of the
 * unrounded hours). */
static void bill_text(struct strbuf *out, const struct k8s_bill *l, const char *currency)
{
	char h[48], m[64];
	int usd = strcmp(currency, "USD") == 0;

	util_fmt_hourly(h, sizeof(h), l->hourly);
	strbuf_addf(out, "%g VM%s x %s%s%s%s/h x %g h, %s = %s/month", l->vms,
		    l->vms == 1 ? "" : "s", usd ? "$" : "", h, usd ? "" : " ", usd ? "" : currency,
		    round(l->hours_billed * 100.0) / 100.0, pricing_name(l->pricing),
		    util_fmt_money_in(m, sizeof(m), l->monthly, currency));
}

/* The comment lines of pool p's bill (k8s_pool.h): one line for a pool of
 * one bill line, else its total and a line per workload. */
static void pool_bill_comment(struct strbuf *out, const struct k8s_pool *p,
			      const struct recommend_result *r)
{
	char m[64];

	if (!p->nbills)
		return;
	if (p->nbills == 1) {
		strbuf_addstr(out, "# bill: ");
		bill_text(out, &p->bills[0], r->currency);
		strbuf_addstr(out, "\n");
		return;
	}
	strbuf_addf(out, "# bill: %s/month:\n",
		    util_fmt_money_in(m, sizeof(m), p->monthly_cost, r->currency));
	for (size_t k = 0; k < p->nbills; k++) {
		const struct k8s_bill *l = &p->bills[k];
		struct strbuf line = STRBUF_INIT;

		if (l->workload == K8S_BILL_SHARED)
			strbuf_addstr(&line, "the MIG pool's VMs: ");
		else if (l->workload < r->nworkloads)
			strbuf_addf(&line, "%s: ", r->workloads[l->workload].name);
		bill_text(&line, l, r->currency);
		strbuf_addstr(out, "#   ");
		esc_term(out, strbuf_str(&line), 0);
		strbuf_addstr(out, "\n");
		strbuf_release(&line);
	}
}

/* The workloads on pool i autoscaled on their traffic (load plans): their
 * replica bounds and the nodes those take, which the pool's --min-count and
 * --max-count include (a User pool may scale to 0). */
static void autoscale_comment(struct strbuf *out, const struct k8s_plan *plan, size_t i,
			      const struct recommend_result *r)
{
	const struct k8s_pool *p = &plan->pools[i];

	if (!p->scaled_max)
		return;
	for (size_t k = 0; k < plan->nplacements; k++) {
		const struct k8s_placement *pl = &plan->placements[k];
		struct strbuf line = STRBUF_INIT;

		if (pl->pool != i || !pl->autoscaled || pl->workload >= r->nworkloads)
			continue;
		strbuf_addf(&line, "%s: %ld-%ld pods autoscaled on its traffic (load plan)",
			    r->workloads[pl->workload].name, pl->min_pods, pl->max_pods);
		strbuf_addstr(out, "# ");
		esc_term(out, strbuf_str(&line), 0);
		strbuf_addstr(out, "\n");
		strbuf_release(&line);
	}
	strbuf_addf(out, "# nodes %ld-%ld of them within --min-count %ld --max-count %ld\n",
		    p->scaled_min, p->scaled_max, p->min_count, p->max_count);
}

void k8s_script_build(const struct k8s_plan *plan, const struct k8s_script_options *o,
		      struct strbuf *out)
{
	int multi = multi_region(plan);
	int ib = 0, nvidia = 0;

	for (size_t i = 0; i < plan->npools; i++) {
		ib |= plan->pools[i].ppg[0] != '\0';
		nvidia |= !k8s_script_pool_amd(plan, i);
	}
	strbuf_addstr(out, "#!/usr/bin/env bash\n");
	strbuf_addf(out, "# The AKS GPU node pools of the gpufit %s recommendation for %s.\n",
		    o->version ? o->version : "", o->profile ? o->profile : "the profile");
	if (nvidia)
		strbuf_addstr(out, "# Review, then run with the Azure CLI logged in and Helm 3.10 "
				   "or later (for the\n# device plugin; az aks get-credentials makes "
				   "the cluster kubectl's current\n# context). RESOURCE_GROUP and "
				   "CLUSTER may be set in the environment.\n");
	else
		strbuf_addstr(out, "# Review, then run with the Azure CLI logged in. RESOURCE_GROUP "
				   "and CLUSTER may be\n# set in the environment.\n");
	strbuf_addstr(out, "set -euo pipefail\n\n");
	strbuf_addf(out, "RESOURCE_GROUP=\"${RESOURCE_GROUP:-%s}\"\n",
		    o->resource_group ? o->resource_group : K8S_DEFAULT_RESOURCE_GROUP);
	strbuf_addf(out, "CLUSTER=\"${CLUSTER:-%s}\"\n",
		    o->cluster ? o->cluster : K8S_DEFAULT_CLUSTER);
	if (multi)
		strbuf_addstr(out, "# The pools are in several regions and an AKS cluster is in "
				   "one: one cluster\n# per region, named \"$CLUSTER-<region>\".\n");
	if (ib)
		strbuf_addstr(out, "# Multi-node InfiniBand pools: register the AKSInfinibandSupport "
				   "feature once per\n# subscription so that a pool's nodes land on "
				   "one InfiniBand network:\n#   az feature register --name "
				   "AKSInfinibandSupport --namespace Microsoft.ContainerService\n"
				   "# Their pods also ask for rdma/ib, which the SR-IOV device plugin "
				   "of the NVIDIA\n# Network Operator advertises: install it by hand "
				   "(Azure/aks-rdma-infiniband).\n");
	if (plan->pricing_auto)
		strbuf_addstr(out, "# Pricing auto: each pool names the term its workloads are "
				   "billed under (gpufit\n# recommend --pricing auto says which "
				   "workload takes which). The command is the\n# same whatever the "
				   "term: buy a reservation or savings plan for the size and\n# "
				   "region apart (Azure portal, Reservations); payg needs none.\n");
	if (o->result && plan->npools) {
		char m[64];
		strbuf_addf(out, "# The pools bill %s/month under the terms below (the sum of their "
			    "bills,\n# each VMs x hourly x hours billed, docs/billing.md).\n",
			    util_fmt_money_in(m, sizeof(m), plan->monthly_cost, o->result->currency));
	}
	if (!plan->npools)
		strbuf_addstr(out, "\n# No node pool: no workload has a placement.\n");
	for (size_t i = 0; i < plan->npools; i++) {
		const struct k8s_pool *p = &plan->pools[i];
		struct strbuf line = STRBUF_INIT;
		struct strbuf comment = STRBUF_INIT;
		strbuf_addf(&comment, "%s: %s in %s", p->name, p->sku, p->region);
		if (p->mig_profile[0])
			strbuf_addf(&comment, ", MIG %s on every GPU", p->mig_profile);
		if (p->priority == K8S_PRIORITY_SPOT)
			strbuf_addstr(&comment, ", spot");
		if (p->terms[0])
			strbuf_addf(&comment, ", billed %s", p->terms);
		/* one comment line, whatever a name holds: a line break would end
		 * the comment and run the rest */
		strbuf_addstr(out, "\n# ");
		esc_term(out, strbuf_str(&comment), 0);
		strbuf_addstr(out, "\n");
		strbuf_release(&comment);
		if (o->result)
			pool_bill_comment(out, p, o->result);
		if (o->result)
			autoscale_comment(out, plan, i, o->result);
		if (p->ppg[0]) {
			/* a PPG maps to one availability zone; the pool gets that one zone */
			strbuf_addf(out, "PPG_ID_%s=$(az ppg create --name ", p->name);
			esc_shell(out, p->ppg);
			strbuf_addstr(out, " --resource-group \"$RESOURCE_GROUP\" --location ");
			esc_shell(out, p->region);
			strbuf_addstr(out, " --type standard --query id --output tsv)\n");
		}
		k8s_script_pool_command(plan, p, &line);
		add_wrapped(out, strbuf_str(&line));
		strbuf_release(&line);
	}
	for (size_t i = 0; i < plan->npools; i++)
		if (first_of_region(plan, i))
			add_setup(out, plan, plan->pools[i].region);
}
