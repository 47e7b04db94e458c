/*
 * profile.h - the workload profile: a YAML file (schema version 1, see
 * docs/profile.md) describing the GPU workloads a team runs or plans.
 *
 * profile_load() reads and validates a whole file and returns plain structs;
 * nothing of libyaml leaks out.  Every problem of a file is collected into a
 * diag_list with its line and column, so a user fixes a file in one pass.
 * Defaults are filled in by the reader; the has_* flags tell which optional
 * fields the file actually gave.
 *
 * All strings are fixed-size arrays: a struct profile_workload can be copied
 * by value.  The only heap memory is the workloads array, the file name, the
 * azure: file names and each serving.load curve (a pointer, so that a
 * workload without one stays small), all owned by the struct profile and
 * freed by profile_release(): a copy of a workload is valid while its
 * profile is.
 */
#ifndef GPUFIT_PROFILE_H
#define GPUFIT_PROFILE_H

#include <stddef.h>

#include "diag.h"
#include "facts.h"
#include "sizing.h"

#define PROFILE_SCHEMA_VERSION 1
#define PROFILE_MAX_BYTES (64u << 20)   /* larger files are refused */
#define PROFILE_MAX_DEPTH 32            /* deeper YAML nesting is refused */
#define PROFILE_MAX_REGIONS 64
#define PROFILE_REGION_LEN 32           /* = sizeof(struct region.name) */
#define PROFILE_NAME_LEN 64             /* workload names: 1..63 bytes */
#define PROFILE_CURRENCY_LEN 4

/* Precisions and training methods are sizing.h's enums (sizing_precision,
 * sizing_train_method), so the engines take profile values as they are. */

enum profile_type { PROFILE_INFERENCE, PROFILE_TRAINING };

/* Where a workload's data lives (see docs/profile.md for the tiers). */
enum profile_storage {
	PROFILE_STORAGE_BLOB,
	PROFILE_STORAGE_BLOB_PREMIUM,
	PROFILE_STORAGE_PREMIUM_SSD,
	PROFILE_STORAGE_PREMIUM_SSD_V2,
	PROFILE_STORAGE_ULTRA_DISK,
	PROFILE_STORAGE_NETAPP,
	PROFILE_STORAGE_MANAGED_LUSTRE,
	PROFILE_STORAGE_LOCAL_NVME,
	PROFILE_STORAGE_COUNT
};

/* serving: an LLM inference service.  Token counts are per request. */
struct profile_serving {
	long input_tokens;                  /* required */
	long output_tokens;                 /* required */
	long concurrency;                   /* sequences in flight (one of concurrency and
					       requests_per_s; 0 with requests_per_s) */
	int has_requests_per_s;
	double requests_per_s;              /* the peak arrival rate, (0, 1e6] */
	double percentile;                  /* the SLOs hold at this quantile of the
					       sequences in flight, 50-99.9 (default 95) */
	int load_curves;                    /* 0: no load (flat at the peak); 1:
					       load.hours; 2: load.weekday + load.weekend */
	enum sizing_attention attention;    /* serving.attention (needs expert_parallel;
					       here, in the padding before the pointer) */
	double (*load)[24];                 /* NULL without serving.load; else 2 rows:
					       the share of the peak rate per UTC hour,
					       [0, 1] ([1] the weekend with load_curves 2).
					       Owned by the profile (profile_release); a
					       copy of the workload shares it */
	int has_target_output_tokens_per_s;
	double target_output_tokens_per_s;  /* aggregate over all sequences */
	int has_max_ms_per_output_token;
	double max_ms_per_output_token;     /* latency SLO per sequence */
	int has_max_time_to_first_token_ms;
	double max_time_to_first_token_ms;
	enum sizing_engine engine;          /* default vllm */
	int expert_parallel;                /* 1: expert_parallel: true (default false) */
	long max_sequences;                 /* the engine's cap on sequences in flight;
					       0 = the engine's default */
};

/* requirements: a generic (non-LLM) workload described by what it needs of
 * one GPU.  gpu_memory_gib is required; a field not given is 0. */
struct profile_requirements {
	double gpu_memory_gib;
	double tflops_fp16;                 /* dense FP16 tensor TFLOPS */
	double bandwidth_gb_per_s;          /* memory bandwidth, GB/s */
};

struct profile_training {
	enum sizing_train_method method;    /* default full */
	double tokens;                      /* required: tokens processed per run */
	long sequence_length;               /* default 4096 */
	int has_sequence_length;
	int zero_stage;                     /* 0-3; default 3 for full, 0 for (q)lora */
	int has_zero_stage;
	int has_deadline_hours;
	double deadline_hours;              /* wall-time limit of one run */
	double runs_per_month;              /* default 1; may be fractional */
	int has_micro_batch;
	long micro_batch;
	enum sizing_framework framework;    /* default: none given (train_mfu) */
};

struct profile_data {
	double size_gib;                    /* required when data: is given */
	int has_region;
	char region[PROFILE_REGION_LEN];    /* where the data lives */
	enum profile_storage storage;       /* default blob */
	int has_read_mb_per_s;
	double read_mb_per_s;
	int has_sample_bytes;
	double sample_bytes;                /* bytes of one training sample (a sequence) */
	double epochs;                      /* passes over the data per run, default 1 */
	int has_checkpoint_every_min;
	double checkpoint_every_min;        /* training; default from the catalog */
	int has_cold_start_s;
	double cold_start_s;                /* inference: model-load target, seconds */
};

struct profile_workload {
	char name[PROFILE_NAME_LEN];
	enum profile_type type;
	int line, col;                      /* where the workload's mapping starts */

	/*
	 * The model: has_model is 0 for a generic workload (has_requirements).
	 * A preset has model_inline 0 and model_name set (look it up in the
	 * catalog); an inline model has model_inline 1 and model filled
	 * (model.name = the workload name, kind "llm"; a field the file did not
	 * give is 0, except kv_heads = heads and active_params_b = params_b for
	 * a dense model).
	 */
	int has_model;
	int model_inline;
	char model_name[FACT_NAME];
	struct model_preset model;

	int model_hf_config;                /* the inline model came from model.hf_config */

	enum sizing_precision precision;    /* default fp16 (inference), bf16 (training) */
	int has_precision;
	int precision_native;               /* precision: native (precision is then a
					     * placeholder; fit resolves the model's) */
	enum sizing_precision kv_precision; /* default sizing_kv_default(precision) */
	int has_kv_precision;

	int has_serving;
	struct profile_serving serving;
	int has_requirements;
	struct profile_requirements requirements;
	int has_training;
	struct profile_training training;
	int has_data;
	struct profile_data data;

	long replicas;                      /* default 1 */
	int has_autoscale;                  /* autoscale: (needs serving.requests_per_s) */
	long min_replicas;                  /* autoscale.min_replicas, >= 0 (default 1) */
	long max_replicas;                  /* autoscale.max_replicas, >= 1; 0: not given */
	int has_region;
	char region[PROFILE_REGION_LEN];    /* overrides the profile's regions */
	int has_current;
	char current_sku[FACT_SKU];
	long current_count;                 /* default 1 when current_sku is given */
	int confidential;                   /* 1: confidential: true - only confidential-
					     * computing sizes (default false: never them) */
	int zone;                           /* availability zone 1-3 (zone:), 0 = none */
};

/* One `azure: usage:` entry: a region's `az vm list-usage` file. */
struct profile_azure_usage {
	char region[PROFILE_REGION_LEN];
	char *path;                         /* resolved against the profile's directory */
	int line, col;                      /* of the entry, for messages */
};

struct profile_budget {
	int has_max_monthly;
	double max_monthly;                 /* money per month, profile currency */
	int has_max_increase;
	double max_increase;                /* money per month over the baseline */
	int has_max_increase_pct;
	double max_increase_pct;            /* percent over the baseline */
};

struct profile {
	char *file;                         /* name used in messages ("<stdin>" for "-") */
	int version;
	size_t nregions;                    /* >= 1; default one region, "eastus" */
	char regions[PROFILE_MAX_REGIONS][PROFILE_REGION_LEN];
	int has_region;
	enum pricing_kind pricing;          /* default payg */
	int pricing_auto;                   /* pricing: auto (pricing is then payg): per
					       workload the cheapest term for its hours */
	char currency[PROFILE_CURRENCY_LEN]; /* ISO 4217, default "USD" */
	double hours_per_month;             /* default 730 */
	struct profile_budget budget;
	char *azure_skus;                   /* azure: skus: the `az vm list-skus` file,
					       resolved against the profile's directory;
					       NULL = none (docs/quota.md) */
	size_t nazure_usage;                /* azure: usage: REGION: FILE entries */
	struct profile_azure_usage *azure_usage;
	size_t nworkloads;                  /* >= 1 in a valid profile */
	struct profile_workload *workloads;
};

/*
 * Names the reader checks against (from the catalog).  A list that is NULL
 * or empty is not checked.  Matching ignores case; the profile gets the
 * catalog's spelling.  Unknown names are errors with a "did you mean" hint.
 */
struct profile_names {
	const char *const *presets;         /* model preset names */
	size_t npresets;
	const char *const *regions;         /* ARM region names */
	size_t nregions;
	const char *const *skus;            /* VM size names */
	size_t nskus;
	const struct model_preset *preset_facts; /* the presets themselves (context, shape), */
	size_t npreset_facts;               /* or NULL: no context or shape checks */
};

/*
 * Reads and validates the profile at path ("-" reads stdin).  names may be
 * NULL (no name checks).  Returns 0 and fills *out on success.  On failure
 * returns -1, appends every problem found to errs (as FILE:LINE:COL errors,
 * in file order) and leaves *out empty.  Either way *out must be released
 * with profile_release(); *out need not be initialised before the call.
 */
int profile_load(const char *path, const struct profile_names *names, struct profile *out,
		 struct diag_list *errs);

/*
 * The same for a buffer of len bytes (need not be NUL-terminated); file is
 * the name used in messages.  For tests and for callers that already hold
 * the text.
 */
int profile_parse_buffer(const char *file, const char *buf, size_t len,
			 const struct profile_names *names, struct profile *out,
			 struct diag_list *errs);

/* Frees what *p owns and zeroes it; safe on a zeroed or released profile. */
void profile_release(struct profile *p);

/* The region a workload runs in when one region is wanted: its own
 * override, else the profile's first region.  Never NULL. */
const char *profile_workload_region(const struct profile *p, const struct profile_workload *w);

/* Names as the profile spells them ("training", "premium-ssd-v2"); NULL for
 * an out-of-range value.  Precisions and methods: sizing_precision_name()
 * and sizing_train_method_name(). */
const char *profile_type_name(enum profile_type t);
const char *profile_storage_name(enum profile_storage s);

#endif
