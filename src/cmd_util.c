/*
 * cmd_util.c - messages and loading steps that several commands share.
 */
#include "cmd_util.h"

#include <stdio.h>

#include "diag.h"
#include "gpufit.h"
#include "util.h"

void cmd_unknown_name(catalog *cat, const char *table, const char *what, const char *name,
		      size_t max_hints, const char *fallback)
{
	char near[8][FACT_SKU];
	size_t k = catalog_suggest(cat, table, name, near, max_hints < 8 ? max_hints : 8);
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < k; i++)
		strbuf_addf(&sb, "%s'%s'", i ? ", " : "", near[i]);
	if (k)
		diag_error("unknown %s '%s'; did you mean %s?", what, name, strbuf_str(&sb));
	else if (fallback)
		diag_error("unknown %s '%s'; %s", what, name, fallback);
	else
		diag_error("unknown %s '%s'", what, name);
	strbuf_release(&sb);
}

int cmd_found(int found, const char *err, catalog *cat, const char *table, const char *what,
	      const char *name, const char *fallback)
{
	if (found > 0)
		return EXIT_OK;
	if (found < 0) {
		diag_error("%s", err);
		return EXIT_CATALOG;
	}
	cmd_unknown_name(cat, table, what, name, 5, fallback);
	return EXIT_INPUT;
}

int cmd_load_profile(const char *path, const struct catalog_names *names, struct profile *p)
{
	struct diag_list errs = DIAG_LIST_INIT;
	int rc = profile_load(path, &names->profile, p, &errs);

	diag_list_print(&errs, stderr);
	diag_list_release(&errs);
	return rc != 0 ? -1 : 0;
}
