/*
 * series_store.c - the accumulators of one metric of one series (count, sum,
 * minimum, maximum and a fixed histogram for the quantiles) and the store of
 * series keyed by host, device and MIG instance.  Memory grows with the
 * number of GPUs and MIG instances, never with the number of samples.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "telemetry.h"
#include "util.h"

/* DCGM_FP64_BLANK; every blank sentinel (and DCGM_INT64_BLANK = 2^63 - 16
 * and its +1..+3 variants) is at or above it.  Checked against NVIDIA/DCGM
 * dcgmlib/dcgm_structs.h. */
#define DCGM_BLANK_MIN 140737488355328.0

/* ---- accumulators ----------------------------------------------------- */

#define RATIO_STEPS 200     /* ratio histogram: bin = floor(v * 200), 0..200 */
#define ABS_PER_OCTAVE 5    /* absolute histogram: 5 linear bins per octave */
#define ABS_MIN_EXP (-5)    /* from 2^-5 */

static int hist_bin(enum telemetry_metric m, double v)
{
	if (telemetry_metric_is_ratio(m)) {
		int b = (int)(v * RATIO_STEPS + 1e-9);
		return b < 0 ? 0 : b > RATIO_STEPS ? RATIO_STEPS : b;
	}
	if (!(v > 0))
		return 0;
	int e;
	double f = frexp(v, &e);        /* v = f * 2^e, f in [0.5, 1) */
	int oct = e - 1 - ABS_MIN_EXP;
	if (oct < 0)
		return 1;
	int b = 1 + oct * ABS_PER_OCTAVE + (int)((f - 0.5) * 2 * ABS_PER_OCTAVE);
	return b >= TM_HIST_BINS ? TM_HIST_BINS - 1 : b;
}

/* Lower edge of a bin. */
static double hist_value(enum telemetry_metric m, int b)
{
	if (telemetry_metric_is_ratio(m))
		return (double)b / RATIO_STEPS;
	if (b == 0)
		return 0;
	int oct = (b - 1) / ABS_PER_OCTAVE, sub = (b - 1) % ABS_PER_OCTAVE;
	return ldexp(1.0 + (double)sub / ABS_PER_OCTAVE, oct + ABS_MIN_EXP);
}

void telemetry_acc_add(struct telemetry_acc *a, enum telemetry_metric m, double v)
{
	if (a->count == 0 || v < a->min)
		a->min = v;
	if (a->count == 0 || v > a->max)
		a->max = v;
	int b = hist_bin(m, v);
	if (a->count < TM_ACC_INLINE) {
		a->h.bins[a->count] = (uint8_t)b;
	} else {
		if (a->count == TM_ACC_INLINE) {
			uint32_t *hist = xcalloc(TM_HIST_BINS, sizeof(*hist));
			for (int i = 0; i < TM_ACC_INLINE; i++)
				hist[a->h.bins[i]]++;
			a->h.hist = hist;
		}
		a->h.hist[b]++;
	}
	a->count++;
	a->sum += v;
}

void telemetry_acc_release(struct telemetry_acc *a)
{
	if (a->summary)
		free(a->h.sq);
	else if (a->count > TM_ACC_INLINE)
		free(a->h.hist);
	memset(a, 0, sizeof(*a));
}

static double quantile(const struct telemetry_acc *a, enum telemetry_metric m, double q)
{
	if (!a->count)
		return a->max;
	uint64_t rank = (uint64_t)ceil(q * (double)a->count);
	if (rank < 1)
		rank = 1;
	int bin = TM_HIST_BINS;
	if (a->count <= TM_ACC_INLINE) {
		/* the rank-th smallest bin of the samples kept in place */
		uint8_t b[TM_ACC_INLINE];
		size_t n = (size_t)a->count;
		memcpy(b, a->h.bins, n);
		for (size_t i = 1; i < n; i++)
			for (size_t j = i; j > 0 && b[j - 1] > b[j]; j--) {
				uint8_t t = b[j];
				b[j] = b[j - 1];
				b[j - 1] = t;
			}
		bin = b[(rank <= n ? rank : n) - 1];
	} else {
		uint64_t cum = 0;
		for (int b = 0; b < TM_HIST_BINS; b++) {
			cum += a->h.hist[b];
			if (cum >= rank) {
				bin = b;
				break;
			}
		}
	}
	if (bin == TM_HIST_BINS)
		return a->max;
	double v = hist_value(m, bin);
	return v < a->min ? a->min : v > a->max ? a->max : v;
}

void telemetry_acc_stats(const struct telemetry_acc *a, enum telemetry_metric m,
			 struct telemetry_stats *out)
{
	memset(out, 0, sizeof(*out));
	out->count = a->count;
	if (!a->count)
		return;
	out->mean = a->sum / (double)a->count;
	out->min = a->min;
	out->max = a->max;
	if (a->summary) {
		out->p5 = a->h.sq->q[0];
		out->p50 = a->h.sq->q[1];
		out->p95 = a->h.sq->q[2];
		return;
	}
	out->p5 = quantile(a, m, 0.05);
	out->p50 = quantile(a, m, 0.50);
	out->p95 = quantile(a, m, 0.95);
}

/* The quantile v read as the histogram reads it (see quantile()). */
static double snap(enum telemetry_metric m, double v, double lo, double hi)
{
	if (isnan(v))
		return v;
	double b = hist_value(m, hist_bin(m, v));
	return b < lo ? lo : b > hi ? hi : b;
}

void telemetry_acc_set_summary(struct telemetry_acc *a, enum telemetry_metric m,
			       const struct telemetry_summary *s)
{
	telemetry_acc_release(a);
	a->summary = 1;
	a->count = s->count;
	a->sum = s->sum;
	a->min = s->min;
	a->max = s->max;
	a->h.sq = xmalloc(sizeof(*a->h.sq));
	a->h.sq->q[0] = snap(m, s->p5, s->min, s->max);
	a->h.sq->q[1] = snap(m, s->p50, s->min, s->max);
	a->h.sq->q[2] = snap(m, s->p95, s->min, s->max);
	a->h.sq->below = s->below;
}

double telemetry_acc_fraction_below(const struct telemetry_acc *a, double threshold)
{
	if (a->summary)
		return a->count && a->h.sq->below > 0 ? a->h.sq->below : 0;
	if (!a->count)
		return 0;
	int limit = (int)floor(threshold * RATIO_STEPS + 0.5);
	uint64_t below = 0;
	if (a->count <= TM_ACC_INLINE) {
		for (uint64_t i = 0; i < a->count; i++)
			below += a->h.bins[i] < limit;
	} else {
		for (int b = 0; b < limit && b < TM_HIST_BINS; b++)
			below += a->h.hist[b];
	}
	return (double)below / (double)a->count;
}

/* ---- store ------------------------------------------------------------ */

void telemetry_store_init(struct telemetry_store *st)
{
	memset(st, 0, sizeof(*st));
}

void telemetry_store_release(struct telemetry_store *st)
{
	for (size_t i = 0; i < st->n; i++) {
		for (int m = 0; m < TM_METRIC_COUNT; m++)
			telemetry_acc_release(&st->series[i]->m[m]);
		free(st->series[i]);
	}
	free(st->series);
	free(st->slots);
	memset(st, 0, sizeof(*st));
}

static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ull;
	}
	return h;
}

static uint64_t series_hash(const char *host, const char *dev, const char *mig)
{
	uint64_t h = 1469598103934665603ull;
	h = fnv1a(h, host, strlen(host) + 1);
	h = fnv1a(h, dev, strlen(dev) + 1);
	return fnv1a(h, mig, strlen(mig) + 1);
}

static const char *series_dev(const struct telemetry_series *s)
{
	return s->uuid[0] ? s->uuid : s->gpu;
}

static void store_index(struct telemetry_store *st, size_t pos)
{
	const struct telemetry_series *s = st->series[pos];
	size_t mask = st->nslots - 1;
	size_t i = series_hash(s->host, series_dev(s), s->mig_id) & mask;
	while (st->slots[i])
		i = (i + 1) & mask;
	st->slots[i] = pos + 1;
}

static void store_rehash(struct telemetry_store *st, size_t nslots)
{
	free(st->slots);
	st->nslots = nslots;
	st->slots = xcalloc(nslots, sizeof(size_t));
	for (size_t i = 0; i < st->n; i++)
		store_index(st, i);
}
struct telemetry_series *telemetry_store_get(struct telemetry_store *st,
					     const struct telemetry_labels *l, const char *source)
{
	const struct telemetry_series *id = &l->id;
	if (!id->gpu[0] && !id->uuid[0] && !id->mig_id[0])
		return NULL;
	if (!st->nslots)
		store_rehash(st, 64);
	size_t mask = st->nslots - 1;
	size_t i = series_hash(id->host, series_dev(id), id->mig_id) & mask;
	for (; st->slots[i]; i = (i + 1) & mask) {
		struct telemetry_series *s = st->series[st->slots[i] - 1];
		if (strcmp(s->host, id->host) == 0 && strcmp(series_dev(s), series_dev(id)) == 0 &&
		    strcmp(s->mig_id, id->mig_id) == 0) {
			/* attributes may appear or change later (a new pod) */
			if (id->pod[0])
				memcpy(s->pod, id->pod, sizeof(s->pod));
			if (id->namespace_[0])
				memcpy(s->namespace_, id->namespace_, sizeof(s->namespace_));
			if (id->model[0] && !s->model[0])
				memcpy(s->model, id->model, sizeof(s->model));
			if (id->mig_profile[0] && !s->mig_profile[0])
				memcpy(s->mig_profile, id->mig_profile, sizeof(s->mig_profile));
			if (id->gpu[0] && !s->gpu[0])
				memcpy(s->gpu, id->gpu, sizeof(s->gpu));
			return s;
		}
	}
	if (st->max_series && st->n >= st->max_series) {
		st->full = 1;
		return NULL;
	}
	struct telemetry_series *s = xcalloc(1, sizeof(*s));
	memcpy(s->host, id->host, sizeof(s->host));
	memcpy(s->gpu, id->gpu, sizeof(s->gpu));
	memcpy(s->uuid, id->uuid, sizeof(s->uuid));
	memcpy(s->model, id->model, sizeof(s->model));
	memcpy(s->mig_profile, id->mig_profile, sizeof(s->mig_profile));
	memcpy(s->mig_id, id->mig_id, sizeof(s->mig_id));
	memcpy(s->pod, id->pod, sizeof(s->pod));
	memcpy(s->namespace_, id->namespace_, sizeof(s->namespace_));
	util_copy_str(s->source, sizeof(s->source), source);
	if (st->n == st->cap) {
		st->cap = st->cap ? st->cap * 2 : 16;
		st->series = xrealloc(st->series, st->cap * sizeof(*st->series));
	}
	st->series[st->n++] = s;
	if (st->n * 2 > st->nslots)
		store_rehash(st, st->nslots * 2);
	else
		store_index(st, st->n - 1);
	return s;
}

void telemetry_store_add(struct telemetry_store *st, struct telemetry_series *s,
			 enum telemetry_metric m, double raw, double scale, long long ts_ms)
{
	if (isnan(raw) || isinf(raw) || raw >= DCGM_BLANK_MIN) {
		st->blanks++;
		return;
	}
	double v = scale == TELEMETRY_SCALE_MHZ_OR_HZ ? (raw >= 1e6 ? raw / 1e6 : raw)
						      : raw * scale;
	/* a utilisation, memory, power, clock or rate is never negative: such a
	 * sample is not a measurement (dropped and counted, not read as 0) */
	if (v < 0) {
		st->negative++;
		return;
	}
	if (telemetry_metric_is_ratio(m) && v > 1) {
		v = 1;
		s->m[m].clamped++;
		st->clamped++;
	}
	telemetry_acc_add(&s->m[m], m, v);
	st->samples++;
	if (ts_ms > 0) {
		if (!s->first_ms || ts_ms < s->first_ms)
			s->first_ms = ts_ms;
		if (ts_ms > s->last_ms)
			s->last_ms = ts_ms;
		if (!st->start_ms || ts_ms < st->start_ms)
			st->start_ms = ts_ms;
		if (ts_ms > st->end_ms)
			st->end_ms = ts_ms;
	}
}

int telemetry_summary_normalise(enum telemetry_metric m, double scale,
				const struct telemetry_summary *in, struct telemetry_summary *out)
{
	const double v[] = { in->sum, in->min, in->max, in->p5, in->p50, in->p95 };
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		if (!isfinite(v[i]) && !(i >= 3 && isnan(v[i])))   /* NaN: not computed */
			return -1;
	if (!in->count || in->min > in->max || in->max >= DCGM_BLANK_MIN)
		return -1;
	if (scale == TELEMETRY_SCALE_MHZ_OR_HZ) {
		if (in->min >= 1e6)
			scale = 1e-6;
		else if (in->max < 1e6)
			scale = 1;
		else
			return -1;
	}
	*out = *in;
	out->sum *= scale;
	out->min *= scale;
	out->max *= scale;
	out->p5 *= scale;
	out->p50 *= scale;
	out->p95 *= scale;
	if (telemetry_metric_is_ratio(m) && (out->min < 0 || out->max > 1))
		return -1;
	return 0;
}

void telemetry_acc_summary_more(struct telemetry_acc *a, enum telemetry_metric m, double scale,
				double p5, double p50, double below)
{
	if (!a->summary)
		return;
	if (isfinite(p5))
		a->h.sq->q[0] = snap(m, p5 * scale, a->min, a->max);
	if (isfinite(p50))
		a->h.sq->q[1] = snap(m, p50 * scale, a->min, a->max);
	if (isfinite(below) && below >= 0)
		a->h.sq->below = below;
}

size_t telemetry_store_merge(struct telemetry_store *dst, struct telemetry_store *src)
{
	size_t clashes = 0;
	for (size_t i = 0; i < src->n; i++) {
		struct telemetry_series *s = src->series[i];
		struct telemetry_labels l;
		telemetry_labels_clear(&l);
		memcpy(&l.id, s, sizeof(l.id));   /* only the identity fields are read */
		struct telemetry_series *d = telemetry_store_get(dst, &l, s->source);
		if (!d)
			continue;
		for (int m = 0; m < TM_METRIC_COUNT; m++) {
			if (!s->m[m].count)
				continue;
			if (d->m[m].count) {
				clashes++;
				continue;
			}
			d->m[m] = s->m[m];
			memset(&s->m[m], 0, sizeof(s->m[m]));
		}
		if (s->first_ms && (!d->first_ms || s->first_ms < d->first_ms))
			d->first_ms = s->first_ms;
		if (s->last_ms > d->last_ms)
			d->last_ms = s->last_ms;
	}
	dst->samples += src->samples;
	dst->blanks += src->blanks;
	dst->clamped += src->clamped;
	dst->negative += src->negative;
	if (src->start_ms && (!dst->start_ms || src->start_ms < dst->start_ms))
		dst->start_ms = src->start_ms;
	if (src->end_ms > dst->end_ms)
		dst->end_ms = src->end_ms;
	telemetry_store_release(src);
	telemetry_store_init(src);
	return clashes;
}

int telemetry_store_add_summary(struct telemetry_store *st, struct telemetry_series *s,
				enum telemetry_metric m, const struct telemetry_summary *sum)
{
	if (s->m[m].count)
		return -1;
	telemetry_acc_set_summary(&s->m[m], m, sum);
	st->samples += sum->count;
	return 0;
}

static long num_or_max(const char *s)
{
	char *end;
	if (!*s)
		return -1;
	long v = strtol(s, &end, 10);
	return *end ? 1000000 : v;
}

static int series_cmp(const void *pa, const void *pb)
{
	const struct telemetry_series *a = *(const struct telemetry_series *const *)pa;
	const struct telemetry_series *b = *(const struct telemetry_series *const *)pb;
	int c = strcmp(a->host, b->host);
	if (c)
		return c;
	/* an instance whose parent is unknown (dcgmi GPU-I) sorts after the GPUs */
	long ga = a->gpu[0] ? num_or_max(a->gpu) : 2000000;
	long gb = b->gpu[0] ? num_or_max(b->gpu) : 2000000;
	if (ga != gb)
		return ga < gb ? -1 : 1;
	if ((c = strcmp(a->gpu, b->gpu)) != 0)
		return c;
	if ((c = strcmp(a->uuid, b->uuid)) != 0)
		return c;
	long ma = num_or_max(a->mig_id), mb = num_or_max(b->mig_id);
	if (ma != mb)
		return ma < mb ? -1 : 1;
	return strcmp(a->mig_id, b->mig_id);
}

static int same_gpu(const struct telemetry_series *a, const struct telemetry_series *b)
{
	return strcmp(a->host, b->host) == 0 && strcmp(a->gpu, b->gpu) == 0 &&
	       strcmp(a->uuid, b->uuid) == 0 && (a->gpu[0] || a->uuid[0]);
}

void telemetry_store_finish(struct telemetry_store *st)
{
	if (st->n > 1)
		qsort(st->series, st->n, sizeof(*st->series), series_cmp);
	/* sorted, a GPU's whole-GPU series comes right before its instances */
	for (size_t i = 1; i < st->n; i++) {
		struct telemetry_series *s = st->series[i];
		if (!s->mig_id[0])
			continue;
		for (size_t j = i; j-- > 0 && same_gpu(st->series[j], s);) {
			if (!st->series[j]->mig_id[0]) {
				st->series[j]->mig_parent = 1;
				break;
			}
		}
	}
	if (st->nslots)
		store_rehash(st, st->nslots);
}
