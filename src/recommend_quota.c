/*
 * recommend_quota.c - the plan against the subscription's vCPU quotas
 * (docs/quota.md): what the recommendation deploys, summed per quota family
 * and region, compared with `az vm list-usage` (limit - currentValue).
 *
 * Pure: it reads the result, the catalog snapshot (each size's vCPUs and
 * quota family), the `az vm list-skus` rows when given (whose family wins
 * over the catalog's) and the usage lists, and adds findings and warnings.
 * Quota names compare without case and spaces: Azure writes the same family
 * "Standard NCASv3_T4 Family" in one list and "StandardNCASv3_T4Family"
 * elsewhere.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "azure_quota.h"
#include "catalog_snapshot.h"
#include "recommend_internal.h"
#include "util.h"

/* One quota the plan deploys into. */
struct need {
	char family[64];
	char region[32];
	long long vcpus;
	size_t *workloads;                /* who deploys into it (indices) */
	size_t nworkloads, wcap;
};

struct needs {
	struct need *v;
	size_t n, cap;
	char unknown[512];                /* sizes without a known family */
};

/* a and b equal without case and spaces. */
static int same_quota(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ')
			a++;
		while (*b == ' ')
			b++;
		if (!*a || !*b)
			return !*a && !*b;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
		a++;
		b++;
	}
}

static void add_need(struct needs *ns, const char *family, const char *region, long long vcpus,
		     size_t workload)
{
	struct need *n = NULL;

	for (size_t i = 0; i < ns->n && !n; i++)
		if (same_quota(ns->v[i].family, family) && strcasecmp(ns->v[i].region, region) == 0)
			n = &ns->v[i];
	if (!n) {
		if (ns->n == ns->cap) {
			ns->cap = ns->cap ? ns->cap * 2 : 16;
			ns->v = xrealloc(ns->v, ns->cap * sizeof(*ns->v));
		}
		n = &ns->v[ns->n++];
		memset(n, 0, sizeof(*n));
		util_copy_str(n->family, sizeof n->family, family);
		util_copy_str(n->region, sizeof n->region, region);
	}
	n->vcpus += vcpus;
	/* collect() adds a workload's VMs one after another: it is new unless
	 * it is the last one added */
	if (n->nworkloads && n->workloads[n->nworkloads - 1] == workload)
		return;
	if (n->nworkloads == n->wcap) {
		n->wcap = n->wcap ? n->wcap * 2 : 8;
		n->workloads = xrealloc(n->workloads, n->wcap * sizeof(*n->workloads));
	}
	n->workloads[n->nworkloads++] = workload;
}

static const struct vm_size *vm_of(const struct catalog_snapshot *snap, const char *sku)
{
	for (size_t i = 0; i < snap->nvms; i++)
		if (strcasecmp(snap->vms[i].sku, sku) == 0)
			return &snap->vms[i];
	return NULL;
}

/* Names sku among the sizes whose quota family is not known (once). */
static void note_unknown(struct needs *ns, const char *sku)
{
	size_t len = strlen(ns->unknown);

	if (!strstr(ns->unknown, sku) && len + strlen(sku) + 3 < sizeof ns->unknown)
		snprintf(ns->unknown + len, sizeof ns->unknown - len, "%s%s", len ? ", " : "", sku);
}

/* count VMs of sku in region, billed under kind, for workload w. */
static void deploy(struct needs *ns, const struct catalog_snapshot *snap,
		   const struct recommend_options *o, const char *sku, const char *region,
		   long long count, enum pricing_kind kind, size_t w)
{
	const struct vm_size *vm = vm_of(snap, sku);
	const struct azure_sku *row = o->skus ? azure_skus_find(o->skus, sku, region) : NULL;
	const char *family = row && row->family ? row->family
			     : vm && vm->quota_family[0] ? vm->quota_family : NULL;
	long long vcpus;

	if (count < 0)
		return;
	if (!vm || vm->vcpus <= 0 || !family)
		note_unknown(ns, sku);
	if (!vm || vm->vcpus <= 0)
		return;
	vcpus = count * vm->vcpus;
	/* spot VMs count against the regional spot quota only (docs/quota.md) */
	if (kind == PRICING_SPOT) {
		add_need(ns, AZURE_QUOTA_SPOT, region, vcpus, w);
		return;
	}
	if (family)
		add_need(ns, family, region, vcpus, w);
	add_need(ns, AZURE_QUOTA_CORES, region, vcpus, w);
}

static const struct recommend_usage *usage_of(const struct recommend_options *o,
					      const char *region)
{
	for (size_t i = 0; i < o->nusage; i++)
		if (strcasecmp(o->usage[i].region, region) == 0)
			return &o->usage[i];
	return NULL;
}

static const struct azure_usage *quota_of(const struct azure_usage_list *l, const char *name)
{
	for (size_t i = 0; i < l->n; i++)
		if (same_quota(l->items[i].name, name))
			return &l->items[i];
	return NULL;
}

/* The fleet's VMs: what each workload deploys (docs/quota.md). */
static void collect(struct needs *ns, const struct recommend_result *r,
		    const struct catalog_snapshot *snap, const struct recommend_options *o)
{
	for (size_t i = 0; i < r->nworkloads; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		const struct recommend_choice *c = &w->rec;
		long long vms;

		if (!w->feasible || c->basis == RECOMMEND_BASIS_PLAN)
			continue;
		/* a MIG slice outside a plan still needs a whole VM of its size
		 * per replica; whole VMs and clusters are counted as they are */
		vms = c->placement == FIT_PLACEMENT_MIG ? w->replicas : c->vm_count;
		deploy(ns, snap, o, c->sku, c->region, vms, c->pricing, i);
	}
	/* a region's MIG plan, when the totals use it: its pools' VMs and its
	 * dedicated replicas, under every workload it covers there */
	for (size_t g = 0; g < r->mig.nregions; g++) {
		const struct recommend_mig_region *mr = &r->mig.regions[g];

		int counted = 0;   /* the region's pools are counted with its first workload */

		if (!mr->used_in_totals)
			continue;
		for (size_t j = 0; j < r->mig.nworkloads; j++) {
			size_t wi = r->mig.workloads[j];
			const struct recommend_choice *c = &r->workloads[wi].rec;
			int first;

			if (c->basis != RECOMMEND_BASIS_PLAN || strcasecmp(c->region, mr->region) != 0)
				continue;
			first = !counted;
			counted = 1;
			for (size_t k = 0; k < r->mig.npools; k++) {
				const struct mig_plan_pool *pl = &r->mig.pools[k];

				if (strcasecmp(pl->region, mr->region) == 0)
					deploy(ns, snap, o, pl->sku, pl->region,
					       first ? pl->vm_count : 0, r->pricing, wi);
			}
			for (size_t k = 0; k < r->mig.ndedicated; k++) {
				const struct recommend_mig_dedicated *d = &r->mig.dedicated[k];

				if (strcasecmp(d->region, mr->region) == 0)
					deploy(ns, snap, o, d->sku, d->region, first ? 1 : 0,
					       r->pricing, wi);
			}
		}
	}
}

/* Adds the quota-short finding of n to workload w. */
static void add_short(struct recommend_workload *w, const struct need *n,
		      const struct azure_usage *u, long long available)
{
	struct recommend_quota_numbers q;
	long long missing = n->vcpus - available;
	int spot = same_quota(n->family, AZURE_QUOTA_SPOT);

	memset(&q, 0, sizeof q);
	util_copy_str(q.family, sizeof q.family, u->name);
	util_copy_str(q.region, sizeof q.region, n->region);
	q.needed_vcpus = n->vcpus;
	q.available_vcpus = available;
	q.missing_vcpus = missing;
	q.limit = u->limit;
	recommend_add_finding(w, "quota-short", RECOMMEND_WARNING,
			      "quota %s in %s: the plan needs %lld vCPUs, %lld are free (limit "
			      "%lld, %lld in use), %lld missing; ask for a limit of %lld: az quota "
			      "update --resource-name %s --scope /subscriptions/SUBSCRIPTION_ID/"
			      "providers/Microsoft.Compute/locations/%s --limit-object value=%lld "
			      "--resource-type %s, or the portal's Quotas page (docs/quota.md)",
			      u->name, n->region, n->vcpus, available, u->limit, u->current,
			      missing, u->limit + missing, u->name, n->region, u->limit + missing,
			      spot ? "lowPriority" : "dedicated");
	w->findings[w->nfindings - 1].quota = recommend_dup_array(&q, 1, sizeof q);
}

void recommend_quota_check(struct recommend_result *r, const struct catalog_snapshot *snap,
			   const struct profile *p, const struct recommend_options *o)
{
	struct needs ns;

	if (!o || o->nusage == 0)
		return;
	if (!o->skus)
		recommend_add_warning(r, "availability was not checked: no az vm list-skus file "
				      "(--skus FILE, or azure: skus: in the profile; docs/quota.md)");
	memset(&ns, 0, sizeof ns);
	collect(&ns, r, snap, o);
	/* one warning per region in use without a usage file */
	for (size_t i = 0; i < ns.n; i++) {
		int seen = 0;

		for (size_t k = 0; k < i && !seen; k++)
			seen = strcasecmp(ns.v[k].region, ns.v[i].region) == 0;
		if (!seen && !usage_of(o, ns.v[i].region))
			recommend_add_warning(r, "quota in %s was not checked: no az vm list-usage "
					      "file for it (--usage %s=FILE)", ns.v[i].region,
					      ns.v[i].region);
	}
	if (ns.unknown[0])
		recommend_add_warning(r, "quota family not known for %s: their family quota was "
				      "not checked (the regional total was)", ns.unknown);
	for (size_t i = 0; i < ns.n; i++) {
		const struct need *n = &ns.v[i];
		const struct recommend_usage *us = usage_of(o, n->region);
		const struct azure_usage *u = us ? quota_of(us->list, n->family) : NULL;
		long long available;

		if (!us)
			continue;
		if (!u) {
			recommend_add_warning(r, "quota %s in %s was not checked: %s does not list it",
					      n->family, n->region, us->file);
			continue;
		}
		available = u->limit - u->current > 0 ? u->limit - u->current : 0;
		if (n->vcpus <= available)
			continue;
		for (size_t k = 0; k < n->nworkloads; k++)
			add_short(&r->workloads[n->workloads[k]], n, u, available);
	}
	for (size_t i = 0; i < ns.n; i++)
		free(ns.v[i].workloads);
	free(ns.v);
	(void)p;
}
