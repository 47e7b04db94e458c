/*
 * azure_quota.h - what a subscription may launch, read from the two JSON
 * documents the Azure CLI writes:
 *
 *   az vm list-usage --location REGION -o json
 *       an array of { "name": { "value", "localizedValue" }, "currentValue",
 *       "limit", "unit", ... }: one row per quota of the region ("cores",
 *       "lowPriorityCores", "standardNCADSA100v4Family", ...);
 *   az vm list-skus --resource-type virtualMachines -o json
 *       an array of { "resourceType", "name", "family", "locations",
 *       "locationInfo": [{ "location", "zones" }], "capabilities",
 *       "restrictions": [{ "type": "Location"|"Zone", "values",
 *       "restrictionInfo": { "locations", "zones" }, "reasonCode" }] }: one
 *       row per size and region.
 *
 * The readers take the text as az writes it (a UTF-8 byte order mark, CRLF
 * line ends and a trailing newline are fine), ignore the fields gpufit does
 * not use, and turn anything else into one "FILE:LINE:COL: message" in a
 * caller's buffer.  They are pure apart from azure_*_read(), which reads the
 * file (bounded by JSON_MAX_BYTES) and calls the parser.
 */
#ifndef GPUFIT_AZURE_QUOTA_H
#define GPUFIT_AZURE_QUOTA_H

#include <stddef.h>

#include "util.h"

#define AZURE_QUOTA_ERRLEN 512

/* The quota names az uses for the regional totals. */
#define AZURE_QUOTA_CORES "cores"
#define AZURE_QUOTA_SPOT "lowPriorityCores"

/* One quota of a region: currentValue and limit as az reports them. */
struct azure_usage {
	char *name;           /* name.value, e.g. "standardNCADSA100v4Family" */
	long long current;    /* currentValue: vCPUs in use (allocated) */
	long long limit;      /* limit: vCPUs allowed */
};

/* One `az vm list-usage` file. */
struct azure_usage_list {
	struct azure_usage *items;
	size_t n;
};

/*
 * Parses the len bytes of text (a list-usage document; path names it in
 * messages).  0 and *out filled (release with azure_usage_release), or -1
 * with "path:line:col: message" in err and *out empty.
 */
int azure_usage_parse(const char *text, size_t len, const char *path,
		      struct azure_usage_list *out, char *err, size_t errlen);

/* azure_usage_parse() of the file at path. */
int azure_usage_read(const char *path, struct azure_usage_list *out, char *err, size_t errlen);

/* The quota called name (compared without case), or NULL. */
const struct azure_usage *azure_usage_find(const struct azure_usage_list *l, const char *name);

/* Frees the items; l is empty afterwards. */
void azure_usage_release(struct azure_usage_list *l);

/* Availability zones are "1", "2", "3": bit z of a mask is zone z. */
#define AZURE_ZONE_BIT(z) (1u << (unsigned)(z))

/* One size in one region as list-skus describes it. */
struct azure_sku {
	char *name;             /* e.g. "Standard_NC24ads_A100_v4" */
	char *location;         /* e.g. "eastus" (locations[0]) */
	char *family;           /* the quota family, e.g. "standardNCADSA100v4Family"; may be NULL */
	int vcpus;              /* capability vCPUs; -1 when absent */
	int gpus;               /* capability GPUs; -1 when absent */
	unsigned zones;         /* zones offered (locationInfo[].zones) */
	char *location_reason;  /* reasonCode of a Location restriction, or NULL */
	unsigned restricted_zones;   /* zones under a Zone restriction */
	char *zone_reason;      /* reasonCode of that Zone restriction, or NULL */
};

/* One `az vm list-skus` file (virtual machine rows only). */
struct azure_skus {
	struct azure_sku *items;
	size_t n;
	struct strmap index;   /* "size|region" in lower case -> first item of it
				  (built by the parser; lookups are O(1)) */
};

/* As azure_usage_parse(), for a list-skus document.  Rows whose
 * resourceType is not "virtualMachines" are skipped. */
int azure_skus_parse(const char *text, size_t len, const char *path, struct azure_skus *out,
		     char *err, size_t errlen);

/* azure_skus_parse() of the file at path. */
int azure_skus_read(const char *path, struct azure_skus *out, char *err, size_t errlen);

/* The row of size in region (both compared without case), or NULL. */
const struct azure_sku *azure_skus_find(const struct azure_skus *s, const char *size,
					const char *region);

enum azure_avail {
	AZURE_AVAILABLE = 0,
	AZURE_ABSENT,       /* the region's list has no such size */
	AZURE_RESTRICTED    /* restricted for the subscription (region or zone) */
};

/*
 * Whether size can be launched in region, in availability zone zone (1-3;
 * 0 = no zone asked: a size restricted in some zones only is available).
 * When it cannot, why gets the reason, e.g. "NotAvailableForSubscription in
 * eastus zone 2" or "not offered in eastus".
 */
enum azure_avail azure_skus_check(const struct azure_skus *s, const char *size,
				  const char *region, int zone, char *why, size_t whylen);

/* Frees the rows; s is empty afterwards. */
void azure_skus_release(struct azure_skus *s);

#endif
