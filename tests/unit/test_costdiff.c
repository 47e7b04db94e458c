/*
 * test_costdiff.c - cost plans from recommend JSON, diffs and gates.
 * Expected values are worked out by hand in the comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "costdiff.h"

static const char *doc_text(int variant)
{
	/* 0: two workloads, 1: chat-8b doubled + embed removed + rerank added + x infeasible
	 * (an older document: a number as the total), 2: 1 without x, 3: a total that is
	 * unknown (null, complete false) */
	static const char *const docs[] = {
		"{\"schema_version\":1,\"currency\":\"USD\",\"pricing\":\"payg\","
		"\"totals\":{\"monthly_cost\":3065.27},\"workloads\":["
		"{\"name\":\"chat-8b\",\"recommendation\":{\"sku\":\"A\",\"region\":\"eastus\","
		"\"placement\":\"vm\",\"mig_profile\":null,\"vm_count\":1,\"gpu_count\":1,"
		"\"monthly_cost\":2681.29}},"
		"{\"name\":\"embed\",\"recommendation\":{\"sku\":\"T4\",\"region\":\"eastus\","
		"\"placement\":\"vm\",\"vm_count\":1,\"gpu_count\":1,\"monthly_cost\":383.98}}]}",
		"{\"schema_version\":1,\"currency\":\"USD\",\"extra\":true,"
		"\"totals\":{\"monthly_cost\":5746.56},\"workloads\":["
		"{\"name\":\"chat-8b\",\"recommendation\":{\"sku\":\"A\",\"region\":\"eastus\","
		"\"placement\":\"vm\",\"mig_profile\":null,\"vm_count\":2,\"gpu_count\":2,"
		"\"monthly_cost\":5362.58}},"
		"{\"name\":\"rerank\",\"recommendation\":{\"sku\":\"T4\",\"region\":\"eastus\","
		"\"placement\":\"vm\",\"vm_count\":1,\"gpu_count\":1,\"monthly_cost\":383.98}},"
		"{\"name\":\"x\",\"recommendation\":null}]}",
		"{\"schema_version\":1,\"currency\":\"USD\","
		"\"totals\":{\"monthly_cost\":5746.56},\"workloads\":["
		"{\"name\":\"chat-8b\",\"recommendation\":{\"sku\":\"A\",\"region\":\"eastus\","
		"\"placement\":\"vm\",\"mig_profile\":null,\"vm_count\":2,\"gpu_count\":2,"
		"\"monthly_cost\":5362.58}},"
		"{\"name\":\"rerank\",\"recommendation\":{\"sku\":\"T4\",\"region\":\"eastus\","
		"\"placement\":\"vm\",\"vm_count\":1,\"gpu_count\":1,\"monthly_cost\":383.98}}]}",
		"{\"schema_version\":1,\"currency\":\"USD\","
		"\"totals\":{\"monthly_cost\":null,\"complete\":false,\"unpriced\":[\"x\"]},"
		"\"workloads\":[{\"name\":\"x\",\"recommendation\":null}]}",
	};
	return docs[variant];
}

static void load(int variant, struct cost_plan *p)
{
	char err[COSTDIFF_ERRLEN] = "";
	cJSON *doc = cJSON_Parse(doc_text(variant));
	assert_non_null(doc);
	assert_int_equal(cost_plan_from_json(doc, "t.json", p, err, sizeof err), 0);
	cJSON_Delete(doc);
}

static void test_plan_reads_fields(void **state)
{
	struct cost_plan p;
	load(0, &p);
	assert_string_equal(p.currency, "USD");
	assert_string_equal(p.pricing, "payg");
	assert_int_equal(p.nitems, 2);
	assert_string_equal(p.items[0].name, "chat-8b");
	assert_true(p.items[0].feasible);
	assert_string_equal(p.items[0].mig_profile, "");
	assert_float_equal(p.items[1].monthly_cost, 383.98, 1e-9);
	assert_float_equal(p.monthly_cost, 3065.27, 1e-9);
	cost_plan_release(&p);

	load(1, &p);
	assert_int_equal(p.nitems, 3);
	assert_false(p.items[2].feasible);
	assert_string_equal(p.pricing, "");
	cost_plan_release(&p);
}

static void expect_error(const char *text, const char *want)
{
	struct cost_plan p;
	char err[COSTDIFF_ERRLEN] = "";
	cJSON *doc = cJSON_Parse(text);
	assert_non_null(doc);
	assert_int_equal(cost_plan_from_json(doc, "b.json", &p, err, sizeof err), -1);
	assert_string_equal(err, want);
	assert_int_equal(p.nitems, 0);
	assert_null(p.items);
	cost_plan_release(&p);
	cJSON_Delete(doc);
}

static void test_plan_errors_name_the_field(void **state)
{
	expect_error("[]", "b.json: not a 'gpufit recommend -f json' document (the top level is "
			   "not an object)");
	expect_error("{\"currency\":\"USD\"}", "b.json: missing field 'schema_version' (a number)");
	expect_error("{\"schema_version\":1,\"currency\":\"USD\",\"totals\":{},\"workloads\":[]}",
		     "b.json: missing field 'totals.monthly_cost' (a number)");
	expect_error("{\"schema_version\":1,\"currency\":\"USD\",\"totals\":{\"monthly_cost\":1},"
		     "\"workloads\":[{\"name\":\"a\",\"recommendation\":{\"sku\":\"S\","
		     "\"region\":\"r\",\"placement\":\"vm\",\"vm_count\":1,\"gpu_count\":\"1\","
		     "\"monthly_cost\":1}}]}",
		     "b.json: field 'workloads[0].recommendation.gpu_count' must be a number");
	expect_error("{\"schema_version\":1,\"currency\":\"USD\",\"totals\":{\"monthly_cost\":1},"
		     "\"workloads\":[{\"name\":\"a\",\"recommendation\":null},"
		     "{\"name\":\"a\",\"recommendation\":null}]}",
		     "b.json: duplicate workload name 'a'");
	expect_error("{\"schema_version\":2}", "b.json: unsupported schema_version 2 (this gpufit "
					       "reads 1)");
}

/* A monthly cost is 0 to COSTDIFF_MAX_MONEY (1e12): 1e308 made "$inf" and
 * "-nan%", -100 passed a +$5,462.58 increase as -5462.58 %. */
static void test_plan_cost_bounds(void **state)
{
	struct cost_plan p;
	char err[COSTDIFF_ERRLEN] = "";
	static const char *const head = "{\"schema_version\":1,\"currency\":\"USD\",\"totals\":"
					"{\"monthly_cost\":";
	static const char *const w = ",\"workloads\":[{\"name\":\"a\",\"recommendation\":"
				     "{\"sku\":\"S\",\"region\":\"r\",\"placement\":\"vm\","
				     "\"vm_count\":1,\"gpu_count\":1,\"monthly_cost\":";
	static const struct {
		const char *total, *item, *want;
	} cases[] = {
		{ "1e308", "1", "b.json: field 'totals.monthly_cost' must be at most 1e12 (a monthly "
				"cost), got 1e308" },
		{ "-100", "1", "b.json: field 'totals.monthly_cost' must not be negative" },
		{ "1", "1000000000001", "b.json: field 'workloads[0].recommendation.monthly_cost' "
					"must be at most 1e12 (a monthly cost), got 1000000000001" },
		{ "1", "-0.01", "b.json: field 'workloads[0].recommendation.monthly_cost' must not "
				"be negative" },
		{ "1", "1e999", "b.json: field 'workloads[0].recommendation.monthly_cost' must be at "
				"most 1e12 (a monthly cost)" },
	};
	char text[512];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(text, sizeof text, "%s%s}%s%s}}]}", head, cases[i].total, w, cases[i].item);
		expect_error(text, cases[i].want);
	}
	/* the bound itself, and 0, read */
	snprintf(text, sizeof text, "%s1e12}%s0}}]}", head, w);
	cJSON *doc = cJSON_Parse(text);
	assert_non_null(doc);
	assert_int_equal(cost_plan_from_json(doc, "b.json", &p, err, sizeof err), 0);
	assert_float_equal(p.monthly_cost, 1e12, 0);
	cost_plan_release(&p);
	cJSON_Delete(doc);
}

static void test_diff_statuses_and_deltas(void **state)
{
	struct cost_plan b, h;
	struct costdiff d;
	load(0, &b);
	load(1, &h);
	costdiff_compute(&b, &h, &d);
	/* rows: chat-8b (changed), embed (removed), rerank (added), x (added) */
	assert_int_equal(d.nrows, 4);
	assert_int_equal(d.changed, 1);
	assert_int_equal(d.removed, 1);
	assert_int_equal(d.added, 2);
	assert_int_equal(d.unchanged, 0);
	assert_string_equal(d.rows[0].name, "chat-8b");
	assert_int_equal(d.rows[0].status, COSTDIFF_CHANGED);
	assert_int_equal(d.rows[0].changes,
			 COSTDIFF_CH_VM_COUNT | COSTDIFF_CH_GPU_COUNT | COSTDIFF_CH_COST);
	assert_float_equal(d.rows[0].delta_monthly, 2681.29, 1e-9);
	assert_float_equal(d.rows[0].delta_pct, 100.0, 1e-9);
	assert_int_equal(d.rows[1].status, COSTDIFF_REMOVED);
	assert_float_equal(d.rows[1].delta_monthly, -383.98, 1e-9);
	assert_int_equal(d.rows[2].status, COSTDIFF_ADDED);
	assert_false(d.rows[2].has_delta_pct);
	/* x has no cost: the head total is unknown, whatever number it says */
	assert_int_equal(d.base_complete, 1);
	assert_int_equal(d.head_complete, 0);
	assert_false(h.complete);
	assert_int_equal(h.unpriced, 1);
	const char *names[8];
	assert_int_equal(costdiff_change_names(d.rows[0].changes, names, 8), 3);
	assert_string_equal(names[0], "vm_count");
	assert_string_equal(names[2], "monthly_cost");
	costdiff_release(&d);

	cost_plan_release(&h);
	load(2, &h);
	costdiff_compute(&b, &h, &d);
	/* 5746.56 - 3065.27 = 2681.29; / 3065.27 = 87.4728...% */
	assert_int_equal(d.head_complete, 1);
	assert_float_equal(d.delta_monthly, 2681.29, 1e-9);
	assert_float_equal(d.delta_pct, 87.4729, 1e-3);
	costdiff_release(&d);
	cost_plan_release(&h);
	load(3, &h);
	assert_false(h.complete);
	assert_int_equal(h.unpriced, 1);
	assert_float_equal(h.monthly_cost, 0, 0);

	costdiff_compute(&b, &b, &d);
	assert_int_equal(d.unchanged, 2);
	assert_float_equal(d.delta_monthly, 0, 0);
	costdiff_release(&d);
	cost_plan_release(&b);
	cost_plan_release(&h);
}

static void test_gates(void **state)
{
	struct cost_plan b, h;
	struct costdiff_gate g[COSTDIFF_MAX_GATES];
	struct costdiff_limits lim;
	size_t skipped = 99;
	load(0, &b);
	load(1, &h);

	memset(&lim, 0, sizeof lim);
	lim.max_monthly = (struct costdiff_limit){ 1, 3065.27, "option" };
	lim.max_increase = (struct costdiff_limit){ 1, 100, "profile budget" };
	lim.max_catalog_age = (struct costdiff_limit){ 1, 30, "option" };
	/* b against itself: total 3065.27 <= 3065.27 passes, +0 <= 100 passes, its
	 * oldest price 10 days old <= 30 */
	struct costdiff_price_age fresh = { .known = 1, .days = 10, .date = "2026-11-20",
					    .region = "eastus", .pricing = "payg",
					    .sku = "Standard_NC24ads_A100_v4" };
	struct costdiff_price_age undated = { .known = 0,
					      .why = "the payg price of Standard_X in eastus has "
						     "no observed date" };
	size_t n = costdiff_gates(&lim, &b, &b, &fresh, g, &skipped);
	assert_int_equal(n, 3);
	assert_int_equal(skipped, 0);
	assert_string_equal(g[0].name, "max_monthly");
	assert_true(g[0].passed);
	assert_string_equal(g[0].message, "monthly cost $3,065.27 is within the limit of $3,065.27");
	assert_true(g[1].passed);
	assert_string_equal(g[1].source, "profile budget");
	assert_true(g[2].passed);
	assert_string_equal(g[2].message, "the oldest price used, eastus payg of 2026-11-20 "
					  "(Standard_NC24ads_A100_v4), is 10 days old; the limit is 30");
	/* 31 days > 30 fails on a known value */
	fresh.days = 31;
	n = costdiff_gates(&lim, &b, &b, &fresh, g, NULL);
	assert_false(g[2].passed);
	assert_false(g[2].unjudged);
	assert_float_equal(g[2].actual, 31, 0);
	/* a price without an observed date: no verdict, and the message says which */
	n = costdiff_gates(&lim, &b, &b, &undated, g, NULL);
	assert_false(g[2].passed);
	assert_true(g[2].unjudged);
	assert_false(g[2].has_actual);
	assert_string_equal(g[2].message, "the payg price of Standard_X in eastus has no observed "
					  "date: the age of the prices used is unknown");

	/* h against b: infeasible first; the head total is unknown, so no money
	 * gate passes and none has an actual value */
	lim.max_increase_pct = (struct costdiff_limit){ 1, 50, "option" };
	n = costdiff_gates(&lim, &h, &b, NULL, g, NULL);
	assert_int_equal(n, 5);
	assert_string_equal(g[0].name, "feasible");
	assert_false(g[0].passed);
	assert_string_equal(g[0].message,
			    "1 workload without a feasible option ('x'): the cost is unknown");
	for (int k = 1; k <= 3; k++) {
		assert_false(g[k].passed);
		assert_false(g[k].has_actual);
	}
	assert_string_equal(g[1].message, "the monthly cost is unknown (1 workload unpriced): no "
					  "verdict on a partial cost");
	assert_string_equal(g[2].message, "the recommendation's monthly cost is unknown: no "
					  "verdict on a partial cost");

	/* without x: 5746.56 > 3065.27, +2681.29 > 100, 87.47% > 50% */
	cost_plan_release(&h);
	load(2, &h);
	n = costdiff_gates(&lim, &h, &b, NULL, g, NULL);
	assert_int_equal(n, 4);
	memmove(&g[1], &g[0], 4 * sizeof g[0]); /* the same indices as with x */
	assert_false(g[1].passed);
	assert_string_equal(g[1].message, "monthly cost $5,746.56 exceeds the limit of $3,065.27");
	assert_false(g[2].passed);
	assert_float_equal(g[2].actual, 2681.29, 1e-9);
	assert_string_equal(g[2].message,
			    "monthly cost changed by +$2,681.29 over the baseline; the limit is "
			    "$100.00");
	assert_string_equal(g[3].name, "max_increase_pct");
	assert_float_equal(g[3].actual, 87.47, 1e-9);
	assert_false(g[3].passed);
	assert_string_equal(g[4].name, "max_catalog_age_days");
	assert_false(g[4].has_actual);
	assert_false(g[4].passed);

	/* no baseline: increase limits are skipped */
	n = costdiff_gates(&lim, &b, NULL, &fresh, g, &skipped);
	assert_int_equal(n, 2);
	assert_int_equal(skipped, 2);

	/* a zero baseline: any cost is an unbounded increase */
	struct cost_plan zero = { .currency = "USD", .complete = 1 };
	memset(&lim, 0, sizeof lim);
	lim.max_increase_pct = (struct costdiff_limit){ 1, 10, "option" };
	n = costdiff_gates(&lim, &b, &zero, NULL, g, NULL);
	assert_int_equal(n, 1);
	assert_false(g[0].passed);
	assert_false(g[0].has_actual);
	n = costdiff_gates(&lim, &zero, &zero, NULL, g, NULL);
	assert_true(g[0].passed);
	cost_plan_release(&b);
	cost_plan_release(&h);
}

static void test_money(void **state)
{
	char buf[64];
	assert_string_equal(costdiff_fmt_money(buf, sizeof buf, "USD", 1234.564, 0), "$1,234.56");
	assert_string_equal(costdiff_fmt_money(buf, sizeof buf, "USD", -3.5, 1), "-$3.50");
	assert_string_equal(costdiff_fmt_money(buf, sizeof buf, "USD", 12, 1), "+$12.00");
	assert_string_equal(costdiff_fmt_money(buf, sizeof buf, "EUR", 0.001, 1), "0.00 EUR");
	assert_string_equal(costdiff_fmt_money(buf, sizeof buf, "EUR", 1e6, 0), "1,000,000.00 EUR");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plan_reads_fields),
		cmocka_unit_test(test_plan_errors_name_the_field),
		cmocka_unit_test(test_plan_cost_bounds),
		cmocka_unit_test(test_diff_statuses_and_deltas),
		cmocka_unit_test(test_gates),
		cmocka_unit_test(test_money),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
