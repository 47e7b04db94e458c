/*
 * profile_read.c - the vocabulary of the profile reader (profile_internal.h):
 * problems recorded at their position and sorted into file order, and the
 * typed values of the tree (numbers with their bounds and units, strings,
 * enumerated words, catalog names, mappings and their keys).
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "profile_internal.h"
#include "util.h"

/* ---- diagnostics ------------------------------------------------------- */

void profile_err_at(struct reader *r, int line, int col, const char *fmt, ...)
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


void profile_warn_node(struct reader *r, const struct node *nd, const char *fmt, ...)
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
void profile_flush_errors(struct reader *r, struct diag_list *out)
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

/* ---- step 3: schema checks ---------------------------------------------- */

const char *profile_kind_name(const struct node *nd)
{
	return nd->kind == NODE_MAP ? "a mapping" : nd->kind == NODE_SEQ ? "a list" : "a value";
}

/* The value of key in map (first occurrence), or NULL. */
const struct node *profile_map_get(const struct node *map, const char *key)
{
	size_t i;

	for (i = 0; i + 1 < map->n; i += 2)
		if (map->items[i]->kind == NODE_SCALAR && !strcmp(map->items[i]->text, key))
			return map->items[i + 1];
	return NULL;
}

/* The key node of key in map, for positions; NULL if absent. */
const struct node *profile_map_key(const struct node *map, const char *key)
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
void profile_check_keys(struct reader *r, const struct node *map, const char *const *keys,
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
			profile_err_node(r, key, "keys must be plain words, got %s %s",
					 key->kind == NODE_SCALAR ? "an empty key" : profile_kind_name(key), where);
			continue;
		}
		for (k = 0; k < nkeys; k++)
			if (!strcmp(keys[k], key->text))
				break;
		if (k == nkeys) {
			hint = util_suggest(key->text, keys, nkeys);
			if (hint)
				profile_err_node(r, key, "unknown key '%s' %s; did you mean '%s'?", key->text,
						 where, hint);
			else
				profile_err_node(r, key, "unknown key '%s' %s", key->text, where);
			continue;
		}
		if (k < 32 && first[k]) {
			profile_err_node(r, key, "duplicate key '%s' %s (first at %d:%d)", key->text, where,
					 first[k]->line, first[k]->col);
			continue;
		}
		if (k < 32)
			first[k] = key;
	}
}

/* Rules for a number: bounds, whole numbers, sizes with units, "10%". */

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
		profile_err_node(r, v, "'%s' must be %s, got %s", path, what, profile_kind_name(v));
		return -1;
	}
	if (v->is_null) {
		profile_err_node(r, v, "'%s' has no value", path);
		return -1;
	}
	if (strlen(v->text) != v->len) {
		profile_err_node(r, v, "'%s' contains a NUL character", path);
		return -1;
	}
	return 0;
}

/* Parses a number node.  1 ok (*out set), -1 reported. */
int profile_node_num(struct reader *r, const struct node *v, const char *path,
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
		profile_err_node(r, v, "'%s' must be a number, got '%s'", path, v->text);
		return -1;
	}
	if (util_parse_double(clean, &d) < 0) {
		if (!rule->size) {
			profile_err_node(r, v, "'%s' must be a number, got '%s'", path, v->text);
			return -1;
		}
		rc = util_parse_size_gib(clean, &d);
		if (rc == -2) {
			profile_err_node(r, v, "unknown unit in '%s': '%s'; use GiB, TiB, MiB, GB, TB or MB",
					 path, v->text);
			return -1;
		}
		if (rc < 0) {
			profile_err_node(r, v, "'%s' must be a size such as '16GiB' or a number of GiB, "
					 "got '%s'", path, v->text);
			return -1;
		}
	}
	if (rule->integer && d != floor(d)) {
		profile_err_node(r, v, "'%s' must be a whole number, got %s", path, v->text);
		return -1;
	}
	if (rule->min_open && d <= rule->min) {
		profile_err_node(r, v, "'%s' must be greater than %s, got %s", path,
				 fmt_num(a, sizeof a, rule->min), v->text);
		return -1;
	}
	if (!rule->min_open && d < rule->min) {
		profile_err_node(r, v, "'%s' must be at least %s, got %s", path,
				 fmt_num(a, sizeof a, rule->min), v->text);
		return -1;
	}
	if (d > rule->max) {
		profile_err_node(r, v, "'%s' must be at most %s, got %s", path,
				 fmt_num(a, sizeof a, rule->max), v->text);
		return -1;
	}
	*out = d;
	return 1;
}

/* The number at map.key: 1 given and valid, 0 absent, -1 reported. */
int profile_get_num(struct reader *r, const struct node *map, const char *key, const char *prefix,
		    const struct num_rule *rule, double *out)
{
	const struct node *v = profile_map_get(map, key);
	char path[96];

	if (!v)
		return 0;
	snprintf(path, sizeof path, "%s%s", prefix, key);
	return profile_node_num(r, v, path, rule, out);
}

int profile_get_long(struct reader *r, const struct node *map, const char *key, const char *prefix,
		     const struct num_rule *rule, long *out)
{
	double d;
	int rc = profile_get_num(r, map, key, prefix, rule, &d);

	if (rc > 0)
		*out = (long)d;
	return rc;
}

/* A string node into buf.  1 ok, -1 reported. */
int profile_node_str(struct reader *r, const struct node *v, const char *path, char *buf,
		     size_t len)
{
	if (need_scalar(r, v, path, "a string") < 0)
		return -1;
	if (v->len == 0) {
		profile_err_node(r, v, "'%s' is empty", path);
		return -1;
	}
	if (v->len >= len) {
		profile_err_node(r, v, "'%s' is too long (at most %zu characters)", path, len - 1);
		return -1;
	}
	memcpy(buf, v->text, v->len + 1);
	return 1;
}

/*
 * An enumerated word: matched ignoring case against names[0..n-1].
 * 1 ok (*out = index), -1 reported.
 */
int profile_node_enum(struct reader *r, const struct node *v, const char *path, const char *what,
		      const char *const *names, size_t n, int *out)
{
	char word[64];
	const char *hint;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (profile_node_str(r, v, path, word, sizeof word) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (!strcasecmp(word, names[i])) {
			*out = (int)i;
			return 1;
		}
	}
	hint = util_suggest(word, names, n);
	if (hint) {
		profile_err_node(r, v, "unknown %s '%s'; did you mean '%s'?", what, word, hint);
		return -1;
	}
	for (i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", names[i]);
	profile_err_node(r, v, "unknown %s '%s'; expected one of %s", what, word, strbuf_str(&sb));
	strbuf_release(&sb);
	return -1;
}

/*
 * A catalog name (model preset, region, VM size): checked against list when
 * it is not empty; the catalog's spelling is stored.  1 ok, -1 reported.
 */
int profile_node_catalog_name(struct reader *r, const struct node *v, const char *path,
			      const char *what, const char *const *list, size_t n, char *buf,
			      size_t len)
{
	const char *hint;
	size_t i;

	if (profile_node_str(r, v, path, buf, len) < 0)
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
		profile_err_node(r, v, "unknown %s '%s'; did you mean '%s'?", what, buf, hint);
	else
		profile_err_node(r, v, "unknown %s '%s'", what, buf);
	return -1;
}

int profile_expect_map(struct reader *r, const struct node *v, const char *path)
{
	if (v->bad)
		return -1;
	if (v->kind != NODE_MAP) {
		if (v->kind == NODE_SCALAR && v->is_null)
			profile_err_node(r, v, "'%s' has no value", path);
		else
			profile_err_node(r, v, "'%s' must be a mapping of keys, got %s", path,
					 v->kind == NODE_SEQ ? "a list" : "a single value");
		return -1;
	}
	return 0;
}

/* Reports a required key as missing, unless an unknown key of map (not in
 * keys[]) is a misspelling of it: its "did you mean" error says enough. */
void profile_missing(struct reader *r, const struct node *map, const char *const *keys,
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
	profile_err_node(r, map, "missing '%s' %s", key, where);
}
