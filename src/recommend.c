/*
 * recommend.c - builds the recommendation for a workload profile.
 *
 * The catalog is read once: VM sizes, GPU models, MIG profiles, efficiency
 * factors (resolved once per GPU model), storage tiers and the prices of the
 * chosen kind and currency, which go into a size × region table.  Every
 * candidate shape (a VM size, or a MIG slice of a MIG-capable size) is sized
 * once per workload by the fit engine, independent of region; shapes with
 * the same capacity (one MIG profile on several sizes of a series) share one
 * sizing.  Identical workloads (a fleet of copies) share the sizing and the
 * whole ranking through a direct-mapped cache keyed by the fit engine's
 * workload and the regions asked for: a cache hit only copies the ranked
 * options and adds what is the workload's own (name, current deployment,
 * findings).
 *
 * Sizes the spec tables do not know (spec_known 0) are never sized; where
 * they have a price they are named in `rejected` ("spec unknown") and in one
 * warning per region.
 *
 * Totals equal the bill.  A workload whose cheapest option is a MIG slice
 * (priced at its share of a GPU) is a MIG candidate; its best dedicated
 * option is kept too.  The MIG packing plan hands the candidates' replicas
 * to the packer (mig.h) per region, with feasibility and prices from the
 * same sizing and price table, and prices whole VMs.  recommend_totals()
 * then decides per region: the candidates keep their slices, charged their
 * parts of the plan, when it costs less than their dedicated options, and
 * are recommended those otherwise.  Savings against today's deployment and
 * the findings that depend on the final choice come last.
 *
 * The JSON renderer of the result lives here too, so that `check` prints the
 * same document as `recommend -f json`.
 */
#include "recommend.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "json_out.h"
#include "util.h"

#define CACHE_SLOTS 512
#define REJECTS_PER_REASON 2
#define MAX_REJECTED 6

/* One capacity shape: a VM size, or one MIG slice of a MIG-capable size. */
struct shape {
	int vm;                    /* index into vms */
	int mig;                   /* index into migs, -1 for the whole VM */
	int gpu;                   /* index into gpus */
	int infiniband;
	int same;                  /* an earlier shape sized alike, or -1 */
	double share;              /* price share of one VM: 1, or slice share / GPUs */
	struct sizing_capacity cap;
};

/* A feasible, priced candidate while a workload is ranked. */
struct cand {
	int shape;
	int region;                /* index into ctx regions */
	double hourly, monthly, job_cost;
	int gpus;
	double headroom;
};

/* A MIG-capable size with a price in one region: an offer of the packer. */
struct pack_offer {
	int vm;
	double hourly;
	size_t nprofiles;
	struct mig_profile profiles[MIG_MAX_PROFILES];
	int shape[MIG_MAX_PROFILES];      /* the slice's shape, -1: not used */
};

/* What the packer needs of one workload, for the region of its choice. */
struct pack_need {
	int ok;                           /* 1: some slice serves a replica alone */
	int region;
	unsigned feasible[MIG_MAX_OFFERS];
	double dedicated_hourly;          /* cheapest dedicated small GPU, 0: none */
	int dedicated_vm;
};

/* The best dedicated option of a workload whose cheapest option is a MIG
 * slice: what it is recommended when no MIG plan shares its GPU. */
struct fallback {
	int has;                          /* some dedicated option is priced */
	struct recommend_choice ded;      /* D_w */
	size_t nalts;
	struct recommend_choice *alts;    /* the next dedicated options, D_w's region */
	size_t nregions;
	struct recommend_region_cost *regions;  /* each region's best dedicated option */
};

/* Where the MIG plan put the replicas of one workload. */
struct placed {
	int ded_vm;                       /* replica 0 on a dedicated GPU: the VM size; -1 */
	int nvms, ngpus;                  /* distinct VMs and GPUs its sliced replicas
					     occupy (each dedicated one: one VM, one GPU) */
	int sliced, dedicated;            /* replicas on slices, on dedicated GPUs */
	int npools;                       /* pools its sliced replicas sit in */
};

/* Where the packer put one item: a GPU of a plan pool, or a dedicated GPU. */
struct item_loc {
	int pool, vm, gpu;                /* pool -1: dedicated */
};

struct cache_slot {
	int used;
	struct fit_workload key;
	struct fit_result *fits;   /* nall */
	/* the ranking for the regions regs[0..nregs) */
	int ranked;
	int regs[PROFILE_MAX_REGIONS];
	size_t nregs;
	size_t nfeasible_shapes;
	struct recommend_workload tmpl;   /* feasible, needs, rec, alternatives,
					     rejected, regions */
	int fb;                           /* when tmpl.rec is a MIG slice: index into
					     ctx fbpool, else -1 */
	struct pack_need pack;
};

struct ctx {
	const struct profile *p;
	const struct recommend_options *o;
	struct recommend_result *res;
	struct vm_size *vms;
	size_t nvms;
	struct gpu_spec *gpus;
	size_t ngpus;
	struct sizing_factors *factors;   /* per GPU */
	int *factors_ok;
	struct mig_profile *migs;
	size_t nmigs;
	struct storage_tier *tiers;
	size_t ntiers;
	struct model_preset *presets;
	size_t npresets;
	/* shapes[0..nshapes) are candidates; [nshapes..nall) are sized for the
	 * MIG plan only (the full-GPU 7g profiles) */
	struct shape *shapes;
	size_t nshapes, nall;
	int *unknown;                     /* spec-unknown sizes (indices into vms) */
	size_t nunknown;
	/* regions in use and prices: price[vm * nregions + region], 0 = none */
	char (*regions)[32];
	size_t nregions;
	double *price;
	unsigned char *unpriced;          /* same layout: feasible but unpriced seen */
	struct cache_slot cache[CACHE_SLOTS];
	struct cand *cands;
	size_t ncands, capcands;
	/* MIG plan: offers per region, each workload's needs */
	struct pack_offer *offers;        /* offers[region * MIG_MAX_OFFERS + i] */
	size_t *noffers;                  /* per region */
	struct pack_need *needs;          /* per workload */
	/* the dedicated fallbacks of MIG candidates, one per ranking (identical
	 * workloads share one), and each workload's (-1: none) */
	struct fallback *fbpool;
	size_t nfbpool, capfbpool;
	int *fb_of;
	unsigned char *covered;           /* per workload: packed by the MIG plan */
	int *first_pool;                  /* per workload: plan pool of replica 0, -1 */
	struct placed *placed;            /* per workload: where the plan put it */
	int *pool_shape;                  /* per plan pool: the shape of its slice */
	int *whole_shape;                 /* per VM size: its whole-VM shape, -1 */
	unsigned char *region_used;       /* some workload may run there */
	enum pricing_kind pricing;
	const char *currency;
	double hours;
	double headroom;
};

void recommend_options_init(struct recommend_options *o)
{
	memset(o, 0, sizeof(*o));
	o->headroom_pct = RECOMMEND_DEFAULT_HEADROOM_PCT;
	o->top = RECOMMEND_DEFAULT_TOP;
}

static const char *const severity_names[] = { "info", "warning", "error" };

const char *recommend_severity_name(enum recommend_severity s)
{
	if ((int)s < 0 || (int)s > 2)
		return "?";
	return severity_names[s];
}

static const char *const basis_names[] = { "own", "mig-plan", "dedicated", "slice-share" };

const char *recommend_basis_name(enum recommend_basis b)
{
	if ((int)b < 0 || (int)b > 3)
		return "?";
	return basis_names[b];
}

/* ---- the totals rule ------------------------------------------------------ */

static long long to_cents(double v)
{
	return llround(v * 100.0);
}

struct remainder {
	long double rem;
	size_t item;
};

static int cmp_remainder(const void *a, const void *b)
{
	const struct remainder *x = a, *y = b;
	if (x->rem != y->rem)
		return x->rem > y->rem ? -1 : 1;
	return x->item < y->item ? -1 : x->item > y->item;
}

/* A member's weight: its best dedicated cost D_w (its cost alone), or its
 * slice-share price when it has no dedicated option. */
static long long weight_of(const struct recommend_totals_item *it, int equal)
{
	long long w = equal ? 1
			    : to_cents(it->has_dedicated ? it->dedicated_monthly : it->share_monthly);
	return w > 0 ? w : 0;
}

/* Allocates the plan's cents over the members of group g in proportion to
 * their weights (dedicated cents): whole cents rounded down, then the leftover
 * cents one each by largest remainder, ties to the earlier item. */
static void allocate(struct recommend_totals_item *items, size_t n, size_t g, long long plan)
{
	struct remainder *rems;
	long long wsum = 0, given = 0;
	size_t members = 0, k = 0;
	int equal;

	for (size_t i = 0; i < n; i++)
		if (items[i].group >= 0 && (size_t)items[i].group == g) {
			wsum += weight_of(&items[i], 0);
			members++;
		}
	if (!members)
		return;
	equal = wsum <= 0;
	if (equal)
		wsum = (long long)members;
	rems = xmalloc(members * sizeof(*rems));
	for (size_t i = 0; i < n; i++) {
		long double exact;
		long long part;
		if (items[i].group < 0 || (size_t)items[i].group != g)
			continue;
		/* long double: plan x weight may pass 2^63 for absurd amounts */
		exact = (long double)plan * (long double)weight_of(&items[i], equal) /
			(long double)wsum;
		part = (long long)exact;
		items[i].part_monthly = (double)part;
		given += part;
		rems[k].rem = exact - (long double)part;
		rems[k].item = i;
		k++;
	}
	qsort(rems, members, sizeof(*rems), cmp_remainder);
	for (size_t j = 0; j < members && given < plan; j++, given++)
		items[rems[j].item].part_monthly += 1;
	for (size_t j = 0; j < members; j++)
		items[rems[j].item].part_monthly /= 100.0;
	free(rems);
}

double recommend_totals(struct recommend_totals_item *items, size_t n,
			struct recommend_totals_group *groups, size_t ngroups)
{
	long long total = 0;

	for (size_t g = 0; g < ngroups; g++) {
		groups[g].nitems = 0;
		groups[g].dedicated_monthly = 0;
		groups[g].used = 0;
	}
	for (size_t i = 0; i < n; i++) {
		struct recommend_totals_item *it = &items[i];
		it->basis = RECOMMEND_BASIS_OWN;
		it->part_monthly = 0;
		it->monthly = 0;
		if (it->group >= 0 && (size_t)it->group >= ngroups)
			it->group = -1;
	}
	for (size_t g = 0; g < ngroups; g++) {
		struct recommend_totals_group *gr = &groups[g];
		long long ded = 0;
		int forced = 0;
		for (size_t i = 0; i < n; i++) {
			if (items[i].group < 0 || (size_t)items[i].group != g)
				continue;
			gr->nitems++;
			if (items[i].has_dedicated)
				ded += to_cents(items[i].dedicated_monthly);
			else
				forced = 1;
		}
		gr->dedicated_monthly = (double)ded / 100.0;
		if (!gr->nitems)
			continue;
		if (gr->priced)
			allocate(items, n, g, to_cents(gr->plan_monthly));
		gr->used = gr->priced && (forced || to_cents(gr->plan_monthly) < ded);
	}
	for (size_t i = 0; i < n; i++) {
		struct recommend_totals_item *it = &items[i];
		if (it->group < 0) {
			it->monthly = it->has_dedicated ? (double)to_cents(it->dedicated_monthly) / 100.0
							: 0;
		} else if (groups[it->group].used) {
			it->basis = RECOMMEND_BASIS_PLAN;
			it->monthly = it->part_monthly;
		} else if (it->has_dedicated) {
			it->basis = RECOMMEND_BASIS_DEDICATED;
			it->monthly = (double)to_cents(it->dedicated_monthly) / 100.0;
		} else {
			it->basis = RECOMMEND_BASIS_SHARE;
			it->monthly = (double)to_cents(it->share_monthly) / 100.0;
		}
		total += to_cents(it->monthly);
	}
	return (double)total / 100.0;
}

static void copy_str(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src ? src : "");
}

static int cmp_vm_sku(const void *a, const void *b)
{
	return strcmp(((const struct vm_size *)a)->sku, ((const struct vm_size *)b)->sku);
}

static int vm_index(const struct ctx *c, const char *sku)
{
	struct vm_size key;
	const struct vm_size *v;
	copy_str(key.sku, sizeof(key.sku), sku);
	v = bsearch(&key, c->vms, c->nvms, sizeof(*c->vms), cmp_vm_sku);
	return v ? (int)(v - c->vms) : -1;
}

static int gpu_index(const struct ctx *c, const char *name)
{
	for (size_t i = 0; i < c->ngpus; i++)
		if (strcasecmp(c->gpus[i].name, name) == 0)
			return (int)i;
	return -1;
}

static int region_index(const struct ctx *c, const char *name)
{
	for (size_t i = 0; i < c->nregions; i++)
		if (strcasecmp(c->regions[i], name) == 0)
			return (int)i;
	return -1;
}

static void add_region(struct ctx *c, const char *name)
{
	if (!name || !*name || region_index(c, name) >= 0)
		return;
	c->regions = xrealloc(c->regions, (c->nregions + 1) * sizeof(*c->regions));
	copy_str(c->regions[c->nregions], sizeof(c->regions[0]), name);
	c->nregions++;
}

static void add_warning(struct recommend_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_warning(struct recommend_result *r, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	r->warnings = xrealloc(r->warnings, (r->nwarnings + 1) * sizeof(*r->warnings));
	r->warnings[r->nwarnings++] = xstrdup(buf);
}

static void add_finding(struct recommend_workload *w, const char *kind,
			enum recommend_severity sev, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void add_finding(struct recommend_workload *w, const char *kind,
			enum recommend_severity sev, const char *fmt, ...)
{
	char buf[1024];
	struct recommend_finding *f;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	w->findings = xrealloc(w->findings, (w->nfindings + 1) * sizeof(*w->findings));
	f = &w->findings[w->nfindings++];
	copy_str(f->kind, sizeof(f->kind), kind);
	f->severity = sev;
	f->message = xstrdup(buf);
}

/* The regions a workload may run in (indices into c->regions). */
static size_t workload_regions(const struct ctx *c, const struct profile_workload *pw, int *out)
{
	size_t n = 0;
	if (c->o->nregions) {
		for (size_t i = 0; i < c->o->nregions; i++)
			out[n++] = region_index(c, c->o->regions[i]);
	} else if (pw->has_region) {
		out[n++] = region_index(c, pw->region);
	} else {
		for (size_t i = 0; i < c->p->nregions; i++)
			out[n++] = region_index(c, c->p->regions[i]);
	}
	return n;
}

/* ---- loading ------------------------------------------------------------ */

static int load(struct ctx *c, catalog *cat, char *err)
{
	struct efficiency *eff = NULL;
	struct price *prices = NULL;
	size_t neff = 0, nprices = 0;

	if (catalog_vm_list(cat, &c->vms, &c->nvms, err) != 0 ||
	    catalog_gpu_list(cat, &c->gpus, &c->ngpus, err) != 0 ||
	    catalog_mig_list(cat, NULL, &c->migs, &c->nmigs, err) != 0 ||
	    catalog_preset_list(cat, &c->presets, &c->npresets, err) != 0 ||
	    catalog_storage_list(cat, &c->tiers, &c->ntiers, err) != 0 ||
	    catalog_efficiency_list(cat, &eff, &neff, err) != 0)
		goto fail;
	qsort(c->vms, c->nvms, sizeof(*c->vms), cmp_vm_sku);

	c->factors = xcalloc(c->ngpus + 1, sizeof(*c->factors));
	c->factors_ok = xcalloc(c->ngpus + 1, sizeof(*c->factors_ok));
	for (size_t i = 0; i < c->ngpus; i++)
		c->factors_ok[i] = sizing_factors_resolve(eff, neff, &c->gpus[i], &c->factors[i],
							  NULL) == 0;
	if (sizing_factors_resolve(eff, neff, NULL, &c->res->factors, err) != 0)
		goto fail;
	free(eff);
	eff = NULL; /* the fail path below frees it too */

	/* regions in use: overrides, profile regions, pins, current deployments */
	for (size_t i = 0; i < c->o->nregions; i++)
		add_region(c, c->o->regions[i]);
	for (size_t i = 0; i < c->p->nregions; i++)
		add_region(c, c->p->regions[i]);
	for (size_t i = 0; i < c->p->nworkloads; i++)
		add_region(c, profile_workload_region(c->p, &c->p->workloads[i]));

	c->price = xcalloc(c->nvms * c->nregions + 1, sizeof(*c->price));
	c->unpriced = xcalloc(c->nvms * c->nregions + 1, 1);
	if (catalog_price_list(cat, NULL, &prices, &nprices, err) != 0)
		goto fail;
	for (size_t i = 0; i < nprices; i++) {
		const struct price *pr = &prices[i];
		int v, r;
		if (pr->pricing != c->pricing || strcasecmp(pr->os, "linux") != 0 ||
		    strcasecmp(pr->currency, c->currency) != 0 || !(pr->hourly > 0))
			continue;
		if ((r = region_index(c, pr->region)) < 0 || (v = vm_index(c, pr->sku)) < 0)
			continue;
		c->price[(size_t)v * c->nregions + r] = pr->hourly;
	}
	free(prices);
	return 0;
fail:
	free(eff);
	free(prices);
	return -1;
}

static int cap_equal(const struct sizing_capacity *x, const struct sizing_capacity *y)
{
	return x->kind == y->kind && x->gpus == y->gpus && x->gpus_per_node == y->gpus_per_node &&
	       x->nodes == y->nodes && x->nvlink_domain == y->nvlink_domain &&
	       x->fraction == y->fraction && x->memory_gib == y->memory_gib &&
	       x->bandwidth_gbps == y->bandwidth_gbps && x->fp32_tflops == y->fp32_tflops &&
	       x->fp16_tflops == y->fp16_tflops && x->bf16_tflops == y->bf16_tflops &&
	       x->fp8_tflops == y->fp8_tflops && x->int8_tops == y->int8_tops &&
	       x->link_gbps == y->link_gbps && x->pcie_gbps == y->pcie_gbps &&
	       x->infiniband_gbps == y->infiniband_gbps &&
	       strcmp(x->gpu_model, y->gpu_model) == 0 &&
	       strcmp(x->architecture, y->architecture) == 0 &&
	       strcmp(x->mig_profile, y->mig_profile) == 0;
}

static void push_shape(struct ctx *c, size_t *cap, struct shape *s)
{
	s->same = -1;
	for (size_t j = 0; j < c->nall && !c->vms[s->vm].retired; j++) {
		const struct shape *o = &c->shapes[j];
		if (o->same < 0 && o->gpu == s->gpu && o->infiniband == s->infiniband &&
		    (o->mig < 0) == (s->mig < 0) && !c->vms[o->vm].retired &&
		    cap_equal(&o->cap, &s->cap)) {
			s->same = (int)j;
			break;
		}
	}
	if (c->nall == *cap)
		c->shapes = xrealloc(c->shapes, (*cap *= 2) * sizeof(*c->shapes));
	c->shapes[c->nall++] = *s;
}

/* The slices of a MIG-capable size: full: only the 7-slice profile (for the
 * MIG plan), else every other profile but the +me variants. */
static void add_slices(struct ctx *c, size_t *cap, const struct shape *vs, int full)
{
	const struct vm_size *vm = &c->vms[vs->vm];
	if (!vm->mig_capable || vm->retired || vm->gpu_count < 1)
		return;
	for (size_t m = 0; m < c->nmigs; m++) {
		const struct mig_profile *mp = &c->migs[m];
		struct shape ms = *vs;
		if (strcasecmp(mp->gpu_model, vm->gpu_model) != 0 || mp->media_ext ||
		    (mp->compute_slices >= 7) != full)
			continue;
		if (sizing_capacity_from_mig(&c->gpus[vs->gpu], mp, &ms.cap) != 0)
			continue;
		ms.mig = (int)m;
		ms.infiniband = 0;
		ms.share = fit_mig_share(mp) / vm->gpu_count;
		push_shape(c, cap, &ms);
	}
}

static void build_shapes(struct ctx *c)
{
	size_t cap = 64;
	c->shapes = xmalloc(cap * sizeof(*c->shapes));
	c->unknown = xcalloc(c->nvms + 1, sizeof(*c->unknown));
	for (int full = 0; full <= 1; full++) {
		for (size_t v = 0; v < c->nvms; v++) {
			const struct vm_size *vm = &c->vms[v];
			struct shape s;
			int g;
			if (fit_vm_check(vm) == FIT_REJ_SPEC_UNKNOWN) {
				if (!full)
					c->unknown[c->nunknown++] = (int)v;
				continue;
			}
			if ((g = gpu_index(c, vm->gpu_model)) < 0 || !c->factors_ok[g])
				continue;
			memset(&s, 0, sizeof(s));
			s.vm = (int)v;
			s.mig = -1;
			s.gpu = g;
			s.infiniband = vm->infiniband_gbps > 0;
			s.share = 1.0;
			if (sizing_capacity_from_vm(vm, &c->gpus[g], 1, &s.cap) != 0)
				continue;
			if (!full)
				push_shape(c, &cap, &s);
			add_slices(c, &cap, &s, full);
		}
		if (!full)
			c->nshapes = c->nall;
	}
}

static int cmp_offer(const void *a, const void *b)
{
	const struct pack_offer *x = a, *y = b;
	if (x->hourly != y->hourly)
		return x->hourly < y->hourly ? -1 : 1;
	return x->vm - y->vm;
}

/* The packer's offers of every region: MIG-capable sizes with a whole
 * number of GPUs and a price there, cheapest per GPU first (the dearest
 * beyond MIG_MAX_OFFERS are dropped), with every MIG profile of the GPU
 * model and the shape each usable one was sized as. */
static void build_offers(struct ctx *c)
{
	struct pack_offer *all = xcalloc(c->nvms + 1, sizeof(*all));
	c->offers = xcalloc(c->nregions * MIG_MAX_OFFERS + 1, sizeof(*c->offers));
	c->noffers = xcalloc(c->nregions + 1, sizeof(*c->noffers));
	for (size_t r = 0; r < c->nregions; r++) {
		size_t n = 0;
		for (size_t v = 0; v < c->nvms; v++) {
			const struct vm_size *vm = &c->vms[v];
			double hourly = c->price[v * c->nregions + r];
			struct pack_offer *o = &all[n];
			int g;
			if (!vm->mig_capable || fit_vm_check(vm) != FIT_OK || vm->gpu_count < 1 ||
			    fabs(vm->gpu_count - floor(vm->gpu_count)) > 1e-9 || !(hourly > 0) ||
			    (g = gpu_index(c, vm->gpu_model)) < 0 || !c->factors_ok[g])
				continue;
			o->vm = (int)v;
			o->hourly = hourly / vm->gpu_count; /* per GPU while sorting */
			o->nprofiles = 0;
			for (size_t m = 0; m < c->nmigs && o->nprofiles < MIG_MAX_PROFILES; m++) {
				if (strcasecmp(c->migs[m].gpu_model, vm->gpu_model) != 0)
					continue;
				o->shape[o->nprofiles] = -1;
				for (size_t i = 0; i < c->nall; i++)
					if (c->shapes[i].vm == (int)v && c->shapes[i].mig == (int)m)
						o->shape[o->nprofiles] = (int)i;
				o->profiles[o->nprofiles++] = c->migs[m];
			}
			if (o->nprofiles)
				n++;
		}
		if (n)
			qsort(all, n, sizeof(*all), cmp_offer);
		if (n > MIG_MAX_OFFERS)
			n = MIG_MAX_OFFERS;
		for (size_t i = 0; i < n; i++) {
			all[i].hourly *= c->vms[all[i].vm].gpu_count;
			c->offers[r * MIG_MAX_OFFERS + i] = all[i];
		}
		c->noffers[r] = n;
	}
	free(all);
}

/* ---- workloads ---------------------------------------------------------- */

/* Converts a profile workload; -1 with a reason when it cannot be sized. */
static int to_fit(const struct ctx *c, const struct profile_workload *pw, struct fit_workload *w,
		  const char **why)
{
	return fit_workload_from_profile(pw, c->presets, c->npresets, c->headroom, w, why);
}

static uint64_t hash_bytes(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ULL;
	return h;
}

static void tmpl_release(struct recommend_workload *t)
{
	free(t->alternatives);
	free(t->rejected);
	free(t->regions);
	memset(t, 0, sizeof(*t));
}

static void fallback_release(struct fallback *fb)
{
	free(fb->alts);
	free(fb->regions);
	memset(fb, 0, sizeof(*fb));
}

/* The cache slot of w, with w sized on every shape (the slot owns it). */
static struct cache_slot *size_all(struct ctx *c, const struct fit_workload *w)
{
	struct cache_slot *s = &c->cache[hash_bytes(w, sizeof(*w)) % CACHE_SLOTS];
	if (s->used && memcmp(&s->key, w, sizeof(*w)) == 0)
		return s;
	if (!s->fits)
		s->fits = xcalloc(c->nall + 1, sizeof(*s->fits));
	s->used = 1;
	s->ranked = 0;
	s->key = *w;
	for (size_t i = 0; i < c->nall; i++) {
		const struct shape *sh = &c->shapes[i];
		struct fit_result *r = &s->fits[i];
		if (c->vms[sh->vm].retired) {
			memset(r, 0, sizeof(*r));
			r->reject = FIT_REJ_RETIRED;
			continue;
		}
		if (w->kind == FIT_TRAINING && sh->mig >= 0) {
			memset(r, 0, sizeof(*r));
			r->reject = FIT_REJ_NOT_FOR_TRAINING;
			continue;
		}
		if (sh->same >= 0) {
			*r = s->fits[sh->same];
			continue;
		}
		fit_evaluate(w, &sh->cap, sh->infiniband, &c->factors[sh->gpu], r);
	}
	return s;
}

static int cmp_cand(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	int r = fit_compare(x->monthly, x->gpus, x->headroom, y->monthly, y->gpus, y->headroom);
	if (r)
		return r;
	if (x->shape != y->shape)
		return x->shape < y->shape ? -1 : 1;
	return x->region - y->region;
}

static void fill_choice(const struct ctx *c, const struct fit_workload *w, const struct cand *k,
			const struct fit_result *fits, struct recommend_choice *out)
{
	const struct shape *sh = &c->shapes[k->shape];
	const struct vm_size *vm = &c->vms[sh->vm];
	memset(out, 0, sizeof(*out));
	copy_str(out->sku, sizeof(out->sku), vm->sku);
	copy_str(out->region, sizeof(out->region), c->regions[k->region]);
	copy_str(out->gpu_model, sizeof(out->gpu_model), vm->gpu_model);
	out->fit = fits[k->shape];
	if (sh->mig >= 0) {
		out->placement = FIT_PLACEMENT_MIG;
		out->basis = RECOMMEND_BASIS_SHARE;
		copy_str(out->mig_profile, sizeof(out->mig_profile), c->migs[sh->mig].name);
	} else {
		out->placement = out->fit.vm_count > 1 && w->kind == FIT_TRAINING
					 ? FIT_PLACEMENT_CLUSTER : FIT_PLACEMENT_VM;
	}
	out->vm_count = out->fit.vm_count * (int)w->replicas;
	out->gpu_count = out->fit.gpu_count * (int)w->replicas;
	out->unit_hourly = c->price[(size_t)sh->vm * c->nregions + k->region] * sh->share;
	out->hourly_cost = k->hourly;
	out->monthly_cost = k->monthly;
	out->job_cost = k->job_cost;
}

/* Same offer for the alternatives list: MIG slices of one GPU model and
 * profile on different sizes of the same series price alike. */
static int same_offer(const struct ctx *c, const struct cand *a, const struct cand *b)
{
	const struct shape *x = &c->shapes[a->shape], *y = &c->shapes[b->shape];
	if (a->shape == b->shape)
		return 1;
	return x->mig >= 0 && y->mig >= 0 && x->mig == y->mig;
}

static void add_reject(struct ctx *c, struct recommend_workload *rw, int vm, int mig,
		       const struct fit_result *f, const char *region, double order,
		       size_t *counts)
{
	struct recommend_reject *r;
	if (counts[f->reject] >= REJECTS_PER_REASON || rw->nrejected >= MAX_REJECTED)
		return;
	counts[f->reject]++;
	rw->rejected = xrealloc(rw->rejected, (rw->nrejected + 1) * sizeof(*rw->rejected));
	r = &rw->rejected[rw->nrejected++];
	memset(r, 0, sizeof(*r));
	copy_str(r->sku, sizeof(r->sku), c->vms[vm].sku);
	copy_str(r->region, sizeof(r->region), region);
	if (mig >= 0)
		copy_str(r->mig_profile, sizeof(r->mig_profile), c->migs[mig].name);
	r->fit = *f;
	r->order = order;
}

struct rej_ref {
	int shape;                 /* index into shapes, or -1 - spec-unknown vm */
	int region;                /* spec unknown: where it has a price */
	double order;
};

static int cmp_rej(const void *a, const void *b)
{
	const struct rej_ref *x = a, *y = b;
	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	if (x->shape != y->shape)
		return x->shape - y->shape;
	return x->region - y->region;
}

/* The cheapest rejected shapes of each reason (price in the first region;
 * unpriced after the priced), then the spec-unknown sizes with a price in
 * one of the regions, then retired sizes and slices not for training. */
static void collect_rejects(struct ctx *c, struct recommend_workload *rw,
			    const struct fit_result *fits, const int *regs, size_t nregs)
{
	struct rej_ref *refs = xmalloc((c->nshapes + c->nunknown * nregs + 1) * sizeof(*refs));
	size_t n = 0, counts[FIT_REJ_COUNT] = { 0 };
	int first_region = nregs ? regs[0] : -1;
	struct fit_result unk;

	for (size_t i = 0; i < c->nshapes; i++) {
		const struct shape *sh = &c->shapes[i];
		double pr;
		if (fits[i].reject == FIT_OK)
			continue;
		pr = first_region >= 0 ? c->price[(size_t)sh->vm * c->nregions + first_region] : 0;
		refs[n].shape = (int)i;
		refs[n].region = -1;
		refs[n].order = pr > 0 ? pr * sh->share : 1e12;
		if (fits[i].reject == FIT_REJ_RETIRED || fits[i].reject == FIT_REJ_NOT_FOR_TRAINING)
			refs[n].order += 1e13; /* the least interesting: last */
		n++;
	}
	for (size_t k = 0; k < nregs; k++)
		for (size_t u = 0; u < c->nunknown; u++) {
			double pr = c->price[(size_t)c->unknown[u] * c->nregions + regs[k]];
			if (!(pr > 0))
				continue;
			refs[n].shape = -1 - c->unknown[u];
			refs[n].region = regs[k];
			refs[n].order = 2e12 + pr;
			n++;
		}
	if (n)
		qsort(refs, n, sizeof(*refs), cmp_rej);
	memset(&unk, 0, sizeof(unk));
	unk.reject = FIT_REJ_SPEC_UNKNOWN;
	for (size_t i = 0; i < n; i++) {
		if (refs[i].shape < 0) {
			add_reject(c, rw, -1 - refs[i].shape, -1, &unk, c->regions[refs[i].region],
				   refs[i].order, counts);
			continue;
		}
		add_reject(c, rw, c->shapes[refs[i].shape].vm, c->shapes[refs[i].shape].mig,
			   &fits[refs[i].shape], "", refs[i].order, counts);
	}
	free(refs);
}

static const char *interconnect_name(int ic)
{
	return ic == 2 ? "infiniband" : ic == 1 ? "nvlink" : "none";
}

/* What one replica needs, from the model alone (see docs/recommend.md). */
static void compute_needs(const struct ctx *c, const struct fit_workload *w,
			  struct recommend_workload *rw)
{
	const struct sizing_factors *f = &c->res->factors;
	double h = 1.0 + w->headroom;
	struct recommend_needs *n = &rw->needs;

	memset(n, 0, sizeof(*n));
	n->interconnect = rw->feasible ? interconnect_name(rw->rec.fit.interconnect) : "none";
	if (w->kind == FIT_GENERIC) {
		n->gpu_memory_gib = w->req.gpu_memory_gib * h;
		n->tflops = w->req.tflops_fp16 * h;
		n->bandwidth_gb_per_s = w->req.bandwidth_gb_per_s * h;
		return;
	}
	if (w->kind == FIT_TRAINING) {
		double ftok = (w->train.method == SIZING_TRAIN_FULL ? 6.0 : 4.0) *
			      w->model.active_params_b * 1e9;
		if (rw->feasible)
			n->gpu_memory_gib = rw->rec.fit.memory_need_gib * rw->rec.fit.gpu_count;
		if (w->deadline_hours > 0)
			n->tflops = ftok * w->train.tokens / (w->deadline_hours * 3600.0) / 1e12 * h;
		return;
	}
	{
		double wbytes = w->model.params_b * 1e9 * sizing_weight_bytes(w->precision);
		double kvpt = sizing_kv_bytes_per_token(&w->model, w->kv_precision);
		double seq = w->input_tokens + w->output_tokens;
		double ctxlen = w->input_tokens + w->output_tokens / 2.0;
		double C = (double)(w->concurrency > 0 ? w->concurrency : 1);
		double act = f->prefill_chunk_tokens * w->model.hidden *
			     f->activation_bytes_per_token_hidden;
		double step_bytes = wbytes + C * ctxlen * kvpt;
		n->gpu_memory_gib = (wbytes + kvpt * seq * C + act) / (1024.0 * 1024.0 * 1024.0) +
				    f->runtime_overhead_gib;
		n->gpu_memory_gib *= h;
		if (w->target_tokens_per_s > 0) {
			n->tflops = 2.0 * w->model.active_params_b * 1e9 * w->target_tokens_per_s *
				    (1.0 + w->input_tokens / w->output_tokens) / 1e12 * h;
			n->bandwidth_gb_per_s = step_bytes * w->target_tokens_per_s / C / 1e9 * h;
		}
		if (w->max_ms_per_token > 0) {
			double bw = step_bytes / (w->max_ms_per_token / 1e3) / 1e9 * h;
			if (bw > n->bandwidth_gb_per_s)
				n->bandwidth_gb_per_s = bw;
		}
	}
}

static const struct storage_tier *find_tier(const struct ctx *c, const char *name)
{
	for (size_t i = 0; i < c->ntiers; i++)
		if (strcasecmp(c->tiers[i].name, name) == 0)
			return &c->tiers[i];
	return NULL;
}

static void data_findings(const struct ctx *c, const struct profile_workload *pw,
			  const struct fit_workload *w, struct recommend_workload *rw)
{
	const struct profile_data *d = &pw->data;
	const char *tier_name;
	const struct storage_tier *tier;
	double need = 0;

	if (!pw->has_data)
		return;
	if (d->has_region && rw->feasible && strcasecmp(d->region, rw->rec.region) != 0)
		add_finding(rw, "data-gravity", RECOMMEND_WARNING,
			    "data (%.0f GiB) lives in %s, GPUs in %s: inter-region transfer is "
			    "billed per GB and adds latency; copy it once (AzCopy) to storage in %s "
			    "rather than streaming it",
			    d->size_gib, d->region, rw->rec.region, rw->rec.region);
	tier_name = profile_storage_name(d->storage);
	tier = tier_name ? find_tier(c, tier_name) : NULL;
	if (d->has_read_mb_per_s) {
		need = d->read_mb_per_s;
	} else if (w->kind == FIT_TRAINING && rw->feasible && rw->rec.fit.job_hours > 0) {
		/* every byte read once per run, plus the token stream (4 B/token) */
		need = d->size_gib * 1073.741824 / (rw->rec.fit.job_hours * 3600.0) +
		       rw->rec.fit.tokens_per_s * 4.0 / 1e6;
	}
	if (tier && need > tier->max_read_mb_per_s)
		add_finding(rw, "data-starved", RECOMMEND_WARNING,
			    "reading %.0f MB/s from %s, which serves at most %.0f MB/s: the GPUs "
			    "would wait for data; stage it to local NVMe, use managed-lustre, or "
			    "spread it over several accounts",
			    need, tier->name, tier->max_read_mb_per_s);
}

/* The current deployment: its cost and whether it meets the needs. */
static void current_of(struct ctx *c, const struct profile_workload *pw,
		       const struct fit_workload *w, const struct fit_result *fits,
		       struct recommend_workload *rw)
{
	struct recommend_current *cur = &rw->current;
	const char *region = profile_workload_region(c->p, pw);
	int v = vm_index(c, pw->current_sku), r = region_index(c, region);
	double hourly = 0, hours;
	const struct fit_result *f = NULL;

	rw->has_current = 1;
	copy_str(cur->sku, sizeof(cur->sku), pw->current_sku);
	copy_str(cur->region, sizeof(cur->region), region);
	cur->count = pw->current_count > 0 ? pw->current_count : 1;
	cur->meets_needs = -1;
	if (v >= 0 && r >= 0)
		hourly = c->price[(size_t)v * c->nregions + r];
	for (size_t i = 0; v >= 0 && i < c->nshapes; i++)
		if (c->shapes[i].vm == v && c->shapes[i].mig < 0)
			f = &fits[i];
	if (f) {
		long need = (long)f->vm_count * (w->kind == FIT_TRAINING ? 1 : w->replicas);
		cur->meets_needs = f->reject == FIT_OK && need <= cur->count;
		if (!cur->meets_needs) {
			char why[FIT_REASON_LEN];
			if (f->reject != FIT_OK)
				fit_reject_text(f, NULL, NULL, why, sizeof(why));
			else
				snprintf(why, sizeof(why), "needs %ld VMs, has %ld", need, cur->count);
			add_finding(rw, "current-shortfall", RECOMMEND_WARNING,
				    "today's %ld x %s cannot meet the needs: %s", cur->count, cur->sku,
				    why);
		}
	}
	if (!(hourly > 0)) {
		add_finding(rw, "current-unpriced", RECOMMEND_WARNING,
			    "no %s price for %s in %s; current cost unknown (run 'gpufit catalog "
			    "refresh')", pricing_name(c->pricing), cur->sku, region);
		return;
	}
	cur->priced = 1;
	hours = c->hours;
	if (w->kind == FIT_TRAINING) {
		/* one run on today's VMs, scaled from the sized run; else the deadline */
		if (f && f->reject == FIT_OK)
			hours = f->job_hours * f->vm_count / (double)cur->count * w->runs_per_month;
		else if (w->deadline_hours > 0)
			hours = w->deadline_hours * w->runs_per_month;
	}
	cur->monthly_cost = util_round_cents(hourly * cur->count * hours);
}

/* What the packer needs of w in region r: which slices of each offer serve
 * one replica alone, and the cheapest dedicated small GPU that does (an
 * NVIDIA size of at most one GPU without MIG). */
static void pack_need_of(const struct ctx *c, const struct fit_workload *w,
			 const struct fit_result *fits, int r, struct pack_need *pn)
{
	const struct pack_offer *offs = &c->offers[(size_t)r * MIG_MAX_OFFERS];
	memset(pn, 0, sizeof(*pn));
	pn->region = r;
	pn->dedicated_vm = -1;
	if (w->kind == FIT_TRAINING)
		return;
	for (size_t o = 0; o < c->noffers[r]; o++)
		for (size_t m = 0; m < offs[o].nprofiles; m++) {
			int i = offs[o].shape[m];
			if (i >= 0 && fits[i].reject == FIT_OK && fits[i].vm_count == 1) {
				pn->feasible[o] |= 1u << m;
				pn->ok |= offs[o].profiles[m].aks_profile[0] != '\0';
			}
		}
	for (size_t i = 0; i < c->nshapes && pn->ok; i++) {
		const struct shape *sh = &c->shapes[i];
		const struct vm_size *vm = &c->vms[sh->vm];
		double hourly = c->price[(size_t)sh->vm * c->nregions + r];
		if (sh->mig >= 0 || vm->mig_capable || vm->gpu_count > 1 + 1e-9 ||
		    strcasecmp(c->gpus[sh->gpu].vendor, "NVIDIA") != 0 || !(hourly > 0) ||
		    fits[i].reject != FIT_OK || fits[i].vm_count != 1)
			continue;
		if (pn->dedicated_vm < 0 || hourly < pn->dedicated_hourly) {
			pn->dedicated_hourly = hourly;
			pn->dedicated_vm = sh->vm;
		}
	}
}

/* The dedicated options (every shape but MIG slices) of the ranked
 * candidates c->cands: the best one, the next ones in its region and the
 * best per region, into s->fb. */
static void rank_dedicated(struct ctx *c, const struct fit_workload *w, struct cache_slot *s,
			   const int *regs, size_t nregs)
{
	struct fallback *fb;
	const struct cand *best = NULL;
	int top = c->o->top > 0 ? c->o->top : 0;

	if (c->nfbpool == c->capfbpool) {
		c->capfbpool = c->capfbpool ? c->capfbpool * 2 : 64;
		c->fbpool = xrealloc(c->fbpool, c->capfbpool * sizeof(*c->fbpool));
	}
	s->fb = (int)c->nfbpool;
	fb = &c->fbpool[c->nfbpool++];
	memset(fb, 0, sizeof(*fb));

	fb->regions = xcalloc(nregs + 1, sizeof(*fb->regions));
	fb->nregions = nregs;
	for (size_t k = 0; k < nregs; k++)
		copy_str(fb->regions[k].region, sizeof(fb->regions[k].region),
			 c->regions[regs[k]]);
	fb->alts = xcalloc((size_t)top + 1, sizeof(*fb->alts));
	for (size_t j = 0; j < c->ncands; j++) {
		const struct cand *cd = &c->cands[j];
		if (c->shapes[cd->shape].mig >= 0)
			continue;
		for (size_t k = 0; k < nregs; k++) {
			struct recommend_region_cost *rc = &fb->regions[k];
			if (regs[k] != cd->region || rc->feasible)
				continue;
			rc->feasible = 1;
			rc->monthly_cost = cd->monthly;
			copy_str(rc->sku, sizeof(rc->sku), c->vms[c->shapes[cd->shape].vm].sku);
		}
		if (!best) {
			best = cd;
			fb->has = 1;
			fill_choice(c, w, cd, s->fits, &fb->ded);
		} else if (cd->region == best->region && fb->nalts < (size_t)top) {
			fill_choice(c, w, cd, s->fits, &fb->alts[fb->nalts++]);
		}
	}
}

/* Ranks w over the regions regs into s->tmpl (the part of a workload's
 * result that only depends on w and the regions). */
static void rank(struct ctx *c, const struct fit_workload *w, struct cache_slot *s,
		 const int *regs, size_t nregs)
{
	struct recommend_workload *rw = &s->tmpl;
	const struct fit_result *fits = s->fits;
	size_t nfeasible_shapes = 0;

	tmpl_release(rw);
	s->fb = -1;
	rw->replicas = w->replicas;
	/* price every feasible shape in every region */
	c->ncands = 0;
	for (size_t i = 0; i < c->nshapes; i++) {
		const struct shape *sh = &c->shapes[i];
		if (fits[i].reject != FIT_OK)
			continue;
		nfeasible_shapes++;
		for (size_t k = 0; k < nregs; k++) {
			size_t at = (size_t)sh->vm * c->nregions + regs[k];
			double unit = c->price[at] * sh->share;
			struct fit_cost cost;
			struct cand *cd;
			if (!(c->price[at] > 0)) {
				c->unpriced[at] = 1;
				continue;
			}
			fit_price(w, &fits[i], unit, c->hours, &cost);
			if (c->ncands == c->capcands) {
				c->capcands = c->capcands ? c->capcands * 2 : 256;
				c->cands = xrealloc(c->cands, c->capcands * sizeof(*c->cands));
			}
			cd = &c->cands[c->ncands++];
			cd->shape = (int)i;
			cd->region = regs[k];
			cd->hourly = cost.hourly;
			cd->monthly = util_round_cents(cost.monthly);
			cd->job_cost = util_round_cents(cost.job_cost);
			cd->gpus = fits[i].gpu_count * (int)w->replicas;
			cd->headroom = fits[i].memory_headroom_pct;
		}
	}
	if (c->ncands)
		qsort(c->cands, c->ncands, sizeof(*c->cands), cmp_cand);

	/* per-region comparison */
	rw->regions = xcalloc(nregs + 1, sizeof(*rw->regions));
	rw->nregions = nregs;
	for (size_t k = 0; k < nregs; k++) {
		struct recommend_region_cost *rc = &rw->regions[k];
		copy_str(rc->region, sizeof(rc->region), c->regions[regs[k]]);
		for (size_t j = 0; j < c->ncands; j++) {
			if (c->cands[j].region != regs[k])
				continue;
			rc->feasible = 1;
			rc->monthly_cost = c->cands[j].monthly;
			copy_str(rc->sku, sizeof(rc->sku), c->vms[c->shapes[c->cands[j].shape].vm].sku);
			break;
		}
	}

	if (c->ncands > 0) {
		const struct cand *best = &c->cands[0];
		size_t nalt = 0;
		int top = c->o->top > 0 ? c->o->top : 0;
		rw->feasible = 1;
		fill_choice(c, w, best, fits, &rw->rec);
		rw->alternatives = xcalloc((size_t)top + 1, sizeof(*rw->alternatives));
		for (size_t j = 1; j < c->ncands && nalt < (size_t)top; j++) {
			const struct cand *cd = &c->cands[j];
			int dup = 0;
			/* whole purchasable options only: a slice at its share of a
			 * GPU is no price one can buy alone */
			if (cd->region != best->region || c->shapes[cd->shape].mig >= 0)
				continue;
			for (size_t q = 0; q < j && !dup; q++)
				dup = c->cands[q].region == cd->region && same_offer(c, &c->cands[q], cd);
			if (dup)
				continue;
			fill_choice(c, w, cd, fits, &rw->alternatives[nalt++]);
		}
		rw->nalternatives = nalt;
		if (c->shapes[best->shape].mig >= 0)
			rank_dedicated(c, w, s, regs, nregs);
	}
	if (!rw->feasible && nfeasible_shapes > 0) {
		/* sized fine somewhere, but nothing priced: name the regions first */
		for (size_t k = 0; k < nregs; k++) {
			struct fit_result nf;
			size_t counts[FIT_REJ_COUNT] = { 0 };
			memset(&nf, 0, sizeof(nf));
			nf.reject = FIT_REJ_NO_PRICE;
			for (size_t i = 0; i < c->nshapes; i++)
				if (fits[i].reject == FIT_OK) {
					add_reject(c, rw, c->shapes[i].vm, c->shapes[i].mig, &nf,
						   c->regions[regs[k]], 0, counts);
					break;
				}
		}
	}
	collect_rejects(c, rw, fits, regs, nregs);
	compute_needs(c, w, rw);
	s->nfeasible_shapes = nfeasible_shapes;
	memset(&s->pack, 0, sizeof(s->pack));
	if (rw->feasible)
		pack_need_of(c, w, fits, c->cands[0].region, &s->pack);
	memcpy(s->regs, regs, nregs * sizeof(*regs));
	s->nregs = nregs;
	s->ranked = 1;
}

static void *dup_array(const void *src, size_t n, size_t size)
{
	void *p = xmalloc(n * size + 1);
	if (n)
		memcpy(p, src, n * size);
	return p;
}

static void recommend_one(struct ctx *c, size_t index, struct recommend_workload *rw)
{
	const struct profile_workload *pw = &c->p->workloads[index];
	const struct recommend_workload *t;
	struct fit_workload w;
	struct cache_slot *s;
	const char *why = NULL;
	int regs[PROFILE_MAX_REGIONS];
	size_t nregs;

	memset(rw, 0, sizeof(*rw));
	copy_str(rw->name, sizeof(rw->name), pw->name);
	rw->type = pw->type;
	rw->replicas = pw->replicas > 0 ? pw->replicas : 1;
	if (to_fit(c, pw, &w, &why) != 0) {
		add_finding(rw, "not-sized", RECOMMEND_ERROR, "cannot be sized: %s", why);
		c->res->infeasible++;
		rw->needs.interconnect = "none";
		return;
	}
	s = size_all(c, &w);
	nregs = workload_regions(c, pw, regs);
	for (size_t k = 0; k < nregs; k++)
		c->region_used[regs[k]] = 1;
	if (!s->ranked || s->nregs != nregs || memcmp(s->regs, regs, nregs * sizeof(*regs)) != 0)
		rank(c, &w, s, regs, nregs);
	t = &s->tmpl;
	rw->feasible = t->feasible;
	rw->needs = t->needs;
	rw->rec = t->rec;
	rw->nalternatives = t->nalternatives;
	rw->alternatives = dup_array(t->alternatives, t->nalternatives, sizeof(*t->alternatives));
	rw->nrejected = t->nrejected;
	rw->rejected = dup_array(t->rejected, t->nrejected, sizeof(*t->rejected));
	rw->nregions = t->nregions;
	rw->regions = dup_array(t->regions, t->nregions, sizeof(*t->regions));
	if (pw->type == PROFILE_INFERENCE)
		c->needs[index] = s->pack;
	if (rw->feasible && rw->rec.placement == FIT_PLACEMENT_MIG)
		c->fb_of[index] = s->fb;

	if (!rw->feasible) {
		char why2[FIT_REASON_LEN] = "no size in the catalog";
		size_t lat = 0;
		c->res->infeasible++;
		for (size_t i = 0; i < rw->nrejected; i++)
			if (rw->rejected[i].fit.reject == FIT_REJ_LATENCY ||
			    rw->rejected[i].fit.reject == FIT_REJ_TTFT)
				lat++;
		if (rw->nrejected)
			fit_reject_text(&rw->rejected[0].fit, pricing_name(c->pricing),
					rw->rejected[0].region, why2, sizeof(why2));
		if (lat)
			add_finding(rw, "latency-slo", RECOMMEND_ERROR,
				    "the latency SLO cannot be met on any size: relax it, use a "
				    "smaller or lower-precision model, or shorten prompts");
		if (s->nfeasible_shapes > 0)
			add_finding(rw, "infeasible", RECOMMEND_ERROR,
				    "%zu options fit, but none has a %s price in the regions asked "
				    "for; run 'gpufit catalog refresh' or choose another region",
				    s->nfeasible_shapes, pricing_name(c->pricing));
		else
			add_finding(rw, "infeasible", RECOMMEND_ERROR,
				    "no feasible option (%zu options considered); closest: %s (%s)",
				    c->nshapes, rw->nrejected ? rw->rejected[0].sku : "-", why2);
	}
	if (pw->has_current && pw->current_sku[0])
		current_of(c, pw, &w, s->fits, rw);
}

/* One warning per region listing feasible sizes that had no price. */
static void unpriced_warnings(struct ctx *c)
{
	for (size_t r = 0; r < c->nregions; r++) {
		struct strbuf sb = STRBUF_INIT;
		size_t n = 0;
		for (size_t v = 0; v < c->nvms; v++) {
			if (!c->unpriced[v * c->nregions + r])
				continue;
			strbuf_addf(&sb, "%s%s", n ? ", " : "", c->vms[v].sku);
			n++;
		}
		if (n)
			add_warning(c->res, "no %s price in %s for %zu feasible size%s (%s); run "
					    "'gpufit catalog refresh'",
				    pricing_name(c->pricing), c->regions[r], n, n == 1 ? "" : "s",
				    strbuf_str(&sb));
		strbuf_release(&sb);
	}
}

/* One warning per region in use listing the sizes with a price there that
 * the spec tables do not know: they exist, but were not sized. */
static void unknown_warnings(struct ctx *c)
{
	for (size_t r = 0; r < c->nregions; r++) {
		struct strbuf sb = STRBUF_INIT;
		size_t n = 0;
		if (!c->region_used[r])
			continue;
		for (size_t u = 0; u < c->nunknown; u++) {
			if (!(c->price[(size_t)c->unknown[u] * c->nregions + r] > 0))
				continue;
			strbuf_addf(&sb, "%s%s", n ? ", " : "", c->vms[c->unknown[u]].sku);
			n++;
		}
		if (n)
			add_warning(c->res, "%zu size%s with a %s price in %s %s not sized: spec unknown "
					    "(%s); gpufit's spec tables do not know %s GPUs and memory",
				    n, n == 1 ? "" : "s", pricing_name(c->pricing), c->regions[r],
				    n == 1 ? "was" : "were", strbuf_str(&sb), n == 1 ? "its" : "their");
		strbuf_release(&sb);
	}
}

/* ---- the MIG packing plan ------------------------------------------------ */

static void lower_copy(char *dst, size_t len, const char *src, char stop)
{
	size_t k = 0;
	for (; src[k] && src[k] != stop && k + 1 < len; k++)
		dst[k] = (char)(src[k] >= 'A' && src[k] <= 'Z' ? src[k] - 'A' + 'a' : src[k]);
	dst[k] = '\0';
}

/* "mig1g-a100" (AKS profile, GPU family), with "-2" ... when taken. */
static void pool_name(const struct recommend_mig_plan *plan, struct recommend_mig_pool *pool)
{
	char base[48], g[24], a[16];
	int clash = 1;
	lower_copy(g, sizeof(g), pool->gpu_model, '-');
	lower_copy(a, sizeof(a), pool->aks_profile[0] ? pool->aks_profile : "mig", '\0');
	snprintf(base, sizeof(base), "%s-%s", a, g);
	copy_str(pool->name, sizeof(pool->name), base);
	for (int n = 2; clash; n++) {
		clash = 0;
		for (size_t i = 0; i < plan->npools && !clash; i++)
			clash = strcmp(plan->pools[i].name, pool->name) == 0;
		if (clash)
			snprintf(pool->name, sizeof(pool->name), "%.40s-%d", base, n);
	}
}

/* Where the plan put each workload's replicas (items of one workload are
 * consecutive): counts of distinct VMs and GPUs, replicas on slices and on
 * dedicated GPUs, pools spanned, and replica 0's dedicated size. */
static void place_workloads(struct ctx *c, const struct mig_item *items,
			    const struct item_loc *loc, size_t nitems)
{
	for (size_t a = 0, b; a < nitems; a = b) {
		int w = items[a].workload;
		struct placed *pl = &c->placed[w];
		for (b = a; b < nitems && items[b].workload == w; b++)
			;
		memset(pl, 0, sizeof(*pl));
		pl->ded_vm = -1;
		for (size_t k = a; k < b; k++) {
			int seen_vm = 0, seen_gpu = 0, seen_pool = 0;
			if (loc[k].pool == -2)
				continue;
			if (loc[k].pool == -1) {
				pl->dedicated++;
				if (items[k].replica == 0)
					pl->ded_vm = c->needs[w].dedicated_vm;
				continue;
			}
			pl->sliced++;
			for (size_t j = a; j < k; j++) {
				if (loc[j].pool != loc[k].pool)
					continue;
				seen_pool = 1;
				if (loc[j].vm == loc[k].vm) {
					seen_vm = 1;
					seen_gpu |= loc[j].gpu == loc[k].gpu;
				}
			}
			pl->npools += !seen_pool;
			pl->nvms += !seen_vm;
			pl->ngpus += !seen_gpu;
		}
	}
}

/* Packs the MIG candidates of region r whose replicas one slice serves
 * (marked in covered); *cost is the plan's monthly cost there (its pools
 * and dedicated replicas, each rounded to cents as printed), *nworkloads the
 * workloads packed.  Returns 0, or -1 when some replica could not be placed
 * or the packer refused the input. */
static int pack_region(struct ctx *c, size_t r, unsigned char *covered, double *cost,
		       size_t *nworkloads)
{
	struct recommend_result *res = c->res;
	struct recommend_mig_plan *plan = &res->mig;
	const struct pack_offer *offs = &c->offers[r * MIG_MAX_OFFERS];
	struct mig_offer moffs[MIG_MAX_OFFERS];
	struct mig_item *items = NULL;
	size_t nitems = 0, capitems = 0, base = plan->npools;
	struct mig_plan mp;
	struct item_loc *loc;
	char err[MIG_ERRLEN];
	int rc = 0;

	*cost = 0;
	*nworkloads = 0;
	for (size_t i = 0; i < res->nworkloads; i++) {
		const struct pack_need *pn = &c->needs[i];
		const struct recommend_workload *w = &res->workloads[i];
		if (!pn->ok || pn->region != (int)r || !w->feasible ||
		    w->rec.placement != FIT_PLACEMENT_MIG)
			continue;
		covered[i] = 1;
		(*nworkloads)++;
		for (long k = 0; k < w->replicas; k++) {
			struct mig_item *it;
			if (nitems == capitems) {
				capitems = capitems ? capitems * 2 : 64;
				items = xrealloc(items, capitems * sizeof(*items));
			}
			it = &items[nitems++];
			memset(it, 0, sizeof(*it));
			it->workload = (int)i;
			it->replica = (int)k;
			memcpy(it->feasible, pn->feasible, sizeof(it->feasible));
			it->dedicated_hourly = pn->dedicated_hourly;
		}
	}
	if (!nitems)
		return 0;
	for (size_t o = 0; o < c->noffers[r]; o++) {
		moffs[o].sku = c->vms[offs[o].vm].sku;
		moffs[o].gpu_model = c->vms[offs[o].vm].gpu_model;
		moffs[o].gpus_per_vm = (int)lround(c->vms[offs[o].vm].gpu_count);
		moffs[o].hourly = offs[o].hourly;
		moffs[o].profiles = offs[o].profiles;
		moffs[o].nprofiles = offs[o].nprofiles;
	}
	if (mig_pack(moffs, c->noffers[r], items, nitems, MIG_STRATEGY_AKS, &mp, err) != 0) {
		add_warning(res, "no MIG plan for %s: %s", c->regions[r], err);
		mig_plan_release(&mp);
		free(items);
		return -1;
	}
	for (size_t k = 0; k < mp.npools; k++) {
		const struct mig_pool *src = &mp.pools[k];
		const struct mig_offer *of = &moffs[src->offer];
		struct recommend_mig_pool pool;
		memset(&pool, 0, sizeof(pool));
		copy_str(pool.sku, sizeof(pool.sku), of->sku);
		copy_str(pool.region, sizeof(pool.region), c->regions[r]);
		copy_str(pool.gpu_model, sizeof(pool.gpu_model), of->gpu_model);
		pool.gpus_per_vm = of->gpus_per_vm;
		pool.vm_count = src->vm_count;
		if (src->profile >= 0) {
			copy_str(pool.mig_profile, sizeof(pool.mig_profile),
				 of->profiles[src->profile].name);
			copy_str(pool.aks_profile, sizeof(pool.aks_profile),
				 of->profiles[src->profile].aks_profile);
		}
		pool.hourly_cost = src->hourly;
		pool.monthly_cost = util_round_cents(src->hourly * c->hours);
		*cost += pool.monthly_cost;
		pool_name(plan, &pool);
		plan->pools = xrealloc(plan->pools, (plan->npools + 1) * sizeof(*plan->pools));
		c->pool_shape = xrealloc(c->pool_shape, (plan->npools + 1) * sizeof(*c->pool_shape));
		c->pool_shape[plan->npools] =
			src->profile >= 0 ? offs[src->offer].shape[src->profile] : -1;
		plan->pools[plan->npools++] = pool;
	}
	loc = xmalloc((nitems + 1) * sizeof(*loc));
	for (size_t k = 0; k < nitems; k++)
		loc[k].pool = -2; /* unplaced */
	for (size_t g = 0; g < mp.ngpus; g++) {
		struct recommend_mig_pool *pool = &plan->pools[base + (size_t)mp.gpus[g].pool];
		pool->slices += mp.gpus[g].nslices;
		for (int q = 0; q < mp.gpus[g].nslices; q++) {
			int item = mp.gpus[g].slices[q].item;
			if (item < 0)
				continue;
			pool->slices_used++;
			loc[item].pool = (int)base + mp.gpus[g].pool;
			loc[item].vm = mp.gpus[g].vm;
			loc[item].gpu = mp.gpus[g].gpu;
			if (c->first_pool[items[item].workload] < 0)
				c->first_pool[items[item].workload] = (int)base + mp.gpus[g].pool;
		}
	}
	for (size_t d = 0; d < mp.ndedicated; d++)
		loc[mp.dedicated[d]].pool = -1;
	place_workloads(c, items, loc, nitems);
	free(loc);
	for (size_t d = 0; d < mp.ndedicated; d++) {
		const struct mig_item *it = &items[mp.dedicated[d]];
		struct recommend_mig_dedicated *x;
		plan->dedicated = xrealloc(plan->dedicated,
					   (plan->ndedicated + 1) * sizeof(*plan->dedicated));
		x = &plan->dedicated[plan->ndedicated++];
		memset(x, 0, sizeof(*x));
		x->workload = (size_t)it->workload;
		x->replica = it->replica;
		copy_str(x->sku, sizeof(x->sku), c->vms[c->needs[it->workload].dedicated_vm].sku);
		copy_str(x->region, sizeof(x->region), c->regions[r]);
		x->monthly_cost = util_round_cents(it->dedicated_hourly * c->hours);
		*cost += x->monthly_cost;
	}
	if (mp.nunplaced) {
		add_warning(res, "the MIG plan for %s leaves %zu replica%s unplaced; its workloads "
				 "are priced on dedicated options", c->regions[r], mp.nunplaced,
			    mp.nunplaced == 1 ? "" : "s");
		rc = -1;
	}
	plan->exact &= mp.exact;
	mig_plan_release(&mp);
	free(items);
	return rc;
}

static void mig_release(struct recommend_mig_plan *m)
{
	free(m->pools);
	free(m->dedicated);
	free(m->workloads);
	free(m->regions);
	memset(m, 0, sizeof(*m));
}

/* The MIG plan of the MIG candidates one slice serves, region by region
 * (c->covered marks them).  Whether it is used is decided by apply_totals. */
static void build_mig_plan(struct ctx *c)
{
	struct recommend_result *res = c->res;
	struct recommend_mig_plan *plan = &res->mig;

	c->covered = xcalloc(res->nworkloads + 1, 1);
	c->first_pool = xmalloc((res->nworkloads + 1) * sizeof(*c->first_pool));
	c->placed = xcalloc(res->nworkloads + 1, sizeof(*c->placed));
	for (size_t i = 0; i < res->nworkloads; i++) {
		c->first_pool[i] = -1;
		c->placed[i].ded_vm = -1;
	}
	plan->exact = 1;
	plan->regions = xcalloc(c->nregions + 1, sizeof(*plan->regions));
	for (size_t r = 0; r < c->nregions; r++) {
		struct recommend_mig_region *reg = &plan->regions[plan->nregions];
		double cost;
		size_t nw;
		int rc = pack_region(c, r, c->covered, &cost, &nw);
		if (!nw)
			continue;
		copy_str(reg->region, sizeof(reg->region), c->regions[r]);
		reg->nworkloads = nw;
		reg->monthly_cost = util_round_cents(cost);
		reg->priced = rc == 0;
		plan->monthly_cost += reg->monthly_cost;
		plan->nregions++;
	}
	plan->workloads = xcalloc(res->nworkloads + 1, sizeof(*plan->workloads));
	for (size_t i = 0; i < res->nworkloads; i++) {
		if (!c->covered[i])
			continue;
		plan->workloads[plan->nworkloads++] = i;
		plan->replicas += res->workloads[i].replicas;
	}
	if (!plan->nworkloads) {
		mig_release(plan);
		return;
	}
	plan->present = 1;
	plan->monthly_cost = util_round_cents(plan->monthly_cost);
}

/* The alternatives of a MIG candidate: its dedicated options, whole VMs at
 * their real cost, best first (D_w, then the next ones in its region),
 * leaving out skip (the recommendation itself). */
static void dedicated_alternatives(struct ctx *c, struct recommend_workload *w,
				   const struct fallback *fb, const struct recommend_choice *skip)
{
	size_t top = c->o->top > 0 ? (size_t)c->o->top : 0, n = 0;
	free(w->alternatives);
	w->alternatives = xcalloc(top + 1, sizeof(*w->alternatives));
	if (fb->has && n < top && skip != &fb->ded)
		w->alternatives[n++] = fb->ded;
	for (size_t d = 0; d < fb->nalts && n < top; d++)
		w->alternatives[n++] = fb->alts[d];
	w->nalternatives = n;
	free(w->regions);
	w->regions = dup_array(fb->regions, fb->nregions, sizeof(*fb->regions));
	w->nregions = fb->nregions;
}

/* A MIG candidate whose plan is not used: its recommendation becomes its
 * best dedicated option, and its alternatives the next dedicated ones. */
static void to_dedicated(struct ctx *c, size_t i)
{
	struct recommend_workload *w = &c->res->workloads[i];
	const struct fallback *fb = &c->fbpool[c->fb_of[i]];

	w->rec = fb->ded;
	w->rec.basis = RECOMMEND_BASIS_DEDICATED;
	dedicated_alternatives(c, w, fb, &fb->ded);
	w->needs.interconnect = interconnect_name(w->rec.fit.interconnect);
}

/* A MIG candidate the plan is used for: its recommendation becomes its
 * placement in the plan (replica 0's pool size and MIG profile, or the
 * dedicated size the plan gave it), the VMs and GPUs it occupies there and
 * its part of the plan; its alternatives its dedicated options. */
static void to_plan(struct ctx *c, size_t i, double part)
{
	struct recommend_result *res = c->res;
	struct recommend_workload *w = &res->workloads[i];
	const struct fallback *fb = &c->fbpool[c->fb_of[i]];
	const struct placed *pl = &c->placed[i];
	const struct profile_workload *pw = &c->p->workloads[i];
	struct fit_workload fw;
	const char *why = NULL;
	int shape = -1;

	if (pl->ded_vm >= 0) {
		shape = c->whole_shape[pl->ded_vm];
		copy_str(w->rec.sku, sizeof(w->rec.sku), c->vms[pl->ded_vm].sku);
		copy_str(w->rec.gpu_model, sizeof(w->rec.gpu_model), c->vms[pl->ded_vm].gpu_model);
		w->rec.placement = FIT_PLACEMENT_VM;
		w->rec.mig_profile[0] = '\0';
	} else if (c->first_pool[i] >= 0) { /* replica 0 is on a slice */
		const struct recommend_mig_pool *pool = &res->mig.pools[c->first_pool[i]];
		shape = c->pool_shape[c->first_pool[i]];
		copy_str(w->rec.sku, sizeof(w->rec.sku), pool->sku);
		copy_str(w->rec.gpu_model, sizeof(w->rec.gpu_model), pool->gpu_model);
		copy_str(w->rec.mig_profile, sizeof(w->rec.mig_profile), pool->mig_profile);
		w->rec.placement = FIT_PLACEMENT_MIG;
	}
	/* the estimates of the shape it is deployed on */
	if (shape >= 0 && to_fit(c, pw, &fw, &why) == 0) {
		const struct shape *sh = &c->shapes[shape];
		fit_evaluate(&fw, &sh->cap, sh->infiniband, &c->factors[sh->gpu], &w->rec.fit);
	}
	/* the counts of what it names: replica 0's kind of placement */
	w->rec.vm_count = pl->ded_vm >= 0 ? pl->dedicated : pl->nvms;
	w->rec.gpu_count = pl->ngpus + pl->dedicated; /* every GPU it occupies */
	w->rec.basis = RECOMMEND_BASIS_PLAN;
	w->rec.monthly_cost = part;
	w->rec.hourly_cost = part / c->hours;
	w->rec.unit_hourly = w->replicas > 0 ? w->rec.hourly_cost / (double)w->replicas : 0;
	dedicated_alternatives(c, w, fb, NULL);
	for (size_t k = 0; k < w->nregions; k++)
		if (strcasecmp(w->regions[k].region, w->rec.region) == 0) {
			w->regions[k].feasible = 1;
			copy_str(w->regions[k].sku, sizeof(w->regions[k].sku), w->rec.sku);
			w->regions[k].monthly_cost = part;
		}
	w->needs.interconnect = interconnect_name(w->rec.fit.interconnect);
}

/* The co-tenants of every workload placed on a slice: the other workloads
 * whose first replica is in the same pool (their count and the first few
 * in profile order). */
static void cotenants(struct ctx *c)
{
	struct recommend_result *res = c->res;
	enum { KEEP = RECOMMEND_MAX_COTENANTS + 1 };
	size_t np = res->mig.npools;
	size_t *count = xcalloc(np + 1, sizeof(*count));
	size_t (*first)[KEEP] = xcalloc(np + 1, sizeof(*first));

	for (size_t i = 0; i < res->nworkloads; i++) {
		int p = c->first_pool[i];
		if (p < 0 || res->workloads[i].mig_use.use != RECOMMEND_BASIS_PLAN)
			continue;
		if (count[p] < KEEP)
			first[p][count[p]] = i;
		count[p]++;
	}
	for (size_t i = 0; i < res->nworkloads; i++) {
		struct recommend_mig_use *u = &res->workloads[i].mig_use;
		int p = c->first_pool[i];
		size_t n = 0;
		if (p < 0 || u->use != RECOMMEND_BASIS_PLAN)
			continue;
		u->ncotenants = count[p] - 1;
		for (size_t k = 0; k < KEEP && k < count[p] && n < RECOMMEND_MAX_COTENANTS; k++)
			if (first[p][k] != i)
				u->cotenants[n++] = first[p][k];
	}
	free(first);
	free(count);
}

/* The totals rule over the whole fleet (recommend_totals), then every MIG
 * candidate's recommendation, alternatives and mig_use as it decides. */
static void apply_totals(struct ctx *c)
{
	struct recommend_result *res = c->res;
	struct recommend_mig_plan *plan = &res->mig;
	size_t n = res->nworkloads, ng = 2 * c->nregions;
	struct recommend_totals_item *items = xcalloc(n + 1, sizeof(*items));
	struct recommend_totals_group *groups = xcalloc(ng + 1, sizeof(*groups));

	/* group 2r: the plan of region r; 2r + 1: candidates of r it cannot pack */
	for (size_t k = 0; k < plan->nregions; k++) {
		int r = region_index(c, plan->regions[k].region);
		groups[2 * r].priced = plan->regions[k].priced;
		groups[2 * r].plan_monthly = plan->regions[k].monthly_cost;
	}
	for (size_t i = 0; i < n; i++) {
		const struct recommend_workload *w = &res->workloads[i];
		struct recommend_totals_item *it = &items[i];
		const struct fallback *fb;
		it->group = -1;
		if (!w->feasible)
			continue;
		if (w->rec.placement != FIT_PLACEMENT_MIG) {
			it->has_dedicated = 1;
			it->dedicated_monthly = w->rec.monthly_cost;
			continue;
		}
		fb = &c->fbpool[c->fb_of[i]];
		it->group = 2 * region_index(c, w->rec.region) + (c->covered[i] ? 0 : 1);
		it->has_dedicated = fb->has;
		it->dedicated_monthly = fb->has ? fb->ded.monthly_cost : 0;
		it->share_monthly = w->rec.monthly_cost;
	}
	res->monthly_cost = recommend_totals(items, n, groups, ng);

	for (size_t k = 0; k < plan->nregions; k++) {
		struct recommend_mig_region *reg = &plan->regions[k];
		const struct recommend_totals_group *g = &groups[2 * region_index(c, reg->region)];
		reg->dedicated_monthly_cost = g->dedicated_monthly;
		reg->used_in_totals = g->used;
		plan->dedicated_monthly_cost += g->dedicated_monthly;
		if (g->used) {
			plan->used_in_totals = 1;
			plan->savings_monthly += g->dedicated_monthly - reg->monthly_cost;
		}
	}
	plan->dedicated_monthly_cost = util_round_cents(plan->dedicated_monthly_cost);
	plan->savings_monthly = util_round_cents(plan->savings_monthly);

	for (size_t i = 0; i < n; i++) {
		struct recommend_workload *w = &res->workloads[i];
		const struct recommend_totals_item *it = &items[i];
		const struct recommend_totals_group *g;
		const struct fallback *fb;
		struct recommend_mig_use *u = &w->mig_use;
		if (it->group < 0)
			continue;
		g = &groups[it->group];
		fb = &c->fbpool[c->fb_of[i]];
		u->use = it->basis;
		u->packed = c->covered[i];
		u->slices_per_replica = w->rec.fit.vm_count;
		copy_str(u->sku, sizeof(u->sku), w->rec.sku);
		copy_str(u->mig_profile, sizeof(u->mig_profile), w->rec.mig_profile);
		copy_str(u->region, sizeof(u->region), w->rec.region);
		u->share_monthly = w->rec.monthly_cost;
		u->dedicated_monthly = fb->has ? fb->ded.monthly_cost : 0;
		if (fb->has) {
			copy_str(u->dedicated_sku, sizeof(u->dedicated_sku), fb->ded.sku);
			u->dedicated_vm_count = fb->ded.vm_count;
		}
		u->part_monthly = it->part_monthly;
		u->plan_monthly = g->priced ? g->plan_monthly : 0;
		u->plan_dedicated_monthly = g->dedicated_monthly;
		u->plan_workloads = g->nitems;
		switch (it->basis) {
		case RECOMMEND_BASIS_PLAN: {
			const struct placed *pl = &c->placed[i];
			to_plan(c, i, it->part_monthly);
			copy_str(u->sku, sizeof(u->sku), w->rec.sku);
			copy_str(u->mig_profile, sizeof(u->mig_profile), w->rec.mig_profile);
			u->replicas_on_slices = pl->sliced;
			u->replicas_dedicated = pl->dedicated;
			if (pl->dedicated && c->needs[i].dedicated_vm >= 0)
				copy_str(u->plan_dedicated_sku, sizeof(u->plan_dedicated_sku),
					 c->vms[c->needs[i].dedicated_vm].sku);
			u->pools_spanned = pl->npools;
			if (c->first_pool[i] >= 0) {
				const struct recommend_mig_pool *pool = &plan->pools[c->first_pool[i]];
				copy_str(u->pool, sizeof(u->pool), pool->name);
				copy_str(u->pool_sku, sizeof(u->pool_sku), pool->sku);
				copy_str(u->pool_profile, sizeof(u->pool_profile), pool->mig_profile);
				u->pool_vms = pool->vm_count;
			}
			break;
		}
		case RECOMMEND_BASIS_DEDICATED:
			to_dedicated(c, i);
			break;
		case RECOMMEND_BASIS_SHARE:
			w->rec.basis = RECOMMEND_BASIS_SHARE;
			add_warning(res, "'%s' is priced at its MIG slice's share of a GPU: it has no "
					 "dedicated option and the MIG plan could not place it, so the "
					 "bill for whole VMs will be higher", w->name);
			break;
		default:
			break;
		}
	}
	cotenants(c);
	free(items);
	free(groups);
}

/* What depends on the final recommendation: savings against today's
 * deployment, their totals, and the data and spot findings. */
static void finish_workload(struct ctx *c, size_t i)
{
	struct recommend_result *res = c->res;
	const struct profile_workload *pw = &c->p->workloads[i];
	struct recommend_workload *rw = &res->workloads[i];
	struct fit_workload w;
	const char *why = NULL;

	if (rw->has_current && rw->current.priced) {
		res->has_current = 1;
		res->current_monthly_cost += rw->current.monthly_cost;
		if (rw->feasible) {
			rw->current.savings_monthly =
				util_round_cents(rw->current.monthly_cost - rw->rec.monthly_cost);
			res->savings_monthly += rw->current.savings_monthly;
		}
	}
	if (to_fit(c, pw, &w, &why) != 0)
		return;
	data_findings(c, pw, &w, rw);
	if (w.kind == FIT_TRAINING && c->pricing == PRICING_SPOT)
		add_finding(rw, "spot-training", RECOMMEND_INFO,
			    "spot VMs can be evicted at any time: checkpoint often and make the run "
			    "resumable; job hours assume no evictions");
}

/* Whether the fleet total is the bill: every workload priced as billed
 * (not infeasible, not at a slice-share price); the ones that are not, and
 * the sum over those that are. */
static void completeness(struct recommend_result *res)
{
	long long priced = 0;
	res->unpriced = xcalloc(res->nworkloads + 1, sizeof(*res->unpriced));
	res->nunpriced = 0;
	res->savings_known = 1;
	for (size_t i = 0; i < res->nworkloads; i++) {
		const struct recommend_workload *w = &res->workloads[i];
		if (!w->feasible || w->rec.basis == RECOMMEND_BASIS_SHARE)
			res->unpriced[res->nunpriced++] = i;
		else
			priced += to_cents(w->rec.monthly_cost);
		if (w->has_current && w->current.priced && !(w->feasible &&
							       w->rec.basis != RECOMMEND_BASIS_SHARE))
			res->savings_known = 0;
		if (w->has_current && w->current.priced)
			res->current_covered++;
		else if (w->has_current)
			res->current_unknown++;
	}
	res->complete = res->nunpriced == 0;
	res->priced_monthly_cost = (double)priced / 100.0;
}

static void ctx_release(struct ctx *c)
{
	free(c->vms);
	free(c->gpus);
	free(c->factors);
	free(c->factors_ok);
	free(c->migs);
	free(c->tiers);
	free(c->presets);
	free(c->shapes);
	free(c->regions);
	free(c->price);
	free(c->unpriced);
	free(c->cands);
	free(c->unknown);
	free(c->offers);
	free(c->noffers);
	free(c->needs);
	free(c->region_used);
	for (size_t i = 0; i < c->nfbpool; i++)
		fallback_release(&c->fbpool[i]);
	free(c->fbpool);
	free(c->fb_of);
	free(c->covered);
	free(c->first_pool);
	free(c->placed);
	free(c->pool_shape);
	free(c->whole_shape);
	for (size_t i = 0; i < CACHE_SLOTS; i++) {
		free(c->cache[i].fits);
		tmpl_release(&c->cache[i].tmpl);
	}
}

int recommend_build(catalog *cat, const struct profile *p, const struct recommend_options *o,
		    struct recommend_result *out, struct diag_list *diags)
{
	struct recommend_options defaults;
	struct ctx c;
	char err[CATALOG_ERRLEN] = "";

	memset(out, 0, sizeof(*out));
	if (!o) {
		recommend_options_init(&defaults);
		o = &defaults;
	}
	memset(&c, 0, sizeof(c));
	c.p = p;
	c.o = o;
	c.res = out;
	c.pricing = o->has_pricing ? o->pricing : p->pricing;
	c.currency = o->currency && *o->currency ? o->currency : p->currency;
	if (!*c.currency)
		c.currency = "USD";
	c.hours = o->has_hours ? o->hours_per_month
			       : (p->hours_per_month > 0 ? p->hours_per_month : 730.0);
	c.headroom = o->headroom_pct / 100.0;
	copy_str(out->currency, sizeof(out->currency), c.currency);
	out->pricing = c.pricing;
	out->hours_per_month = c.hours;
	out->headroom_pct = o->headroom_pct;

	if (load(&c, cat, err) != 0) {
		if (diags)
			diag_list_add(diags, DIAG_ERROR, NULL, 0, 0, "%s", err);
		ctx_release(&c);
		recommend_result_release(out);
		return -1;
	}
	build_shapes(&c);
	c.whole_shape = xmalloc((c.nvms + 1) * sizeof(*c.whole_shape));
	for (size_t v = 0; v < c.nvms; v++)
		c.whole_shape[v] = -1;
	for (size_t i = c.nshapes; i-- > 0;)
		if (c.shapes[i].mig < 0)
			c.whole_shape[c.shapes[i].vm] = (int)i;
	build_offers(&c);
	c.needs = xcalloc(p->nworkloads + 1, sizeof(*c.needs));
	c.fb_of = xmalloc((p->nworkloads + 1) * sizeof(*c.fb_of));
	for (size_t i = 0; i < p->nworkloads; i++)
		c.fb_of[i] = -1;
	c.region_used = xcalloc(c.nregions + 1, 1);
	out->workloads = xcalloc(p->nworkloads + 1, sizeof(*out->workloads));
	out->nworkloads = p->nworkloads;
	for (size_t i = 0; i < p->nworkloads; i++)
		recommend_one(&c, i, &out->workloads[i]);
	build_mig_plan(&c);
	apply_totals(&c);
	for (size_t i = 0; i < p->nworkloads; i++)
		finish_workload(&c, i);
	completeness(out);
	out->monthly_cost = util_round_cents(out->monthly_cost);
	out->current_monthly_cost = util_round_cents(out->current_monthly_cost);
	out->savings_monthly = util_round_cents(out->savings_monthly);
	unpriced_warnings(&c);
	unknown_warnings(&c);
	ctx_release(&c);
	return 0;
}

void recommend_result_release(struct recommend_result *r)
{
	for (size_t i = 0; i < r->nworkloads; i++) {
		struct recommend_workload *w = &r->workloads[i];
		free(w->alternatives);
		free(w->rejected);
		free(w->regions);
		for (size_t j = 0; j < w->nfindings; j++)
			free(w->findings[j].message);
		free(w->findings);
	}
	free(r->workloads);
	free(r->unpriced);
	mig_release(&r->mig);
	for (size_t i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	memset(r, 0, sizeof(*r));
}

/* ---- reasons ------------------------------------------------------------ */

/* "$1,234.56" (USD) or "1,234.56 EUR". */
static const char *fmt_money(char *buf, size_t len, double v, const char *currency)
{
	char num[48];
	util_fmt_money(num, sizeof(num), v);
	if (strcmp(currency, "USD") == 0)
		snprintf(buf, len, "$%s", num);
	else
		snprintf(buf, len, "%s %s", num, currency);
	return buf;
}

/* "a, b and 3 others" of the co-tenants of u into buf. */
static void cotenant_names(const struct recommend_result *r, const struct recommend_mig_use *u,
			   char *buf, size_t len)
{
	size_t shown = u->ncotenants < RECOMMEND_MAX_COTENANTS ? u->ncotenants
							       : RECOMMEND_MAX_COTENANTS;
	size_t at = 0;
	buf[0] = '\0';
	for (size_t k = 0; k < shown && at < len; k++) {
		const char *sep = k == 0 ? "" : (k + 1 == shown && shown == u->ncotenants) ? " and " : ", ";
		at += (size_t)snprintf(buf + at, len - at, "%s%s", sep,
				       r->workloads[u->cotenants[k]].name);
	}
	if (u->ncotenants > shown && at < len)
		snprintf(buf + at, len - at, " and %zu other%s", u->ncotenants - shown,
			 u->ncotenants - shown == 1 ? "" : "s");
}

int recommend_mig_note(const struct recommend_result *r, const struct recommend_workload *w,
		       const struct recommend_choice *c, char *buf, size_t len)
{
	const struct recommend_mig_use *u = &w->mig_use;
	char a[64], b[64], d[64], e[64], who[200];

	/* alternatives are whole purchasable options: nothing to qualify */
	if (u->use == RECOMMEND_BASIS_OWN || c != &w->rec)
		return 0;
	if (c->basis == RECOMMEND_BASIS_PLAN) {
		fmt_money(a, sizeof(a), u->part_monthly, r->currency);
		fmt_money(b, sizeof(b), u->plan_monthly, r->currency);
		fmt_money(d, sizeof(d), u->dedicated_monthly, r->currency);
		fmt_money(e, sizeof(e), u->dedicated_monthly - u->part_monthly, r->currency);
		if (u->pool[0])
			cotenant_names(r, u, who, sizeof(who));
		if (u->pool[0] && !u->replicas_dedicated)
			snprintf(buf, len, "MIG plan in %s, pool '%s' (%d x %s, %s)%s%s: %s of the "
					   "plan's %s/month; alone %s (%d x %s), saves %s",
				 u->region, u->pool, u->pool_vms, u->pool_sku, u->pool_profile,
				 u->ncotenants ? " with " : ", no co-tenants", who, a, b, d,
				 u->dedicated_vm_count, u->dedicated_sku, e);
		else if (u->pool[0])
			snprintf(buf, len, "MIG plan in %s: %d replica%s on pool '%s' (%d x %s, %s)%s%s, "
					   "%d on a dedicated %s: %s of the plan's %s/month; alone %s (%d "
					   "x %s), saves %s",
				 u->region, u->replicas_on_slices, u->replicas_on_slices == 1 ? "" : "s",
				 u->pool, u->pool_vms, u->pool_sku, u->pool_profile,
				 u->ncotenants ? " with " : ", no co-tenants", who,
				 u->replicas_dedicated, u->plan_dedicated_sku, a, b, d,
				 u->dedicated_vm_count, u->dedicated_sku, e);
		else
			snprintf(buf, len, "MIG plan in %s puts it on a dedicated %s (cheaper than a "
					   "slice): %s of the plan's %s/month; alone %s (%d x %s), "
					   "saves %s",
				 u->region, u->sku, a, b, d, u->dedicated_vm_count, u->dedicated_sku,
				 e);
		return 1;
	}
	if (c->basis == RECOMMEND_BASIS_SHARE) {
		snprintf(buf, len, "priced at its share of a GPU: no dedicated option, and the MIG "
				   "plan could not place it, so whole VMs will cost more");
		return 1;
	}
	if (c->basis != RECOMMEND_BASIS_DEDICATED)
		return 0;
	if (!u->packed)
		snprintf(buf, len, "not on the MIG plan: a replica needs %d MIG slices, and the plan "
				   "packs only workloads one slice serves",
			 u->slices_per_replica);
	else if (!(u->plan_monthly > 0))
		snprintf(buf, len, "not on the MIG plan: the plan for %s could not place every "
				   "replica", u->region);
	else if (u->plan_workloads == 1)
		snprintf(buf, len, "not on the MIG plan: in %s the plan would cost %s/month, not "
				   "less than its best dedicated option (%s)",
			 u->region, fmt_money(a, sizeof(a), u->plan_monthly, r->currency),
			 fmt_money(b, sizeof(b), u->plan_dedicated_monthly, r->currency));
	else
		snprintf(buf, len, "not on the MIG plan: in %s the plan would cost %s/month for "
				   "its %zu workloads, not less than %s on their best dedicated options",
			 u->region, fmt_money(a, sizeof(a), u->plan_monthly, r->currency),
			 u->plan_workloads,
			 fmt_money(b, sizeof(b), u->plan_dedicated_monthly, r->currency));
	return 1;
}

int recommend_choice_reason(const struct recommend_result *r, const struct recommend_workload *w,
			    const struct recommend_choice *c, size_t i, char *buf, size_t len)
{
	const struct fit_result *f = &c->fit;
	size_t k = 0;

	if (i == k++) {
		if (c->placement == FIT_PLACEMENT_MIG)
			snprintf(buf, len, "%d x MIG %s slice%s of %s per replica", f->vm_count,
				 c->mig_profile, f->vm_count == 1 ? "" : "s", c->gpu_model);
		else if (w->type == PROFILE_TRAINING)
			snprintf(buf, len, "%d VM%s (%d GPUs, tp %d x pp %d x dp %d)%s", f->vm_count,
				 f->vm_count == 1 ? "" : "s", f->gpu_count, f->tp, f->pp, f->dp,
				 f->vm_count > 1 ? " over InfiniBand" : "");
		else
			snprintf(buf, len, "%d VM%s per replica, %d instance%s of %d GPU%s each",
				 f->vm_count, f->vm_count == 1 ? "" : "s", f->instances,
				 f->instances == 1 ? "" : "s", f->gpus_per_instance,
				 f->gpus_per_instance == 1 ? "" : "s");
		return 1;
	}
	if (i == k++) {
		snprintf(buf, len, "memory %.1f GiB needed with %g%% headroom, %.1f GiB usable",
			 f->memory_need_gib, r->headroom_pct, f->memory_have_gib);
		return 1;
	}
	if (w->type == PROFILE_TRAINING && i == k++) {
		snprintf(buf, len, "one run takes %.1f h at %.0f%% MFU; job cost %.2f %s",
			 f->job_hours, f->mfu * 100.0, c->job_cost, r->currency);
		return 1;
	}
	if (w->type != PROFILE_TRAINING && f->tokens_per_s > 0 && i == k++) {
		snprintf(buf, len, "est. %.0f output tokens/s per replica at %.1f ms/token (%s-bound)",
			 f->tokens_per_s, f->ms_per_token, sizing_bound_name(f->bound));
		return 1;
	}
	if (c->placement == FIT_PLACEMENT_MIG && c->basis == RECOMMEND_BASIS_SHARE && i == k++) {
		snprintf(buf, len, "a slice is priced at the larger of its compute (x/7) and "
				   "memory (x/8) share of one GPU's part of the VM price");
		return 1;
	}
	if (i == k++)
		return recommend_mig_note(r, w, c, buf, len);
	return 0;
}

/* ---- JSON --------------------------------------------------------------- */

static cJSON *choice_json(const struct recommend_result *r, const struct recommend_workload *w,
			  const struct recommend_choice *c, int with_reasons)
{
	cJSON *o = cJSON_CreateObject();
	const struct fit_result *f = &c->fit;
	char buf[256];

	cJSON_AddStringToObject(o, "sku", c->sku);
	cJSON_AddStringToObject(o, "region", c->region);
	cJSON_AddStringToObject(o, "placement", fit_placement_name(c->placement));
	json_add_str_or_null(o, "mig_profile", c->mig_profile);
	cJSON_AddStringToObject(o, "gpu_model", c->gpu_model);
	cJSON_AddNumberToObject(o, "vm_count", c->vm_count);
	cJSON_AddNumberToObject(o, "gpu_count", c->gpu_count);
	cJSON_AddNumberToObject(o, "hourly_cost", c->hourly_cost); /* unrounded */
	json_add_money(o, "monthly_cost", c->monthly_cost);
	cJSON_AddStringToObject(o, "cost_basis", recommend_basis_name(c->basis));
	if (w->type == PROFILE_TRAINING) {
		json_add_rounded(o, "job_hours", f->job_hours, 1);
		json_add_money(o, "job_cost", c->job_cost);
		json_add_rounded(o, "est_tokens_per_s", f->tokens_per_s, 0);
		json_add_rounded(o, "mfu", f->mfu, 3);
	} else if (f->tokens_per_s > 0) {
		json_add_rounded(o, "est_output_tokens_per_s", f->tokens_per_s, 0);
		json_add_rounded(o, "est_ms_per_output_token", f->ms_per_token, 1);
		json_add_rounded(o, "est_time_to_first_token_ms", f->ttft_ms, 0);
	} else {
		cJSON_AddNullToObject(o, "est_output_tokens_per_s");
		cJSON_AddNullToObject(o, "est_ms_per_output_token");
	}
	json_add_rounded(o, "memory_headroom_pct", f->memory_headroom_pct, 1);
	if (with_reasons) {
		cJSON *reasons = cJSON_AddArrayToObject(o, "reasons");
		for (size_t i = 0; recommend_choice_reason(r, w, c, i, buf, sizeof(buf)); i++)
			cJSON_AddItemToArray(reasons, cJSON_CreateString(buf));
	} else if (recommend_mig_note(r, w, c, buf, sizeof(buf))) {
		cJSON_AddStringToObject(o, "note", buf);
	}
	return o;
}

/* How the MIG plan priced a MIG candidate; null for other workloads. */
static void mig_use_json(cJSON *o, const struct recommend_result *r,
			 const struct recommend_workload *w)
{
	const struct recommend_mig_use *u = &w->mig_use;
	cJSON *x, *arr;
	if (u->use == RECOMMEND_BASIS_OWN) {
		cJSON_AddNullToObject(o, "mig_plan_use");
		return;
	}
	x = cJSON_AddObjectToObject(o, "mig_plan_use");
	cJSON_AddStringToObject(x, "cost_basis", recommend_basis_name(u->use));
	cJSON_AddStringToObject(x, "sku", u->sku);
	cJSON_AddStringToObject(x, "mig_profile", u->mig_profile);
	cJSON_AddStringToObject(x, "region", u->region);
	cJSON_AddNumberToObject(x, "slices_per_replica", u->slices_per_replica);
	cJSON_AddBoolToObject(x, "packed", u->packed);
	json_add_str_or_null(x, "pool", u->pool);
	cJSON_AddNumberToObject(x, "replicas_on_slices", u->replicas_on_slices);
	cJSON_AddNumberToObject(x, "replicas_dedicated", u->replicas_dedicated);
	arr = cJSON_AddArrayToObject(x, "cotenants");
	for (size_t k = 0; k < u->ncotenants && k < RECOMMEND_MAX_COTENANTS; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(r->workloads[u->cotenants[k]].name));
	cJSON_AddNumberToObject(x, "cotenant_count", (double)u->ncotenants);
	json_add_str_or_null(x, "plan_dedicated_sku", u->plan_dedicated_sku);
	json_add_str_or_null(x, "dedicated_sku", u->dedicated_sku);
	json_add_money(x, "slice_share_monthly_cost", u->share_monthly);
	if (u->dedicated_monthly > 0)
		json_add_money(x, "dedicated_monthly_cost", u->dedicated_monthly);
	else
		cJSON_AddNullToObject(x, "dedicated_monthly_cost");
	if (u->plan_monthly > 0) {
		json_add_money(x, "plan_part_monthly_cost", u->part_monthly);
		json_add_money(x, "plan_monthly_cost", u->plan_monthly);
	} else {
		cJSON_AddNullToObject(x, "plan_part_monthly_cost");
		cJSON_AddNullToObject(x, "plan_monthly_cost");
	}
	json_add_money(x, "plan_dedicated_monthly_cost", u->plan_dedicated_monthly);
	cJSON_AddNumberToObject(x, "plan_workloads", (double)u->plan_workloads);
}

cJSON *recommend_workload_to_json(const struct recommend_result *r, size_t i)
{
	const struct recommend_workload *w = &r->workloads[i];
	cJSON *o = cJSON_CreateObject(), *needs, *arr;
	char buf[256];

	cJSON_AddStringToObject(o, "name", w->name);
	cJSON_AddStringToObject(o, "type", profile_type_name(w->type));
	cJSON_AddNumberToObject(o, "replicas", (double)w->replicas);
	needs = cJSON_AddObjectToObject(o, "needs");
	json_add_rounded(needs, "gpu_memory_gib", w->needs.gpu_memory_gib, 1);
	json_add_rounded(needs, "tflops", w->needs.tflops, 1);
	json_add_rounded(needs, "bandwidth_gb_per_s", w->needs.bandwidth_gb_per_s, 0);
	cJSON_AddStringToObject(needs, "interconnect",
				w->needs.interconnect ? w->needs.interconnect : "none");
	if (w->feasible)
		cJSON_AddItemToObject(o, "recommendation", choice_json(r, w, &w->rec, 1));
	else
		cJSON_AddNullToObject(o, "recommendation");
	arr = cJSON_AddArrayToObject(o, "alternatives");
	for (size_t j = 0; j < w->nalternatives; j++)
		cJSON_AddItemToArray(arr, choice_json(r, w, &w->alternatives[j], 0));
	arr = cJSON_AddArrayToObject(o, "rejected");
	for (size_t j = 0; j < w->nrejected; j++) {
		const struct recommend_reject *rj = &w->rejected[j];
		cJSON *x = cJSON_CreateObject();
		fit_reject_text(&rj->fit, pricing_name(r->pricing), rj->region, buf, sizeof(buf));
		cJSON_AddStringToObject(x, "sku", rj->sku);
		json_add_str_or_null(x, "mig_profile", rj->mig_profile);
		json_add_str_or_null(x, "region", rj->region);
		cJSON_AddStringToObject(x, "kind", fit_reject_name(rj->fit.reject));
		cJSON_AddStringToObject(x, "reason", buf);
		cJSON_AddItemToArray(arr, x);
	}
	arr = cJSON_AddArrayToObject(o, "regions");
	for (size_t j = 0; j < w->nregions; j++) {
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "region", w->regions[j].region);
		if (w->regions[j].feasible) {
			cJSON_AddStringToObject(x, "sku", w->regions[j].sku);
			json_add_money(x, "monthly_cost", w->regions[j].monthly_cost);
		} else {
			cJSON_AddNullToObject(x, "sku");
			cJSON_AddNullToObject(x, "monthly_cost");
		}
		cJSON_AddItemToArray(arr, x);
	}
	if (w->has_current) {
		cJSON *x = cJSON_AddObjectToObject(o, "current");
		cJSON_AddStringToObject(x, "sku", w->current.sku);
		cJSON_AddNumberToObject(x, "count", (double)w->current.count);
		if (w->current.priced)
			json_add_money(x, "monthly_cost", w->current.monthly_cost);
		else
			cJSON_AddNullToObject(x, "monthly_cost");
		if (w->current.priced && w->feasible)
			json_add_money(x, "savings_monthly", w->current.savings_monthly);
		else
			cJSON_AddNullToObject(x, "savings_monthly");
		if (w->current.meets_needs >= 0)
			cJSON_AddBoolToObject(x, "meets_needs", w->current.meets_needs);
		else
			cJSON_AddNullToObject(x, "meets_needs");
	} else {
		cJSON_AddNullToObject(o, "current");
	}
	arr = cJSON_AddArrayToObject(o, "findings");
	for (size_t j = 0; j < w->nfindings; j++) {
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "kind", w->findings[j].kind);
		cJSON_AddStringToObject(x, "severity",
					recommend_severity_name(w->findings[j].severity));
		cJSON_AddStringToObject(x, "message", w->findings[j].message);
		cJSON_AddItemToArray(arr, x);
	}
	mig_use_json(o, r, w);
	return o;
}

static cJSON *mig_plan_json(const struct recommend_result *r)
{
	const struct recommend_mig_plan *m = &r->mig;
	cJSON *o = cJSON_CreateObject(), *arr;

	cJSON_AddStringToObject(o, "strategy", mig_strategy_name(MIG_STRATEGY_AKS));
	arr = cJSON_AddArrayToObject(o, "node_pools");
	for (size_t i = 0; i < m->npools; i++) {
		const struct recommend_mig_pool *p = &m->pools[i];
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "name", p->name);
		cJSON_AddStringToObject(x, "sku", p->sku);
		cJSON_AddStringToObject(x, "region", p->region);
		cJSON_AddStringToObject(x, "gpu_model", p->gpu_model);
		cJSON_AddNumberToObject(x, "vm_count", p->vm_count);
		cJSON_AddNumberToObject(x, "gpus_per_vm", p->gpus_per_vm);
		json_add_str_or_null(x, "mig_profile", p->mig_profile);
		json_add_str_or_null(x, "aks_gpu_instance_profile", p->aks_profile);
		cJSON_AddNumberToObject(x, "slices", p->slices);
		cJSON_AddNumberToObject(x, "slices_used", p->slices_used);
		cJSON_AddNumberToObject(x, "hourly_cost", p->hourly_cost); /* unrounded */
		json_add_money(x, "monthly_cost", p->monthly_cost);
		cJSON_AddItemToArray(arr, x);
	}
	arr = cJSON_AddArrayToObject(o, "dedicated");
	for (size_t i = 0; i < m->ndedicated; i++) {
		const struct recommend_mig_dedicated *d = &m->dedicated[i];
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "workload", r->workloads[d->workload].name);
		cJSON_AddNumberToObject(x, "replica", d->replica);
		cJSON_AddStringToObject(x, "sku", d->sku);
		cJSON_AddStringToObject(x, "region", d->region);
		json_add_money(x, "monthly_cost", d->monthly_cost);
		cJSON_AddItemToArray(arr, x);
	}
	arr = cJSON_AddArrayToObject(o, "workloads");
	for (size_t i = 0; i < m->nworkloads; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(r->workloads[m->workloads[i]].name));
	cJSON_AddNumberToObject(o, "replicas", (double)m->replicas);
	json_add_money(o, "monthly_cost", m->monthly_cost);
	json_add_money(o, "dedicated_monthly_cost", m->dedicated_monthly_cost);
	json_add_money(o, "savings_monthly", m->savings_monthly);
	cJSON_AddBoolToObject(o, "used_in_totals", m->used_in_totals);
	cJSON_AddBoolToObject(o, "exact", m->exact);
	arr = cJSON_AddArrayToObject(o, "regions");
	for (size_t i = 0; i < m->nregions; i++) {
		const struct recommend_mig_region *g = &m->regions[i];
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "region", g->region);
		cJSON_AddNumberToObject(x, "workloads", (double)g->nworkloads);
		if (g->priced)
			json_add_money(x, "monthly_cost", g->monthly_cost);
		else
			cJSON_AddNullToObject(x, "monthly_cost");
		json_add_money(x, "dedicated_monthly_cost", g->dedicated_monthly_cost);
		cJSON_AddBoolToObject(x, "used_in_totals", g->used_in_totals);
		cJSON_AddItemToArray(arr, x);
	}
	return o;
}

cJSON *recommend_header_to_json(const struct recommend_result *r,
				const struct recommend_meta *meta)
{
	cJSON *doc = cJSON_CreateObject(), *x, *arr;

	cJSON_AddNumberToObject(doc, "schema_version", 1);
	cJSON_AddStringToObject(doc, "gpufit_version",
				meta && meta->gpufit_version ? meta->gpufit_version : "");
	cJSON_AddStringToObject(doc, "currency", r->currency);
	cJSON_AddStringToObject(doc, "pricing", pricing_name(r->pricing));
	json_add_rounded(doc, "hours_per_month", r->hours_per_month, 2);
	x = cJSON_AddObjectToObject(doc, "catalog");
	json_add_str_or_null(x, "source", meta ? meta->catalog_source : NULL);
	json_add_str_or_null(x, "fetched_at", meta ? meta->fetched_at : NULL);
	if (meta && meta->age_days >= 0)
		cJSON_AddNumberToObject(x, "age_days", (double)meta->age_days);
	else
		cJSON_AddNullToObject(x, "age_days");
	x = cJSON_AddObjectToObject(doc, "assumptions");
	json_add_rounded(x, "headroom_pct", r->headroom_pct, 2);
	cJSON_AddStringToObject(x, "replicas", "each replica is sized for the full load");
	cJSON_AddStringToObject(x, "mig_price_share",
				"max(compute slices / 7, memory slices / 8) of one GPU's share "
				"of the VM price");
	cJSON_AddStringToObject(x, "needs", "per replica; memory and tflops include the headroom");
	cJSON_AddStringToObject(x, "mig_plan_totals",
				"workloads whose cheapest option is a MIG slice are packed per "
				"region onto whole VMs (the MIG plan); when it costs less than "
				"their best dedicated options, each is recommended its placement "
				"in the plan and charged its part of it, else they are "
				"recommended those");
	cJSON_AddStringToObject(x, "mig_plan_allocation",
				"the plan's monthly cost is split over its workloads in proportion "
				"to what each would cost alone (its best dedicated option), in "
				"whole cents by largest remainder: no workload pays more than "
				"alone");
	{
		cJSON *fx = cJSON_AddObjectToObject(x, "factors");
		for (size_t i = 0; i < sizing_factor_count(); i++)
			json_add_rounded(fx, sizing_factor_name(i),
					 sizing_factor_value(&r->factors, i), 4);
	}
	cJSON_AddArrayToObject(doc, "workloads");
	if (r->mig.present)
		cJSON_AddItemToObject(doc, "mig_plan", mig_plan_json(r));
	else
		cJSON_AddNullToObject(doc, "mig_plan");
	x = cJSON_AddObjectToObject(doc, "totals");
	if (r->complete)
		json_add_money(x, "monthly_cost", r->monthly_cost);
	else
		cJSON_AddNullToObject(x, "monthly_cost");
	cJSON_AddBoolToObject(x, "complete", r->complete);
	arr = cJSON_AddArrayToObject(x, "unpriced");
	for (size_t i = 0; i < r->nunpriced; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(r->workloads[r->unpriced[i]].name));
	json_add_money(x, "priced_monthly_cost", r->priced_monthly_cost);
	if (r->has_current) {
		json_add_money(x, "current_monthly_cost", r->current_monthly_cost);
		if (r->savings_known)
			json_add_money(x, "savings_monthly", r->savings_monthly);
		else
			cJSON_AddNullToObject(x, "savings_monthly");
	} else {
		cJSON_AddNullToObject(x, "current_monthly_cost");
		cJSON_AddNullToObject(x, "savings_monthly");
	}
	arr = cJSON_AddArrayToObject(x, "current_covers");
	for (size_t i = 0; i < r->nworkloads; i++)
		if (r->workloads[i].has_current && r->workloads[i].current.priced)
			cJSON_AddItemToArray(arr, cJSON_CreateString(r->workloads[i].name));
	cJSON_AddNumberToObject(x, "current_unknown", (double)r->current_unknown);
	cJSON_AddNumberToObject(x, "workloads", (double)r->nworkloads);
	cJSON_AddNumberToObject(x, "infeasible", (double)r->infeasible);
	cJSON_AddBoolToObject(x, "uses_mig_plan", r->mig.used_in_totals);
	arr = cJSON_AddArrayToObject(doc, "warnings");
	for (size_t i = 0; i < r->nwarnings; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(r->warnings[i]));
	return doc;
}

cJSON *recommend_to_json(const struct recommend_result *r, const struct recommend_meta *meta)
{
	cJSON *doc = recommend_header_to_json(r, meta);
	cJSON *arr = cJSON_GetObjectItemCaseSensitive(doc, "workloads");
	for (size_t i = 0; i < r->nworkloads; i++)
		cJSON_AddItemToArray(arr, recommend_workload_to_json(r, i));
	return doc;
}
