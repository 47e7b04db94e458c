/*
 * test_analysis.c - the fleet of whole VMs that `analyze` builds
 * (analysis.h) on hand-built sizes and rows, without the catalog: the bill
 * of each pool and its allocation to the GPUs in whole cents, a GPU the
 * telemetry does not show, the saving of a row alone, a consolidation as a
 * difference of two bills, and the totals.  Every expected figure is worked
 * by hand beside it (pay-as-you-go: a VM bills hourly x 730 h a month).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis.h"

#define HOURS 730.0

/* Two sizes: S1 of one GPU at $3.00 an hour, S3 of three GPUs at $1.00. */
static struct vm_size sizes[2];
static double hourly[2] = { 3.00, 1.00 };

static void facts_init(struct analysis_facts *f)
{
	memset(f, 0, sizeof(*f));
	memset(sizes, 0, sizeof sizes);
	snprintf(sizes[0].sku, sizeof sizes[0].sku, "S1");
	snprintf(sizes[0].gpu_model, sizeof sizes[0].gpu_model, "G");
	sizes[0].gpu_count = 1;
	sizes[0].gpu_memory_gib = 80;
	sizes[0].spec_known = 1;
	snprintf(sizes[1].sku, sizeof sizes[1].sku, "S3");
	snprintf(sizes[1].gpu_model, sizeof sizes[1].gpu_model, "G");
	sizes[1].gpu_count = 3;
	sizes[1].gpu_memory_gib = 80;
	sizes[1].spec_known = 1;
	f->vms = sizes;
	f->nvms = 2;
	f->vm_hourly = hourly;
}

/* A whole GPU of host on size vi, priced as analyze prices it. */
static void row_init(struct analysis_row *r, struct telemetry_series *s, const char *host,
		     const char *gpu, const struct analysis_facts *f, size_t vi,
		     enum classify_finding finding, double idle)
{
	memset(r, 0, sizeof(*r));
	memset(s, 0, sizeof(*s));
	snprintf(s->host, sizeof s->host, "%s", host);
	snprintf(s->gpu, sizeof s->gpu, "%s", gpu);
	r->s = s;
	r->vm = &f->vms[vi];
	r->vi = vi;
	r->cand_vi = -1;
	r->gpu_fraction = 1;
	r->hourly = f->vm_hourly[vi] / f->vms[vi].gpu_count;
	r->res.finding = finding;
	r->res.candidate = -1;
	r->res.activity.count = 10;
	r->res.idle_fraction = idle;
	r->res.peak_memory_gib = -1;
}

/* Hosts a (idle) and b (healthy), one S1 each: one pool of two VMs whose
 * work fits on one, so consolidating it releases a. */
static void test_consolidate_idle_vm(void **state)
{
	(void)state;
	struct analysis_facts f;
	struct telemetry_series s[2];
	struct analysis_row rows[2];
	struct analysis_fleet fl;
	struct analysis_totals t;

	facts_init(&f);
	row_init(&rows[0], &s[0], "a", "0", &f, 0, CLASS_IDLE, 1.0);
	row_init(&rows[1], &s[1], "b", "0", &f, 0, CLASS_HEALTHY, 0.0);
	analysis_rows_alone(rows, 2, &f, PRICING_PAYG, HOURS);
	/* a is its whole VM: releasing it saves 3.00 x 730 = 2,190.00 */
	assert_float_equal(rows[0].saving, 2190.00, 1e-9);
	assert_float_equal(rows[1].saving, 0.0, 1e-9);

	analysis_fleet_plan(&fl, rows, 2, &f, PRICING_PAYG, HOURS);
	/* the pool's bill: 2 x 3.00 x 730 = 4,380.00, half to each GPU */
	assert_int_equal(fl.nvms, 2);
	assert_float_equal(fl.bill, 4380.00, 1e-9);
	assert_float_equal(rows[0].monthly, 2190.00, 1e-9);
	assert_float_equal(rows[1].monthly, 2190.00, 1e-9);
	assert_int_equal(fl.nunobserved, 0);
	/* one proposal: 2 VMs onto 1, 4,380.00 -> 2,190.00, saves 2,190.00 */
	assert_int_equal(fl.nprops, 1);
	assert_int_equal(fl.props[0].kind, ANALYSIS_CONSOLIDATE);
	assert_true(fl.props[0].chosen);
	assert_int_equal(fl.props[0].nvms, 2);
	assert_int_equal(fl.props[0].vms_after, 1);
	assert_float_equal(fl.props[0].before, 4380.00, 1e-9);
	assert_float_equal(fl.props[0].after, 2190.00, 1e-9);
	assert_float_equal(fl.props[0].saving, 2190.00, 1e-9);
	assert_int_equal(fl.props[0].nmoves, 0);   /* b's work stays where it is */
	assert_float_equal(fl.savings, 2190.00, 1e-9);
	/* a is released, b kept */
	assert_string_equal(analysis_fleet_host(&fl, rows, 0), "a");
	assert_false(fl.vms[0].kept);
	assert_true(fl.vms[1].kept);

	memset(&t, 0, sizeof t);
	for (size_t i = 0; i < 2; i++)
		analysis_totals_add(&t, &rows[i], HOURS);
	analysis_totals_add_free(&t, rows, 2, HOURS);
	/* a idle all month: 1 x 730 GPU-hours, costing its 2,190.00 */
	assert_int_equal(t.gpus, 2);
	assert_int_equal(t.by[CLASS_IDLE], 1);
	assert_int_equal(t.by[CLASS_HEALTHY], 1);
	assert_float_equal(t.wasted_hours, 730.0, 1e-9);
	assert_float_equal(t.wasted_cost, 2190.00, 1e-9);
	assert_int_equal(t.unpriced, 0);
	assert_int_equal(t.nfree, 0);
	analysis_fleet_release(&fl);
}

/* Host c, one S3 whose telemetry shows two of its three GPUs, both busy:
 * its bill 1.00 x 730 = 730.00 = 73,000 cents over 3 GPUs is 24,333 cents
 * each and 1 cent left, which the first GPU takes: 243.34, 243.33, and
 * 243.33 for the GPU not shown.  Nothing can be freed or made smaller. */
static void test_allocation_in_cents(void **state)
{
	(void)state;
	struct analysis_facts f;
	struct telemetry_series s[2];
	struct analysis_row rows[2];
	struct analysis_fleet fl;

	facts_init(&f);
	row_init(&rows[0], &s[0], "c", "0", &f, 1, CLASS_HEALTHY, 0.0);
	row_init(&rows[1], &s[1], "c", "1", &f, 1, CLASS_HEALTHY, 0.0);
	analysis_fleet_plan(&fl, rows, 2, &f, PRICING_PAYG, HOURS);
	assert_int_equal(fl.nvms, 1);
	assert_int_equal(fl.ngpus, 3);
	assert_float_equal(fl.bill, 730.00, 1e-9);
	assert_float_equal(rows[0].monthly, 243.34, 1e-9);
	assert_float_equal(rows[1].monthly, 243.33, 1e-9);
	assert_int_equal(fl.nunobserved, 1);
	assert_float_equal(fl.unobserved, 243.33, 1e-9);
	assert_int_equal(fl.nprops, 0);
	assert_float_equal(fl.savings, 0.0, 1e-9);
	analysis_fleet_release(&fl);
}

/* A row without a size says so, naming its host; a priced size without a
 * price names the pricing, region and currency. */
static void test_unpriced_reason(void **state)
{
	(void)state;
	struct analysis_facts f;
	struct telemetry_series s;
	struct analysis_row r;
	struct analysis_totals t;
	char why[320];

	facts_init(&f);
	memset(&t, 0, sizeof t);
	t.region = "westus2";
	t.kind = PRICING_SPOT;
	snprintf(t.currency, sizeof t.currency, "EUR");
	row_init(&r, &s, "d", "0", &f, 0, CLASS_HEALTHY, 0.0);
	r.vm = NULL;
	analysis_unpriced_reason(why, sizeof why, &r, &t);
	assert_string_equal(why, "no Azure size known for host 'd' (set it with --sku or --hosts)");
	r.vm = &f.vms[0];
	analysis_unpriced_reason(why, sizeof why, &r, &t);
	assert_string_equal(why, "S1 has no spot price in westus2 in EUR");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_consolidate_idle_vm),
		cmocka_unit_test(test_allocation_in_cents),
		cmocka_unit_test(test_unpriced_reason),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
