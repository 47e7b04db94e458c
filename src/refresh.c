/*
 * refresh.c - the refresh pipeline (see refresh.h).
 *
 * Per region: GET the first page, then follow NextPageLink until it is null
 * or empty.  A link is followed only to the origin (scheme, host, port) the
 * region's sequence started on, and only if it was not read before in this
 * sequence: a link elsewhere or a loop aborts the refresh.  Each page is
 * parsed and its items classified and staged in the new catalog before the
 * next page is requested; only the current page's body and JSON tree are in
 * memory.  The trees are allocated from one arena (prices_api.h) that every
 * page reuses and that is freed at the end.  Items of sizes that are neither in the catalog nor GPU sizes by
 * name are counted and dropped; GPU sizes the catalog does not know are added
 * with spec_known = 0 and listed in the summary.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "refresh.h"
#include "refresh_bandwidth.h"
#include "util.h"

struct run {
	const struct refresh_opts *o;
	struct refresh_summary *s;
	struct catalog_writer *w;
	struct prices_api_arena *arena; /* every page's cJSON tree */
	const char *want_region;      /* API: the region of the current sequence */
	size_t *region_items;         /* per o->regions[i]: items taken */
	char (*seen)[32];             /* --from-file without --region: regions met */
	size_t n_seen, cap_seen;
	size_t warnings_dropped;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void warn(struct run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(struct run *r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (r->s->warnings.n >= REFRESH_MAX_WARNINGS) {
		r->warnings_dropped++;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_list_add(&r->s->warnings, DIAG_WARNING, NULL, 0, 0, "%s", msg);
}

/* Index of region in o->regions, or -1. */
static long region_index(const struct refresh_opts *o, const char *region)
{
	for (size_t i = 0; i < o->n_regions; i++)
		if (strcmp(o->regions[i], region) == 0)
			return (long)i;
	return -1;
}

static void note_seen_region(struct run *r, const char *region)
{
	for (size_t i = 0; i < r->n_seen; i++)
		if (strcmp(r->seen[i], region) == 0)
			return;
	if (r->n_seen == r->cap_seen) {
		r->cap_seen = r->cap_seen ? 2 * r->cap_seen : 16;
		r->seen = xrealloc(r->seen, r->cap_seen * sizeof(*r->seen));
	}
	snprintf(r->seen[r->n_seen++], sizeof(r->seen[0]), "%s", region);
}

static void note_unknown(struct refresh_summary *s, const char *sku)
{
	for (size_t i = 0; i < s->n_unknown; i++)
		if (strcmp(s->unknown[i], sku) == 0)
			return;
	s->unknown = xrealloc(s->unknown, (s->n_unknown + 1) * sizeof(*s->unknown));
	snprintf(s->unknown[s->n_unknown++], FACT_SKU, "%s", sku);
}

static int on_item(const struct prices_api_item *it, void *arg, char *err, size_t errlen)
{
	struct run *r = arg;
	struct refresh_summary *s = r->s;
	struct price p[PRICES_API_MAX_PRICES];
	char cerr[CATALOG_ERRLEN];
	size_t n;

	s->items++;
	int bw = refresh_bandwidth_item(r->w, it, err, errlen); /* Bandwidth rows */
	if (bw != 0)
		return bw < 0 ? -1 : 0;
	enum prices_api_skip why = prices_api_classify(it, r->o->now, p, &n);
	if (why != PRICES_API_TAKEN) {
		s->skipped[why]++;
		return 0;
	}
	if (r->want_region) {
		if (strcmp(p[0].region, r->want_region) != 0) {
			s->other_region++;
			return 0;
		}
	} else if (r->o->n_regions) {
		long i = region_index(r->o, p[0].region);
		if (i < 0) {
			s->other_region++;
			return 0;
		}
		r->region_items[i]++;
	} else {
		note_seen_region(r, p[0].region);
	}
	if (!catalog_writer_sku_known(r->w, p[0].sku)) {
		if (!prices_api_is_gpu_sku(p[0].sku)) {
			s->not_gpu++;
			return 0;
		}
		char series[32];
		prices_api_series(it->product, series, sizeof(series));
		if (catalog_writer_add_size(r->w, p[0].sku, series, cerr) != 0) {
			snprintf(err, errlen, "%s", cerr);
			return -1;
		}
		note_unknown(s, p[0].sku);
	}
	for (size_t i = 0; i < n; i++) {
		struct catalog_write_dup dup;
		int rc = catalog_writer_add_price(r->w, &p[i], &dup, cerr);
		if (rc < 0) {
			snprintf(err, errlen, "%s", cerr);
			return -1;
		}
		if (rc == 1) {
			s->duplicates++;
			warn(r, "two prices for '%s' in '%s' (%s, %s): kept %g from %s, dropped %g "
			     "from %s", p[i].sku, p[i].region, pricing_name(p[i].pricing), p[i].os,
			     dup.kept, dup.kept_date[0] ? dup.kept_date : "an unknown date",
			     dup.dropped, dup.dropped_date[0] ? dup.dropped_date : "an unknown date");
			continue;
		}
		if (strcmp(p[i].os, "linux") == 0)
			s->prices[p[i].pricing]++;
		else
			s->windows_prices++;
	}
	return 0;
}

static void progress(struct run *r, const char *what, size_t no, size_t total, double t0)
{
	struct refresh_progress pr;

	if (!r->o->progress)
		return;
	pr.region = what;
	pr.region_no = no;
	pr.n_regions = total;
	pr.pages = r->s->pages;
	pr.items = r->s->items;
	pr.elapsed_s = now_s() - t0;
	r->o->progress(&pr, r->o->progress_arg);
}

void refresh_region_url(struct strbuf *url, const char *base, const char *region,
			const char *currency)
{
	struct strbuf filter = STRBUF_INIT;

	strbuf_addstr(url, base);
	strbuf_addstr(url, strchr(base, '?') ? "&" : "?");
	strbuf_addstr(url, "api-version=" PRICES_API_VERSION "&$filter=");
	strbuf_addf(&filter, "serviceName eq 'Virtual Machines' and armRegionName eq '%s'", region);
	http_escape(url, strbuf_str(&filter));
	strbuf_release(&filter);
	if (currency) {
		strbuf_addstr(url, "&currencyCode=");
		strbuf_addf(&filter, "'%s'", currency);
		http_escape(url, strbuf_str(&filter));
		strbuf_release(&filter);
	}
}

/* Shortens a URL for a message. */
static const char *short_url(const char *u, char *buf, size_t len)
{
	if (strlen(u) < len)
		return u;
	snprintf(buf, len, "%.*s...", (int)(len - 4), u);
	return buf;
}

static int fetch_region(struct run *r, struct http_client *c, const char *region, size_t no,
			double t0, struct strbuf *body, char *err, size_t errlen)
{
	const struct refresh_opts *o = r->o;
	struct strbuf first = STRBUF_INIT;
	char **seen = NULL;
	size_t n_seen = 0, region_items = 0, page_no = 0;
	char *url;
	int rc = -1;

	refresh_region_url(&first, o->api_url ? o->api_url : PRICES_API_DEFAULT_URL, region,
			   o->currency);
	url = xstrdup(strbuf_str(&first));
	seen = xrealloc(seen, sizeof(*seen));
	seen[n_seen++] = xstrdup(url);
	r->want_region = region;
	while (url) {
		char cause[HTTP_ERRLEN + 256], ubuf[96];
		struct prices_api_page pg;

		page_no++;
		if (http_get(c, url, body, NULL, cause, sizeof(cause)) != 0) {
			snprintf(err, errlen, "region '%s', page %zu: %s", region, page_no, cause);
			goto out;
		}
		int prc = prices_api_parse_page(body->buf ? body->buf : "", body->len, r->arena,
						&pg, on_item, r, cause, sizeof(cause));
		if (prc == -1) {
			snprintf(err, errlen, "region '%s', page %zu: %s in '%s'", region, page_no,
				 cause, url);
			goto out;
		}
		if (prc != 0) {
			snprintf(err, errlen, "region '%s', page %zu: %s", region, page_no, cause);
			goto out;
		}
		r->s->pages++;
		region_items += pg.n_items;
		progress(r, region, no, o->n_regions, t0);
		free(url);
		url = pg.next_link;
		if (!url)
			break;
		if (http_same_origin(strbuf_str(&first), url) != 1) {
			snprintf(err, errlen, "region '%s', page %zu: NextPageLink leads to another "
				 "host ('%s')", region, page_no, short_url(url, ubuf, sizeof(ubuf)));
			goto out;
		}
		for (size_t i = 0; i < n_seen; i++) {
			if (strcmp(seen[i], url) == 0) {
				snprintf(err, errlen, "region '%s', page %zu: NextPageLink loops back "
					 "to a page already read", region, page_no);
				goto out;
			}
		}
		seen = xrealloc(seen, (n_seen + 1) * sizeof(*seen));
		seen[n_seen++] = xstrdup(url);
	}
	if (region_items == 0) {
		snprintf(err, errlen, "region '%s': the API returned no items", region);
		goto out;
	}
	rc = 0;
out:
	free(url);
	for (size_t i = 0; i < n_seen; i++)
		free(seen[i]);
	free(seen);
	strbuf_release(&first);
	r->want_region = NULL;
	return rc;
}

static int read_file(const char *path, struct strbuf *body, size_t max, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char buf[65536];
	size_t n;

	body->len = 0;
	strbuf_add(body, "", 0);        /* the NUL prices_api_parse_page wants */
	if (!f) {
		snprintf(err, errlen, "cannot open '%s'", path);
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (body->len + n > max) {
			fclose(f);
			snprintf(err, errlen, "'%s' is larger than %zu bytes", path, max);
			return -1;
		}
		strbuf_add(body, buf, n);
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		snprintf(err, errlen, "cannot read '%s'", path);
		return -1;
	}
	return 0;
}

static int ingest_files(struct run *r, double t0, struct strbuf *body, char *err, size_t errlen)
{
	const struct refresh_opts *o = r->o;

	for (size_t i = 0; i < o->n_files; i++) {
		char cause[CATALOG_ERRLEN];
		struct prices_api_page pg;

		if (read_file(o->files[i], body, o->http.max_bytes, err, errlen) != 0)
			return -1;
		if (prices_api_parse_page(body->buf ? body->buf : "", body->len, r->arena, &pg,
					  on_item, r, cause, sizeof(cause)) != 0) {
			snprintf(err, errlen, "'%s': %s", o->files[i], cause);
			return -1;
		}
		free(pg.next_link);
		r->s->pages++;
		progress(r, o->files[i], i + 1, o->n_files, t0);
	}
	for (size_t i = 0; i < o->n_regions; i++) {
		if (r->region_items[i] == 0) {
			snprintf(err, errlen, "region '%s': no prices in the given files",
				 o->regions[i]);
			return -1;
		}
	}
	if (!o->n_regions && r->n_seen == 0) {
		snprintf(err, errlen, "no prices in the given files");
		return -1;
	}
	return 0;
}

int refresh_run(const struct refresh_opts *o, struct refresh_summary *s, char *err,
		size_t errlen)
{
	struct run r;
	struct strbuf body = STRBUF_INIT;
	struct http_client *c = NULL;
	char cerr[CATALOG_ERRLEN];
	double t0 = now_s();
	int rc = -1;

	memset(s, 0, sizeof(*s));
	memset(&r, 0, sizeof(r));
	r.o = o;
	r.s = s;
	r.region_items = xcalloc(o->n_regions ? o->n_regions : 1, sizeof(*r.region_items));
	r.arena = prices_api_arena_new();

	if (!o->n_files) {
		const char *base = o->api_url ? o->api_url : PRICES_API_DEFAULT_URL;
		if (!o->n_regions) {
			snprintf(err, errlen, "no region to refresh");
			goto out;
		}
		if (http_url_allowed(base, err, errlen) != 0)
			goto out;
		c = http_client_new(&o->http, err, errlen);
		if (!c)
			goto out;
	}
	if (catalog_writer_open(o->target, o->force, o->lock_wait_s, &r.w, cerr) != 0) {
		snprintf(err, errlen, "%s", cerr);
		goto out;
	}
	if (o->n_files) {
		if (ingest_files(&r, t0, &body, err, errlen) != 0)
			goto out;
	} else {
		for (size_t i = 0; i < o->n_regions; i++)
			if (fetch_region(&r, c, o->regions[i], i + 1, t0, &body, err, errlen) != 0)
				goto out;
	}

	struct catalog_write_meta m = {
		.api_version = PRICES_API_VERSION,
		.currency = o->currency ? o->currency : "USD",
		.regions = o->n_regions ? o->regions : NULL,
		.n_regions = o->n_regions,
		.now = o->now,
		.force = o->force,
	};
	const char **seen = NULL;
	if (!o->n_regions) {
		seen = xcalloc(r.n_seen, sizeof(*seen));
		for (size_t i = 0; i < r.n_seen; i++)
			seen[i] = r.seen[i];
		m.regions = seen;
		m.n_regions = r.n_seen;
	}
	s->regions = m.n_regions;
	int crc = catalog_writer_commit(r.w, &m, &s->per_region, cerr);
	r.w = NULL;
	free(seen);
	if (crc != 0) {
		snprintf(err, errlen, "%s", cerr);
		goto out;
	}
	s->n_per_region = m.n_regions;
	if (r.warnings_dropped)
		diag_list_add(&s->warnings, DIAG_WARNING, NULL, 0, 0, "%zu more warnings not shown",
			      r.warnings_dropped);
	rc = 0;
out:
	catalog_writer_abort(r.w);
	http_client_free(c);
	strbuf_release(&body);
	prices_api_arena_free(r.arena);
	free(r.region_items);
	free(r.seen);
	s->seconds = now_s() - t0;
	return rc;
}

void refresh_summary_release(struct refresh_summary *s)
{
	free(s->unknown);
	free(s->per_region);
	diag_list_release(&s->warnings);
	memset(s, 0, sizeof(*s));
}
