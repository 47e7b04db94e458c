/*
 * k8s_lint.c - the rules of `gpufit k8s lint` over one parsed document
 * (see k8s_lint.h; docs/k8s-lint.md documents each rule and its sources).
 *
 * For every pod template of a workload kind the engine gathers the GPU
 * resources of its containers, its node selection (nodeSelector and the
 * required node affinity) and its tolerations, resolves which node pools
 * the selection admits (the known pools, or with no cluster only what the
 * AKS labels say: instance type, accelerator, spot), and checks the rules
 * against them.  Facts used (sources in docs/k8s-lint.md):
 *  - toleration matching: operator defaults to Equal, Exists carries no
 *    value, an empty key with Exists matches every taint, an empty effect
 *    matches every effect (Kubernetes "Taints and Tolerations");
 *  - GPUs are extended resources: whole numbers only, requests must equal
 *    limits, requests without limits are invalid (Kubernetes "Schedule
 *    GPUs", "Resource Management for Pods and Containers");
 *  - a pod's GPU count is max(sum over app containers, largest init
 *    container) (Kubernetes "Init Containers");
 *  - AKS adds kubernetes.azure.com/scalesetpriority=spot:NoSchedule to spot
 *    pools and the node labels counted as selecting (AKS "Use labels").
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "k8s_lint.h"
#include "util.h"

const struct k8s_lint_rule k8s_lint_rules[] = {
	{ "gpu-missing-toleration", K8S_LINT_ERROR,
	  "A GPU pod does not tolerate the taint of the GPU node pools." },
	{ "toleration-effect-mismatch", K8S_LINT_ERROR,
	  "A toleration of the GPU taint's key names another effect." },
	{ "toleration-value-mismatch", K8S_LINT_ERROR,
	  "A toleration of the GPU taint's key and effect names another value." },
	{ "toleration-key-mismatch", K8S_LINT_ERROR,
	  "A toleration with the GPU taint's value and effect names another key." },
	{ "toleration-exists-with-value", K8S_LINT_ERROR,
	  "A toleration with operator Exists carries a value." },
	{ "gpu-request-without-limit", K8S_LINT_ERROR,
	  "A GPU resource is requested without a limit." },
	{ "gpu-request-limit-mismatch", K8S_LINT_ERROR,
	  "A GPU resource's request differs from its limit." },
	{ "gpu-fractional", K8S_LINT_ERROR,
	  "A GPU resource asks for a fraction (or no number) of devices." },
	{ "gpu-resource-unknown-name", K8S_LINT_ERROR,
	  "A resource name looks like a GPU but no device plugin advertises it." },
	{ "gpu-count-exceeds-max-vm", K8S_LINT_ERROR,
	  "A pod asks for more GPUs than any Azure VM size has." },
	{ "gpu-count-exceeds-node-size", K8S_LINT_ERROR,
	  "A pod asks for more GPUs than the nodes it selects have." },
	{ "mig-profile-unknown", K8S_LINT_ERROR,
	  "A nvidia.com/mig-* resource names a MIG profile that exists on no GPU." },
	{ "mig-profile-wrong-gpu", K8S_LINT_ERROR,
	  "A MIG profile does not exist on the GPU of the nodes the pod selects." },
	{ "mig-profile-not-in-pool", K8S_LINT_ERROR,
	  "The selected node pool's --gpu-instance-profile makes another MIG profile." },
	{ "mig-count-exceeds-node", K8S_LINT_ERROR,
	  "A pod asks for more MIG instances than one node of its pool has." },
	{ "nodeselector-non-gpu-instance", K8S_LINT_ERROR,
	  "A GPU pod selects nodes without GPUs." },
	{ "spot-missing-toleration", K8S_LINT_ERROR,
	  "A pod selects spot nodes but does not tolerate AKS's spot taint." },
	{ "daemonset-gpu-agent-missing-toleration", K8S_LINT_ERROR,
	  "A GPU node agent (DaemonSet) does not tolerate the GPU taint." },
	{ "cpu-pod-tolerates-gpu-taint", K8S_LINT_WARNING,
	  "A pod without GPUs tolerates the GPU taint." },
	{ "cpu-pod-selects-gpu-node", K8S_LINT_WARNING,
	  "A pod without GPUs selects GPU nodes." },
	{ "init-container-gpu", K8S_LINT_WARNING,
	  "An init container requests GPUs (they stay reserved for the whole pod)." },
	{ "gpu-shared-request-gt-1", K8S_LINT_WARNING,
	  "A container asks for more than one time-sliced nvidia.com/gpu.shared." },
	{ "multinode-no-rdma", K8S_LINT_WARNING,
	  "Multi-node GPU training requests no RDMA (rdma/ib) resource." },
	{ "multinode-no-colocation", K8S_LINT_WARNING,
	  "Multi-node GPU training is not pinned to one InfiniBand pool or PPG." },
	{ "deprecated-node-label", K8S_LINT_WARNING,
	  "A node selection uses a deprecated node label." },
	{ "gpu-on-mig-pool", K8S_LINT_WARNING,
	  "A pod asks for whole nvidia.com/gpu on MIG-partitioned pools only (the mixed "
	  "strategy advertises nvidia.com/mig-<profile> there)." },
	{ NULL, K8S_LINT_ERROR, NULL },
};

enum rule_idx {
	R_MISSING_TOL, R_TOL_EFFECT, R_TOL_VALUE, R_TOL_KEY, R_TOL_EXISTS_VALUE,
	R_REQ_NO_LIMIT, R_REQ_LIMIT_MISMATCH, R_FRACTIONAL, R_UNKNOWN_NAME, R_EXCEEDS_MAX_VM,
	R_EXCEEDS_NODE, R_MIG_UNKNOWN, R_MIG_WRONG_GPU, R_MIG_NOT_IN_POOL, R_MIG_COUNT,
	R_NON_GPU_INSTANCE, R_SPOT_TOL, R_DS_AGENT, R_CPU_TOLERATES, R_CPU_SELECTS,
	R_INIT_GPU, R_SHARED_GT1, R_NO_RDMA, R_NO_COLOCATION, R_DEPRECATED_LABEL,
	R_GPU_ON_MIG_POOL
};

const char *k8s_lint_severity_name(enum k8s_lint_severity s)
{
	return s == K8S_LINT_ERROR ? "error" : "warning";
}

void k8s_lint_findings_release(struct k8s_lint_findings *f)
{
	free(f->items);
	memset(f, 0, sizeof(*f));
}

/* ---- quantities --------------------------------------------------------- */

int k8s_lint_quantity(const char *s, double *value, int *whole)
{
	uint64_t mant = 0;
	int exp10 = 0, digits = 0, neg = 0, sig = 0;
	unsigned bin = 0;              /* power of two of a binary suffix */
	const char *p = s;

	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	for (; isdigit((unsigned char)*p); p++, digits++)
		if (mant < UINT64_C(100000000000000000)) {
			mant = mant * 10 + (uint64_t)(*p - '0');
			sig += mant != 0;
		} else {
			exp10++;
		}
	if (*p == '.') {
		p++;
		for (; isdigit((unsigned char)*p); p++, digits++)
			if (mant < UINT64_C(100000000000000000)) {
				mant = mant * 10 + (uint64_t)(*p - '0');
				exp10--;
			}
	}
	if (!digits)
		return -1;
	(void)sig;
	if (*p == 'e' || *p == 'E') {
		char *end;
		long e = strtol(p + 1, &end, 10);
		if (end == p + 1 || *end || e > 60 || e < -60)
			return -1;
		exp10 += (int)e;
	} else if (*p) {
		static const struct { const char *suf; int e10; unsigned e2; } sufs[] = {
			{ "n", -9, 0 }, { "u", -6, 0 }, { "m", -3, 0 }, { "k", 3, 0 }, { "M", 6, 0 },
			{ "G", 9, 0 }, { "T", 12, 0 }, { "P", 15, 0 }, { "E", 18, 0 }, { "Ki", 0, 10 },
			{ "Mi", 0, 20 }, { "Gi", 0, 30 }, { "Ti", 0, 40 }, { "Pi", 0, 50 },
			{ "Ei", 0, 60 },
		};
		size_t i;
		for (i = 0; i < sizeof(sufs) / sizeof(sufs[0]); i++)
			if (strcmp(p, sufs[i].suf) == 0)
				break;
		if (i == sizeof(sufs) / sizeof(sufs[0]))
			return -1;
		exp10 += sufs[i].e10;
		bin = sufs[i].e2;
	}
	while (exp10 < 0 && mant % 10 == 0 && mant) {
		mant /= 10;
		exp10++;
	}
	while (exp10 < 0 && bin > 0 && mant < (UINT64_C(1) << 62)) {
		mant *= 2;
		bin--;
		while (exp10 < 0 && mant % 10 == 0) {
			mant /= 10;
			exp10++;
		}
	}
	*whole = mant == 0 || exp10 >= 0;
	*value = (double)mant * pow(10.0, exp10) * pow(2.0, bin);
	if (neg)
		*value = -*value;
	if (neg && mant)
		*whole = 0;
	return 0;
}

/* ---- findings ----------------------------------------------------------- */

struct pod {
	const struct k8s_ynode *spec;     /* the PodSpec mapping */
	const struct k8s_ynode *spec_key; /* its key ("spec") */
	const char *kind;
	char name[256];
	int daemonset;
	long nodes;                       /* pods of one multi-node run (> 1: multi-node) */
};

struct ctx {
	const struct k8s_lint_facts *facts;
	const struct k8s_lint_cluster *cluster;
	struct k8s_lint_findings *out;
	int document;
};

static void add(struct ctx *c, const struct pod *pod, const char *container,
		const struct k8s_ynode *at, enum rule_idx r, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static void add(struct ctx *c, const struct pod *pod, const char *container,
		const struct k8s_ynode *at, enum rule_idx r, const char *fmt, ...)
{
	struct k8s_lint_findings *o = c->out;
	struct k8s_lint_finding *f;
	va_list ap;

	if (o->n == o->cap) {
		o->cap = o->cap ? o->cap * 2 : 16;
		o->items = xrealloc(o->items, o->cap * sizeof(*o->items));
	}
	f = &o->items[o->n++];
	memset(f, 0, sizeof(*f));
	f->line = at ? at->line : 0;
	f->col = at ? at->col : 0;
	f->document = c->document;
	snprintf(f->kind, sizeof(f->kind), "%s", pod->kind);
	snprintf(f->name, sizeof(f->name), "%s", pod->name);
	snprintf(f->container, sizeof(f->container), "%s", container ? container : "");
	f->rule = &k8s_lint_rules[r];
	va_start(ap, fmt);
	vsnprintf(f->message, sizeof(f->message), fmt, ap);
	va_end(ap);
	if (f->rule->severity == K8S_LINT_ERROR)
		o->errors++;
	else
		o->warnings++;
}

/* ---- catalog lookups ---------------------------------------------------- */

static const struct vm_size *find_vm(const struct k8s_lint_facts *f, const char *sku)
{
	size_t lo = 0, hi = f->nvms;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(f->vms[mid].sku, sku);
		if (c == 0)
			return &f->vms[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* ARM names are case-insensitive; node labels keep Azure's spelling */
	for (size_t i = 0; i < f->nvms; i++)
		if (strcasecmp(f->vms[i].sku, sku) == 0)
			return &f->vms[i];
	return NULL;
}

static int vm_gpus(const struct vm_size *v)
{
	return v && v->gpu_count >= 1 ? (int)floor(v->gpu_count + 1e-9) : 0;
}

static const char *gpu_vendor(const struct k8s_lint_facts *f, const char *model)
{
	for (size_t i = 0; i < f->ngpus; i++)
		if (strcmp(f->gpus[i].name, model) == 0)
			return f->gpus[i].vendor;
	return "";
}

static const struct mig_profile *find_mig(const struct k8s_lint_facts *f, const char *model,
					  const char *name)
{
	for (size_t i = 0; i < f->nmigs; i++)
		if ((!model || strcmp(f->migs[i].gpu_model, model) == 0) &&
		    strcmp(f->migs[i].name, name) == 0)
			return &f->migs[i];
	return NULL;
}

static int max_vm_gpus(const struct k8s_lint_facts *f)
{
	int m = 0;
	for (size_t i = 0; i < f->nvms; i++)
		if (vm_gpus(&f->vms[i]) > m)
			m = vm_gpus(&f->vms[i]);
	return m;
}

void k8s_lint_pool_fill(struct k8s_lint_pool *p, const char *gip,
			const struct k8s_lint_facts *facts)
{
	const struct vm_size *v = find_vm(facts, p->sku);

	p->gpus = vm_gpus(v);
	p->gpu_model[0] = p->vendor[0] = p->mig_profile[0] = '\0';
	p->mig_per_gpu = 0;
	p->infiniband = v && v->infiniband_gbps > 0;
	if (!p->gpus)
		return;
	snprintf(p->gpu_model, sizeof(p->gpu_model), "%s", v->gpu_model);
	snprintf(p->vendor, sizeof(p->vendor), "%s", gpu_vendor(facts, v->gpu_model));
	if (gip && *gip) {
		for (size_t i = 0; i < facts->nmigs; i++) {
			const struct mig_profile *m = &facts->migs[i];
			if (strcmp(m->gpu_model, v->gpu_model) == 0 && m->aks_profile[0] &&
			    strcasecmp(m->aks_profile, gip) == 0) {
				snprintf(p->mig_profile, sizeof(p->mig_profile), "%s", m->name);
				p->mig_per_gpu = m->max_count;
				break;
			}
		}
	}
}

/* ---- node selection ----------------------------------------------------- */

enum op { OP_IN, OP_NOTIN, OP_EXISTS, OP_DNE, OP_GT, OP_LT, OP_BAD };

struct req {
	const char *key;
	enum op op;
	const struct k8s_ynode *values;   /* sequence, or the nodeSelector value scalar */
	const struct k8s_ynode *at;       /* nodeSelector key, or the expression's key: */
	int term;                         /* -1: nodeSelector; else the nodeSelectorTerm */
};

#define MAX_REQS 64

struct selection {
	struct req reqs[MAX_REQS];
	size_t n;
	int nterms;
};

static void selection_read(const struct k8s_ynode *spec, struct selection *s)
{
	const struct k8s_ynode *ns = k8s_ymap_get(spec, "nodeSelector", NULL);
	const struct k8s_ynode *terms;

	memset(s, 0, sizeof(*s));
	if (ns && ns->type == K8S_YMAP)
		for (size_t i = 0; i < ns->n && s->n < MAX_REQS; i++) {
			const struct k8s_ynode *k = ns->items[2 * i];
			if (k->type != K8S_YSCALAR)
				continue;
			s->reqs[s->n++] = (struct req){ k->str, OP_IN, ns->items[2 * i + 1], k, -1 };
		}
	terms = k8s_ymap_get(k8s_ymap_get(k8s_ymap_get(k8s_ymap_get(spec, "affinity", NULL),
						       "nodeAffinity", NULL),
				  "requiredDuringSchedulingIgnoredDuringExecution", NULL),
			     "nodeSelectorTerms", NULL);
	if (!terms || terms->type != K8S_YSEQ)
		return;
	for (size_t t = 0; t < terms->n; t++) {
		const struct k8s_ynode *ex = k8s_ymap_get(terms->items[t], "matchExpressions", NULL);
		s->nterms++;
		if (!ex || ex->type != K8S_YSEQ)
			continue;
		for (size_t i = 0; i < ex->n && s->n < MAX_REQS; i++) {
			const struct k8s_ynode *keynode = NULL;
			const char *key = k8s_ystr(k8s_ymap_get(ex->items[i], "key", &keynode));
			const char *op = k8s_ystr(k8s_ymap_get(ex->items[i], "operator", NULL));
			enum op o = OP_BAD;
			if (!key)
				continue;
			if (op && !strcmp(op, "In"))
				o = OP_IN;
			else if (op && !strcmp(op, "NotIn"))
				o = OP_NOTIN;
			else if (op && !strcmp(op, "Exists"))
				o = OP_EXISTS;
			else if (op && !strcmp(op, "DoesNotExist"))
				o = OP_DNE;
			else if (op && !strcmp(op, "Gt"))
				o = OP_GT;
			else if (op && !strcmp(op, "Lt"))
				o = OP_LT;
			s->reqs[s->n++] = (struct req){ key, o, k8s_ymap_get(ex->items[i], "values", NULL),
							keynode, (int)t };
		}
	}
}

static int value_listed(const struct req *r, const char *v)
{
	const struct k8s_ynode *vs = r->values;
	if (!vs)
		return 0;
	if (vs->type == K8S_YSCALAR)
		return strcmp(vs->str, v) == 0;
	if (vs->type == K8S_YSEQ)
		for (size_t i = 0; i < vs->n; i++)
			if (vs->items[i]->type == K8S_YSCALAR && strcmp(vs->items[i]->str, v) == 0)
				return 1;
	return 0;
}

/* The single value a requirement pins key to (nodeSelector, or In with one
 * value), else NULL. */
static const char *req_single(const struct req *r)
{
	if (r->op != OP_IN || !r->values)
		return NULL;
	if (r->values->type == K8S_YSCALAR)
		return r->values->str;
	if (r->values->type == K8S_YSEQ && r->values->n == 1)
		return k8s_ystr(r->values->items[0]);
	return NULL;
}

static int is_key(const char *k, const char *a, const char *b)
{
	return strcmp(k, a) == 0 || (b && strcmp(k, b) == 0);
}

#define L_POOL "kubernetes.azure.com/agentpool"
#define L_POOL_OLD "agentpool"
#define L_SKU "node.kubernetes.io/instance-type"
#define L_SKU_OLD "beta.kubernetes.io/instance-type"
#define L_ACCEL "kubernetes.azure.com/accelerator"
#define L_ACCEL_OLD "accelerator"
#define L_SPOT "kubernetes.azure.com/scalesetpriority"
#define L_PRIO "kubernetes.azure.com/priority"
#define L_PPG "kubernetes.azure.com/ppg"
#define L_MODE "kubernetes.azure.com/mode"

/* The value of node label key on the nodes of pool p (NULL when unset),
 * the labels AKS sets included. */
static const char *pool_label(const struct k8s_lint_pool *p, const char *key)
{
	for (size_t i = 0; i < p->nlabels; i++)
		if (strcmp(p->labels[i].key, key) == 0)
			return p->labels[i].value;
	if (is_key(key, L_POOL, L_POOL_OLD))
		return p->name;
	if (is_key(key, L_SKU, L_SKU_OLD))
		return p->sku;
	if (is_key(key, L_ACCEL, L_ACCEL_OLD))
		return p->gpus && strcmp(p->vendor, "NVIDIA") == 0 ? "nvidia" : NULL;
	if (strcmp(key, L_SPOT) == 0)
		return p->spot ? "spot" : NULL;
	if (strcmp(key, L_PRIO) == 0)
		return p->spot ? "spot" : "regular";
	if (strcmp(key, L_PPG) == 0)
		return p->ppg[0] ? p->ppg : NULL;
	if (strcmp(key, L_MODE) == 0)
		return p->mode[0] ? p->mode : NULL;
	return NULL;
}

static int req_admits_value(const struct req *r, const char *v)
{
	switch (r->op) {
	case OP_IN:
		return v && value_listed(r, v);
	case OP_NOTIN:
		return !v || !value_listed(r, v);
	case OP_EXISTS:
		return v != NULL;
	case OP_DNE:
		return v == NULL;
	case OP_GT:
	case OP_LT: {
		const char *w = r->values && r->values->type == K8S_YSEQ && r->values->n == 1 ?
				k8s_ystr(r->values->items[0]) : NULL;
		if (!v || !w)
			return 0;
		return r->op == OP_GT ? atof(v) > atof(w) : atof(v) < atof(w);
	}
	default:
		return 0;
	}
}

static int req_admits(const struct req *r, const struct k8s_lint_pool *p)
{
	return req_admits_value(r, pool_label(p, r->key));
}

static int selection_admits(const struct selection *s, const struct k8s_lint_pool *p)
{
	int any_term = s->nterms == 0;
	for (size_t i = 0; i < s->n; i++)
		if (s->reqs[i].term < 0 && !req_admits(&s->reqs[i], p))
			return 0;
	for (int t = 0; t < s->nterms && !any_term; t++) {
		int ok = 1;
		for (size_t i = 0; i < s->n && ok; i++)
			if (s->reqs[i].term == t && !req_admits(&s->reqs[i], p))
				ok = 0;
		any_term = ok;
	}
	return any_term;
}

/* ---- tolerations -------------------------------------------------------- */

struct tol {
	const char *key, *op, *value, *effect;
	const struct k8s_ynode *key_at, *value_at, *effect_at, *item;
};

#define MAX_TOLS 64

static size_t tolerations_read(const struct k8s_ynode *spec, struct tol *t,
			       const struct k8s_ynode **tols_key)
{
	const struct k8s_ynode *seq = k8s_ymap_get(spec, "tolerations", tols_key);
	size_t n = 0;
	if (!seq || seq->type != K8S_YSEQ)
		return 0;
	for (size_t i = 0; i < seq->n && n < MAX_TOLS; i++) {
		const struct k8s_ynode *it = seq->items[i];
		struct tol *x = &t[n];
		if (it->type != K8S_YMAP)
			continue;
		memset(x, 0, sizeof(*x));
		x->item = it;
		x->key = k8s_ystr(k8s_ymap_get(it, "key", &x->key_at));
		x->op = k8s_ystr(k8s_ymap_get(it, "operator", NULL));
		x->value = k8s_ystr(k8s_ymap_get(it, "value", &x->value_at));
		x->effect = k8s_ystr(k8s_ymap_get(it, "effect", &x->effect_at));
		if (!x->key_at)
			x->key_at = it;
		n++;
	}
	return n;
}

static int tol_exists(const struct tol *t)
{
	return t->op && strcmp(t->op, "Exists") == 0;
}

static int tolerates(const struct tol *t, const struct k8s_taint *taint)
{
	const char *key = t->key ? t->key : "";
	if (t->effect && *t->effect && strcmp(t->effect, taint->effect) != 0)
		return 0;
	if (!*key)
		return tol_exists(t);
	if (strcmp(key, taint->key) != 0)
		return 0;
	return tol_exists(t) || strcmp(t->value ? t->value : "", taint->value) == 0;
}

static int tolerated(const struct tol *t, size_t n, const struct k8s_taint *taint)
{
	for (size_t i = 0; i < n; i++)
		if (tolerates(&t[i], taint))
			return 1;
	return 0;
}

static const struct k8s_taint spot_taint = { K8S_SPOT_TAINT_KEY, K8S_SPOT_TAINT_VALUE,
					     K8S_SPOT_TAINT_EFFECT };

/*
 * taint is not tolerated: reports the toleration that nearly matches it
 * (key, value or effect wrong) and returns 1, or returns 0 when none does.
 */
static int near_miss(struct ctx *c, const struct pod *pod, const struct tol *t, size_t n,
		     const struct k8s_taint *taint)
{
	char want[400];
	snprintf(want, sizeof(want), "%s=%s:%s", taint->key, taint->value, taint->effect);
	for (size_t i = 0; i < n; i++) {
		if (!t[i].key || strcmp(t[i].key, taint->key) != 0)
			continue;
		if (t[i].effect && *t[i].effect && strcmp(t[i].effect, taint->effect) != 0) {
			add(c, pod, NULL, t[i].effect_at, R_TOL_EFFECT,
			    "toleration of '%s' has effect '%s'; the GPU taint is %s", taint->key,
			    t[i].effect, want);
			return 1;
		}
		add(c, pod, NULL, t[i].value_at ? t[i].value_at : t[i].key_at, R_TOL_VALUE,
		    "toleration of '%s' has value '%s'; the GPU taint is %s", taint->key,
		    t[i].value ? t[i].value : "", want);
		return 1;
	}
	for (size_t i = 0; i < n; i++) {
		if (!t[i].key || !*t[i].key)
			continue;
		if (t[i].effect && *t[i].effect && strcmp(t[i].effect, taint->effect) != 0)
			continue;
		if (tol_exists(&t[i]) || strcmp(t[i].value ? t[i].value : "", taint->value) != 0)
			continue;
		add(c, pod, NULL, t[i].key_at, R_TOL_KEY,
		    "toleration key '%s' does not match the GPU taint %s", t[i].key, want);
		return 1;
	}
	return 0;
}

/* ---- GPU resources ------------------------------------------------------ */

enum res_class { RES_NONE, RES_GPU, RES_SHARED, RES_MIG, RES_UNKNOWN, RES_RDMA };

static enum res_class classify(const char *name)
{
	char low[128];
	size_t i;
	if (!strcmp(name, "nvidia.com/gpu") || !strcmp(name, "amd.com/gpu"))
		return RES_GPU;
	if (!strcmp(name, "nvidia.com/gpu.shared"))
		return RES_SHARED;
	if (!strncmp(name, "nvidia.com/mig-", 15))
		return RES_MIG;
	if (!strcmp(name, "rdma/ib") || !strcmp(name, "rdma/shared_ib"))
		return RES_RDMA;
	for (i = 0; name[i] && i + 1 < sizeof(low); i++)
		low[i] = (char)tolower((unsigned char)name[i]);
	low[i] = '\0';
	if (!strncmp(low, "nvidia.com/", 11) || !strncmp(low, "amd.com/", 8) || strstr(low, "gpu"))
		return RES_UNKNOWN;
	return RES_NONE;
}

#define MAX_RES 16

/* One GPU resource name of the pod, summed as the scheduler does. */
struct pod_res {
	const char *name;
	enum res_class cls;
	double app_sum, init_max;
	const struct k8s_ynode *first_at; /* its first key in the pod */
	const struct k8s_ynode *init_at;  /* key of the largest init container */
	const char *first_container, *init_container;
};

struct pod_gpus {
	struct pod_res res[MAX_RES];
	size_t n;
	const struct k8s_ynode *first_at; /* the pod's first GPU resource key */
	const char *first_container;
	int rdma;
};

static double res_count(const struct pod_res *r)
{
	return r->app_sum > r->init_max ? r->app_sum : r->init_max;
}

static const struct k8s_ynode *res_at(const struct pod_res *r)
{
	return r->init_max > r->app_sum ? r->init_at : r->first_at;
}

static const char *res_container(const struct pod_res *r)
{
	return r->init_max > r->app_sum ? r->init_container : r->first_container;
}

static void check_container(struct ctx *c, const struct pod *pod, const struct k8s_ynode *ctr,
			    int init, struct pod_gpus *g)
{
	const struct k8s_ynode *res = k8s_ymap_get(ctr, "resources", NULL);
	const struct k8s_ynode *lim = k8s_ymap_get(res, "limits", NULL);
	const struct k8s_ynode *req = k8s_ymap_get(res, "requests", NULL);
	const char *cname = k8s_ystr(k8s_ymap_get(ctr, "name", NULL));
	const struct k8s_ynode *maps[2] = { lim, req };

	if (!cname)
		cname = "";
	for (int m = 0; m < 2; m++) {
		const struct k8s_ynode *map = maps[m];
		if (!map || map->type != K8S_YMAP)
			continue;
		for (size_t i = 0; i < map->n; i++) {
			const struct k8s_ynode *key = map->items[2 * i], *val = map->items[2 * i + 1];
			const struct k8s_ynode *lkey = NULL, *lval = NULL, *at;
			const char *name = k8s_ystr(key), *qs;
			enum res_class cls;
			double v = 0, lv = 0;
			int whole = 0, lwhole = 0, ok, lok = -1;
			struct pod_res *pr = NULL;

			if (!name)
				continue;
			cls = classify(name);
			if (cls == RES_NONE)
				continue;
			if (cls == RES_RDMA) {
				g->rdma = 1;
				continue;
			}
			if (m == 1 && lim && k8s_ymap_get(lim, name, NULL))
				continue;         /* the limits pass handles pairs */
			if (cls == RES_UNKNOWN) {
				add(c, pod, cname, key, R_UNKNOWN_NAME,
				    "'%s' is not a resource a GPU device plugin advertises "
				    "(nvidia.com/gpu, nvidia.com/mig-<profile>, nvidia.com/gpu.shared, "
				    "amd.com/gpu)", name);
				continue;
			}
			at = key;
			qs = k8s_ystr(val);
			ok = qs ? k8s_lint_quantity(qs, &v, &whole) : -1;
			if (m == 0) {
				lval = k8s_ymap_get(req, name, &lkey);
				if (lval) {
					const char *ls = k8s_ystr(lval);
					lok = ls ? k8s_lint_quantity(ls, &lv, &lwhole) : -1;
					if (lok != 0 || ok != 0 || lv != v)
						add(c, pod, cname, lkey, R_REQ_LIMIT_MISMATCH,
						    "%s: request %s differs from limit %s (extended resources "
						    "are not overcommitted: requests must equal limits)", name,
						    ls ? ls : "?", qs ? qs : "?");
				}
			} else {
				add(c, pod, cname, key, R_REQ_NO_LIMIT,
				    "%s is requested without a limit (GPUs are set in limits)", name);
			}
			if (ok != 0 || !whole || v < 0) {
				add(c, pod, cname, at, R_FRACTIONAL,
				    "%s: '%s' is not a whole number of devices", name, qs ? qs : "?");
				continue;
			}
			if (v <= 0)
				continue;
			if (cls == RES_SHARED && v > 1)
				add(c, pod, cname, at, R_SHARED_GT1,
				    "%s: %g time-sliced shares give no more compute than 1 (and fail "
				    "with failRequestsGreaterThanOne)", name, v);
			if (init)
				add(c, pod, cname, at, R_INIT_GPU,
				    "init container requests %s: %g; the pod keeps them reserved while "
				    "its app containers run", name, v);
			for (size_t k = 0; k < g->n; k++)
				if (strcmp(g->res[k].name, name) == 0)
					pr = &g->res[k];
			if (!pr && g->n < MAX_RES) {
				pr = &g->res[g->n++];
				memset(pr, 0, sizeof(*pr));
				pr->name = name;
				pr->cls = cls;
			}
			if (!pr)
				continue;
			if (init) {
				if (v > pr->init_max) {
					pr->init_max = v;
					pr->init_at = at;
					pr->init_container = cname;
				}
			} else {
				pr->app_sum += v;
			}
			if (!pr->first_at || (!init && !pr->first_container)) {
				pr->first_at = at;
				pr->first_container = cname;
			}
			if (!g->first_at) {
				g->first_at = at;
				g->first_container = cname;
			}
		}
	}
}

static void gather_gpus(struct ctx *c, const struct pod *pod, struct pod_gpus *g)
{
	static const char *const lists[2] = { "containers", "initContainers" };
	memset(g, 0, sizeof(*g));
	for (int l = 0; l < 2; l++) {
		const struct k8s_ynode *seq = k8s_ymap_get(pod->spec, lists[l], NULL);
		if (!seq || seq->type != K8S_YSEQ)
			continue;
		for (size_t i = 0; i < seq->n; i++)
			check_container(c, pod, seq->items[i], l == 1, g);
	}
	/* pr->first_container marks an app container; init-only resources keep
	 * the init key as their first key */
	for (size_t k = 0; k < g->n; k++)
		if (!g->res[k].first_at) {
			g->res[k].first_at = g->res[k].init_at;
			g->res[k].first_container = g->res[k].init_container;
		}
}

/* ---- the checks of one pod template ------------------------------------- */

static const char *const deprecated_labels[][2] = {
	{ "beta.kubernetes.io/instance-type", "node.kubernetes.io/instance-type" },
	{ "failure-domain.beta.kubernetes.io/zone", "topology.kubernetes.io/zone" },
	{ "failure-domain.beta.kubernetes.io/region", "topology.kubernetes.io/region" },
	{ "beta.kubernetes.io/os", "kubernetes.io/os" },
	{ "beta.kubernetes.io/arch", "kubernetes.io/arch" },
	{ "agentpool", "kubernetes.azure.com/agentpool" },
	{ "accelerator", "kubernetes.azure.com/accelerator" },
};

static int is_gpu_agent(const struct pod *pod, const struct selection *s)
{
	static const char *const marks[] = { "nvidia", "dcgm", "gpu-feature-discovery",
					     "gpu-operator", "amd-gpu", "k8s-device-plugin" };
	const struct k8s_ynode *lists[2] = { k8s_ymap_get(pod->spec, "containers", NULL),
					     k8s_ymap_get(pod->spec, "initContainers", NULL) };
	for (size_t i = 0; i < s->n; i++)
		if (is_key(s->reqs[i].key, L_ACCEL, L_ACCEL_OLD) ||
		    !strcmp(s->reqs[i].key, "nvidia.com/gpu.present") ||
		    !strcmp(s->reqs[i].key, "feature.node.kubernetes.io/pci-10de.present"))
			return 1;
	for (int l = 0; l < 2; l++) {
		if (!lists[l] || lists[l]->type != K8S_YSEQ)
			continue;
		for (size_t i = 0; i < lists[l]->n; i++) {
			const char *img = k8s_ystr(k8s_ymap_get(lists[l]->items[i], "image", NULL));
			for (size_t m = 0; img && m < sizeof(marks) / sizeof(marks[0]); m++)
				if (strstr(img, marks[m]))
					return 1;
		}
	}
	return 0;
}

/* The cluster's GPU pools (NULL and 0 when the cluster is not known);
 * the caller frees the array. */
static const struct k8s_lint_pool **gpu_pools(const struct k8s_lint_cluster *cl, size_t *n)
{
	const struct k8s_lint_pool **gp;

	*n = 0;
	if (!cl->known)
		return NULL;
	gp = xcalloc(cl->npools + 1, sizeof(*gp));
	for (size_t i = 0; i < cl->npools; i++)
		if (cl->pools[i].gpus)
			gp[(*n)++] = &cl->pools[i];
	return gp;
}

/* The GPU taints that apply: those of the GPU pools (spot taint aside), or
 * the convention.  Returns how many were written to out. */
static size_t gpu_taints(const struct k8s_lint_cluster *cl, const struct k8s_lint_pool *const *pools,
			 size_t npools, struct k8s_taint *out, size_t max)
{
	size_t n = 0;
	if (!cl->known || !npools) {
		out[0] = cl->gpu_taint;
		return 1;
	}
	for (size_t i = 0; i < npools; i++)
		for (size_t t = 0; t < pools[i]->ntaints; t++) {
			const struct k8s_taint *x = &pools[i]->taints[t];
			int dup = 0;
			if (!strcmp(x->effect, "PreferNoSchedule") || !strcmp(x->key, K8S_SPOT_TAINT_KEY))
				continue;
			for (size_t k = 0; k < n; k++)
				dup |= k8s_taint_equal(&out[k], x);
			if (!dup && n < max)
				out[n++] = *x;
		}
	return n;
}

static int pool_offers(const struct k8s_lint_pool *p, const struct pod_gpus *g)
{
	for (size_t k = 0; k < g->n; k++) {
		const struct pod_res *r = &g->res[k];
		if (r->cls == RES_MIG && strcmp(r->name + 15, p->mig_profile) != 0)
			return 0;
		if (r->cls == RES_GPU && (p->mig_profile[0] ||
					  (strncmp(r->name, "amd", 3) == 0) != !strcmp(p->vendor, "AMD")))
			return 0;
	}
	return p->gpus > 0;
}

/* What the checks of one pod share; with a known cluster, the pools the
 * selection admits (match), its GPU pools (gpu_match) and those that offer
 * the requested GPUs or slices (offer), arrays the placement owns. */
struct placement {
	struct selection s;
	struct tol tols[MAX_TOLS];
	const struct k8s_ynode *tols_key;
	size_t ntols, nmatch, ngpu_match, noffer;
	struct pod_gpus g;
	const struct k8s_lint_pool **match, **gpu_match, **offer;
	const struct req *spot_req, *sku_req, *colo_req;
	int selects_gpu, selects_spot;
	const struct vm_size *sel_vm; /* the size an instance-type selector names */
};

/* Flags deprecated node labels and notes the requirements that select spot
 * nodes, a VM size, or one pool or PPG. */
static void scan_requirements(struct ctx *c, const struct pod *pod, struct placement *pl)
{
	for (size_t i = 0; i < pl->s.n; i++) {
		const struct req *r = &pl->s.reqs[i];
		for (size_t d = 0; d < sizeof(deprecated_labels) / sizeof(deprecated_labels[0]); d++)
			if (!strcmp(r->key, deprecated_labels[d][0]))
				add(c, pod, NULL, r->at, R_DEPRECATED_LABEL,
				    "node label '%s' is deprecated; use '%s'", r->key,
				    deprecated_labels[d][1]);
		if ((is_key(r->key, L_SPOT, NULL) || is_key(r->key, L_PRIO, NULL)) &&
		    req_admits_value(r, "spot") && !req_admits_value(r, NULL) &&
		    !req_admits_value(r, "regular"))
			pl->spot_req = pl->spot_req ? pl->spot_req : r;
		if (is_key(r->key, L_SKU, L_SKU_OLD) && r->op == OP_IN && !pl->sku_req)
			pl->sku_req = r;
		if ((is_key(r->key, L_POOL, L_POOL_OLD) || !strcmp(r->key, "gpufit.io/pool")) &&
		    req_single(r))
			pl->colo_req = r;
		if (!strcmp(r->key, L_PPG) && (req_single(r) || r->op == OP_EXISTS))
			pl->colo_req = r;
	}
}

/* Which pools the selection admits, whether it selects only GPU or spot nodes,
 * and the size an instance-type selector names. */
static void match_pools(struct ctx *c, struct placement *pl)
{
	const struct k8s_lint_cluster *cl = c->cluster;
	const struct k8s_lint_facts *f = c->facts;
	if (cl->known) {
		pl->match = xcalloc(cl->npools + 1, sizeof(*pl->match));
		pl->gpu_match = xcalloc(cl->npools + 1, sizeof(*pl->gpu_match));
		pl->offer = xcalloc(cl->npools + 1, sizeof(*pl->offer));
		for (size_t i = 0; i < cl->npools; i++)
			if (selection_admits(&pl->s, &cl->pools[i])) {
				pl->match[pl->nmatch++] = &cl->pools[i];
				if (cl->pools[i].gpus) {
					pl->gpu_match[pl->ngpu_match++] = &cl->pools[i];
					if (pool_offers(&cl->pools[i], &pl->g))
						pl->offer[pl->noffer++] = &cl->pools[i];
				}
			}
		if (pl->s.n && pl->nmatch && pl->nmatch == pl->ngpu_match)
			pl->selects_gpu = 1;
		if (pl->s.n && pl->nmatch) {
			int all_spot = 1;
			for (size_t i = 0; i < pl->nmatch; i++)
				all_spot &= pl->match[i]->spot;
			pl->selects_spot = all_spot;
		}
		if (!pl->nmatch)
			pl->selects_spot = pl->spot_req != NULL;
	} else {
		pl->selects_spot = pl->spot_req != NULL;
		for (size_t i = 0; i < pl->s.n; i++) {
			const struct req *r = &pl->s.reqs[i];
			if (is_key(r->key, L_ACCEL, L_ACCEL_OLD) && req_single(r))
				pl->selects_gpu = 1;
			if (is_key(r->key, L_SKU, L_SKU_OLD) && req_single(r) &&
			    vm_gpus(find_vm(f, req_single(r))))
				pl->selects_gpu = 1;
		}
	}

	if (pl->sku_req && req_single(pl->sku_req))
		pl->sel_vm = find_vm(f, req_single(pl->sku_req));
}

/* A GPU pod that selects only nodes without GPUs (the known pools it admits
 * or the sizes it names have none); returns whether it does. */
static int check_non_gpu_nodes(struct ctx *c, const struct pod *pod, const struct placement *pl)
{
	const struct k8s_lint_cluster *cl = c->cluster;
	const struct k8s_lint_facts *f = c->facts;
	const struct req *sku_req = pl->sku_req;
	int nongpu = 0;
	const struct req *nongpu_at = NULL;

	if (cl->known && pl->nmatch && !pl->ngpu_match) {
		nongpu = 1;
		for (size_t i = 0; i < pl->s.n && !nongpu_at; i++) {
			int any_gpu = 0;
			for (size_t p = 0; p < cl->npools; p++)
				any_gpu |= cl->pools[p].gpus && req_admits(&pl->s.reqs[i], &cl->pools[p]);
			if (!any_gpu)
				nongpu_at = &pl->s.reqs[i];
		}
		if (!nongpu_at && pl->s.n)
			nongpu_at = &pl->s.reqs[0];
	} else if (sku_req && (!cl->known || !pl->nmatch)) {
		int any_gpu = 0;
		const struct k8s_ynode *vs = sku_req->values;
		if (vs && vs->type == K8S_YSCALAR)
			any_gpu = vm_gpus(find_vm(f, vs->str)) > 0;
		else if (vs && vs->type == K8S_YSEQ)
			for (size_t i = 0; i < vs->n; i++)
				any_gpu |= k8s_ystr(vs->items[i]) &&
					   vm_gpus(find_vm(f, k8s_ystr(vs->items[i]))) > 0;
		if (!any_gpu) {
			nongpu = 1;
			nongpu_at = sku_req;
		}
	}
	if (nongpu && nongpu_at) {
		char what[300] = "";
		const char *v = req_single(nongpu_at);
		snprintf(what, sizeof(what), "%s%s%s", nongpu_at->key, v ? "=" : "", v ? v : "");
		add(c, pod, pl->g.first_container, nongpu_at->at, R_NON_GPU_INSTANCE,
		    "pod requests %s but selects %s, nodes without GPUs", pl->g.res[0].name, what);
	}
	return nongpu;
}

/* n whole GPUs of resource r against the nodes the pod selects: more than
 * they have, or nvidia.com/gpu on pools that are all partitioned. */
static void check_gpu_fit(struct ctx *c, const struct pod *pod, const struct placement *pl,
			  const struct pod_res *r, double n)
{
	const struct k8s_lint_cluster *cl = c->cluster;
	const struct vm_size *sel_vm = pl->sel_vm;
	int most = -1;
	const char *where = NULL;

	if (cl->known && pl->ngpu_match) {
		for (size_t i = 0; i < pl->ngpu_match; i++)
			if (pl->gpu_match[i]->gpus > most) {
				most = pl->gpu_match[i]->gpus;
				where = pl->gpu_match[i]->name;
			}
	} else if (sel_vm && vm_gpus(sel_vm)) {
		most = vm_gpus(sel_vm);
		where = sel_vm->sku;
	}
	if (most > 0 && n > most)
		add(c, pod, res_container(r), res_at(r), R_EXCEEDS_NODE,
		    "pod asks for %g %s; the nodes it selects (%s) have %d", n, r->name,
		    where, most);
	/* every pool it may land on is partitioned: under the
	 * mixed strategy (the one gpufit k8s installs) those
	 * nodes advertise no nvidia.com/gpu */
	if (cl->known && pl->ngpu_match && !strcmp(r->name, "nvidia.com/gpu")) {
		size_t mig = 0;

		for (size_t i = 0; i < pl->ngpu_match; i++)
			mig += pl->gpu_match[i]->mig_profile[0] != '\0';
		if (mig == pl->ngpu_match)
			add(c, pod, res_container(r), res_at(r), R_GPU_ON_MIG_POOL,
			    "pool '%s' is partitioned into %s slices: with the device "
			    "plugin's mixed strategy its nodes advertise "
			    "nvidia.com/mig-%s, not nvidia.com/gpu (only the single "
			    "strategy serves nvidia.com/gpu there, one slice each)",
			    pl->gpu_match[0]->name, pl->gpu_match[0]->mig_profile,
			    pl->gpu_match[0]->mig_profile);
	}
}

/* n MIG slices of resource r: a profile no GPU has, or one the selected
 * pools or size do not make, or more slices than a node has. */
static void check_mig_fit(struct ctx *c, const struct pod *pod, const struct placement *pl,
			  const struct pod_res *r, double n, int nongpu)
{
	const struct k8s_lint_cluster *cl = c->cluster;
	const struct k8s_lint_facts *f = c->facts;
	const struct vm_size *sel_vm = pl->sel_vm;
	const char *prof = r->name + 15;

	if (!find_mig(f, NULL, prof)) {
		add(c, pod, res_container(r), res_at(r), R_MIG_UNKNOWN,
		    "MIG profile '%s' exists on no GPU", prof);
		return;
	}
	if (nongpu)
		return;
	if (cl->known && pl->ngpu_match) {
		const struct k8s_lint_pool *has = NULL, *model_has = NULL;
		for (size_t i = 0; i < pl->ngpu_match; i++) {
			if (!strcmp(pl->gpu_match[i]->mig_profile, prof) && !has)
				has = pl->gpu_match[i];
			if (find_mig(f, pl->gpu_match[i]->gpu_model, prof) && !model_has)
				model_has = pl->gpu_match[i];
		}
		if (has) {
			long cap = (long)has->gpus * has->mig_per_gpu;
			if (n > cap)
				add(c, pod, res_container(r), res_at(r), R_MIG_COUNT,
				    "pod asks for %g %s; a node of pool '%s' has %ld", n,
				    r->name, has->name, cap);
		} else if (model_has) {
			add(c, pod, res_container(r), res_at(r), R_MIG_NOT_IN_POOL,
			    "pool '%s' makes %s%s slices, not %s", model_has->name,
			    model_has->mig_profile[0] ? model_has->mig_profile : "no MIG",
			    model_has->mig_profile[0] ? "" : "", prof);
		} else {
			add(c, pod, res_container(r), res_at(r), R_MIG_WRONG_GPU,
			    "MIG profile '%s' does not exist on %s (pool '%s')", prof,
			    pl->gpu_match[0]->gpu_model, pl->gpu_match[0]->name);
		}
	} else if (sel_vm && vm_gpus(sel_vm)) {
		const struct mig_profile *m = find_mig(f, sel_vm->gpu_model, prof);
		if (!m)
			add(c, pod, res_container(r), res_at(r), R_MIG_WRONG_GPU,
			    "MIG profile '%s' does not exist on %s (%s)", prof,
			    sel_vm->gpu_model, sel_vm->sku);
		else if (n > (double)vm_gpus(sel_vm) * m->max_count)
			add(c, pod, res_container(r), res_at(r), R_MIG_COUNT,
			    "pod asks for %g %s; a %s node has at most %d", n, r->name,
			    sel_vm->sku, vm_gpus(sel_vm) * m->max_count);
	}
}

/* Each GPU or MIG resource the pod requests against the largest Azure size
 * and the nodes it selects. */
static void check_gpu_counts(struct ctx *c, const struct pod *pod, const struct placement *pl,
			     int nongpu)
{
	int maxg = max_vm_gpus(c->facts);
	for (size_t k = 0; k < pl->g.n; k++) {
		const struct pod_res *r = &pl->g.res[k];
		double n = res_count(r);
		if (r->cls == RES_GPU && maxg > 0 && n > maxg) {
			add(c, pod, res_container(r), res_at(r), R_EXCEEDS_MAX_VM,
			    "pod asks for %g %s; the largest Azure VM size has %d GPUs", n, r->name,
			    maxg);
			continue;
		}
		if (r->cls == RES_GPU && !nongpu)
			check_gpu_fit(c, pod, pl, r, n);
		if (r->cls == RES_MIG)
			check_mig_fit(c, pod, pl, r, n, nongpu);
	}
}

/* A GPU pod that does not tolerate the taint of the nodes it may land on: those
 * that offer its GPUs, else the GPU pools it selects, else the convention. */
static void check_gpu_taint(struct ctx *c, const struct pod *pod, const struct placement *pl)
{
	const struct k8s_lint_cluster *cl = c->cluster;
	const struct tol *tols = pl->tols;
	size_t ntols = pl->ntols;
	struct k8s_taint taints[16];
	size_t ntaints;
	const struct k8s_lint_pool **cand = pl->noffer ? pl->offer : pl->gpu_match;
	size_t ncand = pl->noffer ? pl->noffer : pl->ngpu_match;
	int ok = 0;

	if (cl->known && !ncand && !pl->nmatch) {
		cand = NULL;     /* the selection names no known pool: conventions */
	}
	if (cl->known && ncand) {
		for (size_t i = 0; i < ncand && !ok; i++) {
			int all = 1;
			for (size_t t = 0; t < cand[i]->ntaints; t++) {
				const struct k8s_taint *x = &cand[i]->taints[t];
				if (strcmp(x->effect, "PreferNoSchedule") &&
				    strcmp(x->key, K8S_SPOT_TAINT_KEY) && !tolerated(tols, ntols, x))
					all = 0;
			}
			ok = all;
		}
		ntaints = gpu_taints(cl, cand, 1, taints, 16);
	} else {
		ntaints = gpu_taints(cl, NULL, 0, taints, 16);
		ok = tolerated(tols, ntols, &taints[0]);
		if (cl->known && !ok) {
			/* with known pools, a pod no GPU pool taints is fine */
			int tainted = 0;
			for (size_t i = 0; i < cl->npools; i++)
				tainted |= cl->pools[i].gpus && cl->pools[i].ntaints;
			if (!tainted)
				ok = 1;
			else
				ntaints = gpu_taints(cl, (const struct k8s_lint_pool *const *)&cl->pools,
						     0, taints, 16);
		}
	}
	if (!ok) {
		const struct k8s_taint *bad = &taints[0];
		for (size_t t = 0; t < ntaints; t++)
			if (!tolerated(tols, ntols, &taints[t])) {
				bad = &taints[t];
				break;
			}
		if (!near_miss(c, pod, tols, ntols, bad))
			add(c, pod, pl->g.first_container, pl->g.first_at, R_MISSING_TOL,
			    "pod requests %s but does not tolerate the GPU taint %s=%s:%s",
			    pl->g.res[0].name, bad->key, bad->value, bad->effect);
	}
}

/* spot pools only: an all-spot candidate set needs the spot toleration */
static void check_gpu_spot(struct ctx *c, const struct pod *pod, const struct placement *pl)
{
	const struct k8s_lint_cluster *cl = c->cluster;
	int spot = pl->selects_spot;
	if (cl->known && pl->noffer && !pl->s.n) {
		spot = 1;
		for (size_t i = 0; i < pl->noffer; i++)
			spot &= pl->offer[i]->spot;
	}
	if (spot && !tolerated(pl->tols, pl->ntols, &spot_taint))
		add(c, pod, NULL,
		    pl->spot_req ? pl->spot_req->at : (pl->s.n ? pl->s.reqs[0].at : pl->g.first_at),
		    R_SPOT_TOL, "pod runs on spot nodes but does not tolerate %s=%s:%s",
		    spot_taint.key, spot_taint.value, spot_taint.effect);
}

/* Multi-node GPU training without RDMA, or not pinned to one pool or PPG. */
static void check_multi_node(struct ctx *c, const struct pod *pod, const struct placement *pl)
{
	const struct k8s_lint_cluster *cl = c->cluster;
	if (!pl->g.rdma)
		add(c, pod, pl->g.first_container, pl->g.first_at, R_NO_RDMA,
		    "%ld-node GPU training requests no rdma/ib (NCCL falls back to TCP)",
		    pod->nodes);
	int pinned = pl->colo_req != NULL;
	if (!pinned && cl->known && pl->nmatch == 1)
		pinned = 1;
	if (!pinned && cl->known && pl->nmatch > 1) {
		pinned = pl->match[0]->ppg[0] != 0;
		for (size_t i = 1; i < pl->nmatch; i++)
			pinned &= !strcmp(pl->match[i]->ppg, pl->match[0]->ppg);
	}
	if (!pinned)
		add(c, pod, pl->g.first_container, pl->g.first_at, R_NO_COLOCATION,
		    "%ld-node GPU training is not pinned to one node pool or PPG "
		    "(select %s or %s)", pod->nodes, L_POOL, L_PPG);
}

/* The checks of a pod that requests GPUs or MIG slices. */
static void check_gpu_pod(struct ctx *c, const struct pod *pod, const struct placement *pl)
{
	int nongpu = check_non_gpu_nodes(c, pod, pl);

	check_gpu_counts(c, pod, pl, nongpu);
	if (!nongpu)
		check_gpu_taint(c, pod, pl);
	if (!c->cluster->known || !pl->nmatch || pl->ngpu_match)
		check_gpu_spot(c, pod, pl);
	if (pod->nodes > 1)
		check_multi_node(c, pod, pl);
}

/* A DaemonSet of a GPU node agent (device plugin, DCGM exporter...) that
 * does not tolerate the GPU taint, so does not run where it is needed. */
static void check_gpu_agent(struct ctx *c, const struct pod *pod, const struct placement *pl)
{
	const struct k8s_lint_cluster *cl = c->cluster;
	struct k8s_taint taints[16];
	size_t ntaints;

	if (is_gpu_agent(pod, &pl->s)) {
		size_t ngp = 0;
		const struct k8s_lint_pool **gp = gpu_pools(cl, &ngp);
		ntaints = gpu_taints(cl, gp, ngp, taints, 16);
		for (size_t t = 0; t < ntaints; t++)
			if (!tolerated(pl->tols, pl->ntols, &taints[t])) {
				if (!near_miss(c, pod, pl->tols, pl->ntols, &taints[t]))
					add(c, pod, NULL, pl->tols_key ? pl->tols_key : pod->spec_key,
					    R_DS_AGENT,
					    "GPU node agent does not tolerate the GPU taint %s=%s:%s; it "
					    "will not run on the GPU nodes", taints[t].key, taints[t].value,
					    taints[t].effect);
				break;
			}
		free(gp);
	}
}

/* A pod without GPUs that selects only GPU nodes: the finding is at the
 * first requirement that admits GPU nodes only. */
static void check_cpu_selects_gpu(struct ctx *c, const struct pod *pod,
				  const struct placement *pl)
{
	const struct k8s_lint_cluster *cl = c->cluster;
	const struct k8s_lint_facts *f = c->facts;
	const struct req *at = NULL;

	for (size_t i = 0; i < pl->s.n && !at; i++) {
		const struct req *r = &pl->s.reqs[i];
		if (cl->known) {
			int only_gpu = 1, any = 0;
			for (size_t p = 0; p < cl->npools; p++)
				if (req_admits(r, &cl->pools[p])) {
					any = 1;
					only_gpu &= cl->pools[p].gpus > 0;
				}
			if (any && only_gpu)
				at = r;
		} else if ((is_key(r->key, L_ACCEL, L_ACCEL_OLD) && req_single(r)) ||
			   (is_key(r->key, L_SKU, L_SKU_OLD) && req_single(r) &&
			    vm_gpus(find_vm(f, req_single(r))))) {
			at = r;
		}
	}
	if (!at)
		at = &pl->s.reqs[0];
	add(c, pod, NULL, at->at, R_CPU_SELECTS,
	    "pod requests no GPU but selects GPU nodes (%s)", at->key);
}

/* The checks of a pod that requests no GPU: it tolerates the GPU taint,
 * selects GPU nodes, or runs on spot nodes without the spot toleration. */
static void check_cpu_pod(struct ctx *c, const struct pod *pod, const struct placement *pl)
{
	const struct k8s_lint_cluster *cl = c->cluster;
	const struct tol *tols = pl->tols;
	struct k8s_taint taints[16];
	size_t ntaints, ngp = 0;
	const struct k8s_lint_pool **gp = gpu_pools(cl, &ngp);

	ntaints = gpu_taints(cl, gp, ngp, taints, 16);
	if (cl->known && !ngp)
		ntaints = 0;
	for (size_t i = 0; i < pl->ntols; i++) {
		int hit = 0;
		if (!tols[i].key || !*tols[i].key)
			continue;
		for (size_t t = 0; t < ntaints && !hit; t++)
			hit = tolerates(&tols[i], &taints[t]);
		if (hit) {
			add(c, pod, NULL, tols[i].key_at, R_CPU_TOLERATES,
			    "pod requests no GPU but tolerates the GPU taint '%s'", tols[i].key);
			break;
		}
	}
	free(gp);
	if (pl->selects_gpu)
		check_cpu_selects_gpu(c, pod, pl);
	if (pl->selects_spot && !tolerated(pl->tols, pl->ntols, &spot_taint))
		add(c, pod, NULL, pl->spot_req ? pl->spot_req->at : pl->s.reqs[0].at, R_SPOT_TOL,
		    "pod runs on spot nodes but does not tolerate %s=%s:%s", spot_taint.key,
		    spot_taint.value, spot_taint.effect);
}

/* The checks of one pod template: a Pod's, or a workload's. */
static void check_pod(struct ctx *c, struct pod *pod)
{
	struct placement pl;

	memset(&pl, 0, sizeof(pl));
	c->out->objects++;
	selection_read(pod->spec, &pl.s);
	pl.ntols = tolerations_read(pod->spec, pl.tols, &pl.tols_key);
	gather_gpus(c, pod, &pl.g);

	for (size_t i = 0; i < pl.ntols; i++)
		if (tol_exists(&pl.tols[i]) && pl.tols[i].value && *pl.tols[i].value)
			add(c, pod, NULL, pl.tols[i].value_at, R_TOL_EXISTS_VALUE,
			    "toleration with operator Exists has value '%s' (Exists takes no value)",
			    pl.tols[i].value);
	scan_requirements(c, pod, &pl);
	match_pools(c, &pl);

	if (pl.g.n > 0)
		check_gpu_pod(c, pod, &pl);
	else if (pod->daemonset)
		check_gpu_agent(c, pod, &pl);
	else
		check_cpu_pod(c, pod, &pl);
	free(pl.match);
	free(pl.gpu_match);
	free(pl.offer);
}

/* ---- objects ------------------------------------------------------------ */

static long num(const struct k8s_ynode *n, long dflt)
{
	const char *s = k8s_ystr(n);
	char *end;
	long v;
	if (!s || !*s)
		return dflt;
	v = strtol(s, &end, 10);
	return *end ? dflt : v;
}

/* Checks the pod template at tmpl (a PodTemplateSpec: metadata + spec). */
static void check_template(struct ctx *c, const char *kind, const char *name,
			   const struct k8s_ynode *tmpl, long nodes, int daemonset)
{
	struct pod pod;
	memset(&pod, 0, sizeof(pod));
	pod.spec = k8s_ymap_get(tmpl, "spec", &pod.spec_key);
	if (!pod.spec || pod.spec->type != K8S_YMAP)
		return;
	pod.kind = kind;
	snprintf(pod.name, sizeof(pod.name), "%s", name);
	pod.nodes = nodes;
	pod.daemonset = daemonset;
	check_pod(c, &pod);
}

static void check_object(struct ctx *c, const struct k8s_ynode *obj)
{
	const char *kind = k8s_ystr(k8s_ymap_get(obj, "kind", NULL));
	const char *api = k8s_ystr(k8s_ymap_get(obj, "apiVersion", NULL));
	const struct k8s_ynode *meta = k8s_ymap_get(obj, "metadata", NULL);
	const struct k8s_ynode *spec = k8s_ymap_get(obj, "spec", NULL);
	const char *name = k8s_ystr(k8s_ymap_get(meta, "name", NULL));

	if (!name)
		name = k8s_ystr(k8s_ymap_get(meta, "generateName", NULL));
	if (!name)
		name = "";
	if (!kind)
		return;
	if (!strcmp(kind, "Pod")) {
		struct pod pod;
		memset(&pod, 0, sizeof(pod));
		pod.spec = k8s_ymap_get(obj, "spec", &pod.spec_key);
		if (!pod.spec || pod.spec->type != K8S_YMAP)
			return;
		pod.kind = kind;
		snprintf(pod.name, sizeof(pod.name), "%s", name);
		pod.nodes = 1;
		check_pod(c, &pod);
	} else if (!strcmp(kind, "Deployment") || !strcmp(kind, "StatefulSet") ||
		   !strcmp(kind, "ReplicaSet") || !strcmp(kind, "DaemonSet")) {
		check_template(c, kind, name, k8s_ymap_get(spec, "template", NULL), 1,
			       !strcmp(kind, "DaemonSet"));
	} else if (!strcmp(kind, "Job")) {
		const char *mode = k8s_ystr(k8s_ymap_get(spec, "completionMode", NULL));
		long par = num(k8s_ymap_get(spec, "parallelism", NULL), 1);
		check_template(c, kind, name, k8s_ymap_get(spec, "template", NULL),
			       mode && !strcmp(mode, "Indexed") ? par : 1, 0);
	} else if (!strcmp(kind, "CronJob")) {
		const struct k8s_ynode *js = k8s_ymap_get(k8s_ymap_get(spec, "jobTemplate", NULL),
							  "spec", NULL);
		const char *mode = k8s_ystr(k8s_ymap_get(js, "completionMode", NULL));
		long par = num(k8s_ymap_get(js, "parallelism", NULL), 1);
		check_template(c, kind, name, k8s_ymap_get(js, "template", NULL),
			       mode && !strcmp(mode, "Indexed") ? par : 1, 0);
	} else if (!strcmp(kind, "PyTorchJob") && api && !strncmp(api, "kubeflow.org/", 13)) {
		const struct k8s_ynode *roles = k8s_ymap_get(spec, "pytorchReplicaSpecs", NULL);
		long total = 0;
		if (!roles || roles->type != K8S_YMAP)
			return;
		for (size_t i = 0; i < roles->n; i++)
			total += num(k8s_ymap_get(roles->items[2 * i + 1], "replicas", NULL), 1);
		for (size_t i = 0; i < roles->n; i++)
			check_template(c, kind, name,
				       k8s_ymap_get(roles->items[2 * i + 1], "template", NULL), total, 0);
	} else if (!strcmp(kind, "JobSet") && api && !strncmp(api, "jobset.x-k8s.io/", 16)) {
		const struct k8s_ynode *rjs = k8s_ymap_get(spec, "replicatedJobs", NULL);
		long total = 0;
		if (!rjs || rjs->type != K8S_YSEQ)
			return;
		for (size_t i = 0; i < rjs->n; i++) {
			const struct k8s_ynode *js = k8s_ymap_get(k8s_ymap_get(rjs->items[i], "template",
									       NULL), "spec", NULL);
			total += num(k8s_ymap_get(rjs->items[i], "replicas", NULL), 1) *
				 num(k8s_ymap_get(js, "parallelism", NULL), 1);
		}
		for (size_t i = 0; i < rjs->n; i++) {
			const struct k8s_ynode *js = k8s_ymap_get(k8s_ymap_get(rjs->items[i], "template",
									       NULL), "spec", NULL);
			check_template(c, kind, name, k8s_ymap_get(js, "template", NULL), total, 0);
		}
	}
}

static int cmp_findings(const void *a, const void *b)
{
	const struct k8s_lint_finding *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return strcmp(x->rule->id, y->rule->id);
}

int k8s_lint_document(const struct k8s_ynode *root, int document,
		      const struct k8s_lint_facts *facts, const struct k8s_lint_cluster *cluster,
		      struct k8s_lint_findings *out, char *why, size_t whylen)
{
	struct ctx c = { facts, cluster, out, document };
	size_t first = out->n;
	const char *kind;

	if (!root)
		return 0;
	if (root->type != K8S_YMAP) {
		snprintf(why, whylen, "%d:%d: document %d is a %s, not a Kubernetes object", root->line,
			 root->col, document, root->type == K8S_YSCALAR ? "scalar" : "sequence");
		return -1;
	}
	kind = k8s_ystr(k8s_ymap_get(root, "kind", NULL));
	if (!kind || !k8s_ystr(k8s_ymap_get(root, "apiVersion", NULL))) {
		snprintf(why, whylen, "%d:%d: document %d is not a Kubernetes object (no %s)",
			 root->line, root->col, document, kind ? "apiVersion" : "kind");
		return -1;
	}
	if (!strcmp(kind, "List")) {
		const struct k8s_ynode *items = k8s_ymap_get(root, "items", NULL);
		if (items && items->type == K8S_YSEQ)
			for (size_t i = 0; i < items->n; i++)
				if (items->items[i]->type == K8S_YMAP)
					check_object(&c, items->items[i]);
	} else {
		check_object(&c, root);
	}
	if (out->n - first > 1)
		qsort(out->items + first, out->n - first, sizeof(*out->items), cmp_findings);
	return 0;
}
