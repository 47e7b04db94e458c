/*
 * mig_layout.c - the valid layouts of one GPU model (struct geometry).
 *
 * The packer first enumerates every valid layout by backtracking over the
 * eight memory slots and keeps one placement per multiset of profiles in a
 * small hash table keyed by the profile counts (4 bits per profile; the
 * lookup, geo_find, is in mig_internal.h).  Whether a GPU can take one more
 * slice is then a single lookup: validity is monotone (a subset of a valid
 * multiset is valid), which also lets first-fit skip a GPU for good once a
 * profile no longer fits on it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mig.h"
#include "mig_internal.h"
#include "util.h"

static void geo_rehash(struct geometry *g, size_t hcap)
{
	free(g->hash);
	g->hcap = hcap;
	g->hash = xmalloc(hcap * sizeof(*g->hash));
	for (size_t i = 0; i < hcap; i++)
		g->hash[i] = -1;
	for (size_t i = 0; i < g->nlay; i++) {
		size_t h = hash_slot(g->lay[i].key, hcap);
		while (g->hash[h] >= 0)
			h = (h + 1) & (hcap - 1);
		g->hash[h] = (int)i;
	}
}

static void geo_record(struct geometry *g, const struct layout *cur, const int *counts)
{
	uint64_t key = 0;

	for (int p = 0; p < g->np; p++)
		key += (uint64_t)counts[p] * unit(p);
	if (geo_find(g, key) >= 0)
		return;
	if (g->nlay == g->caplay) {
		g->caplay = g->caplay ? 2 * g->caplay : 64;
		g->lay = xrealloc(g->lay, g->caplay * sizeof(*g->lay));
	}
	g->lay[g->nlay] = *cur;
	g->lay[g->nlay].key = key;
	g->nlay++;
	if (2 * g->nlay > g->hcap)
		geo_rehash(g, 2 * g->hcap);
	else {
		size_t h = hash_slot(key, g->hcap);
		while (g->hash[h] >= 0)
			h = (h + 1) & (g->hcap - 1);
		g->hash[h] = (int)g->nlay - 1;
	}
}

/* Every placement whose slices start at or after slot, in start order. */
static void geo_enum(struct geometry *g, int slot, unsigned used, int compute, int me,
		     int *counts, struct layout *cur)
{
	geo_record(g, cur, counts);
	for (int t = slot; t < MIG_MEMORY_SLOTS; t++) {
		if (used & (1u << t))
			continue;
		for (int p = 0; p < g->np; p++) {
			const struct mig_profile *mp = &g->prof[p];
			int m = mp->memory_slices;
			unsigned bits;

			if (!(mp->start_mask & (1u << t)) || t + m > MIG_MEMORY_SLOTS)
				continue;
			bits = ((1u << m) - 1) << t;
			if ((used & bits) || compute + mp->compute_slices > MIG_COMPUTE_SLICES ||
			    counts[p] >= g->maxc[p] || (mp->media_ext && me))
				continue;
			counts[p]++;
			cur->prof[cur->n] = (signed char)p;
			cur->start[cur->n] = (signed char)t;
			cur->n++;
			geo_enum(g, t + 1, used | bits, compute + mp->compute_slices,
				 me || mp->media_ext, counts, cur);
			cur->n--;
			counts[p]--;
		}
	}
}

int mig_geo_init(struct geometry *g, const struct mig_profile *prof, size_t np, char *err)
{
	int counts[MIG_MAX_PROFILES] = { 0 };
	struct layout cur;

	memset(g, 0, sizeof(*g));
	if (np > MIG_MAX_PROFILES) {
		snprintf(err, MIG_ERRLEN, "%zu mig profiles for one gpu model, at most %d", np,
			 MIG_MAX_PROFILES);
		return -1;
	}
	g->prof = prof;
	g->np = (int)np;
	for (size_t p = 0; p < np; p++) {
		const struct mig_profile *mp = &prof[p];
		if (mp->memory_slices < 1 || mp->memory_slices > MIG_MEMORY_SLOTS ||
		    mp->compute_slices < 1 || mp->compute_slices > MIG_COMPUTE_SLICES) {
			snprintf(err, MIG_ERRLEN, "mig profile '%s' has an impossible geometry",
				 mp->name);
			return -1;
		}
		g->maxc[p] = mp->max_count > 0 && mp->max_count < MIG_COMPUTE_SLICES ?
			     mp->max_count : MIG_COMPUTE_SLICES;
	}
	g->hcap = 256;
	g->hash = xmalloc(g->hcap * sizeof(*g->hash));
	for (size_t i = 0; i < g->hcap; i++)
		g->hash[i] = -1;
	memset(&cur, 0, sizeof(cur));
	geo_enum(g, 0, 0, 0, 0, counts, &cur);
	for (int p = 0; p < g->np; p++) {
		uint64_t key = 0;
		while (g->cap[p] < MIG_COMPUTE_SLICES && geo_find(g, key + unit(p)) >= 0) {
			key += unit(p);
			g->cap[p]++;
		}
	}
	return 0;
}

void mig_geo_release(struct geometry *g)
{
	free(g->lay);
	free(g->hash);
	memset(g, 0, sizeof(*g));
}

int mig_profile_capacity(const struct mig_profile *profiles, size_t nprofiles, size_t p)
{
	struct geometry g;
	char err[MIG_ERRLEN];
	int cap;

	if (p >= nprofiles || mig_geo_init(&g, profiles, nprofiles, err) < 0)
		return 0;
	cap = g.cap[p];
	mig_geo_release(&g);
	return cap;
}
