/*
 * analyze_text.c - the `analyze` result as a table, Markdown or CSV
 * (analyze_text.h): one line per GPU or MIG instance, then (not in CSV) the
 * fleet totals, the proposals and why each GPU has its finding.
 */
#include "analyze_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "util.h"

static const char *dash(const char *s)
{
	return s && *s ? s : "-";
}

static void fmt_pct(char *buf, size_t n, const struct telemetry_stats *st, double v)
{
	if (!st->count) {
		snprintf(buf, n, "-");
		return;
	}
	/* "%.0f" without printf: it runs for every GPU of the fleet; the "%"
	 * is in the column's header */
	util_fmt_fixed(buf, n, v * 100.0, 0);
}

/*
 * An unknown total: "unknown (N GPUs WHY: a, b, c, ...; REST)",
 * naming the first three rows whose part is not known, or "...; none is
 * known)" when no row's part is.
 */
static void print_unknown(FILE *o, enum esc_kind kind, const struct analysis_row *rows,
			  size_t nrows, int n, int gpus, const char *why,
			  int (*known)(const struct analysis_row *), const char *rest)
{
	int k = 0;
	fprintf(o, "unknown (%d GPU%s %s: ", n, n == 1 ? "" : "s", why);
	for (size_t i = 0; i < nrows && k <= 3; i++) {
		char lab[160];
		if (known(&rows[i]))
			continue;
		if (k++ == 3) {
			fputs(", ...", o);
			break;
		}
		analysis_series_label(lab, sizeof(lab), rows[i].s);
		{
			struct strbuf safe = STRBUF_INIT;
			esc_add(&safe, kind, lab);
			fprintf(o, "%s%s", k > 1 ? ", " : "", strbuf_str(&safe));
			strbuf_release(&safe);
		}
	}
	if (n >= gpus)
		fputs("; none is known)", o);
	else
		fprintf(o, "; %s)", rest);
}

/* A percentage of a ratio statistic for csv; NaN (empty field) when no samples. */
static double raw_pct(const struct telemetry_stats *st, double v)
{
	return st->count ? v * 100.0 : NAN;
}

/* "node-b gpu 3 (pod trainer-0)": a GPU of a move, with its first row's
 * pod when pod is set (the work that moves, not the GPU it lands on). */
static void gpu_label(char *buf, size_t n, const struct analysis_row *rows, size_t first, int pod)
{
	const struct telemetry_series *s = rows[first].s;
	if (pod && s->pod[0])
		snprintf(buf, n, "%s gpu %s (pod %s)", s->host, dash(s->gpu), s->pod);
	else
		snprintf(buf, n, "%s gpu %s", s->host, dash(s->gpu));
}

/* Monthly figures from less than a day of telemetry say from how long. */
static void print_window(FILE *o, const struct analysis_totals *t, int md)
{
	if (t->window_hours >= 1 && t->window_hours < 24)
		fprintf(o, "%smonthly figures are extrapolated from %.1f hours of telemetry (less "
			"than a day)\n", md ? "\n" : "", t->window_hours);
	else if (t->window_hours >= 0 && t->window_hours < 1)
		fprintf(o, "%smonthly figures are extrapolated from %.1f minutes of telemetry (less "
			"than a day)\n", md ? "\n" : "", t->window_hours * 60);
}

/* The proposals in text and Markdown: each a difference of two bills; the
 * alternatives for the same VMs are listed apart and not added. */
static void print_proposals(FILE *o, const struct analysis_row *rows,
			    const struct analysis_totals *t, int md)
{
	const struct analysis_fleet *fl = t->fleet;
	const char *cur = t->currency;
	enum esc_kind ek = md ? ESC_MARKDOWN : ESC_TERM;
	char a[32], b[32], c[32], lab1[320], lab2[320];

	if (fl->nunobserved) {
		util_fmt_money_in(a, sizeof a, fl->unobserved, cur);
		fprintf(o, "%sGPUs not in the telemetry: %zu, %s per month; Azure bills them with "
			"their VMs, so they are in the current cost\n", md ? "\n" : "",
			fl->nunobserved, a);
	}
	print_window(o, t, md);
	if (!fl->nvms)
		return;
	fprintf(o, "%sproposals (Azure bills a VM for all its GPUs: only whole VMs save):%s\n",
		md ? "\n" : "", fl->nprops ? "" : " none: no VM can be freed or made smaller");
	for (int pass = 1; pass >= 0; pass--)
		for (size_t i = 0; i < fl->nprops; i++) {
			const struct analysis_proposal *p = &fl->props[i];
			struct strbuf line = STRBUF_INIT, safe = STRBUF_INIT;

			if (p->chosen != pass)
				continue;
			util_fmt_money_in(a, sizeof a, p->before, cur);
			util_fmt_money_in(b, sizeof b, p->after, cur);
			util_fmt_money_in(c, sizeof c, p->saving, cur);
			if (!pass)
				strbuf_addf(&line, "alternative for the same VMs, not in the savings: ");
			if (p->kind == ANALYSIS_CONSOLIDATE)
				strbuf_addf(&line, "consolidate %zu x %s onto %zu: saves %s per month "
					    "(%s -> %s)", p->nvms, t->facts->vms[p->vi].sku,
					    p->vms_after, c, a, b);
			else
				strbuf_addf(&line, "resize %s from %s to %s: saves %s per month "
					    "(%s -> %s)", analysis_fleet_host(fl, rows, p->vm),
					    t->facts->vms[p->vi].sku, t->facts->vms[p->to_vi].sku, c,
					    a, b);
			esc_add(&safe, ek, strbuf_str(&line));
			fprintf(o, "%s%s\n", md ? "- " : "  ", strbuf_str(&safe));
			strbuf_release(&line);
			strbuf_release(&safe);
			for (size_t m = 0; m < p->nmoves; m++) {
				const struct analysis_move *mv = &p->moves[m];
				gpu_label(lab1, sizeof lab1, rows, mv->from, 1);
				gpu_label(lab2, sizeof lab2, rows, mv->to, 0);
				strbuf_addf(&line, "move %s -> %s", lab1, lab2);
				if (mv->beside >= 0) {
					gpu_label(lab2, sizeof lab2, rows, (size_t)mv->beside, 1);
					strbuf_addf(&line, ", sharing it with the work of %s", lab2);
				}
				esc_add(&safe, ek, strbuf_str(&line));
				fprintf(o, "%s%s\n", md ? "  - " : "    ", strbuf_str(&safe));
				strbuf_release(&line);
				strbuf_release(&safe);
			}
			if (p->kind == ANALYSIS_CONSOLIDATE) {
				size_t k = 0;
				strbuf_addf(&line, "release");
				for (size_t v = p->vm; v < p->vm + p->nvms; v++)
					if (!fl->vms[v].kept)
						strbuf_addf(&line, "%s %s", k++ ? "," : "",
							    analysis_fleet_host(fl, rows, v));
				esc_add(&safe, ek, strbuf_str(&line));
				fprintf(o, "%s%s\n", md ? "  - " : "    ", strbuf_str(&safe));
				strbuf_release(&line);
				strbuf_release(&safe);
			}
		}
}

/* Why the unpriced rows have no price, in the text output: one line per
 * reason (the first three), naming the first GPU it holds for and how many
 * more; each row's reason is built once. */
static void print_unpriced_reasons(FILE *o, enum esc_kind kind, const struct analysis_row *rows,
				   size_t nrows, const struct analysis_totals *t)
{
	char why[3][320];
	size_t first[3], more[3] = { 0, 0, 0 };
	int nseen = 0;

	for (size_t i = 0; i < nrows; i++) {
		char w[320];
		int k;

		if (analysis_row_priced(&rows[i]))
			continue;
		analysis_unpriced_reason(w, sizeof w, &rows[i], t);
		for (k = 0; k < nseen && strcmp(why[k], w) != 0; k++)
			;
		if (k < nseen) {
			more[k]++;
		} else if (nseen < 3) {
			snprintf(why[nseen], sizeof why[0], "%s", w);
			first[nseen++] = i;
		}
	}
	for (int k = 0; k < nseen; k++) {
		char lab[160];

		analysis_series_label(lab, sizeof lab, rows[first[k]].s);
		/* the host label comes from the telemetry */
		fputs("  unpriced: ", o);
		if (more[k])
			esc_fprintf(o, kind, "%s and %zu more: %s", lab, more[k], why[k]);
		else
			esc_fprintf(o, kind, "%s: %s", lab, why[k]);
		fputc('\n', o);
	}
}

void analyze_text_print(FILE *out, enum out_format format, int color,
			const struct analysis_row *rows, size_t nrows,
			const struct analysis_totals *t)
{
	int csv = format == FMT_CSV;
	enum { NCOLS = 15 };
	struct table *tb = table_new(NCOLS);
	const char *heads[NCOLS] = { "HOST", "GPU", "MIG", "POD", "FINDING", "ACT MEAN (%)",
				     "ACT P95 (%)", "SM MEAN (%)", "IDLE (%)", "MEM PEAK (GiB)",
				     "MONTHLY", "SAVINGS/MO", "RECOMMENDATION", "REASON", "ENABLE" };
	/* csv: raw numbers, the unit in the header (docs/output.md), money in
	 * the catalog's currency */
	char monthly_h[32], savings_h[48];
	const char *csv_heads[NCOLS] = {
		"host", "gpu", "mig", "pod", "finding", "activity_mean_pct", "activity_p95_pct",
		"sm_active_mean_pct", "idle_pct", "memory_peak_gib",
		out_money_header(monthly_h, sizeof(monthly_h), "monthly", t->currency),
		out_money_header(savings_h, sizeof(savings_h), "savings_monthly", t->currency),
		"recommendation", "reason", "enable"
	};
	for (size_t i = 0; i < NCOLS; i++) {
		table_header(tb, i, heads[i], (i >= 5 && i <= 11) ? ALIGN_RIGHT : ALIGN_LEFT);
		table_csv_column(tb, i, csv_heads[i], i >= 5 && i <= 11 ? CSV_NUMBER : CSV_TEXT);
	}
	table_column_show(tb, 10, SHOW_CSV);
	table_column_show(tb, 13, SHOW_CSV);
	table_column_show(tb, 14, SHOW_CSV);
	for (size_t i = 0; i < nrows; i++) {
		const struct analysis_row *r = &rows[i];
		const struct telemetry_series *s = r->s;
		char mig[48], am[16], ap[16], sm[16], idle[16], mem[24], sav[32];
		snprintf(mig, sizeof(mig), "%s%s%s", s->mig_profile, s->mig_id[0] ? "#" : "",
			 s->mig_id);
		fmt_pct(am, sizeof(am), &r->res.activity, r->res.activity.mean);
		fmt_pct(ap, sizeof(ap), &r->res.activity, r->res.activity.p95);
		fmt_pct(sm, sizeof(sm), &r->res.sm, r->res.sm.mean);
		fmt_pct(idle, sizeof(idle), &r->res.activity, r->res.idle_fraction);
		if (r->res.peak_memory_gib >= 0) {
			util_fmt_fixed(mem, sizeof(mem), r->res.peak_memory_gib, 1);
		} else
			snprintf(mem, sizeof(mem), "-");
		if (analysis_row_savings_known(r))
			util_fmt_money_in(sav, sizeof(sav), r->saving, t->currency);
		else
			snprintf(sav, sizeof(sav), r->hourly > 0 ? "unknown" : "-");
		const char *cells[NCOLS] = { s->host, dash(s->gpu), dash(mig), dash(s->pod),
					     classify_finding_name(r->res.finding), am, ap, sm, idle,
					     mem, "", sav, r->res.recommendation, r->res.reason,
					     r->res.enable };
		table_add_row(tb, cells);
		/* on a terminal: a healthy GPU green, a wasteful one yellow */
		table_row_style(tb, r->res.finding == CLASS_HEALTHY ? OUT_GREEN
				    : r->res.finding == CLASS_NO_DATA ? OUT_PLAIN : OUT_YELLOW);
		if (!csv)
			continue;   /* the csv cells: raw numbers, csv only */
		table_set_csv(tb, 1, s->gpu);
		table_set_csv(tb, 2, mig);
		table_set_csv(tb, 3, s->pod);
		table_set_number(tb, 5, raw_pct(&r->res.activity, r->res.activity.mean), 2);
		table_set_number(tb, 6, raw_pct(&r->res.activity, r->res.activity.p95), 2);
		table_set_number(tb, 7, raw_pct(&r->res.sm, r->res.sm.mean), 2);
		table_set_number(tb, 8, raw_pct(&r->res.activity, r->res.idle_fraction), 2);
		table_set_number(tb, 9, r->res.peak_memory_gib >= 0 ? r->res.peak_memory_gib : NAN, 2);
		table_set_number(tb, 10, r->hourly > 0 ? r->monthly : NAN, 2);
		table_set_number(tb, 11, analysis_row_savings_known(r) ? r->saving : NAN, 2);
	}
	table_color(tb, color);
	table_print(tb, out, format);
	table_free(tb);
	if (csv)
		return;

	FILE *o = out;
	int md = format == FMT_MARKDOWN;
	enum esc_kind ek = md ? ESC_MARKDOWN : ESC_TERM;   /* labels from the telemetry */
	char a[32], b[96], c[32];
	fprintf(o, "\n%s%s%s %d %s:", out_sgr(color, OUT_BOLD), md ? "**Fleet:**" : "fleet:",
		out_sgr_off(color, OUT_BOLD), t->gpus,
		t->gpus == 1 ? "GPU or MIG instance" : "GPUs and MIG instances");
	const char *sep = " ";
	for (int f = 0; f < CLASS_COUNT; f++) {
		if (!t->by[f])
			continue;
		fprintf(o, "%s%d %s", sep, t->by[f], classify_finding_name((enum classify_finding)f));
		sep = ", ";
	}
	const char *cur = t->currency;
	fprintf(o, "\n%sidle: ", md ? "\n" : "");
	util_fmt_money(a, sizeof(a), t->wasted_hours);
	if (!t->no_activity) {
		fprintf(o, "%s GPU-hours per month", a);
	} else {
		snprintf(b, sizeof(b), "%s GPU-hours per month on the others", a);
		print_unknown(o, ek, rows, nrows, t->no_activity, t->gpus, "without activity samples",
			      analysis_row_idle_known, b);
	}
	util_fmt_money_in(a, sizeof(a), t->wasted_cost, cur);
	if (!t->idle_cost_unknown) {
		fprintf(o, ", costing %s per month\n", a);
	} else {
		snprintf(b, sizeof(b), "%s per month on the others", a);
		fputs(", costing ", o);
		print_unknown(o, ek, rows, nrows, t->idle_cost_unknown, t->gpus,
			      "without activity samples or a price", analysis_row_idle_cost_known,
			      b);
		fputc('\n', o);
	}
	fprintf(o, "%ssavings if the recommendations are applied: ", md ? "\n" : "");
	util_fmt_money_in(a, sizeof(a), t->savings, cur);
	util_fmt_money_in(c, sizeof(c), t->current_cost, cur);
	if (!t->unpriced && !t->savings_unknown) {
		fprintf(o, "%s per month (current cost %s per month)\n", a, c);
	} else if (!t->unpriced) {
		char rest[160];
		snprintf(rest, sizeof(rest), "the others save %s per month; current cost %s "
			 "per month", a, c);
		print_unknown(o, ek, rows, nrows, t->savings_unknown, t->gpus,
			      "without the memory use that sizes a smaller option",
			      analysis_row_savings_known, rest);
		fputc('\n', o);
	} else {
		char rest[160];
		snprintf(rest, sizeof(rest), "the others save %s per month of their current %s "
			 "per month", a, c);
		print_unknown(o, ek, rows, nrows, t->unpriced, t->gpus, "unpriced",
			      analysis_row_priced, rest);
		fputc('\n', o);
		print_unpriced_reasons(o, ek, rows, nrows, t);
	}
	if (t->nfree) {
		util_fmt_money_in(a, sizeof(a), t->free_cost, cur);
		fprintf(o, "%sMIG slices without an instance: %s per month (", md ? "\n" : "", a);
		for (size_t i = 0; i < t->nfree && i < 3; i++) {
			struct strbuf safe = STRBUF_INIT;
			const struct telemetry_series *s = t->free[i].first->s;
			char lab[160];
			snprintf(lab, sizeof(lab), "%s gpu %s", s->host, dash(s->gpu));
			esc_add(&safe, ek, lab);
			fprintf(o, "%s%s: %d of 7 compute slices", i ? ", " : "", strbuf_str(&safe),
				t->free[i].slices);
			strbuf_release(&safe);
		}
		fprintf(o, "%s); Azure bills them with the VM, so they are in the current and "
			"the idle cost\n", t->nfree > 3 ? ", ..." : "");
	}
	print_proposals(o, rows, t, md);
	int notes = 0;
	for (size_t i = 0; i < nrows; i++) {
		const struct analysis_row *r = &rows[i];
		if (r->res.finding == CLASS_HEALTHY && !r->res.enable[0])
			continue;
		if (!notes++)
			fprintf(o, "\n%s%s%s\n", out_sgr(color, OUT_BOLD),
				md ? "**Why:**\n" : "why:", out_sgr_off(color, OUT_BOLD));
		char lab[160];
		struct strbuf line = STRBUF_INIT, safe = STRBUF_INIT;
		analysis_series_label(lab, sizeof(lab), r->s);
		strbuf_addf(&line, "%s: %s: %s%s%s", lab, classify_finding_name(r->res.finding),
			    r->res.reason, r->res.enable[0] ? "; " : "", r->res.enable);
		/* host and pod labels come from the telemetry: shown escaped */
		esc_add(&safe, ek, strbuf_str(&line));
		fprintf(o, "%s%s\n", md ? "- " : "  ", strbuf_str(&safe));
		strbuf_release(&line);
		strbuf_release(&safe);
	}
}
