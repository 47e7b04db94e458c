/*
 * telemetry.c - the telemetry readers: the labels that name a series, and
 * the streaming line readers for dcgm-exporter text, nvidia-smi CSV and
 * dcgmi dmon.  The metrics and their aliases are in metric_aliases.c, the
 * series store and its accumulators in series_store.c.
 *
 * Input is read through a fixed 1 MiB buffer, one line at a time, and every
 * sample goes straight into the accumulator of its series, so memory grows
 * with the number of GPUs and MIG instances, never with the input.  The
 * dcgm-exporter reader is the hot path (a week of scrapes of a fleet is
 * gigabytes): it remembers the metric of the previous line and maps the raw
 * label text of each line to its series through a small cache, so labels are
 * parsed once per distinct label set rather than once per line.
 *
 * Query_range JSON is not line based; it is handed to prom_series.c.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "json_read.h"
#include "telemetry.h"
#include "util.h"

#define READ_BUF (1u << 20)

/* ---- formats ---------------------------------------------------------- */

static const char *const format_names[] = { "auto", "dcgm", "prometheus-json", "nvidia-smi",
					     "dcgmi" };

int telemetry_format_parse(const char *s, enum telemetry_format *out)
{
	for (size_t i = 0; i < sizeof(format_names) / sizeof(format_names[0]); i++)
		if (strcmp(s, format_names[i]) == 0) {
			*out = (enum telemetry_format)i;
			return 0;
		}
	return -1;
}

const char *telemetry_format_name(enum telemetry_format f)
{
	return (unsigned)f < sizeof(format_names) / sizeof(format_names[0]) ? format_names[f] : "?";
}

void telemetry_read_opts_default(struct telemetry_read_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->format = TM_FORMAT_AUTO;
	o->max_errors = 20;
}

/* ---- labels ----------------------------------------------------------- */

void telemetry_labels_clear(struct telemetry_labels *l)
{
	memset(l, 0, sizeof(*l));
}

enum { LF_HOST, LF_GPU, LF_UUID, LF_MODEL, LF_MIGP, LF_MIGID, LF_POD, LF_NS };

struct label_rule {
	const char *key;
	int field;
	int prio;
};

/* Coalescing rules (reference: dcgm-exporter labels; exported_* from
 * Prometheus honor_labels: false; pod_name/uuid from --use-old-namespace). */
static const struct label_rule label_rules[] = {
	{ "hostname", LF_HOST, 3 },      /* also the older "Hostname" */
	{ "instance", LF_HOST, 1 },
	{ "gpu", LF_GPU, 1 },
	{ "uuid", LF_UUID, 3 },          /* "UUID", and "uuid" of the old namespace */
	{ "gpu_uuid", LF_UUID, 1 },
	{ "modelName", LF_MODEL, 2 },
	{ "model_name", LF_MODEL, 1 },
	{ "GPU_I_PROFILE", LF_MIGP, 1 },
	{ "GPU_I_ID", LF_MIGID, 1 },
	{ "exported_pod", LF_POD, 3 },   /* the workload's pod when Prometheus */
	{ "pod", LF_POD, 2 },            /* renamed it (pod is then the exporter's) */
	{ "pod_name", LF_POD, 1 },
	{ "exported_namespace", LF_NS, 3 },
	{ "namespace", LF_NS, 2 },
	{ "pod_namespace", LF_NS, 1 },
};

static void copy_field(char *dst, size_t cap, const char *v, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, v, n);
	dst[n] = '\0';
}

void telemetry_labels_set(struct telemetry_labels *l, const char *key, size_t klen,
			  const char *val, size_t vlen)
{
	if (vlen == 0)
		return;
	for (size_t i = 0; i < sizeof(label_rules) / sizeof(label_rules[0]); i++) {
		const struct label_rule *r = &label_rules[i];
		if (strlen(r->key) != klen || strncasecmp(r->key, key, klen) != 0)
			continue;
		if (l->prio[r->field] >= r->prio)
			return;
		l->prio[r->field] = r->prio;
		struct telemetry_series *s = &l->id;
		switch (r->field) {
		case LF_HOST: copy_field(s->host, sizeof(s->host), val, vlen); break;
		case LF_GPU: copy_field(s->gpu, sizeof(s->gpu), val, vlen); break;
		case LF_UUID: copy_field(s->uuid, sizeof(s->uuid), val, vlen); break;
		case LF_MODEL: copy_field(s->model, sizeof(s->model), val, vlen); break;
		case LF_MIGP: copy_field(s->mig_profile, sizeof(s->mig_profile), val, vlen); break;
		case LF_MIGID: copy_field(s->mig_id, sizeof(s->mig_id), val, vlen); break;
		case LF_POD: copy_field(s->pod, sizeof(s->pod), val, vlen); break;
		case LF_NS: copy_field(s->namespace_, sizeof(s->namespace_), val, vlen); break;
		}
		return;
	}
}

/* ---- reading context -------------------------------------------------- */

struct reader {
	struct telemetry_store *st;
	const struct telemetry_read_opts *o;
	struct diag_list *dl;
	const char *name;
	char host[96];          /* default host for sources without one */
	long line;
	int errors;
	int gave_up;
	uint64_t samples_before, negative_before;
};

static void rd_error(struct reader *r, long line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void rd_error(struct reader *r, long line, int col, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	r->errors++;
	if (r->errors <= r->o->max_errors) {
		diag_list_add(r->dl, DIAG_ERROR, r->name, (int)line, col, "%s", msg);
	} else if (!r->gave_up) {
		r->gave_up = 1;
		diag_list_add(r->dl, DIAG_ERROR, r->name, (int)line, 0,
			      "too many errors; giving up on this file");
	}
}

/* The series of l, or NULL; when NULL because the store is full (its
 * max_series), says so once at line:col and gives up on the file. */
static struct telemetry_series *rd_series(struct reader *r, const struct telemetry_labels *l,
					  const char *source, long line, int col)
{
	struct telemetry_series *s = telemetry_store_get(r->st, l, source);
	if (!s && r->st->full && !r->gave_up) {
		rd_error(r, line, col, TELEMETRY_FULL_MSG, r->st->max_series);
		r->gave_up = 1;
	}
	return s;
}

/* Quotes a short excerpt of bad input for a message. */
static const char *excerpt(char *buf, size_t cap, const char *s, size_t n)
{
	size_t i, o = 0;
	for (i = 0; i < n && o + 4 < cap; i++)
		buf[o++] = isprint((unsigned char)s[i]) ? s[i] : '?';
	if (i < n && o + 4 >= cap) {
		o = o > 3 ? o - 3 : 0;
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o] = '\0';
	return buf;
}

/* Fast decimal parse for the common "123" / "0.995630" forms; anything else
 * (exponents, NaN, Inf, long digit strings) goes through strtod. */
static const double pow10_tab[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
				    1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18 };

static int parse_number(const char *p, const char **endp, double *out)
{
	const char *s = p;
	int neg = 0;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	uint64_t m = 0;
	int nd = 0, frac = 0;
	while (*s >= '0' && *s <= '9') {
		m = m * 10 + (uint64_t)(*s++ - '0');
		nd++;
	}
	if (*s == '.') {
		s++;
		while (*s >= '0' && *s <= '9') {
			m = m * 10 + (uint64_t)(*s++ - '0');
			nd++;
			frac++;
		}
	}
	if (nd > 0 && nd <= 18 && *s != 'e' && *s != 'E') {
		double v = (double)m / pow10_tab[frac];
		*out = neg ? -v : v;
		*endp = s;
		return 0;
	}
	char *e;
	errno = 0;
	double v = strtod(p, &e);
	if (e == p)
		return -1;
	*out = v;
	*endp = e;
	return 0;
}

/* ---- dcgm-exporter / Prometheus text ---------------------------------- */

struct lcache_ent {
	uint64_t hash;
	char *raw;
	size_t len;
	struct telemetry_series *s;    /* NULL: labels name no GPU */
};

#define LCACHE_MAX (1u << 16)

struct prom_state {
	char last_name[128];
	size_t last_len;
	int last_metric;
	double last_scale;
	struct lcache_ent *ents;
	size_t nents, cap;
};

static void prom_cache_clear(struct prom_state *ps)
{
	for (size_t i = 0; i < ps->cap; i++)
		free(ps->ents[i].raw);
	free(ps->ents);
	ps->ents = NULL;
	ps->nents = ps->cap = 0;
}

static struct lcache_ent *prom_cache_find(struct prom_state *ps, uint64_t h, const char *raw,
					  size_t len)
{
	if (!ps->cap)
		return NULL;
	size_t mask = ps->cap - 1;
	for (size_t i = h & mask; ps->ents[i].raw; i = (i + 1) & mask)
		if (ps->ents[i].hash == h && ps->ents[i].len == len &&
		    memcmp(ps->ents[i].raw, raw, len) == 0)
			return &ps->ents[i];
	return NULL;
}

static void prom_cache_put(struct prom_state *ps, uint64_t h, const char *raw, size_t len,
			   struct telemetry_series *s)
{
	if (ps->nents >= LCACHE_MAX)
		prom_cache_clear(ps);
	if ((ps->nents + 1) * 2 > ps->cap) {
		size_t ncap = ps->cap ? ps->cap * 2 : 256;
		struct lcache_ent *old = ps->ents;
		size_t ocap = ps->cap;
		ps->ents = xcalloc(ncap, sizeof(*ps->ents));
		ps->cap = ncap;
		for (size_t i = 0; i < ocap; i++) {
			if (!old[i].raw)
				continue;
			size_t j = old[i].hash & (ncap - 1);
			while (ps->ents[j].raw)
				j = (j + 1) & (ncap - 1);
			ps->ents[j] = old[i];
		}
		free(old);
	}
	size_t mask = ps->cap - 1, i = h & mask;
	while (ps->ents[i].raw)
		i = (i + 1) & mask;
	ps->ents[i].hash = h;
	ps->ents[i].raw = xstrndup(raw, len);
	ps->ents[i].len = len;
	ps->ents[i].s = s;
	ps->nents++;
}

/* Hash of a label set's raw text, eight bytes at a time. */
static uint64_t label_hash(const char *s, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
	while (n >= 8) {
		uint64_t w;
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
		s += 8;
		n -= 8;
	}
	uint64_t w = 0;
	memcpy(&w, s, n);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
	return h ^ (h >> 29);
}

static int is_name_start(int c)
{
	return isalpha(c) || c == '_' || c == ':';
}

static int is_name_char(int c)
{
	return isalnum(c) || c == '_' || c == ':';
}

/* Parses the label set between '{' and '}' (p points after '{', end at the
 * '}').  Returns 0, or -1 after reporting the problem. */
static int prom_parse_labels(struct reader *r, const char *line, const char *p, const char *end,
			     struct telemetry_labels *lbl)
{
	char unesc[256];
	telemetry_labels_clear(lbl);
	while (p < end) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p >= end)
			break;
		const char *k = p;
		if (!is_name_start((unsigned char)*p)) {
			rd_error(r, r->line, (int)(p - line) + 1, "expected a label name, found '%c'",
				 *p);
			return -1;
		}
		while (p < end && is_name_char((unsigned char)*p))
			p++;
		size_t klen = (size_t)(p - k);
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p >= end || *p != '=') {
			rd_error(r, r->line, (int)(p - line) + 1,
				 "expected '=' after label '%.*s'", (int)klen, k);
			return -1;
		}
		p++;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p >= end || *p != '"') {
			rd_error(r, r->line, (int)(p - line) + 1,
				 "expected '\"' to open the value of label '%.*s'", (int)klen, k);
			return -1;
		}
		p++;
		size_t n = 0;
		while (p < end && *p != '"') {
			char c = *p++;
			if (c == '\\' && p < end) {
				c = *p++;
				if (c == 'n')
					c = '\n';
			}
			if (n < sizeof(unesc) - 1)
				unesc[n++] = c;
		}
		p++; /* the closing quote; prom_scan_labels checked it exists */
		telemetry_labels_set(lbl, k, klen, unesc, n);
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p < end) {
			if (*p != ',') {
				rd_error(r, r->line, (int)(p - line) + 1,
					 "expected ',' or '}' after the value of label '%.*s'",
					 (int)klen, k);
				return -1;
			}
			p++;
		}
	}
	return 0;
}

static void prom_line(struct reader *r, struct prom_state *ps, char *line, size_t len)
{
	const char *p = line, *end = line + len;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end || *p == '#')
		return;
	const char *name = p;
	size_t nlen;
	int metric;
	double scale;
	/* most lines repeat the previous line's metric */
	if (ps->last_len && (size_t)(end - p) > ps->last_len &&
	    memcmp(p, ps->last_name, ps->last_len) == 0 &&
	    (p[ps->last_len] == '{' || p[ps->last_len] == ' ')) {
		nlen = ps->last_len;
		metric = ps->last_metric;
		scale = ps->last_scale;
		p += nlen;
		goto named;
	}
	if (!is_name_start((unsigned char)*p)) {
		char ex[48];
		rd_error(r, r->line, (int)(p - line) + 1, "expected a metric name, found '%s'",
			 excerpt(ex, sizeof(ex), p, (size_t)(end - p)));
		return;
	}
	while (p < end && is_name_char((unsigned char)*p))
		p++;
	nlen = (size_t)(p - name);
	if (nlen == ps->last_len && memcmp(name, ps->last_name, nlen) == 0) {
		metric = ps->last_metric;
		scale = ps->last_scale;
	} else {
		metric = telemetry_metric_lookup(name, nlen, &scale);
		if (nlen < sizeof(ps->last_name)) {
			memcpy(ps->last_name, name, nlen);
			ps->last_len = nlen;
			ps->last_metric = metric;
			ps->last_scale = scale;
		}
	}

named:;
	/*
	 * The label set.  Fast path: up to the first '}', looked up in the
	 * cache of label sets already parsed; a hit is a set that was fully
	 * checked before.  On a miss, find the real end respecting quotes (a
	 * value may hold '}'), then parse and remember it.
	 */
	const char *lb = NULL, *le = NULL;
	struct lcache_ent *ce = NULL;
	uint64_t h = 0;
	if (p < end && *p == '{') {
		lb = ++p;
		le = memchr(lb, '}', (size_t)(end - lb));
		if (le) {
			h = label_hash(lb, (size_t)(le - lb));
			ce = prom_cache_find(ps, h, lb, (size_t)(le - lb));
		}
		if (!ce) {
			int inq = 0;
			for (; p < end; p++) {
				char c = *p;
				if (inq) {
					if (c == '\\' && p + 1 < end)
						p++;
					else if (c == '"')
						inq = 0;
				} else if (c == '"') {
					inq = 1;
				} else if (c == '}') {
					break;
				}
			}
			if (p >= end) {
				rd_error(r, r->line, (int)(lb - line),
					 inq ? "unterminated label value (truncated line?)"
					     : "unterminated label set: missing '}' (truncated line?)");
				return;
			}
			le = p;
			h = label_hash(lb, (size_t)(le - lb));
		}
		p = le + 1;
	}
	if (p >= end || (*p != ' ' && *p != '\t')) {
		if (p >= end)
			rd_error(r, r->line, (int)(p - line) + 1,
				 "missing sample value after '%.*s' (truncated line?)", (int)nlen,
				 name);
		else
			rd_error(r, r->line, (int)(p - line) + 1,
				 "expected a space before the sample value, found '%c'", *p);
		return;
	}
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end) {
		rd_error(r, r->line, (int)(p - line) + 1,
			 "missing sample value after '%.*s' (truncated line?)", (int)nlen, name);
		return;
	}
	const char *vs = p;
	double v;
	if (parse_number(vs, &p, &v) != 0 || (p < end && *p != ' ' && *p != '\t')) {
		const char *ve = vs;
		while (ve < end && *ve != ' ' && *ve != '\t')
			ve++;
		char ex[48];
		rd_error(r, r->line, (int)(vs - line) + 1, "invalid sample value '%s'",
			 excerpt(ex, sizeof(ex), vs, (size_t)(ve - vs)));
		return;
	}
	long long ts = 0;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p < end) {
		const char *tstart = p;
		int neg = *p == '-';
		p += neg;
		const char *digits = p;
		while (p < end && *p >= '0' && *p <= '9' && p - digits < 18)
			ts = ts * 10 + (*p++ - '0');
		if (neg)
			ts = -ts;
		const char *te = p;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (te == digits || p < end) {
			char ex[48];
			rd_error(r, r->line, (int)(tstart - line) + 1,
				 "invalid timestamp '%s' (milliseconds expected)",
				 excerpt(ex, sizeof(ex), tstart, (size_t)(end - tstart)));
			return;
		}
	}

	struct telemetry_series *s = NULL;
	if (lb) {
		size_t llen = (size_t)(le - lb);
		if (ce) {
			s = ce->s;
		} else {
			struct telemetry_labels lbl;
			if (prom_parse_labels(r, line, lb, le, &lbl) != 0)
				return;
			if (!lbl.id.host[0])
				memcpy(lbl.id.host, r->host, sizeof(lbl.id.host));
			s = rd_series(r, &lbl, "dcgm-exporter", r->line, (int)(lb - line));
			prom_cache_put(ps, h, lb, llen, s);
		}
	}
	if (metric < 0 || !s)
		return;
	telemetry_store_add(r->st, s, (enum telemetry_metric)metric, v, scale, ts);
}

/* ---- nvidia-smi --query-gpu CSV --------------------------------------- */

enum smi_kind { SMI_IGNORE, SMI_TIMESTAMP, SMI_NAME, SMI_BUS, SMI_UUID, SMI_INDEX, SMI_METRIC };

#define SMI_MAX_COLS 256
#define SMI_MAX_GPUS 64

struct smi_col {
	enum smi_kind kind;
	int metric;
	double scale;
	char field[40];
};

struct smi_state {
	struct smi_col cols[SMI_MAX_COLS];
	int ncols;
	int have_header;
	char seen[SMI_MAX_GPUS][64];   /* GPU keys in order of appearance, for an index */
	int nseen;
};

/* The query docs/analyze.md asks users to run; a headerless file is read with it. */
static const char smi_default_columns[] =
	"timestamp,name,pci.bus_id,uuid,utilization.gpu,utilization.memory,"
	"memory.total,memory.used,power.draw";

static void trim(const char **s, const char **e)
{
	while (*s < *e && isspace((unsigned char)**s))
		(*s)++;
	while (*e > *s && isspace((unsigned char)(*e)[-1]))
		(*e)--;
}

/* Sets the columns from a header or --columns list (only checks the line
 * when ss is NULL); -1 when it is not one. */
static int smi_set_columns(struct smi_state *ss, const char *line, size_t len)
{
	const char *p = line, *end = line + len;
	int n = 0;
	while (p <= end) {
		const char *q = memchr(p, ',', (size_t)(end - p));
		const char *fe = q ? q : end;
		const char *fs = p;
		trim(&fs, &fe);
		const char *br = memchr(fs, '[', (size_t)(fe - fs));
		const char *ne = br ? br : fe;
		while (ne > fs && isspace((unsigned char)ne[-1]))
			ne--;
		if (ne == fs || n >= SMI_MAX_COLS || !islower((unsigned char)*fs))
			return -1;
		for (const char *c = fs; c < ne; c++)
			if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '.' ||
			      *c == '_'))
				return -1;
		if (!ss) {
			n++;
			if (!q)
				break;
			p = q + 1;
			continue;
		}
		struct smi_col *col = &ss->cols[n++];
		memset(col, 0, sizeof(*col));
		copy_field(col->field, sizeof(col->field), fs, (size_t)(ne - fs));
		if (strcmp(col->field, "timestamp") == 0)
			col->kind = SMI_TIMESTAMP;
		else if (strcmp(col->field, "name") == 0 || strcmp(col->field, "gpu_name") == 0)
			col->kind = SMI_NAME;
		else if (strcmp(col->field, "pci.bus_id") == 0 || strcmp(col->field, "gpu_bus_id") == 0)
			col->kind = SMI_BUS;
		else if (strcmp(col->field, "uuid") == 0 || strcmp(col->field, "gpu_uuid") == 0)
			col->kind = SMI_UUID;
		else if (strcmp(col->field, "index") == 0)
			col->kind = SMI_INDEX;
		else if ((col->metric = telemetry_metric_lookup(col->field, strlen(col->field),
								&col->scale)) >= 0)
			col->kind = SMI_METRIC;
		else
			col->kind = SMI_IGNORE;
		if (!q)
			break;
		p = q + 1;
	}
	if (ss)
		ss->ncols = n;
	return 0;
}

/* Days since 1970-01-01 of a civil date (proleptic Gregorian). */
/* "2026/07/14 08:12:53.353" (local time without a zone; read as UTC) -> ms;
 * -1 when malformed. */
static long long smi_timestamp(const char *s, size_t n)
{
	int y, mo, d, h, mi, sec, ms = 0, used = 0;
	char buf[40];
	if (n >= sizeof(buf))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (sscanf(buf, "%4d/%2d/%2d %2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &sec, &used) != 6)
		return -1;
	if (buf[used] == '.') {
		int digits = 0;
		for (const char *c = buf + used + 1; isdigit((unsigned char)*c) && digits < 3; c++)
			ms = ms * 10 + (*c - '0'), digits++;
		while (digits++ < 3)
			ms *= 10;
	}
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60)
		return -1;
	return (util_days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 + h * 3600 + mi * 60 + sec) *
		       1000 + ms;
}

static int smi_is_blank(const char *s, size_t n)
{
	static const char *const blanks[] = { "[N/A]", "N/A", "[Not Supported]", "[Unknown Error]",
					      "[Insufficient Permissions]", "-", "" };
	for (size_t i = 0; i < sizeof(blanks) / sizeof(blanks[0]); i++)
		if (strlen(blanks[i]) == n && strncmp(blanks[i], s, n) == 0)
			return 1;
	return 0;
}

static void smi_line(struct reader *r, struct smi_state *ss, char *line, size_t len)
{
	const char *fs[SMI_MAX_COLS], *fe[SMI_MAX_COLS];
	int n = 0;
	const char *p = line, *end = line + len;
	{
		const char *a = line, *b = end;
		trim(&a, &b);
		if (a == b)
			return;
	}
	/* a header, first or repeated (concatenated files) */
	if (smi_set_columns(NULL, line, len) == 0) {
		smi_set_columns(ss, line, len);
		ss->have_header = 1;
		return;
	}
	if (!ss->have_header) {
		ss->have_header = 1;
		const char *cols = r->o->columns ? r->o->columns : smi_default_columns;
		if (smi_set_columns(NULL, cols, strlen(cols)) != 0 ||
		    smi_set_columns(ss, cols, strlen(cols)) != 0) {
			rd_error(r, r->line, 0, "cannot use the column list '%s'", cols);
			return;
		}
	}
	for (;;) {
		const char *q = memchr(p, ',', (size_t)(end - p));
		if (n >= SMI_MAX_COLS)
			break;
		fs[n] = p;
		fe[n] = q ? q : end;
		n++;
		if (!q)
			break;
		p = q + 1;
	}
	if (n != ss->ncols) {
		rd_error(r, r->line, 1, "expected %d comma-separated fields, found %d%s", ss->ncols, n,
			 n < ss->ncols ? " (truncated line?)" : "");
		return;
	}
	struct telemetry_labels lbl;
	telemetry_labels_clear(&lbl);
	memcpy(lbl.id.host, r->host, sizeof(lbl.id.host));
	long long ts = 0;
	char key[64] = "";
	double vals[SMI_MAX_COLS];
	int have[SMI_MAX_COLS];
	for (int i = 0; i < n; i++) {
		const char *a = fs[i], *b = fe[i];
		trim(&a, &b);
		size_t fl = (size_t)(b - a);
		struct smi_col *c = &ss->cols[i];
		have[i] = 0;
		switch (c->kind) {
		case SMI_IGNORE:
			break;
		case SMI_TIMESTAMP:
			if ((ts = smi_timestamp(a, fl)) < 0) {
				char ex[48];
				rd_error(r, r->line, (int)(a - line) + 1,
					 "invalid timestamp '%s' (YYYY/MM/DD HH:MM:SS.mmm expected)",
					 excerpt(ex, sizeof(ex), a, fl));
				return;
			}
			break;
		case SMI_NAME:
			copy_field(lbl.id.model, sizeof(lbl.id.model), a, fl);
			break;
		case SMI_BUS:
			if (!key[0])
				copy_field(key, sizeof(key), a, fl);
			break;
		case SMI_UUID:
			copy_field(key, sizeof(key), a, fl);
			copy_field(lbl.id.uuid, sizeof(lbl.id.uuid), a, fl);
			break;
		case SMI_INDEX:
			copy_field(lbl.id.gpu, sizeof(lbl.id.gpu), a, fl);
			break;
		case SMI_METRIC: {
			if (smi_is_blank(a, fl)) {
				r->st->blanks++;
				break;
			}
			const char *ve;
			double v;
			int ok = parse_number(a, &ve, &v) == 0 && ve <= b;
			if (ok) {
				while (ve < b && *ve == ' ')
					ve++;
				size_t ul = (size_t)(b - ve);
				ok = ul == 0 || (ul == 1 && *ve == '%') ||
				     (ul == 3 && strncmp(ve, "MiB", 3) == 0) ||
				     (ul == 3 && strncmp(ve, "MHz", 3) == 0) ||
				     (ul == 1 && *ve == 'W');
			}
			if (!ok) {
				char ex[48];
				rd_error(r, r->line, (int)(a - line) + 1,
					 "invalid value '%s' for '%s'", excerpt(ex, sizeof(ex), a, fl),
					 c->field);
				return;
			}
			vals[i] = v;
			have[i] = 1;
			break;
		}
		}
	}
	if (!lbl.id.gpu[0]) {
		/* no index column: number GPUs in order of first appearance */
		int k;
		for (k = 0; k < ss->nseen; k++)
			if (strcmp(ss->seen[k], key) == 0)
				break;
		if (k == ss->nseen && ss->nseen < SMI_MAX_GPUS)
			memcpy(ss->seen[ss->nseen++], key, sizeof(key));
		snprintf(lbl.id.gpu, sizeof(lbl.id.gpu), "%d", k);
	}
	if (!lbl.id.uuid[0] && key[0])
		copy_field(lbl.id.uuid, sizeof(lbl.id.uuid), key, strlen(key));
	struct telemetry_series *s = rd_series(r, &lbl, "nvidia-smi", r->line, 1);
	if (!s)
		return;
	for (int i = 0; i < n; i++)
		if (have[i])
			telemetry_store_add(r->st, s, (enum telemetry_metric)ss->cols[i].metric,
					    vals[i], ss->cols[i].scale, ts);
}

/* ---- dcgmi dmon ------------------------------------------------------- */

#define DMON_MAX 64

struct dmon_state {
	int nfields;
	int metric[DMON_MAX];
	double scale[DMON_MAX];
};

static size_t split_ws(char *line, size_t len, char **tok, size_t *toklen, size_t max)
{
	size_t n = 0;
	char *p = line, *end = line + len;
	while (p < end && n < max) {
		while (p < end && isspace((unsigned char)*p))
			p++;
		if (p >= end)
			break;
		tok[n] = p;
		while (p < end && !isspace((unsigned char)*p))
			p++;
		toklen[n] = (size_t)(p - tok[n]);
		n++;
	}
	return n;
}

static int tok_is(const char *t, size_t n, const char *s)
{
	return strlen(s) == n && strncmp(t, s, n) == 0;
}

static void dmon_line(struct reader *r, struct dmon_state *ds, char *line, size_t len)
{
	char *tok[DMON_MAX + 4];
	size_t tl[DMON_MAX + 4];
	size_t n = split_ws(line, len, tok, tl, DMON_MAX + 4);
	if (n == 0)
		return;
	if (tl[0] >= 7 && strncmp(tok[0], "#Entity", 7) == 0) {
		ds->nfields = 0;
		for (size_t i = 1; i < n && ds->nfields < DMON_MAX; i++) {
			int m = telemetry_metric_lookup(tok[i], tl[i], &ds->scale[ds->nfields]);
			ds->metric[ds->nfields++] = m;
		}
		return;
	}
	if (tok_is(tok[0], tl[0], "ID") || tok[0][0] == '#')
		return;
	int mig;
	if (tok_is(tok[0], tl[0], "GPU"))
		mig = 0;
	else if (tok_is(tok[0], tl[0], "GPU-I") || tok_is(tok[0], tl[0], "GPU_I"))
		mig = 1;
	else if (isupper((unsigned char)tok[0][0]) && ds->nfields)
		return;   /* other entities: switches, CPUs, compute instances, links */
	else {
		char ex[48];
		rd_error(r, r->line, (int)(tok[0] - line) + 1, "expected an entity such as 'GPU 0', found '%s'",
			 excerpt(ex, sizeof(ex), tok[0], tl[0]));
		return;
	}
	if (!ds->nfields) {
		rd_error(r, r->line, 1, "data row before the '#Entity' header line");
		return;
	}
	if (n >= 3 && tok_is(tok[2], tl[2], "LINK"))
		return;
	if (n < 2 || n - 2 != (size_t)ds->nfields) {
		rd_error(r, r->line, 1, "expected %d values after the entity, found %d%s", ds->nfields,
			 n < 2 ? 0 : (int)(n - 2), n - 2 < (size_t)ds->nfields ? " (truncated line?)" : "");
		return;
	}
	struct telemetry_labels lbl;
	telemetry_labels_clear(&lbl);
	memcpy(lbl.id.host, r->host, sizeof(lbl.id.host));
	if (mig)
		copy_field(lbl.id.mig_id, sizeof(lbl.id.mig_id), tok[1], tl[1]);
	else
		copy_field(lbl.id.gpu, sizeof(lbl.id.gpu), tok[1], tl[1]);
	double vals[DMON_MAX];
	for (int i = 0; i < ds->nfields; i++) {
		char *t = tok[i + 2];
		if (tok_is(t, tl[i + 2], "N/A")) {
			vals[i] = NAN;
			continue;
		}
		const char *e;
		if (parse_number(t, &e, &vals[i]) != 0 || e != t + tl[i + 2]) {
			char ex[48];
			rd_error(r, r->line, (int)(t - line) + 1, "invalid value '%s'",
				 excerpt(ex, sizeof(ex), t, tl[i + 2]));
			return;
		}
	}
	struct telemetry_series *s = rd_series(r, &lbl, "dcgmi", r->line, 1);
	for (int i = 0; s && i < ds->nfields; i++) {
		if (ds->metric[i] < 0)
			continue;
		if (isnan(vals[i]))
			r->st->blanks++;
		else
			telemetry_store_add(r->st, s, (enum telemetry_metric)ds->metric[i], vals[i],
					    ds->scale[i], 0);
	}
}

/* ---- the line reader and format sniffing ------------------------------ */

static enum telemetry_format sniff(const char *line, size_t len)
{
	const char *p = line, *end = line + len;
	while (p < end && isspace((unsigned char)*p))
		p++;
	if (p == end)
		return TM_FORMAT_AUTO;
	if (*p == '{' || *p == '[')
		return TM_FORMAT_PROMJSON;
	if ((size_t)(end - p) >= 7 && strncmp(p, "#Entity", 7) == 0)
		return TM_FORMAT_DCGMI;
	if (*p == '#')
		return TM_FORMAT_DCGM;
	const char *q = p;
	while (q < end && is_name_char((unsigned char)*q))
		q++;
	/* "name{" or "name 1.5"; a YAML "key: value" ends its name with ':' */
	if (q > p && q < end && is_name_start((unsigned char)*p) &&
	    (*q == '{' || (*q == ' ' && q[-1] != ':' && q + 1 < end &&
			   (isdigit((unsigned char)q[1]) || q[1] == '-' || q[1] == '+' ||
			    q[1] == 'N' || q[1] == 'I'))))
		return TM_FORMAT_DCGM;
	if (memchr(p, ',', (size_t)(end - p))) {
		if (smi_set_columns(NULL, p, (size_t)(end - p)) == 0)
			return TM_FORMAT_NVSMI;
		if (smi_timestamp(p, 23) >= 0 || smi_timestamp(p, 19) >= 0)
			return TM_FORMAT_NVSMI;
	}
	return TM_FORMAT_AUTO;
}

static void default_host(struct reader *r, const char *path)
{
	if (r->o->host) {
		copy_field(r->host, sizeof(r->host), r->o->host, strlen(r->o->host));
		return;
	}
	if (strcmp(path, "-") == 0) {
		strcpy(r->host, "stdin");
		return;
	}
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	const char *dot = strchr(b, '.');
	size_t n = dot && dot > b ? (size_t)(dot - b) : strlen(b);
	copy_field(r->host, sizeof(r->host), b, n);
}

static int finish(struct reader *r, long lines_seen)
{
	if (r->errors)
		return -1;
	if (r->st->samples == r->samples_before) {
		uint64_t neg = r->st->negative - r->negative_before;

		if (neg)
			diag_list_add(r->dl, DIAG_ERROR, r->name, (int)lines_seen, 0,
				      "no GPU samples found: %llu negative ones ignored (no utilisation, "
				      "memory, power or clock is below 0)", (unsigned long long)neg);
		else
			diag_list_add(r->dl, DIAG_ERROR, r->name, lines_seen ? (int)lines_seen : 1, 0,
				      lines_seen ? "no GPU samples found (wrong format or no known "
						   "metrics?)"
						 : "empty file: no telemetry samples");
		return -1;
	}
	return 0;
}

/* Appends the rest of f to sb: 0, 1 when the whole would pass
 * TELEMETRY_JSON_MAX (reading stops there), -1 on a read error. */
static int json_rest(FILE *f, struct strbuf *sb)
{
	struct stat fs;
	if (fstat(fileno(f), &fs) == 0 && S_ISREG(fs.st_mode) && fs.st_size > 0) {
		long pos = ftell(f);
		unsigned long long size = (unsigned long long)fs.st_size;
		unsigned long long at = pos > 0 ? (unsigned long long)pos : 0;
		if (size > at && size - at + sb->len > TELEMETRY_JSON_MAX)
			return 1;
	}
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
		if (sb->len > TELEMETRY_JSON_MAX || n > TELEMETRY_JSON_MAX - sb->len)
			return 1;
		strbuf_add(sb, buf, n);
	}
	return ferror(f) ? -1 : 0;
}

/* Reads the rest of f after the sb->len bytes already in sb and parses the
 * whole as one Prometheus JSON answer, bounded by TELEMETRY_JSON_MAX. */
static void read_json(struct reader *r, FILE *f, struct strbuf *sb)
{
	int rc = json_rest(f, sb);
	if (rc > 0)
		rd_error(r, 0, 0, TELEMETRY_JSON_BIG_MSG, TELEMETRY_JSON_MAX);
	else if (rc < 0)
		rd_error(r, 0, 0, "read error: %s", util_strerror(errno));
	else if (memchr(sb->buf, '\0', sb->len))
		rd_error(r, r->line, 0, "binary data (a NUL byte) in a JSON file");
	else if (telemetry_read_json(r->st, sb->buf, sb->len, r->name, r->o, r->dl) != 0)
		r->errors++;
}

int telemetry_read_stream(struct telemetry_store *st, FILE *f, const char *name,
			  const struct telemetry_read_opts *o, struct diag_list *dl)
{
	struct reader r = { .st = st, .o = o, .dl = dl, .name = name,
			    .samples_before = st->samples, .negative_before = st->negative };
	struct telemetry_read_opts defaults;
	if (!o) {
		telemetry_read_opts_default(&defaults);
		r.o = o = &defaults;
	}
	default_host(&r, name);
	enum telemetry_format fmt = o->format;
	struct prom_state ps = { .last_metric = -1 };
	struct smi_state *ss = xcalloc(1, sizeof(*ss));
	struct dmon_state ds = { 0 };
	char *buf = xmalloc(READ_BUF + 1);
	size_t start = 0, end = 0;
	int eof = 0, rc;
	long lines = 0;

	for (;;) {
		/* JSON is read whole as soon as its first byte is seen: a compact
		 * Prometheus answer is one line of any length. */
		if (fmt == TM_FORMAT_AUTO || fmt == TM_FORMAT_PROMJSON) {
			const char *p = buf + start, *e = buf + end;
			while (p < e && isspace((unsigned char)*p))
				p++;
			if (p < e && (fmt == TM_FORMAT_PROMJSON || *p == '{' || *p == '[')) {
				struct strbuf sb = STRBUF_INIT;
				strbuf_add(&sb, buf + start, end - start);
				read_json(&r, f, &sb);
				strbuf_release(&sb);
				lines = 1;
				break;
			}
		}
		char *nl = end > start ? memchr(buf + start, '\n', end - start) : NULL;
		if (!nl && !eof) {
			if (start > 0) {
				memmove(buf, buf + start, end - start);
				end -= start;
				start = 0;
			}
			if (end == READ_BUF) {
				rd_error(&r, r.line + 1, 0, "line longer than %u bytes (binary file?)",
					 READ_BUF);
				break;
			}
			size_t got = fread(buf + end, 1, READ_BUF - end, f);
			if (got == 0) {
				if (ferror(f)) {
					rd_error(&r, r.line + 1, 0, "read error: %s", util_strerror(errno));
					break;
				}
				eof = 1;
			}
			end += got;
			continue;
		}
		if (!nl && start == end)
			break;
		char *line = buf + start;
		size_t len = nl ? (size_t)(nl - line) : end - start;
		start += len + (nl ? 1 : 0);
		line[len] = '\0';
		r.line++;
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		const char *nul = memchr(line, '\0', len);
		if (nul) {
			rd_error(&r, r.line, (int)(nul - line) + 1,
				 "binary data (a NUL byte) in a text telemetry file");
			break;
		}
		lines++;
		if (fmt == TM_FORMAT_AUTO) {
			fmt = sniff(line, len);
			if (fmt == TM_FORMAT_AUTO) {
				const char *p = line;
				while (*p && isspace((unsigned char)*p))
					p++;
				if (!*p)
					continue;
				rd_error(&r, r.line, 1,
					 "cannot tell the telemetry format (dcgm-exporter text, "
					 "Prometheus JSON, nvidia-smi CSV or dcgmi dmon expected); "
					 "use --input-format");
				break;
			}
		}
		if (fmt == TM_FORMAT_PROMJSON) {
			/* not line based: gather the rest and parse it whole */
			struct strbuf sb = STRBUF_INIT;
			strbuf_add(&sb, line, len);
			strbuf_add(&sb, "\n", 1);
			strbuf_add(&sb, buf + start, end - start);
			read_json(&r, f, &sb);
			strbuf_release(&sb);
			lines = 1;
			break;
		}
		if (r.gave_up)
			break;
		switch (fmt) {
		case TM_FORMAT_DCGM: prom_line(&r, &ps, line, len); break;
		case TM_FORMAT_NVSMI: smi_line(&r, ss, line, len); break;
		case TM_FORMAT_DCGMI: dmon_line(&r, &ds, line, len); break;
		default: break;
		}
	}
	rc = finish(&r, lines);
	prom_cache_clear(&ps);
	free(ss);
	free(buf);
	return rc;
}

int telemetry_read_file(struct telemetry_store *st, const char *path,
			const struct telemetry_read_opts *o, struct diag_list *dl)
{
	if (strcmp(path, "-") == 0)
		return telemetry_read_stream(st, stdin, "-", o, dl);
	FILE *f = fopen(path, "rb");
	if (!f) {
		diag_list_add(dl, DIAG_ERROR, path, 0, 0, "cannot open: %s", util_strerror(errno));
		return -1;
	}
	int rc = telemetry_read_stream(st, f, path, o, dl);
	fclose(f);
	return rc;
}
