/*
 * fuzz_escape.c - every output kind's escape (escape.h) and the table
 * writer (terminal table, Markdown, CSV) fed hostile text: names, labels and
 * profile names with control bytes, C1, bad UTF-8, quotes, '|', '<' and
 * newlines.  It checks what each format forbids, not only that nothing
 * crashes: a violation aborts.
 *
 * The input is the text; split on NUL it is also the cells of a two-column
 * table (header and rows).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "fuzz.h"
#include "output.h"
#include "util.h"

static void fail(const char *what, const char *out)
{
	fprintf(stderr, "fuzz: %s: '%s'\n", what, out);
	abort();
}

#define has_unsafe fuzz_has_unsafe

static int alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Markdown inline text: no markup character left unescaped, no line break
 * but the "<br>" that stands for one. */
static void check_markdown(const char *s)
{
	if (has_unsafe((const unsigned char *)s, strlen(s), 0))
		fail("markdown: unsafe byte", s);
	if (s[0] == '#' || s[0] == '>')
		fail("markdown: a leading # or >", s);
	for (size_t i = 0; s[i]; i++) {
		if (s[i] == '\\') {
			if (!s[i + 1])
				fail("markdown: a trailing backslash", s);
			i++;
		} else if (s[i] == '<') {
			if (strncmp(s + i, "<br>", 4) != 0)
				fail("markdown: a raw '<'", s);
			i += 3;
		} else if (strchr("|`*[]~", s[i])) {
			fail("markdown: an unescaped markup character", s);
		} else if (s[i] == '_' && !(i > 0 && alnum(s[i - 1]) && alnum(s[i + 1]))) {
			fail("markdown: an '_' that may start emphasis", s);
		}
	}
}

/* A plain decimal: optional '-', digits, optional '.' and digits. */
static int plain_number(const char *s)
{
	size_t i = s[0] == '-', d = 0;

	while (s[i] >= '0' && s[i] <= '9')
		i++, d++;
	if (s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9')
		for (i++; s[i] >= '0' && s[i] <= '9'; i++)
			;
	return d && !s[i];
}

/* One CSV field: quoted when it must be, quotes doubled, no formula. */
static void check_csv(const char *s)
{
	size_t n = strlen(s);
	char *v = xmalloc(n + 1), *o = v;

	if (has_unsafe((const unsigned char *)s, n, 1))
		fail("csv: unsafe byte", s);
	if (n && s[0] == '"') {
		if (n < 2 || s[n - 1] != '"')
			fail("csv: unterminated quote", s);
		for (size_t i = 1; i + 1 < n; i++) {
			if (s[i] == '"' && s[++i] != '"')
				fail("csv: a lone quote inside", s);
			*o++ = s[i];
		}
	} else {
		if (strpbrk(s, ",\"\n"))
			fail("csv: a field that needed quotes", s);
		memcpy(v, s, n);
		o = v + n;
	}
	*o = '\0';
	if (v[0] && strchr("=+-@", v[0]) && !plain_number(v))
		fail("csv: a formula", s);
	free(v);
}

/* has_unsafe for a csv document: its "\r\n" record ends allowed. */
static int csv_unsafe(const char *s)
{
	size_t n = strlen(s), k = 0;
	char *t = xmalloc(n + 1);
	int bad;

	for (size_t i = 0; i < n; i++)
		if (!(s[i] == '\r' && s[i + 1] == '\n'))
			t[k++] = s[i];
	bad = has_unsafe((const unsigned char *)t, k, 1);
	free(t);
	return bad;
}

static void check_html(const char *s)
{
	static const char *const ents[] = { "&amp;", "&lt;", "&gt;", "&quot;", "&#39;" };

	if (has_unsafe((const unsigned char *)s, strlen(s), 1))
		fail("html: unsafe byte", s);
	if (strpbrk(s, "<>\"'"))
		fail("html: a raw < > \" or '", s);
	for (const char *p = strchr(s, '&'); p; p = strchr(p + 1, '&')) {
		size_t k;
		for (k = 0; k < 5 && strncmp(p, ents[k], strlen(ents[k])) != 0; k++)
			;
		if (k == 5)
			fail("html: a bare '&'", s);
	}
}

static char *render(const struct table *t, enum out_format fmt)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		abort();
	table_print(t, f, fmt);
	fclose(f);
	return buf;
}

/* The unescaped '|' of a Markdown table line. */
static size_t md_pipes(const char *s, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '|')
			k++;
	}
	return k;
}

static void check_table(char **cells, size_t ncells)
{
	enum { NCOLS = 2 };
	size_t nrows = ncells / NCOLS - 1;
	struct table *t = table_new(NCOLS);
	char *s;
	size_t lines = 0, fields = 0, records = 0;

	table_header(t, 0, cells[0], ALIGN_LEFT);
	table_header(t, 1, cells[1], ALIGN_RIGHT);
	for (size_t r = 1; r <= nrows; r++)
		table_add_row(t, (const char *const *)cells + r * NCOLS);

	/* the terminal table: one line a row, nothing a terminal acts on */
	s = render(t, FMT_TABLE);
	if (has_unsafe((const unsigned char *)s, strlen(s), 1))
		fail("table: unsafe byte", s);
	for (const char *p = s; *p; p++)
		lines += *p == '\n';
	if (lines != nrows + 1)
		fail("table: a row over more than one line", s);
	free(s);

	/* Markdown: header, alignment row and a line a row, each of NCOLS cells */
	s = render(t, FMT_MARKDOWN);
	if (has_unsafe((const unsigned char *)s, strlen(s), 1))
		fail("markdown table: unsafe byte", s);
	lines = 0;
	for (char *p = s, *nl; *p; p = nl + 1, lines++) {
		nl = strchr(p, '\n');
		if (!nl)
			fail("markdown table: an unterminated line", s);
		if (md_pipes(p, (size_t)(nl - p)) != NCOLS + 1)
			fail("markdown table: a line without exactly 3 '|'", s);
	}
	if (lines != nrows + 2)
		fail("markdown table: a row over more than one line", s);
	free(s);

	/* CSV: nrows + 1 records of NCOLS fields (RFC 4180) */
	s = render(t, FMT_CSV);
	if (csv_unsafe(s))
		fail("csv table: unsafe byte", s);
	for (const char *p = s; *p;) {
		fields++;
		if (*p == '"') {
			for (p++; *p && !(p[0] == '"' && p[1] != '"'); p += p[0] == '"' ? 2 : 1)
				;
			if (!*p)
				fail("csv table: unterminated quote", s);
			p++;
		} else {
			while (*p && *p != ',' && *p != '\r' && *p != '\n' && *p != '"')
				p++;
		}
		if (*p == ',') {
			p++;
		} else if (p[0] == '\r' && p[1] == '\n') {
			if (fields != NCOLS)
				fail("csv table: a record without 2 fields", s);
			fields = 0;
			records++;
			p += 2;
		} else {
			fail("csv table: a stray byte after a field", s);
		}
	}
	if (records != nrows + 1)
		fail("csv table: wrong number of records", s);
	free(s);
	table_free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);   /* up to the first NUL */
	struct strbuf sb = STRBUF_INIT;
	char *cells[8];
	size_t ncells = 0;
	const uint8_t *p = data, *end = data + size;

	esc_term(&sb, text, 0);
	if (has_unsafe((const unsigned char *)sb.buf, sb.len, 0))
		fail("term: unsafe byte", strbuf_str(&sb));
	sb.len = 0;
	esc_term(&sb, text, 1);
	if (has_unsafe((const unsigned char *)sb.buf, sb.len, 1))
		fail("term (newlines kept): unsafe byte", strbuf_str(&sb));
	sb.len = 0;
	esc_markdown(&sb, text);
	check_markdown(strbuf_str(&sb));
	sb.len = 0;
	esc_csv(&sb, text);
	check_csv(strbuf_str(&sb));
	sb.len = 0;
	esc_html(&sb, text);
	check_html(strbuf_str(&sb));
	strbuf_release(&sb);
	free(text);

	while (ncells < 8) {
		const uint8_t *nul = memchr(p, 0, (size_t)(end - p));
		size_t n = nul ? (size_t)(nul - p) : (size_t)(end - p);
		cells[ncells++] = xstrndup((const char *)p, n);
		if (!nul)
			break;
		p = nul + 1;
	}
	while (ncells % 2 || ncells < 2)
		cells[ncells++] = xstrdup("");
	check_table(cells, ncells);
	for (size_t i = 0; i < ncells; i++)
		free(cells[i]);
	return 0;
}
