/*
 * output.h - report formats and the text-table renderer.
 *
 * A command builds a struct table (header + rows of strings) and prints it as
 * an aligned terminal table, GitHub-flavoured Markdown or RFC 4180 CSV with one
 * call.  JSON is built with cJSON by each command and printed with
 * json_print() (json_out.c, the JSON boundary).
 */
#ifndef GPUFIT_OUTPUT_H
#define GPUFIT_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

enum out_format { FMT_TABLE, FMT_JSON, FMT_MARKDOWN, FMT_CSV, FMT_HTML, FMT_YAML, FMT_SH,
		  FMT_SARIF };

/* "table", "json", "markdown" (or "md"), "csv", "html" (recommend, check, pack
 * and analyze: html_out.h), "yaml", "sh" (`k8s` only), "sarif" (`k8s lint`):
 * 0 ok, -1 unknown. */
int out_format_parse(const char *s, enum out_format *out);
const char *out_format_name(enum out_format f);

enum col_align { ALIGN_LEFT, ALIGN_RIGHT };

struct table;

/* A table with ncols columns; free with table_free. */
struct table *table_new(size_t ncols);
void table_free(struct table *t);

/* Column i's header and alignment (numbers right-aligned).  The text table
 * prints every header in upper case up to a parenthesis, as kubectl does
 * ("MONTHLY", "GPU MEM", "MONTHLY (730 h)"): one style for every command,
 * whatever case the header is given in.  Markdown prints it in sentence
 * case ("Monthly", "Node pool", "GPU mem (GiB)"): words in lower case but
 * known abbreviations (GPU, MIG, SKU, VMs, ...), the first letter in upper
 * case, a parenthesis on kept as written.  Csv prints it as given (its own
 * header, table_csv_column(), where one is set): a machine key. */
void table_header(struct table *t, size_t i, const char *name, enum col_align align);

/* Appends a row; cells[0..ncols-1] are copied (NULL = empty). */
void table_add_row(struct table *t, const char *const *cells);

/* Appends a row from printf-style cells: one format string per column is
 * clumsy, so this takes ncols already-formatted strings as varargs. */
void table_add(struct table *t, ...);

size_t table_rows(const struct table *t);

/*
 * The CSV view (docs/output.md "CSV"): csv carries raw values only, so a
 * table can give each column a csv header and each cell a raw value next to
 * its display text.  Table and Markdown keep printing the display text.
 */
enum csv_kind {
	CSV_TEXT,   /* the cell's csv text if set, else its display text */
	CSV_NUMBER, /* only raw numbers set with table_set_number(); else empty */
};

/* Column i's csv header (snake_case, a unit suffix on numbers) and kind. */
void table_csv_column(struct table *t, size_t i, const char *name, enum csv_kind kind);

/* Which formats show a column or a row (default SHOW_ALL). */
enum table_show { SHOW_ALL, SHOW_DISPLAY /* table and markdown only */, SHOW_CSV };
void table_column_show(struct table *t, size_t i, enum table_show show);
/* Applies to the last row added. */
void table_row_show(struct table *t, enum table_show show);

/* The csv text of cell `col` of the last row added (NULL or "" = empty
 * field, e.g. where the display says "-"). */
void table_set_csv(struct table *t, size_t col, const char *text);

/* The raw number of cell `col` of the last row added, formatted with
 * out_csv_number(); NaN or infinity (unknown) gives an empty field. */
void table_set_number(struct table *t, size_t col, double v, int decimals);

/*
 * A two-column (name, value) table printed in csv as one record: the header
 * is column 0's csv text of every row csv shows, the record column 1's csv
 * values.  Table and Markdown still print it as rows.
 */
void table_csv_record(struct table *t);

/* Rows of such a table: a field both views show (csv_name NULL: table and
 * Markdown only), and fields only csv shows, as text or a raw number. */
void table_field(struct table *t, const char *name, const char *csv_name, const char *value);
void table_csv_field(struct table *t, const char *csv_name, const char *value);
void table_csv_field_number(struct table *t, const char *csv_name, double v, int decimals);

/*
 * A raw csv number: rounded half away from zero to |decimals| places like
 * the JSON writer; decimals >= 0 keeps that many places ("2336.00"),
 * decimals < 0 drops trailing zeros ("98.32", "127.816").  No thousands
 * separator, unit or sign on zero; "" for NaN or infinity.  Returns buf.
 */
char *out_csv_number(char *buf, size_t len, double v, int decimals);

/* Rewrites s in place as a csv name: '-' and ' ' become '_'.  Returns s. */
char *out_csv_name(char *s);

/* A money column's csv header: what + "_" + the currency code in lower case
 * ("monthly", "USD" -> "monthly_usd").  Returns buf. */
char *out_money_header(char *buf, size_t len, const char *what, const char *currency);

/*
 * Prints as FMT_TABLE (aligned, header underlined; columns beyond the
 * terminal width are not truncated: wrap is the terminal's job), FMT_MARKDOWN
 * (pipe table with alignment row, '|' escaped) or FMT_CSV (RFC 4180).
 */
void table_print(const struct table *t, FILE *f, enum out_format fmt);

/*
 * Colour (ANSI SGR) for text a person reads on a terminal.  Whether to use
 * it is decided once in main.c (cli_ctx.color, diag_set_color): only for
 * -f table, only to a terminal, never with -o FILE, --no-color, NO_COLOR set
 * to any value (even empty) or TERM=dumb.  Bold headings, a green
 * verdict, yellow warnings, red errors.
 */
enum out_style { OUT_PLAIN, OUT_BOLD, OUT_GREEN, OUT_YELLOW, OUT_RED };

/* 1 when the environment allows colour: NO_COLOR unset or empty, and TERM
 * not "dumb" (either argument may be NULL: unset). */
int out_color_env(const char *no_color, const char *term);

/* The escape that starts style s, "" when color is 0 or s is OUT_PLAIN. */
const char *out_sgr(int color, enum out_style s);
/* The escape that ends it ("" in the same cases). */
const char *out_sgr_off(int color, enum out_style s);

/* A table printed as FMT_TABLE with color set: its header row bold and each
 * row in the style table_row_style() gave it.  Markdown and CSV never are. */
void table_color(struct table *t, int color);
/* The style of the last row added (OUT_PLAIN by default). */
void table_row_style(struct table *t, enum out_style s);

#endif
