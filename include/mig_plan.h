/*
 * mig_plan.h - the node pools and GPU layouts of a MIG packing plan, built
 * by the recommend pipeline (recommend_plan.c) from the packer's result
 * (mig.h) and rendered by `recommend` and `pack` (pack_plan.c): one pool
 * struct, named one way; their JSON writer is mig_plan_json.h.  Pure: no
 * I/O, no globals.
 */
#ifndef GPUFIT_MIG_PLAN_H
#define GPUFIT_MIG_PLAN_H

#include <stddef.h>

#include "facts.h"
#include "mig.h"

#define MIG_PLAN_NAME_LEN 64

/* One node pool: VMs of one size in one region (AKS: and one MIG profile). */
struct mig_plan_pool {
	char name[MIG_PLAN_NAME_LEN];     /* "mig1g-a100" (AKS), "mig-a100" (mixed),
					     unique in the plan: "-2", "-3" ... */
	char sku[FACT_SKU];
	char region[32];
	char gpu_model[FACT_NAME];
	int gpus_per_vm;
	int vm_count;
	char mig_profile[24];             /* AKS: the profile of every GPU; mixed: "" */
	char aks_profile[16];             /* AKS --gpu-instance-profile: "MIG1g"; mixed: "" */
	int slices;                       /* slices the pool's GPUs carry */
	int slices_used;                  /* slices a replica runs on */
	double hourly_cost;               /* all VMs of the pool */
	double monthly_cost;              /* its bill (bill_monthly): hourly x hours
					     billed, rounded to the cent */
	char price_observed[12];          /* recommend: the observed_date of its
					     price, "" when undated or none */
};

/* One slice of a planned GPU: its MIG profile, first memory slot and
 * memory slots, and the replica on it (workload -1: an idle slice). */
struct mig_plan_slice {
	char profile[24];
	int start;                        /* first memory slot, 0-7 */
	int memory_slices;
	int workload;                     /* the caller's workload index; -1: idle */
	int replica;
};

/* One GPU of a pool and its slices. */
struct mig_plan_gpu {
	int pool;                         /* index into the plan's pools */
	int vm, gpu;
	int nslices;
	struct mig_plan_slice slices[MIG_MEMORY_SLOTS];
	int memory_slots_used;
	int compute_slices_used;
};

/*
 * Appends the GPUs of packer plan mp (offers[], items[] as packed) to
 * *gpus (*ngpus of them), each pool index offset by base; a slice's
 * workload and replica are its item's.
 */
void mig_plan_gpus_append(struct mig_plan_gpu **gpus, size_t *ngpus, size_t base,
			  const struct mig_offer *offers, const struct mig_item *items,
			  const struct mig_plan *mp);

/*
 * Pool src of a packer plan whose offers are offers[], in region, billed
 * under term kind for VMs running hours_per_month (bill_monthly: a
 * commitment bills 730 h whatever the use); name and slice counts are left
 * empty (see below).
 */
void mig_plan_pool_init(struct mig_plan_pool *out, const struct mig_offer *offers,
			const struct mig_pool *src, const char *region, enum pricing_kind kind,
			double hours_per_month);

/* Names pool "<aks profile>-<gpu family>" ("mig-<gpu family>" without an
 * AKS profile), with "-2", "-3" ... when pools[0..npools) has the name. */
void mig_plan_pool_name(struct mig_plan_pool *pool, const struct mig_plan_pool *pools,
			size_t npools);

/* Adds the slices and used slices of the packer plan's GPUs to pools[base +
 * gpu's pool]. */
void mig_plan_pool_count(struct mig_plan_pool *pools, size_t base, const struct mig_plan *mp);

#endif
