/*
 * fuzz_prices.c - one Retail Prices API page (cJSON, with and without the
 * page arena) and the classification of every item in it.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "prices_api.h"

static int item(const struct prices_api_item *it, void *arg, char *err, size_t errlen)
{
	struct price out[PRICES_API_MAX_PRICES];
	size_t n = 0;
	enum prices_api_skip why = prices_api_classify(it, 1795996800LL /* 2026-12-01 */, out, &n);
	if ((why == PRICES_API_TAKEN) != (n > 0) || n > PRICES_API_MAX_PRICES)
		abort();
	if (!prices_api_skip_name(why))
		abort();
	if (it->arm_sku) {
		char series[64];
		(void)prices_api_is_gpu_sku(it->arm_sku);
		prices_api_series(it->product ? it->product : it->arm_sku, series, sizeof series);
	}
	(*(size_t *)arg)++;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct prices_api_arena *arena;
	if (!arena)
		arena = prices_api_arena_new();
	/* The parser wants the page followed by a NUL, as a strbuf holds it. */
	char *buf = malloc(size + 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;
	for (int pass = 0; pass < 2; pass++) {
		struct prices_api_page page;
		char err[512] = "";
		size_t seen = 0;
		memset(&page, 0, sizeof page);
		int rc = prices_api_parse_page(buf, size, pass ? arena : NULL, &page, item, &seen,
					       err, sizeof err);
		if (rc == 0 && seen != page.n_items)
			abort();
		if (rc != 0 && (!err[0] || page.next_link))
			abort();
		free(page.next_link);
	}
	free(buf);
	return 0;
}
