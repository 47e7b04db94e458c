/*
 * k8s_manifest.h - the Kubernetes objects that run the workloads of a
 * recommendation on the node pools of k8s_pool.h, as cJSON objects in a
 * stable key order (the YAML writer, k8s_yaml.h, keeps that order):
 *
 *   inference                 a Deployment (replicas, anti-affinity across nodes)
 *   training on one node      a Job
 *   training on several nodes an Indexed Job and its headless Service, with
 *                             rdma/ib and the IPC_LOCK capability
 *
 * Every pod selects its pool (kubernetes.azure.com/agentpool, the label AKS
 * sets), tolerates the pool's taints (and the spot taint AKS adds to spot
 * pools) and asks for its GPUs with requests = limits.  The image and the
 * command are placeholders the user replaces; the objects say so in a
 * gpufit.io/placeholder annotation.
 */
#ifndef GPUFIT_K8S_MANIFEST_H
#define GPUFIT_K8S_MANIFEST_H

#include <cjson/cJSON.h>

#include "k8s_pool.h"
#include "recommend.h"

#define K8S_DEFAULT_IMAGE "example.invalid/replace-with-your-image:latest"

struct k8s_manifest_options {
	const char *image;                /* --image; NULL = K8S_DEFAULT_IMAGE */
};

/* A JSON array of the objects of every placement of plan, in profile order;
 * NULL when out of memory. */
cJSON *k8s_manifests_build(const struct recommend_result *r, const struct k8s_plan *plan,
			   const struct k8s_manifest_options *o);

/* A DNS-1123 label (lowercase alphanumerics and '-', starting with a letter,
 * at most maxlen <= 63 characters) made from s: "router-1.5b" -> "router-1-5b". */
void k8s_dns_name(const char *s, size_t maxlen, char *out, size_t outlen);

#endif
