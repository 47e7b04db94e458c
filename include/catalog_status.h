/*
 * catalog_status.h - `catalog status` in every format: which catalog is in
 * use and where it came from, its source, fetch date and age, API version,
 * currency, the regions refreshed, its row counts, and (table, Markdown,
 * JSON) the age of its Linux prices per region and kind.
 */
#ifndef GPUFIT_CATALOG_STATUS_H
#define GPUFIT_CATALOG_STATUS_H

#include <stddef.h>
#include <stdio.h>

#include "catalog.h"
#include "output.h"

/* What `catalog status` reports, read from the catalog by the command. */
struct catalog_status_view {
	enum catalog_origin origin;    /* how the catalog was chosen */
	const char *path;              /* its file, "" for the bundled one */
	const char *source;            /* meta source ("bundled" without one) */
	const char *fetched;           /* fetched_at or snapshot_date, "" unknown */
	long age;                      /* days since fetched, -1 unknown */
	const char *api;               /* meta api_version, "" none */
	const char *regions;           /* meta regions, a comma list, "" none */
	const char *currency;          /* meta currency */
	const struct catalog_counts *counts;
	const struct catalog_price_age *ages;  /* per region and kind, nages of them */
	size_t nages;
};

/* The JSON document (docs/schema/catalog-status.schema.json); 0, or -1 on
 * allocation failure. */
int catalog_status_json(FILE *out, const struct catalog_status_view *s);

/* The fields as a table in format (csv: one record), then, but in csv, the
 * price ages; color: terminal styles. */
void catalog_status_text(FILE *out, enum out_format format, int color,
			 const struct catalog_status_view *s);

#endif
