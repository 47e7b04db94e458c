/*
 * quota_plan.c - a fleet's options chosen to fit its vCPU quotas
 * (quota_plan.h, docs/quota.md): the greedy repair, the exhaustive optimum
 * of a small fleet, and the choice between them.  Pure: plain arrays in,
 * indices out; no globals.
 */
#include <stdlib.h>
#include <string.h>

#include "quota_plan.h"
#include "util.h"

/* One candidate move: workload w to its option j, costing extra a month. */
struct move {
	double extra;
	size_t w, j;
};

struct state {
	const struct quota_plan_workload *wl;
	size_t nw;
	const long long *free_vcpus;
	size_t nq;
	size_t *choice;
	long long *used;                  /* per quota */
	size_t nshort;                    /* quotas with used > free */
	struct move *heap;
	size_t nheap, cap;
};

static int is_short(const struct state *s, int q)
{
	return q >= 0 && s->free_vcpus[q] >= 0 && s->used[q] > s->free_vcpus[q];
}

static int valid(const struct quota_plan_workload *w, size_t nw, size_t nq)
{
	for (size_t i = 0; i < nw; i++) {
		if (w[i].noptions == 0 || !w[i].options)
			return 0;
		for (size_t j = 0; j < w[i].noptions; j++)
			for (int k = 0; k < QUOTA_PLAN_MAX_QUOTAS; k++)
				if (w[i].options[j].quota[k] >= (int)nq ||
				    w[i].options[j].quota[k] < -1 || w[i].options[j].vcpus < 0)
					return 0;
	}
	return 1;
}

static const struct quota_plan_option *opt(const struct state *s, size_t w, size_t j)
{
	return &s->wl[w].options[j];
}

static int uses(const struct quota_plan_option *o, int q)
{
	for (int k = 0; k < QUOTA_PLAN_MAX_QUOTAS; k++)
		if (o->quota[k] == q)
			return 1;
	return 0;
}

static int uses_short(const struct state *s, const struct quota_plan_option *o)
{
	for (int k = 0; k < QUOTA_PLAN_MAX_QUOTAS; k++)
		if (is_short(s, o->quota[k]))
			return 1;
	return 0;
}

/* Option j of w fits the free vCPUs of its quotas once w leaves its
 * current option. */
static int fits(const struct state *s, size_t w, size_t j)
{
	const struct quota_plan_option *cur = opt(s, w, s->choice[w]);
	const struct quota_plan_option *o = opt(s, w, j);

	for (int k = 0; k < QUOTA_PLAN_MAX_QUOTAS; k++) {
		int q = o->quota[k];
		long long after;

		if (q < 0 || s->free_vcpus[q] < 0 || (k == 1 && o->quota[0] == q))
			continue;
		after = s->used[q] - (uses(cur, q) ? cur->vcpus : 0) + o->vcpus;
		if (after > s->free_vcpus[q])
			return 0;
	}
	return 1;
}

static void add(struct state *s, const struct quota_plan_option *o, long long sign)
{
	for (int k = 0; k < QUOTA_PLAN_MAX_QUOTAS; k++) {
		int q = o->quota[k];
		int was;

		if (q < 0 || (k == 1 && o->quota[0] == q))
			continue;
		was = is_short(s, q);
		s->used[q] += sign * o->vcpus;
		if (was != is_short(s, q)) {
			if (was)
				s->nshort--;
			else
				s->nshort++;
		}
	}
}

/* a before b: less extra, then the lower workload */
static int before(const struct move *a, const struct move *b)
{
	return a->extra < b->extra || (a->extra == b->extra && a->w < b->w);
}

static void push(struct state *s, struct move m)
{
	size_t i;

	if (s->nheap == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->heap = xrealloc(s->heap, s->cap * sizeof(*s->heap));
	}
	i = s->nheap++;
	while (i > 0 && before(&m, &s->heap[(i - 1) / 2])) {
		s->heap[i] = s->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	s->heap[i] = m;
}

static struct move pop(struct state *s)
{
	struct move top = s->heap[0], last = s->heap[--s->nheap];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= s->nheap)
			break;
		if (c + 1 < s->nheap && before(&s->heap[c + 1], &s->heap[c]))
			c++;
		if (!before(&s->heap[c], &last))
			break;
		s->heap[i] = s->heap[c];
		i = c;
	}
	if (s->nheap)
		s->heap[i] = last;
	return top;
}

/* The first option of w from j on that deploys into no short quota and
 * fits, pushed as a move; none: nothing. */
static void offer(struct state *s, size_t w, size_t j)
{
	for (; j < s->wl[w].noptions; j++)
		if (!uses_short(s, opt(s, w, j)) && fits(s, w, j)) {
			struct move m = { opt(s, w, j)->monthly - opt(s, w, s->choice[w])->monthly,
					  w, j };
			push(s, m);
			return;
		}
}

int quota_plan_greedy(const struct quota_plan_workload *w, size_t nworkloads,
		      const long long *free_vcpus, size_t nquotas, size_t *choice)
{
	struct state s;

	if (!valid(w, nworkloads, nquotas))
		return -1;
	memset(&s, 0, sizeof s);
	s.wl = w;
	s.nw = nworkloads;
	s.free_vcpus = free_vcpus;
	s.nq = nquotas;
	s.choice = choice;
	s.used = xcalloc(nquotas + 1, sizeof(*s.used));
	for (size_t i = 0; i < nworkloads; i++) {
		choice[i] = 0;
		add(&s, opt(&s, i, 0), 1);
	}
	for (size_t i = 0; i < nworkloads && s.nshort; i++)
		if (uses_short(&s, opt(&s, i, 0)))
			offer(&s, i, 1);
	while (s.nshort && s.nheap) {
		struct move m = pop(&s);

		if (!uses_short(&s, opt(&s, m.w, s.choice[m.w])))
			continue;   /* its quotas are no longer short */
		if (uses_short(&s, opt(&s, m.w, m.j)) || !fits(&s, m.w, m.j)) {
			offer(&s, m.w, m.j + 1);   /* the target filled up: the next one */
			continue;
		}
		add(&s, opt(&s, m.w, s.choice[m.w]), -1);
		add(&s, opt(&s, m.w, m.j), 1);
		s.choice[m.w] = m.j;
	}
	free(s.heap);
	free(s.used);
	return s.nshort == 0;
}

/* Every combination of choices in odometer order: the cheapest that fits. */
int quota_plan_best(const struct quota_plan_workload *w, size_t nworkloads,
		    const long long *free_vcpus, size_t nquotas, size_t *choice)
{
	size_t combos = 1, *cur;
	long long *used;
	double best = 0;
	int found = 0;

	if (!valid(w, nworkloads, nquotas))
		return -1;
	for (size_t i = 0; i < nworkloads; i++) {
		if (w[i].noptions > QUOTA_PLAN_BEST_MAX / combos)
			return -1;
		combos *= w[i].noptions;
	}
	cur = xcalloc(nworkloads + 1, sizeof(*cur));
	used = xcalloc(nquotas + 1, sizeof(*used));
	memset(choice, 0, nworkloads * sizeof(*choice));
	for (size_t c = 0; c < combos; c++) {
		double cost = 0;
		int ok = 1;

		memset(used, 0, (nquotas + 1) * sizeof(*used));
		for (size_t i = 0; i < nworkloads; i++) {
			const struct quota_plan_option *o = &w[i].options[cur[i]];

			cost += o->monthly;
			for (int k = 0; k < QUOTA_PLAN_MAX_QUOTAS; k++)
				if (o->quota[k] >= 0 && !(k == 1 && o->quota[0] == o->quota[1]))
					used[o->quota[k]] += o->vcpus;
		}
		for (size_t q = 0; q < nquotas && ok; q++)
			ok = free_vcpus[q] < 0 || used[q] <= free_vcpus[q];
		if (ok && (!found || cost < best)) {
			found = 1;
			best = cost;
			memcpy(choice, cur, nworkloads * sizeof(*choice));
		}
		for (size_t i = 0; i < nworkloads; i++) {
			if (++cur[i] < w[i].noptions)
				break;
			cur[i] = 0;
		}
	}
	free(cur);
	free(used);
	return found;
}

int quota_plan_solve(const struct quota_plan_workload *w, size_t nworkloads,
		     const long long *free_vcpus, size_t nquotas, size_t *choice)
{
	int rc = quota_plan_best(w, nworkloads, free_vcpus, nquotas, choice);

	if (rc >= 0)
		return rc;
	return quota_plan_greedy(w, nworkloads, free_vcpus, nquotas, choice);
}
