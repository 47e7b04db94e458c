/*
 * diff_text.c - the `diff` result in -f table, markdown and csv
 * (diff_text.h).
 */
#include "diff_text.h"

#include <math.h>
#include <string.h>

#include "diff_json.h"
#include "escape.h"
#include "util.h"

static void fmt_count(char *buf, size_t len, double v)
{
	if (fabs(v) < 9e15 && v == (double)(long long)v)   /* no cast out of range */
		snprintf(buf, len, "%lld", (long long)v);
	else
		snprintf(buf, len, "%.2f", v);
}

/* "Standard_NC24ads_A100_v4 ×2", "Standard_NC24ads_A100_v4 MIG 3g.40gb ×1",
 * "Standard_NC24ads_A100_v4 MIG 1g.10gb ×1 + 3 × Standard_NC4as_T4_v3" (a MIG
 * plan's split). */
static void describe(char *buf, size_t len, const struct cost_item *it)
{
	if (!it) {
		snprintf(buf, len, "-");
		return;
	}
	if (!it->feasible) {
		snprintf(buf, len, "no feasible option");
		return;
	}
	char n[32];
	fmt_count(n, sizeof n, it->vm_count);
	snprintf(buf, len, "%s%s%s ×%s%s", it->sku, it->mig_profile[0] ? " MIG " : "",
		 it->mig_profile, n, it->split);
}

/* "+12.5%"; "+12.5" when `unit` is 0 (a table column whose header says
 * "%"). */
static void fmt_pct(char *buf, size_t len, int has, double pct, int unit)
{
	if (!has)
		snprintf(buf, len, "n/a");
	else if (pct > -0.05 && pct < 0.05)
		snprintf(buf, len, "0.0%s", unit ? "%" : "");
	else
		snprintf(buf, len, "%+.1f%s", pct, unit ? "%" : "");
}

static void fmt_cost(char *buf, size_t len, const char *cur, const struct cost_item *it)
{
	if (!it || !it->feasible)
		snprintf(buf, len, "-");
	else
		costdiff_fmt_money(buf, len, cur, it->monthly_cost, 0);
}

/* "sku A → B; vm_count 1 → 2; monthly cost $1.00 → $2.00" for a changed row. */
static void describe_changes(struct strbuf *sb, const char *cur, const struct costdiff_row *r)
{
	const struct cost_item *b = r->base, *h = r->head;
	char x[64], y[64];
	const char *sep = "";
	if (r->changes & COSTDIFF_CH_FEASIBLE) {
		strbuf_addstr(sb, b->feasible ? "no longer has a feasible option"
					      : "now has a feasible option");
		sep = "; ";
	}
	if (r->changes & COSTDIFF_CH_SKU) {
		strbuf_addf(sb, "%ssku %s → %s", sep, b->sku, h->sku);
		sep = "; ";
	}
	if (r->changes & COSTDIFF_CH_REGION) {
		strbuf_addf(sb, "%sregion %s → %s", sep, b->region, h->region);
		sep = "; ";
	}
	if (r->changes & COSTDIFF_CH_PLACEMENT) {
		strbuf_addf(sb, "%splacement %s → %s", sep, b->placement, h->placement);
		sep = "; ";
	}
	if (r->changes & COSTDIFF_CH_MIG) {
		strbuf_addf(sb, "%sMIG profile %s → %s", sep, b->mig_profile[0] ? b->mig_profile : "none",
			    h->mig_profile[0] ? h->mig_profile : "none");
		sep = "; ";
	}
	if (r->changes & COSTDIFF_CH_VM_COUNT) {
		fmt_count(x, sizeof x, b->vm_count);
		fmt_count(y, sizeof y, h->vm_count);
		strbuf_addf(sb, "%sVMs %s → %s", sep, x, y);
		sep = "; ";
	}
	if (r->changes & COSTDIFF_CH_GPU_COUNT) {
		fmt_count(x, sizeof x, b->gpu_count);
		fmt_count(y, sizeof y, h->gpu_count);
		strbuf_addf(sb, "%sGPUs %s → %s", sep, x, y);
		sep = "; ";
	}
	if (r->changes & COSTDIFF_CH_COST) {
		fmt_cost(x, sizeof x, cur, b);
		fmt_cost(y, sizeof y, cur, h);
		strbuf_addf(sb, "%smonthly cost %s → %s", sep, x, y);
		sep = "; ";
	}
	if (r->changes & COSTDIFF_CH_FINDINGS)
		strbuf_addf(sb, "%sdata findings %s → %s", sep, b->findings[0] ? b->findings : "none",
			    h->findings[0] ? h->findings : "none");
}

static void summary_counts(struct strbuf *sb, const struct costdiff *d)
{
	strbuf_addf(sb, "%zu changed, %zu added, %zu removed, %zu unchanged", d->changed, d->added,
		    d->removed, d->unchanged);
}

/* The rows of d as a table; markdown leaves the unchanged ones out (the
 * details list them) so that a pull-request comment shows what moved. */
static struct table *rows_table(const struct costdiff *d, const char *cur, int markdown)
{
	struct table *t = table_new(8);
	static const char *const hdr[2][8] = {
		{ "WORKLOAD", "STATUS", "BASE", "HEAD", "BASE/MONTH", "HEAD/MONTH", "DELTA",
		  "DELTA (%)" },
		{ "Workload", "Status", "Base", "Head", "Base /month", "Head /month", "Δ /month",
		  "Δ (%)" },
	};
	for (size_t c = 0; c < 8; c++)
		table_header(t, c, hdr[markdown][c], c >= 4 ? ALIGN_RIGHT : ALIGN_LEFT);
	for (size_t i = 0; i < d->nrows; i++) {
		const struct costdiff_row *r = &d->rows[i];
		char b[320], h[320], bc[48], hc[48], dc[48], pc[32];
		if (markdown && r->status == COSTDIFF_UNCHANGED)
			continue;
		describe(b, sizeof b, r->base);
		describe(h, sizeof h, r->head);
		fmt_cost(bc, sizeof bc, cur, r->base);
		fmt_cost(hc, sizeof hc, cur, r->head);
		if (diff_row_known(r)) {
			costdiff_fmt_money(dc, sizeof dc, cur, r->delta_monthly, 1);
			fmt_pct(pc, sizeof pc, r->has_delta_pct, r->delta_pct, 0);
		} else {
			snprintf(dc, sizeof dc, "unknown");
			snprintf(pc, sizeof pc, "unknown");
		}
		table_add(t, r->name, costdiff_status_name(r->status), b, h, bc, hc, dc, pc);
	}
	return t;
}

/* The fleet totals as text: "unknown" where a total is (never 0). */
static void fmt_totals(const struct costdiff *d, const char *cur, char *b, char *h, char *dl,
		       char *pc)
{
	const int known = d->base_complete && d->head_complete;
	if (d->base_complete)
		costdiff_fmt_money(b, 48, cur, d->base_monthly, 0);
	else
		snprintf(b, 48, "unknown");
	if (d->head_complete)
		costdiff_fmt_money(h, 48, cur, d->head_monthly, 0);
	else
		snprintf(h, 48, "unknown");
	if (known)
		costdiff_fmt_money(dl, 48, cur, d->delta_monthly, 1);
	else
		snprintf(dl, 48, "unknown");
	if (known)
		fmt_pct(pc, 32, d->has_delta_pct, d->delta_pct, 1);
	else
		snprintf(pc, 32, "unknown");
}

static void print_table(FILE *out, const struct costdiff *d, const char *cur, int color)
{
	struct table *t = rows_table(d, cur, 0);
	table_color(t, color);
	table_print(t, out, FMT_TABLE);
	table_free(t);
	char b[48], h[48], dl[48], pc[32];
	fmt_totals(d, cur, b, h, dl, pc);
	struct strbuf sb = STRBUF_INIT;
	summary_counts(&sb, d);
	fprintf(out, "\n%stotal:%s %s → %s per month (%s, %s); %s\n", out_sgr(color, OUT_BOLD),
		out_sgr_off(color, OUT_BOLD), b, h, dl, pc, strbuf_str(&sb));
	strbuf_release(&sb);
	for (size_t i = 0; i < d->nrows; i++) {
		const struct costdiff_row *r = &d->rows[i];
		if (r->changes & COSTDIFF_CH_FINDINGS) {
			/* names and findings come from the documents compared */
			esc_fprintf(out, ESC_TERM, "data findings of %s: %s → %s", r->name,
				    r->base->findings[0] ? r->base->findings : "none",
				    r->head->findings[0] ? r->head->findings : "none");
			fputc('\n', out);
		}
	}
}

static void print_markdown(FILE *out, const struct costdiff *d, const char *cur)
{
	char b[48], h[48], dl[48], pc[32];
	fmt_totals(d, cur, b, h, dl, pc);
	/* no direction for a delta that is unknown */
	const char *icon = !d->base_complete || !d->head_complete ? "❔"
			   : d->delta_monthly > 0 ? "📈" : d->delta_monthly < 0 ? "📉" : "➖";
	struct strbuf sb = STRBUF_INIT;
	summary_counts(&sb, d);
	fprintf(out, "%s **GPU cost %s/month (%s)**: %s → %s per month; %s\n\n", icon, dl, pc, b, h,
		strbuf_str(&sb));
	strbuf_release(&sb);
	if (d->changed + d->added + d->removed > 0) {
		struct table *t = rows_table(d, cur, 1);
		table_print(t, out, FMT_MARKDOWN);
		table_free(t);
	} else {
		fprintf(out, "No workload changed.\n");
	}
	fprintf(out, "\n<details><summary>Details</summary>\n\n");
	struct strbuf same = STRBUF_INIT;
	for (size_t i = 0; i < d->nrows; i++) {
		const struct costdiff_row *r = &d->rows[i];
		char desc[320], cost[48];
		struct strbuf line = STRBUF_INIT;
		switch (r->status) {
		case COSTDIFF_CHANGED:
			describe_changes(&line, cur, r);
			break;
		case COSTDIFF_ADDED:
		case COSTDIFF_REMOVED: {
			const struct cost_item *it = r->head ? r->head : r->base;
			describe(desc, sizeof desc, it);
			if (it->feasible)
				strbuf_addf(&line, "%s in %s, %s/month", desc, it->region,
					    costdiff_fmt_money(cost, sizeof cost, cur,
							       it->monthly_cost, 0));
			else
				strbuf_addstr(&line, desc);
			break;
		}
		case COSTDIFF_UNCHANGED:
			describe(desc, sizeof desc, r->head);
			strbuf_addf(&same, "%s%s (%s", same.len ? ", " : "", r->name, desc);
			if (r->head->feasible)
				strbuf_addf(&same, ", %s/month",
					    costdiff_fmt_money(cost, sizeof cost, cur,
							       r->head->monthly_cost, 0));
			strbuf_addstr(&same, ")");
			break;
		}
		if (line.len) {
			/* names, sizes and regions come from the documents compared */
			fputs("- **", out);
			esc_fputs(out, ESC_MARKDOWN, r->name);
			fprintf(out, "** (%s): ", costdiff_status_name(r->status));
			esc_fputs(out, ESC_MARKDOWN, strbuf_str(&line));
			fputc('\n', out);
		}
		strbuf_release(&line);
	}
	if (same.len) {
		fputs("- unchanged: ", out);
		esc_fputs(out, ESC_MARKDOWN, strbuf_str(&same));
		fputc('\n', out);
	}
	strbuf_release(&same);
	fprintf(out, "\n</details>\n");
}

static void print_csv(FILE *out, const struct costdiff *d, const char *cur)
{
	struct table *t = table_new(9);
	char bh[32], hh[32], dh[32];
	const char *const hdr[] = { "workload",
				    "status",
				    "base_sku",
				    "head_sku",
				    out_money_header(bh, sizeof bh, "base_monthly", cur),
				    out_money_header(hh, sizeof hh, "head_monthly", cur),
				    out_money_header(dh, sizeof dh, "delta_monthly", cur),
				    "delta_pct",
				    "currency" };
	for (size_t c = 0; c < 9; c++)
		table_header(t, c, hdr[c], ALIGN_LEFT);
	for (size_t i = 0; i < d->nrows; i++) {
		const struct costdiff_row *r = &d->rows[i];
		char bc[32] = "", hc[32] = "", dc[32], pc[32] = "";
		if (r->base && r->base->feasible)
			snprintf(bc, sizeof bc, "%.2f", util_round_cents(r->base->monthly_cost));
		if (r->head && r->head->feasible)
			snprintf(hc, sizeof hc, "%.2f", util_round_cents(r->head->monthly_cost));
		dc[0] = '\0';
		if (diff_row_known(r))
			snprintf(dc, sizeof dc, "%.2f", r->delta_monthly);
		if (r->has_delta_pct && diff_row_known(r))
			snprintf(pc, sizeof pc, "%.2f", r->delta_pct);
		table_add(t, r->name, costdiff_status_name(r->status),
			  r->base && r->base->feasible ? r->base->sku : "",
			  r->head && r->head->feasible ? r->head->sku : "", bc, hc, dc, pc, cur);
	}
	table_print(t, out, FMT_CSV);
	table_free(t);
}

void diff_text_print(FILE *out, enum out_format format, int color, const struct costdiff *d,
		     const char *currency)
{
	if (format == FMT_MARKDOWN)
		print_markdown(out, d, currency);
	else if (format == FMT_CSV)
		print_csv(out, d, currency);
	else
		print_table(out, d, currency, color);
}
