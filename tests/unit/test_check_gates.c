/*
 * test_check_gates.c - the gates of `check` on hand-built cost plans: the
 * --fail-on count over a recommendation's findings, the age of the oldest
 * price used, the budget limits, the warnings and the verdict.  The clock
 * is GPUFIT_NOW=2026-11-30T00:00:00Z; expected values are worked out by
 * hand in the comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "check_gates.h"

/* 0: two feasible workloads, $3,065.27 a month; 1: one without a feasible
 * option (its cost, and so the total, unknown) */
static void load(int variant, struct cost_plan *p)
{
	static const char *const docs[] = {
		"{\"schema_version\":1,\"currency\":\"USD\",\"pricing\":\"payg\","
		"\"totals\":{\"monthly_cost\":3065.27},\"workloads\":["
		"{\"name\":\"chat-8b\",\"recommendation\":{\"sku\":\"A\",\"region\":\"eastus\","
		"\"placement\":\"vm\",\"mig_profile\":null,\"vm_count\":1,\"gpu_count\":1,"
		"\"monthly_cost\":2681.29}},"
		"{\"name\":\"embed\",\"recommendation\":{\"sku\":\"T4\",\"region\":\"eastus\","
		"\"placement\":\"vm\",\"vm_count\":1,\"gpu_count\":1,\"monthly_cost\":383.98}}]}",
		"{\"schema_version\":1,\"currency\":\"USD\","
		"\"totals\":{\"monthly_cost\":null,\"complete\":false,\"unpriced\":[\"x\"]},"
		"\"workloads\":[{\"name\":\"x\",\"recommendation\":null}]}",
	};
	char err[COSTDIFF_ERRLEN] = "";
	cJSON *doc = cJSON_Parse(docs[variant]);
	assert_non_null(doc);
	assert_int_equal(cost_plan_from_json(doc, "t.json", p, err, sizeof err), 0);
	cJSON_Delete(doc);
}

static int set_clock(void **state)
{
	(void)state;
	return setenv("GPUFIT_NOW", "2026-11-30T00:00:00Z", 1);
}

static void test_fail_kinds_and_findings(void **state)
{
	struct check_report r;
	size_t cold = CHECK_NFAIL_KINDS, retired = CHECK_NFAIL_KINDS;
	(void)state;
	memset(&r, 0, sizeof r);
	for (size_t k = 0; k < CHECK_NFAIL_KINDS; k++) {
		if (strcmp(check_fail_kinds[k], "cold-start") == 0)
			cold = k;
		if (strcmp(check_fail_kinds[k], "retired") == 0)
			retired = k;
	}
	assert_true(cold < CHECK_NFAIL_KINDS && retired < CHECK_NFAIL_KINDS);
	r.fail_on = 1u << cold | 1u << retired;
	/* cold-start and current-retired (what --fail-on retired means) count,
	 * data-gravity is not asked for, a kind that is not a string is passed
	 * over: 2 in w1, 1 in w2, the first "w1: cold-start" */
	cJSON *w1 = cJSON_Parse("{\"name\":\"w1\",\"findings\":[{\"kind\":\"data-gravity\"},"
				"{\"kind\":\"cold-start\"},{\"kind\":\"current-retired\"},"
				"{\"kind\":7}]}");
	cJSON *w2 = cJSON_Parse("{\"name\":\"w2\",\"findings\":[{\"kind\":\"cold-start\"}]}");
	assert_non_null(w1);
	assert_non_null(w2);
	check_count_findings(&r, w1);
	check_count_findings(&r, w2);
	assert_int_equal(r.fail_count, 3);
	assert_string_equal(r.fail_first, "w1: cold-start");
	cJSON_Delete(w1);
	cJSON_Delete(w2);
}

static void test_price_age(void **state)
{
	struct check_report r;
	struct recommend_price_age ages[2];
	(void)state;
	memset(&r, 0, sizeof r);
	memset(ages, 0, sizeof ages);
	snprintf(ages[0].region, sizeof ages[0].region, "eastus");
	snprintf(ages[0].oldest, sizeof ages[0].oldest, "2026-10-01");
	snprintf(ages[0].oldest_sku, sizeof ages[0].oldest_sku, "A");
	snprintf(ages[1].region, sizeof ages[1].region, "westeurope");
	ages[1].pricing = PRICING_SPOT;
	snprintf(ages[1].oldest, sizeof ages[1].oldest, "2026-09-15");
	snprintf(ages[1].oldest_sku, sizeof ages[1].oldest_sku, "B");
	r.ages = ages;
	r.nages = 2;
	/* the older of the two: westeurope's spot price of B, 2026-09-15 to
	 * 2026-11-30: 15 + 31 + 30 = 76 days */
	check_price_age(&r);
	assert_true(r.age.known);
	assert_int_equal(r.age.days, 76);
	assert_string_equal(r.age.date, "2026-09-15");
	assert_string_equal(r.age.region, "westeurope");
	assert_string_equal(r.age.pricing, "spot");
	assert_string_equal(r.age.sku, "B");

	/* a price without an observed date makes the whole age unknown */
	ages[0].nundated = 1;
	snprintf(ages[0].undated_sku, sizeof ages[0].undated_sku, "C");
	check_price_age(&r);
	assert_false(r.age.known);
	assert_string_equal(r.age.why, "the payg price of C in eastus has no observed date");

	/* no price used */
	r.nages = 0;
	check_price_age(&r);
	assert_false(r.age.known);
	assert_string_equal(r.age.why, "no price was used (no feasible recommendation)");
}

static void test_judge_budget_fail_on_and_warnings(void **state)
{
	struct check_report r;
	struct costdiff_limits lim;
	struct profile_budget budget = { 1, 5000, 0, 0, 0, 0 };
	(void)state;
	memset(&r, 0, sizeof r);
	memset(&lim, 0, sizeof lim);
	load(0, &r.head);
	r.fail_on = 1;
	r.fail_count = 2;
	snprintf(r.fail_first, sizeof r.fail_first, "chat-8b: cold-start");
	r.age_days = 31;   /* one day past CHECK_STALE_DAYS */
	snprintf(r.fetched_at, sizeof r.fetched_at, "2026-10-30");

	/* the budget's max_monthly $5,000 (no option gave one): $3,065.27 passes;
	 * fail_on: 2 findings, fails on a known count, so the verdict is 1 */
	check_judge(&r, &lim, &budget);
	assert_int_equal(r.ngates, 2);
	assert_string_equal(r.gates[0].name, "max_monthly");
	assert_string_equal(r.gates[0].source, "profile budget");
	assert_true(r.gates[0].passed);
	assert_float_equal(r.gates[0].actual, 3065.27, 1e-9);
	assert_string_equal(r.gates[1].name, "fail_on");
	assert_false(r.gates[1].passed);
	assert_float_equal(r.gates[1].actual, 2, 0);
	assert_string_equal(r.gates[1].message,
			    "2 findings of the kinds asked for, first chat-8b: cold-start");
	assert_int_equal(check_failed_count(&r), 1);
	assert_false(r.passed);
	assert_int_equal(check_verdict(&r), 1);
	assert_int_equal(r.nwarnings, 1);
	assert_string_equal(r.warnings[0],
			    "the catalog is 31 days old (2026-10-30); prices may be stale: run "
			    "'gpufit catalog refresh' or gate with '--max-catalog-age-days'");
	check_report_release(&r);
}

static void test_judge_option_over_budget_and_no_gates(void **state)
{
	struct check_report r;
	struct costdiff_limits lim;
	struct profile_budget budget = { 1, 5000, 1, 10, 0, 0 };
	(void)state;
	memset(&r, 0, sizeof r);
	memset(&lim, 0, sizeof lim);
	load(0, &r.head);
	/* the option's $3,000 wins over the budget's $5,000: $3,065.27 fails;
	 * the budget's max_increase needs a baseline: skipped and said */
	lim.max_monthly = (struct costdiff_limit){ 1, 3000, "option" };
	check_judge(&r, &lim, &budget);
	assert_int_equal(r.ngates, 1);
	assert_string_equal(r.gates[0].source, "option");
	assert_false(r.gates[0].passed);
	assert_int_equal(check_verdict(&r), 1);
	assert_int_equal(r.nwarnings, 1);
	assert_string_equal(r.warnings[0],
			    "the budget's increase limits need '--baseline BASE.json'; 1 skipped");
	check_report_release(&r);

	/* no limit at all: no gates, passed, and a warning that says so */
	struct profile_budget none = { 0, 0, 0, 0, 0, 0 };
	memset(&r, 0, sizeof r);
	memset(&lim, 0, sizeof lim);
	load(0, &r.head);
	check_judge(&r, &lim, &none);
	assert_int_equal(r.ngates, 0);
	assert_true(r.passed);
	assert_int_equal(r.nwarnings, 1);
	assert_string_equal(r.warnings[0],
			    "no gates: give '--max-monthly' or a 'budget:' section in the profile");
	check_report_release(&r);
}

static void test_verdict_infeasible(void **state)
{
	struct check_report r;
	struct costdiff_limits lim;
	struct profile_budget none = { 0, 0, 0, 0, 0, 0 };
	(void)state;
	memset(&r, 0, sizeof r);
	memset(&lim, 0, sizeof lim);
	load(1, &r.head);
	/* a workload without a feasible option: the feasible gate fails first and
	 * max_monthly cannot be judged (the total is unknown): no verdict (0) */
	lim.max_monthly = (struct costdiff_limit){ 1, 3000, "option" };
	check_judge(&r, &lim, &none);
	assert_int_equal(r.ngates, 2);
	assert_string_equal(r.gates[0].name, "feasible");
	assert_false(r.gates[0].passed);
	assert_true(r.gates[1].unjudged);
	assert_false(r.passed);
	assert_int_equal(check_verdict(&r), 0);
	check_report_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fail_kinds_and_findings),
		cmocka_unit_test(test_price_age),
		cmocka_unit_test(test_judge_budget_fail_on_and_warnings),
		cmocka_unit_test(test_judge_option_over_budget_and_no_gates),
		cmocka_unit_test(test_verdict_infeasible),
	};
	return cmocka_run_group_tests(tests, set_clock, NULL);
}
