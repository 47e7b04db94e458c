/*
 * cmd_validate.c - `gpufit validate PROFILE...`: checks workload profiles
 * against the schema and the catalog's names without sizing anything.
 *
 * Every problem of every file is reported (stderr, or inside the JSON
 * document with -f json); the exit code is 3 when any file has a problem.
 */
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "catalog.h"
#include "cli.h"
#include "commands.h"
#include "diag.h"
#include "gpufit.h"
#include "json_out.h"
#include "output.h"
#include "catalog_names.h"
#include "profile.h"
#include "util.h"

/* Loads the catalog's names; prints and returns -1 on a catalog error. */
static int names_load(struct cli_ctx *ctx, struct catalog_names *s)
{
	char err[CATALOG_ERRLEN], path[4096];
	enum catalog_origin origin;
	catalog *cat;
	int rc = 0;

	memset(s, 0, sizeof *s);
	if (catalog_open_default(ctx->catalog_path, &cat, &origin, path, sizeof path, err) != 0) {
		diag_error("%s", err);
		return -1;
	}
	if (catalog_names_load(cat, s, err) != 0) {
		diag_error("%s", err);
		catalog_names_release(s);
		rc = -1;
	}
	catalog_close(cat);
	return rc;
}

static cJSON *file_json(const char *path, const struct profile *p, const struct diag_list *errs)
{
	cJSON *f = cJSON_CreateObject(), *list, *warnings;
	size_t i;

	cJSON_AddStringToObject(f, "path", path);
	cJSON_AddBoolToObject(f, "valid", errs->errors == 0);
	if (errs->errors == 0)
		cJSON_AddNumberToObject(f, "workloads", (double)p->nworkloads);
	else
		cJSON_AddNullToObject(f, "workloads");
	list = cJSON_AddArrayToObject(f, "errors");
	warnings = cJSON_AddArrayToObject(f, "warnings");
	for (i = 0; i < errs->n; i++) {
		const struct diag_item *d = &errs->items[i];
		cJSON *e = cJSON_CreateObject();

		if (d->line > 0)
			cJSON_AddNumberToObject(e, "line", d->line);
		else
			cJSON_AddNullToObject(e, "line");
		if (d->col > 0)
			cJSON_AddNumberToObject(e, "col", d->col);
		else
			cJSON_AddNullToObject(e, "col");
		cJSON_AddStringToObject(e, "message", d->msg);
		cJSON_AddItemToArray(d->severity == DIAG_ERROR ? list : warnings, e);
	}
	return f;
}

int cmd_validate(struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct cli_opt opts[] = { { NULL, 0, 0, 0, NULL, NULL, NULL } };
	struct catalog_names names;
	struct cli_iter it;
	struct table *t = NULL;
	cJSON *doc = NULL, *files = NULL;
	const char *val, **paths;
	size_t npaths = 0, i;
	int opt, rc = EXIT_OK;

	paths = xcalloc((size_t)argc + 1, sizeof *paths);
	cli_iter_init(&it, "validate", opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		if (opt != CLI_POSITIONAL) {
			free(paths);
			return EXIT_USAGE;
		}
		paths[npaths++] = val;
	}
	if (npaths == 0) {
		free(paths);
		return cli_usage_error("validate", "missing PROFILE");
	}
	if (names_load(ctx, &names) != 0) {
		free(paths);
		return EXIT_CATALOG;
	}

	if (ctx->format == FMT_JSON) {
		doc = cJSON_CreateObject();
		cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
		files = cJSON_AddArrayToObject(doc, "files");
	} else if (ctx->format != FMT_TABLE) {
		t = table_new(4);
		table_header(t, 0, "file", ALIGN_LEFT);
		table_header(t, 1, "status", ALIGN_LEFT);
		table_header(t, 2, "workloads", ALIGN_RIGHT);
		table_header(t, 3, "errors", ALIGN_RIGHT);
		table_csv_column(t, 2, "workload_count", CSV_TEXT);
		table_csv_column(t, 3, "error_count", CSV_TEXT);
	}

	for (i = 0; i < npaths; i++) {
		struct diag_list errs = DIAG_LIST_INIT;
		struct profile p;
		const char *shown = strcmp(paths[i], "-") ? paths[i] : "<stdin>";
		char nw[32], ne[32];

		if (profile_load(paths[i], &names.profile, &p, &errs) != 0)
			rc = EXIT_INPUT;
		if (doc) {
			cJSON_AddItemToArray(files, file_json(shown, &p, &errs));
		} else {
			diag_list_print(&errs, stderr);
			if (t) {
				nw[0] = '\0';
				if (!errs.errors)
					snprintf(nw, sizeof nw, "%zu", p.nworkloads);
				snprintf(ne, sizeof ne, "%zu", errs.errors);
				table_add(t, shown, errs.errors ? "invalid" : "ok", nw, ne);
			} else if (!errs.errors) {
				fprintf(ctx->out, "%s: %sok%s (%zu workload%s)\n", shown,
					out_sgr(ctx->color, OUT_GREEN), out_sgr_off(ctx->color, OUT_GREEN),
					p.nworkloads, p.nworkloads == 1 ? "" : "s");
			}
		}
		profile_release(&p);
		diag_list_release(&errs);
	}

	if (doc) {
		json_print(ctx->out, doc);
		cJSON_Delete(doc);
	}
	if (t) {
		table_color(t, ctx->color);
		table_print(t, ctx->out, ctx->format);
		table_free(t);
	}
	catalog_names_release(&names);
	free(paths);
	return rc;
}
