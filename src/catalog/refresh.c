/*
 * refresh.c - the refresh pipeline (see refresh.h).
 *
 * Per region (a struct region_job): GET the first page, then follow
 * NextPageLink until it is null or empty.  A link is followed only to the
 * origin (scheme, host, port) the region's sequence started on, and only if
 * it was not read before in this sequence: a link elsewhere or a loop aborts
 * the refresh.  Up to opts.jobs regions have their current page in flight in
 * one HTTP pool; each page that arrives is parsed and its items classified
 * and staged in the new catalog, on this thread, before that region's next
 * page is requested, so at most opts.jobs bodies and one JSON tree are in
 * memory.  The trees are allocated from one arena (prices_api.h) that every
 * page reuses and that is freed at the end.  Items of sizes that are neither
 * in the catalog nor GPU sizes by name are counted and dropped; GPU sizes the
 * catalog does not know are added with spec_known = 0 and listed in the
 * summary.  Pages of different regions arrive in any order; nothing written
 * or printed depends on it (prices are keyed by region, warnings are merged
 * in region order, unknown sizes sorted).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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
	size_t *bw_taken;             /* API: Bandwidth rows the sequence staged */
	size_t *region_items;         /* per o->regions[i]: items taken */
	char (*seen)[32];             /* --from-file without --region: regions met */
	size_t n_seen, cap_seen;
	/* Warnings per request sequence (0: not of a region; 2i+1 and 2i+2:
	 * region i's Virtual Machines and Bandwidth sequences), merged in that
	 * order at the end, so the list does not depend on which page arrived
	 * first. */
	struct diag_list *warn_lists;
	size_t warn_list;             /* the list warn() adds to */
	size_t warnings_dropped;
	size_t regions_done;
	int filter_refused;           /* the API answered 400 to the filter */
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

	struct diag_list *l = &r->warn_lists[r->warn_list];

	if (l->n >= REFRESH_MAX_WARNINGS) {
		r->warnings_dropped++;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_list_add(l, DIAG_WARNING, NULL, 0, 0, "%s", msg);
}

/* The first REFRESH_MAX_WARNINGS warnings, in region order, into the
 * summary, then a count of the rest. */
static void merge_warnings(struct run *r, size_t n_lists)
{
	size_t dropped = r->warnings_dropped;

	for (size_t i = 0; i < n_lists; i++) {
		const struct diag_list *l = &r->warn_lists[i];
		for (size_t k = 0; k < l->n; k++) {
			if (r->s->warnings.n < REFRESH_MAX_WARNINGS)
				diag_list_add(&r->s->warnings, DIAG_WARNING, NULL, 0, 0, "%s",
					      l->items[k].msg);
			else
				dropped++;
		}
	}
	if (dropped)
		diag_list_add(&r->s->warnings, DIAG_WARNING, NULL, 0, 0, "%zu more warnings not shown",
			      dropped);
}

static int unknown_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* "&currencyCode='CUR'" (escaped) when currency is given. */
static void add_currency(struct strbuf *url, const char *currency)
{
	struct strbuf q = STRBUF_INIT;

	if (!currency)
		return;
	strbuf_addstr(url, "&currencyCode=");
	strbuf_addf(&q, "'%s'", currency);
	http_escape(url, strbuf_str(&q));
	strbuf_release(&q);
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
	int bw = refresh_bandwidth_item(r->w, it, r->want_region, err, errlen);
	if (bw != 0) { /* a Bandwidth row */
		if (bw == 1 && r->bw_taken)
			(*r->bw_taken)++;
		if (bw == 3)
			s->other_region++;
		return bw < 0 ? -1 : 0;
	}
	enum prices_api_skip why = prices_api_classify(it, r->o->now, p, &n);
	if (why != PRICES_API_TAKEN) {
		s->skipped[why]++;
		return 0;
	}
	/* every stored price is in the currency asked for: a page in another
	 * one is a broken answer, not a price to keep */
	{
		const char *want = r->o->currency ? r->o->currency : "USD";

		if (strcasecmp(p[0].currency, want) != 0) {
			snprintf(err, errlen, "an item of '%s' in '%s' is priced in %s, not the %s "
				 "asked for", p[0].sku, p[0].region, p[0].currency, want);
			return -1;
		}
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
	memset(&pr, 0, sizeof(pr));
	pr.region = what;
	pr.region_no = no;
	pr.n_regions = total;
	pr.regions_done = r->regions_done;
	pr.pages = r->s->pages;
	pr.items = r->s->items;
	pr.elapsed_s = now_s() - t0;
	pr.files = r->o->n_files > 0;
	pr.eta_s = -1;
	if (r->regions_done > 0 && r->regions_done < total)
		pr.eta_s = pr.elapsed_s / (double)r->regions_done *
			   (double)(total - r->regions_done);
	else if (r->regions_done == total)
		pr.eta_s = 0;
	r->o->progress(&pr, r->o->progress_arg);
}

void refresh_region_url(struct strbuf *url, const char *base, const char *region,
			const char *currency, const char *sku_prefix)
{
	struct strbuf filter = STRBUF_INIT;

	strbuf_addstr(url, base);
	strbuf_addstr(url, strchr(base, '?') ? "&" : "?");
	strbuf_addstr(url, "api-version=" PRICES_API_VERSION "&$filter=");
	strbuf_addf(&filter, "serviceName eq 'Virtual Machines' and armRegionName eq '%s'", region);
	if (sku_prefix)
		strbuf_addf(&filter, " and contains(armSkuName, '%s')", sku_prefix);
	http_escape(url, strbuf_str(&filter));
	strbuf_release(&filter);
	add_currency(url, currency);
}

void refresh_bandwidth_url(struct strbuf *url, const char *base, const char *region,
			   const char *currency)
{
	struct strbuf filter = STRBUF_INIT;

	strbuf_addstr(url, base);
	strbuf_addstr(url, strchr(base, '?') ? "&" : "?");
	strbuf_addstr(url, "api-version=" PRICES_API_VERSION "&$filter=");
	strbuf_addf(&filter, "serviceName eq 'Bandwidth' and armRegionName eq '%s' and "
		    "priceType eq 'Consumption'", region);
	http_escape(url, strbuf_str(&filter));
	strbuf_release(&filter);
	add_currency(url, currency);
}

const char *refresh_sku_filter(const char *const *skus, size_t n)
{
	static const char prefix[] = REFRESH_SKU_PREFIX;

	for (size_t i = 0; i < n; i++)
		if (strncmp(skus[i], prefix, sizeof(prefix) - 1) != 0)
			return NULL;
	return REFRESH_SKU_PREFIX;
}

/* Shortens a URL for a message. */
static const char *short_url(const char *u, char *buf, size_t len)
{
	return util_url_redact(u, buf, len);
}

/* One request sequence of a region: its Virtual Machines prices, or its
 * Bandwidth prices. */
struct region_job {
	const char *region;
	size_t no;                    /* 1-based, for progress */
	int bandwidth;                /* serviceName eq 'Bandwidth' */
	int filtered;                 /* the sequence asks for GPU sizes only */
	size_t bw_taken;              /* Bandwidth rows staged */
	char *origin;                 /* its first URL: links must stay on its origin */
	char **seen;                  /* URLs requested, to refuse a loop */
	size_t n_seen;
	size_t page_no, items;
};

static void job_reset(struct region_job *j)
{
	for (size_t i = 0; i < j->n_seen; i++)
		free(j->seen[i]);
	free(j->seen);
	free(j->origin);
	j->seen = NULL;
	j->origin = NULL;
	j->n_seen = 0;
	j->page_no = 0;
	j->items = 0;
	j->bw_taken = 0;
}

/* Queues the first page of j's sequence (filtered or not). */
static void job_start(struct run *r, struct http_pool *pool, struct region_job *j)
{
	const struct refresh_opts *o = r->o;
	struct strbuf first = STRBUF_INIT;

	job_reset(j);
	/* Once the API refused the filter, no region asks with it again. */
	if (r->filter_refused)
		j->filtered = 0;
	if (j->bandwidth)
		refresh_bandwidth_url(&first, o->api_url ? o->api_url : PRICES_API_DEFAULT_URL,
				      j->region, o->currency);
	else
		refresh_region_url(&first, o->api_url ? o->api_url : PRICES_API_DEFAULT_URL,
				   j->region, o->currency, j->filtered ? o->sku_filter : NULL);
	j->origin = xstrdup(strbuf_str(&first));
	j->seen = xcalloc(1, sizeof(*j->seen));
	j->seen[j->n_seen++] = xstrdup(j->origin);
	j->page_no = 1;
	http_pool_add(pool, j->origin, j);
	strbuf_release(&first);
}

/*
 * One page of j arrived (res, body).  Returns 1 when j's sequence goes on
 * (its next page is queued), 0 when j is done, -1 on a failure (err).
 */
static int job_page(struct run *r, struct http_pool *pool, struct region_job *j,
		    const struct http_pool_result *res, struct strbuf *body, char *err,
		    size_t errlen)
{
	char cause[HTTP_ERRLEN + 256], ubuf[96], shown[1024];
	struct prices_api_page pg;
	const char *url = j->seen[j->n_seen - 1];
	const char *what = j->bandwidth ? "Bandwidth page" : "page";

	if (!res->ok) {
		/* The filter refused: ask again without it, and say so once. */
		if (j->filtered && j->page_no == 1 && res->status == 400) {
			if (!r->filter_refused)
				warn(r, "the API answered HTTP 400 to the GPU-size filter "
				     "contains(armSkuName, '%s'); fetching every Virtual Machines "
				     "price instead (slower)", r->o->sku_filter);
			r->filter_refused = 1;
			j->filtered = 0;
			job_start(r, pool, j);
			return 1;
		}
		snprintf(err, errlen, "region '%s', %s %zu: %s", j->region, what, j->page_no,
			 res->err);
		return -1;
	}
	r->want_region = j->region;
	r->bw_taken = &j->bw_taken;
	r->warn_list = 2 * (j->no - 1) + 1 + (size_t)j->bandwidth;
	int prc = prices_api_parse_page(body->buf, body->len, r->arena, &pg, on_item, r, cause,
					sizeof(cause));
	r->want_region = NULL;
	r->bw_taken = NULL;
	r->warn_list = 0;
	if (prc == -1) {
		snprintf(err, errlen, "region '%s', %s %zu: %s in '%s'", j->region, what,
			 j->page_no, cause, util_url_redact(url, shown, sizeof(shown)));
		return -1;
	}
	if (prc != 0) {
		snprintf(err, errlen, "region '%s', %s %zu: %s", j->region, what, j->page_no,
			 cause);
		return -1;
	}
	r->s->pages++;
	j->items += pg.n_items;
	char *next = pg.next_link;
	if (!next && j->bandwidth) {
		/* No data-transfer price: the catalog keeps the region's previous
		 * ones (or the continent's seed) rather than losing them. */
		if (j->bw_taken == 0) {
			r->warn_list = 2 * (j->no - 1) + 2;
			warn(r, "region '%s': the API listed no Bandwidth (data transfer) price in "
			     "USD; kept the previous ones", j->region);
			r->warn_list = 0;
		}
		return 0;
	}
	if (!next) {
		if (j->items == 0 && j->filtered) {
			/* No GPU size at all: a region without GPU sizes, or an
			 * API that lists nothing.  The unfiltered sequence tells
			 * them apart exactly as a refresh without the filter. */
			j->filtered = 0;
			job_start(r, pool, j);
			return 1;
		}
		if (j->items == 0) {
			snprintf(err, errlen, "region '%s': the API returned no items", j->region);
			return -1;
		}
		return 0;
	}
	if (http_same_origin(j->origin, next) != 1) {
		snprintf(err, errlen, "region '%s', %s %zu: NextPageLink leads to another "
			 "host ('%s')", j->region, what, j->page_no,
			 short_url(next, ubuf, sizeof(ubuf)));
		free(next);
		return -1;
	}
	for (size_t i = 0; i < j->n_seen; i++) {
		if (strcmp(j->seen[i], next) == 0) {
			snprintf(err, errlen, "region '%s', %s %zu: NextPageLink loops back "
				 "to a page already read", j->region, what, j->page_no);
			free(next);
			return -1;
		}
	}
	if (j->page_no >= REFRESH_MAX_PAGES) {
		snprintf(err, errlen, "region '%s', %s %zu: NextPageLink still leads on after %d "
			 "pages (a region lists about 8 of 1,000 items); stopped", j->region, what,
			 j->page_no, REFRESH_MAX_PAGES);
		free(next);
		return -1;
	}
	j->seen = xrealloc(j->seen, (j->n_seen + 1) * sizeof(*j->seen));
	j->seen[j->n_seen++] = next;
	j->page_no++;
	http_pool_add(pool, next, j);
	return 1;
}

/* Every region through the pool: two sequences per region (its Virtual
 * Machines prices, then its Bandwidth prices), at most o->jobs sequences at
 * a time.  A region is done when both are. */
static int fetch_regions(struct run *r, double t0, struct strbuf *body, char *err,
			 size_t errlen)
{
	const struct refresh_opts *o = r->o;
	size_t jobs = o->jobs > 0 ? (size_t)o->jobs : REFRESH_JOBS_DEFAULT;
	size_t n_jobs = 2 * o->n_regions;
	struct region_job *j = xcalloc(n_jobs, sizeof(*j));
	size_t *left = xcalloc(o->n_regions, sizeof(*left));
	struct http_pool_result res;
	size_t next_region = 0;
	int rc = -1;

	if (jobs > HTTP_POOL_MAX)
		jobs = HTTP_POOL_MAX;
	struct http_pool *pool = http_pool_new(&o->http, (int)jobs, err, errlen);
	if (!pool)
		goto out;
	for (size_t i = 0; i < n_jobs; i++) {
		j[i].region = o->regions[i / 2];
		j[i].no = i / 2 + 1;
		j[i].bandwidth = i % 2;
		j[i].filtered = !j[i].bandwidth && o->sku_filter != NULL;
	}
	for (size_t i = 0; i < o->n_regions; i++)
		left[i] = 2;
	/* One request per sequence at a time: its next page is known only from
	 * its current one, so `jobs` sequences keep `jobs` connections busy. */
	for (; next_region < n_jobs && next_region < jobs; next_region++)
		job_start(r, pool, &j[next_region]);
	for (;;) {
		int n = http_pool_next(pool, body, &res);
		if (n == 0)
			break;
		if (n < 0) {
			snprintf(err, errlen, "%s", res.err);
			goto out;
		}
		struct region_job *job = res.tag;
		int jr = job_page(r, pool, job, &res, body, err, errlen);
		if (jr < 0)
			goto out;
		if (jr == 0) {
			if (--left[job->no - 1] == 0)
				r->regions_done++;
			if (next_region < n_jobs) {
				job_start(r, pool, &j[next_region]);
				next_region++;
			}
		}
		progress(r, job->region, job->no, o->n_regions, t0);
	}
	rc = 0;
out:
	http_pool_free(pool);
	for (size_t i = 0; i < n_jobs; i++)
		job_reset(&j[i]);
	free(j);
	free(left);
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
		r->regions_done = i + 1;
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
	char cerr[CATALOG_ERRLEN];
	double t0 = now_s();
	int rc = -1;

	memset(s, 0, sizeof(*s));
	memset(&r, 0, sizeof(r));
	r.o = o;
	r.s = s;
	r.region_items = xcalloc(o->n_regions ? o->n_regions : 1, sizeof(*r.region_items));
	r.arena = prices_api_arena_new();
	r.warn_lists = xcalloc(2 * o->n_regions + 1, sizeof(*r.warn_lists));

	if (!o->n_files) {
		const char *base = o->api_url ? o->api_url : PRICES_API_DEFAULT_URL;
		if (!o->n_regions) {
			snprintf(err, errlen, "no region to refresh");
			goto out;
		}
		if (http_url_allowed(base, err, errlen) != 0)
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
		if (fetch_regions(&r, t0, &body, err, errlen) != 0)
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
	merge_warnings(&r, 2 * o->n_regions + 1);
	/* Sizes in name order: the order they were met depends on which
	 * region's page arrived first. */
	if (s->n_unknown > 1)
		qsort(s->unknown, s->n_unknown, sizeof(*s->unknown), unknown_cmp);
	rc = 0;
out:
	catalog_writer_abort(r.w);
	strbuf_release(&body);
	prices_api_arena_free(r.arena);
	free(r.region_items);
	free(r.seen);
	for (size_t i = 0; i < 2 * o->n_regions + 1; i++)
		diag_list_release(&r.warn_lists[i]);
	free(r.warn_lists);
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
