/* Unit tests for prices_api_bandwidth() and refresh_bandwidth_item(): a
 * Retail Prices API page of Bandwidth rows (tests/fixtures/prices/
 * bandwidth-page.json) classified, staged in a real catalog file and read
 * back through catalog_data_list(). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "catalog_write.h"
#include "prices_api.h"
#include "refresh_bandwidth.h"
#include "util.h"

#define FIXTURE "tests/fixtures/prices/bandwidth-page.json"

struct seen {
	size_t taken, vm;
	struct bandwidth_price rows[8];
	struct catalog_writer *w;
};

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = xmalloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static int classify(const struct prices_api_item *it, void *arg, char *err, size_t errlen)
{
	struct seen *s = arg;
	struct bandwidth_price b;
	(void)err;
	(void)errlen;
	if (prices_api_bandwidth(it, &b)) {
		if (s->taken < 8)
			s->rows[s->taken] = b;
		s->taken++;
	} else if (it->service && strcmp(it->service, "Virtual Machines") == 0) {
		s->vm++;
	}
	return 0;
}

static void parse(prices_api_item_fn fn, struct seen *s)
{
	size_t len;
	char *buf = slurp(FIXTURE, &len), err[256];
	struct prices_api_page page;
	memset(&page, 0, sizeof(page));
	assert_int_equal(prices_api_parse_page(buf, len, NULL, &page, fn, s, err, sizeof(err)), 0);
	assert_int_equal(page.n_items, 7);
	free(page.next_link);
	free(buf);
}

static void test_classify_page(void **state)
{
	struct seen s;
	(void)state;
	memset(&s, 0, sizeof(s));
	parse(classify, &s);
	/* 7 items: 2 internet tiers, intra- and inter-continent taken; Data
	 * Transfer In, the legacy global Zone 1 row and the VM row are not */
	assert_int_equal(s.taken, 4);
	assert_int_equal(s.vm, 1);
	assert_string_equal(s.rows[0].zone, "eastus");
	assert_string_equal(s.rows[0].kind, "internet");
	assert_true(s.rows[0].tier_min_gb == 0 && s.rows[0].usd_per_gb == 0);
	assert_string_equal(s.rows[1].kind, "internet");
	assert_true(s.rows[1].tier_min_gb == 100 && fabs(s.rows[1].usd_per_gb - 0.087) < 1e-12);
	assert_string_equal(s.rows[2].zone, "eastus"); /* "EastUS " trimmed, lower-cased */
	assert_string_equal(s.rows[2].kind, "intra-continent");
	assert_true(fabs(s.rows[2].usd_per_gb - 0.02) < 1e-12);
	assert_string_equal(s.rows[3].kind, "inter-continent");
	assert_true(fabs(s.rows[3].usd_per_gb - 0.05) < 1e-12);
}

static void test_classify_rejects(void **state)
{
	struct prices_api_item it;
	struct bandwidth_price b;
	(void)state;
	memset(&it, 0, sizeof(it));
	it.service = "Bandwidth";
	it.type = "Consumption";
	it.unit = "1 GB";
	it.currency = "USD";
	it.region = "westus2";
	it.product = "Bandwidth Inter-Region";
	it.meter_name = "Intra Continent Data Transfer Out";
	it.has_price = 1;
	it.retail_price = 0.02;
	assert_int_equal(prices_api_bandwidth(&it, &b), 1);
	it.currency = "EUR"; /* the catalog's transfer prices are USD */
	assert_int_equal(prices_api_bandwidth(&it, &b), 0);
	it.currency = "USD";
	it.unit = "1 Hour";
	assert_int_equal(prices_api_bandwidth(&it, &b), 0);
	it.unit = "1 GB";
	it.type = "DevTestConsumption";
	assert_int_equal(prices_api_bandwidth(&it, &b), 0);
	it.type = "Consumption";
	it.retail_price = -1;
	assert_int_equal(prices_api_bandwidth(&it, &b), 0);
}

static int stage(const struct prices_api_item *it, void *arg, char *err, size_t errlen)
{
	struct seen *s = arg;
	int rc = refresh_bandwidth_item(s->w, it, NULL, err, errlen);
	if (rc > 0)
		s->taken++;
	else if (rc == 0)
		s->vm++;
	return rc < 0 ? -1 : 0;
}

static void test_stage_and_read_back(void **state)
{
	char dir[] = "/tmp/gpufit-bw-XXXXXX", target[256], err[CATALOG_ERRLEN];
	struct seen s;
	struct catalog_write_meta m;
	struct catalog_write_region *regions = NULL;
	struct data_facts d;
	catalog *cat;
	size_t found = 0;
	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(target, sizeof(target), "%s/catalog.db", dir);
	memset(&s, 0, sizeof(s));
	assert_int_equal(catalog_writer_open(target, 0, 1.0, &s.w, err), 0);
	parse(stage, &s);
	/* every Bandwidth row is handled here (6), the VM row is left */
	assert_int_equal(s.taken, 6);
	assert_int_equal(s.vm, 1);
	memset(&m, 0, sizeof(m));
	m.api_version = PRICES_API_VERSION;
	m.currency = "USD";
	m.now = 1764547200;
	assert_int_equal(catalog_writer_commit(s.w, &m, &regions, err), 0);
	free(regions);
	assert_int_equal(catalog_open_file(target, &cat, err), 0);
	assert_int_equal(catalog_data_list(cat, &d, err), 0);
	for (size_t i = 0; i < d.nbandwidth; i++) {
		const struct bandwidth_price *b = &d.bandwidth[i];
		if (strcmp(b->zone, "eastus") != 0)
			continue;
		found++;
		if (strcmp(b->kind, "intra-continent") == 0)
			assert_true(fabs(b->usd_per_gb - 0.02) < 1e-12);
	}
	assert_int_equal(found, 4);
	/* the bundled continent seeds are still there */
	found = 0;
	for (size_t i = 0; i < d.nbandwidth; i++)
		found += strcmp(d.bandwidth[i].zone, "europe") == 0;
	assert_true(found >= 1);
	catalog_data_release(&d);
	catalog_close(cat);
	unlink(target);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_classify_page),
		cmocka_unit_test(test_classify_rejects),
		cmocka_unit_test(test_stage_and_read_back),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
