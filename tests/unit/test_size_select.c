/*
 * test_size_select.c - the sizes and prices `catalog list` shows, chosen
 * from hand-built catalog rows: the GPU match (a family, a model, its
 * parts, part of a size name), each filter, the order, and the sizes of a
 * --gpu without a price.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "size_select.h"

/* Sorted by sku, as catalog_vm_list() returns them. */
static void sizes(struct vm_size *v)
{
	static const struct {
		const char *sku, *gpu;
		double mem;
		int retired;
	} rows[] = {
		{ "Standard_NC24ads_A100_v4", "A100-PCIe-80GB", 80, 0 },
		{ "Standard_NC6s_v3", "V100-16GB", 16, 1 },
		{ "Standard_NV36ads_A10_v5", "A10", 24, 0 },
		{ "Standard_NV6ads_A10_v5", "A10", 4, 0 },
	};
	memset(v, 0, 4 * sizeof *v);
	for (size_t i = 0; i < 4; i++) {
		snprintf(v[i].sku, sizeof v[i].sku, "%s", rows[i].sku);
		snprintf(v[i].gpu_model, sizeof v[i].gpu_model, "%s", rows[i].gpu);
		v[i].gpu_memory_gib = rows[i].mem;
		v[i].retired = rows[i].retired;
	}
}

static void price(struct price *p, const char *sku, const char *region, enum pricing_kind k,
		  const char *os, const char *cur, double hourly)
{
	memset(p, 0, sizeof *p);
	snprintf(p->sku, sizeof p->sku, "%s", sku);
	snprintf(p->region, sizeof p->region, "%s", region);
	p->pricing = k;
	snprintf(p->os, sizeof p->os, "%s", os);
	snprintf(p->currency, sizeof p->currency, "%s", cur);
	p->hourly = hourly;
}

/* Linux payg prices in USD, no other bound. */
static void usd_payg(struct size_filter *f)
{
	memset(f, 0, sizeof *f);
	f->currency = "USD";
	f->kind = PRICING_PAYG;
}

static void test_gpu_matches(void **state)
{
	struct vm_size v[4];
	(void)state;
	sizes(v);
	/* a family: A10 is the A10, not the A100 */
	assert_true(size_select_gpu_matches(&v[2], "A10"));
	assert_true(size_select_gpu_matches(&v[2], "a10"));
	assert_false(size_select_gpu_matches(&v[0], "A10"));
	assert_true(size_select_gpu_matches(&v[0], "A100"));
	/* a model, and its parts */
	assert_true(size_select_gpu_matches(&v[0], "A100-PCIe-80GB"));
	assert_true(size_select_gpu_matches(&v[0], "A100-80GB"));
	assert_false(size_select_gpu_matches(&v[0], "A100-40GB"));
	/* with an underscore: part of a size name */
	assert_true(size_select_gpu_matches(&v[3], "NV6ads_A10"));
	assert_false(size_select_gpu_matches(&v[3], "NV6ads"));
}

static void test_rows_filters_and_order(void **state)
{
	struct vm_size v[4];
	struct price p[8];
	struct size_filter f;
	size_t n = 99;
	(void)state;
	sizes(v);
	price(&p[0], "Standard_NC24ads_A100_v4", "eastus", PRICING_PAYG, "linux", "USD", 3.673);
	price(&p[1], "Standard_NV36ads_A10_v5", "eastus", PRICING_PAYG, "linux", "USD", 3.2);
	price(&p[2], "Standard_NV36ads_A10_v5", "westus2", PRICING_PAYG, "linux", "USD", 3.2);
	price(&p[3], "Standard_NV36ads_A10_v5", "eastus", PRICING_PAYG, "windows", "USD", 4.1);
	price(&p[4], "Standard_NV36ads_A10_v5", "eastus", PRICING_SPOT, "linux", "USD", 0.9);
	price(&p[5], "Standard_NV36ads_A10_v5", "eastus", PRICING_PAYG, "linux", "EUR", 2.9);
	price(&p[6], "Standard_NC6s_v3", "eastus", PRICING_PAYG, "linux", "USD", 3.06);
	price(&p[7], "Standard_Unknown", "eastus", PRICING_PAYG, "linux", "USD", 1);

	/* payg, Linux, USD: the A10 size in eastus and westus2 at $3.20 (same
	 * price and size: by region), then the A100 at $3.673; the retired
	 * V100, Windows, spot, EUR and the size the catalog lacks are left out */
	usd_payg(&f);
	struct size_row *r = size_select_rows(v, 4, p, 8, &f, &n);
	assert_int_equal(n, 3);
	assert_ptr_equal(r[0].price, &p[1]);
	assert_ptr_equal(r[1].price, &p[2]);
	assert_ptr_equal(r[2].price, &p[0]);
	assert_ptr_equal(r[2].vm, &v[0]);
	free(r);

	/* with retired sizes: the V100 at $3.06 sorts before the A10's $3.20 */
	f.retired = 1;
	r = size_select_rows(v, 4, p, 8, &f, &n);
	assert_int_equal(n, 4);
	assert_ptr_equal(r[0].price, &p[6]);
	free(r);

	/* region (any case), GPU memory and the hourly bound */
	f.retired = 0;
	f.region = "EastUS";
	f.min_mem = 40;
	r = size_select_rows(v, 4, p, 8, &f, &n);
	assert_int_equal(n, 1);
	assert_ptr_equal(r[0].price, &p[0]);
	free(r);
	f.region = NULL;
	f.min_mem = 0;
	f.max_hourly = 3.5;
	r = size_select_rows(v, 4, p, 8, &f, &n);
	assert_int_equal(n, 2);
	assert_ptr_equal(r[0].price, &p[1]);
	assert_ptr_equal(r[1].price, &p[2]);
	free(r);
}

static void test_rows_unpriced_sizes_of_a_gpu(void **state)
{
	struct vm_size v[4];
	struct price p[1];
	struct size_filter f;
	size_t n = 99;
	(void)state;
	sizes(v);
	price(&p[0], "Standard_NV36ads_A10_v5", "eastus", PRICING_PAYG, "linux", "USD", 3.2);
	usd_payg(&f);
	f.gpu = "A10";
	/* the priced A10 size, then the A10 size without a price (NULL); not
	 * the A100 */
	struct size_row *r = size_select_rows(v, 4, p, 1, &f, &n);
	assert_int_equal(n, 2);
	assert_ptr_equal(r[0].price, &p[0]);
	assert_ptr_equal(r[1].vm, &v[3]);
	assert_null(r[1].price);
	free(r);

	/* an hourly bound lists priced sizes only */
	f.max_hourly = 10;
	r = size_select_rows(v, 4, p, 1, &f, &n);
	assert_int_equal(n, 1);
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gpu_matches),
		cmocka_unit_test(test_rows_filters_and_order),
		cmocka_unit_test(test_rows_unpriced_sizes_of_a_gpu),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
