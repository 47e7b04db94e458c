/* Unit tests for datapath.c: every step with a hand-computed expectation
 * (the arithmetic is in the comments), and the directions the model must
 * move in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "datapath.h"

#define NEAR(a, b, eps) assert_true(fabs((a) - (b)) <= (eps))

static struct datapath_workload training(void)
{
	struct datapath_workload w;
	memset(&w, 0, sizeof(w));
	w.training = 1;
	w.vms = 1;
	w.read_mb_per_s = -1;
	w.epochs = 1;
	w.token_bytes = 4;
	w.checkpoint_bytes_per_param = 14;
	w.checkpoint_share = 0.05;
	return w;
}

static const struct datapath_storage blob_small = { DATAPATH_REMOTE, 6250, 3125, 1 };
static const struct datapath_vm nd_h100 = { 10000, 612, 28672 };

static void test_demand_given(void **state)
{
	struct datapath_workload w = training();
	struct datapath_demand d;
	(void)state;
	w.read_mb_per_s = 12800;
	w.vms = 16;
	datapath_demand(&w, &d);
	NEAR(d.read_mb_per_s, 12800, 1e-9);
	NEAR(d.read_vm_mb_per_s, 800, 1e-9); /* 12800 / 16 */
}

static void test_demand_derived(void **state)
{
	struct datapath_workload w = training();
	struct datapath_demand d;
	(void)state;
	/* 1024 GiB x 1073.741824 MB/GiB x 2 epochs / (10 h x 3600 s) = 61.0840 MB/s;
	 * the token stream, 1e6 tok/s x 4 B = 4 MB/s, is smaller */
	w.dataset_gib = 1024;
	w.epochs = 2;
	w.run_hours = 10;
	w.tokens_per_s = 1e6;
	datapath_demand(&w, &d);
	NEAR(d.read_mb_per_s, 61.0839793, 1e-6);
	/* samples of 114,660 B, one per 2,048-token sequence, at 2e6 tok/s:
	 * 2e6 / 2048 x 114660 / 1e6 = 111.97 MB/s, now above the dataset pass */
	w.sample_bytes = 114660;
	w.sequence_length = 2048;
	w.tokens_per_s = 2e6;
	datapath_demand(&w, &d);
	NEAR(d.read_mb_per_s, 111.97265625, 1e-6);
	/* nothing to derive from: unknown, not 0 */
	w = training();
	datapath_demand(&w, &d);
	assert_true(d.read_mb_per_s < 0);
}

static void test_demand_checkpoint_and_cold_start(void **state)
{
	struct datapath_workload w = training();
	struct datapath_demand d;
	(void)state;
	/* 70 B params x 14 B = 980 GB every 30 min, written in 5 % of it (90 s):
	 * 980,000 MB / 90 s = 10,888.9 MB/s */
	w.params_b = 70;
	w.checkpoint_every_min = 30;
	w.read_mb_per_s = 0;
	datapath_demand(&w, &d);
	NEAR(d.checkpoint_gb, 980, 1e-9);
	NEAR(d.write_mb_per_s, 980000.0 / 90.0, 1e-6);
	/* inference: 140 GB of weights in 60 s = 2,333.3 MB/s per VM */
	memset(&w, 0, sizeof(w));
	w.read_mb_per_s = -1;
	w.vms = 4;
	w.weight_gb = 140;
	w.cold_start_s = 60;
	datapath_demand(&w, &d);
	NEAR(d.load_vm_mb_per_s, 140000.0 / 60.0, 1e-9);
	assert_true(d.read_mb_per_s == 0);
}

static void test_supply(void **state)
{
	struct datapath_supply s;
	struct datapath_storage blob_large = { DATAPATH_REMOTE, 25000, 7500, 1 };
	struct datapath_vm nd_a100 = { 3000, 800, 6000 };
	struct datapath_storage ssd = { DATAPATH_DISK, 900, 900, 1 };
	struct datapath_storage nvme = { DATAPATH_LOCAL, 40000, -1, 1 };
	(void)state;
	/* 16 VMs x 10,000 MB/s of network behind one 6,250 MB/s account */
	datapath_supply(&blob_small, &nd_h100, 16, 0, &s);
	NEAR(s.total_mb_per_s, 6250, 1e-9);
	NEAR(s.vm_mb_per_s, 390.625, 1e-9); /* 6250 / 16 */
	assert_int_equal(s.bottleneck, DATAPATH_BN_STORAGE);
	assert_string_equal(datapath_bottleneck_name(s.bottleneck), "storage");
	assert_int_equal(s.scales, 0); /* 32 VMs would get the same 6,250 */
	datapath_supply(&blob_small, &nd_h100, 32, 0, &s);
	NEAR(s.total_mb_per_s, 6250, 1e-9);
	assert_int_equal(s.scales, 0);
	/* one ND A100 v4 (3,000 MB/s) on a 25,000 MB/s account: the NIC */
	datapath_supply(&blob_large, &nd_a100, 1, 0, &s);
	NEAR(s.total_mb_per_s, 3000, 1e-9);
	assert_int_equal(s.bottleneck, DATAPATH_BN_VM_NETWORK);
	assert_int_equal(s.scales, 1); /* two VMs: 6,000 */
	/* a P80 (900 MB/s) on an ND H100 v5: its 612 MB/s disk limit, per VM */
	datapath_supply(&ssd, &nd_h100, 4, 0, &s);
	NEAR(s.vm_mb_per_s, 612, 1e-9);
	NEAR(s.total_mb_per_s, 2448, 1e-9); /* 4 x 612 */
	assert_int_equal(s.bottleneck, DATAPATH_BN_VM_DISK);
	assert_int_equal(s.scales, 1);
	/* local NVMe: each VM its own */
	datapath_supply(&nvme, &nd_h100, 2, 0, &s);
	NEAR(s.total_mb_per_s, 80000, 1e-9);
	assert_int_equal(s.scales, 1);
	/* the write ceiling of two accounts: 2 x 3,125 */
	{
		struct datapath_storage two = blob_small;
		two.instances = 2;
		datapath_supply(&two, &nd_h100, 16, 1, &s);
		NEAR(s.total_mb_per_s, 6250, 1e-9);
	}
	/* an unknown VM limit leaves the account's ceiling (an upper bound);
	 * an unknown tier ceiling gives an unknown supply */
	{
		struct datapath_vm unk = { -1, -1, -1 };
		struct datapath_storage none = { DATAPATH_REMOTE, -1, -1, 1 };
		datapath_supply(&blob_small, &unk, 16, 0, &s);
		NEAR(s.total_mb_per_s, 6250, 1e-9);
		assert_int_equal(s.bottleneck, DATAPATH_BN_STORAGE);
		assert_int_equal(s.scales, 0);
		datapath_supply(&none, &nd_h100, 1, 0, &s);
		assert_true(s.total_mb_per_s < 0);
		assert_int_equal(s.bottleneck, DATAPATH_BN_UNKNOWN);
		assert_int_equal(s.scales, 0);
	}
}

static void test_provisioned(void **state)
{
	(void)state;
	/* NetApp Premium 64 MiB/s per TiB = 67.108864 MB/s; 10 TiB -> 671.09 MB/s,
	 * 100 TiB -> 6,710.9, capped by a large volume's 12,800 MiB/s = 13,421.77 */
	NEAR(datapath_provisioned(67.108864, 10, 13421.772800), 671.08864, 1e-9);
	NEAR(datapath_provisioned(67.108864, 300, 13421.772800), 13421.7728, 1e-9);
	/* Managed Lustre 500 MB/s per TiB at 52 TiB = 26,000 MB/s */
	NEAR(datapath_provisioned(500, 52, 64000), 26000, 1e-9);
	assert_true(datapath_provisioned(-1, 10, 100) < 0);
}

static void test_busy_fraction(void **state)
{
	(void)state;
	/* 6,250 / 12,800 = 0.48828 */
	NEAR(datapath_busy_fraction(12800, 6250), 0.48828125, 1e-12);
	NEAR(datapath_busy_fraction(100, 6250), 1, 0);
	NEAR(datapath_busy_fraction(0, 6250), 1, 0);
	assert_true(datapath_busy_fraction(-1, 6250) < 0);
	assert_true(datapath_busy_fraction(100, -1) < 0);
}

static const struct datapath_lustre_tier amlfs[] = {
	{ "AMLFS-Durable-Premium-40", 40, 48, 768, 48, -1 },
	{ "AMLFS-Durable-Premium-125", 125, 16, 128, 16, -1 },
	{ "AMLFS-Durable-Premium-250", 250, 8, 128, 8, -1 },
	{ "AMLFS-Durable-Premium-500", 500, 4, 128, 4, -1 },
};

static void test_lustre(void **state)
{
	struct datapath_lustre l;
	struct datapath_lustre_tier priced[4];
	(void)state;
	/* 25,600 MB/s for 10 TiB: 40: 640 -> 672 TiB; 125: 204.8 > 128; 250: 102.4 ->
	 * 104 TiB; 500: 51.2 -> 52 TiB (26,000 MB/s), the fewest TiB */
	assert_int_equal(datapath_lustre_size(amlfs, 4, 25600, 10240, &l), 0);
	assert_int_equal(l.tier, 3);
	NEAR(l.tib, 52, 1e-9);
	NEAR(l.mb_per_s, 26000, 1e-9);
	assert_true(l.monthly_cost < 0);
	/* a small need takes the tier's minimum: 500 MB/s on the 500 tier = 1 TiB -> 4 */
	assert_int_equal(datapath_lustre_size(amlfs, 4, 500, 100, &l), 0);
	NEAR(l.tib, 4, 1e-9);
	/* the capacity can drive it: 100 TiB of data at 500 MB/s, 500 tier = 100 TiB */
	assert_int_equal(datapath_lustre_size(amlfs, 4, 500, 102400, &l), 0);
	NEAR(l.tib, 100, 1e-9);
	/* 70,000 MB/s is beyond every self-service tier */
	assert_int_equal(datapath_lustre_size(amlfs, 4, 70000, 1, &l), -1);
	assert_int_equal(l.tier, -1);
	/* with prices the cheapest wins: 250 tier at $10/TiB (104 x 10 = $1,040)
	 * against 500 at $25 (52 x 25 = $1,300) */
	memcpy(priced, amlfs, sizeof(priced));
	priced[2].usd_per_tib_month = 10;
	priced[3].usd_per_tib_month = 25;
	assert_int_equal(datapath_lustre_size(priced, 4, 25600, 10240, &l), 0);
	assert_int_equal(l.tier, 2);
	NEAR(l.monthly_cost, 1040, 1e-9);
}

static void test_accounts_and_copy(void **state)
{
	(void)state;
	assert_int_equal(datapath_accounts(25600, 25000), 2);
	assert_int_equal(datapath_accounts(12800, 6250), 3); /* 2.048 -> 3 */
	assert_int_equal(datapath_accounts(6250, 6250), 1);
	/* 1,000 GiB = 1,073,741.8 MB at 10,000 MB/s = 107.37 s */
	NEAR(datapath_copy_seconds(1000, 10000), 107.3741824, 1e-7);
	assert_true(datapath_copy_seconds(1000, -1) < 0);
}

static void test_egress(void **state)
{
	struct datapath_egress_in in = { 3000, 4, 1000, 0.02, 500, 1 };
	struct datapath_egress e;
	(void)state;
	/* 3,000 GB a run x $0.02 = $60; x 4 runs = $240 a month; a copy: $20 */
	datapath_egress(&in, &e);
	NEAR(e.per_run, 60, 1e-9);
	NEAR(e.per_month, 240, 1e-9);
	NEAR(e.copy_once, 20, 1e-9);
	assert_int_equal(e.advice, DATAPATH_ADVICE_COPY);
	assert_string_equal(datapath_advice_name(e.advice), "copy-once");
	/* running where the data is costs $10 more a month: cheaper than $20 */
	in.data_region_extra_monthly = 10;
	datapath_egress(&in, &e);
	assert_int_equal(e.advice, DATAPATH_ADVICE_MOVE);
	/* one run a month of one epoch: streaming once equals the copy; stream */
	in.gb_per_run = 1000;
	in.runs_per_month = 1;
	in.has_data_region = 0;
	datapath_egress(&in, &e);
	assert_int_equal(e.advice, DATAPATH_ADVICE_STREAM);
	/* unknown price: unknown, not free */
	in.usd_per_gb = -1;
	datapath_egress(&in, &e);
	assert_true(e.per_run < 0);
	assert_int_equal(e.advice, DATAPATH_ADVICE_UNKNOWN);
}

/* Directions: more VMs on one account starve more; a bigger Lustre feeds;
 * the same region moves nothing. */
static void test_directions(void **state)
{
	double prev = 2;
	(void)state;
	for (int vms = 1; vms <= 64; vms *= 2) {
		struct datapath_workload w = training();
		struct datapath_demand d;
		struct datapath_supply s;
		double busy;
		w.read_mb_per_s = 800.0 * vms; /* 800 MB/s per VM */
		w.vms = vms;
		datapath_demand(&w, &d);
		datapath_supply(&blob_small, &nd_h100, vms, 0, &s);
		busy = datapath_busy_fraction(d.read_mb_per_s, s.total_mb_per_s);
		assert_true(busy <= prev);
		if (vms >= 16)
			assert_true(busy < prev);
		prev = busy;
	}
	prev = 0;
	for (double tib = 4; tib <= 128; tib += 4) {
		struct datapath_storage lustre = { DATAPATH_REMOTE, tib * 500, tib * 500, 1 };
		struct datapath_supply s;
		double busy;
		datapath_supply(&lustre, &nd_h100, 4, 0, &s);
		busy = datapath_busy_fraction(25600, s.total_mb_per_s);
		assert_true(busy >= prev);
		prev = busy;
	}
	assert_true(prev == 1); /* 128 TiB x 500 = 64,000 >= 25,600 */
	{
		struct datapath_egress_in in = { 3000, 4, 1000, 0, 0, 0 };
		struct datapath_egress e;
		datapath_egress(&in, &e);
		assert_true(e.per_run == 0 && e.per_month == 0 && e.copy_once == 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_demand_given),
		cmocka_unit_test(test_demand_derived),
		cmocka_unit_test(test_demand_checkpoint_and_cold_start),
		cmocka_unit_test(test_supply),
		cmocka_unit_test(test_provisioned),
		cmocka_unit_test(test_busy_fraction),
		cmocka_unit_test(test_lustre),
		cmocka_unit_test(test_accounts_and_copy),
		cmocka_unit_test(test_egress),
		cmocka_unit_test(test_directions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
