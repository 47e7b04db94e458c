/*
 * Unit tests for the telemetry readers and accumulators (telemetry.c,
 * series_store.c, metric_aliases.c, prom_series.c): statistics worked out by hand, each input format read
 * from the fixtures in tests/fixtures/telemetry, and the exact text and
 * position of errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "telemetry.h"

#define FX "tests/fixtures/telemetry/"

static struct telemetry_series *find(struct telemetry_store *st, const char *host,
				     const char *gpu, const char *mig)
{
	for (size_t i = 0; i < st->n; i++) {
		struct telemetry_series *s = st->series[i];
		if (strcmp(s->host, host) == 0 && strcmp(s->gpu, gpu) == 0 &&
		    strcmp(s->mig_id, mig) == 0)
			return s;
	}
	return NULL;
}

static void stats(struct telemetry_series *s, enum telemetry_metric m, struct telemetry_stats *o)
{
	assert_non_null(s);
	telemetry_acc_stats(&s->m[m], m, o);
}

/* Reads one fixture; asserts success. */
static void read_ok(struct telemetry_store *st, const char *path)
{
	struct diag_list dl = DIAG_LIST_INIT;
	telemetry_store_init(st);
	int rc = telemetry_read_file(st, path, NULL, &dl);
	if (rc != 0)
		diag_list_print(&dl, stderr);
	assert_int_equal(rc, 0);
	assert_int_equal(dl.n, 0);
	diag_list_release(&dl);
	telemetry_store_finish(st);
}

/* Reads text given inline; returns the status and the first message. */
static int read_text(struct telemetry_store *st, const char *text, char *msg, size_t len)
{
	struct diag_list dl = DIAG_LIST_INIT;
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	assert_non_null(f);
	struct telemetry_read_opts o;
	telemetry_read_opts_default(&o);
	o.host = "h";
	int rc = telemetry_read_stream(st, f, "in", &o, &dl);
	fclose(f);
	msg[0] = '\0';
	if (dl.n)
		snprintf(msg, len, "%d:%d: %s", dl.items[0].line, dl.items[0].col, dl.items[0].msg);
	diag_list_release(&dl);
	return rc;
}

static void test_ratio_quantiles(void **state)
{
	(void)state;
	struct telemetry_acc a;
	memset(&a, 0, sizeof(a));
	for (int i = 0; i < 10; i++)
		telemetry_acc_add(&a, TM_SM_ACTIVE, i / 10.0);
	struct telemetry_stats st;
	telemetry_acc_stats(&a, TM_SM_ACTIVE, &st);
	assert_int_equal(st.count, 10);
	assert_true(fabs(st.mean - 0.45) < 1e-12);
	assert_true(fabs(st.p5 - 0.0) < 1e-12);   /* rank ceil(0.5) = 1 */
	assert_true(fabs(st.p50 - 0.4) < 1e-12);  /* rank 5 */
	assert_true(fabs(st.p95 - 0.9) < 1e-12);  /* rank 10 */
	assert_true(fabs(st.max - 0.9) < 1e-12);
	telemetry_acc_release(&a);
}

static void test_fraction_below(void **state)
{
	(void)state;
	struct telemetry_acc a;
	memset(&a, 0, sizeof(a));
	telemetry_acc_add(&a, TM_GR_ACTIVE, 0);
	telemetry_acc_add(&a, TM_GR_ACTIVE, 0.049);
	telemetry_acc_add(&a, TM_GR_ACTIVE, 0.05);
	telemetry_acc_add(&a, TM_GR_ACTIVE, 0.5);
	assert_true(fabs(telemetry_acc_fraction_below(&a, 0.05) - 0.5) < 1e-12);
	assert_true(fabs(telemetry_acc_fraction_below(&a, 1.0) - 1.0) < 1e-12);
	telemetry_acc_release(&a);
}

/* Up to TM_ACC_INLINE samples are kept in place, more go to the histogram:
 * both give the same quantiles.  Hand-checked: 0.05, 0.10 ... 0.40 (8
 * samples, in place) has p5 = the 1st = 0.05, p50 = the 4th = 0.20, p95 = the
 * 8th = 0.40; each sample twice (16, histogram) has the same nearest ranks. */
static void test_inline_samples_match_histogram(void **state)
{
	(void)state;
	const double v[8] = { 0.40, 0.05, 0.35, 0.10, 0.30, 0.15, 0.25, 0.20 };
	struct telemetry_acc once, twice;
	struct telemetry_stats a, b;
	memset(&once, 0, sizeof(once));
	memset(&twice, 0, sizeof(twice));
	for (int n = 1; n <= 8; n++) {
		telemetry_acc_add(&once, TM_SM_ACTIVE, v[n - 1]);
		telemetry_acc_add(&twice, TM_SM_ACTIVE, v[n - 1]);
		telemetry_acc_add(&twice, TM_SM_ACTIVE, v[n - 1]);
		telemetry_acc_stats(&once, TM_SM_ACTIVE, &a);
		telemetry_acc_stats(&twice, TM_SM_ACTIVE, &b);
		assert_true(a.p5 == b.p5 && a.p50 == b.p50 && a.p95 == b.p95);
		assert_true(fabs(a.mean - b.mean) < 1e-12);
		for (double t = 0; t <= 0.5; t += 0.05)
			assert_true(fabs(telemetry_acc_fraction_below(&once, t) -
					 telemetry_acc_fraction_below(&twice, t)) < 1e-12);
	}
	assert_true(fabs(a.p5 - 0.05) < 1e-12);
	assert_true(fabs(a.p50 - 0.20) < 1e-12);
	assert_true(fabs(a.p95 - 0.40) < 1e-12);
	assert_true(fabs(telemetry_acc_fraction_below(&once, 0.2) - 3.0 / 8) < 1e-12);
	/* a ninth sample moves the in-place one to a histogram: p50 = the 5th */
	telemetry_acc_add(&once, TM_SM_ACTIVE, 0.45);
	telemetry_acc_stats(&once, TM_SM_ACTIVE, &a);
	assert_true(fabs(a.p50 - 0.25) < 1e-12);
	assert_true(fabs(a.p95 - 0.45) < 1e-12);
	telemetry_acc_release(&once);
	telemetry_acc_release(&twice);
}

static void test_absolute_quantiles_stay_in_range(void **state)
{
	(void)state;
	struct telemetry_acc a;
	memset(&a, 0, sizeof(a));
	for (int i = 0; i < 5; i++)
		telemetry_acc_add(&a, TM_FB_USED, 30000);
	struct telemetry_stats st;
	telemetry_acc_stats(&a, TM_FB_USED, &st);
	assert_true(st.p50 == 30000 && st.p95 == 30000 && st.max == 30000);
	/* two values an octave apart: p50 is the lower one's bin edge, within 20 % */
	telemetry_acc_release(&a);
	telemetry_acc_add(&a, TM_POWER, 100);
	telemetry_acc_add(&a, TM_POWER, 300);
	telemetry_acc_stats(&a, TM_POWER, &st);
	assert_true(st.p50 >= 100 && st.p50 < 100 * 1.2 + 1e-9);
	assert_true(st.p95 <= 300 && st.p95 > 300 / 1.2);
	telemetry_acc_release(&a);
}

static void test_alias_table(void **state)
{
	(void)state;
	double scale;
	assert_int_equal(telemetry_metric_lookup("DCGM_FI_DEV_GPU_UTIL", 20, &scale), TM_GPU_UTIL);
	assert_true(scale == 0.01);
	assert_int_equal(telemetry_metric_lookup("dcgm_fi_dev_gpu_util_ratio", 26, &scale),
			 TM_GPU_UTIL);
	assert_true(scale == 1);
	assert_int_equal(telemetry_metric_lookup("DCGM_FI_DEV_FB_USED_BYTES", 25, &scale),
			 TM_FB_USED);
	assert_true(scale == 1.0 / 1048576.0);
	assert_int_equal(telemetry_metric_lookup("SMACT", 5, &scale), TM_SM_ACTIVE);
	assert_int_equal(telemetry_metric_lookup("DCGM_FI_DEV_GPU_TEMP", 20, &scale), -1);
}

static void test_dcgm_legacy(void **state)
{
	(void)state;
	struct telemetry_store st;
	read_ok(&st, FX "dcgm-legacy.prom");
	assert_int_equal(st.n, 4);
	assert_int_equal(st.start_ms, 0);   /* no timestamps */
	struct telemetry_series *s = find(&st, "node-a", "1", "");
	assert_non_null(s);
	assert_string_equal(s->model, "NVIDIA A100 80GB PCIe");
	assert_string_equal(s->uuid, "GPU-a0000001-0000-0000-0000-000000000000");
	struct telemetry_stats t;
	stats(s, TM_GPU_UTIL, &t);
	assert_int_equal(t.count, 12);
	assert_true(fabs(t.mean - 1.0) < 1e-12);          /* 100 % -> 1.0 */
	stats(s, TM_SM_ACTIVE, &t);
	assert_true(fabs(t.mean - 0.12) < 1e-12);
	stats(s, TM_FB_USED, &t);
	assert_true(t.max == 30000);
	stats(find(&st, "node-a", "0", ""), TM_SM_CLOCK, &t);
	assert_true(t.max == 345);                           /* MHz stays MHz */
	stats(find(&st, "node-a", "3", ""), TM_SM_ACTIVE, &t);
	assert_true(fabs(t.mean - 0.2) < 1e-12);          /* 0.15 / 0.25 alternating */
	assert_true(fabs(t.p95 - 0.25) < 1e-12);
	telemetry_store_release(&st);
}

static void test_dcgm_new_names_mig_and_k8s(void **state)
{
	(void)state;
	struct telemetry_store st;
	read_ok(&st, FX "dcgm-new.prom");
	assert_int_equal(st.n, 4);
	assert_int_equal(st.start_ms, 1780000000000LL);
	assert_int_equal(st.end_ms, 1780000000000LL + 11 * 30000);
	struct telemetry_series *parent = find(&st, "node-b", "0", "");
	assert_non_null(parent);
	assert_int_equal(parent->mig_parent, 1);
	struct telemetry_series *mi = find(&st, "node-b", "0", "1");
	assert_non_null(mi);
	assert_int_equal(mi->mig_parent, 0);
	assert_string_equal(mi->mig_profile, "3g.40gb");
	assert_string_equal(mi->pod, "llm-serve-7d9f");      /* exported_pod over pod */
	assert_string_equal(mi->namespace_, "ml");
	struct telemetry_stats t;
	stats(mi, TM_FB_USED, &t);
	assert_true(fabs(t.max - 30720) < 1e-9);            /* 30 GiB in bytes -> MiB */
	stats(find(&st, "node-b", "1", ""), TM_PCIE_RX, &t);
	assert_true(t.mean == 2.5e9);
	stats(find(&st, "node-b", "1", ""), TM_SM_CLOCK, &t);
	assert_true(t.max == 1980);                          /* Hz -> MHz */
	/* sorted: the whole GPU before its instances, instances by id */
	assert_ptr_equal(st.series[0], parent);
	assert_ptr_equal(st.series[1], mi);
	telemetry_store_release(&st);
}

static void test_dcgm_old_namespace_and_blanks(void **state)
{
	(void)state;
	struct telemetry_store st;
	read_ok(&st, FX "dcgm-oldns.prom");
	assert_int_equal(st.n, 2);
	assert_int_equal(st.blanks, 6);     /* FB_USED sentinel in scrapes 3, 7, 11 x 2 GPUs */
	struct telemetry_series *s = find(&st, "node-c", "0", "");
	assert_non_null(s);
	assert_string_equal(s->pod, "batch-0");
	assert_string_equal(s->namespace_, "jobs");
	assert_string_equal(s->uuid, "GPU-c0000000-0000-0000-0000-000000000000");
	assert_int_equal(s->m[TM_FB_USED].count, 9);
	telemetry_store_release(&st);
}

static void test_query_range_json(void **state)
{
	(void)state;
	struct telemetry_store st;
	read_ok(&st, FX "query-range.json");
	assert_int_equal(st.n, 2);
	assert_int_equal(st.blanks, 1);     /* the "NaN" value */
	struct telemetry_series *s = find(&st, "node-q", "1", "");
	assert_non_null(s);
	assert_string_equal(s->source, "prometheus");
	assert_int_equal(s->m[TM_FB_USED].count, 11);
	assert_int_equal(st.start_ms, 1780000000000LL);
	assert_int_equal(st.end_ms, 1780000000000LL + 11 * 300000);
	telemetry_store_release(&st);
}

static void test_nvidia_smi_with_header(void **state)
{
	(void)state;
	struct telemetry_store st;
	read_ok(&st, FX "smi-header.csv");
	assert_int_equal(st.n, 3);
	assert_int_equal(st.blanks, 36);    /* GPU 2: util, mem util, power x 12 */
	struct telemetry_series *s = find(&st, "smi-header", "1", "");
	assert_non_null(s);
	assert_string_equal(s->model, "NVIDIA H100 80GB HBM3");
	struct telemetry_stats t;
	stats(s, TM_GPU_UTIL, &t);
	assert_true(fabs(t.mean - 0.95) < 1e-12);
	stats(s, TM_POWER, &t);
	assert_true(fabs(t.mean - 631.95) < 1e-9);
	assert_int_equal(find(&st, "smi-header", "2", "")->m[TM_GPU_UTIL].count, 0);
	/* 2026/07/14 08:10:00.100, read as UTC */
	assert_int_equal(st.start_ms, 1784016600100LL);
	telemetry_store_release(&st);
}

static void test_nvidia_smi_headerless(void **state)
{
	(void)state;
	struct telemetry_store st;
	read_ok(&st, FX "smi-noheader.csv");
	assert_int_equal(st.n, 1);
	struct telemetry_stats t;
	stats(find(&st, "smi-noheader", "0", ""), TM_FB_USED, &t);
	assert_true(t.max == 5000);
	stats(find(&st, "smi-noheader", "0", ""), TM_GPU_UTIL, &t);
	assert_true(fabs(t.mean - 0.25) < 1e-12);
	telemetry_store_release(&st);

	/* --columns for a headerless file with another field order */
	struct diag_list dl = DIAG_LIST_INIT;
	struct telemetry_read_opts o;
	telemetry_read_opts_default(&o);
	o.columns = "index,utilization.gpu,memory.used";
	o.host = "h";
	const char *text = "0, 50, 100\n1, 70, 200\n0, 60, 300\n";
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	telemetry_store_init(&st);
	o.format = TM_FORMAT_NVSMI;
	assert_int_equal(telemetry_read_stream(&st, f, "in", &o, &dl), 0);
	fclose(f);
	telemetry_store_finish(&st);
	assert_int_equal(st.n, 2);
	stats(find(&st, "h", "0", ""), TM_GPU_UTIL, &t);
	assert_true(fabs(t.mean - 0.55) < 1e-12);
	diag_list_release(&dl);
	telemetry_store_release(&st);
}

static void test_nvidia_smi_repeated_header_and_crlf(void **state)
{
	(void)state;
	struct telemetry_store st;
	char msg[256];
	telemetry_store_init(&st);
	const char *text =
		"index, utilization.gpu [%], memory.used [MiB]\r\n"
		"0, 10 %, 100 MiB\r\n"
		"index, memory.used [MiB], utilization.gpu [%]\r\n"
		"0, 300 MiB, 30 %\r\n";
	assert_int_equal(read_text(&st, text, msg, sizeof(msg)), 0);
	assert_string_equal(msg, "");
	assert_int_equal(st.n, 1);
	struct telemetry_stats t;
	stats(st.series[0], TM_GPU_UTIL, &t);
	assert_true(fabs(t.mean - 0.2) < 1e-12);
	stats(st.series[0], TM_FB_USED, &t);
	assert_true(t.max == 300);
	telemetry_store_release(&st);
}

static void test_dcgmi_dmon(void **state)
{
	(void)state;
	struct telemetry_store st;
	read_ok(&st, FX "dmon.txt");
	assert_int_equal(st.n, 3);
	assert_int_equal(st.clamped, 30);   /* SMACT 1.294 on the GPU instance */
	struct telemetry_series *mi = find(&st, "dmon", "", "21");
	assert_non_null(mi);
	struct telemetry_stats t;
	stats(mi, TM_SM_ACTIVE, &t);
	assert_true(t.max == 1.0);
	assert_int_equal(find(&st, "dmon", "1", "")->m[TM_FB_USED].count, 0);
	assert_int_equal(find(&st, "dmon", "0", "")->m[TM_GR_ACTIVE].count, 30);
	telemetry_store_release(&st);
}

static void test_label_value_with_brace(void **state)
{
	(void)state;
	struct telemetry_store st;
	char msg[256];
	telemetry_store_init(&st);
	const char *text =
		"DCGM_FI_DEV_GPU_UTIL{pod=\"a}b\",gpu=\"0\",note=\"q\\\"x\"} 50\n"
		"DCGM_FI_DEV_GPU_UTIL{pod=\"a}b\",gpu=\"0\",note=\"q\\\"x\"} 70\n";
	assert_int_equal(read_text(&st, text, msg, sizeof(msg)), 0);
	assert_int_equal(st.n, 1);
	assert_string_equal(st.series[0]->pod, "a}b");
	assert_int_equal(st.series[0]->m[TM_GPU_UTIL].count, 2);
	telemetry_store_release(&st);
}

static void test_errors(void **state)
{
	(void)state;
	struct telemetry_store st;
	char msg[256];
	struct {
		const char *text, *want;
	} cases[] = {
		{ "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\"} abc\n", "1:31: invalid sample value 'abc'" },
		{ "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",UUI",
		  "1:21: unterminated label set: missing '}' (truncated line?)" },
		{ "DCGM_FI_DEV_GPU_UTIL{gpu=\"0",
		  "1:21: unterminated label value (truncated line?)" },
		{ "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\"}\n",
		  "1:30: missing sample value after 'DCGM_FI_DEV_GPU_UTIL' (truncated line?)" },
		{ "", "1:0: empty file: no telemetry samples" },
		{ "hello world\n", "1:1: cannot tell the telemetry format (dcgm-exporter text, "
				   "Prometheus JSON, nvidia-smi CSV or dcgmi dmon expected); use "
				   "--input-format" },
		{ "up{job=\"x\"} 1\n", "1:0: no GPU samples found (wrong format or no known metrics?)" },
		{ "#Entity GRACT\nID\nGPU 0 0.5 0.7\n",
		  "3:1: expected 1 values after the entity, found 2" },
		/* cut after its 60th byte, with no newline: the error is at that byte */
		{ "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[",
		  "1:60: unexpected end of JSON (truncated file?)" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		telemetry_store_init(&st);
		assert_int_equal(read_text(&st, cases[i].text, msg, sizeof(msg)), -1);
		assert_string_equal(msg, cases[i].want);
		telemetry_store_release(&st);
	}
}

static void test_binary_input(void **state)
{
	(void)state;
	struct telemetry_store st;
	struct diag_list dl = DIAG_LIST_INIT;
	telemetry_store_init(&st);
	assert_int_equal(telemetry_read_file(&st, FX "bad-binary.prom", NULL, &dl), -1);
	assert_int_equal(dl.n, 1);
	assert_string_equal(dl.items[0].msg, "binary data (a NUL byte) in a text telemetry file");
	assert_int_equal(dl.items[0].line, 5);
	diag_list_release(&dl);
	telemetry_store_release(&st);
}

static void test_prometheus_names(void **state)
{
	(void)state;
	char *names = telemetry_prometheus_names(TM_SM_ACTIVE);
	assert_string_equal(names, "DCGM_FI_PROF_SM_ACTIVE|DCGM_FI_PROF_SM_UTIL_RATIO");
	free(names);
	names = telemetry_prometheus_names(TM_POWER);
	assert_string_equal(names, "DCGM_FI_DEV_POWER_USAGE|DCGM_FI_DEV_BOARD_POWER_WATTS");
	free(names);
}

/* The series limit: the third GPU of a store limited to two is refused at
 * its line, in every text format and in JSON, and nothing past it is read. */
static void test_max_series(void **state)
{
	(void)state;
	static const char *const texts[] = {
		"DCGM_FI_DEV_GPU_UTIL{gpu=\"0\"} 5\nDCGM_FI_DEV_GPU_UTIL{gpu=\"1\"} 5\n"
		"DCGM_FI_DEV_GPU_UTIL{gpu=\"0\"} 6\nDCGM_FI_DEV_GPU_UTIL{gpu=\"2\"} 5\n"
		"DCGM_FI_DEV_GPU_UTIL{gpu=\"3\"} 5\n",
		"#Entity   GRACT\nID\nGPU 0     0.5\nGPU 1     0.5\nGPU 2     0.5\n",
		"{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
		"{\"metric\":{\"__name__\":\"DCGM_FI_DEV_GPU_UTIL\",\"gpu\":\"0\"},\"value\":[1,\"5\"]},"
		"{\"metric\":{\"__name__\":\"DCGM_FI_DEV_GPU_UTIL\",\"gpu\":\"1\"},\"value\":[1,\"5\"]},"
		"{\"metric\":{\"__name__\":\"DCGM_FI_DEV_GPU_UTIL\",\"gpu\":\"2\"},\"value\":[1,\"5\"]}]}}",
	};
	static const char *const where[] = { "4:21: ", "5:1: ", "0:0: result 2: " };
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct telemetry_store st;
		char msg[512], want[512];
		telemetry_store_init(&st);
		st.max_series = 2;
		assert_int_equal(read_text(&st, texts[i], msg, sizeof msg), -1);
		snprintf(want, sizeof want, "%s" TELEMETRY_FULL_MSG, where[i], (size_t)2);
		assert_string_equal(msg, want);
		assert_int_equal(st.n, 2);
		assert_true(st.full);
		telemetry_store_release(&st);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_max_series),
		cmocka_unit_test(test_ratio_quantiles),
		cmocka_unit_test(test_fraction_below),
		cmocka_unit_test(test_inline_samples_match_histogram),
		cmocka_unit_test(test_absolute_quantiles_stay_in_range),
		cmocka_unit_test(test_alias_table),
		cmocka_unit_test(test_dcgm_legacy),
		cmocka_unit_test(test_dcgm_new_names_mig_and_k8s),
		cmocka_unit_test(test_dcgm_old_namespace_and_blanks),
		cmocka_unit_test(test_query_range_json),
		cmocka_unit_test(test_nvidia_smi_with_header),
		cmocka_unit_test(test_nvidia_smi_headerless),
		cmocka_unit_test(test_nvidia_smi_repeated_header_and_crlf),
		cmocka_unit_test(test_dcgmi_dmon),
		cmocka_unit_test(test_label_value_with_brace),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_binary_input),
		cmocka_unit_test(test_prometheus_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
