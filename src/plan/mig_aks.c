/*
 * mig_aks.c - the AKS strategy of the MIG packer (a pool is a VM size and
 * one profile, every GPU split into as many slices of it as fit).
 *
 * A pool (offer, profile) is a bin of gpus * slices identical slots, so the
 * cost of a pool is closed-form; items start at their cheapest slot, then
 * the remainders of pools (on small fleets pushing cheaper items out of
 * full pools) and single items are moved while that saves money.  A
 * decision is weighed once per class (pk->cls) and reused for its next
 * items while the costs it read are unchanged; the items of a class in a
 * pool are found through the class, and a class's items are put into and
 * taken out of a pool in one step, so the moves cost per class and pool,
 * not per replica.  Up to MIG_EXACT_MAX_ITEMS items, branch and bound finds
 * the optimum.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mig.h"
#include "mig_internal.h"
#include "util.h"

struct aks {
	struct packer *pk;
	int nopt;
	int offer[MIG_MAX_OFFERS * MIG_MAX_PROFILES];
	int profile[MIG_MAX_OFFERS * MIG_MAX_PROFILES];
	int n[MIG_MAX_OFFERS * MIG_MAX_PROFILES];
	int *hist;                /* nopt * (maxrep + 2): workloads by replicas in pool */
	int *count;               /* nwl * nopt: items of workload w in option k */
	int rmax[MIG_MAX_OFFERS * MIG_MAX_PROFILES];   /* largest r with hist[r] > 0 */
	/* per option, read in every move the search weighs: */
	int slots[MIG_MAX_OFFERS * MIG_MAX_PROFILES];  /* slices per VM */
	int gpv[MIG_MAX_OFFERS * MIG_MAX_PROFILES];    /* GPUs per VM */
	double hourly[MIG_MAX_OFFERS * MIG_MAX_PROFILES];  /* per VM */
	double ded;               /* hourly of dedicated items */
	/* per class (pk->cls) and option: whether its items may use the
	 * option; a class's items decide alike, so a decision is weighed once
	 * per class and reused while nothing it reads has changed */
	unsigned char *feas;      /* ncls * nopt */
	int *ccount;              /* ncls * nopt: items of class c in option k */
	int *cls_items;           /* item indices by class, in index order */
	int *cls_start;           /* ncls + 1 */
	int cls_ordered;          /* every item of class c has a lower index than
				   * every item of class c + 1 */
	/* per class, a count of the changes to where its items are; per item
	 * i, the last index of the run of its class after it in its place
	 * (runend), known while the class's count is runver - 1 */
	unsigned long long *cver, *runver;
	int *runend;
};

static int *hist_of(struct aks *a, int k)
{
	return &a->hist[(size_t)k * (a->pk->maxrep + 2)];
}

static int aks_feasible(const struct aks *a, int i, int k)
{
	return a->feas[(size_t)a->pk->cls[i] * (size_t)a->nopt + (size_t)k];
}

static int aks_rmax(const struct aks *a, int k)
{
	return a->rmax[k];
}

static int aks_slots(const struct aks *a, int k)
{
	return a->slots[k];
}

/* The per-option constants, once the options are listed. */
static void aks_options_init(struct aks *a)
{
	for (int k = 0; k < a->nopt; k++) {
		const struct mig_offer *o = &a->pk->off[a->offer[k]];

		a->gpv[k] = o->gpus_per_vm;
		a->slots[k] = o->gpus_per_vm * a->pk->geo[a->offer[k]].cap[a->profile[k]];
		a->hourly[k] = o->hourly;
		a->rmax[k] = 0;
	}
	a->feas = xcalloc((size_t)a->pk->ncls * (size_t)a->nopt + 1, 1);
	a->ccount = xcalloc((size_t)a->pk->ncls * (size_t)a->nopt + 1, sizeof(int));
	a->cls_start = xcalloc((size_t)a->pk->ncls + 2, sizeof(int));
	a->cls_items = xmalloc(((size_t)a->pk->nit + 1) * sizeof(int));
	for (int i = 0; i < a->pk->nit; i++)
		a->cls_start[a->pk->cls[i] + 2]++;
	for (int c = 0; c < a->pk->ncls; c++)
		a->cls_start[c + 2] += a->cls_start[c + 1];
	for (int i = 0; i < a->pk->nit; i++)
		a->cls_items[a->cls_start[a->pk->cls[i] + 1]++] = i;
	a->cver = xcalloc((size_t)a->pk->ncls + 1, sizeof(*a->cver));
	a->runver = xcalloc((size_t)a->pk->nit + 1, sizeof(*a->runver));
	a->runend = xmalloc(((size_t)a->pk->nit + 1) * sizeof(*a->runend));
	a->cls_ordered = 1;
	for (int c = 1; c < a->pk->ncls; c++)
		if (a->cls_items[a->cls_start[c] - 1] > a->cls_items[a->cls_start[c]])
			a->cls_ordered = 0;
	for (int m = 0; m < a->pk->nit; m++) {
		const struct packer *pk = a->pk;
		int i = pk->wl_items[m], c = pk->cls[i];
		if (m > 0 && pk->cls[pk->wl_items[m - 1]] == c)
			continue;
		for (int k = 0; k < a->nopt; k++)
			a->feas[(size_t)c * (size_t)a->nopt + (size_t)k] =
				prof_of(pk, i, a->offer[k]) >= 0 &&
				(pk->it[i].feasible[a->offer[k]] & (1u << a->profile[k]));
	}
}

static int aks_vms(const struct aks *a, int k, int n, int rmax)
{
	int v, g = a->gpv[k];

	if (n == 0)
		return 0;
	v = ceil_div(n, a->slots[k]);
	return v > ceil_div(rmax, g) ? v : ceil_div(rmax, g);
}

static double aks_pool_cost(struct aks *a, int k)
{
	return aks_vms(a, k, a->n[k], aks_rmax(a, k)) * a->hourly[k];
}

/* Items of workload w in option k: kept by aks_put and aks_take, so a move
 * costs the same whatever the workload's replica count. */
static int *aks_count_of(const struct aks *a, int k, int w)
{
	return &a->count[(size_t)w * (size_t)a->nopt + (size_t)k];
}

static int aks_count(const struct aks *a, int k, int w)
{
	return *aks_count_of(a, k, w);
}

static void aks_put(struct aks *a, int i, int k)
{
	struct packer *pk = a->pk;

	if (k == DEDICATED) {
		a->ded += pk->it[i].dedicated_hourly;
	} else if (k >= 0) {
		int c = aks_count(a, k, pk->wl[i]);
		if (c > 0)
			hist_of(a, k)[c]--;
		hist_of(a, k)[c + 1]++;
		if (c + 1 > a->rmax[k])
			a->rmax[k] = c + 1;
		a->n[k]++;
		a->ccount[(size_t)pk->cls[i] * (size_t)a->nopt + (size_t)k]++;
		++*aks_count_of(a, k, pk->wl[i]);
	}
	a->cver[pk->cls[i]]++;
	pk->place[i] = k;
}

static void aks_take(struct aks *a, int i)
{
	struct packer *pk = a->pk;
	int k = pk->place[i];

	if (k == DEDICATED) {
		a->ded -= pk->it[i].dedicated_hourly;
	} else if (k >= 0) {
		int c = aks_count(a, k, pk->wl[i]);
		hist_of(a, k)[c]--;
		if (c > 1)
			hist_of(a, k)[c - 1]++;
		/* no count above rmax exists, and c - 1 now does (or none, at 1) */
		if (c == a->rmax[k] && hist_of(a, k)[c] == 0)
			a->rmax[k] = c - 1;
		a->n[k]--;
		a->ccount[(size_t)pk->cls[i] * (size_t)a->nopt + (size_t)k]--;
		--*aks_count_of(a, k, pk->wl[i]);
	}
	a->cver[pk->cls[i]]++;
	pk->place[i] = NOWHERE;
}

/*
 * aks_put of items[0..m-1], all of one class and nowhere yet, to option k
 * in one step: the counts end as m single puts leave them.
 */
static void aks_put_run(struct aks *a, const int *items, int m, int k)
{
	struct packer *pk = a->pk;

	if (m == 0)
		return;
	a->cver[pk->cls[items[0]]]++;
	if (k >= 0) {
		int w = pk->wl[items[0]], c = aks_count(a, k, w);
		if (c > 0)
			hist_of(a, k)[c]--;
		hist_of(a, k)[c + m]++;
		if (c + m > a->rmax[k])
			a->rmax[k] = c + m;
		a->n[k] += m;
		a->ccount[(size_t)pk->cls[items[0]] * (size_t)a->nopt + (size_t)k] += m;
		*aks_count_of(a, k, w) += m;
	}
	for (int x = 0; x < m; x++) {
		if (k == DEDICATED) /* added one by one: the same sum */
			a->ded += pk->it[items[x]].dedicated_hourly;
		pk->place[items[x]] = k;
	}
}

/*
 * aks_take of items[0..m-1], all of one class and in one place, in one
 * step: the counts end as m single takes leave them (rmax: the largest
 * count some workload still has in the pool, or 0).
 */
static void aks_take_run(struct aks *a, const int *items, int m)
{
	struct packer *pk = a->pk;
	int k;

	if (m == 0)
		return;
	k = pk->place[items[0]];
	a->cver[pk->cls[items[0]]]++;
	if (k >= 0) {
		int w = pk->wl[items[0]], c = aks_count(a, k, w);
		hist_of(a, k)[c]--;
		if (c > m)
			hist_of(a, k)[c - m]++;
		if (c == a->rmax[k] && hist_of(a, k)[c] == 0) {
			int r = c - 1;
			while (r > 0 && hist_of(a, k)[r] == 0)
				r--;
			a->rmax[k] = r;
		}
		a->n[k] -= m;
		a->ccount[(size_t)pk->cls[items[0]] * (size_t)a->nopt + (size_t)k] -= m;
		*aks_count_of(a, k, w) -= m;
	}
	for (int x = 0; x < m; x++) {
		if (k == DEDICATED)
			a->ded -= pk->it[items[x]].dedicated_hourly;
		pk->place[items[x]] = NOWHERE;
	}
}

/* The length of the run of mv[0..n-1] from mv[0] of one class and place. */
static int aks_run(const struct aks *a, const int *mv, int n)
{
	const struct packer *pk = a->pk;
	int m = 1;

	while (m < n && pk->cls[mv[m]] == pk->cls[mv[0]] && pk->place[mv[m]] == pk->place[mv[0]])
		m++;
	return m;
}

static double aks_total(struct aks *a)
{
	double c = a->ded;

	for (int k = 0; k < a->nopt; k++)
		if (a->n[k])
			c += aks_pool_cost(a, k);
	return c;
}

/* Extra hourly cost of adding item i to option k (DEDICATED allowed). */
static double aks_marginal(struct aks *a, int i, int k)
{
	int c, rmax;

	if (k == DEDICATED)
		return a->pk->it[i].dedicated_hourly > 0 ? a->pk->it[i].dedicated_hourly : HUGE_VAL;
	c = aks_count(a, k, a->pk->wl[i]) + 1;
	rmax = aks_rmax(a, k);
	return (aks_vms(a, k, a->n[k] + 1, c > rmax ? c : rmax) - aks_vms(a, k, a->n[k], rmax)) *
	       a->hourly[k];
}

static double aks_slot_cost(const struct aks *a, int k)
{
	return a->hourly[k] / aks_slots(a, k);
}

static double aks_alt(const struct aks *a, int i, int skip)
{
	double m = a->pk->it[i].dedicated_hourly > 0 ? a->pk->it[i].dedicated_hourly : HUGE_VAL;

	for (int k = 0; k < a->nopt; k++)
		if (k != skip && aks_feasible(a, i, k) && aks_slot_cost(a, k) < m)
			m = aks_slot_cost(a, k);
	return m;
}

/* Cheapest alternative first, then index; ctx: each class's aks_alt()
 * outside the pool (computed once before the sort). */
static int cmp_alt(int x, int y, const void *ctx)
{
	const double *alt = ctx;

	if (alt[x] != alt[y])
		return alt[x] < alt[y] ? -1 : 1;
	return x - y;
}

/* Moves q items of pool k elsewhere if that lowers the total; 1 if done. */
#define EVICT_MAX_ITEMS 600

/*
 * The cheapest way to make room for one item of workload w in pool kk: an
 * item j of kk (of another workload, not to go back to pool k) moves to its
 * dedicated GPU or to a slot elsewhere.  Returns the cost (HUGE_VAL when no
 * item can leave) and j and its destination.
 */
static double aks_evict_cost(struct aks *a, int kk, int k, int w, const char *moving,
			     int *jout, int *dout)
{
	struct packer *pk = a->pk;
	double best = HUGE_VAL;

	for (int j = 0; j < pk->nit; j++) {
		if (pk->place[j] != kk || pk->wl[j] == w || moving[j])
			continue;
		if (pk->it[j].dedicated_hourly > 0 && pk->it[j].dedicated_hourly < best) {
			best = pk->it[j].dedicated_hourly;
			*jout = j;
			*dout = DEDICATED;
		}
		for (int k3 = 0; k3 < a->nopt; k3++) {
			double m;
			if (k3 == kk || k3 == k || !aks_feasible(a, j, k3))
				continue;
			m = aks_marginal(a, j, k3);
			if (m < best) {
				best = m;
				*jout = j;
				*dout = k3;
			}
		}
	}
	return best;
}

/* By index; ctx unused. */
static int cmp_index(int x, int y, const void *ctx)
{
	(void)ctx;
	return x - y;
}

/*
 * The first q items of pool k into mv[]: the pool's items ordered by their
 * cheapest alternative outside it (aks_alt, the same for a whole class),
 * then by index.  It reads the classes in the pool (a->ccount) and each
 * one's items only up to the q it can give, so its cost follows q and the
 * classes, not the items of the pool.
 */
static void aks_pick(struct aks *a, int k, int q, int *mv)
{
	struct packer *pk = a->pk;
	size_t nc = (size_t)pk->ncls + 1;
	double *calt = xmalloc(nc * sizeof(double));
	int *present = xmalloc(nc * sizeof(int)), np = 0, nm = 0;

	for (int c = 0; c < pk->ncls; c++)
		if (a->ccount[(size_t)c * (size_t)a->nopt + (size_t)k] > 0) {
			calt[c] = aks_alt(a, a->cls_items[a->cls_start[c]], k);
			present[np++] = c;
		}
	mig_sort_idx(present, (size_t)np, cmp_alt, calt);
	/* the classes of one alternative price in turn: their items by index */
	for (int r = 0; r < np && nm < q; ) {
		int e = r + 1, need = q - nm, ng = 0, direct, *got;
		while (e < np && calt[present[e]] == calt[present[r]])
			e++;
		/*
		 * One class, or classes whose index ranges follow their numbers
		 * (items listed workload by workload; classes of one price are
		 * sorted by number): their items in turn are in index order.
		 * Else up to need items of each class, sorted, the first need.
		 */
		direct = e - r == 1 || a->cls_ordered;
		got = direct ? mv + nm : xmalloc((size_t)(e - r) * (size_t)need * sizeof(int));
		for (int t = r; t < e; t++) {
			int c = present[t], n = 0;
			int end = a->cls_start[c + 1];
			for (int x = a->cls_start[c]; x < end && (direct ? ng : n) < need; x++)
				if (pk->place[a->cls_items[x]] == k) {
					got[ng++] = a->cls_items[x];
					n++;
				}
		}
		if (!direct) {
			mig_sort_idx(got, (size_t)ng, cmp_index, NULL);
			memcpy(mv + nm, got, (size_t)(ng < need ? ng : need) * sizeof(int));
			free(got);
		}
		nm += ng < need ? ng : need;
		r = e;
	}
	free(calt);
	free(present);
}

/*
 * Moves q items of pool k elsewhere (each to its cheapest destination, on
 * small fleets also into a full pool by evicting a cheaper-to-move item) and
 * keeps the result if the total went down; returns 1 then.
 */
static int aks_relocate(struct aks *a, int k, int q)
{
	struct packer *pk = a->pk;
	int *mv = xmalloc(((size_t)q + 1) * sizeof(int));
	int (*ev)[2] = xmalloc(((size_t)q + 1) * sizeof(*ev)), nev = 0;
	/* evictions weigh other items' moves: each item is weighed alone then */
	int evict = pk->nit <= EVICT_MAX_ITEMS && q <= 8, same = 0, lastk = NOWHERE;
	char *moving = evict ? xcalloc((size_t)pk->nit + 1, 1) : NULL;
	/* the change counts of the classes moved, restored on a rollback */
	unsigned long long *vlog = xmalloc(2 * ((size_t)q + 1) * sizeof(*vlog));
	int *vcls = xmalloc(2 * ((size_t)q + 1) * sizeof(*vcls)), nlog = 0;
	double before = aks_total(a), after;
	double mk[MIG_MAX_OFFERS * MIG_MAX_PROFILES] = { 0 };

	aks_pick(a, k, q, mv);
	for (int m = 0; m < q; ) {
		int run = aks_run(a, mv + m, q - m);
		vcls[nlog] = pk->cls[mv[m]];
		vlog[nlog++] = a->cver[pk->cls[mv[m]]];
		aks_take_run(a, mv + m, run);
		m += run;
	}
	for (int m = 0; m < q && moving; m++)
		moving[mv[m]] = 1;
	for (int m = 0; m < q; m++) {
		int i = mv[m], bk = DEDICATED, ej = -1, ed = NOWHERE, ek = -1;
		double best;
		/*
		 * The item before was of the same class and every marginal cost
		 * it was weighed on is unchanged (placing it changed only its
		 * destination's, checked below): this one goes the same way.
		 */
		if (same && pk->cls[i] == pk->cls[mv[m - 1]]) {
			aks_put(a, i, lastk);
			if (lastk >= 0 && lastk != k)
				same = aks_marginal(a, i, lastk) == mk[lastk];
			continue;
		}
		best = aks_marginal(a, i, DEDICATED);
		for (int kk = 0; kk < a->nopt; kk++) {
			double c;
			if (kk == k || !aks_feasible(a, i, kk))
				continue;
			c = aks_marginal(a, i, kk);
			mk[kk] = c;
			if (c < best - EPS || (bk == DEDICATED && c < best + EPS)) {
				best = c;
				bk = kk;
			}
		}
		if (evict && best > EPS)
			for (int kk = 0; kk < a->nopt; kk++) {
				int j = -1, d = NOWHERE;
				double c;
				if (kk == k || !aks_feasible(a, i, kk) || a->n[kk] == 0 ||
				    aks_marginal(a, i, kk) <= EPS)
					continue;
				c = aks_evict_cost(a, kk, k, pk->wl[i], moving, &j, &d);
				if (c < best - EPS) {
					best = c;
					ej = j;
					ed = d;
					ek = kk;
				}
			}
		if (ek >= 0) {
			vcls[nlog] = pk->cls[ej];
			vlog[nlog++] = a->cver[pk->cls[ej]];
			aks_take(a, ej);
			aks_put(a, ej, ed);
			ev[nev][0] = ej;
			ev[nev][1] = ek;
			nev++;
			bk = ek;
		} else if (best == HUGE_VAL) {
			bk = k;
		}
		aks_put(a, i, bk);
		lastk = bk;
		same = !evict;
		if (same && bk >= 0 && bk != k)
			same = aks_marginal(a, i, bk) == mk[bk];
	}
	after = aks_total(a);
	free(moving);
	if (after < before - EPS) {
		free(mv);
		free(ev);
		free(vlog);
		free(vcls);
		return 1;
	}
	for (int m = 0; m < q; ) {
		int run = aks_run(a, mv + m, q - m);
		aks_take_run(a, mv + m, run);
		m += run;
	}
	for (int e = nev - 1; e >= 0; e--) {
		aks_take(a, ev[e][0]);
		aks_put(a, ev[e][0], ev[e][1]);
	}
	for (int m = 0; m < q; ) {
		int run = 1;
		while (run < q - m && pk->cls[mv[m + run]] == pk->cls[mv[m]])
			run++;
		aks_put_run(a, mv + m, run, k);
		m += run;
	}
	/* every item is back where it was */
	while (nlog > 0) {
		nlog--;
		a->cver[vcls[nlog]] = vlog[nlog];
	}
	free(mv);
	free(ev);
	free(vlog);
	free(vcls);
	return 0;
}

/* Moves single items wherever that is cheaper (e.g. a dedicated item into a
 * free slot); returns 1 when something moved. */
static int aks_single_moves(struct aks *a)
{
	struct packer *pk = a->pk;
	int any = 0;
	/* moves so far; an item that stays leaves every count as it was, so
	 * another of its class where it is stays too until something moves */
	long moves = 0, *stayed_at = xmalloc(((size_t)pk->ncls + 1) * sizeof(long));
	int *stayed_in = xmalloc(((size_t)pk->ncls + 1) * sizeof(int));

	for (int c = 0; c < pk->ncls; c++)
		stayed_at[c] = -1;
	for (int i = 0; i < pk->nit; i++) {
		int cur = pk->place[i], bk, c = pk->cls[i];
		unsigned long long v;
		double before, best;
		if (cur == NOWHERE || (stayed_at[c] == moves && stayed_in[c] == cur))
			continue;
		before = cur >= 0 ? aks_pool_cost(a, cur) : pk->it[i].dedicated_hourly;
		v = a->cver[c];
		aks_take(a, i);
		best = before - (cur >= 0 ? aks_pool_cost(a, cur) : 0);
		bk = cur;
		if (cur != DEDICATED && pk->it[i].dedicated_hourly > 0 &&
		    pk->it[i].dedicated_hourly < best - EPS) {
			best = pk->it[i].dedicated_hourly;
			bk = DEDICATED;
		}
		for (int k = 0; k < a->nopt; k++) {
			double m;
			if (k == cur || !aks_feasible(a, i, k))
				continue;
			m = aks_marginal(a, i, k);
			if (m < best - EPS) {
				best = m;
				bk = k;
			}
		}
		aks_put(a, i, bk);
		if (bk != cur) {
			any = 1;
			moves++;
		} else {
			stayed_at[c] = moves;
			stayed_in[c] = cur;
			a->cver[c] = v; /* back where it was: nothing changed */
			/* the run of its class after it, in the same place (in
			 * class order, a class is the index range of cls_start),
			 * found again only when the class's items moved since */
			if (a->cls_ordered && a->runver[i] == v + 1) {
				i = a->runend[i];
			} else if (a->cls_ordered) {
				int j = i, end = a->cls_start[c + 1];
				while (j + 1 < end && pk->place[j + 1] == cur)
					j++;
				a->runend[i] = j;
				a->runver[i] = v + 1;
				i = j;
			} else {
				while (i + 1 < pk->nit && pk->place[i + 1] == cur &&
				       pk->cls[i + 1] == c)
					i++;
			}
		}
	}
	free(stayed_at);
	free(stayed_in);
	return any;
}

/* Every item on its cheapest slot (or dedicated GPU), then moves of pool
 * remainders and of single items while they lower the cost. */
static void aks_heuristic(struct aks *a)
{
	struct packer *pk = a->pk;
	int *start = xmalloc(((size_t)pk->ncls + 1) * sizeof(int));

	for (int c = 0; c < pk->ncls; c++)
		start[c] = INT_MIN;
	for (int i = 0; i < pk->nit; i++) {
		double best = HUGE_VAL, c;
		int bk = NOWHERE;
		if (start[pk->cls[i]] != INT_MIN) {
			/* with items in class order, the rest of its class at once */
			int m = 1;
			while (a->cls_ordered && i + m < pk->nit && pk->cls[i + m] == pk->cls[i])
				m++;
			aks_put_run(a, a->cls_ordered ? a->cls_items + i : &i, m,
				    start[pk->cls[i]]);
			i += m - 1;
			continue;
		}
		for (int k = 0; k < a->nopt; k++) {
			if (!aks_feasible(a, i, k))
				continue;
			c = aks_slot_cost(a, k);
			if (c < best - EPS || (bk >= 0 && c < best + EPS &&
					       pk->off[a->offer[k]].gpus_per_vm <
						       pk->off[a->offer[bk]].gpus_per_vm)) {
				best = c;
				bk = k;
			}
		}
		if (pk->it[i].dedicated_hourly > 0 && pk->it[i].dedicated_hourly < best - EPS)
			bk = DEDICATED;
		start[pk->cls[i]] = bk;
		aks_put(a, i, bk);
	}
	free(start);
	for (int pass = 0; pass < 16; pass++) {
		int any = 0;
		for (int k = 0; k < a->nopt; k++) {
			int n = a->n[k], rem;
			if (n == 0)
				continue;
			rem = n - (ceil_div(n, aks_slots(a, k)) - 1) * aks_slots(a, k);
			if (aks_relocate(a, k, rem))
				any = 1;
			else if (rem != a->n[k] && a->n[k] > 0 && aks_relocate(a, k, a->n[k]))
				any = 1;
		}
		any |= aks_single_moves(a);
		if (!any)
			break;
	}
}

/*
 * States of the AKS search between two workloads.  What the rest of the
 * plan can cost depends only on each pool's item count and largest replica
 * count, so once a state's subtree has been searched against a best cost B
 * with d spent on dedicated GPUs, every completion of it costs at least
 * B - d plus whatever is spent on dedicated GPUs on the way there; the
 * state reached again is not searched when that cannot beat the best.
 * Fixed capacity (when full no more states are stored), keys of klen bytes.
 */
struct aks_memo {
	unsigned char *keys;
	double *rest;             /* lower bound on the cost beyond the dedicated */
	char *used;
	size_t cap, n, klen;
};

struct aks_bb {
	struct aks *a;
	double best;
	int *bplace;
	double *floor;            /* per item: cheapest slot or dedicated price */
	char *skip;               /* per option: its offer is dominated */
	int *live;                /* options some item may use */
	int nlive;
	struct aks_memo memo;
	long nodes;
	int aborted, improved;
};

/* The slot of the state at depth d (stored or free, or -1 when the table
 * is full and it is not there); *found says whether it is stored. */
static long aks_memo_slot(struct aks_bb *bb, int d, int *found)
{
	struct aks_memo *m = &bb->memo;
	struct aks *a = bb->a;
	unsigned char key[1 + 2 * MIG_MAX_OFFERS * MIG_MAX_PROFILES];
	uint64_t h = 1469598103934665603ull;
	size_t slot, len = 0;

	key[len++] = (unsigned char)d;
	for (int l = 0; l < bb->nlive; l++) {
		key[len++] = (unsigned char)a->n[bb->live[l]];
		key[len++] = (unsigned char)aks_rmax(a, bb->live[l]);
	}
	*found = 0;
	/* aks_exact made every key 1 + 2 * nlive bytes long, as built here */
	if (len != m->klen)
		return -1;
	for (size_t b = 0; b < len; b++)
		h = (h ^ key[b]) * 1099511628211ull;
	slot = (size_t)(h >> 17) & (m->cap - 1);
	while (m->used[slot]) {
		if (memcmp(&m->keys[slot * m->klen], key, m->klen) == 0) {
			*found = 1;
			return (long)slot;
		}
		slot = (slot + 1) & (m->cap - 1);
	}
	if (4 * (m->n + 1) > 3 * m->cap)
		return -1;
	memcpy(&m->keys[slot * m->klen], key, m->klen);
	return (long)slot;
}

/* Fills slack[k] for every option k (live options are among them) and
 * returns the total slack of the pools that have some. */
static double aks_slacks(struct aks *a, double *slack)
{
	double room = 0;

	for (int k = 0; k < a->nopt; k++) {
		slack[k] = a->n[k] ? aks_pool_cost(a, k) - a->n[k] * aks_slot_cost(a, k) : 0;
		if (slack[k] > EPS)
			room += slack[k];
	}
	return room;
}

/*
 * No completion of the current partial plan (items wl_items[0..d-1] placed)
 * costs less than this.  A pool of n items costs at least n slot prices, so
 * its slack is its cost minus that; a remaining item adds at least its floor
 * price, except that items able to use some pool with slack may together
 * save at most the total slack.
 */
static double aks_bb_bound(const struct aks_bb *bb, int d)
{
	struct aks *a = bb->a;
	const struct packer *pk = a->pk;
	double slack[MIG_MAX_OFFERS * MIG_MAX_PROFILES], total = aks_total(a);
	double room = aks_slacks(a, slack), fixed = 0, flex = 0;

	for (int m = d; m < pk->nit; m++) {
		int i = pk->wl_items[m], shared = 0;
		for (int l = 0; l < bb->nlive && !shared; l++)
			shared = slack[bb->live[l]] > EPS && aks_feasible(a, i, bb->live[l]);
		if (shared)
			flex += bb->floor[i];
		else
			fixed += bb->floor[i];
	}
	return total + fixed + (flex > room ? flex - room : 0);
}

static void aks_bb_rec(struct aks_bb *bb, int d, int minopt)
{
	struct aks *a = bb->a;
	struct packer *pk = a->pk;
	int i, nexti;
	long slot = -1;
	double cost;

	if (bb->aborted)
		return;
	cost = aks_total(a);
	if (cost >= bb->best - EPS || aks_bb_bound(bb, d) >= bb->best - EPS)
		return;
	if (++bb->nodes > EXACT_NODE_BUDGET) {
		bb->aborted = 1;
		return;
	}
	if (d == pk->nit) {
		bb->best = cost;
		bb->improved = 1;
		memcpy(bb->bplace, pk->place, (size_t)pk->nit * sizeof(int));
		return;
	}
	i = pk->wl_items[d];
	if (d > 0 && pk->wl[i] != pk->wl[pk->wl_items[d - 1]]) {
		int found;
		slot = aks_memo_slot(bb, d, &found);
		if (found && a->ded + bb->memo.rest[slot] >= bb->best - EPS)
			return;
	}
	nexti = d + 1 < pk->nit ? pk->wl_items[d + 1] : -1;
	/* option a->nopt stands for dedicated, so replicas can be ordered */
	for (int k = minopt; k <= a->nopt; k++) {
		int kk = k == a->nopt ? DEDICATED : k;
		if (kk == DEDICATED ? pk->it[i].dedicated_hourly <= 0 :
				      bb->skip[kk] || !aks_feasible(a, i, kk))
			continue;
		aks_put(a, i, kk);
		aks_bb_rec(bb, d + 1, nexti >= 0 && mig_same_item(pk, i, nexti) ? k : 0);
		aks_take(a, i);
	}
	{
		int any = pk->it[i].dedicated_hourly > 0;
		for (int k = 0; k < a->nopt; k++)
			any |= aks_feasible(a, i, k);
		if (!any)
			aks_bb_rec(bb, d + 1, 0);
	}
	/* searched against bb->best: nothing below it beyond a->ded here */
	if (slot >= 0 && !bb->aborted) {
		struct aks_memo *m = &bb->memo;
		if (!m->used[slot]) {
			m->used[slot] = 1;
			m->n++;
			m->rest[slot] = bb->best - a->ded;
		} else if (bb->best - a->ded > m->rest[slot]) {
			m->rest[slot] = bb->best - a->ded;
		}
	}
}

static int aks_exact(struct aks *a)
{
	struct packer *pk = a->pk;
	struct aks_bb bb = { 0 };
	int *saved = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	int by[MIG_MAX_OFFERS];

	bb.a = a;
	bb.best = aks_total(a);
	bb.bplace = xmalloc(((size_t)pk->nit + 1) * sizeof(int));
	bb.floor = xmalloc(((size_t)pk->nit + 1) * sizeof(double));
	for (int i = 0; i < pk->nit; i++) {
		double m = aks_alt(a, i, -1);
		bb.floor[i] = m < HUGE_VAL ? m : 0;
	}
	mig_dominated_offers(pk, by);
	bb.skip = xcalloc((size_t)a->nopt + 1, 1);
	bb.live = xmalloc(((size_t)a->nopt + 1) * sizeof(int));
	for (int k = 0; k < a->nopt; k++) {
		int used = 0;
		bb.skip[k] = by[a->offer[k]] >= 0;
		for (int i = 0; i < pk->nit && !used && !bb.skip[k]; i++)
			used = aks_feasible(a, i, k);
		if (used)
			bb.live[bb.nlive++] = k;
	}
	bb.memo.cap = AKS_MEMO_STATES;
	bb.memo.klen = 1 + 2 * (size_t)bb.nlive;
	bb.memo.keys = xmalloc(bb.memo.cap * bb.memo.klen);
	bb.memo.rest = xmalloc(bb.memo.cap * sizeof(double));
	bb.memo.used = xcalloc(bb.memo.cap, 1);
	memcpy(saved, pk->place, (size_t)pk->nit * sizeof(int));
	for (int i = 0; i < pk->nit; i++)
		aks_take(a, i);
	aks_bb_rec(&bb, 0, 0);
	for (int i = 0; i < pk->nit; i++) {
		aks_take(a, i);
		aks_put(a, i, bb.improved ? bb.bplace[i] : saved[i]);
	}
	free(saved);
	free(bb.bplace);
	free(bb.floor);
	free(bb.skip);
	free(bb.live);
	free(bb.memo.keys);
	free(bb.memo.rest);
	free(bb.memo.used);
	return !bb.aborted;
}

static void build_aks(struct aks *a, struct mig_plan *out)
{
	struct packer *pk = a->pk;
	size_t capg = 0;

	for (int k = 0; k < a->nopt; k++) {
		int o = a->offer[k], p = a->profile[k], g = pk->off[o].gpus_per_vm;
		int cap = pk->geo[o].cap[p], V, t = 0;
		size_t first;
		if (a->n[k] == 0)
			continue;
		V = aks_vms(a, k, a->n[k], aks_rmax(a, k));
		mig_plan_pool(out, o, p, V, pk->off[o].hourly);
		first = out->ngpus;
		for (int s = 0; s < V * g; s++) {
			struct mig_gpu *mg = mig_plan_gpu(out, &capg);
			/* every GPU of the pool has the same empty layout */
			if (s == 0)
				mig_fill_slices(pk, o, mg, (uint64_t)cap * unit(p), NULL, 0);
			else
				*mg = out->gpus[first];
			mg->pool = (int)out->npools - 1;
			mg->vm = s / g;
			mg->gpu = s % g;
		}
		if (out->ngpus == first)
			continue; /* no GPU in the pool (V g = 0): nothing to place on */
		/* position t: VM t % V, GPU (t / V) % g, slice t / (V g) */
		for (int m = 0; m < pk->nit; m++) {
			int i = pk->wl_items[m];
			struct mig_gpu *mg;
			if (pk->place[i] != k)
				continue;
			mg = &out->gpus[first + (size_t)(t % V) * g + (t / V) % g];
			mg->slices[t / (V * g)].item = i;
			t++;
		}
	}
}

/*
 * The AKS plan of the packer's items into *out: pools, GPUs, hourly cost,
 * lower bound and whether it is proven optimal; pk->place says where each
 * item went (an option, DEDICATED or NOWHERE).
 */
void mig_pack_aks(struct packer *pk, struct mig_plan *out)
{
	struct aks *a = xcalloc(1, sizeof(*a));
	a->pk = pk;

	for (int o = 0; o < pk->noff; o++)
		for (int p = 0; p < pk->geo[o].np; p++)
			if (pk->geo[o].cap[p] && pk->geo[o].prof[p].aks_profile[0]) {
				a->offer[a->nopt] = o;
				a->profile[a->nopt] = p;
				a->nopt++;
			}
	a->hist = xcalloc((size_t)(a->nopt + 1) * (pk->maxrep + 2), sizeof(int));
	a->count = xcalloc((size_t)pk->nwl * (size_t)a->nopt + 1, sizeof(int));
	aks_options_init(a);
	aks_heuristic(a);
	out->proven_optimal = pk->nit <= MIG_EXACT_MAX_ITEMS && aks_exact(a);
	out->hourly = aks_total(a);
	out->lower_bound_hourly = out->proven_optimal ? out->hourly : mig_lower_bound_aks(pk);
	build_aks(a, out);
	free(a->hist);
	free(a->count);
	free(a->feas);
	free(a->ccount);
	free(a->cls_items);
	free(a->cls_start);
	free(a->cver);
	free(a->runver);
	free(a->runend);
	free(a);
}
