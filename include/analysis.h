/*
 * analysis.h - what `gpufit analyze` computes from the telemetry: every
 * host's Azure size (given with --sku or --hosts, or inferred from the GPU
 * model label and count), every GPU's or MIG instance's price, finding and
 * saving alone, the fleet of whole VMs with its bill and its proposals
 * (consolidations and resizes, each a difference of two bills), and the
 * fleet totals.  The writers of the result are analyze_text.h and
 * analyze_json.h.
 */
#ifndef GPUFIT_ANALYSIS_H
#define GPUFIT_ANALYSIS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "catalog.h"
#include "classify.h"
#include "diag.h"
#include "facts.h"
#include "telemetry.h"
#include "util.h"

/* One host's Azure size. */
struct analysis_host {
	char host[96];
	char sku[FACT_SKU];
	int assumed;
	int line, col;          /* where a --hosts file names the size; 0 otherwise */
};

/* Every host's size, found by name in O(1) amortised: a fleet of 100k hosts
 * must not cost a scan of the list per host or per series. */
struct analysis_hosts {
	struct analysis_host *v;
	size_t n, cap;
	struct strmap index;    /* host name -> position of its last entry in v */
};

/* Everything the pricing needs from the catalog. */
struct analysis_facts {
	struct gpu_spec *gpus;
	size_t ngpus;
	struct vm_size *vms;
	size_t nvms;
	struct mig_profile *migs;
	size_t nmigs;
	double *vm_hourly;      /* per vms[i] in the chosen region and pricing; 0 none */
	const struct gpu_spec **vm_gpu;   /* per vms[i]: its GPU model; NULL unknown */
	struct strmap vm_by_sku;          /* lower-case size name -> index in vms */
};

/* Per series results. */
struct analysis_row {
	struct telemetry_series *s;
	struct classify_result res;
	const struct analysis_host *hm;
	const struct vm_size *vm;
	const struct gpu_spec *gpu;
	double gpu_fraction;    /* 1 for a whole GPU, c/7 for a MIG slice */
	double hourly;          /* cost of this GPU or slice; 0 unknown */
	size_t vi;              /* its size in facts; (size_t)-1 unknown */
	double monthly;         /* its share of its VM's bill (an allocation); 0 unknown */
	double gpu_monthly;     /* its GPU's share of the VM's bill (fleet_allocate) */
	double saving;          /* the VM's bill less its bill after this row's change
				   alone (bill_monthly): 0 unless the row is its whole VM */
	long cand_vi;           /* underused: the size it may move to; -1 none or a MIG slice */
	int mig_slices;         /* > 7: the compute slices its GPU's instances report
				   together, more than a GPU has (not priced) */
	struct classify_candidate *cands;
	size_t ncands;
};

/* Fleet totals.  Each sum covers the GPUs where its part is known; a total
 * is known only when every GPU's part is (else JSON null, "unknown" in text). */
struct analysis_totals {
	int gpus;
	int by[CLASS_COUNT];
	double wasted_hours, wasted_cost, savings, current_cost;
	int unpriced;            /* GPUs without a price: cost and savings unknown */
	int no_activity;         /* GPUs without activity samples: idle hours unknown */
	int idle_cost_unknown;   /* GPUs whose idle cost is unknown (either of those) */
	int savings_unknown;     /* GPUs whose savings are unknown: unpriced, or a smaller
				  * option that cannot be sized */
	char currency[8];        /* the catalog's price currency */
	const char *region;      /* where and how the GPUs are priced */
	enum pricing_kind kind;
	struct analysis_mig_free *free;   /* the MIG GPUs with compute slices no instance holds */
	size_t nfree;
	double free_cost;        /* their monthly cost, in current_cost and wasted_cost */
	const struct analysis_fleet *fleet;   /* the VMs, their bill and the proposals */
	const struct analysis_facts *facts;
	double window_hours;     /* the telemetry's window; < 0 unknown */
};

/* A MIG GPU's compute slices that no instance holds.  Azure bills the whole
 * VM, so its current cost is the GPU's, not the sum of its instances: the
 * free share is added to the current cost and counted idle (nothing can run
 * there).  Known only when every instance of the GPU is priced. */
struct analysis_mig_free {
	const struct analysis_row *first;   /* the GPU's first instance row */
	int slices;                /* free compute slices, of 7 */
	double hourly;             /* what they cost */
	double monthly;            /* their share of the VM's bill */
};

/* One GPU of an observed VM: its rows (a MIG GPU has one per instance);
 * first == (size_t)-1 for a GPU the telemetry does not show. */
struct analysis_fleet_gpu {
	size_t first, end;
};

/* One observed VM: a host whose size has a price. */
struct analysis_fleet_vm {
	size_t first, end;      /* its rows */
	size_t vi;              /* its size */
	size_t g0, ng;          /* its GPUs in fleet.gpus */
	int kept;               /* consolidation: still needed */
	int stray;              /* a MIG instance of no known GPU: its work is somewhere
				   on the VM, so the VM stays and takes no work */
};

/* A GPU's work moved onto another GPU. */
struct analysis_move {
	size_t from, to;        /* first rows of the two GPUs */
	long beside;            /* first row of the work it shares the GPU with; -1 none */
};

enum analysis_proposal_kind { ANALYSIS_CONSOLIDATE, ANALYSIS_RESIZE };

/* A change of whole VMs and its saving, the difference of two bills. */
struct analysis_proposal {
	enum analysis_proposal_kind kind;
	size_t vi;              /* the pool's size */
	size_t to_vi;           /* resize: the new size */
	size_t vm;              /* resize: the VM (fleet.vms index); consolidate: the pool's first */
	size_t nvms;            /* consolidate: the pool's VMs; resize: 1 */
	size_t vms_after;       /* consolidate: the VMs kept */
	double before, after;   /* the bills before and after, per month */
	double saving;          /* before - after */
	int chosen;             /* in the totals; 0: an alternative for the same VMs */
	struct analysis_move *moves;
	size_t nmoves;
};

struct analysis_fleet {
	struct analysis_fleet_vm *vms;   /* sorted by size, then host */
	size_t nvms;
	struct analysis_fleet_gpu *gpus;
	size_t ngpus;
	struct analysis_proposal *props;
	size_t nprops;
	double bill;            /* the observed VMs' bill per month */
	double unobserved;      /* the share of it of the GPUs the telemetry does not show */
	size_t nunobserved;
	double savings;         /* the chosen proposals' savings */
};

/* ---- hosts and their sizes -------------------------------------------- */

/* A new entry for host (the last one wins in analysis_hosts_find). */
struct analysis_host *analysis_hosts_add(struct analysis_hosts *hl, const char *host);
/* The last entry for host (a --hosts file may name a host twice), or NULL. */
const struct analysis_host *analysis_hosts_find(const struct analysis_hosts *hl,
						const char *host);
void analysis_hosts_release(struct analysis_hosts *hl);

/* Reads a --hosts file: "HOST SKU" per line, at most max_hosts entries.
 * 0 ok; -1 with the errors (FILE:LINE:COL) in dl. */
int analysis_hosts_load(const char *path, const struct analysis_facts *f,
			struct analysis_hosts *hl, size_t max_hosts, struct diag_list *dl);

/* Maps every host of st to a size: hosts entries, else sku, else inferred
 * from the model label and GPU count (a note, and a string in assumptions).
 * -1 (errors in dl) when a given size has fewer GPUs than its host shows. */
int analysis_map_hosts(const struct telemetry_store *st, const struct analysis_facts *f,
		       const char *sku, const char *hosts_file, struct analysis_hosts *hosts,
		       cJSON *assumptions, struct diag_list *dl);

/* ---- catalog facts ---------------------------------------------------- */

/* The catalog's GPUs, sizes and MIG profiles, and each size's price in
 * region, kind and currency.  0 ok; -1 with err (CATALOG_ERRLEN) set. */
int analysis_facts_load(catalog *cat, const char *region, enum pricing_kind kind,
			const char *currency, struct analysis_facts *f, char *err);
void analysis_facts_release(struct analysis_facts *f);
/* The size named sku (any case), or (size_t)-1. */
size_t analysis_vm_index(const struct analysis_facts *f, const char *sku);
/* The catalog GPU a model label names ("NVIDIA A100 80GB PCIe"), or NULL. */
const struct gpu_spec *analysis_gpu_from_label(const struct analysis_facts *f,
					       const char *label);

/* ---- rows, fleet, totals ---------------------------------------------- */

/* A row per series of st but the MIG GPUs' own (their instances are rows),
 * each priced from its host's size and classified (classify.h); *nrows
 * receives their number.  The caller frees each row's res
 * (classify_result_release) and cands, then the array. */
struct analysis_row *analysis_rows_classify(const struct telemetry_store *st,
					    const struct analysis_facts *f,
					    const struct analysis_hosts *hosts,
					    const struct classify_thresholds *th,
					    enum pricing_kind kind, double hours, size_t *nrows);
/* What is known of a row: its price, its saving, its idle share, its idle cost. */
int analysis_row_priced(const struct analysis_row *r);
int analysis_row_savings_known(const struct analysis_row *r);
int analysis_row_idle_known(const struct analysis_row *r);
int analysis_row_idle_cost_known(const struct analysis_row *r);
/* Unprices the MIG GPUs whose instances report more than 7 compute slices;
 * returns how many. */
size_t analysis_mig_gpus_check(struct analysis_row *rows, size_t nrows);
/* Each row's saving applied alone (its VM's bill less the bill after). */
void analysis_rows_alone(struct analysis_row *rows, size_t nrows,
			 const struct analysis_facts *f, enum pricing_kind kind, double hours);
/* The rows as a fleet of whole VMs, its bill allocated to the rows, and its
 * proposals; release with analysis_fleet_release. */
void analysis_fleet_plan(struct analysis_fleet *fl, struct analysis_row *rows, size_t nrows,
			 const struct analysis_facts *f, enum pricing_kind kind, double hours);
void analysis_fleet_release(struct analysis_fleet *fl);
/* Adds row r, and the free MIG slices of rows, to the totals. */
void analysis_totals_add(struct analysis_totals *t, const struct analysis_row *r,
			 double hours);
void analysis_totals_add_free(struct analysis_totals *t, const struct analysis_row *rows,
			      size_t nrows, double hours);

/* ---- words ------------------------------------------------------------ */

/* "HOST gpu GPU" or "HOST gpu GPU mig ID". */
void analysis_series_label(char *buf, size_t n, const struct telemetry_series *s);
/* The host of fleet VM v. */
const char *analysis_fleet_host(const struct analysis_fleet *fl,
				const struct analysis_row *rows, size_t v);
/* Why row r has no price (r->hourly is 0), priced as t says. */
void analysis_unpriced_reason(char *buf, size_t n, const struct analysis_row *r,
			      const struct analysis_totals *t);

#endif
