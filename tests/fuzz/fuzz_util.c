/*
 * fuzz_util.c - the scratch directory, file writing and in-process command
 * runs the harnesses share (see fuzz.h).
 */
#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "gpufit.h"

/* The command table main.c defines; the commands look themselves up in it
 * for --help.  Weak: the harness of the whole command line (fuzz_cli.c)
 * brings main.c's own. */
__attribute__((weak)) const struct command gpufit_commands[] = {
	{ "analyze", cmd_analyze, "analyze", "", NULL, NULL, NULL, NULL },
	{ "catalog", cmd_catalog, "catalog", "", NULL, NULL, NULL, NULL },
	{ "check", cmd_check, "check", "", NULL, NULL, NULL, NULL },
	{ "diff", cmd_diff, "diff", "", NULL, NULL, NULL, NULL },
	{ "pack", cmd_pack, "pack", "", NULL, NULL, NULL, NULL },
	{ "recommend", cmd_recommend, "recommend", "", NULL, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

static char scratch[256];
static FILE *devnull;

static void cleanup(void)
{
	char cmd[300];
	if (!scratch[0])
		return;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
	if (system(cmd) != 0)
		fprintf(stderr, "fuzz: could not remove %s\n", scratch);
}

void fuzz_setup(void)
{
	if (scratch[0])
		return;
	const char *tmp = getenv("TMPDIR");
	snprintf(scratch, sizeof scratch, "%s/gpufit-fuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(scratch)) {
		perror("fuzz: mkdtemp");
		abort();
	}
	atexit(cleanup);
	char home[300];
	snprintf(home, sizeof home, "%s/home", scratch);
	if (mkdir(home, 0700) != 0) {
		perror("fuzz: mkdir");
		abort();
	}
	setenv("HOME", home, 1);
	snprintf(home, sizeof home, "%s/home/.local/share", scratch);
	setenv("XDG_DATA_HOME", home, 1);
	unsetenv("GPUFIT_CATALOG");
	setenv("GPUFIT_NOW", "2026-11-30T00:00:00Z", 1);
	setenv("NO_COLOR", "1", 1);
	devnull = fopen("/dev/null", "w");
	if (!devnull) {
		perror("fuzz: /dev/null");
		abort();
	}
}

const char *fuzz_path(const char *name)
{
	static char buf[8][320];
	static int next;
	char *p = buf[next];
	next = (next + 1) % 8;
	fuzz_setup();
	snprintf(p, sizeof buf[0], "%s/%s", scratch, name);
	return p;
}

void fuzz_write(const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "wb");
	if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
		perror(path);
		abort();
	}
}

static int run_command(FILE *out, int (*fn)(struct cli_ctx *, int, char **),
		       enum out_format fmt, va_list ap)
{
	char *argv[32];
	int argc = 0;
	for (const char *a; (a = va_arg(ap, const char *)) != NULL;) {
		if (argc == 31)
			abort();
		argv[argc++] = strdup(a);
	}
	argv[argc] = NULL;

	fuzz_setup();
	struct cli_ctx ctx = { 0 };
	ctx.format = fmt;
	ctx.format_given = fmt != FMT_TABLE;
	ctx.out = out ? out : devnull;
	int rc = fn(&ctx, argc, argv);
	fflush(ctx.out);
	clearerr(ctx.out);
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	/* The exit codes of gpufit.h; anything else is a bug. */
	if (rc < 0 || rc > 5) {
		fprintf(stderr, "fuzz: exit code %d\n", rc);
		abort();
	}
	return rc;
}

int fuzz_command(int (*fn)(struct cli_ctx *, int, char **), enum out_format fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = run_command(NULL, fn, fmt, ap);
	va_end(ap);
	return rc;
}

int fuzz_command_out(FILE *out, int (*fn)(struct cli_ctx *, int, char **), enum out_format fmt,
		     ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = run_command(out, fn, fmt, ap);
	va_end(ap);
	return rc;
}

int fuzz_has_unsafe(const unsigned char *s, size_t n, int nl)
{
	for (size_t i = 0; i < n;) {
		unsigned c = s[i], cp, k;

		if (c < 0x80) {
			if ((c < 0x20 && !(nl && c == '\n')) || c == 0x7f)
				return 1;
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			k = 1, cp = c & 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			k = 2, cp = c & 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			k = 3, cp = c & 0x07;
		else
			return 1;
		for (unsigned j = 1; j <= k; j++) {
			if (i + j >= n || (s[i + j] & 0xc0) != 0x80)
				return 1;
			cp = cp << 6 | (s[i + j] & 0x3f);
		}
		if ((k == 2 && cp < 0x800) || (k == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
		    (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp <= 0x9f) ||
		    (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069))
			return 1;
		i += k + 1;
	}
	return 0;
}
