/*
 * profile_fit.c - a workload of a profile as the fit engine sees it
 * (profile_fit.h): the profile's model, precision, load and targets in the
 * fit engine's terms.
 */
#include "profile_fit.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sizing.h"

int fit_workload_from_profile(const struct profile_workload *pw, const struct model_preset *presets,
			      size_t npresets, double headroom, struct fit_workload *w,
			      const char **why)
{
	memset(w, 0, sizeof(*w));
	w->headroom = headroom;
	w->replicas = pw->replicas > 0 ? pw->replicas : 1;
	w->confidential = pw->confidential;
	w->runs_per_month = 1;
	if (pw->has_model) {
		if (pw->model_inline) {
			sizing_model_from_preset(&pw->model, &w->model);
		} else {
			const struct model_preset *mp = NULL;
			for (size_t i = 0; i < npresets && !mp; i++)
				if (strcasecmp(presets[i].name, pw->model_name) == 0)
					mp = &presets[i];
			if (!mp) {
				*why = "its model is not in the catalog";
				return -1;
			}
			sizing_model_from_preset(mp, &w->model);
		}
		memset(w->model.name, 0, sizeof(w->model.name));
		snprintf(w->model.name, sizeof(w->model.name), "%s",
			 pw->model_inline ? "inline" : pw->model_name);
	}
	w->precision = pw->precision;
	w->kv_precision = pw->has_kv_precision ? pw->kv_precision
					       : sizing_kv_default(w->precision);
	/* precision: native: the model's released precisions, a 16-bit cache */
	if (pw->precision_native && pw->has_model) {
		if (sizing_model_native(&w->model, &w->precision, NULL) != 0) {
			*why = "the catalog does not say which precision its model is released in";
			return -1;
		}
		if (!pw->has_kv_precision)
			w->kv_precision = sizing_kv_native(w->precision);
	}
	if (pw->type == PROFILE_TRAINING) {
		const struct profile_training *t = &pw->training;
		if (!pw->has_model || !pw->has_training) {
			*why = "a training workload needs a model and a training section";
			return -1;
		}
		w->kind = FIT_TRAINING;
		w->train.method = t->method;
		w->train.zero_stage = t->zero_stage;
		w->train.tokens = t->tokens;
		w->train.sequence_length = t->sequence_length > 0 ? (double)t->sequence_length : 4096;
		w->train.micro_batch = t->has_micro_batch ? (double)t->micro_batch : 0;
		w->train.recompute = -1;
		w->train.framework = t->framework;
		w->deadline_hours = t->has_deadline_hours ? t->deadline_hours : 0;
		w->runs_per_month = t->runs_per_month > 0 ? t->runs_per_month : 1;
		w->replicas = 1;
		return 0;
	}
	if (pw->has_requirements) {
		w->kind = FIT_GENERIC;
		w->req.gpu_memory_gib = pw->requirements.gpu_memory_gib;
		w->req.tflops_fp16 = pw->requirements.tflops_fp16;
		w->req.bandwidth_gb_per_s = pw->requirements.bandwidth_gb_per_s;
		return 0;
	}
	if (!pw->has_model || !pw->has_serving) {
		*why = "an inference workload needs a model with serving, or requirements";
		return -1;
	}
	w->kind = FIT_LLM_INFERENCE;
	w->input_tokens = (double)pw->serving.input_tokens;
	w->output_tokens = (double)pw->serving.output_tokens;
	/* a rate: sized per replica of one sequence here; the replicas per hour
	 * come from the rate (recommend's load plan) */
	w->concurrency = pw->serving.has_requests_per_s ? 1 : pw->serving.concurrency;
	if (pw->serving.has_target_output_tokens_per_s)
		w->target_tokens_per_s = pw->serving.target_output_tokens_per_s;
	if (pw->serving.has_max_ms_per_output_token)
		w->max_ms_per_token = pw->serving.max_ms_per_output_token;
	if (pw->serving.has_max_time_to_first_token_ms)
		w->max_ttft_ms = pw->serving.max_time_to_first_token_ms;
	w->engine = pw->serving.engine;
	w->expert_parallel = pw->serving.expert_parallel;
	w->attention = pw->serving.attention;
	w->max_sequences = pw->serving.max_sequences;
	return 0;
}
