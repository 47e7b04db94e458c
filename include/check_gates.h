/*
 * check_gates.h - the gates of `gpufit check`: the result of one check (the
 * recommendation's cost plan, the baseline's, their difference, the gates
 * and their verdict, the prices used and their age, the warnings) and the
 * steps that judge it.  The limits are costdiff_gates()'s (costdiff.h);
 * this adds the profile's budget: limits, the --fail-on gate over the
 * recommendation's findings and the age of the oldest price used.  No I/O:
 * src/cli/cmd_check.c runs the recommendation and reads the files, the
 * writers are check_text.h, check_json.h and check_html.h.
 */
#ifndef GPUFIT_CHECK_GATES_H
#define GPUFIT_CHECK_GATES_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "costdiff.h"
#include "profile.h"
#include "recommend.h"

/* A catalog older than this many days is a warning, unless
 * --max-catalog-age-days makes its age a gate. */
#define CHECK_STALE_DAYS 30

/* The finding kinds --fail-on accepts, CHECK_NFAIL_KINDS of them. */
#define CHECK_NFAIL_KINDS 14
extern const char *const check_fail_kinds[CHECK_NFAIL_KINDS];

/* One check: what the gates judge and what the writers print.  Zero it,
 * fill it, release it with check_report_release(). */
struct check_report {
	const char *profile;
	const char *baseline_file;     /* NULL without --baseline */
	struct cost_plan head, base;
	struct costdiff diff;          /* valid when baseline_file */
	size_t ngates;
	struct costdiff_gate gates[COSTDIFF_MAX_GATES];
	int passed;
	char source[64], fetched_at[40];
	long age_days;
	size_t nages;                  /* the prices the recommendation used, per region */
	struct recommend_price_age *ages;
	struct costdiff_price_age age; /* the oldest of them, as the age gate judges it */
	size_t nwarnings;
	char **warnings;
	unsigned fail_on;              /* bit i: fail on findings of check_fail_kinds[i] */
	size_t fail_count;             /* such findings in the recommendation */
	char fail_first[128];          /* "workload: kind" of the first one */
	cJSON *rec_doc;                /* the recommend -f json document of head */
};

/* Frees what r owns (not profile, baseline_file). */
void check_report_release(struct check_report *r);

/* Appends a warning (printf format) to r->warnings. */
void check_warn(struct check_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The baseline's item of workload name; NULL without a baseline or when the
 * baseline has no such workload. */
const struct cost_item *check_base_item(const struct check_report *r, const char *name);

/* How many of r's gates failed. */
size_t check_failed_count(const struct check_report *r);

/* Counts the findings of one workload object w of the recommend document
 * that r->fail_on names (r->fail_count, r->fail_first). */
void check_count_findings(struct check_report *r, const cJSON *w);

/* r->age: the oldest price r->ages names, or why its age is unknown (a
 * price used without an observed date makes the whole age unknown: the
 * gate cannot vouch for it). */
void check_price_age(struct check_report *r);

/* Judges r, its head (and base) plans and ages filled: the difference from
 * the baseline, the limits of lim with those of budget where lim has none,
 * the gates (the --fail-on one last), the warnings of skipped gates, of a
 * stale catalog and of no gates, and r->passed. */
void check_judge(struct check_report *r, struct costdiff_limits *lim,
		 const struct profile_budget *budget);

/* A failed check r is a verdict (1: a gate failed on a known value) or
 * could not be judged (0: a workload has no feasible option, or the
 * gates failed only because a value is unknown). */
int check_verdict(const struct check_report *r);

#endif
