/*
 * fuzz_profile.c - the profile reader (libyaml): a YAML document in, a
 * validated struct profile or FILE:LINE:COL errors out.  Read twice: without
 * name checks and against the bundled catalog's names.
 */
#include <stdio.h>
#include <stdlib.h>

#include "catalog.h"
#include "catalog_names.h"
#include "diag.h"
#include "fuzz.h"
#include "profile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static catalog *cat;
	static struct catalog_names names;
	if (!cat) {
		char err[CATALOG_ERRLEN];
		fuzz_setup();
		if (catalog_open_bundled(&cat, err) != 0 || catalog_names_load(cat, &names, err) != 0) {
			fprintf(stderr, "fuzz: bundled catalog: %s\n", err);
			abort();
		}
	}
	for (int pass = 0; pass < 2; pass++) {
		struct profile p;
		struct diag_list errs = { 0 };
		int rc = profile_parse_buffer("fuzz.yaml", (const char *)data, size,
					      pass ? &names.profile : NULL, &p, &errs);
		/* Failure always says why; success has workloads. */
		if ((rc != 0 && errs.errors == 0) || (rc == 0 && p.nworkloads == 0))
			abort();
		profile_release(&p);
		diag_list_release(&errs);
	}
	return 0;
}
