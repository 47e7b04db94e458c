/*
 * pack_plan.h - the MIG packing plan of a workload profile: every replica of
 * every inference workload sized (sizing model, via the fit engine) to the
 * smallest MIG profile of each MIG-capable GPU model and to the cheapest
 * dedicated small GPU, priced from the catalog and packed by mig_pack().
 *
 * No printing: errors go to a diag_list, the plan is plain data the caller
 * renders (cmd_pack.c) or folds into a recommendation (recommend.c).
 * Everything in a struct pack_plan is owned by it and freed by
 * pack_plan_release(); it does not point into the profile or the catalog.
 */
#ifndef GPUFIT_PACK_PLAN_H
#define GPUFIT_PACK_PLAN_H

#include <stddef.h>

#include "azure_quota.h"
#include "diag.h"
#include "facts.h"
#include "mig.h"
#include "mig_plan.h"
#include "profile.h"

#define PACK_DEFAULT_HEADROOM_PCT 15.0
#define PACK_NAME_LEN 64
#define PACK_REASON_LEN 160

struct pack_options {
	enum mig_strategy strategy;  /* MIG_STRATEGY_AKS by default */
	double headroom_pct;         /* memory and throughput headroom, % (15) */
	const char *region;          /* NULL: each workload's own region */
	const struct azure_skus *skus;  /* az vm list-skus (docs/quota.md): a size
					   restricted or not offered in a region is no
					   MIG pool and no dedicated VM there, nor, for
					   a workload with zone:, one restricted in its
					   zone; NULL = not checked */
};

/* Defaults: AKS strategy, 15 % headroom, the profile's regions. */
void pack_options_init(struct pack_options *o);

struct pack_slice {
	char profile[24];
	int start;                   /* first memory slot, 0-7 */
	int memory_slices;
	int workload;                /* index into plan->workloads; -1: idle slice */
	int replica;
};

struct pack_gpu {
	int pool;                    /* index into plan->pools */
	int vm, gpu;
	int nslices;
	struct pack_slice slices[MIG_MEMORY_SLOTS];
	int memory_slots_used;
	int compute_slices_used;
};

struct pack_dedicated {
	int workload, replica;
	char sku[FACT_SKU];
	char region[32];
	double hourly, monthly;
};

struct pack_unplaced {
	int workload, replica;
	char reason[PACK_REASON_LEN];
};

/* One inference workload of the profile, as packed. */
struct pack_workload {
	char name[PROFILE_NAME_LEN];
	char region[32];
	long replicas;
	double memory_need_gib;      /* smallest slice's memory need, headroom included; 0 unknown */
	double naive_hourly;         /* its cheapest VM of at most one GPU (a whole GPU or a
					partition) per replica; 0: none fits */
};

struct pack_plan {
	char currency[4];
	enum pricing_kind pricing;   /* the term the plan is billed under */
	int pricing_auto;            /* pricing: auto chose it: the cheapest plan */
	enum mig_strategy strategy;
	double hours_per_month;
	double headroom_pct;
	size_t nworkloads;
	struct pack_workload *workloads;
	size_t skipped_training;     /* training workloads are not packed */
	size_t npools;
	struct mig_plan_pool *pools; /* mig_plan.h, shared with recommend */
	size_t ngpus;
	struct pack_gpu *gpus;
	size_t ndedicated;
	struct pack_dedicated *dedicated;
	size_t nunplaced;
	struct pack_unplaced *unplaced;
	double hourly;               /* pools + dedicated */
	double monthly;              /* the sum of the pools' and dedicated VMs' bills
					(bill_monthly under pricing: a commitment bills
					730 h a month whatever hours_per_month says) */
	double lower_bound_monthly;  /* no plan of these replicas costs less */
	double naive_monthly;        /* each placed replica on its cheapest VM of at most one
					GPU: the sum of their bills */
	int exact;                   /* every region's plan proven optimal */
	int proven_optimal;          /* the same, as the packer's proven_optimal or exact */
};

/*
 * Builds the plan for the inference workloads of p on snap (read once by
 * the command; no SQLite here).  Returns 0 and fills *out, or -1 when the
 * packer refuses its input (one DIAG_ERROR appended to diags).  Replicas that fit nowhere are listed in out->unplaced with a
 * reason; that is not an error.  Release *out with pack_plan_release() in
 * every case.
 */
struct catalog_snapshot;

int pack_plan_build(const struct catalog_snapshot *snap, const struct profile *p,
		    const struct pack_options *o,
		    struct pack_plan *out, struct diag_list *diags);

void pack_plan_release(struct pack_plan *plan);

#endif
