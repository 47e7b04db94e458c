/*
 * pack_text.c - the `pack` result in -f table, markdown and csv
 * (pack_text.h).
 */
#include "pack_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "mig_plan.h"
#include "strbuf.h"
#include "util.h"

#define SLOT_WIDTH 12


static double mig_savings_pct(const struct pack_plan *pl)
{
	double p = pl->mig_dedicated_monthly > 0
			   ? 100.0 * pack_plan_mig_savings(pl) / util_round_cents(pl->mig_dedicated_monthly)
			   : 0;

	return fabs(p) < 0.05 ? 0 : p;
}

static double gap_pct(const struct pack_plan *pl)
{
	return pl->lower_bound_monthly > 0
		       ? 100.0 * (pl->mig_monthly - pl->lower_bound_monthly) / pl->lower_bound_monthly
		       : 0;
}

/* "payg prices", or under pricing auto "auto prices (each workload its
 * cheapest term; the MIG plan reserved-1y)". */
static void terms_text(const struct pack_plan *pl, char *buf, size_t len)
{
	if (pl->pricing_auto)
		snprintf(buf, len, "auto prices (each workload its cheapest term; the MIG plan %s)",
			 pricing_name(pl->pricing));
	else
		snprintf(buf, len, "%s prices", pricing_name(pl->pricing));
}


/* "N replicas" / "replica K" of an unplaced run: entries a..b-1 of one
 * workload. */
static void unplaced_run(const struct pack_plan *pl, size_t a, size_t *b, char *buf, size_t len)
{
	size_t k = a + 1;

	while (k < pl->nunplaced && pl->unplaced[k].workload == pl->unplaced[a].workload &&
	       strcmp(pl->unplaced[k].reason, pl->unplaced[a].reason) == 0)
		k++;
	*b = k;
	if (k - a == 1)
		snprintf(buf, len, "replica %d", pl->unplaced[a].replica);
	else
		snprintf(buf, len, "replicas %d-%d", pl->unplaced[a].replica,
			 pl->unplaced[k - 1].replica);
}

/* "name:replica" cut to fit width characters. */
static void slice_label(const struct pack_plan *pl, const struct mig_plan_slice *s, char *buf,
			size_t width)
{
	char rep[16];
	size_t rl, nl;

	if (s->workload < 0) {
		snprintf(buf, width + 1, "idle");
		return;
	}
	snprintf(rep, sizeof(rep), ":%d", s->replica);
	rl = strlen(rep);
	nl = strlen(pl->workloads[s->workload].name);
	if (nl + rl > width)
		nl = width > rl ? width - rl : 0;
	snprintf(buf, width + 1, "%.*s%s", (int)nl, pl->workloads[s->workload].name, rep);
}

/* The eight memory slots of one GPU: "[ocr-resnet:0][router:0          ][    --    ]". */
static void draw_gpu(const struct pack_plan *pl, const struct mig_plan_gpu *g, struct strbuf *sb)
{
	int slot = 0;

	while (slot < MIG_MEMORY_SLOTS) {
		const struct mig_plan_slice *s = NULL;
		char label[SLOT_WIDTH * MIG_MEMORY_SLOTS + 1];
		int width;
		for (int k = 0; k < g->nslices; k++)
			if (g->slices[k].start == slot)
				s = &g->slices[k];
		if (!s) {
			strbuf_addf(sb, "[%*s%*s]", (SLOT_WIDTH - 2 + 2) / 2, "--",
				    (SLOT_WIDTH - 2 - 2) / 2, "");
			slot++;
			continue;
		}
		width = SLOT_WIDTH * s->memory_slices - 2;
		slice_label(pl, s, label, (size_t)width);
		strbuf_addf(sb, "[%-*s]", width, label);
		slot += s->memory_slices;
	}
}

/* ---- table -------------------------------------------------------------- */

/* The replicas asked for; *none_placed: some were asked, none was placed. */
static long replicas_of(const struct pack_plan *pl, int *none_placed)
{
	long replicas = 0;

	for (size_t i = 0; i < pl->nworkloads; i++)
		replicas += pl->workloads[i].replicas;
	*none_placed = replicas > 0 && (long)pl->nunplaced >= replicas;
	return replicas;
}

/* The VMs of the workloads on whole VMs of their own, as a table. */
static struct table *vm_table(const struct pack_plan *pl, int markdown)
{
	struct table *t = table_new(8);
	char a[64];

	table_header(t, 0, markdown ? "workload" : "whole vms", ALIGN_LEFT);
	table_header(t, 1, "replicas", ALIGN_RIGHT);
	table_header(t, 2, "sku", ALIGN_LEFT);
	table_header(t, 3, "region", ALIGN_LEFT);
	table_header(t, 4, markdown ? "VMs" : "vms", ALIGN_RIGHT);
	table_header(t, 5, markdown ? "GPUs" : "gpus", ALIGN_RIGHT);
	table_header(t, 6, "term", ALIGN_LEFT);
	table_header(t, 7, "monthly", ALIGN_RIGHT);
	for (size_t i = 0; i < pl->nvms; i++) {
		const struct pack_vm *v = &pl->vms[i];
		char rep[24], vms[16], gpus[16];

		snprintf(rep, sizeof(rep), "%ld", pl->workloads[v->workload].replicas);
		snprintf(vms, sizeof(vms), "%d", v->vm_count);
		snprintf(gpus, sizeof(gpus), "%d", v->gpu_count);
		table_add(t, pl->workloads[v->workload].name, rep, v->sku, v->region, vms, gpus,
			  v->terms,
			  util_fmt_money_in(a, sizeof(a), v->monthly, pl->currency));
	}
	return t;
}

/* Under the whole-VM table, one line per workload whose VMs follow its
 * load plan: its count is the peak's, its bill the hours it runs. */
static void autoscaled_lines(FILE *f, const struct pack_plan *pl, int markdown)
{
	int first = 1;

	for (size_t i = 0; i < pl->nvms; i++) {
		const struct pack_vm *v = &pl->vms[i];

		if (!v->autoscaled)
			continue;
		if (markdown && first)
			fputc('\n', f);
		first = 0;
		fputs(markdown ? "- " : "", f);
		esc_fputs(f, markdown ? ESC_MARKDOWN : ESC_TERM, pl->workloads[v->workload].name);
		fprintf(f, ": autoscaled by its load plan, %d to %d replicas by the hour "
			   "(autoscaler bounds %d-%d); VMs and GPUs above are the peak's, the bill "
			   "the VM-hours it runs\n", v->trough_replicas, v->peak_replicas,
			v->min_replicas, v->max_replicas);
	}
}

/* "MIG plan: $P (lower bound $L, optimal); the same N workloads on their
 * best dedicated options: $D, the plan saves x%", and each region whose
 * plan the fleet does not use. */
static void mig_lines(FILE *f, const struct pack_plan *pl)
{
	char a[64], b[64], c[64];
	size_t nw = 0;

	for (size_t i = 0; i < pl->nworkloads; i++)
		nw += pl->workloads[i].mig != 0;
	if (pack_plan_used_regions(pl))
		fprintf(f, "MIG plan: %s (lower bound %s, %s); its %zu workload%s on their best "
			   "dedicated options: %s; the plan saves %.1f%%\n",
			util_fmt_money_in(a, sizeof(a), pl->mig_monthly, pl->currency),
			util_fmt_money_in(b, sizeof(b), pl->lower_bound_monthly, pl->currency),
			pl->exact ? "optimal" : "heuristic", nw, nw == 1 ? "" : "s",
			util_fmt_money_in(c, sizeof(c), pl->mig_dedicated_monthly, pl->currency),
			mig_savings_pct(pl));
	for (size_t r = 0; r < pl->nregions; r++) {
		const struct pack_region *g = &pl->regions[r];

		if (g->used)
			continue;
		if (g->priced)
			fprintf(f, "MIG plan for %s not used: %s against %s for its %zu workload%s on "
				   "their best dedicated options\n", g->region,
				util_fmt_money_in(a, sizeof(a), g->monthly, pl->currency),
				util_fmt_money_in(b, sizeof(b), g->dedicated_monthly, pl->currency),
				g->nworkloads, g->nworkloads == 1 ? "" : "s");
		else
			fprintf(f, "MIG plan for %s not used: it could not place every replica of its "
				   "%zu workload%s\n", g->region, g->nworkloads,
				g->nworkloads == 1 ? "" : "s");
	}
}

static void print_table(FILE *f, const struct pack_plan *pl, int color)
{
	char a[64];
	int none_placed;
	long replicas = replicas_of(pl, &none_placed);
	char terms[96];

	terms_text(pl, terms, sizeof(terms));
	fprintf(f, "%sFleet plan: %zu workload%s, %ld replica%s; MIG strategy %s, %s, %g%% "
		   "headroom%s\n",
		out_sgr(color, OUT_BOLD), pl->nworkloads, pl->nworkloads == 1 ? "" : "s", replicas,
		replicas == 1 ? "" : "s", mig_strategy_name(pl->strategy), terms, pl->headroom_pct,
		out_sgr_off(color, OUT_BOLD));
	if (pl->npools) {
		struct table *t = table_new(8);
		table_header(t, 0, "node pool", ALIGN_LEFT);
		table_header(t, 1, "sku", ALIGN_LEFT);
		table_header(t, 2, "region", ALIGN_LEFT);
		table_header(t, 3, "vms", ALIGN_RIGHT);
		table_header(t, 4, "gpus", ALIGN_RIGHT);
		table_header(t, 5, "mig profile", ALIGN_LEFT);
		table_header(t, 6, "aks profile", ALIGN_LEFT);
		table_header(t, 7, "monthly", ALIGN_RIGHT);
		for (size_t i = 0; i < pl->npools; i++) {
			const struct mig_plan_pool *p = &pl->pools[i];
			char vms[16], gpus[16];
			snprintf(vms, sizeof(vms), "%d", p->vm_count);
			snprintf(gpus, sizeof(gpus), "%d", p->vm_count * p->gpus_per_vm);
			table_add(t, p->name, p->sku, p->region, vms, gpus,
				  p->mig_profile[0] ? p->mig_profile : "mixed",
				  p->aks_profile[0] ? p->aks_profile : "-",
				  util_fmt_money_in(a, sizeof(a), p->monthly_cost, pl->currency));
		}
		fputc('\n', f);
		table_color(t, color);
		table_print(t, f, FMT_TABLE);
		table_free(t);
		fprintf(f, "\n%sGPU layouts (8 memory slots each):%s\n", out_sgr(color, OUT_BOLD),
			out_sgr_off(color, OUT_BOLD));
		for (size_t i = 0; i < pl->ngpus; i++) {
			const struct mig_plan_gpu *g = &pl->gpus[i];
			struct strbuf sb = STRBUF_INIT;
			draw_gpu(pl, g, &sb);
			esc_fprintf(f, ESC_TERM, "  %s vm %d gpu %d  %s  %d/8 memory, %d/7 compute",
				    pl->pools[g->pool].name, g->vm, g->gpu, strbuf_str(&sb),
				    g->memory_slots_used, g->compute_slices_used);
			fputc('\n', f);
			strbuf_release(&sb);
		}
	}
	if (pl->ndedicated) {
		struct table *t = table_new(5);
		table_header(t, 0, "dedicated", ALIGN_LEFT);
		table_header(t, 1, "replica", ALIGN_RIGHT);
		table_header(t, 2, "sku", ALIGN_LEFT);
		table_header(t, 3, "region", ALIGN_LEFT);
		table_header(t, 4, "monthly", ALIGN_RIGHT);
		for (size_t i = 0; i < pl->ndedicated; i++) {
			const struct pack_dedicated *d = &pl->dedicated[i];
			char rep[16];
			snprintf(rep, sizeof(rep), "%d", d->replica);
			table_add(t, pl->workloads[d->workload].name, rep, d->sku, d->region,
				  util_fmt_money_in(a, sizeof(a), d->monthly, pl->currency));
		}
		fputc('\n', f);
		table_color(t, color);
		table_print(t, f, FMT_TABLE);
		table_free(t);
	}
	if (pl->nvms) {
		struct table *t = vm_table(pl, 0);

		fputc('\n', f);
		table_color(t, color);
		table_print(t, f, FMT_TABLE);
		table_free(t);
		autoscaled_lines(f, pl, 0);
	}
	if (pl->nunplaced) {
		fprintf(f, "\n%snot placed:%s\n", out_sgr(color, OUT_RED), out_sgr_off(color, OUT_RED));
		for (size_t i = 0, j; i < pl->nunplaced; i = j) {
			char run[64];

			unplaced_run(pl, i, &j, run, sizeof(run));
			/* the reason names the catalog's sizes and profiles */
			esc_fprintf(f, ESC_TERM, "  %s %s: %s",
				    pl->workloads[pl->unplaced[i].workload].name, run,
				    pl->unplaced[i].reason);
			fputc('\n', f);
		}
	}
	if (replicas == 0) {   /* a zero cost that is only "nothing asked" */
		fprintf(f, "\nnothing to pack: no workload in the profile\n");
		return;
	}
	if (none_placed)
		fprintf(f, "\n%smonthly cost: unknown (%zu replica%s not placed, none placed)%s\n",
			out_sgr(color, OUT_RED), pl->nunplaced, pl->nunplaced == 1 ? "" : "s",
			out_sgr_off(color, OUT_RED));
	else if (pl->nunplaced)
		fprintf(f, "\n%smonthly cost: unknown (%zu replica%s not placed; the placed ones %s)%s\n",
			out_sgr(color, OUT_RED), pl->nunplaced, pl->nunplaced == 1 ? "" : "s",
			util_fmt_money_in(a, sizeof(a), pl->monthly, pl->currency), out_sgr_off(color, OUT_RED));
	else
		fprintf(f, "\n%smonthly cost: %s%s\n", out_sgr(color, OUT_GREEN),
			util_fmt_money_in(a, sizeof(a), pl->monthly, pl->currency),
			out_sgr_off(color, OUT_GREEN));
	mig_lines(f, pl);
}

/* ---- markdown ----------------------------------------------------------- */

static void print_markdown(FILE *f, const struct pack_plan *pl)
{
	char a[64], b[64], c[64];
	struct table *t;
	int none_placed;
	long replicas = replicas_of(pl, &none_placed);

	if (replicas == 0)
		fprintf(f, "**Fleet plan (MIG strategy %s): nothing to pack**, no workload in the "
			   "profile\n\n", mig_strategy_name(pl->strategy));
	else if (none_placed)
		fprintf(f, "**Fleet plan (MIG strategy %s): monthly cost unknown (%zu replica%s not "
			   "placed, none placed)**\n\n", mig_strategy_name(pl->strategy), pl->nunplaced,
			pl->nunplaced == 1 ? "" : "s");
	else if (pl->nunplaced) /* unknown, never the placed part as if it were the whole */
		fprintf(f, "**Fleet plan (MIG strategy %s): monthly cost unknown (%zu replica%s not "
			   "placed; the placed ones %s per month)**\n\n",
			mig_strategy_name(pl->strategy), pl->nunplaced, pl->nunplaced == 1 ? "" : "s",
			util_fmt_money_in(a, sizeof(a), pl->monthly, pl->currency));
	else
		fprintf(f, "**Fleet plan (MIG strategy %s): %s per month**\n\n",
			mig_strategy_name(pl->strategy),
			util_fmt_money_in(a, sizeof(a), pl->monthly, pl->currency));
	if (replicas == 0)
		return;
	if (pl->npools || pl->ndedicated) {
		t = table_new(7);
		table_header(t, 0, "node pool", ALIGN_LEFT);
		table_header(t, 1, "sku", ALIGN_LEFT);
		table_header(t, 2, "region", ALIGN_LEFT);
		table_header(t, 3, "VMs", ALIGN_RIGHT);
		table_header(t, 4, "MIG profile", ALIGN_LEFT);
		table_header(t, 5, "AKS profile", ALIGN_LEFT);
		table_header(t, 6, "monthly", ALIGN_RIGHT);
		for (size_t i = 0; i < pl->npools; i++) {
			const struct mig_plan_pool *p = &pl->pools[i];
			char vms[16];
			snprintf(vms, sizeof(vms), "%d", p->vm_count);
			table_add(t, p->name, p->sku, p->region, vms,
				  p->mig_profile[0] ? p->mig_profile : "mixed",
				  p->aks_profile[0] ? p->aks_profile : "-",
				  util_fmt_money_in(a, sizeof(a), p->monthly_cost, pl->currency));
		}
		for (size_t i = 0; i < pl->ndedicated; i++) {
			const struct pack_dedicated *d = &pl->dedicated[i];
			char name[PROFILE_NAME_LEN + 32];
			snprintf(name, sizeof(name), "dedicated: %s:%d", pl->workloads[d->workload].name,
				 d->replica);
			table_add(t, name, d->sku, d->region, "1", "-", "-",
				  util_fmt_money_in(a, sizeof(a), d->monthly, pl->currency));
		}
		table_print(t, f, FMT_MARKDOWN);
		table_free(t);
	}
	if (pl->ngpus) {
		t = table_new(1 + MIG_MEMORY_SLOTS);
		table_header(t, 0, "GPU", ALIGN_LEFT);
		for (int s = 0; s < MIG_MEMORY_SLOTS; s++) {
			char h[16];
			snprintf(h, sizeof(h), "slot %d", s);
			table_header(t, (size_t)s + 1, h, ALIGN_LEFT);
		}
		for (size_t i = 0; i < pl->ngpus; i++) {
			const struct mig_plan_gpu *g = &pl->gpus[i];
			char cells[1 + MIG_MEMORY_SLOTS][PROFILE_NAME_LEN + 64];
			const char *row[1 + MIG_MEMORY_SLOTS];
			snprintf(cells[0], sizeof(cells[0]), "%s vm %d gpu %d", pl->pools[g->pool].name,
				 g->vm, g->gpu);
			for (int s = 0; s < MIG_MEMORY_SLOTS; s++)
				snprintf(cells[s + 1], sizeof(cells[0]), "-");
			for (int k = 0; k < g->nslices; k++) {
				const struct mig_plan_slice *sl = &g->slices[k];
				for (int m = 0; m < sl->memory_slices && sl->start + m < MIG_MEMORY_SLOTS; m++) {
					char *cell = cells[sl->start + m + 1];
					if (m > 0)
						snprintf(cell, sizeof(cells[0]), "(cont.)");
					else if (sl->workload < 0)
						snprintf(cell, sizeof(cells[0]), "%s idle", sl->profile);
					else
						snprintf(cell, sizeof(cells[0]), "%s %s:%d", sl->profile,
							 pl->workloads[sl->workload].name, sl->replica);
				}
			}
			for (int s = 0; s <= MIG_MEMORY_SLOTS; s++)
				row[s] = cells[s];
			table_add_row(t, row);
		}
		fputc('\n', f);
		table_print(t, f, FMT_MARKDOWN);
		table_free(t);
	}
	if (pl->nvms) {
		t = vm_table(pl, 1);
		if (pl->npools || pl->ndedicated)
			fputc('\n', f);
		table_print(t, f, FMT_MARKDOWN);
		table_free(t);
		autoscaled_lines(f, pl, 1);
	}
	for (size_t i = 0, j; i < pl->nunplaced; i = j) {
		char run[64];

		unplaced_run(pl, i, &j, run, sizeof(run));
		fputs("\n> not placed: ", f);
		esc_fprintf(f, ESC_MARKDOWN, "%s %s: %s",
			    pl->workloads[pl->unplaced[i].workload].name, run, pl->unplaced[i].reason);
		fputc('\n', f);
	}
	if (pack_plan_used_regions(pl)) {
		fprintf(f, "\nMIG plan %s, %.1f%% below its workloads on their best dedicated options "
			   "(%s). ", util_fmt_money_in(a, sizeof(a), pl->mig_monthly, pl->currency),
			mig_savings_pct(pl),
			util_fmt_money_in(b, sizeof(b), pl->mig_dedicated_monthly, pl->currency));
		if (pl->exact)
			fprintf(f, "Lower bound %s: the plan is optimal.\n",
				util_fmt_money_in(c, sizeof(c), pl->lower_bound_monthly, pl->currency));
		else
			fprintf(f, "Lower bound %s: the plan is within %.1f%% of the optimum.\n",
				util_fmt_money_in(c, sizeof(c), pl->lower_bound_monthly, pl->currency),
				gap_pct(pl));
	}
}

/* ---- csv ---------------------------------------------------------------- */

static void print_csv(FILE *f, const struct pack_plan *pl)
{
	enum { NC = 16 };
	char monthly[32], cur[8];
	/* vm and gpu are indices (a slice's place); vm_count counts a pool's
	 * or a workload's VMs; reason says why a replica is unplaced */
	const char *cols[NC] = { "placement", "pool", "sku", "region", "vm", "gpu", "vm_count",
				 "mig_profile", "start", "workload", "replica", monthly,
				 "cost_basis", "currency", "pricing", "reason" };
	struct table *t = table_new(NC);
	char vm[16], gpu[16], start[16], rep[16], mon[32];
	const char *term = pricing_name(pl->pricing);
	size_t n;

	/* raw numbers, the unit in the header: monthly_usd */
	for (n = 0; pl->currency[n] && n + 1 < sizeof(cur); n++)
		cur[n] = (char)(pl->currency[n] >= 'A' && pl->currency[n] <= 'Z'
					? pl->currency[n] - 'A' + 'a' : pl->currency[n]);
	cur[n] = '\0';
	snprintf(monthly, sizeof(monthly), "monthly_%s", cur);
	for (size_t i = 0; i < NC; i++)
		table_header(t, i, cols[i], ALIGN_LEFT);
	for (size_t i = 0; i < pl->ngpus; i++) {
		const struct mig_plan_gpu *g = &pl->gpus[i];
		const struct mig_plan_pool *p = &pl->pools[g->pool];
		snprintf(vm, sizeof(vm), "%d", g->vm);
		snprintf(gpu, sizeof(gpu), "%d", g->gpu);
		for (int k = 0; k < g->nslices; k++) {
			const struct mig_plan_slice *s = &g->slices[k];
			snprintf(start, sizeof(start), "%d", s->start);
			snprintf(rep, sizeof(rep), "%d", s->replica);
			table_add(t, "mig", p->name, p->sku, p->region, vm, gpu, "", s->profile, start,
				  s->workload >= 0 ? pl->workloads[s->workload].name : "",
				  s->workload >= 0 ? rep : "", "", "", pl->currency, term, "");
		}
	}
	for (size_t i = 0; i < pl->npools; i++) {
		const struct mig_plan_pool *p = &pl->pools[i];
		snprintf(vm, sizeof(vm), "%d", p->vm_count);
		snprintf(mon, sizeof(mon), "%.2f", util_round_cents(p->monthly_cost));
		table_add(t, "pool", p->name, p->sku, p->region, "", "", vm, p->mig_profile, "", "",
			  "", mon, "own", pl->currency, term, "");
	}
	for (size_t i = 0; i < pl->ndedicated; i++) {
		const struct pack_dedicated *d = &pl->dedicated[i];
		snprintf(rep, sizeof(rep), "%d", d->replica);
		snprintf(mon, sizeof(mon), "%.2f", util_round_cents(d->monthly));
		table_add(t, "dedicated", "", d->sku, d->region, "", "", "1", "", "",
			  pl->workloads[d->workload].name, rep, mon, "own", pl->currency, term, "");
	}
	for (size_t i = 0; i < pl->nvms; i++) {
		const struct pack_vm *v = &pl->vms[i];
		snprintf(vm, sizeof(vm), "%d", v->vm_count);
		snprintf(mon, sizeof(mon), "%.2f", util_round_cents(v->monthly));
		table_add(t, "vm", "", v->sku, v->region, "", "", vm, "", "",
			  pl->workloads[v->workload].name, "", mon, "own", pl->currency,
			  v->terms, "");
	}
	for (size_t i = 0; i < pl->nunplaced; i++) {
		snprintf(rep, sizeof(rep), "%d", pl->unplaced[i].replica);
		table_add(t, "unplaced", "", "", pl->workloads[pl->unplaced[i].workload].region, "",
			  "", "", "", "", pl->workloads[pl->unplaced[i].workload].name, rep, "", "",
			  pl->currency, "", pl->unplaced[i].reason);
	}
	table_print(t, f, FMT_CSV);
	table_free(t);
}

void pack_text_print(FILE *out, enum out_format format, int color, const struct pack_plan *pl)
{
	switch (format) {
	case FMT_MARKDOWN:
		print_markdown(out, pl);
		break;
	case FMT_CSV:
		print_csv(out, pl);
		break;
	default:
		print_table(out, pl, color);
		break;
	}
}
