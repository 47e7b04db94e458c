/*
 * cmd_estimate.c - `gpufit estimate`: one model on one GPU configuration.
 *
 * Resolves the model (a preset or inline numbers), the capacity (--gpu,
 * --sku or --mig) and the efficiency factors from the catalog, runs the
 * sizing model (sizing.c) and has estimate_text.c or estimate_json.c
 * (src/report) write memory, fit, bound, throughput and latency, with the
 * efficiency factors used listed as assumptions.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog.h"
#include "cli.h"
#include "cmd_util.h"
#include "commands.h"
#include "diag.h"
#include "estimate_json.h"
#include "estimate_report.h"
#include "estimate_text.h"
#include "gpufit.h"
#include "hf_config.h"
#include "sizing.h"
#include "util.h"

#define CMD "estimate"

enum {
	OPT_MODEL = 1, OPT_PARAMS, OPT_LAYERS, OPT_HIDDEN, OPT_HEADS, OPT_KV_HEADS, OPT_VOCAB,
	OPT_PRECISION, OPT_KV_PRECISION, OPT_GPU, OPT_SKU, OPT_MIG, OPT_GPUS, OPT_INPUT,
	OPT_OUTPUT, OPT_CONCURRENCY, OPT_MODE, OPT_METHOD, OPT_ZERO, OPT_TOKENS, OPT_SEQLEN,
	OPT_MICRO_BATCH, OPT_ENGINE, OPT_FRAMEWORK, OPT_HF_CONFIG, OPT_EXPERT_PARALLEL,
	OPT_MAX_SEQUENCES, OPT_ATTENTION
};

const struct cli_opt cmd_estimate_opts[] = {
	{ "model", 0, CLI_ARG_REQUIRED, OPT_MODEL, "NAME", NULL,
	  "a model preset ('gpufit catalog models'; or the numbers below)" },
	{ "params-b", 0, CLI_ARG_REQUIRED, OPT_PARAMS, "N", NULL,
	  "an inline model instead: N billion parameters, with --layers, --hidden, --heads, "
	  "--kv-heads and --vocab" },
	{ "layers", 0, CLI_ARG_REQUIRED, OPT_LAYERS, "N", NULL, "inline model: transformer layers" },
	{ "hidden", 0, CLI_ARG_REQUIRED, OPT_HIDDEN, "N", NULL, "inline model: hidden size" },
	{ "heads", 0, CLI_ARG_REQUIRED, OPT_HEADS, "N", NULL, "inline model: attention heads" },
	{ "kv-heads", 0, CLI_ARG_REQUIRED, OPT_KV_HEADS, "N", NULL,
	  "inline model: key/value heads" },
	{ "vocab", 0, CLI_ARG_REQUIRED, OPT_VOCAB, "N", NULL, "inline model: vocabulary size" },
	{ "precision", 0, CLI_ARG_REQUIRED, OPT_PRECISION, "P", "fp32|bf16|fp16|fp8|int8|int4|fp4|mxfp4|fp8-block|native",
	  "fp32 | bf16 | fp16 | fp8 | int8 | int4 | fp4 | mxfp4 | fp8-block | native (default "
	  "fp16, bf16 for training, as in a profile; native: as the weights are released)" },
	{ "kv-precision", 0, CLI_ARG_REQUIRED, OPT_KV_PRECISION, "P",
	  "fp32|bf16|fp16|fp8|int8|int4|fp4|mxfp4|fp8-block",
	  "KV cache precision (default: fp16 for int8/int4/fp4, bf16 for native, else P)" },
	{ "gpu", 0, CLI_ARG_REQUIRED, OPT_GPU, "MODEL", NULL,
	  "a GPU model ('gpufit catalog gpus'); --gpus N of them" },
	{ "sku", 0, CLI_ARG_REQUIRED, OPT_SKU, "SIZE", NULL, "an Azure VM size (its GPUs)" },
	{ "mig", 0, CLI_ARG_REQUIRED, OPT_MIG, "PROFILE", NULL,
	  "one MIG slice, e.g. --gpu A100-SXM-80GB --mig 3g.40gb" },
	{ "gpus", 0, CLI_ARG_REQUIRED, OPT_GPUS, "N", NULL, "GPUs of the --gpu model (default 1)" },
	{ "input-tokens", 0, CLI_ARG_REQUIRED, OPT_INPUT, "N", NULL,
	  "prompt tokens per request (default 1024)" },
	{ "output-tokens", 0, CLI_ARG_REQUIRED, OPT_OUTPUT, "N", NULL,
	  "generated tokens per request (default 256)" },
	{ "concurrency", 0, CLI_ARG_REQUIRED, OPT_CONCURRENCY, "N|max", NULL,
	  "sequences in flight (default max: the largest that fits)" },
	{ "max-sequences", 0, CLI_ARG_REQUIRED, OPT_MAX_SEQUENCES, "N", NULL,
	  "the engine's cap on sequences in flight as you set it (vLLM max_num_seqs, ...; "
	  "default: the engine's default)" },
	{ "mode", 0, CLI_ARG_REQUIRED, OPT_MODE, "M", "inference|training",
	  "inference | training (default inference)" },
	{ "method", 0, CLI_ARG_REQUIRED, OPT_METHOD, "M", "full|lora|qlora",
	  "training: full | lora | qlora (default full)" },
	{ "zero-stage", 0, CLI_ARG_REQUIRED, OPT_ZERO, "N", "0|1|2|3",
	  "training: ZeRO stage 0-3 (default 3 for full, 0 for lora/qlora, as in a profile)" },
	{ "tokens", 0, CLI_ARG_REQUIRED, OPT_TOKENS, "N", NULL,
	  "training: tokens of one run (default 1e9)" },
	{ "sequence-length", 0, CLI_ARG_REQUIRED, OPT_SEQLEN, "N", NULL,
	  "training: tokens per sequence (default 4096)" },
	{ "micro-batch", 0, CLI_ARG_REQUIRED, OPT_MICRO_BATCH, "N", NULL,
	  "training: sequences per data-parallel replica per micro-step (its tensor-parallel "
	  "GPUs share them; default 1)" },
	{ "engine", 0, CLI_ARG_REQUIRED, OPT_ENGINE, "E",
	  "vllm|tensorrt-llm|sglang|tgi|llama.cpp|transformers",
	  "vllm (default) | tensorrt-llm | sglang | tgi | llama.cpp | transformers: the serving "
	  "stack's factors" },
	{ "framework", 0, CLI_ARG_REQUIRED, OPT_FRAMEWORK, "F", "fsdp|megatron|deepspeed",
	  "training: fsdp | megatron | deepspeed (published MFU)" },
	{ "hf-config", 0, CLI_ARG_REQUIRED, OPT_HF_CONFIG, "PATH", CLI_JSON,
	  "a Hugging Face config.json instead of a preset (offline)" },
	{ "expert-parallel", 0, CLI_ARG_NONE, OPT_EXPERT_PARALLEL, NULL, NULL,
	  "a mixture of experts spreads its experts over the GPUs (and attention data-parallel "
	  "for MLA where the engine does; see docs/sizing.md)" },
	{ "attention", 0, CLI_ARG_REQUIRED, OPT_ATTENTION, "WHERE", "data-parallel|tensor-parallel",
	  "under --expert-parallel: data-parallel | tensor-parallel attention (default: "
	  "data-parallel for MLA models where the engine has it)" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

struct estimate_args {
	const char *model, *gpu, *sku, *mig, *hf_config;
	struct sizing_model inline_model;
	int inline_given;
	int native;                   /* --precision native: resolved with the model */
	enum sizing_precision precision, kv_precision;
	int kv_given, precision_given, zero_given;
	double gpus;
	struct sizing_serving serving;
	int training;
	struct sizing_training train;
	int seqlen_given;             /* --sequence-length was given */
};

/* A whole, positive number option ("--layers 32"). */
static int whole(const char *opt, const char *val, double *out)
{
	if (cli_positive(CMD, opt, val, out) != 0)
		return -1;
	if (*out != floor(*out)) {
		diag_error("%s: '--%s' must be a whole number, got '%s'", CMD, opt, val);
		return -1;
	}
	return 0;
}

/* A whole number from 1 to max, checked before it is converted to an
 * integer (1e30 does not fit one). */
static int whole_upto(const char *opt, const char *val, double max, double *out)
{
	if (whole(opt, val, out) != 0)
		return -1;
	if (*out < 1 || *out > max) {
		diag_error("%s: '--%s' must be a whole number from 1 to %.0f, got '%s'", CMD, opt, max,
			   val);
		return -1;
	}
	return 0;
}

/* The defaults of estimate: a profile's defaults for the same workload. */
static void args_default(struct estimate_args *a)
{
	memset(a, 0, sizeof(*a));
	a->precision = SIZING_FP16;
	a->gpus = 1;
	a->serving.input_tokens = 1024;
	a->serving.output_tokens = 256;
	a->serving.engine = SIZING_ENGINE_VLLM;
	a->train.method = SIZING_TRAIN_FULL;
	a->train.zero_stage = 3;
	a->train.tokens = 1e9;
	a->train.sequence_length = 4096;
	a->train.micro_batch = 1;
	a->train.recompute = -1;
	snprintf(a->inline_model.name, sizeof(a->inline_model.name), "custom");
}

/* One option of estimate: its value checked and stored in a.  Returns 0, or
 * EXIT_USAGE with the message printed. */
static int parse_opt(int id, const char *val, struct estimate_args *a)
{
	double d;

	switch (id) {
	case OPT_MODEL:
		a->model = val;
		break;
	case OPT_PARAMS:
		if (cli_positive(CMD, "params-b", val, &a->inline_model.params_b))
			return EXIT_USAGE;
		/* the bound of the profile's model.params_b */
		if (a->inline_model.params_b > 10000)
			return cli_usage_error(CMD, "'--params-b' must be at most 10000 "
					       "(billions of parameters)");
		a->inline_given = 1;
		break;
	case OPT_LAYERS:
	case OPT_HIDDEN:
	case OPT_HEADS:
	case OPT_KV_HEADS:
	case OPT_VOCAB: {
		static const char *const names[] = { "layers", "hidden", "heads",
						     "kv-heads", "vocab" };
		/* the bounds of the profile's model: keys */
		static const double max[] = { 1000, 1e6, 10000, 10000, 1e7 };
		int *fields[] = { &a->inline_model.layers, &a->inline_model.hidden,
				  &a->inline_model.heads, &a->inline_model.kv_heads,
				  &a->inline_model.vocab };
		int k = id - OPT_LAYERS;

		if (whole_upto(names[k], val, max[k], &d))
			return EXIT_USAGE;
		*fields[k] = (int)d;
		break;
	}
	case OPT_PRECISION:
	case OPT_KV_PRECISION: {
		enum sizing_precision p = SIZING_BF16;

		if (id == OPT_PRECISION && strcasecmp(val, "native") == 0) {
			a->native = 1;
			a->precision_given = 1;
			break;
		}
		if (sizing_precision_parse(val, &p) != 0)
			return cli_usage_error(CMD, "unknown precision '%s' (fp32, bf16, "
						    "fp16, fp8, int8, int4, fp4, mxfp4, "
						    "fp8-block%s)", val,
					       id == OPT_PRECISION ? ", native" : "");
		if (id == OPT_PRECISION) {
			a->native = 0;
			a->precision = p;
			a->precision_given = 1;
		} else {
			a->kv_precision = p;
			a->kv_given = 1;
		}
		break;
	}
	case OPT_GPU:
		a->gpu = val;
		break;
	case OPT_SKU:
		a->sku = val;
		break;
	case OPT_MIG:
		a->mig = val;
		break;
	case OPT_GPUS:
		if (whole("gpus", val, &a->gpus))
			return EXIT_USAGE;
		break;
	case OPT_INPUT:
		if (whole("input-tokens", val, &a->serving.input_tokens))
			return EXIT_USAGE;
		break;
	case OPT_OUTPUT:
		if (whole("output-tokens", val, &a->serving.output_tokens))
			return EXIT_USAGE;
		break;
	case OPT_CONCURRENCY:
		if (strcmp(val, "max") == 0) {
			a->serving.concurrency = 0;
		} else {
			if (whole_upto("concurrency", val, 1e6, &d))
				return EXIT_USAGE;
			a->serving.concurrency = (long)d;
		}
		break;
	case OPT_MODE:
		if (strcmp(val, "inference") == 0)
			a->training = 0;
		else if (strcmp(val, "training") == 0)
			a->training = 1;
		else
			return cli_usage_error(CMD, "unknown mode '%s' (inference, training)",
					       val);
		break;
	case OPT_METHOD:
		if (sizing_train_method_parse(val, &a->train.method) != 0)
			return cli_usage_error(CMD, "unknown method '%s' (full, lora, qlora)",
					       val);
		break;
	case OPT_ZERO:
		if (strlen(val) != 1 || val[0] < '0' || val[0] > '3')
			return cli_usage_error(CMD, "'--zero-stage' must be 0, 1, 2 or 3, "
						    "got '%s'", val);
		a->train.zero_stage = val[0] - '0';
		a->zero_given = 1;
		break;
	case OPT_ENGINE:
		if (sizing_engine_parse(val, &a->serving.engine) != 0)
			return cli_usage_error(CMD, "unknown engine '%s' (vllm, tensorrt-llm, "
						    "sglang, tgi, llama.cpp, transformers)", val);
		break;
	case OPT_FRAMEWORK:
		if (sizing_framework_parse(val, &a->train.framework) != 0)
			return cli_usage_error(CMD, "unknown framework '%s' (fsdp, megatron, "
						    "deepspeed)", val);
		break;
	case OPT_TOKENS:
		if (cli_positive(CMD, "tokens", val, &a->train.tokens))
			return EXIT_USAGE;
		break;
	case OPT_SEQLEN:
		if (whole("sequence-length", val, &a->train.sequence_length))
			return EXIT_USAGE;
		a->seqlen_given = 1;
		break;
	case OPT_MICRO_BATCH:
		if (whole("micro-batch", val, &a->train.micro_batch))
			return EXIT_USAGE;
		break;
	case OPT_HF_CONFIG:
		a->hf_config = val;
		break;
	case OPT_EXPERT_PARALLEL:
		a->serving.expert_parallel = 1;
		break;
	case OPT_ATTENTION:
		if (sizing_attention_parse(val, &a->serving.attention) != 0)
			return cli_usage_error(CMD, "unknown attention '%s' (data-parallel, "
						    "tensor-parallel)", val);
		break;
	case OPT_MAX_SEQUENCES:
		if (whole_upto("max-sequences", val, 1e6, &d))
			return EXIT_USAGE;
		a->serving.max_sequences = (long)d;
		break;
	}
	return 0;
}

/* The options taken together: what they exclude and require, and the
 * defaults that follow from them (as a profile reads the same keys).
 * Returns 0, or EXIT_USAGE with the message printed. */
static int check_args(struct estimate_args *a)
{
	if (!a->model && !a->inline_given && !a->hf_config)
		return cli_usage_error(CMD, "give a model: --model NAME, --hf-config PATH or "
					    "--params-b N");
	if (a->model && a->inline_given)
		return cli_usage_error(CMD, "--model and --params-b exclude each other");
	if (a->hf_config && (a->model || a->inline_given))
		return cli_usage_error(CMD, "--hf-config excludes --model and --params-b");
	if (a->native && a->training)
		return cli_usage_error(CMD, "--precision native sizes serving; training takes "
					    "bf16, fp16 or fp8");
	if (a->serving.expert_parallel && a->training)
		return cli_usage_error(CMD, "--expert-parallel sizes serving, not training");
	if (a->serving.attention != SIZING_ATTENTION_DEFAULT && !a->serving.expert_parallel)
		return cli_usage_error(CMD, "--attention chooses where attention runs under "
					    "expert parallelism: it needs --expert-parallel");
	if (a->serving.max_sequences > 0 && a->training)
		return cli_usage_error(CMD, "--max-sequences sizes serving, not training");
	if (!a->gpu && !a->sku && !a->mig)
		return cli_usage_error(CMD, "give a GPU: --gpu MODEL, --sku SIZE or --mig PROFILE");
	if (a->sku && (a->gpu || a->mig))
		return cli_usage_error(CMD, "--sku excludes --gpu and --mig");
	if ((a->sku || a->mig) && a->gpus != 1)
		return cli_usage_error(CMD, "--gpus applies to --gpu only");
	if (a->gpus > 4096)
		return cli_usage_error(CMD, "'--gpus' must be at most 4096");
	/* the shape rules of the profile's inline model */
	{
		const struct sizing_model *im = &a->inline_model;

		if (im->kv_heads > 0 && im->heads > 0 &&
		    (im->kv_heads > im->heads || im->heads % im->kv_heads))
			return cli_usage_error(CMD, "'--kv-heads' (%d) must divide '--heads' (%d)",
					       im->kv_heads, im->heads);
		if (im->hidden > 0 && im->heads > 0 && im->hidden % im->heads)
			return cli_usage_error(CMD, "'--hidden' (%d) must be a multiple of "
					       "'--heads' (%d)", im->hidden, im->heads);
	}
	/* the profile's defaults: bf16 for training, ZeRO-3 for full training
	 * and none for adapters */
	if (a->training && !a->precision_given)
		a->precision = SIZING_BF16;
	/* quantized weights in training, as a profile reads them: int4 with
	 * qlora is qlora's own 4-bit base (adapters in bf16), the rest errors */
	if (a->training && (a->precision == SIZING_INT8 || a->precision == SIZING_INT4)) {
		const char *pn = sizing_precision_name(a->precision);

		if (a->train.method == SIZING_TRAIN_QLORA && a->precision == SIZING_INT4) {
			diag_warning("estimate: --precision int4 with --method qlora: qlora keeps the "
				     "base weights in 4 bits itself and trains the adapters in bf16");
			a->precision = SIZING_BF16;
		} else if (a->train.method == SIZING_TRAIN_QLORA) {
			return cli_usage_error(CMD, "--precision %s with --method qlora: qlora keeps the "
					       "base weights in 4 bits; --precision sets the adapters' "
					       "compute precision (bf16 or fp16)", pn);
		} else {
			return cli_usage_error(CMD, "--precision %s cannot be trained (--method %s); use "
					       "bf16 or fp16, or --method qlora for a 4-bit base", pn,
					       sizing_train_method_name(a->train.method));
		}
	}
	if (!a->zero_given)
		a->train.zero_stage = a->train.method == SIZING_TRAIN_FULL ? 3 : 0;
	if (!a->kv_given)
		a->kv_precision = sizing_kv_default(a->precision);
	return 0;
}

static int parse_args(int argc, char **argv, struct estimate_args *a)
{
	struct cli_iter it;
	const char *val;
	int id, rc;

	args_default(a);
	cli_iter_init(&it, CMD, cmd_estimate_opts, argc, argv);
	while ((id = cli_next(&it, &val)) != CLI_END) {
		switch (id) {
		case CLI_ERROR:
			return EXIT_USAGE;
		case CLI_HELP:
			return -1;
		case CLI_POSITIONAL:
			return cli_usage_error(CMD, "unexpected argument '%s'", val);
		default:
			if ((rc = parse_opt(id, val, a)) != 0)
				return rc;
		}
	}
	return check_args(a);
}

/* The resolved inputs of one estimate. */
struct estimate_in {
	struct sizing_model model;
	struct gpu_spec gpu;
	struct sizing_capacity cap;
	struct sizing_factors factors;
	int max_context;              /* the preset's or config's context; 0 = unknown */
	char model_source[16];        /* "model" or "config": how the error names it */
	char sku[FACT_SKU];           /* --sku as the catalog spells it; "" without --sku */
};

static int resolve_gpu(catalog *cat, const char *name, struct gpu_spec *g)
{
	char err[CATALOG_ERRLEN];
	int found = catalog_gpu_find(cat, name, g, err);

	return cmd_found(found, err, cat, "gpu_models", "GPU", name,
			 "'gpufit catalog list' shows the sizes and their GPUs");
}

/* A warning when no size of the catalog carries GPU g: the estimate stands,
 * but recommend, which ranks Azure sizes, can never propose it. */
static int warn_if_unsold(catalog *cat, const struct gpu_spec *g)
{
	char err[CATALOG_ERRLEN];
	struct vm_size *vms = NULL;
	size_t nvm = 0, sizes = 0;

	if (catalog_vm_list(cat, &vms, &nvm, err) != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	for (size_t i = 0; i < nvm; i++)
		sizes += strcasecmp(vms[i].gpu_model, g->name) == 0;
	free(vms);
	if (sizes == 0)
		diag_warning("estimate: no Azure size in the catalog has GPU '%s': the estimate "
			     "is for reference, recommend never proposes it", g->name);
	return EXIT_OK;
}

static int resolve_mig(catalog *cat, const struct estimate_args *a, struct estimate_in *in)
{
	char err[CATALOG_ERRLEN];
	struct mig_profile *list = NULL, pick;
	size_t n = 0, hits = 0;
	struct strbuf gpus = STRBUF_INIT;
	int rc = 0;

	if (a->gpu && (rc = resolve_gpu(cat, a->gpu, &in->gpu)) != 0)
		return rc;
	if (catalog_mig_list(cat, a->gpu ? in->gpu.name : NULL, &list, &n, err) != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	for (size_t i = 0; i < n; i++) {
		if (strcasecmp(list[i].name, a->mig) != 0)
			continue;
		if (hits++ == 0)
			pick = list[i];
		strbuf_addf(&gpus, "%s'%s'", hits > 1 ? ", " : "", list[i].gpu_model);
	}
	free(list);
	if (hits == 0) {
		if (a->gpu && in->gpu.mig_max <= 0)
			diag_error("GPU '%s' has no MIG (Multi-Instance GPU is on A100, H100, H200 "
				   "and GB200); drop --mig to size the whole GPU", in->gpu.name);
		else if (a->gpu)
			diag_error("unknown MIG profile '%s' for GPU '%s'", a->mig, in->gpu.name);
		else
			diag_error("unknown MIG profile '%s'", a->mig);
		rc = EXIT_INPUT;
	} else if (hits > 1) {
		rc = cli_usage_error(CMD, "MIG profile '%s' exists on several GPUs (%s); add --gpu",
				     a->mig, strbuf_str(&gpus));
	} else if (!a->gpu && (rc = resolve_gpu(cat, pick.gpu_model, &in->gpu)) != 0) {
		;
	} else if (sizing_capacity_from_mig(&in->gpu, &pick, &in->cap) != 0) {
		diag_error("MIG profile '%s' of '%s' has no SM count", pick.name, in->gpu.name);
		rc = EXIT_CATALOG;
	} else {
		in->cap.mig_per_gpu = fit_mig_per_gpu(&pick);
	}
	strbuf_release(&gpus);
	return rc;
}

/*
 * The model's context bounds what is sized, as in a profile: input + output
 * tokens (or a given --sequence-length) above it is an input error (exit 3);
 * the default training sequence (4096) is shortened to the context.
 */
static int check_context(struct estimate_args *a, const struct estimate_in *in)
{
	double need;

	if (in->max_context <= 0)
		return EXIT_OK;
	if (a->training) {
		if (a->train.sequence_length <= in->max_context)
			return EXIT_OK;
		if (!a->seqlen_given) {
			a->train.sequence_length = in->max_context;
			return EXIT_OK;
		}
		diag_error("%s: '--sequence-length' %.0f exceeds %s '%s' context of %d tokens "
			   "(max_context)", CMD, a->train.sequence_length, in->model_source,
			   in->model.name, in->max_context);
		return EXIT_INPUT;
	}
	need = a->serving.input_tokens + a->serving.output_tokens;
	if (need <= in->max_context)
		return EXIT_OK;
	diag_error("%s: '--input-tokens' + '--output-tokens' = %.0f tokens exceeds %s '%s' "
		   "context of %d tokens (max_context)", CMD, need, in->model_source,
		   in->model.name, in->max_context);
	return EXIT_INPUT;
}

/*
 * Whether the serving engine runs on the GPU: its vendor and its
 * architecture (catalog engine_support; the bundled table when the catalog
 * predates it or its limit columns): exit 3
 * naming both when it does not, as for an engine without expert
 * parallelism - the question has no answer on that GPU.
 */
static int check_engine_vendor(catalog *cat, const struct estimate_args *a,
			       const struct estimate_in *in)
{
	char err[CATALOG_ERRLEN], why[256];
	struct engine_support *es = NULL;
	size_t n = 0;
	const char *engine = sizing_engine_name(a->serving.engine);
	int runs;

	if (catalog_engine_support_list(cat, &es, &n, err) != 0) {
		catalog *b = NULL;

		if (catalog_open_bundled(&b, err) != 0 ||
		    catalog_engine_support_list(b, &es, &n, err) != 0) {
			catalog_close(b);
			diag_error("%s", err);
			return EXIT_CATALOG;
		}
		catalog_close(b);
	}
	runs = engine_support_check(es, n, engine, &in->gpu, why, sizeof why);
	free(es);
	if (runs)
		return EXIT_OK;
	diag_error("engine '%s' cannot run on this GPU: %s", engine, why);
	return EXIT_INPUT;
}

static int resolve(catalog *cat, const struct estimate_args *a, struct estimate_in *in)
{
	char err[CATALOG_ERRLEN];
	struct efficiency *effs = NULL;
	size_t n = 0;
	int found, rc;

	if (a->hf_config) {
		struct model_preset p;
		char herr[HF_CONFIG_ERRLEN];

		if (hf_config_read(a->hf_config, &p, herr, sizeof herr) != 0) {
			diag_error("%s", herr);
			return EXIT_INPUT;
		}
		sizing_model_from_preset(&p, &in->model);
		in->max_context = p.max_context;
		snprintf(in->model_source, sizeof in->model_source, "config");
	} else if (a->model) {
		struct model_preset p;

		found = catalog_preset_find(cat, a->model, &p, err);
		rc = cmd_found(found, err, cat, "model_presets", "model", a->model,
			       "give its shape with --params-b, --layers, --hidden, --heads");
		if (rc != EXIT_OK)
			return rc;
		sizing_model_from_preset(&p, &in->model);
		in->max_context = p.max_context;
		snprintf(in->model_source, sizeof in->model_source, "model");
	} else {
		in->model = a->inline_model;
		if (sizing_model_normalize(&in->model, err) != 0) {
			diag_error("%s", err);
			return EXIT_INPUT;
		}
	}

	if (a->sku) {
		struct vm_size vm;

		found = catalog_vm_find(cat, a->sku, &vm, err);
		rc = cmd_found(found, err, cat, "vm_sizes", "size", a->sku,
			       "'gpufit catalog list' shows the known sizes");
		if (rc != EXIT_OK)
			return rc;
		if (!vm.gpu_model[0] || !vm.spec_known) {
			diag_error("size '%s' has no known GPU spec", vm.sku);
			return EXIT_INPUT;
		}
		util_copy_str(in->sku, sizeof in->sku, vm.sku);
		if ((rc = resolve_gpu(cat, vm.gpu_model, &in->gpu)) != 0)
			return rc;
		if (sizing_capacity_from_vm(&vm, &in->gpu, 1, &in->cap) != 0) {
			diag_error("size '%s' has an unusable GPU count", vm.sku);
			return EXIT_CATALOG;
		}
	} else if (a->mig) {
		if ((rc = resolve_mig(cat, a, in)) != 0)
			return rc;
	} else {
		if ((rc = resolve_gpu(cat, a->gpu, &in->gpu)) != 0 ||
		    (rc = warn_if_unsold(cat, &in->gpu)) != 0)
			return rc;
		sizing_capacity_from_gpu(&in->gpu, (int)a->gpus, &in->cap);
	}

	if (catalog_efficiency_list(cat, &effs, &n, err) != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	rc = sizing_factors_resolve(effs, n, &in->gpu, &in->factors, err);
	free(effs);
	if (rc != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	return 0;
}

/* ---- rendering ------------------------------------------------------------ */

/* What the writers read of the estimate a and in describe. */
static void report_of(const struct estimate_args *a, const struct estimate_in *in,
		      struct estimate_report *e)
{
	e->model = &in->model;
	e->gpu = &in->gpu;
	e->cap = &in->cap;
	e->factors = &in->factors;
	e->sku = in->sku;
	e->precision = a->precision;
	e->kv_precision = a->kv_precision;
	e->native = a->native;
	e->engine = a->serving.engine;
	e->training = a->training;
	e->train = &a->train;
}

int cmd_estimate(struct cli_ctx *ctx, int argc, char **argv)
{
	struct estimate_args a;
	struct estimate_in in;
	struct estimate_report e;
	catalog *cat;
	char err[CATALOG_ERRLEN];
	char path[4096];
	int rc;

	rc = parse_args(argc, argv, &a);
	if (rc < 0) {
		for (const struct command *c = gpufit_commands; c->name; c++)
			if (strcmp(c->name, CMD) == 0)
				cli_print_command_help(c, ctx->out);
		return EXIT_OK;
	}
	if (rc != 0)
		return rc;
	if (catalog_open_default(ctx->catalog_path, &cat, NULL, path, sizeof(path), err) != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	memset(&in, 0, sizeof(in));
	rc = resolve(cat, &a, &in);
	if (rc == 0 && !a.training)
		rc = check_engine_vendor(cat, &a, &in);
	catalog_close(cat);
	if (rc != 0)
		return rc;
	if ((rc = check_context(&a, &in)) != 0)
		return rc;
	/* the precisions the weights are released in, per tensor group; the KV
	 * cache stays 16-bit unless --kv-precision says otherwise */
	if (a.native) {
		char nerr[SIZING_ERRLEN];

		if (sizing_model_native(&in.model, &a.precision, nerr) != 0) {
			diag_error("%s", nerr);
			return EXIT_INPUT;
		}
		if (!a.kv_given)
			a.kv_precision = sizing_kv_native(a.precision);
	}

	if (a.training) {
		struct sizing_training_result r;

		if (sizing_training(&in.model, a.precision, &a.train, &in.cap, &in.factors, &r,
				    err) != 0) {
			diag_error("%s", err);
			return EXIT_INPUT;
		}
		report_of(&a, &in, &e);
		rc = EXIT_OK;
		if (ctx->format != FMT_JSON)
			estimate_text_training(ctx->out, ctx->format, ctx->color, &e, &r);
		else if (estimate_json_training(ctx->out, &e, &r) != 0)
			rc = EXIT_CATALOG;
		return rc == EXIT_OK && !r.fits ? EXIT_INFEASIBLE : rc;
	} else {
		struct sizing_inference_result r;

		if (sizing_inference(&in.model, a.precision, a.kv_precision, &a.serving, &in.cap,
				     &in.factors, &r, err) != 0) {
			diag_error("%s", err);
			return EXIT_INPUT;
		}
		/* --concurrency max where not even one sequence fits: the memory
		 * of one sequence, so that the KV cache and the shortfall are
		 * that sequence's, not an empty cache under a total that fits */
		if (a.serving.concurrency == 0 && !r.fits && r.max_concurrency < 1) {
			struct sizing_serving one = a.serving;
			struct sizing_inference_result r1;

			one.concurrency = 1;
			if (sizing_inference(&in.model, a.precision, a.kv_precision, &one, &in.cap,
					     &in.factors, &r1, err) == 0)
				r = r1;
		}
		report_of(&a, &in, &e);
		rc = EXIT_OK;
		if (ctx->format != FMT_JSON)
			estimate_text_inference(ctx->out, ctx->format, ctx->color, &e, &r);
		else if (estimate_json_inference(ctx->out, &e, &r) != 0)
			rc = EXIT_CATALOG;
		return rc == EXIT_OK && !r.fits ? EXIT_INFEASIBLE : rc;
	}
}
