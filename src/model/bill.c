/*
 * bill.c - the one billing rule (bill.h, docs/billing.md).
 */
#include <math.h>

#include "bill.h"
#include "util.h"

int bill_is_commitment(enum pricing_kind k)
{
	return k == PRICING_RESERVED_1Y || k == PRICING_RESERVED_3Y || k == PRICING_SAVINGS_1Y ||
	       k == PRICING_SAVINGS_3Y;
}

double bill_hours(enum pricing_kind k, double hours_used)
{
	if (bill_is_commitment(k))
		return BILL_MONTH_HOURS;
	return hours_used > 0 && isfinite(hours_used) ? hours_used : 0;
}

double bill_monthly(enum pricing_kind k, double hourly, double vms, double hours_used)
{
	double h = bill_hours(k, hours_used), v;

	if (!(hourly > 0) || !(vms > 0) || !isfinite(hourly) || !isfinite(vms))
		return 0;
	v = hourly * vms * h;
	return isfinite(v) ? util_round_cents(v) : 0;
}

double bill_break_even(double commit_hourly, double payg_hourly)
{
	if (!(commit_hourly > 0) || !(payg_hourly > 0))
		return -1;
	return commit_hourly / payg_hourly;
}

long long bill_to_cents(double v)
{
	double c = round(v * 100.0);

	if (c != c)
		return 0;
	if (c >= (double)BILL_CENTS_MAX)
		return BILL_CENTS_MAX;
	if (c <= -(double)BILL_CENTS_MAX)
		return -BILL_CENTS_MAX;
	return (long long)c;
}

long long bill_cents_add(long long a, long long b)
{
	if (b > 0 && a > BILL_CENTS_MAX - b)
		return BILL_CENTS_MAX;
	if (b < 0 && a < -BILL_CENTS_MAX - b)
		return -BILL_CENTS_MAX;
	return a + b;
}
