/*
 * consolidate.h - re-packing the work of a pool of identical VMs onto as
 * few of them as hold it (docs/analyze.md, "Consolidation").
 *
 * A pool is VMs of one size in one region, each with the same number of
 * GPUs.  Azure bills a VM for all its GPUs (docs/billing.md), so work moved
 * between GPUs saves money only when whole VMs are left empty.  The rule:
 *
 *   - a GPU's work moves whole, onto an idle GPU of another VM of the pool;
 *   - the work of two under-used GPUs may share one GPU (never three) when
 *     the sum of their activity p95 and the sum of their peak memory fit
 *     one GPU with the headroom (CONSOLIDATE_HEADROOM of each left free);
 *   - a GPU whose work is not known (not observed, no data) stays where it
 *     is and keeps its VM.
 *
 * The fewest GPUs the work needs is the number of items less the most
 * disjoint pairs that fit: exact (maximum matching over subsets) for up to
 * CONSOLIDATE_EXACT_MAX shareable GPUs in a pool; above that, in O(n log n),
 * the largest work (by the larger of its activity and memory shares) is
 * paired with the smallest left when the two fit (optimal in one
 * dimension; in two it may find fewer pairs than the best, so it may free
 * fewer VMs than possible, never more).  Since all GPUs of a pool are
 * alike, the fewest VMs then follows exactly.  Pure: no I/O, no globals.
 */
#ifndef GPUFIT_CONSOLIDATE_H
#define GPUFIT_CONSOLIDATE_H

#include <stddef.h>

/* Share of a GPU's activity and memory kept free when two works share it. */
#define CONSOLIDATE_HEADROOM 0.15

/* Shareable GPUs per pool up to which the pairing is exact. */
#define CONSOLIDATE_EXACT_MAX 18

enum consolidate_kind {
	CONS_FREE,      /* idle: holds no work, may receive some */
	CONS_WHOLE,     /* busy: its work needs a GPU of its own */
	CONS_SHARE,     /* under-used with activity and memory known: may share */
	CONS_PINNED     /* work not known: stays, and keeps its VM */
};

/* One GPU of the pool. */
struct consolidate_gpu {
	size_t vm;                  /* its VM, 0 .. nvms-1 */
	enum consolidate_kind kind;
	double activity;            /* CONS_SHARE: activity p95, 0-1 */
	double memory_gib;          /* CONS_SHARE: peak memory */
	/* results */
	long dest;                  /* the GPU its work runs on after the move (itself
				     * when it stays); -1 for a free GPU */
	long partner;               /* the GPU whose work shares dest with it; -1 none */
};

struct consolidate_pool {
	size_t nvms;
	double gpu_memory_gib;      /* memory of one GPU */
	struct consolidate_gpu *gpus;
	size_t ngpus;
};

/* 1 when two shareable works fit one GPU of gpu_memory_gib with the headroom. */
int consolidate_fits(const struct consolidate_gpu *a, const struct consolidate_gpu *b,
		     double gpu_memory_gib);

/*
 * The fewest GPUs the works of p need (a work per CONS_WHOLE or CONS_PINNED
 * GPU, a pair or a single per CONS_SHARE GPU).  When pair is not NULL it
 * receives, per GPU, the index of the GPU it is paired with or -1.
 */
size_t consolidate_bins(const struct consolidate_pool *p, long *pair);

/*
 * Plans the pool: fills every GPU's dest and partner, and kept[v] (1 when
 * VM v is still needed; kept has nvms entries).  Returns the VMs kept.
 * Every VM holds at most its own number of GPUs' worth of work afterwards;
 * the VMs with the most work in place are kept (fewest moves).
 */
size_t consolidate_plan(struct consolidate_pool *p, int *kept);

#endif
