/*
 * profile_internal.h - what the files of the profile reader share, and only
 * they (src/profile/profile*.c; the API is include/profile.h).
 *
 * profile.c reads a profile in three steps (its header comment):
 * profile_yaml.c scans the bytes and builds the tree of struct node;
 * profile_read.c records problems and reads typed values from the tree;
 * profile_workload.c and profile_serving.c check the sections of a
 * workload, profile.c the top level.
 */
#ifndef GPUFIT_PROFILE_INTERNAL_H
#define GPUFIT_PROFILE_INTERNAL_H

#include <stddef.h>

#include "diag.h"
#include "profile.h"

#define MAX_ERRORS 100
#define MAX_NODES 5000000
#define MAX_WORKLOADS 100000
#define DEFAULT_REGION "eastus"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

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

/*
 * Rules for a number: bounds, whole numbers, sizes with units, "10%".  Each
 * file keeps the rules it checks (R_HOURS, R_REPLICAS, ...).  The maxima are
 * far beyond any real workload: they catch typos (a missing decimal point,
 * tokens in the wrong unit), not ambition.
 */
struct num_rule {
	double min, max;
	int min_open;                /* min itself is not allowed */
	int integer;
	int size;                    /* accepts units (result in GiB) */
	int pct;                     /* accepts a trailing '%' */
};

/* ---- profile_yaml.c: steps 1 and 2 ---------------------------------------- */

/*
 * Reports bytes that are not UTF-8 text (the first one only: after that,
 * positions mean little) and every line indented with a tab.  Columns count
 * characters, as libyaml's do.  Returns the number of problems.
 */
int profile_yaml_scan(struct reader *r, const unsigned char *s, size_t n);

/*
 * Parses the whole stream into one document tree.  Returns the root, or
 * NULL with *empty = 1 for a stream without content, or NULL after errors.
 * Free the root with profile_node_free().
 */
struct node *profile_yaml_parse(struct reader *r, const char *buf, size_t len, int *empty);

/* Frees nd and everything under it; NULL is ignored. */
void profile_node_free(struct node *nd);

/* ---- profile_read.c: problems and typed values ------------------------------ */

/* Records an error at line:col (0 when unknown); after MAX_ERRORS, one
 * "too many errors" and then nothing. */
void profile_err_at(struct reader *r, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#define profile_err_node(r, nd, ...) profile_err_at((r), (nd)->line, (nd)->col, __VA_ARGS__)

/* A warning: the profile is valid, but a value looks like a unit slip. */
void profile_warn_node(struct reader *r, const struct node *nd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Moves the collected errors into out in file order (stable for ties). */
void profile_flush_errors(struct reader *r, struct diag_list *out);

/* "a mapping", "a list" or "a value". */
const char *profile_kind_name(const struct node *nd);

/* The value of key in map (first occurrence), or NULL. */
const struct node *profile_map_get(const struct node *map, const char *key);

/* The key node of key in map, for positions; NULL if absent. */
const struct node *profile_map_key(const struct node *map, const char *key);

/*
 * Reports keys of map that are not in keys[] (with a hint), duplicated, or
 * not plain strings.  where is "in 'serving'", "at the top level", ...
 */
void profile_check_keys(struct reader *r, const struct node *map, const char *const *keys,
			size_t nkeys, const char *where);

/* Parses a number node.  1 ok (*out set), -1 reported. */
int profile_node_num(struct reader *r, const struct node *v, const char *path,
		     const struct num_rule *rule, double *out);

/* The number at map.key (path prefix.key): 1 given and valid, 0 absent, -1
 * reported. */
int profile_get_num(struct reader *r, const struct node *map, const char *key, const char *prefix,
		    const struct num_rule *rule, double *out);
int profile_get_long(struct reader *r, const struct node *map, const char *key, const char *prefix,
		     const struct num_rule *rule, long *out);

/* A string node into buf.  1 ok, -1 reported. */
int profile_node_str(struct reader *r, const struct node *v, const char *path, char *buf,
		     size_t len);

/*
 * An enumerated word: matched ignoring case against names[0..n-1].
 * 1 ok (*out = index), -1 reported.
 */
int profile_node_enum(struct reader *r, const struct node *v, const char *path, const char *what,
		      const char *const *names, size_t n, int *out);

/*
 * A catalog name (model preset, region, VM size): checked against list when
 * it is not empty; the catalog's spelling is stored.  1 ok, -1 reported.
 */
int profile_node_catalog_name(struct reader *r, const struct node *v, const char *path,
			      const char *what, const char *const *list, size_t n, char *buf,
			      size_t len);

/* 0 when v is a mapping, else -1 reported. */
int profile_expect_map(struct reader *r, const struct node *v, const char *path);

/* Reports a required key as missing, unless an unknown key of map (not in
 * keys[]) is a misspelling of it: its "did you mean" error says enough. */
void profile_missing(struct reader *r, const struct node *map, const char *const *keys,
		     size_t nkeys, const char *key, const char *where);

/* ---- the sections -------------------------------------------------------- */

/* The 'serving' mapping m of an LLM inference workload into s
 * (profile_serving.c). */
void profile_read_serving(struct reader *r, const struct node *m, struct profile_serving *s);

/* Workload number index (m, an item of 'workloads') into w
 * (profile_workload.c). */
void profile_read_workload(struct reader *r, const struct node *m, size_t index,
			   struct profile_workload *w);

#endif
