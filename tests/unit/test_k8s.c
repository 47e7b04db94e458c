/*
 * Unit tests for the AKS pool model (k8s_pools.c) on hand-made
 * recommendations, the DNS names of the manifests (k8s_manifest.c) and the
 * YAML quoting rule (k8s_yaml.c).  Expected numbers are worked out by hand
 * in the comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "k8s_manifest.h"
#include "k8s_pool.h"
#include "k8s_yaml.h"

/* A workload recommended vm_count VMs of sku (per replica: nodes). */
static void vm_workload(struct recommend_workload *w, const char *name, enum profile_type type,
			long replicas, const char *sku, const char *model, int nodes, int gpus)
{
	memset(w, 0, sizeof(*w));
	snprintf(w->name, sizeof(w->name), "%s", name);
	w->type = type;
	w->replicas = replicas;
	w->feasible = 1;
	snprintf(w->rec.sku, sizeof(w->rec.sku), "%s", sku);
	snprintf(w->rec.region, sizeof(w->rec.region), "eastus");
	snprintf(w->rec.gpu_model, sizeof(w->rec.gpu_model), "%s", model);
	w->rec.placement = nodes > 1 ? FIT_PLACEMENT_CLUSTER : FIT_PLACEMENT_VM;
	w->rec.fit.vm_count = nodes;
	w->rec.fit.gpu_count = gpus;
	w->rec.vm_count = nodes * (int)replicas;
	w->mig_use = NULL;   /* not covered by a MIG plan: use RECOMMEND_BASIS_OWN */
}

static void test_taint_parse(void **state)
{
	struct k8s_taint t;
	char why[128];
	(void)state;
	assert_int_equal(k8s_taint_parse("nvidia.com/gpu=present:NoExecute", &t, why, sizeof(why)), 0);
	assert_string_equal(t.key, "nvidia.com/gpu");
	assert_string_equal(t.value, "present");
	assert_string_equal(t.effect, "NoExecute");
	assert_int_equal(k8s_taint_parse("sku=gpu", &t, why, sizeof(why)), -1);
	assert_string_equal(why, "'sku=gpu' has no :EFFECT (NoSchedule, PreferNoSchedule, NoExecute)");
	assert_int_equal(k8s_taint_parse("sku=:NoSchedule", &t, why, sizeof(why)), -1);
	assert_string_equal(why, "taint value must be 1-63 characters starting with a letter or digit");
	assert_int_equal(k8s_taint_parse("sku=g pu:NoSchedule", &t, why, sizeof(why)), -1);
	assert_string_equal(why, "taint value has an invalid character ' '");
	assert_int_equal(k8s_taint_parse("sku=gpu:Never", &t, why, sizeof(why)), -1);
}

/* chat: inference, 2 replicas of 1 VM each on A100 NC24ads -> min 2, max
 * ceil(2 x 1.15) = ceil(2.3) = 3.  train: 1 run on 5 ND96asr VMs -> min 0,
 * max 0 + 5 = 5, an InfiniBand pool with a PPG and zone 1.  big: a second
 * A100 size -> "a1002".  none: infeasible -> skipped. */
static void test_pools(void **state)
{
	struct recommend_workload ws[4];
	struct recommend_result r;
	struct k8s_plan plan;
	struct k8s_pool_options o;
	struct diag_list d = DIAG_LIST_INIT;
	(void)state;

	memset(&r, 0, sizeof(r));
	vm_workload(&ws[0], "chat", PROFILE_INFERENCE, 2, "Standard_NC24ads_A100_v4", "A100-PCIe-80GB", 1, 1);
	vm_workload(&ws[1], "train", PROFILE_TRAINING, 1, "Standard_ND96asr_v4", "A100-SXM-40GB", 5, 40);
	vm_workload(&ws[2], "big", PROFILE_INFERENCE, 1, "Standard_NC48ads_A100_v4", "A100-PCIe-80GB", 1, 2);
	vm_workload(&ws[3], "none", PROFILE_INFERENCE, 1, "", "", 1, 1);
	ws[3].feasible = 0;
	r.workloads = ws;
	r.nworkloads = 4;
	r.headroom_pct = 15;
	r.pricing = PRICING_PAYG;
	k8s_pool_options_init(&o);
	assert_int_equal(k8s_pools_build(&r, NULL, &o, &plan, &d), 0);
	assert_int_equal(plan.npools, 3);
	assert_string_equal(plan.pools[0].name, "a100");
	assert_int_equal(plan.pools[0].min_count, 2);
	assert_int_equal(plan.pools[0].max_count, 3);
	assert_int_equal(plan.pools[0].count, 2);
	assert_string_equal(plan.pools[0].taints[0].key, "sku");
	assert_string_equal(plan.pools[0].labels[1].value, "chat");
	assert_string_equal(plan.pools[1].name, "a100ib");
	assert_int_equal(plan.pools[1].min_count, 0);
	assert_int_equal(plan.pools[1].max_count, 5);
	assert_true(plan.pools[1].infiniband);
	assert_string_equal(plan.pools[1].ppg, "a100ibppg");
	assert_string_equal(plan.pools[1].zones, "1");
	assert_string_equal(plan.pools[2].name, "a1002");
	assert_int_equal(plan.nplacements, 3);
	/* the cluster: 40 GPUs over 5 nodes = 8 per pod, one rdma/ib per GPU */
	assert_int_equal(plan.placements[1].nodes, 5);
	assert_int_equal(plan.placements[1].gpus_per_node, 8);
	assert_int_equal(plan.placements[1].rdma, 8);
	assert_string_equal(plan.placements[2].resource, "nvidia.com/gpu");
	assert_int_equal(plan.placements[2].gpus_per_node, 2);
	assert_int_equal(plan.nskipped, 1);
	assert_int_equal(plan.skipped[0].workload, 3);
	assert_string_equal(plan.skipped[0].reason, "no feasible option");
	k8s_plan_release(&plan);

	/* spot pricing and --taint: "a100spot", the given taint */
	r.pricing = PRICING_SPOT;
	r.nworkloads = 1;
	assert_int_equal(k8s_taint_parse("gpu=yes:NoSchedule", &o.taint, (char[64]){ 0 }, 64), 0);
	o.has_taint = 1;
	assert_int_equal(k8s_pools_build(&r, NULL, &o, &plan, &d), 0);
	assert_string_equal(plan.pools[0].name, "a100spot");
	assert_int_equal(plan.pools[0].priority, K8S_PRIORITY_SPOT);
	assert_string_equal(plan.pools[0].taints[0].key, "gpu");
	k8s_plan_release(&plan);

	/* one model instance over 3 VMs cannot be a pod: skipped */
	vm_workload(&ws[0], "llm", PROFILE_INFERENCE, 1, "Standard_ND96asr_v4", "A100-SXM-40GB", 3, 24);
	assert_int_equal(k8s_pools_build(&r, NULL, &o, &plan, &d), 0);
	assert_int_equal(plan.npools, 0);
	assert_int_equal(plan.nskipped, 1);
	assert_string_equal(plan.skipped[0].reason,
			    "one model instance spans 3 VMs; a Deployment pod runs on one node");
	k8s_plan_release(&plan);

	/* 2 replicas of 3 instances of 8 GPUs, one instance per VM: a pod per
	 * instance, 2 x 3 = 6 pods of 8 GPUs on 6 nodes (always running) */
	ws[0].replicas = 2;
	ws[0].rec.fit.instances = 3;
	ws[0].rec.fit.gpus_per_instance = 8;
	assert_int_equal(k8s_pools_build(&r, NULL, &o, &plan, &d), 0);
	assert_int_equal(plan.nskipped, 0);
	assert_int_equal(plan.npools, 1);
	assert_int_equal(plan.nplacements, 1);
	assert_int_equal(plan.placements[0].replicas, 6);
	assert_int_equal(plan.placements[0].nodes, 1);
	assert_int_equal(plan.placements[0].gpus_per_node, 8);
	assert_int_equal(plan.pools[0].min_count, 6);
	k8s_plan_release(&plan);
	diag_list_release(&d);
}

/* Each pool's bill (bill_monthly of its lines) and the plan's.  chat: 2
 * VMs at 3.673/h, payg 730 h: 3.673 x 2 x 730 = 5,362.58.  train: 5 VMs at
 * 27.197/h for a 24 h run: 27.197 x 5 x 24 = 3,263.64.  chat2 on the same
 * size: 1 VM, 3.673 x 730 = 2,681.29, a second line of pool a100 (8,043.87).
 * Plan: 8,043.87 + 3,263.64 = 11,307.51.  Under reserved-1y the run is
 * billed all 730 h: 27.197 x 5 x 730 = 99,269.05. */
static void test_pool_bills(void **state)
{
	struct recommend_workload ws[3];
	struct recommend_result r;
	struct k8s_plan plan;
	struct diag_list d = DIAG_LIST_INIT;
	int pricing;
	double hourly, vms, hb;
	(void)state;

	memset(&r, 0, sizeof(r));
	vm_workload(&ws[0], "chat", PROFILE_INFERENCE, 2, "Standard_NC24ads_A100_v4", "A100-PCIe-80GB", 1, 1);
	vm_workload(&ws[1], "train", PROFILE_TRAINING, 1, "Standard_ND96asr_v4", "A100-SXM-40GB", 5, 40);
	vm_workload(&ws[2], "chat2", PROFILE_INFERENCE, 1, "Standard_NC24ads_A100_v4", "A100-PCIe-80GB", 1, 1);
	for (int i = 0; i < 3; i++)
		ws[i].rec.pricing = PRICING_PAYG;
	ws[0].rec.unit_hourly = ws[2].rec.unit_hourly = 3.673;
	ws[0].rec.hours_used = ws[2].rec.hours_used = 730;
	ws[1].rec.unit_hourly = 27.197;
	ws[1].rec.hours_used = 24;
	r.workloads = ws;
	r.nworkloads = 3;
	r.pricing = PRICING_PAYG;
	r.hours_per_month = 730;
	assert_int_equal(k8s_pools_build(&r, NULL, NULL, &plan, &d), 0);
	assert_int_equal(plan.npools, 2);
	assert_int_equal(plan.pools[0].nbills, 2);
	assert_true(plan.pools[0].bills[0].monthly == 5362.58);
	assert_true(plan.pools[0].bills[1].monthly == 2681.29);
	assert_true(plan.pools[0].monthly_cost == 8043.87);
	k8s_pool_bill_summary(&plan.pools[0], &pricing, &hourly, &vms, &hb);
	assert_int_equal(pricing, PRICING_PAYG);
	assert_true(hourly == 3.673 && vms == 3 && hb == 730);
	assert_true(plan.pools[1].monthly_cost == 3263.64);
	assert_true(plan.pools[1].bills[0].hours_billed == 24);
	assert_true(plan.monthly_cost == 11307.51);
	k8s_plan_release(&plan);

	/* a commitment bills every hour; two terms on one pool: no one term */
	ws[1].rec.pricing = PRICING_RESERVED_1Y;
	ws[2].rec.pricing = PRICING_RESERVED_1Y;
	assert_int_equal(k8s_pools_build(&r, NULL, NULL, &plan, &d), 0);
	assert_true(plan.pools[1].monthly_cost == 99269.05);
	assert_true(plan.pools[1].bills[0].hours_billed == 730);
	k8s_pool_bill_summary(&plan.pools[0], &pricing, &hourly, &vms, &hb);
	assert_int_equal(pricing, -1);
	assert_true(vms == 3 && hb == 730);
	k8s_plan_release(&plan);
	diag_list_release(&d);
}

/* The MIG plan's pool: size, AKS profile and VMs; the slice resource. */
static void test_mig_pool(void **state)
{
	struct recommend_workload ws[2];
	struct recommend_mig_use uses[2];
	int index[2][2] = { { 0 } }, replicas[2][2] = { { 0 } };
	struct mig_plan_pool mp;
	struct recommend_result r;
	struct k8s_plan plan;
	struct diag_list d = DIAG_LIST_INIT;
	(void)state;

	memset(&r, 0, sizeof(r));
	memset(&mp, 0, sizeof(mp));
	memset(uses, 0, sizeof(uses));
	snprintf(mp.name, sizeof(mp.name), "mig3g-a100");
	snprintf(mp.sku, sizeof(mp.sku), "Standard_NC24ads_A100_v4");
	snprintf(mp.region, sizeof(mp.region), "eastus");
	snprintf(mp.gpu_model, sizeof(mp.gpu_model), "A100-PCIe-80GB");
	snprintf(mp.mig_profile, sizeof(mp.mig_profile), "3g.40gb");
	snprintf(mp.aks_profile, sizeof(mp.aks_profile), "MIG3g");
	mp.gpus_per_vm = 1;
	mp.vm_count = 2;
	for (int i = 0; i < 2; i++) {
		vm_workload(&ws[i], i ? "b" : "a", PROFILE_INFERENCE, 2, mp.sku, mp.gpu_model, 1, 1);
		ws[i].rec.placement = FIT_PLACEMENT_MIG;
		ws[i].mig_use = &uses[i];
		uses[i].use = RECOMMEND_BASIS_PLAN;
		uses[i].replicas_on_slices = 2;
		uses[i].pools_spanned = 1;
		uses[i].pool_index = index[i];
		uses[i].pool_replicas = replicas[i];
		uses[i].pool_index[0] = 0;
		uses[i].pool_replicas[0] = 2;
		snprintf(uses[i].pool, sizeof(uses[i].pool), "mig3g-a100");
	}
	r.workloads = ws;
	r.nworkloads = 2;
	r.mig.npools = 1;
	r.mig.pools = &mp;
	r.headroom_pct = 15;
	assert_int_equal(k8s_pools_build(&r, NULL, NULL, &plan, &d), 0);
	assert_int_equal(plan.npools, 1);
	/* 2 VMs counted once for both workloads; max ceil(2.3) = 3 */
	assert_string_equal(plan.pools[0].name, "a100mig3g");
	assert_string_equal(plan.pools[0].gpu_instance_profile, "MIG3g");
	assert_int_equal(plan.pools[0].slices_per_gpu, 2);
	assert_int_equal(plan.pools[0].min_count, 2);
	assert_int_equal(plan.pools[0].max_count, 3);
	assert_string_equal(plan.pools[0].labels[1].value, "a.b");
	assert_string_equal(plan.placements[0].resource, "nvidia.com/mig-3g.40gb");
	assert_int_equal(plan.placements[0].replicas, 2);
	k8s_plan_release(&plan);

	/* a plan pool without an AKS profile is not the aks strategy's: error */
	mp.aks_profile[0] = '\0';
	assert_int_equal(k8s_pools_build(&r, NULL, NULL, &plan, &d), -1);
	assert_int_equal(plan.npools, 0);
	diag_list_release(&d);
}

static void plan_pool(struct mig_plan_pool *mp, const char *name, const char *profile,
		      const char *aks)
{
	memset(mp, 0, sizeof(*mp));
	snprintf(mp->name, sizeof(mp->name), "%s", name);
	snprintf(mp->sku, sizeof(mp->sku), "Standard_NC24ads_A100_v4");
	snprintf(mp->region, sizeof(mp->region), "eastus");
	snprintf(mp->gpu_model, sizeof(mp->gpu_model), "A100-PCIe-80GB");
	snprintf(mp->mig_profile, sizeof(mp->mig_profile), "%s", profile);
	snprintf(mp->aks_profile, sizeof(mp->aks_profile), "%s", aks);
	mp->gpus_per_vm = 1;
	mp->vm_count = 1;
}

/* o[keys[0]][keys[1]]... up to a NULL key (label keys hold dots, so no
 * dotted path). */
static const cJSON *field(const cJSON *o, const char *const *keys)
{
	for (; o && *keys; keys++)
		o = cJSON_GetObjectItemCaseSensitive(o, *keys);
	assert_non_null(o);
	return o;
}

/*
 * A MIG plan that splits workloads over pools, as recommend records it:
 * c has 1 replica on pool mig2g-a100 and 2 on mig3g-a100 (pool_replicas);
 * a has 1 replica on mig2g-a100 and 2 on dedicated Standard_NC4as_T4_v3.
 * Expected: 3 pools (a100mig2g 1 VM, t4 2 VMs, a100mig3g 1 VM: the plan's
 * VMs, each counted once), one placement per (workload, pool) with those
 * replica counts, nothing skipped; the Deployments are named
 * "<workload>-<pool>", share app.kubernetes.io/name and select by
 * app.kubernetes.io/instance.
 */
static void test_mig_split(void **state)
{
	struct recommend_workload ws[2];
	struct recommend_mig_use uses[2];
	int index[2][2] = { { 0 } }, replicas[2][2] = { { 0 } };
	struct mig_plan_pool mps[2];
	struct recommend_result r;
	struct k8s_plan plan;
	struct diag_list d = DIAG_LIST_INIT;
	cJSON *m;
	static const char *const names[] = { "c-a100mig2g", "c-a100mig3g", "a-a100mig2g", "a-t4" };
	static const long reps[] = { 1, 2, 1, 2 };
	(void)state;

	memset(&r, 0, sizeof(r));
	memset(uses, 0, sizeof(uses));
	plan_pool(&mps[0], "mig2g-a100", "2g.20gb", "MIG2g");
	plan_pool(&mps[1], "mig3g-a100", "3g.40gb", "MIG3g");
	vm_workload(&ws[0], "c", PROFILE_INFERENCE, 3, mps[0].sku, mps[0].gpu_model, 1, 1);
	vm_workload(&ws[1], "a", PROFILE_INFERENCE, 3, mps[0].sku, mps[0].gpu_model, 1, 1);
	for (int i = 0; i < 2; i++) {
		ws[i].rec.placement = FIT_PLACEMENT_MIG;
		ws[i].mig_use = &uses[i];
		uses[i].use = RECOMMEND_BASIS_PLAN;
		snprintf(uses[i].region, sizeof(uses[i].region), "eastus");
		snprintf(uses[i].pool, sizeof(uses[i].pool), "mig2g-a100");
	}
	uses[0].replicas_on_slices = 3;
	uses[0].pools_spanned = 2;
	uses[0].pool_index = index[0];
	uses[0].pool_replicas = replicas[0];
	uses[1].pool_index = index[1];
	uses[1].pool_replicas = replicas[1];
	uses[0].pool_index[0] = 0;
	uses[0].pool_replicas[0] = 1;
	uses[0].pool_index[1] = 1;
	uses[0].pool_replicas[1] = 2;
	uses[1].replicas_on_slices = 1;
	uses[1].replicas_dedicated = 2;
	uses[1].pools_spanned = 1;
	uses[1].pool_index[0] = 0;
	uses[1].pool_replicas[0] = 1;
	snprintf(uses[1].plan_dedicated_sku, sizeof(uses[1].plan_dedicated_sku),
		 "Standard_NC4as_T4_v3");
	r.workloads = ws;
	r.nworkloads = 2;
	r.mig.npools = 2;
	r.mig.pools = mps;
	r.headroom_pct = 15;

	assert_int_equal(k8s_pools_build(&r, NULL, NULL, &plan, &d), 0);
	assert_int_equal(plan.nskipped, 0);
	assert_int_equal(plan.npools, 3);
	assert_string_equal(plan.pools[0].name, "a100mig2g");
	assert_int_equal(plan.pools[0].count, 1);
	assert_string_equal(plan.pools[0].labels[1].value, "c.a");
	assert_string_equal(plan.pools[1].name, "a100mig3g");
	assert_int_equal(plan.pools[1].count, 1);
	assert_string_equal(plan.pools[2].name, "t4");
	assert_int_equal(plan.pools[2].count, 2);
	assert_int_equal(plan.nplacements, 4);
	assert_string_equal(plan.placements[0].resource, "nvidia.com/mig-2g.20gb");
	assert_string_equal(plan.placements[1].resource, "nvidia.com/mig-3g.40gb");
	assert_string_equal(plan.placements[3].resource, "nvidia.com/gpu");
	m = k8s_manifests_build(&r, &plan, NULL);
	assert_non_null(m);
	assert_int_equal(cJSON_GetArraySize(m), 4);
	for (int i = 0; i < 4; i++) {
		const cJSON *o = cJSON_GetArrayItem(m, i);
		assert_int_equal(plan.placements[i].replicas, reps[i]);
		static const char *const name_k[] = { "metadata", "name", NULL };
		static const char *const app_k[] = { "metadata", "labels", "app.kubernetes.io/name",
						     NULL };
		static const char *const sel_k[] = { "spec", "selector", "matchLabels",
						     "app.kubernetes.io/instance", NULL };
		static const char *const rep_k[] = { "spec", "replicas", NULL };
		assert_string_equal(field(o, name_k)->valuestring, names[i]);
		assert_string_equal(field(o, app_k)->valuestring, i < 2 ? "c" : "a");
		assert_string_equal(field(o, sel_k)->valuestring, names[i]);
		assert_int_equal((long)field(o, rep_k)->valuedouble, reps[i]);
	}
	cJSON_Delete(m);
	k8s_plan_release(&plan);

	/* pools that do not hold the replicas on slices: an error, not a skip */
	uses[0].pool_replicas[1] = 1;
	assert_int_equal(k8s_pools_build(&r, NULL, NULL, &plan, &d), -1);
	assert_int_equal(plan.npools, 0);
	diag_list_release(&d);
}

static void test_names_and_quotes(void **state)
{
	char out[64];
	(void)state;
	k8s_dns_name("router-1.5b", 50, out, sizeof(out));
	assert_string_equal(out, "router-1-5b");
	k8s_dns_name("9lives__Bot", 50, out, sizeof(out));
	assert_string_equal(out, "w-9lives-bot");
	k8s_dns_name("...", 50, out, sizeof(out));
	assert_string_equal(out, "workload");
	assert_true(k8s_yaml_needs_quotes("1"));
	assert_true(k8s_yaml_needs_quotes("0"));
	assert_true(k8s_yaml_needs_quotes("1.5"));
	assert_true(k8s_yaml_needs_quotes("0x1f"));
	assert_true(k8s_yaml_needs_quotes("True"));
	assert_true(k8s_yaml_needs_quotes("no"));
	assert_true(k8s_yaml_needs_quotes("~"));
	assert_true(k8s_yaml_needs_quotes(""));
	assert_true(k8s_yaml_needs_quotes("12:30"));
	assert_false(k8s_yaml_needs_quotes("a100"));
	assert_false(k8s_yaml_needs_quotes("nvidia.com/gpu"));
	assert_false(k8s_yaml_needs_quotes("1 GPU per pod"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_taint_parse),
		cmocka_unit_test(test_pools),
		cmocka_unit_test(test_pool_bills),
		cmocka_unit_test(test_mig_pool),
		cmocka_unit_test(test_mig_split),
		cmocka_unit_test(test_names_and_quotes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
