/*
 * textpos.h - line and column of a byte of a text, and "PATH:LINE:COL:
 * message" errors built from them.
 */
#ifndef GPUFIT_TEXTPOS_H
#define GPUFIT_TEXTPOS_H

#include <stdarg.h>
#include <stddef.h>

/* The 1-based line and column of byte off of text (len bytes): where a
 * parser's error pointer is, as file:line:col. */
void util_text_position(const char *text, size_t len, size_t off, int *line, int *col);

/* "PATH:LINE:COL: message" into err (the line and column of byte off of
 * text, as util_text_position counts them); returns -1, for readers'
 * fail_at().  The message is cut at 511 bytes. */
int util_verror_at(char *err, size_t errlen, const char *path, const char *text, size_t len,
		   size_t off, const char *fmt, va_list ap) __attribute__((format(printf, 7, 0)));

/* A text being read, for errors at a byte offset of it. */
struct text_at {
	const char *text;
	size_t len;
	const char *path;   /* for messages */
	char *err;          /* the message goes here */
	size_t errlen;
};

/* util_verror_at() on t: returns -1, for readers' error paths. */
int text_fail_at(const struct text_at *t, size_t off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
