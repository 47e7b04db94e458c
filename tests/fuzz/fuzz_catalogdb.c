/*
 * fuzz_catalogdb.c - a hostile catalog file: the input is the bytes of the
 * SQLite file that `catalog list|show|gpus|models|status` and `recommend`
 * open (GPUFIT_CATALOG).  Whatever the file holds (a torn page, a wrong
 * schema, absurd or NULL values where facts belong), the reader refuses it
 * with a documented exit code or prints within its buffers.
 */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "fuzz.h"

static const char profile[] =
	"gpufit: 1\n"
	"region: eastus\n"
	"pricing: payg\n"
	"workloads:\n"
	"  - name: chat-8b\n"
	"    type: inference\n"
	"    model: llama-3-8b\n"
	"    precision: fp16\n"
	"    serving: { input_tokens: 1024, output_tokens: 256, concurrency: 32 }\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *db = fuzz_path("catalog.db");
	const char *prof = fuzz_path("profile.yaml");

	fuzz_write(db, data, size);
	fuzz_write(prof, profile, sizeof profile - 1);
	setenv("GPUFIT_CATALOG", db, 1);
	fuzz_command(cmd_catalog, FMT_TABLE, "catalog", "list", FUZZ_END);
	fuzz_command(cmd_catalog, FMT_CSV, "catalog", "list", FUZZ_END);
	fuzz_command(cmd_catalog, FMT_TABLE, "catalog", "show", "Standard_NC24ads_A100_v4",
		     FUZZ_END);
	fuzz_command(cmd_catalog, FMT_JSON, "catalog", "gpus", FUZZ_END);
	fuzz_command(cmd_catalog, FMT_TABLE, "catalog", "models", FUZZ_END);
	fuzz_command(cmd_catalog, FMT_JSON, "catalog", "status", FUZZ_END);
	fuzz_command(cmd_recommend, FMT_MARKDOWN, "recommend", prof, FUZZ_END);
	unsetenv("GPUFIT_CATALOG");
	return 0;
}
