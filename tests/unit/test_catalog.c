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

/* Each kind of column reads as its field says: text cut to the field's
 * size, NULL as the field's unknown or default, derived fields. */
static void test_row_kinds(void **state)
{
	(void)state;
	char path[512], err[CATALOG_ERRLEN];
	snprintf(path, sizeof path, "%s/kinds.db", tmpdir);
	assert_int_equal(catalog_export_bundled(path, err), 0);
	exec_sql(path,
		 /* 60 letters into display_name[48]: the first 47 */
		 "UPDATE regions SET display_name = 'abcdefghijabcdefghijabcdefghijabcdefghij"
		 "abcdefghijabcdefghij' WHERE name = 'eastus';"
		 "UPDATE model_presets SET kv_heads = NULL, head_dim = NULL, active_params_b = NULL "
		 "WHERE name = 'llama-3-8b';"
		 "UPDATE vm_data_limits SET network_mbps = 8000, uncached_disk_mb_per_s = NULL "
		 "WHERE sku = 'Standard_NC4as_T4_v3';"
		 "UPDATE vm_data_limits SET uncached_disk_mb_per_s = 250 "
		 "WHERE sku = 'Standard_NC8as_T4_v3';"
		 "UPDATE lustre_tiers SET usd_per_tib_month = NULL;"
		 "UPDATE vm_sizes SET retired = 1, retired_on = '2027-01-01' "
		 "WHERE sku = 'Standard_NC40ads_H100_v5';"
		 "UPDATE vm_sizes SET retired = 1, retired_on = '2026-12-07' "
		 "WHERE sku = 'Standard_NCC40ads_H100_v5';");
	setenv("GPUFIT_NOW", "2026-12-07T12:00:00Z", 1);
	catalog *cat;
	assert_int_equal(catalog_open_file(path, &cat, err), 0);

	struct region r;
	assert_int_equal(catalog_region_find(cat, "EastUS", &r, err), 1);
	assert_string_equal(r.name, "eastus");
	assert_int_equal(strlen(r.display_name), sizeof r.display_name - 1);
	assert_memory_equal(r.display_name, "abcdefghijabcdefghijabcdefghijabcdefghijabcdefg", 47);

	/* llama-3-8b: 32 heads, hidden 4096 -> 32 KV heads, head_dim 4096 / 32
	 * = 128; a dense model's active parameters are all of them */
	struct model_preset p;
	assert_int_equal(catalog_preset_find(cat, "llama-3-8b", &p, err), 1);
	assert_int_equal(p.heads, 32);
	assert_int_equal(p.kv_heads, 32);
	assert_int_equal(p.head_dim, 128);
	assert_true(p.params_b > 8.0 && p.active_params_b == p.params_b);

	/* 8000 Mb/s = 1000 MB/s; no documented disk rate is -1 (unknown) */
	struct data_facts d;
	assert_int_equal(catalog_data_list(cat, &d, err), 0);
	int seen = 0;
	for (size_t i = 0; i < d.nvms; i++) {
		if (strcmp(d.vms[i].sku, "Standard_NC4as_T4_v3") == 0) {
			assert_true(d.vms[i].network_mb_per_s == 1000.0);
			assert_true(d.vms[i].disk_mb_per_s == -1.0);
			seen++;
		} else if (strcmp(d.vms[i].sku, "Standard_NC8as_T4_v3") == 0) {
			assert_true(d.vms[i].disk_mb_per_s == 250.0);
			seen++;
		}
	}
	assert_int_equal(seen, 2);
	assert_true(d.nlustre > 0);
	for (size_t i = 0; i < d.nlustre; i++)
		assert_true(d.lustre[i].usd_per_tib_month == -1.0);
	catalog_data_release(&d);

	/* tensorrt-llm: NVIDIA from compute capability 8.0, AMD not at all
	 * (no capability: -1) */
	struct engine_support *es;
	size_t n;
	assert_int_equal(catalog_engine_support_list(cat, &es, &n, err), 0);
	seen = 0;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(es[i].engine, "tensorrt-llm") != 0)
			continue;
		if (strcmp(es[i].vendor, "NVIDIA") == 0) {
			assert_int_equal(es[i].supported, 1);
			assert_true(es[i].min_cc == 8.0);
		} else {
			assert_int_equal(es[i].supported, 0);
			assert_true(es[i].min_cc == -1.0);
		}
		seen++;
	}
	assert_int_equal(seen, 2);
	free(es);

	/* start_slots "0 1 2 3 4 5 6": bits 0-6 = 0x7f */
	struct mig_profile *m;
	assert_int_equal(catalog_mig_list(cat, "A100-PCIe-40GB", &m, &n, err), 0);
	assert_true(n > 0);
	assert_string_equal(m[0].name, "1g.5gb");
	assert_int_equal(m[0].start_mask, 0x7f);
	free(m);

	/* retirement announced for a later day: retiring; for today: retired */
	struct vm_size v;
	assert_int_equal(catalog_vm_find(cat, "Standard_NC40ads_H100_v5", &v, err), 1);
	assert_int_equal(v.retired, 0);
	assert_int_equal(v.retiring, 1);
	assert_string_equal(v.retired_on, "2027-01-01");
	assert_int_equal(catalog_vm_find(cat, "Standard_NCC40ads_H100_v5", &v, err), 1);
	assert_int_equal(v.retired, 1);
	assert_int_equal(v.retiring, 0);
	catalog_close(cat);
	unsetenv("GPUFIT_NOW");
}

/* A catalog written by an earlier build of schema version 3 lacks
 * gpu_models.fp4_tflops and target and vm_sizes.confidential and
 * quota_family: no FP4 rate (0), no quota family (""), and the target and
 * confidential of the bundled catalog's row of the same name (none for a
 * name the bundled catalog lacks). */
static void test_old_catalog_columns(void **state)
{
	(void)state;
	char path[512], err[CATALOG_ERRLEN];
	snprintf(path, sizeof path, "%s/old.db", tmpdir);
	assert_int_equal(catalog_export_bundled(path, err), 0);
	exec_sql(path, "ALTER TABLE gpu_models DROP COLUMN fp4_tflops;"
		       "ALTER TABLE gpu_models DROP COLUMN target;"
		       "ALTER TABLE vm_sizes DROP COLUMN confidential;"
		       "ALTER TABLE vm_sizes DROP COLUMN quota_family;"
		       "CREATE TEMP TABLE g AS SELECT * FROM gpu_models WHERE name = 'H100-SXM-80GB';"
		       "UPDATE g SET name = 'H100-TEST';"
		       "INSERT INTO gpu_models SELECT * FROM g;"
		       "CREATE TEMP TABLE v AS SELECT * FROM vm_sizes "
		       "WHERE sku = 'Standard_NCC40ads_H100_v5';"
		       "UPDATE v SET sku = 'Standard_NCC_TEST';"
		       "INSERT INTO vm_sizes SELECT * FROM v;");
	catalog *cat;
	assert_int_equal(catalog_open_file(path, &cat, err), 0);
	assert_int_equal(catalog_vm_has_quota_family(cat), 0);

	struct gpu_spec g;
	assert_int_equal(catalog_gpu_find(cat, "gb200-nvl72-186gb", &g, err), 1);
	assert_string_equal(g.target, "10.0");
	assert_true(g.fp4_tflops == 0.0 && g.fp8_tflops == 5000.0);
	assert_int_equal(catalog_gpu_find(cat, "H100-TEST", &g, err), 1);
	assert_string_equal(g.target, "");
	struct gpu_spec *gl;
	size_t n;
	assert_int_equal(catalog_gpu_list(cat, &gl, &n, err), 0);
	int seen = 0;
	for (size_t i = 0; i < n; i++) {
		assert_true(gl[i].fp4_tflops == 0.0);
		if (strcmp(gl[i].name, "MI300X-OAM-192GB") == 0) {
			assert_string_equal(gl[i].target, "gfx942");
			seen++;
		} else if (strcmp(gl[i].name, "H100-TEST") == 0) {
			assert_string_equal(gl[i].target, "");
			seen++;
		}
	}
	assert_int_equal(seen, 2);
	free(gl);

	struct vm_size v;
	assert_int_equal(catalog_vm_find(cat, "Standard_NCC40ads_H100_v5", &v, err), 1);
	assert_int_equal(v.confidential, 1);
	assert_string_equal(v.quota_family, "");
	assert_int_equal(catalog_vm_find(cat, "Standard_NCC_TEST", &v, err), 1);
	assert_int_equal(v.confidential, 0);
	struct vm_size *vl;
	assert_int_equal(catalog_vm_list(cat, &vl, &n, err), 0);
	seen = 0;
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(vl[i].quota_family, "");
		if (strcmp(vl[i].sku, "Standard_NCC40ads_H100_v5") == 0)
			seen += vl[i].confidential == 1;
		if (strcmp(vl[i].sku, "Standard_NC40ads_H100_v5") == 0)
			seen += vl[i].confidential == 0;
	}
	assert_int_equal(seen, 2);
	free(vl);
	catalog_close(cat);

	/* with the confidential column the catalog's own value counts, not
	 * the bundled one */
	snprintf(path, sizeof path, "%s/mid.db", tmpdir);
	assert_int_equal(catalog_export_bundled(path, err), 0);
	exec_sql(path, "ALTER TABLE vm_sizes DROP COLUMN quota_family;"
		       "UPDATE vm_sizes SET confidential = 0 WHERE sku = 'Standard_NCC40ads_H100_v5';");
	assert_int_equal(catalog_open_file(path, &cat, err), 0);
	assert_int_equal(catalog_vm_find(cat, "Standard_NCC40ads_H100_v5", &v, err), 1);
	assert_int_equal(v.confidential, 0);
	catalog_close(cat);
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
		cmocka_unit_test(test_row_kinds),
		cmocka_unit_test(test_old_catalog_columns),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
