/*
 * test_quota_plan.c - the greedy quota repair against the exhaustive
 * optimum on small hand-built fleets (no catalog): where the optimum fits,
 * the greedy plan fits too except in the one case built to show its known
 * failure (which quota_plan_solve() covers by enumerating), and its extra
 * cost over the unconstrained plan is at most 17/13 (1.31) x the optimum's
 * on these cases (docs/quota.md).  Then a fleet of 100,000.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "quota_plan.h"

#define NONE (-1)
#define OPT1(q, v, m) { { (q), NONE }, (v), (m) }
#define OPT2(q, r, v, m) { { (q), (r) }, (v), (m) }
#define MAXW 6

struct qcase {
	const char *name;
	size_t nw;
	struct quota_plan_workload w[MAXW];
	size_t nq;
	long long free_vcpus[8];
	int greedy_fits;                  /* what greedy is expected to give */
	int best_fits;
	double greedy_cost, best_cost;    /* hand figures (when they fit) */
};

/* A: quota 0 (free 20) holds 16 + 8 = 24, 4 short.  Moving w1 costs 60 - 50
 * = 10, w0 130 - 100 = 30: greedy and the optimum move w1: 100 + 60 = 160. */
static const struct quota_plan_option a0[] = { OPT1(0, 16, 100), OPT1(1, 16, 130) };
static const struct quota_plan_option a1[] = { OPT1(0, 8, 50), OPT1(2, 8, 60) };

/* B: quota 0 (free 20) holds 10 + 10 + 20 = 40, 20 short.  Greedy moves the
 * cheapest first: w0 (+3, 30 left) then w1 (+3, 20: fits) = +6, 406; the
 * optimum moves w2 alone, +5, 405.  Extra 6 against 5. */
static const struct quota_plan_option b0[] = { OPT1(0, 10, 100), OPT1(1, 10, 103) };
static const struct quota_plan_option b1[] = { OPT1(0, 10, 100), OPT1(1, 10, 103) };
static const struct quota_plan_option b2[] = { OPT1(0, 20, 200), OPT1(2, 20, 205) };

/* C: quota 0 has 0 free; T (1) and U (2) 10 each.  Greedy moves w0 to T
 * (+1, the cheapest move), and then w1's only way out (T) is full: short.
 * The optimum: w0 to U (+5), w1 to T (+2) = 207. */
static const struct quota_plan_option c0[] = { OPT1(0, 10, 100), OPT1(1, 10, 101),
					       OPT1(2, 10, 105) };
static const struct quota_plan_option c1[] = { OPT1(0, 10, 100), OPT1(1, 10, 102) };

/* D: one size, 10 vCPUs, 5 free: nothing fits. */
static const struct quota_plan_option d0[] = { OPT1(0, 10, 100) };

/* E: family and regional total.  Quotas: 0 F eastus, 1 cores eastus, 2 G
 * eastus, 3 H westus, 4 cores westus, 100 free each.  w0 96 vCPUs, w1 24:
 * F and cores eastus hold 120, 20 short each.  G is in eastus too (its
 * cores are short): not a way out.  w1 to westus +20, w0 to westus +50:
 * greedy moves w1: 1000 + 320 = 1320, the optimum. */
static const struct quota_plan_option e0[] = { OPT2(0, 1, 96, 1000), OPT2(2, 1, 96, 1100),
					       OPT2(3, 4, 96, 1050) };
static const struct quota_plan_option e1[] = { OPT2(0, 1, 24, 300), OPT2(3, 4, 24, 320) };

/* F: spot.  Quota 0 lowPriorityCores eastus 92 free, 96 needed; quota 1
 * westus's is not checked (-1): 520. */
static const struct quota_plan_option f0[] = { OPT1(0, 96, 500), OPT1(1, 96, 520) };

/* G: six workloads, four options each, quotas 0-3 of 40 free each; every
 * workload starts in quota 0 (6 x 16 = 96, 56 short).  Option k is quota k
 * at 100 + k x (w + 1); two of 16 fit a quota (32 <= 40), so four must
 * leave quota 0.  Greedy takes the cheapest move each time: w0, w1 to
 * quota 1 (+1, +2), which is then full, w2, w3 to quota 2 (+6, +8):
 * 600 + 17 = 617.  The optimum sends w2, w3 to quota 1 (+3, +4) and w0, w1
 * to quota 2 (+2, +4): 600 + 13 = 613.  Extra 17 against 13, the worst of
 * these cases: the bound asserted below and stated in docs/quota.md. */
#define G4(w) { OPT1(0, 16, 100), OPT1(1, 16, 100 + 1 * ((w) + 1)), \
		OPT1(2, 16, 100 + 2 * ((w) + 1)), OPT1(3, 16, 100 + 3 * ((w) + 1)) }
static const struct quota_plan_option g0[] = G4(0), g1[] = G4(1), g2[] = G4(2),
	g3[] = G4(3), g4[] = G4(4), g5[] = G4(5);

#define W(a) { sizeof(a) / sizeof((a)[0]), (a) }

static const struct qcase cases[] = {
	{ "A", 2, { W(a0), W(a1) }, 3, { 20, -1, -1 }, 1, 1, 160, 160 },
	{ "B", 3, { W(b0), W(b1), W(b2) }, 3, { 20, -1, -1 }, 1, 1, 406, 405 },
	{ "C", 2, { W(c0), W(c1) }, 3, { 0, 10, 10 }, 0, 1, 0, 207 },
	{ "D", 1, { W(d0) }, 1, { 5 }, 0, 0, 0, 0 },
	{ "E", 2, { W(e0), W(e1) }, 5, { 100, 100, 100, 100, 100 }, 1, 1, 1320, 1320 },
	{ "F", 1, { W(f0) }, 2, { 92, -1 }, 1, 1, 520, 520 },
	{ "G", 6, { W(g0), W(g1), W(g2), W(g3), W(g4), W(g5) }, 4, { 40, 40, 40, 40 }, 1, 1,
	  617, 613 },
};

/* The plan's cost, and whether it fits: summed here, not by the module. */
static double cost_of(const struct qcase *c, const size_t *choice, int *fits)
{
	long long used[8] = { 0 };
	double cost = 0;

	for (size_t i = 0; i < c->nw; i++) {
		const struct quota_plan_option *o = &c->w[i].options[choice[i]];

		assert_true(choice[i] < c->w[i].noptions);
		cost += o->monthly;
		for (int k = 0; k < QUOTA_PLAN_MAX_QUOTAS; k++)
			if (o->quota[k] >= 0)
				used[o->quota[k]] += o->vcpus;
	}
	*fits = 1;
	for (size_t q = 0; q < c->nq; q++)
		if (c->free_vcpus[q] >= 0 && used[q] > c->free_vcpus[q])
			*fits = 0;
	return cost;
}

static void against_oracle(void **state)
{
	double worst = 1.0;

	(void)state;
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const struct qcase *c = &cases[k];
		size_t g[MAXW], b[MAXW], s[MAXW], zero[MAXW] = { 0 };
		int gr, br, sr, gfit, bfit, sfit, zfit;
		double gc, bc, sc, base;

		gr = quota_plan_greedy(c->w, c->nw, c->free_vcpus, c->nq, g);
		br = quota_plan_best(c->w, c->nw, c->free_vcpus, c->nq, b);
		sr = quota_plan_solve(c->w, c->nw, c->free_vcpus, c->nq, s);
		gc = cost_of(c, g, &gfit);
		bc = cost_of(c, b, &bfit);
		sc = cost_of(c, s, &sfit);
		base = cost_of(c, zero, &zfit);
		if (gr != c->greedy_fits || br != c->best_fits)
			fail_msg("case %s: greedy %d best %d", c->name, gr, br);
		assert_int_equal(gr, gfit);
		assert_int_equal(br, bfit);
		/* solve is the optimum on fleets this small */
		assert_int_equal(sr, br);
		assert_true(sc == bc);
		if (br) {
			assert_true(bc == c->best_cost);
			assert_true(bc <= gc || !gr);
		}
		if (gr) {
			assert_true(gc == c->greedy_cost);
			if (bc > base)
				worst = (gc - base) / (bc - base) > worst ? (gc - base) / (bc - base)
									  : worst;
		}
		/* greedy fits wherever the optimum does, but in case C */
		if (br && strcmp(c->name, "C") != 0)
			assert_int_equal(gr, 1);
	}
	/* the documented bound on these cases: case G, 17 against 13 */
	assert_true(worst <= 17.0 / 13.0 + 1e-9);
	assert_true(worst >= 17.0 / 13.0 - 1e-9);
}

static void bad_input(void **state)
{
	static const struct quota_plan_option bad[] = { OPT1(3, 10, 100) };
	struct quota_plan_workload w[1] = { W(bad) };
	long long free_vcpus[1] = { 5 };
	size_t choice[1];

	(void)state;
	assert_int_equal(quota_plan_greedy(w, 1, free_vcpus, 1, choice), -1);
	assert_int_equal(quota_plan_best(w, 1, free_vcpus, 1, choice), -1);
	w[0].noptions = 0;
	assert_int_equal(quota_plan_solve(w, 1, free_vcpus, 1, choice), -1);
}

/* 100,000 workloads of 8 vCPUs in quota 0 (400,000 free: 400,000 short),
 * four options each: quota 0, 1, 2, 3 at 100 + k x (1 + w % 7).  Quotas 1
 * and 2 hold 150,000 each, 3 is unchecked.  Greedy moves the cheapest
 * movers (w % 7 == 0 first) into quota 1 until 18,750 of them fill it,
 * then quota 2, then 3: 50,000 moves.  Too many combinations for
 * quota_plan_best: solve takes greedy.  A heap, not a rescan of the fleet
 * per move: the whole test runs in about 0.1 s here (O(W + M log W)). */
static void hundred_thousand(void **state)
{
	enum { N = 100000 };
	struct quota_plan_option *opts = calloc((size_t)N * 4, sizeof(*opts));
	struct quota_plan_workload *w = calloc(N, sizeof(*w));
	size_t *choice = calloc(N, sizeof(*choice));
	long long free_vcpus[4] = { 400000, 150000, 150000, -1 };
	long long used[4] = { 0 };
	size_t moved = 0;

	(void)state;
	assert_non_null(opts);
	assert_non_null(w);
	assert_non_null(choice);
	for (size_t i = 0; i < N; i++) {
		for (int k = 0; k < 4; k++) {
			struct quota_plan_option *o = &opts[i * 4 + (size_t)k];

			o->quota[0] = k;
			o->quota[1] = NONE;
			o->vcpus = 8;
			o->monthly = 100 + k * (1 + (double)(i % 7));
		}
		w[i].noptions = 4;
		w[i].options = &opts[i * 4];
	}
	assert_int_equal(quota_plan_solve(w, N, free_vcpus, 4, choice), 1);
	for (size_t i = 0; i < N; i++) {
		used[choice[i]] += 8;
		moved += choice[i] != 0;
	}
	assert_int_equal(used[0], 400000);
	assert_int_equal(used[1], 150000);
	assert_int_equal(used[2], 150000);
	assert_int_equal(used[3], 100000);
	assert_int_equal(moved, 50000);
	free(opts);
	free(w);
	free(choice);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(against_oracle),
		cmocka_unit_test(bad_input),
		cmocka_unit_test(hundred_thousand),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
