/*
 * test_recommend_fleets.c - the "plan is the truth" invariants of
 * recommend_build(), on the bundled catalog, over hand-made fleets and
 * 1,000 random fleets of 2-10 small services (a seeded PRNG, so every run
 * checks the same fleets):
 *
 *   - the parts of the workloads charged by a region's MIG plan sum to that
 *     plan's cost to the cent;
 *   - each part is at most the workload's best dedicated cost (its cost
 *     alone) and at most every alternative printed for it; every
 *     recommendation is at most every alternative printed for it;
 *   - every alternative is a whole purchasable option (no slice at a share
 *     price);
 *   - a recommendation charged by the plan names a pool of the plan (size,
 *     MIG profile, region) or a dedicated size the plan gives that workload;
 *   - a complete fleet total is the sum of the recommendations; an
 *     incomplete one lists exactly the unpriced workloads;
 *   - the plan lists only what is deployed: in a region whose plan the
 *     totals use, every pool carries a replica of a workload recommended
 *     its placement there, and every dedicated VM of the plan is the
 *     recommendation of the workload it is listed for; no workload the plan
 *     packs is charged more than its own cheapest deployment, and a
 *     dedicated VM of the plan costs at most that deployment per replica;
 *   - a workload the packer left outside the plan is recommended its own
 *     cheapest deployment and appears nowhere in the plan.
 *
 * The second set of random fleets is in westeurope, where a workload's own
 * cheapest deployment (an AMD V710 partition) can cost less than the
 * cheapest dedicated small NVIDIA GPU (an RTX PRO 6000 quarter).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "catalog_snapshot.h"
#include "profile.h"
#include "recommend.h"
#include "util.h"

#include "bundled_snapshot.h"

static long long cents(double v)
{
	return llround(v * 100.0);
}

static void build(const char *yaml, struct profile *p, struct recommend_result *r)
{
	struct diag_list errs = DIAG_LIST_INIT;
	struct recommend_options o;

	parse_profile(yaml, p);
	recommend_options_init(&o);
	assert_int_equal(recommend_build(&snap, p, &o, r, &errs), 0);
	assert_int_equal(errs.n, 0);
	diag_list_release(&errs);
}

/* The observed date of the catalog's Linux USD price of sku in region
 * under kind k, "" when none or undated. */
static const char *observed(const char *sku, const char *region, enum pricing_kind k)
{
	for (size_t i = 0; i < snap.nprices; i++) {
		const struct price *x = &snap.prices[i];
		if (x->pricing == k && strcmp(x->sku, sku) == 0 && strcmp(x->region, region) == 0 &&
		    strcmp(x->os, "linux") == 0 && strcmp(x->currency, "USD") == 0)
			return x->observed_date;
	}
	return "";
}

/* The ages of the prices used (the max_catalog_age_days gate's input and
 * the stale-price warning's): one entry per region and term billed, in
 * region then term order, each recommendation's price counted under its own
 * term and no older than the oldest named. */
static void check_price_ages(const struct recommend_result *r)
{
	for (size_t i = 0; i + 1 < r->nprice_ages; i++) {
		int d = strcmp(r->price_ages[i].region, r->price_ages[i + 1].region);
		assert_true(d < 0 || (d == 0 && r->price_ages[i].pricing < r->price_ages[i + 1].pricing));
	}
	for (size_t i = 0; i < r->nprice_ages; i++)
		assert_true(r->price_ages[i].nused >= 1);
	for (size_t i = 0; i < r->nworkloads; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		const struct recommend_price_age *a = NULL;
		const char *d;

		if (!w->feasible)
			continue;
		for (size_t k = 0; k < r->nprice_ages; k++)
			if (strcmp(r->price_ages[k].region, w->rec.region) == 0 &&
			    r->price_ages[k].pricing == w->rec.pricing)
				a = &r->price_ages[k];
		assert_non_null(a);
		d = observed(w->rec.sku, w->rec.region, w->rec.pricing);
		if (d[0])
			assert_true(a->oldest[0] && strcmp(a->oldest, d) <= 0);
	}
}

/* Every invariant of the header comment on one result; returns the number
 * of workloads charged by the plan. */
static size_t check_invariants(const struct recommend_result *r, const char *yaml)
{
	const struct recommend_mig_plan *m = &r->mig;
	long long total = 0;
	size_t planned = 0, unpriced = 0;

	check_price_ages(r);

	for (size_t i = 0; i < r->nworkloads; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		const struct recommend_mig_use *u = recommend_mig_use_of(w);
		if (!w->feasible || w->rec.basis == RECOMMEND_BASIS_SHARE) {
			unpriced++;
			continue;
		}
		total += cents(w->rec.monthly_cost);
		for (size_t k = 0; k < w->nalternatives; k++) {
			const struct recommend_choice *a = &w->alternatives[k];
			if (cents(w->rec.monthly_cost) > cents(a->monthly_cost))
				fail_msg("%s: recommended %.2f beaten by alternative %s %.2f\n%s", w->name,
					 w->rec.monthly_cost, a->sku, a->monthly_cost, yaml);
			if (a->placement == FIT_PLACEMENT_MIG)
				fail_msg("%s: alternative %s %s is a slice\n%s", w->name, a->sku,
					 a->mig_profile, yaml);
		}
		if (w->rec.basis != RECOMMEND_BASIS_PLAN)
			continue;
		planned++;
		if (u->dedicated_monthly > 0 &&
		    cents(w->rec.monthly_cost) > cents(u->dedicated_monthly))
			fail_msg("%s: part %.2f above its cost alone %.2f\n%s", w->name,
				 w->rec.monthly_cost, u->dedicated_monthly, yaml);
		if (w->rec.placement == FIT_PLACEMENT_MIG) {
			int found = 0;
			for (size_t p = 0; p < m->npools && !found; p++)
				found = strcmp(m->pools[p].sku, w->rec.sku) == 0 &&
					strcmp(m->pools[p].mig_profile, w->rec.mig_profile) == 0 &&
					strcmp(m->pools[p].region, w->rec.region) == 0;
			if (!found)
				fail_msg("%s: %s %s is in no pool of the plan\n%s", w->name, w->rec.sku,
					 w->rec.mig_profile, yaml);
		} else {
			int found = 0;
			for (size_t d = 0; d < m->ndedicated && !found; d++)
				found = m->dedicated[d].workload == i &&
					strcmp(m->dedicated[d].sku, w->rec.sku) == 0;
			if (!found)
				fail_msg("%s: dedicated %s is not in the plan\n%s", w->name, w->rec.sku,
					 yaml);
			/* every replica on a VM of its own: charged those VMs, what
			 * Azure bills, not a share of the plan's saving */
			if (u->replicas_dedicated == w->replicas) {
				double bill = 0;

				for (size_t d = 0; d < m->ndedicated; d++)
					if (m->dedicated[d].workload == i)
						bill += m->dedicated[d].monthly_cost;
				if (cents(w->rec.monthly_cost) != cents(bill))
					fail_msg("%s: on dedicated VMs of its own, charged %.2f, "
						 "billed %.2f\n%s", w->name, w->rec.monthly_cost, bill,
						 yaml);
			}
		}
	}
	/* per region: the parts sum to the plan */
	for (size_t g = 0; g < m->nregions; g++) {
		const struct recommend_mig_region *reg = &m->regions[g];
		long long parts = 0;
		size_t n = 0;
		for (size_t i = 0; i < r->nworkloads; i++) {
			const struct recommend_workload *w = &r->workloads[i];
			if (w->feasible && w->rec.basis == RECOMMEND_BASIS_PLAN &&
			    strcmp(w->rec.region, reg->region) == 0) {
				parts += cents(w->rec.monthly_cost);
				n++;
			}
		}
		if (reg->used_in_totals) {
			assert_int_equal(n, reg->nworkloads);
			if (parts != cents(reg->monthly_cost))
				fail_msg("%s: parts %lld != plan %lld\n%s", reg->region, parts,
					 cents(reg->monthly_cost), yaml);
			assert_true(cents(reg->monthly_cost) < cents(reg->dedicated_monthly_cost));
		} else {
			assert_int_equal(n, 0);
		}
	}
	/* the plan lists only what is deployed, at what the workloads pay */
	for (size_t g = 0; g < m->nregions; g++) {
		const struct recommend_mig_region *reg = &m->regions[g];
		if (!reg->used_in_totals)
			continue;
		for (size_t p = 0; p < m->npools; p++) {
			int used = 0;
			if (strcmp(m->pools[p].region, reg->region) != 0)
				continue;
			for (size_t i = 0; i < r->nworkloads && !used; i++) {
				const struct recommend_workload *w = &r->workloads[i];
				const struct recommend_mig_use *u = recommend_mig_use_of(w);
				if (!w->feasible || w->rec.basis != RECOMMEND_BASIS_PLAN)
					continue;
				for (int k = 0; k < u->pools_spanned && k < RECOMMEND_MAX_POOLS_NAMED; k++)
					used |= u->pool_index[k] == (int)p;
			}
			if (!used)
				fail_msg("%s: pool %s deploys no workload's replica\n%s", reg->region,
					 m->pools[p].name, yaml);
		}
		for (size_t d = 0; d < m->ndedicated; d++) {
			const struct recommend_mig_dedicated *x = &m->dedicated[d];
			const struct recommend_workload *w = &r->workloads[x->workload];
			const struct recommend_mig_use *u = recommend_mig_use_of(w);
			if (strcmp(x->region, reg->region) != 0)
				continue;
			if (w->rec.basis != RECOMMEND_BASIS_PLAN ||
			    (strcmp(w->rec.sku, x->sku) != 0 && strcmp(u->plan_dedicated_sku, x->sku) != 0))
				fail_msg("%s: the plan lists %s for it, recommended %s (%s)\n%s", w->name,
					 x->sku, w->rec.sku, recommend_basis_name(w->rec.basis), yaml);
			if (cents(x->monthly_cost * (double)w->replicas) > cents(u->dedicated_monthly))
				fail_msg("%s: dedicated %s at %.2f per replica, alone %.2f for %ld\n%s",
					 w->name, x->sku, x->monthly_cost, u->dedicated_monthly,
					 w->replicas, yaml);
		}
	}
	for (size_t i = 0; i < r->nworkloads; i++) {
		const struct recommend_workload *w = &r->workloads[i];
		const struct recommend_mig_use *u = recommend_mig_use_of(w);
		if (!w->feasible || !w->mig_use)
			continue;
		if (u->packed && u->plan_monthly > 0 && u->dedicated_monthly > 0 &&
		    cents(u->part_monthly) > cents(u->dedicated_monthly)) {
			/* a part above D_w only where the plan is not used */
			for (size_t g = 0; g < m->nregions; g++)
				if (strcmp(m->regions[g].region, u->region) == 0 &&
				    m->regions[g].used_in_totals)
					fail_msg("%s: plan part %.2f above its own %.2f\n%s", w->name,
						 u->part_monthly, u->dedicated_monthly, yaml);
		}
		if (u->left_out) {
			assert_false(u->packed);
			assert_int_equal(w->rec.basis, RECOMMEND_BASIS_DEDICATED);
			assert_int_equal(cents(w->rec.monthly_cost), cents(u->dedicated_monthly));
			assert_string_equal(w->rec.sku, u->dedicated_sku);
			for (size_t d = 0; d < m->ndedicated; d++)
				assert_int_not_equal(m->dedicated[d].workload, i);
			for (size_t k = 0; k < m->nworkloads; k++)
				assert_int_not_equal(m->workloads[k], i);
		}
	}
	assert_int_equal(unpriced, r->nunpriced);
	assert_int_equal(r->complete, unpriced == 0);
	assert_int_equal(total, cents(r->priced_monthly_cost));
	if (r->complete)
		assert_int_equal(total, cents(r->monthly_cost));
	return planned;
}

/* Co-tenants in one slice size: the small-fleet example's services on one
 * A100 1g.10gb pool in southcentralus. */
static void test_cotenants_one_size(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: southcentralus\npricing: payg\nworkloads:\n"
		"  - { name: a, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 8 } }\n"
		"  - { name: b, type: inference, requirements: { gpu_memory_gib: 3, tflops_fp16: 10 } }\n"
		"  - { name: c, type: inference, requirements: { gpu_memory_gib: 4, tflops_fp16: 12 } }\n"
		"  - { name: d, type: inference, requirements: { gpu_memory_gib: 1.5, tflops_fp16: 5 } }\n"
		"  - { name: e, type: inference, requirements: { gpu_memory_gib: 6, tflops_fp16: 20 } }\n"
		"  - { name: f, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 6 } }\n"
		"  - { name: g, type: inference, requirements: { gpu_memory_gib: 3, tflops_fp16: 9 } }\n";
	struct profile p;
	struct recommend_result r;

	(void)state;
	build(yaml, &p, &r);
	/* seven 1g.10gb slices fill one A100 80GB of one NC24ads_A100_v4 (4.408
	 * USD/h x 730 = $3,217.84); alone each takes a T4 VM (0.631 x 730 =
	 * $460.63), 7 x 460.63 = $3,224.41 > $3,217.84: the plan is used, each
	 * is charged 321,784 / 7 = 45,969.142 cents: floors 7 x 459.69 leave one
	 * cent, to the earliest (equal remainders): 459.70, then 6 x 459.69 */
	assert_int_equal(check_invariants(&r, yaml), 7);
	assert_true(r.mig.used_in_totals);
	assert_int_equal(r.mig.npools, 1);
	assert_string_equal(r.mig.pools[0].sku, "Standard_NC24ads_A100_v4");
	assert_string_equal(r.mig.pools[0].mig_profile, "1g.10gb");
	assert_int_equal(cents(r.mig.monthly_cost), 321784);
	assert_int_equal(cents(r.workloads[0].rec.monthly_cost), 45970);
	assert_int_equal(cents(r.workloads[6].rec.monthly_cost), 45969);
	for (size_t i = 0; i < 7; i++) {
		assert_string_equal(r.workloads[i].rec.sku, "Standard_NC24ads_A100_v4");
		assert_string_equal(r.workloads[i].rec.mig_profile, "1g.10gb");
		assert_int_equal(recommend_mig_use_of(&r.workloads[i])->ncotenants, 6);
	}
	assert_int_equal(cents(r.monthly_cost), 321784);
	recommend_result_release(&r);
	profile_release(&p);
}

/* Mixed sizes and a workload moved to a dedicated GPU by the plan (the
 * five-service fleet of tests/golden/recommend/plan-truth-*.cmd). */
static void test_mixed_sizes_and_dedicated(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: eastus\npricing: payg\nworkloads:\n"
		"  - { name: tok-a, type: inference, requirements: { gpu_memory_gib: 3, tflops_fp16: 10 } }\n"
		"  - { name: tok-b, type: inference, requirements: { gpu_memory_gib: 4, tflops_fp16: 10 } }\n"
		"  - { name: emb-c, type: inference, replicas: 2, requirements: { gpu_memory_gib: 2, tflops_fp16: 8 } }\n"
		"  - { name: cls-d, type: inference, requirements: { gpu_memory_gib: 6, tflops_fp16: 20 } }\n"
		"  - { name: ocr-e, type: inference, requirements: { gpu_memory_gib: 12, tflops_fp16: 30 } }\n";
	struct profile p;
	struct recommend_result r;
	int dedicated = 0, sliced = 0;

	(void)state;
	build(yaml, &p, &r);
	assert_int_equal(check_invariants(&r, yaml), 5);
	for (size_t i = 0; i < r.nworkloads; i++) {
		dedicated += r.workloads[i].rec.placement == FIT_PLACEMENT_VM;
		sliced += r.workloads[i].rec.placement == FIT_PLACEMENT_MIG;
	}
	assert_true(dedicated > 0 && sliced > 0);
	/* the plan: one NC24ads_A100_v4 split 2g.20gb (3.673 x 730 = $2,681.29)
	 * and three T4 VMs (3 x 0.526 x 730 = $1,151.94): $3,833.23 against
	 * $4,255.90 alone (5 x 383.98 + 2,336.00 for ocr-e's A10) */
	assert_int_equal(cents(r.mig.monthly_cost), 383323);
	assert_int_equal(cents(r.mig.dedicated_monthly_cost), 425590);
	assert_int_equal(cents(r.monthly_cost), 383323);
	/* the replicas on a T4 of their own are charged the T4 (383.98 each,
	 * tok-b, cls-d and one of emb-c's); only the A100's 2,681.29 is split,
	 * over its co-tenants by what their sliced replicas cost alone:
	 * tok-a 383.98, emb-c 767.96 - 383.98 = 383.98, ocr-e 2,336.00, of
	 * 3,103.96: 268,129 cents x 38,398 / 310,396 = 33,169.30 (twice) and
	 * x 233,600 / 310,396 = 201,790.40, rounded down, the leftover cent to
	 * the largest remainder (ocr-e): 331.69, 383.98 + 331.69, 2,017.91 */
	{
		static const struct { const char *name; long long cents; } want[] = {
			{ "tok-a", 33169 }, { "tok-b", 38398 }, { "emb-c", 71567 },
			{ "cls-d", 38398 }, { "ocr-e", 201791 },
		};

		for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
			assert_string_equal(r.workloads[i].name, want[i].name);
			assert_int_equal(cents(r.workloads[i].rec.monthly_cost), want[i].cents);
		}
		/* a workload on a dedicated VM of its own is not offered that VM
		 * again as an alternative */
		for (size_t k = 0; k < r.workloads[1].nalternatives; k++)
			assert_false(strcmp(r.workloads[1].alternatives[k].sku,
					    r.workloads[1].rec.sku) == 0 &&
				     r.workloads[1].alternatives[k].vm_count ==
					     r.workloads[1].rec.vm_count);
	}
	recommend_result_release(&r);
	profile_release(&p);
}

/* A workload whose own cheapest deployment costs less than the dedicated
 * small GPU the packer could give it is left outside the plan, which then
 * lists only what is deployed (tests/golden/recommend/mig-own-cheaper.cmd). */
static void test_own_cheaper_than_dedicated(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: westeurope\npricing: payg\nworkloads:\n"
		"  - { name: t8, type: inference, requirements: { gpu_memory_gib: 6, tflops_fp16: 10 } }\n"
		"  - { name: a1, type: inference, requirements: { gpu_memory_gib: 6, tflops_fp16: 10, bandwidth_gb_per_s: 300 } }\n"
		"  - { name: a2, type: inference, requirements: { gpu_memory_gib: 6, tflops_fp16: 10, bandwidth_gb_per_s: 300 } }\n"
		"  - { name: a3, type: inference, requirements: { gpu_memory_gib: 6, tflops_fp16: 10, bandwidth_gb_per_s: 300 } }\n"
		"  - { name: a4, type: inference, requirements: { gpu_memory_gib: 6, tflops_fp16: 10, bandwidth_gb_per_s: 300 } }\n"
		"  - { name: a5, type: inference, requirements: { gpu_memory_gib: 6, tflops_fp16: 10, bandwidth_gb_per_s: 300 } }\n"
		"  - { name: a6, type: inference, requirements: { gpu_memory_gib: 6, tflops_fp16: 10, bandwidth_gb_per_s: 300 } }\n"
		"  - { name: a7, type: inference, requirements: { gpu_memory_gib: 6, tflops_fp16: 10, bandwidth_gb_per_s: 300 } }\n";
	struct profile p;
	struct recommend_result r;
	const struct recommend_mig_use *u;

	(void)state;
	build(yaml, &p, &r);
	/* each is cheapest on a 1g.12gb slice of the NC40ads_H100_v5 (9.08 $/h
	 * / 7 = 1.297 $/h); alone a1..a7 (345 GB/s with headroom, more than a
	 * V710 half has) take an NC24lds_xl_RTXPRO6000BSE_v6 (1.617 x 730 =
	 * $1,180.41), t8 an NV12ads_V710_v5 (1.3 x 730 = $949.00).  Seven
	 * slices fill one H100 ($6,628.40); the eighth would need a second H100
	 * or the dedicated RTX PRO quarter ($1,180.41 > $949.00, not offered):
	 * t8 stays outside the plan on its V710.  P = $6,628.40 < 7 x 1,180.41
	 * = $8,262.87: used, 662,840 cents / 7 = 94,691.43: 3 x 946.92 and
	 * 4 x 946.91; the fleet: 6,628.40 + 949.00 = $7,577.40 */
	assert_int_equal(check_invariants(&r, yaml), 7);
	assert_true(r.mig.used_in_totals);
	assert_int_equal(r.mig.npools, 1);
	assert_string_equal(r.mig.pools[0].sku, "Standard_NC40ads_H100_v5");
	assert_string_equal(r.mig.pools[0].mig_profile, "1g.12gb");
	assert_int_equal(r.mig.ndedicated, 0);
	assert_int_equal(r.mig.nworkloads, 7);
	assert_int_equal(cents(r.mig.monthly_cost), 662840);
	assert_int_equal(cents(r.mig.dedicated_monthly_cost), 826287);
	u = recommend_mig_use_of(&r.workloads[0]);
	assert_true(u->left_out);
	assert_string_equal(r.workloads[0].rec.sku, "Standard_NV12ads_V710_v5");
	assert_int_equal(r.workloads[0].rec.basis, RECOMMEND_BASIS_DEDICATED);
	assert_int_equal(cents(r.workloads[0].rec.monthly_cost), 94900);
	for (size_t i = 1; i < 8; i++) {
		assert_int_equal(r.workloads[i].rec.basis, RECOMMEND_BASIS_PLAN);
		assert_int_equal(cents(r.workloads[i].rec.monthly_cost), i <= 3 ? 94692 : 94691);
	}
	assert_int_equal(cents(r.monthly_cost), 757740);
	recommend_result_release(&r);
	profile_release(&p);
}

/* Two regions: a plan per region, each with parts summing to its cost. */
static void test_two_regions(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: eastus\npricing: payg\nworkloads:\n"
		"  - { name: e1, type: inference, requirements: { gpu_memory_gib: 3, tflops_fp16: 10 } }\n"
		"  - { name: e2, type: inference, requirements: { gpu_memory_gib: 12, tflops_fp16: 30 } }\n"
		"  - { name: s1, type: inference, region: southcentralus, requirements: { gpu_memory_gib: 2, tflops_fp16: 8 } }\n"
		"  - { name: s2, type: inference, region: southcentralus, requirements: { gpu_memory_gib: 3, tflops_fp16: 9 } }\n"
		"  - { name: s3, type: inference, region: southcentralus, requirements: { gpu_memory_gib: 4, tflops_fp16: 12 } }\n";
	struct profile p;
	struct recommend_result r;

	(void)state;
	build(yaml, &p, &r);
	check_invariants(&r, yaml);
	assert_int_equal(r.mig.nregions, 2);
	recommend_result_release(&r);
	profile_release(&p);
}

/* Ties: identical workloads are charged parts at most one cent apart, the
 * earlier ones taking the leftover cents. */
static void test_ties(void **state)
{
	static const char yaml[] =
		"gpufit: 1\nregion: southcentralus\npricing: payg\nworkloads:\n"
		"  - { name: t1, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 8 } }\n"
		"  - { name: t2, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 8 } }\n"
		"  - { name: t3, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 8 } }\n"
		"  - { name: t4, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 8 } }\n"
		"  - { name: t5, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 8 } }\n"
		"  - { name: t6, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 8 } }\n"
		"  - { name: t7, type: inference, requirements: { gpu_memory_gib: 2, tflops_fp16: 8 } }\n";
	struct profile p;
	struct recommend_result r;

	(void)state;
	build(yaml, &p, &r);
	check_invariants(&r, yaml);
	for (size_t i = 1; i < r.nworkloads; i++) {
		long long a = cents(r.workloads[i - 1].rec.monthly_cost);
		long long b = cents(r.workloads[i].rec.monthly_cost);
		assert_true(a == b || a == b + 1);
	}
	recommend_result_release(&r);
	profile_release(&p);
}

/* xorshift64*: the same fleets on every run. */
static uint64_t next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static void test_random_fleets(void **state)
{
	static const char *const regions[] = { "eastus", "southcentralus", "westus2" };
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	size_t planned = 0, fleets = 1000;

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
			long rep = 1 + (long)(next(&seed) % 3);
			const char *reg = next(&seed) % 4 == 0 ? regions[next(&seed) % 3] : NULL;
			at += (size_t)snprintf(yaml + at, sizeof(yaml) - at,
					       "  - { name: w%zu, type: inference, replicas: %ld, "
					       "%s%s%srequirements: { gpu_memory_gib: %.1f, "
					       "tflops_fp16: %.0f } }\n",
					       i, rep, reg ? "region: " : "", reg ? reg : "",
					       reg ? ", " : "", mem, tf);
		}
		build(yaml, &p, &r);
		planned += check_invariants(&r, yaml);
		recommend_result_release(&r);
		profile_release(&p);
	}
	/* the fleets exercise the plan, not only dedicated options */
	assert_true(planned > fleets);
}

/* A workload's needs do not change with the pricing term: random LLM
 * services in eastus, priced payg and spot (which often recommend different
 * sizes), need the same GPU memory per replica. */
static void test_needs_same_every_term(void **state)
{
	static const char *const models[] = { "llama-3-8b", "llama-3-70b", "mistral-7b",
					      "qwen2.5-7b" };
	static const char *const precisions[] = { "fp16", "fp8", "int8" };
	uint64_t seed = 0x3c6ef372fe94f82bULL;
	size_t differ = 0;

	(void)state;
	for (size_t f = 0; f < 40; f++) {
		char yaml[1024], spot[1024];
		struct profile p, q;
		struct recommend_result a, b;
		const char *pos;

		snprintf(yaml, sizeof(yaml),
			 "gpufit: 1\nregion: eastus\npricing: payg\nworkloads:\n"
			 "  - name: llm\n    type: inference\n    model: %s\n    precision: %s\n"
			 "    serving: { input_tokens: %d, output_tokens: %d, concurrency: %d }\n",
			 models[next(&seed) % 4], precisions[next(&seed) % 3],
			 256 << (next(&seed) % 4), 64 << (next(&seed) % 3),
			 1 << (next(&seed) % 7));
		pos = strstr(yaml, "payg");
		snprintf(spot, sizeof(spot), "%.*sspot%s", (int)(pos - yaml), yaml, pos + 4);
		build(yaml, &p, &a);
		build(spot, &q, &b);
		assert_float_equal(a.workloads[0].needs.gpu_memory_gib,
				   b.workloads[0].needs.gpu_memory_gib, 1e-9);
		differ += a.workloads[0].feasible && b.workloads[0].feasible &&
			  strcmp(a.workloads[0].rec.sku, b.workloads[0].rec.sku) != 0;
		recommend_result_release(&a);
		recommend_result_release(&b);
		profile_release(&p);
		profile_release(&q);
	}
	/* the terms do recommend different sizes for some of them */
	assert_true(differ > 0);
}

/* Random westeurope fleets of 6-14 services that a 1g.12gb slice of an H100
 * serves (2.5-8 GiB), two in three with a bandwidth no V710 partition has
 * (their own cheapest deployment is then an RTX PRO quarter), 1-2 replicas. */
static void test_random_fleets_own_cheaper(void **state)
{
	uint64_t seed = 0x2545f4914f6cdd1dULL;
	size_t planned = 0, left_out = 0, fleets = 300;

	(void)state;
	for (size_t f = 0; f < fleets; f++) {
		char yaml[4096];
		size_t n = 6 + next(&seed) % 9, at;
		struct profile p;
		struct recommend_result r;
		at = (size_t)snprintf(yaml, sizeof(yaml),
				      "gpufit: 1\nregion: westeurope\npricing: payg\nworkloads:\n");
		for (size_t i = 0; i < n; i++) {
			double mem = 2.5 + (double)(next(&seed) % 56) / 10.0; /* 2.5-8.0 GiB */
			double tf = 2.0 + (double)(next(&seed) % 30);
			long rep = 1 + (long)(next(&seed) % 2);
			int bw = next(&seed) % 3 != 0;
			at += (size_t)snprintf(yaml + at, sizeof(yaml) - at,
					       "  - { name: w%zu, type: inference, replicas: %ld, "
					       "requirements: { gpu_memory_gib: %.1f, tflops_fp16: %.0f%s } }\n",
					       i, rep, mem, tf, bw ? ", bandwidth_gb_per_s: 300" : "");
		}
		build(yaml, &p, &r);
		planned += check_invariants(&r, yaml);
		for (size_t i = 0; i < r.nworkloads; i++)
			left_out += r.workloads[i].mig_use && r.workloads[i].mig_use->left_out;
		recommend_result_release(&r);
		profile_release(&p);
	}
	printf("westeurope fleets: %zu workloads on the plan, %zu left outside it\n", planned,
	       left_out);
	/* the fleets exercise the plan and workloads left outside it */
	assert_true(planned > fleets);
	assert_true(left_out > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cotenants_one_size),
		cmocka_unit_test(test_mixed_sizes_and_dedicated),
		cmocka_unit_test(test_two_regions),
		cmocka_unit_test(test_ties),
		cmocka_unit_test(test_random_fleets),
		cmocka_unit_test(test_own_cheaper_than_dedicated),
		cmocka_unit_test(test_random_fleets_own_cheaper),
		cmocka_unit_test(test_needs_same_every_term),
	};
	return cmocka_run_group_tests(tests, bundled_setup, bundled_teardown);
}
