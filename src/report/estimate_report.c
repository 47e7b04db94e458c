/*
 * estimate_report.c - the pieces the writers of `gpufit estimate` share
 * (estimate_report.h): which efficiency factors an estimate used, the
 * engine's own factors, a partition's share of one GPU, the model's
 * architecture in words.
 */
#include "estimate_report.h"

#include <stdio.h>
#include <string.h>

#include "strbuf.h"

/*
 * Whether factor `name` played a part in this estimate: training factors are
 * listed for training only, serving factors for inference only, the MIG
 * factor for MIG slices only; under an engine's own memory rule (SGLang's
 * mem_fraction_static) the generic memory factors play no part, and for an
 * engine with its own quantized kernels (wo_native) the generic weight-only
 * efficiencies play none.
 */
int estimate_factor_applies(const char *name, int training, int mig, int mem_rule, int wo_native)
{
	static const char *const train_prefixes[] = { "train_", "qlora_", "network_", "comm_",
						      "ib_", "ethernet_" };
	int is_train = 0;
	for (size_t i = 0; i < sizeof train_prefixes / sizeof train_prefixes[0]; i++)
		if (strncmp(name, train_prefixes[i], strlen(train_prefixes[i])) == 0)
			is_train = 1;
	if (strcmp(name, "mig_efficiency") == 0)
		return mig;
	if (mem_rule && !training &&
	    (strcmp(name, "memory_utilization") == 0 || strcmp(name, "runtime_overhead_gib") == 0 ||
	     strcmp(name, "activation_bytes_per_token_hidden") == 0 ||
	     strcmp(name, "prefill_chunk_tokens") == 0))
		return 0;
	/* an engine with its own quantized kernels reads them at its own
	 * bandwidth share (engine_weight_only_native) */
	if (wo_native && !training && strncmp(name, "weight_only_", 12) == 0)
		return 0;
	/* the engine's step and batch cap replace these two (engine_* rows,
	 * which show the values used; they default to these) */
	if (strcmp(name, "decode_step_overhead_ms") == 0 || strcmp(name, "max_batch_sequences") == 0)
		return 0;
	if (strcmp(name, "memory_utilization") == 0 || strcmp(name, "runtime_overhead_gib") == 0 ||
	    strcmp(name, "tp_efficiency") == 0 || strcmp(name, "pp_efficiency") == 0)
		return 1;
	return training ? is_train : !is_train;
}

/* A requested concurrency that memory holds but the engine's cap on
 * sequences in flight does not: no step runs, so no bound is printed. */
int estimate_engine_capped(const struct sizing_inference_result *r)
{
	return !r->fits && r->concurrency > r->max_concurrency &&
	       r->concurrency <= r->memory_max_concurrency;
}

/* The share of one GPU a partition size (NV6ads_A10_v5: 1/6) has; 0 for
 * whole GPUs and slices. */
double estimate_partition_share(const struct estimate_report *e)
{
	return e->cap->kind == SIZING_CAP_FRACTION && e->cap->fraction > 0 && e->cap->fraction < 1
	       ? e->cap->fraction : 0;
}

/* The serving engine's own factors, as name/value pairs, with the static
 * share of memory its own rule gave (mfs, 0 when it has none). */
size_t estimate_engine_factors(const struct sizing_factors *f, enum sizing_engine e, double mfs,
			       const char **names, double *values)
{
	struct sizing_engine_factors ef = sizing_engine_factors_of(f, e);
	/* every factor, but the static share only under the engine's own memory
	 * rule, the cap per rank only for an engine with data-parallel
	 * attention, and the unvalidated flag, the costs per layer, the engine's own
	 * quantized kernels and static batches only where they are set */
	const struct {
		const char *name;
		double value;
		int shown;
	} row[] = {
		{ "engine_step_overhead_ms", ef.step_overhead_ms, 1 },
		{ "engine_step_per_sequence_us", ef.step_per_sequence_us, 1 },
		{ "engine_decode_bw_scale", ef.decode_bw_scale, 1 },
		{ "engine_decode_mfu_scale", ef.decode_mfu_scale, 1 },
		{ "engine_prefill_scale", ef.prefill_scale, 1 },
		{ "engine_max_batch_sequences", ef.max_batch_sequences, 1 },
		{ "engine_chunked_prefill", ef.chunked_prefill, 1 },
		{ "engine_step_overlaps", ef.step_overlaps, 1 },
		{ "engine_expert_parallel", ef.expert_parallel, 1 },
		{ "engine_dp_attention", ef.dp_attention, 1 },
		{ "engine_cap_per_dp_rank", ef.cap_per_dp_rank, ef.dp_attention > 0 },
		{ "engine_memory_rule", ef.memory_rule, 1 },
		{ "engine_mem_fraction_static", mfs, ef.memory_rule > 0 && mfs > 0 },
		{ "engine_unvalidated", ef.unvalidated, ef.unvalidated > 0 },
		{ "engine_layer_ms", ef.layer_ms, ef.layer_ms > 0 },
		{ "engine_weight_only_native", ef.weight_only_native, ef.weight_only_native > 0 },
		{ "engine_host_layer_ms", ef.host_layer_ms, ef.host_layer_ms > 0 },
		{ "engine_static_batches", ef.static_batches, ef.static_batches > 0 },
	};
	size_t k = 0;

	for (size_t i = 0; i < sizeof row / sizeof row[0]; i++)
		if (row[i].shown) {
			names[k] = row[i].name;
			values[k++] = row[i].value;
		}
	return k;
}

/* Whether the routed experts are sized in a precision of their own. */
int estimate_experts_differ(const struct sizing_model *m, enum sizing_precision w)
{
	return m->mixed_precision && m->expert_precision != w && sizing_routed_expert_params(m) > 0;
}

/* One line naming the architecture: "MoE 128 experts, 4 per token; window
 * 128 on 18 of 36 layers". */
void estimate_architecture_text(const struct sizing_model *m, char *buf, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	if (m->moe_experts > 0) {
		strbuf_addf(&sb, "MoE %d experts, %d per token", m->moe_experts, m->moe_active);
		if (m->moe_shared_experts > 0)
			strbuf_addf(&sb, " + %d shared", m->moe_shared_experts);
	}
	if (m->mla_kv_lora_rank > 0)
		strbuf_addf(&sb, "%sMLA latent %d + rope %d", sb.len ? "; " : "",
			    m->mla_kv_lora_rank, m->mla_qk_rope_head_dim);
	if (m->window_tokens > 0 && m->windowed_layers > 0)
		strbuf_addf(&sb, "%swindow %d on %d of %d layers", sb.len ? "; " : "",
			    m->window_tokens, m->windowed_layers, m->layers);
	if (m->mtp_params_b > 0)
		strbuf_addf(&sb, "%sMTP %.2f B params (memory only)", sb.len ? "; " : "",
			    m->mtp_params_b);
	snprintf(buf, len, "%s", strbuf_str(&sb));
	strbuf_release(&sb);
}
