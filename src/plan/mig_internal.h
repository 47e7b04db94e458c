/*
 * mig_internal.h - what the files of the MIG packer (mig.c, mig_layout.c,
 * mig_mixed.c, mig_aks.c, mig_bound.c) share: the layouts of a GPU model,
 * the packer's state, and the functions one file gives the others.  Not a
 * public interface: include/mig.h is.
 */
#ifndef GPUFIT_MIG_INTERNAL_H
#define GPUFIT_MIG_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mig.h"

#define EPS 1e-9
#define EXACT_NODE_BUDGET 400000L  /* search steps: well under a second */
#define GROUP_NODE_BUDGET 200000L
#define AKS_MEMO_STATES 16384     /* power of two */
#define HEURISTIC_GROUP_MAX 10    /* GPUs of one offer grouped exactly */
#define DEDICATED (-2)
#define NOWHERE (-1)

/* ---- layouts of one GPU model (mig_layout.c) ---------------------------- */

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

static inline uint64_t unit(int p)
{
	return (uint64_t)1 << (4 * p);
}

static inline size_t hash_slot(uint64_t key, size_t hcap)
{
	return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (hcap - 1);
}

static inline int geo_find(const struct geometry *g, uint64_t key)
{
	size_t h = hash_slot(key, g->hcap);

	while (g->hash[h] >= 0) {
		if (g->lay[g->hash[h]].key == key)
			return g->hash[h];
		h = (h + 1) & (g->hcap - 1);
	}
	return -1;
}

static inline int geo_fits(const struct geometry *g, uint64_t key, int p)
{
	return geo_find(g, key + unit(p)) >= 0;
}

/* ---- the packer's state (mig.c) ----------------------------------------- */

/* A GPU of the mixed strategy: its offer, layout key and items. */
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
	int *place;               /* mixed: gpu index; AKS: option; or DEDICATED, NOWHERE */
	struct pgpu *gpus;
	int ngpus, capgpus;
	int vms[MIG_MAX_OFFERS];  /* mixed: VM count per offer after grouping */
	int model[MIG_MAX_OFFERS]; /* first offer with the same GPU model */
	int maxrep;
};

static inline int prof_of(const struct packer *pk, int i, int o)
{
	return pk->prof[(size_t)pk->cls[i] * pk->noff + o];
}

static inline double per_gpu(const struct packer *pk, int o)
{
	return pk->off[o].hourly / pk->off[o].gpus_per_vm;
}

static inline int ceil_div(int a, int b)
{
	return (a + b - 1) / b;
}

/* Items x and y are of one workload with the same feasible profiles and
 * dedicated price: interchangeable, of one class. */
static inline int mig_same_item(const struct packer *pk, int x, int y)
{
	return pk->wl[x] == pk->wl[y] &&
	       pk->it[x].dedicated_hourly == pk->it[y].dedicated_hourly &&
	       memcmp(pk->it[x].feasible, pk->it[y].feasible,
		      (size_t)pk->noff * sizeof(pk->it[x].feasible[0])) == 0;
}

/* ---- the functions the files share ------------------------------------- */

/* mig_layout.c: every valid layout of profiles prof[0..np-1] into *g
 * (release with mig_geo_release); -1 with a cause in err (MIG_ERRLEN)
 * when a profile is impossible or there are too many. */
int mig_geo_init(struct geometry *g, const struct mig_profile *prof, size_t np, char *err);
void mig_geo_release(struct geometry *g);

typedef int (*mig_idx_cmp)(int x, int y, const void *ctx);

/* mig.c */
void mig_sort_idx(int *v, size_t n, mig_idx_cmp cmp, const void *ctx);
void mig_dominated_offers(const struct packer *pk, int *by);
struct mig_gpu *mig_plan_gpu(struct mig_plan *out, size_t *capg);
void mig_plan_pool(struct mig_plan *out, int offer, int profile, int vms, double hourly);
void mig_fill_slices(const struct packer *pk, int o, struct mig_gpu *mg, uint64_t key,
		     const int *items, int nitems);

/* mig_bound.c */
double mig_lower_bound_mixed(const struct packer *pk, double bw[][MIG_MAX_PROFILES]);
double mig_lower_bound_aks(const struct packer *pk);

/* mig_mixed.c and mig_aks.c: each strategy's plan */
void mig_pack_mixed(struct packer *pk, struct mig_plan *out);
void mig_pack_aks(struct packer *pk, struct mig_plan *out);

#endif
