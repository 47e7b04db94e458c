/*
 * html_out.h - the pieces of the `-f html` reports: one self-contained page
 * (inline CSS and SVG, no script, nothing fetched; a Content-Security-Policy
 * forbids any request), text escaping for user data, money that is
 * "unknown" rather than 0, and the colours of the charts (each meets WCAG AA
 * contrast with the white text drawn on it, and every coloured mark also
 * carries a text label).
 */
#ifndef GPUFIT_HTML_OUT_H
#define GPUFIT_HTML_OUT_H

#include <stddef.h>
#include <stdio.h>

/* Writes s with & < > " ' escaped (safe in text and in quoted attributes). */
void html_esc(FILE *f, const char *s);

/* printf into the page, escaping every %s argument is the caller's job:
 * use it for numbers and fixed markup only. */
__attribute__((format(printf, 2, 3))) void html_printf(FILE *f, const char *fmt, ...);

/* <!DOCTYPE html> ... <body><main><h1>title</h1>; title is escaped. */
void html_begin(FILE *f, const char *title);
/* The footer line and </main></body></html>. */
void html_end(FILE *f, const char *generator);

/* "$1,234.56" (USD) or "1,234.56 EUR"; known 0 gives "unknown".  Returns buf. */
char *html_money(char *buf, size_t len, double v, const char *currency, int known);

/* The fill of series i (workload i, finding i): #rrggbb, dark enough for
 * white text (contrast >= 4.5:1). */
const char *html_color(size_t i);

#define HTML_NCOLORS 8

/* Reading a JSON document: o[k] as a string (NULL when not one), as a
 * number (1 and *v; 0 when null or missing: unknown), and as money
 * (html_money(), "unknown" when not a number). */
#include <cjson/cJSON.h>
const char *html_str(const cJSON *o, const char *k);
int html_num(const cJSON *o, const char *k, double *v);
const char *html_money_of(char *buf, size_t len, const cJSON *o, const char *k, const char *cur);

#endif
