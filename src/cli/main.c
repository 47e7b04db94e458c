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
#include "http.h"
#include "tmpguard.h"
#include "util.h"

/* The formats of most commands; -f html where html_out.h renders a report. */
#define FORMATS "table|json|markdown|csv"
#define FORMATS_HTML FORMATS "|html"

const struct command gpufit_commands[] = {
	{ "analyze", cmd_analyze, "analyze [OPTIONS] FILE... | --prometheus URL",
	  "GPU telemetry in (dcgm-exporter, Prometheus, nvidia-smi, dcgmi): waste, bottlenecks, savings.",
	  cmd_analyze_opts, NULL, FORMATS_HTML, NULL },
	{ "catalog", cmd_catalog, "catalog refresh|list|show|models|gpus|status [ARGS]",
	  "The price and spec catalog: refresh from Azure, list sizes, show one size, the model "
	  "presets, the GPUs, status.",
	  NULL, cmd_catalog_verbs, FORMATS, NULL },
	{ "check", cmd_check, "check [OPTIONS] PROFILE",
	  "CI cost gate: recommend, compare with a baseline, fail (exit 1) over budget.",
	  cmd_check_opts, NULL, FORMATS_HTML,
	  "A budget: section in the profile gives the same limits; options override it." },
	{ "completion", cmd_completion, "completion bash|zsh|fish",
	  "Print the completion script of a shell (generated from the command and option tables).",
	  NULL, NULL, NULL, NULL },
	{ "diff", cmd_diff, "diff BASE.json HEAD.json",
	  "Compare two 'recommend -f json' outputs: cost and capacity changes per workload.",
	  NULL, NULL, FORMATS, NULL },
	{ "estimate", cmd_estimate, "estimate --model NAME --gpu MODEL|--sku SIZE|--mig PROFILE [OPTIONS]",
	  "One model on one GPU configuration: memory, fit, bound, throughput, latency.",
	  cmd_estimate_opts, NULL, FORMATS, NULL },
	{ "help", cmd_help, "help [COMMAND]", "Show help for gpufit or one command.", NULL, NULL,
	  NULL, NULL },
	{ "k8s", cmd_k8s, "k8s [OPTIONS] PROFILE",
	  "AKS GPU node pools (az commands) and Kubernetes manifests for the recommendation.",
	  cmd_k8s_opts, cmd_k8s_verbs, CMD_K8S_FORMATS, CMD_K8S_NOTE },
	{ "pack", cmd_pack, "pack [OPTIONS] PROFILE",
	  "The recommended fleet at GPU level: MIG node pools and each GPU's slices, whole VMs.",
	  cmd_pack_opts, NULL, FORMATS_HTML, NULL },
	{ "recommend", cmd_recommend, "recommend [OPTIONS] PROFILE",
	  "Ranked Azure GPU options and monthly costs for the workloads of a profile.",
	  cmd_recommend_opts, NULL, FORMATS_HTML, NULL },
	{ "validate", cmd_validate, "validate PROFILE...",
	  "Check workload profiles (YAML) and report every problem with its line and column.",
	  NULL, NULL, FORMATS, NULL },
	{ "version", cmd_version, "version", "Print the version.", NULL, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

int cli_has_html(const char *command)
{
	for (const struct command *c = gpufit_commands; c->name; c++) {
		if (strcmp(c->name, command) != 0 || !c->formats)
			continue;
		for (const char *p = c->formats; (p = strstr(p, "html")) != NULL; p += 4)
			if ((p == c->formats || p[-1] == '|') && (p[4] == '\0' || p[4] == '|'))
				return 1;
	}
	return 0;
}

static void print_main_help(FILE *f)
{
	fprintf(f, "usage: gpufit [GLOBAL OPTIONS] COMMAND [ARGS]\n\n"
		   "Right-size GPU capacity on Azure: what to run on and what it costs.\n\n"
		   "commands:\n");
	for (const struct command *c = gpufit_commands; c->name; c++)
		fprintf(f, "  %-11s %s\n", c->name, c->summary);
	fputs("\nglobal options:\n", f);
	cli_print_options(cli_global_opts, f);
	fprintf(f, "\nexit codes: 0 ok, 1 gate failed, 2 usage, 3 bad input, 4 catalog/network,\n"
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
	if (strcmp(argv[1], "--roff") == 0) {
		/* the man page's OPTIONS section (docs/gpufit.1, make man) */
		cli_print_roff_options(gpufit_commands, ctx->out);
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

/* The global option (cli_global_opts[], -h and --version aside: those are
 * the command's to see) that the word w is, or NULL; *val is set to its
 * value when the word carries one ("--format=json", "-fjson"). */
static const struct cli_opt *global_opt(const char *w, const char **val)
{
	*val = NULL;
	if (w[0] != '-' || w[1] == '\0')
		return NULL;
	for (const struct cli_opt *o = cli_global_opts; o->long_name; o++) {
		if (o->id == CLI_G_HELP || o->id == CLI_G_VERSION)
			continue;
		size_t n = strlen(o->long_name);
		if (w[1] == '-' && strncmp(w + 2, o->long_name, n) == 0) {
			if (w[2 + n] == '\0')
				return o;
			if (w[2 + n] == '=' && o->has_arg) {
				*val = w + 3 + n;
				return o;
			}
		} else if (w[1] != '-' && o->short_name && w[1] == o->short_name) {
			if (w[2] == '\0')
				return o;
			if (o->has_arg) {
				*val = w + 2;
				return o;
			}
		}
	}
	return NULL;
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
		if (strcmp(w, "--") == 0) {
			for (; i < n; i++)
				argv[out++] = argv[i];
			break;
		}
		const struct cli_opt *g = global_opt(w, &val);
		if (!g) {
			argv[out++] = w;
			continue;
		}
		int which = g->id;
		if (which == CLI_G_NO_COLOR) {
			ctx->color = 0;
			continue;
		}
		if (!val) {
			if (i + 1 >= n) {
				diag_error("option '%s' requires a value", w);
				return -1;
			}
			val = argv[++i];
		}
		if (which == CLI_G_FORMAT) {
			if (out_format_parse(val, &ctx->format) != 0) {
				diag_error("unknown format '%s' (table, json, markdown, csv, html)", val);
				return -1;
			}
			ctx->format_given = 1;
		} else if (which == CLI_G_OUTPUT) {
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

/* The command line as given, kept for gpufit-net while run() runs. */
static char **whole_argv;

/*
 * What command c with its arguments is, when it goes to the network: catalog
 * refresh (but not of saved pages, --from-file) and analyze --prometheus (an
 * option's name is never abbreviated).  gpufit hands those to gpufit-net
 * (include/http.h).
 */
/* 1 when a word of argv[from..argc) is --NAME or --NAME=VALUE. */
static int has_option(int argc, char **argv, int from, const char *name)
{
	size_t n = strlen(name);

	for (int i = from; i < argc; i++)
		if (strncmp(argv[i], "--", 2) == 0 && strncmp(argv[i] + 2, name, n) == 0 &&
		    (argv[i][2 + n] == '\0' || argv[i][2 + n] == '='))
			return 1;
	return 0;
}

static const char *goes_online(const struct command *c, int argc, char **argv)
{
	/* every word is looked at, "--" and option values too: a word taken
	 * for an option by mistake only sends the command to gpufit-net,
	 * which runs every command */
	if (c->fn == cmd_catalog)   /* saved pages (--from-file): no network */
		return argc > 1 && strcmp(argv[1], "refresh") == 0 &&
			       !has_option(argc, argv, 2, "from-file") ? "catalog refresh" : NULL;
	if (c->fn == cmd_analyze && has_option(argc, argv, 1, "prometheus"))
		return "analyze --prometheus";
	return NULL;
}

static int run(int argc, char **argv);

/* main() keeps the command line for gpufit-net and frees it after run(). */
int main(int argc, char **argv)
{
	int rc;

	/* a copy: take_globals reorders argv, gpufit-net parses it again */
	whole_argv = xmalloc(((size_t)argc + 1) * sizeof(*whole_argv));
	memcpy(whole_argv, argv, ((size_t)argc + 1) * sizeof(*whole_argv));
	http_keep_argv(whole_argv);
	rc = run(argc, argv);
	http_keep_argv(NULL);
	free(whole_argv);
	whole_argv = NULL;
	return rc;
}

static int run(int argc, char **argv)
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

	const char *online = help ? NULL : goes_online(c, argc - 1, argv + 1);
	if (online) {
		char err[HTTP_ERRLEN];
		if (http_require_network(err, sizeof(err)) != 0) {
			diag_error("%s: %s", online, err);
			return EXIT_CATALOG;
		}
	}
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
