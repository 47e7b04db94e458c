/*
 * k8s_pools.c - the AKS node pools of a recommendation (k8s_pool.h): every
 * workload's recommended placement, the MIG plan's pools included, grouped
 * into one pool per (size, region, MIG profile, priority), named, counted
 * and tainted.  Pure: no I/O, no globals.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bill.h"
#include "k8s_pool.h"
#include "util.h"

const char *k8s_priority_name(enum k8s_priority p)
{
	return p == K8S_PRIORITY_SPOT ? "spot" : "regular";
}

void k8s_pool_options_init(struct k8s_pool_options *o)
{
	memset(o, 0, sizeof(*o));
}

static int taint_key_char(int c)
{
	return isalnum(c) || c == '_' || c == '-' || c == '.' || c == '/';
}

static int taint_value_char(int c)
{
	return isalnum(c) || c == '_' || c == '-' || c == '.';
}

/* The az CLI's validate_taint pattern:
 * ^[a-zA-Z\d][\w\-\.\/]{0,252}=[a-zA-Z\d][\w\-\.]{0,62}:(NoSchedule|PreferNoSchedule|NoExecute)$ */
int k8s_taint_equal(const struct k8s_taint *a, const struct k8s_taint *b)
{
	return strcmp(a->key, b->key) == 0 && strcmp(a->value, b->value) == 0 &&
	       strcmp(a->effect, b->effect) == 0;
}

int k8s_taint_parse(const char *s, struct k8s_taint *out, char *why, size_t whylen)
{
	const char *eq = strchr(s, '='), *colon;
	size_t klen, vlen;

	memset(out, 0, sizeof(*out));
	if (!eq) {
		snprintf(why, whylen, "'%s' is not KEY=VALUE:EFFECT", s);
		return -1;
	}
	colon = strchr(eq, ':');
	if (!colon) {
		snprintf(why, whylen, "'%s' has no :EFFECT (NoSchedule, PreferNoSchedule, NoExecute)",
			 s);
		return -1;
	}
	klen = (size_t)(eq - s);
	vlen = (size_t)(colon - eq - 1);
	if (klen == 0 || klen > 253 || !isalnum((unsigned char)s[0])) {
		snprintf(why, whylen, "taint key must be 1-253 characters starting with a letter or digit");
		return -1;
	}
	for (size_t i = 0; i < klen; i++)
		if (!taint_key_char((unsigned char)s[i])) {
			snprintf(why, whylen, "taint key has an invalid character '%c'", s[i]);
			return -1;
		}
	if (vlen == 0 || vlen > 63 || !isalnum((unsigned char)eq[1])) {
		snprintf(why, whylen,
			 "taint value must be 1-63 characters starting with a letter or digit");
		return -1;
	}
	for (size_t i = 0; i < vlen; i++)
		if (!taint_value_char((unsigned char)eq[1 + i])) {
			snprintf(why, whylen, "taint value has an invalid character '%c'", eq[1 + i]);
			return -1;
		}
	if (strcmp(colon + 1, "NoSchedule") != 0 && strcmp(colon + 1, "PreferNoSchedule") != 0 &&
	    strcmp(colon + 1, "NoExecute") != 0) {
		snprintf(why, whylen,
			 "unknown taint effect '%s' (NoSchedule, PreferNoSchedule, NoExecute)",
			 colon + 1);
		return -1;
	}
	memcpy(out->key, s, klen);
	memcpy(out->value, eq + 1, vlen);
	snprintf(out->effect, sizeof(out->effect), "%s", colon + 1);
	return 0;
}

/* ---- building ---------------------------------------------------------- */

struct build {
	const struct recommend_result *r;
	const struct profile *p;          /* the workloads' zone:; may be NULL */
	const struct k8s_pool_options *o;
	enum k8s_priority prio;
	struct k8s_plan *plan;
	size_t cap_pools, cap_parts, cap_skipped;
	long *must_run;                   /* per pool: nodes that always run */
	long *burst;                      /* per pool: nodes of training runs */
	long *scaled_min, *scaled_max;    /* per pool: nodes of autoscaled replicas
					     (load plans) at their bounds */
	unsigned char *mig_counted;       /* per MIG plan pool: VMs already counted */
};

static void skip(struct build *b, size_t w, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void skip(struct build *b, size_t w, const char *fmt, ...)
{
	va_list ap;
	struct k8s_plan *plan = b->plan;
	struct k8s_skipped *s;
	if (plan->nskipped == b->cap_skipped) {
		b->cap_skipped = b->cap_skipped ? b->cap_skipped * 2 : 4;
		plan->skipped = xrealloc(plan->skipped, b->cap_skipped * sizeof(*plan->skipped));
	}
	s = &plan->skipped[plan->nskipped++];
	s->workload = w;
	va_start(ap, fmt);
	vsnprintf(s->reason, sizeof(s->reason), fmt, ap);
	va_end(ap);
}

/* The zone: of workload w in the profile, 0 when none (or no profile). */
static int zone_of(const struct build *b, size_t w)
{
	return b->p && w < b->p->nworkloads ? b->p->workloads[w].zone : 0;
}

/* The pool of (sku, region, MIG profile, zone), made when new.  zone is the
 * workload's zone: (0 none): workloads pinned to different zones, or one
 * pinned and one not, get pools of their own, each created with its
 * --zones.  A MIG plan pool passes K8S_ZONE_ANY: it is one pool whatever
 * its workloads ask (its VMs are counted once), see mig_zones(). */
#define K8S_ZONE_ANY (-1)
static size_t pool_for(struct build *b, const char *sku, const char *region,
		       const char *gpu_model, const char *mig_profile, int zone)
{
	struct k8s_plan *plan = b->plan;
	struct k8s_pool *p;
	for (size_t i = 0; i < plan->npools; i++) {
		p = &plan->pools[i];
		if (strcmp(p->sku, sku) == 0 && strcmp(p->region, region) == 0 &&
		    strcmp(p->mig_profile, mig_profile) == 0 && p->zone == zone)
			return i;
	}
	if (plan->npools == b->cap_pools) {
		b->cap_pools = b->cap_pools ? b->cap_pools * 2 : 4;
		plan->pools = xrealloc(plan->pools, b->cap_pools * sizeof(*plan->pools));
		b->must_run = xrealloc(b->must_run, b->cap_pools * sizeof(*b->must_run));
		b->burst = xrealloc(b->burst, b->cap_pools * sizeof(*b->burst));
		b->scaled_min = xrealloc(b->scaled_min, b->cap_pools * sizeof(*b->scaled_min));
		b->scaled_max = xrealloc(b->scaled_max, b->cap_pools * sizeof(*b->scaled_max));
	}
	p = &plan->pools[plan->npools];
	memset(p, 0, sizeof(*p));
	snprintf(p->sku, sizeof(p->sku), "%s", sku);
	snprintf(p->region, sizeof(p->region), "%s", region);
	snprintf(p->gpu_model, sizeof(p->gpu_model), "%s", gpu_model);
	snprintf(p->mig_profile, sizeof(p->mig_profile), "%s", mig_profile);
	p->priority = b->prio;
	p->zone = zone;
	b->must_run[plan->npools] = 0;
	b->burst[plan->npools] = 0;
	b->scaled_min[plan->npools] = 0;
	b->scaled_max[plan->npools] = 0;
	return plan->npools++;
}

static struct k8s_placement *add_part(struct build *b, size_t w, size_t pool)
{
	struct k8s_plan *plan = b->plan;
	struct k8s_placement *pl;
	struct k8s_pool *p = &plan->pools[pool];
	int part = 0;
	if (plan->nplacements == b->cap_parts) {
		b->cap_parts = b->cap_parts ? b->cap_parts * 2 : 8;
		plan->placements = xrealloc(plan->placements, b->cap_parts * sizeof(*plan->placements));
	}
	for (size_t i = 0; i < plan->nplacements; i++)
		part += plan->placements[i].workload == w;
	pl = &plan->placements[plan->nplacements++];
	memset(pl, 0, sizeof(*pl));
	pl->workload = w;
	pl->part = part;
	pl->pool = pool;
	pl->engine = -1;
	if (!p->nworkloads || p->workloads[p->nworkloads - 1] != w) {
		p->workloads = xrealloc(p->workloads, (p->nworkloads + 1) * sizeof(*p->workloads));
		p->workloads[p->nworkloads++] = w;
	}
	return pl;
}

/* Adds a line to the bill of pool: vms VMs at hourly each under pricing,
 * running hours_used hours a month (bill.h). */
static void add_bill(struct build *b, size_t pool, size_t workload, enum pricing_kind pricing,
		     double hourly, double vms, double hours_used)
{
	struct k8s_pool *p = &b->plan->pools[pool];
	struct k8s_bill *l;

	p->bills = xrealloc(p->bills, (p->nbills + 1) * sizeof(*p->bills));
	l = &p->bills[p->nbills++];
	l->workload = workload;
	l->pricing = pricing;
	l->hourly = hourly;
	l->vms = vms;
	l->hours_used = hours_used;
	l->hours_billed = bill_hours(pricing, hours_used);
	l->monthly = bill_monthly(pricing, hourly, vms, hours_used);
}

/* The bill of an autoscaled workload (wi, its load plan lp) on pool: one
 * line per group of the plan's bill (replicas billed alike: the same term,
 * the same hours a month), each the group's own bill_monthly() at its
 * term's price as recommend computed it, so the workload's lines sum to
 * lp->monthly_cost. */
static void load_plan_bills(struct build *b, size_t pool, size_t wi,
			    const struct recommend_load_plan *lp)
{
	size_t n = lp->nbills < RECOMMEND_LOAD_BILLS ? lp->nbills : RECOMMEND_LOAD_BILLS;

	for (size_t k = 0; k < n; k++) {
		const struct recommend_load_bill *g = &lp->bills[k];

		if (g->vms > 0)
			add_bill(b, pool, wi, g->term, g->hourly, (double)g->vms,
				 g->hours_per_month);
	}
}

/* AMD Instinct and Radeon GPUs are advertised by AMD's device plugin. */
static const char *gpu_resource(const char *gpu_model)
{
	if (strncmp(gpu_model, "MI", 2) == 0 || strncmp(gpu_model, "V6", 2) == 0 ||
	    strncmp(gpu_model, "V7", 2) == 0)
		return "amd.com/gpu";
	return "nvidia.com/gpu";
}

/* A recommended VM or cluster (not a MIG slice). */
static void place_vm(struct build *b, size_t wi)
{
	const struct recommend_workload *w = &b->r->workloads[wi];
	const struct recommend_choice *c = &w->rec;
	int nodes = c->fit.vm_count > 0 ? c->fit.vm_count : 1;
	int inst = c->fit.instances > 0 ? c->fit.instances : 1;
	size_t pool;
	struct k8s_placement *pl;

	/* inference: each model instance is a server of its own, a pod of
	 * gpus_per_instance GPUs; one that would span VMs cannot be a pod */
	if (w->type == PROFILE_INFERENCE && inst < nodes) {
		skip(b, wi, "one model instance spans %d VMs; a Deployment pod runs on one node",
		     (nodes + inst - 1) / inst);
		return;
	}
	pool = pool_for(b, c->sku, c->region, c->gpu_model, "", zone_of(b, wi));
	pl = add_part(b, wi, pool);
	if (w->type == PROFILE_INFERENCE) {
		pl->replicas = w->replicas * inst;
		pl->nodes = 1;
		pl->pods_per_node = inst / nodes > 1 ? inst / nodes : 1;
		pl->gpus_per_node = c->fit.gpus_per_instance > 0 ? c->fit.gpus_per_instance
				    : c->fit.gpu_count > inst ? (c->fit.gpu_count + inst - 1) / inst : 1;
	} else {
		pl->replicas = w->replicas;
		pl->nodes = nodes;
		pl->gpus_per_node = c->fit.gpu_count > nodes ? (c->fit.gpu_count + nodes - 1) / nodes
							     : 1;
	}
	snprintf(pl->resource, sizeof(pl->resource), "%s", gpu_resource(c->gpu_model));
	if (pl->nodes > 1) {
		/* one rdma/ib per InfiniBand NIC, one NIC per GPU on ND-series */
		pl->rdma = pl->gpus_per_node;
		b->plan->pools[pool].infiniband = 1;
	}
	if (b->plan->pools[pool].gpus_per_vm < pl->gpus_per_node)
		b->plan->pools[pool].gpus_per_vm = pl->gpus_per_node;
	if (w->type == PROFILE_INFERENCE && w->load_plan) {
		/* described by its traffic: the pods scale between the plan's
		 * bounds, and the pool's autoscaler with them (VMs per replica x
		 * replicas); no headroom on top, the pods never exceed
		 * max_replicas */
		const struct recommend_load_plan *lp = w->load_plan;
		long lo = lp->min_replicas > 0 ? lp->min_replicas : 0;
		long hi = lp->max_replicas > lo ? lp->max_replicas : lo;

		if (hi < 1)
			hi = 1;
		pl->autoscaled = 1;
		pl->engine = b->p && wi < b->p->nworkloads && b->p->workloads[wi].has_serving
			     ? (int)b->p->workloads[wi].serving.engine : -1;
		pl->replicas = (long)lp->peak_replicas * inst;
		pl->min_pods = lo * inst;
		pl->max_pods = hi * inst;
		pl->target_in_flight = lp->in_flight_target_per_replica / inst;
		b->scaled_min[pool] += (long)nodes * lo;
		b->scaled_max[pool] += (long)nodes * hi;
		load_plan_bills(b, pool, wi, lp);
		return;
	}
	if (w->type == PROFILE_INFERENCE)
		b->must_run[pool] += (long)nodes * w->replicas;
	else
		b->burst[pool] += (long)nodes * w->replicas;
	/* its VMs, as recommend bills them: all replicas, the hours they run */
	add_bill(b, pool, wi, c->pricing, c->unit_hourly, (double)c->vm_count, c->hours_used);
}

/* The gpu model of a size the workload ranked, "" when none says. */
static const char *model_of(const struct recommend_workload *w, const char *sku)
{
	if (strcmp(w->rec.sku, sku) == 0)
		return w->rec.gpu_model;
	for (size_t i = 0; i < w->nalternatives; i++)
		if (strcmp(w->alternatives[i].sku, sku) == 0)
			return w->alternatives[i].gpu_model;
	return "";
}

/* Instances per GPU of AKS's uniform layouts (AgentBaker mig-partition.sh:
 * MIG1g 7, MIG2g 3, MIG3g 2, MIG4g 1, MIG7g 1); 0 when unknown. */
static int aks_slices(const char *aks_profile)
{
	static const struct { const char *name; int n; } t[] = {
		{ "MIG1g", 7 }, { "MIG2g", 3 }, { "MIG3g", 2 }, { "MIG4g", 1 }, { "MIG7g", 1 },
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strcmp(t[i].name, aks_profile) == 0)
			return t[i].n;
	return 0;
}

/* The sliced replicas of workload wi the MIG plan put on its pool mi:
 * one part on the k8s pool of that pool (its size, region and AKS profile),
 * whose nodes are the plan pool's VMs (counted once, however many
 * workloads share it). */
static int place_mig_pool(struct build *b, size_t wi, size_t mi, int replicas,
			  struct diag_list *diags)
{
	const struct recommend_workload *w = &b->r->workloads[wi];
	const struct mig_plan_pool *mp = &b->r->mig.pools[mi];
	struct k8s_placement *pl;
	struct k8s_pool *p;
	size_t pool;

	if (!mp->aks_profile[0] || !mp->mig_profile[0]) {
		diag_list_add(diags, DIAG_ERROR, NULL, 0, 0,
			      "k8s: MIG pool '%s' has no AKS --gpu-instance-profile: the "
			      "plan must be the aks strategy's", mp->name);
		return -1;
	}
	pool = pool_for(b, mp->sku, mp->region, mp->gpu_model, mp->mig_profile, K8S_ZONE_ANY);
	p = &b->plan->pools[pool];
	snprintf(p->gpu_instance_profile, sizeof(p->gpu_instance_profile), "%s", mp->aks_profile);
	p->gpus_per_vm = mp->gpus_per_vm;
	p->slices_per_gpu = aks_slices(mp->aks_profile);
	if (!b->mig_counted[mi]) {
		b->mig_counted[mi] = 1;
		b->must_run[pool] += mp->vm_count;
		/* the plan pool's VMs, billed once for all its workloads (the
		 * plan's term: its workloads take one together) */
		if (mp->vm_count > 0)
			add_bill(b, pool, K8S_BILL_SHARED, w->rec.pricing,
				 mp->hourly_cost / mp->vm_count, mp->vm_count,
				 b->r->hours_per_month);
	}
	pl = add_part(b, wi, pool);
	pl->replicas = replicas;
	pl->nodes = 1;
	pl->gpus_per_node = 1;
	snprintf(pl->resource, sizeof(pl->resource), "nvidia.com/mig-%s", mp->mig_profile);
	return 0;
}

/* The bill of the replicas of workload wi that the MIG plan put on
 * dedicated small GPUs of their own (on pool): n VMs billed together, as
 * the plan bills them.  The plan keeps one line per replica, each its VM's
 * unrounded monthly (hourly x hours billed), from which the VM's hourly. */
static void dedicated_bill(struct build *b, size_t wi, size_t pool, int n)
{
	const struct recommend_mig_plan *m = &b->r->mig;
	enum pricing_kind k = b->r->workloads[wi].rec.pricing;
	double hb = bill_hours(k, b->r->hours_per_month);

	for (size_t d = 0; d < m->ndedicated; d++)
		if (m->dedicated[d].workload == wi && hb > 0) {
			add_bill(b, pool, wi, k, m->dedicated[d].monthly_cost / hb, n,
				 b->r->hours_per_month);
			return;
		}
}

/* A workload the MIG plan placed: the replicas on each of its pools'
 * slices (pool_index / pool_replicas, as the plan priced them) on that
 * pool, those on dedicated small GPUs on a pool of that size: one part
 * each.  A result that does not add up is an error, not a skip. */
static int place_mig(struct build *b, size_t wi, struct diag_list *diags)
{
	const struct recommend_workload *w = &b->r->workloads[wi];
	const struct recommend_mig_use *u = recommend_mig_use_of(w);
	long placed = 0;

	for (int k = 0; k < u->pools_spanned; k++) {
		size_t mi = (size_t)u->pool_index[k];
		if (u->pool_index[k] < 0 || mi >= b->r->mig.npools || u->pool_replicas[k] <= 0) {
			diag_list_add(diags, DIAG_ERROR, NULL, 0, 0,
				      "k8s: workload '%s': MIG plan pool %d of its replicas is not "
				      "in the plan", w->name, u->pool_index[k]);
			return -1;
		}
		if (place_mig_pool(b, wi, mi, u->pool_replicas[k], diags) != 0)
			return -1;
		placed += u->pool_replicas[k];
	}
	if (placed != u->replicas_on_slices) {
		diag_list_add(diags, DIAG_ERROR, NULL, 0, 0,
			      "k8s: workload '%s': the MIG plan's pools hold %ld of its %d replicas "
			      "on slices", w->name, placed, u->replicas_on_slices);
		return -1;
	}
	if (u->replicas_dedicated > 0) {
		const char *sku = u->plan_dedicated_sku;
		const char *region = u->region[0] ? u->region : w->rec.region;
		const char *model = model_of(w, sku);
		struct k8s_placement *pl;
		size_t pool;
		if (!sku[0]) {
			diag_list_add(diags, DIAG_ERROR, NULL, 0, 0,
				      "k8s: workload '%s': the MIG plan names no size for its %d "
				      "replicas on dedicated GPUs", w->name, u->replicas_dedicated);
			return -1;
		}
		pool = pool_for(b, sku, region, model, "", zone_of(b, wi));
		pl = add_part(b, wi, pool);
		pl->replicas = u->replicas_dedicated;
		pl->nodes = 1;
		pl->gpus_per_node = 1;
		snprintf(pl->resource, sizeof(pl->resource), "%s", gpu_resource(model));
		if (b->plan->pools[pool].gpus_per_vm < 1)
			b->plan->pools[pool].gpus_per_vm = 1;
		b->must_run[pool] += u->replicas_dedicated;
		dedicated_bill(b, wi, pool, u->replicas_dedicated);
	}
	return 0;
}

/* "a100" from "A100-SXM-80GB"; from a size name ("Standard_NC4as_T4_v3")
 * the token that names the GPU; "gpu" when neither says. */
static void gpu_family(const struct k8s_pool *p, char *out, size_t len)
{
	size_t n = 0;
	const char *s = p->gpu_model;
	out[0] = '\0';
	if (!s[0]) {
		/* Standard_<series>_<gpu>_v<n>: the token of letters then digits
		 * that is neither the series (N...) nor the version */
		const char *t = strchr(p->sku, '_');
		while (t && !s[0]) {
			const char *e = strchr(t + 1, '_');
			size_t tl = e ? (size_t)(e - t - 1) : strlen(t + 1);
			const char *tok = t + 1;
			size_t letters = 0, digits = 0;
			while (letters < tl && isupper((unsigned char)tok[letters]))
				letters++;
			while (letters + digits < tl && isdigit((unsigned char)tok[letters + digits]))
				digits++;
			if (letters && digits && letters + digits == tl && tok[0] != 'N')
				s = tok;
			t = e;
		}
	}
	for (; *s && *s != '-' && *s != '_' && n + 1 < len; s++)
		if (isalnum((unsigned char)*s))
			out[n++] = (char)tolower((unsigned char)*s);
	out[n] = '\0';
	if (!n || !isalpha((unsigned char)out[0]))
		snprintf(out, len, "gpu");
}

static int name_taken(const struct k8s_plan *plan, size_t upto, const char *name)
{
	for (size_t i = 0; i < upto; i++)
		if (strcmp(plan->pools[i].name, name) == 0)
			return 1;
	return 0;
}

/* "<family>[mig<n>g][ib][spot]", at most 12 characters; "2", "3" ... on a
 * clash (the base shortened to make room). */
static void name_pool(struct k8s_plan *plan, size_t i)
{
	struct k8s_pool *p = &plan->pools[i];
	char fam[16], base[64];
	gpu_family(p, fam, sizeof(fam));
	/* the long forms when they fit, else "m3g" for "mig3g" and "sp" for "spot" */
	for (int compact = 0; compact < 3; compact++) {
		const char *prof = p->gpu_instance_profile[0] ? p->gpu_instance_profile + 3 : "";
		snprintf(base, sizeof(base), "%s%s%s%s%s", fam,
			 !prof[0] ? "" : compact ? "m" : "mig", prof, p->infiniband ? "ib" : "",
			 p->priority != K8S_PRIORITY_SPOT ? "" : compact > 1 ? "sp" : "spot");
		if (strlen(base) <= K8S_POOL_NAME_LEN - 1)
			break;
	}
	for (char *c = base; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	base[K8S_POOL_NAME_LEN - 1] = '\0';
	memcpy(p->name, base, strlen(base) + 1);
	for (int k = 2; name_taken(plan, i, p->name); k++) {
		char num[12];
		size_t nl = (size_t)snprintf(num, sizeof(num), "%d", k);
		size_t keep = strlen(base);
		if (keep + nl > K8S_POOL_NAME_LEN - 1)
			keep = K8S_POOL_NAME_LEN - 1 - nl;
		snprintf(p->name, sizeof(p->name), "%.*s%s", (int)keep, base, num);
	}
}

/* A label value (at most 63 of [A-Za-z0-9._-], alphanumeric at both ends)
 * listing the pool's workloads, '.'-separated, as many whole as fit. */
static void workloads_label(const struct recommend_result *r, const struct k8s_pool *p,
			    char *out, size_t len)
{
	size_t n = 0;
	out[0] = '\0';
	for (size_t i = 0; i < p->nworkloads; i++) {
		char one[K8S_LABEL_VALUE_LEN];
		size_t m = 0;
		for (const char *s = r->workloads[p->workloads[i]].name; *s && m + 1 < sizeof(one);
		     s++) {
			unsigned char c = (unsigned char)*s;
			one[m++] = (char)(isalnum(c) || c == '_' || c == '.' || c == '-' ? c : '-');
		}
		while (m && !isalnum((unsigned char)one[m - 1]))
			m--;
		one[m] = '\0';
		{
			size_t start = 0;
			while (one[start] && !isalnum((unsigned char)one[start]))
				start++;
			m -= start;
			if (!m)
				continue;
			if (n + (n ? 1 : 0) + m > 63 || n + (n ? 1 : 0) + m + 1 > len)
				break;
			if (n)
				out[n++] = '.';
			memcpy(out + n, one + start, m);
			n += m;
			out[n] = '\0';
		}
	}
}

/* A MIG plan pool is one pool whatever zones its workloads ask: it gets
 * --zones N when every workload on it asks zone N; workloads of different
 * zones (or one without) leave it without --zones, with a warning (the plan
 * priced them together; availability already kept each off a size
 * restricted in its zone). */
static void mig_zones(struct build *b, struct diag_list *diags)
{
	for (size_t i = 0; i < b->plan->npools; i++) {
		struct k8s_pool *p = &b->plan->pools[i];
		int zone = -2;        /* none seen yet */
		int mixed = 0;

		if (p->zone != K8S_ZONE_ANY)
			continue;
		for (size_t k = 0; k < p->nworkloads; k++) {
			int z = zone_of(b, p->workloads[k]);

			if (zone == -2)
				zone = z;
			else if (z != zone)
				mixed = 1;
		}
		p->zone = !mixed && zone > 0 ? zone : 0;
		if (mixed)
			diag_list_add(diags, DIAG_WARNING, NULL, 0, 0,
				      "k8s: MIG pool '%s' holds workloads of different zones: it "
				      "is created without --zones", p->name);
	}
}

static void finish_pool(const struct build *b, size_t i)
{
	struct k8s_plan *plan = b->plan;
	struct k8s_pool *p = &plan->pools[i];
	long must = b->must_run[i], burst = b->burst[i];
	double h = b->r->headroom_pct > 0 ? b->r->headroom_pct : 0;

	/* min: the nodes of the replicas that always run (inference) and of
	 * the autoscaled ones at their minimum; max: the first with the
	 * headroom, the autoscaled at their maximum, plus the nodes training
	 * runs take while they run */
	p->scaled_min = b->scaled_min[i];
	p->scaled_max = b->scaled_max[i];
	p->min_count = must + p->scaled_min;
	p->max_count = (long)ceil((double)must * (1.0 + h / 100.0) - 1e-9) + p->scaled_max +
		       burst;
	if (p->max_count < p->min_count)
		p->max_count = p->min_count;
	p->count = p->min_count;

	p->ntaints = 1;
	if (b->o && b->o->has_taint) {
		p->taints[0] = b->o->taint;
	} else {
		snprintf(p->taints[0].key, sizeof(p->taints[0].key), "%s", K8S_GPU_TAINT_KEY);
		snprintf(p->taints[0].value, sizeof(p->taints[0].value), "%s", K8S_GPU_TAINT_VALUE);
		snprintf(p->taints[0].effect, sizeof(p->taints[0].effect), "%s",
			 K8S_GPU_TAINT_EFFECT);
	}
	p->nlabels = 2;
	snprintf(p->labels[0].key, sizeof(p->labels[0].key), "gpufit.io/pool");
	snprintf(p->labels[0].value, sizeof(p->labels[0].value), "%s", p->name);
	snprintf(p->labels[1].key, sizeof(p->labels[1].key), "gpufit.io/workloads");
	workloads_label(b->r, p, p->labels[1].value, sizeof(p->labels[1].value));
	if (p->zone >= 1 && p->zone <= 3) {   /* the profile reader allows 1-3 */
		p->zones[0] = (char)('0' + p->zone);
		p->zones[1] = '\0';
	}
	if (p->infiniband) {
		/* a PPG maps to one availability zone (AKS reduce-latency-ppg):
		 * the workloads' zone when they ask one, else zone 1 */
		snprintf(p->ppg, sizeof(p->ppg), "%sppg", p->name);
		if (p->zone <= 0)
			snprintf(p->zones, sizeof(p->zones), "1");
	}
}

/* AKS's limits: a pool whose replicas that always run need more nodes than
 * a node pool holds cannot be created, so the workloads on it are skipped and
 * the pool dropped; an autoscaler bound above the limit is capped there with
 * a warning, as is a cluster whose pools may grow past AKS's cluster limit. */
static void aks_limits(struct build *b, struct diag_list *diags)
{
	struct k8s_plan *plan = b->plan;
	long total = 0;

	for (size_t i = plan->npools; i-- > 0;) {
		struct k8s_pool *p = &plan->pools[i];
		size_t k = 0;

		if (p->min_count <= K8S_MAX_POOL_NODES) {
			if (p->max_count > K8S_MAX_POOL_NODES) {
				diag_list_add(diags, DIAG_WARNING, NULL, 0, 0,
					      "k8s: node pool '%s': autoscaler maximum %ld capped at "
					      "%d, AKS's limit per node pool (the headroom above it "
					      "needs another pool)", p->name, p->max_count,
					      K8S_MAX_POOL_NODES);
				p->max_count = K8S_MAX_POOL_NODES;
			}
			total += p->max_count;
			continue;
		}
		for (size_t w = 0; w < p->nworkloads; w++)
			skip(b, p->workloads[w], "its node pool '%s' needs %ld nodes; an AKS node pool "
			     "holds at most %d", p->name, p->min_count, K8S_MAX_POOL_NODES);
		/* the placements of its workloads go with it (all their parts) */
		for (size_t j = 0; j < plan->nplacements; j++) {
			int gone = 0;
			for (size_t w = 0; w < p->nworkloads && !gone; w++)
				gone = plan->placements[j].workload == p->workloads[w];
			if (gone)
				continue;
			if (plan->placements[j].pool > i)
				plan->placements[j].pool--;
			plan->placements[k++] = plan->placements[j];
		}
		plan->nplacements = k;
		free(p->workloads);
		free(p->bills);
		memmove(p, p + 1, (plan->npools - i - 1) * sizeof(*p));
		plan->npools--;
	}
	if (total > K8S_MAX_CLUSTER_NODES)
		diag_list_add(diags, DIAG_WARNING, NULL, 0, 0,
			      "k8s: the node pools may grow to %ld nodes; an AKS cluster holds at most "
			      "%d (Standard tier; 1,000 on the Free tier)", total, K8S_MAX_CLUSTER_NODES);
}

/* Under pricing auto, the terms each pool's workloads are billed under (the
 * VMs are the same whatever the term; a reservation or savings plan is
 * bought apart from the pool). */
static void pool_terms(const struct recommend_result *r, struct k8s_plan *plan)
{
	plan->pricing_auto = 1;
	for (size_t i = 0; i < plan->npools; i++) {
		struct k8s_pool *p = &plan->pools[i];
		unsigned used = 0;
		size_t at = 0;
		for (size_t k = 0; k < plan->nplacements; k++)
			if (plan->placements[k].pool == i)
				used |= 1u << r->workloads[plan->placements[k].workload].rec.pricing;
		/* a load plan's burst may go on another term (payg) */
		for (size_t k = 0; k < p->nbills; k++)
			used |= 1u << p->bills[k].pricing;
		for (int t = 0; t < PRICING_COUNT && at < sizeof p->terms; t++)
			if (used & (1u << t))
				at += (size_t)snprintf(p->terms + at, sizeof p->terms - at, "%s%s",
						       at ? ", " : "", pricing_name((enum pricing_kind)t));
	}
}

/* Each pool's bill and the plan's: sums of bills, in whole cents. */
static void pool_totals(struct k8s_plan *plan)
{
	long long all = 0;

	for (size_t i = 0; i < plan->npools; i++) {
		struct k8s_pool *p = &plan->pools[i];
		long long c = 0;

		for (size_t k = 0; k < p->nbills; k++)
			c = bill_cents_add(c, bill_to_cents(p->bills[k].monthly));
		p->monthly_cost = (double)c / 100.0;
		all = bill_cents_add(all, c);
	}
	plan->monthly_cost = (double)all / 100.0;
}

void k8s_pool_bill_summary(const struct k8s_pool *p, int *pricing, double *hourly,
			   double *vms, double *hours_billed)
{
	*pricing = -1;
	*hourly = -1;
	*hours_billed = -1;
	*vms = 0;
	for (size_t k = 0; k < p->nbills; k++) {
		const struct k8s_bill *l = &p->bills[k];

		*vms += l->vms;
		if (k == 0) {
			*pricing = (int)l->pricing;
			*hourly = l->hourly;
			*hours_billed = l->hours_billed;
			continue;
		}
		if (*pricing != (int)l->pricing)
			*pricing = -1;
		if (*hourly != l->hourly)
			*hourly = -2;
		if (*hours_billed != l->hours_billed)
			*hours_billed = -2;
	}
}

int k8s_pools_build(const struct recommend_result *r, const struct profile *p,
		    const struct k8s_pool_options *o, struct k8s_plan *out,
		    struct diag_list *diags)
{
	struct build b;
	/* built here and copied to out at the end: a local that no other
	 * function sees keeps "must_run and burst hold npools entries" plain to
	 * the static analyzer, which must assume any call may change *out */
	struct k8s_plan plan;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	memset(&plan, 0, sizeof(plan));
	memset(&b, 0, sizeof(b));
	b.r = r;
	b.p = p;
	b.o = o;
	b.plan = &plan;
	b.prio = r->pricing == PRICING_SPOT ? K8S_PRIORITY_SPOT : K8S_PRIORITY_REGULAR;
	b.mig_counted = xcalloc(r->mig.npools + 1, 1);

	for (size_t i = 0; i < r->nworkloads && rc == 0; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		if (!w->feasible)
			skip(&b, i, "no feasible option");
		else if (recommend_mig_use_of(w)->use == RECOMMEND_BASIS_PLAN)
			rc = place_mig(&b, i, diags);
		else if (w->rec.placement == FIT_PLACEMENT_MIG)
			skip(&b, i, "its MIG slice is not placed by the MIG plan (no node pool holds it)");
		else
			place_vm(&b, i);
	}
	if (rc == 0) {
		for (size_t i = 0; i < plan.npools; i++)
			name_pool(&plan, i);
		mig_zones(&b, diags);
		for (size_t i = 0; i < plan.npools; i++)
			finish_pool(&b, i);
		aks_limits(&b, diags);
		if (r->pricing_auto)
			pool_terms(r, &plan);
		pool_totals(&plan);
	}
	free(b.must_run);
	free(b.burst);
	free(b.scaled_min);
	free(b.scaled_max);
	free(b.mig_counted);
	if (rc != 0)
		k8s_plan_release(&plan);
	else
		*out = plan;
	return rc;
}

void k8s_plan_release(struct k8s_plan *plan)
{
	for (size_t i = 0; i < plan->npools; i++) {
		free(plan->pools[i].workloads);
		free(plan->pools[i].bills);
	}
	free(plan->pools);
	free(plan->placements);
	free(plan->skipped);
	memset(plan, 0, sizeof(*plan));
}
