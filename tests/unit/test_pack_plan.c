/*
 * test_pack_plan.c - from a profile to a priced packing plan, on the bundled
 * catalog.  The expected figures are worked out by hand from
 * catalog/prices.csv (southcentralus payg: Standard_NC24ads_A100_v4 4.408
 * USD/h, Standard_NC4as_T4_v3 0.631 USD/h) and the A100 80GB MIG geometry.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "catalog_snapshot.h"
#include "pack_plan.h"
#include "profile.h"

#include "bundled_snapshot.h"

static void build(const char *yaml, enum mig_strategy st, struct profile *p,
		  struct pack_plan *pl)
{
	struct diag_list errs = DIAG_LIST_INIT;
	struct pack_options o;

	parse_profile(yaml, p);
	pack_options_init(&o);
	o.strategy = st;
	assert_int_equal(pack_plan_build(&snap, p, &o, pl, &errs), 0);
	assert_int_equal(errs.n, 0);
	diag_list_release(&errs);
}

/* Seven 2 GiB services fill one A100 as 7 x 1g.10gb: one NC24ads VM,
 * 4.408 * 730 = 3,217.84 a month, against 7 T4s at 0.631 (3,224.41). */
static void test_seven_on_one_gpu(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: southcentralus\nworkloads:\n"
		"  - { name: a, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 5 } }\n"
		"  - { name: b, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 5 } }\n"
		"  - { name: c, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 5 } }\n"
		"  - { name: d, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 5 } }\n"
		"  - { name: e, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 5 } }\n"
		"  - { name: f, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 5 } }\n"
		"  - { name: g, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 5 } }\n";
	struct profile p;
	struct pack_plan pl;

	(void)state;
	for (int st = 0; st < 2; st++) {
		build(yaml, (enum mig_strategy)st, &p, &pl);
		assert_int_equal(pl.nworkloads, 7);
		assert_int_equal(pl.npools, 1);
		assert_string_equal(pl.pools[0].sku, "Standard_NC24ads_A100_v4");
		assert_string_equal(pl.pools[0].region, "southcentralus");
		assert_int_equal(pl.pools[0].vm_count, 1);
		assert_string_equal(pl.pools[0].name, st == MIG_STRATEGY_AKS ? "mig1g-a100" : "mig-a100");
		assert_string_equal(pl.pools[0].aks_profile, st == MIG_STRATEGY_AKS ? "MIG1g" : "");
		assert_int_equal(pl.ngpus, 1);
		assert_int_equal(pl.gpus[0].nslices, 7);
		for (int s = 0; s < 7; s++) {
			assert_string_equal(pl.gpus[0].slices[s].profile, "1g.10gb");
			assert_int_equal(pl.gpus[0].slices[s].start, s);
		}
		assert_int_equal(pl.ndedicated, 0);
		assert_int_equal(pl.nunplaced, 0);
		assert_float_equal(pl.monthly, 4.408 * 730, 1e-6);
		assert_float_equal(pl.lower_bound_monthly, 4.408 * 730, 1e-6);
		assert_float_equal(pl.naive_monthly, 7 * 0.631 * 730, 1e-6);
		assert_int_equal(pl.exact, 1);
		pack_plan_release(&pl);
		profile_release(&p);
	}
}

/* One service alone: a T4 (0.631) beats a whole A100 VM (4.408); a training
 * workload is skipped; a 150 GiB one fits nowhere. */
static void test_dedicated_skipped_unplaced(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: southcentralus\nworkloads:\n"
		"  - { name: solo, type: inference, replicas: 2,"
		" requirements: { gpu_memory_gib: 3, tflops_fp16: 5 } }\n"
		"  - { name: huge, type: inference, requirements: { gpu_memory_gib: 150 } }\n"
		"  - name: tune\n    type: training\n    model: llama-3-8b\n"
		"    training: { method: lora, tokens: 1e8 }\n";
	struct profile p;
	struct pack_plan pl;

	(void)state;
	build(yaml, MIG_STRATEGY_AKS, &p, &pl);
	assert_int_equal(pl.nworkloads, 2);
	assert_int_equal(pl.skipped_training, 1);
	assert_int_equal(pl.npools, 0);
	assert_int_equal(pl.ndedicated, 2);
	assert_string_equal(pl.dedicated[0].sku, "Standard_NC4as_T4_v3");
	assert_int_equal(pl.dedicated[0].replica, 0);
	assert_int_equal(pl.dedicated[1].replica, 1);
	assert_float_equal(pl.dedicated[0].monthly, 0.631 * 730, 1e-6);
	assert_int_equal(pl.nunplaced, 1);
	assert_string_equal(pl.workloads[pl.unplaced[0].workload].name, "huge");
	assert_non_null(strstr(pl.unplaced[0].reason, "no mig slice or small gpu fits"));
	assert_float_equal(pl.monthly, 2 * 0.631 * 730, 1e-6);
	pack_plan_release(&pl);
	profile_release(&p);
}

/* A region without prices: nothing is priced at 0, every replica is
 * unplaced with the reason. */
static void test_no_prices(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: westcentralus\nworkloads:\n"
		"  - { name: a, type: inference, requirements: { gpu_memory_gib: 2 } }\n";
	struct profile p;
	struct pack_plan pl;

	(void)state;
	build(yaml, MIG_STRATEGY_MIXED, &p, &pl);
	assert_int_equal(pl.npools, 0);
	assert_int_equal(pl.ndedicated, 0);
	assert_int_equal(pl.nunplaced, 1);
	assert_string_equal(pl.unplaced[0].reason,
			    "no priced mig or small gpu size in westcentralus");
	assert_float_equal(pl.monthly, 0, 0);
	pack_plan_release(&pl);
	profile_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seven_on_one_gpu),
		cmocka_unit_test(test_dedicated_skipped_unplaced),
		cmocka_unit_test(test_no_prices),
	};
	return cmocka_run_group_tests(tests, bundled_setup, bundled_teardown);
}
