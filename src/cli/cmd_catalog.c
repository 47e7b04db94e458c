/*
 * cmd_catalog.c - `gpufit catalog list|show|models|gpus|status` (and the verb
 * table that also routes `refresh` to cmd_catalog_refresh.c).  Each verb
 * parses its options, reads what it shows from the catalog and calls its
 * writers: catalog_list.c, catalog_show.c, catalog_models.c and
 * catalog_status.c in src/report.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog.h"
#include "catalog_list.h"
#include "catalog_models.h"
#include "catalog_show.h"
#include "catalog_status.h"
#include "cli.h"
#include "cmd_util.h"
#include "commands.h"
#include "diag.h"
#include "gpufit.h"
#include "size_select.h"
#include "sizing.h"
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

/* The options of `catalog list`.  f.currency points at currency_buf when
 * --currency is given, so the struct is not copied. */
struct list_args {
	struct size_filter f;
	char currency_buf[4];
	double hours;
};

/* Reads the options into a; returns EXIT_OK, or the exit code of a usage
 * error (said on stderr). */
static int list_parse(int argc, char **argv, struct list_args *a)
{
	struct cli_iter it;
	const char *val;
	int opt;

	memset(a, 0, sizeof(*a));
	a->f.currency = "USD";
	a->hours = GPUFIT_HOURS_PER_MONTH;
	a->f.kind = PRICING_PAYG;
	cli_iter_init(&it, "catalog list", list_opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		switch (opt) {
		case L_GPU:
			a->f.gpu = val;
			break;
		case L_REGION:
			a->f.region = val;
			break;
		case L_MINMEM:
			if (util_parse_size_gib(val, &a->f.min_mem) != 0 || a->f.min_mem < 0)
				return cli_usage_error("catalog list",
						       "'%s' for '--min-gpu-memory' is not a size in GiB",
						       val);
			break;
		case L_PRICING:
			if (pricing_parse(val, &a->f.kind) != 0)
				return cli_usage_error("catalog list",
						       "unknown pricing '%s' (payg, spot, reserved-1y, "
						       "reserved-3y, savings-1y, savings-3y)",
						       val);
			break;
		case L_MAXHOURLY:
			if (cli_positive("catalog list", "max-hourly", val, &a->f.max_hourly) != 0)
				return EXIT_USAGE;
			break;
		case L_RETIRED:
			a->f.retired = 1;
			break;
		case L_CURRENCY:
			if (cli_currency("catalog list", val, a->currency_buf) != 0)
				return EXIT_USAGE;
			a->f.currency = a->currency_buf;
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
		for (k = 0; k < nvm && !size_select_gpu_matches(&vms[k], gpu); k++)
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

	while (kc < nprice && strcasecmp(prices[kc].currency, a->f.currency) != 0)
		kc++;
	while (kk < nprice && prices[kk].pricing != a->f.kind)
		kk++;
	if (nprice && kc == nprice)
		diag_warning("no %s price in the catalog: prices in %s only; run 'gpufit "
			     "catalog refresh --currency %s'", a->f.currency, prices[0].currency,
			     a->f.currency);
	else if (nprice && kk == nprice)
		diag_warning("no %s price in the catalog; run 'gpufit catalog refresh' for "
			     "them", pricing_name(a->f.kind));
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
	if (a.f.region) {
		struct region r;
		int found = catalog_region_find(cat, a.f.region, &r, err);
		if (found == 0) {
			cmd_unknown_name(cat, "regions", "region", a.f.region, 1, NULL);
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
	if (!list_gpu_known(cat, vms, nvm, a.f.gpu)) {
		catalog_close(cat);
		free(vms);
		free(prices);
		return EXIT_INPUT;
	}
	list_warn_unpriced(prices, nprice, &a);
	size_t nrows;
	struct size_row *rows = size_select_rows(vms, nvm, prices, nprice, &a.f, &nrows);

	struct catalog_list_view view = { a.f.region, a.f.currency, a.f.kind, a.hours };
	if (ctx->format == FMT_JSON)
		rc = catalog_list_json(ctx->out, rows, nrows, &view) != 0 ? EXIT_CATALOG : EXIT_OK;
	else
		catalog_list_text(ctx->out, ctx->format, ctx->color, rows, nrows, &view);
	free(rows);
	free(prices);
	free(vms);
	catalog_close(cat);
	return rc;
}

/* ---- catalog show ---------------------------------------------------- */

/* The arguments of a catalog verb without options: none, or (one not
 * NULL) at most one, stored in *one.  0, or the exit code of a usage
 * error (reported). */
static int verb_args(const char *cmd, int argc, char **argv, const char **one)
{
	static const struct cli_opt opts[] = { { NULL, 0, 0, 0, NULL, NULL, NULL } };
	struct cli_iter it;
	const char *val;
	int opt;

	cli_iter_init(&it, cmd, opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		if (opt != CLI_POSITIONAL)
			return EXIT_USAGE;
		if (!one || *one)
			return cli_usage_error(cmd, "unexpected argument '%s'", val);
		*one = val;
	}
	return 0;
}

static int catalog_show(struct cli_ctx *ctx, int argc, char **argv)
{
	const char *sku = NULL;
	int rc = verb_args("catalog show", argc, argv, &sku);

	if (rc != 0)
		return rc;
	if (!sku)
		return cli_usage_error("catalog show", "missing SKU");

	catalog *cat = open_catalog(ctx, NULL, (char[4096]){ 0 }, 4096);
	if (!cat)
		return EXIT_CATALOG;
	char err[CATALOG_ERRLEN];
	struct vm_size v;
	int found = catalog_vm_find(cat, sku, &v, err);
	rc = cmd_found(found, err, cat, "vm_sizes", "size", sku,
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
	char currency[4] = "";   /* the catalog's, as long as a currency code */
	if (catalog_meta(cat, "currency", currency, sizeof currency) != 0)
		currency[0] = '\0';
	struct catalog_show_view view = { &v, have_gpu ? &gpu : NULL, migs, nmig, prices, nprice,
					  currency, catalog_vm_has_quota_family(cat) };
	rc = EXIT_OK;
	if (ctx->format == FMT_JSON) {
		if (catalog_show_json(ctx->out, &view) != 0)
			rc = EXIT_CATALOG;
	} else {
		catalog_show_text(ctx->out, ctx->format, ctx->color, &view);
	}
	free(migs);
	free(prices);
	catalog_close(cat);
	return rc;
}

/* ---- catalog models / catalog gpus ----------------------------------- */


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

/* The model presets: what --model and a profile's model: take. */
static int catalog_models(struct cli_ctx *ctx, int argc, char **argv)
{
	int rc = verb_args("catalog models", argc, argv, NULL);
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
	struct catalog_model_row *rows = xcalloc(n + 1, sizeof *rows);
	for (size_t i = 0; i < n; i++) {
		rows[i].preset = &ps[i];
		rows[i].kv_kib = preset_kv_kib(&ps[i]);
		catalog_source_of(cat, "model_presets", ps[i].name, rows[i].source,
				  sizeof rows[i].source);
	}
	if (ctx->format == FMT_JSON)
		rc = catalog_models_json(ctx->out, rows, n) != 0 ? EXIT_CATALOG : EXIT_OK;
	else
		catalog_models_text(ctx->out, ctx->format, ctx->color, rows, n);
	free(rows);
	free(ps);
	catalog_close(cat);
	return rc;
}

static size_t gpu_size_count(const struct gpu_spec *g, const struct vm_size *vms, size_t nvm)
{
	size_t sizes = 0;

	for (size_t k = 0; k < nvm; k++)
		sizes += strcmp(vms[k].gpu_model, g->name) == 0;
	return sizes;
}

/* The GPU models: what --gpu takes, with what each runs and which sizes
 * carry it. */
static int catalog_gpus(struct cli_ctx *ctx, int argc, char **argv)
{
	int rc = verb_args("catalog gpus", argc, argv, NULL);
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
	struct catalog_gpu_row *rows = xcalloc(n + 1, sizeof *rows);
	for (size_t i = 0; i < n; i++) {
		rows[i].gpu = &gs[i];
		rows[i].sizes = gpu_size_count(&gs[i], vms, nvm);
		catalog_source_of(cat, "gpu_models", gs[i].name, rows[i].source,
				  sizeof rows[i].source);
	}
	if (ctx->format == FMT_JSON)
		rc = catalog_gpus_json(ctx->out, rows, n) != 0 ? EXIT_CATALOG : EXIT_OK;
	else
		catalog_gpus_text(ctx->out, ctx->format, ctx->color, rows, n);
	free(rows);
	free(gs);
	free(vms);
	catalog_close(cat);
	return rc;
}
/* ---- catalog status -------------------------------------------------- */

static int catalog_status(struct cli_ctx *ctx, int argc, char **argv)
{
	int rc = verb_args("catalog status", argc, argv, NULL);

	if (rc != 0)
		return rc;
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

	struct catalog_status_view view = { origin, path, source, fetched, age, api, regions,
					    currency, &counts, ages, nages };
	rc = EXIT_OK;
	if (ctx->format == FMT_JSON) {
		if (catalog_status_json(ctx->out, &view) != 0)
			rc = EXIT_CATALOG;
	} else {
		catalog_status_text(ctx->out, ctx->format, ctx->color, &view);
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