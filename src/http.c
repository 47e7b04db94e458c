/*
 * http.c - GET over libcurl with bounded retries, timeouts and body size.
 *
 * This is the only file that includes <curl/curl.h>.  Retry policy: HTTP 429
 * and 5xx, and transport failures that a later try may not repeat (refused or
 * reset connection, timeout, truncated or empty reply), are retried up to
 * opts.retries times.  The wait before a retry is Retry-After when the server
 * sent one, else an exponential backoff (backoff_s, doubling, capped at 30 s)
 * with "equal jitter" (a random factor in [0.5, 1)) so that clients started
 * together do not retry together.  The sum of the waits of one request never
 * exceeds max_wait_s: when the next wait would, the request gives up at once
 * rather than ignore the server's Retry-After.
 *
 * libcurl is loaded on first use with dlopen(), not linked: linking it pulls
 * in some thirty libraries (TLS, Kerberos, LDAP, ...) whose load and
 * constructors cost about 5 ms on every run of gpufit, including the many
 * that never touch the network.  The calls below keep their libcurl names;
 * each is a pointer of the exact type the header declares.
 */
#include <arpa/inet.h>
#define CURL_DISABLE_TYPECHECK /* curl_easy_setopt is called through a pointer */
#include <curl/curl.h>
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "http.h"

#define HTTP_BACKOFF_CAP_S 30.0

#define HTTP_LIBCURL "libcurl.so.4"

static struct {
	void *lib;
	__typeof__(curl_global_init) *global_init;
	__typeof__(curl_easy_init) *easy_init;
	__typeof__(curl_easy_setopt) *easy_setopt;
	__typeof__(curl_easy_perform) *easy_perform;
	__typeof__(curl_easy_getinfo) *easy_getinfo;
	__typeof__(curl_easy_cleanup) *easy_cleanup;
	__typeof__(curl_easy_strerror) *easy_strerror;
	__typeof__(curl_free) *free;
	__typeof__(curl_url) *url;
	__typeof__(curl_url_cleanup) *url_cleanup;
	__typeof__(curl_url_get) *url_get;
	__typeof__(curl_url_set) *url_set;
} api;

/* Loads libcurl once; 0, or -1 with the reason in err. */
static int curl_load(char *err, size_t errlen)
{
	static const char *const names[] = {
		"curl_global_init", "curl_easy_init", "curl_easy_setopt", "curl_easy_perform",
		"curl_easy_getinfo", "curl_easy_cleanup", "curl_easy_strerror", "curl_free",
		"curl_url", "curl_url_cleanup", "curl_url_get", "curl_url_set",
	};
	void **slots[] = {
		(void **)&api.global_init, (void **)&api.easy_init, (void **)&api.easy_setopt,
		(void **)&api.easy_perform, (void **)&api.easy_getinfo, (void **)&api.easy_cleanup,
		(void **)&api.easy_strerror, (void **)&api.free, (void **)&api.url,
		(void **)&api.url_cleanup, (void **)&api.url_get, (void **)&api.url_set,
	};
	if (api.lib)
		return 0;
	void *lib = dlopen(HTTP_LIBCURL, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(err, errlen, "cannot load %s (install the libcurl4 package): %s",
			 HTTP_LIBCURL, dlerror());
		return -1;
	}
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		*slots[i] = dlsym(lib, names[i]);
		if (!*slots[i]) {
			snprintf(err, errlen, "%s lacks %s", HTTP_LIBCURL, names[i]);
			dlclose(lib);
			memset(&api, 0, sizeof api);
			return -1;
		}
	}
	api.lib = lib;
	return 0;
}

/* curl.h defines these two as function-like macros of themselves. */
#undef curl_easy_setopt
#undef curl_easy_getinfo
#define curl_global_init api.global_init
#define curl_easy_init api.easy_init
#define curl_easy_setopt api.easy_setopt
#define curl_easy_perform api.easy_perform
#define curl_easy_getinfo api.easy_getinfo
#define curl_easy_cleanup api.easy_cleanup
#define curl_easy_strerror api.easy_strerror
#define curl_free api.free
#define curl_url api.url
#define curl_url_cleanup api.url_cleanup
#define curl_url_get api.url_get
#define curl_url_set api.url_set

struct http_client {
	CURL *h;
	struct curl_slist *extra_headers;   /* http_client_set_extra; NULL none */
	struct http_opts o;
	uint64_t rng;
	char curl_err[CURL_ERROR_SIZE];
};

/* The libcurl calls only http_client_set_extra needs, loaded with it. */
static struct {
	__typeof__(curl_slist_append) *slist_append;
	__typeof__(curl_slist_free_all) *slist_free_all;
} extra_api;

struct sink {
	struct strbuf *body;
	size_t max;
	int too_big;
};

void http_opts_default(struct http_opts *o)
{
	o->retries = 4;
	o->timeout_s = 30;
	o->max_wait_s = 45;
	o->backoff_s = 1;
	o->max_bytes = (size_t)64 << 20;
	o->user_agent = "gpufit";
}

static size_t on_body(char *data, size_t size, size_t nmemb, void *arg)
{
	struct sink *s = arg;
	size_t n = size * nmemb;

	if (s->body->len + n > s->max) {
		s->too_big = 1;
		return 0;
	}
	strbuf_add(s->body, data, n);
	return n;
}

static int global_init_done;

struct http_client *http_client_new(const struct http_opts *o, char *err, size_t errlen)
{
	if (curl_load(err, errlen) != 0)
		return NULL;
	if (!global_init_done) {
		if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
			snprintf(err, errlen, "cannot initialise libcurl");
			return NULL;
		}
		global_init_done = 1;
	}
	struct http_client *c = xcalloc(1, sizeof(*c));
	c->o = *o;
	c->h = curl_easy_init();
	if (!c->h) {
		free(c);
		snprintf(err, errlen, "cannot initialise libcurl");
		return NULL;
	}
	c->rng = (uint64_t)time(NULL) * 6364136223846793005ULL ^ (uint64_t)getpid();
	if (!c->rng)
		c->rng = 1;

	long timeout_ms = (long)(o->timeout_s * 1000);
	if (timeout_ms < 1)
		timeout_ms = 1;
	long low_speed_s = (long)ceil(o->timeout_s);
	if (low_speed_s < 1)
		low_speed_s = 1;

	CURL *h = c->h;
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, c->curl_err);
	curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
	curl_easy_setopt(h, CURLOPT_SSL_VERIFYPEER, 1L);
	curl_easy_setopt(h, CURLOPT_SSL_VERIFYHOST, 2L);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
	curl_easy_setopt(h, CURLOPT_LOW_SPEED_LIMIT, 1L);
	curl_easy_setopt(h, CURLOPT_LOW_SPEED_TIME, low_speed_s);
	/* A server trickling a byte at a time still ends within a bound. */
	curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, timeout_ms * 10);
	curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(h, CURLOPT_BUFFERSIZE, 256L * 1024);
	curl_easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)o->max_bytes);
	curl_easy_setopt(h, CURLOPT_USERAGENT, o->user_agent ? o->user_agent : "gpufit");
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
	return c;
}

void http_client_free(struct http_client *c)
{
	if (!c)
		return;
	curl_easy_cleanup(c->h);
	if (c->extra_headers)
		extra_api.slist_free_all(c->extra_headers);
	free(c);
}

/* xorshift64*: a uniform double in [0, 1). */
static double rng_unit(struct http_client *c)
{
	c->rng ^= c->rng >> 12;
	c->rng ^= c->rng << 25;
	c->rng ^= c->rng >> 27;
	return (double)((c->rng * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static void sleep_s(double s)
{
	struct timespec ts;

	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* Transport failures worth another try. */
static int transient(CURLcode rc)
{
	switch (rc) {
	case CURLE_COULDNT_CONNECT:
	case CURLE_OPERATION_TIMEDOUT:
	case CURLE_RECV_ERROR:
	case CURLE_SEND_ERROR:
	case CURLE_PARTIAL_FILE:
	case CURLE_GOT_NOTHING:
		return 1;
	default:
		return 0;
	}
}

static const char *transport_text(CURLcode rc)
{
	switch (rc) {
	case CURLE_COULDNT_CONNECT:
		return "cannot connect";
	case CURLE_OPERATION_TIMEDOUT:
		return "timed out";
	case CURLE_RECV_ERROR:
	case CURLE_SEND_ERROR:
		return "connection reset";
	case CURLE_PARTIAL_FILE:
		return "truncated body";
	case CURLE_GOT_NOTHING:
		return "empty reply from server";
	default:
		return NULL;
	}
}

static const char *tries_word(int n)
{
	return n == 1 ? "try" : "tries";
}

int http_get(struct http_client *c, const char *url, struct strbuf *body, int *tries,
	     char *err, size_t errlen)
{
	struct sink sink = { body, c->o.max_bytes, 0 };
	double waited = 0;
	int attempt = 0;

	curl_easy_setopt(c->h, CURLOPT_URL, url);
	curl_easy_setopt(c->h, CURLOPT_WRITEDATA, &sink);
	for (;;) {
		long status = 0;
		curl_off_t retry_after = -1;
		const char *why;

		body->len = 0;
		if (body->buf)
			body->buf[0] = '\0';
		sink.too_big = 0;
		c->curl_err[0] = '\0';
		attempt++;
		if (tries)
			*tries = attempt;

		CURLcode rc = curl_easy_perform(c->h);
		if (rc == CURLE_OK) {
			curl_easy_getinfo(c->h, CURLINFO_RESPONSE_CODE, &status);
			if (status == 200)
				return 0;
			if (status != 429 && status < 500) {
				snprintf(err, errlen, "HTTP %ld", status);
				return -1;
			}
			curl_easy_getinfo(c->h, CURLINFO_RETRY_AFTER, &retry_after);
		} else if (sink.too_big || rc == CURLE_FILESIZE_EXCEEDED) {
			snprintf(err, errlen, "response larger than %zu bytes", c->o.max_bytes);
			return -1;
		} else if (!transient(rc)) {
			snprintf(err, errlen, "%s", c->curl_err[0] ? c->curl_err
								    : curl_easy_strerror(rc));
			return -1;
		}

		if (attempt > c->o.retries) {
			if (rc == CURLE_OK)
				snprintf(err, errlen, "HTTP %ld after %d %s", status, attempt,
					 tries_word(attempt));
			else
				snprintf(err, errlen, "%s after %d %s", transport_text(rc), attempt,
					 tries_word(attempt));
			return -1;
		}

		double wait;
		if (retry_after >= 0) {
			wait = (double)retry_after;
		} else {
			double b = c->o.backoff_s * pow(2, attempt - 1);
			if (b > HTTP_BACKOFF_CAP_S)
				b = HTTP_BACKOFF_CAP_S;
			wait = b * (0.5 + 0.5 * rng_unit(c));
		}
		if (waited + wait > c->o.max_wait_s) {
			why = rc == CURLE_OK ? NULL : transport_text(rc);
			if (why)
				snprintf(err, errlen, "%s after %d %s (retry budget of %g s spent)",
					 why, attempt, tries_word(attempt), c->o.max_wait_s);
			else if (retry_after >= 0)
				snprintf(err, errlen,
					 "HTTP %ld after %d %s (Retry-After %lld s exceeds the retry budget of %g s)",
					 status, attempt, tries_word(attempt), (long long)retry_after,
					 c->o.max_wait_s);
			else
				snprintf(err, errlen, "HTTP %ld after %d %s (retry budget of %g s spent)",
					 status, attempt, tries_word(attempt), c->o.max_wait_s);
			return -1;
		}
		sleep_s(wait);
		waited += wait;
	}
}

static int is_loopback_host(const char *host)
{
	unsigned char a6[16];
	struct in_addr a4;

	if (strcasecmp(host, "localhost") == 0)
		return 1;
	if (inet_pton(AF_INET, host, &a4) == 1)
		return (ntohl(a4.s_addr) >> 24) == 127;
	if (host[0] == '[') {
		char tmp[64];
		size_t n = strlen(host);
		if (n < 3 || n - 2 >= sizeof(tmp) || host[n - 1] != ']')
			return 0;
		memcpy(tmp, host + 1, n - 2);
		tmp[n - 2] = '\0';
		if (inet_pton(AF_INET6, tmp, a6) == 1) {
			static const unsigned char lo[16] = { [15] = 1 };
			return memcmp(a6, lo, 16) == 0;
		}
	}
	return 0;
}

/* Parses url; fills lower-cased scheme, host and the port (explicit or the
 * scheme's default).  0 ok, -1 not a URL. */
static int url_parts(const char *url, char *scheme, size_t slen, char *host, size_t hlen,
		     long *port)
{
	char lerr[256];
	if (curl_load(lerr, sizeof(lerr)) != 0)
		return -1;
	CURLU *u = curl_url();
	char *s = NULL, *h = NULL, *p = NULL;
	int ret = -1;

	if (!u)
		return -1;
	if (curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_SCHEME, &s, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_HOST, &h, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_PORT, &p, CURLU_DEFAULT_PORT) == CURLUE_OK) {
		snprintf(scheme, slen, "%s", s);
		snprintf(host, hlen, "%s", h);
		for (char *q = scheme; *q; q++)
			*q = (char)(*q >= 'A' && *q <= 'Z' ? *q + 32 : *q);
		for (char *q = host; *q; q++)
			*q = (char)(*q >= 'A' && *q <= 'Z' ? *q + 32 : *q);
		*port = strtol(p, NULL, 10);
		ret = 0;
	}
	curl_free(s);
	curl_free(h);
	curl_free(p);
	curl_url_cleanup(u);
	return ret;
}

int http_url_allowed(const char *url, char *err, size_t errlen)
{
	char scheme[16], host[256];
	long port;

	if (curl_load(err, errlen) != 0)
		return -1;
	if (url_parts(url, scheme, sizeof(scheme), host, sizeof(host), &port) != 0) {
		snprintf(err, errlen, "'%s' is not a valid URL", url);
		return -1;
	}
	if (strcmp(scheme, "https") == 0)
		return 0;
	if (strcmp(scheme, "http") == 0) {
		if (is_loopback_host(host))
			return 0;
		snprintf(err, errlen, "'%s': plain http:// is only allowed to a loopback host", url);
		return -1;
	}
	snprintf(err, errlen, "'%s': only https:// URLs are supported", url);
	return -1;
}

int http_same_origin(const char *a, const char *b)
{
	char sa[16], sb[16], ha[256], hb[256];
	long pa, pb;

	if (url_parts(a, sa, sizeof(sa), ha, sizeof(ha), &pa) != 0 ||
	    url_parts(b, sb, sizeof(sb), hb, sizeof(hb), &pb) != 0)
		return -1;
	return strcmp(sa, sb) == 0 && strcmp(ha, hb) == 0 && pa == pb;
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

int http_client_set_extra(struct http_client *c, const struct http_extra *x, char *err,
			  size_t errlen)
{
	if (!extra_api.slist_append) {
		extra_api.slist_append = (__typeof__(extra_api.slist_append))dlsym(api.lib,
										 "curl_slist_append");
		extra_api.slist_free_all =
			(__typeof__(extra_api.slist_free_all))dlsym(api.lib, "curl_slist_free_all");
		if (!extra_api.slist_append || !extra_api.slist_free_all) {
			extra_api.slist_append = NULL;
			snprintf(err, errlen, "%s lacks curl_slist_append", HTTP_LIBCURL);
			return -1;
		}
	}
	struct curl_slist *list = NULL;
	for (size_t i = 0; i < x->nheaders; i++) {
		const char *h = x->headers[i], *colon = strchr(h, ':');
		if (!colon || colon == h || strpbrk(h, "\r\n")) {
			/* name the header, never its value */
			int n = colon ? (int)(colon - h) : 0;
			snprintf(err, errlen, "header %d%s%.*s%s is not 'Name: value' on one line",
				 (int)i + 1, n ? " ('" : "", n > 64 ? 64 : n, h, n ? "')" : "");
			if (list)
				extra_api.slist_free_all(list);
			return -1;
		}
		struct curl_slist *l = extra_api.slist_append(list, h);
		if (!l) {
			if (list)
				extra_api.slist_free_all(list);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		list = l;
	}
	if (x->cacert && curl_easy_setopt(c->h, CURLOPT_CAINFO, x->cacert) != CURLE_OK) {
		if (list)
			extra_api.slist_free_all(list);
		snprintf(err, errlen, "libcurl cannot use a CA file");
		return -1;
	}
	curl_easy_setopt(c->h, CURLOPT_HTTPHEADER, list);
	if (c->extra_headers)
		extra_api.slist_free_all(c->extra_headers);
	c->extra_headers = list;
	return 0;
}

unsigned long long http_client_last_received(struct http_client *c)
{
	curl_off_t body = 0;
	long head = 0;
	curl_easy_getinfo(c->h, CURLINFO_SIZE_DOWNLOAD_T, &body);
	curl_easy_getinfo(c->h, CURLINFO_HEADER_SIZE, &head);
	return (unsigned long long)(body > 0 ? body : 0) + (unsigned long long)(head > 0 ? head : 0);
}
