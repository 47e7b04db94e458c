/*
 * test_prices_api_json.c - the page reader of prices_api.c (its own strict
 * JSON reader) checked against cJSON, the parser it replaced.
 *
 * The oracle parses a page with cJSON and extracts what the old tree-walking
 * code extracted.  A hand-written page with escapes, surrogate pairs, nested
 * members of no interest and a BOM must give exactly the oracle's items;
 * then every single-byte mutation (deletion, replacement by a JSON-significant
 * byte) and truncation of it must either be rejected by the reader, or be
 * accepted by cJSON too with the same items.  cJSON is laxer than RFC 8259 in
 * a few places (leading zeros, "1.", raw control characters), so the reader
 * may reject what cJSON accepts; those cases have tests of their own.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "prices_api.h"
#include "util.h"

/* One line per item, every field the reader extracts. */
static void describe(struct strbuf *sb, const struct prices_api_item *it)
{
	const char *f[] = { it->arm_sku, it->region, it->currency, it->service, it->product,
			    it->sku_name, it->meter_name, it->type, it->unit, it->term,
			    it->start, it->end };

	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		strbuf_addf(sb, "%s|", f[i] ? f[i] : "(null)");
	strbuf_addf(sb, "%d %.17g %.17g %zu", it->has_price, it->retail_price, it->tier_min,
		    it->n_savings);
	for (size_t i = 0; i < it->n_savings; i++)
		strbuf_addf(sb, " %.17g/%s", it->savings[i].retail_price, it->savings[i].term);
	strbuf_addstr(sb, "\n");
}

static int collect(const struct prices_api_item *it, void *arg, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	describe(arg, it);
	return 0;
}

/* The reader: 0 and the description, or -1. */
static int read_new(const char *doc, size_t len, struct strbuf *out, char *err, size_t errlen)
{
	struct prices_api_page pg;

	if (prices_api_parse_page(doc, len, &pg, collect, out, err, errlen) != 0)
		return -1;
	strbuf_addf(out, "next=%s count=%ld currency=%s items=%zu\n",
		    pg.next_link ? pg.next_link : "(null)", pg.count, pg.billing_currency,
		    pg.n_items);
	free(pg.next_link);
	return 0;
}

static const char *str_or_null(const cJSON *j)
{
	return cJSON_IsString(j) ? j->valuestring : NULL;
}

/* The oracle: the same extraction from a cJSON tree.  Of duplicate members
 * the last counts in an item, the first at the top level and in a
 * savingsPlan element. */
static void oracle_item(const cJSON *obj, struct prices_api_item *it)
{
	static const char *const names[] = { "armSkuName", "armRegionName", "currencyCode",
		"serviceName", "productName", "skuName", "meterName", "type", "unitOfMeasure",
		"reservationTerm", "effectiveStartDate", "effectiveEndDate" };
	const char **dst[] = { &it->arm_sku, &it->region, &it->currency, &it->service,
		&it->product, &it->sku_name, &it->meter_name, &it->type, &it->unit, &it->term,
		&it->start, &it->end };

	memset(it, 0, sizeof(*it));
	for (const cJSON *f = obj->child; f; f = f->next) {
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (strcmp(f->string, names[i]) == 0)
				*dst[i] = str_or_null(f);
		if (strcmp(f->string, "retailPrice") == 0) {
			it->has_price = cJSON_IsNumber(f);
			it->retail_price = it->has_price ? f->valuedouble : 0;
		} else if (strcmp(f->string, "tierMinimumUnits") == 0 && cJSON_IsNumber(f)) {
			it->tier_min = f->valuedouble;
		} else if (strcmp(f->string, "savingsPlan") == 0) {
			it->n_savings = 0;
			if (!cJSON_IsArray(f))
				continue;
			for (const cJSON *s = f->child; s; s = s->next) {
				if (!cJSON_IsObject(s) || it->n_savings == PRICES_API_MAX_SAVINGS)
					continue;
				const cJSON *p = cJSON_GetObjectItemCaseSensitive(s, "retailPrice");
				const cJSON *t = cJSON_GetObjectItemCaseSensitive(s, "term");
				if (!cJSON_IsNumber(p) || !cJSON_IsString(t))
					continue;
				it->savings[it->n_savings].retail_price = p->valuedouble;
				it->savings[it->n_savings].term = t->valuestring;
				it->n_savings++;
			}
		}
	}
}

/* 0 with the description when cJSON accepts doc as a page, -1 otherwise. */
static int read_oracle(const char *doc, size_t len, struct strbuf *out)
{
	char *copy = xmalloc(len + 1);
	int ret = -1;

	memcpy(copy, doc, len);
	copy[len] = '\0';
	/* len + 1: cJSON wants the terminating NUL inside the length to check
	 * that nothing follows the document. */
	cJSON *d = cJSON_ParseWithLengthOpts(copy, len + 1, NULL, 1);
	if (!d || !cJSON_IsObject(d))
		goto out;
	const cJSON *items = cJSON_GetObjectItemCaseSensitive(d, "Items");
	const cJSON *next = cJSON_GetObjectItemCaseSensitive(d, "NextPageLink");
	const cJSON *count = cJSON_GetObjectItemCaseSensitive(d, "Count");
	const char *bc = str_or_null(cJSON_GetObjectItemCaseSensitive(d, "BillingCurrency"));
	if (!cJSON_IsArray(items) || (next && !cJSON_IsNull(next) && !cJSON_IsString(next)))
		goto out;
	size_t n = 0;
	for (const cJSON *o = items->child; o; o = o->next) {
		struct prices_api_item it;
		if (!cJSON_IsObject(o))
			continue;
		oracle_item(o, &it);
		describe(out, &it);
		n++;
	}
	char nl[512] = "(null)";
	if (cJSON_IsString(next)) {
		const char *s = next->valuestring;
		size_t l = strlen(s);
		while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
			s++, l--;
		while (l && (s[l - 1] == ' ' || s[l - 1] == '\t' || s[l - 1] == '\n' ||
			     s[l - 1] == '\r'))
			l--;
		if (l)
			snprintf(nl, sizeof(nl), "%.*s", (int)l, s);
	}
	char cur[8] = "";
	if (bc)
		snprintf(cur, sizeof(cur), "%s", bc);
	strbuf_addf(out, "next=%s count=%ld currency=%s items=%zu\n", nl,
		    cJSON_IsNumber(count) ? (long)count->valuedouble : -1L, cur, n);
	ret = 0;
out:
	cJSON_Delete(d);
	free(copy);
	return ret;
}

/* A page with a bit of everything the reader must get right. */
static const char rich_page[] =
	"\xEF\xBB\xBF {\"BillingCurrency\" : \"EUR\",\"Extra\":{\"a\":[1,2,{\"b\":null}],\"c\":true},"
	"\"Items\":[ {\"arm\\u0053kuName\":\"Standard_NC24ads_A100_v4\","
	"\"armRegionName\":\"eastus\",\"currencyCode\":\"EUR\",\"serviceName\":\"Virtual Machines\","
	"\"productName\":\"Virtual Machines NCadsA100v4 Series \\\"quoted\\\" \\\\ \\/\","
	"\"skuName\":\"caf\\u00e9 \\ud83d\\ude00 \\t\\n\",\"meterName\":\"x\\u20acy\","
	"\"type\":\"Consumption\",\"unitOfMeasure\":\"1 Hour\",\"tierMinimumUnits\":0.0,"
	"\"retailPrice\":3.673e0,\"unitPrice\":-1.5E-3,\"isPrimaryMeterRegion\":false,"
	"\"effectiveStartDate\":\"2024-06-01T00:00:00Z\",\"nested\":[[[]],{}],"
	"\"savingsPlan\":[{\"retailPrice\":1.65285,\"term\":\"3 Years\",\"term\":\"x\"},"
	"{\"term\":\"1 Year\",\"retailPrice\":2.5711},7,{\"retailPrice\":\"1\",\"term\":\"5 Years\"}]},"
	"42,\"s\",null,{\"armSkuName\":1,\"type\":\"Reservation\",\"type\":\"Consumption\","
	"\"retailPrice\":100,\"reservationTerm\":\"1 Year\",\"effectiveEndDate\":null}],"
	"\"NextPageLink\":\" https://prices.azure.com/api/retail/prices?$skip=1000 \","
	"\"Count\":5,\"Items\":[{\"armSkuName\":\"ignored: the first Items counts\"}]}\r\n";

static void test_rich_page_matches_cjson(void **state)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	char err[256];
	(void)state;

	assert_int_equal(read_new(rich_page, sizeof(rich_page) - 1, &a, err, sizeof(err)), 0);
	assert_int_equal(read_oracle(rich_page, sizeof(rich_page) - 1, &b), 0);
	assert_string_equal(strbuf_str(&a), strbuf_str(&b));
	/* And the decoding itself, by hand. */
	assert_non_null(strstr(strbuf_str(&a), "Standard_NC24ads_A100_v4|eastus|EUR|"));
	assert_non_null(strstr(strbuf_str(&a), "Series \"quoted\" \\ /|caf\xC3\xA9 \xF0\x9F\x98\x80 \t\n|x\xE2\x82\xACy|"));
	assert_non_null(strstr(strbuf_str(&a), "1 3.673 0 2 1.6528499999999999/3 Years 2.5710999999999999/1 Year\n"));
	assert_non_null(strstr(strbuf_str(&a), "\n(null)|(null)|(null)|(null)|(null)|(null)|(null)|"
			       "Consumption|(null)|1 Year|(null)|(null)|1 100 0 0\n"));
	assert_non_null(strstr(strbuf_str(&a),
			       "next=https://prices.azure.com/api/retail/prices?$skip=1000 count=5 currency=EUR items=2\n"));
	strbuf_release(&a);
	strbuf_release(&b);
}

/* Every one-byte mutation and every truncation: rejected, or what cJSON
 * reads too. */
static void test_mutations_never_disagree(void **state)
{
	static const char subst[] = "\"\\{}[],: 0-.eEa\x01tu";
	size_t len = sizeof(rich_page) - 1, accepted = 0, rejected = 0;
	char *doc = xmalloc(len + 1);
	char err[256];
	(void)state;

	for (size_t pos = 0; pos < len; pos++) {
		for (size_t k = 0; k <= sizeof(subst) - 1 + 1; k++) {
			size_t n;
			if (k < sizeof(subst) - 1) {        /* replace */
				if (rich_page[pos] == subst[k])
					continue;
				memcpy(doc, rich_page, len);
				doc[pos] = subst[k];
				n = len;
			} else if (k == sizeof(subst) - 1) { /* delete */
				memcpy(doc, rich_page, pos);
				memcpy(doc + pos, rich_page + pos + 1, len - pos - 1);
				n = len - 1;
			} else {                            /* truncate */
				memcpy(doc, rich_page, pos);
				n = pos;
			}
			struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
			if (read_new(doc, n, &a, err, sizeof(err)) == 0) {
				accepted++;
				if (read_oracle(doc, n, &b) != 0 ||
				    strcmp(strbuf_str(&a), strbuf_str(&b)) != 0) {
					print_error("mutation at %zu (%zu) read as:\n%s\ncJSON:\n%s\n",
						    pos, k, strbuf_str(&a), strbuf_str(&b));
					fail();
				}
			} else {
				rejected++;
				assert_true(strncmp(err, "invalid JSON at byte ", 21) == 0 ||
					    strcmp(err, "page is not a JSON object") == 0 ||
					    strcmp(err, "page has no 'Items' array") == 0 ||
					    strcmp(err, "'NextPageLink' is neither a string nor null") == 0);
			}
			strbuf_release(&a);
			strbuf_release(&b);
		}
	}
	/* Both outcomes happen a lot: the test exercises both paths. */
	assert_true(accepted > 1000);
	assert_true(rejected > 1000);
	free(doc);
}

static int fails_with(const char *doc, const char *want)
{
	struct strbuf a = STRBUF_INIT;
	char err[256] = "";
	int rc = read_new(doc, strlen(doc), &a, err, sizeof(err));

	strbuf_release(&a);
	if (rc == 0) {
		print_error("accepted: %s\n", doc);
		return 0;
	}
	if (strcmp(err, want) != 0) {
		print_error("'%s': got '%s', want '%s'\n", doc, err, want);
		return 0;
	}
	return 1;
}

/* What strict JSON forbids, with the byte where it stops being JSON. */
static void test_strict_rejections(void **state)
{
	(void)state;
	assert_true(fails_with("{\"Items\":[01]}", "invalid JSON at byte 11"));
	assert_true(fails_with("{\"Items\":[1.]}", "invalid JSON at byte 12"));
	assert_true(fails_with("{\"Items\":[-]}", "invalid JSON at byte 11"));
	assert_true(fails_with("{\"Items\":[+1]}", "invalid JSON at byte 10"));
	assert_true(fails_with("{\"Items\":[1e]}", "invalid JSON at byte 12"));
	assert_true(fails_with("{\"Items\":[\"a\tb\"]}", "invalid JSON at byte 12"));
	assert_true(fails_with("{\"Items\":[\"\\x\"]}", "invalid JSON at byte 11"));
	assert_true(fails_with("{\"Items\":[\"\\ud800\"]}", "invalid JSON at byte 11"));
	assert_true(fails_with("{\"Items\":[\"\\udc00\"]}", "invalid JSON at byte 11"));
	assert_true(fails_with("{\"Items\":[\"\\u12g4\"]}", "invalid JSON at byte 11"));
	assert_true(fails_with("{\"Items\":[tru]}", "invalid JSON at byte 13"));
	assert_true(fails_with("{\"Items\":[]} x", "invalid JSON at byte 13"));
	assert_true(fails_with("{\"Items\":[],}", "invalid JSON at byte 12"));
	assert_true(fails_with("{\"Items\":[{\"a\":1,}]}", "invalid JSON at byte 17"));
	assert_true(fails_with("{\"Items\":[{\"a\" 1}]}", "invalid JSON at byte 15"));
	assert_true(fails_with("{\"Items\":[{1:1}]}", "invalid JSON at byte 11"));
	assert_true(fails_with("", "invalid JSON at byte 0"));
	assert_true(fails_with("   ", "invalid JSON at byte 2"));
	assert_true(fails_with("{\"Items\":[\"abc", "invalid JSON at byte 13"));
	assert_true(fails_with("[1,2]", "page is not a JSON object"));
	assert_true(fails_with("\"Items\"", "page is not a JSON object"));
	assert_true(fails_with("{\"Items\":{}}", "page has no 'Items' array"));
	assert_true(fails_with("{\"Items\":[],\"NextPageLink\":5}",
			       "'NextPageLink' is neither a string nor null"));
}

/* Nesting is bounded, so a hostile page cannot exhaust the stack. */
static void test_nesting_limit(void **state)
{
	struct strbuf doc = STRBUF_INIT;
	(void)state;

	strbuf_addstr(&doc, "{\"Items\":[],\"x\":");
	for (int i = 0; i < 100000; i++)
		strbuf_addstr(&doc, "[");
	assert_true(fails_with(strbuf_str(&doc), "invalid JSON at byte 1015"));
	strbuf_release(&doc);

	strbuf_addstr(&doc, "{\"Items\":[],\"x\":");
	for (int i = 0; i < 900; i++)
		strbuf_addstr(&doc, "[");
	for (int i = 0; i < 900; i++)
		strbuf_addstr(&doc, "]");
	strbuf_addstr(&doc, "}");
	struct strbuf a = STRBUF_INIT;
	char err[256];
	assert_int_equal(read_new(strbuf_str(&doc), doc.len, &a, err, sizeof(err)), 0);
	strbuf_release(&a);
	strbuf_release(&doc);
}

/* A callback's error stops the walk and is the page's error; a page whose
 * end is invalid never reaches the callback. */
static int count_calls(const struct prices_api_item *it, void *arg, char *err, size_t errlen)
{
	(void)it;
	if (++*(int *)arg == 2) {
		snprintf(err, errlen, "stop here");
		return -1;
	}
	return 0;
}

static void test_callback(void **state)
{
	const char *ok = "{\"Items\":[{},{},{}]}";
	const char *bad_end = "{\"Items\":[{},{},{}],\"x\":}";
	struct prices_api_page pg;
	char err[256];
	int calls = 0;
	(void)state;

	assert_int_equal(prices_api_parse_page(ok, strlen(ok), &pg, count_calls, &calls, err,
					       sizeof(err)), -1);
	assert_string_equal(err, "stop here");
	assert_int_equal(calls, 2);
	calls = 0;
	assert_int_equal(prices_api_parse_page(bad_end, strlen(bad_end), &pg, count_calls, &calls,
					       err, sizeof(err)), -1);
	assert_string_equal(err, "invalid JSON at byte 24");
	assert_int_equal(calls, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rich_page_matches_cjson),
		cmocka_unit_test(test_mutations_never_disagree),
		cmocka_unit_test(test_strict_rejections),
		cmocka_unit_test(test_nesting_limit),
		cmocka_unit_test(test_callback),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
