/* Unit tests for util.c, output.c and cli.c: parsing, formatting, rendering. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json_out.h"
#include "facts.h"
#include "output.h"
#include "util.h"

static void test_edit_distance(void **state)
{
	(void)state;
	assert_int_equal(util_edit_distance("kitten", "sitting"), 3);
	assert_int_equal(util_edit_distance("", "abc"), 3);
	assert_int_equal(util_edit_distance("Recommend", "recommend"), 0);
	assert_int_equal(util_edit_distance("concurency", "concurrency"), 1);
	assert_int_equal(util_edit_distance("fp61", "fp16"), 1);
	assert_int_equal(util_edit_distance("westeurpoe", "westeurope"), 1);
}

static void test_suggest(void **state)
{
	(void)state;
	const char *cands[] = { "recommend", "estimate", "validate", "catalog" };
	assert_string_equal(util_suggest("recomend", cands, 4), "recommend");
	assert_string_equal(util_suggest("catalgo", cands, 4), "catalog");
	assert_null(util_suggest("frobnicate", cands, 4));
	const char *regions[] = { "koreacentral", "eastus", "westeurope" };
	assert_null(util_suggest("mars-central", regions, 3));
	const char *precs[] = { "fp32", "fp16", "bf16" };
	assert_string_equal(util_suggest("fp61", precs, 3), "fp16");
	assert_string_equal(util_suggest("valid", cands, 4), "validate"); /* prefix */
	/* a VM size without its Standard_ */
	const char *skus[] = { "Standard_NC24ads_A100_v4", "Standard_NC4as_T4_v3" };
	assert_string_equal(util_suggest("nc24ads_a100_v4", skus, 2), "Standard_NC24ads_A100_v4");
	/* the parts of a GPU name: a family, or a family and a memory size */
	assert_true(util_parts_in("T4-PCIe-16GB", "T4"));
	assert_true(util_parts_in("A100-SXM-80GB", "A100-80GB"));
	assert_false(util_parts_in("A100-SXM-40GB", "A100-80GB"));
	assert_false(util_parts_in("A10-PCIe-24GB", "A100"));
	assert_false(util_parts_in("T4-PCIe-16GB", "T"));
}

static void test_parse_numbers(void **state)
{
	(void)state;
	double d;
	long l;
	assert_int_equal(util_parse_double("2e9", &d), 0);
	assert_true(d == 2e9);
	assert_int_equal(util_parse_double("2.0e9", &d), 0);
	assert_int_equal(util_parse_double("-1.5", &d), 0);
	assert_true(d == -1.5);
	assert_int_equal(util_parse_double("12abc", &d), -1);
	assert_int_equal(util_parse_double("", &d), -1);
	assert_int_equal(util_parse_double("nan", &d), -1);
	assert_int_equal(util_parse_double("inf", &d), -1);
	assert_int_equal(util_parse_double("0x10", &d), -1);
	assert_int_equal(util_parse_double("1e999", &d), -1);
	assert_int_equal(util_parse_double("-1e999", &d), -1);
	/* an underflow is a number (tiny or 0): the caller's bounds judge it */
	assert_int_equal(util_parse_double("1e-320", &d), 0);
	assert_true(d > 0 && d < 1e-319);
	assert_int_equal(util_parse_double("1e-400", &d), 0);
	assert_true(d == 0);
	assert_int_equal(util_parse_long("42", &l), 0);
	assert_int_equal(l, 42);
	assert_int_equal(util_parse_long("4.2", &l), -1);
}

/* Durations: a decimal number and one unit letter; everything strtod would
 * also take (hex, inf, nan, space) is refused. */
static void test_parse_duration(void **state)
{
	(void)state;
	double d = 0;
	assert_int_equal(util_parse_duration("7d", &d), 0);
	assert_true(d == 604800);              /* 7 x 86400 */
	assert_int_equal(util_parse_duration("1.5h", &d), 0);
	assert_true(d == 5400);                /* 1.5 x 3600 */
	assert_int_equal(util_parse_duration("90", &d), 0);
	assert_true(d == 90);
	assert_int_equal(util_parse_duration("2w", &d), 0);
	assert_true(d == 1209600);             /* 2 x 604800 */
	assert_int_equal(util_parse_duration("5m", &d), 0);
	assert_true(d == 300);
	assert_int_equal(util_parse_duration("0x10d", &d), -1);   /* strtod: 16 days */
	assert_int_equal(util_parse_duration("infd", &d), -1);
	assert_int_equal(util_parse_duration("inf", &d), -1);
	assert_int_equal(util_parse_duration("nans", &d), -1);
	assert_int_equal(util_parse_duration("-1d", &d), -1);
	assert_int_equal(util_parse_duration("0", &d), -1);
	assert_int_equal(util_parse_duration(" 7d", &d), -1);
	assert_int_equal(util_parse_duration("7dd", &d), -1);
	assert_int_equal(util_parse_duration("d", &d), -1);
	assert_int_equal(util_parse_duration("", &d), -1);
	assert_int_equal(util_parse_duration("1e300w", &d), -1);  /* past 100 years */
	/* the limit is 100 x 365.25 x 86400 = 3,155,760,000 s */
	assert_int_equal(util_parse_duration("5217w", &d), 0);    /* 3,155,241,600 s */
	assert_int_equal(util_parse_duration("5218w", &d), -1);   /* 3,155,846,400 s */
}

static void test_url_redact(void **state)
{
	(void)state;
	char b[64];
	assert_string_equal(util_url_redact("https://user:secret@host/p?q=1", b, sizeof b),
			    "https://***@host/p?q=1");
	assert_string_equal(util_url_redact("http://a@b@127.0.0.1:9090", b, sizeof b),
			    "http://***@127.0.0.1:9090");
	/* an '@' after the authority is no userinfo */
	assert_string_equal(util_url_redact("https://host/a@b", b, sizeof b), "https://host/a@b");
	assert_string_equal(util_url_redact("https://host?x=a@b", b, sizeof b),
			    "https://host?x=a@b");
	assert_string_equal(util_url_redact("not a url", b, sizeof b), "not a url");
	char s[12];
	assert_string_equal(util_url_redact("https://u:p@longhost/", s, sizeof s), "https://...");
}

static void test_read_line(void **state)
{
	(void)state;
	FILE *f = tmpfile();
	assert_non_null(f);
	fputs("ab\n\nabcdef\nxyz", f);
	rewind(f);
	struct strbuf sb = STRBUF_INIT;
	assert_int_equal(util_read_line(f, &sb, 5), 1);
	assert_string_equal(strbuf_str(&sb), "ab");
	assert_int_equal(util_read_line(f, &sb, 5), 1);
	assert_string_equal(strbuf_str(&sb), "");
	/* six bytes against a limit of five: the first five are kept */
	assert_int_equal(util_read_line(f, &sb, 5), UTIL_LINE_TOO_LONG);
	assert_string_equal(strbuf_str(&sb), "abcde");
	rewind(f);
	assert_int_equal(util_read_line(f, &sb, 100), 1);
	assert_int_equal(util_read_line(f, &sb, 100), 1);
	assert_int_equal(util_read_line(f, &sb, 100), 1);
	assert_string_equal(strbuf_str(&sb), "abcdef");
	/* the last line without '\n' is a line; then the end */
	assert_int_equal(util_read_line(f, &sb, 100), 1);
	assert_string_equal(strbuf_str(&sb), "xyz");
	assert_int_equal(util_read_line(f, &sb, 100), 0);
	strbuf_release(&sb);
	fclose(f);
}

static void test_json_values_bound(void **state)
{
	(void)state;
	/* 1 + two ',' + one '[' ; the ',' and '[' inside the string do not count */
	const char *j = "[1,\"a,[\\\",\",2]";
	assert_int_equal(util_json_values_bound(j, strlen(j)), 4);
	assert_int_equal(util_json_values_bound("7", 1), 1);
}

static void test_parse_size(void **state)
{
	(void)state;
	double g;
	assert_int_equal(util_parse_size_gib("16GiB", &g), 0);
	assert_true(g == 16.0);
	assert_int_equal(util_parse_size_gib("16", &g), 0);
	assert_true(g == 16.0);
	assert_int_equal(util_parse_size_gib("512 MiB", &g), 0);
	assert_true(g == 0.5);
	assert_int_equal(util_parse_size_gib("2TB", &g), 0);
	assert_float_equal(g, 2e12 / 1073741824.0, 1e-9);
	assert_int_equal(util_parse_size_gib("80gb", &g), 0);
	assert_float_equal(g, 74.5058, 1e-4);
	assert_int_equal(util_parse_size_gib("16 parsecs", &g), -2);
	assert_int_equal(util_parse_size_gib("GiB", &g), -1);
}

/* A document of n members of a few hundred bytes each. */
static cJSON *arena_doc(int n)
{
	cJSON *o = cJSON_CreateObject();
	char k[32], v[256];

	for (int i = 0; i < n; i++) {
		snprintf(k, sizeof k, "key%d", i);
		memset(v, 'a' + i % 26, sizeof v - 1);
		v[sizeof v - 1] = '\0';
		cJSON_AddStringToObject(o, k, v);
		cJSON_AddNumberToObject(o, "n", i * 0.5);
	}
	return o;
}

/* Documents made inside the arena print as those made outside, across a
 * reset that folds several blocks into one (a document far beyond the first
 * 64 KiB block), and after the arena ends cJSON allocates as before.  Under
 * a sanitizer the arena is plain malloc/free and the same holds. */
static void test_json_arena(void **state)
{
	cJSON *ref = arena_doc(2000), *x;
	char *want = cJSON_PrintUnformatted(ref), *got;

	(void)state;
	assert_non_null(want);
	json_arena_begin();
	for (int round = 0; round < 3; round++) {
		x = arena_doc(2000);
		assert_non_null(x);
		got = cJSON_PrintUnformatted(x);
		assert_non_null(got);
		assert_string_equal(got, want);
		cJSON_free(got);
		cJSON_Delete(x);
		json_arena_reset();
		x = arena_doc(3);   /* a small one after the big one */
		assert_non_null(x);
		assert_int_equal(cJSON_GetArraySize(x), 6);
		cJSON_Delete(x);
		json_arena_reset();
	}
	json_arena_end();
	x = arena_doc(10);
	assert_non_null(x);
	cJSON_Delete(x);
	cJSON_free(want);
	cJSON_Delete(ref);
}

/* util_fmt_fixed against its oracle, snprintf("%.*f"), on hand-picked
 * values (ties, negative zero, carries, large and tiny numbers) and on
 * random ones of every magnitude and decimal count. */
static void test_fmt_fixed(void **state)
{
	static const double hand[] = { 0, -0.0, 0.5, 1.5, 2.5, 0.125, 0.05, 0.15, 0.25, 0.35,
				       9.95, 9.96, 99.95, 999.999, -0.04, -0.05, 1e-7, 123456.789,
				       1e10, 99999999999.95, 1e11, 1e15, 1e300, 4.35, 2.675,
				       1.005, 0.045, 1234.5678, 505.9, 42.1 };
	char a[400], b[400];
	unsigned long long x = 88172645463325252ULL;   /* xorshift64 */

	(void)state;
	for (size_t i = 0; i < sizeof hand / sizeof hand[0]; i++)
		for (int d = 0; d <= 7; d++) {
			snprintf(b, sizeof b, "%.*f", d, hand[i]);
			assert_string_equal(util_fmt_fixed(a, sizeof a, hand[i], d), b);
		}
	for (int i = 0; i < 200000; i++) {
		double v;
		int d;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		/* a mantissa of 1-1000 times 10^-6 .. 10^12, some on a grid of
		 * halves (ties) and some negative */
		v = (double)(x % 1000000) / 1000.0 * pow(10.0, (double)((x >> 20) % 19) - 6.0);
		if ((x >> 40) % 4 == 0)
			v = floor(v * 2.0) / 2.0 / pow(10.0, (double)((x >> 44) % 4));
		if ((x >> 50) % 2)
			v = -v;
		d = (int)((x >> 56) % 7);
		snprintf(b, sizeof b, "%.*f", d, v);
		util_fmt_fixed(a, sizeof a, v, d);
		if (strcmp(a, b) != 0)
			fail_msg("%.17g at %d decimals: %s, printf %s", v, d, a, b);
	}
	/* cut to the buffer as snprintf is */
	assert_string_equal(util_fmt_fixed(a, 4, 1234.5, 1), "123");
}

static void test_money(void **state)
{
	(void)state;
	char b[64];
	assert_string_equal(util_fmt_money(b, sizeof b, 2681.2899), "2,681.29");
	assert_string_equal(util_fmt_money(b, sizeof b, 0), "0.00");
	assert_string_equal(util_fmt_money(b, sizeof b, 1234567.006), "1,234,567.01");
	assert_string_equal(util_fmt_money(b, sizeof b, -950.5), "-950.50");
	assert_string_equal(util_fmt_money(b, sizeof b, 999.999), "1,000.00");
	assert_true(util_round_cents(3.675 * 730) == 2682.75);
}

static void test_iso8601(void **state)
{
	(void)state;
	assert_int_equal(util_parse_iso8601("1970-01-01"), 0);
	assert_int_equal(util_parse_iso8601("2026-06-21T03:51:04Z"), 1782013864LL);
	assert_int_equal(util_parse_iso8601("2026-06-21T03:51:04.947854Z"), 1782013864LL);
	assert_int_equal(util_parse_iso8601("2024-02-29T00:00:00Z") - util_parse_iso8601("2024-02-28"),
			 86400);
	assert_int_equal(util_parse_iso8601("2026-13-01"), -1);
	assert_int_equal(util_parse_iso8601("yesterday"), -1);
	/* whole days to GPUFIT_NOW: 2026-09-15 to 2026-11-30 is 15 + 31 + 30 = 76;
	 * a time of day counts down, 2026-11-29T12:00Z is half a day: 0 */
	const char *was = getenv("GPUFIT_NOW");
	char *saved = was ? strdup(was) : NULL;
	setenv("GPUFIT_NOW", "2026-11-30T00:00:00Z", 1);
	assert_int_equal(util_age_days("2026-09-15"), 76);
	assert_int_equal(util_age_days("2026-11-29"), 1);
	assert_int_equal(util_age_days("2026-11-29T12:00:00Z"), 0);
	assert_int_equal(util_age_days(""), -1);
	assert_int_equal(util_age_days(NULL), -1);
	assert_int_equal(util_age_days("yesterday"), -1);
	if (saved)
		setenv("GPUFIT_NOW", saved, 1);
	else
		unsetenv("GPUFIT_NOW");
	free(saved);
}

static void test_pricing_names(void **state)
{
	(void)state;
	enum pricing_kind k;
	assert_int_equal(pricing_parse("reserved-3y", &k), 0);
	assert_int_equal(k, PRICING_RESERVED_3Y);
	assert_string_equal(pricing_name(PRICING_SAVINGS_1Y), "savings-1y");
	assert_int_equal(pricing_parse("reserved", &k), -1);
	assert_int_equal(mig_start_mask_parse("0 2 4 6"), 0x55u);
	assert_int_equal(mig_start_mask_parse("0,4"), 0x11u);
	assert_int_equal(mig_start_mask_parse("0 9"), 0u);
}

static char *render(const struct table *t, enum out_format f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	table_print(t, m, f);
	fclose(m);
	return buf;
}

/* An empty header after a longer one: each header is printed as its own
 * text (a reused buffer once printed "AB" for the empty one, wider than its
 * column, and the padding wrapped around to 2^64 spaces).  Widths by hand:
 * column 0 max("", "x") = 1, column 1 max("AB", "y") = 2, column 2 1; the
 * header line is 1 space, 2 between, "AB", 2 between, 1 space (right
 * aligned ""); the row "x", 2, " y", 2, "z". */
static void test_table_empty_header(void **state)
{
	(void)state;
	struct table *t = table_new(3);
	table_header(t, 0, "", ALIGN_LEFT);
	table_header(t, 1, "AB", ALIGN_RIGHT);
	table_header(t, 2, "", ALIGN_RIGHT);
	table_add(t, "x", "y", "z");
	char *s = render(t, FMT_TABLE);
	assert_string_equal(s, "   AB   \n"
			       "x   y  z\n");
	free(s);
	table_free(t);
}

static void test_table_formats(void **state)
{
	(void)state;
	struct table *t = table_new(3);
	table_header(t, 0, "SKU", ALIGN_LEFT);
	table_header(t, 1, "GPU", ALIGN_LEFT);
	table_header(t, 2, "HOURLY", ALIGN_RIGHT);
	table_add(t, "Standard_NC4as_T4_v3", "T4", "0.526");
	table_add(t, "a|b", "1/6 × A10", "12.5");
	char *s = render(t, FMT_TABLE);
	assert_string_equal(s, "SKU                   GPU        HOURLY\n"
			       "Standard_NC4as_T4_v3  T4          0.526\n"
			       "a|b                   1/6 × A10    12.5\n");
	free(s);
	s = render(t, FMT_MARKDOWN);
	assert_string_equal(s, "| SKU | GPU | Hourly |\n"
			       "| --- | --- | ---: |\n"
			       "| Standard_NC4as_T4_v3 | T4 | 0.526 |\n"
			       "| a\\|b | 1/6 × A10 | 12.5 |\n");
	free(s);
	table_add(t, "quote \"x\", y", "", "1");
	s = render(t, FMT_CSV);
	assert_string_equal(s, "SKU,GPU,HOURLY\r\n"
			       "Standard_NC4as_T4_v3,T4,0.526\r\n"
			       "a|b,1/6 × A10,12.5\r\n"
			       "\"quote \"\"x\"\", y\",,1\r\n");
	free(s);
	table_free(t);
}

/* The csv view: raw numbers under unit headers, display text elsewhere. */
static void test_table_csv_view(void **state)
{
	(void)state;
	struct table *t = table_new(4);
	table_header(t, 0, "SKU", ALIGN_LEFT);
	table_header(t, 1, "MEM", ALIGN_RIGHT);
	table_header(t, 2, "MONTHLY", ALIGN_RIGHT);
	table_header(t, 3, "NOTE", ALIGN_LEFT);
	table_csv_column(t, 0, "sku", CSV_TEXT);
	table_csv_column(t, 1, "gpu_memory_gib", CSV_NUMBER);
	table_csv_column(t, 2, "monthly_usd", CSV_NUMBER);
	table_column_show(t, 3, SHOW_DISPLAY);
	table_add(t, "a", "22.49 GiB", "2,336.00", "x");
	table_set_number(t, 1, 22.4912, 2);
	table_set_number(t, 2, 2336.0, 2);
	table_add(t, "b (retired)", "-", "-", "y");
	table_set_csv(t, 0, "b");
	table_set_number(t, 1, NAN, 2); /* unknown: empty field */
	/* column 2 never set: a number column prints no display text */
	table_add(t, "only csv", "", "", "");
	table_row_show(t, SHOW_CSV);
	table_set_number(t, 2, -0.001, 2);
	char *s = render(t, FMT_CSV);
	assert_string_equal(s, "sku,gpu_memory_gib,monthly_usd\r\n"
			       "a,22.49,2336.00\r\n"
			       "b,,\r\n"
			       "only csv,,0.00\r\n");
	free(s);
	s = render(t, FMT_TABLE);
	assert_string_equal(s, "SKU                MEM   MONTHLY  NOTE\n"
			       "a            22.49 GiB  2,336.00  x\n"
			       "b (retired)          -         -  y\n");
	free(s);
	table_free(t);

	/* a name/value table is one csv record */
	t = table_new(2);
	table_header(t, 0, "ITEM", ALIGN_LEFT);
	table_header(t, 1, "VALUE", ALIGN_LEFT);
	table_csv_record(t);
	table_field(t, "memory total (GiB)", "memory_total_gib", "45.54");
	table_set_number(t, 1, 45.5449, 2);
	table_field(t, "capacity", NULL, "1 x L40S");
	table_csv_field_number(t, "gpu_count", 1, 0);
	table_csv_field(t, "note", "a, b");
	s = render(t, FMT_CSV);
	assert_string_equal(s, "memory_total_gib,gpu_count,note\r\n45.54,1,\"a, b\"\r\n");
	free(s);
	s = render(t, FMT_MARKDOWN);
	assert_string_equal(s, "| Item | Value |\n| --- | --- |\n| memory total (GiB) | 45.54 |\n"
			       "| capacity | 1 x L40S |\n");
	free(s);
	table_free(t);

	/* Markdown headers in sentence case whatever case they are given in:
	 * abbreviations and units kept, the parenthesis kept as written; the
	 * text table in upper case up to the parenthesis; csv as given */
	t = table_new(6);
	table_header(t, 0, "GPU MEM (GiB)", ALIGN_LEFT);
	table_header(t, 1, "node pool", ALIGN_LEFT);
	table_header(t, 2, "MIG profile", ALIGN_LEFT);
	table_header(t, 3, "vCPUs", ALIGN_RIGHT);
	table_header(t, 4, "SAVINGS/MO", ALIGN_RIGHT);
	table_header(t, 5, "Monthly (730 h)", ALIGN_RIGHT);
	table_add(t, "1", "2", "3", "4", "5", "6");
	s = render(t, FMT_MARKDOWN);
	assert_string_equal(s, "| GPU mem (GiB) | Node pool | MIG profile | vCPUs | Savings/mo |"
			       " Monthly (730 h) |\n| --- | --- | --- | ---: | ---: | ---: |\n"
			       "| 1 | 2 | 3 | 4 | 5 | 6 |\n");
	free(s);
	s = render(t, FMT_TABLE);
	assert_string_equal(s, "GPU MEM (GiB)  NODE POOL  MIG PROFILE  VCPUS  SAVINGS/MO  MONTHLY (730 h)\n"
			       "1              2          3                4           5                6\n");
	free(s);
	s = render(t, FMT_CSV);
	assert_string_equal(s, "GPU MEM (GiB),node pool,MIG profile,vCPUs,SAVINGS/MO,Monthly (730 h)\r\n"
			       "1,2,3,4,5,6\r\n");
	free(s);
	table_free(t);

	char b[32];
	assert_string_equal(out_csv_number(b, sizeof b, 98.32, -6), "98.32");
	assert_string_equal(out_csv_number(b, sizeof b, 127.816, -6), "127.816");
	assert_string_equal(out_csv_number(b, sizeof b, 400, -2), "400");
	assert_string_equal(out_csv_number(b, sizeof b, 71773.6, 2), "71773.60");
	assert_string_equal(out_csv_number(b, sizeof b, -48.8249, 2), "-48.82");
	assert_string_equal(out_csv_number(b, sizeof b, INFINITY, 2), "");
	assert_string_equal(out_money_header(b, sizeof b, "monthly", "EUR"), "monthly_eur");
	assert_string_equal(out_money_header(b, 6, "monthly", "USD"), "month");
	char n[] = "reserved-1y price";
	assert_string_equal(out_csv_name(n), "reserved_1y_price");
}

static void test_cli_parser(void **state)
{
	(void)state;
	static const struct cli_opt opts[] = {
		{ "region", 'r', CLI_ARG_REQUIRED, 1, "R", NULL, "a region" },
		{ "force", 0, CLI_ARG_NONE, 2, NULL, NULL, "force" },
		{ NULL, 0, 0, 0, NULL, NULL, NULL },
	};
	char *argv[] = { "x", "--region=eastus", "-r", "westus", "-rnorth", "--force", "file",
			 "--", "--force", NULL };
	struct cli_iter it;
	const char *v;
	cli_iter_init(&it, "x", opts, 9, argv);
	assert_int_equal(cli_next(&it, &v), 1);
	assert_string_equal(v, "eastus");
	assert_int_equal(cli_next(&it, &v), 1);
	assert_string_equal(v, "westus");
	assert_int_equal(cli_next(&it, &v), 1);
	assert_string_equal(v, "north");
	assert_int_equal(cli_next(&it, &v), 2);
	assert_int_equal(cli_next(&it, &v), CLI_POSITIONAL);
	assert_string_equal(v, "file");
	assert_int_equal(cli_next(&it, &v), CLI_POSITIONAL);
	assert_string_equal(v, "--force");
	assert_int_equal(cli_next(&it, &v), CLI_END);

	char *bad[] = { "x", "--regoin", "e", NULL };
	cli_iter_init(&it, "x", opts, 3, bad);
	assert_int_equal(cli_next(&it, &v), CLI_ERROR);
	char *missing[] = { "x", "--region", NULL };
	cli_iter_init(&it, "x", opts, 2, missing);
	assert_int_equal(cli_next(&it, &v), CLI_ERROR);
	char *flagval[] = { "x", "--force=yes", NULL };
	cli_iter_init(&it, "x", opts, 2, flagval);
	assert_int_equal(cli_next(&it, &v), CLI_ERROR);
}

/* Help lines from an option table: the option column is 28 wide (2 + 26),
 * a longer option gets a line of its own, the text wraps at 79 columns
 * (51 after the column):
 *   "  -r, --region R" is 16 characters, 12 blanks to column 28;
 *   "      --force" is 13, 15 blanks;
 *   "      --max-catalog-age-days D" is 30 (>= 27): its own line;
 *   its text is 73 characters; the first 51 end inside "kind)", so the
 *   line breaks at the blank before it, after 46: "...(by region and". */
static void test_cli_help(void **state)
{
	(void)state;
	static const struct cli_opt opts[] = {
		{ "region", 'r', CLI_ARG_REQUIRED, 1, "R", NULL, "a region" },
		{ "force", 0, CLI_ARG_NONE, 2, NULL, NULL, "force" },
		{ "max-catalog-age-days", 0, CLI_ARG_REQUIRED, 3, "D", NULL,
		  "fail when the oldest price used (by region and kind) is older than D days" },
		{ NULL, 0, 0, 0, NULL, NULL, NULL },
	};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	cli_print_options(opts, f);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf, "  -r, --region R            a region\n"
				 "      --force               force\n"
				 "      --max-catalog-age-days D\n"
				 "                            fail when the oldest price used (by region and\n"
				 "                            kind) is older than D days\n");
	free(buf);
}

/* The pricing terms --pricing completes to are the ones pricing_parse()
 * takes, in the same order. */
static void test_cli_pricing_terms(void **state)
{
	(void)state;
	char terms[256] = "";
	for (int k = 0; k < PRICING_COUNT; k++) {
		size_t n = strlen(terms);
		snprintf(terms + n, sizeof terms - n, "%s%s", k ? "|" : "",
			 pricing_name((enum pricing_kind)k));
	}
	assert_string_equal(terms, CLI_PRICING_TERMS);
	assert_string_equal(CLI_PRICING_AUTO, CLI_PRICING_TERMS "|auto");
}

/* 100k keys through several growths: each is found with its last value. */
static void test_strmap(void **state)
{
	(void)state;
	struct strmap m = STRMAP_INIT;
	char key[32];
	assert_null(strmap_get(&m, "node-0"));
	for (size_t i = 0; i < 100000; i++) {
		snprintf(key, sizeof key, "node-%zu", i);
		strmap_put(&m, key, i);
	}
	strmap_put(&m, "node-7", 42);   /* a second value replaces the first */
	assert_int_equal(m.n, 100000);
	for (size_t i = 0; i < 100000; i++) {
		snprintf(key, sizeof key, "node-%zu", i);
		const size_t *v = strmap_get(&m, key);
		assert_non_null(v);
		assert_int_equal(*v, i == 7 ? 42 : i);
	}
	assert_null(strmap_get(&m, "node-100000"));
	assert_null(strmap_get(&m, ""));
	strmap_release(&m);
	assert_null(strmap_get(&m, "node-1"));
}

/* Colour: the environment rules (NO_COLOR set to any value, even empty; TERM=dumb)
 * and a coloured table: bold header, styled rows, widths as without colour. */
static void test_color(void **state)
{
	(void)state;
	assert_int_equal(out_color_env(NULL, NULL), 1);
	assert_int_equal(out_color_env(NULL, "xterm-256color"), 1);
	assert_int_equal(out_color_env("", "xterm"), 0);
	assert_int_equal(out_color_env("1", "xterm"), 0);
	assert_int_equal(out_color_env("false", NULL), 0);
	assert_int_equal(out_color_env(NULL, "dumb"), 0);
	assert_string_equal(out_sgr(0, OUT_RED), "");
	assert_string_equal(out_sgr(1, OUT_PLAIN), "");
	assert_string_equal(out_sgr_off(1, OUT_PLAIN), "");
	assert_string_equal(out_sgr(1, OUT_BOLD), "\033[1m");
	assert_string_equal(out_sgr(1, OUT_GREEN), "\033[32m");
	assert_string_equal(out_sgr(1, OUT_YELLOW), "\033[33m");
	assert_string_equal(out_sgr(1, OUT_RED), "\033[31m");
	assert_string_equal(out_sgr_off(1, OUT_RED), "\033[0m");

	struct table *t = table_new(2);
	table_header(t, 0, "GATE", ALIGN_LEFT);
	table_header(t, 1, "RESULT", ALIGN_LEFT);
	table_add(t, "max_monthly", "FAIL");
	table_row_style(t, OUT_RED);
	table_add(t, "max_increase", "PASS");
	table_color(t, 1);
	char *s = render(t, FMT_TABLE);
	assert_string_equal(s, "\033[1mGATE          RESULT\033[0m\n"
			       "\033[31mmax_monthly   FAIL\033[0m\n"
			       "max_increase  PASS\n");
	free(s);
	s = render(t, FMT_MARKDOWN);
	assert_null(strchr(s, '\033'));
	free(s);
	s = render(t, FMT_CSV);
	assert_null(strchr(s, '\033'));
	free(s);
	table_color(t, 0);
	s = render(t, FMT_TABLE);
	assert_null(strchr(s, '\033'));
	free(s);
	table_free(t);
}

/* A table cell with a newline or an escape sequence prints on one line,
 * escaped, and its column is as wide as the escaped text. */
static void test_table_escapes_cells(void **state)
{
	struct table *t = table_new(2);
	char *s;

	(void)state;
	table_header(t, 0, "HOST", ALIGN_LEFT);
	table_header(t, 1, "N", ALIGN_RIGHT);
	table_add(t, "h\n\033[31mevil", "1");
	table_add(t, "ok", "22");
	s = render(t, FMT_TABLE);
	/* the escaped cell is 15 characters: h, \n (2), \x1b (4), [31mevil (8) */
	assert_string_equal(s, "HOST              N\n"
			       "h\\n\\x1b[31mevil   1\n"
			       "ok               22\n");
	free(s);
	s = render(t, FMT_MARKDOWN);
	assert_null(strchr(s, '\033'));
	assert_non_null(strstr(s, "h<br>\\\\x1b\\[31mevil"));
	free(s);
	table_free(t);
}

/* The nesting open at an offset, strings (and their escaped quotes and
 * brackets) skipped. */
static void test_json_depth(void **state)
{
	const char *j = "{\"a\": [[{\"b\": \"[\\\"{\"}, 1], 2]}";

	(void)state;
	assert_int_equal(util_json_depth_at(j, 0), 0);
	assert_int_equal(util_json_depth_at(j, 1), 1);
	assert_int_equal(util_json_depth_at(j, 8), 3);
	assert_int_equal(util_json_depth_at(j, 10), 4);
	/* inside the string "[\"{": still 4 */
	assert_int_equal(util_json_depth_at(j, 17), 4);
	assert_int_equal(util_json_depth_at(j, strlen(j)), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_depth), cmocka_unit_test(test_table_escapes_cells),
		cmocka_unit_test(test_edit_distance), cmocka_unit_test(test_suggest),
		cmocka_unit_test(test_parse_numbers), cmocka_unit_test(test_parse_size),
		cmocka_unit_test(test_parse_duration), cmocka_unit_test(test_url_redact),
		cmocka_unit_test(test_read_line), cmocka_unit_test(test_json_values_bound),
		cmocka_unit_test(test_json_arena),    cmocka_unit_test(test_fmt_fixed),     cmocka_unit_test(test_money),         cmocka_unit_test(test_iso8601),
		cmocka_unit_test(test_pricing_names), cmocka_unit_test(test_table_formats),
		cmocka_unit_test(test_table_csv_view),
		cmocka_unit_test(test_cli_parser),    cmocka_unit_test(test_cli_help),
		cmocka_unit_test(test_cli_pricing_terms),    cmocka_unit_test(test_strmap),
		cmocka_unit_test(test_color), cmocka_unit_test(test_table_empty_header),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
