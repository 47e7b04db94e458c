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

enum out_format { FMT_TABLE, FMT_JSON, FMT_MARKDOWN, FMT_CSV, FMT_YAML };

/* "table", "json", "markdown" (or "md"), "csv", "yaml": 0 ok, -1 unknown. */
int out_format_parse(const char *s, enum out_format *out);
const char *out_format_name(enum out_format f);

enum col_align { ALIGN_LEFT, ALIGN_RIGHT };

struct table;

/* A table with ncols columns; free with table_free. */
struct table *table_new(size_t ncols);
void table_free(struct table *t);

/* Column i's header and alignment (numbers right-aligned). */
void table_header(struct table *t, size_t i, const char *name, enum col_align align);

/* Appends a row; cells[0..ncols-1] are copied (NULL = empty). */
void table_add_row(struct table *t, const char *const *cells);

/* Appends a row from printf-style cells: one format string per column is
 * clumsy, so this takes ncols already-formatted strings as varargs. */
void table_add(struct table *t, ...);

size_t table_rows(const struct table *t);

/*
 * Prints as FMT_TABLE (aligned, header underlined; columns beyond the
 * terminal width are not truncated: wrap is the terminal's job), FMT_MARKDOWN
 * (pipe table with alignment row, '|' escaped) or FMT_CSV (RFC 4180).
 */
void table_print(const struct table *t, FILE *f, enum out_format fmt);

#endif
