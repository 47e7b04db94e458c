/*
 * classify.h - the telemetry classifier: one series' statistics in, one
 * finding (idle, underused, busy-waiting, data-starved, memory-bound,
 * healthy, no-data) and a recommendation out.
 *
 * Pure: no I/O, no catalog, no globals.  The caller supplies the thresholds
 * (defaults and their sources: docs/analyze.md) and, for the underused case,
 * the cheaper places the work could move to, already priced.
 */
#ifndef GPUFIT_CLASSIFY_H
#define GPUFIT_CLASSIFY_H

#include <stddef.h>
#include <stdint.h>

#include "telemetry.h"

enum classify_finding {
	CLASS_IDLE,
	CLASS_UNDERUSED,
	CLASS_BUSY_WAITING,
	CLASS_DATA_STARVED,
	CLASS_MEMORY_BOUND,
	CLASS_HEALTHY,
	CLASS_NO_DATA,
	CLASS_COUNT
};

/* "idle", "underused", "busy-waiting", ... */
const char *classify_finding_name(enum classify_finding f);

/* Parses a finding name: 0 ok, -1 unknown. */
int classify_finding_parse(const char *s, enum classify_finding *out);

/* Every threshold is a ratio (0-1) unless its comment says otherwise. */
struct classify_thresholds {
	uint64_t min_samples;     /* fewer samples of the activity metric: no-data */
	double unreliable_util;   /* GPU_UTIL p95 at or above this with GR_ENGINE_ACTIVE
				     stuck at 0: profiling data unreliable */
	double idle_max;          /* peak activity below this: idle */
	double busy_util;         /* mean duty cycle at or above this ... */
	double busy_sm;           /* ... with mean SM activity below this: busy-waiting */
	double weak_tensor;       /* without SM_ACTIVE: tensor mean below this ... */
	double weak_dram;         /* ... and DRAM mean below this: busy-waiting (weak) */
	double starved_sm;        /* mean SM (or engine) activity below this ... */
	double starved_pcie_rx;   /* ... with mean PCIe RX at or above this (bytes/s) ... */
	double starved_memcopy;   /* ... or mean memory-copy utilization at or above this */
	double sawtooth_p95;      /* or activity p95 at or above this ... */
	double sawtooth_p5;       /* ... with p5 at or below this: data-starved */
	double memory_dram;       /* mean DRAM activity at or above this ... */
	double memory_sm;         /* ... with SM below this (or tensor low): memory-bound */
	double underused_p95;     /* p95 activity below this: underused */
};

/* Fills the documented defaults. */
void classify_thresholds_default(struct classify_thresholds *t);

/* A cheaper place for an underused GPU's work, priced by the caller. */
struct classify_candidate {
	char name[64];            /* "MIG 1g.10gb" or an Azure size */
	double memory_gib;        /* GPU memory it offers */
	double compute;           /* its compute relative to the current GPU or slice */
	double hourly;            /* what it costs per hour; 0 unknown */
};

struct classify_result {
	enum classify_finding finding;
	enum telemetry_metric activity_metric;   /* what "activity" was read from */
	struct telemetry_stats activity;
	struct telemetry_stats sm;               /* count 0 when SM_ACTIVE is absent */
	double idle_fraction;     /* share of activity samples below idle_max */
	double peak_memory_gib;   /* max FB_USED; -1 unknown */
	int weak;                 /* 1 when the finding rests on indirect evidence */
	int candidate;            /* chosen candidate for underused; -1 none */
	double savings_hourly;    /* the hourly price difference the recommendation implies
				   for this GPU or slice alone; not a saving by itself:
				   Azure bills whole VMs, and analyze prices changes as
				   bills of whole VMs (docs/analyze.md, "Savings") */
	int savings_unknown;      /* 1: a smaller option may exist but cannot be sized (the
				   * memory use is unknown): savings_hourly is not 0, it is
				   * unknown */
	/* Owned strings, never NULL (classify_result_release frees them): only
	 * their length is kept per GPU, not a fixed buffer. */
	char *reason;             /* why, one sentence */
	char *recommendation;
	char *enable;             /* no-data and weak findings: the counter to collect; "" */
};

/* Frees the strings of a result filled by classify_series; the result is
 * zeroed and may be filled again. */
void classify_result_release(struct classify_result *r);

/*
 * Classifies one series into *out, which is overwritten: release an earlier
 * result in it first (first matching rule wins: no-data, idle,
 * busy-waiting, data-starved, memory-bound, underused, healthy).
 * current_hourly is what the GPU or slice costs per hour (0 unknown);
 * cands[0..ncands-1] are the places an underused series may move to: the
 * cheapest one holding its peak memory and p95 activity is chosen.
 */
void classify_series(const struct telemetry_series *s, const struct classify_thresholds *t,
		     const struct classify_candidate *cands, size_t ncands, double current_hourly,
		     struct classify_result *out);

#endif
