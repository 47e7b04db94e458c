/*
 * refresh.h - the catalog refresh pipeline: Retail Prices API (or saved
 * pages) -> classified prices -> a new catalog swapped in atomically.
 *
 * Regions are fetched one after another, each as a sequence of pages that
 * follows NextPageLink; every page is parsed, classified and staged before
 * the next is requested, so memory is bounded by one page whatever the total.
 * Nothing is printed: progress goes to a callback, warnings and counts to the
 * summary, a failure to err.  On failure the target catalog is untouched.
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

struct refresh_progress {
	const char *region;          /* current region, or file for --from-file */
	size_t region_no, n_regions; /* 1-based */
	size_t pages, items;         /* totals so far */
	double elapsed_s;
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

/* The first request of a region: base ? api-version & $filter [& currencyCode].
 * Caller releases url. */
void refresh_region_url(struct strbuf *url, const char *base, const char *region,
			const char *currency);

#endif
