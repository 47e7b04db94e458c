/*
 * mig_mixed.c - the mixed strategy of the MIG packer (GPU Operator mixed
 * strategy: each GPU carries any valid combination of profiles).
 *
 * Every item is sized to its smallest feasible profile per offer (a smaller
 * profile of the chain 1g < 1g.2x < 2g < 3g < 4g < 7g never packs worse),
 * sent to the offer with the lowest fractional cost (or to its dedicated GPU
 * when that is cheaper), packed first-fit-decreasing; then a lightly loaded
 * VM is emptied whenever its items fit elsewhere for less, and the GPUs are
 * grouped into VMs under the spread rule.  The AKS plan is computed too and
 * adopted when cheaper, since every AKS layout is a mixed layout.  Up to
 * MIG_EXACT_MAX_ITEMS items, branch and bound finds the optimum.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mig.h"
#include "mig_internal.h"
#include "util.h"

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
			mig_sort_idx(order, (size_t)n, cmp_decreasing, &oc);
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
	mig_sort_idx(idx, (size_t)nidx, cmp_load, pk);
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
	mig_lower_bound_mixed(pk, bb.w);
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
	mig_sort_idx(bb.order, (size_t)pk->nit, cmp_size_all, pk);
	bb.twin = xcalloc((size_t)pk->nit + 1, 1);
	bb.pos = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	for (int d = 1; d < pk->nit; d++)
		bb.twin[d] = interchangeable(pk, bb.order[d - 1], bb.order[d]);
	mig_dominated_offers(pk, bb.by);
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

static void build_mixed(const struct packer *pk, struct mig_plan *out)
{
	size_t capg = 0;

	for (int o = 0; o < pk->noff; o++) {
		int V = pk->vms[o], g = pk->off[o].gpus_per_vm, *at;
		if (V == 0)
			continue;
		mig_plan_pool(out, o, -1, V, pk->off[o].hourly);
		at = xmalloc((size_t)V * g * sizeof(int));
		for (int s = 0; s < V * g; s++)
			at[s] = -1;
		for (int j = 0; j < pk->ngpus; j++)
			if (pk->gpus[j].offer == o && pk->gpus[j].n > 0)
				at[pk->gpus[j].vm * g + pk->gpus[j].idx] = j;
		for (int s = 0; s < V * g; s++) {
			struct mig_gpu *mg = mig_plan_gpu(out, &capg);
			mg->pool = (int)out->npools - 1;
			mg->vm = s / g;
			mg->gpu = s % g;
			if (at[s] >= 0)
				mig_fill_slices(pk, o, mg, pk->gpus[at[s]].key, pk->gpus[at[s]].item,
						pk->gpus[at[s]].n);
		}
		free(at);
	}
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

/*
 * The mixed plan of the packer's items into *out, as mig_pack_aks; the AKS
 * plan is adopted when cheaper.
 */
void mig_pack_mixed(struct packer *pk, struct mig_plan *out)
{
	double weights[MIG_MAX_OFFERS][MIG_MAX_PROFILES];

	mixed_heuristic(pk);
	if (pk->nit > MIG_EXACT_MAX_ITEMS)
		adopt_aks_plan(pk, pk->off, (size_t)pk->noff, pk->it, (size_t)pk->nit);
	out->proven_optimal = pk->nit <= MIG_EXACT_MAX_ITEMS && mixed_exact(pk);
	out->hourly = mixed_cost(pk);
	out->lower_bound_hourly = out->proven_optimal ? out->hourly : mig_lower_bound_mixed(pk, weights);
	build_mixed(pk, out);
}
