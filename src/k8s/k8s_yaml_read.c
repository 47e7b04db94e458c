/*
 * k8s_yaml_read.c - libyaml events to a positioned node tree, one document
 * at a time (see k8s_yaml_read.h).  Every node of a document lives in one
 * arena freed with the document; children are collected on a stack the
 * reader reuses, so a 40 MB stream of small documents needs the memory of
 * its largest document only.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "k8s_yaml_read.h"
#include "util.h"

#define ARENA_BLOCK (64u * 1024u)

struct k8s_yarena {
	struct k8s_yarena *next;
	size_t used, cap;
	/* then cap bytes */
};

struct anchor {
	char *name;
	struct k8s_ynode *node;
};

struct k8s_yreader {
	yaml_parser_t parser;
	int started, done, docs;
	struct k8s_ynode **stack;         /* children being collected */
	size_t nstack, capstack;
	struct anchor *anchors;           /* of the current document */
	size_t nanchors, capanchors;
	struct k8s_yarena *arena;         /* of the current document */
	size_t weight;                    /* nodes of the current document, expanded */
	char *err;
	size_t errlen;
	int failed;
};

static void *arena_alloc(struct k8s_yreader *r, size_t n)
{
	struct k8s_yarena *a = r->arena;
	n = (n + 15u) & ~(size_t)15u;
	if (!a || a->cap - a->used < n) {
		size_t cap = n > ARENA_BLOCK ? n : ARENA_BLOCK;
		struct k8s_yarena *b = xmalloc(sizeof(*b) + 16 + cap);
		b->next = a;
		b->used = 0;
		b->cap = cap;
		r->arena = a = b;
	}
	void *p = (char *)(a + 1) + 16 + a->used;
	a->used += n;
	return p;
}

static void arena_free(struct k8s_yarena *a)
{
	while (a) {
		struct k8s_yarena *next = a->next;
		free(a);
		a = next;
	}
}

static void fail(struct k8s_yreader *r, const yaml_mark_t *m, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void fail(struct k8s_yreader *r, const yaml_mark_t *m, const char *fmt, ...)
{
	va_list ap;
	int k;
	if (r->failed)
		return;
	r->failed = 1;
	k = snprintf(r->err, r->errlen, "%d:%d: ", (int)m->line + 1, (int)m->column + 1);
	if (k < 0 || (size_t)k >= r->errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(r->err + k, r->errlen - (size_t)k, fmt, ap);
	va_end(ap);
}

static void parse_failed(struct k8s_yreader *r)
{
	const yaml_parser_t *p = &r->parser;
	const char *problem = p->problem ? p->problem : "cannot parse";
	if (p->error == YAML_READER_ERROR)
		fail(r, &p->mark, "invalid YAML: %s (byte %zu)", problem, p->problem_offset);
	else if (p->context)
		fail(r, &p->problem_mark, "invalid YAML: %s %s at %d:%d", problem, p->context,
		     (int)p->context_mark.line + 1, (int)p->context_mark.column + 1);
	else
		fail(r, &p->problem_mark, "invalid YAML: %s", problem);
}

struct k8s_yreader *k8s_yreader_open(FILE *f)
{
	struct k8s_yreader *r = xcalloc(1, sizeof(*r));
	if (!yaml_parser_initialize(&r->parser)) {
		fprintf(stderr, "gpufit: out of memory\n");
		abort();
	}
	yaml_parser_set_input_file(&r->parser, f);
	return r;
}

static void anchors_clear(struct k8s_yreader *r)
{
	for (size_t i = 0; i < r->nanchors; i++)
		free(r->anchors[i].name);
	r->nanchors = 0;
}

void k8s_yreader_close(struct k8s_yreader *r)
{
	if (!r)
		return;
	yaml_parser_delete(&r->parser);
	anchors_clear(r);
	free(r->anchors);
	free(r->stack);
	arena_free(r->arena);
	free(r);
}

static struct k8s_ynode *node_new(struct k8s_yreader *r, enum k8s_ynode_type t,
				  const yaml_mark_t *m)
{
	struct k8s_ynode *n = arena_alloc(r, sizeof(*n));
	memset(n, 0, sizeof(*n));
	n->type = t;
	n->line = (int)m->line + 1;
	n->col = (int)m->column + 1;
	n->str = "";
	n->weight = 1;
	return n;
}

static void push(struct k8s_yreader *r, struct k8s_ynode *n)
{
	if (r->nstack == r->capstack) {
		r->capstack = r->capstack ? r->capstack * 2 : 256;
		r->stack = xrealloc(r->stack, r->capstack * sizeof(*r->stack));
	}
	r->stack[r->nstack++] = n;
}

/* Adds w to the document's expanded size; 0 when that passes the bound. */
static int count(struct k8s_yreader *r, size_t w, const yaml_mark_t *m)
{
	if (w > K8S_YREAD_MAX_NODES || r->weight > K8S_YREAD_MAX_NODES - w) {
		fail(r, m, "document expands to more than %d YAML nodes (aliases included)",
		     K8S_YREAD_MAX_NODES);
		return 0;
	}
	r->weight += w;
	return 1;
}

static void remember(struct k8s_yreader *r, const yaml_char_t *anchor, struct k8s_ynode *n)
{
	if (!anchor)
		return;
	for (size_t i = 0; i < r->nanchors; i++)
		if (strcmp(r->anchors[i].name, (const char *)anchor) == 0) {
			r->anchors[i].node = n;   /* a redefined anchor: later aliases see the new one */
			return;
		}
	if (r->nanchors == r->capanchors) {
		r->capanchors = r->capanchors ? r->capanchors * 2 : 16;
		r->anchors = xrealloc(r->anchors, r->capanchors * sizeof(*r->anchors));
	}
	r->anchors[r->nanchors].name = xstrdup((const char *)anchor);
	r->anchors[r->nanchors++].node = n;
}

static int is_merge_key(const struct k8s_ynode *k)
{
	return k->type == K8S_YSCALAR && k->plain && strcmp(k->str, "<<") == 0;
}

static int has_key(struct k8s_ynode *const *pairs, size_t npairs, const struct k8s_ynode *key)
{
	if (key->type != K8S_YSCALAR)
		return 0;
	for (size_t i = 0; i < npairs; i++)
		if (pairs[2 * i]->type == K8S_YSCALAR && strcmp(pairs[2 * i]->str, key->str) == 0)
			return 1;
	return 0;
}

/* Appends the pairs of mapping src not yet on the stack from base. */
static void merge_from(struct k8s_yreader *r, size_t base, const struct k8s_ynode *src)
{
	for (size_t i = 0; i < src->n; i++)
		if (!has_key(r->stack + base, (r->nstack - base) / 2, src->items[2 * i])) {
			push(r, src->items[2 * i]);
			push(r, src->items[2 * i + 1]);
		}
}

/*
 * The mapping's pairs are on the stack from base.  Takes the `<<` pairs out
 * and appends what they merge (YAML merge key: keys of the mapping itself
 * win, then the merged mappings in order).
 */
static void resolve_merges(struct k8s_yreader *r, size_t base, const yaml_mark_t *m)
{
	size_t n = (r->nstack - base) / 2, kept = 0, nmerge = 0;
	struct k8s_ynode **merges;

	for (size_t i = 0; i < n; i++)
		if (is_merge_key(r->stack[base + 2 * i]))
			nmerge++;
	if (!nmerge)
		return;
	merges = xcalloc(nmerge, sizeof(*merges));
	nmerge = 0;
	for (size_t i = 0; i < n; i++) {
		struct k8s_ynode *k = r->stack[base + 2 * i], *v = r->stack[base + 2 * i + 1];
		if (is_merge_key(k)) {
			merges[nmerge++] = v;
			continue;
		}
		r->stack[base + 2 * kept] = k;
		r->stack[base + 2 * kept + 1] = v;
		kept++;
	}
	r->nstack = base + 2 * kept;
	for (size_t j = 0; j < nmerge && !r->failed; j++) {
		const struct k8s_ynode *v = merges[j];
		if (v->type == K8S_YMAP) {
			merge_from(r, base, v);
		} else if (v->type == K8S_YSEQ) {
			for (size_t i = 0; i < v->n; i++) {
				if (v->items[i]->type != K8S_YMAP) {
					fail(r, m, "'<<' merges mappings only");
					break;
				}
				merge_from(r, base, v->items[i]);
			}
		} else {
			fail(r, m, "'<<' merges mappings only");
		}
	}
	free(merges);
}

static struct k8s_ynode *build(struct k8s_yreader *r, yaml_event_t *ev, int depth);

static struct k8s_ynode *build_collection(struct k8s_yreader *r, yaml_event_t *ev, int depth,
					  enum k8s_ynode_type t, const yaml_char_t *anchor)
{
	yaml_event_type_t end = t == K8S_YMAP ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT;
	struct k8s_ynode *n = node_new(r, t, &ev->start_mark);
	size_t base = r->nstack, weight = 1;
	yaml_mark_t start = ev->start_mark;
	char *anchor_copy = anchor ? xstrdup((const char *)anchor) : NULL;

	if (depth >= K8S_YREAD_MAX_DEPTH) {
		fail(r, &start, "nesting deeper than %d levels", K8S_YREAD_MAX_DEPTH);
		free(anchor_copy);
		return NULL;
	}
	for (;;) {
		yaml_event_t sub;
		struct k8s_ynode *c;
		if (!yaml_parser_parse(&r->parser, &sub)) {
			parse_failed(r);
			break;
		}
		if (sub.type == end) {
			yaml_event_delete(&sub);
			break;
		}
		c = build(r, &sub, depth + 1);
		yaml_event_delete(&sub);
		if (!c)
			break;
		push(r, c);
	}
	if (!r->failed && t == K8S_YMAP)
		resolve_merges(r, base, &start);
	if (r->failed) {
		r->nstack = base;
		free(anchor_copy);
		return NULL;
	}
	n->n = r->nstack - base;
	if (t == K8S_YMAP)
		n->n /= 2;
	if (r->nstack > base) {
		n->items = arena_alloc(r, (r->nstack - base) * sizeof(*n->items));
		memcpy(n->items, r->stack + base, (r->nstack - base) * sizeof(*n->items));
		for (size_t i = base; i < r->nstack; i++)
			weight += r->stack[i]->weight;
	}
	r->nstack = base;
	n->weight = weight;
	remember(r, (const yaml_char_t *)anchor_copy, n);
	free(anchor_copy);
	return n;
}

/* The node that starts with ev (already read); NULL after fail(). */
static struct k8s_ynode *build(struct k8s_yreader *r, yaml_event_t *ev, int depth)
{
	struct k8s_ynode *n;

	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		if (!count(r, 1, &ev->start_mark))
			return NULL;
		n = node_new(r, K8S_YSCALAR, &ev->start_mark);
		n->len = ev->data.scalar.length;
		n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		{
			char *s = arena_alloc(r, n->len + 1);
			memcpy(s, ev->data.scalar.value, n->len);
			s[n->len] = '\0';
			n->str = s;
		}
		remember(r, ev->data.scalar.anchor, n);
		return n;
	case YAML_ALIAS_EVENT:
		for (size_t i = r->nanchors; i-- > 0;)
			if (strcmp(r->anchors[i].name, (const char *)ev->data.alias.anchor) == 0) {
				n = r->anchors[i].node;
				return count(r, n->weight, &ev->start_mark) ? n : NULL;
			}
		fail(r, &ev->start_mark, "unknown anchor '*%s'", (const char *)ev->data.alias.anchor);
		return NULL;
	case YAML_SEQUENCE_START_EVENT:
		if (!count(r, 1, &ev->start_mark))
			return NULL;
		return build_collection(r, ev, depth, K8S_YSEQ, ev->data.sequence_start.anchor);
	case YAML_MAPPING_START_EVENT:
		if (!count(r, 1, &ev->start_mark))
			return NULL;
		return build_collection(r, ev, depth, K8S_YMAP, ev->data.mapping_start.anchor);
	default:
		fail(r, &ev->start_mark, "invalid YAML: unexpected event");
		return NULL;
	}
}

int k8s_yreader_next(struct k8s_yreader *r, struct k8s_ydoc *doc, char *err, size_t errlen)
{
	yaml_event_t ev;

	memset(doc, 0, sizeof(*doc));
	r->err = err;
	r->errlen = errlen;
	if (r->failed)
		return -1;
	if (r->done)
		return 0;
	for (;;) {
		if (!yaml_parser_parse(&r->parser, &ev)) {
			parse_failed(r);
			return -1;
		}
		if (ev.type == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			r->done = 1;
			return 0;
		}
		if (ev.type == YAML_DOCUMENT_START_EVENT)
			break;
		yaml_event_delete(&ev);
	}
	doc->index = ++r->docs;
	doc->line = (int)ev.start_mark.line + 1;
	doc->col = (int)ev.start_mark.column + 1;
	yaml_event_delete(&ev);
	r->arena = NULL;
	r->weight = 0;
	anchors_clear(r);
	for (;;) {
		if (!yaml_parser_parse(&r->parser, &ev)) {
			parse_failed(r);
			break;
		}
		if (ev.type == YAML_DOCUMENT_END_EVENT) {
			yaml_event_delete(&ev);
			break;
		}
		doc->root = build(r, &ev, 0);
		yaml_event_delete(&ev);
		if (!doc->root)
			break;
	}
	doc->arena = r->arena;
	r->arena = NULL;
	if (r->failed) {
		k8s_ydoc_release(doc);
		return -1;
	}
	if (k8s_ynull(doc->root))
		doc->root = NULL;
	return 1;
}

void k8s_ydoc_release(struct k8s_ydoc *doc)
{
	arena_free(doc->arena);
	memset(doc, 0, sizeof(*doc));
}

const struct k8s_ynode *k8s_ymap_get(const struct k8s_ynode *map, const char *key,
				     const struct k8s_ynode **keynode)
{
	if (!map || map->type != K8S_YMAP)
		return NULL;
	for (size_t i = 0; i < map->n; i++) {
		const struct k8s_ynode *k = map->items[2 * i];
		if (k->type == K8S_YSCALAR && strcmp(k->str, key) == 0) {
			if (keynode)
				*keynode = k;
			return map->items[2 * i + 1];
		}
	}
	return NULL;
}

const char *k8s_ystr(const struct k8s_ynode *n)
{
	return n && n->type == K8S_YSCALAR ? n->str : NULL;
}

int k8s_ynull(const struct k8s_ynode *n)
{
	if (!n)
		return 1;
	if (n->type != K8S_YSCALAR || !n->plain)
		return 0;
	return n->len == 0 || strcmp(n->str, "~") == 0 || strcmp(n->str, "null") == 0 ||
	       strcmp(n->str, "Null") == 0 || strcmp(n->str, "NULL") == 0;
}
