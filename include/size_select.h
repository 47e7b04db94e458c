/*
 * size_select.h - the VM sizes and prices `catalog list` shows: those of a
 * pricing kind, currency, region, GPU, GPU memory and hourly bound, cheapest
 * first.  Plain arrays of catalog rows in, an array of pairs out; no I/O.
 */
#ifndef GPUFIT_SIZE_SELECT_H
#define GPUFIT_SIZE_SELECT_H

#include <stddef.h>

#include "facts.h"

/* One selected size and its price (NULL: the size has none of the kind). */
struct size_row {
	const struct vm_size *vm;
	const struct price *price;
};

/* What a selection keeps. */
struct size_filter {
	const char *gpu;               /* a GPU family, model or its parts; NULL: any */
	const char *region;            /* NULL: every region */
	const char *currency;          /* the prices' currency */
	enum pricing_kind kind;        /* the prices' kind (Linux prices only) */
	double min_mem;                /* GiB per GPU at least; 0: any */
	double max_hourly;             /* at most this per hour; 0: any */
	int retired;                   /* 1: retired sizes too */
};

/*
 * Whether size v has the GPU gpu: a GPU family exactly ("A10" is the A10
 * and its partitions, not the A100), a GPU model, or the parts of one
 * ("A100-80GB"); a filter that is neither a family nor a model's parts
 * matches inside a size name.
 */
int size_select_gpu_matches(const struct vm_size *v, const char *gpu);

/*
 * The rows f keeps: one per matching price of prices[0..nprice-1], then,
 * with f->gpu and no f->max_hourly, the sizes of vms[0..nvm-1] (sorted by
 * sku, as the catalog lists them) with that GPU and no such price, priced
 * rows by price, then the unpriced ones by name.  The caller frees the
 * array; *nrows is its length.
 */
struct size_row *size_select_rows(const struct vm_size *vms, size_t nvm,
				  const struct price *prices, size_t nprice,
				  const struct size_filter *f, size_t *nrows);

#endif
