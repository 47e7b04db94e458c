/*
 * cmd_diff.c - `gpufit diff BASE.json HEAD.json`: what changed between two
 * `recommend -f json` outputs, per workload and in total, as a table, JSON,
 * CSV or a Markdown pull-request comment.
 *
 * The comparison itself is costdiff.c; this file reads the two documents,
 * reports their problems (exit 3) and renders the result.  A diff is a
 * report, not a gate: it exits 0 whatever the delta (`gpufit check` gates).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "costdiff.h"
#include "diag.h"
#include "escape.h"
#include "gpufit.h"
#include "json_out.h"
#include "util.h"

/* Reads one plan; prints the problem and returns -1 on failure. */
/* A row's delta is known when no side it has lacks a cost (an infeasible
 * workload's cost is unknown, never 0). */
static int row_known(const struct costdiff_row *r)
{
	return (!r->base || r->base->feasible) && (!r->head || r->head->feasible);
}

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
		if (row_known(r)) {
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

static cJSON *item_json(const struct cost_item *it)
{
	if (!it)
		return cJSON_CreateNull();
	cJSON *o = cJSON_CreateObject();
	cJSON_AddBoolToObject(o, "feasible", it->feasible);
	if (it->feasible) {
		cJSON_AddStringToObject(o, "sku", it->sku);
		cJSON_AddStringToObject(o, "region", it->region);
		cJSON_AddStringToObject(o, "placement", it->placement);
		json_add_str_or_null(o, "mig_profile", it->mig_profile);
		cJSON_AddNumberToObject(o, "vm_count", it->vm_count);
		cJSON_AddNumberToObject(o, "gpu_count", it->gpu_count);
		json_add_money(o, "monthly_cost", it->monthly_cost);
		/* a MIG plan's split: its replicas on dedicated GPUs (or on slices) */
		json_add_str_or_null(o, "split", it->split[0] ? it->split + 3 : NULL);
	} else {
		cJSON_AddNullToObject(o, "sku");
		cJSON_AddNullToObject(o, "monthly_cost");
	}
	json_add_str_or_null(o, "data_findings", it->findings); /* null: none */
	return o;
}

static void add_pct(cJSON *o, const char *key, int has, double pct)
{
	if (has)
		json_add_rounded(o, key, pct, 2);
	else
		cJSON_AddNullToObject(o, key);
}

static int print_json(FILE *out, const struct costdiff *d, const char *cur, const char *bfile,
		      const char *hfile)
{
	cJSON *doc = cJSON_CreateObject();
	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "currency", cur);
	cJSON *b = cJSON_AddObjectToObject(doc, "base");
	cJSON_AddStringToObject(b, "file", bfile);
	if (d->base_complete)
		json_add_money(b, "monthly_cost", d->base_monthly);
	else
		cJSON_AddNullToObject(b, "monthly_cost");
	cJSON *h = cJSON_AddObjectToObject(doc, "head");
	cJSON_AddStringToObject(h, "file", hfile);
	if (d->head_complete)
		json_add_money(h, "monthly_cost", d->head_monthly);
	else
		cJSON_AddNullToObject(h, "monthly_cost");
	if (d->base_complete && d->head_complete) {
		json_add_money(doc, "delta_monthly", d->delta_monthly);
		add_pct(doc, "delta_pct", d->has_delta_pct, d->delta_pct);
	} else {
		cJSON_AddNullToObject(doc, "delta_monthly");
		cJSON_AddNullToObject(doc, "delta_pct");
	}
	cJSON *s = cJSON_AddObjectToObject(doc, "summary");
	cJSON_AddNumberToObject(s, "added", (double)d->added);
	cJSON_AddNumberToObject(s, "removed", (double)d->removed);
	cJSON_AddNumberToObject(s, "changed", (double)d->changed);
	cJSON_AddNumberToObject(s, "unchanged", (double)d->unchanged);
	cJSON *ws = cJSON_AddArrayToObject(doc, "workloads");
	for (size_t i = 0; i < d->nrows; i++) {
		const struct costdiff_row *r = &d->rows[i];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "name", r->name);
		cJSON_AddStringToObject(o, "status", costdiff_status_name(r->status));
		const char *names[8];
		size_t n = costdiff_change_names(r->changes, names, 8);
		cJSON *ch = cJSON_AddArrayToObject(o, "changes");
		for (size_t k = 0; k < n; k++)
			cJSON_AddItemToArray(ch, cJSON_CreateString(names[k]));
		cJSON_AddItemToObject(o, "base", item_json(r->base));
		cJSON_AddItemToObject(o, "head", item_json(r->head));
		if (row_known(r)) {
			json_add_money(o, "delta_monthly", r->delta_monthly);
			add_pct(o, "delta_pct", r->has_delta_pct, r->delta_pct);
		} else {
			cJSON_AddNullToObject(o, "delta_monthly");
			cJSON_AddNullToObject(o, "delta_pct");
		}
		cJSON_AddItemToArray(ws, o);
	}
	int rc = json_print(out, doc);
	cJSON_Delete(doc);
	return rc;
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
		if (row_known(r))
			snprintf(dc, sizeof dc, "%.2f", r->delta_monthly);
		if (r->has_delta_pct && row_known(r))
			snprintf(pc, sizeof pc, "%.2f", r->delta_pct);
		table_add(t, r->name, costdiff_status_name(r->status),
			  r->base && r->base->feasible ? r->base->sku : "",
			  r->head && r->head->feasible ? r->head->sku : "", bc, hc, dc, pc, cur);
	}
	table_print(t, out, FMT_CSV);
	table_free(t);
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
		if (print_json(ctx->out, &d, base.currency, files[0], files[1]) != 0)
			rc = EXIT_INPUT;
		break;
	case FMT_MARKDOWN:
		print_markdown(ctx->out, &d, base.currency);
		break;
	case FMT_CSV:
		print_csv(ctx->out, &d, base.currency);
		break;
	default:
		print_table(ctx->out, &d, base.currency, ctx->color);
		break;
	}
	costdiff_release(&d);
	cost_plan_release(&base);
	cost_plan_release(&head);
	return rc;
}
