/*
 * catalog_names.h - the catalog's names (model presets, regions, VM sizes)
 * as the profile reader and the commands' "did you mean" hints want them.
 *
 * One struct owns the catalog lists and NULL-terminated arrays of their names;
 * `profile` is a view of those arrays for profile_load().
 */
#ifndef GPUFIT_CATALOG_NAMES_H
#define GPUFIT_CATALOG_NAMES_H

#include <stddef.h>

#include "catalog.h"
#include "profile.h"

struct catalog_names {
	struct model_preset *presets;
	size_t npresets;
	struct region *regions;
	size_t nregions;
	struct vm_size *vms;
	size_t nvms;
	const char **preset_names;   /* npresets names, then NULL */
	const char **region_names;   /* nregions names, then NULL */
	const char **sku_names;      /* nvms names, then NULL */
	struct profile_names profile;
};

/*
 * Loads the names from cat.  Returns 0, or -1 with the cause in err
 * (CATALOG_ERRLEN bytes).  Either way *out must be released with
 * catalog_names_release(); it need not be initialised before the call.
 */
int catalog_names_load(catalog *cat, struct catalog_names *out, char *err);

void catalog_names_release(struct catalog_names *n);

/* The catalog's spelling of region name (matched without regard to case),
 * or NULL when the catalog does not know it. */
const char *catalog_names_region(const struct catalog_names *n, const char *name);

#endif
