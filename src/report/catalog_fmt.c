/*
 * catalog_fmt.c - the cells the catalog listings share (catalog_fmt.h).
 */
#include "catalog_fmt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "json_out.h"

void catalog_fmt_num(char *buf, size_t len, double v)
{
	util_fmt_figure(buf, len, v, v == floor(v) ? 0 : 2);
}

/* "1", "8", "1/6" for fractional GPUs. */
void catalog_fmt_gpu_count(char *buf, size_t len, double n)
{
	if (n >= 1 || n <= 0) {
		catalog_fmt_num(buf, len, n);
		return;
	}
	double inv = 1.0 / n;
	if (fabs(inv - round(inv)) < 0.01)
		snprintf(buf, len, "1/%.0f", round(inv));
	else
		snprintf(buf, len, "%.2f", n);
}

/* A GPU count or memory that may be unknown (NULL in the catalog, read as
 * 0): JSON null then. */
void catalog_json_add_known(cJSON *o, const char *key, double v, int digits)
{
	if (v > 0)
		json_add_rounded(o, key, v, digits);
	else
		cJSON_AddNullToObject(o, key);
}

/* An hourly price in its currency as money is printed everywhere ("$98.32",
 * "1.610532 EUR"), with the precision of its source (util_fmt_hourly). */
void catalog_fmt_hourly(char *buf, size_t len, double v, const char *currency)
{
	char h[40];

	util_fmt_hourly(h, sizeof h, v);
	if (strcmp(currency, "USD") == 0)
		snprintf(buf, len, "$%s", h);
	else
		snprintf(buf, len, "%s %s", h, currency);
}

/* A spec figure the catalog may not know (NULL there, read as 0): NaN, an
 * empty csv field, then. */
double catalog_known(double v)
{
	return v > 0 ? v : NAN;
}

/* InfiniBand per GPU: 0 when the size has none, unknown without a spec. */
double catalog_ib_gbit(const struct vm_size *v)
{
	return v->spec_known || v->infiniband_gbps > 0 ? v->infiniband_gbps : NAN;
}

void catalog_fmt_cell(char *buf, size_t len, double v, int decimals)
{
	if (v > 0)
		util_fmt_figure(buf, len, v, decimals);
	else
		snprintf(buf, len, "-");
}
