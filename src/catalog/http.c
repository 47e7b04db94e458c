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
 * libcurl is linked as an ordinary dependency (pkg-config libcurl), so that
 * ldd and packaging tools see it, into gpufit-net, the build of gpufit that
 * goes to the network; gpufit itself links http_offline.c instead, and hands
 * the commands that need the network to gpufit-net (http.h).
 */
#include <arpa/inet.h>
#include <curl/curl.h>
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

/* This is gpufit-net: the network is here. */
void http_keep_argv(char **argv)
{
	(void)argv;
}

int http_require_network(char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	return 0;
}

struct http_client {
	CURL *h;
	struct curl_slist *extra_headers;   /* http_client_set_extra; NULL none */
	struct http_opts o;
	uint64_t rng;
	char curl_err[CURL_ERROR_SIZE];
};

struct sink {
	struct strbuf *body;
	size_t max;
	int too_big;
};

static size_t on_body(char *data, size_t size, size_t nmemb, void *arg)
{
	struct sink *s = arg;
	size_t n = size * nmemb;

	if (s->body->len + n > s->max) {
		/* reading stops here, and nobody may parse what came: the cut
		 * body is dropped */
		s->too_big = 1;
		s->body->len = 0;
		if (s->body->buf)
			s->body->buf[0] = '\0';
		return 0;
	}
	strbuf_add(s->body, data, n);
	return n;
}

static int global_init_done;

struct http_client *http_client_new(const struct http_opts *o, char *err, size_t errlen)
{
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
	curl_easy_setopt(h, CURLOPT_LOW_SPEED_LIMIT,
			 o->low_speed_bps > 0 ? (long)o->low_speed_bps : 1L);
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
		curl_slist_free_all(c->extra_headers);
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

/*
 * What to do after one try: 0 done (HTTP 200), -1 give up (cause in err),
 * 1 try again after *wait seconds (already added to *waited).  unit is a
 * uniform random number in [0, 1) for the jitter.  Shared by http_get and
 * the pool, so both retry and word their failures alike.
 */
static int after_try(const struct http_opts *o, CURLcode rc, long status, curl_off_t retry_after,
		     int too_big, size_t got, const char *curl_err, int attempt, double unit,
		     double *waited,
		     double *wait, char *err, size_t errlen)
{
	const char *why;

	if (rc == CURLE_OK) {
		if (status == 200)
			return 0;
		if (status != 429 && status < 500) {
			snprintf(err, errlen, "HTTP %ld", status);
			return -1;
		}
	} else if (too_big || rc == CURLE_FILESIZE_EXCEEDED) {
		snprintf(err, errlen, "the answer is larger than %zu bytes (%zu MiB): reading "
			 "stopped there", o->max_bytes, o->max_bytes >> 20);
		return -1;
	} else if (rc == CURLE_OPERATION_TIMEDOUT && got > 0 && o->low_speed_bps > 0) {
		/* a body that began and then trickled: it would trickle again */
		snprintf(err, errlen, "too slow: the answer began, then came at under %lu "
			 "bytes/s for %g s (the limit set by --timeout)",
			 (unsigned long)o->low_speed_bps, o->timeout_s);
		return -1;
	} else if (!transient(rc)) {
		snprintf(err, errlen, "%s", curl_err[0] ? curl_err : curl_easy_strerror(rc));
		return -1;
	}

	if (attempt > o->retries) {
		if (rc == CURLE_OK)
			snprintf(err, errlen, "HTTP %ld after %d %s", status, attempt,
				 tries_word(attempt));
		else
			snprintf(err, errlen, "%s after %d %s", transport_text(rc), attempt,
				 tries_word(attempt));
		return -1;
	}

	if (retry_after >= 0) {
		*wait = (double)retry_after;
	} else {
		double b = o->backoff_s * pow(2, attempt - 1);
		if (b > HTTP_BACKOFF_CAP_S)
			b = HTTP_BACKOFF_CAP_S;
		*wait = b * (0.5 + 0.5 * unit);
	}
	if (*waited + *wait > o->max_wait_s) {
		why = rc == CURLE_OK ? NULL : transport_text(rc);
		if (why)
			snprintf(err, errlen, "%s after %d %s (retry budget of %g s spent)", why,
				 attempt, tries_word(attempt), o->max_wait_s);
		else if (retry_after >= 0)
			snprintf(err, errlen,
				 "HTTP %ld after %d %s (Retry-After %lld s exceeds the retry budget of %g s)",
				 status, attempt, tries_word(attempt), (long long)retry_after,
				 o->max_wait_s);
		else
			snprintf(err, errlen, "HTTP %ld after %d %s (retry budget of %g s spent)",
				 status, attempt, tries_word(attempt), o->max_wait_s);
		return -1;
	}
	*waited += *wait;
	return 1;
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
		double wait = 0;

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
			curl_easy_getinfo(c->h, CURLINFO_RETRY_AFTER, &retry_after);
		}
		int next = after_try(&c->o, rc, status, retry_after, sink.too_big, body->len,
				     c->curl_err, attempt, rng_unit(c), &waited, &wait, err,
				     errlen);
		if (next <= 0)
			return next;
		sleep_s(wait);
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

	char shown[512];
	util_url_redact(url, shown, sizeof(shown));
	if (url_parts(url, scheme, sizeof(scheme), host, sizeof(host), &port) != 0) {
		snprintf(err, errlen, "'%s' is not a valid URL", shown);
		return -1;
	}
	if (strcmp(scheme, "https") == 0)
		return 0;
	if (strcmp(scheme, "http") == 0) {
		if (is_loopback_host(host))
			return 0;
		snprintf(err, errlen, "'%s': plain http:// is only allowed to a loopback host",
			 shown);
		return -1;
	}
	snprintf(err, errlen, "'%s': only https:// URLs are supported", shown);
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

/*
 * The pool (http.h): one multi handle, whose connection cache every transfer
 * shares, and up to max_conns easy handles, each an http_client set up as
 * http_client_new sets up its own.  A request waits in the FIFO `queue` until
 * a handle is free and both its own retry time and the shared back-off have
 * passed; while it runs it is on `running`; its final outcome goes to `done`,
 * which http_pool_next hands out one at a time.  Everything runs on the
 * caller's thread, inside http_pool_next: between calls no transfer makes
 * progress (the kernel buffers what arrives).
 */
struct http_req {
	struct http_req *next;
	char *url;
	void *tag;
	struct strbuf body;
	struct sink sink;
	struct http_client *c;       /* while running */
	int attempt;
	double waited;               /* this request's own retry waits */
	double not_before;           /* monotonic seconds */
	long status;
	int ok;
	char err[HTTP_ERRLEN];
};

struct http_pool {
	CURLM *multi;
	struct http_opts o;
	struct http_client **idle;   /* easy handles not in use */
	int n_idle, max_conns;
	struct http_req *queue, *running, *done;
	double backoff_until;        /* no request starts before this (monotonic s) */
};

static double mono_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void req_free(struct http_req *q)
{
	free(q->url);
	strbuf_release(&q->body);
	free(q);
}

/* Appends q to the list at *head. */
static void req_append(struct http_req **head, struct http_req *q)
{
	q->next = NULL;
	while (*head)
		head = &(*head)->next;
	*head = q;
}

/* Unlinks q from the list at *head. */
static void req_unlink(struct http_req **head, struct http_req *q)
{
	while (*head && *head != q)
		head = &(*head)->next;
	if (*head)
		*head = q->next;
	q->next = NULL;
}

struct http_pool *http_pool_new(const struct http_opts *o, int max_conns, char *err,
				size_t errlen)
{
	if (max_conns < 1)
		max_conns = 1;
	if (max_conns > HTTP_POOL_MAX)
		max_conns = HTTP_POOL_MAX;
	struct http_pool *p = xcalloc(1, sizeof(*p));
	p->o = *o;
	p->max_conns = max_conns;
	p->idle = xcalloc((size_t)max_conns, sizeof(*p->idle));
	for (int i = 0; i < max_conns; i++) {
		p->idle[i] = http_client_new(o, err, errlen);
		if (!p->idle[i]) {
			http_pool_free(p);
			return NULL;
		}
		p->n_idle++;
	}
	p->multi = curl_multi_init();
	if (!p->multi) {
		snprintf(err, errlen, "cannot initialise libcurl");
		http_pool_free(p);
		return NULL;
	}
	/* At most max_conns connections, all kept open for the next pages. */
	curl_multi_setopt(p->multi, CURLMOPT_MAX_HOST_CONNECTIONS, (long)max_conns);
	curl_multi_setopt(p->multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, (long)max_conns);
	curl_multi_setopt(p->multi, CURLMOPT_MAXCONNECTS, (long)max_conns);
	return p;
}

void http_pool_free(struct http_pool *p)
{
	struct http_req *q, *next;

	if (!p)
		return;
	for (q = p->running; q; q = next) {
		next = q->next;
		curl_multi_remove_handle(p->multi, q->c->h);
		http_client_free(q->c);
		req_free(q);
	}
	for (q = p->queue; q; q = next) {
		next = q->next;
		req_free(q);
	}
	for (q = p->done; q; q = next) {
		next = q->next;
		req_free(q);
	}
	for (int i = 0; i < p->n_idle; i++)
		http_client_free(p->idle[i]);
	if (p->multi)
		curl_multi_cleanup(p->multi);
	free(p->idle);
	free(p);
}

void http_pool_add(struct http_pool *p, const char *url, void *tag)
{
	struct http_req *q = xcalloc(1, sizeof(*q));

	q->url = xstrdup(url);
	q->tag = tag;
	req_append(&p->queue, q);
}

/* Starts a try of q on an idle handle; -1 (q failed, moved to done) when
 * libcurl refuses it. */
static int req_start(struct http_pool *p, struct http_req *q)
{
	struct http_client *c = p->idle[--p->n_idle];

	q->c = c;
	q->attempt++;
	q->body.len = 0;
	if (q->body.buf)
		q->body.buf[0] = '\0';
	q->sink.body = &q->body;
	q->sink.max = p->o.max_bytes;
	q->sink.too_big = 0;
	c->curl_err[0] = '\0';
	curl_easy_setopt(c->h, CURLOPT_URL, q->url);
	curl_easy_setopt(c->h, CURLOPT_WRITEDATA, &q->sink);
	curl_easy_setopt(c->h, CURLOPT_PRIVATE, (char *)q);
	CURLMcode mc = curl_multi_add_handle(p->multi, c->h);
	if (mc != CURLM_OK) {
		snprintf(q->err, sizeof(q->err), "%s", curl_multi_strerror(mc));
		p->idle[p->n_idle++] = c;
		q->c = NULL;
		req_append(&p->done, q);
		return -1;
	}
	req_append(&p->running, q);
	return 0;
}

/* Starts every queued request that may start now, oldest first.  Returns the
 * seconds until the next one may (a request is waiting for its time or the
 * back-off), or -1 when none waits for a time. */
static double start_ready(struct http_pool *p, double now)
{
	double soonest = -1;
	struct http_req *q = p->queue, *next;

	for (; q && p->n_idle > 0; q = next) {
		next = q->next;
		double at = q->not_before > p->backoff_until ? q->not_before : p->backoff_until;
		if (at > now) {
			if (soonest < 0 || at - now < soonest)
				soonest = at - now;
			continue;
		}
		req_unlink(&p->queue, q);
		req_start(p, q);
	}
	return soonest;
}

/* A try of q ended with rc: done (to `done`) or queued again for a retry. */
static void req_finished(struct http_pool *p, struct http_req *q, CURLcode rc, double now)
{
	struct http_client *c = q->c;
	curl_off_t retry_after = -1;
	double wait = 0;

	req_unlink(&p->running, q);
	curl_multi_remove_handle(p->multi, c->h);
	q->status = 0;
	if (rc == CURLE_OK) {
		curl_easy_getinfo(c->h, CURLINFO_RESPONSE_CODE, &q->status);
		curl_easy_getinfo(c->h, CURLINFO_RETRY_AFTER, &retry_after);
	}
	int next = after_try(&p->o, rc, q->status, retry_after, q->sink.too_big, q->body.len,
			     c->curl_err, q->attempt, rng_unit(c), &q->waited, &wait, q->err,
			     sizeof(q->err));
	q->c = NULL;
	p->idle[p->n_idle++] = c;
	if (next <= 0) {
		q->ok = next == 0;
		req_append(&p->done, q);
		return;
	}
	q->not_before = now + wait;
	/* Throttled: nobody starts a request before this one may retry. */
	if ((q->status == 429 || retry_after >= 0) && q->not_before > p->backoff_until) {
		p->backoff_until = q->not_before;
	}
	/* First in line again: a retry goes before requests queued after it. */
	q->next = p->queue;
	p->queue = q;
}

int http_pool_next(struct http_pool *p, struct strbuf *body, struct http_pool_result *res)
{
	memset(res, 0, sizeof(*res));
	for (;;) {
		if (p->done) {
			struct http_req *q = p->done;
			struct strbuf tmp = *body;
			p->done = q->next;
			*body = q->body;
			q->body = tmp;
			if (!body->buf)
				strbuf_add(body, "", 0);
			res->tag = q->tag;
			res->ok = q->ok;
			res->status = q->status;
			res->tries = q->attempt;
			snprintf(res->err, sizeof(res->err), "%s", q->ok ? "" : q->err);
			req_free(q);
			return 1;
		}
		double now = mono_s();
		double wait_s = start_ready(p, now);
		if (p->done)
			continue;
		if (!p->running && !p->queue)
			return 0;
		int still;
		CURLMcode mc = curl_multi_perform(p->multi, &still);
		if (mc != CURLM_OK) {
			snprintf(res->err, sizeof(res->err), "%s", curl_multi_strerror(mc));
			return -1;
		}
		CURLMsg *msg;
		int left;
		while ((msg = curl_multi_info_read(p->multi, &left))) {
			if (msg->msg != CURLMSG_DONE)
				continue;
			char *priv = NULL;
			CURLcode rc = msg->data.result;
			curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, &priv);
			req_finished(p, (struct http_req *)(void *)priv, rc, mono_s());
		}
		if (p->done)
			continue;
		int timeout_ms = 1000;
		if (wait_s >= 0 && wait_s * 1000 < timeout_ms)
			timeout_ms = (int)(wait_s * 1000) + 1;
		if (!p->running) {
			/* Nothing to poll: sleep until the next request may start. */
			if (wait_s > 0)
				sleep_s(wait_s);
			continue;
		}
		mc = curl_multi_poll(p->multi, NULL, 0, timeout_ms, NULL);
		if (mc != CURLM_OK) {
			snprintf(res->err, sizeof(res->err), "%s", curl_multi_strerror(mc));
			return -1;
		}
	}
}

int http_client_set_extra(struct http_client *c, const struct http_extra *x, char *err,
			  size_t errlen)
{
	struct curl_slist *list = NULL;
	for (size_t i = 0; i < x->nheaders; i++) {
		const char *h = x->headers[i], *colon = strchr(h, ':');
		if (!colon || colon == h || strpbrk(h, "\r\n")) {
			/* name the header, never its value */
			int n = colon ? (int)(colon - h) : 0;
			snprintf(err, errlen, "header %d%s%.*s%s is not 'Name: value' on one line",
				 (int)i + 1, n ? " ('" : "", n > 64 ? 64 : n, h, n ? "')" : "");
			if (list)
				curl_slist_free_all(list);
			return -1;
		}
		struct curl_slist *l = curl_slist_append(list, h);
		if (!l) {
			if (list)
				curl_slist_free_all(list);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		list = l;
	}
	if (x->cacert && curl_easy_setopt(c->h, CURLOPT_CAINFO, x->cacert) != CURLE_OK) {
		if (list)
			curl_slist_free_all(list);
		snprintf(err, errlen, "libcurl cannot use a CA file");
		return -1;
	}
	curl_easy_setopt(c->h, CURLOPT_HTTPHEADER, list);
	if (c->extra_headers)
		curl_slist_free_all(c->extra_headers);
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
