/*
 * profile_workload.c - one workload of a profile: its name and type, the
 * model (a preset, inline numbers or a Hugging Face config) and its limits,
 * the requirements of a generic workload, training, the data path,
 * autoscale bounds and the keys that belong to another kind of workload
 * (profile_internal.h); the names of types and storage tiers (profile.h).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hf_config.h"
#include "profile_internal.h"
#include "util.h"

/* Bounds (struct num_rule). */
static const struct num_rule
	R_REPLICAS = { 1, 10000, 0, 1, 0, 0 },
	R_COUNT = { 1, 100000, 0, 1, 0, 0 },
	R_MIN_REPLICAS = { 0, 10000, 0, 1, 0, 0 },
	R_GPU_MEM = { 0, 10000, 1, 0, 1, 0 },
	R_TFLOPS = { 0, 1e5, 1, 0, 0, 0 },
	R_BANDWIDTH = { 0, 1e5, 1, 0, 0, 0 },
	R_PARAMS_B = { 0, 10000, 1, 0, 0, 0 },
	R_LAYERS = { 1, 1000, 0, 1, 0, 0 },
	R_HIDDEN = { 1, 1e6, 0, 1, 0, 0 },
	R_HEADS = { 1, 10000, 0, 1, 0, 0 },
	R_VOCAB = { 1, 1e7, 0, 1, 0, 0 },
	R_EXPERTS = { 2, 10000, 0, 1, 0, 0 },
	R_ACTIVE = { 1, 10000, 0, 1, 0, 0 },
	R_TRAIN_TOKENS = { 0, 1e15, 1, 0, 0, 0 },
	R_SEQ_LEN = { 1, 1e7, 0, 1, 0, 0 },
	R_ZERO = { 0, 3, 0, 1, 0, 0 },
	R_DEADLINE = { 0, 8760, 1, 0, 0, 0 },
	R_RUNS = { 0, 10000, 1, 0, 0, 0 },
	R_MICRO_BATCH = { 1, 65536, 0, 1, 0, 0 },
	R_DATA_SIZE = { 0, 1e7, 1, 0, 1, 0 },
	R_READ_MBPS = { 0, 1e7, 1, 0, 0, 0 },
	R_SAMPLE_BYTES = { 0, 1e12, 1, 0, 0, 0 },
	R_EPOCHS = { 0, 1e6, 1, 0, 0, 0 },
	R_CKPT_MIN = { 0, 1e6, 1, 0, 0, 0 },
	R_COLD_START = { 0, 86400, 1, 0, 0, 0 },
	R_ZONE = { 1, 3, 0, 1, 0, 0 };

static const char *const type_names[] = { "inference", "training" };
static const char *const storage_names[PROFILE_STORAGE_COUNT] = {
	"blob", "blob-premium", "premium-ssd", "premium-ssd-v2", "ultra-disk", "netapp",
	"managed-lustre", "local-nvme"
};


/* ---- sections of a workload --------------------------------------------- */

static void read_inline_model(struct reader *r, const struct node *m, struct profile_workload *w)
{
	static const char *const keys[] = { "params_b", "active_params_b", "layers", "hidden",
					    "heads", "kv_heads", "vocab", "moe_experts",
					    "moe_active", "max_context" };
	struct model_preset *mp = &w->model;
	long layers = 0, hidden = 0, heads = 0, kv = 0, vocab = 0, experts = 0, active = 0;
	long max_context = 0;
	int has_heads, has_kv, has_hidden, has_experts, has_active, has_apb;
	double apb = 0;

	profile_check_keys(r, m, keys, COUNT(keys), "in 'model'");
	memset(mp, 0, sizeof *mp);
	snprintf(mp->name, sizeof mp->name, "%.*s", (int)sizeof mp->name - 1, w->name);
	strcpy(mp->kind, "llm");
	if (profile_get_num(r, m, "params_b", "model.", &R_PARAMS_B, &mp->params_b) == 0)
		profile_missing(r, m, keys, COUNT(keys),
			"params_b", "in the inline 'model' (billions of parameters)");
	has_apb = profile_get_num(r, m, "active_params_b", "model.", &R_PARAMS_B, &apb) > 0;
	profile_get_long(r, m, "layers", "model.", &R_LAYERS, &layers);
	has_hidden = profile_get_long(r, m, "hidden", "model.", &R_HIDDEN, &hidden) > 0;
	has_heads = profile_get_long(r, m, "heads", "model.", &R_HEADS, &heads) > 0;
	has_kv = profile_get_long(r, m, "kv_heads", "model.", &R_HEADS, &kv) > 0;
	profile_get_long(r, m, "vocab", "model.", &R_VOCAB, &vocab);
	has_experts = profile_get_long(r, m, "moe_experts", "model.", &R_EXPERTS, &experts) > 0;
	has_active = profile_get_long(r, m, "moe_active", "model.", &R_ACTIVE, &active) > 0;
	profile_get_long(r, m, "max_context", "model.", &R_SEQ_LEN, &max_context);
	mp->max_context = (int)max_context;

	if (has_kv && !has_heads && !profile_map_get(m, "heads"))
		profile_err_node(r, profile_map_key(m, "kv_heads"), "'model.kv_heads' needs 'model.heads'");
	if (has_kv && has_heads && (kv > heads || heads % kv))
		profile_err_node(r, profile_map_get(m, "kv_heads"),
				 "'model.kv_heads' (%ld) must divide 'model.heads' (%ld)", kv, heads);
	if (has_hidden && has_heads && hidden % heads)
		profile_err_node(r, profile_map_get(m, "hidden"),
				 "'model.hidden' (%ld) must be a multiple of 'model.heads' (%ld)", hidden,
				 heads);
	if (has_experts != has_active && !profile_map_get(m, has_experts ? "moe_active" : "moe_experts"))
		profile_err_node(r, profile_map_key(m, has_experts ? "moe_experts" : "moe_active"),
				 "'model.%s' needs 'model.%s'", has_experts ? "moe_experts" : "moe_active",
				 has_experts ? "moe_active" : "moe_experts");
	if (has_experts && has_active && active > experts)
		profile_err_node(r, profile_map_get(m, "moe_active"),
				 "'model.moe_active' (%ld) must be at most 'model.moe_experts' (%ld)", active,
				 experts);
	if (has_apb && mp->params_b > 0 && apb > mp->params_b)
		profile_err_node(r, profile_map_get(m, "active_params_b"),
				 "'model.active_params_b' must be at most 'model.params_b'");

	mp->layers = (int)layers;
	mp->hidden = (int)hidden;
	mp->heads = (int)heads;
	mp->kv_heads = (int)(has_kv ? kv : heads);
	mp->head_dim = heads ? (int)(hidden / heads) : 0;
	mp->vocab = (int)vocab;
	mp->moe_experts = (int)experts;
	mp->moe_active = (int)active;
	mp->active_params_b = has_apb ? apb : experts ? 0 : mp->params_b;
}

/*
 * model: { hf_config: PATH }: a Hugging Face config.json, relative to the
 * profile's directory, read as an inline model named after the workload.
 */
static void read_hf_model(struct reader *r, const struct node *m, struct profile_workload *w)
{
	static const char *const keys[] = { "hf_config" };
	const struct node *v = profile_map_get(m, "hf_config");
	char path[4096], rel[2048], herr[HF_CONFIG_ERRLEN];
	const char *slash = strrchr(r->file, '/');

	profile_check_keys(r, m, keys, COUNT(keys), "in 'model' (hf_config takes no other key)");
	if (!v || profile_node_str(r, v, "model.hf_config", rel, sizeof rel) < 0)
		return;
	if (rel[0] != '/' && slash && strcmp(r->file, "<stdin>") != 0)
		snprintf(path, sizeof path, "%.*s/%s", (int)(slash - r->file), r->file, rel);
	else
		snprintf(path, sizeof path, "%s", rel);
	if (hf_config_read(path, &w->model, herr, sizeof herr) != 0) {
		profile_err_node(r, v, "'model.hf_config': %s", herr);
		return;
	}
	snprintf(w->model.name, sizeof w->model.name, "%.*s", (int)sizeof w->model.name - 1,
		 w->name);
	w->model_hf_config = 1;
}

static void read_requirements(struct reader *r, const struct node *m,
			      struct profile_requirements *q)
{
	static const char *const keys[] = { "gpu_memory_gib", "tflops_fp16",
					    "bandwidth_gb_per_s" };
	const char *const p = "requirements.";

	profile_check_keys(r, m, keys, COUNT(keys), "in 'requirements'");
	if (profile_get_num(r, m, "gpu_memory_gib", p, &R_GPU_MEM, &q->gpu_memory_gib) == 0)
		profile_missing(r, m, keys, COUNT(keys),
			"gpu_memory_gib", "in 'requirements' (GPU memory one instance needs)");
	profile_get_num(r, m, "tflops_fp16", p, &R_TFLOPS, &q->tflops_fp16);
	profile_get_num(r, m, "bandwidth_gb_per_s", p, &R_BANDWIDTH, &q->bandwidth_gb_per_s);
}

static void read_training(struct reader *r, const struct node *m, struct profile_training *t)
{
	static const char *const keys[] = { "method", "tokens", "sequence_length", "zero_stage",
					    "deadline_hours", "runs_per_month", "micro_batch",
					    "framework" };
	const char *fw_names[SIZING_FRAMEWORK_COUNT - 1];
	int fw = -1;
	const char *const p = "training.";
	const struct node *v;
	long zero = 0;
	const char *method_names[3];
	int method = SIZING_TRAIN_FULL;

	profile_check_keys(r, m, keys, COUNT(keys), "in 'training'");
	for (method = 0; method < 3; method++)
		method_names[method] = sizing_train_method_name((enum sizing_train_method)method);
	method = SIZING_TRAIN_FULL;
	v = profile_map_get(m, "method");
	if (v)
		profile_node_enum(r, v, "training.method", "training method", method_names,
				  COUNT(method_names), &method);
	t->method = (enum sizing_train_method)method;
	if (profile_get_num(r, m, "tokens", p, &R_TRAIN_TOKENS, &t->tokens) == 0)
		profile_missing(r, m, keys, COUNT(keys),
			"tokens", "in 'training' (tokens processed per run)");
	t->sequence_length = 4096;
	t->has_sequence_length = profile_get_long(r, m, "sequence_length", p, &R_SEQ_LEN,
						  &t->sequence_length) > 0;
	v = profile_map_get(m, "zero_stage");
	if (v && !v->bad && v->kind == NODE_SCALAR && !v->is_null) {
		double d;

		if (util_parse_double(v->text, &d) == 0 && (d != floor(d) || d < 0 || d > 3)) {
			profile_err_node(r, v, "'training.zero_stage' must be 0, 1, 2 or 3, got %s", v->text);
			v = NULL;
		}
	}
	if (v) {
		t->has_zero_stage = profile_get_long(r, m, "zero_stage", p, &R_ZERO, &zero) > 0;
		t->zero_stage = (int)zero;
	}
	if (!t->has_zero_stage)
		t->zero_stage = t->method == SIZING_TRAIN_FULL ? 3 : 0;
	t->has_deadline_hours = profile_get_num(r, m, "deadline_hours", p, &R_DEADLINE,
					&t->deadline_hours) > 0;
	t->runs_per_month = 1;
	profile_get_num(r, m, "runs_per_month", p, &R_RUNS, &t->runs_per_month);
	t->has_micro_batch = profile_get_long(r, m, "micro_batch", p, &R_MICRO_BATCH, &t->micro_batch) > 0;
	for (int i = 1; i < SIZING_FRAMEWORK_COUNT; i++)
		fw_names[i - 1] = sizing_framework_name((enum sizing_framework)i);
	v = profile_map_get(m, "framework");
	t->framework = SIZING_FRAMEWORK_DEFAULT;
	if (v && profile_node_enum(r, v, "training.framework", "training framework", fw_names,
				   COUNT(fw_names), &fw) > 0)
		t->framework = (enum sizing_framework)(fw + 1);
	v = profile_map_get(m, "tokens");
	if (v && t->tokens > 0 && t->tokens < 1e6) {
		/* the slip spelled out: "5000 billion is 5e12", "5e5 billion is
		 * 5e14" (%g's exponent without its '+' and leading zeros) */
		char big[32], *e;

		snprintf(big, sizeof big, "%.6g", t->tokens * 1e9);
		e = strchr(big, 'e');
		if (e) {
			char *d = e + 1;
			if (*d == '+')
				memmove(d, d + 1, strlen(d));
			while (*d == '0' && d[1])
				memmove(d, d + 1, strlen(d));
		}
		profile_warn_node(r, v, "'training.tokens' is %s, under a million: it counts tokens, not "
				  "millions or billions of them (%s billion is %s)", v->text, v->text, big);
	}
	v = profile_map_get(m, "deadline_hours");
	if (v && t->has_deadline_hours && t->deadline_hours < 1)
		profile_warn_node(r, v, "'training.deadline_hours' is %s, under one hour: a value in "
				  "days? %s days is %g hours", v->text, v->text, t->deadline_hours * 24.0);
}

static void read_data(struct reader *r, const struct node *m, struct profile_data *d)
{
	static const char *const keys[] = { "size_gib", "size", "region", "storage",
					    "read_mb_per_s", "sample_bytes", "epochs",
					    "checkpoint_every_min", "cold_start_s" };
	const struct profile_names *nm = r->names;
	const struct node *v;
	int storage = PROFILE_STORAGE_BLOB;
	int a, b;

	profile_check_keys(r, m, keys, COUNT(keys), "in 'data'");
	a = profile_get_num(r, m, "size_gib", "data.", &R_DATA_SIZE, &d->size_gib);
	b = profile_map_get(m, "size") != NULL;
	if (a != 0 && b)
		profile_err_node(r, profile_map_key(m, "size"), "give 'data.size' or 'data.size_gib', not both");
	else if (b)
		a = profile_get_num(r, m, "size", "data.", &R_DATA_SIZE, &d->size_gib);
	if (a == 0 && !b)
		profile_missing(r, m, keys, COUNT(keys),
			"size_gib", "in 'data' (how much data the workload reads)");
	v = profile_map_get(m, "region");
	if (v)
		d->has_region = profile_node_catalog_name(r, v, "data.region", "region",
							  nm ? nm->regions : NULL, nm ? nm->nregions : 0,
							  d->region, sizeof d->region) > 0;
	v = profile_map_get(m, "storage");
	if (v)
		profile_node_enum(r, v, "data.storage", "storage", storage_names, COUNT(storage_names),
				  &storage);
	d->storage = (enum profile_storage)storage;
	d->has_read_mb_per_s = profile_get_num(r, m, "read_mb_per_s", "data.", &R_READ_MBPS,
					       &d->read_mb_per_s) > 0;
	d->has_sample_bytes = profile_get_num(r, m, "sample_bytes", "data.", &R_SAMPLE_BYTES,
					      &d->sample_bytes) > 0;
	d->epochs = 1;
	profile_get_num(r, m, "epochs", "data.", &R_EPOCHS, &d->epochs);
	d->has_checkpoint_every_min = profile_get_num(r, m, "checkpoint_every_min", "data.", &R_CKPT_MIN,
						      &d->checkpoint_every_min) > 0;
	d->has_cold_start_s = profile_get_num(r, m, "cold_start_s", "data.", &R_COLD_START,
					      &d->cold_start_s) > 0;
}

static const struct model_preset *preset_fact(const struct profile_names *nm, const char *name)
{
	for (size_t i = 0; nm && nm->preset_facts && i < nm->npreset_facts; i++)
		if (strcasecmp(nm->preset_facts[i].name, name) == 0)
			return &nm->preset_facts[i];
	return NULL;
}

/* A preset whose context holds need tokens and whose size is nearest to
 * params_b (an LLM with a shape), or NULL. */
static const struct model_preset *longer_preset(const struct profile_names *nm, double need,
						double params_b)
{
	const struct model_preset *best = NULL;
	double best_d = 0;

	for (size_t i = 0; nm && nm->preset_facts && i < nm->npreset_facts; i++) {
		const struct model_preset *p = &nm->preset_facts[i];
		double d;

		if (strcmp(p->kind, "llm") || p->layers <= 0 || p->max_context < need ||
		    !(p->params_b > 0))
			continue;
		d = params_b > 0 ? fabs(log(p->params_b / params_b)) : p->params_b;
		if (!best || d < best_d) {
			best = p;
			best_d = d;
		}
	}
	return best;
}

/*
 * What the model allows: a preset without a transformer shape (a diffusion
 * or CNN preset) cannot be sized as an LLM, and input + output tokens (or
 * the training sequence) must fit the model's context.
 */
static void check_model_limits(struct reader *r, const struct node *m,
			       struct profile_workload *w, int type)
{
	const struct model_preset *mp = w->model_inline ? &w->model
				       : preset_fact(r->names, w->model_name);
	const struct node *sec, *at;
	const struct model_preset *alt;
	char hint[160] = "";
	double need = 0;
	const char *what = NULL;

	if (!w->has_model || !mp)
		return;
	if (!w->model_inline && mp->layers <= 0) {
		if (type == PROFILE_INFERENCE)
			profile_err_node(r, profile_map_get(m, "model"), "model '%s' is a %s preset the LLM sizing "
					 "model cannot use (no layers or heads); describe the workload with "
					 "'requirements:' (gpu_memory_gib, tflops_fp16, bandwidth_gb_per_s) "
					 "instead of 'model' and 'serving'", mp->name, mp->kind);
		else
			profile_err_node(r, profile_map_get(m, "model"), "model '%s' is a %s preset the training "
					 "sizing model cannot use (no layers or heads); give an LLM preset or "
					 "an inline model", mp->name, mp->kind);
		return;
	}
	if (mp->max_context <= 0)
		return;
	if (type == PROFILE_INFERENCE && w->has_serving) {
		sec = profile_map_get(m, "serving");
		at = sec ? profile_map_get(sec, "input_tokens") : NULL;
		need = (double)w->serving.input_tokens + (double)w->serving.output_tokens;
		what = "'serving.input_tokens' + 'serving.output_tokens'";
	} else if (type == PROFILE_TRAINING && w->has_training) {
		sec = profile_map_get(m, "training");
		at = sec ? profile_map_get(sec, "sequence_length") : NULL;
		if (!w->training.has_sequence_length) {
			/* the default sequence, but no longer than the model's context */
			if (w->training.sequence_length > mp->max_context)
				w->training.sequence_length = mp->max_context;
			return;
		}
		need = (double)w->training.sequence_length;
		what = "'training.sequence_length'";
	} else {
		return;
	}
	if (!at || need <= mp->max_context)
		return;
	alt = longer_preset(r->names, need, mp->params_b);
	if (w->model_inline)
		snprintf(hint, sizeof hint, "; raise it if the model has a longer context");
	else if (alt)
		snprintf(hint, sizeof hint, "; preset '%s' has %d", alt->name, alt->max_context);
	else
		snprintf(hint, sizeof hint, "; no preset has that context");
	if (w->model_inline)
		profile_err_node(r, at, "%s = %.0f tokens exceeds the inline model's context of %d tokens "
				 "('model.max_context')%s", what, need, mp->max_context, hint);
	else
		profile_err_node(r, at, "%s = %.0f tokens exceeds model '%s' context of %d tokens "
				 "(max_context)%s", what, need, mp->name, mp->max_context, hint);
}

/* Reports a key that does not belong to this kind of workload. */
static void misplaced(struct reader *r, const struct node *w, const char *key, const char *why)
{
	const struct node *k = profile_map_key(w, key);

	if (k)
		profile_err_node(r, k, "'%s' %s", key, why);
}

static int valid_name(const char *s)
{
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_' && *s != '.')
			return 0;
	return 1;
}

/*
 * precision: native sizes the model in the precisions its weights are
 * released in: serving only, and the preset or config must say which.
 */
static void check_native(struct reader *r, const struct node *v, struct profile_workload *w,
			 int type)
{
	const struct model_preset *mp = w->model_inline ? &w->model
				       : preset_fact(r->names, w->model_name);

	if (type == PROFILE_TRAINING) {
		profile_err_node(r, v, "'precision: native' sizes serving; training takes bf16, fp16 or "
				 "fp8");
		return;
	}
	w->precision_native = 1;
	if (w->has_model && w->model_inline && !w->model_hf_config)
		profile_err_node(r, v, "'precision: native' needs a preset or 'model.hf_config' that says "
				 "which precision the weights are released in; give the precision "
				 "(bf16, fp8, ...) of an inline model");
	else if (w->has_model && mp && !mp->native_precision[0])
		profile_err_node(r, v, "'precision: native': the catalog does not say which precision "
				 "model '%s' is released in; give it (bf16, fp16, fp8, ...)", mp->name);
}

/* The highest share of w's load curves. */
static double load_top(const struct profile_workload *w)
{
	double top = 0;

	for (int c = 0; c < w->serving.load_curves && c < 2; c++)
		for (int h = 0; h < 24; h++)
			top = w->serving.load[c][h] > top ? w->serving.load[c][h] : top;
	return top;
}

/* autoscale: { min_replicas, max_replicas } and the replicas rule of a
 * workload described by its traffic (serving.requests_per_s): its replica
 * count is derived, so 'replicas' is refused there. */
static void read_autoscale(struct reader *r, const struct node *m, struct profile_workload *w)
{
	static const char *const keys[] = { "min_replicas", "max_replicas" };
	const struct node *v = profile_map_get(m, "autoscale"), *lo;
	int traffic = w->has_serving && w->serving.has_requests_per_s;
	const struct node *sv = profile_map_get(m, "serving");
	int rate_given = sv && sv->kind == NODE_MAP && profile_map_get(sv, "requests_per_s");

	w->min_replicas = 1;
	if (rate_given && profile_map_get(m, "replicas"))
		profile_err_node(r, profile_map_key(m, "replicas"), "'replicas' cannot be given with "
				 "'serving.requests_per_s': the replicas are derived from the rate; cap "
				 "them with 'autoscale.max_replicas'");
	if (!v)
		return;
	if (!rate_given) {
		profile_err_node(r, profile_map_key(m, "autoscale"), "'autoscale' needs 'serving.requests_per_s' "
				 "(the replicas per hour are planned from the arrival rate)");
		return;
	}
	if (profile_expect_map(r, v, "autoscale") < 0)
		return;
	profile_check_keys(r, v, keys, COUNT(keys), "in 'autoscale'");
	profile_get_long(r, v, "min_replicas", "autoscale.", &R_MIN_REPLICAS, &w->min_replicas);
	profile_get_long(r, v, "max_replicas", "autoscale.", &R_REPLICAS, &w->max_replicas);
	lo = profile_map_get(v, "min_replicas");
	if (lo && w->min_replicas == 0 && traffic && w->serving.load_curves && load_top(w) == 0)
		profile_err_node(r, lo, "'autoscale.min_replicas' 0 with a 'serving.load' of only zeros: the "
				 "service would never run; give a share above 0 or min_replicas 1");
	if (lo && w->max_replicas > 0 && w->min_replicas > w->max_replicas)
		profile_err_node(r, lo, "'autoscale.min_replicas' (%ld) is above 'autoscale.max_replicas' "
				 "(%ld)", w->min_replicas, w->max_replicas);
	w->has_autoscale = traffic;
}

void profile_read_workload(struct reader *r, const struct node *m, size_t index,
			   struct profile_workload *w)
{
	static const char *const keys[] = { "name", "type", "model", "precision", "kv_precision",
					    "serving", "requirements", "training", "data",
					    "replicas", "region", "current_sku", "current_count",
					    "confidential", "zone", "autoscale" };
	const struct profile_names *nm = r->names;
	const struct node *v;
	const char *precision_names[SIZING_PRECISION_COUNT + 1];
	char where[PROFILE_NAME_LEN + 32];
	int type = -1, prec, model_given;

	memset(w, 0, sizeof *w);
	w->line = m->line;
	w->col = m->col;
	v = profile_map_get(m, "name");
	if (!v)
		profile_err_node(r, m, "workload %zu has no 'name'", index + 1);
	else if (profile_node_str(r, v, "name", w->name, sizeof w->name) > 0 && !valid_name(w->name)) {
		profile_err_node(r, v, "workload name '%s' may only contain letters, digits, '-', '_' "
				 "and '.'", w->name);
	}
	if (w->name[0])
		snprintf(where, sizeof where, "in workload '%s'", w->name);
	else
		snprintf(where, sizeof where, "in workload %zu", index + 1);
	profile_check_keys(r, m, keys, COUNT(keys), where);

	v = profile_map_get(m, "type");
	if (!v)
		profile_err_node(r, m, "missing 'type' %s (inference or training)", where);
	else if (profile_node_enum(r, v, "type", "workload type", type_names, COUNT(type_names), &type) > 0)
		w->type = (enum profile_type)type;

	v = profile_map_get(m, "model");
	if (v && !v->bad) {
		if (v->kind == NODE_MAP && profile_map_get(v, "hf_config")) {
			w->has_model = w->model_inline = 1;
			read_hf_model(r, v, w);
		} else if (v->kind == NODE_MAP) {
			w->has_model = w->model_inline = 1;
			read_inline_model(r, v, w);
		} else if (v->kind == NODE_SEQ) {
			profile_err_node(r, v, "'model' must be a preset name or a mapping "
					 "{params_b, layers, ...}, got a list");
		} else if (profile_node_catalog_name(r, v, "model", "model", nm ? nm->presets : NULL,
						     nm ? nm->npresets : 0, w->model_name,
						     sizeof w->model_name) > 0) {
			w->has_model = 1;
		}
	}
	/* a bad model still counts as given for the consistency checks below */
	model_given = v != NULL;

	for (prec = 0; prec < SIZING_PRECISION_COUNT; prec++)
		precision_names[prec] = sizing_precision_name((enum sizing_precision)prec);
	precision_names[SIZING_PRECISION_COUNT] = "native";
	w->precision = type == PROFILE_TRAINING ? SIZING_BF16 : SIZING_FP16;
	v = profile_map_get(m, "precision");
	if (v && profile_node_enum(r, v, "precision", "precision", precision_names,
				   COUNT(precision_names), &prec) > 0) {
		if (prec == SIZING_PRECISION_COUNT) {
			check_native(r, v, w, type);
			prec = SIZING_BF16;
		}
		w->precision = (enum sizing_precision)prec;
		w->has_precision = 1;
	}
	w->kv_precision = w->precision_native ? SIZING_BF16 : sizing_kv_default(w->precision);
	v = profile_map_get(m, "kv_precision");
	if (v && profile_node_enum(r, v, "kv_precision", "precision", precision_names,
				   SIZING_PRECISION_COUNT, &prec) > 0) {
		w->kv_precision = (enum sizing_precision)prec;
		w->has_kv_precision = 1;
	}

	v = profile_map_get(m, "serving");
	if (v && profile_expect_map(r, v, "serving") == 0) {
		w->has_serving = 1;
		profile_read_serving(r, v, &w->serving);
	}
	v = profile_map_get(m, "requirements");
	if (v && profile_expect_map(r, v, "requirements") == 0) {
		w->has_requirements = 1;
		read_requirements(r, v, &w->requirements);
	}
	v = profile_map_get(m, "training");
	if (v && profile_expect_map(r, v, "training") == 0) {
		w->has_training = 1;
		read_training(r, v, &w->training);
	}
	v = profile_map_get(m, "precision");
	if (v && type == PROFILE_TRAINING && w->has_precision &&
	    (w->precision == SIZING_INT8 || w->precision == SIZING_INT4)) {
		const char *pn = sizing_precision_name(w->precision);
		enum sizing_train_method tm = w->has_training ? w->training.method
							      : SIZING_TRAIN_FULL;

		if (tm == SIZING_TRAIN_QLORA && w->precision == SIZING_INT4) {
			/* what QLoRA is: read as its 4-bit base, adapters in bf16 */
			profile_warn_node(r, v, "precision int4 with method qlora: qlora keeps the base "
					  "weights in 4 bits itself and trains the adapters in bf16 "
					  "(precision sets their compute precision: bf16 or fp16)");
			w->precision = SIZING_BF16;
			w->kv_precision = sizing_kv_default(w->precision);
		} else if (tm == SIZING_TRAIN_QLORA) {
			profile_err_node(r, v, "precision %s with method qlora: qlora keeps the base weights "
					 "in 4 bits; precision sets the adapters' compute precision (bf16 or "
					 "fp16)", pn);
		} else {
			profile_err_node(r, v, "precision %s cannot be trained (method %s); use bf16 or fp16, "
					 "or method qlora for a 4-bit base", pn, sizing_train_method_name(tm));
		}
	}
	v = profile_map_get(m, "data");
	if (v && profile_expect_map(r, v, "data") == 0) {
		w->has_data = 1;
		read_data(r, v, &w->data);
	}

	w->replicas = 1;
	profile_get_long(r, m, "replicas", "", &R_REPLICAS, &w->replicas);
	read_autoscale(r, m, w);
	v = profile_map_get(m, "region");
	if (v)
		w->has_region = profile_node_catalog_name(r, v, "region", "region",
							  nm ? nm->regions : NULL, nm ? nm->nregions : 0,
							  w->region, sizeof w->region) > 0;
	v = profile_map_get(m, "current_sku");
	if (v)
		w->has_current = profile_node_catalog_name(r, v, "current_sku", "VM size",
							   nm ? nm->skus : NULL, nm ? nm->nskus : 0,
							   w->current_sku, sizeof w->current_sku) > 0;
	v = profile_map_get(m, "confidential");
	if (v) {
		static const char *const cc_names[] = { "false", "true" };
		int cc = 0;

		profile_node_enum(r, v, "confidential", "confidential value", cc_names,
				  COUNT(cc_names), &cc);
		w->confidential = cc;
	}
	{
		long zone = 0;

		if (profile_get_long(r, m, "zone", "", &R_ZONE, &zone) > 0)
			w->zone = (int)zone;
	}
	w->current_count = 1;
	if (profile_get_long(r, m, "current_count", "", &R_COUNT, &w->current_count) != 0 &&
	    !profile_map_get(m, "current_sku"))
		misplaced(r, m, "current_count", "needs 'current_sku' (the VM size it counts)");

	/* combinations */
	if (!model_given) {
		if (profile_map_get(m, "precision"))
			misplaced(r, m, "precision", "needs a 'model'");
		if (profile_map_get(m, "kv_precision"))
			misplaced(r, m, "kv_precision", "needs a 'model'");
	}
	if (type == PROFILE_INFERENCE) {
		const struct node *req = profile_map_get(m, "requirements");

		misplaced(r, m, "training", "is only for workloads of type 'training'");
		if (model_given && req)
			misplaced(r, m, "requirements", "is for generic workloads without a 'model'; "
				  "give one or the other");
		else if (req && profile_map_get(m, "serving"))
			misplaced(r, m, "serving", "is for LLM workloads with a 'model'; a generic "
				  "workload ('requirements') has no serving keys");
		else if (model_given && !profile_map_get(m, "serving"))
			profile_err_node(r, m, "inference workload '%s' has a 'model' but no 'serving' "
					 "(input_tokens, output_tokens, concurrency)", w->name);
		else if (!model_given && !req)
			profile_err_node(r, m, "inference workload '%s' needs 'model' and 'serving', or "
					 "'requirements' for a generic workload", w->name);
	} else if (type == PROFILE_TRAINING) {
		misplaced(r, m, "serving", "is only for workloads of type 'inference'");
		misplaced(r, m, "requirements", "is only for generic inference workloads");
		misplaced(r, m, "kv_precision", "is only for inference (training keeps no KV cache)");
		if (!model_given)
			profile_err_node(r, m, "training workload '%s' needs a 'model'", w->name);
		if (!profile_map_get(m, "training"))
			profile_err_node(r, m, "training workload '%s' has no 'training' section "
					 "(method, tokens, deadline_hours, ...)", w->name);
	}
	if (type == PROFILE_INFERENCE || type == PROFILE_TRAINING)
		check_model_limits(r, m, w, type);
}


const char *profile_type_name(enum profile_type t)
{
	return (unsigned)t < COUNT(type_names) ? type_names[t] : NULL;
}

const char *profile_storage_name(enum profile_storage s)
{
	return (unsigned)s < PROFILE_STORAGE_COUNT ? storage_names[s] : NULL;
}
