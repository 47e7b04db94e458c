/*
 * profile.c - reads and validates workload profiles (YAML, schema version 1).
 *
 * The only module that includes <yaml.h>.  Reading goes in three steps, each
 * of which may stop the next:
 *
 *   1. a byte scan: size limit, UTF-8, tabs in indentation (libyaml would
 *      stop at the first of these with a vague message);
 *   2. libyaml's event parser builds a small tree of our own (maps,
 *      sequences, scalars, each with its position).  Anchors, aliases and
 *      tags are refused, so no alias expansion can blow up, and nesting and
 *      node counts are bounded;
 *   3. the tree is checked against the schema; every problem found is
 *      recorded, then all are sorted into file order for the caller.
 *
 * Nothing of libyaml survives step 2: the events are freed as they are read.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <yaml.h>

#include "gpufit.h"
#include "hf_config.h"
#include "profile.h"
#include "util.h"

#define MAX_ERRORS 100
#define MAX_NODES 5000000
#define MAX_WORKLOADS 100000
#define DEFAULT_REGION "eastus"

enum node_kind { NODE_SCALAR, NODE_SEQ, NODE_MAP };

/* A parsed YAML node.  A map keeps keys and values alternating in items. */
struct node {
	enum node_kind kind;
	int line, col;               /* 1-based */
	int is_null;                 /* plain "", "~", "null" */
	int bad;                     /* already reported (an alias): skip silently */
	char *text;                  /* scalars: the value */
	size_t len;
	struct node **items;
	size_t n, cap;
};

struct reader {
	const char *file;
	const struct profile_names *names;
	struct diag_list errs;       /* in discovery order; sorted at the end */
	size_t nodes;
	char *alias[16];             /* anchor names of aliases already reported */
	size_t nalias;
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- diagnostics ------------------------------------------------------- */

static void __attribute__((format(printf, 4, 5)))
err_at(struct reader *r, int line, int col, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	if (r->errs.n > MAX_ERRORS)
		return;
	if (r->errs.n == MAX_ERRORS) {
		diag_list_add(&r->errs, DIAG_ERROR, r->file, line, col,
			      "too many errors (more than %d); stopping", MAX_ERRORS);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_list_add(&r->errs, DIAG_ERROR, r->file, line, col, "%s", msg);
}

#define err_node(r, nd, ...) err_at((r), (nd)->line, (nd)->col, __VA_ARGS__)

/* A warning: the profile is valid, but a value looks like a unit slip. */
static void __attribute__((format(printf, 3, 4)))
warn_node(struct reader *r, const struct node *nd, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	if (r->errs.n >= MAX_ERRORS)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_list_add(&r->errs, DIAG_WARNING, r->file, nd->line, nd->col, "%s", msg);
}

static int cmp_diag(const void *a, const void *b)
{
	const struct diag_item *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return 0;
}

/* Moves the collected errors into out in file order (stable for ties). */
static void flush_errors(struct reader *r, struct diag_list *out)
{
	size_t i, j;
	struct diag_item tmp;

	/* insertion sort: stable, and the list is short (<= MAX_ERRORS + 1) */
	for (i = 1; i < r->errs.n; i++) {
		tmp = r->errs.items[i];
		for (j = i; j > 0 && cmp_diag(&r->errs.items[j - 1], &tmp) > 0; j--)
			r->errs.items[j] = r->errs.items[j - 1];
		r->errs.items[j] = tmp;
	}
	for (i = 0; i < r->errs.n; i++) {
		const struct diag_item *d = &r->errs.items[i];

		diag_list_add(out, d->severity, d->file, d->line, d->col, "%s", d->msg);
	}
	diag_list_release(&r->errs);
}

/* ---- step 1: the byte scan ---------------------------------------------- */

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/*
 * Reports bytes that are not UTF-8 text (the first one only: after that,
 * positions mean little) and every line indented with a tab.  Columns count
 * characters, as libyaml's do.  Returns the number of problems.
 */
static int scan_bytes(struct reader *r, const unsigned char *s, size_t n)
{
	size_t i = 0, k;
	int line = 1, col = 1, problems = 0, indent = 1;

	if (n >= 2 && ((s[0] == 0xff && s[1] == 0xfe) || (s[0] == 0xfe && s[1] == 0xff))) {
		err_at(r, 1, 1, "file is UTF-16; save the profile as UTF-8");
		return 1;
	}
	if (n >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf)
		i = 3;
	while (i < n) {
		if (s[i] == 0) {
			err_at(r, line, col, "NUL byte; a profile must be text");
			return problems + 1;
		}
		k = utf8_len(s + i, n - i);
		if (k == 0) {
			err_at(r, line, col, "invalid UTF-8 byte 0x%02x; a profile must be UTF-8 text",
			       s[i]);
			return problems + 1;
		}
		if (s[i] == '\n') {
			line++;
			col = 1;
			indent = 1;
			i++;
			continue;
		}
		if (indent && s[i] == '\t') {
			/* a tab before anything but a comment or the line end */
			size_t j = i;

			while (j < n && (s[j] == ' ' || s[j] == '\t'))
				j++;
			if (j < n && s[j] != '\n' && s[j] != '\r' && s[j] != '#') {
				err_at(r, line, col, "tab in indentation; YAML indents with spaces only");
				problems++;
			}
			indent = 0;
		} else if (s[i] != ' ') {
			indent = 0;
		}
		i += k;
		col++;
	}
	return problems;
}

/* ---- step 2: events to a tree ------------------------------------------- */

static void node_free(struct node *nd)
{
	size_t i;

	if (!nd)
		return;
	for (i = 0; i < nd->n; i++)
		node_free(nd->items[i]);
	free(nd->items);
	free(nd->text);
	free(nd);
}

static struct node *node_new(struct reader *r, enum node_kind kind, const yaml_mark_t *m)
{
	struct node *nd = xcalloc(1, sizeof *nd);

	nd->kind = kind;
	nd->line = (int)m->line + 1;
	nd->col = (int)m->column + 1;
	r->nodes++;
	return nd;
}

static void node_push(struct node *parent, struct node *child)
{
	if (parent->n == parent->cap) {
		parent->cap = parent->cap ? parent->cap * 2 : 8;
		parent->items = xrealloc(parent->items, parent->cap * sizeof *parent->items);
	}
	parent->items[parent->n++] = child;
}

static void report_yaml_error(struct reader *r, const yaml_parser_t *p)
{
	const char *problem = p->problem ? p->problem : "cannot parse";
	int line = (int)p->problem_mark.line + 1, col = (int)p->problem_mark.column + 1;

	if (p->error == YAML_READER_ERROR) {
		/* reader errors carry a byte offset, not a mark */
		err_at(r, 0, 0, "invalid YAML: %s at byte %zu", problem, p->problem_offset);
		return;
	}
	if (p->context)
		err_at(r, line, col, "invalid YAML: %s (%s at %d:%d)", problem, p->context,
		       (int)p->context_mark.line + 1, (int)p->context_mark.column + 1);
	else
		err_at(r, line, col, "invalid YAML: %s", problem);
}

/* Reports an anchor or tag on a node: both are refused. */
static void check_decorations(struct reader *r, const yaml_event_t *ev, const yaml_char_t *anchor,
			      const yaml_char_t *tag)
{
	int line = (int)ev->start_mark.line + 1, col = (int)ev->start_mark.column + 1;

	if (anchor)
		err_at(r, line, col, "anchors ('&%s') are not supported; write the values out",
		       (const char *)anchor);
	if (tag) {
		const char *t = (const char *)tag, *std = "tag:yaml.org,2002:";

		if (!strncmp(t, std, strlen(std)))
			err_at(r, line, col, "tags ('!!%s') are not supported", t + strlen(std));
		else
			err_at(r, line, col, "tags ('%s') are not supported", t);
	}
}

/* 1 the first time an alias of this anchor is seen (so each is reported
 * once, however often it is used), else 0. */
static int first_alias(struct reader *r, const char *anchor)
{
	size_t i;

	for (i = 0; i < r->nalias; i++)
		if (!strcmp(r->alias[i], anchor))
			return 0;
	if (r->nalias < COUNT(r->alias))
		r->alias[r->nalias++] = xstrdup(anchor);
	return 1;
}

/*
 * Builds the node that starts with event ev (already read) and, for
 * collections, reads up to its end event.  Returns NULL after reporting a
 * problem that stops parsing (syntax error, too deep, too many nodes).
 */
static struct node *build(struct reader *r, yaml_parser_t *p, yaml_event_t *ev, int depth)
{
	struct node *nd, *child;
	yaml_event_t sub;
	yaml_event_type_t end;

	if (r->nodes >= MAX_NODES) {
		err_at(r, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
		       "profile too large (more than %d YAML nodes)", MAX_NODES);
		return NULL;
	}
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		check_decorations(r, ev, ev->data.scalar.anchor, ev->data.scalar.tag);
		nd = node_new(r, NODE_SCALAR, &ev->start_mark);
		nd->len = ev->data.scalar.length;
		nd->text = xstrndup((const char *)ev->data.scalar.value, nd->len);
		nd->text[nd->len] = '\0';
		if (ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
		    (nd->len == 0 || !strcmp(nd->text, "~") || !strcmp(nd->text, "null") ||
		     !strcmp(nd->text, "Null") || !strcmp(nd->text, "NULL")))
			nd->is_null = 1;
		return nd;
	case YAML_ALIAS_EVENT:
		nd = node_new(r, NODE_SCALAR, &ev->start_mark);
		nd->text = xstrdup("");
		nd->bad = 1;
		if (first_alias(r, (const char *)ev->data.alias.anchor))
			err_node(r, nd, "aliases ('*%s') are not supported; write the values out",
				 (const char *)ev->data.alias.anchor);
		return nd;
	case YAML_SEQUENCE_START_EVENT:
		check_decorations(r, ev, ev->data.sequence_start.anchor,
				  ev->data.sequence_start.tag);
		nd = node_new(r, NODE_SEQ, &ev->start_mark);
		end = YAML_SEQUENCE_END_EVENT;
		break;
	case YAML_MAPPING_START_EVENT:
		check_decorations(r, ev, ev->data.mapping_start.anchor,
				  ev->data.mapping_start.tag);
		nd = node_new(r, NODE_MAP, &ev->start_mark);
		end = YAML_MAPPING_END_EVENT;
		break;
	default:
		err_at(r, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
		       "invalid YAML: unexpected event");
		return NULL;
	}
	if (depth >= PROFILE_MAX_DEPTH) {
		err_node(r, nd, "nesting deeper than %d levels", PROFILE_MAX_DEPTH);
		node_free(nd);
		return NULL;
	}
	for (;;) {
		if (!yaml_parser_parse(p, &sub)) {
			report_yaml_error(r, p);
			node_free(nd);
			return NULL;
		}
		if (sub.type == end) {
			yaml_event_delete(&sub);
			return nd;
		}
		child = build(r, p, &sub, depth + 1);
		yaml_event_delete(&sub);
		if (!child) {
			node_free(nd);
			return NULL;
		}
		node_push(nd, child);
	}
}

/*
 * Parses the whole stream into one document tree.  Returns the root, or
 * NULL with *empty = 1 for a stream without content, or NULL after errors.
 */
static struct node *parse_yaml(struct reader *r, const char *buf, size_t len, int *empty)
{
	yaml_parser_t p;
	yaml_event_t ev;
	struct node *root = NULL;
	int docs = 0, done = 0;

	*empty = 0;
	if (!yaml_parser_initialize(&p)) {
		err_at(r, 0, 0, "out of memory");
		return NULL;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	while (!done) {
		if (!yaml_parser_parse(&p, &ev)) {
			report_yaml_error(r, &p);
			node_free(root);
			root = NULL;
			break;
		}
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_DOCUMENT_START_EVENT:
			if (++docs == 2) {
				err_at(r, (int)ev.start_mark.line + 1, (int)ev.start_mark.column + 1,
				       "a second YAML document; a profile is a single document");
				done = 1;
			}
			break;
		case YAML_SCALAR_EVENT:
		case YAML_ALIAS_EVENT:
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			root = build(r, &p, &ev, 0);
			if (!root)
				done = 1;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	if (r->errs.n) {
		node_free(root);
		return NULL;
	}
	if (!root || (root->kind == NODE_SCALAR && root->is_null)) {
		node_free(root);
		*empty = 1;
		return NULL;
	}
	return root;
}

/* ---- step 3: schema checks ---------------------------------------------- */

static const char *kind_name(const struct node *nd)
{
	return nd->kind == NODE_MAP ? "a mapping" : nd->kind == NODE_SEQ ? "a list" : "a value";
}

/* The value of key in map (first occurrence), or NULL. */
static const struct node *map_get(const struct node *map, const char *key)
{
	size_t i;

	for (i = 0; i + 1 < map->n; i += 2)
		if (map->items[i]->kind == NODE_SCALAR && !strcmp(map->items[i]->text, key))
			return map->items[i + 1];
	return NULL;
}

/* The key node of key in map, for positions; NULL if absent. */
static const struct node *map_key(const struct node *map, const char *key)
{
	size_t i;

	for (i = 0; i + 1 < map->n; i += 2)
		if (map->items[i]->kind == NODE_SCALAR && !strcmp(map->items[i]->text, key))
			return map->items[i];
	return NULL;
}

/*
 * Reports keys of map that are not in keys[] (with a hint), duplicated, or
 * not plain strings.  where is "in 'serving'", "at the top level", ...
 */
static void check_keys(struct reader *r, const struct node *map, const char *const *keys,
		       size_t nkeys, const char *where)
{
	const struct node *first[32] = { 0 };
	size_t i, k;

	for (i = 0; i + 1 < map->n; i += 2) {
		const struct node *key = map->items[i];
		const char *hint;

		if (key->bad)
			continue;
		if (key->kind != NODE_SCALAR || key->is_null) {
			err_node(r, key, "keys must be plain words, got %s %s",
				 key->kind == NODE_SCALAR ? "an empty key" : kind_name(key), where);
			continue;
		}
		for (k = 0; k < nkeys; k++)
			if (!strcmp(keys[k], key->text))
				break;
		if (k == nkeys) {
			hint = util_suggest(key->text, keys, nkeys);
			if (hint)
				err_node(r, key, "unknown key '%s' %s; did you mean '%s'?", key->text,
					 where, hint);
			else
				err_node(r, key, "unknown key '%s' %s", key->text, where);
			continue;
		}
		if (k < 32 && first[k]) {
			err_node(r, key, "duplicate key '%s' %s (first at %d:%d)", key->text, where,
				 first[k]->line, first[k]->col);
			continue;
		}
		if (k < 32)
			first[k] = key;
	}
}

/* Rules for a number: bounds, whole numbers, sizes with units, "10%". */
struct num_rule {
	double min, max;
	int min_open;                /* min itself is not allowed */
	int integer;
	int size;                    /* accepts units (result in GiB) */
	int pct;                     /* accepts a trailing '%' */
};

static const char *fmt_num(char *buf, size_t len, double v)
{
	char *e;

	if (v == floor(v) && fabs(v) < 1e9) {
		snprintf(buf, len, "%.0f", v);
		return buf;
	}
	snprintf(buf, len, "%g", v);
	e = strstr(buf, "e+");
	if (e)
		memmove(e + 1, e + 2, strlen(e + 2) + 1);
	return buf;
}

/* Common checks for a scalar that must hold a value.  0 ok, -1 reported. */
static int need_scalar(struct reader *r, const struct node *v, const char *path, const char *what)
{
	if (v->bad)
		return -1;
	if (v->kind != NODE_SCALAR) {
		err_node(r, v, "'%s' must be %s, got %s", path, what, kind_name(v));
		return -1;
	}
	if (v->is_null) {
		err_node(r, v, "'%s' has no value", path);
		return -1;
	}
	if (strlen(v->text) != v->len) {
		err_node(r, v, "'%s' contains a NUL character", path);
		return -1;
	}
	return 0;
}

/* Parses a number node.  1 ok (*out set), -1 reported. */
static int node_num(struct reader *r, const struct node *v, const char *path,
		    const struct num_rule *rule, double *out)
{
	char clean[128], a[32];
	const char *s;
	size_t i, o = 0;
	double d;
	int rc;

	if (need_scalar(r, v, path, "a number") < 0)
		return -1;
	s = v->text;
	/* YAML-style digit grouping: 1_000_000 */
	for (i = 0; s[i] && o + 1 < sizeof clean; i++)
		if (!(s[i] == '_' && i > 0 && isdigit((unsigned char)s[i - 1]) &&
		      isdigit((unsigned char)s[i + 1])))
			clean[o++] = s[i];
	clean[o] = '\0';
	if (rule->pct && o > 0 && clean[o - 1] == '%')
		clean[--o] = '\0';
	if (s[i] || o == 0) {
		err_node(r, v, "'%s' must be a number, got '%s'", path, v->text);
		return -1;
	}
	if (util_parse_double(clean, &d) < 0) {
		if (!rule->size) {
			err_node(r, v, "'%s' must be a number, got '%s'", path, v->text);
			return -1;
		}
		rc = util_parse_size_gib(clean, &d);
		if (rc == -2) {
			err_node(r, v, "unknown unit in '%s': '%s'; use GiB, TiB, MiB, GB, TB or MB",
				 path, v->text);
			return -1;
		}
		if (rc < 0) {
			err_node(r, v, "'%s' must be a size such as '16GiB' or a number of GiB, "
				 "got '%s'", path, v->text);
			return -1;
		}
	}
	if (rule->integer && d != floor(d)) {
		err_node(r, v, "'%s' must be a whole number, got %s", path, v->text);
		return -1;
	}
	if (rule->min_open && d <= rule->min) {
		err_node(r, v, "'%s' must be greater than %s, got %s", path,
			 fmt_num(a, sizeof a, rule->min), v->text);
		return -1;
	}
	if (!rule->min_open && d < rule->min) {
		err_node(r, v, "'%s' must be at least %s, got %s", path,
			 fmt_num(a, sizeof a, rule->min), v->text);
		return -1;
	}
	if (d > rule->max) {
		err_node(r, v, "'%s' must be at most %s, got %s", path,
			 fmt_num(a, sizeof a, rule->max), v->text);
		return -1;
	}
	*out = d;
	return 1;
}

/* The number at map.key: 1 given and valid, 0 absent, -1 reported. */
static int get_num(struct reader *r, const struct node *map, const char *key, const char *prefix,
		   const struct num_rule *rule, double *out)
{
	const struct node *v = map_get(map, key);
	char path[96];

	if (!v)
		return 0;
	snprintf(path, sizeof path, "%s%s", prefix, key);
	return node_num(r, v, path, rule, out);
}

static int get_long(struct reader *r, const struct node *map, const char *key, const char *prefix,
		    const struct num_rule *rule, long *out)
{
	double d;
	int rc = get_num(r, map, key, prefix, rule, &d);

	if (rc > 0)
		*out = (long)d;
	return rc;
}

/* A string node into buf.  1 ok, -1 reported. */
static int node_str(struct reader *r, const struct node *v, const char *path, char *buf,
		    size_t len)
{
	if (need_scalar(r, v, path, "a string") < 0)
		return -1;
	if (v->len == 0) {
		err_node(r, v, "'%s' is empty", path);
		return -1;
	}
	if (v->len >= len) {
		err_node(r, v, "'%s' is too long (at most %zu characters)", path, len - 1);
		return -1;
	}
	memcpy(buf, v->text, v->len + 1);
	return 1;
}

/*
 * An enumerated word: matched ignoring case against names[0..n-1].
 * 1 ok (*out = index), -1 reported.
 */
static int node_enum(struct reader *r, const struct node *v, const char *path, const char *what,
		     const char *const *names, size_t n, int *out)
{
	char word[64];
	const char *hint;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (node_str(r, v, path, word, sizeof word) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (!strcasecmp(word, names[i])) {
			*out = (int)i;
			return 1;
		}
	}
	hint = util_suggest(word, names, n);
	if (hint) {
		err_node(r, v, "unknown %s '%s'; did you mean '%s'?", what, word, hint);
		return -1;
	}
	for (i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", names[i]);
	err_node(r, v, "unknown %s '%s'; expected one of %s", what, word, strbuf_str(&sb));
	strbuf_release(&sb);
	return -1;
}

/*
 * A catalog name (model preset, region, VM size): checked against list when
 * it is not empty; the catalog's spelling is stored.  1 ok, -1 reported.
 */
static int node_catalog_name(struct reader *r, const struct node *v, const char *path,
			     const char *what, const char *const *list, size_t n, char *buf,
			     size_t len)
{
	const char *hint;
	size_t i;

	if (node_str(r, v, path, buf, len) < 0)
		return -1;
	if (!list || n == 0)
		return 1;
	for (i = 0; i < n; i++) {
		if (!strcasecmp(buf, list[i]) && strlen(list[i]) < len) {
			strcpy(buf, list[i]);
			return 1;
		}
	}
	hint = util_suggest(buf, list, n);
	if (hint)
		err_node(r, v, "unknown %s '%s'; did you mean '%s'?", what, buf, hint);
	else
		err_node(r, v, "unknown %s '%s'", what, buf);
	return -1;
}

static const char *const type_names[] = { "inference", "training" };
static const char *const storage_names[PROFILE_STORAGE_COUNT] = {
	"blob", "blob-premium", "premium-ssd", "premium-ssd-v2", "ultra-disk", "netapp",
	"managed-lustre", "local-nvme"
};

/* Bounds.  The maxima are far beyond any real workload: they catch typos
 * (a missing decimal point, tokens in the wrong unit), not ambition. */
static const struct num_rule
	R_HOURS = { 0, 744, 1, 0, 0, 0 },
	R_MONEY = { 0, 1e9, 0, 0, 0, 0 },
	R_PCT = { 0, 1000, 0, 0, 0, 1 },
	R_REPLICAS = { 1, 10000, 0, 1, 0, 0 },
	R_COUNT = { 1, 100000, 0, 1, 0, 0 },
	R_IN_TOKENS = { 1, 1e7, 0, 1, 0, 0 },
	R_OUT_TOKENS = { 1, 1e6, 0, 1, 0, 0 },
	R_CONCURRENCY = { 1, 1e6, 0, 1, 0, 0 },
	R_RATE = { 0, 1e6, 1, 0, 0, 0 },
	R_PERCENTILE = { 50, 99.9, 0, 0, 0, 0 },
	R_SHARE = { 0, 1, 0, 0, 0, 0 },
	R_MIN_REPLICAS = { 0, 10000, 0, 1, 0, 0 },
	R_TOKENS_PER_S = { 0, 1e9, 1, 0, 0, 0 },
	R_MS_PER_TOKEN = { 0, 60000, 1, 0, 0, 0 },
	R_TTFT_MS = { 0, 3.6e6, 1, 0, 0, 0 },
	R_GPU_MEM = { 0, 10000, 1, 0, 1, 0 },
	R_TFLOPS = { 0, 1e5, 1, 0, 0, 0 },
	R_BANDWIDTH = { 0, 1e5, 1, 0, 0, 0 },
	R_PARAMS_B = { 0, 10000, 1, 0, 0, 0 },
	R_LAYERS = { 1, 1000, 0, 1, 0, 0 },
	R_HIDDEN = { 1, 1e6, 0, 1, 0, 0 },
	R_HEADS = { 1, 10000, 0, 1, 0, 0 },
	R_VOCAB = { 1, 1e7, 0, 1, 0, 0 },
	R_EXPERTS = { 2, 10000, 0, 1, 0, 0 },
	R_ACTIVE = { 1, 10000, 0, 1, 0, 0 },
	R_TRAIN_TOKENS = { 0, 1e15, 1, 0, 0, 0 },
	R_SEQ_LEN = { 1, 1e7, 0, 1, 0, 0 },
	R_ZERO = { 0, 3, 0, 1, 0, 0 },
	R_DEADLINE = { 0, 8760, 1, 0, 0, 0 },
	R_RUNS = { 0, 10000, 1, 0, 0, 0 },
	R_MICRO_BATCH = { 1, 65536, 0, 1, 0, 0 },
	R_DATA_SIZE = { 0, 1e7, 1, 0, 1, 0 },
	R_READ_MBPS = { 0, 1e7, 1, 0, 0, 0 },
	R_SAMPLE_BYTES = { 0, 1e12, 1, 0, 0, 0 },
	R_EPOCHS = { 0, 1e6, 1, 0, 0, 0 },
	R_CKPT_MIN = { 0, 1e6, 1, 0, 0, 0 },
	R_COLD_START = { 0, 86400, 1, 0, 0, 0 },
	R_ZONE = { 1, 3, 0, 1, 0, 0 };

static int expect_map(struct reader *r, const struct node *v, const char *path)
{
	if (v->bad)
		return -1;
	if (v->kind != NODE_MAP) {
		if (v->kind == NODE_SCALAR && v->is_null)
			err_node(r, v, "'%s' has no value", path);
		else
			err_node(r, v, "'%s' must be a mapping of keys, got %s", path,
				 v->kind == NODE_SEQ ? "a list" : "a single value");
		return -1;
	}
	return 0;
}

/* Reports a required key as missing, unless an unknown key of map (not in
 * keys[]) is a misspelling of it: its "did you mean" error says enough. */
static void missing(struct reader *r, const struct node *map, const char *const *keys,
		    size_t nkeys, const char *key, const char *where)
{
	size_t i, k;

	for (i = 0; i + 1 < map->n; i += 2) {
		const struct node *kn = map->items[i];

		if (kn->kind != NODE_SCALAR || kn->is_null)
			continue;
		for (k = 0; k < nkeys; k++)
			if (!strcmp(keys[k], kn->text))
				break;
		if (k == nkeys && util_suggest(kn->text, keys, nkeys) &&
		    !strcmp(util_suggest(kn->text, keys, nkeys), key))
			return;
	}
	err_node(r, map, "missing '%s' %s", key, where);
}

/* ---- sections of a workload --------------------------------------------- */

static void read_inline_model(struct reader *r, const struct node *m, struct profile_workload *w)
{
	static const char *const keys[] = { "params_b", "active_params_b", "layers", "hidden",
					    "heads", "kv_heads", "vocab", "moe_experts",
					    "moe_active", "max_context" };
	struct model_preset *mp = &w->model;
	long layers = 0, hidden = 0, heads = 0, kv = 0, vocab = 0, experts = 0, active = 0;
	long max_context = 0;
	int has_heads, has_kv, has_hidden, has_experts, has_active, has_apb;
	double apb = 0;

	check_keys(r, m, keys, COUNT(keys), "in 'model'");
	memset(mp, 0, sizeof *mp);
	snprintf(mp->name, sizeof mp->name, "%.*s", (int)sizeof mp->name - 1, w->name);
	strcpy(mp->kind, "llm");
	if (get_num(r, m, "params_b", "model.", &R_PARAMS_B, &mp->params_b) == 0)
		missing(r, m, keys, COUNT(keys),
			"params_b", "in the inline 'model' (billions of parameters)");
	has_apb = get_num(r, m, "active_params_b", "model.", &R_PARAMS_B, &apb) > 0;
	get_long(r, m, "layers", "model.", &R_LAYERS, &layers);
	has_hidden = get_long(r, m, "hidden", "model.", &R_HIDDEN, &hidden) > 0;
	has_heads = get_long(r, m, "heads", "model.", &R_HEADS, &heads) > 0;
	has_kv = get_long(r, m, "kv_heads", "model.", &R_HEADS, &kv) > 0;
	get_long(r, m, "vocab", "model.", &R_VOCAB, &vocab);
	has_experts = get_long(r, m, "moe_experts", "model.", &R_EXPERTS, &experts) > 0;
	has_active = get_long(r, m, "moe_active", "model.", &R_ACTIVE, &active) > 0;
	get_long(r, m, "max_context", "model.", &R_SEQ_LEN, &max_context);
	mp->max_context = (int)max_context;

	if (has_kv && !has_heads && !map_get(m, "heads"))
		err_node(r, map_key(m, "kv_heads"), "'model.kv_heads' needs 'model.heads'");
	if (has_kv && has_heads && (kv > heads || heads % kv))
		err_node(r, map_get(m, "kv_heads"),
			 "'model.kv_heads' (%ld) must divide 'model.heads' (%ld)", kv, heads);
	if (has_hidden && has_heads && hidden % heads)
		err_node(r, map_get(m, "hidden"),
			 "'model.hidden' (%ld) must be a multiple of 'model.heads' (%ld)", hidden,
			 heads);
	if (has_experts != has_active && !map_get(m, has_experts ? "moe_active" : "moe_experts"))
		err_node(r, map_key(m, has_experts ? "moe_experts" : "moe_active"),
			 "'model.%s' needs 'model.%s'", has_experts ? "moe_experts" : "moe_active",
			 has_experts ? "moe_active" : "moe_experts");
	if (has_experts && has_active && active > experts)
		err_node(r, map_get(m, "moe_active"),
			 "'model.moe_active' (%ld) must be at most 'model.moe_experts' (%ld)", active,
			 experts);
	if (has_apb && mp->params_b > 0 && apb > mp->params_b)
		err_node(r, map_get(m, "active_params_b"),
			 "'model.active_params_b' must be at most 'model.params_b'");

	mp->layers = (int)layers;
	mp->hidden = (int)hidden;
	mp->heads = (int)heads;
	mp->kv_heads = (int)(has_kv ? kv : heads);
	mp->head_dim = heads ? (int)(hidden / heads) : 0;
	mp->vocab = (int)vocab;
	mp->moe_experts = (int)experts;
	mp->moe_active = (int)active;
	mp->active_params_b = has_apb ? apb : experts ? 0 : mp->params_b;
}

/*
 * model: { hf_config: PATH }: a Hugging Face config.json, relative to the
 * profile's directory, read as an inline model named after the workload.
 */
static void read_hf_model(struct reader *r, const struct node *m, struct profile_workload *w)
{
	static const char *const keys[] = { "hf_config" };
	const struct node *v = map_get(m, "hf_config");
	char path[4096], rel[2048], herr[HF_CONFIG_ERRLEN];
	const char *slash = strrchr(r->file, '/');

	check_keys(r, m, keys, COUNT(keys), "in 'model' (hf_config takes no other key)");
	if (!v || node_str(r, v, "model.hf_config", rel, sizeof rel) < 0)
		return;
	if (rel[0] != '/' && slash && strcmp(r->file, "<stdin>") != 0)
		snprintf(path, sizeof path, "%.*s/%s", (int)(slash - r->file), r->file, rel);
	else
		snprintf(path, sizeof path, "%s", rel);
	if (hf_config_read(path, &w->model, herr, sizeof herr) != 0) {
		err_node(r, v, "'model.hf_config': %s", herr);
		return;
	}
	snprintf(w->model.name, sizeof w->model.name, "%.*s", (int)sizeof w->model.name - 1,
		 w->name);
	w->model_hf_config = 1;
}

/*
 * Unit slips: a latency SLO under 1 ms or over over_ms (10 s; for a first
 * token, longer for a long prompt) is more likely seconds or microseconds
 * than milliseconds.  The value is echoed as written.
 */
static void slo_slip(struct reader *r, const struct node *v, const char *path, double ms,
		     double over_ms)
{
	if (!v)
		return;
	if (ms < 1)
		warn_node(r, v, "'%s' is %s ms, under 1 ms: no GPU serves that fast; if you meant "
			  "%s s, write %g", path, v->text, v->text, ms * 1000.0);
	else if (ms > over_ms)
		warn_node(r, v, "'%s' is %s ms, over %g s: if you meant %s microseconds, write %g",
			  path, v->text, over_ms / 1000.0, v->text, ms / 1000.0);
}

/* The slowest first token that is not a slip: 10 s, or 1 ms a prompt token
 * (a prefill of 1,000 tokens/s, a small GPU on a mid-sized model) for a
 * longer prompt: 30 s for 120,000 tokens is a plausible target, 30 ms is not. */
static double ttft_slip_ms(double input_tokens)
{
	return input_tokens > 10000 ? input_tokens : 10000;
}

/* One curve of serving.load: 24 shares of the peak rate, one per UTC hour.
 * 1 read, -1 reported. */
static int read_curve(struct reader *r, const struct node *v, const char *path, double *out)
{
	int ok = 1;

	if (v->bad)
		return -1;
	if (v->kind != NODE_SEQ) {
		err_node(r, v, "'%s' must be a list of 24 shares of the peak rate (one per UTC "
			 "hour), got %s", path, kind_name(v));
		return -1;
	}
	if (v->n != 24) {
		err_node(r, v, "'%s' has %zu values; it needs 24, one per UTC hour (00:00 to "
			 "23:00)", path, v->n);
		return -1;
	}
	for (size_t i = 0; i < 24; i++) {
		char at[96];

		snprintf(at, sizeof at, "%s[%zu]", path, i);
		if (node_num(r, v->items[i], at, &R_SHARE, &out[i]) < 0)
			ok = 0;
	}
	return ok ? 1 : -1;
}

/* serving.load: hours, or weekday and weekend.  Warns when the highest
 * share of every curve is below 1 (the peak rate is never reached). */
static void read_load(struct reader *r, const struct node *m, struct profile_serving *s)
{
	static const char *const keys[] = { "hours", "weekday", "weekend" };
	const struct node *h = map_get(m, "hours"), *wd = map_get(m, "weekday"),
			  *we = map_get(m, "weekend");
	double top = 0;
	int n = 0, ok = 1;

	check_keys(r, m, keys, COUNT(keys), "in 'serving.load'");
	if (h && (wd || we)) {
		err_node(r, wd ? map_key(m, "weekday") : map_key(m, "weekend"),
			 "'serving.load' takes 'hours' (every day) or 'weekday' and 'weekend', "
			 "not both");
		return;
	}
	if (h) {
		ok = read_curve(r, h, "serving.load.hours", s->load[0]) > 0;
		n = 1;
	} else if (wd && we) {
		ok = read_curve(r, wd, "serving.load.weekday", s->load[0]) > 0;
		ok = read_curve(r, we, "serving.load.weekend", s->load[1]) > 0 && ok;
		n = 2;
	} else if (wd || we) {
		err_node(r, wd ? map_key(m, "weekday") : map_key(m, "weekend"),
			 "'serving.load.%s' needs 'serving.load.%s' too (24 shares each)",
			 wd ? "weekday" : "weekend", wd ? "weekend" : "weekday");
		return;
	} else {
		err_node(r, m, "'serving.load' needs 'hours' (24 shares of the peak rate) or "
			 "'weekday' and 'weekend'");
		return;
	}
	if (!ok)
		return;
	s->load_curves = n;
	for (int c = 0; c < n; c++)
		for (int i = 0; i < 24; i++)
			top = s->load[c][i] > top ? s->load[c][i] : top;
	if (top < 1.0)
		warn_node(r, m, "the highest share in 'serving.load' is %g: the peak rate "
			  "'serving.requests_per_s' is never reached (the plan sizes for %g of it "
			  "at most)", top, top);
}

/*
 * The load of serving: concurrency (sequences in flight), or requests_per_s
 * (with percentile and load), one of the two.
 */
static void read_traffic(struct reader *r, const struct node *m, struct profile_serving *s,
			 const char *const *keys, size_t nkeys)
{
	const char *const p = "serving.";
	const struct node *conc = map_get(m, "concurrency"), *rate = map_get(m, "requests_per_s");
	const struct node *v;

	s->percentile = 95;
	if (conc && rate) {
		err_node(r, map_key(m, "requests_per_s"), "'serving' gives both 'concurrency' and "
			 "'requests_per_s'; give one: sequences in flight, or the peak arrival rate");
		conc = NULL;   /* the rest is read as a rate: one error each */
	}
	if (!conc && !rate) {
		missing(r, m, keys, nkeys, "concurrency",
			"in 'serving' (sequences in flight; or 'requests_per_s', the peak arrival "
			"rate)");
		return;
	}
	if (conc) {
		get_long(r, m, "concurrency", p, &R_CONCURRENCY, &s->concurrency);
		if (map_get(m, "percentile"))
			err_node(r, map_key(m, "percentile"), "'serving.percentile' needs "
				 "'serving.requests_per_s' (the quantile of the sequences in flight "
				 "under random arrivals)");
		if (map_get(m, "load"))
			err_node(r, map_key(m, "load"), "'serving.load' needs "
				 "'serving.requests_per_s' (the curve is a share of the peak rate)");
		return;
	}
	s->has_requests_per_s = get_num(r, m, "requests_per_s", p, &R_RATE,
					&s->requests_per_s) > 0;
	get_num(r, m, "percentile", p, &R_PERCENTILE, &s->percentile);
	if (map_get(m, "target_output_tokens_per_s"))
		err_node(r, map_key(m, "target_output_tokens_per_s"),
			 "'serving.target_output_tokens_per_s' cannot be given with "
			 "'requests_per_s': the rate x output_tokens is the throughput");
	v = map_get(m, "load");
	if (v && expect_map(r, v, "serving.load") == 0)
		read_load(r, v, s);
}

static void read_serving(struct reader *r, const struct node *m, struct profile_serving *s)
{
	static const char *const keys[] = { "input_tokens", "output_tokens", "concurrency",
					    "target_output_tokens_per_s",
					    "max_ms_per_output_token",
					    "max_time_to_first_token_ms", "engine",
					    "expert_parallel", "max_sequences", "requests_per_s",
					    "percentile", "load" };
	static const char *const flag_names[] = { "false", "true" };
	const char *const p = "serving.";
	const char *engine_names[SIZING_ENGINE_COUNT];
	const struct node *v;
	int engine = SIZING_ENGINE_VLLM, ep = 0;

	check_keys(r, m, keys, COUNT(keys), "in 'serving'");
	if (get_long(r, m, "input_tokens", p, &R_IN_TOKENS, &s->input_tokens) == 0)
		missing(r, m, keys, COUNT(keys),
			"input_tokens", "in 'serving' (prompt tokens per request)");
	if (get_long(r, m, "output_tokens", p, &R_OUT_TOKENS, &s->output_tokens) == 0)
		missing(r, m, keys, COUNT(keys),
			"output_tokens", "in 'serving' (generated tokens per request)");
	read_traffic(r, m, s, keys, COUNT(keys));
	s->has_target_output_tokens_per_s = get_num(r, m, "target_output_tokens_per_s", p,
						    &R_TOKENS_PER_S,
						    &s->target_output_tokens_per_s) > 0;
	s->has_max_ms_per_output_token = get_num(r, m, "max_ms_per_output_token", p,
						 &R_MS_PER_TOKEN,
						 &s->max_ms_per_output_token) > 0;
	s->has_max_time_to_first_token_ms = get_num(r, m, "max_time_to_first_token_ms", p,
						    &R_TTFT_MS,
						    &s->max_time_to_first_token_ms) > 0;
	for (int i = 0; i < SIZING_ENGINE_COUNT; i++)
		engine_names[i] = sizing_engine_name((enum sizing_engine)i);
	v = map_get(m, "engine");
	if (v)
		node_enum(r, v, "serving.engine", "serving engine", engine_names,
			  COUNT(engine_names), &engine);
	s->engine = (enum sizing_engine)engine;
	v = map_get(m, "expert_parallel");
	if (v)
		node_enum(r, v, "serving.expert_parallel", "serving.expert_parallel value",
			  flag_names, COUNT(flag_names), &ep);
	s->expert_parallel = ep;
	get_long(r, m, "max_sequences", p, &R_CONCURRENCY, &s->max_sequences);
	if (s->has_max_ms_per_output_token)
		slo_slip(r, map_get(m, "max_ms_per_output_token"), "serving.max_ms_per_output_token",
			 s->max_ms_per_output_token, 10000);
	if (s->has_max_time_to_first_token_ms)
		slo_slip(r, map_get(m, "max_time_to_first_token_ms"),
			 "serving.max_time_to_first_token_ms", s->max_time_to_first_token_ms,
			 ttft_slip_ms(s->input_tokens));
}

static void read_requirements(struct reader *r, const struct node *m,
			      struct profile_requirements *q)
{
	static const char *const keys[] = { "gpu_memory_gib", "tflops_fp16",
					    "bandwidth_gb_per_s" };
	const char *const p = "requirements.";

	check_keys(r, m, keys, COUNT(keys), "in 'requirements'");
	if (get_num(r, m, "gpu_memory_gib", p, &R_GPU_MEM, &q->gpu_memory_gib) == 0)
		missing(r, m, keys, COUNT(keys),
			"gpu_memory_gib", "in 'requirements' (GPU memory one instance needs)");
	get_num(r, m, "tflops_fp16", p, &R_TFLOPS, &q->tflops_fp16);
	get_num(r, m, "bandwidth_gb_per_s", p, &R_BANDWIDTH, &q->bandwidth_gb_per_s);
}

static void read_training(struct reader *r, const struct node *m, struct profile_training *t)
{
	static const char *const keys[] = { "method", "tokens", "sequence_length", "zero_stage",
					    "deadline_hours", "runs_per_month", "micro_batch",
					    "framework" };
	const char *fw_names[SIZING_FRAMEWORK_COUNT - 1];
	int fw = -1;
	const char *const p = "training.";
	const struct node *v;
	long zero = 0;
	const char *method_names[3];
	int method = SIZING_TRAIN_FULL;

	check_keys(r, m, keys, COUNT(keys), "in 'training'");
	for (method = 0; method < 3; method++)
		method_names[method] = sizing_train_method_name((enum sizing_train_method)method);
	method = SIZING_TRAIN_FULL;
	v = map_get(m, "method");
	if (v)
		node_enum(r, v, "training.method", "training method", method_names,
			  COUNT(method_names), &method);
	t->method = (enum sizing_train_method)method;
	if (get_num(r, m, "tokens", p, &R_TRAIN_TOKENS, &t->tokens) == 0)
		missing(r, m, keys, COUNT(keys),
			"tokens", "in 'training' (tokens processed per run)");
	t->sequence_length = 4096;
	t->has_sequence_length = get_long(r, m, "sequence_length", p, &R_SEQ_LEN,
					  &t->sequence_length) > 0;
	v = map_get(m, "zero_stage");
	if (v && !v->bad && v->kind == NODE_SCALAR && !v->is_null) {
		double d;

		if (util_parse_double(v->text, &d) == 0 && (d != floor(d) || d < 0 || d > 3)) {
			err_node(r, v, "'training.zero_stage' must be 0, 1, 2 or 3, got %s", v->text);
			v = NULL;
		}
	}
	if (v) {
		t->has_zero_stage = get_long(r, m, "zero_stage", p, &R_ZERO, &zero) > 0;
		t->zero_stage = (int)zero;
	}
	if (!t->has_zero_stage)
		t->zero_stage = t->method == SIZING_TRAIN_FULL ? 3 : 0;
	t->has_deadline_hours = get_num(r, m, "deadline_hours", p, &R_DEADLINE,
					&t->deadline_hours) > 0;
	t->runs_per_month = 1;
	get_num(r, m, "runs_per_month", p, &R_RUNS, &t->runs_per_month);
	t->has_micro_batch = get_long(r, m, "micro_batch", p, &R_MICRO_BATCH, &t->micro_batch) > 0;
	for (int i = 1; i < SIZING_FRAMEWORK_COUNT; i++)
		fw_names[i - 1] = sizing_framework_name((enum sizing_framework)i);
	v = map_get(m, "framework");
	t->framework = SIZING_FRAMEWORK_DEFAULT;
	if (v && node_enum(r, v, "training.framework", "training framework", fw_names,
			   COUNT(fw_names), &fw) > 0)
		t->framework = (enum sizing_framework)(fw + 1);
	v = map_get(m, "tokens");
	if (v && t->tokens > 0 && t->tokens < 1e6) {
		/* the slip spelled out: "5000 billion is 5e12", "5e5 billion is
		 * 5e14" (%g's exponent without its '+' and leading zeros) */
		char big[32], *e;

		snprintf(big, sizeof big, "%.6g", t->tokens * 1e9);
		e = strchr(big, 'e');
		if (e) {
			char *d = e + 1;
			if (*d == '+')
				memmove(d, d + 1, strlen(d));
			while (*d == '0' && d[1])
				memmove(d, d + 1, strlen(d));
		}
		warn_node(r, v, "'training.tokens' is %s, under a million: it counts tokens, not "
			  "millions or billions of them (%s billion is %s)", v->text, v->text, big);
	}
	v = map_get(m, "deadline_hours");
	if (v && t->has_deadline_hours && t->deadline_hours < 1)
		warn_node(r, v, "'training.deadline_hours' is %s, under one hour: a value in "
			  "days? %s days is %g hours", v->text, v->text, t->deadline_hours * 24.0);
}

static void read_data(struct reader *r, const struct node *m, struct profile_data *d)
{
	static const char *const keys[] = { "size_gib", "size", "region", "storage",
					    "read_mb_per_s", "sample_bytes", "epochs",
					    "checkpoint_every_min", "cold_start_s" };
	const struct profile_names *nm = r->names;
	const struct node *v;
	int storage = PROFILE_STORAGE_BLOB;
	int a, b;

	check_keys(r, m, keys, COUNT(keys), "in 'data'");
	a = get_num(r, m, "size_gib", "data.", &R_DATA_SIZE, &d->size_gib);
	b = map_get(m, "size") != NULL;
	if (a != 0 && b)
		err_node(r, map_key(m, "size"), "give 'data.size' or 'data.size_gib', not both");
	else if (b)
		a = get_num(r, m, "size", "data.", &R_DATA_SIZE, &d->size_gib);
	if (a == 0 && !b)
		missing(r, m, keys, COUNT(keys),
			"size_gib", "in 'data' (how much data the workload reads)");
	v = map_get(m, "region");
	if (v)
		d->has_region = node_catalog_name(r, v, "data.region", "region",
						  nm ? nm->regions : NULL, nm ? nm->nregions : 0,
						  d->region, sizeof d->region) > 0;
	v = map_get(m, "storage");
	if (v)
		node_enum(r, v, "data.storage", "storage", storage_names, COUNT(storage_names),
			  &storage);
	d->storage = (enum profile_storage)storage;
	d->has_read_mb_per_s = get_num(r, m, "read_mb_per_s", "data.", &R_READ_MBPS,
				       &d->read_mb_per_s) > 0;
	d->has_sample_bytes = get_num(r, m, "sample_bytes", "data.", &R_SAMPLE_BYTES,
				      &d->sample_bytes) > 0;
	d->epochs = 1;
	get_num(r, m, "epochs", "data.", &R_EPOCHS, &d->epochs);
	d->has_checkpoint_every_min = get_num(r, m, "checkpoint_every_min", "data.", &R_CKPT_MIN,
					      &d->checkpoint_every_min) > 0;
	d->has_cold_start_s = get_num(r, m, "cold_start_s", "data.", &R_COLD_START,
				      &d->cold_start_s) > 0;
}

static const struct model_preset *preset_fact(const struct profile_names *nm, const char *name)
{
	for (size_t i = 0; nm && nm->preset_facts && i < nm->npreset_facts; i++)
		if (strcasecmp(nm->preset_facts[i].name, name) == 0)
			return &nm->preset_facts[i];
	return NULL;
}

/* A preset whose context holds need tokens and whose size is nearest to
 * params_b (an LLM with a shape), or NULL. */
static const struct model_preset *longer_preset(const struct profile_names *nm, double need,
						double params_b)
{
	const struct model_preset *best = NULL;
	double best_d = 0;

	for (size_t i = 0; nm && nm->preset_facts && i < nm->npreset_facts; i++) {
		const struct model_preset *p = &nm->preset_facts[i];
		double d;

		if (strcmp(p->kind, "llm") || p->layers <= 0 || p->max_context < need ||
		    !(p->params_b > 0))
			continue;
		d = params_b > 0 ? fabs(log(p->params_b / params_b)) : p->params_b;
		if (!best || d < best_d) {
			best = p;
			best_d = d;
		}
	}
	return best;
}

/*
 * What the model allows: a preset without a transformer shape (a diffusion
 * or CNN preset) cannot be sized as an LLM, and input + output tokens (or
 * the training sequence) must fit the model's context.
 */
static void check_model_limits(struct reader *r, const struct node *m,
			       struct profile_workload *w, int type)
{
	const struct model_preset *mp = w->model_inline ? &w->model
				       : preset_fact(r->names, w->model_name);
	const struct node *sec, *at;
	const struct model_preset *alt;
	char hint[160] = "";
	double need = 0;
	const char *what = NULL;

	if (!w->has_model || !mp)
		return;
	if (!w->model_inline && mp->layers <= 0) {
		if (type == PROFILE_INFERENCE)
			err_node(r, map_get(m, "model"), "model '%s' is a %s preset the LLM sizing "
				 "model cannot use (no layers or heads); describe the workload with "
				 "'requirements:' (gpu_memory_gib, tflops_fp16, bandwidth_gb_per_s) "
				 "instead of 'model' and 'serving'", mp->name, mp->kind);
		else
			err_node(r, map_get(m, "model"), "model '%s' is a %s preset the training "
				 "sizing model cannot use (no layers or heads); give an LLM preset or "
				 "an inline model", mp->name, mp->kind);
		return;
	}
	if (mp->max_context <= 0)
		return;
	if (type == PROFILE_INFERENCE && w->has_serving) {
		sec = map_get(m, "serving");
		at = sec ? map_get(sec, "input_tokens") : NULL;
		need = (double)w->serving.input_tokens + (double)w->serving.output_tokens;
		what = "'serving.input_tokens' + 'serving.output_tokens'";
	} else if (type == PROFILE_TRAINING && w->has_training) {
		sec = map_get(m, "training");
		at = sec ? map_get(sec, "sequence_length") : NULL;
		if (!w->training.has_sequence_length) {
			/* the default sequence, but no longer than the model's context */
			if (w->training.sequence_length > mp->max_context)
				w->training.sequence_length = mp->max_context;
			return;
		}
		need = (double)w->training.sequence_length;
		what = "'training.sequence_length'";
	} else {
		return;
	}
	if (!at || need <= mp->max_context)
		return;
	alt = longer_preset(r->names, need, mp->params_b);
	if (w->model_inline)
		snprintf(hint, sizeof hint, "; raise it if the model has a longer context");
	else if (alt)
		snprintf(hint, sizeof hint, "; preset '%s' has %d", alt->name, alt->max_context);
	else
		snprintf(hint, sizeof hint, "; no preset has that context");
	if (w->model_inline)
		err_node(r, at, "%s = %.0f tokens exceeds the inline model's context of %d tokens "
			 "('model.max_context')%s", what, need, mp->max_context, hint);
	else
		err_node(r, at, "%s = %.0f tokens exceeds model '%s' context of %d tokens "
			 "(max_context)%s", what, need, mp->name, mp->max_context, hint);
}

/* Reports a key that does not belong to this kind of workload. */
static void misplaced(struct reader *r, const struct node *w, const char *key, const char *why)
{
	const struct node *k = map_key(w, key);

	if (k)
		err_node(r, k, "'%s' %s", key, why);
}

static int valid_name(const char *s)
{
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_' && *s != '.')
			return 0;
	return 1;
}

/*
 * precision: native sizes the model in the precisions its weights are
 * released in: serving only, and the preset or config must say which.
 */
static void check_native(struct reader *r, const struct node *v, struct profile_workload *w,
			 int type)
{
	const struct model_preset *mp = w->model_inline ? &w->model
				       : preset_fact(r->names, w->model_name);

	if (type == PROFILE_TRAINING) {
		err_node(r, v, "'precision: native' sizes serving; training takes bf16, fp16 or "
			 "fp8");
		return;
	}
	w->precision_native = 1;
	if (w->has_model && w->model_inline && !w->model_hf_config)
		err_node(r, v, "'precision: native' needs a preset or 'model.hf_config' that says "
			 "which precision the weights are released in; give the precision "
			 "(bf16, fp8, ...) of an inline model");
	else if (w->has_model && mp && !mp->native_precision[0])
		err_node(r, v, "'precision: native': the catalog does not say which precision "
			 "model '%s' is released in; give it (bf16, fp16, fp8, ...)", mp->name);
}

/* The highest share of w's load curves. */
static double load_top(const struct profile_workload *w)
{
	double top = 0;

	for (int c = 0; c < w->serving.load_curves && c < 2; c++)
		for (int h = 0; h < 24; h++)
			top = w->serving.load[c][h] > top ? w->serving.load[c][h] : top;
	return top;
}

/* autoscale: { min_replicas, max_replicas } and the replicas rule of a
 * workload described by its traffic (serving.requests_per_s): its replica
 * count is derived, so 'replicas' is refused there. */
static void read_autoscale(struct reader *r, const struct node *m, struct profile_workload *w)
{
	static const char *const keys[] = { "min_replicas", "max_replicas" };
	const struct node *v = map_get(m, "autoscale"), *lo;
	int traffic = w->has_serving && w->serving.has_requests_per_s;
	const struct node *sv = map_get(m, "serving");
	int rate_given = sv && sv->kind == NODE_MAP && map_get(sv, "requests_per_s");

	w->min_replicas = 1;
	if (rate_given && map_get(m, "replicas"))
		err_node(r, map_key(m, "replicas"), "'replicas' cannot be given with "
			 "'serving.requests_per_s': the replicas are derived from the rate; cap "
			 "them with 'autoscale.max_replicas'");
	if (!v)
		return;
	if (!rate_given) {
		err_node(r, map_key(m, "autoscale"), "'autoscale' needs 'serving.requests_per_s' "
			 "(the replicas per hour are planned from the arrival rate)");
		return;
	}
	if (expect_map(r, v, "autoscale") < 0)
		return;
	check_keys(r, v, keys, COUNT(keys), "in 'autoscale'");
	get_long(r, v, "min_replicas", "autoscale.", &R_MIN_REPLICAS, &w->min_replicas);
	get_long(r, v, "max_replicas", "autoscale.", &R_REPLICAS, &w->max_replicas);
	lo = map_get(v, "min_replicas");
	if (lo && w->min_replicas == 0 && traffic && w->serving.load_curves && load_top(w) == 0)
		err_node(r, lo, "'autoscale.min_replicas' 0 with a 'serving.load' of only zeros: the "
			 "service would never run; give a share above 0 or min_replicas 1");
	if (lo && w->max_replicas > 0 && w->min_replicas > w->max_replicas)
		err_node(r, lo, "'autoscale.min_replicas' (%ld) is above 'autoscale.max_replicas' "
			 "(%ld)", w->min_replicas, w->max_replicas);
	w->has_autoscale = traffic;
}

static void read_workload(struct reader *r, const struct node *m, size_t index,
			  struct profile_workload *w)
{
	static const char *const keys[] = { "name", "type", "model", "precision", "kv_precision",
					    "serving", "requirements", "training", "data",
					    "replicas", "region", "current_sku", "current_count",
					    "confidential", "zone", "autoscale" };
	const struct profile_names *nm = r->names;
	const struct node *v;
	const char *precision_names[SIZING_PRECISION_COUNT + 1];
	char where[PROFILE_NAME_LEN + 32];
	int type = -1, prec, model_given;

	memset(w, 0, sizeof *w);
	w->line = m->line;
	w->col = m->col;
	v = map_get(m, "name");
	if (!v)
		err_node(r, m, "workload %zu has no 'name'", index + 1);
	else if (node_str(r, v, "name", w->name, sizeof w->name) > 0 && !valid_name(w->name)) {
		err_node(r, v, "workload name '%s' may only contain letters, digits, '-', '_' "
			 "and '.'", w->name);
	}
	if (w->name[0])
		snprintf(where, sizeof where, "in workload '%s'", w->name);
	else
		snprintf(where, sizeof where, "in workload %zu", index + 1);
	check_keys(r, m, keys, COUNT(keys), where);

	v = map_get(m, "type");
	if (!v)
		err_node(r, m, "missing 'type' %s (inference or training)", where);
	else if (node_enum(r, v, "type", "workload type", type_names, COUNT(type_names), &type) > 0)
		w->type = (enum profile_type)type;

	v = map_get(m, "model");
	if (v && !v->bad) {
		if (v->kind == NODE_MAP && map_get(v, "hf_config")) {
			w->has_model = w->model_inline = 1;
			read_hf_model(r, v, w);
		} else if (v->kind == NODE_MAP) {
			w->has_model = w->model_inline = 1;
			read_inline_model(r, v, w);
		} else if (v->kind == NODE_SEQ) {
			err_node(r, v, "'model' must be a preset name or a mapping "
				 "{params_b, layers, ...}, got a list");
		} else if (node_catalog_name(r, v, "model", "model", nm ? nm->presets : NULL,
					     nm ? nm->npresets : 0, w->model_name,
					     sizeof w->model_name) > 0) {
			w->has_model = 1;
		}
	}
	/* a bad model still counts as given for the consistency checks below */
	model_given = v != NULL;

	for (prec = 0; prec < SIZING_PRECISION_COUNT; prec++)
		precision_names[prec] = sizing_precision_name((enum sizing_precision)prec);
	precision_names[SIZING_PRECISION_COUNT] = "native";
	w->precision = type == PROFILE_TRAINING ? SIZING_BF16 : SIZING_FP16;
	v = map_get(m, "precision");
	if (v && node_enum(r, v, "precision", "precision", precision_names,
			   COUNT(precision_names), &prec) > 0) {
		if (prec == SIZING_PRECISION_COUNT) {
			check_native(r, v, w, type);
			prec = SIZING_BF16;
		}
		w->precision = (enum sizing_precision)prec;
		w->has_precision = 1;
	}
	w->kv_precision = w->precision_native ? SIZING_BF16 : sizing_kv_default(w->precision);
	v = map_get(m, "kv_precision");
	if (v && node_enum(r, v, "kv_precision", "precision", precision_names,
			   SIZING_PRECISION_COUNT, &prec) > 0) {
		w->kv_precision = (enum sizing_precision)prec;
		w->has_kv_precision = 1;
	}

	v = map_get(m, "serving");
	if (v && expect_map(r, v, "serving") == 0) {
		w->has_serving = 1;
		read_serving(r, v, &w->serving);
	}
	v = map_get(m, "requirements");
	if (v && expect_map(r, v, "requirements") == 0) {
		w->has_requirements = 1;
		read_requirements(r, v, &w->requirements);
	}
	v = map_get(m, "training");
	if (v && expect_map(r, v, "training") == 0) {
		w->has_training = 1;
		read_training(r, v, &w->training);
	}
	v = map_get(m, "precision");
	if (v && type == PROFILE_TRAINING && w->has_precision &&
	    (w->precision == SIZING_INT8 || w->precision == SIZING_INT4)) {
		const char *pn = sizing_precision_name(w->precision);
		enum sizing_train_method tm = w->has_training ? w->training.method
							      : SIZING_TRAIN_FULL;

		if (tm == SIZING_TRAIN_QLORA && w->precision == SIZING_INT4) {
			/* what QLoRA is: read as its 4-bit base, adapters in bf16 */
			warn_node(r, v, "precision int4 with method qlora: qlora keeps the base "
				  "weights in 4 bits itself and trains the adapters in bf16 "
				  "(precision sets their compute precision: bf16 or fp16)");
			w->precision = SIZING_BF16;
			w->kv_precision = sizing_kv_default(w->precision);
		} else if (tm == SIZING_TRAIN_QLORA) {
			err_node(r, v, "precision %s with method qlora: qlora keeps the base weights "
				 "in 4 bits; precision sets the adapters' compute precision (bf16 or "
				 "fp16)", pn);
		} else {
			err_node(r, v, "precision %s cannot be trained (method %s); use bf16 or fp16, "
				 "or method qlora for a 4-bit base", pn, sizing_train_method_name(tm));
		}
	}
	v = map_get(m, "data");
	if (v && expect_map(r, v, "data") == 0) {
		w->has_data = 1;
		read_data(r, v, &w->data);
	}

	w->replicas = 1;
	get_long(r, m, "replicas", "", &R_REPLICAS, &w->replicas);
	read_autoscale(r, m, w);
	v = map_get(m, "region");
	if (v)
		w->has_region = node_catalog_name(r, v, "region", "region",
						  nm ? nm->regions : NULL, nm ? nm->nregions : 0,
						  w->region, sizeof w->region) > 0;
	v = map_get(m, "current_sku");
	if (v)
		w->has_current = node_catalog_name(r, v, "current_sku", "VM size",
						   nm ? nm->skus : NULL, nm ? nm->nskus : 0,
						   w->current_sku, sizeof w->current_sku) > 0;
	v = map_get(m, "confidential");
	if (v) {
		static const char *const cc_names[] = { "false", "true" };
		int cc = 0;

		node_enum(r, v, "confidential", "confidential value", cc_names,
			  COUNT(cc_names), &cc);
		w->confidential = cc;
	}
	{
		long zone = 0;

		if (get_long(r, m, "zone", "", &R_ZONE, &zone) > 0)
			w->zone = (int)zone;
	}
	w->current_count = 1;
	if (get_long(r, m, "current_count", "", &R_COUNT, &w->current_count) != 0 &&
	    !map_get(m, "current_sku"))
		misplaced(r, m, "current_count", "needs 'current_sku' (the VM size it counts)");

	/* combinations */
	if (!model_given) {
		if (map_get(m, "precision"))
			misplaced(r, m, "precision", "needs a 'model'");
		if (map_get(m, "kv_precision"))
			misplaced(r, m, "kv_precision", "needs a 'model'");
	}
	if (type == PROFILE_INFERENCE) {
		const struct node *req = map_get(m, "requirements");

		misplaced(r, m, "training", "is only for workloads of type 'training'");
		if (model_given && req)
			misplaced(r, m, "requirements", "is for generic workloads without a 'model'; "
				  "give one or the other");
		else if (req && map_get(m, "serving"))
			misplaced(r, m, "serving", "is for LLM workloads with a 'model'; a generic "
				  "workload ('requirements') has no serving keys");
		else if (model_given && !map_get(m, "serving"))
			err_node(r, m, "inference workload '%s' has a 'model' but no 'serving' "
				 "(input_tokens, output_tokens, concurrency)", w->name);
		else if (!model_given && !req)
			err_node(r, m, "inference workload '%s' needs 'model' and 'serving', or "
				 "'requirements' for a generic workload", w->name);
	} else if (type == PROFILE_TRAINING) {
		misplaced(r, m, "serving", "is only for workloads of type 'inference'");
		misplaced(r, m, "requirements", "is only for generic inference workloads");
		misplaced(r, m, "kv_precision", "is only for inference (training keeps no KV cache)");
		if (!model_given)
			err_node(r, m, "training workload '%s' needs a 'model'", w->name);
		if (!map_get(m, "training"))
			err_node(r, m, "training workload '%s' has no 'training' section "
				 "(method, tokens, deadline_hours, ...)", w->name);
	}
	if (type == PROFILE_INFERENCE || type == PROFILE_TRAINING)
		check_model_limits(r, m, w, type);
}

/* ---- the top level ------------------------------------------------------ */

static void read_regions(struct reader *r, const struct node *v, struct profile *p)
{
	const struct profile_names *nm = r->names;
	size_t i, j;

	p->nregions = 0;
	if (v->bad)
		return;
	if (v->kind == NODE_MAP) {
		err_node(r, v, "'region' must be a region name or a list of names, got a mapping");
		return;
	}
	if (v->kind == NODE_SCALAR) {
		if (node_catalog_name(r, v, "region", "region", nm ? nm->regions : NULL,
				      nm ? nm->nregions : 0, p->regions[0], PROFILE_REGION_LEN) > 0)
			p->nregions = 1;
		return;
	}
	if (v->n == 0) {
		err_node(r, v, "'region' is an empty list");
		return;
	}
	if (v->n > PROFILE_MAX_REGIONS) {
		err_node(r, v, "'region' lists %zu regions; at most %d are compared at once", v->n,
			 PROFILE_MAX_REGIONS);
		return;
	}
	for (i = 0; i < v->n; i++) {
		char *slot = p->regions[p->nregions];

		if (v->items[i]->kind != NODE_SCALAR && !v->items[i]->bad) {
			err_node(r, v->items[i], "'region' list items must be region names, got %s",
				 kind_name(v->items[i]));
			continue;
		}
		if (node_catalog_name(r, v->items[i], "region", "region", nm ? nm->regions : NULL,
				      nm ? nm->nregions : 0, slot, PROFILE_REGION_LEN) < 0)
			continue;
		for (j = 0; j < p->nregions; j++)
			if (!strcmp(p->regions[j], slot))
				break;
		if (j < p->nregions) {
			err_node(r, v->items[i], "region '%s' is listed twice", slot);
			continue;
		}
		p->nregions++;
	}
}

static void read_budget(struct reader *r, const struct node *m, struct profile_budget *b)
{
	static const char *const keys[] = { "max_monthly", "max_increase", "max_increase_pct" };

	check_keys(r, m, keys, COUNT(keys), "in 'budget'");
	b->has_max_monthly = get_num(r, m, "max_monthly", "budget.", &R_MONEY,
				     &b->max_monthly) > 0;
	b->has_max_increase = get_num(r, m, "max_increase", "budget.", &R_MONEY,
				      &b->max_increase) > 0;
	b->has_max_increase_pct = get_num(r, m, "max_increase_pct", "budget.", &R_PCT,
					  &b->max_increase_pct) > 0;
	if (!map_get(m, "max_monthly") && !map_get(m, "max_increase") &&
	    !map_get(m, "max_increase_pct"))
		err_node(r, m, "'budget' sets no limit; give 'max_monthly', 'max_increase' or "
			 "'max_increase_pct'");
}

static int cmp_wl_name(const void *a, const void *b)
{
	const struct profile_workload *const *x = a, *const *y = b;
	int c = strcmp((*x)->name, (*y)->name);

	if (c)
		return c;
	return *x < *y ? -1 : *x > *y;
}

static void check_unique_names(struct reader *r, struct profile *p)
{
	struct profile_workload **v = xmalloc(p->nworkloads * sizeof *v);
	size_t i, first = 0;

	for (i = 0; i < p->nworkloads; i++)
		v[i] = &p->workloads[i];
	qsort(v, p->nworkloads, sizeof *v, cmp_wl_name);
	for (i = 1; i < p->nworkloads; i++) {
		if (!v[i]->name[0] || strcmp(v[i]->name, v[first]->name)) {
			first = i;
			continue;
		}
		err_at(r, v[i]->line, v[i]->col, "duplicate workload name '%s' (first at %d:%d)",
		       v[i]->name, v[first]->line, v[first]->col);
	}
	free(v);
}

/* path as written in the profile, or joined to the profile's directory
 * when relative (a profile read from stdin: the working directory). */
static char *profile_relative(const struct reader *r, const char *path)
{
	const char *slash = strrchr(r->file, '/');
	size_t n;
	char *out;

	if (path[0] == '/' || !slash || strcmp(r->file, "<stdin>") == 0)
		return xstrdup(path);
	n = (size_t)(slash - r->file) + 1 + strlen(path) + 1;
	out = xmalloc(n);
	snprintf(out, n, "%.*s/%s", (int)(slash - r->file), r->file, path);
	return out;
}

/* azure: { usage: { REGION: FILE, ... }, skus: FILE } (docs/quota.md). */
static void read_azure(struct reader *r, const struct node *m, struct profile *p)
{
	static const char *const keys[] = { "usage", "skus" };
	const struct profile_names *nm = r->names;
	const struct node *v;
	char buf[4096];

	check_keys(r, m, keys, COUNT(keys), "in 'azure'");
	v = map_get(m, "skus");
	if (v && node_str(r, v, "azure.skus", buf, sizeof buf) > 0)
		p->azure_skus = profile_relative(r, buf);
	v = map_get(m, "usage");
	if (!v || expect_map(r, v, "azure.usage") != 0)
		return;
	if (v->n / 2 > PROFILE_MAX_REGIONS) {
		err_node(r, v, "'azure.usage' lists %zu regions; at most %d are read", v->n / 2,
			 PROFILE_MAX_REGIONS);
		return;
	}
	p->azure_usage = xcalloc(v->n / 2 + 1, sizeof *p->azure_usage);
	for (size_t i = 0; i + 1 < v->n; i += 2) {
		const struct node *key = v->items[i], *file = v->items[i + 1];
		struct profile_azure_usage *u = &p->azure_usage[p->nazure_usage];
		int dup = 0;

		if (node_catalog_name(r, key, "azure.usage", "region", nm ? nm->regions : NULL,
				      nm ? nm->nregions : 0, u->region, sizeof u->region) <= 0 ||
		    node_str(r, file, "azure.usage", buf, sizeof buf) <= 0)
			continue;
		for (size_t j = 0; j < p->nazure_usage && !dup; j++)
			dup = strcasecmp(p->azure_usage[j].region, u->region) == 0;
		if (dup) {
			err_node(r, key, "'azure.usage' names region '%s' twice", u->region);
			continue;
		}
		u->path = profile_relative(r, buf);
		u->line = key->line;
		u->col = key->col;
		p->nazure_usage++;
	}
}

static void read_profile(struct reader *r, const struct node *root, struct profile *p)
{
	static const char *const keys[] = { "gpufit", "region", "pricing", "currency",
					    "hours_per_month", "budget", "azure", "workloads" };
	const char *pricing_names[PRICING_COUNT + 1];
	const struct node *v;
	size_t i;
	int k;

	if (root->kind != NODE_MAP) {
		err_node(r, root, "a profile must be a mapping with 'gpufit: 1' and 'workloads', "
			 "got %s", kind_name(root));
		return;
	}
	v = map_get(root, "gpufit");
	if (!v) {
		err_node(r, root, "missing 'gpufit' (the schema version); add 'gpufit: 1' at the top");
	} else if (v->kind != NODE_SCALAR || strcmp(v->text, "1")) {
		if (v->kind == NODE_SCALAR && !v->is_null)
			err_node(r, v, "unsupported schema version '%s'; this gpufit reads "
				 "version %d", v->text, PROFILE_SCHEMA_VERSION);
		else
			err_node(r, v, "'gpufit' must be the schema version %d",
				 PROFILE_SCHEMA_VERSION);
		return;
	}
	p->version = PROFILE_SCHEMA_VERSION;
	check_keys(r, root, keys, COUNT(keys), "at the top level");

	v = map_get(root, "region");
	if (v) {
		p->has_region = 1;
		read_regions(r, v, p);
	}
	if (p->nregions == 0) {
		strcpy(p->regions[0], DEFAULT_REGION);
		p->nregions = 1;
	}

	p->pricing = PRICING_PAYG;
	for (k = 0; k < PRICING_COUNT; k++)
		pricing_names[k] = pricing_name((enum pricing_kind)k);
	pricing_names[PRICING_COUNT] = "auto";   /* docs/billing.md, "pricing: auto" */
	v = map_get(root, "pricing");
	if (v && node_enum(r, v, "pricing", "pricing", pricing_names, PRICING_COUNT + 1, &k) > 0) {
		if (k == PRICING_COUNT)
			p->pricing_auto = 1;
		else
			p->pricing = (enum pricing_kind)k;
	}

	strcpy(p->currency, "USD");
	v = map_get(root, "currency");
	if (v) {
		char cur[PROFILE_CURRENCY_LEN + 8];

		if (node_str(r, v, "currency", cur, sizeof cur) > 0 &&
		    util_currency_code(cur, p->currency) != 0)
			err_node(r, v, "'currency' must be a three-letter ISO 4217 code such "
				 "as 'USD', got '%s'", cur);
	}

	p->hours_per_month = GPUFIT_HOURS_PER_MONTH;
	get_num(r, root, "hours_per_month", "", &R_HOURS, &p->hours_per_month);

	v = map_get(root, "budget");
	if (v && expect_map(r, v, "budget") == 0)
		read_budget(r, v, &p->budget);

	v = map_get(root, "azure");
	if (v && expect_map(r, v, "azure") == 0)
		read_azure(r, v, p);

	v = map_get(root, "workloads");
	if (!v) {
		err_node(r, root, "missing 'workloads' (the list of workloads to size)");
		return;
	}
	if (v->bad)
		return;
	if (v->kind != NODE_SEQ) {
		err_node(r, v, "'workloads' must be a list ('- name: ...'), got %s",
			 v->kind == NODE_MAP ? "a mapping" : "a single value");
		return;
	}
	if (v->n == 0) {
		err_node(r, v, "'workloads' is empty");
		return;
	}
	if (v->n > MAX_WORKLOADS) {
		err_node(r, v, "%zu workloads; at most %d are supported", v->n, MAX_WORKLOADS);
		return;
	}
	p->workloads = xcalloc(v->n, sizeof *p->workloads);
	for (i = 0; i < v->n; i++) {
		const struct node *w = v->items[i];

		if (w->bad)
			continue;
		if (w->kind != NODE_MAP) {
			err_node(r, w, "workload %zu must be a mapping (name, type, ...), got %s",
				 i + 1, kind_name(w));
			continue;
		}
		read_workload(r, w, i, &p->workloads[p->nworkloads++]);
	}
	check_unique_names(r, p);
}

/* ---- entry points ------------------------------------------------------- */

int profile_parse_buffer(const char *file, const char *buf, size_t len,
			 const struct profile_names *names, struct profile *out,
			 struct diag_list *errs)
{
	struct reader r = { file, names, DIAG_LIST_INIT, 0, { 0 }, 0 };
	struct node *root;
	size_t i;
	int empty = 0;

	memset(out, 0, sizeof *out);
	if (len > PROFILE_MAX_BYTES) {
		err_at(&r, 0, 0, "file is larger than %u MiB; a profile is a short text file",
		       PROFILE_MAX_BYTES >> 20);
	} else if (scan_bytes(&r, (const unsigned char *)buf, len) == 0) {
		root = parse_yaml(&r, buf, len, &empty);
		if (empty)
			err_at(&r, 1, 1, "empty profile; it needs 'gpufit: 1' and 'workloads'");
		if (root)
			read_profile(&r, root, out);
		node_free(root);
	}
	for (i = 0; i < r.nalias; i++)
		free(r.alias[i]);
	if (r.errs.errors) {
		flush_errors(&r, errs);
		profile_release(out);
		return -1;
	}
	flush_errors(&r, errs);         /* the warnings of a valid profile */
	out->file = xstrdup(file);
	return 0;
}

int profile_load(const char *path, const struct profile_names *names, struct profile *out,
		 struct diag_list *errs)
{
	const char *file = strcmp(path, "-") ? path : "<stdin>";
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	struct stat st;
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	int rc, err;

	memset(out, 0, sizeof *out);
	if (!f) {
		err = errno;
		diag_list_add(errs, DIAG_ERROR, file, 0, 0, "cannot open: %s", util_strerror(err));
		return -1;
	}
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		diag_list_add(errs, DIAG_ERROR, file, 0, 0, "is a directory, not a profile");
		if (f != stdin)
			fclose(f);
		return -1;
	}
	do {
		if (cap - len < 65536) {
			cap = cap ? cap * 2 : 65536;
			buf = xrealloc(buf, cap);
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0 && len <= PROFILE_MAX_BYTES);
	err = ferror(f) ? errno : 0;
	if (f != stdin)
		fclose(f);
	if (err) {
		diag_list_add(errs, DIAG_ERROR, file, 0, 0, "cannot read: %s", util_strerror(err));
		free(buf);
		return -1;
	}
	rc = profile_parse_buffer(file, buf, len, names, out, errs);
	free(buf);
	return rc;
}

void profile_release(struct profile *p)
{
	for (size_t i = 0; i < p->nazure_usage; i++)
		free(p->azure_usage[i].path);
	free(p->azure_usage);
	free(p->azure_skus);
	free(p->workloads);
	free(p->file);
	memset(p, 0, sizeof *p);
}

const char *profile_workload_region(const struct profile *p, const struct profile_workload *w)
{
	if (w->has_region)
		return w->region;
	return p->nregions ? p->regions[0] : DEFAULT_REGION;
}

const char *profile_type_name(enum profile_type t)
{
	return (unsigned)t < COUNT(type_names) ? type_names[t] : NULL;
}

const char *profile_storage_name(enum profile_storage s)
{
	return (unsigned)s < PROFILE_STORAGE_COUNT ? storage_names[s] : NULL;
}
