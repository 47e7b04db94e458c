/*
 * prom_fetch.c - the I/O shell of `analyze --prometheus`: HTTP requests
 * (http.c), answers (prom_answer.c, telemetry_json.c) and the store.
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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	o->idle_max = 0.05;
}

struct fetch {
	const struct prom_fetch_opts *o;
	const struct telemetry_read_opts *ro;
	struct telemetry_store *st;
	struct diag_list *dl;
	struct prom_fetch_stats *fs;
	struct http_client *c;
	struct strbuf base;
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
 * GETs api (query or query_range) with query and params into body.
 * GET_REJECTED: the server answered an error of type bad_data or execution
 * (its message in f->reject); GET_FAILED: any other failure, in dl.
 */
static int get(struct fetch *f, const char *api, const char *query, const char *params,
	       struct strbuf *body)
{
	struct strbuf url = STRBUF_INIT;
	char err[HTTP_ERRLEN];
	strbuf_add(&url, f->base.buf, f->base.len);
	strbuf_addf(&url, "/api/v1/%s?query=", api);
	http_escape(&url, query);
	strbuf_addstr(&url, params);
	int rc = http_get(f->c, strbuf_str(&url), body, NULL, err, sizeof(err));
	unsigned long long got = http_client_last_received(f->c);
	strbuf_release(&url);
	f->fs->requests++;
	f->fs->received += got;
	f->fs->body_bytes += body->len;
	logf_(f, "%s %.700s%s -> %s, %llu bytes", api, query, strlen(query) > 700 ? "..." : "",
	      rc == 0 ? "ok" : err, got);
	if (rc == 0)
		return GET_OK;
	char type[32], msg[200];
	if (prom_answer_error(body->buf, body->len, type, sizeof(type), msg, sizeof(msg)) &&
	    (strcmp(type, "bad_data") == 0 || strcmp(type, "execution") == 0)) {
		snprintf(f->reject, sizeof(f->reject), "%s", msg);
		return GET_REJECTED;
	}
	const char *hint = "";
	if (strncmp(err, "HTTP 401", 8) == 0 || strncmp(err, "HTTP 403", 8) == 0)
		hint = " (credentials refused: see --bearer-token-file, GPUFIT_PROMETHEUS_TOKEN "
		       "and --header)";
	diag_list_add(f->dl, DIAG_ERROR, NULL, 0, 0, "cannot query Prometheus at %s: %s%s",
		      f->base.buf, err, hint);
	return GET_FAILED;
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
		diag_list_add(f->dl, DIAG_ERROR, f->base.buf, 0, 0,
			      "the Prometheus answer is an error: %s", f->reject);
		st = PROM_FETCH_INPUT;
	} else if (rc == GET_FAILED) {
		st = PROM_FETCH_SERVER;
	} else {
		struct telemetry_read_opts o = *f->ro;
		o.allow_empty = 1;
		if (telemetry_read_json(f->st, strbuf_str(&body), body.len, f->base.buf, &o,
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

enum { SUM_OK, SUM_RAW, SUM_FAILED };

/*
 * Turns the rows of one statistics answer into summaries.  The rows are
 * first gathered per identity in a private store (so aliases coalesce as
 * the readers coalesce them) and every summary is checked before any
 * reaches st.  SUM_RAW with the reason in why when the batch must be read
 * sample by sample.
 */
static int apply_rows(struct fetch *f, const struct prom_row *rows, size_t n,
		      enum telemetry_metric m, double scale, int want_below, char *why, size_t wl)
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
		struct acc *a = &acc[s->first_ms - 1];
		if (r->stat == PROM_STAT_ATTR)
			continue;
		if (a->have & (1u << r->stat))
			a->dup = 1;
		a->have |= 1u << r->stat;
		a->v[r->stat] = r->value;
	}
	struct telemetry_summary *sums = xcalloc(nacc ? nacc : 1, sizeof(*sums));
	unsigned need = 0;
	for (int k = PROM_STAT_COUNT; k <= PROM_STAT_SERIES; k++)
		need |= 1u << k;
	for (size_t i = 0; i < tmp.n && rc == SUM_OK; i++) {
		const struct telemetry_series *s = tmp.series[i];
		const struct acc *a = &acc[s->first_ms - 1];
		const char *gpu = s->mig_id[0] ? s->mig_id : s->gpu[0] ? s->gpu : s->uuid;
		if (a->dup || (a->have & need) != need || a->v[PROM_STAT_SERIES] != 1) {
			snprintf(why, wl, "host '%s' GPU %s: %s", s->host, gpu,
				 a->v[PROM_STAT_SERIES] > 1 || a->dup
				 ? "several Prometheus series in the window"
				 : "the answer lacks a statistic");
			rc = SUM_RAW;
			break;
		}
		struct telemetry_summary in = {
			.count = (uint64_t)a->v[PROM_STAT_COUNT], .sum = a->v[PROM_STAT_SUM],
			.min = a->v[PROM_STAT_MIN], .max = a->v[PROM_STAT_MAX],
			.p5 = a->v[PROM_STAT_P5], .p50 = a->v[PROM_STAT_P50],
			.p95 = a->v[PROM_STAT_P95], .below = -1,
		};
		if (want_below) {
			double steps = a->have & (1u << PROM_STAT_STEPS) ? a->v[PROM_STAT_STEPS] : 0;
			double below = a->have & (1u << PROM_STAT_BELOW) ? a->v[PROM_STAT_BELOW] : 0;
			in.below = steps > 0 ? below / steps : 0;
		}
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
		struct telemetry_series *s = telemetry_store_get(f->st, &l, "prometheus");
		if (s && telemetry_store_add_summary(f->st, s, m, &sums[t->first_ms - 1]) != 0)
			diag_list_add(f->dl, DIAG_WARNING, NULL, 0, 0,
				      "host '%s' GPU %s: %s comes under two names; the first read "
				      "is kept", t->host, t->gpu, telemetry_metric_name(m));
		else if (s)
			f->summaries++;
	}
	free(sums);
	free(acc);
	telemetry_store_release(&tmp);
	return rc;
}

/* One batch's statistics; SUM_RAW when it is to be read with query_range. */
static int fetch_summary(struct fetch *f, const char *sel, enum prom_host_key key,
			 enum telemetry_metric m, double scale, char *why, size_t wl)
{
	double below = -1;
	if (is_activity(m)) {
		double limit = floor(f->o->idle_max * 200 + 0.5) / 200;   /* the 0.005 bins */
		below = limit / (scale > 0 ? scale : 1);
	}
	struct strbuf q = STRBUF_INIT, body = STRBUF_INIT;
	char params[64];
	snprintf(params, sizeof(params), "&time=%.3f", f->o->end);
	prom_query_stats(&q, sel, key, f->window_s, f->step_s, below);
	int rc = get(f, "query", strbuf_str(&q), params, &body);
	strbuf_release(&q);
	if (rc == GET_REJECTED) {
		snprintf(why, wl, "the server rejected the statistics query: %s", f->reject);
		strbuf_release(&body);
		return SUM_RAW;
	}
	if (rc == GET_FAILED) {
		strbuf_release(&body);
		return SUM_FAILED;
	}
	struct prom_row *rows;
	size_t n;
	char err[256];
	if (prom_answer_rows(body.buf, body.len, &rows, &n, err, sizeof(err)) != 0) {
		diag_list_add(f->dl, DIAG_ERROR, f->base.buf, 0, 0, "%s", err);
		strbuf_release(&body);
		return SUM_FAILED;
	}
	strbuf_release(&body);
	rc = apply_rows(f, rows, n, m, scale, below >= 0, why, wl);
	free(rows);
	if (rc == SUM_OK)
		f->fs->summary_batches++;
	return rc;
}

/* The hosts of a group of names; a rejected listing is one batch of all. */
static enum prom_fetch_status list_hosts(struct fetch *f, const char *names,
					 struct prom_host **hosts, size_t *n)
{
	struct strbuf sel = STRBUF_INIT, q = STRBUF_INIT, body = STRBUF_INIT;
	prom_selector(&sel, names, NULL, NULL);
	prom_query_hosts(&q, strbuf_str(&sel), f->window_s);
	char params[64], err[256];
	snprintf(params, sizeof(params), "&time=%.3f", f->o->end);
	int rc = get(f, "query", strbuf_str(&q), params, &body);
	enum prom_fetch_status st = PROM_FETCH_OK;
	*hosts = NULL;
	*n = 0;
	if (rc == GET_REJECTED) {
		*hosts = xcalloc(1, sizeof(**hosts));
		(*hosts)[0].key = PROM_KEY_ALL;
		(*hosts)[0].value = xstrdup("");
		*n = 1;
	} else if (rc == GET_FAILED) {
		st = PROM_FETCH_SERVER;
	} else if (prom_answer_hosts(body.buf, body.len, hosts, n, err, sizeof(err)) != 0) {
		diag_list_add(f->dl, DIAG_ERROR, f->base.buf, 0, 0, "%s", err);
		st = PROM_FETCH_INPUT;
	}
	strbuf_release(&sel);
	strbuf_release(&q);
	strbuf_release(&body);
	return st;
}

static enum prom_fetch_status fetch_group(struct fetch *f, enum telemetry_metric m, double scale,
					  const char *names)
{
	struct prom_host *hosts;
	size_t nhosts;
	enum prom_fetch_status st = list_hosts(f, names, &hosts, &nhosts);
	if (st != PROM_FETCH_OK || !nhosts) {
		prom_hosts_free(hosts, nhosts);
		return st;
	}
	double points = f->o->step > 0 ? (f->o->end - f->o->start) / f->o->step + 1 : 1;
	uint64_t bound = f->o->raw ? prom_raw_bound(f->o->max_series, points) : f->o->max_series;
	struct prom_batch *b;
	size_t nb = prom_plan(hosts, nhosts, bound, PROM_MATCHER_MAX, &b);
	for (size_t i = 0; i < nb && st == PROM_FETCH_OK; i++) {
		struct strbuf sel = STRBUF_INIT;
		prom_selector(&sel, names, hosts, &b[i]);
		char why[400];
		int rc = f->o->raw ? SUM_RAW
				   : fetch_summary(f, strbuf_str(&sel), b[i].key, m, scale, why,
						   sizeof(why));
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
	free(b);
	prom_hosts_free(hosts, nhosts);
	return st;
}

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
	struct http_opts ho;
	http_opts_default(&ho);
	ho.user_agent = "gpufit/" GPUFIT_VERSION;
	struct http_client *c = http_client_new(&ho, err, sizeof(err));
	if (!c) {
		diag_list_add(dl, DIAG_ERROR, NULL, 0, 0, "cannot query Prometheus: %s", err);
		return PROM_FETCH_SERVER;
	}
	struct http_extra x = { o->headers, o->nheaders, o->cacert };
	if (http_client_set_extra(c, &x, err, sizeof(err)) != 0) {
		diag_list_add(dl, DIAG_ERROR, NULL, 0, 0, "cannot query Prometheus: %s", err);
		http_client_free(c);
		return PROM_FETCH_USAGE;
	}
	struct fetch f = { .o = o, .ro = ro, .st = st, .dl = dl, .fs = fs, .c = c,
			   .base = STRBUF_INIT };
	size_t bl = strlen(o->url);
	while (bl && o->url[bl - 1] == '/')
		bl--;
	strbuf_add(&f.base, o->url, bl);
	f.window_s = llround(o->end - o->start);
	f.step_s = llround(o->step) > 0 ? llround(o->step) : 1;
	enum prom_fetch_status rc = PROM_FETCH_OK;
	for (int m = 0; m < TM_METRIC_COUNT && rc == PROM_FETCH_OK; m++) {
		double scales[8];
		size_t ns = telemetry_prometheus_scales((enum telemetry_metric)m, scales, 8);
		for (size_t k = 0; k < ns && rc == PROM_FETCH_OK; k++) {
			char *names = telemetry_prometheus_names_at((enum telemetry_metric)m, scales[k]);
			rc = fetch_group(&f, (enum telemetry_metric)m, scales[k], names);
			free(names);
		}
	}
	http_client_free(c);
	if (rc == PROM_FETCH_OK && f.summaries) {
		/* statistics carry no sample times: the window is the one asked for */
		long long s0 = llround(o->start * 1000), e0 = llround(o->end * 1000);
		if (!st->start_ms || s0 < st->start_ms)
			st->start_ms = s0;
		if (e0 > st->end_ms)
			st->end_ms = e0;
	}
	if (rc == PROM_FETCH_OK && st->samples == 0) {
		diag_list_add(dl, DIAG_ERROR, f.base.buf, 0, 0,
			      "no GPU samples found in the Prometheus answer");
		rc = PROM_FETCH_INPUT;
	}
	strbuf_release(&f.base);
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
