/*
 * recommend_table.c - the `recommend` result in -f table, markdown and csv
 * (recommend_table.h).
 */
#include "recommend_table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bill.h"
#include "escape.h"
#include "load_plan_out.h"
#include "profile.h"
#include "util.h"

static void choice_row(struct table *t, const struct recommend_result *r,
		       const struct recommend_workload *w, const struct recommend_choice *c,
		       int rank)
{
	char rk[16], gpus[16], perf[64], mon[64], what[1024];
	snprintf(rk, sizeof(rk), "%d", rank);
	snprintf(gpus, sizeof(gpus), "%d", c->gpu_count);
	if (w->type == PROFILE_TRAINING)
		snprintf(perf, sizeof(perf), "%.1f h/run", c->fit.job_hours);
	else if (c->fit.tokens_per_s > 0)
		snprintf(perf, sizeof(perf), "%.0f tok/s, %.1f ms", c->fit.tokens_per_s,
			 c->fit.ms_per_token);
	else
		snprintf(perf, sizeof(perf), "-");
	table_add(t, rk, recommend_choice_label(r, w, c, what, sizeof(what)), c->region,
		  fit_placement_name(c->placement), gpus, perf,
		  util_fmt_money_in(mon, sizeof(mon), c->monthly_cost, r->currency));
}


void recommend_needs_print(FILE *f, const struct recommend_result *r,
			   const struct recommend_workload *w)
{
	const struct recommend_needs *n = &w->needs;
	const char *sep = "";

	if (!(n->gpu_memory_gib > 0) && !(n->tflops > 0) && !(n->bandwidth_gb_per_s > 0))
		return;
	fprintf(f, "needs per replica, %g%% headroom included: ", r->headroom_pct);
	if (n->gpu_memory_gib > 0)
		fprintf(f, "%.1f GiB GPU memory", n->gpu_memory_gib), sep = ", ";
	if (n->tflops > 0)
		fprintf(f, "%s%.1f TFLOPS", sep, n->tflops), sep = ", ";
	if (n->bandwidth_gb_per_s > 0)
		fprintf(f, "%s%.0f GB/s", sep, n->bandwidth_gb_per_s);
	fputc('\n', f);
}

/*
 * The table has a short default: what to buy, why, what it costs, the
 * alternatives, the other GPU families, the current deployment and the
 * findings and warnings.  The long lists (every rejection, a MIG section no
 * workload is placed in, the assumptions, every name of a long list of sizes
 * in a warning) are printed with --details (-v); without it they go to a
 * memory stream only to count their lines, and one closing line says how
 * many there are.
 */
struct more {
	int details;
	size_t lines;   /* lines left out */
	size_t cut;     /* warnings whose list of sizes was shortened */
	FILE *mem;
	char *buf;
	size_t len;
};

/* Where a section behind --details goes: f with --details, else a memory
 * stream (NULL when none can be opened: the section is skipped). */
static FILE *more_begin(FILE *f, struct more *m)
{
	if (m->details)
		return f;
	m->buf = NULL;
	m->len = 0;
	m->mem = open_memstream(&m->buf, &m->len);
	return m->mem;
}

/* Counts the lines of the section more_begin() opened and drops them. */
static void more_end(struct more *m)
{
	if (!m->mem)
		return;
	if (fclose(m->mem) == 0)
		for (size_t i = 0; i < m->len; i++)
			m->lines += m->buf[i] == '\n';
	free(m->buf);
	m->mem = NULL;
	m->buf = NULL;
}

/*
 * A warning with its first parenthesised list of more than two names
 * ("(A, B, C, D)") cut to its first name ("(A, ...)") into buf; 0 when it
 * has no such list (buf untouched).  The warning says how many there are.
 */
static int warning_short(const char *w, char *buf, size_t len)
{
	const char *open = strchr(w, '('), *close, *p;
	size_t items = 1;

	if (!open || !(close = strchr(open, ')')))
		return 0;
	p = open + 1;
	for (const char *q = p; q < close; q++)
		if (q[0] == ',' && q[1] == ' ')
			items++;
	if (items <= 2)
		return 0;
	p = strstr(p, ", ") + 2;
	snprintf(buf, len, "%.*s...%s", (int)(p - w), w, close);
	return 1;
}

/* A load plan: its summary, then the replicas of each hour (UTC). */
static void print_load_plan(FILE *f, const struct recommend_result *r,
			    const struct recommend_load_plan *lp, const char *first,
			    const char *rest)
{
	char buf[512];

	load_plan_summary(lp, r->currency, buf, sizeof buf);
	fprintf(f, "%s%s\n", first, buf);
	for (int cv = 0; cv < lp->curves; cv++) {
		load_plan_hours_text(lp, cv, buf, sizeof buf);
		fprintf(f, "%sreplicas by hour (UTC 00-23)%s: %s\n", rest,
			lp->curves == 2 ? (cv ? ", weekend" : ", weekday") : "", buf);
	}
}

static void print_workload_table(FILE *f, const struct recommend_result *r,
				 const struct recommend_workload *w, int color, struct more *more)
{
	FILE *out = f;
	char a[64], b[64], what[1024], buf[1024];

	fprintf(f, "%s== %s (%s, %ld replica%s) ==%s\n", out_sgr(color, OUT_BOLD), w->name,
		profile_type_name(w->type), w->replicas, w->replicas == 1 ? "" : "s",
		out_sgr_off(color, OUT_BOLD));
	recommend_needs_print(f, r, w);
	if (w->feasible) {
		const struct recommend_choice *c = &w->rec;
		/* sizes and MIG profiles are the catalog's: escaped, as every name */
		fputs(out_sgr(color, OUT_GREEN), f);
		esc_fprintf(f, ESC_TERM, "recommendation: %s in %s (%s, %d GPU%s), %s/month%s",
			    recommend_choice_label(r, w, &w->rec, what, sizeof(what)), c->region,
			    fit_placement_name(c->placement),
			    c->gpu_count, c->gpu_count == 1 ? "" : "s",
			    util_fmt_money_in(a, sizeof(a), c->monthly_cost, r->currency),
			    c->basis == RECOMMEND_BASIS_PLAN ? " as its part of the MIG plan" : "");
		fprintf(f, "%s\n", out_sgr_off(color, OUT_BOLD));
		if (w->load_plan && load_plan_capped_text(w->load_plan, buf, sizeof buf))
			fprintf(f, "%s  %s%s\n", out_sgr(color, OUT_RED), buf,
				out_sgr_off(color, OUT_BOLD));
		if (w->type == PROFILE_TRAINING)
			fprintf(f, "  one run: %.1f h, %s; %.1f%% memory headroom\n", c->fit.job_hours,
				util_fmt_money_in(b, sizeof(b), c->job_cost, r->currency),
				c->fit.memory_headroom_pct);
		else if (c->fit.tokens_per_s > 0)
			fprintf(f, "  est. %.0f output tokens/s per replica%s, %.1f ms/token, "
				   "%.1f%% memory headroom\n",
				c->fit.tokens_per_s,
				w->load_plan && w->load_plan->capped_hours > 0
					? " at its capacity (the capped hours need more)" : "",
				c->fit.ms_per_token, c->fit.memory_headroom_pct);
		else
			fprintf(f, "  %.1f%% memory headroom\n", c->fit.memory_headroom_pct);
		if (w->load_plan)
			print_load_plan(f, r, w->load_plan, "  load plan: ", "  ");
		for (size_t i = 0; recommend_choice_reason(r, w, c, i, buf, sizeof(buf)); i++) {
			fputs("  - ", f);
			esc_fputs(f, ESC_TERM, buf);
			fputc('\n', f);
		}
	} else {
		fprintf(f, "%srecommendation: none (no feasible option)%s\n", out_sgr(color, OUT_RED),
			out_sgr_off(color, OUT_BOLD));
	}
	if (w->nalternatives) {
		struct table *t = table_new(7);
		table_header(t, 0, "rank", ALIGN_RIGHT);
		table_header(t, 1, "alternative", ALIGN_LEFT);
		table_header(t, 2, "region", ALIGN_LEFT);
		table_header(t, 3, "placement", ALIGN_LEFT);
		table_header(t, 4, "gpus", ALIGN_RIGHT);
		table_header(t, 5, "estimate", ALIGN_LEFT);
		table_header(t, 6, "monthly", ALIGN_RIGHT);
		for (size_t i = 0; i < w->nalternatives; i++)
			choice_row(t, r, w, &w->alternatives[i], (int)i + 2);
		fputc('\n', f);
		table_color(t, color);
		table_print(t, f, FMT_TABLE);
		table_free(t);
	}
	if (w->nrejected && (f = more_begin(out, more))) {
		struct table *t = table_new(2);
		table_header(t, 0, "rejected", ALIGN_LEFT);
		table_header(t, 1, "reason", ALIGN_LEFT);
		for (size_t i = 0; i < w->nrejected; i++) {
			const struct recommend_reject *rj = &w->rejected[i];
			recommend_reject_reason(w, &rj->fit, pricing_name(r->pricing), rj->region, buf,
						sizeof(buf));
			if (rj->mig_profile[0])
				snprintf(what, sizeof(what), "%s %s", rj->sku, rj->mig_profile);
			else
				snprintf(what, sizeof(what), "%s", rj->sku);
			table_add(t, what, buf);
		}
		for (size_t i = 0; i < w->nsummaries; i++) {
			const struct recommend_reject_summary *su = &w->summaries[i];
			char n[32];

			snprintf(n, sizeof n, "%zu size%s", su->count, su->count == 1 ? "" : "s");
			snprintf(buf, sizeof(buf), "%s (%s%s%s%s); --all-rejected lists them",
				 su->reject == FIT_REJ_RETIRED
					 ? "retired by Azure"
					 : "partial GPUs are not used for training: their MIG slices "
					   "or GPU partitions",
				 su->example, su->example_mig_profile[0] ? " " : "",
				 su->example_mig_profile, su->count > 1 ? ", ..." : "");
			table_add(t, n, buf);
		}
		fputc('\n', f);
		table_color(t, color);
		table_print(t, f, FMT_TABLE);
		table_free(t);
		more_end(more);
	}
	f = out;
	if (w->nfamilies) {
		struct table *t = table_new(3);
		table_header(t, 0, "other GPU family", ALIGN_LEFT);
		table_header(t, 1, "its cheapest option", ALIGN_LEFT);
		table_header(t, 2, "monthly vs recommendation", ALIGN_RIGHT);
		for (size_t i = 0; i < w->nfamilies; i++) {
			const struct recommend_family *fa = &w->families[i];
			char money[64];

			if (fa->mig_profile[0])
				snprintf(what, sizeof(what), "%s %s", fa->sku, fa->mig_profile);
			else
				snprintf(what, sizeof(what), "%s", fa->sku);
			util_fmt_money(money, sizeof money, fabs(fa->extra_monthly));
			if (strcmp(r->currency, "USD") == 0)
				snprintf(buf, sizeof(buf), "%c$%s",
					 fa->extra_monthly < 0 ? '-' : '+', money);
			else
				snprintf(buf, sizeof(buf), "%c%s %s",
					 fa->extra_monthly < 0 ? '-' : '+', money, r->currency);
			table_add(t, fa->family, what, buf);
		}
		fputc('\n', f);
		table_color(t, color);
		table_print(t, f, FMT_TABLE);
		table_free(t);
	}
	if (w->nregions > 1) {
		/* under pricing auto each region is billed under the term
		 * cheapest there: the table says which */
		struct table *t = table_new(r->pricing_auto ? 4 : 3);
		char terms[64];

		table_header(t, 0, "region", ALIGN_LEFT);
		table_header(t, 1, "best size", ALIGN_LEFT);
		table_header(t, 2, "monthly", ALIGN_RIGHT);
		if (r->pricing_auto)
			table_header(t, 3, "term", ALIGN_LEFT);
		for (size_t i = 0; i < w->nregions; i++) {
			const struct recommend_region_cost *rc = &w->regions[i];
			table_add(t, rc->region, rc->feasible ? rc->sku : "(none)",
				  rc->feasible ? util_fmt_money_in(a, sizeof(a), rc->monthly_cost, r->currency)
					       : "-",
				  rc->feasible ? recommend_terms_text(rc->terms, terms, sizeof terms) : "-");
		}
		fputc('\n', f);
		table_color(t, color);
		table_print(t, f, FMT_TABLE);
		table_free(t);
	}
	if (w->has_current) {
		const struct recommend_current *c = &w->current;
		fputc('\n', f);
		if (!c->priced)
			fprintf(f, "current: %ld x %s, cost unknown (no price)\n", c->count, c->sku);
		else if (!w->feasible)
			fprintf(f, "current: %ld x %s, %s/month\n", c->count, c->sku,
				util_fmt_money_in(a, sizeof(a), c->monthly_cost, r->currency));
		else
			fprintf(f, "current: %ld x %s, %s/month; %s %s/month\n", c->count, c->sku,
				util_fmt_money_in(a, sizeof(a), c->monthly_cost, r->currency),
				c->savings_monthly >= 0 ? "saving" : "costs more by",
				util_fmt_money_in(b, sizeof(b), c->savings_monthly >= 0 ? c->savings_monthly
									   : -c->savings_monthly,
				      r->currency));
	}
	if (w->nfindings) {
		fputc('\n', f);
		for (size_t i = 0; i < w->nfindings; i++) {
			enum recommend_severity sv = w->findings[i].severity;
			enum out_style on = sv == RECOMMEND_ERROR ? OUT_RED
					    : sv == RECOMMEND_WARNING ? OUT_YELLOW : OUT_PLAIN;

			fprintf(f, "%s%s%s: ", out_sgr(color, on), recommend_severity_name(sv),
				out_sgr_off(color, on));
			esc_fprintf(f, ESC_TERM, "%s: %s", w->findings[i].kind,
				    w->findings[i].message);
			fputc('\n', f);
		}
	}
	fputc('\n', f);
}

/* The line on how the totals treat the MIG plan of region g (every region
 * when g is NULL: the plan has one region, or none is priced apart). */
static void mig_verdict(char *buf, size_t len, const struct recommend_result *r,
			const struct recommend_mig_region *g)
{
	const struct recommend_mig_plan *m = &r->mig;
	char a[64], pre[64] = "";
	size_t n = g ? g->nworkloads : m->nworkloads;
	int used = g ? g->used_in_totals : m->used_in_totals;
	if (g)
		snprintf(pre, sizeof(pre), "%s: ", g->region);
	if (used)
		snprintf(buf, len, "%stotals use the MIG plan for %zu workload%s: saves %s/month",
			 pre, n, n == 1 ? "" : "s",
			 util_fmt_money_in(a, sizeof(a), g ? g->dedicated_monthly_cost - g->monthly_cost
					       : m->savings_monthly, r->currency));
	else if (g && !g->priced)
		snprintf(buf, len, "%stotals use the workloads' best dedicated options: the MIG "
				   "plan could not place every replica", pre);
	else
		snprintf(buf, len, "%stotals use the workloads' best dedicated options: the MIG "
				   "plan does not cost less", pre);
}

/* The verdict lines, one per region when the plan spans several. */
static void print_mig_verdicts(FILE *f, const struct recommend_result *r, const char *prefix)
{
	const struct recommend_mig_plan *m = &r->mig;
	char line[320];
	if (m->nregions <= 1) {
		mig_verdict(line, sizeof(line), r, m->nregions ? &m->regions[0] : NULL);
		/* one region: no region prefix */
		if (m->nregions && m->regions)
			memmove(line, line + strlen(m->regions[0].region) + 2,
				strlen(line + strlen(m->regions[0].region) + 2) + 1);
		fprintf(f, "%s%s\n", prefix, line);
		return;
	}
	for (size_t i = 0; i < m->nregions; i++) {
		mig_verdict(line, sizeof(line), r, &m->regions[i]);
		fprintf(f, "%s%s\n", prefix, line);
	}
}

static struct table *mig_pool_table(const struct recommend_result *r)
{
	struct table *t = table_new(7);
	char vms[16], used[32], mon[64];
	table_header(t, 0, "pool", ALIGN_LEFT);
	table_header(t, 1, "size", ALIGN_LEFT);
	table_header(t, 2, "region", ALIGN_LEFT);
	table_header(t, 3, "vms", ALIGN_RIGHT);
	table_header(t, 4, "mig profile", ALIGN_LEFT);
	table_header(t, 5, "slices used", ALIGN_RIGHT);
	table_header(t, 6, "monthly", ALIGN_RIGHT);
	for (size_t i = 0; i < r->mig.npools; i++) {
		const struct mig_plan_pool *p = &r->mig.pools[i];
		snprintf(vms, sizeof(vms), "%d", p->vm_count);
		snprintf(used, sizeof(used), "%d/%d", p->slices_used, p->slices);
		table_add(t, p->name, p->sku, p->region, vms,
			  p->mig_profile[0] ? p->mig_profile : "mixed", used,
			  util_fmt_money_in(mon, sizeof(mon), p->monthly_cost, r->currency));
	}
	return t;
}

static void print_mig_table(FILE *f, const struct recommend_result *r, int color)
{
	const struct recommend_mig_plan *m = &r->mig;
	char a[64], b[64];
	if (!m->present)
		return;
	fprintf(f, "%s== MIG packing (%s) ==%s\n", out_sgr(color, OUT_BOLD),
		m->strategy == MIG_STRATEGY_MIXED ? "mixed layouts, GPU Operator" : "AKS node pools",
		out_sgr_off(color, OUT_BOLD));
	fprintf(f, "%zu workload%s (%ld replica%s) on shared GPUs: %s/month; on their best "
		   "dedicated options: %s/month\n",
		m->nworkloads, m->nworkloads == 1 ? "" : "s", m->replicas,
		m->replicas == 1 ? "" : "s", util_fmt_money_in(a, sizeof(a), m->monthly_cost, r->currency),
		util_fmt_money_in(b, sizeof(b), m->dedicated_monthly_cost, r->currency));
	if (m->npools) {
		struct table *t = mig_pool_table(r);
		fputc('\n', f);
		table_color(t, color);
		table_print(t, f, FMT_TABLE);
		table_free(t);
	}
	if (m->ndedicated) {
		double sum = 0;
		for (size_t i = 0; i < m->ndedicated; i++)
			sum += m->dedicated[i].monthly_cost;
		fprintf(f, "%s%zu replica%s on dedicated small GPUs: %s/month\n",
			m->npools ? "\n" : "", m->ndedicated, m->ndedicated == 1 ? "" : "s",
			util_fmt_money_in(a, sizeof(a), sum, r->currency));
	}
	fputc('\n', f);
	print_mig_verdicts(f, r, "");
	fputc('\n', f);
}

static void print_assumptions(FILE *f, const struct recommend_result *r)
{
	const struct sizing_factors *x = &r->factors;
	fprintf(f, "assumptions:\n"
		   "  headroom %g%% on memory and throughput; %g hours per month; %s prices%s\n"
		   "  each replica is sized for the full load; needs include the headroom\n"
		   "  a MIG slice costs max(compute/7, memory/8) of one GPU's share of the VM\n"
		   "  workloads whose cheapest option is a MIG slice are packed per region onto\n"
		   "  whole VMs (the MIG plan); only when the plan costs less than their best\n"
		   "  dedicated options is each recommended its placement in the plan, charged\n"
		   "  in proportion to what it would cost alone (whole cents, largest remainder)\n"
		   "  defaults: decode bandwidth efficiency %g, prefill MFU %g, training MFU %g,\n"
		   "  memory utilisation %g, runtime overhead %g GiB, MIG efficiency %g; a GPU\n"
		   "  class, engine or framework with its own factors in the catalog differs\n"
		   "  (the reasons give the MFU used; 'gpufit estimate --gpu G' lists a GPU's)\n",
		r->headroom_pct, r->hours_per_month, r->pricing_auto ? "auto" : pricing_name(r->pricing),
		r->pricing_auto ? " (per workload the cheapest of payg, reserved and savings "
				  "terms for its hours; never spot, which may be evicted)"
		: bill_is_commitment(r->pricing) ? ", billed 730 h a month whatever the use" : "",
		x->decode_bw_efficiency, x->prefill_mfu, x->train_mfu, x->memory_utilization,
		x->runtime_overhead_gib, x->mig_efficiency);
}

/* "$1,234.56" or "unknown (2 workloads unpriced: a, b; $1,000.00 priced)",
 * then " (current ... for N workloads, saving ...)". */
static void print_total(FILE *f, const struct recommend_result *r)
{
	char a[64], b[64], c[64];
	if (r->complete) {
		fputs(util_fmt_money_in(a, sizeof(a), r->monthly_cost, r->currency), f);
	} else {
		fprintf(f, "unknown (%zu workload%s unpriced: ", r->nunpriced,
			r->nunpriced == 1 ? "" : "s");
		for (size_t i = 0; i < r->nunpriced && i < 3; i++)
			fprintf(f, "%s%s", i ? ", " : "", r->workloads[r->unpriced[i]].name);
		if (r->nunpriced > 3)
			fprintf(f, ", ...");
		if (r->nunpriced == r->nworkloads)
			fprintf(f, "; none is priced)");
		else
			fprintf(f, "; the priced ones %s)",
				util_fmt_money_in(a, sizeof(a), r->priced_monthly_cost, r->currency));
	}
	if (r->has_current) {
		fprintf(f, " (current %s for %zu of %zu workloads",
			util_fmt_money_in(b, sizeof(b), r->current_monthly_cost, r->currency), r->current_covered,
			r->nworkloads);
		if (r->current_unknown)
			fprintf(f, ", %zu unpriced", r->current_unknown);
		if (r->savings_known && r->savings_monthly < 0)
			fprintf(f, ", the recommendation costs %s more)",
				util_fmt_money_in(c, sizeof(c), -r->savings_monthly, r->currency));
		else if (r->savings_known)
			fprintf(f, ", saving %s)", util_fmt_money_in(c, sizeof(c), r->savings_monthly, r->currency));
		else
			fprintf(f, ", saving unknown)");
	}
}

/* 1 when some workload is recommended its placement in the MIG plan. */
static int mig_plan_used(const struct recommend_result *r)
{
	for (size_t i = 0; i < r->nworkloads; i++)
		if (r->workloads[i].feasible && r->workloads[i].rec.basis == RECOMMEND_BASIS_PLAN)
			return 1;
	return 0;
}

static void print_table(FILE *f, const struct recommend_result *r, int color, int details)
{
	struct more more = { .details = details };
	char line[4096];
	FILE *g;

	for (size_t i = 0; i < r->nworkloads; i++)
		print_workload_table(f, r, &r->workloads[i], color, &more);
	if (r->mig.present && (g = mig_plan_used(r) ? f : more_begin(f, &more))) {
		print_mig_table(g, r, color);
		if (g != f)
			more_end(&more);
	}
	fprintf(f, "fleet: %zu workload%s, %zu without a feasible option\n", r->nworkloads,
		r->nworkloads == 1 ? "" : "s", r->infeasible);
	fprintf(f, "monthly GPU cost: ");
	print_total(f, r);
	fputc('\n', f);
	if (r->nwarnings) {
		fprintf(f, "\n%swarnings:%s\n", out_sgr(color, OUT_YELLOW), out_sgr_off(color, OUT_BOLD));
		for (size_t i = 0; i < r->nwarnings; i++) {
			int cut = !details && warning_short(r->warnings[i], line, sizeof line);

			more.cut += (size_t)cut;
			fputs("  ", f);
			esc_fputs(f, ESC_TERM, cut ? line : r->warnings[i]);
			fputc('\n', f);
		}
	}
	fputc('\n', f);
	if ((g = more_begin(f, &more))) {
		print_assumptions(g, r);
		if (g != f)
			more_end(&more);
	}
	if (details)
		return;
	if (more.cut)
		fprintf(f, "%zu more lines and the full lists of sizes: --details\n",
			more.lines);
	else
		fprintf(f, "%zu more lines: --details\n", more.lines);
}

/* ---- markdown ----------------------------------------------------------- */

static void print_markdown(FILE *f, const struct recommend_result *r)
{
	char a[64], b[64], what[1024], buf[1024];
	struct table *t = table_new(6);

	fprintf(f, "**Monthly GPU cost:** ");
	print_total(f, r);
	fprintf(f, "\n\n");
	table_header(t, 0, "workload", ALIGN_LEFT);
	table_header(t, 1, "recommendation", ALIGN_LEFT);
	table_header(t, 2, "region", ALIGN_LEFT);
	table_header(t, 3, "GPUs", ALIGN_RIGHT);
	table_header(t, 4, "monthly", ALIGN_RIGHT);
	table_header(t, 5, "current", ALIGN_RIGHT);
	for (size_t i = 0; i < r->nworkloads; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		char gpus[16];
		snprintf(gpus, sizeof(gpus), "%d", w->feasible ? w->rec.gpu_count : 0);
		if (w->feasible) {
			recommend_choice_label(r, w, &w->rec, what, sizeof(what));
			if (r->pricing_auto) {
				/* pricing auto: each workload's term (a load plan's:
				 * those of its levels) */
				size_t at = strlen(what);
				char terms[64];

				snprintf(what + at, sizeof(what) - at, " (%s)",
					 recommend_terms_label(w, &w->rec, terms, sizeof terms));
			}
			if (w->load_plan && w->load_plan->capped_hours > 0) {
				size_t at = strlen(what);

				snprintf(what + at, sizeof(what) - at,
					 " (SLO not met in %d capped hours)",
					 w->load_plan->capped_hours);
			}
		}
		table_add(t, w->name,
			  w->feasible ? what
				      : "no feasible option",
			  w->feasible ? w->rec.region : "-", w->feasible ? gpus : "-",
			  w->feasible ? util_fmt_money_in(a, sizeof(a), w->rec.monthly_cost, r->currency) : "-",
			  w->has_current && w->current.priced
				  ? util_fmt_money_in(b, sizeof(b), w->current.monthly_cost, r->currency)
				  : "-");
	}
	table_print(t, f, FMT_MARKDOWN);
	table_free(t);
	if (r->mig.present) {
		fprintf(f, "\n**MIG packing:** %zu workload%s on shared GPUs, %s/month against %s/month "
			   "on their best dedicated options\n\n",
			r->mig.nworkloads, r->mig.nworkloads == 1 ? "" : "s",
			util_fmt_money_in(a, sizeof(a), r->mig.monthly_cost, r->currency),
			util_fmt_money_in(b, sizeof(b), r->mig.dedicated_monthly_cost, r->currency));
		print_mig_verdicts(f, r, "- ");
		if (r->mig.npools) {
			t = mig_pool_table(r);
			fputc('\n', f);
			table_print(t, f, FMT_MARKDOWN);
			table_free(t);
		}
	}
	fprintf(f, "\n<details><summary>Details</summary>\n\n");
	for (size_t i = 0; i < r->nworkloads; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		fprintf(f, "#### %s\n\n", w->name);
		if (w->feasible && w->load_plan) {
			if (load_plan_capped_text(w->load_plan, buf, sizeof buf))
				fprintf(f, "- **%s**\n", buf);
			print_load_plan(f, r, w->load_plan, "- load plan: ", "- ");
		}
		if (w->feasible)
			for (size_t k = 0; recommend_choice_reason(r, w, &w->rec, k, buf, sizeof(buf));
			     k++) {
				fputs("- ", f);
				esc_fputs(f, ESC_MARKDOWN, buf);
				fputc('\n', f);
			}
		/* sizes, regions and MIG profiles are the catalog's: Markdown-escaped */
		for (size_t k = 0; k < w->nalternatives; k++) {
			fprintf(f, "- alternative %zu: ", k + 2);
			esc_fprintf(f, ESC_MARKDOWN, "%s in %s, %s/month",
				    recommend_choice_label(r, w, &w->alternatives[k], what, sizeof(what)),
				    w->alternatives[k].region,
				    util_fmt_money_in(a, sizeof(a), w->alternatives[k].monthly_cost,
						      r->currency));
			fputc('\n', f);
		}
		for (size_t k = 0; k < w->nrejected; k++) {
			recommend_reject_reason(w, &w->rejected[k].fit, pricing_name(r->pricing),
						w->rejected[k].region, buf, sizeof(buf));
			fputs("- rejected ", f);
			esc_fprintf(f, ESC_MARKDOWN, "%s%s%s: %s", w->rejected[k].sku,
				    w->rejected[k].mig_profile[0] ? " " : "", w->rejected[k].mig_profile,
				    buf);
			fputc('\n', f);
		}
		for (size_t k = 0; k < w->nfindings; k++) {
			fprintf(f, "- **%s** ", recommend_severity_name(w->findings[k].severity));
			esc_fprintf(f, ESC_MARKDOWN, "%s: %s", w->findings[k].kind,
				    w->findings[k].message);
			fputc('\n', f);
		}
		fputc('\n', f);
	}
	for (size_t i = 0; i < r->nwarnings; i++) {
		fputs("> warning: ", f);
		esc_fputs(f, ESC_MARKDOWN, r->warnings[i]);
		fputs("\n\n", f);
	}
	fprintf(f, "</details>\n");
}

/* ---- csv ---------------------------------------------------------------- */

/* Raw numbers only, units in the headers; an unknown number is an empty
 * cell.  cost_basis says what monthly is (docs/recommend.md). */
static void csv_row(struct table *t, const struct recommend_result *r,
		    const struct recommend_workload *w, const struct recommend_choice *c, int rank)
{
	char rk[16], vms[16], gpus[16], hourly[40], monthly[32], tps[32], ms[32], jh[32];
	char label[1024], peak[16], trough[16], peak_sized[32], capped[16], needed[16], terms[64];
	snprintf(rk, sizeof(rk), "%d", rank);
	snprintf(vms, sizeof(vms), "%d", c->vm_count);
	snprintf(gpus, sizeof(gpus), "%d", c->gpu_count);
	/* a load plan's VMs change by the hour and its levels may bill under
	 * different terms: it has no flat hourly rate (monthly is its bill) */
	hourly[0] = '\0';
	if (!w->load_plan)
		util_fmt_hourly(hourly, sizeof(hourly), c->hourly_cost);
	snprintf(monthly, sizeof(monthly), "%.2f", c->monthly_cost);
	tps[0] = ms[0] = jh[0] = '\0';
	if (w->type == PROFILE_TRAINING) {
		snprintf(jh, sizeof(jh), "%.1f", c->fit.job_hours);
	} else if (c->fit.tokens_per_s > 0) {
		snprintf(tps, sizeof(tps), "%.0f", c->fit.tokens_per_s);
		snprintf(ms, sizeof(ms), "%.1f", c->fit.ms_per_token);
	}
	peak[0] = trough[0] = peak_sized[0] = capped[0] = needed[0] = '\0';
	if (w->load_plan && c == &w->rec) {
		snprintf(capped, sizeof capped, "%d", w->load_plan->capped_hours);
		snprintf(needed, sizeof needed, "%d", w->load_plan->peak_replicas_needed);
		snprintf(peak, sizeof peak, "%d", w->load_plan->peak_replicas);
		snprintf(trough, sizeof trough, "%d", w->load_plan->trough_replicas);
		snprintf(peak_sized, sizeof peak_sized, "%.2f", w->load_plan->peak_sized_monthly_cost);
	}
	table_add(t, w->name, rk, c->sku, c->region, fit_placement_name(c->placement),
		  c->mig_profile, vms, gpus, hourly, monthly, recommend_basis_name(c->basis), tps,
		  ms, jh, r->currency,
		  recommend_terms_label(w, c, terms, sizeof terms),
		  recommend_choice_label(r, w, c, label, sizeof(label)), peak, trough, peak_sized,
		  capped, needed);
}

static void print_csv(FILE *f, const struct recommend_result *r)
{
	char hourly[32], monthly[32], peak_sized[48], cur[8];
	const char *cols[] = { "workload", "rank", "sku", "region", "placement", "mig_profile",
			       "vm_count", "gpu_count", hourly, monthly, "cost_basis",
			       "est_output_tokens_per_s", "est_ms_per_output_token", "job_hours",
			       "currency", "pricing", "label", "peak_replicas", "trough_replicas",
			       peak_sized, "capped_hours", "peak_replicas_needed" };
	size_t ncols = sizeof(cols) / sizeof(cols[0]), k;
	struct table *t = table_new(ncols);
	for (k = 0; r->currency[k] && k + 1 < sizeof(cur); k++)
		cur[k] = (char)(r->currency[k] >= 'A' && r->currency[k] <= 'Z'
					? r->currency[k] - 'A' + 'a' : r->currency[k]);
	cur[k] = '\0';
	snprintf(hourly, sizeof(hourly), "hourly_%s", cur);
	snprintf(monthly, sizeof(monthly), "monthly_%s", cur);
	snprintf(peak_sized, sizeof(peak_sized), "peak_sized_monthly_%s", cur);
	for (size_t i = 0; i < ncols; i++)
		table_header(t, i, cols[i], ALIGN_LEFT);
	for (size_t i = 0; i < r->nworkloads; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		if (!w->feasible) {
			table_add(t, w->name, "", "", "", "", "", "", "", "", "", "", "", "", "",
				  r->currency, "", "", "", "", "", "", "");
			continue;
		}
		csv_row(t, r, w, &w->rec, 1);
		for (size_t a = 0; a < w->nalternatives; a++)
			csv_row(t, r, w, &w->alternatives[a], (int)a + 2);
	}
	table_print(t, f, FMT_CSV);
	table_free(t);
}

void recommend_table_print(FILE *out, enum out_format format, int color, int details,
			   const struct recommend_result *r)
{
	switch (format) {
	case FMT_MARKDOWN:
		print_markdown(out, r);
		break;
	case FMT_CSV:
		print_csv(out, r);
		break;
	default:
		print_table(out, r, color, details);
		break;
	}
}
