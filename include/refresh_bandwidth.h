/*
 * refresh_bandwidth.h - the Bandwidth rows of a Retail Prices API page
 * (prices_api_bandwidth()) staged in the new catalog's bandwidth_prices.
 */
#ifndef GPUFIT_REFRESH_BANDWIDTH_H
#define GPUFIT_REFRESH_BANDWIDTH_H

#include <stddef.h>

#include "catalog_write.h"
#include "prices_api.h"

/* 0 when the item is no Bandwidth row (the caller classifies it as a VM
 * price); 1 when it is a data-transfer price and was staged; 2 when it is a
 * Bandwidth row that is no data-transfer price prices_api_bandwidth() takes
 * (dropped); 3 when it is one of another region than want_region (when that
 * is not NULL; dropped); -1 on a catalog error (err). */
int refresh_bandwidth_item(struct catalog_writer *w, const struct prices_api_item *it,
			   const char *want_region, char *err, size_t errlen);

#endif
