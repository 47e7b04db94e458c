/*
 * mig_bound.c - lower bounds on the cost of the optimal MIG plan.
 *
 * Mixed strategy: weak LP duality.  Any weight w(p) >= 0 with sum w <= 1
 * over every valid layout prices a slice of p at no less than
 * w(p) * (VM price / GPUs per VM).  AKS strategy: each item's cheapest slot
 * or dedicated GPU.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mig.h"
#include "mig_internal.h"
#include "util.h"

/* Normalises w so that the heaviest valid layout weighs exactly 1. */
static void normalise(const struct geometry *g, double *w)
{
	double top = 0;

	for (size_t l = 0; l < g->nlay; l++) {
		double s = 0;
		for (int k = 0; k < g->lay[l].n; k++)
			s += w[(int)g->lay[l].prof[k]];
		if (s > top)
			top = s;
	}
	for (int p = 0; p < g->np; p++)
		w[p] = top > 0 ? w[p] / top : 0;
}

/* Items with the same feasible profiles and dedicated price, counted. */
struct lbgroup {
	unsigned feas[MIG_MAX_OFFERS];
	double ded;
	double count;
};

/* By feasible profiles, then dedicated price; ctx: the packer. */
static int cmp_lbitem(int a, int b, const void *ctx)
{
	const struct packer *pk = ctx;
	const struct mig_item *x = &pk->it[a], *y = &pk->it[b];
	int c = memcmp(x->feasible, y->feasible, sizeof(x->feasible));

	if (c)
		return c;
	if (x->dedicated_hourly != y->dedicated_hourly)
		return x->dedicated_hourly < y->dedicated_hourly ? -1 : 1;
	return 0;
}

static double lb_eval(const struct packer *pk, const struct lbgroup *gr, size_t ng,
		      double w[][MIG_MAX_PROFILES])
{
	double sum = 0;

	for (size_t k = 0; k < ng; k++) {
		double m = gr[k].ded > 0 ? gr[k].ded : HUGE_VAL;
		for (int o = 0; o < pk->noff; o++)
			for (int p = 0; p < pk->geo[o].np; p++)
				if ((gr[k].feas[o] >> p & 1) && pk->geo[o].cap[p] &&
				    per_gpu(pk, o) * w[o][p] < m)
					m = per_gpu(pk, o) * w[o][p];
		if (m < HUGE_VAL)
			sum += gr[k].count * m;
	}
	return sum;
}

/* Coordinate ascent from the weights w (worth v): each weight in turn, and
 * each profile with all larger ones, is scaled up or down while that raises
 * the bound.  Returns the value reached. */
static double lb_ascend(const struct packer *pk, const struct lbgroup *gr, size_t ng,
			double w[][MIG_MAX_PROFILES], double v)
{
	for (double delta = 0.5; delta > 0.004; delta /= 2) {
		for (int round = 0; round < 4; round++) {
			int improved = 0;
			for (int o = 0; o < pk->noff; o++) {
				if (pk->model[o] != o)
					continue;
				for (int p = 0; p < 2 * pk->geo[o].np; p++)
					for (int sign = -1; sign <= 1; sign += 2) {
						const struct geometry *g = &pk->geo[o];
						const struct mig_profile *mp = &g->prof[p % g->np];
						double t[MIG_MAX_OFFERS][MIG_MAX_PROFILES], tv;
						memcpy(t, w, sizeof(t));
						/* p < np: one weight; else every profile at
						 * least as large (feasible sets are up-sets);
						 * sizes of one GPU model move together */
						for (int o2 = o; o2 < pk->noff; o2++) {
							if (pk->model[o2] != o)
								continue;
							for (int q = 0; q < g->np; q++)
								if (q == p || (p >= g->np &&
									       g->prof[q].memory_slices >= mp->memory_slices &&
									       g->prof[q].compute_slices >= mp->compute_slices))
									t[o2][q] *= 1 + sign * delta;
							normalise(&pk->geo[o2], t[o2]);
						}
						if (!(t[o][p % g->np] > 0))
							continue;
						tv = lb_eval(pk, gr, ng, t);
						if (tv > v * (1 + 1e-12)) {
							v = tv;
							memcpy(w, t, sizeof(t));
							improved = 1;
						}
					}
			}
			if (!improved)
				break;
		}
	}
	return v;
}

/*
 * The best of blends of memory and compute shares and 1/capacity, improved
 * by coordinate ascent on the dual; every weighting is normalised over the
 * valid layouts, so each value is a bound.  An
 * item may use any feasible profile, so it is charged its lightest one.
 */
double mig_lower_bound_mixed(const struct packer *pk, double bw[][MIG_MAX_PROFILES])
{
	static const double alphas[] = { 0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1 };
	size_t nc = sizeof(alphas) / sizeof(alphas[0]) + 1, ng = 0;
	double best = 0;
	int *idx = xmalloc(((size_t)pk->ncls + 1) * sizeof(int));
	int *size = xcalloc((size_t)pk->ncls + 1, sizeof(int)), nrep = 0;
	struct lbgroup *gr = xcalloc((size_t)pk->ncls + 1, sizeof(*gr));

	memset(bw, 0, MIG_MAX_OFFERS * sizeof(*bw));
	/* one item per class stands for the class's size */
	for (int m = 0; m < pk->nit; m++) {
		int i = pk->wl_items[m];
		if (m == 0 || pk->cls[pk->wl_items[m - 1]] != pk->cls[i])
			idx[nrep++] = i;
		size[pk->cls[i]]++;
	}
	mig_sort_idx(idx, (size_t)nrep, cmp_lbitem, pk);
	for (int k = 0; k < nrep; k++) {
		const struct mig_item *it = &pk->it[idx[k]];
		if (k == 0 || cmp_lbitem(idx[k - 1], idx[k], pk) != 0) {
			memcpy(gr[ng].feas, it->feasible, sizeof(gr[ng].feas));
			gr[ng].ded = it->dedicated_hourly;
			ng++;
		}
		gr[ng - 1].count += size[pk->cls[idx[k]]];
	}
	for (size_t c = 0; c < nc; c++) {
		double w[MIG_MAX_OFFERS][MIG_MAX_PROFILES], v;
		for (int o = 0; o < pk->noff; o++) {
			const struct geometry *g = &pk->geo[o];
			for (int p = 0; p < g->np; p++) {
				const struct mig_profile *mp = &g->prof[p];
				if (c + 1 == nc)
					w[o][p] = g->cap[p] ? 1.0 / g->cap[p] : 1;
				else
					w[o][p] = alphas[c] * mp->memory_slices / 8.0 +
						  (1 - alphas[c]) * mp->compute_slices / 7.0;
			}
			normalise(g, w[o]);
		}
		v = lb_eval(pk, gr, ng, w);
		if (v > best) {
			best = v;
			memcpy(bw, w, MIG_MAX_OFFERS * sizeof(*bw));
		}
	}
	if (best > 0)
		best = lb_ascend(pk, gr, ng, bw, best);
	free(idx);
	free(size);
	free(gr);
	return best;
}

static double slot_cost(const struct packer *pk, int o, int p)
{
	return per_gpu(pk, o) / pk->geo[o].cap[p];
}

/* Each item's cheapest slot or dedicated GPU, found once per class and
 * summed item by item. */
double mig_lower_bound_aks(const struct packer *pk)
{
	double sum = 0, *cheapest = xmalloc(((size_t)pk->ncls + 1) * sizeof(double));

	/* per class, from its first item in wl_items (classes are runs there) */
	for (int k = 0; k < pk->nit; k++) {
		int i = pk->wl_items[k], c = pk->cls[i];
		double m = pk->it[i].dedicated_hourly > 0 ? pk->it[i].dedicated_hourly : HUGE_VAL;
		if (k > 0 && pk->cls[pk->wl_items[k - 1]] == c)
			continue;
		for (int o = 0; o < pk->noff; o++)
			for (int p = 0; p < pk->geo[o].np; p++)
				if (prof_of(pk, i, o) >= 0 && (pk->it[i].feasible[o] & (1u << p)) &&
				    pk->geo[o].cap[p] && pk->geo[o].prof[p].aks_profile[0] &&
				    slot_cost(pk, o, p) < m)
					m = slot_cost(pk, o, p);
		cheapest[c] = m;
	}
	/* summed item by item, in index order */
	for (int i = 0; i < pk->nit; i++)
		if (cheapest[pk->cls[i]] < HUGE_VAL)
			sum += cheapest[pk->cls[i]];
	free(cheapest);
	return sum;
}
