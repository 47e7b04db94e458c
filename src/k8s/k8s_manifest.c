/*
 * k8s_manifest.c - the Kubernetes objects of every workload placement
 * (k8s_manifest.h).  Facts (docs/k8s.md has the sources): GPUs are
 * extended resources, requests must equal limits; the mixed device-plugin
 * strategy advertises MIG slices as nvidia.com/mig-<profile>; RDMA through
 * the SR-IOV device plugin is rdma/ib, one per InfiniBand NIC, and needs the
 * IPC_LOCK capability (Azure/aks-rdma-infiniband); an Indexed Job's pods
 * find each other through a headless Service named in spec.subdomain.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "k8s_manifest.h"
#include "sizing.h"
#include "util.h"

#define RENDEZVOUS_PORT 29500         /* torchrun's default master port */

void k8s_dns_name(const char *s, size_t maxlen, char *out, size_t outlen)
{
	size_t n = 0;
	if (maxlen > 63)
		maxlen = 63;
	if (outlen && maxlen > outlen - 1)
		maxlen = outlen - 1;
	for (; *s && n < maxlen; s++) {
		unsigned char c = (unsigned char)*s;
		if (isalnum(c)) {
			if (!n && isdigit(c) && n + 2 < maxlen) {
				out[n++] = 'w';
				out[n++] = '-';
			}
			out[n++] = (char)tolower(c);
		} else if (n && out[n - 1] != '-') {
			out[n++] = '-';
		}
	}
	while (n && out[n - 1] == '-')
		n--;
	if (!n && maxlen >= 8) {
		memcpy(out, "workload", 8);
		n = 8;
	}
	out[n] = '\0';
}

static cJSON *obj(cJSON *parent, const char *key)
{
	return cJSON_AddObjectToObject(parent, key);
}

static void str(cJSON *o, const char *key, const char *v)
{
	cJSON_AddStringToObject(o, key, v);
}

static void num(cJSON *o, const char *key, long v)
{
	cJSON_AddNumberToObject(o, key, (double)v);
}

/* The object name of placement pl, unique among the objects written. */
struct names {
	char (*v)[64];
	size_t n;
};

static int name_used(const struct names *nm, const char *s)
{
	for (size_t i = 0; i < nm->n; i++)
		if (strcmp(nm->v[i], s) == 0)
			return 1;
	return 0;
}

/* base, or base-2, base-3 ... (maxlen characters at most). */
static void unique_name(struct names *nm, const char *base, size_t maxlen, char *out)
{
	char b[64];
	snprintf(b, sizeof(b), "%s", base);
	if (strlen(b) > maxlen)
		b[maxlen] = '\0';
	snprintf(out, 64, "%s", b);
	for (int k = 2; name_used(nm, out); k++) {
		char suf[12];
		size_t sl = (size_t)snprintf(suf, sizeof(suf), "-%d", k);
		size_t keep = strlen(b);
		if (keep + sl > maxlen)
			keep = maxlen - sl;
		while (keep && b[keep - 1] == '-')
			keep--;
		snprintf(out, 64, "%.*s%s", (int)keep, b, suf);
	}
	nm->v = xrealloc(nm->v, (nm->n + 1) * sizeof(*nm->v));
	snprintf(nm->v[nm->n++], 64, "%s", out);
}

/* How the objects of one placement are named and labelled.  A workload on
 * one pool: name = app, its DNS name.  A workload whose replicas the MIG
 * plan put on several pools: one object per pool, "<app>-<pool>", all
 * labelled app.kubernetes.io/name <app>, each told apart by
 * app.kubernetes.io/instance <name> (its selector has both). */
struct ident {
	const char *name;
	const char *app;
	const char *instance;             /* NULL: a workload on one pool */
	const char *workload;             /* gpufit.io/workload */
};

static void labels(cJSON *o, const struct ident *id)
{
	cJSON *l = obj(o, "labels");
	str(l, "app.kubernetes.io/name", id->app);
	if (id->instance)
		str(l, "app.kubernetes.io/instance", id->instance);
	str(l, "app.kubernetes.io/managed-by", "gpufit");
	str(l, "gpufit.io/workload", id->workload);
}

static void selector(cJSON *o, const struct ident *id)
{
	str(o, "app.kubernetes.io/name", id->app);
	if (id->instance)
		str(o, "app.kubernetes.io/instance", id->instance);
}

static cJSON *metadata(cJSON *doc, const struct ident *id)
{
	cJSON *m = obj(doc, "metadata");
	str(m, "name", id->name);
	labels(m, id);
	str(obj(m, "annotations"), "gpufit.io/placeholder",
	    "image and command are placeholders: replace them before applying");
	return m;
}

static void toleration(cJSON *arr, const char *key, const char *value, const char *effect)
{
	cJSON *t = cJSON_CreateObject();
	str(t, "key", key);
	str(t, "operator", "Equal");
	str(t, "value", value);
	str(t, "effect", effect);
	cJSON_AddItemToArray(arr, t);
}

/* Anti-affinity on kubernetes.io/hostname among the pods labelled app:
 * required (one pod per node, as the pools are counted) or preferred (MIG
 * slices: the plan may put two replicas on one VM). */
static void anti_affinity(cJSON *spec, const char *app, int required)
{
	cJSON *aa = obj(obj(spec, "affinity"), "podAntiAffinity");
	cJSON *term = cJSON_CreateObject();
	str(obj(obj(term, "labelSelector"), "matchLabels"), "app.kubernetes.io/name", app);
	str(term, "topologyKey", "kubernetes.io/hostname");
	if (required) {
		cJSON_AddItemToArray(cJSON_AddArrayToObject(aa, "requiredDuringSchedulingIgnoredDuringExecution"),
				     term);
	} else {
		cJSON *w = cJSON_CreateObject();
		num(w, "weight", 100);
		cJSON_AddItemToObject(w, "podAffinityTerm", term);
		cJSON_AddItemToArray(cJSON_AddArrayToObject(aa, "preferredDuringSchedulingIgnoredDuringExecution"),
				     w);
	}
}

static void env(cJSON *arr, const char *name, const char *value)
{
	cJSON *e = cJSON_CreateObject();
	str(e, "name", name);
	str(e, "value", value);
	cJSON_AddItemToArray(arr, e);
}

/* The pod spec of placement pl on pool p (service: the headless Service of
 * a multi-node job, else NULL). */
static void pod_spec(cJSON *spec, const struct k8s_placement *pl, const struct k8s_pool *p,
		     const struct ident *id, const char *image, int training, const char *service)
{
	cJSON *tols, *c, *res, *cmd;
	char buf[160];
	int mig = strncmp(pl->resource, "nvidia.com/mig-", 15) == 0;

	if (service)
		str(spec, "subdomain", service);
	if (training)
		str(spec, "restartPolicy", "Never");
	str(obj(spec, "nodeSelector"), "kubernetes.azure.com/agentpool", p->name);
	tols = cJSON_AddArrayToObject(spec, "tolerations");
	for (size_t i = 0; i < p->ntaints; i++)
		toleration(tols, p->taints[i].key, p->taints[i].value, p->taints[i].effect);
	if (p->priority == K8S_PRIORITY_SPOT)
		toleration(tols, K8S_SPOT_TAINT_KEY, K8S_SPOT_TAINT_VALUE, K8S_SPOT_TAINT_EFFECT);
	/* required where each VM runs one pod of it (the pool counts a VM a
	 * replica); preferred on slices and where a VM runs several instances */
	if (pl->nodes > 1 || pl->replicas > 1 || pl->max_pods > 1)
		anti_affinity(spec, id->app, !mig && pl->pods_per_node <= 1);

	c = cJSON_CreateObject();
	cJSON_AddItemToArray(cJSON_AddArrayToObject(spec, "containers"), c);
	str(c, "name", id->app);
	str(c, "image", image);
	cmd = cJSON_AddArrayToObject(c, "command");
	cJSON_AddItemToArray(cmd, cJSON_CreateString("/bin/sh"));
	cJSON_AddItemToArray(cmd, cJSON_CreateString("-c"));
	cJSON_AddItemToArray(cmd, cJSON_CreateString(
		training ? "echo 'gpufit placeholder: replace this command with the training entrypoint'; exit 1"
			 : "echo 'gpufit placeholder: replace this command with the serving entrypoint'; sleep infinity"));
	if (pl->nodes > 1) {
		cJSON *e = cJSON_AddArrayToObject(c, "env"), *rank, *ref;
		snprintf(buf, sizeof(buf), "%s-0.%s", id->name, service);
		env(e, "MASTER_ADDR", buf);
		snprintf(buf, sizeof(buf), "%d", RENDEZVOUS_PORT);
		env(e, "MASTER_PORT", buf);
		snprintf(buf, sizeof(buf), "%d", pl->nodes);
		env(e, "NNODES", buf);
		snprintf(buf, sizeof(buf), "%d", pl->gpus_per_node);
		env(e, "NPROC_PER_NODE", buf);
		rank = cJSON_CreateObject();
		str(rank, "name", "NODE_RANK");
		ref = obj(obj(rank, "valueFrom"), "fieldRef");
		str(ref, "fieldPath", "metadata.annotations['batch.kubernetes.io/job-completion-index']");
		cJSON_AddItemToArray(e, rank);
		env(e, "NCCL_IB_DISABLE", "0");
		{
			cJSON *port = cJSON_CreateObject();
			str(port, "name", "rendezvous");
			num(port, "containerPort", RENDEZVOUS_PORT);
			cJSON_AddItemToArray(cJSON_AddArrayToObject(c, "ports"), port);
		}
	}
	res = obj(c, "resources");
	for (int k = 0; k < 2; k++) {
		cJSON *q = obj(res, k ? "limits" : "requests");
		num(q, pl->resource, pl->gpus_per_node);
		if (pl->rdma)
			num(q, "rdma/ib", pl->rdma);
	}
	if (pl->rdma) {
		cJSON *add = cJSON_AddArrayToObject(obj(obj(c, "securityContext"), "capabilities"), "add");
		cJSON_AddItemToArray(add, cJSON_CreateString("IPC_LOCK"));
	}
}

static cJSON *deployment(const struct k8s_placement *pl, const struct k8s_pool *p,
			 const struct ident *id, const char *image)
{
	cJSON *d = cJSON_CreateObject(), *spec, *tmpl;
	str(d, "apiVersion", "apps/v1");
	str(d, "kind", "Deployment");
	metadata(d, id);
	spec = obj(d, "spec");
	/* an autoscaled Deployment leaves replicas to its autoscaler (Kubernetes
	 * "Horizontal Pod Autoscaling": a replicas in the manifest resets the
	 * count on every apply) */
	if (!pl->autoscaled)
		num(spec, "replicas", pl->replicas);
	selector(obj(obj(spec, "selector"), "matchLabels"), id);
	tmpl = obj(spec, "template");
	labels(obj(tmpl, "metadata"), id);
	pod_spec(obj(tmpl, "spec"), pl, p, id, image, 0, NULL);
	return d;
}

/* ---- autoscaling --------------------------------------------------------- */

const struct k8s_engine_metric *k8s_engine_metric(int engine)
{
	/* vLLM "Production Metrics", SGLang "Production Metrics" and TGI
	 * "Metrics" reference pages (docs/k8s.md "Autoscaled workloads") */
	static const struct k8s_engine_metric vllm = {
		"vllm:num_requests_running", "vllm:num_requests_waiting", "vllm_requests_in_flight"
	};
	static const struct k8s_engine_metric sglang = {
		"sglang:num_running_reqs", "sglang:num_queue_reqs", "sglang_requests_in_flight"
	};
	static const struct k8s_engine_metric tgi = {
		"tgi_batch_current_size", "tgi_queue_size", "tgi_requests_in_flight"
	};

	switch (engine) {
	case SIZING_ENGINE_VLLM:
		return &vllm;
	case SIZING_ENGINE_SGLANG:
		return &sglang;
	case SIZING_ENGINE_TGI:
		return &tgi;
	default:
		return NULL;
	}
}

int k8s_placement_keda(const struct k8s_placement *pl, enum k8s_autoscaler a)
{
	return pl->autoscaled && (a == K8S_AUTOSCALER_KEDA || pl->min_pods < 1);
}

/* A Kubernetes quantity of v to the hundredth: whole, else in thousandths
 * ("62960m" for 62.96). */
static void quantity(double v, char *out, size_t len)
{
	double milli = floor(v * 100.0 + 0.5) * 10.0;

	if (!(milli >= 1.0))
		milli = 1.0;   /* a target of 0 would never scale in */
	if (milli > 1e12)
		milli = 1e12;
	if (fmod(milli, 1000.0) == 0.0)
		snprintf(out, len, "%.0f", milli / 1000.0);
	else
		snprintf(out, len, "%.0fm", milli);
}

/* KEDA's threshold: a decimal number, not a quantity (its scalers parse it
 * as a float: "62.96"), to the hundredth as quantity() rounds it. */
static void threshold(double v, char *out, size_t len)
{
	double h = floor(v * 100.0 + 0.5);
	size_t n;

	if (!(h >= 1.0))
		h = 1.0;
	if (h > 1e11)
		h = 1e11;
	snprintf(out, len, "%.2f", h / 100.0);
	n = strlen(out);
	while (n > 0 && out[n - 1] == '0')
		out[--n] = '\0';
	if (n > 0 && out[n - 1] == '.')
		out[--n] = '\0';
}

static cJSON *scaler_metadata(cJSON *doc, const struct ident *id)
{
	cJSON *m = obj(doc, "metadata");
	str(m, "name", id->name);
	labels(m, id);
	return obj(m, "annotations");
}

/* Why the target: the load plan sized each replica for this many requests
 * in flight at the peak, and the autoscaler keeps ceil(in flight / target)
 * replicas, the plan's count at every hour whose rate it sized. */
static void scaler_annotations(cJSON *ann, const struct k8s_placement *pl,
			       const struct k8s_engine_metric *em)
{
	char buf[320];

	snprintf(buf, sizeof(buf), "min and max replicas from the load plan (autoscale: "
		 "min_replicas, max_replicas, else its trough and peak); target: the most "
		 "requests in flight per pod the plan sizes a replica for (%.2f)",
		 pl->target_in_flight);
	str(ann, "gpufit.io/autoscaling", buf);
	if (!em) {
		snprintf(buf, sizeof(buf), "%s exports no requests-in-flight metric gpufit "
			 "knows: replace requests_in_flight with your server's",
			 pl->engine >= 0 ? sizing_engine_name((enum sizing_engine)pl->engine)
					 : "this workload");
		str(ann, "gpufit.io/metric", buf);
	}
}

/* An autoscaling/v2 HorizontalPodAutoscaler of the Deployment, on a Pods
 * metric a metrics adapter (prometheus-adapter) serves: the requests in
 * flight of each pod, running + waiting. */
static cJSON *hpa(const struct k8s_placement *pl, const struct ident *id, int engine)
{
	const struct k8s_engine_metric *em = k8s_engine_metric(engine);
	cJSON *h = cJSON_CreateObject(), *spec, *ref, *m, *pods, *target;
	char q[32];

	str(h, "apiVersion", "autoscaling/v2");
	str(h, "kind", "HorizontalPodAutoscaler");
	scaler_annotations(scaler_metadata(h, id), pl, em);
	spec = obj(h, "spec");
	ref = obj(spec, "scaleTargetRef");
	str(ref, "apiVersion", "apps/v1");
	str(ref, "kind", "Deployment");
	str(ref, "name", id->name);
	num(spec, "minReplicas", pl->min_pods > 1 ? pl->min_pods : 1);
	num(spec, "maxReplicas", pl->max_pods > 1 ? pl->max_pods : 1);
	m = cJSON_CreateObject();
	cJSON_AddItemToArray(cJSON_AddArrayToObject(spec, "metrics"), m);
	str(m, "type", "Pods");
	pods = obj(m, "pods");
	str(obj(pods, "metric"), "name", em ? em->adapter_name : "requests_in_flight");
	target = obj(pods, "target");
	str(target, "type", "AverageValue");
	quantity(pl->target_in_flight, q, sizeof(q));
	str(target, "averageValue", q);
	return h;
}

/* A KEDA ScaledObject (keda.sh/v1alpha1) of the Deployment with a
 * prometheus trigger: the requests in flight of its pods over all of them,
 * threshold the target per pod (KEDA's AverageValue: replicas = ceil(query
 * / threshold)). */
static cJSON *scaled_object(const struct k8s_placement *pl, const struct ident *id, int engine)
{
	const struct k8s_engine_metric *em = k8s_engine_metric(engine);
	cJSON *so = cJSON_CreateObject(), *ann, *spec, *trig, *md;
	char q[32], query[400];

	str(so, "apiVersion", "keda.sh/v1alpha1");
	str(so, "kind", "ScaledObject");
	ann = scaler_metadata(so, id);
	str(ann, "gpufit.io/placeholder",
	    "serverAddress is a placeholder: replace it with your Prometheus");
	scaler_annotations(ann, pl, em);
	if (pl->min_pods < 1)
		str(ann, "gpufit.io/scale-from-zero",
		    "at zero replicas no pod exports the metric, the query reads nothing and KEDA "
		    "does not wake the Deployment: add a trigger on demand seen without a pod "
		    "(requests queued at your gateway, or KEDA's HTTP add-on)");
	spec = obj(so, "spec");
	str(obj(spec, "scaleTargetRef"), "name", id->name);
	num(spec, "minReplicaCount", pl->min_pods > 0 ? pl->min_pods : 0);
	num(spec, "maxReplicaCount", pl->max_pods > 1 ? pl->max_pods : 1);
	trig = cJSON_CreateObject();
	cJSON_AddItemToArray(cJSON_AddArrayToObject(spec, "triggers"), trig);
	str(trig, "type", "prometheus");
	md = obj(trig, "metadata");
	str(md, "serverAddress", K8S_PROMETHEUS_PLACEHOLDER);
	/* the Deployment's pods: <name>-<template hash>-<suffix> */
	if (em)
		snprintf(query, sizeof(query),
			 "sum({__name__=~\"%s|%s\",pod=~\"%s-[a-z0-9]+-[a-z0-9]+\"})",
			 em->running, em->waiting, id->name);
	else
		snprintf(query, sizeof(query),
			 "sum(requests_in_flight{pod=~\"%s-[a-z0-9]+-[a-z0-9]+\"})", id->name);
	str(md, "query", query);
	threshold(pl->target_in_flight, q, sizeof(q));
	str(md, "threshold", q);
	return so;
}

static cJSON *job(const struct k8s_placement *pl, const struct k8s_pool *p,
		  const struct ident *id, const char *image, const char *service)
{
	cJSON *j = cJSON_CreateObject(), *spec, *tmpl;
	long n = pl->nodes > 1 ? pl->nodes : pl->replicas;
	str(j, "apiVersion", "batch/v1");
	str(j, "kind", "Job");
	metadata(j, id);
	spec = obj(j, "spec");
	if (pl->nodes > 1)
		str(spec, "completionMode", "Indexed");
	num(spec, "completions", n);
	num(spec, "parallelism", n);
	num(spec, "backoffLimit", 0);
	tmpl = obj(spec, "template");
	labels(obj(tmpl, "metadata"), id);
	pod_spec(obj(tmpl, "spec"), pl, p, id, image, 1, service);
	return j;
}

static cJSON *headless_service(const struct ident *id)
{
	cJSON *s = cJSON_CreateObject(), *spec, *port;
	str(s, "apiVersion", "v1");
	str(s, "kind", "Service");
	{
		cJSON *m = obj(s, "metadata");
		str(m, "name", id->name);
		labels(m, id);
	}
	spec = obj(s, "spec");
	str(spec, "clusterIP", "None");
	cJSON_AddBoolToObject(spec, "publishNotReadyAddresses", 1);
	selector(obj(spec, "selector"), id);
	port = cJSON_CreateObject();
	str(port, "name", "rendezvous");
	num(port, "port", RENDEZVOUS_PORT);
	cJSON_AddItemToArray(cJSON_AddArrayToObject(spec, "ports"), port);
	return s;
}

/* A label value made of the workload name (k8s_pools.c does the same for
 * the pool label). */
static void label_value(const char *s, char *out, size_t len)
{
	size_t n = 0;
	for (; *s && n + 1 < len && n < 63; s++) {
		unsigned char c = (unsigned char)*s;
		if (!n && !isalnum(c))
			continue;
		out[n++] = (char)(isalnum(c) || c == '_' || c == '.' || c == '-' ? c : '-');
	}
	while (n && !isalnum((unsigned char)out[n - 1]))
		n--;
	out[n] = '\0';
}

cJSON *k8s_manifests_build(const struct recommend_result *r, const struct k8s_plan *plan,
			   const struct k8s_manifest_options *o)
{
	cJSON *arr = cJSON_CreateArray();
	const char *image = o && o->image ? o->image : K8S_DEFAULT_IMAGE;
	struct names nm = { NULL, 0 };

	if (!arr)
		return NULL;
	for (size_t i = 0; i < plan->nplacements; i++) {
		const struct k8s_placement *pl = &plan->placements[i];
		const struct recommend_workload *w = &r->workloads[pl->workload];
		const struct k8s_pool *p = &plan->pools[pl->pool];
		char app[64], base[128], name[64], wlabel[64];
		struct ident id;
		int parts = 0;

		for (size_t j = 0; j < plan->nplacements; j++)
			parts += plan->placements[j].workload == pl->workload;
		k8s_dns_name(w->name, 50, app, sizeof(app));
		label_value(w->name, wlabel, sizeof(wlabel));
		if (parts > 1) {
			/* "<app>-<pool>" in 50 characters: the pool name (at most
			 * 12) whole, the workload's cut to the rest */
			size_t keep = 50 - 1 - strlen(p->name);
			snprintf(base, sizeof(base), "%.*s", (int)keep, app);
			while (strlen(base) > 1 && base[strlen(base) - 1] == '-')
				base[strlen(base) - 1] = '\0';
			snprintf(base + strlen(base), sizeof(base) - strlen(base), "-%s", p->name);
		} else {
			snprintf(base, sizeof(base), "%s", app);
		}
		id.name = name;
		id.app = parts > 1 ? app : name;
		id.instance = parts > 1 ? name : NULL;
		id.workload = wlabel;
		if (w->type == PROFILE_INFERENCE) {
			unique_name(&nm, base, 50, name);
			cJSON_AddItemToArray(arr, deployment(pl, p, &id, image));
			if (k8s_placement_keda(pl, o ? o->autoscaler : K8S_AUTOSCALER_DEFAULT))
				cJSON_AddItemToArray(arr, scaled_object(pl, &id, pl->engine));
			else if (pl->autoscaled)
				cJSON_AddItemToArray(arr, hpa(pl, &id, pl->engine));
		} else if (pl->nodes <= 1) {
			unique_name(&nm, base, 50, name);
			cJSON_AddItemToArray(arr, job(pl, p, &id, image, NULL));
		} else {
			/* one Indexed Job (and its Service) per run */
			for (long k = 0; k < pl->replicas; k++) {
				unique_name(&nm, base, 50, name);
				cJSON_AddItemToArray(arr, headless_service(&id));
				cJSON_AddItemToArray(arr, job(pl, p, &id, image, name));
			}
		}
	}
	free(nm.v);
	return arr;
}
