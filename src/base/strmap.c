/*
 * strmap.c - a map from strings to sizes, which also interns strings.
 */
#include "strmap.h"
#include "alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct strmap_ent {
	char *key;      /* NULL: empty slot */
	uint64_t hash;
	size_t val;
};

static uint64_t strmap_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ull;
	}
	return h;
}

static struct strmap_ent *strmap_slot(struct strmap_ent *ents, size_t cap, const char *key,
				      uint64_t h)
{
	size_t mask = cap - 1, i = (size_t)h & mask;
	while (ents[i].key && (ents[i].hash != h || strcmp(ents[i].key, key) != 0))
		i = (i + 1) & mask;
	return &ents[i];
}

size_t *strmap_get(const struct strmap *m, const char *key)
{
	if (!m->cap)
		return NULL;
	struct strmap_ent *e = strmap_slot(m->ents, m->cap, key, strmap_hash(key));
	return e->key ? &e->val : NULL;
}

void strmap_put(struct strmap *m, const char *key, size_t val)
{
	if ((m->n + 1) * 2 > m->cap) {
		size_t ncap = m->cap ? m->cap * 2 : 64;
		struct strmap_ent *ne = xcalloc(ncap, sizeof(*ne));
		for (size_t i = 0; i < m->cap; i++)
			if (m->ents[i].key)
				*strmap_slot(ne, ncap, m->ents[i].key, m->ents[i].hash) = m->ents[i];
		free(m->ents);
		m->ents = ne;
		m->cap = ncap;
	}
	uint64_t h = strmap_hash(key);
	struct strmap_ent *e = strmap_slot(m->ents, m->cap, key, h);
	if (!e->key) {
		e->key = xstrdup(key);
		e->hash = h;
		m->n++;
	}
	e->val = val;
}

const char *strmap_intern(struct strmap *m, const char *key)
{
	if (!strmap_get(m, key))
		strmap_put(m, key, 0);
	return strmap_slot(m->ents, m->cap, key, strmap_hash(key))->key;
}

void strmap_release(struct strmap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->ents[i].key);
	free(m->ents);
	m->ents = NULL;
	m->n = m->cap = 0;
}
