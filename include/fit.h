/*
 * fit.h - the fit engine: does one piece of capacity serve one workload, how
 * much of it is needed, and what does it cost.
 *
 * Pure module: a workload (struct fit_workload), a capacity shape from the
 * sizing model (struct sizing_capacity: one VM of a size, or one MIG slice)
 * and the efficiency factors go in; a struct fit_result comes out.  No I/O,
 * no globals, no allocation.  Prices are plain numbers the caller looked up.
 *
 * Rules (docs/recommend.md):
 *   - headroom h (0.15 by default) applies to memory and throughput: memory
 *     need × (1 + h) must fit the usable memory; the throughput target × (1 +
 *     h) must be reached; a training run's hours × (1 + h) must stay within
 *     its deadline;
 *   - every replica of a workload gets its own capacity, sized on its own
 *     for the full serving load (replicas are for availability);
 *   - an LLM instance spans 1, 2, 4 or 8 GPUs of one VM (tensor parallel
 *     only inside the NVLink domain, decided by the sizing model); a VM runs
 *     gpus / k instances; VMs are added until the target is met;
 *   - training spans N VMs of one size; sizes without InfiniBand are single
 *     node; the smallest N that meets the deadline is taken;
 *   - a MIG slice is one device; its price share of one GPU is the larger of
 *     its compute share (compute slices / 7) and its memory share (memory
 *     slices / 8), because a slice blocks both.
 */
#ifndef GPUFIT_FIT_H
#define GPUFIT_FIT_H

#include <stddef.h>

#include "facts.h"
#include "sizing.h"

struct strmap;

#define FIT_MAX_VMS 100        /* VMs per replica, or nodes of one cluster */
#define FIT_MAX_INSTANCE_VMS 4 /* VMs one inference instance may span (InfiniBand) */
#define FIT_REASON_LEN 192

enum fit_kind {
	FIT_LLM_INFERENCE,        /* an LLM service: model + serving */
	FIT_GENERIC,              /* raw requirements of one device */
	FIT_TRAINING              /* a training or fine-tuning run */
};

enum fit_placement { FIT_PLACEMENT_VM, FIT_PLACEMENT_MIG, FIT_PLACEMENT_CLUSTER };

/* "vm", "mig", "cluster". */
const char *fit_placement_name(enum fit_placement p);

/* One workload as the fit engine sees it (the caller converts a profile). */
struct fit_workload {
	enum fit_kind kind;
	struct sizing_model model;            /* LLM inference and training */
	enum sizing_precision precision;
	enum sizing_precision kv_precision;
	/* LLM inference, per replica */
	double input_tokens;
	double output_tokens;
	long concurrency;                     /* sequences in flight */
	double target_tokens_per_s;           /* 0: none */
	double max_ms_per_token;              /* 0: no latency SLO */
	double max_ttft_ms;                   /* 0: none */
	enum sizing_engine engine;            /* serving stack (profile default vllm) */
	int expert_parallel;                  /* serving.expert_parallel */
	long max_sequences;                   /* serving.max_sequences; 0 = the engine's default */
	/* generic */
	struct sizing_requirements req;
	/* training */
	struct sizing_training train;
	double deadline_hours;                /* 0: none */
	double runs_per_month;                /* > 0 */
	long replicas;                        /* >= 1 (inference) */
	double headroom;                      /* fraction: 0.15 */
	int confidential;                     /* 1: confidential-computing sizes only */
	enum sizing_attention attention;      /* serving.attention (here, in the padding
					       * before the pointer: 10,000 workloads keep
					       * their memory) */
	/* Where fit_evaluate keeps precision notes (one copy per distinct
	 * text, owned by the caller's result); NULL: notes are not kept and
	 * fit_result.precision_note is "" (the mode is still set). */
	struct strmap *notes;
};

/* Why a candidate does not serve the workload. */
enum fit_reject {
	FIT_OK = 0,
	FIT_REJ_RETIRED,          /* the size is retired */
	FIT_REJ_MEMORY,           /* need / have GiB (headroom included in need) */
	FIT_REJ_LATENCY,          /* need = SLO ms/token, have = best ms/token */
	FIT_REJ_TTFT,             /* need = SLO ms, have = best ms */
	FIT_REJ_THROUGHPUT,       /* need = target tok/s, have = tok/s at FIT_MAX_VMS */
	FIT_REJ_NO_INFINIBAND,    /* nodes = nodes needed, need = deadline h */
	FIT_REJ_DEADLINE,         /* need = deadline h, have = hours at most nodes */
	FIT_REJ_COMPUTE,          /* need / have TFLOPS */
	FIT_REJ_BANDWIDTH,        /* need / have GB/s */
	FIT_REJ_NOT_FOR_TRAINING, /* MIG slices and partitions are not used for training */
	FIT_REJ_MODEL,            /* the sizing model could not size it (note says why) */
	FIT_REJ_NO_PRICE,         /* no price of the pricing kind in the region */
	FIT_REJ_SPEC_UNKNOWN,     /* only the price API knows the size: never sized */
	FIT_REJ_PRECISION,        /* the GPU cannot run the precision (precision_note says why) */
	FIT_REJ_ENGINE,           /* the serving engine does not run on the GPU's vendor (note) */
	FIT_REJ_CONFIDENTIAL,     /* confidential-computing size for a plain workload, or the
				     reverse (note says which) */
	FIT_REJ_UNAVAILABLE,      /* the subscription cannot launch it there (az vm list-skus:
				     restricted or not offered; note says where) */
	FIT_REJ_COUNT
};

/* Short kebab-case name of a rejection ("memory", "latency", ...). */
const char *fit_reject_name(enum fit_reject r);

/* One model instance over k devices of vm: within one VM (or slice) when k
 * is at most its GPUs, else over k / its GPUs VMs (nodes) of it. */
struct sizing_capacity fit_instance_cap(const struct sizing_capacity *vm, int k);

/* w served on one instance of k devices of vm at concurrency c, in the
 * memory the headroom leaves (as the fit sizes it: its figures x (1 +
 * headroom) are the ones a choice prints); sizing_inference's return. */
int fit_instance_infer(const struct fit_workload *w, const struct sizing_capacity *vm, int k,
		       long c, const struct sizing_factors *f, struct sizing_inference_result *r);

/*
 * The outcome of sizing one workload on one capacity shape.  Region and
 * price independent, so a caller sizes once and prices per region.
 * Counts are per replica.
 */
struct fit_result {
	enum fit_reject reject;
	double need, have;        /* the two numbers of the rejection reason */
	int nodes;                /* FIT_REJ_NO_INFINIBAND: nodes needed */
	int attention_dp;         /* LLM inference: attention data-parallel ranks (1 = none) */
	const char *note;         /* static text from the sizing model, or NULL */
	int vm_count;             /* VMs (or MIG slices) per replica */
	int gpus_per_instance;    /* devices one model instance spans */
	int instances;            /* model instances per replica */
	int gpu_count;            /* devices per replica (a slice or partition counts 1) */
	int tp, pp, dp;
	int ep;                   /* LLM inference: GPUs the routed experts spread over (1 = none) */
	double memory_need_gib;   /* per instance, headroom included */
	double memory_have_gib;   /* usable per instance */
	double memory_headroom_pct; /* (have - need without headroom) / need without, % */
	double tokens_per_s;      /* inference: output tok/s per replica; training: tok/s */
	double ms_per_token;      /* inference: per sequence */
	double ttft_ms;
	long seq_capacity;        /* LLM inference: the sequences the replica's instances
				     hold at once within memory, the engine's cap and the
				     latency SLO (per instance batch x instances) */
	double job_hours;         /* training: wall time of one run */
	double mfu;               /* training */
	enum sizing_bound bound;
	int interconnect;         /* 0 none, 1 NVLink, 2 InfiniBand */
	enum sizing_precision_mode precision_mode;
	/* the sizing model's precision note ("" when native, never NULL after
	 * fit_evaluate): interned in fit_workload.notes, one copy per text */
	const char *precision_note;
};

/*
 * Sizes w on cap (one VM with vm_count 1 from sizing_capacity_from_vm, or one
 * MIG slice).  infiniband: the size has InfiniBand (multi-node training
 * allowed).  Fills *out; returns 0 (feasible or not: see out->reject).
 */
int fit_evaluate(const struct fit_workload *w, const struct sizing_capacity *cap, int infiniband,
		 const struct sizing_factors *f, struct fit_result *out);

/*
 * Whether a VM size may be sized at all, before any workload: FIT_REJ_SPEC_UNKNOWN
 * for a size the spec tables do not know (spec_known 0, or no GPU model: a
 * refreshed catalog stores such sizes with gpu_count and gpu_memory_gib
 * unknown, read as 0, so they must never be sized or priced), else FIT_REJ_RETIRED
 * for a retired size, else FIT_OK.
 */
enum fit_reject fit_vm_check(const struct vm_size *vm);

/* A MIG slice's share of one GPU: max(compute/7, memory/8). */
double fit_mig_share(const struct mig_profile *m);

/* How many slices of profile m one GPU holds: its compute slices of 7, its
 * memory slices of 8 and its instance limit (3g.40gb: 3 of 7 compute
 * slices, 2 per GPU).  A replica runs on at most that many slices of it
 * (sizing_capacity mig_per_gpu); more would be more than the whole GPU. */
int fit_mig_per_gpu(const struct mig_profile *m);

/*
 * Money for a feasible result, billed as Azure bills it (bill.h,
 * docs/billing.md): unit_hourly is the price of one VM (or one slice's
 * share) under term kind.  hourly is all capacity of all replicas while it
 * runs; hours_used the hours it runs a month (inference: hours_per_month;
 * training: the run's hours x runs per month); hours_billed what kind bills
 * of them (730 for a commitment, whatever the use); monthly =
 * bill_monthly(kind, unit_hourly, VMs, hours_used) = hourly x hours_billed,
 * rounded to the cent.  job_cost (training only, else 0): under payg and
 * spot the bill of one run's hours; under a commitment the monthly bill /
 * runs per month, the share of the month's bill each run carries (a 2.3 h
 * run once a month on a reserved VM costs the whole 730 h).
 */
struct fit_cost {
	double hourly;
	double hours_used;
	double hours_billed;
	double monthly;
	double job_cost;
};
void fit_price(const struct fit_workload *w, const struct fit_result *r, enum pricing_kind kind,
	       double unit_hourly, double hours_per_month, struct fit_cost *out);

/*
 * Ranking order of two feasible priced candidates: cheaper monthly first,
 * then fewer GPUs, then more memory headroom.  Returns <0, 0, >0.
 */
int fit_compare(double monthly_a, int gpus_a, double headroom_a, double monthly_b, int gpus_b,
		double headroom_b);

/*
 * The one-line reason a person can act on for a rejection, e.g. "needs 19.3
 * GiB, has 16 GiB" or "no payg price in westeurope; run 'gpufit catalog
 * refresh'" or "spec unknown: ...".  pricing and region are used for
 * FIT_REJ_NO_PRICE only.
 */
void fit_reject_text(const struct fit_result *r, const char *pricing, const char *region,
		     char *buf, size_t len);

/* 1 for a memory rejection whose need and have count sequences in flight
 * (more than the most units of a size hold), not GiB. */
int fit_reject_counts_sequences(const struct fit_result *r);

#endif
