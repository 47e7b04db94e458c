/*
 * cmd_k8s.c - `gpufit k8s PROFILE`: the AKS GPU node pools of the profile's
 * recommendation (the az commands, `-f sh`) and the Kubernetes objects that
 * run its workloads on them (`-f yaml`, the default); `-f json` has both.
 * `--out-dir DIR` writes DIR/node-pools.sh and DIR/workloads.yaml, each
 * through a temporary file renamed into place.
 *
 * The verbs of `gpufit k8s` are rows of cmd_k8s_verbs[]; `gpufit k8s
 * PROFILE` (a first word that is no verb) runs "generate".
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "cmd_k8s_lint.h"
#include "cmd_util.h"
#include "commands.h"
#include "diag.h"
#include "escape.h"
#include "gpufit.h"
#include "json_out.h"
#include "k8s_manifest.h"
#include "k8s_pool.h"
#include "k8s_script.h"
#include "k8s_yaml.h"
#include "profile.h"
#include "recommend.h"
#include "sizing.h"
#include "tmpguard.h"
#include "util.h"

static int cmd_k8s_generate(struct cli_ctx *ctx, int argc, char **argv);


enum {
	OPT_OUT_DIR = 1, OPT_CLUSTER, OPT_RG, OPT_TAINT, OPT_IMAGE, OPT_PRICING, OPT_REGION,
	OPT_HEADROOM, OPT_SKUS, OPT_USAGE, OPT_WITHIN_QUOTA, OPT_STRATEGY, OPT_AUTOSCALER
};

const struct cli_opt cmd_k8s_opts[] = {
	{ "out-dir", 0, CLI_ARG_REQUIRED, OPT_OUT_DIR, "DIR", CLI_DIR,
	  "write DIR/node-pools.sh and DIR/workloads.yaml" },
	{ "cluster", 0, CLI_ARG_REQUIRED, OPT_CLUSTER, "NAME", NULL,
	  "the AKS cluster (default myAKSCluster)" },
	{ "resource-group", 'g', CLI_ARG_REQUIRED, OPT_RG, "NAME", NULL,
	  "its resource group (default myResourceGroup)" },
	{ "taint", 0, CLI_ARG_REQUIRED, OPT_TAINT, "KEY=VALUE:EFFECT", NULL,
	  "the GPU pools' taint (default sku=gpu:NoSchedule)" },
	{ "image", 0, CLI_ARG_REQUIRED, OPT_IMAGE, "IMAGE", NULL,
	  "the container image (default: a placeholder)" },
	{ "pricing", 0, CLI_ARG_REQUIRED, OPT_PRICING, "KIND", CLI_PRICING_AUTO,
	  "payg | spot | reserved-1y | reserved-3y | savings-1y | savings-3y | auto (spot: spot "
	  "node pools; auto: each workload its cheapest term, never spot)" },
	{ "region", 0, CLI_ARG_REQUIRED, OPT_REGION, "R", NULL,
	  "compare in region R instead (repeatable)" },
	{ "headroom", 0, CLI_ARG_REQUIRED, OPT_HEADROOM, "PCT", NULL,
	  "memory and throughput headroom, autoscaler maximum, 15 or 15% (default 15)" },
	{ "skus", 0, CLI_ARG_REQUIRED, OPT_SKUS, "FILE", CLI_JSON,
	  "'az vm list-skus -o json': no node pool of a size the subscription cannot launch "
	  "there (docs/quota.md)" },
	{ "usage", 0, CLI_ARG_REQUIRED, OPT_USAGE, "REGION=FILE", NULL,
	  "'az vm list-usage -o json' of REGION: warns of a quota the pools exceed "
	  "(repeatable)" },
	{ "within-quota", 0, CLI_ARG_NONE, OPT_WITHIN_QUOTA, NULL, NULL,
	  "plan within the --usage quotas: the cheapest ranked options that fit, with what "
	  "it costs and the quota that would unlock the cheaper plan (docs/quota.md)" },
	{ "strategy", 0, CLI_ARG_REQUIRED, OPT_STRATEGY, "S", "aks",
	  "the MIG plan's layouts: aks only (AKS --gpu-instance-profile node pools carry one "
	  "MIG profile each; mixed is refused)" },
	{ "autoscaler", 0, CLI_ARG_REQUIRED, OPT_AUTOSCALER, "KIND", "hpa|keda",
	  "what autoscales a workload described by its traffic: hpa (default; a KEDA "
	  "ScaledObject where it scales to zero) or keda (a ScaledObject for each)" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

const struct subcommand cmd_k8s_verbs[] = {
	{ "generate", cmd_k8s_generate, "k8s [generate] [OPTIONS] PROFILE",
	  "AKS GPU node pools (az commands) and Kubernetes manifests for the recommendation.",
	  cmd_k8s_opts, CMD_K8S_FORMATS, CMD_K8S_NOTE },
	{ "lint", cmd_k8s_lint, "k8s lint [OPTIONS] FILE...",
	  "Check Kubernetes manifests for GPU scheduling mistakes on AKS.", cmd_k8s_lint_opts,
	  "table|json|sarif",
	  "-f table (the default) prints findings as FILE:LINE:COL lines, -f json as JSON, -f "
	  "sarif as SARIF 2.1.0. A FILE '-' reads standard input." },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

int cmd_k8s(struct cli_ctx *ctx, int argc, char **argv)
{
	if (argc >= 2) {
		for (const struct subcommand *s = cmd_k8s_verbs; s->name; s++)
			if (strcmp(argv[1], s->name) == 0)
				return cli_dispatch_sub(ctx, "k8s", cmd_k8s_verbs, argc, argv);
		if (strcmp(argv[1], "help") == 0)
			return cli_dispatch_sub(ctx, "k8s", cmd_k8s_verbs, argc, argv);
	}
	return cmd_k8s_generate(ctx, argc, argv);
}

/* An image reference gpufit writes into YAML as given: no spaces or
 * control characters. */
/* One path component of an image name: [a-z0-9]+ joined by '.', '_', '__'
 * or '-'s (the distribution reference grammar). */
static int image_component_ok(const char *s, size_t n)
{
	int prev_sep = 1;

	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		int alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');

		if (!alnum && c != '.' && c != '_' && c != '-')
			return 0;
		if (!alnum && prev_sep && !(c == '_' && i && s[i - 1] == '_') &&
		    !(c == '-' && i && s[i - 1] == '-'))
			return 0;
		prev_sep = !alnum;
	}
	return !prev_sep;
}

/* An image reference as a container runtime takes it:
 * [DOMAIN[:PORT]/]PATH[:TAG][@ALGO:HEX], e.g. "vllm/vllm-openai:v0.11.0",
 * "nvcr.io/nim/meta/llama-3.1-8b-instruct:1.3", "ghcr.io/x/y@sha256:..." */
static int image_ok(const char *ref)
{
	char s[520];
	char *at, *name, *slash, *colon;
	size_t n = strlen(ref);

	if (!n || n > 512)
		return 0;
	memcpy(s, ref, n + 1);
	if ((at = strchr(s, '@'))) {
		char *d = at + 1, *c = strchr(d, ':');
		size_t hex = c ? strlen(c + 1) : 0;

		if (!c || c == d || hex < 32)
			return 0;
		for (char *p = d; p < c; p++)
			if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '+' ||
			      *p == '.' || *p == '_' || *p == '-'))
				return 0;
		for (char *p = c + 1; *p; p++)
			if (!isxdigit((unsigned char)*p))
				return 0;
		*at = '\0';
	}
	slash = strrchr(s, '/');
	colon = strrchr(s, ':');
	if (colon && (!slash || colon > slash)) {   /* the tag */
		size_t t = strlen(colon + 1);

		if (!t || t > 128 || !(isalnum((unsigned char)colon[1]) || colon[1] == '_'))
			return 0;
		for (char *p = colon + 1; *p; p++)
			if (!isalnum((unsigned char)*p) && *p != '_' && *p != '.' && *p != '-')
				return 0;
		*colon = '\0';
	}
	name = s;
	slash = strchr(name, '/');
	/* a first component with a '.' or a ':' or "localhost" is a registry */
	if (slash && (memchr(name, '.', (size_t)(slash - name)) ||
		      memchr(name, ':', (size_t)(slash - name)) ||
		      (slash - name == 9 && strncmp(name, "localhost", 9) == 0))) {
		for (char *p = name; p < slash; p++)
			if (!isalnum((unsigned char)*p) && *p != '.' && *p != '-' && *p != ':')
				return 0;
		if (name[0] == '.' || name[0] == '-' || name[0] == ':')
			return 0;
		name = slash + 1;
	}
	for (;;) {
		char *e = strchr(name, '/');
		size_t len = e ? (size_t)(e - name) : strlen(name);

		if (!image_component_ok(name, len))
			return 0;
		if (!e)
			return 1;
		name = e + 1;
	}
}

/* A pool's bill: what its lines share (null where they differ), its VMs
 * billed and its monthly cost (the sum of its lines, each bill_monthly()),
 * then the lines. */
static void pool_bill_json(cJSON *o, const struct recommend_result *r, const struct k8s_pool *p)
{
	cJSON *a;
	double hourly, vms, hb;
	int pricing;

	k8s_pool_bill_summary(p, &pricing, &hourly, &vms, &hb);
	if (pricing >= 0)
		cJSON_AddStringToObject(o, "pricing", pricing_name((enum pricing_kind)pricing));
	else
		cJSON_AddNullToObject(o, "pricing");
	if (hourly > 0)
		cJSON_AddNumberToObject(o, "hourly_cost", hourly); /* one VM, unrounded */
	else
		cJSON_AddNullToObject(o, "hourly_cost");
	cJSON_AddNumberToObject(o, "vm_count", vms);
	if (hb >= 0)
		cJSON_AddNumberToObject(o, "hours_billed", hb); /* unrounded */
	else
		cJSON_AddNullToObject(o, "hours_billed");
	json_add_money(o, "monthly_cost", p->monthly_cost);
	a = cJSON_AddArrayToObject(o, "bills");
	for (size_t k = 0; k < p->nbills; k++) {
		const struct k8s_bill *l = &p->bills[k];
		cJSON *x = cJSON_CreateObject(), *ws;

		cJSON_AddItemToArray(a, x);
		ws = cJSON_AddArrayToObject(x, "workloads");
		if (l->workload == K8S_BILL_SHARED) {
			for (size_t w = 0; w < p->nworkloads; w++)
				cJSON_AddItemToArray(ws, cJSON_CreateString(
								 r->workloads[p->workloads[w]].name));
		} else {
			cJSON_AddItemToArray(ws, cJSON_CreateString(r->workloads[l->workload].name));
		}
		cJSON_AddStringToObject(x, "pricing", pricing_name(l->pricing));
		cJSON_AddNumberToObject(x, "hourly_cost", l->hourly);
		cJSON_AddNumberToObject(x, "vm_count", l->vms);
		cJSON_AddNumberToObject(x, "hours_billed", l->hours_billed);
		json_add_money(x, "monthly_cost", l->monthly);
	}
}

static cJSON *pools_json(const struct recommend_result *r, const struct k8s_plan *plan)
{
	cJSON *arr = cJSON_CreateArray();
	for (size_t i = 0; i < plan->npools; i++) {
		const struct k8s_pool *p = &plan->pools[i];
		cJSON *o = cJSON_CreateObject(), *a, *l;
		struct strbuf cmd = STRBUF_INIT;
		cJSON_AddItemToArray(arr, o);
		cJSON_AddStringToObject(o, "name", p->name);
		cJSON_AddStringToObject(o, "sku", p->sku);
		cJSON_AddStringToObject(o, "region", p->region);
		cJSON_AddNumberToObject(o, "count", (double)p->count);
		cJSON_AddNumberToObject(o, "min_count", (double)p->min_count);
		cJSON_AddNumberToObject(o, "max_count", (double)p->max_count);
		cJSON_AddBoolToObject(o, "autoscale", p->min_count < p->max_count);
		if (p->scaled_max > 0) {
			/* the nodes of its workloads autoscaled on their traffic
			 * (load plans), within min_count and max_count */
			cJSON *an = cJSON_AddObjectToObject(o, "autoscaled_nodes");

			cJSON_AddNumberToObject(an, "min_count", (double)p->scaled_min);
			cJSON_AddNumberToObject(an, "max_count", (double)p->scaled_max);
		} else {
			cJSON_AddNullToObject(o, "autoscaled_nodes");
		}
		a = cJSON_AddArrayToObject(o, "taints");
		for (size_t k = 0; k < p->ntaints; k++) {
			cJSON *t = cJSON_CreateObject();
			cJSON_AddStringToObject(t, "key", p->taints[k].key);
			cJSON_AddStringToObject(t, "value", p->taints[k].value);
			cJSON_AddStringToObject(t, "effect", p->taints[k].effect);
			cJSON_AddItemToArray(a, t);
		}
		l = cJSON_AddObjectToObject(o, "labels");
		for (size_t k = 0; k < p->nlabels; k++)
			if (p->labels[k].value[0])
				cJSON_AddStringToObject(l, p->labels[k].key, p->labels[k].value);
		json_add_str_or_null(o, "gpu_instance_profile", p->gpu_instance_profile);
		json_add_str_or_null(o, "mig_profile", p->mig_profile);
		cJSON_AddStringToObject(o, "priority", k8s_priority_name(p->priority));
		cJSON_AddBoolToObject(o, "infiniband", p->infiniband);
		json_add_str_or_null(o, "ppg", p->ppg);
		a = cJSON_AddArrayToObject(o, "zones");
		if (p->zones[0])
			cJSON_AddItemToArray(a, cJSON_CreateString(p->zones));
		a = cJSON_AddArrayToObject(o, "workloads");
		for (size_t k = 0; k < p->nworkloads; k++)
			cJSON_AddItemToArray(a, cJSON_CreateString(r->workloads[p->workloads[k]].name));
		/* what advertises the pool's GPUs: the script installs the NVIDIA
		 * device plugin (setup_commands); the AMD GPU Operator is by hand */
		cJSON_AddStringToObject(o, "device_plugin", k8s_script_pool_amd(plan, i) ?
					"amd-gpu-operator" : "nvidia-device-plugin");
		pool_bill_json(o, r, p);
		k8s_script_pool_command(plan, p, &cmd);
		cJSON_AddStringToObject(o, "command", strbuf_str(&cmd));
		strbuf_release(&cmd);
	}
	return arr;
}

/* The script's commands after the pools, one string each. */
static cJSON *setup_json(const struct k8s_plan *plan)
{
	cJSON *arr = cJSON_CreateArray();
	struct strbuf cmds = STRBUF_INIT;

	k8s_script_setup_commands(plan, &cmds);
	for (const char *s = strbuf_str(&cmds); *s;) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		char *line = xmalloc(n + 1);

		memcpy(line, s, n);
		line[n] = '\0';
		cJSON_AddItemToArray(arr, cJSON_CreateString(line));
		free(line);
		s += n + (e != NULL);
	}
	strbuf_release(&cmds);
	return arr;
}

static cJSON *skipped_json(const struct recommend_result *r, const struct k8s_plan *plan)
{
	cJSON *arr = cJSON_CreateArray();
	for (size_t i = 0; i < plan->nskipped; i++) {
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "workload", r->workloads[plan->skipped[i].workload].name);
		cJSON_AddStringToObject(o, "reason", plan->skipped[i].reason);
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

/* Writes text (or, with docs, the YAML of docs) to DIR/name through a
 * temporary file; *tmp gets its path for the final rename.  Returns 0. */
/* The file DIR/NAME becomes: itself, or the regular file a link names
 * (the link stays). 0 with the path in target, or -1 with the error printed
 * when it is a directory, a FIFO, a device or a link to nothing: no file of
 * the pair is written then. */
static int out_target(const char *dir, const char *name, char *target, size_t len)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(target, len, "%s", path);
	if (lstat(path, &st) != 0)
		return 0;
	if (S_ISLNK(st.st_mode)) {
		char real[PATH_MAX];

		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || !realpath(path, real)) {
			diag_error("cannot write '%s': a link to %s", path,
				   errno == ENOENT ? "a missing file" : "something not a file");
			return -1;
		}
		snprintf(target, len, "%s", real);
		return 0;
	}
	if (!S_ISREG(st.st_mode)) {
		diag_error("cannot write '%s': %s", path,
			   S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
		return -1;
	}
	return 0;
}

/* Writes text (or the YAML of docs) to a temporary beside target, armed
 * against signals; tmp gets its path, *slot its tmpguard slot. */
static int write_tmp(const char *target, const char *text, const cJSON *docs, int mode,
		     char *tmp, size_t tmplen, int *slot)
{
	char err[256];
	const char *slash = strrchr(target, '/');
	FILE *f;
	int bad;

	snprintf(tmp, tmplen, "%.*s.%s.tmp.%ld", slash ? (int)(slash - target + 1) : 0, target,
		 slash ? slash + 1 : target, (long)getpid());
	*slot = tmpguard_arm(tmp);
	f = fopen(tmp, "w");
	if (!f) {
		diag_error("cannot write '%s': %s", target, util_strerror(errno));
		tmpguard_disarm(*slot);
		*slot = -1;
		return -1;
	}
	if (docs) {
		bad = k8s_yaml_write(f, docs, err, sizeof(err)) != 0;
		if (bad)
			diag_error("%s", err);
	} else {
		bad = fputs(text, f) == EOF;
	}
	bad |= fflush(f) != 0 || ferror(f);
	bad |= fclose(f) != 0;
	if (!bad && chmod(tmp, (mode_t)mode) != 0)
		bad = 1;
	if (bad) {
		diag_error("cannot write '%s': %s", target, util_strerror(errno ? errno : EIO));
		remove(tmp);
		tmpguard_disarm(*slot);
		*slot = -1;
		return -1;
	}
	return 0;
}

static int write_out_dir(struct cli_ctx *ctx, const char *dir, const char *script,
			 const cJSON *docs, size_t npools)
{
	char t1[4200], t2[4200], f1[4096], f2[4096];
	struct stat st;
	int s1 = -1, s2 = -1, rc = EXIT_INPUT;

	if (stat(dir, &st) != 0) {
		if (errno != ENOENT || mkdir(dir, 0777) != 0) {
			diag_error("cannot create '%s': %s", dir, util_strerror(errno));
			return EXIT_INPUT;
		}
	} else if (!S_ISDIR(st.st_mode)) {
		diag_error("'%s' is not a directory", dir);
		return EXIT_INPUT;
	}
	/* both targets checked before either is written: all or nothing */
	if (out_target(dir, "node-pools.sh", f1, sizeof(f1)) != 0 ||
	    out_target(dir, "workloads.yaml", f2, sizeof(f2)) != 0)
		return EXIT_INPUT;
	if (write_tmp(f1, script, NULL, 0755, t1, sizeof(t1), &s1) != 0)
		return EXIT_INPUT;
	if (write_tmp(f2, NULL, docs, 0644, t2, sizeof(t2), &s2) != 0) {
		remove(t1);
		tmpguard_disarm(s1);
		return EXIT_INPUT;
	}
	if (rename(t2, f2) != 0) {
		diag_error("cannot write '%s': %s", f2, util_strerror(errno));
		remove(t1);
		remove(t2);
	} else if (rename(t1, f1) != 0) {
		diag_error("cannot write '%s': %s", f1, util_strerror(errno));
		remove(t1);
	} else {
		rc = EXIT_OK;
	}
	tmpguard_disarm(s1);
	tmpguard_disarm(s2);
	if (rc != EXIT_OK)
		return rc;
	fprintf(ctx->out, "wrote %s/node-pools.sh: %zu node pool%s\nwrote %s/workloads.yaml: %d "
		"object%s\n", dir, npools, npools == 1 ? "" : "s", dir, cJSON_GetArraySize(docs),
		cJSON_GetArraySize(docs) == 1 ? "" : "s");
	return EXIT_OK;
}

/* The plan's quota-short findings (docs/quota.md), once each: a warning on
 * stderr and a comment under the script's first line, so no node pool of a
 * quota too small for it is created unannounced. */
static void quota_notes(const struct recommend_result *res, struct strbuf *script)
{
	struct strbuf notes = STRBUF_INIT, out = STRBUF_INIT;
	struct strmap seen = STRMAP_INIT;   /* messages already noted: once each */
	const char *s = strbuf_str(script), *nl;

	for (size_t i = 0; i < res->nworkloads; i++) {
		const struct recommend_workload *w = &res->workloads[i];

		for (size_t j = 0; j < w->nfindings; j++) {
			const struct recommend_finding *f = &w->findings[j];

			if (strcmp(f->kind, "quota-short") != 0 || strmap_get(&seen, f->message))
				continue;
			strmap_put(&seen, f->message, 1);
			diag_warning("k8s: %s", f->message);
			/* names from the az files may hold anything: no line
			 * break may end the comment */
			strbuf_addstr(&notes, "# WARNING: ");
			esc_term(&notes, f->message, 0);
			strbuf_addstr(&notes, "\n");
		}
	}
	if (notes.len && (nl = strchr(s, '\n')) != NULL) {
		strbuf_add(&out, s, (size_t)(nl - s) + 1);
		strbuf_addstr(&out, strbuf_str(&notes));
		strbuf_addstr(&out, nl + 1);
		strbuf_release(script);
		*script = out;
	} else {
		strbuf_release(&out);
	}
	strbuf_release(&notes);
	strmap_release(&seen);
}

/* `-f json`: the pools, their bills, the setup commands and the manifests
 * (docs, taken over and freed); EXIT_OK or EXIT_INPUT. */
static int print_json(struct cli_ctx *ctx, const struct recommend_result *res,
		      const struct k8s_plan *plan, cJSON *docs)
{
	cJSON *root = cJSON_CreateObject();
	int rc = EXIT_OK;

	cJSON_AddNumberToObject(root, "schema_version", 1);
	cJSON_AddItemToObject(root, "node_pools", pools_json(res, plan));
	/* the pools' bills summed: recommend's fleet total when nothing is
	 * skipped (docs/k8s.md) */
	cJSON_AddStringToObject(root, "currency", res->currency);
	json_add_money(root, "monthly_cost", plan->monthly_cost);
	cJSON_AddItemToObject(root, "setup_commands", setup_json(plan));
	cJSON_AddItemToObject(root, "manifests", docs);
	cJSON_AddItemToObject(root, "skipped", skipped_json(res, plan));
	if (json_print(ctx->out, root) != 0) {
		diag_error("out of memory while printing JSON");
		rc = EXIT_INPUT;
	}
	cJSON_Delete(root);
	return rc;
}

/* What the autoscaler of a workload described by its traffic cannot do by
 * itself (docs/k8s.md "Autoscaled workloads"): an engine without a metric
 * gpufit knows, a scale to zero KEDA cannot wake from on the engine's own
 * metric, --autoscaler hpa for a plan that scales to zero. */
static void autoscale_warnings(const struct recommend_result *res, const struct k8s_plan *plan,
			       const struct k8s_manifest_options *mo)
{
	for (size_t i = 0; i < plan->nplacements; i++) {
		const struct k8s_placement *pl = &plan->placements[i];
		const char *name = res->workloads[pl->workload].name;

		if (!pl->autoscaled)
			continue;
		if (!k8s_engine_metric(pl->engine))
			diag_warning("k8s: workload '%s': %s exports no requests-in-flight metric "
				     "gpufit knows: its autoscaler reads 'requests_in_flight', replace "
				     "it with your server's", name, pl->engine >= 0 ?
				     sizing_engine_name((enum sizing_engine)pl->engine) : "its server");
		if (pl->min_pods < 1 && mo->autoscaler == K8S_AUTOSCALER_HPA)
			diag_warning("k8s: workload '%s' scales to zero: a KEDA ScaledObject, not an "
				     "HPA (an HPA stays at one replica or more without the "
				     "HPAScaleToZero feature gate)", name);
		if (pl->min_pods < 1)
			diag_warning("k8s: workload '%s' scales to zero: at zero replicas no pod "
				     "exports its metric, so add a trigger that sees requests without "
				     "a pod (docs/k8s.md)", name);
	}
}

static int cmd_k8s_generate(struct cli_ctx *ctx, int argc, char **argv)
{
	struct recommend_options o;
	struct cmd_setup s;
	struct recommend_result *res;
	struct k8s_pool_options po;
	struct k8s_manifest_options mo = { NULL, K8S_AUTOSCALER_DEFAULT };
	struct k8s_script_options so = { NULL, NULL, NULL, GPUFIT_VERSION, NULL };
	struct k8s_plan plan;
	struct diag_list diags = DIAG_LIST_INIT;
	struct cli_iter it;
	struct strbuf script = STRBUF_INIT;
	const char *val, *path = NULL, *out_dir = NULL, *skus_path = NULL;
	const char **regions, **usage;
	size_t nusage = 0;
	char why[256];
	cJSON *docs = NULL;
	double d;
	int opt, rc;
	enum out_format fmt = ctx->format_given ? ctx->format : FMT_YAML;

	recommend_options_init(&o);
	k8s_pool_options_init(&po);
	regions = xcalloc((size_t)argc + 1, sizeof(*regions));
	usage = xcalloc((size_t)argc + 1, sizeof(*usage));
	cli_iter_init(&it, "k8s", cmd_k8s_opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		rc = EXIT_USAGE;
		switch (opt) {
		case CLI_HELP:
			free(regions);
			free(usage);
			for (const struct command *c = gpufit_commands; c->name; c++)
				if (strcmp(c->name, "k8s") == 0)
					cli_print_command_help(c, ctx->out);
			return EXIT_OK;
		case CLI_POSITIONAL:
			if (path) {
				free(regions);
				free(usage);
				return cli_usage_error("k8s", "unexpected argument '%s'", val);
			}
			path = val;
			continue;
		case OPT_OUT_DIR:
			out_dir = val;
			continue;
		case OPT_CLUSTER:
		case OPT_RG:
			if (!k8s_script_name_ok(val)) {
				free(regions);
				free(usage);
				return cli_usage_error("k8s", "--%s '%s': use 1-90 letters, digits, "
						       "'.', '_', '-', '(' or ')'",
						       opt == OPT_CLUSTER ? "cluster" : "resource-group", val);
			}
			if (opt == OPT_CLUSTER)
				so.cluster = val;
			else
				so.resource_group = val;
			continue;
		case OPT_TAINT:
			if (k8s_taint_parse(val, &po.taint, why, sizeof(why)) != 0) {
				free(regions);
				free(usage);
				return cli_usage_error("k8s", "--taint: %s", why);
			}
			po.has_taint = 1;
			continue;
		case OPT_IMAGE:
			if (!image_ok(val)) {
				free(regions);
				free(usage);
				return cli_usage_error("k8s", "--image '%s' is not an image reference",
						       val);
			}
			mo.image = val;
			continue;
		case OPT_PRICING:
			if (cmd_opt_pricing("k8s", val, &o) != 0) {
				free(regions);
				free(usage);
				return EXIT_USAGE;
			}
			continue;
		case OPT_REGION:
			regions[o.nregions++] = val;
			continue;
		case OPT_SKUS:
			skus_path = val;
			continue;
		case OPT_USAGE:
			usage[nusage++] = val;
			continue;
		case OPT_WITHIN_QUOTA:
			o.within_quota = 1;
			continue;
		case OPT_STRATEGY: {
			enum mig_strategy st;

			if (mig_strategy_parse(val, &st) != 0 || st != MIG_STRATEGY_AKS) {
				free(regions);
				free(usage);
				if (mig_strategy_parse(val, &st) != 0)
					return cli_usage_error("k8s", "unknown strategy '%s' (aks, mixed)",
							       val);
				/* what `pack --strategy mixed` prices cannot be deployed as
				 * AKS node pools: refuse rather than deploy another plan */
				return cli_usage_error("k8s", "--strategy mixed cannot be deployed: AKS "
						       "--gpu-instance-profile node pools carry one MIG "
						       "profile each, and a mixed layout needs the GPU "
						       "Operator's mig-manager config, which gpufit does "
						       "not write");
			}
			o.strategy = st;
			continue;
		}
		case OPT_AUTOSCALER:
			if (strcmp(val, "hpa") == 0) {
				mo.autoscaler = K8S_AUTOSCALER_HPA;
			} else if (strcmp(val, "keda") == 0) {
				mo.autoscaler = K8S_AUTOSCALER_KEDA;
			} else {
				free(regions);
				free(usage);
				return cli_usage_error("k8s", "unknown autoscaler '%s' (hpa, keda)", val);
			}
			continue;
		case OPT_HEADROOM:
			if (cli_percent("k8s", "headroom", val, &d) != 0) {
				free(regions);
				free(usage);
				return EXIT_USAGE;
			}
			if (d < 0 || d > 400) {
				free(regions);
				free(usage);
				return cli_usage_error("k8s", "--headroom takes a percentage from 0 to 400");
			}
			o.headroom_pct = d;
			continue;
		default:
			free(regions);
			free(usage);
			return rc;
		}
	}
	if (!path) {
		free(regions);
		free(usage);
		return cli_usage_error("k8s", "missing PROFILE");
	}
	if (fmt != FMT_YAML && fmt != FMT_SH && fmt != FMT_JSON) {
		free(regions);
		free(usage);
		return cli_usage_error("k8s", "format '%s' is not supported (yaml, sh, json)",
				       out_format_name(fmt));
	}

	cmd_setup_init(&s, "k8s", ctx->catalog_path);
	s.profile_path = path;
	s.regions = regions;
	s.nregions = o.nregions;
	s.skus_path = skus_path;
	s.usage_specs = usage;
	s.nusage_specs = nusage;
	s.o = &o;
	rc = cmd_setup(&s, CMD_SETUP_ALL);
	free(regions);
	free(usage);
	if (rc != EXIT_OK) {
		cmd_setup_release(&s);
		return rc;
	}
	res = &s.res;
	for (size_t i = 0; i < res->nwarnings; i++)
		diag_warning("%s", res->warnings[i]);
	if (k8s_pools_build(res, &s.p, &po, &plan, &diags) != 0) {
		diag_list_print(&diags, stderr);
		rc = EXIT_INPUT;
		goto out;
	}
	diag_list_print(&diags, stderr);   /* the warnings of AKS's limits */
	for (size_t i = 0; i < plan.nskipped; i++)
		diag_warning("k8s: workload '%s' skipped: %s",
			     res->workloads[plan.skipped[i].workload].name, plan.skipped[i].reason);
	autoscale_warnings(res, &plan, &mo);
	so.profile = s.p.file;
	so.result = res;
	docs = k8s_manifests_build(res, &plan, &mo);
	if (!docs) {
		diag_error("out of memory while building the manifests");
		rc = EXIT_INPUT;
		goto out_plan;
	}
	k8s_script_build(&plan, &so, &script);
	quota_notes(res, &script);

	if (out_dir) {
		rc = write_out_dir(ctx, out_dir, strbuf_str(&script), docs, plan.npools);
	} else if (fmt == FMT_SH) {
		fputs(strbuf_str(&script), ctx->out);
	} else if (fmt == FMT_YAML) {
		if (k8s_yaml_write(ctx->out, docs, why, sizeof(why)) != 0) {
			diag_error("%s", why);
			rc = EXIT_INPUT;
		}
	} else {
		rc = print_json(ctx, res, &plan, docs);
		docs = NULL;
	}
	if (rc == EXIT_OK && plan.nskipped)
		rc = EXIT_INFEASIBLE;
	cJSON_Delete(docs);
	strbuf_release(&script);
out_plan:
	k8s_plan_release(&plan);
out:
	diag_list_release(&diags);
	cmd_setup_release(&s);
	return rc;
}
