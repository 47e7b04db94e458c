/*
 * prom_fetch.c - the I/O shell of `analyze --prometheus`: HTTP requests
 * (http.c), answers (prom_answer.c, prom_series.c) and the store.
 *
 * Per metric and unit group of names: a listing of hosts and their series,
 * a plan of host batches (prom_query.c), then per batch one statistics query
 * whose rows become summaries (telemetry_store_add_summary).  A batch falls
 * back to query_range when the server rejects the query (HTTP 400 bad_data,
 * or 422 execution: a function it lacks, two names of one series), or when
 * a summary could not stand for its samples (a GPU behind several raw
 * series, NaN, blank sentinels, ratios to clamp, clocks mixing MHz and Hz):
 * the findings then rest on the same samples --raw would read.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpufit.h"
#include "http.h"
#include "prom_answer.h"
#include "prom_fetch.h"
#include "prom_query.h"

void prom_fetch_opts_default(struct prom_fetch_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->step = 300;
	o->max_series = PROM_MAX_SERIES_DEFAULT;
	o->timeout_s = PROM_TIMEOUT_DEFAULT;
	o->idle_max = 0.05;
	o->unreliable_util = 0.90;
}

struct fetch {
	const struct prom_fetch_opts *o;
	const struct telemetry_read_opts *ro;
	struct telemetry_store *st;
	struct diag_list *dl;
	struct prom_fetch_stats *fs;
	struct http_client *c;
	struct strbuf base;
	char shown[1024];            /* base for messages, without its userinfo */
	long long window_s, step_s;
	char reject[256];            /* the server's words when it rejected a query */
	int summaries;               /* summaries added */
};

static void logf_(struct fetch *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void logf_(struct fetch *f, const char *fmt, ...)
{
	if (!f->o->log)
		return;
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	f->o->log(f->o->log_arg, line);
}

enum { GET_OK, GET_REJECTED, GET_FAILED };

/*
 * GETs api (query, query_range, series) with param=query and params into body.
 * GET_REJECTED: the server answered an error of type bad_data or execution
 * (its message in f->reject); GET_FAILED: any other failure, in dl.
 */
static int get_api(struct fetch *f, const char *api, const char *param, const char *query,
		   const char *params, struct strbuf *body)
{
	struct strbuf url = STRBUF_INIT;
	char err[HTTP_ERRLEN];
	strbuf_add(&url, f->base.buf, f->base.len);
	strbuf_addf(&url, "/api/v1/%s?%s=", api, param);
	http_escape(&url, query);
	strbuf_addstr(&url, params);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int rc = http_get(f->c, strbuf_str(&url), body, NULL, err, sizeof(err));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	unsigned long long got = http_client_last_received(f->c);
	strbuf_release(&url);
	f->fs->requests++;
	f->fs->received += got;
	f->fs->body_bytes += body->len;
	logf_(f, "%s %.700s%s -> %s, %llu bytes, %.2f s", api, query,
	      strlen(query) > 700 ? "..." : "", rc == 0 ? "ok" : err, got, secs);
	if (rc == 0)
		return GET_OK;
	/* only an HTTP error status carries an answer worth reading: after a cut
	 * (the byte cap) or a transport failure the body is not parsed */
	char type[32], msg[200];
	if (strncmp(err, "HTTP ", 5) == 0 &&
	    prom_answer_error(body->buf, body->len, type, sizeof(type), msg, sizeof(msg)) &&
	    (strcmp(type, "bad_data") == 0 || strcmp(type, "execution") == 0)) {
		snprintf(f->reject, sizeof(f->reject), "%s", msg);
		return GET_REJECTED;
	}
	const char *hint = "";
	if (strncmp(err, "HTTP 401", 8) == 0 || strncmp(err, "HTTP 403", 8) == 0)
		hint = " (credentials refused: see --bearer-token-file, GPUFIT_PROMETHEUS_TOKEN "
		       "and --header)";
	diag_list_add(f->dl, DIAG_ERROR, NULL, 0, 0, "cannot query Prometheus at %s: %s%s",
		      f->shown, err, hint);
	return GET_FAILED;
}

static int get(struct fetch *f, const char *api, const char *query, const char *params,
	       struct strbuf *body)
{
	return get_api(f, api, "query", query, params, body);
}

/* query_range of one selector into the store. */
static enum prom_fetch_status fetch_raw(struct fetch *f, const char *sel)
{
	struct strbuf body = STRBUF_INIT;
	char params[128];
	snprintf(params, sizeof(params), "&start=%.3f&end=%.3f&step=%.0fs", f->o->start, f->o->end,
		 f->o->step);
	int rc = get(f, "query_range", sel, params, &body);
	enum prom_fetch_status st = PROM_FETCH_OK;
	if (rc == GET_REJECTED) {
		diag_list_add(f->dl, DIAG_ERROR, f->shown, 0, 0,
			      "the Prometheus answer is an error: %s", f->reject);
		st = PROM_FETCH_INPUT;
	} else if (rc == GET_FAILED) {
		st = PROM_FETCH_SERVER;
	} else {
		struct telemetry_read_opts o = *f->ro;
		o.allow_empty = 1;
		if (telemetry_read_json(f->st, strbuf_str(&body), body.len, f->shown, &o,
					f->dl) != 0)
			st = PROM_FETCH_INPUT;
		f->fs->raw_batches++;
	}
	strbuf_release(&body);
	return st;
}

/* Per identity of one statistics answer. */
struct acc {
	double v[PROM_STAT_N];
	unsigned have;
	int dup;
};

/* The metrics whose percentiles and idle share the classifier reads. */
static int is_activity(enum telemetry_metric m)
{
	return m == TM_GR_ACTIVE || m == TM_GPU_UTIL || m == TM_SM_ACTIVE;
}

static void id_labels(struct telemetry_labels *l, const struct telemetry_series *s)
{
	telemetry_labels_clear(l);
	struct telemetry_series *d = &l->id;
	memcpy(d->host, s->host, sizeof(d->host));
	memcpy(d->gpu, s->gpu, sizeof(d->gpu));
	memcpy(d->uuid, s->uuid, sizeof(d->uuid));
	memcpy(d->model, s->model, sizeof(d->model));
	memcpy(d->mig_profile, s->mig_profile, sizeof(d->mig_profile));
	memcpy(d->mig_id, s->mig_id, sizeof(d->mig_id));
	memcpy(d->pod, s->pod, sizeof(d->pod));
	memcpy(d->namespace_, s->namespace_, sizeof(d->namespace_));
}

/*
 * Whether series s needs the idle share of m, the metric just summarised:
 * the share is read from the activity metric only (engine activity, else
 * the duty cycle, else SM activity), and from the duty cycle too when the
 * engine counter looks stuck (classify.c's "unreliable" rule).
 */
static int frac_needed(const struct telemetry_series *s, enum telemetry_metric m, double unreliable)
{
	const struct telemetry_acc *gr = &s->m[TM_GR_ACTIVE], *ut = &s->m[TM_GPU_UTIL];
	if (!s->m[m].summary)
		return 0;
	switch (m) {
	case TM_GR_ACTIVE: return 1;
	case TM_GPU_UTIL:
		return !gr->count ||
		       (gr->max == 0 && (ut->summary ? ut->h.sq->q[2] : 0) >= unreliable);
	case TM_SM_ACTIVE: return !gr->count && !ut->count;
	default: return 0;
	}
}

enum { SUM_OK, SUM_RAW, SUM_FAILED };

/*
 * Turns the rows of one statistics answer into summaries.  The rows are
 * first gathered per identity in a private store (so aliases coalesce as
 * the readers coalesce them) and every summary is checked before any
 * reaches st; pods come from the series listing ls.  SUM_RAW with the
 * reason in why when the batch must be read sample by sample.  *need_frac
 * is set when a series of the batch needs its idle share.
 */
static int apply_rows(struct fetch *f, const struct prom_row *rows, size_t n,
		      enum telemetry_metric m, double scale, struct telemetry_store *ls,
		      int *need_frac, char *why, size_t wl)
{
	struct telemetry_store tmp;
	telemetry_store_init(&tmp);
	struct acc *acc = NULL;
	size_t nacc = 0;
	int rc = SUM_OK;
	for (size_t i = 0; i < n; i++) {
		const struct prom_row *r = &rows[i];
		if (r->stat < 0)
			continue;
		struct telemetry_series *s = telemetry_store_get(&tmp, &r->lbl, "prometheus");
		if (!s)
			continue;
		/* the private store is never classified: first_ms holds the index */
		if (!s->first_ms) {
			s->first_ms = (long long)++nacc;
			acc = xrealloc(acc, nacc * sizeof(*acc));
			memset(&acc[nacc - 1], 0, sizeof(*acc));
		}
		if (s->first_ms < 1 || (size_t)s->first_ms > nacc) /* never: each got its index here */
			continue;
		struct acc *a = &acc[s->first_ms - 1];
		if (a->have & (1u << r->stat))
			a->dup = 1;
		a->have |= 1u << r->stat;
		a->v[r->stat] = r->value;
	}
	struct telemetry_summary *sums = xcalloc(nacc ? nacc : 1, sizeof(*sums));
	unsigned need = 0;
	for (int k = PROM_STAT_COUNT; k <= PROM_STAT_MAX; k++)
		need |= 1u << k;
	if (is_activity(m))
		need |= 1u << PROM_STAT_P95;
	for (size_t i = 0; i < tmp.n && rc == SUM_OK; i++) {
		const struct telemetry_series *s = tmp.series[i];
		const struct acc *a = &acc[s->first_ms - 1];
		const char *gpu = s->mig_id[0] ? s->mig_id : s->gpu[0] ? s->gpu : s->uuid;
		if (a->dup || (a->have & need) != need) {
			snprintf(why, wl, "host '%s' GPU %s: %s", s->host, gpu,
				 a->dup ? "several Prometheus series in the window"
					: "the answer lacks a statistic");
			rc = SUM_RAW;
			break;
		}
		double count = a->v[PROM_STAT_COUNT];
		struct telemetry_summary in = {
			.count = (uint64_t)count, .sum = a->v[PROM_STAT_AVG] * count,
			.min = a->v[PROM_STAT_MIN], .max = a->v[PROM_STAT_MAX],
			.p5 = NAN, .p50 = NAN,
			.p95 = is_activity(m) ? a->v[PROM_STAT_P95] : NAN, .below = -1,
		};
		if (telemetry_summary_normalise(m, scale, &in, &sums[s->first_ms - 1]) != 0) {
			snprintf(why, wl, "host '%s' GPU %s: %s values NaN, blank or out of range",
				 s->host, gpu, telemetry_metric_name(m));
			rc = SUM_RAW;
		}
	}
	for (size_t i = 0; i < tmp.n && rc == SUM_OK; i++) {
		const struct telemetry_series *t = tmp.series[i];
		struct telemetry_labels l;
		id_labels(&l, t);
		const struct telemetry_series *ps = telemetry_store_get(ls, &l, "prometheus");
		if (ps && ps->pod[0])
			memcpy(l.id.pod, ps->pod, sizeof(l.id.pod));
		if (ps && ps->namespace_[0])
			memcpy(l.id.namespace_, ps->namespace_, sizeof(l.id.namespace_));
		struct telemetry_series *s = telemetry_store_get(f->st, &l, "prometheus");
		if (s && telemetry_store_add_summary(f->st, s, m, &sums[t->first_ms - 1]) != 0) {
			diag_list_add(f->dl, DIAG_WARNING, NULL, 0, 0,
				      "host '%s' GPU %s: %s comes under two names; the first read "
				      "is kept", t->host, t->gpu, telemetry_metric_name(m));
		} else if (s) {
			f->summaries++;
			if (frac_needed(s, m, f->o->unreliable_util))
				*need_frac = 1;
		}
	}
	free(sums);
	free(acc);
	telemetry_store_release(&tmp);
	return rc;
}

/* GETs an instant query at the window's end and parses its rows. */
static int instant(struct fetch *f, const char *query, struct prom_row **rows, size_t *n)
{
	struct strbuf body = STRBUF_INIT;
	char params[64], err[256];
	snprintf(params, sizeof(params), "&time=%.3f", f->o->end);
	int rc = get(f, "query", query, params, &body);
	if (rc == GET_OK && prom_answer_rows(body.buf, body.len, rows, n, err, sizeof(err)) != 0) {
		diag_list_add(f->dl, DIAG_ERROR, f->shown, 0, 0, "%s", err);
		rc = GET_FAILED;
	}
	strbuf_release(&body);
	return rc;
}

/* The 5th and 50th percentiles and idle share of m for the series of one
 * batch, set on their summaries. */
static int fetch_frac(struct fetch *f, const char *sel, enum prom_host_key key,
		      enum telemetry_metric m, double scale)
{
	double limit = floor(f->o->idle_max * 200 + 0.5) / 200;   /* the 0.005 bins */
	struct strbuf q = STRBUF_INIT;
	prom_query_frac(&q, sel, key, f->window_s, f->step_s, limit / (scale > 0 ? scale : 1));
	struct prom_row *rows = NULL;
	size_t n = 0;
	int rc = instant(f, strbuf_str(&q), &rows, &n);
	strbuf_release(&q);
	if (rc == GET_REJECTED)
		diag_list_add(f->dl, DIAG_ERROR, f->shown, 0, 0,
			      "the Prometheus answer is an error: %s", f->reject);
	for (size_t i = 0; rc == GET_OK && i < n; i++) {
		int k = rows[i].stat;
		if ((k != PROM_STAT_FRAC && k != PROM_STAT_P5 && k != PROM_STAT_P50) ||
		    !isfinite(rows[i].value))
			continue;
		struct telemetry_series *s = telemetry_store_get(f->st, &rows[i].lbl, "prometheus");
		if (!s)
			continue;
		double v = rows[i].value;
		telemetry_acc_summary_more(&s->m[m], m, scale, k == PROM_STAT_P5 ? v : NAN,
					   k == PROM_STAT_P50 ? v : NAN,
					   k == PROM_STAT_FRAC ? v : -1);
	}
	free(rows);
	return rc == GET_OK ? SUM_OK : SUM_FAILED;
}

/* One batch's statistics; SUM_RAW when it is to be read with query_range. */
static int fetch_summary(struct fetch *f, const char *sel, enum prom_host_key key,
			 enum telemetry_metric m, double scale, struct telemetry_store *ls,
			 char *why, size_t wl)
{
	struct strbuf q = STRBUF_INIT;
	prom_query_stats(&q, sel, key, f->window_s, is_activity(m));
	struct prom_row *rows = NULL;
	size_t n = 0;
	int rc = instant(f, strbuf_str(&q), &rows, &n);
	strbuf_release(&q);
	if (rc == GET_REJECTED) {
		snprintf(why, wl, "the server rejected the statistics query: %s", f->reject);
		return SUM_RAW;
	}
	if (rc == GET_FAILED)
		return SUM_FAILED;
	int need_frac = 0;
	rc = apply_rows(f, rows, n, m, scale, ls, &need_frac, why, wl);
	free(rows);
	if (rc == SUM_OK) {
		f->fs->summary_batches++;
		if (need_frac)
			rc = fetch_frac(f, sel, key, m, scale);
	}
	return rc;
}

/*
 * The series of a group of names over the window, from the series API (the
 * index only): their identities in ls, counted in last_ms, and their hosts
 * with the number of series each and whether a GPU has several.  A server
 * without the series API gives one batch of every host.
 */
static enum prom_fetch_status list_hosts(struct fetch *f, const char *names,
					 struct telemetry_store *ls, struct prom_host **hosts,
					 size_t *nhosts)
{
	struct strbuf sel = STRBUF_INIT, body = STRBUF_INIT, url = STRBUF_INIT;
	prom_selector(&sel, names, NULL, NULL);
	char params[96], err[HTTP_ERRLEN];
	snprintf(params, sizeof(params), "&start=%.3f&end=%.3f", f->o->start, f->o->end);
	int rc = get_api(f, "series", "match[]", strbuf_str(&sel), params, &body);
	enum prom_fetch_status st = PROM_FETCH_OK;
	struct prom_series *ser = NULL;
	size_t n = 0;
	*hosts = NULL;
	*nhosts = 0;
	if (rc == GET_REJECTED) {
		*hosts = xcalloc(1, sizeof(**hosts));
		(*hosts)[0].key = PROM_KEY_ALL;
		(*hosts)[0].value = xstrdup("");
		*nhosts = 1;
	} else if (rc == GET_FAILED) {
		st = PROM_FETCH_SERVER;
	} else if (prom_answer_series(body.buf, body.len, &ser, &n, err, sizeof(err)) != 0) {
		diag_list_add(f->dl, DIAG_ERROR, f->shown, 0, 0, "%s", err);
		st = PROM_FETCH_INPUT;
	}
	struct telemetry_series **of = n ? xcalloc(n, sizeof(*of)) : NULL;
	size_t *hi = n ? xcalloc(n, sizeof(*hi)) : NULL;
	for (size_t i = 0; i < n; i++) {
		of[i] = telemetry_store_get(ls, &ser[i].lbl, "prometheus");
		if (!of[i])
			continue;   /* no GPU labels: the readers skip it too */
		of[i]->last_ms++;
		size_t h;
		for (h = 0; h < *nhosts; h++)
			if ((*hosts)[h].key == ser[i].key && strcmp((*hosts)[h].value, ser[i].host) == 0)
				break;
		if (h == *nhosts) {
			*hosts = xrealloc(*hosts, (*nhosts + 1) * sizeof(**hosts));
			memset(&(*hosts)[h], 0, sizeof(**hosts));
			(*hosts)[h].key = ser[i].key;
			(*hosts)[h].value = xstrdup(ser[i].host);
			(*nhosts)++;
		}
		(*hosts)[h].series++;
		hi[i] = h;
	}
	for (size_t i = 0; i < n; i++)
		if (of[i] && of[i]->last_ms > 1)
			(*hosts)[hi[i]].several = 1;
	free(of);
	free(hi);
	free(ser);
	strbuf_release(&sel);
	strbuf_release(&body);
	strbuf_release(&url);
	return st;
}

/* Reads batches b[0..nb) of hosts: statistics unless raw, else samples. */
static enum prom_fetch_status fetch_batches(struct fetch *f, enum telemetry_metric m,
					    double scale, const char *names,
					    struct prom_host *hosts, const struct prom_batch *b,
					    size_t nb, int raw, struct telemetry_store *ls)
{
	enum prom_fetch_status st = PROM_FETCH_OK;
	for (size_t i = 0; i < nb && st == PROM_FETCH_OK; i++) {
		struct strbuf sel = STRBUF_INIT;
		prom_selector(&sel, names, hosts, &b[i]);
		char why[400];
		int rc = SUM_RAW;
		if (!raw)
			rc = fetch_summary(f, strbuf_str(&sel), b[i].key, m, scale, ls, why,
					   sizeof(why));
		else if (!f->o->raw)
			snprintf(why, sizeof(why), "a GPU of host '%s' has several Prometheus series "
				 "in the window", hosts[b[i].first].value);
		if (rc == SUM_FAILED) {
			st = PROM_FETCH_SERVER;
		} else if (rc == SUM_RAW) {
			if (!f->o->raw)
				diag_list_add(f->dl, DIAG_NOTE, NULL, 0, 0,
					      "%s: %s; reading %llu series sample by sample",
					      telemetry_metric_name(m), why,
					      (unsigned long long)b[i].series);
			st = fetch_raw(f, strbuf_str(&sel));
		}
		strbuf_release(&sel);
	}
	return st;
}

static enum prom_fetch_status fetch_group(struct fetch *f, enum telemetry_metric m, double scale,
					  const char *names)
{
	struct prom_host *hosts;
	size_t nhosts;
	struct telemetry_store ls;
	telemetry_store_init(&ls);
	enum prom_fetch_status st = list_hosts(f, names, &ls, &hosts, &nhosts);
	if (st != PROM_FETCH_OK || !nhosts) {
		prom_hosts_free(hosts, nhosts);
		telemetry_store_release(&ls);
		return st;
	}
	/* hosts whose GPUs have one series each first, then the others */
	size_t nclean = 0;
	for (size_t i = 0; i < nhosts; i++)
		if (!hosts[i].several && !f->o->raw) {
			struct prom_host t = hosts[nclean];
			hosts[nclean++] = hosts[i];
			hosts[i] = t;
		}
	double points = f->o->step > 0 ? (f->o->end - f->o->start) / f->o->step + 1 : 1;
	uint64_t rawb = prom_raw_bound(f->o->max_series, points);
	struct prom_batch *b1, *b2;
	size_t n1 = prom_plan(hosts, nclean, f->o->max_series, PROM_MATCHER_MAX, &b1);
	size_t n2 = prom_plan(hosts + nclean, nhosts - nclean, rawb, PROM_MATCHER_MAX, &b2);
	if (n1 == 1 && !n2 && b1[0].key != PROM_KEY_NONE)
		b1[0].every = 1;
	if (n2 == 1 && !n1 && b2[0].key != PROM_KEY_NONE)
		b2[0].every = 1;
	st = fetch_batches(f, m, scale, names, hosts, b1, n1, 0, &ls);
	if (st == PROM_FETCH_OK)
		st = fetch_batches(f, m, scale, names, hosts + nclean, b2, n2, 1, &ls);
	free(b1);
	free(b2);
	prom_hosts_free(hosts, nhosts);
	telemetry_store_release(&ls);
	return st;
}

static struct http_client *client_new(const struct prom_fetch_opts *o, struct diag_list *dl)
{
	char err[HTTP_ERRLEN];
	struct http_opts ho;
	http_opts_default(&ho);
	ho.user_agent = "gpufit/" GPUFIT_VERSION;
	ho.timeout_s = o->timeout_s;
	ho.low_speed_bps = PROM_LOW_SPEED_BPS;
	ho.max_bytes = PROM_MAX_BYTES;
	struct http_client *c = http_client_new(&ho, err, sizeof(err));
	struct http_extra x = { o->headers, o->nheaders, o->cacert };
	if (c && http_client_set_extra(c, &x, err, sizeof(err)) != 0) {
		http_client_free(c);
		c = NULL;
	}
	if (!c)
		diag_list_add(dl, DIAG_ERROR, NULL, 0, 0, "cannot query Prometheus: %s", err);
	return c;
}

/* The metrics of one connection, in order. */
struct job {
	struct fetch f;
	const enum telemetry_metric *ms;
	size_t nms;
	enum prom_fetch_status rc;
};

static void *job_run(void *arg)
{
	struct job *j = arg;
	j->rc = PROM_FETCH_OK;
	for (size_t k = 0; k < j->nms && j->rc == PROM_FETCH_OK; k++) {
		double scales[8];
		size_t ns = telemetry_prometheus_scales(j->ms[k], scales, 8);
		for (size_t i = 0; i < ns && j->rc == PROM_FETCH_OK; i++) {
			char *names = telemetry_prometheus_names_at(j->ms[k], scales[i]);
			j->rc = fetch_group(&j->f, j->ms[k], scales[i], names);
			free(names);
		}
	}
	return NULL;
}

/* Connections at once: one for the activity counters, the rest share the
 * other metrics. */
#define PROM_JOBS 3

/*
 * PROM_JOBS connections work at once (one under --raw, as the
 * sample-by-sample method always read), so the server computes on several
 * cores: the first reads engine activity, the duty cycle and SM activity in
 * that order (each decides whether the next needs its idle share, see
 * frac_needed) into st; the others read the remaining metrics, dealt round
 * robin, into stores of their own, merged after in order.
 */
enum prom_fetch_status prom_fetch(const struct prom_fetch_opts *o,
				  const struct telemetry_read_opts *ro, struct telemetry_store *st,
				  struct diag_list *dl, struct prom_fetch_stats *fs)
{
	char err[HTTP_ERRLEN];
	struct prom_fetch_stats local;
	if (!fs)
		fs = &local;
	memset(fs, 0, sizeof(*fs));
	if (http_url_allowed(o->url, err, sizeof(err)) != 0) {
		diag_list_add(dl, DIAG_ERROR, NULL, 0, 0, "--prometheus: %s", err);
		return PROM_FETCH_USAGE;
	}
	struct job jobs[PROM_JOBS];
	struct telemetry_store stores[PROM_JOBS];
	struct diag_list dls[PROM_JOBS];
	struct prom_fetch_stats fss[PROM_JOBS];
	enum telemetry_metric ms[PROM_JOBS][TM_METRIC_COUNT];
	static const enum telemetry_metric act[] = { TM_GR_ACTIVE, TM_GPU_UTIL, TM_SM_ACTIVE };
	size_t bl = strlen(o->url);
	while (bl && o->url[bl - 1] == '/')
		bl--;
	memset(jobs, 0, sizeof(jobs));
	memcpy(ms[0], act, sizeof(act));
	jobs[0].nms = 3;
	for (int m = 0, k = 0; m < TM_METRIC_COUNT; m++)
		if (!is_activity((enum telemetry_metric)m)) {
			struct job *j = &jobs[1 + k++ % (PROM_JOBS - 1)];
			ms[j - jobs][j->nms++] = (enum telemetry_metric)m;
		}
	int ok = 1;
	for (int i = 0; i < PROM_JOBS; i++) {
		struct job *j = &jobs[i];
		telemetry_store_init(&stores[i]);
		stores[i].max_series = st->max_series;
		dls[i] = (struct diag_list)DIAG_LIST_INIT;
		memset(&fss[i], 0, sizeof(fss[i]));
		j->ms = ms[i];
		j->f.o = o;
		j->f.ro = ro;
		j->f.st = i ? &stores[i] : st;
		j->f.dl = i ? &dls[i] : dl;
		j->f.fs = i ? &fss[i] : fs;
		j->f.base = (struct strbuf)STRBUF_INIT;
		strbuf_add(&j->f.base, o->url, bl);
		util_url_redact(strbuf_str(&j->f.base), j->f.shown, sizeof(j->f.shown));
		j->f.window_s = llround(o->end - o->start);
		j->f.step_s = llround(o->step) > 0 ? llround(o->step) : 1;
		if (ok && !(j->f.c = client_new(o, dl)))
			ok = 0;
	}
	pthread_t th[PROM_JOBS];
	int threaded[PROM_JOBS] = { 0 };
	for (int i = 1; ok && i < PROM_JOBS; i++)
		threaded[i] = !o->raw && pthread_create(&th[i], NULL, job_run, &jobs[i]) == 0;
	if (ok)
		job_run(&jobs[0]);
	for (int i = 1; ok && i < PROM_JOBS; i++) {
		if (threaded[i])
			pthread_join(th[i], NULL);
		else
			job_run(&jobs[i]);
	}
	enum prom_fetch_status rc = ok ? PROM_FETCH_OK : PROM_FETCH_SERVER;
	int summaries = 0;
	for (int i = 0; i < PROM_JOBS; i++) {
		struct job *j = &jobs[i];
		http_client_free(j->f.c);
		summaries += j->f.summaries;
		if (rc == PROM_FETCH_OK)
			rc = j->rc;
		if (!i)
			continue;
		for (size_t k = 0; k < dls[i].n; k++) {
			/* the connections meet the same refusal: say it once */
			int seen = 0;
			for (size_t q = 0; q < dl->n && !seen; q++)
				seen = strcmp(dl->items[q].msg, dls[i].items[k].msg) == 0;
			if (!seen)
				diag_list_add(dl, dls[i].items[k].severity, dls[i].items[k].file,
					      dls[i].items[k].line, dls[i].items[k].col, "%s",
					      dls[i].items[k].msg);
		}
		diag_list_release(&dls[i]);
		if (stores[i].full)
			st->full = 1;
		if (telemetry_store_merge(st, &stores[i]))
			diag_list_add(dl, DIAG_WARNING, NULL, 0, 0,
				      "a GPU metric comes under two names; the first read is kept");
		fs->requests += fss[i].requests;
		fs->received += fss[i].received;
		fs->body_bytes += fss[i].body_bytes;
		fs->summary_batches += fss[i].summary_batches;
		fs->raw_batches += fss[i].raw_batches;
	}
	for (int i = 0; i < PROM_JOBS; i++)
		telemetry_store_release(&stores[i]);
	if (rc == PROM_FETCH_OK && summaries) {
		/* statistics carry no sample times: the window is the one asked for */
		long long s0 = llround(o->start * 1000), e0 = llround(o->end * 1000);
		if (!st->start_ms || s0 < st->start_ms)
			st->start_ms = s0;
		if (e0 > st->end_ms)
			st->end_ms = e0;
	}
	if (st->full) {
		/* a query_range answer has said so already, at its result */
		if (!dl->errors)
			diag_list_add(dl, DIAG_ERROR, jobs[0].f.shown, 0, 0,
				      "the server holds " TELEMETRY_FULL_MSG, st->max_series);
		rc = PROM_FETCH_INPUT;
	}
	if (rc == PROM_FETCH_OK && st->samples == 0) {
		diag_list_add(dl, DIAG_ERROR, jobs[0].f.shown, 0, 0,
			      "no GPU samples found in the Prometheus answer");
		rc = PROM_FETCH_INPUT;
	}
	for (int i = 0; i < PROM_JOBS; i++)
		strbuf_release(&jobs[i].f.base);
	return rc;
}

int prom_fetch_bearer(const char *file, const char *env, char **header, char *err, size_t errlen)
{
	*header = NULL;
	struct strbuf tok = STRBUF_INIT;
	if (file) {
		FILE *fp = fopen(file, "r");
		if (!fp) {
			snprintf(err, errlen, "%s: cannot open: %s", file, util_strerror(errno));
			return -1;
		}
		char buf[4096];
		size_t n;
		while ((n = fread(buf, 1, sizeof(buf), fp)) > 0 && tok.len <= PROM_TOKEN_MAX)
			strbuf_add(&tok, buf, n);
		int bad = ferror(fp);
		fclose(fp);
		if (bad || tok.len > PROM_TOKEN_MAX) {
			snprintf(err, errlen, bad ? "%s: cannot read" : "%s: larger than %d bytes, "
				 "not a token", file, PROM_TOKEN_MAX);
			strbuf_release(&tok);
			return -1;
		}
	} else if (env && *env) {
		strbuf_addstr(&tok, env);
	} else {
		return 0;
	}
	const char *name = file ? file : "GPUFIT_PROMETHEUS_TOKEN";
	while (tok.len && (tok.buf[tok.len - 1] == '\n' || tok.buf[tok.len - 1] == '\r' ||
			   tok.buf[tok.len - 1] == ' ' || tok.buf[tok.len - 1] == '\t'))
		tok.buf[--tok.len] = '\0';
	size_t lead = 0;
	while (lead < tok.len && (tok.buf[lead] == ' ' || tok.buf[lead] == '\t'))
		lead++;
	if (lead == tok.len) {
		snprintf(err, errlen, "%s: the token is empty", name);
		strbuf_release(&tok);
		return -1;
	}
	for (size_t i = lead; i < tok.len; i++) {
		unsigned char ch = (unsigned char)tok.buf[i];
		if (ch < 0x20 || ch == 0x7f) {
			/* say where, never what */
			snprintf(err, errlen, "%s: the token holds a control character at byte %zu "
				 "(one token on one line expected)", name, i + 1);
			strbuf_release(&tok);
			return -1;
		}
	}
	struct strbuf h = STRBUF_INIT;
	strbuf_addstr(&h, "Authorization: Bearer ");
	strbuf_add(&h, tok.buf + lead, tok.len - lead);
	memset(tok.buf, 0, tok.len);
	strbuf_release(&tok);
	*header = h.buf;
	return 0;
}
