/*
 * k8s_script.c - the az commands of the node pools (k8s_script.h).
 */
#include <ctype.h>
#include <string.h>

#include "k8s_script.h"

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

void k8s_script_pool_command(const struct k8s_plan *plan, const struct k8s_pool *p,
			     struct strbuf *out)
{
	strbuf_addstr(out, "az aks nodepool add --resource-group \"$RESOURCE_GROUP\"");
	if (multi_region(plan))
		strbuf_addf(out, " --cluster-name \"$CLUSTER-%s\"", p->region);
	else
		strbuf_addstr(out, " --cluster-name \"$CLUSTER\"");
	strbuf_addf(out, " --name %s --mode User --node-vm-size %s --node-count %ld", p->name,
		    p->sku, p->count);
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
		strbuf_addf(out, " --gpu-instance-profile %s", p->gpu_instance_profile);
	if (p->priority == K8S_PRIORITY_SPOT)
		strbuf_addstr(out, " --priority Spot --eviction-policy Delete --spot-max-price -1");
	if (p->ppg[0])
		strbuf_addf(out, " --ppg \"$PPG_ID_%s\"", p->name);
	if (p->zones[0])
		strbuf_addf(out, " --zones %s", p->zones);
	strbuf_addstr(out, " --gpu-driver Install");
}

/* The line broken before each " --" into a readable continued command. */
static void add_wrapped(struct strbuf *out, const char *line)
{
	for (const char *s = line; *s; s++) {
		if (s != line && s[0] == ' ' && s[1] == '-' && s[2] == '-' &&
		    strncmp(s, " --min-count", 12) != 0 && strncmp(s, " --max-count", 12) != 0 &&
		    strncmp(s, " --eviction-policy", 18) != 0 &&
		    strncmp(s, " --spot-max-price", 17) != 0 && strncmp(s, " --cluster-name", 15) != 0) {
			strbuf_addstr(out, " \\\n  ");
			continue;
		}
		strbuf_add(out, s, 1);
	}
	strbuf_addstr(out, "\n");
}

void k8s_script_build(const struct k8s_plan *plan, const struct k8s_script_options *o,
		      struct strbuf *out)
{
	int multi = multi_region(plan);
	int ib = 0;

	strbuf_addstr(out, "#!/usr/bin/env bash\n");
	strbuf_addf(out, "# The AKS GPU node pools of the gpufit %s recommendation for %s.\n",
		    o->version ? o->version : "", o->profile ? o->profile : "the profile");
	strbuf_addstr(out, "# Review, then run with the Azure CLI logged in. RESOURCE_GROUP and "
			   "CLUSTER may be\n# set in the environment.\n");
	strbuf_addstr(out, "set -euo pipefail\n\n");
	strbuf_addf(out, "RESOURCE_GROUP=\"${RESOURCE_GROUP:-%s}\"\n",
		    o->resource_group ? o->resource_group : K8S_DEFAULT_RESOURCE_GROUP);
	strbuf_addf(out, "CLUSTER=\"${CLUSTER:-%s}\"\n",
		    o->cluster ? o->cluster : K8S_DEFAULT_CLUSTER);
	if (multi)
		strbuf_addstr(out, "# The pools are in several regions and an AKS cluster is in "
				   "one: one cluster\n# per region, named \"$CLUSTER-<region>\".\n");
	for (size_t i = 0; i < plan->npools; i++)
		ib |= plan->pools[i].ppg[0] != '\0';
	if (ib)
		strbuf_addstr(out, "# Multi-node InfiniBand pools: register the AKSInfinibandSupport "
				   "feature once per\n# subscription so that a pool's nodes land on "
				   "one InfiniBand network:\n#   az feature register --name "
				   "AKSInfinibandSupport --namespace Microsoft.ContainerService\n");
	if (!plan->npools)
		strbuf_addstr(out, "\n# No node pool: no workload has a placement.\n");
	for (size_t i = 0; i < plan->npools; i++) {
		const struct k8s_pool *p = &plan->pools[i];
		struct strbuf line = STRBUF_INIT;
		strbuf_addf(out, "\n# %s: %s in %s", p->name, p->sku, p->region);
		if (p->mig_profile[0])
			strbuf_addf(out, ", MIG %s on every GPU", p->mig_profile);
		if (p->priority == K8S_PRIORITY_SPOT)
			strbuf_addstr(out, ", spot");
		strbuf_addstr(out, "\n");
		if (p->ppg[0]) {
			/* a PPG maps to one availability zone; the pool gets that one zone */
			strbuf_addf(out, "PPG_ID_%s=$(az ppg create --name %s --resource-group "
					 "\"$RESOURCE_GROUP\" --location %s --type standard "
					 "--query id --output tsv)\n",
				    p->name, p->ppg, p->region);
		}
		k8s_script_pool_command(plan, p, &line);
		add_wrapped(out, strbuf_str(&line));
		strbuf_release(&line);
	}
}
