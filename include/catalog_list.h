/*
 * catalog_list.h - `catalog list` in every format: a row per size and
 * region with its spec, hourly price and the month's bill (bill_monthly()),
 * cheapest first (size_select.h chooses them); the table adds a footer (the row count, the pricing and
 * hours of the monthly column, the sizes without a price).  A size of
 * --gpu without a price of the kind asked for is a row too, unpriced.
 */
#ifndef GPUFIT_CATALOG_LIST_H
#define GPUFIT_CATALOG_LIST_H

#include <stddef.h>
#include <stdio.h>

#include "facts.h"
#include "output.h"
#include "size_select.h"

/* What the rows were chosen by, as the writers say it. */
struct catalog_list_view {
	const char *region;            /* --region, NULL: every region */
	const char *currency;          /* the prices' currency */
	enum pricing_kind kind;        /* the prices' pricing kind */
	double hours;                  /* --hours-per-month (bill_hours() applies) */
};

/* The JSON document (docs/schema/catalog-list.schema.json) of rows[0..n-1];
 * 0, or -1 on allocation failure. */
int catalog_list_json(FILE *out, const struct size_row *rows, size_t nrows,
		      const struct catalog_list_view *a);

/* rows[0..n-1] in format (FMT_TABLE, FMT_MARKDOWN, FMT_CSV, FMT_HTML);
 * color: terminal styles. */
void catalog_list_text(FILE *out, enum out_format format, int color,
		       const struct size_row *rows, size_t nrows,
		       const struct catalog_list_view *a);

#endif
