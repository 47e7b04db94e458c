/*
 * cmd_k8s_lint.h - `gpufit k8s lint FILE...`, a verb of `gpufit k8s`
 * (src/cmd_k8s.c lists it in cmd_k8s_verbs[]).
 */
#ifndef GPUFIT_CMD_K8S_LINT_H
#define GPUFIT_CMD_K8S_LINT_H

#include "cli.h"

int cmd_k8s_lint(struct cli_ctx *ctx, int argc, char **argv);

#define CMD_K8S_LINT_OPTIONS \
	"  -f table|json|sarif      findings as FILE:LINE:COL lines (default), JSON, or SARIF 2.1.0\n" \
	"  --nodepools FILE         the cluster's pools: the JSON of 'az aks nodepool list -o json'\n" \
	"  --profile PROFILE        the cluster is the pools 'gpufit k8s PROFILE' creates\n" \
	"  --taint KEY=VALUE:EFFECT the GPU pools' taint (default sku=gpu:NoSchedule)\n" \
	"  --strict                 exit 1 on warnings too\n" \
	"  FILE '-'                 read standard input\n"

#endif
