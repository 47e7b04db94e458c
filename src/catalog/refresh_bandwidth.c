/*
 * refresh_bandwidth.c - Bandwidth rows of the Retail Prices API into the
 * catalog being written (refresh_bandwidth.h).
 */
#include <stdio.h>
#include <string.h>

#include "refresh_bandwidth.h"

int refresh_bandwidth_item(struct catalog_writer *w, const struct prices_api_item *it,
			   const char *want_region, char *err, size_t errlen)
{
	struct bandwidth_price b;
	char cerr[CATALOG_ERRLEN], date[16] = "";

	if (!it->service || !strstr(it->service, "Bandwidth"))
		return 0;
	if (!prices_api_bandwidth(it, &b))
		return 2; /* a Bandwidth row that is no data-transfer price: not a VM either */
	if (want_region && strcmp(b.zone, want_region) != 0)
		return 3;
	if (it->start)
		snprintf(date, sizeof(date), "%.10s", it->start);
	if (catalog_writer_add_bandwidth(w, &b, date, cerr) != 0) {
		snprintf(err, errlen, "%s", cerr);
		return -1;
	}
	return 1;
}
