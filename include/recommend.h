/*
 * recommend.h - the full recommendation for a workload profile: candidates
 * enumerated from the catalog, sized and priced by the fit engine (fit.h),
 * ranked per workload and region, compared with today's deployment, with
 * fleet totals and findings; and its JSON rendering (`recommend -f json`:
 * docs/recommend.md, docs/schema/recommend.schema.json), shared by
 * `recommend` and `check`.
 *
 * recommend_build() runs on a catalog snapshot (catalog_snapshot.h: sizes,
 * GPUs, MIG profiles, efficiency factors and prices, read once by the
 * command) and never prints nor touches SQLite.
 * Its JSON rendering is in recommend_json.h (this header knows neither
 * cJSON nor the catalog's SQLite).
 * Everything in a struct recommend_result is owned by it and freed by
 * recommend_result_release(); it does not point into the profile or the
 * catalog, so both may be released first.
 */
#ifndef GPUFIT_RECOMMEND_H
#define GPUFIT_RECOMMEND_H

#include <stddef.h>

#include "azure_quota.h"
#include "diag.h"
#include "facts.h"
#include "fit.h"
#include "util.h"
#include "mig.h"
#include "mig_plan.h"
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
	int pricing_auto;                 /* --pricing auto (with has_pricing) */
	size_t nregions;                  /* --region, repeatable; 0 = the profile's */
	const char *const *regions;       /* borrowed for the call */
	int has_hours;
	double hours_per_month;           /* --hours-per-month */
	const char *currency;             /* --currency; NULL = the profile's */
	int all_rejected;                 /* --all-rejected: every rejection, no summary */
	const struct azure_skus *skus;    /* az vm list-skus (azure_quota.h): a size
					     restricted or not offered in a region (or
					     in a workload's zone) is never chosen
					     there; NULL = availability not checked */
	size_t nusage;                    /* az vm list-usage files, one a region */
	const struct recommend_usage *usage;  /* borrowed; see recommend_quota_check */
	int within_quota;                 /* --within-quota: repair the plan to fit the
					     usage files' quotas (recommend_within_quota) */
	enum mig_strategy strategy;       /* --strategy: the MIG plan's layouts (aks) */
	int load_mixed_terms;             /* set by pricing auto for its runs: a load
					     plan's replica levels each take the
					     cheaper of the run's term and payg */
	const char *today;                /* ISO day the prices' age is counted to (one
					     warning names the regions in use whose
					     prices are older than RECOMMEND_STALE_DAYS);
					     NULL: no such warning */
};

#define RECOMMEND_STALE_DAYS 90

/* One region's `az vm list-usage` file (--usage REGION=FILE, the profile's
 * azure: usage:). */
struct recommend_usage {
	const char *region;               /* the catalog's spelling */
	const char *file;                 /* for messages */
	const struct azure_usage_list *list;
};

void recommend_options_init(struct recommend_options *o);

/* What a choice's monthly_cost is. */
enum recommend_basis {
	RECOMMEND_BASIS_OWN,              /* its own capacity: whole VMs, a partition,
					     a cluster */
	RECOMMEND_BASIS_PLAN,             /* its allocated part of the MIG plan */
	RECOMMEND_BASIS_DEDICATED,        /* the best dedicated option, taken because
					     the MIG plan costs no less */
	RECOMMEND_BASIS_SHARE             /* a slice at its share of a GPU: a real
					     cost only when others use the rest (an
					     alternative; a recommendation only with
					     no dedicated option and no plan) */
};

/* "own", "mig-plan", "dedicated", "slice-share". */
const char *recommend_basis_name(enum recommend_basis b);

/*
 * The data path of one choice (datapath.h, docs/data.md): present when the
 * workload has a data: block.  Rates are MB/s; a number not known is < 0.
 */
struct recommend_data {
	int present;
	int vms;                          /* VMs reading at once */
	double need_mb_per_s;             /* reads, all VMs */
	double supply_mb_per_s;           /* what the path gives them */
	int bottleneck;                   /* enum datapath_bottleneck */
	double write_need_mb_per_s;       /* training: checkpoint burst, 0 none */
	double write_supply_mb_per_s;
	double checkpoint_gb;
	double checkpoint_write_s;        /* one checkpoint, < 0 unknown */
	double load_s;                    /* inference: model load at scale-out, < 0 unknown */
	double busy;                      /* GPUs' busy fraction, < 0 unknown */
	int read_fixed;                   /* reads starved by a shared ceiling that more
					     VMs do not raise (datapath_supply scales 0) */
	int storage_fix;                  /* evaluated with the storage fix applied: the
					     choice meets its deadline only with it */
	double fed_monthly;               /* the monthly cost were the GPUs fed */
	double fed_job_cost;
	double fed_job_hours;
};

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
	double hours_billed;              /* hours a month hourly_cost is billed for
					     (hours per month; training: run hours x
					     runs per month): monthly_cost = hourly_cost
					     x hours_billed, rounded to the cent */
	double monthly_cost;
	double job_cost;                  /* training: one run; else 0 */
	enum recommend_basis basis;       /* what monthly_cost is */
	enum pricing_kind pricing;        /* the term it is billed under (set on a
					     recommendation) */
	char price_observed[12];          /* the observed_date of the price it is
					     billed with, "" when undated or none (set
					     on a recommendation) */
	unsigned terms;                   /* a load plan's choice: bit 1 << kind of
					     each term its replica levels bill under
					     (recommend_terms_label); 0 otherwise */
	double hours_used;                /* hours a month it runs (inference: hours per
					     month; training: run hours x runs) (set on
					     a recommendation) */
	double break_even;                /* a commitment's break-even utilisation:
					     commitment hourly / payg hourly of its
					     size; < 0 for payg and spot, or unknown
					     (set on a recommendation) */
	struct fit_result fit;            /* per replica (training with data: job_hours,
					     job_cost and monthly_cost include the
					     GPUs' busy fraction, recommend_data) */
};

/* A notable rejection (the cheapest few of each reason). */
struct recommend_reject {
	char sku[FACT_SKU];
	char region[32];
	char mig_profile[24];
	struct fit_result fit;
	double order;                     /* sort key: unit price, 0 when none */
};

/* The cheapest option of one GPU family (T4, A10, A100, H100, ...) that
 * is feasible, and how much more it costs a month than the recommendation.
 * When the recommendation is a workload's best dedicated option (its MIG
 * plan not used), a family's option is its cheapest whole VM too. */
struct recommend_family {
	char family[16];
	char sku[FACT_SKU];
	char mig_profile[24];
	char region[32];
	double extra_monthly;             /* >= 0, in the result's currency */
	double monthly;                   /* the option's own monthly cost */
	int ded_vm;                       /* the family's cheapest whole VM (catalog
					   * index), -1 if none */
	double ded_monthly;
};

/* Rejections of one kind folded into one line ("retired: 4 sizes"). */
struct recommend_reject_summary {
	enum fit_reject reject;           /* FIT_REJ_RETIRED or FIT_REJ_NOT_FOR_TRAINING */
	size_t count;
	char example[FACT_SKU];           /* the cheapest of them */
	char example_mig_profile[24];     /* its MIG slice, "" for a whole size or partition */
};

/* The best option of one workload in one region. */
struct recommend_region_cost {
	char region[32];
	int feasible;
	char sku[FACT_SKU];
	double monthly_cost;
	unsigned terms;                   /* the terms its bill is under, 1 << pricing_kind
					     each (a load plan's levels may mix them;
					     recommend_terms_text) */
};

enum recommend_severity { RECOMMEND_INFO, RECOMMEND_WARNING, RECOMMEND_ERROR };

/* "info", "warning", "error". */
const char *recommend_severity_name(enum recommend_severity s);

/* The numbers of a data finding; NaN = unknown (JSON null). */
struct recommend_finding_numbers {
	double needed_mb_per_s;
	double supplied_mb_per_s;
	double gpu_busy_fraction;
	double extra_monthly_cost;        /* what the data path adds per month */
	double egress_per_run;
	double fix_monthly_cost;          /* the fix's cost in its first month */
	char bottleneck[16];              /* "" unknown */
	const char *fix;                  /* NULL none; points into the finding's
					     message (which always states the fix) */
	size_t fix_len;
};

/*
 * The numbers of a commitment-underused finding (docs/billing.md): the
 * recommendation's VMs under the commitment against the same VMs billed
 * pay-as-you-go (and spot) for the hours they really run.  Money is
 * monthly, each figure one bill_monthly(); NaN = unknown (JSON null).
 */
struct recommend_commitment_numbers {
	enum pricing_kind term;           /* the commitment priced */
	double hours_used;                /* a month: inference hours_per_month;
					     training run hours x runs per month */
	double break_even_utilisation;    /* commitment hourly / payg hourly */
	double break_even_hours;          /* that x 730 */
	double commitment_monthly_cost;   /* = the recommendation's monthly_cost */
	double payg_monthly_cost;
	double spot_monthly_cost;         /* NaN: no spot price for the size there */
};

struct recommend_finding {
	char kind[24];                    /* "data-gravity", "data-starved", ... */
	enum recommend_severity severity;
	char *message;                    /* owned */
	struct recommend_finding_numbers *num;  /* owned; data-gravity, data-starved,
					     data-placement, cold-start; else NULL */
	struct recommend_commitment_numbers *commit;  /* owned; commitment-underused,
					     else NULL */
	struct recommend_quota_numbers *quota;  /* owned; quota-short, else NULL */
};

/* The numbers of a quota-short finding (docs/quota.md): the vCPUs the
 * plan deploys in one quota of one region against what is free there. */
struct recommend_quota_numbers {
	char family[64];                  /* the quota's name.value: a family,
					     "cores" or "lowPriorityCores" */
	char region[32];
	long long needed_vcpus;
	long long available_vcpus;        /* limit - currentValue, at least 0 */
	long long missing_vcpus;          /* needed - available, > 0 */
	long long limit;                  /* the quota's limit, as az reports it */
	/* within-quota findings only ("" / 0 otherwise): the unconstrained
	 * recommendation the short quota above kept the workload from */
	char unconstrained_sku[FACT_SKU];
	char unconstrained_region[32];
	double unconstrained_monthly;     /* its bill */
	double extra_monthly;             /* the new bill minus that one */
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
	struct fit_result *fit;           /* owned: today's size sized for the workload
					     (set when meets_needs >= 0, else NULL): the
					     current-shortfall finding's figures, in the
					     terms of the workload's needs (recommend_settle) */
};

/*
 * How the MIG plan decided a workload whose cheapest option at slice-share
 * prices is a MIG slice (its "MIG candidacy"); use is RECOMMEND_BASIS_OWN
 * for every other workload, and then nothing else here is set.
 *
 * With use PLAN the workload's recommendation is its placement in the plan
 * (the pool's size and MIG profile of its first replica, or the dedicated
 * size the plan gave it), and sku / mig_profile here name that placement.
 */
#define RECOMMEND_MAX_COTENANTS 3
#define RECOMMEND_MAX_POOLS_NAMED 4   /* pools named per workload (mig_plan_use.pools) */
struct recommend_mig_use {
	enum recommend_basis use;         /* PLAN: placed by the plan; DEDICATED: its
					     recommendation is the best dedicated
					     option; SHARE: neither was possible */
	int packed;                       /* 0: its slices could not be packed (a
					     replica needs several slices, or no
					     AKS profile fits), or left_out */
	int left_out;                     /* the packer left it outside the plan:
					     its D_w costs less than the dedicated
					     small GPUs its replicas would need,
					     and than the plan's slices */
	int slices_per_replica;           /* of the slice it ranked cheapest */
	char sku[FACT_SKU];               /* PLAN: where the plan puts replica 0;
					     else the slice it ranked cheapest */
	char mig_profile[24];             /* "" when the plan put it on a dedicated GPU */
	char region[32];
	double share_monthly;             /* M_w: that slice at its GPU share */
	double dedicated_monthly;         /* D_w; 0 when none */
	char dedicated_sku[FACT_SKU];     /* the size of D_w, "" when none */
	int dedicated_vm_count;
	double part_monthly;              /* its allocated part of the plan */
	double plan_monthly;              /* P of its region's plan (0: not priced) */
	double plan_dedicated_monthly;    /* the same workloads on dedicated options */
	size_t plan_workloads;            /* workloads in that plan */
	char pool[64];                    /* plan pool of its first replica on a
					     slice, "" when all sit on dedicated GPUs */
	char pool_sku[FACT_SKU];          /* that pool's size and MIG profile */
	char pool_profile[24];
	int pool_vms;                     /* VMs of that pool */
	int replicas_on_slices;           /* of its replicas, placed on slices */
	int replicas_dedicated;           /* placed on dedicated small GPUs */
	char plan_dedicated_sku[FACT_SKU];  /* their size, "" when none */
	int pools_spanned;                /* pools its sliced replicas sit in */
	int *pool_index;                  /* owned, pools_spanned entries: each of them
					     (mig.pools), in the order of its replicas */
	int *pool_replicas;               /* owned, pools_spanned entries: its replicas
					     on each; they sum to replicas_on_slices */
	size_t ncotenants;                /* other workloads on a pool it is on */
	size_t cotenants[RECOMMEND_MAX_COTENANTS];  /* the first few, indices */
};

/*
 * The autoscaled plan of a serving workload described by its traffic
 * (serving.requests_per_s, serving.load: docs/profile.md) rather than by a
 * fixed concurrency: replicas per hour of the day and the bill of those
 * VM-hours (docs/recommend.md "load_plan").  Counts are replicas of the
 * recommendation (one replica = rec.vm_count / replicas VMs).
 */
#define RECOMMEND_HOURS_A_DAY 24

/* Replicas of a load plan billed alike: the same term, the same hours a
 * month (a replica level k runs the hours in which the plan has >= k). */
struct recommend_load_bill {
	int replicas;                     /* replicas in this group */
	int vms;                          /* their VMs */
	enum pricing_kind term;
	double hourly;                    /* one VM's price per hour under term */
	double hours_per_month;           /* hours each of them runs a month */
	double monthly_cost;              /* bill_monthly(term, hourly, vms, hours) */
};
/* Distinct (weekday hours, weekend hours) pairs of replica levels: at most
 * 24 + 24 + 1. */
#define RECOMMEND_LOAD_BILLS 49

struct recommend_load_plan {
	int curves;                       /* 1: one daily curve (serving.load.hours or
					     none: flat at the peak); 2: weekday and
					     weekend (replicas_by_hour[1] the weekend) */
	int replicas_by_hour[2][RECOMMEND_HOURS_A_DAY];
	int peak_replicas;                /* the most in any hour */
	int trough_replicas;              /* the fewest in any hour (0: scales to zero) */
	int min_replicas;                 /* the autoscaler's bounds: autoscale:
					     min_replicas / max_replicas, or the
					     trough and the peak when not given */
	int max_replicas;
	double peak_requests_per_s;       /* the busiest hour's rate:
					     serving.requests_per_s x the curve's
					     highest share (1 without a curve) */
	double in_flight_per_replica_at_peak;  /* Little's law mean */
	double in_flight_target_per_replica;   /* the most sequences in flight (mean)
					     a replica takes with its SLOs and memory
					     holding at serving.percentile: the plan's
					     replicas of an hour are about ceil(in
					     flight / this), the autoscaler's target */
	double replica_hours_per_month;   /* replica-hours the plan runs a month */
	double monthly_cost;              /* the plan's bill (= rec.monthly_cost) */
	double peak_sized_monthly_cost;   /* peak_replicas all month, same terms */
	int capped_hours;                 /* hours (of 24, or 48 with two curves) whose
					     rate needs more than max_replicas: the
					     SLOs do not hold there */
	int peak_replicas_needed;         /* the replicas the busiest hour's rate needs
					     (>= min_replicas), before max_replicas
					     caps it: > peak_replicas when capped */
	int warm_hours;                   /* hours a replica is started ahead of a rise
					     (0: none) */
	size_t nbills;                    /* the groups monthly_cost sums */
	struct recommend_load_bill bills[RECOMMEND_LOAD_BILLS];
};

struct recommend_workload {
	char name[PROFILE_NAME_LEN];
	enum profile_type type;
	long replicas;
	int feasible;                     /* 0: no recommendation */
	struct recommend_needs needs;
	struct recommend_choice rec;      /* valid when feasible */
	struct recommend_data *rec_data;  /* owned: the data path of rec; NULL without data: */
	size_t nalternatives;
	struct recommend_choice *alternatives;  /* not owned: a list of
					     recommend_result.shared, which workloads
					     sized alike share */
	size_t nrejected;
	struct recommend_reject *rejected;
	size_t nfamilies;                 /* feasible GPU families other than the recommendation's */
	struct recommend_family *families;
	size_t nsummaries;
	struct recommend_reject_summary *summaries;  /* not owned: a list of
					     recommend_result.shared (at most 2), as
					     rejected */
	struct recommend_reject *closest; /* owned: the option that misses by the least
					     (a workload's only when infeasible);
					     NULL when none */
	double closest_margin;            /* relative miss: 0.05 = 5 % over */
	size_t nregions;
	struct recommend_region_cost *regions;
	int has_current;
	struct recommend_current current;
	size_t nfindings;
	struct recommend_finding *findings;
	struct recommend_load_plan *load_plan; /* owned; NULL unless the workload is
					     described by requests_per_s */
	struct recommend_mig_use *mig_use; /* owned; NULL for a workload the MIG plan does
					     not cover (read it with recommend_mig_use_of) */
	int needs_fixed;                  /* needs.gpu_memory_gib is the replica need of
					     an LLM service, the same whatever the
					     recommendation (recommend_settle) */
};

/* w's MIG plan use; a zeroed one (use RECOMMEND_BASIS_OWN) when it has none. */
const struct recommend_mig_use *recommend_mig_use_of(const struct recommend_workload *w);

/* Frees u and the arrays it owns; NULL is fine. */
void recommend_mig_use_free(struct recommend_mig_use *u);

/* A replica the plan puts on a dedicated small GPU instead of a slice. */
struct recommend_mig_dedicated {
	size_t workload;                  /* index into recommend_result.workloads */
	int replica;
	char sku[FACT_SKU];
	char region[32];
	char price_observed[12];          /* as recommend_choice.price_observed */
	double hourly;                    /* its VM, per hour */
	double monthly_cost;
	enum pricing_kind pricing;        /* the plan's term and hours per month: */
	double hours_per_month;           /* a workload's N replicas bill as N VMs */
};

/* The plan of one region: it is counted in the totals when it costs less
 * than the same workloads on their best dedicated options. */
struct recommend_mig_region {
	char region[32];
	size_t nworkloads;
	double monthly_cost;              /* P: the pools and dedicated replicas */
	double dedicated_monthly_cost;    /* sum of D_w of its workloads */
	int priced;                       /* every replica placed */
	int used_in_totals;
	double lower_bound_monthly;       /* the packer's lower bound on its pools and
					     dedicated replicas, billed (bill_monthly) */
	int proven_optimal;               /* the packer proved its plan optimal */
};

/*
 * The MIG packing plan of the MIG candidates (the workloads whose cheapest
 * option at slice-share prices is one MIG slice per replica): every replica
 * of them on a slice of a shared GPU (mig_pack(), AKS strategy) in the
 * region of that slice, or on a dedicated small GPU when that is cheaper,
 * priced as whole VMs.  Per region, when the plan costs less than the same
 * workloads on their best dedicated options, they keep their slices and are
 * charged their parts of the plan; otherwise they are recommended their
 * dedicated options (recommend_totals()).
 */
struct recommend_mig_plan {
	int present;                      /* 0: no workload to pack (JSON null) */
	size_t npools;
	struct mig_plan_pool *pools;      /* mig_plan.h, shared with pack */
	size_t ndedicated;
	struct recommend_mig_dedicated *dedicated;
	size_t nworkloads;
	size_t *workloads;                /* covered workloads, indices, in profile order */
	long replicas;                    /* replicas of the covered workloads */
	double monthly_cost;              /* pools + dedicated, all regions */
	double dedicated_monthly_cost;    /* the covered workloads' best dedicated
					     options */
	double savings_monthly;           /* what the totals save by the plan: over
					     the regions whose plan is used */
	int used_in_totals;               /* some region's plan is used */
	int exact;                        /* every region's packing proven optimal */
	size_t nregions;
	struct recommend_mig_region *regions;
	enum mig_strategy strategy;       /* the layouts it was packed with */
	size_t ngpus;
	struct mig_plan_gpu *gpus;        /* every GPU of every pool, with its slices
					     (workload: index into the result's
					     workloads), by pool, vm, gpu */
};

/*
 * The age of the prices a recommendation is billed with, per region and
 * pricing kind: the sizes of the feasible recommendations and, where a
 * region's MIG plan is in the totals, of its pools and dedicated replicas
 * (each size's Linux price of that kind and currency in the catalog, or the
 * price it borrowed from a size of the same hardware).  `check
 * --max-catalog-age-days` judges the oldest of them (docs/ci.md).
 */
struct recommend_price_age {
	char region[32];
	enum pricing_kind pricing;
	size_t nused;                     /* distinct sizes priced in the region */
	char oldest[12];                  /* the oldest observed_date of them, "" when
					     none has one */
	char oldest_sku[FACT_SKU];        /* the size of that price */
	size_t nundated;                  /* prices used without an observed date */
	char undated_sku[FACT_SKU];       /* the first of them, "" when none */
};

struct recommend_result {
	int pricing_auto;                 /* pricing: auto: each workload is the cheapest
					     of the results of every term (runs) */
	size_t nruns;
	struct recommend_result *runs;    /* owned: the other terms' results, which the
					     workloads taken from them still point into */
	char currency[4];
	char currency_note[128];          /* "prices in USD only; run ..." when the catalog has
					     no price in the currency asked for, else "" */
	enum pricing_kind pricing;
	double hours_per_month;
	double headroom_pct;
	size_t nworkloads;
	struct recommend_workload *workloads;
	size_t infeasible;                /* workloads without a feasible option */
	struct recommend_mig_plan mig;    /* the MIG packing plan */
	/* totals, money per month */
	double monthly_cost;              /* sum of the recommendations' monthly
					     costs (recommend_totals()); meaningful
					     only when complete */
	int complete;                     /* every workload priced as billed: not
					     infeasible, not at a slice-share price */
	size_t nunpriced;
	size_t *unpriced;                 /* the workloads that are not (indices) */
	double priced_monthly_cost;       /* sum over the priced workloads */
	size_t current_covered;           /* workloads whose current cost is known */
	size_t current_unknown;           /* with current_sku but no price */
	int savings_known;                /* every workload with a priced current
					     deployment has a priced recommendation */
	int has_current;                  /* some workload gave current_sku */
	double current_monthly_cost;      /* sum of the priced current deployments */
	double savings_monthly;           /* sum of per-workload savings */
	size_t nwarnings;
	char **warnings;                  /* owned, one line each */
	/* The lists workloads sized alike (same model, shape and regions)
	 * share, owned here, instead of a copy each: every `rejected` and
	 * `alternatives` (never freed on their own). */
	size_t nshared;
	void **shared;
	struct strmap notes;              /* the precision notes the fits point at */
	struct sizing_factors factors;    /* the generic ("*") factors, for assumptions */
	size_t nprice_ages;
	struct recommend_price_age *price_ages;  /* owned: one per region and pricing kind
					     the fleet is billed in, in region order */
};

/*
 * The fleet totals rule (docs/recommend.md, "Totals"), on plain numbers.
 *
 * Every workload is an item.  A MIG candidate (its cheapest option at
 * slice-share prices is a MIG slice) belongs to a group: the workloads
 * packed together by one MIG plan (one region).  For a group, the plan cost
 * P (whole VMs) is compared with the sum of its members' best dedicated
 * options D_w; the plan is used when it is priced and costs less (in cents),
 * or when some member has no dedicated option.  Then every member is
 * charged its part of P: P allocated in proportion to what each member
 * would cost alone, D_w (M_w for a member without one; equal parts when
 * those are all 0), in whole cents by largest remainder (ties to the
 * earlier item), so the parts sum to P exactly.  As P < sum D_w, every
 * part is below its D_w: rounding down leaves it at most D_w - 1 cent
 * before the leftover cent, so no member pays more than alone.  Otherwise every member is charged D_w (or, without one,
 * M_w: RECOMMEND_BASIS_SHARE).  A workload outside every group is charged
 * its own recommendation, dedicated_monthly (0 for an infeasible one).
 *
 * All amounts are monthly and rounded to cents on input.
 */
struct recommend_totals_item {
	/* in */
	int group;                        /* index into groups, -1: not a MIG candidate */
	int has_dedicated;                /* D_w exists */
	double dedicated_monthly;         /* D_w (outside a group: its recommendation) */
	double share_monthly;             /* M_w, the weight without a D_w */
	double fixed_monthly;             /* F_w: what the plan bills for its replicas
					     on dedicated GPUs of their own (0: none) */
	int dedicated_only;               /* every replica of it on a dedicated GPU of its
					     own in the plan: it shares no GPU */
	/* out */
	enum recommend_basis basis;       /* OWN outside a group; else PLAN, DEDICATED
					     or SHARE */
	double part_monthly;              /* its part of P when the group is priced,
					     whether used or not; else 0 */
	double monthly;                   /* what the totals charge it */
};

struct recommend_totals_group {
	/* in */
	int priced;                       /* the plan placed every replica */
	double plan_monthly;              /* P */
	/* out */
	size_t nitems;
	double dedicated_monthly;         /* sum of D_w of its members */
	int used;                         /* its members are charged their parts of P */
};

/*
 * Applies the rule: fills the out fields of items[0..n) and groups[0..ngroups)
 * and returns the fleet total (the sum of items[].monthly, in cents).  An
 * item whose group is out of range counts as outside every group.  Pure: no
 * I/O, no globals; a temporary array per group is freed before returning.
 */
double recommend_totals(struct recommend_totals_item *items, size_t n,
			struct recommend_totals_group *groups, size_t ngroups);

/* Where the numbers come from, for the JSON header. */
struct recommend_meta {
	const char *gpufit_version;
	const char *catalog_source;       /* "bundled" | "azure-retail-prices-api" | ... */
	const char *fetched_at;           /* NULL or "" = unknown */
	long age_days;                    /* < 0 = unknown */
};

/*
 * Builds the recommendation for every workload of p on snap.  Under pricing
 * auto (o->pricing_auto with has_pricing, else p->pricing_auto) the result
 * is built once per term (payg, reserved and savings, those with a price in
 * the catalog; never spot, which may be evicted) and each workload takes the
 * cheapest of them for its hours (docs/billing.md); the workloads of the MIG
 * plan take one term together, the plan's.  Returns 0
 * and fills *out (release it with recommend_result_release), or -1 when the
 * snapshot lacks the generic efficiency factors: one DIAG_ERROR item is
 * appended to diags and *out is empty (release is still safe).  A workload without a
 * feasible option is not an error (see out->infeasible); sizes that could
 * not be priced and the like are out->warnings, not diags.
 */
struct catalog_snapshot;

int recommend_build(const struct catalog_snapshot *snap, const struct profile *p,
		    const struct recommend_options *o,
		    struct recommend_result *out, struct diag_list *diags);

/* Frees what *r owns and zeroes it; safe on a zeroed result. */
/*
 * Whether vm (with GPU g) can be deployed for w at all, before sizing: the
 * serving engine of an LLM service runs on g's vendor by the engine_support
 * rows es[0..nes-1], and the size is confidential-computing exactly when w
 * asks for it (docs/recommend.md, "Deployable as printed").  Returns 1 with
 * *r the rejection (FIT_REJ_ENGINE with a note naming the engine, its
 * vendors and the GPU, interned in w->notes; or FIT_REJ_CONFIDENTIAL), else
 * 0 with *r untouched.
 */
int recommend_deploy_reject(const struct engine_support *es, size_t nes,
			    const struct fit_workload *w, const struct vm_size *vm,
			    const struct gpu_spec *g, struct fit_result *r);

void recommend_result_release(struct recommend_result *r);

/*
 * The quota rule (docs/quota.md), run by recommend_build() on its result:
 * the vCPUs the plan deploys (each workload's recommended VMs, and the VMs
 * of every MIG plan pool and dedicated replica of a region whose plan is in
 * the totals) summed per quota family and region, the non-spot ones also
 * under "cores" and the spot ones under "lowPriorityCores" only, compared
 * with limit - currentValue of o->usage.  A shortfall is a finding
 * "quota-short" on every workload deploying into that quota; a region in use
 * without a usage file, or a family its file lacks or the catalog does not
 * know, one warning.  Without o->skus (and with usage files) one warning
 * says availability was not checked.  No usage files: only that warning
 * logic is skipped, nothing else happens.
 */
void recommend_quota_check(struct recommend_result *r, const struct catalog_snapshot *snap,
			   const struct profile *p, const struct recommend_options *o);

/*
 * --within-quota (docs/quota.md, "Planning within quota"): when the plan's
 * vCPUs are short in some quota of the usage files, moves workloads to the
 * next cheapest of their ranked options (the alternatives) that deploy into
 * no short quota and fit (quota_plan_solve(): the optimum of a fleet small
 * enough to enumerate, else the greedy repair), adjusting the fleet total
 * by the difference of the bills.  Only workloads recommended their own
 * whole VMs move (not the MIG plan's, nor one with a data: block); what the
 * others deploy is fixed.  Each moved workload gets a within-quota finding
 * (what it costs over the unconstrained choice, which quota would unlock
 * it), the result one warning with the fleet's extra cost.  Runs before the
 * findings that depend on the recommendation.  No-op without
 * o->within_quota or usage files.
 */
void recommend_within_quota(struct recommend_result *r, const struct catalog_snapshot *snap,
			    const struct recommend_options *o);

/* VMs of one size in one region that a plan other than a recommendation
 * deploys (pack's pools and dedicated VMs). */
struct recommend_quota_deploy {
	const char *sku;
	const char *region;
	long long vms;
	enum pricing_kind pricing;        /* spot counts against lowPriorityCores only */
};

/*
 * The quota rule of recommend_quota_check() on deployments d[0..nd): one
 * recommend_quota_numbers per short quota into *out (caller frees; NULL
 * when none), their count returned.  Families come from o->skus, else the
 * catalog; only the regions of o->usage and the quotas their files list
 * are compared.  warn (when not NULL) gets each message of what could not
 * be checked, as recommend warns of it: a region in use without a usage
 * file, sizes of unknown family, a quota the file does not list.
 */
size_t recommend_quota_shortfalls(const struct catalog_snapshot *snap,
				  const struct recommend_options *o,
				  const struct recommend_quota_deploy *d, size_t nd,
				  struct recommend_quota_numbers **out,
				  void (*warn)(void *ctx, const char *msg), void *ctx);

/*
 * How the MIG plan priced choice c of workload w, in one line into buf:
 * for a recommendation that is its part of the plan ("shares GPUs with 2
 * other workloads per the MIG plan in eastus ..."), a dedicated one taken
 * because the plan costs no less, or that workload's MIG alternative ("a
 * MIG slice ... is cheaper only when other workloads share the GPU: ...").
 * Returns 1, or 0 (buf untouched) when there is nothing to say.
 */
int recommend_mig_note(const struct recommend_result *r, const struct recommend_workload *w,
		       const struct recommend_choice *c, char *buf, size_t len);

/*
 * res->price_ages from the prices res is billed with: each feasible
 * recommendation's under its own term (pricing auto: the workload's) and,
 * where a region's MIG plan is in the totals, its pools' and dedicated
 * replicas' under res->pricing.  recommend_build calls it; `check
 * --max-catalog-age-days` judges the oldest of them.
 */
void recommend_used_price_ages(struct recommend_result *res);

/*
 * The warning "KIND prices older than RECOMMEND_STALE_DAYS days in R (N
 * days, DATE)" per pricing kind of res->price_ages with a region whose
 * oldest price is that old on day today (ISO 8601; NULL: none), added to
 * res's warnings.
 */
void recommend_price_age_warning(struct recommend_result *res, const char *today);

/*
 * The label of choice c of workload w, the one every format prints (table,
 * Markdown, csv `label`, JSON `label`, HTML): "N x SKU", or "N x SKU
 * PROFILE" for MIG slices.  The recommendation of a workload the MIG plan
 * placed names every part of its placement, the replicas on each pool's
 * slices and on dedicated GPUs: "1 x SKU 2g.20gb + 1 x SKU 3g.40gb + 2 x
 * T4SKU" (replica 0's part first).  Returns buf.
 */
const char *recommend_choice_label(const struct recommend_result *r,
				   const struct recommend_workload *w,
				   const struct recommend_choice *c, char *buf, size_t len);

/*
 * The load plan of traffic-described workload pw (w its fit workload) on
 * one whole-VM size (cap, fac; f its fit at one sequence, FIT_OK) into
 * *out, as the ranking plans each candidate: the replicas of every hour and
 * their bill under term at hourly a VM for hours_per_month (load_plan_bill,
 * bill_monthly; with payg_hourly > 0 and term a commitment each level takes
 * the cheaper, as pricing auto).  Returns 0, or -1 when pw has no traffic,
 * f is not a fit or no replica count up to LOAD_MAX_REPLICAS holds a rate
 * (*out zeroed).  For recommend --explain.
 */
int recommend_load_plan_size(const struct profile_workload *pw, const struct fit_workload *w,
			     const struct sizing_capacity *cap, const struct sizing_factors *fac,
			     const struct fit_result *f, double hours_per_month,
			     enum pricing_kind term, double hourly, double payg_hourly,
			     struct recommend_load_plan *out);

/* 1 when pw is described by its traffic (serving.requests_per_s). */
int recommend_is_traffic(const struct profile_workload *pw);

/*
 * The term(s) choice c of w is billed under, as every format names them: for
 * a choice billed by a load plan the terms its levels bill under (c->terms),
 * each once, commitments first ("reserved-3y+payg" under pricing auto when
 * the base goes on the commitment and the burst on payg; "payg" when every
 * level is on payg), else the term of w's run (its recommendation's
 * pricing).  Returns buf.
 */
const char *recommend_terms_label(const struct recommend_workload *w,
				  const struct recommend_choice *c, char *buf, size_t len);

/* 1 when c is billed by a load plan whose levels bill under several terms:
 * JSON pricing is null then (load_plan.bills gives each level's). */
int recommend_terms_several(const struct recommend_choice *c);

/* The terms of bits terms (1 << pricing_kind each), commitments first, as
 * recommend_terms_label names them ("reserved-3y+payg"); "-" for none.
 * Returns buf. */
const char *recommend_terms_text(unsigned terms, char *buf, size_t len);

/* One line of the reasons of a choice (i-th; returns 0 past the last one),
 * e.g. "cheapest of 14 feasible options in eastus". */
int recommend_choice_reason(const struct recommend_result *r, const struct recommend_workload *w,
			    const struct recommend_choice *c, size_t i, char *buf, size_t len);

/*
 * The reason of a rejection of w as every output prints it: fit_reject_text,
 * except that a memory rejection names the workload's one memory need,
 * needs.gpu_memory_gib (per replica, headroom included), and what one
 * sequence alone needs on that size when that is less ("needs 22.1 GiB, has
 * 14.2 GiB (one sequence alone needs 17.3 GiB)"); training names memory per GPU.
 */
void recommend_reject_reason(const struct recommend_workload *w, const struct fit_result *f,
			     const char *pricing, const char *region, char *buf, size_t len);

#endif
