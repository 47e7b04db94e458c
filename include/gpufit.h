/*
 * gpufit.h - project-wide constants: version, exit codes, limits.
 *
 * The exit codes are a contract (README.md "Exit codes", docs/gpufit.1 EXIT
 * STATUS) and are the same for every command; tests assert them by number.
 */
#ifndef GPUFIT_H
#define GPUFIT_H

#define GPUFIT_VERSION "0.1.0"

/* Schema version written into every JSON document gpufit prints. */
#define GPUFIT_JSON_SCHEMA_VERSION 1

/* Default number of hours billed per month (Azure's own convention). */
#define GPUFIT_HOURS_PER_MONTH 730.0

enum gpufit_exit {
	EXIT_OK = 0,          /* success */
	EXIT_GATE = 1,        /* a gate failed: check over budget, analyze --fail-on matched */
	EXIT_USAGE = 2,       /* unknown command or option, missing argument */
	EXIT_INPUT = 3,       /* bad input file or unknown name (size, model, region) */
	EXIT_CATALOG = 4,     /* catalog missing/corrupt, refresh or network failure */
	EXIT_INFEASIBLE = 5   /* recommend/pack: some workload has no feasible option; estimate: does not fit */
};

#endif
