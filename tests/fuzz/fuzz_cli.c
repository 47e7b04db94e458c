/*
 * fuzz_cli.c - the whole command line: the input split on NUL is argv[1..]
 * of gpufit, run through main()'s global options, dispatch and -o handling
 * in-process, stdout to /dev/null, in a scratch directory that holds a tiny
 * profile (p.yaml), a recommend document (r.json) and telemetry (t.prom).
 *
 * Without side effects outside the scratch directory and without network:
 * an input is skipped when an argument holds a '/' (a path anywhere else,
 * -o included, which then stays in the scratch directory), is "-" (stdin),
 * or names the network ("refresh", "prometheus", "http").  The catalog is
 * the bundled one (HOME is the scratch directory's).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

/* main() of gpufit, renamed, and its command table (which replaces the
 * harnesses' own, a weak one). */
#define main gpufit_main
int gpufit_main(int argc, char **argv);
#include "../../src/cli/main.c"
#undef main

static const char profile[] =
	"gpufit: 1\n"
	"region: eastus\n"
	"pricing: payg\n"
	"workloads:\n"
	"  - name: chat-8b\n"
	"    type: inference\n"
	"    model: llama-3-8b\n"
	"    precision: fp16\n"
	"    serving: { input_tokens: 1024, output_tokens: 256, concurrency: 32 }\n";

static const char telemetry[] =
	"DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",Hostname=\"node-a\",modelName=\"NVIDIA A100 80GB PCIe\"} 5\n"
	"DCGM_FI_DEV_FB_USED{gpu=\"0\",Hostname=\"node-a\",modelName=\"NVIDIA A100 80GB PCIe\"} 1024\n";

static const char recommend_doc[] =
	"{\"schema_version\":1,\"currency\":\"USD\",\"pricing\":\"payg\",\"workloads\":[],"
	"\"totals\":{\"monthly_cost\":0}}";

static int allowed(const char *a)
{
	return !strchr(a, '/') && strcmp(a, "-") != 0 && !strstr(a, "refresh") &&
	       !strstr(a, "prometheus") && !strstr(a, "http");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready, saved_out = -1;
	char *buf, *argv[33];
	int argc = 1, null_fd, cwd;

	if (!ready) {
		fuzz_write(fuzz_path("p.yaml"), profile, sizeof profile - 1);
		fuzz_write(fuzz_path("t.prom"), telemetry, sizeof telemetry - 1);
		fuzz_write(fuzz_path("r.json"), recommend_doc, sizeof recommend_doc - 1);
		saved_out = dup(STDOUT_FILENO);
		if (saved_out < 0)
			abort();
		ready = 1;
	}
	if (size > 4096)
		return 0;
	buf = malloc(size + 1);
	if (!buf)
		abort();
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[0] = "gpufit";
	for (char *p = buf; argc < 32;) {
		size_t n = strlen(p);
		argv[argc++] = p;
		if (!allowed(p)) {
			free(buf);
			return 0;
		}
		if (p + n >= buf + size)
			break;
		p += n + 1;
	}
	argv[argc] = NULL;

	/* run in the scratch directory (back to where we were after it); the
	 * commands print to stdout: /dev/null for the run */
	cwd = open(".", O_RDONLY | O_DIRECTORY);
	if (cwd < 0 || chdir(fuzz_path("")) != 0)
		abort();
	fflush(stdout);
	null_fd = open("/dev/null", O_WRONLY);
	if (null_fd < 0 || dup2(null_fd, STDOUT_FILENO) < 0)
		abort();
	close(null_fd);
	int rc = gpufit_main(argc, argv);
	fflush(stdout);
	clearerr(stdout);
	if (dup2(saved_out, STDOUT_FILENO) < 0 || fchdir(cwd) != 0)
		abort();
	close(cwd);
	free(buf);
	if (rc < 0 || rc > 5) {
		fprintf(stderr, "fuzz: exit code %d\n", rc);
		abort();
	}
	return 0;
}
