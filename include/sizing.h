/*
 * sizing.h - the memory and throughput model: what a model needs and what a
 * piece of GPU capacity gives it.
 *
 * This module is pure: it takes structs and fills structs, with no I/O, no
 * globals and no printing.  Units are fixed: memory in GiB (2^30 bytes),
 * bandwidth in GB/s (10^9 bytes/s), compute in TFLOPS (10^12 FLOP/s, dense,
 * never the 2:4-sparse datasheet figure), time in ms or hours as named.
 *
 * Every tunable number of the model is a named efficiency factor read from
 * the catalog's `efficiency` table (catalog/efficiency.csv, one cited source
 * per row) and carried in struct sizing_factors; the formulas and the
 * calibration are described in docs/sizing.md.
 *
 * Nothing here allocates: every result lives in a caller-owned struct.
 * Functions that can fail return 0 on success and -1 with a one-line cause
 * in err (SIZING_ERRLEN bytes) when err is not NULL.
 */
#ifndef GPUFIT_SIZING_H
#define GPUFIT_SIZING_H

#include <stddef.h>

#include "facts.h"

#define SIZING_ERRLEN 256

/* ---- numeric precisions ------------------------------------------------ */

enum sizing_precision {
	SIZING_FP32,
	SIZING_BF16,
	SIZING_FP16,
	SIZING_FP8,
	SIZING_INT8,
	SIZING_INT4,
	SIZING_FP4,       /* NVFP4: 4-bit E2M1 + one FP8 scale per 16 values */
	SIZING_MXFP4,     /* OCP MXFP4: 4-bit E2M1 + one 8-bit E8M0 scale per 32 values */
	SIZING_FP8_BLOCK, /* FP8 e4m3 with one fp32 scale per 128x128 block (DeepSeek) */
	SIZING_PRECISION_COUNT
};

/* "fp32", "bf16", "fp16", "fp8", "int8", "int4", "fp4", "mxfp4", "fp8-block"
 * (case-insensitive): 0 and *out set, or -1 if unknown.  "nvfp4" is read as
 * fp4.  "native" is not a precision: see sizing_model_native(). */
int sizing_precision_parse(const char *s, enum sizing_precision *out);

/* "fp32", "bf16", ...; "?" for an out-of-range value. */
const char *sizing_precision_name(enum sizing_precision p);

/*
 * Bytes per weight parameter as stored, including quantisation metadata:
 * fp32 4, bf16/fp16 2, fp8 1 (per-tensor scales, negligible), int8 1 + one
 * fp16 scale per output channel of 4096 weights (~1.0005), int4 0.5 + one
 * fp16 scale and zero point per group of 128 weights (0.53125), fp4 (NVFP4)
 * 0.5 + one FP8 scale per 16 (0.5625), mxfp4 0.5 + one 8-bit scale per 32
 * (0.53125), fp8-block 1 + one fp32 scale per 128 × 128 (1.000244).
 */
double sizing_weight_bytes(enum sizing_precision p);

/* Bytes per KV-cache element of a KV precision (fp32 4, 16-bit 2, fp8/int8 1,
 * int4/fp4 0.5). */
double sizing_kv_bytes(enum sizing_precision kv);

/*
 * The KV-cache precision used when none is given: the weight precision for
 * fp32/bf16/fp16/fp8, fp16 for int8 and int4 (weight-only quantisation keeps
 * a 16-bit cache unless an fp8 cache is asked for); fp16 for fp4 and mxfp4,
 * fp8 for fp8-block.
 */
enum sizing_precision sizing_kv_default(enum sizing_precision weights);

/* The KV cache of a native run (precision: native) whose weights resolved
 * to precision weights: 16-bit, fp16 for an fp16 model, else bf16 (a float32
 * model too: engines serve it in 16 bits). */
enum sizing_precision sizing_kv_native(enum sizing_precision weights);

/* ---- what a candidate gives a workload --------------------------------- */

enum sizing_capacity_kind {
	SIZING_CAP_GPU,       /* whole GPUs of a model, no VM (estimate --gpu) */
	SIZING_CAP_VM,        /* whole GPUs of an Azure VM size, vm_count VMs */
	SIZING_CAP_FRACTION,  /* a VM with a fraction of one GPU (vGPU partition) */
	SIZING_CAP_MIG        /* one MIG instance of one GPU */
};

/*
 * What a candidate gives a workload.  Per-device figures are for one device
 * as the workload sees it: a whole GPU, a partition or a MIG slice (already
 * scaled).  `gpus` counts such devices; a partition or a slice counts 1.
 * Every field is plain data, so callers may adjust a constructed capacity
 * (e.g. a different InfiniBand rate) before using it.
 */
struct sizing_capacity {
	enum sizing_capacity_kind kind;
	char gpu_model[FACT_NAME];    /* gpu_spec name */
	char architecture[24];        /* gpu_spec architecture, for factor lookup */
	int gpus;                     /* devices in total (all nodes) */
	int gpus_per_node;            /* devices per VM / node */
	int nodes;                    /* VMs */
	int nvlink_domain;            /* devices sharing NVLink/NVSwitch (1 = none) */
	double fraction;              /* share of one physical GPU per device: 1, 1/6, 3/7 ... */
	double memory_gib;            /* per device, as the runtime sees it */
	double bandwidth_gbps;        /* per device, memory bandwidth */
	double fp32_tflops;           /* per device, dense; 0 = unsupported */
	double fp16_tflops;
	double bf16_tflops;
	double fp8_tflops;
	double fp4_tflops;            /* dense FP4 tensor math; 0 = none (fp4 at the fp8 rate) */
	double int8_tops;
	double link_gbps;             /* per device NVLink bandwidth, datasheet (both directions), 0 = none */
	double pcie_gbps;             /* per device host link, GB/s */
	double infiniband_gbps;       /* per device InfiniBand, Gb/s (bits); 0 = none */
	char mig_profile[24];         /* "" unless kind is SIZING_CAP_MIG */
	int mig_per_gpu;              /* MIG: slices of this profile one GPU holds, the
					 most a replica may run on (fit_mig_per_gpu;
					 set by the caller); 0: 7 */
	char precisions[64];          /* gpu_spec precisions; "" = unknown (all allowed) */
};

/*
 * A VM size: vm_count VMs of vm, whose GPUs are gpu.  A VM with gpu_count < 1
 * becomes a SIZING_CAP_FRACTION device (memory = the partition's, compute and
 * bandwidth scaled by gpu_count).  GPUs of one VM share an NVLink domain when
 * vm->nvlink is set.  -1 when gpu does not match vm->gpu_model, vm_count < 1
 * or a whole-GPU VM has a non-integral gpu_count; out is then untouched.
 */
int sizing_capacity_from_vm(const struct vm_size *vm, const struct gpu_spec *gpu, int vm_count,
			    struct sizing_capacity *out);

/*
 * One MIG instance: compute scaled by the SM share (mig->sms / gpu->sm_count),
 * bandwidth by memory slices / 8, memory = the profile's usable GiB.  -1 when
 * the profile is not of this GPU or the GPU has no SM count.
 */
int sizing_capacity_from_mig(const struct gpu_spec *gpu, const struct mig_profile *mig,
			     struct sizing_capacity *out);

/*
 * gpus whole GPUs of one model, as for `estimate --gpu`: up to 8 per node.
 * The NVLink domain is the node for NVLink/NVSwitch parts, pairs for
 * bridged parts ("NVLink-bridge"), 1 otherwise.  When more than one node is
 * needed, each GPU is given a 400 Gb/s InfiniBand link (the ND H100 v5
 * rate); a caller modelling another network sets infiniband_gbps itself.
 * -1 when gpus < 1.
 */
int sizing_capacity_from_gpu(const struct gpu_spec *gpu, int gpus, struct sizing_capacity *out);

/* Dense peak TFLOPS of one device for math in precision p: bf16 and fp8
 * fall back to fp16 where unsupported; fp4 and mxfp4 run at the FP4 tensor
 * rate where the GPU has one (Blackwell, CDNA4), else at the fp8 rate (else
 * fp16); int8/int4 are weight-only quantisation whose math runs in fp16. */
double sizing_capacity_tflops(const struct sizing_capacity *cap, enum sizing_precision p);

/*
 * How a device runs a requested precision (catalog gpu_models.precisions):
 *   native       the format's own tensor math (fp8 on Hopper, bf16 on Ampere);
 *                int8/int4 are always weight-only (see below);
 *   weight-only  weights stored in the format and dequantised to 16-bit for the
 *                math: int8/int4 where a kernel ships (GPTQ Volta+, AWQ Turing+),
 *                fp8 on Ampere (Marlin W8A16); decode bandwidth efficiency is
 *                scaled by weight_only_int8_efficiency (fp8, int8) or _int4_;
 *   as-fp16      bf16 asked on a GPU without bf16 units (T4, V100): sized as fp16;
 *   as-bf16      fp8 training without FP8 tensor cores: sized as bf16, no speed-up;
 *   unsupported  the GPU cannot run it (fp8 inference on a T4, int4 on a K80).
 * fp4 and mxfp4 are native where the list has fp4 (Blackwell), weight-only
 * (serving only) where it has fp4w, unsupported otherwise; fp8-block is fp8.
 * An empty precisions list (an unknown GPU) allows everything as before.
 */
enum sizing_precision_mode {
	SIZING_PREC_NATIVE,
	SIZING_PREC_WEIGHT_ONLY,
	SIZING_PREC_AS_FP16,
	SIZING_PREC_AS_BF16,
	SIZING_PREC_UNSUPPORTED
};

/* "native", "weight-only", "as-fp16", "as-bf16", "unsupported". */
const char *sizing_precision_mode_name(enum sizing_precision_mode m);

/*
 * The mode of precision p on cap for inference (training 0) or training
 * (training 1), and, when note is not NULL, a one-line note naming the GPU
 * and what happens ("" for native): e.g. "T4-PCIe-16GB (Turing) has no FP8
 * tensor cores nor an FP8 weight-only kernel; use fp16, or int8/int4
 * weight-only".
 */
enum sizing_precision_mode sizing_precision_support(const struct sizing_capacity *cap,
						    enum sizing_precision p, int training,
						    char *note, size_t len);

struct sizing_model;

/*
 * The same for model m in precision p: with mixed precision (see
 * sizing_model_native()) the routed experts' precision is checked too, and
 * the worse mode wins, its note starting "experts: ".
 */
enum sizing_precision_mode sizing_model_precision_support(const struct sizing_capacity *cap,
							  const struct sizing_model *m,
							  enum sizing_precision p, int training,
							  char *note, size_t len);

/* ---- the model --------------------------------------------------------- */

/*
 * A model's shape.  params_b is the total parameter count (billions),
 * active_params_b the parameters used per token (equal for dense models).
 * The shape fields may be 0 when unknown; the KV cache then cannot be sized
 * and sizing_inference reports an error.
 */
struct sizing_model {
	char name[FACT_NAME];
	double params_b;
	double active_params_b;
	int layers;
	int hidden;
	int intermediate;
	int heads;
	int kv_heads;
	int head_dim;                 /* 0: hidden / heads */
	int vocab;
	int moe_experts;              /* 0 = dense */
	int moe_active;
	/* beyond dense attention (0 = none or unknown) */
	int moe_shared_experts;       /* always-on experts per MoE layer (in active_params_b) */
	int moe_intermediate;         /* one routed expert's FFN width */
	int moe_layers;               /* layers with routed experts */
	int mla_kv_lora_rank;         /* MLA: the cache is one latent of */
	int mla_qk_rope_head_dim;     /*   kv_lora_rank + qk_rope_head_dim per layer */
	int window_tokens;            /* sliding-window / chunked local attention span */
	int windowed_layers;          /* layers attending within window_tokens */
	int tied_embeddings;          /* lm_head shares the embedding matrix */
	double mtp_params_b;          /* multi-token-prediction layers: memory, not decode */
	/* the precisions the weights are released in (native_known 0 = unknown) */
	int native_known;
	enum sizing_precision native_precision;        /* dense tensors */
	enum sizing_precision native_expert_precision; /* routed experts */
	/* set by sizing_model_native(): routed experts are stored in
	 * expert_precision and embeddings in 16-bit whatever the requested
	 * precision; 0 = every tensor in the requested precision */
	int mixed_precision;
	enum sizing_precision expert_precision;
};

/* Copies a catalog preset; fills active_params_b and head_dim when 0. */
void sizing_model_from_preset(const struct model_preset *p, struct sizing_model *out);

/*
 * Completes an inline model: active_params_b = params_b when 0, kv_heads =
 * heads when 0, head_dim = hidden / heads when 0.  -1 when params_b <= 0.
 */
int sizing_model_normalize(struct sizing_model *m, char *err);

/*
 * KV-cache bytes per token of one layer: 2 × kv_heads × head_dim × bytes(kv),
 * or for MLA (mla_kv_lora_rank > 0) one latent (kv_lora_rank +
 * qk_rope_head_dim) × bytes(kv), no K/V pair and no heads.
 */
double sizing_kv_layer_bytes(const struct sizing_model *m, enum sizing_precision kv);

/* KV-cache bytes per token of every layer: layers × sizing_kv_layer_bytes()
 * (what an engine that keeps every layer's KV for every token holds). */
double sizing_kv_bytes_per_token(const struct sizing_model *m, enum sizing_precision kv);

/*
 * KV-cache bytes of one sequence of tokens: global layers hold every token;
 * windowed layers hold min(tokens, window_tokens) when window_only (the
 * engine keeps only the window), every token otherwise.
 */
double sizing_kv_bytes_per_sequence(const struct sizing_model *m, enum sizing_precision kv,
				    double tokens, int window_only);

/*
 * Routed-expert parameters of all MoE layers (the part a token uses only
 * moe_active of): moe_layers × moe_experts × 3 × hidden × moe_intermediate
 * (SwiGLU) when the shape is known, else (params − active) × E / (E − k);
 * 0 for a dense model.
 */
double sizing_routed_expert_params(const struct sizing_model *m);

/*
 * Bytes of all weights in precision w (MTP layers not included): every
 * tensor in w, or with mixed_precision the routed experts in
 * expert_precision, the embeddings (and an untied lm_head) in 16-bit and
 * the rest in w.
 */
double sizing_weight_bytes_model(const struct sizing_model *m, enum sizing_precision w);

/* Bytes of the multi-token-prediction layers in precision w (0 when none). */
double sizing_mtp_bytes(const struct sizing_model *m, enum sizing_precision w);

/*
 * Weight bytes one decode step of b sequences reads: every dense weight and
 * shared expert, and of the routed experts the expected distinct set the b
 * tokens touch: E × (1 − (1 − k/E)^b) experts per MoE layer.
 */
double sizing_weights_read_bytes(const struct sizing_model *m, enum sizing_precision w,
				 double b);

/*
 * Sizes m in the precisions its weights are released in: *w = the dense
 * precision, and m->mixed_precision / expert_precision set for the routed
 * experts.  -1 naming the model when the catalog does not say.
 */
int sizing_model_native(struct sizing_model *m, enum sizing_precision *w, char *err);

/* ---- serving engines and training frameworks --------------------------- */

/* TensorRT-LLM is 0: the baseline the factors are calibrated on. */
enum sizing_engine {
	SIZING_ENGINE_TENSORRT_LLM,
	SIZING_ENGINE_VLLM,
	SIZING_ENGINE_SGLANG,
	SIZING_ENGINE_TGI,
	SIZING_ENGINE_LLAMA_CPP,
	SIZING_ENGINE_TRANSFORMERS,
	SIZING_ENGINE_COUNT
};

/* "tensorrt-llm", "vllm", "sglang", "tgi", "llama.cpp", "transformers". */
const char *sizing_engine_name(enum sizing_engine e);

/* The engine's option that sets its cap on sequences in flight
 * (engine_max_batch_sequences): "max_num_seqs" for vLLM, "--parallel" for
 * llama.cpp, ...; "?" out of range. */
const char *sizing_engine_sequences_option(enum sizing_engine e);
/* 0 and *out set, -1 unknown (case-insensitive). */
int sizing_engine_parse(const char *s, enum sizing_engine *out);

/*
 * One engine's factors (catalog/efficiency.csv rows named engine_* whose
 * gpu_class is the engine name).  The scales multiply the calibrated
 * baseline factors; known 0 = no rows: the baseline (TensorRT-LLM) as is.
 */
struct sizing_engine_factors {
	int known;
	double step_overhead_ms;      /* per decode step: launches, sampling, scheduling */
	double step_per_sequence_us;  /* per sequence in a step: its sampling and bookkeeping */
	double decode_bw_scale;       /* × decode_bw_efficiency */
	double decode_mfu_scale;      /* × decode_mfu */
	double prefill_scale;         /* × prefill_mfu */
	double max_batch_sequences;   /* the engine's default cap on sequences in flight */
	double chunked_prefill;       /* 1: prompts batched with decode; 0: a prompt stalls decode */
	double expert_parallel;       /* 1: offers expert parallelism when asked; 0: never */
	double dp_attention;          /* 1: pairs it with data-parallel attention for MLA models */
	double step_overlaps;         /* 1: eager launches overlap the GPU work (step = the longer) */
	double memory_rule;           /* 0: memory_utilization of the device; 1: SGLang's
				       * mem_fraction_static rule (sizing_sglang_reserve) */
	double unvalidated;           /* 1: its factors are not validated against published
				       * measurements of its current release */
	double layer_ms;              /* per layer in a forward pass: the layer's small kernels
				       * (norms, rotary, quantizing activations, attention),
				       * each a few microseconds whatever its size */
	double weight_only_native;    /* 1: its own quantized kernels read weights at its own
				       * bandwidth share (no generic weight-only efficiency) */
	double host_layer_ms;         /* host work per layer in a step: an eager engine's
				       * Python and kernel launches of each layer */
	double cap_per_dp_rank;       /* 1: under data-parallel attention its cap on
				       * sequences in flight holds for each rank (an
				       * engine per rank); 0: for the whole instance */
	double static_batches;        /* 1: a batch's prompts are prefilled together in one
				       * step and the batch decodes to its end (generate()) */
};

/*
 * SGLang's default memory split: the MiB it keeps out of its static pool
 * (weights and KV cache) on a GPU of mem_mib, for tp x pp ranks, with data-
 * parallel attention over dp ranks when dp > 1.  activations_mib is the
 * prefill share of it (1.5 MiB per token of its chunk); the rest is
 * metadata, CUDA graphs and the parallel-size allowance.
 */
struct sizing_sglang_reserve {
	double chunk_tokens;      /* its default chunked_prefill_size on that GPU */
	double graph_max_bs;      /* its default cuda_graph_max_bs */
	double activations_mib;
	double reserved_mib;      /* everything kept out of the static pool */
	double mem_fraction_static;
};

void sizing_sglang_reserve(double mem_mib, int tp, int pp, int dp,
			   struct sizing_sglang_reserve *out);

enum sizing_framework {
	SIZING_FRAMEWORK_DEFAULT,     /* train_mfu */
	SIZING_FRAMEWORK_FSDP,
	SIZING_FRAMEWORK_MEGATRON,
	SIZING_FRAMEWORK_DEEPSPEED,
	SIZING_FRAMEWORK_COUNT
};

/* "default", "fsdp", "megatron", "deepspeed". */
const char *sizing_framework_name(enum sizing_framework f);
int sizing_framework_parse(const char *s, enum sizing_framework *out);

/* ---- efficiency factors ------------------------------------------------ */

/*
 * The named efficiency factors, each a row of the catalog's efficiency
 * table (the names are the field names).  Fractions are 0..1 unless noted.
 */
struct sizing_factors {
	/* inference */
	double decode_bw_efficiency;       /* achieved / peak memory bandwidth in decode */
	double decode_kv_bw_efficiency;    /* achieved / peak bandwidth of decode attention (KV reads) */
	double decode_mfu;                 /* compute roof reached by batched decode */
	double prefill_mfu;                /* achieved / peak dense FLOPS in prefill */
	double decode_step_overhead_ms;    /* fixed per decode step (launches, sampling, scheduler) */
	double weight_only_int8_efficiency;/* decode bandwidth efficiency of int8 weight-only vs 16-bit */
	double weight_only_int4_efficiency;/* the same for int4 */
	double tp_efficiency;              /* throughput kept per doubling of tensor parallelism */
	double pp_efficiency;              /* throughput kept per doubling of pipeline stages */
	double max_batch_sequences;        /* serving scheduler's cap on sequences in flight */
	double memory_utilization;         /* fraction of device memory the runtime may use */
	double runtime_overhead_gib;       /* CUDA context, NCCL, CUDA graphs per device, GiB */
	double activation_bytes_per_token_hidden; /* transient activations, bytes per token per hidden unit */
	double prefill_chunk_tokens;       /* tokens in one prefill batch (activation peak) */
	double mig_efficiency;             /* MIG slice compute vs its SM share (compute terms, <= whole GPU) */
	/* training */
	double train_mfu;                  /* model FLOPS utilisation, bf16/fp16, well-tuned */
	double train_fp8_speedup;          /* fp8 training throughput over bf16 */
	double train_finetune_mfu_scale;   /* MFU multiplier for LoRA/QLoRA fine-tuning */
	double qlora_dequant_overhead;     /* extra compute time of 4-bit base dequantisation */
	double train_activation_overhead;  /* multiplier on activation memory (buffers, fragmentation) */
	double train_global_batch_tokens;  /* tokens per optimizer step (gradient accumulation) */
	double network_efficiency;         /* achieved / line rate of collectives (NVLink, IB) */
	double comm_overlap;               /* share of data-parallel communication hidden by compute */
	double ib_required_ratio;          /* exposed comm / compute above which IB is required */
	double ethernet_gbps_per_node;     /* network of a VM without InfiniBand, Gb/s */
	double pcie_allreduce_latency_us;  /* one small all-reduce over PCIe (no NVLink) */
	double pcie_efficiency;            /* achieved / line rate of PCIe all-reduces */
	double nvlink_allreduce_latency_us;/* one small all-reduce over NVLink / Infinity Fabric */
	double nvlink_efficiency;          /* achieved / per-direction line rate of NVLink all-reduces */
	double moe_expert_mfu_scale;       /* routed-expert GEMMs' rate relative to dense GEMMs */
	double moe_layer_us;               /* fixed device time of one routed-expert layer in a
					    * step (router, top-k, token alignment and combine
					    * kernels a dense layer has not), microseconds */
	double moe_pair_ns;                /* device time of each routed (token, expert) pair
					    * a GPU handles in a routed layer beyond its GEMMs'
					    * FLOPs (the token's permutation, quantization and
					    * the experts' partial tiles), nanoseconds */
	double roofline_blend;             /* share of the shorter of weight read and GEMMs added to the longer */
	double train_mfu_fsdp;             /* published MFU by framework and GPU class */
	double train_mfu_megatron;
	double train_mfu_deepspeed;
	double mla_attention_mfu;     /* absorbed MLA decode attention: share of the 16-bit
				       * peak its math reaches (FlashMLA) */
	double ep_expert_load_cv;     /* spread of the routed experts' popularity under
				       * expert parallelism (sizing_ep_token_imbalance) */
	struct sizing_engine_factors engine[SIZING_ENGINE_COUNT];
	/* 1: the engine keeps only the window of sliding-window layers
	 * (engine_kv_window_only rows); 0, or no row: every token */
	double kv_window_only[SIZING_ENGINE_COUNT];
};

/*
 * Fills out from the efficiency rows list[0..n-1] for gpu: for each factor
 * the most specific row wins: gpu->name, then gpu->architecture, then "*"
 * (case-insensitive).  gpu NULL uses only the "*" rows.  Returns -1 naming
 * the first factor without any row; rows with unknown names are ignored.
 */
int sizing_factors_resolve(const struct efficiency *list, size_t n, const struct gpu_spec *gpu,
			   struct sizing_factors *out, char *err);

/* The factors of engine e: the catalog's rows, or the baseline (TensorRT-LLM
 * as calibrated) when it has none. */
struct sizing_engine_factors sizing_engine_factors_of(const struct sizing_factors *f,
						      enum sizing_engine e);

/* Whether engine e keeps only the window of sliding-window layers. */
int sizing_engine_kv_window_only(const struct sizing_factors *f, enum sizing_engine e);

/* Number of named factors, and the name / value of factor i (for printing
 * the assumptions of an estimate); NULL for i out of range. */
size_t sizing_factor_count(void);
const char *sizing_factor_name(size_t i);
double sizing_factor_value(const struct sizing_factors *f, size_t i);

/* ---- inference --------------------------------------------------------- */

/* Where attention runs under expert parallelism (serving.attention). */
enum sizing_attention {
	SIZING_ATTENTION_DEFAULT,         /* data-parallel for an MLA model where the
					   * engine has it (engine_dp_attention), else
					   * tensor-parallel */
	SIZING_ATTENTION_DATA_PARALLEL,   /* each GPU its own sequences, attention whole */
	SIZING_ATTENTION_TENSOR_PARALLEL, /* heads split over the GPUs */
};

/* "data-parallel", "tensor-parallel": 0 and *out set, or -1. */
int sizing_attention_parse(const char *s, enum sizing_attention *out);

struct sizing_serving {
	double input_tokens;          /* prompt tokens per request */
	double output_tokens;         /* generated tokens per request */
	long concurrency;             /* sequences in flight; 0 = the largest that fits */
	enum sizing_engine engine;    /* 0 = TensorRT-LLM (the calibration baseline) */
	int expert_parallel;          /* 1: the engine's expert-parallel deployment (see below) */
	long max_sequences;           /* the engine's cap on sequences in flight as the
				       * user sets it (vLLM max_num_seqs, ...), above the
				       * engine's default too; 0 = the engine's default
				       * (engine_max_batch_sequences) */
	enum sizing_attention attention; /* under expert parallelism */
};

enum sizing_bound {
	SIZING_BOUND_COMPUTE,
	SIZING_BOUND_MEMORY_BANDWIDTH,
	SIZING_BOUND_INTERCONNECT,
	SIZING_BOUND_MEMORY_CAPACITY
};

/* "compute", "memory-bandwidth", "interconnect", "memory-capacity". */
const char *sizing_bound_name(enum sizing_bound b);

/* How a mixture of experts spreads over an instance: "expert 8", with
 * ", attention data-parallel 8" when attention is too; "" when its experts
 * are not spread (ep <= 1).  Returns buf. */
const char *sizing_expert_text(char *buf, size_t len, int ep, int attention_dp);

/* An instance's layout: "tensor 8 x pipeline 1", with ", " and
 * sizing_expert_text when the experts are spread.  Returns buf. */
const char *sizing_parallelism_text(char *buf, size_t len, int tp, int pp, int ep,
				    int attention_dp);

struct sizing_inference_result {
	/* memory for one model instance (all its devices), GiB */
	double weights_gib;
	double kv_cache_gib;          /* at the concurrency used */
	double activations_gib;
	double overhead_gib;
	double total_gib;
	double available_gib;         /* devices × memory × memory_utilization (the whole
				       * memory under SGLang's rule: overhead_gib holds its reserve) */
	double mem_fraction_static;   /* SGLang's rule: its static share of memory; else 0 */
	double kv_bytes_per_token;    /* every layer (sizing_kv_bytes_per_token) */
	double kv_bytes_per_sequence; /* one full sequence as the engine keeps it */
	int kv_window_only;           /* 1: windowed layers hold only the window */
	int fits;                     /* weights + one full sequence fit */
	long max_concurrency;         /* largest batch that fits (capped by max_sequences) */
	long max_sequences;           /* the engine's cap in force over the instance: the
				       * serving's max_sequences, else
				       * engine_max_batch_sequences, × cap_ranks */
	int max_sequences_set;        /* 1: max_sequences is the user's */
	int cap_ranks;                /* ranks the engine's cap holds for each of: the
				       * data-parallel attention ranks of an engine
				       * whose engine_cap_per_dp_rank is 1, else 1 */
	long memory_max_concurrency;  /* sequences the memory holds, before the engine's cap */
	long concurrency;             /* batch the throughput is given for */
	int tp, pp;                   /* tensor-parallel and pipeline degrees (tp × pp = gpus) */
	int ep;                       /* GPUs the routed experts are spread over (1 = none) */
	int attention_dp;             /* data-parallel attention ranks (1 = none) */
	enum sizing_bound bound;
	double prefill_tokens_per_s;  /* prompt tokens/s when only prefilling */
	double time_to_first_token_ms;/* one request's prefill on an idle instance */
	double ms_per_output_token;   /* per sequence, at the concurrency used */
	double output_tokens_per_s;   /* aggregate, at the concurrency used */
	const char *note;             /* static text: why it does not fit, or NULL */
	enum sizing_precision_mode precision_mode;
	char precision_note[320];     /* "" when native */
};

/*
 * Why r does not fit, for a person: r->note, except when the requested
 * concurrency is over engine e's cap on sequences in flight while memory
 * holds it: then, formatted into buf, the numbers and the option that
 * raises the cap ("257 sequences exceed vllm's default of 256 sequences in
 * flight (max_num_seqs; memory holds 380; raise it with max_sequences)"), and
 * when a max_sequences asked for (concurrency 0) is more than the KV cache
 * holds ("max_sequences 4096 is more sequences than the KV cache holds
 * (380)").  NULL when r has no note.
 */
const char *sizing_inference_why(const struct sizing_inference_result *r, enum sizing_engine e,
				 char *buf, size_t len);

/*
 * Sizes serving of model m with weights in precision w and KV cache in kv on
 * cap.  One model instance spans all devices of cap: tensor parallel inside
 * the NVLink domain, pipeline stages across domains (no NVLink: pipeline
 * only).  A model that does not fit gives fits = 0, bound memory-capacity and
 * zero throughput, and still returns 0.  With s->concurrency 0 the batch is
 * the largest that fits under the engine's cap (s->max_sequences when set);
 * a max_sequences set above what the KV cache holds then gives fits = 0
 * (the cap could never be reached), the throughput at the batch memory
 * holds; -1 only for unusable input (model
 * without a shape, non-positive token counts, empty capacity).
 */
int sizing_inference(const struct sizing_model *m, enum sizing_precision w,
		     enum sizing_precision kv, const struct sizing_serving *s,
		     const struct sizing_capacity *cap, const struct sizing_factors *f,
		     struct sizing_inference_result *out, char *err);

/* ---- expert parallelism ------------------------------------------------ */

/*
 * With expert parallelism (serving.expert_parallel, on an engine whose
 * engine_expert_parallel row is 1) a mixture of experts spreads its routed
 * experts over the ep = tp GPUs of a stage: each GPU holds E / ep whole
 * experts (the same bytes as tensor-parallel slices of every expert), and
 * each MoE layer waits for the busiest GPU (sizing_ep_token_imbalance,
 * sizing_ep_read_imbalance).  With attention data-parallel over the same
 * GPUs (by default for an MLA model on an engine whose engine_dp_attention
 * row is 1; serving.attention for others), each holds the attention
 * weights whole and the KV cache of its own sequences only (B / ep of
 * them), the attention all-reduces go, and each MoE layer's MLP all-reduce
 * becomes a dispatch of the tokens to every GPU and a combine of the
 * results (sizing_ep_alltoall_s).  With attention tensor-parallel every GPU
 * holds every token already, and the MLP all-reduce stays.
 */

/*
 * Attention parameters.  Grouped-query attention: layers × hidden ×
 * head_dim × 2 × (heads + kv_heads) (q, k, v and o).  MLA, whose
 * projections go through its latent: total − routed experts − embeddings −
 * dense-layer MLPs ((layers − moe_layers) × 3 × hidden × intermediate) −
 * shared experts (moe_layers × shared × 3 × hidden × moe_intermediate), 0
 * when the shape does not say (no moe_layers).
 */
double sizing_attention_params(const struct sizing_model *m);

/* Expected distinct routed experts one GPU of ep runs per MoE layer in a
 * step of b tokens: E / ep × (1 − (1 − k/E)^b); 0 for a dense model. */
double sizing_ep_experts_touched(const struct sizing_model *m, int ep, double b);

/* 1 when m's routed experts spread over ep GPUs (ep > 1, at least ep
 * experts, 0 < k < E), else 0. */
int sizing_ep_applies(const struct sizing_model *m, int ep);

/*
 * Bytes per value the dispatch sends a token's hidden state in: the
 * precision the routed experts' GEMMs take their activations in (FP8 +
 * one fp32 scale per 128 values: 1.03125; NVFP4: 0.5625; MXFP4 weights
 * with MXFP8 activations: 1.03125; 16-bit for weight-only kernels and
 * 16-bit models: 2).  The combine returns 16-bit results (2 B a value).
 */
double sizing_ep_dispatch_bytes(const struct sizing_model *m, enum sizing_precision w,
				enum sizing_precision_mode mode);

/* Bytes one GPU moves in each direction for one MoE layer's dispatch and
 * combine over ep GPUs, tokens tokens in all, as the engines do it by
 * default on one node (an all-gather of every rank's tokens, then a
 * reduce-scatter of the results): tokens × (ep − 1)/ep × hidden ×
 * (dispatch_b + 2 B); 0 when expert parallelism does not apply. */
double sizing_ep_alltoall_bytes(const struct sizing_model *m, double tokens, int ep,
				double dispatch_b);

/* E[max of n independent standard normals]: 0 for n <= 1, 1.4236 for 8. */
double sizing_normal_max(int n);

/*
 * The busiest of ep GPUs against their mean, in routed token-expert pairs
 * (the expert GEMMs' work) for a step of tokens tokens: 1 +
 * sizing_normal_max(ep) × √(ep / (tokens × k) + cv² × ep / E) with cv the
 * factor ep_expert_load_cv (the spread of the experts' popularity; 0 for a
 * mixture of fewer than 64 routed experts), at most min(ep, E/k); 1 when
 * expert parallelism does not apply.
 */
double sizing_ep_token_imbalance(const struct sizing_model *m, double tokens, int ep,
				 const struct sizing_factors *f);

/*
 * The same in distinct experts read (the decode weight read): of its E/ep
 * experts each GPU touches a binomial count of mean E/ep × q, q = 1 − (1 −
 * k/E)^tokens; the busiest reads mean + sizing_normal_max(ep) × sd, at most
 * E/ep.  DeepSeek-V3 at one token on 8 GPUs: 2.40.  1 when ep <= 1.
 */
double sizing_ep_read_imbalance(const struct sizing_model *m, double tokens, int ep);

/*
 * Seconds of the dispatches and combines of one pipeline stage
 * (moe_layers / pp MoE layers): per layer 2 × the link's latency
 * (nvlink_allreduce_latency_us or pcie_allreduce_latency_us) + one GPU's
 * sizing_ep_alltoall_bytes over its link (NVLink per direction ×
 * nvlink_efficiency when the ep GPUs share an NVLink domain, else PCIe ×
 * pcie_efficiency).  Every GPU moves the same bytes.  0 when expert
 * parallelism does not apply.
 */
double sizing_ep_alltoall_s(const struct sizing_model *m, double tokens, int ep, int pp,
			    double dispatch_b, const struct sizing_capacity *cap,
			    const struct sizing_factors *f);

/* ---- training ---------------------------------------------------------- */

enum sizing_train_method { SIZING_TRAIN_FULL, SIZING_TRAIN_LORA, SIZING_TRAIN_QLORA };

/* "full", "lora", "qlora": 0 ok, -1 unknown. */
int sizing_train_method_parse(const char *s, enum sizing_train_method *out);
const char *sizing_train_method_name(enum sizing_train_method m);

struct sizing_training {
	enum sizing_train_method method;
	int zero_stage;               /* 0-3 */
	double tokens;                /* training tokens of one run */
	double sequence_length;
	double micro_batch;           /* sequences of one micro-step per data-parallel
				       * replica (its tp x pp GPUs share them); 0 = 1 */
	int recompute;                /* -1 auto (only when needed), 0 never, 1 always */
	double lora_fraction;         /* trainable / total params; 0 = 0.005 */
	enum sizing_framework framework; /* 0 = train_mfu */
};

struct sizing_training_result {
	double weights_gib;           /* per device: parameters (sharded as configured) */
	double gradients_gib;
	double optimizer_gib;
	double activations_gib;
	double overhead_gib;
	double memory_gib;            /* per device total */
	double available_gib;         /* per device, memory × memory_utilization */
	int fits;
	int tp, pp, dp;               /* the split that fits (tp × pp × dp = gpus) */
	int recompute;                /* 1 when full activation recomputation is assumed */
	double tokens_per_s;          /* all devices */
	double hours;                 /* wall time of one run */
	double mfu;                   /* effective, after exposed communication */
	double comm_compute_ratio;    /* exposed inter-node comm / compute */
	int needs_infiniband;
	const char *note;             /* static text: why it does not fit, or NULL */
	enum sizing_precision_mode precision_mode;
	char precision_note[320];     /* "" when native */
};

/*
 * Sizes a training or fine-tuning run of m in precision w (bf16/fp16/fp8;
 * qlora always keeps a 4-bit base) on cap.  Picks the smallest tensor ×
 * pipeline split that fits (tensor parallel only inside the NVLink domain),
 * the rest data parallel, and recomputation only when needed (recompute -1);
 * framework fsdp instead takes the fastest FSDP × TP split that fits (tp
 * inside a node, no pipeline; its TP all-reduces charged), recomputing or
 * not, and falls back to the smallest split only when none fits.
 * Multi-node runs on capacity without InfiniBand that need it do not fit.
 * A run that does not fit gives fits = 0 and returns 0; -1 only for
 * unusable input.
 */
int sizing_training(const struct sizing_model *m, enum sizing_precision w,
		    const struct sizing_training *t, const struct sizing_capacity *cap,
		    const struct sizing_factors *f, struct sizing_training_result *out, char *err);

/* ---- generic (non-LLM) requirements ------------------------------------ */

struct sizing_requirements {
	double gpu_memory_gib;        /* 0 = no requirement */
	double tflops_fp16;
	double bandwidth_gb_per_s;
};

struct sizing_generic_result {
	int fits;
	double memory_util;           /* need / usable memory of one device */
	double compute_util;          /* need / dense fp16 peak (× mig_efficiency, at most the GPU's) */
	double bandwidth_util;        /* need / bandwidth */
	const char *note;             /* static text naming the first shortfall, or NULL */
};

/*
 * A workload given by raw requirements, served by one device of cap (the
 * requirement is per replica and replicas do not span devices).  Fits when
 * every utilisation is at most 1.  Usable memory is memory ×
 * memory_utilization − runtime_overhead_gib.
 */
void sizing_generic(const struct sizing_requirements *r, const struct sizing_capacity *cap,
		    const struct sizing_factors *f, struct sizing_generic_result *out);

#endif
