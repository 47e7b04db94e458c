/*
 * test_recommend_terms.c - recommend_build() bills every choice as Azure
 * bills it under each pricing term (docs/billing.md), on the bundled
 * catalog's indonesiacentral prices (the region with reservation prices),
 * with savings-plan prices added by hand (the bundled catalog has none):
 *
 *   Standard_NV12ads_A10_v5  payg 1.112, spot 0.205498,
 *                            reserved-1y 0.7118721461187215,
 *                            reserved-3y 0.48942161339421614,
 *                            savings-1y 0.80, savings-3y 0.60 (by hand)
 *   Standard_ND96isr_H200_v5 payg 99.216, reserved-1y 52.9119
 *
 * payg and spot bill the hours used; a commitment bills 730 h a month
 * whatever hours_per_month or a run's hours say; a workload whose hours are
 * below a commitment's break-even gets commitment-underused with both bills;
 * pricing auto bills each workload under the cheapest term for its hours.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "catalog_snapshot.h"
#include "profile.h"
#include "recommend.h"
#include "util.h"

#include "bundled_snapshot.h"

static int cmp_price(const void *a, const void *b)
{
	const struct price *x = a, *y = b;
	int r = strcmp(x->sku, y->sku);
	return r ? r : strcmp(x->region, y->region);
}

static void add_price(const char *sku, enum pricing_kind k, double hourly)
{
	struct price *p;

	snap.prices = xrealloc(snap.prices, (snap.nprices + 1) * sizeof(*snap.prices));
	p = &snap.prices[snap.nprices++];
	memset(p, 0, sizeof(*p));
	util_copy_str(p->sku, sizeof p->sku, sku);
	util_copy_str(p->region, sizeof p->region, "indonesiacentral");
	p->pricing = k;
	util_copy_str(p->os, sizeof p->os, "linux");
	util_copy_str(p->currency, sizeof p->currency, "USD");
	p->hourly = hourly;
}

/* The bundled catalog read once, with the savings-plan prices by hand. */
static int setup(void **state)
{
	if (bundled_setup(state) != 0)
		return -1;
	add_price("Standard_NV12ads_A10_v5", PRICING_SAVINGS_1Y, 0.80);
	add_price("Standard_NV12ads_A10_v5", PRICING_SAVINGS_3Y, 0.60);
	qsort(snap.prices, snap.nprices, sizeof(*snap.prices), cmp_price);
	return 0;
}

static long long cents(double v)
{
	return llround(v * 100.0);
}

/* A small service at hours a month (yaml: 1024 bytes). */
static void inference_yaml(char *yaml, size_t len, double hours)
{
	snprintf(yaml, len,
		 "gpufit: 1\n"
		 "region: indonesiacentral\n"
		 "hours_per_month: %g\n"
		 "workloads:\n"
		 "  - name: embed\n"
		 "    type: inference\n"
		 "    model: llama-3-8b\n"
		 "    precision: int4\n"
		 "    serving: { input_tokens: 512, output_tokens: 64, concurrency: 2 }\n",
		 hours);
}

/* A LoRA run of about 2.3 h on 8 H200 GPUs, runs times a month. */
static void training_yaml(char *yaml, size_t len, double runs)
{
	snprintf(yaml, len,
		 "gpufit: 1\n"
		 "region: indonesiacentral\n"
		 "workloads:\n"
		 "  - name: lora-70b\n"
		 "    type: training\n"
		 "    model: llama-3.1-70b\n"
		 "    precision: bf16\n"
		 "    training: { method: lora, tokens: 6.25e7, runs_per_month: %g }\n",
		 runs);
}

static void build(const char *yaml, enum pricing_kind k, struct profile *p,
		  struct recommend_result *r)
{
	struct diag_list errs = DIAG_LIST_INIT;
	struct recommend_options o;

	parse_profile(yaml, p);
	recommend_options_init(&o);
	o.has_pricing = 1;
	o.pricing = k == PRICING_COUNT ? PRICING_PAYG : k;
	o.pricing_auto = k == PRICING_COUNT;   /* PRICING_COUNT: --pricing auto */
	assert_int_equal(recommend_build(&snap, p, &o, r, &errs), 0);
	assert_int_equal(errs.n, 0);
	diag_list_release(&errs);
	assert_int_equal(r->nworkloads, 1);
	assert_true(r->workloads[0].feasible);
}

static const struct recommend_finding *finding(const struct recommend_workload *w,
					       const char *kind)
{
	for (size_t i = 0; i < w->nfindings; i++)
		if (strcmp(w->findings[i].kind, kind) == 0)
			return &w->findings[i];
	return NULL;
}

/* Every choice's bill is hourly_cost x hours_billed, rounded to the cent;
 * hours_billed is 730 under a commitment, else the hours used: hours a month
 * (inference), or the choice's own run hours x runs (training, runs > 0). */
static void check_choice(const struct recommend_choice *c, enum pricing_kind k, double hours,
			 double runs)
{
	double used = runs > 0 ? c->fit.job_hours * runs : hours;

	assert_float_equal(c->hours_billed,
			   k >= PRICING_RESERVED_1Y && k <= PRICING_SAVINGS_3Y ? 730 : used, 1e-6);
	assert_int_equal(cents(c->monthly_cost),
			 cents(util_round_cents(c->hourly_cost * c->hours_billed)));
}

static void check_bills(const struct recommend_workload *w, enum pricing_kind k, double hours,
			double runs)
{
	check_choice(&w->rec, k, hours, runs);
	for (size_t i = 0; i < w->nalternatives; i++)
		check_choice(&w->alternatives[i], k, hours, runs);
}

/* The service on 1 x Standard_NV12ads_A10_v5 at 200 h a month:
 *   payg        1.112 x 200 = 222.40
 *   spot        0.205498 x 200 = 41.0996 -> 41.10
 *   reserved-1y 0.711872... x 730 = 519.6667 -> 519.67 (not x 200)
 *   reserved-3y 0.489421... x 730 = 357.2778 -> 357.28
 *   savings-1y  0.80 x 730 = 584.00
 *   savings-3y  0.60 x 730 = 438.00 */
static void test_inference_every_term(void **state)
{
	static const struct {
		enum pricing_kind k;
		double billed;
		long long monthly;
	} want[] = {
		{ PRICING_PAYG, 200, 22240 },        { PRICING_SPOT, 200, 4110 },
		{ PRICING_RESERVED_1Y, 730, 51967 }, { PRICING_RESERVED_3Y, 730, 35728 },
		{ PRICING_SAVINGS_1Y, 730, 58400 },  { PRICING_SAVINGS_3Y, 730, 43800 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		struct profile p;
		struct recommend_result r;
		const struct recommend_workload *w;

		char yaml[1024];

		inference_yaml(yaml, sizeof yaml, 200);
		build(yaml, want[i].k, &p, &r);
		w = &r.workloads[0];
		assert_string_equal(w->rec.sku, "Standard_NV12ads_A10_v5");
		assert_float_equal(w->rec.hours_billed, want[i].billed, 1e-9);
		check_bills(w, want[i].k, 200, 0);
		assert_int_equal(cents(w->rec.monthly_cost), want[i].monthly);
		assert_int_equal(cents(r.monthly_cost), want[i].monthly);
		recommend_result_release(&r);
		profile_release(&p);
	}
}

/* Break-even of each commitment on Standard_NV12ads_A10_v5 (payg 1.112):
 *   reserved-1y 0.711872 / 1.112 = 0.64017 -> 467.33 h
 *   reserved-3y 0.489422 / 1.112 = 0.44013 -> 321.29 h
 *   savings-1y  0.80 / 1.112 = 0.71942 -> 525.18 h
 *   savings-3y  0.60 / 1.112 = 0.53957 -> 393.88 h
 * At 200 h a month all four are underused; at 400 h reserved-1y and
 * savings-1y only.  At 200 h the bills beside the commitment's are payg
 * 1.112 x 200 = 222.40 and spot 0.205498 x 200 = 41.10. */
static void test_commitment_underused(void **state)
{
	static const struct {
		enum pricing_kind k;
		double hours;
		int flagged;
		double break_even_hours;
		long long commit;
	} want[] = {
		{ PRICING_RESERVED_1Y, 200, 1, 467.33, 51967 },
		{ PRICING_RESERVED_3Y, 200, 1, 321.29, 35728 },
		{ PRICING_SAVINGS_1Y, 200, 1, 525.18, 58400 },
		{ PRICING_SAVINGS_3Y, 200, 1, 393.88, 43800 },
		{ PRICING_RESERVED_1Y, 400, 1, 467.33, 51967 },
		{ PRICING_RESERVED_3Y, 400, 0, 321.29, 35728 },
		{ PRICING_SAVINGS_1Y, 400, 1, 525.18, 58400 },
		{ PRICING_SAVINGS_3Y, 400, 0, 393.88, 43800 },
		{ PRICING_PAYG, 200, 0, 0, 22240 },
		{ PRICING_SPOT, 200, 0, 0, 4110 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		struct profile p;
		struct recommend_result r;
		const struct recommend_finding *f;

		char yaml[1024];

		inference_yaml(yaml, sizeof yaml, want[i].hours);
		build(yaml, want[i].k, &p, &r);
		assert_int_equal(cents(r.workloads[0].rec.monthly_cost), want[i].commit);
		f = finding(&r.workloads[0], "commitment-underused");
		if (!want[i].flagged) {
			assert_null(f);
		} else {
			const struct recommend_commitment_numbers *n;

			assert_non_null(f);
			assert_int_equal(f->severity, RECOMMEND_WARNING);
			n = f->commit;
			assert_non_null(n);
			assert_int_equal(n->term, want[i].k);
			assert_float_equal(n->hours_used, want[i].hours, 1e-9);
			assert_float_equal(n->break_even_hours, want[i].break_even_hours, 0.005);
			assert_int_equal(cents(n->commitment_monthly_cost), want[i].commit);
			/* payg 1.112 x hours; spot 0.205498 x hours */
			assert_int_equal(cents(n->payg_monthly_cost),
					 want[i].hours == 200 ? 22240 : 44480);
			assert_int_equal(cents(n->spot_monthly_cost),
					 want[i].hours == 200 ? 4110 : 8220);
			assert_non_null(strstr(f->message, "break-even"));
		}
		recommend_result_release(&r);
		profile_release(&p);
	}
}

/* A LoRA run of about 2.3 h once a month on 1 x Standard_ND96isr_H200_v5:
 * reserved-1y bills 52.9119 x 730 = 38,625.687 -> 38,625.69 a month, all of
 * it carried by the one run; twice a month each run carries the monthly
 * bill / 2: 38,625.69 / 2 = 19,312.845 -> 19,312.85.  payg bills 99.216 x the
 * run's hours.  The underused finding gives payg's bill for those hours and
 * no spot bill (the size has no spot price there). */
static void test_training_reserved(void **state)
{
	struct profile p;
	struct recommend_result r;
	const struct recommend_workload *w;
	const struct recommend_finding *f;
	double job_hours;
	char yaml[1024];

	(void)state;
	training_yaml(yaml, sizeof yaml, 1);
	build(yaml, PRICING_RESERVED_1Y, &p, &r);
	w = &r.workloads[0];
	assert_string_equal(w->rec.sku, "Standard_ND96isr_H200_v5");
	assert_int_equal(w->rec.vm_count, 1);
	job_hours = w->rec.fit.job_hours;
	assert_true(job_hours > 2.25 && job_hours < 2.35);
	check_bills(w, PRICING_RESERVED_1Y, 0, 1);
	assert_int_equal(cents(w->rec.monthly_cost), 3862569);
	assert_int_equal(cents(w->rec.job_cost), 3862569);
	f = finding(w, "commitment-underused");
	assert_non_null(f);
	assert_float_equal(f->commit->hours_used, job_hours, 1e-9);
	assert_int_equal(cents(f->commit->payg_monthly_cost),
			 cents(util_round_cents(99.216 * job_hours)));
	assert_true(isnan(f->commit->spot_monthly_cost));
	/* 52.9119 / 99.216 = 0.53330 -> 389.31 h */
	assert_float_equal(f->commit->break_even_hours, 389.31, 0.005);
	recommend_result_release(&r);
	profile_release(&p);

	training_yaml(yaml, sizeof yaml, 2);
	build(yaml, PRICING_RESERVED_1Y, &p, &r);
	w = &r.workloads[0];
	check_bills(w, PRICING_RESERVED_1Y, 0, 2);
	assert_int_equal(cents(w->rec.monthly_cost), 3862569);
	assert_int_equal(cents(w->rec.job_cost), 1931285);
	recommend_result_release(&r);
	profile_release(&p);

	/* payg: the run's hours x 99.216, once a month */
	training_yaml(yaml, sizeof yaml, 1);
	build(yaml, PRICING_PAYG, &p, &r);
	w = &r.workloads[0];
	if (strcmp(w->rec.sku, "Standard_ND96isr_H200_v5") == 0) {
		assert_int_equal(cents(w->rec.monthly_cost),
				 cents(util_round_cents(99.216 * w->rec.fit.job_hours)));
		assert_int_equal(cents(w->rec.job_cost), cents(w->rec.monthly_cost));
	}
	check_bills(w, PRICING_PAYG, 0, 1);
	assert_null(finding(w, "commitment-underused"));
	recommend_result_release(&r);
	profile_release(&p);
}

/* pricing auto picks, per workload, the cheapest term for its hours:
 *   200 h: payg 1.112 x 200 = 222.40 < reserved-3y 357.28 < reserved-1y
 *          519.67 < savings-3y 438.00 < savings-1y 584.00 -> payg
 *   600 h: payg 667.20; reserved-3y 357.28 the least -> reserved-3y, its
 *          break-even 0.489422 / 1.112 = 0.4401
 * and a 2.3 h run once a month payg, 200 such runs (460 h) reserved-3y:
 * 43.655 x 730 = 31,868.15 < payg 99.216 x 460 h. */
static void test_auto(void **state)
{
	struct profile p;
	struct recommend_result r;
	char yaml[1024];

	(void)state;
	inference_yaml(yaml, sizeof yaml, 200);
	build(yaml, PRICING_COUNT, &p, &r);
	assert_true(r.pricing_auto);
	assert_int_equal(r.workloads[0].rec.pricing, PRICING_PAYG);
	assert_true(r.workloads[0].rec.break_even < 0);
	assert_int_equal(cents(r.workloads[0].rec.monthly_cost), 22240);
	assert_int_equal(cents(r.monthly_cost), 22240);
	check_bills(&r.workloads[0], PRICING_PAYG, 200, 0);
	recommend_result_release(&r);
	profile_release(&p);

	inference_yaml(yaml, sizeof yaml, 600);
	build(yaml, PRICING_COUNT, &p, &r);
	assert_int_equal(r.workloads[0].rec.pricing, PRICING_RESERVED_3Y);
	assert_float_equal(r.workloads[0].rec.break_even, 0.48942161339421614 / 1.112, 1e-9);
	assert_int_equal(cents(r.workloads[0].rec.monthly_cost), 35728);
	assert_int_equal(cents(r.monthly_cost), 35728);
	check_bills(&r.workloads[0], PRICING_RESERVED_3Y, 600, 0);
	assert_null(finding(&r.workloads[0], "commitment-underused"));
	recommend_result_release(&r);
	profile_release(&p);

	training_yaml(yaml, sizeof yaml, 1);
	build(yaml, PRICING_COUNT, &p, &r);
	assert_int_equal(r.workloads[0].rec.pricing, PRICING_PAYG);
	recommend_result_release(&r);
	profile_release(&p);

	training_yaml(yaml, sizeof yaml, 200);
	build(yaml, PRICING_COUNT, &p, &r);
	assert_int_equal(r.workloads[0].rec.pricing, PRICING_RESERVED_3Y);
	assert_string_equal(r.workloads[0].rec.sku, "Standard_ND96isr_H200_v5");
	assert_int_equal(cents(r.workloads[0].rec.monthly_cost), 3186815);
	/* the price ages are those of the term it is billed under: reserved-3y
	 * only (it was the plan term's, payg, though no payg price is billed) */
	assert_int_equal(r.nprice_ages, 1);
	assert_int_equal(r.price_ages[0].pricing, PRICING_RESERVED_3Y);
	assert_int_equal(r.price_ages[0].nused, 1);
	assert_string_equal(r.price_ages[0].oldest_sku, "Standard_ND96isr_H200_v5");
	recommend_result_release(&r);
	profile_release(&p);
}

/* The stale-price warning reads the price ages, one line per term: on
 * 2026-11-30, eastus payg of 2024-08-26 is 826 days old (2024-08-26 to
 * 2026-08-26 is 730 days, to 2026-11-26 92 more, +4) and eastus reserved-3y
 * of 2026-06-21 162 days (9 + 31 + 31 + 30 + 31 + 30 to Nov 30); westus2 payg
 * of 2026-10-01 is 60 days old, within 90: not named; an undated price is
 * not judged here (the gate says its age is unknown). */
/* The terms a choice bills under, as every format names them: a load plan's
 * levels' terms (commitments first), else the run's term; several of them
 * make JSON's pricing null. */
static void test_terms_label(void **state)
{
	struct recommend_workload w;
	struct recommend_choice alt;
	char buf[64];

	(void)state;
	memset(&w, 0, sizeof w);
	memset(&alt, 0, sizeof alt);
	w.rec.pricing = PRICING_RESERVED_3Y;
	/* not a load plan: the run's term */
	assert_string_equal(recommend_terms_label(&w, &alt, buf, sizeof buf), "reserved-3y");
	assert_false(recommend_terms_several(&alt));
	/* a load plan whose every level is on payg in the reserved-3y run */
	alt.terms = 1u << PRICING_PAYG;
	assert_string_equal(recommend_terms_label(&w, &alt, buf, sizeof buf), "payg");
	assert_false(recommend_terms_several(&alt));
	/* the base on the commitment, the burst on payg */
	alt.terms |= 1u << PRICING_RESERVED_3Y;
	assert_string_equal(recommend_terms_label(&w, &alt, buf, sizeof buf), "reserved-3y+payg");
	assert_true(recommend_terms_several(&alt));
	alt.terms = 1u << PRICING_SAVINGS_1Y | 1u << PRICING_RESERVED_1Y | 1u << PRICING_PAYG;
	assert_string_equal(recommend_terms_label(&w, &alt, buf, sizeof buf),
			    "reserved-1y+savings-1y+payg");
	/* a short buffer is cut, never overrun */
	assert_string_equal(recommend_terms_label(&w, &alt, buf, 12), "reserved-1y");
}

static void test_price_age_warning(void **state)
{
	struct recommend_result r;
	struct recommend_price_age a[4];

	(void)state;
	memset(&r, 0, sizeof r);
	memset(a, 0, sizeof a);
	snprintf(a[0].region, sizeof a[0].region, "eastus");
	a[0].pricing = PRICING_PAYG;
	snprintf(a[0].oldest, sizeof a[0].oldest, "2024-08-26");
	snprintf(a[1].region, sizeof a[1].region, "eastus");
	a[1].pricing = PRICING_RESERVED_3Y;
	snprintf(a[1].oldest, sizeof a[1].oldest, "2026-06-21");
	snprintf(a[2].region, sizeof a[2].region, "westus2");
	a[2].pricing = PRICING_PAYG;
	snprintf(a[2].oldest, sizeof a[2].oldest, "2026-10-01");
	snprintf(a[3].region, sizeof a[3].region, "westus3");
	a[3].pricing = PRICING_PAYG;
	a[3].nundated = 1;
	r.price_ages = a;
	r.nprice_ages = 4;
	recommend_price_age_warning(&r, "2026-11-30");
	assert_int_equal(r.nwarnings, 2);
	assert_string_equal(r.warnings[0], "payg prices older than 90 days in eastus (826 days, "
					   "2024-08-26); run 'gpufit catalog refresh' for current ones");
	assert_string_equal(r.warnings[1], "reserved-3y prices older than 90 days in eastus (162 "
					   "days, 2026-06-21); run 'gpufit catalog refresh' for current "
					   "ones");
	/* no date to judge against: no warning */
	recommend_price_age_warning(&r, NULL);
	assert_int_equal(r.nwarnings, 2);
	r.price_ages = NULL;
	r.nprice_ages = 0;
	recommend_result_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inference_every_term),
		cmocka_unit_test(test_commitment_underused),
		cmocka_unit_test(test_training_reserved),
		cmocka_unit_test(test_auto),
		cmocka_unit_test(test_price_age_warning),
		cmocka_unit_test(test_terms_label),
	};
	return cmocka_run_group_tests(tests, setup, bundled_teardown);
}
