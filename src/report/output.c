/*
 * output.c - report formats and the table renderer (aligned text, GitHub
 * Markdown, RFC 4180 CSV).  Widths are counted in UTF-8 code points so that
 * "×" or "—" do not break alignment.
 */
#include "output.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "util.h"

struct table {
	size_t ncols, nrows, cap;
	char **header;
	enum col_align *align;
	char **cells;  /* nrows * ncols */
	/* the csv view */
	char **csv_header;          /* ncols; NULL = the display header */
	enum csv_kind *kind;        /* ncols */
	enum table_show *col_show;  /* ncols */
	char **csv_cells;           /* nrows * ncols; NULL = not set */
	enum table_show *row_show;  /* nrows */
	enum out_style *row_style;  /* nrows */
	int record;
	int color;                  /* FMT_TABLE with SGR escapes */
	/* the cells' text, packed into blocks (a table of 100k rows holds
	 * over a million short strings: one malloc each cost more than the
	 * text); freed with the table */
	char **blocks;
	size_t nblocks;
	size_t block_used, block_cap;
};

#define TABLE_BLOCK (64 * 1024)

/* A copy of s in the table's blocks. */
static char *cell_dup(struct table *t, const char *s)
{
	size_t n = strlen(s) + 1;
	char *p;

	if (n > t->block_cap - t->block_used || !t->nblocks) {
		size_t cap = n > TABLE_BLOCK ? n : TABLE_BLOCK;
		t->blocks = xrealloc(t->blocks, (t->nblocks + 1) * sizeof *t->blocks);
		t->blocks[t->nblocks++] = xmalloc(cap);
		t->block_used = 0;
		t->block_cap = cap;
	}
	p = t->blocks[t->nblocks - 1] + t->block_used;
	memcpy(p, s, n);
	t->block_used += n;
	return p;
}

int out_format_parse(const char *s, enum out_format *out)
{
	static const struct {
		const char *name;
		enum out_format f;
	} names[] = {
		{ "table", FMT_TABLE }, { "json", FMT_JSON }, { "markdown", FMT_MARKDOWN },
		{ "md", FMT_MARKDOWN }, { "csv", FMT_CSV }, { "html", FMT_HTML },
		{ "yaml", FMT_YAML }, { "sh", FMT_SH }, { "sarif", FMT_SARIF },
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
	case FMT_HTML:
		return "html";
	case FMT_YAML:
		return "yaml";
	case FMT_SH:
		return "sh";
	case FMT_SARIF:
		return "sarif";
	}
	return "table";
}

struct table *table_new(size_t ncols)
{
	struct table *t = xcalloc(1, sizeof *t);
	t->ncols = ncols;
	t->header = xcalloc(ncols, sizeof *t->header);
	t->align = xcalloc(ncols, sizeof *t->align);
	t->csv_header = xcalloc(ncols, sizeof *t->csv_header);
	t->kind = xcalloc(ncols, sizeof *t->kind);
	t->col_show = xcalloc(ncols, sizeof *t->col_show);
	return t;
}

void table_free(struct table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->ncols; i++) {
		free(t->header[i]);
		free(t->csv_header[i]);
	}
	for (size_t i = 0; i < t->nblocks; i++)
		free(t->blocks[i]);
	free(t->blocks);
	free(t->header);
	free(t->align);
	free(t->cells);
	free(t->csv_header);
	free(t->kind);
	free(t->col_show);
	free(t->csv_cells);
	free(t->row_show);
	free(t->row_style);
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
		t->csv_cells = xrealloc(t->csv_cells, t->cap * t->ncols * sizeof *t->csv_cells);
		t->row_show = xrealloc(t->row_show, t->cap * sizeof *t->row_show);
		t->row_style = xrealloc(t->row_style, t->cap * sizeof *t->row_style);
	}
	for (size_t i = 0; i < t->ncols; i++) {
		t->cells[t->nrows * t->ncols + i] = cell_dup(t, cells[i] ? cells[i] : "");
		t->csv_cells[t->nrows * t->ncols + i] = NULL;
	}
	t->row_show[t->nrows] = SHOW_ALL;
	t->row_style[t->nrows] = OUT_PLAIN;
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

void table_csv_column(struct table *t, size_t i, const char *name, enum csv_kind kind)
{
	if (i >= t->ncols)
		return;
	free(t->csv_header[i]);
	t->csv_header[i] = name ? xstrdup(name) : NULL;
	t->kind[i] = kind;
}

void table_column_show(struct table *t, size_t i, enum table_show show)
{
	if (i < t->ncols)
		t->col_show[i] = show;
}

void table_row_show(struct table *t, enum table_show show)
{
	if (t->nrows)
		t->row_show[t->nrows - 1] = show;
}

void table_set_csv(struct table *t, size_t col, const char *text)
{
	if (!t->nrows || col >= t->ncols)
		return;
	char **c = &t->csv_cells[(t->nrows - 1) * t->ncols + col];
	*c = cell_dup(t, text ? text : "");   /* a replaced one stays in its block */
}

void table_set_number(struct table *t, size_t col, double v, int decimals)
{
	char buf[400];   /* any finite double with 6 decimals: 309 digits, '-', '.' */
	table_set_csv(t, col, out_csv_number(buf, sizeof buf, v, decimals));
}

void table_csv_record(struct table *t)
{
	t->record = 1;
}

void table_field(struct table *t, const char *name, const char *csv_name, const char *value)
{
	table_add(t, name, value);
	if (csv_name)
		table_set_csv(t, 0, csv_name);
	else
		table_row_show(t, SHOW_DISPLAY);
}

void table_csv_field(struct table *t, const char *csv_name, const char *value)
{
	table_add(t, csv_name, value);
	table_row_show(t, SHOW_CSV);
}

void table_csv_field_number(struct table *t, const char *csv_name, double v, int decimals)
{
	char buf[64];
	table_csv_field(t, csv_name, out_csv_number(buf, sizeof buf, v, decimals));
}

char *out_csv_number(char *buf, size_t len, double v, int decimals)
{
	if (!len)
		return buf;
	buf[0] = '\0';
	if (!isfinite(v))
		return buf;
	int d = decimals < 0 ? -decimals : decimals;
	double m = pow(10.0, d);
	double r = isfinite(v * m) ? round(v * m) / m : v;
	if (r == 0)
		r = 0; /* no "-0" */
	snprintf(buf, len, "%.*f", d, r);
	if (decimals < 0 && strchr(buf, '.')) {
		char *end = buf + strlen(buf) - 1;
		while (*end == '0')
			*end-- = '\0';
		if (*end == '.')
			*end = '\0';
	}
	return buf;
}

char *out_csv_name(char *s)
{
	for (char *c = s; *c; c++)
		if (*c == '-' || *c == ' ')
			*c = '_';
	return s;
}

char *out_money_header(char *buf, size_t len, const char *what, const char *currency)
{
	if (!len)
		return buf;
	int n = snprintf(buf, len, "%s_", what);
	size_t at = n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
	snprintf(buf + at, len - at, "%s", currency && *currency ? currency : "usd");
	for (char *p = buf + at; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return buf;
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

static int col_shown(const struct table *t, size_t c, int csv)
{
	return t->col_show[c] == SHOW_ALL || t->col_show[c] == (csv ? SHOW_CSV : SHOW_DISPLAY);
}

static int row_shown(const struct table *t, size_t r, int csv)
{
	return t->row_show[r] == SHOW_ALL || t->row_show[r] == (csv ? SHOW_CSV : SHOW_DISPLAY);
}

static const char *header(const struct table *t, size_t c)
{
	return t->header[c] ? t->header[c] : "";
}

/* Spaces from width have to width want (none when have is wider). */
static void pad(FILE *f, size_t want, size_t have)
{
	for (size_t n = want > have ? want - have : 0; n; n--)
		fputc(' ', f);
}

int out_color_env(const char *no_color, const char *term)
{
	if (no_color)   /* set, to any value (even empty): no colour */
		return 0;
	return !(term && strcmp(term, "dumb") == 0);
}

const char *out_sgr(int color, enum out_style s)
{
	if (!color)
		return "";
	switch (s) {
	case OUT_BOLD:
		return "\033[1m";
	case OUT_GREEN:
		return "\033[32m";
	case OUT_YELLOW:
		return "\033[33m";
	case OUT_RED:
		return "\033[31m";
	default:
		return "";
	}
}

const char *out_sgr_off(int color, enum out_style s)
{
	return color && s != OUT_PLAIN ? "\033[0m" : "";
}

void table_color(struct table *t, int color)
{
	t->color = color;
}

void table_row_style(struct table *t, enum out_style s)
{
	if (t->nrows)
		t->row_style[t->nrows - 1] = s;
}

/* s as the terminal may show it (esc_term), in sb when it had to be
 * escaped. */
static const char *shown(const char *s, struct strbuf *sb)
{
	if (!esc_term_needed(s, 0))
		return s;
	strbuf_reset(sb);
	esc_term(sb, s, 0);
	return strbuf_str(sb);
}

/* A header as the text table prints it: in upper case (ASCII letters) up to
 * a parenthesis, which keeps its unit as written ("MONTHLY (730 h)"). */
static const char *header_text(const struct table *t, size_t c, struct strbuf *sb)
{
	const char *s = header(t, c);
	int up = 1;

	strbuf_reset(sb);
	for (; *s; s++) {
		char ch;

		up = up && *s != '(';
		ch = (char)(up && *s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s);

		strbuf_add(sb, &ch, 1);
	}
	return strbuf_str(sb);
}

static void print_text(const struct table *t, FILE *f)
{
	struct strbuf hb = STRBUF_INIT;
	struct strbuf sb = STRBUF_INIT;
	size_t *w = xcalloc(t->ncols, sizeof *w);
	size_t last = 0;
	for (size_t c = 0; c < t->ncols; c++) {
		if (!col_shown(t, c, 0))
			continue;
		last = c;
		w[c] = text_width(shown(header_text(t, c, &hb), &sb));
		for (size_t r = 0; r < t->nrows; r++) {
			size_t cw = row_shown(t, r, 0) ? text_width(shown(cell(t, r, c), &sb)) : 0;
			if (cw > w[c])
				w[c] = cw;
		}
	}
	for (size_t r = 0; r <= t->nrows; r++) {
		if (r > 0 && !row_shown(t, r - 1, 0))
			continue;
		enum out_style st = r == 0 ? OUT_BOLD : t->row_style[r - 1];
		fputs(out_sgr(t->color, st), f);
		for (size_t c = 0; c < t->ncols; c++) {
			if (!col_shown(t, c, 0))
				continue;
			const char *s = shown(r == 0 ? header_text(t, c, &hb) : cell(t, r - 1, c), &sb);
			size_t sw = text_width(s);
			if (t->align[c] == ALIGN_RIGHT) {
				pad(f, w[c], sw);
				fputs(s, f);
			} else {
				fputs(s, f);
				if (c != last)
					pad(f, w[c], sw);
			}
			if (c != last)
				fputs("  ", f);
		}
		fputs(out_sgr_off(t->color, st), f);
		fputc('\n', f);
	}
	free(w);
	strbuf_release(&sb);
	strbuf_release(&hb);
}

static void md_cell(FILE *f, const char *cell_text)
{
	esc_fputs(f, ESC_MARKDOWN, cell_text);
}

/* Words a Markdown header keeps in their own case: abbreviations a reader
 * knows in capitals, and units.  Matched without regard to case. */
static const char *const md_keep[] = {
	"AKS", "BF16", "FP16", "FP4", "FP8", "GPU", "GPUs", "IB", "KV", "MIG", "OS",
	"P95", "RAM", "SKU", "SM", "TFLOPS", "VM", "VMs", "vCPUs",
};

/* 1 when s[0..n) is word w, ASCII letters compared without case. */
static int same_word(const char *w, const char *s, size_t n)
{
	if (strlen(w) != n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (tolower((unsigned char)w[i]) != tolower((unsigned char)s[i]))
			return 0;
	return 1;
}

/* A header as Markdown prints it: in sentence case, as Infracost's and
 * GitHub's tables are ("Monthly cost", "GPU memory (GiB)"), whatever case
 * the command gives it in: every word in lower case but those of md_keep[],
 * then its first letter in upper case; from a parenthesis on, the text is
 * kept as written (a unit). */
static const char *md_header_text(const struct table *t, size_t c, struct strbuf *sb)
{
	const char *s = header(t, c);
	int kept_first = 0;

	strbuf_reset(sb);
	while (*s && *s != '(') {
		size_t n = 0, k;

		if (*s == ' ' || *s == '/') {
			strbuf_add(sb, s++, 1);
			continue;
		}
		while (s[n] && s[n] != ' ' && s[n] != '/' && s[n] != '(')
			n++;
		for (k = 0; k < sizeof md_keep / sizeof *md_keep; k++)
			if (same_word(md_keep[k], s, n))
				break;
		if (k < sizeof md_keep / sizeof *md_keep) {
			kept_first = kept_first || sb->len == 0;
			strbuf_add(sb, md_keep[k], n);
		} else {
			for (size_t i = 0; i < n; i++) {
				char ch = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);

				strbuf_add(sb, &ch, 1);
			}
		}
		s += n;
	}
	strbuf_add(sb, s, strlen(s));
	if (!kept_first && sb->len > 0 && sb->buf[0] >= 'a' && sb->buf[0] <= 'z')
		sb->buf[0] = (char)(sb->buf[0] - 'a' + 'A');
	return strbuf_str(sb);
}

static void print_markdown(const struct table *t, FILE *f)
{
	struct strbuf hb = STRBUF_INIT;

	fputc('|', f);
	for (size_t c = 0; c < t->ncols; c++) {
		if (!col_shown(t, c, 0))
			continue;
		fputc(' ', f);
		md_cell(f, md_header_text(t, c, &hb));
		fputs(" |", f);
	}
	strbuf_release(&hb);
	fputs("\n|", f);
	for (size_t c = 0; c < t->ncols; c++)
		if (col_shown(t, c, 0))
			fputs(t->align[c] == ALIGN_RIGHT ? " ---: |" : " --- |", f);
	fputc('\n', f);
	for (size_t r = 0; r < t->nrows; r++) {
		if (!row_shown(t, r, 0))
			continue;
		fputc('|', f);
		for (size_t c = 0; c < t->ncols; c++) {
			if (!col_shown(t, c, 0))
				continue;
			fputc(' ', f);
			md_cell(f, cell(t, r, c));
			fputs(" |", f);
		}
		fputc('\n', f);
	}
}

static void csv_field(FILE *f, const char *s)
{
	esc_fputs(f, ESC_CSV, s);
}

static const char *csv_header(const struct table *t, size_t c)
{
	return t->csv_header[c] ? t->csv_header[c] : header(t, c);
}

/* A cell as csv prints it: its raw value, never a number's display text. */
static const char *csv_cell(const struct table *t, size_t r, size_t c)
{
	const char *raw = t->csv_cells[r * t->ncols + c];
	if (raw)
		return raw;
	return t->kind[c] == CSV_NUMBER ? "" : cell(t, r, c);
}

static void print_csv_record(const struct table *t, FILE *f)
{
	for (int pass = 0; pass < 2; pass++) {
		int first = 1;
		for (size_t r = 0; r < t->nrows; r++) {
			if (!row_shown(t, r, 1))
				continue;
			if (!first)
				fputc(',', f);
			first = 0;
			csv_field(f, pass == 0 ? csv_cell(t, r, 0)
					       : (t->ncols > 1 ? csv_cell(t, r, 1) : ""));
		}
		fputs("\r\n", f);
	}
}

static void print_csv(const struct table *t, FILE *f)
{
	if (t->record) {
		print_csv_record(t, f);
		return;
	}
	for (size_t r = 0; r <= t->nrows; r++) {
		if (r > 0 && !row_shown(t, r - 1, 1))
			continue;
		int first = 1;
		for (size_t c = 0; c < t->ncols; c++) {
			if (!col_shown(t, c, 1))
				continue;
			if (!first)
				fputc(',', f);
			first = 0;
			csv_field(f, r == 0 ? csv_header(t, c) : csv_cell(t, r - 1, c));
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
