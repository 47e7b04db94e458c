/*
 * cmd_util.c - messages and loading steps that several commands share.
 */
#include "cmd_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "azure_quota.h"
#include "catalog_names.h"
#include "catalog_snapshot.h"
#include "cli.h"
#include "recommend.h"
#include "diag.h"
#include "gpufit.h"
#include "util.h"

void cmd_unknown_name(catalog *cat, const char *table, const char *what, const char *name,
		      size_t max_hints, const char *fallback)
{
	char near[8][FACT_SKU];
	size_t k = catalog_suggest(cat, table, name, near, max_hints < 8 ? max_hints : 8);
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < k; i++)
		strbuf_addf(&sb, "%s'%s'", i ? ", " : "", near[i]);
	if (k)
		diag_error("unknown %s '%s'; did you mean %s?", what, name, strbuf_str(&sb));
	else if (fallback)
		diag_error("unknown %s '%s'; %s", what, name, fallback);
	else
		diag_error("unknown %s '%s'", what, name);
	strbuf_release(&sb);
}

int cmd_found(int found, const char *err, catalog *cat, const char *table, const char *what,
	      const char *name, const char *fallback)
{
	if (found > 0)
		return EXIT_OK;
	if (found < 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	cmd_unknown_name(cat, table, what, name, 5, fallback);
	return EXIT_INPUT;
}

int cmd_load_skus(const char *opt_path, const struct profile *p, struct azure_skus *out)
{
	const char *path = opt_path ? opt_path : p->azure_skus;
	char err[AZURE_QUOTA_ERRLEN];

	memset(out, 0, sizeof(*out));   /* the index too: azure_skus_release frees it */
	if (!path)
		return 0;
	if (azure_skus_read(path, out, err, sizeof err) != 0) {
		diag_error("%s", err);
		return -1;
	}
	return 1;
}

void cmd_usage_release(struct cmd_usage *u)
{
	for (size_t i = 0; i < u->n; i++) {
		azure_usage_release(&u->lists[i]);
		free(u->files[i]);
	}
	free(u->u);
	free(u->lists);
	free(u->regions);
	free(u->files);
	memset(u, 0, sizeof(*u));
}

/* Reads one region's file into slot u->n. */
static int usage_add(struct cmd_usage *u, const char *region, const char *file)
{
	char err[AZURE_QUOTA_ERRLEN];
	size_t i = u->n;

	if (azure_usage_read(file, &u->lists[i], err, sizeof err) != 0) {
		diag_error("%s", err);
		return EXIT_INPUT;
	}
	util_copy_str(u->regions[i], sizeof u->regions[i], region);
	u->files[i] = xstrdup(file);
	u->n++;
	return EXIT_OK;
}

int cmd_load_usage(const char *cmd, const char *const *specs, size_t nspecs,
		   const struct profile *p, catalog *cat, const struct catalog_names *names,
		   struct cmd_usage *out)
{
	size_t cap = nspecs + p->nazure_usage + 1;
	int rc = EXIT_OK;

	memset(out, 0, sizeof(*out));
	out->lists = xcalloc(cap, sizeof(*out->lists));
	out->regions = xcalloc(cap, sizeof(*out->regions));
	out->files = xcalloc(cap, sizeof(*out->files));
	for (size_t i = 0; i < nspecs && rc == EXIT_OK; i++) {
		const char *eq = strchr(specs[i], '=');
		char region[64];
		const char *known;

		if (!eq || eq == specs[i] || !eq[1] || (size_t)(eq - specs[i]) >= sizeof region)
			return cli_usage_error(cmd, "--usage takes REGION=FILE (the output of 'az vm "
					       "list-usage --location REGION -o json'), got '%s'",
					       specs[i]);
		snprintf(region, sizeof region, "%.*s", (int)(eq - specs[i]), specs[i]);
		known = catalog_names_region(names, region);
		if (!known) {
			cmd_unknown_name(cat, "regions", "region", region, 1, NULL);
			return EXIT_INPUT;
		}
		for (size_t k = 0; k < out->n; k++)
			if (strcasecmp(out->regions[k], known) == 0)
				return cli_usage_error(cmd, "--usage names region '%s' twice", known);
		rc = usage_add(out, known, eq + 1);
	}
	for (size_t i = 0; i < p->nazure_usage && rc == EXIT_OK; i++) {
		int given = 0;

		for (size_t k = 0; k < out->n && !given; k++)
			given = strcasecmp(out->regions[k], p->azure_usage[i].region) == 0;
		if (!given)
			rc = usage_add(out, p->azure_usage[i].region, p->azure_usage[i].path);
	}
	if (rc != EXIT_OK)
		return rc;
	out->u = xcalloc(out->n + 1, sizeof(*out->u));
	for (size_t i = 0; i < out->n; i++) {
		out->u[i].region = out->regions[i];
		out->u[i].file = out->files[i];
		out->u[i].list = &out->lists[i];
	}
	return EXIT_OK;
}

int cmd_load_profile(const char *path, const struct catalog_names *names, struct profile *p)
{
	struct diag_list errs = DIAG_LIST_INIT;
	int rc = profile_load(path, &names->profile, p, &errs);

	diag_list_print(&errs, stderr);
	diag_list_release(&errs);
	return rc != 0 ? -1 : 0;
}

int cmd_recommend_profile(const char *catalog_path, const char *path, const char *skus_path,
			  const char *const *usage_specs, size_t nusage_specs,
			  struct recommend_options *o, const char **regions, struct profile *p,
			  struct recommend_result *res)
{
	struct azure_skus skus = { NULL, 0, STRMAP_INIT };
	struct cmd_usage usage;
	struct catalog_names names;
	struct catalog_snapshot snap;
	struct diag_list errs = DIAG_LIST_INIT;
	enum catalog_origin origin;
	catalog *cat = NULL;
	char err[CATALOG_ERRLEN], cpath[4096];
	int rc = EXIT_OK;

	memset(p, 0, sizeof(*p));
	memset(res, 0, sizeof(*res));
	if (catalog_open_default(catalog_path, &cat, &origin, cpath, sizeof(cpath), err) != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	if (catalog_names_load(cat, &names, err) != 0) {
		diag_error("%s", err);
		catalog_names_release(&names);
		catalog_close(cat);
		return EXIT_CATALOG;
	}
	for (size_t i = 0; i < o->nregions; i++) {
		const char *known = catalog_names_region(&names, regions[i]);
		if (!known) {
			cmd_unknown_name(cat, "regions", "region", regions[i], 1, NULL);
			rc = EXIT_INPUT;
		} else {
			regions[i] = known;
		}
	}
	o->regions = regions;
	if (rc == EXIT_OK && cmd_load_profile(path, &names, p) != 0)
		rc = EXIT_INPUT;
	if (rc == EXIT_OK) {
		int got = cmd_load_skus(skus_path, p, &skus);

		if (got < 0)
			rc = EXIT_INPUT;
		else if (got > 0)
			o->skus = &skus;
	}
	memset(&usage, 0, sizeof usage);
	if (rc == EXIT_OK) {
		rc = cmd_load_usage("k8s", usage_specs, nusage_specs, p, cat, &names, &usage);
		o->usage = usage.u;
		o->nusage = usage.n;
	}
	if (rc == EXIT_OK && catalog_snapshot_load(cat, &snap, err) != 0) {
		diag_error("%s", err);
		rc = EXIT_CATALOG;
	} else if (rc == EXIT_OK) {
		int built = recommend_build(&snap, p, o, res, &errs);
		catalog_snapshot_release(&snap);
		if (built != 0) {
			diag_list_print(&errs, stderr);
			rc = EXIT_CATALOG;
		}
	}
	diag_list_release(&errs);
	azure_skus_release(&skus);
	cmd_usage_release(&usage);
	o->skus = NULL;
	o->usage = NULL;
	o->nusage = 0;
	catalog_names_release(&names);
	catalog_close(cat);
	if (rc != EXIT_OK) {
		recommend_result_release(res);
		profile_release(p);
	}
	return rc;
}
