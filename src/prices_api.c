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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

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

/* Parses a trimmed date view; -1 when absent or malformed. */
static long long view_time(struct view v)
{
	char buf[40];

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

static const char *str_or_null(const cJSON *j)
{
	return cJSON_IsString(j) ? j->valuestring : NULL;
}

/* Fills an item from one JSON object in a single pass over its members. */
static void item_from_json(const cJSON *obj, struct prices_api_item *it)
{
	memset(it, 0, sizeof(*it));
	for (const cJSON *f = obj->child; f; f = f->next) {
		const char *k = f->string;
		if (!k)
			continue;
		switch (k[0]) {
		case 'a':
			if (strcmp(k, "armSkuName") == 0)
				it->arm_sku = str_or_null(f);
			else if (strcmp(k, "armRegionName") == 0)
				it->region = str_or_null(f);
			break;
		case 'c':
			if (strcmp(k, "currencyCode") == 0)
				it->currency = str_or_null(f);
			break;
		case 'e':
			if (strcmp(k, "effectiveStartDate") == 0)
				it->start = str_or_null(f);
			else if (strcmp(k, "effectiveEndDate") == 0)
				it->end = str_or_null(f);
			break;
		case 'm':
			if (strcmp(k, "meterName") == 0)
				it->meter_name = str_or_null(f);
			break;
		case 'p':
			if (strcmp(k, "productName") == 0)
				it->product = str_or_null(f);
			break;
		case 'r':
			if (strcmp(k, "retailPrice") == 0 && cJSON_IsNumber(f)) {
				it->retail_price = f->valuedouble;
				it->has_price = 1;
			} else if (strcmp(k, "reservationTerm") == 0) {
				it->term = str_or_null(f);
			}
			break;
		case 's':
			if (strcmp(k, "serviceName") == 0) {
				it->service = str_or_null(f);
			} else if (strcmp(k, "skuName") == 0) {
				it->sku_name = str_or_null(f);
			} else if (strcmp(k, "savingsPlan") == 0 && cJSON_IsArray(f)) {
				for (const cJSON *s = f->child;
				     s && it->n_savings < PRICES_API_MAX_SAVINGS; s = s->next) {
					const cJSON *p = cJSON_GetObjectItemCaseSensitive(s, "retailPrice");
					const cJSON *t = cJSON_GetObjectItemCaseSensitive(s, "term");
					if (!cJSON_IsNumber(p) || !cJSON_IsString(t))
						continue;
					it->savings[it->n_savings].retail_price = p->valuedouble;
					it->savings[it->n_savings].term = t->valuestring;
					it->n_savings++;
				}
			}
			break;
		case 't':
			if (strcmp(k, "type") == 0)
				it->type = str_or_null(f);
			else if (strcmp(k, "tierMinimumUnits") == 0 && cJSON_IsNumber(f))
				it->tier_min = f->valuedouble;
			break;
		case 'u':
			if (strcmp(k, "unitOfMeasure") == 0)
				it->unit = str_or_null(f);
			break;
		default:
			break;
		}
	}
}

int prices_api_parse_page(const char *buf, size_t len, struct prices_api_page *page,
			  prices_api_item_fn fn, void *arg, char *err, size_t errlen)
{
	const char *end = NULL;
	cJSON *doc;
	int ret = -1;

	memset(page, 0, sizeof(*page));
	page->count = -1;
	doc = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
	if (!doc) {
		size_t at = end && end >= buf ? (size_t)(end - buf) : 0;
		snprintf(err, errlen, "invalid JSON at byte %zu", at);
		return -1;
	}
	if (!cJSON_IsObject(doc)) {
		snprintf(err, errlen, "page is not a JSON object");
		goto out;
	}
	const cJSON *items = cJSON_GetObjectItemCaseSensitive(doc, "Items");
	if (!cJSON_IsArray(items)) {
		snprintf(err, errlen, "page has no 'Items' array");
		goto out;
	}
	const cJSON *next = cJSON_GetObjectItemCaseSensitive(doc, "NextPageLink");
	if (next && !cJSON_IsNull(next) && !cJSON_IsString(next)) {
		snprintf(err, errlen, "'NextPageLink' is neither a string nor null");
		goto out;
	}
	const cJSON *count = cJSON_GetObjectItemCaseSensitive(doc, "Count");
	if (cJSON_IsNumber(count))
		page->count = (long)count->valuedouble;
	const char *bc = str_or_null(cJSON_GetObjectItemCaseSensitive(doc, "BillingCurrency"));
	if (bc)
		snprintf(page->billing_currency, sizeof(page->billing_currency), "%s", bc);

	for (const cJSON *o = items->child; o; o = o->next) {
		struct prices_api_item it;
		if (!cJSON_IsObject(o))
			continue;
		item_from_json(o, &it);
		page->n_items++;
		if (fn(&it, arg, err, errlen) != 0)
			goto out;
	}
	if (cJSON_IsString(next)) {
		struct view v = trim(next->valuestring);
		if (v.n > 0)
			page->next_link = xstrndup(v.p, v.n);
	}
	ret = 0;
out:
	cJSON_Delete(doc);
	return ret;
}
