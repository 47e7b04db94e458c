/*
 * mig.c - the MIG packer (see mig.h for the rules a plan obeys): mig_pack,
 * the packer's state (items grouped by workload and class, the profile of
 * each class per offer) and the pieces of a plan both strategies build.
 *
 * The packer is in five files:
 *   mig_layout.c  the valid layouts of one GPU model and their hash table;
 *   mig_mixed.c   the mixed strategy (first-fit-decreasing, emptying VMs,
 *                 grouping GPUs into VMs, branch and bound);
 *   mig_aks.c     the AKS strategy (pools of one profile, moves of pool
 *                 remainders and single items, branch and bound);
 *   mig_bound.c   the lower bounds on the optimal cost;
 *   mig.c         this file.
 * Their shared declarations are in mig_internal.h.
 *
 * Replicas of a workload with the same needs form a class (pk->cls): their
 * items are interchangeable, so the strategies weigh a decision once per
 * class, and the plan is the one weighing every item gives.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mig.h"
#include "mig_internal.h"
#include "util.h"

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

/*
 * Stable merge sort of the indices v[0..n-1] by cmp(x, y, ctx) (< 0: x
 * first); insertion sort on runs of 8, then bottom-up merges through one
 * scratch array.  C11 qsort has no context argument, and keeping the
 * context in a file-scope variable would make the packer non-re-entrant.
 */
void mig_sort_idx(int *v, size_t n, mig_idx_cmp cmp, const void *ctx)
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
		mig_sort_idx(pk->wl_items, (size_t)n, cmp_by_workload, pk->it);
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
		if (k == 0 || !mig_same_item(pk, pk->wl_items[k - 1], i))
			pk->ncls++;
		pk->cls[i] = pk->ncls - 1;
	}
	pk->maxrep = 0;
	for (int w = 0; w < pk->nwl; w++)
		if (pk->wl_start[w + 1] - pk->wl_start[w] > pk->maxrep)
			pk->maxrep = pk->wl_start[w + 1] - pk->wl_start[w];
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
void mig_dominated_offers(const struct packer *pk, int *by)
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

/* ---- building the plan --------------------------------------------------- */

struct mig_gpu *mig_plan_gpu(struct mig_plan *out, size_t *capg)
{
	if (out->ngpus == *capg) {
		*capg = *capg ? 2 * *capg : 16;
		out->gpus = xrealloc(out->gpus, *capg * sizeof(*out->gpus));
	}
	memset(&out->gpus[out->ngpus], 0, sizeof(out->gpus[0]));
	return &out->gpus[out->ngpus++];
}

void mig_plan_pool(struct mig_plan *out, int offer, int profile, int vms, double hourly)
{
	out->pools = xrealloc(out->pools, (out->npools + 1) * sizeof(*out->pools));
	out->pools[out->npools].offer = offer;
	out->pools[out->npools].profile = profile;
	out->pools[out->npools].vm_count = vms;
	out->pools[out->npools].hourly = vms * hourly;
	out->npools++;
}

void mig_fill_slices(const struct packer *pk, int o, struct mig_gpu *mg, uint64_t key,
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

static void packer_release(struct packer *pk)
{
	for (int o = 0; o < pk->noff; o++)
		mig_geo_release(&pk->geo[o]);
	free(pk->prof);
	free(pk->wl);
	free(pk->wl_items);
	free(pk->wl_start);
	free(pk->cls);
	free(pk->place);
	free(pk->gpus);
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
		if (mig_geo_init(&pk.geo[o], offers[o].profiles, offers[o].nprofiles, err) < 0) {
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
	if (aksmode)
		mig_pack_aks(&pk, out);
	else
		mig_pack_mixed(&pk, out);
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
