/*
 * load_plan.h - the replicas a serving workload described by its traffic
 * (serving.requests_per_s, serving.load, autoscale: docs/profile.md) needs
 * in each hour of the day, and the bill of those VM-hours
 * (docs/sizing.md "Traffic", docs/recommend.md "load_plan").
 *
 * Pure: the latency of a replica at a batch comes from a callback (the
 * sizing model, through the fit engine), money from bill_monthly().  No
 * I/O, no globals, no allocation.
 */
#ifndef GPUFIT_LOAD_PLAN_H
#define GPUFIT_LOAD_PLAN_H

#include "facts.h"
#include "recommend.h"

#define LOAD_MAX_REPLICAS 100000   /* a rate that needs more is not planned */
#define LOAD_FIXED_POINT_ITERS 64  /* Little's law iterations before giving up */

/* P(N <= k) for N ~ Poisson(mean); 1 for mean <= 0. */
double load_poisson_cdf(long k, double mean);

/* The p-quantile (0 < p < 1) of Poisson(mean): the smallest k with
 * P(N <= k) >= p; 0 for mean <= 0. */
long load_poisson_quantile(double mean, double p);

/*
 * One replica as the plan sees it: latency_s(ctx, c) is the time one
 * request spends in a replica that runs c sequences at once (time to first
 * token + output tokens x time per output token, seconds; <= 0 unknown),
 * nondecreasing in c; capacity the most sequences a replica holds within
 * its memory, its engine's cap and its latency SLO.
 */
struct load_sizer {
	double (*latency_s)(void *ctx, long c);
	void *ctx;
	long capacity;
	double percentile;         /* 50-99.9 */
	double max_mean;           /* the largest mean in flight whose percentile is
				      within capacity; < 0: not computed yet */
};

/* The largest mean m (to 1e-9 relative) with load_poisson_quantile(m, p)
 * <= capacity; 0 when capacity < 0. */
double load_max_mean(long capacity, double p);

/*
 * The Little's-law mean of sequences in flight per replica when rate
 * requests per second spread over replicas replicas: the least fixed point
 * of m = rate / replicas x latency_s(ceil(m)).  Returns 0 with *mean set,
 * or -1 when the batch passes capacity or the iteration does not settle
 * within LOAD_FIXED_POINT_ITERS (*mean then the last iterate).
 */
int load_in_flight(const struct load_sizer *s, double rate, long replicas, double *mean);

/* The fewest replicas whose p-quantile of sequences in flight is within
 * capacity at rate (0 for rate <= 0), *mean their Little's-law mean; -1
 * when none up to LOAD_MAX_REPLICAS. */
long load_replicas(struct load_sizer *s, double rate, double *mean);

/* What the plan is asked for. */
struct load_request {
	double requests_per_s;     /* the peak */
	int curves;                /* 0 or 1: shares[0] every day (0: flat at 1);
				      2: shares[0] weekdays, shares[1] weekends */
	double shares[2][RECOMMEND_HOURS_A_DAY];
	long min_replicas;         /* >= 0 */
	long max_replicas;         /* 0: no bound */
	int warm_hours;            /* hours a new replica is started ahead of a rise */
	int bounds_given;          /* autoscale: given (else the plan's min and max
				      replicas are its trough and peak) */
};

/*
 * The replicas of every hour into lp (curves, replicas_by_hour, peak,
 * trough, min and max replicas, peak rate, in_flight_per_replica_at_peak):
 * per hour the fewest for its rate, clamped to [min, max], then each hour
 * raised to the most of the next warm_hours hours (across midnight: the
 * next day's, weekday or weekend, whichever is more).  Returns the hours
 * (of 24, or 48 with two curves) whose rate needs more than max_replicas
 * (their SLO does not hold; lp->peak_replicas_needed is what the busiest
 * needs), or -1 when some rate cannot be planned.
 */
int load_plan_hours(struct load_sizer *s, const struct load_request *q,
		    struct recommend_load_plan *lp);

/*
 * The bill of lp's replicas (replica_hours_per_month, monthly_cost,
 * peak_sized_monthly_cost, bills[]): replica level k runs days x the hours
 * of the day with at least k replicas (days = hours_per_month / 24; with
 * two curves 5/7 weekdays, 2/7 weekends) on vms_per_replica VMs, each level
 * billed bill_monthly(term, hourly, ...).  With payg_hourly > 0 and term a
 * commitment, each level takes the cheaper of term and payg (pricing auto:
 * the base on the commitment, the burst on payg).  The peak-sized bill:
 * peak replicas every hour, by the same rule.
 */
void load_plan_bill(struct recommend_load_plan *lp, double hours_per_month,
		    enum pricing_kind term, double hourly, double payg_hourly,
		    int vms_per_replica);

#endif
