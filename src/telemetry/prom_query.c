/*
 * prom_query.c - PromQL text and host batches for `analyze --prometheus`.
 *
 * Every statistics query is one instant query: the server reads the
 * window's samples once per function, and the answer holds one value per
 * series and function.  The series are grouped by the identity labels of
 * telemetry_labels_set (every alias spelling, since PromQL label names are
 * case-sensitive); the caller has checked on the series listing that each
 * group holds one raw series, so the aggregation only keeps those labels.
 */
#include <stdlib.h>
#include <string.h>

#include "prom_query.h"

static const char *const id_labels =
	"Hostname, hostname, gpu, UUID, uuid, gpu_uuid, modelName, model_name, GPU_I_PROFILE, "
	"GPU_I_ID";

static const char *const stat_names[PROM_STAT_N] = {
	"count", "avg", "min", "max", "p5", "p50", "p95", "frac",
};

const char *prom_stat_name(enum prom_stat s)
{
	return (unsigned)s < PROM_STAT_N ? stat_names[s] : "?";
}

int prom_stat_parse(const char *s)
{
	for (int i = 0; i < PROM_STAT_N; i++)
		if (strcmp(s, stat_names[i]) == 0)
			return i;
	return -1;
}

const char *prom_host_label(enum prom_host_key k)
{
	switch (k) {
	case PROM_KEY_HOSTNAME: return "Hostname";
	case PROM_KEY_HOSTNAME_LC: return "hostname";
	case PROM_KEY_INSTANCE: return "instance";
	default: return NULL;
	}
}

void prom_hosts_free(struct prom_host *h, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(h[i].value);
	free(h);
}

static int host_cmp(const void *pa, const void *pb)
{
	const struct prom_host *a = pa, *b = pb;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return strcmp(a->value, b->value);
}

size_t prom_plan(struct prom_host *hosts, size_t nhosts, uint64_t max_series, size_t max_regex,
		 struct prom_batch **out)
{
	*out = NULL;
	if (!nhosts)
		return 0;
	qsort(hosts, nhosts, sizeof(*hosts), host_cmp);
	struct prom_batch *b = xcalloc(nhosts, sizeof(*b));
	size_t nb = 0, bytes = 0;
	for (size_t i = 0; i < nhosts; i++) {
		const struct prom_host *h = &hosts[i];
		size_t len = strlen(h->value) + 1;
		struct prom_batch *cur = nb ? &b[nb - 1] : NULL;
		if (!cur || cur->key != h->key || h->key == PROM_KEY_NONE ||
		    cur->series + h->series > max_series || bytes + len > max_regex) {
			cur = &b[nb++];
			cur->key = h->key;
			cur->first = i;
			bytes = 0;
		}
		cur->n++;
		cur->series += h->series;
		bytes += len;
	}
	*out = b;
	return nb;
}

uint64_t prom_raw_bound(uint64_t max_series, double points)
{
	double per = points > 1 ? PROM_RAW_POINTS / points : PROM_RAW_POINTS;
	uint64_t n = per < 1 ? 1 : (uint64_t)per;
	return n < max_series ? n : max_series;
}

void prom_regex_quote(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (strchr("\\.+*?()|[]{}^$", *s))
			strbuf_addstr(sb, "\\\\");   /* a backslash, escaped for the string */
		if (*s == '"')
			strbuf_addstr(sb, "\\\"");
		else
			strbuf_add(sb, s, 1);
	}
}

void prom_selector(struct strbuf *sb, const char *names, const struct prom_host *hosts,
		   const struct prom_batch *b)
{
	strbuf_addf(sb, "{__name__=~\"(?i)%s\"", names);
	enum prom_host_key k = b ? b->key : PROM_KEY_ALL;
	/* a host named by a weaker label must lack the stronger ones, so that no
	 * series falls in two batches */
	if (k == PROM_KEY_HOSTNAME_LC || k == PROM_KEY_INSTANCE || k == PROM_KEY_NONE)
		strbuf_addstr(sb, ",Hostname=\"\"");
	if (k == PROM_KEY_INSTANCE || k == PROM_KEY_NONE)
		strbuf_addstr(sb, ",hostname=\"\"");
	if (k == PROM_KEY_NONE)
		strbuf_addstr(sb, ",instance=\"\"");
	const char *label = prom_host_label(k);
	if (label && !b->every) {
		strbuf_addf(sb, ",%s=~\"", label);
		for (size_t i = 0; i < b->n; i++) {
			if (i)
				strbuf_addstr(sb, "|");
			prom_regex_quote(sb, hosts[b->first + i].value);
		}
		strbuf_addstr(sb, "\"");
	}
	strbuf_addstr(sb, "}");
}

/* One tagged part of the statistics query. */
static void part(struct strbuf *sb, enum prom_stat s, const char *expr)
{
	if (sb->len)
		strbuf_addstr(sb, " or ");
	strbuf_addf(sb, "label_replace(%s, \"gpufit_stat\", \"%s\", \"\", \"\")", expr,
		    prom_stat_name(s));
}

static void group_by(struct strbuf *by, enum prom_host_key key)
{
	strbuf_addstr(by, id_labels);
	if (key == PROM_KEY_INSTANCE || key == PROM_KEY_NONE || key == PROM_KEY_ALL)
		strbuf_addstr(by, ", instance");
}

void prom_query_stats(struct strbuf *sb, const char *selector, enum prom_host_key key,
		      long long window_s, int quantiles)
{
	struct strbuf by = STRBUF_INIT, e = STRBUF_INIT, q = STRBUF_INIT;
	group_by(&by, key);
	static const struct { enum prom_stat s; const char *fn; } parts[] = {
		{ PROM_STAT_COUNT, "count_over_time(" },
		{ PROM_STAT_AVG, "avg_over_time(" },
		{ PROM_STAT_MIN, "min_over_time(" },
		{ PROM_STAT_MAX, "max_over_time(" },
		{ PROM_STAT_P5, "quantile_over_time(0.05, " },
		{ PROM_STAT_P50, "quantile_over_time(0.5, " },
		{ PROM_STAT_P95, "quantile_over_time(0.95, " },
	};
	for (size_t i = 0; i < 7; i++) {
		if ((parts[i].s == PROM_STAT_P95 && !quantiles) || parts[i].s == PROM_STAT_P5 ||
		    parts[i].s == PROM_STAT_P50)
			continue;
		e.len = 0;
		strbuf_addf(&e, "max by (%s) (%s%s[%llds]))", strbuf_str(&by), parts[i].fn, selector,
			    window_s);
		part(&q, parts[i].s, strbuf_str(&e));
	}
	strbuf_add(sb, strbuf_str(&q), q.len);
	strbuf_release(&by);
	strbuf_release(&e);
	strbuf_release(&q);
}

void prom_query_frac(struct strbuf *sb, const char *selector, enum prom_host_key key,
		     long long window_s, long long step_s, double below)
{
	struct strbuf by = STRBUF_INIT, e = STRBUF_INIT, q = STRBUF_INIT;
	group_by(&by, key);
	strbuf_addf(&e, "max by (%s) (quantile_over_time(0.05, %s[%llds]))", strbuf_str(&by),
		    selector, window_s);
	part(&q, PROM_STAT_P5, strbuf_str(&e));
	e.len = 0;
	strbuf_addf(&e, "max by (%s) (quantile_over_time(0.5, %s[%llds]))", strbuf_str(&by),
		    selector, window_s);
	part(&q, PROM_STAT_P50, strbuf_str(&e));
	e.len = 0;
	strbuf_addf(&e, "max by (%s) (avg_over_time((%s < bool %.17g)[%llds:%llds]))",
		    strbuf_str(&by), selector, below, window_s, step_s);
	part(&q, PROM_STAT_FRAC, strbuf_str(&e));
	strbuf_add(sb, strbuf_str(&q), q.len);
	strbuf_release(&by);
	strbuf_release(&e);
	strbuf_release(&q);
}
