/*
 * costdiff.h - cost plans and the differences between two of them.
 *
 * A cost plan is what `gpufit diff` and `gpufit check` need of a
 * `recommend -f json` document: the currency, the total monthly cost and,
 * per workload, the recommended capacity and its monthly cost.
 * costdiff_plan_from_json() reads it from a parsed document (the JSON input
 * boundary); costdiff_compute() compares two plans and is pure: no I/O, no
 * printing, no globals.
 *
 * Money is in the plan's currency, per month.  A workload without a feasible
 * option has feasible = 0, an empty sku and a monthly cost of 0.
 */
#ifndef GPUFIT_COSTDIFF_H
#define GPUFIT_COSTDIFF_H

#include <stddef.h>

#include <cjson/cJSON.h>

#define COSTDIFF_NAME_LEN 64
#define COSTDIFF_SKU_LEN 64
#define COSTDIFF_ERRLEN 512
#define COSTDIFF_MAX_COUNT 1000000000   /* largest vm_count / gpu_count read */
#define COSTDIFF_MAX_MONEY 1e12         /* largest monthly cost read: a thousand
					   times the largest budget (1e9), far
					   beyond a real plan, with cents exact */

/* One workload's recommended capacity. */
struct cost_item {
	char name[COSTDIFF_NAME_LEN];
	char type[16];                 /* "inference", "training" or "" */
	int feasible;                  /* 0: no recommendation (null in the JSON) */
	char sku[COSTDIFF_SKU_LEN];
	char region[32];
	char placement[16];            /* "vm", "mig", "cluster" */
	char mig_profile[32];          /* "" when none */
	double vm_count;
	double gpu_count;
	double monthly_cost;
	char split[112];               /* a MIG plan's split placement: " + 3 ×
					  Standard_NC4as_T4_v3" (the replicas on
					  dedicated GPUs) or " + 1 × MIG slice in pool
					  'mig1g-a100'"; "" when none */
	char label[256];               /* the recommendation's label as every
					  format prints it ("2 x Standard_ND96isr_H100_v5
					  1g.10gb + 1 x Standard_NC4as_T4_v3"); "" when
					  the document has none */
	char findings[192];            /* the data findings, "data-gravity, data-starved
					  (GPUs busy 48 %)"; "" none (null in diff's JSON) */
};

struct cost_plan {
	char currency[8];
	char pricing[16];              /* "" when the document does not say */
	double monthly_cost;           /* totals.monthly_cost; 0 when unknown */
	int complete;                  /* 0: totals.monthly_cost is null (some
					  workload unpriced): no total is known */
	size_t unpriced;               /* workloads without a priced recommendation */
	size_t nitems, capitems;
	struct cost_item *items;       /* owned; freed by cost_plan_release */
};

/*
 * Fills *plan from a parsed `recommend -f json` document.  file names the
 * document in messages.  Returns 0, or -1 with "FILE: ..." in err naming the
 * missing or mistyped field (e.g. "missing number 'totals.monthly_cost'"), or
 * a monthly cost (total or a workload's) that is negative or above
 * COSTDIFF_MAX_MONEY.
 * Either way *plan must be released with cost_plan_release().
 */
int cost_plan_from_json(const cJSON *doc, const char *file, struct cost_plan *plan, char *err,
			size_t errlen);

/*
 * The same in three steps, for a document made one workload at a time:
 * the head (everything but the workloads, which must be an array, possibly
 * empty), each workload object w in turn (the ith added), then the totals'
 * completeness.  Each returns as cost_plan_from_json does; release *plan
 * either way.
 */
int cost_plan_head_from_json(const cJSON *doc, const char *file, struct cost_plan *plan,
			     char *err, size_t errlen);
int cost_plan_add_json(struct cost_plan *plan, const cJSON *w, const char *file, char *err,
		       size_t errlen);
void cost_plan_finish(struct cost_plan *plan);

/* Frees what *plan owns and zeroes it; safe on a zeroed plan. */
void cost_plan_release(struct cost_plan *plan);

enum costdiff_status { COSTDIFF_UNCHANGED, COSTDIFF_CHANGED, COSTDIFF_ADDED, COSTDIFF_REMOVED };

/* Bits of struct costdiff_row.changes: what differs between base and head. */
enum {
	COSTDIFF_CH_SKU = 1 << 0,
	COSTDIFF_CH_REGION = 1 << 1,
	COSTDIFF_CH_PLACEMENT = 1 << 2,
	COSTDIFF_CH_MIG = 1 << 3,
	COSTDIFF_CH_VM_COUNT = 1 << 4,
	COSTDIFF_CH_GPU_COUNT = 1 << 5,
	COSTDIFF_CH_COST = 1 << 6,
	COSTDIFF_CH_FEASIBLE = 1 << 7,
	COSTDIFF_CH_FINDINGS = 1 << 8      /* its data findings (docs/data.md) */
};

struct costdiff_row {
	const char *name;              /* points into the base or head plan */
	enum costdiff_status status;
	const struct cost_item *base;  /* NULL when added */
	const struct cost_item *head;  /* NULL when removed */
	unsigned changes;              /* COSTDIFF_CH_* bits; 0 unless changed */
	double delta_monthly;          /* head - base (a missing side counts 0) */
	int has_delta_pct;             /* 0 when the base cost is 0 */
	double delta_pct;
};

struct costdiff {
	int base_complete, head_complete;  /* 0: that total is unknown, and so
					      is the delta */
	double base_monthly, head_monthly;
	double delta_monthly;
	int has_delta_pct;             /* 0 when the base total is 0 */
	double delta_pct;
	size_t added, removed, changed, unchanged;
	size_t nrows;
	struct costdiff_row *rows;     /* base order, then added ones in head order */
};

/*
 * Compares base and head (same currency: the caller checks).  Workloads
 * match by name.  Costs compare at cent precision.  The rows point into both
 * plans, which must outlive *out.  Free with costdiff_release().
 */
void costdiff_compute(const struct cost_plan *base, const struct cost_plan *head,
		      struct costdiff *out);

/* Frees the rows; safe on a zeroed costdiff. */
void costdiff_release(struct costdiff *d);

/* "added", "removed", "changed", "unchanged". */
const char *costdiff_status_name(enum costdiff_status s);

/*
 * The names of the change bits, in a fixed order ("sku", "region",
 * "placement", "mig_profile", "vm_count", "gpu_count", "monthly_cost",
 * "feasible"); returns how many were written to names (at most max).
 */
size_t costdiff_change_names(unsigned changes, const char **names, size_t max);

/* Percent change from base to v: 100 * (v - base) / base; base must not be 0. */
double costdiff_pct(double base, double v);

/*
 * Gates (`gpufit check`).  Each limit is either absent or given by an
 * option or the profile's budget: section (source says which, for messages).
 */
struct costdiff_limit {
	int given;
	double value;
	const char *source;            /* "option" or "profile budget" (static) */
};

struct costdiff_limits {
	struct costdiff_limit max_monthly;      /* total monthly cost */
	struct costdiff_limit max_increase;     /* total - baseline total */
	struct costdiff_limit max_increase_pct; /* 100 * increase / baseline total */
	struct costdiff_limit max_catalog_age;  /* days: the oldest price used */
};

#define COSTDIFF_MAX_GATES 6   /* costdiff_gates() writes at most 5; check adds fail_on */
#define COSTDIFF_MSGLEN 256

struct costdiff_gate {
	const char *name;              /* "max_monthly", ..., "feasible" (static) */
	const char *source;            /* from the limit; "recommend" for feasible */
	double limit;
	int has_actual;                /* 0: the actual value is unknown (null) */
	double actual;
	int passed;
	int unjudged;                  /* 1: failed because a value it needs is unknown
					* (no verdict), not on a known value */
	char message[COSTDIFF_MSGLEN]; /* one line: why it passed or failed */
};

/*
 * The age of the prices a recommendation is billed with, as the
 * max_catalog_age_days gate judges it: the oldest observed date of a price
 * it used (by region and pricing kind).  When known is 0 the age is unknown
 * (a price used has no observed date, or none was used) and why says so.
 */
struct costdiff_price_age {
	int known;
	long days;                     /* known: age of the oldest price used */
	char date[12];                 /* its observed date */
	char region[32];
	char pricing[16];              /* "payg", "spot", ... */
	char sku[64];                  /* the size it prices */
	char why[160];                 /* !known: one clause, "the payg price of ... has
					  no observed date" */
};

/*
 * Evaluates the given limits against head (the recommendation) and base
 * (the baseline, NULL when none); age is the age of the prices head used
 * (NULL: unknown, no price used).  A workload
 * of head without a feasible option, or an unknown head total, adds a
 * failing "feasible" gate first; a money gate on an unknown total (head's,
 * or the baseline's for the increase gates) fails with has_actual 0.
 * Increase limits need base: without it they are skipped and, when
 * skipped is not NULL, *skipped counts them.  Returns the number of gates
 * written to out (at most COSTDIFF_MAX_GATES), in the order feasible,
 * max_monthly, max_increase, max_increase_pct, max_catalog_age_days.
 */
size_t costdiff_gates(const struct costdiff_limits *lim, const struct cost_plan *head,
		      const struct cost_plan *base, const struct costdiff_price_age *age,
		      struct costdiff_gate *out, size_t *skipped);

/*
 * Money for people: "$1,234.56" for USD, "1,234.56 EUR" otherwise; with
 * sign = 1 a "+" or "-" leads ("+$12.00", "-$3.50", "+0.00 EUR").
 * Returns buf.
 */
char *costdiff_fmt_money(char *buf, size_t len, const char *currency, double v, int sign);

#endif
