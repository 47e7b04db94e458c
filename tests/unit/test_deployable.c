/*
 * test_deployable.c - a workload is only offered what it can run on:
 *
 *   - engine_support_runs / engine_support_why on a hand-made table (a pair
 *     without a row is not supported), and engine_support_check's
 *     architecture rule (compute capability, ROCm targets; unknown is not
 *     applied);
 *   - on the bundled catalog, for every serving engine in three regions, no
 *     recommendation or alternative of the workload has a GPU of a vendor
 *     its engine does not run on, and every AMD size it is not offered is
 *     rejected with kind engine;
 *   - confidential: true gets confidential-computing sizes only, a plain
 *     workload never one;
 *   - the rule is the catalog's data: with the vLLM/AMD row turned to 0 in
 *     the snapshot, vLLM loses the MI300X it wins in northeurope;
 *   - an infeasible latency SLO names a latency miss as its closest option,
 *     never a size short of memory.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catalog.h"
#include "catalog_snapshot.h"
#include "facts.h"
#include "fit.h"
#include "profile.h"
#include "recommend.h"
#include "sizing.h"

#include "bundled_snapshot.h"

static void build(const char *yaml, struct profile *p, struct recommend_result *r)
{
	struct diag_list errs = DIAG_LIST_INIT;
	struct recommend_options o;

	parse_profile(yaml, p);
	recommend_options_init(&o);
	recommend_build(&snap, p, &o, r, &errs);
	diag_list_release(&errs);
}

static const struct vm_size *vm_of(const char *sku)
{
	for (size_t i = 0; i < snap.nvms; i++)
		if (strcmp(snap.vms[i].sku, sku) == 0)
			return &snap.vms[i];
	fail_msg("no size %s", sku);
	return NULL;
}

static const struct gpu_spec *gpu_of(const char *sku)
{
	const struct vm_size *v = vm_of(sku);

	for (size_t i = 0; i < snap.ngpus; i++)
		if (strcmp(snap.gpus[i].name, v->gpu_model) == 0)
			return &snap.gpus[i];
	fail_msg("no GPU %s", v->gpu_model);
	return NULL;
}

/* 1 when engine runs on the GPU of sku by the snapshot's table. */
static int runs(const char *engine, const char *sku)
{
	char why[FIT_REASON_LEN];

	return engine_support_check(snap.engines, snap.nengines, engine, gpu_of(sku), why,
				    sizeof why);
}

/* The architecture rule on a hand-made table (catalog/engine_support.csv's
 * figures): TensorRT-LLM from compute capability 8.0 (its supported
 * hardware: Ampere and later), vLLM from 7.5 and on the ROCm targets it
 * lists; SGLang on AMD with no list (unknown: not applied). */
static void test_architecture(void **state)
{
	static const struct engine_support es[] = {
		{ "tensorrt-llm", "NVIDIA", 1, 8.0, "" },
		{ "vllm", "NVIDIA", 1, 7.5, "" },
		{ "vllm", "AMD", 1, -1, "gfx90a gfx942 gfx950 gfx1100 gfx1101" },
		{ "sglang", "AMD", 1, -1, "" },
	};
	struct gpu_spec a100 = { .name = "A100-SXM-80GB", .vendor = "NVIDIA", .target = "8.0" };
	struct gpu_spec t4 = { .name = "T4-PCIe-16GB", .vendor = "NVIDIA", .target = "7.5" };
	struct gpu_spec v100 = { .name = "V100-SXM2-32GB", .vendor = "NVIDIA", .target = "7.0" };
	struct gpu_spec mi300x = { .name = "MI300X-OAM-192GB", .vendor = "AMD", .target = "gfx942" };
	struct gpu_spec v620 = { .name = "V620-PCIe-32GB", .vendor = "AMD", .target = "gfx1030" };
	struct gpu_spec v710 = { .name = "V710-PCIe-24GB", .vendor = "AMD", .target = "gfx1101" };
	struct gpu_spec unknown = { .name = "X", .vendor = "NVIDIA", .target = "" };
	char why[FIT_REASON_LEN];

	(void)state;
	assert_int_equal(engine_support_check(es, 4, "tensorrt-llm", &a100, why, sizeof why), 1);
	/* 7.5 < 8.0 */
	assert_int_equal(engine_support_check(es, 4, "tensorrt-llm", &t4, why, sizeof why), 0);
	assert_string_equal(why, "tensorrt-llm needs CUDA compute capability 8.0 or higher; "
				 "T4-PCIe-16GB is 7.5");
	/* the vendor first: no AMD row for TensorRT-LLM */
	assert_int_equal(engine_support_check(es, 4, "tensorrt-llm", &mi300x, why, sizeof why), 0);
	assert_string_equal(why, "tensorrt-llm runs on NVIDIA GPUs only; MI300X-OAM-192GB is AMD");
	/* 7.5 meets 7.5; 7.0 does not */
	assert_int_equal(engine_support_check(es, 4, "vllm", &t4, why, sizeof why), 1);
	assert_int_equal(engine_support_check(es, 4, "vllm", &v100, why, sizeof why), 0);
	assert_string_equal(why, "vllm needs CUDA compute capability 7.5 or higher; "
				 "V100-SXM2-32GB is 7.0");
	/* a target in the list runs, one outside it does not (a prefix is no match:
	 * gfx110 is not gfx1101) */
	assert_int_equal(engine_support_check(es, 4, "vllm", &mi300x, why, sizeof why), 1);
	assert_int_equal(engine_support_check(es, 4, "vllm", &v710, why, sizeof why), 1);
	assert_int_equal(engine_support_check(es, 4, "vllm", &v620, why, sizeof why), 0);
	assert_string_equal(why, "vllm does not support V620-PCIe-32GB (ROCm target gfx1030)");
	snprintf(v710.target, sizeof v710.target, "gfx110");
	assert_int_equal(engine_support_check(es, 4, "vllm", &v710, why, sizeof why), 0);
	/* unknown limit or unknown target: not applied */
	assert_int_equal(engine_support_check(es, 4, "sglang", &v620, why, sizeof why), 1);
	assert_int_equal(engine_support_check(es, 4, "vllm", &unknown, why, sizeof why), 1);
}

static void test_support_table(void **state)
{
	static const struct engine_support es[] = {
		{ "tensorrt-llm", "NVIDIA", 1, -1, "" }, { "tensorrt-llm", "AMD", 0, -1, "" },
		{ "vllm", "NVIDIA", 1, -1, "" },         { "vllm", "AMD", 1, -1, "" },
	};
	char buf[128];

	(void)state;
	assert_int_equal(engine_support_runs(es, 4, "tensorrt-llm", "NVIDIA"), 1);
	assert_int_equal(engine_support_runs(es, 4, "tensorrt-llm", "AMD"), 0);
	assert_int_equal(engine_support_runs(es, 4, "VLLM", "amd"), 1);
	/* no row: not supported */
	assert_int_equal(engine_support_runs(es, 4, "sglang", "NVIDIA"), 0);
	assert_int_equal(engine_support_runs(es, 4, "vllm", "Intel"), 0);
	engine_support_why(es, 4, "tensorrt-llm", "MI300X-OAM-192GB", "AMD", buf, sizeof buf);
	assert_string_equal(buf, "tensorrt-llm runs on NVIDIA GPUs only; MI300X-OAM-192GB is AMD");
	engine_support_why(es, 4, "vllm", "Gaudi3", "Intel", buf, sizeof buf);
	assert_string_equal(buf, "vllm runs on NVIDIA and AMD GPUs only; Gaudi3 is Intel");
	engine_support_why(es, 4, "sglang", "H100-SXM-80GB", "NVIDIA", buf, sizeof buf);
	assert_string_equal(buf, "sglang runs on no GPU vendor the catalog knows; H100-SXM-80GB is "
				 "NVIDIA");
}

/* Every choice of r's workloads runs on a vendor its engine supports;
 * returns the engine rejections listed. */
static size_t check_engines(const struct recommend_result *r, const struct profile *p)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nworkloads; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		const char *engine = sizing_engine_name(p->workloads[i].serving.engine);

		if (w->feasible && !runs(engine, w->rec.sku))
			fail_msg("%s (%s) recommended %s", w->name, engine, w->rec.sku);
		for (size_t k = 0; k < w->nalternatives; k++)
			if (!runs(engine, w->alternatives[k].sku))
				fail_msg("%s (%s) offered %s", w->name, engine,
					 w->alternatives[k].sku);
		for (size_t k = 0; k < w->nrejected; k++)
			if (w->rejected[k].fit.reject == FIT_REJ_ENGINE) {
				assert_int_equal(runs(engine, w->rejected[k].sku), 0);
				n++;
			}
	}
	return n;
}

static void test_every_engine(void **state)
{
	static const char *const regions[] = { "northeurope", "eastus", "swedencentral" };

	(void)state;
	for (size_t g = 0; g < 3; g++)
		for (int e = 0; e < SIZING_ENGINE_COUNT; e++) {
			char yaml[1024];
			struct profile p;
			struct recommend_result r;

			snprintf(yaml, sizeof yaml,
				 "gpufit: 1\nregion: %s\nworkloads:\n"
				 "  - name: big\n    type: inference\n    model: llama-3.1-405b\n"
				 "    serving: { input_tokens: 2048, output_tokens: 512, "
				 "concurrency: 8, engine: %s }\n"
				 "  - name: small\n    type: inference\n    model: llama-3-8b\n"
				 "    serving: { input_tokens: 512, output_tokens: 128, "
				 "concurrency: 4, engine: %s }\n",
				 regions[g], sizing_engine_name((enum sizing_engine)e),
				 sizing_engine_name((enum sizing_engine)e));
			build(yaml, &p, &r);
			/* TensorRT-LLM: the AMD sizes (MI300X, V620, V710), T4
			 * and V100 are listed as engine rejections; vLLM and
			 * SGLang: V100 (7.0 < 7.5), vLLM and TGI the V620
			 * (gfx1030, not in their lists); llama.cpp (from 5.0:
			 * only the retired K80 is below, rejected as retired)
			 * and transformers (no limit known) none */
			if (e == SIZING_ENGINE_LLAMA_CPP || e == SIZING_ENGINE_TRANSFORMERS)
				assert_int_equal(check_engines(&r, &p), 0);
			else
				assert_true(check_engines(&r, &p) > 0);
			recommend_result_release(&r);
			profile_release(&p);
		}
}

static const char deploy_yaml[] =
	"gpufit: 1\nregion: westeurope\nworkloads:\n"
	"  - name: secret\n    type: inference\n    model: gpt-oss-120b\n    precision: native\n"
	"    confidential: true\n"
	"    serving: { input_tokens: 4096, output_tokens: 1024, concurrency: 32, "
	"max_ms_per_output_token: 40, max_time_to_first_token_ms: 1500 }\n"
	"  - name: plain\n    type: inference\n    model: gpt-oss-120b\n    precision: native\n"
	"    serving: { input_tokens: 4096, output_tokens: 1024, concurrency: 32, "
	"max_ms_per_output_token: 40, max_time_to_first_token_ms: 1500 }\n";

static void test_confidential(void **state)
{
	struct profile p;
	struct recommend_result r;
	const struct recommend_workload *secret, *plain;

	(void)state;
	build(deploy_yaml, &p, &r);
	secret = &r.workloads[0];
	plain = &r.workloads[1];
	/* NCC40ads_H100_v5 $8.90/h x 730 = $6,497.00; NC40ads_H100_v5 $9.08/h
	 * x 730 = $6,628.40 (catalog/prices.csv, westeurope payg) */
	assert_true(secret->feasible);
	assert_string_equal(secret->rec.sku, "Standard_NCC40ads_H100_v5");
	assert_int_equal(llround(secret->rec.monthly_cost * 100), 649700);
	assert_true(plain->feasible);
	assert_string_equal(plain->rec.sku, "Standard_NC40ads_H100_v5");
	assert_int_equal(llround(plain->rec.monthly_cost * 100), 662840);
	for (size_t k = 0; k < secret->nalternatives; k++)
		assert_true(vm_of(secret->alternatives[k].sku)->confidential);
	/* every other size: not confidential, or (V100, V620) not one vLLM,
	 * the default engine, runs on, which is checked first */
	for (size_t k = 0; k < secret->nrejected; k++)
		assert_true(secret->rejected[k].fit.reject == FIT_REJ_CONFIDENTIAL ||
			    secret->rejected[k].fit.reject == FIT_REJ_ENGINE);
	for (size_t k = 0; k < plain->nalternatives; k++)
		assert_false(vm_of(plain->alternatives[k].sku)->confidential);
	for (size_t k = 0; k < plain->nrejected; k++)
		assert_int_not_equal(plain->rejected[k].fit.reject, FIT_REJ_CONFIDENTIAL);
	recommend_result_release(&r);
	profile_release(&p);
}

/* The engine rule reads the snapshot's table: vLLM wins the MI300X for a
 * 405B model in northeurope ($57.60/h x 730 = $42,048.00 against the H200
 * $101.76/h x 730 = $74,284.80) until the table says it does not run on
 * AMD. */
static void test_table_is_the_rule(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: northeurope\nworkloads:\n"
		"  - name: big\n    type: inference\n    model: llama-3.1-405b\n"
		"    serving: { input_tokens: 2048, output_tokens: 512, concurrency: 8 }\n";
	struct profile p;
	struct recommend_result r;
	size_t row = snap.nengines;

	(void)state;
	build(yaml, &p, &r);
	assert_string_equal(r.workloads[0].rec.sku, "Standard_ND96isr_MI300X_v5");
	assert_int_equal(llround(r.workloads[0].rec.monthly_cost * 100), 4204800);
	recommend_result_release(&r);
	profile_release(&p);

	for (size_t i = 0; i < snap.nengines; i++)
		if (strcmp(snap.engines[i].engine, "vllm") == 0 &&
		    strcmp(snap.engines[i].vendor, "AMD") == 0)
			row = i;
	assert_true(row < snap.nengines);
	snap.engines[row].supported = 0;
	build(yaml, &p, &r);
	snap.engines[row].supported = 1;
	assert_string_equal(r.workloads[0].rec.sku, "Standard_ND96isr_H200_v5");
	assert_int_equal(llround(r.workloads[0].rec.monthly_cost * 100), 7428480);
	recommend_result_release(&r);
	profile_release(&p);
}

/* llama-3-8b fp8 at 2 ms/token in eastus (tests/golden/recommend/closest-mig.cmd):
 * a 1g.10gb slice is 9 % short of memory, but the sizes with the memory all
 * miss the SLO; the closest is the fastest of them, 8 H200 at 2.56 ms/token:
 * 2.56 / 2 - 1 = 28 % over. */
static void test_closest_is_the_failing_constraint(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: eastus\nworkloads:\n"
		"  - name: chat\n    type: inference\n    model: llama-3-8b\n    precision: fp8\n"
		"    serving: { input_tokens: 256, output_tokens: 128, concurrency: 1, "
		"max_ms_per_output_token: 2 }\n";
	struct profile p;
	struct recommend_result r;
	const struct recommend_workload *w;

	(void)state;
	build(yaml, &p, &r);
	w = &r.workloads[0];
	assert_false(w->feasible);
	assert_non_null(w->closest);
	assert_int_equal(w->closest->fit.reject, FIT_REJ_LATENCY);
	assert_string_equal(w->closest->sku, "Standard_ND96isr_H200_v5");
	assert_true(w->closest->fit.have > 2.5 && w->closest->fit.have < 2.6);
	assert_true(w->closest_margin > 0.27 && w->closest_margin < 0.29);
	recommend_result_release(&r);
	profile_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_support_table),
		cmocka_unit_test(test_architecture),
		cmocka_unit_test(test_every_engine),
		cmocka_unit_test(test_confidential),
		cmocka_unit_test(test_table_is_the_rule),
		cmocka_unit_test(test_closest_is_the_failing_constraint),
	};
	return cmocka_run_group_tests(tests, bundled_setup, bundled_teardown);
}
