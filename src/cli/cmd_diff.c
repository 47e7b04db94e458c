/*
 * cmd_diff.c - `gpufit diff BASE.json HEAD.json`: what changed between two
 * `recommend -f json` outputs, per workload and in total, as a table, JSON,
 * CSV or a Markdown pull-request comment.
 *
 * The comparison itself is costdiff.c; this file reads the two documents,
 * reports their problems (exit 3) and calls the writers (diff_text.c,
 * diff_json.c).  A diff is a report, not a gate: it exits 0 whatever the
 * delta (`gpufit check` gates).
 */
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "costdiff.h"
#include "diag.h"
#include "diff_json.h"
#include "diff_text.h"
#include "gpufit.h"
#include "json_read.h"

/* Reads one plan; prints the problem and returns -1 on failure. */
static int load_plan(const char *path, struct cost_plan *plan)
{
	char err[COSTDIFF_ERRLEN];
	memset(plan, 0, sizeof *plan);
	cJSON *doc = json_read_file(path, err, sizeof err);
	if (!doc) {
		diag_error("%s", err);
		return -1;
	}
	int rc = cost_plan_from_json(doc, path, plan, err, sizeof err);
	cJSON_Delete(doc);
	if (rc != 0)
		diag_error("%s", err);
	return rc;
}

int cmd_diff(struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct cli_opt opts[] = { { NULL, 0, 0, 0, NULL, NULL, NULL } };
	const char *files[2] = { NULL, NULL };
	size_t nfiles = 0;
	struct cli_iter it;
	const char *val;
	int opt;
	cli_iter_init(&it, "diff", opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		if (opt != CLI_POSITIONAL)
			return EXIT_USAGE;
		if (nfiles == 2)
			return cli_usage_error("diff", "unexpected argument '%s'", val);
		files[nfiles++] = val;
	}
	if (nfiles < 2)
		return cli_usage_error("diff", "missing %s", nfiles ? "HEAD.json" : "BASE.json");
	if (ctx->format == FMT_YAML)
		return cli_usage_error("diff", "format 'yaml' is not supported (table, json, "
					       "markdown, csv)");

	struct cost_plan base, head;
	int bad = load_plan(files[0], &base) != 0;
	bad |= load_plan(files[1], &head) != 0;
	if (!bad && strcmp(base.currency, head.currency) != 0) {
		diag_error("currency mismatch: '%s' is in %s, '%s' in %s", files[0], base.currency,
			   files[1], head.currency);
		bad = 1;
	}
	if (bad) {
		cost_plan_release(&base);
		cost_plan_release(&head);
		return EXIT_INPUT;
	}
	if (base.pricing[0] && head.pricing[0] && strcmp(base.pricing, head.pricing) != 0)
		diag_warning("pricing differs: '%s' is %s, '%s' is %s", files[0], base.pricing,
			     files[1], head.pricing);

	struct costdiff d;
	costdiff_compute(&base, &head, &d);
	int rc = EXIT_OK;
	switch (ctx->format) {
	case FMT_JSON:
		if (diff_json_print(ctx->out, &d, base.currency, files[0], files[1]) != 0)
			rc = EXIT_INPUT;
		break;
	default:
		diff_text_print(ctx->out, ctx->format, ctx->color, &d, base.currency);
		break;
	}
	costdiff_release(&d);
	cost_plan_release(&base);
	cost_plan_release(&head);
	return rc;
}
