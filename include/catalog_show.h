/*
 * catalog_show.h - `catalog show SKU` in every format: everything the
 * catalog knows of one VM size (its GPUs and their spec, memory, network,
 * retirement, quota family, MIG profiles) and its prices with the month's
 * bill at 730 h (bill_monthly()).  csv is one record per price, the spec
 * repeated on each, money columns per currency; what the catalog does not
 * know is "unknown", an empty csv field or JSON null, never 0.
 */
#ifndef GPUFIT_CATALOG_SHOW_H
#define GPUFIT_CATALOG_SHOW_H

#include <stddef.h>
#include <stdio.h>

#include "facts.h"
#include "output.h"

/* One size and what the catalog has of it. */
struct catalog_show_view {
	const struct vm_size *vm;
	const struct gpu_spec *gpu;        /* its GPU model, NULL: not in the catalog */
	const struct mig_profile *migs;    /* its GPU's MIG profiles, nmig of them */
	size_t nmig;
	const struct price *prices;        /* its prices, nprice of them */
	size_t nprice;
	const char *currency;              /* the catalog's currency (meta), "" unknown */
	int has_quota_family;              /* the catalog has the quota_family column */
};

/* The JSON document (docs/schema/catalog-show.schema.json); 0, or -1 on
 * allocation failure. */
int catalog_show_json(FILE *out, const struct catalog_show_view *s);

/* FMT_CSV, or else two tables (the fields, the prices) in format; color:
 * terminal styles. */
void catalog_show_text(FILE *out, enum out_format format, int color,
		       const struct catalog_show_view *s);

#endif
