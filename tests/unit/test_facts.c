/*
 * Consistency tests for the bundled fact files (catalog/ CSV files): the facts are
 * read back through the catalog store and checked against each other, so a
 * wrong row in one file (a VM size naming an unknown GPU, a MIG profile that
 * does not fit its GPU, a spot price copied from on-demand) fails the build's
 * test suite rather than a user's recommendation.
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

struct facts {
	catalog *cat;
	struct gpu_spec *gpus;
	size_t ngpus;
	struct vm_size *vms;
	size_t nvms;
	struct mig_profile *migs;
	size_t nmigs;
	struct price *prices;
	size_t nprices;
};

static int setup(void **state)
{
	struct facts *f = calloc(1, sizeof *f);
	char err[CATALOG_ERRLEN];
	if (!f || catalog_open_bundled(&f->cat, err) != 0 ||
	    catalog_gpu_list(f->cat, &f->gpus, &f->ngpus, err) != 0 ||
	    catalog_vm_list(f->cat, &f->vms, &f->nvms, err) != 0 ||
	    catalog_mig_list(f->cat, NULL, &f->migs, &f->nmigs, err) != 0 ||
	    catalog_price_list(f->cat, NULL, &f->prices, &f->nprices, err) != 0) {
		fprintf(stderr, "test_facts: cannot read the bundled catalog: %s\n", err);
		return -1;
	}
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct facts *f = *state;
	free(f->gpus);
	free(f->vms);
	free(f->migs);
	free(f->prices);
	catalog_close(f->cat);
	free(f);
	return 0;
}

static const struct gpu_spec *gpu_named(const struct facts *f, const char *name)
{
	for (size_t i = 0; i < f->ngpus; i++)
		if (strcmp(f->gpus[i].name, name) == 0)
			return &f->gpus[i];
	return NULL;
}

static const struct vm_size *vm_named(const struct facts *f, const char *sku)
{
	for (size_t i = 0; i < f->nvms; i++)
		if (strcmp(f->vms[i].sku, sku) == 0)
			return &f->vms[i];
	return NULL;
}

static void test_tables_are_populated(void **state)
{
	const struct facts *f = *state;
	assert_true(f->ngpus >= 20);
	assert_true(f->nvms >= 60);
	assert_true(f->nmigs >= 50);
	assert_true(f->nprices >= 300);
}

static void test_gpu_figures_are_plausible(void **state)
{
	const struct facts *f = *state;
	for (size_t i = 0; i < f->ngpus; i++) {
		const struct gpu_spec *g = &f->gpus[i];
		if (g->memory_gib <= 0 || g->bandwidth_gbps <= 0 || g->fp32_tflops <= 0 ||
		    g->fp16_tflops < g->fp32_tflops || g->sm_count <= 0 || g->pcie_gen < 3 ||
		    (g->mig_max != 0 && g->mig_max != 7) ||
		    (g->link_gbps > 0) != (g->link[0] != '\0'))
			fail_msg("gpu '%s': implausible figures", g->name);
		/* Dense, not sparse: no GPU in the catalog exceeds 2.6 dense PFLOPS FP16. */
		if (g->fp16_tflops > 2600)
			fail_msg("gpu '%s': fp16 %.1f TFLOPS looks like a sparse figure", g->name,
				 g->fp16_tflops);
	}
}

static void test_vm_sizes_name_known_gpus(void **state)
{
	const struct facts *f = *state;
	for (size_t i = 0; i < f->nvms; i++) {
		const struct vm_size *v = &f->vms[i];
		if (strncmp(v->sku, "Standard_NP", 11) == 0)
			fail_msg("size '%s': FPGA sizes are not GPU sizes", v->sku);
		if (!v->spec_known)
			continue;
		const struct gpu_spec *g = gpu_named(f, v->gpu_model);
		if (!g)
			fail_msg("size '%s': unknown gpu model '%s'", v->sku, v->gpu_model);
		if (v->gpu_count <= 0 || v->vcpus <= 0 || v->ram_gib <= 0)
			fail_msg("size '%s': bad counts", v->sku);
		if (v->gpu_count >= 1) {
			/* A whole GPU: the VM sees all of the GPU's memory. */
			if (fabs(v->gpu_memory_gib - g->memory_gib) > 1e-6)
				fail_msg("size '%s': gpu memory %.4f GiB, its gpu '%s' has %.4f",
					 v->sku, v->gpu_memory_gib, g->name, g->memory_gib);
			if (v->gpu_count != floor(v->gpu_count))
				fail_msg("size '%s': %.4f GPUs", v->sku, v->gpu_count);
		} else if (v->gpu_memory_gib > g->memory_gib) {
			fail_msg("size '%s': a partition with more memory than its gpu", v->sku);
		}
		if (v->mig_capable && g->mig_max == 0)
			fail_msg("size '%s': MIG-capable but gpu '%s' has no MIG", v->sku, g->name);
		if (v->infiniband_gbps > 0 && v->infiniband_type[0] == '\0')
			fail_msg("size '%s': InfiniBand rate without a type", v->sku);
	}
}

static void test_mig_profiles_fit_their_gpu(void **state)
{
	const struct facts *f = *state;
	for (size_t i = 0; i < f->nmigs; i++) {
		const struct mig_profile *m = &f->migs[i];
		const struct gpu_spec *g = gpu_named(f, m->gpu_model);
		if (!g)
			fail_msg("mig '%s': unknown gpu '%s'", m->name, m->gpu_model);
		if (g->mig_max == 0)
			fail_msg("mig '%s' on '%s': the gpu has no MIG", m->name, g->name);
		if (m->memory_slices < 1 || m->memory_slices > 8 || m->compute_slices < 1 ||
		    m->compute_slices > 7 || m->max_count < 1 || m->max_count > g->mig_max)
			fail_msg("mig '%s' on '%s': slices out of range", m->name, g->name);
		/* The name starts with the compute slices: "3g.40gb". */
		if (m->name[0] - '0' != m->compute_slices)
			fail_msg("mig '%s' on '%s': name and compute slices disagree", m->name,
				 g->name);
		if (m->start_mask == 0)
			fail_msg("mig '%s' on '%s': no start slot", m->name, g->name);
		for (int s = 0; s < 8; s++)
			if ((m->start_mask & (1u << s)) && s + m->memory_slices > 8)
				fail_msg("mig '%s' on '%s': start slot %d overflows the 8 slots",
					 m->name, g->name, s);
		if (!m->media_ext && m->max_count * m->memory_slices > 8)
			fail_msg("mig '%s' on '%s': %d instances need more than 8 slots", m->name,
				 g->name, m->max_count);
		if (m->media_ext && (m->max_count != 1 || !strstr(m->name, "+me")))
			fail_msg("mig '%s' on '%s': a media profile is +me and single", m->name,
				 g->name);
		if (m->memory_gib > g->memory_gib || m->sms > g->sm_count || m->sms <= 0)
			fail_msg("mig '%s' on '%s': bigger than the gpu", m->name, g->name);
		/* Usable memory roughly follows the memory slices. */
		double share = m->memory_gib / g->memory_gib * 8.0 / m->memory_slices;
		if (share < 0.8 || share > 1.01)
			fail_msg("mig '%s' on '%s': %.2f GiB does not match %d of 8 slices", m->name,
				 g->name, m->memory_gib, m->memory_slices);
		if (m->aks_profile[0] &&
		    (strncmp(m->aks_profile, "MIG", 3) != 0 || m->aks_profile[3] != m->name[0] ||
		     m->media_ext))
			fail_msg("mig '%s' on '%s': AKS profile '%s' does not match", m->name,
				 g->name, m->aks_profile);
	}
}

static void test_mig_gpus_have_a_whole_gpu_profile(void **state)
{
	const struct facts *f = *state;
	for (size_t i = 0; i < f->ngpus; i++) {
		const struct gpu_spec *g = &f->gpus[i];
		if (g->mig_max == 0)
			continue;
		int found = 0;
		for (size_t j = 0; j < f->nmigs; j++) {
			const struct mig_profile *m = &f->migs[j];
			if (strcmp(m->gpu_model, g->name) != 0 || m->compute_slices != 7)
				continue;
			found = 1;
			assert_int_equal(m->memory_slices, 8);
			assert_int_equal(m->max_count, 1);
			if (m->memory_gib < 0.97 * g->memory_gib)
				fail_msg("gpu '%s': 7g profile has %.2f of %.2f GiB", g->name,
					 m->memory_gib, g->memory_gib);
		}
		if (!found)
			fail_msg("gpu '%s': MIG-capable but no 7g profile", g->name);
	}
}

static void test_prices_are_sane(void **state)
{
	const struct facts *f = *state;
	char err[CATALOG_ERRLEN];
	for (size_t i = 0; i < f->nprices; i++) {
		const struct price *p = &f->prices[i];
		if (!(p->hourly > 0))
			fail_msg("price of '%s' in '%s' is %g", p->sku, p->region, p->hourly);
		if (strcmp(p->currency, "USD") != 0)
			fail_msg("price of '%s': currency '%s'", p->sku, p->currency);
		if (!vm_named(f, p->sku))
			fail_msg("price of unknown size '%s'", p->sku);
		struct region r;
		if (catalog_region_find(f->cat, p->region, &r, err) != 1)
			fail_msg("price of '%s' in unknown region '%s'", p->sku, p->region);
		if (strcmp(p->os, "linux") != 0 && p->pricing != PRICING_PAYG &&
		    p->pricing != PRICING_SPOT)
			fail_msg("'%s': reservations are stored once, as linux", p->sku);
	}
}

/* Finds the pay-as-you-go price matching p (same size, region, OS). */
static const struct price *payg_of(const struct facts *f, const struct price *p)
{
	for (size_t i = 0; i < f->nprices; i++) {
		const struct price *q = &f->prices[i];
		if (q->pricing == PRICING_PAYG && strcmp(q->sku, p->sku) == 0 &&
		    strcmp(q->region, p->region) == 0 && strcmp(q->os, p->os) == 0)
			return q;
	}
	return NULL;
}

static void test_discounts_are_discounts(void **state)
{
	const struct facts *f = *state;
	size_t spot = 0, reserved = 0;
	for (size_t i = 0; i < f->nprices; i++) {
		const struct price *p = &f->prices[i];
		if (p->pricing == PRICING_PAYG)
			continue;
		const struct price *base = payg_of(f, p);
		if (!base)
			continue;
		if (p->pricing == PRICING_SPOT) {
			spot++;
			/* The source defect: a spot meter carrying the on-demand price. */
			if (p->hourly == base->hourly)
				fail_msg("spot price of '%s' in '%s' equals pay-as-you-go (%g)",
					 p->sku, p->region, p->hourly);
		} else {
			reserved++;
		}
		if (p->hourly >= base->hourly)
			fail_msg("%s price of '%s' in '%s' is %g, pay-as-you-go %g",
				 pricing_name(p->pricing), p->sku, p->region, p->hourly,
				 base->hourly);
	}
	assert_true(spot > 100);
	assert_true(reserved >= 20);
}

static void test_spot_checks(void **state)
{
	const struct facts *f = *state;
	char err[CATALOG_ERRLEN];

	const struct vm_size *h = vm_named(f, "Standard_ND96isr_H100_v5");
	assert_non_null(h);
	assert_string_equal(h->gpu_model, "H100-SXM-80GB");
	assert_true(h->gpu_count == 8); /* not the 12 of the SKU API */
	assert_true(h->infiniband_gbps == 400);
	assert_string_equal(h->infiniband_type, "NDR");
	assert_int_equal(h->nvlink, 1);
	assert_int_equal(h->mig_capable, 1);

	const struct vm_size *a10 = vm_named(f, "Standard_NV6ads_A10_v5");
	assert_non_null(a10);
	assert_true(fabs(a10->gpu_count - 1.0 / 6) < 1e-9);
	assert_true(a10->gpu_memory_gib == 4);

	const struct vm_size *v100 = vm_named(f, "Standard_NC6s_v3");
	assert_non_null(v100);
	assert_int_equal(v100->retired, 1);

	struct gpu_spec g;
	assert_int_equal(catalog_gpu_find(f->cat, "H100-SXM-80GB", &g, err), 1);
	assert_true(g.fp16_tflops == 989.4); /* dense, not the sparse 1979 */
	assert_true(g.link_gbps == 900);

	struct model_preset m;
	assert_int_equal(catalog_preset_find(f->cat, "llama-2-7b", &m, err), 1);
	assert_true(fabs(m.params_b * 1e9 - 6738415616.0) < 1);
	assert_int_equal(catalog_preset_find(f->cat, "llama-3-70b", &m, err), 1);
	assert_int_equal(2 * m.layers * m.kv_heads * m.head_dim * 2, 327680);
	assert_int_equal(catalog_preset_find(f->cat, "mixtral-8x7b", &m, err), 1);
	assert_int_equal(m.moe_experts, 8);
	assert_int_equal(m.moe_active, 2);
	assert_true(m.active_params_b < m.params_b);

	/* A reservation is the term total over the term's hours. */
	double hourly;
	assert_int_equal(catalog_price_find(f->cat, "Standard_NC40ads_H100_v5", "indonesiacentral",
					    PRICING_RESERVED_1Y, "USD", &hourly, err),
			 1);
	assert_true(fabs(hourly - 53655.0 / 8760) < 1e-9);
	/* The spot meter that equals on-demand is not a spot price. */
	assert_int_equal(catalog_price_find(f->cat, "Standard_ND96isr_H100_v5", "eastus",
					    PRICING_SPOT, "USD", &hourly, err),
			 0);
	assert_int_equal(catalog_price_find(f->cat, "Standard_ND96isr_H100_v5", "eastus",
					    PRICING_PAYG, "USD", &hourly, err),
			 1);
	assert_true(hourly == 98.32);
}

/* Retirement is data: the day decides retired vs retiring. */
static void test_retirement_is_by_day(void **state)
{
	(void)state;
	assert_int_equal(vm_retirement_at(0, "", "2026-12-01"), VM_ACTIVE);
	assert_int_equal(vm_retirement_at(0, NULL, "2026-12-01"), VM_ACTIVE);
	assert_int_equal(vm_retirement_at(1, "2026-09-30", "2026-09-29"), VM_RETIRING);
	assert_int_equal(vm_retirement_at(1, "2026-09-30", "2026-09-30"), VM_RETIRED);
	assert_int_equal(vm_retirement_at(1, "2026-09-30", "2026-10-01"), VM_RETIRED);
	/* announced without a known day: retired (the 2023 generations) */
	assert_int_equal(vm_retirement_at(1, "", "2020-01-01"), VM_RETIRED);
	assert_int_equal(vm_retirement_at(1, NULL, "2020-01-01"), VM_RETIRED);
}

/* The bundled catalog's retirements and the 2026 sizes, read at the clock of
 * GPUFIT_NOW (the golden clock 2026-11-30, and a day before NVv4's retirement). */
static void test_bundled_retirements(void **state)
{
	struct facts *f = *state;
	char err[CATALOG_ERRLEN];
	struct vm_size v;

	setenv("GPUFIT_NOW", "2026-09-29T12:00:00Z", 1);
	assert_int_equal(catalog_vm_find(f->cat, "Standard_NV32as_v4", &v, err), 1);
	assert_int_equal(v.retired, 0);
	assert_int_equal(v.retiring, 1);
	assert_string_equal(v.retired_on, "2026-09-30");
	assert_string_equal(v.successor, "NVads_V710_v5");
	assert_int_equal(catalog_vm_find(f->cat, "Standard_NC24rs_v3", &v, err), 1);
	assert_int_equal(v.retired, 1);
	assert_string_equal(v.retired_on, "2025-09-30");
	assert_string_equal(v.successor, "NC_A100_v4");
	setenv("GPUFIT_NOW", "2026-11-30T00:00:00Z", 1);
	assert_int_equal(catalog_vm_find(f->cat, "Standard_NV32as_v4", &v, err), 1);
	assert_int_equal(v.retired, 1);
	assert_int_equal(v.retiring, 0);
	assert_int_equal(catalog_vm_find(f->cat, "Standard_NV12s_v3", &v, err), 1);
	assert_int_equal(v.retired, 1);
	assert_string_equal(v.successor, "NVadsA10_v5");
	/* ND (P40) retired in 2023, the day not found: retired, no day */
	assert_int_equal(catalog_vm_find(f->cat, "Standard_ND6s", &v, err), 1);
	assert_int_equal(v.retired, 1);
	assert_string_equal(v.retired_on, "");
	/* sizes Azure sells, not retired */
	assert_int_equal(catalog_vm_find(f->cat, "Standard_ND96isr_H200_v5", &v, err), 1);
	assert_int_equal(v.retired + v.retiring, 0);
	unsetenv("GPUFIT_NOW");

	/* ND GB300 v6: 4 GB300, 278 GiB each (MIG 7g.278gb), 800 Gb/s InfiniBand per
	 * GPU, no MIG on Azure */
	assert_int_equal(catalog_vm_find(f->cat, "Standard_ND128isr_GB300_v6", &v, err), 1);
	assert_string_equal(v.gpu_model, "GB300-NVL72-278GB");
	assert_true(v.gpu_count == 4 && v.gpu_memory_gib == 278 && v.infiniband_gbps == 800);
	assert_int_equal(v.mig_capable, 0);
	/* NC RTX PRO 6000 BSE v6: a quarter GPU is a 24 GB vGPU partition, not MIG */
	assert_int_equal(catalog_vm_find(f->cat, "Standard_NC24lds_xl_RTXPRO6000BSE_v6", &v, err),
			 1);
	assert_true(v.gpu_count == 0.25 && v.gpu_memory_gib == 24 && !v.mig_capable);
	assert_int_equal(catalog_vm_find(f->cat, "Standard_NC288lds_xl_RTXPRO6000BSE_v6", &v,
					 err),
			 1);
	assert_true(v.gpu_count == 2 && v.gpu_memory_gib == 96);
	/* preview sizes are not offered */
	assert_int_equal(catalog_vm_find(f->cat, "Standard_NC128ds_xl_RTXPRO6000BSE_v6", &v, err),
			 0);
	/* MIG only where Azure documents it: A100, H100, H200 sizes */
	for (size_t i = 0; i < f->nvms; i++)
		if (f->vms[i].mig_capable && strstr(f->vms[i].gpu_model, "A100") == NULL &&
		    strstr(f->vms[i].gpu_model, "H100") == NULL &&
		    strstr(f->vms[i].gpu_model, "H200") == NULL)
			fail_msg("size '%s': MIG-capable on a %s", f->vms[i].sku,
				 f->vms[i].gpu_model);
	/* NC A10 v4: GPU memory unknown (no source gives it), never 0 */
	assert_int_equal(catalog_vm_find(f->cat, "Standard_NC8ads_A10_v4", &v, err), 1);
	assert_int_equal(v.spec_known, 0);
	assert_true(v.gpu_memory_gib == 0 || isnan(v.gpu_memory_gib));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables_are_populated),
		cmocka_unit_test(test_gpu_figures_are_plausible),
		cmocka_unit_test(test_vm_sizes_name_known_gpus),
		cmocka_unit_test(test_mig_profiles_fit_their_gpu),
		cmocka_unit_test(test_mig_gpus_have_a_whole_gpu_profile),
		cmocka_unit_test(test_prices_are_sane),
		cmocka_unit_test(test_discounts_are_discounts),
		cmocka_unit_test(test_spot_checks),
		cmocka_unit_test(test_retirement_is_by_day),
		cmocka_unit_test(test_bundled_retirements),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
