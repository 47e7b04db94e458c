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
};

/* Seconds one request spends in a replica running c sequences: the sizing
 * model's time to first token plus output tokens x time per output token at
 * the batch each instance then runs (c spread over the instances). */
static double replica_latency(void *ctx, long c)
{
	const struct replica *r = ctx;
	struct sizing_inference_result s;
	long per = r->instances > 0 ? (c + r->instances - 1) / r->instances : c;

	if (fit_instance_infer(r->w, r->cap, r->k, per < 1 ? 1 : per, r->f, &s) != 0)
		return -1;
	return (s.time_to_first_token_ms + r->w->output_tokens * s.ms_per_output_token) / 1000.0;
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

const struct recommend_load_plan *recommend_load_shape(struct ctx *c, const struct fit_workload *w,
						       size_t shape, const struct fit_result *f)
{
	const struct profile_workload *pw = c->pw_now;
	const struct shape *sh = &c->shapes[shape];
	struct replica rep = { w, &sh->cap, &c->factors[sh->gpu], f->gpus_per_instance,
			       f->instances };
	struct load_sizer s = { replica_latency, &rep, f->seq_capacity, pw->serving.percentile,
				-1 };
	struct load_request q;
	int capped;

	if (!c->lp) {
		c->lp = xcalloc(c->nshapes + 1, sizeof(*c->lp));
		c->lp_state = xcalloc(c->nshapes + 1, 1);
	}
	if (c->lp_state[shape])
		return c->lp_state[shape] == 1 ? &c->lp[shape] : NULL;
	memset(&q, 0, sizeof(q));
	q.requests_per_s = pw->serving.requests_per_s;
	q.curves = pw->serving.load_curves;
	memcpy(q.shares, pw->serving.load, sizeof(q.shares));
	q.min_replicas = pw->has_autoscale ? pw->min_replicas : 1;
	q.max_replicas = pw->has_autoscale ? pw->max_replicas : 0;
	q.bounds_given = pw->has_autoscale;
	q.warm_hours = warm_hours(pw, w);
	capped = load_plan_hours(&s, &q, &c->lp[shape]);
	c->lp_state[shape] = capped < 0 || c->lp[shape].peak_replicas < 1 ? 2 : 1;
	c->lp[shape].capped_hours = capped > 0 ? capped : 0;
	return c->lp_state[shape] == 1 ? &c->lp[shape] : NULL;
}

void recommend_load_reset(struct ctx *c)
{
	if (c->lp_state)
		memset(c->lp_state, 0, c->nshapes + 1);
}

double recommend_load_bill(const struct ctx *c, const struct recommend_load_plan *lp, int shape,
			   int region, const struct fit_result *f, struct recommend_load_plan *out)
{
	const struct shape *sh = &c->shapes[shape];
	double unit = c->price[(size_t)sh->vm * c->nregions + (size_t)region] * sh->share;
	double payg = c->o->load_mixed_terms && bill_is_commitment(c->pricing)
			      ? recommend_term_price(c, sh->vm, region, PRICING_PAYG) * sh->share
			      : 0;

	*out = *lp;
	load_plan_bill(out, c->hours, c->pricing, unit, payg, f->vm_count);
	return out->monthly_cost;
}

void recommend_load_choice(const struct ctx *c, const struct cand *k, const struct fit_result *f,
			   struct recommend_choice *out, struct recommend_load_plan **plan)
{
	struct recommend_load_plan lp;

	if (!c->lp || c->lp_state[k->shape] != 1)
		return;
	recommend_load_bill(c, &c->lp[k->shape], k->shape, k->region, f, &lp);
	out->vm_count = f->vm_count * lp.peak_replicas;
	out->gpu_count = f->gpu_count * lp.peak_replicas;
	out->hourly_cost = out->unit_hourly * out->vm_count;
	out->monthly_cost = lp.monthly_cost;
	out->hours_billed = out->hourly_cost > 0 ? lp.monthly_cost / out->hourly_cost : 0;
	if (plan) {
		*plan = xmalloc(sizeof(**plan));
		**plan = lp;
	}
}

void recommend_load_release(struct ctx *c)
{
	free(c->lp);
	free(c->lp_state);
	c->lp = NULL;
	c->lp_state = NULL;
}
