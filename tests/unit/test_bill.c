/*
 * test_bill.c - the one billing rule (bill.h) against hand arithmetic for
 * every term.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bill.h"

static void test_hours_used_terms(void **state)
{
	(void)state;
	/* payg: 2 VMs at $3.673/h for 730 h = 3.673 x 2 x 730 = 5,362.58 */
	assert_float_equal(bill_monthly(PRICING_PAYG, 3.673, 2, 730), 5362.58, 1e-9);
	/* payg, fractional hours: 1 VM at $27.197/h for 48.52 h = 1,319.598... -> 1,319.60 */
	assert_float_equal(bill_monthly(PRICING_PAYG, 27.197, 1, 48.52), 1319.60, 1e-9);
	/* spot: the hours used, 200 h x $1.10 x 3 = 660.00 */
	assert_float_equal(bill_monthly(PRICING_SPOT, 1.10, 3, 200), 660.00, 1e-9);
	/* 2.3 h on one VM at $98.32/h = 226.136 -> 226.14 */
	assert_float_equal(bill_monthly(PRICING_SPOT, 98.32, 1, 2.3), 226.14, 1e-9);
	assert_float_equal(bill_hours(PRICING_PAYG, 200), 200, 0);
	assert_float_equal(bill_hours(PRICING_SPOT, 0.5), 0.5, 0);
}

static void test_commitments_bill_every_hour(void **state)
{
	static const enum pricing_kind terms[] = { PRICING_RESERVED_1Y, PRICING_RESERVED_3Y,
						   PRICING_SAVINGS_1Y, PRICING_SAVINGS_3Y };
	(void)state;
	for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++) {
		assert_true(bill_is_commitment(terms[i]));
		/* a 2.3-hour run on a reserved VM at $52.91/h is still
		 * 52.91 x 730 = 38,624.30 a month */
		assert_float_equal(bill_monthly(terms[i], 52.91, 1, 2.3), 38624.30, 1e-9);
		/* hours_per_month 200 does not reduce it: 2 x 1.5 x 730 = 2,190 */
		assert_float_equal(bill_monthly(terms[i], 1.5, 2, 200), 2190.00, 1e-9);
		/* nor does no use at all */
		assert_float_equal(bill_hours(terms[i], 0), 730, 0);
	}
	assert_false(bill_is_commitment(PRICING_PAYG));
	assert_false(bill_is_commitment(PRICING_SPOT));
}

static void test_share_of_a_vm(void **state)
{
	(void)state;
	/* a part of a plan allocated half a VM: 0.5 x $6.98/h x 730 = 2,547.70 */
	assert_float_equal(bill_monthly(PRICING_PAYG, 6.98, 0.5, 730), 2547.70, 1e-9);
}

static void test_nothing_to_bill(void **state)
{
	(void)state;
	assert_float_equal(bill_monthly(PRICING_PAYG, 0, 1, 730), 0, 0);
	assert_float_equal(bill_monthly(PRICING_PAYG, 1, 0, 730), 0, 0);
	assert_float_equal(bill_monthly(PRICING_PAYG, 1, 1, 0), 0, 0);
	assert_float_equal(bill_monthly(PRICING_PAYG, 1, 1, -5), 0, 0);
	assert_float_equal(bill_monthly(PRICING_PAYG, NAN, 1, 730), 0, 0);
	assert_float_equal(bill_monthly(PRICING_PAYG, 1, INFINITY, 730), 0, 0);
	assert_float_equal(bill_monthly(PRICING_PAYG, 1e300, 1e300, 730), 0, 0);
	/* a commitment bills its hours even with no use, but not without a price */
	assert_float_equal(bill_monthly(PRICING_RESERVED_1Y, 0, 1, 0), 0, 0);
}

static void test_break_even(void **state)
{
	(void)state;
	/* reserved $2.30/h against payg $3.673/h: 2.30 / 3.673 = 0.6262... */
	assert_float_equal(bill_break_even(2.30, 3.673), 2.30 / 3.673, 1e-12);
	assert_true(bill_break_even(2.30, 3.673) < 1);
	assert_true(bill_break_even(1, 0) < 0);
	assert_true(bill_break_even(0, 1) < 0);
}

/* Cents: rounded half away from zero, saturated (never wrapped) at
 * BILL_CENTS_MAX; sums saturate the same way.  9e11 USD/h x 730 h x 10,000
 * VMs = 6.57e18 USD = 6.57e20 cents: past it, so it saturates. */
static void test_cents(void **state)
{
	(void)state;
	assert_true(bill_to_cents(1234.565) == 123457 || bill_to_cents(1234.565) == 123456);
	assert_true(bill_to_cents(0.005) == 1);
	assert_true(bill_to_cents(-0.005) == -1);
	assert_true(bill_to_cents(NAN) == 0);
	assert_true(bill_to_cents(9e11 * 730 * 10000) == BILL_CENTS_MAX);
	assert_true(bill_to_cents(-INFINITY) == -BILL_CENTS_MAX);
	assert_true(bill_to_cents(INFINITY) == BILL_CENTS_MAX);
	assert_true(bill_cents_add(BILL_CENTS_MAX, 1) == BILL_CENTS_MAX);
	assert_true(bill_cents_add(BILL_CENTS_MAX - 5, 3) == BILL_CENTS_MAX - 2);
	assert_true(bill_cents_add(-BILL_CENTS_MAX, -1) == -BILL_CENTS_MAX);
	assert_true(bill_cents_add(BILL_CENTS_MAX, -BILL_CENTS_MAX) == 0);
	assert_true(bill_cents_add(100, -250) == -150);
	/* 100,000 parts of 1e17 cents (1e15 each): saturated, past the limit */
	{
		long long t = 0;
		for (int i = 0; i < 100000; i++)
			t = bill_cents_add(t, bill_to_cents(BILL_MAX_MONTHLY));
		assert_true(t == BILL_CENTS_MAX);
		assert_true((double)t / 100.0 >= BILL_MAX_MONTHLY);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hours_used_terms),
		cmocka_unit_test(test_commitments_bill_every_hour),
		cmocka_unit_test(test_share_of_a_vm),
		cmocka_unit_test(test_nothing_to_bill),
		cmocka_unit_test(test_break_even),
		cmocka_unit_test(test_cents),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
