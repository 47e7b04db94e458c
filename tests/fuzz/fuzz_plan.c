/*
 * fuzz_plan.c - a profile through the commands that plan from it:
 * `recommend` (JSON and table), `pack` (JSON) and `check` (a budget gate, JSON),
 * against the bundled catalog.
 */
#include "commands.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_path("profile.yaml");
	fuzz_write(path, data, size);
	fuzz_command(cmd_recommend, FMT_JSON, "recommend", path, FUZZ_END);
	fuzz_command(cmd_recommend, FMT_TABLE, "recommend", path, FUZZ_END);
	fuzz_command(cmd_pack, FMT_JSON, "pack", path, FUZZ_END);
	fuzz_command(cmd_check, FMT_JSON, "check", "--max-monthly", "100000", path, FUZZ_END);
	return 0;
}
