/*
 * recommend_load.c - the load plan of a workload described by its traffic
 * (serving.requests_per_s) inside the ranking: per candidate size, the
 * replicas per hour (load_plan.c) and their bill, which is the candidate's
 * monthly cost (docs/recommend.md, "load_plan").
 *
 * A replica is the candidate's smallest unit: the VMs (and the instances on
 * them) the fit engine gives one sequence, holding fit_result.seq_capacity
 * sequences within memory, the engine's cap and the latency SLO.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "load_plan.h"
#include "recommend_internal.h"
#include "util.h"

int recommend_is_traffic(const struct profile_workload *pw)
{
	return pw && pw->type == PROFILE_INFERENCE && pw->has_serving &&
	       pw->serving.has_requests_per_s;
}

void recommend_load_key(struct recommend_load_key *k, const struct profile_workload *pw)
{
	memset(k, 0, sizeof(*k));
	k->traffic = recommend_is_traffic(pw);
	if (!k->traffic)
		return;
	k->rate = pw->serving.requests_per_s;
	k->percentile = pw->serving.percentile;
	k->curves = pw->serving.load_curves;
	if (pw->serving.load)
		memcpy(k->load, pw->serving.load, sizeof(k->load));
	k->min_replicas = pw->min_replicas;
	k->max_replicas = pw->max_replicas;
	k->bounds = pw->has_autoscale;
}

int recommend_load_same(const struct profile_workload *pw, const struct cache_slot *s)
{
	struct recommend_load_key k;

	recommend_load_key(&k, pw);
	return memcmp(&k, &s->tkey, sizeof(k)) == 0;
}

/* One replica of a candidate, for the latency callback. */
struct replica {
	const struct fit_workload *w;
	const struct sizing_capacity *cap;
	const struct sizing_factors *f;
	int k;                 /* devices one instance spans */
	int instances;         /* instances a replica runs */
	long batch[64];        /* the latencies already asked for, by batch per
				  instance mod 64 (0: empty) */
	double lat[64];
};

/* Seconds one request spends in a replica running c sequences: the sizing
 * model's time to first token plus output tokens x time per output token at
 * the batch each instance then runs (c spread over the instances). */
static double replica_latency(void *ctx, long c)
{
	struct replica *r = ctx;   /* its memo is written */
	struct sizing_inference_result s;
	long per = r->instances > 0 ? (c + r->instances - 1) / r->instances : c;
	size_t at;

	per = per < 1 ? 1 : per;
	at = (size_t)per % 64;
	if (r->batch[at] == per)
		return r->lat[at];
	if (fit_instance_infer(r->w, r->cap, r->k, per, r->f, &s) != 0)
		return -1;
	r->batch[at] = per;
	r->lat[at] = (s.time_to_first_token_ms + r->w->output_tokens * s.ms_per_output_token) /
		     1000.0;
	return r->lat[at];
}

/* Hours a new replica is started ahead of a rise (docs/sizing.md, "Warm
 * ahead"): the cold start of data.cold_start_s, when the time-to-first-token
 * SLO (none: 0) does not absorb it, in whole hours. */
static int warm_hours(const struct profile_workload *pw, const struct fit_workload *w)
{
	double cold = pw->has_data && pw->data.has_cold_start_s ? pw->data.cold_start_s : 0;
	double allow = w->max_ttft_ms > 0 ? w->max_ttft_ms / 1000.0 : 0;

	if (!(cold > allow))
		return 0;
	return (int)ceil(cold / 3600.0);
}

/* load_max_mean(capacity, percentile), remembered: shapes and workloads
 * share capacities, and each takes a bisection over Poisson sums. */
static double max_mean_of(struct rank_ctx *c, long capacity, double percentile)
{
	size_t at = ((size_t)capacity * 31u + (size_t)(percentile * 10)) % RECOMMEND_MEAN_MEMO;
	struct recommend_mean_memo *m = &c->mean_memo[at];

	if (!m->used || m->capacity != capacity || m->percentile != percentile) {
		m->used = 1;
		m->capacity = capacity;
		m->percentile = percentile;
		m->mean = load_max_mean(capacity, percentile / 100.0);
	}
	return m->mean;
}

/* What pw asks the plan for (w: its fit workload, for the warm hours). */
static void load_request_of(const struct profile_workload *pw, const struct fit_workload *w,
			    struct load_request *q)
{
	memset(q, 0, sizeof(*q));
	q->requests_per_s = pw->serving.requests_per_s;
	q->curves = pw->serving.load_curves;
	if (pw->serving.load)
		memcpy(q->shares, pw->serving.load, sizeof(q->shares));
	q->min_replicas = pw->has_autoscale ? pw->min_replicas : 1;
	q->max_replicas = pw->has_autoscale ? pw->max_replicas : 0;
	q->bounds_given = pw->has_autoscale;
	q->warm_hours = warm_hours(pw, w);
}

int recommend_load_plan_size(const struct profile_workload *pw, const struct fit_workload *w,
			     const struct sizing_capacity *cap, const struct sizing_factors *fac,
			     const struct fit_result *f, double hours_per_month,
			     enum pricing_kind term, double hourly, double payg_hourly,
			     struct recommend_load_plan *out)
{
	struct replica rep = { w, cap, fac, f->gpus_per_instance, f->instances, { 0 }, { 0 } };
	struct load_sizer s = { replica_latency, &rep, f->seq_capacity, pw->serving.percentile,
				-1 };
	struct load_request q;
	int capped;

	memset(out, 0, sizeof(*out));
	if (!recommend_is_traffic(pw) || f->reject != FIT_OK)
		return -1;
	load_request_of(pw, w, &q);
	capped = load_plan_hours(&s, &q, out);
	if (capped < 0 || out->peak_replicas < 1)
		return -1;
	out->capped_hours = capped;
	load_plan_bill(out, hours_per_month, term, hourly,
		       bill_is_commitment(term) ? payg_hourly : 0, f->vm_count);
	return 0;
}

const struct recommend_load_plan *recommend_load_shape(struct rank_ctx *c,
						       const struct fit_workload *w,
						       size_t shape, const struct fit_result *f)
{
	const struct profile_workload *pw = c->pw_now;
	const struct shape *sh = &c->env->shapes[shape];
	struct replica rep = { w, &sh->cap, &c->env->factors[sh->gpu], f->gpus_per_instance,
			       f->instances, { 0 }, { 0 } };
	struct load_sizer s = { replica_latency, &rep, f->seq_capacity, pw->serving.percentile,
				-1 };
	struct load_request q;
	int capped;

	if (!c->lp || !c->lp_state) {   /* allocated together, freed together */
		free(c->lp);
		free(c->lp_state);
		c->lp = xcalloc(c->env->nshapes + 1, sizeof(*c->lp));
		c->lp_state = xcalloc(c->env->nshapes + 1, 1);
	}
	if (c->lp_owner != pw) {   /* another workload's plans */
		memset(c->lp_state, 0, c->env->nshapes + 1);
		c->lp_owner = pw;
	}
	if (c->lp_state[shape])
		return c->lp_state[shape] == 1 ? &c->lp[shape] : NULL;
	load_request_of(pw, w, &q);
	s.max_mean = max_mean_of(c, s.capacity, s.percentile);
	capped = load_plan_hours(&s, &q, &c->lp[shape]);
	c->lp_state[shape] = capped < 0 || c->lp[shape].peak_replicas < 1 ? 2 : 1;
	c->lp[shape].capped_hours = capped > 0 ? capped : 0;
	return c->lp_state[shape] == 1 ? &c->lp[shape] : NULL;
}

int recommend_load_reset(struct rank_ctx *c, const struct fit_workload *w,
			 const struct fit_result *fits,
			 struct cache_slot *s)
{
	int least = -1;

	s->traffic_missed = 0;
	if (c->lp_state)
		memset(c->lp_state, 0, c->env->nshapes + 1);
	c->lp_owner = c->pw_now;
	if (!recommend_is_traffic(c->pw_now))
		return 0;
	/* the fewest hours any whole VM leaves capped: a candidate that caps
	 * more misses the SLO where another would not, and is not ranked */
	for (size_t i = 0; i < c->env->nshapes; i++) {
		const struct recommend_load_plan *lp;

		if (fits[i].reject != FIT_OK || c->env->shapes[i].mig >= 0)
			continue;
		lp = recommend_load_shape(c, w, i, &fits[i]);
		if (lp && (least < 0 || lp->capped_hours < least))
			least = lp->capped_hours;
		s->traffic_missed += !lp;
	}
	return least < 0 ? 0 : least;
}

double recommend_load_bill(const struct rank_ctx *c, const struct recommend_load_plan *lp,
			   int shape,
			   int region, const struct fit_result *f, struct recommend_load_plan *out)
{
	const struct shape *sh = &c->env->shapes[shape];
	double unit = c->env->price[(size_t)sh->vm * c->env->nregions + (size_t)region] * sh->share;
	double payg = c->env->o->load_mixed_terms && bill_is_commitment(c->env->pricing)
			      ? recommend_term_price(c->env, sh->vm, region, PRICING_PAYG) * sh->share
			      : 0;

	*out = *lp;
	load_plan_bill(out, c->env->hours, c->env->pricing, unit, payg, f->vm_count);
	return out->monthly_cost;
}

/* The terms (1 << pricing_kind each) the levels of billed plan lp bill
 * under; 0 when it has no bill. */
static unsigned bills_terms(const struct recommend_load_plan *lp)
{
	unsigned terms = 0;

	for (size_t i = 0; i < lp->nbills; i++)
		if ((int)lp->bills[i].term >= 0 && lp->bills[i].term < PRICING_COUNT)
			terms |= 1u << lp->bills[i].term;
	return terms;
}

unsigned recommend_load_terms(const struct rank_ctx *c, const struct cand *k)
{
	struct recommend_load_plan lp;
	struct fit_result one;
	unsigned terms;

	if (!c->lp || c->lp_state[k->shape] != 1)
		return 1u << c->env->pricing;
	/* which term each level takes does not depend on the VMs a replica
	 * has: bill one */
	memset(&one, 0, sizeof one);
	one.vm_count = 1;
	recommend_load_bill(c, &c->lp[k->shape], k->shape, k->region, &one, &lp);
	terms = bills_terms(&lp);
	return terms ? terms : 1u << c->env->pricing;
}

/* The figures of one replica of out at the peak hour: each instance at its
 * share of the Little's-law mean in flight (rounded up), as the table and
 * JSON print them; the fit was for one sequence.  Left as they are when the
 * model cannot size that batch (it fitted within seq_capacity). */
static void at_peak(const struct rank_ctx *c, const struct fit_workload *w, int shape,
		    const struct recommend_load_plan *lp, struct fit_result *f)
{
	const struct shape *sh = &c->env->shapes[shape];
	struct sizing_inference_result r;
	int inst = f->instances > 0 ? f->instances : 1;
	double mean = lp->in_flight_per_replica_at_peak;
	long per = mean > 1 ? (long)ceil(mean / inst) : 1;
	double h = w->headroom;

	if (f->seq_capacity > 0 && per * inst > f->seq_capacity)
		per = f->seq_capacity / inst > 0 ? f->seq_capacity / inst : 1;
	if (fit_instance_infer(w, &sh->cap, f->gpus_per_instance, per, &c->env->factors[sh->gpu],
			       &r) != 0)
		return;
	f->tokens_per_s = r.output_tokens_per_s * inst;
	f->ms_per_token = r.ms_per_output_token;
	f->ttft_ms = r.time_to_first_token_ms;
	f->bound = r.bound;
	f->memory_need_gib = r.total_gib * (1.0 + h);
	f->memory_headroom_pct = r.total_gib > 0
		? (f->memory_have_gib - r.total_gib) / r.total_gib * 100.0 : 0;
}

void recommend_load_choice(const struct rank_ctx *c, const struct fit_workload *w,
			   const struct cand *k,
			   struct recommend_choice *out, struct recommend_load_plan **plan)
{
	struct recommend_load_plan lp;
	const struct fit_result *f = &out->fit;
	/* hours_billed: the levels' billed hours weighted by their price an
	 * hour, so that hourly_cost x hours_billed is the bill before its
	 * levels are rounded to the cent (730 exactly when every level is on
	 * a commitment) */
	double billed = 0;

	if (!c->lp || c->lp_state[k->shape] != 1)
		return;
	recommend_load_bill(c, &c->lp[k->shape], k->shape, k->region, f, &lp);
	at_peak(c, w, k->shape, &lp, &out->fit);
	out->vm_count = f->vm_count * lp.peak_replicas;
	out->gpu_count = f->gpu_count * lp.peak_replicas;
	/* the peak hour's price: every replica level runs then, each billed
	 * under its own term (pricing auto puts the base on the commitment
	 * and the burst on payg), so not the VMs at one term's rate */
	out->hourly_cost = 0;
	out->terms = bills_terms(&lp);
	for (size_t i = 0; i < lp.nbills; i++) {
		out->hourly_cost += lp.bills[i].hourly * lp.bills[i].vms;
		billed += lp.bills[i].hourly * lp.bills[i].vms *
			  bill_hours(lp.bills[i].term, lp.bills[i].hours_per_month);
	}
	if (lp.nbills == 0)
		out->hourly_cost = out->unit_hourly * out->vm_count;
	out->monthly_cost = lp.monthly_cost;
	out->hours_billed = out->hourly_cost > 0 && lp.nbills ? billed / out->hourly_cost : 0;
	if (plan) {
		*plan = xmalloc(sizeof(**plan));
		**plan = lp;
	}
}

void recommend_load_release(struct rank_ctx *c)
{
	free(c->lp);
	free(c->lp_state);
	c->lp = NULL;
	c->lp_state = NULL;
}

void recommend_load_findings(const struct rank_ctx *c, struct recommend_workload *rw)
{
	const struct recommend_load_plan *lp = rw->load_plan;
	char a[48], b[48], d[48];

	util_fmt_money_in(a, sizeof a, lp->monthly_cost, c->env->currency);
	util_fmt_money_in(b, sizeof b, lp->peak_sized_monthly_cost, c->env->currency);
	util_fmt_money_in(d, sizeof d, lp->peak_sized_monthly_cost - lp->monthly_cost, c->env->currency);
	if (bill_is_commitment(c->env->pricing) && !c->env->o->load_mixed_terms)
		recommend_add_finding(rw, "load-plan", RECOMMEND_INFO,
				      "%g requests/s at the peak: %d to %d replicas by the hour; "
				      "under %s every replica is billed 730 h a month, so "
				      "autoscaling saves nothing: %s/month either way (payg or "
				      "pricing auto bills the hours it runs); sized on whole VMs, "
				      "not the MIG plan, as its replicas change by the hour",
				      lp->peak_requests_per_s, lp->trough_replicas,
				      lp->peak_replicas, pricing_name(c->env->pricing), a);
	else
		recommend_add_finding(rw, "load-plan", RECOMMEND_INFO,
				      "%g requests/s at the peak: %d to %d replicas by the hour, "
				      "%s/month autoscaled against %s sized for the peak all day "
				      "(saves %s); sized on whole VMs, not the MIG plan, as its "
				      "replicas change by the hour",
				      lp->peak_requests_per_s, lp->trough_replicas,
				      lp->peak_replicas, a, b, d);
	if (lp->capped_hours > 0)
		recommend_add_finding(rw, "load-capped", RECOMMEND_WARNING,
				      "autoscale.max_replicas %d caps %d hour%s of the %s below the "
				      "replicas their rate needs (%d at the peak): the SLOs do not "
				      "hold at percentile %g there; raise max_replicas or accept the "
				      "queue",
				      lp->max_replicas, lp->capped_hours,
				      lp->capped_hours == 1 ? "" : "s",
				      lp->curves == 2 ? "week's two curves" : "day",
				      lp->peak_replicas_needed, c->pw_now->serving.percentile);
}

const struct recommend_load_plan *recommend_load_usable(struct rank_ctx *c,
							const struct fit_workload *w,
							size_t shape, const struct fit_result *f,
							int least_capped)
{
	const struct recommend_load_plan *lp;

	/* replicas by the hour: whole VMs only, never the MIG plan's slices,
	 * whose pools run all month */
	if (c->env->shapes[shape].mig >= 0)
		return NULL;
	lp = recommend_load_shape(c, w, shape, f);
	return lp && lp->capped_hours <= least_capped ? lp : NULL;
}

double recommend_load_cost(const struct rank_ctx *c, const struct recommend_load_plan *lp,
			   int shape,
			   int region, const struct fit_result *f, struct fit_cost *cost)
{
	const struct shape *sh = &c->env->shapes[shape];
	struct recommend_load_plan billed;

	cost->monthly = recommend_load_bill(c, lp, shape, region, f, &billed);
	cost->hourly = c->env->price[(size_t)sh->vm * c->env->nregions + (size_t)region] * sh->share *
		       f->vm_count * billed.peak_replicas;
	return cost->monthly;
}
