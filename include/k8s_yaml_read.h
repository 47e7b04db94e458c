/*
 * k8s_yaml_read.h - Kubernetes manifests as a tree of YAML nodes with their
 * positions, one document at a time (multi-document streams of any length
 * are read in constant memory per document).  The only module that includes
 * <yaml.h> to read manifests; what it hands out is plain structs.
 *
 * It reads as a Kubernetes client does: anchors and aliases are resolved
 * (an alias shares the anchored node), the `<<` merge key merges a mapping
 * or a list of mappings into the mapping that holds it (keys written there
 * win), tags are ignored.  Bounded: a document may expand (aliases counted
 * with what they stand for) to at most K8S_YREAD_MAX_NODES nodes and nest
 * K8S_YREAD_MAX_DEPTH levels, so a "billion laughs" document is an error,
 * not an allocation.
 */
#ifndef GPUFIT_K8S_YAML_READ_H
#define GPUFIT_K8S_YAML_READ_H

#include <stddef.h>
#include <stdio.h>

#define K8S_YREAD_MAX_NODES 1000000
#define K8S_YREAD_MAX_DEPTH 256

enum k8s_ynode_type { K8S_YSCALAR, K8S_YMAP, K8S_YSEQ };

struct k8s_ynode {
	enum k8s_ynode_type type;
	int line, col;                    /* 1-based, where the node starts */
	int plain;                        /* scalar written without quotes */
	const char *str;                  /* scalar text, NUL-terminated ("" otherwise) */
	size_t len;
	size_t n;                         /* sequence: items; mapping: pairs */
	struct k8s_ynode **items;         /* sequence: n items; mapping: 2n, key, value... */
	size_t weight;                    /* nodes it stands for, aliases expanded */
};

struct k8s_ydoc {
	struct k8s_ynode *root;           /* NULL for an empty document */
	int index;                        /* 1-based, in the stream */
	int line, col;                    /* where the document starts */
	struct k8s_yarena *arena;         /* owns every node of the document */
};

struct k8s_yreader;

/* A reader over f (not closed by the reader).  Never fails (allocation
 * failure is fatal); free with k8s_yreader_close(). */
struct k8s_yreader *k8s_yreader_open(FILE *f);
void k8s_yreader_close(struct k8s_yreader *r);

/*
 * Reads the next document into *doc.  Returns 1 (a document; release it
 * with k8s_ydoc_release), 0 at the end of the stream, or -1 with
 * "LINE:COL: what is wrong" in err (the stream cannot be read further).
 */
int k8s_yreader_next(struct k8s_yreader *r, struct k8s_ydoc *doc, char *err, size_t errlen);

void k8s_ydoc_release(struct k8s_ydoc *doc);

/* The value of key in mapping map (NULL when map is no mapping or has no
 * such key); *keynode (when not NULL) gets the key's node. */
const struct k8s_ynode *k8s_ymap_get(const struct k8s_ynode *map, const char *key,
				     const struct k8s_ynode **keynode);

/* The text of a scalar node, NULL for anything else. */
const char *k8s_ystr(const struct k8s_ynode *n);

/* 1 for NULL, a plain null scalar ("", "~", "null") */
int k8s_ynull(const struct k8s_ynode *n);

#endif
