/*
 * refresh_bandwidth.h - the Bandwidth rows of a Retail Prices API page
 * (prices_api_bandwidth()) staged in the new catalog's bandwidth_prices.
 */
#ifndef GPUFIT_REFRESH_BANDWIDTH_H
#define GPUFIT_REFRESH_BANDWIDTH_H

#include <stddef.h>

#include "catalog_write.h"
#include "prices_api.h"

/* 1 when it is a data-transfer price and was staged, 0 when it is not one
 * (the caller classifies it as a VM price), -1 on a catalog error (err). */
int refresh_bandwidth_item(struct catalog_writer *w, const struct prices_api_item *it, char *err,
			   size_t errlen);

#endif
