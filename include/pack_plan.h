/*
 * pack_plan.h - the fleet `pack` renders: the result of the recommend
 * pipeline (recommend.h) at GPU level.  The MIG plan's node pools with
 * every GPU's slice layout, the replicas it puts on dedicated small GPUs,
 * every other workload on whole VMs of its own, and the workloads without
 * a priced option (docs/pack.md).  Nothing here plans: the pools, the
 * layouts, the sizes and every bill are the recommendation's, so pack's
 * monthly cost is recommend's fleet total.
 *
 * No printing; everything in a struct pack_plan is owned by it and freed
 * by pack_plan_release(); it does not point into the recommendation.
 */
#ifndef GPUFIT_PACK_PLAN_H
#define GPUFIT_PACK_PLAN_H

#include <stddef.h>

#include "facts.h"
#include "mig.h"
#include "mig_plan.h"
#include "profile.h"

#define PACK_REASON_LEN 384

struct recommend_result;

/* A replica the MIG plan puts on a dedicated small GPU of its own. */
struct pack_dedicated {
	int workload, replica;
	char sku[FACT_SKU];
	char region[32];
	double hourly;
	double monthly;              /* its share of its workload's bill for those
					replicas (bill_monthly of N VMs), in whole
					cents, the first replicas taking the odd cents */
};

/* A workload on whole VMs of its own (its recommendation outside the MIG
 * plan: a VM size, a GPU partition, or a cluster). */
struct pack_vm {
	int workload;
	char sku[FACT_SKU];
	char region[32];
	int vm_count;                /* all replicas */
	int gpu_count;
	enum pricing_kind pricing;   /* its term (pricing auto: its own) */
	char terms[64];              /* the term(s) it bills under, as every format
					names them: pricing's name, or an autoscaled
					workload's levels' terms joined,
					"reserved-3y+payg" (recommend_terms_label) */
	int several_terms;           /* its levels bill under several terms
					(recommend_terms_several): JSON pricing null */
	double hourly;               /* all its VMs (autoscaled: the peak hour's,
					each level at its own term's price, not a
					flat rate) */
	double hours_billed;         /* monthly = hourly x hours_billed */
	double monthly;              /* its bill: recommend's monthly cost of it */
	int autoscaled;              /* its recommendation is a load plan (recommend.h
					recommend_load_plan): vm_count and gpu_count
					are the peak's, monthly the VM-hours it runs */
	int min_replicas, max_replicas;      /* the autoscaler's bounds */
	int trough_replicas, peak_replicas;  /* the fewest and most by the hour */
};

/* A replica without a priced place, with recommend's reason. */
struct pack_unplaced {
	int workload, replica;
	char reason[PACK_REASON_LEN];
};

/* One workload of the profile, in profile order (indices of the slices,
 * dedicated replicas, VMs and unplaced replicas). */
struct pack_workload {
	char name[PROFILE_NAME_LEN];
	char region[32];             /* where it runs, "" when nowhere */
	enum profile_type type;
	long replicas;
	int mig;                     /* 1: on the MIG plan's pools or dedicated GPUs */
};

/* The MIG plan of one region, whether the fleet uses it or not. */
struct pack_region {
	char region[32];
	int used;                    /* its workloads are on its pools */
	int priced;                  /* the packer placed every replica */
	size_t nworkloads;
	double monthly;              /* its pools and dedicated replicas */
	double dedicated_monthly;    /* its workloads on their best dedicated options */
	double lower_bound_monthly;  /* no plan of these replicas costs less */
	int proven_optimal;
};

struct pack_plan {
	char currency[4];
	enum pricing_kind pricing;   /* the MIG plan's term (pricing auto: the one
					the fleet is cheapest under) */
	int pricing_auto;
	enum mig_strategy strategy;
	double hours_per_month;
	double headroom_pct;
	size_t nworkloads;
	struct pack_workload *workloads;
	size_t npools;
	struct mig_plan_pool *pools; /* the used regions' pools */
	size_t ngpus;
	struct mig_plan_gpu *gpus;   /* their GPUs (pool: index into pools) */
	size_t ndedicated;
	struct pack_dedicated *dedicated;
	size_t nvms;
	struct pack_vm *vms;
	size_t nunplaced;
	struct pack_unplaced *unplaced;
	size_t nregions;
	struct pack_region *regions;
	double monthly;              /* pools + dedicated + VMs: the fleet's bill
					(meaningful when nothing is unplaced) */
	/* the MIG part: the used regions' plans */
	double mig_monthly;
	double mig_dedicated_monthly;  /* the same workloads on their best dedicated options */
	double lower_bound_monthly;
	int exact;                   /* every used region's plan proven optimal */
};

/*
 * Fills *out from the recommendation res (recommend_build with the same
 * options).  Release *out with pack_plan_release().
 */
void pack_plan_from_recommend(const struct recommend_result *res, struct pack_plan *out);

void pack_plan_release(struct pack_plan *plan);

/* What the MIG plan saves against its workloads on their best dedicated
 * options, on the cent-rounded figures people see (never -0). */
double pack_plan_mig_savings(const struct pack_plan *pl);

/* The regions whose MIG plan the fleet uses. */
size_t pack_plan_used_regions(const struct pack_plan *pl);

#endif
