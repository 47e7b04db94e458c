/*
 * fuzz_hfconfig.c - a Hugging Face config.json through hf_config_parse()
 * (the exact bytes, no NUL after them, so a read past the end is caught) and
 * through `estimate --hf-config` (table and JSON, native and fp16).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "fuzz.h"
#include "hf_config.h"
#include "sizing.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_path("config.json");
	char err[HF_CONFIG_ERRLEN];
	struct model_preset p;
	char *buf = malloc(size ? size : 1);

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	if (hf_config_parse(buf, size, "config.json", &p, err, sizeof err) == 0) {
		struct sizing_model m;
		enum sizing_precision w = SIZING_BF16;

		sizing_model_from_preset(&p, &m);
		if (!(m.params_b > 0) || !isfinite(m.params_b) || m.layers < 1 ||
		    !(sizing_kv_bytes_per_sequence(&m, SIZING_FP16, 4096, 1) >= 0))
			abort();
		if (p.native_precision[0] && sizing_model_native(&m, &w, NULL) != 0)
			abort();
		if (!(sizing_weights_read_bytes(&m, w, 64) <= sizing_weight_bytes_model(&m, w) * 1.000001))
			abort();
	} else if (strncmp(err, "config.json:", 12) != 0 || strchr(err, '\n')) {
		abort(); /* one line, located */
	}
	free(buf);
	fuzz_write(path, data, size);
	fuzz_command(cmd_estimate, FMT_TABLE, "estimate", "--hf-config", path, "--gpu",
		     "H100-SXM-80GB", "--precision", "native", FUZZ_END);
	fuzz_command(cmd_estimate, FMT_JSON, "estimate", "--hf-config", path, "--gpus", "8", "--gpu",
		     "H200-SXM-141GB", "--input-tokens", "100000", FUZZ_END);
	return 0;
}
