/*
 * mig.h - the MIG packer: places small inference workloads on MIG slices of
 * shared GPUs (or on dedicated small GPUs) at the lowest hourly cost.
 *
 * Pure module: structs in, structs out; no I/O, no globals.  The caller
 * (pack_plan.c) sizes every workload replica and prices every VM size; the
 * packer only sees geometry (struct mig_profile), prices and feasibility.
 *
 * Rules every plan obeys (docs/pack.md):
 *   - a slice occupies memory_slices consecutive memory slots (of 8) from an
 *     allowed start slot; slices of one GPU never overlap; compute slices of
 *     one GPU sum to at most 7; at most max_count slices of a profile and at
 *     most one media-extension (+me) slice per GPU;
 *   - replicas of one workload sit on different GPUs, and in a pool of V > 1
 *     VMs no VM holds more than ceil(r / V) of the r replicas in that pool
 *     (with r <= V: all on different VMs);
 *   - MIG_STRATEGY_AKS: a pool is (VM size, profile) and every GPU of the
 *     pool is split into as many slices of that profile as fit (AKS
 *     --gpu-instance-profile); only profiles with an AKS name are used;
 *   - MIG_STRATEGY_MIXED: a pool is a VM size; each GPU carries any valid
 *     combination of profiles (GPU Operator mixed strategy).
 *
 * Small instances (<= MIG_EXACT_MAX_ITEMS items) are solved exactly by
 * branch and bound within a fixed node budget (deterministic, well under a
 * second); larger ones by first-fit-decreasing plus improvement.  Every
 * plan reports a lower bound on the optimal cost and whether it is proven
 * optimal.  mig_pack keeps no state between calls and may run in several
 * threads at once.
 */
#ifndef GPUFIT_MIG_H
#define GPUFIT_MIG_H

#include <stddef.h>

#include "facts.h"

#define MIG_MEMORY_SLOTS 8
#define MIG_COMPUTE_SLICES 7
#define MIG_MAX_PROFILES 16   /* per GPU model */
#define MIG_MAX_OFFERS 16
#define MIG_EXACT_MAX_ITEMS 16
#define MIG_ERRLEN 256

enum mig_strategy { MIG_STRATEGY_AKS, MIG_STRATEGY_MIXED };

/* "aks" | "mixed"; parse returns 0 or -1 when unknown. */
const char *mig_strategy_name(enum mig_strategy s);
int mig_strategy_parse(const char *s, enum mig_strategy *out);

/* A MIG-capable VM size with a price.  Pointers are borrowed. */
struct mig_offer {
	const char *sku;
	const char *gpu_model;
	int gpus_per_vm;                       /* >= 1 */
	double hourly;                         /* per VM, > 0 */
	const struct mig_profile *profiles;    /* the GPU model's profiles */
	size_t nprofiles;                      /* <= MIG_MAX_PROFILES */
};

/* One workload replica to place. */
struct mig_item {
	int workload;          /* caller's index; replicas of a workload share it */
	int replica;
	/* bit j of feasible[o]: offers[o].profiles[j] meets the item's needs
	 * (the set must be upward closed for the packer to be optimal) */
	unsigned feasible[MIG_MAX_OFFERS];
	double dedicated_hourly;  /* cheapest dedicated GPU VM, per hour; <= 0: none */
};

/* One slice on a GPU.  item is an index into the input items, or -1 for a
 * slice the AKS layout creates but nothing uses. */
struct mig_slice {
	int profile;           /* index into the pool's offer's profiles */
	int start;             /* first memory slot */
	int item;
};

struct mig_gpu {
	int pool;              /* index into plan->pools */
	int vm;                /* 0-based within the pool */
	int gpu;               /* 0-based within the VM */
	int nslices;
	struct mig_slice slices[MIG_MEMORY_SLOTS];  /* by start slot */
	int memory_slots_used;
	int compute_slices_used;
};

struct mig_pool {
	int offer;             /* index into the offers */
	int profile;           /* AKS: the pool's profile; mixed: -1 */
	int vm_count;
	double hourly;         /* vm_count * offer hourly */
};

struct mig_plan {
	struct mig_pool *pools;
	size_t npools;
	struct mig_gpu *gpus;      /* every GPU of every VM, by pool, vm, gpu */
	size_t ngpus;
	int *dedicated;            /* item indices placed on a dedicated GPU */
	size_t ndedicated;
	int *unplaced;             /* item indices with no option at all */
	size_t nunplaced;
	double hourly;             /* pools + dedicated */
	double lower_bound_hourly; /* no plan of these items costs less */
	/* 1: no valid plan of these items costs less than this one (the exact
	 * search finished; lower_bound_hourly == hourly).  0: the plan comes
	 * from the heuristic, or from an exact search stopped by its node
	 * budget; lower_bound_hourly then says how far from optimal it can be. */
	int proven_optimal;
};

/*
 * Packs items onto the offers under strategy and fills *out (release with
 * mig_plan_release, also after a failure).  Items with no feasible profile
 * and no dedicated option are listed in out->unplaced; that is not an error.
 * Returns 0, or -1 with a cause in err (MIG_ERRLEN bytes) when the input is
 * malformed (too many offers or profiles, a non-positive price, ...).
 */
int mig_pack(const struct mig_offer *offers, size_t noffers, const struct mig_item *items,
	     size_t nitems, enum mig_strategy strategy, struct mig_plan *out, char *err);

void mig_plan_release(struct mig_plan *plan);

/*
 * How many slices of profile p fit on one GPU alone (the AKS layout), or 0
 * when p has no valid placement.
 */
int mig_profile_capacity(const struct mig_profile *profiles, size_t nprofiles, size_t p);

#endif
