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
#include "quota_plan.h"
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

/* The index of the quota (family, region), added with 0 vCPUs when new. */
static size_t find_need(struct needs *ns, const char *family, const char *region)
{
	struct need *n;

	for (size_t i = 0; i < ns->n; i++)
		if (same_quota(ns->v[i].family, family) && strcasecmp(ns->v[i].region, region) == 0)
			return i;
	if (ns->n == ns->cap) {
		ns->cap = ns->cap ? ns->cap * 2 : 16;
		ns->v = xrealloc(ns->v, ns->cap * sizeof(*ns->v));
	}
	n = &ns->v[ns->n];
	memset(n, 0, sizeof(*n));
	util_copy_str(n->family, sizeof n->family, family);
	util_copy_str(n->region, sizeof n->region, region);
	return ns->n++;
}

static void add_need(struct needs *ns, const char *family, const char *region, long long vcpus,
		     size_t workload)
{
	size_t at = find_need(ns, family, region);   /* may move ns->v */
	struct need *n = &ns->v[at];

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

/* Whether --within-quota may move w: its own whole VMs, outside the MIG
 * plan, without a data path or a load plan tied to its size (its replicas
 * by the hour were planned on that size; its alternatives are ranked with
 * their own). */
static int movable(const struct recommend_workload *w)
{
	return w->feasible && !w->mig_use && !w->rec_data && !w->load_plan &&
	       w->rec.basis == RECOMMEND_BASIS_OWN && w->rec.placement != FIT_PLACEMENT_MIG;
}

/* The fleet's VMs: what each workload deploys (docs/quota.md); with
 * fixed_only, not what the movable workloads deploy. */
static void collect(struct needs *ns, const struct recommend_result *r,
		    const struct catalog_snapshot *snap, const struct recommend_options *o,
		    int fixed_only)
{
	for (size_t i = 0; i < r->nworkloads; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		const struct recommend_choice *c = &w->rec;
		long long vms;

		if (!w->feasible || c->basis == RECOMMEND_BASIS_PLAN || (fixed_only && movable(w)))
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

/* What the usage files could not check, one message each to warn(ctx,
 * msg): a region in use without a usage file, the sizes of unknown family,
 * a quota the region's file does not list (docs/quota.md). */
static void unchecked(const struct needs *ns, const struct recommend_options *o,
		      void (*warn)(void *, const char *), void *ctx)
{
	char msg[1024];

	for (size_t i = 0; i < ns->n; i++) {
		int seen = 0;

		for (size_t k = 0; k < i && !seen; k++)
			seen = strcasecmp(ns->v[k].region, ns->v[i].region) == 0;
		if (!seen && !usage_of(o, ns->v[i].region)) {
			snprintf(msg, sizeof msg, "quota in %s was not checked: no az vm list-usage "
				 "file for it (--usage %s=FILE)", ns->v[i].region, ns->v[i].region);
			warn(ctx, msg);
		}
	}
	if (ns->unknown[0]) {
		snprintf(msg, sizeof msg, "quota family not known for %s: their family quota was "
			 "not checked (the regional total was)", ns->unknown);
		warn(ctx, msg);
	}
	for (size_t i = 0; i < ns->n; i++) {
		const struct recommend_usage *us = usage_of(o, ns->v[i].region);

		if (us && !quota_of(us->list, ns->v[i].family)) {
			snprintf(msg, sizeof msg, "quota %s in %s was not checked: %s does not list it",
				 ns->v[i].family, ns->v[i].region, us->file);
			warn(ctx, msg);
		}
	}
}

static void warn_result(void *ctx, const char *msg)
{
	recommend_add_warning(ctx, "%s", msg);
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
	collect(&ns, r, snap, o, 0);
	unchecked(&ns, o, warn_result, r);
	for (size_t i = 0; i < ns.n; i++) {
		const struct need *n = &ns.v[i];
		const struct recommend_usage *us = usage_of(o, n->region);
		const struct azure_usage *u = us ? quota_of(us->list, n->family) : NULL;
		long long available;

		if (!u)
			continue;
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

/* ---- --within-quota ---------------------------------------------------- */

/* The quotas choice c (vms VMs billed under kind) deploys into, as indices
 * of ns, and its vCPUs and bill.  A size without known vCPUs deploys into
 * none (the check warns about it). */
static void option_of(struct needs *ns, const struct catalog_snapshot *snap,
		      const struct recommend_options *o, const struct recommend_choice *c,
		      enum pricing_kind kind, struct quota_plan_option *out)
{
	const struct vm_size *vm = vm_of(snap, c->sku);
	const struct azure_sku *row = o->skus ? azure_skus_find(o->skus, c->sku, c->region) : NULL;
	const char *family = row && row->family ? row->family
			     : vm && vm->quota_family[0] ? vm->quota_family : NULL;
	int k = 0;

	out->quota[0] = out->quota[1] = -1;
	out->vcpus = 0;
	out->monthly = c->monthly_cost;
	if (!vm || vm->vcpus <= 0 || c->vm_count <= 0)
		return;
	out->vcpus = (long long)c->vm_count * vm->vcpus;
	if (kind == PRICING_SPOT) {
		out->quota[0] = (int)find_need(ns, AZURE_QUOTA_SPOT, c->region);
		return;
	}
	if (family)
		out->quota[k++] = (int)find_need(ns, family, c->region);
	out->quota[k] = (int)find_need(ns, AZURE_QUOTA_CORES, c->region);
}

/* One workload's options: its recommendation, then its whole-VM
 * alternatives by monthly cost. */
struct wq_options {
	size_t n;
	struct quota_plan_option opt[1 + 16];
	const struct recommend_choice *choice[1 + 16];
};

static void options_of(struct needs *ns, const struct catalog_snapshot *snap,
		       const struct recommend_options *o, const struct recommend_result *r,
		       const struct recommend_workload *w, struct wq_options *out)
{
	out->n = 1;
	out->choice[0] = &w->rec;
	option_of(ns, snap, o, &w->rec, w->rec.pricing, &out->opt[0]);
	if (!movable(w))
		return;
	for (size_t a = 0; a < w->nalternatives && out->n < sizeof out->opt / sizeof out->opt[0];
	     a++) {
		const struct recommend_choice *c = &w->alternatives[a];
		size_t k;

		if (c->placement == FIT_PLACEMENT_MIG || c->basis != RECOMMEND_BASIS_OWN ||
		    c->monthly_cost < w->rec.monthly_cost ||
		    (strcmp(c->sku, w->rec.sku) == 0 && strcasecmp(c->region, w->rec.region) == 0))
			continue;
		/* insert by monthly cost (stable): a handful of alternatives */
		k = out->n++;
		while (k > 1 && out->opt[k - 1].monthly > c->monthly_cost) {
			out->opt[k] = out->opt[k - 1];
			out->choice[k] = out->choice[k - 1];
			k--;
		}
		option_of(ns, snap, o, c, r->pricing, &out->opt[k]);
		out->choice[k] = c;
	}
}

/* The first quota of q that is short at the unconstrained plan, or -1. */
static int short_quota(const struct quota_plan_option *q, const long long *needed,
		       const long long *avail)
{
	for (int k = 0; k < QUOTA_PLAN_MAX_QUOTAS; k++)
		if (q->quota[k] >= 0 && avail[q->quota[k]] >= 0 &&
		    needed[q->quota[k]] > avail[q->quota[k]])
			return q->quota[k];
	return -1;
}

void recommend_within_quota(struct recommend_result *r, const struct catalog_snapshot *snap,
			    const struct recommend_options *o)
{
	struct needs ns;
	struct wq_options *wo;
	struct quota_plan_workload *wl;
	long long *avail, *needed, *freev, *limit;
	size_t *choice, *at, *mchoice, nm = 0, moved = 0, nshort = 0;
	double before = 0, after = 0;
	int fits, fixed_over = 0;

	if (!o || !o->within_quota || r->nworkloads == 0)
		return;
	if (o->nusage == 0) {
		recommend_add_warning(r, "--within-quota: no az vm list-usage file (--usage "
				      "REGION=FILE, or azure: usage: in the profile): no quota to "
				      "plan within");
		return;
	}
	memset(&ns, 0, sizeof ns);
	collect(&ns, r, snap, o, 1);
	wo = xcalloc(r->nworkloads, sizeof(*wo));
	wl = xcalloc(r->nworkloads, sizeof(*wl));
	choice = xcalloc(r->nworkloads, sizeof(*choice));
	mchoice = xcalloc(r->nworkloads, sizeof(*mchoice));
	at = xcalloc(r->nworkloads, sizeof(*at));
	for (size_t i = 0; i < r->nworkloads; i++) {
		options_of(&ns, snap, o, r, &r->workloads[i], &wo[i]);
		if (!movable(&r->workloads[i]))
			wo[i].opt[0].vcpus = 0;   /* counted with the fixed */
	}
	/* per quota: free (limit - in use), what the unconstrained plan needs,
	 * what the movable workloads may take (-1: not checked) */
	avail = xcalloc(ns.n + 1, sizeof(*avail));
	needed = xcalloc(ns.n + 1, sizeof(*needed));
	freev = xcalloc(ns.n + 1, sizeof(*freev));
	limit = xcalloc(ns.n + 1, sizeof(*limit));
	for (size_t q = 0; q < ns.n; q++) {
		const struct recommend_usage *us = usage_of(o, ns.v[q].region);
		const struct azure_usage *u = us ? quota_of(us->list, ns.v[q].family) : NULL;

		needed[q] = ns.v[q].vcpus;
		avail[q] = freev[q] = -1;
		if (!u)
			continue;
		limit[q] = u->limit;
		avail[q] = u->limit - u->current > 0 ? u->limit - u->current : 0;
		freev[q] = avail[q] - ns.v[q].vcpus > 0 ? avail[q] - ns.v[q].vcpus : 0;
		fixed_over |= ns.v[q].vcpus > avail[q];
		util_copy_str(ns.v[q].family, sizeof ns.v[q].family, u->name);
	}
	for (size_t i = 0; i < r->nworkloads; i++)
		for (int k = 0; k < QUOTA_PLAN_MAX_QUOTAS; k++)
			if (wo[i].opt[0].quota[k] >= 0 &&
			    !(k == 1 && wo[i].opt[0].quota[0] == wo[i].opt[0].quota[1]))
				needed[wo[i].opt[0].quota[k]] += wo[i].opt[0].vcpus;
	for (size_t q = 0; q < ns.n; q++)
		nshort += avail[q] >= 0 && needed[q] > avail[q];
	/* the solver sees only the workloads with somewhere to go (wl[0..nm),
	 * at[] their indices): one with a single option is fixed too, its
	 * vCPUs taken off what is free, so that a fleet of many fixed
	 * workloads is not enumerated with the few that may move */
	for (size_t i = 0; i < r->nworkloads; i++) {
		if (wo[i].n > 1) {
			wl[nm].noptions = wo[i].n;
			wl[nm].options = wo[i].opt;
			at[nm++] = i;
			continue;
		}
		for (int k = 0; k < QUOTA_PLAN_MAX_QUOTAS; k++) {
			int q = wo[i].opt[0].quota[k];

			if (q < 0 || freev[q] < 0 || (k == 1 && wo[i].opt[0].quota[0] == q))
				continue;
			fixed_over |= wo[i].opt[0].vcpus > freev[q];
			freev[q] = freev[q] > wo[i].opt[0].vcpus ? freev[q] - wo[i].opt[0].vcpus : 0;
		}
	}
	/* the workloads that cannot move already need more of some quota
	 * than is free: no plan fits, and nothing moves */
	fits = nshort && nm && !fixed_over ? quota_plan_solve(wl, nm, freev, ns.n, mchoice)
	       : nshort ? 0 : 1;
	for (size_t k = 0; fits >= 0 && k < nm; k++)
		choice[at[k]] = mchoice[k];
	for (size_t i = 0; nshort && fits >= 0 && i < r->nworkloads; i++) {
		struct recommend_workload *w = &r->workloads[i];
		struct recommend_choice old = w->rec;
		struct recommend_quota_numbers qn;
		char m1[48], m2[48], m3[48], head[640];
		int q;

		if (choice[i] == 0)
			continue;
		q = short_quota(&wo[i].opt[0], needed, avail);
		w->rec = *wo[i].choice[choice[i]];
		w->rec.pricing = old.pricing;
		w->rec.hours_used = old.hours_used;
		w->rec.break_even = -1;   /* for the size it had; recomputed for none */
		/* its ranking was of the unconstrained choice: the alternatives
		 * (one of which it now is) and the other GPU families' extra cost
		 * over it would mislead; the finding names what it gave up */
		w->nalternatives = 0;
		w->nfamilies = 0;
		before += old.monthly_cost;
		after += w->rec.monthly_cost;
		r->monthly_cost += w->rec.monthly_cost - old.monthly_cost;
		moved++;
		memset(&qn, 0, sizeof qn);
		if (q >= 0) {
			util_copy_str(qn.family, sizeof qn.family, ns.v[q].family);
			util_copy_str(qn.region, sizeof qn.region, ns.v[q].region);
			qn.needed_vcpus = needed[q];
			qn.available_vcpus = avail[q];
			qn.missing_vcpus = needed[q] - avail[q];
			qn.limit = limit[q];
		}
		util_copy_str(qn.unconstrained_sku, sizeof qn.unconstrained_sku, old.sku);
		util_copy_str(qn.unconstrained_region, sizeof qn.unconstrained_region, old.region);
		qn.unconstrained_monthly = old.monthly_cost;
		qn.extra_monthly = util_round_cents(w->rec.monthly_cost - old.monthly_cost);
		snprintf(head, sizeof head, "%d x %s in %s instead of %d x %s in %s, %s a month more "
			 "(%s against %s)", w->rec.vm_count, w->rec.sku, w->rec.region,
			 old.vm_count, old.sku, old.region,
			 util_fmt_money_in(m1, sizeof m1, qn.extra_monthly, r->currency),
			 util_fmt_money_in(m2, sizeof m2, w->rec.monthly_cost, r->currency),
			 util_fmt_money_in(m3, sizeof m3, old.monthly_cost, r->currency));
		if (q >= 0)
			recommend_add_finding(w, "within-quota", RECOMMEND_INFO,
					      "%s; quota %s in %s is short for the plan without "
					      "--within-quota (%lld vCPUs needed, %lld free): a limit "
					      "of %lld unlocks it (docs/quota.md)", head, qn.family,
					      qn.region, qn.needed_vcpus, qn.available_vcpus,
					      qn.limit + qn.missing_vcpus);
		else
			recommend_add_finding(w, "within-quota", RECOMMEND_INFO,
					      "%s, to make room for workloads moved out of a short "
					      "quota (docs/quota.md)", head);
		w->findings[w->nfindings - 1].quota = recommend_dup_array(&qn, 1, sizeof qn);
	}
	if (nshort) {
		char m1[48];

		if (moved == 0)
			recommend_add_warning(r, "within quota: no ranked option of the workloads in "
					      "a short quota fits the quotas; the plan is the one "
					      "without --within-quota (quota-short)");
		else
			recommend_add_warning(r, "within quota: %zu workload%s moved to fit the "
					      "quotas, %s a month more than the plan without "
					      "--within-quota%s", moved, moved == 1 ? "" : "s",
					      util_fmt_money_in(m1, sizeof m1,
								util_round_cents(after - before),
								r->currency),
					      fits == 1 ? "" : "; some quota is still short "
					      "(quota-short)");
	}
	for (size_t i = 0; i < ns.n; i++)
		free(ns.v[i].workloads);
	free(ns.v);
	free(wo);
	free(wl);
	free(choice);
	free(mchoice);
	free(at);
	free(avail);
	free(needed);
	free(freev);
	free(limit);
}

/* ---- other plans ------------------------------------------------------- */

size_t recommend_quota_shortfalls(const struct catalog_snapshot *snap,
				  const struct recommend_options *o,
				  const struct recommend_quota_deploy *d, size_t nd,
				  struct recommend_quota_numbers **out,
				  void (*warn)(void *ctx, const char *msg), void *ctx)
{
	struct needs ns;
	size_t n = 0;

	*out = NULL;
	if (!o || o->nusage == 0)
		return 0;
	memset(&ns, 0, sizeof ns);
	for (size_t i = 0; i < nd; i++)
		deploy(&ns, snap, o, d[i].sku, d[i].region, d[i].vms, d[i].pricing, i);
	if (warn)
		unchecked(&ns, o, warn, ctx);
	*out = xcalloc(ns.n + 1, sizeof(**out));
	for (size_t i = 0; i < ns.n; i++) {
		const struct need *nd_ = &ns.v[i];
		const struct recommend_usage *us = usage_of(o, nd_->region);
		const struct azure_usage *u = us ? quota_of(us->list, nd_->family) : NULL;
		struct recommend_quota_numbers *q;
		long long available;

		if (!u)
			continue;
		available = u->limit - u->current > 0 ? u->limit - u->current : 0;
		if (nd_->vcpus <= available)
			continue;
		q = &(*out)[n++];
		util_copy_str(q->family, sizeof q->family, u->name);
		util_copy_str(q->region, sizeof q->region, nd_->region);
		q->needed_vcpus = nd_->vcpus;
		q->available_vcpus = available;
		q->missing_vcpus = nd_->vcpus - available;
		q->limit = u->limit;
	}
	for (size_t i = 0; i < ns.n; i++)
		free(ns.v[i].workloads);
	free(ns.v);
	if (n == 0) {
		free(*out);
		*out = NULL;
	}
	return n;
}
