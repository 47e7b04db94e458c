/*
 * parse.h - whole-string parsers for the values of options and profile
 * fields: numbers, durations, sizes, currency codes.
 */
#ifndef GPUFIT_PARSE_H
#define GPUFIT_PARSE_H

/* Parses a whole string as a finite double (plain or scientific). 0 ok, -1 not a number. */
int util_parse_double(const char *s, double *out);

/* Parses a whole string as a long. 0 ok, -1 not an integer. */
int util_parse_long(const char *s, long *out);

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

/* A currency code as a profile's currency: and --currency take it, three
 * letters, upper-cased into out; 0, or -1 (out untouched) for anything else. */
int util_currency_code(const char *s, char out[4]);

#endif
