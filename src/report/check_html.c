/*
 * check_html.c - the `check -f html` report (check_html.h).
 */
#include "check_html.h"

#include <string.h>

#include "html_out.h"
#include "recommend_html.h"

/* A gate's limit or actual value as its unit says (JSON null: unknown). */
static const char *gate_value(char *buf, size_t len, const cJSON *g, const char *k,
			      const char *cur)
{
	const char *name = html_str(g, "name");
	double v;
	if (!html_num(g, k, &v))
		return "unknown";
	if (name && (strcmp(name, "max_monthly") == 0 || strcmp(name, "max_increase") == 0))
		return html_money(buf, len, v, cur, 1);
	if (name && strcmp(name, "max_increase_pct") == 0)
		snprintf(buf, len, "%.2f%%", v);
	else if (name && strcmp(name, "max_catalog_age_days") == 0)
		snprintf(buf, len, "%g days", v);
	else
		snprintf(buf, len, "%g", v);
	return buf;
}

/* The workloads of the recommendation document in order, each a copy the
 * renderer frees: a cursor, not an index walk per item. */
static cJSON *next_item(size_t i, void *arg)
{
	const cJSON **at = arg;
	const cJSON *x = *at;
	(void)i;
	if (!x)
		return NULL;
	*at = x->next;
	return cJSON_Duplicate(x, 1);
}

int check_html_print(FILE *f, const cJSON *check, const cJSON *recommend)
{
	const char *cur = html_str(check, "currency");
	const cJSON *gates = cJSON_GetObjectItemCaseSensitive(check, "gates"), *g;
	const cJSON *base = cJSON_GetObjectItemCaseSensitive(check, "baseline");
	int passed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(check, "passed"));
	int n = cJSON_GetArraySize(gates), failed = 0;
	char buf[64], gen[80];

	cJSON_ArrayForEach(g, gates)
		failed += !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(g, "passed"));
	html_begin(f, "GPU cost check");
	fputs("<p>Profile ", f);
	html_esc(f, html_str(check, "profile"));
	fputs(".</p>\n<h2>Gate</h2>\n", f);
	html_printf(f, "<div class=\"%s\" data-json=\"passed\" data-passed=\"%s\"><strong>", passed ? "pass" : "fail",
		    passed ? "true" : "false");
	if (!n)
		fputs("\xe2\x9c\x94 PASSED</strong>: no gates (give --max-monthly or a budget: "
		      "section)", f);
	else if (passed)
		html_printf(f, "\xe2\x9c\x94 PASSED</strong>: %d gate%s passed", n, n == 1 ? "" : "s");
	else
		html_printf(f, "\xe2\x9c\x98 FAILED</strong>: %d of %d gate%s failed", failed, n,
			    n == 1 ? "" : "s");
	fputs("</div>\n", f);
	if (n) {
		fputs("<table class=\"gates\"><tr><th>result</th><th>gate</th><th>limit</th>"
		      "<th>actual</th><th>why</th></tr>\n", f);
		cJSON_ArrayForEach(g, gates)
		{
			int ok = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(g, "passed"));
			html_printf(f, "<tr class=\"gate\" data-passed=\"%s\"><td><strong>%s</strong>"
				       "</td><td>",
				    ok ? "true" : "false", ok ? "\xe2\x9c\x94 pass" : "\xe2\x9c\x98 FAIL");
			html_esc(f, html_str(g, "name"));
			fputs("</td><td class=\"n\">", f);
			html_esc(f, gate_value(buf, sizeof buf, g, "limit", cur));
			fputs("</td><td class=\"n\">", f);
			html_esc(f, gate_value(buf, sizeof buf, g, "actual", cur));
			fputs("</td><td>", f);
			html_esc(f, html_str(g, "message"));
			fputs(" (", f);
			html_esc(f, html_str(g, "source"));
			fputs(")</td></tr>\n", f);
		}
		fputs("</table>\n", f);
	}
	if (cJSON_IsObject(base)) {
		fputs("<p>Baseline ", f);
		html_esc(f, html_str(base, "file"));
		fputs(": <span data-json=\"baseline.monthly_cost\">", f);
		html_esc(f, html_money_of(buf, sizeof buf, base, "monthly_cost", cur));
		fputs("</span> per month; change <span data-json=\"baseline.delta_monthly\">", f);
		html_esc(f, html_money_of(buf, sizeof buf, base, "delta_monthly", cur));
		fputs("</span>.</p>\n", f);
	}
	const cJSON *ws = cJSON_GetObjectItemCaseSensitive(recommend, "workloads");
	const cJSON *at = ws ? ws->child : NULL;
	int rc = recommend_html_body(f, recommend, (size_t)cJSON_GetArraySize(ws), next_item,
				     (void *)&at);
	snprintf(gen, sizeof gen, "gpufit %s check",
		 html_str(recommend, "gpufit_version") ? html_str(recommend, "gpufit_version") : "");
	html_end(f, gen);
	return rc;
}
