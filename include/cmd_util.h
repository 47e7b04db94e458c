/*
 * cmd_util.h - small pieces shared by the commands (src/cmd_*.c): they print,
 * so they belong to the CLI layer, not to the modules below it.
 */
#ifndef GPUFIT_CMD_UTIL_H
#define GPUFIT_CMD_UTIL_H

#include "catalog.h"
#include "catalog_names.h"
#include "profile.h"
#include "recommend.h"

/*
 * Prints "unknown WHAT 'name'; did you mean 'x', 'y'?" with up to max_hints
 * close names from the catalog table ("vm_sizes", "gpu_models",
 * "model_presets", "regions"); with no close name, "unknown WHAT 'name'"
 * followed by "; fallback" when fallback is not NULL.
 */
void cmd_unknown_name(catalog *cat, const char *table, const char *what, const char *name,
		      size_t max_hints, const char *fallback);

/*
 * Turns the result of a catalog_*_find() lookup into an exit code: EXIT_OK
 * when found is 1; otherwise prints the catalog error err (found < 0,
 * EXIT_CATALOG) or the cmd_unknown_name() message for name (found == 0,
 * EXIT_INPUT).
 */
int cmd_found(int found, const char *err, catalog *cat, const char *table, const char *what,
	      const char *name, const char *fallback);

/*
 * Loads the profile at path with the catalog's names and prints every
 * problem found (errors and warnings).  Returns 0, or -1 when the profile is
 * invalid (the command exits EXIT_INPUT).  *p must be released with
 * profile_release() either way.
 */
int cmd_load_profile(const char *path, const struct catalog_names *names, struct profile *p);

struct azure_skus;

/*
 * The `az vm list-skus` file of --skus (opt_path), else the profile's
 * azure.skus (docs/quota.md), into *out (release with azure_skus_release).
 * Returns 1 when one was read, 0 when neither names one (*out empty), or -1
 * after printing the file's error (the command exits EXIT_INPUT).
 */
int cmd_load_skus(const char *opt_path, const struct profile *p, struct azure_skus *out);

/* The `az vm list-usage` files of a command: --usage REGION=FILE options
 * over the profile's azure: usage: (docs/quota.md). */
struct cmd_usage {
	size_t n;
	struct recommend_usage *u;        /* for recommend_options.usage */
	struct azure_usage_list *lists;
	char (*regions)[32];
	char **files;
};

/*
 * Reads the files of specs[0..nspecs) ("REGION=FILE", REGION in any case,
 * resolved with names and cat) and of the profile's azure.usage entries
 * whose region no option names.  Returns EXIT_OK with *out filled (release
 * with cmd_usage_release, also on failure), EXIT_USAGE for a spec without
 * '=', or EXIT_INPUT after printing an unknown region or a file's error.
 */
int cmd_load_usage(const char *cmd, const char *const *specs, size_t nspecs,
		   const struct profile *p, catalog *cat, const struct catalog_names *names,
		   struct cmd_usage *out);
void cmd_usage_release(struct cmd_usage *u);

/*
 * The recommendation of the profile at path, as `recommend` makes it: opens
 * the catalog (catalog_path, NULL = the default), resolves o->regions
 * (rewritten in place to the catalog's spelling), loads the profile and
 * builds the result on a catalog snapshot, with the availability of the
 * `az vm list-skus` file skus_path (NULL: the profile's azure.skus, if any;
 * cmd_load_skus) and the quotas of the usage files (cmd_load_usage).  Prints every problem.  Returns EXIT_OK with *p and *res
 * filled (release both), or the exit code, with both released.
 */
int cmd_recommend_profile(const char *catalog_path, const char *path, const char *skus_path,
			  const char *const *usage_specs, size_t nusage_specs,
			  struct recommend_options *o, const char **regions, struct profile *p,
			  struct recommend_result *res);

#endif
