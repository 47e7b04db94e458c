/*
 * isotime.c - ISO-8601 UTC dates and times, and the current time (which
 * GPUFIT_NOW fixes for reproducible outputs).
 */
#include "isotime.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

long util_age_days(const char *iso)
{
	long long t = iso && *iso ? util_parse_iso8601(iso) : -1;
	return t >= 0 ? (long)((util_now() - t) / 86400) : -1;
}

void util_today(char *buf, size_t len)
{
	time_t t = (time_t)util_now();
	struct tm tm;

	if ((!gmtime_r(&t, &tm) || strftime(buf, len, "%Y-%m-%d", &tm) == 0) && len)
		buf[0] = '\0';
}
