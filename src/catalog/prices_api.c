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
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

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
	return util_days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 + h * 3600 + mi * 60 +
	       sec;
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
	if (!isfinite(it->retail_price) || it->retail_price > PRICES_API_MAX_PRICE ||
	    it->retail_price < PRICES_API_MIN_PRICE)
		return PRICES_API_SKIP_MALFORMED;
	if (it->end) {
		long long end = view_time(trim(it->end));
		if (end >= 0 && end <= now)
			return PRICES_API_SKIP_EXPIRED;
	}

	/* an ARM size name is letters, digits and '_' (and '-', '.'): anything
	 * else is not a size to store and print */
	for (size_t i = 0; i < sku.n; i++) {
		unsigned char ch = (unsigned char)sku.p[i];
		if (!isalnum(ch) && ch != '_' && ch != '-' && ch != '.')
			return PRICES_API_SKIP_MALFORMED;
	}
	for (size_t i = 0; i < region.n; i++)
		if (!isalnum((unsigned char)region.p[i]))
			return PRICES_API_SKIP_MALFORMED;
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
		if (!(h >= PRICES_API_MIN_PRICE) || !isfinite(h) || h > PRICES_API_MAX_PRICE ||
		    (years == 1 && seen1) ||
		    (years == 3 && seen3) || years == 0)
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

int prices_api_bandwidth(const struct prices_api_item *it, struct bandwidth_price *out)
{
	struct view service = trim(it->service), product = trim(it->product);
	struct view meter = trim(it->meter_name), region = trim(it->region);
	struct view type = trim(it->type), unit = trim(it->unit), cur = trim(it->currency);
	const char *kind = NULL;

	if (!view_eq(service, "Bandwidth") || !view_eq(cur, "USD") || !view_eq(type, "Consumption") ||
	    !view_eq(unit, "1 GB") || !it->has_price || it->retail_price < 0 ||
	    !isfinite(it->retail_price) || it->retail_price > PRICES_API_MAX_PRICE || region.n == 0 ||
	    view_eq(region, "global") || view_has(meter, "Transfer In"))
		return 0;
	if (view_eq(product, "Rtn Preference: MGN") && view_eq(meter, "Standard Data Transfer Out"))
		kind = "internet";
	else if (view_has(meter, "Intra Continent"))
		kind = "intra-continent";
	else if (view_has(meter, "Continent") || view_eq(product, "Bandwidth Inter-Region"))
		kind = "inter-continent";
	if (!kind)
		return 0;
	memset(out, 0, sizeof(*out));
	if (view_copy(region, out->zone, sizeof(out->zone)) != 0)
		return 0;
	for (char *c = out->zone; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	snprintf(out->kind, sizeof(out->kind), "%s", kind);
	out->tier_min_gb = it->tier_min;
	out->usd_per_gb = it->retail_price;
	return 1;
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
 * Pages are parsed with cJSON.  A page is ~0.6 MB of JSON holding 1,000 items
 * of ~25 members each: ~25,000 nodes and as many strings.  With malloc and
 * free that tree cost ~4.6 ms a page, most of it in the allocator, and
 * dominated a refresh (docs/refresh.md, "Throughput").  So in the refresh
 * path cJSON allocates from a bump arena instead (struct prices_api_arena):
 * one block, sized from the page length and reused page after page, a free
 * that does nothing, and the whole arena reset once the page's tree is
 * deleted.
 *
 * cJSON's hooks are process-wide and take no context pointer, so the arena
 * being allocated from is a static of this file (hooked_arena below), and the
 * hooks are installed only around the two calls that allocate or free page
 * nodes: cJSON_ParseWithLengthOpts and cJSON_Delete of the page.  The walk
 * over the tree and the item callbacks run with cJSON's default hooks
 * restored (cJSON_InitHooks(NULL)), so a callback may use cJSON freely.  The
 * invariants this rests on:
 *   - no cJSON object allocated under the arena outlives the page: the tree
 *     is deleted and the arena reset before prices_api_parse_page returns,
 *     and item strings handed to the callback are valid only during it;
 *   - nothing else uses cJSON while the hooks are installed: gpufit is
 *     single-threaded and no callback runs inside those two calls.
 */
struct arena_block {
	struct arena_block *next;
	size_t cap, used;
	unsigned char *data;
};

struct prices_api_arena {
	struct arena_block *head, *cur;
	size_t reserved;              /* sum of the blocks' capacities */
	size_t page_used;             /* bytes handed out for the current page */
	size_t limit;                 /* most the current page may take */
	int exhausted;                /* the current page hit limit */
};

/* cJSON's nodes hold pointers and a double; its strings are bytes. */
#define ARENA_ALIGN _Alignof(cJSON)
/* A page's tree takes ~3.3 times its length (measured on the benchmark's
 * pages, whose items are the API's); a block is sized for 4 times (and a
 * quarter more), and a page may take 16 times (plus ARENA_MIN) before it is
 * refused: only pathological JSON, such as a long array of one-digit
 * numbers, comes near that. */
#define ARENA_GUESS 4
#define ARENA_FACTOR 16
#define ARENA_MIN ((size_t)64 << 10)

/*
 * ASan cannot see one arena allocation overrun into the next, and cJSON is
 * not instrumented anyway.  So under AddressSanitizer (make check SAN=1) the
 * arena checks itself: every allocation is preceded by a header holding its
 * size and followed by a guard of ARENA_CANARY bytes, both poisoned, as is
 * the unused part of every block; an instrumented access to them is reported
 * at once, and before every reset each guard is verified, so a write past an
 * allocation by cJSON itself stops the program too.  Without ASan an
 * allocation is its size rounded up to ARENA_ALIGN, nothing more.
 */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_CHECKED 1
#define ARENA_HEADER ARENA_ALIGN
#define ARENA_GUARD ((size_t)16)
#define ARENA_CANARY 0xA5
#define arena_poison(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define arena_unpoison(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define ARENA_CHECKED 0
#define ARENA_HEADER ((size_t)0)
#define ARENA_GUARD ((size_t)0)
#define arena_poison(p, n) ((void)(p), (void)(n))
#define arena_unpoison(p, n) ((void)(p), (void)(n))
#endif

struct prices_api_arena *prices_api_arena_new(void)
{
	return xcalloc(1, sizeof(struct prices_api_arena));
}

static void arena_free_blocks(struct prices_api_arena *a)
{
	struct arena_block *b = a->head, *next;

	for (; b; b = next) {
		next = b->next;
		arena_unpoison(b->data, b->cap);
		free(b->data);
		free(b);
	}
	a->head = a->cur = NULL;
	a->reserved = 0;
}

void prices_api_arena_free(struct prices_api_arena *a)
{
	if (!a)
		return;
	arena_free_blocks(a);
	free(a);
}

size_t prices_api_arena_reserved(const struct prices_api_arena *a)
{
	return a ? a->reserved : 0;
}

/* A new empty block of cap bytes at the end of the chain; NULL when out of
 * memory (cJSON then fails the parse). */
static struct arena_block *arena_add_block(struct prices_api_arena *a, size_t cap)
{
	struct arena_block *b = malloc(sizeof(*b));

	if (!b)
		return NULL;
	b->data = malloc(cap);
	if (!b->data) {
		free(b);
		return NULL;
	}
	b->next = NULL;
	b->cap = cap;
	b->used = 0;
	arena_poison(b->data, cap);
	if (a->cur)
		a->cur->next = b;
	else
		a->head = b;
	a->cur = b;
	a->reserved += cap;
	return b;
}

/*
 * Readies the arena for a page of len bytes.  Steady state is one block that
 * every page reuses; a page that needed more blocks leaves them merged into
 * one for the next.  Returns -1 when the first block cannot be allocated.
 */
static int arena_begin(struct prices_api_arena *a, size_t len)
{
	size_t want;

	a->limit = len > (SIZE_MAX - ARENA_MIN) / ARENA_FACTOR ? SIZE_MAX
							       : ARENA_FACTOR * len + ARENA_MIN;
	want = len > (SIZE_MAX - ARENA_MIN) / ARENA_GUESS ? a->limit
							  : ARENA_GUESS * len + ARENA_MIN;
	a->page_used = 0;
	a->exhausted = 0;
	if (a->head && !a->head->next && a->head->cap >= want) {
		a->cur = a->head;
		return 0;
	}
	/* A quarter more, so pages a little longer than this one (a longer
	 * region name in every item) reuse the block too. */
	if (want < a->limit - want / 4)
		want += want / 4;
	if (a->reserved > want)
		want = a->reserved;
	arena_free_blocks(a);
	return arena_add_block(a, want) ? 0 : -1;
}

#if ARENA_CHECKED
/* Every allocation's guard still holds its canary bytes, or abort. */
static void arena_verify(const struct arena_block *b)
{
	size_t off = 0, n;

	arena_unpoison(b->data, b->used);
	while (off < b->used) {
		memcpy(&n, b->data + off, sizeof(n));
		size_t end = off + ARENA_HEADER + (n + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN +
			     ARENA_GUARD;
		if (n > b->used || end > b->used)
			abort();
		for (size_t i = off + ARENA_HEADER + n; i < end; i++)
			if (b->data[i] != ARENA_CANARY)
				abort();
		off = end;
	}
}
#endif

/* Empties the arena after a page; its blocks are kept for the next one. */
static void arena_reset(struct prices_api_arena *a)
{
	for (struct arena_block *b = a->head; b; b = b->next) {
#if ARENA_CHECKED
		arena_verify(b);
#endif
		arena_poison(b->data, b->cap);
		b->used = 0;
	}
	a->cur = a->head;
	a->page_used = 0;
}

/* n bytes aligned for any cJSON object, or NULL when the page would pass its
 * limit (a->exhausted is then set) or memory is out. */
static void *arena_alloc(struct prices_api_arena *a, size_t n)
{
	struct arena_block *b = a->cur;
	size_t need;

	if (n > SIZE_MAX / 2 || n > a->limit - a->page_used)
		goto refuse;
	need = ARENA_HEADER + (n + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN + ARENA_GUARD;
	if (need > a->limit - a->page_used)
		goto refuse;
	while (b && b->cap - b->used < need)
		b = b->next;
	if (!b) {
		/* Geometric growth: at most a few new blocks per page. */
		size_t cap = a->reserved > need ? a->reserved : need;
		if (cap > a->limit - a->page_used)
			cap = a->limit - a->page_used;
		b = arena_add_block(a, cap);
		if (!b)
			return NULL;
	}
	a->cur = b;
	/* The bounds check ASan cannot make for us: the allocation lies inside
	 * the block. */
	if (b->used > b->cap || need > b->cap - b->used)
		abort();
	unsigned char *p = b->data + b->used + ARENA_HEADER;
#if ARENA_CHECKED
	arena_unpoison(p - ARENA_HEADER, need);
	memcpy(p - ARENA_HEADER, &n, sizeof(n));
	memset(p + n, ARENA_CANARY, need - ARENA_HEADER - n);
	arena_poison(p - ARENA_HEADER, need);
	arena_unpoison(p, n);
#endif
	b->used += need;
	a->page_used += need;
	return p;
refuse:
	a->exhausted = 1;
	return NULL;
}

#if ARENA_CHECKED
/* Whether p was handed out by the arena's current page. */
static int arena_owns(const struct prices_api_arena *a, const void *p)
{
	const unsigned char *q = p;

	for (const struct arena_block *b = a->head; b; b = b->next)
		if (q >= b->data && q < b->data + b->used)
			return 1;
	return 0;
}
#endif

/* The arena cJSON allocates from while the hooks are installed; NULL
 * otherwise.  See the invariants above. */
static struct prices_api_arena *hooked_arena;

static void *hook_malloc(size_t n)
{
	return arena_alloc(hooked_arena, n);
}

/* Page nodes are released all at once by arena_reset, so this does nothing
 * (it runs for each of the ~60,000 nodes and strings of a page).  Under
 * AddressSanitizer it checks the invariant too: anything else freed here
 * would be a cJSON object that does not belong to the page, and stops the
 * program. */
static void hook_free(void *p)
{
#if ARENA_CHECKED
	if (p && !arena_owns(hooked_arena, p))
		abort();
#else
	(void)p;
#endif
}

static void hooks_install(struct prices_api_arena *a)
{
	cJSON_Hooks h = { hook_malloc, hook_free };

	hooked_arena = a;
	cJSON_InitHooks(&h);
}

static void hooks_remove(void)
{
	cJSON_InitHooks(NULL);
	hooked_arena = NULL;
}

static const char *str_or_null(const cJSON *j)
{
	return cJSON_IsString(j) ? j->valuestring : NULL;
}

/* savingsPlan: for each element, its first retailPrice (a number) and first
 * term (a string); elements lacking either are skipped. */
static void savings_from_json(const cJSON *arr, struct prices_api_item *it)
{
	it->n_savings = 0;
	if (!cJSON_IsArray(arr))
		return;
	for (const cJSON *s = arr->child; s && it->n_savings < PRICES_API_MAX_SAVINGS;
	     s = s->next) {
		const cJSON *p = cJSON_GetObjectItemCaseSensitive(s, "retailPrice");
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(s, "term");
		if (!cJSON_IsNumber(p) || !cJSON_IsString(t))
			continue;
		it->savings[it->n_savings].retail_price = p->valuedouble;
		it->savings[it->n_savings].term = t->valuestring;
		it->n_savings++;
	}
}

/* Fills an item from one JSON object in a single pass over its members; of
 * duplicate members the last counts. */
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
			if (strcmp(k, "retailPrice") == 0) {
				it->has_price = cJSON_IsNumber(f);
				it->retail_price = it->has_price ? f->valuedouble : 0;
			} else if (strcmp(k, "reservationTerm") == 0) {
				it->term = str_or_null(f);
			}
			break;
		case 's':
			if (strcmp(k, "serviceName") == 0)
				it->service = str_or_null(f);
			else if (strcmp(k, "skuName") == 0)
				it->sku_name = str_or_null(f);
			else if (strcmp(k, "savingsPlan") == 0)
				savings_from_json(f, it);
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

/* "invalid JSON at byte N (line L, column C)" for the byte at offset off;
 * lines and columns count from 1, columns in bytes. */
static void syntax_error(const char *buf, size_t off, char *err, size_t errlen)
{
	int line, col;

	util_text_position(buf, off, off, &line, &col);
	if (util_json_depth_at(buf, off) >= CJSON_NESTING_LIMIT)
		snprintf(err, errlen, "JSON nested deeper than %d levels at byte %zu (line %d, "
			 "column %d)", CJSON_NESTING_LIMIT, off, line, col);
	else
		snprintf(err, errlen, "invalid JSON at byte %zu (line %d, column %d)", off, line,
			 col);
}

/* Parses buf into a tree; NULL with a cause in err when it is not one JSON
 * value (with nothing but whitespace after it). */
static cJSON *parse_tree(const char *buf, size_t len, struct prices_api_arena *arena, char *err,
			 size_t errlen)
{
	const char *end = NULL;
	cJSON *doc;

	if (arena) {
		if (arena_begin(arena, len) != 0) {
			snprintf(err, errlen, "out of memory for a page of %zu bytes", len);
			return NULL;
		}
		hooks_install(arena);
	}
	doc = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
	if (arena)
		hooks_remove();
	if (!doc) {
		const char *at = cJSON_GetErrorPtr();
		size_t off = at && at >= buf && at <= buf + len ? (size_t)(at - buf) : 0;
		if (arena && arena->exhausted)
			snprintf(err, errlen, "page of %zu bytes needs more than %d times its size "
				 "in memory to parse", len, ARENA_FACTOR);
		else
			syntax_error(buf, off, err, errlen);
		return NULL;
	}
	/* cJSON stops after the value; only whitespace may follow it. */
	while (end < buf + len && (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r'))
		end++;
	if (end < buf + len) {
		syntax_error(buf, (size_t)(end - buf), err, errlen);
		if (arena)
			hooks_install(arena);
		cJSON_Delete(doc);
		if (arena)
			hooks_remove();
		return NULL;
	}
	return doc;
}

/* Walks a parsed page: the top-level members, then each item to fn. */
static int walk_page(const cJSON *doc, struct prices_api_page *page, prices_api_item_fn fn,
		     void *arg, char *err, size_t errlen)
{
	if (!cJSON_IsObject(doc)) {
		snprintf(err, errlen, "page is not a JSON object");
		return -1;
	}
	const cJSON *items = cJSON_GetObjectItemCaseSensitive(doc, "Items");
	if (!cJSON_IsArray(items)) {
		snprintf(err, errlen, "page has no 'Items' array");
		return -1;
	}
	const cJSON *next = cJSON_GetObjectItemCaseSensitive(doc, "NextPageLink");
	if (next && !cJSON_IsNull(next) && !cJSON_IsString(next)) {
		snprintf(err, errlen, "'NextPageLink' is neither a string nor null");
		return -1;
	}
	const cJSON *count = cJSON_GetObjectItemCaseSensitive(doc, "Count");
	if (cJSON_IsNumber(count)) {
		/* range-checked before the conversion: 1e22 does not fit a long */
		double c = count->valuedouble;
		if (!(c >= 0 && c <= PRICES_API_MAX_COUNT) || c != floor(c)) {
			snprintf(err, errlen, "'Count' must be a whole number from 0 to %d, got %g",
				 PRICES_API_MAX_COUNT, c);
			return -1;
		}
		page->count = (long)c;
	}
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
			return -2;
	}
	if (next && cJSON_IsString(next)) {
		struct view v = trim(next->valuestring);
		if (v.n > 0)
			page->next_link = xstrndup(v.p, v.n);
	}
	return 0;
}

int prices_api_parse_page(const char *buf, size_t len, struct prices_api_arena *arena,
			  struct prices_api_page *page, prices_api_item_fn fn, void *arg,
			  char *err, size_t errlen)
{
	cJSON *doc;
	int ret;

	memset(page, 0, sizeof(*page));
	page->count = -1;
	doc = parse_tree(buf, len, arena, err, errlen);
	if (!doc) {
		ret = -1;
	} else {
		ret = walk_page(doc, page, fn, arg, err, errlen);
		if (arena)
			hooks_install(arena);
		cJSON_Delete(doc);
		if (arena)
			hooks_remove();
	}
	if (arena)
		arena_reset(arena);
	return ret;
}
