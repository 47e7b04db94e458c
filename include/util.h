/*
 * util.h - small helpers shared by every module: checked allocation, string
 * buffers, edit distance for "did you mean", number and size parsing.
 *
 * Allocation failure is treated as fatal (xmalloc prints and aborts), as in
 * git: a CLI that cannot get a few KiB has nothing better to do.
 */
#ifndef GPUFIT_UTIL_H
#define GPUFIT_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* Never NULL (a request of 0 bytes gets 1); the attribute tells the
 * compiler and the static analyzer so. */
#define UTIL_NONNULL_RESULT __attribute__((returns_nonnull, malloc))
void *xmalloc(size_t n) UTIL_NONNULL_RESULT;
void *xcalloc(size_t n, size_t size) UTIL_NONNULL_RESULT;
void *xrealloc(void *p, size_t n) __attribute__((returns_nonnull));
char *xstrdup(const char *s) UTIL_NONNULL_RESULT;
char *xstrndup(const char *s, size_t n) UTIL_NONNULL_RESULT;

/* Growable NUL-terminated string; init with STRBUF_INIT, free with strbuf_release. */
struct strbuf {
	char *buf;
	size_t len, cap;
};
#define STRBUF_INIT { NULL, 0, 0 }
void strbuf_add(struct strbuf *sb, const char *s, size_t n);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_release(struct strbuf *sb);
/* The contents (never NULL; "" when empty). */
const char *strbuf_str(const struct strbuf *sb);
/* Empties sb (its text "", its storage kept for reuse). */
void strbuf_reset(struct strbuf *sb);

/*
 * Reads one line of f into sb (cleared first; without its '\n'), keeping at
 * most max bytes in memory.  Returns 1 for a line, 0 at the end of the file,
 * UTIL_LINE_TOO_LONG when the line passes max bytes (sb then holds its first
 * max bytes; the rest is not read), -1 on a read error.
 */
#define UTIL_LINE_TOO_LONG (-2)
int util_read_line(FILE *f, struct strbuf *sb, size_t max);

/* String -> size_t map (open addressing, FNV-1a, grows at half full): O(1)
 * amortised lookups and inserts.  Keys are copied.  Init with STRMAP_INIT,
 * free with strmap_release. */
struct strmap_ent;
struct strmap {
	struct strmap_ent *ents;
	size_t n, cap;
};
#define STRMAP_INIT { NULL, 0, 0 }
/* The value of key, or NULL when it is absent (valid until the next put). */
size_t *strmap_get(const struct strmap *m, const char *key);
/* Sets key to val, replacing an earlier value. */
void strmap_put(struct strmap *m, const char *key, size_t val);
void strmap_release(struct strmap *m);
/* The map's own copy of key, added (value 0) when absent: a string that
 * stays valid until strmap_release, one copy per distinct text. */
const char *strmap_intern(struct strmap *m, const char *key);

/* Case-insensitive edit distance (bytes): insertions, deletions,
 * substitutions and adjacent transpositions each cost 1. */
size_t util_edit_distance(const char *a, const char *b);

/*
 * The best candidate for a "did you mean" hint: the closest of cands[0..n-1]
 * by util_edit_distance, if its distance is at most max(2, strlen(name)/4)
 * or name is a case-insensitive prefix of it; NULL otherwise.
 */
const char *util_suggest(const char *name, const char *const *cands, size_t n);

/* 1 when needle occurs in hay, ignoring ASCII case. */
int util_contains_nocase(const char *hay, const char *needle);

/* Whether every '-'/'_'/space-separated part of name (at least 2
 * characters each) starts a part of hay, ignoring case: "T4" and
 * "A100-80GB" are in "A100-PCIe-80GB"... and "T4-PCIe-16GB". */
int util_parts_in(const char *hay, const char *name);

/* Parses a whole string as a finite double (plain or scientific). 0 ok, -1 not a number. */
int util_parse_double(const char *s, double *out);

/* Parses a whole string as a long. 0 ok, -1 not an integer. */
int util_parse_long(const char *s, long *out);

/*
 * url for a message: its userinfo ("user:secret@" in https://user:secret@host/)
 * replaced by "***@", so no password reaches a terminal or a log; other URLs
 * and strings that are no URL are copied as they are.  Writes at most len
 * bytes (cut with "..." when longer) and returns buf.
 */
const char *util_url_redact(const char *url, char *buf, size_t len);

/* Largest duration util_parse_duration accepts: 100 years in seconds. */
#define UTIL_DURATION_MAX 3155760000.0

/*
 * A duration: a decimal number, optionally with one unit letter s, m, h, d or
 * w ("30s", "5m", "2h", "7d", "1w", "90" = 90 s), greater than 0 and at most
 * UTIL_DURATION_MAX seconds.  Decimal only, as util_parse_double: no hex
 * ("0x10d"), no "inf" or "nan", no leading space.  0 with seconds in *out,
 * -1 when malformed or out of range.
 */
int util_parse_duration(const char *s, double *out);

/*
 * Parses a size: a number with an optional unit B, KB, MB, GB, TB (10^n),
 * KiB, MiB, GiB, TiB (2^n), case-insensitive, optional space.  Result in GiB.
 * 0 ok, -1 malformed, -2 unknown unit.
 */
int util_parse_size_gib(const char *s, double *gib);

/* src (NULL: "") into dst[n], cut to n - 1 bytes: snprintf's "%s" result,
 * without printf. */
void util_copy_str(char *dst, size_t n, const char *src);

/* A currency code as a profile's currency: and --currency take it, three
 * letters, upper-cased into out; 0, or -1 (out untouched) for anything else. */
int util_currency_code(const char *s, char out[4]);

/* Rounds to cents (half away from zero). */
double util_round_cents(double v);

/*
 * snprintf(buf, len, "%.*f", decimals, v), byte for byte, without printf
 * where that is safe (finite v below 1e11 after scaling, decimals 0-6, not
 * within 1e-4 of a rounding tie); printf otherwise.  Returns buf.
 */
char *util_fmt_fixed(char *buf, size_t len, double v, int decimals);

/* The depth of [ and { open at byte off of the JSON text buf (strings
 * skipped): a parse that fails at CJSON_NESTING_LIMIT levels failed on its
 * nesting, not on its syntax. */
size_t util_json_depth_at(const char *buf, size_t off);

/* The same scan of buf's first off bytes, with *in_string (when not NULL)
 * set when it ends inside a string: a text cut short is still open. */
size_t util_json_scan(const char *buf, size_t off, int *in_string);

/* An upper bound on the values (nodes) a parse of the JSON text buf creates:
 * one per ',', '[' and '{' outside strings, plus one.  Read before parsing so
 * that memory is refused before it is spent. */
size_t util_json_values_bound(const char *buf, size_t len);

/* The 1-based line and column of byte off of text (len bytes): where a
 * parser's error pointer is, as file:line:col. */
void util_text_position(const char *text, size_t len, size_t off, int *line, int *col);

/* "PATH:LINE:COL: message" into err (the line and column of byte off of
 * text, as util_text_position counts them); returns -1, for readers'
 * fail_at().  The message is cut at 511 bytes. */
int util_verror_at(char *err, size_t errlen, const char *path, const char *text, size_t len,
		   size_t off, const char *fmt, va_list ap) __attribute__((format(printf, 7, 0)));

/* fmt formatted in full into a new string (malloc'd; "" on an encoding
 * error): messages whose lists may pass any fixed buffer. */
char *util_vformat(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* Magnitudes from here on are absurd for any figure gpufit shows (a
 * quadrillion dollars, GiB, GB/s): displays print them with 3 significant
 * digits and an exponent ("1e+300") rather than hundreds of digits. */
#define UTIL_ABSURD 1e15

/* A figure for display: "%.*f" below UTIL_ABSURD in magnitude, "%.3g"
 * from there (and for NaN and infinity), always within len.  Returns buf. */
char *util_fmt_figure(char *buf, size_t len, double v, int decimals);

/* Formats money with thousands separators and 2 decimals: "12,345.67";
 * an absurd amount (UTIL_ABSURD or more) as util_fmt_figure shows it. */
char *util_fmt_money(char *buf, size_t len, double v);

/* Money in a currency as every report prints it: "$1,234.56" in USD,
 * "1,234.56 EUR" in any other; returns buf. */
const char *util_fmt_money_in(char *buf, size_t len, double v, const char *currency);
/* An hourly price with the precision its source gave (up to 6 decimals,
 * trailing zeros dropped), never fewer than 2: "98.32", "1.610532"; an
 * absurd one as util_fmt_figure shows it. */
char *util_fmt_hourly(char *buf, size_t len, double v);

/* Days from 1970-01-01 to the proleptic Gregorian date y-m-d (m 1-12,
 * d 1-31, not range-checked); negative before 1970. */
long long util_days_from_civil(long long y, unsigned m, unsigned d);

/* Seconds since the epoch, from an ISO-8601 UTC date or date-time
 * ("2026-06-21" or "2026-06-21T03:51:04Z"); -1 if malformed. */
long long util_parse_iso8601(const char *s);

/* strerror(errnum) with a lower-case first letter, as gpufit's messages are
 * lower case ("no such file or directory").  Returns a static buffer. */
const char *util_strerror(int errnum);

/* The current time, seconds since the epoch; GPUFIT_NOW (ISO 8601) overrides
 * it so that outputs that show ages are reproducible in tests. */
long long util_now(void);

/* util_now()'s day, "YYYY-MM-DD" (UTC), into buf (at least 11 bytes). */
void util_today(char *buf, size_t len);

#endif
