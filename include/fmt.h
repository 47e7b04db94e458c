/*
 * fmt.h - numbers and money for display: fixed decimals without printf,
 * absurd magnitudes, thousands separators, currencies, hourly prices.
 */
#ifndef GPUFIT_FMT_H
#define GPUFIT_FMT_H

#include <stddef.h>

/* Magnitudes from here on are absurd for any figure gpufit shows (a
 * quadrillion dollars, GiB, GB/s): displays print them with 3 significant
 * digits and an exponent ("1e+300") rather than hundreds of digits. */
#define UTIL_ABSURD 1e15

/* Rounds to cents (half away from zero). */
double util_round_cents(double v);

/*
 * snprintf(buf, len, "%.*f", decimals, v), byte for byte, without printf
 * where that is safe (finite v below 1e11 after scaling, decimals 0-6, not
 * within 1e-4 of a rounding tie); printf otherwise.  Returns buf.
 */
char *util_fmt_fixed(char *buf, size_t len, double v, int decimals);

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

#endif
