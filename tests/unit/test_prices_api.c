/*
 * test_prices_api.c - the Retail Prices item classifier and page parser on
 * hand-written items, one per row kind of the reference table (the B16als v2
 * rows and the GPU rows the API lists), with the expected hourly figures
 * computed by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "prices_api.h"

/* cmocka 1.1 has no floating-point assertion. */
#define assert_double_equal(a, b, eps) assert_true(fabs((a) - (b)) <= (eps))

/* 2025-01-01T00:00:00Z */
#define NOW 1735689600LL

static struct prices_api_item linux_payg(void)
{
	struct prices_api_item it;

	memset(&it, 0, sizeof(it));
	it.arm_sku = "Standard_NC24ads_A100_v4";
	it.region = "eastus";
	it.currency = "USD";
	it.service = "Virtual Machines";
	it.product = "Virtual Machines NCadsA100v4 Series";
	it.sku_name = "NC24ads A100 v4";
	it.meter_name = "NC24ads A100 v4";
	it.type = "Consumption";
	it.unit = "1 Hour";
	it.start = "2022-06-01T00:00:00Z";
	it.retail_price = 3.673;
	it.has_price = 1;
	return it;
}

static enum prices_api_skip classify(const struct prices_api_item *it, struct price *out,
				     size_t *n)
{
	return prices_api_classify(it, NOW, out, n);
}

static void test_linux_payg_with_savings(void **state)
{
	struct prices_api_item it = linux_payg();
	struct price p[PRICES_API_MAX_PRICES];
	size_t n;

	it.n_savings = 2;
	it.savings[0].retail_price = 1.5913;
	it.savings[0].term = "3 Years";
	it.savings[1].retail_price = 2.4551;
	it.savings[1].term = "1 Year";
	assert_int_equal(classify(&it, p, &n), PRICES_API_TAKEN);
	assert_int_equal(n, 3);
	assert_string_equal(p[0].sku, "Standard_NC24ads_A100_v4");
	assert_string_equal(p[0].region, "eastus");
	assert_int_equal(p[0].pricing, PRICING_PAYG);
	assert_string_equal(p[0].os, "linux");
	assert_string_equal(p[0].currency, "USD");
	assert_double_equal(p[0].hourly, 3.673, 1e-12);
	assert_string_equal(p[0].effective_date, "2022-06-01T00:00:00Z");
	assert_int_equal(p[1].pricing, PRICING_SAVINGS_3Y);
	assert_double_equal(p[1].hourly, 1.5913, 1e-12);
	assert_int_equal(p[2].pricing, PRICING_SAVINGS_1Y);
	assert_double_equal(p[2].hourly, 2.4551, 1e-12);
}

static void test_spot(void **state)
{
	struct prices_api_item it = linux_payg();
	struct price p[PRICES_API_MAX_PRICES];
	size_t n;

	it.sku_name = "NC24ads A100 v4 Spot";
	it.meter_name = "NC24ads A100 v4 Spot";
	it.retail_price = 0.7346;
	assert_int_equal(classify(&it, p, &n), PRICES_API_TAKEN);
	assert_int_equal(n, 1);
	assert_int_equal(p[0].pricing, PRICING_SPOT);
	assert_string_equal(p[0].os, "linux");
	assert_double_equal(p[0].hourly, 0.7346, 1e-12);
}

static void test_low_priority(void **state)
{
	struct prices_api_item it = linux_payg();
	struct price p[PRICES_API_MAX_PRICES];
	size_t n;

	it.sku_name = "NC24ads A100 v4 Low Priority";
	it.meter_name = "NC24ads A100 v4 Low Priority";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_LOW_PRIORITY);
	assert_int_equal(n, 0);
	/* Low Priority in a Windows product, too. */
	it.product = "Virtual Machines NCadsA100v4 Series Windows";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_LOW_PRIORITY);
}

static void test_windows(void **state)
{
	struct prices_api_item it = linux_payg();
	struct price p[PRICES_API_MAX_PRICES];
	size_t n;

	it.product = "Virtual Machines NCadsA100v4 Series Windows";
	it.retail_price = 4.409;
	it.n_savings = 1;
	it.savings[0].retail_price = 2.0;
	it.savings[0].term = "1 Year";
	assert_int_equal(classify(&it, p, &n), PRICES_API_TAKEN);
	assert_int_equal(n, 1); /* no savings plan taken from a Windows row */
	assert_int_equal(p[0].pricing, PRICING_PAYG);
	assert_string_equal(p[0].os, "windows");

	/* Some H100 series say " Win" instead of " Windows". */
	it.product = "Virtual Machines NCCadsv5 Srs Win";
	assert_int_equal(classify(&it, p, &n), PRICES_API_TAKEN);
	assert_string_equal(p[0].os, "windows");

	/* Windows spot is spot on windows, never a Linux price. */
	it.sku_name = "NC24ads A100 v4 Spot";
	assert_int_equal(classify(&it, p, &n), PRICES_API_TAKEN);
	assert_int_equal(p[0].pricing, PRICING_SPOT);
	assert_string_equal(p[0].os, "windows");
}

static void test_reservations(void **state)
{
	struct prices_api_item it = linux_payg();
	struct price p[PRICES_API_MAX_PRICES];
	size_t n;

	it.type = "Reservation";
	it.term = "1 Year";
	it.retail_price = 3478.0;
	assert_int_equal(classify(&it, p, &n), PRICES_API_TAKEN);
	assert_int_equal(n, 1);
	assert_int_equal(p[0].pricing, PRICING_RESERVED_1Y);
	/* 3478 / 8760 = 0.397031963... */
	assert_double_equal(p[0].hourly, 0.39703196347, 1e-10);

	it.term = "3 Years";
	it.retail_price = 6721.0;
	assert_int_equal(classify(&it, p, &n), PRICES_API_TAKEN);
	assert_int_equal(p[0].pricing, PRICING_RESERVED_3Y);
	/* 6721 / 26280 = 0.255745814... */
	assert_double_equal(p[0].hourly, 0.25574581431, 1e-10);

	it.term = "5 Years";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_TERM);
	it.term = NULL;
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_TERM);
}

static void test_devtest(void **state)
{
	struct prices_api_item it = linux_payg();
	struct price p[PRICES_API_MAX_PRICES];
	size_t n;

	it.type = "DevTestConsumption";
	it.product = "Virtual Machines NCadsA100v4 Series Windows";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_DEVTEST);
	assert_int_equal(n, 0);
}

static void test_cloud_services(void **state)
{
	struct prices_api_item it = linux_payg();
	struct price p[PRICES_API_MAX_PRICES];
	size_t n;

	it.product = "Basv2 Series Cloud Services";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_CLOUD_SERVICES);
	it.product = "NCadsA100v4 Series CloudServices";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_CLOUD_SERVICES);
}

static void test_zero_price(void **state)
{
	struct prices_api_item it = linux_payg();
	struct price p[PRICES_API_MAX_PRICES];
	size_t n;

	it.retail_price = 0;
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_ZERO_PRICE);
	it.retail_price = -1;
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_ZERO_PRICE);
	/* A zero savings-plan entry is dropped, the payg price kept. */
	it.retail_price = 3.673;
	it.n_savings = 1;
	it.savings[0].retail_price = 0;
	it.savings[0].term = "1 Year";
	assert_int_equal(classify(&it, p, &n), PRICES_API_TAKEN);
	assert_int_equal(n, 1);
}

static void test_effective_dates(void **state)
{
	struct prices_api_item it = linux_payg();
	struct price p[PRICES_API_MAX_PRICES];
	size_t n;

	it.end = "2024-12-31T23:59:59Z";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_EXPIRED);
	it.end = "2025-01-01T00:00:00Z"; /* ends exactly now: no longer in effect */
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_EXPIRED);
	it.end = "2025-01-01T00:00:01Z";
	assert_int_equal(classify(&it, p, &n), PRICES_API_TAKEN);
	it.end = NULL;
	it.start = "2025-02-01T00:00:00Z";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_NOT_YET);
}

static void test_trimmed_strings(void **state)
{
	struct prices_api_item it = linux_payg();
	struct price p[PRICES_API_MAX_PRICES];
	size_t n;

	it.arm_sku = "  Standard_NC24ads_A100_v4 ";
	it.region = " EastUS\t";
	it.currency = "USD ";
	it.type = " Consumption";
	it.unit = "1 Hour ";
	it.service = "Virtual Machines ";
	it.sku_name = "NC24ads A100 v4 Spot  ";
	assert_int_equal(classify(&it, p, &n), PRICES_API_TAKEN);
	assert_string_equal(p[0].sku, "Standard_NC24ads_A100_v4");
	assert_string_equal(p[0].region, "eastus");
	assert_string_equal(p[0].currency, "USD");
	assert_int_equal(p[0].pricing, PRICING_SPOT);
}

static void test_other_rejections(void **state)
{
	struct prices_api_item it = linux_payg();
	struct price p[PRICES_API_MAX_PRICES];
	size_t n;

	it.service = "Virtual Machines Licenses";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_NOT_VM);
	it = linux_payg();
	it.unit = "1/Month";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_UNIT);
	it = linux_payg();
	it.tier_min = 10;
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_TIER);
	it = linux_payg();
	it.arm_sku = "  ";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_MALFORMED);
	it = linux_payg();
	it.has_price = 0;
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_MALFORMED);
	it = linux_payg();
	it.type = "Subscription";
	assert_int_equal(classify(&it, p, &n), PRICES_API_SKIP_TYPE);
	assert_string_equal(prices_api_skip_name(PRICES_API_SKIP_DEVTEST), "devtest");
}

static void test_gpu_sku_and_series(void **state)
{
	char s[32];

	assert_true(prices_api_is_gpu_sku("Standard_ND96isr_H100_v5"));
	assert_true(prices_api_is_gpu_sku("Standard_NV36ads_A10_v5"));
	assert_false(prices_api_is_gpu_sku("Standard_NP10s"));
	assert_false(prices_api_is_gpu_sku("Standard_D4s_v5"));
	assert_false(prices_api_is_gpu_sku("Standard_N"));
	prices_api_series("Virtual Machines NCadsH100v5 Series", s, sizeof(s));
	assert_string_equal(s, "NCadsH100v5");
	prices_api_series("Virtual Machines NCCadsv5 Srs", s, sizeof(s));
	assert_string_equal(s, "NCCadsv5");
}

struct collect {
	size_t n;
	char skus[4][64];
};

static int collect_fn(const struct prices_api_item *it, void *arg, char *err, size_t errlen)
{
	struct collect *c = arg;

	if (c->n < 4)
		snprintf(c->skus[c->n], sizeof(c->skus[0]), "%s", it->arm_sku ? it->arm_sku : "");
	c->n++;
	return 0;
}

static const char page_json[] =
	"{\"BillingCurrency\":\"USD\",\"CustomerEntityId\":\"Default\","
	"\"CustomerEntityType\":\"Retail\",\"Items\":[{\"currencyCode\":\"USD\","
	"\"tierMinimumUnits\":0.0,\"retailPrice\":0.673,\"unitPrice\":0.673,"
	"\"armRegionName\":\"australiacentral\",\"location\":\"AU Central\","
	"\"effectiveStartDate\":\"2023-09-01T00:00:00Z\",\"meterName\":\"B16als v2\","
	"\"productName\":\"Virtual Machines Basv2 Series\",\"skuName\":\"B16als v2\","
	"\"serviceName\":\"Virtual Machines\",\"unitOfMeasure\":\"1 Hour\","
	"\"type\":\"Consumption\",\"isPrimaryMeterRegion\":true,"
	"\"armSkuName\":\"Standard_B16als_v2\",\"savingsPlan\":[{\"unitPrice\":0.34323,"
	"\"retailPrice\":0.34323,\"term\":\"3 Years\"},{\"unitPrice\":0.49129,"
	"\"retailPrice\":0.49129,\"term\":\"1 Year\"}]},{\"armSkuName\":\"Standard_X\"}],"
	"\"NextPageLink\":\"https://prices.azure.com:443/api/retail/prices?$skip=1000\","
	"\"Count\":2}";

static void test_parse_page(void **state)
{
	struct prices_api_page pg;
	struct collect c = { 0 };
	char err[256];

	assert_int_equal(prices_api_parse_page(page_json, strlen(page_json), NULL, &pg, collect_fn,
					       &c, err, sizeof(err)), 0);
	assert_int_equal(pg.n_items, 2);
	assert_int_equal(pg.count, 2);
	assert_string_equal(pg.billing_currency, "USD");
	assert_string_equal(pg.next_link,
			    "https://prices.azure.com:443/api/retail/prices?$skip=1000");
	assert_string_equal(c.skus[0], "Standard_B16als_v2");
	assert_string_equal(c.skus[1], "Standard_X");
	free(pg.next_link);
}

static void test_parse_page_errors(void **state)
{
	struct prices_api_page pg;
	struct collect c = { 0 };
	char err[256];
	const char *last = "{\"Items\":[],\"NextPageLink\":null,\"Count\":0}";
	const char *empty_link = "{\"Items\":[],\"NextPageLink\":\"\",\"Count\":0}";
	const char *no_items = "{\"BillingCurrency\":\"USD\",\"NextPageLink\":null}";
	const char *bad = "{\"Items\":[{\"a\":1},]}";
	const char *cut = "{\"Items\":[{\"a\":1}";
	const char *huge = "{\"Items\":[],\"Count\":1e22}";
	const char *negative = "{\"Items\":[],\"Count\":-1}";

	assert_int_equal(prices_api_parse_page(last, strlen(last), NULL, &pg, collect_fn, &c, err,
					       sizeof(err)), 0);
	assert_null(pg.next_link);
	assert_int_equal(pg.n_items, 0);
	assert_int_equal(prices_api_parse_page(empty_link, strlen(empty_link), NULL, &pg,
					       collect_fn, &c, err, sizeof(err)), 0);
	assert_null(pg.next_link);
	assert_int_equal(prices_api_parse_page(no_items, strlen(no_items), NULL, &pg, collect_fn,
					       &c, err, sizeof(err)), -1);
	assert_string_equal(err, "page has no 'Items' array");
	assert_int_equal(prices_api_parse_page(bad, strlen(bad), NULL, &pg, collect_fn, &c, err,
					       sizeof(err)), -1);
	assert_string_equal(err, "invalid JSON at byte 18 (line 1, column 19)");
	assert_int_equal(prices_api_parse_page(cut, strlen(cut), NULL, &pg, collect_fn, &c, err,
					       sizeof(err)), -1);
	assert_string_equal(err, "invalid JSON at byte 16 (line 1, column 17)");
	/* A Count no long holds is refused, not converted (undefined behaviour). */
	assert_int_equal(prices_api_parse_page(huge, strlen(huge), NULL, &pg, collect_fn, &c, err,
					       sizeof(err)), -1);
	assert_string_equal(err, "'Count' must be a whole number from 0 to 1000000, got 1e+22");
	assert_int_equal(prices_api_parse_page(negative, strlen(negative), NULL, &pg, collect_fn,
					       &c, err, sizeof(err)), -1);
	assert_string_equal(err, "'Count' must be a whole number from 0 to 1000000, got -1");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_linux_payg_with_savings),
		cmocka_unit_test(test_spot),
		cmocka_unit_test(test_low_priority),
		cmocka_unit_test(test_windows),
		cmocka_unit_test(test_reservations),
		cmocka_unit_test(test_devtest),
		cmocka_unit_test(test_cloud_services),
		cmocka_unit_test(test_zero_price),
		cmocka_unit_test(test_effective_dates),
		cmocka_unit_test(test_trimmed_strings),
		cmocka_unit_test(test_other_rejections),
		cmocka_unit_test(test_gpu_sku_and_series),
		cmocka_unit_test(test_parse_page),
		cmocka_unit_test(test_parse_page_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
