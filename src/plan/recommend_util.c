/*
 * recommend_util.c - the helpers every stage of recommend_build() calls
 * (recommend_internal.h): index lookups in the catalog arrays and the
 * regions, warnings and findings, a workload's regions and its fit-engine
 * form, and a workload's MIG use.  None of them runs a stage.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "profile_fit.h"
#include "recommend_internal.h"
#include "util.h"

int recommend_cmp_vm_sku(const void *a, const void *b)
{
	return strcmp(((const struct vm_size *)a)->sku, ((const struct vm_size *)b)->sku);
}

/* bsearch's order of recommend_cmp_vm_sku with the key a bare sku string */
static int cmp_sku_key(const void *key, const void *vm)
{
	return strcmp(key, ((const struct vm_size *)vm)->sku);
}

int recommend_vm_index(const struct rec_env *e, const char *sku)
{
	const struct vm_size *v;
	if (!sku)
		sku = "";
	v = bsearch(sku, e->vms, e->nvms, sizeof(*e->vms), cmp_sku_key);
	return v ? (int)(v - e->vms) : -1;
}

int recommend_gpu_index(const struct rec_env *e, const char *name)
{
	for (size_t i = 0; i < e->ngpus; i++)
		if (strcasecmp(e->gpus[i].name, name) == 0)
			return (int)i;
	return -1;
}

int recommend_region_index(const struct rec_env *e, const char *name)
{
	for (size_t i = 0; i < e->nregions; i++)
		if (strcasecmp(e->regions[i], name) == 0)
			return (int)i;
	return -1;
}

void recommend_add_region(struct rec_env *e, const char *name)
{
	if (!name || !*name || recommend_region_index(e, name) >= 0)
		return;
	e->regions = xrealloc(e->regions, (e->nregions + 1) * sizeof(*e->regions));
	util_copy_str(e->regions[e->nregions], sizeof(e->regions[0]), name);
	e->nregions++;
}

void recommend_add_warning(struct recommend_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

void recommend_add_warning(struct recommend_result *r, const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	s = util_vformat(fmt, ap);
	va_end(ap);
	r->warnings = xrealloc(r->warnings, (r->nwarnings + 1) * sizeof(*r->warnings));
	r->warnings[r->nwarnings++] = s;
}

void recommend_add_finding(struct recommend_workload *w, const char *kind,
			enum recommend_severity sev, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

void recommend_add_finding(struct recommend_workload *w, const char *kind,
			enum recommend_severity sev, const char *fmt, ...)
{
	struct recommend_finding *f;
	va_list ap;
	char *s;
	va_start(ap, fmt);
	s = util_vformat(fmt, ap);
	va_end(ap);
	w->findings = xrealloc(w->findings, (w->nfindings + 1) * sizeof(*w->findings));
	f = &w->findings[w->nfindings++];
	memset(f, 0, sizeof(*f));
	util_copy_str(f->kind, sizeof(f->kind), kind);
	f->severity = sev;
	f->message = s;
}

/* The regions a workload may run in (indices into e->regions). */
size_t recommend_workload_regions(const struct rec_env *e, const struct profile_workload *pw,
				  int *out)
{
	size_t n = 0;
	if (e->o->nregions) {
		for (size_t i = 0; i < e->o->nregions; i++)
			out[n++] = recommend_region_index(e, e->o->regions[i]);
	} else if (pw->has_region) {
		out[n++] = recommend_region_index(e, pw->region);
	} else {
		for (size_t i = 0; i < e->p->nregions; i++)
			out[n++] = recommend_region_index(e, e->p->regions[i]);
	}
	return n;
}

/* Converts a profile workload; -1 with a reason when it cannot be sized. */
int recommend_to_fit(const struct rec_env *e, struct strmap *notes,
		     const struct profile_workload *pw, struct fit_workload *w, const char **why)
{
	int rc = fit_workload_from_profile(pw, e->presets, e->npresets, e->headroom, w, why);

	w->notes = notes;
	return rc;
}

const char *recommend_interconnect_name(int ic)
{
	return ic == 2 ? "infiniband" : ic == 1 ? "nvlink" : "none";
}

void *recommend_dup_array(const void *src, size_t n, size_t size)
{
	void *p = xmalloc(n * size + 1);
	if (n)
		memcpy(p, src, n * size);
	return p;
}

void recommend_mig_use_free(struct recommend_mig_use *u)
{
	if (!u)
		return;
	free(u->pool_index);
	free(u->pool_replicas);
	free(u);
}

const struct recommend_mig_use *recommend_mig_use_of(const struct recommend_workload *w)
{
	static const struct recommend_mig_use none;   /* use RECOMMEND_BASIS_OWN */

	return w->mig_use ? w->mig_use : &none;
}
