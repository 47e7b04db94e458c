/*
 * fuzz_refresh.c - `catalog refresh --from-file PAGE`: a saved price page
 * through the whole refresh (parse, classify, stage, swap in a new catalog).
 * Each input starts from no catalog, so runs do not depend on each other.
 */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *page = fuzz_path("page.json");
	const char *db = fuzz_path("catalog.db");
	fuzz_write(page, data, size);
	remove(db);
	setenv("GPUFIT_CATALOG", db, 1);
	fuzz_command(cmd_catalog, FMT_TABLE, "catalog", "refresh", "--force", "--from-file", page,
		     FUZZ_END);
	return 0;
}
