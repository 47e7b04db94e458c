/*
 * cmd_validate.c - `gpufit validate PROFILE...`: checks workload profiles
 * against the schema and the catalog's names without sizing anything.
 *
 * Every problem of every file is reported (stderr, or inside the JSON
 * document with -f json); the exit code is 3 when any file has a problem.
 * The writers are validate_report.c.
 */
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "catalog_names.h"
#include "cli.h"
#include "commands.h"
#include "diag.h"
#include "gpufit.h"
#include "profile.h"
#include "util.h"
#include "validate_report.h"

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

int cmd_validate(struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct cli_opt opts[] = { { NULL, 0, 0, 0, NULL, NULL, NULL } };
	struct catalog_names names;
	struct cli_iter it;
	struct validate_report *report;
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

	report = validate_report_new(ctx->out, ctx->format, ctx->color);
	for (i = 0; i < npaths; i++) {
		struct diag_list errs = DIAG_LIST_INIT;
		struct profile p;
		const char *shown = strcmp(paths[i], "-") ? paths[i] : "<stdin>";

		if (profile_load(paths[i], &names.profile, &p, &errs) != 0)
			rc = EXIT_INPUT;
		if (ctx->format != FMT_JSON)
			diag_list_print(&errs, stderr);
		validate_report_add(report, shown, &p, &errs);
		profile_release(&p);
		diag_list_release(&errs);
	}

	/* the exit code says whether the profiles are valid, not whether the
	 * document was written */
	(void)validate_report_finish(report);
	catalog_names_release(&names);
	free(paths);
	return rc;
}
