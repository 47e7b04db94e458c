/*
 * profile.c - reads and validates workload profiles (YAML, schema version 1):
 * the entry points, and the top level of a profile.
 *
 * Reading goes in three steps, each of which may stop the next:
 *
 *   1. a byte scan: size limit, UTF-8, tabs in indentation (libyaml would
 *      stop at the first of these with a vague message; profile_yaml.c);
 *   2. libyaml's event parser builds a small tree of our own (maps,
 *      sequences, scalars, each with its position).  Anchors, aliases and
 *      tags are refused, so no alias expansion can blow up, and nesting and
 *      node counts are bounded (profile_yaml.c, the only file that includes
 *      <yaml.h>);
 *   3. the tree is checked against the schema: the top level here, each
 *      workload in profile_workload.c and its serving in profile_serving.c,
 *      with the typed readers of profile_read.c; every problem found is
 *      recorded, then all are sorted into file order for the caller.
 *
 * Nothing of libyaml survives step 2: the events are freed as they are read.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "gpufit.h"
#include "profile.h"
#include "profile_internal.h"
#include "util.h"

/* Bounds (struct num_rule). */
static const struct num_rule
	R_HOURS = { 0, 744, 1, 0, 0, 0 },
	R_MONEY = { 0, 1e9, 0, 0, 0, 0 },
	R_PCT = { 0, 1000, 0, 0, 0, 1 };

/* ---- the top level ------------------------------------------------------ */

static void read_regions(struct reader *r, const struct node *v, struct profile *p)
{
	const struct profile_names *nm = r->names;
	size_t i, j;

	p->nregions = 0;
	if (v->bad)
		return;
	if (v->kind == NODE_MAP) {
		profile_err_node(r, v, "'region' must be a region name or a list of names, got a mapping");
		return;
	}
	if (v->kind == NODE_SCALAR) {
		if (profile_node_catalog_name(r, v, "region", "region", nm ? nm->regions : NULL,
					      nm ? nm->nregions : 0, p->regions[0], PROFILE_REGION_LEN) > 0)
			p->nregions = 1;
		return;
	}
	if (v->n == 0) {
		profile_err_node(r, v, "'region' is an empty list");
		return;
	}
	if (v->n > PROFILE_MAX_REGIONS) {
		profile_err_node(r, v, "'region' lists %zu regions; at most %d are compared at once", v->n,
				 PROFILE_MAX_REGIONS);
		return;
	}
	for (i = 0; i < v->n; i++) {
		char *slot = p->regions[p->nregions];

		if (v->items[i]->kind != NODE_SCALAR && !v->items[i]->bad) {
			profile_err_node(r, v->items[i], "'region' list items must be region names, got %s",
					 profile_kind_name(v->items[i]));
			continue;
		}
		if (profile_node_catalog_name(r, v->items[i], "region", "region", nm ? nm->regions : NULL,
					      nm ? nm->nregions : 0, slot, PROFILE_REGION_LEN) < 0)
			continue;
		for (j = 0; j < p->nregions; j++)
			if (!strcmp(p->regions[j], slot))
				break;
		if (j < p->nregions) {
			profile_err_node(r, v->items[i], "region '%s' is listed twice", slot);
			continue;
		}
		p->nregions++;
	}
}

static void read_budget(struct reader *r, const struct node *m, struct profile_budget *b)
{
	static const char *const keys[] = { "max_monthly", "max_increase", "max_increase_pct" };

	profile_check_keys(r, m, keys, COUNT(keys), "in 'budget'");
	b->has_max_monthly = profile_get_num(r, m, "max_monthly", "budget.", &R_MONEY,
					     &b->max_monthly) > 0;
	b->has_max_increase = profile_get_num(r, m, "max_increase", "budget.", &R_MONEY,
					      &b->max_increase) > 0;
	b->has_max_increase_pct = profile_get_num(r, m, "max_increase_pct", "budget.", &R_PCT,
						  &b->max_increase_pct) > 0;
	if (!profile_map_get(m, "max_monthly") && !profile_map_get(m, "max_increase") &&
	    !profile_map_get(m, "max_increase_pct"))
		profile_err_node(r, m, "'budget' sets no limit; give 'max_monthly', 'max_increase' or "
				 "'max_increase_pct'");
}

static int cmp_wl_name(const void *a, const void *b)
{
	const struct profile_workload *const *x = a, *const *y = b;
	int c = strcmp((*x)->name, (*y)->name);

	if (c)
		return c;
	return *x < *y ? -1 : *x > *y;
}

static void check_unique_names(struct reader *r, struct profile *p)
{
	struct profile_workload **v = xmalloc(p->nworkloads * sizeof *v);
	size_t i, first = 0;

	for (i = 0; i < p->nworkloads; i++)
		v[i] = &p->workloads[i];
	qsort(v, p->nworkloads, sizeof *v, cmp_wl_name);
	for (i = 1; i < p->nworkloads; i++) {
		if (!v[i]->name[0] || strcmp(v[i]->name, v[first]->name)) {
			first = i;
			continue;
		}
		profile_err_at(r, v[i]->line, v[i]->col, "duplicate workload name '%s' (first at %d:%d)",
			       v[i]->name, v[first]->line, v[first]->col);
	}
	free(v);
}

/* path as written in the profile, or joined to the profile's directory
 * when relative (a profile read from stdin: the working directory). */
static char *profile_relative(const struct reader *r, const char *path)
{
	const char *slash = strrchr(r->file, '/');
	size_t n;
	char *out;

	if (path[0] == '/' || !slash || strcmp(r->file, "<stdin>") == 0)
		return xstrdup(path);
	n = (size_t)(slash - r->file) + 1 + strlen(path) + 1;
	out = xmalloc(n);
	snprintf(out, n, "%.*s/%s", (int)(slash - r->file), r->file, path);
	return out;
}

/* azure: { usage: { REGION: FILE, ... }, skus: FILE } (docs/quota.md). */
static void read_azure(struct reader *r, const struct node *m, struct profile *p)
{
	static const char *const keys[] = { "usage", "skus" };
	const struct profile_names *nm = r->names;
	const struct node *v;
	char buf[4096];

	profile_check_keys(r, m, keys, COUNT(keys), "in 'azure'");
	v = profile_map_get(m, "skus");
	if (v && profile_node_str(r, v, "azure.skus", buf, sizeof buf) > 0)
		p->azure_skus = profile_relative(r, buf);
	v = profile_map_get(m, "usage");
	if (!v || profile_expect_map(r, v, "azure.usage") != 0)
		return;
	if (v->n / 2 > PROFILE_MAX_REGIONS) {
		profile_err_node(r, v, "'azure.usage' lists %zu regions; at most %d are read", v->n / 2,
				 PROFILE_MAX_REGIONS);
		return;
	}
	p->azure_usage = xcalloc(v->n / 2 + 1, sizeof *p->azure_usage);
	for (size_t i = 0; i + 1 < v->n; i += 2) {
		const struct node *key = v->items[i], *file = v->items[i + 1];
		struct profile_azure_usage *u = &p->azure_usage[p->nazure_usage];
		int dup = 0;

		if (profile_node_catalog_name(r, key, "azure.usage", "region", nm ? nm->regions : NULL,
					      nm ? nm->nregions : 0, u->region, sizeof u->region) <= 0 ||
		    profile_node_str(r, file, "azure.usage", buf, sizeof buf) <= 0)
			continue;
		for (size_t j = 0; j < p->nazure_usage && !dup; j++)
			dup = strcasecmp(p->azure_usage[j].region, u->region) == 0;
		if (dup) {
			profile_err_node(r, key, "'azure.usage' names region '%s' twice", u->region);
			continue;
		}
		u->path = profile_relative(r, buf);
		u->line = key->line;
		u->col = key->col;
		p->nazure_usage++;
	}
}

static void read_profile(struct reader *r, const struct node *root, struct profile *p)
{
	static const char *const keys[] = { "gpufit", "region", "pricing", "currency",
					    "hours_per_month", "budget", "azure", "workloads" };
	const char *pricing_names[PRICING_COUNT + 1];
	const struct node *v;
	size_t i;
	int k;

	if (root->kind != NODE_MAP) {
		profile_err_node(r, root, "a profile must be a mapping with 'gpufit: 1' and 'workloads', "
				 "got %s", profile_kind_name(root));
		return;
	}
	v = profile_map_get(root, "gpufit");
	if (!v) {
		profile_err_node(r, root, "missing 'gpufit' (the schema version); add 'gpufit: 1' at the top");
	} else if (v->kind != NODE_SCALAR || strcmp(v->text, "1")) {
		if (v->kind == NODE_SCALAR && !v->is_null)
			profile_err_node(r, v, "unsupported schema version '%s'; this gpufit reads "
					 "version %d", v->text, PROFILE_SCHEMA_VERSION);
		else
			profile_err_node(r, v, "'gpufit' must be the schema version %d",
					 PROFILE_SCHEMA_VERSION);
		return;
	}
	p->version = PROFILE_SCHEMA_VERSION;
	profile_check_keys(r, root, keys, COUNT(keys), "at the top level");

	v = profile_map_get(root, "region");
	if (v) {
		p->has_region = 1;
		read_regions(r, v, p);
	}
	if (p->nregions == 0) {
		strcpy(p->regions[0], DEFAULT_REGION);
		p->nregions = 1;
	}

	p->pricing = PRICING_PAYG;
	for (k = 0; k < PRICING_COUNT; k++)
		pricing_names[k] = pricing_name((enum pricing_kind)k);
	pricing_names[PRICING_COUNT] = "auto";   /* docs/billing.md, "pricing: auto" */
	v = profile_map_get(root, "pricing");
	if (v && profile_node_enum(r, v, "pricing", "pricing", pricing_names, PRICING_COUNT + 1, &k) > 0) {
		if (k == PRICING_COUNT)
			p->pricing_auto = 1;
		else
			p->pricing = (enum pricing_kind)k;
	}

	strcpy(p->currency, "USD");
	v = profile_map_get(root, "currency");
	if (v) {
		char cur[PROFILE_CURRENCY_LEN + 8];

		if (profile_node_str(r, v, "currency", cur, sizeof cur) > 0 &&
		    util_currency_code(cur, p->currency) != 0)
			profile_err_node(r, v, "'currency' must be a three-letter ISO 4217 code such "
					 "as 'USD', got '%s'", cur);
	}

	p->hours_per_month = GPUFIT_HOURS_PER_MONTH;
	profile_get_num(r, root, "hours_per_month", "", &R_HOURS, &p->hours_per_month);

	v = profile_map_get(root, "budget");
	if (v && profile_expect_map(r, v, "budget") == 0)
		read_budget(r, v, &p->budget);

	v = profile_map_get(root, "azure");
	if (v && profile_expect_map(r, v, "azure") == 0)
		read_azure(r, v, p);

	v = profile_map_get(root, "workloads");
	if (!v) {
		profile_err_node(r, root, "missing 'workloads' (the list of workloads to size)");
		return;
	}
	if (v->bad)
		return;
	if (v->kind != NODE_SEQ) {
		profile_err_node(r, v, "'workloads' must be a list ('- name: ...'), got %s",
				 v->kind == NODE_MAP ? "a mapping" : "a single value");
		return;
	}
	if (v->n == 0) {
		profile_err_node(r, v, "'workloads' is empty");
		return;
	}
	if (v->n > MAX_WORKLOADS) {
		profile_err_node(r, v, "%zu workloads; at most %d are supported", v->n, MAX_WORKLOADS);
		return;
	}
	p->workloads = xcalloc(v->n, sizeof *p->workloads);
	for (i = 0; i < v->n; i++) {
		const struct node *w = v->items[i];

		if (w->bad)
			continue;
		if (w->kind != NODE_MAP) {
			profile_err_node(r, w, "workload %zu must be a mapping (name, type, ...), got %s",
					 i + 1, profile_kind_name(w));
			continue;
		}
		profile_read_workload(r, w, i, &p->workloads[p->nworkloads++]);
	}
	check_unique_names(r, p);
}

/* ---- entry points ------------------------------------------------------- */

int profile_parse_buffer(const char *file, const char *buf, size_t len,
			 const struct profile_names *names, struct profile *out,
			 struct diag_list *errs)
{
	struct reader r = { file, names, DIAG_LIST_INIT, 0, { 0 }, 0 };
	struct node *root;
	size_t i;
	int empty = 0;

	memset(out, 0, sizeof *out);
	if (len > PROFILE_MAX_BYTES) {
		profile_err_at(&r, 0, 0, "file is larger than %u MiB; a profile is a short text file",
			       PROFILE_MAX_BYTES >> 20);
	} else if (profile_yaml_scan(&r, (const unsigned char *)buf, len) == 0) {
		root = profile_yaml_parse(&r, buf, len, &empty);
		if (empty)
			profile_err_at(&r, 1, 1, "empty profile; it needs 'gpufit: 1' and 'workloads'");
		if (root)
			read_profile(&r, root, out);
		profile_node_free(root);
	}
	for (i = 0; i < r.nalias; i++)
		free(r.alias[i]);
	if (r.errs.errors) {
		profile_flush_errors(&r, errs);
		profile_release(out);
		return -1;
	}
	profile_flush_errors(&r, errs);         /* the warnings of a valid profile */
	out->file = xstrdup(file);
	return 0;
}

int profile_load(const char *path, const struct profile_names *names, struct profile *out,
		 struct diag_list *errs)
{
	const char *file = strcmp(path, "-") ? path : "<stdin>";
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	struct stat st;
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	int rc, err;

	memset(out, 0, sizeof *out);
	if (!f) {
		err = errno;
		diag_list_add(errs, DIAG_ERROR, file, 0, 0, "cannot open: %s", util_strerror(err));
		return -1;
	}
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		diag_list_add(errs, DIAG_ERROR, file, 0, 0, "is a directory, not a profile");
		if (f != stdin)
			fclose(f);
		return -1;
	}
	do {
		if (cap - len < 65536) {
			cap = cap ? cap * 2 : 65536;
			buf = xrealloc(buf, cap);
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0 && len <= PROFILE_MAX_BYTES);
	err = ferror(f) ? errno : 0;
	if (f != stdin)
		fclose(f);
	if (err) {
		diag_list_add(errs, DIAG_ERROR, file, 0, 0, "cannot read: %s", util_strerror(err));
		free(buf);
		return -1;
	}
	rc = profile_parse_buffer(file, buf, len, names, out, errs);
	free(buf);
	return rc;
}

void profile_release(struct profile *p)
{
	for (size_t i = 0; i < p->nazure_usage; i++)
		free(p->azure_usage[i].path);
	free(p->azure_usage);
	free(p->azure_skus);
	for (size_t i = 0; p->workloads && i < p->nworkloads; i++)
		free(p->workloads[i].serving.load);
	free(p->workloads);
	free(p->file);
	memset(p, 0, sizeof *p);
}

const char *profile_workload_region(const struct profile *p, const struct profile_workload *w)
{
	if (w->has_region)
		return w->region;
	return p->nregions ? p->regions[0] : DEFAULT_REGION;
}
