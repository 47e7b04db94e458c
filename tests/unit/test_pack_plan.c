/*
 * test_pack_plan.c - the fleet pack renders, from recommend_build() on the
 * bundled catalog through pack_plan_from_recommend().  The expected figures
 * are worked out by hand from catalog/prices.csv (southcentralus payg:
 * Standard_NC24ads_A100_v4 4.408 USD/h, Standard_NC4as_T4_v3 0.631 USD/h)
 * and the A100 80GB MIG geometry; every one is also recommend's.
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
#include "recommend.h"

#include "bundled_snapshot.h"

static void build(const char *yaml, enum mig_strategy st, struct profile *p,
		  struct pack_plan *pl, double *fleet_total)
{
	struct diag_list errs = DIAG_LIST_INIT;
	struct recommend_options o;
	struct recommend_result res;

	parse_profile(yaml, p);
	recommend_options_init(&o);
	o.strategy = st;
	assert_int_equal(recommend_build(&snap, p, &o, &res, &errs), 0);
	assert_int_equal(errs.n, 0);
	pack_plan_from_recommend(&res, pl);
	*fleet_total = res.complete ? res.monthly_cost : -1;
	recommend_result_release(&res);
	diag_list_release(&errs);
}

/* Seven 2 GiB services fill one A100 as 7 x 1g.10gb: one NC24ads VM,
 * 4.408 * 730 = 3,217.84 a month, against 7 T4s at 0.631 (7 x 460.63 =
 * 3,224.41). */
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
	double total;

	(void)state;
	for (int st = 0; st < 2; st++) {
		build(yaml, (enum mig_strategy)st, &p, &pl, &total);
		assert_int_equal(pl.strategy, st);
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
			assert_int_equal(pl.gpus[0].slices[s].workload, s);
		}
		assert_int_equal(pl.ndedicated, 0);
		assert_int_equal(pl.nvms, 0);
		assert_int_equal(pl.nunplaced, 0);
		assert_float_equal(pl.monthly, 3217.84, 1e-6);
		assert_float_equal(total, 3217.84, 1e-6);
		assert_float_equal(pl.mig_monthly, 3217.84, 1e-6);
		assert_float_equal(pl.lower_bound_monthly, 3217.84, 1e-6);
		assert_float_equal(pl.mig_dedicated_monthly, 3224.41, 1e-6);
		assert_int_equal(pl.exact, 1);
		assert_int_equal(pl.nregions, 1);
		assert_int_equal(pl.regions[0].used, 1);
		pack_plan_release(&pl);
		profile_release(&p);
	}
}

/* One service of two replicas alone: two T4s (2 x 0.631 x 730 = 921.26)
 * beat a whole A100 VM (3,217.84), so its region's plan (the same T4s) is
 * not used and it is on whole VMs of its own; the training run is on whole
 * VMs too; a 150 GiB service fits nowhere: unplaced, with recommend's
 * closest option. */
static void test_whole_vms_and_unplaced(void **state)
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
	double total;

	(void)state;
	build(yaml, MIG_STRATEGY_AKS, &p, &pl, &total);
	assert_int_equal(pl.nworkloads, 3);
	assert_int_equal(pl.npools, 0);
	assert_int_equal(pl.ndedicated, 0);
	assert_int_equal(pl.nvms, 2);
	assert_string_equal(pl.workloads[pl.vms[0].workload].name, "solo");
	assert_string_equal(pl.vms[0].sku, "Standard_NC4as_T4_v3");
	assert_int_equal(pl.vms[0].vm_count, 2);
	assert_float_equal(pl.vms[0].monthly, 921.26, 1e-6);
	assert_string_equal(pl.workloads[pl.vms[1].workload].name, "tune");
	assert_int_equal(pl.workloads[pl.vms[1].workload].type, PROFILE_TRAINING);
	assert_int_equal(pl.nunplaced, 1);
	assert_string_equal(pl.workloads[pl.unplaced[0].workload].name, "huge");
	assert_non_null(strstr(pl.unplaced[0].reason, "no feasible option; closest "));
	assert_float_equal(pl.monthly, 921.26 + pl.vms[1].monthly, 1e-6);
	assert_float_equal(total, -1, 0);   /* incomplete: no fleet total */
	assert_int_equal(pl.nregions, 1);
	assert_int_equal(pl.regions[0].used, 0);
	pack_plan_release(&pl);
	profile_release(&p);
}

/* A region without prices: nothing is priced at 0, the replica is
 * unplaced with recommend's reason. */
static void test_no_prices(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: westcentralus\nworkloads:\n"
		"  - { name: a, type: inference, requirements: { gpu_memory_gib: 2 } }\n";
	struct profile p;
	struct pack_plan pl;
	double total;

	(void)state;
	build(yaml, MIG_STRATEGY_MIXED, &p, &pl, &total);
	assert_int_equal(pl.npools, 0);
	assert_int_equal(pl.ndedicated, 0);
	assert_int_equal(pl.nvms, 0);
	assert_int_equal(pl.nunplaced, 1);
	assert_non_null(strstr(pl.unplaced[0].reason, "no feasible option"));
	assert_float_equal(pl.monthly, 0, 0);
	pack_plan_release(&pl);
	profile_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seven_on_one_gpu),
		cmocka_unit_test(test_whole_vms_and_unplaced),
		cmocka_unit_test(test_no_prices),
	};
	return cmocka_run_group_tests(tests, bundled_setup, bundled_teardown);
}
