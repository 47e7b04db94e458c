/*
 * bench.c - benchmark of the MIG packer (mig_pack) on random fleets of small
 * inference workloads, priced from the bundled catalog (eastus, payg).
 *
 *   bench [N...]      default: 100 1000 10000 workloads
 *
 * Each workload has 1-3 replicas and needs 1-30 GiB and 1-60 dense FP16
 * TFLOPS (skewed small).  A replica fits a MIG profile or a small GPU when
 * the memory and the SM share of the GPU's FP16 peak cover its needs.  For
 * both strategies the table gives the packing time, the plan's monthly cost,
 * the lower bound the packer reports and the gap to it, and the naive plan:
 * one cheapest whole GPU (a one-GPU VM size) per replica.
 *
 * A second table packs SMALL_FLEETS random fleets of exactly 16 replicas
 * each, where the packer searches for the proven optimum: the slowest and
 * the mean time per fleet, and on how many fleets the optimum was proven.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "catalog.h"
#include "mig.h"

#define REGION "eastus"
#define HOURS 730.0

struct small {                 /* a VM size with at most one GPU */
	char sku[FACT_SKU];
	double memory_gib, tflops, hourly;
	int whole;                 /* exactly one GPU */
};

static struct gpu_spec *gpus;
static size_t ngpus;

static const struct gpu_spec *gpu_of(const char *name)
{
	for (size_t i = 0; i < ngpus; i++)
		if (strcasecmp(gpus[i].name, name) == 0)
			return &gpus[i];
	return NULL;
}

#define SMALL_FLEETS 50
#define SMALL_REPLICAS 16

static uint64_t rng = 12345;

static double uniform(void)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(rng >> 11) / 9007199254740992.0;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* The offers and dedicated sizes fleets are drawn against. */
struct market {
	struct mig_offer offers[MIG_MAX_OFFERS];
	struct mig_profile *offer_prof[MIG_MAX_OFFERS];
	const struct gpu_spec *offer_gpu[MIG_MAX_OFFERS];
	size_t noffers;
	struct small *smalls;
	size_t nsmall;
};

/*
 * Draws nw random workloads (1-3 replicas each) into items, stopping at
 * max_items replicas; adds the naive plan's hourly cost to *naive.  Returns
 * the replica count.
 */
static size_t make_fleet(const struct market *mk, int nw, size_t max_items,
			 struct mig_item *items, double *naive)
{
	size_t nitems = 0;

	for (int w = 0; w < nw && nitems < max_items; w++) {
		double r = uniform();
		int reps = r < 0.5 ? 1 : r < 0.85 ? 2 : 3;
		double mem = exp(log(1.0) + uniform() * (log(30.0) - log(1.0)));
		double tf = exp(log(1.0) + uniform() * (log(60.0) - log(1.0)));
		double ded = 0, whole = 0;
		unsigned feas[MIG_MAX_OFFERS] = { 0 };
		for (size_t o = 0; o < mk->noffers; o++)
			for (size_t p = 0; p < mk->offers[o].nprofiles; p++) {
				const struct mig_profile *mp = &mk->offer_prof[o][p];
				double t = mk->offer_gpu[o]->fp16_tflops * mp->sms /
					   mk->offer_gpu[o]->sm_count;
				if (!mp->media_ext && mp->memory_gib >= mem && t >= tf)
					feas[o] |= 1u << p;
			}
		for (size_t s = 0; s < mk->nsmall; s++) {
			const struct small *sm = &mk->smalls[s];
			if (fabs(sm->memory_gib) < mem || sm->tflops < tf)
				continue;
			if (sm->memory_gib > 0 && (ded == 0 || sm->hourly < ded))
				ded = sm->hourly;
			if (sm->whole && (whole == 0 || sm->hourly < whole))
				whole = sm->hourly;
		}
		for (int k = 0; k < reps && nitems < max_items; k++) {
			struct mig_item *it = &items[nitems++];
			it->workload = w;
			it->replica = k;
			memcpy(it->feasible, feas, sizeof(feas));
			it->dedicated_hourly = ded;
			*naive += whole;
		}
	}
	return nitems;
}

/*
 * SMALL_FLEETS fleets of SMALL_REPLICAS replicas, both strategies: the
 * slowest and the mean packing time and how many plans are proven optimal.
 */
static int small_fleets(const struct market *mk)
{
	printf("\n| fleets | replicas each | strategy | slowest | mean | proven optimal |\n");
	printf("|---:|---:|---|---:|---:|---:|\n");
	for (int st = 0; st < 2; st++) {
		double slowest = 0, sum = 0;
		int proven = 0;
		for (int f = 0; f < SMALL_FLEETS; f++) {
			struct mig_item items[SMALL_REPLICAS];
			struct mig_plan pl;
			char merr[MIG_ERRLEN];
			double naive = 0, t0, t;
			size_t n;
			rng = 777 + (uint64_t)f;
			n = make_fleet(mk, SMALL_REPLICAS, SMALL_REPLICAS, items, &naive);
			t0 = now();
			if (mig_pack(mk->offers, mk->noffers, items, n, (enum mig_strategy)st, &pl,
				     merr) != 0) {
				fprintf(stderr, "bench pack: %s\n", merr);
				return -1;
			}
			t = now() - t0;
			sum += t;
			if (t > slowest)
				slowest = t;
			proven += pl.proven_optimal;
			mig_plan_release(&pl);
		}
		printf("| %d | %d | %s | %.3f s | %.3f s | %s (%d/%d) |\n", SMALL_FLEETS,
		       SMALL_REPLICAS, mig_strategy_name((enum mig_strategy)st), slowest,
		       sum / SMALL_FLEETS, proven == SMALL_FLEETS ? "yes" : "no", proven,
		       SMALL_FLEETS);
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const int defaults[] = { 100, 1000, 10000 };
	char err[CATALOG_ERRLEN], merr[MIG_ERRLEN];
	catalog *cat;
	struct vm_size *vms;
	struct mig_profile *migs;
	size_t nvms, nmigs;
	struct market mk = { 0 };
	int nruns = argc > 1 ? argc - 1 : 3, status = 0;

	if (catalog_open_bundled(&cat, err) != 0 || catalog_vm_list(cat, &vms, &nvms, err) != 0 ||
	    catalog_gpu_list(cat, &gpus, &ngpus, err) != 0 ||
	    catalog_mig_list(cat, NULL, &migs, &nmigs, err) != 0) {
		fprintf(stderr, "bench pack: %s\n", err);
		return 1;
	}
	mk.smalls = calloc(nvms + 1, sizeof(*mk.smalls));
	for (size_t v = 0; v < nvms; v++) {
		const struct vm_size *vm = &vms[v];
		const struct gpu_spec *g = gpu_of(vm->gpu_model);
		double hourly;
		if (!g || vm->retired || !vm->spec_known || vm->gpu_count <= 0 ||
		    catalog_price_find(cat, vm->sku, REGION, PRICING_PAYG, "USD", &hourly, err) != 1)
			continue;
		if (vm->mig_capable && vm->gpu_count >= 1 && mk.noffers < MIG_MAX_OFFERS) {
			struct mig_profile *p = calloc(MIG_MAX_PROFILES, sizeof(*p));
			size_t np = 0, o = mk.noffers;
			for (size_t m = 0; m < nmigs && np < MIG_MAX_PROFILES; m++)
				if (strcasecmp(migs[m].gpu_model, vm->gpu_model) == 0)
					p[np++] = migs[m];
			if (np) {
				mk.offers[o].sku = vm->sku;
				mk.offers[o].gpu_model = vm->gpu_model;
				mk.offers[o].gpus_per_vm = (int)lround(vm->gpu_count);
				mk.offers[o].hourly = hourly;
				mk.offers[o].profiles = p;
				mk.offers[o].nprofiles = np;
				mk.offer_prof[o] = p;
				mk.offer_gpu[o] = g;
				mk.noffers++;
			} else {
				free(p);
			}
		}
		if (vm->gpu_count <= 1 + 1e-9 && strcasecmp(g->vendor, "NVIDIA") == 0) {
			struct small *s = &mk.smalls[mk.nsmall++];
			snprintf(s->sku, sizeof(s->sku), "%s", vm->sku);
			s->memory_gib = vm->gpu_memory_gib;
			s->tflops = g->fp16_tflops * vm->gpu_count;
			s->hourly = hourly;
			s->whole = fabs(vm->gpu_count - 1) < 1e-9;
			/* a MIG-capable size is a whole GPU for the naive plan only */
			if (vm->mig_capable)
				s->memory_gib = -s->memory_gib;
		}
	}

	printf("MIG packer on random small inference workloads (%s payg, %zu MIG-capable sizes)\n\n",
	       REGION, mk.noffers);
	printf("| workloads | replicas | strategy | pack time | plan $/month | lower bound | gap %% "
	       "| naive $/month | savings %% |\n");
	printf("|---:|---:|---|---:|---:|---:|---:|---:|---:|\n");
	for (int run = 0; run < nruns && status == 0; run++) {
		int nw = argc > 1 ? atoi(argv[run + 1]) : defaults[run];
		struct mig_item *items = calloc((size_t)nw * 3 + 1, sizeof(*items));
		size_t nitems;
		double naive = 0;

		rng = 12345 + (uint64_t)nw;
		nitems = make_fleet(&mk, nw, (size_t)nw * 3, items, &naive);
		for (int st = 0; st < 2; st++) {
			struct mig_plan pl;
			double t0 = now(), t1;
			if (mig_pack(mk.offers, mk.noffers, items, nitems, (enum mig_strategy)st, &pl,
				     merr) != 0) {
				fprintf(stderr, "bench pack: %s\n", merr);
				status = 1;
				break;
			}
			t1 = now();
			printf("| %d | %zu | %s | %.3f s | %.0f | %.0f | %.2f | %.0f | %.1f |\n", nw,
			       nitems, mig_strategy_name((enum mig_strategy)st), t1 - t0,
			       pl.hourly * HOURS, pl.lower_bound_hourly * HOURS,
			       100 * (pl.hourly - pl.lower_bound_hourly) / pl.lower_bound_hourly,
			       naive * HOURS, 100 * (naive - pl.hourly) / naive);
			if (pl.nunplaced)
				printf("(%zu replicas unplaced)\n", pl.nunplaced);
			mig_plan_release(&pl);
		}
		free(items);
	}
	if (status == 0 && small_fleets(&mk) != 0)
		status = 1;
	printf("\ntargets: 10,000 workloads packed in <= 1 s; gap to the lower bound <= 5 %%; "
	       "%d-replica fleets proven optimal in <= 1 s\n", SMALL_REPLICAS);
	for (size_t o = 0; o < mk.noffers; o++)
		free(mk.offer_prof[o]);
	free(mk.smalls);
	free(vms);
	free(migs);
	free(gpus);
	catalog_close(cat);
	return status;
}
