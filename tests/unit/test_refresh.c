/* Unit tests for refresh.c's pure parts: the first URL of a region, with and
 * without the GPU-size filter and a currency, and when the filter may be used. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "refresh.h"
#include "util.h"

static void test_region_url(void **state)
{
	struct strbuf u = STRBUF_INIT;

	(void)state;
	refresh_region_url(&u, "https://prices.azure.com/api/retail/prices", "eastus", NULL, NULL);
	assert_string_equal(strbuf_str(&u),
			    "https://prices.azure.com/api/retail/prices?api-version=2023-01-01-preview"
			    "&$filter=serviceName%20eq%20%27Virtual%20Machines%27%20and%20"
			    "armRegionName%20eq%20%27eastus%27");
	strbuf_release(&u);

	/* The filter: " and contains(armSkuName, 'Standard_N')", percent-encoded
	 * ( %28, ) %29, , %2C); currencyCode after it, quoted. */
	refresh_region_url(&u, "http://127.0.0.1:8080/p?x=1", "westeurope", "EUR",
			   REFRESH_SKU_PREFIX);
	assert_string_equal(strbuf_str(&u),
			    "http://127.0.0.1:8080/p?x=1&api-version=2023-01-01-preview"
			    "&$filter=serviceName%20eq%20%27Virtual%20Machines%27%20and%20"
			    "armRegionName%20eq%20%27westeurope%27%20and%20"
			    "contains%28armSkuName%2C%20%27Standard_N%27%29"
			    "&currencyCode=%27EUR%27");
	strbuf_release(&u);
}

static void test_sku_filter(void **state)
{
	const char *gpu[] = { "Standard_NC4as_T4_v3", "Standard_ND96isr_H100_v5",
			      "Standard_NV36ads_A10_v5" };
	const char *mixed[] = { "Standard_NC4as_T4_v3", "Standard_D4s_v5" };
	/* contains() is case-sensitive: a size spelled otherwise would be missed. */
	const char *lower[] = { "standard_nc4as_t4_v3" };

	(void)state;
	assert_string_equal(refresh_sku_filter(gpu, 3), "Standard_N");
	assert_null(refresh_sku_filter(mixed, 2));
	assert_null(refresh_sku_filter(lower, 1));
	/* No size at all: nothing the filter could drop. */
	assert_string_equal(refresh_sku_filter(gpu, 0), "Standard_N");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_region_url),
		cmocka_unit_test(test_sku_filter),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
