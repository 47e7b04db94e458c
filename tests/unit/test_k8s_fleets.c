/*
 * test_k8s_fleets.c - `gpufit k8s` deploys what `recommend` priced, on the
 * bundled catalog, over 1,000 random fleets of 2-10 small services (a
 * seeded PRNG, so every run checks the same fleets) and the split plan of
 * tests/golden/k8s/inputs/mig-split.yaml:
 *
 *   - no feasible workload is skipped (these fleets have no instance over
 *     several VMs and no pool near AKS's 1,000 nodes);
 *   - a workload's placements hold all its replicas; one the MIG plan
 *     placed has one placement per plan pool it sits on, with the replicas
 *     the plan put there (pool_replicas), asking for that pool's slice,
 *     plus one for its replicas on dedicated GPUs, of the plan's size;
 *   - a MIG node pool's nodes are the VMs of the plan pools of its size,
 *     region and profile, and a pool's nodes are at least its replicas on
 *     dedicated GPUs: the az script creates exactly the priced pools;
 *   - the manifests have one object per placement, names unique, and the
 *     objects of one workload share app.kubernetes.io/name;
 *   - the workload's label (recommend_choice_label) lists the same parts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "catalog_snapshot.h"
#include "k8s_manifest.h"
#include "k8s_pool.h"
#include "profile.h"
#include "recommend.h"

#include "bundled_snapshot.h"

static void build(const char *yaml, struct profile *p, struct recommend_result *r)
{
	struct diag_list errs = DIAG_LIST_INIT;
	struct recommend_options o;

	parse_profile(yaml, p);
	recommend_options_init(&o);
	assert_int_equal(recommend_build(&snap, p, &o, r, &errs), 0);
	diag_list_release(&errs);
}

/* The invariants of the header comment on one fleet; returns the number of
 * workloads whose replicas sit on more than one pool. */
static size_t check_fleet(const struct recommend_result *r, const struct profile *p,
			  const char *yaml, size_t *multi_pool)
{
	struct diag_list d = DIAG_LIST_INIT;
	struct k8s_plan plan;
	cJSON *m;
	size_t split = 0;

	if (k8s_pools_build(r, p, NULL, &plan, &d) != 0) {
		diag_list_print(&d, stderr);
		fail_msg("k8s_pools_build failed\n%s", yaml);
	}
	for (size_t s = 0; s < plan.nskipped; s++)
		if (r->workloads[plan.skipped[s].workload].feasible)
			fail_msg("%s skipped: %s\n%s", r->workloads[plan.skipped[s].workload].name,
				 plan.skipped[s].reason, yaml);

	for (size_t i = 0; i < r->nworkloads; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		const struct recommend_mig_use *u = recommend_mig_use_of(w);
		long replicas = 0;
		int parts = 0, sliced_parts = 0;
		char label[1024];

		if (!w->feasible)
			continue;
		for (size_t k = 0; k < plan.nplacements; k++) {
			const struct k8s_placement *pl = &plan.placements[k];
			const struct k8s_pool *kp = &plan.pools[pl->pool];
			if (pl->workload != i)
				continue;
			parts++;
			replicas += pl->replicas;
			if (u->use != RECOMMEND_BASIS_PLAN)
				continue;
			if (kp->mig_profile[0]) {
				/* the plan pool of this part: same size, region, profile */
				const struct mig_plan_pool *mp =
					&r->mig.pools[u->pool_index[sliced_parts]];
				assert_true(sliced_parts < u->pools_spanned);
				assert_string_equal(kp->sku, mp->sku);
				assert_string_equal(kp->region, mp->region);
				assert_string_equal(kp->mig_profile, mp->mig_profile);
				assert_int_equal(pl->replicas, u->pool_replicas[sliced_parts]);
				assert_true(strncmp(pl->resource, "nvidia.com/mig-", 15) == 0);
				assert_string_equal(pl->resource + 15, mp->mig_profile);
				sliced_parts++;
			} else {
				assert_string_equal(kp->sku, u->plan_dedicated_sku);
				assert_int_equal(pl->replicas, u->replicas_dedicated);
			}
		}
		if (u->use == RECOMMEND_BASIS_PLAN) {
			assert_int_equal(sliced_parts, u->pools_spanned);
			assert_int_equal(parts, u->pools_spanned + (u->replicas_dedicated > 0));
			assert_int_equal(replicas, u->replicas_on_slices + u->replicas_dedicated);
			assert_int_equal(replicas, w->replicas);
			/* the label names each part once: parts - 1 " + " */
			recommend_choice_label(r, w, &w->rec, label, sizeof(label));
			{
				int plus = 0;
				for (const char *s = label; (s = strstr(s, " + ")) != NULL; s += 3)
					plus++;
				if (plus != parts - 1)
					fail_msg("%s: label '%s' for %d parts\n%s", w->name, label, parts,
						 yaml);
			}
		} else {
			assert_int_equal(parts, 1);
		}
		split += parts > 1;
		*multi_pool += u->use == RECOMMEND_BASIS_PLAN && u->pools_spanned > 1;
	}

	/* the MIG pools are the plan's VMs; a dedicated pool holds its replicas */
	for (size_t k = 0; k < plan.npools; k++) {
		const struct k8s_pool *kp = &plan.pools[k];
		long vms = 0, ded = 0;
		if (kp->mig_profile[0]) {
			for (size_t q = 0; q < r->mig.npools; q++) {
				const struct mig_plan_pool *mp = &r->mig.pools[q];
				int used = 0;
				if (strcmp(mp->sku, kp->sku) != 0 || strcmp(mp->region, kp->region) != 0 ||
				    strcmp(mp->mig_profile, kp->mig_profile) != 0)
					continue;
				for (size_t i = 0; i < r->nworkloads && !used; i++) {
					const struct recommend_mig_use *u =
						recommend_mig_use_of(&r->workloads[i]);
					for (int j = 0; u->use == RECOMMEND_BASIS_PLAN &&
							j < u->pools_spanned; j++)
						used |= u->pool_index[j] == (int)q;
				}
				vms += used ? mp->vm_count : 0;
			}
			if (kp->count != vms)
				fail_msg("pool %s: %ld nodes, the plan's VMs %ld\n%s", kp->name, kp->count,
					 vms, yaml);
			continue;
		}
		for (size_t j = 0; j < plan.nplacements; j++)
			if (plan.placements[j].pool == k &&
			    recommend_mig_use_of(&r->workloads[plan.placements[j].workload])->use ==
				    RECOMMEND_BASIS_PLAN)
				ded += plan.placements[j].replicas;
		assert_true(kp->count >= ded);
	}

	m = k8s_manifests_build(r, &plan, NULL);
	assert_non_null(m);
	assert_int_equal((size_t)cJSON_GetArraySize(m), plan.nplacements);
	for (int a = 0; a < cJSON_GetArraySize(m); a++) {
		const cJSON *oa = cJSON_GetArrayItem(m, a);
		const cJSON *ma = cJSON_GetObjectItemCaseSensitive(oa, "metadata");
		const char *na = cJSON_GetObjectItemCaseSensitive(ma, "name")->valuestring;
		const struct recommend_workload *wa = &r->workloads[plan.placements[a].workload];
		const char *appa = cJSON_GetObjectItemCaseSensitive(
			cJSON_GetObjectItemCaseSensitive(ma, "labels"), "app.kubernetes.io/name")
			->valuestring;
		for (int b = a + 1; b < cJSON_GetArraySize(m); b++) {
			const cJSON *mb = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(m, b),
									   "metadata");
			const char *appb = cJSON_GetObjectItemCaseSensitive(
				cJSON_GetObjectItemCaseSensitive(mb, "labels"), "app.kubernetes.io/name")
				->valuestring;
			if (strcmp(na, cJSON_GetObjectItemCaseSensitive(mb, "name")->valuestring) == 0)
				fail_msg("two objects named %s\n%s", na, yaml);
			if (&r->workloads[plan.placements[b].workload] == wa)
				assert_string_equal(appa, appb);
		}
	}
	cJSON_Delete(m);
	k8s_plan_release(&plan);
	diag_list_release(&d);
	return split;
}

static uint64_t next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

/* The profile of tests/golden/k8s/inputs/mig-split.yaml: c on two pools,
 * a and e partly on dedicated T4s (the goldens have the counts). */
static void test_split_plan(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: eastus\npricing: payg\nworkloads:\n"
		"  - { name: a, type: inference, replicas: 3,\n"
		"      requirements: { gpu_memory_gib: 3, tflops_fp16: 10 } }\n"
		"  - { name: c, type: inference, replicas: 2,\n"
		"      requirements: { gpu_memory_gib: 15, tflops_fp16: 40 } }\n"
		"  - { name: d, type: inference,\n"
		"      requirements: { gpu_memory_gib: 30, tflops_fp16: 100 } }\n"
		"  - { name: e, type: inference, replicas: 4,\n"
		"      requirements: { gpu_memory_gib: 1, tflops_fp16: 2 } }\n";
	struct profile p;
	struct recommend_result r;
	size_t multi = 0;

	(void)state;
	build(yaml, &p, &r);
	assert_int_equal(recommend_mig_use_of(&r.workloads[1])->pools_spanned, 2);
	/* a, c and e each run on two pools; c on two MIG pools */
	assert_int_equal(check_fleet(&r, &p, yaml, &multi), 3);
	assert_int_equal(multi, 1);
	recommend_result_release(&r);
	profile_release(&p);
}

static void test_random_fleets(void **state)
{
	static const char *const regions[] = { "eastus", "southcentralus", "westus2" };
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	size_t split = 0, multi = 0, fleets = 1000;

	(void)state;
	for (size_t f = 0; f < fleets; f++) {
		char yaml[4096];
		size_t n = 2 + next(&seed) % 9, at;
		struct profile p;
		struct recommend_result r;
		at = (size_t)snprintf(yaml, sizeof(yaml),
				      "gpufit: 1\nregion: %s\npricing: payg\nworkloads:\n",
				      regions[next(&seed) % 3]);
		for (size_t i = 0; i < n; i++) {
			double mem = 0.5 + (double)(next(&seed) % 400) / 10.0; /* 0.5-40.4 GiB */
			double tf = 2.0 + (double)(next(&seed) % 80);
			long rep = 1 + (long)(next(&seed) % 4);
			at += (size_t)snprintf(yaml + at, sizeof(yaml) - at,
					       "  - { name: w%zu, type: inference, replicas: %ld, "
					       "requirements: { gpu_memory_gib: %.1f, "
					       "tflops_fp16: %.0f } }\n",
					       i, rep, mem, tf);
		}
		build(yaml, &p, &r);
		split += check_fleet(&r, &p, yaml, &multi);
		recommend_result_release(&r);
		profile_release(&p);
	}
	/* the fleets exercise workloads on several pools, not only one each,
	 * and on the slices of several MIG pools */
	assert_true(split > 0);
	assert_true(multi > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split_plan),
		cmocka_unit_test(test_random_fleets),
	};
	return cmocka_run_group_tests(tests, bundled_setup, bundled_teardown);
}
