/*
 * test_k8s_lint.c - the manifest reader (k8s_yaml_read.c) and the rule
 * engine (k8s_lint.c) without a catalog file: the facts are written out by
 * hand here (NC24ads_A100_v4 = 1x A100 80GB, whose MIG3g layout is 2x
 * 3g.40gb per GPU, AgentBaker mig-partition.sh; D8s_v5 has no GPU).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "k8s_lint.h"
#include "k8s_yaml_read.h"

static const struct vm_size vms[] = {   /* sorted by sku */
	{ .sku = "Standard_D8s_v5", .gpu_count = 0 },
	{ .sku = "Standard_NC24ads_A100_v4", .gpu_model = "A100-PCIe-80GB", .gpu_count = 1 },
	{ .sku = "Standard_ND96isr_H100_v5", .gpu_model = "H100-SXM-80GB", .gpu_count = 8,
	  .infiniband_gbps = 400 },
};
static const struct gpu_spec gpus[] = {
	{ .name = "A100-PCIe-80GB", .vendor = "NVIDIA" },
	{ .name = "H100-SXM-80GB", .vendor = "NVIDIA" },
};
static const struct mig_profile migs[] = {
	{ .gpu_model = "A100-PCIe-80GB", .name = "1g.10gb", .max_count = 7, .aks_profile = "MIG1g" },
	{ .gpu_model = "A100-PCIe-80GB", .name = "3g.40gb", .max_count = 2, .aks_profile = "MIG3g" },
};
static const struct k8s_lint_facts facts = { vms, 3, gpus, 2, migs, 2 };

static void test_quantity(void **state)
{
	double v;
	int whole;
	(void)state;
	assert_int_equal(k8s_lint_quantity("1000m", &v, &whole), 0);
	assert_true(whole);
	assert_true(v == 1);
	assert_int_equal(k8s_lint_quantity("500m", &v, &whole), 0);
	assert_false(whole);
	assert_int_equal(k8s_lint_quantity("1500m", &v, &whole), 0);
	assert_false(whole);
	assert_int_equal(k8s_lint_quantity("3Ki", &v, &whole), 0);   /* 3072, valid per K8s docs */
	assert_true(whole && v == 3072);
	assert_int_equal(k8s_lint_quantity("0.5Ki", &v, &whole), 0); /* 512 */
	assert_true(whole && v == 512);
	assert_int_equal(k8s_lint_quantity("1e3", &v, &whole), 0);
	assert_true(whole && v == 1000);
	assert_int_equal(k8s_lint_quantity("0.5", &v, &whole), 0);
	assert_false(whole);
	assert_int_equal(k8s_lint_quantity("2", &v, &whole), 0);
	assert_true(whole && v == 2);
	assert_int_equal(k8s_lint_quantity("1.5x", &v, &whole), -1);
	assert_int_equal(k8s_lint_quantity("", &v, &whole), -1);
	assert_int_equal(k8s_lint_quantity("gpu", &v, &whole), -1);
}

/* Reads the first document of text. */
static int read_one(const char *text, struct k8s_yreader **r, FILE **f, struct k8s_ydoc *doc,
		    char *err)
{
	*f = fmemopen((void *)text, strlen(text), "r");
	assert_non_null(*f);
	*r = k8s_yreader_open(*f);
	return k8s_yreader_next(*r, doc, err, 256);
}

static void done(struct k8s_yreader *r, FILE *f, struct k8s_ydoc *doc)
{
	k8s_ydoc_release(doc);
	k8s_yreader_close(r);
	fclose(f);
}

static void test_merge_key(void **state)
{
	struct k8s_yreader *r;
	struct k8s_ydoc doc;
	FILE *f;
	char err[256];
	const struct k8s_ynode *k = NULL;
	(void)state;
	/* keys of the mapping win over merged ones; earlier merged mappings over later */
	assert_int_equal(read_one("base: &b {a: 1, b: 2}\nother: &o {b: 3, c: 4}\n"
				  "m:\n  <<: [*b, *o]\n  a: 9\n", &r, &f, &doc, err), 1);
	const struct k8s_ynode *m = k8s_ymap_get(doc.root, "m", NULL);
	assert_non_null(m);
	assert_int_equal(m->n, 3);
	assert_string_equal(k8s_ystr(k8s_ymap_get(m, "a", &k)), "9");
	assert_int_equal(k->line, 5);
	assert_int_equal(k->col, 3);
	assert_string_equal(k8s_ystr(k8s_ymap_get(m, "b", NULL)), "2");
	assert_string_equal(k8s_ystr(k8s_ymap_get(m, "c", &k)), "4");
	assert_int_equal(k->line, 2);   /* a merged key keeps its own position */
	assert_null(k8s_ymap_get(m, "<<", NULL));
	done(r, f, &doc);
}

static void test_alias_bound(void **state)
{
	struct k8s_yreader *r;
	struct k8s_ydoc doc;
	FILE *f;
	char err[256];
	char text[2048];
	size_t n;
	(void)state;
	/* 10 levels of 10 aliases: 10^10 nodes expanded, refused with the position */
	n = (size_t)snprintf(text, sizeof(text), "l0: &l0 [x,x,x,x,x,x,x,x,x,x]\n");
	for (int i = 1; i < 10; i++) {
		n += (size_t)snprintf(text + n, sizeof(text) - n, "l%d: &l%d [", i, i);
		for (int j = 0; j < 10; j++)
			n += (size_t)snprintf(text + n, sizeof(text) - n, "%s*l%d", j ? "," : "", i - 1);
		n += (size_t)snprintf(text + n, sizeof(text) - n, "]\n");
	}
	assert_int_equal(read_one(text, &r, &f, &doc, err), -1);
	assert_non_null(strstr(err, "document expands to more than 1000000 YAML nodes"));
	/* level i stands for w(i) = 1 + 10 w(i-1) nodes, w(0) = 11: before line 6 the
	 * document holds about 123,400; each *l4 on line 6 adds w(4) = 111,111, so
	 * the 8th one passes 10^6.  "l5: &l5 [" is 9 characters and each "*l4," 4:
	 * the 8th alias starts at column 10 + 7 * 4 = 38. */
	assert_int_equal(strncmp(err, "6:38: ", 6), 0);
	done(r, f, &doc);
}

static struct k8s_lint_findings lint(const char *text, const struct k8s_lint_cluster *cl)
{
	struct k8s_yreader *r;
	struct k8s_ydoc doc;
	FILE *f;
	char err[256];
	struct k8s_lint_findings out = { 0 };
	assert_int_equal(read_one(text, &r, &f, &doc, err), 1);
	assert_int_equal(k8s_lint_document(doc.root, doc.index, &facts, cl, &out, err, sizeof(err)), 0);
	done(r, f, &doc);
	return out;
}

static const char pod_mig[] =
	"apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n"
	"  nodeSelector: {kubernetes.azure.com/agentpool: mig}\n"
	"  tolerations: [{key: sku, operator: Equal, value: gpu, effect: NoSchedule}]\n"
	"  containers:\n  - name: c\n    resources:\n      limits:\n        nvidia.com/mig-%s: %d\n";

static void test_pools(void **state)
{
	struct k8s_lint_pool pools[2];
	struct k8s_lint_cluster cl = { 1, pools, 2, { "sku", "gpu", "NoSchedule" } };
	struct k8s_lint_findings out;
	char text[1024];
	(void)state;
	memset(pools, 0, sizeof(pools));
	snprintf(pools[0].name, sizeof(pools[0].name), "system");
	snprintf(pools[0].sku, sizeof(pools[0].sku), "Standard_D8s_v5");
	k8s_lint_pool_fill(&pools[0], NULL, &facts);
	assert_int_equal(pools[0].gpus, 0);
	snprintf(pools[1].name, sizeof(pools[1].name), "mig");
	snprintf(pools[1].sku, sizeof(pools[1].sku), "Standard_NC24ads_A100_v4");
	k8s_lint_pool_fill(&pools[1], "MIG3g", &facts);
	assert_int_equal(pools[1].gpus, 1);
	assert_string_equal(pools[1].mig_profile, "3g.40gb");
	assert_int_equal(pools[1].mig_per_gpu, 2);
	pools[1].taints[0] = cl.gpu_taint;
	pools[1].ntaints = 1;

	snprintf(text, sizeof(text), pod_mig, "3g.40gb", 2);    /* 1 GPU x 2 slices: fits */
	out = lint(text, &cl);
	assert_int_equal(out.n, 0);
	assert_int_equal(out.objects, 1);
	k8s_lint_findings_release(&out);

	snprintf(text, sizeof(text), pod_mig, "3g.40gb", 3);
	out = lint(text, &cl);
	assert_int_equal(out.n, 1);
	assert_string_equal(out.items[0].rule->id, "mig-count-exceeds-node");
	assert_int_equal(out.items[0].line, 11);
	assert_int_equal(out.items[0].col, 9);
	assert_string_equal(out.items[0].container, "c");
	k8s_lint_findings_release(&out);

	snprintf(text, sizeof(text), pod_mig, "1g.10gb", 1);
	out = lint(text, &cl);
	assert_int_equal(out.n, 1);
	assert_string_equal(out.items[0].rule->id, "mig-profile-not-in-pool");
	k8s_lint_findings_release(&out);
}

static void test_init_count(void **state)
{
	/* app 1 + 1, init 1: the pod counts max(2, 1) = 2 > the node's 1 GPU */
	struct k8s_lint_cluster cl = { 0, NULL, 0, { "sku", "gpu", "NoSchedule" } };
	struct k8s_lint_findings out;
	(void)state;
	out = lint("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n"
		   "  nodeSelector: {node.kubernetes.io/instance-type: Standard_NC24ads_A100_v4}\n"
		   "  tolerations: [{key: sku, operator: Exists}]\n"
		   "  initContainers: [{name: i, resources: {limits: {nvidia.com/gpu: 1}}}]\n"
		   "  containers: [{name: a, resources: {limits: {nvidia.com/gpu: 1}}},\n"
		   "               {name: b, resources: {limits: {nvidia.com/gpu: 1}}}]\n", &cl);
	assert_int_equal(out.n, 2);  /* init-container-gpu (line 7), the count (line 8) */
	assert_string_equal(out.items[0].rule->id, "init-container-gpu");
	assert_int_equal(out.items[0].line, 7);
	assert_string_equal(out.items[1].rule->id, "gpu-count-exceeds-node-size");
	assert_int_equal(out.items[1].line, 8);
	assert_string_equal(out.items[1].container, "a");
	assert_non_null(strstr(out.items[1].message, "pod asks for 2 nvidia.com/gpu"));
	k8s_lint_findings_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quantity),
		cmocka_unit_test(test_merge_key),
		cmocka_unit_test(test_alias_bound),
		cmocka_unit_test(test_pools),
		cmocka_unit_test(test_init_count),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
