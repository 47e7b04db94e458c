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

/* The verbs of `gpufit catalog` (src/cmd_catalog.c), NULL-terminated; also
 * read by `gpufit completion`. */
extern const struct subcommand cmd_catalog_verbs[];

/* The options of `gpufit k8s [generate]` (its help in both tables). */
#define CMD_K8S_OPTIONS \
	"  -f yaml|sh|json          the manifests (default), the az script, or both as JSON\n" \
	"  --out-dir DIR            write DIR/node-pools.sh and DIR/workloads.yaml\n" \
	"  --cluster NAME           the AKS cluster (default myAKSCluster)\n" \
	"  --resource-group NAME    its resource group (default myResourceGroup)\n" \
	"  --taint KEY=VALUE:EFFECT the GPU pools' taint (default sku=gpu:NoSchedule)\n" \
	"  --image IMAGE            the container image (default: a placeholder)\n" \
	"  --pricing KIND           payg | spot | ... | auto (spot: spot node pools;\n" \
	"                           auto: each workload its cheapest term, never spot)\n" \
	"  --region R               compare in region R instead (repeatable)\n" \
	"  --headroom PCT           memory and throughput headroom, autoscaler\n" \
	"                           maximum, 15 or 15% (default 15)\n" \
	"  --skus FILE              'az vm list-skus -o json': no node pool of a size\n" \
	"                           the subscription cannot launch there\n" \
	"  --usage REGION=FILE      'az vm list-usage -o json' of REGION: warns of a\n" \
	"                           quota the pools exceed (repeatable)\n"

/* The verbs of `gpufit k8s` (src/cmd_k8s.c), NULL-terminated; the first
 * verb, "generate", also runs for `gpufit k8s PROFILE`. */
extern const struct subcommand cmd_k8s_verbs[];

#endif
