/*
 * prices_api.c - parse Retail Prices API pages and classify their items.
 *
 * The rules (docs/refresh.md has the table of row kinds they come from):
 *   - only serviceName "Virtual Machines", unitOfMeasure "1 Hour",
 *     tierMinimumUnits 0, retailPrice > 0, in effect now;
 *   - DevTestConsumption, Low Priority and Cloud Services rows are never
 *     prices of a VM a user can buy for production;
 *   - Consumption rows are payg, or spot when skuName ends " Spot" or
 *     meterName says Spot; a Linux payg row also carries savingsPlan[] hourly
 *     rates for 1 and 3 years;
 *   - Reservation rows carry the whole-term price: divided by 8760 or 26280;
 *   - productName containing "Windows" (or ending " Win", as some H100
 *     series do) marks Windows; Windows payg and spot are kept as os
 *     "windows", Windows reservations and savings plans are not taken.
 * Every string is trimmed before it is compared or stored (the API has
 * shipped padded values).
 */
#include <ctype.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "prices_api.h"
#include "util.h"

static const char *const skip_names[PRICES_API_SKIP_COUNT] = {
	[PRICES_API_TAKEN] = "taken",
	[PRICES_API_SKIP_MALFORMED] = "malformed",
	[PRICES_API_SKIP_NOT_VM] = "not-vm",
	[PRICES_API_SKIP_DEVTEST] = "devtest",
	[PRICES_API_SKIP_LOW_PRIORITY] = "low-priority",
	[PRICES_API_SKIP_CLOUD_SERVICES] = "cloud-services",
	[PRICES_API_SKIP_WINDOWS] = "windows-commitment",
	[PRICES_API_SKIP_UNIT] = "unit",
	[PRICES_API_SKIP_TIER] = "tier",
	[PRICES_API_SKIP_ZERO_PRICE] = "zero-price",
	[PRICES_API_SKIP_EXPIRED] = "expired",
	[PRICES_API_SKIP_NOT_YET] = "not-yet-effective",
	[PRICES_API_SKIP_TERM] = "term",
	[PRICES_API_SKIP_TYPE] = "type",
};

const char *prices_api_skip_name(enum prices_api_skip why)
{
	if ((int)why < 0 || why >= PRICES_API_SKIP_COUNT)
		return "unknown";
	return skip_names[why];
}

/* A trimmed view of a string: no copy. */
struct view {
	const char *p;
	size_t n;
};

static struct view trim(const char *s)
{
	struct view v = { "", 0 };

	if (!s)
		return v;
	while (*s && isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	v.p = s;
	v.n = n;
	return v;
}

static int view_eq(struct view v, const char *lit)
{
	size_t n = strlen(lit);
	return v.n == n && memcmp(v.p, lit, n) == 0;
}

static int view_ends(struct view v, const char *lit)
{
	size_t n = strlen(lit);
	return v.n >= n && memcmp(v.p + v.n - n, lit, n) == 0;
}

static int view_has(struct view v, const char *lit)
{
	size_t n = strlen(lit);
	if (n > v.n)
		return 0;
	for (size_t i = 0; i + n <= v.n; i++)
		if (v.p[i] == lit[0] && memcmp(v.p + i, lit, n) == 0)
			return 1;
	return 0;
}

/* Copies a view into a fixed buffer; -1 when it does not fit or is empty. */
static int view_copy(struct view v, char *out, size_t outlen)
{
	if (v.n == 0 || v.n >= outlen)
		return -1;
	memcpy(out, v.p, v.n);
	out[v.n] = '\0';
	return 0;
}

/* n digits at s as a number, or -1. */
static int digits(const char *s, int n)
{
	int v = 0;

	for (int i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/*
 * The form every item of the API uses, "2024-06-01T00:00:00Z", read without
 * sscanf (this runs for every item); the same value and the same range
 * checks as util_parse_iso8601.  -2 when v has another form.
 */
static long long fast_time(struct view v)
{
	const char *s = v.p;

	if (v.n != 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' ||
	    s[16] != ':' || s[19] != 'Z')
		return -2;
	int y = digits(s, 4), mo = digits(s + 5, 2), d = digits(s + 8, 2);
	int h = digits(s + 11, 2), mi = digits(s + 14, 2), sec = digits(s + 17, 2);
	if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || sec < 0)
		return -2;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60)
		return -1;
	/* Days from civil (Howard Hinnant's algorithm); y >= 0 here. */
	int yy = y - (mo <= 2);
	long long era = yy / 400;
	long long yoe = yy - era * 400;
	long long doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return (era * 146097 + doe - 719468) * 86400 + h * 3600 + mi * 60 + sec;
}

/* Parses a trimmed date view; -1 when absent or malformed. */
static long long view_time(struct view v)
{
	char buf[40];
	long long t = fast_time(v);

	if (t != -2)
		return t;
	if (view_copy(v, buf, sizeof(buf)) != 0)
		return -1;
	return util_parse_iso8601(buf);
}

static int is_windows(struct view product)
{
	return view_has(product, "Windows") || view_ends(product, " Win") ||
	       view_has(product, " Win ");
}

static int is_spot(struct view sku_name, struct view meter)
{
	return view_ends(sku_name, " Spot") || view_has(meter, "Spot");
}

static int is_low_priority(struct view sku_name, struct view meter)
{
	return view_ends(sku_name, " Low Priority") || view_has(meter, "Low Priority");
}

/* 1 for "1 Year", 3 for "3 Years", 0 otherwise. */
static int term_years(const char *s)
{
	struct view v = trim(s);

	if (view_eq(v, "1 Year"))
		return 1;
	if (view_eq(v, "3 Years"))
		return 3;
	return 0;
}

enum prices_api_skip prices_api_classify(const struct prices_api_item *it, long long now,
					 struct price out[PRICES_API_MAX_PRICES], size_t *n)
{
	struct view sku = trim(it->arm_sku), region = trim(it->region);
	struct view currency = trim(it->currency), type = trim(it->type);
	struct view product = trim(it->product), sku_name = trim(it->sku_name);
	struct view meter = trim(it->meter_name);
	struct price base;
	int windows;

	*n = 0;
	if (!view_eq(trim(it->service), "Virtual Machines"))
		return PRICES_API_SKIP_NOT_VM;
	if (sku.n == 0 || region.n == 0 || type.n == 0 || !it->has_price)
		return PRICES_API_SKIP_MALFORMED;
	if (view_eq(type, "DevTestConsumption"))
		return PRICES_API_SKIP_DEVTEST;
	if (is_low_priority(sku_name, meter))
		return PRICES_API_SKIP_LOW_PRIORITY;
	if (view_has(product, "Cloud Services") || view_has(product, "CloudServices"))
		return PRICES_API_SKIP_CLOUD_SERVICES;
	if (!view_eq(trim(it->unit), "1 Hour"))
		return PRICES_API_SKIP_UNIT;
	if (it->tier_min != 0)
		return PRICES_API_SKIP_TIER;
	if (!(it->retail_price > 0))
		return PRICES_API_SKIP_ZERO_PRICE;
	if (it->end) {
		long long end = view_time(trim(it->end));
		if (end >= 0 && end <= now)
			return PRICES_API_SKIP_EXPIRED;
	}

	memset(&base, 0, sizeof(base));
	if (view_copy(sku, base.sku, sizeof(base.sku)) != 0 ||
	    view_copy(region, base.region, sizeof(base.region)) != 0 ||
	    currency.n != 3 || view_copy(currency, base.currency, sizeof(base.currency)) != 0)
		return PRICES_API_SKIP_MALFORMED;
	for (char *p = base.region; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	struct view start = trim(it->start);
	if (start.n > 0) {
		long long t = view_time(start);
		if (t > now)
			return PRICES_API_SKIP_NOT_YET;
		if (start.n < sizeof(base.effective_date))
			view_copy(start, base.effective_date, sizeof(base.effective_date));
	}
	windows = is_windows(product);
	strcpy(base.os, windows ? "windows" : "linux");

	if (view_eq(type, "Reservation")) {
		if (windows)
			return PRICES_API_SKIP_WINDOWS;
		switch (term_years(it->term)) {
		case 1:
			base.pricing = PRICING_RESERVED_1Y;
			base.hourly = it->retail_price / PRICES_API_HOURS_1Y;
			break;
		case 3:
			base.pricing = PRICING_RESERVED_3Y;
			base.hourly = it->retail_price / PRICES_API_HOURS_3Y;
			break;
		default:
			return PRICES_API_SKIP_TERM;
		}
		out[(*n)++] = base;
		return PRICES_API_TAKEN;
	}
	if (!view_eq(type, "Consumption"))
		return PRICES_API_SKIP_TYPE;

	int spot = is_spot(sku_name, meter);
	base.pricing = spot ? PRICING_SPOT : PRICING_PAYG;
	base.hourly = it->retail_price;
	out[(*n)++] = base;
	if (spot || windows)
		return PRICES_API_TAKEN;

	int seen1 = 0, seen3 = 0;
	for (size_t i = 0; i < it->n_savings && *n < PRICES_API_MAX_PRICES; i++) {
		int years = term_years(it->savings[i].term);
		double h = it->savings[i].retail_price;
		if (!(h > 0) || (years == 1 && seen1) || (years == 3 && seen3) || years == 0)
			continue;
		out[*n] = base;
		out[*n].pricing = years == 1 ? PRICING_SAVINGS_1Y : PRICING_SAVINGS_3Y;
		out[*n].hourly = h;
		(*n)++;
		if (years == 1)
			seen1 = 1;
		else
			seen3 = 1;
	}
	return PRICES_API_TAKEN;
}

int prices_api_is_gpu_sku(const char *sku)
{
	struct view v = trim(sku);

	if (v.n <= 10 || strncasecmp(v.p, "Standard_N", 10) != 0)
		return 0;
	return v.p[10] != 'P' && v.p[10] != 'p';
}

void prices_api_series(const char *product, char *out, size_t outlen)
{
	struct view v = trim(product);
	static const char prefix[] = "Virtual Machines ";

	if (v.n >= sizeof(prefix) - 1 && memcmp(v.p, prefix, sizeof(prefix) - 1) == 0) {
		v.p += sizeof(prefix) - 1;
		v.n -= sizeof(prefix) - 1;
	}
	if (view_ends(v, " Series"))
		v.n -= 7;
	else if (view_ends(v, " Srs"))
		v.n -= 4;
	if (v.n >= outlen)
		v.n = outlen - 1;
	memcpy(out, v.p, v.n);
	out[v.n] = '\0';
}

/*
 * The page reader.  A page is ~0.6 MB of JSON holding 1,000 items of ~25
 * members each, and only a dozen members of each item are used.  Building a
 * cJSON tree of it cost ~5 us per item, most of it in malloc and free of
 * ~25,000 nodes and strings per page, and dominated a refresh (see
 * docs/refresh.md, "Throughput").  So pages are read by the small strict
 * RFC 8259 reader below, in two passes over the buffer: the first validates
 * the whole document and finds the top-level members, so a callback is never
 * called for a page that turns out to be invalid; the second walks "Items"
 * and decodes only the members an item needs, into one scratch buffer that
 * is reused from item to item.  Nothing is allocated per item.
 *
 * Errors give the byte offset where the document stops being JSON (the last
 * byte when it ends too early).  Nesting deeper than JSON_MAX_DEPTH is an
 * error.  A leading UTF-8 byte order mark is skipped (saved pages may have
 * one).  Of duplicate members, the first counts at the top level and the last
 * in an item.
 */
#define JSON_MAX_DEPTH 1000

struct jp {
	const char *buf, *p, *end;
	const char *bad;              /* first error position, NULL while valid */
	int depth;
	char decimal_point;           /* the locale's, for strtod */
};

static int jp_fail(struct jp *j, const char *at)
{
	if (!j->bad)
		j->bad = at;
	return -1;
}

static void jp_ws(struct jp *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t'))
		j->p++;
}

static int hex4(const char *s, unsigned *out)
{
	unsigned v = 0;

	for (int i = 0; i < 4; i++) {
		char c = s[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/* Appends code point cp as UTF-8. */
static void put_utf8(struct strbuf *out, unsigned cp)
{
	char b[4];
	size_t n;

	if (cp < 0x80) {
		b[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		b[0] = (char)(0xc0 | cp >> 6);
		b[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		b[0] = (char)(0xe0 | cp >> 12);
		b[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		b[0] = (char)(0xf0 | cp >> 18);
		b[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		b[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	strbuf_add(out, b, n);
}

/* Bytes that end a run of plain string bytes: '"', '\\' and the control
 * characters, which JSON does not allow raw in a string. */
static const unsigned char string_stop[256] = {
	[0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1, [0x06] = 1,
	[0x07] = 1, [0x08] = 1, [0x09] = 1, [0x0a] = 1, [0x0b] = 1, [0x0c] = 1, [0x0d] = 1,
	[0x0e] = 1, [0x0f] = 1, [0x10] = 1, [0x11] = 1, [0x12] = 1, [0x13] = 1, [0x14] = 1,
	[0x15] = 1, [0x16] = 1, [0x17] = 1, [0x18] = 1, [0x19] = 1, [0x1a] = 1, [0x1b] = 1,
	[0x1c] = 1, [0x1d] = 1, [0x1e] = 1, [0x1f] = 1, ['"'] = 1, ['\\'] = 1,
};

#define ONES 0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL

/* Whether any of the 8 bytes at s is a string_stop byte (word-at-a-time:
 * a byte equal to '"' or '\\', or below 0x20). */
static int stop_in8(const char *s)
{
	uint64_t x, q, b;

	memcpy(&x, s, 8);
	q = x ^ (ONES * '"');
	b = x ^ (ONES * '\\');
	return (((q - ONES) & ~q) | ((b - ONES) & ~b) | ((x - ONES * 0x20) & ~x)) & HIGHS ? 1 : 0;
}

/* The first string_stop byte at or after s, or end. */
static const char *string_run(const char *s, const char *end)
{
	while (end - s >= 8 && !stop_in8(s))
		s += 8;
	while (s < end && !string_stop[(unsigned char)*s])
		s++;
	return s;
}

/*
 * A string at j->p (which is '"').  Appends its decoded bytes to out when out
 * is not NULL (no terminating NUL).  Raw control characters, unknown escapes
 * and unpaired surrogates are errors.
 */
static int jp_string(struct jp *j, struct strbuf *out)
{
	const char *s = j->p + 1, *run = s;

	for (;;) {
		s = string_run(s, j->end);
		if (s >= j->end)
			return jp_fail(j, j->end - 1);
		if ((unsigned char)*s < 0x20)
			return jp_fail(j, s);
		if (out && s > run)
			strbuf_add(out, run, (size_t)(s - run));
		if (*s == '"')
			break;
		if (s + 1 >= j->end)
			return jp_fail(j, j->end - 1);
		char e = s[1], c;
		switch (e) {
		case '"': c = '"'; break;
		case '\\': c = '\\'; break;
		case '/': c = '/'; break;
		case 'b': c = '\b'; break;
		case 'f': c = '\f'; break;
		case 'n': c = '\n'; break;
		case 'r': c = '\r'; break;
		case 't': c = '\t'; break;
		case 'u': {
			unsigned cp, lo;
			if (j->end - s < 6 || hex4(s + 2, &cp) != 0)
				return jp_fail(j, s);
			if (cp >= 0xdc00 && cp <= 0xdfff)
				return jp_fail(j, s);
			if (cp >= 0xd800 && cp <= 0xdbff) {
				if (j->end - s < 12 || s[6] != '\\' || s[7] != 'u' ||
				    hex4(s + 8, &lo) != 0 || lo < 0xdc00 || lo > 0xdfff)
					return jp_fail(j, s);
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				s += 6;
			}
			if (out)
				put_utf8(out, cp);
			s += 6;
			run = s;
			continue;
		}
		default:
			return jp_fail(j, s);
		}
		if (out)
			strbuf_add(out, &c, 1);
		s += 2;
		run = s;
	}
	j->p = s + 1;
	return 0;
}

/* A number at j->p, by the JSON grammar; its value in *out when out is not
 * NULL (strtod, with the locale's decimal point swapped in). */
static int jp_number(struct jp *j, double *out)
{
	const char *s = j->p, *e = j->end, *start = s;

	if (s < e && *s == '-')
		s++;
	if (s >= e || *s < '0' || *s > '9')
		return jp_fail(j, s < e ? s : e - 1);
	if (*s == '0')
		s++;
	else
		while (s < e && *s >= '0' && *s <= '9')
			s++;
	if (s < e && *s == '.') {
		s++;
		if (s >= e || *s < '0' || *s > '9')
			return jp_fail(j, s < e ? s : e - 1);
		while (s < e && *s >= '0' && *s <= '9')
			s++;
	}
	if (s < e && (*s == 'e' || *s == 'E')) {
		s++;
		if (s < e && (*s == '+' || *s == '-'))
			s++;
		if (s >= e || *s < '0' || *s > '9')
			return jp_fail(j, s < e ? s : e - 1);
		while (s < e && *s >= '0' && *s <= '9')
			s++;
	}
	j->p = s;
	if (out) {
		size_t n = (size_t)(s - start);
		char small[64], *num = n < sizeof(small) ? small : xmalloc(n + 1);
		memcpy(num, start, n);
		num[n] = '\0';
		if (j->decimal_point != '.')
			for (char *q = num; *q; q++)
				if (*q == '.')
					*q = j->decimal_point;
		*out = strtod(num, NULL);
		if (num != small)
			free(num);
	}
	return 0;
}

static int jp_literal(struct jp *j, const char *lit)
{
	size_t n = strlen(lit);

	for (size_t i = 0; i < n; i++)
		if (j->p + i >= j->end || j->p[i] != lit[i])
			return jp_fail(j, j->p + i < j->end ? j->p + i : j->end - 1);
	j->p += n;
	return 0;
}

static int jp_value(struct jp *j);

/* An object or array at j->p, validated and skipped. */
static int jp_container(struct jp *j)
{
	char close = *j->p == '{' ? '}' : ']';
	int object = close == '}';

	if (++j->depth > JSON_MAX_DEPTH)
		return jp_fail(j, j->p);
	j->p++;
	jp_ws(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		j->depth--;
		return 0;
	}
	for (;;) {
		if (object) {
			if (j->p >= j->end || *j->p != '"')
				return jp_fail(j, j->p < j->end ? j->p : j->end - 1);
			if (jp_string(j, NULL) != 0)
				return -1;
			jp_ws(j);
			if (j->p >= j->end || *j->p != ':')
				return jp_fail(j, j->p < j->end ? j->p : j->end - 1);
			j->p++;
		}
		if (jp_value(j) != 0)
			return -1;
		jp_ws(j);
		if (j->p >= j->end)
			return jp_fail(j, j->end - 1);
		if (*j->p == close)
			break;
		if (*j->p != ',')
			return jp_fail(j, j->p);
		j->p++;
		jp_ws(j);
	}
	j->p++;
	j->depth--;
	return 0;
}

/* Any value (leading whitespace allowed), validated and skipped. */
static int jp_value(struct jp *j)
{
	jp_ws(j);
	if (j->p >= j->end)
		return jp_fail(j, j->end - 1);
	switch (*j->p) {
	case '{':
	case '[':
		return jp_container(j);
	case '"':
		return jp_string(j, NULL);
	case 't':
		return jp_literal(j, "true");
	case 'f':
		return jp_literal(j, "false");
	case 'n':
		return jp_literal(j, "null");
	default:
		return jp_number(j, NULL);
	}
}

/*
 * A member name at j->p (of a validated document), then the ':' and the
 * whitespace after it.  *name and *n give the name: its raw bytes when it
 * has no escape (the usual case), else its decoding, left in scratch just
 * past scratch->len (valid until scratch is next appended to).
 */
static void jp_key(struct jp *j, struct strbuf *scratch, const char **name, size_t *n)
{
	const char *s = string_run(j->p + 1, j->end);

	if (*s == '"') {
		*name = j->p + 1;
		*n = (size_t)(s - *name);
		j->p = s + 1;
	} else {
		size_t mark = scratch->len;
		jp_string(j, scratch);
		*n = scratch->len - mark;
		strbuf_add(scratch, "", 1);
		*name = scratch->buf + mark;
		scratch->len = mark;
	}
	jp_ws(j);
	j->p++;
	jp_ws(j);
}

static int name_is(const char *name, size_t n, const char *lit, size_t litlen)
{
	return n == litlen && name[0] == lit[0] && memcmp(name, lit, n) == 0;
}

#define NAME_IS(name, n, lit) name_is(name, n, lit, sizeof(lit) - 1)

/* Item members kept as strings, in struct prices_api_item order. */
enum item_field {
	F_ARM_SKU, F_REGION, F_CURRENCY, F_SERVICE, F_PRODUCT, F_SKU_NAME, F_METER,
	F_TYPE, F_UNIT, F_TERM, F_START, F_END, F_COUNT
};

#define FIELD(lit, f) { lit, sizeof(lit) - 1, f }
static const struct {
	const char *name;
	size_t len;
	enum item_field f;
} item_fields[] = {
	FIELD("armSkuName", F_ARM_SKU), FIELD("armRegionName", F_REGION),
	FIELD("currencyCode", F_CURRENCY), FIELD("serviceName", F_SERVICE),
	FIELD("productName", F_PRODUCT), FIELD("skuName", F_SKU_NAME),
	FIELD("meterName", F_METER), FIELD("type", F_TYPE), FIELD("unitOfMeasure", F_UNIT),
	FIELD("reservationTerm", F_TERM), FIELD("effectiveStartDate", F_START),
	FIELD("effectiveEndDate", F_END),
};
#undef FIELD

#define NO_STRING ((size_t)-1)

/* A string value into scratch with a NUL after it; its offset, or NO_STRING
 * (and the value skipped) when the value is not a string. */
static size_t jp_keep_string(struct jp *j, struct strbuf *scratch)
{
	if (*j->p != '"') {
		jp_value(j);
		return NO_STRING;
	}
	size_t off = scratch->len;
	jp_string(j, scratch);
	strbuf_add(scratch, "", 1);
	return off;
}

static int is_number_start(char c)
{
	return c == '-' || (c >= '0' && c <= '9');
}

/* savingsPlan: for each object element, its first retailPrice (a number) and
 * first term (a string); elements lacking either are skipped. */
static void jp_savings(struct jp *j, struct strbuf *scratch, double *price, size_t *term_off,
		       size_t *n)
{
	const char *key;
	size_t klen;

	*n = 0;
	if (*j->p != '[') {
		jp_value(j);
		return;
	}
	j->p++;
	jp_ws(j);
	while (*j->p != ']') {
		if (*j->p != '{' || *n == PRICES_API_MAX_SAVINGS) {
			jp_value(j);
		} else {
			int has_p = 0;
			size_t t = NO_STRING;
			double v = 0;
			j->p++;
			jp_ws(j);
			while (*j->p != '}') {
				jp_key(j, scratch, &key, &klen);
				if (!has_p && NAME_IS(key, klen, "retailPrice") &&
				    is_number_start(*j->p)) {
					jp_number(j, &v);
					has_p = 1;
				} else if (t == NO_STRING && NAME_IS(key, klen, "term")) {
					t = jp_keep_string(j, scratch);
				} else {
					jp_value(j);
				}
				jp_ws(j);
				if (*j->p == ',') {
					j->p++;
					jp_ws(j);
				}
			}
			j->p++;
			if (has_p && t != NO_STRING) {
				price[*n] = v;
				term_off[*n] = t;
				(*n)++;
			}
		}
		jp_ws(j);
		if (*j->p == ',') {
			j->p++;
			jp_ws(j);
		}
	}
	j->p++;
}

/* One item object at j->p (valid JSON: pass 1 checked it) into it; its
 * strings live in scratch, which is cleared first. */
static void jp_item(struct jp *j, struct strbuf *scratch, struct prices_api_item *it)
{
	size_t off[F_COUNT], term_off[PRICES_API_MAX_SAVINGS];
	double sp[PRICES_API_MAX_SAVINGS];
	const char *key;
	size_t klen;

	memset(it, 0, sizeof(*it));
	for (size_t i = 0; i < F_COUNT; i++)
		off[i] = NO_STRING;
	scratch->len = 0;
	j->p++;
	jp_ws(j);
	while (*j->p != '}') {
		jp_key(j, scratch, &key, &klen);
		size_t i;
		for (i = 0; i < sizeof(item_fields) / sizeof(item_fields[0]); i++)
			if (name_is(key, klen, item_fields[i].name, item_fields[i].len))
				break;
		if (i < sizeof(item_fields) / sizeof(item_fields[0])) {
			off[item_fields[i].f] = jp_keep_string(j, scratch);
		} else if (NAME_IS(key, klen, "retailPrice")) {
			it->has_price = is_number_start(*j->p);
			if (it->has_price)
				jp_number(j, &it->retail_price);
			else
				jp_value(j);
		} else if (NAME_IS(key, klen, "tierMinimumUnits")) {
			if (is_number_start(*j->p))
				jp_number(j, &it->tier_min);
			else
				jp_value(j);
		} else if (NAME_IS(key, klen, "savingsPlan")) {
			jp_savings(j, scratch, sp, term_off, &it->n_savings);
		} else {
			jp_value(j);
		}
		jp_ws(j);
		if (*j->p == ',') {
			j->p++;
			jp_ws(j);
		}
	}
	j->p++;

	/* scratch no longer grows: its offsets can become pointers. */
	const char **dst[F_COUNT] = {
		&it->arm_sku, &it->region, &it->currency, &it->service, &it->product,
		&it->sku_name, &it->meter_name, &it->type, &it->unit, &it->term, &it->start,
		&it->end,
	};
	for (size_t i = 0; i < F_COUNT; i++)
		*dst[i] = off[i] == NO_STRING ? NULL : scratch->buf + off[i];
	for (size_t i = 0; i < it->n_savings; i++) {
		it->savings[i].retail_price = sp[i];
		it->savings[i].term = scratch->buf + term_off[i];
	}
}

/* Top-level members the page reader looks at; NULL when absent. */
struct page_members {
	const char *items, *next, *count, *currency;
};

/* Pass 1: the whole document, validated; the first occurrence of each
 * top-level member of interest.  0 for an object, 1 for valid JSON that is
 * not an object, -1 when invalid (j->bad says where). */
static int jp_scan_page(struct jp *j, struct strbuf *scratch, struct page_members *m)
{
	const char *key;
	size_t klen;

	memset(m, 0, sizeof(*m));
	if (j->end - j->p >= 3 && memcmp(j->p, "\xEF\xBB\xBF", 3) == 0)
		j->p += 3;
	jp_ws(j);
	if (j->p >= j->end)
		return jp_fail(j, j->end > j->buf ? j->end - 1 : j->buf);
	if (*j->p != '{') {
		if (jp_value(j) != 0)
			return -1;
		jp_ws(j);
		return j->p < j->end ? jp_fail(j, j->p) : 1;
	}
	j->p++;
	j->depth = 1;
	jp_ws(j);
	while (j->p < j->end && *j->p != '}') {
		if (*j->p != '"')
			return jp_fail(j, j->p);
		const char *name = j->p;
		if (jp_string(j, NULL) != 0)
			return -1;
		jp_ws(j);
		if (j->p >= j->end || *j->p != ':')
			return jp_fail(j, j->p < j->end ? j->p : j->end - 1);
		j->p = name;
		jp_key(j, scratch, &key, &klen);
		const char **slot = NULL;
		if (NAME_IS(key, klen, "Items"))
			slot = &m->items;
		else if (NAME_IS(key, klen, "NextPageLink"))
			slot = &m->next;
		else if (NAME_IS(key, klen, "Count"))
			slot = &m->count;
		else if (NAME_IS(key, klen, "BillingCurrency"))
			slot = &m->currency;
		if (slot && !*slot)
			*slot = j->p;
		if (jp_value(j) != 0)
			return -1;
		jp_ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			jp_ws(j);
			if (j->p < j->end && *j->p == '}')
				return jp_fail(j, j->p);
		} else if (j->p < j->end && *j->p != '}') {
			return jp_fail(j, j->p);
		}
	}
	if (j->p >= j->end)
		return jp_fail(j, j->end - 1);
	j->p++;
	jp_ws(j);
	if (j->p < j->end)
		return jp_fail(j, j->p);
	return 0;
}

int prices_api_parse_page(const char *buf, size_t len, struct prices_api_page *page,
			  prices_api_item_fn fn, void *arg, char *err, size_t errlen)
{
	struct jp j = { buf, buf, buf + len, NULL, 0, '.' };
	struct strbuf scratch = STRBUF_INIT;
	struct page_members m;
	int ret = -1;

	memset(page, 0, sizeof(*page));
	page->count = -1;
	if (localeconv()->decimal_point[0])
		j.decimal_point = localeconv()->decimal_point[0];
	int kind = jp_scan_page(&j, &scratch, &m);
	if (kind < 0) {
		snprintf(err, errlen, "invalid JSON at byte %zu", (size_t)(j.bad - buf));
		goto out;
	}
	if (kind > 0) {
		snprintf(err, errlen, "page is not a JSON object");
		goto out;
	}
	if (!m.items || *m.items != '[') {
		snprintf(err, errlen, "page has no 'Items' array");
		goto out;
	}
	if (m.next && *m.next != 'n' && *m.next != '"') {
		snprintf(err, errlen, "'NextPageLink' is neither a string nor null");
		goto out;
	}
	if (m.count && is_number_start(*m.count)) {
		double c;
		j.p = m.count;
		jp_number(&j, &c);
		page->count = (long)c;
	}
	if (m.currency && *m.currency == '"') {
		j.p = m.currency;
		scratch.len = 0;
		jp_string(&j, &scratch);
		snprintf(page->billing_currency, sizeof(page->billing_currency), "%s",
			 strbuf_str(&scratch));
	}

	/* Pass 2: the items. */
	j.p = m.items + 1;
	jp_ws(&j);
	while (*j.p != ']') {
		if (*j.p == '{') {
			struct prices_api_item it;
			jp_item(&j, &scratch, &it);
			page->n_items++;
			if (fn(&it, arg, err, errlen) != 0)
				goto out;
		} else {
			jp_value(&j);
		}
		jp_ws(&j);
		if (*j.p == ',') {
			j.p++;
			jp_ws(&j);
		}
	}
	if (m.next && *m.next == '"') {
		j.p = m.next;
		scratch.len = 0;
		jp_string(&j, &scratch);
		strbuf_add(&scratch, "", 1);
		struct view v = trim(scratch.buf);
		if (v.n > 0)
			page->next_link = xstrndup(v.p, v.n);
	}
	ret = 0;
out:
	strbuf_release(&scratch);
	return ret;
}
