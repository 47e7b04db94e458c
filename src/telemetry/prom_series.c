/*
 * prom_series.c - the Prometheus HTTP API reader: query_range (matrix)
 * and query (vector) answers, from a saved export or a live server.
 *
 * The answer is parsed whole with cJSON (an export is one JSON document, so
 * it cannot be streamed line by line); each series' labels go through the
 * same coalescing rules as dcgm-exporter text, and each [time, "value"] pair
 * into the series' accumulator.  cJSON objects are freed before returning.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "telemetry.h"
#include "util.h"

/* Line and column of a byte offset. */
static int add_pair(struct telemetry_store *st, struct telemetry_series *s, int metric,
		    double scale, const cJSON *pair)
{
	if (!cJSON_IsArray(pair) || cJSON_GetArraySize(pair) != 2)
		return -1;
	const cJSON *t = cJSON_GetArrayItem(pair, 0), *v = cJSON_GetArrayItem(pair, 1);
	/* a time beyond +-1e11 s (year 5138) is no sample time: refused before
	 * it is converted to milliseconds */
	if (!cJSON_IsNumber(t) || !cJSON_IsString(v) || !(fabs(t->valuedouble) <= 1e11))
		return -1;
	char *end;
	double x = strtod(v->valuestring, &end);
	if (end == v->valuestring || *end)
		return -1;
	long long ms = (long long)llround(t->valuedouble * 1000.0);
	telemetry_store_add(st, s, (enum telemetry_metric)metric, x, scale, ms);
	return 0;
}

int telemetry_read_json(struct telemetry_store *st, const char *buf, size_t len,
			const char *name, const struct telemetry_read_opts *o,
			struct diag_list *dl)
{
	const char *endp = NULL;
	size_t errors_before = dl->errors;
	uint64_t before = st->samples, neg_before = st->negative;
	if (len > TELEMETRY_JSON_MAX) {
		diag_list_add(dl, DIAG_ERROR, name, 0, 0, TELEMETRY_JSON_BIG_MSG, TELEMETRY_JSON_MAX);
		return -1;
	}
	if (util_json_values_bound(buf, len) > TELEMETRY_JSON_MAX_VALUES) {
		diag_list_add(dl, DIAG_ERROR, name, 0, 0, TELEMETRY_JSON_VALUES_MSG,
			      TELEMETRY_JSON_MAX_VALUES);
		return -1;
	}
	cJSON *doc = cJSON_ParseWithLengthOpts(buf, len, &endp, 0);
	if (!doc) {
		const char *at = cJSON_GetErrorPtr();
		size_t off = at && at >= buf && at <= buf + len ? (size_t)(at - buf) : len;
		int line, col;
		util_text_position(buf, len, off, &line, &col);
		/* an error on the last line of the text is a cut-off document */
		int at_end = off + 1 >= len || !memchr(buf + off, '\n', len - off - 1);
		if (util_json_depth_at(buf, off) >= CJSON_NESTING_LIMIT)
			diag_list_add(dl, DIAG_ERROR, name, line, col,
				      "JSON nested deeper than %d levels", CJSON_NESTING_LIMIT);
		else
			diag_list_add(dl, DIAG_ERROR, name, line, col, at_end
				      ? "unexpected end of JSON (truncated file?)"
				      : "invalid JSON");
		return -1;
	}
	const cJSON *status = cJSON_GetObjectItemCaseSensitive(doc, "status");
	const cJSON *data = cJSON_GetObjectItemCaseSensitive(doc, "data");
	if (cJSON_IsString(status) && strcmp(status->valuestring, "success") != 0) {
		const cJSON *e = cJSON_GetObjectItemCaseSensitive(doc, "error");
		diag_list_add(dl, DIAG_ERROR, name, 0, 0, "the Prometheus answer is an error: %s",
			      cJSON_IsString(e) ? e->valuestring : status->valuestring);
		cJSON_Delete(doc);
		return -1;
	}
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(data, "resultType");
	const cJSON *result = cJSON_GetObjectItemCaseSensitive(data, "result");
	if (!cJSON_IsObject(data) || !cJSON_IsString(type) || !cJSON_IsArray(result)) {
		diag_list_add(dl, DIAG_ERROR, name, 1, 1,
			      "not a Prometheus API answer: expected "
			      "{\"status\", \"data\": {\"resultType\", \"result\"}}");
		cJSON_Delete(doc);
		return -1;
	}
	int vector = strcmp(type->valuestring, "vector") == 0;
	if (!vector && strcmp(type->valuestring, "matrix") != 0) {
		diag_list_add(dl, DIAG_ERROR, name, 0, 0,
			      "result type '%s' is not supported (matrix or vector expected)",
			      type->valuestring);
		cJSON_Delete(doc);
		return -1;
	}
	int idx = 0;
	const cJSON *r;
	cJSON_ArrayForEach(r, result) {
		const cJSON *metric = cJSON_GetObjectItemCaseSensitive(r, "metric");
		if (!cJSON_IsObject(metric)) {
			diag_list_add(dl, DIAG_ERROR, name, 0, 0, "result %d has no 'metric' object",
				      idx);
			idx++;
			continue;
		}
		struct telemetry_labels lbl;
		telemetry_labels_clear(&lbl);
		const char *mname = o && o->metric ? o->metric : NULL;
		const cJSON *l;
		cJSON_ArrayForEach(l, metric) {
			if (!cJSON_IsString(l))
				continue;
			if (strcmp(l->string, "__name__") == 0) {
				mname = l->valuestring;
				continue;
			}
			telemetry_labels_set(&lbl, l->string, strlen(l->string), l->valuestring,
					     strlen(l->valuestring));
		}
		double scale = 1;
		int m = mname ? telemetry_metric_lookup(mname, strlen(mname), &scale) : -1;
		if (!mname) {
			diag_list_add(dl, DIAG_ERROR, name, 0, 0,
				      "result %d has no '__name__' label; give the metric with --metric",
				      idx);
			idx++;
			continue;
		}
		if (!lbl.id.host[0] && o && o->host)
			snprintf(lbl.id.host, sizeof(lbl.id.host), "%s", o->host);
		struct telemetry_series *s = telemetry_store_get(st, &lbl, "prometheus");
		if (!s && st->full) {
			diag_list_add(dl, DIAG_ERROR, name, 0, 0, "result %d: " TELEMETRY_FULL_MSG,
				      idx, st->max_series);
			break;
		}
		if (m < 0 || !s) {
			idx++;
			continue;
		}
		const cJSON *values = cJSON_GetObjectItemCaseSensitive(r, vector ? "value" : "values");
		int bad = 0;
		if (vector) {
			bad = add_pair(st, s, m, scale, values) != 0;
		} else if (cJSON_IsArray(values)) {
			const cJSON *pair;
			cJSON_ArrayForEach(pair, values)
				if (add_pair(st, s, m, scale, pair) != 0)
					bad = 1;
		} else if (!cJSON_GetObjectItemCaseSensitive(r, "histograms")) {
			bad = 1;
		}
		if (bad)
			diag_list_add(dl, DIAG_ERROR, name, 0, 0,
				      "result %d ('%s'): values must be [time, \"number\"] pairs",
				      idx, mname);
		idx++;
	}
	cJSON_Delete(doc);
	if (dl->errors > errors_before)
		return -1;
	if (st->samples == before && !(o && o->allow_empty)) {
		if (st->negative > neg_before)
			diag_list_add(dl, DIAG_ERROR, name, 0, 0,
				      "no GPU samples found in the Prometheus answer: %llu negative ones "
				      "ignored (no utilisation, memory, power or clock is below 0)",
				      (unsigned long long)(st->negative - neg_before));
		else
			diag_list_add(dl, DIAG_ERROR, name, 0, 0,
				      "no GPU samples found in the Prometheus answer");
		return -1;
	}
	return 0;
}
