/*
 * bill.h - what Azure charges for capacity: the one billing rule every
 * money figure gpufit prints comes from (docs/billing.md).
 *
 * Azure bills a running VM for all of its GPUs: a MIG slice, a partition's
 * share or an idle GPU is billed with its VM, never on its own.  The terms:
 *
 *   payg, spot            the hours used (per second), hourly x VMs x hours;
 *                         spot capacity may be evicted;
 *   reserved-1y/3y,       commitments: billed every hour of the term,
 *   savings-1y/3y         whether used or not: hourly x VMs x 730 h a month
 *                         (8,760 h / 12); hours_per_month does not reduce them.
 *
 * A price is one VM's hourly price under the term (a reservation's or a
 * savings plan's hourly equivalent, as the catalog stores it).  Pure: no
 * I/O, no globals.
 */
#ifndef GPUFIT_BILL_H
#define GPUFIT_BILL_H

#include "facts.h"

/* Hours in Azure's billing month: 8,760 h / 12 (docs/billing.md). */
#define BILL_MONTH_HOURS 730.0

/* 1 for the terms billed every hour of the term (reservations and savings
 * plans), 0 for those billed by the hour used (payg, spot). */
int bill_is_commitment(enum pricing_kind k);

/* Hours a month that VMs under term k are billed for, when they run
 * hours_used hours a month: hours_used for payg and spot (0 when it is not
 * > 0), 730 for a commitment whatever the use. */
double bill_hours(enum pricing_kind k, double hours_used);

/*
 * The monthly bill of vms VMs (a fraction only for the share of a VM a
 * part of a plan is allocated) at hourly each under term k, running
 * hours_used hours a month: hourly x vms x bill_hours(k, hours_used),
 * rounded to the cent.  0 when any factor is <= 0 or not finite.
 */
double bill_monthly(enum pricing_kind k, double hourly, double vms, double hours_used);

/*
 * The largest monthly figure gpufit totals (in the catalog's currency): a
 * bill, a plan or a fleet total past it is an error (a price in the catalog
 * is wrong), never a wrapped sum.  1e15 a month is far past any fleet, and
 * its cents (1e17) sum over 100,000 workloads' parts without passing what a
 * 64-bit integer holds only because every part is checked (bill_cents_add).
 */
#define BILL_MAX_MONTHLY 1e15

/*
 * v in whole cents (rounded half away from zero), saturated at
 * +-BILL_CENTS_MAX (NaN: 0); bill_cents_add(a, b) is a + b saturated the
 * same way.  Every sum of cents goes through them: no overflow, and a
 * saturated figure is far past BILL_MAX_MONTHLY, so it is caught there.
 */
#define BILL_CENTS_MAX 9000000000000000000LL
long long bill_to_cents(double v);
long long bill_cents_add(long long a, long long b);

/*
 * Break-even utilisation of a commitment: the share of the month a VM must
 * run for the commitment to cost no more than pay-as-you-go,
 * commit_hourly / payg_hourly (> 1: it never pays).  < 0 when either price
 * is unknown (<= 0).
 */
double bill_break_even(double commit_hourly, double payg_hourly);

#endif
