/*
 * test_load_plan.c - the load plan of a service described by its traffic
 * (load_plan.h): the Poisson percentile, the Little's-law fixed point, the
 * replicas per hour (clamps, scale to zero, warm ahead) and the layered
 * bill, each against hand arithmetic.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bill.h"
#include "load_plan.h"
#include "profile.h"

/* A replica whose request takes 2 s + 0.1 s per sequence it runs at once
 * (nondecreasing, as the sizing model's). */
static double linear_latency(void *ctx, long c)
{
	(void)ctx;
	return 2.0 + 0.1 * (double)c;
}

static struct load_sizer sizer(long capacity)
{
	struct load_sizer s = { linear_latency, NULL, capacity, 95.0, -1 };

	return s;
}

static void test_poisson_quantile(void **state)
{
	(void)state;
	/* Poisson(1): P(<=2) = e^-1 (1 + 1 + 1/2) = 0.9197, P(<=3) = 0.9810 */
	assert_int_equal(load_poisson_quantile(1, 0.95), 3);
	assert_float_equal(load_poisson_cdf(2, 1), 0.919699, 1e-6);
	/* Poisson(10): P(<=14) = 0.9165, P(<=15) = 0.9513; the median 10
	 * (P(<=9) = 0.4579, P(<=10) = 0.5830) */
	assert_int_equal(load_poisson_quantile(10, 0.95), 15);
	assert_int_equal(load_poisson_quantile(10, 0.5), 10);
	/* past exp(-mean)'s underflow: Poisson(1000), P(<=1000) = 0.50841,
	 * the 95th percentile 1052 (about 1000 + 1.645 x sqrt(1000)) */
	assert_float_equal(load_poisson_cdf(1000, 1000), 0.508409, 1e-5);
	assert_int_equal(load_poisson_quantile(1000, 0.95), 1052);
	assert_int_equal(load_poisson_quantile(0, 0.95), 0);
	/* the largest mean whose 95th percentile is within 16: 10.8321 */
	assert_float_equal(load_max_mean(16, 0.95), 10.832140, 1e-5);
	assert_int_equal(load_poisson_quantile(10.83, 0.95), 16);
	assert_int_equal(load_poisson_quantile(10.84, 0.95), 17);
}

static void test_fixed_point(void **state)
{
	struct load_sizer s = sizer(100);
	double m = 0;

	(void)state;
	/* 4 requests/s on one replica: m = 4 x (2 + 0.1 c), c = ceil(m):
	 * c 1 -> m 8.4 -> c 9 -> 11.6 -> c 12 -> 12.8 -> c 13 -> 13.2 -> c 14
	 * -> 13.6, whose ceiling is 14: m = 13.6 (= 8 + 0.4 x 14) */
	assert_int_equal(load_in_flight(&s, 4, 1, &m), 0);
	assert_float_equal(m, 13.6, 1e-9);
	/* 2 requests/s: m = 4 + 0.2 c: c 1 -> 4.2 -> c 5 -> 5.0 */
	assert_int_equal(load_in_flight(&s, 4, 2, &m), 0);
	assert_float_equal(m, 5.0, 1e-9);
	/* a replica holding 10 cannot run the 14 of the first case */
	s.capacity = 10;
	assert_int_equal(load_in_flight(&s, 4, 1, &m), -1);
}

static void test_replicas_for_a_rate(void **state)
{
	struct load_sizer s = sizer(16);
	double m = 0;

	(void)state;
	/* capacity 16 at p95: one replica runs 13.6 in flight at 4/s, whose
	 * p95 is 20 > 16; two run 5.0 each, p95 9 <= 16 */
	assert_int_equal(load_replicas(&s, 4, &m), 2);
	assert_float_equal(m, 5.0, 1e-9);
	/* 2/s on one replica: 5.0, p95 9: one */
	assert_int_equal(load_replicas(&s, 2, &m), 1);
	assert_int_equal(load_replicas(&s, 0, &m), 0);
	/* the count never falls as the rate grows */
	for (double r = 0.5, prev = 0; r < 200; r *= 1.3) {
		long n = load_replicas(&s, r, &m);

		assert_true(n >= prev);
		prev = (double)n;
	}
	/* a replica that holds nothing plans nothing */
	s = sizer(0);
	assert_int_equal(load_replicas(&s, 1, &m), -1);
}

/* The curve of the next tests: nothing 00-05, a quarter of 4/s at 06 (one
 * replica: m 2.3, p95 5), the peak 07-17 (two), half 18-23 (one: m 5.0). */
static void small_curve(struct load_request *q)
{
	memset(q, 0, sizeof(*q));
	q->requests_per_s = 4;
	q->curves = 1;
	for (int h = 0; h < 24; h++)
		q->shares[0][h] = h < 6 ? 0 : h == 6 ? 0.25 : h < 18 ? 1 : 0.5;
}

static void test_replicas_per_hour(void **state)
{
	struct load_sizer s = sizer(16);
	struct load_request q;
	struct recommend_load_plan lp;
	static const int want[24] = { 0, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2,
				      2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1 };

	(void)state;
	small_curve(&q);
	q.min_replicas = 0;   /* scale to zero */
	assert_int_equal(load_plan_hours(&s, &q, &lp), 0);
	assert_memory_equal(lp.replicas_by_hour[0], want, sizeof(want));
	assert_int_equal(lp.peak_replicas, 2);
	assert_int_equal(lp.trough_replicas, 0);
	/* the autoscaler's target: the most a replica of capacity 16 takes at
	 * p95, the Poisson mean whose 95th percentile is 16 */
	assert_float_equal(lp.in_flight_target_per_replica, load_max_mean(16, 0.95), 1e-12);
	assert_true(load_poisson_cdf(16, lp.in_flight_target_per_replica) >= 0.95);
	assert_true(load_poisson_cdf(16, lp.in_flight_target_per_replica + 0.01) < 0.95);
	/* no autoscale: given: the bounds are the trough and the peak */
	assert_int_equal(lp.min_replicas, 0);
	assert_int_equal(lp.max_replicas, 2);
	assert_float_equal(lp.in_flight_per_replica_at_peak, 5.0, 1e-9);
	/* the curve reaches 1.0: the peak hour's rate is the profile's 4/s; no
	 * cap, so the peak needs what it runs */
	assert_float_equal(lp.peak_requests_per_s, 4.0, 1e-12);
	assert_int_equal(lp.peak_replicas_needed, 2);
	/* the default minimum 1: the empty hours keep one replica */
	q.min_replicas = 1;
	load_plan_hours(&s, &q, &lp);
	assert_int_equal(lp.replicas_by_hour[0][0], 1);
	assert_int_equal(lp.trough_replicas, 1);
	/* max_replicas 1 caps the 11 peak hours */
	q.max_replicas = 1;
	q.bounds_given = 1;
	assert_int_equal(load_plan_hours(&s, &q, &lp), 11);
	assert_int_equal(lp.peak_replicas, 1);
	assert_int_equal(lp.max_replicas, 1);
	assert_int_equal(lp.min_replicas, 1);
	/* one replica at 4/s runs 13.6 in flight (past what the SLO allows);
	 * the peak still needs 2 (test_replicas_for_a_rate) */
	assert_float_equal(lp.in_flight_per_replica_at_peak, 13.6, 1e-9);
	assert_int_equal(lp.peak_replicas_needed, 2);
	/* a curve whose highest hour is 0.5: no hour sees more than 2/s, which
	 * one replica holds (m 5.0, p95 9 <= 16): the peak rate is 4 x 0.5 */
	for (int h = 0; h < 24; h++)
		q.shares[0][h] *= 0.5;
	assert_int_equal(load_plan_hours(&s, &q, &lp), 0);
	assert_float_equal(lp.peak_requests_per_s, 2.0, 1e-12);
	assert_int_equal(lp.peak_replicas, 1);
	assert_int_equal(lp.peak_replicas_needed, 1);
	assert_float_equal(lp.in_flight_per_replica_at_peak, 5.0, 1e-9);
}

static void test_warm_ahead(void **state)
{
	struct load_sizer s = sizer(16);
	struct load_request q;
	struct recommend_load_plan lp;

	(void)state;
	small_curve(&q);
	q.warm_hours = 1;
	load_plan_hours(&s, &q, &lp);
	/* each hour takes the next hour's count where it rises: 05 gets 06's
	 * 1, 06 gets 07's 2; 23 keeps 1 (00:00 needs 0) */
	assert_int_equal(lp.replicas_by_hour[0][4], 0);
	assert_int_equal(lp.replicas_by_hour[0][5], 1);
	assert_int_equal(lp.replicas_by_hour[0][6], 2);
	assert_int_equal(lp.replicas_by_hour[0][17], 2);
	assert_int_equal(lp.replicas_by_hour[0][18], 1);
	assert_int_equal(lp.replicas_by_hour[0][23], 1);
	assert_int_equal(lp.warm_hours, 1);
	/* two curves: Sunday 23:00 warms for Monday 00:00 (the larger of the
	 * next days' first hours) */
	q.curves = 2;
	for (int h = 0; h < 24; h++) {
		q.shares[0][h] = h == 0 ? 1 : 0;
		q.shares[1][h] = 0;
	}
	load_plan_hours(&s, &q, &lp);
	assert_int_equal(lp.replicas_by_hour[0][0], 2);
	assert_int_equal(lp.replicas_by_hour[0][23], 2);
	assert_int_equal(lp.replicas_by_hour[1][23], 2);
	assert_int_equal(lp.replicas_by_hour[1][22], 0);
}

static void test_layered_bill(void **state)
{
	struct load_sizer s = sizer(16);
	struct load_request q;
	struct recommend_load_plan lp;

	(void)state;
	small_curve(&q);
	load_plan_hours(&s, &q, &lp);
	/* a month of 730 / 24 = 30.4167 days; level 1 runs 18 h a day: 547.5 h,
	 * level 2 11 h: 334.5833 h */
	/* payg at 3.673: 3.673 x 547.5 = 2,010.97; 3.673 x 334.5833 = 1,228.92;
	 * 3,239.89; the peak all month 2 x 3.673 x 730 = 5,362.58 */
	load_plan_bill(&lp, 730, PRICING_PAYG, 3.673, 0, 1);
	assert_int_equal(lp.nbills, 2);
	assert_int_equal(lp.bills[0].replicas, 1);
	assert_float_equal(lp.bills[0].hours_per_month, 547.5, 1e-9);
	assert_float_equal(lp.bills[0].monthly_cost, 2010.97, 1e-9);
	assert_float_equal(lp.bills[1].hours_per_month, 334.583333, 1e-6);
	assert_float_equal(lp.bills[1].monthly_cost, 1228.92, 1e-9);
	assert_float_equal(lp.monthly_cost, 3239.89, 1e-9);
	assert_float_equal(lp.peak_sized_monthly_cost, 5362.58, 1e-9);
	assert_float_equal(lp.replica_hours_per_month, 882.083333, 1e-6);
	/* two VMs a replica: each level one bill of 2 VMs */
	load_plan_bill(&lp, 730, PRICING_PAYG, 3.673, 0, 2);
	assert_int_equal(lp.bills[0].vms, 2);
	assert_float_equal(lp.bills[0].monthly_cost, bill_monthly(PRICING_PAYG, 3.673, 2, 547.5),
			   1e-9);
	/* reserved-1y at 2.5, fixed: both levels 730 h, 1,825.00 each = 3,650 =
	 * the peak-sized bill (autoscaling saves nothing under a commitment) */
	load_plan_bill(&lp, 730, PRICING_RESERVED_1Y, 2.5, 0, 1);
	assert_float_equal(lp.monthly_cost, 3650.00, 1e-9);
	assert_float_equal(lp.peak_sized_monthly_cost, 3650.00, 1e-9);
	assert_int_equal(lp.bills[1].term, PRICING_RESERVED_1Y);
	/* pricing auto: level 1 reserved 1,825.00 < payg 2,010.97; level 2
	 * payg 1,228.92 < 1,825.00: 3,053.92; the peak-sized min(3,650.00,
	 * 5,362.58) */
	load_plan_bill(&lp, 730, PRICING_RESERVED_1Y, 2.5, 3.673, 1);
	assert_int_equal(lp.bills[0].term, PRICING_RESERVED_1Y);
	assert_int_equal(lp.bills[1].term, PRICING_PAYG);
	assert_float_equal(lp.monthly_cost, 3053.92, 1e-9);
	assert_float_equal(lp.peak_sized_monthly_cost, 3650.00, 1e-9);
	/* weekday curve, weekend empty: 5/7 of the days; level 1 18 x 5/7 x
	 * 30.4167 = 391.0714 h x 3.673 = 1,436.41; level 2 238.9881 h =
	 * 877.80: 2,314.21 */
	q.curves = 2;
	for (int h = 0; h < 24; h++)
		q.shares[1][h] = 0;
	q.min_replicas = 0;
	load_plan_hours(&s, &q, &lp);
	load_plan_bill(&lp, 730, PRICING_PAYG, 3.673, 0, 1);
	assert_float_equal(lp.bills[0].hours_per_month, 391.071429, 1e-6);
	assert_float_equal(lp.monthly_cost, 1436.41 + 877.80, 1e-9);
}

/* A flat curve at 1.0 is the static case: every hour the replicas of the
 * peak, billed as that many replicas all month (one group, as one bill of
 * R VMs: bill_monthly(payg, 3.673, 2, 730) = 5,362.58). */
static void test_flat_curve_is_static(void **state)
{
	struct load_sizer s = sizer(16);
	struct load_request q;
	struct recommend_load_plan lp;

	(void)state;
	memset(&q, 0, sizeof(q));
	q.requests_per_s = 4;
	q.curves = 1;
	for (int h = 0; h < 24; h++)
		q.shares[0][h] = 1;
	q.min_replicas = 1;
	load_plan_hours(&s, &q, &lp);
	load_plan_bill(&lp, 730, PRICING_PAYG, 3.673, 0, 1);
	assert_int_equal(lp.peak_replicas, 2);
	assert_int_equal(lp.trough_replicas, 2);
	assert_int_equal(lp.nbills, 1);
	assert_float_equal(lp.monthly_cost, bill_monthly(PRICING_PAYG, 3.673, 2, 730), 1e-9);
	assert_float_equal(lp.monthly_cost, lp.peak_sized_monthly_cost, 1e-9);
	/* no curve at all (curves 0) is the same */
	q.curves = 0;
	load_plan_hours(&s, &q, &lp);
	load_plan_bill(&lp, 730, PRICING_PAYG, 3.673, 0, 1);
	assert_float_equal(lp.monthly_cost, 5362.58, 1e-9);
}

/* The profile's traffic fields as the plan reads them: the rate, the
 * default percentile 95, both curves, the autoscale bounds, the default
 * minimum 1 and concurrency 0 (derived). */
static void test_profile_traffic(void **state)
{
	static const char text[] =
		"gpufit: 1\n"
		"workloads:\n"
		"  - name: a\n"
		"    type: inference\n"
		"    model: { params_b: 8, layers: 32, hidden: 4096, heads: 32 }\n"
		"    serving:\n"
		"      input_tokens: 1024\n"
		"      output_tokens: 256\n"
		"      requests_per_s: 12.5\n"
		"      load:\n"
		"        weekday: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1, 1, 1, 1, 1,"
		" 1, 1, 1, 1, 1, 1, 1, 0.25]\n"
		"        weekend: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,"
		" 0, 0.5]\n"
		"    autoscale: { min_replicas: 0, max_replicas: 6 }\n"
		"  - name: b\n"
		"    type: inference\n"
		"    model: { params_b: 8, layers: 32, hidden: 4096, heads: 32 }\n"
		"    serving: { input_tokens: 1024, output_tokens: 256, requests_per_s: 3, "
		"percentile: 99.9 }\n";
	struct diag_list errs = DIAG_LIST_INIT;
	struct profile p;
	const struct profile_workload *a, *b;

	(void)state;
	assert_int_equal(profile_parse_buffer("t.yaml", text, sizeof text - 1, NULL, &p, &errs), 0);
	a = &p.workloads[0];
	b = &p.workloads[1];
	assert_true(a->serving.has_requests_per_s);
	assert_float_equal(a->serving.requests_per_s, 12.5, 0);
	assert_int_equal(a->serving.concurrency, 0);
	assert_float_equal(a->serving.percentile, 95, 0);
	assert_int_equal(a->serving.load_curves, 2);
	assert_float_equal(a->serving.load[0][9], 0.9, 0);
	assert_float_equal(a->serving.load[0][23], 0.25, 0);
	assert_float_equal(a->serving.load[1][23], 0.5, 0);
	assert_true(a->has_autoscale);
	assert_int_equal(a->min_replicas, 0);
	assert_int_equal(a->max_replicas, 6);
	assert_int_equal(b->serving.load_curves, 0);
	assert_float_equal(b->serving.percentile, 99.9, 0);
	assert_false(b->has_autoscale);
	assert_int_equal(b->min_replicas, 1);
	assert_int_equal(b->max_replicas, 0);
	/* the weekend's highest share is 0.5 but the weekday reaches 1: no warning */
	assert_int_equal(errs.n, 0);
	profile_release(&p);
	diag_list_release(&errs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_poisson_quantile),
		cmocka_unit_test(test_fixed_point),
		cmocka_unit_test(test_replicas_for_a_rate),
		cmocka_unit_test(test_replicas_per_hour),
		cmocka_unit_test(test_warm_ahead),
		cmocka_unit_test(test_layered_bill),
		cmocka_unit_test(test_flat_curve_is_static),
		cmocka_unit_test(test_profile_traffic),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
