/*
 * util.c - checked allocation, string buffers, a string map, edit distance,
 * parsing of numbers, sizes and dates, money formatting.  No I/O beyond the
 * fatal out-of-memory message.
 */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static void oom(void)
{
	fputs("gpufit: error: out of memory\n", stderr);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		oom();
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static void strbuf_grow(struct strbuf *sb, size_t extra)
{
	if (sb->buf && sb->len + extra + 1 <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < sb->len + extra + 1)
		cap *= 2;
	sb->buf = xrealloc(sb->buf, cap);
	sb->cap = cap;
}

struct strmap_ent {
	char *key;      /* NULL: empty slot */
	uint64_t hash;
	size_t val;
};

static uint64_t strmap_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ull;
	}
	return h;
}

static struct strmap_ent *strmap_slot(struct strmap_ent *ents, size_t cap, const char *key,
				      uint64_t h)
{
	size_t mask = cap - 1, i = (size_t)h & mask;
	while (ents[i].key && (ents[i].hash != h || strcmp(ents[i].key, key) != 0))
		i = (i + 1) & mask;
	return &ents[i];
}

size_t *strmap_get(const struct strmap *m, const char *key)
{
	if (!m->cap)
		return NULL;
	struct strmap_ent *e = strmap_slot(m->ents, m->cap, key, strmap_hash(key));
	return e->key ? &e->val : NULL;
}

void strmap_put(struct strmap *m, const char *key, size_t val)
{
	if ((m->n + 1) * 2 > m->cap) {
		size_t ncap = m->cap ? m->cap * 2 : 64;
		struct strmap_ent *ne = xcalloc(ncap, sizeof(*ne));
		for (size_t i = 0; i < m->cap; i++)
			if (m->ents[i].key)
				*strmap_slot(ne, ncap, m->ents[i].key, m->ents[i].hash) = m->ents[i];
		free(m->ents);
		m->ents = ne;
		m->cap = ncap;
	}
	uint64_t h = strmap_hash(key);
	struct strmap_ent *e = strmap_slot(m->ents, m->cap, key, h);
	if (!e->key) {
		e->key = xstrdup(key);
		e->hash = h;
		m->n++;
	}
	e->val = val;
}

const char *strmap_intern(struct strmap *m, const char *key)
{
	if (!strmap_get(m, key))
		strmap_put(m, key, 0);
	return strmap_slot(m->ents, m->cap, key, strmap_hash(key))->key;
}

void strmap_release(struct strmap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->ents[i].key);
	free(m->ents);
	m->ents = NULL;
	m->n = m->cap = 0;
}

void strbuf_add(struct strbuf *sb, const char *s, size_t n)
{
	strbuf_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	strbuf_grow(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

const char *strbuf_str(const struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}

size_t util_edit_distance(const char *a, const char *b)
{
	/* Optimal string alignment: Levenshtein plus adjacent transpositions,
	 * so "fp61" is one step from "fp16".  Three rolling rows. */
	size_t la = strlen(a), lb = strlen(b);
	size_t *prev2 = xcalloc(lb + 1, sizeof *prev2);
	size_t *prev = xcalloc(lb + 1, sizeof *prev);
	size_t *cur = xcalloc(lb + 1, sizeof *cur);
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		int ai = tolower((unsigned char)a[i - 1]);
		for (size_t j = 1; j <= lb; j++) {
			int bj = tolower((unsigned char)b[j - 1]);
			size_t best = prev[j - 1] + (ai == bj ? 0 : 1);
			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			if (i > 1 && j > 1 && ai == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == bj && prev2[j - 2] + 1 < best)
				best = prev2[j - 2] + 1;
			cur[j] = best;
		}
		size_t *t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	size_t d = prev[lb];
	free(prev2);
	free(prev);
	free(cur);
	return d;
}

const char *util_suggest(const char *name, const char *const *cands, size_t n)
{
	size_t len = strlen(name);
	size_t limit = len / 4 > 2 ? len / 4 : 2;
	const char *best = NULL;
	size_t best_d = (size_t)-1;
	for (size_t i = 0; i < n; i++) {
		if (!cands[i])
			continue;
		size_t d = util_edit_distance(name, cands[i]);
		if (len >= 3 && strncasecmp(cands[i], name, len) == 0 && d > 0)
			d = d < limit ? d : limit; /* a prefix always qualifies */
		/* so does a size without its "Standard_" */
		if (d > limit && len >= 6 && strncasecmp(cands[i], "Standard_", 9) == 0 &&
		    strcasecmp(cands[i] + 9, name) == 0)
			d = limit;
		if (d < best_d) {
			best_d = d;
			best = cands[i];
		}
	}
	return best_d <= limit ? best : NULL;
}

int util_contains_nocase(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return 1;
	return n == 0;
}

/* Whether word w (n bytes) starts a part of hay. */
static int part_starts(const char *hay, const char *w, size_t n)
{
	for (const char *p = hay; *p; p++)
		if ((p == hay || strchr("-_ ", p[-1])) && strncasecmp(p, w, n) == 0)
			return 1;
	return 0;
}

int util_parts_in(const char *hay, const char *name)
{
	size_t parts = 0;

	for (const char *p = name; *p;) {
		size_t n = strcspn(p, "-_ ");

		if (n > 0) {
			if (n < 2 || !part_starts(hay, p, n))
				return 0;
			parts++;
		}
		p += n;
		if (*p)
			p++;
	}
	return parts > 0;
}

int util_parse_double(const char *s, double *out)
{
	if (!s || !*s || isspace((unsigned char)*s))
		return -1;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	/* an underflow (1e-320) is a number, a tiny one the caller's bounds
	 * judge; an overflow (1e999) is not */
	if (*end != '\0' || (errno == ERANGE && fabs(v) >= DBL_MIN) || !isfinite(v))
		return -1;
	/* strtod accepts hex floats, "inf" and "nan": a profile means decimals. */
	for (const char *p = s; *p; p++)
		if (*p == 'x' || *p == 'X' || *p == 'n' || *p == 'N' || *p == 'i' || *p == 'I')
			return -1;
	*out = v;
	return 0;
}

int util_parse_long(const char *s, long *out)
{
	if (!s || !*s || isspace((unsigned char)*s))
		return -1;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (*end != '\0' || errno == ERANGE)
		return -1;
	*out = v;
	return 0;
}

int util_read_line(FILE *f, struct strbuf *sb, size_t max)
{
	char buf[4096];
	size_t n = 0;
	int c, rc = 1;

	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
	for (;;) {
		c = getc(f);
		if (c == EOF) {
			rc = ferror(f) ? -1 : sb->len + n ? 1 : 0;
			break;
		}
		if (c == '\n')
			break;
		if (sb->len + n >= max) {
			rc = UTIL_LINE_TOO_LONG;
			break;
		}
		buf[n++] = (char)c;
		if (n == sizeof buf) {
			strbuf_add(sb, buf, n);
			n = 0;
		}
	}
	strbuf_add(sb, buf, n);
	return rc;
}

size_t util_json_values_bound(const char *buf, size_t len)
{
	size_t n = 1;
	int in_str = 0;

	for (size_t i = 0; i < len; i++) {
		char c = buf[i];
		if (in_str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_str = 0;
		} else if (c == '"') {
			in_str = 1;
		} else if (c == ',' || c == '[' || c == '{') {
			n++;
		}
	}
	return n;
}

const char *util_url_redact(const char *url, char *buf, size_t len)
{
	const char *auth = strstr(url, "://"), *at = NULL;

	if (len == 0)
		return buf;
	if (auth) {
		auth += 3;
		size_t alen = strcspn(auth, "/?#");
		for (const char *p = auth; p < auth + alen; p++)
			if (*p == '@')
				at = p;
	}
	int n = at ? snprintf(buf, len, "%.*s***%s", (int)(auth - url), url, at)
		   : snprintf(buf, len, "%s", url);
	if (n >= 0 && (size_t)n >= len && len > 4)
		memcpy(buf + len - 4, "...", 4);
	return buf;
}

int util_parse_duration(const char *s, double *out)
{
	char num[64];
	size_t n = s ? strlen(s) : 0;
	double mul = 1, v;

	if (n == 0 || n >= sizeof num)
		return -1;
	memcpy(num, s, n + 1);
	switch (num[n - 1]) {
	case 's': mul = 1; break;
	case 'm': mul = 60; break;
	case 'h': mul = 3600; break;
	case 'd': mul = 86400; break;
	case 'w': mul = 604800; break;
	default: mul = 0; break;
	}
	if (mul != 0)
		num[--n] = '\0';
	else
		mul = 1;
	/* util_parse_double refuses hex floats, "inf" and "nan" */
	if (util_parse_double(num, &v) != 0 || !(v > 0) || v > UTIL_DURATION_MAX / mul)
		return -1;
	*out = v * mul;
	return 0;
}

int util_parse_size_gib(const char *s, double *gib)
{
	static const struct {
		const char *unit;
		double bytes;
	} units[] = {
		{ "", 1073741824.0 },	/* a bare number is already GiB */
		{ "b", 1.0 },
		{ "kb", 1e3 }, { "mb", 1e6 }, { "gb", 1e9 }, { "tb", 1e12 },
		{ "kib", 1024.0 }, { "mib", 1048576.0 }, { "gib", 1073741824.0 },
		{ "tib", 1099511627776.0 },
	};
	if (!s || !*s)
		return -1;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || errno == ERANGE || !isfinite(v))
		return -1;
	for (const char *p = s; p < end; p++)
		if (*p == 'x' || *p == 'X' || *p == 'n' || *p == 'N' || *p == 'i' || *p == 'I')
			return -1;
	while (*end == ' ')
		end++;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcasecmp(end, units[i].unit) == 0) {
			*gib = v * units[i].bytes / 1073741824.0;
			return 0;
		}
	}
	return -2;
}

int util_currency_code(const char *s, char out[4])
{
	if (strlen(s) != 3 || !isalpha((unsigned char)s[0]) || !isalpha((unsigned char)s[1]) ||
	    !isalpha((unsigned char)s[2]))
		return -1;
	for (int i = 0; i < 3; i++)
		out[i] = (char)toupper((unsigned char)s[i]);
	out[3] = '\0';
	return 0;
}

void util_copy_str(char *dst, size_t n, const char *src)
{
	size_t len;

	if (!n)
		return;
	len = src ? strnlen(src, n - 1) : 0;
	if (len)
		memcpy(dst, src, len);
	dst[len] = '\0';
}

double util_round_cents(double v)
{
	return round(v * 100.0) / 100.0;
}

const char *util_fmt_money_in(char *buf, size_t len, double v, const char *currency)
{
	char num[48];

	util_fmt_money(num, sizeof(num), v);
	if (strcmp(currency, "USD") == 0)
		snprintf(buf, len, "$%s", num);
	else
		snprintf(buf, len, "%s %s", num, currency);
	return buf;
}

char *util_fmt_fixed(char *buf, size_t len, double v, int decimals)
{
	static const double p10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6 };
	double t, fl, frac;
	unsigned long long n;
	char tmp[40], *p = tmp + sizeof tmp;
	size_t k;

	if (decimals < 0 || decimals > 6 || !isfinite(v))
		goto slow;
	t = fabs(v) * p10[decimals];
	if (!(t < 1e11))
		goto slow;
	/* t's rounding error is below 1e-5 here: away from a tie, the digits
	 * printf gives (the exact value, rounded) are those of t, rounded */
	fl = floor(t);
	frac = t - fl;
	if (fabs(frac - 0.5) < 1e-4)
		goto slow;
	n = (unsigned long long)fl + (frac > 0.5);
	*--p = '\0';
	for (int d = 0; d < decimals; d++) {
		*--p = (char)('0' + n % 10);
		n /= 10;
	}
	if (decimals)
		*--p = '.';
	do
		*--p = (char)('0' + n % 10);
	while (n /= 10);
	if (signbit(v))
		*--p = '-';
	k = (size_t)(tmp + sizeof tmp - 1 - p);
	if (len) {
		if (k >= len)
			k = len - 1;
		memcpy(buf, p, k);
		buf[k] = '\0';
	}
	return buf;
slow:
	snprintf(buf, len, "%.*f", decimals, v);
	return buf;
}

char *util_fmt_figure(char *buf, size_t len, double v, int decimals)
{
	if (!(fabs(v) < UTIL_ABSURD))
		snprintf(buf, len, "%.3g", v);
	else
		snprintf(buf, len, "%.*f", decimals < 0 ? 0 : decimals > 6 ? 6 : decimals, v);
	return buf;
}

char *util_fmt_money(char *buf, size_t len, double v)
{
	char digits[64];
	double r = util_round_cents(fabs(v));

	if (!(r < UTIL_ABSURD))
		return util_fmt_figure(buf, len, v, 2);
	util_fmt_fixed(digits, sizeof digits, r, 2);
	char *dot = strchr(digits, '.');
	size_t intlen = dot ? (size_t)(dot - digits) : strlen(digits);
	char out[96];
	size_t o = 0;
	if (v < 0 && r > 0)
		out[o++] = '-';
	for (size_t i = 0; i < intlen; i++) {
		if (i > 0 && (intlen - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = digits[i];
	}
	out[o] = '\0';
	if (dot)   /* ".dd" */
		memcpy(out + o, dot, strlen(dot) + 1);
	if (len) {
		size_t k = strlen(out);

		if (k >= len)
			k = len - 1;
		memcpy(buf, out, k);
		buf[k] = '\0';
	}
	return buf;
}

long long util_days_from_civil(long long y, unsigned m, unsigned d)
{
	/* Howard Hinnant's days_from_civil. */
	y -= m <= 2;
	long long era = (y >= 0 ? y : y - 399) / 400;
	unsigned yoe = (unsigned)(y - era * 400);
	unsigned doy = (153 * (m + (m > 2 ? (unsigned)-3 : 9)) + 2) / 5 + d - 1;
	unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (long long)doe - 719468;
}

long long util_parse_iso8601(const char *s)
{
	int y, mo, d, h = 0, mi = 0, sec = 0, n = 0;
	if (!s || sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &n) != 3)
		return -1;
	const char *p = s + n;
	if (*p == 'T' || *p == ' ') {
		int m = 0;
		if (sscanf(p + 1, "%2d:%2d:%2d%n", &h, &mi, &sec, &m) != 3)
			return -1;
		p += 1 + m;
		while (*p == '.' || isdigit((unsigned char)*p))
			p++;
		if (*p == 'Z')
			p++;
		else if (strcmp(p, "+00:00") == 0)
			p += 6;
	}
	if (*p != '\0' || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60)
		return -1;
	return util_days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 + h * 3600 + mi * 60 + sec;
}

long long util_now(void)
{
	const char *fixed = getenv("GPUFIT_NOW");
	if (fixed && *fixed) {
		long long t = util_parse_iso8601(fixed);
		if (t >= 0)
			return t;
	}
	return (long long)time(NULL);
}

void util_today(char *buf, size_t len)
{
	time_t t = (time_t)util_now();
	struct tm tm;

	if ((!gmtime_r(&t, &tm) || strftime(buf, len, "%Y-%m-%d", &tm) == 0) && len)
		buf[0] = '\0';
}

const char *util_strerror(int errnum)
{
	static char buf[256];
	snprintf(buf, sizeof buf, "%s", strerror(errnum));
	buf[0] = (char)tolower((unsigned char)buf[0]);
	return buf;
}

char *util_fmt_hourly(char *buf, size_t len, double v)
{
	char *dot, *end;

	if (!(fabs(v) < UTIL_ABSURD))
		return util_fmt_figure(buf, len, v, 2);

	snprintf(buf, len, "%.6f", v);
	dot = strchr(buf, '.');
	if (!dot)
		return buf;
	end = buf + strlen(buf) - 1;
	while (end > dot + 2 && *end == '0')
		*end-- = '\0';
	return buf;
}

size_t util_json_scan(const char *buf, size_t off, int *in_string)
{
	size_t depth = 0;
	int in_str = 0;

	for (size_t i = 0; i < off && buf[i]; i++) {
		char ch = buf[i];

		if (in_str) {
			if (ch == '\\')
				i++;
			else if (ch == '"')
				in_str = 0;
		} else if (ch == '"') {
			in_str = 1;
		} else if (ch == '[' || ch == '{') {
			depth++;
		} else if ((ch == ']' || ch == '}') && depth) {
			depth--;
		}
	}
	if (in_string)
		*in_string = in_str;
	return depth;
}

size_t util_json_depth_at(const char *buf, size_t off)
{
	return util_json_scan(buf, off, NULL);
}

int util_verror_at(char *err, size_t errlen, const char *path, const char *text, size_t len,
		   size_t off, const char *fmt, va_list ap)
{
	char msg[512];
	int line, col;

	vsnprintf(msg, sizeof msg, fmt, ap);
	util_text_position(text, len, off, &line, &col);
	snprintf(err, errlen, "%s:%d:%d: %s", path, line, col, msg);
	return -1;
}

void util_text_position(const char *text, size_t len, size_t off, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off && i < len; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

char *util_vformat(const char *fmt, va_list ap)
{
	va_list aq;
	int n;
	char *s;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return xstrdup("");
	s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}
