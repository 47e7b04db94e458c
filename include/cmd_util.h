/*
 * cmd_util.h - small pieces shared by the commands (src/cmd_*.c): they print,
 * so they belong to the CLI layer, not to the modules below it.
 */
#ifndef GPUFIT_CMD_UTIL_H
#define GPUFIT_CMD_UTIL_H

#include "azure_quota.h"
#include "catalog.h"
#include "catalog_names.h"
#include "catalog_snapshot.h"
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
 * The loading steps that recommend, pack, k8s (and k8s lint --profile) and
 * check share, run by cmd_setup() in this order; a command asks for the ones
 * it needs, in one call or in several (a later call runs only the steps not
 * run yet), so it can put its own work between them (recommend --explain
 * after the profile, check its baseline before the SKU file).
 *
 * The command calls it after parsing its options rather than main.c running
 * it from a flag in gpufit_commands[] (git's RUN_SETUP): the steps take what
 * the options give (PROFILE, --region, --skus, --usage, the recommend
 * options), a usage error (exit 2) is reported before the catalog is opened,
 * and check and recommend --explain run their own work between steps; a
 * table flag would split each command's flow between main.c and its file.
 */
enum cmd_setup_step {
	CMD_SETUP_CATALOG = 1 << 0,   /* open the catalog, read its names */
	CMD_SETUP_REGIONS = 1 << 1,   /* resolve regions[] to the catalog's spelling */
	CMD_SETUP_PROFILE = 1 << 2,   /* load the profile with the catalog's names */
	CMD_SETUP_SKUS = 1 << 3,      /* --skus, else the profile's azure.skus */
	CMD_SETUP_USAGE = 1 << 4,     /* --usage, over the profile's azure.usage */
	CMD_SETUP_SNAPSHOT = 1 << 5,  /* the catalog snapshot */
	CMD_SETUP_BUILD = 1 << 6,     /* recommend_build() with *o */
	CMD_SETUP_ALL = (1 << 7) - 1,
	/* not a step: CMD_SETUP_REGIONS stops at the first unknown region
	 * instead of naming them all (pack's message) */
	CMD_SETUP_FIRST_REGION = 1 << 8
};

/*
 * What cmd_setup() sets up.  The command fills the inputs (cmd_setup_init
 * zeroes the rest), then reads the outputs of the steps that succeeded.
 * Everything is released by cmd_setup_release(), whatever cmd_setup()
 * returned.
 */
struct cmd_setup {
	/* inputs */
	const char *cmd;                   /* the command's name, for --usage errors */
	const char *catalog_path;          /* --catalog; NULL = the default */
	const char *profile_path;
	const char **regions;              /* --region, nregions, rewritten in place
					      to names in s->names (live until
					      cmd_setup_release) */
	size_t nregions;
	const char *skus_path;             /* --skus; NULL = the profile's azure.skus */
	const char *const *usage_specs;    /* --usage REGION=FILE */
	size_t nusage_specs;
	struct recommend_options *o;       /* CMD_SETUP_BUILD: skus and usage set here */
	/* outputs */
	unsigned done;                     /* the steps run (or begun: failed) */
	unsigned failed;                   /* the step that failed, 0 if none */
	int rc;                            /* its exit code */
	catalog *cat;
	enum catalog_origin origin;
	char catalog_file[4096];
	struct catalog_names names;
	struct profile p;
	int have_skus;                     /* a SKU file was read into skus */
	struct azure_skus skus;
	struct cmd_usage usage;
	struct catalog_snapshot snap;
	struct recommend_result res;
};

/* The inputs of cmd_setup for a command that builds a recommendation: the
 * profile, --region (regions, o->nregions of them; o->regions set too),
 * --skus, --usage and the recommendation's options (CMD_SETUP_BUILD). */
void cmd_setup_build_inputs(struct cmd_setup *s, const char *profile_path, const char **regions,
			    const char *skus_path, const char *const *usage_specs,
			    size_t nusage_specs, struct recommend_options *o);

/*
 * The values of the options every command that builds a recommendation takes,
 * into o, with one message per kind of bad value (the command's name first):
 * --pricing KIND|auto, --hours-per-month N (0 < N <= 744), --strategy aks|mixed.
 * Each returns 0, or EXIT_USAGE after printing why.
 */
int cmd_opt_pricing(const char *cmd, const char *val, struct recommend_options *o);
int cmd_opt_hours(const char *cmd, const char *val, struct recommend_options *o);
int cmd_opt_strategy(const char *cmd, const char *val, struct recommend_options *o);

/* Zeroes *s and sets its cmd and catalog_path. */
void cmd_setup_init(struct cmd_setup *s, const char *cmd, const char *catalog_path);

/*
 * Runs each step of steps (enum cmd_setup_step) not run yet, in the enum's
 * order, printing every problem as the commands always have.  Returns
 * EXIT_OK, or the exit code of the first step that failed (s->failed):
 * EXIT_CATALOG for the catalog, its names, the snapshot or the build;
 * EXIT_INPUT for an unknown region (all of them are named first, unless
 * CMD_SETUP_FIRST_REGION), an invalid profile or an unreadable SKU or usage
 * file; EXIT_USAGE for a malformed --usage.  After a failure it runs nothing
 * more.
 */
int cmd_setup(struct cmd_setup *s, unsigned steps);

/* Releases what the steps run own (the result too) and zeroes *s. */
void cmd_setup_release(struct cmd_setup *s);

/*
 * Option rows (cli.h struct cli_opt) that several commands declare alike:
 * one text each, so --help, the man page and the completions say the same
 * thing in every command.  ID is the command's own option value.
 */
#define CMD_OPT_HEADROOM(ID) \
	{ "headroom", 0, CLI_ARG_REQUIRED, (ID), "PCT", NULL, \
	  "memory and throughput headroom, 15 or 15% (default 15)" }
#define CMD_OPT_PRICING(ID) \
	{ "pricing", 0, CLI_ARG_REQUIRED, (ID), "KIND", CLI_PRICING_AUTO, \
	  "payg | spot | reserved-1y | reserved-3y | savings-1y | savings-3y | auto: per " \
	  "workload the cheapest term for its hours, spot excluded (default: the profile's)" }
#define CMD_OPT_REGION(ID) \
	{ "region", 0, CLI_ARG_REQUIRED, (ID), "R", NULL, \
	  "compare in region R instead (repeatable)" }
#define CMD_OPT_HOURS(ID) \
	{ "hours-per-month", 0, CLI_ARG_REQUIRED, (ID), "N", NULL, \
	  "default: the profile's, else 730" }
#define CMD_OPT_CURRENCY(ID) \
	{ "currency", 0, CLI_ARG_REQUIRED, (ID), "CUR", NULL, \
	  "price currency (default: the profile's)" }
#define CMD_OPT_WITHIN_QUOTA(ID) \
	{ "within-quota", 0, CLI_ARG_NONE, (ID), NULL, NULL, \
	  "plan within the --usage quotas: the cheapest ranked options that fit, with what " \
	  "it costs and the quota that would unlock the cheaper plan (docs/quota.md)" }
#define CMD_OPT_STRATEGY(ID) \
	{ "strategy", 0, CLI_ARG_REQUIRED, (ID), "S", "aks|mixed", \
	  "the MIG plan's layouts: aks (default: one MIG profile per node pool, AKS " \
	  "--gpu-instance-profile) | mixed (any valid layout per GPU, GPU Operator mixed " \
	  "strategy)" }

#endif
