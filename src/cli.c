/*
 * cli.c - option parsing with "did you mean" hints, nested verb dispatch and
 * help rendering from the command tables.
 */
#include "cli.h"

#include <stdarg.h>
#include <string.h>

#include "diag.h"
#include "gpufit.h"
#include "util.h"

int cli_has_html(const char *command)
{
	static const char *const names[] = { "analyze", "check", "pack", "recommend" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(names[i], command) == 0)
			return 1;
	return 0;
}

void cli_print_command_help(const struct command *c, FILE *f)
{
	fprintf(f, "usage: gpufit %s\n\n%s\n", c->usage, c->summary);
	if (c->options && *c->options)
		fprintf(f, "\noptions:\n%s", c->options);
	fprintf(f, "\nglobal options:\n"
		   "  -f, --format FMT   table | json | markdown | csv%s\n"
		   "  -o, --output FILE  write the result to FILE instead of stdout\n"
		   "      --catalog PATH use this catalog file\n",
		cli_has_html(c->name) ? " | html" : "");
}

static void print_sub_help(const char *parent, const struct subcommand *s, FILE *f)
{
	fprintf(f, "usage: gpufit %s\n\n%s\n", s->usage, s->summary);
	if (s->options && *s->options)
		fprintf(f, "\noptions:\n%s", s->options);
	(void)parent;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_error("%s: %s", cmd, msg);
	fprintf(stderr, "Try 'gpufit %s --help'.\n", cmd);
	return EXIT_USAGE;
}

int cli_dispatch_sub(struct cli_ctx *ctx, const char *parent, const struct subcommand *subs,
		     int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		FILE *f = argc < 2 ? stderr : ctx->out;
		fprintf(f, "usage: gpufit %s VERB [ARGS]\n\nverbs:\n", parent);
		for (const struct subcommand *s = subs; s->name; s++)
			fprintf(f, "  %-10s %s\n", s->name, s->summary);
		return argc < 2 ? EXIT_USAGE : EXIT_OK;
	}
	const char *names[32];
	size_t n = 0;
	for (const struct subcommand *s = subs; s->name; s++) {
		if (n < 32)
			names[n++] = s->name;
		if (strcmp(argv[1], s->name) != 0)
			continue;
		for (int i = 2; i < argc; i++) {
			if (strcmp(argv[i], "--") == 0)
				break;
			if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
				print_sub_help(parent, s, stdout);
				return EXIT_OK;
			}
		}
		return s->fn(ctx, argc - 1, argv + 1);
	}
	const char *hint = util_suggest(argv[1], names, n);
	diag_error("'%s' is not a '%s' verb", argv[1], parent);
	if (hint)
		fprintf(stderr, "Did you mean 'gpufit %s %s'?\n", parent, hint);
	else
		fprintf(stderr, "Try 'gpufit %s --help'.\n", parent);
	return EXIT_USAGE;
}

void cli_iter_init(struct cli_iter *it, const char *cmd, const struct cli_opt *opts, int argc,
		   char **argv)
{
	it->argc = argc;
	it->argv = argv;
	it->i = 1;
	it->opts = opts;
	it->cmd = cmd;
	it->no_more_opts = 0;
}

static int unknown_option(struct cli_iter *it, const char *word)
{
	const char *names[64];
	char buf[64][40];
	size_t n = 0;
	for (const struct cli_opt *o = it->opts; o->long_name && n < 64; o++, n++) {
		snprintf(buf[n], sizeof buf[n], "--%s", o->long_name);
		names[n] = buf[n];
	}
	char key[128];
	snprintf(key, sizeof key, "%.*s", (int)strcspn(word, "="), word);
	const char *hint = key[1] == '-' ? util_suggest(key, names, n) : NULL;
	diag_error("%s: unknown option '%s'", it->cmd, key);
	if (hint)
		fprintf(stderr, "Did you mean '%s'?\n", hint);
	else
		fprintf(stderr, "Try 'gpufit %s --help'.\n", it->cmd);
	return CLI_ERROR;
}

int cli_next(struct cli_iter *it, const char **val)
{
	*val = NULL;
	if (it->i >= it->argc)
		return CLI_END;
	char *w = it->argv[it->i++];
	if (it->no_more_opts || w[0] != '-' || w[1] == '\0') {
		*val = w;
		return CLI_POSITIONAL;
	}
	if (strcmp(w, "--") == 0) {
		it->no_more_opts = 1;
		return cli_next(it, val);
	}
	if (strcmp(w, "--help") == 0 || strcmp(w, "-h") == 0)
		return CLI_HELP;
	const struct cli_opt *found = NULL;
	const char *inline_val = NULL;
	if (w[1] == '-') {
		size_t klen = strcspn(w + 2, "=");
		for (const struct cli_opt *o = it->opts; o->long_name; o++) {
			if (strlen(o->long_name) == klen && strncmp(o->long_name, w + 2, klen) == 0) {
				found = o;
				break;
			}
		}
		if (found && w[2 + klen] == '=')
			inline_val = w + 3 + klen;
	} else {
		/* A negative number is a value, not an option. */
		if ((w[1] >= '0' && w[1] <= '9') || w[1] == '.') {
			*val = w;
			return CLI_POSITIONAL;
		}
		for (const struct cli_opt *o = it->opts; o->long_name; o++) {
			if (o->short_name && o->short_name == w[1]) {
				found = o;
				break;
			}
		}
		if (found && w[2] != '\0') {
			if (found->has_arg)
				inline_val = w + 2;
			else
				found = NULL;
		}
	}
	if (!found)
		return unknown_option(it, w);
	if (found->has_arg == CLI_ARG_NONE) {
		if (inline_val) {
			diag_error("%s: option '--%s' takes no value", it->cmd, found->long_name);
			return CLI_ERROR;
		}
		return found->id;
	}
	if (inline_val) {
		*val = inline_val;
		return found->id;
	}
	if (it->i >= it->argc) {
		diag_error("%s: option '--%s' requires a value", it->cmd, found->long_name);
		fprintf(stderr, "Try 'gpufit %s --help'.\n", it->cmd);
		return CLI_ERROR;
	}
	*val = it->argv[it->i++];
	return found->id;
}

int cli_number(const char *cmd, const char *opt, const char *val, double *out)
{
	if (util_parse_double(val, out) != 0) {
		diag_error("%s: '%s' for '--%s' is not a number", cmd, val, opt);
		return -1;
	}
	return 0;
}

int cli_percent(const char *cmd, const char *opt, const char *val, double *out)
{
	char buf[64];
	size_t n = strlen(val);

	if (n > 1 && n < sizeof buf && val[n - 1] == '%') {
		memcpy(buf, val, n - 1);
		buf[n - 1] = '\0';
		if (util_parse_double(buf, out) == 0)
			return 0;
	}
	return cli_number(cmd, opt, val, out);
}

int cli_currency(const char *cmd, const char *val, char out[4])
{
	if (util_currency_code(val, out) != 0) {
		diag_error("%s: '%s' for '--currency' is not a currency code (three letters, "
			   "e.g. USD, EUR)", cmd, val);
		return -1;
	}
	return 0;
}

int cli_positive(const char *cmd, const char *opt, const char *val, double *out)
{
	if (cli_number(cmd, opt, val, out) != 0)
		return -1;
	if (*out <= 0) {
		diag_error("%s: '--%s' must be greater than 0, got '%s'", cmd, opt, val);
		return -1;
	}
	return 0;
}
