/*
 * strbuf.h - a growable string buffer, and reading a line of a file into one.
 */
#ifndef GPUFIT_STRBUF_H
#define GPUFIT_STRBUF_H

#include <stddef.h>
#include <stdio.h>

/* Growable NUL-terminated string; init with STRBUF_INIT, free with strbuf_release. */
struct strbuf {
	char *buf;
	size_t len, cap;
};
#define STRBUF_INIT { NULL, 0, 0 }
void strbuf_add(struct strbuf *sb, const char *s, size_t n);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_release(struct strbuf *sb);
/* The contents (never NULL; "" when empty). */
const char *strbuf_str(const struct strbuf *sb);
/* Empties sb (its text "", its storage kept for reuse). */
void strbuf_reset(struct strbuf *sb);

/*
 * Reads one line of f into sb (cleared first; without its '\n'), keeping at
 * most max bytes in memory.  Returns 1 for a line, 0 at the end of the file,
 * UTIL_LINE_TOO_LONG when the line passes max bytes (sb then holds its first
 * max bytes; the rest is not read), -1 on a read error.
 */
#define UTIL_LINE_TOO_LONG (-2)
int util_read_line(FILE *f, struct strbuf *sb, size_t max);

#endif
