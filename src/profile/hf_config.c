/*
 * hf_config.c - a Hugging Face config.json read into a sizing model (see
 * hf_config.h).
 *
 * Parameter counts follow the layer formulas of docs/sizing.md
 * ("Hugging Face configs"): embeddings, attention (GQA with the family's
 * biases and q/k norms, or MLA), dense SwiGLU or mixture-of-experts FFNs
 * (router, routed and shared experts), norms.  Errors point at the key
 * they are about: cJSON keeps no positions, so the key is found again in
 * the text.
 */
#include "hf_config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "json_read.h"
#include "sizing.h"
#include "util.h"

/* The families read, by the model_type of the text config. */
enum family {
	FAM_LLAMA,
	FAM_MISTRAL,
	FAM_MIXTRAL,
	FAM_QWEN2,
	FAM_QWEN2_MOE,
	FAM_QWEN3,
	FAM_QWEN3_MOE,
	FAM_GEMMA2,
	FAM_GEMMA3,
	FAM_DEEPSEEK,
	FAM_GPT_OSS,
	FAM_LLAMA4,
	FAM_PHI3
};

static const struct {
	const char *type;
	enum family fam;
} families[] = {
	{ "llama", FAM_LLAMA },         { "mistral", FAM_MISTRAL },
	{ "mixtral", FAM_MIXTRAL },     { "qwen2", FAM_QWEN2 },
	{ "qwen2_5_vl", FAM_QWEN2 },    { "qwen2_5_vl_text", FAM_QWEN2 },
	{ "qwen2_moe", FAM_QWEN2_MOE }, { "qwen3", FAM_QWEN3 },
	{ "qwen3_moe", FAM_QWEN3_MOE }, { "gemma2", FAM_GEMMA2 },
	{ "gemma3", FAM_GEMMA3 },       { "gemma3_text", FAM_GEMMA3 },
	{ "deepseek_v2", FAM_DEEPSEEK }, { "deepseek_v3", FAM_DEEPSEEK },
	{ "kimi_k2", FAM_DEEPSEEK },    { "gpt_oss", FAM_GPT_OSS },
	{ "llama4", FAM_LLAMA4 },       { "llama4_text", FAM_LLAMA4 },
	{ "phi3", FAM_PHI3 },
};

#define NFAMILIES (sizeof families / sizeof families[0])

/* The wrappers whose text_config holds the shape, and the family of a
 * text_config without its own model_type. */
static const struct {
	const char *type, *text;
} wrappers[] = {
	{ "mistral3", "mistral" }, { "llama4", "llama4_text" }, { "gemma3", "gemma3_text" },
	{ "qwen2_5_vl", "qwen2_5_vl_text" },
};

struct hf {
	struct text_at t;      /* the file */
	size_t cfg_at;         /* offset of the text config object in text */
	const cJSON *cfg;      /* the text config (root or text_config) */
	const cJSON *root;
};

/* Line and column (from 1, columns in bytes) of offset off. */
/* Offset of the key "key" (followed by a colon) at or after from, or of the
 * first such key anywhere, or from when there is none. */
static size_t key_offset(const struct hf *h, const char *key, size_t from)
{
	size_t kl = strlen(key);

	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = pass ? 0 : from; i + kl + 2 <= h->t.len; i++) {
			size_t j;

			if (h->t.text[i] != '"' || memcmp(h->t.text + i + 1, key, kl) != 0 ||
			    h->t.text[i + 1 + kl] != '"')
				continue;
			j = i + kl + 2;
			while (j < h->t.len && (h->t.text[j] == ' ' || h->t.text[j] == '\t' ||
					      h->t.text[j] == '\r' || h->t.text[j] == '\n'))
				j++;
			if (j < h->t.len && h->t.text[j] == ':')
				return i;
		}
	}
	return from;
}

/* A config's string as quoted in a one-line message: control bytes as '?',
 * at most 40 bytes and "...". */
static const char *shown(const char *in, char *out, size_t n)
{
	size_t o = 0;

	for (const char *p = in; *p && o + 4 < n; p++) {
		if (o == 40) {
			memcpy(out + o, "...", 3);
			o += 3;
			break;
		}
		out[o++] = (unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p;
	}
	out[o] = '\0';
	return out;
}

#define fail_at(h, ...) text_fail_at(&(h)->t, __VA_ARGS__)

/* An error about key of the text config. */
#define fail_key(h, key, ...) fail_at((h), key_offset((h), (key), (h)->cfg_at), __VA_ARGS__)

static const cJSON *item(const struct hf *h, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(h->cfg, key);

	return v && !cJSON_IsNull(v) ? v : NULL;
}

/*
 * A whole number field from min to max: 0 and *out set (def when absent and
 * not required), -1 with the error.
 */
static int get_int(const struct hf *h, const char *key, long min, long max, int required,
		   long def, long *out)
{
	const cJSON *v = item(h, key);
	double d;

	if (!v) {
		if (required)
			return fail_at(h, h->cfg_at, "'%s' is missing: a config of this family "
				       "needs it", key);
		*out = def;
		return 0;
	}
	d = cJSON_IsNumber(v) ? v->valuedouble : NAN;
	if (!(d >= (double)min && d <= (double)max) || d != floor(d))
		return fail_key(h, key, "'%s' must be a whole number from %ld to %ld", key, min,
				max);
	*out = (long)d;
	return 0;
}

/* A true/false field (def when absent). */
static int get_bool(const struct hf *h, const char *key, int def, int *out)
{
	const cJSON *v = item(h, key);

	if (!v) {
		*out = def;
		return 0;
	}
	if (!cJSON_IsBool(v))
		return fail_key(h, key, "'%s' must be true or false", key);
	*out = cJSON_IsTrue(v);
	return 0;
}

/* The shape read, before the counts. */
struct shape {
	enum family fam;
	long L, h, H, K, d, I, V, ctx;
	int tied, qkv_bias, attn_bias;
	/* mixture of experts */
	long E, k, I_moe, shared, I_shared, moe_layers;
	int router_bias, shared_gate;
	long I_dense;          /* dense layers' FFN width in a MoE model */
	/* MLA */
	long q_lora, kv_lora, rope, nope, v_dim, mtp;
	/* windows */
	long window, windowed;
};

/* Counts layer_types entries of one kind; -1 on an entry it does not read. */
static int layer_types(const struct hf *h, const cJSON *lt, long *sliding)
{
	const cJSON *e;

	*sliding = 0;
	if (!cJSON_IsArray(lt))
		return fail_key(h, "layer_types", "'layer_types' must be a list of "
				"\"full_attention\" / \"sliding_attention\"");
	cJSON_ArrayForEach(e, lt)
	{
		char buf[48];

		if (cJSON_IsString(e) && strcmp(e->valuestring, "sliding_attention") == 0)
			(*sliding)++;
		else if (!cJSON_IsString(e) || (strcmp(e->valuestring, "full_attention") != 0 &&
						 strcmp(e->valuestring, "chunked_attention") != 0))
			return fail_key(h, "layer_types", "layer type %s%s%s is not one gpufit "
					"sizes (full_attention, sliding_attention)",
					cJSON_IsString(e) ? "'" : "",
					cJSON_IsString(e) ? shown(e->valuestring, buf, sizeof buf)
							  : "(not a string)",
					cJSON_IsString(e) ? "'" : "");
	}
	return 0;
}

static int read_window(const struct hf *h, struct shape *s)
{
	const cJSON *lt = item(h, "layer_types");
	long w = 0, n = 0, pattern;
	int use = 1;

	if (s->fam == FAM_LLAMA4) {
		const cJSON *nr = item(h, "no_rope_layers"), *e;

		if (get_int(h, "attention_chunk_size", 1, 1L << 30, 0, 0, &w))
			return -1;
		if (!w)
			return 0;
		if (nr) {
			if (!cJSON_IsArray(nr))
				return fail_key(h, "no_rope_layers", "'no_rope_layers' must be a "
						"list of 0 and 1");
			cJSON_ArrayForEach(e, nr)
			{
				if (!cJSON_IsNumber(e) || (e->valuedouble != 0 && e->valuedouble != 1))
					return fail_key(h, "no_rope_layers", "'no_rope_layers' "
							"must be a list of 0 and 1");
				n += e->valuedouble == 1;
			}
		} else {
			if (get_int(h, "no_rope_layer_interval", 1, 1 << 20, 0, 4, &pattern))
				return -1;
			n = s->L - s->L / pattern;
		}
		s->window = w;
		s->windowed = n < s->L ? n : s->L;
		return 0;
	}
	if (get_bool(h, "use_sliding_window", 1, &use))
		return -1;
	if (get_int(h, "sliding_window", 1, 1L << 30, 0, 0, &w))
		return -1;
	if (!use || !w || w >= s->ctx)
		return 0;
	if (lt) {
		if (layer_types(h, lt, &n))
			return -1;
	} else if (s->fam == FAM_GEMMA2) {
		n = (s->L + 1) / 2; /* layers 0, 2, 4, ... slide */
	} else if (s->fam == FAM_GEMMA3) {
		if (get_int(h, "sliding_window_pattern", 1, 1 << 20, 0, 6, &pattern))
			return -1;
		n = s->L - s->L / pattern; /* layer i is global iff (i + 1) % pattern == 0 */
	} else if (s->fam == FAM_MISTRAL || s->fam == FAM_MIXTRAL || s->fam == FAM_PHI3) {
		n = s->L;
	} else {
		return 0;
	}
	s->window = w;
	s->windowed = n < s->L ? n : s->L;
	return 0;
}

/* The MoE fields of each family. */
static int read_moe(const struct hf *h, struct shape *s)
{
	long step = 1, first = 0, freq = 1;
	const cJSON *only;

	s->I_dense = s->I;
	switch (s->fam) {
	case FAM_MIXTRAL:
	case FAM_GPT_OSS:
		if (get_int(h, "num_local_experts", 2, 1 << 16, 1, 0, &s->E))
			return -1;
		if (item(h, "num_experts_per_tok")) {
			if (get_int(h, "num_experts_per_tok", 1, s->E - 1, 1, 0, &s->k))
				return -1;
		} else if (get_int(h, "experts_per_token", 1, s->E - 1, 1, 0, &s->k)) {
			return -1;
		}
		s->I_moe = s->I;
		s->moe_layers = s->L;
		s->router_bias = s->fam == FAM_GPT_OSS;
		return 0;
	case FAM_LLAMA4:
		if (get_int(h, "num_local_experts", 2, 1 << 16, 1, 0, &s->E) ||
		    get_int(h, "num_experts_per_tok", 1, s->E - 1, 0, 1, &s->k) ||
		    get_int(h, "interleave_moe_layer_step", 1, 1 << 20, 0, 1, &step) ||
		    get_int(h, "intermediate_size_mlp", 1, 1L << 30, 0, s->I, &s->I_dense))
			return -1;
		s->I_moe = s->I_shared = s->I;
		s->shared = 1;
		s->moe_layers = s->L / step;
		return 0;
	case FAM_QWEN2_MOE:
	case FAM_QWEN3_MOE:
		if (get_int(h, "num_experts", 2, 1 << 16, 1, 0, &s->E) ||
		    get_int(h, "num_experts_per_tok", 1, s->E - 1, 1, 0, &s->k) ||
		    get_int(h, "moe_intermediate_size", 1, 1L << 30, 1, 0, &s->I_moe) ||
		    get_int(h, "decoder_sparse_step", 1, 1 << 20, 0, 1, &step))
			return -1;
		if (s->fam == FAM_QWEN2_MOE) {
			if (get_int(h, "shared_expert_intermediate_size", 0, 1L << 30, 0, 0,
				    &s->I_shared))
				return -1;
			s->shared = s->I_shared > 0;
			s->shared_gate = s->shared;
		}
		only = item(h, "mlp_only_layers");
		if (only && !cJSON_IsArray(only))
			return fail_key(h, "mlp_only_layers", "'mlp_only_layers' must be a list of "
					"layer numbers");
		{
			/* a layer is MoE every decoder_sparse_step layers unless listed */
			unsigned char *dense = calloc((size_t)s->L, 1);
			const cJSON *e;

			if (!dense)
				return fail_at(h, h->cfg_at, "out of memory");
			cJSON_ArrayForEach(e, only)
			{
				double d = cJSON_IsNumber(e) ? e->valuedouble : -1;

				if (!(d >= 0) || d != floor(d)) {
					free(dense);
					return fail_key(h, "mlp_only_layers", "'mlp_only_layers' "
							"must be a list of layer numbers");
				}
				if (d < (double)s->L)
					dense[(long)d] = 1;
			}
			for (long i = 0; i < s->L; i++)
				s->moe_layers += !dense[i] && (i + 1) % step == 0;
			free(dense);
		}
		return 0;
	case FAM_DEEPSEEK: {
		const cJSON *tm;

		if (get_int(h, "n_routed_experts", 2, 1 << 16, 1, 0, &s->E) ||
		    get_int(h, "num_experts_per_tok", 1, s->E - 1, 1, 0, &s->k) ||
		    get_int(h, "moe_intermediate_size", 1, 1L << 30, 1, 0, &s->I_moe) ||
		    get_int(h, "n_shared_experts", 0, 1 << 10, 0, 0, &s->shared) ||
		    get_int(h, "first_k_dense_replace", 0, s->L, 0, 0, &first) ||
		    get_int(h, "moe_layer_freq", 1, 1 << 20, 0, 1, &freq))
			return -1;
		s->I_shared = s->I_moe;
		for (long i = first; i < s->L; i++)
			s->moe_layers += i % freq == 0;
		tm = item(h, "topk_method");
		s->router_bias = tm && cJSON_IsString(tm) && strcmp(tm->valuestring, "noaux_tc") == 0;
		return 0;
	}
	default:
		return 0;
	}
}

static int read_mla(const struct hf *h, struct shape *s)
{
	if (s->fam != FAM_DEEPSEEK)
		return 0;
	if (get_int(h, "q_lora_rank", 1, 1L << 24, 0, 0, &s->q_lora) ||
	    get_int(h, "kv_lora_rank", 1, 1L << 24, 1, 0, &s->kv_lora) ||
	    get_int(h, "qk_rope_head_dim", 1, 1L << 20, 1, 0, &s->rope) ||
	    get_int(h, "qk_nope_head_dim", 1, 1L << 20, 1, 0, &s->nope) ||
	    get_int(h, "v_head_dim", 1, 1L << 20, 1, 0, &s->v_dim) ||
	    get_int(h, "num_nextn_predict_layers", 0, 1 << 10, 0, 0, &s->mtp))
		return -1;
	s->d = s->nope + s->rope;
	return 0;
}

/* Attention parameters of one layer. */
static double attention_params(const struct shape *s)
{
	double h = (double)s->h, H = (double)s->H, K = (double)s->K, d = (double)s->d, a;

	if (s->kv_lora > 0) {
		double qd = (double)(s->nope + s->rope);

		a = s->q_lora > 0 ? h * s->q_lora + s->q_lora + (double)s->q_lora * H * qd
				  : h * H * qd;
		a += h * (double)(s->kv_lora + s->rope) + s->kv_lora +
		     (double)s->kv_lora * H * (double)(s->nope + s->v_dim);
		return a + H * (double)s->v_dim * h;
	}
	a = h * H * d + 2.0 * h * K * d + H * d * h;
	if (s->qkv_bias)
		a += H * d + 2.0 * K * d;
	if (s->attn_bias)
		a += H * d + 2.0 * K * d + h;
	if (s->fam == FAM_GPT_OSS)
		a += H; /* one learned sink per head */
	if (s->fam == FAM_QWEN3 || s->fam == FAM_QWEN3_MOE || s->fam == FAM_GEMMA3)
		a += 2.0 * d; /* per-head q and k RMSNorm */
	return a;
}

/* One routed expert (SwiGLU, gpt-oss with biases). */
static double expert_params(const struct shape *s)
{
	double e = 3.0 * (double)s->h * (double)s->I_moe;

	if (s->fam == FAM_GPT_OSS)
		e += 2.0 * (double)s->I_moe + (double)s->h;
	return e;
}

/* One MoE layer's FFN: router, routed and shared experts. */
static double moe_params(const struct shape *s)
{
	double h = (double)s->h, E = (double)s->E;

	return E * h + (s->router_bias ? E : 0) + E * expert_params(s) +
	       (double)s->shared * 3.0 * h * (double)s->I_shared + (s->shared_gate ? h : 0);
}

static double norm_params(const struct shape *s)
{
	return (s->fam == FAM_GEMMA2 || s->fam == FAM_GEMMA3 ? 4.0 : 2.0) * (double)s->h;
}

static void count(const struct shape *s, struct model_preset *m)
{
	double h = (double)s->h, V = (double)s->V;
	double emb = V * h * (s->tied ? 1 : 2);
	double attn = attention_params(s), norms = norm_params(s);
	double dense_ffn = 3.0 * h * (double)s->I_dense;
	double total, layer_moe = attn + moe_params(s) + norms;
	long dense_layers = s->L - s->moe_layers;

	total = emb + h + (double)dense_layers * (attn + dense_ffn + norms) +
		(double)s->moe_layers * layer_moe;
	m->params_b = total / 1e9;
	m->active_params_b =
		(total - (double)(s->E - s->k) * expert_params(s) * (double)s->moe_layers) / 1e9;
	if (s->mtp > 0) /* each MTP module: a MoE layer, two norms, eh_proj, head norm, embed + head */
		m->mtp_params_b = (double)s->mtp * (layer_moe + 3.0 * h + 2.0 * h * h + 2.0 * V * h) /
				  1e9;
}

/* The precision the weights are released in: torch_dtype, and a
 * quantization_config when there is one. */
static int read_precision(const struct hf *h, struct model_preset *m)
{
	const cJSON *dt = cJSON_GetObjectItemCaseSensitive(h->root, "torch_dtype");
	const cJSON *q = cJSON_GetObjectItemCaseSensitive(h->root, "quantization_config");
	const char *dkey = "torch_dtype";
	enum sizing_precision dense = SIZING_BF16, experts = SIZING_BF16;
	int known = 0;

	if (!dt || cJSON_IsNull(dt)) {
		dt = cJSON_GetObjectItemCaseSensitive(h->root, "dtype");
		dkey = "dtype";
	}
	if (!dt || cJSON_IsNull(dt)) {
		dt = item(h, "torch_dtype");
		dkey = "torch_dtype";
	}
	if (dt && !cJSON_IsNull(dt)) {
		const char *v = cJSON_IsString(dt) ? dt->valuestring : "";

		if (strcmp(v, "bfloat16") == 0)
			dense = SIZING_BF16;
		else if (strcmp(v, "float16") == 0)
			dense = SIZING_FP16;
		else if (strcmp(v, "float32") == 0)
			dense = SIZING_FP32;
		else
			return fail_at(h, key_offset(h, dkey, 0), "'%s' must be \"bfloat16\", "
				       "\"float16\" or \"float32\"", dkey);
		known = 1;
		experts = dense;
	}
	if (q && !cJSON_IsNull(q)) {
		const cJSON *qm = cJSON_GetObjectItemCaseSensitive(q, "quant_method");
		const cJSON *bits = cJSON_GetObjectItemCaseSensitive(q, "bits");
		const char *v = cJSON_IsString(qm) ? qm->valuestring : NULL;
		size_t at = key_offset(h, "quant_method", key_offset(h, "quantization_config", 0));

		if (!v)
			return fail_at(h, key_offset(h, "quantization_config", 0),
				       "'quantization_config' has no 'quant_method'");
		known = 1;
		if (strcmp(v, "mxfp4") == 0) {
			experts = SIZING_MXFP4;
		} else if (strcmp(v, "fp8") == 0) {
			const cJSON *bs = cJSON_GetObjectItemCaseSensitive(q, "weight_block_size");

			dense = experts =
				cJSON_IsArray(bs) ? SIZING_FP8_BLOCK : SIZING_FP8;
		} else if (strcmp(v, "awq") == 0 || strcmp(v, "gptq") == 0) {
			double b = cJSON_IsNumber(bits) ? bits->valuedouble : 0;

			if (b != 4 && b != 8)
				return fail_at(h, at, "quantization_config: %s with %s bits is not "
					       "sized (4 or 8)", v, cJSON_IsNumber(bits) ? "those"
												    : "no");
			dense = experts =
				b == 4 ? SIZING_INT4 : SIZING_INT8;
		} else {
		{
			char buf[48];

			return fail_at(h, at, "quant_method '%s' is not one gpufit sizes (mxfp4, fp8, "
				       "awq, gptq)", shown(v, buf, sizeof buf));
		}
		}
	}
	if (known) {
		snprintf(m->native_precision, sizeof m->native_precision, "%s",
			 sizing_precision_name(dense));
		if (experts != dense)
			snprintf(m->native_expert_precision, sizeof m->native_expert_precision,
				 "%s", sizing_precision_name(experts));
	}
	return 0;
}

static const char *family_list =
	"llama, mistral, mixtral, qwen2, qwen2_moe, qwen3, qwen3_moe, gemma2, gemma3, "
	"deepseek_v2, deepseek_v3, kimi_k2, gpt_oss, llama4, phi3";

/* The name: _name_or_path, else the file's base name without .json. */
static void model_name(const struct hf *h, struct model_preset *m)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(h->root, "_name_or_path");
	const char *base = strrchr(h->t.path, '/');
	size_t len;

	if (cJSON_IsString(n) && n->valuestring[0]) {
		snprintf(m->name, sizeof m->name, "%s", n->valuestring);
		return;
	}
	base = base ? base + 1 : h->t.path;
	len = strlen(base);
	if (len > 5 && strcmp(base + len - 5, ".json") == 0)
		len -= 5;
	snprintf(m->name, sizeof m->name, "%.*s", (int)len, base);
}

/* Control bytes of a name read from the file print as '?'. */
static void clean_name(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

static int parse_doc(struct hf *h, struct model_preset *out)
{
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(h->root, "model_type");
	const cJSON *tc = cJSON_GetObjectItemCaseSensitive(h->root, "text_config");
	const char *type = cJSON_IsString(mt) ? mt->valuestring : NULL;
	struct shape s;
	struct model_preset m;
	size_t f;

	memset(&s, 0, sizeof s);
	memset(&m, 0, sizeof m);
	if (!cJSON_IsObject(h->root))
		return fail_at(h, 0, "a config.json is a JSON object");
	if (!type)
		return fail_at(h, key_offset(h, "model_type", 0),
			       "'model_type' (a string) is missing: gpufit reads %s", family_list);
	h->cfg = h->root;
	if (cJSON_IsObject(tc)) {
		const cJSON *tt = cJSON_GetObjectItemCaseSensitive(tc, "model_type");

		h->cfg = tc;
		h->cfg_at = key_offset(h, "text_config", 0);
		if (cJSON_IsString(tt)) {
			type = tt->valuestring;
		} else {
			for (size_t i = 0; i < sizeof wrappers / sizeof wrappers[0]; i++)
				if (strcmp(type, wrappers[i].type) == 0)
					type = wrappers[i].text;
		}
	}
	for (f = 0; f < NFAMILIES; f++)
		if (strcmp(type, families[f].type) == 0)
			break;
	if (f == NFAMILIES) {
		char buf[48];

		return fail_key(h, "model_type", "model_type '%s' is not a family gpufit reads "
				"(%s)", shown(type, buf, sizeof buf), family_list);
	}
	s.fam = families[f].fam;

	if (get_int(h, "num_hidden_layers", 1, 1 << 16, 1, 0, &s.L) ||
	    get_int(h, "hidden_size", 1, 1L << 20, 1, 0, &s.h) ||
	    get_int(h, "num_attention_heads", 1, 1 << 16, 1, 0, &s.H) ||
	    get_int(h, "num_key_value_heads", 1, s.H, 0, s.H, &s.K) ||
	    get_int(h, "head_dim", 1, 1 << 16, 0, s.H > 0 ? s.h / s.H : 0, &s.d) ||
	    get_int(h, "intermediate_size", 1, 1L << 30, 1, 0, &s.I) ||
	    get_int(h, "vocab_size", 1, 1L << 30, 1, 0, &s.V) ||
	    get_int(h, "max_position_embeddings", 1, 1L << 31, 0, 0, &s.ctx) ||
	    get_bool(h, "tie_word_embeddings",
		     s.fam == FAM_GEMMA2 || s.fam == FAM_GEMMA3, &s.tied) ||
	    get_bool(h, "attention_bias", 0, &s.attn_bias))
		return -1;
	/* the shape rules of the inline model (estimate --kv-heads, --hidden):
	 * key/value heads are shared by equal groups of query heads, and
	 * without a head_dim the heads split hidden_size evenly */
	if (s.K < 1 || s.H < 1 || s.H % s.K)
		return fail_key(h, "num_key_value_heads", "'num_key_value_heads' (%ld) must divide "
				"'num_attention_heads' (%ld)", s.K, s.H);
	if (!item(h, "head_dim") && s.h % s.H)
		return fail_key(h, "hidden_size", "'hidden_size' (%ld) must be a multiple of "
				"'num_attention_heads' (%ld)", s.h, s.H);
	if (s.d <= 0)
		return fail_key(h, "num_attention_heads", "'num_attention_heads' is larger than "
				"'hidden_size': give 'head_dim'");
	if (!item(h, "tie_word_embeddings") && h->cfg != h->root) {
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(h->root, "tie_word_embeddings");

		if (cJSON_IsBool(t))
			s.tied = cJSON_IsTrue(t);
	}
	/* Qwen2 always has q/k/v biases; attention_bias means q/k/v/o biases */
	s.qkv_bias = s.fam == FAM_QWEN2 || s.fam == FAM_QWEN2_MOE;
	if (s.qkv_bias)
		s.attn_bias = 0;
	if (s.fam == FAM_GEMMA3 && !item(h, "max_position_embeddings"))
		s.ctx = 131072;
	if (read_mla(h, &s) || read_moe(h, &s) || read_window(h, &s) || read_precision(h, &m))
		return -1;

	model_name(h, &m);
	clean_name(m.name);
	snprintf(m.kind, sizeof m.kind, "llm");
	m.max_context = s.ctx <= 0x7fffffff ? (int)s.ctx : 0x7fffffff;
	m.layers = (int)s.L;
	m.hidden = (int)s.h;
	m.intermediate = (int)s.I; /* as the config gives it (the preset convention) */
	m.heads = (int)s.H;
	m.kv_heads = (int)s.K;
	m.head_dim = (int)s.d;
	m.vocab = (int)s.V;
	m.moe_experts = (int)s.E;
	m.moe_active = (int)s.k;
	m.moe_shared_experts = (int)s.shared;
	m.moe_intermediate = (int)s.I_moe;
	m.moe_layers = (int)s.moe_layers;
	m.mla_kv_lora_rank = (int)s.kv_lora;
	m.mla_qk_rope_head_dim = s.kv_lora > 0 ? (int)s.rope : 0;
	m.window_tokens = (int)s.window;
	m.windowed_layers = (int)s.windowed;
	m.tied_embeddings = s.tied;
	count(&s, &m);
	*out = m;
	return 0;
}

int hf_config_parse(const char *text, size_t len, const char *path, struct model_preset *out,
		    char *err, size_t errlen)
{
	struct hf h = { .t = { text, len, path, err, errlen } };
	const char *end = NULL;
	cJSON *doc;
	int rc;

	if (!err || errlen == 0)
		return -1;
	err[0] = '\0';
	if (len == 0)
		return fail_at(&h, 0, "empty file");
	if (memchr(text, '\0', len))
		return fail_at(&h, (size_t)((const char *)memchr(text, '\0', len) - text),
			       "a NUL byte in a config.json");
	doc = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	if (!doc) {
		const char *at = cJSON_GetErrorPtr();
		size_t off = at && at >= text && at <= text + len ? (size_t)(at - text) : 0;

		if (util_json_depth_at(text, off) >= CJSON_NESTING_LIMIT)
			return fail_at(&h, off, "JSON nested deeper than %d levels",
				       CJSON_NESTING_LIMIT);
		return fail_at(&h, off, "invalid JSON");
	}
	for (const char *p = end; p && p < text + len; p++)
		if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') {
			cJSON_Delete(doc);
			return fail_at(&h, (size_t)(p - text), "text after the JSON object");
		}
	h.root = doc;
	rc = parse_doc(&h, out);
	cJSON_Delete(doc);
	return rc;
}

int hf_config_read(const char *path, struct model_preset *out, char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = json_read_whole(path, &sb, err, errlen);

	if (rc == 0)
		rc = hf_config_parse(strbuf_str(&sb), sb.len, path, out, err, errlen);
	strbuf_release(&sb);
	return rc;
}
