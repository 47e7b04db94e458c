/*
 * fuzz_columns.c - `analyze --columns LIST` on a headerless nvidia-smi CSV:
 * the column list and the rows it reads.  The input is LIST NUL CSV (without
 * a NUL: the documented default columns on the whole input).  LIST is cut at
 * 4 KiB, as a command line would hold it; --max-series 16 lets a small input
 * reach the series limit.
 */
#include <string.h>

#include "commands.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *csv = fuzz_path("input.csv");
	const uint8_t *nul = memchr(data, 0, size);
	if (!nul) {
		fuzz_write(csv, data, size);
		fuzz_command(cmd_analyze, FMT_JSON, "analyze", "--input-format", "nvidia-smi",
			     "--max-series", "16", csv, FUZZ_END);
		return 0;
	}
	char list[4097];
	size_t n = (size_t)(nul - data);
	if (n >= sizeof list)
		n = sizeof list - 1;
	memcpy(list, data, n);
	list[n] = '\0';
	fuzz_write(csv, nul + 1, size - (size_t)(nul - data) - 1);
	fuzz_command(cmd_analyze, FMT_JSON, "analyze", "--input-format", "nvidia-smi",
		     "--columns", list, "--max-series", "16", csv, FUZZ_END);
	fuzz_command(cmd_analyze, FMT_TABLE, "analyze", "--columns", list, "--host", "h",
		     "--max-series", "16", csv, FUZZ_END);
	return 0;
}
