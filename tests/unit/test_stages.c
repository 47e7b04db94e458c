/*
 * test_stages.c - the stages of a recommendation on catalogs built by hand
 * (fixture_catalog.h), every expected number worked out in the comment
 * beside it: the fit of a small LLM on two sizes, recommend_build choosing
 * the cheaper size and ordering the alternatives, an infeasible workload's
 * closest option, the bills and totals under two terms, and the MIG plan of
 * three tiny workloads on one MIG-capable size; and the allocate stage on its
 * own, from what rank and the MIG plan hand on.  No catalog file is opened.
 *
 * The fixture's memory rules (docs/sizing.md): usable memory = GiB x 0.9;
 * the runtime overhead 1 GiB; a generic workload needs its GiB x 1.15
 * (headroom) + 1 GiB and its fp16 TFLOPS x 1.15.  Bills (docs/billing.md):
 * hourly x VMs x hours, 730 h a month under a commitment whatever the use.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bill.h"
#include "catalog_snapshot.h"
#include "diag.h"
#include "fit.h"
#include "profile.h"
#include "recommend.h"
#include "sizing.h"

#include "fixture_catalog.h"
/* the stages' hand-on structs (rec_env, rec_ranked, rec_mig), not public */
#include "../../src/plan/recommend_internal.h"

static void parse(const char *yaml, struct profile *p)
{
	struct diag_list errs = DIAG_LIST_INIT;

	if (profile_parse_buffer("t.yaml", yaml, strlen(yaml), NULL, p, &errs) != 0) {
		diag_list_print(&errs, stderr);
		diag_list_release(&errs);
		fail_msg("profile does not parse:\n%s", yaml);
	}
	diag_list_release(&errs);
}

static void build(const struct catalog_snapshot *s, const char *yaml, struct profile *p,
		  struct recommend_result *res)
{
	struct diag_list errs = DIAG_LIST_INIT;
	struct recommend_options o;

	parse(yaml, p);
	recommend_options_init(&o);
	assert_int_equal(recommend_build(s, p, &o, res, &errs), 0);
	if (errs.n)
		diag_list_print(&errs, stderr);
	assert_int_equal(errs.n, 0);
	diag_list_release(&errs);
}

static const struct recommend_workload *workload(const struct recommend_result *r,
						 const char *name)
{
	for (size_t i = 0; i < r->nworkloads; i++)
		if (strcmp(r->workloads[i].name, name) == 0)
			return &r->workloads[i];
	fail_msg("no workload '%s'", name);
	return NULL;
}

/*
 * A 4B model in fp16 (32 layers, hidden 3072, 8 KV heads of 128) serving
 * 16 sequences of 1,024 + 1,024 tokens, on one 8 GiB GPU and on one 24 GiB
 * GPU.  By hand:
 *   weights     4e9 x 2 B = 8e9 B = 7.450581 GiB
 *   KV a token  2 (K, V) x 32 layers x 8 heads x 128 x 2 B = 131,072 B
 *   KV a seq    2,048 tokens x 131,072 B = 0.25 GiB
 *   activations 2,048 tokens x 3,072 x 2 B = 0.011719 GiB
 *   overhead    1 GiB
 * The fit sizes in the memory the 15 % headroom leaves (GiB / 1.15) and
 * reports its figures x 1.15:
 *   8 GiB:  usable 8 / 1.15 x 0.9 = 6.26 GiB < 7.45 GiB of weights: a memory
 *           rejection; need = (7.450581 + 0.25 (one sequence) + 0.011719 +
 *           1) x 1.15 = 10.019144 GiB, have = 8 x 0.9 = 7.2 GiB.
 *   24 GiB: usable 24 / 1.15 x 0.9 = 18.782609 GiB; free for KV 18.782609 -
 *           7.450581 - 0.011719 - 1 = 10.320309 GiB = 41 sequences, so the 16
 *           fit one VM; need = (7.450581 + 16 x 0.25 + 0.011719 + 1) x 1.15 =
 *           12.462299 x 1.15 = 14.331644 GiB, have 24 x 0.9 = 21.6 GiB,
 *           headroom (21.6 - 12.462299) / 12.462299 = 73.32 %.
 */
static void test_fit_llm(void **state)
{
	struct catalog_snapshot s;
	struct sizing_factors f;
	struct sizing_capacity cap;
	struct fit_workload w;
	struct fit_result r;
	char err[256];

	(void)state;
	fixture_init(&s);
	fixture_gpu(&s, "T8-PCIe-8GB", 8, 65, 300, 40, 0);
	fixture_gpu(&s, "T24-PCIe-24GB", 24, 120, 600, 60, 0);
	fixture_vm(&s, "Standard_T8", "T8-PCIe-8GB", 1, 8, 0);
	fixture_vm(&s, "Standard_T24", "T24-PCIe-24GB", 1, 8, 0);
	fixture_finish(&s);

	memset(&w, 0, sizeof(w));
	w.kind = FIT_LLM_INFERENCE;
	strcpy(w.model.name, "test-4b");
	w.model.params_b = 4;
	w.model.active_params_b = 4;
	w.model.layers = 32;
	w.model.hidden = 3072;
	w.model.intermediate = 8192;
	w.model.heads = 24;
	w.model.kv_heads = 8;
	w.model.head_dim = 128;
	w.model.vocab = 32000;
	w.precision = w.kv_precision = SIZING_FP16;
	w.input_tokens = 1024;
	w.output_tokens = 1024;
	w.concurrency = 16;
	w.engine = SIZING_ENGINE_VLLM;
	w.replicas = 1;
	w.headroom = 0.15;
	w.runs_per_month = 1;

	/* the sizes are sorted by sku: Standard_T24 before Standard_T8 */
	assert_string_equal(s.vms[0].sku, "Standard_T24");
	assert_int_equal(sizing_factors_resolve(s.eff, s.neff, &s.gpus[0], &f, err), 0);
	assert_float_equal(f.memory_utilization, 0.9, 1e-12);

	assert_int_equal(sizing_capacity_from_vm(&s.vms[1], &s.gpus[0], 1, &cap), 0);
	assert_int_equal(fit_evaluate(&w, &cap, 0, &f, &r), 0);
	assert_int_equal(r.reject, FIT_REJ_MEMORY);
	assert_float_equal(r.need, 10.019144249, 1e-6);
	assert_float_equal(r.have, 7.2, 1e-9);
	assert_string_equal(r.note, "the weights do not fit in GPU memory");

	assert_int_equal(sizing_capacity_from_vm(&s.vms[0], &s.gpus[1], 1, &cap), 0);
	assert_int_equal(fit_evaluate(&w, &cap, 0, &f, &r), 0);
	assert_int_equal(r.reject, FIT_OK);
	assert_int_equal(r.vm_count, 1);
	assert_int_equal(r.gpu_count, 1);
	assert_int_equal(r.instances, 1);
	assert_int_equal(r.tp, 1);
	assert_float_equal(r.memory_need_gib, 14.331644249, 1e-6);
	assert_float_equal(r.memory_have_gib, 21.6, 1e-9);
	assert_float_equal(r.memory_headroom_pct, 73.32275047, 1e-6);

	catalog_snapshot_release(&s);
}

/* Three sizes of one GPU each, priced in eastus (USD an hour):
 *   Standard_T16  16 GiB,  65 TFLOPS   payg 1.00   reserved-1y 0.60
 *   Standard_T24  24 GiB, 120 TFLOPS   payg 1.50   reserved-1y 0.90
 *   Standard_M80  80 GiB, 400 TFLOPS   payg 4.00   reserved-1y 2.50
 * usable memory 14.4, 21.6 and 72 GiB.  No MIG profiles. */
static void three_sizes(struct catalog_snapshot *s)
{
	fixture_init(s);
	fixture_gpu(s, "T16-PCIe-16GB", 16, 65, 300, 40, 0);
	fixture_gpu(s, "T24-PCIe-24GB", 24, 120, 600, 60, 0);
	fixture_gpu(s, "M80-SXM-80GB", 80, 400, 2000, 98, 0);
	fixture_vm(s, "Standard_T16", "T16-PCIe-16GB", 1, 8, 0);
	fixture_vm(s, "Standard_T24", "T24-PCIe-24GB", 1, 8, 0);
	fixture_vm(s, "Standard_M80", "M80-SXM-80GB", 1, 24, 0);
	fixture_price(s, "Standard_T16", "eastus", PRICING_PAYG, 1.00);
	fixture_price(s, "Standard_T24", "eastus", PRICING_PAYG, 1.50);
	fixture_price(s, "Standard_M80", "eastus", PRICING_PAYG, 4.00);
	fixture_price(s, "Standard_T16", "eastus", PRICING_RESERVED_1Y, 0.60);
	fixture_price(s, "Standard_T24", "eastus", PRICING_RESERVED_1Y, 0.90);
	fixture_price(s, "Standard_M80", "eastus", PRICING_RESERVED_1Y, 2.50);
	fixture_finish(s);
}

/*
 * small needs 4 x 1.15 + 1 = 5.6 GiB and 20 x 1.15 = 23 TFLOPS: every size
 * holds it, the cheapest is Standard_T16, 1.00 x 1 VM x 730 h = 730.00 a
 * month; the alternatives follow by monthly cost: Standard_T24 1.50 x 730 =
 * 1,095.00, Standard_M80 4.00 x 730 = 2,920.00.
 * huge needs 100 x 1.15 + 1 = 116 GiB of one GPU: no size holds it.  The
 * closest miss is Standard_M80, 116 / 72 - 1 = 61.1 % short (Standard_T24
 * misses by 116 / 21.6 - 1 = 437 %, Standard_T16 by 706 %).
 */
static void test_recommend_cheaper_and_closest(void **state)
{
	static const char yaml[] =
		"gpufit: 1\n"
		"region: eastus\n"
		"workloads:\n"
		"  - name: small\n"
		"    type: inference\n"
		"    requirements: { gpu_memory_gib: 4, tflops_fp16: 20 }\n"
		"  - name: huge\n"
		"    type: inference\n"
		"    requirements: { gpu_memory_gib: 100, tflops_fp16: 10 }\n";
	struct catalog_snapshot s;
	struct profile p;
	struct recommend_result res;
	const struct recommend_workload *w;

	(void)state;
	three_sizes(&s);
	build(&s, yaml, &p, &res);
	assert_int_equal(res.nworkloads, 2);
	assert_int_equal(res.infeasible, 1);
	assert_false(res.mig.present);

	w = workload(&res, "small");
	assert_true(w->feasible);
	assert_string_equal(w->rec.sku, "Standard_T16");
	assert_string_equal(w->rec.region, "eastus");
	assert_int_equal(w->rec.vm_count, 1);
	assert_float_equal(w->rec.unit_hourly, 1.00, 1e-12);
	assert_float_equal(w->rec.monthly_cost, 730.00, 1e-9);
	assert_float_equal(w->needs.gpu_memory_gib, 5.6, 1e-9);
	assert_int_equal(w->nalternatives, 2);
	assert_string_equal(w->alternatives[0].sku, "Standard_T24");
	assert_float_equal(w->alternatives[0].monthly_cost, 1095.00, 1e-9);
	assert_string_equal(w->alternatives[1].sku, "Standard_M80");
	assert_float_equal(w->alternatives[1].monthly_cost, 2920.00, 1e-9);
	assert_null(w->closest);

	w = workload(&res, "huge");
	assert_false(w->feasible);
	assert_non_null(w->closest);
	assert_string_equal(w->closest->sku, "Standard_M80");
	assert_int_equal(w->closest->fit.reject, FIT_REJ_MEMORY);
	assert_float_equal(w->closest->fit.need, 116, 1e-9);
	assert_float_equal(w->closest->fit.have, 72, 1e-9);
	assert_float_equal(w->closest_margin, 116.0 / 72.0 - 1, 1e-9);

	/* the fleet is not complete (huge has no option): what is priced is
	 * small's 730.00 */
	assert_false(res.complete);
	assert_float_equal(res.priced_monthly_cost, 730.00, 1e-9);

	recommend_result_release(&res);
	profile_release(&p);
	catalog_snapshot_release(&s);
}

/*
 * The bills of two workloads, 200 hours a month: small (5.6 GiB) x 2
 * replicas on Standard_T16, mid (18 x 1.15 + 1 = 21.7 GiB: not in
 * Standard_T24's 21.6) on Standard_M80.
 *   payg:        small 1.00 x 2 VMs x 200 h =   400.00
 *                mid   4.00 x 1 VM  x 200 h =   800.00   total 1,200.00
 *   reserved-1y: billed 730 h whatever the use:
 *                small 0.60 x 2 x 730       =   876.00
 *                mid   2.50 x 1 x 730       = 1,825.00   total 2,701.00
 */
static void test_bills_and_totals(void **state)
{
	static const char yaml[] =
		"gpufit: 1\n"
		"region: eastus\n"
		"pricing: %s\n"
		"hours_per_month: 200\n"
		"workloads:\n"
		"  - name: small\n"
		"    type: inference\n"
		"    requirements: { gpu_memory_gib: 4, tflops_fp16: 20 }\n"
		"    replicas: 2\n"
		"  - name: mid\n"
		"    type: inference\n"
		"    requirements: { gpu_memory_gib: 18, tflops_fp16: 50 }\n";
	static const struct {
		const char *pricing;
		double small, mid, hours_billed, total;
	} terms[] = {
		{ "payg", 400.00, 800.00, 200, 1200.00 },
		{ "reserved-1y", 876.00, 1825.00, 730, 2701.00 },
	};
	struct catalog_snapshot s;

	(void)state;
	three_sizes(&s);
	for (size_t i = 0; i < sizeof(terms) / sizeof(terms[0]); i++) {
		char text[sizeof(yaml) + 16];
		struct profile p;
		struct recommend_result res;
		const struct recommend_workload *small, *mid;
		enum pricing_kind kind;

		snprintf(text, sizeof(text), yaml, terms[i].pricing);
		assert_int_equal(pricing_parse(terms[i].pricing, &kind), 0);
		build(&s, text, &p, &res);
		small = workload(&res, "small");
		mid = workload(&res, "mid");
		assert_string_equal(small->rec.sku, "Standard_T16");
		assert_int_equal(small->rec.vm_count, 2);
		assert_float_equal(small->rec.hours_billed, terms[i].hours_billed, 1e-9);
		assert_float_equal(small->rec.monthly_cost, terms[i].small, 1e-9);
		assert_string_equal(mid->rec.sku, "Standard_M80");
		assert_float_equal(mid->rec.monthly_cost, terms[i].mid, 1e-9);
		/* each is bill_monthly() of its price, VMs and hours */
		assert_float_equal(small->rec.monthly_cost,
				   bill_monthly(kind, small->rec.unit_hourly, 2, 200), 1e-9);
		assert_float_equal(mid->rec.monthly_cost,
				   bill_monthly(kind, mid->rec.unit_hourly, 1, 200), 1e-9);
		assert_true(res.complete);
		assert_float_equal(res.monthly_cost, terms[i].total, 1e-9);
		recommend_result_release(&res);
		profile_release(&p);
	}
	catalog_snapshot_release(&s);
}

/*
 * Three tiny services (2 GiB, 5 TFLOPS each: need 3.3 GiB and 5.75 TFLOPS)
 * where one MIG-capable size and one small size are sold in eastus:
 *   Standard_M80  1 x M80-SXM-80GB, MIG   payg 4.00 an hour
 *   Standard_T16  1 x T16-PCIe-16GB       payg 2.00 an hour
 * A 1g.10gb slice (1 of 7 compute slices, 1 of 8 memory slices; 8.775 GiB
 * usable, 400 x 14 / 98 = 57 TFLOPS) holds each.  At its share of the GPU,
 * max(1/7, 1/8) x 4.00 x 730 = 417.14 a month, it is cheaper than a
 * Standard_T16 of its own (2.00 x 730 = 1,460.00), so the three are packed:
 * three 1g.10gb slices on one GPU, one pool of one Standard_M80 VM,
 * 4.00 x 1 x 730 = 2,920.00 a month, less than the three dedicated options
 * (3 x 1,460.00 = 4,380.00), so the plan is used.  Each is charged its part,
 * in proportion to its dedicated cost (equal): 292,000 cents / 3 = 97,333
 * each and one cent left, to the first: 973.34, 973.33, 973.33.
 */
static void test_mig_plan(void **state)
{
	static const char yaml[] =
		"gpufit: 1\n"
		"region: eastus\n"
		"workloads:\n"
		"  - name: tiny-a\n"
		"    type: inference\n"
		"    requirements: { gpu_memory_gib: 2, tflops_fp16: 5 }\n"
		"  - name: tiny-b\n"
		"    type: inference\n"
		"    requirements: { gpu_memory_gib: 2, tflops_fp16: 5 }\n"
		"  - name: tiny-c\n"
		"    type: inference\n"
		"    requirements: { gpu_memory_gib: 2, tflops_fp16: 5 }\n";
	static const double parts[] = { 973.34, 973.33, 973.33 };
	struct catalog_snapshot s;
	struct profile p;
	struct recommend_result res;
	const struct mig_plan_pool *pool;

	(void)state;
	fixture_init(&s);
	fixture_gpu(&s, "M80-SXM-80GB", 80, 400, 2000, 98, 7);
	fixture_gpu(&s, "T16-PCIe-16GB", 16, 65, 300, 40, 0);
	fixture_mig(&s, "M80-SXM-80GB", "1g.10gb", 1, 1, 9.75, 14, 7, 0x7f, "MIG1g");
	fixture_mig(&s, "M80-SXM-80GB", "2g.20gb", 2, 2, 19.5, 28, 3, 0x15, "MIG2g");
	fixture_mig(&s, "M80-SXM-80GB", "3g.40gb", 3, 4, 39.25, 42, 2, 0x11, "MIG3g");
	fixture_mig(&s, "M80-SXM-80GB", "7g.80gb", 7, 8, 79.25, 98, 1, 0x01, "MIG7g");
	fixture_vm(&s, "Standard_M80", "M80-SXM-80GB", 1, 24, 1);
	fixture_vm(&s, "Standard_T16", "T16-PCIe-16GB", 1, 8, 0);
	fixture_price(&s, "Standard_M80", "eastus", PRICING_PAYG, 4.00);
	fixture_price(&s, "Standard_T16", "eastus", PRICING_PAYG, 2.00);
	fixture_finish(&s);

	build(&s, yaml, &p, &res);
	assert_true(res.mig.present);
	assert_int_equal(res.mig.nworkloads, 3);
	assert_int_equal(res.mig.npools, 1);
	assert_int_equal(res.mig.ndedicated, 0);
	pool = &res.mig.pools[0];
	assert_string_equal(pool->sku, "Standard_M80");
	assert_string_equal(pool->region, "eastus");
	assert_string_equal(pool->mig_profile, "1g.10gb");
	assert_string_equal(pool->aks_profile, "MIG1g");
	assert_int_equal(pool->vm_count, 1);
	assert_int_equal(pool->slices_used, 3);
	assert_float_equal(pool->monthly_cost, 2920.00, 1e-9);
	assert_int_equal(res.mig.nregions, 1);
	assert_true(res.mig.regions[0].used_in_totals);
	assert_float_equal(res.mig.regions[0].monthly_cost, 2920.00, 1e-9);
	assert_float_equal(res.mig.regions[0].dedicated_monthly_cost, 4380.00, 1e-9);
	assert_float_equal(res.mig.savings_monthly, 1460.00, 1e-9);

	for (size_t i = 0; i < 3; i++) {
		const struct recommend_workload *w = &res.workloads[i];
		const struct recommend_mig_use *u = recommend_mig_use_of(w);

		assert_int_equal(u->use, RECOMMEND_BASIS_PLAN);
		assert_string_equal(u->mig_profile, "1g.10gb");
		assert_float_equal(u->share_monthly, 417.14, 1e-9);
		assert_float_equal(u->dedicated_monthly, 1460.00, 1e-9);
		assert_string_equal(u->dedicated_sku, "Standard_T16");
		assert_float_equal(u->part_monthly, parts[i], 1e-9);
		assert_float_equal(w->rec.monthly_cost, parts[i], 1e-9);
	}
	assert_true(res.complete);
	assert_float_equal(res.monthly_cost, 2920.00, 1e-9);

	recommend_result_release(&res);
	profile_release(&p);
	catalog_snapshot_release(&s);
}

/*
 * The allocate stage alone, on the values rank and the MIG plan hand on
 * (no catalog, no sizing).  Two workloads in eastus, payg, 730 h:
 *   whole  ranked Standard_A, one whole VM, $100.00/month: not a MIG
 *          candidate, so its recommendation is that option as ranked.
 *   slice  ranked a 1g.10gb slice of Standard_M at its share of a GPU,
 *          $30.00/month; the MIG plan packed nothing (covered 0, the plan
 *          has no region), so the totals rule bills its dedicated fallback,
 *          1 x Standard_T16 at $1.00/h x 730 h = $730.00, basis dedicated.
 *   fleet  100.00 + 730.00 = $830.00.
 * Its MIG use keeps what the ranking offered: the share $30.00 against the
 * dedicated $730.00.
 */
static void test_allocate_stage(void **state)
{
	static char regions[1][32] = { "eastus" };
	struct recommend_options o;
	struct profile p;
	struct rec_env env;
	struct recommend_choice best[2];
	const struct recommend_choice *best_of[2];
	struct fallback fb;
	int fb_of[2] = { -1, 0 };
	struct pack_need needs[2];
	struct rec_ranked ranked;
	unsigned char covered[2] = { 0, 0 }, outside[2] = { 0, 0 };
	int first_pool[2] = { -1, -1 };
	struct placed placed[2];
	struct rec_mig mig;
	const struct rec_in in = { &env, &ranked, &mig };
	struct recommend_result res;
	const struct recommend_workload *whole, *slice;

	(void)state;
	recommend_options_init(&o);
	memset(&p, 0, sizeof p);
	memset(&env, 0, sizeof env);
	env.p = &p;
	env.o = &o;
	env.regions = regions;
	env.nregions = 1;
	env.pricing = PRICING_PAYG;
	env.currency = "USD";
	env.hours = 730;

	memset(best, 0, sizeof best);
	snprintf(best[0].sku, sizeof best[0].sku, "Standard_A");
	snprintf(best[0].region, sizeof best[0].region, "eastus");
	best[0].placement = FIT_PLACEMENT_VM;
	best[0].vm_count = 1;
	best[0].monthly_cost = 100.00;
	snprintf(best[1].sku, sizeof best[1].sku, "Standard_M");
	snprintf(best[1].region, sizeof best[1].region, "eastus");
	snprintf(best[1].mig_profile, sizeof best[1].mig_profile, "1g.10gb");
	best[1].placement = FIT_PLACEMENT_MIG;
	best[1].vm_count = 1;
	best[1].monthly_cost = 30.00;

	memset(&fb, 0, sizeof fb);
	fb.has = 1;
	snprintf(fb.ded.sku, sizeof fb.ded.sku, "Standard_T16");
	snprintf(fb.ded.region, sizeof fb.ded.region, "eastus");
	fb.ded.placement = FIT_PLACEMENT_VM;
	fb.ded.vm_count = 1;
	fb.ded.unit_hourly = 1.00;
	fb.ded.monthly_cost = 730.00;
	fb.list = calloc(1, sizeof(*fb.list));   /* D_w, no further alternatives */
	assert_non_null(fb.list);
	fb.list[0] = fb.ded;

	memset(needs, 0, sizeof needs);
	memset(&ranked, 0, sizeof ranked);
	best_of[0] = &best[0];
	best_of[1] = &best[1];
	ranked.best = best_of;
	ranked.needs = needs;
	ranked.fbpool = &fb;
	ranked.nfbpool = 1;
	ranked.fb_of = fb_of;
	memset(placed, 0, sizeof placed);
	placed[0].ded_vm = placed[1].ded_vm = -1;
	memset(&mig, 0, sizeof mig);
	mig.covered = covered;
	mig.outside = outside;
	mig.first_pool = first_pool;
	mig.placed = placed;

	memset(&res, 0, sizeof res);
	res.workloads = calloc(2, sizeof(*res.workloads));
	assert_non_null(res.workloads);
	res.nworkloads = 2;
	for (size_t i = 0; i < 2; i++) {
		snprintf(res.workloads[i].name, sizeof res.workloads[i].name, "%s",
			 i ? "slice" : "whole");
		res.workloads[i].type = PROFILE_INFERENCE;
		res.workloads[i].replicas = 1;
		res.workloads[i].feasible = 1;
	}

	recommend_apply_totals(&in, &res);
	whole = workload(&res, "whole");
	slice = workload(&res, "slice");
	assert_string_equal(whole->rec.sku, "Standard_A");
	assert_float_equal(whole->rec.monthly_cost, 100.00, 1e-9);
	assert_null(whole->mig_use);
	assert_string_equal(slice->rec.sku, "Standard_T16");
	assert_string_equal(slice->rec.mig_profile, "");
	assert_int_equal(slice->rec.basis, RECOMMEND_BASIS_DEDICATED);
	assert_float_equal(slice->rec.monthly_cost, 730.00, 1e-9);
	assert_non_null(slice->mig_use);
	assert_int_equal(slice->mig_use->use, RECOMMEND_BASIS_DEDICATED);
	assert_float_equal(slice->mig_use->share_monthly, 30.00, 1e-9);
	assert_float_equal(slice->mig_use->dedicated_monthly, 730.00, 1e-9);
	assert_float_equal(res.monthly_cost, 830.00, 1e-9);
	/* the ranking it was given is unchanged */
	assert_string_equal(best[1].sku, "Standard_M");

	recommend_fallback_release(&res, &fb);
	recommend_result_release(&res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fit_llm),
		cmocka_unit_test(test_recommend_cheaper_and_closest),
		cmocka_unit_test(test_bills_and_totals),
		cmocka_unit_test(test_mig_plan),
		cmocka_unit_test(test_allocate_stage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
