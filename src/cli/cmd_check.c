/*
 * cmd_check.c - `gpufit check PROFILE`: the CI cost gate.
 *
 * Runs the recommendation for the profile (recommend.c, the same numbers as
 * `gpufit recommend`), compares it with a baseline (a previous
 * `recommend -f json`, usually from the base branch) and applies the gates of
 * the options and the profile's budget: section (check_judge() of
 * check_gates.h, over costdiff_gates()).  This file parses the options, reads
 * the baseline and runs the recommendation; the writers are check_text.c,
 * check_json.c and check_html.c.
 *
 * Exit codes: 0 every gate passed, 1 a gate failed, 2 usage, 3 a bad profile
 * or baseline, 4 catalog, 5 a workload has no feasible option (its cost is
 * unknown, so no budget verdict can be trusted; the report is still
 * printed).  A catalog older than CHECK_STALE_DAYS (check_gates.h) is a
 * warning, unless --max-catalog-age-days makes its age a gate.
 */
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "check_gates.h"
#include "check_html.h"
#include "check_json.h"
#include "check_text.h"
#include "cli.h"
#include "cmd_util.h"
#include "commands.h"
#include "costdiff.h"
#include "diag.h"
#include "gpufit.h"
#include "json_out.h"
#include "profile.h"
#include "recommend.h"
#include "recommend_json.h"
#include "util.h"

enum { O_BASELINE = 1, O_MAX_MONTHLY, O_MAX_INCREASE, O_MAX_INCREASE_PCT, O_MAX_AGE, O_FAIL_ON,
       O_PRICING, O_SKUS, O_USAGE,
       O_WITHIN_QUOTA };

const struct cli_opt cmd_check_opts[] = {
	{ "baseline", 'b', CLI_ARG_REQUIRED, O_BASELINE, "FILE", CLI_JSON,
	  "a previous 'recommend -f json' (the base branch's)" },
	{ "max-monthly", 0, CLI_ARG_REQUIRED, O_MAX_MONTHLY, "N", NULL,
	  "fail when the monthly cost exceeds N" },
	{ "max-increase", 0, CLI_ARG_REQUIRED, O_MAX_INCREASE, "N", NULL,
	  "fail when it rises more than N over the baseline" },
	{ "max-increase-pct", 0, CLI_ARG_REQUIRED, O_MAX_INCREASE_PCT, "P", NULL,
	  "fail when it rises more than P percent (10 or 10%)" },
	{ "max-catalog-age-days", 0, CLI_ARG_REQUIRED, O_MAX_AGE, "D", NULL,
	  "fail when the oldest price used (by region and kind) is older than D days (without "
	  "it, an old catalog is only a warning)" },
	{ "fail-on", 0, CLI_ARG_REQUIRED, O_FAIL_ON, "KINDS",
	  "data-gravity|data-starved|data-placement|cold-start|current-shortfall|latency-slo|"
	  "spot-training|spot-serving|retired|current-retired|current-retiring|retiring|"
	  "quota-short|load-capped",
	  "fail on findings of these kinds (a comma list: data-starved, data-gravity, "
	  "data-placement, cold-start, quota-short, ...)" },
	CMD_OPT_PRICING(O_PRICING),
	{ "skus", 0, CLI_ARG_REQUIRED, O_SKUS, "FILE", CLI_JSON,
	  "'az vm list-skus -o json': only sizes the subscription can launch (docs/quota.md)" },
	{ "usage", 0, CLI_ARG_REQUIRED, O_USAGE, "REGION=FILE", NULL,
	  "'az vm list-usage -o json' of REGION: quota-short findings (repeatable)" },
	CMD_OPT_WITHIN_QUOTA(O_WITHIN_QUOTA),
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

/* The options that choose how the recommendation is run. */
struct check_args {
	int has_pricing;               /* --pricing given: over the profile's */
	int pricing_auto;              /* --pricing auto */
	enum pricing_kind pricing;     /* --pricing KIND (not auto) */
	const char *skus;              /* --skus FILE, NULL: the profile's azure.skus */
	size_t nusage;                 /* --usage REGION=FILE, repeatable */
	int within_quota;              /* --within-quota */
	const char *usage[PROFILE_MAX_REGIONS];
};

/* The bounds of an option's limit: those of the profile's budget: key for
 * the same gate (docs/profile.md), so a limit the profile refuses is refused
 * here too; the catalog age (no budget key) up to a century of days. */
struct limit_bound {
	double max;
	const char *max_text;          /* as the message spells it */
	int pct;                       /* "10" or "10%" */
};
static const struct limit_bound B_MONEY = { 1e9, "1e9", 0 }, B_PCT = { 1000, "1000", 1 },
				B_DAYS = { 36500, "36500", 0 };

static int set_limit(struct costdiff_limit *l, const char *opt, const char *val,
		     const struct limit_bound *bound)
{
	double v;
	char num[64];
	size_t n = strlen(val);

	if (bound->pct && n > 1 && n < sizeof num && val[n - 1] == '%') {
		memcpy(num, val, n - 1);
		num[n - 1] = '\0';
	} else {
		snprintf(num, sizeof num, "%s", n < sizeof num ? val : "");
	}
	if (util_parse_double(num, &v) != 0)
		return cli_usage_error("check", "'%s' for '--%s' is not a number", val, opt);
	if (v < 0)
		return cli_usage_error("check", "'--%s' must not be negative, got '%s'", opt, val);
	if (v > bound->max)
		return cli_usage_error("check", "'--%s' must be at most %s, got '%s'", opt,
				       bound->max_text, val);
	l->given = 1;
	l->value = v;
	l->source = "option";
	return 0;
}

/* The gate result first, then the recommend report of the same run. */
static int print_html(FILE *out, const struct check_report *r)
{
	cJSON *doc = check_json_doc(r);
	int rc = doc && r->rec_doc ? check_html_print(out, doc, r->rec_doc) : -1;
	cJSON_Delete(doc);
	return rc;
}

/* Reads the baseline into r->base; prints and returns -1 on failure. */
static int load_baseline(struct check_report *r)
{
	char err[COSTDIFF_ERRLEN];
	cJSON *doc = json_read_file(r->baseline_file, err, sizeof err);
	if (!doc) {
		diag_error("%s", err);
		return -1;
	}
	int rc = cost_plan_from_json(doc, r->baseline_file, &r->base, err, sizeof err);
	cJSON_Delete(doc);
	if (rc != 0)
		diag_error("%s", err);
	return rc;
}

/* Catalog source and age, as `catalog status` shows them. */
static void catalog_age(catalog *cat, struct check_report *r)
{
	snprintf(r->source, sizeof r->source, "bundled");
	catalog_meta(cat, "source", r->source, sizeof r->source);
	r->age_days = catalog_fetched(cat, r->fetched_at, sizeof r->fetched_at);
}

/* --fail-on KIND[,KIND...] into r->fail_on; 0, or a usage error. */
static int set_fail_on(struct check_report *r, const char *val)
{
	const char *p = val;
	while (*p) {
		const char *e = strchr(p, ',');
		size_t n = e ? (size_t)(e - p) : strlen(p), k;
		for (k = 0; k < CHECK_NFAIL_KINDS; k++)
			if (strlen(check_fail_kinds[k]) == n && strncmp(check_fail_kinds[k], p, n) == 0)
				break;
		if (k == CHECK_NFAIL_KINDS) {
			struct strbuf kinds = STRBUF_INIT;
			int rc;

			for (size_t i = 0; i < CHECK_NFAIL_KINDS; i++)
				strbuf_addf(&kinds, "%s%s", i ? ", " : "", check_fail_kinds[i]);
			rc = cli_usage_error("check", "unknown finding kind '%.*s' for '--fail-on' (%s)",
					     (int)n, p, strbuf_str(&kinds));
			strbuf_release(&kinds);
			return rc;
		}
		r->fail_on |= 1u << k;
		p += n;
		if (*p == ',')
			p++;
	}
	if (!r->fail_on)
		return cli_usage_error("check", "'--fail-on' needs a finding kind");
	return 0;
}

/* One workload object of the recommend document: its cost item, its
 * --fail-on findings. */
static int take_workload(struct check_report *r, const cJSON *w, char *err, size_t errlen)
{
	if (r->fail_on)
		check_count_findings(r, w);
	return cost_plan_add_json(&r->head, w, "recommendation", err, errlen);
}

static struct recommend_price_age *dup_ages(const struct recommend_price_age *a, size_t n)
{
	struct recommend_price_age *p = xmalloc((n + 1) * sizeof(*p));
	if (n)
		memcpy(p, a, n * sizeof(*p));
	return p;
}

/* A price without an observed date was seen when its region was last
 * fetched: the fetched_at.REGION meta stands in for it, as in `catalog
 * status` (catalog/schema.sql).  Without that meta its age stays unknown. */
static void undated_stand_in(catalog *cat, struct check_report *r)
{
	for (size_t i = 0; i < r->nages; i++) {
		struct recommend_price_age *a = &r->ages[i];
		char key[64], day[64];

		snprintf(key, sizeof key, "fetched_at.%s", a->region);
		if (!a->nundated || catalog_meta(cat, key, day, sizeof day) != 0 || strlen(day) < 10)
			continue;
		day[10] = '\0';
		if (!a->oldest[0] || strcmp(day, a->oldest) < 0) {
			snprintf(a->oldest, sizeof a->oldest, "%s", day);
			snprintf(a->oldest_sku, sizeof a->oldest_sku, "%s", a->undated_sku);
		}
		a->nundated = 0;
		a->undated_sku[0] = '\0';
	}
	check_price_age(r);
}

/* Runs recommend on the profile of s (set up up to its --usage files) and
 * reads its JSON back as r->head. */
static int run_recommend(struct cmd_setup *s, const struct check_args *a,
			 struct check_report *r, int keep_doc)
{
	struct recommend_options o;
	const struct recommend_result *res = &s->res;
	char today[16];
	recommend_options_init(&o);
	o.has_pricing = a->has_pricing;   /* --pricing: over the profile's */
	o.pricing = a->pricing;
	o.pricing_auto = a->pricing_auto;
	util_today(today, sizeof today);
	o.today = today;   /* the stale-price warning, as recommend prints it */
	o.within_quota = a->within_quota;
	s->o = &o;
	int built = cmd_setup(s, CMD_SETUP_SKUS | CMD_SETUP_SNAPSHOT | CMD_SETUP_BUILD);
	s->o = NULL;   /* o ends here; what the build set in it is not read again */
	if (built != EXIT_OK)
		return built;
	for (size_t i = 0; i < res->nwarnings; i++)
		check_warn(r, "%s", res->warnings[i]);
	r->nages = res->nprice_ages;
	r->ages = dup_ages(res->price_ages, res->nprice_ages);
	struct recommend_meta meta = { GPUFIT_VERSION, r->source, r->fetched_at, r->age_days };
	char err[COSTDIFF_ERRLEN];
	int rc = 0;
	/* the gates read the recommend -f json document one workload at a time
	 * (a fleet's whole tree is several times its text); the HTML report
	 * draws the whole document, so it keeps it */
	cJSON *doc = keep_doc ? recommend_to_json(res, &meta) : recommend_header_to_json(res, &meta);
	if (doc)
		rc = cost_plan_head_from_json(doc, "recommendation", &r->head, err, sizeof err);
	if (doc && rc == 0 && keep_doc) {
		const cJSON *w;
		for (w = cJSON_GetObjectItemCaseSensitive(doc, "workloads")->child; w && rc == 0;
		     w = w->next)
			rc = take_workload(r, w, err, sizeof err);
	} else if (doc && rc == 0) {
		json_arena_begin();
		for (size_t i = 0; i < res->nworkloads && rc == 0; i++) {
			cJSON *w = recommend_workload_to_json(res, i);
			if (!w) {
				rc = -1;
				snprintf(err, sizeof err, "out of memory");
				break;
			}
			rc = take_workload(r, w, err, sizeof err);
			cJSON_Delete(w);
			json_arena_reset();
		}
		json_arena_end();
	}
	cost_plan_finish(&r->head);
	r->rec_doc = keep_doc ? doc : NULL;
	if (!keep_doc)
		cJSON_Delete(doc);
	if (!doc || rc != 0) {
		diag_error("%s", doc ? err : "out of memory");
		return EXIT_CATALOG;
	}
	return EXIT_OK;
}

int cmd_check(struct cli_ctx *ctx, int argc, char **argv)
{
	struct check_report r;
	struct check_args a;
	struct costdiff_limits lim;
	memset(&r, 0, sizeof r);
	memset(&a, 0, sizeof a);
	memset(&lim, 0, sizeof lim);
	struct cli_iter it;
	const char *val;
	int opt;
	cli_iter_init(&it, "check", cmd_check_opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		switch (opt) {
		case O_BASELINE:
			r.baseline_file = val;
			break;
		case O_MAX_MONTHLY:
			if (set_limit(&lim.max_monthly, "max-monthly", val, &B_MONEY))
				return EXIT_USAGE;
			break;
		case O_MAX_INCREASE:
			if (set_limit(&lim.max_increase, "max-increase", val, &B_MONEY))
				return EXIT_USAGE;
			break;
		case O_MAX_INCREASE_PCT:
			if (set_limit(&lim.max_increase_pct, "max-increase-pct", val, &B_PCT))
				return EXIT_USAGE;
			break;
		case O_MAX_AGE:
			if (set_limit(&lim.max_catalog_age, "max-catalog-age-days", val, &B_DAYS))
				return EXIT_USAGE;
			break;
		case O_FAIL_ON:
			if (set_fail_on(&r, val))
				return EXIT_USAGE;
			break;
		case O_PRICING:
			a.pricing_auto = strcmp(val, "auto") == 0;
			if (!a.pricing_auto && pricing_parse(val, &a.pricing) != 0)
				return cli_usage_error("check",
						       "unknown pricing '%s' (payg, spot, reserved-1y, "
						       "reserved-3y, savings-1y, savings-3y, auto)", val);
			a.has_pricing = 1;
			break;
		case O_SKUS:
			a.skus = val;
			break;
		case O_USAGE:
			if (a.nusage == PROFILE_MAX_REGIONS)
				return cli_usage_error("check", "at most %d --usage files",
						       PROFILE_MAX_REGIONS);
			a.usage[a.nusage++] = val;
			break;
		case O_WITHIN_QUOTA:
			a.within_quota = 1;
			break;
		case CLI_POSITIONAL:
			if (r.profile)
				return cli_usage_error("check", "unexpected argument '%s'", val);
			r.profile = val;
			break;
		default:
			return EXIT_USAGE;
		}
	}
	if (!r.profile)
		return cli_usage_error("check", "missing PROFILE");
	if ((lim.max_increase.given || lim.max_increase_pct.given) && !r.baseline_file)
		return cli_usage_error("check", "'--%s' needs '--baseline BASE.json'",
				       lim.max_increase.given ? "max-increase" : "max-increase-pct");
	if (ctx->format == FMT_YAML)
		return cli_usage_error("check", "format 'yaml' is not supported (table, json, "
						"markdown, csv)");

	/* the SKU file is read after the baseline, and the baseline is read
	 * (its errors reported) even when the profile is invalid */
	struct cmd_setup s;
	cmd_setup_init(&s, "check", ctx->catalog_path);
	s.profile_path = r.profile;
	s.skus_path = a.skus;
	s.usage_specs = a.usage;
	s.nusage_specs = a.nusage;
	int rc = cmd_setup(&s, CMD_SETUP_CATALOG | CMD_SETUP_PROFILE | CMD_SETUP_USAGE);
	if (rc != EXIT_OK && s.failed != CMD_SETUP_PROFILE)
		goto out;
	int bad = rc != EXIT_OK;
	if (r.baseline_file && load_baseline(&r) != 0)
		bad = 1;
	if (bad) {
		rc = EXIT_INPUT;
		goto out;
	}
	catalog_age(s.cat, &r);
	rc = run_recommend(&s, &a, &r, ctx->format == FMT_HTML);
	if (rc != EXIT_OK)
		goto out;
	undated_stand_in(s.cat, &r);
	if (r.baseline_file && strcmp(r.base.currency, r.head.currency) != 0) {
		diag_error("currency mismatch: '%s' is in %s, the profile in %s", r.baseline_file,
			   r.base.currency, r.head.currency);
		rc = EXIT_INPUT;
		goto out;
	}
	check_judge(&r, &lim, &s.p.budget);

	for (size_t i = 0; i < r.nwarnings; i++)
		diag_warning("%s", r.warnings[i]);
	switch (ctx->format) {
	case FMT_JSON:
		if (check_json_print(ctx->out, &r) != 0)
			rc = EXIT_INPUT;
		break;
	case FMT_HTML:
		if (print_html(ctx->out, &r) != 0) {
			diag_error("out of memory while printing HTML");
			rc = EXIT_INPUT;
		}
		break;
	default:
		check_text_print(ctx->out, ctx->format, ctx->color, &r);
		break;
	}
	if (rc == EXIT_OK && !r.passed) {
		/* 1 only for a verdict: a gate that failed on a known value; a
		 * workload without a feasible option, or gates that failed only
		 * because a value is unknown, could not be judged (5) */
		rc = check_verdict(&r) ? EXIT_GATE : EXIT_INFEASIBLE;
	}
out:
	check_report_release(&r);
	cmd_setup_release(&s);
	return rc;
}
