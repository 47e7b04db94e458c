/*
 * catalog_names.c - the catalog's names for the profile reader and for
 * "did you mean" hints; see catalog_names.h.
 */
#include "catalog_names.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

int catalog_names_load(catalog *cat, struct catalog_names *out, char *err)
{
	memset(out, 0, sizeof *out);
	if (catalog_preset_list(cat, &out->presets, &out->npresets, err) != 0 ||
	    catalog_region_list(cat, &out->regions, &out->nregions, err) != 0 ||
	    catalog_vm_list(cat, &out->vms, &out->nvms, err) != 0)
		return -1;
	out->preset_names = xcalloc(out->npresets + 1, sizeof *out->preset_names);
	out->region_names = xcalloc(out->nregions + 1, sizeof *out->region_names);
	out->sku_names = xcalloc(out->nvms + 1, sizeof *out->sku_names);
	for (size_t i = 0; i < out->npresets; i++)
		out->preset_names[i] = out->presets[i].name;
	for (size_t i = 0; i < out->nregions; i++)
		out->region_names[i] = out->regions[i].name;
	for (size_t i = 0; i < out->nvms; i++)
		out->sku_names[i] = out->vms[i].sku;
	out->profile.preset_facts = out->presets;
	out->profile.npreset_facts = out->npresets;
	out->profile.presets = out->preset_names;
	out->profile.npresets = out->npresets;
	out->profile.regions = out->region_names;
	out->profile.nregions = out->nregions;
	out->profile.skus = out->sku_names;
	out->profile.nskus = out->nvms;
	return 0;
}

void catalog_names_release(struct catalog_names *n)
{
	free(n->presets);
	free(n->regions);
	free(n->vms);
	free(n->preset_names);
	free(n->region_names);
	free(n->sku_names);
	memset(n, 0, sizeof *n);
}

const char *catalog_names_region(const struct catalog_names *n, const char *name)
{
	for (size_t i = 0; i < n->nregions; i++)
		if (strcasecmp(n->regions[i].name, name) == 0)
			return n->regions[i].name;
	return NULL;
}
