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

/* A load plan of one group per replica level: group k of g_replicas[k]
 * replicas (vms_per_replica VMs each) under g_term[k] for g_hours[k] hours,
 * billed g_monthly[k]. */
static void load_plan(struct recommend_load_plan *lp, int lo, int hi, int peak, double in_flight,
		      size_t n, const enum pricing_kind *g_term, const double *g_hourly,
		      const double *g_hours, const double *g_monthly, int vms_per_replica)
{
	memset(lp, 0, sizeof(*lp));
	lp->curves = 1;
	lp->min_replicas = lo;
	lp->max_replicas = hi;
	lp->peak_replicas = peak;
	lp->trough_replicas = lo;
	lp->in_flight_per_replica_at_peak = in_flight;
	lp->in_flight_target_per_replica = in_flight;   /* the autoscaler target */
	lp->nbills = n;
	for (size_t k = 0; k < n; k++) {
		lp->bills[k].replicas = 1;
		lp->bills[k].vms = vms_per_replica;
		lp->bills[k].term = g_term[k];
		lp->bills[k].hourly = g_hourly[k];
		lp->bills[k].hours_per_month = g_hours[k];
		lp->bills[k].monthly_cost = g_monthly[k];
		lp->monthly_cost += g_monthly[k];
	}
}

static const cJSON *at(const cJSON *o, const char *path)
{
	char key[64];
	const char *s = path;

	while (o && *s) {
		size_t n = strcspn(s, ".");
		snprintf(key, sizeof(key), "%.*s", (int)n, s);
		o = cJSON_GetObjectItemCaseSensitive(o, key);
		s += n + (s[n] == '.');
	}
	return o;
}

/* chat: described by its traffic, 2 VMs a replica (2 model instances of one
 * VM each), autoscale 1..3 replicas, peak 2, 30 requests in flight per
 * replica at the peak; batch: 2 static replicas of the same size.  One pool:
 *   min = batch 2 + chat 2 VMs x 1 = 4
 *   max = ceil(2 x 1.15) = 3 + chat 2 VMs x 3 = 9, count 4;
 *   autoscaled nodes 2..6.
 * chat's pods: 2 instances x 1..3 = 2..6, target (the most in flight a
 * replica is sized for) 30 / 2 = 15 a pod; an HPA
 * (min 1 > 0) whose Deployment has no replicas.  Its bill: the plan's two
 * groups, payg 3.673 x 2 VMs x 730 h = 5,362.58 and x 365 h = 2,681.29,
 * beside batch's 3.673 x 2 x 730 = 5,362.58: pool 13,406.45.
 * Then min 0: a KEDA ScaledObject 0..6, the pool's min 2 (batch's). */
static void test_load_plan(void **state)
{
	static const enum pricing_kind payg2[] = { PRICING_PAYG, PRICING_PAYG };
	static const double hourly2[] = { 3.673, 3.673 }, hours2[] = { 730, 365 };
	static const double monthly2[] = { 5362.58, 2681.29 };
	struct recommend_workload ws[2];
	struct recommend_load_plan lp;
	struct recommend_result r;
	struct profile prof;
	struct profile_workload pw[2];
	struct k8s_plan plan;
	struct k8s_manifest_options mo = { NULL, K8S_AUTOSCALER_DEFAULT };
	struct diag_list d = DIAG_LIST_INIT;
	const struct k8s_pool *p;
	cJSON *docs;
	(void)state;

	memset(&r, 0, sizeof(r));
	vm_workload(&ws[0], "chat", PROFILE_INFERENCE, 2, "Standard_NC24ads_A100_v4", "A100-PCIe-80GB", 2, 2);
	ws[0].rec.fit.instances = 2;
	ws[0].rec.fit.gpus_per_instance = 1;
	vm_workload(&ws[1], "batch", PROFILE_INFERENCE, 2, "Standard_NC24ads_A100_v4", "A100-PCIe-80GB", 1, 1);
	for (int i = 0; i < 2; i++) {
		ws[i].rec.pricing = PRICING_PAYG;
		ws[i].rec.unit_hourly = 3.673;
		ws[i].rec.hours_used = 730;
	}
	ws[1].rec.vm_count = 2;
	load_plan(&lp, 1, 3, 2, 30, 2, payg2, hourly2, hours2, monthly2, 2);
	ws[0].load_plan = &lp;
	r.workloads = ws;
	r.nworkloads = 2;
	r.headroom_pct = 15;
	r.pricing = PRICING_PAYG;
	r.hours_per_month = 730;
	memset(&prof, 0, sizeof(prof));
	memset(pw, 0, sizeof(pw));
	pw[0].has_serving = 1;
	pw[0].serving.engine = SIZING_ENGINE_VLLM;
	prof.nworkloads = 2;
	prof.workloads = pw;

	assert_int_equal(k8s_pools_build(&r, &prof, NULL, &plan, &d), 0);
	assert_int_equal(plan.npools, 1);
	p = &plan.pools[0];
	assert_int_equal(p->min_count, 4);
	assert_int_equal(p->max_count, 9);
	assert_int_equal(p->count, 4);
	assert_int_equal(p->scaled_min, 2);
	assert_int_equal(p->scaled_max, 6);
	assert_int_equal(p->nbills, 3);
	assert_true(p->bills[0].monthly == 5362.58 && p->bills[0].hours_billed == 730);
	assert_true(p->bills[1].monthly == 2681.29 && p->bills[1].hours_billed == 365);
	assert_true(p->bills[0].hourly == 3.673 && p->bills[0].vms == 2);
	assert_true(p->monthly_cost == 13406.45);
	assert_int_equal(plan.placements[0].autoscaled, 1);
	assert_int_equal(plan.placements[0].min_pods, 2);
	assert_int_equal(plan.placements[0].max_pods, 6);
	assert_int_equal(plan.placements[0].replicas, 4);
	assert_true(plan.placements[0].target_in_flight == 15);
	assert_int_equal(plan.placements[1].autoscaled, 0);

	docs = k8s_manifests_build(&r, &plan, &mo);
	assert_non_null(docs);
	assert_int_equal(cJSON_GetArraySize(docs), 3);   /* chat, its HPA, batch */
	assert_string_equal(at(cJSON_GetArrayItem(docs, 0), "kind")->valuestring, "Deployment");
	assert_null(at(cJSON_GetArrayItem(docs, 0), "spec.replicas"));
	{
		const cJSON *h = cJSON_GetArrayItem(docs, 1);
		const cJSON *m = cJSON_GetArrayItem(at(h, "spec.metrics"), 0);

		assert_string_equal(at(h, "apiVersion")->valuestring, "autoscaling/v2");
		assert_string_equal(at(h, "kind")->valuestring, "HorizontalPodAutoscaler");
		assert_string_equal(at(h, "spec.scaleTargetRef.name")->valuestring, "chat");
		assert_int_equal(at(h, "spec.minReplicas")->valueint, 2);
		assert_int_equal(at(h, "spec.maxReplicas")->valueint, 6);
		assert_string_equal(at(m, "type")->valuestring, "Pods");
		assert_string_equal(at(m, "pods.metric.name")->valuestring, "vllm_requests_in_flight");
		assert_string_equal(at(m, "pods.target.averageValue")->valuestring, "15");
	}
	assert_int_equal(at(cJSON_GetArrayItem(docs, 2), "spec.replicas")->valueint, 2);
	cJSON_Delete(docs);
	k8s_plan_release(&plan);

	/* scale to zero: KEDA, threshold the target per replica 45.5 / 2 =
	 * 22.75 a pod, a decimal "22.75"; the pool's min is batch's 2, its max
	 * 3 + 6 = 9 */
	lp.min_replicas = 0;
	lp.in_flight_target_per_replica = 45.5;
	assert_int_equal(k8s_pools_build(&r, &prof, NULL, &plan, &d), 0);
	assert_int_equal(plan.pools[0].min_count, 2);
	assert_int_equal(plan.pools[0].max_count, 9);
	assert_int_equal(plan.pools[0].count, 2);
	assert_true(k8s_placement_keda(&plan.placements[0], K8S_AUTOSCALER_HPA));
	docs = k8s_manifests_build(&r, &plan, &mo);
	{
		const cJSON *so = cJSON_GetArrayItem(docs, 1);
		const cJSON *t = cJSON_GetArrayItem(at(so, "spec.triggers"), 0);

		assert_string_equal(at(so, "apiVersion")->valuestring, "keda.sh/v1alpha1");
		assert_string_equal(at(so, "kind")->valuestring, "ScaledObject");
		assert_int_equal(at(so, "spec.minReplicaCount")->valueint, 0);
		assert_int_equal(at(so, "spec.maxReplicaCount")->valueint, 6);
		assert_string_equal(at(t, "type")->valuestring, "prometheus");
		assert_string_equal(at(t, "metadata.threshold")->valuestring, "22.75");
		assert_string_equal(at(t, "metadata.query")->valuestring,
				    "sum({__name__=~\"vllm:num_requests_running|vllm:num_requests_waiting\","
				    "pod=~\"chat-[a-z0-9]+-[a-z0-9]+\"})");
		assert_non_null(cJSON_GetObjectItemCaseSensitive(at(so, "metadata.annotations"),
								 "gpufit.io/scale-from-zero"));
	}
	cJSON_Delete(docs);
	k8s_plan_release(&plan);
	diag_list_release(&d);
}

/* A load plan under a commitment with its burst on payg (pricing auto):
 * the base group at reserved-3y 4.0833/h x 730 h = 2,980.81; the burst
 * group at its own payg price, 8.167/h x 325.89 h = 2,661.5436 = 2,661.54. */
static void test_load_plan_terms(void **state)
{
	static const enum pricing_kind terms[] = { PRICING_RESERVED_3Y, PRICING_PAYG };
	static const double hourly[] = { 4.0833, 8.167 }, hours[] = { 643.1, 325.89 };
	static const double monthly[] = { 2980.81, 2661.54 };
	struct recommend_workload w;
	struct recommend_load_plan lp;
	struct recommend_result r;
	struct k8s_plan plan;
	struct diag_list d = DIAG_LIST_INIT;
	(void)state;

	memset(&r, 0, sizeof(r));
	vm_workload(&w, "chat", PROFILE_INFERENCE, 2, "Standard_NC40ads_H100_v5", "H100-NVL", 1, 1);
	w.rec.pricing = PRICING_RESERVED_3Y;
	w.rec.unit_hourly = 4.0833;
	load_plan(&lp, 0, 4, 2, 20, 2, terms, hourly, hours, monthly, 1);
	w.load_plan = &lp;
	r.workloads = &w;
	r.nworkloads = 1;
	r.pricing = PRICING_RESERVED_3Y;
	r.pricing_auto = 1;
	r.hours_per_month = 730;
	assert_int_equal(k8s_pools_build(&r, NULL, NULL, &plan, &d), 0);
	assert_int_equal(plan.pools[0].nbills, 2);
	assert_true(plan.pools[0].bills[0].hourly == 4.0833);
	assert_true(plan.pools[0].bills[0].hours_billed == 730);
	assert_true(plan.pools[0].bills[0].monthly == 2980.81);
	assert_int_equal(plan.pools[0].bills[1].pricing, PRICING_PAYG);
	assert_true(plan.pools[0].bills[1].hourly == 8.167);
	assert_true(plan.pools[0].bills[1].monthly == 2661.54);
	assert_true(plan.pools[0].monthly_cost == 5642.35);
	assert_string_equal(plan.pools[0].terms, "payg, reserved-3y");
	/* no engine known (no profile): a placeholder metric */
	assert_int_equal(plan.placements[0].engine, -1);
	assert_null(k8s_engine_metric(-1));
	assert_null(k8s_engine_metric(SIZING_ENGINE_TENSORRT_LLM));
	assert_string_equal(k8s_engine_metric(SIZING_ENGINE_TGI)->waiting, "tgi_queue_size");
	assert_string_equal(k8s_engine_metric(SIZING_ENGINE_SGLANG)->running, "sglang:num_running_reqs");
	k8s_plan_release(&plan);
	diag_list_release(&d);
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
		cmocka_unit_test(test_load_plan),
		cmocka_unit_test(test_load_plan_terms),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
