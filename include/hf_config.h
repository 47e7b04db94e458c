/*
 * hf_config.h - a Hugging Face config.json read into a sizing model, offline.
 *
 * Reads the families the sizing model knows: Llama (1-3), Mistral, Mixtral,
 * Qwen2/2.5 (and 2.5-VL), Qwen2-MoE, Qwen3 and Qwen3-MoE, Gemma 2 and 3,
 * DeepSeek V2/V3 (and Kimi K2, its architecture), gpt-oss, Llama 4, Phi-3
 * and Phi-4.  A multimodal config's text_config is read; vision towers are
 * not part of the text shape and are not counted.  The parameter counts are
 * computed from the shape as docs/sizing.md describes (a config.json holds
 * no parameter count).
 *
 * hf_config_parse() is pure: text in, model out.  Errors are one line,
 * "FILE:LINE:COL: message", located at the key (or the JSON syntax error)
 * they are about.
 */
#ifndef GPUFIT_HF_CONFIG_H
#define GPUFIT_HF_CONFIG_H

#include <stddef.h>

#include "facts.h"

#define HF_CONFIG_ERRLEN 512

/*
 * Parses len bytes of text (a config.json; path names it in errors) into
 * out, a preset of kind "llm" (sizing_model_from_preset() makes the
 * model).  0 ok; -1 with err set (invalid JSON, a family it does not read,
 * a missing or unusable field).  out->name is the config's _name_or_path, or
 * the file's base name without ".json".
 */
int hf_config_parse(const char *text, size_t len, const char *path, struct model_preset *out,
		    char *err, size_t errlen);

/* Reads the file at path (at most JSON_MAX_BYTES) and parses it. */
int hf_config_read(const char *path, struct model_preset *out, char *err, size_t errlen);

#endif
