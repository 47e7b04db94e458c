/*
 * test_consolidate.c - the consolidation of a pool (consolidate.h) against
 * an exhaustive oracle on every pool shape of up to 16 GPUs, and the
 * validity of each plan.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "consolidate.h"

/* A small deterministic generator (no global state in the code under test;
 * this one is the test's own). */
static uint32_t next_rand(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

/*
 * The oracle: the fewest GPUs the works need, trying every way of grouping
 * them (each work alone, or any two shareable works that fit together),
 * by plain recursion over the first work not yet grouped.
 */
static size_t oracle_bins(const struct consolidate_pool *p, int *done, size_t from)
{
	size_t i = from;

	while (i < p->ngpus && (done[i] || p->gpus[i].kind == CONS_FREE))
		i++;
	if (i == p->ngpus)
		return 0;
	done[i] = 1;
	size_t best = 1 + oracle_bins(p, done, i + 1);
	for (size_t j = i + 1; j < p->ngpus; j++) {
		if (done[j] || !consolidate_fits(&p->gpus[i], &p->gpus[j], p->gpu_memory_gib))
			continue;
		done[j] = 1;
		size_t b = 1 + oracle_bins(p, done, i + 1);
		if (b < best)
			best = b;
		done[j] = 0;
	}
	done[i] = 0;
	return best;
}

/* The fewest VMs: the VMs with unknown work stay; the GPUs of a pool are
 * alike, so the other groups fill the free GPUs of those first, then whole
 * VMs of gpus_per_vm GPUs. */
static size_t oracle_vms(const struct consolidate_pool *p, size_t gpus_per_vm)
{
	int done[16] = { 0 };
	size_t bins = oracle_bins(p, done, 0), npinned = 0, pinned_vms = 0, room;
	int pinned_vm[16] = { 0 };

	for (size_t i = 0; i < p->ngpus; i++)
		if (p->gpus[i].kind == CONS_PINNED) {
			npinned++;
			pinned_vm[p->gpus[i].vm] = 1;
		}
	for (size_t v = 0; v < p->nvms; v++)
		pinned_vms += (size_t)pinned_vm[v];
	room = pinned_vms * gpus_per_vm - npinned;
	bins -= npinned;
	return pinned_vms + (bins > room ? (bins - room + gpus_per_vm - 1) / gpus_per_vm : 0);
}

/* Every work ends on a GPU of a kept VM; a GPU holds one work, or two
 * shareable ones that fit; unknown work does not move. */
static void assert_plan_valid(const struct consolidate_pool *p, const int *kept)
{
	int holds[64] = { 0 };

	for (size_t i = 0; i < p->ngpus; i++) {
		const struct consolidate_gpu *g = &p->gpus[i];
		if (g->kind == CONS_FREE) {
			assert_int_equal(g->dest, -1);
			continue;
		}
		assert_true(g->dest >= 0 && (size_t)g->dest < p->ngpus);
		assert_true(kept[p->gpus[g->dest].vm]);
		if (g->kind == CONS_PINNED)
			assert_int_equal(g->dest, (long)i);
		else
			assert_int_not_equal(p->gpus[g->dest].kind, CONS_PINNED);
		holds[g->dest]++;
		if (g->partner >= 0) {
			assert_int_equal(p->gpus[g->partner].dest, g->dest);
			assert_true(consolidate_fits(g, &p->gpus[g->partner], p->gpu_memory_gib));
		}
	}
	for (size_t i = 0; i < p->ngpus; i++)
		assert_true(holds[i] <= 2);
}

static void random_pool(struct consolidate_pool *p, struct consolidate_gpu *gpus, size_t nvms,
			size_t per_vm, uint32_t *seed, unsigned share_weight)
{
	p->nvms = nvms;
	p->gpu_memory_gib = 80;
	p->gpus = gpus;
	p->ngpus = nvms * per_vm;
	for (size_t i = 0; i < p->ngpus; i++) {
		struct consolidate_gpu *g = &gpus[i];
		unsigned r = next_rand(seed) % (10 + share_weight);
		memset(g, 0, sizeof(*g));
		g->vm = i / per_vm;
		g->kind = r < 3 ? CONS_FREE : r < 6 ? CONS_WHOLE : r < 7 ? CONS_PINNED : CONS_SHARE;
		if (g->kind == CONS_SHARE) {
			g->activity = (double)(next_rand(seed) % 50) / 100.0;   /* below 50 % */
			g->memory_gib = (double)(next_rand(seed) % 80);
		}
	}
}

static void test_oracle_every_shape(void **state)
{
	static const size_t shapes[][2] = {   /* VMs, GPUs per VM: up to 16 GPUs */
		{ 1, 1 }, { 2, 1 }, { 5, 1 }, { 16, 1 }, { 1, 2 }, { 3, 2 }, { 8, 2 },
		{ 1, 4 }, { 2, 4 }, { 4, 4 }, { 1, 8 }, { 2, 8 },
	};
	uint32_t seed = 12345;
	(void)state;
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
		for (int trial = 0; trial < 60; trial++) {
			struct consolidate_gpu gpus[16];
			struct consolidate_pool p;
			int kept[16];
			random_pool(&p, gpus, shapes[s][0], shapes[s][1], &seed,
				    (unsigned)(trial % 3) * 6);
			size_t want = oracle_vms(&p, shapes[s][1]);
			size_t got = consolidate_plan(&p, kept);
			size_t nkept = 0;
			for (size_t v = 0; v < p.nvms; v++)
				nkept += (size_t)kept[v];
			assert_int_equal(got, want);
			assert_int_equal(nkept, got);
			assert_plan_valid(&p, kept);
		}
}

/* An 8-GPU VM pair by hand: VM 0 has 6 busy GPUs, 1 idle and 1 under-used;
 * VM 1 has 1 busy GPU and 7 idle.  The 8 works need 8 GPUs: VM 0 holds
 * them if VM 1's busy GPU moves onto VM 0's idle one.  One VM freed. */
static void test_two_vms_by_hand(void **state)
{
	struct consolidate_gpu g[16];
	struct consolidate_pool p = { 2, 80, g, 16 };
	int kept[2];
	(void)state;
	memset(g, 0, sizeof g);
	for (size_t i = 0; i < 16; i++) {
		g[i].vm = i / 8;
		g[i].kind = CONS_FREE;
	}
	for (size_t i = 0; i < 6; i++)
		g[i].kind = CONS_WHOLE;
	g[7].kind = CONS_SHARE;
	g[7].activity = 0.2;
	g[7].memory_gib = 30;
	g[8].kind = CONS_WHOLE;
	assert_int_equal(consolidate_plan(&p, kept), 1);
	assert_true(kept[0]);
	assert_false(kept[1]);
	assert_int_equal(g[8].dest, 6);   /* onto VM 0's idle GPU */
	assert_int_equal(g[7].dest, 7);   /* stays */
}

/* Two under-used works share one GPU only with the headroom: 40 % + 45 % =
 * 85 % fits (1 - 0.15), 40 % + 46 % does not; 30 + 38 = 68 GiB fits 80 x
 * 0.85 = 68, 30 + 39 does not. */
static void test_fits_headroom(void **state)
{
	struct consolidate_gpu a = { 0, CONS_SHARE, 0.40, 30, 0, 0 };
	struct consolidate_gpu b = { 0, CONS_SHARE, 0.45, 38, 0, 0 };
	(void)state;
	assert_true(consolidate_fits(&a, &b, 80));
	b.activity = 0.46;
	assert_false(consolidate_fits(&a, &b, 80));
	b.activity = 0.45;
	b.memory_gib = 39;
	assert_false(consolidate_fits(&a, &b, 80));
	b.kind = CONS_WHOLE;
	b.memory_gib = 1;
	assert_false(consolidate_fits(&a, &b, 80));
}

/* Two 4-GPU VMs, every work at 20 % and 15 GiB: two share a GPU, so one VM
 * holds all eight.  The kept VM's works stay where they are; only the
 * released VM's four move, each beside one of them. */
static void test_kept_work_stays(void **state)
{
	struct consolidate_gpu g[8];
	struct consolidate_pool p = { 2, 80, g, 8 };
	int kept[2];
	(void)state;
	for (size_t i = 0; i < 8; i++) {
		memset(&g[i], 0, sizeof g[i]);
		g[i].vm = i / 4;
		g[i].kind = CONS_SHARE;
		g[i].activity = 0.20;
		g[i].memory_gib = 15;
	}
	assert_int_equal(consolidate_plan(&p, kept), 1);
	assert_plan_valid(&p, kept);
	for (size_t i = 0; i < 8; i++) {
		size_t home = kept[0] ? 0 : 1;
		if (g[i].vm == home)
			assert_int_equal(g[i].dest, (long)i);
		else
			assert_int_equal(p.gpus[g[i].dest].vm, home);
	}
}

/* Above the exact limit the greedy pairing still gives a valid plan: 40
 * 1-GPU VMs of works at 10 % and 10 GiB pair up into 20 GPUs. */
static void test_large_pool_greedy(void **state)
{
	struct consolidate_gpu g[40];
	struct consolidate_pool p = { 40, 80, g, 40 };
	int kept[40];
	(void)state;
	for (size_t i = 0; i < 40; i++) {
		memset(&g[i], 0, sizeof g[i]);
		g[i].vm = i;
		g[i].kind = CONS_SHARE;
		g[i].activity = 0.10;
		g[i].memory_gib = 10;
	}
	assert_int_equal(consolidate_bins(&p, NULL), 20);
	assert_int_equal(consolidate_plan(&p, kept), 20);
	assert_plan_valid(&p, kept);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_oracle_every_shape),
		cmocka_unit_test(test_two_vms_by_hand),
		cmocka_unit_test(test_fits_headroom),
		cmocka_unit_test(test_kept_work_stays),
		cmocka_unit_test(test_large_pool_greedy),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
