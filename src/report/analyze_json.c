/*
 * analyze_json.c - the `analyze` result as the -f json document
 * (analyze_json.h), and through it the -f html report (analyze_html.h).
 */
#include "analyze_json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "analyze_html.h"
#include "gpufit.h"
#include "json_out.h"
#include "util.h"

static cJSON *stats_json(const struct telemetry_series *s)
{
	cJSON *o = cJSON_CreateObject();
	for (int m = 0; m < TM_METRIC_COUNT; m++) {
		struct telemetry_stats st;
		telemetry_acc_stats(&s->m[m], (enum telemetry_metric)m, &st);
		if (!st.count)
			continue;
		cJSON *x = cJSON_AddObjectToObject(o, telemetry_metric_name((enum telemetry_metric)m));
		int d = telemetry_metric_is_ratio((enum telemetry_metric)m) ? 4 : 1;
		cJSON_AddNumberToObject(x, "samples", (double)st.count);
		json_add_rounded(x, "mean", st.mean, d);
		/* NaN: a server summary without percentiles (--prometheus) */
		if (isnan(st.p5))
			cJSON_AddNullToObject(x, "p5");
		else
			json_add_rounded(x, "p5", st.p5, d);
		if (isnan(st.p50))
			cJSON_AddNullToObject(x, "p50");
		else
			json_add_rounded(x, "p50", st.p50, d);
		if (isnan(st.p95))
			cJSON_AddNullToObject(x, "p95");
		else
			json_add_rounded(x, "p95", st.p95, d);
		json_add_rounded(x, "max", st.max, d);
	}
	return o;
}

static void iso_time(char *buf, size_t n, long long ms)
{
	time_t t = (time_t)(ms / 1000);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The JSON rows, and the totals that say how an unpriced row's reason
 * names its pricing. */
struct json_rows {
	const struct analysis_row *rows;
	const struct analysis_totals *t;
};

static cJSON *render_json_row(const struct analysis_row *r, const struct json_rows *jr)
{
	const struct telemetry_series *s = r->s;
	cJSON *g = cJSON_CreateObject();
	cJSON_AddStringToObject(g, "host", s->host);
	json_add_str_or_null(g, "gpu", s->gpu);
	json_add_str_or_null(g, "uuid", s->uuid);
	json_add_str_or_null(g, "model", s->model);
	json_add_str_or_null(g, "mig_profile", s->mig_profile);
	json_add_str_or_null(g, "mig_id", s->mig_id);
	json_add_str_or_null(g, "pod", s->pod);
	json_add_str_or_null(g, "namespace", s->namespace_);
	cJSON_AddStringToObject(g, "source", s->source);
	json_add_str_or_null(g, "sku", r->vm ? r->vm->sku : NULL);
	cJSON_AddBoolToObject(g, "sku_assumed", r->hm && r->hm->assumed);
	json_add_str_or_null(g, "gpu_model", r->gpu ? r->gpu->name : NULL);
	cJSON *st = stats_json(s);
	cJSON_AddStringToObject(st, "activity_metric", telemetry_metric_name(r->res.activity_metric));
	if (analysis_row_idle_known(r))
		json_add_rounded(st, "idle_fraction", r->res.idle_fraction, 4);
	else
		cJSON_AddNullToObject(st, "idle_fraction");   /* no activity samples */
	if (r->res.peak_memory_gib >= 0)
		json_add_rounded(st, "peak_memory_gib", r->res.peak_memory_gib, 2);
	else
		cJSON_AddNullToObject(st, "peak_memory_gib");
	cJSON_AddItemToObject(g, "stats", st);
	cJSON_AddStringToObject(g, "finding", classify_finding_name(r->res.finding));
	cJSON_AddBoolToObject(g, "weak_evidence", r->res.weak);
	cJSON_AddStringToObject(g, "reason", r->res.reason);
	cJSON_AddStringToObject(g, "recommendation", r->res.recommendation);
	json_add_str_or_null(g, "enable", r->res.enable);
	if (analysis_row_priced(r)) {
		cJSON_AddNumberToObject(g, "hourly_cost", r->hourly);   /* unrounded */
		json_add_money(g, "monthly_cost", r->monthly);
		if (analysis_row_savings_known(r))
			json_add_money(g, "savings_monthly", r->saving);
		else
			cJSON_AddNullToObject(g, "savings_monthly");   /* not sized: unknown */
		cJSON_AddNullToObject(g, "unpriced_reason");
	} else {
		char why[256];
		analysis_unpriced_reason(why, sizeof(why), r, jr->t);
		cJSON_AddNullToObject(g, "hourly_cost");
		cJSON_AddNullToObject(g, "monthly_cost");
		cJSON_AddNullToObject(g, "savings_monthly");   /* unknown, never 0 */
		cJSON_AddStringToObject(g, "unpriced_reason", why);
	}
	return g;
}

/* The rows of the JSON "gpus" array, made one at a time (a fleet of 100k
 * GPUs would otherwise hold a cJSON tree of several KiB per GPU). */
static cJSON *json_row_at(size_t i, void *arg)
{
	const struct json_rows *jr = arg;
	return render_json_row(&jr->rows[i], jr);
}

/* The labels of the rows whose part is not known, as a JSON array. */
static void json_add_unknown(cJSON *obj, const char *key, const struct analysis_row *rows,
			     size_t nrows,
			     int (*known)(const struct analysis_row *))
{
	cJSON *arr = cJSON_AddArrayToObject(obj, key);
	for (size_t i = 0; i < nrows; i++) {
		char lab[160];
		if (known(&rows[i]))
			continue;
		analysis_series_label(lab, sizeof(lab), rows[i].s);
		cJSON_AddItemToArray(arr, cJSON_CreateString(lab));
	}
}

/* A GPU of a move in JSON: host, gpu, and the pod of the work when pod is set. */
static cJSON *json_gpu_ref(const struct analysis_row *rows, size_t first, int pod)
{
	const struct telemetry_series *s = rows[first].s;
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "host", s->host);
	json_add_str_or_null(o, "gpu", s->gpu);
	if (pod)
		json_add_str_or_null(o, "pod", s->pod);
	return o;
}

/* The proposals: each saving is monthly_bill_before - monthly_bill_after;
 * the chosen ones add up to totals.savings_monthly. */
static cJSON *json_proposals(const struct analysis_row *rows, const struct analysis_totals *t)
{
	const struct analysis_fleet *fl = t->fleet;
	cJSON *arr = cJSON_CreateArray();

	for (size_t i = 0; i < fl->nprops; i++) {
		const struct analysis_proposal *p = &fl->props[i];
		cJSON *o = cJSON_CreateObject(), *h;
		cJSON_AddStringToObject(o, "kind", p->kind == ANALYSIS_CONSOLIDATE ? "consolidate"
										: "resize");
		cJSON_AddBoolToObject(o, "chosen", p->chosen);
		cJSON_AddStringToObject(o, "sku", t->facts->vms[p->vi].sku);
		json_add_str_or_null(o, "to_sku", p->kind == ANALYSIS_RESIZE
						     ? t->facts->vms[p->to_vi].sku : NULL);
		h = cJSON_AddArrayToObject(o, "hosts");
		for (size_t v = p->vm; v < p->vm + p->nvms; v++)
			cJSON_AddItemToArray(h, cJSON_CreateString(analysis_fleet_host(fl, rows, v)));
		h = cJSON_AddArrayToObject(o, "released_hosts");
		for (size_t v = p->vm; p->kind == ANALYSIS_CONSOLIDATE && v < p->vm + p->nvms; v++)
			if (!fl->vms[v].kept)
				cJSON_AddItemToArray(h, cJSON_CreateString(analysis_fleet_host(fl, rows, v)));
		cJSON_AddNumberToObject(o, "vms_before", (double)p->nvms);
		cJSON_AddNumberToObject(o, "vms_after", (double)p->vms_after);
		json_add_money(o, "monthly_bill_before", p->before);
		json_add_money(o, "monthly_bill_after", p->after);
		json_add_money(o, "savings_monthly", p->saving);
		h = cJSON_AddArrayToObject(o, "moves");
		for (size_t m = 0; m < p->nmoves; m++) {
			const struct analysis_move *mv = &p->moves[m];
			cJSON *x = cJSON_CreateObject();
			cJSON_AddItemToObject(x, "from", json_gpu_ref(rows, mv->from, 1));
			cJSON_AddItemToObject(x, "to", json_gpu_ref(rows, mv->to, 0));
			if (mv->beside >= 0)
				cJSON_AddItemToObject(x, "shares_with",
						      json_gpu_ref(rows, (size_t)mv->beside, 1));
			else
				cJSON_AddNullToObject(x, "shares_with");
			cJSON_AddItemToArray(h, x);
		}
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

void analyze_json_print(FILE *out, enum out_format format, const struct analysis_row *rows,
			size_t nrows, const struct analysis_totals *t,
			const struct telemetry_store *st, double hours, const char *region,
			enum pricing_kind kind, cJSON *assumptions)
{
	cJSON *doc = cJSON_CreateObject();
	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "gpufit_version", GPUFIT_VERSION);
	cJSON_AddStringToObject(doc, "currency", t->currency);
	cJSON_AddStringToObject(doc, "pricing", pricing_name(kind));
	cJSON_AddStringToObject(doc, "region", region);
	json_add_rounded(doc, "hours_per_month", hours, 2);
	cJSON *w = cJSON_AddObjectToObject(doc, "window");
	char buf[40];
	if (st->start_ms) {
		iso_time(buf, sizeof(buf), st->start_ms);
		cJSON_AddStringToObject(w, "start", buf);
		iso_time(buf, sizeof(buf), st->end_ms);
		cJSON_AddStringToObject(w, "end", buf);
	} else {
		cJSON_AddNullToObject(w, "start");
		cJSON_AddNullToObject(w, "end");
	}
	cJSON_AddNumberToObject(w, "samples", (double)st->samples);
	cJSON_AddNumberToObject(w, "blank_samples", (double)st->blanks);
	if (t->window_hours >= 0)
		json_add_rounded(w, "hours", t->window_hours, 4);
	else
		cJSON_AddNullToObject(w, "hours");
	/* monthly figures from less than a day of telemetry say so */
	if (t->window_hours >= 0 && t->window_hours < 24)
		json_add_rounded(w, "extrapolated_from_hours", t->window_hours, 4);
	else
		cJSON_AddNullToObject(w, "extrapolated_from_hours");
	cJSON_AddArrayToObject(doc, "gpus");   /* streamed: one row at a time */
	cJSON *to = cJSON_AddObjectToObject(doc, "totals");
	cJSON_AddNumberToObject(to, "gpus", t->gpus);
	cJSON *by = cJSON_AddObjectToObject(to, "findings");
	for (int f = 0; f < CLASS_COUNT; f++)
		cJSON_AddNumberToObject(by, classify_finding_name((enum classify_finding)f), t->by[f]);
	/* a total with an unknown part is null; known_* sum the known parts */
	if (!t->no_activity)
		json_add_rounded(to, "idle_gpu_hours_monthly", t->wasted_hours, 1);
	else
		cJSON_AddNullToObject(to, "idle_gpu_hours_monthly");
	if (!t->idle_cost_unknown)
		json_add_money(to, "idle_cost_monthly", t->wasted_cost);
	else
		cJSON_AddNullToObject(to, "idle_cost_monthly");
	if (!t->unpriced)
		json_add_money(to, "current_monthly_cost", t->current_cost);
	else
		cJSON_AddNullToObject(to, "current_monthly_cost");
	if (!t->savings_unknown)
		json_add_money(to, "savings_monthly", t->savings);
	else
		cJSON_AddNullToObject(to, "savings_monthly");
	cJSON_AddBoolToObject(to, "complete", !t->no_activity && !t->unpriced &&
						 !t->idle_cost_unknown && !t->savings_unknown);
	cJSON_AddNumberToObject(to, "unpriced_gpus", t->unpriced);
	json_add_unknown(to, "unpriced", rows, nrows, analysis_row_priced);
	cJSON_AddNumberToObject(to, "no_activity_gpus", t->no_activity);
	json_add_unknown(to, "no_activity", rows, nrows, analysis_row_idle_known);
	json_add_rounded(to, "known_idle_gpu_hours_monthly", t->wasted_hours, 1);
	json_add_money(to, "known_idle_cost_monthly", t->wasted_cost);
	json_add_money(to, "known_current_monthly_cost", t->current_cost);
	json_add_money(to, "known_savings_monthly", t->savings);
	json_add_money(to, "unallocated_mig_monthly_cost", t->free_cost);
	cJSON *fa = cJSON_AddArrayToObject(to, "unallocated_mig");
	for (size_t i = 0; i < t->nfree; i++) {
		const struct analysis_mig_free *mf = &t->free[i];
		const struct telemetry_series *s = mf->first->s;
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "host", s->host);
		json_add_str_or_null(o, "gpu", s->gpu);
		json_add_str_or_null(o, "uuid", s->uuid);
		cJSON_AddStringToObject(o, "sku", mf->first->vm->sku);
		cJSON_AddNumberToObject(o, "free_compute_slices", mf->slices);
		cJSON_AddNumberToObject(o, "hourly_cost", mf->hourly);   /* unrounded */
		json_add_money(o, "monthly_cost", mf->monthly);
		cJSON_AddItemToArray(fa, o);
	}
	json_add_money(to, "fleet_monthly_bill", t->fleet->bill);
	cJSON_AddNumberToObject(to, "fleet_vms", (double)t->fleet->nvms);
	cJSON_AddNumberToObject(to, "unobserved_gpus", (double)t->fleet->nunobserved);
	json_add_money(to, "unobserved_gpus_monthly_cost", t->fleet->unobserved);
	cJSON_AddItemToObject(doc, "proposals", json_proposals(rows, t));
	cJSON_AddItemToObject(doc, "assumptions", assumptions);
	struct json_rows jr = { rows, t };
	if (format == FMT_HTML)
		analyze_html_print(out, doc, nrows, json_row_at, &jr);
	else
		json_print_streamed(out, doc, "gpus", nrows, json_row_at, &jr);
	cJSON_Delete(doc);
}
