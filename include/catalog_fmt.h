/*
 * catalog_fmt.h - the cells the catalog listings share (`catalog list`,
 * `catalog show`, `catalog models`, `catalog gpus`): figures, GPU counts,
 * hourly prices, and the figures the catalog may not know (NULL there, read
 * as 0), which are "-" or "unknown" in a table, an empty csv field and JSON
 * null, never 0.
 */
#ifndef GPUFIT_CATALOG_FMT_H
#define GPUFIT_CATALOG_FMT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "facts.h"

/* A figure with thousands separators: no decimals when whole, else 2. */
void catalog_fmt_num(char *buf, size_t len, double v);

/* "1", "8", "1/6" for fractional GPUs. */
void catalog_fmt_gpu_count(char *buf, size_t len, double n);

/* An hourly price in its currency as money is printed everywhere ("$98.32",
 * "1.610532 EUR"), with the precision of its source (util_fmt_hourly). */
void catalog_fmt_hourly(char *buf, size_t len, double v, const char *currency);

/* A figure or "-" when it is not above 0 (unknown). */
void catalog_fmt_cell(char *buf, size_t len, double v, int decimals);

/* A spec figure the catalog may not know: NaN (an empty csv field) when it
 * is not above 0. */
double catalog_known(double v);

/* InfiniBand per GPU: 0 when the size has none, NaN without a spec. */
double catalog_ib_gbit(const struct vm_size *v);

/* A GPU count or memory that may be unknown: JSON null when not above 0,
 * else v rounded to digits. */
void catalog_json_add_known(cJSON *o, const char *key, double v, int digits);

#endif
