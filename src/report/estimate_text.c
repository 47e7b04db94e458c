/*
 * estimate_text.c - the `estimate` report in -f table, markdown and csv
 * (estimate_text.h).
 */
#include "estimate_text.h"

#include <math.h>
#include <stdio.h>

/*
 * The report is a name/value table; csv prints it as one record whose header
 * is each row's csv name (docs/output.md).  A row without a csv name is shown
 * only in table and Markdown.
 */
/* A yes/no row: "true"/"false" in csv. */
static void bool_row(struct table *t, const char *k, const char *csv_name, int v)
{
	table_field(t, k, csv_name, v ? "yes" : "no");
	table_set_csv(t, 1, v ? "true" : "false");
}

/* A row with a number of the given decimals; decimals < 0 means %g (and
 * up to 4 places in csv). */
static void row(struct table *t, const char *k, const char *csv_name, int decimals, double v)
{
	char buf[64];

	if (decimals < 0)
		snprintf(buf, sizeof(buf), "%g", v);
	else
		snprintf(buf, sizeof(buf), "%.*f", decimals, v);
	table_field(t, k, csv_name, buf);
	table_set_number(t, 1, v, decimals < 0 ? -4 : decimals);
}

/* A number row that is unknown ("-", empty in csv, null in JSON) when the
 * configuration does not fit: a configuration that does not run has no
 * throughput or latency, not a zero one. */
static void row_or_unknown(struct table *t, const char *k, const char *csv_name, int decimals,
			   double v, int known)
{
	if (known) {
		row(t, k, csv_name, decimals, v);
	} else {
		table_field(t, k, csv_name, "-");
		table_set_csv(t, 1, "");
	}
}

/* "SKU (N x GPU)", or for a partition of one GPU "SKU (1/N of one GPU)". */
static void capacity_of_sku(char *buf, size_t len, const struct estimate_report *e)
{
	double fr = estimate_partition_share(e);

	if (fr > 0 && fabs(1.0 / fr - round(1.0 / fr)) < 1e-3)
		snprintf(buf, len, "%s (1/%.0f of one %s)", e->sku, round(1.0 / fr), e->gpu->name);
	else if (fr > 0)
		snprintf(buf, len, "%s (%.2f of one %s)", e->sku, fr, e->gpu->name);
	else
		snprintf(buf, len, "%s (%d x %s)", e->sku, e->cap->gpus, e->gpu->name);
}

/* The memory shortfall: a table row only when there is one; always a csv
 * field (empty when none). */
static void shortfall_row(struct table *t, const char *k, const char *csv_name, double need,
			  double have, int fits)
{
	if (!fits && need > have)
		row(t, k, csv_name, 2, need - have);
	else
		table_csv_field(t, csv_name, NULL);
}

/* The precision rows: how the GPU runs the requested precision. */
static void precision_rows(struct table *t, enum sizing_precision_mode m, const char *note)
{
	table_field(t, "precision mode", "precision_mode", sizing_precision_mode_name(m));
	if (note[0])
		table_field(t, "precision note", NULL, note);
	table_csv_field(t, "precision_note", note[0] ? note : NULL);
}

/* Whether the model has an architecture beyond dense attention that the
 * report explains (experts, MLA, windows, MTP). */
static int has_architecture(const struct sizing_model *m)
{
	return m->moe_experts > 0 || m->mla_kv_lora_rank > 0 ||
	       (m->window_tokens > 0 && m->windowed_layers > 0) || m->mtp_params_b > 0;
}

static void architecture_rows(struct table *t, const struct sizing_model *m,
			      const struct sizing_inference_result *r)
{
	char buf[256];

	if (!has_architecture(m))
		return;
	estimate_architecture_text(m, buf, sizeof buf);
	table_field(t, "architecture", NULL, buf);
	row(t, "kv per token (KiB)", NULL, 1, r->kv_bytes_per_token / 1024.0);
	row(t, "kv per sequence (MiB)", NULL, 1, r->kv_bytes_per_sequence / 1048576.0);
	if (m->window_tokens > 0 && m->windowed_layers > 0)
		table_field(t, "kv window only", NULL,
			    r->kv_window_only ? "yes (the engine keeps only the window)"
					      : "no (the engine keeps every token)");
}

static struct table *report_table(void)
{
	struct table *t = table_new(2);

	table_header(t, 0, "ITEM", ALIGN_LEFT);
	table_header(t, 1, "VALUE", ALIGN_LEFT);
	table_csv_record(t);
	return t;
}

static void factor_rows(struct table *t, const struct sizing_factors *f, int training, int mig,
			enum sizing_engine engine, double mfs)
{
	const char *names[24];
	double values[24];
	int wo_native = sizing_engine_factors_of(f, engine).weight_only_native > 0;

	for (size_t i = 0; i < sizing_factor_count(); i++) {
		char k[80], ck[80];

		if (!estimate_factor_applies(sizing_factor_name(i), training, mig, mfs > 0, wo_native))
			continue;
		snprintf(k, sizeof(k), "assumption %s", sizing_factor_name(i));
		snprintf(ck, sizeof(ck), "assumption_%s", sizing_factor_name(i));
		row(t, k, ck, -1, sizing_factor_value(f, i));
	}
	if (!training)
		for (size_t i = 0, n = estimate_engine_factors(f, engine, mfs, names, values); i < n; i++) {
			char k[80], ck[80];

			snprintf(k, sizeof(k), "assumption %s", names[i]);
			snprintf(ck, sizeof(ck), "assumption_%s", names[i]);
			row(t, k, ck, -1, values[i]);
		}
}

void estimate_text_inference(FILE *out, enum out_format format, int color,
			     const struct estimate_report *e, const struct sizing_inference_result *r)
{
	char why[256];
	struct table *t = report_table();
	char buf[128];

	table_field(t, "model", "model", e->model->name);
	if (estimate_experts_differ(e->model, e->precision))
		snprintf(buf, sizeof(buf), "%s%s, experts %s (kv %s)",
			 e->native ? "native " : "", sizing_precision_name(e->precision),
			 sizing_precision_name(e->model->expert_precision),
			 sizing_precision_name(e->kv_precision));
	else
		snprintf(buf, sizeof(buf), "%s%s (kv %s)", e->native ? "native " : "",
			 sizing_precision_name(e->precision),
			 sizing_precision_name(e->kv_precision));
	table_field(t, "precision", "precision", buf);
	table_set_csv(t, 1, sizing_precision_name(e->precision));
	table_csv_field(t, "kv_precision", sizing_precision_name(e->kv_precision));
	table_field(t, "engine", "engine", sizing_engine_name(e->engine));
	precision_rows(t, r->precision_mode, r->precision_note);
	architecture_rows(t, e->model, r);
	if (e->cap->mig_profile[0])
		snprintf(buf, sizeof(buf), "%s MIG %s", e->gpu->name, e->cap->mig_profile);
	else if (e->sku[0])
		capacity_of_sku(buf, sizeof(buf), e);
	else
		snprintf(buf, sizeof(buf), "%d x %s", e->cap->gpus, e->gpu->name);
	table_field(t, "capacity", NULL, buf);
	table_csv_field(t, "gpu_model", e->gpu->name);
	table_csv_field(t, "sku", e->sku[0] ? e->sku : NULL);
	table_csv_field(t, "mig_profile", e->cap->mig_profile);
	table_csv_field_number(t, "gpu_count", e->cap->gpus, 0);
	sizing_parallelism_text(buf, sizeof(buf), r->tp, r->pp, r->ep, r->attention_dp);
	table_field(t, "parallelism", NULL, buf);
	table_csv_field_number(t, "tensor_parallel_count", r->tp, 0);
	table_csv_field_number(t, "pipeline_parallel_count", r->pp, 0);
	table_csv_field_number(t, "expert_parallel_count", r->ep > 1 ? r->ep : 1, 0);
	table_csv_field_number(t, "attention_data_parallel_count",
			       r->attention_dp > 1 ? r->attention_dp : 1, 0);
	row(t, "memory weights (GiB)", "memory_weights_gib", 2, r->weights_gib);
	row(t, "memory kv cache (GiB)", "memory_kv_cache_gib", 2, r->kv_cache_gib);
	row(t, "memory activations (GiB)", "memory_activations_gib", 2, r->activations_gib);
	row(t, "memory overhead (GiB)", "memory_overhead_gib", 2, r->overhead_gib);
	row(t, "memory total (GiB)", "memory_total_gib", 2, r->total_gib);
	row(t, "memory available (GiB)", "memory_available_gib", 2, r->available_gib);
	bool_row(t, "fits", "fits", r->fits);
	table_row_style(t, r->fits ? OUT_GREEN : OUT_RED);
	const char *note = sizing_inference_why(r, e->engine, why, sizeof(why));

	if (note) {
		table_field(t, "why", NULL, note);
		table_row_style(t, r->fits ? OUT_PLAIN : OUT_RED);
	}
	table_csv_field(t, "note", note);
	shortfall_row(t, "shortfall (GiB)", "shortfall_gib", r->total_gib, r->available_gib,
		      r->fits);
	table_row_style(t, r->fits ? OUT_PLAIN : OUT_RED);
	row_or_unknown(t, "max concurrency", "max_concurrency_count", 0,
		       (double)r->max_concurrency,
		       r->precision_mode != SIZING_PREC_UNSUPPORTED);
	row(t, "concurrency", "concurrency_count", 0, (double)r->concurrency);
	if (r->precision_mode != SIZING_PREC_UNSUPPORTED && !estimate_engine_capped(r)) {
		table_field(t, "bound", "bound", sizing_bound_name(r->bound));
	} else {
		table_field(t, "bound", "bound", "-");
		table_set_csv(t, 1, "");
	}
	row_or_unknown(t, "output (tokens/s)", "output_tokens_per_s", 1, r->output_tokens_per_s,
		       r->fits);
	row_or_unknown(t, "prefill (tokens/s)", "prefill_tokens_per_s", 1,
		       r->prefill_tokens_per_s, r->fits);
	row_or_unknown(t, "time to first token (ms)", "time_to_first_token_ms", 2,
		       r->time_to_first_token_ms, r->fits);
	row_or_unknown(t, "per output token (ms)", "per_output_token_ms", 2,
		       r->ms_per_output_token, r->fits);
	factor_rows(t, e->factors, 0, e->cap->mig_profile[0] != 0, e->engine,
		    r->mem_fraction_static);
	table_color(t, color);
	table_print(t, out, format);
	table_free(t);
}

void estimate_text_training(FILE *out, enum out_format format, int color,
			    const struct estimate_report *e, const struct sizing_training_result *r)
{
	struct table *t = report_table();
	char buf[128];

	table_field(t, "model", "model", e->model->name);
	snprintf(buf, sizeof(buf), "%s, %s, ZeRO-%d", sizing_precision_name(e->precision),
		 sizing_train_method_name(e->train->method), e->train->zero_stage);
	table_field(t, "precision", "precision", buf);
	table_set_csv(t, 1, sizing_precision_name(e->precision));
	table_csv_field(t, "method", sizing_train_method_name(e->train->method));
	table_csv_field_number(t, "zero_stage", e->train->zero_stage, 0);
	table_field(t, "framework", "framework", sizing_framework_name(e->train->framework));
	precision_rows(t, r->precision_mode, r->precision_note);
	snprintf(buf, sizeof(buf), "%d x %s", e->cap->gpus, e->gpu->name);
	table_field(t, "capacity", NULL, buf);
	table_csv_field(t, "gpu_model", e->gpu->name);
	table_csv_field_number(t, "gpu_count", e->cap->gpus, 0);
	snprintf(buf, sizeof(buf), "tensor %d x pipeline %d x data %d", r->tp, r->pp,
		 r->dp);
	table_field(t, "parallelism", NULL, buf);
	table_csv_field_number(t, "tensor_parallel_count", r->tp, 0);
	table_csv_field_number(t, "pipeline_parallel_count", r->pp, 0);
	table_csv_field_number(t, "data_parallel_count", r->dp, 0);
	bool_row(t, "activation recompute", "activation_recompute", r->recompute);
	row(t, "memory/GPU weights (GiB)", "memory_per_gpu_weights_gib", 2, r->weights_gib);
	row(t, "memory/GPU gradients (GiB)", "memory_per_gpu_gradients_gib", 2,
	    r->gradients_gib);
	row(t, "memory/GPU optimizer (GiB)", "memory_per_gpu_optimizer_gib", 2,
	    r->optimizer_gib);
	row(t, "memory/GPU activations (GiB)", "memory_per_gpu_activations_gib", 2,
	    r->activations_gib);
	row(t, "memory/GPU overhead (GiB)", "memory_per_gpu_overhead_gib", 2,
	    r->overhead_gib);
	row(t, "memory/GPU total (GiB)", "memory_per_gpu_total_gib", 2, r->memory_gib);
	row(t, "memory/GPU available (GiB)", "memory_per_gpu_available_gib", 2,
	    r->available_gib);
	bool_row(t, "fits", "fits", r->fits);
	table_row_style(t, r->fits ? OUT_GREEN : OUT_RED);
	if (r->note) {
		table_field(t, "why", NULL, r->note);
		table_row_style(t, r->fits ? OUT_PLAIN : OUT_RED);
	}
	table_csv_field(t, "note", r->note);
	shortfall_row(t, "shortfall per GPU (GiB)", "shortfall_per_gpu_gib", r->memory_gib,
		      r->available_gib, r->fits);
	table_row_style(t, r->fits ? OUT_PLAIN : OUT_RED);
	row_or_unknown(t, "throughput (tokens/s)", "tokens_per_s", 1, r->tokens_per_s, r->fits);
	row_or_unknown(t, "time (hours)", "training_hours", 2, r->hours, r->fits);
	row_or_unknown(t, "mfu", NULL, 3, r->mfu, r->fits);
	if (r->fits)
		table_csv_field_number(t, "mfu_pct", r->mfu * 100.0, 1);
	else
		table_csv_field(t, "mfu_pct", NULL);
	bool_row(t, "needs InfiniBand", "needs_infiniband", r->needs_infiniband);
	factor_rows(t, e->factors, 1, 0, e->engine, 0);
	table_color(t, color);
	table_print(t, out, format);
	table_free(t);
}
