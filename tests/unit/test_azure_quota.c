/*
 * test_azure_quota.c - the readers of `az vm list-usage -o json` and
 * `az vm list-skus -o json` over fixtures in the shape az writes
 * (tests/fixtures/azure), the located errors for what they refuse, and the
 * availability rule for regions and zones.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "azure_quota.h"

#define FIX "tests/fixtures/azure/"

static void usage_eastus(void **state)
{
	struct azure_usage_list l;
	char err[AZURE_QUOTA_ERRLEN];
	const struct azure_usage *u;

	(void)state;
	if (azure_usage_read(FIX "usage-eastus.json", &l, err, sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(l.n, 7);
	u = azure_usage_find(&l, AZURE_QUOTA_CORES);
	assert_non_null(u);
	assert_int_equal(u->current, 48);
	assert_int_equal(u->limit, 350);
	u = azure_usage_find(&l, "standardncadsa100v4family"); /* case does not matter */
	assert_non_null(u);
	assert_int_equal(u->current, 24);
	assert_int_equal(u->limit, 96);
	u = azure_usage_find(&l, "Standard NCASv3_T4 Family"); /* az's own spelling, spaces */
	assert_non_null(u);
	assert_int_equal(u->limit - u->current, 56);
	u = azure_usage_find(&l, AZURE_QUOTA_SPOT);
	assert_non_null(u);
	assert_int_equal(u->limit, 100);
	assert_null(azure_usage_find(&l, "standardNDSv2Family"));
	azure_usage_release(&l);
	assert_int_equal(l.n, 0);
}

/* A byte order mark, CRLF and numbers written as strings read the same. */
static void usage_bom_crlf_strings(void **state)
{
	struct azure_usage_list l;
	char err[AZURE_QUOTA_ERRLEN];

	(void)state;
	if (azure_usage_read(FIX "usage-bom-crlf.json", &l, err, sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(l.n, 2);
	assert_int_equal(azure_usage_find(&l, "cores")->current, 48);
	assert_int_equal(azure_usage_find(&l, "cores")->limit, 350);
	assert_int_equal(azure_usage_find(&l, "lowPriorityCores")->limit, 100);
	azure_usage_release(&l);
}

static void expect_error(int (*rd)(const char *, char *, size_t), const char *file,
			 const char *want)
{
	char err[AZURE_QUOTA_ERRLEN];

	assert_int_equal(rd(file, err, sizeof err), -1);
	assert_string_equal(err, want);
}

static int rd_usage(const char *path, char *err, size_t n)
{
	struct azure_usage_list l;
	int rc = azure_usage_read(path, &l, err, n);

	if (rc == 0)
		azure_usage_release(&l);
	else
		assert_int_equal(l.n, 0);
	return rc;
}

static int rd_skus(const char *path, char *err, size_t n)
{
	struct azure_skus s;
	int rc = azure_skus_read(path, &s, err, n);

	if (rc == 0)
		azure_skus_release(&s);
	else
		assert_int_equal(s.n, 0);
	return rc;
}

static void usage_errors(void **state)
{
	(void)state;
	/* the first 300 bytes: cut after the second object's localName, at the
	 * start of line 16 ("  ", so the end is column 3) */
	expect_error(rd_usage, FIX "usage-truncated.json",
		     FIX "usage-truncated.json:16:3: unexpected end of JSON (truncated file?)");
	/* a missing comma: cJSON stops at the second '{' (line 3, column 3) */
	expect_error(rd_usage, FIX "usage-malformed.json",
		     FIX "usage-malformed.json:3:3: invalid JSON");
	/* the second element starts at line 8, column 3 */
	expect_error(rd_usage, FIX "usage-bad-limit.json",
		     FIX "usage-bad-limit.json:8:3: usage 2 ('standardNDSH100v5Family'): "
		     "'limit' is not a whole number");
	/* a list-skus file given as usage: its first element has no name.value */
	expect_error(rd_usage, FIX "skus-bad-locations.json",
		     FIX "skus-bad-locations.json:2:3: usage 1: no 'name.value' string");
	expect_error(rd_usage, FIX "no-such-file.json",
		     FIX "no-such-file.json: cannot open: no such file or directory");
}

static int parse_str(const char *text, char *err)
{
	struct azure_usage_list l;
	int rc = azure_usage_parse(text, strlen(text), "u.json", &l, err, AZURE_QUOTA_ERRLEN);

	azure_usage_release(&l);
	return rc;
}

static void usage_parse_edges(void **state)
{
	struct azure_usage_list l;
	char err[AZURE_QUOTA_ERRLEN];

	(void)state;
	assert_int_equal(azure_usage_parse("", 0, "u.json", &l, err, sizeof err), -1);
	assert_string_equal(err, "u.json:1:1: empty file (expected the JSON array "
			    "az vm list-usage writes)");
	assert_int_equal(azure_usage_parse("\xef\xbb\xbf", 3, "u.json", &l, err, sizeof err), -1);
	assert_string_equal(err, "u.json:1:1: empty file (expected the JSON array "
			    "az vm list-usage writes)");
	assert_int_equal(azure_usage_parse("{}", 2, "u.json", &l, err, sizeof err), -1);
	assert_string_equal(err, "u.json:1:1: expected a JSON array (the output of "
			    "az vm list-usage -o json)");
	assert_int_equal(azure_usage_parse("[1,\0]", 5, "u.json", &l, err, sizeof err), -1);
	assert_string_equal(err, "u.json:1:4: a NUL byte in a JSON file");
	assert_int_equal(azure_usage_parse("[]\r\n", 4, "u.json", &l, err, sizeof err), 0);
	assert_int_equal(l.n, 0);
	azure_usage_release(&l);
	/* a fraction, a sign and 1e16 are not quota counts */
	assert_int_equal(parse_str("[{\"name\":{\"value\":\"cores\"},\"currentValue\":0.5,"
				   "\"limit\":1}]", err), -1);
	assert_int_equal(parse_str("[{\"name\":{\"value\":\"cores\"},\"currentValue\":\"-1\","
				   "\"limit\":1}]", err), -1);
	assert_int_equal(parse_str("[{\"name\":{\"value\":\"cores\"},\"currentValue\":0,"
				   "\"limit\":1e16}]", err), -1);
	assert_string_equal(err, "u.json:1:2: usage 1 ('cores'): 'limit' is not a whole number");
}

static void skus_rows(void **state)
{
	struct azure_skus s;
	char err[AZURE_QUOTA_ERRLEN];
	const struct azure_sku *k;

	(void)state;
	if (azure_skus_read(FIX "skus.json", &s, err, sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(s.n, 5); /* six rows, the disk row skipped */
	k = azure_skus_find(&s, "standard_nc24ads_a100_v4", "EastUS");
	assert_non_null(k);
	assert_string_equal(k->family, "standardNCADSA100v4Family");
	assert_int_equal(k->vcpus, 24);
	assert_int_equal(k->gpus, 1);
	assert_int_equal(k->zones, AZURE_ZONE_BIT(1) | AZURE_ZONE_BIT(2) | AZURE_ZONE_BIT(3));
	assert_int_equal(k->restricted_zones, AZURE_ZONE_BIT(2));
	assert_string_equal(k->zone_reason, "NotAvailableForSubscription");
	assert_null(k->location_reason);
	k = azure_skus_find(&s, "Standard_ND96isr_H100_v5", "eastus");
	assert_non_null(k);
	assert_string_equal(k->location_reason, "NotAvailableForSubscription");
	assert_int_equal(k->vcpus, 96);
	k = azure_skus_find(&s, "Standard_NC24ads_A100_v4", "westus2");
	assert_non_null(k);
	assert_int_equal(k->zones, AZURE_ZONE_BIT(1) | AZURE_ZONE_BIT(3));
	assert_null(azure_skus_find(&s, "Premium_LRS", "eastus"));
	azure_skus_release(&s);
}

static void availability(void **state)
{
	struct azure_skus s;
	char err[AZURE_QUOTA_ERRLEN], why[128];

	(void)state;
	if (azure_skus_read(FIX "skus.json", &s, err, sizeof err) != 0)
		fail_msg("%s", err);
	/* restricted in zone 2 only: usable with no zone asked, and in 1 and 3 */
	assert_int_equal(azure_skus_check(&s, "Standard_NC24ads_A100_v4", "eastus", 0, why,
					  sizeof why), AZURE_AVAILABLE);
	assert_int_equal(azure_skus_check(&s, "Standard_NC24ads_A100_v4", "eastus", 1, why,
					  sizeof why), AZURE_AVAILABLE);
	assert_int_equal(azure_skus_check(&s, "Standard_NC24ads_A100_v4", "eastus", 2, why,
					  sizeof why), AZURE_RESTRICTED);
	assert_string_equal(why, "NotAvailableForSubscription in eastus zone 2");
	/* restricted in the region: in every zone too */
	assert_int_equal(azure_skus_check(&s, "Standard_ND96isr_H100_v5", "eastus", 0, why,
					  sizeof why), AZURE_RESTRICTED);
	assert_string_equal(why, "NotAvailableForSubscription in eastus");
	assert_int_equal(azure_skus_check(&s, "Standard_ND96isr_H100_v5", "eastus", 3, why,
					  sizeof why), AZURE_RESTRICTED);
	/* westus2 offers zones 1 and 3 */
	assert_int_equal(azure_skus_check(&s, "Standard_NC24ads_A100_v4", "westus2", 2, why,
					  sizeof why), AZURE_ABSENT);
	assert_string_equal(why, "not offered in westus2 zone 2");
	/* absent from the region's list */
	assert_int_equal(azure_skus_check(&s, "Standard_NC48ads_A100_v4", "westus2", 0, why,
					  sizeof why), AZURE_ABSENT);
	assert_string_equal(why, "not offered in westus2");
	azure_skus_release(&s);
}

static void skus_errors(void **state)
{
	(void)state;
	expect_error(rd_skus, FIX "skus-bad-locations.json",
		     FIX "skus-bad-locations.json:2:3: size 1 ('Standard_NC24ads_A100_v4'): "
		     "'locations' is not an array holding a region name");
	/* skus.json cut at half its 6870 bytes: the last line is 5 spaces, so
	 * the end is line 185, column 6 */
	expect_error(rd_skus, FIX "skus-truncated.json",
		     FIX "skus-truncated.json:185:6: unexpected end of JSON (truncated file?)");
	expect_error(rd_skus, FIX "skus-trailing.json",
		     FIX "skus-trailing.json:1:100: text after the JSON array");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(usage_eastus),
		cmocka_unit_test(usage_bom_crlf_strings),
		cmocka_unit_test(usage_errors),
		cmocka_unit_test(usage_parse_edges),
		cmocka_unit_test(skus_rows),
		cmocka_unit_test(availability),
		cmocka_unit_test(skus_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
