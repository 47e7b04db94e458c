/*
 * cmd_analyze.c - `gpufit analyze`: GPU telemetry in, waste and bottleneck
 * findings with savings out.
 *
 * Reads telemetry files (or a live Prometheus over its HTTP API) into the
 * telemetry store, maps every host to an Azure size (--sku, --hosts, or an
 * inference from the GPU model label and GPU count that is printed as an
 * assumption), prices each GPU or MIG slice from the catalog, classifies each
 * series (classify.c) and renders the findings and fleet totals.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "analyze_html.h"
#include "bill.h"
#include "catalog.h"
#include "catalog_snapshot.h"
#include "classify.h"
#include "cli.h"
#include "cmd_util.h"
#include "commands.h"
#include "consolidate.h"
#include "diag.h"
#include "escape.h"
#include "gpufit.h"
#include "http.h"
#include "json_out.h"
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

/* One host's Azure size. */
struct host_map {
	char host[96];
	char sku[FACT_SKU];
	int assumed;
	int line, col;          /* where a --hosts file names the size; 0 otherwise */
};

/* Every host's size, found by name in O(1) amortised: a fleet of 100k hosts
 * must not cost a scan of the list per host or per series. */
struct host_list {
	struct host_map *v;
	size_t n, cap;
	struct strmap index;    /* host name -> position of its last entry in v */
};

static struct host_map *hosts_add(struct host_list *hl, const char *host)
{
	/* v is NULL only while cap is 0: the test says so to clang's analyzer,
	 * which assumes strmap_put(&hl->index) below may change all of *hl */
	if (hl->n == hl->cap || !hl->v) {
		hl->cap = hl->cap ? hl->cap * 2 : 64;
		hl->v = xrealloc(hl->v, hl->cap * sizeof(*hl->v));
	}
	struct host_map *hm = &hl->v[hl->n];
	memset(hm, 0, sizeof(*hm));
	snprintf(hm->host, sizeof(hm->host), "%s", host);
	strmap_put(&hl->index, hm->host, hl->n++);
	return hm;
}

/* The last entry for host (a --hosts file may name a host twice), or NULL. */
static const struct host_map *hosts_find(const struct host_list *hl, const char *host)
{
	const size_t *i = strmap_get(&hl->index, host);
	return i ? &hl->v[*i] : NULL;
}

static void hosts_release(struct host_list *hl)
{
	free(hl->v);
	strmap_release(&hl->index);
	memset(hl, 0, sizeof(*hl));
}

/* Everything the pricing needs from the catalog. */
struct facts {
	struct gpu_spec *gpus;
	size_t ngpus;
	struct vm_size *vms;
	size_t nvms;
	struct mig_profile *migs;
	size_t nmigs;
	double *vm_hourly;      /* per vms[i] in the chosen region and pricing; 0 none */
	const struct gpu_spec **vm_gpu;   /* per vms[i]: its GPU model; NULL unknown */
	struct strmap vm_by_sku;          /* lower-case size name -> index in vms */
};

/* Per series results. */
struct row {
	struct telemetry_series *s;
	struct classify_result res;
	const struct host_map *hm;
	const struct vm_size *vm;
	const struct gpu_spec *gpu;
	double gpu_fraction;    /* 1 for a whole GPU, c/7 for a MIG slice */
	double hourly;          /* cost of this GPU or slice; 0 unknown */
	size_t vi;              /* its size in facts; (size_t)-1 unknown */
	double monthly;         /* its share of its VM's bill (an allocation); 0 unknown */
	double gpu_monthly;     /* its GPU's share of the VM's bill (fleet_allocate) */
	double saving;          /* the VM's bill less its bill after this row's change
				   alone (bill_monthly): 0 unless the row is its whole VM */
	long cand_vi;           /* underused: the size it may move to; -1 none or a MIG slice */
	int mig_slices;         /* > 7: the compute slices its GPU's instances report
				   together, more than a GPU has (not priced) */
	struct classify_candidate *cands;
	size_t ncands;
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

/* ---- catalog facts ---------------------------------------------------- */

static void facts_release(struct facts *f)
{
	free(f->gpus);
	free(f->vms);
	free(f->migs);
	free(f->vm_hourly);
	free(f->vm_gpu);
	strmap_release(&f->vm_by_sku);
}

static const struct gpu_spec *gpu_by_name(const struct facts *f, const char *name);

/* s in lower case into buf (n bytes); NULL when it does not fit. */
static const char *lower(char *buf, size_t n, const char *s)
{
	size_t i;
	for (i = 0; s[i]; i++) {
		if (i + 1 >= n)
			return NULL;
		buf[i] = (char)tolower((unsigned char)s[i]);
	}
	buf[i] = '\0';
	return buf;
}

/* The catalog read once into a snapshot (catalog_snapshot.h), whose GPU,
 * VM and MIG arrays f takes over, and each size's price in region and
 * currency. */
static int facts_load(catalog *cat, const char *region, enum pricing_kind kind,
		      const char *currency, struct facts *f, char *err)
{
	struct catalog_snapshot snap;
	memset(f, 0, sizeof(*f));
	if (catalog_snapshot_load(cat, &snap, err) != 0)
		return -1;
	f->gpus = snap.gpus;
	f->ngpus = snap.ngpus;
	f->vms = snap.vms;
	f->nvms = snap.nvms;
	f->migs = snap.migs;
	f->nmigs = snap.nmigs;
	snap.gpus = NULL;
	snap.vms = NULL;
	snap.migs = NULL;
	f->vm_hourly = xcalloc(f->nvms ? f->nvms : 1, sizeof(double));
	for (size_t i = 0; i < f->nvms; i++) {
		double h = 0;
		f->vm_hourly[i] = catalog_snapshot_price(&snap, f->vms[i].sku, region, kind, currency, &h)
					  ? h : 0;
	}
	/* per-row lookups are O(1): the size by name, the GPU of each size */
	f->vm_gpu = xcalloc(f->nvms ? f->nvms : 1, sizeof(*f->vm_gpu));
	for (size_t i = 0; i < f->nvms; i++) {
		char key[FACT_SKU];
		f->vm_gpu[i] = gpu_by_name(f, f->vms[i].gpu_model);
		if (lower(key, sizeof(key), f->vms[i].sku) && !strmap_get(&f->vm_by_sku, key))
			strmap_put(&f->vm_by_sku, key, i);   /* the first of a name, as before */
	}
	catalog_snapshot_release(&snap);
	return 0;
}

static const struct gpu_spec *gpu_by_name(const struct facts *f, const char *name)
{
	for (size_t i = 0; i < f->ngpus; i++)
		if (strcmp(f->gpus[i].name, name) == 0)
			return &f->gpus[i];
	return NULL;
}

/* The size named sku (any case), or (size_t)-1. */
static size_t vm_index(const struct facts *f, const char *sku)
{
	char key[FACT_SKU];
	const size_t *i = lower(key, sizeof(key), sku) ? strmap_get(&f->vm_by_sku, key) : NULL;
	return i ? *i : (size_t)-1;
}

/* Upper-case alphanumeric tokens of s, split on anything else. */
static size_t tokens(const char *s, char tok[][24], size_t max)
{
	size_t n = 0;
	while (*s && n < max) {
		while (*s && !isalnum((unsigned char)*s))
			s++;
		size_t k = 0;
		while (*s && isalnum((unsigned char)*s)) {
			if (k < 23)
				tok[n][k++] = (char)toupper((unsigned char)*s);
			s++;
		}
		if (k) {
			tok[n][k] = '\0';
			n++;
		}
	}
	return n;
}

static int has_tok(char tok[][24], size_t n, const char *t)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(tok[i], t) == 0)
			return 1;
	return 0;
}

/*
 * The catalog GPU a model label names ("NVIDIA A100 80GB PCIe",
 * "NVIDIA H100 80GB HBM3", "Tesla T4"): the family must match, and the
 * memory and form factor when the label gives them.  NULL when none does.
 */
static const struct gpu_spec *gpu_from_label(const struct facts *f, const char *label)
{
	char lt[16][24];
	size_t ln = tokens(label, lt, 16);
	const char *lform = has_tok(lt, ln, "PCIE") ? "PCIE" : has_tok(lt, ln, "NVL") ? "NVL"
			  : has_tok(lt, ln, "HBM3") || has_tok(lt, ln, "SXM") ||
			    has_tok(lt, ln, "SXM4") || has_tok(lt, ln, "SXM5") ? "SXM"
			  : has_tok(lt, ln, "SXM2") ? "SXM2" : NULL;
	const char *lmem = NULL;
	for (size_t i = 0; i < ln; i++) {
		size_t k = strlen(lt[i]);
		if (k > 2 && strcmp(lt[i] + k - 2, "GB") == 0 && isdigit((unsigned char)lt[i][0]))
			lmem = lt[i];
	}
	const struct gpu_spec *best = NULL;
	int best_score = 0;
	for (size_t g = 0; g < f->ngpus; g++) {
		char ct[4][24];
		size_t cn = tokens(f->gpus[g].name, ct, 4);
		if (cn < 3 || !has_tok(lt, ln, ct[0]))
			continue;
		int score = 4;
		if (lmem) {
			if (strcmp(lmem, ct[2]) != 0)
				continue;
			score += 2;
		}
		if (lform) {
			int ok = strcmp(lform, "SXM") == 0 ? strncmp(ct[1], "SXM", 3) == 0
							   : strcmp(lform, ct[1]) == 0;
			if (!ok)
				continue;
			score += 2;
		}
		if (score > best_score) {
			best = &f->gpus[g];
			best_score = score;
		}
	}
	return best;
}

static const struct mig_profile *mig_find(const struct facts *f, const char *gpu,
					  const char *profile)
{
	for (size_t i = 0; i < f->nmigs; i++)
		if (strcmp(f->migs[i].gpu_model, gpu) == 0 && strcmp(f->migs[i].name, profile) == 0)
			return &f->migs[i];
	return NULL;
}

/* ---- host to Azure size ----------------------------------------------- */

/* The longest --hosts line: a host name and a size fit many times over. */
#define HOSTS_LINE_MAX 4096

/* Reads a --hosts file: "HOST SKU" per line, at most max_hosts entries (the
 * series limit: each host has a GPU at least) of at most HOSTS_LINE_MAX
 * bytes, so memory stays bounded whatever the file holds. */
static int load_hosts_file(const char *path, const struct facts *f, struct host_list *hl,
			   size_t max_hosts, struct diag_list *dl)
{
	FILE *fp = fopen(path, "r");
	if (!fp) {
		diag_list_add(dl, DIAG_ERROR, path, 0, 0, "cannot open: %s", util_strerror(errno));
		return -1;
	}
	struct strbuf lb = STRBUF_INIT;
	int lineno = 0, got;
	size_t errs = dl->errors, entries = 0;
	while ((got = util_read_line(fp, &lb, HOSTS_LINE_MAX)) != 0) {
		if (lineno == INT_MAX)
			break;
		lineno++;
		if (got == UTIL_LINE_TOO_LONG) {
			diag_list_add(dl, DIAG_ERROR, path, lineno, HOSTS_LINE_MAX + 1,
				      "line longer than %d bytes ('HOST SKU' expected)",
				      HOSTS_LINE_MAX);
			break;
		}
		if (got < 0) {
			diag_list_add(dl, DIAG_ERROR, path, lineno, 0, "read error: %s",
				      util_strerror(errno));
			break;
		}
		char *line = lb.buf;
		char *h = line;
		while (isspace((unsigned char)*h))
			h++;
		if (!*h || *h == '#')
			continue;
		char *he = h;
		while (*he && !isspace((unsigned char)*he) && *he != ',')
			he++;
		char *s = he;
		while (*s && (isspace((unsigned char)*s) || *s == ','))
			s++;
		char *se = s;
		while (*se && !isspace((unsigned char)*se))
			se++;
		if (s == se) {
			diag_list_add(dl, DIAG_ERROR, path, lineno, (int)(s - line) + 1,
				      "expected 'HOST SKU'");
			continue;
		}
		*he = '\0';
		*se = '\0';
		size_t vi = vm_index(f, s);
		if (vi == (size_t)-1) {
			diag_list_add(dl, DIAG_ERROR, path, lineno, (int)(s - line) + 1,
				      "unknown VM size '%s'", s);
			continue;
		}
		if (++entries > max_hosts) {
			diag_list_add(dl, DIAG_ERROR, path, lineno, 1,
				      "more than %zu hosts, the limit of --max-series", max_hosts);
			break;
		}
		struct host_map *hm = hosts_add(hl, h);
		snprintf(hm->sku, sizeof(hm->sku), "%s", f->vms[vi].sku);
		hm->line = lineno;
		hm->col = (int)(s - line) + 1;
	}
	strbuf_release(&lb);
	fclose(fp);
	return dl->errors > errs ? -1 : 0;
}

/*
 * Whole GPUs of the host whose series start at first (the store is sorted by
 * host, then GPU, so a host's series are contiguous and a GPU's instances
 * follow it); *next receives the first series of the next host, and *label
 * the host's first GPU model label ("" when none).
 */
static int host_gpu_count(const struct telemetry_store *st, size_t first, size_t *next,
			  const char **label)
{
	const char *host = st->series[first]->host;
	int n = 0;
	size_t i;
	*label = "";
	for (i = first; i < st->n && strcmp(st->series[i]->host, host) == 0; i++) {
		const struct telemetry_series *s = st->series[i];
		if (!(*label)[0])
			*label = s->model;
		if (!s->uuid[0] && !s->gpu[0])
			continue;
		const struct telemetry_series *p = i > first ? st->series[i - 1] : NULL;
		if (!p || strcmp(p->uuid, s->uuid) != 0 || strcmp(p->gpu, s->gpu) != 0)
			n++;
	}
	*next = i;
	return n ? n : 1;
}

/* Infers a size from the host's GPU model label and GPU count: the cheapest
 * priced size of that GPU with exactly that many GPUs, else the smallest
 * that holds them.  NULL when the model is unknown. */
static const struct vm_size *infer_vm(const struct facts *f, const struct gpu_spec *g, int count)
{
	const struct vm_size *best = NULL;
	double best_h = 0;
	int exact = 0;
	for (size_t i = 0; i < f->nvms; i++) {
		const struct vm_size *v = &f->vms[i];
		if (strcmp(v->gpu_model, g->name) != 0 || v->gpu_count < count || v->retired ||
		    v->confidential)
			continue;
		double h = f->vm_hourly[i];
		int is_exact = fabs(v->gpu_count - count) < 1e-9;
		if (!best || (is_exact && !exact) ||
		    (is_exact == exact && (v->gpu_count < best->gpu_count ||
					   (v->gpu_count == best->gpu_count && h > 0 &&
					    (best_h == 0 || h < best_h))))) {
			best = v;
			best_h = h;
			exact = is_exact;
		}
	}
	return best;
}

/* ---- candidates for underused series ---------------------------------- */

static void add_cand(struct row *r, const char *name, double mem, double compute, double hourly)
{
	r->cands = xrealloc(r->cands, (r->ncands + 1) * sizeof(*r->cands));
	struct classify_candidate *c = &r->cands[r->ncands++];
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->memory_gib = mem;
	c->compute = compute;
	c->hourly = hourly;
}

static void build_candidates(struct row *r, const struct facts *f)
{
	if (!r->gpu)
		return;
	double per_gpu = r->vm && r->hourly > 0 ? r->hourly / r->gpu_fraction : 0;
	double cur_slices = r->gpu_fraction * 7;
	for (size_t i = 0; i < f->nmigs; i++) {
		const struct mig_profile *m = &f->migs[i];
		if (strcmp(m->gpu_model, r->gpu->name) != 0 || m->media_ext ||
		    m->compute_slices >= cur_slices - 1e-9)
			continue;
		char name[64];
		snprintf(name, sizeof(name), "MIG %s", m->name);
		add_cand(r, name, m->memory_gib, m->compute_slices / cur_slices,
			 per_gpu * m->compute_slices / 7.0);
	}
	double cur_tflops = r->gpu->fp16_tflops * r->gpu_fraction;
	for (size_t i = 0; i < f->nvms; i++) {
		const struct vm_size *v = &f->vms[i];
		const struct gpu_spec *g = f->vm_gpu[i];
		if (!g || v->retired || !v->spec_known || v->confidential || v->gpu_count > 1 + 1e-9 ||
		    f->vm_hourly[i] <= 0 || strcmp(g->vendor, r->gpu->vendor) != 0 ||
		    !(cur_tflops > 0))
			continue;
		add_cand(r, v->sku, v->gpu_memory_gib, g->fp16_tflops * v->gpu_count / cur_tflops,
			 f->vm_hourly[i]);
	}
}

/* ---- rendering -------------------------------------------------------- */

static const char *dash(const char *s)
{
	return s && *s ? s : "-";
}

static void fmt_pct(char *buf, size_t n, const struct telemetry_stats *st, double v)
{
	if (!st->count) {
		snprintf(buf, n, "-");
		return;
	}
	/* "%.0f" without printf: it runs for every GPU of the fleet; the "%"
	 * is in the column's header */
	util_fmt_fixed(buf, n, v * 100.0, 0);
}

static cJSON *stats_json(const struct telemetry_series *s)
{
	cJSON *o = cJSON_CreateObject();
	for (int m = 0; m < TM_METRIC_COUNT; m++) {
		struct telemetry_stats st;
		telemetry_acc_stats(&s->m[m], (enum telemetry_metric)m, &st);
		if (!st.count)
			continue;
		cJSON *x = cJSON_AddObjectToObject(o, telemetry_metric_name((enum telemetry_metric)m));
		int d = telemetry_metric_is_ratio((enum telemetry_metric)m) ? 4 : 1;
		cJSON_AddNumberToObject(x, "samples", (double)st.count);
		json_add_rounded(x, "mean", st.mean, d);
		/* NaN: a server summary without percentiles (--prometheus) */
		if (isnan(st.p5))
			cJSON_AddNullToObject(x, "p5");
		else
			json_add_rounded(x, "p5", st.p5, d);
		if (isnan(st.p50))
			cJSON_AddNullToObject(x, "p50");
		else
			json_add_rounded(x, "p50", st.p50, d);
		if (isnan(st.p95))
			cJSON_AddNullToObject(x, "p95");
		else
			json_add_rounded(x, "p95", st.p95, d);
		json_add_rounded(x, "max", st.max, d);
	}
	return o;
}

static void iso_time(char *buf, size_t n, long long ms)
{
	time_t t = (time_t)(ms / 1000);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

struct fleet;
struct facts;

/* Fleet totals.  Each sum covers the GPUs where its part is known; a total
 * is known only when every GPU's part is (else JSON null, "unknown" in text). */
struct totals {
	int gpus;
	int by[CLASS_COUNT];
	double wasted_hours, wasted_cost, savings, current_cost;
	int unpriced;            /* GPUs without a price: cost and savings unknown */
	int no_activity;         /* GPUs without activity samples: idle hours unknown */
	int idle_cost_unknown;   /* GPUs whose idle cost is unknown (either of those) */
	int savings_unknown;     /* GPUs whose savings are unknown: unpriced, or a smaller
				  * option that cannot be sized */
	char currency[8];        /* the catalog's price currency */
	const char *region;      /* where and how the GPUs are priced */
	enum pricing_kind kind;
	struct mig_free *free;   /* the MIG GPUs with compute slices no instance holds */
	size_t nfree;
	double free_cost;        /* their monthly cost, in current_cost and wasted_cost */
	const struct fleet *fleet;   /* the VMs, their bill and the proposals */
	const struct facts *facts;
	double window_hours;     /* the telemetry's window; < 0 unknown */
};

/* A MIG GPU's compute slices that no instance holds.  Azure bills the whole
 * VM, so its current cost is the GPU's, not the sum of its instances: the
 * free share is added to the current cost and counted idle (nothing can run
 * there).  Known only when every instance of the GPU is priced. */
struct mig_free {
	const struct row *first;   /* the GPU's first instance row */
	int slices;                /* free compute slices, of 7 */
	double hourly;             /* what they cost */
	double monthly;            /* their share of the VM's bill */
};

/* What is known of a row: its price, its idle share, its idle cost (0 when it
 * is never idle, whatever its price). */
static int row_priced(const struct row *r)
{
	return r->hourly > 0;
}

static int row_savings_known(const struct row *r)
{
	return row_priced(r) && !r->res.savings_unknown;
}

static int row_idle_known(const struct row *r)
{
	return r->res.activity.count > 0;
}

static int row_idle_cost_known(const struct row *r)
{
	return row_idle_known(r) && (row_priced(r) || r->res.idle_fraction == 0);
}

/* Adds row r to the totals. */
static void totals_add(struct totals *t, const struct row *r, double hours)
{
	t->gpus++;
	t->by[r->res.finding]++;
	if (row_idle_known(r))
		t->wasted_hours += r->res.idle_fraction * hours * r->gpu_fraction;
	else
		t->no_activity++;
	if (row_idle_cost_known(r))
		t->wasted_cost += r->res.idle_fraction * r->monthly;
	else
		t->idle_cost_unknown++;
	/* the current cost and the savings are the fleet's bills (fleet_plan) */
	if (!row_priced(r))
		t->unpriced++;
	if (!row_savings_known(r))
		t->savings_unknown++;
}

static int same_mig_gpu(const struct telemetry_series *a, const struct telemetry_series *b)
{
	return a->mig_id[0] && b->mig_id[0] && (a->gpu[0] || a->uuid[0]) &&
	       strcmp(a->host, b->host) == 0 && strcmp(a->gpu, b->gpu) == 0 &&
	       strcmp(a->uuid, b->uuid) == 0;
}

/* The end of the MIG GPU whose instance rows start at rows[i] (they are
 * adjacent: the store is sorted by host, GPU, instance); i when rows[i] is
 * no MIG instance of a known GPU. */
static size_t mig_gpu_end(const struct row *rows, size_t nrows, size_t i)
{
	size_t next = i;

	if (i < nrows && rows[i].s->mig_id[0] && (rows[i].s->gpu[0] || rows[i].s->uuid[0]))
		for (next = i + 1; next < nrows && same_mig_gpu(rows[i].s, rows[next].s); next++)
			;
	return next;
}

/*
 * The MIG GPUs as a whole (the instance rows of one GPU are adjacent): a GPU
 * whose instances report more compute slices than it has is not priced (the
 * telemetry mixes GPUs or instances up).  Returns the GPUs not priced for
 * that.
 */
static size_t mig_gpus_check(struct row *rows, size_t nrows)
{
	size_t next, overfull = 0;

	for (size_t i = 0; i < nrows; i = next) {
		int used = 0;

		next = mig_gpu_end(rows, nrows, i);
		if (next == i) {
			next = i + 1;
			continue;
		}
		for (size_t j = i; j < next; j++)
			used += (int)lround(rows[j].gpu_fraction * 7);
		overfull += used > 7;
		for (size_t j = i; j < next && used > 7; j++) {
			rows[j].mig_slices = used;
			rows[j].hourly = 0;
			rows[j].monthly = 0;
		}
	}
	return overfull;
}

static void set_recommendation(struct row *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void set_recommendation(struct row *r, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	free(r->res.recommendation);
	r->res.recommendation = xstrdup(buf);
}

/*
 * What each row's recommendation saves applied alone: its VM's bill less
 * the VM's bill after the change (docs/billing.md: a VM bills all its GPUs
 * and MIG slices).  One rule for GPUs and MIG instances: a row that is not
 * its whole VM (a GPU of a VM of several, a MIG instance) saves nothing
 * alone, idle or moved, since its VM bills on; its recommendation says so,
 * and the fleet proposals (fleet_plan) say which whole VMs can go.  A move
 * to a MIG slice of the same GPU saves nothing either: the VM bills the
 * whole GPU.
 */
static void rows_alone(struct row *rows, size_t nrows, const struct facts *f,
		       enum pricing_kind kind, double hours)
{
	for (size_t i = 0; i < nrows; i++) {
		struct row *r = &rows[i];
		const char *what = r->s->mig_id[0] ? "MIG instance" : "GPU";
		double h;
		int whole;

		r->saving = 0;
		if (!row_priced(r))
			continue;
		h = f->vm_hourly[r->vi];
		whole = !r->s->mig_id[0] && r->vm->gpu_count <= 1 + 1e-9;
		if (r->res.finding == CLASS_IDLE) {
			if (whole)
				r->saving = bill_monthly(kind, h, 1, hours);
			else
				set_recommendation(r, "give it other work or release its whole VM: "
						   "Azure bills a VM for all its GPUs and slices, so "
						   "releasing this %s alone saves nothing (see the fleet "
						   "proposals)", what);
		} else if (r->res.finding == CLASS_UNDERUSED && r->res.candidate >= 0) {
			char was[200];

			snprintf(was, sizeof was, "%s", r->res.recommendation);
			if (whole && r->cand_vi >= 0)
				r->saving = bill_monthly(kind, h, 1, hours) -
					    bill_monthly(kind, f->vm_hourly[r->cand_vi], 1, hours);
			else if (r->cand_vi < 0)
				set_recommendation(r, "%s and give the other slices to other work: "
						   "Azure bills the VM for the whole GPU, so this alone "
						   "saves nothing", was);
			else
				set_recommendation(r, "%s with its VM's other GPUs: Azure bills a VM for "
						   "all its GPUs, so moving this %s alone saves nothing "
						   "(see the fleet proposals)", was, what);
		}
	}
}

/* ---- the fleet of whole VMs ------------------------------------------- */

/* One GPU of an observed VM: its rows (a MIG GPU has one per instance);
 * first == (size_t)-1 for a GPU the telemetry does not show. */
struct fleet_gpu {
	size_t first, end;
};

/* One observed VM: a host whose size has a price. */
struct fleet_vm {
	size_t first, end;      /* its rows */
	size_t vi;              /* its size */
	size_t g0, ng;          /* its GPUs in fleet.gpus */
	int kept;               /* consolidation: still needed */
	int stray;              /* a MIG instance of no known GPU: its work is somewhere
				   on the VM, so the VM stays and takes no work */
};

/* A GPU's work moved onto another GPU. */
struct fleet_move {
	size_t from, to;        /* first rows of the two GPUs */
	long beside;            /* first row of the work it shares the GPU with; -1 none */
};

enum proposal_kind { PROP_CONSOLIDATE, PROP_RESIZE };

/* A change of whole VMs and its saving, the difference of two bills. */
struct proposal {
	enum proposal_kind kind;
	size_t vi;              /* the pool's size */
	size_t to_vi;           /* resize: the new size */
	size_t vm;              /* resize: the VM (fleet.vms index); consolidate: the pool's first */
	size_t nvms;            /* consolidate: the pool's VMs; resize: 1 */
	size_t vms_after;       /* consolidate: the VMs kept */
	double before, after;   /* the bills before and after, per month */
	double saving;          /* before - after */
	int chosen;             /* in the totals; 0: an alternative for the same VMs */
	struct fleet_move *moves;
	size_t nmoves;
};

struct fleet {
	struct fleet_vm *vms;   /* sorted by size, then host */
	size_t nvms;
	struct fleet_gpu *gpus;
	size_t ngpus;
	struct proposal *props;
	size_t nprops;
	double bill;            /* the observed VMs' bill per month */
	double unobserved;      /* the share of it of the GPUs the telemetry does not show */
	size_t nunobserved;
	double savings;         /* the chosen proposals' savings */
};

static void fleet_release(struct fleet *fl)
{
	for (size_t i = 0; i < fl->nprops; i++)
		free(fl->props[i].moves);
	free(fl->props);
	free(fl->vms);
	free(fl->gpus);
	memset(fl, 0, sizeof(*fl));
}

static int fleet_vm_cmp(const void *a, const void *b)
{
	const struct fleet_vm *x = a, *y = b;

	if (x->vi != y->vi)
		return x->vi < y->vi ? -1 : 1;
	return x->first < y->first ? -1 : x->first > y->first;
}

/* What a GPU's work is to the packing (consolidate.h): an idle GPU is free;
 * work not known (no data, an instance not priced, a GPU not observed)
 * stays; an under-used GPU whose activity p95 and memory are known may
 * share; any other work needs a GPU. */
static void gpu_kind(const struct row *rows, const struct fleet_gpu *g, struct consolidate_gpu *c)
{
	memset(c, 0, sizeof(*c));
	if (g->first == (size_t)-1) {
		c->kind = CONS_PINNED;
		return;
	}
	c->kind = CONS_FREE;
	for (size_t j = g->first; j < g->end; j++) {
		const struct row *r = &rows[j];
		if (r->res.finding == CLASS_NO_DATA || !row_priced(r)) {
			c->kind = CONS_PINNED;
			return;
		}
		if (r->res.finding != CLASS_IDLE)
			c->kind = CONS_WHOLE;
	}
	if (c->kind == CONS_WHOLE && g->end == g->first + 1 && !rows[g->first].s->mig_id[0] &&
	    rows[g->first].res.finding == CLASS_UNDERUSED) {
		const struct row *r = &rows[g->first];
		double p95 = r->res.sm.count ? r->res.sm.p95 : r->res.activity.p95;
		if (r->res.peak_memory_gib >= 0 && isfinite(p95)) {
			c->kind = CONS_SHARE;
			c->activity = p95;
			c->memory_gib = r->res.peak_memory_gib;
		}
	}
}

static struct proposal *prop_add(struct fleet *fl)
{
	fl->props = xrealloc(fl->props, (fl->nprops + 1) * sizeof(*fl->props));
	struct proposal *p = &fl->props[fl->nprops++];
	memset(p, 0, sizeof(*p));
	return p;
}

/* The pool fl->vms[a..b-1] (one size) re-packed onto as few of its VMs as
 * hold its work: a proposal when that frees a VM. */
static void plan_consolidate(struct fleet *fl, const struct row *rows, size_t a, size_t b,
			     const struct facts *f, enum pricing_kind kind, double hours)
{
	size_t vi = fl->vms[a].vi, n = 0, nv = b - a;
	const struct vm_size *vm = &f->vms[vi];
	for (size_t v = a; v < b; v++)
		n += fl->vms[v].ng;
	struct consolidate_gpu *cg = xcalloc(n ? n : 1, sizeof(*cg));
	size_t *gi = xcalloc(n ? n : 1, sizeof(*gi));
	int *kept = xcalloc(nv, sizeof(*kept));
	struct consolidate_pool pool = { nv, vm->gpu_memory_gib, cg, n };
	size_t k = 0;

	for (size_t v = a; v < b; v++)
		for (size_t g = 0; g < fl->vms[v].ng; g++, k++) {
			gi[k] = fl->vms[v].g0 + g;
			gpu_kind(rows, &fl->gpus[gi[k]], &cg[k]);
			if (fl->vms[v].stray)
				cg[k].kind = CONS_PINNED;
			cg[k].vm = v - a;
		}
	size_t nkept = consolidate_plan(&pool, kept);
	for (size_t v = a; v < b; v++)
		fl->vms[v].kept = kept[v - a];
	if (nkept < nv) {
		struct proposal *p = prop_add(fl);
		p->kind = PROP_CONSOLIDATE;
		p->vi = vi;
		p->vm = a;
		p->nvms = nv;
		p->vms_after = nkept;
		p->before = bill_monthly(kind, f->vm_hourly[vi], (double)nv, hours);
		p->after = bill_monthly(kind, f->vm_hourly[vi], (double)nkept, hours);
		p->saving = util_round_cents(p->before - p->after);
		for (size_t i = 0; i < n; i++) {
			const struct consolidate_gpu *c = &cg[i];
			if (c->kind == CONS_FREE || c->kind == CONS_PINNED || c->dest == (long)i)
				continue;
			p->moves = xrealloc(p->moves, (p->nmoves + 1) * sizeof(*p->moves));
			struct fleet_move *m = &p->moves[p->nmoves++];
			m->from = fl->gpus[gi[i]].first;
			m->to = fl->gpus[gi[c->dest]].first;
			m->beside = c->partner >= 0 ? (long)fl->gpus[gi[c->partner]].first : -1;
		}
	}
	free(cg);
	free(gi);
	free(kept);
}

/* The last resize found per number of GPUs needed (fleet_plan). */
#define RESIZE_MEMO 16
struct resize_memo {
	int valid;
	size_t vi;
	double need;
	long cand;
	size_t best;
};

/* A VM whose GPUs are all idle or under-used (and at least one under-used)
 * replaced by the cheapest priced size that holds its work: the same GPU in
 * as many GPUs as the work needs (two under-used works may share one, as in
 * a consolidation), or, for the work of one GPU, the size it was found to
 * fit (classify.c).  A proposal when that is cheaper. */
static void plan_resize(struct fleet *fl, const struct row *rows, size_t v, const struct facts *f,
			enum pricing_kind kind, double hours, struct resize_memo *memo)
{
	const struct fleet_vm *fv = &fl->vms[v];
	const struct vm_size *vm = &f->vms[fv->vi];
	struct consolidate_gpu *cg = xcalloc(fv->ng ? fv->ng : 1, sizeof(*cg));
	struct consolidate_pool pool = { 1, vm->gpu_memory_gib, cg, fv->ng };
	size_t shares = 0, best = (size_t)-1;
	long only = -1;
	int ok = !fv->stray;

	for (size_t g = 0; g < fv->ng; g++) {
		gpu_kind(rows, &fl->gpus[fv->g0 + g], &cg[g]);
		ok &= cg[g].kind == CONS_FREE || cg[g].kind == CONS_SHARE;
		if (cg[g].kind == CONS_SHARE) {
			shares++;
			only = (long)fl->gpus[fv->g0 + g].first;
		}
	}
	if (ok && shares) {
		double need = (double)consolidate_bins(&pool, NULL), cur = f->vm_hourly[fv->vi];
		long cand = shares == 1 ? rows[only].cand_vi : -1;
		struct resize_memo *m = &memo[(size_t)need % RESIZE_MEMO];

		/* a fleet of many alike VMs asks the same question: the answer
		 * depends on the size, the GPUs needed and the one work's size only */
		if (m->valid && m->vi == fv->vi && m->need == need && m->cand == cand) {
			best = m->best;
			goto found;
		}
		for (size_t i = 0; i < f->nvms; i++) {
			const struct vm_size *c = &f->vms[i];
			double h = f->vm_hourly[i];
			int same = strcmp(c->gpu_model, vm->gpu_model) == 0 && c->gpu_count >= need &&
				   c->gpu_count == floor(c->gpu_count);
			int fits = cand == (long)i;
			if (c->retired || !c->spec_known || !(h > 0) || !(h < cur) || (!same && !fits))
				continue;
			if (best == (size_t)-1 || h < f->vm_hourly[best])
				best = i;
		}
		m->valid = 1;
		m->vi = fv->vi;
		m->need = need;
		m->cand = cand;
		m->best = best;
	}
found:
	if (best != (size_t)-1) {
		struct proposal *p = prop_add(fl);
		p->kind = PROP_RESIZE;
		p->vi = fv->vi;
		p->to_vi = best;
		p->vm = v;
		p->nvms = 1;
		p->vms_after = 1;
		p->before = bill_monthly(kind, f->vm_hourly[fv->vi], 1, hours);
		p->after = bill_monthly(kind, f->vm_hourly[best], 1, hours);
		p->saving = util_round_cents(p->before - p->after);
	}
	free(cg);
}

/*
 * The observed hosts as a fleet of whole VMs, and its proposals.  A host
 * with a priced size is one VM billing all its GPUs (docs/billing.md); the
 * GPUs the telemetry does not show keep their VM.  VMs of one size are a
 * pool (the run prices one region).  Per pool, a consolidation and the
 * resizes of its VMs change the same VMs, so they are alternatives: the one
 * that saves more is chosen (added to the totals), the other listed.
 */
/*
 * The bill of the pool fl->vms[a..b-1] allocated in whole cents, so that the
 * parts add up to it exactly: each GPU an equal share (the first ones a cent
 * more while cents are left over), a MIG instance its compute slices / 7 of
 * its GPU's share (rounded down; the cents left are the free slices', or the
 * first instance's when the instances hold all 7), a GPU the telemetry does
 * not show its share in fl->unobserved.
 */
static void fleet_allocate(struct fleet *fl, struct row *rows, size_t a, size_t b, double bill)
{
	size_t slots = 0, k = 0;
	long long cents = llround(bill * 100), base, extra;

	for (size_t v = a; v < b; v++)
		slots += fl->vms[v].ng;
	if (!slots)
		return;
	base = cents / (long long)slots;
	extra = cents % (long long)slots;
	for (size_t v = a; v < b; v++)
		for (size_t g = 0; g < fl->vms[v].ng; g++) {
			const struct fleet_gpu *fg = &fl->gpus[fl->vms[v].g0 + g];
			long long c = base + ((long long)k++ < extra), left = c;
			int used = 0;

			if (fg->first == (size_t)-1) {
				fl->unobserved += (double)c / 100.0;
				fl->nunobserved++;
				continue;
			}
			for (size_t j = fg->first; j < fg->end; j++) {
				struct row *r = &rows[j];
				long long rc = c;

				r->gpu_monthly = (double)c / 100.0;
				if (!row_priced(r))
					continue;
				if (r->s->mig_id[0]) {
					used += (int)lround(r->gpu_fraction * 7);
					rc = c * lround(r->gpu_fraction * 7) / 7;
				}
				r->monthly = (double)rc / 100.0;
				left -= rc;
			}
			if (used == 7 && left > 0 && row_priced(&rows[fg->first]))
				rows[fg->first].monthly += (double)left / 100.0;
		}
}

static void fleet_plan(struct fleet *fl, struct row *rows, size_t nrows,
		       const struct facts *f, enum pricing_kind kind, double hours)
{
	size_t next;

	size_t gcap = nrows ? nrows : 1;
	struct resize_memo memo[RESIZE_MEMO];

	memset(fl, 0, sizeof(*fl));
	memset(memo, 0, sizeof memo);
	fl->vms = xcalloc(gcap, sizeof(*fl->vms));   /* a VM per host: at most a row each */
	fl->gpus = xcalloc(gcap, sizeof(*fl->gpus));
	for (size_t i = 0; i < nrows; i = next) {
		for (next = i + 1; next < nrows && strcmp(rows[next].s->host, rows[i].s->host) == 0;
		     next++)
			;
		size_t vi = rows[i].vi;
		if (vi == (size_t)-1 || !(f->vm_hourly[vi] > 0))
			continue;
		struct fleet_vm *fv = &fl->vms[fl->nvms++];
		memset(fv, 0, sizeof(*fv));
		fv->first = i;
		fv->end = next;
		fv->vi = vi;
	}
	qsort(fl->vms, fl->nvms, sizeof(*fl->vms), fleet_vm_cmp);
	for (size_t v = 0; v < fl->nvms; v++) {
		struct fleet_vm *fv = &fl->vms[v];
		double count = f->vms[fv->vi].gpu_count;
		size_t want = count > 1 ? (size_t)lround(count) : 1, j;

		fv->g0 = fl->ngpus;
		for (size_t i = fv->first; i < fv->end; i = j) {
			j = mig_gpu_end(rows, nrows, i);
			if (j == i)
				j = i + 1;
			if (rows[i].s->mig_id[0] && !rows[i].s->gpu[0] && !rows[i].s->uuid[0]) {
				fv->stray = 1;   /* no GPU of its own */
				continue;
			}
			if (fl->ngpus == gcap)
				fl->gpus = xrealloc(fl->gpus, (gcap *= 2) * sizeof(*fl->gpus));
			fl->gpus[fl->ngpus].first = i;
			fl->gpus[fl->ngpus++].end = j;
		}
		while (fl->ngpus - fv->g0 < want) {   /* not in the telemetry */
			if (fl->ngpus == gcap)
				fl->gpus = xrealloc(fl->gpus, (gcap *= 2) * sizeof(*fl->gpus));
			fl->gpus[fl->ngpus].first = fl->gpus[fl->ngpus].end = (size_t)-1;
			fl->ngpus++;
		}
		fv->ng = fl->ngpus - fv->g0;
	}
	for (size_t a = 0, b; a < fl->nvms; a = b) {
		for (b = a + 1; b < fl->nvms && fl->vms[b].vi == fl->vms[a].vi; b++)
			;
		size_t p0 = fl->nprops;
		double cons = 0, resize = 0;

		double pool_bill = bill_monthly(kind, f->vm_hourly[fl->vms[a].vi], (double)(b - a),
						hours);

		fl->bill += pool_bill;
		fleet_allocate(fl, rows, a, b, pool_bill);
		plan_consolidate(fl, rows, a, b, f, kind, hours);
		for (size_t v = a; v < b; v++)
			plan_resize(fl, rows, v, f, kind, hours, memo);
		for (size_t i = p0; i < fl->nprops; i++)
			*(fl->props[i].kind == PROP_CONSOLIDATE ? &cons : &resize) += fl->props[i].saving;
		for (size_t i = p0; i < fl->nprops; i++) {
			struct proposal *p = &fl->props[i];
			p->chosen = (p->kind == PROP_CONSOLIDATE) == (cons >= resize);
			if (p->chosen)
				fl->savings += p->saving;
		}
	}
	fl->bill = util_round_cents(fl->bill);
	fl->unobserved = util_round_cents(fl->unobserved);
	fl->savings = util_round_cents(fl->savings);
}

/* Finds the free slices of every MIG GPU (its instance rows are adjacent:
 * the store is sorted by host, GPU, instance) and adds them to the totals. */
static void totals_add_free(struct totals *t, const struct row *rows, size_t nrows, double hours)
{
	size_t next;
	for (size_t i = 0; i < nrows; i = next) {
		const struct row *r = &rows[i];
		int used = 0, known = 1;

		next = mig_gpu_end(rows, nrows, i);
		if (next == i) {
			next = i + 1;
			continue;
		}
		for (size_t j = i; j < next; j++) {
			const struct row *q = &rows[j];

			known &= row_priced(q) && q->gpu_fraction > 0 && q->vm == r->vm;
			used += (int)lround(q->gpu_fraction * 7);
		}
		if (!known || used >= 7)
			continue;
		t->free = xrealloc(t->free, (t->nfree + 1) * sizeof(*t->free));
		struct mig_free *mf = &t->free[t->nfree++];
		mf->first = r;
		mf->slices = 7 - used;
		mf->hourly = r->hourly / r->gpu_fraction * mf->slices / 7.0;
		/* the cents of the GPU's share of the VM's bill its instances leave
		 * (fleet_allocate) */
		long long left = llround(r->gpu_monthly * 100);
		for (size_t j = i; j < next; j++)
			left -= llround(rows[j].monthly * 100);
		mf->monthly = (double)left / 100.0;
		t->wasted_cost += mf->monthly;
		t->wasted_hours += mf->slices / 7.0 * hours;
		t->free_cost += mf->monthly;
	}
}

static void series_label(char *buf, size_t n, const struct telemetry_series *s)
{
	if (s->mig_id[0])
		snprintf(buf, n, "%s gpu %s mig %s", s->host, dash(s->gpu), s->mig_id);
	else
		snprintf(buf, n, "%s gpu %s", s->host, dash(s->gpu));
}

/*
 * An unknown total: "unknown (N GPUs WHY: a, b, c, ...; REST)",
 * naming the first three rows whose part is not known, or "...; none is
 * known)" when no row's part is.
 */
static void print_unknown(FILE *o, enum esc_kind kind, const struct row *rows, size_t nrows,
			  int n, int gpus, const char *why, int (*known)(const struct row *),
			  const char *rest)
{
	int k = 0;
	fprintf(o, "unknown (%d GPU%s %s: ", n, n == 1 ? "" : "s", why);
	for (size_t i = 0; i < nrows && k <= 3; i++) {
		char lab[160];
		if (known(&rows[i]))
			continue;
		if (k++ == 3) {
			fputs(", ...", o);
			break;
		}
		series_label(lab, sizeof(lab), rows[i].s);
		{
			struct strbuf safe = STRBUF_INIT;
			esc_add(&safe, kind, lab);
			fprintf(o, "%s%s", k > 1 ? ", " : "", strbuf_str(&safe));
			strbuf_release(&safe);
		}
	}
	if (n >= gpus)
		fputs("; none is known)", o);
	else
		fprintf(o, "; %s)", rest);
}

/* A percentage of a ratio statistic for csv; NaN (empty field) when no samples. */
static double raw_pct(const struct telemetry_stats *st, double v)
{
	return st->count ? v * 100.0 : NAN;
}

/* "node-b gpu 3 (pod trainer-0)": a GPU of a move, with its first row's
 * pod when pod is set (the work that moves, not the GPU it lands on). */
static void gpu_label(char *buf, size_t n, const struct row *rows, size_t first, int pod)
{
	const struct telemetry_series *s = rows[first].s;
	if (pod && s->pod[0])
		snprintf(buf, n, "%s gpu %s (pod %s)", s->host, dash(s->gpu), s->pod);
	else
		snprintf(buf, n, "%s gpu %s", s->host, dash(s->gpu));
}

/* The host of fleet VM v. */
static const char *fleet_host(const struct fleet *fl, const struct row *rows, size_t v)
{
	return rows[fl->vms[v].first].s->host;
}

/* Monthly figures from less than a day of telemetry say from how long. */
static void print_window(FILE *o, const struct totals *t, int md)
{
	if (t->window_hours >= 1 && t->window_hours < 24)
		fprintf(o, "%smonthly figures are extrapolated from %.1f hours of telemetry (less "
			"than a day)\n", md ? "\n" : "", t->window_hours);
	else if (t->window_hours >= 0 && t->window_hours < 1)
		fprintf(o, "%smonthly figures are extrapolated from %.1f minutes of telemetry (less "
			"than a day)\n", md ? "\n" : "", t->window_hours * 60);
}

/* The proposals in text and Markdown: each a difference of two bills; the
 * alternatives for the same VMs are listed apart and not added. */
static void print_proposals(FILE *o, const struct row *rows, const struct totals *t, int md)
{
	const struct fleet *fl = t->fleet;
	const char *cur = t->currency;
	enum esc_kind ek = md ? ESC_MARKDOWN : ESC_TERM;
	char a[32], b[32], c[32], lab1[320], lab2[320];

	if (fl->nunobserved) {
		util_fmt_money_in(a, sizeof a, fl->unobserved, cur);
		fprintf(o, "%sGPUs not in the telemetry: %zu, %s per month; Azure bills them with "
			"their VMs, so they are in the current cost\n", md ? "\n" : "",
			fl->nunobserved, a);
	}
	print_window(o, t, md);
	if (!fl->nvms)
		return;
	fprintf(o, "%sproposals (Azure bills a VM for all its GPUs: only whole VMs save):%s\n",
		md ? "\n" : "", fl->nprops ? "" : " none: no VM can be freed or made smaller");
	for (int pass = 1; pass >= 0; pass--)
		for (size_t i = 0; i < fl->nprops; i++) {
			const struct proposal *p = &fl->props[i];
			struct strbuf line = STRBUF_INIT, safe = STRBUF_INIT;

			if (p->chosen != pass)
				continue;
			util_fmt_money_in(a, sizeof a, p->before, cur);
			util_fmt_money_in(b, sizeof b, p->after, cur);
			util_fmt_money_in(c, sizeof c, p->saving, cur);
			if (!pass)
				strbuf_addf(&line, "alternative for the same VMs, not in the savings: ");
			if (p->kind == PROP_CONSOLIDATE)
				strbuf_addf(&line, "consolidate %zu x %s onto %zu: saves %s per month "
					    "(%s -> %s)", p->nvms, t->facts->vms[p->vi].sku,
					    p->vms_after, c, a, b);
			else
				strbuf_addf(&line, "resize %s from %s to %s: saves %s per month "
					    "(%s -> %s)", fleet_host(fl, rows, p->vm),
					    t->facts->vms[p->vi].sku, t->facts->vms[p->to_vi].sku, c,
					    a, b);
			esc_add(&safe, ek, strbuf_str(&line));
			fprintf(o, "%s%s\n", md ? "- " : "  ", strbuf_str(&safe));
			strbuf_release(&line);
			strbuf_release(&safe);
			for (size_t m = 0; m < p->nmoves; m++) {
				const struct fleet_move *mv = &p->moves[m];
				gpu_label(lab1, sizeof lab1, rows, mv->from, 1);
				gpu_label(lab2, sizeof lab2, rows, mv->to, 0);
				strbuf_addf(&line, "move %s -> %s", lab1, lab2);
				if (mv->beside >= 0) {
					gpu_label(lab2, sizeof lab2, rows, (size_t)mv->beside, 1);
					strbuf_addf(&line, ", sharing it with the work of %s", lab2);
				}
				esc_add(&safe, ek, strbuf_str(&line));
				fprintf(o, "%s%s\n", md ? "  - " : "    ", strbuf_str(&safe));
				strbuf_release(&line);
				strbuf_release(&safe);
			}
			if (p->kind == PROP_CONSOLIDATE) {
				size_t k = 0;
				strbuf_addf(&line, "release");
				for (size_t v = p->vm; v < p->vm + p->nvms; v++)
					if (!fl->vms[v].kept)
						strbuf_addf(&line, "%s %s", k++ ? "," : "",
							    fleet_host(fl, rows, v));
				esc_add(&safe, ek, strbuf_str(&line));
				fprintf(o, "%s%s\n", md ? "  - " : "    ", strbuf_str(&safe));
				strbuf_release(&line);
				strbuf_release(&safe);
			}
		}
}

struct json_rows;
static void unpriced_reason(char *buf, size_t n, const struct row *r, const struct json_rows *jr);
static void print_unpriced_reasons(FILE *o, enum esc_kind kind, const struct row *rows,
				   size_t nrows, const struct totals *t);

static void render_table(struct cli_ctx *ctx, struct row *rows, size_t nrows,
			 const struct totals *t, double hours)
{
	int csv = ctx->format == FMT_CSV;
	enum { NCOLS = 15 };
	struct table *tb = table_new(NCOLS);
	const char *heads[NCOLS] = { "HOST", "GPU", "MIG", "POD", "FINDING", "ACT MEAN (%)",
				     "ACT P95 (%)", "SM MEAN (%)", "IDLE (%)", "MEM PEAK (GiB)",
				     "MONTHLY", "SAVINGS/MO", "RECOMMENDATION", "REASON", "ENABLE" };
	/* csv: raw numbers, the unit in the header (docs/output.md), money in
	 * the catalog's currency */
	char monthly_h[32], savings_h[48];
	const char *csv_heads[NCOLS] = {
		"host", "gpu", "mig", "pod", "finding", "activity_mean_pct", "activity_p95_pct",
		"sm_active_mean_pct", "idle_pct", "memory_peak_gib",
		out_money_header(monthly_h, sizeof(monthly_h), "monthly", t->currency),
		out_money_header(savings_h, sizeof(savings_h), "savings_monthly", t->currency),
		"recommendation", "reason", "enable"
	};
	for (size_t i = 0; i < NCOLS; i++) {
		table_header(tb, i, heads[i], (i >= 5 && i <= 11) ? ALIGN_RIGHT : ALIGN_LEFT);
		table_csv_column(tb, i, csv_heads[i], i >= 5 && i <= 11 ? CSV_NUMBER : CSV_TEXT);
	}
	table_column_show(tb, 10, SHOW_CSV);
	table_column_show(tb, 13, SHOW_CSV);
	table_column_show(tb, 14, SHOW_CSV);
	for (size_t i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];
		const struct telemetry_series *s = r->s;
		char mig[48], am[16], ap[16], sm[16], idle[16], mem[24], sav[32];
		snprintf(mig, sizeof(mig), "%s%s%s", s->mig_profile, s->mig_id[0] ? "#" : "",
			 s->mig_id);
		fmt_pct(am, sizeof(am), &r->res.activity, r->res.activity.mean);
		fmt_pct(ap, sizeof(ap), &r->res.activity, r->res.activity.p95);
		fmt_pct(sm, sizeof(sm), &r->res.sm, r->res.sm.mean);
		fmt_pct(idle, sizeof(idle), &r->res.activity, r->res.idle_fraction);
		if (r->res.peak_memory_gib >= 0) {
			util_fmt_fixed(mem, sizeof(mem), r->res.peak_memory_gib, 1);
		} else
			snprintf(mem, sizeof(mem), "-");
		if (row_savings_known(r))
			util_fmt_money_in(sav, sizeof(sav), r->saving, t->currency);
		else
			snprintf(sav, sizeof(sav), r->hourly > 0 ? "unknown" : "-");
		const char *cells[NCOLS] = { s->host, dash(s->gpu), dash(mig), dash(s->pod),
					     classify_finding_name(r->res.finding), am, ap, sm, idle,
					     mem, "", sav, r->res.recommendation, r->res.reason,
					     r->res.enable };
		table_add_row(tb, cells);
		/* on a terminal: a healthy GPU green, a wasteful one yellow */
		table_row_style(tb, r->res.finding == CLASS_HEALTHY ? OUT_GREEN
				    : r->res.finding == CLASS_NO_DATA ? OUT_PLAIN : OUT_YELLOW);
		if (!csv)
			continue;   /* the csv cells: raw numbers, csv only */
		table_set_csv(tb, 1, s->gpu);
		table_set_csv(tb, 2, mig);
		table_set_csv(tb, 3, s->pod);
		table_set_number(tb, 5, raw_pct(&r->res.activity, r->res.activity.mean), 2);
		table_set_number(tb, 6, raw_pct(&r->res.activity, r->res.activity.p95), 2);
		table_set_number(tb, 7, raw_pct(&r->res.sm, r->res.sm.mean), 2);
		table_set_number(tb, 8, raw_pct(&r->res.activity, r->res.idle_fraction), 2);
		table_set_number(tb, 9, r->res.peak_memory_gib >= 0 ? r->res.peak_memory_gib : NAN, 2);
		table_set_number(tb, 10, r->hourly > 0 ? r->monthly : NAN, 2);
		table_set_number(tb, 11, row_savings_known(r) ? r->saving : NAN, 2);
	}
	table_color(tb, ctx->color);
	table_print(tb, ctx->out, ctx->format);
	table_free(tb);
	if (csv)
		return;

	FILE *o = ctx->out;
	int md = ctx->format == FMT_MARKDOWN;
	enum esc_kind ek = md ? ESC_MARKDOWN : ESC_TERM;   /* labels from the telemetry */
	char a[32], b[96], c[32];
	fprintf(o, "\n%s%s%s %d %s:", out_sgr(ctx->color, OUT_BOLD), md ? "**Fleet:**" : "fleet:",
		out_sgr_off(ctx->color, OUT_BOLD), t->gpus,
		t->gpus == 1 ? "GPU or MIG instance" : "GPUs and MIG instances");
	const char *sep = " ";
	for (int f = 0; f < CLASS_COUNT; f++) {
		if (!t->by[f])
			continue;
		fprintf(o, "%s%d %s", sep, t->by[f], classify_finding_name((enum classify_finding)f));
		sep = ", ";
	}
	const char *cur = t->currency;
	fprintf(o, "\n%sidle: ", md ? "\n" : "");
	util_fmt_money(a, sizeof(a), t->wasted_hours);
	if (!t->no_activity) {
		fprintf(o, "%s GPU-hours per month", a);
	} else {
		snprintf(b, sizeof(b), "%s GPU-hours per month on the others", a);
		print_unknown(o, ek, rows, nrows, t->no_activity, t->gpus, "without activity samples",
			      row_idle_known, b);
	}
	util_fmt_money_in(a, sizeof(a), t->wasted_cost, cur);
	if (!t->idle_cost_unknown) {
		fprintf(o, ", costing %s per month\n", a);
	} else {
		snprintf(b, sizeof(b), "%s per month on the others", a);
		fputs(", costing ", o);
		print_unknown(o, ek, rows, nrows, t->idle_cost_unknown, t->gpus,
			      "without activity samples or a price", row_idle_cost_known, b);
		fputc('\n', o);
	}
	fprintf(o, "%ssavings if the recommendations are applied: ", md ? "\n" : "");
	util_fmt_money_in(a, sizeof(a), t->savings, cur);
	util_fmt_money_in(c, sizeof(c), t->current_cost, cur);
	if (!t->unpriced && !t->savings_unknown) {
		fprintf(o, "%s per month (current cost %s per month)\n", a, c);
	} else if (!t->unpriced) {
		char rest[160];
		snprintf(rest, sizeof(rest), "the others save %s per month; current cost %s "
			 "per month", a, c);
		print_unknown(o, ek, rows, nrows, t->savings_unknown, t->gpus,
			      "without the memory use that sizes a smaller option",
			      row_savings_known, rest);
		fputc('\n', o);
	} else {
		char rest[160];
		snprintf(rest, sizeof(rest), "the others save %s per month of their current %s "
			 "per month", a, c);
		print_unknown(o, ek, rows, nrows, t->unpriced, t->gpus, "unpriced", row_priced, rest);
		fputc('\n', o);
		print_unpriced_reasons(o, ek, rows, nrows, t);
	}
	if (t->nfree) {
		util_fmt_money_in(a, sizeof(a), t->free_cost, cur);
		fprintf(o, "%sMIG slices without an instance: %s per month (", md ? "\n" : "", a);
		for (size_t i = 0; i < t->nfree && i < 3; i++) {
			struct strbuf safe = STRBUF_INIT;
			const struct telemetry_series *s = t->free[i].first->s;
			char lab[160];
			snprintf(lab, sizeof(lab), "%s gpu %s", s->host, dash(s->gpu));
			esc_add(&safe, ek, lab);
			fprintf(o, "%s%s: %d of 7 compute slices", i ? ", " : "", strbuf_str(&safe),
				t->free[i].slices);
			strbuf_release(&safe);
		}
		fprintf(o, "%s); Azure bills them with the VM, so they are in the current and "
			"the idle cost\n", t->nfree > 3 ? ", ..." : "");
	}
	print_proposals(o, rows, t, md);
	int notes = 0;
	for (size_t i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];
		if (r->res.finding == CLASS_HEALTHY && !r->res.enable[0])
			continue;
		if (!notes++)
			fprintf(o, "\n%s%s%s\n", out_sgr(ctx->color, OUT_BOLD),
				md ? "**Why:**\n" : "why:", out_sgr_off(ctx->color, OUT_BOLD));
		char lab[160];
		struct strbuf line = STRBUF_INIT, safe = STRBUF_INIT;
		series_label(lab, sizeof(lab), r->s);
		strbuf_addf(&line, "%s: %s: %s%s%s", lab, classify_finding_name(r->res.finding),
			    r->res.reason, r->res.enable[0] ? "; " : "", r->res.enable);
		/* host and pod labels come from the telemetry: shown escaped */
		esc_add(&safe, ek, strbuf_str(&line));
		fprintf(o, "%s%s\n", md ? "- " : "  ", strbuf_str(&safe));
		strbuf_release(&line);
		strbuf_release(&safe);
	}
}

/* The JSON rows' settings: hours per month, and what an unpriced row's
 * reason names. */
struct json_rows {
	const struct row *rows;
	double hours;
	const char *region, *currency;
	enum pricing_kind kind;
};

/* Why row r has no price (r->hourly is 0). */
static void unpriced_reason(char *buf, size_t n, const struct row *r, const struct json_rows *jr)
{
	const struct telemetry_series *s = r->s;
	if (!r->vm)
		snprintf(buf, n, "no Azure size known for host '%s' (set it with --sku or --hosts)",
			 s->host);
	else if (r->mig_slices > 7)
		snprintf(buf, n, "the MIG instances of its GPU report %d compute slices together, "
			 "more than the 7 a GPU has: the telemetry does not describe one GPU",
			 r->mig_slices);
	else if (r->gpu_fraction <= 0 && !s->mig_profile[0])
		snprintf(buf, n, "MIG instance %s has no profile label (GPU_I_PROFILE), so its share "
			 "of the GPU is not known", s->mig_id);
	else if (r->gpu_fraction <= 0)
		snprintf(buf, n, "MIG profile '%s' is not known for %s", s->mig_profile,
			 r->gpu ? r->gpu->name : "the size's GPU");
	else
		snprintf(buf, n, "%s has no %s price in %s in %s", r->vm->sku,
			 pricing_name(jr->kind), jr->region, jr->currency);
}

/* Why the unpriced rows have no price, in the text output: one line per
 * reason (the first three), naming the first GPU it holds for and how many
 * more; each row's reason is built once. */
static void print_unpriced_reasons(FILE *o, enum esc_kind kind, const struct row *rows,
				   size_t nrows, const struct totals *t)
{
	struct json_rows jr = { rows, 0, t->region, t->currency, t->kind };
	char why[3][320];
	size_t first[3], more[3] = { 0, 0, 0 };
	int nseen = 0;

	for (size_t i = 0; i < nrows; i++) {
		char w[320];
		int k;

		if (row_priced(&rows[i]))
			continue;
		unpriced_reason(w, sizeof w, &rows[i], &jr);
		for (k = 0; k < nseen && strcmp(why[k], w) != 0; k++)
			;
		if (k < nseen) {
			more[k]++;
		} else if (nseen < 3) {
			snprintf(why[nseen], sizeof why[0], "%s", w);
			first[nseen++] = i;
		}
	}
	for (int k = 0; k < nseen; k++) {
		char lab[160];

		series_label(lab, sizeof lab, rows[first[k]].s);
		/* the host label comes from the telemetry */
		fputs("  unpriced: ", o);
		if (more[k])
			esc_fprintf(o, kind, "%s and %zu more: %s", lab, more[k], why[k]);
		else
			esc_fprintf(o, kind, "%s: %s", lab, why[k]);
		fputc('\n', o);
	}
}

static cJSON *render_json_row(const struct row *r, const struct json_rows *jr)
{
	const struct telemetry_series *s = r->s;
	cJSON *g = cJSON_CreateObject();
	cJSON_AddStringToObject(g, "host", s->host);
	json_add_str_or_null(g, "gpu", s->gpu);
	json_add_str_or_null(g, "uuid", s->uuid);
	json_add_str_or_null(g, "model", s->model);
	json_add_str_or_null(g, "mig_profile", s->mig_profile);
	json_add_str_or_null(g, "mig_id", s->mig_id);
	json_add_str_or_null(g, "pod", s->pod);
	json_add_str_or_null(g, "namespace", s->namespace_);
	cJSON_AddStringToObject(g, "source", s->source);
	json_add_str_or_null(g, "sku", r->vm ? r->vm->sku : NULL);
	cJSON_AddBoolToObject(g, "sku_assumed", r->hm && r->hm->assumed);
	json_add_str_or_null(g, "gpu_model", r->gpu ? r->gpu->name : NULL);
	cJSON *st = stats_json(s);
	cJSON_AddStringToObject(st, "activity_metric", telemetry_metric_name(r->res.activity_metric));
	if (row_idle_known(r))
		json_add_rounded(st, "idle_fraction", r->res.idle_fraction, 4);
	else
		cJSON_AddNullToObject(st, "idle_fraction");   /* no activity samples */
	if (r->res.peak_memory_gib >= 0)
		json_add_rounded(st, "peak_memory_gib", r->res.peak_memory_gib, 2);
	else
		cJSON_AddNullToObject(st, "peak_memory_gib");
	cJSON_AddItemToObject(g, "stats", st);
	cJSON_AddStringToObject(g, "finding", classify_finding_name(r->res.finding));
	cJSON_AddBoolToObject(g, "weak_evidence", r->res.weak);
	cJSON_AddStringToObject(g, "reason", r->res.reason);
	cJSON_AddStringToObject(g, "recommendation", r->res.recommendation);
	json_add_str_or_null(g, "enable", r->res.enable);
	if (row_priced(r)) {
		cJSON_AddNumberToObject(g, "hourly_cost", r->hourly);   /* unrounded */
		json_add_money(g, "monthly_cost", r->monthly);
		if (row_savings_known(r))
			json_add_money(g, "savings_monthly", r->saving);
		else
			cJSON_AddNullToObject(g, "savings_monthly");   /* not sized: unknown */
		cJSON_AddNullToObject(g, "unpriced_reason");
	} else {
		char why[256];
		unpriced_reason(why, sizeof(why), r, jr);
		cJSON_AddNullToObject(g, "hourly_cost");
		cJSON_AddNullToObject(g, "monthly_cost");
		cJSON_AddNullToObject(g, "savings_monthly");   /* unknown, never 0 */
		cJSON_AddStringToObject(g, "unpriced_reason", why);
	}
	return g;
}

/* The rows of the JSON "gpus" array, made one at a time (a fleet of 100k
 * GPUs would otherwise hold a cJSON tree of several KiB per GPU). */
static cJSON *json_row_at(size_t i, void *arg)
{
	const struct json_rows *jr = arg;
	return render_json_row(&jr->rows[i], jr);
}

/* The labels of the rows whose part is not known, as a JSON array. */
static void json_add_unknown(cJSON *obj, const char *key, const struct row *rows, size_t nrows,
			     int (*known)(const struct row *))
{
	cJSON *arr = cJSON_AddArrayToObject(obj, key);
	for (size_t i = 0; i < nrows; i++) {
		char lab[160];
		if (known(&rows[i]))
			continue;
		series_label(lab, sizeof(lab), rows[i].s);
		cJSON_AddItemToArray(arr, cJSON_CreateString(lab));
	}
}

/* A GPU of a move in JSON: host, gpu, and the pod of the work when pod is set. */
static cJSON *json_gpu_ref(const struct row *rows, size_t first, int pod)
{
	const struct telemetry_series *s = rows[first].s;
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "host", s->host);
	json_add_str_or_null(o, "gpu", s->gpu);
	if (pod)
		json_add_str_or_null(o, "pod", s->pod);
	return o;
}

/* The proposals: each saving is monthly_bill_before - monthly_bill_after;
 * the chosen ones add up to totals.savings_monthly. */
static cJSON *json_proposals(const struct row *rows, const struct totals *t)
{
	const struct fleet *fl = t->fleet;
	cJSON *arr = cJSON_CreateArray();

	for (size_t i = 0; i < fl->nprops; i++) {
		const struct proposal *p = &fl->props[i];
		cJSON *o = cJSON_CreateObject(), *h;
		cJSON_AddStringToObject(o, "kind", p->kind == PROP_CONSOLIDATE ? "consolidate"
										: "resize");
		cJSON_AddBoolToObject(o, "chosen", p->chosen);
		cJSON_AddStringToObject(o, "sku", t->facts->vms[p->vi].sku);
		json_add_str_or_null(o, "to_sku", p->kind == PROP_RESIZE
						     ? t->facts->vms[p->to_vi].sku : NULL);
		h = cJSON_AddArrayToObject(o, "hosts");
		for (size_t v = p->vm; v < p->vm + p->nvms; v++)
			cJSON_AddItemToArray(h, cJSON_CreateString(fleet_host(fl, rows, v)));
		h = cJSON_AddArrayToObject(o, "released_hosts");
		for (size_t v = p->vm; p->kind == PROP_CONSOLIDATE && v < p->vm + p->nvms; v++)
			if (!fl->vms[v].kept)
				cJSON_AddItemToArray(h, cJSON_CreateString(fleet_host(fl, rows, v)));
		cJSON_AddNumberToObject(o, "vms_before", (double)p->nvms);
		cJSON_AddNumberToObject(o, "vms_after", (double)p->vms_after);
		json_add_money(o, "monthly_bill_before", p->before);
		json_add_money(o, "monthly_bill_after", p->after);
		json_add_money(o, "savings_monthly", p->saving);
		h = cJSON_AddArrayToObject(o, "moves");
		for (size_t m = 0; m < p->nmoves; m++) {
			const struct fleet_move *mv = &p->moves[m];
			cJSON *x = cJSON_CreateObject();
			cJSON_AddItemToObject(x, "from", json_gpu_ref(rows, mv->from, 1));
			cJSON_AddItemToObject(x, "to", json_gpu_ref(rows, mv->to, 0));
			if (mv->beside >= 0)
				cJSON_AddItemToObject(x, "shares_with",
						      json_gpu_ref(rows, (size_t)mv->beside, 1));
			else
				cJSON_AddNullToObject(x, "shares_with");
			cJSON_AddItemToArray(h, x);
		}
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

static void render_json(struct cli_ctx *ctx, struct row *rows, size_t nrows,
			const struct totals *t, const struct telemetry_store *st, double hours,
			const char *region, enum pricing_kind kind, cJSON *assumptions)
{
	cJSON *doc = cJSON_CreateObject();
	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "gpufit_version", GPUFIT_VERSION);
	cJSON_AddStringToObject(doc, "currency", t->currency);
	cJSON_AddStringToObject(doc, "pricing", pricing_name(kind));
	cJSON_AddStringToObject(doc, "region", region);
	json_add_rounded(doc, "hours_per_month", hours, 2);
	cJSON *w = cJSON_AddObjectToObject(doc, "window");
	char buf[40];
	if (st->start_ms) {
		iso_time(buf, sizeof(buf), st->start_ms);
		cJSON_AddStringToObject(w, "start", buf);
		iso_time(buf, sizeof(buf), st->end_ms);
		cJSON_AddStringToObject(w, "end", buf);
	} else {
		cJSON_AddNullToObject(w, "start");
		cJSON_AddNullToObject(w, "end");
	}
	cJSON_AddNumberToObject(w, "samples", (double)st->samples);
	cJSON_AddNumberToObject(w, "blank_samples", (double)st->blanks);
	if (t->window_hours >= 0)
		json_add_rounded(w, "hours", t->window_hours, 4);
	else
		cJSON_AddNullToObject(w, "hours");
	/* monthly figures from less than a day of telemetry say so */
	if (t->window_hours >= 0 && t->window_hours < 24)
		json_add_rounded(w, "extrapolated_from_hours", t->window_hours, 4);
	else
		cJSON_AddNullToObject(w, "extrapolated_from_hours");
	cJSON_AddArrayToObject(doc, "gpus");   /* streamed: one row at a time */
	cJSON *to = cJSON_AddObjectToObject(doc, "totals");
	cJSON_AddNumberToObject(to, "gpus", t->gpus);
	cJSON *by = cJSON_AddObjectToObject(to, "findings");
	for (int f = 0; f < CLASS_COUNT; f++)
		cJSON_AddNumberToObject(by, classify_finding_name((enum classify_finding)f), t->by[f]);
	/* a total with an unknown part is null; known_* sum the known parts */
	if (!t->no_activity)
		json_add_rounded(to, "idle_gpu_hours_monthly", t->wasted_hours, 1);
	else
		cJSON_AddNullToObject(to, "idle_gpu_hours_monthly");
	if (!t->idle_cost_unknown)
		json_add_money(to, "idle_cost_monthly", t->wasted_cost);
	else
		cJSON_AddNullToObject(to, "idle_cost_monthly");
	if (!t->unpriced)
		json_add_money(to, "current_monthly_cost", t->current_cost);
	else
		cJSON_AddNullToObject(to, "current_monthly_cost");
	if (!t->savings_unknown)
		json_add_money(to, "savings_monthly", t->savings);
	else
		cJSON_AddNullToObject(to, "savings_monthly");
	cJSON_AddBoolToObject(to, "complete", !t->no_activity && !t->unpriced &&
						 !t->idle_cost_unknown && !t->savings_unknown);
	cJSON_AddNumberToObject(to, "unpriced_gpus", t->unpriced);
	json_add_unknown(to, "unpriced", rows, nrows, row_priced);
	cJSON_AddNumberToObject(to, "no_activity_gpus", t->no_activity);
	json_add_unknown(to, "no_activity", rows, nrows, row_idle_known);
	json_add_rounded(to, "known_idle_gpu_hours_monthly", t->wasted_hours, 1);
	json_add_money(to, "known_idle_cost_monthly", t->wasted_cost);
	json_add_money(to, "known_current_monthly_cost", t->current_cost);
	json_add_money(to, "known_savings_monthly", t->savings);
	json_add_money(to, "unallocated_mig_monthly_cost", t->free_cost);
	cJSON *fa = cJSON_AddArrayToObject(to, "unallocated_mig");
	for (size_t i = 0; i < t->nfree; i++) {
		const struct mig_free *mf = &t->free[i];
		const struct telemetry_series *s = mf->first->s;
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "host", s->host);
		json_add_str_or_null(o, "gpu", s->gpu);
		json_add_str_or_null(o, "uuid", s->uuid);
		cJSON_AddStringToObject(o, "sku", mf->first->vm->sku);
		cJSON_AddNumberToObject(o, "free_compute_slices", mf->slices);
		cJSON_AddNumberToObject(o, "hourly_cost", mf->hourly);   /* unrounded */
		json_add_money(o, "monthly_cost", mf->monthly);
		cJSON_AddItemToArray(fa, o);
	}
	json_add_money(to, "fleet_monthly_bill", t->fleet->bill);
	cJSON_AddNumberToObject(to, "fleet_vms", (double)t->fleet->nvms);
	cJSON_AddNumberToObject(to, "unobserved_gpus", (double)t->fleet->nunobserved);
	json_add_money(to, "unobserved_gpus_monthly_cost", t->fleet->unobserved);
	cJSON_AddItemToObject(doc, "proposals", json_proposals(rows, t));
	cJSON_AddItemToObject(doc, "assumptions", assumptions);
	struct json_rows jr = { rows, hours, region, t->currency, kind };
	if (ctx->format == FMT_HTML)
		analyze_html_print(ctx->out, doc, nrows, json_row_at, &jr);
	else
		json_print_streamed(ctx->out, doc, "gpus", nrows, json_row_at, &jr);
	cJSON_Delete(doc);
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

/* "1 GPU", "8 GPUs", "1/6 of a GPU" (a fractional size). */
static const char *gpus_text(char *buf, size_t n, double count)
{
	if (count < 1 - 1e-9 && count > 0)
		snprintf(buf, n, "1/%.0f of a GPU", 1 / count);
	else
		snprintf(buf, n, "%.0f GPU%s", count, fabs(count - 1) < 1e-9 ? "" : "s");
	return buf;
}

/* A size that has fewer GPUs than the telemetry shows on its host is bad
 * input: pricing each GPU as VM / GPUs would bill one host as several VMs.
 * Adds the error, at the --hosts line that names the size (file is NULL for
 * --sku), and returns -1; 0 when the size holds count GPUs. */
static int check_gpu_count(const struct facts *f, const struct host_map *hm, const char *file,
			   const char *host, int count, struct diag_list *dl)
{
	size_t vi = vm_index(f, hm->sku);
	char has[32];
	if (vi == (size_t)-1)
		return 0;
	double gpus = f->vms[vi].gpu_count;
	if (count <= (gpus > 1 ? gpus : 1) + 1e-9)
		return 0;
	gpus_text(has, sizeof(has), gpus);
	if (file)
		diag_list_add(dl, DIAG_ERROR, file, hm->line, hm->col,
			      "host '%s' shows %d GPUs in the telemetry, but '%s' has %s; name a size "
			      "with %d or more GPUs", host, count, hm->sku, has, count);
	else
		diag_list_add(dl, DIAG_ERROR, NULL, 0, 0,
			      "--sku '%s' has %s, but host '%s' shows %d in the telemetry; give each "
			      "host its size with --hosts", hm->sku, has, host, count);
	return -1;
}

/* Maps every host to a size: --hosts entries, else --sku, else inferred
 * from the model label and GPU count (recorded as an assumption).  Returns
 * -1 (errors in dl) when a given size has fewer GPUs than its host shows. */
static int map_hosts(const struct telemetry_store *st, const struct facts *f, const char *sku,
		     const char *hosts_file, struct host_list *hosts, cJSON *assumptions,
		     struct diag_list *dl)
{
	size_t next;
	int rc = 0;
	for (size_t i = 0; i < st->n; i = next) {
		const struct telemetry_series *s = st->series[i];
		const char *label;
		int count = host_gpu_count(st, i, &next, &label);
		const struct host_map *given = hosts_find(hosts, s->host);
		if (given) {
			if (given->line && check_gpu_count(f, given, hosts_file, s->host, count, dl))
				rc = -1;
			continue;
		}
		struct host_map *hm = hosts_add(hosts, s->host);
		if (sku) {
			snprintf(hm->sku, sizeof(hm->sku), "%s", sku);
			if (check_gpu_count(f, hm, NULL, s->host, count, dl))
				rc = -1;
			continue;
		}
		const struct gpu_spec *g = label[0] ? gpu_from_label(f, label) : NULL;
		const struct vm_size *vm = g ? infer_vm(f, g, count) : NULL;
		char msg[512];
		if (vm) {
			snprintf(hm->sku, sizeof(hm->sku), "%s", vm->sku);
			hm->assumed = 1;
			snprintf(msg, sizeof(msg), "host '%s' assumed to be %s (%d x '%s' seen); set "
				 "it with --sku or --hosts", s->host, vm->sku, count, label);
		} else {
			snprintf(msg, sizeof(msg), "host '%s': no Azure size known for %s; its GPUs "
				 "are not priced (use --sku or --hosts)", s->host,
				 label[0] ? label : "an unnamed GPU model");
		}
		diag_note("%s", msg);
		cJSON_AddItemToArray(assumptions, cJSON_CreateString(msg));
	}
	return rc;
}

/* Prices one series and classifies it. */
static void analyze_row(struct row *r, const struct facts *f, const struct host_list *hosts,
			const struct classify_thresholds *th, enum pricing_kind kind, double hours)
{
	const struct telemetry_series *s = r->s;
	r->hm = hosts_find(hosts, s->host);
	size_t vi = r->hm && r->hm->sku[0] ? vm_index(f, r->hm->sku) : (size_t)-1;
	r->vm = vi != (size_t)-1 ? &f->vms[vi] : NULL;
	r->vi = vi;
	r->cand_vi = -1;
	r->gpu = r->vm ? f->vm_gpu[vi]
		       : s->model[0] ? gpu_from_label(f, s->model) : NULL;
	r->gpu_fraction = 1;
	if (s->mig_id[0]) {
		const struct mig_profile *mp = r->gpu && s->mig_profile[0]
			? mig_find(f, r->gpu->name, s->mig_profile) : NULL;
		if (mp)
			r->gpu_fraction = mp->compute_slices / 7.0;
		else if (!r->gpu && isdigit((unsigned char)s->mig_profile[0]) &&
			 s->mig_profile[1] == 'g')
			/* a GPU not known: its share from the profile's name (not
			 * priced: no size) */
			r->gpu_fraction = (s->mig_profile[0] - '0') / 7.0;
		else
			r->gpu_fraction = 0;   /* unknown slice: not priced */
	}
	if (r->vm && f->vm_hourly[vi] > 0 && r->gpu_fraction > 0) {
		double gpus = r->vm->gpu_count > 1 ? r->vm->gpu_count : 1;
		r->hourly = f->vm_hourly[vi] / gpus * r->gpu_fraction;
		/* its share of the VM's bill */
		r->monthly = bill_monthly(kind, f->vm_hourly[vi], r->gpu_fraction / gpus, hours);
	}
	classify_series(s, th, NULL, 0, r->hourly, &r->res);
	if (r->res.finding == CLASS_UNDERUSED && r->gpu_fraction > 0) {
		/* only underused series need the cheaper options priced */
		build_candidates(r, f);
		classify_result_release(&r->res);
		classify_series(s, th, r->cands, r->ncands, r->hourly, &r->res);
		if (r->res.candidate >= 0 && strncmp(r->cands[r->res.candidate].name, "MIG ", 4) != 0)
			r->cand_vi = (long)vm_index(f, r->cands[r->res.candidate].name);
		free(r->cands);
		r->cands = NULL;
		r->ncands = 0;
	}
}

int cmd_analyze(struct cli_ctx *ctx, int argc, char **argv)
{
	struct telemetry_read_opts ro;
	struct classify_thresholds th;
	telemetry_read_opts_default(&ro);
	classify_thresholds_default(&th);
	const char *prom = NULL, *sku = NULL, *hosts_file = NULL, *region = "eastus";
	enum pricing_kind kind = PRICING_PAYG;
	double hours = GPUFIT_HOURS_PER_MONTH, since = 7 * 86400.0, step = 300, start = -1,
	       end = -1, v = 0;
	unsigned fail_mask = 0;
	const char **files = xcalloc((size_t)argc + 1, sizeof(*files));
	const char **headers = xcalloc((size_t)argc + 1, sizeof(*headers));
	size_t nfiles = 0, nheaders = 0;
	struct prom_fetch_opts po;
	prom_fetch_opts_default(&po);
	const char *token_file = NULL;
	size_t max_series = TELEMETRY_MAX_SERIES_DEFAULT;
	int verbose = 0, timeout_given = 0;
	int rc = EXIT_OK, id;
	const char *val;
	struct cli_iter it;

	cli_iter_init(&it, CMD, cmd_analyze_opts, argc, argv);
	while ((id = cli_next(&it, &val)) != CLI_END) {
		int bad = 0;
		switch (id) {
		case CLI_ERROR:
			free(files);
			free(headers);
			return EXIT_USAGE;
		case CLI_HELP:
			if (self())
				cli_print_command_help(self(), ctx->out);
			free(files);
			free(headers);
			return EXIT_OK;
		case CLI_POSITIONAL: files[nfiles++] = val; break;
		case OPT_INPUT_FORMAT:
			if (telemetry_format_parse(val, &ro.format) != 0)
				bad = cli_usage_error(CMD, "unknown input format '%s' (auto, dcgm, "
						      "prometheus-json, nvidia-smi, dcgmi)", val);
			break;
		case OPT_COLUMNS: ro.columns = val; break;
		case OPT_HOST: ro.host = val; break;
		case OPT_METRIC: ro.metric = val; break;
		case OPT_PROMETHEUS: prom = val; break;
		case OPT_SINCE:
			if (util_parse_duration(val, &since) != 0)
				bad = cli_usage_error(CMD, "invalid duration '%s' for --since (a number "
						      "with s, m, h, d or w, e.g. 7d)", val);
			break;
		case OPT_STEP:
			if (util_parse_duration(val, &step) != 0 || step < 1)
				bad = cli_usage_error(CMD, "invalid duration '%s' for --step (a number "
						      "with s, m, h, d or w of at least 1 s, e.g. 5m)",
						      val);
			break;
		case OPT_START:
		case OPT_END:
			if ((v = parse_time(val)) < 0)
				bad = cli_usage_error(CMD, "invalid time '%s' (unix seconds or "
						      "YYYY-MM-DDTHH:MM:SSZ)", val);
			*(id == OPT_START ? &start : &end) = v;
			break;
		case OPT_SKU: sku = val; break;
		case OPT_HOSTS: hosts_file = val; break;
		case OPT_REGION: region = val; break;
		case OPT_PRICING:
			if (pricing_parse(val, &kind) != 0)
				bad = cli_usage_error(CMD, "unknown pricing '%s' (payg, spot, "
						      "reserved-1y, reserved-3y, savings-1y, "
						      "savings-3y)", val);
			break;
		case OPT_HOURS:
			bad = cli_positive(CMD, "hours-per-month", val, &hours) != 0;
			break;
		case OPT_FAIL_ON: bad = parse_fail_on(val, &fail_mask) != 0; break;
		case OPT_MIN_SAMPLES:
			bad = cli_number(CMD, "min-samples", val, &v) != 0;
			if (!bad && v < 1)
				bad = cli_usage_error(CMD, "--min-samples must be at least 1");
			/* range-checked before the conversion (1e30 does not fit) */
			if (!bad && (v > 1e9 || v != floor(v)))
				bad = cli_usage_error(CMD, "--min-samples must be a whole number from 1 "
							   "to 1000000000, got '%s'", val);
			if (!bad)
				th.min_samples = (uint64_t)v;
			break;
		case OPT_IDLE: bad = opt_percent("idle-below", val, &th.idle_max) != 0; break;
		case OPT_UNDERUSED:
			bad = opt_percent("underused-below", val, &th.underused_p95) != 0;
			break;
		case OPT_BUSY_UTIL: bad = opt_percent("busy-util", val, &th.busy_util) != 0; break;
		case OPT_BUSY_SM: bad = opt_percent("busy-sm-below", val, &th.busy_sm) != 0; break;
		case OPT_STARVED_SM:
			bad = opt_percent("starved-sm-below", val, &th.starved_sm) != 0;
			break;
		case OPT_PCIE_RX:
			bad = cli_positive(CMD, "pcie-rx-gbps", val, &v) != 0;
			if (!bad)
				th.starved_pcie_rx = v * 1e9;
			break;
		case OPT_MEMORY_DRAM:
			bad = opt_percent("memory-dram", val, &th.memory_dram) != 0;
			break;
		case OPT_RAW: po.raw = 1; break;
		case OPT_MAX_SERIES:
			bad = cli_number(CMD, "max-series-per-query", val, &v) != 0;
			/* range-checked before the conversion (1e20 does not fit) */
			if (!bad && (v < 1 || v > PROM_MAX_SERIES_LIMIT || v != floor(v)))
				bad = cli_usage_error(CMD, "--max-series-per-query takes a whole "
						      "number from 1 to %d, not '%s'",
						      PROM_MAX_SERIES_LIMIT, val);
			if (!bad)
				po.max_series = (uint64_t)v;
			break;
		case OPT_TOKEN_FILE: token_file = val; break;
		case OPT_HEADER:
			if (!strchr(val, ':') || val[0] == ':')
				bad = cli_usage_error(CMD, "--header takes 'Name: value'");
			headers[nheaders++] = val;
			break;
		case OPT_CACERT: po.cacert = val; break;
		case OPT_VERBOSE: verbose = 1; break;
		case OPT_MAX_SERIES_ALL:
			bad = cli_number(CMD, "max-series", val, &v) != 0;
			/* range-checked before the conversion */
			if (!bad && (v < 1 || v > TELEMETRY_MAX_SERIES_LIMIT || v != floor(v)))
				bad = cli_usage_error(CMD, "--max-series takes a whole number from 1 to "
						      "%d, not '%s'", TELEMETRY_MAX_SERIES_LIMIT, val);
			if (!bad)
				max_series = (size_t)v;
			break;
		case OPT_TIMEOUT:
			bad = cli_positive(CMD, "timeout", val, &v) != 0;
			/* range-checked before it becomes milliseconds in a long */
			if (!bad && v > PROM_TIMEOUT_MAX)
				bad = cli_usage_error(CMD, "--timeout takes at most %d seconds, not '%s'",
						      PROM_TIMEOUT_MAX, val);
			if (!bad) {
				po.timeout_s = v;
				timeout_given = 1;
			}
			break;
		}
		if (bad) {
			free(files);
			free(headers);
			return EXIT_USAGE;
		}
	}
	if (!prom && (po.raw || token_file || nheaders || po.cacert || timeout_given)) {
		free(files);
		free(headers);
		return cli_usage_error(CMD, "--raw, --bearer-token-file, --header, --cacert and "
				       "--timeout go with --prometheus");
	}
	if (!nfiles && !prom) {
		free(headers);
		free(files);
		return cli_usage_error(CMD, "missing FILE (or --prometheus URL)");
	}
	if (nfiles && prom) {
		free(headers);
		free(files);
		return cli_usage_error(CMD, "give telemetry files or --prometheus, not both");
	}
	if (sku && hosts_file) {
		free(headers);
		free(files);
		return cli_usage_error(CMD, "give --sku or --hosts, not both");
	}

	char err[CATALOG_ERRLEN], path[4096];
	enum catalog_origin origin;
	catalog *cat = NULL;
	struct facts f = { 0 };
	struct telemetry_store st;
	struct diag_list dl = DIAG_LIST_INIT;
	struct host_list hosts = { 0 };
	size_t nrows = 0;
	struct row *rows = NULL;
	struct totals t = { 0 };
	struct fleet fleet = { 0 };
	cJSON *assumptions = cJSON_CreateArray();
	telemetry_store_init(&st);
	st.max_series = max_series;

	/* the catalog, the region, the sizes named on the command line */
	if (catalog_open_default(ctx->catalog_path, &cat, &origin, path, sizeof(path), err) != 0) {
		diag_error("%s", err);
		rc = EXIT_CATALOG;
		goto out;
	}
	struct region rg;
	int found = catalog_region_find(cat, region, &rg, err);
	if (found <= 0) {
		if (found < 0) {
			diag_error("%s", err);
			rc = EXIT_CATALOG;
		} else {
			cmd_unknown_name(cat, "regions", "region", region, 1, NULL);
			rc = EXIT_INPUT;
		}
		goto out;
	}
	/* prices in the catalog's currency (USD when it names none) */
	if (catalog_meta(cat, "currency", t.currency, sizeof(t.currency)) != 0 || !t.currency[0])
		snprintf(t.currency, sizeof(t.currency), "USD");
	t.region = region;
	t.kind = kind;
	if (facts_load(cat, region, kind, t.currency, &f, err) != 0) {
		diag_error("%s", err);
		rc = EXIT_CATALOG;
		goto out;
	}
	if (sku) {
		size_t vi = vm_index(&f, sku);
		if (vi == (size_t)-1) {
			char near[3][FACT_SKU];
			size_t k = catalog_suggest(cat, "vm_sizes", sku, near, 3);
			diag_error("unknown VM size '%s'%s%s%s", sku, k ? "; did you mean '" : "",
				   k ? near[0] : "", k ? "'?" : "");
			rc = EXIT_INPUT;
			goto out;
		}
		sku = f.vms[vi].sku;
	}
	if (hosts_file && load_hosts_file(hosts_file, &f, &hosts, max_series, &dl) != 0) {
		diag_list_print(&dl, stderr);
		rc = EXIT_INPUT;
		goto out;
	}

	/* the telemetry */
	if (prom) {
		double e = end >= 0 ? end : (double)time(NULL);
		double s0 = start >= 0 ? start : e - since;
		if (s0 >= e) {
			rc = cli_usage_error(CMD, "--start must be before --end");
			goto out;
		}
		po.url = prom;
		po.start = s0;
		po.end = e;
		po.step = step;
		po.idle_max = th.idle_max;
		po.unreliable_util = th.unreliable_util;
		rc = fetch_prometheus(&po, token_file, headers, nheaders, verbose, &st, &ro, &dl);
		diag_list_print(&dl, stderr);
		if (rc != EXIT_OK)
			goto out;
	} else {
		/* past the series limit every further file would say so again */
		for (size_t i = 0; i < nfiles && !st.full; i++)
			telemetry_read_file(&st, files[i], &ro, &dl);
		if (dl.errors) {
			diag_list_print(&dl, stderr);
			rc = EXIT_INPUT;
			goto out;
		}
	}
	telemetry_store_finish(&st);
	if (st.clamped)
		diag_warning("%llu ratio samples above 1 were clamped to 1 (seen on MIG instances, "
			     "DCGM issue #152)", (unsigned long long)st.clamped);
	if (st.negative)
		diag_warning("%llu negative sample%s ignored: no utilisation, memory, power or clock "
			     "is below 0", (unsigned long long)st.negative,
			     st.negative == 1 ? " was" : "s were");

	if (map_hosts(&st, &f, sku, hosts_file, &hosts, assumptions, &dl) != 0) {
		diag_list_print(&dl, stderr);
		rc = EXIT_INPUT;
		goto out;
	}

	rows = xcalloc(st.n ? st.n : 1, sizeof(*rows));
	for (size_t i = 0; i < st.n; i++) {
		if (st.series[i]->mig_parent)
			continue;
		struct row *r = &rows[nrows++];
		r->s = st.series[i];
		analyze_row(r, &f, &hosts, &th, kind, hours);
	}
	{
		size_t bad = mig_gpus_check(rows, nrows);

		if (bad)
			diag_warning("%zu GPU%s report%s MIG instances of more compute slices than a "
				     "GPU has (7): %s not priced", bad, bad == 1 ? "" : "s",
				     bad == 1 ? "s" : "", bad == 1 ? "it is" : "they are");
	}
	rows_alone(rows, nrows, &f, kind, hours);
	fleet_plan(&fleet, rows, nrows, &f, kind, hours);
	t.fleet = &fleet;
	t.facts = &f;
	t.window_hours = st.start_ms && st.end_ms >= st.start_ms
		? (double)(st.end_ms - st.start_ms) / 3.6e6 : -1;
	for (size_t i = 0; i < nrows; i++)
		totals_add(&t, &rows[i], hours);
	totals_add_free(&t, rows, nrows, hours);
	t.current_cost = fleet.bill;
	t.savings = fleet.savings;

	if (ctx->format == FMT_JSON || ctx->format == FMT_HTML) {
		render_json(ctx, rows, nrows, &t, &st, hours, region, kind, assumptions);
		assumptions = NULL;
	} else {
		render_table(ctx, rows, nrows, &t, hours);
	}
	for (size_t i = 0; i < nrows; i++)
		if (fail_mask & (1u << rows[i].res.finding))
			rc = EXIT_GATE;

out:
	for (size_t i = 0; i < nrows; i++) {
		free(rows[i].cands);
		classify_result_release(&rows[i].res);
	}
	free(rows);
	free(t.free);
	fleet_release(&fleet);
	hosts_release(&hosts);
	cJSON_Delete(assumptions);
	diag_list_release(&dl);
	telemetry_store_release(&st);
	facts_release(&f);
	if (cat)
		catalog_close(cat);
	free(files);
	free(headers);
	return rc;
}
