/*
 * catalog_show.c - `catalog show SKU` in every format (catalog_show.h).
 */
#include "catalog_show.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bill.h"
#include "catalog_fmt.h"
#include "fmt.h"
#include "gpufit.h"
#include "json_out.h"
#include "util.h"

int catalog_show_json(FILE *out, const struct catalog_show_view *s)
{
	const struct vm_size *v = s->vm;
	const struct gpu_spec *gpu = s->gpu;
	const struct mig_profile *migs = s->migs;
	const struct price *prices = s->prices;
	size_t nmig = s->nmig, nprice = s->nprice;
	int rc = 0;

	cJSON *doc = cJSON_CreateObject();
	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "sku", v->sku);
	cJSON_AddStringToObject(doc, "series", v->series);
	json_add_str_or_null(doc, "gpu_model", v->gpu_model);
	catalog_json_add_known(doc, "gpu_count", v->gpu_count, 4);
	catalog_json_add_known(doc, "gpu_memory_gib", v->gpu_memory_gib, 2);
	/* unknown is null: a size a refresh added from its price alone has
	 * no vCPUs or RAM, one whose spec is unknown no local disk figure */
	catalog_json_add_known(doc, "vcpus", v->vcpus, 0);
	catalog_json_add_known(doc, "ram_gib", v->ram_gib, 2);
	if (v->spec_known)
		json_add_rounded(doc, "local_nvme_gib", v->local_nvme_gib, 2);
	else
		cJSON_AddNullToObject(doc, "local_nvme_gib");
	cJSON_AddNumberToObject(doc, "infiniband_gbps", v->infiniband_gbps);
	json_add_str_or_null(doc, "infiniband_type", v->infiniband_type);
	cJSON_AddBoolToObject(doc, "nvlink", v->nvlink);
	cJSON_AddBoolToObject(doc, "mig_capable", v->mig_capable);
	cJSON_AddBoolToObject(doc, "retired", v->retired);
	cJSON_AddBoolToObject(doc, "retiring", v->retiring);
	json_add_str_or_null(doc, "retired_on", v->retired_on);
	json_add_str_or_null(doc, "successor", v->successor);
	json_add_str_or_null(doc, "quota_family", v->quota_family);
	cJSON_AddBoolToObject(doc, "spec_known", v->spec_known);
	if (gpu) {
		cJSON *g = cJSON_AddObjectToObject(doc, "gpu");
		cJSON_AddStringToObject(g, "vendor", gpu->vendor);
		cJSON_AddStringToObject(g, "architecture", gpu->architecture);
		cJSON_AddNumberToObject(g, "bandwidth_gbps", gpu->bandwidth_gbps);
		cJSON_AddNumberToObject(g, "fp16_tflops", gpu->fp16_tflops);
		cJSON_AddNumberToObject(g, "bf16_tflops", gpu->bf16_tflops);
		cJSON_AddNumberToObject(g, "fp8_tflops", gpu->fp8_tflops);
		cJSON_AddNumberToObject(g, "int8_tops", gpu->int8_tops);
		cJSON_AddNumberToObject(g, "fp32_tflops", gpu->fp32_tflops);
		cJSON_AddNumberToObject(g, "tdp_w", gpu->tdp_w);
	}
	cJSON *ma = cJSON_AddArrayToObject(doc, "mig_profiles");
	for (size_t i = 0; i < nmig; i++) {
		cJSON *m = cJSON_CreateObject();
		cJSON_AddStringToObject(m, "name", migs[i].name);
		json_add_rounded(m, "memory_gib", migs[i].memory_gib, 2);
		cJSON_AddNumberToObject(m, "memory_slices", migs[i].memory_slices);
		cJSON_AddNumberToObject(m, "compute_slices", migs[i].compute_slices);
		cJSON_AddNumberToObject(m, "max_count", migs[i].max_count);
		json_add_str_or_null(m, "aks_gpu_instance_profile", migs[i].aks_profile);
		cJSON_AddItemToArray(ma, m);
	}
	cJSON *pa = cJSON_AddArrayToObject(doc, "prices");
	for (size_t i = 0; i < nprice; i++) {
		cJSON *p = cJSON_CreateObject();
		cJSON_AddStringToObject(p, "region", prices[i].region);
		cJSON_AddStringToObject(p, "pricing", pricing_name(prices[i].pricing));
		cJSON_AddStringToObject(p, "os", prices[i].os);
		cJSON_AddStringToObject(p, "currency", prices[i].currency);
		json_add_rounded(p, "hourly", prices[i].hourly, 6);
		cJSON_AddItemToArray(pa, p);
	}
	if (json_print(out, doc) != 0)
		rc = -1;
	cJSON_Delete(doc);
	return rc;
}

/* ---- catalog show ---------------------------------------------------- */

/*
 * `catalog show -f csv`: one record per price (one with empty price fields
 * when there is none), the size's spec repeated on each, raw numbers with the
 * unit in the header.  Money columns are per currency: the catalog's first,
 * then any other a price is quoted in.
 */
static void show_csv(FILE *out, const struct catalog_show_view *s)
{
	enum { NSPEC = 20, MAXCUR = 8 };
	const struct vm_size *v = s->vm;
	const struct gpu_spec *gpu = s->gpu;
	const struct mig_profile *migs = s->migs;
	const struct price *prices = s->prices;
	size_t nmig = s->nmig, nprice = s->nprice;
	char cur[MAXCUR][4];
	size_t ncur = 0;
	if (s->currency[0]) {
		snprintf(cur[0], sizeof cur[0], "%s", s->currency);
		ncur = 1;
	}
	for (size_t i = 0; i < nprice && ncur < MAXCUR; i++) {
		size_t k = 0;
		while (k < ncur && strcmp(cur[k], prices[i].currency) != 0)
			k++;
		if (k == ncur)
			snprintf(cur[ncur++], sizeof cur[0], "%s", prices[i].currency);
	}
	if (!ncur)
		snprintf(cur[ncur++], sizeof cur[0], "USD");
	const char *spec[NSPEC] = { "sku", "series", "gpu_model", "gpu_count", "gpu_memory_gib",
				    "gpu_memory_bandwidth_gb_per_s", "gpu_fp16_tflops",
				    "gpu_fp8_tflops", "vcpu_count", "ram_gib", "local_disk_gib",
				    "infiniband_gbit_per_s", "infiniband_type", "nvlink",
				    "mig_capable", "retired", "mig_profiles", "region", "pricing",
				    "os" };
	size_t ncols = NSPEC + 2 * ncur;
	struct table *t = table_new(ncols);
	for (size_t c = 0; c < ncols; c++) {
		char h[32];
		if (c < NSPEC)
			snprintf(h, sizeof h, "%s", spec[c]);
		else
			out_money_header(h, sizeof h, (c - NSPEC) % 2 ? "monthly" : "hourly",
					 cur[(c - NSPEC) / 2]);
		int num = (c >= 3 && c <= 11) || c >= NSPEC;
		table_header(t, c, h, ALIGN_LEFT);
		table_csv_column(t, c, h, num ? CSV_NUMBER : CSV_TEXT);
	}
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < nmig; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", migs[i].name);
	const char **cells = xcalloc(ncols, sizeof *cells);
	for (size_t i = 0; i < (nprice ? nprice : 1); i++) {
		const struct price *p = nprice ? &prices[i] : NULL;
		cells[0] = v->sku;
		cells[1] = v->series;
		cells[2] = v->gpu_model;
		cells[12] = v->infiniband_type;
		cells[13] = v->nvlink ? "true" : "false";
		cells[14] = v->mig_capable ? "true" : "false";
		cells[15] = v->retired ? "true" : "false";
		cells[16] = strbuf_str(&sb);
		cells[17] = p ? p->region : "";
		cells[18] = p ? pricing_name(p->pricing) : "";
		cells[19] = p ? p->os : "";
		table_add_row(t, cells);
		table_set_number(t, 3, catalog_known(v->gpu_count), -4);
		table_set_number(t, 4, catalog_known(v->gpu_memory_gib), 2);
		table_set_number(t, 5, gpu ? catalog_known(gpu->bandwidth_gbps) : NAN, -2);
		table_set_number(t, 6, gpu ? catalog_known(gpu->fp16_tflops) : NAN, -2);
		table_set_number(t, 7, gpu ? gpu->fp8_tflops : NAN, -2);
		table_set_number(t, 8, catalog_known(v->vcpus), 0);
		table_set_number(t, 9, catalog_known(v->ram_gib), 2);
		table_set_number(t, 10, v->spec_known ? v->local_nvme_gib : NAN, 2);
		table_set_number(t, 11, catalog_ib_gbit(v), -2);
		for (size_t k = 0; p && k < ncur; k++) {
			if (strcmp(cur[k], p->currency) != 0)
				continue;
			table_set_number(t, NSPEC + 2 * k, p->hourly, -6);
			table_set_number(t, NSPEC + 2 * k + 1,
					 bill_monthly(p->pricing, p->hourly, 1, BILL_MONTH_HOURS), 2);
		}
	}
	table_print(t, out, FMT_CSV);
	free(cells);
	strbuf_release(&sb);
	table_free(t);
}

/* The size's fields, then its prices, as two tables. */
static void show_table(FILE *out, enum out_format format, int color,
		       const struct catalog_show_view *s)
{
	const struct vm_size *v = s->vm;
	const struct gpu_spec *gpu = s->gpu;
	const struct mig_profile *migs = s->migs;
	const struct price *prices = s->prices;
	size_t nmig = s->nmig, nprice = s->nprice;

	struct table *t = table_new(2);
	table_header(t, 0, "FIELD", ALIGN_LEFT);
	table_header(t, 1, "VALUE", ALIGN_LEFT);
	char b[128], n[32];
	table_add(t, "sku", v->sku);
	table_add(t, "series", v->series);
	table_add(t, "gpu model", v->gpu_model[0] ? v->gpu_model : "spec unknown");
	catalog_fmt_gpu_count(b, sizeof b, v->gpu_count);
	table_add(t, "gpus", v->gpu_count > 0 ? b : "unknown");
	util_fmt_figure(n, sizeof n, v->gpu_memory_gib, 2);
	snprintf(b, sizeof b, "%s GiB", n);
	table_add(t, "gpu memory (per gpu)", v->gpu_memory_gib > 0 ? b : "unknown");
	if (gpu) {
		util_fmt_figure(n, sizeof n, gpu->bandwidth_gbps, 0);
		snprintf(b, sizeof b, "%s GB/s", n);
		table_add(t, "gpu memory bandwidth", b);
		util_fmt_figure(n, sizeof n, gpu->fp16_tflops, 1);
		snprintf(b, sizeof b, "%s TFLOPS dense", n);
		table_add(t, "gpu fp16 tensor", b);
		if (gpu->fp8_tflops > 0) {
			util_fmt_figure(n, sizeof n, gpu->fp8_tflops, 1);
			snprintf(b, sizeof b, "%s TFLOPS dense", n);
			table_add(t, "gpu fp8 tensor", b);
		}
	}
	snprintf(b, sizeof b, "%d", v->vcpus);
	table_add(t, "vcpus", v->vcpus > 0 ? b : "unknown");
	util_fmt_figure(n, sizeof n, v->ram_gib, 0);
	snprintf(b, sizeof b, "%s GiB", n);
	table_add(t, "ram", v->ram_gib > 0 ? b : "unknown");
	util_fmt_figure(n, sizeof n, v->local_nvme_gib, 0);
	snprintf(b, sizeof b, "%s GiB", n);
	table_add(t, "local disk", v->spec_known ? b : "unknown");
	if (v->infiniband_gbps > 0)
		snprintf(b, sizeof b, "%s Gb/s %s per GPU",
			 util_fmt_figure(n, sizeof n, v->infiniband_gbps, 0), v->infiniband_type);
	else
		snprintf(b, sizeof b, "none");
	table_add(t, "infiniband", b);
	table_add(t, "nvlink", v->nvlink ? "yes" : "no");
	if (v->retired || v->retiring)
		snprintf(b, sizeof b, "%s %s%s%s%s", v->retired ? "yes," : "retiring",
			 v->retired_on[0] ? "on " : "",
			 v->retired_on[0] ? v->retired_on : "day not known",
			 v->successor[0] ? "; successor " : "", v->successor);
	else
		snprintf(b, sizeof b, "no");
	table_add(t, "retired", b);
	table_add(t, "quota family", v->quota_family[0] ? v->quota_family
		  : s->has_quota_family ? "not known"
		  : "not known (a catalog written by an earlier build)");
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < nmig; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", migs[i].name);
	table_add(t, "mig profiles", nmig ? strbuf_str(&sb) : "-");
	strbuf_release(&sb);
	table_color(t, color);
	table_print(t, out, format);
	table_free(t);
	fputc('\n', out);
	if (nprice == 0) {
		fprintf(out, "no prices in this catalog; run 'gpufit catalog refresh'\n");
	} else {
		struct table *pt = table_new(5);
		table_header(pt, 0, "REGION", ALIGN_LEFT);
		table_header(pt, 1, "PRICING", ALIGN_LEFT);
		table_header(pt, 2, "OS", ALIGN_LEFT);
		table_header(pt, 3, "HOURLY", ALIGN_RIGHT);
		table_header(pt, 4, "MONTHLY (730 h)", ALIGN_RIGHT);
		for (size_t i = 0; i < nprice; i++) {
			char mo[48], hc[48];
			catalog_fmt_hourly(hc, sizeof hc, prices[i].hourly, prices[i].currency);
			util_fmt_money_in(mo, sizeof mo,
					  bill_monthly(prices[i].pricing, prices[i].hourly, 1,
						       BILL_MONTH_HOURS),
					  prices[i].currency);
			table_add(pt, prices[i].region, pricing_name(prices[i].pricing),
				  prices[i].os, hc, mo);
		}
		table_color(pt, color);
		table_print(pt, out, format);
		table_free(pt);
	}
}

void catalog_show_text(FILE *out, enum out_format format, int color,
		       const struct catalog_show_view *s)
{
	if (format == FMT_CSV)
		show_csv(out, s);
	else
		show_table(out, format, color, s);
}
