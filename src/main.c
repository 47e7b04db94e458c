/*
 * main.c - the gpufit command table, global options and dispatch.
 *
 * Global options (-f/--format, -o/--output, --catalog, --no-color) may stand
 * before or after the command name; they are taken out of argv before the
 * command sees it.  Results go to stdout or the -o file: a regular file (or a
 * missing path) is written to a temporary file and renamed, so a failed run
 * never leaves a partial file; a device, FIFO or socket is written in place; a
 * symbolic link is followed and its target gets the same rules (see
 * resolve_output).  Exit 0 only when that output was flushed and closed
 * without error.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "diag.h"
#include "gpufit.h"
#include "tmpguard.h"
#include "util.h"

const struct command gpufit_commands[] = {
	{ "analyze", cmd_analyze, "analyze [OPTIONS] FILE... | --prometheus URL",
	  "GPU telemetry in (dcgm-exporter, Prometheus, nvidia-smi, dcgmi): waste, bottlenecks, savings.",
	  "  --input-format F         auto | dcgm | prometheus-json | nvidia-smi | dcgmi\n"
	  "  --columns LIST           nvidia-smi fields of a headerless CSV (default: the\n"
	  "                           documented --query-gpu list)\n"
	  "  --host NAME              host of nvidia-smi/dcgmi files (default: file name)\n"
	  "  --metric NAME            metric of query_range series without __name__\n"
	  "  --prometheus URL         read a live Prometheus HTTP API: the server computes\n"
	  "                           each series' statistics over the window\n"
	  "  --raw                    read every sample with query_range instead\n"
	  "  --since DUR              window ending now (default 7d); or --start/--end T\n"
	  "  --step DUR               query_range and idle-share resolution (default 5m)\n"
	  "  --max-series-per-query N  series per answer; hosts are batched (default 1000)\n"
	  "  --bearer-token-file FILE  send 'Authorization: Bearer' with the token in FILE\n"
	  "                           (else $GPUFIT_PROMETHEUS_TOKEN); never printed\n"
	  "  --header 'Name: value'   an extra request header (repeatable)\n"
	  "  --cacert FILE            CA bundle (PEM) that signs the server's certificate\n"
	  "  -v, --verbose            print each Prometheus request and what it cost\n"
	  "  --sku SIZE               the Azure size of every host\n"
	  "  --hosts FILE             'HOST SIZE' lines; else sizes are inferred\n"
	  "  --region R               price region (default eastus)\n"
	  "  --pricing P              payg | spot | reserved-1y | ... (default payg)\n"
	  "  --hours-per-month H      default 730\n"
	  "  --fail-on LIST           exit 1 when a GPU has one of these findings\n"
	  "                           (idle,underused,busy-waiting,data-starved,\n"
	  "                           memory-bound,no-data,any)\n"
	  "  --min-samples N          fewer samples: no-data (default 10)\n"
	  "  --idle-below PCT         peak activity below PCT: idle (default 5)\n"
	  "  --underused-below PCT    p95 activity below PCT: underused (default 50)\n"
	  "  --busy-util PCT          duty cycle at or above PCT ... (default 80)\n"
	  "  --busy-sm-below PCT      ... with SM activity below PCT: busy-waiting (default 50)\n"
	  "  --starved-sm-below PCT   SM activity below PCT with input traffic: data-starved\n"
	  "                           (default 30)\n"
	  "  --pcie-rx-gbps N         host-to-device traffic that counts as input (default 1)\n"
	  "  --memory-dram PCT        DRAM activity at or above PCT: memory-bound (default 50)\n" },
	{ "catalog", cmd_catalog, "catalog refresh|list|show|models|gpus|status [ARGS]",
	  "The price and spec catalog: refresh from Azure, list sizes, show one size, the model "
	  "presets, the GPUs, status.",
	  "" },
	{ "check", cmd_check, "check [OPTIONS] PROFILE",
	  "CI cost gate: recommend, compare with a baseline, fail (exit 1) over budget.",
	  "  -b, --baseline FILE        a previous 'recommend -f json' (the base branch's)\n"
	  "      --max-monthly N        fail when the monthly cost exceeds N\n"
	  "      --max-increase N       fail when it rises more than N over the baseline\n"
	  "      --max-increase-pct P   fail when it rises more than P percent (10 or 10%)\n"
	  "      --max-catalog-age-days D  fail when the oldest price used (by region and\n"
	  "                             kind) is older than D days (without it, an old\n"
	  "                             catalog is only a warning)\n"
	  "      --fail-on KINDS        fail on findings of these kinds (comma list:\n"
	  "                             data-starved,data-gravity,data-placement,cold-start,\n"
	  "                             quota-short,...)\n"
	  "      --pricing KIND         payg | spot | reserved-1y | reserved-3y | savings-1y |\n"
	  "                             savings-3y | auto: per workload the cheapest term\n"
	  "                             for its hours, spot excluded (default: the profile's)\n"
	  "      --skus FILE            'az vm list-skus -o json': only sizes the subscription\n"
	  "                             can launch (docs/quota.md)\n"
	  "      --usage REGION=FILE    'az vm list-usage -o json' of REGION: quota-short\n"
	  "                             findings (--fail-on quota-short; repeatable)\n"
	  "  A budget: section in the profile gives the same limits; options override it.\n" },
	{ "completion", cmd_completion, "completion bash",
	  "Print the bash completion script (generated from this command table).", "" },
	{ "diff", cmd_diff, "diff BASE.json HEAD.json",
	  "Compare two 'recommend -f json' outputs: cost and capacity changes per workload.",
	  "" },
	{ "estimate", cmd_estimate, "estimate --model NAME --gpu MODEL|--sku SIZE|--mig PROFILE [OPTIONS]",
	  "One model on one GPU configuration: memory, fit, bound, throughput, latency.",
	  "  --model NAME             a model preset (or --params-b N with --layers, --hidden,\n"
	  "                           --heads, --kv-heads, --vocab)\n"
	  "  --hf-config PATH         a Hugging Face config.json instead of a preset (offline)\n"
	  "  --precision P            fp32 | bf16 | fp16 | fp8 | int8 | int4 | fp4 | mxfp4 |\n"
	  "                           fp8-block | native (default fp16, bf16 for training, as\n"
	  "                           in a profile; native: as the weights are released)\n"
	  "  --kv-precision P         KV cache precision (default: fp16 for int8/int4/fp4,\n"
	  "                           bf16 for native, else P)\n"
	  "  --gpu MODEL              a GPU model; --gpus N of them (default 1)\n"
	  "  --sku SIZE               an Azure VM size (its GPUs)\n"
	  "  --mig PROFILE            one MIG slice, e.g. --gpu A100-SXM-80GB --mig 3g.40gb\n"
	  "  --input-tokens N         prompt tokens per request (default 1024)\n"
	  "  --output-tokens N        generated tokens per request (default 256)\n"
	  "  --concurrency N|max      sequences in flight (default max: the largest that fits)\n"
	  "  --max-sequences N        the engine's cap on sequences in flight as you set it\n"
	  "                           (vLLM max_num_seqs, ...; default: the engine's default)\n"
	  "  --engine E               vllm (default) | tensorrt-llm | sglang | tgi | llama.cpp |\n"
	  "                           transformers: the serving stack's factors\n"
	  "  --expert-parallel        a mixture of experts spreads its experts over the GPUs\n"
	  "                           (and attention data-parallel for MLA where the engine\n"
	  "                           does; see docs/sizing.md)\n"
	  "  --mode M                 inference | training (default inference)\n"
	  "  --method M               training: full | lora | qlora (default full)\n"
	  "  --zero-stage N           training: ZeRO stage 0-3 (default 3 for full, 0 for\n"
	  "                           lora/qlora, as in a profile)\n"
	  "  --framework F            training: fsdp | megatron | deepspeed (published MFU)\n"
	  "  --tokens N               training: tokens of one run (default 1e9)\n"
	  "  --sequence-length N      training: tokens per sequence (default 4096)\n"
	  "  --micro-batch N          training: sequences per data-parallel replica per\n"
	  "                           micro-step (its tensor-parallel GPUs share them;\n"
	  "                           default 1)\n" },
	{ "help", cmd_help, "help [COMMAND]", "Show help for gpufit or one command.", "" },
	{ "k8s", cmd_k8s, "k8s [OPTIONS] PROFILE",
	  "AKS GPU node pools (az commands) and Kubernetes manifests for the recommendation.",
	  CMD_K8S_OPTIONS },
	{ "pack", cmd_pack, "pack [OPTIONS] PROFILE",
	  "Pack small inference workloads onto MIG slices of shared GPUs at the lowest cost.",
	  "  --strategy S             aks (default: one MIG profile per node pool, AKS\n"
	  "                           --gpu-instance-profile) | mixed (any valid layout\n"
	  "                           per GPU, GPU Operator mixed strategy)\n"
	  "  --headroom PCT           memory and throughput headroom, 15 or 15% (default 15)\n"
	  "  --region R               pack every workload in region R\n" },
	{ "recommend", cmd_recommend, "recommend [OPTIONS] PROFILE",
	  "Ranked Azure GPU options and monthly costs for the workloads of a profile.",
	  "  --headroom PCT           memory and throughput headroom, 15 or 15% (default 15)\n"
	  "  --top N                  alternatives shown per workload (default 3)\n"
	  "  --all-rejected           list every rejected option (no caps, no summary lines)\n"
	  "  --explain SKU            one size's whole sizing for each workload (memory,\n"
	  "                           split, bound, throughput, latency, price)\n"
	  "  --pricing KIND           payg | spot | reserved-1y | reserved-3y | savings-1y |\n"
	  "                           savings-3y | auto: per workload the cheapest term\n"
	  "                           for its hours, spot excluded (default: the profile's)\n"
	  "  --region R               compare in region R instead (repeatable)\n"
	  "  --hours-per-month N      default: the profile's, else 730\n"
	  "  --currency CUR           price currency (default: the profile's)\n"
	  "  --skus FILE              'az vm list-skus -o json': never recommend a size the\n"
	  "                           subscription cannot launch in a region or zone\n"
	  "  --usage REGION=FILE      'az vm list-usage --location REGION -o json': a\n"
	  "                           quota-short finding where the plan needs more vCPUs\n"
	  "                           than are free (repeatable)\n" },
	{ "validate", cmd_validate, "validate PROFILE...",
	  "Check workload profiles (YAML) and report every problem with its line and column.",
	  "" },
	{ "version", cmd_version, "version", "Print the version.", "" },
	{ NULL, NULL, NULL, NULL, NULL },
};

static void print_main_help(FILE *f)
{
	fprintf(f, "usage: gpufit [GLOBAL OPTIONS] COMMAND [ARGS]\n\n"
		   "Right-size GPU capacity on Azure: what to run on and what it costs.\n\n"
		   "commands:\n");
	for (const struct command *c = gpufit_commands; c->name; c++)
		fprintf(f, "  %-11s %s\n", c->name, c->summary);
	fprintf(f, "\nglobal options:\n"
		   "  -f, --format FMT   table | json | markdown | csv | html (default table)\n"
		   "  -o, --output FILE  write the result to FILE instead of stdout\n"
		   "      --catalog PATH use this catalog (also GPUFIT_CATALOG)\n"
		   "      --no-color     never colour the output (also NO_COLOR)\n"
		   "  -h, --help         show help\n"
		   "      --version      print the version\n"
		   "\nexit codes: 0 ok, 1 gate failed, 2 usage, 3 bad input, 4 catalog/network,\n"
		   "            5 no feasible option\n"
		   "\nRun 'gpufit help COMMAND' for the options of a command.\n");
}

/* The commands with a YAML report; -f yaml is a usage error for every other
 * one. */
static const char *const yaml_commands[] = { "k8s", NULL };

static int listed(const char *const *names, const struct command *c)
{
	for (const char *const *n = names; *n; n++)
		if (strcmp(*n, c->name) == 0)
			return 1;
	return 0;
}

static const struct command *find_command(const char *name)
{
	for (const struct command *c = gpufit_commands; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

static int unknown_command(const char *name)
{
	const char *names[64];
	size_t n = 0;
	for (const struct command *c = gpufit_commands; c->name && n < 64; c++)
		names[n++] = c->name;
	diag_error("'%s' is not a gpufit command", name);
	const char *hint = util_suggest(name, names, n);
	if (hint)
		fprintf(stderr, "Did you mean 'gpufit %s'?\n", hint);
	else
		fprintf(stderr, "Run 'gpufit help' for the list of commands.\n");
	return EXIT_USAGE;
}

int cmd_help(struct cli_ctx *ctx, int argc, char **argv)
{
	if (argc < 2) {
		print_main_help(ctx->out);
		return EXIT_OK;
	}
	const struct command *c = find_command(argv[1]);
	if (!c)
		return unknown_command(argv[1]);
	if (c->fn == cmd_catalog) {
		char *av[] = { "catalog", "--help", NULL };
		return cmd_catalog(ctx, 2, av);
	}
	cli_print_command_help(c, ctx->out);
	return EXIT_OK;
}

int cmd_version(struct cli_ctx *ctx, int argc, char **argv)
{
	fprintf(ctx->out, "gpufit %s\n", GPUFIT_VERSION);
	return EXIT_OK;
}

/* Removes the global options from argv (up to "--"); returns -1 on a usage
 * error (already reported). */
static int take_globals(struct cli_ctx *ctx, int *argc, char **argv)
{
	int out = 1;
	int n = *argc;
	for (int i = 1; i < n; i++) {
		char *w = argv[i];
		const char *val = NULL;
		int which = 0; /* 1 format, 2 output, 3 catalog */
		if (strcmp(w, "--") == 0) {
			for (; i < n; i++)
				argv[out++] = argv[i];
			break;
		}
		if (strcmp(w, "-f") == 0 || strcmp(w, "--format") == 0)
			which = 1;
		else if (strncmp(w, "--format=", 9) == 0)
			which = 1, val = w + 9;
		else if (strncmp(w, "-f", 2) == 0 && w[2])
			which = 1, val = w + 2;
		else if (strcmp(w, "-o") == 0 || strcmp(w, "--output") == 0)
			which = 2;
		else if (strncmp(w, "--output=", 9) == 0)
			which = 2, val = w + 9;
		else if (strcmp(w, "--catalog") == 0)
			which = 3;
		else if (strncmp(w, "--catalog=", 10) == 0)
			which = 3, val = w + 10;
		else if (strcmp(w, "--no-color") == 0) {
			ctx->color = 0;
			continue;
		}
		if (!which) {
			argv[out++] = w;
			continue;
		}
		if (!val) {
			if (i + 1 >= n) {
				diag_error("option '%s' requires a value", w);
				return -1;
			}
			val = argv[++i];
		}
		if (which == 1) {
			if (out_format_parse(val, &ctx->format) != 0) {
				diag_error("unknown format '%s' (table, json, markdown, csv, html)", val);
				return -1;
			}
			ctx->format_given = 1;
		} else if (which == 2) {
			enum out_format f;

			/* kubectl's "-o json": a bare format name is a format meant,
			 * not a file wanted ("./json" asks for the file). */
			int wide = strcmp(val, "wide") == 0;

			if (wide || out_format_parse(val, &f) == 0) {
				diag_error("-o writes a file; did you mean -f %s? (-o ./%s writes a file "
					   "of that name)", wide ? "table" : val, val);
				return -1;
			}
			ctx->output_path = val;
		} else {
			ctx->catalog_path = val;
		}
	}
	argv[out] = NULL;
	*argc = out;
	return 0;
}

/*
 * Where the -o output goes.  rename(2) over anything but a regular file would
 * replace it: as root, "-o /dev/null" would turn the device into a regular
 * file.  So:
 *   - a regular file or a missing path: *target is that path, *in_place 0
 *     (written to a temporary in its directory, renamed over it on success);
 *   - a character or block device, FIFO or socket: written in place
 *     (*in_place 1, *target the path as given);
 *   - a symbolic link: followed; its final target gets the rules above, so the
 *     link stays a link and what it points at is updated (a dangling link
 *     creates its target);
 *   - a directory: an error.
 * Returns 0, or an errno value.
 */
static int resolve_output(const char *path, char *target, size_t size, int *in_place)
{
	struct stat st;
	*in_place = 0;
	if (strlen(path) >= size)
		return ENAMETOOLONG;
	strcpy(target, path);
	if (lstat(path, &st) != 0)
		return 0; /* missing (or unreadable: creating the temporary reports it) */
	if (S_ISLNK(st.st_mode)) {
		if (stat(path, &st) == 0) {
			if (S_ISREG(st.st_mode)) {
				char real[PATH_MAX];
				if (!realpath(path, real))
					return errno;
				if (strlen(real) >= size)
					return ENAMETOOLONG;
				strcpy(target, real);
				return 0;
			}
		} else if (errno == ENOENT) {
			/* Dangling: the missing name at the end of the chain. */
			for (int hops = 0; hops < 40; hops++) {
				char link[PATH_MAX];
				ssize_t n = readlink(target, link, sizeof link - 1);
				if (n < 0)
					return errno == EINVAL ? 0 : errno;
				link[n] = '\0';
				const char *slash = strrchr(target, '/');
				size_t dir = link[0] == '/' || !slash ? 0 : (size_t)(slash - target) + 1;
				if (dir + (size_t)n >= size)
					return ENAMETOOLONG;
				memmove(target + dir, link, (size_t)n + 1);
				if (lstat(target, &st) != 0 || !S_ISLNK(st.st_mode))
					return 0;
			}
			return ELOOP;
		} else {
			return errno;
		}
	}
	if (S_ISDIR(st.st_mode))
		return EISDIR;
	*in_place = !S_ISREG(st.st_mode);
	return 0;
}

/* A FIFO, a device or the like, written in place.  A FIFO that no process
 * reads would block the open forever: it is opened without waiting, again
 * every 20 ms for up to FIFO_WAIT_MS, then fails with ENXIO; the stream
 * itself blocks as usual. */
#define FIFO_WAIT_MS 10000
static FILE *open_in_place(const char *target, int *e)
{
	struct stat st;
	int fifo = stat(target, &st) == 0 && S_ISFIFO(st.st_mode);
	int fd = -1;
	FILE *f;

	for (int waited = 0;; waited += 20) {
		fd = open(target, O_WRONLY | O_CLOEXEC | (fifo ? O_NONBLOCK : 0));
		if (fd >= 0 || !fifo || errno != ENXIO || waited >= FIFO_WAIT_MS)
			break;
		usleep(20000);
	}
	if (fd < 0) {
		*e = fifo && errno == ENXIO ? -1 : errno;
		return NULL;
	}
	if ((fifo && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) ||
	    !(f = fdopen(fd, "w"))) {
		*e = errno;
		close(fd);
		return NULL;
	}
	return f;
}

/* The temporary that replaces an existing file takes its permissions (and,
 * for root, its owner), so -o never widens who may read a report. */
static void keep_mode(int fd, const char *target)
{
	struct stat st;

	if (stat(target, &st) != 0 || !S_ISREG(st.st_mode))
		return;
	if (geteuid() == 0 && fchown(fd, st.st_uid, st.st_gid) != 0)
		diag_warning("cannot keep the owner of '%s': %s", target, util_strerror(errno));
	if (fchmod(fd, st.st_mode & 07777) != 0)
		diag_warning("cannot keep the permissions of '%s': %s", target, util_strerror(errno));
}

/* Flushes and closes the result stream; renames the -o temporary (tmp, ""
 * when written in place) over target. */
static int finish_output(struct cli_ctx *ctx, const char *tmp, const char *target, int rc,
			 int slot)
{
	int bad = fflush(ctx->out) != 0 || ferror(ctx->out);
	if (ctx->out != stdout) {
		/* A report was produced for 0, 1 (gate failed) and 5 (some workload
		 * infeasible); any other code leaves the old file as it was. */
		int keep = rc == EXIT_OK || rc == EXIT_GATE || rc == EXIT_INFEASIBLE;
		bad |= fclose(ctx->out) != 0;
		if (tmp[0] && !bad && keep && rename(tmp, target) != 0) {
			diag_error("cannot write '%s': %s", ctx->output_path, util_strerror(errno));
			remove(tmp);
			tmpguard_disarm(slot);
			return EXIT_INPUT;
		}
		if (tmp[0] && (bad || !keep))
			remove(tmp);
		tmpguard_disarm(slot);
	}
	if (bad) {
		diag_error("cannot write the output: %s", util_strerror(errno ? errno : EIO));
		return rc == EXIT_OK ? EXIT_INPUT : rc;
	}
	return rc;
}

int main(int argc, char **argv)
{
	struct cli_ctx ctx = { 0 };
	ctx.format = FMT_TABLE;
	ctx.out = stdout;
	ctx.color = 1; /* until --no-color */
	ctx.stderr_tty = isatty(STDERR_FILENO);

	if (take_globals(&ctx, &argc, argv) != 0) {
		fprintf(stderr, "Try 'gpufit --help'.\n");
		return EXIT_USAGE;
	}
	{
		/* Colour for a person only: the table format, not to an -o file,
		 * not under --no-color, NO_COLOR or TERM=dumb; each stream only
		 * when it is a terminal. */
		int want = ctx.color && ctx.format == FMT_TABLE && !ctx.output_path &&
			   out_color_env(getenv("NO_COLOR"), getenv("TERM"));
		ctx.color = want && isatty(STDOUT_FILENO);
		diag_set_color(want && ctx.stderr_tty);
	}
	if (argc < 2) {
		print_main_help(stderr);
		return EXIT_USAGE;
	}
	const char *name = argv[1];
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0)
		name = "help";
	else if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0)
		name = "version";
	else if (name[0] == '-') {
		diag_error("unknown option '%s'", name);
		fprintf(stderr, "Try 'gpufit --help'.\n");
		return EXIT_USAGE;
	}
	const struct command *c = find_command(name);
	if (!c)
		return unknown_command(name);

	if (ctx.format == FMT_SH && c->fn != cmd_k8s) {
		diag_error("format 'sh' is only for 'gpufit k8s'");
		return EXIT_USAGE;
	}
	if (ctx.format == FMT_SARIF && c->fn != cmd_k8s) {
		diag_error("format 'sarif' is only for 'gpufit k8s lint'");
		return EXIT_USAGE;
	}
	/* "gpufit CMD --help" is answered here for every command without verbs. */
	int help = 0;
	for (int i = 2; i < argc && !help; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		help = strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0;
	}
	if (help && c->fn != cmd_catalog && c->fn != cmd_k8s) {
		cli_print_command_help(c, stdout);
		return finish_output(&ctx, "", "", EXIT_OK, -1);
	}
	if (ctx.format == FMT_YAML && !help && !listed(yaml_commands, c))
		return cli_usage_error(c->name, "format 'yaml' is not supported (table, json, "
						"markdown, csv%s)", cli_has_html(c->name) ? ", html" : "");
	if (ctx.format == FMT_HTML && !help && !cli_has_html(c->name))
		return cli_usage_error(c->name, "format 'html' is not supported (table, json, "
						"markdown, csv)");

	char tmp[PATH_MAX + 32] = "", target[PATH_MAX] = "";
	int slot = -1;
	if (ctx.output_path) {
		int in_place = 0;
		int e = resolve_output(ctx.output_path, target, sizeof target, &in_place);
		if (e == 0 && !in_place) {
			snprintf(tmp, sizeof tmp, "%s.tmp.%ld", target, (long)getpid());
			slot = tmpguard_arm(tmp);   /* before the file exists */
		}
		ctx.out = e ? NULL : in_place ? open_in_place(target, &e) : fopen(tmp, "w");
		if (!ctx.out) {
			if (e == -1)
				diag_error("cannot write '%s': a FIFO no process reads (waited %d s)",
					   ctx.output_path, FIFO_WAIT_MS / 1000);
			else
				diag_error("cannot write '%s': %s", ctx.output_path,
					   util_strerror(e ? e : errno));
			tmpguard_disarm(slot);
			return EXIT_INPUT;
		}
		if (tmp[0])
			keep_mode(fileno(ctx.out), target);
		ctx.color = 0;
	}
	int rc = c->fn(&ctx, argc - 1, argv + 1);
	return finish_output(&ctx, tmp, target, rc, slot);
}
