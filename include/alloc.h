/*
 * alloc.h - checked allocation.
 *
 * Allocation failure is treated as fatal (xmalloc prints and aborts), as in
 * git: a CLI that cannot get a few KiB has nothing better to do.
 */
#ifndef GPUFIT_ALLOC_H
#define GPUFIT_ALLOC_H

#include <stddef.h>

/* Never NULL (a request of 0 bytes gets 1); the attribute tells the
 * compiler and the static analyzer so. */
#define UTIL_NONNULL_RESULT __attribute__((returns_nonnull, malloc))
void *xmalloc(size_t n) UTIL_NONNULL_RESULT;
void *xcalloc(size_t n, size_t size) UTIL_NONNULL_RESULT;
void *xrealloc(void *p, size_t n) __attribute__((returns_nonnull));
char *xstrdup(const char *s) UTIL_NONNULL_RESULT;
char *xstrndup(const char *s, size_t n) UTIL_NONNULL_RESULT;

#endif
