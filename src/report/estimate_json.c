/*
 * estimate_json.c - the `estimate -f json` document (estimate_json.h).
 */
#include "estimate_json.h"

#include <math.h>

#include "gpufit.h"
#include "json_out.h"

static void add_factors_json(cJSON *doc, const struct sizing_factors *f, int training, int mig,
			     enum sizing_engine engine, double mfs)
{
	cJSON *o = cJSON_AddObjectToObject(doc, "assumptions");
	const char *names[24];
	double values[24];
	int wo_native = sizing_engine_factors_of(f, engine).weight_only_native > 0;

	for (size_t i = 0; i < sizing_factor_count(); i++)
		if (estimate_factor_applies(sizing_factor_name(i), training, mig, mfs > 0, wo_native))
			json_add_rounded(o, sizing_factor_name(i), sizing_factor_value(f, i), 4);
	if (!training)
		for (size_t i = 0, n = estimate_engine_factors(f, engine, mfs, names, values); i < n; i++)
			json_add_rounded(o, names[i], values[i], 4);
}

static cJSON *doc_head(const struct estimate_report *e)
{
	cJSON *doc = cJSON_CreateObject();

	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	cJSON_AddStringToObject(doc, "gpufit_version", GPUFIT_VERSION);
	cJSON_AddStringToObject(doc, "model", e->model->name);
	cJSON_AddStringToObject(doc, "precision", sizing_precision_name(e->precision));
	cJSON_AddStringToObject(doc, "gpu", e->gpu->name);
	json_add_str_or_null(doc, "sku", e->sku[0] ? e->sku : NULL);
	json_add_str_or_null(doc, "mig_profile", e->cap->mig_profile);
	/* a partition of one GPU counts its share, as catalog show's gpu_count */
	if (estimate_partition_share(e) > 0)
		cJSON_AddNumberToObject(doc, "gpus", round(estimate_partition_share(e) * 1e4) / 1e4);
	else
		cJSON_AddNumberToObject(doc, "gpus", e->cap->gpus);
	cJSON_AddStringToObject(doc, "mode", e->training ? "training" : "inference");
	return doc;
}

static void json_rounded_or_null(cJSON *o, const char *k, double v, int decimals, int known)
{
	if (known)
		json_add_rounded(o, k, v, decimals);
	else
		cJSON_AddNullToObject(o, k);
}

static void precision_json(cJSON *doc, enum sizing_precision_mode m, const char *note)
{
	cJSON_AddStringToObject(doc, "precision_mode", sizing_precision_mode_name(m));
	json_add_str_or_null(doc, "precision_note", note[0] ? note : NULL);
}

static void architecture_json(cJSON *doc, const struct estimate_report *e,
			      const struct sizing_inference_result *r)
{
	char buf[256];

	cJSON_AddBoolToObject(doc, "native_precision", e->native);
	json_add_str_or_null(doc, "expert_precision",
			     estimate_experts_differ(e->model, e->precision)
				     ? sizing_precision_name(e->model->expert_precision) : NULL);
	estimate_architecture_text(e->model, buf, sizeof buf);
	json_add_str_or_null(doc, "architecture", buf);
	cJSON_AddNumberToObject(doc, "kv_bytes_per_token", round(r->kv_bytes_per_token));
	cJSON_AddNumberToObject(doc, "kv_bytes_per_sequence", round(r->kv_bytes_per_sequence));
	cJSON_AddBoolToObject(doc, "kv_window_only", r->kv_window_only);
}

int estimate_json_inference(FILE *out, const struct estimate_report *e,
			    const struct sizing_inference_result *r)
{
	char why[256];
	cJSON *doc = doc_head(e), *o;
	int rc;

	cJSON_AddStringToObject(doc, "kv_precision", sizing_precision_name(e->kv_precision));
	cJSON_AddStringToObject(doc, "engine", sizing_engine_name(e->engine));
	precision_json(doc, r->precision_mode, r->precision_note);
	architecture_json(doc, e, r);
	o = cJSON_AddObjectToObject(doc, "memory");
	json_add_rounded(o, "weights_gib", r->weights_gib, 2);
	json_add_rounded(o, "kv_cache_gib", r->kv_cache_gib, 2);
	json_add_rounded(o, "activations_gib", r->activations_gib, 2);
	json_add_rounded(o, "overhead_gib", r->overhead_gib, 2);
	json_add_rounded(o, "total_gib", r->total_gib, 2);
	json_add_rounded(o, "available_gib", r->available_gib, 2);
	cJSON_AddBoolToObject(doc, "fits", r->fits);
	json_rounded_or_null(doc, "shortfall_gib", r->total_gib - r->available_gib, 2,
			     !r->fits && r->total_gib > r->available_gib);
	/* a precision the GPU cannot run has no batch and no bound: null,
	 * not the memory's answer beside "fits": false */
	if (r->precision_mode != SIZING_PREC_UNSUPPORTED) {
		cJSON_AddNumberToObject(doc, "max_concurrency", (double)r->max_concurrency);
		cJSON_AddNumberToObject(doc, "concurrency", (double)r->concurrency);
		if (estimate_engine_capped(r))
			cJSON_AddNullToObject(doc, "bound");
		else
			cJSON_AddStringToObject(doc, "bound", sizing_bound_name(r->bound));
	} else {
		cJSON_AddNullToObject(doc, "max_concurrency");
		cJSON_AddNumberToObject(doc, "concurrency", (double)r->concurrency);
		cJSON_AddNullToObject(doc, "bound");
	}
	json_add_parallelism(doc, r->tp, r->pp, r->ep, r->attention_dp);
	o = cJSON_AddObjectToObject(doc, "throughput");
	json_rounded_or_null(o, "output_tokens_per_s", r->output_tokens_per_s, 1, r->fits);
	json_rounded_or_null(o, "prefill_tokens_per_s", r->prefill_tokens_per_s, 1,
			     r->fits);
	o = cJSON_AddObjectToObject(doc, "latency");
	json_rounded_or_null(o, "time_to_first_token_ms", r->time_to_first_token_ms, 2,
			     r->fits);
	json_rounded_or_null(o, "ms_per_output_token", r->ms_per_output_token, 2, r->fits);
	json_add_str_or_null(doc, "note",
			     sizing_inference_why(r, e->engine, why, sizeof(why)));
	add_factors_json(doc, e->factors, 0, e->cap->mig_profile[0] != 0, e->engine,
			 r->mem_fraction_static);
	rc = json_print(out, doc);
	cJSON_Delete(doc);
	return rc;
}

int estimate_json_training(FILE *out, const struct estimate_report *e,
			   const struct sizing_training_result *r)
{
	cJSON *doc = doc_head(e), *o;
	int rc;

	cJSON_AddStringToObject(doc, "method", sizing_train_method_name(e->train->method));
	cJSON_AddNumberToObject(doc, "zero_stage", e->train->zero_stage);
	cJSON_AddStringToObject(doc, "framework", sizing_framework_name(e->train->framework));
	precision_json(doc, r->precision_mode, r->precision_note);
	o = cJSON_AddObjectToObject(doc, "memory");
	json_add_rounded(o, "weights_gib", r->weights_gib, 2);
	json_add_rounded(o, "gradients_gib", r->gradients_gib, 2);
	json_add_rounded(o, "optimizer_gib", r->optimizer_gib, 2);
	json_add_rounded(o, "activations_gib", r->activations_gib, 2);
	json_add_rounded(o, "overhead_gib", r->overhead_gib, 2);
	json_add_rounded(o, "total_gib", r->memory_gib, 2);
	json_add_rounded(o, "available_gib", r->available_gib, 2);
	cJSON_AddBoolToObject(doc, "fits", r->fits);
	json_rounded_or_null(doc, "shortfall_gib", r->memory_gib - r->available_gib, 2,
			     !r->fits && r->memory_gib > r->available_gib);
	o = cJSON_AddObjectToObject(doc, "parallelism");
	cJSON_AddNumberToObject(o, "tensor", r->tp);
	cJSON_AddNumberToObject(o, "pipeline", r->pp);
	cJSON_AddNumberToObject(o, "data", r->dp);
	cJSON_AddBoolToObject(doc, "recompute", r->recompute);
	o = cJSON_AddObjectToObject(doc, "throughput");
	json_rounded_or_null(o, "tokens_per_s", r->tokens_per_s, 1, r->fits);
	json_rounded_or_null(doc, "hours", r->hours, 2, r->fits);
	json_rounded_or_null(doc, "mfu", r->mfu, 3, r->fits);
	cJSON_AddBoolToObject(doc, "needs_infiniband", r->needs_infiniband);
	json_add_str_or_null(doc, "note", r->note);
	add_factors_json(doc, e->factors, 1, 0, e->engine, 0);
	rc = json_print(out, doc);
	cJSON_Delete(doc);
	return rc;
}
