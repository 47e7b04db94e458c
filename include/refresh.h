/*
 * refresh.h - the catalog refresh pipeline: Retail Prices API (or saved
 * pages) -> classified prices -> a new catalog swapped in atomically.
 *
 * Each region is a sequence of pages that follows NextPageLink; up to
 * opts.jobs regions are fetched at once through one HTTP pool (http.h: shared
 * connections, gzip, one shared back-off when the API throttles).  Pages are
 * parsed, classified and staged on the calling thread as they arrive, each
 * before that region's next page is requested, so memory is bounded by
 * opts.jobs pages whatever the total.  When opts.sku_filter is set, each
 * region asks for GPU sizes only (contains(armSkuName, PREFIX)); an HTTP 400
 * to that filter falls back to the unfiltered query with a warning, and a
 * filtered region with no items at all is asked again unfiltered, so the
 * catalog written is the one an unfiltered refresh writes.  Nothing is
 * printed: progress goes to a callback, warnings and counts to the summary, a
 * failure to err.  On failure the target catalog is untouched.
 */
#ifndef GPUFIT_REFRESH_H
#define GPUFIT_REFRESH_H

#include <stddef.h>

#include "catalog_write.h"
#include "diag.h"
#include "facts.h"
#include "http.h"
#include "prices_api.h"

#define REFRESH_ERRLEN 512
#define REFRESH_MAX_WARNINGS 20
#define REFRESH_LOCK_WAIT_S 2.0
#define REFRESH_JOBS_DEFAULT 4      /* regions fetched at once */
#define REFRESH_JOBS_MAX 8
#define REFRESH_MAX_PAGES 1000    /* per region sequence: 125x the ~8 a region has */
/* Every GPU size of Azure is an N-family size; the API spells every
 * armSkuName "Standard_..." (contains() is case-sensitive). */
#define REFRESH_SKU_PREFIX "Standard_N"

struct refresh_progress {
	const char *region;          /* region of the page just read, or file for --from-file */
	size_t region_no, n_regions; /* 1-based */
	size_t regions_done;         /* regions whose last page was read (files read) */
	int files;                   /* --from-file: regions are files */
	size_t pages, items;         /* totals so far */
	double elapsed_s;
	double eta_s;                /* estimated seconds left; -1 unknown (no region done) */
};

typedef void (*refresh_progress_fn)(const struct refresh_progress *p, void *arg);

struct refresh_opts {
	const char *target;              /* catalog file to write */
	const char *api_url;             /* base URL; NULL = PRICES_API_DEFAULT_URL */
	const char *currency;            /* NULL = USD (no currencyCode sent) */
	const char *const *regions;      /* regions to refresh (API: required) */
	size_t n_regions;
	const char *const *files;        /* --from-file pages; when given, no network */
	size_t n_files;
	int force;                       /* accept shrunken regions, unreadable old catalog */
	double lock_wait_s;              /* how long to wait for another refresh of the
					    same target (REFRESH_LOCK_WAIT_S) */
	const char *sku_filter;          /* ask for sizes containing this only (see
					    refresh_sku_filter); NULL = every size */
	int jobs;                        /* regions at once, 1..HTTP_POOL_MAX; 0 = default */
	struct http_opts http;
	long long now;                   /* seconds since the epoch */
	refresh_progress_fn progress;    /* may be NULL */
	void *progress_arg;
};

struct refresh_summary {
	size_t regions, pages, items;
	size_t skipped[PRICES_API_SKIP_COUNT];
	size_t not_gpu;                  /* items of sizes that are not GPU sizes */
	size_t other_region;             /* items of a region not asked for */
	size_t prices[PRICING_COUNT];    /* Linux prices stored, per kind */
	size_t windows_prices;
	size_t duplicates;
	char (*unknown)[FACT_SKU];       /* GPU sizes the spec tables do not know */
	size_t n_unknown;
	struct catalog_write_region *per_region;
	size_t n_per_region;
	struct diag_list warnings;       /* at most REFRESH_MAX_WARNINGS, then a count */
	double seconds;
};

/* Runs a refresh.  0 on success; -1 with a one-line cause in err (and the
 * target untouched).  The summary is filled either way; release it with
 * refresh_summary_release(). */
int refresh_run(const struct refresh_opts *o, struct refresh_summary *s, char *err,
		size_t errlen);

void refresh_summary_release(struct refresh_summary *s);

/* The first request of a region: base ? api-version & $filter [& currencyCode],
 * the filter narrowed by "and contains(armSkuName, 'PREFIX')" when sku_prefix
 * is not NULL.  Caller releases url. */
void refresh_region_url(struct strbuf *url, const char *base, const char *region,
			const char *currency, const char *sku_prefix);

/* The first request of a region's Bandwidth prices: base ? api-version &
 * $filter=serviceName eq 'Bandwidth' and armRegionName eq 'REGION' and
 * priceType eq 'Consumption' [& currencyCode]. */
void refresh_bandwidth_url(struct strbuf *url, const char *base, const char *region,
			   const char *currency);

/* REFRESH_SKU_PREFIX when every size of skus (the sizes the catalog stores
 * prices of) begins with it, so the filter drops no price the catalog keeps;
 * NULL when one does not (the refresh must then ask for every size). */
const char *refresh_sku_filter(const char *const *skus, size_t n);

#endif
