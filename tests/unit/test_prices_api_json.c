/*
 * test_prices_api_json.c - prices_api_parse_page() on whole pages: cJSON's
 * tree walked into items, with and without the arena.
 *
 * The reference reading is written independently of prices_api.c: cJSON
 * with its default allocator, members looked up by name.  A hand-written
 * page with escapes, surrogate pairs, duplicates, members of no interest and
 * a BOM must give exactly the reference's items; then every single-byte
 * mutation (deletion, replacement by a JSON-significant byte) and every
 * truncation of it must be rejected, with fn never called, or be read
 * exactly as the reference reads it; and the arena and malloc must agree on
 * every one, error text included.  Error positions are cJSON's
 * (cJSON_GetErrorPtr), checked by hand on small pages.  The arena's bounds,
 * its reuse from page to page, and that cJSON's default hooks are back
 * whenever a callback runs and after every page, have tests of their own.
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

struct got {
	struct strbuf s;
	int calls;
};

static int collect(const struct prices_api_item *it, void *arg, char *err, size_t errlen)
{
	struct got *g = arg;
	(void)err;
	(void)errlen;
	g->calls++;
	describe(&g->s, it);
	return 0;
}

/* prices_api_parse_page on a NUL-terminated copy of doc (so that nothing
 * past len is readable but the NUL): its return, the description in out,
 * the number of callbacks in *calls. */
static int read_page(const char *doc, size_t len, struct prices_api_arena *arena,
		     struct strbuf *out, int *calls, char *err, size_t errlen)
{
	struct prices_api_page pg;
	struct got g = { STRBUF_INIT, 0 };
	char *copy = xmalloc(len + 1);
	int rc;

	memcpy(copy, doc, len);
	copy[len] = '\0';
	err[0] = '\0';
	rc = prices_api_parse_page(copy, len, arena, &pg, collect, &g, err, errlen);
	free(copy);
	if (rc == 0) {
		assert_int_equal(pg.n_items, (size_t)g.calls);
		strbuf_addf(&g.s, "next=%s count=%ld currency=%s items=%zu\n",
			    pg.next_link ? pg.next_link : "(null)", pg.count,
			    pg.billing_currency, pg.n_items);
		free(pg.next_link);
	} else {
		assert_null(pg.next_link);
	}
	strbuf_add(out, g.s.buf ? g.s.buf : "", g.s.len);
	strbuf_release(&g.s);
	if (calls)
		*calls = g.calls;
	return rc;
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

static void test_rich_page(void **state)
{
	struct prices_api_arena *arena = prices_api_arena_new();
	struct strbuf a = STRBUF_INIT, m = STRBUF_INIT, b = STRBUF_INIT;
	char err[256];
	(void)state;

	assert_int_equal(read_page(rich_page, sizeof(rich_page) - 1, arena, &a, NULL, err,
				   sizeof(err)), 0);
	assert_int_equal(read_page(rich_page, sizeof(rich_page) - 1, NULL, &m, NULL, err,
				   sizeof(err)), 0);
	assert_int_equal(read_oracle(rich_page, sizeof(rich_page) - 1, &b), 0);
	assert_string_equal(strbuf_str(&a), strbuf_str(&b));
	assert_string_equal(strbuf_str(&m), strbuf_str(&b));
	/* And the decoding itself, by hand. */
	assert_non_null(strstr(strbuf_str(&a), "Standard_NC24ads_A100_v4|eastus|EUR|"));
	assert_non_null(strstr(strbuf_str(&a), "Series \"quoted\" \\ /|caf\xC3\xA9 \xF0\x9F\x98\x80 \t\n|x\xE2\x82\xACy|"));
	assert_non_null(strstr(strbuf_str(&a), "1 3.673 0 2 1.6528499999999999/3 Years 2.5710999999999999/1 Year\n"));
	assert_non_null(strstr(strbuf_str(&a), "\n(null)|(null)|(null)|(null)|(null)|(null)|(null)|"
			       "Consumption|(null)|1 Year|(null)|(null)|1 100 0 0\n"));
	assert_non_null(strstr(strbuf_str(&a),
			       "next=https://prices.azure.com/api/retail/prices?$skip=1000 count=5 currency=EUR items=2\n"));
	strbuf_release(&a);
	strbuf_release(&m);
	strbuf_release(&b);
	prices_api_arena_free(arena);
}

/* Line and column (from 1, in bytes) of byte off. */
static void line_col(const char *doc, size_t off, size_t *line, size_t *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (doc[i] == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
}

/* A rejection's cause: one of the page errors; a syntax error's byte lies in
 * the page and its line and column agree with it. */
static int cause_ok(const char *doc, size_t n, const char *err)
{
	size_t at, line, col, l, c;

	if (strcmp(err, "page is not a JSON object") == 0 ||
	    strcmp(err, "page has no 'Items' array") == 0 ||
	    strcmp(err, "'NextPageLink' is neither a string nor null") == 0)
		return 1;
	if (sscanf(err, "invalid JSON at byte %zu (line %zu, column %zu)", &at, &line, &col) != 3)
		return 0;
	if (n == 0 ? at != 0 : at >= n)
		return 0;
	line_col(doc, at, &l, &c);
	return l == line && c == col;
}

/* Every one-byte mutation and every truncation: rejected without a single
 * callback, or read as the reference reads it; the arena (one, reused by
 * every page) and malloc agree on each. */
/* "Count" is converted to a long only after a range check: 1e22 or a
 * fraction is an error with the number, never an out-of-range cast. */
static void test_count_range(void **state)
{
	static const struct {
		const char *doc, *err;
	} bad[] = {
		{ "{\"Items\":[],\"Count\":1e22}", "'Count' must be a whole number from 0 to 1000000, got 1e+22" },
		{ "{\"Items\":[],\"Count\":-1}", "'Count' must be a whole number from 0 to 1000000, got -1" },
		{ "{\"Items\":[],\"Count\":2.5}", "'Count' must be a whole number from 0 to 1000000, got 2.5" },
		{ "{\"Items\":[],\"Count\":1000001}",
		  "'Count' must be a whole number from 0 to 1000000, got 1e+06" },
	};
	struct prices_api_arena *arena = prices_api_arena_new();
	char err[512];
	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct strbuf out = STRBUF_INIT;
		assert_int_equal(read_page(bad[i].doc, strlen(bad[i].doc), arena, &out, NULL, err,
					   sizeof err), -1);
		assert_string_equal(err, bad[i].err);
		strbuf_release(&out);
	}
	struct strbuf out = STRBUF_INIT;
	const char *ok = "{\"Items\":[],\"Count\":1000000}";
	assert_int_equal(read_page(ok, strlen(ok), arena, &out, NULL, err, sizeof err), 0);
	assert_string_equal(out.buf, "next=(null) count=1000000 currency= items=0\n");
	strbuf_release(&out);
	prices_api_arena_free(arena);
}

static void test_mutations(void **state)
{
	static const char subst[] = "\"\\{}[],: 0-.eEa\x01tu";
	size_t len = sizeof(rich_page) - 1, accepted = 0, rejected = 0, reserved = 0;
	size_t last_brace = strrchr(rich_page, '}') - rich_page;
	struct prices_api_arena *arena = prices_api_arena_new();
	char *doc = xmalloc(len + 1);
	char err[512], merr[512];
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
			struct strbuf a = STRBUF_INIT, m = STRBUF_INIT, b = STRBUF_INIT;
			int calls, rc = read_page(doc, n, arena, &a, &calls, err, sizeof(err));
			int mrc = read_page(doc, n, NULL, &m, NULL, merr, sizeof(merr));
			if (!reserved)
				reserved = prices_api_arena_reserved(arena);
			if (rc != mrc || strcmp(strbuf_str(&a), strbuf_str(&m)) != 0 ||
			    (rc != 0 && strcmp(err, merr) != 0)) {
				print_error("mutation at %zu (%zu): arena %d '%s' / malloc %d '%s'\n",
					    pos, k, rc, err, mrc, merr);
				fail();
			}
			if (rc == 0) {
				accepted++;
				if (k > sizeof(subst) - 1 && pos <= last_brace) {
					print_error("truncation at %zu accepted\n", pos);
					fail();
				}
				if (read_oracle(doc, n, &b) != 0 ||
				    strcmp(strbuf_str(&a), strbuf_str(&b)) != 0) {
					print_error("mutation at %zu (%zu) read as:\n%s\nreference:\n%s\n",
						    pos, k, strbuf_str(&a), strbuf_str(&b));
					fail();
				}
			} else {
				rejected++;
				assert_int_equal(rc, -1);
				assert_int_equal(calls, 0);
				assert_string_equal(strbuf_str(&a), "");
				if (!cause_ok(doc, n, err)) {
					print_error("mutation at %zu (%zu): cause '%s'\n", pos, k, err);
					fail();
				}
			}
			strbuf_release(&a);
			strbuf_release(&m);
			strbuf_release(&b);
		}
	}
	/* Both outcomes happen a lot: the test exercises both paths. */
	assert_true(accepted > 1000);
	assert_true(rejected > 1000);
	/* Thousands of pages, the arena never grew. */
	assert_true(reserved > 0);
	assert_int_equal(prices_api_arena_reserved(arena), reserved);
	free(doc);
	prices_api_arena_free(arena);
}

/* doc is rejected with exactly want, with the arena and without. */
static int fails_with(const char *doc, const char *want)
{
	struct prices_api_arena *arena = prices_api_arena_new();
	int ok = 1;

	for (int i = 0; i < 2; i++) {
		struct strbuf a = STRBUF_INIT;
		char err[256];
		int rc = read_page(doc, strlen(doc), i ? NULL : arena, &a, NULL, err, sizeof(err));
		strbuf_release(&a);
		if (rc == 0) {
			print_error("accepted: %s\n", doc);
			ok = 0;
		} else if (strcmp(err, want) != 0) {
			print_error("'%.60s': got '%s', want '%s'\n", doc, err, want);
			ok = 0;
		}
	}
	prices_api_arena_free(arena);
	return ok;
}

/* Where cJSON says a page stops being JSON, counted by hand: the byte it
 * could not take; the byte after it when a member name was expected there
 * ({1:1}); never past the last byte, which is where a page that ends too
 * early (or in a trailing comma, {"Items":[],}) is reported. */
static void test_syntax_errors(void **state)
{
	(void)state;
	assert_true(fails_with("", "invalid JSON at byte 0 (line 1, column 1)"));
	assert_true(fails_with("   ", "invalid JSON at byte 2 (line 1, column 3)"));
	assert_true(fails_with("{\"Items\":[+1]}", "invalid JSON at byte 10 (line 1, column 11)"));
	assert_true(fails_with("{\"Items\":[-]}", "invalid JSON at byte 10 (line 1, column 11)"));
	assert_true(fails_with("{\"Items\":[1e]}", "invalid JSON at byte 11 (line 1, column 12)"));
	assert_true(fails_with("{\"Items\":[tru]}", "invalid JSON at byte 10 (line 1, column 11)"));
	assert_true(fails_with("{\"Items\":[\"\\x\"]}", "invalid JSON at byte 11 (line 1, column 12)"));
	assert_true(fails_with("{\"Items\":[\"\\ud800\"]}", "invalid JSON at byte 11 (line 1, column 12)"));
	assert_true(fails_with("{\"Items\":[\"\\udc00\"]}", "invalid JSON at byte 11 (line 1, column 12)"));
	assert_true(fails_with("{\"Items\":[1,]}", "invalid JSON at byte 12 (line 1, column 13)"));
	assert_true(fails_with("{\"Items\":[],}", "invalid JSON at byte 12 (line 1, column 13)"));
	assert_true(fails_with("{\"Items\":[{\"a\" 1}]}", "invalid JSON at byte 15 (line 1, column 16)"));
	assert_true(fails_with("{\"Items\":[{1:1}]}", "invalid JSON at byte 12 (line 1, column 13)"));
	assert_true(fails_with("{\"Items\":[\"abc", "invalid JSON at byte 11 (line 1, column 12)"));
	assert_true(fails_with("{\"Items\":[]", "invalid JSON at byte 10 (line 1, column 11)"));
	assert_true(fails_with("{\"Items\":[]} x", "invalid JSON at byte 13 (line 1, column 14)"));
	assert_true(fails_with("{\"Items\":[]}\n\n  ]", "invalid JSON at byte 16 (line 3, column 3)"));
	assert_true(fails_with("{\n \"Items\": [\n  {\"a\": oops}\n ]\n}",
			       "invalid JSON at byte 22 (line 3, column 9)"));
	assert_true(fails_with("[1,2]", "page is not a JSON object"));
	assert_true(fails_with("\"Items\"", "page is not a JSON object"));
	assert_true(fails_with("{\"Items\":{}}", "page has no 'Items' array"));
	assert_true(fails_with("{\"Items\":[],\"NextPageLink\":5}",
			       "'NextPageLink' is neither a string nor null"));
}

/* Nesting is bounded (cJSON's limit of 1000), so a hostile page cannot
 * exhaust the stack. */
static void test_nesting_limit(void **state)
{
	struct strbuf doc = STRBUF_INIT, a = STRBUF_INIT;
	char err[256];
	(void)state;

	strbuf_addstr(&doc, "{\"Items\":[],\"x\":");
	for (int i = 0; i < 100000; i++)
		strbuf_addstr(&doc, "[");
	/* The object is level 1, the 999th '[' (byte 16 + 998) level 1000. */
	assert_true(fails_with(strbuf_str(&doc), "JSON nested deeper than 1000 levels at byte 1015 "
					      "(line 1, column 1016)"));
	strbuf_release(&doc);

	strbuf_addstr(&doc, "{\"Items\":[],\"x\":");
	for (int i = 0; i < 900; i++)
		strbuf_addstr(&doc, "[");
	for (int i = 0; i < 900; i++)
		strbuf_addstr(&doc, "]");
	strbuf_addstr(&doc, "}");
	assert_int_equal(read_page(strbuf_str(&doc), doc.len, NULL, &a, NULL, err, sizeof(err)), 0);
	strbuf_release(&a);
	strbuf_release(&doc);
}

/* A callback's error stops the walk and is the page's error (-2); a page
 * whose end is invalid never reaches the callback. */
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
	struct prices_api_arena *arena = prices_api_arena_new();
	struct prices_api_page pg;
	char err[256];
	int calls = 0;
	(void)state;

	assert_int_equal(prices_api_parse_page(ok, strlen(ok), arena, &pg, count_calls, &calls,
					       err, sizeof(err)), -2);
	assert_string_equal(err, "stop here");
	assert_int_equal(calls, 2);
	calls = 0;
	assert_int_equal(prices_api_parse_page(bad_end, strlen(bad_end), arena, &pg, count_calls,
					       &calls, err, sizeof(err)), -1);
	assert_string_equal(err, "invalid JSON at byte 24 (line 1, column 25)");
	assert_int_equal(calls, 0);
	prices_api_arena_free(arena);
}

/* A page of n elements of elem in "x", besides an empty "Items". */
static void page_of(struct strbuf *doc, const char *elem, size_t n)
{
	doc->len = 0;
	strbuf_addstr(doc, "{\"Items\":[{\"armSkuName\":\"Standard_NC4as_T4_v3\"}],\"x\":[");
	for (size_t i = 0; i < n; i++)
		strbuf_addf(doc, "%s%s", i ? "," : "", elem);
	strbuf_addstr(doc, "]}");
}

/*
 * The arena's bounds.  A page whose tree outgrows the first block (eight
 * strings of 8 bytes take ~80 bytes of tree for each 11 of JSON) is read
 * exactly as with malloc, and the next pages reuse the grown arena without
 * growing it again.  A page whose tree would pass 16 times its length (a
 * one-digit number is 2 bytes of JSON and a 64-byte node) is refused, and
 * the arena keeps working after it.
 */
static void test_arena_bounds(void **state)
{
	struct prices_api_arena *arena = prices_api_arena_new();
	struct strbuf doc = STRBUF_INIT, a = STRBUF_INIT, m = STRBUF_INIT;
	char err[256];
	(void)state;

	assert_int_equal(prices_api_arena_reserved(arena), 0);
	page_of(&doc, "\"abcdefgh\"", 20000);
	assert_int_equal(read_page(doc.buf, doc.len, arena, &a, NULL, err, sizeof(err)), 0);
	assert_int_equal(read_page(doc.buf, doc.len, NULL, &m, NULL, err, sizeof(err)), 0);
	assert_string_equal(strbuf_str(&a), strbuf_str(&m));
	size_t grown = prices_api_arena_reserved(arena);
	/* More than the first block (4 times the page), no more than the limit
	 * and what the ends of full blocks left unused (under 64-byte nodes and
	 * 9-byte strings, a few blocks). */
	assert_true(grown > 4 * doc.len);
	assert_true(grown <= 16 * doc.len + (64 << 10) + 4096);
	for (int i = 0; i < 3; i++) {
		a.len = 0;
		assert_int_equal(read_page(doc.buf, doc.len, arena, &a, NULL, err, sizeof(err)), 0);
		assert_string_equal(strbuf_str(&a), strbuf_str(&m));
		assert_int_equal(prices_api_arena_reserved(arena), grown);
	}

	page_of(&doc, "0", 100000);
	/* 54 bytes of "Items" and "x", 100,000 digits, 99,999 commas, "]}". */
	assert_int_equal(doc.len, 200055);
	a.len = 0;
	assert_int_equal(read_page(doc.buf, doc.len, arena, &a, NULL, err, sizeof(err)), -1);
	assert_string_equal(err, "page of 200055 bytes needs more than 16 times its size in "
			    "memory to parse");
	assert_string_equal(strbuf_str(&a), "");
	/* Never more than the limit of the page plus what it held before. */
	assert_true(prices_api_arena_reserved(arena) <= grown + 16 * doc.len + (64 << 10) + 4096);
	/* malloc has no such limit. */
	assert_int_equal(read_page(doc.buf, doc.len, NULL, &a, NULL, err, sizeof(err)), 0);

	page_of(&doc, "\"abcdefgh\"", 20000);
	a.len = 0;
	assert_int_equal(read_page(doc.buf, doc.len, arena, &a, NULL, err, sizeof(err)), 0);
	assert_string_equal(strbuf_str(&a), strbuf_str(&m));
	strbuf_release(&a);
	strbuf_release(&m);
	strbuf_release(&doc);
	prices_api_arena_free(arena);
}

/* A cJSON object made in a callback, and after each page, comes from malloc:
 * it survives the arena's reset and later pages, and free() takes it. */
struct keep {
	cJSON *made[8];
	int n;
};

static int make_json(const struct prices_api_item *it, void *arg, char *err, size_t errlen)
{
	struct keep *k = arg;
	(void)err;
	(void)errlen;
	if (k->n < 8)
		k->made[k->n++] = cJSON_CreateString(it->arm_sku ? it->arm_sku : "?");
	return 0;
}

static void test_default_hooks_restored(void **state)
{
	const char *page = "{\"Items\":[{\"armSkuName\":\"Standard_NC4as_T4_v3\"},"
			   "{\"armSkuName\":\"Standard_NC8as_T4_v3\"}]}";
	const char *bad = "{\"Items\":[{\"armSkuName\":\"Standard_NC4as_T4_v3\"},]}";
	struct prices_api_arena *arena = prices_api_arena_new();
	struct prices_api_page pg;
	struct keep k = { { NULL }, 0 };
	struct strbuf big = STRBUF_INIT;
	char err[256];
	(void)state;

	assert_int_equal(prices_api_parse_page(page, strlen(page), arena, &pg, make_json, &k, err,
					       sizeof(err)), 0);
	assert_int_equal(k.n, 2);
	k.made[k.n++] = cJSON_CreateString("after a page");
	assert_int_equal(prices_api_parse_page(bad, strlen(bad), arena, &pg, make_json, &k, err,
					       sizeof(err)), -1);
	k.made[k.n++] = cJSON_CreateString("after a rejected page");
	page_of(&big, "0", 100000);
	assert_int_equal(prices_api_parse_page(big.buf, big.len, arena, &pg, make_json, &k, err,
					       sizeof(err)), -1);
	k.made[k.n++] = cJSON_CreateString("after a refused page");
	/* Pages that overwrite every byte the arena handed out before. */
	page_of(&big, "\"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\"", 2000);
	for (int i = 0; i < 3; i++)
		assert_int_equal(prices_api_parse_page(big.buf, big.len, arena, &pg, make_json,
						       &k, err, sizeof(err)), 0);
	assert_int_equal(k.n, 8);
	const char *want[] = { "Standard_NC4as_T4_v3", "Standard_NC8as_T4_v3", "after a page",
			       "after a rejected page", "after a refused page",
			       "Standard_NC4as_T4_v3", "Standard_NC4as_T4_v3",
			       "Standard_NC4as_T4_v3" };
	for (int i = 0; i < k.n; i++) {
		assert_non_null(k.made[i]);
		assert_string_equal(k.made[i]->valuestring, want[i]);
		cJSON_Delete(k.made[i]);
	}
	strbuf_release(&big);
	prices_api_arena_free(arena);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rich_page),
		cmocka_unit_test(test_count_range),
		cmocka_unit_test(test_mutations),
		cmocka_unit_test(test_syntax_errors),
		cmocka_unit_test(test_nesting_limit),
		cmocka_unit_test(test_callback),
		cmocka_unit_test(test_arena_bounds),
		cmocka_unit_test(test_default_hooks_restored),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
