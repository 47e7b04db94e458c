/*
 * recommend.h - the full recommendation for a workload profile: candidates
 * enumerated from the catalog, sized and priced by the fit engine (fit.h),
 * ranked per workload and region, compared with today's deployment, with
 * fleet totals and findings; and its JSON rendering (SPEC.md, `recommend -f
 * json`), shared by `recommend` and `check`.
 *
 * recommend_build() reads the catalog once (sizes, GPUs, MIG profiles,
 * efficiency factors, prices into an in-memory table) and never prints.
 * Everything in a struct recommend_result is owned by it and freed by
 * recommend_result_release(); it does not point into the profile or the
 * catalog, so both may be released first.
 */
#ifndef GPUFIT_RECOMMEND_H
#define GPUFIT_RECOMMEND_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "catalog.h"
#include "diag.h"
#include "facts.h"
#include "fit.h"
#include "mig.h"
#include "profile.h"
#include "sizing.h"

#define RECOMMEND_DEFAULT_HEADROOM_PCT 15.0
#define RECOMMEND_DEFAULT_TOP 3

/* Overrides of what the profile says; recommend_options_init() sets the
 * defaults (no overrides). */
struct recommend_options {
	double headroom_pct;              /* memory and throughput headroom, % (15) */
	int top;                          /* alternatives per workload (3) */
	int has_pricing;
	enum pricing_kind pricing;        /* --pricing */
	size_t nregions;                  /* --region, repeatable; 0 = the profile's */
	const char *const *regions;       /* borrowed for the call */
	int has_hours;
	double hours_per_month;           /* --hours-per-month */
	const char *currency;             /* --currency; NULL = the profile's */
};

void recommend_options_init(struct recommend_options *o);

/* A priced, feasible candidate: the recommendation or an alternative. */
struct recommend_choice {
	char sku[FACT_SKU];
	char region[32];
	enum fit_placement placement;
	char mig_profile[24];             /* "" unless placement is mig */
	char gpu_model[FACT_NAME];
	int vm_count;                     /* all replicas (MIG: slices) */
	int gpu_count;                    /* all replicas; a slice counts 1 */
	double unit_hourly;               /* one VM, or one slice's share */
	double hourly_cost;               /* all capacity, all replicas */
	double monthly_cost;
	double job_cost;                  /* training: one run; else 0 */
	struct fit_result fit;            /* per replica */
};

/* A notable rejection (the cheapest few of each reason). */
struct recommend_reject {
	char sku[FACT_SKU];
	char region[32];
	char mig_profile[24];
	struct fit_result fit;
	double order;                     /* sort key: unit price, 0 when none */
};

/* The best option of one workload in one region. */
struct recommend_region_cost {
	char region[32];
	int feasible;
	char sku[FACT_SKU];
	double monthly_cost;
};

enum recommend_severity { RECOMMEND_INFO, RECOMMEND_WARNING, RECOMMEND_ERROR };

/* "info", "warning", "error". */
const char *recommend_severity_name(enum recommend_severity s);

struct recommend_finding {
	char kind[24];                    /* "data-gravity", "data-starved", ... */
	enum recommend_severity severity;
	char *message;                    /* owned */
};

/* What one replica needs (headroom included in memory and tflops). */
struct recommend_needs {
	double gpu_memory_gib;
	double tflops;
	double bandwidth_gb_per_s;
	const char *interconnect;         /* "none" | "nvlink" | "infiniband" (static) */
};

struct recommend_current {
	char sku[FACT_SKU];
	char region[32];
	long count;
	int priced;                       /* 0: no price, monthly_cost unknown */
	double monthly_cost;
	double savings_monthly;           /* current - recommended; < 0 a shortfall */
	int meets_needs;                  /* -1 unknown, 0 no, 1 yes */
};

struct recommend_workload {
	char name[PROFILE_NAME_LEN];
	enum profile_type type;
	long replicas;
	int feasible;                     /* 0: no recommendation */
	struct recommend_needs needs;
	struct recommend_choice rec;      /* valid when feasible */
	size_t nalternatives;
	struct recommend_choice *alternatives;
	size_t nrejected;
	struct recommend_reject *rejected;
	size_t nregions;
	struct recommend_region_cost *regions;
	int has_current;
	struct recommend_current current;
	size_t nfindings;
	struct recommend_finding *findings;
};

/* One node pool of the MIG packing plan: VMs of one size in one region,
 * every GPU split into slices of one MIG profile (AKS). */
struct recommend_mig_pool {
	char name[64];                    /* "mig1g-a100", unique in the plan */
	char sku[FACT_SKU];
	char region[32];
	char gpu_model[FACT_NAME];
	int gpus_per_vm;
	int vm_count;
	char mig_profile[24];             /* "1g.10gb" */
	char aks_profile[16];             /* AKS --gpu-instance-profile: "MIG1g" */
	int slices;                       /* slices the pool offers */
	int slices_used;                  /* slices a replica runs on */
	double hourly_cost;               /* all VMs of the pool */
	double monthly_cost;
};

/* A replica the plan puts on a dedicated small GPU instead of a slice. */
struct recommend_mig_dedicated {
	size_t workload;                  /* index into recommend_result.workloads */
	int replica;
	char sku[FACT_SKU];
	char region[32];
	double monthly_cost;
};

/*
 * The MIG packing plan of the inference workloads that fit a MIG slice:
 * every replica of them on a slice of a shared GPU (mig_pack(), AKS
 * strategy) in the region of the workload's recommendation, or on a
 * dedicated small GPU when that is cheaper.  When the plan costs less than
 * the recommendations of the same workloads, the totals count the plan
 * instead of them (used_in_totals).
 */
struct recommend_mig_plan {
	int present;                      /* 0: no workload to pack (JSON null) */
	size_t npools;
	struct recommend_mig_pool *pools;
	size_t ndedicated;
	struct recommend_mig_dedicated *dedicated;
	size_t nworkloads;
	size_t *workloads;                /* covered workloads, indices, in profile order */
	long replicas;                    /* replicas of the covered workloads */
	double monthly_cost;              /* pools + dedicated */
	double dedicated_monthly_cost;    /* the covered workloads' recommendations */
	double savings_monthly;           /* dedicated_monthly_cost - monthly_cost */
	int used_in_totals;
	int exact;                        /* every region's packing proven optimal */
};

struct recommend_result {
	char currency[4];
	enum pricing_kind pricing;
	double hours_per_month;
	double headroom_pct;
	size_t nworkloads;
	struct recommend_workload *workloads;
	size_t infeasible;                /* workloads without a feasible option */
	struct recommend_mig_plan mig;    /* the MIG packing plan */
	/* totals, money per month */
	double monthly_cost;              /* sum of the recommendations, with the
					     MIG plan in place of the workloads it
					     covers when mig.used_in_totals */
	int has_current;                  /* some workload gave current_sku */
	double current_monthly_cost;      /* sum of the priced current deployments */
	double savings_monthly;           /* sum of per-workload savings; with the MIG
					     plan in the totals, a covered workload's
					     cost is its share of the plan, pro rata to
					     its recommendation */
	size_t nwarnings;
	char **warnings;                  /* owned, one line each */
	struct sizing_factors factors;    /* the generic ("*") factors, for assumptions */
};

/* Where the numbers come from, for the JSON header. */
struct recommend_meta {
	const char *gpufit_version;
	const char *catalog_source;       /* "bundled" | "azure-retail-prices-api" | ... */
	const char *fetched_at;           /* NULL or "" = unknown */
	long age_days;                    /* < 0 = unknown */
};

/*
 * Builds the recommendation for every workload of p.  Returns 0 and fills
 * *out (release it with recommend_result_release), or -1 when the catalog
 * cannot be read: one DIAG_ERROR item with the catalog's cause is appended
 * to diags and *out is empty (release is still safe).  A workload without a
 * feasible option is not an error (see out->infeasible); sizes that could
 * not be priced and the like are out->warnings, not diags.
 */
int recommend_build(catalog *cat, const struct profile *p, const struct recommend_options *o,
		    struct recommend_result *out, struct diag_list *diags);

/* Frees what *r owns and zeroes it; safe on a zeroed result. */
void recommend_result_release(struct recommend_result *r);

/* The whole `recommend -f json` document; the caller frees it with
 * cJSON_Delete.  NULL only when memory runs out. */
cJSON *recommend_to_json(const struct recommend_result *r, const struct recommend_meta *meta);

/* The document without its "workloads" items (an empty array), and one
 * workload object: for printing a large result one workload at a time. */
cJSON *recommend_header_to_json(const struct recommend_result *r,
				const struct recommend_meta *meta);
cJSON *recommend_workload_to_json(const struct recommend_result *r, size_t i);

/* One line of the reasons of a choice (i-th; returns 0 past the last one),
 * e.g. "cheapest of 14 feasible options in eastus". */
int recommend_choice_reason(const struct recommend_result *r, const struct recommend_workload *w,
			    const struct recommend_choice *c, size_t i, char *buf, size_t len);

#endif
