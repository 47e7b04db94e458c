/*
 * catalog_models.c - `catalog models` (the model presets) and `catalog
 * gpus` (the GPU models) in every format (catalog_models.h).
 */
#include "catalog_models.h"

#include <math.h>
#include <string.h>

#include "catalog_fmt.h"
#include "fmt.h"
#include "gpufit.h"
#include "json_out.h"
#include "util.h"

/* A preset's architecture beyond dense full attention, short: "MoE 128/4",
 * "+1 shared", "MLA", "window 128 x18", "MTP". */
static void preset_architecture(const struct model_preset *p, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	if (p->moe_experts > 0)
		o += (size_t)snprintf(buf + o, len - o, "MoE %d/%d", p->moe_experts, p->moe_active);
	if (p->moe_shared_experts > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "+%d shared", p->moe_shared_experts);
	if (p->mla_kv_lora_rank > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%sMLA", o ? ", " : "");
	if (p->window_tokens > 0 && p->windowed_layers > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%swindow %d x%d", o ? ", " : "",
				      p->window_tokens, p->windowed_layers);
	if (p->mtp_params_b > 0 && o < len)
		snprintf(buf + o, len - o, "%sMTP", o ? ", " : "");
}

/* A listing document: {"schema_version": 1, key: []}; *arr is the list. */
static cJSON *list_doc(const char *key, cJSON **arr)
{
	cJSON *doc = cJSON_CreateObject();

	cJSON_AddNumberToObject(doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
	*arr = cJSON_AddArrayToObject(doc, key);
	return doc;
}

/* Prints doc and frees it: 0, or -1 when it cannot be written. */
static int emit_doc(FILE *out, cJSON *doc)
{
	int rc = json_print(out, doc) != 0 ? -1 : 0;

	cJSON_Delete(doc);
	return rc;
}

int catalog_models_json(FILE *out, const struct catalog_model_row *rows, size_t n)
{
	cJSON *arr, *doc = list_doc("models", &arr);

	for (size_t i = 0; i < n; i++) {
		const struct model_preset *p = rows[i].preset;
		cJSON *o = cJSON_CreateObject();
		char arch[64] = "";
		double kvk = rows[i].kv_kib;

		preset_architecture(p, arch, sizeof arch);
		cJSON_AddStringToObject(o, "name", p->name);
		cJSON_AddStringToObject(o, "kind", p->kind);
		catalog_json_add_known(o, "params_b", p->params_b, 6);
		catalog_json_add_known(o, "active_params_b", p->active_params_b, 6);
		catalog_json_add_known(o, "max_context_tokens", p->max_context, 0);
		catalog_json_add_known(o, "kv_fp16_kib_per_token", kvk, 3);
		json_add_str_or_null(o, "architecture", arch);
		json_add_str_or_null(o, "native_precision", p->native_precision);
		json_add_str_or_null(o, "native_expert_precision", p->native_expert_precision);
		json_add_str_or_null(o, "source", rows[i].source);
		cJSON_AddItemToArray(arr, o);
	}
	return emit_doc(out, doc);
}

void catalog_models_text(FILE *out, enum out_format format, int color,
			 const struct catalog_model_row *rows, size_t n)
{
	struct table *t = table_new(9);
	const char *hdr[9] = { "MODEL", "KIND", "PARAMS (B)", "ACTIVE (B)", "CONTEXT (tokens)",
			       "KV FP16 (KiB/token)", "ARCHITECTURE", "NATIVE", "SOURCE" };
	const char *csv[9] = { "model", "kind", "params_billion", "active_params_billion",
			       "max_context_tokens", "kv_fp16_kib_per_token", "architecture",
			       "native_precision", "source" };
	for (size_t c = 0; c < 9; c++) {
		table_header(t, c, hdr[c], c >= 2 && c <= 5 ? ALIGN_RIGHT : ALIGN_LEFT);
		table_csv_column(t, c, csv[c], c >= 2 && c <= 5 ? CSV_NUMBER : CSV_TEXT);
	}
	for (size_t i = 0; i < n; i++) {
		const struct model_preset *p = rows[i].preset;
		char pb[32], ab[32], ctxs[32], kv[32], src[sizeof rows[i].source], arch[64] = "",
			nat[40] = "";
		double kvk = rows[i].kv_kib;

		preset_architecture(p, arch, sizeof arch);
		if (p->native_precision[0])
			snprintf(nat, sizeof nat, "%s%s%s", p->native_precision,
				 p->native_expert_precision[0] ? "+" : "", p->native_expert_precision);

		catalog_fmt_cell(pb, sizeof pb, p->params_b, 2);
		catalog_fmt_cell(ab, sizeof ab, p->active_params_b, 2);
		catalog_fmt_cell(ctxs, sizeof ctxs, p->max_context, 0);
		catalog_fmt_cell(kv, sizeof kv, kvk, 0);
		memcpy(src, rows[i].source, sizeof src);
		if (format == FMT_TABLE && strlen(src) > 60)
			strcpy(src + 57, "...");
		table_add(t, p->name, p->kind, pb, ab, ctxs, kv, arch[0] ? arch : "-",
			  nat[0] ? nat : "-", src);
		table_set_csv(t, 6, arch);
		table_set_csv(t, 7, nat);
		table_set_number(t, 2, p->params_b, -6);
		table_set_number(t, 3, p->active_params_b, -6);
		table_set_number(t, 4, p->max_context > 0 ? p->max_context : NAN, 0);
		table_set_number(t, 5, kvk > 0 ? kvk : NAN, 0);
	}
	table_color(t, color);
	table_print(t, out, format);
	if (format == FMT_TABLE)
		fprintf(out, "\n%zu presets; a preset without layers (kind cnn, diffusion) is "
				  "sized with requirements:, not model:\n", n);
	table_free(t);
}

int catalog_gpus_json(FILE *out, const struct catalog_gpu_row *rows, size_t n)
{
	cJSON *arr, *doc = list_doc("gpus", &arr);

	for (size_t i = 0; i < n; i++) {
		const struct gpu_spec *g = rows[i].gpu;
		cJSON *o = cJSON_CreateObject(), *pr;
		char list[sizeof g->precisions], *save = NULL;

		cJSON_AddStringToObject(o, "name", g->name);
		cJSON_AddStringToObject(o, "vendor", g->vendor);
		cJSON_AddStringToObject(o, "architecture", g->architecture);
		/* compute capability or LLVM target: the engines' limits name it */
		json_add_str_or_null(o, "target", g->target);
		cJSON_AddStringToObject(o, "form_factor", g->form_factor);
		json_add_rounded(o, "memory_gib", g->memory_gib, 4);
		json_add_rounded(o, "bandwidth_gb_per_s", g->bandwidth_gbps, 1);
		catalog_json_add_known(o, "fp32_tflops", g->fp32_tflops, 3);
		catalog_json_add_known(o, "fp16_tflops", g->fp16_tflops, 3);
		catalog_json_add_known(o, "bf16_tflops", g->bf16_tflops, 3);
		catalog_json_add_known(o, "fp8_tflops", g->fp8_tflops, 3);
		catalog_json_add_known(o, "fp4_tflops", g->fp4_tflops, 3);
		catalog_json_add_known(o, "int8_tops", g->int8_tops, 3);
		pr = cJSON_AddArrayToObject(o, "precisions");
		util_copy_str(list, sizeof list, g->precisions);
		for (char *w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save))
			cJSON_AddItemToArray(pr, cJSON_CreateString(w));
		cJSON_AddNumberToObject(o, "mig_instances_max", g->mig_max);
		cJSON_AddNumberToObject(o, "vm_size_count", (double)rows[i].sizes);
		json_add_str_or_null(o, "source", rows[i].source);
		cJSON_AddItemToArray(arr, o);
	}
	return emit_doc(out, doc);
}

void catalog_gpus_text(FILE *out, enum out_format format, int color,
		       const struct catalog_gpu_row *rows, size_t n)
{
	enum { NC = 11 };
	struct table *t = table_new(NC);
	const char *hdr[NC] = { "GPU", "ARCH", "MEMORY (GiB)", "BANDWIDTH (GB/s)",
				"FP16 (TFLOPS)", "BF16 (TFLOPS)", "FP8 (TFLOPS)", "FP4 (TFLOPS)",
				"PRECISIONS", "MIG", "SIZES" };
	const char *csv[NC] = { "gpu_model", "architecture", "memory_gib", "bandwidth_gb_per_s",
				"fp16_tflops", "bf16_tflops", "fp8_tflops", "fp4_tflops",
				"precisions", "mig_instances_max", "vm_size_count" };
	size_t unsold = 0;

	for (size_t c = 0; c < NC; c++) {
		int num = (c >= 2 && c <= 7) || c >= 9;

		table_header(t, c, hdr[c], num ? ALIGN_RIGHT : ALIGN_LEFT);
		table_csv_column(t, c, csv[c], num ? CSV_NUMBER : CSV_TEXT);
	}
	for (size_t i = 0; i < n; i++) {
		const struct gpu_spec *g = rows[i].gpu;
		char mem[32], bw[32], f16[32], b16[32], f8[32], f4[32], mig[16], sz[16];
		size_t sizes = rows[i].sizes;

		unsold += sizes == 0;

		catalog_fmt_cell(mem, sizeof mem, g->memory_gib, 1);
		catalog_fmt_cell(bw, sizeof bw, g->bandwidth_gbps, 0);
		catalog_fmt_cell(f16, sizeof f16, g->fp16_tflops, 1);
		catalog_fmt_cell(b16, sizeof b16, g->bf16_tflops, 1);
		catalog_fmt_cell(f8, sizeof f8, g->fp8_tflops, 1);
		catalog_fmt_cell(f4, sizeof f4, g->fp4_tflops, 1);
		if (g->mig_max > 0)
			snprintf(mig, sizeof mig, "%d", g->mig_max);
		else
			snprintf(mig, sizeof mig, "no");
		snprintf(sz, sizeof sz, "%zu", sizes);
		table_add(t, g->name, g->architecture, mem, bw, f16, b16, f8, f4,
			  g->precisions[0] ? g->precisions : "-", mig, sz);
		table_set_number(t, 2, g->memory_gib, 4);
		table_set_number(t, 3, g->bandwidth_gbps, 0);
		table_set_number(t, 4, g->fp16_tflops, -2);
		table_set_number(t, 5, g->bf16_tflops > 0 ? g->bf16_tflops : NAN, -2);
		table_set_number(t, 6, g->fp8_tflops > 0 ? g->fp8_tflops : NAN, -2);
		table_set_number(t, 7, g->fp4_tflops > 0 ? g->fp4_tflops : NAN, -2);
		table_set_number(t, 9, g->mig_max, 0);
		table_set_number(t, 10, (double)sizes, 0);
	}
	table_color(t, color);
	table_print(t, out, format);
	if (format == FMT_TABLE) {
		fprintf(out, "\n%zu GPU models; TFLOPS are dense; precisions: native formats, "
				  "and int8w/int4w/fp8w weight-only kernels\n", n);
		if (unsold > 0)
			fprintf(out, "%zu with SIZES 0: no Azure size in the catalog has them; 'gpufit "
					  "estimate --gpu' sizes them, recommend never proposes "
					  "them\n", unsold);
	}
	table_free(t);
}
