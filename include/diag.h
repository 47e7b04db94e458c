/*
 * diag.h - diagnostics: the one place that formats errors and warnings.
 *
 * Printed form (docs/HACKING.md, "Rules of the house"):
 *   gpufit: error: FILE:LINE:COL: what is wrong
 * Modules below the CLI never print: they collect problems in a diag_list
 * (all problems of a file, each with its position) and return a status; the
 * command prints the list with diag_list_print().
 */
#ifndef GPUFIT_DIAG_H
#define GPUFIT_DIAG_H

#include <stddef.h>
#include <stdio.h>

enum diag_severity { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE };

struct diag_item {
	enum diag_severity severity;
	char *file;   /* may be NULL */
	int line;     /* 1-based; 0 = unknown */
	int col;      /* 1-based; 0 = unknown */
	char *msg;
};

struct diag_list {
	struct diag_item *items;
	size_t n, cap;
	size_t errors;  /* items with DIAG_ERROR */
};

#define DIAG_LIST_INIT { NULL, 0, 0, 0 }

/* Appends one problem; file may be NULL, line/col 0 when unknown. */
void diag_list_add(struct diag_list *l, enum diag_severity sev, const char *file, int line,
		   int col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Prints every item, in insertion order, one line each, to f. */
void diag_list_print(const struct diag_list *l, FILE *f);

/* Frees the items; the list is empty and reusable afterwards. */
void diag_list_release(struct diag_list *l);

/* Direct printing for main.c and cmd_*.c. */
void diag_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void diag_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void diag_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void diag_error_at(const char *file, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Silences warnings and notes (errors still print); for --quiet. */
void diag_set_quiet(int quiet);

/* Colours the severity word ("error" red, "warning" yellow) of everything
 * printed from now on; main.c sets it when stderr is a terminal and colour
 * is allowed (output.h, out_color_env). */
void diag_set_color(int color);

#endif
