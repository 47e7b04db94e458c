/*
 * catalog.h - the catalog store: the only module that talks to SQLite.
 *
 * A catalog is a SQLite database with the schema of catalog/schema.sql.  The
 * bundled one is compiled into the binary and opened read-only in memory
 * (sqlite3_deserialize, no copy); a refreshed one lives in a file.  All
 * queries return gpufit structs (facts.h); nothing of SQLite leaks out.
 *
 * Errors are values: functions return 0 on success, -1 on failure with a
 * one-line cause in the caller's buffer (char err[CATALOG_ERRLEN]).
 */
#ifndef GPUFIT_CATALOG_H
#define GPUFIT_CATALOG_H

#include <stddef.h>

#include "facts.h"

#define CATALOG_ERRLEN 512
#define CATALOG_SCHEMA_VERSION 3

typedef struct catalog catalog;

/* Where the catalog in use came from (see catalog_resolve). */
enum catalog_origin {
	CATALOG_BUNDLED,
	CATALOG_OPTION,     /* --catalog PATH */
	CATALOG_ENV,        /* GPUFIT_CATALOG */
	CATALOG_USER        /* ${XDG_DATA_HOME:-~/.local/share}/gpufit/catalog.db */
};

/*
 * Applies the lookup order of docs/catalog.md ("Which catalog a command
 * reads"): option_path (--catalog), then
 * $GPUFIT_CATALOG, then the user catalog if that file exists, else bundled.
 * Writes the chosen path into path (empty for bundled) and returns its origin.
 */
enum catalog_origin catalog_resolve(const char *option_path, char *path, size_t pathlen);

/* The user catalog's path (XDG rule), whether or not it exists. -1 if no
 * home directory can be found. */
int catalog_user_path(char *path, size_t pathlen);

/* Opens the bundled catalog (read-only, in memory). */
int catalog_open_bundled(catalog **out, char *err);

/* Opens a catalog file read-only.  A missing file, a file that is not SQLite,
 * or a schema version this build does not know are errors. */
int catalog_open_file(const char *path, catalog **out, char *err);

/* Resolves (catalog_resolve) and opens; *origin and path tell which. */
int catalog_open_default(const char *option_path, catalog **out, enum catalog_origin *origin,
			 char *path, size_t pathlen, char *err);

void catalog_close(catalog *cat);

/* The meta value for key into buf; -1 when absent. */
int catalog_meta(catalog *cat, const char *key, char *buf, size_t buflen);

/*
 * When the catalog's prices were fetched: meta fetched_at, else the bundled
 * snapshot_date, into buf ("" when neither is known).  Returns the age in
 * whole days at util_now() (GPUFIT_NOW), or -1 when unknown.
 */
long catalog_fetched(catalog *cat, char *buf, size_t buflen);

/* Row counts per table, for `catalog status`. */
struct catalog_counts {
	long gpu_models, vm_sizes, mig_profiles, model_presets, regions, prices;
	long prices_by_kind[PRICING_COUNT];
};
int catalog_counts(catalog *cat, struct catalog_counts *out, char *err);

/*
 * How old the Linux prices are, per region and kind, for `catalog status`:
 * the oldest and newest observed_date of the rows ("" when no row has one;
 * then the region's fetched_at.REGION meta, a refresh's day, stands in for
 * both when there is one).  Sorted by region, then kind.  *out is freed by
 * the caller with free().
 */
#define CATALOG_STALE_PRICE_DAYS 90  /* = RECOMMEND_STALE_DAYS */
struct catalog_price_age {
	char region[32];
	enum pricing_kind pricing;
	long prices;
	char oldest[12], newest[12];  /* ISO days, "" unknown */
};
int catalog_price_ages(catalog *cat, struct catalog_price_age **out, size_t *n, char *err);

/*
 * Lists.  Each *_list function allocates an array the caller frees with
 * free(); on failure *out is NULL and *n is 0.
 */
int catalog_gpu_list(catalog *cat, struct gpu_spec **out, size_t *n, char *err);
int catalog_vm_list(catalog *cat, struct vm_size **out, size_t *n, char *err);

/* 1 when the catalog's vm_sizes has the quota_family column; 0 for a catalog
 * written by an earlier build, whose sizes then read with quota_family ""
 * (unknown). */
int catalog_vm_has_quota_family(catalog *cat);
int catalog_mig_list(catalog *cat, const char *gpu_model, struct mig_profile **out, size_t *n,
		     char *err); /* gpu_model NULL: all */
int catalog_preset_list(catalog *cat, struct model_preset **out, size_t *n, char *err);

/* The source column of one gpu_models or model_presets row: 0, or -1. */
int catalog_source_of(catalog *cat, const char *table, const char *name, char *buf,
		      size_t buflen);
int catalog_region_list(catalog *cat, struct region **out, size_t *n, char *err);
int catalog_efficiency_list(catalog *cat, struct efficiency **out, size_t *n, char *err);
int catalog_storage_list(catalog *cat, struct storage_tier **out, size_t *n, char *err);

/* The engine_support rows (which GPU vendors each serving engine runs on),
 * sorted by engine, vendor; *out owned by the caller (free).  -1 with err
 * when the catalog has no such table (one written by an earlier build). */
int catalog_engine_support_list(catalog *cat, struct engine_support **out, size_t *n,
				char *err);

/* The data path's tables into *out (release with catalog_data_release).
 * 0 ok; -1 with err, *out empty, e.g. a catalog of an earlier build
 * without those tables. */
int catalog_data_list(catalog *cat, struct data_facts *out, char *err);
void catalog_data_release(struct data_facts *d);

/* Every price of one size (sku NULL: every price), ordered by region, kind. */
int catalog_price_list(catalog *cat, const char *sku, struct price **out, size_t *n, char *err);

/* Lookups by exact name: 1 found, 0 not found, -1 error. */
int catalog_gpu_find(catalog *cat, const char *name, struct gpu_spec *out, char *err);
int catalog_vm_find(catalog *cat, const char *sku, struct vm_size *out, char *err);
int catalog_preset_find(catalog *cat, const char *name, struct model_preset *out, char *err);
int catalog_region_find(catalog *cat, const char *name, struct region *out, char *err);

/* Hourly Linux price of sku in region under kind and currency: 1 found
 * (*hourly > 0), 0 no price, -1 error. */
int catalog_price_find(catalog *cat, const char *sku, const char *region,
		       enum pricing_kind kind, const char *currency, double *hourly, char *err);

/*
 * Close names for a "did you mean" hint: up to max names of the given table
 * ("vm_sizes", "gpu_models", "model_presets", "regions") within a small edit
 * distance of name, best first, written into out[i] (each FACT_SKU bytes).
 * Returns how many were written.
 */
size_t catalog_suggest(catalog *cat, const char *table, const char *name,
		       char out[][FACT_SKU], size_t max);

/*
 * Writes the bundled catalog to path as a SQLite file (VACUUM INTO).  Used by
 * `catalog refresh` to start the new catalog from the bundled facts.
 */
int catalog_export_bundled(const char *path, char *err);

#endif
