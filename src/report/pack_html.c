/*
 * pack_html.c - the `pack -f html` report (pack_html.h).
 */
#include "pack_html.h"

#include <stdlib.h>
#include <string.h>

#include "html_out.h"
#include "util.h"

#define SLOT_W 84
#define GPU_W (SLOT_W * MIG_MEMORY_SLOTS)
#define COMPUTE_SLICES 7
#define ROW_H 26

/* Compute slices of a MIG profile: the N of "Ng.XXgb"; 1 when unreadable. */
static int compute_slices(const char *profile)
{
	int n = atoi(profile);
	return n >= 1 && n <= COMPUTE_SLICES ? n : 1;
}

static void slice_rect(FILE *f, const struct pack_plan *pl, const struct mig_plan_slice *s, double x,
		       double w, int y, const char *kind)
{
	if (s->workload < 0) {
		html_printf(f, "<g class=\"slice idle\" data-kind=\"%s\"><rect x=\"%.1f\" y=\"%d\" "
			       "width=\"%.1f\" height=\"%d\" fill=\"#ffffff\" stroke=\"#4d4d4d\" "
			       "stroke-dasharray=\"4 3\"/><text x=\"%.1f\" y=\"%d\" fill=\"#1b1b1b\">"
			       "idle</text></g>",
			    kind, x + 1, y, w - 2, ROW_H - 4, x + 6, y + 16);
		return;
	}
	html_printf(f, "<g class=\"slice\" data-kind=\"%s\" data-workload=\"%d\"><title>", kind,
		    s->workload + 1);
	html_esc(f, pl->workloads[s->workload].name);
	html_printf(f, " replica %d, ", s->replica);
	html_esc(f, s->profile);   /* a catalog's name: escaped like every input */
	html_printf(f, "</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
		       "height=\"%d\" fill=\"%s\"/><text x=\"%.1f\" y=\"%d\" fill=\"#ffffff\">"
		       "W%d:%d</text></g>",
		    x + 1, y, w - 2, ROW_H - 4,
		    html_color((size_t)s->workload), x + 6, y + 16, s->workload + 1, s->replica);
}

static void empty_rect(FILE *f, double x, double w, int y, const char *kind)
{
	html_printf(f, "<g class=\"slot free\" data-kind=\"%s\"><rect x=\"%.1f\" y=\"%d\" "
		       "width=\"%.1f\" height=\"%d\" fill=\"#f2f2f2\" stroke=\"#8c8c8c\"/>"
		       "<text x=\"%.1f\" y=\"%d\" fill=\"#4d4d4d\">free</text></g>",
		    kind, x + 1, y, w - 2, ROW_H - 4, x + 6, y + 16);
}

static void draw_gpu(FILE *f, const struct pack_plan *pl, const struct mig_plan_gpu *g)
{
	const int lw = 110, y0 = 2, y1 = ROW_H + 4;
	const double cw = (double)GPU_W / COMPUTE_SLICES;
	int slot = 0, cnext = 0;

	html_printf(f, "<svg class=\"gpu\" role=\"img\" viewBox=\"0 0 %d %d\" width=\"%d\" "
		       "height=\"%d\" data-vm=\"%d\" data-gpu=\"%d\"><title>VM %d GPU %d: %d of 8 "
		       "memory slots, %d of 7 compute slices used</title>",
		    lw + GPU_W + 4, 2 * ROW_H + 8, lw + GPU_W + 4, 2 * ROW_H + 8, g->vm, g->gpu, g->vm,
		    g->gpu, g->memory_slots_used, g->compute_slices_used);
	html_printf(f, "<text x=\"0\" y=\"%d\">memory (8)</text><text x=\"0\" y=\"%d\">compute "
		       "(7)</text>",
		    y0 + 16, y1 + 16);
	while (slot < MIG_MEMORY_SLOTS) {
		const struct mig_plan_slice *s = NULL;
		for (int k = 0; k < g->nslices; k++)
			if (g->slices[k].start == slot)
				s = &g->slices[k];
		if (!s || s->memory_slices < 1) {
			empty_rect(f, lw + slot * SLOT_W, SLOT_W, y0, "memory");
			slot++;
			continue;
		}
		slice_rect(f, pl, s, lw + slot * SLOT_W, (double)SLOT_W * s->memory_slices, y0,
			   "memory");
		slot += s->memory_slices;
	}
	/* compute slices: in the order of the memory slots, as many as the profile has */
	for (int at = 0; at < MIG_MEMORY_SLOTS; at++)
		for (int k = 0; k < g->nslices; k++) {
			const struct mig_plan_slice *s = &g->slices[k];
			if (s->start != at)
				continue;
			int n = compute_slices(s->profile);
			if (cnext + n > COMPUTE_SLICES)
				n = COMPUTE_SLICES - cnext;
			if (n > 0)
				slice_rect(f, pl, s, lw + cnext * cw, cw * n, y1, "compute");
			cnext += n > 0 ? n : 0;
		}
	for (; cnext < COMPUTE_SLICES; cnext++)
		empty_rect(f, lw + cnext * cw, cw, y1, "compute");
	html_printf(f, "</svg>\n<p class=\"muted\">VM %d GPU %d: %d/8 memory slots, %d/7 compute "
		       "slices used</p>\n",
		    g->vm, g->gpu, g->memory_slots_used, g->compute_slices_used);
}

static void cost_chart(FILE *f, const struct pack_plan *pl)
{
	int mig = pl->npools || pl->ndedicated;
	struct {
		const char *role, *label;
		double v;
		int known;
	} rows[4] = {
		{ "fleet", "the fleet", pl->monthly, pl->nunplaced == 0 },
		{ "plan", "its MIG plan", pl->mig_monthly, mig },
		{ "lower-bound", "MIG plan's lower bound", pl->lower_bound_monthly, mig },
		{ "dedicated", "MIG plan's workloads on dedicated options", pl->mig_dedicated_monthly,
		  mig },
	};
	const char *fill[4] = { html_color(1), html_color(0), html_color(2), html_color(7) };
	double max = 0;
	char buf[64];
	for (int i = 0; i < 4; i++)
		if (rows[i].known && rows[i].v > max)
			max = rows[i].v;
	fputs("<svg class=\"chart\" role=\"img\" viewBox=\"0 0 760 100\" width=\"760\" height=\"100\">"
	      "<title>Fleet cost, MIG plan cost, its lower bound and its workloads on dedicated "
	      "options, per month</title>\n", f);
	for (int i = 0; i < 4; i++) {
		double w = rows[i].known && max > 0 ? rows[i].v / max * 330 : 0;
		html_printf(f, "<g data-role=\"%s\"><text x=\"0\" y=\"%d\">%s</text>",
			    rows[i].role, i * 24 + 16, rows[i].label);
		if (rows[i].known)
			html_printf(f, "<rect x=\"300\" y=\"%d\" width=\"%.1f\" height=\"18\" "
				       "fill=\"%s\"/>",
				    i * 24 + 3, w, fill[i]);
		html_printf(f, "<text class=\"cost\" x=\"%.1f\" y=\"%d\">", 306 + w, i * 24 + 16);
		html_esc(f, html_money(buf, sizeof buf, rows[i].v, pl->currency, rows[i].known));
		fputs("</text></g>\n", f);
	}
	fputs("</svg>\n", f);
}

static void card(FILE *f, const char *key, const char *label, const char *value)
{
	html_printf(f, "<div class=\"card\"><span class=\"k\">%s</span><span class=\"v\" "
		       "data-json=\"%s\">",
		    label, key);
	html_esc(f, value);
	fputs("</span></div>\n", f);
}

/* Under the whole-VM table, a paragraph per workload whose VMs follow its
 * load plan, as the table's line under it: the count is the peak's, the
 * bill the VM-hours it runs. */
static void autoscaled_html(FILE *f, const struct pack_plan *pl)
{
	for (size_t i = 0; i < pl->nvms; i++) {
		const struct pack_vm *v = &pl->vms[i];

		if (!v->autoscaled)
			continue;
		fputs("<p class=\"autoscale\"><strong>", f);
		html_esc(f, pl->workloads[v->workload].name);
		html_printf(f, "</strong>: autoscaled by its load plan, <span data-json=\""
			       "vms.autoscale.trough_replicas\">%d</span> to <span data-json=\""
			       "vms.autoscale.peak_replicas\">%d</span> replicas by the hour "
			       "(autoscaler bounds %d-%d); VMs above are the peak's, the bill the "
			       "VM-hours it runs</p>\n",
			    v->trough_replicas, v->peak_replicas, v->min_replicas, v->max_replicas);
	}
}

void pack_html_print(FILE *f, const struct pack_plan *pl, const char *gpufit_version)
{
	char buf[64], gen[80];
	long replicas = 0;
	int mig = pl->npools || pl->ndedicated;
	double sav = pack_plan_mig_savings(pl);

	for (size_t i = 0; i < pl->nworkloads; i++)
		replicas += pl->workloads[i].replicas;
	html_begin(f, "Fleet plan");
	html_printf(f, "<p>%zu workload%s, %ld replica%s; MIG strategy ", pl->nworkloads,
		    pl->nworkloads == 1 ? "" : "s", replicas, replicas == 1 ? "" : "s");
	html_esc(f, mig_strategy_name(pl->strategy));
	fputs(", ", f);
	html_esc(f, pl->pricing_auto ? "auto" : pricing_name(pl->pricing));
	html_printf(f, " prices, %g%% headroom, %g hours per month", pl->headroom_pct,
		    pl->hours_per_month);
	fputs(".</p>\n<h2>Cost</h2>\n<div class=\"summary\">\n", f);
	card(f, "monthly_cost", "Fleet, per month",
	     html_money(buf, sizeof buf, pl->monthly, pl->currency, pl->nunplaced == 0));
	card(f, "mig_monthly_cost", "MIG plan",
	     html_money(buf, sizeof buf, pl->mig_monthly, pl->currency, mig));
	card(f, "lower_bound_monthly_cost", "MIG plan's lower bound",
	     html_money(buf, sizeof buf, pl->lower_bound_monthly, pl->currency, mig));
	card(f, "mig_dedicated_monthly_cost", "Its workloads on dedicated options",
	     html_money(buf, sizeof buf, pl->mig_dedicated_monthly, pl->currency, mig));
	card(f, "mig_savings_monthly", "The MIG plan saves",
	     html_money(buf, sizeof buf, sav, pl->currency, mig));
	card(f, "optimal", "Optimal", !mig ? "no MIG plan" : pl->exact ? "proven optimal" : "not proven");
	fputs("</div>\n", f);
	if (pl->nunplaced) {
		html_printf(f, "<p class=\"warn\"><strong>Incomplete:</strong> %zu replica%s could "
			       "not be placed, so the fleet's cost is unknown; the placed part costs "
			       "<span data-json=\"placed_monthly_cost\">",
			    pl->nunplaced, pl->nunplaced == 1 ? "" : "s");
		html_esc(f, html_money(buf, sizeof buf, pl->monthly, pl->currency, 1));
		fputs("</span>.</p>\n", f);
	}
	cost_chart(f, pl);

	fputs("<h2>Workloads</h2>\n<ul class=\"legend\">\n", f);
	for (size_t i = 0; i < pl->nworkloads; i++) {
		html_printf(f, "<li data-workload=\"%zu\"><span class=\"sw\" style=\"background:%s\">"
			       "W%zu</span>",
			    i + 1, html_color(i), i + 1);
		fputs("<span class=\"name\">", f);
		html_esc(f, pl->workloads[i].name);
		html_printf(f, "</span> (%ld replica%s)</li>\n", pl->workloads[i].replicas,
			    pl->workloads[i].replicas == 1 ? "" : "s");
	}
	fputs("</ul>\n<p class=\"muted\">Each slice is labelled W<i>n</i>:<i>replica</i>; dashed "
	      "outlines are idle slices, grey ones free slots.</p>\n",
	      f);

	if (pl->npools)
		fputs("<h2>MIG node pools</h2>\n", f);
	for (size_t p = 0; p < pl->npools; p++) {
		const struct mig_plan_pool *pool = &pl->pools[p];
		html_printf(f, "<section class=\"pool\" data-pool=\"%zu\"><h3>", p);
		html_esc(f, pool->name);
		fputs(": ", f);
		html_printf(f, "%d x ", pool->vm_count);
		html_esc(f, pool->sku);
		fputs(" in ", f);
		html_esc(f, pool->region);
		fputs(", ", f);
		html_esc(f, pool->mig_profile[0] ? pool->mig_profile : "mixed layouts");
		fputs(", <span data-json=\"node_pools.monthly_cost\">", f);
		html_esc(f, html_money(buf, sizeof buf, pool->monthly_cost, pl->currency, 1));
		fputs("</span> per month</h3>\n", f);
		for (size_t g = 0; g < pl->ngpus; g++)
			if (pl->gpus[g].pool == (int)p)
				draw_gpu(f, pl, &pl->gpus[g]);
		fputs("</section>\n", f);
	}
	if (pl->ndedicated) {
		fputs("<h2>On dedicated GPUs</h2>\n<table><tr><th>workload</th><th>replica</th>"
		      "<th>size</th><th>region</th><th>monthly</th></tr>\n", f);
		for (size_t i = 0; i < pl->ndedicated; i++) {
			const struct pack_dedicated *d = &pl->dedicated[i];
			fputs("<tr><td>", f);
			html_esc(f, pl->workloads[d->workload].name);
			html_printf(f, "</td><td class=\"n\">%d</td><td>", d->replica);
			html_esc(f, d->sku);
			fputs("</td><td>", f);
			html_esc(f, d->region);
			fputs("</td><td class=\"n\" data-json=\"dedicated.monthly_cost\">", f);
			html_esc(f, html_money(buf, sizeof buf, d->monthly, pl->currency, 1));
			fputs("</td></tr>\n", f);
		}
		fputs("</table>\n", f);
	}
	if (pl->nvms) {
		fputs("<h2>On whole VMs of their own</h2>\n<table><tr><th>workload</th><th>replicas"
		      "</th><th>size</th><th>region</th><th>VMs</th><th>term</th><th>monthly</th>"
		      "</tr>\n", f);
		for (size_t i = 0; i < pl->nvms; i++) {
			const struct pack_vm *v = &pl->vms[i];
			fputs("<tr><td>", f);
			html_esc(f, pl->workloads[v->workload].name);
			html_printf(f, "</td><td class=\"n\">%ld</td><td>",
				    pl->workloads[v->workload].replicas);
			html_esc(f, v->sku);
			fputs("</td><td>", f);
			html_esc(f, v->region);
			html_printf(f, "</td><td class=\"n\">%d</td><td>", v->vm_count);
			html_esc(f, v->terms);
			fputs("</td><td class=\"n\" data-json=\"vms.monthly_cost\">", f);
			html_esc(f, html_money(buf, sizeof buf, v->monthly, pl->currency, 1));
			fputs("</td></tr>\n", f);
		}
		fputs("</table>\n", f);
		autoscaled_html(f, pl);
	}
	if (pl->nunplaced) {
		fputs("<h2>Not placed</h2>\n<table><tr><th>workload</th><th>replica</th><th>why</th>"
		      "</tr>\n", f);
		for (size_t i = 0; i < pl->nunplaced; i++) {
			fputs("<tr><td>", f);
			html_esc(f, pl->workloads[pl->unplaced[i].workload].name);
			html_printf(f, "</td><td class=\"n\">%d</td><td>", pl->unplaced[i].replica);
			html_esc(f, pl->unplaced[i].reason);
			fputs("</td></tr>\n", f);
		}
		fputs("</table>\n", f);
	}
	snprintf(gen, sizeof gen, "gpufit %s pack", gpufit_version ? gpufit_version : "");
	html_end(f, gen);
}
