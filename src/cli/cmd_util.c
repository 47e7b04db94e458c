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

void cmd_setup_init(struct cmd_setup *s, const char *cmd, const char *catalog_path)
{
	memset(s, 0, sizeof(*s));
	s->cmd = cmd;
	s->catalog_path = catalog_path;
}

void cmd_setup_build_inputs(struct cmd_setup *s, const char *profile_path, const char **regions,
			    const char *skus_path, const char *const *usage_specs,
			    size_t nusage_specs, struct recommend_options *o)
{
	s->profile_path = profile_path;
	s->regions = regions;
	s->nregions = o->nregions;
	o->regions = regions;
	s->skus_path = skus_path;
	s->usage_specs = usage_specs;
	s->nusage_specs = nusage_specs;
	s->o = o;
}

/* Each step: marks itself begun (what it fills is released even when it
 * fails) and returns EXIT_OK or the exit code. */
static int setup_catalog(struct cmd_setup *s)
{
	char err[CATALOG_ERRLEN];

	if (catalog_open_default(s->catalog_path, &s->cat, &s->origin, s->catalog_file,
				 sizeof(s->catalog_file), err) != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	if (catalog_names_load(s->cat, &s->names, err) != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	return EXIT_OK;
}

static int setup_regions(struct cmd_setup *s, int first_only)
{
	int rc = EXIT_OK;

	for (size_t i = 0; i < s->nregions; i++) {
		const char *known = catalog_names_region(&s->names, s->regions[i]);

		if (!known) {
			cmd_unknown_name(s->cat, "regions", "region", s->regions[i], 1, NULL);
			rc = EXIT_INPUT;
			if (first_only)
				break;
		} else {
			s->regions[i] = known;
		}
	}
	return rc;
}

static int setup_skus(struct cmd_setup *s)
{
	int got = cmd_load_skus(s->skus_path, &s->p, &s->skus);

	if (got < 0)
		return EXIT_INPUT;
	s->have_skus = got > 0;
	return EXIT_OK;
}

static int setup_snapshot(struct cmd_setup *s)
{
	char err[CATALOG_ERRLEN];

	if (catalog_snapshot_load(s->cat, &s->snap, err) != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	return EXIT_OK;
}

static int setup_build(struct cmd_setup *s)
{
	struct diag_list errs = DIAG_LIST_INIT;
	int rc = EXIT_OK;

	if (s->have_skus)
		s->o->skus = &s->skus;
	s->o->usage = s->usage.u;
	s->o->nusage = s->usage.n;
	if (recommend_build(&s->snap, &s->p, s->o, &s->res, &errs) != 0) {
		diag_list_print(&errs, stderr);
		rc = EXIT_CATALOG;
	}
	diag_list_release(&errs);
	return rc;
}

int cmd_setup(struct cmd_setup *s, unsigned steps)
{
	for (unsigned step = CMD_SETUP_CATALOG; step & CMD_SETUP_ALL && !s->failed; step <<= 1) {
		int rc = EXIT_OK;

		if (!(steps & step) || (s->done & step))
			continue;
		s->done |= step;
		switch (step) {
		case CMD_SETUP_CATALOG:
			rc = setup_catalog(s);
			break;
		case CMD_SETUP_REGIONS:
			rc = setup_regions(s, (steps & CMD_SETUP_FIRST_REGION) != 0);
			break;
		case CMD_SETUP_PROFILE:
			rc = cmd_load_profile(s->profile_path, &s->names, &s->p) != 0 ? EXIT_INPUT
										       : EXIT_OK;
			break;
		case CMD_SETUP_SKUS:
			rc = setup_skus(s);
			break;
		case CMD_SETUP_USAGE:
			rc = cmd_load_usage(s->cmd, s->usage_specs, s->nusage_specs, &s->p, s->cat,
					    &s->names, &s->usage);
			break;
		case CMD_SETUP_SNAPSHOT:
			rc = setup_snapshot(s);
			break;
		case CMD_SETUP_BUILD:
			rc = setup_build(s);
			break;
		}
		if (rc != EXIT_OK) {
			s->failed = step;
			s->rc = rc;
		}
	}
	return s->failed ? s->rc : EXIT_OK;
}

void cmd_setup_release(struct cmd_setup *s)
{
	if (s->done & CMD_SETUP_BUILD) {
		recommend_result_release(&s->res);
		if (s->o) {
			s->o->skus = NULL;
			s->o->usage = NULL;
			s->o->nusage = 0;
		}
	}
	if (s->done & CMD_SETUP_SNAPSHOT)
		catalog_snapshot_release(&s->snap);
	if (s->done & CMD_SETUP_USAGE)
		cmd_usage_release(&s->usage);
	if (s->done & CMD_SETUP_SKUS)
		azure_skus_release(&s->skus);
	if (s->done & CMD_SETUP_PROFILE)
		profile_release(&s->p);
	if (s->done & CMD_SETUP_CATALOG) {
		catalog_names_release(&s->names);
		catalog_close(s->cat);
	}
	memset(s, 0, sizeof(*s));
}

int cmd_opt_pricing(const char *cmd, const char *val, struct recommend_options *o)
{
	o->pricing_auto = strcmp(val, "auto") == 0;
	if (!o->pricing_auto && pricing_parse(val, &o->pricing) != 0)
		return cli_usage_error(cmd, "unknown pricing '%s' (payg, spot, reserved-1y, "
					    "reserved-3y, savings-1y, savings-3y, auto)", val);
	o->has_pricing = 1;
	return 0;
}

int cmd_opt_hours(const char *cmd, const char *val, struct recommend_options *o)
{
	double d;

	if (cli_positive(cmd, "hours-per-month", val, &d) != 0)
		return EXIT_USAGE;
	if (d > 744)
		return cli_usage_error(cmd, "--hours-per-month takes a number of hours greater "
					    "than 0 and at most 744 (a 31-day month)");
	o->has_hours = 1;
	o->hours_per_month = d;
	return 0;
}

int cmd_opt_strategy(const char *cmd, const char *val, struct recommend_options *o)
{
	if (mig_strategy_parse(val, &o->strategy) != 0)
		return cli_usage_error(cmd, "unknown strategy '%s' (aks, mixed)", val);
	return 0;
}
