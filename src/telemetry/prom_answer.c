/*
 * prom_answer.c - vector answers of the Prometheus HTTP API into rows.
 *
 * An instant query answers {"status": "success", "data": {"resultType":
 * "vector", "result": [{"metric": {labels}, "value": [time, "v"]}]}}.
 * Values are strings ("NaN" and "+Inf" among them, kept as such so the
 * caller can tell a summary that cannot stand for its samples).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "prom_answer.h"
#include "util.h"

/* The result array of a vector answer, or NULL with a cause. */
static const cJSON *vector_result(const cJSON *doc, char *err, size_t errlen)
{
	const cJSON *status = cJSON_GetObjectItemCaseSensitive(doc, "status");
	if (cJSON_IsString(status) && strcmp(status->valuestring, "success") != 0) {
		const cJSON *e = cJSON_GetObjectItemCaseSensitive(doc, "error");
		snprintf(err, errlen, "the Prometheus answer is an error: %s",
			 cJSON_IsString(e) ? e->valuestring : status->valuestring);
		return NULL;
	}
	const cJSON *data = cJSON_GetObjectItemCaseSensitive(doc, "data");
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(data, "resultType");
	const cJSON *result = cJSON_GetObjectItemCaseSensitive(data, "result");
	if (!cJSON_IsString(type) || strcmp(type->valuestring, "vector") != 0 ||
	    !cJSON_IsArray(result)) {
		snprintf(err, errlen, "not a Prometheus vector answer: expected "
			 "{\"data\": {\"resultType\": \"vector\", \"result\": [...]}}");
		return NULL;
	}
	return result;
}

static int value_of(const cJSON *r, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(r, "value");
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2)
		return -1;
	const cJSON *s = cJSON_GetArrayItem(v, 1);
	if (!cJSON_IsString(s))
		return -1;
	char *end;
	*out = strtod(s->valuestring, &end);
	return end == s->valuestring || *end ? -1 : 0;
}

/* The answer's JSON, or NULL with where it stops being JSON: "at byte N
 * (line L, column C)" of the body, as the prices API's pages say. */
static cJSON *parse(const char *buf, size_t len, char *err, size_t errlen)
{
	const char *end = NULL;
	if (util_json_values_bound(buf, len) > TELEMETRY_JSON_MAX_VALUES) {
		snprintf(err, errlen, "the Prometheus answer holds more than %zu values, the limit: "
			 "ask for fewer series per query (--max-series-per-query)",
			 TELEMETRY_JSON_MAX_VALUES);
		return NULL;
	}
	cJSON *doc = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
	size_t off;
	int line, col;

	if (doc) {
		while (end && end < buf + len &&
		       (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r'))
			end++;
		if (!end || end >= buf + len)
			return doc;
		cJSON_Delete(doc);
		doc = NULL;
		off = (size_t)(end - buf);
		util_text_position(buf, len, off, &line, &col);
		snprintf(err, errlen, "the Prometheus answer is not JSON: text after the JSON value "
			 "at byte %zu (line %d, column %d)", off, line, col);
		return NULL;
	}
	const char *at = cJSON_GetErrorPtr();
	off = at && at >= buf && at <= buf + len ? (size_t)(at - buf) : len;
	/* cJSON puts an error at the end of the text on its last byte */
	int early = off + 1 >= len;
	if (early)
		off = len;
	util_text_position(buf, len, off, &line, &col);
	if (util_json_depth_at(buf, off) >= CJSON_NESTING_LIMIT)
		snprintf(err, errlen, "the Prometheus answer is not JSON: nested deeper than %d "
			 "levels at byte %zu (line %d, column %d)", CJSON_NESTING_LIMIT, off, line,
			 col);
	else
		snprintf(err, errlen, "the Prometheus answer is not JSON: %s at byte %zu (line %d, "
			 "column %d)", early ? "it ends early" : "invalid JSON", off, line, col);
	return NULL;
}

int prom_answer_rows(const char *buf, size_t len, struct prom_row **rows, size_t *n, char *err,
		     size_t errlen)
{
	*rows = NULL;
	*n = 0;
	cJSON *doc = parse(buf, len, err, errlen);
	if (!doc)
		return -1;
	const cJSON *result = vector_result(doc, err, errlen);
	int rc = result ? 0 : -1;
	size_t cap = result ? (size_t)cJSON_GetArraySize(result) : 0;
	if (cap)
		*rows = xcalloc(cap, sizeof(**rows));
	const cJSON *r;
	if (result)
		cJSON_ArrayForEach(r, result) {
			if (*n == cap) /* never: cap counted these elements */
				break;
			struct prom_row *row = &(*rows)[*n];
			const cJSON *metric = cJSON_GetObjectItemCaseSensitive(r, "metric");
			if (!cJSON_IsObject(metric) || value_of(r, &row->value) != 0) {
				snprintf(err, errlen, "result %zu: expected {\"metric\": {...}, "
					 "\"value\": [time, \"number\"]}", *n);
				rc = -1;
				break;
			}
			telemetry_labels_clear(&row->lbl);
			row->stat = -1;
			const cJSON *l;
			cJSON_ArrayForEach(l, metric) {
				if (!cJSON_IsString(l))
					continue;
				if (strcmp(l->string, "gpufit_stat") == 0)
					row->stat = prom_stat_parse(l->valuestring);
				else
					telemetry_labels_set(&row->lbl, l->string, strlen(l->string),
							     l->valuestring, strlen(l->valuestring));
			}
			(*n)++;
		}
	cJSON_Delete(doc);
	if (rc != 0) {
		free(*rows);
		*rows = NULL;
		*n = 0;
	}
	return rc;
}

int prom_answer_series(const char *buf, size_t len, struct prom_series **out, size_t *n,
		       char *err, size_t errlen)
{
	*out = NULL;
	*n = 0;
	cJSON *doc = parse(buf, len, err, errlen);
	if (!doc)
		return -1;
	const cJSON *status = cJSON_GetObjectItemCaseSensitive(doc, "status");
	const cJSON *data = cJSON_GetObjectItemCaseSensitive(doc, "data");
	int rc = 0;
	if (!cJSON_IsString(status) || strcmp(status->valuestring, "success") != 0 ||
	    !cJSON_IsArray(data)) {
		snprintf(err, errlen, "not a Prometheus series answer: expected "
			 "{\"status\": \"success\", \"data\": [...]}");
		rc = -1;
	}
	size_t cap = rc == 0 ? (size_t)cJSON_GetArraySize(data) : 0;
	if (cap)
		*out = xcalloc(cap, sizeof(**out));
	const cJSON *r;
	if (rc == 0)
		cJSON_ArrayForEach(r, data) {
			if (*n == cap) /* never: cap counted these elements */
				break;
			if (!cJSON_IsObject(r)) {
				snprintf(err, errlen, "series %zu is not a label object", *n);
				rc = -1;
				break;
			}
			struct prom_series *s = &(*out)[(*n)++];
			telemetry_labels_clear(&s->lbl);
			s->key = PROM_KEY_NONE;
			const cJSON *l;
			cJSON_ArrayForEach(l, r) {
				if (!cJSON_IsString(l) || strcmp(l->string, "__name__") == 0)
					continue;
				telemetry_labels_set(&s->lbl, l->string, strlen(l->string),
						     l->valuestring, strlen(l->valuestring));
			}
			for (int k = PROM_KEY_HOSTNAME; k <= PROM_KEY_INSTANCE; k++) {
				const cJSON *hl = cJSON_GetObjectItemCaseSensitive(
					r, prom_host_label((enum prom_host_key)k));
				if (cJSON_IsString(hl) && hl->valuestring[0]) {
					s->key = (enum prom_host_key)k;
					snprintf(s->host, sizeof(s->host), "%s", hl->valuestring);
					break;
				}
			}
		}
	cJSON_Delete(doc);
	if (rc != 0) {
		free(*out);
		*out = NULL;
		*n = 0;
	}
	return rc;
}

int prom_answer_error(const char *buf, size_t len, char *type, size_t tlen, char *msg,
		      size_t mlen)
{
	type[0] = msg[0] = '\0';
	cJSON *doc = len ? cJSON_ParseWithLength(buf, len) : NULL;
	if (!doc)
		return 0;
	const cJSON *status = cJSON_GetObjectItemCaseSensitive(doc, "status");
	int is = cJSON_IsString(status) && strcmp(status->valuestring, "error") == 0;
	if (is) {
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(doc, "errorType");
		const cJSON *e = cJSON_GetObjectItemCaseSensitive(doc, "error");
		snprintf(type, tlen, "%s", cJSON_IsString(t) ? t->valuestring : "");
		snprintf(msg, mlen, "%s", cJSON_IsString(e) ? e->valuestring : "");
	}
	cJSON_Delete(doc);
	return is;
}
