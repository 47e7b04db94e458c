/*
 * catalog_models.h - `catalog models` (the model presets --model and a
 * profile's model: take: parameters, context, KV cache per token,
 * architecture, native precision, source) and `catalog gpus` (the GPU
 * models --gpu takes: memory, bandwidth, TFLOPS by precision, MIG, how many
 * sizes carry each, source) in every format.  An unknown figure is "-", an
 * empty csv field or JSON null, never 0.
 */
#ifndef GPUFIT_CATALOG_MODELS_H
#define GPUFIT_CATALOG_MODELS_H

#include <stddef.h>
#include <stdio.h>

#include "facts.h"
#include "output.h"

/* A model preset and what the listing adds to it. */
struct catalog_model_row {
	const struct model_preset *preset;
	double kv_kib;                 /* KV cache of one token at 16-bit, KiB; 0 unknown */
	char source[1024];             /* its catalog source, "" none */
};

/* A GPU model and what the listing adds to it. */
struct catalog_gpu_row {
	const struct gpu_spec *gpu;
	size_t sizes;                  /* VM sizes of the catalog that carry it */
	char source[2048];             /* its catalog source, "" none */
};

/* The JSON documents (docs/schema/catalog-models.schema.json,
 * catalog-gpus.schema.json); 0, or -1 on allocation failure. */
int catalog_models_json(FILE *out, const struct catalog_model_row *rows, size_t n);
int catalog_gpus_json(FILE *out, const struct catalog_gpu_row *rows, size_t n);

/* The listings in format (FMT_TABLE adds a footer); color: terminal
 * styles. */
void catalog_models_text(FILE *out, enum out_format format, int color,
			 const struct catalog_model_row *rows, size_t n);
void catalog_gpus_text(FILE *out, enum out_format format, int color,
		       const struct catalog_gpu_row *rows, size_t n);

#endif
