/*
 * cmd_catalog.c - `gpufit catalog list|show|status` (and the verb table that
 * also routes `refresh` to cmd_catalog_refresh.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bill.h"
#include "catalog.h"
#include "cli.h"
#include "cmd_util.h"
#include "commands.h"
#include "diag.h"
#include "escape.h"
#include "gpufit.h"
#include "sizing.h"
#include "json_out.h"
#include "util.h"

/* Opens the catalog the global options select; prints and returns -1 on error. */
static catalog *open_catalog(struct cli_ctx *ctx, enum catalog_origin *origin, char *path,
			     size_t pathlen)
{
	catalog *cat;
	char err[CATALOG_ERRLEN];
	if (catalog_open_default(ctx->catalog_path, &cat, origin, path, pathlen, err) != 0) {
		diag_error("%s", err);
		return NULL;
	}
	return cat;
}

static void fmt_num(char *buf, size_t len, double v)
{
	util_fmt_figure(buf, len, v, v == floor(v) ? 0 : 2);
}

/* "1", "8", "1/6" for fractional GPUs. */
static void fmt_gpu_count(char *buf, size_t len, double n)
{
	if (n >= 1 || n <= 0) {
		fmt_num(buf, len, n);
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
static void json_add_known(cJSON *o, const char *key, double v, int digits)
{
	if (v > 0)
		json_add_rounded(o, key, v, digits);
	else
		cJSON_AddNullToObject(o, key);
}

/* An hourly price in its currency as money is printed everywhere ("$98.32",
 * "1.610532 EUR"), with the precision of its source (util_fmt_hourly). */
static void fmt_hourly_in(char *buf, size_t len, double v, const char *currency)
{
	char h[40];

	util_fmt_hourly(h, sizeof h, v);
	if (strcmp(currency, "USD") == 0)
		snprintf(buf, len, "$%s", h);
	else
		snprintf(buf, len, "%s %s", h, currency);
}

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

/* A spec figure the catalog may not know (NULL there, read as 0): NaN, an
 * empty csv field, then. */
static double known(double v)
{
	return v > 0 ? v : NAN;
}

/* InfiniBand per GPU: 0 when the size has none, unknown without a spec. */
static double ib_gbit(const struct vm_size *v)
{
	return v->spec_known || v->infiniband_gbps > 0 ? v->infiniband_gbps : NAN;
}

/* ---- catalog list ---------------------------------------------------- */

enum { L_GPU = 1, L_REGION, L_MINMEM, L_PRICING, L_MAXHOURLY, L_RETIRED, L_CURRENCY, L_HOURS };

static const struct cli_opt list_opts[] = {
	{ "gpu", 0, CLI_ARG_REQUIRED, L_GPU, "NAME", NULL,
	  "a GPU family (A10, not A100), model or its parts (A100-80GB); lists the family's "
	  "unpriced sizes too" },
	{ "region", 'r', CLI_ARG_REQUIRED, L_REGION, "R", NULL, "only this region" },
	{ "min-gpu-memory", 0, CLI_ARG_REQUIRED, L_MINMEM, "N", NULL,
	  "at least N GiB per GPU (units: 40, 40GiB, 80GB)" },
	{ "pricing", 'p', CLI_ARG_REQUIRED, L_PRICING, "KIND", CLI_PRICING_TERMS,
	  "payg (default) | spot | reserved-1y | reserved-3y | savings-1y | savings-3y" },
	{ "max-hourly", 0, CLI_ARG_REQUIRED, L_MAXHOURLY, "N", NULL, "at most N per hour" },
	{ "include-retired", 0, CLI_ARG_NONE, L_RETIRED, NULL, NULL, "also list retired sizes" },
	{ "currency", 0, CLI_ARG_REQUIRED, L_CURRENCY, "C", NULL, "price currency (default USD)" },
	{ "hours-per-month", 0, CLI_ARG_REQUIRED, L_HOURS, "N", NULL,
	  "hours in the monthly column (default 730; payg and spot only: a commitment bills "
	  "730 h, docs/billing.md)" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

struct list_row {
	const struct vm_size *vm;
	const struct price *price;
};

/* Priced rows by price, then the unpriced (price NULL) by name. */
static int row_cmp(const void *a, const void *b)
{
	const struct list_row *x = a, *y = b;
	if (!x->price || !y->price) {
		if (x->price || y->price)
			return x->price ? -1 : 1;
		return strcmp(x->vm->sku, y->vm->sku);
	}
	if (x->price->hourly != y->price->hourly)
		return x->price->hourly < y->price->hourly ? -1 : 1;
	int c = strcmp(x->vm->sku, y->vm->sku);
	return c ? c : strcmp(x->price->region, y->price->region);
}

/*
 * --gpu matches a GPU family exactly ("A10" is the A10 and its partitions,
 * not the A100), a GPU model, or the parts of one ("A100-80GB"); a filter
 * that is neither a family nor a model's parts matches inside a size name.
 */
static int gpu_matches(const struct vm_size *v, const char *gpu)
{
	size_t fam = strcspn(v->gpu_model, "-");

	if (v->gpu_model[0] && strlen(gpu) == fam && strncasecmp(v->gpu_model, gpu, fam) == 0)
		return 1;
	if (v->gpu_model[0] && (strcasecmp(v->gpu_model, gpu) == 0 ||
				(strchr(gpu, '-') && util_parts_in(v->gpu_model, gpu))))
		return 1;
	return strchr(gpu, '_') != NULL && util_contains_nocase(v->sku, gpu);
}

static const struct vm_size *vm_by_sku(const struct vm_size *vms, size_t n, const char *sku)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(vms[mid].sku, sku);
		if (c == 0)
			return &vms[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* The options of `catalog list`.  currency points at currency_buf when
 * --currency is given, so the struct is not copied. */
struct list_args {
	const char *gpu, *region, *currency;
	char currency_buf[4];
	double min_mem, max_hourly, hours;
	enum pricing_kind kind;
	int retired;
};

/* Reads the options into a; returns EXIT_OK, or the exit code of a usage
 * error (said on stderr). */
static int list_parse(int argc, char **argv, struct list_args *a)
{
	struct cli_iter it;
	const char *val;
	int opt;

	memset(a, 0, sizeof(*a));
	a->currency = "USD";
	a->hours = GPUFIT_HOURS_PER_MONTH;
	a->kind = PRICING_PAYG;
	cli_iter_init(&it, "catalog list", list_opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		switch (opt) {
		case L_GPU:
			a->gpu = val;
			break;
		case L_REGION:
			a->region = val;
			break;
		case L_MINMEM:
			if (util_parse_size_gib(val, &a->min_mem) != 0 || a->min_mem < 0)
				return cli_usage_error("catalog list",
						       "'%s' for '--min-gpu-memory' is not a size in GiB",
						       val);
			break;
		case L_PRICING:
			if (pricing_parse(val, &a->kind) != 0)
				return cli_usage_error("catalog list",
						       "unknown pricing '%s' (payg, spot, reserved-1y, "
						       "reserved-3y, savings-1y, savings-3y)",
						       val);
			break;
		case L_MAXHOURLY:
			if (cli_positive("catalog list", "max-hourly", val, &a->max_hourly) != 0)
				return EXIT_USAGE;
			break;
		case L_RETIRED:
			a->retired = 1;
			break;
		case L_CURRENCY:
			if (cli_currency("catalog list", val, a->currency_buf) != 0)
				return EXIT_USAGE;
			a->currency = a->currency_buf;
			break;
		case L_HOURS:
			if (cli_positive("catalog list", "hours-per-month", val, &a->hours) != 0)
				return EXIT_USAGE;
			break;
		case CLI_POSITIONAL:
			return cli_usage_error("catalog list", "unexpected argument '%s'", val);
		default:
			return EXIT_USAGE;
		}
	}
	return EXIT_OK;
}

/*
 * A --gpu that names no family, model or parts of one (and no part of a
 * size name) is an unknown GPU, as estimate --gpu says: exit 3 with the
 * nearest names, not an empty list.  Returns whether the GPU is known.
 */
static int list_gpu_known(catalog *cat, const struct vm_size *vms, size_t nvm, const char *gpu)
{
	if (gpu && !strchr(gpu, '_')) {
		size_t k;
		for (k = 0; k < nvm && !gpu_matches(&vms[k], gpu); k++)
			;
		if (k == nvm) {
			cmd_unknown_name(cat, "gpu_models", "GPU", gpu, 3,
					 "'gpufit catalog gpus' lists them");
			return 0;
		}
	}
	return 1;
}

/* A currency or pricing kind the catalog has no price in at all is said
 * so, with the fix, rather than an empty list. */
static void list_warn_unpriced(const struct price *prices, size_t nprice,
			       const struct list_args *a)
{
	size_t kc = 0, kk = 0;

	while (kc < nprice && strcasecmp(prices[kc].currency, a->currency) != 0)
		kc++;
	while (kk < nprice && prices[kk].pricing != a->kind)
		kk++;
	if (nprice && kc == nprice)
		diag_warning("no %s price in the catalog: prices in %s only; run 'gpufit "
			     "catalog refresh --currency %s'", a->currency, prices[0].currency,
			     a->currency);
	else if (nprice && kk == nprice)
		diag_warning("no %s price in the catalog; run 'gpufit catalog refresh' for "
			     "them", pricing_name(a->kind));
}

/* The rows the options select, sorted by row_cmp: one per matching price,
 * then, with --gpu, the family's sizes without a price of this kind.  The
 * caller frees the array; *nrows is its length. */
static struct list_row *list_rows(const struct vm_size *vms, size_t nvm,
				  const struct price *prices, size_t nprice,
				  const struct list_args *a, size_t *nrows_out)
{
	const char *gpu = a->gpu, *region = a->region;
	double min_mem = a->min_mem, max_hourly = a->max_hourly;
	struct list_row *rows = xcalloc(nprice + nvm + 1, sizeof *rows);
	size_t nrows = 0;

	for (size_t i = 0; i < nprice; i++) {
		const struct price *p = &prices[i];
		if (p->pricing != a->kind || strcmp(p->os, "linux") != 0 ||
		    strcasecmp(p->currency, a->currency) != 0)
			continue;
		if (region && strcasecmp(p->region, region) != 0)
			continue;
		if (max_hourly > 0 && p->hourly > max_hourly)
			continue;
		const struct vm_size *v = vm_by_sku(vms, nvm, p->sku);
		if (!v || (v->retired && !a->retired))
			continue;
		if (gpu && !gpu_matches(v, gpu))
			continue;
		if (min_mem > 0 && v->gpu_memory_gib + 1e-9 < min_mem)
			continue;
		rows[nrows].vm = v;
		rows[nrows].price = p;
		nrows++;
	}
	/* with --gpu, the family's sizes without a price of this kind are listed
	 * too, marked unpriced */
	for (size_t k = 0; gpu && k < nvm; k++) {
		const struct vm_size *v = &vms[k];
		int priced = 0;

		if ((v->retired && !a->retired) || !gpu_matches(v, gpu) ||
		    (min_mem > 0 && v->gpu_memory_gib + 1e-9 < min_mem) || max_hourly > 0)
			continue;
		for (size_t i = 0; i < nrows && !priced; i++)
			priced = rows[i].vm == v;
		if (priced)
			continue;
		rows[nrows].vm = v;
		rows[nrows].price = NULL;
		nrows++;
	}
	qsort(rows, nrows, sizeof *rows, row_cmp);
	*nrows_out = nrows;
	return rows;
}

/* `catalog list -f json`.  Returns EXIT_OK, or EXIT_CATALOG when the
 * output cannot be written. */
static int list_json(struct cli_ctx *ctx, const struct list_row *rows, size_t nrows,
		     const struct list_args *a)
{
	int rc = EXIT_OK;
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
		json_add_known(o, "gpu_count", v->gpu_count, 4);
		json_add_known(o, "gpu_memory_gib", v->gpu_memory_gib, 2);
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
	if (json_print(ctx->out, doc) != 0)
		rc = EXIT_CATALOG;
	cJSON_Delete(doc);
	return rc;
}

/* One row of the table: display cells, and the raw numbers and names that
 * the CSV form prints instead. */
static void list_table_row(struct table *t, const struct list_row *row, const char *currency,
			   double hours)
{
	const struct vm_size *v = row->vm;
	char cnt[16], mem[32], cpu[16], ram[32], ib[32], hr[48], mo[48], sku[112];
	fmt_gpu_count(cnt, sizeof cnt, v->gpu_count);
	fmt_num(mem, sizeof mem, v->gpu_memory_gib);
	if (!(v->gpu_count > 0))
		snprintf(cnt, sizeof cnt, "-");
	if (!(v->gpu_memory_gib > 0))
		snprintf(mem, sizeof mem, "-");
	snprintf(cpu, sizeof cpu, "%d", v->vcpus);
	fmt_num(ram, sizeof ram, v->ram_gib);
	fmt_ib(ib, sizeof ib, v);
	if (row->price) {
		fmt_hourly_in(hr, sizeof hr, row->price->hourly, currency);
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
	table_set_number(t, 3, known(v->gpu_count), -4);
	table_set_number(t, 4, known(v->gpu_memory_gib), 2);
	table_set_number(t, 5, known(v->vcpus), 0);
	table_set_number(t, 6, known(v->ram_gib), 2);
	table_set_number(t, 7, ib_gbit(v), -2);
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
static void list_footer(struct cli_ctx *ctx, const struct list_row *rows, size_t nrows,
			const struct list_args *a)
{
	const char *region = a->region, *currency = a->currency;
	enum pricing_kind kind = a->kind;
	size_t unpriced = 0;

	for (size_t i = 0; i < nrows; i++)
		unpriced += rows[i].price == NULL;
	/* the currency is the catalog's: escaped, as any of its text */
	fputc('\n', ctx->out);
	esc_fprintf(ctx->out, ESC_TERM, "%zu rows; %s prices in %s per hour, "
		    "monthly = %.0f h%s", nrows, pricing_name(kind), currency,
		    bill_hours(kind, a->hours),
		    bill_is_commitment(kind) ? " (a commitment bills every hour)" : "");
	fputc('\n', ctx->out);
	if (unpriced)
		fprintf(ctx->out, "%zu size%s of this GPU %s no %s price%s%s in this "
			"catalog (unpriced); 'gpufit catalog refresh%s%s' fetches "
			"current prices\n", unpriced,
			unpriced == 1 ? "" : "s", unpriced == 1 ? "has" : "have",
			pricing_name(kind), region ? " in " : "", region ? region : "",
			region ? " -r " : "", region ? region : "");
}

/* `catalog list` as a table, markdown, CSV or HTML. */
static void list_table(struct cli_ctx *ctx, const struct list_row *rows, size_t nrows,
		       const struct list_args *a)
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
	if (ctx->format == FMT_TABLE && nrows == 0)
		fprintf(ctx->out, "no sizes match\n");
	else {
		table_color(t, ctx->color);
		table_print(t, ctx->out, ctx->format);
	}
	if (ctx->format == FMT_TABLE && nrows > 0)
		list_footer(ctx, rows, nrows, a);
	table_free(t);
}

static int catalog_list(struct cli_ctx *ctx, int argc, char **argv)
{
	struct list_args a;
	int rc = list_parse(argc, argv, &a);
	if (rc != EXIT_OK)
		return rc;

	enum catalog_origin origin;
	char path[4096];
	catalog *cat = open_catalog(ctx, &origin, path, sizeof path);
	if (!cat)
		return EXIT_CATALOG;
	char err[CATALOG_ERRLEN];
	struct vm_size *vms = NULL;
	struct price *prices = NULL;
	size_t nvm = 0, nprice = 0;
	if (a.region) {
		struct region r;
		int found = catalog_region_find(cat, a.region, &r, err);
		if (found == 0) {
			cmd_unknown_name(cat, "regions", "region", a.region, 1, NULL);
			catalog_close(cat);
			return EXIT_INPUT;
		}
	}
	if (catalog_vm_list(cat, &vms, &nvm, err) != 0 ||
	    catalog_price_list(cat, NULL, &prices, &nprice, err) != 0) {
		diag_error("%s", err);
		catalog_close(cat);
		free(vms);
		return EXIT_CATALOG;
	}
	if (!list_gpu_known(cat, vms, nvm, a.gpu)) {
		catalog_close(cat);
		free(vms);
		free(prices);
		return EXIT_INPUT;
	}
	list_warn_unpriced(prices, nprice, &a);
	size_t nrows;
	struct list_row *rows = list_rows(vms, nvm, prices, nprice, &a, &nrows);

	if (ctx->format == FMT_JSON)
		rc = list_json(ctx, rows, nrows, &a);
	else
		list_table(ctx, rows, nrows, &a);
	free(rows);
	free(prices);
	free(vms);
	catalog_close(cat);
	return rc;
}

/* ---- catalog show ---------------------------------------------------- */

/*
 * `catalog show -f csv`: one record per price (one with empty price fields
 * when there is none), the size's spec repeated on each, raw numbers with the
 * unit in the header.  Money columns are per currency: the catalog's first,
 * then any other a price is quoted in.
 */
static void show_csv(FILE *out, catalog *cat, const struct vm_size *v,
		     const struct gpu_spec *gpu, const struct mig_profile *migs, size_t nmig,
		     const struct price *prices, size_t nprice)
{
	enum { NSPEC = 20, MAXCUR = 8 };
	char cur[MAXCUR][4];
	size_t ncur = 0;
	if (catalog_meta(cat, "currency", cur[0], sizeof cur[0]) == 0 && cur[0][0])
		ncur = 1;
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
		table_set_number(t, 3, known(v->gpu_count), -4);
		table_set_number(t, 4, known(v->gpu_memory_gib), 2);
		table_set_number(t, 5, gpu ? known(gpu->bandwidth_gbps) : NAN, -2);
		table_set_number(t, 6, gpu ? known(gpu->fp16_tflops) : NAN, -2);
		table_set_number(t, 7, gpu ? gpu->fp8_tflops : NAN, -2);
		table_set_number(t, 8, known(v->vcpus), 0);
		table_set_number(t, 9, known(v->ram_gib), 2);
		table_set_number(t, 10, v->spec_known ? v->local_nvme_gib : NAN, 2);
		table_set_number(t, 11, ib_gbit(v), -2);
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

static int catalog_show(struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct cli_opt opts[] = { { NULL, 0, 0, 0, NULL, NULL, NULL } };
	const char *sku = NULL;
	struct cli_iter it;
	const char *val;
	int opt;
	cli_iter_init(&it, "catalog show", opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		if (opt != CLI_POSITIONAL)
			return EXIT_USAGE;
		if (sku)
			return cli_usage_error("catalog show", "unexpected argument '%s'", val);
		sku = val;
	}
	if (!sku)
		return cli_usage_error("catalog show", "missing SKU");

	catalog *cat = open_catalog(ctx, NULL, (char[4096]){ 0 }, 4096);
	if (!cat)
		return EXIT_CATALOG;
	char err[CATALOG_ERRLEN];
	struct vm_size v;
	int found = catalog_vm_find(cat, sku, &v, err);
	int rc = cmd_found(found, err, cat, "vm_sizes", "size", sku,
			   "'gpufit catalog list' shows the known sizes");
	if (rc != EXIT_OK) {
		catalog_close(cat);
		return rc;
	}
	struct mig_profile *migs = NULL;
	struct price *prices = NULL;
	size_t nmig = 0, nprice = 0;
	struct gpu_spec gpu;
	int have_gpu = v.gpu_model[0] && catalog_gpu_find(cat, v.gpu_model, &gpu, err) == 1;
	if ((v.mig_capable && v.gpu_model[0] &&
	     catalog_mig_list(cat, v.gpu_model, &migs, &nmig, err) != 0) ||
	    catalog_price_list(cat, v.sku, &prices, &nprice, err) != 0) {
		diag_error("%s", err);
		free(migs);
		catalog_close(cat);
		return EXIT_CATALOG;
	}
	rc = EXIT_OK;
	if (ctx->format == FMT_JSON) {
		cJSON *doc = cJSON_CreateObject();
		cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
		cJSON_AddStringToObject(doc, "sku", v.sku);
		cJSON_AddStringToObject(doc, "series", v.series);
		json_add_str_or_null(doc, "gpu_model", v.gpu_model);
		json_add_known(doc, "gpu_count", v.gpu_count, 4);
		json_add_known(doc, "gpu_memory_gib", v.gpu_memory_gib, 2);
		/* unknown is null: a size a refresh added from its price alone has
		 * no vCPUs or RAM, one whose spec is unknown no local disk figure */
		json_add_known(doc, "vcpus", v.vcpus, 0);
		json_add_known(doc, "ram_gib", v.ram_gib, 2);
		if (v.spec_known)
			json_add_rounded(doc, "local_nvme_gib", v.local_nvme_gib, 2);
		else
			cJSON_AddNullToObject(doc, "local_nvme_gib");
		cJSON_AddNumberToObject(doc, "infiniband_gbps", v.infiniband_gbps);
		json_add_str_or_null(doc, "infiniband_type", v.infiniband_type);
		cJSON_AddBoolToObject(doc, "nvlink", v.nvlink);
		cJSON_AddBoolToObject(doc, "mig_capable", v.mig_capable);
		cJSON_AddBoolToObject(doc, "retired", v.retired);
		cJSON_AddBoolToObject(doc, "retiring", v.retiring);
		json_add_str_or_null(doc, "retired_on", v.retired_on);
		json_add_str_or_null(doc, "successor", v.successor);
		json_add_str_or_null(doc, "quota_family", v.quota_family);
		cJSON_AddBoolToObject(doc, "spec_known", v.spec_known);
		if (have_gpu) {
			cJSON *g = cJSON_AddObjectToObject(doc, "gpu");
			cJSON_AddStringToObject(g, "vendor", gpu.vendor);
			cJSON_AddStringToObject(g, "architecture", gpu.architecture);
			cJSON_AddNumberToObject(g, "bandwidth_gbps", gpu.bandwidth_gbps);
			cJSON_AddNumberToObject(g, "fp16_tflops", gpu.fp16_tflops);
			cJSON_AddNumberToObject(g, "bf16_tflops", gpu.bf16_tflops);
			cJSON_AddNumberToObject(g, "fp8_tflops", gpu.fp8_tflops);
			cJSON_AddNumberToObject(g, "int8_tops", gpu.int8_tops);
			cJSON_AddNumberToObject(g, "fp32_tflops", gpu.fp32_tflops);
			cJSON_AddNumberToObject(g, "tdp_w", gpu.tdp_w);
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
		if (json_print(ctx->out, doc) != 0)
			rc = EXIT_CATALOG;
		cJSON_Delete(doc);
	} else if (ctx->format == FMT_CSV) {
		show_csv(ctx->out, cat, &v, have_gpu ? &gpu : NULL, migs, nmig, prices, nprice);
	} else {
		struct table *t = table_new(2);
		table_header(t, 0, "FIELD", ALIGN_LEFT);
		table_header(t, 1, "VALUE", ALIGN_LEFT);
		char b[128], n[32];
		table_add(t, "sku", v.sku);
		table_add(t, "series", v.series);
		table_add(t, "gpu model", v.gpu_model[0] ? v.gpu_model : "spec unknown");
		fmt_gpu_count(b, sizeof b, v.gpu_count);
		table_add(t, "gpus", v.gpu_count > 0 ? b : "unknown");
		util_fmt_figure(n, sizeof n, v.gpu_memory_gib, 2);
		snprintf(b, sizeof b, "%s GiB", n);
		table_add(t, "gpu memory (per gpu)", v.gpu_memory_gib > 0 ? b : "unknown");
		if (have_gpu) {
			util_fmt_figure(n, sizeof n, gpu.bandwidth_gbps, 0);
			snprintf(b, sizeof b, "%s GB/s", n);
			table_add(t, "gpu memory bandwidth", b);
			util_fmt_figure(n, sizeof n, gpu.fp16_tflops, 1);
			snprintf(b, sizeof b, "%s TFLOPS dense", n);
			table_add(t, "gpu fp16 tensor", b);
			if (gpu.fp8_tflops > 0) {
				util_fmt_figure(n, sizeof n, gpu.fp8_tflops, 1);
				snprintf(b, sizeof b, "%s TFLOPS dense", n);
				table_add(t, "gpu fp8 tensor", b);
			}
		}
		snprintf(b, sizeof b, "%d", v.vcpus);
		table_add(t, "vcpus", v.vcpus > 0 ? b : "unknown");
		util_fmt_figure(n, sizeof n, v.ram_gib, 0);
		snprintf(b, sizeof b, "%s GiB", n);
		table_add(t, "ram", v.ram_gib > 0 ? b : "unknown");
		util_fmt_figure(n, sizeof n, v.local_nvme_gib, 0);
		snprintf(b, sizeof b, "%s GiB", n);
		table_add(t, "local disk", v.spec_known ? b : "unknown");
		if (v.infiniband_gbps > 0)
			snprintf(b, sizeof b, "%s Gb/s %s per GPU",
				 util_fmt_figure(n, sizeof n, v.infiniband_gbps, 0), v.infiniband_type);
		else
			snprintf(b, sizeof b, "none");
		table_add(t, "infiniband", b);
		table_add(t, "nvlink", v.nvlink ? "yes" : "no");
		if (v.retired || v.retiring)
			snprintf(b, sizeof b, "%s %s%s%s%s", v.retired ? "yes," : "retiring",
				 v.retired_on[0] ? "on " : "",
				 v.retired_on[0] ? v.retired_on : "day not known",
				 v.successor[0] ? "; successor " : "", v.successor);
		else
			snprintf(b, sizeof b, "no");
		table_add(t, "retired", b);
		table_add(t, "quota family", v.quota_family[0] ? v.quota_family
			  : catalog_vm_has_quota_family(cat) ? "not known"
			  : "not known (a catalog written by an earlier build)");
		struct strbuf sb = STRBUF_INIT;
		for (size_t i = 0; i < nmig; i++)
			strbuf_addf(&sb, "%s%s", i ? " " : "", migs[i].name);
		table_add(t, "mig profiles", nmig ? strbuf_str(&sb) : "-");
		strbuf_release(&sb);
		table_color(t, ctx->color);
		table_print(t, ctx->out, ctx->format);
		table_free(t);
		fputc('\n', ctx->out);
		if (nprice == 0) {
			fprintf(ctx->out, "no prices in this catalog; run 'gpufit catalog refresh'\n");
		} else {
			struct table *pt = table_new(5);
			table_header(pt, 0, "REGION", ALIGN_LEFT);
			table_header(pt, 1, "PRICING", ALIGN_LEFT);
			table_header(pt, 2, "OS", ALIGN_LEFT);
			table_header(pt, 3, "HOURLY", ALIGN_RIGHT);
			table_header(pt, 4, "MONTHLY (730 h)", ALIGN_RIGHT);
			for (size_t i = 0; i < nprice; i++) {
				char mo[48], hc[48];
				fmt_hourly_in(hc, sizeof hc, prices[i].hourly, prices[i].currency);
				util_fmt_money_in(mo, sizeof mo,
						  bill_monthly(prices[i].pricing, prices[i].hourly, 1,
							       BILL_MONTH_HOURS),
						  prices[i].currency);
				table_add(pt, prices[i].region, pricing_name(prices[i].pricing),
					  prices[i].os, hc, mo);
			}
			table_color(pt, ctx->color);
			table_print(pt, ctx->out, ctx->format);
			table_free(pt);
		}
	}
	free(migs);
	free(prices);
	catalog_close(cat);
	return rc;
}

/* ---- catalog models / catalog gpus ----------------------------------- */

static int no_args(const char *cmd, int argc, char **argv)
{
	static const struct cli_opt opts[] = { { NULL, 0, 0, 0, NULL, NULL, NULL } };
	struct cli_iter it;
	const char *val;
	int opt;

	cli_iter_init(&it, cmd, opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		if (opt == CLI_POSITIONAL)
			return cli_usage_error(cmd, "unexpected argument '%s'", val);
		return EXIT_USAGE;
	}
	return 0;
}

static void num_cell(char *buf, size_t len, double v, int decimals)
{
	if (v > 0)
		util_fmt_figure(buf, len, v, decimals);
	else
		snprintf(buf, len, "-");
}

/* A preset's architecture beyond dense full attention, short: "MoE 128/4",
 * "+1 shared", "MLA", "window 128 x18", "MTP". */
static void preset_architecture(const struct model_preset *p, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	if (p->moe_experts > 0)
		o += (size_t)snprintf(buf + o, len - o, "MoE %d/%d", p->moe_experts, p->moe_active);
	if (p->moe_shared_experts > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "+%d shared", p->moe_shared_experts);
	if (p->mla_kv_lora_rank > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%sMLA", o ? ", " : "");
	if (p->window_tokens > 0 && p->windowed_layers > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%swindow %d x%d", o ? ", " : "",
				      p->window_tokens, p->windowed_layers);
	if (p->mtp_params_b > 0 && o < len)
		snprintf(buf + o, len - o, "%sMTP", o ? ", " : "");
}

/* A preset's KV cache of one token at 16-bit, KiB (every layer; MLA: one
 * latent per layer); 0 when its shape does not say. */
static double preset_kv_kib(const struct model_preset *p)
{
	struct sizing_model sm;

	sizing_model_from_preset(p, &sm);
	return p->layers > 0 && sm.head_dim > 0 ? sizing_kv_bytes_per_token(&sm, SIZING_FP16) /
							  1024.0
						: 0;
}

/* A listing document: {"schema_version": 1, key: []}; *arr is the list. */
static cJSON *list_doc(const char *key, cJSON **arr)
{
	cJSON *doc = cJSON_CreateObject();

	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	*arr = cJSON_AddArrayToObject(doc, key);
	return doc;
}

/* Prints doc and frees it: EXIT_OK, or EXIT_CATALOG when it cannot be written. */
static int emit_doc(struct cli_ctx *ctx, cJSON *doc)
{
	int rc = json_print(ctx->out, doc) != 0 ? EXIT_CATALOG : EXIT_OK;

	cJSON_Delete(doc);
	return rc;
}

static int models_json(struct cli_ctx *ctx, catalog *cat, const struct model_preset *ps,
		       size_t n)
{
	cJSON *arr, *doc = list_doc("models", &arr);

	for (size_t i = 0; i < n; i++) {
		const struct model_preset *p = &ps[i];
		cJSON *o = cJSON_CreateObject();
		char src[1024] = "", arch[64] = "";
		double kvk = preset_kv_kib(p);

		preset_architecture(p, arch, sizeof arch);
		cJSON_AddStringToObject(o, "name", p->name);
		cJSON_AddStringToObject(o, "kind", p->kind);
		json_add_known(o, "params_b", p->params_b, 6);
		json_add_known(o, "active_params_b", p->active_params_b, 6);
		json_add_known(o, "max_context_tokens", p->max_context, 0);
		json_add_known(o, "kv_fp16_kib_per_token", kvk, 3);
		json_add_str_or_null(o, "architecture", arch);
		json_add_str_or_null(o, "native_precision", p->native_precision);
		json_add_str_or_null(o, "native_expert_precision", p->native_expert_precision);
		catalog_source_of(cat, "model_presets", p->name, src, sizeof src);
		json_add_str_or_null(o, "source", src);
		cJSON_AddItemToArray(arr, o);
	}
	return emit_doc(ctx, doc);
}

/* The model presets: what --model and a profile's model: take. */
static int catalog_models(struct cli_ctx *ctx, int argc, char **argv)
{
	int rc = no_args("catalog models", argc, argv);
	enum catalog_origin origin;
	char path[4096], err[CATALOG_ERRLEN];
	struct model_preset *ps = NULL;
	size_t n = 0;

	if (rc)
		return rc;
	catalog *cat = open_catalog(ctx, &origin, path, sizeof path);
	if (!cat)
		return EXIT_CATALOG;
	if (catalog_preset_list(cat, &ps, &n, err) != 0) {
		diag_error("%s", err);
		catalog_close(cat);
		return EXIT_CATALOG;
	}
	if (ctx->format == FMT_JSON) {
		rc = models_json(ctx, cat, ps, n);
		free(ps);
		catalog_close(cat);
		return rc;
	}
	struct table *t = table_new(9);
	const char *hdr[9] = { "MODEL", "KIND", "PARAMS (B)", "ACTIVE (B)", "CONTEXT (tokens)",
			       "KV FP16 (KiB/token)", "ARCHITECTURE", "NATIVE", "SOURCE" };
	const char *csv[9] = { "model", "kind", "params_billion", "active_params_billion",
			       "max_context_tokens", "kv_fp16_kib_per_token", "architecture",
			       "native_precision", "source" };
	for (size_t c = 0; c < 9; c++) {
		table_header(t, c, hdr[c], c >= 2 && c <= 5 ? ALIGN_RIGHT : ALIGN_LEFT);
		table_csv_column(t, c, csv[c], c >= 2 && c <= 5 ? CSV_NUMBER : CSV_TEXT);
	}
	for (size_t i = 0; i < n; i++) {
		const struct model_preset *p = &ps[i];
		char pb[32], ab[32], ctxs[32], kv[32], src[1024] = "", arch[64] = "", nat[40] = "";
		double kvk = preset_kv_kib(p);

		preset_architecture(p, arch, sizeof arch);
		if (p->native_precision[0])
			snprintf(nat, sizeof nat, "%s%s%s", p->native_precision,
				 p->native_expert_precision[0] ? "+" : "", p->native_expert_precision);

		num_cell(pb, sizeof pb, p->params_b, 2);
		num_cell(ab, sizeof ab, p->active_params_b, 2);
		num_cell(ctxs, sizeof ctxs, p->max_context, 0);
		num_cell(kv, sizeof kv, kvk, 0);
		catalog_source_of(cat, "model_presets", p->name, src, sizeof src);
		if (ctx->format == FMT_TABLE && strlen(src) > 60)
			strcpy(src + 57, "...");
		table_add(t, p->name, p->kind, pb, ab, ctxs, kv, arch[0] ? arch : "-",
			  nat[0] ? nat : "-", src);
		table_set_csv(t, 6, arch);
		table_set_csv(t, 7, nat);
		table_set_number(t, 2, p->params_b, -6);
		table_set_number(t, 3, p->active_params_b, -6);
		table_set_number(t, 4, p->max_context > 0 ? p->max_context : NAN, 0);
		table_set_number(t, 5, kvk > 0 ? kvk : NAN, 0);
	}
	table_color(t, ctx->color);
	table_print(t, ctx->out, ctx->format);
	if (ctx->format == FMT_TABLE)
		fprintf(ctx->out, "\n%zu presets; a preset without layers (kind cnn, diffusion) is "
				  "sized with requirements:, not model:\n", n);
	table_free(t);
	free(ps);
	catalog_close(cat);
	return EXIT_OK;
}

static size_t gpu_size_count(const struct gpu_spec *g, const struct vm_size *vms, size_t nvm)
{
	size_t sizes = 0;

	for (size_t k = 0; k < nvm; k++)
		sizes += strcmp(vms[k].gpu_model, g->name) == 0;
	return sizes;
}

static int gpus_json(struct cli_ctx *ctx, catalog *cat, const struct gpu_spec *gs, size_t n,
		     const struct vm_size *vms, size_t nvm)
{
	cJSON *arr, *doc = list_doc("gpus", &arr);

	for (size_t i = 0; i < n; i++) {
		const struct gpu_spec *g = &gs[i];
		cJSON *o = cJSON_CreateObject(), *pr;
		char src[2048] = "", list[sizeof g->precisions], *save = NULL;

		cJSON_AddStringToObject(o, "name", g->name);
		cJSON_AddStringToObject(o, "vendor", g->vendor);
		cJSON_AddStringToObject(o, "architecture", g->architecture);
		/* compute capability or LLVM target: the engines' limits name it */
		json_add_str_or_null(o, "target", g->target);
		cJSON_AddStringToObject(o, "form_factor", g->form_factor);
		json_add_rounded(o, "memory_gib", g->memory_gib, 4);
		json_add_rounded(o, "bandwidth_gb_per_s", g->bandwidth_gbps, 1);
		json_add_known(o, "fp32_tflops", g->fp32_tflops, 3);
		json_add_known(o, "fp16_tflops", g->fp16_tflops, 3);
		json_add_known(o, "bf16_tflops", g->bf16_tflops, 3);
		json_add_known(o, "fp8_tflops", g->fp8_tflops, 3);
		json_add_known(o, "fp4_tflops", g->fp4_tflops, 3);
		json_add_known(o, "int8_tops", g->int8_tops, 3);
		pr = cJSON_AddArrayToObject(o, "precisions");
		util_copy_str(list, sizeof list, g->precisions);
		for (char *w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save))
			cJSON_AddItemToArray(pr, cJSON_CreateString(w));
		cJSON_AddNumberToObject(o, "mig_instances_max", g->mig_max);
		cJSON_AddNumberToObject(o, "vm_size_count", (double)gpu_size_count(g, vms, nvm));
		catalog_source_of(cat, "gpu_models", g->name, src, sizeof src);
		json_add_str_or_null(o, "source", src);
		cJSON_AddItemToArray(arr, o);
	}
	return emit_doc(ctx, doc);
}

/* The GPU models: what --gpu takes, with what each runs and which sizes
 * carry it. */
static int catalog_gpus(struct cli_ctx *ctx, int argc, char **argv)
{
	int rc = no_args("catalog gpus", argc, argv);
	enum catalog_origin origin;
	char path[4096], err[CATALOG_ERRLEN];
	struct gpu_spec *gs = NULL;
	struct vm_size *vms = NULL;
	size_t n = 0, nvm = 0;

	if (rc)
		return rc;
	catalog *cat = open_catalog(ctx, &origin, path, sizeof path);
	if (!cat)
		return EXIT_CATALOG;
	if (catalog_gpu_list(cat, &gs, &n, err) != 0 || catalog_vm_list(cat, &vms, &nvm, err) != 0) {
		diag_error("%s", err);
		free(gs);
		catalog_close(cat);
		return EXIT_CATALOG;
	}
	if (ctx->format == FMT_JSON) {
		rc = gpus_json(ctx, cat, gs, n, vms, nvm);
		free(gs);
		free(vms);
		catalog_close(cat);
		return rc;
	}
	enum { NC = 11 };
	struct table *t = table_new(NC);
	const char *hdr[NC] = { "GPU", "ARCH", "MEMORY (GiB)", "BANDWIDTH (GB/s)",
				"FP16 (TFLOPS)", "BF16 (TFLOPS)", "FP8 (TFLOPS)", "FP4 (TFLOPS)",
				"PRECISIONS", "MIG", "SIZES" };
	const char *csv[NC] = { "gpu_model", "architecture", "memory_gib", "bandwidth_gb_per_s",
				"fp16_tflops", "bf16_tflops", "fp8_tflops", "fp4_tflops",
				"precisions", "mig_instances_max", "vm_size_count" };
	size_t unsold = 0;

	for (size_t c = 0; c < NC; c++) {
		int num = (c >= 2 && c <= 7) || c >= 9;

		table_header(t, c, hdr[c], num ? ALIGN_RIGHT : ALIGN_LEFT);
		table_csv_column(t, c, csv[c], num ? CSV_NUMBER : CSV_TEXT);
	}
	for (size_t i = 0; i < n; i++) {
		const struct gpu_spec *g = &gs[i];
		char mem[32], bw[32], f16[32], b16[32], f8[32], f4[32], mig[16], sz[16];
		size_t sizes = gpu_size_count(g, vms, nvm);

		unsold += sizes == 0;

		num_cell(mem, sizeof mem, g->memory_gib, 1);
		num_cell(bw, sizeof bw, g->bandwidth_gbps, 0);
		num_cell(f16, sizeof f16, g->fp16_tflops, 1);
		num_cell(b16, sizeof b16, g->bf16_tflops, 1);
		num_cell(f8, sizeof f8, g->fp8_tflops, 1);
		num_cell(f4, sizeof f4, g->fp4_tflops, 1);
		if (g->mig_max > 0)
			snprintf(mig, sizeof mig, "%d", g->mig_max);
		else
			snprintf(mig, sizeof mig, "no");
		snprintf(sz, sizeof sz, "%zu", sizes);
		table_add(t, g->name, g->architecture, mem, bw, f16, b16, f8, f4,
			  g->precisions[0] ? g->precisions : "-", mig, sz);
		table_set_number(t, 2, g->memory_gib, 4);
		table_set_number(t, 3, g->bandwidth_gbps, 0);
		table_set_number(t, 4, g->fp16_tflops, -2);
		table_set_number(t, 5, g->bf16_tflops > 0 ? g->bf16_tflops : NAN, -2);
		table_set_number(t, 6, g->fp8_tflops > 0 ? g->fp8_tflops : NAN, -2);
		table_set_number(t, 7, g->fp4_tflops > 0 ? g->fp4_tflops : NAN, -2);
		table_set_number(t, 9, g->mig_max, 0);
		table_set_number(t, 10, (double)sizes, 0);
	}
	table_color(t, ctx->color);
	table_print(t, ctx->out, ctx->format);
	if (ctx->format == FMT_TABLE) {
		fprintf(ctx->out, "\n%zu GPU models; TFLOPS are dense; precisions: native formats, "
				  "and int8w/int4w/fp8w weight-only kernels\n", n);
		if (unsold > 0)
			fprintf(ctx->out, "%zu with SIZES 0: no Azure size in the catalog has them; 'gpufit "
					  "estimate --gpu' sizes them, recommend never proposes "
					  "them\n", unsold);
	}
	table_free(t);
	free(gs);
	free(vms);
	catalog_close(cat);
	return EXIT_OK;
}

/* ---- catalog status -------------------------------------------------- */

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

/* Whole days from an ISO day to util_now(); -1 when unknown. */
static long age_days_of(const char *day)
{
	long long t = day && *day ? util_parse_iso8601(day) : -1;
	return t >= 0 ? (long)((util_now() - t) / 86400) : -1;
}

/* The table of price ages per region and kind (table and markdown). */
static void print_price_ages(struct cli_ctx *ctx, const struct catalog_price_age *ages,
			     size_t n)
{
	struct table *t = table_new(5);
	table_header(t, 0, "REGION", ALIGN_LEFT);
	table_header(t, 1, "KIND", ALIGN_LEFT);
	table_header(t, 2, "PRICES", ALIGN_RIGHT);
	table_header(t, 3, "OBSERVED", ALIGN_LEFT);
	table_header(t, 4, "AGE (days)", ALIGN_LEFT);
	for (size_t i = 0; i < n; i++) {
		char cnt[24], obs[32], age[64];
		long a = age_days_of(ages[i].oldest);
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
	fprintf(ctx->out, "\nLinux prices by region and kind (age = days since the oldest was "
			  "observed; stale: over %d days, run 'gpufit catalog refresh'):\n",
		CATALOG_STALE_PRICE_DAYS);
	table_print(t, ctx->out, ctx->format);
	table_free(t);
}

static int catalog_status(struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct cli_opt opts[] = { { NULL, 0, 0, 0, NULL, NULL, NULL } };
	struct cli_iter it;
	const char *val;
	int opt;
	cli_iter_init(&it, "catalog status", opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		if (opt == CLI_POSITIONAL)
			return cli_usage_error("catalog status", "unexpected argument '%s'", val);
		return EXIT_USAGE;
	}
	enum catalog_origin origin;
	char path[4096];
	catalog *cat = open_catalog(ctx, &origin, path, sizeof path);
	if (!cat)
		return EXIT_CATALOG;
	char err[CATALOG_ERRLEN];
	struct catalog_counts counts;
	if (catalog_counts(cat, &counts, err) != 0) {
		diag_error("%s", err);
		catalog_close(cat);
		return EXIT_CATALOG;
	}
	char source[128] = "bundled", fetched[64] = "", api[64] = "", regions[1024] = "",
	     currency[16] = "USD";
	catalog_meta(cat, "source", source, sizeof source);
	long age = catalog_fetched(cat, fetched, sizeof fetched);
	catalog_meta(cat, "api_version", api, sizeof api);
	catalog_meta(cat, "regions", regions, sizeof regions);
	catalog_meta(cat, "currency", currency, sizeof currency);

	struct catalog_price_age *ages = NULL;
	size_t nages = 0;
	if (catalog_price_ages(cat, &ages, &nages, err) != 0) {
		diag_error("%s", err);
		catalog_close(cat);
		return EXIT_CATALOG;
	}

	int rc = EXIT_OK;
	if (ctx->format == FMT_JSON) {
		cJSON *doc = cJSON_CreateObject();
		cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
		cJSON_AddStringToObject(doc, "origin", origin_name(origin));
		json_add_str_or_null(doc, "path", path);
		cJSON_AddStringToObject(doc, "source", source);
		json_add_str_or_null(doc, "fetched_at", fetched);
		if (age >= 0)
			cJSON_AddNumberToObject(doc, "age_days", (double)age);
		else
			cJSON_AddNullToObject(doc, "age_days");
		json_add_str_or_null(doc, "api_version", api);
		cJSON_AddStringToObject(doc, "currency", currency);
		cJSON *ra = cJSON_AddArrayToObject(doc, "regions");
		char *save = NULL;
		for (char *r = strtok_r(regions, ",", &save); r; r = strtok_r(NULL, ",", &save))
			cJSON_AddItemToArray(ra, cJSON_CreateString(r));
		cJSON *c = cJSON_AddObjectToObject(doc, "counts");
		cJSON_AddNumberToObject(c, "gpu_models", (double)counts.gpu_models);
		cJSON_AddNumberToObject(c, "vm_sizes", (double)counts.vm_sizes);
		cJSON_AddNumberToObject(c, "mig_profiles", (double)counts.mig_profiles);
		cJSON_AddNumberToObject(c, "model_presets", (double)counts.model_presets);
		cJSON_AddNumberToObject(c, "regions", (double)counts.regions);
		cJSON_AddNumberToObject(c, "prices", (double)counts.prices);
		cJSON *pk = cJSON_AddObjectToObject(doc, "prices_by_kind");
		for (int k = 0; k < PRICING_COUNT; k++)
			cJSON_AddNumberToObject(pk, pricing_name((enum pricing_kind)k),
						(double)counts.prices_by_kind[k]);
		cJSON *pa = cJSON_AddArrayToObject(doc, "price_ages");
		for (size_t i = 0; i < nages; i++) {
			cJSON *o = cJSON_CreateObject();
			long a = age_days_of(ages[i].oldest);
			cJSON_AddStringToObject(o, "region", ages[i].region);
			cJSON_AddStringToObject(o, "pricing", pricing_name(ages[i].pricing));
			cJSON_AddNumberToObject(o, "prices", (double)ages[i].prices);
			json_add_str_or_null(o, "oldest_observed", ages[i].oldest);
			json_add_str_or_null(o, "newest_observed", ages[i].newest);
			if (a >= 0)
				cJSON_AddNumberToObject(o, "age_days", (double)a);
			else
				cJSON_AddNullToObject(o, "age_days");
			cJSON_AddBoolToObject(o, "stale", a > CATALOG_STALE_PRICE_DAYS);
			cJSON_AddItemToArray(pa, o);
		}
		if (json_print(ctx->out, doc) != 0)
			rc = EXIT_CATALOG;
		cJSON_Delete(doc);
	} else {
		struct table *tb = table_new(2);
		table_header(tb, 0, "FIELD", ALIGN_LEFT);
		table_header(tb, 1, "VALUE", ALIGN_LEFT);
		table_csv_record(tb);
		char b[4200];
		snprintf(b, sizeof b, "%s%s%s", origin_name(origin), path[0] ? " " : "", path);
		table_field(tb, "catalog", NULL, b);
		table_csv_field(tb, "origin", origin_name(origin));
		table_csv_field(tb, "path", path);
		table_field(tb, "source", "source", source);
		table_field(tb, "fetched", "fetched_at", fetched[0] ? fetched : "unknown");
		table_set_csv(tb, 1, fetched);
		if (age > 30)
			snprintf(b, sizeof b, "%ld days (prices may be stale: run 'gpufit catalog "
					      "refresh')",
				 age);
		else if (age >= 0)
			snprintf(b, sizeof b, "%ld days", age);
		else
			snprintf(b, sizeof b, "unknown");
		table_field(tb, "age", "age_days", b);
		table_set_number(tb, 1, age >= 0 ? (double)age : NAN, 0);
		if (age > 30)
			table_row_style(tb, OUT_YELLOW);
		if (api[0])
			table_field(tb, "api version", NULL, api);
		table_csv_field(tb, "api_version", api);
		table_field(tb, "currency", "currency", currency);
		if (regions[0])
			table_field(tb, "regions refreshed", NULL, regions);
		table_csv_field(tb, "regions_refreshed", regions);
		snprintf(b, sizeof b, "%ld GPU models, %ld VM sizes, %ld MIG profiles, %ld model "
				      "presets, %ld regions",
			 counts.gpu_models, counts.vm_sizes, counts.mig_profiles, counts.model_presets,
			 counts.regions);
		table_field(tb, "facts", NULL, b);
		table_csv_field_number(tb, "gpu_model_count", (double)counts.gpu_models, 0);
		table_csv_field_number(tb, "vm_size_count", (double)counts.vm_sizes, 0);
		table_csv_field_number(tb, "mig_profile_count", (double)counts.mig_profiles, 0);
		table_csv_field_number(tb, "model_preset_count", (double)counts.model_presets, 0);
		table_csv_field_number(tb, "region_count", (double)counts.regions, 0);
		struct strbuf sb = STRBUF_INIT;
		strbuf_addf(&sb, "%ld (", counts.prices);
		for (int k = 0; k < PRICING_COUNT; k++)
			strbuf_addf(&sb, "%s%s %ld", k ? ", " : "", pricing_name((enum pricing_kind)k),
				    counts.prices_by_kind[k]);
		strbuf_addstr(&sb, ")");
		table_field(tb, "linux prices", NULL, strbuf_str(&sb));
		strbuf_release(&sb);
		table_csv_field_number(tb, "linux_price_count", (double)counts.prices, 0);
		for (int k = 0; k < PRICING_COUNT; k++) {
			char name[48];
			snprintf(name, sizeof name, "linux_%s_price_count",
				 pricing_name((enum pricing_kind)k));
			table_csv_field_number(tb, out_csv_name(name), (double)counts.prices_by_kind[k],
					       0);
		}
		table_color(tb, ctx->color);
		table_print(tb, ctx->out, ctx->format);
		table_free(tb);
		if (ctx->format != FMT_CSV && nages)
			print_price_ages(ctx, ages, nages);
	}
	free(ages);
	catalog_close(cat);
	return rc;
}

/* The formats of the catalog verbs. */
#define CATALOG_FORMATS "table|json|markdown|csv"

const struct subcommand cmd_catalog_verbs[] = {
	{ "list", catalog_list, "catalog list [OPTIONS]",
	  "List GPU sizes with prices, cheapest first (one row per size and region).",
	  list_opts, CATALOG_FORMATS, NULL },
	{ "show", catalog_show, "catalog show SKU",
	  "Everything known about one VM size: GPUs, memory, network, MIG profiles, prices.",
	  NULL, CATALOG_FORMATS, NULL },
	{ "models", catalog_models, "catalog models",
	  "The model presets --model and a profile's model: take: parameters, context, "
	  "KV cache per token, source.", NULL, CATALOG_FORMATS, NULL },
	{ "gpus", catalog_gpus, "catalog gpus",
	  "The GPU models --gpu takes: memory, bandwidth, TFLOPS by precision, MIG, sizes.",
	  NULL, CATALOG_FORMATS, NULL },
	{ "status", catalog_status, "catalog status",
	  "Which catalog is in use, its source, fetch date, age and row counts.", NULL,
	  CATALOG_FORMATS, NULL },
	{ "refresh", cmd_catalog_refresh, "catalog refresh [OPTIONS]",
	  "Fetch live prices from the Azure Retail Prices API into the user catalog.",
	  cmd_catalog_refresh_opts, CATALOG_FORMATS, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

int cmd_catalog(struct cli_ctx *ctx, int argc, char **argv)
{
	return cli_dispatch_sub(ctx, "catalog", cmd_catalog_verbs, argc, argv);
}
