/*
 * strmap.h - a map from strings to sizes, which also interns strings.
 */
#ifndef GPUFIT_STRMAP_H
#define GPUFIT_STRMAP_H

#include <stddef.h>

/* String -> size_t map (open addressing, FNV-1a, grows at half full): O(1)
 * amortised lookups and inserts.  Keys are copied.  Init with STRMAP_INIT,
 * free with strmap_release. */
struct strmap_ent;
struct strmap {
	struct strmap_ent *ents;
	size_t n, cap;
};
#define STRMAP_INIT { NULL, 0, 0 }
/* The value of key, or NULL when it is absent (valid until the next put). */
size_t *strmap_get(const struct strmap *m, const char *key);
/* Sets key to val, replacing an earlier value. */
void strmap_put(struct strmap *m, const char *key, size_t val);
void strmap_release(struct strmap *m);
/* The map's own copy of key, added (value 0) when absent: a string that
 * stays valid until strmap_release, one copy per distinct text. */
const char *strmap_intern(struct strmap *m, const char *key);

#endif
