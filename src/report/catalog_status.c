/*
 * catalog_status.c - `catalog status` in every format (catalog_status.h).
 */
#include "catalog_status.h"

#include <math.h>
#include <string.h>

#include "gpufit.h"
#include "isotime.h"
#include "json_out.h"
#include "strbuf.h"

static const char *origin_name(enum catalog_origin o)
{
	switch (o) {
	case CATALOG_OPTION:
		return "--catalog";
	case CATALOG_ENV:
		return "GPUFIT_CATALOG";
	case CATALOG_USER:
		return "user catalog";
	default:
		return "bundled";
	}
}

/* The table of price ages per region and kind (table and markdown). */
static void print_price_ages(FILE *out, enum out_format format,
			     const struct catalog_price_age *ages, size_t n)
{
	struct table *t = table_new(5);
	table_header(t, 0, "REGION", ALIGN_LEFT);
	table_header(t, 1, "KIND", ALIGN_LEFT);
	table_header(t, 2, "PRICES", ALIGN_RIGHT);
	table_header(t, 3, "OBSERVED", ALIGN_LEFT);
	table_header(t, 4, "AGE (days)", ALIGN_LEFT);
	for (size_t i = 0; i < n; i++) {
		char cnt[24], obs[32], age[64];
		long a = util_age_days(ages[i].oldest);
		snprintf(cnt, sizeof cnt, "%ld", ages[i].prices);
		if (!ages[i].oldest[0])
			snprintf(obs, sizeof obs, "unknown");
		else if (strcmp(ages[i].oldest, ages[i].newest) == 0)
			snprintf(obs, sizeof obs, "%s", ages[i].oldest);
		else
			snprintf(obs, sizeof obs, "%s..%s", ages[i].oldest, ages[i].newest);
		if (a < 0)
			snprintf(age, sizeof age, "unknown");
		else if (a > CATALOG_STALE_PRICE_DAYS)
			snprintf(age, sizeof age, "%ld (stale)", a);
		else
			snprintf(age, sizeof age, "%ld", a);
		table_add(t, ages[i].region, pricing_name(ages[i].pricing), cnt, obs, age);
	}
	fprintf(out, "\nLinux prices by region and kind (age = days since the oldest was "
			  "observed; stale: over %d days, run 'gpufit catalog refresh'):\n",
		CATALOG_STALE_PRICE_DAYS);
	table_print(t, out, format);
	table_free(t);
}

int catalog_status_json(FILE *out, const struct catalog_status_view *s)
{
	char regions[1024];
	int rc = 0;

	snprintf(regions, sizeof regions, "%s", s->regions);
	cJSON *doc = cJSON_CreateObject();
	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "origin", origin_name(s->origin));
	json_add_str_or_null(doc, "path", s->path);
	cJSON_AddStringToObject(doc, "source", s->source);
	json_add_str_or_null(doc, "fetched_at", s->fetched);
	if (s->age >= 0)
		cJSON_AddNumberToObject(doc, "age_days", (double)s->age);
	else
		cJSON_AddNullToObject(doc, "age_days");
	json_add_str_or_null(doc, "api_version", s->api);
	cJSON_AddStringToObject(doc, "currency", s->currency);
	cJSON *ra = cJSON_AddArrayToObject(doc, "regions");
	char *save = NULL;
	for (char *r = strtok_r(regions, ",", &save); r; r = strtok_r(NULL, ",", &save))
		cJSON_AddItemToArray(ra, cJSON_CreateString(r));
	cJSON *c = cJSON_AddObjectToObject(doc, "counts");
	cJSON_AddNumberToObject(c, "gpu_models", (double)s->counts->gpu_models);
	cJSON_AddNumberToObject(c, "vm_sizes", (double)s->counts->vm_sizes);
	cJSON_AddNumberToObject(c, "mig_profiles", (double)s->counts->mig_profiles);
	cJSON_AddNumberToObject(c, "model_presets", (double)s->counts->model_presets);
	cJSON_AddNumberToObject(c, "regions", (double)s->counts->regions);
	cJSON_AddNumberToObject(c, "prices", (double)s->counts->prices);
	cJSON *pk = cJSON_AddObjectToObject(doc, "prices_by_kind");
	for (int k = 0; k < PRICING_COUNT; k++)
		cJSON_AddNumberToObject(pk, pricing_name((enum pricing_kind)k),
					(double)s->counts->prices_by_kind[k]);
	cJSON *pa = cJSON_AddArrayToObject(doc, "price_ages");
	for (size_t i = 0; i < s->nages; i++) {
		cJSON *o = cJSON_CreateObject();
		long a = util_age_days(s->ages[i].oldest);
		cJSON_AddStringToObject(o, "region", s->ages[i].region);
		cJSON_AddStringToObject(o, "pricing", pricing_name(s->ages[i].pricing));
		cJSON_AddNumberToObject(o, "prices", (double)s->ages[i].prices);
		json_add_str_or_null(o, "oldest_observed", s->ages[i].oldest);
		json_add_str_or_null(o, "newest_observed", s->ages[i].newest);
		if (a >= 0)
			cJSON_AddNumberToObject(o, "age_days", (double)a);
		else
			cJSON_AddNullToObject(o, "age_days");
		cJSON_AddBoolToObject(o, "stale", a > CATALOG_STALE_PRICE_DAYS);
		cJSON_AddItemToArray(pa, o);
	}
	if (json_print(out, doc) != 0)
		rc = -1;
	cJSON_Delete(doc);
	return rc;
}

void catalog_status_text(FILE *out, enum out_format format, int color,
			 const struct catalog_status_view *s)
{
	struct table *tb = table_new(2);
	table_header(tb, 0, "FIELD", ALIGN_LEFT);
	table_header(tb, 1, "VALUE", ALIGN_LEFT);
	table_csv_record(tb);
	char b[4200];
	snprintf(b, sizeof b, "%s%s%s", origin_name(s->origin), s->path[0] ? " " : "", s->path);
	table_field(tb, "catalog", NULL, b);
	table_csv_field(tb, "origin", origin_name(s->origin));
	table_csv_field(tb, "path", s->path);
	table_field(tb, "source", "source", s->source);
	table_field(tb, "fetched", "fetched_at", s->fetched[0] ? s->fetched : "unknown");
	table_set_csv(tb, 1, s->fetched);
	if (s->age > 30)
		snprintf(b, sizeof b, "%ld days (prices may be stale: run 'gpufit catalog "
				      "refresh')",
			 s->age);
	else if (s->age >= 0)
		snprintf(b, sizeof b, "%ld days", s->age);
	else
		snprintf(b, sizeof b, "unknown");
	table_field(tb, "age", "age_days", b);
	table_set_number(tb, 1, s->age >= 0 ? (double)s->age : NAN, 0);
	if (s->age > 30)
		table_row_style(tb, OUT_YELLOW);
	if (s->api[0])
		table_field(tb, "api version", NULL, s->api);
	table_csv_field(tb, "api_version", s->api);
	table_field(tb, "currency", "currency", s->currency);
	if (s->regions[0])
		table_field(tb, "regions refreshed", NULL, s->regions);
	table_csv_field(tb, "regions_refreshed", s->regions);
	snprintf(b, sizeof b, "%ld GPU models, %ld VM sizes, %ld MIG profiles, %ld model "
			      "presets, %ld regions",
		 s->counts->gpu_models, s->counts->vm_sizes, s->counts->mig_profiles,
		 s->counts->model_presets, s->counts->regions);
	table_field(tb, "facts", NULL, b);
	table_csv_field_number(tb, "gpu_model_count", (double)s->counts->gpu_models, 0);
	table_csv_field_number(tb, "vm_size_count", (double)s->counts->vm_sizes, 0);
	table_csv_field_number(tb, "mig_profile_count", (double)s->counts->mig_profiles, 0);
	table_csv_field_number(tb, "model_preset_count", (double)s->counts->model_presets, 0);
	table_csv_field_number(tb, "region_count", (double)s->counts->regions, 0);
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%ld (", s->counts->prices);
	for (int k = 0; k < PRICING_COUNT; k++)
		strbuf_addf(&sb, "%s%s %ld", k ? ", " : "", pricing_name((enum pricing_kind)k),
			    s->counts->prices_by_kind[k]);
	strbuf_addstr(&sb, ")");
	table_field(tb, "linux prices", NULL, strbuf_str(&sb));
	strbuf_release(&sb);
	table_csv_field_number(tb, "linux_price_count", (double)s->counts->prices, 0);
	for (int k = 0; k < PRICING_COUNT; k++) {
		char name[48];
		snprintf(name, sizeof name, "linux_%s_price_count",
			 pricing_name((enum pricing_kind)k));
		table_csv_field_number(tb, out_csv_name(name), (double)s->counts->prices_by_kind[k],
				       0);
	}
	table_color(tb, color);
	table_print(tb, out, format);
	table_free(tb);
	if (format != FMT_CSV && s->nages)
		print_price_ages(out, format, s->ages, s->nages);
}
