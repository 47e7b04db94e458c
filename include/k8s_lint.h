/*
 * k8s_lint.h - the rules of `gpufit k8s lint`: GPU scheduling mistakes in
 * Kubernetes manifests for AKS, checked against what is known about the
 * cluster (its node pools, or only the conventions: GPU pools tainted
 * sku=gpu:NoSchedule).
 *
 * Pure: k8s_lint_document() takes one parsed document (k8s_yaml_read.h),
 * the catalog facts and the cluster as plain structs, and appends findings;
 * it never prints, reads files or touches the catalog.  docs/k8s-lint.md
 * documents every rule with an example and the sources of its facts.
 */
#ifndef GPUFIT_K8S_LINT_H
#define GPUFIT_K8S_LINT_H

#include <stddef.h>

#include "facts.h"
#include "k8s_pool.h"
#include "k8s_yaml_read.h"

enum k8s_lint_severity { K8S_LINT_ERROR, K8S_LINT_WARNING };

struct k8s_lint_rule {
	const char *id;                   /* "gpu-missing-toleration" */
	enum k8s_lint_severity severity;
	const char *summary;              /* one sentence, for SARIF and the docs */
};

/* Every rule, terminated by an entry with id NULL. */
extern const struct k8s_lint_rule k8s_lint_rules[];

/* "error" | "warning" */
const char *k8s_lint_severity_name(enum k8s_lint_severity s);

struct k8s_lint_finding {
	int line, col;
	int document;                     /* 1-based in its file */
	char kind[64];
	char name[256];                   /* metadata.name ("" when none) */
	char container[64];               /* "" for findings about the pod */
	const struct k8s_lint_rule *rule;
	char message[384];
};

struct k8s_lint_findings {
	struct k8s_lint_finding *items;
	size_t n, cap;
	size_t errors, warnings;
	size_t objects;                   /* objects whose pod templates were checked */
};

void k8s_lint_findings_release(struct k8s_lint_findings *f);

#define K8S_LINT_POOL_TAINTS 8
#define K8S_LINT_POOL_LABELS 16

/* One node pool as the scheduler sees it. */
struct k8s_lint_pool {
	char name[64];
	char sku[FACT_SKU];
	char mode[16];                    /* "User" | "System" | "" */
	int gpus;                         /* per node; 0: no GPU (size outside the GPU catalog) */
	char gpu_model[FACT_NAME];
	char vendor[16];                  /* "NVIDIA" | "AMD" | "" */
	char mig_profile[24];             /* the slice AKS's --gpu-instance-profile makes, "" */
	int mig_per_gpu;                  /* instances of it per GPU */
	int spot;                         /* AKS adds its spot taint and label */
	char ppg[256];                    /* proximity placement group ("" = none) */
	int infiniband;
	size_t ntaints;
	struct k8s_taint taints[K8S_LINT_POOL_TAINTS];
	size_t nlabels;                   /* the pool's own labels (nodeLabels) */
	struct k8s_label labels[K8S_LINT_POOL_LABELS];
};

struct k8s_lint_cluster {
	int known;                        /* 1: pools below; 0: conventions only */
	struct k8s_lint_pool *pools;
	size_t npools;
	struct k8s_taint gpu_taint;       /* the conventional GPU taint (--taint) */
};

struct k8s_lint_facts {
	const struct vm_size *vms;        /* sorted by sku */
	size_t nvms;
	const struct gpu_spec *gpus;
	size_t ngpus;
	const struct mig_profile *migs;
	size_t nmigs;
};

/*
 * Fills the GPU fields of p (gpus, gpu_model, vendor, infiniband, and with
 * gpu_instance_profile "MIG3g" the mig_profile and mig_per_gpu) from its sku.
 * A size outside the catalog, or without GPUs, gets gpus 0.
 */
void k8s_lint_pool_fill(struct k8s_lint_pool *p, const char *gpu_instance_profile,
			const struct k8s_lint_facts *facts);

/*
 * Checks the Kubernetes object(s) of one document (a List's items one by
 * one; kinds without a pod template are counted out and ignored).  Returns
 * 0 with the findings appended to out (sorted by position), or -1 when the
 * document is not a Kubernetes object, with "LINE:COL: why" in why.
 */
int k8s_lint_document(const struct k8s_ynode *root, int document,
		      const struct k8s_lint_facts *facts, const struct k8s_lint_cluster *cluster,
		      struct k8s_lint_findings *out, char *why, size_t whylen);

/*
 * A Kubernetes quantity ("1", "1000m", "2Ki", "1e3"): 0 with *whole 1 and
 * *value the number when it is an integer, *whole 0 when it is a fraction;
 * -1 when s is not a quantity.
 */
int k8s_lint_quantity(const char *s, double *value, int *whole);

#endif
