/*
 * fuzz_writers.c - the writers of whole reports fed a hostile name: the
 * input (up to its first NUL, at most 256 bytes) is the host and pod label
 * of a GPU's telemetry for `analyze` (unpriced in brazilsouth, so it is
 * also named on the "unpriced:" line) and a workload's name in the
 * document `diff` compares.  Each report, in every format, is written to a
 * file and checked for what its format forbids: no byte a terminal acts on
 * (C0 but line ends, DEL, C1, bidi controls, invalid UTF-8) in the table,
 * Markdown, CSV or HTML, and no markup of the name's own in the page.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "fuzz.h"
#include "util.h"

static const char profile[] =
	"gpufit: 1\n"
	"region: eastus\n"
	"pricing: payg\n"
	"workloads:\n"
	"  - name: chat-8b\n"
	"    type: inference\n"
	"    model: llama-3-8b\n"
	"    precision: fp16\n"
	"    serving: { input_tokens: 1024, output_tokens: 256, concurrency: 32 }\n";

static void fail(const char *what, const char *format)
{
	fprintf(stderr, "fuzz: %s in the %s output\n", what, format);
	abort();
}

/* The report of fmt: run, read back whole, checked. */
static void check(const char *path, enum out_format fmt, const char *name)
{
	FILE *f = fopen(path, "rb");
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t n;

	if (!f)
		abort();
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		strbuf_add(&sb, buf, n);
	fclose(f);
	if (fmt == FMT_CSV) {   /* record ends are CRLF: drop each CR before a LF */
		size_t k = 0;
		for (size_t i = 0; i < sb.len; i++)
			if (!(sb.buf[i] == '\r' && i + 1 < sb.len && sb.buf[i + 1] == '\n'))
				sb.buf[k++] = sb.buf[i];
		sb.len = k;
	}
	if (sb.len && fuzz_has_unsafe((const unsigned char *)sb.buf, sb.len, 1))
		fail("a control, C1, bidi or invalid UTF-8 byte", name);
	if (fmt == FMT_HTML && strstr(strbuf_str(&sb), "<script"))
		fail("a <script> tag", name);
	strbuf_release(&sb);
}

/* s as a Prometheus label value: \ " and line feed escaped. */
static void prom_label(struct strbuf *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			strbuf_addf(out, "\\%c", *s);
		else if (*s == '\n')
			strbuf_addstr(out, "\\n");
		else
			strbuf_add(out, s, 1);
	}
}

/* s as the inside of a JSON string: bytes from 0x80 as they are. */
static void json_str(struct strbuf *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '\\' || c == '"')
			strbuf_addf(out, "\\%c", c);
		else if (c < 0x20)
			strbuf_addf(out, "\\u%04x", c);
		else
			strbuf_add(out, s, 1);
	}
}

static const struct {
	enum out_format fmt;
	const char *name;
} formats[] = {
	{ FMT_TABLE, "table" }, { FMT_MARKDOWN, "markdown" }, { FMT_CSV, "csv" },
	{ FMT_HTML, "html" }, { FMT_JSON, "json" },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *base_doc;
	const char *prom = fuzz_path("t.prom"), *base = fuzz_path("base.json");
	const char *head = fuzz_path("head.json"), *out = fuzz_path("out");
	char *label = xstrndup((const char *)data, size > 256 ? 256 : size);
	struct strbuf sb = STRBUF_INIT, lab = STRBUF_INIT;

	if (!base_doc) {   /* the document diff compares, once */
		const char *prof = fuzz_path("profile.yaml");
		FILE *f = fopen(base, "wb");
		struct strbuf doc = STRBUF_INIT;
		char buf[4096];
		size_t n;

		fuzz_write(prof, profile, sizeof profile - 1);
		if (!f)
			abort();
		fuzz_command_out(f, cmd_recommend, FMT_JSON, "recommend", prof, FUZZ_END);
		fclose(f);
		f = fopen(base, "rb");
		if (!f)
			abort();
		while ((n = fread(buf, 1, sizeof buf, f)) > 0)
			strbuf_add(&doc, buf, n);
		fclose(f);
		base_doc = xstrdup(strbuf_str(&doc));
		strbuf_release(&doc);
	}

	prom_label(&lab, label);
	for (int i = 0; i < 12; i++)
		strbuf_addf(&sb, "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",modelName=\"NVIDIA A100 80GB PCIe\","
				 "Hostname=\"%s\",pod=\"%s\"} %d %lld\n",
			    strbuf_str(&lab), strbuf_str(&lab), 5 + i, 1700000000000LL + i * 60000LL);
	fuzz_write(prom, sb.buf ? sb.buf : "", sb.len);
	for (size_t k = 0; k < sizeof formats / sizeof formats[0]; k++) {
		FILE *f = fopen(out, "wb");
		if (!f)
			abort();
		fuzz_command_out(f, cmd_analyze, formats[k].fmt, "analyze", prom, "--region",
				 "brazilsouth", FUZZ_END);
		fclose(f);
		check(out, formats[k].fmt, formats[k].name);
	}

	/* diff: the workload renamed on the head side */
	const char *at = strstr(base_doc, "\"chat-8b\"");
	if (at) {
		sb.len = 0;
		strbuf_add(&sb, base_doc, (size_t)(at - base_doc) + 1);
		json_str(&sb, label);
		strbuf_addstr(&sb, at + strlen("\"chat-8b"));
		fuzz_write(head, sb.buf, sb.len);
		for (size_t k = 0; k < 3; k++) {
			FILE *f = fopen(out, "wb");
			if (!f)
				abort();
			fuzz_command_out(f, cmd_diff, formats[k].fmt, "diff", base, head, FUZZ_END);
			fclose(f);
			check(out, formats[k].fmt, formats[k].name);
		}
	}
	strbuf_release(&sb);
	strbuf_release(&lab);
	free(label);
	return 0;
}
