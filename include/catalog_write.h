/*
 * catalog_write.h - the write side of the catalog store: builds a refreshed
 * catalog beside the one in use and swaps it in atomically.
 *
 * Life of a writer: catalog_writer_open() starts a new file in the target's
 * directory from the bundled facts, carrying over the current catalog's
 * prices and price-only sizes when the target exists;
 * catalog_writer_add_price() stages prices (prepared statements only);
 * catalog_writer_commit() replaces the refreshed regions' prices, writes the
 * meta keys, checks the file (integrity_check, size counts), fsyncs it and
 * renames it over the target, then fsyncs the directory.  On any failure, and
 * on catalog_writer_abort(), the temporary file is removed and the target is
 * left exactly as it was.  Readers never see a half-written catalog: the
 * target path only ever names a complete file, old or new.
 *
 * Meta keys written: source (azure-retail-prices-api), fetched_at (ISO 8601
 * UTC), api_version, currency, regions (comma list of every region whose
 * prices came from the API, this refresh's and earlier ones'), and per
 * region sizes.REGION (GPU sizes priced) and fetched_at.REGION.
 *
 * Errors are values: 0 on success, -1 with a one-line cause in err
 * (CATALOG_ERRLEN bytes).
 */
#ifndef GPUFIT_CATALOG_WRITE_H
#define GPUFIT_CATALOG_WRITE_H

#include <stddef.h>

#include "catalog.h"
#include "facts.h"

struct catalog_writer;

/*
 * Opens a writer for target (its directory is created if missing).  force:
 * a current catalog that cannot be read is ignored instead of failing.
 *
 * Only one writer of a target runs at a time: the writer holds an exclusive
 * flock(2) on TARGET.lock (created beside the target, never removed; the
 * kernel releases it if the process dies) from open until commit or abort.
 * When another process holds it, open waits up to lock_wait_s seconds, then
 * fails with "another refresh is running (...)".  Readers of the target never
 * take the lock.  The writer is the caller's; end it with commit or abort.
 */
int catalog_writer_open(const char *target, int force, double lock_wait_s,
			struct catalog_writer **out, char *err);

/* 1 when sku is a size of the new catalog (bundled, or carried over, or
 * added by catalog_writer_add_size), 0 otherwise. */
int catalog_writer_sku_known(struct catalog_writer *w, const char *sku);

/* Adds a size only the price API knows, with spec_known = 0 and no GPU model.
 * Idempotent. */
int catalog_writer_add_size(struct catalog_writer *w, const char *sku, const char *series,
			    char *err);

/* What happened to a price whose key was already staged. */
struct catalog_write_dup {
	double kept, dropped;
	char kept_date[24], dropped_date[24];
};

/*
 * Stages one price.  Returns 0 when new, 1 when another price of the same
 * (sku, region, pricing, os, currency) was staged already (the one with the
 * later effective date is kept, on a tie the lower price; *dup says which),
 * -1 on error.
 */
int catalog_writer_add_price(struct catalog_writer *w, const struct price *p,
			     struct catalog_write_dup *dup, char *err);

/*
 * Stages one data-transfer price (prices_api_bandwidth()) in the new
 * catalog's bandwidth_prices, replacing a staged row of the same zone, kind
 * and tier.  0 ok, -1 with err.
 */
int catalog_writer_add_bandwidth(struct catalog_writer *w, const struct bandwidth_price *b,
				 const char *effective_date, char *err);

struct catalog_write_meta {
	const char *api_version;
	const char *currency;
	const char *const *regions;   /* the regions refreshed */
	size_t n_regions;
	long long now;                /* seconds since the epoch, for fetched_at */
	int force;                    /* accept a region that shrank below half */
};

/* Per refreshed region: GPU sizes priced now and at the last refresh. */
struct catalog_write_region {
	char region[32];
	long sizes, last_sizes;       /* last_sizes -1: never refreshed */
};

/*
 * Finishes: swaps the refreshed regions' prices, writes meta, checks and
 * renames over the target.  On success *regions (n_regions entries, caller
 * frees) reports the per-region counts.  The writer is freed either way.
 */
int catalog_writer_commit(struct catalog_writer *w, const struct catalog_write_meta *m,
			  struct catalog_write_region **regions, char *err);

/* Discards the writer and its temporary file. */
void catalog_writer_abort(struct catalog_writer *w);

#endif
