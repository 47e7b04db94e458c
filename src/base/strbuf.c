/*
 * strbuf.c - a growable string buffer, and reading a line of a file into one.
 */
#include "strbuf.h"
#include "alloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void strbuf_grow(struct strbuf *sb, size_t extra)
{
	if (sb->buf && sb->len + extra + 1 <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < sb->len + extra + 1)
		cap *= 2;
	sb->buf = xrealloc(sb->buf, cap);
	sb->cap = cap;
}

void strbuf_add(struct strbuf *sb, const char *s, size_t n)
{
	strbuf_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	strbuf_grow(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

const char *strbuf_str(const struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}

int util_read_line(FILE *f, struct strbuf *sb, size_t max)
{
	char buf[4096];
	size_t n = 0;
	int c, rc = 1;

	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
	for (;;) {
		c = getc(f);
		if (c == EOF) {
			rc = ferror(f) ? -1 : sb->len + n ? 1 : 0;
			break;
		}
		if (c == '\n')
			break;
		if (sb->len + n >= max) {
			rc = UTIL_LINE_TOO_LONG;
			break;
		}
		buf[n++] = (char)c;
		if (n == sizeof buf) {
			strbuf_add(sb, buf, n);
			n = 0;
		}
	}
	strbuf_add(sb, buf, n);
	return rc;
}
