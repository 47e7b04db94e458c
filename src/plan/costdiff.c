/*
 * costdiff.c - reading cost plans out of `recommend -f json` documents and
 * comparing two of them, for `gpufit diff` and `gpufit check`.
 *
 * The reader is strict about the stable fields of `recommend -f json` (the
 * required ones of docs/schema/recommend.schema.json: a renamed or missing
 * field names itself in the error) and ignores fields it does not
 * use, so newer documents with added fields still read.
 */
#include "costdiff.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpufit.h"
#include "util.h"

void cost_plan_release(struct cost_plan *plan)
{
	free(plan->items);
	memset(plan, 0, sizeof *plan);
}

__attribute__((format(printf, 4, 5))) static int fail(char *err, size_t errlen, const char *file,
						      const char *fmt, ...)
{
	char msg[COSTDIFF_ERRLEN];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "%s: %s", file, msg);
	return -1;
}

/* The member key of obj, which must be a string; path names it in errors. */
static int get_str(const cJSON *obj, const char *key, const char *path, char *dst, size_t dstlen,
		   int nullable, const char *file, char *err, size_t errlen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (nullable && (!v || cJSON_IsNull(v))) {
		dst[0] = '\0';
		return 0;
	}
	if (!v)
		return fail(err, errlen, file, "missing field '%s' (a string)", path);
	if (!cJSON_IsString(v))
		return fail(err, errlen, file, "field '%s' must be a string", path);
	if (strlen(v->valuestring) >= dstlen)
		return fail(err, errlen, file, "field '%s' is too long", path);
	strcpy(dst, v->valuestring);
	return 0;
}

static int get_num(const cJSON *obj, const char *key, const char *path, double *dst,
		   const char *file, char *err, size_t errlen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!v)
		return fail(err, errlen, file, "missing field '%s' (a number)", path);
	if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble))
		return fail(err, errlen, file, "field '%s' must be a number", path);
	*dst = v->valuedouble;
	return 0;
}

/* v in the fewest digits that read back as v, "1e308" (not "1e+308"),
 * "1000000000001" (not "1e+12", which is the bound it exceeds). */
static const char *fmt_shortest(char *buf, size_t len, double v)
{
	char *e;

	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	e = strstr(buf, "e+");
	if (e)
		memmove(e + 1, e + 2, strlen(e + 2) + 1);
	return buf;
}

/* A monthly cost at obj.key: a number from 0 to COSTDIFF_MAX_MONEY.  A
 * hand-edited or corrupted document (1e308, -100) is refused here, before any
 * sum or percentage of it (which would print "$inf" or pass a gate). */
static int get_money(const cJSON *obj, const char *key, const char *path, double *dst,
		     const char *file, char *err, size_t errlen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!v)
		return fail(err, errlen, file, "missing field '%s' (a number)", path);
	if (!cJSON_IsNumber(v) || isnan(v->valuedouble))
		return fail(err, errlen, file, "field '%s' must be a number", path);
	if (v->valuedouble < 0)
		return fail(err, errlen, file, "field '%s' must not be negative", path);
	if (!(v->valuedouble <= COSTDIFF_MAX_MONEY)) {
		/* an overflowing literal (1e999) reads as infinity: no "got" */
		if (isfinite(v->valuedouble)) {
			char got[40];
			return fail(err, errlen, file,
				    "field '%s' must be at most 1e12 (a monthly cost), got %s", path,
				    fmt_shortest(got, sizeof got, v->valuedouble));
		}
		return fail(err, errlen, file, "field '%s' must be at most 1e12 (a monthly cost)",
			    path);
	}
	*dst = v->valuedouble;
	return 0;
}

/* The data findings of a workload as one comparable line (optional in the
 * document: a plan written before them has none). */
static void read_findings(const cJSON *w, struct cost_item *it)
{
	static const char *const kinds[] = { "data-gravity", "data-starved", "data-placement",
					     "cold-start" };
	const cJSON *fs = cJSON_GetObjectItemCaseSensitive(w, "findings"), *f;
	size_t o = 0;
	it->findings[0] = '\0';
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		cJSON_ArrayForEach(f, fs) {
			const cJSON *kind = cJSON_GetObjectItemCaseSensitive(f, "kind");
			const cJSON *busy = cJSON_GetObjectItemCaseSensitive(f, "gpu_busy_fraction");
			if (!cJSON_IsString(kind) || strcmp(kind->valuestring, kinds[k]) != 0 ||
			    o >= sizeof it->findings - 1)
				continue;
			if (cJSON_IsNumber(busy))
				o += (size_t)snprintf(it->findings + o, sizeof it->findings - o,
						      "%s%s (GPUs busy %.0f %%)", o ? ", " : "",
						      kinds[k], floor(busy->valuedouble * 100));
			else
				o += (size_t)snprintf(it->findings + o, sizeof it->findings - o, "%s%s",
						      o ? ", " : "", kinds[k]);
			if (o >= sizeof it->findings)
				o = sizeof it->findings - 1;
		}
}

/* The other part of a recommendation the MIG plan split between slices and
 * dedicated GPUs (optional in the document: mig_plan_use). */
static void read_split(const cJSON *w, const cJSON *rec, struct cost_item *it)
{
	const cJSON *u = cJSON_GetObjectItemCaseSensitive(w, "mig_plan_use");
	const cJSON *basis = cJSON_GetObjectItemCaseSensitive(u, "cost_basis");
	const cJSON *ded = cJSON_GetObjectItemCaseSensitive(u, "replicas_dedicated");
	const cJSON *sl = cJSON_GetObjectItemCaseSensitive(u, "replicas_on_slices");
	const cJSON *dsku = cJSON_GetObjectItemCaseSensitive(u, "plan_dedicated_sku");
	const cJSON *pool = cJSON_GetObjectItemCaseSensitive(u, "pool");
	const cJSON *pl = cJSON_GetObjectItemCaseSensitive(rec, "placement");

	it->split[0] = '\0';
	if (!cJSON_IsString(basis) || strcmp(basis->valuestring, "mig-plan") != 0 ||
	    !cJSON_IsNumber(ded) || !cJSON_IsNumber(sl) || !(ded->valuedouble >= 1) ||
	    !(sl->valuedouble >= 1) || ded->valuedouble > COSTDIFF_MAX_COUNT ||
	    sl->valuedouble > COSTDIFF_MAX_COUNT || !cJSON_IsString(pl))
		return;
	if (strcmp(pl->valuestring, "mig") == 0 && cJSON_IsString(dsku))
		snprintf(it->split, sizeof it->split, " + %.0f × %.64s", ded->valuedouble,
			 dsku->valuestring);
	else if (strcmp(pl->valuestring, "mig") != 0 && cJSON_IsString(pool))
		snprintf(it->split, sizeof it->split, " + %.0f × MIG slice in pool '%.64s'",
			 sl->valuedouble, pool->valuestring);
}

static int read_item(const cJSON *w, size_t i, struct cost_item *it, const char *file, char *err,
		     size_t errlen)
{
	char path[96];
	if (!cJSON_IsObject(w))
		return fail(err, errlen, file, "field 'workloads[%zu]' must be an object", i);
	snprintf(path, sizeof path, "workloads[%zu].name", i);
	if (get_str(w, "name", path, it->name, sizeof it->name, 0, file, err, errlen) != 0)
		return -1;
	snprintf(path, sizeof path, "workloads[%zu].type", i);
	if (get_str(w, "type", path, it->type, sizeof it->type, 1, file, err, errlen) != 0)
		return -1;
	read_findings(w, it);
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(w, "recommendation");
	if (!r)
		return fail(err, errlen, file, "missing field 'workloads[%zu].recommendation'", i);
	if (cJSON_IsNull(r)) {
		it->feasible = 0;
		return 0;
	}
	if (!cJSON_IsObject(r))
		return fail(err, errlen, file,
			    "field 'workloads[%zu].recommendation' must be an object or null", i);
	it->feasible = 1;
	read_split(w, r, it);
	const cJSON *lab = cJSON_GetObjectItemCaseSensitive(r, "label");
	if (cJSON_IsString(lab))
		snprintf(it->label, sizeof it->label, "%s", lab->valuestring);
	static const struct {
		const char *key;
		size_t off, len;
		int nullable;
	} strs[] = {
		{ "sku", offsetof(struct cost_item, sku), COSTDIFF_SKU_LEN, 0 },
		{ "region", offsetof(struct cost_item, region), 32, 0 },
		{ "placement", offsetof(struct cost_item, placement), 16, 0 },
		{ "mig_profile", offsetof(struct cost_item, mig_profile), 32, 1 },
	};
	for (size_t k = 0; k < sizeof strs / sizeof strs[0]; k++) {
		snprintf(path, sizeof path, "workloads[%zu].recommendation.%s", i, strs[k].key);
		if (get_str(r, strs[k].key, path, (char *)it + strs[k].off, strs[k].len,
			    strs[k].nullable, file, err, errlen) != 0)
			return -1;
	}
	static const struct {
		const char *key;
		size_t off;
	} nums[] = {
		{ "vm_count", offsetof(struct cost_item, vm_count) },
		{ "gpu_count", offsetof(struct cost_item, gpu_count) },
		{ "monthly_cost", offsetof(struct cost_item, monthly_cost) },
	};
	for (size_t k = 0; k < sizeof nums / sizeof nums[0]; k++) {
		snprintf(path, sizeof path, "workloads[%zu].recommendation.%s", i, nums[k].key);
		double *dst = (double *)(void *)((char *)it + nums[k].off);
		if ((k < 2 ? get_num : get_money)(r, nums[k].key, path, dst, file, err, errlen) != 0)
			return -1;
		/* counts are printed as integers: range-check before any conversion */
		if (k < 2 && (*dst < 0 || *dst > COSTDIFF_MAX_COUNT || *dst != floor(*dst)))
			return fail(err, errlen, file, "field '%s' must be a whole number from 0 to %d",
				    path, COSTDIFF_MAX_COUNT);
	}
	return 0;
}

int cost_plan_head_from_json(const cJSON *doc, const char *file, struct cost_plan *plan, char *err,
			size_t errlen)
{
	memset(plan, 0, sizeof *plan);
	if (!cJSON_IsObject(doc))
		return fail(err, errlen, file, "not a 'gpufit recommend -f json' document "
					       "(the top level is not an object)");
	double version = 0;
	if (get_num(doc, "schema_version", "schema_version", &version, file, err, errlen) != 0)
		return -1;
	if (version != GPUFIT_JSON_SCHEMA_VERSION)
		return fail(err, errlen, file, "unsupported schema_version %g (this gpufit reads %d)",
			    version, GPUFIT_JSON_SCHEMA_VERSION);
	if (get_str(doc, "currency", "currency", plan->currency, sizeof plan->currency, 0, file,
		    err, errlen) != 0 ||
	    get_str(doc, "pricing", "pricing", plan->pricing, sizeof plan->pricing, 1, file, err,
		    errlen) != 0)
		return -1;
	const cJSON *totals = cJSON_GetObjectItemCaseSensitive(doc, "totals");
	if (!totals)
		return fail(err, errlen, file, "missing field 'totals' (an object)");
	if (!cJSON_IsObject(totals))
		return fail(err, errlen, file, "field 'totals' must be an object");
	const cJSON *tm = cJSON_GetObjectItemCaseSensitive(totals, "monthly_cost");
	plan->complete = 1;
	if (cJSON_IsNull(tm)) {
		plan->complete = 0; /* unknown, never 0 */
	} else if (get_money(totals, "monthly_cost", "totals.monthly_cost", &plan->monthly_cost,
			     file, err, errlen) != 0) {
		return -1;
	}
	if (cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(totals, "complete")))
		plan->complete = 0;
	const cJSON *up = cJSON_GetObjectItemCaseSensitive(totals, "unpriced");
	if (cJSON_IsArray(up))
		plan->unpriced = (size_t)cJSON_GetArraySize(up);
	const cJSON *ws = cJSON_GetObjectItemCaseSensitive(doc, "workloads");
	if (!ws)
		return fail(err, errlen, file, "missing field 'workloads' (an array)");
	if (!cJSON_IsArray(ws))
		return fail(err, errlen, file, "field 'workloads' must be an array");
	return 0;
}

int cost_plan_add_json(struct cost_plan *plan, const cJSON *w, const char *file, char *err,
		       size_t errlen)
{
	size_t i = plan->nitems;

	if (i == plan->capitems) {
		plan->capitems = plan->capitems ? 2 * plan->capitems : 16;
		plan->items = xrealloc(plan->items, plan->capitems * sizeof *plan->items);
	}
	memset(&plan->items[i], 0, sizeof plan->items[i]);
	if (read_item(w, i, &plan->items[i], file, err, errlen) != 0)
		return -1;
	for (size_t j = 0; j < i; j++)
		if (strcmp(plan->items[j].name, plan->items[i].name) == 0)
			return fail(err, errlen, file, "duplicate workload name '%s'", plan->items[i].name);
	plan->nitems++;
	return 0;
}

void cost_plan_finish(struct cost_plan *plan)
{
	size_t infeasible = 0;

	for (size_t k = 0; k < plan->nitems; k++)
		infeasible += !plan->items[k].feasible;
	if (infeasible > plan->unpriced)
		plan->unpriced = infeasible;
	if (plan->unpriced)
		plan->complete = 0;
	if (!plan->complete)
		plan->monthly_cost = 0;
}

int cost_plan_from_json(const cJSON *doc, const char *file, struct cost_plan *plan, char *err,
			size_t errlen)
{
	const cJSON *ws;

	if (cost_plan_head_from_json(doc, file, plan, err, errlen) != 0)
		return -1;
	ws = cJSON_GetObjectItemCaseSensitive(doc, "workloads");
	for (const cJSON *w = ws->child; w; w = w->next)
		if (cost_plan_add_json(plan, w, file, err, errlen) != 0) {
			cost_plan_release(plan);
			return -1;
		}
	cost_plan_finish(plan);
	return 0;
}

static const struct cost_item *find_item(const struct cost_plan *p, const char *name)
{
	for (size_t i = 0; i < p->nitems; i++)
		if (strcmp(p->items[i].name, name) == 0)
			return &p->items[i];
	return NULL;
}

static int cents_differ(double a, double b)
{
	return util_round_cents(a) != util_round_cents(b);
}

static unsigned item_changes(const struct cost_item *b, const struct cost_item *h)
{
	unsigned c = 0;
	if (b->feasible != h->feasible)
		c |= COSTDIFF_CH_FEASIBLE;
	if (b->feasible && h->feasible) {
		if (strcmp(b->sku, h->sku) != 0)
			c |= COSTDIFF_CH_SKU;
		if (strcmp(b->region, h->region) != 0)
			c |= COSTDIFF_CH_REGION;
		if (strcmp(b->placement, h->placement) != 0)
			c |= COSTDIFF_CH_PLACEMENT;
		if (strcmp(b->mig_profile, h->mig_profile) != 0)
			c |= COSTDIFF_CH_MIG;
		if (b->vm_count != h->vm_count)
			c |= COSTDIFF_CH_VM_COUNT;
		if (b->gpu_count != h->gpu_count)
			c |= COSTDIFF_CH_GPU_COUNT;
	}
	if (cents_differ(b->feasible ? b->monthly_cost : 0, h->feasible ? h->monthly_cost : 0))
		c |= COSTDIFF_CH_COST;
	if (strcmp(b->findings, h->findings) != 0)
		c |= COSTDIFF_CH_FINDINGS;
	return c;
}

double costdiff_pct(double base, double v)
{
	return 100.0 * (v - base) / base;
}

static double cost_of(const struct cost_item *it)
{
	return it && it->feasible ? it->monthly_cost : 0;
}

static void set_row_delta(struct costdiff_row *r)
{
	double b = util_round_cents(cost_of(r->base)), h = util_round_cents(cost_of(r->head));
	r->delta_monthly = util_round_cents(h - b);
	r->has_delta_pct = b != 0;
	if (r->has_delta_pct)
		r->delta_pct = costdiff_pct(b, h);
}

void costdiff_compute(const struct cost_plan *base, const struct cost_plan *head,
		      struct costdiff *out)
{
	memset(out, 0, sizeof *out);
	size_t cap = base->nitems + head->nitems;
	out->rows = xcalloc(cap ? cap : 1, sizeof *out->rows);
	for (size_t i = 0; i < base->nitems; i++) {
		struct costdiff_row *r = &out->rows[out->nrows++];
		r->name = base->items[i].name;
		r->base = &base->items[i];
		r->head = find_item(head, r->name);
		if (!r->head) {
			r->status = COSTDIFF_REMOVED;
			out->removed++;
		} else {
			r->changes = item_changes(r->base, r->head);
			r->status = r->changes ? COSTDIFF_CHANGED : COSTDIFF_UNCHANGED;
			if (r->changes)
				out->changed++;
			else
				out->unchanged++;
		}
		set_row_delta(r);
	}
	for (size_t i = 0; i < head->nitems; i++) {
		if (find_item(base, head->items[i].name))
			continue;
		struct costdiff_row *r = &out->rows[out->nrows++];
		r->name = head->items[i].name;
		r->head = &head->items[i];
		r->status = COSTDIFF_ADDED;
		out->added++;
		set_row_delta(r);
	}
	out->base_complete = base->complete;
	out->head_complete = head->complete;
	out->base_monthly = util_round_cents(base->monthly_cost);
	out->head_monthly = util_round_cents(head->monthly_cost);
	out->delta_monthly = util_round_cents(out->head_monthly - out->base_monthly);
	out->has_delta_pct = out->base_monthly != 0;
	if (out->has_delta_pct)
		out->delta_pct = costdiff_pct(out->base_monthly, out->head_monthly);
}

void costdiff_release(struct costdiff *d)
{
	free(d->rows);
	memset(d, 0, sizeof *d);
}

const char *costdiff_status_name(enum costdiff_status s)
{
	switch (s) {
	case COSTDIFF_ADDED:
		return "added";
	case COSTDIFF_REMOVED:
		return "removed";
	case COSTDIFF_CHANGED:
		return "changed";
	case COSTDIFF_UNCHANGED:
		return "unchanged";
	}
	return "unchanged";
}

size_t costdiff_change_names(unsigned changes, const char **names, size_t max)
{
	static const char *const all[] = { "sku",	"region",    "placement",    "mig_profile",
					   "vm_count",	"gpu_count", "monthly_cost", "feasible",
					   "findings" };
	size_t n = 0;
	for (size_t i = 0; i < sizeof all / sizeof all[0] && n < max; i++)
		if (changes & (1u << i))
			names[n++] = all[i];
	return n;
}

char *costdiff_fmt_money(char *buf, size_t len, const char *currency, double v, int sign)
{
	char num[64];
	double r = util_round_cents(v);
	util_fmt_money(num, sizeof num, fabs(r));
	const char *s = r < 0 ? "-" : sign && r > 0 ? "+" : "";
	if (strcmp(currency, "USD") == 0)
		snprintf(buf, len, "%s$%s", s, num);
	else
		snprintf(buf, len, "%s%s %s", s, num, currency);
	return buf;
}

static struct costdiff_gate *gate_new(struct costdiff_gate *out, size_t *n, const char *name,
				      const struct costdiff_limit *l)
{
	struct costdiff_gate *g = &out[(*n)++];
	memset(g, 0, sizeof *g);
	g->name = name;
	g->source = l ? l->source : "recommend";
	g->limit = l ? l->value : 0;
	return g;
}

size_t costdiff_gates(const struct costdiff_limits *lim, const struct cost_plan *head,
		      const struct cost_plan *base, const struct costdiff_price_age *age,
		      struct costdiff_gate *out, size_t *skipped)
{
	const char *cur = head->currency;
	char a[48], b[48];
	size_t n = 0, skip = 0, infeasible = 0;
	const char *first = NULL;
	for (size_t i = 0; i < head->nitems; i++) {
		if (!head->items[i].feasible) {
			infeasible++;
			if (!first)
				first = head->items[i].name;
		}
	}
	if (infeasible) {
		struct costdiff_gate *g = gate_new(out, &n, "feasible", NULL);
		g->has_actual = 1;
		g->actual = (double)infeasible;
		snprintf(g->message, sizeof g->message,
			 "%zu workload%s without a feasible option ('%s'%s): the cost is unknown",
			 infeasible, infeasible == 1 ? "" : "s", first, infeasible > 1 ? ", ..." : "");
	} else if (!head->complete) {
		struct costdiff_gate *g = gate_new(out, &n, "feasible", NULL);
		g->has_actual = 1;
		g->actual = (double)head->unpriced;
		snprintf(g->message, sizeof g->message,
			 "%zu workload%s not priced as billed (a MIG slice share with no plan): "
			 "the cost is unknown", head->unpriced, head->unpriced == 1 ? "" : "s");
	}
	double total = util_round_cents(head->monthly_cost);
	char unknown[COSTDIFF_MSGLEN];
	snprintf(unknown, sizeof unknown,
		 "the monthly cost is unknown (%zu workload%s unpriced): no verdict on a partial "
		 "cost", head->unpriced, head->unpriced == 1 ? "" : "s");
	if (lim->max_monthly.given && !head->complete) {
		struct costdiff_gate *g = gate_new(out, &n, "max_monthly", &lim->max_monthly);
		g->unjudged = 1;
		snprintf(g->message, sizeof g->message, "%s", unknown);
	} else if (lim->max_monthly.given) {
		struct costdiff_gate *g = gate_new(out, &n, "max_monthly", &lim->max_monthly);
		g->has_actual = 1;
		g->actual = total;
		g->passed = total <= util_round_cents(g->limit);
		costdiff_fmt_money(a, sizeof a, cur, total, 0);
		costdiff_fmt_money(b, sizeof b, cur, g->limit, 0);
		snprintf(g->message, sizeof g->message, "monthly cost %s %s the limit of %s", a,
			 g->passed ? "is within" : "exceeds", b);
	}
	double base_total = base ? util_round_cents(base->monthly_cost) : 0;
	double delta = util_round_cents(total - base_total);
	if (base && (!head->complete || !base->complete))
		snprintf(unknown, sizeof unknown, "the %s monthly cost is unknown: no verdict on a "
						  "partial cost",
			 head->complete ? "baseline's" : "recommendation's");
	if (lim->max_increase.given && !base) {
		skip++;
	} else if (lim->max_increase.given && (!head->complete || !base->complete)) {
		struct costdiff_gate *g = gate_new(out, &n, "max_increase", &lim->max_increase);
		g->unjudged = 1;
		snprintf(g->message, sizeof g->message, "%s", unknown);
	} else if (lim->max_increase.given) {
		struct costdiff_gate *g = gate_new(out, &n, "max_increase", &lim->max_increase);
		g->has_actual = 1;
		g->actual = delta;
		g->passed = delta <= util_round_cents(g->limit);
		costdiff_fmt_money(a, sizeof a, cur, delta, 1);
		costdiff_fmt_money(b, sizeof b, cur, g->limit, 0);
		snprintf(g->message, sizeof g->message,
			 "monthly cost changed by %s over the baseline; the limit is %s", a, b);
	}
	if (lim->max_increase_pct.given && !base) {
		skip++;
	} else if (lim->max_increase_pct.given && (!head->complete || !base->complete)) {
		struct costdiff_gate *g =
			gate_new(out, &n, "max_increase_pct", &lim->max_increase_pct);
		g->unjudged = 1;
		snprintf(g->message, sizeof g->message, "%s", unknown);
	} else if (lim->max_increase_pct.given) {
		struct costdiff_gate *g =
			gate_new(out, &n, "max_increase_pct", &lim->max_increase_pct);
		if (base_total == 0) {
			g->passed = total <= 0;
			g->has_actual = total <= 0;
			snprintf(g->message, sizeof g->message,
				 g->passed ? "the baseline and the recommendation both cost nothing"
					   : "the baseline costs nothing, so any cost is an "
					     "unbounded increase");
		} else {
			g->has_actual = 1;
			g->actual = round(costdiff_pct(base_total, total) * 100) / 100;
			g->passed = g->actual <= g->limit;
			snprintf(g->message, sizeof g->message,
				 "monthly cost changed by %+.2f%% over the baseline; the limit is "
				 "%.2f%%",
				 g->actual, g->limit);
		}
	}
	if (lim->max_catalog_age.given) {
		struct costdiff_gate *g =
			gate_new(out, &n, "max_catalog_age_days", &lim->max_catalog_age);
		if (!age || !age->known) {
			g->unjudged = 1;
			snprintf(g->message, sizeof g->message, "%s: the age of the prices used is "
				 "unknown", age && age->why[0] ? age->why : "no price was used");
		} else {
			g->has_actual = 1;
			g->actual = (double)age->days;
			g->passed = g->actual <= g->limit;
			snprintf(g->message, sizeof g->message,
				 "the oldest price used, %s %s of %s (%s), is %ld day%s old; the "
				 "limit is %g", age->region, age->pricing, age->date, age->sku,
				 age->days, age->days == 1 ? "" : "s", g->limit);
		}
	}
	if (skipped)
		*skipped = skip;
	return n;
}
