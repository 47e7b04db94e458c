/*
 * cmd_estimate.c - `gpufit estimate`: one model on one GPU configuration.
 *
 * Resolves the model (a preset or inline numbers), the capacity (--gpu,
 * --sku or --mig) and the efficiency factors from the catalog, runs the
 * sizing model (sizing.c) and renders memory, fit, bound, throughput and
 * latency, with the efficiency factors used listed as assumptions.
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
#include "gpufit.h"
#include "hf_config.h"
#include "json_out.h"
#include "sizing.h"
#include "util.h"

#define CMD "estimate"

enum {
	OPT_MODEL = 1, OPT_PARAMS, OPT_LAYERS, OPT_HIDDEN, OPT_HEADS, OPT_KV_HEADS, OPT_VOCAB,
	OPT_PRECISION, OPT_KV_PRECISION, OPT_GPU, OPT_SKU, OPT_MIG, OPT_GPUS, OPT_INPUT,
	OPT_OUTPUT, OPT_CONCURRENCY, OPT_MODE, OPT_METHOD, OPT_ZERO, OPT_TOKENS, OPT_SEQLEN,
	OPT_MICRO_BATCH, OPT_ENGINE, OPT_FRAMEWORK, OPT_HF_CONFIG, OPT_EXPERT_PARALLEL,
	OPT_MAX_SEQUENCES
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

/*
 * Whether factor `name` played a part in this estimate: training factors are
 * listed for training only, serving factors for inference only, the MIG
 * factor for MIG slices only; under an engine's own memory rule (SGLang's
 * mem_fraction_static) the generic memory factors play no part, and for an
 * engine with its own quantized kernels (wo_native) the generic weight-only
 * efficiencies play none.
 */
static int factor_applies(const char *name, int training, int mig, int mem_rule, int wo_native)
{
	static const char *const train_prefixes[] = { "train_", "qlora_", "network_", "comm_",
						      "ib_", "ethernet_" };
	int is_train = 0;
	for (size_t i = 0; i < sizeof train_prefixes / sizeof train_prefixes[0]; i++)
		if (strncmp(name, train_prefixes[i], strlen(train_prefixes[i])) == 0)
			is_train = 1;
	if (strcmp(name, "mig_efficiency") == 0)
		return mig;
	if (mem_rule && !training &&
	    (strcmp(name, "memory_utilization") == 0 || strcmp(name, "runtime_overhead_gib") == 0 ||
	     strcmp(name, "activation_bytes_per_token_hidden") == 0 ||
	     strcmp(name, "prefill_chunk_tokens") == 0))
		return 0;
	/* an engine with its own quantized kernels reads them at its own
	 * bandwidth share (engine_weight_only_native) */
	if (wo_native && !training && strncmp(name, "weight_only_", 12) == 0)
		return 0;
	/* the engine's step and batch cap replace these two (engine_* rows,
	 * which show the values used; they default to these) */
	if (strcmp(name, "decode_step_overhead_ms") == 0 || strcmp(name, "max_batch_sequences") == 0)
		return 0;
	if (strcmp(name, "memory_utilization") == 0 || strcmp(name, "runtime_overhead_gib") == 0 ||
	    strcmp(name, "tp_efficiency") == 0 || strcmp(name, "pp_efficiency") == 0)
		return 1;
	return training ? is_train : !is_train;
}

/* A requested concurrency that memory holds but the engine's cap on
 * sequences in flight does not: no step runs, so no bound is printed. */
static int engine_capped(const struct sizing_inference_result *r)
{
	return !r->fits && r->concurrency > r->max_concurrency &&
	       r->concurrency <= r->memory_max_concurrency;
}

/* "tensor 8 x pipeline 1", with ", expert 8, attention data-parallel 8"
 * when the experts (and attention) are spread that way. */
static void parallelism_text(char *buf, size_t n, const struct sizing_inference_result *r)
{
	int k = snprintf(buf, n, "tensor %d x pipeline %d", r->tp, r->pp);

	if (r->ep > 1 && k > 0 && (size_t)k < n)
		k += snprintf(buf + k, n - (size_t)k, ", expert %d", r->ep);
	if (r->attention_dp > 1 && k > 0 && (size_t)k < n)
		snprintf(buf + k, n - (size_t)k, ", attention data-parallel %d", r->attention_dp);
}

/* The share of one GPU a partition size (NV6ads_A10_v5: 1/6) has; 0 for
 * whole GPUs and slices. */
static double partition_share(const struct estimate_in *in)
{
	return in->cap.kind == SIZING_CAP_FRACTION && in->cap.fraction > 0 && in->cap.fraction < 1
	       ? in->cap.fraction : 0;
}

/* The serving engine's own factors, as name/value pairs, with the static
 * share of memory its own rule gave (mfs, 0 when it has none). */
static size_t engine_factors(const struct sizing_factors *f, enum sizing_engine e, double mfs,
			     const char **names, double *values)
{
	struct sizing_engine_factors ef = sizing_engine_factors_of(f, e);
	/* every factor, but the static share only under the engine's own memory
	 * rule, and the unvalidated flag, the costs per layer, the engine's own
	 * quantized kernels and static batches only where they are set */
	const struct {
		const char *name;
		double value;
		int shown;
	} row[] = {
		{ "engine_step_overhead_ms", ef.step_overhead_ms, 1 },
		{ "engine_step_per_sequence_us", ef.step_per_sequence_us, 1 },
		{ "engine_decode_bw_scale", ef.decode_bw_scale, 1 },
		{ "engine_decode_mfu_scale", ef.decode_mfu_scale, 1 },
		{ "engine_prefill_scale", ef.prefill_scale, 1 },
		{ "engine_max_batch_sequences", ef.max_batch_sequences, 1 },
		{ "engine_chunked_prefill", ef.chunked_prefill, 1 },
		{ "engine_step_overlaps", ef.step_overlaps, 1 },
		{ "engine_expert_parallel", ef.expert_parallel, 1 },
		{ "engine_dp_attention", ef.dp_attention, 1 },
		{ "engine_memory_rule", ef.memory_rule, 1 },
		{ "engine_mem_fraction_static", mfs, ef.memory_rule > 0 && mfs > 0 },
		{ "engine_unvalidated", ef.unvalidated, ef.unvalidated > 0 },
		{ "engine_layer_ms", ef.layer_ms, ef.layer_ms > 0 },
		{ "engine_weight_only_native", ef.weight_only_native, ef.weight_only_native > 0 },
		{ "engine_host_layer_ms", ef.host_layer_ms, ef.host_layer_ms > 0 },
		{ "engine_static_batches", ef.static_batches, ef.static_batches > 0 },
	};
	size_t k = 0;

	for (size_t i = 0; i < sizeof row / sizeof row[0]; i++)
		if (row[i].shown) {
			names[k] = row[i].name;
			values[k++] = row[i].value;
		}
	return k;
}

static void add_factors_json(cJSON *doc, const struct sizing_factors *f, int training, int mig,
			     enum sizing_engine engine, double mfs)
{
	cJSON *o = cJSON_AddObjectToObject(doc, "assumptions");
	const char *names[24];
	double values[24];
	int wo_native = sizing_engine_factors_of(f, engine).weight_only_native > 0;

	for (size_t i = 0; i < sizing_factor_count(); i++)
		if (factor_applies(sizing_factor_name(i), training, mig, mfs > 0, wo_native))
			json_add_rounded(o, sizing_factor_name(i), sizing_factor_value(f, i), 4);
	if (!training)
		for (size_t i = 0, n = engine_factors(f, engine, mfs, names, values); i < n; i++)
			json_add_rounded(o, names[i], values[i], 4);
}

static cJSON *doc_head(const struct estimate_args *a, const struct estimate_in *in)
{
	cJSON *doc = cJSON_CreateObject();

	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "gpufit_version", GPUFIT_VERSION);
	cJSON_AddStringToObject(doc, "model", in->model.name);
	cJSON_AddStringToObject(doc, "precision", sizing_precision_name(a->precision));
	cJSON_AddStringToObject(doc, "gpu", in->gpu.name);
	json_add_str_or_null(doc, "sku", in->sku[0] ? in->sku : NULL);
	json_add_str_or_null(doc, "mig_profile", in->cap.mig_profile);
	/* a partition of one GPU counts its share, as catalog show's gpu_count */
	if (partition_share(in) > 0)
		cJSON_AddNumberToObject(doc, "gpus", round(partition_share(in) * 1e4) / 1e4);
	else
		cJSON_AddNumberToObject(doc, "gpus", in->cap.gpus);
	cJSON_AddStringToObject(doc, "mode", a->training ? "training" : "inference");
	return doc;
}

/*
 * The report is a name/value table; csv prints it as one record whose header
 * is each row's csv name (docs/output.md).  A row without a csv name is shown
 * only in table and Markdown.
 */
/* A yes/no row: "true"/"false" in csv. */
static void bool_row(struct table *t, const char *k, const char *csv_name, int v)
{
	table_field(t, k, csv_name, v ? "yes" : "no");
	table_set_csv(t, 1, v ? "true" : "false");
}

/* A row with a number of the given decimals; decimals < 0 means %g (and
 * up to 4 places in csv). */
static void row(struct table *t, const char *k, const char *csv_name, int decimals, double v)
{
	char buf[64];

	if (decimals < 0)
		snprintf(buf, sizeof(buf), "%g", v);
	else
		snprintf(buf, sizeof(buf), "%.*f", decimals, v);
	table_field(t, k, csv_name, buf);
	table_set_number(t, 1, v, decimals < 0 ? -4 : decimals);
}

/* A number row that is unknown ("-", empty in csv, null in JSON) when the
 * configuration does not fit: a configuration that does not run has no
 * throughput or latency, not a zero one. */
static void row_or_unknown(struct table *t, const char *k, const char *csv_name, int decimals,
			   double v, int known)
{
	if (known) {
		row(t, k, csv_name, decimals, v);
	} else {
		table_field(t, k, csv_name, "-");
		table_set_csv(t, 1, "");
	}
}

/* "SKU (N x GPU)", or for a partition of one GPU "SKU (1/N of one GPU)". */
static void capacity_of_sku(char *buf, size_t len, const struct estimate_in *in)
{
	double fr = partition_share(in);

	if (fr > 0 && fabs(1.0 / fr - round(1.0 / fr)) < 1e-3)
		snprintf(buf, len, "%s (1/%.0f of one %s)", in->sku, round(1.0 / fr), in->gpu.name);
	else if (fr > 0)
		snprintf(buf, len, "%s (%.2f of one %s)", in->sku, fr, in->gpu.name);
	else
		snprintf(buf, len, "%s (%d x %s)", in->sku, in->cap.gpus, in->gpu.name);
}

/* The memory shortfall: a table row only when there is one; always a csv
 * field (empty when none). */
static void shortfall_row(struct table *t, const char *k, const char *csv_name, double need,
			  double have, int fits)
{
	if (!fits && need > have)
		row(t, k, csv_name, 2, need - have);
	else
		table_csv_field(t, csv_name, NULL);
}

static void json_rounded_or_null(cJSON *o, const char *k, double v, int decimals, int known)
{
	if (known)
		json_add_rounded(o, k, v, decimals);
	else
		cJSON_AddNullToObject(o, k);
}

/* The precision rows: how the GPU runs the requested precision. */
static void precision_rows(struct table *t, enum sizing_precision_mode m, const char *note)
{
	table_field(t, "precision mode", "precision_mode", sizing_precision_mode_name(m));
	if (note[0])
		table_field(t, "precision note", NULL, note);
	table_csv_field(t, "precision_note", note[0] ? note : NULL);
}

static void precision_json(cJSON *doc, enum sizing_precision_mode m, const char *note)
{
	cJSON_AddStringToObject(doc, "precision_mode", sizing_precision_mode_name(m));
	json_add_str_or_null(doc, "precision_note", note[0] ? note : NULL);
}

/* Whether the routed experts are sized in a precision of their own. */
static int experts_differ(const struct sizing_model *m, enum sizing_precision w)
{
	return m->mixed_precision && m->expert_precision != w && sizing_routed_expert_params(m) > 0;
}

/* Whether the model has an architecture beyond dense attention that the
 * report explains (experts, MLA, windows, MTP). */
static int has_architecture(const struct sizing_model *m)
{
	return m->moe_experts > 0 || m->mla_kv_lora_rank > 0 ||
	       (m->window_tokens > 0 && m->windowed_layers > 0) || m->mtp_params_b > 0;
}

/* One line naming the architecture: "MoE 128 experts, 4 per token; window
 * 128 on 18 of 36 layers". */
static void architecture_text(const struct sizing_model *m, char *buf, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	if (m->moe_experts > 0) {
		strbuf_addf(&sb, "MoE %d experts, %d per token", m->moe_experts, m->moe_active);
		if (m->moe_shared_experts > 0)
			strbuf_addf(&sb, " + %d shared", m->moe_shared_experts);
	}
	if (m->mla_kv_lora_rank > 0)
		strbuf_addf(&sb, "%sMLA latent %d + rope %d", sb.len ? "; " : "",
			    m->mla_kv_lora_rank, m->mla_qk_rope_head_dim);
	if (m->window_tokens > 0 && m->windowed_layers > 0)
		strbuf_addf(&sb, "%swindow %d on %d of %d layers", sb.len ? "; " : "",
			    m->window_tokens, m->windowed_layers, m->layers);
	if (m->mtp_params_b > 0)
		strbuf_addf(&sb, "%sMTP %.2f B params (memory only)", sb.len ? "; " : "",
			    m->mtp_params_b);
	snprintf(buf, len, "%s", strbuf_str(&sb));
	strbuf_release(&sb);
}

static void architecture_rows(struct table *t, const struct sizing_model *m,
			      const struct sizing_inference_result *r)
{
	char buf[256];

	if (!has_architecture(m))
		return;
	architecture_text(m, buf, sizeof buf);
	table_field(t, "architecture", NULL, buf);
	row(t, "kv per token (KiB)", NULL, 1, r->kv_bytes_per_token / 1024.0);
	row(t, "kv per sequence (MiB)", NULL, 1, r->kv_bytes_per_sequence / 1048576.0);
	if (m->window_tokens > 0 && m->windowed_layers > 0)
		table_field(t, "kv window only", NULL,
			    r->kv_window_only ? "yes (the engine keeps only the window)"
					      : "no (the engine keeps every token)");
}

static void architecture_json(cJSON *doc, const struct estimate_args *a,
			      const struct estimate_in *in, const struct sizing_inference_result *r)
{
	char buf[256];

	cJSON_AddBoolToObject(doc, "native_precision", a->native);
	json_add_str_or_null(doc, "expert_precision",
			     experts_differ(&in->model, a->precision)
				     ? sizing_precision_name(in->model.expert_precision) : NULL);
	architecture_text(&in->model, buf, sizeof buf);
	json_add_str_or_null(doc, "architecture", buf);
	cJSON_AddNumberToObject(doc, "kv_bytes_per_token", round(r->kv_bytes_per_token));
	cJSON_AddNumberToObject(doc, "kv_bytes_per_sequence", round(r->kv_bytes_per_sequence));
	cJSON_AddBoolToObject(doc, "kv_window_only", r->kv_window_only);
}

static struct table *report_table(void)
{
	struct table *t = table_new(2);

	table_header(t, 0, "ITEM", ALIGN_LEFT);
	table_header(t, 1, "VALUE", ALIGN_LEFT);
	table_csv_record(t);
	return t;
}

static void factor_rows(struct table *t, const struct sizing_factors *f, int training, int mig,
			enum sizing_engine engine, double mfs)
{
	const char *names[24];
	double values[24];
	int wo_native = sizing_engine_factors_of(f, engine).weight_only_native > 0;

	for (size_t i = 0; i < sizing_factor_count(); i++) {
		char k[80], ck[80];

		if (!factor_applies(sizing_factor_name(i), training, mig, mfs > 0, wo_native))
			continue;
		snprintf(k, sizeof(k), "assumption %s", sizing_factor_name(i));
		snprintf(ck, sizeof(ck), "assumption_%s", sizing_factor_name(i));
		row(t, k, ck, -1, sizing_factor_value(f, i));
	}
	if (!training)
		for (size_t i = 0, n = engine_factors(f, engine, mfs, names, values); i < n; i++) {
			char k[80], ck[80];

			snprintf(k, sizeof(k), "assumption %s", names[i]);
			snprintf(ck, sizeof(ck), "assumption_%s", names[i]);
			row(t, k, ck, -1, values[i]);
		}
}

static int render_inference(struct cli_ctx *ctx, const struct estimate_args *a,
			    const struct estimate_in *in, const struct sizing_inference_result *r)
{
	char why[256];

	if (ctx->format == FMT_JSON) {
		cJSON *doc = doc_head(a, in), *o;
		int rc;

		cJSON_AddStringToObject(doc, "kv_precision", sizing_precision_name(a->kv_precision));
		cJSON_AddStringToObject(doc, "engine", sizing_engine_name(a->serving.engine));
		precision_json(doc, r->precision_mode, r->precision_note);
		architecture_json(doc, a, in, r);
		o = cJSON_AddObjectToObject(doc, "memory");
		json_add_rounded(o, "weights_gib", r->weights_gib, 2);
		json_add_rounded(o, "kv_cache_gib", r->kv_cache_gib, 2);
		json_add_rounded(o, "activations_gib", r->activations_gib, 2);
		json_add_rounded(o, "overhead_gib", r->overhead_gib, 2);
		json_add_rounded(o, "total_gib", r->total_gib, 2);
		json_add_rounded(o, "available_gib", r->available_gib, 2);
		cJSON_AddBoolToObject(doc, "fits", r->fits);
		json_rounded_or_null(doc, "shortfall_gib", r->total_gib - r->available_gib, 2,
				     !r->fits && r->total_gib > r->available_gib);
		/* a precision the GPU cannot run has no batch and no bound: null,
		 * not the memory's answer beside "fits": false */
		if (r->precision_mode != SIZING_PREC_UNSUPPORTED) {
			cJSON_AddNumberToObject(doc, "max_concurrency", (double)r->max_concurrency);
			cJSON_AddNumberToObject(doc, "concurrency", (double)r->concurrency);
			if (engine_capped(r))
				cJSON_AddNullToObject(doc, "bound");
			else
				cJSON_AddStringToObject(doc, "bound", sizing_bound_name(r->bound));
		} else {
			cJSON_AddNullToObject(doc, "max_concurrency");
			cJSON_AddNumberToObject(doc, "concurrency", (double)r->concurrency);
			cJSON_AddNullToObject(doc, "bound");
		}
		o = cJSON_AddObjectToObject(doc, "parallelism");
		cJSON_AddNumberToObject(o, "tensor", r->tp);
		cJSON_AddNumberToObject(o, "pipeline", r->pp);
		cJSON_AddNumberToObject(o, "expert", r->ep);
		cJSON_AddNumberToObject(o, "attention_data_parallel", r->attention_dp);
		o = cJSON_AddObjectToObject(doc, "throughput");
		json_rounded_or_null(o, "output_tokens_per_s", r->output_tokens_per_s, 1, r->fits);
		json_rounded_or_null(o, "prefill_tokens_per_s", r->prefill_tokens_per_s, 1,
				     r->fits);
		o = cJSON_AddObjectToObject(doc, "latency");
		json_rounded_or_null(o, "time_to_first_token_ms", r->time_to_first_token_ms, 2,
				     r->fits);
		json_rounded_or_null(o, "ms_per_output_token", r->ms_per_output_token, 2, r->fits);
		json_add_str_or_null(doc, "note",
				     sizing_inference_why(r, a->serving.engine, why, sizeof(why)));
		add_factors_json(doc, &in->factors, 0, in->cap.mig_profile[0] != 0, a->serving.engine,
				 r->mem_fraction_static);
		rc = json_print(ctx->out, doc);
		cJSON_Delete(doc);
		return rc == 0 ? EXIT_OK : EXIT_CATALOG;
	} else {
		struct table *t = report_table();
		char buf[128];

		table_field(t, "model", "model", in->model.name);
		if (experts_differ(&in->model, a->precision))
			snprintf(buf, sizeof(buf), "%s%s, experts %s (kv %s)",
				 a->native ? "native " : "", sizing_precision_name(a->precision),
				 sizing_precision_name(in->model.expert_precision),
				 sizing_precision_name(a->kv_precision));
		else
			snprintf(buf, sizeof(buf), "%s%s (kv %s)", a->native ? "native " : "",
				 sizing_precision_name(a->precision),
				 sizing_precision_name(a->kv_precision));
		table_field(t, "precision", "precision", buf);
		table_set_csv(t, 1, sizing_precision_name(a->precision));
		table_csv_field(t, "kv_precision", sizing_precision_name(a->kv_precision));
		table_field(t, "engine", "engine", sizing_engine_name(a->serving.engine));
		precision_rows(t, r->precision_mode, r->precision_note);
		architecture_rows(t, &in->model, r);
		if (in->cap.mig_profile[0])
			snprintf(buf, sizeof(buf), "%s MIG %s", in->gpu.name, in->cap.mig_profile);
		else if (in->sku[0])
			capacity_of_sku(buf, sizeof(buf), in);
		else
			snprintf(buf, sizeof(buf), "%d x %s", in->cap.gpus, in->gpu.name);
		table_field(t, "capacity", NULL, buf);
		table_csv_field(t, "gpu_model", in->gpu.name);
		table_csv_field(t, "sku", in->sku[0] ? in->sku : NULL);
		table_csv_field(t, "mig_profile", in->cap.mig_profile);
		table_csv_field_number(t, "gpu_count", in->cap.gpus, 0);
		parallelism_text(buf, sizeof(buf), r);
		table_field(t, "parallelism", NULL, buf);
		table_csv_field_number(t, "tensor_parallel_count", r->tp, 0);
		table_csv_field_number(t, "pipeline_parallel_count", r->pp, 0);
		row(t, "memory weights (GiB)", "memory_weights_gib", 2, r->weights_gib);
		row(t, "memory kv cache (GiB)", "memory_kv_cache_gib", 2, r->kv_cache_gib);
		row(t, "memory activations (GiB)", "memory_activations_gib", 2, r->activations_gib);
		row(t, "memory overhead (GiB)", "memory_overhead_gib", 2, r->overhead_gib);
		row(t, "memory total (GiB)", "memory_total_gib", 2, r->total_gib);
		row(t, "memory available (GiB)", "memory_available_gib", 2, r->available_gib);
		bool_row(t, "fits", "fits", r->fits);
		table_row_style(t, r->fits ? OUT_GREEN : OUT_RED);
		const char *note = sizing_inference_why(r, a->serving.engine, why, sizeof(why));

		if (note) {
			table_field(t, "why", NULL, note);
			table_row_style(t, r->fits ? OUT_PLAIN : OUT_RED);
		}
		table_csv_field(t, "note", note);
		shortfall_row(t, "shortfall (GiB)", "shortfall_gib", r->total_gib, r->available_gib,
			      r->fits);
		table_row_style(t, r->fits ? OUT_PLAIN : OUT_RED);
		row_or_unknown(t, "max concurrency", "max_concurrency_count", 0,
			       (double)r->max_concurrency,
			       r->precision_mode != SIZING_PREC_UNSUPPORTED);
		row(t, "concurrency", "concurrency_count", 0, (double)r->concurrency);
		if (r->precision_mode != SIZING_PREC_UNSUPPORTED && !engine_capped(r)) {
			table_field(t, "bound", "bound", sizing_bound_name(r->bound));
		} else {
			table_field(t, "bound", "bound", "-");
			table_set_csv(t, 1, "");
		}
		row_or_unknown(t, "output (tokens/s)", "output_tokens_per_s", 1, r->output_tokens_per_s,
			       r->fits);
		row_or_unknown(t, "prefill (tokens/s)", "prefill_tokens_per_s", 1,
			       r->prefill_tokens_per_s, r->fits);
		row_or_unknown(t, "time to first token (ms)", "time_to_first_token_ms", 2,
			       r->time_to_first_token_ms, r->fits);
		row_or_unknown(t, "per output token (ms)", "per_output_token_ms", 2,
			       r->ms_per_output_token, r->fits);
		factor_rows(t, &in->factors, 0, in->cap.mig_profile[0] != 0, a->serving.engine,
			    r->mem_fraction_static);
		table_color(t, ctx->color);
		table_print(t, ctx->out, ctx->format);
		table_free(t);
	}
	return EXIT_OK;
}

static int render_training(struct cli_ctx *ctx, const struct estimate_args *a,
			   const struct estimate_in *in, const struct sizing_training_result *r)
{
	if (ctx->format == FMT_JSON) {
		cJSON *doc = doc_head(a, in), *o;
		int rc;

		cJSON_AddStringToObject(doc, "method", sizing_train_method_name(a->train.method));
		cJSON_AddNumberToObject(doc, "zero_stage", a->train.zero_stage);
		cJSON_AddStringToObject(doc, "framework", sizing_framework_name(a->train.framework));
		precision_json(doc, r->precision_mode, r->precision_note);
		o = cJSON_AddObjectToObject(doc, "memory");
		json_add_rounded(o, "weights_gib", r->weights_gib, 2);
		json_add_rounded(o, "gradients_gib", r->gradients_gib, 2);
		json_add_rounded(o, "optimizer_gib", r->optimizer_gib, 2);
		json_add_rounded(o, "activations_gib", r->activations_gib, 2);
		json_add_rounded(o, "overhead_gib", r->overhead_gib, 2);
		json_add_rounded(o, "total_gib", r->memory_gib, 2);
		json_add_rounded(o, "available_gib", r->available_gib, 2);
		cJSON_AddBoolToObject(doc, "fits", r->fits);
		json_rounded_or_null(doc, "shortfall_gib", r->memory_gib - r->available_gib, 2,
				     !r->fits && r->memory_gib > r->available_gib);
		o = cJSON_AddObjectToObject(doc, "parallelism");
		cJSON_AddNumberToObject(o, "tensor", r->tp);
		cJSON_AddNumberToObject(o, "pipeline", r->pp);
		cJSON_AddNumberToObject(o, "data", r->dp);
		cJSON_AddBoolToObject(doc, "recompute", r->recompute);
		o = cJSON_AddObjectToObject(doc, "throughput");
		json_rounded_or_null(o, "tokens_per_s", r->tokens_per_s, 1, r->fits);
		json_rounded_or_null(doc, "hours", r->hours, 2, r->fits);
		json_rounded_or_null(doc, "mfu", r->mfu, 3, r->fits);
		cJSON_AddBoolToObject(doc, "needs_infiniband", r->needs_infiniband);
		json_add_str_or_null(doc, "note", r->note);
		add_factors_json(doc, &in->factors, 1, 0, a->serving.engine, 0);
		rc = json_print(ctx->out, doc);
		cJSON_Delete(doc);
		return rc == 0 ? EXIT_OK : EXIT_CATALOG;
	} else {
		struct table *t = report_table();
		char buf[128];

		table_field(t, "model", "model", in->model.name);
		snprintf(buf, sizeof(buf), "%s, %s, ZeRO-%d", sizing_precision_name(a->precision),
			 sizing_train_method_name(a->train.method), a->train.zero_stage);
		table_field(t, "precision", "precision", buf);
		table_set_csv(t, 1, sizing_precision_name(a->precision));
		table_csv_field(t, "method", sizing_train_method_name(a->train.method));
		table_csv_field_number(t, "zero_stage", a->train.zero_stage, 0);
		table_field(t, "framework", "framework", sizing_framework_name(a->train.framework));
		precision_rows(t, r->precision_mode, r->precision_note);
		snprintf(buf, sizeof(buf), "%d x %s", in->cap.gpus, in->gpu.name);
		table_field(t, "capacity", NULL, buf);
		table_csv_field(t, "gpu_model", in->gpu.name);
		table_csv_field_number(t, "gpu_count", in->cap.gpus, 0);
		snprintf(buf, sizeof(buf), "tensor %d x pipeline %d x data %d", r->tp, r->pp,
			 r->dp);
		table_field(t, "parallelism", NULL, buf);
		table_csv_field_number(t, "tensor_parallel_count", r->tp, 0);
		table_csv_field_number(t, "pipeline_parallel_count", r->pp, 0);
		table_csv_field_number(t, "data_parallel_count", r->dp, 0);
		bool_row(t, "activation recompute", "activation_recompute", r->recompute);
		row(t, "memory/GPU weights (GiB)", "memory_per_gpu_weights_gib", 2, r->weights_gib);
		row(t, "memory/GPU gradients (GiB)", "memory_per_gpu_gradients_gib", 2,
		    r->gradients_gib);
		row(t, "memory/GPU optimizer (GiB)", "memory_per_gpu_optimizer_gib", 2,
		    r->optimizer_gib);
		row(t, "memory/GPU activations (GiB)", "memory_per_gpu_activations_gib", 2,
		    r->activations_gib);
		row(t, "memory/GPU overhead (GiB)", "memory_per_gpu_overhead_gib", 2,
		    r->overhead_gib);
		row(t, "memory/GPU total (GiB)", "memory_per_gpu_total_gib", 2, r->memory_gib);
		row(t, "memory/GPU available (GiB)", "memory_per_gpu_available_gib", 2,
		    r->available_gib);
		bool_row(t, "fits", "fits", r->fits);
		table_row_style(t, r->fits ? OUT_GREEN : OUT_RED);
		if (r->note) {
			table_field(t, "why", NULL, r->note);
			table_row_style(t, r->fits ? OUT_PLAIN : OUT_RED);
		}
		table_csv_field(t, "note", r->note);
		shortfall_row(t, "shortfall per GPU (GiB)", "shortfall_per_gpu_gib", r->memory_gib,
			      r->available_gib, r->fits);
		table_row_style(t, r->fits ? OUT_PLAIN : OUT_RED);
		row_or_unknown(t, "throughput (tokens/s)", "tokens_per_s", 1, r->tokens_per_s, r->fits);
		row_or_unknown(t, "time (hours)", "training_hours", 2, r->hours, r->fits);
		row_or_unknown(t, "mfu", NULL, 3, r->mfu, r->fits);
		if (r->fits)
			table_csv_field_number(t, "mfu_pct", r->mfu * 100.0, 1);
		else
			table_csv_field(t, "mfu_pct", NULL);
		bool_row(t, "needs InfiniBand", "needs_infiniband", r->needs_infiniband);
		factor_rows(t, &in->factors, 1, 0, a->serving.engine, 0);
		table_color(t, ctx->color);
		table_print(t, ctx->out, ctx->format);
		table_free(t);
	}
	return EXIT_OK;
}

int cmd_estimate(struct cli_ctx *ctx, int argc, char **argv)
{
	struct estimate_args a;
	struct estimate_in in;
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
		rc = render_training(ctx, &a, &in, &r);
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
		rc = render_inference(ctx, &a, &in, &r);
		return rc == EXIT_OK && !r.fits ? EXIT_INFEASIBLE : rc;
	}
}
