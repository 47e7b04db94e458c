/*
 * mig.c - the MIG packer (see mig.h for the rules a plan obeys).
 *
 * Per GPU model the packer first enumerates every valid layout by
 * backtracking over the eight memory slots and keeps one placement per
 * multiset of profiles in a small hash table keyed by the profile counts
 * (4 bits per profile).  Whether a GPU can take one more slice is then a
 * single lookup: validity is monotone (a subset of a valid multiset is
 * valid), which also lets first-fit skip a GPU for good once a profile no
 * longer fits on it.
 *
 * Mixed strategy: every item is sized to its smallest feasible profile per
 * offer (a smaller profile of the chain 1g < 1g.2x < 2g < 3g < 4g < 7g never
 * packs worse), sent to the offer with the lowest fractional cost (or to its
 * dedicated GPU when that is cheaper), packed first-fit-decreasing; then a
 * lightly loaded VM is emptied whenever its items fit elsewhere for less.
 * The AKS plan is computed too and adopted when cheaper, since every AKS
 * layout is a mixed layout.
 * AKS strategy: a pool (offer, profile) is a bin of gpus * slices identical
 * slots, so the cost of a pool is closed-form; items start at their cheapest
 * slot, then the remainders of pools (on small fleets pushing cheaper items
 * out of full pools) and single items are moved while that saves money.
 * Replicas of a workload with the same needs form a class (pk->cls); a
 * decision is weighed once per class and reused for its next items while
 * the costs it read are unchanged, so the moves cost per class and pool,
 * not per replica, and the plan is the one weighing every item gives.
 * Up to MIG_EXACT_MAX_ITEMS items, branch and bound finds the optimum.
 *
 * The lower bound is weak LP duality: any weight w(p) >= 0 with
 * sum w <= 1 over every valid layout prices a slice of p at no less than
 * w(p) * (VM price / GPUs per VM).
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mig.h"
#include "util.h"

#define EPS 1e-9
#define EXACT_NODE_BUDGET 400000L  /* search steps: well under a second */
#define GROUP_NODE_BUDGET 200000L
#define AKS_MEMO_STATES 16384     /* power of two */
#define HEURISTIC_GROUP_MAX 10    /* GPUs of one offer grouped exactly */
#define DEDICATED (-2)
#define NOWHERE (-1)

/* ---- layouts of one GPU model ------------------------------------------ */

struct layout {
	uint64_t key;             /* 4 bits of count per profile */
	int n;
	signed char prof[MIG_MEMORY_SLOTS];
	signed char start[MIG_MEMORY_SLOTS];
};

struct geometry {
	const struct mig_profile *prof;
	int np;
	int maxc[MIG_MAX_PROFILES];
	int cap[MIG_MAX_PROFILES];  /* slices of p alone on one GPU */
	struct layout *lay;
	size_t nlay, caplay;
	int *hash;                  /* index into lay, -1 = empty */
	size_t hcap;                /* power of two */
};

static uint64_t unit(int p)
{
	return (uint64_t)1 << (4 * p);
}

static size_t hash_slot(uint64_t key, size_t hcap)
{
	return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (hcap - 1);
}

static int geo_find(const struct geometry *g, uint64_t key)
{
	size_t h = hash_slot(key, g->hcap);

	while (g->hash[h] >= 0) {
		if (g->lay[g->hash[h]].key == key)
			return g->hash[h];
		h = (h + 1) & (g->hcap - 1);
	}
	return -1;
}

static void geo_rehash(struct geometry *g, size_t hcap)
{
	free(g->hash);
	g->hcap = hcap;
	g->hash = xmalloc(hcap * sizeof(*g->hash));
	for (size_t i = 0; i < hcap; i++)
		g->hash[i] = -1;
	for (size_t i = 0; i < g->nlay; i++) {
		size_t h = hash_slot(g->lay[i].key, hcap);
		while (g->hash[h] >= 0)
			h = (h + 1) & (hcap - 1);
		g->hash[h] = (int)i;
	}
}

static void geo_record(struct geometry *g, const struct layout *cur, const int *counts)
{
	uint64_t key = 0;

	for (int p = 0; p < g->np; p++)
		key += (uint64_t)counts[p] * unit(p);
	if (geo_find(g, key) >= 0)
		return;
	if (g->nlay == g->caplay) {
		g->caplay = g->caplay ? 2 * g->caplay : 64;
		g->lay = xrealloc(g->lay, g->caplay * sizeof(*g->lay));
	}
	g->lay[g->nlay] = *cur;
	g->lay[g->nlay].key = key;
	g->nlay++;
	if (2 * g->nlay > g->hcap)
		geo_rehash(g, 2 * g->hcap);
	else {
		size_t h = hash_slot(key, g->hcap);
		while (g->hash[h] >= 0)
			h = (h + 1) & (g->hcap - 1);
		g->hash[h] = (int)g->nlay - 1;
	}
}

/* Every placement whose slices start at or after slot, in start order. */
static void geo_enum(struct geometry *g, int slot, unsigned used, int compute, int me,
		     int *counts, struct layout *cur)
{
	geo_record(g, cur, counts);
	for (int t = slot; t < MIG_MEMORY_SLOTS; t++) {
		if (used & (1u << t))
			continue;
		for (int p = 0; p < g->np; p++) {
			const struct mig_profile *mp = &g->prof[p];
			int m = mp->memory_slices;
			unsigned bits;

			if (!(mp->start_mask & (1u << t)) || t + m > MIG_MEMORY_SLOTS)
				continue;
			bits = ((1u << m) - 1) << t;
			if ((used & bits) || compute + mp->compute_slices > MIG_COMPUTE_SLICES ||
			    counts[p] >= g->maxc[p] || (mp->media_ext && me))
				continue;
			counts[p]++;
			cur->prof[cur->n] = (signed char)p;
			cur->start[cur->n] = (signed char)t;
			cur->n++;
			geo_enum(g, t + 1, used | bits, compute + mp->compute_slices,
				 me || mp->media_ext, counts, cur);
			cur->n--;
			counts[p]--;
		}
	}
}

static int geo_init(struct geometry *g, const struct mig_profile *prof, size_t np, char *err)
{
	int counts[MIG_MAX_PROFILES] = { 0 };
	struct layout cur;

	memset(g, 0, sizeof(*g));
	if (np > MIG_MAX_PROFILES) {
		snprintf(err, MIG_ERRLEN, "%zu mig profiles for one gpu model, at most %d", np,
			 MIG_MAX_PROFILES);
		return -1;
	}
	g->prof = prof;
	g->np = (int)np;
	for (size_t p = 0; p < np; p++) {
		const struct mig_profile *mp = &prof[p];
		if (mp->memory_slices < 1 || mp->memory_slices > MIG_MEMORY_SLOTS ||
		    mp->compute_slices < 1 || mp->compute_slices > MIG_COMPUTE_SLICES) {
			snprintf(err, MIG_ERRLEN, "mig profile '%s' has an impossible geometry",
				 mp->name);
			return -1;
		}
		g->maxc[p] = mp->max_count > 0 && mp->max_count < MIG_COMPUTE_SLICES ?
			     mp->max_count : MIG_COMPUTE_SLICES;
	}
	g->hcap = 256;
	g->hash = xmalloc(g->hcap * sizeof(*g->hash));
	for (size_t i = 0; i < g->hcap; i++)
		g->hash[i] = -1;
	memset(&cur, 0, sizeof(cur));
	geo_enum(g, 0, 0, 0, 0, counts, &cur);
	for (int p = 0; p < g->np; p++) {
		uint64_t key = 0;
		while (g->cap[p] < MIG_COMPUTE_SLICES && geo_find(g, key + unit(p)) >= 0) {
			key += unit(p);
			g->cap[p]++;
		}
	}
	return 0;
}

static void geo_release(struct geometry *g)
{
	free(g->lay);
	free(g->hash);
	memset(g, 0, sizeof(*g));
}

static int geo_fits(const struct geometry *g, uint64_t key, int p)
{
	return geo_find(g, key + unit(p)) >= 0;
}

int mig_profile_capacity(const struct mig_profile *profiles, size_t nprofiles, size_t p)
{
	struct geometry g;
	char err[MIG_ERRLEN];
	int cap;

	if (p >= nprofiles || geo_init(&g, profiles, nprofiles, err) < 0)
		return 0;
	cap = g.cap[p];
	geo_release(&g);
	return cap;
}

const char *mig_strategy_name(enum mig_strategy s)
{
	return s == MIG_STRATEGY_MIXED ? "mixed" : "aks";
}

int mig_strategy_parse(const char *s, enum mig_strategy *out)
{
	if (strcmp(s, "aks") == 0)
		*out = MIG_STRATEGY_AKS;
	else if (strcmp(s, "mixed") == 0)
		*out = MIG_STRATEGY_MIXED;
	else
		return -1;
	return 0;
}

/* ---- sorting index arrays with a context ------------------------------ */

typedef int (*idx_cmp)(int x, int y, const void *ctx);

/*
 * Stable merge sort of the indices v[0..n-1] by cmp(x, y, ctx) (< 0: x
 * first); insertion sort on runs of 8, then bottom-up merges through one
 * scratch array.  C11 qsort has no context argument, and keeping the
 * context in a file-scope variable would make the packer non-re-entrant.
 */
static void sort_idx(int *v, size_t n, idx_cmp cmp, const void *ctx)
{
	enum { RUN = 8 };
	int *tmp, *src = v, *dst;

	for (size_t lo = 0; lo < n; lo += RUN) {
		size_t hi = lo + RUN < n ? lo + RUN : n;
		for (size_t i = lo + 1; i < hi; i++) {
			int x = v[i];
			size_t j = i;
			for (; j > lo && cmp(x, v[j - 1], ctx) < 0; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
	}
	if (n <= RUN)
		return;
	tmp = xmalloc(n * sizeof(*tmp));
	dst = tmp;
	for (size_t w = RUN; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t a = lo, b = mid, k = lo;
			while (a < mid && b < hi)
				dst[k++] = cmp(src[b], src[a], ctx) < 0 ? src[b++] : src[a++];
			while (a < mid)
				dst[k++] = src[a++];
			while (b < hi)
				dst[k++] = src[b++];
		}
		{
			int *t = src;
			src = dst;
			dst = t;
		}
	}
	if (src != v)
		memcpy(v, src, n * sizeof(*v));
	free(tmp);
}

/* ---- shared packer state ----------------------------------------------- */

struct pgpu {
	int offer;
	uint64_t key;
	int n;
	int item[MIG_MEMORY_SLOTS];
	int load;                 /* memory slots + compute slices, for ordering */
	int vm, idx;              /* after grouping */
};

struct packer {
	const struct mig_offer *off;
	int noff;
	const struct mig_item *it;
	int nit;
	enum mig_strategy strat;
	struct geometry geo[MIG_MAX_OFFERS];
	signed char *prof;        /* ncls * noff: profile per class and offer, -1 none */
	int *wl;                  /* dense workload per item */
	int nwl;
	int *wl_items;            /* item indices grouped by workload */
	int *wl_start;            /* nwl + 1 */
	int *cls;                 /* per item: its class, a run of wl_items of one
				   * workload with the same feasible profiles and
				   * dedicated price (interchangeable items) */
	int ncls;
	int *place;               /* mixed: gpu index, DEDICATED, NOWHERE */
	struct pgpu *gpus;
	int ngpus, capgpus;
	int vms[MIG_MAX_OFFERS];  /* mixed: VM count per offer after grouping */
	int model[MIG_MAX_OFFERS]; /* first offer with the same GPU model */
	int maxrep;
};

static int prof_of(const struct packer *pk, int i, int o)
{
	return pk->prof[(size_t)pk->cls[i] * pk->noff + o];
}

static int pick_profile(const struct geometry *g, unsigned mask, int aks)
{
	int best = -1;

	for (int p = 0; p < g->np; p++) {
		const struct mig_profile *a = &g->prof[p], *b;
		if (!(mask & (1u << p)) || g->cap[p] == 0 || (aks && !a->aks_profile[0]))
			continue;
		if (best < 0) {
			best = p;
			continue;
		}
		b = &g->prof[best];
		if (a->memory_slices < b->memory_slices ||
		    (a->memory_slices == b->memory_slices &&
		     (a->compute_slices < b->compute_slices ||
		      (a->compute_slices == b->compute_slices && a->media_ext < b->media_ext))))
			best = p;
	}
	return best;
}

/* By workload, then replica, then index; ctx: the items. */
static int cmp_by_workload(int a, int b, const void *ctx)
{
	const struct mig_item *items = ctx, *x = &items[a], *y = &items[b];

	if (x->workload != y->workload)
		return x->workload < y->workload ? -1 : 1;
	if (x->replica != y->replica)
		return x->replica < y->replica ? -1 : 1;
	return a - b;
}

static int same_item(const struct packer *pk, int x, int y)
{
	return pk->wl[x] == pk->wl[y] &&
	       pk->it[x].dedicated_hourly == pk->it[y].dedicated_hourly &&
	       memcmp(pk->it[x].feasible, pk->it[y].feasible,
		      (size_t)pk->noff * sizeof(pk->it[x].feasible[0])) == 0;
}

static void group_workloads(struct packer *pk)
{
	int n = pk->nit, sorted = 1;

	pk->wl = xcalloc((size_t)n + 1, sizeof(int));
	pk->wl_items = xcalloc((size_t)n + 1, sizeof(int));
	pk->wl_start = xcalloc((size_t)n + 2, sizeof(int));
	for (int i = 0; i < n; i++) {
		pk->wl_items[i] = i;
		if (i > 0 && cmp_by_workload(i - 1, i, pk->it) > 0)
			sorted = 0;
	}
	if (!sorted) /* callers usually list replicas workload by workload */
		sort_idx(pk->wl_items, (size_t)n, cmp_by_workload, pk->it);
	pk->nwl = 0;
	for (int k = 0; k < n; k++) {
		int i = pk->wl_items[k];
		if (k == 0 || pk->it[i].workload != pk->it[pk->wl_items[k - 1]].workload)
			pk->wl_start[pk->nwl++] = k;
		pk->wl[i] = pk->nwl - 1;
	}
	pk->wl_start[pk->nwl] = n;
	pk->cls = xcalloc((size_t)n + 1, sizeof(int));
	pk->ncls = 0;
	for (int k = 0; k < n; k++) {
		int i = pk->wl_items[k];
		if (k == 0 || !same_item(pk, pk->wl_items[k - 1], i))
			pk->ncls++;
		pk->cls[i] = pk->ncls - 1;
	}
	pk->maxrep = 0;
	for (int w = 0; w < pk->nwl; w++)
		if (pk->wl_start[w + 1] - pk->wl_start[w] > pk->maxrep)
			pk->maxrep = pk->wl_start[w + 1] - pk->wl_start[w];
}

static double per_gpu(const struct packer *pk, int o)
{
	return pk->off[o].hourly / pk->off[o].gpus_per_vm;
}

static int ceil_div(int a, int b)
{
	return (a + b - 1) / b;
}

/* ---- lower bound --------------------------------------------------------- */

/* Normalises w so that the heaviest valid layout weighs exactly 1. */
static void normalise(const struct geometry *g, double *w)
{
	double top = 0;

	for (size_t l = 0; l < g->nlay; l++) {
		double s = 0;
		for (int k = 0; k < g->lay[l].n; k++)
			s += w[(int)g->lay[l].prof[k]];
		if (s > top)
			top = s;
	}
	for (int p = 0; p < g->np; p++)
		w[p] = top > 0 ? w[p] / top : 0;
}

/* Items with the same feasible profiles and dedicated price, counted. */
struct lbgroup {
	unsigned feas[MIG_MAX_OFFERS];
	double ded;
	double count;
};

/* By feasible profiles, then dedicated price; ctx: the packer. */
static int cmp_lbitem(int a, int b, const void *ctx)
{
	const struct packer *pk = ctx;
	const struct mig_item *x = &pk->it[a], *y = &pk->it[b];
	int c = memcmp(x->feasible, y->feasible, sizeof(x->feasible));

	if (c)
		return c;
	if (x->dedicated_hourly != y->dedicated_hourly)
		return x->dedicated_hourly < y->dedicated_hourly ? -1 : 1;
	return 0;
}

static double lb_eval(const struct packer *pk, const struct lbgroup *gr, size_t ng,
		      double w[][MIG_MAX_PROFILES])
{
	double sum = 0;

	for (size_t k = 0; k < ng; k++) {
		double m = gr[k].ded > 0 ? gr[k].ded : HUGE_VAL;
		for (int o = 0; o < pk->noff; o++)
			for (int p = 0; p < pk->geo[o].np; p++)
				if ((gr[k].feas[o] >> p & 1) && pk->geo[o].cap[p] &&
				    per_gpu(pk, o) * w[o][p] < m)
					m = per_gpu(pk, o) * w[o][p];
		if (m < HUGE_VAL)
			sum += gr[k].count * m;
	}
	return sum;
}

/* Coordinate ascent from the weights w (worth v): each weight in turn, and
 * each profile with all larger ones, is scaled up or down while that raises
 * the bound.  Returns the value reached. */
static double lb_ascend(const struct packer *pk, const struct lbgroup *gr, size_t ng,
			double w[][MIG_MAX_PROFILES], double v)
{
	for (double delta = 0.5; delta > 0.004; delta /= 2) {
		for (int round = 0; round < 4; round++) {
			int improved = 0;
			for (int o = 0; o < pk->noff; o++) {
				if (pk->model[o] != o)
					continue;
				for (int p = 0; p < 2 * pk->geo[o].np; p++)
					for (int sign = -1; sign <= 1; sign += 2) {
						const struct geometry *g = &pk->geo[o];
						const struct mig_profile *mp = &g->prof[p % g->np];
						double t[MIG_MAX_OFFERS][MIG_MAX_PROFILES], tv;
						memcpy(t, w, sizeof(t));
						/* p < np: one weight; else every profile at
						 * least as large (feasible sets are up-sets);
						 * sizes of one GPU model move together */
						for (int o2 = o; o2 < pk->noff; o2++) {
							if (pk->model[o2] != o)
								continue;
							for (int q = 0; q < g->np; q++)
								if (q == p || (p >= g->np &&
									       g->prof[q].memory_slices >= mp->memory_slices &&
									       g->prof[q].compute_slices >= mp->compute_slices))
									t[o2][q] *= 1 + sign * delta;
							normalise(&pk->geo[o2], t[o2]);
						}
						if (!(t[o][p % g->np] > 0))
							continue;
						tv = lb_eval(pk, gr, ng, t);
						if (tv > v * (1 + 1e-12)) {
							v = tv;
							memcpy(w, t, sizeof(t));
							improved = 1;
						}
					}
			}
			if (!improved)
				break;
		}
	}
	return v;
}

/*
 * The best of blends of memory and compute shares and 1/capacity, improved
 * by coordinate ascent on the dual; every weighting is normalised over the
 * valid layouts, so each value is a bound.  An
 * item may use any feasible profile, so it is charged its lightest one.
 */
static double lower_bound_mixed(const struct packer *pk, double bw[][MIG_MAX_PROFILES])
{
	static const double alphas[] = { 0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1 };
	size_t nc = sizeof(alphas) / sizeof(alphas[0]) + 1, ng = 0;
	double best = 0;
	int *idx = xmalloc(((size_t)pk->ncls + 1) * sizeof(int));
	int *size = xcalloc((size_t)pk->ncls + 1, sizeof(int)), nrep = 0;
	struct lbgroup *gr = xcalloc((size_t)pk->ncls + 1, sizeof(*gr));

	memset(bw, 0, MIG_MAX_OFFERS * sizeof(*bw));
	/* one item per class stands for the class's size */
	for (int m = 0; m < pk->nit; m++) {
		int i = pk->wl_items[m];
		if (m == 0 || pk->cls[pk->wl_items[m - 1]] != pk->cls[i])
			idx[nrep++] = i;
		size[pk->cls[i]]++;
	}
	sort_idx(idx, (size_t)nrep, cmp_lbitem, pk);
	for (int k = 0; k < nrep; k++) {
		const struct mig_item *it = &pk->it[idx[k]];
		if (k == 0 || cmp_lbitem(idx[k - 1], idx[k], pk) != 0) {
			memcpy(gr[ng].feas, it->feasible, sizeof(gr[ng].feas));
			gr[ng].ded = it->dedicated_hourly;
			ng++;
		}
		gr[ng - 1].count += size[pk->cls[idx[k]]];
	}
	for (size_t c = 0; c < nc; c++) {
		double w[MIG_MAX_OFFERS][MIG_MAX_PROFILES], v;
		for (int o = 0; o < pk->noff; o++) {
			const struct geometry *g = &pk->geo[o];
			for (int p = 0; p < g->np; p++) {
				const struct mig_profile *mp = &g->prof[p];
				if (c + 1 == nc)
					w[o][p] = g->cap[p] ? 1.0 / g->cap[p] : 1;
				else
					w[o][p] = alphas[c] * mp->memory_slices / 8.0 +
						  (1 - alphas[c]) * mp->compute_slices / 7.0;
			}
			normalise(g, w[o]);
		}
		v = lb_eval(pk, gr, ng, w);
		if (v > best) {
			best = v;
			memcpy(bw, w, MIG_MAX_OFFERS * sizeof(*bw));
		}
	}
	if (best > 0)
		best = lb_ascend(pk, gr, ng, bw, best);
	free(idx);
	free(size);
	free(gr);
	return best;
}

static double slot_cost(const struct packer *pk, int o, int p)
{
	return per_gpu(pk, o) / pk->geo[o].cap[p];
}

/* Each item's cheapest slot or dedicated GPU, found once per class and
 * summed item by item. */
static double lower_bound_aks(const struct packer *pk)
{
	double sum = 0, *cheapest = xmalloc(((size_t)pk->ncls + 1) * sizeof(double));
	char *known = xcalloc((size_t)pk->ncls + 1, 1);

	for (int i = 0; i < pk->nit; i++) {
		int c = pk->cls[i];
		double m = pk->it[i].dedicated_hourly > 0 ? pk->it[i].dedicated_hourly : HUGE_VAL;
		if (known[c]) {
			m = cheapest[c];
		} else {
			for (int o = 0; o < pk->noff; o++)
				for (int p = 0; p < pk->geo[o].np; p++)
					if (prof_of(pk, i, o) >= 0 &&
					    (pk->it[i].feasible[o] & (1u << p)) && pk->geo[o].cap[p] &&
					    pk->geo[o].prof[p].aks_profile[0] && slot_cost(pk, o, p) < m)
						m = slot_cost(pk, o, p);
			cheapest[c] = m;
			known[c] = 1;
		}
		if (m < HUGE_VAL)
			sum += m;
	}
	free(cheapest);
	free(known);
	return sum;
}

/* ---- mixed strategy: GPUs ---------------------------------------------- */

static int gpu_new(struct packer *pk, int o)
{
	if (pk->ngpus == pk->capgpus) {
		pk->capgpus = pk->capgpus ? 2 * pk->capgpus : 64;
		pk->gpus = xrealloc(pk->gpus, (size_t)pk->capgpus * sizeof(*pk->gpus));
	}
	memset(&pk->gpus[pk->ngpus], 0, sizeof(pk->gpus[0]));
	pk->gpus[pk->ngpus].offer = o;
	return pk->ngpus++;
}

static int gpu_has_workload(const struct packer *pk, const struct pgpu *g, int w)
{
	for (int k = 0; k < g->n; k++)
		if (pk->wl[g->item[k]] == w)
			return 1;
	return 0;
}

/* Can item i join GPU j (geometry and anti-affinity)? */
static int gpu_accepts(const struct packer *pk, int j, int i)
{
	const struct pgpu *g = &pk->gpus[j];
	int p = prof_of(pk, i, g->offer);

	return p >= 0 && geo_fits(&pk->geo[g->offer], g->key, p) &&
	       !gpu_has_workload(pk, g, pk->wl[i]);
}

static void gpu_add(struct packer *pk, int j, int i)
{
	struct pgpu *g = &pk->gpus[j];
	const struct mig_profile *mp = &pk->geo[g->offer].prof[prof_of(pk, i, g->offer)];

	g->key += unit(prof_of(pk, i, g->offer));
	g->item[g->n++] = i;
	g->load += mp->memory_slices + mp->compute_slices;
	pk->place[i] = j;
}

static void gpu_remove(struct packer *pk, int j, int i)
{
	struct pgpu *g = &pk->gpus[j];
	const struct mig_profile *mp = &pk->geo[g->offer].prof[prof_of(pk, i, g->offer)];

	for (int k = 0; k < g->n; k++)
		if (g->item[k] == i) {
			g->item[k] = g->item[--g->n];
			break;
		}
	g->key -= unit(prof_of(pk, i, g->offer));
	g->load -= mp->memory_slices + mp->compute_slices;
	pk->place[i] = NOWHERE;
}

struct offer_ctx {
	const struct packer *pk;
	int offer;
};

/* Largest profile on the offer first, then workload, then index; ctx: a
 * struct offer_ctx. */
static int cmp_decreasing(int x, int y, const void *ctx)
{
	const struct offer_ctx *c = ctx;
	const struct packer *pk = c->pk;
	const struct mig_profile *px = &pk->geo[c->offer].prof[prof_of(pk, x, c->offer)];
	const struct mig_profile *py = &pk->geo[c->offer].prof[prof_of(pk, y, c->offer)];

	if (px->memory_slices != py->memory_slices)
		return py->memory_slices - px->memory_slices;
	if (px->compute_slices != py->compute_slices)
		return py->compute_slices - px->compute_slices;
	if (px != py)
		return px < py ? -1 : 1;
	if (pk->wl[x] != pk->wl[y])
		return pk->wl[x] - pk->wl[y];
	return x - y;
}

/*
 * order[0..n-1] (item indices of offer o) sorted as cmp_decreasing sorts
 * them.  When they are listed workload by workload, in index order (as
 * callers list replicas), items of one profile already stand in the
 * (workload, index) order cmp_decreasing breaks ties by, so a stable pass
 * into one bucket per profile, the buckets in cmp_decreasing's profile
 * order, gives the same order in time linear in n; else the merge sort.
 */
static void sort_decreasing(const struct packer *pk, int o, int *order, int n)
{
	const struct geometry *g = &pk->geo[o];
	int byrank[MIG_MAX_PROFILES], rank[MIG_MAX_PROFILES], start[MIG_MAX_PROFILES + 1];
	int *tmp;

	for (int k = 1; k < n; k++)
		if (pk->wl[order[k]] < pk->wl[order[k - 1]] || order[k] < order[k - 1]) {
			struct offer_ctx oc = { pk, o };
			sort_idx(order, (size_t)n, cmp_decreasing, &oc);
			return;
		}
	/* the profiles by memory, then compute slices, decreasing; then index */
	for (int p = 0; p < g->np; p++) {
		int r = p;
		for (; r > 0; r--) {
			const struct mig_profile *a = &g->prof[byrank[r - 1]], *b = &g->prof[p];
			if (a->memory_slices > b->memory_slices ||
			    (a->memory_slices == b->memory_slices &&
			     a->compute_slices >= b->compute_slices))
				break;
			byrank[r] = byrank[r - 1];
		}
		byrank[r] = p;
	}
	for (int r = 0; r < g->np; r++)
		rank[byrank[r]] = r;
	memset(start, 0, sizeof(start));
	for (int k = 0; k < n; k++)
		start[rank[prof_of(pk, order[k], o)] + 1]++;
	for (int r = 0; r < g->np; r++)
		start[r + 1] += start[r];
	tmp = xmalloc(((size_t)n + 1) * sizeof(*tmp));
	for (int k = 0; k < n; k++)
		tmp[start[rank[prof_of(pk, order[k], o)]]++] = order[k];
	memcpy(order, tmp, (size_t)n * sizeof(*order));
	free(tmp);
}

/* The next GPU at or after j still open in a skip list (nxt[j] == j: open;
 * else a link onward), compressing the path it walks. */
static int open_from(int *nxt, int j)
{
	int r = j;

	while (nxt[r] != r)
		r = nxt[r];
	while (nxt[j] != r) {
		int t = nxt[j];
		nxt[j] = r;
		j = t;
	}
	return r;
}

/*
 * Dedicated items that fit into free slices cost nothing there: each, in
 * item order, goes to the first GPU (lowest index, every offer) that
 * accepts it, as a scan of every GPU would find it.  GPUs only fill here,
 * so a GPU that cannot take profile p of offer o never will: per (o, p) in
 * use a skip list over the GPU indices drops it for good, and each item
 * looks only at GPUs of its offers that can still take its profile (and
 * those holding a replica of its own workload).  Near linear in the GPUs
 * and items, where the scan of every GPU per item was their product.
 */
static void fill_free_slices(struct packer *pk)
{
	int *nxt[MIG_MAX_OFFERS][MIG_MAX_PROFILES] = { { NULL } };
	int ng = pk->ngpus;

	for (int i = 0; i < pk->nit; i++) {
		int best = ng;
		if (pk->place[i] != DEDICATED)
			continue;
		for (int o = 0; o < pk->noff; o++) {
			int p = prof_of(pk, i, o), j;
			int *nx;
			if (p < 0)
				continue;
			if (!nxt[o][p]) {
				nx = nxt[o][p] = xmalloc(((size_t)ng + 1) * sizeof(int));
				for (int g = 0; g < ng; g++)
					nx[g] = pk->gpus[g].offer == o && pk->gpus[g].n > 0 &&
						geo_fits(&pk->geo[o], pk->gpus[g].key, p) ? g : g + 1;
				nx[ng] = ng;
			}
			nx = nxt[o][p];
			for (j = open_from(nx, 0); j < best; ) {
				if (!geo_fits(&pk->geo[o], pk->gpus[j].key, p)) {
					nx[j] = j + 1;          /* full for p from now on */
					j = open_from(nx, j + 1);
				} else if (gpu_has_workload(pk, &pk->gpus[j], pk->wl[i])) {
					j = open_from(nx, j + 1);
				} else {
					best = j;
				}
			}
		}
		if (best < ng)
			gpu_add(pk, best, i);
	}
	for (int o = 0; o < MIG_MAX_OFFERS; o++)
		for (int p = 0; p < MIG_MAX_PROFILES; p++)
			free(nxt[o][p]);
}

static int gpus_of_offer(const struct packer *pk, int o)
{
	int n = 0;

	for (int j = 0; j < pk->ngpus; j++)
		n += pk->gpus[j].offer == o && pk->gpus[j].n > 0;
	return n;
}

static void compact_gpus(struct packer *pk)
{
	int m = 0;

	for (int j = 0; j < pk->ngpus; j++) {
		if (pk->gpus[j].n == 0)
			continue;
		pk->gpus[m] = pk->gpus[j];
		for (int k = 0; k < pk->gpus[m].n; k++)
			pk->place[pk->gpus[m].item[k]] = m;
		m++;
	}
	pk->ngpus = m;
}

/* Least loaded GPU first, then index; ctx: the packer. */
static int cmp_load(int a, int b, const void *ctx)
{
	const struct packer *pk = ctx;
	const struct pgpu *x = &pk->gpus[a], *y = &pk->gpus[b];

	if (x->load != y->load)
		return x->load - y->load;
	return a - b;
}

/*
 * Tries to empty one VM of offer o: the k GPUs from the nth least loaded on
 * (k = the GPUs of the last VM) give their items to other GPUs or to
 * dedicated GPUs.  Commits and returns 1 when that is cheaper than the VM.
 */
static int empty_last_vm(struct packer *pk, int o, int nth)
{
	int G = gpus_of_offer(pk, o), g = pk->off[o].gpus_per_vm;
	int k, *idx, nidx = 0, ok = 1, moved = 0;
	int (*undo)[2];
	double extra = 0;

	if (G == 0)
		return 0;
	k = G - (ceil_div(G, g) - 1) * g;
	if (nth + k > G)
		return 0;
	idx = xmalloc((size_t)G * sizeof(int));
	for (int j = 0; j < pk->ngpus; j++)
		if (pk->gpus[j].offer == o && pk->gpus[j].n > 0)
			idx[nidx++] = j;
	sort_idx(idx, (size_t)nidx, cmp_load, pk);
	idx += nth;
	undo = xmalloc((size_t)k * MIG_MEMORY_SLOTS * sizeof(*undo));
	/* the victims are emptied first so no item moves onto another victim */
	for (int v = 0; v < k && ok; v++) {
		struct pgpu *src = &pk->gpus[idx[v]];
		while (src->n > 0) {
			int i = src->item[src->n - 1];
			gpu_remove(pk, idx[v], i);
			undo[moved][0] = i;
			undo[moved][1] = idx[v];
			moved++;
		}
	}
	for (int m = 0; m < moved && ok; m++) {
		int i = undo[m][0], dst = -1;
		for (int j = 0; j < pk->ngpus && dst < 0; j++) {
			int victim = 0;
			for (int v = 0; v < k; v++)
				victim |= idx[v] == j;
			if (!victim && pk->gpus[j].n > 0 && gpu_accepts(pk, j, i))
				dst = j;
		}
		if (dst >= 0)
			gpu_add(pk, dst, i);
		else if (pk->it[i].dedicated_hourly > 0) {
			pk->place[i] = DEDICATED;
			extra += pk->it[i].dedicated_hourly;
		} else
			ok = 0;
	}
	idx -= nth;
	if (ok && extra < pk->off[o].hourly - EPS) {
		free(undo);
		free(idx);
		compact_gpus(pk);
		return 1;
	}
	for (int m = 0; m < moved; m++) {
		int i = undo[m][0];
		if (pk->place[i] >= 0)
			gpu_remove(pk, pk->place[i], i);
		gpu_add(pk, undo[m][1], i);
	}
	free(undo);
	free(idx);
	return 0;
}

static int vm_count_of(const struct packer *pk, int w, int o, int vm);
static int pool_replicas(const struct packer *pk, int w, int o);

/* Spread check for one workload in a pool of V VMs; VMs from gpu.vm. */
static int spread_ok(const struct packer *pk, int w, int o, int V)
{
	int r;

	if (V <= 1)
		return 1;
	r = pool_replicas(pk, w, o);
	for (int k = pk->wl_start[w]; k < pk->wl_start[w + 1]; k++) {
		int j = pk->place[pk->wl_items[k]];
		if (j >= 0 && pk->gpus[j].offer == o &&
		    vm_count_of(pk, w, o, pk->gpus[j].vm) > ceil_div(r, V))
			return 0;
	}
	return 1;
}

static int vm_count_of(const struct packer *pk, int w, int o, int vm)
{
	int c = 0;

	for (int k = pk->wl_start[w]; k < pk->wl_start[w + 1]; k++) {
		int j = pk->place[pk->wl_items[k]];
		c += j >= 0 && pk->gpus[j].offer == o && pk->gpus[j].vm == vm;
	}
	return c;
}

static int pool_replicas(const struct packer *pk, int w, int o)
{
	int c = 0;

	for (int k = pk->wl_start[w]; k < pk->wl_start[w + 1]; k++) {
		int j = pk->place[pk->wl_items[k]];
		c += j >= 0 && pk->gpus[j].offer == o;
	}
	return c;
}

/*
 * Exact grouping of the GPUs gl[0..G-1] of one offer into V VMs of at most
 * g GPUs each, every VM used: GPUs in turn go to an open VM or the next new
 * one, and a GPU may not join a VM that already holds ceil(r / V) of the r
 * replicas its workloads have in the pool.  Workloads are numbered locally
 * (lw: per GPU slot, cap: per local workload).
 */
struct grouping {
	struct packer *pk;
	const int *gl;
	int G, g, V;
	const int *lw;            /* G * MIG_MEMORY_SLOTS local workload ids */
	const int *cap;           /* per local workload: ceil(r / V) */
	int *fill;                /* per VM: GPUs so far */
	int *cnt;                 /* local workload * V: replicas on the VM */
	long nodes, budget;
};

static int group_rec(struct grouping *gr, int t, int used)
{
	const int *lw = &gr->lw[(size_t)t * MIG_MEMORY_SLOTS];
	int n;

	if (t == gr->G)
		return used == gr->V;
	if (gr->G - t < gr->V - used || ++gr->nodes > gr->budget)
		return 0;
	n = gr->pk->gpus[gr->gl[t]].n;
	for (int v = 0; v < gr->V && v <= used; v++) {
		int ok = gr->fill[v] < gr->g;
		for (int k = 0; k < n && ok; k++)
			ok = gr->cnt[lw[k] * gr->V + v] < gr->cap[lw[k]];
		if (!ok)
			continue;
		for (int k = 0; k < n; k++)
			gr->cnt[lw[k] * gr->V + v]++;
		gr->pk->gpus[gr->gl[t]].vm = v;
		gr->pk->gpus[gr->gl[t]].idx = gr->fill[v]++;
		if (group_rec(gr, t + 1, used + (v == used)))
			return 1;
		gr->fill[v]--;
		for (int k = 0; k < n; k++)
			gr->cnt[lw[k] * gr->V + v]--;
	}
	return 0;
}

/*
 * The fewest VMs the GPUs gl[0..G-1] of offer o fit in, grouping them
 * exactly (vm and idx of each GPU set); -1 when the search took more than
 * budget steps.
 */
static int group_exact(struct packer *pk, const int *gl, int G, int o, long budget)
{
	int g = pk->off[o].gpus_per_vm, nl = 0, V;
	int *lw = xmalloc((size_t)G * MIG_MEMORY_SLOTS * sizeof(int));
	int *wid = xmalloc((size_t)G * MIG_MEMORY_SLOTS * sizeof(int));
	int *reps = xcalloc((size_t)G * MIG_MEMORY_SLOTS, sizeof(int));
	int *cap = xmalloc((size_t)G * MIG_MEMORY_SLOTS * sizeof(int));
	int *fill = xmalloc((size_t)G * sizeof(int));
	int *cnt = xmalloc((size_t)G * MIG_MEMORY_SLOTS * G * sizeof(int));
	struct grouping gr = { pk, gl, G, g, 0, lw, cap, fill, cnt, 0, budget };

	for (int t = 0; t < G; t++)
		for (int k = 0; k < pk->gpus[gl[t]].n; k++) {
			int w = pk->wl[pk->gpus[gl[t]].item[k]], l = 0;
			while (l < nl && wid[l] != w)
				l++;
			if (l == nl)
				wid[nl++] = w;
			reps[l]++;
			lw[t * MIG_MEMORY_SLOTS + k] = l;
		}
	for (V = ceil_div(G, g); V <= G; V++) {
		gr.V = V;
		for (int l = 0; l < nl; l++)
			cap[l] = ceil_div(reps[l], V);
		memset(fill, 0, (size_t)V * sizeof(int));
		memset(cnt, 0, (size_t)nl * V * sizeof(int));
		if (group_rec(&gr, 0, 0))
			break;
		if (gr.nodes > budget) {
			V = -1;
			break;
		}
	}
	free(lw);
	free(wid);
	free(reps);
	free(cap);
	free(fill);
	free(cnt);
	return V;
}

/* Interleaved grouping plus repair by swapping same-profile items. */
static void group_interleaved(struct packer *pk, int *gl, int G, int V)
{
	for (int t = 0; t < G; t++) {
		pk->gpus[gl[t]].vm = t % V;
		pk->gpus[gl[t]].idx = t / V;
	}
}

static int try_swap(struct packer *pk, int a, int o, int V)
{
	int w = pk->wl[a], ja = pk->place[a], X = pk->gpus[ja].vm;
	int pa = prof_of(pk, a, o), rw = pool_replicas(pk, w, o);

	for (int jb = 0; jb < pk->ngpus; jb++) {
		struct pgpu *gb = &pk->gpus[jb];
		if (gb->offer != o || gb->vm == X || gpu_has_workload(pk, gb, w) ||
		    vm_count_of(pk, w, o, gb->vm) + 1 > ceil_div(rw, V))
			continue;
		/* a free slot in another VM */
		if (geo_fits(&pk->geo[o], gb->key, pa)) {
			gpu_remove(pk, ja, a);
			gpu_add(pk, jb, a);
			return 1;
		}
		for (int k = 0; k < gb->n; k++) {
			int b = gb->item[k], u = pk->wl[b];
			if (prof_of(pk, b, o) != pa || u == w || gpu_has_workload(pk, &pk->gpus[ja], u) ||
			    vm_count_of(pk, u, o, X) + 1 > ceil_div(pool_replicas(pk, u, o), V))
				continue;
			gpu_remove(pk, ja, a);
			gpu_remove(pk, jb, b);
			gpu_add(pk, jb, a);
			gpu_add(pk, ja, b);
			return 1;
		}
	}
	return 0;
}

/*
 * Assigns VMs to the GPUs of offer o; returns the VM count.  Up to
 * exact_max GPUs the grouping is exact (*inexact set when its budget ran
 * out), beyond that interleaved and repaired.
 */
static int group_offer(struct packer *pk, int o, int exact_max, int *inexact)
{
	int g = pk->off[o].gpus_per_vm, G = 0, V, *gl;

	gl = xmalloc(((size_t)pk->ngpus + 1) * sizeof(int));
	for (int j = 0; j < pk->ngpus; j++)
		if (pk->gpus[j].offer == o && pk->gpus[j].n > 0)
			gl[G++] = j;
	if (G == 0) {
		free(gl);
		return 0;
	}
	if (G <= exact_max) {
		V = group_exact(pk, gl, G, o, GROUP_NODE_BUDGET);
		if (V > 0) {
			free(gl);
			return V;
		}
		*inexact = 1;
	}
	V = ceil_div(G, g);
	group_interleaved(pk, gl, G, V);
	for (int round = 0; round < 64; round++) {
		int bad = 0;
		for (int w = 0; w < pk->nwl; w++) {
			if (spread_ok(pk, w, o, V))
				continue;
			for (int k = pk->wl_start[w]; k < pk->wl_start[w + 1]; k++) {
				int a = pk->wl_items[k], ja = pk->place[a];
				if (ja < 0 || pk->gpus[ja].offer != o ||
				    vm_count_of(pk, w, o, pk->gpus[ja].vm) <=
					    ceil_div(pool_replicas(pk, w, o), V))
					continue;
				if (!try_swap(pk, a, o, V)) {
					/* last resort: a VM of its own */
					int j = gpu_new(pk, o);
					gpu_remove(pk, ja, a);
					gpu_add(pk, j, a);
					pk->gpus[j].vm = V++;
					pk->gpus[j].idx = 0;
				}
				bad = 1;
				break;
			}
		}
		if (!bad)
			break;
	}
	free(gl);
	return V;
}

static double mixed_cost(const struct packer *pk)
{
	double c = 0;

	for (int o = 0; o < pk->noff; o++)
		c += pk->vms[o] * pk->off[o].hourly;
	for (int i = 0; i < pk->nit; i++)
		if (pk->place[i] == DEDICATED)
			c += pk->it[i].dedicated_hourly;
	return c;
}

/* Empties VMs while that saves money (trying the 24 least loaded GPUs of
 * each size), then groups the GPUs into VMs. */
static void mixed_improve(struct packer *pk)
{
	int inexact = 0;

	for (int pass = 0; pass < 4 * pk->nit + 8; pass++) {
		int any = 0;
		for (int o = 0; o < pk->noff; o++)
			for (int nth = 0; nth < 24; nth++)
				if (empty_last_vm(pk, o, nth)) {
					any = 1;
					break;
				}
		if (!any)
			break;
	}
	for (int o = 0; o < pk->noff; o++)
		pk->vms[o] = group_offer(pk, o, HEURISTIC_GROUP_MAX, &inexact);
}

static void mixed_heuristic(struct packer *pk)
{
	int *order = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	int *target = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	int *ctarget = xmalloc(((size_t)pk->ncls + 1) * sizeof(int));

	for (int c = 0; c < pk->ncls; c++)
		ctarget[c] = INT_MIN;
	for (int i = 0; i < pk->nit; i++) {
		double best = pk->it[i].dedicated_hourly > 0 ? pk->it[i].dedicated_hourly : HUGE_VAL;
		int bo = best < HUGE_VAL ? DEDICATED : NOWHERE;
		/* the same for every item of a class */
		if (ctarget[pk->cls[i]] != INT_MIN) {
			target[i] = ctarget[pk->cls[i]];
			pk->place[i] = target[i] < 0 ? target[i] : NOWHERE;
			continue;
		}
		for (int o = 0; o < pk->noff; o++) {
			int p = prof_of(pk, i, o);
			const struct mig_profile *mp;
			double f;
			if (p < 0)
				continue;
			mp = &pk->geo[o].prof[p];
			f = per_gpu(pk, o) * fmax(mp->memory_slices / 8.0, mp->compute_slices / 7.0);
			if (f < best - EPS || (bo >= 0 && fabs(f - best) <= EPS &&
					       pk->off[o].gpus_per_vm < pk->off[bo].gpus_per_vm)) {
				best = f;
				bo = o;
			}
		}
		target[i] = ctarget[pk->cls[i]] = bo;
		pk->place[i] = bo < 0 ? bo : NOWHERE;
	}
	free(ctarget);
	for (int o = 0; o < pk->noff; o++) {
		int n = 0, first[MIG_MAX_PROFILES], base = pk->ngpus;
		for (int i = 0; i < pk->nit; i++)
			if (target[i] == o)
				order[n++] = i;
		sort_decreasing(pk, o, order, n);
		for (int p = 0; p < MIG_MAX_PROFILES; p++)
			first[p] = base;
		for (int k = 0, last = -1; k < n; k++) {
			int i = order[k], p = prof_of(pk, i, o), j;
			/* GPUs before first[p] can never take p again */
			while (first[p] < pk->ngpus &&
			       !geo_fits(&pk->geo[o], pk->gpus[first[p]].key, p))
				first[p]++;
			j = first[p];
			/* the replica before, of the same workload and profile, went
			 * to GPU last: the GPUs before it refused that replica for
			 * good (full for p, or holding the workload) and it holds the
			 * workload now; so a workload's replicas are placed in one
			 * pass over the GPUs, not one pass each */
			if (k > 0 && last >= j && pk->wl[order[k - 1]] == pk->wl[i] &&
			    prof_of(pk, order[k - 1], o) == p)
				j = last + 1;
			for (; j < pk->ngpus; j++)
				if (gpu_accepts(pk, j, i))
					break;
			if (j == pk->ngpus)
				j = gpu_new(pk, o);
			gpu_add(pk, j, i);
			last = j;
		}
	}
	/* a GPU whose items cost less on their dedicated GPUs than its share of
	 * the VM goes, in one linear pass (the search below empties one VM at a
	 * time, which on thousands of GPUs would take too long) */
	for (int j = 0; j < pk->ngpus && pk->ngpus > 256; j++) {
		struct pgpu *g = &pk->gpus[j];
		double d = 0;
		if (g->n == 0)
			continue;
		for (int k = 0; k < g->n && d < HUGE_VAL; k++)
			d += pk->it[g->item[k]].dedicated_hourly > 0 ?
				     pk->it[g->item[k]].dedicated_hourly : HUGE_VAL;
		if (d < per_gpu(pk, g->offer) - EPS)
			while (g->n > 0) {
				int i = g->item[g->n - 1];
				gpu_remove(pk, j, i);
				pk->place[i] = DEDICATED;
			}
	}
	compact_gpus(pk);
	fill_free_slices(pk);
	mixed_improve(pk);
	free(order);
	free(target);
}

/* ---- mixed strategy: branch and bound ---------------------------------- */

struct bb {
	struct packer *pk;
	int *order;
	double best;
	long nodes;
	int aborted;
	/* best solution */
	struct pgpu *bgpus;
	int bngpus;
	int *bplace;
	int bvms[MIG_MAX_OFFERS];
	int inexact;              /* a grouping ran out of budget */
	/* the lower bound's weights: a GPU of offer o holds slices of
	 * weight at most 1; floor: per item, its cheapest weighted price */
	double w[MIG_MAX_OFFERS][MIG_MAX_PROFILES];
	double *floor;
	char *twin;               /* per depth: order[d - 1] and order[d] swap freely */
	int *pos;                 /* per depth: GPU index, INT_MAX for dedicated */
	int by[MIG_MAX_OFFERS];   /* dominated offers (>= 0): no new GPUs there */
};

static void bb_mixed_leaf(struct bb *bb)
{
	struct packer *pk = bb->pk;
	int vms[MIG_MAX_OFFERS];
	double c = 0;

	for (int o = 0; o < pk->noff; o++) {
		vms[o] = group_offer(pk, o, MIG_EXACT_MAX_ITEMS, &bb->inexact);
		c += vms[o] * pk->off[o].hourly;
	}
	for (int i = 0; i < pk->nit; i++)
		if (pk->place[i] == DEDICATED)
			c += pk->it[i].dedicated_hourly;
	if (c < bb->best - EPS) {
		bb->best = c;
		bb->bgpus = xrealloc(bb->bgpus, ((size_t)pk->ngpus + 1) * sizeof(struct pgpu));
		memcpy(bb->bgpus, pk->gpus, (size_t)pk->ngpus * sizeof(struct pgpu));
		bb->bngpus = pk->ngpus;
		memcpy(bb->bplace, pk->place, (size_t)pk->nit * sizeof(int));
		memcpy(bb->bvms, vms, sizeof(vms));
	}
}

/*
 * No completion of the current partial plan (items order[0..d-1] placed,
 * ded paid for dedicated GPUs) costs less than this.  The VMs the open GPUs
 * need are paid; each offer's slack is their price minus its GPU price times
 * the weight of the slices on them; a remaining item adds at least its floor,
 * except that the items able to use an offer with slack may together save at
 * most the total slack (weak LP duality, as in lower_bound_mixed).
 */
static double bb_mixed_bound(const struct bb *bb, int d, double ded)
{
	const struct packer *pk = bb->pk;
	double c = ded, load[MIG_MAX_OFFERS] = { 0 }, slack[MIG_MAX_OFFERS], room = 0;
	double fixed = 0, flex = 0;
	int G[MIG_MAX_OFFERS] = { 0 };

	for (int j = 0; j < pk->ngpus; j++) {
		const struct pgpu *g = &pk->gpus[j];
		if (g->n == 0)
			continue;
		G[g->offer]++;
		for (int k = 0; k < g->n; k++)
			load[g->offer] += bb->w[g->offer][prof_of(pk, g->item[k], g->offer)];
	}
	for (int o = 0; o < pk->noff; o++) {
		double vms = ceil_div(G[o], pk->off[o].gpus_per_vm) * pk->off[o].hourly;
		c += vms;
		slack[o] = vms - per_gpu(pk, o) * load[o];
		if (slack[o] > EPS)
			room += slack[o];
	}
	for (int m = d; m < pk->nit; m++) {
		int i = bb->order[m], shared = 0;
		for (int o = 0; o < pk->noff && !shared; o++)
			shared = slack[o] > EPS && prof_of(pk, i, o) >= 0;
		if (shared)
			flex += bb->floor[i];
		else
			fixed += bb->floor[i];
	}
	return c + fixed + (flex > room ? flex - room : 0);
}

static void bb_mixed(struct bb *bb, int d, double ded)
{
	struct packer *pk = bb->pk;
	int i, ng, from;

	if (bb->aborted || bb_mixed_bound(bb, d, ded) >= bb->best - EPS)
		return;
	if (++bb->nodes > EXACT_NODE_BUDGET) {
		bb->aborted = 1;
		return;
	}
	if (d == pk->nit) {
		bb_mixed_leaf(bb);
		return;
	}
	i = bb->order[d];
	if (pk->place[i] == NOWHERE && pk->it[i].dedicated_hourly <= 0) {
		int any = 0;
		for (int o = 0; o < pk->noff; o++)
			any |= prof_of(pk, i, o) >= 0;
		if (!any) {
			bb->pos[d] = INT_MAX;
			bb_mixed(bb, d + 1, ded);
			return;
		}
	}
	/* twins take positions in order: each swap of two is visited once */
	from = d > 0 && bb->twin[d] ? bb->pos[d - 1] : 0;
	ng = pk->ngpus;
	for (int j = from; j < ng; j++)
		if (gpu_accepts(pk, j, i)) {
			gpu_add(pk, j, i);
			bb->pos[d] = j;
			bb_mixed(bb, d + 1, ded);
			gpu_remove(pk, j, i);
		}
	for (int o = 0; o < pk->noff && from <= ng; o++) {
		int j;
		if (prof_of(pk, i, o) < 0 || bb->by[o] >= 0)
			continue;
		j = gpu_new(pk, o);
		gpu_add(pk, j, i);
		bb->pos[d] = j;
		bb_mixed(bb, d + 1, ded);
		gpu_remove(pk, j, i);
		pk->ngpus--;
	}
	if (pk->it[i].dedicated_hourly > 0) {
		pk->place[i] = DEDICATED;
		bb->pos[d] = INT_MAX;
		bb_mixed(bb, d + 1, ded + pk->it[i].dedicated_hourly);
		pk->place[i] = NOWHERE;
	}
}

/* Largest memory footprint on any offer first, then index; ctx: the packer. */
static int cmp_size_all(int x, int y, const void *ctx)
{
	const struct packer *pk = ctx;
	int sx = 0, sy = 0;

	for (int o = 0; o < pk->noff; o++) {
		int px = prof_of(pk, x, o), py = prof_of(pk, y, o);
		if (px >= 0 && pk->geo[o].prof[px].memory_slices > sx)
			sx = pk->geo[o].prof[px].memory_slices;
		if (py >= 0 && pk->geo[o].prof[py].memory_slices > sy)
			sy = pk->geo[o].prof[py].memory_slices;
	}
	return sx != sy ? sy - sx : x - y;
}


/*
 * Items x and y can trade places in any plan without changing its cost or
 * validity: the same needs and dedicated price, and either replicas of one
 * workload or each the only replica of its workload.
 */
static int interchangeable(const struct packer *pk, int x, int y)
{
	const struct mig_item *a = &pk->it[x], *b = &pk->it[y];
	int wx = pk->wl[x], wy = pk->wl[y];

	if (a->dedicated_hourly != b->dedicated_hourly ||
	    memcmp(a->feasible, b->feasible, sizeof(a->feasible)) != 0)
		return 0;
	return wx == wy || (pk->wl_start[wx + 1] - pk->wl_start[wx] == 1 &&
			    pk->wl_start[wy + 1] - pk->wl_start[wy] == 1);
}

/*
 * by[o] = the offer that dominates o, or -1: a one-GPU size of the same GPU
 * model (the cheapest, then the first) that costs per VM no more than o
 * costs per GPU, on which every item meets its needs with every profile it
 * can use on o, and gets the same smallest profile.  Each used GPU of o can
 * then become a VM of that size for no more money, and one-GPU VMs meet the
 * spread rule by themselves (replicas sit on different GPUs); an AKS pool of
 * o (V VMs of g GPUs, n items, r replicas at most) moves into the size's pool
 * of the same profile, which needs at most V * g more VMs for n more slices
 * and r more replicas.  Some optimal plan uses no VM of o.
 */
static void dominated_offers(const struct packer *pk, int *by)
{
	for (int o = 0; o < pk->noff; o++) {
		int best = -1;
		by[o] = -1;
		for (int q = 0; q < pk->noff; q++)
			if (pk->model[q] == pk->model[o] && pk->off[q].gpus_per_vm == 1 &&
			    (best < 0 || pk->off[q].hourly < pk->off[best].hourly))
				best = q;
		if (best < 0 || best == o || pk->off[best].hourly > per_gpu(pk, o) + EPS)
			continue;
		by[o] = best;
		for (int i = 0; i < pk->nit && by[o] >= 0; i++)
			if ((pk->it[i].feasible[o] & ~pk->it[i].feasible[best]) != 0 ||
			    (prof_of(pk, i, o) >= 0 && prof_of(pk, i, o) != prof_of(pk, i, best)))
				by[o] = -1;
	}
}

/* Runs the branch and bound from an empty state; adopts its plan when it
 * beats the heuristic's.  Returns 1 when the search finished. */
static int mixed_exact(struct packer *pk)
{
	struct bb bb = { 0 };
	struct pgpu *saved = pk->gpus;
	int savedn = pk->ngpus, savedcap = pk->capgpus;
	int *savedplace = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	int done;

	bb.pk = pk;
	bb.best = mixed_cost(pk);
	lower_bound_mixed(pk, bb.w);
	bb.floor = xmalloc(((size_t)pk->nit + 1) * sizeof(double));
	for (int i = 0; i < pk->nit; i++) {
		double m = pk->it[i].dedicated_hourly > 0 ? pk->it[i].dedicated_hourly : HUGE_VAL;
		for (int o = 0; o < pk->noff; o++)
			if (prof_of(pk, i, o) >= 0 && per_gpu(pk, o) * bb.w[o][prof_of(pk, i, o)] < m)
				m = per_gpu(pk, o) * bb.w[o][prof_of(pk, i, o)];
		bb.floor[i] = m < HUGE_VAL ? m : 0;
	}
	bb.order = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	bb.bplace = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	for (int i = 0; i < pk->nit; i++)
		bb.order[i] = i;
	sort_idx(bb.order, (size_t)pk->nit, cmp_size_all, pk);
	bb.twin = xcalloc((size_t)pk->nit + 1, 1);
	bb.pos = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	for (int d = 1; d < pk->nit; d++)
		bb.twin[d] = interchangeable(pk, bb.order[d - 1], bb.order[d]);
	dominated_offers(pk, bb.by);
	memcpy(savedplace, pk->place, (size_t)pk->nit * sizeof(int));
	pk->gpus = NULL;
	pk->ngpus = pk->capgpus = 0;
	for (int i = 0; i < pk->nit; i++)
		pk->place[i] = NOWHERE;
	bb_mixed(&bb, 0, 0);
	free(pk->gpus);
	if (bb.bgpus) {
		free(saved);
		pk->gpus = bb.bgpus;
		pk->ngpus = pk->capgpus = bb.bngpus;
		memcpy(pk->place, bb.bplace, (size_t)pk->nit * sizeof(int));
		memcpy(pk->vms, bb.bvms, sizeof(bb.bvms));
	} else {
		pk->gpus = saved;
		pk->ngpus = savedn;
		pk->capgpus = savedcap;
		memcpy(pk->place, savedplace, (size_t)pk->nit * sizeof(int));
	}
	done = !bb.aborted && !bb.inexact;
	free(savedplace);
	free(bb.order);
	free(bb.bplace);
	free(bb.floor);
	free(bb.twin);
	free(bb.pos);
	return done;
}

/* ---- AKS strategy ---------------------------------------------------------- */

struct aks {
	struct packer *pk;
	int nopt;
	int offer[MIG_MAX_OFFERS * MIG_MAX_PROFILES];
	int profile[MIG_MAX_OFFERS * MIG_MAX_PROFILES];
	int n[MIG_MAX_OFFERS * MIG_MAX_PROFILES];
	int *hist;                /* nopt * (maxrep + 2): workloads by replicas in pool */
	int *count;               /* nwl * nopt: items of workload w in option k */
	int rmax[MIG_MAX_OFFERS * MIG_MAX_PROFILES];   /* largest r with hist[r] > 0 */
	/* per option, read in every move the search weighs: */
	int slots[MIG_MAX_OFFERS * MIG_MAX_PROFILES];  /* slices per VM */
	int gpv[MIG_MAX_OFFERS * MIG_MAX_PROFILES];    /* GPUs per VM */
	double hourly[MIG_MAX_OFFERS * MIG_MAX_PROFILES];  /* per VM */
	double ded;               /* hourly of dedicated items */
	/* per class (pk->cls) and option: whether its items may use the
	 * option; a class's items decide alike, so a decision is weighed once
	 * per class and reused while nothing it reads has changed */
	unsigned char *feas;      /* ncls * nopt */
	int *ccount;              /* ncls * nopt: items of class c in option k */
	int *cls_items;           /* item indices by class, in index order */
	int *cls_start;           /* ncls + 1 */
	int cls_ordered;          /* every item of class c has a lower index than
				   * every item of class c + 1 */
	/* per class, a count of the changes to where its items are; per item
	 * i, the last index of the run of its class after it in its place
	 * (runend), known while the class's count is runver - 1 */
	unsigned long long *cver, *runver;
	int *runend;
};

static int *hist_of(struct aks *a, int k)
{
	return &a->hist[(size_t)k * (a->pk->maxrep + 2)];
}

static int aks_feasible(const struct aks *a, int i, int k)
{
	return a->feas[(size_t)a->pk->cls[i] * (size_t)a->nopt + (size_t)k];
}

static int aks_rmax(const struct aks *a, int k)
{
	return a->rmax[k];
}

static int aks_slots(const struct aks *a, int k)
{
	return a->slots[k];
}

/* The per-option constants, once the options are listed. */
static void aks_options_init(struct aks *a)
{
	for (int k = 0; k < a->nopt; k++) {
		const struct mig_offer *o = &a->pk->off[a->offer[k]];

		a->gpv[k] = o->gpus_per_vm;
		a->slots[k] = o->gpus_per_vm * a->pk->geo[a->offer[k]].cap[a->profile[k]];
		a->hourly[k] = o->hourly;
		a->rmax[k] = 0;
	}
	a->feas = xcalloc((size_t)a->pk->ncls * (size_t)a->nopt + 1, 1);
	a->ccount = xcalloc((size_t)a->pk->ncls * (size_t)a->nopt + 1, sizeof(int));
	a->cls_start = xcalloc((size_t)a->pk->ncls + 2, sizeof(int));
	a->cls_items = xmalloc(((size_t)a->pk->nit + 1) * sizeof(int));
	for (int i = 0; i < a->pk->nit; i++)
		a->cls_start[a->pk->cls[i] + 2]++;
	for (int c = 0; c < a->pk->ncls; c++)
		a->cls_start[c + 2] += a->cls_start[c + 1];
	for (int i = 0; i < a->pk->nit; i++)
		a->cls_items[a->cls_start[a->pk->cls[i] + 1]++] = i;
	a->cver = xcalloc((size_t)a->pk->ncls + 1, sizeof(*a->cver));
	a->runver = xcalloc((size_t)a->pk->nit + 1, sizeof(*a->runver));
	a->runend = xmalloc(((size_t)a->pk->nit + 1) * sizeof(*a->runend));
	a->cls_ordered = 1;
	for (int c = 1; c < a->pk->ncls; c++)
		if (a->cls_items[a->cls_start[c] - 1] > a->cls_items[a->cls_start[c]])
			a->cls_ordered = 0;
	for (int m = 0; m < a->pk->nit; m++) {
		const struct packer *pk = a->pk;
		int i = pk->wl_items[m], c = pk->cls[i];
		if (m > 0 && pk->cls[pk->wl_items[m - 1]] == c)
			continue;
		for (int k = 0; k < a->nopt; k++)
			a->feas[(size_t)c * (size_t)a->nopt + (size_t)k] =
				prof_of(pk, i, a->offer[k]) >= 0 &&
				(pk->it[i].feasible[a->offer[k]] & (1u << a->profile[k]));
	}
}

static int aks_vms(const struct aks *a, int k, int n, int rmax)
{
	int v, g = a->gpv[k];

	if (n == 0)
		return 0;
	v = ceil_div(n, a->slots[k]);
	return v > ceil_div(rmax, g) ? v : ceil_div(rmax, g);
}

static double aks_pool_cost(struct aks *a, int k)
{
	return aks_vms(a, k, a->n[k], aks_rmax(a, k)) * a->hourly[k];
}

/* Items of workload w in option k: kept by aks_put and aks_take, so a move
 * costs the same whatever the workload's replica count. */
static int *aks_count_of(const struct aks *a, int k, int w)
{
	return &a->count[(size_t)w * (size_t)a->nopt + (size_t)k];
}

static int aks_count(const struct aks *a, int k, int w)
{
	return *aks_count_of(a, k, w);
}

static void aks_put(struct aks *a, int i, int k)
{
	struct packer *pk = a->pk;

	if (k == DEDICATED) {
		a->ded += pk->it[i].dedicated_hourly;
	} else if (k >= 0) {
		int c = aks_count(a, k, pk->wl[i]);
		if (c > 0)
			hist_of(a, k)[c]--;
		hist_of(a, k)[c + 1]++;
		if (c + 1 > a->rmax[k])
			a->rmax[k] = c + 1;
		a->n[k]++;
		a->ccount[(size_t)pk->cls[i] * (size_t)a->nopt + (size_t)k]++;
		++*aks_count_of(a, k, pk->wl[i]);
	}
	a->cver[pk->cls[i]]++;
	pk->place[i] = k;
}

static void aks_take(struct aks *a, int i)
{
	struct packer *pk = a->pk;
	int k = pk->place[i];

	if (k == DEDICATED) {
		a->ded -= pk->it[i].dedicated_hourly;
	} else if (k >= 0) {
		int c = aks_count(a, k, pk->wl[i]);
		hist_of(a, k)[c]--;
		if (c > 1)
			hist_of(a, k)[c - 1]++;
		/* no count above rmax exists, and c - 1 now does (or none, at 1) */
		if (c == a->rmax[k] && hist_of(a, k)[c] == 0)
			a->rmax[k] = c - 1;
		a->n[k]--;
		a->ccount[(size_t)pk->cls[i] * (size_t)a->nopt + (size_t)k]--;
		--*aks_count_of(a, k, pk->wl[i]);
	}
	a->cver[pk->cls[i]]++;
	pk->place[i] = NOWHERE;
}

/*
 * aks_put of items[0..m-1], all of one class and nowhere yet, to option k
 * in one step: the counts end as m single puts leave them.
 */
static void aks_put_run(struct aks *a, const int *items, int m, int k)
{
	struct packer *pk = a->pk;

	if (m == 0)
		return;
	a->cver[pk->cls[items[0]]]++;
	if (k >= 0) {
		int w = pk->wl[items[0]], c = aks_count(a, k, w);
		if (c > 0)
			hist_of(a, k)[c]--;
		hist_of(a, k)[c + m]++;
		if (c + m > a->rmax[k])
			a->rmax[k] = c + m;
		a->n[k] += m;
		a->ccount[(size_t)pk->cls[items[0]] * (size_t)a->nopt + (size_t)k] += m;
		*aks_count_of(a, k, w) += m;
	}
	for (int x = 0; x < m; x++) {
		if (k == DEDICATED) /* added one by one: the same sum */
			a->ded += pk->it[items[x]].dedicated_hourly;
		pk->place[items[x]] = k;
	}
}

/*
 * aks_take of items[0..m-1], all of one class and in one place, in one
 * step: the counts end as m single takes leave them (rmax: the largest
 * count some workload still has in the pool, or 0).
 */
static void aks_take_run(struct aks *a, const int *items, int m)
{
	struct packer *pk = a->pk;
	int k;

	if (m == 0)
		return;
	k = pk->place[items[0]];
	a->cver[pk->cls[items[0]]]++;
	if (k >= 0) {
		int w = pk->wl[items[0]], c = aks_count(a, k, w);
		hist_of(a, k)[c]--;
		if (c > m)
			hist_of(a, k)[c - m]++;
		if (c == a->rmax[k] && hist_of(a, k)[c] == 0) {
			int r = c - 1;
			while (r > 0 && hist_of(a, k)[r] == 0)
				r--;
			a->rmax[k] = r;
		}
		a->n[k] -= m;
		a->ccount[(size_t)pk->cls[items[0]] * (size_t)a->nopt + (size_t)k] -= m;
		*aks_count_of(a, k, w) -= m;
	}
	for (int x = 0; x < m; x++) {
		if (k == DEDICATED)
			a->ded -= pk->it[items[x]].dedicated_hourly;
		pk->place[items[x]] = NOWHERE;
	}
}

/* The length of the run of mv[0..n-1] from mv[0] of one class and place. */
static int aks_run(const struct aks *a, const int *mv, int n)
{
	const struct packer *pk = a->pk;
	int m = 1;

	while (m < n && pk->cls[mv[m]] == pk->cls[mv[0]] && pk->place[mv[m]] == pk->place[mv[0]])
		m++;
	return m;
}

static double aks_total(struct aks *a)
{
	double c = a->ded;

	for (int k = 0; k < a->nopt; k++)
		if (a->n[k])
			c += aks_pool_cost(a, k);
	return c;
}

/* Extra hourly cost of adding item i to option k (DEDICATED allowed). */
static double aks_marginal(struct aks *a, int i, int k)
{
	int c, rmax;

	if (k == DEDICATED)
		return a->pk->it[i].dedicated_hourly > 0 ? a->pk->it[i].dedicated_hourly : HUGE_VAL;
	c = aks_count(a, k, a->pk->wl[i]) + 1;
	rmax = aks_rmax(a, k);
	return (aks_vms(a, k, a->n[k] + 1, c > rmax ? c : rmax) - aks_vms(a, k, a->n[k], rmax)) *
	       a->hourly[k];
}

static double aks_slot_cost(const struct aks *a, int k)
{
	return a->hourly[k] / aks_slots(a, k);
}

static double aks_alt(const struct aks *a, int i, int skip)
{
	double m = a->pk->it[i].dedicated_hourly > 0 ? a->pk->it[i].dedicated_hourly : HUGE_VAL;

	for (int k = 0; k < a->nopt; k++)
		if (k != skip && aks_feasible(a, i, k) && aks_slot_cost(a, k) < m)
			m = aks_slot_cost(a, k);
	return m;
}

/* Cheapest alternative first, then index; ctx: each class's aks_alt()
 * outside the pool (computed once before the sort). */
static int cmp_alt(int x, int y, const void *ctx)
{
	const double *alt = ctx;

	if (alt[x] != alt[y])
		return alt[x] < alt[y] ? -1 : 1;
	return x - y;
}

/* Moves q items of pool k elsewhere if that lowers the total; 1 if done. */
#define EVICT_MAX_ITEMS 600

/*
 * The cheapest way to make room for one item of workload w in pool kk: an
 * item j of kk (of another workload, not to go back to pool k) moves to its
 * dedicated GPU or to a slot elsewhere.  Returns the cost (HUGE_VAL when no
 * item can leave) and j and its destination.
 */
static double aks_evict_cost(struct aks *a, int kk, int k, int w, const char *moving,
			     int *jout, int *dout)
{
	struct packer *pk = a->pk;
	double best = HUGE_VAL;

	for (int j = 0; j < pk->nit; j++) {
		if (pk->place[j] != kk || pk->wl[j] == w || moving[j])
			continue;
		if (pk->it[j].dedicated_hourly > 0 && pk->it[j].dedicated_hourly < best) {
			best = pk->it[j].dedicated_hourly;
			*jout = j;
			*dout = DEDICATED;
		}
		for (int k3 = 0; k3 < a->nopt; k3++) {
			double m;
			if (k3 == kk || k3 == k || !aks_feasible(a, j, k3))
				continue;
			m = aks_marginal(a, j, k3);
			if (m < best) {
				best = m;
				*jout = j;
				*dout = k3;
			}
		}
	}
	return best;
}

/* By index; ctx unused. */
static int cmp_index(int x, int y, const void *ctx)
{
	(void)ctx;
	return x - y;
}

/*
 * The first q items of pool k into mv[]: the pool's items ordered by their
 * cheapest alternative outside it (aks_alt, the same for a whole class),
 * then by index.  It reads the classes in the pool (a->ccount) and each
 * one's items only up to the q it can give, so its cost follows q and the
 * classes, not the items of the pool.
 */
static void aks_pick(struct aks *a, int k, int q, int *mv)
{
	struct packer *pk = a->pk;
	size_t nc = (size_t)pk->ncls + 1;
	double *calt = xmalloc(nc * sizeof(double));
	int *present = xmalloc(nc * sizeof(int)), np = 0, nm = 0;

	for (int c = 0; c < pk->ncls; c++)
		if (a->ccount[(size_t)c * (size_t)a->nopt + (size_t)k] > 0) {
			calt[c] = aks_alt(a, a->cls_items[a->cls_start[c]], k);
			present[np++] = c;
		}
	sort_idx(present, (size_t)np, cmp_alt, calt);
	/* the classes of one alternative price in turn: their items by index */
	for (int r = 0; r < np && nm < q; ) {
		int e = r + 1, need = q - nm, ng = 0, direct, *got;
		while (e < np && calt[present[e]] == calt[present[r]])
			e++;
		/*
		 * One class, or classes whose index ranges follow their numbers
		 * (items listed workload by workload; classes of one price are
		 * sorted by number): their items in turn are in index order.
		 * Else up to need items of each class, sorted, the first need.
		 */
		direct = e - r == 1 || a->cls_ordered;
		got = direct ? mv + nm : xmalloc((size_t)(e - r) * (size_t)need * sizeof(int));
		for (int t = r; t < e; t++) {
			int c = present[t], n = 0;
			for (int x = a->cls_start[c]; x < a->cls_start[c + 1] && (direct ? ng : n) < need;
			     x++)
				if (pk->place[a->cls_items[x]] == k) {
					got[ng++] = a->cls_items[x];
					n++;
				}
		}
		if (!direct) {
			sort_idx(got, (size_t)ng, cmp_index, NULL);
			memcpy(mv + nm, got, (size_t)(ng < need ? ng : need) * sizeof(int));
			free(got);
		}
		nm += ng < need ? ng : need;
		r = e;
	}
	free(calt);
	free(present);
}

/*
 * Moves q items of pool k elsewhere (each to its cheapest destination, on
 * small fleets also into a full pool by evicting a cheaper-to-move item) and
 * keeps the result if the total went down; returns 1 then.
 */
static int aks_relocate(struct aks *a, int k, int q)
{
	struct packer *pk = a->pk;
	int *mv = xmalloc(((size_t)q + 1) * sizeof(int));
	int (*ev)[2] = xmalloc(((size_t)q + 1) * sizeof(*ev)), nev = 0;
	/* evictions weigh other items' moves: each item is weighed alone then */
	int evict = pk->nit <= EVICT_MAX_ITEMS && q <= 8, same = 0, lastk = NOWHERE;
	char *moving = evict ? xcalloc((size_t)pk->nit + 1, 1) : NULL;
	/* the change counts of the classes moved, restored on a rollback */
	unsigned long long *vlog = xmalloc(2 * ((size_t)q + 1) * sizeof(*vlog));
	int *vcls = xmalloc(2 * ((size_t)q + 1) * sizeof(*vcls)), nlog = 0;
	double before = aks_total(a), after;
	double mk[MIG_MAX_OFFERS * MIG_MAX_PROFILES] = { 0 };

	aks_pick(a, k, q, mv);
	for (int m = 0; m < q; ) {
		int run = aks_run(a, mv + m, q - m);
		vcls[nlog] = pk->cls[mv[m]];
		vlog[nlog++] = a->cver[pk->cls[mv[m]]];
		aks_take_run(a, mv + m, run);
		m += run;
	}
	for (int m = 0; m < q && moving; m++)
		moving[mv[m]] = 1;
	for (int m = 0; m < q; m++) {
		int i = mv[m], bk = DEDICATED, ej = -1, ed = NOWHERE, ek = -1;
		double best;
		/*
		 * The item before was of the same class and every marginal cost
		 * it was weighed on is unchanged (placing it changed only its
		 * destination's, checked below): this one goes the same way.
		 */
		if (same && pk->cls[i] == pk->cls[mv[m - 1]]) {
			aks_put(a, i, lastk);
			if (lastk >= 0 && lastk != k)
				same = aks_marginal(a, i, lastk) == mk[lastk];
			continue;
		}
		best = aks_marginal(a, i, DEDICATED);
		for (int kk = 0; kk < a->nopt; kk++) {
			double c;
			if (kk == k || !aks_feasible(a, i, kk))
				continue;
			c = aks_marginal(a, i, kk);
			mk[kk] = c;
			if (c < best - EPS || (bk == DEDICATED && c < best + EPS)) {
				best = c;
				bk = kk;
			}
		}
		if (evict && best > EPS)
			for (int kk = 0; kk < a->nopt; kk++) {
				int j = -1, d = NOWHERE;
				double c;
				if (kk == k || !aks_feasible(a, i, kk) || a->n[kk] == 0 ||
				    aks_marginal(a, i, kk) <= EPS)
					continue;
				c = aks_evict_cost(a, kk, k, pk->wl[i], moving, &j, &d);
				if (c < best - EPS) {
					best = c;
					ej = j;
					ed = d;
					ek = kk;
				}
			}
		if (ek >= 0) {
			vcls[nlog] = pk->cls[ej];
			vlog[nlog++] = a->cver[pk->cls[ej]];
			aks_take(a, ej);
			aks_put(a, ej, ed);
			ev[nev][0] = ej;
			ev[nev][1] = ek;
			nev++;
			bk = ek;
		} else if (best == HUGE_VAL) {
			bk = k;
		}
		aks_put(a, i, bk);
		lastk = bk;
		same = !evict;
		if (same && bk >= 0 && bk != k)
			same = aks_marginal(a, i, bk) == mk[bk];
	}
	after = aks_total(a);
	free(moving);
	if (after < before - EPS) {
		free(mv);
		free(ev);
		free(vlog);
		free(vcls);
		return 1;
	}
	for (int m = 0; m < q; ) {
		int run = aks_run(a, mv + m, q - m);
		aks_take_run(a, mv + m, run);
		m += run;
	}
	for (int e = nev - 1; e >= 0; e--) {
		aks_take(a, ev[e][0]);
		aks_put(a, ev[e][0], ev[e][1]);
	}
	for (int m = 0; m < q; ) {
		int run = 1;
		while (run < q - m && pk->cls[mv[m + run]] == pk->cls[mv[m]])
			run++;
		aks_put_run(a, mv + m, run, k);
		m += run;
	}
	/* every item is back where it was */
	while (nlog > 0) {
		nlog--;
		a->cver[vcls[nlog]] = vlog[nlog];
	}
	free(mv);
	free(ev);
	free(vlog);
	free(vcls);
	return 0;
}

/* Moves single items wherever that is cheaper (e.g. a dedicated item into a
 * free slot); returns 1 when something moved. */
static int aks_single_moves(struct aks *a)
{
	struct packer *pk = a->pk;
	int any = 0;
	/* moves so far; an item that stays leaves every count as it was, so
	 * another of its class where it is stays too until something moves */
	long moves = 0, *stayed_at = xmalloc(((size_t)pk->ncls + 1) * sizeof(long));
	int *stayed_in = xmalloc(((size_t)pk->ncls + 1) * sizeof(int));

	for (int c = 0; c < pk->ncls; c++)
		stayed_at[c] = -1;
	for (int i = 0; i < pk->nit; i++) {
		int cur = pk->place[i], bk, c = pk->cls[i];
		unsigned long long v;
		double before, best;
		if (cur == NOWHERE || (stayed_at[c] == moves && stayed_in[c] == cur))
			continue;
		before = cur >= 0 ? aks_pool_cost(a, cur) : pk->it[i].dedicated_hourly;
		v = a->cver[c];
		aks_take(a, i);
		best = before - (cur >= 0 ? aks_pool_cost(a, cur) : 0);
		bk = cur;
		if (cur != DEDICATED && pk->it[i].dedicated_hourly > 0 &&
		    pk->it[i].dedicated_hourly < best - EPS) {
			best = pk->it[i].dedicated_hourly;
			bk = DEDICATED;
		}
		for (int k = 0; k < a->nopt; k++) {
			double m;
			if (k == cur || !aks_feasible(a, i, k))
				continue;
			m = aks_marginal(a, i, k);
			if (m < best - EPS) {
				best = m;
				bk = k;
			}
		}
		aks_put(a, i, bk);
		if (bk != cur) {
			any = 1;
			moves++;
		} else {
			stayed_at[c] = moves;
			stayed_in[c] = cur;
			a->cver[c] = v; /* back where it was: nothing changed */
			/* the run of its class after it, in the same place (in
			 * class order, a class is the index range of cls_start),
			 * found again only when the class's items moved since */
			if (a->cls_ordered && a->runver[i] == v + 1) {
				i = a->runend[i];
			} else if (a->cls_ordered) {
				int j = i, end = a->cls_start[c + 1];
				while (j + 1 < end && pk->place[j + 1] == cur)
					j++;
				a->runend[i] = j;
				a->runver[i] = v + 1;
				i = j;
			} else {
				while (i + 1 < pk->nit && pk->place[i + 1] == cur &&
				       pk->cls[i + 1] == c)
					i++;
			}
		}
	}
	free(stayed_at);
	free(stayed_in);
	return any;
}

/* Every item on its cheapest slot (or dedicated GPU), then moves of pool
 * remainders and of single items while they lower the cost. */
static void aks_heuristic(struct aks *a)
{
	struct packer *pk = a->pk;
	int *start = xmalloc(((size_t)pk->ncls + 1) * sizeof(int));

	for (int c = 0; c < pk->ncls; c++)
		start[c] = INT_MIN;
	for (int i = 0; i < pk->nit; i++) {
		double best = HUGE_VAL, c;
		int bk = NOWHERE;
		if (start[pk->cls[i]] != INT_MIN) {
			/* with items in class order, the rest of its class at once */
			int m = 1;
			while (a->cls_ordered && i + m < pk->nit && pk->cls[i + m] == pk->cls[i])
				m++;
			aks_put_run(a, a->cls_ordered ? a->cls_items + i : &i, m, start[pk->cls[i]]);
			i += m - 1;
			continue;
		}
		for (int k = 0; k < a->nopt; k++) {
			if (!aks_feasible(a, i, k))
				continue;
			c = aks_slot_cost(a, k);
			if (c < best - EPS || (bk >= 0 && c < best + EPS &&
					       pk->off[a->offer[k]].gpus_per_vm <
						       pk->off[a->offer[bk]].gpus_per_vm)) {
				best = c;
				bk = k;
			}
		}
		if (pk->it[i].dedicated_hourly > 0 && pk->it[i].dedicated_hourly < best - EPS)
			bk = DEDICATED;
		start[pk->cls[i]] = bk;
		aks_put(a, i, bk);
	}
	free(start);
	for (int pass = 0; pass < 16; pass++) {
		int any = 0;
		for (int k = 0; k < a->nopt; k++) {
			int n = a->n[k], rem;
			if (n == 0)
				continue;
			rem = n - (ceil_div(n, aks_slots(a, k)) - 1) * aks_slots(a, k);
			if (aks_relocate(a, k, rem))
				any = 1;
			else if (rem != a->n[k] && a->n[k] > 0 && aks_relocate(a, k, a->n[k]))
				any = 1;
		}
		any |= aks_single_moves(a);
		if (!any)
			break;
	}
}

/*
 * States of the AKS search between two workloads.  What the rest of the
 * plan can cost depends only on each pool's item count and largest replica
 * count, so once a state's subtree has been searched against a best cost B
 * with d spent on dedicated GPUs, every completion of it costs at least
 * B - d plus whatever is spent on dedicated GPUs on the way there; the
 * state reached again is not searched when that cannot beat the best.
 * Fixed capacity (when full no more states are stored), keys of klen bytes.
 */
struct aks_memo {
	unsigned char *keys;
	double *rest;             /* lower bound on the cost beyond the dedicated */
	char *used;
	size_t cap, n, klen;
};

struct aks_bb {
	struct aks *a;
	double best;
	int *bplace;
	double *floor;            /* per item: cheapest slot or dedicated price */
	char *skip;               /* per option: its offer is dominated */
	int *live;                /* options some item may use */
	int nlive;
	struct aks_memo memo;
	long nodes;
	int aborted, improved;
};

/* The slot of the state at depth d (stored or free, or -1 when the table
 * is full and it is not there); *found says whether it is stored. */
static long aks_memo_slot(struct aks_bb *bb, int d, int *found)
{
	struct aks_memo *m = &bb->memo;
	struct aks *a = bb->a;
	unsigned char key[1 + 2 * MIG_MAX_OFFERS * MIG_MAX_PROFILES];
	uint64_t h = 1469598103934665603ull;
	size_t slot, len = 0;

	key[len++] = (unsigned char)d;
	for (int l = 0; l < bb->nlive; l++) {
		key[len++] = (unsigned char)a->n[bb->live[l]];
		key[len++] = (unsigned char)aks_rmax(a, bb->live[l]);
	}
	*found = 0;
	/* aks_exact made every key 1 + 2 * nlive bytes long, as built here */
	if (len != m->klen)
		return -1;
	for (size_t b = 0; b < len; b++)
		h = (h ^ key[b]) * 1099511628211ull;
	slot = (size_t)(h >> 17) & (m->cap - 1);
	while (m->used[slot]) {
		if (memcmp(&m->keys[slot * m->klen], key, m->klen) == 0) {
			*found = 1;
			return (long)slot;
		}
		slot = (slot + 1) & (m->cap - 1);
	}
	if (4 * (m->n + 1) > 3 * m->cap)
		return -1;
	memcpy(&m->keys[slot * m->klen], key, m->klen);
	return (long)slot;
}

/* Fills slack[k] for every option k (live options are among them) and
 * returns the total slack of the pools that have some. */
static double aks_slacks(struct aks *a, double *slack)
{
	double room = 0;

	for (int k = 0; k < a->nopt; k++) {
		slack[k] = a->n[k] ? aks_pool_cost(a, k) - a->n[k] * aks_slot_cost(a, k) : 0;
		if (slack[k] > EPS)
			room += slack[k];
	}
	return room;
}

/*
 * No completion of the current partial plan (items wl_items[0..d-1] placed)
 * costs less than this.  A pool of n items costs at least n slot prices, so
 * its slack is its cost minus that; a remaining item adds at least its floor
 * price, except that items able to use some pool with slack may together
 * save at most the total slack.
 */
static double aks_bb_bound(const struct aks_bb *bb, int d)
{
	struct aks *a = bb->a;
	const struct packer *pk = a->pk;
	double slack[MIG_MAX_OFFERS * MIG_MAX_PROFILES], total = aks_total(a);
	double room = aks_slacks(a, slack), fixed = 0, flex = 0;

	for (int m = d; m < pk->nit; m++) {
		int i = pk->wl_items[m], shared = 0;
		for (int l = 0; l < bb->nlive && !shared; l++)
			shared = slack[bb->live[l]] > EPS && aks_feasible(a, i, bb->live[l]);
		if (shared)
			flex += bb->floor[i];
		else
			fixed += bb->floor[i];
	}
	return total + fixed + (flex > room ? flex - room : 0);
}

static void aks_bb_rec(struct aks_bb *bb, int d, int minopt)
{
	struct aks *a = bb->a;
	struct packer *pk = a->pk;
	int i, nexti;
	long slot = -1;
	double cost;

	if (bb->aborted)
		return;
	cost = aks_total(a);
	if (cost >= bb->best - EPS || aks_bb_bound(bb, d) >= bb->best - EPS)
		return;
	if (++bb->nodes > EXACT_NODE_BUDGET) {
		bb->aborted = 1;
		return;
	}
	if (d == pk->nit) {
		bb->best = cost;
		bb->improved = 1;
		memcpy(bb->bplace, pk->place, (size_t)pk->nit * sizeof(int));
		return;
	}
	i = pk->wl_items[d];
	if (d > 0 && pk->wl[i] != pk->wl[pk->wl_items[d - 1]]) {
		int found;
		slot = aks_memo_slot(bb, d, &found);
		if (found && a->ded + bb->memo.rest[slot] >= bb->best - EPS)
			return;
	}
	nexti = d + 1 < pk->nit ? pk->wl_items[d + 1] : -1;
	/* option a->nopt stands for dedicated, so replicas can be ordered */
	for (int k = minopt; k <= a->nopt; k++) {
		int kk = k == a->nopt ? DEDICATED : k;
		if (kk == DEDICATED ? pk->it[i].dedicated_hourly <= 0 :
				      bb->skip[kk] || !aks_feasible(a, i, kk))
			continue;
		aks_put(a, i, kk);
		aks_bb_rec(bb, d + 1, nexti >= 0 && same_item(pk, i, nexti) ? k : 0);
		aks_take(a, i);
	}
	{
		int any = pk->it[i].dedicated_hourly > 0;
		for (int k = 0; k < a->nopt; k++)
			any |= aks_feasible(a, i, k);
		if (!any)
			aks_bb_rec(bb, d + 1, 0);
	}
	/* searched against bb->best: nothing below it beyond a->ded here */
	if (slot >= 0 && !bb->aborted) {
		struct aks_memo *m = &bb->memo;
		if (!m->used[slot]) {
			m->used[slot] = 1;
			m->n++;
			m->rest[slot] = bb->best - a->ded;
		} else if (bb->best - a->ded > m->rest[slot]) {
			m->rest[slot] = bb->best - a->ded;
		}
	}
}

static int aks_exact(struct aks *a)
{
	struct packer *pk = a->pk;
	struct aks_bb bb = { 0 };
	int *saved = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	int by[MIG_MAX_OFFERS];

	bb.a = a;
	bb.best = aks_total(a);
	bb.bplace = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	bb.floor = xmalloc(((size_t)pk->nit + 1) * sizeof(double));
	for (int i = 0; i < pk->nit; i++) {
		double m = aks_alt(a, i, -1);
		bb.floor[i] = m < HUGE_VAL ? m : 0;
	}
	dominated_offers(pk, by);
	bb.skip = xcalloc((size_t)a->nopt + 1, 1);
	bb.live = xmalloc(((size_t)a->nopt + 1) * sizeof(int));
	for (int k = 0; k < a->nopt; k++) {
		int used = 0;
		bb.skip[k] = by[a->offer[k]] >= 0;
		for (int i = 0; i < pk->nit && !used && !bb.skip[k]; i++)
			used = aks_feasible(a, i, k);
		if (used)
			bb.live[bb.nlive++] = k;
	}
	bb.memo.cap = AKS_MEMO_STATES;
	bb.memo.klen = 1 + 2 * (size_t)bb.nlive;
	bb.memo.keys = xmalloc(bb.memo.cap * bb.memo.klen);
	bb.memo.rest = xmalloc(bb.memo.cap * sizeof(double));
	bb.memo.used = xcalloc(bb.memo.cap, 1);
	memcpy(saved, pk->place, (size_t)pk->nit * sizeof(int));
	for (int i = 0; i < pk->nit; i++)
		aks_take(a, i);
	aks_bb_rec(&bb, 0, 0);
	for (int i = 0; i < pk->nit; i++) {
		aks_take(a, i);
		aks_put(a, i, bb.improved ? bb.bplace[i] : saved[i]);
	}
	free(saved);
	free(bb.bplace);
	free(bb.floor);
	free(bb.skip);
	free(bb.live);
	free(bb.memo.keys);
	free(bb.memo.rest);
	free(bb.memo.used);
	return !bb.aborted;
}

/* ---- building the plan --------------------------------------------------- */

static struct mig_gpu *plan_gpu(struct mig_plan *out, size_t *capg)
{
	if (out->ngpus == *capg) {
		*capg = *capg ? 2 * *capg : 16;
		out->gpus = xrealloc(out->gpus, *capg * sizeof(*out->gpus));
	}
	memset(&out->gpus[out->ngpus], 0, sizeof(out->gpus[0]));
	return &out->gpus[out->ngpus++];
}

static void plan_pool(struct mig_plan *out, int offer, int profile, int vms, double hourly)
{
	out->pools = xrealloc(out->pools, (out->npools + 1) * sizeof(*out->pools));
	out->pools[out->npools].offer = offer;
	out->pools[out->npools].profile = profile;
	out->pools[out->npools].vm_count = vms;
	out->pools[out->npools].hourly = vms * hourly;
	out->npools++;
}

static void fill_slices(const struct packer *pk, int o, struct mig_gpu *mg, uint64_t key,
			const int *items, int nitems)
{
	const struct geometry *g = &pk->geo[o];
	const struct layout *l = &g->lay[geo_find(g, key)];
	int used[MIG_MEMORY_SLOTS] = { 0 };

	mg->nslices = l->n;
	for (int s = 0; s < l->n; s++) {
		const struct mig_profile *mp = &g->prof[(int)l->prof[s]];
		mg->slices[s].profile = l->prof[s];
		mg->slices[s].start = l->start[s];
		mg->slices[s].item = -1;
		for (int k = 0; k < nitems; k++)
			if (!used[k] && prof_of(pk, items[k], o) == l->prof[s]) {
				used[k] = 1;
				mg->slices[s].item = items[k];
				break;
			}
		mg->memory_slots_used += mp->memory_slices;
		mg->compute_slices_used += mp->compute_slices;
	}
}

static void build_mixed(const struct packer *pk, struct mig_plan *out)
{
	size_t capg = 0;

	for (int o = 0; o < pk->noff; o++) {
		int V = pk->vms[o], g = pk->off[o].gpus_per_vm, *at;
		if (V == 0)
			continue;
		plan_pool(out, o, -1, V, pk->off[o].hourly);
		at = xmalloc((size_t)V * g * sizeof(int));
		for (int s = 0; s < V * g; s++)
			at[s] = -1;
		for (int j = 0; j < pk->ngpus; j++)
			if (pk->gpus[j].offer == o && pk->gpus[j].n > 0)
				at[pk->gpus[j].vm * g + pk->gpus[j].idx] = j;
		for (int s = 0; s < V * g; s++) {
			struct mig_gpu *mg = plan_gpu(out, &capg);
			mg->pool = (int)out->npools - 1;
			mg->vm = s / g;
			mg->gpu = s % g;
			if (at[s] >= 0)
				fill_slices(pk, o, mg, pk->gpus[at[s]].key, pk->gpus[at[s]].item,
					    pk->gpus[at[s]].n);
		}
		free(at);
	}
}

static void build_aks(struct aks *a, struct mig_plan *out)
{
	struct packer *pk = a->pk;
	size_t capg = 0;

	for (int k = 0; k < a->nopt; k++) {
		int o = a->offer[k], p = a->profile[k], g = pk->off[o].gpus_per_vm;
		int cap = pk->geo[o].cap[p], V, t = 0;
		size_t first;
		if (a->n[k] == 0)
			continue;
		V = aks_vms(a, k, a->n[k], aks_rmax(a, k));
		plan_pool(out, o, p, V, pk->off[o].hourly);
		first = out->ngpus;
		for (int s = 0; s < V * g; s++) {
			struct mig_gpu *mg = plan_gpu(out, &capg);
			/* every GPU of the pool has the same empty layout */
			if (s == 0)
				fill_slices(pk, o, mg, (uint64_t)cap * unit(p), NULL, 0);
			else
				*mg = out->gpus[first];
			mg->pool = (int)out->npools - 1;
			mg->vm = s / g;
			mg->gpu = s % g;
		}
		if (out->ngpus == first)
			continue; /* no GPU in the pool (V g = 0): nothing to place on */
		/* position t: VM t % V, GPU (t / V) % g, slice t / (V g) */
		for (int m = 0; m < pk->nit; m++) {
			int i = pk->wl_items[m];
			struct mig_gpu *mg;
			if (pk->place[i] != k)
				continue;
			mg = &out->gpus[first + (size_t)(t % V) * g + (t / V) % g];
			mg->slices[t / (V * g)].item = i;
			t++;
		}
	}
}

static void packer_release(struct packer *pk)
{
	for (int o = 0; o < pk->noff; o++)
		geo_release(&pk->geo[o]);
	free(pk->prof);
	free(pk->wl);
	free(pk->wl_items);
	free(pk->wl_start);
	free(pk->cls);
	free(pk->place);
	free(pk->gpus);
}

/*
 * Every AKS layout is also a mixed layout, so the AKS plan (its slices
 * shrunk to each item's smallest profile, its GPUs regrouped per VM size) is
 * adopted when it is cheaper than the mixed heuristic's.
 */
static void adopt_aks_plan(struct packer *pk, const struct mig_offer *offers, size_t noffers,
			   const struct mig_item *items, size_t nitems)
{
	struct mig_plan ap;
	char err[MIG_ERRLEN];
	struct pgpu *saved = pk->gpus;
	int savedn = pk->ngpus, savedcap = pk->capgpus, ok = 1;
	int *savedplace = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	int savedvms[MIG_MAX_OFFERS];
	double before = mixed_cost(pk);

	if (mig_pack(offers, noffers, items, nitems, MIG_STRATEGY_AKS, &ap, err) != 0 ||
	    ap.hourly >= before - EPS) {
		mig_plan_release(&ap);
		free(savedplace);
		return;
	}
	memcpy(savedplace, pk->place, (size_t)pk->nit * sizeof(int));
	memcpy(savedvms, pk->vms, sizeof(savedvms));
	pk->gpus = NULL;
	pk->ngpus = pk->capgpus = 0;
	for (int i = 0; i < pk->nit; i++)
		pk->place[i] = NOWHERE;
	for (size_t d = 0; d < ap.ndedicated; d++)
		pk->place[ap.dedicated[d]] = DEDICATED;
	for (size_t g = 0; g < ap.ngpus && ok; g++) {
		const struct mig_gpu *mg = &ap.gpus[g];
		int j = -1;
		for (int k = 0; k < mg->nslices && ok; k++) {
			int i = mg->slices[k].item;
			if (i < 0)
				continue;
			if (j < 0)
				j = gpu_new(pk, ap.pools[mg->pool].offer);
			if (gpu_accepts(pk, j, i))
				gpu_add(pk, j, i);
			else
				ok = 0;
		}
	}
	if (ok)
		mixed_improve(pk);
	if (ok && mixed_cost(pk) < before - EPS) {
		free(saved);
	} else {
		free(pk->gpus);
		pk->gpus = saved;
		pk->ngpus = savedn;
		pk->capgpus = savedcap;
		memcpy(pk->place, savedplace, (size_t)pk->nit * sizeof(int));
		memcpy(pk->vms, savedvms, sizeof(savedvms));
	}
	free(savedplace);
	mig_plan_release(&ap);
}

/* Two offers whose GPUs have the same MIG profiles (same model). */
static int same_geometry(const struct mig_offer *a, const struct mig_offer *b)
{
	if (a->nprofiles != b->nprofiles)
		return 0;
	for (size_t p = 0; p < a->nprofiles; p++) {
		const struct mig_profile *x = &a->profiles[p], *y = &b->profiles[p];
		if (strcmp(x->name, y->name) != 0 || x->memory_slices != y->memory_slices ||
		    x->compute_slices != y->compute_slices || x->start_mask != y->start_mask ||
		    x->max_count != y->max_count || x->media_ext != y->media_ext)
			return 0;
	}
	return 1;
}

int mig_pack(const struct mig_offer *offers, size_t noffers, const struct mig_item *items,
	     size_t nitems, enum mig_strategy strategy, struct mig_plan *out, char *err)
{
	struct packer pk;
	int aksmode = strategy == MIG_STRATEGY_AKS;
	double weights[MIG_MAX_OFFERS][MIG_MAX_PROFILES];

	memset(out, 0, sizeof(*out));
	memset(&pk, 0, sizeof(pk));
	if (noffers > MIG_MAX_OFFERS) {
		snprintf(err, MIG_ERRLEN, "%zu mig offers, at most %d", noffers, MIG_MAX_OFFERS);
		return -1;
	}
	if (nitems > 10000000) {
		snprintf(err, MIG_ERRLEN, "%zu items to pack, too many", nitems);
		return -1;
	}
	pk.off = offers;
	pk.noff = (int)noffers;
	pk.it = items;
	pk.nit = (int)nitems;
	pk.strat = strategy;
	for (size_t o = 0; o < noffers; o++) {
		if (offers[o].gpus_per_vm < 1 || offers[o].gpus_per_vm > 64 ||
		    !(offers[o].hourly > 0)) {
			snprintf(err, MIG_ERRLEN, "mig offer '%s' has no gpus or no price",
				 offers[o].sku ? offers[o].sku : "?");
			pk.noff = (int)o;
			packer_release(&pk);
			return -1;
		}
		if (geo_init(&pk.geo[o], offers[o].profiles, offers[o].nprofiles, err) < 0) {
			pk.noff = (int)o + 1;
			packer_release(&pk);
			return -1;
		}
	}
	for (int o = 0; o < pk.noff; o++) {
		pk.model[o] = o;
		for (int o2 = 0; o2 < o && pk.model[o] == o; o2++)
			if (same_geometry(&offers[o], &offers[o2]))
				pk.model[o] = o2;
	}
	pk.place = xmalloc(((size_t)nitems + 1) * sizeof(int));
	for (size_t i = 0; i < nitems; i++)
		pk.place[i] = NOWHERE;
	group_workloads(&pk);
	/* the items of a class have the same feasible profiles: one row each */
	pk.prof = xmalloc(((size_t)pk.ncls + 1) * (noffers + 1));
	for (int m = 0; m < pk.nit; m++) {
		int i = pk.wl_items[m], c = pk.cls[i];
		if (m > 0 && pk.cls[pk.wl_items[m - 1]] == c)
			continue;
		for (size_t o = 0; o < noffers; o++)
			pk.prof[(size_t)c * noffers + o] = (signed char)pick_profile(
				&pk.geo[o], items[i].feasible[o], aksmode);
	}
	if (aksmode) {
		struct aks *a = xcalloc(1, sizeof(*a));
		a->pk = &pk;
		for (int o = 0; o < pk.noff; o++)
			for (int p = 0; p < pk.geo[o].np; p++)
				if (pk.geo[o].cap[p] && pk.geo[o].prof[p].aks_profile[0]) {
					a->offer[a->nopt] = o;
					a->profile[a->nopt] = p;
					a->nopt++;
				}
		a->hist = xcalloc((size_t)(a->nopt + 1) * (pk.maxrep + 2), sizeof(int));
		a->count = xcalloc((size_t)pk.nwl * (size_t)a->nopt + 1, sizeof(int));
		aks_options_init(a);
		aks_heuristic(a);
		out->proven_optimal = pk.nit <= MIG_EXACT_MAX_ITEMS && aks_exact(a);
		out->hourly = aks_total(a);
		out->lower_bound_hourly = out->proven_optimal ? out->hourly : lower_bound_aks(&pk);
		build_aks(a, out);
		free(a->hist);
		free(a->count);
		free(a->feas);
		free(a->ccount);
		free(a->cls_items);
		free(a->cls_start);
		free(a->cver);
		free(a->runver);
		free(a->runend);
		free(a);
	} else {
		mixed_heuristic(&pk);
		if (pk.nit > MIG_EXACT_MAX_ITEMS)
			adopt_aks_plan(&pk, offers, noffers, items, nitems);
		out->proven_optimal = pk.nit <= MIG_EXACT_MAX_ITEMS && mixed_exact(&pk);
		out->hourly = mixed_cost(&pk);
		out->lower_bound_hourly = out->proven_optimal ? out->hourly : lower_bound_mixed(&pk, weights);
		build_mixed(&pk, out);
	}
	if (out->lower_bound_hourly > out->hourly)
		out->lower_bound_hourly = out->hourly;
	out->dedicated = xmalloc(((size_t)nitems + 1) * sizeof(int));
	out->unplaced = xmalloc(((size_t)nitems + 1) * sizeof(int));
	for (int i = 0; i < pk.nit; i++) {
		if (pk.place[i] == DEDICATED)
			out->dedicated[out->ndedicated++] = i;
		else if (pk.place[i] == NOWHERE)
			out->unplaced[out->nunplaced++] = i;
	}
	packer_release(&pk);
	return 0;
}

void mig_plan_release(struct mig_plan *plan)
{
	free(plan->pools);
	free(plan->gpus);
	free(plan->dedicated);
	free(plan->unplaced);
	memset(plan, 0, sizeof(*plan));
}
