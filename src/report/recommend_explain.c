/*
 * recommend_explain.c - the text of `recommend --explain SKU` for one
 * workload (recommend_explain.h).
 */
#include "recommend_explain.h"

#include "bill.h"
#include "fit.h"
#include "load_plan_out.h"
#include "sizing.h"

/* --explain: the verdict of one workload on the size, in recommend's words
 * (a memory rejection names the workload's one need, rw's), and its
 * precision mode. */
static void explain_verdict(FILE *f, const struct recommend_workload *rw,
			    const struct fit_workload *w, const struct fit_result *r,
			    const char *pricing, const char *region)
{
	char buf[FIT_REASON_LEN * 2];

	if (r->reject != FIT_OK) {
		recommend_reject_reason(rw, r, pricing, region, buf, sizeof buf);
		fprintf(f, "rejected (%s): %s\n", fit_reject_name(r->reject), buf);
	} else {
		fprintf(f, "fits: %d VM%s per replica x %ld replica%s\n", r->vm_count,
			r->vm_count == 1 ? "" : "s", w->replicas, w->replicas == 1 ? "" : "s");
	}
	if (r->precision_note && r->precision_note[0] && r->reject != FIT_REJ_PRECISION)
		fprintf(f, "precision: %s (%s)\n", sizing_precision_mode_name(r->precision_mode),
			r->precision_note);
}

/*
 * --explain for an LLM service: the verdict, the precision mode, the memory
 * of one instance and its speed.  The instance is sized as the fit engine
 * sizes it, in the memory the headroom leaves, so "with headroom" is the
 * figure recommend prints for it: at its share of the sequences when a
 * replica spans several instances, one sequence when not even one fits
 * (what decided the rejection), else all of a replica's sequences.
 */
static void explain_llm(FILE *f, const struct recommend_workload *rw,
			const struct fit_workload *w, const struct sizing_capacity *cap,
			const struct sizing_factors *fac, const struct fit_result *r,
			const char *pricing, const char *region, double headroom_pct)
{
	struct sizing_inference_result s;
	char lay[128];
	int k = r->gpus_per_instance > 0 ? r->gpus_per_instance : cap->gpus;
	long c = w->concurrency > 0 ? w->concurrency : 1;
	double h = 1.0 + headroom_pct / 100.0;
	int have_s;

	if (w->kind != FIT_LLM_INFERENCE)
		return;
	if (r->reject == FIT_OK && r->instances > 1)
		c = (c + r->instances - 1) / r->instances;
	else if (r->reject == FIT_REJ_MEMORY && !fit_reject_counts_sequences(r))
		c = 1;
	have_s = fit_instance_infer(w, cap, k, c, fac, &s) == 0;
	explain_verdict(f, rw, w, r, pricing, region);
	if (!have_s)
		return;
	fprintf(f, "memory of one instance (%d GPU%s, %s", k, k == 1 ? "" : "s",
		sizing_parallelism_text(lay, sizeof lay, s.tp, s.pp, s.ep, s.attention_dp));
	if (r->reject == FIT_OK && c < w->concurrency)
		fprintf(f, "; %ld of the %ld sequences, one of %d instances", c, w->concurrency,
			r->instances);
	else if (c < w->concurrency)
		fprintf(f, "; one sequence of the %ld", w->concurrency);
	fprintf(f, "): weights %.2f + KV cache %.2f + activations %.2f + overhead %.2f = %.2f GiB "
		   "in the %.2f GiB the headroom leaves; with %g%% headroom %.1f GiB of %.1f GiB "
		   "usable\n",
		s.weights_gib, s.kv_cache_gib, s.activations_gib, s.overhead_gib, s.total_gib,
		s.available_gib, headroom_pct, s.total_gib * h, s.available_gib * h);
	if (s.fits)
		fprintf(f, "at concurrency %ld (%s engine): %.0f output tokens/s, %.2f ms/token, time "
			   "to first token %.1f ms, %s-bound\n", s.concurrency,
			sizing_engine_name(w->engine), s.output_tokens_per_s, s.ms_per_output_token,
			s.time_to_first_token_ms, sizing_bound_name(s.bound));
}

/* --explain for training and generic workloads: the verdict, the precision
 * mode, memory and (training) the split and speed. */
static void explain_other(FILE *f, const struct recommend_workload *rw,
			  const struct fit_workload *w, const struct fit_result *r,
			  const char *pricing, const char *region)
{
	explain_verdict(f, rw, w, r, pricing, region);
	if (w->kind == FIT_TRAINING && r->reject == FIT_OK)
		fprintf(f, "memory per GPU %.1f GiB needed with headroom, %.1f GiB usable; "
			   "tensor %d x pipeline %d x data %d; %.0f tokens/s, %.1f h per run "
			   "at %.0f%% MFU\n", r->memory_need_gib, r->memory_have_gib, r->tp, r->pp,
			r->dp, r->tokens_per_s, r->job_hours, 100 * r->mfu);
	else if (w->kind == FIT_GENERIC)
		/* the workload's one need, as the needs line rounds it */
		fprintf(f, "memory %.1f GiB needed with headroom, %.1f GiB usable\n",
			rw->needs.gpu_memory_gib > 0 ? rw->needs.gpu_memory_gib : r->memory_need_gib,
			r->memory_have_gib);
}

void recommend_explain_print(FILE *f, const struct recommend_workload *rw,
			     const struct fit_workload *w, const struct sizing_capacity *cap,
			     const struct sizing_factors *fac, const struct fit_result *r,
			     const char *pricing, const char *region, double headroom_pct)
{
	if (w->kind == FIT_LLM_INFERENCE)
		explain_llm(f, rw, w, cap, fac, r, pricing, region, headroom_pct);
	else
		explain_other(f, rw, w, r, pricing, region);
}

void recommend_explain_load_print(FILE *f, const struct recommend_load_plan *lp, int priced,
				  const char *currency)
{
	char buf[512];

	load_plan_summary(lp, currency, buf, sizeof buf);
	if (!priced) {   /* no price: the replicas alone */
		fprintf(f, "load plan: %g requests/s at the peak: peak %d, trough %d replicas, "
			   "%.2f sequences in flight per replica at the peak (mean); no price\n",
			lp->peak_requests_per_s, lp->peak_replicas, lp->trough_replicas,
			lp->in_flight_per_replica_at_peak);
	} else {
		fprintf(f, "load plan: %s\n", buf);
	}
	for (int cv = 0; cv < lp->curves; cv++) {
		load_plan_hours_text(lp, cv, buf, sizeof buf);
		fprintf(f, "replicas by hour (UTC 00-23)%s: %s\n",
			lp->curves == 2 ? (cv ? ", weekend" : ", weekday") : "", buf);
	}
	if (load_plan_capped_text(lp, buf, sizeof buf))
		fprintf(f, "%s\n", buf);
	if (!priced)
		return;
	for (size_t i = 0, lo = 1; i < lp->nbills; lo += (size_t)lp->bills[i].replicas, i++) {
		const struct recommend_load_bill *b = &lp->bills[i];
		char lv[32];

		if (b->replicas > 1)
			snprintf(lv, sizeof lv, "levels %zu-%zu", lo, lo + (size_t)b->replicas - 1);
		else
			snprintf(lv, sizeof lv, "level %zu", lo);
		fprintf(f, "  %s: %d VM%s x %.4f/hour (%s) x %.2f h", lv, b->vms,
			b->vms == 1 ? "" : "s", b->hourly, pricing_name(b->term),
			bill_hours(b->term, b->hours_per_month));
		if (bill_is_commitment(b->term))   /* billed 730 h whatever it runs */
			fprintf(f, " billed (runs %.2f h)", b->hours_per_month);
		fprintf(f, " = %.2f %s\n", b->monthly_cost, currency);
	}
}
