/*
 * load_plan_out.c - a load plan in JSON, text and SVG (load_plan_out.h).
 */
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "json_out.h"
#include "html_out.h"
#include "load_plan_out.h"

static cJSON *hours_array(const int *n)
{
	cJSON *a = cJSON_CreateArray();

	for (int h = 0; h < RECOMMEND_HOURS_A_DAY; h++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber((double)n[h]));
	return a;
}

cJSON *load_plan_to_json(const struct recommend_load_plan *lp)
{
	cJSON *o = cJSON_CreateObject(), *arr;

	if (lp->curves == 2) {
		cJSON *x = cJSON_AddObjectToObject(o, "replicas_by_hour");

		cJSON_AddItemToObject(x, "weekday", hours_array(lp->replicas_by_hour[0]));
		cJSON_AddItemToObject(x, "weekend", hours_array(lp->replicas_by_hour[1]));
	} else {
		cJSON_AddItemToObject(o, "replicas_by_hour", hours_array(lp->replicas_by_hour[0]));
	}
	json_add_rounded(o, "in_flight_per_replica_at_peak", lp->in_flight_per_replica_at_peak, 2);
	json_add_rounded(o, "in_flight_target_per_replica", lp->in_flight_target_per_replica, 2);
	json_add_money(o, "monthly_cost", lp->monthly_cost);
	json_add_money(o, "peak_sized_monthly_cost", lp->peak_sized_monthly_cost);
	json_add_money(o, "savings_monthly", lp->peak_sized_monthly_cost - lp->monthly_cost);
	cJSON_AddNumberToObject(o, "peak_requests_per_s", lp->peak_requests_per_s);
	cJSON_AddNumberToObject(o, "peak_replicas", lp->peak_replicas);
	cJSON_AddNumberToObject(o, "trough_replicas", lp->trough_replicas);
	cJSON_AddNumberToObject(o, "min_replicas", lp->min_replicas);
	cJSON_AddNumberToObject(o, "max_replicas", lp->max_replicas);
	cJSON_AddNumberToObject(o, "capped_hours", lp->capped_hours);
	cJSON_AddNumberToObject(o, "peak_replicas_needed", lp->peak_replicas_needed);
	cJSON_AddBoolToObject(o, "slo_met", lp->capped_hours == 0);
	cJSON_AddNumberToObject(o, "warm_hours", lp->warm_hours);
	json_add_rounded(o, "replica_hours_per_month", lp->replica_hours_per_month, 2);
	arr = cJSON_AddArrayToObject(o, "bills");
	for (size_t i = 0; i < lp->nbills; i++) {
		const struct recommend_load_bill *b = &lp->bills[i];
		cJSON *x = cJSON_CreateObject();

		cJSON_AddNumberToObject(x, "replicas", b->replicas);
		cJSON_AddNumberToObject(x, "vms", b->vms);
		cJSON_AddStringToObject(x, "term", pricing_name(b->term));
		cJSON_AddNumberToObject(x, "hourly_cost", b->hourly);
		json_add_rounded(x, "hours_per_month", b->hours_per_month, 2);
		json_add_money(x, "monthly_cost", b->monthly_cost);
		cJSON_AddItemToArray(arr, x);
	}
	return o;
}

void load_plan_summary(const struct recommend_load_plan *lp, const char *currency, char *buf,
		       size_t len)
{
	char a[48], b[48], d[48];

	snprintf(buf, len, "%g requests/s at the peak: peak %d, trough %d replicas, %.2f sequences "
		 "in flight per replica at the peak (mean); autoscaled %s/month, sized for the "
		 "peak all day %s/month (saves %s)",
		 lp->peak_requests_per_s, lp->peak_replicas, lp->trough_replicas,
		 lp->in_flight_per_replica_at_peak,
		 util_fmt_money_in(a, sizeof a, lp->monthly_cost, currency),
		 util_fmt_money_in(b, sizeof b, lp->peak_sized_monthly_cost, currency),
		 util_fmt_money_in(d, sizeof d, lp->peak_sized_monthly_cost - lp->monthly_cost,
				   currency));
}

int load_plan_capped_text(const struct recommend_load_plan *lp, char *buf, size_t len)
{
	if (lp->capped_hours <= 0)
		return 0;
	snprintf(buf, len, "does NOT meet its SLO in %d of %d hours: autoscale.max_replicas %d "
		 "caps them below their rate's need (%d replicas at the peak)",
		 lp->capped_hours, lp->curves == 2 ? 2 * RECOMMEND_HOURS_A_DAY
						   : RECOMMEND_HOURS_A_DAY,
		 lp->max_replicas, lp->peak_replicas_needed);
	return 1;
}

void load_plan_hours_text(const struct recommend_load_plan *lp, int cv, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (int h = 0; h < RECOMMEND_HOURS_A_DAY && at < len; h++) {
		int n = snprintf(buf + at, len - at, "%s%d", h ? " " : "",
				 lp->replicas_by_hour[cv & 1][h]);

		if (n < 0)
			break;
		at += (size_t)n;
	}
}

/* The chart's geometry: 24 hours of HOUR_W px after a margin of LEFT px. */
#define LP_LEFT 32
#define LP_HOUR_W 24
#define LP_H 120
#define LP_TOP 8

static int curve_counts(const cJSON *arr, int *n)
{
	const cJSON *x;
	int h = 0, top = 0;

	cJSON_ArrayForEach(x, arr)
	{
		if (h >= RECOMMEND_HOURS_A_DAY || !cJSON_IsNumber(x))
			return -1;
		n[h] = (int)(x->valuedouble >= 0 && x->valuedouble < 1e6 ? x->valuedouble : 0);
		top = n[h] > top ? n[h] : top;
		h++;
	}
	return h == RECOMMEND_HOURS_A_DAY ? top : -1;
}

static void step_line(FILE *f, const int *n, int top, const char *role)
{
	char num[32];

	html_printf(f, "<polyline data-role=\"%s\" fill=\"none\" stroke=\"currentColor\" "
		       "stroke-width=\"2\" points=\"", role);
	for (int h = 0; h < RECOMMEND_HOURS_A_DAY; h++) {
		double y = LP_TOP + LP_H - (top > 0 ? (double)n[h] / top * LP_H : 0);

		fprintf(f, "%d,%s %d,%s ", LP_LEFT + h * LP_HOUR_W,
			util_fmt_fixed(num, sizeof num, y, 1), LP_LEFT + (h + 1) * LP_HOUR_W, num);
	}
	fputs("\"/>\n", f);
}

void load_plan_html(FILE *f, const cJSON *lp, const char *currency)
{
	const cJSON *rb = cJSON_GetObjectItemCaseSensitive(lp, "replicas_by_hour");
	int wd[RECOMMEND_HOURS_A_DAY], we[RECOMMEND_HOURS_A_DAY], top, top2 = -1;
	char buf[64];
	double v = 0;

	if (!cJSON_IsObject(lp))
		return;
	if (cJSON_IsObject(rb)) {
		top = curve_counts(cJSON_GetObjectItemCaseSensitive(rb, "weekday"), wd);
		top2 = curve_counts(cJSON_GetObjectItemCaseSensitive(rb, "weekend"), we);
		if (top2 > top)
			top = top2;
		if (top2 < 0)
			top = -1;
	} else {
		top = curve_counts(rb, wd);
	}
	fputs("<p class=\"load-plan\">autoscaled <strong data-json=\"load_plan.monthly_cost\">", f);
	html_esc(f, html_money_of(buf, sizeof buf, lp, "monthly_cost", currency));
	fputs("</strong> per month against <span data-json=\"load_plan.peak_sized_monthly_cost\">",
	      f);
	html_esc(f, html_money_of(buf, sizeof buf, lp, "peak_sized_monthly_cost", currency));
	fputs("</span> sized for the peak all day; replicas: peak ", f);
	html_printf(f, "%.0f", html_num(lp, "peak_replicas", &v) ? v : 0);
	fputs(", trough ", f);
	html_printf(f, "%.0f", html_num(lp, "trough_replicas", &v) ? v : 0);
	fputs("</p>\n", f);
	if (html_num(lp, "capped_hours", &v) && v > 0) {
		double need = 0, cap = 0;

		html_printf(f, "<p class=\"load-capped\"><strong>Does not meet its SLO</strong> in "
			       "<span data-json=\"load_plan.capped_hours\">%.0f</span> hours: "
			       "autoscale.max_replicas %.0f caps them below their rate's need "
			       "(<span data-json=\"load_plan.peak_replicas_needed\">%.0f</span> "
			       "replicas at the peak)</p>\n",
			    v, html_num(lp, "max_replicas", &cap) ? cap : 0,
			    html_num(lp, "peak_replicas_needed", &need) ? need : 0);
	}
	if (top < 0)
		return;
	html_printf(f, "<svg class=\"load\" role=\"img\" width=\"560\" viewBox=\"0 0 %d %d\">"
		       "<title>Replicas by hour of the day (UTC)%s</title>\n",
		    LP_LEFT + RECOMMEND_HOURS_A_DAY * LP_HOUR_W + 24, LP_TOP + LP_H + 24,
		    top2 >= 0 ? ": weekday solid, weekend dashed" : "");
	html_printf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"currentColor\"/>\n",
		    LP_LEFT, LP_TOP + LP_H, LP_LEFT + RECOMMEND_HOURS_A_DAY * LP_HOUR_W,
		    LP_TOP + LP_H);
	html_printf(f, "<text x=\"0\" y=\"%d\">%d</text><text x=\"0\" y=\"%d\">0</text>\n",
		    LP_TOP + 10, top, LP_TOP + LP_H);
	for (int h = 0; h <= RECOMMEND_HOURS_A_DAY; h += 6)
		html_printf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\">%02d:00</text>\n",
			    LP_LEFT + h * LP_HOUR_W - 14, LP_TOP + LP_H + 18, h);
	step_line(f, wd, top, top2 >= 0 ? "weekday" : "replicas");
	if (top2 >= 0) {
		fputs("<g stroke-dasharray=\"4 3\">", f);
		step_line(f, we, top, "weekend");
		fputs("</g>\n", f);
	}
	fputs("</svg>\n", f);
}
