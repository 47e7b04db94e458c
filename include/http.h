/*
 * http.h - the HTTP client: the only module that talks to libcurl.
 *
 * One client = one libcurl easy handle, so consecutive GETs to the same host
 * reuse the connection.  http_get() fetches one URL into a caller-owned
 * buffer, retrying 429 and 5xx answers and transport failures with
 * exponential backoff and jitter, honouring Retry-After, within a bounded
 * number of tries and a bounded total wait.  TLS verification is always on
 * and redirects are never followed (a redirect is an error), so a request
 * only ever reaches the URL it was given.
 *
 * http_pool_* runs several such GETs at once (below).
 *
 * Errors are values: 0 on success, -1 with a one-line cause in err.
 *
 * Two builds: gpufit-net links this module with libcurl (src/catalog/http.c);
 * gpufit links src/catalog/http_offline.c instead, whose client and pool only fail,
 * so that the commands that never go to the network start without loading
 * libcurl and the score of libraries it needs.  A command that goes to the
 * network calls http_require_network() before it writes or opens anything:
 * in gpufit that replaces the process with gpufit-net and the same command
 * line (docs/HACKING.md, "Two binaries").
 */
#ifndef GPUFIT_HTTP_H
#define GPUFIT_HTTP_H

#include <stddef.h>

#include "util.h"

#define HTTP_ERRLEN 256

/* The command line as main() received it, for http_require_network(). */
void http_keep_argv(char **argv);

/*
 * 0 when this process can go to the network (gpufit-net).  In gpufit: runs
 * gpufit-net (beside the running gpufit, else in GPUFIT_LIBEXECDIR) with the
 * command line kept by http_keep_argv(), in this process (exec); returns -1
 * with a cause in err only when that cannot be done.
 */
int http_require_network(char *err, size_t errlen);

struct http_opts {
	int retries;            /* extra tries after the first; 0 = one try only */
	double timeout_s;       /* connect limit, and the low-speed limit: a transfer
				   that receives nothing for this long fails */
	double max_wait_s;      /* total backoff sleep allowed across the retries of
				   one request; a Retry-After beyond it gives up */
	double backoff_s;       /* first backoff delay; doubles per retry (cap 30 s) */
	size_t max_bytes;       /* largest body accepted: reading stops beyond it, the
				   request fails and the body is left empty */
	unsigned long low_speed_bps; /* 0: a transfer fails when it receives nothing
				   for timeout_s (a timeout, retried); N: when it
				   receives under N bytes/s over timeout_s, and once
				   its body has begun that is final (not retried) */
	const char *user_agent;
};

/* Defaults: 4 retries, 30 s timeout, 45 s total wait, 1 s first backoff,
 * 64 MiB body limit, low_speed_bps 0. */
void http_opts_default(struct http_opts *o);

struct http_client;

/* A new client, or NULL with a cause in err (libcurl failed to initialise).
 * Free with http_client_free(). */
struct http_client *http_client_new(const struct http_opts *o, char *err, size_t errlen);
void http_client_free(struct http_client *c);

/*
 * What some servers need beyond http_opts: extra request headers, each
 * "Name: value" (an Authorization header among them), and a CA bundle (PEM
 * file) to verify the server with instead of the system's.  The strings are
 * copied.  Header values never appear in err nor in any message of this
 * module.  0, or -1 with a cause in err (the client is then unchanged).
 */
struct http_extra {
	const char *const *headers;
	size_t nheaders;
	const char *cacert;     /* NULL: the system's CA store */
};

int http_client_set_extra(struct http_client *c, const struct http_extra *x, char *err,
			  size_t errlen);

/* Bytes the last request of c received: its response headers and its body
 * as they came over the wire (before content decoding). */
unsigned long long http_client_last_received(struct http_client *c);

/*
 * GETs url into body (cleared first; caller owns and releases it).  Returns 0
 * on HTTP 200.  Any other final outcome returns -1 with a cause such as
 * "HTTP 503 from http://127.0.0.1:8080/... after 5 tries" or "connection
 * reset ...".  *tries, when not NULL, receives the number of attempts made.
 */
int http_get(struct http_client *c, const char *url, struct strbuf *body, int *tries,
	     char *err, size_t errlen);

/*
 * 0 when url may be fetched: an https:// URL, or http:// to a loopback host
 * (127.0.0.0/8, ::1, localhost).  -1 with a cause otherwise.
 */
int http_url_allowed(const char *url, char *err, size_t errlen);

/* 1 when a and b have the same scheme, host and port (default ports made
 * explicit, host compared case-insensitively), 0 when not, -1 when either
 * does not parse as a URL. */
int http_same_origin(const char *a, const char *b);

/* Percent-encodes s (RFC 3986 unreserved characters kept) into sb. */
void http_escape(struct strbuf *sb, const char *s);

/*
 * A pool of concurrent GETs: at most max_conns transfers at once (1 to
 * HTTP_POOL_MAX), over one libcurl multi handle whose connections every
 * transfer shares and keeps open for the next, each with the options of an
 * http_client (gzip and deflate accepted, TLS verified, no redirects).  Every
 * request is retried as http_get retries it, with the same budget per request
 * and the same messages.  One back-off is shared: when an answer is 429, or
 * carries Retry-After, no request of the pool starts (first try or retry)
 * before that request's own retry time, so a throttled API is not hammered
 * by the other transfers.  Requests start in the order they were added,
 * a retry before those added after it.  Single-threaded: transfers progress
 * only inside http_pool_next().
 */
#define HTTP_POOL_MAX 16

struct http_pool;

struct http_pool_result {
	void *tag;                   /* as given to http_pool_add */
	int ok;                      /* 1: HTTP 200, the body is in the caller's strbuf */
	long status;                 /* last HTTP status; 0 after a transport failure */
	int tries;
	char err[HTTP_ERRLEN];       /* when !ok: the cause, worded as by http_get */
};

/* A new pool, or NULL with a cause in err.  Free with http_pool_free(), which
 * also abandons every request still queued or running. */
struct http_pool *http_pool_new(const struct http_opts *o, int max_conns, char *err,
				size_t errlen);
void http_pool_free(struct http_pool *p);

/* Queues a GET of url (copied); tag comes back in its result. */
void http_pool_add(struct http_pool *p, const char *url, void *tag);

/*
 * Runs transfers until a request has its final outcome, then returns 1 with
 * *res filled and the response body in body (the caller's strbuf: its old
 * buffer is taken back and released by the pool; body->buf is never NULL and
 * NUL-terminated).  Returns 0 when no request is queued or running, -1 when
 * libcurl's multi interface fails (cause in res->err).
 */
int http_pool_next(struct http_pool *p, struct strbuf *body, struct http_pool_result *res);

#endif
