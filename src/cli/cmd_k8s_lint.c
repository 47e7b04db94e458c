/*
 * cmd_k8s_lint.c - `gpufit k8s lint FILE...`: reads multi-document YAML
 * (k8s_yaml_read.h), checks every document with the rules of k8s_lint.h and
 * prints the findings as FILE:LINE:COL lines, JSON or SARIF 2.1.0.
 *
 * The cluster is the pools of `--nodepools FILE` (what `az aks nodepool
 * list -o json` prints), or of `--profile PROFILE` (the pools `gpufit k8s
 * PROFILE` creates), or, with neither, the conventions only.  Exit 1 when
 * any error (with --strict, any warning), 3 when a file cannot be read as
 * YAML or a document is no Kubernetes object.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "catalog.h"
#include "catalog_snapshot.h"
#include "cli.h"
#include "cmd_k8s_lint.h"
#include "cmd_util.h"
#include "commands.h"
#include "diag.h"
#include "gpufit.h"
#include "json_out.h"
#include "k8s_lint.h"
#include "k8s_pool.h"
#include "k8s_yaml_read.h"
#include "output.h"
#include "recommend.h"
#include "util.h"

#define NODEPOOLS_MAX_BYTES (16L * 1024 * 1024)

enum { OPT_NODEPOOLS = 1, OPT_PROFILE, OPT_TAINT, OPT_STRICT };

const struct cli_opt cmd_k8s_lint_opts[] = {
	{ "nodepools", 0, CLI_ARG_REQUIRED, OPT_NODEPOOLS, "FILE", CLI_JSON,
	  "the cluster's pools: the JSON of 'az aks nodepool list -o json'" },
	{ "profile", 0, CLI_ARG_REQUIRED, OPT_PROFILE, "PROFILE", CLI_YAML,
	  "the cluster is the pools 'gpufit k8s PROFILE' creates" },
	{ "taint", 0, CLI_ARG_REQUIRED, OPT_TAINT, "KEY=VALUE:EFFECT", NULL,
	  "the GPU pools' taint (default sku=gpu:NoSchedule)" },
	{ "strict", 0, CLI_ARG_NONE, OPT_STRICT, NULL, NULL, "exit 1 on warnings too" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

struct file_result {
	const char *name;                 /* as printed: the path, "<stdin>" for '-' */
	struct k8s_lint_findings f;
};

/* ---- --nodepools -------------------------------------------------------- */

static void line_col(const char *buf, const char *at, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (const char *p = buf; p < at && *p; p++) {
		if (*p == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

/* "key=value:Effect" or "key:Effect" (as AKS lists nodeTaints). */
static int taint_read(const char *s, struct k8s_taint *t)
{
	const char *colon = strrchr(s, ':'), *eq = strchr(s, '=');
	size_t klen;
	memset(t, 0, sizeof(*t));
	if (!colon || colon == s)
		return -1;
	if (eq && eq > colon)
		eq = NULL;
	klen = (size_t)((eq ? eq : colon) - s);
	if (klen >= sizeof(t->key) || strlen(colon + 1) >= sizeof(t->effect))
		return -1;
	memcpy(t->key, s, klen);
	if (eq) {
		size_t vlen = (size_t)(colon - eq - 1);
		if (vlen >= sizeof(t->value))
			return -1;
		memcpy(t->value, eq + 1, vlen);
	}
	strcpy(t->effect, colon + 1);
	return strcmp(t->effect, "NoSchedule") && strcmp(t->effect, "PreferNoSchedule") &&
	       strcmp(t->effect, "NoExecute") ? -1 : 0;
}

static const char *opt_string(const cJSON *o, const char *key, int *bad)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	if (!v || cJSON_IsNull(v))
		return NULL;
	if (!cJSON_IsString(v)) {
		*bad = 1;
		return NULL;
	}
	return v->valuestring;
}

#define AZ_FORMAT "not the output of 'az aks nodepool list -o json'"

static int nodepools_load(const char *path, const struct k8s_lint_facts *facts,
			  struct k8s_lint_cluster *cl)
{
	char *buf = NULL;
	size_t len = 0;
	const char *end = NULL;
	cJSON *root;
	FILE *f = fopen(path, "rb");
	int n, rc = -1;

	if (!f) {
		diag_error("cannot read '%s': %s", path, util_strerror(errno));
		return -1;
	}
	buf = xmalloc((size_t)NODEPOOLS_MAX_BYTES + 1);
	len = fread(buf, 1, (size_t)NODEPOOLS_MAX_BYTES + 1, f);
	if (ferror(f)) {
		diag_error("cannot read '%s': %s", path, util_strerror(errno ? errno : EIO));
		fclose(f);
		free(buf);
		return -1;
	}
	fclose(f);
	if (len > (size_t)NODEPOOLS_MAX_BYTES) {
		diag_error("%s: larger than %ld MiB; %s", path, NODEPOOLS_MAX_BYTES >> 20, AZ_FORMAT);
		free(buf);
		return -1;
	}
	buf[len] = '\0';
	root = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
	if (!root) {
		int line, col;
		line_col(buf, end ? end : buf, &line, &col);
		diag_error_at(path, line, col, "invalid JSON; %s", AZ_FORMAT);
		free(buf);
		return -1;
	}
	if (!cJSON_IsArray(root)) {
		diag_error("%s: the top level is not an array of node pools; %s", path, AZ_FORMAT);
		goto out;
	}
	n = cJSON_GetArraySize(root);
	cl->pools = xcalloc((size_t)n + 1, sizeof(*cl->pools));
	for (int i = 0; i < n; i++) {
		const cJSON *o = cJSON_GetArrayItem(root, i), *t, *l;
		struct k8s_lint_pool *p = &cl->pools[cl->npools];
		int bad = 0;
		const char *name, *sku, *gip, *prio, *ppg, *mode;
		if (!cJSON_IsObject(o)) {
			diag_error("%s: node pool %d is not an object; %s", path, i + 1, AZ_FORMAT);
			goto out;
		}
		name = opt_string(o, "name", &bad);
		sku = opt_string(o, "vmSize", &bad);
		gip = opt_string(o, "gpuInstanceProfile", &bad);
		prio = opt_string(o, "scaleSetPriority", &bad);
		ppg = opt_string(o, "proximityPlacementGroupId", &bad);
		mode = opt_string(o, "mode", &bad);
		if (bad || !name || !sku) {
			diag_error("%s: node pool %d: %s; %s", path, i + 1,
				   bad ? "a field has the wrong type" : "'name' and 'vmSize' are required",
				   AZ_FORMAT);
			goto out;
		}
		snprintf(p->name, sizeof(p->name), "%s", name);
		snprintf(p->sku, sizeof(p->sku), "%s", sku);
		snprintf(p->mode, sizeof(p->mode), "%s", mode ? mode : "");
		p->spot = prio && strcmp(prio, "Spot") == 0;
		if (ppg) {
			const char *slash = strrchr(ppg, '/');
			snprintf(p->ppg, sizeof(p->ppg), "%s", slash ? slash + 1 : ppg);
		}
		k8s_lint_pool_fill(p, gip, facts);
		if (gip && *gip && p->gpus && !p->mig_profile[0]) {
			diag_error("%s: node pool '%s': gpuInstanceProfile '%s' is no MIG profile of "
				   "%s that AKS makes (--gpu-instance-profile: MIG1g, MIG2g, MIG3g, "
				   "MIG4g or MIG7g, on GPUs with MIG)", path, name, gip, p->gpu_model);
			goto out;
		}
		t = cJSON_GetObjectItemCaseSensitive(o, "nodeTaints");
		if (t && !cJSON_IsNull(t)) {
			const cJSON *x;
			if (!cJSON_IsArray(t)) {
				diag_error("%s: node pool '%s': 'nodeTaints' is not a list; %s", path, name,
					   AZ_FORMAT);
				goto out;
			}
			cJSON_ArrayForEach(x, t) {
				if (!cJSON_IsString(x) || taint_read(x->valuestring, &p->taints[p->ntaints])) {
					diag_error("%s: node pool '%s': taint %s%s%s is not KEY=VALUE:EFFECT",
						   path, name, cJSON_IsString(x) ? "'" : "",
						   cJSON_IsString(x) ? x->valuestring : "(not a string)",
						   cJSON_IsString(x) ? "'" : "");
					goto out;
				}
				if (p->ntaints + 1 < K8S_LINT_POOL_TAINTS)
					p->ntaints++;
			}
		}
		l = cJSON_GetObjectItemCaseSensitive(o, "nodeLabels");
		if (l && !cJSON_IsNull(l)) {
			const cJSON *x;
			if (!cJSON_IsObject(l)) {
				diag_error("%s: node pool '%s': 'nodeLabels' is not an object; %s", path,
					   name, AZ_FORMAT);
				goto out;
			}
			cJSON_ArrayForEach(x, l) {
				struct k8s_label *lb = &p->labels[p->nlabels];
				if (!cJSON_IsString(x) || strlen(x->string) >= sizeof(lb->key) ||
				    strlen(x->valuestring) >= sizeof(lb->value) ||
				    p->nlabels >= K8S_LINT_POOL_LABELS)
					continue;
				strcpy(lb->key, x->string);
				strcpy(lb->value, x->valuestring);
				p->nlabels++;
			}
		}
		cl->npools++;
	}
	cl->known = 1;
	rc = 0;
out:
	cJSON_Delete(root);
	free(buf);
	return rc;
}

/* ---- --profile ---------------------------------------------------------- */

static int profile_pools(struct cli_ctx *ctx, const char *path, const struct k8s_pool_options *po,
			 const struct k8s_lint_facts *facts, struct k8s_lint_cluster *cl)
{
	struct recommend_options o;
	struct cmd_setup s;
	struct k8s_plan plan;
	struct diag_list diags = DIAG_LIST_INIT;
	int rc;

	recommend_options_init(&o);
	cmd_setup_init(&s, "k8s", ctx->catalog_path);
	s.profile_path = path;
	s.o = &o;
	rc = cmd_setup(&s, CMD_SETUP_ALL);
	if (rc == EXIT_OK && k8s_pools_build(&s.res, &s.p, po, &plan, &diags) != 0) {
		diag_list_print(&diags, stderr);
		diag_list_release(&diags);
		rc = EXIT_INPUT;
	}
	if (rc != EXIT_OK) {
		cmd_setup_release(&s);
		return rc;
	}
	cl->pools = xcalloc(plan.npools + 1, sizeof(*cl->pools));
	for (size_t i = 0; i < plan.npools; i++) {
		const struct k8s_pool *kp = &plan.pools[i];
		struct k8s_lint_pool *lp = &cl->pools[i];
		snprintf(lp->name, sizeof(lp->name), "%s", kp->name);
		snprintf(lp->sku, sizeof(lp->sku), "%s", kp->sku);
		snprintf(lp->mode, sizeof(lp->mode), "User");
		k8s_lint_pool_fill(lp, kp->gpu_instance_profile, facts);
		/* the catalog's count; gpus_per_vm is only a lower bound outside MIG pools */
		if (!lp->gpus && kp->gpus_per_vm > 0)
			lp->gpus = kp->gpus_per_vm;
		if (kp->mig_profile[0]) {
			snprintf(lp->mig_profile, sizeof(lp->mig_profile), "%s", kp->mig_profile);
			lp->mig_per_gpu = kp->slices_per_gpu;
		}
		lp->spot = kp->priority == K8S_PRIORITY_SPOT;
		lp->infiniband |= kp->infiniband;
		snprintf(lp->ppg, sizeof(lp->ppg), "%s", kp->ppg);
		/* both bounds: the generator's arrays are the smaller ones */
		for (size_t t = 0; t < kp->ntaints && t < K8S_POOL_MAX_TAINTS &&
				   lp->ntaints < K8S_LINT_POOL_TAINTS; t++)
			lp->taints[lp->ntaints++] = kp->taints[t];
		for (size_t t = 0; t < kp->nlabels && t < K8S_POOL_MAX_LABELS &&
				   lp->nlabels < K8S_LINT_POOL_LABELS; t++)
			lp->labels[lp->nlabels++] = kp->labels[t];
	}
	cl->npools = plan.npools;
	cl->known = 1;
	k8s_plan_release(&plan);
	diag_list_release(&diags);
	cmd_setup_release(&s);
	return EXIT_OK;
}

/* ---- reading ------------------------------------------------------------ */

/* Lints every document of one file; returns EXIT_OK or EXIT_INPUT. */
static int lint_file(const char *path, struct file_result *fr, const struct k8s_lint_facts *facts,
		     const struct k8s_lint_cluster *cl)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	struct k8s_yreader *r;
	struct k8s_ydoc doc;
	char err[512];
	int got, rc = EXIT_OK;

	fr->name = f == stdin ? "<stdin>" : path;
	if (!f) {
		diag_error("cannot read '%s': %s", path, util_strerror(errno));
		return EXIT_INPUT;
	}
	r = k8s_yreader_open(f);
	while ((got = k8s_yreader_next(r, &doc, err, sizeof(err))) == 1) {
		if (k8s_lint_document(doc.root, doc.index, facts, cl, &fr->f, err, sizeof(err)) != 0) {
			diag_error("%s:%s", fr->name, err);
			rc = EXIT_INPUT;
		}
		k8s_ydoc_release(&doc);
	}
	if (got < 0) {
		diag_error("%s:%s", fr->name, err);
		rc = EXIT_INPUT;
	}
	k8s_yreader_close(r);
	if (f != stdin)
		fclose(f);
	return rc;
}

/* ---- output ------------------------------------------------------------- */

/* On a terminal the severity is red (error) or yellow (warning). */
static void print_text(FILE *out, const struct file_result *fr, size_t nfiles, int color)
{
	for (size_t i = 0; i < nfiles; i++)
		for (size_t k = 0; k < fr[i].f.n; k++) {
			const struct k8s_lint_finding *x = &fr[i].f.items[k];
			enum out_style st = x->rule->severity == K8S_LINT_ERROR ? OUT_RED : OUT_YELLOW;
			fprintf(out, "%s:%d:%d: %s%s%s: %s [%s]\n", fr[i].name, x->line, x->col,
				out_sgr(color, st), k8s_lint_severity_name(x->rule->severity),
				out_sgr_off(color, st), x->message, x->rule->id);
		}
}

static int print_json(FILE *out, const struct file_result *fr, size_t nfiles)
{
	cJSON *root = cJSON_CreateObject(), *arr, *sum;
	size_t errors = 0, warnings = 0, objects = 0;
	int rc;
	cJSON_AddNumberToObject(root, "schema_version", 1);
	arr = cJSON_AddArrayToObject(root, "findings");
	for (size_t i = 0; i < nfiles; i++) {
		errors += fr[i].f.errors;
		warnings += fr[i].f.warnings;
		objects += fr[i].f.objects;
		for (size_t k = 0; k < fr[i].f.n; k++) {
			const struct k8s_lint_finding *x = &fr[i].f.items[k];
			cJSON *o = cJSON_CreateObject();
			cJSON_AddStringToObject(o, "file", fr[i].name);
			cJSON_AddNumberToObject(o, "line", x->line);
			cJSON_AddNumberToObject(o, "column", x->col);
			cJSON_AddNumberToObject(o, "document", x->document);
			cJSON_AddStringToObject(o, "kind", x->kind);
			json_add_str_or_null(o, "name", x->name[0] ? x->name : NULL);
			json_add_str_or_null(o, "container", x->container[0] ? x->container : NULL);
			cJSON_AddStringToObject(o, "rule", x->rule->id);
			cJSON_AddStringToObject(o, "severity", k8s_lint_severity_name(x->rule->severity));
			cJSON_AddStringToObject(o, "message", x->message);
			cJSON_AddItemToArray(arr, o);
		}
	}
	sum = cJSON_AddObjectToObject(root, "summary");
	cJSON_AddNumberToObject(sum, "errors", (double)errors);
	cJSON_AddNumberToObject(sum, "warnings", (double)warnings);
	cJSON_AddNumberToObject(sum, "objects", (double)objects);
	rc = json_print(out, root);
	cJSON_Delete(root);
	return rc;
}

static int print_sarif(FILE *out, const struct file_result *fr, size_t nfiles)
{
	cJSON *root = cJSON_CreateObject(), *runs, *run, *tool, *driver, *rules, *results;
	int rc;
	cJSON_AddStringToObject(root, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
	cJSON_AddStringToObject(root, "version", "2.1.0");
	runs = cJSON_AddArrayToObject(root, "runs");
	run = cJSON_CreateObject();
	cJSON_AddItemToArray(runs, run);
	tool = cJSON_AddObjectToObject(run, "tool");
	driver = cJSON_AddObjectToObject(tool, "driver");
	cJSON_AddStringToObject(driver, "name", "gpufit");
	cJSON_AddStringToObject(driver, "version", GPUFIT_VERSION);
	cJSON_AddStringToObject(driver, "informationUri",
				"https://github.com/gpufit/gpufit/blob/main/docs/k8s-lint.md");
	rules = cJSON_AddArrayToObject(driver, "rules");
	for (const struct k8s_lint_rule *r = k8s_lint_rules; r->id; r++) {
		cJSON *o = cJSON_CreateObject(), *d;
		cJSON_AddStringToObject(o, "id", r->id);
		d = cJSON_AddObjectToObject(o, "shortDescription");
		cJSON_AddStringToObject(d, "text", r->summary);
		d = cJSON_AddObjectToObject(o, "defaultConfiguration");
		cJSON_AddStringToObject(d, "level", k8s_lint_severity_name(r->severity));
		cJSON_AddItemToArray(rules, o);
	}
	results = cJSON_AddArrayToObject(run, "results");
	for (size_t i = 0; i < nfiles; i++)
		for (size_t k = 0; k < fr[i].f.n; k++) {
			const struct k8s_lint_finding *x = &fr[i].f.items[k];
			cJSON *o = cJSON_CreateObject(), *m, *locs, *loc, *phys, *art, *reg;
			cJSON_AddStringToObject(o, "ruleId", x->rule->id);
			cJSON_AddNumberToObject(o, "ruleIndex", (double)(x->rule - k8s_lint_rules));
			cJSON_AddStringToObject(o, "level", k8s_lint_severity_name(x->rule->severity));
			m = cJSON_AddObjectToObject(o, "message");
			cJSON_AddStringToObject(m, "text", x->message);
			locs = cJSON_AddArrayToObject(o, "locations");
			loc = cJSON_CreateObject();
			cJSON_AddItemToArray(locs, loc);
			phys = cJSON_AddObjectToObject(loc, "physicalLocation");
			art = cJSON_AddObjectToObject(phys, "artifactLocation");
			cJSON_AddStringToObject(art, "uri", fr[i].name);
			reg = cJSON_AddObjectToObject(phys, "region");
			cJSON_AddNumberToObject(reg, "startLine", x->line);
			cJSON_AddNumberToObject(reg, "startColumn", x->col);
			cJSON_AddItemToArray(results, o);
		}
	rc = json_print(out, root);
	cJSON_Delete(root);
	return rc;
}

/* ---- the command -------------------------------------------------------- */

int cmd_k8s_lint(struct cli_ctx *ctx, int argc, char **argv)
{
	struct cli_iter it;
	const char *val, *nodepools = NULL, *profile = NULL;
	const char **files = xcalloc((size_t)argc + 1, sizeof(*files));
	size_t nfiles = 0;
	struct k8s_pool_options po;
	struct k8s_lint_cluster cl;
	struct k8s_lint_facts facts;
	struct catalog_snapshot snap;
	struct file_result *fr = NULL;
	catalog *cat = NULL;
	char err[CATALOG_ERRLEN], why[256], cpath[4096];
	size_t errors = 0, warnings = 0;
	int opt, strict = 0, rc = EXIT_OK, bad_input = 0;
	enum out_format fmt = ctx->format;

	memset(&cl, 0, sizeof(cl));
	memset(&snap, 0, sizeof(snap));
	k8s_pool_options_init(&po);
	cli_iter_init(&it, "k8s lint", cmd_k8s_lint_opts, argc, argv);
	while ((opt = cli_next(&it, &val)) != CLI_END) {
		switch (opt) {
		case CLI_HELP:
			free(files);
			for (const struct subcommand *s = cmd_k8s_verbs; s->name; s++)
				if (strcmp(s->name, "lint") == 0) {
					cli_print_sub_help(s, ctx->out);
				}
			return EXIT_OK;
		case CLI_POSITIONAL:
			files[nfiles++] = val;
			continue;
		case OPT_NODEPOOLS:
			nodepools = val;
			continue;
		case OPT_PROFILE:
			profile = val;
			continue;
		case OPT_TAINT:
			if (k8s_taint_parse(val, &po.taint, why, sizeof(why)) != 0) {
				free(files);
				return cli_usage_error("k8s lint", "--taint: %s", why);
			}
			po.has_taint = 1;
			continue;
		case OPT_STRICT:
			strict = 1;
			continue;
		default:
			free(files);
			return EXIT_USAGE;
		}
	}
	if (!nfiles) {
		free(files);
		return cli_usage_error("k8s lint", "missing FILE ('-' reads standard input)");
	}
	if (nodepools && profile) {
		free(files);
		return cli_usage_error("k8s lint", "--nodepools and --profile exclude each other");
	}
	if (fmt != FMT_TABLE && fmt != FMT_JSON && fmt != FMT_SARIF) {
		free(files);
		return cli_usage_error("k8s lint", "format '%s' is not supported (table, json, sarif)",
				       out_format_name(fmt));
	}
	cl.gpu_taint = po.has_taint ? po.taint :
		       (struct k8s_taint){ K8S_GPU_TAINT_KEY, K8S_GPU_TAINT_VALUE, K8S_GPU_TAINT_EFFECT };

	if (catalog_open_default(ctx->catalog_path, &cat, NULL, cpath, sizeof(cpath), err) != 0 ||
	    catalog_snapshot_load(cat, &snap, err) != 0) {
		diag_error("%s", err);
		if (cat)
			catalog_close(cat);
		catalog_snapshot_release(&snap);
		free(files);
		return EXIT_CATALOG;
	}
	catalog_close(cat);
	facts = (struct k8s_lint_facts){ snap.vms, snap.nvms, snap.gpus, snap.ngpus, snap.migs,
					 snap.nmigs };

	if (nodepools && nodepools_load(nodepools, &facts, &cl) != 0) {
		rc = EXIT_INPUT;
		goto out;
	}
	if (profile && (rc = profile_pools(ctx, profile, &po, &facts, &cl)) != EXIT_OK)
		goto out;

	fr = xcalloc(nfiles, sizeof(*fr));
	for (size_t i = 0; i < nfiles; i++) {
		if (lint_file(files[i], &fr[i], &facts, &cl) != EXIT_OK)
			bad_input = 1;
		errors += fr[i].f.errors;
		warnings += fr[i].f.warnings;
	}
	if (fmt == FMT_JSON)
		rc = print_json(ctx->out, fr, nfiles);
	else if (fmt == FMT_SARIF)
		rc = print_sarif(ctx->out, fr, nfiles);
	else
		print_text(ctx->out, fr, nfiles, ctx->color), rc = 0;
	if (rc != 0) {
		diag_error("out of memory while printing JSON");
		rc = EXIT_INPUT;
	} else if (bad_input) {
		rc = EXIT_INPUT;
	} else {
		rc = errors || (strict && warnings) ? EXIT_GATE : EXIT_OK;
	}
	for (size_t i = 0; i < nfiles; i++)
		k8s_lint_findings_release(&fr[i].f);
	free(fr);
out:
	free(cl.pools);
	catalog_snapshot_release(&snap);
	free(files);
	return rc;
}
