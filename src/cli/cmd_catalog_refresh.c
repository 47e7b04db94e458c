/*
 * cmd_catalog_refresh.c - `gpufit catalog refresh`: fetch live prices from
 * the Azure Retail Prices API (or read saved pages) into the user catalog.
 *
 * Options are checked here (usage errors exit 2, unknown regions 3), the
 * pipeline runs in refresh.c, and this file prints progress (stderr, only on
 * a terminal), warnings, the one-line failure (exit 4), and the summary
 * (stdout, in the -f format).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "catalog.h"
#include "cli.h"
#include "cmd_util.h"
#include "commands.h"
#include "diag.h"
#include "gpufit.h"
#include "json_out.h"
#include "output.h"
#include "refresh.h"
#include "util.h"

#define CMD "catalog refresh"

enum {
	O_REGION = 1, O_CURRENCY, O_API_URL, O_FROM_FILE, O_RETRIES, O_TIMEOUT, O_FORCE,
	O_ALL_REGIONS, O_JOBS, O_SEQUENTIAL, O_NO_FILTER
};

const struct cli_opt cmd_catalog_refresh_opts[] = {
	{ "region", 'r', CLI_ARG_REQUIRED, O_REGION, "R", NULL,
	  "refresh this region (repeatable; default: the regions the catalog has prices for)" },
	{ "currency", 0, CLI_ARG_REQUIRED, O_CURRENCY, "C", NULL, "price currency (default USD)" },
	{ "api-url", 0, CLI_ARG_REQUIRED, O_API_URL, "URL", NULL,
	  "API base URL (http:// only to loopback hosts)" },
	{ "from-file", 0, CLI_ARG_REQUIRED, O_FROM_FILE, "PAGE...", CLI_JSON,
	  "ingest saved API pages instead of the network" },
	{ "retries", 0, CLI_ARG_REQUIRED, O_RETRIES, "N", NULL,
	  "retries of a failed request (default 4)" },
	{ "timeout", 0, CLI_ARG_REQUIRED, O_TIMEOUT, "S", NULL,
	  "connect and no-data limit, seconds (default 30)" },
	{ "force", 0, CLI_ARG_NONE, O_FORCE, NULL, NULL,
	  "accept a region with under half its last size count" },
	{ "all-regions", 0, CLI_ARG_NONE, O_ALL_REGIONS, NULL, NULL,
	  "refresh every region the catalog knows" },
	{ "jobs", 'j', CLI_ARG_REQUIRED, O_JOBS, "N", NULL,
	  "regions fetched at once, 1 to 8 (default 4)" },
	/* Diagnostics (docs/refresh.md): the method of earlier versions, one
	 * region after another, every size. */
	{ "sequential", 0, CLI_ARG_NONE, O_SEQUENTIAL, NULL, NULL,
	  "diagnostic: one region at a time (as --jobs 1)" },
	{ "no-filter", 0, CLI_ARG_NONE, O_NO_FILTER, NULL, NULL,
	  "diagnostic: ask for every size, not GPU sizes only" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

struct list {
	const char **v;
	size_t n;
};

static void list_add(struct list *l, const char *s)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = s;
}

static void on_progress(const struct refresh_progress *p, void *arg)
{
	char eta[32];

	if (p->eta_s < 0)
		snprintf(eta, sizeof(eta), "-");
	else
		snprintf(eta, sizeof(eta), "%.0f s", ceil(p->eta_s));
	fprintf(stderr, "\rrefresh: %s %zu/%zu  pages %zu  items %zu  elapsed %.1f s  "
		"ETA %s\033[K", p->files ? "files" : "regions", p->regions_done, p->n_regions,
		p->pages, p->items, p->elapsed_s, eta);
	fflush(stderr);
}

/* The default regions: those the catalog has prices for, in the catalog's
 * region order.  0, or -1 with a message printed. */
static int priced_regions(catalog *cat, const struct region *known, size_t n_known,
			  struct list *out)
{
	char cerr[CATALOG_ERRLEN];
	struct price *p = NULL;
	size_t n = 0;

	if (catalog_price_list(cat, NULL, &p, &n, cerr) != 0) {
		diag_error("catalog refresh failed: %s (old catalog kept)", cerr);
		return -1;
	}
	for (size_t i = 0; i < n_known; i++) {
		for (size_t k = 0; k < n; k++) {
			if (strcmp(p[k].region, known[i].name) == 0) {
				list_add(out, known[i].name);
				break;
			}
		}
	}
	free(p);
	return 0;
}

/* REFRESH_SKU_PREFIX when every size of cat has it (refresh_sku_filter),
 * else NULL. */
static const char *catalog_sku_filter(catalog *cat)
{
	char cerr[CATALOG_ERRLEN];
	struct vm_size *v = NULL;
	size_t n = 0;

	if (catalog_vm_list(cat, &v, &n, cerr) != 0)
		return NULL;
	const char **skus = xcalloc(n ? n : 1, sizeof(*skus));
	for (size_t i = 0; i < n; i++)
		skus[i] = v[i].sku;
	const char *f = refresh_sku_filter(skus, n);
	free(skus);
	free(v);
	return f;
}

/* The filter the refresh may use: the new catalog prices the bundled sizes
 * and the price-only sizes carried over from cat (the target, when it
 * exists), so the filter must keep every size of both. */
static const char *sku_filter(catalog *cat)
{
	char cerr[CATALOG_ERRLEN];
	catalog *bundled = NULL;

	if (!catalog_sku_filter(cat))
		return NULL;
	if (catalog_open_bundled(&bundled, cerr) != 0)
		return NULL;
	const char *f = catalog_sku_filter(bundled);
	catalog_close(bundled);
	return f;
}

/* The catalog whose regions are the defaults and the names --region may use:
 * the target when it exists, else the bundled one. */
static catalog *open_region_source(const char *target)
{
	char err[CATALOG_ERRLEN];
	catalog *cat = NULL;

	if (catalog_open_file(target, &cat, err) == 0)
		return cat;
	if (catalog_open_bundled(&cat, err) != 0) {
		diag_error("%s", err);
		return NULL;
	}
	return cat;
}

static void print_summary(struct cli_ctx *ctx, const struct refresh_summary *s,
			  const char *target, const char *currency)
{
	size_t stored = s->windows_prices;
	char buf[64];

	for (int k = 0; k < PRICING_COUNT; k++)
		stored += s->prices[k];
	if (ctx->format == FMT_JSON) {
		cJSON *doc = cJSON_CreateObject();
		cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
		cJSON_AddStringToObject(doc, "catalog", target);
		cJSON_AddStringToObject(doc, "currency", currency);
		cJSON_AddNumberToObject(doc, "regions", (double)s->regions);
		cJSON_AddNumberToObject(doc, "pages", (double)s->pages);
		cJSON_AddNumberToObject(doc, "items", (double)s->items);
		cJSON *p = cJSON_AddObjectToObject(doc, "prices");
		for (int k = 0; k < PRICING_COUNT; k++)
			cJSON_AddNumberToObject(p, pricing_name(k), (double)s->prices[k]);
		cJSON_AddNumberToObject(p, "windows", (double)s->windows_prices);
		cJSON *sk = cJSON_AddObjectToObject(doc, "skipped");
		for (int k = 1; k < PRICES_API_SKIP_COUNT; k++)
			cJSON_AddNumberToObject(sk, prices_api_skip_name(k), (double)s->skipped[k]);
		cJSON_AddNumberToObject(sk, "not-gpu", (double)s->not_gpu);
		cJSON_AddNumberToObject(sk, "other-region", (double)s->other_region);
		cJSON_AddNumberToObject(doc, "duplicates", (double)s->duplicates);
		cJSON *u = cJSON_AddArrayToObject(doc, "unknown_sizes");
		for (size_t i = 0; i < s->n_unknown; i++)
			cJSON_AddItemToArray(u, cJSON_CreateString(s->unknown[i]));
		cJSON *rg = cJSON_AddArrayToObject(doc, "per_region");
		for (size_t i = 0; i < s->n_per_region; i++) {
			cJSON *o = cJSON_CreateObject();
			cJSON_AddStringToObject(o, "region", s->per_region[i].region);
			cJSON_AddNumberToObject(o, "gpu_sizes", (double)s->per_region[i].sizes);
			if (s->per_region[i].last_sizes >= 0)
				cJSON_AddNumberToObject(o, "last_gpu_sizes",
							(double)s->per_region[i].last_sizes);
			else
				cJSON_AddNullToObject(o, "last_gpu_sizes");
			cJSON_AddItemToArray(rg, o);
		}
		json_add_rounded(doc, "seconds", s->seconds, 3);
		json_print(ctx->out, doc);
		cJSON_Delete(doc);
		return;
	}

	struct table *t = table_new(2);
	table_header(t, 0, "refresh", ALIGN_LEFT);
	table_header(t, 1, "", ALIGN_RIGHT);
	table_csv_record(t);
	table_field(t, "catalog", "catalog", target);
	snprintf(buf, sizeof(buf), "%zu", s->regions);
	table_field(t, "regions", "region_count", buf);
	snprintf(buf, sizeof(buf), "%zu", s->pages);
	table_field(t, "pages", "page_count", buf);
	snprintf(buf, sizeof(buf), "%zu", s->items);
	table_field(t, "items seen", "item_count", buf);
	snprintf(buf, sizeof(buf), "%zu", stored);
	table_field(t, "prices stored", "price_stored_count", buf);
	for (int k = 0; k < PRICING_COUNT; k++) {
		char label[48], name[48];
		snprintf(label, sizeof(label), "  %s (linux)", pricing_name(k));
		snprintf(name, sizeof(name), "linux_%s_price_count", pricing_name(k));
		snprintf(buf, sizeof(buf), "%zu", s->prices[k]);
		table_field(t, label, out_csv_name(name), buf);
	}
	snprintf(buf, sizeof(buf), "%zu", s->windows_prices);
	table_field(t, "  windows payg/spot", "windows_price_count", buf);
	snprintf(buf, sizeof(buf), "%zu", s->not_gpu);
	table_field(t, "items of non-GPU sizes", "non_gpu_item_count", buf);
	for (int k = 1; k < PRICES_API_SKIP_COUNT; k++) {
		char label[48], name[64];
		if (!s->skipped[k])
			continue;
		snprintf(label, sizeof(label), "items skipped: %s", prices_api_skip_name(k));
		snprintf(name, sizeof(name), "skipped_%s_count", prices_api_skip_name(k));
		snprintf(buf, sizeof(buf), "%zu", s->skipped[k]);
		table_field(t, label, out_csv_name(name), buf);
	}
	snprintf(buf, sizeof(buf), "%zu", s->duplicates);
	table_field(t, "duplicates resolved", "duplicate_count", buf);
	snprintf(buf, sizeof(buf), "%zu", s->n_unknown);
	table_field(t, "sizes with spec unknown", "spec_unknown_count", buf);
	struct strbuf names = STRBUF_INIT;
	for (size_t i = 0; i < s->n_unknown; i++) {
		table_field(t, "  spec unknown", NULL, s->unknown[i]);
		strbuf_addf(&names, "%s%s", i ? " " : "", s->unknown[i]);
	}
	table_csv_field(t, "spec_unknown", strbuf_str(&names));
	strbuf_release(&names);
	snprintf(buf, sizeof(buf), "%.2f s", s->seconds);
	table_field(t, "duration", "duration_ms", buf);
	table_set_number(t, 1, s->seconds * 1000.0, 0);
	table_print(t, ctx->out, ctx->format);
	table_free(t);
}

int cmd_catalog_refresh(struct cli_ctx *ctx, int argc, char **argv)
{
	struct cli_iter it;
	struct list regions = { 0 }, files = { 0 };
	struct refresh_opts o;
	const char *val, *currency = NULL, *api_url = NULL;
	char currency_buf[4];
	char target[4096], err[REFRESH_ERRLEN];
	int id, rc = EXIT_OK, all_regions = 0, no_filter = 0;
	double d;

	memset(&o, 0, sizeof(o));
	http_opts_default(&o.http);
	cli_iter_init(&it, CMD, cmd_catalog_refresh_opts, argc, argv);
	while ((id = cli_next(&it, &val)) != CLI_END) {
		switch (id) {
		case O_REGION:
			list_add(&regions, val);
			break;
		case O_CURRENCY:
			if (cli_currency(CMD, val, currency_buf) != 0) {
				rc = EXIT_USAGE;
				goto out;
			}
			currency = currency_buf;
			break;
		case O_API_URL:
			api_url = val;
			break;
		case O_FROM_FILE:
			list_add(&files, val);
			break;
		case O_RETRIES:
			if (cli_number(CMD, "retries", val, &d) != 0 || d < 0 || d > 20 ||
			    d != floor(d)) {
				rc = cli_usage_error(CMD, "'--retries' takes a whole number from 0 to 20");
				goto out;
			}
			o.http.retries = (int)d;
			break;
		case O_TIMEOUT:
			if (cli_positive(CMD, "timeout", val, &d) != 0) {
				rc = EXIT_USAGE;
				goto out;
			}
			/* range-checked before it becomes milliseconds in a long */
			if (d > 3600) {
				rc = cli_usage_error(CMD, "'--timeout' takes at most 3600 seconds, "
							  "got '%s'", val);
				goto out;
			}
			o.http.timeout_s = d;
			break;
		case O_FORCE:
			o.force = 1;
			break;
		case O_ALL_REGIONS:
			all_regions = 1;
			break;
		case O_JOBS:
			if (cli_number(CMD, "jobs", val, &d) != 0 || d < 1 || d > REFRESH_JOBS_MAX ||
			    d != floor(d)) {
				rc = cli_usage_error(CMD, "'--jobs' takes a whole number from 1 to %d",
						     REFRESH_JOBS_MAX);
				goto out;
			}
			o.jobs = (int)d;
			break;
		case O_SEQUENTIAL:
			o.jobs = 1;
			break;
		case O_NO_FILTER:
			no_filter = 1;
			break;
		case CLI_POSITIONAL:
			if (files.n) {
				list_add(&files, val); /* --from-file A.json B.json ... */
				break;
			}
			rc = cli_usage_error(CMD, "unexpected argument '%s'", val);
			goto out;
		case CLI_HELP: /* the verb table prints the help */
			goto out;
		default:
			rc = EXIT_USAGE;
			goto out;
		}
	}
	if (all_regions && regions.n) {
		rc = cli_usage_error(CMD, "'--all-regions' and '--region' do not go together");
		goto out;
	}
	if (all_regions && files.n) {
		rc = cli_usage_error(CMD, "'--all-regions' and '--from-file' do not go together");
		goto out;
	}
	if (files.n && api_url) {
		rc = cli_usage_error(CMD, "'--from-file' and '--api-url' do not go together");
		goto out;
	}
	if (api_url && http_url_allowed(api_url, err, sizeof(err)) != 0) {
		rc = cli_usage_error(CMD, "%s", err);
		goto out;
	}

	const char *env = getenv("GPUFIT_CATALOG");
	if (ctx->catalog_path)
		snprintf(target, sizeof(target), "%s", ctx->catalog_path);
	else if (env && *env)
		snprintf(target, sizeof(target), "%s", env);
	else if (catalog_user_path(target, sizeof(target)) != 0) {
		diag_error("catalog refresh failed: no home directory for the user catalog; use "
			   "--catalog PATH (old catalog kept)");
		rc = EXIT_CATALOG;
		goto out;
	}

	catalog *cat = open_region_source(target);
	if (!cat) {
		rc = EXIT_CATALOG;
		goto out;
	}
	struct region *known = NULL;
	size_t n_known = 0;
	for (size_t i = 0; i < regions.n; i++) {
		struct region r;
		char cerr[CATALOG_ERRLEN];
		if (catalog_region_find(cat, regions.v[i], &r, cerr) != 1) {
			cmd_unknown_name(cat, "regions", "region", regions.v[i], 1, NULL);
			rc = EXIT_INPUT;
		}
	}
	if (rc == EXIT_OK && !regions.n && !files.n) {
		char cerr[CATALOG_ERRLEN];
		if (catalog_region_list(cat, &known, &n_known, cerr) != 0 || n_known == 0) {
			diag_error("catalog refresh failed: the catalog lists no regions (old catalog "
				   "kept)");
			rc = EXIT_CATALOG;
		} else if (all_regions) {
			for (size_t i = 0; i < n_known; i++)
				list_add(&regions, known[i].name);
		} else if (priced_regions(cat, known, n_known, &regions) != 0) {
			rc = EXIT_CATALOG;
		} else if (!regions.n) {
			diag_error("catalog refresh failed: the catalog has prices for no region; "
				   "use --region or --all-regions (old catalog kept)");
			rc = EXIT_CATALOG;
		}
	}
	if (rc == EXIT_OK && !no_filter)
		o.sku_filter = sku_filter(cat);
	catalog_close(cat);
	if (rc != EXIT_OK) {
		free(known);
		goto out;
	}

	struct refresh_summary s;
	o.target = target;
	o.api_url = api_url;
	o.currency = currency;
	o.regions = regions.v;
	o.n_regions = regions.n;
	o.files = files.v;
	o.n_files = files.n;
	o.now = util_now();
	o.lock_wait_s = REFRESH_LOCK_WAIT_S;
	if (ctx->stderr_tty)
		o.progress = on_progress;
	int r = refresh_run(&o, &s, err, sizeof(err));
	if (ctx->stderr_tty)
		fprintf(stderr, "\r\033[K");
	if (r != 0) {
		diag_error("catalog refresh failed: %s (old catalog kept)", err);
		rc = EXIT_CATALOG;
	} else {
		diag_list_print(&s.warnings, stderr);
		print_summary(ctx, &s, target, currency ? currency : "USD");
	}
	refresh_summary_release(&s);
	free(known);
out:
	free(regions.v);
	free(files.v);
	return rc;
}
