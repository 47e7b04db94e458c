/*
 * cmd_pack.c - `gpufit pack PROFILE`: the recommended fleet at GPU level:
 * the MIG plan's node pools with every GPU's slice layout, the replicas on
 * dedicated small GPUs, and every other workload on whole VMs of its own,
 * in table, json, markdown, csv or html (docs/pack.md).
 *
 * pack plans nothing: the fleet is recommend_build()'s, with the same
 * options, rendered through pack_plan_from_recommend(); its monthly cost is
 * recommend's fleet total, and written by pack_text.c, pack_json.c and
 * pack_html.c of src/report.  Exit codes: 3 for a bad profile or name, 4 for
 * a catalog problem, 5 when some replica has no priced place (the rest of
 * the fleet is still printed).
 */
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "catalog.h"
#include "catalog_snapshot.h"
#include "cli.h"
#include "cmd_util.h"
#include "commands.h"
#include "diag.h"
#include "gpufit.h"
#include "json_out.h"
#include "output.h"
#include "pack_html.h"
#include "pack_json.h"
#include "pack_plan.h"
#include "pack_text.h"
#include "profile.h"
#include "recommend.h"
#include "util.h"

enum { OPT_STRATEGY = 1, OPT_HEADROOM, OPT_REGION, OPT_SKUS, OPT_USAGE, OPT_PRICING, OPT_HOURS,
       OPT_CURRENCY };

const struct cli_opt cmd_pack_opts[] = {
	CMD_OPT_STRATEGY(OPT_STRATEGY),
	CMD_OPT_HEADROOM(OPT_HEADROOM),
	CMD_OPT_REGION(OPT_REGION),
	CMD_OPT_PRICING(OPT_PRICING),
	CMD_OPT_HOURS(OPT_HOURS),
	CMD_OPT_CURRENCY(OPT_CURRENCY),
	{ "skus", 0, CLI_ARG_REQUIRED, OPT_SKUS, "FILE", CLI_JSON,
	  "'az vm list-skus -o json': no MIG pool or dedicated VM of a size the subscription "
	  "cannot launch there (docs/quota.md)" },
	{ "usage", 0, CLI_ARG_REQUIRED, OPT_USAGE, "REGION=FILE", NULL,
	  "'az vm list-usage -o json' of REGION: warns of a quota the plan exceeds "
	  "(repeatable)" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

/* ---- quota ---------------------------------------------------------------- */

/* The fleet's VMs (each pool's, one per dedicated replica, each
 * workload's own) against the usage files (docs/quota.md): the short
 * quotas into *out, each also a warning on stderr.  What could not be
 * checked the recommendation's warnings already say. */
static size_t pack_quota(const struct catalog_snapshot *snap, const struct recommend_options *o,
			 const struct pack_plan *plan, struct recommend_quota_numbers **out)
{
	struct recommend_quota_deploy *d;
	size_t nd = 0, n;

	*out = NULL;
	if (o->nusage == 0)
		return 0;
	d = xcalloc(plan->npools + plan->ndedicated + plan->nvms + 1, sizeof(*d));
	for (size_t i = 0; i < plan->npools; i++)
		d[nd++] = (struct recommend_quota_deploy){ plan->pools[i].sku, plan->pools[i].region,
							   plan->pools[i].vm_count, plan->pricing };
	for (size_t i = 0; i < plan->ndedicated; i++)
		d[nd++] = (struct recommend_quota_deploy){ plan->dedicated[i].sku,
							   plan->dedicated[i].region, 1,
							   plan->pricing };
	for (size_t i = 0; i < plan->nvms; i++)
		d[nd++] = (struct recommend_quota_deploy){ plan->vms[i].sku, plan->vms[i].region,
							   plan->vms[i].vm_count,
							   plan->vms[i].pricing };
	n = recommend_quota_shortfalls(snap, o, d, nd, out, NULL, NULL);
	free(d);
	for (size_t i = 0; i < n; i++) {
		const struct recommend_quota_numbers *q = &(*out)[i];

		diag_warning("quota-short: quota %s in %s: the plan needs %lld vCPUs, %lld are "
			     "free (limit %lld), %lld missing; ask for a limit of %lld (az quota "
			     "update or the portal's Quotas page, docs/quota.md)", q->family,
			     q->region, q->needed_vcpus, q->available_vcpus, q->limit,
			     q->missing_vcpus, q->limit + q->missing_vcpus);
	}
	return n;
}

/* ---- the command -------------------------------------------------------- */

int cmd_pack(struct cli_ctx *ctx, int argc, char **argv)
{
	struct recommend_options o;
	struct pack_plan plan;
	struct cmd_setup s;
	struct cli_iter it;
	const char *val, *path = NULL;
	char today[16], currency[4];
	double d;
	int opt, rc = EXIT_OK;
	const char *skus_path = NULL;
	const char *usage_specs[PROFILE_MAX_REGIONS];
	const char *regions[PROFILE_MAX_REGIONS] = { 0 };
	size_t nusage_specs = 0;
	struct recommend_quota_numbers *shorts = NULL;
	size_t nshorts = 0;

	recommend_options_init(&o);
	util_today(today, sizeof(today));
	o.today = today;
	cli_iter_init(&it, "pack", cmd_pack_opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		switch (opt) {
		case CLI_HELP:
			for (const struct command *c = gpufit_commands; c->name; c++)
				if (strcmp(c->name, "pack") == 0)
					cli_print_command_help(c, ctx->out);
			return EXIT_OK;
		case CLI_POSITIONAL:
			if (path)
				return cli_usage_error("pack", "unexpected argument '%s'", val);
			path = val;
			break;
		case OPT_STRATEGY:
			if (cmd_opt_strategy("pack", val, &o) != 0)
				return EXIT_USAGE;
			break;
		case OPT_HEADROOM:
			if (cli_percent("pack", "headroom", val, &d) != 0)
				return EXIT_USAGE;
			if (d < 0 || d > 400)
				return cli_usage_error("pack", "--headroom takes a percentage from 0 to 400");
			o.headroom_pct = d;
			break;
		case OPT_REGION:
			if (o.nregions == PROFILE_MAX_REGIONS)
				return cli_usage_error("pack", "at most %d --region", PROFILE_MAX_REGIONS);
			regions[o.nregions++] = val;
			break;
		case OPT_PRICING:
			if (cmd_opt_pricing("pack", val, &o) != 0)
				return EXIT_USAGE;
			break;
		case OPT_HOURS:
			if (cmd_opt_hours("pack", val, &o) != 0)
				return EXIT_USAGE;
			break;
		case OPT_CURRENCY:
			if (cli_currency("pack", val, currency) != 0)
				return EXIT_USAGE;
			o.currency = currency;
			break;
		case OPT_SKUS:
			skus_path = val;
			break;
		case OPT_USAGE:
			if (nusage_specs == PROFILE_MAX_REGIONS)
				return cli_usage_error("pack", "at most %d --usage files",
						       PROFILE_MAX_REGIONS);
			usage_specs[nusage_specs++] = val;
			break;
		default:
			return EXIT_USAGE;
		}
	}
	if (!path)
		return cli_usage_error("pack", "missing PROFILE");

	cmd_setup_init(&s, "pack", ctx->catalog_path);
	cmd_setup_build_inputs(&s, path, regions, skus_path, usage_specs, nusage_specs, &o);
	rc = cmd_setup(&s, CMD_SETUP_ALL | CMD_SETUP_FIRST_REGION);
	if (rc != EXIT_OK)
		goto out;
	/* the fleet is recommend's, with the same options: pack only renders it */
	pack_plan_from_recommend(&s.res, &plan);
	nshorts = pack_quota(&s.snap, &o, &plan, &shorts);
	for (size_t i = 0; i < s.res.nwarnings; i++)
		diag_warning("%s", s.res.warnings[i]);
	switch (ctx->format) {
	case FMT_JSON: {
		cJSON *doc = pack_to_json(&plan, s.usage.n != 0, shorts, nshorts);
		if (!doc || json_print(ctx->out, doc) != 0) {
			diag_error("out of memory while printing JSON");
			rc = EXIT_INPUT;
		}
		cJSON_Delete(doc);
		break;
	}
	case FMT_HTML:
		pack_html_print(ctx->out, &plan, GPUFIT_VERSION);
		break;
	default:
		pack_text_print(ctx->out, ctx->format, ctx->color, &plan);
		break;
	}
	if (rc == EXIT_OK && plan.nunplaced) {
		if (ctx->format != FMT_TABLE)
			diag_warning("%zu replica%s could not be placed", plan.nunplaced,
				     plan.nunplaced == 1 ? "" : "s");
		rc = EXIT_INFEASIBLE;
	}
	pack_plan_release(&plan);
out:
	free(shorts);
	cmd_setup_release(&s);
	return rc;
}
