/*
 * test_profile.c - the profile reader on buffers: values, defaults, units,
 * scientific notation, catalog names and the exact text of its errors.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "profile.h"
#include "util.h"

static const char *const presets[] = { "llama-3-8b", "llama-3-70b", "llama-2-70b" };
static const char *const regions[] = { "eastus", "westeurope", "swedencentral" };
static const char *const skus[] = { "Standard_NC24ads_A100_v4", "Standard_NC4as_T4_v3" };
static const struct profile_names names = { presets, 3, regions, 3, skus, 2, NULL, 0 };

static int parse(const char *text, const struct profile_names *nm, struct profile *p,
		 struct diag_list *errs)
{
	return profile_parse_buffer("t.yaml", text, strlen(text), nm, p, errs);
}

/* Parses text expecting failure; returns the errors joined as
 * "LINE:COL: msg\n" lines in a static buffer. */
static const char *errors_of(const char *text, const struct profile_names *nm)
{
	static char buf[8192];
	struct diag_list errs = DIAG_LIST_INIT;
	struct profile p;
	size_t i, o = 0;

	assert_int_equal(parse(text, nm, &p, &errs), -1);
	assert_int_equal(p.nworkloads, 0);
	assert_null(p.workloads);
	buf[0] = '\0';
	for (i = 0; i < errs.n; i++) {
		assert_string_equal(errs.items[i].file, "t.yaml");
		o += (size_t)snprintf(buf + o, sizeof buf - o, "%d:%d: %s\n", errs.items[i].line,
				      errs.items[i].col, errs.items[i].msg);
	}
	profile_release(&p);
	diag_list_release(&errs);
	return buf;
}

static void test_full_profile(void **state)
{
	const char *text =
		"gpufit: 1\n"
		"region: [EastUS, westeurope]\n"
		"pricing: reserved-1y\n"
		"hours_per_month: 720\n"
		"budget: { max_monthly: 4.0e4, max_increase_pct: 10% }\n"
		"workloads:\n"
		"  - name: chat-8b\n"
		"    type: inference\n"
		"    model: Llama-3-8B\n"
		"    precision: fp8\n"
		"    serving:\n"
		"      input_tokens: 1_024\n"
		"      output_tokens: 256\n"
		"      concurrency: 3.2e1\n"
		"      target_output_tokens_per_s: 3000\n"
		"      max_ms_per_output_token: 50\n"
		"    replicas: 2\n"
		"    region: westeurope\n"
		"    current_sku: standard_nc24ads_a100_v4\n"
		"  - name: vision\n"
		"    type: inference\n"
		"    requirements: { gpu_memory_gib: 16GB, tflops_fp16: 2e1 }\n";
	struct diag_list errs = DIAG_LIST_INIT;
	struct profile p;
	const struct profile_workload *w;

	(void)state;
	assert_int_equal(parse(text, &names, &p, &errs), 0);
	assert_int_equal(errs.n, 0);
	assert_string_equal(p.file, "t.yaml");
	assert_int_equal(p.version, 1);
	assert_int_equal(p.nregions, 2);
	assert_string_equal(p.regions[0], "eastus"); /* the catalog's spelling */
	assert_string_equal(p.regions[1], "westeurope");
	assert_int_equal(p.pricing, PRICING_RESERVED_1Y);
	assert_string_equal(p.currency, "USD");
	assert_true(p.hours_per_month == 720);
	assert_true(p.budget.has_max_monthly && p.budget.max_monthly == 40000);
	assert_false(p.budget.has_max_increase);
	assert_true(p.budget.has_max_increase_pct && p.budget.max_increase_pct == 10);
	assert_int_equal(p.nworkloads, 2);

	w = &p.workloads[0];
	assert_string_equal(w->name, "chat-8b");
	assert_int_equal(w->type, PROFILE_INFERENCE);
	assert_int_equal(w->line, 7);
	assert_int_equal(w->col, 5);
	assert_true(w->has_model && !w->model_inline);
	assert_string_equal(w->model_name, "llama-3-8b");
	assert_int_equal(w->precision, SIZING_FP8);
	assert_true(w->has_precision);
	assert_int_equal(w->kv_precision, SIZING_FP8); /* sizing_kv_default(fp8) */
	assert_false(w->has_kv_precision);
	assert_true(w->has_serving);
	assert_int_equal(w->serving.input_tokens, 1024);
	assert_int_equal(w->serving.output_tokens, 256);
	assert_int_equal(w->serving.concurrency, 32);
	assert_true(w->serving.has_target_output_tokens_per_s);
	assert_true(w->serving.target_output_tokens_per_s == 3000);
	assert_true(w->serving.has_max_ms_per_output_token);
	assert_false(w->serving.has_max_time_to_first_token_ms);
	assert_int_equal(w->replicas, 2);
	assert_true(w->has_region);
	assert_string_equal(profile_workload_region(&p, w), "westeurope");
	assert_true(w->has_current);
	assert_string_equal(w->current_sku, "Standard_NC24ads_A100_v4");
	assert_int_equal(w->current_count, 1);
	assert_false(w->has_requirements || w->has_training || w->has_data);

	w = &p.workloads[1];
	assert_false(w->has_model);
	assert_true(w->has_requirements);
	/* 16 GB = 16e9 bytes = 14.9011611938... GiB */
	assert_true(fabs(w->requirements.gpu_memory_gib - 16e9 / 1073741824.0) < 1e-9);
	assert_true(w->requirements.tflops_fp16 == 20);
	assert_true(w->requirements.bandwidth_gb_per_s == 0);
	assert_int_equal(w->replicas, 1);
	assert_false(w->has_region);
	assert_string_equal(profile_workload_region(&p, w), "eastus");
	assert_false(w->has_current);

	profile_release(&p);
	assert_null(p.workloads);
	profile_release(&p); /* twice is harmless */
	diag_list_release(&errs);
}

static void test_defaults(void **state)
{
	const char *text = "gpufit: 1\n"
			   "workloads:\n"
			   "  - name: a\n"
			   "    type: inference\n"
			   "    model: { params_b: 8 }\n"
			   "    precision: int4\n"
			   "    serving: { input_tokens: 1, output_tokens: 1, concurrency: 1 }\n"
			   "  - name: b\n"
			   "    type: training\n"
			   "    model: { params_b: 7 }\n"
			   "    training: { tokens: 2e11 }\n"
			   "  - name: c\n"
			   "    type: training\n"
			   "    model: { params_b: 70 }\n"
			   "    training: { method: QLoRA, tokens: 1e8, runs_per_month: 0.5 }\n";
	struct diag_list errs = DIAG_LIST_INIT;
	struct profile p;

	(void)state;
	assert_int_equal(parse(text, NULL, &p, &errs), 0);
	assert_int_equal(p.nregions, 1);
	assert_string_equal(p.regions[0], "eastus");
	assert_false(p.has_region);
	assert_int_equal(p.pricing, PRICING_PAYG);
	assert_string_equal(p.currency, "USD");
	assert_true(p.hours_per_month == 730);

	assert_int_equal(p.workloads[0].precision, SIZING_INT4);
	assert_int_equal(p.workloads[0].kv_precision, SIZING_FP16);

	assert_int_equal(p.workloads[1].type, PROFILE_TRAINING);
	assert_int_equal(p.workloads[1].precision, SIZING_BF16);
	assert_false(p.workloads[1].has_precision);
	assert_int_equal(p.workloads[1].training.method, SIZING_TRAIN_FULL);
	assert_true(p.workloads[1].training.tokens == 2e11);
	assert_int_equal(p.workloads[1].training.sequence_length, 4096);
	assert_false(p.workloads[1].training.has_sequence_length);
	assert_int_equal(p.workloads[1].training.zero_stage, 3);
	assert_false(p.workloads[1].training.has_zero_stage);
	assert_false(p.workloads[1].training.has_deadline_hours);
	assert_true(p.workloads[1].training.runs_per_month == 1);

	assert_int_equal(p.workloads[2].training.method, SIZING_TRAIN_QLORA);
	assert_int_equal(p.workloads[2].training.zero_stage, 0);
	assert_true(p.workloads[2].training.runs_per_month == 0.5);
	for (size_t i = 0; i < p.nworkloads; i++)
		assert_false(p.workloads[i].confidential);
	profile_release(&p);
	diag_list_release(&errs);
}

/* confidential: a workload key, false or true; anything else an error at
 * the value's position. */
static void test_confidential(void **state)
{
	const char *text = "gpufit: 1\n"
			   "workloads:\n"
			   "  - name: a\n"
			   "    type: inference\n"
			   "    confidential: true\n"
			   "    requirements: { gpu_memory_gib: 10 }\n"
			   "  - name: b\n"
			   "    type: inference\n"
			   "    confidential: false\n"
			   "    requirements: { gpu_memory_gib: 10 }\n";
	struct diag_list errs = DIAG_LIST_INIT;
	struct profile p;

	(void)state;
	assert_int_equal(parse(text, NULL, &p, &errs), 0);
	assert_true(p.workloads[0].confidential);
	assert_false(p.workloads[1].confidential);
	profile_release(&p);
	diag_list_release(&errs);
	assert_string_equal(errors_of("gpufit: 1\n"
				      "workloads:\n"
				      "  - name: a\n"
				      "    type: inference\n"
				      "    confidential: 1\n"
				      "    requirements: { gpu_memory_gib: 10 }\n", NULL),
			    "5:19: unknown confidential value '1'; expected one of false, true\n");
}

static void test_inline_model_and_data(void **state)
{
	const char *text = "gpufit: 1\n"
			   "currency: eur\n"
			   "workloads:\n"
			   "  - name: moe\n"
			   "    type: training\n"
			   "    model: { params_b: 46.7, layers: 32, hidden: 4096, heads: 32,\n"
			   "             vocab: 32000, moe_experts: 8, moe_active: 2 }\n"
			   "    training: { method: lora, tokens: 5.0e8, zero_stage: 2,\n"
			   "                deadline_hours: 48, micro_batch: 4 }\n"
			   "    data: { size: 2TB, region: SwedenCentral, storage: managed-lustre,\n"
			   "            read_mb_per_s: 4000 }\n"
			   "  - name: dense\n"
			   "    type: inference\n"
			   "    model: { params_b: 13, heads: 40, kv_heads: 8, hidden: 5120 }\n"
			   "    kv_precision: fp8\n"
			   "    serving: { input_tokens: 8k, output_tokens: 1, concurrency: 1 }\n";
	struct diag_list errs = DIAG_LIST_INIT;
	struct profile p;
	const struct model_preset *m;
	const struct profile_workload *w;

	(void)state;
	/* one error: 8k is not a number (token counts take no units) */
	assert_int_equal(parse(text, &names, &p, &errs), -1);
	assert_int_equal(errs.n, 1);
	assert_string_equal(errs.items[0].msg, "'serving.input_tokens' must be a number, got '8k'");
	assert_int_equal(errs.items[0].line, 16);
	assert_int_equal(errs.items[0].col, 30);
	diag_list_release(&errs);

	char *fixed = xstrdup(text);
	memcpy(strstr(fixed, "8k"), "80", 2);
	assert_int_equal(parse(fixed, &names, &p, &errs), 0);
	free(fixed);
	assert_string_equal(p.currency, "EUR");

	w = &p.workloads[0];
	m = &w->model;
	assert_true(w->has_model && w->model_inline);
	assert_string_equal(m->name, "moe");
	assert_string_equal(m->kind, "llm");
	assert_true(m->params_b == 46.7);
	assert_true(m->active_params_b == 0); /* MoE without active_params_b: unknown */
	assert_int_equal(m->layers, 32);
	assert_int_equal(m->heads, 32);
	assert_int_equal(m->kv_heads, 32); /* defaults to heads */
	assert_int_equal(m->head_dim, 128);
	assert_int_equal(m->vocab, 32000);
	assert_int_equal(m->moe_experts, 8);
	assert_int_equal(m->moe_active, 2);
	assert_int_equal(w->training.method, SIZING_TRAIN_LORA);
	assert_true(w->training.tokens == 5e8);
	assert_int_equal(w->training.zero_stage, 2);
	assert_true(w->training.has_deadline_hours && w->training.deadline_hours == 48);
	assert_true(w->training.has_micro_batch && w->training.micro_batch == 4);
	assert_true(w->has_data);
	/* 2 TB = 2e12 bytes = 1862.645149230957 GiB */
	assert_true(fabs(w->data.size_gib - 1862.645149230957) < 1e-9);
	assert_true(w->data.has_region);
	assert_string_equal(w->data.region, "swedencentral");
	assert_int_equal(w->data.storage, PROFILE_STORAGE_MANAGED_LUSTRE);
	assert_true(w->data.read_mb_per_s == 4000);

	w = &p.workloads[1];
	assert_int_equal(w->model.kv_heads, 8);
	assert_int_equal(w->model.head_dim, 128);
	assert_true(w->model.active_params_b == 13);
	assert_int_equal(w->kv_precision, SIZING_FP8);
	assert_true(w->has_kv_precision);
	assert_int_equal(w->serving.input_tokens, 80);
	assert_string_equal(profile_storage_name(w->data.storage), "blob");
	profile_release(&p);
	diag_list_release(&errs);
}

static void test_catalog_names(void **state)
{
	const char *text = "gpufit: 1\n"
			   "region: eastsu\n"
			   "workloads:\n"
			   "  - name: chat\n"
			   "    type: inference\n"
			   "    model: llama-3-80b\n"
			   "    serving: { input_tokens: 1, output_tokens: 1, concurrency: 1 }\n"
			   "    current_sku: Standard_NC24ads_A100\n"
			   "    region: mars\n";

	(void)state;
	assert_string_equal(errors_of(text, &names),
			    "2:9: unknown region 'eastsu'; did you mean 'eastus'?\n"
			    "6:12: unknown model 'llama-3-80b'; did you mean 'llama-3-8b'?\n"
			    "8:18: unknown VM size 'Standard_NC24ads_A100'; did you mean "
			    "'Standard_NC24ads_A100_v4'?\n"
			    "9:13: unknown region 'mars'\n");

	/* without name lists nothing is checked */
	struct diag_list errs = DIAG_LIST_INIT;
	struct profile p;
	struct profile_names none = { NULL, 0, NULL, 0, NULL, 0, NULL, 0 };

	assert_int_equal(parse(text, &none, &p, &errs), 0);
	assert_string_equal(p.regions[0], "eastsu");
	assert_string_equal(p.workloads[0].model_name, "llama-3-80b");
	profile_release(&p);
	diag_list_release(&errs);
}

/* Model limits with the presets' facts: the context (input + output, or an
 * explicit sequence length) above max_context is an error at the key naming
 * the limit and a preset that has the context; a preset without a shape
 * points to requirements:; an inline model's max_context counts too. */
static void test_model_limits(void **state)
{
	static const char *const pn[] = { "llama-3-8b", "llama-3.1-8b", "stable-diffusion-xl" };
	static const struct model_preset facts[] = {
		{ .name = "llama-3-8b", .kind = "llm", .params_b = 8.03, .layers = 32,
		  .hidden = 4096, .heads = 32, .kv_heads = 8, .max_context = 8192 },
		{ .name = "llama-3.1-8b", .kind = "llm", .params_b = 8.03, .layers = 32,
		  .hidden = 4096, .heads = 32, .kv_heads = 8, .max_context = 131072 },
		{ .name = "stable-diffusion-xl", .kind = "diffusion", .params_b = 3.5 },
	};
	const struct profile_names nm = { pn, 3, NULL, 0, NULL, 0, facts, 3 };

	(void)state;
	assert_string_equal(
		errors_of("gpufit: 1\nworkloads:\n  - name: a\n    type: inference\n"
			  "    model: llama-3-8b\n    serving:\n      input_tokens: 8000\n"
			  "      output_tokens: 200\n      concurrency: 1\n", &nm),
		"7:21: 'serving.input_tokens' + 'serving.output_tokens' = 8200 tokens exceeds "
		"model 'llama-3-8b' context of 8192 tokens (max_context); preset 'llama-3.1-8b' "
		"has 131072\n");
	assert_string_equal(
		errors_of("gpufit: 1\nworkloads:\n  - name: t\n    type: training\n"
			  "    model: llama-3-8b\n    training: { tokens: 1e9, sequence_length: 16384 }\n",
			  &nm),
		"6:47: 'training.sequence_length' = 16384 tokens exceeds model 'llama-3-8b' "
		"context of 8192 tokens (max_context); preset 'llama-3.1-8b' has 131072\n");
	assert_string_equal(
		errors_of("gpufit: 1\nworkloads:\n  - name: i\n    type: inference\n"
			  "    model: stable-diffusion-xl\n"
			  "    serving: { input_tokens: 77, output_tokens: 1, concurrency: 1 }\n", &nm),
		"5:12: model 'stable-diffusion-xl' is a diffusion preset the LLM sizing model "
		"cannot use (no layers or heads); describe the workload with 'requirements:' "
		"(gpu_memory_gib, tflops_fp16, bandwidth_gb_per_s) instead of 'model' and "
		"'serving'\n");
	assert_string_equal(
		errors_of("gpufit: 1\nworkloads:\n  - name: o\n    type: inference\n"
			  "    model: { params_b: 1, layers: 8, hidden: 512, heads: 8, max_context: 1024 }\n"
			  "    serving: { input_tokens: 1000, output_tokens: 100, concurrency: 1 }\n",
			  &nm),
		"6:30: 'serving.input_tokens' + 'serving.output_tokens' = 1100 tokens exceeds the "
		"inline model's context of 1024 tokens ('model.max_context'); raise it if the "
		"model has a longer context\n");
}

static void test_errors_in_file_order(void **state)
{
	const char *text = "gpufit: 1\n"
			   "pricing: spto\n"
			   "workloads:\n"
			   "  - name: x\n"
			   "    type: training\n"
			   "    model: { params_b: 1e5 }\n"
			   "    training: { tokens: -1, zero_stage: 1.5 }\n"
			   "    serving: { input_tokens: 1 }\n"
			   "  - name: x\n"
			   "    type: inference\n"
			   "    requirements: { gpu_memory_gib: 4 PB }\n"
			   "hours_per_month: 745\n";

	(void)state;
	assert_string_equal(errors_of(text, NULL),
			    "2:10: unknown pricing 'spto'; did you mean 'spot'?\n"
			    "6:24: 'model.params_b' must be at most 10000, got 1e5\n"
			    "7:25: 'training.tokens' must be greater than 0, got -1\n"
			    "7:41: 'training.zero_stage' must be 0, 1, 2 or 3, got 1.5\n"
			    "8:5: 'serving' is only for workloads of type 'inference'\n"
			    "8:14: missing 'output_tokens' in 'serving' (generated tokens per "
			    "request)\n"
			    "8:14: missing 'concurrency' in 'serving' (sequences in flight; or 'requests_per_s', "
			    "the peak arrival rate)\n"
			    "9:5: duplicate workload name 'x' (first at 4:5)\n"
			    "11:37: unknown unit in 'requirements.gpu_memory_gib': '4 PB'; use GiB, "
			    "TiB, MiB, GB, TB or MB\n"
			    "12:18: 'hours_per_month' must be at most 744, got 745\n");
}

static void test_structure_errors(void **state)
{
	(void)state;
	assert_string_equal(errors_of("", NULL),
			    "1:1: empty profile; it needs 'gpufit: 1' and 'workloads'\n");
	assert_string_equal(errors_of("---\n...\n", NULL),
			    "1:1: empty profile; it needs 'gpufit: 1' and 'workloads'\n");
	assert_string_equal(errors_of("just a string\n", NULL),
			    "1:1: a profile must be a mapping with 'gpufit: 1' and 'workloads', "
			    "got a value\n");
	assert_string_equal(errors_of("gpufit: 1.0\nworkloads: []\n", NULL),
			    "1:9: unsupported schema version '1.0'; this gpufit reads version 1\n");
	assert_string_equal(errors_of("gpufit: [1]\n", NULL),
			    "1:9: 'gpufit' must be the schema version 1\n");
	assert_string_equal(errors_of("gpufit: 1\nworkloads: {a: 1}\n", NULL),
			    "2:12: 'workloads' must be a list ('- name: ...'), got a mapping\n");
	assert_string_equal(errors_of("gpufit: 1\nworkloads: [3]\n", NULL),
			    "2:13: workload 1 must be a mapping (name, type, ...), got a value\n");
	assert_string_equal(errors_of("gpufit: 1\n? [a]\n: 1\nworkloads: []\n", NULL),
			    "2:3: keys must be plain words, got a list at the top level\n"
			    "4:12: 'workloads' is empty\n");
	assert_string_equal(errors_of("gpufit: 1\nworkloads: [\n", NULL),
			    "3:1: invalid YAML: did not find expected node content (while parsing "
			    "a flow node at 3:1)\n");
	assert_string_equal(errors_of("gpufit: 1\nworkloads:\n  - name: \"a\\0b\"\n", NULL),
			    "3:5: missing 'type' in workload 1 (inference or training)\n"
			    "3:11: 'name' contains a NUL character\n");
}

static void test_bytes(void **state)
{
	struct diag_list errs = DIAG_LIST_INIT;
	struct profile p;
	const char ok[] = "gpufit: 1\nworkloads:\n  - name: a\n    type: inference\n"
			  "    requirements: { gpu_memory_gib: 4 }\nTRAILING GARBAGE";

	(void)state;
	/* the length bounds the input: the text after it is never read */
	assert_int_equal(profile_parse_buffer("t.yaml", ok, sizeof ok - 1 - 16, NULL, &p, &errs),
			 0);
	profile_release(&p);

	assert_int_equal(profile_parse_buffer("t.yaml", "gpufit: 1\0\n", 11, NULL, &p, &errs), -1);
	assert_string_equal(errs.items[0].msg, "NUL byte; a profile must be text");
	assert_int_equal(errs.items[0].line, 1);
	assert_int_equal(errs.items[0].col, 10);
	diag_list_release(&errs);

	/* columns count characters: 'é' is one */
	assert_string_equal(errors_of("gpufit: 1\n# café\n  x: \xc3\n", NULL),
			    "3:6: invalid UTF-8 byte 0xc3; a profile must be UTF-8 text\n");
	assert_string_equal(errors_of("\xff\xfeg\0", NULL),
			    "1:1: file is UTF-16; save the profile as UTF-8\n");
	/* a tab after the indentation, or on a comment line, is fine */
	assert_string_equal(errors_of("gpufit:\t1\n\t# note\nworkloads: []\n \tx: 1\n", NULL),
			    "4:2: tab in indentation; YAML indents with spaces only\n");
}

static void test_limits(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	struct diag_list errs = DIAG_LIST_INIT;
	struct profile p;
	int i;

	(void)state;
	/* more than MAX_ERRORS problems: capped, with a closing note */
	strbuf_addstr(&sb, "gpufit: 1\nworkloads:\n");
	for (i = 0; i < 150; i++)
		strbuf_addf(&sb, "  - { name: w%d, type: inference, requirements: "
			    "{ gpu_memory_gib: 0 } }\n", i);
	assert_int_equal(parse(strbuf_str(&sb), NULL, &p, &errs), -1);
	assert_int_equal(errs.n, 101);
	assert_string_equal(errs.items[100].msg, "too many errors (more than 100); stopping");
	diag_list_release(&errs);
	strbuf_release(&sb);

	/* deep nesting stops at PROFILE_MAX_DEPTH */
	strbuf_addstr(&sb, "gpufit: 1\nworkloads: ");
	for (i = 0; i < 10000; i++)
		strbuf_addstr(&sb, "[");
	assert_int_equal(parse(strbuf_str(&sb), NULL, &p, &errs), -1);
	assert_int_equal(errs.n, 1);
	assert_string_equal(errs.items[0].msg, "nesting deeper than 32 levels");
	diag_list_release(&errs);
	strbuf_release(&sb);

	/* the size limit is checked before anything is parsed */
	assert_int_equal(profile_parse_buffer("t.yaml", "", (size_t)PROFILE_MAX_BYTES + 1, NULL,
					      &p, &errs), -1);
	assert_string_equal(errs.items[0].msg,
			    "file is larger than 64 MiB; a profile is a short text file");
	assert_int_equal(errs.items[0].line, 0);
	diag_list_release(&errs);

	/* at most 100,000 workloads (docs/profile.md): 100,001 are refused
	 * whole, before any workload is read */
	strbuf_addstr(&sb, "gpufit: 1\nworkloads: [");
	for (i = 0; i < 100001; i++)
		strbuf_addstr(&sb, "{},");
	strbuf_addstr(&sb, "]\n");
	assert_int_equal(parse(strbuf_str(&sb), NULL, &p, &errs), -1);
	assert_int_equal(errs.n, 1);
	assert_string_equal(errs.items[0].msg, "100001 workloads; at most 100000 are supported");
	diag_list_release(&errs);
	strbuf_release(&sb);

	/* a name of 63 bytes fits, 64 does not */
	strbuf_addstr(&sb, "gpufit: 1\nworkloads:\n  - name: ");
	for (i = 0; i < 64; i++)
		strbuf_addstr(&sb, "n");
	strbuf_addstr(&sb, "\n    type: inference\n    requirements: { gpu_memory_gib: 1 }\n");
	assert_string_equal(errors_of(strbuf_str(&sb), NULL),
			    "3:11: 'name' is too long (at most 63 characters)\n");
	strbuf_release(&sb);
}

static void test_load(void **state)
{
	struct diag_list errs = DIAG_LIST_INIT;
	struct profile p;

	(void)state;
	assert_int_equal(profile_load("examples/small-fleet.yaml", NULL, &p, &errs), 0);
	assert_int_equal(p.nworkloads, 8);
	assert_string_equal(p.file, "examples/small-fleet.yaml");
	assert_string_equal(p.regions[0], "southcentralus");
	assert_true(p.workloads[1].model_inline);
	assert_true(p.workloads[1].model.params_b == 1.5);
	assert_int_equal(p.workloads[1].model.kv_heads, 2);
	assert_true(p.workloads[6].requirements.gpu_memory_gib == 6);
	profile_release(&p);

	assert_int_equal(profile_load("tests/no/such.yaml", NULL, &p, &errs), -1);
	assert_int_equal(errs.n, 1);
	assert_string_equal(errs.items[0].file, "tests/no/such.yaml");
	assert_string_equal(errs.items[0].msg, "cannot open: no such file or directory");
	profile_release(&p);
	diag_list_release(&errs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_profile),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_confidential),
		cmocka_unit_test(test_inline_model_and_data),
		cmocka_unit_test(test_catalog_names),
		cmocka_unit_test(test_model_limits),
		cmocka_unit_test(test_errors_in_file_order),
		cmocka_unit_test(test_structure_errors),
		cmocka_unit_test(test_bytes),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_load),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
