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

/* What autoscales the pods of a workload described by its traffic (a load
 * plan): by default a HorizontalPodAutoscaler, and a KEDA ScaledObject
 * where the plan scales to zero (an HPA stays at one replica or more
 * unless the cluster enables HPAScaleToZero); KEDA: a ScaledObject for
 * every such workload. */
enum k8s_autoscaler { K8S_AUTOSCALER_DEFAULT, K8S_AUTOSCALER_HPA, K8S_AUTOSCALER_KEDA };

/* The Prometheus a ScaledObject queries: a placeholder the user replaces
 * (the objects say so). */
#define K8S_PROMETHEUS_PLACEHOLDER "http://replace-with-your-prometheus.invalid:9090"

struct k8s_manifest_options {
	const char *image;                /* --image; NULL = K8S_DEFAULT_IMAGE */
	enum k8s_autoscaler autoscaler;   /* --autoscaler */
};

/*
 * The requests a serving engine holds, in Prometheus: running (in the
 * batch) and waiting (queued), whose sum is the requests in flight a load
 * plan sizes a replica for; and the name the metrics adapter gives that
 * sum for an HPA's Pods metric (docs/k8s.md has the adapter rule).
 * vLLM vllm:num_requests_running + vllm:num_requests_waiting, SGLang
 * sglang:num_running_reqs + sglang:num_queue_reqs, TGI
 * tgi_batch_current_size + tgi_queue_size.
 */
struct k8s_engine_metric {
	const char *running, *waiting;
	const char *adapter_name;         /* "vllm_requests_in_flight" */
};

/* The metric of engine (enum sizing_engine), NULL for an engine that exports
 * none gpufit knows (TensorRT-LLM, llama.cpp, transformers) or -1. */
const struct k8s_engine_metric *k8s_engine_metric(int engine);

/* 1 when placement pl is autoscaled by a KEDA ScaledObject under option a
 * (else by an HPA, or not autoscaled). */
int k8s_placement_keda(const struct k8s_placement *pl, enum k8s_autoscaler a);

/* A JSON array of the objects of every placement of plan, in profile order;
 * NULL when out of memory. */
cJSON *k8s_manifests_build(const struct recommend_result *r, const struct k8s_plan *plan,
			   const struct k8s_manifest_options *o);

/* A DNS-1123 label (lowercase alphanumerics and '-', starting with a letter,
 * at most maxlen <= 63 characters) made from s: "router-1.5b" -> "router-1-5b". */
void k8s_dns_name(const char *s, size_t maxlen, char *out, size_t outlen);

#endif
