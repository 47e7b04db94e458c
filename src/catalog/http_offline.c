/*
 * http_offline.c - the HTTP client of gpufit, the build without libcurl
 * (http.h, "Two binaries" in docs/HACKING.md).
 *
 * The commands that go to the network are run by gpufit-net, the build with
 * libcurl: http_require_network() replaces this process with it, with the
 * same command line, before the command has opened or written anything.  So
 * the client and the pool below are never reached by a command; they fail,
 * naming gpufit-net, should a caller reach them without asking first.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "http.h"

#ifndef GPUFIT_LIBEXECDIR
#define GPUFIT_LIBEXECDIR "/usr/local/libexec/gpufit"
#endif

static char **kept_argv;

void http_keep_argv(char **argv)
{
	kept_argv = argv;
}

/* The directory of the running gpufit into dir; 0, or -1. */
static int self_dir(char *dir, size_t len)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char *slash;

	if (n <= 0)
		return -1;
	self[n] = '\0';
	slash = strrchr(self, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	return (size_t)snprintf(dir, len, "%s", self) < len ? 0 : -1;
}

int http_require_network(char *err, size_t errlen)
{
	char dir[PATH_MAX], near[PATH_MAX + 16], rel[PATH_MAX + 40];
	const char *tried[3];
	size_t ntried = 0;
	int e = ENOENT;

	if (!kept_argv || !kept_argv[0]) {
		snprintf(err, errlen, "no command line to hand to gpufit-net");
		return -1;
	}
	/* beside gpufit (a build directory), PREFIX/libexec/gpufit as seen
	 * from PREFIX/bin (an installed gpufit, wherever PREFIX is), then the
	 * directory make install was told at build time */
	if (self_dir(dir, sizeof(dir)) == 0) {
		if ((size_t)snprintf(near, sizeof(near), "%s/gpufit-net", dir) < sizeof(near))
			tried[ntried++] = near;
		if ((size_t)snprintf(rel, sizeof(rel), "%s/../libexec/gpufit/gpufit-net", dir) <
		    sizeof(rel))
			tried[ntried++] = rel;
	}
	tried[ntried++] = GPUFIT_LIBEXECDIR "/gpufit-net";
	fflush(NULL);
	for (size_t i = 0; i < ntried; i++) {
		execv(tried[i], kept_argv);
		if (errno != ENOENT || e == ENOENT)
			e = errno;
	}
	snprintf(err, errlen, "going to the network needs gpufit-net, the part of gpufit linked "
		 "with libcurl: cannot run %s%s%s: %s", tried[0], ntried > 1 ? " nor " : "",
		 ntried > 1 ? tried[ntried - 1] : "", util_strerror(e));
	return -1;
}

static void offline(char *err, size_t errlen)
{
	snprintf(err, errlen, "this gpufit has no network client (gpufit-net has)");
}

struct http_client *http_client_new(const struct http_opts *o, char *err, size_t errlen)
{
	(void)o;
	offline(err, errlen);
	return NULL;
}

void http_client_free(struct http_client *c)
{
	(void)c;
}

int http_client_set_extra(struct http_client *c, const struct http_extra *x, char *err,
			  size_t errlen)
{
	(void)c;
	(void)x;
	offline(err, errlen);
	return -1;
}

unsigned long long http_client_last_received(struct http_client *c)
{
	(void)c;
	return 0;
}

int http_get(struct http_client *c, const char *url, struct strbuf *body, int *tries,
	     char *err, size_t errlen)
{
	(void)c;
	(void)url;
	(void)body;
	if (tries)
		*tries = 0;
	offline(err, errlen);
	return -1;
}

int http_url_allowed(const char *url, char *err, size_t errlen)
{
	(void)url;
	offline(err, errlen);
	return -1;
}

int http_same_origin(const char *a, const char *b)
{
	(void)a;
	(void)b;
	return -1;
}

struct http_pool *http_pool_new(const struct http_opts *o, int max_conns, char *err,
				size_t errlen)
{
	(void)o;
	(void)max_conns;
	offline(err, errlen);
	return NULL;
}

void http_pool_free(struct http_pool *p)
{
	(void)p;
}

void http_pool_add(struct http_pool *p, const char *url, void *tag)
{
	(void)p;
	(void)url;
	(void)tag;
}

int http_pool_next(struct http_pool *p, struct strbuf *body, struct http_pool_result *res)
{
	(void)p;
	(void)body;
	offline(res->err, sizeof(res->err));
	return -1;
}
