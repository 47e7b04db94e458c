/*
 * catalog_list.c - `catalog list` in every format (catalog_list.h).
 */
#include "catalog_list.h"

#include <string.h>

#include "bill.h"
#include "catalog_fmt.h"
#include "escape.h"
#include "fmt.h"
#include "gpufit.h"
#include "json_out.h"

static void fmt_ib(char *buf, size_t len, const struct vm_size *v)
{
	if (v->infiniband_gbps <= 0)
		snprintf(buf, len, "-");
	else
	{
		char n[32];

		snprintf(buf, len, "%s%s%s", util_fmt_figure(n, sizeof n, v->infiniband_gbps, 0),
			 v->infiniband_type[0] ? " " : "", v->infiniband_type);
	}
}

int catalog_list_json(FILE *out, const struct size_row *rows, size_t nrows,
		      const struct catalog_list_view *a)
{
	int rc = 0;
	cJSON *doc = cJSON_CreateObject();
	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "currency", a->currency);
	cJSON_AddStringToObject(doc, "pricing", pricing_name(a->kind));
	cJSON_AddNumberToObject(doc, "hours_per_month", bill_hours(a->kind, a->hours));
	cJSON *arr = cJSON_AddArrayToObject(doc, "sizes");
	for (size_t i = 0; i < nrows; i++) {
		const struct vm_size *v = rows[i].vm;
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "sku", v->sku);
		if (rows[i].price)
			cJSON_AddStringToObject(o, "region", rows[i].price->region);
		else
			cJSON_AddNullToObject(o, "region");
		json_add_str_or_null(o, "gpu_model", v->gpu_model);
		catalog_json_add_known(o, "gpu_count", v->gpu_count, 4);
		catalog_json_add_known(o, "gpu_memory_gib", v->gpu_memory_gib, 2);
		cJSON_AddNumberToObject(o, "vcpus", v->vcpus);
		json_add_rounded(o, "ram_gib", v->ram_gib, 2);
		cJSON_AddNumberToObject(o, "infiniband_gbps", v->infiniband_gbps);
		if (rows[i].price) {
			json_add_rounded(o, "hourly", rows[i].price->hourly, 6);
			json_add_money(o, "monthly", bill_monthly(rows[i].price->pricing,
								   rows[i].price->hourly, 1, a->hours));
		} else {
			cJSON_AddNullToObject(o, "hourly");
			cJSON_AddNullToObject(o, "monthly");
		}
		cJSON_AddBoolToObject(o, "priced", rows[i].price != NULL);
		cJSON_AddBoolToObject(o, "retired", v->retired);
		cJSON_AddItemToArray(arr, o);
	}
	if (json_print(out, doc) != 0)
		rc = -1;
	cJSON_Delete(doc);
	return rc;
}

/* One row of the table: display cells, and the raw numbers and names that
 * the CSV form prints instead. */
static void list_table_row(struct table *t, const struct size_row *row,
			   const char *currency, double hours)
{
	const struct vm_size *v = row->vm;
	char cnt[16], mem[32], cpu[16], ram[32], ib[32], hr[48], mo[48], sku[112];
	catalog_fmt_gpu_count(cnt, sizeof cnt, v->gpu_count);
	catalog_fmt_num(mem, sizeof mem, v->gpu_memory_gib);
	if (!(v->gpu_count > 0))
		snprintf(cnt, sizeof cnt, "-");
	if (!(v->gpu_memory_gib > 0))
		snprintf(mem, sizeof mem, "-");
	snprintf(cpu, sizeof cpu, "%d", v->vcpus);
	catalog_fmt_num(ram, sizeof ram, v->ram_gib);
	fmt_ib(ib, sizeof ib, v);
	if (row->price) {
		catalog_fmt_hourly(hr, sizeof hr, row->price->hourly, currency);
		util_fmt_money_in(mo, sizeof mo,
				  bill_monthly(row->price->pricing, row->price->hourly, 1, hours),
				  currency);
	} else {
		snprintf(hr, sizeof hr, "unpriced");
		snprintf(mo, sizeof mo, "-");
	}
	if (v->retiring)
		snprintf(sku, sizeof sku, "%s (retiring %s)", v->sku, v->retired_on);
	else
		snprintf(sku, sizeof sku, "%s%s", v->sku, v->retired ? " (retired)" : "");
	table_add(t, sku, row->price ? row->price->region : "-",
		  v->gpu_model[0] ? v->gpu_model : "spec unknown", cnt, mem, cpu, ram,
		  ib, v->infiniband_type, hr, mo, v->retired ? "true" : "false");
	table_set_csv(t, 0, v->sku);
	table_set_csv(t, 2, v->gpu_model);
	table_set_number(t, 3, catalog_known(v->gpu_count), -4);
	table_set_number(t, 4, catalog_known(v->gpu_memory_gib), 2);
	table_set_number(t, 5, catalog_known(v->vcpus), 0);
	table_set_number(t, 6, catalog_known(v->ram_gib), 2);
	table_set_number(t, 7, catalog_ib_gbit(v), -2);
	if (row->price) {
		table_set_number(t, 9, row->price->hourly, -6);
		table_set_number(t, 10,
			 bill_monthly(row->price->pricing, row->price->hourly, 1, hours), 2);
	} else {
		table_set_csv(t, 1, "");
		table_set_csv(t, 9, "");
		table_set_csv(t, 10, "");
	}
}

/* The lines under the table: the row count and what the prices are, and
 * how many sizes of the GPU have no price of this kind. */
static void list_footer(FILE *out, const struct size_row *rows, size_t nrows,
			const struct catalog_list_view *a)
{
	const char *region = a->region, *currency = a->currency;
	enum pricing_kind kind = a->kind;
	size_t unpriced = 0;

	for (size_t i = 0; i < nrows; i++)
		unpriced += rows[i].price == NULL;
	/* the currency is the catalog's: escaped, as any of its text */
	fputc('\n', out);
	esc_fprintf(out, ESC_TERM, "%zu rows; %s prices in %s per hour, "
		    "monthly = %.0f h%s", nrows, pricing_name(kind), currency,
		    bill_hours(kind, a->hours),
		    bill_is_commitment(kind) ? " (a commitment bills every hour)" : "");
	fputc('\n', out);
	if (unpriced)
		fprintf(out, "%zu size%s of this GPU %s no %s price%s%s in this "
			"catalog (unpriced); 'gpufit catalog refresh%s%s' fetches "
			"current prices\n", unpriced,
			unpriced == 1 ? "" : "s", unpriced == 1 ? "has" : "have",
			pricing_name(kind), region ? " in " : "", region ? region : "",
			region ? " -r " : "", region ? region : "");
}

void catalog_list_text(FILE *out, enum out_format format, int color,
		       const struct size_row *rows, size_t nrows,
		       const struct catalog_list_view *a)
{
	enum { NCOLS = 12 };
	struct table *t = table_new(NCOLS);
	const char *hdr[NCOLS] = { "SKU", "REGION", "GPU", "GPUS", "GPU MEM (GiB)",
				   "VCPUS", "RAM (GiB)", "IB (Gbit/s/GPU)", "IB TYPE",
				   "HOURLY", "MONTHLY", "RETIRED" };
	char hourly_h[24], monthly_h[24];
	const char *csv_hdr[NCOLS] = {
		"sku", "region", "gpu_model", "gpu_count", "gpu_memory_gib", "vcpu_count",
		"ram_gib", "infiniband_gbit_per_s", "infiniband_type",
		out_money_header(hourly_h, sizeof hourly_h, "hourly", a->currency),
		out_money_header(monthly_h, sizeof monthly_h, "monthly", a->currency), "retired"
	};
	for (size_t c = 0; c < NCOLS; c++) {
		table_header(t, c, hdr[c], c >= 3 && c != 7 ? ALIGN_RIGHT : ALIGN_LEFT);
		table_csv_column(t, c, csv_hdr[c],
				 (c >= 3 && c <= 7) || c == 9 || c == 10 ? CSV_NUMBER
									 : CSV_TEXT);
	}
	table_column_show(t, 8, SHOW_CSV);
	table_column_show(t, 11, SHOW_CSV);
	for (size_t i = 0; i < nrows; i++)
		list_table_row(t, &rows[i], a->currency, a->hours);
	if (format == FMT_TABLE && nrows == 0)
		fprintf(out, "no sizes match\n");
	else {
		table_color(t, color);
		table_print(t, out, format);
	}
	if (format == FMT_TABLE && nrows > 0)
		list_footer(out, rows, nrows, a);
	table_free(t);
}
