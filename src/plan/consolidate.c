/*
 * consolidate.c - the fewest VMs of a pool that hold its work
 * (consolidate.h; the rule is documented in docs/analyze.md).
 */
#include <stdlib.h>
#include <string.h>

#include "consolidate.h"
#include "util.h"

int consolidate_fits(const struct consolidate_gpu *a, const struct consolidate_gpu *b,
		     double gpu_memory_gib)
{
	double room = 1.0 - CONSOLIDATE_HEADROOM;

	return a->kind == CONS_SHARE && b->kind == CONS_SHARE && gpu_memory_gib > 0 &&
	       a->activity + b->activity <= room + 1e-12 &&
	       a->memory_gib + b->memory_gib <= gpu_memory_gib * room + 1e-9;
}

/* Exact: the most disjoint fitting pairs among idx[0..n-1] (n <= EXACT_MAX),
 * by a table over subsets: best[m] is the most pairs within subset m, found
 * from the lowest member of m, alone or with any partner that fits. */
static void pair_exact(const struct consolidate_pool *p, const size_t *idx, size_t n, long *pair)
{
	size_t full = (size_t)1 << n;
	unsigned char *best = xcalloc(full, 1);
	unsigned char *fit = xcalloc(n ? n * n : 1, 1);

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			fit[i * n + j] = i != j &&
				consolidate_fits(&p->gpus[idx[i]], &p->gpus[idx[j]], p->gpu_memory_gib);
	for (size_t m = 1; m < full; m++) {
		size_t i = 0;
		while (!(m >> i & 1))
			i++;
		size_t rest = m & ~((size_t)1 << i);
		unsigned char b = best[rest];
		for (size_t j = i + 1; j < n; j++)
			if ((rest >> j & 1) && fit[i * n + j] &&
			    best[rest & ~((size_t)1 << j)] + 1 > b)
				b = (unsigned char)(best[rest & ~((size_t)1 << j)] + 1);
		best[m] = b;
	}
	/* walk back from the full set */
	for (size_t m = full - 1; m;) {
		size_t i = 0;
		while (!(m >> i & 1))
			i++;
		size_t rest = m & ~((size_t)1 << i);
		size_t next = rest;
		if (best[m] != best[rest])
			for (size_t j = i + 1; j < n; j++)
				if ((rest >> j & 1) && fit[i * n + j] &&
				    best[rest & ~((size_t)1 << j)] + 1 == best[m]) {
					pair[idx[i]] = (long)idx[j];
					pair[idx[j]] = (long)idx[i];
					next = rest & ~((size_t)1 << j);
					break;
				}
		m = next;
	}
	free(best);
	free(fit);
}

struct keyed {
	double key;
	size_t i;
};

static int by_key_desc(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* Large pools: sorted by the larger of a work's two shares (activity,
 * memory of the room a GPU has), the largest is paired with the smallest
 * that is left when the two fit, else it stays alone (two pointers, as the
 * exact pairing is in one dimension).  Every pair is checked with
 * consolidate_fits, so the plan is always feasible; in two dimensions it may
 * pair fewer than the best, never more. */
static void pair_greedy(const struct consolidate_pool *p, const size_t *idx, size_t n, long *pair)
{
	struct keyed *k = xcalloc(n ? n : 1, sizeof(*k));
	double room = 1.0 - CONSOLIDATE_HEADROOM;

	for (size_t a = 0; a < n; a++) {
		const struct consolidate_gpu *g = &p->gpus[idx[a]];
		double act = g->activity / room, mem = g->memory_gib / (p->gpu_memory_gib * room);
		k[a].key = act > mem ? act : mem;
		k[a].i = idx[a];
	}
	qsort(k, n, sizeof(*k), by_key_desc);
	for (size_t hi = 0, lo = n; lo > 0 && hi < lo - 1; hi++)
		if (consolidate_fits(&p->gpus[k[hi].i], &p->gpus[k[lo - 1].i], p->gpu_memory_gib)) {
			pair[k[hi].i] = (long)k[lo - 1].i;
			pair[k[lo - 1].i] = (long)k[hi].i;
			lo--;
		}
	free(k);
}

size_t consolidate_bins(const struct consolidate_pool *p, long *pair)
{
	size_t n = 0, bins = 0, pairs = 0;
	size_t *idx = xcalloc(p->ngpus ? p->ngpus : 1, sizeof(*idx));
	long *pr = pair ? pair : xcalloc(p->ngpus ? p->ngpus : 1, sizeof(*pr));

	for (size_t i = 0; i < p->ngpus; i++) {
		pr[i] = -1;
		if (p->gpus[i].kind == CONS_SHARE)
			idx[n++] = i;
		else if (p->gpus[i].kind != CONS_FREE)
			bins++;
	}
	if (n <= CONSOLIDATE_EXACT_MAX)
		pair_exact(p, idx, n, pr);
	else
		pair_greedy(p, idx, n, pr);
	for (size_t a = 0; a < n; a++)
		pairs += pr[idx[a]] >= 0;
	free(idx);
	if (!pair)
		free(pr);
	return bins + n - pairs / 2;
}

size_t consolidate_plan(struct consolidate_pool *p, int *kept)
{
	size_t nv = p->nvms, nkept = 0;
	long *pair = xcalloc(p->ngpus ? p->ngpus : 1, sizeof(*pair));
	size_t *cap = xcalloc(nv ? nv : 1, sizeof(*cap)), *pinned = xcalloc(nv ? nv : 1,
									   sizeof(*pinned));
	size_t *work = xcalloc(nv ? nv : 1, sizeof(*work));
	struct keyed *order = xcalloc(nv ? nv : 1, sizeof(*order));
	size_t bins = consolidate_bins(p, pair), room = 0, pinned_bins = 0;

	for (size_t i = 0; i < p->ngpus; i++) {
		struct consolidate_gpu *g = &p->gpus[i];
		cap[g->vm]++;
		pinned[g->vm] += g->kind == CONS_PINNED;
		work[g->vm] += g->kind != CONS_FREE;
		g->dest = g->kind == CONS_FREE ? -1 : (long)i;
		g->partner = -1;
	}
	for (size_t i = 0; i < p->ngpus; i++)
		pinned_bins += p->gpus[i].kind == CONS_PINNED;
	/* the VMs with unknown work stay; the others by the work in place */
	for (size_t v = 0; v < nv; v++) {
		kept[v] = pinned[v] > 0;
		if (kept[v]) {
			room += cap[v] - pinned[v];
			nkept++;
		}
		order[v].key = (double)work[v];
		order[v].i = v;
	}
	qsort(order, nv, sizeof(*order), by_key_desc);
	for (size_t k = 0; k < nv && room < bins - pinned_bins; k++) {
		size_t v = order[k].i;
		if (kept[v])
			continue;
		kept[v] = 1;
		room += cap[v];
		nkept++;
	}
	/* fewer moves, same GPUs: two works paired on kept VMs and two paired on
	 * VMs to release become two mixed pairs when both fit, so each kept
	 * work stays put and only the released VMs' works move (a bounded scan
	 * per pair keeps this linear) */
	for (size_t i = 0, from = 0; i < p->ngpus; i++) {
		long j = pair[i];
		if (j < (long)i || !kept[p->gpus[i].vm] || !kept[p->gpus[j].vm])
			continue;
		for (size_t look = 0; from < p->ngpus && look < 64; from++, look++) {
			long q = pair[from];
			const struct consolidate_gpu *a = &p->gpus[i], *b = &p->gpus[j];
			if (q < (long)from || kept[p->gpus[from].vm] || kept[p->gpus[q].vm])
				continue;
			const struct consolidate_gpu *c = &p->gpus[from], *d = &p->gpus[q];
			if (consolidate_fits(a, c, p->gpu_memory_gib) &&
			    consolidate_fits(b, d, p->gpu_memory_gib)) {
				pair[i] = (long)from;
				pair[from] = (long)i;
				pair[j] = q;
				pair[q] = j;
			} else if (consolidate_fits(a, d, p->gpu_memory_gib) &&
				   consolidate_fits(b, c, p->gpu_memory_gib)) {
				pair[i] = q;
				pair[q] = (long)i;
				pair[j] = (long)from;
				pair[from] = j;
			} else {
				continue;
			}
			from++;
			break;
		}
	}
	/* a bin with a member on a kept VM stays on that member's GPU */
	int *used = xcalloc(p->ngpus ? p->ngpus : 1, sizeof(*used));
	int *placed = xcalloc(p->ngpus ? p->ngpus : 1, sizeof(*placed));
	for (size_t i = 0; i < p->ngpus; i++) {
		struct consolidate_gpu *g = &p->gpus[i];
		if (g->kind == CONS_FREE || placed[i])
			continue;
		if (g->kind == CONS_PINNED) {
			used[i] = placed[i] = 1;
			continue;
		}
		long j = pair[i];
		size_t home = (size_t)-1;
		if (kept[g->vm])
			home = i;
		else if (j >= 0 && kept[p->gpus[j].vm])
			home = (size_t)j;
		if (home == (size_t)-1)
			continue;
		used[home] = 1;
		placed[i] = 1;
		g->dest = (long)home;
		if (j >= 0) {
			placed[j] = 1;
			p->gpus[j].dest = (long)home;
			g->partner = j;
			p->gpus[j].partner = (long)i;
		}
	}
	/* the others onto the free GPUs of the kept VMs, in order */
	size_t slot = 0;
	for (size_t i = 0; i < p->ngpus; i++) {
		struct consolidate_gpu *g = &p->gpus[i];
		if (g->kind == CONS_FREE || placed[i])
			continue;
		while (slot < p->ngpus &&
		       (used[slot] || !kept[p->gpus[slot].vm] || p->gpus[slot].kind == CONS_PINNED))
			slot++;
		if (slot == p->ngpus)
			break;   /* cannot happen: the kept VMs have room for every bin */
		used[slot] = 1;
		placed[i] = 1;
		g->dest = (long)slot;
		long j = pair[i];
		if (j >= 0) {
			placed[j] = 1;
			p->gpus[j].dest = (long)slot;
			g->partner = j;
			p->gpus[j].partner = (long)i;
		}
	}
	free(used);
	free(placed);
	free(pair);
	free(cap);
	free(pinned);
	free(work);
	free(order);
	return nkept;
}
