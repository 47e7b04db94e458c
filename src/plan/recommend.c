/*
 * recommend.c - builds the recommendation for a workload profile.
 *
 * The catalog is read once: VM sizes, GPU models, MIG profiles, efficiency
 * factors (resolved once per GPU model), storage tiers and the prices of the
 * chosen kind and currency, which go into a size × region table.  Every
 * candidate shape (a VM size, or a MIG slice of a MIG-capable size) is sized
 * once per workload by the fit engine, independent of region; shapes with
 * the same capacity (one MIG profile on several sizes of a series) share one
 * sizing.  Identical workloads (a fleet of copies) share the sizing and the
 * whole ranking through a direct-mapped cache keyed by the fit engine's
 * workload and the regions asked for: a cache hit only copies the ranked
 * options and adds what is the workload's own (name, current deployment,
 * findings).
 *
 * Sizes the spec tables do not know (spec_known 0) are never sized; where
 * they have a price they are named in `rejected` ("spec unknown") and in one
 * warning per region.
 *
 * The plan is the truth.  A workload whose cheapest option is a MIG slice
 * (priced at its share of a GPU) is a MIG candidate; its best dedicated
 * option is kept too.  The MIG packing plan hands the candidates' replicas
 * to the packer (mig.h) per region, with feasibility and prices from the
 * same sizing and price table, and prices whole VMs (recommend_plan.c).
 * recommend_totals() then decides per region whether the plan is adopted
 * (it costs less than the candidates' best dedicated options together) and
 * splits its cost in proportion to each candidate's cost alone
 * (recommend_totals.c); recommend_allocate.c makes each candidate's
 * recommendation its placement in the plan, or its dedicated option.
 * Savings against today's deployment, completeness of the totals and the
 * findings that depend on the final choice come last.  The renderers
 * (recommend_text.c, recommend_json.c, cmd_recommend.c) only print.
 *
 * This file runs the stages in that order: it sets up the read-only
 * environment (struct rec_env) and hands each stage the outputs of the ones
 * before it as const (recommend_internal.h maps them); the helpers they
 * share are in recommend_util.c.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mig_plan.h"
#include "recommend_internal.h"
#include "util.h"

void recommend_options_init(struct recommend_options *o)
{
	memset(o, 0, sizeof(*o));
	o->headroom_pct = RECOMMEND_DEFAULT_HEADROOM_PCT;
	o->top = RECOMMEND_DEFAULT_TOP;
	o->strategy = MIG_STRATEGY_AKS;
}

static const char *const severity_names[] = { "info", "warning", "error" };

const char *recommend_severity_name(enum recommend_severity s)
{
	if ((int)s < 0 || (int)s > 2)
		return "?";
	return severity_names[s];
}

static const char *const basis_names[] = { "own", "mig-plan", "dedicated", "slice-share" };

const char *recommend_basis_name(enum recommend_basis b)
{
	if ((int)b < 0 || (int)b > 3)
		return "?";
	return basis_names[b];
}

/* Frees what the setup allocated in e (its catalog arrays are the
 * snapshot's). */
static void env_release(struct rec_env *e)
{
	free(e->factors);
	free(e->factors_ok);
	free(e->shapes);
	free(e->regions);
	free(e->price);
	free(e->unavailable);
	free(e->unknown);
	free(e->offers);
	free(e->noffers);
	free(e->whole_shape);
	free(e->alias_of);
}

/* Frees the rank stage's output and scratch; the lists its rankings share
 * go to c->res. */
static void ctx_release(struct rank_ctx *c)
{
	free(c->unpriced);
	free(c->ranked.offered);
	free(c->cands);
	free(c->ranked.best);
	free(c->ranked.needs);
	free(c->region_used);
	recommend_load_release(c);
	for (size_t i = 0; i < c->ranked.nfbpool; i++)
		recommend_fallback_release(c->res, &c->ranked.fbpool[i]);
	free(c->ranked.fbpool);
	free(c->ranked.fb_of);
	for (size_t i = 0; i < CACHE_SLOTS; i++) {
		free(c->cache[i].fits);
		recommend_keep_lists(c, &c->cache[i].tmpl);
		recommend_tmpl_release(&c->cache[i].tmpl);
	}
}

/* Frees the MIG plan stage's output (nworkloads placements). */
static void mig_out_release(struct rec_mig *m, size_t nworkloads)
{
	free(m->covered);
	free(m->outside);
	free(m->first_pool);
	for (size_t i = 0; m->placed && i < nworkloads; i++) {
		free(m->placed[i].pools);
		free(m->placed[i].pool_replicas);
	}
	free(m->placed);
	free(m->pool_shape);
}

/* The catalog's price of size v in region r that the table used: v's own
 * row, or the row of a size it borrowed it from (find_aliases); NULL when
 * none is there. */
static const struct price *price_row(const struct rec_env *e, int v, const char *region)
{
	const struct price *borrowed = NULL;

	for (size_t k = 0; k < e->nprices; k++) {
		const struct price *p = &e->prices[k];
		int pv;

		if (p->pricing != e->pricing || strcasecmp(p->os, "linux") != 0 ||
		    strcasecmp(p->currency, e->currency) != 0 || !(p->hourly > 0) ||
		    strcasecmp(p->region, region) != 0 || (pv = recommend_vm_index(e, p->sku)) < 0)
			continue;
		if (pv == v)
			return p;
		if (!borrowed && e->alias_of && e->alias_of[pv] == v)
			borrowed = p;
	}
	return borrowed;
}

/* The last prices stamp() looked up: a size in a region and the observed
 * date of its price row (NULL: none).  The MIG plan lists its dedicated
 * replicas one by one, each a size and region already seen, so a lookup
 * reads at most STAMP_MEMO entries instead of the whole price list. */
#define STAMP_MEMO 16

struct stamp_memo {
	int v[STAMP_MEMO];
	const char *region[STAMP_MEMO];
	const char *date[STAMP_MEMO];
	int n, next;
};

/* The observed date of the price of sku in region (price_row) into out, ""
 * when undated or none. */
static void stamp(const struct rec_env *e, struct stamp_memo *m, const char *sku,
		  const char *region, char out[12])
{
	int v = recommend_vm_index(e, sku);
	const struct price *p;
	const char *date;

	if (v < 0 || !region || !*region) {
		util_copy_str(out, 12, "");
		return;
	}
	for (int k = 0; k < m->n; k++)
		if (m->v[k] == v && strcasecmp(m->region[k], region) == 0) {
			util_copy_str(out, 12, m->date[k] ? m->date[k] : "");
			return;
		}
	p = price_row(e, v, region);
	date = p ? p->observed_date : NULL;
	m->v[m->next] = v;
	m->region[m->next] = region;
	m->date[m->next] = date;
	m->next = (m->next + 1) % STAMP_MEMO;
	if (m->n < STAMP_MEMO)
		m->n++;
	util_copy_str(out, 12, date ? date : "");
}

/* The observed dates of the prices the recommendations and the MIG plan are
 * billed with (recommend_used_price_ages reads them). */
static void stamp_observed(const struct rec_env *e, struct recommend_result *res)
{
	struct stamp_memo m = { .n = 0 };

	for (size_t i = 0; i < res->nworkloads; i++)
		if (res->workloads[i].feasible)
			stamp(e, &m, res->workloads[i].rec.sku, res->workloads[i].rec.region,
			      res->workloads[i].rec.price_observed);
	for (size_t k = 0; k < res->mig.npools; k++)
		stamp(e, &m, res->mig.pools[k].sku, res->mig.pools[k].region,
		      res->mig.pools[k].price_observed);
	for (size_t k = 0; k < res->mig.ndedicated; k++) {
		struct recommend_mig_dedicated *d = &res->mig.dedicated[k];
		const struct recommend_mig_dedicated *prev = k > 0 ? &res->mig.dedicated[k - 1] : NULL;
		/* a workload's replicas come one after another, on one size */
		if (prev && strcmp(prev->sku, d->sku) == 0 && strcmp(prev->region, d->region) == 0)
			memcpy(d->price_observed, prev->price_observed, sizeof(d->price_observed));
		else
			stamp(e, &m, d->sku, d->region, d->price_observed);
	}
}

/* A price seen by recommend_used_price_ages: a size in a region under a term. */
struct seen_price {
	const char *sku, *region;
	enum pricing_kind pricing;
};

/* Counts the price of sku in region under term into res's ages (once per
 * size, region and term). */
static void age_add(struct recommend_result *res, const char *sku, const char *region,
		    enum pricing_kind term, const char *observed, struct seen_price *seen,
		    size_t *nseen)
{
	struct recommend_price_age *a = NULL;

	if (!sku || !*sku || !region || !*region)
		return;
	for (size_t i = 0; i < *nseen; i++)
		if (seen[i].pricing == term && strcmp(seen[i].sku, sku) == 0 &&
		    strcmp(seen[i].region, region) == 0)
			return;
	seen[*nseen].sku = sku;
	seen[*nseen].region = region;
	seen[*nseen].pricing = term;
	(*nseen)++;
	for (size_t i = 0; i < res->nprice_ages; i++)
		if (res->price_ages[i].pricing == term && strcmp(res->price_ages[i].region, region) == 0)
			a = &res->price_ages[i];
	if (!a) {
		res->price_ages = xrealloc(res->price_ages,
					   (res->nprice_ages + 1) * sizeof(*res->price_ages));
		a = &res->price_ages[res->nprice_ages++];
		memset(a, 0, sizeof(*a));
		util_copy_str(a->region, sizeof a->region, region);
		a->pricing = term;
	}
	a->nused++;
	if (!observed[0]) {
		if (!a->nundated++)
			util_copy_str(a->undated_sku, sizeof a->undated_sku, sku);
	} else if (!a->oldest[0] || strcmp(observed, a->oldest) < 0) {
		util_copy_str(a->oldest, sizeof a->oldest, observed);
		util_copy_str(a->oldest_sku, sizeof a->oldest_sku, sku);
	}
}

static int cmp_age_region(const void *x, const void *y)
{
	const struct recommend_price_age *a = x, *b = y;
	int d = strcmp(a->region, b->region);

	return d ? d : (int)a->pricing - (int)b->pricing;
}

void recommend_used_price_ages(struct recommend_result *res)
{
	const struct recommend_mig_plan *m = &res->mig;
	size_t cap = res->nworkloads + m->npools + m->ndedicated + 1, n = 0;
	struct seen_price *seen = xcalloc(cap, sizeof(*seen));

	free(res->price_ages);
	res->price_ages = NULL;
	res->nprice_ages = 0;
	for (size_t i = 0; i < res->nworkloads; i++) {
		const struct recommend_choice *r = &res->workloads[i].rec;

		if (res->workloads[i].feasible)
			age_add(res, r->sku, r->region, r->pricing, r->price_observed, seen, &n);
	}
	/* the MIG plan is billed under the result's term (pricing auto: the
	 * plan's, which its workloads take together) */
	for (size_t i = 0; i < m->nregions; i++) {
		if (!m->regions[i].used_in_totals)
			continue;
		for (size_t k = 0; k < m->npools; k++)
			if (strcmp(m->pools[k].region, m->regions[i].region) == 0)
				age_add(res, m->pools[k].sku, m->pools[k].region, res->pricing,
					m->pools[k].price_observed, seen, &n);
		for (size_t k = 0; k < m->ndedicated; k++)
			if (strcmp(m->dedicated[k].region, m->regions[i].region) == 0)
				age_add(res, m->dedicated[k].sku, m->dedicated[k].region,
					res->pricing, m->dedicated[k].price_observed, seen, &n);
	}
	free(seen);
	if (res->nprice_ages > 1)
		qsort(res->price_ages, res->nprice_ages, sizeof(*res->price_ages), cmp_age_region);
}

void recommend_price_age_warning(struct recommend_result *res, const char *today_iso)
{
	long long today = today_iso ? util_parse_iso8601(today_iso) : -1;

	if (today < 0)
		return;
	for (int k = 0; k < PRICING_COUNT; k++) {
		struct strbuf sb = STRBUF_INIT;
		size_t n = 0;

		for (size_t i = 0; i < res->nprice_ages; i++) {
			const struct recommend_price_age *a = &res->price_ages[i];
			long long t = a->oldest[0] ? util_parse_iso8601(a->oldest) : -1;

			if ((int)a->pricing != k || t < 0 ||
			    (today - t) / 86400 <= RECOMMEND_STALE_DAYS)
				continue;
			strbuf_addf(&sb, "%s%s (%lld days, %s)", n++ ? ", " : "", a->region,
				    (today - t) / 86400, a->oldest);
		}
		if (n)
			recommend_add_warning(res, "%s prices older than %d days in %s; run "
					      "'gpufit catalog refresh' for current ones",
					      pricing_name((enum pricing_kind)k), RECOMMEND_STALE_DAYS,
					      strbuf_str(&sb));
		strbuf_release(&sb);
	}
}

int recommend_build(const struct catalog_snapshot *snap, const struct profile *p,
		    const struct recommend_options *o,
		    struct recommend_result *out, struct diag_list *diags)
{
	struct recommend_options defaults;

	if (!o) {
		recommend_options_init(&defaults);
		o = &defaults;
	}
	int rc = (o->has_pricing ? o->pricing_auto : p->pricing_auto)
			 ? recommend_build_auto(snap, p, o, out, diags)
			 : recommend_build_term(snap, p, o, out, diags);

	if (rc != 0)
		return rc;
	/* the prices the fleet is billed with, and the warning when they are
	 * old: what `check --max-catalog-age-days` judges */
	recommend_used_price_ages(out);
	recommend_price_age_warning(out, o->today);
	recommend_quota_check(out, snap, p, o);
	return 0;
}

/* Whether a figure the result totals passes BILL_MAX_MONTHLY (a price in
 * the catalog is wrong: 9e11 an hour passes it at 2 VMs); the message names
 * the largest workload bill or the MIG plan.  Checked before anything is
 * printed: the totals' cents saturate there, they do not wrap. */
static int money_out_of_range(const struct recommend_result *r, char *err, size_t len)
{
	const struct recommend_workload *top = NULL;
	double most = r->monthly_cost;

	if (r->mig.monthly_cost > most)
		most = r->mig.monthly_cost;
	for (size_t i = 0; i < r->nworkloads; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		if (w->feasible && (!top || w->rec.monthly_cost > top->rec.monthly_cost))
			top = w;
	}
	if (top && top->rec.monthly_cost > most)
		most = top->rec.monthly_cost;
	if (most < BILL_MAX_MONTHLY)
		return 0;
	if (top && top->rec.monthly_cost >= BILL_MAX_MONTHLY)
		snprintf(err, len, "monthly cost past %.0e %s, the most gpufit totals: '%s' on %d x %s "
			 "at %.2f %s/h; check the catalog's prices ('gpufit catalog list')",
			 BILL_MAX_MONTHLY, r->currency, top->name, top->rec.vm_count, top->rec.sku,
			 top->rec.unit_hourly, r->currency);
	else
		snprintf(err, len, "monthly cost past %.0e %s, the most gpufit totals (the MIG plan "
			 "or the fleet); check the catalog's prices ('gpufit catalog list')",
			 BILL_MAX_MONTHLY, r->currency);
	return 1;
}

int recommend_build_term(const struct catalog_snapshot *snap, const struct profile *p,
			 const struct recommend_options *o,
			 struct recommend_result *out, struct diag_list *diags)
{
	struct rec_env env;               /* read-only once set up */
	struct rank_ctx c;                     /* the rank stage's */
	struct rec_mig mig;               /* the MIG plan stage's */
	/* what the stages after rank read, const */
	const struct rec_in in = { &env, &c.ranked, &mig };
	char err[512] = "";
	int rc = -1;

	memset(out, 0, sizeof(*out));
	memset(&env, 0, sizeof(env));
	memset(&c, 0, sizeof(c));
	memset(&mig, 0, sizeof(mig));
	env.p = p;
	env.o = o;
	env.snap = snap;
	env.pricing = o->has_pricing ? o->pricing : p->pricing;
	env.currency = o->currency && *o->currency ? o->currency : p->currency;
	if (!*env.currency)
		env.currency = "USD";
	env.hours = o->has_hours ? o->hours_per_month
				 : (p->hours_per_month > 0 ? p->hours_per_month : 730.0);
	env.headroom = o->headroom_pct / 100.0;
	c.env = &env;
	c.res = out;
	util_copy_str(out->currency, sizeof(out->currency), env.currency);
	out->pricing = env.pricing;
	out->hours_per_month = env.hours;
	out->headroom_pct = o->headroom_pct;

	/* setup: the environment every stage reads */
	if (recommend_load_snapshot(&env, out, snap, err) != 0)
		goto done;
	/* a catalog without a single price in the currency asked for says so,
	 * instead of "no payg price" on every size */
	if (snap->nprices > 0) {
		size_t k = 0;

		while (k < snap->nprices && strcasecmp(snap->prices[k].currency, env.currency) != 0)
			k++;
		if (k == snap->nprices) {
			snprintf(out->currency_note, sizeof out->currency_note,
				 "prices in %s only; run 'gpufit catalog refresh --currency %s'",
				 snap->prices[0].currency, env.currency);
			recommend_add_warning(out, "no %s price in the catalog: %s", env.currency,
					      out->currency_note);
		}
	}
	recommend_build_shapes(&env);
	env.whole_shape = xmalloc((env.nvms + 1) * sizeof(*env.whole_shape));
	for (size_t v = 0; v < env.nvms; v++)
		env.whole_shape[v] = -1;
	for (size_t i = env.nshapes; i-- > 0;)
		if (env.shapes[i].mig < 0)
			env.whole_shape[env.shapes[i].vm] = (int)i;
	recommend_build_offers(&env);

	/* rank: each workload's options, and what the packer needs of it */
	c.unpriced = xcalloc(env.nvms * env.nregions + 1, 1);
	c.ranked.best = xcalloc(p->nworkloads + 1, sizeof(*c.ranked.best));
	c.ranked.needs = xcalloc(p->nworkloads + 1, sizeof(*c.ranked.needs));
	c.ranked.fb_of = xmalloc((p->nworkloads + 1) * sizeof(*c.ranked.fb_of));
	for (size_t i = 0; i < p->nworkloads; i++)
		c.ranked.fb_of[i] = -1;
	c.region_used = xcalloc(env.nregions + 1, 1);
	out->workloads = xcalloc(p->nworkloads + 1, sizeof(*out->workloads));
	out->nworkloads = p->nworkloads;
	for (size_t i = 0; i < p->nworkloads; i++)
		recommend_one(&c, i, &out->workloads[i]);
	/* the MIG plan, then each workload's recommendation from it */
	recommend_build_mig_plan(&env, &c.ranked, &mig, out);
	recommend_allocate(&in, out);
	/* the fleet: what depends on the final recommendations */
	for (size_t i = 0; i < p->nworkloads; i++) {
		recommend_finish_workload(&env, out, i);
		recommend_retirement_findings(&env, i, &out->workloads[i]);
	}
	recommend_completeness(out);
	if (money_out_of_range(out, err, sizeof err))
		goto done;
	out->monthly_cost = util_round_cents(out->monthly_cost);
	out->current_monthly_cost = util_round_cents(out->current_monthly_cost);
	out->savings_monthly = util_round_cents(out->savings_monthly);
	recommend_unpriced_warnings(&c);
	recommend_unknown_warnings(&c);
	recommend_engine_warnings(&c);
	stamp_observed(&env, out);
	rc = 0;
done:
	if (rc != 0 && diags)
		diag_list_add(diags, DIAG_ERROR, NULL, 0, 0, "%s", err);
	mig_out_release(&mig, out->nworkloads);
	ctx_release(&c);
	env_release(&env);
	if (rc != 0)
		recommend_result_release(out);
	return rc;
}

void recommend_result_release(struct recommend_result *r)
{
	for (size_t i = 0; i < r->nruns; i++)
		recommend_result_release(&r->runs[i]);
	free(r->runs);
	for (size_t i = 0; i < r->nworkloads; i++) {
		struct recommend_workload *w = &r->workloads[i];
		free(w->families);
		free(w->regions);
		free(w->rec_data);
		free(w->closest);
		recommend_mig_use_free(w->mig_use);
		free(w->load_plan);
		free(w->current.fit);
		for (size_t j = 0; j < w->nfindings; j++) {
			free(w->findings[j].message);
			free(w->findings[j].num);
			free(w->findings[j].commit);
			free(w->findings[j].quota);
		}
		free(w->findings);
	}
	free(r->workloads);
	free(r->unpriced);
	recommend_mig_release(&r->mig);
	for (size_t i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	free(r->price_ages);
	for (size_t i = 0; i < r->nshared; i++)
		free(r->shared[i]);
	free(r->shared);
	strmap_release(&r->notes);
	memset(r, 0, sizeof(*r));
}
