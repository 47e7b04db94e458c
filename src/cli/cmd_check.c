/*
 * cmd_check.c - `gpufit check PROFILE`: the CI cost gate.
 *
 * Runs the recommendation for the profile (recommend.c, the same numbers as
 * `gpufit recommend`), compares it with a baseline (a previous
 * `recommend -f json`, usually from the base branch) and applies the gates of
 * the options and the profile's budget: section (costdiff_gates()).
 *
 * Exit codes: 0 every gate passed, 1 a gate failed, 2 usage, 3 a bad profile
 * or baseline, 4 catalog, 5 a workload has no feasible option (its cost is
 * unknown, so no budget verdict can be trusted; the report is still
 * printed).  A catalog older than CHECK_STALE_DAYS is a warning, unless
 * --max-catalog-age-days makes its age a gate.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "catalog_snapshot.h"
#include "catalog_names.h"
#include "check_html.h"
#include "cli.h"
#include "cmd_util.h"
#include "commands.h"
#include "costdiff.h"
#include "diag.h"
#include "escape.h"
#include "gpufit.h"
#include "json_out.h"
#include "profile.h"
#include "recommend.h"
#include "recommend_json.h"
#include "util.h"

#define CHECK_STALE_DAYS 30

enum { O_BASELINE = 1, O_MAX_MONTHLY, O_MAX_INCREASE, O_MAX_INCREASE_PCT, O_MAX_AGE, O_FAIL_ON,
       O_PRICING, O_SKUS, O_USAGE,
       O_WITHIN_QUOTA };

/* The finding kinds --fail-on accepts. */
static const char *const fail_kinds[] = { "data-gravity", "data-starved", "data-placement",
					  "cold-start", "current-shortfall", "latency-slo",
					  "spot-training", "spot-serving", "retired",
					  "current-retired", "current-retiring", "retiring",
					  "quota-short" };
#define NFAIL_KINDS (sizeof(fail_kinds) / sizeof(fail_kinds[0]))

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
	  "quota-short",
	  "fail on findings of these kinds (a comma list: data-starved, data-gravity, "
	  "data-placement, cold-start, quota-short, ...)" },
	{ "pricing", 0, CLI_ARG_REQUIRED, O_PRICING, "KIND", CLI_PRICING_AUTO,
	  "payg | spot | reserved-1y | reserved-3y | savings-1y | savings-3y | auto: per "
	  "workload the cheapest term for its hours, spot excluded (default: the profile's)" },
	{ "skus", 0, CLI_ARG_REQUIRED, O_SKUS, "FILE", CLI_JSON,
	  "'az vm list-skus -o json': only sizes the subscription can launch (docs/quota.md)" },
	{ "usage", 0, CLI_ARG_REQUIRED, O_USAGE, "REGION=FILE", NULL,
	  "'az vm list-usage -o json' of REGION: quota-short findings (repeatable)" },
	{ "within-quota", 0, CLI_ARG_NONE, O_WITHIN_QUOTA, NULL, NULL,
	  "plan within the --usage quotas: the cheapest ranked options that fit, with what "
	  "it costs and the quota that would unlock the cheaper plan (docs/quota.md)" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

/* Everything the renderers need. */
struct check_report {
	const char *profile;
	const char *baseline_file;     /* NULL without --baseline */
	int has_pricing;               /* --pricing given: over the profile's */
	int pricing_auto;              /* --pricing auto */
	enum pricing_kind pricing;     /* --pricing KIND (not auto) */
	const char *skus;              /* --skus FILE, NULL: the profile's azure.skus */
	size_t nusage;                 /* --usage REGION=FILE, repeatable */
	int within_quota;              /* --within-quota */
	const char *usage[PROFILE_MAX_REGIONS];
	struct cost_plan head, base;
	struct costdiff diff;          /* valid when baseline_file */
	size_t ngates;
	struct costdiff_gate gates[COSTDIFF_MAX_GATES];
	int passed;
	char source[64], fetched_at[40];
	long age_days;
	size_t nages;                  /* the prices the recommendation used, per region */
	struct recommend_price_age *ages;
	struct costdiff_price_age age; /* the oldest of them, as the age gate judges it */
	size_t nwarnings;
	char **warnings;
	unsigned fail_on;              /* bit i: fail on findings of fail_kinds[i] */
	size_t fail_count;             /* such findings in the recommendation */
	char fail_first[128];          /* "workload: kind" of the first one */
	cJSON *rec_doc;                /* the recommend -f json document of head */
};

__attribute__((format(printf, 2, 3))) static void warn(struct check_report *r, const char *fmt,
						       ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	s = util_vformat(fmt, ap);   /* whole: a list of sizes can be long */
	va_end(ap);
	r->warnings = xrealloc(r->warnings, (r->nwarnings + 1) * sizeof *r->warnings);
	r->warnings[r->nwarnings++] = s;
}

static void report_release(struct check_report *r)
{
	for (size_t i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	free(r->ages);
	costdiff_release(&r->diff);
	cJSON_Delete(r->rec_doc);
	cost_plan_release(&r->head);
	cost_plan_release(&r->base);
}

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

static void budget_limit(struct costdiff_limit *l, int has, double v)
{
	if (l->given || !has)
		return;
	l->given = 1;
	l->value = v;
	l->source = "profile budget";
}

static const struct cost_item *base_item(const struct check_report *r, const char *name)
{
	if (!r->baseline_file)
		return NULL;
	for (size_t i = 0; i < r->base.nitems; i++)
		if (strcmp(r->base.items[i].name, name) == 0)
			return &r->base.items[i];
	return NULL;
}

static void fmt_gate_value(char *buf, size_t len, const char *cur, const struct costdiff_gate *g,
			   int actual)
{
	double v = actual ? g->actual : g->limit;
	if (actual && !g->has_actual)
		snprintf(buf, len, "unknown");
	else if (strcmp(g->name, "max_increase_pct") == 0)
		snprintf(buf, len, actual ? "%+.2f%%" : "%.2f%%", v);
	else if (strcmp(g->name, "max_catalog_age_days") == 0)
		snprintf(buf, len, "%g days", v);
	else if (strcmp(g->name, "feasible") == 0)
		snprintf(buf, len, actual ? "%g infeasible" : "all feasible", v);
	else if (strcmp(g->name, "fail_on") == 0)
		snprintf(buf, len, actual ? "%g found" : "none", v);
	else
		costdiff_fmt_money(buf, len, cur, v, actual && strcmp(g->name, "max_increase") == 0);
}

/* "$16,081.72/month (+$673.15, +4.4% vs baseline)" */
static void fmt_headline(struct strbuf *sb, const struct check_report *r)
{
	char a[48], d[48];
	const char *cur = r->head.currency;
	if (!r->head.complete) {
		strbuf_addf(sb, "monthly cost unknown (%zu workload%s unpriced)", r->head.unpriced,
			    r->head.unpriced == 1 ? "" : "s");
		return;
	}
	strbuf_addf(sb, "%s/month", costdiff_fmt_money(a, sizeof a, cur, r->head.monthly_cost, 0));
	if (r->baseline_file && !r->base.complete) {
		strbuf_addstr(sb, " (baseline total unknown)");
	} else if (r->baseline_file) {
		strbuf_addf(sb, " (%s", costdiff_fmt_money(d, sizeof d, cur, r->diff.delta_monthly, 1));
		if (r->diff.has_delta_pct)
			strbuf_addf(sb, ", %+.1f%%", r->diff.delta_pct);
		strbuf_addstr(sb, " vs baseline)");
	}
}

static size_t failed_count(const struct check_report *r)
{
	size_t n = 0;
	for (size_t i = 0; i < r->ngates; i++)
		n += !r->gates[i].passed;
	return n;
}

static struct table *gates_table(const struct check_report *r, int markdown)
{
	static const char *const hdr[2][5] = {
		{ "RESULT", "GATE", "LIMIT", "ACTUAL", "WHY" },
		{ "Result", "Gate", "Limit", "Actual", "Why" },
	};
	struct table *t = table_new(5);
	for (size_t c = 0; c < 5; c++)
		table_header(t, c, hdr[markdown][c], c == 2 || c == 3 ? ALIGN_RIGHT : ALIGN_LEFT);
	for (size_t i = 0; i < r->ngates; i++) {
		const struct costdiff_gate *g = &r->gates[i];
		char lim[64], act[64], why[COSTDIFF_MSGLEN + 40];
		fmt_gate_value(lim, sizeof lim, r->head.currency, g, 0);
		fmt_gate_value(act, sizeof act, r->head.currency, g, 1);
		snprintf(why, sizeof why, "%s (%s)", g->message, g->source);
		table_add(t, markdown ? (g->passed ? "✅ pass" : "❌ fail") : (g->passed ? "PASS" : "FAIL"),
			  g->name, lim, act, why);
		table_row_style(t, g->passed ? OUT_GREEN : OUT_RED);
	}
	return t;
}

static void print_table(FILE *out, const struct check_report *r, int color)
{
	struct strbuf sb = STRBUF_INIT;
	if (r->ngates) {
		struct table *t = gates_table(r, 0);
		table_color(t, color);
		table_print(t, out, FMT_TABLE);
		table_free(t);
		fputc('\n', out);
	}
	fmt_headline(&sb, r);
	size_t failed = failed_count(r);
	enum out_style st = r->ngates && !r->passed ? OUT_RED : OUT_GREEN;
	fputs(out_sgr(color, st), out);
	if (!r->ngates)
		fprintf(out, "check passed: no gates (give --max-monthly or a budget: section); %s",
			strbuf_str(&sb));
	else if (r->passed)
		fprintf(out, "check passed: %zu gate%s; %s", r->ngates, r->ngates == 1 ? "" : "s",
			strbuf_str(&sb));
	else
		fprintf(out, "check failed: %zu of %zu gate%s failed; %s", failed, r->ngates,
			r->ngates == 1 ? "" : "s", strbuf_str(&sb));
	fprintf(out, "%s\n", out_sgr_off(color, st));
	strbuf_release(&sb);
}

/* Days from an ISO date to now (GPUFIT_NOW), -1 when unknown. */
static long day_age(const char *day)
{
	long long t = day && *day ? util_parse_iso8601(day) : -1;
	return t >= 0 ? (long)((util_now() - t) / 86400) : -1;
}

static void print_markdown(FILE *out, const struct check_report *r)
{
	struct strbuf sb = STRBUF_INIT;
	fmt_headline(&sb, r);
	fprintf(out, "%s **GPU cost gate %s**: %s\n\n", r->passed ? "✅" : "❌",
		r->passed ? "passed" : "failed", strbuf_str(&sb));
	strbuf_release(&sb);
	if (r->ngates) {
		struct table *t = gates_table(r, 1);
		table_print(t, out, FMT_MARKDOWN);
		table_free(t);
	} else {
		fprintf(out, "No gates configured: give `--max-monthly` or a `budget:` section.\n");
	}
	for (size_t i = 0; i < r->nwarnings; i++) {
		fprintf(out, "%s> ⚠️ ", i ? "" : "\n");
		esc_fputs(out, ESC_MARKDOWN, r->warnings[i]);
		fputc('\n', out);
	}

	const char *cur = r->head.currency;
	fprintf(out, "\n<details><summary>Monthly cost per workload</summary>\n\n");
	struct table *t = table_new(r->baseline_file ? 5 : 3);
	table_header(t, 0, "Workload", ALIGN_LEFT);
	table_header(t, 1, "Recommendation", ALIGN_LEFT);
	table_header(t, 2, "Monthly", ALIGN_RIGHT);
	if (r->baseline_file) {
		table_header(t, 3, "Baseline", ALIGN_RIGHT);
		table_header(t, 4, "Δ /month", ALIGN_RIGHT);
	}
	for (size_t i = 0; i < r->head.nitems; i++) {
		const struct cost_item *h = &r->head.items[i];
		const struct cost_item *b = base_item(r, h->name);
		char rec[320], mo[48], bm[48] = "-", dm[64];
		if (h->feasible && h->label[0])
			snprintf(rec, sizeof rec, "%s (%s)", h->label, h->region);
		else if (h->feasible)
			snprintf(rec, sizeof rec, "%s%s%s ×%g%s (%s)", h->sku,
				 h->mig_profile[0] ? " MIG " : "", h->mig_profile, h->vm_count,
				 h->split, h->region);
		else
			snprintf(rec, sizeof rec, "no feasible option");
		if (h->feasible)
			costdiff_fmt_money(mo, sizeof mo, cur, h->monthly_cost, 0);
		else
			snprintf(mo, sizeof mo, "-");
		if (b && b->feasible)
			costdiff_fmt_money(bm, sizeof bm, cur, b->monthly_cost, 0);
		/* a side without a feasible option has no known cost: nor has the
		 * delta (a new workload's baseline is none, a known zero) */
		if (!h->feasible || (b && !b->feasible))
			snprintf(dm, sizeof dm, "unknown");
		else
			costdiff_fmt_money(dm, sizeof dm, cur, h->monthly_cost - (b ? b->monthly_cost : 0),
					   1);
		if (b == NULL && r->baseline_file) {
			size_t k = strlen(dm);   /* bounded: dm may be full */

			snprintf(dm + k, sizeof dm - k, " (new)");
		}
		table_add(t, h->name, rec, mo, bm, dm);
	}
	if (r->baseline_file) {
		for (size_t i = 0; i < r->diff.nrows; i++) {
			const struct costdiff_row *row = &r->diff.rows[i];
			char bm[48], dm[48];
			if (row->status != COSTDIFF_REMOVED)
				continue;
			if (row->base->feasible) {
				costdiff_fmt_money(bm, sizeof bm, cur, row->base->monthly_cost, 0);
				costdiff_fmt_money(dm, sizeof dm, cur, row->delta_monthly, 1);
			} else {
				snprintf(bm, sizeof bm, "-");
				snprintf(dm, sizeof dm, "unknown");
			}
			table_add(t, row->name, "removed", "-", bm, dm);
		}
	}
	table_print(t, out, FMT_MARKDOWN);
	table_free(t);
	/* the catalog's own words (its source, sizes): Markdown-escaped */
	fputs("\nPrices: ", out);
	if (r->age_days >= 0)
		esc_fprintf(out, ESC_MARKDOWN, "%s catalog of %s (%ld days old).", r->source,
			    r->fetched_at, r->age_days);
	else
		esc_fprintf(out, ESC_MARKDOWN, "%s catalog (age unknown).", r->source);
	fputc('\n', out);
	for (size_t i = 0; i < r->nages; i++) {
		const struct recommend_price_age *a = &r->ages[i];
		long d = day_age(a->oldest);

		fprintf(out, "%s- ", i ? "" : "\nOldest price used per region:\n\n");
		esc_fprintf(out, ESC_MARKDOWN, "%s %s: ", a->region, pricing_name(a->pricing));
		if (a->oldest[0] && d >= 0)
			esc_fprintf(out, ESC_MARKDOWN, "observed %s (%ld days), %s", a->oldest, d,
				    a->oldest_sku);
		if (a->nundated)
			esc_fprintf(out, ESC_MARKDOWN, "%s%zu without an observed date (%s)",
				    a->oldest[0] ? "; " : "", a->nundated, a->undated_sku);
		fputc('\n', out);
	}
	fprintf(out, "\n</details>\n");
}

static cJSON *gate_json(const struct costdiff_gate *g)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "name", g->name);
	cJSON_AddStringToObject(o, "source", g->source);
	if (strcmp(g->name, "max_monthly") == 0 || strcmp(g->name, "max_increase") == 0) {
		json_add_money(o, "limit", g->limit);
		if (g->has_actual)
			json_add_money(o, "actual", g->actual);
		else
			cJSON_AddNullToObject(o, "actual");
	} else {
		json_add_rounded(o, "limit", g->limit, 2);
		if (g->has_actual)
			json_add_rounded(o, "actual", g->actual, 2);
		else
			cJSON_AddNullToObject(o, "actual");
	}
	cJSON_AddBoolToObject(o, "passed", g->passed);
	cJSON_AddStringToObject(o, "message", g->message);
	return o;
}

static cJSON *check_json(const struct check_report *r)
{
	cJSON *doc = cJSON_CreateObject();
	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "profile", r->profile);
	cJSON_AddStringToObject(doc, "currency", r->head.currency);
	cJSON_AddBoolToObject(doc, "passed", r->passed);
	cJSON *gs = cJSON_AddArrayToObject(doc, "gates");
	for (size_t i = 0; i < r->ngates; i++)
		cJSON_AddItemToArray(gs, gate_json(&r->gates[i]));
	cJSON *t = cJSON_AddObjectToObject(doc, "totals");
	if (r->head.complete)
		json_add_money(t, "monthly_cost", r->head.monthly_cost);
	else
		cJSON_AddNullToObject(t, "monthly_cost");
	cJSON_AddBoolToObject(t, "complete", r->head.complete);
	cJSON_AddNumberToObject(t, "unpriced_workloads", (double)r->head.unpriced);
	size_t infeasible = 0;
	for (size_t i = 0; i < r->head.nitems; i++)
		infeasible += !r->head.items[i].feasible;
	cJSON_AddNumberToObject(t, "infeasible_workloads", (double)infeasible);
	if (r->baseline_file) {
		cJSON *b = cJSON_AddObjectToObject(doc, "baseline");
		cJSON_AddStringToObject(b, "file", r->baseline_file);
		if (r->base.complete)
			json_add_money(b, "monthly_cost", r->diff.base_monthly);
		else
			cJSON_AddNullToObject(b, "monthly_cost");
		if (r->base.complete && r->head.complete)
			json_add_money(b, "delta_monthly", r->diff.delta_monthly);
		else
			cJSON_AddNullToObject(b, "delta_monthly");
		if (r->diff.has_delta_pct && r->base.complete && r->head.complete)
			json_add_rounded(b, "delta_pct", r->diff.delta_pct, 2);
		else
			cJSON_AddNullToObject(b, "delta_pct");
	} else {
		cJSON_AddNullToObject(doc, "baseline");
	}
	cJSON *c = cJSON_AddObjectToObject(doc, "catalog");
	cJSON_AddStringToObject(c, "source", r->source);
	json_add_str_or_null(c, "fetched_at", r->fetched_at);
	if (r->age_days >= 0)
		cJSON_AddNumberToObject(c, "age_days", (double)r->age_days);
	else
		cJSON_AddNullToObject(c, "age_days");
	cJSON *pu = cJSON_AddArrayToObject(c, "prices_used");
	for (size_t i = 0; i < r->nages; i++) {
		const struct recommend_price_age *a = &r->ages[i];
		cJSON *o = cJSON_CreateObject();
		long d = day_age(a->oldest);

		cJSON_AddStringToObject(o, "region", a->region);
		cJSON_AddStringToObject(o, "pricing", pricing_name(a->pricing));
		cJSON_AddNumberToObject(o, "sizes", (double)a->nused);
		json_add_str_or_null(o, "oldest_observed", a->oldest);
		json_add_str_or_null(o, "oldest_sku", a->oldest_sku);
		if (d >= 0)
			cJSON_AddNumberToObject(o, "age_days", (double)d);
		else
			cJSON_AddNullToObject(o, "age_days");
		cJSON_AddNumberToObject(o, "undated", (double)a->nundated);
		cJSON_AddItemToArray(pu, o);
	}
	cJSON *ws = cJSON_AddArrayToObject(doc, "workloads");
	for (size_t i = 0; i < r->head.nitems; i++) {
		const struct cost_item *h = &r->head.items[i];
		const struct cost_item *b = base_item(r, h->name);
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "name", h->name);
		json_add_str_or_null(o, "sku", h->feasible ? h->sku : NULL);
		if (h->feasible)
			json_add_money(o, "monthly_cost", h->monthly_cost);
		else
			cJSON_AddNullToObject(o, "monthly_cost");
		if (b && b->feasible)
			json_add_money(o, "baseline_monthly_cost", b->monthly_cost);
		else
			cJSON_AddNullToObject(o, "baseline_monthly_cost");
		cJSON_AddItemToArray(ws, o);
	}
	cJSON *wa = cJSON_AddArrayToObject(doc, "warnings");
	for (size_t i = 0; i < r->nwarnings; i++)
		cJSON_AddItemToArray(wa, cJSON_CreateString(r->warnings[i]));
	return doc;
}

static int print_json(FILE *out, const struct check_report *r)
{
	cJSON *doc = check_json(r);
	int rc = json_print(out, doc);
	cJSON_Delete(doc);
	return rc;
}

/* The gate result first, then the recommend report of the same run. */
static int print_html(FILE *out, const struct check_report *r)
{
	cJSON *doc = check_json(r);
	int rc = doc && r->rec_doc ? check_html_print(out, doc, r->rec_doc) : -1;
	cJSON_Delete(doc);
	return rc;
}

static void print_csv(FILE *out, const struct check_report *r)
{
	/* raw numbers, the unit in the header (docs/output.md): a gate's limit
	 * and actual go in the pair of columns of its unit (money in the
	 * currency, a percentage, days, a count), the other pairs empty; an
	 * unknown actual is an empty cell */
	enum { NC = 12, U_MONEY = 0, U_PCT, U_DAYS, U_COUNT };
	char lc[16], money_l[24], money_a[24];
	size_t n = strlen(r->head.currency);
	struct table *t = table_new(NC);
	const char *hdr[NC] = { "gate",       "source",     money_l,      money_a,
				"limit_pct",  "actual_pct", "limit_days", "actual_days",
				"limit_count", "actual_count", "passed",  "message" };

	for (size_t k = 0; k < n && k + 1 < sizeof lc; k++)
		lc[k] = (char)tolower((unsigned char)r->head.currency[k]);
	lc[n < sizeof lc ? n : sizeof lc - 1] = '\0';
	snprintf(money_l, sizeof money_l, "limit_%s", lc);
	snprintf(money_a, sizeof money_a, "actual_%s", lc);
	for (size_t c = 0; c < NC; c++)
		table_header(t, c, hdr[c], ALIGN_LEFT);
	for (size_t i = 0; i < r->ngates; i++) {
		const struct costdiff_gate *g = &r->gates[i];
		char lim[32] = "", act[32] = "";
		const char *cells[NC];
		int u = U_MONEY;

		if (strcmp(g->name, "max_increase_pct") == 0)
			u = U_PCT;
		else if (strcmp(g->name, "max_catalog_age_days") == 0)
			u = U_DAYS;
		else if (strcmp(g->name, "feasible") == 0 || strcmp(g->name, "fail_on") == 0)
			u = U_COUNT;
		/* a count gate's limit is "none" (0), the feasible one has none */
		if (strcmp(g->name, "feasible") != 0)
			snprintf(lim, sizeof lim, u == U_COUNT ? "%.0f" : "%.2f", g->limit);
		if (g->has_actual)
			snprintf(act, sizeof act, u == U_COUNT ? "%.0f" : "%.2f", g->actual);
		for (size_t c = 0; c < NC; c++)
			cells[c] = "";
		cells[0] = g->name;
		cells[1] = g->source;
		cells[2 + 2 * u] = lim;
		cells[3 + 2 * u] = act;
		cells[10] = g->passed ? "true" : "false";
		cells[11] = g->message;
		table_add_row(t, cells);
	}
	table_print(t, out, FMT_CSV);
	table_free(t);
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
		for (k = 0; k < NFAIL_KINDS; k++)
			if (strlen(fail_kinds[k]) == n && strncmp(fail_kinds[k], p, n) == 0)
				break;
		if (k == NFAIL_KINDS) {
			struct strbuf kinds = STRBUF_INIT;
			int rc;

			for (size_t i = 0; i < NFAIL_KINDS; i++)
				strbuf_addf(&kinds, "%s%s", i ? ", " : "", fail_kinds[i]);
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

/* Counts the findings of one workload object w that --fail-on names. */
static void count_findings(const cJSON *w, struct check_report *r)
{
	const cJSON *fs = cJSON_GetObjectItemCaseSensitive(w, "findings"), *f;
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(w, "name");

	cJSON_ArrayForEach(f, fs) {
		const cJSON *kind = cJSON_GetObjectItemCaseSensitive(f, "kind");
		if (!cJSON_IsString(kind))
			continue;
		for (size_t k = 0; k < NFAIL_KINDS; k++)
			/* "retired": a retired size today (the kind recommend calls
			 * current-retired) */
			if ((r->fail_on & (1u << k)) &&
			    (strcmp(kind->valuestring, fail_kinds[k]) == 0 ||
			     (strcmp(fail_kinds[k], "retired") == 0 &&
			      strcmp(kind->valuestring, "current-retired") == 0))) {
				if (!r->fail_count++)
					snprintf(r->fail_first, sizeof r->fail_first, "%s: %s",
						 cJSON_IsString(name) ? name->valuestring : "?",
						 kind->valuestring);
			}
	}
}

/* One workload object of the recommend document: its cost item, its
 * --fail-on findings. */
static int take_workload(struct check_report *r, const cJSON *w, char *err, size_t errlen)
{
	if (r->fail_on)
		count_findings(w, r);
	return cost_plan_add_json(&r->head, w, "recommendation", err, errlen);
}

static struct recommend_price_age *dup_ages(const struct recommend_price_age *a, size_t n)
{
	struct recommend_price_age *p = xmalloc((n + 1) * sizeof(*p));
	if (n)
		memcpy(p, a, n * sizeof(*p));
	return p;
}

/* r->age: the oldest price r->ages names, or why its age is unknown (a
 * price used without an observed date makes the whole age unknown: the
 * gate cannot vouch for it). */
static void price_age_of(struct check_report *r)
{
	struct costdiff_price_age *g = &r->age;
	const struct recommend_price_age *old = NULL;

	memset(g, 0, sizeof(*g));
	for (size_t i = 0; i < r->nages; i++) {
		const struct recommend_price_age *a = &r->ages[i];
		if (a->nundated) {
			snprintf(g->why, sizeof g->why, "the %s price of %s in %s has no observed date",
				 pricing_name(a->pricing), a->undated_sku, a->region);
			return;
		}
		if (a->oldest[0] && (!old || strcmp(a->oldest, old->oldest) < 0))
			old = &r->ages[i];
	}
	if (!old || day_age(old->oldest) < 0) {
		snprintf(g->why, sizeof g->why, "no price was used (no feasible recommendation)");
		return;
	}
	g->known = 1;
	g->days = day_age(old->oldest);
	snprintf(g->date, sizeof g->date, "%s", old->oldest);
	snprintf(g->region, sizeof g->region, "%s", old->region);
	snprintf(g->pricing, sizeof g->pricing, "%s", pricing_name(old->pricing));
	snprintf(g->sku, sizeof g->sku, "%s", old->oldest_sku);
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
	price_age_of(r);
}

/* Runs recommend on the profile of s (set up up to its --usage files) and
 * reads its JSON back as r->head. */
static int run_recommend(struct cmd_setup *s, struct check_report *r, int keep_doc)
{
	struct recommend_options o;
	const struct recommend_result *res = &s->res;
	char today[16];
	recommend_options_init(&o);
	o.has_pricing = r->has_pricing;   /* --pricing: over the profile's */
	o.pricing = r->pricing;
	o.pricing_auto = r->pricing_auto;
	util_today(today, sizeof today);
	o.today = today;   /* the stale-price warning, as recommend prints it */
	o.within_quota = r->within_quota;
	s->o = &o;
	int built = cmd_setup(s, CMD_SETUP_SKUS | CMD_SETUP_SNAPSHOT | CMD_SETUP_BUILD);
	s->o = NULL;   /* o ends here; what the build set in it is not read again */
	if (built != EXIT_OK)
		return built;
	for (size_t i = 0; i < res->nwarnings; i++)
		warn(r, "%s", res->warnings[i]);
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
	struct costdiff_limits lim;
	memset(&r, 0, sizeof r);
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
			r.pricing_auto = strcmp(val, "auto") == 0;
			if (!r.pricing_auto && pricing_parse(val, &r.pricing) != 0)
				return cli_usage_error("check",
						       "unknown pricing '%s' (payg, spot, reserved-1y, "
						       "reserved-3y, savings-1y, savings-3y, auto)", val);
			r.has_pricing = 1;
			break;
		case O_SKUS:
			r.skus = val;
			break;
		case O_USAGE:
			if (r.nusage == PROFILE_MAX_REGIONS)
				return cli_usage_error("check", "at most %d --usage files",
						       PROFILE_MAX_REGIONS);
			r.usage[r.nusage++] = val;
			break;
		case O_WITHIN_QUOTA:
			r.within_quota = 1;
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
	s.skus_path = r.skus;
	s.usage_specs = r.usage;
	s.nusage_specs = r.nusage;
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
	rc = run_recommend(&s, &r, ctx->format == FMT_HTML);
	if (rc != EXIT_OK)
		goto out;
	undated_stand_in(s.cat, &r);
	if (r.baseline_file && strcmp(r.base.currency, r.head.currency) != 0) {
		diag_error("currency mismatch: '%s' is in %s, the profile in %s", r.baseline_file,
			   r.base.currency, r.head.currency);
		rc = EXIT_INPUT;
		goto out;
	}
	if (r.baseline_file)
		costdiff_compute(&r.base, &r.head, &r.diff);

	const struct profile *p = &s.p;
	budget_limit(&lim.max_monthly, p->budget.has_max_monthly, p->budget.max_monthly);
	budget_limit(&lim.max_increase, p->budget.has_max_increase, p->budget.max_increase);
	budget_limit(&lim.max_increase_pct, p->budget.has_max_increase_pct,
		     p->budget.max_increase_pct);
	size_t skipped = 0;
	r.ngates = costdiff_gates(&lim, &r.head, r.baseline_file ? &r.base : NULL, &r.age,
				  r.gates, &skipped);
	if (skipped)
		warn(&r, "the budget's increase limits need '--baseline BASE.json'; %zu skipped",
		     skipped);
	if (r.fail_on && r.ngates < COSTDIFF_MAX_GATES) {
		struct costdiff_gate *g = &r.gates[r.ngates++];
		memset(g, 0, sizeof(*g));
		g->name = "fail_on";
		g->source = "option";
		g->limit = 0;
		g->has_actual = 1;
		g->actual = (double)r.fail_count;
		g->passed = r.fail_count == 0;
		if (g->passed)
			snprintf(g->message, sizeof g->message, "no finding of the kinds asked for");
		else
			snprintf(g->message, sizeof g->message, "%zu finding%s of the kinds asked for, "
				 "first %s", r.fail_count, r.fail_count == 1 ? "" : "s", r.fail_first);
	}
	if (!lim.max_catalog_age.given && r.age_days > CHECK_STALE_DAYS)
		warn(&r, "the catalog is %ld days old (%s); prices may be stale: run 'gpufit "
			 "catalog refresh' or gate with '--max-catalog-age-days'",
		     r.age_days, r.fetched_at);
	if (!r.ngates)
		warn(&r, "no gates: give '--max-monthly' or a 'budget:' section in the profile");
	r.passed = failed_count(&r) == 0;

	for (size_t i = 0; i < r.nwarnings; i++)
		diag_warning("%s", r.warnings[i]);
	switch (ctx->format) {
	case FMT_JSON:
		if (print_json(ctx->out, &r) != 0)
			rc = EXIT_INPUT;
		break;
	case FMT_MARKDOWN:
		print_markdown(ctx->out, &r);
		break;
	case FMT_CSV:
		print_csv(ctx->out, &r);
		break;
	case FMT_HTML:
		if (print_html(ctx->out, &r) != 0) {
			diag_error("out of memory while printing HTML");
			rc = EXIT_INPUT;
		}
		break;
	default:
		print_table(ctx->out, &r, ctx->color);
		break;
	}
	if (rc == EXIT_OK && !r.passed) {
		/* 1 only for a verdict: a gate that failed on a known value; a
		 * workload without a feasible option, or gates that failed only
		 * because a value is unknown, could not be judged (5) */
		int infeasible = r.ngates && strcmp(r.gates[0].name, "feasible") == 0;
		int definite = 0;

		for (size_t i = 0; i < r.ngates; i++)
			definite |= !r.gates[i].passed && !r.gates[i].unjudged;
		rc = infeasible || !definite ? EXIT_INFEASIBLE : EXIT_GATE;
	}
out:
	report_release(&r);
	cmd_setup_release(&s);
	return rc;
}
