/*
 * replay.c - a main() for a fuzz harness without libFuzzer: feeds every file
 * named on the command line (a directory: every file in it, sorted) to
 * LLVMFuzzerTestOneInput once.  Prints "replayed N inputs"; a crash is the
 * failure (the sanitizers or abort() end the program).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static size_t replayed;

static int feed(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return -1;
	}
	size_t cap = 4096, n = 0;
	unsigned char *buf = malloc(cap);
	for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
		n += got;
		if (n == cap) {
			unsigned char *nb = realloc(buf, cap *= 2);
			if (!nb)
				free(buf);
			buf = nb;
		}
	}
	int bad = ferror(f) || !buf;
	fclose(f);
	if (bad) {
		fprintf(stderr, "%s: read error\n", path);
		free(buf);
		return -1;
	}
	/* libFuzzer hands over a copy of exactly n bytes: so does this. */
	unsigned char *exact = malloc(n ? n : 1);
	if (!exact) {
		free(buf);
		return -1;
	}
	memcpy(exact, buf, n);
	free(buf);
	if (getenv("FUZZ_REPLAY_VERBOSE"))
		fprintf(stderr, "replay %s\n", path);
	LLVMFuzzerTestOneInput(exact, n);
	free(exact);
	replayed++;
	return 0;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int feed_path(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return feed(path);
	DIR *d = opendir(path);
	if (!d) {
		perror(path);
		return -1;
	}
	char **names = NULL;
	size_t n = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		if (e->d_name[0] == '.')
			continue;
		char **nn = realloc(names, (n + 1) * sizeof *names);
		if (!nn)
			break;
		names = nn;
		size_t len = strlen(path) + strlen(e->d_name) + 2;
		names[n] = malloc(len);
		if (!names[n])
			break;
		snprintf(names[n], len, "%s/%s", path, e->d_name);
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, cmp);
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		if (feed_path(names[i]) != 0)
			rc = -1;
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	int rc = 0;
	for (int i = 1; i < argc; i++)
		if (feed_path(argv[i]) != 0)
			rc = 1;
	printf("replayed %zu inputs\n", replayed);
	return rc;
}
