/*
 * catalog_snapshot.c - the catalog read once into plain arrays
 * (catalog_snapshot.h): the only SQLite-facing step of recommend and pack.
 */
#include "catalog_snapshot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog.h"

static int cmp_vm(const void *a, const void *b)
{
	return strcmp(((const struct vm_size *)a)->sku, ((const struct vm_size *)b)->sku);
}

static int cmp_price(const void *a, const void *b)
{
	const struct price *x = a, *y = b;
	int r = strcmp(x->sku, y->sku);
	return r ? r : strcmp(x->region, y->region);
}

int catalog_snapshot_load(struct catalog *cat, struct catalog_snapshot *out, char *err)
{
	memset(out, 0, sizeof(*out));
	if (catalog_vm_list(cat, &out->vms, &out->nvms, err) != 0 ||
	    catalog_gpu_list(cat, &out->gpus, &out->ngpus, err) != 0 ||
	    catalog_mig_list(cat, NULL, &out->migs, &out->nmigs, err) != 0 ||
	    catalog_preset_list(cat, &out->presets, &out->npresets, err) != 0 ||
	    catalog_storage_list(cat, &out->tiers, &out->ntiers, err) != 0 ||
	    catalog_efficiency_list(cat, &out->eff, &out->neff, err) != 0 ||
	    catalog_price_list(cat, NULL, &out->prices, &out->nprices, err) != 0) {
		catalog_snapshot_release(out);
		return -1;
	}
	if (catalog_data_list(cat, &out->data, err) != 0) {
		/* a catalog written by an earlier build: the bundled data facts */
		catalog *b = NULL;
		int rc = catalog_open_bundled(&b, err);
		if (rc == 0)
			rc = catalog_data_list(b, &out->data, err);
		catalog_close(b);
		if (rc != 0) {
			catalog_snapshot_release(out);
			return -1;
		}
	}
	if (catalog_engine_support_list(cat, &out->engines, &out->nengines, err) != 0) {
		/* a catalog written by an earlier build: the bundled table */
		catalog *b = NULL;
		int rc = catalog_open_bundled(&b, err);
		if (rc == 0)
			rc = catalog_engine_support_list(b, &out->engines, &out->nengines, err);
		catalog_close(b);
		if (rc != 0) {
			catalog_snapshot_release(out);
			return -1;
		}
	}
	if (out->nvms)
		qsort(out->vms, out->nvms, sizeof(*out->vms), cmp_vm);
	if (out->nprices)
		qsort(out->prices, out->nprices, sizeof(*out->prices), cmp_price);
	return 0;
}

void catalog_snapshot_release(struct catalog_snapshot *s)
{
	free(s->vms);
	free(s->gpus);
	free(s->migs);
	free(s->presets);
	free(s->tiers);
	free(s->eff);
	free(s->prices);
	catalog_data_release(&s->data);
	free(s->engines);
	memset(s, 0, sizeof(*s));
}

int catalog_snapshot_price(const struct catalog_snapshot *s, const char *sku, const char *region,
			   enum pricing_kind kind, const char *currency, double *hourly)
{
	size_t lo = 0, hi = s->nprices;

	while (lo < hi) { /* the first price of sku (prices are sorted by sku first) */
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(s->prices[mid].sku, sku) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* region, OS and currency as the recommendation's price table matches
	 * them: a profile may spell a region "EastUS" */
	for (size_t i = lo; i < s->nprices && strcmp(s->prices[i].sku, sku) == 0; i++) {
		const struct price *p = &s->prices[i];
		if (p->pricing == kind && strcasecmp(p->region, region) == 0 &&
		    strcasecmp(p->os, "linux") == 0 &&
		    strcasecmp(p->currency, currency ? currency : "USD") == 0 && p->hourly > 0) {
			*hourly = p->hourly;
			return 1;
		}
	}
	return 0;
}
