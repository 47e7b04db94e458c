/*
 * fuzz_nvsmi.c - `analyze --input-format nvidia-smi FILE`: the telemetry reader of
 * that format, then classification and the JSON report; and the
 * same file with the format sniffed from the content, as a table.
 */
#include "commands.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_path("input.csv");
	fuzz_write(path, data, size);
	fuzz_command(cmd_analyze, FMT_JSON, "analyze", "--input-format", "nvidia-smi", path, FUZZ_END);
	fuzz_command(cmd_analyze, FMT_TABLE, "analyze", path, FUZZ_END);
	return 0;
}
