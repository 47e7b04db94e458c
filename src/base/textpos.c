/*
 * textpos.c - line and column of a byte of a text, and "PATH:LINE:COL:
 * message" errors built from them.
 */
#include "textpos.h"

#include <stdarg.h>
#include <stdio.h>

int util_verror_at(char *err, size_t errlen, const char *path, const char *text, size_t len,
		   size_t off, const char *fmt, va_list ap)
{
	char msg[512];
	int line, col;

	vsnprintf(msg, sizeof msg, fmt, ap);
	util_text_position(text, len, off, &line, &col);
	snprintf(err, errlen, "%s:%d:%d: %s", path, line, col, msg);
	return -1;
}

void util_text_position(const char *text, size_t len, size_t off, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off && i < len; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

int text_fail_at(const struct text_at *t, size_t off, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = util_verror_at(t->err, t->errlen, t->path, t->text, t->len, off, fmt, ap);
	va_end(ap);
	return rc;
}
