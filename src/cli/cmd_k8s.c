/*
 * cmd_k8s.c - `gpufit k8s PROFILE`: the AKS GPU node pools of the profile's
 * recommendation (the az commands, `-f sh`) and the Kubernetes objects that
 * run its workloads on them (`-f yaml`, the default); `-f json` has both.
 * `--out-dir DIR` writes DIR/node-pools.sh and DIR/workloads.yaml, each
 * through a temporary file renamed into place (k8s_files.c); the JSON is
 * k8s_json.c's.
 *
 * The verbs of `gpufit k8s` are rows of cmd_k8s_verbs[]; `gpufit k8s
 * PROFILE` (a first word that is no verb) runs "generate".
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "cmd_k8s_lint.h"
#include "cmd_util.h"
#include "commands.h"
#include "diag.h"
#include "escape.h"
#include "gpufit.h"
#include "k8s_files.h"
#include "k8s_json.h"
#include "k8s_manifest.h"
#include "k8s_pool.h"
#include "k8s_script.h"
#include "k8s_yaml.h"
#include "profile.h"
#include "recommend.h"
#include "sizing.h"
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
	CMD_OPT_REGION(OPT_REGION),
	{ "headroom", 0, CLI_ARG_REQUIRED, OPT_HEADROOM, "PCT", NULL,
	  "memory and throughput headroom, autoscaler maximum, 15 or 15% (default 15)" },
	{ "skus", 0, CLI_ARG_REQUIRED, OPT_SKUS, "FILE", CLI_JSON,
	  "'az vm list-skus -o json': no node pool of a size the subscription cannot launch "
	  "there (docs/quota.md)" },
	{ "usage", 0, CLI_ARG_REQUIRED, OPT_USAGE, "REGION=FILE", NULL,
	  "'az vm list-usage -o json' of REGION: warns of a quota the pools exceed "
	  "(repeatable)" },
	CMD_OPT_WITHIN_QUOTA(OPT_WITHIN_QUOTA),
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

/* The options of `k8s generate`, as read. */
struct k8s_args {
	struct recommend_options o;
	struct k8s_pool_options po;
	struct k8s_manifest_options mo;
	struct k8s_script_options so;
	const char *path, *out_dir, *skus_path;
	const char **regions, **usage;   /* argc + 1 each */
	size_t nusage;
};

/* Reads the option opt (CLI_POSITIONAL: the profile) of value val into a:
 * EXIT_OK, or EXIT_USAGE with the error printed. */
static int k8s_option(int opt, const char *val, struct k8s_args *a)
{
	char why[256];
	enum mig_strategy st;
	double d;

	switch (opt) {
	case CLI_POSITIONAL:
		if (a->path)
			return cli_usage_error("k8s", "unexpected argument '%s'", val);
		a->path = val;
		return EXIT_OK;
	case OPT_OUT_DIR:
		a->out_dir = val;
		return EXIT_OK;
	case OPT_CLUSTER:
	case OPT_RG:
		if (!k8s_script_name_ok(val))
			return cli_usage_error("k8s", "--%s '%s': use 1-90 letters, digits, "
					       "'.', '_', '-', '(' or ')'",
					       opt == OPT_CLUSTER ? "cluster" : "resource-group", val);
		if (opt == OPT_CLUSTER)
			a->so.cluster = val;
		else
			a->so.resource_group = val;
		return EXIT_OK;
	case OPT_TAINT:
		if (k8s_taint_parse(val, &a->po.taint, why, sizeof(why)) != 0)
			return cli_usage_error("k8s", "--taint: %s", why);
		a->po.has_taint = 1;
		return EXIT_OK;
	case OPT_IMAGE:
		if (!image_ok(val))
			return cli_usage_error("k8s", "--image '%s' is not an image reference", val);
		a->mo.image = val;
		return EXIT_OK;
	case OPT_PRICING:
		return cmd_opt_pricing("k8s", val, &a->o) != 0 ? EXIT_USAGE : EXIT_OK;
	case OPT_REGION:
		a->regions[a->o.nregions++] = val;
		return EXIT_OK;
	case OPT_SKUS:
		a->skus_path = val;
		return EXIT_OK;
	case OPT_USAGE:
		a->usage[a->nusage++] = val;
		return EXIT_OK;
	case OPT_WITHIN_QUOTA:
		a->o.within_quota = 1;
		return EXIT_OK;
	case OPT_STRATEGY:
		if (mig_strategy_parse(val, &st) != 0)
			return cli_usage_error("k8s", "unknown strategy '%s' (aks, mixed)", val);
		/* what `pack --strategy mixed` prices cannot be deployed as AKS
		 * node pools: refuse rather than deploy another plan */
		if (st != MIG_STRATEGY_AKS)
			return cli_usage_error("k8s", "--strategy mixed cannot be deployed: AKS "
					       "--gpu-instance-profile node pools carry one MIG "
					       "profile each, and a mixed layout needs the GPU "
					       "Operator's mig-manager config, which gpufit does "
					       "not write");
		a->o.strategy = st;
		return EXIT_OK;
	case OPT_AUTOSCALER:
		if (strcmp(val, "hpa") == 0)
			a->mo.autoscaler = K8S_AUTOSCALER_HPA;
		else if (strcmp(val, "keda") == 0)
			a->mo.autoscaler = K8S_AUTOSCALER_KEDA;
		else
			return cli_usage_error("k8s", "unknown autoscaler '%s' (hpa, keda)", val);
		return EXIT_OK;
	case OPT_HEADROOM:
		if (cli_percent("k8s", "headroom", val, &d) != 0)
			return EXIT_USAGE;
		if (d < 0 || d > 400)
			return cli_usage_error("k8s", "--headroom takes a percentage from 0 to 400");
		a->o.headroom_pct = d;
		return EXIT_OK;
	default:
		return EXIT_USAGE;
	}
}

/* Writes the script and the manifests docs of plan as --out-dir or the
 * format fmt asks (docs is taken over and freed): EXIT_OK or EXIT_INPUT. */
static int k8s_output(struct cli_ctx *ctx, enum out_format fmt, const char *out_dir,
		      const struct recommend_result *res, const struct k8s_plan *plan,
		      const char *script, cJSON *docs)
{
	struct diag_list errs = DIAG_LIST_INIT;
	char why[256];
	int rc = EXIT_OK;

	if (out_dir) {
		if (k8s_files_write(out_dir, script, docs, &errs) != 0) {
			diag_list_print(&errs, stderr);
			rc = EXIT_INPUT;
		} else {
			fprintf(ctx->out, "wrote %s/node-pools.sh: %zu node pool%s\nwrote "
				"%s/workloads.yaml: %d object%s\n", out_dir, plan->npools,
				plan->npools == 1 ? "" : "s", out_dir, cJSON_GetArraySize(docs),
				cJSON_GetArraySize(docs) == 1 ? "" : "s");
		}
		diag_list_release(&errs);
	} else if (fmt == FMT_SH) {
		fputs(script, ctx->out);
	} else if (fmt == FMT_YAML) {
		if (k8s_yaml_write(ctx->out, docs, why, sizeof(why)) != 0) {
			diag_error("%s", why);
			rc = EXIT_INPUT;
		}
	} else {
		if (k8s_json_print(ctx->out, res, plan, docs) != 0) {
			diag_error("out of memory while printing JSON");
			rc = EXIT_INPUT;
		}
		return rc;
	}
	cJSON_Delete(docs);
	return rc;
}

static int cmd_k8s_generate(struct cli_ctx *ctx, int argc, char **argv)
{
	struct k8s_args a = { .mo = { NULL, K8S_AUTOSCALER_DEFAULT },
			      .so = { NULL, NULL, NULL, GPUFIT_VERSION, NULL } };
	struct cmd_setup s;
	struct recommend_result *res;
	struct k8s_plan plan;
	struct diag_list diags = DIAG_LIST_INIT;
	struct cli_iter it;
	struct strbuf script = STRBUF_INIT;
	const char *val;
	cJSON *docs = NULL;
	int opt, rc = EXIT_OK;
	enum out_format fmt = ctx->format_given ? ctx->format : FMT_YAML;

	recommend_options_init(&a.o);
	k8s_pool_options_init(&a.po);
	a.regions = xcalloc((size_t)argc + 1, sizeof(*a.regions));
	a.usage = xcalloc((size_t)argc + 1, sizeof(*a.usage));
	cli_iter_init(&it, "k8s", cmd_k8s_opts, argc, argv);
	while (rc == EXIT_OK && (opt = cli_next(&it, &val)) != CLI_END) {
		if (opt == CLI_HELP) {
			for (const struct command *c = gpufit_commands; c->name; c++)
				if (strcmp(c->name, "k8s") == 0)
					cli_print_command_help(c, ctx->out);
			free(a.regions);
			free(a.usage);
			return EXIT_OK;
		}
		rc = k8s_option(opt, val, &a);
	}
	if (rc == EXIT_OK && !a.path)
		rc = cli_usage_error("k8s", "missing PROFILE");
	else if (rc == EXIT_OK && fmt != FMT_YAML && fmt != FMT_SH && fmt != FMT_JSON)
		rc = cli_usage_error("k8s", "format '%s' is not supported (yaml, sh, json)",
				     out_format_name(fmt));
	if (rc != EXIT_OK) {
		free(a.regions);
		free(a.usage);
		return rc;
	}

	cmd_setup_init(&s, "k8s", ctx->catalog_path);
	cmd_setup_build_inputs(&s, a.path, a.regions, a.skus_path, a.usage, a.nusage, &a.o);
	rc = cmd_setup(&s, CMD_SETUP_ALL);
	if (rc != EXIT_OK)
		goto out;
	res = &s.res;
	for (size_t i = 0; i < res->nwarnings; i++)
		diag_warning("%s", res->warnings[i]);
	if (k8s_pools_build(res, &s.p, &a.po, &plan, &diags) != 0) {
		diag_list_print(&diags, stderr);
		rc = EXIT_INPUT;
		goto out;
	}
	diag_list_print(&diags, stderr);   /* the warnings of AKS's limits */
	for (size_t i = 0; i < plan.nskipped; i++)
		diag_warning("k8s: workload '%s' skipped: %s",
			     res->workloads[plan.skipped[i].workload].name, plan.skipped[i].reason);
	autoscale_warnings(res, &plan, &a.mo);
	a.so.profile = s.p.file;
	a.so.result = res;
	docs = k8s_manifests_build(res, &plan, &a.mo);
	if (!docs) {
		diag_error("out of memory while building the manifests");
		rc = EXIT_INPUT;
		goto out_plan;
	}
	k8s_script_build(&plan, &a.so, &script);
	quota_notes(res, &script);
	rc = k8s_output(ctx, fmt, a.out_dir, res, &plan, strbuf_str(&script), docs);
	if (rc == EXIT_OK && plan.nskipped)
		rc = EXIT_INFEASIBLE;
	strbuf_release(&script);
out_plan:
	k8s_plan_release(&plan);
out:
	diag_list_release(&diags);
	cmd_setup_release(&s);
	free(a.regions);
	free(a.usage);
	return rc;
}
