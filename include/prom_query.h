/*
 * prom_query.h - the PromQL that `analyze --prometheus` sends, and how a
 * fleet is split so that no answer holds all of it.
 *
 * Pure: builds query text into strbufs and plans host batches; no I/O.
 *
 * A metric is asked for once per group of its Prometheus names that share a
 * unit (DCGM_FI_DEV_GPU_UTIL in percent, DCGM_FI_DEV_GPU_UTIL_RATIO as a
 * ratio).  First the series API lists the group's series over the window
 * (index only, no samples are read): it tells how many series each host
 * has, which GPUs have more than one, and their pods.  The hosts are packed
 * into batches of at most a bound of series, and each batch is asked for
 * with a regular-expression matcher on its host label.  The statistics
 * query of a batch returns, per series grouped by the identity labels gpufit
 * reads (host, GPU index, UUID, MIG instance, model), count, avg, min and max
 * over time and, for the three activity metrics, the 95th percentile, each
 * row tagged with a gpufit_stat label.  The activity metric the classifier
 * reads of a GPU has one more query: 5th and 50th percentiles and the idle
 * share.  Other percentiles are not asked for (no finding reads them).
 */
#ifndef GPUFIT_PROM_QUERY_H
#define GPUFIT_PROM_QUERY_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* Series per answer unless --max-series-per-query says otherwise. */
#define PROM_MAX_SERIES_DEFAULT 1000
/* The largest --max-series-per-query: the series limit of a whole run. */
#define PROM_MAX_SERIES_LIMIT 1000000
/* Samples per query_range answer (about 25 bytes of JSON each): bounds the
 * batches of --raw, with at most PROM_MAX_SERIES_DEFAULT series. */
#define PROM_RAW_POINTS 400000
/* Bytes of host names in one batch's matcher, so a URL stays short. */
#define PROM_MATCHER_MAX 4000

/* Which label names a host; a batch uses one kind. */
enum prom_host_key {
	PROM_KEY_HOSTNAME,      /* Hostname (dcgm-exporter) */
	PROM_KEY_HOSTNAME_LC,   /* hostname, without Hostname */
	PROM_KEY_INSTANCE,      /* instance, without either */
	PROM_KEY_NONE,          /* none of the three */
	PROM_KEY_ALL            /* no host matcher: the whole fleet */
};

/* The label name of a key ("Hostname"); NULL for NONE and ALL. */
const char *prom_host_label(enum prom_host_key k);

/* One host of a listing answer. */
struct prom_host {
	enum prom_host_key key;
	char *value;            /* owned; "" for PROM_KEY_NONE */
	uint64_t series;
	int several;            /* a GPU of the host has more than one raw series */
};

void prom_hosts_free(struct prom_host *h, size_t n);

/* hosts[first .. first + n) of one key kind. */
struct prom_batch {
	enum prom_host_key key;
	size_t first, n;
	uint64_t series;
	int every;              /* 1: the batch holds every host of the group, so the
				   selector needs no host names */
};

/*
 * Sorts hosts (key kind, then name) and packs consecutive hosts of a kind
 * into batches of at most max_series series and max_regex bytes of names; a
 * host above either bound is a batch of its own.  *out receives the batches
 * (caller frees); returns how many.  nhosts 0: no batch.
 */
size_t prom_plan(struct prom_host *hosts, size_t nhosts, uint64_t max_series, size_t max_regex,
		 struct prom_batch **out);

/* Series per --raw batch: points = samples a series has in the window. */
uint64_t prom_raw_bound(uint64_t max_series, double points);

/* Appends s escaped for an RE2 literal inside a PromQL double-quoted string. */
void prom_regex_quote(struct strbuf *sb, const char *s);

/*
 * The series selector of names (a regex alternation) restricted to batch b
 * of hosts (NULL or PROM_KEY_ALL: every host), e.g.
 * {__name__=~"(?i)A|B",Hostname=~"n1|n2"}.
 */
void prom_selector(struct strbuf *sb, const char *names, const struct prom_host *hosts,
		   const struct prom_batch *b);

/* The gpufit_stat values of a statistics answer. */
enum prom_stat {
	PROM_STAT_COUNT, PROM_STAT_AVG, PROM_STAT_MIN, PROM_STAT_MAX, PROM_STAT_P5,
	PROM_STAT_P50, PROM_STAT_P95, PROM_STAT_FRAC, PROM_STAT_N
};

/* "count", "avg", ...; and back (-1 unknown). */
const char *prom_stat_name(enum prom_stat s);
int prom_stat_parse(const char *s);

/*
 * The statistics query of a selector over the last window_s seconds: count,
 * avg, min and max over time, and with quantiles the 95th percentile.  The
 * grouping adds `instance` for batches of PROM_KEY_INSTANCE, NONE and ALL
 * (where it may be what names the host).
 */
void prom_query_stats(struct strbuf *sb, const char *selector, enum prom_host_key key,
		      long long window_s, int quantiles);

/*
 * What the classifier reads of the activity metric only: its 5th and 50th
 * percentiles and the share of evaluation steps (a subquery at step_s
 * resolution, as query_range samples) at which the value is below `below`
 * (source unit), tagged "p5", "p50" and "frac".
 */
void prom_query_frac(struct strbuf *sb, const char *selector, enum prom_host_key key,
		     long long window_s, long long step_s, double below);

#endif
