/*
 * cmd_completion.c - `gpufit completion bash|zsh|fish`: prints a completion
 * script generated from the command table (gpufit_commands[]), the verb
 * tables and the option tables (struct cli_opt), so a new command, verb,
 * option or option value completes without editing a second list.
 *
 * A context is "" (no command yet), a command ("recommend") or a command and
 * its verb ("catalog list").  Per context the script knows the options, the
 * -f formats, what each option's value is (the words of cli_opt.values, a
 * file of a kind, or free text) and what a positional argument is.
 * Positionals come from the usage string: PROFILE completes YAML files
 * (.yaml, .yml), a placeholder ending in .json JSON files, FILE/TELEMETRY/
 * MANIFEST/PATH any file, COMMAND the command names, literal words ("bash|
 * zsh|fish") themselves; a command's verbs are offered too.
 *
 * bash and zsh share one POSIX-case core (_gpufit_scan finds the context,
 * _gpufit_setup fills in what it completes to); each shell then adds the
 * candidates its own way, zsh with the options' help texts and the
 * commands' and verbs' summaries as descriptions (_describe).  fish gets
 * native `complete` lines with the same descriptions.
 */
#include <ctype.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "diag.h"
#include "gpufit.h"
#include "output.h"
#include "util.h"

/* What a value or a positional argument completes to. */
enum kind { K_NONE, K_WORDS, K_FILE, K_YAML, K_JSON, K_DIR };

static const char *const kind_names[] = { "none", "words", "file", "yaml", "json", "dir" };

/* One context of the command line. */
struct ctx {
	char name[64];              /* "", "recommend", "catalog list" */
	const struct cli_opt *opts;
	const char *formats;        /* NULL: every format */
	enum kind pos;              /* a positional argument's files, K_NONE, or K_WORDS */
	char pos_words[256];        /* literal positionals and verbs, blank-separated */
	int top;                    /* the "" context: commands, --version */
};

static enum kind value_kind(const struct cli_opt *o)
{
	if (!o->values)
		return K_NONE;
	if (strcmp(o->values, CLI_FILE) == 0)
		return K_FILE;
	if (strcmp(o->values, CLI_YAML) == 0)
		return K_YAML;
	if (strcmp(o->values, CLI_JSON) == 0)
		return K_JSON;
	if (strcmp(o->values, CLI_DIR) == 0)
		return K_DIR;
	return K_WORDS;
}

/* "a|b|c" -> "a b c" into out. */
static void words_of(const char *list, char *out, size_t size)
{
	size_t n = 0;
	for (const char *p = list; *p && n + 1 < size; p++)
		out[n++] = *p == '|' ? ' ' : *p;
	out[n] = '\0';
}

static void append_word(char *buf, size_t size, const char *w)
{
	size_t n = strlen(buf);
	snprintf(buf + n, size - n, "%s%s", n ? " " : "", w);
}

/* Fills c->pos from the usage string after its command (and verb) word. */
static void positional(const char *usage, struct ctx *c)
{
	const char *rest = usage;
	while (*rest && *rest != ' ')
		rest++; /* the command or verb */
	while (*rest == ' ')
		rest++;
	while (*rest == '[' && (strncmp(rest, "[OPTIONS]", 9) == 0 || islower((unsigned char)rest[1]))) {
		rest += strcspn(rest, "]") + 1; /* [OPTIONS], k8s's [generate] */
		while (*rest == ' ')
			rest++;
	}
	if (*rest == '[')
		rest++; /* an optional positional: "help [COMMAND]" */
	size_t n = strcspn(rest, " ]");
	char word[128];
	snprintf(word, sizeof word, "%.*s", (int)(n < 127 ? n : 127), rest);
	c->pos = K_NONE;
	if (islower((unsigned char)word[0])) {
		char w[128];
		words_of(word, w, sizeof w);
		append_word(c->pos_words, sizeof c->pos_words, w);
	} else if (strstr(word, "PROFILE")) {
		c->pos = K_YAML;
	} else if (strstr(word, ".json")) {
		c->pos = K_JSON;
	} else if (strstr(word, "COMMAND")) {
		for (const struct command *k = gpufit_commands; k->name; k++)
			append_word(c->pos_words, sizeof c->pos_words, k->name);
	} else if (strstr(word, "FILE") || strstr(word, "TELEMETRY") || strstr(word, "MANIFEST") ||
		   strstr(word, "PATH")) {
		c->pos = K_FILE;
	}
}

#define MAX_CTX 64

/* Every context: "", then each command, then each verb of it. */
static size_t contexts(struct ctx *v)
{
	size_t n = 0;
	memset(v, 0, MAX_CTX * sizeof *v);
	v[n].top = 1;
	for (const struct command *k = gpufit_commands; k->name; k++)
		append_word(v[n].pos_words, sizeof v[n].pos_words, k->name);
	n++;
	for (const struct command *k = gpufit_commands; k->name && n < MAX_CTX; k++) {
		struct ctx *c = &v[n++];
		snprintf(c->name, sizeof c->name, "%s", k->name);
		c->opts = k->opts;
		c->formats = k->formats;
		/* "catalog refresh|list..." names its verbs itself */
		if (!k->verbs || !strchr(k->usage, '|'))
			positional(k->usage, c);
		if (k->verbs && c->pos_words[0] == '\0')
			for (const struct subcommand *s = k->verbs; s->name; s++)
				append_word(c->pos_words, sizeof c->pos_words, s->name);
		for (const struct subcommand *s = k->verbs; s && s->name && n < MAX_CTX; s++) {
			struct ctx *d = &v[n++];
			snprintf(d->name, sizeof d->name, "%s %s", k->name, s->name);
			d->opts = s->opts;
			d->formats = s->formats;
			/* the usage after "catalog " */
			size_t plen = strlen(k->name);
			const char *u = strncmp(s->usage, k->name, plen) == 0 && s->usage[plen] == ' '
						? s->usage + plen + 1 : s->usage;
			positional(u, d);
		}
	}
	return n;
}

/* Every format name, blank-separated. */
static void all_formats(char *buf, size_t size)
{
	buf[0] = '\0';
	for (int f = FMT_TABLE; f <= FMT_SARIF; f++)
		append_word(buf, size, out_format_name((enum out_format)f));
}

static void formats_of(const struct ctx *c, char *buf, size_t size)
{
	if (c->formats)
		words_of(c->formats, buf, size);
	else
		all_formats(buf, size);
}

/* Appends w to the blank-separated list buf unless it is there. */
static void add_unique(char *buf, size_t size, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = buf; (p = strstr(p, w)) != NULL; p += n)
		if ((p == buf || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return;
	append_word(buf, size, w);
}

/* Every option that takes a value, in any context, blank-separated (the
 * scan skips its value). */
static void value_options(const struct ctx *v, size_t n, char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i <= n; i++) {
		const struct cli_opt *opts = i < n ? v[i].opts : cli_global_opts;
		for (const struct cli_opt *o = opts; o && o->long_name; o++) {
			char w[80];
			if (!o->has_arg)
				continue;
			if (o->short_name) {
				snprintf(w, sizeof w, "-%c", o->short_name);
				add_unique(buf, size, w);
			}
			snprintf(w, sizeof w, "--%s", o->long_name);
			add_unique(buf, size, w);
		}
	}
}

/* The shared core of bash and zsh: _gpufit_scan WORDS... sets _g_cmd and
 * _g_verb; _gpufit_setup CONTEXT PREV sets _g_opts (option words),
 * _g_pk/_g_pw (a positional: files of a kind and words) and _g_vk/_g_vw
 * (the value of the option PREV, when it takes one). */
static void emit_core(FILE *f, const struct ctx *v, size_t n)
{
	fputs("_gpufit_scan()\n{\n"
	      "\t_g_cmd= _g_verb=\n"
	      "\tlocal w skip= pos=\n"
	      "\tfor w in \"$@\"; do\n"
	      "\t\tif [ -n \"$skip\" ]; then skip=; continue; fi\n"
	      "\t\tcase $w in\n"
	      "\t\t-*=*) continue ;;\n\t\t", f);
	{
		char vo[4096];
		value_options(v, n, vo, sizeof vo);
		for (char *p = vo; *p; p++)
			if (*p == ' ')
				*p = '|';
		fputs(vo, f);
	}
	fputs(") skip=1; continue ;;\n"
	      "\t\t-*) continue ;;\n"
	      "\t\tesac\n"
	      "\t\tif [ -z \"$_g_cmd\" ]; then\n"
	      "\t\t\t_g_cmd=$w\n"
	      "\t\telif [ -z \"$pos\" ]; then\n"
	      "\t\t\tpos=1\n"
	      "\t\t\tcase \"$_g_cmd $w\" in\n\t\t\t", f);
	int first = 1;
	for (size_t i = 0; i < n; i++) {
		if (!strchr(v[i].name, ' '))
			continue;
		fprintf(f, "%s'%s'", first ? "" : "|", v[i].name);
		first = 0;
	}
	fputs(") _g_verb=$w ;;\n"
	      "\t\t\tesac\n"
	      "\t\tfi\n"
	      "\tdone\n"
	      "}\n\n", f);

	fputs("_gpufit_setup()\n{\n"
	      "\t_g_opts= _g_formats= _g_pk=none _g_pw= _g_vk= _g_vw=\n"
	      "\tcase $1 in\n", f);
	for (size_t i = 0; i < n; i++) {
		const struct ctx *c = &v[i];
		char fm[256];
		formats_of(c, fm, sizeof fm);
		fprintf(f, "\t'%s')\n\t\t_g_opts='", c->name);
		int k = 0;
		for (const struct cli_opt *o = c->opts; o && o->long_name; o++) {
			fprintf(f, "%s--%s", k++ ? " " : "", o->long_name);
			if (o->short_name)
				fprintf(f, " -%c", o->short_name);
		}
		for (const struct cli_opt *o = cli_global_opts; o->long_name; o++) {
			if (o->id == CLI_G_VERSION && !c->top)
				continue;
			fprintf(f, "%s--%s", k++ ? " " : "", o->long_name);
			if (o->short_name)
				fprintf(f, " -%c", o->short_name);
		}
		fprintf(f, "'\n\t\t_g_formats='%s'\n", fm);
		fprintf(f, "\t\t_g_pk=%s _g_pw='%s'\n\t\t;;\n", kind_names[c->pos], c->pos_words);
	}
	fputs("\t*) return 1 ;;\n\tesac\n", f);

	/* values: the globals, then each context's options */
	fputs("\tcase $1:$2 in\n", f);
	for (const struct cli_opt *o = cli_global_opts; o->long_name; o++) {
		if (!o->has_arg)
			continue;
		if (o->short_name)
			fprintf(f, "\t*:-%c|", o->short_name);
		else
			fputc('\t', f);
		fprintf(f, "*:--%s)", o->long_name);
		if (o->id == CLI_G_FORMAT)
			fputs(" _g_vk=words _g_vw=$_g_formats ;;\n", f);
		else
			fprintf(f, " _g_vk=%s ;;\n", kind_names[value_kind(o)]);
	}
	for (size_t i = 0; i < n; i++) {
		const struct ctx *c = &v[i];
		for (const struct cli_opt *o = c->opts; o && o->long_name; o++) {
			if (!o->has_arg)
				continue;
			fprintf(f, "\t'%s:--%s'", c->name, o->long_name);
			if (o->short_name)
				fprintf(f, "|'%s:-%c'", c->name, o->short_name);
			enum kind k = value_kind(o);
			if (k == K_WORDS) {
				char w[512];
				words_of(o->values, w, sizeof w);
				fprintf(f, ") _g_vk=words _g_vw='%s' ;;\n", w);
			} else {
				fprintf(f, ") _g_vk=%s ;;\n", kind_names[k]);
			}
		}
	}
	fputs("\tesac\n}\n\n", f);
}

static void emit_bash(FILE *f, const struct ctx *v, size_t n)
{
	fputs("# bash completion for gpufit " GPUFIT_VERSION
	      " (generated by 'gpufit completion bash'; do not edit)\n"
	      "# Load it with: source <(gpufit completion bash)\n\n", f);
	emit_core(f, v, n);
	fputs("_gpufit_add()\n{\n"
	      "\tlocal ext\n"
	      "\tcase $1 in\n"
	      "\twords) COMPREPLY+=($(compgen -W \"$2\" -- \"$cur\")) ;;\n"
	      "\tfile) COMPREPLY+=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null ;;\n"
	      "\tdir) COMPREPLY+=($(compgen -d -- \"$cur\")); compopt -o filenames 2>/dev/null ;;\n"
	      "\tyaml|json)\n"
	      "\t\text=$(shopt -p extglob); shopt -s extglob\n"
	      "\t\tif [ \"$1\" = yaml ]; then\n"
	      "\t\t\tCOMPREPLY+=($(compgen -f -X '!*.@(yaml|yml)' -- \"$cur\"))\n"
	      "\t\telse\n"
	      "\t\t\tCOMPREPLY+=($(compgen -f -X '!*.json' -- \"$cur\"))\n"
	      "\t\tfi\n"
	      "\t\teval \"$ext\"\n"
	      "\t\tCOMPREPLY+=($(compgen -d -- \"$cur\"))\n"
	      "\t\tcompopt -o filenames 2>/dev/null\n"
	      "\t\t;;\n"
	      "\tesac\n"
	      "}\n\n"
	      "_gpufit()\n{\n"
	      "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=\n"
	      "\t((COMP_CWORD > 1)) && prev=${COMP_WORDS[COMP_CWORD-1]}\n"
	      "\tCOMPREPLY=()\n"
	      "\t_gpufit_scan \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"\n"
	      "\t_gpufit_setup \"$_g_cmd${_g_verb:+ $_g_verb}\" \"$prev\" || return 0\n"
	      "\tif [ -n \"$_g_vk\" ]; then\n"
	      "\t\t_gpufit_add \"$_g_vk\" \"$_g_vw\"\n"
	      "\telif [[ $cur == -* ]]; then\n"
	      "\t\t_gpufit_add words \"$_g_opts\"\n"
	      "\telse\n"
	      "\t\t_gpufit_add words \"$_g_pw\"\n"
	      "\t\t_gpufit_add \"$_g_pk\"\n"
	      "\tfi\n"
	      "\treturn 0\n"
	      "}\n"
	      "complete -F _gpufit gpufit\n", f);
}

/* Writes s inside a zsh single-quoted string: a quote is '\''. */
static void zsh_quoted(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	}
}

/* A zsh single-quoted "NAME:TEXT" for _describe (the names hold no
 * colon). */
static void zsh_item(FILE *f, const char *name, const char *text)
{
	fputc('\'', f);
	zsh_quoted(f, name);
	fputc(':', f);
	zsh_quoted(f, text ? text : "");
	fputc('\'', f);
}

static void zsh_option_items(FILE *f, const struct cli_opt *o)
{
	char name[80];
	if (o->short_name) {
		snprintf(name, sizeof name, "-%c", o->short_name);
		fputs(" \\\n\t\t\t", f);
		zsh_item(f, name, o->help);
	}
	snprintf(name, sizeof name, "--%s", o->long_name);
	fputs(" \\\n\t\t\t", f);
	zsh_item(f, name, o->help);
}

static void emit_zsh(FILE *f, const struct ctx *v, size_t n)
{
	fputs("#compdef gpufit\n"
	      "# zsh completion for gpufit " GPUFIT_VERSION
	      " (generated by 'gpufit completion zsh'; do not edit)\n"
	      "# Save it as _gpufit in a directory of $fpath, or after compinit:\n"
	      "#   source <(gpufit completion zsh)\n\n", f);
	emit_core(f, v, n);

	/* _gpufit_describe CONTEXT: _g_desc, the options with their help, and
	 * _g_posd, the commands or verbs with their summaries */
	fputs("_gpufit_describe()\n{\n\t_g_desc=() _g_posd=()\n\tcase $1 in\n", f);
	for (size_t i = 0; i < n; i++) {
		const struct ctx *c = &v[i];
		const struct command *k = NULL;
		fprintf(f, "\t'%s')\n\t\t_g_desc=(", c->name);
		for (const struct cli_opt *o = c->opts; o && o->long_name; o++)
			zsh_option_items(f, o);
		for (const struct cli_opt *o = cli_global_opts; o->long_name; o++)
			if (o->id != CLI_G_VERSION || c->top)
				zsh_option_items(f, o);
		fputs(")\n", f);
		if (!c->top)
			for (k = gpufit_commands; k->name && strcmp(k->name, c->name) != 0; k++)
				;
		if (c->top || strcmp(c->name, "help") == 0) {
			fputs("\t\t_g_posd=(", f);
			for (const struct command *m = gpufit_commands; m->name; m++) {
				fputs(" \\\n\t\t\t", f);
				zsh_item(f, m->name, m->summary);
			}
			fputs(")\n", f);
		} else if (k && k->name && k->verbs) {
			fputs("\t\t_g_posd=(", f);
			for (const struct subcommand *s = k->verbs; s->name; s++) {
				fputs(" \\\n\t\t\t", f);
				zsh_item(f, s->name, s->summary);
			}
			fputs(")\n", f);
		}
		fputs("\t\t;;\n", f);
	}
	fputs("\tesac\n}\n\n", f);

	fputs("_gpufit_add()\n{\n"
	      "\tcase $1 in\n"
	      "\twords) [[ -n $2 ]] && compadd -- ${=2} ;;\n"
	      "\tfile) _files ;;\n"
	      "\tdir) _files -/ ;;\n"
	      "\tyaml) _files -g '*.(yaml|yml)' ;;\n"
	      "\tjson) _files -g '*.json' ;;\n"
	      "\tesac\n"
	      "}\n\n"
	      "_gpufit()\n{\n"
	      "\tlocal cur=${words[CURRENT]} prev= ctx\n"
	      "\tlocal -a _g_desc _g_posd\n"
	      "\t((CURRENT > 2)) && prev=${words[CURRENT-1]}\n"
	      "\t_gpufit_scan \"${(@)words[2,CURRENT-1]}\"\n"
	      "\tctx=$_g_cmd${_g_verb:+ $_g_verb}\n"
	      "\t_gpufit_setup \"$ctx\" \"$prev\" || return 1\n"
	      "\t_gpufit_describe \"$ctx\"\n"
	      "\tif [[ -n $_g_vk ]]; then\n"
	      "\t\t_gpufit_add \"$_g_vk\" \"$_g_vw\"\n"
	      "\telif [[ $cur == -* ]]; then\n"
	      "\t\t_describe -t options option _g_desc\n"
	      "\telse\n"
	      "\t\tif (( ${#_g_posd} )); then\n"
	      "\t\t\t_describe -t commands command _g_posd\n"
	      "\t\telse\n"
	      "\t\t\t_gpufit_add words \"$_g_pw\"\n"
	      "\t\tfi\n"
	      "\t\t_gpufit_add \"$_g_pk\"\n"
	      "\tfi\n"
	      "}\n\n"
	      "if [[ ${funcstack[1]} == _gpufit ]]; then\n"
	      "\t_gpufit \"$@\"\n"
	      "else\n"
	      "\tcompdef _gpufit gpufit\n"
	      "fi\n", f);
}

/* A fish single-quoted string. */
static void fish_quote(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('\'', f);
}

static void fish_value(FILE *f, enum kind k, const char *values)
{
	char w[512];
	switch (k) {
	case K_WORDS: {
		/* each value with an empty description ("\t"): the option's
		 * help is not theirs */
		size_t n = 0;
		for (const char *p = values; *p && n + 4 < sizeof w; p++) {
			if (*p == '|') {
				memcpy(w + n, "\\t ", 3);
				n += 3;
			} else {
				w[n++] = *p;
			}
		}
		memcpy(w + n, "\\t", 3);
		fputs(" -x -a ", f);
		fish_quote(f, w);
		break;
	}
	case K_FILE: fputs(" -r -F", f); break;
	case K_YAML: fputs(" -x -a '(__gpufit_files .yaml .yml)'", f); break;
	case K_JSON: fputs(" -x -a '(__gpufit_files .json)'", f); break;
	case K_DIR: fputs(" -x -a '(__gpufit_files /)'", f); break;
	case K_NONE: fputs(" -x", f); break;
	}
}

static void fish_option(FILE *f, const char *cond, const struct cli_opt *o, const char *values,
			const char *help)
{
	fputs("complete -c gpufit", f);
	if (cond) {
		fputs(" -n ", f);
		fish_quote(f, cond);
	}
	if (o->short_name)
		fprintf(f, " -s %c", o->short_name);
	fprintf(f, " -l %s", o->long_name);
	if (o->has_arg)
		fish_value(f, values ? (enum kind)K_WORDS : value_kind(o), values ? values : o->values);
	if (help) {
		fputs(" -d ", f);
		fish_quote(f, help);
	}
	fputc('\n', f);
}

static void emit_fish(FILE *f, const struct ctx *v, size_t n)
{
	fputs("# fish completion for gpufit " GPUFIT_VERSION
	      " (generated by 'gpufit completion fish'; do not edit)\n"
	      "# Save it as ~/.config/fish/completions/gpufit.fish, or:\n"
	      "#   gpufit completion fish | source\n\n"
	      "# The context of the command line: '', 'recommend', 'catalog list'.\n"
	      "function __gpufit_ctx\n"
	      "\tset -l toks (commandline -opc)\n"
	      "\tset -e toks[1]\n"
	      "\tset -l cmd ''\n"
	      "\tset -l verb ''\n"
	      "\tset -l pos 0\n"
	      "\tset -l skip 0\n"
	      "\tfor w in $toks\n"
	      "\t\tif test $skip = 1\n"
	      "\t\t\tset skip 0\n"
	      "\t\t\tcontinue\n"
	      "\t\tend\n"
	      "\t\tswitch $w\n"
	      "\t\t\tcase '-*=*'\n"
	      "\t\t\t\tcontinue\n"
	      "\t\t\tcase", f);
	{
		char vo[4096];
		value_options(v, n, vo, sizeof vo);
		fprintf(f, " %s", vo);
	}
	fputs("\n\t\t\t\tset skip 1\n"
	      "\t\t\t\tcontinue\n"
	      "\t\t\tcase '-*'\n"
	      "\t\t\t\tcontinue\n"
	      "\t\tend\n"
	      "\t\tif test -z \"$cmd\"\n"
	      "\t\t\tset cmd $w\n"
	      "\t\telse if test $pos = 0\n"
	      "\t\t\tset pos 1\n"
	      "\t\t\tswitch \"$cmd $w\"\n"
	      "\t\t\t\tcase", f);
	for (size_t i = 0; i < n; i++)
		if (strchr(v[i].name, ' '))
			fprintf(f, " '%s'", v[i].name);
	fputs("\n\t\t\t\t\tset verb $w\n"
	      "\t\t\tend\n"
	      "\t\tend\n"
	      "\tend\n"
	      "\tif test -n \"$verb\"\n"
	      "\t\techo \"$cmd $verb\"\n"
	      "\telse\n"
	      "\t\techo \"$cmd\"\n"
	      "\tend\n"
	      "end\n\n"
	      "# The files under the word being completed that end in one of the\n"
	      "# suffixes given, and the directories.\n"
	      "function __gpufit_files\n"
	      "\tset -l cur (commandline -ct)\n"
	      "\tfor f in $cur*\n"
	      "\t\tif test -d $f\n"
	      "\t\t\techo $f/\n"
	      "\t\telse\n"
	      "\t\t\tfor s in $argv\n"
	      "\t\t\t\tstring match -q -- \"*$s\" $f; and echo $f\n"
	      "\t\t\tend\n"
	      "\t\tend\n"
	      "\tend\n"
	      "end\n\n"
	      "function __gpufit_is\n"
	      "\tset -l c (__gpufit_ctx)\n"
	      "\ttest \"$c\" = \"$argv[1]\"\n"
	      "end\n\n"
	      "complete -c gpufit -f\n", f);

	for (size_t i = 0; i < n; i++) {
		const struct ctx *c = &v[i];
		char cond[128], fm[256];
		snprintf(cond, sizeof cond, "__gpufit_is '%s'", c->name);
		fprintf(f, "\n# %s\n", c->top ? "gpufit" : c->name);
		/* positionals: commands and verbs with their summaries */
		if (c->top) {
			for (const struct command *k = gpufit_commands; k->name; k++) {
				fprintf(f, "complete -c gpufit -n \"%s\" -a %s -d ", cond, k->name);
				fish_quote(f, k->summary);
				fputc('\n', f);
			}
		} else if (c->pos_words[0]) {
			const struct command *k;
			for (k = gpufit_commands; k->name && strcmp(k->name, c->name) != 0; k++)
				;
			for (const struct subcommand *s = k->name ? k->verbs : NULL; s && s->name; s++) {
				fprintf(f, "complete -c gpufit -n \"%s\" -a %s -d ", cond, s->name);
				fish_quote(f, s->summary);
				fputc('\n', f);
			}
			if (!k->name || !k->verbs) {
				fprintf(f, "complete -c gpufit -n \"%s\" -a ", cond);
				fish_quote(f, c->pos_words);
				fputc('\n', f);
			}
		}
		if (c->pos != K_NONE) {
			fprintf(f, "complete -c gpufit -n \"%s\"", cond);
			switch (c->pos) {
			case K_YAML: fputs(" -a '(__gpufit_files .yaml .yml)'", f); break;
			case K_JSON: fputs(" -a '(__gpufit_files .json)'", f); break;
			default: fputs(" -F", f); break;
			}
			fputc('\n', f);
		}
		for (const struct cli_opt *o = c->opts; o && o->long_name; o++)
			fish_option(f, cond, o, NULL, o->help);
		formats_of(c, fm, sizeof fm);
		for (const struct cli_opt *o = cli_global_opts; o->long_name; o++) {
			if (o->id == CLI_G_FORMAT) {
				char list[256];
				snprintf(list, sizeof list, "%s", c->formats ? c->formats : "");
				if (!c->formats) {
					all_formats(list, sizeof list);
					for (char *p = list; *p; p++)
						if (*p == ' ')
							*p = '|';
				}
				fish_option(f, cond, o, list, o->help);
			} else if (o->id == CLI_G_VERSION && c->top) {
				fish_option(f, cond, o, NULL, o->help);
			}
		}
	}
	fputs("\n# global options\n", f);
	for (const struct cli_opt *o = cli_global_opts; o->long_name; o++)
		if (o->id != CLI_G_FORMAT && o->id != CLI_G_VERSION)
			fish_option(f, NULL, o, NULL, o->help);
}

int cmd_completion(struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct cli_opt opts[] = { { NULL, 0, 0, 0, NULL, NULL, NULL } };
	struct ctx v[MAX_CTX];
	const char *shell = NULL;
	struct cli_iter it;
	const char *val;
	int opt;
	cli_iter_init(&it, "completion", opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		if (opt != CLI_POSITIONAL)
			return EXIT_USAGE;
		if (shell)
			return cli_usage_error("completion", "unexpected argument '%s'", val);
		shell = val;
	}
	if (!shell)
		return cli_usage_error("completion", "missing SHELL (bash, zsh, fish)");
	size_t n = contexts(v);
	if (strcmp(shell, "bash") == 0)
		emit_bash(ctx->out, v, n);
	else if (strcmp(shell, "zsh") == 0)
		emit_zsh(ctx->out, v, n);
	else if (strcmp(shell, "fish") == 0)
		emit_fish(ctx->out, v, n);
	else
		return cli_usage_error("completion", "unsupported shell '%s' (bash, zsh, fish)", shell);
	return EXIT_OK;
}
