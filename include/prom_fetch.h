/*
 * prom_fetch.h - reads a live Prometheus (or Thanos, Mimir, Azure Monitor
 * managed Prometheus) into the telemetry store for `analyze --prometheus`.
 *
 * By default the server computes each series' statistics over the window
 * (prom_query.h) and an answer holds a few values per series; --raw, and
 * every host batch the server cannot summarise exactly, is read sample by
 * sample with query_range.  Either way the fleet is asked for in host
 * batches of bounded size.  Nothing here prints: problems and notes go to
 * the caller's diag_list, query lines to an optional log callback.  Request
 * headers (the bearer token among them) are never put into either.
 */
#ifndef GPUFIT_PROM_FETCH_H
#define GPUFIT_PROM_FETCH_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "telemetry.h"

struct prom_fetch_opts {
	const char *url;               /* base URL, e.g. https://host/prometheus */
	double start, end, step;       /* window (unix seconds) and resolution (s) */
	int raw;                       /* 1: query_range only */
	uint64_t max_series;           /* series per answer (PROM_MAX_SERIES_DEFAULT) */
	const char *const *headers;    /* "Name: value" each, Authorization included */
	size_t nheaders;
	const char *cacert;            /* PEM CA bundle; NULL: the system's */
	double timeout_s;              /* --timeout: connect limit, and the time over
					  which an answer must average PROM_LOW_SPEED_BPS;
					  one try lasts at most 10 times this */
	double idle_max;               /* the classifier's idle threshold (ratio) */
	double unreliable_util;        /* and its stuck-engine duty cycle (ratio) */
	void (*log)(void *arg, const char *line);   /* one line per request; NULL none */
	void *log_arg;
};

/* Bytes/s below which an answer is abandoned (over timeout_s): a Prometheus
 * answer comes at network speed, and a peer under 1 KiB/s for that long is
 * stuck or hostile.  Once its body has begun, the request is not retried. */
#define PROM_LOW_SPEED_BPS 1024
/* The largest answer read: reading stops there and the request fails (it is
 * not parsed).  The same bound as a saved answer (TELEMETRY_JSON_MAX). */
#define PROM_MAX_BYTES TELEMETRY_JSON_MAX
/* --timeout's default and largest value, in seconds (as catalog refresh). */
#define PROM_TIMEOUT_DEFAULT 30
#define PROM_TIMEOUT_MAX 3600

/* Defaults: summaries, PROM_MAX_SERIES_DEFAULT, 300 s step, 30 s timeout, the classifier's
 * default thresholds (idle 0.05, stuck engine at duty cycle 0.90). */
void prom_fetch_opts_default(struct prom_fetch_opts *o);

/* What the reading cost. */
struct prom_fetch_stats {
	unsigned requests;
	unsigned long long received;   /* bytes over the wire: headers and bodies */
	unsigned long long body_bytes; /* bodies after content decoding */
	unsigned summary_batches;      /* batches answered with statistics */
	unsigned raw_batches;          /* batches read with query_range */
};

enum prom_fetch_status {
	PROM_FETCH_OK,
	PROM_FETCH_USAGE,     /* the URL may not be fetched (not https, not loopback) */
	PROM_FETCH_SERVER,    /* transport failure, HTTP error, authentication refused */
	PROM_FETCH_INPUT      /* an answer that cannot be read, or no GPU samples */
};

/*
 * Fills st (initialised by the caller) from the server.  ro is used for the
 * query_range answers (its metric and host defaults).  Returns a status,
 * with every problem in dl; fs (optional) receives the cost.  Samples read
 * before a failure stay in st.
 */
enum prom_fetch_status prom_fetch(const struct prom_fetch_opts *o,
				  const struct telemetry_read_opts *ro, struct telemetry_store *st,
				  struct diag_list *dl, struct prom_fetch_stats *fs);

/* Largest bearer token accepted, in bytes. */
#define PROM_TOKEN_MAX 65536

/*
 * The Authorization header of a bearer token read from file (the whole file,
 * surrounding white space dropped) or, without a file, from env (the value
 * of GPUFIT_PROMETHEUS_TOKEN; NULL or "" none).  *header receives
 * "Authorization: Bearer TOKEN" (caller frees) or NULL when there is no
 * token.  0, or -1 with a cause in err that names the file, never the token.
 */
int prom_fetch_bearer(const char *file, const char *env, char **header, char *err,
		      size_t errlen);

#endif
