/*
 * check_text.c - the `check` result in -f table, markdown and csv
 * (check_text.h).
 */
#include "check_text.h"

#include <ctype.h>
#include <string.h>

#include "escape.h"
#include "util.h"

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
	size_t failed = check_failed_count(r);
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
		const struct cost_item *b = check_base_item(r, h->name);
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
		long d = util_age_days(a->oldest);

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

void check_text_print(FILE *out, enum out_format format, int color,
		      const struct check_report *r)
{
	if (format == FMT_MARKDOWN)
		print_markdown(out, r);
	else if (format == FMT_CSV)
		print_csv(out, r);
	else
		print_table(out, r, color);
}
