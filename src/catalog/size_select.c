/*
 * size_select.c - the VM sizes and prices `catalog list` shows
 * (size_select.h).
 */
#include "size_select.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "alloc.h"
#include "match.h"

/* Priced rows by price, then the unpriced (price NULL) by name. */
static int row_cmp(const void *a, const void *b)
{
	const struct size_row *x = a, *y = b;
	if (!x->price || !y->price) {
		if (x->price || y->price)
			return x->price ? -1 : 1;
		return strcmp(x->vm->sku, y->vm->sku);
	}
	if (x->price->hourly != y->price->hourly)
		return x->price->hourly < y->price->hourly ? -1 : 1;
	int c = strcmp(x->vm->sku, y->vm->sku);
	return c ? c : strcmp(x->price->region, y->price->region);
}

int size_select_gpu_matches(const struct vm_size *v, const char *gpu)
{
	size_t fam = strcspn(v->gpu_model, "-");

	if (v->gpu_model[0] && strlen(gpu) == fam && strncasecmp(v->gpu_model, gpu, fam) == 0)
		return 1;
	if (v->gpu_model[0] && (strcasecmp(v->gpu_model, gpu) == 0 ||
				(strchr(gpu, '-') && util_parts_in(v->gpu_model, gpu))))
		return 1;
	return strchr(gpu, '_') != NULL && util_contains_nocase(v->sku, gpu);
}

/* The size named sku of vms[0..n-1], sorted by sku; NULL when none. */
static const struct vm_size *vm_by_sku(const struct vm_size *vms, size_t n, const char *sku)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(vms[mid].sku, sku);
		if (c == 0)
			return &vms[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

struct size_row *size_select_rows(const struct vm_size *vms, size_t nvm,
				  const struct price *prices, size_t nprice,
				  const struct size_filter *f, size_t *nrows_out)
{
	const char *gpu = f->gpu, *region = f->region;
	double min_mem = f->min_mem, max_hourly = f->max_hourly;
	struct size_row *rows = xcalloc(nprice + nvm + 1, sizeof *rows);
	size_t nrows = 0;

	for (size_t i = 0; i < nprice; i++) {
		const struct price *p = &prices[i];
		if (p->pricing != f->kind || strcmp(p->os, "linux") != 0 ||
		    strcasecmp(p->currency, f->currency) != 0)
			continue;
		if (region && strcasecmp(p->region, region) != 0)
			continue;
		if (max_hourly > 0 && p->hourly > max_hourly)
			continue;
		const struct vm_size *v = vm_by_sku(vms, nvm, p->sku);
		if (!v || (v->retired && !f->retired))
			continue;
		if (gpu && !size_select_gpu_matches(v, gpu))
			continue;
		if (min_mem > 0 && v->gpu_memory_gib + 1e-9 < min_mem)
			continue;
		rows[nrows].vm = v;
		rows[nrows].price = p;
		nrows++;
	}
	/* with --gpu, the family's sizes without a price of this kind are listed
	 * too, marked unpriced */
	for (size_t k = 0; gpu && k < nvm; k++) {
		const struct vm_size *v = &vms[k];
		int priced = 0;

		if ((v->retired && !f->retired) || !size_select_gpu_matches(v, gpu) ||
		    (min_mem > 0 && v->gpu_memory_gib + 1e-9 < min_mem) || max_hourly > 0)
			continue;
		for (size_t i = 0; i < nrows && !priced; i++)
			priced = rows[i].vm == v;
		if (priced)
			continue;
		rows[nrows].vm = v;
		rows[nrows].price = NULL;
		nrows++;
	}
	qsort(rows, nrows, sizeof *rows, row_cmp);
	*nrows_out = nrows;
	return rows;
}
