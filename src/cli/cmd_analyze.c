/*
 * cmd_analyze.c - `gpufit analyze`: GPU telemetry in, waste and bottleneck
 * findings with savings out.
 *
 * Reads telemetry files (or a live Prometheus over its HTTP API) into the
 * telemetry store, maps every host to an Azure size (--sku, --hosts, or an
 * inference from the GPU model label and GPU count that is printed as an
 * assumption), prices each GPU or MIG slice from the catalog, classifies each
 * series (classify.c) and renders the findings and fleet totals.  This file
 * parses the options and runs the steps; the computation is analysis.c, the
 * writers analyze_text.c and analyze_json.c.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "analysis.h"
#include "analyze_json.h"
#include "analyze_text.h"
#include "catalog.h"
#include "classify.h"
#include "cli.h"
#include "cmd_util.h"
#include "commands.h"
#include "diag.h"
#include "gpufit.h"
#include "output.h"
#include "prom_fetch.h"
#include "prom_query.h"
#include "telemetry.h"
#include "util.h"

#define CMD "analyze"

enum {
	OPT_INPUT_FORMAT = 1, OPT_COLUMNS, OPT_HOST, OPT_METRIC, OPT_PROMETHEUS, OPT_SINCE,
	OPT_STEP, OPT_START, OPT_END, OPT_SKU, OPT_HOSTS, OPT_REGION, OPT_PRICING, OPT_HOURS,
	OPT_FAIL_ON, OPT_MIN_SAMPLES, OPT_IDLE, OPT_UNDERUSED, OPT_BUSY_UTIL, OPT_BUSY_SM,
	OPT_STARVED_SM, OPT_PCIE_RX, OPT_MEMORY_DRAM, OPT_RAW, OPT_MAX_SERIES, OPT_TOKEN_FILE,
	OPT_HEADER, OPT_CACERT, OPT_VERBOSE, OPT_MAX_SERIES_ALL, OPT_TIMEOUT
};

const struct cli_opt cmd_analyze_opts[] = {
	{ "input-format", 0, CLI_ARG_REQUIRED, OPT_INPUT_FORMAT, "F",
	  "auto|dcgm|prometheus-json|nvidia-smi|dcgmi",
	  "auto (default) | dcgm | prometheus-json | nvidia-smi | dcgmi" },
	{ "columns", 0, CLI_ARG_REQUIRED, OPT_COLUMNS, "LIST", NULL,
	  "nvidia-smi fields of a headerless CSV (default: the documented --query-gpu list)" },
	{ "host", 0, CLI_ARG_REQUIRED, OPT_HOST, "NAME", NULL,
	  "host of nvidia-smi/dcgmi files (default: file name)" },
	{ "metric", 0, CLI_ARG_REQUIRED, OPT_METRIC, "NAME", NULL,
	  "metric of query_range series without __name__" },
	{ "prometheus", 0, CLI_ARG_REQUIRED, OPT_PROMETHEUS, "URL", NULL,
	  "read a live Prometheus HTTP API: the server computes each series' statistics over "
	  "the window" },
	{ "since", 0, CLI_ARG_REQUIRED, OPT_SINCE, "DUR", NULL,
	  "window ending now (default 7d)" },
	{ "step", 0, CLI_ARG_REQUIRED, OPT_STEP, "DUR", NULL,
	  "query_range and idle-share resolution (default 5m)" },
	{ "start", 0, CLI_ARG_REQUIRED, OPT_START, "T", NULL,
	  "window start instead of --since (unix seconds or YYYY-MM-DDTHH:MM:SSZ)" },
	{ "end", 0, CLI_ARG_REQUIRED, OPT_END, "T", NULL,
	  "window end with --start (unix seconds or YYYY-MM-DDTHH:MM:SSZ)" },
	{ "sku", 0, CLI_ARG_REQUIRED, OPT_SKU, "SIZE", NULL, "the Azure size of every host" },
	{ "hosts", 0, CLI_ARG_REQUIRED, OPT_HOSTS, "FILE", CLI_FILE,
	  "'HOST SIZE' lines; else sizes are inferred" },
	{ "region", 0, CLI_ARG_REQUIRED, OPT_REGION, "R", NULL, "price region (default eastus)" },
	{ "pricing", 0, CLI_ARG_REQUIRED, OPT_PRICING, "P", CLI_PRICING_TERMS,
	  "payg | spot | reserved-1y | reserved-3y | savings-1y | savings-3y (default payg)" },
	{ "hours-per-month", 0, CLI_ARG_REQUIRED, OPT_HOURS, "H", NULL, "default 730" },
	{ "fail-on", 0, CLI_ARG_REQUIRED, OPT_FAIL_ON, "LIST",
	  "idle|underused|busy-waiting|data-starved|memory-bound|no-data|any",
	  "exit 1 when a GPU has one of these findings (comma list: idle, underused, "
	  "busy-waiting, data-starved, memory-bound, no-data, any)" },
	{ "min-samples", 0, CLI_ARG_REQUIRED, OPT_MIN_SAMPLES, "N", NULL,
	  "fewer samples: no-data (default 10)" },
	{ "idle-below", 0, CLI_ARG_REQUIRED, OPT_IDLE, "PCT", NULL,
	  "peak activity below PCT: idle (default 5)" },
	{ "underused-below", 0, CLI_ARG_REQUIRED, OPT_UNDERUSED, "PCT", NULL,
	  "p95 activity below PCT: underused (default 50)" },
	{ "busy-util", 0, CLI_ARG_REQUIRED, OPT_BUSY_UTIL, "PCT", NULL,
	  "duty cycle at or above PCT ... (default 80)" },
	{ "busy-sm-below", 0, CLI_ARG_REQUIRED, OPT_BUSY_SM, "PCT", NULL,
	  "... with SM activity below PCT: busy-waiting (default 50)" },
	{ "starved-sm-below", 0, CLI_ARG_REQUIRED, OPT_STARVED_SM, "PCT", NULL,
	  "SM activity below PCT with input traffic: data-starved (default 30)" },
	{ "pcie-rx-gbps", 0, CLI_ARG_REQUIRED, OPT_PCIE_RX, "N", NULL,
	  "host-to-device traffic that counts as input (default 1)" },
	{ "memory-dram", 0, CLI_ARG_REQUIRED, OPT_MEMORY_DRAM, "PCT", NULL,
	  "DRAM activity at or above PCT: memory-bound (default 50)" },
	{ "raw", 0, CLI_ARG_NONE, OPT_RAW, NULL, NULL,
	  "read every sample with query_range instead" },
	{ "max-series-per-query", 0, CLI_ARG_REQUIRED, OPT_MAX_SERIES, "N", NULL,
	  "series per answer; hosts are batched (default 1000)" },
	{ "bearer-token-file", 0, CLI_ARG_REQUIRED, OPT_TOKEN_FILE, "FILE", CLI_FILE,
	  "send 'Authorization: Bearer' with the token in FILE (else $GPUFIT_PROMETHEUS_TOKEN); "
	  "never printed" },
	{ "header", 0, CLI_ARG_REQUIRED, OPT_HEADER, "'Name: value'", NULL,
	  "an extra request header (repeatable)" },
	{ "cacert", 0, CLI_ARG_REQUIRED, OPT_CACERT, "FILE", CLI_FILE,
	  "CA bundle (PEM) that signs the server's certificate" },
	{ "verbose", 'v', CLI_ARG_NONE, OPT_VERBOSE, NULL, NULL,
	  "print each Prometheus request and what it cost" },
	{ "timeout", 0, CLI_ARG_REQUIRED, OPT_TIMEOUT, "S", NULL,
	  "connect limit; an answer under 1 KiB/s for S seconds fails (default 30)" },
	{ "max-series", 0, CLI_ARG_REQUIRED, OPT_MAX_SERIES_ALL, "N", NULL,
	  "GPUs and MIG instances read at most (default 100000)" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

/* ---- option values ---------------------------------------------------- */

/* Unix seconds or an ISO-8601 UTC date-time -> seconds; -1 bad. */
static double parse_time(const char *s)
{
	double v;
	/* beyond 1e11 s (year 5138) is no time a server holds samples for */
	if (util_parse_double(s, &v) == 0)
		return v >= 0 && v <= 1e11 ? v : -1;
	long long t = util_parse_iso8601(s);
	return t < 0 ? -1 : (double)t;
}

/* A percentage option (0-100) as a ratio. */
static int opt_percent(const char *opt, const char *val, double *out)
{
	double v;
	if (cli_number(CMD, opt, val, &v) != 0)
		return -1;
	if (v < 0 || v > 100) {
		cli_usage_error(CMD, "--%s takes a percentage from 0 to 100, not '%s'", opt, val);
		return -1;
	}
	*out = v / 100.0;
	return 0;
}

/* "idle,underused" -> bit set; prints and returns -1 on an unknown name. */
static int parse_fail_on(const char *list, unsigned *mask)
{
	char *dup = xstrdup(list), *save = NULL;
	int rc = 0;
	for (char *w = strtok_r(dup, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		while (isspace((unsigned char)*w))
			w++;
		enum classify_finding f;
		if (strcmp(w, "any") == 0) {
			*mask |= ~(1u << CLASS_HEALTHY);
			continue;
		}
		if (classify_finding_parse(w, &f) != 0) {
			const char *names[CLASS_COUNT + 1];
			for (int i = 0; i < CLASS_COUNT; i++)
				names[i] = classify_finding_name((enum classify_finding)i);
			names[CLASS_COUNT] = "any";
			const char *hint = util_suggest(w, names, CLASS_COUNT + 1);
			if (hint)
				cli_usage_error(CMD, "unknown finding '%s' in --fail-on; did you mean '%s'?",
						w, hint);
			else
				cli_usage_error(CMD, "unknown finding '%s' in --fail-on (idle, underused, "
						"busy-waiting, data-starved, memory-bound, healthy, "
						"no-data, any)", w);
			rc = -1;
			break;
		}
		*mask |= 1u << f;
	}
	free(dup);
	return rc;
}

static void log_line(void *arg, const char *line)
{
	(void)arg;
	fprintf(stderr, "gpufit: prometheus: %s\n", line);
}

/* Reads the server into st: the bearer token, the request, the cost under -v. */
static int fetch_prometheus(struct prom_fetch_opts *po, const char *token_file,
			    const char **headers, size_t nheaders, int verbose,
			    struct telemetry_store *st, const struct telemetry_read_opts *ro,
			    struct diag_list *dl)
{
	char err[512], *auth = NULL;
	if (prom_fetch_bearer(token_file, getenv("GPUFIT_PROMETHEUS_TOKEN"), &auth, err,
			      sizeof(err)) != 0) {
		diag_error("%s%s", token_file ? "--bearer-token-file " : "", err);
		return token_file ? EXIT_INPUT : EXIT_USAGE;
	}
	if (po->cacert) {
		FILE *fp = fopen(po->cacert, "r");
		if (!fp) {
			diag_error("--cacert %s: cannot open: %s", po->cacert, util_strerror(errno));
			free(auth);
			return EXIT_INPUT;
		}
		fclose(fp);
	}
	const char **all = xcalloc(nheaders + 1, sizeof(*all));
	memcpy(all, headers, nheaders * sizeof(*all));
	if (auth)
		all[nheaders++] = auth;
	po->headers = all;
	po->nheaders = nheaders;
	if (verbose)
		po->log = log_line;
	struct prom_fetch_stats fs;
	enum prom_fetch_status s = prom_fetch(po, ro, st, dl, &fs);
	if (auth) {
		memset(auth, 0, strlen(auth));
		free(auth);
	}
	free(all);
	if (verbose && fs.requests)
		diag_note("prometheus: %u requests, %llu bytes received (%llu bytes of JSON); "
			  "%u batches summarised by the server, %u read sample by sample",
			  fs.requests, fs.received, fs.body_bytes, fs.summary_batches,
			  fs.raw_batches);
	return s == PROM_FETCH_OK ? EXIT_OK : s == PROM_FETCH_USAGE ? EXIT_USAGE
		: s == PROM_FETCH_SERVER ? EXIT_CATALOG : EXIT_INPUT;
}

static const struct command *self(void)
{
	for (const struct command *c = gpufit_commands; c->name; c++)
		if (strcmp(c->name, CMD) == 0)
			return c;
	return NULL;
}

/* ---- the steps of a run ----------------------------------------------- */

/* The command line. */
struct analyze_opts {
	struct telemetry_read_opts ro;
	struct classify_thresholds th;
	struct prom_fetch_opts po;
	const char *prom, *sku, *hosts_file, *region, *token_file;
	enum pricing_kind kind;
	double hours, since, step, start, end;
	unsigned fail_mask;
	const char **files, **headers;   /* argv's, argc + 1 each: the caller frees */
	size_t nfiles, nheaders, max_series;
	int verbose, timeout_given;
};

/* What a run reads and computes; released by run_release. */
struct analyze_run {
	catalog *cat;
	struct analysis_facts f;
	struct telemetry_store st;
	struct diag_list dl;
	struct analysis_hosts hosts;
	size_t nrows;
	struct analysis_row *rows;
	struct analysis_totals t;
	struct analysis_fleet fleet;
	cJSON *assumptions;
};

/* One option's value into o: 1 when it is bad (the error printed). */
static int parse_option(struct analyze_opts *o, int id, const char *val)
{
	int bad = 0;
	double v = 0;

	switch (id) {
	case OPT_INPUT_FORMAT:
		if (telemetry_format_parse(val, &o->ro.format) != 0)
			bad = cli_usage_error(CMD, "unknown input format '%s' (auto, dcgm, "
					      "prometheus-json, nvidia-smi, dcgmi)", val);
		break;
	case OPT_COLUMNS: o->ro.columns = val; break;
	case OPT_HOST: o->ro.host = val; break;
	case OPT_METRIC: o->ro.metric = val; break;
	case OPT_PROMETHEUS: o->prom = val; break;
	case OPT_SINCE:
		if (util_parse_duration(val, &o->since) != 0)
			bad = cli_usage_error(CMD, "invalid duration '%s' for --since (a number "
					      "with s, m, h, d or w, e.g. 7d)", val);
		break;
	case OPT_STEP:
		if (util_parse_duration(val, &o->step) != 0 || o->step < 1)
			bad = cli_usage_error(CMD, "invalid duration '%s' for --step (a number "
					      "with s, m, h, d or w of at least 1 s, e.g. 5m)",
					      val);
		break;
	case OPT_START:
	case OPT_END:
		if ((v = parse_time(val)) < 0)
			bad = cli_usage_error(CMD, "invalid time '%s' (unix seconds or "
					      "YYYY-MM-DDTHH:MM:SSZ)", val);
		*(id == OPT_START ? &o->start : &o->end) = v;
		break;
	case OPT_SKU: o->sku = val; break;
	case OPT_HOSTS: o->hosts_file = val; break;
	case OPT_REGION: o->region = val; break;
	case OPT_PRICING:
		if (pricing_parse(val, &o->kind) != 0)
			bad = cli_usage_error(CMD, "unknown pricing '%s' (payg, spot, "
					      "reserved-1y, reserved-3y, savings-1y, "
					      "savings-3y)", val);
		break;
	case OPT_HOURS:
		bad = cli_positive(CMD, "hours-per-month", val, &o->hours) != 0;
		break;
	case OPT_FAIL_ON: bad = parse_fail_on(val, &o->fail_mask) != 0; break;
	case OPT_MIN_SAMPLES:
		bad = cli_number(CMD, "min-samples", val, &v) != 0;
		if (!bad && v < 1)
			bad = cli_usage_error(CMD, "--min-samples must be at least 1");
		/* range-checked before the conversion (1e30 does not fit) */
		if (!bad && (v > 1e9 || v != floor(v)))
			bad = cli_usage_error(CMD, "--min-samples must be a whole number from 1 "
						   "to 1000000000, got '%s'", val);
		if (!bad)
			o->th.min_samples = (uint64_t)v;
		break;
	case OPT_IDLE: bad = opt_percent("idle-below", val, &o->th.idle_max) != 0; break;
	case OPT_UNDERUSED:
		bad = opt_percent("underused-below", val, &o->th.underused_p95) != 0;
		break;
	case OPT_BUSY_UTIL: bad = opt_percent("busy-util", val, &o->th.busy_util) != 0; break;
	case OPT_BUSY_SM: bad = opt_percent("busy-sm-below", val, &o->th.busy_sm) != 0; break;
	case OPT_STARVED_SM:
		bad = opt_percent("starved-sm-below", val, &o->th.starved_sm) != 0;
		break;
	case OPT_PCIE_RX:
		bad = cli_positive(CMD, "pcie-rx-gbps", val, &v) != 0;
		if (!bad)
			o->th.starved_pcie_rx = v * 1e9;
		break;
	case OPT_MEMORY_DRAM:
		bad = opt_percent("memory-dram", val, &o->th.memory_dram) != 0;
		break;
	case OPT_RAW: o->po.raw = 1; break;
	case OPT_MAX_SERIES:
		bad = cli_number(CMD, "max-series-per-query", val, &v) != 0;
		/* range-checked before the conversion (1e20 does not fit) */
		if (!bad && (v < 1 || v > PROM_MAX_SERIES_LIMIT || v != floor(v)))
			bad = cli_usage_error(CMD, "--max-series-per-query takes a whole "
					      "number from 1 to %d, not '%s'",
					      PROM_MAX_SERIES_LIMIT, val);
		if (!bad)
			o->po.max_series = (uint64_t)v;
		break;
	case OPT_TOKEN_FILE: o->token_file = val; break;
	case OPT_HEADER:
		if (!strchr(val, ':') || val[0] == ':')
			bad = cli_usage_error(CMD, "--header takes 'Name: value'");
		o->headers[o->nheaders++] = val;
		break;
	case OPT_CACERT: o->po.cacert = val; break;
	case OPT_VERBOSE: o->verbose = 1; break;
	case OPT_MAX_SERIES_ALL:
		bad = cli_number(CMD, "max-series", val, &v) != 0;
		/* range-checked before the conversion */
		if (!bad && (v < 1 || v > TELEMETRY_MAX_SERIES_LIMIT || v != floor(v)))
			bad = cli_usage_error(CMD, "--max-series takes a whole number from 1 to "
					      "%d, not '%s'", TELEMETRY_MAX_SERIES_LIMIT, val);
		if (!bad)
			o->max_series = (size_t)v;
		break;
	case OPT_TIMEOUT:
		bad = cli_positive(CMD, "timeout", val, &v) != 0;
		/* range-checked before it becomes milliseconds in a long */
		if (!bad && v > PROM_TIMEOUT_MAX)
			bad = cli_usage_error(CMD, "--timeout takes at most %d seconds, not '%s'",
					      PROM_TIMEOUT_MAX, val);
		if (!bad) {
			o->po.timeout_s = v;
			o->timeout_given = 1;
		}
		break;
	}
	return bad;
}

/* The command line into o (whose files and headers hold argc + 1 each).
 * -1 to go on; else the exit code (help printed, or a usage error). */
static int parse_options(struct cli_ctx *ctx, int argc, char **argv, struct analyze_opts *o)
{
	int id;
	const char *val;
	struct cli_iter it;

	telemetry_read_opts_default(&o->ro);
	classify_thresholds_default(&o->th);
	prom_fetch_opts_default(&o->po);
	o->region = "eastus";
	o->kind = PRICING_PAYG;
	o->hours = GPUFIT_HOURS_PER_MONTH;
	o->since = 7 * 86400.0;
	o->step = 300;
	o->start = o->end = -1;
	o->max_series = TELEMETRY_MAX_SERIES_DEFAULT;
	cli_iter_init(&it, CMD, cmd_analyze_opts, argc, argv);
	while ((id = cli_next(&it, &val)) != CLI_END) {
		switch (id) {
		case CLI_ERROR:
			return EXIT_USAGE;
		case CLI_HELP:
			if (self())
				cli_print_command_help(self(), ctx->out);
			return EXIT_OK;
		case CLI_POSITIONAL: o->files[o->nfiles++] = val; break;
		default:
			if (parse_option(o, id, val))
				return EXIT_USAGE;
		}
	}
	if (!o->prom && (o->po.raw || o->token_file || o->nheaders || o->po.cacert ||
			 o->timeout_given))
		return cli_usage_error(CMD, "--raw, --bearer-token-file, --header, --cacert and "
				       "--timeout go with --prometheus");
	if (!o->nfiles && !o->prom)
		return cli_usage_error(CMD, "missing FILE (or --prometheus URL)");
	if (o->nfiles && o->prom)
		return cli_usage_error(CMD, "give telemetry files or --prometheus, not both");
	if (o->sku && o->hosts_file)
		return cli_usage_error(CMD, "give --sku or --hosts, not both");
	return -1;
}

/* The catalog, the region, the sizes named on the command line (o->sku
 * becomes the catalog's spelling). */
static int load_catalog(struct cli_ctx *ctx, struct analyze_opts *o, struct analyze_run *run)
{
	char err[CATALOG_ERRLEN], path[4096];
	enum catalog_origin origin;
	struct analysis_totals *t = &run->t;

	if (catalog_open_default(ctx->catalog_path, &run->cat, &origin, path, sizeof(path),
				 err) != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	struct region rg;
	int found = catalog_region_find(run->cat, o->region, &rg, err);
	if (found <= 0) {
		if (found < 0) {
			diag_error("%s", err);
			return EXIT_CATALOG;
		}
		cmd_unknown_name(run->cat, "regions", "region", o->region, 1, NULL);
		return EXIT_INPUT;
	}
	/* prices in the catalog's currency (USD when it names none) */
	if (catalog_meta(run->cat, "currency", t->currency, sizeof(t->currency)) != 0 ||
	    !t->currency[0])
		snprintf(t->currency, sizeof(t->currency), "USD");
	t->region = o->region;
	t->kind = o->kind;
	if (analysis_facts_load(run->cat, o->region, o->kind, t->currency, &run->f, err) != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	if (o->sku) {
		size_t vi = analysis_vm_index(&run->f, o->sku);
		if (vi == (size_t)-1) {
			char near[3][FACT_SKU];
			size_t k = catalog_suggest(run->cat, "vm_sizes", o->sku, near, 3);
			diag_error("unknown VM size '%s'%s%s%s", o->sku, k ? "; did you mean '" : "",
				   k ? near[0] : "", k ? "'?" : "");
			return EXIT_INPUT;
		}
		o->sku = run->f.vms[vi].sku;
	}
	if (o->hosts_file && analysis_hosts_load(o->hosts_file, &run->f, &run->hosts,
						 o->max_series, &run->dl) != 0) {
		diag_list_print(&run->dl, stderr);
		return EXIT_INPUT;
	}
	return EXIT_OK;
}

/* The telemetry, from the files or the server, and every host's size. */
static int load_telemetry(struct analyze_opts *o, struct analyze_run *run)
{
	struct telemetry_store *st = &run->st;
	int rc;

	if (o->prom) {
		double e = o->end >= 0 ? o->end : (double)time(NULL);
		double s0 = o->start >= 0 ? o->start : e - o->since;
		if (s0 >= e)
			return cli_usage_error(CMD, "--start must be before --end");
		o->po.url = o->prom;
		o->po.start = s0;
		o->po.end = e;
		o->po.step = o->step;
		o->po.idle_max = o->th.idle_max;
		o->po.unreliable_util = o->th.unreliable_util;
		rc = fetch_prometheus(&o->po, o->token_file, o->headers, o->nheaders, o->verbose, st,
				      &o->ro, &run->dl);
		diag_list_print(&run->dl, stderr);
		if (rc != EXIT_OK)
			return rc;
	} else {
		/* past the series limit every further file would say so again */
		for (size_t i = 0; i < o->nfiles && !st->full; i++)
			telemetry_read_file(st, o->files[i], &o->ro, &run->dl);
		if (run->dl.errors) {
			diag_list_print(&run->dl, stderr);
			return EXIT_INPUT;
		}
	}
	telemetry_store_finish(st);
	if (st->clamped)
		diag_warning("%llu ratio samples above 1 were clamped to 1 (seen on MIG instances, "
			     "DCGM issue #152)", (unsigned long long)st->clamped);
	if (st->negative)
		diag_warning("%llu negative sample%s ignored: no utilisation, memory, power or clock "
			     "is below 0", (unsigned long long)st->negative,
			     st->negative == 1 ? " was" : "s were");

	if (analysis_map_hosts(st, &run->f, o->sku, o->hosts_file, &run->hosts, run->assumptions,
			       &run->dl) != 0) {
		diag_list_print(&run->dl, stderr);
		return EXIT_INPUT;
	}
	return EXIT_OK;
}

/* Every series priced and classified, the fleet and its proposals, the totals. */
static void compute(const struct analyze_opts *o, struct analyze_run *run)
{
	const struct telemetry_store *st = &run->st;
	struct analysis_totals *t = &run->t;
	double hours = o->hours;

	run->rows = analysis_rows_classify(st, &run->f, &run->hosts, &o->th, o->kind, hours,
					   &run->nrows);
	{
		size_t bad = analysis_mig_gpus_check(run->rows, run->nrows);

		if (bad)
			diag_warning("%zu GPU%s report%s MIG instances of more compute slices than a "
				     "GPU has (7): %s not priced", bad, bad == 1 ? "" : "s",
				     bad == 1 ? "s" : "", bad == 1 ? "it is" : "they are");
	}
	analysis_rows_alone(run->rows, run->nrows, &run->f, o->kind, hours);
	analysis_fleet_plan(&run->fleet, run->rows, run->nrows, &run->f, o->kind, hours);
	t->fleet = &run->fleet;
	t->facts = &run->f;
	t->window_hours = st->start_ms && st->end_ms >= st->start_ms
		? (double)(st->end_ms - st->start_ms) / 3.6e6 : -1;
	for (size_t i = 0; i < run->nrows; i++)
		analysis_totals_add(t, &run->rows[i], hours);
	analysis_totals_add_free(t, run->rows, run->nrows, hours);
	t->current_cost = run->fleet.bill;
	t->savings = run->fleet.savings;
}

static void run_release(struct analyze_run *run)
{
	for (size_t i = 0; i < run->nrows; i++) {
		free(run->rows[i].cands);
		classify_result_release(&run->rows[i].res);
	}
	free(run->rows);
	free(run->t.free);
	analysis_fleet_release(&run->fleet);
	analysis_hosts_release(&run->hosts);
	cJSON_Delete(run->assumptions);
	diag_list_release(&run->dl);
	telemetry_store_release(&run->st);
	analysis_facts_release(&run->f);
	if (run->cat)
		catalog_close(run->cat);
}

int cmd_analyze(struct cli_ctx *ctx, int argc, char **argv)
{
	struct analyze_opts o = { 0 };
	struct analyze_run run = { 0 };
	int rc;

	o.files = xcalloc((size_t)argc + 1, sizeof(*o.files));
	o.headers = xcalloc((size_t)argc + 1, sizeof(*o.headers));
	rc = parse_options(ctx, argc, argv, &o);
	if (rc >= 0) {
		free(o.files);
		free(o.headers);
		return rc;
	}

	run.assumptions = cJSON_CreateArray();
	telemetry_store_init(&run.st);
	run.st.max_series = o.max_series;
	rc = load_catalog(ctx, &o, &run);
	if (rc == EXIT_OK)
		rc = load_telemetry(&o, &run);
	if (rc == EXIT_OK) {
		compute(&o, &run);
		if (ctx->format == FMT_JSON || ctx->format == FMT_HTML) {
			analyze_json_print(ctx->out, ctx->format, run.rows, run.nrows, &run.t, &run.st,
					   o.hours, o.region, o.kind, run.assumptions);
			run.assumptions = NULL;
		} else {
			analyze_text_print(ctx->out, ctx->format, ctx->color, run.rows, run.nrows,
					   &run.t);
		}
		for (size_t i = 0; i < run.nrows; i++)
			if (o.fail_mask & (1u << run.rows[i].res.finding))
				rc = EXIT_GATE;
	}
	run_release(&run);
	free(o.files);
	free(o.headers);
	return rc;
}
