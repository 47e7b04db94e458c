/*
 * cmd_recommend.c - `gpufit recommend PROFILE`: ranked Azure GPU options for
 * every workload of a profile, in table, json, markdown or csv.
 *
 * The work is done by recommend_build() (recommend.c); this file parses the
 * options, has cmd_setup() open the catalog, read the profile and build the
 * result, calls its writer (recommend_table.c, recommend_json.c,
 * recommend_html.c, recommend_explain.c) and picks the exit code: 3 for a
 * bad profile or name, 4 for a catalog error, 5 when some workload has no
 * feasible option (everything is still printed).  JSON is printed one
 * workload at a time, so a fleet of 10,000 workloads never holds the whole
 * document in memory.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bill.h"
#include "catalog.h"
#include "catalog_snapshot.h"
#include "catalog_names.h"
#include "cli.h"
#include "cmd_util.h"
#include "commands.h"
#include "diag.h"
#include "gpufit.h"
#include "load_plan.h"
#include "output.h"
#include "profile.h"
#include "profile_fit.h"
#include "recommend.h"
#include "recommend_explain.h"
#include "recommend_html.h"
#include "recommend_json.h"
#include "recommend_table.h"
#include "util.h"

enum { OPT_HEADROOM = 1, OPT_TOP, OPT_PRICING, OPT_REGION, OPT_HOURS, OPT_CURRENCY,
       OPT_ALL_REJECTED, OPT_EXPLAIN, OPT_DETAILS, OPT_SKUS, OPT_USAGE,
       OPT_WITHIN_QUOTA, OPT_STRATEGY };

const struct cli_opt cmd_recommend_opts[] = {
	CMD_OPT_HEADROOM(OPT_HEADROOM),
	{ "top", 0, CLI_ARG_REQUIRED, OPT_TOP, "N", NULL,
	  "alternatives shown per workload (default 3)" },
	CMD_OPT_PRICING(OPT_PRICING),
	CMD_OPT_REGION(OPT_REGION),
	CMD_OPT_HOURS(OPT_HOURS),
	CMD_OPT_CURRENCY(OPT_CURRENCY),
	{ "details", 'v', CLI_ARG_NONE, OPT_DETAILS, NULL, NULL,
	  "the table in full: every rejected option, the MIG packing, the assumptions, every "
	  "unpriced size" },
	{ "all-rejected", 0, CLI_ARG_NONE, OPT_ALL_REJECTED, NULL, NULL,
	  "list every rejected option (no caps, no summary lines; implies --details)" },
	{ "explain", 0, CLI_ARG_REQUIRED, OPT_EXPLAIN, "SKU", NULL,
	  "one size's whole sizing for each workload (memory, split, bound, throughput, "
	  "latency, price)" },
	{ "skus", 0, CLI_ARG_REQUIRED, OPT_SKUS, "FILE", CLI_JSON,
	  "'az vm list-skus -o json': only sizes the subscription can launch (docs/quota.md)" },
	{ "usage", 0, CLI_ARG_REQUIRED, OPT_USAGE, "REGION=FILE", NULL,
	  "'az vm list-usage -o json' of REGION: quota-short findings (repeatable)" },
	CMD_OPT_WITHIN_QUOTA(OPT_WITHIN_QUOTA),
	CMD_OPT_STRATEGY(OPT_STRATEGY),
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

/*
 * --explain SKU: one size's whole sizing for each workload of the profile:
 * the workload's needs as recommend gives them (it runs the recommendation
 * for them: the memory need is the recommendation's), the verdict (or the
 * rejection, in recommend's words), the memory breakdown of one instance,
 * the split, the bound, throughput and latency, and the price in the
 * profile's first region.  Text only.
 */
/*
 * --explain of a traffic-described workload: its load plan on the size,
 * planned and billed as the ranking plans each candidate
 * (recommend_load_plan_size): under a fixed term every level on it; under
 * pricing auto each commitment the catalog prices here with its levels on
 * the cheaper of it and payg, and the least of those bills and payg's (as
 * recommend_build_auto takes a workload's least) into *out, *priced 1 when
 * some term has a price here.  *w is given the peak's replicas and
 * sequences per replica for the verdict, memory and speed lines.  Returns
 * 0, or -1 when the size cannot plan the rate (said why on f).
 */
static int explain_load(FILE *f, catalog *cat, const struct profile_workload *pw,
			struct fit_workload *w, const struct sizing_capacity *cap,
			const struct sizing_factors *fac, const struct fit_result *r,
			const char *sku, const char *region, const char *currency, double hours,
			int auto_terms, enum pricing_kind kind, struct recommend_load_plan *out,
			int *priced_out)
{
	static const enum pricing_kind terms[] = { PRICING_PAYG, PRICING_RESERVED_1Y,
						   PRICING_RESERVED_3Y, PRICING_SAVINGS_1Y,
						   PRICING_SAVINGS_3Y };
	struct recommend_load_plan lp, best;
	char err[CATALOG_ERRLEN];
	double payg = 0, hourly = 0;
	int priced = 0;

	if (recommend_load_plan_size(pw, w, cap, fac, r, hours, PRICING_PAYG, 0, 0, &best) != 0) {
		fprintf(f, "load plan: none: no number of replicas up to %d serves %.10g requests/s "
			   "within its SLOs at percentile %g on this size\n",
			LOAD_MAX_REPLICAS, pw->serving.requests_per_s, pw->serving.percentile);
		return -1;
	}
	if (catalog_price_find(cat, sku, region, PRICING_PAYG, currency, &payg, err) != 1)
		payg = 0;
	for (size_t t = 0; t < sizeof terms / sizeof terms[0]; t++) {
		if (auto_terms ? 0 : terms[t] != kind)
			continue;
		if (terms[t] == PRICING_PAYG)
			hourly = payg;
		else if (catalog_price_find(cat, sku, region, terms[t], currency, &hourly, err) != 1)
			hourly = 0;
		if (!(hourly > 0) ||
		    recommend_load_plan_size(pw, w, cap, fac, r, hours, terms[t], hourly,
					     auto_terms ? payg : 0, &lp) != 0)
			continue;
		if (!priced || bill_to_cents(lp.monthly_cost) < bill_to_cents(best.monthly_cost))
			best = lp;
		priced = 1;
	}
	if (kind == PRICING_SPOT && !auto_terms &&
	    catalog_price_find(cat, sku, region, PRICING_SPOT, currency, &hourly, err) == 1 &&
	    recommend_load_plan_size(pw, w, cap, fac, r, hours, PRICING_SPOT, hourly, 0, &lp) == 0) {
		best = lp;
		priced = 1;
	}
	if (best.in_flight_per_replica_at_peak > 1) {
		long c = (long)ceil(best.in_flight_per_replica_at_peak);

		w->concurrency = r->seq_capacity > 0 && c > r->seq_capacity ? r->seq_capacity : c;
	}
	w->replicas = best.peak_replicas;
	*out = best;
	*priced_out = priced;
	return 0;
}

static int explain_size(struct cli_ctx *ctx, catalog *cat, const struct profile *p,
			const struct catalog_names *names, const struct recommend_options *o,
			const char *sku)
{
	struct strmap notes = STRMAP_INIT;  /* the fits' precision notes */
	FILE *f = ctx->out;
	char err[CATALOG_ERRLEN];
	struct vm_size vm;
	struct gpu_spec gpu;
	struct efficiency *eff = NULL;
	struct sizing_factors fac;
	struct sizing_capacity cap;
	struct catalog_snapshot snap;
	struct recommend_result res;
	struct diag_list errs = DIAG_LIST_INIT;
	size_t neff = 0;
	enum pricing_kind kind = o->has_pricing ? o->pricing : p->pricing;
	const char *region = o->nregions ? o->regions[0] : p->regions[0];
	const char *currency = o->currency && *o->currency ? o->currency
			       : p->currency[0] ? p->currency : "USD";
	double hours = o->has_hours ? o->hours_per_month
				    : p->hours_per_month > 0 ? p->hours_per_month : 730.0;
	double hourly = 0;
	int found, auto_terms = o->has_pricing ? o->pricing_auto : p->pricing_auto;

	if (ctx->format != FMT_TABLE)
		return cli_usage_error("recommend", "--explain prints text only (no -f %s)",
				       out_format_name(ctx->format));
	found = catalog_vm_find(cat, sku, &vm, err);
	if (found < 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	if (found == 0) {
		cmd_unknown_name(cat, "vm_sizes", "size", sku, 3, NULL);
		return EXIT_INPUT;
	}
	if (fit_vm_check(&vm) == FIT_REJ_SPEC_UNKNOWN ||
	    catalog_gpu_find(cat, vm.gpu_model, &gpu, err) != 1) {
		fprintf(f, "%s: spec unknown: its GPUs and memory are not in gpufit's spec tables, "
			   "so it is not sized\n", vm.sku);
		return EXIT_OK;
	}
	if (catalog_efficiency_list(cat, &eff, &neff, err) != 0 ||
	    sizing_factors_resolve(eff, neff, &gpu, &fac, err) != 0 ||
	    sizing_capacity_from_vm(&vm, &gpu, 1, &cap) != 0) {
		diag_error("%s", err[0] ? err : "cannot size this VM");
		free(eff);
		return EXIT_CATALOG;
	}
	free(eff);
	if (catalog_snapshot_load(cat, &snap, err) != 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	found = recommend_build(&snap, p, o, &res, &errs);
	if (found != 0) {
		catalog_snapshot_release(&snap);
		diag_list_print(&errs, stderr);
		diag_list_release(&errs);
		return EXIT_CATALOG;
	}
	diag_list_release(&errs);
	found = catalog_price_find(cat, vm.sku, region, kind, currency, &hourly, err);
	fprintf(f, "%s: %g x %s (%s), %.1f GiB per GPU%s; %s %s price in %s: ", vm.sku,
		vm.gpu_count, gpu.name, gpu.architecture, vm.gpu_memory_gib,
		vm.retired ? ", retired" : "", pricing_name(kind), currency, region);
	if (found == 1)
		fprintf(f, "%.4f/hour\n", hourly);
	else
		fprintf(f, "none\n");
	for (size_t i = 0; i < p->nworkloads; i++) {
		const struct profile_workload *pw = &p->workloads[i];
		const struct recommend_workload *rw = &res.workloads[i];
		struct fit_workload w;
		struct fit_result r;
		const char *why = NULL;

		fprintf(f, "\n== %s (%s) ==\n", pw->name,
			pw->type == PROFILE_TRAINING ? "training" : "inference");
		recommend_needs_print(f, &res, rw);
		if (fit_workload_from_profile(pw, names->presets, names->npresets,
					      o->headroom_pct / 100.0, &w, &why) != 0) {
			fprintf(f, "cannot be sized: %s\n", why);
			continue;
		}
		w.notes = &notes;
		if (!recommend_deploy_reject(snap.engines, snap.nengines, &w, &vm, &gpu, &r))
			fit_evaluate(&w, &cap, vm.infiniband_gbps > 0, &fac, &r);
		if (vm.retired && r.reject == FIT_OK)
			r.reject = FIT_REJ_RETIRED;
		if (recommend_is_traffic(pw) && r.reject == FIT_OK) {
			/* sized at the peak of its load plan, billed by it */
			struct fit_workload peak = w;
			struct recommend_load_plan lp;
			int priced = 0;

			if (explain_load(f, cat, pw, &peak, &cap, &fac, &r, vm.sku, region,
					 currency, hours, auto_terms, kind, &lp, &priced) != 0)
				continue;
			recommend_explain_print(f, rw, &peak, &cap, &fac, &r, pricing_name(kind),
						region, o->headroom_pct);
			recommend_explain_load_print(f, &lp, priced, currency);
			if (priced)
				fprintf(f, "price: %.2f %s/month (the load plan's bill)\n",
					lp.monthly_cost, currency);
			continue;
		}
		recommend_explain_print(f, rw, &w, &cap, &fac, &r, pricing_name(kind), region,
					o->headroom_pct);
		if (r.reject == FIT_OK && found == 1) {
			struct fit_cost cost;

			fit_price(&w, &r, kind, hourly, hours, &cost);
			fprintf(f, "price: %.2f %s/month", cost.monthly, currency);
			if (w.kind == FIT_TRAINING)
				fprintf(f, " (%.2f per run)", cost.job_cost);
			fputc('\n', f);
		}
	}
	recommend_result_release(&res);
	catalog_snapshot_release(&snap);
	strmap_release(&notes);
	return EXIT_OK;
}

/* ---- the command -------------------------------------------------------- */

int cmd_recommend(struct cli_ctx *ctx, int argc, char **argv)
{
	struct recommend_options o;
	const struct recommend_result *res;
	struct recommend_meta meta;
	struct cmd_setup s;
	const char *explain = NULL, *skus_path = NULL;
	const char **usage_specs;
	size_t nusage_specs = 0;
	int details = 0;
	struct cli_iter it;
	catalog *cat;
	const char *val, *path = NULL;
	const char **regions;
	char source[128] = "bundled", fetched[64] = "";
	char today[16], currency[4];
	double d;
	int opt, rc = EXIT_OK;

	recommend_options_init(&o);
	util_today(today, sizeof(today));
	o.today = today;
	regions = xcalloc((size_t)argc + 1, sizeof(*regions));
	usage_specs = xcalloc((size_t)argc + 1, sizeof(*usage_specs));
	cli_iter_init(&it, "recommend", cmd_recommend_opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		switch (opt) {
		case CLI_HELP:
			free(regions);
			free(usage_specs);
			for (const struct command *c = gpufit_commands; c->name; c++)
				if (strcmp(c->name, "recommend") == 0)
					cli_print_command_help(c, ctx->out);
			return EXIT_OK;
		case CLI_POSITIONAL:
			if (path) {
				free(regions);
				free(usage_specs);
				return cli_usage_error("recommend", "unexpected argument '%s'", val);
			}
			path = val;
			break;
		case OPT_HEADROOM:
			if (cli_percent("recommend", "headroom", val, &d) != 0) {
				free(regions);
				free(usage_specs);
				return EXIT_USAGE;
			}
			if (d < 0 || d > 400) {
				free(regions);
				free(usage_specs);
				return cli_usage_error("recommend",
						       "--headroom takes a percentage from 0 to 400");
			}
			o.headroom_pct = d;
			break;
		case OPT_TOP:
			if (cli_number("recommend", "top", val, &d) != 0) {
				free(regions);
				free(usage_specs);
				return EXIT_USAGE;
			}
			if (d < 0 || d > 100 || d != (int)d) {
				free(regions);
				free(usage_specs);
				return cli_usage_error("recommend", "--top takes a whole number from 0 to 100");
			}
			o.top = (int)d;
			break;
		case OPT_PRICING:
			if (cmd_opt_pricing("recommend", val, &o) != 0) {
				free(regions);
				free(usage_specs);
				return EXIT_USAGE;
			}
			break;
		case OPT_REGION:
			regions[o.nregions++] = val;
			break;
		case OPT_HOURS:
			if (cmd_opt_hours("recommend", val, &o) != 0) {
				free(regions);
				free(usage_specs);
				return EXIT_USAGE;
			}
			break;
		case OPT_CURRENCY:
			if (cli_currency("recommend", val, currency) != 0) {
				free(regions);
				free(usage_specs);
				return EXIT_USAGE;
			}
			o.currency = currency;
			break;
		case OPT_ALL_REJECTED:
			o.all_rejected = 1;
			break;
		case OPT_EXPLAIN:
			explain = val;
			break;
		case OPT_DETAILS:
			details = 1;
			break;
		case OPT_SKUS:
			skus_path = val;
			break;
		case OPT_USAGE:
			usage_specs[nusage_specs++] = val;
			break;
		case OPT_WITHIN_QUOTA:
			o.within_quota = 1;
			break;
		case OPT_STRATEGY:
			if (cmd_opt_strategy("recommend", val, &o) != 0) {
				free(regions);
				free(usage_specs);
				return EXIT_USAGE;
			}
			break;
		default:
			free(regions);
			free(usage_specs);
			return EXIT_USAGE;
		}
	}
	if (!path) {
		free(regions);
		free(usage_specs);
		return cli_usage_error("recommend", "missing PROFILE");
	}

	cmd_setup_init(&s, "recommend", ctx->catalog_path);
	cmd_setup_build_inputs(&s, path, regions, skus_path, usage_specs, nusage_specs, &o);
	rc = cmd_setup(&s, CMD_SETUP_CATALOG | CMD_SETUP_REGIONS | CMD_SETUP_PROFILE);
	if (rc == EXIT_OK && explain)
		rc = explain_size(ctx, s.cat, &s.p, &s.names, &o, explain);
	else if (rc == EXIT_OK)
		rc = cmd_setup(&s, CMD_SETUP_ALL);
	if (rc != EXIT_OK || explain)
		goto out;
	cat = s.cat;
	res = &s.res;

	catalog_meta(cat, "source", source, sizeof(source));
	meta.age_days = catalog_fetched(cat, fetched, sizeof(fetched));
	meta.gpufit_version = GPUFIT_VERSION;
	meta.catalog_source = source;
	meta.fetched_at = fetched;
	switch (ctx->format) {
	case FMT_JSON:
		if (recommend_json_print(ctx->out, res, &meta) != 0) {
			diag_error("out of memory while printing JSON");
			rc = EXIT_INPUT;
		}
		break;
	case FMT_HTML:
		if (recommend_html_result(ctx->out, res, &meta) != 0) {
			diag_error("out of memory while printing HTML");
			rc = EXIT_INPUT;
		}
		break;
	default:
		recommend_table_print(ctx->out, ctx->format, ctx->color && ctx->out == stdout,
				      details || o.all_rejected, res);
		break;
	}
	if (ctx->format != FMT_TABLE && ctx->format != FMT_MARKDOWN)
		for (size_t i = 0; i < res->nwarnings; i++)
			diag_warning("%s", res->warnings[i]);
	if (rc == EXIT_OK && res->infeasible)
		rc = EXIT_INFEASIBLE;
out:
	cmd_setup_release(&s);
	free(regions);
	free(usage_specs);
	return rc;
}
