/*
 * fmt.c - numbers and money for display: fixed decimals without printf,
 * absurd magnitudes, thousands separators, currencies, hourly prices.
 */
#include "fmt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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
