/*
 * diag.c - formats every error, warning and note gpufit prints, and the
 * diag_list that modules fill instead of printing.
 */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>

#include "escape.h"
#include "util.h"

static int quiet;
static int color;

void diag_set_quiet(int q)
{
	quiet = q;
}

void diag_set_color(int c)
{
	color = c;
}

/* The severity word's colour on a terminal: red errors, yellow warnings. */
static const char *sev_on(enum diag_severity s)
{
	if (!color)
		return "";
	return s == DIAG_ERROR ? "\033[1;31m" : s == DIAG_WARNING ? "\033[33m" : "";
}

static const char *sev_off(enum diag_severity s)
{
	return color && s != DIAG_NOTE ? "\033[0m" : "";
}

static const char *sev_name(enum diag_severity s)
{
	switch (s) {
	case DIAG_ERROR:
		return "error";
	case DIAG_WARNING:
		return "warning";
	default:
		return "note";
	}
}

static void vprint(FILE *f, enum diag_severity sev, const char *file, int line, int col, const char *fmt,
		   va_list ap) __attribute__((format(printf, 6, 0)));

static void vprint(FILE *f, enum diag_severity sev, const char *file, int line, int col, const char *fmt,
		   va_list ap)
{
	if (quiet && sev != DIAG_ERROR)
		return;
	struct strbuf out = STRBUF_INIT;
	/* one line, whatever the message quotes: a name, a label or an API
	 * value with a newline or an escape sequence is shown escaped */
	char *msg = util_vformat(fmt, ap);
	if (file) {
		esc_term(&out, file, 0);
		if (line > 0) {
			strbuf_addf(&out, ":%d", line);
			if (col > 0)
				strbuf_addf(&out, ":%d", col);
		}
		strbuf_addstr(&out, ": ");
	}
	esc_term(&out, msg, 0);
	fprintf(f, "gpufit: %s%s%s: %s\n", sev_on(sev), sev_name(sev), sev_off(sev),
		strbuf_str(&out));
	free(msg);
	strbuf_release(&out);
}

void diag_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprint(stderr, DIAG_ERROR, NULL, 0, 0, fmt, ap);
	va_end(ap);
}

void diag_warning(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprint(stderr, DIAG_WARNING, NULL, 0, 0, fmt, ap);
	va_end(ap);
}

void diag_note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprint(stderr, DIAG_NOTE, NULL, 0, 0, fmt, ap);
	va_end(ap);
}

void diag_error_at(const char *file, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprint(stderr, DIAG_ERROR, file, line, col, fmt, ap);
	va_end(ap);
}

void diag_list_add(struct diag_list *l, enum diag_severity sev, const char *file, int line,
		   int col, const char *fmt, ...)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		l->items = xrealloc(l->items, l->cap * sizeof *l->items);
	}
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *msg = xmalloc(n > 0 ? (size_t)n + 1 : 1);
	va_start(ap, fmt);
	vsnprintf(msg, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
	va_end(ap);
	struct diag_item *it = &l->items[l->n++];
	it->severity = sev;
	it->file = file ? xstrdup(file) : NULL;
	it->line = line;
	it->col = col;
	it->msg = msg;
	if (sev == DIAG_ERROR)
		l->errors++;
}

static void print_item(FILE *f, const struct diag_item *it, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void print_item(FILE *f, const struct diag_item *it, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprint(f, it->severity, it->file, it->line, it->col, fmt, ap);
	va_end(ap);
}

void diag_list_print(const struct diag_list *l, FILE *f)
{
	for (size_t i = 0; i < l->n; i++)
		print_item(f, &l->items[i], "%s", l->items[i].msg);
}

void diag_list_release(struct diag_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->items[i].file);
		free(l->items[i].msg);
	}
	free(l->items);
	l->items = NULL;
	l->n = l->cap = l->errors = 0;
}
