/*
 * recommend_html.c - the `recommend -f html` report (recommend_html.h): it
 * only prints what the JSON document says.
 */
#include "recommend_html.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html_out.h"
#include "load_plan_out.h"
#include "json_out.h"
#include "recommend.h"
#include "recommend_json.h"
#include "util.h"

/* Chart geometry, in SVG user units. */
#define CH_W 760
#define CH_BAR (CH_W - 110)
#define CH_ROW 36

static void card(FILE *f, const char *key, const char *label, const char *value)
{
	fputs("<div class=\"card\"><span class=\"k\">", f);
	html_esc(f, label);
	fputs("</span><span class=\"v\"", f);
	if (key) {
		fputs(" data-json=\"", f);
		html_esc(f, key);
		fputc('"', f);
	}
	fputc('>', f);
	html_esc(f, value);
	fputs("</span></div>\n", f);
}

static void summary(FILE *f, const cJSON *head)
{
	const char *cur = html_str(head, "currency");
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(head, "totals");
	const cJSON *cat = cJSON_GetObjectItemCaseSensitive(head, "catalog");
	char buf[96], b2[160];
	double v;

	fputs("<h2>Summary</h2>\n<div class=\"summary\">\n", f);
	card(f, "totals.monthly_cost", "Fleet monthly cost", html_money_of(buf, sizeof buf, t, "monthly_cost", cur));
	card(f, "totals.current_monthly_cost",
	     html_num(t, "current_monthly_cost", &v) ? "Current monthly cost"
						      : "Current monthly cost (no current_sku given)",
	     html_money_of(buf, sizeof buf, t, "current_monthly_cost", cur));
	card(f, "totals.savings_monthly", "Monthly saving",
	     html_money_of(buf, sizeof buf, t, "savings_monthly", cur));
	snprintf(b2, sizeof b2, "%.0f", html_num(t, "workloads", &v) ? v : 0);
	card(f, "totals.workloads", "Workloads", b2);
	snprintf(b2, sizeof b2, "%.0f", html_num(t, "infeasible", &v) ? v : 0);
	card(f, "totals.infeasible", "Without a feasible option", b2);
	if (html_num(cat, "age_days", &v))
		snprintf(b2, sizeof b2, "%.0f days", v);
	else
		snprintf(b2, sizeof b2, "unknown");
	card(f, "catalog.age_days", "Catalog age", b2);
	fputs("</div>\n<p class=\"muted\">Catalog: ", f);
	html_esc(f, html_str(cat, "source") ? html_str(cat, "source") : "unknown");
	fputs(", fetched ", f);
	html_esc(f, html_str(cat, "fetched_at") ? html_str(cat, "fetched_at") : "unknown");
	fputs("; pricing ", f);
	html_esc(f, html_str(head, "pricing"));
	html_printf(f, ", %g hours per month; money in ", html_num(head, "hours_per_month", &v) ? v : 0);
	html_esc(f, cur);
	fputs(".</p>\n", f);
	if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t, "complete"))) {
		const cJSON *u = cJSON_GetObjectItemCaseSensitive(t, "unpriced"), *x;
		double nw = 0;

		/* no workload priced: no "$0.00" for a part that is not there */
		if (html_num(t, "workloads", &nw) && cJSON_GetArraySize(u) >= nw) {
			fputs("<p class=\"warn\"><strong>Incomplete total:</strong> no workload is "
			      "priced; not priced as billed: ", f);
		} else {
			fputs("<p class=\"warn\"><strong>Incomplete total:</strong> the priced "
			      "workloads cost <span data-json=\"totals.priced_monthly_cost\">", f);
			html_esc(f, html_money_of(buf, sizeof buf, t, "priced_monthly_cost", cur));
			fputs("</span> per month; not priced as billed: ", f);
		}
		cJSON_ArrayForEach(x, u)
		{
			if (x != u->child)
				fputs(", ", f);
			html_esc(f, cJSON_IsString(x) ? x->valuestring : "");
		}
		fputs(".</p>\n", f);
	}
	const cJSON *w = cJSON_GetObjectItemCaseSensitive(head, "warnings"), *x;
	cJSON_ArrayForEach(x, w)
	{
		fputs("<p class=\"warn\"><strong>Warning:</strong> ", f);
		html_esc(f, cJSON_IsString(x) ? x->valuestring : "");
		fputs("</p>\n", f);
	}
}

/* One bar of the chart: its label above a bar as wide as v of max, its cost
 * (fills by role in the page's CSS). */
static void bar(FILE *f, int y, const char *role, const char *label, int known, double v,
		double max, const char *cur)
{
	char buf[64];
	double w = known && max > 0 ? v / max * CH_BAR : 0;
	if (known && v > 0 && w < 2)
		w = 2;
	html_printf(f, "<g data-role=\"%s\"><text y=\"%d\">", role, y + 12);
	html_esc(f, label);
	fputs("</text>", f);
	char num[32];   /* whole pixels, without printf: a page has bars by the thousand */

	if (known)
		fprintf(f, "<rect y=\"%d\" width=\"%s\"/>", y + 16,
			util_fmt_fixed(num, sizeof num, w, 0));
	fprintf(f, "<text class=\"cost\" x=\"%s\" y=\"%d\">",
		util_fmt_fixed(num, sizeof num, w + 6, 0), y + 28);
	html_esc(f, html_money(buf, sizeof buf, v, cur, known));
	fputs("</text></g>\n", f);
}

/* The choice's label as every format prints it (JSON label,
 * recommend_choice_label), then its region. */
static void choice_label(char *buf, size_t len, const char *prefix, const cJSON *c)
{
	const char *label = html_str(c, "label"), *mig = html_str(c, "mig_profile");
	double vms = 0;
	html_num(c, "vm_count", &vms);
	if (label)
		snprintf(buf, len, "%s%s, %s", prefix, label,
			 html_str(c, "region") ? html_str(c, "region") : "");
	else
		snprintf(buf, len, "%s%.0f x %s%s%s, %s", prefix, vms,
			 html_str(c, "sku") ? html_str(c, "sku") : "?", mig ? " " : "", mig ? mig : "",
			 html_str(c, "region") ? html_str(c, "region") : "");
}

static void chart(FILE *f, const cJSON *w, const char *cur)
{
	const cJSON *rec = cJSON_GetObjectItemCaseSensitive(w, "recommendation");
	const cJSON *alts = cJSON_GetObjectItemCaseSensitive(w, "alternatives");
	const cJSON *curd = cJSON_GetObjectItemCaseSensitive(w, "current");
	const cJSON *x;
	double max = 0, v = 0;
	int rows = 0, y = 0;
	char label[512];

	if (cJSON_IsObject(rec)) {
		rows++;
		if (html_num(rec, "monthly_cost", &v) && v > max)
			max = v;
	}
	cJSON_ArrayForEach(x, alts)
	{
		rows++;
		if (html_num(x, "monthly_cost", &v) && v > max)
			max = v;
	}
	if (cJSON_IsObject(curd)) {
		rows++;
		if (html_num(curd, "monthly_cost", &v) && v > max)
			max = v;
	}
	if (!rows)
		return;
	/* the width is the CSS's (svg.chart), the height follows the viewBox */
	html_printf(f, "<svg class=\"chart\" role=\"img\" viewBox=\"0 0 %d %d\"><title>Monthly "
		       "cost by option</title>\n",
		    CH_W, rows * CH_ROW + 4);
	if (cJSON_IsObject(rec)) {
		int known = html_num(rec, "monthly_cost", &v);
		choice_label(label, sizeof label, "\xe2\x98\x85 recommended: ", rec);
		bar(f, y, "recommendation", label, known, v, max, cur);
		y += CH_ROW;
	}
	cJSON_ArrayForEach(x, alts)
	{
		int known = html_num(x, "monthly_cost", &v);
		choice_label(label, sizeof label, "", x);
		bar(f, y, "alternative", label, known, v, max, cur);
		y += CH_ROW;
	}
	if (cJSON_IsObject(curd)) {
		double cnt = 0;
		int known = html_num(curd, "monthly_cost", &v);
		html_num(curd, "count", &cnt);
		snprintf(label, sizeof label, "today: %s x%.0f", html_str(curd, "sku") ? html_str(curd, "sku") : "?",
			 cnt);
		bar(f, y, "current", label, known, v, max, cur);
	}
	fputs("</svg>\n", f);
}

/*
 * A memory rejection "needs A GiB, has B GiB[; rest]": the offsets of
 * ", has " and of the " GiB" that ends B; 0 when the reason has another
 * form.  The sizes whose need and rest agree share one row, each with its
 * own "has B GiB", so the need is printed once per workload, not per size.
 */
static int mem_split(const cJSON *x, size_t *has, size_t *has_end)
{
	const char *k = html_str(x, "kind"), *r = html_str(x, "reason"), *h, *g;

	if (!k || !r || strcmp(k, "memory") != 0 || strncmp(r, "needs ", 6) != 0)
		return 0;
	if (!(h = strstr(r, ", has ")) || !(g = strstr(h + 6, " GiB")))
		return 0;
	/* only "needs A GiB, has B GiB" or "...; more": a unit after B ("per
	 * GPU") stays in the row of its own */
	if (g[4] != '\0' && g[4] != ';')
		return 0;
	*has = (size_t)(h - r);
	*has_end = (size_t)(g + 4 - r);
	return 1;
}

/* The first n bytes of s, escaped. */
static void esc_part(FILE *f, const char *s, size_t n)
{
	char buf[256];

	while (n > 0) {
		size_t k = n < sizeof buf - 1 ? n : sizeof buf - 1;
		memcpy(buf, s, k);
		buf[k] = '\0';
		html_esc(f, buf);
		s += k;
		n -= k;
	}
}

/* A rejection's fields for grouping: read once per row, not per pair. */
struct rej_row {
	const cJSON *x;
	const char *kind, *reason;
	size_t has, has_end;
	int split;
};

static int same_reason(const struct rej_row *a, const struct rej_row *b)
{
	if (!(a->kind && b->kind && a->reason && b->reason && strcmp(a->kind, b->kind) == 0))
		return 0;
	if (a->split && b->split)
		return a->has == b->has && strncmp(a->reason, b->reason, a->has) == 0 &&
		       strcmp(a->reason + a->has_end, b->reason + b->has_end) == 0;
	return strcmp(a->reason, b->reason) == 0;
}

/* "Standard_X MIG 1g.10gb (eastus)": a rejected size, its slice and region. */
static void reject_name(FILE *f, const cJSON *x)
{
	const char *mig = html_str(x, "mig_profile"), *region = html_str(x, "region");
	html_esc(f, html_str(x, "sku"));
	if (mig) {
		fputs(" MIG ", f);
		html_esc(f, mig);
	}
	if (region) {
		fputs(" (", f);
		html_esc(f, region);
		fputc(')', f);
	}
}

static void workload(FILE *f, const cJSON *w, const char *cur, size_t idx)
{
	const cJSON *rec = cJSON_GetObjectItemCaseSensitive(w, "recommendation");
	const cJSON *rej = cJSON_GetObjectItemCaseSensitive(w, "rejected");
	const cJSON *fnd = cJSON_GetObjectItemCaseSensitive(w, "findings");
	const cJSON *curd = cJSON_GetObjectItemCaseSensitive(w, "current");
	const cJSON *x, *y;
	char buf[64];
	double v = 0;

	html_printf(f, "<section class=\"workload\" data-index=\"%zu\"><h3>", idx);
	html_esc(f, html_str(w, "name"));
	fputs("</h3>\n<p class=\"muted\">", f);
	html_esc(f, html_str(w, "type"));
	if (!html_num(w, "replicas", &v))
		v = 0;
	html_printf(f, ", %.0f replica%s", v, v == 1 ? "" : "s");
	if (cJSON_IsObject(rec)) {
		fputs("; recommended <strong data-json=\"recommendation.monthly_cost\">", f);
		html_esc(f, html_money_of(buf, sizeof buf, rec, "monthly_cost", cur));
		fputs("</strong> per month (", f);
		html_esc(f, html_str(rec, "cost_basis"));
		fputc(')', f);
	} else {
		fputs("; <strong>no feasible option</strong>", f);
	}
	if (cJSON_IsObject(curd)) {
		fputs("; saving <span data-json=\"current.savings_monthly\">", f);
		html_esc(f, html_money_of(buf, sizeof buf, curd, "savings_monthly", cur));
		fputs("</span>", f);
	}
	fputs("</p>\n", f);
	chart(f, w, cur);
	load_plan_html(f, cJSON_GetObjectItemCaseSensitive(w, "load_plan"), cur);
	if (cJSON_IsObject(rec)) {
		const cJSON *rs = cJSON_GetObjectItemCaseSensitive(rec, "reasons");
		fputs("<ul>", f);
		cJSON_ArrayForEach(x, rs)
		{
			fputs("<li>", f);
			html_esc(f, cJSON_IsString(x) ? x->valuestring : "");
			fputs("</li>", f);
		}
		fputs("</ul>\n", f);
	}
	if (cJSON_GetArraySize(rej) > 0) {
		/* one row per reason: the sizes rejected for the same reason together */
		size_t n = (size_t)cJSON_GetArraySize(rej), i = 0;
		struct rej_row *rows = xmalloc(n * sizeof(*rows));

		cJSON_ArrayForEach(x, rej)
		{
			struct rej_row *r = &rows[i++];

			r->x = x;
			r->kind = html_str(x, "kind");
			r->reason = html_str(x, "reason");
			r->split = mem_split(x, &r->has, &r->has_end);
		}
		fputs("<table class=\"rejected\">"
		      "<tr><th>rejected sizes</th><th>why</th><th>detail</th></tr>\n", f);
		for (i = 0; i < n; i++) {
			const struct rej_row *r = &rows[i];
			int seen = 0, first = 1;

			for (size_t j = 0; j < i && !seen; j++)
				seen = same_reason(&rows[j], r);
			if (seen)
				continue;
			fputs("<tr><td>", f);
			for (size_t j = i; j < n; j++) {
				const struct rej_row *z = &rows[j];

				if (!same_reason(z, r))
					continue;
				if (!first)
					fputs(", ", f);
				first = 0;
				reject_name(f, z->x);
				if (r->split && z->split) {   /* its own "has B GiB" */
					fputs(" has ", f);
					esc_part(f, z->reason + z->has + 6, z->has_end - z->has - 6);
				}
			}
			fputs("</td><td>", f);
			html_esc(f, r->kind);
			fputs("</td><td>", f);
			if (r->split) {   /* "needs A GiB<rest>" once */
				esc_part(f, r->reason, r->has);
				html_esc(f, r->reason + r->has_end);
			} else {
				html_esc(f, r->reason);
			}
			fputs("</td></tr>\n", f);
		}
		fputs("</table>\n", f);
		free(rows);
	}
	cJSON_ArrayForEach(y, fnd)
	{
		fputs("<p class=\"warn\"><strong>", f);
		html_esc(f, html_str(y, "severity"));
		fputs(" (", f);
		html_esc(f, html_str(y, "kind"));
		fputs("):</strong> ", f);
		html_esc(f, html_str(y, "message"));
		fputs("</p>\n", f);
	}
	fputs("</section>\n", f);
}

static void mig_plan(FILE *f, const cJSON *head, const char *cur)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(head, "mig_plan"), *x;
	char a[64], b[64];
	if (!cJSON_IsObject(m))
		return;
	fputs("<h2>MIG plan</h2>\n<p>The plan costs <span data-json=\"mig_plan.monthly_cost\">", f);
	html_esc(f, html_money_of(a, sizeof a, m, "monthly_cost", cur));
	fputs("</span> per month; its workloads on their best dedicated options would cost ", f);
	html_esc(f, html_money_of(b, sizeof b, m, "dedicated_monthly_cost", cur));
	fputs(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "used_in_totals"))
		      ? ". The totals use it.</p>\n"
		      : ". The totals do not use it.</p>\n",
	      f);
	fputs("<table><tr><th>pool</th><th>size</th><th>region</th><th>VMs</th><th>MIG profile</th>"
	      "<th>slices used</th><th>monthly</th></tr>\n", f);
	cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(m, "node_pools"))
	{
		double vms = 0, sl = 0, used = 0;
		html_num(x, "vm_count", &vms);
		html_num(x, "slices", &sl);
		html_num(x, "slices_used", &used);
		fputs("<tr><td>", f);
		html_esc(f, html_str(x, "name"));
		fputs("</td><td>", f);
		html_esc(f, html_str(x, "sku"));
		fputs("</td><td>", f);
		html_esc(f, html_str(x, "region"));
		html_printf(f, "</td><td class=\"n\">%.0f</td><td>", vms);
		html_esc(f, html_str(x, "mig_profile") ? html_str(x, "mig_profile") : "mixed");
		html_printf(f, "</td><td class=\"n\">%.0f of %.0f</td><td class=\"n\">", used, sl);
		html_esc(f, html_money_of(a, sizeof a, x, "monthly_cost", cur));
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void assumptions(FILE *f, const cJSON *head)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(head, "assumptions"), *x;
	fputs("<h2>Assumptions</h2>\n<ul>\n", f);
	cJSON_ArrayForEach(x, a)
	{
		if (cJSON_IsObject(x))
			continue;
		fputs("<li><strong>", f);
		html_esc(f, x->string);
		fputs(":</strong> ", f);
		if (cJSON_IsString(x))
			html_esc(f, x->valuestring);
		else if (cJSON_IsNumber(x))
			html_printf(f, "%g", x->valuedouble);
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
	const cJSON *fx = cJSON_GetObjectItemCaseSensitive(a, "factors");
	if (cJSON_IsObject(fx)) {
		fputs("<table><caption>Efficiency factors</caption><tr><th>factor</th><th>value</th>"
		      "</tr>\n", f);
		cJSON_ArrayForEach(x, fx)
		{
			fputs("<tr><td>", f);
			html_esc(f, x->string);
			html_printf(f, "</td><td class=\"n\">%g</td></tr>\n",
				    cJSON_IsNumber(x) ? x->valuedouble : NAN);
		}
		fputs("</table>\n", f);
	}
}

int recommend_html_body(FILE *f, const cJSON *head, size_t n,
			cJSON *(*item)(size_t i, void *arg), void *arg)
{
	const char *cur = html_str(head, "currency");
	if (!cur)
		cur = "USD";
	summary(f, head);
	fputs("<h2>Workloads</h2>\n<p class=\"legend\"><span><span class=\"sw\" style=\"background:",
	      f);
	fputs(html_color(0), f);
	fputs("\">\xe2\x98\x85</span>recommended</span><span><span class=\"sw\" style=\"background:", f);
	fputs(html_color(7), f);
	fputs("\">&#160;</span>alternative</span><span><span class=\"sw\" style=\"background:", f);
	fputs(html_color(6), f);
	fputs("\">&#160;</span>today</span> Bars are monthly cost; each is labelled.</p>\n", f);
	for (size_t i = 0; i < n; i++) {
		cJSON *w = item(i, arg);
		if (!w)
			return -1;
		workload(f, w, cur, i);
		cJSON_Delete(w);
		json_arena_reset();   /* when the items come from json_arena_begin() */
	}
	mig_plan(f, head, cur);
	assumptions(f, head);
	return 0;
}

static cJSON *result_item(size_t i, void *arg)
{
	return recommend_workload_to_json((const struct recommend_result *)arg, i);
}

int recommend_html_result(FILE *f, const struct recommend_result *r,
			  const struct recommend_meta *meta)
{
	cJSON *head = recommend_header_to_json(r, meta);
	char gen[80];
	if (!head)
		return -1;
	html_begin(f, "GPU recommendation");
	json_arena_begin();   /* each workload's tree lives until it is drawn */
	int rc = recommend_html_body(f, head, r->nworkloads, result_item, (void *)r);
	json_arena_end();
	snprintf(gen, sizeof gen, "gpufit %s recommend",
		 meta && meta->gpufit_version ? meta->gpufit_version : "");
	html_end(f, gen);
	cJSON_Delete(head);
	return rc;
}
