/*
 * facts.h - plain-data structs for the facts the catalog holds.
 *
 * These are the currency between the catalog store (which fills them from
 * SQLite) and the pure core (sizing, fit, MIG packing, telemetry
 * classification), which never sees SQLite.  All strings are fixed-size,
 * NUL-terminated arrays, so a struct can be copied by value and nothing in it
 * needs freeing.  A numeric field that the source does not give is 0 (or, for
 * the throughput figures, 0 meaning "not supported by this GPU").
 */
#ifndef GPUFIT_FACTS_H
#define GPUFIT_FACTS_H

#include <stddef.h>

#define FACT_NAME 48
#define FACT_SKU 64

/* One GPU model, dense (non-sparse) datasheet figures. */
struct gpu_spec {
	char name[FACT_NAME];        /* e.g. "H100-SXM-80GB"; what estimate --gpu takes */
	char vendor[16];             /* "NVIDIA" | "AMD" */
	char architecture[24];       /* "Hopper", "Ampere", "CDNA3", ... */
	char target[16];             /* the ISA target engines name their limits in: NVIDIA
					compute capability "8.0", AMD LLVM target "gfx942";
					"" = unknown */
	char form_factor[16];        /* "SXM" | "PCIe" | "NVL" | "OAM" */
	double memory_gib;           /* capacity the runtime can see, GiB (2^30 bytes) */
	double bandwidth_gbps;       /* memory bandwidth, GB/s (10^9 bytes/s) */
	double fp32_tflops;          /* non-tensor FP32 */
	double fp16_tflops;          /* dense tensor FP16 */
	double bf16_tflops;          /* dense tensor BF16; 0 = unsupported */
	double fp8_tflops;           /* dense tensor FP8; 0 = unsupported */
	double fp4_tflops;           /* dense tensor FP4 (NVFP4/MXFP4); 0 = none or unknown */
	double int8_tops;            /* dense tensor INT8; 0 = unsupported */
	double tdp_w;
	char link[24];               /* "NVLink4", "NVLink-bridge", "InfinityFabric", "" */
	double link_gbps;            /* GPU-to-GPU bandwidth per GPU, GB/s; 0 = none */
	int pcie_gen;
	int mig_max;                 /* max MIG instances; 0 = no MIG */
	int sm_count;                /* SMs (NVIDIA) or CUs (AMD) */
	char precisions[64];         /* "fp32 fp16 bf16 fp8 int8w int4w": native formats and
					weight-only kernels (gpu_models.csv); "" = unknown */
};

/* One Azure VM size. */
struct vm_size {
	char sku[FACT_SKU];          /* ARM name, "Standard_ND96isr_H100_v5" */
	char series[32];             /* "NDisrH100v5" */
	char gpu_model[FACT_NAME];   /* a gpu_spec name; "" when the spec is unknown */
	double gpu_count;            /* may be fractional: 1/6 of an A10 is 0.1667 */
	double gpu_memory_gib;       /* per GPU as the VM sees it (partition memory for fractions) */
	int vcpus;
	double ram_gib;
	double local_nvme_gib;       /* local NVMe or temp disk, GiB */
	double infiniband_gbps;      /* InfiniBand per GPU, Gb/s; 0 = none */
	char infiniband_type[16];    /* "NDR", "HDR", "EDR", "" */
	int nvlink;                  /* 1 when the GPUs of the VM share an NVLink domain */
	int mig_capable;
	int retired;                 /* 1 when retired on the day the catalog was read
					(vm_retirement_at): never recommended */
	int retiring;                /* 1 when its retirement is announced for a later day */
	char retired_on[12];         /* ISO day it is retired from, "" = not known */
	char successor[32];          /* series the retirement guide names, "" = none */
	int spec_known;              /* 0 for sizes only known from the price API */
	int confidential;            /* 1: a confidential-computing size (confidential VM
					images, GPU in CC mode): only for a workload with
					confidential: true */
	char quota_family[48];       /* the quota family (list-skus `family`, e.g.
					"standardNCADSA100v4Family"); "" = not known */
};

/* One MIG GPU-instance profile of one GPU model. */
struct mig_profile {
	char gpu_model[FACT_NAME];
	char name[24];               /* "1g.10gb", "1g.10gb+me", "3g.40gb" */
	int memory_slices;           /* of 8 */
	double memory_gib;           /* usable */
	int compute_slices;          /* of 7 */
	int sms;
	int max_count;               /* instances of this profile per GPU */
	unsigned start_mask;         /* bit i set: may start at memory slot i */
	int media_ext;               /* 1 for the "+me" profile */
	char aks_profile[16];        /* AKS --gpu-instance-profile value, "" if none */
};

/* One model preset (LLM or other network). */
struct model_preset {
	char name[FACT_NAME];        /* "llama-3-8b" */
	char kind[16];               /* "llm" | "encoder" | "cnn" | "diffusion" */
	double params_b;             /* total parameters, billions */
	double active_params_b;      /* parameters used per token (MoE); = params_b otherwise */
	int layers;
	int hidden;
	int intermediate;
	int heads;
	int kv_heads;
	int head_dim;
	int vocab;
	int max_context;
	int moe_experts;             /* 0 for dense models */
	int moe_active;
	/* architecture beyond dense attention; 0 / "" = none or unknown */
	int moe_shared_experts;      /* always-on experts per MoE layer */
	int moe_intermediate;        /* one routed expert's FFN width */
	int moe_layers;              /* layers with routed experts */
	int mla_kv_lora_rank;        /* MLA: latent width of the KV cache */
	int mla_qk_rope_head_dim;    /* MLA: decoupled RoPE key width */
	int window_tokens;           /* sliding-window / chunked local attention span */
	int windowed_layers;         /* layers attending within window_tokens */
	char native_precision[16];   /* as released: "bf16", "fp8-block", ... */
	char native_expert_precision[16]; /* routed experts where different: "mxfp4" */
	int tied_embeddings;
	double mtp_params_b;         /* multi-token-prediction layers (memory only) */
};

struct region {
	char name[32];               /* ARM name, "eastus" */
	char display_name[48];       /* "East US" */
	char geography[32];          /* "United States" */
};

/* Pricing kinds; the profile spells them as in pricing_names[]. */
enum pricing_kind {
	PRICING_PAYG,
	PRICING_SPOT,
	PRICING_RESERVED_1Y,
	PRICING_RESERVED_3Y,
	PRICING_SAVINGS_1Y,
	PRICING_SAVINGS_3Y,
	PRICING_COUNT
};

/* One hourly price of one size in one region. */
struct price {
	char sku[FACT_SKU];
	char region[32];
	enum pricing_kind pricing;
	char os[8];                  /* "linux" | "windows" */
	char currency[4];
	double hourly;               /* always > 0 */
	char effective_date[24];     /* ISO date the price took effect, "" if unknown */
	char observed_date[12];      /* ISO date the source saw it, "" if unknown */
};

/* One storage tier: how fast one instance of it (account, disk, volume,
 * file system) can be read. */
struct storage_tier {
	char name[32];               /* "blob", "blob-premium", "managed-lustre", ... */
	double max_read_mb_per_s;    /* documented ceiling, MB/s (10^6 B/s) */
	double typical_read_mb_per_s;/* 0 when unknown */
};

/* Whether a serving engine runs on one GPU vendor's GPUs, and on which
 * architectures of them (catalog/engine_support.csv).  A pair without a row
 * is not supported; a limit not known is not applied. */
struct engine_support {
	char engine[24];             /* a sizing_engine name: "tensorrt-llm", "vllm", ... */
	char vendor[16];             /* a gpu_spec vendor: "NVIDIA" | "AMD" */
	int supported;               /* 1 supported, 0 not */
	double min_cc;               /* NVIDIA: the lowest compute capability it supports;
					< 0 unknown */
	char targets[128];           /* AMD: the LLVM targets it supports, space-separated;
					"" unknown */
};

/* 1 when engine (a sizing_engine name) runs on vendor's GPUs by the rows
 * es[0..n-1] (names compared ignoring case); 0 when a row says it does not
 * or no row names the pair. */
int engine_support_runs(const struct engine_support *es, size_t n, const char *engine,
			const char *vendor);

/* Why engine does not run on gpu (of vendor), into buf: "tensorrt-llm runs
 * on NVIDIA GPUs only; MI300X-OAM-192GB is AMD" (the vendors es supports). */
void engine_support_why(const struct engine_support *es, size_t n, const char *engine,
			const char *gpu, const char *vendor, char *buf, size_t len);

/*
 * Whether engine (a sizing_engine name) runs on GPU g by the rows
 * es[0..n-1]: its vendor (engine_support_runs), then its architecture: an
 * NVIDIA GPU whose compute capability (g->target) is below the row's
 * minimum, or an AMD GPU whose LLVM target is not among the row's targets,
 * does not.  A limit or target not known is not applied.  Returns 1 when
 * it runs, else 0 with the reason in why: "tensorrt-llm needs CUDA compute
 * capability 8.0 or higher; V100-SXM2-16GB is 7.0".
 */
int engine_support_check(const struct engine_support *es, size_t n, const char *engine,
			 const struct gpu_spec *g, char *why, size_t whylen);

/* A named, sourced efficiency factor used by the sizing model. */
struct efficiency {
	char name[FACT_NAME];        /* "decode_bw_efficiency" */
	char gpu_class[FACT_NAME];   /* a gpu_spec name, an architecture, or "*" */
	double value;
};

/* "payg", "spot", ...; NULL for an out-of-range kind. */
const char *pricing_name(enum pricing_kind k);

/* Parses a pricing name; returns 0 and sets *out, or -1 if unknown. */
int pricing_parse(const char *s, enum pricing_kind *out);

/* Bitmask of allowed start slots from "0,2,4,6" (or space separated);
 * returns 0 on a malformed list. */
unsigned mig_start_mask_parse(const char *s);


/* The data path's facts (catalog tables vm_data_limits, region_data,
 * lustre_tiers, bandwidth_prices, data_defaults; docs/data.md).  A number
 * that is not known is -1. */
struct vm_data_limit {
	char sku[FACT_SKU];
	double network_mb_per_s;     /* Max Bandwidth, Mb/s / 8 */
	double disk_mb_per_s;        /* uncached managed disks, -1 unknown */
};

struct region_data {
	char region[32];
	char continent[24];          /* "north-america", "europe", ... */
	double blob_egress_mb_per_s;
	double blob_ingress_mb_per_s;
};

struct lustre_tier {
	char sku[40];                /* "AMLFS-Durable-Premium-500" */
	double mb_per_s_per_tib;
	double min_tib, max_tib, step_tib;
	double usd_per_tib_month;    /* -1 unknown */
};

struct bandwidth_price {
	char zone[32];               /* a region or a continent */
	char kind[20];               /* intra-continent | inter-continent | internet */
	double tier_min_gb;
	double usd_per_gb;
};

struct data_default {
	char name[40];
	double value;
};

struct data_facts {
	struct vm_data_limit *vms;   /* sorted by sku */
	size_t nvms;
	struct region_data *regions;
	size_t nregions;
	struct lustre_tier *lustre;
	size_t nlustre;
	struct bandwidth_price *bandwidth;
	size_t nbandwidth;
	struct data_default *defaults;
	size_t ndefaults;
};

/*
 * A size's retirement on day today (ISO "YYYY-MM-DD"): announced is the
 * catalog's retired column (retired or retirement announced), retired_on its
 * day ("" or NULL: not known).  RETIRED when announced and the day is not
 * known or is today or earlier; RETIRING when announced for a later day;
 * else ACTIVE.  ISO days compare as strings.
 */
enum vm_retirement { VM_ACTIVE, VM_RETIRING, VM_RETIRED };
enum vm_retirement vm_retirement_at(int announced, const char *retired_on, const char *today);

#endif
