/*
 * test_mig.c - the MIG packer against an independent validity checker and an
 * exhaustive search.
 *
 * The geometries are written out by hand from NVIDIA's MIG user guide tables
 * (A100 80GB and H100 NVL 94GB: 8 memory slots, 7 compute slices, start slots
 * from `nvidia-smi mig -lgipp`), not read from the catalog.  The checker and
 * the exhaustive search re-derive every rule from those facts and share no
 * code with the packer (src/plan/mig*.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mig.h"

/* name, memory slices, GiB, compute slices, SMs, max count, starts, +me, AKS */
static const struct mig_profile a100[] = {
	{ "A100-PCIe-80GB", "1g.10gb", 1, 9.75, 1, 14, 7, 0x7f, 0, "MIG1g" },
	{ "A100-PCIe-80GB", "1g.10gb+me", 1, 9.75, 1, 14, 1, 0x7f, 1, "" },
	{ "A100-PCIe-80GB", "1g.20gb", 2, 19.62, 1, 14, 4, 0x55, 0, "" },
	{ "A100-PCIe-80GB", "2g.20gb", 2, 19.62, 2, 28, 3, 0x15, 0, "MIG2g" },
	{ "A100-PCIe-80GB", "3g.40gb", 4, 39.25, 3, 42, 2, 0x11, 0, "MIG3g" },
	{ "A100-PCIe-80GB", "4g.40gb", 4, 39.25, 4, 56, 1, 0x01, 0, "MIG4g" },
	{ "A100-PCIe-80GB", "7g.80gb", 8, 79.25, 7, 98, 1, 0x01, 0, "MIG7g" },
};

static const struct mig_profile h100nvl[] = {
	{ "H100-NVL-94GB", "1g.12gb", 1, 10.75, 1, 16, 7, 0x7f, 0, "MIG1g" },
	{ "H100-NVL-94GB", "1g.12gb+me", 1, 10.75, 1, 16, 1, 0x7f, 1, "" },
	{ "H100-NVL-94GB", "1g.24gb", 2, 21.62, 1, 26, 4, 0x55, 0, "" },
	{ "H100-NVL-94GB", "2g.24gb", 2, 21.62, 2, 32, 3, 0x15, 0, "MIG2g" },
	{ "H100-NVL-94GB", "3g.47gb", 4, 46.38, 3, 60, 2, 0x11, 0, "MIG3g" },
	{ "H100-NVL-94GB", "4g.47gb", 4, 46.38, 4, 64, 1, 0x01, 0, "MIG4g" },
	{ "H100-NVL-94GB", "7g.94gb", 8, 93.12, 7, 132, 1, 0x01, 0, "MIG7g" },
};

#define NP 7

static const struct mig_offer all_offers[] = {
	{ "Standard_NC24ads_A100_v4", "A100-PCIe-80GB", 1, 3.673, a100, NP },
	{ "Standard_NC48ads_A100_v4", "A100-PCIe-80GB", 2, 7.346, a100, NP },
	{ "Standard_NC96ads_A100_v4", "A100-PCIe-80GB", 4, 14.692, a100, NP },
	{ "Standard_NC40ads_H100_v5", "H100-NVL-94GB", 1, 6.98, h100nvl, NP },
	{ "Standard_NC80adis_H100_v5", "H100-NVL-94GB", 2, 13.96, h100nvl, NP },
	{ "Standard_ND96amsr_A100_v4", "A100-SXM-80GB", 8, 32.77, a100, NP },
};

#define NOFFERS_ALL (sizeof(all_offers) / sizeof(all_offers[0]))
#define ALL_OFFERS ((1u << NOFFERS_ALL) - 1)

/* ---- a tiny deterministic generator ------------------------------------ */

static uint64_t rng_state;

static uint32_t rnd(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng_state >> 33);
}

static int rnd_int(int n)
{
	return (int)(rnd() % (uint32_t)n);
}

/* Feasible mask: every profile with at least the memory and SMs asked. */
static unsigned mask_for(const struct mig_profile *p, double gib, int sms)
{
	unsigned m = 0;

	for (int j = 0; j < NP; j++)
		if (!p[j].media_ext && p[j].memory_gib >= gib && p[j].sms >= sms)
			m |= 1u << j;
	return m;
}

struct instance {
	struct mig_offer offers[MIG_MAX_OFFERS];
	size_t noffers;
	struct mig_item *items;
	size_t nitems;
};

/* A random fleet on a random subset of the offers whose bits are in allowed. */
static void random_instance(struct instance *in, int nworkloads, int max_items, int maxrep,
			    unsigned allowed)
{
	static const double gibs[] = { 4, 8, 9, 12, 16, 19, 20, 30, 38, 45, 60 };
	static const double ded[] = { 0, 0, 0.454, 0.526, 0.908, 1.6, 3.2 };
	size_t cap = (size_t)nworkloads * maxrep + 1;

	size_t last = 0;

	for (size_t o = 0; o < NOFFERS_ALL; o++)
		if (allowed >> o & 1)
			last = o;
	in->noffers = 0;
	for (size_t o = 0; o < NOFFERS_ALL; o++)
		if ((allowed >> o & 1) && (rnd_int(2) || (o == last && in->noffers == 0)))
			in->offers[in->noffers++] = all_offers[o];
	in->items = calloc(cap, sizeof(*in->items));
	in->nitems = 0;
	for (int w = 0; w < nworkloads && (int)in->nitems < max_items; w++) {
		int reps = 1 + rnd_int(maxrep);
		double gib = gibs[rnd_int(sizeof(gibs) / sizeof(gibs[0]))];
		int sms = rnd_int(4) == 0 ? 20 + rnd_int(40) : 10;
		double d = ded[rnd_int(sizeof(ded) / sizeof(ded[0]))];
		if (d > 0 && gib > 16 && d < 1.6)
			d = 0;
		for (int r = 0; r < reps && (int)in->nitems < max_items; r++) {
			struct mig_item *it = &in->items[in->nitems++];
			it->workload = 100 + w;
			it->replica = r;
			it->dedicated_hourly = d;
			for (size_t o = 0; o < in->noffers; o++)
				it->feasible[o] = mask_for(in->offers[o].profiles, gib, sms);
		}
	}
}

/* ---- the independent checker ------------------------------------------ */

static int ceil_div(int a, int b)
{
	return (a + b - 1) / b;
}

/* Can c copies of profile p be placed alone on a GPU?  Plain search over
 * start slots. */
static int copies_fit(const struct mig_profile *p, int c, int from, unsigned used)
{
	if (c == 0)
		return 1;
	for (int s = from; s < 8; s++) {
		unsigned bits = ((1u << p->memory_slices) - 1) << s;
		if (!(p->start_mask >> s & 1) || s + p->memory_slices > 8 || (used & bits))
			continue;
		if (copies_fit(p, c - 1, s + 1, used | bits))
			return 1;
	}
	return 0;
}

static int alone_capacity(const struct mig_profile *p)
{
	int c = 0;

	while (c < p->max_count && (c + 1) * p->compute_slices <= 7 && copies_fit(p, c + 1, 0, 0))
		c++;
	return p->media_ext && c > 1 ? 1 : c;
}

/* Returns NULL when the plan obeys every rule, else what is wrong. */
/* A GPU's place (pool, vm, gpu), for sorting. */
static int cmp_place(const void *x, const void *y)
{
	const struct mig_gpu *a = x, *b = y;

	if (a->pool != b->pool)
		return a->pool < b->pool ? -1 : 1;
	if (a->vm != b->vm)
		return a->vm < b->vm ? -1 : 1;
	return (a->gpu > b->gpu) - (a->gpu < b->gpu);
}

/* Where a sliced replica is: its workload, pool, VM and GPU (index). */
struct rplace {
	int workload, pool, vm, gpu;
	int checked;
};

static int cmp_rplace(const void *x, const void *y)
{
	const struct rplace *a = x, *b = y;

	if (a->workload != b->workload)
		return a->workload < b->workload ? -1 : 1;
	if (a->pool != b->pool)
		return a->pool < b->pool ? -1 : 1;
	if (a->vm != b->vm)
		return a->vm < b->vm ? -1 : 1;
	return (a->gpu > b->gpu) - (a->gpu < b->gpu);
}

static const char *check_plan(const struct instance *in, enum mig_strategy st,
			      const struct mig_plan *pl)
{
	static char why[256];
	int *seen = calloc(in->nitems + 1, sizeof(int));
	int *gpu_of = calloc(in->nitems + 1, sizeof(int));
	char *sliced = calloc(in->nitems + 1, 1);
	struct rplace *rep = calloc(in->nitems + 1, sizeof(*rep));
	struct mig_gpu *place = calloc(pl->ngpus + 1, sizeof(*place));
	int *pool_gpus = calloc(pl->npools + 1, sizeof(int));
	double total = 0;
	const char *bad = NULL;

#define FAIL(...) do { snprintf(why, sizeof why, __VA_ARGS__); bad = why; goto out; } while (0)
	for (size_t g = 0; g < pl->ngpus; g++) {
		const struct mig_gpu *gp = &pl->gpus[g];
		const struct mig_pool *po;
		const struct mig_offer *of;
		unsigned used = 0;
		int comp = 0, mem = 0, me = 0, cnt[NP] = { 0 };

		if (gp->pool < 0 || (size_t)gp->pool >= pl->npools)
			FAIL("gpu %zu: pool %d", g, gp->pool);
		po = &pl->pools[gp->pool];
		of = &in->offers[po->offer];
		if (gp->vm < 0 || gp->vm >= po->vm_count || gp->gpu < 0 || gp->gpu >= of->gpus_per_vm)
			FAIL("gpu %zu: vm %d gpu %d outside the pool", g, gp->vm, gp->gpu);
		pool_gpus[gp->pool]++;
		place[g] = *gp;
		for (int s = 0; s < gp->nslices; s++) {
			const struct mig_slice *sl = &gp->slices[s];
			const struct mig_profile *p;
			unsigned bits;
			if (sl->profile < 0 || sl->profile >= (int)of->nprofiles)
				FAIL("gpu %zu: profile %d", g, sl->profile);
			p = &of->profiles[sl->profile];
			if (sl->start < 0 || !(p->start_mask >> sl->start & 1) ||
			    sl->start + p->memory_slices > 8)
				FAIL("gpu %zu: %s may not start at %d", g, p->name, sl->start);
			bits = ((1u << p->memory_slices) - 1) << sl->start;
			if (used & bits)
				FAIL("gpu %zu: slices overlap at %d", g, sl->start);
			used |= bits;
			comp += p->compute_slices;
			mem += p->memory_slices;
			me += p->media_ext;
			if (++cnt[sl->profile] > p->max_count)
				FAIL("gpu %zu: too many %s", g, p->name);
			if (st == MIG_STRATEGY_AKS && sl->profile != po->profile)
				FAIL("gpu %zu: %s in an aks pool of another profile", g, p->name);
			if (sl->item >= 0) {
				const struct mig_item *it = &in->items[sl->item];
				if (seen[sl->item]++)
					FAIL("item %d placed twice", sl->item);
				if (!(it->feasible[po->offer] >> sl->profile & 1))
					FAIL("item %d on %s which does not meet its needs", sl->item,
					     p->name);
				gpu_of[sl->item] = (int)g;
				sliced[sl->item] = 1;
			}
		}
		if (comp > 7 || me > 1)
			FAIL("gpu %zu: %d compute slices, %d +me", g, comp, me);
		if (mem != gp->memory_slots_used || comp != gp->compute_slices_used)
			FAIL("gpu %zu: usage figures wrong", g);
		if (st == MIG_STRATEGY_AKS &&
		    gp->nslices != alone_capacity(&of->profiles[po->profile]))
			FAIL("gpu %zu: aks layout has %d slices", g, gp->nslices);
	}
	qsort(place, pl->ngpus, sizeof(*place), cmp_place);
	/* every VM position exactly once */
	for (size_t k = 0; k < pl->npools; k++) {
		const struct mig_pool *po = &pl->pools[k];
		int g = in->offers[po->offer].gpus_per_vm, n = 0;
		if (po->vm_count < 1)
			FAIL("pool %zu empty", k);
		if (st == MIG_STRATEGY_MIXED ? po->profile != -1 :
		    !in->offers[po->offer].profiles[po->profile].aks_profile[0])
			FAIL("pool %zu: profile %d", k, po->profile);
		if (fabs(po->hourly - po->vm_count * in->offers[po->offer].hourly) > 1e-6)
			FAIL("pool %zu: hourly", k);
		total += po->hourly;
		n = pool_gpus[k];
		if (n != po->vm_count * g)
			FAIL("pool %zu: %d gpus for %d vms", k, n, po->vm_count);
	}
	/* (pool, vm, gpu) sorted: a GPU listed twice is two equal neighbours */
	for (size_t j = 1; j < pl->ngpus; j++)
		if (cmp_place(&place[j - 1], &place[j]) == 0)
			FAIL("pool %d: gpu listed twice", place[j].pool);
	for (size_t d = 0; d < pl->ndedicated; d++) {
		int i = pl->dedicated[d];
		if (seen[i]++)
			FAIL("item %d dedicated and placed", i);
		if (!(in->items[i].dedicated_hourly > 0))
			FAIL("item %d dedicated without an option", i);
		total += in->items[i].dedicated_hourly;
	}
	for (size_t u = 0; u < pl->nunplaced; u++) {
		int i = pl->unplaced[u];
		if (seen[i]++)
			FAIL("item %d unplaced and placed", i);
		if (in->items[i].dedicated_hourly > 0)
			FAIL("item %d unplaced though it has a dedicated option", i);
		for (size_t o = 0; o < in->noffers; o++)
			for (int p = 0; p < NP; p++)
				if ((in->items[i].feasible[o] >> p & 1) &&
				    (st == MIG_STRATEGY_MIXED || in->offers[o].profiles[p].aks_profile[0]))
					FAIL("item %d unplaced though %s fits", i,
					     in->offers[o].profiles[p].name);
	}
	for (size_t i = 0; i < in->nitems; i++)
		if (seen[i] != 1)
			FAIL("item %zu appears %d times", i, seen[i]);
	if (fabs(total - pl->hourly) > 1e-6)
		FAIL("hourly %.4f, pools and dedicated add up to %.4f", pl->hourly, total);
	if (pl->lower_bound_hourly > pl->hourly + 1e-9)
		FAIL("lower bound above the plan");
	/* replicas: different GPUs; per VM at most ceil(r / V) in a pool.  The
	 * sliced replicas sorted by (workload, pool, vm, gpu): r is the run of
	 * a (workload, pool), the replicas on one VM the run of a (workload,
	 * pool, vm), and two on one GPU are equal neighbours.  A replica whose
	 * dedicated price is negative is not checked itself, only counted. */
	{
		size_t nr = 0;
		for (size_t i = 0; i < in->nitems; i++)
			if (sliced[i])
				rep[nr++] = (struct rplace){ in->items[i].workload,
					pl->gpus[gpu_of[i]].pool, pl->gpus[gpu_of[i]].vm,
					gpu_of[i], in->items[i].dedicated_hourly >= 0 };
		qsort(rep, nr, sizeof(*rep), cmp_rplace);
		for (size_t a = 0, b; a < nr; a = b) {      /* one (workload, pool) */
			int r, V = pl->pools[rep[a].pool].vm_count;
			for (b = a; b < nr && rep[b].workload == rep[a].workload &&
				    rep[b].pool == rep[a].pool; b++)
				;
			r = (int)(b - a);
			for (size_t c = a, d; c < b; c = d) {  /* one VM of the pool */
				int checked = 0;
				for (d = c; d < b && rep[d].vm == rep[c].vm; d++) {
					checked |= rep[d].checked;
					if (d > c && rep[d].gpu == rep[d - 1].gpu &&
					    (rep[d].checked || rep[d - 1].checked))
						FAIL("two replicas of workload %d share a gpu",
						     rep[d].workload);
				}
				if (checked && V > 1 && (int)(d - c) > ceil_div(r, V))
					FAIL("workload %d: %d of %d replicas on one of %d vms",
					     rep[c].workload, (int)(d - c), r, V);
			}
		}
	}
out:
	free(seen);
	free(gpu_of);
	free(sliced);
	free(place);
	free(pool_gpus);
	free(rep);
	return bad;
#undef FAIL
}

static void pack_checked(const struct instance *in, enum mig_strategy st, struct mig_plan *pl)
{
	char err[MIG_ERRLEN];
	const char *why;

	assert_int_equal(mig_pack(in->offers, in->noffers, in->items, in->nitems, st, pl, err), 0);
	why = check_plan(in, st, pl);
	if (why)
		fail_msg("%s plan invalid: %s", mig_strategy_name(st), why);
}

/* ---- exhaustive search ------------------------------------------------- */

#define EX_ITEMS 16   /* replicas */
#define EX_VMS 16     /* per offer: one replica per VM at most needs 16 */

/*
 * Mixed: every item goes to (offer, VM, GPU, any feasible profile) or to its
 * dedicated GPU; VMs and GPUs are opened in order (symmetry); a GPU's
 * multiset must have a placement (searched here from scratch).  Finds whether
 * any valid plan costs less than `limit`.
 */
struct ex {
	const struct instance *in;
	double limit;
	int found;
	long nodes;
	/* state: per offer up to 10 VMs of up to 8 GPUs */
	int nvm[MIG_MAX_OFFERS];
	int ngpu[MIG_MAX_OFFERS][EX_VMS];
	int cnt[MIG_MAX_OFFERS][EX_VMS][8][NP];
	int wl[MIG_MAX_OFFERS][EX_VMS][8][8];
	int nwl[MIG_MAX_OFFERS][EX_VMS][8];
	int where_o[EX_ITEMS], where_v[EX_ITEMS], where_g[EX_ITEMS];
};

/* Replicas of one workload with equal needs are interchangeable: only plans
 * that list them in increasing position are searched. */
static int ex_same(const struct mig_item *a, const struct mig_item *b)
{
	return a->workload == b->workload && a->dedicated_hourly == b->dedicated_hourly &&
	       memcmp(a->feasible, b->feasible, sizeof(a->feasible)) == 0;
}

static int ex_pos(const struct ex *e, size_t i)
{
	return e->where_o[i] < 0 ? -1 : e->where_o[i] * 1000 + e->where_v[i] * 10 + e->where_g[i];
}

static int place_multiset(const struct mig_profile *pr, int *cnt, unsigned used, int comp)
{
	int p = 0;

	while (p < NP && cnt[p] == 0)
		p++;
	if (p == NP)
		return 1;
	if (comp + pr[p].compute_slices > 7)
		return 0;
	cnt[p]--;
	for (int s = 0; s < 8; s++) {
		unsigned bits = ((1u << pr[p].memory_slices) - 1) << s;
		if (!(pr[p].start_mask >> s & 1) || s + pr[p].memory_slices > 8 || (used & bits))
			continue;
		if (place_multiset(pr, cnt, used | bits, comp + pr[p].compute_slices)) {
			cnt[p]++;
			return 1;
		}
	}
	cnt[p]++;
	return 0;
}

static int gpu_ok(const struct mig_profile *pr, const int *cnt)
{
	int c[NP], me = 0;

	for (int p = 0; p < NP; p++) {
		if (cnt[p] > pr[p].max_count)
			return 0;
		me += pr[p].media_ext ? cnt[p] : 0;
		c[p] = cnt[p];
	}
	return me <= 1 && place_multiset(pr, c, 0, 0);
}

static double ex_cost(const struct ex *e, double ded)
{
	double c = ded;

	for (size_t o = 0; o < e->in->noffers; o++)
		c += e->nvm[o] * e->in->offers[o].hourly;
	return c;
}

static int ex_spread_ok(const struct ex *e)
{
	const struct instance *in = e->in;

	for (size_t a = 0; a < in->nitems; a++) {
		int o = e->where_o[a], r = 0, here = 0;
		if (o < 0 || e->nvm[o] <= 1)
			continue;
		for (size_t b = 0; b < in->nitems; b++)
			if (in->items[b].workload == in->items[a].workload && e->where_o[b] == o) {
				r++;
				here += e->where_v[b] == e->where_v[a];
			}
		if (here > ceil_div(r, e->nvm[o]))
			return 0;
	}
	return 1;
}

static void ex_rec(struct ex *e, size_t i, double ded)
{
	const struct instance *in = e->in;
	const struct mig_item *it;
	int prev;

	if (ex_cost(e, ded) >= e->limit)
		return;
	e->nodes++;
	if (i == in->nitems) {
		if (ex_spread_ok(e)) {
			e->found = 1;
			e->limit = ex_cost(e, ded) - 1e-9;
		}
		return;
	}
	it = &in->items[i];
	prev = i > 0 && ex_same(&in->items[i - 1], it) ? ex_pos(e, i - 1) : -2;
	if (it->dedicated_hourly > 0 && prev < 0) {
		e->where_o[i] = -1;
		ex_rec(e, i + 1, ded + it->dedicated_hourly);
	}
	for (size_t o = 0; o < in->noffers; o++) {
		const struct mig_offer *of = &in->offers[o];
		for (int v = 0; v <= e->nvm[o] && v < EX_VMS; v++) {
			int newvm = v == e->nvm[o];
			int ng = newvm ? 0 : e->ngpu[o][v];
			for (int g = 0; g <= ng && g < of->gpus_per_vm; g++) {
				int newgpu = g == ng, dup = 0;
				if (!newgpu)
					for (int k = 0; k < e->nwl[o][v][g]; k++)
						dup |= e->wl[o][v][g][k] == it->workload;
				if (dup || (int)o * 1000 + v * 10 + g <= prev)
					continue;
				for (int p = 0; p < NP; p++) {
					if (!(it->feasible[o] >> p & 1))
						continue;
					if (newvm) {
						e->nvm[o]++;
						e->ngpu[o][v] = 0;
					}
					if (newgpu) {
						memset(e->cnt[o][v][g], 0, sizeof(e->cnt[o][v][g]));
						e->nwl[o][v][g] = 0;
						e->ngpu[o][v]++;
					}
					e->cnt[o][v][g][p]++;
					e->wl[o][v][g][e->nwl[o][v][g]++] = it->workload;
					e->where_o[i] = (int)o;
					e->where_v[i] = v;
					e->where_g[i] = g;
					if (gpu_ok(of->profiles, e->cnt[o][v][g]))
						ex_rec(e, i + 1, ded);
					e->nwl[o][v][g]--;
					e->cnt[o][v][g][p]--;
					if (newgpu)
						e->ngpu[o][v]--;
					if (newvm)
						e->nvm[o]--;
				}
			}
		}
	}
	if (it->dedicated_hourly <= 0) {
		int any = 0;
		for (size_t o = 0; o < in->noffers; o++)
			any |= it->feasible[o] != 0;
		if (!any) {
			e->where_o[i] = -1;
			ex_rec(e, i + 1, ded);
		}
	}
}

/*
 * AKS: every item goes to a pool (offer, AKS profile it fits) or to its
 * dedicated GPU.  A pool of n items whose largest workload has r replicas
 * needs at least ceil(n / (gpus * slices)) VMs (capacity) and ceil(r / gpus)
 * VMs (one replica per GPU); any plan costs at least that, so when no
 * assignment reaches below the packer's cost with these necessary counts,
 * the packer's (checked, valid) plan is optimal.
 */
struct aks_ex {
	const struct instance *in;
	double limit;
	int found;
	int opt_o[MIG_MAX_OFFERS * NP], opt_p[MIG_MAX_OFFERS * NP], nopt;
	int n[MIG_MAX_OFFERS * NP];
	int choice[EX_ITEMS];
};

static double aks_ex_cost(const struct aks_ex *e, double ded, size_t upto)
{
	double c = ded;

	for (int k = 0; k < e->nopt; k++) {
		const struct mig_offer *of = &e->in->offers[e->opt_o[k]];
		int slots = of->gpus_per_vm * alone_capacity(&of->profiles[e->opt_p[k]]);
		int rmax = 0, v;
		if (e->n[k] == 0)
			continue;
		for (size_t a = 0; a < upto; a++) {
			int r = 0;
			if (e->choice[a] != k)
				continue;
			for (size_t b = 0; b < upto; b++)
				r += e->choice[b] == k &&
				     e->in->items[b].workload == e->in->items[a].workload;
			if (r > rmax)
				rmax = r;
		}
		v = ceil_div(e->n[k], slots);
		if (ceil_div(rmax, of->gpus_per_vm) > v)
			v = ceil_div(rmax, of->gpus_per_vm);
		c += v * of->hourly;
	}
	return c;
}

static void aks_ex_rec(struct aks_ex *e, size_t i, double ded)
{
	const struct mig_item *it;
	int any = 0, prev;

	if (aks_ex_cost(e, ded, i) >= e->limit)
		return;
	if (i == e->in->nitems) {
		e->found = 1;
		e->limit = aks_ex_cost(e, ded, i) - 1e-9;
		return;
	}
	it = &e->in->items[i];
	prev = i > 0 && ex_same(&e->in->items[i - 1], it) ? e->choice[i - 1] : -1;
	if (it->dedicated_hourly > 0) {
		any = 1;
		e->choice[i] = -1;
		if (prev < 0)
			aks_ex_rec(e, i + 1, ded + it->dedicated_hourly);
	}
	for (int k = prev < 0 ? 0 : prev; k < e->nopt; k++) {
		if (!(it->feasible[e->opt_o[k]] >> e->opt_p[k] & 1))
			continue;
		any = 1;
		e->choice[i] = k;
		e->n[k]++;
		aks_ex_rec(e, i + 1, ded);
		e->n[k]--;
	}
	e->choice[i] = -1;
	if (!any)
		aks_ex_rec(e, i + 1, ded);
}

/*
 * The cheapest valid plan's hourly cost by exhaustive search, looking only
 * at plans below limit (returns limit when there is none).
 */
static double cheapest_plan(const struct instance *in, enum mig_strategy st, double limit)
{
	double best;

	if (st == MIG_STRATEGY_MIXED) {
		struct ex *e = calloc(1, sizeof(*e));
		e->in = in;
		e->limit = limit;
		ex_rec(e, 0, 0);
		best = e->found ? e->limit + 1e-9 : limit;
		free(e);
	} else {
		struct aks_ex *e = calloc(1, sizeof(*e));
		e->in = in;
		e->limit = limit;
		for (size_t o = 0; o < in->noffers; o++)
			for (int p = 0; p < NP; p++)
				if (in->offers[o].profiles[p].aks_profile[0] &&
				    alone_capacity(&in->offers[o].profiles[p]) > 0) {
					e->opt_o[e->nopt] = (int)o;
					e->opt_p[e->nopt] = p;
					e->nopt++;
				}
		for (int i = 0; i < EX_ITEMS; i++)
			e->choice[i] = -1;
		aks_ex_rec(e, 0, 0);
		best = e->found ? e->limit + 1e-9 : limit;
		free(e);
	}
	return best;
}

/* ---- exact search for the mixed strategy, by pools of a fixed size ------ */

/*
 * The item-by-item search above takes seconds per fleet above 11 replicas.
 * This one reaches 16 in milliseconds and rests only on the rules
 * (docs/pack.md), not on the packer:
 *   - pools are independent: a plan is, per VM size, how many replicas of
 *     each workload it holds and how many VMs it has, plus the replicas on
 *     dedicated GPUs, and its cost is the sum of those parts;
 *   - replicas of a workload with equal needs are interchangeable, so what a
 *     pool holds is a count per workload, and the plan is a split of each
 *     workload's replicas between dedicated GPUs and the pools (a DP over
 *     count vectors, each pool priced at the fewest VMs that hold its part);
 *   - whether c_w replicas of each workload fit in V VMs is decided by
 *     placing one workload at a time: its replicas on different GPUs, at
 *     most ceil(c_w / V) per VM when V > 1, each GPU's items needing some
 *     choice of one allowed profile each that places (gpu_ok).  A GPU is
 *     known by the sorted list of its items' feasibility masks; GPUs of a VM
 *     and VMs of a pool are interchangeable, so states are sorted, equal
 *     GPUs filled in order, and states that failed remembered.
 * Trying V = 1, 2, ... and stopping at the first that fits gives the fewest
 * VMs; a plan with fewer VMs never needs the cap of a larger pool.
 */
#define MX_MAXW 16          /* workloads */
#define MX_MAXVM 16         /* VMs in a pool: one per replica always fits */
#define MX_MAXGPU 8         /* GPUs per VM */
#define MX_MAXST (1 + MX_MAXVM * MX_MAXGPU)
#define MX_MAXCONT 8192     /* distinct GPU contents of one VM size */
#define MX_INF 1e18

struct mx_table {
	const struct mig_profile *pr;
	unsigned type_mask[MX_MAXW];   /* distinct feasibility masks on this size */
	int ntypes;
	int n;                         /* contents; 0 is the empty GPU */
	unsigned char len[MX_MAXCONT];
	unsigned char type[MX_MAXCONT][MIG_COMPUTE_SLICES];  /* ascending */
	int next[MX_MAXCONT][MX_MAXW]; /* adding a type: 0 not yet known, -1 no, id + 1 */
};

/* Some choice of one allowed profile per item of it[k..] places with cnt. */
static int mx_layout(const struct mx_table *t, const unsigned char *it, int len, int k, int *cnt)
{
	if (k == len)
		return 1;
	for (int p = 0; p < NP; p++) {
		int ok;
		if (!(t->type_mask[it[k]] >> p & 1))
			continue;
		cnt[p]++;
		ok = gpu_ok(t->pr, cnt) && mx_layout(t, it, len, k + 1, cnt);
		cnt[p]--;
		if (ok)
			return 1;
	}
	return 0;
}

/* The content of GPU c with one more item of type ty, or -1 when no layout
 * holds it. */
static int mx_add(struct mx_table *t, int c, int ty)
{
	unsigned char it[MIG_COMPUTE_SLICES];
	int len = t->len[c], k = 0, cnt[NP] = { 0 }, id;

	if (t->next[c][ty])
		return t->next[c][ty] > 0 ? t->next[c][ty] - 1 : -1;
	if (len == MIG_COMPUTE_SLICES) {
		t->next[c][ty] = -1;
		return -1;
	}
	while (k < len && t->type[c][k] <= ty) {
		it[k] = t->type[c][k];
		k++;
	}
	it[k] = (unsigned char)ty;
	for (; k < len; k++)
		it[k + 1] = t->type[c][k];
	for (id = 0; id < t->n; id++)
		if (t->len[id] == len + 1 && memcmp(t->type[id], it, (size_t)len + 1) == 0)
			break;
	if (id == t->n) {
		if (!mx_layout(t, it, len + 1, 0, cnt)) {
			t->next[c][ty] = -1;
			return -1;
		}
		if (t->n == MX_MAXCONT)
			fail_msg("mixed search: more than %d GPU contents", MX_MAXCONT);
		t->len[id] = (unsigned char)(len + 1);
		memcpy(t->type[id], it, (size_t)len + 1);
		t->n++;
	}
	t->next[c][ty] = id + 1;
	return id;
}

/* States that failed: a hash set of fixed-length keys; when full it stops
 * remembering (slower, still exact). */
struct mx_memo {
	size_t klen, cap, n;
	uint16_t *keys;
	unsigned char *used;
};

static size_t mx_slot(const struct mx_memo *m, const uint16_t *k)
{
	uint64_t h = 1469598103934665603ull;

	for (size_t i = 0; i < m->klen; i++)
		h = (h ^ k[i]) * 1099511628211ull;
	return (size_t)(h ^ h >> 29) & (m->cap - 1);
}

static int mx_memo_has(const struct mx_memo *m, const uint16_t *k)
{
	for (size_t s = mx_slot(m, k);; s = (s + 1) & (m->cap - 1)) {
		if (!m->used[s])
			return 0;
		if (memcmp(m->keys + s * m->klen, k, m->klen * sizeof(*k)) == 0)
			return 1;
	}
}

static void mx_memo_put(struct mx_memo *m, const uint16_t *k)
{
	size_t s;

	if (2 * (m->n + 1) > m->cap) {
		struct mx_memo big = { m->klen, 2 * m->cap, 0, NULL, NULL };
		if (big.cap * big.klen * sizeof(*k) > ((size_t)64 << 20))
			return;
		big.keys = malloc(big.cap * big.klen * sizeof(*k));
		big.used = calloc(big.cap, 1);
		assert_non_null(big.keys);
		assert_non_null(big.used);
		for (size_t i = 0; i < m->cap; i++)
			if (m->used[i])
				mx_memo_put(&big, m->keys + i * m->klen);
		free(m->keys);
		free(m->used);
		*m = big;
	}
	for (s = mx_slot(m, k); m->used[s]; s = (s + 1) & (m->cap - 1))
		;
	m->used[s] = 1;
	memcpy(m->keys + s * m->klen, k, m->klen * sizeof(*k));
	m->n++;
}

/* One pool of V VMs of g GPUs and the workloads to fit in it, largest first. */
struct mx_pool {
	struct mx_table *t;
	int V, g, nw;
	int type[MX_MAXW], cnt[MX_MAXW], cap[MX_MAXW];
	struct mx_memo memo;
};

static int mx_cmp_vm(const uint16_t *a, const uint16_t *b, int g)
{
	for (int i = 0; i < g; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* Sorts the GPUs of each VM, then the VMs. */
static void mx_canon(uint16_t *gpu, int V, int g)
{
	uint16_t tmp[MX_MAXGPU];

	for (int v = 0; v < V; v++) {
		uint16_t *r = gpu + v * g;
		for (int i = 1; i < g; i++)
			for (int j = i; j > 0 && r[j - 1] > r[j]; j--) {
				uint16_t x = r[j];
				r[j] = r[j - 1];
				r[j - 1] = x;
			}
	}
	for (int i = 1; i < V; i++)
		for (int j = i; j > 0 && mx_cmp_vm(gpu + (j - 1) * g, gpu + j * g, g) > 0; j--) {
			memcpy(tmp, gpu + j * g, (size_t)g * sizeof(*tmp));
			memcpy(gpu + j * g, gpu + (j - 1) * g, (size_t)g * sizeof(*tmp));
			memcpy(gpu + (j - 1) * g, tmp, (size_t)g * sizeof(*tmp));
		}
}

static int mx_fits(struct mx_pool *p, const uint16_t *st);

static int mini(int a, int b)
{
	return a < b ? a : b;
}

/*
 * Puts the `need` replicas of workload st[0] still to place on GPU i.. of VM
 * v and the VMs after it; nx is st with the replicas placed so far, taken
 * how many of them VM v got, prev how many VM v - 1 got.
 */
static int mx_place(struct mx_pool *p, const uint16_t *st, uint16_t *nx, int v, int i, int need,
		    int taken, int prev)
{
	int g = p->g, w = st[0], base = 1 + v * g, lim, per = mini(p->cap[w], g);

	if (need == 0) {
		uint16_t cs[MX_MAXST];
		memcpy(cs, nx, (size_t)(1 + p->V * g) * sizeof(*cs));
		cs[0] = (uint16_t)(w + 1);
		mx_canon(cs + 1, p->V, g);
		return mx_fits(p, cs);
	}
	if (v == p->V)
		return 0;
	if (i == g)
		return mx_place(p, st, nx, v + 1, 0, need, 0, taken);
	lim = per;
	/* a VM equal to the one before it takes no more than that one did */
	if (v > 0 && mx_cmp_vm(st + base - g, st + base, g) == 0 && prev < lim)
		lim = prev;
	if (need > mini(lim - taken, g - i) + (p->V - v - 1) * per)
		return 0;
	/* of equal GPUs of a VM, the first ones are filled first */
	if (taken < lim &&
	    (i == 0 || st[base + i - 1] != st[base + i] || nx[base + i - 1] != st[base + i - 1])) {
		int c = mx_add(p->t, st[base + i], p->type[w]);
		if (c >= 0) {
			nx[base + i] = (uint16_t)c;
			if (mx_place(p, st, nx, v, i + 1, need - 1, taken + 1, prev))
				return 1;
			nx[base + i] = st[base + i];
		}
	}
	return mx_place(p, st, nx, v, i + 1, need, taken, prev);
}

static int mx_fits(struct mx_pool *p, const uint16_t *st)
{
	uint16_t nx[MX_MAXST];

	if (st[0] == p->nw)
		return 1;
	if (mx_memo_has(&p->memo, st))
		return 0;
	memcpy(nx, st, (size_t)(1 + p->V * p->g) * sizeof(*nx));
	if (mx_place(p, st, nx, 0, 0, p->cnt[st[0]], 0, 0))
		return 1;
	mx_memo_put(&p->memo, st);
	return 0;
}

static int mx_min_of(unsigned mask, const struct mig_profile *pr, int memory)
{
	int best = 99;

	for (int q = 0; q < NP; q++)
		if (mask >> q & 1)
			best = mini(best, memory ? pr[q].memory_slices : pr[q].compute_slices);
	return best;
}

/*
 * The fewest VMs (at most vhi) of g GPUs described by t that hold cnt[w]
 * replicas of each workload w of type typ[w]; 0 when none does.
 */
static int mx_min_vms(struct mx_table *t, int g, const int *typ, const int *cnt, int nw, int vhi)
{
	struct mx_pool p;
	int order[MX_MAXW], n = 0, most = 0, comp = 0, mem = 0, vlo;

	memset(&p, 0, sizeof(p));
	p.t = t;
	p.g = g;
	for (int w = 0; w < nw; w++) {
		unsigned m = t->type_mask[typ[w]];
		if (!cnt[w])
			continue;
		if (!m)
			return 0;
		order[n++] = w;
		most = cnt[w] > most ? cnt[w] : most;
		comp += cnt[w] * mx_min_of(m, t->pr, 0);
		mem += cnt[w] * mx_min_of(m, t->pr, 1);
	}
	if (n == 0)
		return 0;
	/* largest first: fewest compute slices, then memory slots, then count */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0; j--) {
			unsigned ma = t->type_mask[typ[order[j - 1]]], mb = t->type_mask[typ[order[j]]];
			int ka = mx_min_of(ma, t->pr, 0) * 8 + mx_min_of(ma, t->pr, 1);
			int kb = mx_min_of(mb, t->pr, 0) * 8 + mx_min_of(mb, t->pr, 1);
			int x;
			if (ka > kb || (ka == kb && cnt[order[j - 1]] >= cnt[order[j]]))
				break;
			x = order[j];
			order[j] = order[j - 1];
			order[j - 1] = x;
		}
	for (int i = 0; i < n; i++) {
		p.type[i] = typ[order[i]];
		p.cnt[i] = cnt[order[i]];
	}
	p.nw = n;
	vlo = ceil_div(most, g);
	vlo = ceil_div(comp, MIG_COMPUTE_SLICES * g) > vlo ? ceil_div(comp, MIG_COMPUTE_SLICES * g) : vlo;
	vlo = ceil_div(mem, MIG_MEMORY_SLOTS * g) > vlo ? ceil_div(mem, MIG_MEMORY_SLOTS * g) : vlo;
	for (int V = vlo; V <= vhi && V <= MX_MAXVM; V++) {
		uint16_t st[MX_MAXST] = { 0 };
		int ok;
		p.V = V;
		for (int i = 0; i < n; i++)
			p.cap[i] = V > 1 ? ceil_div(p.cnt[i], V) : g;
		p.memo.klen = (size_t)(1 + V * g);
		p.memo.cap = 1024;
		p.memo.n = 0;
		p.memo.keys = malloc(p.memo.cap * p.memo.klen * sizeof(uint16_t));
		p.memo.used = calloc(p.memo.cap, 1);
		assert_non_null(p.memo.keys);
		assert_non_null(p.memo.used);
		ok = mx_fits(&p, st);
		free(p.memo.keys);
		free(p.memo.used);
		if (ok)
			return V;
	}
	return 0;
}

/* Digits of count vector index s (mixed radix, digit w runs 0..r[w]). */
static void mx_digits(size_t s, const int *r, int nw, int *d)
{
	for (int w = 0; w < nw; w++) {
		d[w] = (int)(s % (size_t)(r[w] + 1));
		s /= (size_t)(r[w] + 1);
	}
}

/* Next count vector t <= s in odometer order (t's index in *ti); 0 after
 * the last. */
static int mx_next_below(int *t, const int *s, const size_t *stride, int nw, size_t *ti)
{
	for (int w = 0; w < nw; w++) {
		if (t[w] < s[w]) {
			t[w]++;
			*ti += stride[w];
			return 1;
		}
		*ti -= (size_t)t[w] * stride[w];
		t[w] = 0;
	}
	return 0;
}

/*
 * The cheapest valid mixed plan's hourly cost, looking only at plans below
 * limit (returns limit when there is none).  Replicas of a workload must
 * have equal needs (random_instance and add_item make them so).  Fleets
 * with more than one VM size pay a DP over all pairs of count vectors per
 * size but the last; the tests keep those to 10 replicas.
 */
static double mixed_cheapest(const struct instance *in, double limit)
{
	int nw = 0, r[MX_MAXW], first[MX_MAXW], typ[MIG_MAX_OFFERS][MX_MAXW];
	double ded[MX_MAXW], best = limit;
	size_t stride[MX_MAXW], N = 1, full;
	double *H, *F, *G;
	struct mx_table *tab;

	for (size_t i = 0; i < in->nitems; i++) {
		const struct mig_item *it = &in->items[i];
		int w, any = it->dedicated_hourly > 0;
		for (size_t o = 0; o < in->noffers; o++)
			any |= it->feasible[o] != 0;
		if (!any)
			continue;   /* unplaced: in no plan's cost */
		for (w = 0; w < nw; w++)
			if (in->items[first[w]].workload == it->workload)
				break;
		if (w == nw) {
			if (nw == MX_MAXW)
				fail_msg("mixed search: more than %d workloads", MX_MAXW);
			first[nw] = (int)i;
			r[nw] = 0;
			ded[nw] = it->dedicated_hourly;
			nw++;
		}
		if (!ex_same(&in->items[first[w]], it))
			fail_msg("mixed search: replicas of workload %d differ", it->workload);
		r[w]++;
	}
	for (int w = 0; w < nw; w++) {
		stride[w] = N;
		N *= (size_t)(r[w] + 1);
	}
	full = N - 1;
	H = malloc(N * sizeof(*H));
	F = malloc(N * sizeof(*F));
	G = malloc(N * sizeof(*G));
	tab = calloc(1, sizeof(*tab));
	assert_true(H && F && G && tab);
	/* everything on dedicated GPUs */
	for (size_t s = 0; s < N; s++) {
		int d[MX_MAXW];
		mx_digits(s, r, nw, d);
		H[s] = 0;
		for (int w = 0; w < nw; w++)
			if (d[w])
				H[s] = ded[w] > 0 && H[s] < MX_INF ? H[s] + d[w] * ded[w] : MX_INF;
	}
	for (size_t o = 0; o < in->noffers; o++) {
		const struct mig_offer *of = &in->offers[o];
		int last = o + 1 == in->noffers;
		memset(tab, 0, sizeof(*tab));
		tab->pr = of->profiles;
		tab->n = 1;
		for (int w = 0; w < nw; w++) {
			unsigned m = in->items[first[w]].feasible[o];
			int k;
			for (k = 0; k < tab->ntypes && tab->type_mask[k] != m; k++)
				;
			if (k == tab->ntypes)
				tab->type_mask[tab->ntypes++] = m;
			typ[o][w] = k;
		}
		if (last) {
			/* only the whole fleet: split between the earlier H and this size */
			int t[MX_MAXW] = { 0 }, s[MX_MAXW];
			size_t ti = 0;
			mx_digits(full, r, nw, s);
			do {
				double base = H[full - ti];
				int vhi = 0, v, n = 0;
				if (base >= best)
					continue;
				if (ti == 0) {
					best = base;
					continue;
				}
				for (int w = 0; w < nw; w++)
					n += t[w];
				while (vhi < n && base + (vhi + 1) * of->hourly < best - 1e-9)
					vhi++;
				v = vhi ? mx_min_vms(tab, of->gpus_per_vm, typ[o], t, nw, vhi) : 0;
				if (v)
					best = base + v * of->hourly;
			} while (mx_next_below(t, s, stride, nw, &ti));
		} else {
			for (size_t ti = 0; ti < N; ti++) {
				int t[MX_MAXW], v, vhi = 0, n = 0;
				mx_digits(ti, r, nw, t);
				for (int w = 0; w < nw; w++)
					n += t[w];
				while (vhi < n && (vhi + 1) * of->hourly < limit)
					vhi++;
				v = ti && vhi ? mx_min_vms(tab, of->gpus_per_vm, typ[o], t, nw, vhi) : 0;
				F[ti] = ti == 0 ? 0 : v ? v * of->hourly : MX_INF;
			}
			for (size_t si = 0; si < N; si++) {
				int t[MX_MAXW] = { 0 }, s[MX_MAXW];
				size_t ti = 0;
				mx_digits(si, r, nw, s);
				G[si] = MX_INF;
				do {
					double c = H[si - ti] + F[ti];
					if (c < G[si])
						G[si] = c;
				} while (mx_next_below(t, s, stride, nw, &ti));
			}
			memcpy(H, G, N * sizeof(*H));
		}
	}
	if (in->noffers == 0 && H[full] < best)
		best = H[full];
	free(H);
	free(F);
	free(G);
	free(tab);
	return best;
}

/* ---- hand-computed cases ----------------------------------------------- */

static void one_offer(struct instance *in, size_t o)
{
	memset(in, 0, sizeof(*in));
	in->offers[0] = all_offers[o];
	in->noffers = 1;
}

static void add_item(struct instance *in, int w, int r, double gib, int sms, double ded)
{
	struct mig_item *it;

	in->items = realloc(in->items, (in->nitems + 1) * sizeof(*in->items));
	it = &in->items[in->nitems++];
	memset(it, 0, sizeof(*it));
	it->workload = w;
	it->replica = r;
	it->dedicated_hourly = ded;
	for (size_t o = 0; o < in->noffers; o++)
		it->feasible[o] = mask_for(in->offers[o].profiles, gib, sms);
}

static void test_capacity(void **state)
{
	static const int want[NP] = { 7, 1, 4, 3, 2, 1, 1 };

	(void)state;
	for (size_t p = 0; p < NP; p++) {
		assert_int_equal(mig_profile_capacity(a100, NP, p), want[p]);
		assert_int_equal(alone_capacity(&a100[p]), want[p]);
	}
	assert_int_equal(mig_profile_capacity(a100, NP, NP), 0);
}

static void test_strategy_names(void **state)
{
	enum mig_strategy s;

	(void)state;
	assert_int_equal(mig_strategy_parse("mixed", &s), 0);
	assert_int_equal(s, MIG_STRATEGY_MIXED);
	assert_int_equal(mig_strategy_parse("aks", &s), 0);
	assert_int_equal(s, MIG_STRATEGY_AKS);
	assert_int_equal(mig_strategy_parse("single", &s), -1);
	assert_string_equal(mig_strategy_name(MIG_STRATEGY_MIXED), "mixed");
}

/* Seven 9 GiB workloads fill one A100 as 7 x 1g.10gb on slots 0-6. */
static void test_seven_small(void **state)
{
	struct instance in;
	struct mig_plan pl;

	(void)state;
	one_offer(&in, 0);
	for (int w = 0; w < 7; w++)
		add_item(&in, w, 0, 9, 10, 0);
	for (int st = 0; st < 2; st++) {
		pack_checked(&in, (enum mig_strategy)st, &pl);
		assert_int_equal(pl.npools, 1);
		assert_int_equal(pl.pools[0].vm_count, 1);
		assert_float_equal(pl.hourly, 3.673, 1e-9);
		assert_int_equal(pl.ngpus, 1);
		assert_int_equal(pl.gpus[0].nslices, 7);
		assert_int_equal(pl.gpus[0].memory_slots_used, 7);
		assert_int_equal(pl.gpus[0].compute_slices_used, 7);
		for (int s = 0; s < 7; s++)
			assert_int_equal(pl.gpus[0].slices[s].start, s);
		assert_int_equal(pl.proven_optimal, 1);
		mig_plan_release(&pl);
	}
	free(in.items);
}

/* Two replicas never share a GPU: on one-GPU VMs that is two VMs. */
/* 1 when GPU g of the plan carries a replica. */
static int gpu_used(const struct mig_plan *pl, size_t g)
{
	for (int s = 0; s < pl->gpus[g].nslices; s++)
		if (pl->gpus[g].slices[s].item >= 0)
			return 1;
	return 0;
}

/*
 * The checker itself: a valid plan passes, and each corruption of it fails
 * with its own reason -- a GPU listed twice, two replicas of a workload on
 * one GPU, more than ceil(r / V) of a workload's r replicas on one of a
 * pool's V VMs.
 */
static void test_checker(void **state)
{
	struct instance in;
	struct mig_plan pl;
	char err[MIG_ERRLEN];
	const char *why;
	int saved_vm, saved_gpu, s0 = -1, s1 = -1;
	size_t empty0 = 0, used1 = 0;
	int have0 = 0, have1 = 0;

	(void)state;
	/* two replicas of 9 GiB on one-GPU A100 VMs: two VMs, one each */
	one_offer(&in, 0);
	add_item(&in, 1, 0, 9, 10, 0);
	add_item(&in, 1, 1, 9, 10, 0);
	assert_int_equal(mig_pack(in.offers, in.noffers, in.items, in.nitems, MIG_STRATEGY_AKS,
				  &pl, err), 0);
	assert_null(check_plan(&in, MIG_STRATEGY_AKS, &pl));
	assert_int_equal(pl.ngpus, 2);
	saved_vm = pl.gpus[1].vm;
	saved_gpu = pl.gpus[1].gpu;
	pl.gpus[1].vm = pl.gpus[0].vm;
	pl.gpus[1].gpu = pl.gpus[0].gpu;
	why = check_plan(&in, MIG_STRATEGY_AKS, &pl);
	assert_non_null(why);
	assert_non_null(strstr(why, "listed twice"));
	pl.gpus[1].vm = saved_vm;
	pl.gpus[1].gpu = saved_gpu;
	/* replica 1 moved into a free slice of replica 0's GPU */
	for (int s = 0; s < pl.gpus[0].nslices; s++)
		if (pl.gpus[0].slices[s].item < 0 && s0 < 0)
			s0 = s;
	for (int s = 0; s < pl.gpus[1].nslices; s++)
		if (pl.gpus[1].slices[s].item >= 0)
			s1 = s;
	assert_true(s0 >= 0 && s1 >= 0);
	pl.gpus[0].slices[s0].item = pl.gpus[1].slices[s1].item;
	pl.gpus[1].slices[s1].item = -1;
	why = check_plan(&in, MIG_STRATEGY_AKS, &pl);
	assert_non_null(why);
	assert_non_null(strstr(why, "share a gpu"));
	mig_plan_release(&pl);
	free(in.items);

	/* five replicas on four-GPU VMs: two VMs, at most ceil(5 / 2) = 3 on
	 * one; an empty GPU of the first VM swapped with a used one of the
	 * second puts four there */
	one_offer(&in, 2);
	in.items = NULL;
	in.nitems = 0;
	for (int r = 0; r < 5; r++)
		add_item(&in, 1, r, 9, 10, 0);
	assert_int_equal(mig_pack(in.offers, in.noffers, in.items, in.nitems, MIG_STRATEGY_AKS,
				  &pl, err), 0);
	assert_null(check_plan(&in, MIG_STRATEGY_AKS, &pl));
	assert_int_equal(pl.pools[0].vm_count, 2);
	for (size_t g = 0; g < pl.ngpus; g++) {
		if (pl.gpus[g].vm == 0 && !gpu_used(&pl, g) && !have0) {
			empty0 = g;
			have0 = 1;
		}
		if (pl.gpus[g].vm == 1 && gpu_used(&pl, g) && !have1) {
			used1 = g;
			have1 = 1;
		}
	}
	assert_true(have0 && have1);
	saved_gpu = pl.gpus[empty0].gpu;
	pl.gpus[empty0].vm = 1;
	pl.gpus[empty0].gpu = pl.gpus[used1].gpu;
	pl.gpus[used1].vm = 0;
	pl.gpus[used1].gpu = saved_gpu;
	why = check_plan(&in, MIG_STRATEGY_AKS, &pl);
	assert_non_null(why);
	assert_non_null(strstr(why, "replicas on one of 2 vms"));
	mig_plan_release(&pl);
	free(in.items);
}

static void test_replicas_apart(void **state)
{
	struct instance in;
	struct mig_plan pl;

	(void)state;
	one_offer(&in, 0);
	add_item(&in, 1, 0, 9, 10, 0);
	add_item(&in, 1, 1, 9, 10, 0);
	pack_checked(&in, MIG_STRATEGY_AKS, &pl);
	assert_int_equal(pl.pools[0].vm_count, 2);
	assert_float_equal(pl.hourly, 7.346, 1e-9);
	mig_plan_release(&pl);
	/* with a 0.526 dedicated option both go there */
	in.items[0].dedicated_hourly = in.items[1].dedicated_hourly = 0.526;
	pack_checked(&in, MIG_STRATEGY_MIXED, &pl);
	assert_int_equal(pl.npools, 0);
	assert_int_equal(pl.ndedicated, 2);
	assert_float_equal(pl.hourly, 1.052, 1e-9);
	mig_plan_release(&pl);
	free(in.items);
}

/*
 * mig-parted's all-balanced layout: 3g + 2g + 1g + 1g on one GPU in the mixed
 * strategy (one VM, 3.673); AKS needs one pool per profile: the 1g items ride
 * in the MIG2g pool (3 slices) and the 3g item has its own, so 2 VMs.
 */
static void test_balanced(void **state)
{
	struct instance in;
	struct mig_plan pl;

	(void)state;
	one_offer(&in, 0);
	add_item(&in, 1, 0, 38, 40, 0);   /* 3g.40gb */
	add_item(&in, 2, 0, 19, 20, 0);   /* 2g.20gb */
	add_item(&in, 3, 0, 9, 10, 0);    /* 1g.10gb */
	add_item(&in, 4, 0, 9, 10, 0);    /* 1g.10gb */
	pack_checked(&in, MIG_STRATEGY_MIXED, &pl);
	assert_int_equal(pl.pools[0].vm_count, 1);
	assert_int_equal(pl.gpus[0].nslices, 4);
	assert_int_equal(pl.gpus[0].compute_slices_used, 7);
	assert_float_equal(pl.hourly, 3.673, 1e-9);
	mig_plan_release(&pl);
	pack_checked(&in, MIG_STRATEGY_AKS, &pl);
	assert_float_equal(pl.hourly, 2 * 3.673, 1e-9);
	assert_int_equal(pl.npools, 2);
	mig_plan_release(&pl);
	free(in.items);
}

/* A lone small item is cheaper on its 0.526 T4 than on a 3.673 VM; an item
 * with no profile and no dedicated option is unplaced. */
static void test_dedicated_and_unplaced(void **state)
{
	struct instance in;
	struct mig_plan pl;

	(void)state;
	one_offer(&in, 0);
	add_item(&in, 1, 0, 9, 10, 0.526);
	add_item(&in, 2, 0, 200, 10, 0);
	for (int st = 0; st < 2; st++) {
		pack_checked(&in, (enum mig_strategy)st, &pl);
		assert_int_equal(pl.ndedicated, 1);
		assert_int_equal(pl.dedicated[0], 0);
		assert_int_equal(pl.nunplaced, 1);
		assert_int_equal(pl.unplaced[0], 1);
		assert_float_equal(pl.hourly, 0.526, 1e-9);
		assert_float_equal(pl.lower_bound_hourly, 0.526, 1e-9);
		mig_plan_release(&pl);
	}
	free(in.items);
}

static void test_bad_input(void **state)
{
	struct instance in;
	struct mig_plan pl;
	char err[MIG_ERRLEN];

	(void)state;
	one_offer(&in, 0);
	in.offers[0].hourly = 0;
	assert_int_equal(mig_pack(in.offers, 1, NULL, 0, MIG_STRATEGY_AKS, &pl, err), -1);
	assert_string_equal(err, "mig offer 'Standard_NC24ads_A100_v4' has no gpus or no price");
	mig_plan_release(&pl);
}

/*
 * 14 replicas of 9 GiB (1g.10gb) on the 2-GPU NC48ads_A100_v4 ($7.346): 14
 * slices fit on 2 GPUs (7 each), but workload 1 has 4 replicas, which need 4
 * different GPUs, so 2 VMs: 2 x 7.346 = 14.692 in both strategies (AKS: a
 * MIG1g pool of 14 items, 14 slots per VM, ceil(4 replicas / 2 GPUs) = 2
 * VMs).  Proven optimal, so the lower bound is the cost.
 */
static void test_fourteen_proven(void **state)
{
	struct instance in;
	struct mig_plan pl;

	(void)state;
	one_offer(&in, 1);
	for (int r = 0; r < 4; r++)
		add_item(&in, 1, r, 9, 10, 0);
	for (int w = 2; w < 12; w++)
		add_item(&in, w, 0, 9, 10, 0);
	for (int st = 0; st < 2; st++) {
		pack_checked(&in, (enum mig_strategy)st, &pl);
		assert_int_equal(pl.npools, 1);
		assert_int_equal(pl.pools[0].vm_count, 2);
		assert_float_equal(pl.hourly, 14.692, 1e-9);
		assert_int_equal(pl.proven_optimal, 1);
		assert_float_equal(pl.lower_bound_hourly, pl.hourly, 1e-9);
		mig_plan_release(&pl);
	}
	free(in.items);
}

/*
 * 16 one-replica workloads of 38 GiB (3g.40gb, two per A100) on the 1-GPU
 * NC24ads_A100_v4 ($3.673) or a $3.2 dedicated GPU each: 8 VMs hold all 16
 * at 8 x 3.673 = 29.384 < 16 x 3.2 = 51.2; AKS: a MIG3g pool, the same.
 */
static void test_sixteen_pairs(void **state)
{
	struct instance in;
	struct mig_plan pl;

	(void)state;
	one_offer(&in, 0);
	for (int w = 0; w < 16; w++)
		add_item(&in, w, 0, 38, 10, 3.2);
	for (int st = 0; st < 2; st++) {
		pack_checked(&in, (enum mig_strategy)st, &pl);
		assert_int_equal(pl.ndedicated, 0);
		assert_int_equal(pl.pools[0].vm_count, 8);
		assert_float_equal(pl.hourly, 29.384, 1e-9);
		assert_int_equal(pl.proven_optimal, 1);
		mig_plan_release(&pl);
	}
	free(in.items);
}

/* Fingerprint of a plan: cost, pools, every slice's item and position. */
static uint64_t plan_hash(const struct mig_plan *pl)
{
	uint64_t h = 1469598103934665603ull;

#define MIX(v) (h = (h ^ (uint64_t)(v)) * 1099511628211ull)
	MIX(llround(pl->hourly * 1e6));
	MIX(pl->proven_optimal);
	for (size_t k = 0; k < pl->npools; k++) {
		MIX(pl->pools[k].offer);
		MIX(pl->pools[k].profile + 1);
		MIX(pl->pools[k].vm_count);
	}
	for (size_t g = 0; g < pl->ngpus; g++)
		for (int s2 = 0; s2 < pl->gpus[g].nslices; s2++) {
			MIX(g);
			MIX(pl->gpus[g].slices[s2].profile);
			MIX(pl->gpus[g].slices[s2].start);
			MIX(pl->gpus[g].slices[s2].item + 1);
		}
	for (size_t d = 0; d < pl->ndedicated; d++)
		MIX(pl->dedicated[d]);
#undef MIX
	return h;
}

struct packjob {
	struct instance in;
	enum mig_strategy st;
	uint64_t want;
	int mismatches;
};

static void *pack_repeatedly(void *arg)
{
	struct packjob *j = arg;

	for (int k = 0; k < 20; k++) {
		struct mig_plan pl;
		char err[MIG_ERRLEN];
		if (mig_pack(j->in.offers, j->in.noffers, j->in.items, j->in.nitems, j->st, &pl,
			     err) != 0 ||
		    plan_hash(&pl) != j->want)
			j->mismatches++;
		mig_plan_release(&pl);
	}
	return NULL;
}

/*
 * Re-entrancy: two threads pack two different fleets at the same time,
 * twenty times each; every plan equals the one packed alone beforehand (a
 * sort context kept in a global would mix the two fleets' items).
 */
static void test_reentrant(void **state)
{
	struct packjob job[2];
	pthread_t th[2];

	(void)state;
	rng_state = 99;
	for (int k = 0; k < 2; k++) {
		struct mig_plan pl;
		random_instance(&job[k].in, 200 + 100 * k, 1000, 3, ALL_OFFERS);
		job[k].st = k ? MIG_STRATEGY_AKS : MIG_STRATEGY_MIXED;
		job[k].mismatches = 0;
		pack_checked(&job[k].in, job[k].st, &pl);
		job[k].want = plan_hash(&pl);
		mig_plan_release(&pl);
	}
	for (int k = 0; k < 2; k++)
		assert_int_equal(pthread_create(&th[k], NULL, pack_repeatedly, &job[k]), 0);
	for (int k = 0; k < 2; k++) {
		assert_int_equal(pthread_join(th[k], NULL), 0);
		assert_int_equal(job[k].mismatches, 0);
		free(job[k].in.items);
	}
}

/* ---- randomised: validity, optimality, gap ------------------------------ */

static void test_random_valid(void **state)
{
	(void)state;
	rng_state = 42;
	for (int round = 0; round < 2000; round++) {
		struct instance in;
		struct mig_plan pl;
		int nw = 1 + rnd_int(round < 1700 ? 12 : 60);
		random_instance(&in, nw, 1000, 4, ALL_OFFERS);
		for (int st = 0; st < 2; st++) {
			pack_checked(&in, (enum mig_strategy)st, &pl);
			mig_plan_release(&pl);
		}
		free(in.items);
	}
}

/*
 * 300 random fleets of 1 to 16 replicas: the packer's plan is valid, proven
 * optimal, and costs what the cheapest plan the exhaustive search finds
 * costs, to the cent per month, in both strategies on every fleet (mixed:
 * mixed_cheapest; on fleets of up to 9 replicas the item-by-item search
 * must agree with it too).  Fleets above 10 replicas use one size (any:
 * also a 2-, 4- or 8-GPU size, where VM grouping and the spread rule
 * matter), which keeps the AKS search and the mixed DP over count vectors
 * to seconds.
 */
#ifndef OPT_ROUNDS
#define OPT_ROUNDS 300
#endif

#define CROSS_MAX 9   /* replicas the item-by-item mixed search also checks */

static void test_random_optimal(void **state)
{
	int proven[2] = { 0, 0 }, searched[2] = { 0, 0 }, crossed = 0, above11 = 0;

	(void)state;
	rng_state = 7;
	for (int round = 0; round < OPT_ROUNDS; round++) {
		struct instance in;
		struct mig_plan pl;
		int n = 1 + rnd_int(EX_ITEMS);
		unsigned allowed = ALL_OFFERS;
		if (n > 10)
			allowed = 1u << rnd_int((int)NOFFERS_ALL);
		random_instance(&in, n, n, 3, allowed);
		for (int st = 0; st < 2; st++) {
			double best;
			pack_checked(&in, (enum mig_strategy)st, &pl);
			if (st == MIG_STRATEGY_MIXED) {
				best = mixed_cheapest(&in, pl.hourly + 1e-6);
				if (in.nitems <= CROSS_MAX) {
					double other = cheapest_plan(&in, MIG_STRATEGY_MIXED,
								     pl.hourly + 1e-6);
					if (fabs(other - best) * 730 >= 0.005)
						fail_msg("round %d: the two mixed searches disagree: "
							 "%.4f and %.4f", round, other, best);
					crossed++;
				}
				above11 += in.nitems > 11;
			} else {
				best = cheapest_plan(&in, (enum mig_strategy)st, pl.hourly + 1e-6);
			}
			if (fabs(best - pl.hourly) * 730 >= 0.005)
				fail_msg("round %d: %s plan %.4f, the cheapest costs %.4f", round,
					 mig_strategy_name((enum mig_strategy)st), pl.hourly, best);
			if (!pl.proven_optimal)
				fail_msg("round %d: %s plan of %zu replicas not proven optimal",
					 round, mig_strategy_name((enum mig_strategy)st), in.nitems);
			proven[st] += pl.proven_optimal;
			searched[st]++;
			mig_plan_release(&pl);
		}
		free(in.items);
	}
	assert_int_equal(proven[0], OPT_ROUNDS);
	assert_int_equal(searched[0], OPT_ROUNDS);
	assert_int_equal(proven[1], OPT_ROUNDS);
	assert_int_equal(searched[1], OPT_ROUNDS);
	assert_true(crossed >= OPT_ROUNDS / 3);
	assert_true(above11 >= OPT_ROUNDS / 5);
}

static void test_large_gap(void **state)
{
	(void)state;
	rng_state = 2024;
	for (int round = 0; round < 6; round++) {
		struct instance in;
		struct mig_plan pl;
		random_instance(&in, 1500, 100000, 3, ALL_OFFERS);
		for (int st = 0; st < 2; st++) {
			double gap;
			pack_checked(&in, (enum mig_strategy)st, &pl);
			gap = (pl.hourly - pl.lower_bound_hourly) / pl.lower_bound_hourly;
			if (gap > 0.05)
				fail_msg("%s: plan %.2f, bound %.2f, gap %.1f %%",
					 mig_strategy_name((enum mig_strategy)st), pl.hourly,
					 pl.lower_bound_hourly, 100 * gap);
			mig_plan_release(&pl);
		}
		free(in.items);
	}
}

/*
 * Many replicas per workload.  By hand: 3 workloads x 2,000 replicas of
 * 9 GiB (1g.10gb) on one-GPU A100 VMs at 3.673 an hour: a GPU holds at most
 * one replica of each workload, so 2,000 GPUs (= VMs) are needed and
 * enough (3 of 7 slices each): 2,000 x 3.673 = 7,346 an hour, both
 * strategies.  Then random fleets of up to 400 replicas a workload: valid
 * (the checker) and the very plans, slice by slice, that the packer made
 * before it kept per-workload counts instead of rescanning replicas (the
 * hashes were taken from that version, which was quadratic in replicas).
 */
static void test_many_replicas(void **state)
{
	static const uint64_t want[2][3] = {   /* [strategy][round] */
		{ 0x242d8a444da01a9eull, 0x9633cafd7b5199a2ull, 0xb333f5eaa9a6bea5ull },
		{ 0xb3cb1aba23cdd0beull, 0x3f8768dc073484d7ull, 0xacbb90a3efc5954cull },
	};
	struct instance in;
	struct mig_plan pl;

	(void)state;
	one_offer(&in, 0);
	in.items = NULL;
	in.nitems = 0;
	for (int w = 0; w < 3; w++)
		for (int r = 0; r < 2000; r++)
			add_item(&in, w, r, 9, 10, 0);
	for (int st = 0; st < 2; st++) {
		pack_checked(&in, (enum mig_strategy)st, &pl);
		assert_int_equal(pl.ngpus, 2000);
		assert_int_equal(pl.ndedicated, 0);
		assert_float_equal(pl.hourly, 2000 * 3.673, 1e-6);
		mig_plan_release(&pl);
	}
	free(in.items);
	rng_state = 4242;
	for (int round = 0; round < 3; round++) {
		random_instance(&in, 12, 100000, 400, ALL_OFFERS);
		for (int st = 0; st < 2; st++) {
			uint64_t h;
			pack_checked(&in, (enum mig_strategy)st, &pl);
			h = plan_hash(&pl);
			if (getenv("MIG_PRINT_HASHES"))
				printf("round %d %s: %zu items, 0x%016llxull\n", round,
				       mig_strategy_name((enum mig_strategy)st), in.nitems,
				       (unsigned long long)h);
			else if (h != want[st][round])
				fail_msg("round %d: %s plan of %zu items differs from before (hash "
					 "0x%016llx)", round, mig_strategy_name((enum mig_strategy)st),
					 in.nitems, (unsigned long long)h);
			mig_plan_release(&pl);
		}
		free(in.items);
	}
}

/* Shuffles the items (the packer must not depend on their order being by
 * workload). */
static void shuffle_items(struct instance *in)
{
	for (size_t i = in->nitems; i > 1; i--) {
		size_t j = (size_t)rnd_int((int)i);
		struct mig_item t = in->items[i - 1];
		in->items[i - 1] = in->items[j];
		in->items[j] = t;
	}
}

/*
 * The packer weighs moves once per class of interchangeable replicas (same
 * workload, feasible profiles and dedicated price) instead of once per
 * replica.  Oracle: the plans, slice by slice, and lower bounds of the
 * packer that weighed every replica on its own (src/plan/mig.c as of commit
 * 5b2886a; hashes printed by this test with MIG_PRINT_HASHES=1 built
 * against that file).  30 random fleets: 1 to 40 workloads of up to 3, 40,
 * 400, 3,000 or 60 replicas; in every third a third of the replicas of odd
 * workloads costs 0.25 an hour more on a dedicated GPU (two classes in one
 * workload); in every fourth the items are shuffled.  Fleets of up to 1,500
 * replicas also pass the validity checker.
 */
#define SAME_ROUNDS 30

static void test_grouped_same_plans(void **state)
{
	static const uint64_t want[SAME_ROUNDS][2] = {
		{ 0x812d845445e71ff1ull, 0xe4adbd771ab99c28ull }, /* 24 replicas */
		{ 0x3247112d35cd9ef9ull, 0xdfb673c296c481cfull }, /* 289 replicas */
		{ 0x92490567e6144898ull, 0x5f0769d5149691d6ull }, /* 726 replicas */
		{ 0xab95319cee5a50eeull, 0x44166a0e963dcb7bull }, /* 17012 replicas */
		{ 0x96531d3a2c2aa26eull, 0xf545eabfcae5e6ffull }, /* 1329 replicas */
		{ 0xa705cac5d72bcd64ull, 0xa705cac5d72bcd64ull }, /* 5 replicas */
		{ 0x72ca5fb36739e9c6ull, 0x76c2b9ce46318ab4ull }, /* 128 replicas */
		{ 0xf45aeddc28236ceaull, 0x62cd3fd3f662c619ull }, /* 2174 replicas */
		{ 0xac33591758e01f92ull, 0x39a35ff169880303ull }, /* 2881 replicas */
		{ 0x7a418cda9a4aa578ull, 0xea73ac2c8f11ee67ull }, /* 353 replicas */
		{ 0x47223722a17d87d5ull, 0xb7e4376ad869c7f2ull }, /* 23 replicas */
		{ 0x3e28b39dbf83b142ull, 0xe562f8cf8e7f5a93ull }, /* 67 replicas */
		{ 0xd65a945977daf214ull, 0xb7f3a5a9a772b0e9ull }, /* 2226 replicas */
		{ 0x9042bbca387a8cb2ull, 0x3f2b051cffe447c2ull }, /* 14259 replicas */
		{ 0x6787ece1ec6ddeacull, 0xcbc6e8e5a6739f9full }, /* 1108 replicas */
		{ 0x9074deb76871bc86ull, 0xde09b50c1fb7e1cdull }, /* 16 replicas */
		{ 0x77357df4ac32bd14ull, 0x65d74638f982c236ull }, /* 278 replicas */
		{ 0x0ea921b7e423f026ull, 0xa1767aa31b876954ull }, /* 781 replicas */
		{ 0x112cb9cbc79f068eull, 0xd6fa686788a3b7ecull }, /* 14493 replicas */
		{ 0xb8788203300b1e3full, 0x6b233bde348a8c69ull }, /* 441 replicas */
		{ 0xe21807c3d92a2ba7ull, 0x27ca81f8786f04fdull }, /* 4 replicas */
		{ 0x8ad4ef73b338f0b9ull, 0x96a3f12238ac8daaull }, /* 119 replicas */
		{ 0x4b6503feebbe398cull, 0x1705dfc44b6abc04ull }, /* 1882 replicas */
		{ 0x2ba61fd714dc626bull, 0x872631963a415c01ull }, /* 14375 replicas */
		{ 0x757c52593c55f114ull, 0xcac56880a07a8645ull }, /* 1331 replicas */
		{ 0xcfac0a25583f60afull, 0xbf114bc806ab0787ull }, /* 21 replicas */
		{ 0xc5e39eb76edcc58full, 0x2f2926a1a0713f04ull }, /* 102 replicas */
		{ 0x02ed585c4d1f3f81ull, 0x9d2ecf90b06bb172ull }, /* 1118 replicas */
		{ 0xace3a1982587304bull, 0xfff64d6b28e80098ull }, /* 17901 replicas */
		{ 0x14da593cd60ad229ull, 0xcf66e170041b5dc1ull }, /* 227 replicas */
	};
	int big = 0, split = 0, shuffled = 0;

	(void)state;
	for (int round = 0; round < SAME_ROUNDS; round++) {
		struct instance in;
		int kind = round % 5, nw, maxrep;
		rng_state = 1000 + (uint64_t)round;
		nw = 1 + rnd_int(kind == 4 ? 40 : 12);
		maxrep = kind == 0 ? 3 : kind == 1 ? 40 : kind == 2 ? 400 : kind == 3 ? 3000 : 60;
		random_instance(&in, nw, 100000, maxrep, ALL_OFFERS);
		if (round % 3 == 1) {
			for (size_t i = 0; i < in.nitems; i++)
				if (in.items[i].replica % 3 == 2 && in.items[i].workload % 2)
					in.items[i].dedicated_hourly += 0.25;
			split++;
		}
		if (round % 4 == 3) {
			shuffle_items(&in);
			shuffled++;
		}
		big += in.nitems > 1000;
		for (int st = 0; st < 2; st++) {
			struct mig_plan pl;
			char err[MIG_ERRLEN];
			uint64_t h;
			if (in.nitems <= 1500)
				pack_checked(&in, (enum mig_strategy)st, &pl);
			else
				assert_int_equal(mig_pack(in.offers, in.noffers, in.items, in.nitems,
							  (enum mig_strategy)st, &pl, err), 0);
			h = plan_hash(&pl) ^ (uint64_t)llround(pl.lower_bound_hourly * 1e6) *
						     0x9e3779b97f4a7c15ull;
			if (getenv("MIG_PRINT_HASHES"))
				printf("round %d %s: 0x%016llxull, %zu items\n", round,
				       mig_strategy_name((enum mig_strategy)st),
				       (unsigned long long)h, in.nitems);
			else if (h != want[round][st])
				fail_msg("round %d: %s plan of %zu items differs from the "
					 "replica-by-replica packer's", round,
					 mig_strategy_name((enum mig_strategy)st), in.nitems);
			mig_plan_release(&pl);
		}
		free(in.items);
	}
	assert_true(big >= 5);
	assert_int_equal(split, SAME_ROUNDS / 3);
	assert_true(shuffled >= 7);
}

/*
 * One workload of 10,000 replicas of 9 GiB on the 4-GPU A100 size
 * (14.692 an hour): a GPU holds one replica of a workload, so 10,000 GPUs =
 * 2,500 VMs are needed and enough: 2,500 x 14.692 = 36,730 an hour, both
 * strategies.  Every replica is placed once (10,000 slices hold an item,
 * none dedicated or unplaced), each on its own GPU, and no VM holds more
 * than ceil(10,000 / 2,500) = 4, checked here in one pass.
 */
static void test_ten_thousand_replicas(void **state)
{
	struct instance in;

	(void)state;
	one_offer(&in, 2);
	in.items = NULL;
	in.nitems = 0;
	for (int r = 0; r < 10000; r++)
		add_item(&in, 7, r, 9, 10, 0);
	for (int st = 0; st < 2; st++) {
		struct mig_plan pl;
		char err[MIG_ERRLEN];
		int *seen = calloc(10000, sizeof(int)), placed = 0;
		int *per_vm = NULL, V;
		assert_non_null(seen);
		assert_int_equal(mig_pack(in.offers, in.noffers, in.items, in.nitems,
					  (enum mig_strategy)st, &pl, err), 0);
		assert_int_equal(pl.npools, 1);
		V = pl.pools[0].vm_count;
		assert_int_equal(V, 2500);
		assert_float_equal(pl.hourly, 2500 * 14.692, 1e-6);
		assert_int_equal(pl.ndedicated, 0);
		assert_int_equal(pl.nunplaced, 0);
		assert_int_equal(pl.ngpus, 10000);
		per_vm = calloc((size_t)V, sizeof(int));
		assert_non_null(per_vm);
		for (size_t g = 0; g < pl.ngpus; g++) {
			int here = 0;
			assert_true(pl.gpus[g].vm >= 0 && pl.gpus[g].vm < V);
			for (int s = 0; s < pl.gpus[g].nslices; s++) {
				int i = pl.gpus[g].slices[s].item;
				if (i < 0)
					continue;
				assert_true(i < 10000);
				assert_int_equal(seen[i]++, 0);
				placed++;
				here++;
				per_vm[pl.gpus[g].vm]++;
			}
			assert_true(here <= 1);
		}
		assert_int_equal(placed, 10000);
		for (int v = 0; v < V; v++)
			assert_true(per_vm[v] <= ceil_div(10000, V));
		free(seen);
		free(per_vm);
		mig_plan_release(&pl);
	}
	free(in.items);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_capacity),
		cmocka_unit_test(test_strategy_names),
		cmocka_unit_test(test_seven_small),
		cmocka_unit_test(test_checker),
		cmocka_unit_test(test_replicas_apart),
		cmocka_unit_test(test_balanced),
		cmocka_unit_test(test_dedicated_and_unplaced),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_fourteen_proven),
		cmocka_unit_test(test_sixteen_pairs),
		cmocka_unit_test(test_reentrant),
		cmocka_unit_test(test_random_valid),
		cmocka_unit_test(test_random_optimal),
		cmocka_unit_test(test_large_gap),
		cmocka_unit_test(test_many_replicas),
		cmocka_unit_test(test_grouped_same_plans),
		cmocka_unit_test(test_ten_thousand_replicas),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
