/*
 * output.c - report formats and the table renderer (aligned text, GitHub
 * Markdown, RFC 4180 CSV).  Widths are counted in UTF-8 code points so that
 * "×" or "—" do not break alignment.
 */
#include "output.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct table {
	size_t ncols, nrows, cap;
	char **header;
	enum col_align *align;
	char **cells;  /* nrows * ncols */
};

int out_format_parse(const char *s, enum out_format *out)
{
	static const struct {
		const char *name;
		enum out_format f;
	} names[] = {
		{ "table", FMT_TABLE }, { "json", FMT_JSON }, { "markdown", FMT_MARKDOWN },
		{ "md", FMT_MARKDOWN }, { "csv", FMT_CSV }, { "yaml", FMT_YAML },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strcmp(s, names[i].name) == 0) {
			*out = names[i].f;
			return 0;
		}
	}
	return -1;
}

const char *out_format_name(enum out_format f)
{
	switch (f) {
	case FMT_TABLE:
		return "table";
	case FMT_JSON:
		return "json";
	case FMT_MARKDOWN:
		return "markdown";
	case FMT_CSV:
		return "csv";
	case FMT_YAML:
		return "yaml";
	}
	return "table";
}

struct table *table_new(size_t ncols)
{
	struct table *t = xcalloc(1, sizeof *t);
	t->ncols = ncols;
	t->header = xcalloc(ncols, sizeof *t->header);
	t->align = xcalloc(ncols, sizeof *t->align);
	return t;
}

void table_free(struct table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->ncols; i++)
		free(t->header[i]);
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->header);
	free(t->align);
	free(t->cells);
	free(t);
}

void table_header(struct table *t, size_t i, const char *name, enum col_align align)
{
	if (i >= t->ncols)
		return;
	free(t->header[i]);
	t->header[i] = xstrdup(name);
	t->align[i] = align;
}

void table_add_row(struct table *t, const char *const *cells)
{
	if (t->nrows == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 16;
		t->cells = xrealloc(t->cells, t->cap * t->ncols * sizeof *t->cells);
	}
	for (size_t i = 0; i < t->ncols; i++)
		t->cells[t->nrows * t->ncols + i] = xstrdup(cells[i] ? cells[i] : "");
	t->nrows++;
}

void table_add(struct table *t, ...)
{
	const char **cells = xcalloc(t->ncols, sizeof *cells);
	va_list ap;
	va_start(ap, t);
	for (size_t i = 0; i < t->ncols; i++)
		cells[i] = va_arg(ap, const char *);
	va_end(ap);
	table_add_row(t, cells);
	free(cells);
}

size_t table_rows(const struct table *t)
{
	return t->nrows;
}

static size_t text_width(const char *s)
{
	size_t w = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xC0) != 0x80)
			w++;
	return w;
}

static const char *cell(const struct table *t, size_t r, size_t c)
{
	return t->cells[r * t->ncols + c];
}

static void pad(FILE *f, size_t n)
{
	while (n--)
		fputc(' ', f);
}

static void print_text(const struct table *t, FILE *f)
{
	size_t *w = xcalloc(t->ncols, sizeof *w);
	for (size_t c = 0; c < t->ncols; c++) {
		w[c] = text_width(t->header[c] ? t->header[c] : "");
		for (size_t r = 0; r < t->nrows; r++) {
			size_t cw = text_width(cell(t, r, c));
			if (cw > w[c])
				w[c] = cw;
		}
	}
	for (size_t r = 0; r <= t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			const char *s = r == 0 ? (t->header[c] ? t->header[c] : "") : cell(t, r - 1, c);
			size_t sw = text_width(s);
			int last = c + 1 == t->ncols;
			if (t->align[c] == ALIGN_RIGHT) {
				pad(f, w[c] - sw);
				fputs(s, f);
			} else {
				fputs(s, f);
				if (!last)
					pad(f, w[c] - sw);
			}
			if (!last)
				fputs("  ", f);
		}
		fputc('\n', f);
	}
	free(w);
}

static void md_cell(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else if (*s == '\n')
			fputs("<br>", f);
		else
			fputc(*s, f);
	}
}

static void print_markdown(const struct table *t, FILE *f)
{
	fputc('|', f);
	for (size_t c = 0; c < t->ncols; c++) {
		fputc(' ', f);
		md_cell(f, t->header[c] ? t->header[c] : "");
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (size_t c = 0; c < t->ncols; c++)
		fputs(t->align[c] == ALIGN_RIGHT ? " ---: |" : " --- |", f);
	fputc('\n', f);
	for (size_t r = 0; r < t->nrows; r++) {
		fputc('|', f);
		for (size_t c = 0; c < t->ncols; c++) {
			fputc(' ', f);
			md_cell(f, cell(t, r, c));
			fputs(" |", f);
		}
		fputc('\n', f);
	}
}

static void csv_field(FILE *f, const char *s)
{
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void print_csv(const struct table *t, FILE *f)
{
	for (size_t r = 0; r <= t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			if (c)
				fputc(',', f);
			csv_field(f, r == 0 ? (t->header[c] ? t->header[c] : "") : cell(t, r - 1, c));
		}
		fputs("\r\n", f);
	}
}

void table_print(const struct table *t, FILE *f, enum out_format fmt)
{
	switch (fmt) {
	case FMT_MARKDOWN:
		print_markdown(t, f);
		break;
	case FMT_CSV:
		print_csv(t, f);
		break;
	default:
		print_text(t, f);
		break;
	}
}
