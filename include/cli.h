/*
 * cli.h - what every command sees: the run context, the command table entry,
 * and a small option parser with "did you mean" hints.
 *
 * Commands are `int cmd_NAME(struct cli_ctx *ctx, int argc, char **argv)`,
 * one per src/cmd_NAME.c, registered in the commands[] table of src/cli/main.c.
 * argv[0] is the command name; global options (-f, -o, --catalog) have already
 * been removed.  A command returns an exit code (gpufit.h) and writes its
 * result to ctx->out; main flushes and checks ctx->out before returning 0.
 */
#ifndef GPUFIT_CLI_H
#define GPUFIT_CLI_H

#include <stdio.h>

#include "output.h"

struct cli_ctx {
	const char *catalog_path;   /* --catalog, NULL when not given */
	enum out_format format;     /* -f; FMT_TABLE by default */
	int format_given;           /* 1 when -f was given */
	const char *output_path;    /* -o, NULL = stdout */
	FILE *out;                  /* where results go (stdout or the -o file) */
	int color;                  /* 1 when out is a terminal and NO_COLOR unset */
	int stderr_tty;             /* 1 when progress may be drawn on stderr */
};

struct cli_opt;

/* A nested verb table for `catalog refresh|list|show|status` and `k8s
 * generate|lint`; the fields are those of struct command. */
struct subcommand {
	const char *name;
	int (*fn)(struct cli_ctx *ctx, int argc, char **argv);
	const char *usage;
	const char *summary;
	const struct cli_opt *opts;
	const char *formats;
	const char *note;
};

/*
 * One row of the command table.  opts is the command's option table (the
 * one its parser reads; NULL: none) and verbs its verb table (NULL: none);
 * --help, the man page's OPTIONS and the shell completions are rendered
 * from them.  formats lists the -f values the command writes, the default
 * first ("table|json|markdown|csv"); note is NULL or a paragraph printed
 * under the options.
 */
struct command {
	const char *name;
	int (*fn)(struct cli_ctx *ctx, int argc, char **argv);
	const char *usage;          /* "recommend [OPTIONS] PROFILE" (no program name) */
	const char *summary;        /* one line for `gpufit help` */
	const struct cli_opt *opts; /* terminated by long_name NULL; NULL for none */
	const struct subcommand *verbs;
	const char *formats;
	const char *note;
};

/* The command table (src/cli/main.c); terminated by an entry with name NULL. */
extern const struct command gpufit_commands[];

/* 1 when command has an -f html report (html_out.h): its formats in the
 * command table list html; -f html is a usage error for every other command.
 * Defined in src/cli/main.c beside the table. */
int cli_has_html(const char *command);

/* Prints a command's full help (usage, summary, options, global options)
 * to f. */
void cli_print_command_help(const struct command *c, FILE *f);

/* Prints an option table as help lines ("  -r, --region R    text"),
 * the text wrapped to lines of at most 79 columns. */
void cli_print_options(const struct cli_opt *opts, FILE *f);

/* Prints a verb's full help as cli_print_command_help() does. */
void cli_print_sub_help(const struct subcommand *s, FILE *f);

/* Prints the man page's OPTIONS section (roff) of a command table: one
 * subsection per command and verb that has options (the GLOBAL OPTIONS
 * section of docs/gpufit.1 is prose). */
void cli_print_roff_options(const struct command *cmds, FILE *f);

/* Dispatches argv[1] among subs (NULL-terminated); handles --help and
 * unknown verbs (exit 2 with a hint).  parent is e.g. "catalog". */
int cli_dispatch_sub(struct cli_ctx *ctx, const char *parent, const struct subcommand *subs,
		     int argc, char **argv);

/* Option parsing. */
enum { CLI_ARG_NONE, CLI_ARG_REQUIRED };

/*
 * One option, declared once: the parser, --help, the man page and the
 * completions all read this row.
 *   { "region", 'r', CLI_ARG_REQUIRED, OPT_REGION, "R", NULL, "only this region" },
 * arg names the value in help ("R", "PCT", "FILE"; NULL for a flag).
 * values tells the completions what the value is: a '|'-separated list of
 * words ("payg|spot"), one of the file kinds CLI_FILE, CLI_YAML, CLI_JSON,
 * CLI_DIR, or NULL (anything; nothing is offered).  help is one paragraph,
 * wrapped when printed.
 */
struct cli_opt {
	const char *long_name;      /* without "--" */
	char short_name;            /* 0 for none */
	int has_arg;
	int id;                     /* > 0, returned by cli_next */
	const char *arg;
	const char *values;
	const char *help;
};

#define CLI_FILE "<file>"
#define CLI_YAML "<yaml>"
#define CLI_JSON "<json>"
#define CLI_DIR "<dir>"

/* The pricing terms of --pricing (pricing_name() of facts.h), and with the
 * per-workload choice "auto". */
#define CLI_PRICING_TERMS "payg|spot|reserved-1y|reserved-3y|savings-1y|savings-3y"
#define CLI_PRICING_AUTO CLI_PRICING_TERMS "|auto"

/* The global options (-f, -o, --catalog, --no-color, -h, --version), taken
 * out of argv by main.c before a command runs; ids are CLI_G_*. */
enum { CLI_G_FORMAT = 1, CLI_G_OUTPUT, CLI_G_CATALOG, CLI_G_NO_COLOR, CLI_G_HELP, CLI_G_VERSION };
extern const struct cli_opt cli_global_opts[];

enum { CLI_END = 0, CLI_POSITIONAL = -1, CLI_ERROR = -2, CLI_HELP = -3 };

struct cli_iter {
	int argc;
	char **argv;
	int i;
	const struct cli_opt *opts; /* terminated by long_name NULL */
	const char *cmd;            /* for messages: "catalog list" */
	int no_more_opts;
};

/* Starts iterating at argv[1]. */
void cli_iter_init(struct cli_iter *it, const char *cmd, const struct cli_opt *opts, int argc,
		   char **argv);

/*
 * Next option or positional.  Returns the option's id (value in *val for
 * options with an argument), CLI_POSITIONAL (*val = the word), CLI_HELP for
 * -h/--help, CLI_END, or CLI_ERROR after printing "unknown option" (with a
 * hint) or "option requires an argument"; callers return EXIT_USAGE then.
 * Accepts --opt=value, --opt value, -x value, and "--" to end options.
 */
int cli_next(struct cli_iter *it, const char **val);

/* Helpers for option values; print the error and return -1 on bad input. */
int cli_number(const char *cmd, const char *opt, const char *val, double *out);
/* A percentage, "15" or "15%" (as a profile's max_increase_pct); message on error. */
int cli_percent(const char *cmd, const char *opt, const char *val, double *out);
int cli_positive(const char *cmd, const char *opt, const char *val, double *out);
/* --currency VAL: three letters, upper-cased into out (as a profile's
 * currency); else a usage error printed and -1 */
int cli_currency(const char *cmd, const char *val, char out[4]);

/* "gpufit: error: CMD: missing PROFILE\nTry 'gpufit CMD --help'." ; returns EXIT_USAGE */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
