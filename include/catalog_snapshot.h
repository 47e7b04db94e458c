/*
 * catalog_snapshot.h - the catalog as plain arrays and a price table, read
 * once by a command and handed to the core (recommend, pack), which then
 * never touches SQLite: they are unit-testable on a snapshot built by hand.
 *
 * catalog_snapshot_load() is the only part that reads the catalog; the
 * lookups are pure.  Everything is owned by the snapshot and freed by
 * catalog_snapshot_release(); nothing points into the catalog, so it may be
 * closed first.
 */
#ifndef GPUFIT_CATALOG_SNAPSHOT_H
#define GPUFIT_CATALOG_SNAPSHOT_H

#include <stddef.h>

#include "facts.h"

struct catalog_snapshot {
	struct vm_size *vms;              /* sorted by sku (strcmp) */
	size_t nvms;
	struct gpu_spec *gpus;
	size_t ngpus;
	struct mig_profile *migs;         /* every GPU model's profiles */
	size_t nmigs;
	struct model_preset *presets;
	size_t npresets;
	struct storage_tier *tiers;
	size_t ntiers;
	struct efficiency *eff;
	size_t neff;
	struct price *prices;             /* every price, sorted by sku, then region */
	size_t nprices;
	struct data_facts data;           /* the data path's facts (the bundled
					     catalog's when the catalog predates them) */
	struct engine_support *engines;   /* which vendors each serving engine runs
					     on (the bundled catalog's when the
					     catalog predates the table) */
	size_t nengines;
};

struct catalog;

/*
 * Reads every list of the catalog into *out.  Returns 0, or -1 with the
 * catalog's cause in err (CATALOG_ERRLEN bytes) and *out empty (release is
 * still safe).
 */
int catalog_snapshot_load(struct catalog *cat, struct catalog_snapshot *out, char *err);

/* Frees what *s owns and zeroes it; safe on a zeroed snapshot. */
void catalog_snapshot_release(struct catalog_snapshot *s);

/*
 * The Linux price of sku in region for kind and currency (sku exactly as
 * the catalog spells it; region, OS and currency in any case): 1 with
 * *hourly set (> 0), 0 when there is none.
 */
int catalog_snapshot_price(const struct catalog_snapshot *s, const char *sku, const char *region,
			   enum pricing_kind kind, const char *currency, double *hourly);

#endif
