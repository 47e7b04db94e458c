/*
 * bundled_snapshot.h - the fixture the recommend, pack and k8s unit tests
 * share: the bundled catalog read once into a snapshot (the code under test
 * never touches SQLite) and a profile parsed from a YAML string.
 * Included by one test file each; every function is static inline.
 */
#ifndef GPUFIT_TEST_BUNDLED_SNAPSHOT_H
#define GPUFIT_TEST_BUNDLED_SNAPSHOT_H

#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "catalog_snapshot.h"
#include "diag.h"
#include "profile.h"

static struct catalog_snapshot snap;

/* cmocka group setup: the bundled catalog into snap; 0 or -1. */
static inline int bundled_setup(void **state)
{
	char err[CATALOG_ERRLEN];
	catalog *cat;
	int rc;

	(void)state;
	if (catalog_open_bundled(&cat, err) != 0)
		return -1;
	rc = catalog_snapshot_load(cat, &snap, err);
	catalog_close(cat);
	return rc;
}

static inline int bundled_teardown(void **state)
{
	(void)state;
	catalog_snapshot_release(&snap);
	return 0;
}

/* yaml into *p, or the test fails with the profile's errors. */
static inline void parse_profile(const char *yaml, struct profile *p)
{
	struct diag_list errs = DIAG_LIST_INIT;

	if (profile_parse_buffer("t.yaml", yaml, strlen(yaml), NULL, p, &errs) != 0) {
		diag_list_print(&errs, stderr);
		diag_list_release(&errs);
		fail_msg("profile does not parse:\n%s", yaml);
	}
	diag_list_release(&errs);
}

#endif
