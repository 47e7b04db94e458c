/*
 * facts.c - names and parsers for the small enumerations in facts.h.
 */
#include "facts.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const pricing_names[PRICING_COUNT] = {
	"payg", "spot", "reserved-1y", "reserved-3y", "savings-1y", "savings-3y",
};

const char *pricing_name(enum pricing_kind k)
{
	return (unsigned)k < PRICING_COUNT ? pricing_names[k] : NULL;
}

int pricing_parse(const char *s, enum pricing_kind *out)
{
	for (int i = 0; i < PRICING_COUNT; i++) {
		if (strcmp(s, pricing_names[i]) == 0) {
			*out = (enum pricing_kind)i;
			return 0;
		}
	}
	return -1;
}

unsigned mig_start_mask_parse(const char *s)
{
	unsigned mask = 0;
	const char *p = s;
	while (*p) {
		if (*p == ' ' || *p == ',') {
			p++;
			continue;
		}
		if (*p < '0' || *p > '7')
			return 0;
		mask |= 1u << (*p - '0');
		p++;
		if (*p && *p != ' ' && *p != ',')
			return 0;
	}
	return mask;
}

enum vm_retirement vm_retirement_at(int announced, const char *retired_on, const char *today)
{
	if (!announced)
		return VM_ACTIVE;
	if (!retired_on || !*retired_on || strcmp(retired_on, today) <= 0)
		return VM_RETIRED;
	return VM_RETIRING;
}

int engine_support_runs(const struct engine_support *es, size_t n, const char *engine,
			const char *vendor)
{
	for (size_t i = 0; i < n; i++)
		if (strcasecmp(es[i].engine, engine) == 0 && strcasecmp(es[i].vendor, vendor) == 0)
			return es[i].supported;
	return 0;
}

void engine_support_why(const struct engine_support *es, size_t n, const char *engine,
			const char *gpu, const char *vendor, char *buf, size_t len)
{
	char vendors[64] = "";
	size_t nv = 0, used = 0;

	for (size_t i = 0; i < n; i++) {
		if (!es[i].supported || strcasecmp(es[i].engine, engine) != 0)
			continue;
		snprintf(vendors + used, sizeof vendors - used, "%s%s", nv ? " and " : "",
			 es[i].vendor);
		used = strlen(vendors);
		nv++;
	}
	if (nv)
		snprintf(buf, len, "%s runs on %s GPUs only; %s is %s", engine, vendors, gpu, vendor);
	else
		snprintf(buf, len, "%s runs on no GPU vendor the catalog knows; %s is %s", engine, gpu,
			 vendor);
}

/* The row of (engine, vendor), NULL when none. */
static const struct engine_support *engine_row(const struct engine_support *es, size_t n,
					       const char *engine, const char *vendor)
{
	for (size_t i = 0; i < n; i++)
		if (strcasecmp(es[i].engine, engine) == 0 && strcasecmp(es[i].vendor, vendor) == 0)
			return &es[i];
	return NULL;
}

/* 1 when the space-separated list has word t (case ignored). */
static int has_word(const char *list, const char *t)
{
	size_t tl = strlen(t);

	for (const char *s = list; *s;) {
		size_t wl;

		while (*s == ' ')
			s++;
		wl = strcspn(s, " ");
		if (wl && wl == tl && strncasecmp(s, t, tl) == 0)
			return 1;
		s += wl;
	}
	return 0;
}

int engine_support_check(const struct engine_support *es, size_t n, const char *engine,
			 const struct gpu_spec *g, char *why, size_t whylen)
{
	const struct engine_support *row = engine_row(es, n, engine, g->vendor);

	if (!row || !row->supported) {
		engine_support_why(es, n, engine, g->name, g->vendor, why, whylen);
		return 0;
	}
	if (!g->target[0])
		return 1;
	if (row->min_cc > 0 && strncasecmp(g->target, "gfx", 3) != 0) {
		char *end;
		double cc = strtod(g->target, &end);

		if (end != g->target && *end == '\0' && cc + 1e-9 < row->min_cc) {
			snprintf(why, whylen, "%s needs CUDA compute capability %.1f or higher; %s is %s",
				 engine, row->min_cc, g->name, g->target);
			return 0;
		}
	}
	if (row->targets[0] && strncasecmp(g->target, "gfx", 3) == 0 &&
	    !has_word(row->targets, g->target)) {
		/* the targets it has are in the catalog (catalog gpus, docs/catalog.md) */
		snprintf(why, whylen, "%s does not support %s (ROCm target %s)", engine, g->name,
			 g->target);
		return 0;
	}
	return 1;
}
