/*
 * commands.h - the entry points of the commands (src/cmd_*.c), one per file.
 * Each returns an exit code of gpufit.h; see cli.h for the calling contract.
 */
#ifndef GPUFIT_COMMANDS_H
#define GPUFIT_COMMANDS_H

#include "cli.h"

int cmd_help(struct cli_ctx *ctx, int argc, char **argv);
int cmd_version(struct cli_ctx *ctx, int argc, char **argv);
int cmd_catalog(struct cli_ctx *ctx, int argc, char **argv);
int cmd_catalog_refresh(struct cli_ctx *ctx, int argc, char **argv);
int cmd_recommend(struct cli_ctx *ctx, int argc, char **argv);
int cmd_estimate(struct cli_ctx *ctx, int argc, char **argv);
int cmd_validate(struct cli_ctx *ctx, int argc, char **argv);
int cmd_pack(struct cli_ctx *ctx, int argc, char **argv);
int cmd_analyze(struct cli_ctx *ctx, int argc, char **argv);
int cmd_check(struct cli_ctx *ctx, int argc, char **argv);
int cmd_diff(struct cli_ctx *ctx, int argc, char **argv);
int cmd_completion(struct cli_ctx *ctx, int argc, char **argv);
int cmd_k8s(struct cli_ctx *ctx, int argc, char **argv);

/* The verbs of `gpufit catalog` (src/cli/cmd_catalog.c), NULL-terminated. */
extern const struct subcommand cmd_catalog_verbs[];

/* The verbs of `gpufit k8s` (src/cli/cmd_k8s.c), NULL-terminated; the first
 * verb, "generate", also runs for `gpufit k8s PROFILE`. */
extern const struct subcommand cmd_k8s_verbs[];

/* The option tables of the commands (struct cli_opt, cli.h), each at the
 * top of its src/cmd_NAME.c: what the parser accepts and what --help, the
 * man page and the completions show. */
extern const struct cli_opt cmd_analyze_opts[];
extern const struct cli_opt cmd_catalog_refresh_opts[];
extern const struct cli_opt cmd_check_opts[];
extern const struct cli_opt cmd_estimate_opts[];
extern const struct cli_opt cmd_k8s_opts[];
extern const struct cli_opt cmd_pack_opts[];
extern const struct cli_opt cmd_recommend_opts[];

/* `gpufit k8s [generate]`: its formats (yaml the default) and what they are. */
#define CMD_K8S_FORMATS "yaml|sh|json"
#define CMD_K8S_NOTE \
	"-f yaml (the default) writes the manifests, -f sh the az script, -f json both."

#endif
