/*
 * test_recommend.c - the fleet totals rule (recommend_totals) on hand-made
 * numbers: which workloads keep their MIG slices, what each is charged, and
 * that the charges sum to the fleet total to the cent.  The figures are
 * plain numbers shaped like a 730-hour month: a 1-GPU A100 VM at 3.673
 * USD/h = $2,681.29, a 3g.40gb slice of it (1/2 GPU) $1,340.65, a 1g.10gb
 * slice (1/7) $383.04, and a small dedicated GPU VM at 0.526 USD/h = $383.98.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "recommend.h"

static void item(struct recommend_totals_item *it, int group, int has_ded, double ded,
		 double share)
{
	memset(it, 0, sizeof(*it));
	it->group = group;
	it->has_dedicated = has_ded;
	it->dedicated_monthly = ded;
	it->share_monthly = share;
}

static long long cents(double v)
{
	return llround(v * 100.0);
}

/* chat-8b: one workload, 2 replicas of a 3g.40gb slice kept on different
 * GPUs.  Slice share 2 x 1,340.65 = 2,681.29 (rounded from 2,681.29); the
 * plan needs two whole NC24ads_A100_v4 = 5,362.58; dedicated is the same
 * two VMs, 5,362.58.  P is not less: the workload is recommended its
 * dedicated option and the total is 5,362.58, not 2,681.29. */
static void test_single_workload_mig_loses(void **state)
{
	struct recommend_totals_item it;
	struct recommend_totals_group g = { .priced = 1, .plan_monthly = 5362.58 };
	double total;

	(void)state;
	item(&it, 0, 1, 5362.58, 2681.29);
	total = recommend_totals(&it, 1, &g, 1);
	assert_int_equal(cents(total), 536258);
	assert_int_equal(it.basis, RECOMMEND_BASIS_DEDICATED);
	assert_int_equal(cents(it.monthly), 536258);
	assert_int_equal(cents(it.part_monthly), 536258); /* alone: the whole plan */
	assert_int_equal(g.used, 0);
	assert_int_equal(g.nitems, 1);
	assert_int_equal(cents(g.dedicated_monthly), 536258);
}

/* Three small services that share one A100 80GB on one NC24ads_A100_v4
 * (2,681.29): slices priced 383.04, 383.04 and 766.08 (1g.10gb, 1g.10gb,
 * 2g.20gb).  Alone each would take a T4 VM, 383.98, so dedicated is 3 x
 * 383.98 = 1,151.94 < 2,681.29: MIG loses.  With the plan on a cheaper
 * VM, say 1,000.00, MIG wins; the parts follow the cost alone (383.98
 * each, equal), not the slice prices: 1,000 / 3 = 333.333..., floors
 * 333.33 x 3 leave 1 cent, to the earlier item: 333.34, 333.33, 333.33. */
static void test_three_share_one_gpu(void **state)
{
	struct recommend_totals_item it[3];
	struct recommend_totals_group g = { .priced = 1, .plan_monthly = 2681.29 };
	double total;

	(void)state;
	item(&it[0], 0, 1, 383.98, 383.04);
	item(&it[1], 0, 1, 383.98, 383.04);
	item(&it[2], 0, 1, 383.98, 766.08);
	total = recommend_totals(it, 3, &g, 1);
	assert_int_equal(cents(total), 115194);
	assert_int_equal(g.used, 0);
	for (int i = 0; i < 3; i++)
		assert_int_equal(it[i].basis, RECOMMEND_BASIS_DEDICATED);
	/* the parts are still worked out: 2,681.29 / 3 = 893.763...: floors
	 * 893.76 x 3 leave 1 cent, to the earlier item (equal remainders) */
	assert_int_equal(cents(it[0].part_monthly), 89377);
	assert_int_equal(cents(it[1].part_monthly), 89376);
	assert_int_equal(cents(it[2].part_monthly), 89376);

	g.plan_monthly = 1000.00;
	total = recommend_totals(it, 3, &g, 1);
	assert_int_equal(cents(total), 100000);
	assert_int_equal(g.used, 1);
	assert_int_equal(it[0].basis, RECOMMEND_BASIS_PLAN);
	assert_int_equal(cents(it[0].monthly), 33334);
	assert_int_equal(cents(it[1].monthly), 33333);
	assert_int_equal(cents(it[2].monthly), 33333);
}

/* P = 1,000.00 over three equal shares: 333.33 each, and the one leftover
 * cent goes to the first (equal remainders: the earlier item).  The parts
 * sum to P exactly. */
static void test_allocation_sums_to_plan(void **state)
{
	struct recommend_totals_item it[3];
	struct recommend_totals_group g = { .priced = 1, .plan_monthly = 1000.00 };
	double total;

	(void)state;
	for (int i = 0; i < 3; i++)
		item(&it[i], 0, 1, 2681.29, 383.04);
	total = recommend_totals(it, 3, &g, 1);
	assert_int_equal(cents(total), 100000);
	assert_int_equal(cents(it[0].monthly), 33334);
	assert_int_equal(cents(it[1].monthly), 33333);
	assert_int_equal(cents(it[2].monthly), 33333);
	assert_int_equal(cents(it[0].monthly) + cents(it[1].monthly) + cents(it[2].monthly),
			 100000);
}

/* Mixed fleet in two regions:
 *   0: training on its own cluster, 10,000.00 (not a candidate)
 *   1: infeasible (charged 0)
 *   2, 3: eastus candidates, shares 383.04 and 1,149.12, dedicated
 *         383.98 and 2,681.29 (sum 3,065.27); eastus plan 2,681.29 < 3,065.27:
 *         used; parts in proportion to the dedicated costs:
 *         268,129 x 38,398 / 306,527 = 33,587.962 cents -> 335.87 and
 *         268,129 x 268,129 / 306,527 = 234,541.038 -> 2,345.41, 1 cent
 *         left, to the larger remainder (0.962): 335.88 + 2,345.41
 *   4: westus2 candidate alone, share 1,340.65, dedicated 2,681.29, plan
 *         2,681.29: not less, dedicated
 *   5: a candidate whose slices cannot be packed (group 2, not priced):
 *         dedicated 766.00
 * Total = 10,000 + 0 + 2,681.29 + 2,681.29 + 766.00 = 16,128.58. */
static void test_mixed_regions(void **state)
{
	struct recommend_totals_item it[6];
	struct recommend_totals_group g[3] = {
		{ .priced = 1, .plan_monthly = 2681.29 },
		{ .priced = 1, .plan_monthly = 2681.29 },
		{ .priced = 0, .plan_monthly = 0 },
	};
	double total;
	long long sum = 0;

	(void)state;
	item(&it[0], -1, 1, 10000.00, 0);
	item(&it[1], -1, 0, 0, 0);
	item(&it[2], 0, 1, 383.98, 383.04);
	item(&it[3], 0, 1, 2681.29, 1149.12);
	item(&it[4], 1, 1, 2681.29, 1340.65);
	item(&it[5], 2, 1, 766.00, 300.00);
	total = recommend_totals(it, 6, g, 3);
	assert_int_equal(cents(total), 1612858);
	assert_int_equal(it[0].basis, RECOMMEND_BASIS_OWN);
	assert_int_equal(cents(it[0].monthly), 1000000);
	assert_int_equal(it[1].basis, RECOMMEND_BASIS_OWN);
	assert_int_equal(cents(it[1].monthly), 0);
	assert_int_equal(it[2].basis, RECOMMEND_BASIS_PLAN);
	assert_int_equal(cents(it[2].monthly), 33588);
	assert_int_equal(it[3].basis, RECOMMEND_BASIS_PLAN);
	assert_int_equal(cents(it[3].monthly), 234541);
	/* no one pays more than alone */
	assert_true(cents(it[2].monthly) <= 38398 && cents(it[3].monthly) <= 268129);
	assert_int_equal(it[4].basis, RECOMMEND_BASIS_DEDICATED);
	assert_int_equal(cents(it[4].monthly), 268129);
	assert_int_equal(it[5].basis, RECOMMEND_BASIS_DEDICATED);
	assert_int_equal(cents(it[5].monthly), 76600);
	assert_int_equal(cents(it[5].part_monthly), 0);
	assert_int_equal(g[0].used, 1);
	assert_int_equal(cents(g[0].dedicated_monthly), 306527);
	assert_int_equal(g[1].used, 0);
	assert_int_equal(g[2].used, 0);
	for (int i = 0; i < 6; i++)
		sum += cents(it[i].monthly);
	assert_int_equal(sum, cents(total));
}

/* A member without a dedicated option forces the plan even when it costs
 * more than the others' dedicated sum; its weight is then its slice share.
 * Proportional parts would be 268,129 x 38,398 / 76,702 = 134,228.8 cents
 * for the member whose T4 VM costs 38,398 alone, 3.5 times that: a member
 * with a dedicated option is capped at its weight (38,398, it pays what it
 * would alone) and the forcing member pays the rest, 268,129 - 38,398 =
 * 229,731.  With no plan either, it is charged its slice share (and
 * flagged). */
static void test_no_dedicated_option(void **state)
{
	struct recommend_totals_item it[2];
	struct recommend_totals_group g = { .priced = 1, .plan_monthly = 2681.29 };
	double total;

	(void)state;
	item(&it[0], 0, 1, 383.98, 383.04);
	item(&it[1], 0, 0, 0, 383.04);
	total = recommend_totals(it, 2, &g, 1);
	assert_int_equal(g.used, 1);
	assert_int_equal(cents(total), 268129);
	assert_int_equal(cents(it[0].monthly), 38398);
	assert_int_equal(cents(it[1].monthly), 229731);

	g.priced = 0;
	total = recommend_totals(it, 2, &g, 1);
	assert_int_equal(g.used, 0);
	assert_int_equal(it[0].basis, RECOMMEND_BASIS_DEDICATED);
	assert_int_equal(it[1].basis, RECOMMEND_BASIS_SHARE);
	assert_int_equal(cents(total), 38398 + 38304);
}

/* A forced plan of three: P = 1,000.00; A (dedicated 500.00, 100.00 of it
 * on a dedicated VM the plan gives it, weight 400.00), B (dedicated 100.00)
 * and F (no dedicated option, slice share 100.00).  The pools cost 900.00.
 * Proportional: A 900 x 400/600 = 600.00 > 400.00, capped; then 500.00 over
 * B and F, 250.00 each: B capped at 100.00; F pays 400.00.  A is charged
 * 100.00 + 400.00 = its 500.00, B its 100.00, and the parts sum to P. */
static void test_forced_plan_caps_cotenants(void **state)
{
	struct recommend_totals_item it[3];
	struct recommend_totals_group g = { .priced = 1, .plan_monthly = 1000.00 };
	double total;

	(void)state;
	item(&it[0], 0, 1, 500.00, 200.00);
	it[0].fixed_monthly = 100.00;
	item(&it[1], 0, 1, 100.00, 50.00);
	item(&it[2], 0, 0, 0, 100.00);
	total = recommend_totals(it, 3, &g, 1);
	assert_int_equal(g.used, 1);
	assert_int_equal(cents(total), 100000);
	assert_int_equal(cents(it[0].monthly), 50000);
	assert_int_equal(cents(it[1].monthly), 10000);
	assert_int_equal(cents(it[2].monthly), 40000);
	/* a plan no member forces is used below the members' dedicated sum
	 * (600.00) and keeps its proportional parts, each below its member's
	 * weight: 540.00 - 100.00 = 440.00 over weights 400 and 100 */
	item(&it[2], -1, 1, 10.00, 0);
	g.plan_monthly = 540.00;
	total = recommend_totals(it, 3, &g, 1);
	assert_int_equal(g.used, 1);
	assert_int_equal(cents(it[0].monthly), 10000 + 35200);
	assert_int_equal(cents(it[1].monthly), 8800);
	assert_int_equal(cents(total), 54000 + 1000);
}

/* Equal cost is not less: the plan is used only when strictly cheaper in
 * cents; zero weights split the plan equally. */
static void test_tie_and_zero_weights(void **state)
{
	struct recommend_totals_item it[2];
	struct recommend_totals_group g = { .priced = 1, .plan_monthly = 767.96 };

	(void)state;
	item(&it[0], 0, 1, 383.98, 0);
	item(&it[1], 0, 1, 383.98, 0);
	assert_int_equal(cents(recommend_totals(it, 2, &g, 1)), 76796);
	assert_int_equal(g.used, 0);
	g.plan_monthly = 767.95;
	assert_int_equal(cents(recommend_totals(it, 2, &g, 1)), 76795);
	assert_int_equal(g.used, 1);
	assert_int_equal(cents(it[0].monthly), 38398);
	assert_int_equal(cents(it[1].monthly), 38397);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_single_workload_mig_loses),
		cmocka_unit_test(test_three_share_one_gpu),
		cmocka_unit_test(test_allocation_sums_to_plan),
		cmocka_unit_test(test_mixed_regions),
		cmocka_unit_test(test_no_dedicated_option),
		cmocka_unit_test(test_forced_plan_caps_cotenants),
		cmocka_unit_test(test_tie_and_zero_weights),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
