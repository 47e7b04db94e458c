/*
 * Unit tests for the catalog store (catalog.c): the bundled in-memory image,
 * and file catalogs made from it whose contents the test controls.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"

static char tmpdir[256];

static int setup(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/gpufit-test-catalog-XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static void exec_sql(const char *path, const char *sql)
{
	sqlite3 *db;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	char *err = NULL;
	int rc = sqlite3_exec(db, sql, NULL, NULL, &err);
	if (rc != SQLITE_OK)
		fail_msg("%s: %s", sql, err);
	sqlite3_close(db);
}

static void test_bundled_opens_with_facts(void **state)
{
	(void)state;
	catalog *cat;
	char err[CATALOG_ERRLEN];
	assert_int_equal(catalog_open_bundled(&cat, err), 0);
	struct catalog_counts c;
	assert_int_equal(catalog_counts(cat, &c, err), 0);
	assert_true(c.gpu_models >= 15);
	assert_true(c.vm_sizes >= 40);
	assert_true(c.mig_profiles >= 30);
	assert_true(c.model_presets >= 16);
	assert_true(c.regions >= 8);
	assert_true(c.prices_by_kind[PRICING_PAYG] > 100);
	assert_true(c.prices_by_kind[PRICING_SPOT] > 50);
	assert_true(c.prices_by_kind[PRICING_RESERVED_1Y] > 0);
	char src[64];
	assert_int_equal(catalog_meta(cat, "source", src, sizeof src), 0);
	assert_string_equal(src, "bundled");
	assert_int_equal(catalog_meta(cat, "no-such-key", src, sizeof src), -1);
	catalog_close(cat);
}

static void test_bundled_lookups(void **state)
{
	(void)state;
	catalog *cat;
	char err[CATALOG_ERRLEN];
	assert_int_equal(catalog_open_bundled(&cat, err), 0);
	struct vm_size v;
	assert_int_equal(catalog_vm_find(cat, "Standard_ND96isr_H100_v5", &v, err), 1);
	assert_string_equal(v.gpu_model, "H100-SXM-80GB");
	assert_true(v.gpu_count == 8);
	assert_true(v.infiniband_gbps == 400);
	assert_int_equal(v.nvlink, 1);
	/* Names are matched without regard to case, as Azure does. */
	assert_int_equal(catalog_vm_find(cat, "standard_nd96isr_h100_v5", &v, err), 1);
	assert_int_equal(catalog_vm_find(cat, "Standard_ND96isr_H100_v9", &v, err), 0);

	struct gpu_spec g;
	assert_int_equal(catalog_gpu_find(cat, "H100-SXM-80GB", &g, err), 1);
	assert_true(g.bandwidth_gbps == 3350);
	assert_true(g.fp16_tflops > 989 && g.fp16_tflops < 990); /* dense, not sparse */
	assert_int_equal(g.mig_max, 7);

	struct model_preset p;
	assert_int_equal(catalog_preset_find(cat, "llama-3-70b", &p, err), 1);
	assert_int_equal(p.layers, 80);
	assert_int_equal(p.kv_heads, 8);
	assert_int_equal(p.head_dim, 128);

	struct mig_profile *m;
	size_t n;
	assert_int_equal(catalog_mig_list(cat, "A100-SXM-80GB", &m, &n, err), 0);
	assert_true(n >= 7);
	int seen_7g = 0;
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(m[i].gpu_model, "A100-SXM-80GB");
		assert_true(m[i].start_mask != 0);
		if (strcmp(m[i].name, "7g.80gb") == 0) {
			seen_7g = 1;
			assert_int_equal(m[i].memory_slices, 8);
			assert_int_equal(m[i].start_mask, 1u);
		}
	}
	assert_true(seen_7g);
	free(m);

	char near[3][FACT_SKU];
	size_t k = catalog_suggest(cat, "vm_sizes", "Standard_ND96isr_H100_v4", near, 3);
	assert_true(k >= 1);
	assert_string_equal(near[0], "Standard_ND96isr_H100_v5");
	k = catalog_suggest(cat, "regions", "eastu", near, 3);
	assert_true(k >= 1);
	assert_string_equal(near[0], "eastus");
	assert_int_equal(catalog_suggest(cat, "model_presets", "zzzzzzzzzzzz", near, 3), 0);
	catalog_close(cat);
}

/* A file catalog whose prices the test sets: exact lookups, no fallbacks. */
static void test_file_catalog_prices(void **state)
{
	(void)state;
	char path[512], err[CATALOG_ERRLEN];
	snprintf(path, sizeof path, "%s/prices.db", tmpdir);
	assert_int_equal(catalog_export_bundled(path, err), 0);
	exec_sql(path, "DELETE FROM prices;"
		       "INSERT INTO prices VALUES ('Standard_NC4as_T4_v3','eastus','payg','linux',"
		       "'USD',0.526,'2024-01-01',NULL,'test');"
		       "INSERT INTO prices VALUES ('Standard_NC4as_T4_v3','eastus','payg','windows',"
		       "'USD',0.71,'2024-01-01',NULL,'test');"
		       "INSERT INTO prices VALUES ('Standard_NC4as_T4_v3','eastus','reserved-1y',"
		       "'linux','USD',0.3314,'2024-01-01',NULL,'test');"
		       "INSERT INTO meta VALUES ('fetched_at','2026-11-01T00:00:00Z');");
	catalog *cat;
	assert_int_equal(catalog_open_file(path, &cat, err), 0);
	double h = 0;
	assert_int_equal(catalog_price_find(cat, "Standard_NC4as_T4_v3", "eastus", PRICING_PAYG,
					    "USD", &h, err), 1);
	assert_true(h == 0.526); /* the Linux price, not the Windows one */
	assert_int_equal(catalog_price_find(cat, "Standard_NC4as_T4_v3", "eastus",
					    PRICING_RESERVED_1Y, "USD", &h, err), 1);
	assert_true(h == 0.3314);
	assert_int_equal(catalog_price_find(cat, "Standard_NC4as_T4_v3", "eastus", PRICING_SPOT,
					    "USD", &h, err), 0);
	assert_int_equal(catalog_price_find(cat, "Standard_NC4as_T4_v3", "westus", PRICING_PAYG,
					    "USD", &h, err), 0);
	assert_int_equal(catalog_price_find(cat, "Standard_NC4as_T4_v3", "eastus", PRICING_PAYG,
					    "EUR", &h, err), 0);
	struct price *p;
	size_t n;
	assert_int_equal(catalog_price_list(cat, "Standard_NC4as_T4_v3", &p, &n, err), 0);
	assert_int_equal(n, 3);
	assert_int_equal(p[0].pricing, PRICING_PAYG); /* payg before reservations */
	free(p);
	struct catalog_counts c;
	assert_int_equal(catalog_counts(cat, &c, err), 0);
	assert_int_equal(c.prices, 2); /* Linux only */
	assert_int_equal(c.prices_by_kind[PRICING_PAYG], 1);
	catalog_close(cat);
}

/* The schema refuses a price of zero or below: a missing price stays missing. */
static void test_schema_rejects_zero_price(void **state)
{
	(void)state;
	char path[512], err[CATALOG_ERRLEN];
	snprintf(path, sizeof path, "%s/zero.db", tmpdir);
	assert_int_equal(catalog_export_bundled(path, err), 0);
	sqlite3 *db;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_not_equal(sqlite3_exec(db,
					  "INSERT INTO prices VALUES ('Standard_NC4as_T4_v3',"
					  "'westus','payg','linux','USD',0,NULL,NULL,'test')",
					  NULL, NULL, NULL),
			     SQLITE_OK);
	assert_int_not_equal(sqlite3_exec(db,
					  "INSERT INTO prices VALUES ('Standard_NC4as_T4_v3',"
					  "'westus','monthly','linux','USD',1,NULL,NULL,'test')",
					  NULL, NULL, NULL),
			     SQLITE_OK);
	sqlite3_close(db);
}

static void test_open_errors(void **state)
{
	(void)state;
	char path[512], err[CATALOG_ERRLEN];
	catalog *cat = (catalog *)1;
	snprintf(path, sizeof path, "%s/missing.db", tmpdir);
	assert_int_equal(catalog_open_file(path, &cat, err), -1);
	assert_null(cat);
	assert_non_null(strstr(err, "no such file or directory"));

	snprintf(path, sizeof path, "%s/text.db", tmpdir);
	FILE *f = fopen(path, "w");
	fputs("definitely not a database, but long enough to have a header......", f);
	fclose(f);
	assert_int_equal(catalog_open_file(path, &cat, err), -1);
	assert_non_null(strstr(err, "not a gpufit catalog"));

	snprintf(path, sizeof path, "%s/other.db", tmpdir);
	exec_sql(path, "CREATE TABLE t(x)");
	assert_int_equal(catalog_open_file(path, &cat, err), -1);
	assert_non_null(strstr(err, "schema version 0 is not supported"));

	assert_int_equal(catalog_open_file(tmpdir, &cat, err), -1);
	assert_non_null(strstr(err, "not a regular file"));
}

static void test_resolve_order(void **state)
{
	(void)state;
	char path[512], user[512];
	setenv("XDG_DATA_HOME", tmpdir, 1);
	unsetenv("GPUFIT_CATALOG");
	assert_int_equal(catalog_user_path(user, sizeof user), 0);
	char want[512];
	snprintf(want, sizeof want, "%s/gpufit/catalog.db", tmpdir);
	assert_string_equal(user, want);
	assert_int_equal(catalog_resolve(NULL, path, sizeof path), CATALOG_BUNDLED);
	assert_string_equal(path, "");
	setenv("GPUFIT_CATALOG", "/env.db", 1);
	assert_int_equal(catalog_resolve(NULL, path, sizeof path), CATALOG_ENV);
	assert_string_equal(path, "/env.db");
	assert_int_equal(catalog_resolve("/opt.db", path, sizeof path), CATALOG_OPTION);
	assert_string_equal(path, "/opt.db");
	unsetenv("GPUFIT_CATALOG");
	unsetenv("XDG_DATA_HOME");
	setenv("HOME", "/home/someone", 1);
	assert_int_equal(catalog_user_path(user, sizeof user), 0);
	assert_string_equal(user, "/home/someone/.local/share/gpufit/catalog.db");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bundled_opens_with_facts),
		cmocka_unit_test(test_bundled_lookups),
		cmocka_unit_test(test_file_catalog_prices),
		cmocka_unit_test(test_schema_rejects_zero_price),
		cmocka_unit_test(test_open_errors),
		cmocka_unit_test(test_resolve_order),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
