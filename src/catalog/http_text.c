/*
 * http_text.c - the parts of the HTTP client that need no network: default
 * options and percent-encoding (both builds of gpufit, http.h).
 */
#include <string.h>

#include "http.h"

void http_opts_default(struct http_opts *o)
{
	o->retries = 4;
	o->timeout_s = 30;
	o->max_wait_s = 45;
	o->backoff_s = 1;
	o->max_bytes = (size_t)64 << 20;
	o->low_speed_bps = 0;
	o->user_agent = "gpufit";
}

void http_escape(struct strbuf *sb, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
		    (ch >= '0' && ch <= '9') || ch == '-' || ch == '.' || ch == '_' || ch == '~') {
			strbuf_add(sb, s, 1);
		} else {
			char e[3] = { '%', hex[ch >> 4], hex[ch & 15] };
			strbuf_add(sb, e, 3);
		}
	}
}
