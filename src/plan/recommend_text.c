/*
 * recommend_text.c - the reason lines of a choice; they only print what
 * the result says.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bill.h"
#include "recommend_internal.h"
#include "util.h"

const char *recommend_terms_text(unsigned terms, char *buf, size_t len)
{
	/* the commitments first, as a load plan's base level bills before its
	 * burst: "reserved-3y+payg" */
	static const enum pricing_kind order[] = {
		PRICING_RESERVED_1Y, PRICING_RESERVED_3Y, PRICING_SAVINGS_1Y, PRICING_SAVINGS_3Y,
		PRICING_PAYG, PRICING_SPOT,
	};
	size_t at = 0;

	snprintf(buf, len, "-");
	for (size_t i = 0; i < sizeof order / sizeof order[0] && at < len; i++) {
		int k;

		if (!((terms >> order[i]) & 1u))
			continue;
		k = snprintf(buf + at, len - at, "%s%s", at ? "+" : "", pricing_name(order[i]));
		if (k < 0)
			break;
		at += (size_t)k;
	}
	return buf;
}

const char *recommend_terms_label(const struct recommend_workload *w,
				  const struct recommend_choice *c, char *buf, size_t len)
{
	/* the run's term (the recommendation's: every choice of a workload
	 * bills under its run's) unless a load plan says which it bills under */
	if (!c->terms) {
		snprintf(buf, len, "%s", pricing_name(w->rec.pricing));
		return buf;
	}
	return recommend_terms_text(c->terms, buf, len);
}

int recommend_terms_several(const struct recommend_choice *c)
{
	return c->terms != 0 && (c->terms & (c->terms - 1)) != 0;
}

const char *recommend_choice_label(const struct recommend_result *r,
				   const struct recommend_workload *w,
				   const struct recommend_choice *c, char *buf, size_t len)
{
	const struct recommend_mig_use *u = recommend_mig_use_of(w);
	size_t at = 0;
	int parts = 0, ded_first;

	if (c->placement == FIT_PLACEMENT_MIG)
		snprintf(buf, len, "%d x %s %s", c->vm_count, c->sku, c->mig_profile);
	else
		snprintf(buf, len, "%d x %s", c->vm_count, c->sku);
	if (c != &w->rec || c->basis != RECOMMEND_BASIS_PLAN || u->use != RECOMMEND_BASIS_PLAN)
		return buf;
	/* replica 0 on a dedicated GPU: the recommendation is that size */
	ded_first = c->placement != FIT_PLACEMENT_MIG;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == ded_first) {
			for (int k = 0; k < u->pools_spanned; k++) {
				const struct mig_plan_pool *p;
				if (u->pool_index[k] < 0 || (size_t)u->pool_index[k] >= r->mig.npools ||
				    at >= len)
					continue;
				p = &r->mig.pools[u->pool_index[k]];
				at += (size_t)snprintf(buf + at, len - at, "%s%d x %s %s",
						       parts++ ? " + " : "", u->pool_replicas[k],
						       p->sku, p->mig_profile);
			}
		} else if (u->replicas_dedicated > 0 && u->plan_dedicated_sku[0] && at < len) {
			at += (size_t)snprintf(buf + at, len - at, "%s%d x %s", parts++ ? " + " : "",
					       u->replicas_dedicated, u->plan_dedicated_sku);
		}
	}
	return buf;
}

/* "a, b and 3 others" of the co-tenants of u into buf. */
static void cotenant_names(const struct recommend_result *r, const struct recommend_mig_use *u,
			   char *buf, size_t len)
{
	size_t shown = u->ncotenants < RECOMMEND_MAX_COTENANTS ? u->ncotenants
							       : RECOMMEND_MAX_COTENANTS;
	size_t at = 0;
	buf[0] = '\0';
	for (size_t k = 0; k < shown && at < len; k++) {
		const char *sep = k == 0 ? "" : (k + 1 == shown && shown == u->ncotenants) ? " and " : ", ";
		at += (size_t)snprintf(buf + at, len - at, "%s%s", sep,
				       r->workloads[u->cotenants[k]].name);
	}
	if (u->ncotenants > shown && at < len)
		snprintf(buf + at, len - at, " and %zu other%s", u->ncotenants - shown,
			 u->ncotenants - shown == 1 ? "" : "s");
}

/* "pool 'p' (1 x SKU, 2g.20gb)", or every pool its replicas sit on:
 * "pools 'p' (1 x SKU, 2g.20gb) and 'q' (1 x SKU, 3g.40gb)". */
static void pool_names(const struct recommend_result *r, const struct recommend_mig_use *u,
		       char *buf, size_t len)
{
	int n = u->pools_spanned < RECOMMEND_MAX_POOLS_NAMED ? u->pools_spanned
							      : RECOMMEND_MAX_POOLS_NAMED;
	size_t at;

	if (n <= 1) {
		snprintf(buf, len, "pool '%s' (%d x %s, %s)", u->pool, u->pool_vms, u->pool_sku,
			 u->pool_profile);
		return;
	}
	at = (size_t)snprintf(buf, len, "pools ");
	for (int k = 0; k < n && at < len; k++) {
		const struct mig_plan_pool *p = &r->mig.pools[u->pool_index[k]];

		at += (size_t)snprintf(buf + at, len - at, "%s'%s' (%d x %s, %s)",
				       k == 0 ? "" : k + 1 == n && n == u->pools_spanned ? " and " : ", ",
				       p->name, p->vm_count, p->sku, p->mig_profile);
	}
	if (u->pools_spanned > n && at < len)
		snprintf(buf + at, len - at, " and %d more", u->pools_spanned - n);
}

int recommend_mig_note(const struct recommend_result *r, const struct recommend_workload *w,
		       const struct recommend_choice *c, char *buf, size_t len)
{
	const struct recommend_mig_use *u = recommend_mig_use_of(w);
	char a[64], b[64], d[64], e[64], who[200], pools[400], alone[300];

	/* alternatives are whole purchasable options: nothing to qualify */
	if (u->use == RECOMMEND_BASIS_OWN || c != &w->rec)
		return 0;
	if (c->basis == RECOMMEND_BASIS_PLAN) {
		util_fmt_money_in(a, sizeof(a), u->part_monthly, r->currency);
		util_fmt_money_in(b, sizeof(b), u->plan_monthly, r->currency);
		util_fmt_money_in(d, sizeof(d), u->dedicated_monthly, r->currency);
		util_fmt_money_in(e, sizeof(e), u->dedicated_monthly - u->part_monthly, r->currency);
		if (u->pool[0]) {
			cotenant_names(r, u, who, sizeof(who));
			pool_names(r, u, pools, sizeof(pools));
		}
		/* a co-tenant of a plan that a workload with no dedicated option
		 * forces pays at most what it costs alone (recommend_totals) */
		if (util_round_cents(u->part_monthly) < util_round_cents(u->dedicated_monthly))
			snprintf(alone, sizeof(alone), "alone %s (%d x %s), saves %s", d,
				 u->dedicated_vm_count, u->dedicated_sku, e);
		else
			snprintf(alone, sizeof(alone), "what it costs alone (%d x %s)",
				 u->dedicated_vm_count, u->dedicated_sku);
		if (u->pool[0] && !u->replicas_dedicated)
			snprintf(buf, len, "MIG plan in %s, %s%s%s: %s of the plan's %s/month; %s",
				 u->region, pools, u->ncotenants ? " with " : ", no co-tenants", who, a,
				 b, alone);
		else if (u->pool[0])
			snprintf(buf, len, "MIG plan in %s: %d replica%s on %s%s%s, %d on a dedicated "
					   "%s: %s of the plan's %s/month; %s",
				 u->region, u->replicas_on_slices, u->replicas_on_slices == 1 ? "" : "s",
				 pools, u->ncotenants ? " with " : ", no co-tenants", who,
				 u->replicas_dedicated, u->plan_dedicated_sku, a, b, alone);
		else if (u->part_monthly < u->dedicated_monthly)
			snprintf(buf, len, "MIG plan in %s puts it on %d dedicated %s of its own (cheaper "
					   "than a slice; it shares no GPU): %s of the plan's %s/month; "
					   "alone %s (%d x %s), saves %s",
				 u->region, u->replicas_dedicated, u->sku, a, b, d,
				 u->dedicated_vm_count, u->dedicated_sku, e);
		else
			snprintf(buf, len, "MIG plan in %s puts it on %d dedicated %s of its own (cheaper "
					   "than a slice; it shares no GPU): %s of the plan's %s/month, "
					   "what it costs alone",
				 u->region, u->replicas_dedicated, u->sku, a, b);
		return 1;
	}
	if (c->basis == RECOMMEND_BASIS_SHARE) {
		snprintf(buf, len, "priced at its share of a GPU: no dedicated option, and the MIG "
				   "plan could not place it, so whole VMs will cost more");
		return 1;
	}
	if (c->basis != RECOMMEND_BASIS_DEDICATED)
		return 0;
	if (u->left_out)
		snprintf(buf, len, "not on the MIG plan: in %s the plan would add more for it (slices "
				   "or a dedicated small GPU) than its best dedicated option costs (%s)",
			 u->region, util_fmt_money_in(a, sizeof(a), u->dedicated_monthly, r->currency));
	else if (!u->packed)
		snprintf(buf, len, "not on the MIG plan: a replica needs %d MIG slices, and the plan "
				   "packs only workloads one slice serves",
			 u->slices_per_replica);
	else if (!(u->plan_monthly > 0))
		snprintf(buf, len, "not on the MIG plan: the plan for %s could not place every "
				   "replica", u->region);
	else if (u->plan_workloads == 1)
		snprintf(buf, len, "not on the MIG plan: in %s the plan would cost %s/month, not "
				   "less than its best dedicated option (%s)",
			 u->region, util_fmt_money_in(a, sizeof(a), u->plan_monthly, r->currency),
			 util_fmt_money_in(b, sizeof(b), u->plan_dedicated_monthly, r->currency));
	else
		snprintf(buf, len, "not on the MIG plan: in %s the plan would cost %s/month for "
				   "its %zu workloads, not less than %s on their best dedicated options",
			 u->region, util_fmt_money_in(a, sizeof(a), u->plan_monthly, r->currency),
			 u->plan_workloads,
			 util_fmt_money_in(b, sizeof(b), u->plan_dedicated_monthly, r->currency));
	return 1;
}

int recommend_choice_reason(const struct recommend_result *r, const struct recommend_workload *w,
			    const struct recommend_choice *c, size_t i, char *buf, size_t len)
{
	const struct fit_result *f = &c->fit;
	size_t k = 0;
	char ep[128];

	if (i == k++) {
		const struct recommend_mig_use *u = recommend_mig_use_of(w);

		if (c->placement == FIT_PLACEMENT_MIG && c == &w->rec &&
		    c->basis == RECOMMEND_BASIS_PLAN && u->pools_spanned > 1) {
			/* its replicas on the slices of several pools: one each */
			size_t at = (size_t)snprintf(buf, len, "1 MIG slice of %s per replica, "
							 "on %d pools: ", c->gpu_model,
						     u->pools_spanned);
			for (int p = 0; p < u->pools_spanned && p < RECOMMEND_MAX_POOLS_NAMED &&
					at < len; p++)
				at += (size_t)snprintf(buf + at, len - at, "%s%s",
						       p ? ", " : "",
						       r->mig.pools[u->pool_index[p]].mig_profile);
		} else if (c->placement == FIT_PLACEMENT_MIG)
			snprintf(buf, len, "%d x MIG %s slice%s of %s per replica", f->vm_count,
				 c->mig_profile, f->vm_count == 1 ? "" : "s", c->gpu_model);
		else if (w->type == PROFILE_TRAINING)
			snprintf(buf, len, "%d VM%s (%d GPU%s, tp %d x pp %d x dp %d)%s", f->vm_count,
				 f->vm_count == 1 ? "" : "s", f->gpu_count, f->gpu_count == 1 ? "" : "s",
				 f->tp, f->pp, f->dp,
				 f->vm_count > 1 ? " over InfiniBand" : "");
		else if (f->instances > 0 && f->vm_count > f->instances)
			/* an instance over several VMs: pipeline stages across them */
			snprintf(buf, len, "%d VMs per replica, %d instance%s of %d GPUs over %d VMs "
				 "each (%s, over InfiniBand)", f->vm_count,
				 f->instances, f->instances == 1 ? "" : "s", f->gpus_per_instance,
				 f->vm_count / f->instances,
				 sizing_parallelism_text(ep, sizeof ep, f->tp, f->pp, f->ep,
							 f->attention_dp));
		else {
			sizing_expert_text(ep, sizeof ep, f->ep, f->attention_dp);
			snprintf(buf, len, "%d VM%s per replica, %d instance%s of %d GPU%s each%s%s%s",
				 f->vm_count, f->vm_count == 1 ? "" : "s", f->instances,
				 f->instances == 1 ? "" : "s", f->gpus_per_instance,
				 f->gpus_per_instance == 1 ? "" : "s", ep[0] ? " (" : "", ep,
				 ep[0] ? ")" : "");
		}
		return 1;
	}
	if (i == k++) {
		/* the workload's one need (its needs), then how the choice holds it:
		 * a replica on several instances needs its need in none of them,
		 * each holds its share of the sequences */
		double n = w->needs.gpu_memory_gib;

		if (w->type == PROFILE_TRAINING && f->gpu_count > 1)
			snprintf(buf, len, "memory %.1f GiB needed with %g%% headroom: %.1f GiB on each of "
					   "%d GPUs, %.1f GiB usable each",
				 n, r->headroom_pct, f->memory_need_gib, f->gpu_count,
				 f->memory_have_gib);
		else if (w->type != PROFILE_TRAINING && f->instances > 1 && n > 0)
			snprintf(buf, len, "memory %.1f GiB needed with %g%% headroom (all of a "
					   "replica's sequences on one instance): %.1f GiB in each of "
					   "%d instances (its share of the sequences), %.1f GiB usable each",
				 n, r->headroom_pct, f->memory_need_gib, f->instances,
				 f->memory_have_gib);
		else if (w->type != PROFILE_TRAINING && n > 0 &&
			 round(f->memory_need_gib * 10.0) > round(n * 10.0))
			/* the workload's need is the least a size offered asks; this
			 * one asks more (its runtime and activations on more GPUs,
			 * its precision, its engine's reserve) */
			snprintf(buf, len, "memory %.1f GiB needed with %g%% headroom (%.1f GiB on this "
					   "instance of %d GPU%s), %.1f GiB usable",
				 n, r->headroom_pct, f->memory_need_gib, f->gpus_per_instance,
				 f->gpus_per_instance == 1 ? "" : "s", f->memory_have_gib);
		else
			snprintf(buf, len, "memory %.1f GiB needed with %g%% headroom, %.1f GiB usable",
				 n > 0 && w->type != PROFILE_TRAINING ? n : f->memory_need_gib,
				 r->headroom_pct, f->memory_have_gib);
		return 1;
	}
	if (w->type == PROFILE_TRAINING && i == k++) {
		snprintf(buf, len, "one run takes %.1f h at %.0f%% MFU; job cost %.2f %s",
			 f->job_hours, f->mfu * 100.0, c->job_cost, r->currency);
		return 1;
	}
	if (w->type != PROFILE_TRAINING && f->tokens_per_s > 0 && i == k++) {
		snprintf(buf, len, "est. %.0f output tokens/s per replica at %.1f ms/token (%s-bound)%s",
			 f->tokens_per_s, f->ms_per_token, sizing_bound_name(f->bound),
			 c == &w->rec && w->load_plan && w->load_plan->capped_hours > 0
				 ? " at its capacity: the capped hours need more replicas" : "");
		return 1;
	}
	/* how the size runs the precision asked for when not natively: weight-
	 * only, as FP16, as BF16 without the FP8 speed-up (the sizing's note) */
	if (f->precision_note && f->precision_note[0] && f->reject == FIT_OK && i == k++) {
		snprintf(buf, len, "precision: %s", f->precision_note);
		return 1;
	}
	if (c->placement == FIT_PLACEMENT_MIG && c->basis == RECOMMEND_BASIS_SHARE && i == k++) {
		snprintf(buf, len, "a slice is priced at the larger of its compute (x/7) and "
				   "memory (x/8) share of one GPU's part of the VM price");
		return 1;
	}
	if (r->pricing_auto && c == &w->rec && w->load_plan && i == k++) {
		/* a load plan: each replica level its own term (load_plan.bills) */
		if (bill_is_commitment(c->pricing))
			snprintf(buf, len, "pricing auto: each replica level on the cheaper of %s "
				 "and payg for the hours it runs (the load plan's bills)",
				 pricing_name(c->pricing));
		else
			snprintf(buf, len, "pricing auto: every replica level on %s: no commitment "
				 "costs less for the hours it runs (the load plan's bills)",
				 pricing_name(c->pricing));
		return 1;
	}
	if (r->pricing_auto && c == &w->rec && !w->load_plan && i == k++) {
		/* pricing auto: the term this workload is billed under; one the
		 * MIG plan places takes the plan's, with its other workloads */
		int placed = recommend_mig_use_of(w)->use == RECOMMEND_BASIS_PLAN;
		size_t at = placed
			? (size_t)snprintf(buf, len, "pricing auto: %s, the MIG plan's term (its "
						     "workloads share its VMs and take one term "
						     "together)", pricing_name(c->pricing))
			: (size_t)snprintf(buf, len, "pricing auto: %s, the cheapest term for "
						     "its %g h a month",
					   pricing_name(c->pricing),
					   round(c->hours_used * 100.0) / 100.0);
		if (c->break_even > 0 && at < len)
			snprintf(buf + at, len - at, " (break-even %g h, %.1f%% of 730 h)",
				 round(c->break_even * BILL_MONTH_HOURS * 100.0) / 100.0,
				 100.0 * c->break_even);
		return 1;
	}
	if (i == k++)
		return recommend_mig_note(r, w, c, buf, len);
	return 0;
}

void recommend_reject_reason(const struct recommend_workload *w, const struct fit_result *f,
			     const char *pricing, const char *region, char *buf, size_t len)
{
	char need[32], one[32], have[32];   /* "%.1f" of each (util_fmt_fixed) */
	double n = w->needs.gpu_memory_gib;

	if (f->reject != FIT_REJ_MEMORY || fit_reject_counts_sequences(f)) {
		fit_reject_text(f, pricing, region, buf, len);
		return;
	}
	util_fmt_fixed(one, sizeof one, f->need, 1);
	util_fmt_fixed(have, sizeof have, f->have, 1);
	if (w->type == PROFILE_TRAINING) {
		snprintf(buf, len, "needs %s GiB per GPU, has %s GiB per GPU", one, have);
		return;
	}
	util_fmt_fixed(need, sizeof need, n, 1);
	if (!(n > 0) || n < f->have) {
		/* the need of one instance on its devices: the workload's is less
		 * than the size has, so it is not what decides */
		fit_reject_text(f, pricing, region, buf, len);
	} else if (strcmp(need, one) == 0 || n < f->need * 1.05) {
		/* within 5 %: one figure is enough */
		snprintf(buf, len, "needs %s GiB, has %s GiB", need, have);
	} else {
		snprintf(buf, len, "needs %s GiB, has %s GiB; one sequence alone needs %s GiB", need,
			 have, one);
	}
}
