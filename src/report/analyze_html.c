/*
 * analyze_html.c - the `analyze -f html` report (analyze_html.h): it only
 * prints what the JSON document says.
 */
#include "analyze_html.h"

#include <math.h>
#include <string.h>

#include "html_out.h"
#include "util.h"

#define AX_X 130
#define AX_W 400
#define ROW_H 20

static const struct {
	const char *metric, *label;
} strip_metrics[] = {
	{ "sm_active", "SM active" },
	{ "dram_active", "DRAM active" },
	{ "tensor_active", "tensor active" },
	{ "gpu_util", "duty cycle" },
};
#define NSTRIP (sizeof strip_metrics / sizeof strip_metrics[0])

/* What each finding means, in words (the page never tells it by colour). */
static const char *finding_note(const char *f)
{
	static const struct {
		const char *name, *note;
	} notes[] = {
		{ "idle", "no work ran: give it work, or release its VM once none of its GPUs works" },
		{ "underused", "busy well below capacity: its work could share a GPU or move to a "
			       "smaller one, which saves only when whole VMs go" },
		{ "busy-waiting", "kernels resident but SMs mostly idle: the duty cycle overstates the work" },
		{ "data-starved", "waiting on input from the host: fix the data path before buying GPUs" },
		{ "memory-bound", "limited by memory bandwidth" },
		{ "healthy", "well used" },
		{ "no-data", "too few samples to tell" },
	};
	for (size_t i = 0; i < sizeof notes / sizeof notes[0]; i++)
		if (strcmp(notes[i].name, f) == 0)
			return notes[i].note;
	return "";
}

static void strip(FILE *f, const cJSON *g)
{
	const cJSON *st = cJSON_GetObjectItemCaseSensitive(g, "stats");
	int h = (int)NSTRIP * ROW_H + 22;
	html_printf(f, "<svg class=\"strip\" role=\"img\" viewBox=\"0 0 %d %d\" width=\"%d\" "
		       "height=\"%d\"><title>Utilization p5, p50 and p95</title>",
		    AX_X + AX_W + 260, h, AX_X + AX_W + 260, h);
	for (int t = 0; t <= 4; t++) {
		double x = AX_X + AX_W * t / 4.0;
		html_printf(f, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%d\" stroke=\"#8c8c8c\" "
			       "stroke-width=\"1\"/><text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" "
			       "fill=\"#4d4d4d\">%d%%</text>",
			    x, x, (int)NSTRIP * ROW_H, x, h - 6, t * 25);
	}
	for (size_t m = 0; m < NSTRIP; m++) {
		const cJSON *x = cJSON_GetObjectItemCaseSensitive(st, strip_metrics[m].metric);
		double p5, p50, p95;
		int y = (int)m * ROW_H;
		html_printf(f, "<g class=\"metric\" data-metric=\"%s\"><text x=\"0\" y=\"%d\">%s</text>",
			    strip_metrics[m].metric, y + 14, strip_metrics[m].label);
		if (!html_num(x, "p5", &p5) || !html_num(x, "p50", &p50) || !html_num(x, "p95", &p95)) {
			html_printf(f, "<text x=\"%d\" y=\"%d\" fill=\"#4d4d4d\">no data</text></g>",
				    AX_X + 6, y + 14);
			continue;
		}
		double x5 = AX_X + AX_W * p5, x95 = AX_X + AX_W * p95, x50 = AX_X + AX_W * p50;
		html_printf(f, "<rect class=\"range\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"10\" "
			       "fill=\"%s\"/><rect class=\"p50\" x=\"%.1f\" y=\"%d\" width=\"3\" "
			       "height=\"16\" fill=\"#1b1b1b\"/>",
			    x5, y + 5, fmax(x95 - x5, 2), html_color(0), x50 - 1.5, y + 2);
		html_printf(f, "<text class=\"pct\" x=\"%d\" y=\"%d\">p5 %.1f%% \xc2\xb7 p50 %.1f%% "
			       "\xc2\xb7 p95 %.1f%%</text></g>",
			    AX_X + AX_W + 8, y + 14, p5 * 100, p50 * 100, p95 * 100);
	}
	fputs("</svg>\n", f);
}

static void gpu(FILE *f, const cJSON *g, const char *cur, size_t idx)
{
	char buf[64];
	const char *mig = html_str(g, "mig_profile"), *pod = html_str(g, "pod");
	html_printf(f, "<div class=\"gpu\" data-index=\"%zu\"><h4>", idx);
	html_esc(f, html_str(g, "host"));
	fputs(" GPU ", f);
	html_esc(f, html_str(g, "gpu") ? html_str(g, "gpu") : "?");
	if (mig) {
		fputs(" MIG ", f);
		html_esc(f, mig);
		fputs(" #", f);
		html_esc(f, html_str(g, "mig_id"));
	}
	fputs(" <span class=\"muted\">[", f);
	html_esc(f, html_str(g, "finding"));
	fputs("]</span></h4>\n<p>", f);
	if (pod) {
		fputs("pod ", f);
		html_esc(f, pod);
		fputs("; ", f);
	}
	html_esc(f, html_str(g, "sku") ? html_str(g, "sku") : "size unknown");
	fputs(", <span data-json=\"monthly_cost\">", f);
	html_esc(f, html_money_of(buf, sizeof buf, g, "monthly_cost", cur));
	fputs("</span> per month, saves <span data-json=\"savings_monthly\">", f);
	{
		double m;
		html_esc(f, html_num(g, "monthly_cost", &m) && html_num(g, "savings_monthly", &m)
				    ? html_money_of(buf, sizeof buf, g, "savings_monthly", cur)
				    : "unknown");
	}
	fputs("</span>. ", f);
	html_esc(f, html_str(g, "reason"));
	fputs(" \xe2\x86\x92 ", f);
	html_esc(f, html_str(g, "recommendation"));
	if (html_str(g, "enable")) {
		fputs("; ", f);
		html_esc(f, html_str(g, "enable"));
	}
	fputs("</p>\n", f);
	strip(f, g);
	fputs("</div>\n", f);
}

/* A GPU of a move: "host GPU n", and the pod of the work when there is one. */
static void move_gpu(FILE *f, const cJSON *g)
{
	html_esc(f, html_str(g, "host") ? html_str(g, "host") : "?");
	fputs(" GPU ", f);
	html_esc(f, html_str(g, "gpu") ? html_str(g, "gpu") : "?");
	if (html_str(g, "pod")) {
		fputs(" (pod ", f);
		html_esc(f, html_str(g, "pod"));
		fputs(")", f);
	}
}

/* The proposals: each saving is the bill before less the bill after; the
 * alternatives for the same VMs are not in the savings. */
static void proposals(FILE *f, const cJSON *doc, const char *cur)
{
	const cJSON *ps = cJSON_GetObjectItemCaseSensitive(doc, "proposals"), *p, *x;
	char buf[64];
	size_t i = 0;

	fputs("<h2>Proposals</h2>\n<p class=\"muted\">Azure bills a VM for all its GPUs: only "
	      "whole VMs save.</p>\n", f);
	if (!cJSON_GetArraySize(ps)) {
		fputs("<p>None: no VM can be freed or made smaller.</p>\n", f);
		return;
	}
	fputs("<table class=\"proposals\"><tr><th>proposal</th><th>in the savings</th>"
	      "<th>bill before</th><th>bill after</th><th>savings per month</th></tr>\n", f);
	cJSON_ArrayForEach(p, ps)
	{
		const char *kind = html_str(p, "kind");
		int chosen = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "chosen"));
		double nb = 0, na = 0;

		html_printf(f, "<tr data-index=\"%zu\"><td>", i);
		if (kind && strcmp(kind, "resize") == 0) {
			const cJSON *h = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(p, "hosts"), 0);
			fputs("resize ", f);
			html_esc(f, cJSON_IsString(h) ? h->valuestring : "?");
			fputs(" from ", f);
			html_esc(f, html_str(p, "sku"));
			fputs(" to ", f);
			html_esc(f, html_str(p, "to_sku"));
		} else {
			html_num(p, "vms_before", &nb);
			html_num(p, "vms_after", &na);
			html_printf(f, "consolidate %.0f &times; ", nb);
			html_esc(f, html_str(p, "sku"));
			html_printf(f, " onto %.0f", na);
			cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(p, "moves"))
			{
				fputs("<br>move ", f);
				move_gpu(f, cJSON_GetObjectItemCaseSensitive(x, "from"));
				fputs(" \xe2\x86\x92 ", f);
				move_gpu(f, cJSON_GetObjectItemCaseSensitive(x, "to"));
				if (cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(x, "shares_with"))) {
					fputs(", sharing it with the work of ", f);
					move_gpu(f, cJSON_GetObjectItemCaseSensitive(x, "shares_with"));
				}
			}
			fputs("<br>release", f);
			int k = 0;
			cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(p, "released_hosts"))
			{
				fputs(k++ ? ", " : " ", f);
				html_esc(f, cJSON_IsString(x) ? x->valuestring : "");
			}
		}
		html_printf(f, "</td><td>%s</td><td class=\"n\">",
			    chosen ? "yes" : "no: an alternative for the same VMs");
		html_printf(f, "<span data-json=\"proposals.%zu.monthly_bill_before\">", i);
		html_esc(f, html_money_of(buf, sizeof buf, p, "monthly_bill_before", cur));
		html_printf(f, "</span></td><td class=\"n\"><span "
			       "data-json=\"proposals.%zu.monthly_bill_after\">", i);
		html_esc(f, html_money_of(buf, sizeof buf, p, "monthly_bill_after", cur));
		html_printf(f, "</span></td><td class=\"n\"><span "
			       "data-json=\"proposals.%zu.savings_monthly\">", i);
		html_esc(f, html_money_of(buf, sizeof buf, p, "savings_monthly", cur));
		fputs("</span></td></tr>\n", f);
		i++;
	}
	fputs("</table>\n", f);
}

int analyze_html_print(FILE *f, const cJSON *doc, size_t n, cJSON *(*item)(size_t i, void *arg),
		       void *arg)
{
	const char *cur = html_str(doc, "currency");
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(doc, "totals");
	const cJSON *by = cJSON_GetObjectItemCaseSensitive(t, "findings"), *x;
	const cJSON *w = cJSON_GetObjectItemCaseSensitive(doc, "window");
	char buf[64], gen[80];
	double v;

	if (!cur)
		cur = "USD";
	html_begin(f, "GPU utilization and waste");
	fputs("<p>Window ", f);
	html_esc(f, html_str(w, "start") ? html_str(w, "start") : "unknown");
	fputs(" to ", f);
	html_esc(f, html_str(w, "end") ? html_str(w, "end") : "unknown");
	html_printf(f, ", %.0f samples; ", html_num(w, "samples", &v) ? v : 0);
	html_esc(f, html_str(doc, "pricing"));
	fputs(" prices in ", f);
	html_esc(f, html_str(doc, "region"));
	html_printf(f, ", %g hours per month.</p>\n", html_num(doc, "hours_per_month", &v) ? v : 0);

	fputs("<h2>Fleet</h2>\n<div class=\"summary\">\n", f);
	html_printf(f, "<div class=\"card\"><span class=\"k\">GPUs and MIG instances</span>"
		       "<span class=\"v\" data-json=\"totals.gpus\">%.0f</span></div>\n",
		    html_num(t, "gpus", &v) ? v : 0);
	html_printf(f, "<div class=\"card\"><span class=\"k\">Current monthly cost</span>"
		       "<span class=\"v\" data-json=\"totals.current_monthly_cost\">");
	html_esc(f, html_money_of(buf, sizeof buf, t, "current_monthly_cost", cur));
	fputs("</span></div>\n<div class=\"card\"><span class=\"k\">Idle cost per month</span>"
	      "<span class=\"v\" data-json=\"totals.idle_cost_monthly\">", f);
	html_esc(f, html_money_of(buf, sizeof buf, t, "idle_cost_monthly", cur));
	fputs("</span></div>\n<div class=\"card\"><span class=\"k\">Savings per month</span>"
	      "<span class=\"v\" data-json=\"totals.savings_monthly\">", f);
	html_esc(f, html_money_of(buf, sizeof buf, t, "savings_monthly", cur));
	fputs("</span></div>\n</div>\n", f);
	if (html_num(t, "unpriced_gpus", &v) && v > 0)
		html_printf(f, "<p class=\"warn\"><strong>Warning:</strong> %.0f GPU%s could not be "
			       "priced: their cost and savings are unknown and not in the totals."
			       "</p>\n",
			    v, v == 1 ? "" : "s");
	if (html_num(t, "unallocated_mig_monthly_cost", &v) && v > 0) {
		/* MIG slices without an instance: billed with the VM */
		fputs("<p class=\"warn\"><strong>MIG slices without an instance:</strong> <span "
		      "data-json=\"totals.unallocated_mig_monthly_cost\">", f);
		html_esc(f, html_money_of(buf, sizeof buf, t, "unallocated_mig_monthly_cost", cur));
		fputs("</span> per month (", f);
		int k = 0;
		cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(t, "unallocated_mig"))
		{
			double sl;
			if (k++)
				fputs(", ", f);
			html_esc(f, html_str(x, "host") ? html_str(x, "host") : "");
			fputs(" gpu ", f);
			html_esc(f, html_str(x, "gpu") ? html_str(x, "gpu") : "-");
			html_printf(f, ": %.0f of 7 compute slices",
				    html_num(x, "free_compute_slices", &sl) ? sl : 0);
		}
		fputs("). Azure bills them with the VM, so they are in the current and the idle "
		      "cost.</p>\n", f);
	}
	if (html_num(w, "extrapolated_from_hours", &v))
		html_printf(f, "<p class=\"warn\"><strong>Short window:</strong> the monthly "
			       "figures are extrapolated from <span "
			       "data-json=\"window.extrapolated_from_hours\">%g</span> hours of "
			       "telemetry (less than a day).</p>\n", v);
	proposals(f, doc, cur);
	cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(doc, "assumptions"))
	{
		fputs("<p class=\"warn\"><strong>Assumption:</strong> ", f);
		html_esc(f, cJSON_IsString(x) ? x->valuestring : "");
		fputs("</p>\n", f);
	}

	/* the findings table, then one section per finding */
	fputs("<h2>Findings</h2>\n<table class=\"findings\"><tr><th>finding</th><th>GPUs</th>"
	      "<th>monthly cost</th><th>savings per month</th><th>meaning</th></tr>\n", f);
	cJSON_ArrayForEach(x, by)
	{
		double cnt = cJSON_IsNumber(x) ? x->valuedouble : 0, cost = 0, sav = 0;
		int unpriced = 0, sav_unknown = 0;
		if (cnt <= 0)
			continue;
		for (size_t i = 0; i < n; i++) {
			cJSON *g = item(i, arg);
			double c, s;
			if (!g)
				return -1;
			if (html_str(g, "finding") && strcmp(html_str(g, "finding"), x->string) == 0) {
				/* cost and savings each known or not: an underused GPU
				 * whose smaller option cannot be sized has a price but
				 * unknown savings */
				if (html_num(g, "monthly_cost", &c))
					cost += c;
				else
					unpriced++;
				if (html_num(g, "savings_monthly", &s))
					sav += s;
				else
					sav_unknown++;
			}
			cJSON_Delete(g);
		}
		fputs("<tr data-finding=\"", f);
		html_esc(f, x->string);
		fputs("\"><td>", f);
		html_esc(f, x->string);
		html_printf(f, "</td><td class=\"n\">%.0f</td><td class=\"n\">", cnt);
		html_esc(f, html_money(buf, sizeof buf, util_round_cents(cost), cur, !unpriced));
		fputs("</td><td class=\"n\">", f);
		html_esc(f, html_money(buf, sizeof buf, util_round_cents(sav), cur, !sav_unknown));
		fputs("</td><td>", f);
		html_esc(f, finding_note(x->string));
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
	cJSON_ArrayForEach(x, by)
	{
		if (!cJSON_IsNumber(x) || x->valuedouble <= 0)
			continue;
		fputs("<section class=\"finding\" data-finding=\"", f);
		html_esc(f, x->string);
		fputs("\"><h3>", f);
		html_esc(f, x->string);
		html_printf(f, ": %.0f GPU%s</h3>\n<p class=\"muted\">", x->valuedouble,
			    x->valuedouble == 1 ? "" : "s");
		html_esc(f, finding_note(x->string));
		fputs(". Bars span p5 to p95, the black tick is p50.</p>\n", f);
		for (size_t i = 0; i < n; i++) {
			cJSON *g = item(i, arg);
			if (!g)
				return -1;
			if (html_str(g, "finding") && strcmp(html_str(g, "finding"), x->string) == 0)
				gpu(f, g, cur, i);
			cJSON_Delete(g);
		}
		fputs("</section>\n", f);
	}
	snprintf(gen, sizeof gen, "gpufit %s analyze",
		 html_str(doc, "gpufit_version") ? html_str(doc, "gpufit_version") : "");
	html_end(f, gen);
	return 0;
}
