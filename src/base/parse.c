/*
 * parse.c - whole-string parsers for the values of options and profile
 * fields: numbers, durations, sizes, currency codes.
 */
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
