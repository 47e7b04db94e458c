/*
 * fuzz.h - what the fuzz harnesses (tests/fuzz/fuzz_NAME.c) share.
 *
 * Each harness defines LLVMFuzzerTestOneInput().  Linked with libFuzzer
 * (`make fuzz`, clang) it is a fuzzer; linked with replay.c (any compiler) it
 * is a program that feeds it files, which is how `make check` replays the
 * regression inputs under tests/fuzz/regress/NAME/ and the seed corpora.
 *
 * The harnesses that go through a command write the input to a file in a
 * private scratch directory and call the command's entry point in-process,
 * as main() would, with its result going to /dev/null.
 */
#ifndef GPUFIT_FUZZ_H
#define GPUFIT_FUZZ_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Creates the scratch directory and points HOME, XDG_DATA_HOME and the
 * clock at fixed values (so the bundled catalog is used), once. */
void fuzz_setup(void);

/* dir/name inside the scratch directory (a static buffer per call site is
 * not needed: the result is strdup'ed once and kept). */
const char *fuzz_path(const char *name);

/* Writes size bytes to path (truncating); aborts when it cannot. */
void fuzz_write(const char *path, const void *data, size_t size);

/* Runs a command entry point with the NULL-terminated arguments (argv[0] is
 * the command name), the result going to /dev/null in format fmt.  Returns
 * the command's exit code, which must be one gpufit documents (aborts
 * otherwise, so that an undocumented code is a finding). */
int fuzz_command(int (*fn)(struct cli_ctx *, int, char **), enum out_format fmt, ...);

/* fuzz_command() with the result written to out (a file the harness then
 * checks) instead of /dev/null. */
int fuzz_command_out(FILE *out, int (*fn)(struct cli_ctx *, int, char **), enum out_format fmt,
		     ...);

/* 1 when s[0..n-1] holds a byte a terminal or a page must not get: a C0
 * control (but '\n' when nl), DEL, a byte of invalid UTF-8, a C1 control
 * or a bidirectional override or isolate.  Its own decoder, so that the
 * harnesses do not check escape.c with itself. */
int fuzz_has_unsafe(const unsigned char *s, size_t n, int nl);

/* The end of fuzz_command()'s arguments (a pointer, not a bare NULL). */
#define FUZZ_END ((const char *)0)

#endif
