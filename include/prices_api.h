/*
 * prices_api.h - the Azure Retail Prices API's data: one page of JSON in,
 * classified hourly prices out.
 *
 * No network, no files.  prices_api_parse_page() parses one page with cJSON
 * (optionally allocating the tree from a struct prices_api_arena, for speed:
 * see prices_api.c) and hands each item to a callback as a struct
 * prices_api_item whose strings are valid only during the callback.
 * prices_api_classify() turns one item into zero to three struct price
 * (facts.h) or the reason it is not a price.  docs/refresh.md lists the rules
 * with the rows they were written for.
 */
#ifndef GPUFIT_PRICES_API_H
#define GPUFIT_PRICES_API_H

#include <stddef.h>

#include "facts.h"

#define PRICES_API_VERSION "2023-01-01-preview"
#define PRICES_API_DEFAULT_URL "https://prices.azure.com/api/retail/prices"
#define PRICES_API_MAX_SAVINGS 4
#define PRICES_API_MAX_PRICES 3     /* payg + savings-1y + savings-3y */

/* Hours of a reservation term: the API quotes the whole term's price. */
#define PRICES_API_HOURS_1Y 8760.0
/* Above this a retailPrice is not a price (a whole 3-year term of the
 * largest VM in the currency of the most units per dollar is about 1e10):
 * such an item, or one that is not finite, is malformed */
#define PRICES_API_MAX_PRICE 1e12
/* Below this a retailPrice is not a price either (no VM hour is quoted
 * under a hundredth of a cent; a whole reservation term at this price is
 * still a normal, positive hourly rate of about 4e-11): malformed too */
#define PRICES_API_MIN_PRICE 1e-6
#define PRICES_API_HOURS_3Y 26280.0

/* One item as the API gives it; a NULL string is an absent (or non-string)
 * field.  Strings are untrimmed, exactly as received. */
struct prices_api_item {
	const char *arm_sku;         /* armSkuName */
	const char *region;          /* armRegionName */
	const char *currency;        /* currencyCode */
	const char *service;         /* serviceName */
	const char *product;         /* productName */
	const char *sku_name;        /* skuName */
	const char *meter_name;      /* meterName */
	const char *type;            /* Consumption | Reservation | DevTestConsumption */
	const char *unit;            /* unitOfMeasure */
	const char *term;            /* reservationTerm */
	const char *start;           /* effectiveStartDate */
	const char *end;             /* effectiveEndDate */
	double retail_price;
	int has_price;               /* retailPrice present and a number */
	double tier_min;             /* tierMinimumUnits (0 when absent) */
	size_t n_savings;
	struct {
		double retail_price;
		const char *term;
	} savings[PRICES_API_MAX_SAVINGS];
};

/* Why an item yields no price. */
enum prices_api_skip {
	PRICES_API_TAKEN,
	PRICES_API_SKIP_MALFORMED,       /* no armSkuName, region, type, currency or price, or
	                                  * a price not finite, above PRICES_API_MAX_PRICE or
	                                  * positive and below PRICES_API_MIN_PRICE */
	PRICES_API_SKIP_NOT_VM,          /* serviceName is not "Virtual Machines" */
	PRICES_API_SKIP_DEVTEST,         /* type DevTestConsumption */
	PRICES_API_SKIP_LOW_PRIORITY,
	PRICES_API_SKIP_CLOUD_SERVICES,
	PRICES_API_SKIP_WINDOWS,         /* a Windows row that is not payg or spot */
	PRICES_API_SKIP_UNIT,            /* unitOfMeasure is not "1 Hour" */
	PRICES_API_SKIP_TIER,            /* tierMinimumUnits is not 0 */
	PRICES_API_SKIP_ZERO_PRICE,      /* retailPrice <= 0 */
	PRICES_API_SKIP_EXPIRED,         /* effectiveEndDate has passed */
	PRICES_API_SKIP_NOT_YET,         /* effectiveStartDate is in the future */
	PRICES_API_SKIP_TERM,            /* reservation term other than 1 or 3 years */
	PRICES_API_SKIP_TYPE,            /* an unknown type */
	PRICES_API_SKIP_COUNT
};

/* A short lower-case name of a reason ("devtest", "zero-price", ...). */
const char *prices_api_skip_name(enum prices_api_skip why);

/*
 * Classifies one item as of time now (seconds since the epoch).  Writes up to
 * PRICES_API_MAX_PRICES prices into out and their number into *n; returns
 * PRICES_API_TAKEN when *n > 0, else the reason.  Strings are trimmed, the
 * region lower-cased; reservations are divided by the hours of their term.
 * Windows payg and spot rows are kept with os "windows"; everything else
 * taken has os "linux".
 */
enum prices_api_skip prices_api_classify(const struct prices_api_item *it, long long now,
					 struct price out[PRICES_API_MAX_PRICES], size_t *n);

/* 1 when an ARM size name is a GPU size by name (the N family, except the
 * NP FPGA sizes), 0 otherwise. */
int prices_api_is_gpu_sku(const char *sku);

/* The series of a size from its productName, e.g. "Virtual Machines
 * NCadsH100v5 Series" -> "NCadsH100v5"; the trimmed product name otherwise. */
void prices_api_series(const char *product, char *out, size_t outlen);

/*
 * A Bandwidth item (serviceName "Bandwidth", a Consumption row in "1 GB")
 * as a data-transfer price of its source region: internet egress
 * (productName "Rtn Preference: MGN", meterName "Standard Data Transfer
 * Out"; every tier of the ladder), inter-region within a continent
 * (meterName with "Intra Continent") or across continents (other
 * "Continent" meters, or productName "Bandwidth Inter-Region").  Returns 1
 * with *out filled (zone = the trimmed, lower-cased armRegionName), 0 for
 * anything else: other services, "Data Transfer In", legacy "Zone N"
 * meters without a region, other units or types, a negative price.
 */
int prices_api_bandwidth(const struct prices_api_item *it, struct bandwidth_price *out);

/* The largest page "Count" accepted (a page holds at most 1000 items). */
#define PRICES_API_MAX_COUNT 1000000

/* What a page says besides its items. */
struct prices_api_page {
	char *next_link;             /* NULL when null, absent or empty; caller frees */
	long count;                  /* "Count", -1 when absent; at most
					PRICES_API_MAX_COUNT */
	size_t n_items;              /* items handed to the callback */
	char billing_currency[8];
};

/* Called once per item; return 0 to go on, -1 to stop (after writing a cause
 * into err). */
typedef int (*prices_api_item_fn)(const struct prices_api_item *it, void *arg, char *err,
				  size_t errlen);

/*
 * A reusable allocator for the cJSON tree of one page at a time: one block
 * sized from the page length, reused by every page, grown only when a page
 * needs more, freed by prices_api_arena_free().  Not shared between threads.
 */
struct prices_api_arena;

/* A new empty arena (it allocates on the first page); never NULL. */
struct prices_api_arena *prices_api_arena_new(void);

/* Frees the arena and its blocks; NULL is allowed. */
void prices_api_arena_free(struct prices_api_arena *a);

/* Bytes the arena holds between pages (0 for NULL or a new arena). */
size_t prices_api_arena_reserved(const struct prices_api_arena *a);

/*
 * Parses one page and calls fn for each element of "Items" that is an
 * object.  buf holds len bytes followed by a NUL (a strbuf's buffer is; the
 * NUL is not part of the page).  With an arena, cJSON allocates the page's
 * tree from it, and a page whose tree would take more than 16 times its
 * length is refused; with NULL, cJSON uses malloc.  Either way cJSON's
 * default hooks are in place whenever fn runs and when this returns.
 *
 * The whole page is parsed before any item is used: fn is never called for
 * an invalid page.  Returns 0; -1 when the page is rejected, with a cause in
 * err ("invalid JSON at byte 49 (line 1, column 50)", "page has no 'Items'
 * array", ...); -2 when fn returned -1 (err holds fn's cause).  On success
 * page->next_link is the caller's to free; on failure it is NULL.
 */
int prices_api_parse_page(const char *buf, size_t len, struct prices_api_arena *arena,
			  struct prices_api_page *page, prices_api_item_fn fn, void *arg,
			  char *err, size_t errlen);

#endif
