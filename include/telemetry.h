/*
 * telemetry.h - streaming readers for GPU telemetry and the per-GPU
 * accumulators they fill.
 *
 * Four input formats are read: dcgm-exporter Prometheus text (one scrape or
 * many concatenated, with or without timestamps), Prometheus query_range JSON
 * (a saved export or a live answer), nvidia-smi --query-gpu CSV time series
 * and dcgmi dmon text.  Every reader normalises metric names (legacy and DCGM
 * 4.7+ names, one alias table) and units (ratios 0-1, MiB, W, bytes/s), drops
 * blank sentinels and N/A, and adds each sample to the accumulator of its
 * series: one GPU, or one MIG instance, of one host.
 *
 * Memory is bounded by the number of series, not the size of the input: an
 * accumulator keeps count, sum, min, max and a fixed histogram from which
 * quantiles are read (ratio metrics in 0.005 steps; other metrics in five
 * linear steps per power of two).  Nothing here prints; problems go to the
 * caller's diag_list with file, line and column.
 */
#ifndef GPUFIT_TELEMETRY_H
#define GPUFIT_TELEMETRY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"

/* The counters gpufit understands, after normalisation. */
enum telemetry_metric {
	TM_GPU_UTIL,        /* ratio: share of time >= 1 kernel ran (DCGM_FI_DEV_GPU_UTIL) */
	TM_GR_ACTIVE,       /* ratio: graphics/compute engine active (PROF_GR_ENGINE_ACTIVE) */
	TM_SM_ACTIVE,       /* ratio: >= 1 warp resident, averaged over SMs (PROF_SM_ACTIVE) */
	TM_SM_OCCUPANCY,    /* ratio: resident warps / max warps */
	TM_TENSOR_ACTIVE,   /* ratio: tensor pipe active */
	TM_DRAM_ACTIVE,     /* ratio: device memory interface busy */
	TM_MEM_COPY_UTIL,   /* ratio: share of time memory was read or written */
	TM_FB_USED,         /* MiB */
	TM_FB_FREE,         /* MiB */
	TM_FB_TOTAL,        /* MiB */
	TM_POWER,           /* W */
	TM_PCIE_RX,         /* bytes/s host to device */
	TM_PCIE_TX,         /* bytes/s device to host */
	TM_SM_CLOCK,        /* MHz */
	TM_METRIC_COUNT
};

/* Short lower-case name of a metric ("sm_active"), for JSON and messages. */
const char *telemetry_metric_name(enum telemetry_metric m);

/* 1 for the ratio metrics (0-1), 0 for absolute ones. */
int telemetry_metric_is_ratio(enum telemetry_metric m);

/*
 * Looks a metric up by any of its names: dcgm-exporter legacy and DCGM 4.7+
 * names (case-insensitive), dcgmi dmon short names and nvidia-smi query
 * fields.  Returns the metric and sets *scale to the factor that converts the
 * source unit to the normalised one (TELEMETRY_SCALE_MHZ_OR_HZ: decided per
 * value, see telemetry_store_add); -1 when the name is not one gpufit uses.
 */
#define TELEMETRY_SCALE_MHZ_OR_HZ (-1.0)
int telemetry_metric_lookup(const char *name, size_t len, double *scale);

#define TM_HIST_BINS 256

/* Samples an accumulator keeps as bin numbers in place before it allocates
 * its histogram: a fleet scraped once costs no histogram at all. */
#define TM_ACC_INLINE 8

/* One series of one metric.  Zero-initialise; up to TM_ACC_INLINE samples are
 * kept as bin numbers in place, the histogram is allocated by the next one and
 * freed by telemetry_acc_release.  Quantiles are the same either way. */
struct telemetry_acc {
	uint64_t count;
	uint64_t clamped;         /* ratio samples above 1 that were clamped */
	double sum, min, max;
	union {
		uint32_t *hist;   /* count > TM_ACC_INLINE: TM_HIST_BINS counts */
		uint8_t bins[TM_ACC_INLINE];  /* else: the bin of each sample */
		struct telemetry_acc_q *sq;   /* summary: its percentiles (owned) */
	} h;
	int summary;              /* 1: filled by telemetry_acc_set_summary, no hist */
};

/* What a server summary adds to an accumulator (kept out of line: most
 * series are read from samples, and every series has one accumulator per
 * metric). */
struct telemetry_acc_q {
	double q[3];              /* p5, p50, p95, already snapped to their bin */
	double below;             /* share of samples below the idle threshold; -1 unknown */
};

/* Frees the histogram; the accumulator is empty and reusable afterwards. */
void telemetry_acc_release(struct telemetry_acc *a);

/* Summary of an accumulator (see telemetry_acc_stats). */
struct telemetry_stats {
	uint64_t count;           /* 0: the metric was never seen */
	double mean, min, max, p5, p50, p95;
};

/* Adds one normalised sample (NaN and blanks must be filtered before). */
void telemetry_acc_add(struct telemetry_acc *a, enum telemetry_metric m, double v);

/* Mean, min, max and nearest-rank p5/p50/p95 read from the histogram: exact
 * to 0.005 for ratio metrics, to 1/5 of a power of two for the others, and
 * always within [min, max]. */
void telemetry_acc_stats(const struct telemetry_acc *a, enum telemetry_metric m,
			 struct telemetry_stats *out);

/* Share of the samples below threshold (ratio metrics, resolved to 0.005);
 * 0 when there are no samples. */
double telemetry_acc_fraction_below(const struct telemetry_acc *a, double threshold);

/*
 * Statistics of one series computed elsewhere (a Prometheus server's
 * count/avg/min/max/quantile_over_time), in the source unit.  A quantile not
 * computed is NaN (telemetry_acc_stats then reads NaN); below is the share
 * of samples below the idle threshold, -1 when not computed.
 */
struct telemetry_summary {
	uint64_t count;
	double sum, min, max, p5, p50, p95;
	double below;
};

/*
 * Makes a the accumulator of a summary already in the normalised unit
 * (count > 0, finite values, min <= max; ratios within [0, 1]).  Each quantile
 * is read as a histogram of the samples would read it: the lower edge of the
 * bin it falls in, kept within [min, max].  So a sample's nearest-rank
 * quantile and an interpolated one of the same samples give the same
 * statistics whenever they fall in the same bin.  Replaces what a held.
 */
void telemetry_acc_set_summary(struct telemetry_acc *a, enum telemetry_metric m,
			       const struct telemetry_summary *s);

/* Identity of a series.  Strings are truncated to fit. */
struct telemetry_series {
	char host[96];
	char gpu[16];             /* GPU index as the source gives it; "" unknown */
	char uuid[64];
	char model[64];           /* modelName or nvidia-smi name */
	char mig_profile[24];     /* "1g.10gb"; "" for a whole GPU */
	char mig_id[16];          /* GPU instance id; "" for a whole GPU */
	char pod[128];
	char namespace_[64];
	char source[16];          /* "dcgm-exporter", "nvidia-smi", "dcgmi", "prometheus" */
	int mig_parent;           /* set by telemetry_store_finish: a whole-GPU series
				     whose GPU also has MIG instance series */
	long long first_ms, last_ms;   /* sample times; 0 when the source has none */
	struct telemetry_acc m[TM_METRIC_COUNT];
};

/* --max-series's default: 100,000 GPUs and MIG instances.  A series costs
 * about 1.3 KiB, plus 1 KiB for each metric read sample by sample beyond
 * TM_ACC_INLINE samples (at most TM_METRIC_COUNT): 100,000 series of the
 * usual four to six metrics take under 1 GiB, and never more than 1.5 GiB. */
#define TELEMETRY_MAX_SERIES_DEFAULT 100000
/* The largest --max-series. */
#define TELEMETRY_MAX_SERIES_LIMIT 10000000

/* The largest Prometheus JSON answer read, saved or live (64 MiB), and the
 * most values its parse may create (a [time, "value"] pair is three, about
 * 25 bytes of text): the parse tree stays under about 1 GiB. */
#define TELEMETRY_JSON_MAX ((size_t)64 << 20)
#define TELEMETRY_JSON_MAX_VALUES ((size_t)8 << 20)
#define TELEMETRY_JSON_BIG_MSG "a Prometheus JSON answer larger than %zu bytes (64 MiB), " \
	"the limit: export the window in parts (several files may be given)"
#define TELEMETRY_JSON_VALUES_MSG "a Prometheus JSON answer of more than %zu values, the " \
	"limit: export the window in parts (several files may be given)"

/* The message of a reader that meets a full store (printf, one %zu: the
 * limit), at the line that names the first series refused. */
#define TELEMETRY_FULL_MSG "more than %zu series (GPUs and MIG instances), the limit of " \
	"--max-series: raise it, or analyze the fleet in parts"

/* The series read so far.  Init with telemetry_store_init, free with
 * telemetry_store_release. */
struct telemetry_store {
	struct telemetry_series **series;
	size_t n, cap;
	size_t max_series;        /* 0: no limit; else telemetry_store_get creates no
				     series beyond it and sets full */
	int full;                 /* a series was refused by max_series */
	size_t *slots;            /* hash index: series position + 1, 0 empty */
	size_t nslots;
	long long start_ms, end_ms;    /* window over every timestamped sample; 0 none */
	uint64_t samples;         /* samples accepted, every metric */
	uint64_t blanks;          /* samples dropped as N/A or blank sentinels */
	uint64_t clamped;         /* ratio samples above 1 clamped */
	uint64_t negative;        /* samples dropped as negative: no metric read is below 0 */
};

void telemetry_store_init(struct telemetry_store *st);
void telemetry_store_release(struct telemetry_store *st);

/* Sorts series by host, GPU index, UUID, MIG id (a whole GPU before its
 * instances) and marks MIG parents. */
void telemetry_store_finish(struct telemetry_store *st);

/* Label set of one sample while it is being read; see telemetry_labels_set. */
struct telemetry_labels {
	struct telemetry_series id;   /* only the identity fields are used */
	int prio[8];                  /* which alias filled each field */
};

void telemetry_labels_clear(struct telemetry_labels *l);

/* Applies one label, coalescing aliases: hostname/Hostname over instance;
 * UUID/uuid over gpu_uuid; modelName over model_name; exported_pod over pod
 * over pod_name (namespace likewise); GPU_I_PROFILE, GPU_I_ID, gpu. */
void telemetry_labels_set(struct telemetry_labels *l, const char *key, size_t klen,
			  const char *val, size_t vlen);

/* The series of these labels, created on first use; NULL when the labels name
 * no GPU (neither gpu, UUID nor GPU_I_ID), or when creating it would pass
 * st->max_series (st->full is then set: readers report it and stop). */
struct telemetry_series *telemetry_store_get(struct telemetry_store *st,
					     const struct telemetry_labels *l, const char *source);

/* Adds one raw sample value (source unit): drops NaN, infinities and DCGM
 * blank sentinels (counted in st->blanks), scales, clamps ratios to [0,1].
 * A clock whose scale is TELEMETRY_SCALE_MHZ_OR_HZ is read as hertz when it is
 * 10^6 or more (dcgm-exporter 4.9.0 moved clocks from MHz to Hz under a name
 * not yet confirmed), else as MHz. */
void telemetry_store_add(struct telemetry_store *st, struct telemetry_series *s,
			 enum telemetry_metric m, double raw, double scale, long long ts_ms);

/*
 * Converts a summary in the source unit of a name of scale (see
 * telemetry_metric_lookup; a clock is read as hertz when its minimum is 10^6
 * or more) to the normalised unit; NaN quantiles stay NaN (not computed).
 * -1 when it cannot stand for its samples
 * as telemetry_store_add would read them: a non-finite value, a DCGM blank
 * sentinel within the range, a ratio outside [0, 1] (the samples would be
 * clamped), a clock mixing MHz and Hz.
 */
int telemetry_summary_normalise(enum telemetry_metric m, double scale,
				const struct telemetry_summary *in, struct telemetry_summary *out);

/* Moves every series of src into dst (src is left empty): a metric dst
 * already holds for the series is kept and the other dropped; returns how
 * many were dropped.  A series beyond dst->max_series is dropped too (and
 * dst->full set), not counted. */
size_t telemetry_store_merge(struct telemetry_store *dst, struct telemetry_store *src);

/* Completes the summary of a ratio metric with its 5th and 50th
 * percentiles (source unit, times scale; NaN: leave as is) and its idle
 * share (-1: leave as is).  No effect on an accumulator of samples. */
void telemetry_acc_summary_more(struct telemetry_acc *a, enum telemetry_metric m, double scale,
				double p5, double p50, double below);

/* Makes a normalised summary the statistics of metric m of s and counts its
 * samples in st->samples; -1, changing nothing, when m already holds some. */
int telemetry_store_add_summary(struct telemetry_store *st, struct telemetry_series *s,
				enum telemetry_metric m, const struct telemetry_summary *sum);

enum telemetry_format {
	TM_FORMAT_AUTO,
	TM_FORMAT_DCGM,       /* dcgm-exporter / Prometheus text exposition */
	TM_FORMAT_PROMJSON,   /* Prometheus query_range (matrix) JSON */
	TM_FORMAT_NVSMI,      /* nvidia-smi --query-gpu --format=csv */
	TM_FORMAT_DCGMI       /* dcgmi dmon */
};

/* "dcgm", "prometheus-json", "nvidia-smi", "dcgmi": 0 ok, -1 unknown. */
int telemetry_format_parse(const char *s, enum telemetry_format *out);
const char *telemetry_format_name(enum telemetry_format f);

struct telemetry_read_opts {
	enum telemetry_format format;  /* TM_FORMAT_AUTO: sniffed from the content */
	const char *columns;           /* nvidia-smi fields of a headerless file;
					  NULL: the documented default query */
	const char *host;              /* host of nvidia-smi/dcgmi files; NULL: the
					  file name without directory and extension */
	const char *metric;            /* query_range series without __name__ */
	int max_errors;                /* errors reported per file before giving up */
	int allow_empty;               /* JSON: an answer without samples is no error */
};

void telemetry_read_opts_default(struct telemetry_read_opts *o);

/*
 * Reads one file ("-" = stdin) into st.  Returns 0 when the file was read
 * with at least one sample; -1 with every problem in dl (FILE:LINE:COL)
 * otherwise: unreadable, empty, binary, truncated or malformed lines, or a
 * format that cannot be told.  Samples read before an error stay in st.
 */
int telemetry_read_file(struct telemetry_store *st, const char *path,
			const struct telemetry_read_opts *o, struct diag_list *dl);

/* Reads an open stream the same way; name is used in messages. */
int telemetry_read_stream(struct telemetry_store *st, FILE *f, const char *name,
			  const struct telemetry_read_opts *o, struct diag_list *dl);

/*
 * Reads a Prometheus HTTP API answer (query_range matrix or query vector)
 * held in buf.  Same contract as telemetry_read_file.  (prom_series.c)
 */
int telemetry_read_json(struct telemetry_store *st, const char *buf, size_t len,
			const char *name, const struct telemetry_read_opts *o,
			struct diag_list *dl);

/* The Prometheus names of metric m (legacy and DCGM 4.7+) as a regular
 * expression alternation for a {__name__=~"(?i)..."} selector; NULL when m
 * has none.  Caller frees. */
char *telemetry_prometheus_names(enum telemetry_metric m);

/* The distinct scales of m's Prometheus names, at most max of them, in the
 * order of the alias table; returns how many. */
size_t telemetry_prometheus_scales(enum telemetry_metric m, double *scales, size_t max);

/* Like telemetry_prometheus_names, only the names whose scale is scale. */
char *telemetry_prometheus_names_at(enum telemetry_metric m, double scale);

#endif
