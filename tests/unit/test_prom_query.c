/*
 * Unit tests for the Prometheus pushdown: query text and host batches
 * (prom_query.c), answer parsing (prom_answer.c), and the summary input of
 * the classifier (telemetry_acc_set_summary, telemetry_summary_normalise):
 * a summary of samples reads the same statistics and gives the same finding
 * as the samples themselves.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "prom_answer.h"
#include "prom_query.h"
#include "telemetry.h"

static void test_regex_quote(void **state)
{
	(void)state;
	struct strbuf sb = STRBUF_INIT;
	prom_regex_quote(&sb, "node-1.example|x\"y");
	/* RE2 escapes doubled for the PromQL string; the quote escaped once */
	assert_string_equal(strbuf_str(&sb), "node-1\\\\.example\\\\|x\\\"y");
	strbuf_release(&sb);
}

static struct prom_host host(enum prom_host_key k, const char *v, uint64_t n)
{
	struct prom_host h = { k, xstrdup(v), n, 0 };
	return h;
}

static void test_plan(void **state)
{
	(void)state;
	struct prom_host *h = xcalloc(6, sizeof(*h));
	h[0] = host(PROM_KEY_HOSTNAME, "c", 3);
	h[1] = host(PROM_KEY_INSTANCE, "10.0.0.1:9400", 1);
	h[2] = host(PROM_KEY_HOSTNAME, "a", 3);
	h[3] = host(PROM_KEY_HOSTNAME, "b", 3);
	h[4] = host(PROM_KEY_HOSTNAME, "d", 9);   /* above the bound: alone */
	h[5] = host(PROM_KEY_HOSTNAME, "e", 1);
	struct prom_batch *b;
	size_t n = prom_plan(h, 6, 6, 100, &b);
	/* sorted a b c d e | instance; a+b = 6, c alone (c+d > 6), d alone, e,
	 * then the instance kind */
	assert_int_equal(n, 5);
	assert_string_equal(h[0].value, "a");
	assert_int_equal(b[0].first, 0);
	assert_int_equal(b[0].n, 2);
	assert_int_equal(b[0].series, 6);
	assert_int_equal(b[1].n, 1);
	assert_string_equal(h[b[1].first].value, "c");
	assert_int_equal(b[2].series, 9);
	assert_string_equal(h[b[3].first].value, "e");
	assert_int_equal(b[4].key, PROM_KEY_INSTANCE);

	struct strbuf sb = STRBUF_INIT;
	prom_selector(&sb, "A|B", h, &b[0]);
	assert_string_equal(strbuf_str(&sb), "{__name__=~\"(?i)A|B\",Hostname=~\"a|b\"}");
	sb.len = 0;
	prom_selector(&sb, "A", h, &b[4]);
	assert_string_equal(strbuf_str(&sb), "{__name__=~\"(?i)A\",Hostname=\"\",hostname=\"\","
			    "instance=~\"10\\\\.0\\\\.0\\\\.1:9400\"}");
	sb.len = 0;
	prom_selector(&sb, "A", NULL, NULL);
	assert_string_equal(strbuf_str(&sb), "{__name__=~\"(?i)A\"}");
	free(b);

	/* the regex bound: names of 2 bytes each ("a" plus a separator) */
	n = prom_plan(h, 6, 1000, 4, &b);
	assert_int_equal(n, 4);   /* a b | c d | e | instance */
	assert_int_equal(b[0].n, 2);
	free(b);
	strbuf_release(&sb);
	prom_hosts_free(h, 6);
	assert_int_equal(prom_plan(NULL, 0, 10, 10, &b), 0);
	assert_null(b);
}

static void test_raw_bound(void **state)
{
	(void)state;
	/* 7 days at 1 minute: 10081 points a series, 400000 / 10081 = 39 */
	assert_int_equal(prom_raw_bound(1000, 10081), 39);
	assert_int_equal(prom_raw_bound(10, 10081), 10);
	assert_int_equal(prom_raw_bound(1000, 1e9), 1);
}

static size_t count_of(const char *s, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

static void test_stats_query(void **state)
{
	(void)state;
	struct strbuf sb = STRBUF_INIT;
	prom_query_stats(&sb, "{__name__=~\"(?i)X\"}", PROM_KEY_HOSTNAME, 604800, 1);
	const char *q = strbuf_str(&sb);
	/* count, avg, min, max, p95 */
	assert_int_equal(count_of(q, "label_replace("), 5);
	assert_int_equal(count_of(q, " or "), 4);
	assert_non_null(strstr(q, "label_replace(max by (Hostname, hostname, gpu, UUID, uuid, "
			       "gpu_uuid, modelName, model_name, GPU_I_PROFILE, GPU_I_ID) "
			       "(count_over_time({__name__=~\"(?i)X\"}[604800s])), \"gpufit_stat\", "
			       "\"count\", \"\", \"\")"));
	assert_non_null(strstr(q, "(avg_over_time({__name__=~\"(?i)X\"}[604800s]))"));
	assert_non_null(strstr(q, "(quantile_over_time(0.95, {__name__=~\"(?i)X\"}[604800s]))"));
	assert_null(strstr(q, "instance"));
	sb.len = 0;
	prom_query_stats(&sb, "{x}", PROM_KEY_INSTANCE, 3600, 0);
	assert_int_equal(count_of(strbuf_str(&sb), "label_replace("), 4);
	assert_null(strstr(strbuf_str(&sb), "quantile"));
	assert_non_null(strstr(strbuf_str(&sb), "GPU_I_ID, instance)"));
	sb.len = 0;
	prom_query_frac(&sb, "{x}", PROM_KEY_HOSTNAME, 3600, 60, 5);
	q = strbuf_str(&sb);
	assert_int_equal(count_of(q, "label_replace("), 3);
	assert_non_null(strstr(q, "(quantile_over_time(0.05, {x}[3600s]))"));
	assert_non_null(strstr(q, "(quantile_over_time(0.5, {x}[3600s]))"));
	assert_non_null(strstr(q, "(avg_over_time(({x} < bool 5)[3600s:60s]))"));
	strbuf_release(&sb);
	assert_int_equal(prom_stat_parse("p95"), PROM_STAT_P95);
	assert_int_equal(prom_stat_parse("frac"), PROM_STAT_FRAC);
	assert_int_equal(prom_stat_parse("p96"), -1);
}

static void test_answers(void **state)
{
	(void)state;
	const char *doc = "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
		"{\"metric\":{\"Hostname\":\"n1\",\"gpu\":\"0\",\"gpufit_stat\":\"max\"},"
		"\"value\":[1780000000,\"0.75\"]},"
		"{\"metric\":{\"instance\":\"i:1\",\"gpu\":\"1\",\"gpufit_stat\":\"sum\"},"
		"\"value\":[1780000000,\"NaN\"]}]}}";
	struct prom_row *rows;
	size_t n;
	char err[256];
	assert_int_equal(prom_answer_rows(doc, strlen(doc), &rows, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 2);
	assert_string_equal(rows[0].lbl.id.host, "n1");
	assert_int_equal(rows[0].stat, PROM_STAT_MAX);
	assert_true(rows[0].value == 0.75);
	assert_string_equal(rows[1].lbl.id.host, "i:1");
	assert_true(isnan(rows[1].value));
	free(rows);

	struct prom_series *ser;
	const char *sd = "{\"status\":\"success\",\"data\":["
		"{\"__name__\":\"M\",\"Hostname\":\"n1\",\"instance\":\"x\",\"gpu\":\"0\","
		"\"pod\":\"p\"},"
		"{\"__name__\":\"M\",\"instance\":\"x:9400\",\"gpu\":\"1\"},"
		"{\"__name__\":\"M\",\"gpu\":\"2\"}]}";
	assert_int_equal(prom_answer_series(sd, strlen(sd), &ser, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	assert_int_equal(ser[0].key, PROM_KEY_HOSTNAME);
	assert_string_equal(ser[0].host, "n1");
	assert_string_equal(ser[0].lbl.id.host, "n1");
	assert_string_equal(ser[0].lbl.id.pod, "p");
	assert_int_equal(ser[1].key, PROM_KEY_INSTANCE);
	assert_string_equal(ser[1].host, "x:9400");
	assert_int_equal(ser[2].key, PROM_KEY_NONE);
	free(ser);

	const char *matrix = "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[]}}";
	assert_int_equal(prom_answer_rows(matrix, strlen(matrix), &rows, &n, err, sizeof(err)), -1);
	assert_string_equal(err, "not a Prometheus vector answer: expected "
			    "{\"data\": {\"resultType\": \"vector\", \"result\": [...]}}");
	assert_int_equal(prom_answer_rows("{", 1, &rows, &n, err, sizeof(err)), -1);
	assert_string_equal(err, "the Prometheus answer is not JSON: it ends early at byte 1 "
			    "(line 1, column 2)");
	/* the position of the first byte that is not JSON: line 2, column 11
	 * is the 'x' after {"status": on the second line */
	const char *bad = "{\n\"status\": x}";
	assert_int_equal(prom_answer_rows(bad, strlen(bad), &rows, &n, err, sizeof(err)), -1);
	assert_string_equal(err, "the Prometheus answer is not JSON: invalid JSON at byte 12 "
			    "(line 2, column 11)");
	/* a proxy's text after the answer: refused where it starts */
	const char *tail = "{\"status\":\"success\",\"data\":[]}\n<html>";
	assert_int_equal(prom_answer_series(tail, strlen(tail), &ser, &n, err, sizeof(err)), -1);
	assert_string_equal(err, "the Prometheus answer is not JSON: text after the JSON value at "
			    "byte 31 (line 2, column 1)");

	char type[32], msg[64];
	const char *e = "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error\"}";
	assert_int_equal(prom_answer_error(e, strlen(e), type, sizeof(type), msg, sizeof(msg)), 1);
	assert_string_equal(type, "bad_data");
	assert_string_equal(msg, "parse error");
	assert_int_equal(prom_answer_error(matrix, strlen(matrix), type, sizeof(type), msg,
					   sizeof(msg)), 0);
}

/* Prometheus' quantile_over_time: linear interpolation between the sorted
 * samples at rank q * (n - 1). */
static int dcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double prom_quantile(const double *v, size_t n, double q)
{
	double *s = malloc(n * sizeof(*s));
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), dcmp);
	double r = q * (double)(n - 1);
	size_t lo = (size_t)floor(r), hi = lo + 1 < n ? lo + 1 : lo;
	double x = s[lo] + (s[hi] - s[lo]) * (r - floor(r));
	free(s);
	return x;
}

/* Both series of the same samples: one filled sample by sample, one from
 * the statistics a server would answer. */
static void both(struct telemetry_series *a, struct telemetry_series *b, enum telemetry_metric m,
		 const double *v, size_t n, double idle)
{
	struct telemetry_summary s = { .count = n, .min = v[0], .max = v[0] };
	size_t below = 0;
	for (size_t i = 0; i < n; i++) {
		telemetry_acc_add(&a->m[m], m, v[i]);
		s.sum += v[i];
		s.min = v[i] < s.min ? v[i] : s.min;
		s.max = v[i] > s.max ? v[i] : s.max;
		below += v[i] < idle;
	}
	s.p5 = prom_quantile(v, n, 0.05);
	s.p50 = prom_quantile(v, n, 0.50);
	s.p95 = prom_quantile(v, n, 0.95);
	s.below = (double)below / (double)n;
	struct telemetry_summary norm;
	assert_int_equal(telemetry_summary_normalise(m, 1, &s, &norm), 0);
	struct telemetry_store st;
	telemetry_store_init(&st);
	assert_int_equal(telemetry_store_add_summary(&st, b, m, &norm), 0);
	assert_int_equal(st.samples, n);
	/* a metric already read is not replaced */
	assert_int_equal(telemetry_store_add_summary(&st, b, m, &norm), -1);
	telemetry_store_release(&st);
}

static void test_summary_reads_as_samples(void **state)
{
	(void)state;
	/* a sawtooth: 31 samples at 0.90x, 29 at 0.01x; p95, p5 and the median
	 * interpolate between neighbours of the same 0.005 bin (with 30 and 30
	 * the median would fall between the two modes, where nearest rank and
	 * interpolation part) */
	double gr[60], sm[60];
	for (int i = 0; i < 60; i++) {
		gr[i] = i < 31 ? 0.9 + 0.001 * (i % 4) : 0.01 + 0.001 * (i % 3);
		sm[i] = i < 31 ? 0.7 + 0.001 * (i % 2) : 0.005;
	}
	struct telemetry_series a, b;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	strcpy(a.source, "prometheus");
	strcpy(b.source, "prometheus");
	both(&a, &b, TM_GR_ACTIVE, gr, 60, 0.05);
	both(&a, &b, TM_SM_ACTIVE, sm, 60, 0.05);
	struct telemetry_stats sa, sb;
	telemetry_acc_stats(&a.m[TM_GR_ACTIVE], TM_GR_ACTIVE, &sa);
	telemetry_acc_stats(&b.m[TM_GR_ACTIVE], TM_GR_ACTIVE, &sb);
	assert_int_equal(sa.count, sb.count);
	assert_true(sa.min == sb.min && sa.max == sb.max);
	assert_true(fabs(sa.mean - sb.mean) < 1e-12);
	/* nearest rank 57 of 60 and the interpolated rank 56.05 (0-based) both
	 * fall among the 0.90x samples: bin 0.900 */
	assert_true(sa.p95 == 0.9 && sb.p95 == 0.9);
	assert_true(sa.p5 == sb.p5);
	assert_true(sa.p50 == sb.p50);
	assert_true(fabs(telemetry_acc_fraction_below(&a.m[TM_GR_ACTIVE], 0.05) - 29 / 60.0) < 1e-12);
	assert_true(fabs(telemetry_acc_fraction_below(&b.m[TM_GR_ACTIVE], 0.05) - 29 / 60.0) < 1e-12);

	struct classify_thresholds th;
	classify_thresholds_default(&th);
	struct classify_result ra, rb;
	classify_series(&a, &th, NULL, 0, 1.0, &ra);
	classify_series(&b, &th, NULL, 0, 1.0, &rb);
	assert_int_equal(ra.finding, CLASS_DATA_STARVED);
	assert_int_equal(rb.finding, ra.finding);
	assert_string_equal(rb.reason, ra.reason);
	assert_true(ra.idle_fraction == rb.idle_fraction);
	classify_result_release(&ra);
	classify_result_release(&rb);
	for (int m = 0; m < TM_METRIC_COUNT; m++) {
		telemetry_acc_release(&a.m[m]);
		telemetry_acc_release(&b.m[m]);
	}
}

static void test_normalise(void **state)
{
	(void)state;
	struct telemetry_summary in = { .count = 10, .sum = 500, .min = 20, .max = 80, .p5 = 21,
					.p50 = 50, .p95 = 79, .below = 0 }, out;
	/* GPU_UTIL in percent, scale 0.01 */
	assert_int_equal(telemetry_summary_normalise(TM_GPU_UTIL, 0.01, &in, &out), 0);
	assert_true(fabs(out.sum - 5) < 1e-12 && fabs(out.max - 0.8) < 1e-12);
	/* a ratio above 1 would have been clamped sample by sample */
	assert_int_equal(telemetry_summary_normalise(TM_GR_ACTIVE, 1, &in, &out), -1);
	struct telemetry_summary nan = in;
	nan.sum = NAN;
	assert_int_equal(telemetry_summary_normalise(TM_POWER, 1, &nan, &out), -1);
	struct telemetry_summary blank = in;
	blank.max = 140737488355328.0;   /* DCGM blank sentinel */
	assert_int_equal(telemetry_summary_normalise(TM_POWER, 1, &blank, &out), -1);
	struct telemetry_summary clk = { .count = 2, .sum = 3e9, .min = 1.4e9, .max = 1.6e9,
					 .p5 = 1.4e9, .p50 = 1.5e9, .p95 = 1.6e9 };
	assert_int_equal(telemetry_summary_normalise(TM_SM_CLOCK, TELEMETRY_SCALE_MHZ_OR_HZ, &clk,
						     &out), 0);
	assert_true(fabs(out.max - 1600) < 1e-9);
	clk.min = 1400;   /* MHz and Hz mixed */
	assert_int_equal(telemetry_summary_normalise(TM_SM_CLOCK, TELEMETRY_SCALE_MHZ_OR_HZ, &clk,
						     &out), -1);
	struct telemetry_summary none = in;
	none.count = 0;
	assert_int_equal(telemetry_summary_normalise(TM_POWER, 1, &none, &out), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regex_quote),
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_raw_bound),
		cmocka_unit_test(test_stats_query),
		cmocka_unit_test(test_answers),
		cmocka_unit_test(test_summary_reads_as_samples),
		cmocka_unit_test(test_normalise),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
