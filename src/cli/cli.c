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

const struct cli_opt cli_global_opts[] = {
	{ "format", 'f', CLI_ARG_REQUIRED, CLI_G_FORMAT, "FMT", NULL,
	  "table (default), json, markdown, csv; html, yaml, sh and sarif where a command has "
	  "them ('gpufit COMMAND --help' lists its formats)" },
	{ "output", 'o', CLI_ARG_REQUIRED, CLI_G_OUTPUT, "FILE", CLI_FILE,
	  "write the result to FILE instead of stdout" },
	{ "catalog", 0, CLI_ARG_REQUIRED, CLI_G_CATALOG, "PATH", CLI_FILE,
	  "use this catalog (also GPUFIT_CATALOG)" },
	{ "no-color", 0, CLI_ARG_NONE, CLI_G_NO_COLOR, NULL, NULL,
	  "never colour the output (also NO_COLOR)" },
	{ "help", 'h', CLI_ARG_NONE, CLI_G_HELP, NULL, NULL, "show help" },
	{ "version", 'V', CLI_ARG_NONE, CLI_G_VERSION, NULL, NULL, "print the version" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

/* Help lines: the option column is HELP_COL wide, the text wrapped at
 * HELP_WIDTH. */
#define HELP_COL 28
#define HELP_WIDTH 79

/* Prints text wrapped at HELP_WIDTH, every line starting at column indent;
 * the first line continues one that has reached column col. */
static void print_wrapped(FILE *f, int indent, int col, const char *text)
{
	const char *p = text;
	int first = 1;

	while (*p) {
		size_t room = (size_t)(HELP_WIDTH - indent), n = strlen(p);
		if (n > room) {
			/* the last blank within room, else the first after it */
			size_t cut = room;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = strcspn(p, " ");
			n = cut;
		}
		fprintf(f, "%*s%.*s\n", indent - (first ? col : 0), "", (int)n, p);
		first = 0;
		p += n;
		while (*p == ' ')
			p++;
	}
	if (first)
		fputc('\n', f);
}

static void print_option(FILE *f, const struct cli_opt *o, const char *help)
{
	char left[128];
	int n;

	if (o->short_name)
		n = snprintf(left, sizeof left, "  -%c, --%s", o->short_name, o->long_name);
	else
		n = snprintf(left, sizeof left, "      --%s", o->long_name);
	if (o->arg && n > 0 && (size_t)n < sizeof left)
		n += snprintf(left + n, sizeof left - (size_t)n, " %s", o->arg);
	if (n >= HELP_COL - 1) {
		fprintf(f, "%s\n", left);
		n = 0;
	} else {
		fputs(left, f);
	}
	print_wrapped(f, HELP_COL, n, help ? help : "");
}

void cli_print_options(const struct cli_opt *opts, FILE *f)
{
	for (const struct cli_opt *o = opts; o && o->long_name; o++)
		print_option(f, o, o->help);
}

/* "table|json" -> "table | json" */
static void format_list(const char *formats, char *buf, size_t size)
{
	size_t n = 0;
	for (const char *p = formats; *p && n + 4 < size; p++) {
		if (*p == '|') {
			memcpy(buf + n, " | ", 3);
			n += 3;
		} else {
			buf[n++] = *p;
		}
	}
	buf[n] = '\0';
}

static void print_help(FILE *f, const char *usage, const char *summary, const struct cli_opt *opts,
		       const struct subcommand *verbs, const char *formats, const char *note)
{
	fprintf(f, "usage: gpufit %s\n\n%s\n", usage, summary);
	if (verbs) {
		fputs("\nverbs:\n", f);
		for (const struct subcommand *s = verbs; s->name; s++)
			fprintf(f, "  %-10s %s\n", s->name, s->summary);
	}
	if (opts && opts->long_name) {
		fputs("\noptions:\n", f);
		cli_print_options(opts, f);
	}
	if (note) {
		fputc('\n', f);
		print_wrapped(f, 2, 0, note);
	}
	fputs("\nglobal options:\n", f);
	for (const struct cli_opt *o = cli_global_opts; o->long_name; o++) {
		char fmts[256];
		if (o->id == CLI_G_HELP || o->id == CLI_G_VERSION)
			continue;
		if (o->id == CLI_G_FORMAT && formats) {
			format_list(formats, fmts, sizeof fmts);
			print_option(f, o, fmts);
		} else {
			print_option(f, o, o->help);
		}
	}
}

void cli_print_command_help(const struct command *c, FILE *f)
{
	print_help(f, c->usage, c->summary, c->opts, c->verbs, c->formats, c->note);
}

void cli_print_sub_help(const struct subcommand *s, FILE *f)
{
	print_help(f, s->usage, s->summary, s->opts, NULL, s->formats, s->note);
}

/* roff: a hyphen is \-, a backslash \e, a line may not start with a dot
 * or a quote. */
static void roff_text(FILE *f, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", f);
	for (; *s; s++) {
		if (*s == '-')
			fputs("\\-", f);
		else if (*s == '\\')
			fputs("\\e", f);
		else
			fputc(*s, f);
	}
}

static void roff_options(FILE *f, const char *title, const struct cli_opt *opts)
{
	if (!opts || !opts->long_name)
		return;
	fputs(".SS ", f);
	roff_text(f, title);
	fputc('\n', f);
	for (const struct cli_opt *o = opts; o->long_name; o++) {
		fputs(".TP\n", f);
		if (o->short_name)
			fprintf(f, "\\fB\\-%c\\fR, ", o->short_name);
		fputs("\\fB\\-\\-", f);
		roff_text(f, o->long_name);
		fputs("\\fR", f);
		if (o->arg) {
			fputs(" \\fI", f);
			roff_text(f, o->arg);
			fputs("\\fR", f);
		}
		fputc('\n', f);
		roff_text(f, o->help ? o->help : "");
		fputc('\n', f);
	}
}

void cli_print_roff_options(const struct command *cmds, FILE *f)
{
	fputs(".SH OPTIONS\n"
	      "The options of each command and verb (\\fBgpufit\\fR \\fICOMMAND\\fR "
	      "\\fB\\-\\-help\\fR prints them too); the global options below apply to "
	      "every command.\n", f);
	for (const struct command *c = cmds; c->name; c++) {
		char title[128];
		snprintf(title, sizeof title, "gpufit %s", c->name);
		roff_options(f, title, c->opts);
		for (const struct subcommand *s = c->verbs; s && s->name; s++) {
			if (s->opts == c->opts)
				continue; /* the verb a bare command runs, listed above */
			snprintf(title, sizeof title, "gpufit %s %s", c->name, s->name);
			roff_options(f, title, s->opts);
		}
	}
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
				cli_print_sub_help(s, stdout);
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
