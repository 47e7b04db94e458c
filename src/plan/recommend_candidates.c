/*
 * recommend_candidates.c - the catalog as plain arrays and a price table,
 * the candidate shapes (a VM size, or a MIG slice of one) and the packer's
 * offers per region.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "recommend_internal.h"
#include "util.h"

/* 1 when the features of a size's name ("isr" of Standard_ND96isr_H100_v5:
 * the lower-case letters after the vCPU count) name RDMA, as Azure names
 * the sizes with InfiniBand. */
static int name_says_rdma(const char *sku)
{
	const char *p = strchr(sku, '_');

	if (!p)
		return 0;
	for (p++; *p && !isdigit((unsigned char)*p); p++)
		;
	while (isdigit((unsigned char)*p))
		p++;
	for (; *p && *p != '_' && !isupper((unsigned char)*p); p++)
		if (*p == 'r')
			return 1;
	return 0;
}

/* The rows of sku in prices (sorted by sku, then region): [*lo, *hi). */
static void sku_rows(const struct rec_env *e, const char *sku, size_t *lo, size_t *hi)
{
	size_t a = 0, b = e->nprices;

	while (a < b) { /* the first row not below sku */
		size_t mid = a + (b - a) / 2;
		if (strcmp(e->prices[mid].sku, sku) < 0)
			a = mid + 1;
		else
			b = mid;
	}
	*lo = a;
	for (b = a; b < e->nprices && strcmp(e->prices[b].sku, sku) == 0; b++)
		;
	*hi = b;
}

/* 1 when the prices of sizes x and y agree wherever both have one (region,
 * kind, OS, currency), and both have one somewhere: the evidence that they
 * are one offer. */
static int same_prices(const struct rec_env *e, const char *x, const char *y)
{
	size_t common = 0, xlo, xhi, ylo, yhi;

	sku_rows(e, x, &xlo, &xhi);
	sku_rows(e, y, &ylo, &yhi);
	for (size_t i = xlo; i < xhi; i++) {
		const struct price *a = &e->prices[i];

		for (size_t j = ylo; j < yhi; j++) {
			const struct price *b = &e->prices[j];

			if (b->pricing != a->pricing || strcmp(b->region, a->region) != 0 ||
			    strcasecmp(b->os, a->os) != 0 || strcasecmp(b->currency, a->currency) != 0)
				continue;
			if (b->hourly != a->hourly)
				return 0;
			common++;
		}
	}
	return common > 0;
}

/* Two rows of vm_sizes that are one VM under two armSkuNames: the same
 * series and spec, neither retired, and the same prices (same_prices).  The
 * catalog keeps such a row only so a price under either name matches
 * (docs/catalog.md). */
static int same_vm(const struct rec_env *e, size_t a, size_t b)
{
	const struct vm_size *x = &e->vms[a], *y = &e->vms[b];

	if (x->retired || y->retired || !x->spec_known || !y->spec_known ||
	    strcmp(x->series, y->series) != 0 || strcmp(x->gpu_model, y->gpu_model) != 0 ||
	    x->gpu_count != y->gpu_count || x->gpu_memory_gib != y->gpu_memory_gib ||
	    x->vcpus != y->vcpus || x->ram_gib != y->ram_gib ||
	    x->local_nvme_gib != y->local_nvme_gib || x->infiniband_gbps != y->infiniband_gbps ||
	    strcmp(x->infiniband_type, y->infiniband_type) != 0 || x->nvlink != y->nvlink ||
	    x->mig_capable != y->mig_capable || x->retiring != y->retiring ||
	    strcmp(x->retired_on, y->retired_on) != 0)
		return 0;
	return same_prices(e, x->sku, y->sku);
}

/* Of two names of one VM, 1 when a is the one to print: the name that
 * follows Azure's naming (an InfiniBand size's name says r), else the
 * shorter, else the first. */
static int better_name(const struct rec_env *e, size_t a, size_t b)
{
	const struct vm_size *x = &e->vms[a], *y = &e->vms[b];
	int ib = x->infiniband_gbps > 0;
	int nx = name_says_rdma(x->sku) == ib, ny = name_says_rdma(y->sku) == ib;
	size_t lx = strlen(x->sku), ly = strlen(y->sku);

	if (nx != ny)
		return nx;
	if (lx != ly)
		return lx < ly;
	return a < b;
}

/*
 * alias_of: every size that is another name of one VM points at the name
 * printed for it, whose price table row takes the alias's prices where it
 * has none.  An alias is never a candidate: the VM is sized, ranked,
 * listed and deployed once, under that name.
 */
static void find_aliases(struct rec_env *e)
{
	size_t *group = xmalloc((e->nvms + 1) * sizeof(*group));
	unsigned char *seen = xcalloc(e->nvms + 1, 1);

	e->alias_of = xmalloc((e->nvms + 1) * sizeof(*e->alias_of));
	for (size_t v = 0; v < e->nvms; v++)
		e->alias_of[v] = -1;
	for (size_t a = 0; a < e->nvms; a++) {
		size_t n = 0, best = a;

		if (seen[a])
			continue;
		group[n++] = a;
		for (size_t b = a + 1; b < e->nvms; b++)
			if (!seen[b] && same_vm(e, a, b)) {
				seen[b] = 1;
				group[n++] = b;
				if (better_name(e, b, best))
					best = b;
			}
		for (size_t k = 0; n > 1 && k < n; k++) {
			size_t b = group[k];

			if (b == best)
				continue;
			e->alias_of[b] = (int)best;
			for (size_t r = 0; r < e->nregions; r++) {
				double *pb = &e->price[best * e->nregions + r];

				if (!(*pb > 0))
					*pb = e->price[b * e->nregions + r];
			}
		}
	}
	free(seen);
	free(group);
}

/* The catalog arrays of the snapshot (borrowed), the efficiency factors of
 * every GPU model, the regions in use and the size x region price table. */
int recommend_load_snapshot(struct rec_env *e, struct recommend_result *res,
			    const struct catalog_snapshot *snap, char *err)
{
	e->vms = snap->vms; /* sorted by sku, as recommend_vm_index() needs */
	e->nvms = snap->nvms;
	e->gpus = snap->gpus;
	e->ngpus = snap->ngpus;
	e->migs = snap->migs;
	e->nmigs = snap->nmigs;
	e->presets = snap->presets;
	e->npresets = snap->npresets;
	e->tiers = snap->tiers;
	e->ntiers = snap->ntiers;
	e->data = &snap->data;
	e->engines = snap->engines;
	e->nengines = snap->nengines;
	e->prices = snap->prices;
	e->nprices = snap->nprices;

	e->factors = xcalloc(e->ngpus + 1, sizeof(*e->factors));
	e->factors_ok = xcalloc(e->ngpus + 1, sizeof(*e->factors_ok));
	for (size_t i = 0; i < e->ngpus; i++)
		e->factors_ok[i] = sizing_factors_resolve(snap->eff, snap->neff, &e->gpus[i],
							  &e->factors[i], NULL) == 0;
	if (sizing_factors_resolve(snap->eff, snap->neff, NULL, &res->factors, err) != 0)
		return -1;

	/* regions in use: overrides, profile regions, pins, current deployments */
	for (size_t i = 0; i < e->o->nregions; i++)
		recommend_add_region(e, e->o->regions[i]);
	for (size_t i = 0; i < e->p->nregions; i++)
		recommend_add_region(e, e->p->regions[i]);
	for (size_t i = 0; i < e->p->nworkloads; i++)
		recommend_add_region(e, profile_workload_region(e->p, &e->p->workloads[i]));
	/* where data lives: running there is priced against moving the data */
	for (size_t i = 0; i < e->p->nworkloads; i++)
		if (e->p->workloads[i].has_data && e->p->workloads[i].data.has_region)
			recommend_add_region(e, e->p->workloads[i].data.region);

	e->price = xcalloc(e->nvms * e->nregions + 1, sizeof(*e->price));
	for (size_t i = 0; i < snap->nprices; i++) {
		const struct price *pr = &snap->prices[i];
		int v, r;
		if (pr->pricing != e->pricing || strcasecmp(pr->os, "linux") != 0 ||
		    strcasecmp(pr->currency, e->currency) != 0 || !(pr->hourly > 0))
			continue;
		if ((r = recommend_region_index(e, pr->region)) < 0 ||
		    (v = recommend_vm_index(e, pr->sku)) < 0)
			continue;
		e->price[(size_t)v * e->nregions + r] = pr->hourly;
	}
	find_aliases(e);
	/* what the subscription cannot launch in a region has no price there:
	 * no stage (ranking, MIG plan, fallbacks, terms) can choose it */
	if (e->o->skus) {
		e->unavailable = xcalloc(e->nvms * e->nregions + 1, 1);
		for (size_t v = 0; v < e->nvms; v++)
			for (size_t r = 0; r < e->nregions; r++)
				if (azure_skus_check(e->o->skus, e->vms[v].sku, e->regions[r], 0,
						     NULL, 0) != AZURE_AVAILABLE) {
					e->unavailable[v * e->nregions + r] = 1;
					e->price[v * e->nregions + r] = 0;
				}
	}
	return 0;
}

static int cap_equal(const struct sizing_capacity *x, const struct sizing_capacity *y)
{
	return x->kind == y->kind && x->gpus == y->gpus && x->gpus_per_node == y->gpus_per_node &&
	       x->nodes == y->nodes && x->nvlink_domain == y->nvlink_domain &&
	       x->fraction == y->fraction && x->memory_gib == y->memory_gib &&
	       x->bandwidth_gbps == y->bandwidth_gbps && x->fp32_tflops == y->fp32_tflops &&
	       x->fp16_tflops == y->fp16_tflops && x->bf16_tflops == y->bf16_tflops &&
	       x->fp8_tflops == y->fp8_tflops && x->fp4_tflops == y->fp4_tflops &&
	       x->int8_tops == y->int8_tops &&
	       x->link_gbps == y->link_gbps && x->pcie_gbps == y->pcie_gbps &&
	       x->infiniband_gbps == y->infiniband_gbps &&
	       strcmp(x->gpu_model, y->gpu_model) == 0 &&
	       strcmp(x->architecture, y->architecture) == 0 &&
	       strcmp(x->mig_profile, y->mig_profile) == 0;
}

static void push_shape(struct rec_env *e, size_t *cap, struct shape *s)
{
	s->same = -1;
	for (size_t j = 0; j < e->nall && !e->vms[s->vm].retired; j++) {
		const struct shape *o = &e->shapes[j];
		if (o->same < 0 && o->gpu == s->gpu && o->infiniband == s->infiniband &&
		    (o->mig < 0) == (s->mig < 0) && !e->vms[o->vm].retired &&
		    e->vms[o->vm].confidential == e->vms[s->vm].confidential &&
		    cap_equal(&o->cap, &s->cap)) {
			s->same = (int)j;
			break;
		}
	}
	if (e->nall == *cap)
		e->shapes = xrealloc(e->shapes, (*cap *= 2) * sizeof(*e->shapes));
	e->shapes[e->nall++] = *s;
}

/* The slices of a MIG-capable size: full: only the 7-slice profile (for the
 * MIG plan), else every other profile but the +me variants. */
static void add_slices(struct rec_env *e, size_t *cap, const struct shape *vs, int full)
{
	const struct vm_size *vm = &e->vms[vs->vm];
	if (!vm->mig_capable || vm->retired || vm->gpu_count < 1)
		return;
	for (size_t m = 0; m < e->nmigs; m++) {
		const struct mig_profile *mp = &e->migs[m];
		struct shape ms = *vs;
		if (strcasecmp(mp->gpu_model, vm->gpu_model) != 0 || mp->media_ext ||
		    (mp->compute_slices >= 7) != full)
			continue;
		if (sizing_capacity_from_mig(&e->gpus[vs->gpu], mp, &ms.cap) != 0)
			continue;
		ms.cap.mig_per_gpu = fit_mig_per_gpu(mp);
		ms.mig = (int)m;
		ms.infiniband = 0;
		ms.share = fit_mig_share(mp) / vm->gpu_count;
		push_shape(e, cap, &ms);
	}
}

void recommend_build_shapes(struct rec_env *e)
{
	size_t cap = 64;
	e->shapes = xmalloc(cap * sizeof(*e->shapes));
	e->unknown = xcalloc(e->nvms + 1, sizeof(*e->unknown));
	for (int full = 0; full <= 1; full++) {
		for (size_t v = 0; v < e->nvms; v++) {
			const struct vm_size *vm = &e->vms[v];
			struct shape s;
			int g;
			if (e->alias_of[v] >= 0)
				continue;
			if (fit_vm_check(vm) == FIT_REJ_SPEC_UNKNOWN) {
				if (!full)
					e->unknown[e->nunknown++] = (int)v;
				continue;
			}
			if ((g = recommend_gpu_index(e, vm->gpu_model)) < 0 || !e->factors_ok[g])
				continue;
			memset(&s, 0, sizeof(s));
			s.vm = (int)v;
			s.mig = -1;
			s.gpu = g;
			s.infiniband = vm->infiniband_gbps > 0;
			s.share = 1.0;
			if (sizing_capacity_from_vm(vm, &e->gpus[g], 1, &s.cap) != 0)
				continue;
			if (!full)
				push_shape(e, &cap, &s);
			add_slices(e, &cap, &s, full);
		}
		if (!full)
			e->nshapes = e->nall;
	}
}

static int cmp_offer(const void *a, const void *b)
{
	const struct pack_offer *x = a, *y = b;
	if (x->hourly != y->hourly)
		return x->hourly < y->hourly ? -1 : 1;
	return x->vm - y->vm;
}

/* The packer's offers of every region: MIG-capable sizes with a whole
 * number of GPUs and a price there, cheapest per GPU first (the dearest
 * beyond MIG_MAX_OFFERS are dropped), with every MIG profile of the GPU
 * model and the shape each usable one was sized as. */
void recommend_build_offers(struct rec_env *e)
{
	struct pack_offer *all = xcalloc(e->nvms + 1, sizeof(*all));
	e->offers = xcalloc(e->nregions * MIG_MAX_OFFERS + 1, sizeof(*e->offers));
	e->noffers = xcalloc(e->nregions + 1, sizeof(*e->noffers));
	for (size_t r = 0; r < e->nregions; r++) {
		size_t n = 0;
		for (size_t v = 0; v < e->nvms; v++) {
			const struct vm_size *vm = &e->vms[v];
			double hourly = e->price[v * e->nregions + r];
			struct pack_offer *o = &all[n];
			int g;
			if (e->alias_of[v] >= 0 ||
			    !vm->mig_capable || fit_vm_check(vm) != FIT_OK || vm->gpu_count < 1 ||
			    fabs(vm->gpu_count - floor(vm->gpu_count)) > 1e-9 || !(hourly > 0) ||
			    (g = recommend_gpu_index(e, vm->gpu_model)) < 0 || !e->factors_ok[g])
				continue;
			o->vm = (int)v;
			o->hourly = hourly / vm->gpu_count; /* per GPU while sorting */
			o->nprofiles = 0;
			for (size_t m = 0; m < e->nmigs && o->nprofiles < MIG_MAX_PROFILES; m++) {
				if (strcasecmp(e->migs[m].gpu_model, vm->gpu_model) != 0)
					continue;
				o->shape[o->nprofiles] = -1;
				for (size_t i = 0; i < e->nall; i++)
					if (e->shapes[i].vm == (int)v && e->shapes[i].mig == (int)m)
						o->shape[o->nprofiles] = (int)i;
				o->profiles[o->nprofiles++] = e->migs[m];
			}
			if (o->nprofiles)
				n++;
		}
		if (n)
			qsort(all, n, sizeof(*all), cmp_offer);
		if (n > MIG_MAX_OFFERS)
			n = MIG_MAX_OFFERS;
		for (size_t i = 0; i < n; i++) {
			all[i].hourly *= e->vms[all[i].vm].gpu_count;
			e->offers[r * MIG_MAX_OFFERS + i] = all[i];
		}
		e->noffers[r] = n;
	}
	free(all);
}

static uint64_t hash_bytes(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ULL;
	return h;
}

/* Plain workloads never get a confidential-computing size; a workload
 * with confidential: true gets nothing else. */
static const char not_confidential[] =
	"not a confidential-computing size (the workload asks for confidential: true)";
static const char confidential_only[] =
	"a confidential-computing size: it needs confidential VM images and the GPU in CC "
	"mode; only for a workload with confidential: true";

int recommend_deploy_reject(const struct engine_support *es, size_t nes,
			    const struct fit_workload *w, const struct vm_size *vm,
			    const struct gpu_spec *g, struct fit_result *r)
{
	char note[FIT_REASON_LEN];

	/* the engine's vendors, then its architectures (compute capability,
	 * ROCm targets) as catalog/engine_support.csv has them */
	if (w->kind == FIT_LLM_INFERENCE && (int)w->engine >= 0 &&
	    w->engine < SIZING_ENGINE_COUNT &&
	    !engine_support_check(es, nes, sizing_engine_name(w->engine), g, note, sizeof note)) {
		memset(r, 0, sizeof(*r));
		r->reject = FIT_REJ_ENGINE;
		r->note = w->notes ? strmap_intern(w->notes, note) : NULL;
		return 1;
	}
	if (vm->confidential != (w->confidential != 0)) {
		memset(r, 0, sizeof(*r));
		r->reject = FIT_REJ_CONFIDENTIAL;
		r->note = w->confidential ? not_confidential : confidential_only;
		return 1;
	}
	return 0;
}

/* The cache slot of w, with w sized on every shape (the slot owns it). */
struct cache_slot *recommend_size_all(struct rank_ctx *c, const struct fit_workload *w,
				      const struct recommend_load_key *tk)
{
	/* workloads sized alike but with different traffic take slots of their
	 * own: their rankings differ (recommend_load.c) */
	uint64_t h = hash_bytes(w, sizeof(*w)) ^ (tk->traffic ? hash_bytes(tk, sizeof(*tk)) : 0);
	struct cache_slot *s = &c->cache[h % CACHE_SLOTS];
	if (s->used && memcmp(&s->key, w, sizeof(*w)) == 0 &&
	    memcmp(&s->tkey, tk, sizeof(*tk)) == 0)
		return s;
	if (!s->fits)
		s->fits = xcalloc(c->env->nall + 1, sizeof(*s->fits));
	s->used = 1;
	s->ranked = 0;
	s->key = *w;
	s->tkey = *tk;
	for (size_t i = 0; i < c->env->nall; i++) {
		const struct shape *sh = &c->env->shapes[i];
		struct fit_result *r = &s->fits[i];
		if (c->env->vms[sh->vm].retired) {
			memset(r, 0, sizeof(*r));
			r->reject = FIT_REJ_RETIRED;
			continue;
		}
		if (w->kind == FIT_TRAINING && sh->mig >= 0) {
			memset(r, 0, sizeof(*r));
			r->reject = FIT_REJ_NOT_FOR_TRAINING;
			continue;
		}
		if (recommend_deploy_reject(c->env->engines, c->env->nengines, w, &c->env->vms[sh->vm],
					    &c->env->gpus[sh->gpu], r))
			continue;
		if (sh->same >= 0) {
			*r = s->fits[sh->same];
			continue;
		}
		fit_evaluate(w, &sh->cap, sh->infiniband, &c->env->factors[sh->gpu], r);
	}
	return s;
}

void recommend_round_needs(struct recommend_needs *n)
{
	n->gpu_memory_gib = round(n->gpu_memory_gib * 10.0) / 10.0;
	n->tflops = round(n->tflops * 10.0) / 10.0;
	n->bandwidth_gb_per_s = round(n->bandwidth_gb_per_s);
}

static void compute_needs(const struct rank_ctx *c, const struct fit_workload *w,
			  struct recommend_workload *rw);

/* What one replica needs, from the model alone (see docs/recommend.md),
 * rounded as JSON prints it. */
void recommend_compute_needs(const struct rank_ctx *c, const struct fit_workload *w,
			  struct recommend_workload *rw)
{
	compute_needs(c, w, rw);
	recommend_round_needs(&rw->needs);
}

static void compute_needs(const struct rank_ctx *c, const struct fit_workload *w,
			  struct recommend_workload *rw)
{
	const struct sizing_factors *f = &c->res->factors;
	double h = 1.0 + w->headroom;
	struct recommend_needs *n = &rw->needs;

	memset(n, 0, sizeof(*n));
	n->interconnect = rw->feasible ? recommend_interconnect_name(rw->rec.fit.interconnect) : "none";
	if (w->kind == FIT_GENERIC) {
		n->gpu_memory_gib = w->req.gpu_memory_gib * h;
		n->tflops = w->req.tflops_fp16 * h;
		n->bandwidth_gb_per_s = w->req.bandwidth_gb_per_s * h;
		return;
	}
	if (w->kind == FIT_TRAINING) {
		double ftok = (w->train.method == SIZING_TRAIN_FULL ? 6.0 : 4.0) *
			      w->model.active_params_b * 1e9;
		if (rw->feasible)
			n->gpu_memory_gib = rw->rec.fit.memory_need_gib * rw->rec.fit.gpu_count;
		if (w->deadline_hours > 0)
			n->tflops = ftok * w->train.tokens / (w->deadline_hours * 3600.0) / 1e12 * h;
		return;
	}
	{
		double wbytes = w->model.params_b * 1e9 * sizing_weight_bytes(w->precision);
		double kvpt = sizing_kv_bytes_per_token(&w->model, w->kv_precision);
		double seq = w->input_tokens + w->output_tokens;
		double ctxlen = w->input_tokens + w->output_tokens / 2.0;
		double C = (double)(w->concurrency > 0 ? w->concurrency : 1);
		double act = f->prefill_chunk_tokens * w->model.hidden *
			     f->activation_bytes_per_token_hidden;
		double step_bytes = wbytes + C * ctxlen * kvpt;
		n->gpu_memory_gib = (wbytes + kvpt * seq * C + act) / (1024.0 * 1024.0 * 1024.0) +
				    f->runtime_overhead_gib;
		n->gpu_memory_gib *= h;
		if (w->target_tokens_per_s > 0) {
			n->tflops = 2.0 * w->model.active_params_b * 1e9 * w->target_tokens_per_s *
				    (1.0 + w->input_tokens / w->output_tokens) / 1e12 * h;
			n->bandwidth_gb_per_s = step_bytes * w->target_tokens_per_s / C / 1e9 * h;
		}
		if (w->max_ms_per_token > 0) {
			double bw = step_bytes / (w->max_ms_per_token / 1e3) / 1e9 * h;
			if (bw > n->bandwidth_gb_per_s)
				n->bandwidth_gb_per_s = bw;
		}
		/* compute: 2 FLOPs per active parameter for every output token and
		 * every prompt token, at the target rate, else at the rate the SLO
		 * implies for the concurrency (C sequences each at 1000/SLO tok/s),
		 * else at the rate the recommendation serves */
		{
			double rate = w->target_tokens_per_s;
			double tf;

			if (!(rate > 0) && w->max_ms_per_token > 0)
				rate = C / (w->max_ms_per_token / 1e3);
			if (!(rate > 0) && rw->feasible)
				rate = rw->rec.fit.tokens_per_s;
			tf = 2.0 * w->model.active_params_b * 1e9 * rate *
			     (1.0 + w->input_tokens / w->output_tokens) / 1e12 * h;
			if (tf > n->tflops)
				n->tflops = tf;
		}
	}
}

/* What the packer needs of w in region r: which slices of each offer serve
 * one replica alone, and the cheapest dedicated small GPU that does (an
 * NVIDIA size of at most one GPU without MIG). */
void recommend_pack_need_of(const struct rank_ctx *c, const struct fit_workload *w,
			 const struct fit_result *fits, int r, double own_monthly,
			 struct pack_need *pn)
{
	double replicas = w->replicas > 0 ? (double)w->replicas : 1;

	const struct pack_offer *offs = &c->env->offers[(size_t)r * MIG_MAX_OFFERS];
	memset(pn, 0, sizeof(*pn));
	pn->region = r;
	pn->dedicated_vm = -1;
	if (w->kind == FIT_TRAINING)
		return;
	for (size_t o = 0; o < c->env->noffers[r]; o++)
		for (size_t m = 0; m < offs[o].nprofiles; m++) {
			int i = offs[o].shape[m];
			if (i >= 0 && fits[i].reject == FIT_OK && fits[i].vm_count == 1) {
				pn->feasible[o] |= 1u << m;
				pn->ok |= offs[o].profiles[m].aks_profile[0] != '\0';
			}
		}
	for (size_t i = 0; i < c->env->nshapes && pn->ok; i++) {
		const struct shape *sh = &c->env->shapes[i];
		const struct vm_size *vm = &c->env->vms[sh->vm];
		double hourly = c->env->price[(size_t)sh->vm * c->env->nregions + r];
		if (sh->mig >= 0 || vm->mig_capable || vm->gpu_count > 1 + 1e-9 ||
		    strcasecmp(c->env->gpus[sh->gpu].vendor, "NVIDIA") != 0 || !(hourly > 0) ||
		    fits[i].reject != FIT_OK || fits[i].vm_count != 1)
			continue;
		if (pn->dedicated_vm < 0 || hourly < pn->dedicated_hourly) {
			pn->dedicated_hourly = hourly;
			pn->dedicated_vm = sh->vm;
		}
	}
	/* like with like: the dedicated VMs its replicas would need, as the
	 * plan bills them (whole cents), against its own cheapest deployment */
	if (!pn->ok || !(own_monthly > 0))
		return;
	pn->own_monthly = own_monthly;
	if (pn->dedicated_vm >= 0 &&
	    bill_to_cents(bill_monthly(c->env->pricing, pn->dedicated_hourly, replicas, c->env->hours)) <=
		    bill_to_cents(own_monthly))
		return;
	pn->dedicated_vm = -1;
	pn->dedicated_hourly = 0;
	pn->outside_hourly = own_monthly / bill_hours(c->env->pricing, c->env->hours) / replicas;
}

/* "Microsoft names SERIES as its successor" or why there is none. */
static void successor_text(const struct vm_size *vm, char *buf, size_t len)
{
	if (vm->successor[0])
		snprintf(buf, len, "Microsoft names %s as its successor", vm->successor);
	else
		snprintf(buf, len, "the catalog names no successor");
}

/* "on 2025-09-30" or "(the day is not known)". */
static void retired_day_text(const struct vm_size *vm, char *buf, size_t len)
{
	if (vm->retired_on[0])
		snprintf(buf, len, "on %s", vm->retired_on);
	else
		snprintf(buf, len, "(the day is not known)");
}

/* The size named sku, NULL when the catalog has none. */
static const struct vm_size *vm_named(const struct rec_env *e, const char *sku)
{
	int v = recommend_vm_index(e, sku);
	return v >= 0 && e->vms ? &e->vms[v] : NULL;
}

void recommend_retirement_findings(const struct rec_env *e, size_t index,
				   struct recommend_workload *rw)
{
	const struct profile_workload *pw = &e->p->workloads[index];
	char succ[96], day[48];

	if (pw->has_current && pw->current_sku[0]) {
		const struct vm_size *vm = vm_named(e, pw->current_sku);
		if (vm && (vm->retired || vm->retiring)) {
			successor_text(vm, succ, sizeof(succ));
			retired_day_text(vm, day, sizeof(day));
			if (vm->retired)
				recommend_add_finding(rw, "current-retired", RECOMMEND_WARNING,
						      "today's %s was retired by Azure %s: it no longer "
						      "runs; %s", vm->sku, day, succ);
			else
				recommend_add_finding(rw, "current-retiring", RECOMMEND_WARNING,
						      "today's %s retires %s: Azure deallocates it then; "
						      "%s", vm->sku, day, succ);
		}
	}
	if (rw->feasible) {
		const struct vm_size *vm = vm_named(e, rw->rec.sku);
		if (vm && vm->retiring) {
			successor_text(vm, succ, sizeof(succ));
			recommend_add_finding(rw, "retiring", RECOMMEND_WARNING,
					      "the recommended %s retires on %s; %s", rw->rec.sku,
					      vm->retired_on, succ);
		}
	}
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0;
	for (size_t i = 0; i < rw->nalternatives; i++) {
		const char *sku = rw->alternatives[i].sku;
		const struct vm_size *vm = vm_named(e, sku);
		int seen = 0;
		if (!vm || !vm->retiring || (rw->feasible && strcmp(sku, rw->rec.sku) == 0))
			continue;
		for (size_t j = 0; j < i; j++)
			seen |= strcmp(rw->alternatives[j].sku, sku) == 0;
		if (seen)
			continue;
		strbuf_addf(&sb, "%s%s on %s", n++ ? ", " : "", sku, vm->retired_on);
	}
	if (n)
		recommend_add_finding(rw, "retiring", RECOMMEND_INFO, "alternative%s retiring: %s",
				      n == 1 ? "" : "s", strbuf_str(&sb));
	strbuf_release(&sb);
}

