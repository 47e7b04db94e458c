/*
 * cmd_k8s_lint.h - `gpufit k8s lint FILE...`, a verb of `gpufit k8s`
 * (src/cli/cmd_k8s.c lists it in cmd_k8s_verbs[]).
 */
#ifndef GPUFIT_CMD_K8S_LINT_H
#define GPUFIT_CMD_K8S_LINT_H

#include "cli.h"

int cmd_k8s_lint(struct cli_ctx *ctx, int argc, char **argv);

/* Its options (the parser's table; help and completions read it too). */
extern const struct cli_opt cmd_k8s_lint_opts[];

#endif
