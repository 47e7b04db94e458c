/*
 * mig_plan.c - node pools of a MIG packing plan (mig_plan.h), shared by
 * recommend and pack.
 */
#include "mig_plan.h"

#include <stdio.h>
#include <string.h>

#include "bill.h"
#include "util.h"

static void lower_copy(char *dst, size_t len, const char *src, char stop)
{
	size_t k = 0;
	for (; src[k] && src[k] != stop && k + 1 < len; k++)
		dst[k] = (char)(src[k] >= 'A' && src[k] <= 'Z' ? src[k] - 'A' + 'a' : src[k]);
	dst[k] = '\0';
}

void mig_plan_pool_init(struct mig_plan_pool *out, const struct mig_offer *offers,
			const struct mig_pool *src, const char *region, enum pricing_kind kind,
			double hours_per_month)
{
	const struct mig_offer *of = &offers[src->offer];
	memset(out, 0, sizeof(*out));
	snprintf(out->sku, sizeof(out->sku), "%s", of->sku);
	snprintf(out->region, sizeof(out->region), "%s", region);
	snprintf(out->gpu_model, sizeof(out->gpu_model), "%s", of->gpu_model);
	out->gpus_per_vm = of->gpus_per_vm;
	out->vm_count = src->vm_count;
	if (src->profile >= 0) {
		snprintf(out->mig_profile, sizeof(out->mig_profile), "%s",
			 of->profiles[src->profile].name);
		snprintf(out->aks_profile, sizeof(out->aks_profile), "%s",
			 of->profiles[src->profile].aks_profile);
	}
	out->hourly_cost = src->hourly;
	out->monthly_cost = bill_monthly(kind, of->hourly, src->vm_count, hours_per_month);
}

void mig_plan_pool_name(struct mig_plan_pool *pool, const struct mig_plan_pool *pools,
			size_t npools)
{
	char base[48], g[24], a[16];
	int clash = 1;
	lower_copy(g, sizeof(g), pool->gpu_model, '-');
	lower_copy(a, sizeof(a), pool->aks_profile[0] ? pool->aks_profile : "mig", '\0');
	snprintf(base, sizeof(base), "%s-%s", a, g);
	snprintf(pool->name, sizeof(pool->name), "%s", base);
	for (int n = 2; clash; n++) {
		clash = 0;
		for (size_t i = 0; i < npools && !clash; i++)
			clash = strcmp(pools[i].name, pool->name) == 0;
		if (clash)
			snprintf(pool->name, sizeof(pool->name), "%.40s-%d", base, n);
	}
}

void mig_plan_pool_count(struct mig_plan_pool *pools, size_t base, const struct mig_plan *mp)
{
	for (size_t g = 0; g < mp->ngpus; g++) {
		struct mig_plan_pool *pool = &pools[base + (size_t)mp->gpus[g].pool];
		pool->slices += mp->gpus[g].nslices;
		for (int q = 0; q < mp->gpus[g].nslices; q++)
			pool->slices_used += mp->gpus[g].slices[q].item >= 0;
	}
}

void mig_plan_gpus_append(struct mig_plan_gpu **gpus, size_t *ngpus, size_t base,
			  const struct mig_offer *offers, const struct mig_item *items,
			  const struct mig_plan *mp)
{
	/* slices of one profile in a row (a pool's GPUs): its name read once */
	const char *last = NULL, *lastcopy = NULL;

	if (!mp->ngpus)
		return;
	*gpus = xrealloc(*gpus, (*ngpus + mp->ngpus) * sizeof(**gpus));
	for (size_t g = 0; g < mp->ngpus; g++) {
		const struct mig_gpu *src = &mp->gpus[g];
		const struct mig_offer *of = &offers[mp->pools[src->pool].offer];
		struct mig_plan_gpu *dst = &(*gpus)[(*ngpus)++];

		memset(dst, 0, sizeof(*dst));
		dst->pool = (int)base + src->pool;
		dst->vm = src->vm;
		dst->gpu = src->gpu;
		dst->nslices = src->nslices;
		dst->memory_slots_used = src->memory_slots_used;
		dst->compute_slices_used = src->compute_slices_used;
		for (int s = 0; s < src->nslices && s < MIG_MEMORY_SLOTS; s++) {
			const struct mig_slice *sl = &src->slices[s];

			const char *name = of->profiles[sl->profile].name;

			if (lastcopy && name == last)
				memcpy(dst->slices[s].profile, lastcopy, sizeof(dst->slices[s].profile));
			else
				util_copy_str(dst->slices[s].profile, sizeof(dst->slices[s].profile),
					      name);
			last = name;
			lastcopy = dst->slices[s].profile;
			dst->slices[s].start = sl->start;
			dst->slices[s].memory_slices = of->profiles[sl->profile].memory_slices;
			dst->slices[s].workload = sl->item >= 0 ? items[sl->item].workload : -1;
			dst->slices[s].replica = sl->item >= 0 ? items[sl->item].replica : -1;
		}
	}
}
