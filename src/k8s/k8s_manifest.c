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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "k8s_manifest.h"
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
	if (pl->nodes > 1 || pl->replicas > 1)
		anti_affinity(spec, id->app, !mig);

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
	num(spec, "replicas", pl->replicas);
	selector(obj(obj(spec, "selector"), "matchLabels"), id);
	tmpl = obj(spec, "template");
	labels(obj(tmpl, "metadata"), id);
	pod_spec(obj(tmpl, "spec"), pl, p, id, image, 0, NULL);
	return d;
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
