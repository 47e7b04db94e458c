/*
 * util.c - pieces of messages: a string cut to a buffer, strerror in lower
 * case, a URL without its password, a formatted string of any length.
 */
#include "util.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *util_url_redact(const char *url, char *buf, size_t len)
{
	const char *auth = strstr(url, "://"), *at = NULL;

	if (len == 0)
		return buf;
	if (auth) {
		auth += 3;
		size_t alen = strcspn(auth, "/?#");
		for (const char *p = auth; p < auth + alen; p++)
			if (*p == '@')
				at = p;
	}
	int n = at ? snprintf(buf, len, "%.*s***%s", (int)(auth - url), url, at)
		   : snprintf(buf, len, "%s", url);
	if (n >= 0 && (size_t)n >= len && len > 4)
		memcpy(buf + len - 4, "...", 4);
	return buf;
}

void util_copy_str(char *dst, size_t n, const char *src)
{
	size_t len;

	if (!n)
		return;
	len = src ? strnlen(src, n - 1) : 0;
	if (len)
		memcpy(dst, src, len);
	dst[len] = '\0';
}

const char *util_strerror(int errnum)
{
	static char buf[256];
	snprintf(buf, sizeof buf, "%s", strerror(errnum));
	buf[0] = (char)tolower((unsigned char)buf[0]);
	return buf;
}

char *util_vformat(const char *fmt, va_list ap)
{
	va_list aq;
	int n;
	char *s;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return xstrdup("");
	s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}
