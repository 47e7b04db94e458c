/*
 * Unit tests for the classifier (classify.c): hand-built series for every
 * finding, the order of the rules, the choice among cheaper candidates and
 * the savings that follow from it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "classify.h"

static struct telemetry_series series;
static struct classify_thresholds th;
/* The last result of run(), released by the next run and by teardown. */
static struct classify_result last;

static int setup(void **state)
{
	(void)state;
	memset(&series, 0, sizeof(series));
	strcpy(series.source, "dcgm-exporter");
	classify_thresholds_default(&th);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	for (int m = 0; m < TM_METRIC_COUNT; m++)
		telemetry_acc_release(&series.m[m]);
	classify_result_release(&last);
	return 0;
}

/* n samples of m cycling through vals[0..k-1]. */
static void fill(enum telemetry_metric m, int n, const double *vals, int k)
{
	for (int i = 0; i < n; i++)
		telemetry_acc_add(&series.m[m], m, vals[i % k]);
}

static void fill1(enum telemetry_metric m, int n, double v)
{
	fill(m, n, &v, 1);
}

static struct classify_result run(double hourly)
{
	classify_result_release(&last);
	classify_series(&series, &th, NULL, 0, hourly, &last);
	return last;
}

static void test_names(void **state)
{
	(void)state;
	enum classify_finding f;
	for (int i = 0; i < CLASS_COUNT; i++) {
		assert_int_equal(classify_finding_parse(classify_finding_name(i), &f), 0);
		assert_int_equal(f, i);
	}
	assert_int_equal(classify_finding_parse("busy", &f), -1);
	assert_string_equal(classify_finding_name(CLASS_BUSY_WAITING), "busy-waiting");
}

static void test_idle_saves_the_whole_gpu(void **state)
{
	(void)state;
	fill1(TM_GR_ACTIVE, 20, 0.01);
	fill1(TM_FB_USED, 20, 2048);
	struct classify_result r = run(3.5);
	assert_int_equal(r.finding, CLASS_IDLE);
	assert_true(r.savings_hourly == 3.5);
	assert_true(r.idle_fraction == 1.0);
	assert_string_equal(r.reason, "gr_engine_active peaked at 1.0% over 20 samples while "
				      "2.0 GiB stayed allocated");
}

static void test_too_few_samples(void **state)
{
	(void)state;
	fill1(TM_GR_ACTIVE, 9, 0.0);
	struct classify_result r = run(1);
	assert_int_equal(r.finding, CLASS_NO_DATA);
	assert_string_equal(r.reason, "only 9 samples of gr_engine_active (at least 10 needed)");
	assert_true(r.savings_hourly == 0);
}

static void test_no_counter(void **state)
{
	(void)state;
	fill1(TM_FB_USED, 20, 100);
	strcpy(series.source, "nvidia-smi");
	struct classify_result r = run(1);
	assert_int_equal(r.finding, CLASS_NO_DATA);
	assert_string_equal(r.enable, "nvidia-smi cannot report utilization under MIG; collect "
				      "DCGM_FI_PROF_GR_ENGINE_ACTIVE with dcgm-exporter");
}

static void test_stuck_engine_counter_is_unreliable(void **state)
{
	(void)state;
	fill1(TM_GPU_UTIL, 20, 0.99);
	fill1(TM_GR_ACTIVE, 20, 0.0);
	struct classify_result r = run(1);
	assert_int_equal(r.finding, CLASS_NO_DATA);
	assert_int_equal(r.activity_metric, TM_GPU_UTIL);
	assert_true(r.idle_fraction == 0);
	assert_non_null(strstr(r.reason, "profiling data unreliable"));
}

static void test_busy_waiting(void **state)
{
	(void)state;
	fill1(TM_GPU_UTIL, 20, 1.0);
	fill1(TM_GR_ACTIVE, 20, 0.97);
	fill1(TM_SM_ACTIVE, 20, 0.1);
	struct classify_result r = run(1);
	assert_int_equal(r.finding, CLASS_BUSY_WAITING);
	assert_int_equal(r.weak, 0);
	assert_string_equal(r.reason, "gpu_util averages 100% but SM activity only 10%");
}

static void test_busy_waiting_without_sm_is_weak(void **state)
{
	(void)state;
	fill1(TM_GPU_UTIL, 20, 0.95);
	fill1(TM_TENSOR_ACTIVE, 20, 0.05);
	fill1(TM_DRAM_ACTIVE, 20, 0.1);
	struct classify_result r = run(1);
	assert_int_equal(r.finding, CLASS_BUSY_WAITING);
	assert_int_equal(r.weak, 1);
	assert_string_equal(r.enable, "enable the row 'DCGM_FI_PROF_SM_ACTIVE, gauge, ...' in "
				      "dcgm-exporter's counters CSV");
}

static void test_busy_without_any_work_counter_is_no_data(void **state)
{
	(void)state;
	fill1(TM_GPU_UTIL, 20, 0.95);
	strcpy(series.source, "dcgmi");
	struct classify_result r = run(1);
	assert_int_equal(r.finding, CLASS_NO_DATA);
	assert_string_equal(r.enable, "add field 1002 (SMACT) to 'dcgmi dmon -e'");
}

static void test_data_starved_by_pcie(void **state)
{
	(void)state;
	fill1(TM_GR_ACTIVE, 20, 0.5);
	fill1(TM_SM_ACTIVE, 20, 0.15);
	fill1(TM_PCIE_RX, 20, 2.5e9);
	struct classify_result r = run(1);
	assert_int_equal(r.finding, CLASS_DATA_STARVED);
	assert_string_equal(r.reason, "SM activity averages 15% while PCIe host-to-device "
				      "traffic averages 2.50 GB/s");
}

static void test_data_starved_sawtooth(void **state)
{
	(void)state;
	const double saw[] = { 0.95, 0.0 };
	fill(TM_GR_ACTIVE, 20, saw, 2);
	struct classify_result r = run(1);
	assert_int_equal(r.finding, CLASS_DATA_STARVED);
	assert_true(r.idle_fraction == 0.5);
}

static void test_memory_bound(void **state)
{
	(void)state;
	fill1(TM_GR_ACTIVE, 20, 0.9);
	fill1(TM_SM_ACTIVE, 20, 0.4);
	fill1(TM_DRAM_ACTIVE, 20, 0.7);
	struct classify_result r = run(1);
	assert_int_equal(r.finding, CLASS_MEMORY_BOUND);
}

static void test_underused_picks_cheapest_that_fits(void **state)
{
	(void)state;
	const double sm[] = { 0.15, 0.25 };
	fill1(TM_GR_ACTIVE, 20, 0.3);
	fill(TM_SM_ACTIVE, 20, sm, 2);
	fill1(TM_FB_USED, 20, 8000);     /* 7.8 GiB */
	struct classify_candidate c[] = {
		{ "MIG 1g.10gb", 9.5, 1.0 / 7, 0.5 },    /* too little compute */
		{ "small-vm", 15, 0.2, 0.3 },            /* too little compute for p95 0.25 */
		{ "MIG 2g.20gb", 19.5, 2.0 / 7, 1.0 },   /* fits */
		{ "MIG 3g.40gb", 39.25, 3.0 / 7, 1.5 },  /* fits, dearer */
		{ "tiny-mem", 4, 1, 0.1 },               /* too little memory */
	};
	struct classify_result r;
	classify_series(&series, &th, c, 5, 3.5, &r);
	assert_int_equal(r.finding, CLASS_UNDERUSED);
	assert_int_equal(r.candidate, 2);
	assert_string_equal(r.recommendation, "move to MIG 2g.20gb");
	assert_true(fabs(r.savings_hourly - 2.5) < 1e-12);
	assert_string_equal(r.reason, "SM activity p95 is 25% and memory peaks at 7.8 GiB");

	/* a candidate dearer than the GPU itself is never advice */
	c[2].hourly = 4.0;
	c[3].hourly = 5.0;
	classify_result_release(&r);
	classify_series(&series, &th, c, 5, 3.5, &r);
	assert_int_equal(r.finding, CLASS_UNDERUSED);
	assert_int_equal(r.candidate, -1);
	assert_true(r.savings_hourly == 0);
	classify_result_release(&r);
}

static void test_healthy(void **state)
{
	(void)state;
	fill1(TM_GR_ACTIVE, 20, 0.95);
	fill1(TM_SM_ACTIVE, 20, 0.88);
	struct classify_result r = run(1);
	assert_int_equal(r.finding, CLASS_HEALTHY);
	assert_string_equal(r.reason, "SM activity averages 88%, p95 88%");
	assert_string_equal(r.enable, "");
	assert_true(r.savings_hourly == 0);
}

static void test_thresholds_are_options(void **state)
{
	(void)state;
	fill1(TM_GR_ACTIVE, 20, 0.08);
	assert_int_equal(run(1).finding, CLASS_UNDERUSED);
	th.idle_max = 0.10;
	assert_int_equal(run(1).finding, CLASS_IDLE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_names, setup, teardown),
		cmocka_unit_test_setup_teardown(test_idle_saves_the_whole_gpu, setup, teardown),
		cmocka_unit_test_setup_teardown(test_too_few_samples, setup, teardown),
		cmocka_unit_test_setup_teardown(test_no_counter, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stuck_engine_counter_is_unreliable, setup, teardown),
		cmocka_unit_test_setup_teardown(test_busy_waiting, setup, teardown),
		cmocka_unit_test_setup_teardown(test_busy_waiting_without_sm_is_weak, setup, teardown),
		cmocka_unit_test_setup_teardown(test_busy_without_any_work_counter_is_no_data, setup, teardown),
		cmocka_unit_test_setup_teardown(test_data_starved_by_pcie, setup, teardown),
		cmocka_unit_test_setup_teardown(test_data_starved_sawtooth, setup, teardown),
		cmocka_unit_test_setup_teardown(test_memory_bound, setup, teardown),
		cmocka_unit_test_setup_teardown(test_underused_picks_cheapest_that_fits, setup, teardown),
		cmocka_unit_test_setup_teardown(test_healthy, setup, teardown),
		cmocka_unit_test_setup_teardown(test_thresholds_are_options, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
