/*
 * k8s_pool.h - the AKS node pools of a recommendation: one pool per (VM
 * size, region, MIG profile, priority) of what `recommend` recommends, its
 * MIG plan included (the `aks` strategy: one uniform --gpu-instance-profile
 * per pool), and where every workload's replicas run.  Read by `gpufit k8s`
 * (the az commands and the manifests) and by `gpufit k8s lint --profile`
 * (the cluster those commands would create).
 *
 * Pure: k8s_pools_build() reads a recommend_result and the profile, never
 * prints nor touches the catalog; everything in a struct k8s_plan is owned
 * by it and freed by k8s_plan_release().
 *
 * Facts (docs/k8s.md has the sources): pool names are lowercase
 * alphanumeric, start with a letter, at most 12 characters (AKS REST
 * pattern ^[a-z][a-z0-9]{0,11}$); GPU pools carry the taint
 * sku=gpu:NoSchedule by convention (AKS "Use NVIDIA GPUs"); AKS adds
 * kubernetes.azure.com/scalesetpriority=spot:NoSchedule to spot pools
 * itself ("Add a spot node pool"); a proximity placement group maps to one
 * availability zone ("Reduce latency with proximity placement groups").
 */
#ifndef GPUFIT_K8S_POOL_H
#define GPUFIT_K8S_POOL_H

#include <stddef.h>

#include "diag.h"
#include "facts.h"
#include "profile.h"
#include "recommend.h"

#define K8S_POOL_NAME_LEN 13          /* 12 characters + NUL */
#define K8S_TAINT_KEY_LEN 254         /* AKS: key up to 253 characters */
#define K8S_TAINT_VALUE_LEN 64        /* value up to 63 */
#define K8S_LABEL_KEY_LEN 64
#define K8S_LABEL_VALUE_LEN 64        /* Kubernetes label values: at most 63 */
#define K8S_POOL_MAX_TAINTS 2
#define K8S_POOL_MAX_LABELS 2
/* AKS: nodes per node pool (VMSS) and per cluster (Standard tier), from
 * MicrosoftDocs/azure-docs includes/container-service-limits.md (01/12/2024);
 * az aks nodepool add accepts --node-count/--min-count/--max-count 0-1000 */
#define K8S_MAX_POOL_NODES 1000
#define K8S_MAX_CLUSTER_NODES 5000

/* The default GPU taint (AKS "Use NVIDIA GPUs"). */
#define K8S_GPU_TAINT_KEY "sku"
#define K8S_GPU_TAINT_VALUE "gpu"
#define K8S_GPU_TAINT_EFFECT "NoSchedule"
/* The taint AKS adds to every spot pool by itself (AKS "Add a spot node pool"). */
#define K8S_SPOT_TAINT_KEY "kubernetes.azure.com/scalesetpriority"
#define K8S_SPOT_TAINT_VALUE "spot"
#define K8S_SPOT_TAINT_EFFECT "NoSchedule"

struct k8s_taint {
	char key[K8S_TAINT_KEY_LEN];
	char value[K8S_TAINT_VALUE_LEN];
	char effect[24];              /* NoSchedule | PreferNoSchedule | NoExecute */
};

struct k8s_label {
	char key[K8S_LABEL_KEY_LEN];
	char value[K8S_LABEL_VALUE_LEN];
};

enum k8s_priority { K8S_PRIORITY_REGULAR, K8S_PRIORITY_SPOT };

/* "regular", "spot" (JSON); az spells them "Regular", "Spot". */
const char *k8s_priority_name(enum k8s_priority p);

/* Parses "KEY=VALUE:EFFECT" (--taint) as the az CLI validates it; returns 0,
 * or -1 with a one-line reason in why. */
int k8s_taint_parse(const char *s, struct k8s_taint *out, char *why, size_t whylen);

/* 1 when a and b are the same taint (key, value and effect). */
int k8s_taint_equal(const struct k8s_taint *a, const struct k8s_taint *b);

/*
 * One line of a pool's bill (bill.h): VMs of the pool under one pricing
 * term, billed bill_monthly(pricing, hourly, vms, hours_used).  A pool of
 * dedicated VMs has one line per workload on it (each workload's VMs are
 * billed as recommend bills them); a MIG plan pool has one line for all
 * its VMs, which its workloads share.
 */
#define K8S_BILL_SHARED ((size_t)-1)
struct k8s_bill {
	size_t workload;                  /* index into recommend_result.workloads, or
					     K8S_BILL_SHARED: the MIG plan pool's VMs */
	enum pricing_kind pricing;
	double hourly;                    /* one VM under pricing, unrounded */
	double vms;                       /* VMs billed */
	double hours_used;                /* hours a month they run */
	double hours_billed;              /* bill_hours(pricing, hours_used) */
	double monthly;                   /* bill_monthly(), to the cent */
};

struct k8s_pool {
	char name[K8S_POOL_NAME_LEN];     /* ^[a-z][a-z0-9]{0,11}$, unique: "a100mig3g",
					     "h100ib", "t4spot" */
	char sku[FACT_SKU];
	char region[32];
	char gpu_model[FACT_NAME];
	int gpus_per_vm;                  /* MIG pools: the plan's; else the most GPUs
					     one pod asks for (a lower bound: the
					     catalog has the size's count) */
	long count;                       /* nodes to create (--node-count) */
	long min_count, max_count;        /* autoscaler bounds; min == max: no autoscaler */
	size_t ntaints;                   /* the taints the pool is created with
					     (--node-taints); AKS's spot taint is not
					     among them, see priority */
	struct k8s_taint taints[K8S_POOL_MAX_TAINTS];
	size_t nlabels;                   /* gpufit.io/pool, gpufit.io/workloads */
	struct k8s_label labels[K8S_POOL_MAX_LABELS];
	char gpu_instance_profile[16];    /* "" or "MIG3g" (--gpu-instance-profile) */
	char mig_profile[24];             /* "" or "3g.40gb": the slice of every GPU */
	int slices_per_gpu;               /* MIG: instances per GPU; else 0 */
	enum k8s_priority priority;
	int infiniband;                   /* multi-node InfiniBand training pool */
	char ppg[K8S_POOL_NAME_LEN + 4];  /* proximity placement group name, "" when none */
	int zone;                         /* its workloads' zone: (0 none); pools of
					     different zones are never merged */
	char zones[8];                    /* --zones: the zone, else "1" with a PPG,
					     "" = no --zones */
	char terms[64];                   /* pricing auto: the terms its workloads are
					     billed under, "reserved-1y" or "payg,
					     reserved-1y"; "" otherwise */
	size_t nworkloads;
	size_t *workloads;                /* indices into recommend_result.workloads */
	size_t nbills;
	struct k8s_bill *bills;           /* owned: what Azure bills for the pool */
	double monthly_cost;              /* the sum of its bills, to the cent */
	long scaled_min, scaled_max;      /* the nodes of its autoscaled workloads
					     (load plans): VMs per replica x
					     min_replicas / max_replicas, within
					     min_count / max_count */
};

/* Where the replicas of one workload run: one part per pool (a workload the
 * MIG plan puts partly on slices and partly on dedicated GPUs has two). */
struct k8s_placement {
	size_t workload;                  /* index into recommend_result.workloads */
	int part;                         /* 0, 1 ... of that workload */
	size_t pool;                      /* index into k8s_plan.pools */
	long replicas;                    /* Deployment replicas / training runs */
	int nodes;                        /* nodes of one replica (> 1: multi-node) */
	int gpus_per_node;                /* devices one pod asks for */
	int pods_per_node;                /* inference: the model instances one VM runs
					     (pods of this workload that share a node;
					     > 1: no required anti-affinity) */
	char resource[48];                /* "nvidia.com/gpu", "nvidia.com/mig-3g.40gb",
					     "amd.com/gpu" */
	int rdma;                         /* rdma/ib per pod (0: none) */
	/* an inference workload described by its traffic (a load plan,
	 * recommend.h): its pods are autoscaled between min_pods and max_pods
	 * (the plan's min_replicas and max_replicas, times the model instances
	 * of a replica) and replicas is its peak */
	int autoscaled;
	long min_pods, max_pods;
	int engine;                       /* its serving engine (enum sizing_engine),
					     -1 when the profile names none */
	double target_in_flight;          /* requests in flight per pod the plan sizes
					     a replica for (load_plan
					     in_flight_target_per_replica over the
					     instances of a replica) */
};

/* A workload without a placement, and why ("no feasible option"). */
struct k8s_skipped {
	size_t workload;
	char reason[160];
};

struct k8s_plan {
	int pricing_auto;                 /* pricing auto: each pool says its terms */
	size_t npools;
	struct k8s_pool *pools;
	size_t nplacements;
	struct k8s_placement *placements; /* by workload, in profile order */
	size_t nskipped;
	struct k8s_skipped *skipped;      /* exit 5 when any */
	double monthly_cost;              /* the sum of the pools' bills, to the cent:
					     recommend's fleet total when no workload
					     is skipped */
};

/*
 * What the pool's bill lines have in common, for a one-line summary: the
 * term, VM hourly and hours billed when every line has the same (else
 * *pricing is -1, *hourly and *hours_billed are < 0: several), and the VMs
 * billed over all lines.
 */
void k8s_pool_bill_summary(const struct k8s_pool *p, int *pricing, double *hourly,
			   double *vms, double *hours_billed);

struct k8s_pool_options {
	int has_taint;                    /* --taint: replaces sku=gpu:NoSchedule */
	struct k8s_taint taint;
};

void k8s_pool_options_init(struct k8s_pool_options *o);

/*
 * Builds the pools and placements of recommendation r of profile p.  MIG
 * workloads placed by the plan run on its pools (the aks strategy);
 * everything else on a pool of its recommended size.  Returns 0 and fills
 * *out, or -1 (a DIAG_ERROR item appended to diags, *out empty) when a
 * workload cannot be expressed as an AKS pool (e.g. the plan was not the
 * aks strategy's).  An infeasible workload is not an error (skipped).
 */
int k8s_pools_build(const struct recommend_result *r, const struct profile *p,
		    const struct k8s_pool_options *o, struct k8s_plan *out,
		    struct diag_list *diags);

/* Frees what *plan owns and zeroes it; safe on a zeroed plan. */
void k8s_plan_release(struct k8s_plan *plan);

#endif
