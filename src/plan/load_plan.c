/*
 * load_plan.c - replicas per hour of a service described by its traffic,
 * and the bill of that plan (load_plan.h; docs/sizing.md "Traffic",
 * docs/billing.md).
 *
 * The queueing approximation: requests arrive at random (a Poisson process
 * of the rate) and a router spreads them at random over R replicas, so each
 * replica sees Poisson arrivals at rate / R.  Sequences in service at once
 * in such a replica form an M/G/infinity system (every request is served
 * as it arrives: continuous batching); its count in service is Poisson
 * with mean rate / R x the mean time in service (Little's law), whatever
 * the distribution of that time (the M/G/infinity system: L. Kleinrock,
 * Queueing Systems, Volume 1: Theory, Wiley, 1975; Little's law and the
 * M/G/infinity count: M. Harchol-Balter, Performance Modeling and Design of
 * Computer Systems, Cambridge University Press, 2013).  A replica is sized
 * so that the percentile of that Poisson count fits what it holds.
 */
#include <math.h>
#include <string.h>

#include "bill.h"
#include "load_plan.h"

double load_poisson_cdf(long k, double mean)
{
	double sd, lp, term, sum = 0;
	long j0, j;

	if (!(mean > 0))
		return 1;
	if (k < 0)
		return 0;
	/* the mass below mean - 12 sd - 10 is under 1e-30: start there, in
	 * log space (exp(-mean) underflows past mean 745) */
	sd = sqrt(mean);
	j0 = mean - 12 * sd - 10 > 0 ? (long)floor(mean - 12 * sd - 10) : 0;
	if (k < j0)
		return 0;
	lp = (double)j0 * log(mean) - mean - lgamma((double)j0 + 1);
	term = exp(lp);
	for (j = j0; j <= k; j++) {
		sum += term;
		term *= mean / (double)(j + 1);
		if (term < 1e-300 * (sum > 1 ? sum : 1) && (double)j > mean)
			break;
	}
	return sum > 1 ? 1 : sum;
}

long load_poisson_quantile(double mean, double p)
{
	long lo = 0, hi;

	if (!(mean > 0))
		return 0;
	/* the quantile is below mean + 40 sd + 40 for every p <= 0.999 */
	hi = (long)ceil(mean + 40 * sqrt(mean) + 40);
	while (lo < hi) {
		long mid = lo + (hi - lo) / 2;

		if (load_poisson_cdf(mid, mean) >= p)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

double load_max_mean(long capacity, double p)
{
	double lo = 0, hi;

	if (capacity < 0)
		return 0;
	/* P(N <= capacity) falls as the mean grows: bisection; at the mean
	 * capacity + 1 it is at most about 1/2 < p */
	hi = (double)capacity + 1;
	for (int i = 0; i < 100 && hi - lo > 1e-9 * (hi > 1 ? hi : 1); i++) {
		double mid = (lo + hi) / 2;

		if (load_poisson_cdf(capacity, mid) >= p)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The fixed point.  With f(c) = rate / R x latency(c) nondecreasing in c
 * (a bigger batch is never faster per sequence), the batches c0 = 1,
 * c(k+1) = ceil(f(c(k))) never decrease: c1 >= c0 since ceil of a positive
 * number is >= 1, and c(k) >= c(k-1) gives f(c(k)) >= f(c(k-1)).  They stop
 * at the first k with ceil(f(c(k))) <= c(k), which then equals c(k): the
 * least c with c = ceil(f(c)) (Kleene's iteration of a monotone map from
 * the bottom), and m = f(c) is the mean in flight at the batch it implies.
 * Each step raises the batch by at least one sequence, so it ends within
 * capacity steps; past LOAD_FIXED_POINT_ITERS the replica is counted as not
 * holding the rate (one more replica is tried: the plan errs on the side of
 * the SLO).
 */
int load_in_flight(const struct load_sizer *s, double rate, long replicas, double *mean)
{
	double per = rate / (double)(replicas > 0 ? replicas : 1), m = 0;
	long c = 1;

	for (int it = 0; it < LOAD_FIXED_POINT_ITERS; it++) {
		double L = s->latency_s(s->ctx, c);
		double next;

		if (!(L > 0))
			break;
		m = per * L;
		*mean = m;
		next = ceil(m) < 1 ? 1 : ceil(m);
		if (next <= (double)c)
			return 0;
		if (next > (double)s->capacity)
			return -1;
		c = (long)next;
	}
	*mean = m;
	return -1;
}

static int holds(struct load_sizer *s, double rate, long R, double *mean)
{
	return load_in_flight(s, rate, R, mean) == 0 && *mean <= s->max_mean;
}

/* The replicas for a rate: monotone in R (a replica's share of the rate
 * falls as R grows, so does its fixed point and its Poisson percentile):
 * from the lower bound rate x latency(1) / max_mean, doubling steps until
 * one holds, then bisection.  O(log R) fixed points. */
long load_replicas(struct load_sizer *s, double rate, double *mean)
{
	double L1, lb;
	long lo, hi, step = 1;
	double m = 0;

	*mean = 0;
	if (!(rate > 0))
		return 0;
	if (s->max_mean < 0)
		s->max_mean = load_max_mean(s->capacity, s->percentile / 100.0);
	L1 = s->latency_s(s->ctx, 1);
	if (s->capacity < 1 || !(L1 > 0) || !(s->max_mean > 0))
		return -1;
	lb = ceil(rate * L1 / s->max_mean);
	if (!(lb <= LOAD_MAX_REPLICAS))
		return -1;
	lo = lb < 1 ? 1 : (long)lb;
	if (holds(s, rate, lo, mean))
		return lo;
	/* lo does not hold: find hi that does */
	for (;;) {
		hi = lo + step;
		if (hi > LOAD_MAX_REPLICAS)
			return -1;
		if (holds(s, rate, hi, &m))
			break;
		lo = hi;
		step *= 2;
	}
	*mean = m;
	while (hi - lo > 1) {   /* lo fails, hi holds */
		long mid = lo + (hi - lo) / 2;
		double mm;

		if (holds(s, rate, mid, &mm)) {
			hi = mid;
			*mean = mm;
		} else {
			lo = mid;
		}
	}
	return hi;
}

/* The count at hour index h of curve cv, h past 23 being the next day's
 * (with two curves the next day may be either: the larger). */
static int count_at(const struct recommend_load_plan *lp, int cv, int h)
{
	int a, b;

	if (h < RECOMMEND_HOURS_A_DAY)
		return lp->replicas_by_hour[cv][h];
	h %= RECOMMEND_HOURS_A_DAY;
	a = lp->replicas_by_hour[0][h];
	b = lp->curves == 2 ? lp->replicas_by_hour[1][h] : a;
	return a > b ? a : b;
}

int load_plan_hours(struct load_sizer *s, const struct load_request *q,
		    struct recommend_load_plan *lp)
{
	int curves = q->curves == 2 ? 2 : 1, capped = 0;
	int raw[2][RECOMMEND_HOURS_A_DAY], warm[2][RECOMMEND_HOURS_A_DAY];
	double means[2][RECOMMEND_HOURS_A_DAY];
	long lo = q->min_replicas > 0 ? q->min_replicas : 0;
	int peak_cv = 0, peak_h = 0;
	double top = -1;

	memset(lp, 0, sizeof(*lp));
	lp->curves = curves;
	lp->warm_hours = q->warm_hours;
	for (int cv = 0; cv < curves; cv++)
		for (int h = 0; h < RECOMMEND_HOURS_A_DAY; h++) {
			double share = q->curves ? q->shares[cv][h] : 1.0;
			long n = -2;

			/* the same share earlier: the same count (curves repeat) */
			for (int pc = 0; pc <= cv && n == -2; pc++)
				for (int ph = 0; ph < (pc < cv ? RECOMMEND_HOURS_A_DAY : h); ph++)
					if ((q->curves ? q->shares[pc][ph] : 1.0) == share) {
						n = raw[pc][ph];
						means[cv][h] = means[pc][ph];
						break;
					}
			if (n == -2)
				n = load_replicas(s, q->requests_per_s * share, &means[cv][h]);
			if (n < 0)
				return -1;
			raw[cv][h] = (int)n;
			if (share > top) {
				top = share;
				peak_cv = cv;
				peak_h = h;
			}
		}
	for (int cv = 0; cv < curves; cv++)
		for (int h = 0; h < RECOMMEND_HOURS_A_DAY; h++) {
			long n = raw[cv][h] < lo ? lo : raw[cv][h];

			lp->peak_replicas_needed = (int)(n > lp->peak_replicas_needed
							 ? n : lp->peak_replicas_needed);
			if (q->max_replicas > 0 && n > q->max_replicas) {
				n = q->max_replicas;
				capped++;
			}
			lp->replicas_by_hour[cv][h] = (int)n;
		}
	/* warm ahead: a replica the next warm_hours hours need is started now */
	for (int cv = 0; cv < curves; cv++)
		for (int h = 0; h < RECOMMEND_HOURS_A_DAY; h++) {
			int n = lp->replicas_by_hour[cv][h];

			for (int j = 1; j <= q->warm_hours && j <= RECOMMEND_HOURS_A_DAY; j++) {
				int next = count_at(lp, cv, h + j);

				n = next > n ? next : n;
			}
			warm[cv][h] = n;
		}
	memcpy(lp->replicas_by_hour, warm, sizeof(warm));
	/* the busiest hour's own rate: the profile's rate times the curve's
	 * highest share (a curve may stay below 1.0) */
	lp->peak_requests_per_s = q->requests_per_s * top;
	lp->peak_replicas = 0;
	lp->trough_replicas = LOAD_MAX_REPLICAS;
	for (int cv = 0; cv < curves; cv++)
		for (int h = 0; h < RECOMMEND_HOURS_A_DAY; h++) {
			int n = lp->replicas_by_hour[cv][h];

			lp->peak_replicas = n > lp->peak_replicas ? n : lp->peak_replicas;
			lp->trough_replicas = n < lp->trough_replicas ? n : lp->trough_replicas;
		}
	lp->in_flight_target_per_replica = s->max_mean > 0 ? s->max_mean : 0;
	lp->min_replicas = q->bounds_given ? (int)lo : lp->trough_replicas;
	lp->max_replicas = q->max_replicas > 0 ? (int)q->max_replicas : lp->peak_replicas;
	/* the busiest hour's mean, at the replicas it runs */
	{
		int n = lp->replicas_by_hour[peak_cv][peak_h];
		double m = means[peak_cv][peak_h];

		if (n > 0 && n != raw[peak_cv][peak_h])
			load_in_flight(s, q->requests_per_s * top, n, &m);
		lp->in_flight_per_replica_at_peak = n > 0 ? m : 0;
	}
	return capped;
}

/* Hours a day (weighted by the week) replica level k runs: the hours of
 * each curve with at least k replicas. */
static void level_hours(const struct recommend_load_plan *lp, int k, int *wd, int *we)
{
	*wd = *we = 0;
	for (int h = 0; h < RECOMMEND_HOURS_A_DAY; h++) {
		*wd += lp->replicas_by_hour[0][h] >= k;
		if (lp->curves == 2)
			*we += lp->replicas_by_hour[1][h] >= k;
	}
}

/* The term a group of VMs takes and its bill: term, or payg where cheaper
 * (payg_hourly > 0 under a commitment); a tie stays on payg (no commitment
 * needed). */
static double cheaper(enum pricing_kind term, double hourly, double payg_hourly, double vms,
		      double hours, enum pricing_kind *took)
{
	double b = bill_monthly(term, hourly, vms, hours);

	*took = term;
	if (payg_hourly > 0 && bill_is_commitment(term)) {
		double pb = bill_monthly(PRICING_PAYG, payg_hourly, vms, hours);

		if (pb <= b) {
			*took = PRICING_PAYG;
			return pb;
		}
	}
	return b;
}

void load_plan_bill(struct recommend_load_plan *lp, double hours_per_month,
		    enum pricing_kind term, double hourly, double payg_hourly,
		    int vms_per_replica)
{
	double days = hours_per_month / RECOMMEND_HOURS_A_DAY;
	double fwd = lp->curves == 2 ? 5.0 / 7.0 : 1.0, fwe = lp->curves == 2 ? 2.0 / 7.0 : 0;
	long long cents = 0;
	int prev = 0;
	enum pricing_kind took;

	lp->nbills = 0;
	lp->replica_hours_per_month = 0;
	/* levels between two distinct counts run the same hours: one group
	 * each, from the lowest level up */
	while (prev < lp->peak_replicas) {
		int next = lp->peak_replicas, wd, we;
		double hours;
		struct recommend_load_bill *b;

		for (int cv = 0; cv < lp->curves; cv++)
			for (int h = 0; h < RECOMMEND_HOURS_A_DAY; h++) {
				int n = lp->replicas_by_hour[cv][h];

				if (n > prev && n < next)
					next = n;
			}
		level_hours(lp, next, &wd, &we);
		hours = days * (fwd * wd + fwe * we);
		if (lp->nbills == RECOMMEND_LOAD_BILLS)
			break;   /* cannot happen: at most 48 distinct counts */
		b = &lp->bills[lp->nbills++];
		b->replicas = next - prev;
		b->vms = b->replicas * vms_per_replica;
		b->hours_per_month = hours;
		b->monthly_cost = cheaper(term, hourly, payg_hourly, b->vms, hours, &took);
		b->term = took;
		b->hourly = took == term ? hourly : payg_hourly;
		cents = bill_cents_add(cents, bill_to_cents(b->monthly_cost));
		lp->replica_hours_per_month += b->replicas * hours;
		prev = next;
	}
	lp->monthly_cost = (double)cents / 100.0;
	lp->peak_sized_monthly_cost =
		cheaper(term, hourly, payg_hourly, (double)lp->peak_replicas * vms_per_replica,
			hours_per_month, &took);
}
