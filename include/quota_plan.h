/*
 * quota_plan.h - choosing, for each workload, one of its priced options so
 * that the fleet fits the subscription's vCPU quotas (docs/quota.md,
 * "Planning within quota"), on plain numbers: no catalog, no result.
 *
 * Each workload has options sorted by monthly cost, option 0 being its
 * unconstrained choice; each option deploys vcpus into at most two quotas
 * (a family and the regional total, or the spot total).  A quota has the
 * vCPUs free in it, or is not checked (no usage file): unlimited.
 *
 * quota_plan_greedy() is the repair used at any size; quota_plan_best()
 * the exhaustive optimum of a small fleet; quota_plan_solve() takes the
 * optimum when the fleet is small enough to enumerate, else the greedy plan.
 */
#ifndef GPUFIT_QUOTA_PLAN_H
#define GPUFIT_QUOTA_PLAN_H

#include <stddef.h>

#define QUOTA_PLAN_MAX_QUOTAS 2           /* quotas one option deploys into */
#define QUOTA_PLAN_BEST_MAX 4096          /* combinations quota_plan_solve() enumerates */

struct quota_plan_option {
	int quota[QUOTA_PLAN_MAX_QUOTAS]; /* indices into the quotas; -1 none */
	long long vcpus;                  /* into each of them */
	double monthly;                   /* its cost a month (a bill) */
};

struct quota_plan_workload {
	size_t noptions;                  /* >= 1 */
	const struct quota_plan_option *options;  /* by monthly, ascending */
};

/*
 * The greedy repair.  choice[w] starts at 0 for every workload; while some
 * quota is short (needed > free), the workload deploying into a short quota
 * whose next option (in cost order) deploys into no short quota and fits
 * the free vCPUs of its own quotas costs least extra is moved there (ties:
 * the lower workload index, i.e. profile order), and the sums are updated.
 * A move never makes a quota short, so each workload moves at most once in
 * effect and an option passed over is not looked at again; a workload with
 * no such option stays.  O(W + M log W) for W workloads and M option
 * look-ups (M <= the options of the workloads in short quotas): a heap
 * of candidate moves, no rescan of the fleet per move.
 *
 * free_vcpus[q] < 0: quota q is not checked.  choice gets nworkloads
 * indices.  Returns 1 when the plan fits every quota, 0 when some quota is
 * still short, -1 on bad input (a quota index out of range, no option).
 */
int quota_plan_greedy(const struct quota_plan_workload *w, size_t nworkloads,
		      const long long *free_vcpus, size_t nquotas, size_t *choice);

/*
 * The cheapest choice that fits every quota, by enumerating every
 * combination (at most QUOTA_PLAN_BEST_MAX of them).  Returns 1 with choice
 * filled, 0 when no combination fits (choice all 0), -1 when there are too
 * many combinations or bad input.
 */
int quota_plan_best(const struct quota_plan_workload *w, size_t nworkloads,
		    const long long *free_vcpus, size_t nquotas, size_t *choice);

/* quota_plan_best() when it can enumerate the fleet, else quota_plan_greedy(). */
int quota_plan_solve(const struct quota_plan_workload *w, size_t nworkloads,
		     const long long *free_vcpus, size_t nquotas, size_t *choice);

#endif
