/*
 * fuzz_diff.c - the `recommend -f json` documents `diff` and `check
 * --baseline` read.  The input is BASE, or BASE NUL HEAD: `diff BASE HEAD`
 * (JSON and table), and BASE as the baseline of `check` on a fixed profile.
 */
#include <string.h>

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
	const char *base = fuzz_path("base.json");
	const char *head = fuzz_path("head.json");
	const char *prof = fuzz_path("profile.yaml");
	const uint8_t *nul = memchr(data, 0, size);
	if (nul) {
		fuzz_write(base, data, (size_t)(nul - data));
		fuzz_write(head, nul + 1, size - (size_t)(nul - data) - 1);
	} else {
		fuzz_write(base, data, size);
		fuzz_write(head, data, size);
	}
	fuzz_write(prof, profile, sizeof profile - 1);
	fuzz_command(cmd_diff, FMT_JSON, "diff", base, head, FUZZ_END);
	fuzz_command(cmd_diff, FMT_TABLE, "diff", base, head, FUZZ_END);
	fuzz_command(cmd_check, FMT_JSON, "check", "--baseline", base, prof, FUZZ_END);
	return 0;
}
