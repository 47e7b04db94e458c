/*
 * test_fit.c - unit tests of the fit engine (fit.c): MIG price shares,
 * pricing arithmetic, ranking order, rejection texts and the feasibility
 * rules, on hand-made capacities and factors (no catalog).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "catalog.h"
#include "catalog_snapshot.h"
#include "fit.h"
#include "mig.h"
#include "util.h"

static void factors(struct sizing_factors *f)
{
	memset(f, 0, sizeof(*f));
	f->decode_bw_efficiency = 0.8;
	f->decode_kv_bw_efficiency = 0.8;
	f->decode_mfu = 0.5;
	f->prefill_mfu = 0.5;
	f->decode_step_overhead_ms = 1;
	f->weight_only_int8_efficiency = 0.9;
	f->weight_only_int4_efficiency = 0.8;
	f->tp_efficiency = 0.9;
	f->pp_efficiency = 0.9;
	f->max_batch_sequences = 256;
	f->memory_utilization = 0.9;
	f->runtime_overhead_gib = 1;
	f->activation_bytes_per_token_hidden = 2;
	f->prefill_chunk_tokens = 2048;
	f->mig_efficiency = 1;
	f->train_mfu = 0.4;
	f->train_fp8_speedup = 1.3;
	f->train_finetune_mfu_scale = 0.8;
	f->qlora_dequant_overhead = 0.2;
	f->train_activation_overhead = 1.1;
	f->train_global_batch_tokens = 4e6;
	f->network_efficiency = 0.7;
	f->comm_overlap = 0.5;
	f->ib_required_ratio = 0.2;
	f->ethernet_gbps_per_node = 40;
}

/* One whole 24 GiB GPU: 125 dense FP16 TFLOPS, 600 GB/s. */
static void gpu24(struct sizing_capacity *c)
{
	memset(c, 0, sizeof(*c));
	c->kind = SIZING_CAP_VM;
	strcpy(c->gpu_model, "TEST-24GB");
	strcpy(c->architecture, "Ampere");
	c->gpus = c->gpus_per_node = c->nodes = c->nvlink_domain = 1;
	c->fraction = 1;
	c->memory_gib = 24;
	c->bandwidth_gbps = 600;
	c->fp32_tflops = 31;
	c->fp16_tflops = 125;
	c->bf16_tflops = 125;
	c->pcie_gbps = 32;
}

static void llama8b(struct sizing_model *m)
{
	memset(m, 0, sizeof(*m));
	strcpy(m->name, "llama-3-8b");
	m->params_b = 8.03;
	m->active_params_b = 8.03;
	m->layers = 32;
	m->hidden = 4096;
	m->intermediate = 14336;
	m->heads = 32;
	m->kv_heads = 8;
	m->head_dim = 128;
	m->vocab = 128256;
}

static void test_mig_share(void **state)
{
	struct mig_profile m;
	(void)state;
	memset(&m, 0, sizeof(m));
	m.compute_slices = 3;
	m.memory_slices = 4;               /* 3g.40gb: memory share 1/2 wins */
	assert_float_equal(fit_mig_share(&m), 0.5, 1e-12);
	m.compute_slices = 1;
	m.memory_slices = 1;               /* 1g.10gb: compute share 1/7 wins */
	assert_float_equal(fit_mig_share(&m), 1.0 / 7.0, 1e-12);
	m.compute_slices = 7;
	m.memory_slices = 8;
	assert_float_equal(fit_mig_share(&m), 1.0, 1e-12);
}

/* The slices of a profile one GPU holds, the most a replica runs on: its
 * compute slices of 7, memory slices of 8 and instance limit decide. */
static void test_mig_per_gpu(void **state)
{
	struct mig_profile m;
	(void)state;
	memset(&m, 0, sizeof(m));
	m.compute_slices = 3;
	m.memory_slices = 4;
	m.max_count = 2;                   /* 3g.40gb: 7 / 3 = 2, 8 / 4 = 2 */
	assert_int_equal(fit_mig_per_gpu(&m), 2);
	m.compute_slices = 1;
	m.memory_slices = 1;
	m.max_count = 7;                   /* 1g.10gb: 7 */
	assert_int_equal(fit_mig_per_gpu(&m), 7);
	m.memory_slices = 2;
	m.max_count = 4;                   /* 1g.20gb: 8 / 2 = 4 */
	assert_int_equal(fit_mig_per_gpu(&m), 4);
	m.compute_slices = 2;
	m.max_count = 3;                   /* 2g.20gb: 7 / 2 = 3 */
	assert_int_equal(fit_mig_per_gpu(&m), 3);
	m.compute_slices = 7;
	m.memory_slices = 8;
	m.max_count = 1;                   /* 7g.80gb: the whole GPU */
	assert_int_equal(fit_mig_per_gpu(&m), 1);
}

/* Every profile of the bundled catalog: as many slices per GPU as the AKS
 * layout (mig.c, its start slots) places of it alone. */
static void test_mig_per_gpu_catalog(void **state)
{
	char err[CATALOG_ERRLEN];
	struct catalog_snapshot snap;
	catalog *cat;
	size_t checked = 0;

	(void)state;
	assert_int_equal(catalog_open_bundled(&cat, err), 0);
	assert_int_equal(catalog_snapshot_load(cat, &snap, err), 0);
	catalog_close(cat);
	for (size_t a = 0, b; a < snap.nmigs; a = b) {
		for (b = a; b < snap.nmigs &&
			    strcmp(snap.migs[b].gpu_model, snap.migs[a].gpu_model) == 0; b++)
			;
		for (size_t p = a; p < b; p++) {
			if (snap.migs[p].media_ext)
				continue;
			if (fit_mig_per_gpu(&snap.migs[p]) !=
			    mig_profile_capacity(&snap.migs[a], b - a, p - a))
				fail_msg("%s %s: %d per GPU, the layout places %d", snap.migs[p].gpu_model,
					 snap.migs[p].name, fit_mig_per_gpu(&snap.migs[p]),
					 mig_profile_capacity(&snap.migs[a], b - a, p - a));
			checked++;
		}
	}
	assert_true(checked > 20);
	catalog_snapshot_release(&snap);
}

static void test_price(void **state)
{
	struct fit_workload w;
	struct fit_result r;
	struct fit_cost c;
	(void)state;
	memset(&w, 0, sizeof(w));
	memset(&r, 0, sizeof(r));
	w.kind = FIT_LLM_INFERENCE;
	w.replicas = 2;
	r.vm_count = 3;
	/* 2 $/h x 3 VMs x 2 replicas = 12 $/h; payg, 730 h: 8,760.00 */
	fit_price(&w, &r, PRICING_PAYG, 2.0, 730, &c);
	assert_float_equal(c.hourly, 12.0, 1e-9);
	assert_float_equal(c.hours_billed, 730.0, 1e-9);
	assert_float_equal(c.monthly, 8760.0, 1e-9);
	assert_float_equal(c.job_cost, 0.0, 1e-9);
	/* payg bills the hours used: 12 x 200 = 2,400.00 */
	fit_price(&w, &r, PRICING_PAYG, 2.0, 200, &c);
	assert_float_equal(c.hours_billed, 200.0, 1e-9);
	assert_float_equal(c.monthly, 2400.0, 1e-9);
	/* spot too, fractional hours: 12 x 200.5 = 2,406.00 */
	fit_price(&w, &r, PRICING_SPOT, 2.0, 200.5, &c);
	assert_float_equal(c.monthly, 2406.0, 1e-9);
	/* every commitment bills 730 h whatever hours_per_month says:
	 * 12 x 730 = 8,760.00, not 12 x 200 */
	for (int k = PRICING_RESERVED_1Y; k <= PRICING_SAVINGS_3Y; k++) {
		fit_price(&w, &r, (enum pricing_kind)k, 2.0, 200, &c);
		assert_float_equal(c.hours_used, 200.0, 1e-9);
		assert_float_equal(c.hours_billed, 730.0, 1e-9);
		assert_float_equal(c.monthly, 8760.0, 1e-9);
	}
	/* rounded once, to the cent: 1.2345 x 6 = 7.407 $/h x 100.25 h =
	 * 742.55175 -> 742.55 */
	w.replicas = 1;
	r.vm_count = 6;
	fit_price(&w, &r, PRICING_PAYG, 1.2345, 100.25, &c);
	assert_float_equal(c.monthly, 742.55, 1e-9);

	w.kind = FIT_TRAINING;
	w.runs_per_month = 2;
	r.vm_count = 4;
	r.job_hours = 5;
	/* payg: 4 VMs x 10 $/h = 40 $/h; a run of 5 h 200.00, twice a month
	 * 10 h billed, 400.00 */
	fit_price(&w, &r, PRICING_PAYG, 10.0, 730, &c);
	assert_float_equal(c.hourly, 40.0, 1e-9);
	assert_float_equal(c.hours_used, 10.0, 1e-9);
	assert_float_equal(c.hours_billed, 10.0, 1e-9);
	assert_float_equal(c.job_cost, 200.0, 1e-9);
	assert_float_equal(c.monthly, 400.0, 1e-9);
	/* reserved-3y: 40 x 730 = 29,200.00 a month whatever the runs use;
	 * each of the 2 runs carries half, 14,600.00 */
	fit_price(&w, &r, PRICING_RESERVED_3Y, 10.0, 730, &c);
	assert_float_equal(c.hours_billed, 730.0, 1e-9);
	assert_float_equal(c.monthly, 29200.0, 1e-9);
	assert_float_equal(c.job_cost, 14600.0, 1e-9);
	/* a 2.3 h run once a month on one reserved 8-GPU VM at 52.91 $/h:
	 * 52.91 x 730 = 38,624.30, all of it on the one run (not 52.91 x 2.3
	 * = 121.69) */
	w.runs_per_month = 1;
	r.vm_count = 1;
	r.job_hours = 2.3;
	fit_price(&w, &r, PRICING_RESERVED_1Y, 52.91, 730, &c);
	assert_float_equal(c.hourly, 52.91, 1e-9);
	assert_float_equal(c.hours_used, 2.3, 1e-9);
	assert_float_equal(c.monthly, 38624.30, 1e-9);
	assert_float_equal(c.job_cost, 38624.30, 1e-9);
	/* the same run payg: 52.91 x 2.3 = 121.693 -> 121.69 */
	fit_price(&w, &r, PRICING_PAYG, 52.91, 730, &c);
	assert_float_equal(c.monthly, 121.69, 1e-9);
	assert_float_equal(c.job_cost, 121.69, 1e-9);
	/* a run every other month under savings-1y carries two months' bills:
	 * 52.91 x 730 = 38,624.30 / 0.5 = 77,248.60 */
	w.runs_per_month = 0.5;
	fit_price(&w, &r, PRICING_SAVINGS_1Y, 52.91, 730, &c);
	assert_float_equal(c.monthly, 38624.30, 1e-9);
	assert_float_equal(c.job_cost, 77248.60, 1e-9);
}

static void test_compare(void **state)
{
	(void)state;
	assert_true(fit_compare(100, 8, 10, 200, 1, 10) < 0);     /* cheaper first */
	assert_true(fit_compare(100, 2, 10, 100, 1, 10) > 0);     /* then fewer GPUs */
	assert_true(fit_compare(100, 1, 50, 100, 1, 10) < 0);     /* then more headroom */
	assert_int_equal(fit_compare(100, 1, 10, 100.001, 1, 10), 0); /* by the cent */
}

static void test_reject_text(void **state)
{
	struct fit_result r;
	char buf[FIT_REASON_LEN];
	(void)state;
	memset(&r, 0, sizeof(r));
	r.reject = FIT_REJ_MEMORY;
	r.need = 19.3;
	r.have = 16;
	fit_reject_text(&r, NULL, NULL, buf, sizeof(buf));
	assert_string_equal(buf, "needs 19.3 GiB, has 16.0 GiB");
	r.reject = FIT_REJ_LATENCY;
	r.need = 25;
	r.have = 38;
	fit_reject_text(&r, NULL, NULL, buf, sizeof(buf));
	assert_string_equal(buf, "decode 38 ms/token > SLO 25 ms");
	/* a miss never prints as the limit itself: as many decimals as show it */
	{
		static const struct {
			enum fit_reject reject;
			double have, need;
			int nodes;
			const char *want;
		} miss[] = {
			{ FIT_REJ_LATENCY, 50.02, 50, 0, "decode 50.02 ms/token > SLO 50 ms" },
			{ FIT_REJ_TTFT, 200.4, 200, 0, "time to first token 200.4 ms > SLO 200 ms" },
			{ FIT_REJ_THROUGHPUT, 499.6, 500, 1,
			  "499.6 tokens/s on 1 unit < target 500 tokens/s (headroom included)" },
			{ FIT_REJ_THROUGHPUT, 420, 500, 1,
			  "420 tokens/s on 1 unit < target 500 tokens/s (headroom included)" },
			{ FIT_REJ_DEADLINE, 24.3, 24, 2,
			  "24.3 h on 2 nodes > deadline 24 h (headroom included)" },
		};
		for (size_t i = 0; i < sizeof miss / sizeof miss[0]; i++) {
			r.reject = miss[i].reject;
			r.have = miss[i].have;
			r.need = miss[i].need;
			r.nodes = miss[i].nodes;
			fit_reject_text(&r, NULL, NULL, buf, sizeof(buf));
			assert_string_equal(buf, miss[i].want);
		}
	}
	r.reject = FIT_REJ_NO_INFINIBAND;
	r.nodes = 6;
	r.need = 72;
	fit_reject_text(&r, NULL, NULL, buf, sizeof(buf));
	assert_string_equal(buf, "no InfiniBand: single node only, needs 6 nodes for the 72 h deadline");
	r.reject = FIT_REJ_NO_PRICE;
	fit_reject_text(&r, "payg", "westeurope", buf, sizeof(buf));
	assert_string_equal(buf, "no payg price in westeurope; run 'gpufit catalog refresh'");
	assert_string_equal(fit_reject_name(FIT_REJ_NO_INFINIBAND), "no-infiniband");
	assert_string_equal(fit_placement_name(FIT_PLACEMENT_CLUSTER), "cluster");
}

static void test_generic(void **state)
{
	struct sizing_factors f;
	struct sizing_capacity cap;
	struct fit_workload w;
	struct fit_result r;
	(void)state;
	factors(&f);
	gpu24(&cap);
	memset(&w, 0, sizeof(w));
	w.kind = FIT_GENERIC;
	w.replicas = 1;
	w.headroom = 0.15;
	w.req.gpu_memory_gib = 6;
	w.req.tflops_fp16 = 20;
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_OK);
	assert_int_equal(r.vm_count, 1);
	assert_int_equal(r.gpu_count, 1);
	/* usable 24 × 0.9 = 21.6 GiB, as an LLM's; the runtime (1 GiB) is part
	 * of the need: 6 × 1.15 + 1 = 7.9; (21.6 − 7) / 7 = 208.57 % */
	assert_float_equal(r.memory_have_gib, 21.6, 1e-9);
	assert_float_equal(r.memory_headroom_pct, 208.5714286, 1e-6);
	assert_float_equal(r.memory_need_gib, 7.9, 1e-9);

	w.req.gpu_memory_gib = 19;         /* 19 × 1.15 + 1 = 22.85 > 21.6 */
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_REJ_MEMORY);
	assert_float_equal(r.need, 22.85, 1e-9);
	assert_float_equal(r.have, 21.6, 1e-9);

	/* the same test as before: 17.9 × 1.15 + 1 = 21.585 <= 21.6 fits */
	w.req.gpu_memory_gib = 17.9;
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_OK);

	w.req.gpu_memory_gib = 6;
	w.req.tflops_fp16 = 120;           /* 138 > 125 */
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_REJ_COMPUTE);
	assert_float_equal(r.need, 138, 1e-9);
	assert_float_equal(r.have, 125, 1e-9);

	w.headroom = 0;                    /* without headroom 120 <= 125 fits */
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_OK);
}

static void test_llm(void **state)
{
	struct sizing_factors f;
	struct sizing_capacity cap;
	struct fit_workload w;
	struct fit_result r;
	(void)state;
	factors(&f);
	gpu24(&cap);
	memset(&w, 0, sizeof(w));
	w.kind = FIT_LLM_INFERENCE;
	llama8b(&w.model);
	w.precision = SIZING_FP16;
	w.kv_precision = SIZING_FP16;
	w.input_tokens = 1024;
	w.output_tokens = 256;
	w.concurrency = 8;
	w.replicas = 1;
	w.headroom = 0.15;

	/* 8.03e9 × 2 B = 14.96 GiB of weights fit in 24 GiB */
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_OK);
	assert_true(r.vm_count >= 1);
	assert_true(r.memory_need_gib <= r.memory_have_gib);

	/* 16 GiB: weights + overhead × 1.15 do not fit */
	cap.memory_gib = 16;
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_REJ_MEMORY);
	assert_true(r.need > r.have);
	assert_float_equal(r.have, 16 * 0.9, 1e-9);

	/* a 1 ms/token SLO: reading 15 GiB at 480 GB/s takes ~33 ms */
	cap.memory_gib = 24;
	w.max_ms_per_token = 1;
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_REJ_LATENCY);
	assert_float_equal(r.need, 1, 1e-9);
	assert_true(r.have > 30);

	/* a throughput target above one VM: more VMs, each meeting it */
	w.max_ms_per_token = 0;
	fit_evaluate(&w, &cap, 0, &f, &r);
	{
		double one = r.tokens_per_s;
		w.target_tokens_per_s = one * 2.5;
		fit_evaluate(&w, &cap, 0, &f, &r);
		assert_int_equal(r.reject, FIT_OK);
		assert_true(r.vm_count >= 3);
		assert_true(r.tokens_per_s >= w.target_tokens_per_s * 1.15);
	}
}

/* A model whose weights do not fit one VM: 4 x 24 GiB GPUs hold 86.4 GiB
 * (0.9 of 96) and a 70B-class model in fp16 (8 x 8.03e9 x 2 B = 119.6 GiB of
 * weights) does not fit; two such VMs over InfiniBand hold it as one
 * instance of 8 GPUs (pipeline stages across the VMs); without InfiniBand
 * the size is rejected for memory with one VM's figures. */
static void test_llm_instance_over_vms(void **state)
{
	struct sizing_factors f;
	struct sizing_capacity cap, one;
	struct fit_workload w;
	struct fit_result r;

	(void)state;
	factors(&f);
	gpu24(&cap);
	cap.gpus = cap.gpus_per_node = 4;
	cap.nvlink_domain = 1;
	memset(&w, 0, sizeof(w));
	w.kind = FIT_LLM_INFERENCE;
	llama8b(&w.model);
	w.model.params_b = w.model.active_params_b = 8.03 * 8;
	w.model.layers = 80;
	w.model.hidden = 8192;
	w.model.intermediate = 28672;
	w.model.heads = 64;
	w.precision = SIZING_FP16;
	w.kv_precision = SIZING_FP16;
	w.input_tokens = 1024;
	w.output_tokens = 256;
	w.concurrency = 4;
	w.replicas = 1;
	w.headroom = 0.15;

	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_REJ_MEMORY);
	assert_float_equal(r.have, 4 * 24 * 0.9, 1e-9);

	cap.infiniband_gbps = 400;
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_OK);
	assert_int_equal(r.vm_count, 2);
	assert_int_equal(r.instances, 1);
	assert_int_equal(r.gpus_per_instance, 8);
	assert_int_equal(r.gpu_count, 8);
	assert_int_equal(r.interconnect, 2);
	assert_true(r.pp >= 2);
	assert_true(r.memory_need_gib <= r.memory_have_gib);

	/* the instance's capacity: 8 GPUs as 2 nodes of 4; within a VM, one node */
	one = fit_instance_cap(&cap, 8);
	assert_int_equal(one.gpus, 8);
	assert_int_equal(one.gpus_per_node, 4);
	assert_int_equal(one.nodes, 2);
	one = fit_instance_cap(&cap, 2);
	assert_int_equal(one.gpus_per_node, 2);
	assert_int_equal(one.nodes, 1);
}

static void test_training_no_ib(void **state)
{
	struct sizing_factors f;
	struct sizing_capacity cap, shrunk;
	struct sizing_training_result tr;
	struct fit_workload w;
	struct fit_result r;
	(void)state;
	factors(&f);
	gpu24(&cap);
	cap.memory_gib = 80;
	memset(&w, 0, sizeof(w));
	w.kind = FIT_TRAINING;
	strcpy(w.model.name, "tiny");
	w.model.params_b = 0.5;
	w.model.active_params_b = 0.5;
	w.model.layers = 24;
	w.model.hidden = 1024;
	w.model.heads = 16;
	w.model.kv_heads = 16;
	w.model.head_dim = 64;
	w.model.vocab = 32000;
	w.precision = SIZING_BF16;
	w.train.method = SIZING_TRAIN_FULL;
	w.train.tokens = 1e10;
	w.train.sequence_length = 2048;
	w.train.recompute = -1;
	w.runs_per_month = 1;
	w.replicas = 1;
	w.headroom = 0.15;

	/* no deadline: one node, job hours as the sizing model says */
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_OK);
	assert_int_equal(r.vm_count, 1);
	shrunk = cap;
	shrunk.memory_gib = 80 / 1.15;
	sizing_training(&w.model, w.precision, &w.train, &shrunk, &f, &tr, NULL);
	assert_float_equal(r.job_hours, tr.hours, 1e-9);

	/* a deadline at a third of that, no InfiniBand: single node only */
	w.deadline_hours = tr.hours / 3;
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_REJ_NO_INFINIBAND);
	assert_int_equal(r.nodes, (int)ceil(tr.hours * 1.15 / w.deadline_hours)); /* 4 */
	assert_int_equal(r.nodes, 4);

	/* with InfiniBand: the smallest node count that meets it */
	cap.infiniband_gbps = 400;
	fit_evaluate(&w, &cap, 1, &f, &r);
	assert_int_equal(r.reject, FIT_OK);
	assert_true(r.vm_count >= 4);
	assert_true(r.job_hours * 1.15 <= w.deadline_hours);
	assert_int_equal(r.interconnect, 2);
}

/* 1e15 tokens of an 8B model in 0.01 h (both inside the documented
 * ranges): the speed-up estimate n x hours / deadline is about 1e10, past
 * any int.  The search must end: with InfiniBand at FIT_MAX_VMS nodes,
 * missing the deadline; without, naming the node count it would need
 * ("more than 100000" past that).  A deadline of 1e-300 h (+inf nodes)
 * the same.  alarm() turns a regression into a failure, not a hang. */
static void test_training_huge(void **state)
{
	struct sizing_factors f;
	struct sizing_capacity cap;
	struct fit_workload w;
	struct fit_result r;
	char text[FIT_REASON_LEN];
	const double deadlines[] = { 0.01, 1e-300 };
	(void)state;
	alarm(60);
	factors(&f);
	gpu24(&cap);
	cap.memory_gib = 80;
	cap.gpus = cap.gpus_per_node = 8;
	cap.infiniband_gbps = 400;
	memset(&w, 0, sizeof(w));
	w.kind = FIT_TRAINING;
	llama8b(&w.model);
	w.precision = SIZING_BF16;
	w.train.method = SIZING_TRAIN_FULL;
	w.train.tokens = 1e15;
	w.train.sequence_length = 2048;
	w.train.recompute = -1;
	w.runs_per_month = 1;
	w.replicas = 1;
	w.headroom = 0.15;
	for (size_t i = 0; i < sizeof deadlines / sizeof deadlines[0]; i++) {
		w.deadline_hours = deadlines[i];
		fit_evaluate(&w, &cap, 1, &f, &r);
		assert_int_equal(r.reject, FIT_REJ_DEADLINE);
		assert_int_equal(r.nodes, FIT_MAX_VMS);
		/* 6 x 8.03e9 x 1e15 FLOP on 800 GPUs x 125 TFLOPS x 0.4 is
		 * 1.34e4 h at perfect scaling: the time missed is above it */
		assert_true(r.have > 1.3e4);
		fit_reject_text(&r, "payg", "eastus", text, sizeof text);
		assert_non_null(strstr(text, "on 100 nodes > deadline"));

		fit_evaluate(&w, &cap, 0, &f, &r);
		assert_int_equal(r.reject, FIT_REJ_NO_INFINIBAND);
		assert_true(r.nodes > 100000);
		fit_reject_text(&r, "payg", "eastus", text, sizeof text);
		assert_non_null(strstr(text, "needs more than 100000 nodes"));
	}
	alarm(0);
}

/* A size only the price API knows (refreshed catalog: spec_known 0, no GPU
 * model, placeholder counts) is never sized; retired comes after it. */
/* The precision rules as fit sees them: FP8 on a Turing GPU is a rejection
 * with the reason; the same workload in int4 weight-only is served. */
static void test_precision_reject(void **state)
{
	struct strmap notes = STRMAP_INIT;
	struct sizing_factors f;
	struct sizing_capacity cap;
	struct fit_workload w;
	struct fit_result r;
	char buf[FIT_REASON_LEN * 2];
	(void)state;
	factors(&f);
	gpu24(&cap);
	strcpy(cap.gpu_model, "T4-PCIe-16GB");
	strcpy(cap.architecture, "Turing");
	strcpy(cap.precisions, "fp32 fp16 int8w int4w");
	memset(&w, 0, sizeof(w));
	w.kind = FIT_LLM_INFERENCE;
	llama8b(&w.model);
	w.precision = SIZING_FP8;
	w.kv_precision = SIZING_FP8;
	w.input_tokens = 512;
	w.output_tokens = 128;
	w.concurrency = 1;
	w.replicas = 1;
	w.headroom = 0.15;
	w.notes = &notes;
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_REJ_PRECISION);
	assert_string_equal(fit_reject_name(r.reject), "precision");
	fit_reject_text(&r, NULL, NULL, buf, sizeof buf);
	assert_string_equal(buf, "T4-PCIe-16GB (Turing) has no FP8 tensor cores nor an FP8 "
			    "weight-only kernel; use fp16, or int8/int4 weight-only");
	w.precision = SIZING_INT4;
	w.kv_precision = SIZING_FP16;
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.reject, FIT_OK);
	assert_int_equal(r.precision_mode, SIZING_PREC_WEIGHT_ONLY);
	/* bf16 training on it is sized as fp16 and says so */
	w.kind = FIT_TRAINING;
	w.precision = SIZING_BF16;
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.precision_mode, SIZING_PREC_AS_FP16);
	assert_string_equal(r.precision_note, "T4-PCIe-16GB (Turing) has no BF16 units: sized as FP16");
	/* one copy per distinct note: the same text again is the same string */
	{
		const char *first = r.precision_note;

		fit_evaluate(&w, &cap, 0, &f, &r);
		assert_ptr_equal(r.precision_note, first);
	}
	assert_int_equal(notes.n, 2);
	/* without a place for notes the mode is kept and the note is "" */
	w.notes = NULL;
	fit_evaluate(&w, &cap, 0, &f, &r);
	assert_int_equal(r.precision_mode, SIZING_PREC_AS_FP16);
	assert_string_equal(r.precision_note, "");
	strmap_release(&notes);
}

static void test_vm_check(void **state)
{
	struct vm_size vm;
	struct fit_result r;
	char buf[FIT_REASON_LEN];
	(void)state;

	memset(&vm, 0, sizeof(vm));
	strcpy(vm.sku, "Standard_NC8ads_A10_v4");
	strcpy(vm.gpu_model, "A10-PCIe-24GB");
	vm.gpu_count = 1;
	vm.gpu_memory_gib = 22.5;
	vm.spec_known = 1;
	assert_int_equal(fit_vm_check(&vm), FIT_OK);
	vm.retired = 1;
	assert_int_equal(fit_vm_check(&vm), FIT_REJ_RETIRED);
	vm.spec_known = 0;
	assert_int_equal(fit_vm_check(&vm), FIT_REJ_SPEC_UNKNOWN);
	vm.retired = 0;
	assert_int_equal(fit_vm_check(&vm), FIT_REJ_SPEC_UNKNOWN);
	vm.spec_known = 1;
	vm.gpu_model[0] = '\0';
	assert_int_equal(fit_vm_check(&vm), FIT_REJ_SPEC_UNKNOWN);

	memset(&r, 0, sizeof(r));
	r.reject = FIT_REJ_SPEC_UNKNOWN;
	fit_reject_text(&r, "payg", "eastus", buf, sizeof(buf));
	assert_string_equal(buf, "spec unknown: its GPUs and memory are not in gpufit's spec "
				 "tables, so it was not sized");
	assert_string_equal(fit_reject_name(FIT_REJ_SPEC_UNKNOWN), "spec-unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mig_share),
		cmocka_unit_test(test_mig_per_gpu),
		cmocka_unit_test(test_mig_per_gpu_catalog),
		cmocka_unit_test(test_price),
		cmocka_unit_test(test_compare),
		cmocka_unit_test(test_reject_text),
		cmocka_unit_test(test_generic),
		cmocka_unit_test(test_llm),
		cmocka_unit_test(test_llm_instance_over_vms),
		cmocka_unit_test(test_training_no_ib),
		cmocka_unit_test(test_training_huge),
		cmocka_unit_test(test_vm_check),
		cmocka_unit_test(test_precision_reject),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
