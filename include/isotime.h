/*
 * isotime.h - ISO-8601 UTC dates and times, and the current time (which
 * GPUFIT_NOW fixes for reproducible outputs).
 */
#ifndef GPUFIT_ISOTIME_H
#define GPUFIT_ISOTIME_H

#include <stddef.h>

/* Days from 1970-01-01 to the proleptic Gregorian date y-m-d (m 1-12,
 * d 1-31, not range-checked); negative before 1970. */
long long util_days_from_civil(long long y, unsigned m, unsigned d);

/* Seconds since the epoch, from an ISO-8601 UTC date or date-time
 * ("2026-06-21" or "2026-06-21T03:51:04Z"); -1 if malformed. */
long long util_parse_iso8601(const char *s);

/* The current time, seconds since the epoch; GPUFIT_NOW (ISO 8601) overrides
 * it so that outputs that show ages are reproducible in tests. */
long long util_now(void);

/* Whole days from an ISO-8601 UTC date or date-time to util_now(); -1 when
 * iso is NULL, empty or malformed. */
long util_age_days(const char *iso);

/* util_now()'s day, "YYYY-MM-DD" (UTC), into buf (at least 11 bytes). */
void util_today(char *buf, size_t len);

#endif
