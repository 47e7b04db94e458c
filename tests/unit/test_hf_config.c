/*
 * test_hf_config.c - Hugging Face config.json files (tests/fixtures/hf_config,
 * small hand-written copies of the families' configs) read into the same
 * shape as the bundled preset of the model, parameter counts against hand
 * arithmetic, the located errors for what the reader does not take, and the
 * KV sizes of the 2025-26 presets against the figures researched with them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "catalog.h"
#include "hf_config.h"
#include "sizing.h"

#define FIX "tests/fixtures/hf_config/"

/* Reads FIX file and the preset, and checks every shape field. */
static void same_shape(const char *file, const char *preset, struct model_preset *got)
{
	char err[HF_CONFIG_ERRLEN], cerr[CATALOG_ERRLEN];
	catalog *cat = NULL;
	struct model_preset p;

	if (hf_config_read(file, got, err, sizeof err) != 0)
		fail_msg("%s: %s", file, err);
	assert_int_equal(catalog_open_bundled(&cat, cerr), 0);
	assert_int_equal(catalog_preset_find(cat, preset, &p, cerr), 1);
	catalog_close(cat);
	assert_string_equal(got->kind, "llm");
	assert_int_equal(got->layers, p.layers);
	assert_int_equal(got->hidden, p.hidden);
	assert_int_equal(got->intermediate, p.intermediate);
	assert_int_equal(got->heads, p.heads);
	assert_int_equal(got->kv_heads, p.kv_heads);
	assert_int_equal(got->head_dim, p.head_dim);
	assert_int_equal(got->vocab, p.vocab);
	assert_int_equal(got->max_context, p.max_context);
	assert_int_equal(got->moe_experts, p.moe_experts);
	assert_int_equal(got->moe_active, p.moe_active);
	assert_int_equal(got->moe_shared_experts, p.moe_shared_experts);
	assert_int_equal(got->moe_intermediate, p.moe_intermediate);
	assert_int_equal(got->moe_layers, p.moe_layers);
	assert_int_equal(got->mla_kv_lora_rank, p.mla_kv_lora_rank);
	assert_int_equal(got->mla_qk_rope_head_dim, p.mla_qk_rope_head_dim);
	assert_int_equal(got->window_tokens, p.window_tokens);
	assert_int_equal(got->windowed_layers, p.windowed_layers);
	if (p.native_precision[0]) {
		assert_string_equal(got->native_precision, p.native_precision);
		assert_string_equal(got->native_expert_precision, p.native_expert_precision);
	}
	/* text-only models: the count equals the preset's (rounded to 1e-6 B) */
	if (strstr(preset, "gemma-3") == NULL && strstr(preset, "llama-4") == NULL &&
	    strstr(preset, "mistral-small") == NULL) {
		assert_true(fabs(got->params_b - p.params_b) < 1e-6);
		assert_true(fabs(got->active_params_b - p.active_params_b) < 1e-6);
	}
}

static void test_dense_families(void **state)
{
	struct model_preset m;

	(void)state;
	same_shape(FIX "llama-3.1-8b.json", "llama-3.1-8b", &m);
	assert_string_equal(m.name, "meta-llama/Llama-3.1-8B");
	/* 2·128256·4096 + 4096 + 32·(2·4096·4096 + 2·4096·1024 + 3·4096·14336 + 2·4096)
	 * = 1,050,673,152 + 4,096 + 32·218,112,000 = 8,030,261,248 */
	assert_true(fabs(m.params_b - 8.030261248) < 1e-12);
	same_shape(FIX "qwen2.5-7b.json", "qwen2.5-7b", &m);
	same_shape(FIX "qwen3-8b.json", "qwen3-8b", &m);
	same_shape(FIX "phi-4.json", "phi-4", &m);
	/* Gemma 2: every other layer of 42 slides (21), window 4096, tied;
	 * released in float32 (the preset does not say) */
	same_shape(FIX "gemma-2-9b.json", "gemma-2-9b", &m);
	assert_int_equal(m.tied_embeddings, 1);
	assert_string_equal(m.native_precision, "fp32");
	/* Mistral Small 3.1 (text_config of mistral3): text 23,572,403,200 =
	 * 2·131072·5120 + 5120 + 40·(5120·4096·2 + 2·5120·1024 + 3·5120·32768 + 2·5120) */
	same_shape(FIX "mistral-small-3.1-24b.json", "mistral-small-3.1-24b", &m);
	assert_true(fabs(m.params_b - 23.5724032) < 1e-9);
}

static void test_moe_families(void **state)
{
	struct model_preset m;

	(void)state;
	same_shape(FIX "mixtral-8x7b.json", "mixtral-8x7b", &m);
	same_shape(FIX "qwen3-30b-a3b.json", "qwen3-30b-a3b", &m);
	/* gpt-oss-120b: 36 × (26,550,144 attention with biases and sinks +
	 * 368,768 router + 128 × 24,891,840 experts + 5,760 norms) + 2·201088·2880
	 * + 2880 = 116,829,156,672; active = total − 124 × 24,891,840 × 36 =
	 * 5,711,982,912 */
	same_shape(FIX "gpt-oss-120b.json", "gpt-oss-120b", &m);
	assert_true(fabs(m.params_b - 116.829156672) < 1e-9);
	assert_true(fabs(m.active_params_b - 5.711982912) < 1e-9);
	assert_string_equal(m.native_expert_precision, "mxfp4");
	/* Llama 4 Scout text: 48 × (62,914,560 + 81,920 + 16 × 125,829,120 +
	 * 125,829,120 shared + 10,240) + 2·202048·5120 + 5120 = 107,769,861,120
	 * (the preset adds the vision tower); active = − 15 × 125,829,120 × 48 */
	same_shape(FIX "llama-4-scout.json", "llama-4-scout-17b-16e", &m);
	assert_true(fabs(m.params_b - 107.76986112) < 1e-9);
	assert_true(fabs(m.active_params_b - 17.17289472) < 1e-9);
}

static void test_mla_and_window_families(void **state)
{
	struct model_preset m;

	(void)state;
	/* DeepSeek-V3: 3 dense layers of 583,483,392 and 58 MoE layers of
	 * 11,507,286,272 + 1,853,365,248 embeddings, head and final norm =
	 * 671,026,419,200; MTP = one MoE layer + 3·7168 norms + 2·7168² eh_proj +
	 * its own embedding and head = 13,463,426,304 */
	same_shape(FIX "deepseek-v3.json", "deepseek-v3", &m);
	assert_true(fabs(m.params_b - 671.0264192) < 1e-9);
	assert_true(fabs(m.mtp_params_b - 13.463426304) < 1e-9);
	assert_string_equal(m.native_precision, "fp8-block");
	/* Gemma 3 27B text: 62 × (66,060,544 + 256 q/k norms + 346,816,512 +
	 * 4·5376) + 262208·5376 (tied) + 5376 = 27,009,346,304 */
	same_shape(FIX "gemma-3-27b.json", "gemma-3-27b", &m);
	assert_true(fabs(m.params_b - 27.009346304) < 1e-9);
}

/* The error of parsing text as FILE. */
static const char *parse_err(const char *text)
{
	static char err[HF_CONFIG_ERRLEN];
	struct model_preset m;

	assert_int_equal(hf_config_parse(text, strlen(text), "c.json", &m, err, sizeof err), -1);
	return err;
}

static void test_errors(void **state)
{
	(void)state;
	assert_string_equal(parse_err("{\n  \"model_type\": \"llama\",\n  \"hidden_size\": 4096,,\n}"),
			    "c.json:3:24: invalid JSON");
	assert_string_equal(parse_err("{\n  \"model_type\": \"mamba\"\n}"),
			    "c.json:2:3: model_type 'mamba' is not a family gpufit reads (llama, "
			    "mistral, mixtral, qwen2, qwen2_moe, qwen3, qwen3_moe, gemma2, gemma3, "
			    "deepseek_v2, deepseek_v3, kimi_k2, gpt_oss, llama4, phi3)");
	assert_string_equal(parse_err("{\"hidden_size\": 1}"),
			    "c.json:1:1: 'model_type' (a string) is missing: gpufit reads llama, "
			    "mistral, mixtral, qwen2, qwen2_moe, qwen3, qwen3_moe, gemma2, gemma3, "
			    "deepseek_v2, deepseek_v3, kimi_k2, gpt_oss, llama4, phi3");
	assert_string_equal(parse_err("{\"model_type\": \"llama\",\n \"num_hidden_layers\": 32}"),
			    "c.json:1:1: 'hidden_size' is missing: a config of this family needs it");
	assert_string_equal(parse_err("{\"model_type\": \"llama\", \"num_hidden_layers\": 32,\n"
				      "  \"hidden_size\": \"4096\"}"),
			    "c.json:2:3: 'hidden_size' must be a whole number from 1 to 1048576");
	assert_string_equal(parse_err("{\"model_type\": \"qwen3\", \"num_hidden_layers\": 2,\n"
				      " \"hidden_size\": 64, \"num_attention_heads\": 4,\n"
				      " \"num_key_value_heads\": 8}"),
			    "c.json:3:2: 'num_key_value_heads' must be a whole number from 1 to 4");
	assert_string_equal(parse_err("{\"model_type\": \"gemma3_text\", \"num_hidden_layers\": 2,"
				      " \"hidden_size\": 64, \"num_attention_heads\": 4,"
				      " \"intermediate_size\": 8, \"vocab_size\": 10,"
				      " \"sliding_window\": 16, \"max_position_embeddings\": 64,\n"
				      " \"layer_types\": [\"full_attention\", \"linear_attention\"]}"),
			    "c.json:2:2: layer type 'linear_attention' is not one gpufit sizes "
			    "(full_attention, sliding_attention)");
	assert_string_equal(parse_err("{\"model_type\": \"llama\", \"num_hidden_layers\": 2,"
				      " \"hidden_size\": 64, \"num_attention_heads\": 4,"
				      " \"intermediate_size\": 8, \"vocab_size\": 10,\n"
				      " \"quantization_config\": {\"quant_method\": \"bitsandbytes\"}}"),
			    "c.json:2:26: quant_method 'bitsandbytes' is not one gpufit sizes "
			    "(mxfp4, fp8, awq, gptq)");
	/* the inline shape rules (estimate --kv-heads, --hidden), at the key */
	assert_string_equal(parse_err("{\"model_type\": \"llama\", \"num_hidden_layers\": 2,"
				      " \"hidden_size\": 64, \"num_attention_heads\": 4,\n"
				      " \"intermediate_size\": 8, \"vocab_size\": 10,\n"
				      "  \"num_key_value_heads\": 3}"),
			    "c.json:3:3: 'num_key_value_heads' (3) must divide "
			    "'num_attention_heads' (4)");
	assert_string_equal(parse_err("{\"model_type\": \"llama\", \"num_hidden_layers\": 2,\n"
				      " \"hidden_size\": 65, \"num_attention_heads\": 4,"
				      " \"intermediate_size\": 8, \"vocab_size\": 10}"),
			    "c.json:2:2: 'hidden_size' (65) must be a multiple of "
			    "'num_attention_heads' (4)");
	/* with a head_dim, the heads need not split hidden_size */
	{
		struct model_preset m;
		char err[HF_CONFIG_ERRLEN];
		static const char ok[] =
			"{\"model_type\": \"llama\", \"num_hidden_layers\": 2, \"hidden_size\": 65,"
			" \"num_attention_heads\": 4, \"head_dim\": 16, \"intermediate_size\": 8,"
			" \"vocab_size\": 10}";

		assert_int_equal(hf_config_parse(ok, strlen(ok), "c.json", &m, err, sizeof err), 0);
	}
	assert_string_equal(parse_err("{\"model_type\": \"llama\"} x"),
			    "c.json:1:25: text after the JSON object");
	assert_string_equal(parse_err("[1]"), "c.json:1:1: a config.json is a JSON object");
	/* a control byte of the file never reaches the one-line message */
	assert_string_equal(parse_err("{\"model_type\": \"x\ny\"}"),
			    "c.json:1:2: model_type 'x?y' is not a family gpufit reads (llama, "
			    "mistral, mixtral, qwen2, qwen2_moe, qwen3, qwen3_moe, gemma2, gemma3, "
			    "deepseek_v2, deepseek_v3, kimi_k2, gpt_oss, llama4, phi3)");
	assert_string_equal(parse_err(""), "c.json:1:1: empty file");
}

/* The MoE layer rules of Qwen (decoder_sparse_step, mlp_only_layers) and of
 * DeepSeek V2 (no q_lora_rank: a plain q projection). */
static void test_moe_layer_rules(void **state)
{
	static const char qwen[] =
		"{\"model_type\": \"qwen2_moe\", \"num_hidden_layers\": 4, \"hidden_size\": 64,"
		" \"num_attention_heads\": 4, \"intermediate_size\": 128, \"vocab_size\": 100,"
		" \"num_experts\": 8, \"num_experts_per_tok\": 2, \"moe_intermediate_size\": 32,"
		" \"shared_expert_intermediate_size\": 96, \"decoder_sparse_step\": 2,"
		" \"mlp_only_layers\": [3], \"tie_word_embeddings\": true}";
	static const char ds2[] =
		"{\"model_type\": \"deepseek_v2\", \"num_hidden_layers\": 2, \"hidden_size\": 64,"
		" \"num_attention_heads\": 2, \"intermediate_size\": 128, \"vocab_size\": 100,"
		" \"n_routed_experts\": 4, \"num_experts_per_tok\": 1, \"moe_intermediate_size\": 16,"
		" \"n_shared_experts\": 2, \"first_k_dense_replace\": 1, \"kv_lora_rank\": 32,"
		" \"qk_rope_head_dim\": 8, \"qk_nope_head_dim\": 16, \"v_head_dim\": 16}";
	char err[HF_CONFIG_ERRLEN];
	struct model_preset m;

	(void)state;
	assert_int_equal(hf_config_parse(qwen, strlen(qwen), "q.json", &m, err, sizeof err), 0);
	/* layers 1 and 3 are MoE by the step, 3 is listed dense: one MoE layer.
	 * attention 64·64 + 2·64·64 + 64·64 + q/k/v biases 64 + 128 = 16,576;
	 * norms 128; dense FFN 3·64·128 = 24,576; MoE FFN: router 8·64 + 8 experts
	 * × 3·64·32 + shared 3·64·96 + gate 64 = 512 + 49,152 + 18,432 + 64 =
	 * 68,160; embeddings 6,400 (tied) + final norm 64:
	 * 6,464 + 3 × 41,280 + 84,864 = 215,168 */
	assert_int_equal(m.moe_layers, 1);
	assert_int_equal(m.moe_shared_experts, 1);
	assert_true(fabs(m.params_b * 1e9 - 215168) < 1e-3);
	/* active: − (8 − 2) × 6,144 = 178,304 */
	assert_true(fabs(m.active_params_b * 1e9 - 178304) < 1e-3);
	assert_int_equal(hf_config_parse(ds2, strlen(ds2), "d.json", &m, err, sizeof err), 0);
	/* MLA without q_lora: q 64·2·24 = 3,072; kv_a 64·40 + norm 32 = 2,592;
	 * kv_b 32·2·32 = 2,048; o 2·16·64 = 2,048: 9,760.  Layer 0 dense
	 * 9,760 + 24,576 + 128 = 34,464; layer 1 MoE: router 256, 4 experts ×
	 * 3,072, shared 2 × 3,072 = 18,688 + 9,760 + 128 = 28,576; embeddings
	 * 12,800 + 64: 75,904 */
	assert_int_equal(m.moe_layers, 1);
	assert_int_equal(m.mla_kv_lora_rank, 32);
	assert_int_equal(m.head_dim, 24);
	assert_true(fabs(m.params_b * 1e9 - 75904) < 1e-3);
	assert_string_equal(parse_err("{\"model_type\": \"qwen3_moe\", \"num_hidden_layers\": 2,"
				      " \"hidden_size\": 64, \"num_attention_heads\": 4,"
				      " \"intermediate_size\": 8, \"vocab_size\": 10, \"num_experts\": 4,"
				      " \"num_experts_per_tok\": 1, \"moe_intermediate_size\": 8,\n"
				      " \"mlp_only_layers\": [0.5]}"),
			    "c.json:2:2: 'mlp_only_layers' must be a list of layer numbers");
}

static void test_read_errors(void **state)
{
	char err[HF_CONFIG_ERRLEN];
	struct model_preset m;

	(void)state;
	assert_int_equal(hf_config_read(FIX "no-such.json", &m, err, sizeof err), -1);
	assert_string_equal(err, FIX "no-such.json: cannot open: no such file or directory");
}

/* The preset and the config give the same sizing. */
static void test_same_sizing(void **state)
{
	char err[HF_CONFIG_ERRLEN];
	struct model_preset p;
	struct sizing_model m;
	enum sizing_precision w;

	(void)state;
	assert_int_equal(hf_config_read(FIX "gpt-oss-120b.json", &p, err, sizeof err), 0);
	sizing_model_from_preset(&p, &m);
	assert_int_equal(sizing_model_native(&m, &w, err), 0);
	assert_int_equal(w, SIZING_BF16);
	/* 114,661,785,600 MXFP4 expert weights × 0.53125 = 60,914,073,600 and
	 * 2,167,371,072 BF16 (attention, router, biases, embeddings) × 2 =
	 * 4,334,742,144: 65,248,815,744 B (65.2 GB) */
	assert_true(fabs(sizing_weight_bytes_model(&m, w) - 65248815744.0) < 1.0);
}

/*
 * The KV columns of the research behind the 2025-26 presets (bytes at 16-bit,
 * computed there from the configs: every layer per token, growth per token
 * once the windows are full, the windowed layers' cap per sequence), against
 * what the sizing model makes of each bundled preset.
 */
static const struct {
	const char *name;
	double all_layers, growth, window_cap;
} kv_facts[] = {
	{ "gpt-oss-120b", 73728, 36864, 4718592 },
	{ "gpt-oss-20b", 49152, 24576, 3145728 },
	{ "llama-4-scout-17b-16e", 196608, 49152, 1207959552 },
	{ "llama-4-maverick-17b-128e", 196608, 49152, 1207959552 },
	{ "qwen3-0.6b", 114688, 114688, 0 },
	{ "qwen3-1.7b", 114688, 114688, 0 },
	{ "qwen3-4b", 147456, 147456, 0 },
	{ "qwen3-8b", 147456, 147456, 0 },
	{ "qwen3-14b", 163840, 163840, 0 },
	{ "qwen3-32b", 262144, 262144, 0 },
	{ "qwen3-30b-a3b", 98304, 98304, 0 },
	{ "qwen3-235b-a22b", 192512, 192512, 0 },
	{ "qwen3-coder-480b-a35b", 253952, 253952, 0 },
	{ "deepseek-v3", 70272, 70272, 0 },
	{ "deepseek-r1", 70272, 70272, 0 },
	{ "kimi-k2", 70272, 70272, 0 },
	{ "glm-4.5", 376832, 376832, 0 },
	{ "glm-4.5-air", 188416, 188416, 0 },
	{ "glm-4.7", 376832, 376832, 0 },
	{ "gemma-3-1b", 26624, 4096, 11534336 },
	{ "gemma-3-4b", 139264, 20480, 121634816 },
	{ "gemma-3-12b", 393216, 65536, 335544320 },
	{ "gemma-3-27b", 507904, 81920, 436207616 },
	{ "mistral-small-3.1-24b", 163840, 163840, 0 },
	{ "mistral-large-2-123b", 360448, 360448, 0 },
	{ "phi-4", 204800, 204800, 0 },
	{ "phi-4-mini", 131072, 131072, 0 },
	{ "deepseek-r1-distill-llama-8b", 131072, 131072, 0 },
	{ "deepseek-r1-distill-llama-70b", 327680, 327680, 0 },
	{ "deepseek-r1-distill-qwen-32b", 262144, 262144, 0 },
	{ "qwen2.5-vl-7b", 57344, 57344, 0 },
	{ "qwen2.5-vl-72b", 327680, 327680, 0 },
};

static void test_presets_kv(void **state)
{
	char cerr[CATALOG_ERRLEN];
	catalog *cat = NULL;

	(void)state;
	assert_int_equal(catalog_open_bundled(&cat, cerr), 0);
	for (size_t i = 0; i < sizeof kv_facts / sizeof kv_facts[0]; i++) {
		struct model_preset p;
		struct sizing_model m;
		double S = 1e6, at_s, grow;

		if (catalog_preset_find(cat, kv_facts[i].name, &p, cerr) != 1)
			fail_msg("preset %s missing", kv_facts[i].name);
		sizing_model_from_preset(&p, &m);
		at_s = sizing_kv_bytes_per_sequence(&m, SIZING_FP16, S, 1);
		grow = sizing_kv_bytes_per_sequence(&m, SIZING_FP16, S + 1, 1) - at_s;
		if (fabs(sizing_kv_bytes_per_token(&m, SIZING_FP16) - kv_facts[i].all_layers) > 1e-6 ||
		    fabs(grow - kv_facts[i].growth) > 1e-3 ||
		    fabs(at_s - S * kv_facts[i].growth - kv_facts[i].window_cap) > 1e-3)
			fail_msg("%s: KV %.0f / %.0f / %.0f, want %.0f / %.0f / %.0f", kv_facts[i].name,
				 sizing_kv_bytes_per_token(&m, SIZING_FP16), grow,
				 at_s - S * kv_facts[i].growth, kv_facts[i].all_layers,
				 kv_facts[i].growth, kv_facts[i].window_cap);
	}
	catalog_close(cat);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dense_families),
		cmocka_unit_test(test_moe_families),
		cmocka_unit_test(test_mla_and_window_families),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_moe_layer_rules),
		cmocka_unit_test(test_read_errors),
		cmocka_unit_test(test_same_sizing),
		cmocka_unit_test(test_presets_kv),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
