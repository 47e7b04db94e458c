/*
 * analysis.c - what `gpufit analyze` computes (analysis.h): host sizes,
 * prices, findings, the fleet of whole VMs, its bill and proposals, and
 * the totals.  Every money figure is a bill (bill_monthly()), a difference
 * of two bills or an allocation of one.
 */
#include "analysis.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bill.h"
#include "catalog_snapshot.h"
#include "consolidate.h"

struct analysis_host *analysis_hosts_add(struct analysis_hosts *hl, const char *host)
{
	/* v is NULL only while cap is 0: the test says so to clang's analyzer,
	 * which assumes strmap_put(&hl->index) below may change all of *hl */
	if (hl->n == hl->cap || !hl->v) {
		hl->cap = hl->cap ? hl->cap * 2 : 64;
		hl->v = xrealloc(hl->v, hl->cap * sizeof(*hl->v));
	}
	struct analysis_host *hm = &hl->v[hl->n];
	memset(hm, 0, sizeof(*hm));
	snprintf(hm->host, sizeof(hm->host), "%s", host);
	strmap_put(&hl->index, hm->host, hl->n++);
	return hm;
}

/* The last entry for host (a --hosts file may name a host twice), or NULL. */
const struct analysis_host *analysis_hosts_find(const struct analysis_hosts *hl, const char *host)
{
	const size_t *i = strmap_get(&hl->index, host);
	return i ? &hl->v[*i] : NULL;
}

void analysis_hosts_release(struct analysis_hosts *hl)
{
	free(hl->v);
	strmap_release(&hl->index);
	memset(hl, 0, sizeof(*hl));
}

/* ---- catalog facts ---------------------------------------------------- */

void analysis_facts_release(struct analysis_facts *f)
{
	free(f->gpus);
	free(f->vms);
	free(f->migs);
	free(f->vm_hourly);
	free(f->vm_gpu);
	strmap_release(&f->vm_by_sku);
}

static const struct gpu_spec *gpu_by_name(const struct analysis_facts *f, const char *name);

/* s in lower case into buf (n bytes); NULL when it does not fit. */
static const char *lower(char *buf, size_t n, const char *s)
{
	size_t i;
	for (i = 0; s[i]; i++) {
		if (i + 1 >= n)
			return NULL;
		buf[i] = (char)tolower((unsigned char)s[i]);
	}
	buf[i] = '\0';
	return buf;
}

/* The catalog read once into a snapshot (catalog_snapshot.h), whose GPU,
 * VM and MIG arrays f takes over, and each size's price in region and
 * currency. */
int analysis_facts_load(catalog *cat, const char *region, enum pricing_kind kind,
		      const char *currency, struct analysis_facts *f, char *err)
{
	struct catalog_snapshot snap;
	memset(f, 0, sizeof(*f));
	if (catalog_snapshot_load(cat, &snap, err) != 0)
		return -1;
	f->gpus = snap.gpus;
	f->ngpus = snap.ngpus;
	f->vms = snap.vms;
	f->nvms = snap.nvms;
	f->migs = snap.migs;
	f->nmigs = snap.nmigs;
	snap.gpus = NULL;
	snap.vms = NULL;
	snap.migs = NULL;
	f->vm_hourly = xcalloc(f->nvms ? f->nvms : 1, sizeof(double));
	for (size_t i = 0; i < f->nvms; i++) {
		double h = 0;
		f->vm_hourly[i] = catalog_snapshot_price(&snap, f->vms[i].sku, region, kind, currency, &h)
					  ? h : 0;
	}
	/* per-row lookups are O(1): the size by name, the GPU of each size */
	f->vm_gpu = xcalloc(f->nvms ? f->nvms : 1, sizeof(*f->vm_gpu));
	for (size_t i = 0; i < f->nvms; i++) {
		char key[FACT_SKU];
		f->vm_gpu[i] = gpu_by_name(f, f->vms[i].gpu_model);
		if (lower(key, sizeof(key), f->vms[i].sku) && !strmap_get(&f->vm_by_sku, key))
			strmap_put(&f->vm_by_sku, key, i);   /* the first of a name, as before */
	}
	catalog_snapshot_release(&snap);
	return 0;
}

static const struct gpu_spec *gpu_by_name(const struct analysis_facts *f, const char *name)
{
	for (size_t i = 0; i < f->ngpus; i++)
		if (strcmp(f->gpus[i].name, name) == 0)
			return &f->gpus[i];
	return NULL;
}

/* The size named sku (any case), or (size_t)-1. */
size_t analysis_vm_index(const struct analysis_facts *f, const char *sku)
{
	char key[FACT_SKU];
	const size_t *i = lower(key, sizeof(key), sku) ? strmap_get(&f->vm_by_sku, key) : NULL;
	return i ? *i : (size_t)-1;
}

/* Upper-case alphanumeric tokens of s, split on anything else. */
static size_t tokens(const char *s, char tok[][24], size_t max)
{
	size_t n = 0;
	while (*s && n < max) {
		while (*s && !isalnum((unsigned char)*s))
			s++;
		size_t k = 0;
		while (*s && isalnum((unsigned char)*s)) {
			if (k < 23)
				tok[n][k++] = (char)toupper((unsigned char)*s);
			s++;
		}
		if (k) {
			tok[n][k] = '\0';
			n++;
		}
	}
	return n;
}

static int has_tok(char tok[][24], size_t n, const char *t)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(tok[i], t) == 0)
			return 1;
	return 0;
}

/*
 * The catalog GPU a model label names ("NVIDIA A100 80GB PCIe",
 * "NVIDIA H100 80GB HBM3", "Tesla T4"): the family must match, and the
 * memory and form factor when the label gives them.  NULL when none does.
 */
const struct gpu_spec *analysis_gpu_from_label(const struct analysis_facts *f, const char *label)
{
	char lt[16][24];
	size_t ln = tokens(label, lt, 16);
	const char *lform = has_tok(lt, ln, "PCIE") ? "PCIE" : has_tok(lt, ln, "NVL") ? "NVL"
			  : has_tok(lt, ln, "HBM3") || has_tok(lt, ln, "SXM") ||
			    has_tok(lt, ln, "SXM4") || has_tok(lt, ln, "SXM5") ? "SXM"
			  : has_tok(lt, ln, "SXM2") ? "SXM2" : NULL;
	const char *lmem = NULL;
	for (size_t i = 0; i < ln; i++) {
		size_t k = strlen(lt[i]);
		if (k > 2 && strcmp(lt[i] + k - 2, "GB") == 0 && isdigit((unsigned char)lt[i][0]))
			lmem = lt[i];
	}
	const struct gpu_spec *best = NULL;
	int best_score = 0;
	for (size_t g = 0; g < f->ngpus; g++) {
		char ct[4][24];
		size_t cn = tokens(f->gpus[g].name, ct, 4);
		if (cn < 3 || !has_tok(lt, ln, ct[0]))
			continue;
		int score = 4;
		if (lmem) {
			if (strcmp(lmem, ct[2]) != 0)
				continue;
			score += 2;
		}
		if (lform) {
			int ok = strcmp(lform, "SXM") == 0 ? strncmp(ct[1], "SXM", 3) == 0
							   : strcmp(lform, ct[1]) == 0;
			if (!ok)
				continue;
			score += 2;
		}
		if (score > best_score) {
			best = &f->gpus[g];
			best_score = score;
		}
	}
	return best;
}

static const struct mig_profile *mig_find(const struct analysis_facts *f, const char *gpu,
					  const char *profile)
{
	for (size_t i = 0; i < f->nmigs; i++)
		if (strcmp(f->migs[i].gpu_model, gpu) == 0 && strcmp(f->migs[i].name, profile) == 0)
			return &f->migs[i];
	return NULL;
}

/* ---- host to Azure size ----------------------------------------------- */

/* The longest --hosts line: a host name and a size fit many times over. */
#define HOSTS_LINE_MAX 4096

/* Reads a --hosts file: "HOST SKU" per line, at most max_hosts entries (the
 * series limit: each host has a GPU at least) of at most HOSTS_LINE_MAX
 * bytes, so memory stays bounded whatever the file holds. */
int analysis_hosts_load(const char *path, const struct analysis_facts *f, struct analysis_hosts *hl,
			   size_t max_hosts, struct diag_list *dl)
{
	FILE *fp = fopen(path, "r");
	if (!fp) {
		diag_list_add(dl, DIAG_ERROR, path, 0, 0, "cannot open: %s", util_strerror(errno));
		return -1;
	}
	struct strbuf lb = STRBUF_INIT;
	int lineno = 0, got;
	size_t errs = dl->errors, entries = 0;
	while ((got = util_read_line(fp, &lb, HOSTS_LINE_MAX)) != 0) {
		if (lineno == INT_MAX)
			break;
		lineno++;
		if (got == UTIL_LINE_TOO_LONG) {
			diag_list_add(dl, DIAG_ERROR, path, lineno, HOSTS_LINE_MAX + 1,
				      "line longer than %d bytes ('HOST SKU' expected)",
				      HOSTS_LINE_MAX);
			break;
		}
		if (got < 0) {
			diag_list_add(dl, DIAG_ERROR, path, lineno, 0, "read error: %s",
				      util_strerror(errno));
			break;
		}
		char *line = lb.buf;
		char *h = line;
		while (isspace((unsigned char)*h))
			h++;
		if (!*h || *h == '#')
			continue;
		char *he = h;
		while (*he && !isspace((unsigned char)*he) && *he != ',')
			he++;
		char *s = he;
		while (*s && (isspace((unsigned char)*s) || *s == ','))
			s++;
		char *se = s;
		while (*se && !isspace((unsigned char)*se))
			se++;
		if (s == se) {
			diag_list_add(dl, DIAG_ERROR, path, lineno, (int)(s - line) + 1,
				      "expected 'HOST SKU'");
			continue;
		}
		*he = '\0';
		*se = '\0';
		size_t vi = analysis_vm_index(f, s);
		if (vi == (size_t)-1) {
			diag_list_add(dl, DIAG_ERROR, path, lineno, (int)(s - line) + 1,
				      "unknown VM size '%s'", s);
			continue;
		}
		if (++entries > max_hosts) {
			diag_list_add(dl, DIAG_ERROR, path, lineno, 1,
				      "more than %zu hosts, the limit of --max-series", max_hosts);
			break;
		}
		struct analysis_host *hm = analysis_hosts_add(hl, h);
		snprintf(hm->sku, sizeof(hm->sku), "%s", f->vms[vi].sku);
		hm->line = lineno;
		hm->col = (int)(s - line) + 1;
	}
	strbuf_release(&lb);
	fclose(fp);
	return dl->errors > errs ? -1 : 0;
}

/*
 * Whole GPUs of the host whose series start at first (the store is sorted by
 * host, then GPU, so a host's series are contiguous and a GPU's instances
 * follow it); *next receives the first series of the next host, and *label
 * the host's first GPU model label ("" when none).
 */
static int host_gpu_count(const struct telemetry_store *st, size_t first, size_t *next,
			  const char **label)
{
	const char *host = st->series[first]->host;
	int n = 0;
	size_t i;
	*label = "";
	for (i = first; i < st->n && strcmp(st->series[i]->host, host) == 0; i++) {
		const struct telemetry_series *s = st->series[i];
		if (!(*label)[0])
			*label = s->model;
		if (!s->uuid[0] && !s->gpu[0])
			continue;
		const struct telemetry_series *p = i > first ? st->series[i - 1] : NULL;
		if (!p || strcmp(p->uuid, s->uuid) != 0 || strcmp(p->gpu, s->gpu) != 0)
			n++;
	}
	*next = i;
	return n ? n : 1;
}

/* Infers a size from the host's GPU model label and GPU count: the cheapest
 * priced size of that GPU with exactly that many GPUs, else the smallest
 * that holds them.  NULL when the model is unknown. */
static const struct vm_size *infer_vm(const struct analysis_facts *f, const struct gpu_spec *g,
				      int count)
{
	const struct vm_size *best = NULL;
	double best_h = 0;
	int exact = 0;
	for (size_t i = 0; i < f->nvms; i++) {
		const struct vm_size *v = &f->vms[i];
		if (strcmp(v->gpu_model, g->name) != 0 || v->gpu_count < count || v->retired ||
		    v->confidential)
			continue;
		double h = f->vm_hourly[i];
		int is_exact = fabs(v->gpu_count - count) < 1e-9;
		if (!best || (is_exact && !exact) ||
		    (is_exact == exact && (v->gpu_count < best->gpu_count ||
					   (v->gpu_count == best->gpu_count && h > 0 &&
					    (best_h == 0 || h < best_h))))) {
			best = v;
			best_h = h;
			exact = is_exact;
		}
	}
	return best;
}

/* ---- candidates for underused series ---------------------------------- */

static void add_cand(struct analysis_row *r, const char *name, double mem, double compute,
		     double hourly)
{
	r->cands = xrealloc(r->cands, (r->ncands + 1) * sizeof(*r->cands));
	struct classify_candidate *c = &r->cands[r->ncands++];
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->memory_gib = mem;
	c->compute = compute;
	c->hourly = hourly;
}

static void build_candidates(struct analysis_row *r, const struct analysis_facts *f)
{
	if (!r->gpu)
		return;
	double per_gpu = r->vm && r->hourly > 0 ? r->hourly / r->gpu_fraction : 0;
	double cur_slices = r->gpu_fraction * 7;
	for (size_t i = 0; i < f->nmigs; i++) {
		const struct mig_profile *m = &f->migs[i];
		if (strcmp(m->gpu_model, r->gpu->name) != 0 || m->media_ext ||
		    m->compute_slices >= cur_slices - 1e-9)
			continue;
		char name[64];
		snprintf(name, sizeof(name), "MIG %s", m->name);
		add_cand(r, name, m->memory_gib, m->compute_slices / cur_slices,
			 per_gpu * m->compute_slices / 7.0);
	}
	double cur_tflops = r->gpu->fp16_tflops * r->gpu_fraction;
	/* f->vms is NULL only when there is no size (nvms 0); the test tells
	 * clang's static analyzer so */
	for (size_t i = 0; f->vms && i < f->nvms; i++) {
		const struct vm_size *v = &f->vms[i];
		const struct gpu_spec *g = f->vm_gpu[i];
		if (!g || v->retired || !v->spec_known || v->confidential || v->gpu_count > 1 + 1e-9 ||
		    f->vm_hourly[i] <= 0 || strcmp(g->vendor, r->gpu->vendor) != 0 ||
		    !(cur_tflops > 0))
			continue;
		add_cand(r, v->sku, v->gpu_memory_gib, g->fp16_tflops * v->gpu_count / cur_tflops,
			 f->vm_hourly[i]);
	}
}

/* What is known of a row: its price, its idle share, its idle cost (0 when it
 * is never idle, whatever its price). */
int analysis_row_priced(const struct analysis_row *r)
{
	return r->hourly > 0;
}

int analysis_row_savings_known(const struct analysis_row *r)
{
	return analysis_row_priced(r) && !r->res.savings_unknown;
}

int analysis_row_idle_known(const struct analysis_row *r)
{
	return r->res.activity.count > 0;
}

int analysis_row_idle_cost_known(const struct analysis_row *r)
{
	return analysis_row_idle_known(r) && (analysis_row_priced(r) || r->res.idle_fraction == 0);
}

/* Adds row r to the totals. */
void analysis_totals_add(struct analysis_totals *t, const struct analysis_row *r, double hours)
{
	t->gpus++;
	t->by[r->res.finding]++;
	if (analysis_row_idle_known(r))
		t->wasted_hours += r->res.idle_fraction * hours * r->gpu_fraction;
	else
		t->no_activity++;
	if (analysis_row_idle_cost_known(r))
		t->wasted_cost += r->res.idle_fraction * r->monthly;
	else
		t->idle_cost_unknown++;
	/* the current cost and the savings are the fleet's bills (analysis_fleet_plan) */
	if (!analysis_row_priced(r))
		t->unpriced++;
	if (!analysis_row_savings_known(r))
		t->savings_unknown++;
}

static int same_mig_gpu(const struct telemetry_series *a, const struct telemetry_series *b)
{
	return a->mig_id[0] && b->mig_id[0] && (a->gpu[0] || a->uuid[0]) &&
	       strcmp(a->host, b->host) == 0 && strcmp(a->gpu, b->gpu) == 0 &&
	       strcmp(a->uuid, b->uuid) == 0;
}

/* The end of the MIG GPU whose instance rows start at rows[i] (they are
 * adjacent: the store is sorted by host, GPU, instance); i when rows[i] is
 * no MIG instance of a known GPU. */
static size_t mig_gpu_end(const struct analysis_row *rows, size_t nrows, size_t i)
{
	size_t next = i;

	if (i < nrows && rows[i].s->mig_id[0] && (rows[i].s->gpu[0] || rows[i].s->uuid[0]))
		for (next = i + 1; next < nrows && same_mig_gpu(rows[i].s, rows[next].s); next++)
			;
	return next;
}

/*
 * The MIG GPUs as a whole (the instance rows of one GPU are adjacent): a GPU
 * whose instances report more compute slices than it has is not priced (the
 * telemetry mixes GPUs or instances up).  Returns the GPUs not priced for
 * that.
 */
size_t analysis_mig_gpus_check(struct analysis_row *rows, size_t nrows)
{
	size_t next, overfull = 0;

	for (size_t i = 0; i < nrows; i = next) {
		int used = 0;

		next = mig_gpu_end(rows, nrows, i);
		if (next == i) {
			next = i + 1;
			continue;
		}
		for (size_t j = i; j < next; j++)
			used += (int)lround(rows[j].gpu_fraction * 7);
		overfull += used > 7;
		for (size_t j = i; j < next && used > 7; j++) {
			rows[j].mig_slices = used;
			rows[j].hourly = 0;
			rows[j].monthly = 0;
		}
	}
	return overfull;
}

static void set_recommendation(struct analysis_row *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void set_recommendation(struct analysis_row *r, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	free(r->res.recommendation);
	r->res.recommendation = xstrdup(buf);
}

/*
 * What each row's recommendation saves applied alone: its VM's bill less
 * the VM's bill after the change (docs/billing.md: a VM bills all its GPUs
 * and MIG slices).  One rule for GPUs and MIG instances: a row that is not
 * its whole VM (a GPU of a VM of several, a MIG instance) saves nothing
 * alone, idle or moved, since its VM bills on; its recommendation says so,
 * and the fleet proposals (analysis_fleet_plan) say which whole VMs can go.  A move
 * to a MIG slice of the same GPU saves nothing either: the VM bills the
 * whole GPU.
 */
void analysis_rows_alone(struct analysis_row *rows, size_t nrows, const struct analysis_facts *f,
		       enum pricing_kind kind, double hours)
{
	for (size_t i = 0; i < nrows; i++) {
		struct analysis_row *r = &rows[i];
		const char *what = r->s->mig_id[0] ? "MIG instance" : "GPU";
		double h;
		int whole;

		r->saving = 0;
		if (!analysis_row_priced(r))
			continue;
		h = f->vm_hourly[r->vi];
		whole = !r->s->mig_id[0] && r->vm->gpu_count <= 1 + 1e-9;
		if (r->res.finding == CLASS_IDLE) {
			if (whole)
				r->saving = bill_monthly(kind, h, 1, hours);
			else
				set_recommendation(r, "give it other work or release its whole VM: "
						   "Azure bills a VM for all its GPUs and slices, so "
						   "releasing this %s alone saves nothing (see the fleet "
						   "proposals)", what);
		} else if (r->res.finding == CLASS_UNDERUSED && r->res.candidate >= 0) {
			char was[200];

			snprintf(was, sizeof was, "%s", r->res.recommendation);
			if (whole && r->cand_vi >= 0)
				r->saving = bill_monthly(kind, h, 1, hours) -
					    bill_monthly(kind, f->vm_hourly[r->cand_vi], 1, hours);
			else if (r->cand_vi < 0)
				set_recommendation(r, "%s and give the other slices to other work: "
						   "Azure bills the VM for the whole GPU, so this alone "
						   "saves nothing", was);
			else
				set_recommendation(r, "%s with its VM's other GPUs: Azure bills a VM for "
						   "all its GPUs, so moving this %s alone saves nothing "
						   "(see the fleet proposals)", was, what);
		}
	}
}


/* ---- the fleet of whole VMs ------------------------------------------- */

void analysis_fleet_release(struct analysis_fleet *fl)
{
	for (size_t i = 0; i < fl->nprops; i++)
		free(fl->props[i].moves);
	free(fl->props);
	free(fl->vms);
	free(fl->gpus);
	memset(fl, 0, sizeof(*fl));
}

static int fleet_vm_cmp(const void *a, const void *b)
{
	const struct analysis_fleet_vm *x = a, *y = b;

	if (x->vi != y->vi)
		return x->vi < y->vi ? -1 : 1;
	return x->first < y->first ? -1 : x->first > y->first;
}

/* What a GPU's work is to the packing (consolidate.h): an idle GPU is free;
 * work not known (no data, an instance not priced, a GPU not observed)
 * stays; an under-used GPU whose activity p95 and memory are known may
 * share; any other work needs a GPU. */
static void gpu_kind(const struct analysis_row *rows, const struct analysis_fleet_gpu *g,
		     struct consolidate_gpu *c)
{
	memset(c, 0, sizeof(*c));
	if (g->first == (size_t)-1) {
		c->kind = CONS_PINNED;
		return;
	}
	c->kind = CONS_FREE;
	for (size_t j = g->first; j < g->end; j++) {
		const struct analysis_row *r = &rows[j];
		if (r->res.finding == CLASS_NO_DATA || !analysis_row_priced(r)) {
			c->kind = CONS_PINNED;
			return;
		}
		if (r->res.finding != CLASS_IDLE)
			c->kind = CONS_WHOLE;
	}
	if (c->kind == CONS_WHOLE && g->end == g->first + 1 && !rows[g->first].s->mig_id[0] &&
	    rows[g->first].res.finding == CLASS_UNDERUSED) {
		const struct analysis_row *r = &rows[g->first];
		double p95 = r->res.sm.count ? r->res.sm.p95 : r->res.activity.p95;
		if (r->res.peak_memory_gib >= 0 && isfinite(p95)) {
			c->kind = CONS_SHARE;
			c->activity = p95;
			c->memory_gib = r->res.peak_memory_gib;
		}
	}
}

static struct analysis_proposal *prop_add(struct analysis_fleet *fl)
{
	fl->props = xrealloc(fl->props, (fl->nprops + 1) * sizeof(*fl->props));
	struct analysis_proposal *p = &fl->props[fl->nprops++];
	memset(p, 0, sizeof(*p));
	return p;
}

/* The pool fl->vms[a..b-1] (one size) re-packed onto as few of its VMs as
 * hold its work: a proposal when that frees a VM. */
static void plan_consolidate(struct analysis_fleet *fl, const struct analysis_row *rows, size_t a,
			     size_t b,
			     const struct analysis_facts *f, enum pricing_kind kind, double hours)
{
	size_t vi = fl->vms[a].vi, n = 0, nv = b - a;
	const struct vm_size *vm = &f->vms[vi];
	for (size_t v = a; v < b; v++)
		n += fl->vms[v].ng;
	struct consolidate_gpu *cg = xcalloc(n ? n : 1, sizeof(*cg));
	size_t *gi = xcalloc(n ? n : 1, sizeof(*gi));
	int *kept = xcalloc(nv, sizeof(*kept));
	struct consolidate_pool pool = { nv, vm->gpu_memory_gib, cg, n };
	size_t k = 0;

	for (size_t v = a; v < b; v++)
		for (size_t g = 0; g < fl->vms[v].ng; g++, k++) {
			gi[k] = fl->vms[v].g0 + g;
			gpu_kind(rows, &fl->gpus[gi[k]], &cg[k]);
			if (fl->vms[v].stray)
				cg[k].kind = CONS_PINNED;
			cg[k].vm = v - a;
		}
	size_t nkept = consolidate_plan(&pool, kept);
	for (size_t v = a; v < b; v++)
		fl->vms[v].kept = kept[v - a];
	if (nkept < nv) {
		struct analysis_proposal *p = prop_add(fl);
		p->kind = ANALYSIS_CONSOLIDATE;
		p->vi = vi;
		p->vm = a;
		p->nvms = nv;
		p->vms_after = nkept;
		p->before = bill_monthly(kind, f->vm_hourly[vi], (double)nv, hours);
		p->after = bill_monthly(kind, f->vm_hourly[vi], (double)nkept, hours);
		p->saving = util_round_cents(p->before - p->after);
		for (size_t i = 0; i < n; i++) {
			const struct consolidate_gpu *c = &cg[i];
			if (c->kind == CONS_FREE || c->kind == CONS_PINNED || c->dest == (long)i)
				continue;
			p->moves = xrealloc(p->moves, (p->nmoves + 1) * sizeof(*p->moves));
			struct analysis_move *m = &p->moves[p->nmoves++];
			m->from = fl->gpus[gi[i]].first;
			m->to = fl->gpus[gi[c->dest]].first;
			m->beside = c->partner >= 0 ? (long)fl->gpus[gi[c->partner]].first : -1;
		}
	}
	free(cg);
	free(gi);
	free(kept);
}

/* The last resize found per number of GPUs needed (analysis_fleet_plan). */
#define RESIZE_MEMO 16
struct resize_memo {
	int valid;
	size_t vi;
	double need;
	long cand;
	size_t best;
};

/* A VM whose GPUs are all idle or under-used (and at least one under-used)
 * replaced by the cheapest priced size that holds its work: the same GPU in
 * as many GPUs as the work needs (two under-used works may share one, as in
 * a consolidation), or, for the work of one GPU, the size it was found to
 * fit (classify.c).  A proposal when that is cheaper. */
static void plan_resize(struct analysis_fleet *fl, const struct analysis_row *rows, size_t v,
			const struct analysis_facts *f,
			enum pricing_kind kind, double hours, struct resize_memo *memo)
{
	const struct analysis_fleet_vm *fv = &fl->vms[v];
	const struct vm_size *vm = &f->vms[fv->vi];
	struct consolidate_gpu *cg = xcalloc(fv->ng ? fv->ng : 1, sizeof(*cg));
	struct consolidate_pool pool = { 1, vm->gpu_memory_gib, cg, fv->ng };
	size_t shares = 0, best = (size_t)-1;
	long only = -1;
	int ok = !fv->stray;

	for (size_t g = 0; g < fv->ng; g++) {
		gpu_kind(rows, &fl->gpus[fv->g0 + g], &cg[g]);
		ok &= cg[g].kind == CONS_FREE || cg[g].kind == CONS_SHARE;
		if (cg[g].kind == CONS_SHARE) {
			shares++;
			only = (long)fl->gpus[fv->g0 + g].first;
		}
	}
	if (ok && shares) {
		double need = (double)consolidate_bins(&pool, NULL), cur = f->vm_hourly[fv->vi];
		long cand = shares == 1 ? rows[only].cand_vi : -1;
		struct resize_memo *m = &memo[(size_t)need % RESIZE_MEMO];

		/* a fleet of many alike VMs asks the same question: the answer
		 * depends on the size, the GPUs needed and the one work's size only */
		if (m->valid && m->vi == fv->vi && m->need == need && m->cand == cand) {
			best = m->best;
			goto found;
		}
		for (size_t i = 0; i < f->nvms; i++) {
			const struct vm_size *c = &f->vms[i];
			double h = f->vm_hourly[i];
			int same = strcmp(c->gpu_model, vm->gpu_model) == 0 && c->gpu_count >= need &&
				   c->gpu_count == floor(c->gpu_count);
			int fits = cand == (long)i;
			if (c->retired || !c->spec_known || !(h > 0) || !(h < cur) || (!same && !fits))
				continue;
			if (best == (size_t)-1 || h < f->vm_hourly[best])
				best = i;
		}
		m->valid = 1;
		m->vi = fv->vi;
		m->need = need;
		m->cand = cand;
		m->best = best;
	}
found:
	if (best != (size_t)-1) {
		struct analysis_proposal *p = prop_add(fl);
		p->kind = ANALYSIS_RESIZE;
		p->vi = fv->vi;
		p->to_vi = best;
		p->vm = v;
		p->nvms = 1;
		p->vms_after = 1;
		p->before = bill_monthly(kind, f->vm_hourly[fv->vi], 1, hours);
		p->after = bill_monthly(kind, f->vm_hourly[best], 1, hours);
		p->saving = util_round_cents(p->before - p->after);
	}
	free(cg);
}

/*
 * The observed hosts as a fleet of whole VMs, and its proposals.  A host
 * with a priced size is one VM billing all its GPUs (docs/billing.md); the
 * GPUs the telemetry does not show keep their VM.  VMs of one size are a
 * pool (the run prices one region).  Per pool, a consolidation and the
 * resizes of its VMs change the same VMs, so they are alternatives: the one
 * that saves more is chosen (added to the totals), the other listed.
 */
/*
 * The bill of the pool fl->vms[a..b-1] allocated in whole cents, so that the
 * parts add up to it exactly: each GPU an equal share (the first ones a cent
 * more while cents are left over), a MIG instance its compute slices / 7 of
 * its GPU's share (rounded down; the cents left are the free slices', or the
 * first instance's when the instances hold all 7), a GPU the telemetry does
 * not show its share in fl->unobserved.
 */
static void fleet_allocate(struct analysis_fleet *fl, struct analysis_row *rows, size_t a,
			   size_t b, double bill)
{
	size_t slots = 0, k = 0;
	long long cents = llround(bill * 100), base, extra;

	for (size_t v = a; v < b; v++)
		slots += fl->vms[v].ng;
	if (!slots)
		return;
	base = cents / (long long)slots;
	extra = cents % (long long)slots;
	for (size_t v = a; v < b; v++)
		for (size_t g = 0; g < fl->vms[v].ng; g++) {
			const struct analysis_fleet_gpu *fg = &fl->gpus[fl->vms[v].g0 + g];
			long long c = base + ((long long)k++ < extra), left = c;
			int used = 0;

			if (fg->first == (size_t)-1) {
				fl->unobserved += (double)c / 100.0;
				fl->nunobserved++;
				continue;
			}
			for (size_t j = fg->first; j < fg->end; j++) {
				struct analysis_row *r = &rows[j];
				long long rc = c;

				r->gpu_monthly = (double)c / 100.0;
				if (!analysis_row_priced(r))
					continue;
				if (r->s->mig_id[0]) {
					used += (int)lround(r->gpu_fraction * 7);
					rc = c * lround(r->gpu_fraction * 7) / 7;
				}
				r->monthly = (double)rc / 100.0;
				left -= rc;
			}
			if (used == 7 && left > 0 && analysis_row_priced(&rows[fg->first]))
				rows[fg->first].monthly += (double)left / 100.0;
		}
}

void analysis_fleet_plan(struct analysis_fleet *fl, struct analysis_row *rows, size_t nrows,
		       const struct analysis_facts *f, enum pricing_kind kind, double hours)
{
	size_t next;

	size_t gcap = nrows ? nrows : 1;
	struct resize_memo memo[RESIZE_MEMO];

	memset(fl, 0, sizeof(*fl));
	memset(memo, 0, sizeof memo);
	fl->vms = xcalloc(gcap, sizeof(*fl->vms));   /* a VM per host: at most a row each */
	fl->gpus = xcalloc(gcap, sizeof(*fl->gpus));
	for (size_t i = 0; i < nrows; i = next) {
		for (next = i + 1; next < nrows && strcmp(rows[next].s->host, rows[i].s->host) == 0;
		     next++)
			;
		size_t vi = rows[i].vi;
		if (vi == (size_t)-1 || !(f->vm_hourly[vi] > 0))
			continue;
		struct analysis_fleet_vm *fv = &fl->vms[fl->nvms++];
		memset(fv, 0, sizeof(*fv));
		fv->first = i;
		fv->end = next;
		fv->vi = vi;
	}
	qsort(fl->vms, fl->nvms, sizeof(*fl->vms), fleet_vm_cmp);
	for (size_t v = 0; v < fl->nvms; v++) {
		struct analysis_fleet_vm *fv = &fl->vms[v];
		double count = f->vms[fv->vi].gpu_count;
		size_t want = count > 1 ? (size_t)lround(count) : 1, j;

		fv->g0 = fl->ngpus;
		for (size_t i = fv->first; i < fv->end; i = j) {
			j = mig_gpu_end(rows, nrows, i);
			if (j == i)
				j = i + 1;
			if (rows[i].s->mig_id[0] && !rows[i].s->gpu[0] && !rows[i].s->uuid[0]) {
				fv->stray = 1;   /* no GPU of its own */
				continue;
			}
			if (fl->ngpus == gcap)
				fl->gpus = xrealloc(fl->gpus, (gcap *= 2) * sizeof(*fl->gpus));
			fl->gpus[fl->ngpus].first = i;
			fl->gpus[fl->ngpus++].end = j;
		}
		while (fl->ngpus - fv->g0 < want) {   /* not in the telemetry */
			if (fl->ngpus == gcap)
				fl->gpus = xrealloc(fl->gpus, (gcap *= 2) * sizeof(*fl->gpus));
			fl->gpus[fl->ngpus].first = fl->gpus[fl->ngpus].end = (size_t)-1;
			fl->ngpus++;
		}
		fv->ng = fl->ngpus - fv->g0;
	}
	for (size_t a = 0, b; a < fl->nvms; a = b) {
		for (b = a + 1; b < fl->nvms && fl->vms[b].vi == fl->vms[a].vi; b++)
			;
		size_t p0 = fl->nprops;
		double cons = 0, resize = 0;

		double pool_bill = bill_monthly(kind, f->vm_hourly[fl->vms[a].vi], (double)(b - a),
						hours);

		fl->bill += pool_bill;
		fleet_allocate(fl, rows, a, b, pool_bill);
		plan_consolidate(fl, rows, a, b, f, kind, hours);
		for (size_t v = a; v < b; v++)
			plan_resize(fl, rows, v, f, kind, hours, memo);
		for (size_t i = p0; i < fl->nprops; i++)
			*(fl->props[i].kind == ANALYSIS_CONSOLIDATE ? &cons : &resize) +=
				fl->props[i].saving;
		for (size_t i = p0; i < fl->nprops; i++) {
			struct analysis_proposal *p = &fl->props[i];
			p->chosen = (p->kind == ANALYSIS_CONSOLIDATE) == (cons >= resize);
			if (p->chosen)
				fl->savings += p->saving;
		}
	}
	fl->bill = util_round_cents(fl->bill);
	fl->unobserved = util_round_cents(fl->unobserved);
	fl->savings = util_round_cents(fl->savings);
}

/* Finds the free slices of every MIG GPU (its instance rows are adjacent:
 * the store is sorted by host, GPU, instance) and adds them to the totals. */
void analysis_totals_add_free(struct analysis_totals *t, const struct analysis_row *rows,
			      size_t nrows, double hours)
{
	size_t next;
	for (size_t i = 0; i < nrows; i = next) {
		const struct analysis_row *r = &rows[i];
		int used = 0, known = 1;

		next = mig_gpu_end(rows, nrows, i);
		if (next == i) {
			next = i + 1;
			continue;
		}
		for (size_t j = i; j < next; j++) {
			const struct analysis_row *q = &rows[j];

			known &= analysis_row_priced(q) && q->gpu_fraction > 0 && q->vm == r->vm;
			used += (int)lround(q->gpu_fraction * 7);
		}
		if (!known || used >= 7)
			continue;
		t->free = xrealloc(t->free, (t->nfree + 1) * sizeof(*t->free));
		struct analysis_mig_free *mf = &t->free[t->nfree++];
		mf->first = r;
		mf->slices = 7 - used;
		mf->hourly = r->hourly / r->gpu_fraction * mf->slices / 7.0;
		/* the cents of the GPU's share of the VM's bill its instances leave
		 * (fleet_allocate) */
		long long left = llround(r->gpu_monthly * 100);
		for (size_t j = i; j < next; j++)
			left -= llround(rows[j].monthly * 100);
		mf->monthly = (double)left / 100.0;
		t->wasted_cost += mf->monthly;
		t->wasted_hours += mf->slices / 7.0 * hours;
		t->free_cost += mf->monthly;
	}
}

static const char *dash(const char *s)
{
	return s && *s ? s : "-";
}

void analysis_series_label(char *buf, size_t n, const struct telemetry_series *s)
{
	if (s->mig_id[0])
		snprintf(buf, n, "%s gpu %s mig %s", s->host, dash(s->gpu), s->mig_id);
	else
		snprintf(buf, n, "%s gpu %s", s->host, dash(s->gpu));
}

/* The host of fleet VM v. */
const char *analysis_fleet_host(const struct analysis_fleet *fl, const struct analysis_row *rows,
				size_t v)
{
	return rows[fl->vms[v].first].s->host;
}

/* Why row r has no price (r->hourly is 0). */
void analysis_unpriced_reason(char *buf, size_t n, const struct analysis_row *r,
			      const struct analysis_totals *t)
{
	const struct telemetry_series *s = r->s;
	if (!r->vm)
		snprintf(buf, n, "no Azure size known for host '%s' (set it with --sku or --hosts)",
			 s->host);
	else if (r->mig_slices > 7)
		snprintf(buf, n, "the MIG instances of its GPU report %d compute slices together, "
			 "more than the 7 a GPU has: the telemetry does not describe one GPU",
			 r->mig_slices);
	else if (r->gpu_fraction <= 0 && !s->mig_profile[0])
		snprintf(buf, n, "MIG instance %s has no profile label (GPU_I_PROFILE), so its share "
			 "of the GPU is not known", s->mig_id);
	else if (r->gpu_fraction <= 0)
		snprintf(buf, n, "MIG profile '%s' is not known for %s", s->mig_profile,
			 r->gpu ? r->gpu->name : "the size's GPU");
	else
		snprintf(buf, n, "%s has no %s price in %s in %s", r->vm->sku,
			 pricing_name(t->kind), t->region, t->currency);
}

/* "1 GPU", "8 GPUs", "1/6 of a GPU" (a fractional size). */
static const char *gpus_text(char *buf, size_t n, double count)
{
	if (count < 1 - 1e-9 && count > 0)
		snprintf(buf, n, "1/%.0f of a GPU", 1 / count);
	else
		snprintf(buf, n, "%.0f GPU%s", count, fabs(count - 1) < 1e-9 ? "" : "s");
	return buf;
}

/* A size that has fewer GPUs than the telemetry shows on its host is bad
 * input: pricing each GPU as VM / GPUs would bill one host as several VMs.
 * Adds the error, at the --hosts line that names the size (file is NULL for
 * --sku), and returns -1; 0 when the size holds count GPUs. */
static int check_gpu_count(const struct analysis_facts *f, const struct analysis_host *hm,
			   const char *file,
			   const char *host, int count, struct diag_list *dl)
{
	size_t vi = analysis_vm_index(f, hm->sku);
	char has[32];
	if (vi == (size_t)-1)
		return 0;
	double gpus = f->vms[vi].gpu_count;
	if (count <= (gpus > 1 ? gpus : 1) + 1e-9)
		return 0;
	gpus_text(has, sizeof(has), gpus);
	if (file)
		diag_list_add(dl, DIAG_ERROR, file, hm->line, hm->col,
			      "host '%s' shows %d GPUs in the telemetry, but '%s' has %s; name a size "
			      "with %d or more GPUs", host, count, hm->sku, has, count);
	else
		diag_list_add(dl, DIAG_ERROR, NULL, 0, 0,
			      "--sku '%s' has %s, but host '%s' shows %d in the telemetry; give each "
			      "host its size with --hosts", hm->sku, has, host, count);
	return -1;
}

/* Maps every host to a size: --hosts entries, else --sku, else inferred
 * from the model label and GPU count (recorded as an assumption).  Returns
 * -1 (errors in dl) when a given size has fewer GPUs than its host shows. */
int analysis_map_hosts(const struct telemetry_store *st, const struct analysis_facts *f,
		       const char *sku,
		     const char *hosts_file, struct analysis_hosts *hosts, cJSON *assumptions,
		     struct diag_list *dl)
{
	size_t next;
	int rc = 0;
	for (size_t i = 0; i < st->n; i = next) {
		const struct telemetry_series *s = st->series[i];
		const char *label;
		int count = host_gpu_count(st, i, &next, &label);
		const struct analysis_host *given = analysis_hosts_find(hosts, s->host);
		if (given) {
			if (given->line && check_gpu_count(f, given, hosts_file, s->host, count, dl))
				rc = -1;
			continue;
		}
		struct analysis_host *hm = analysis_hosts_add(hosts, s->host);
		if (sku) {
			snprintf(hm->sku, sizeof(hm->sku), "%s", sku);
			if (check_gpu_count(f, hm, NULL, s->host, count, dl))
				rc = -1;
			continue;
		}
		const struct gpu_spec *g = label[0] ? analysis_gpu_from_label(f, label) : NULL;
		const struct vm_size *vm = g ? infer_vm(f, g, count) : NULL;
		char msg[512];
		if (vm) {
			snprintf(hm->sku, sizeof(hm->sku), "%s", vm->sku);
			hm->assumed = 1;
			snprintf(msg, sizeof(msg), "host '%s' assumed to be %s (%d x '%s' seen); set "
				 "it with --sku or --hosts", s->host, vm->sku, count, label);
		} else {
			snprintf(msg, sizeof(msg), "host '%s': no Azure size known for %s; its GPUs "
				 "are not priced (use --sku or --hosts)", s->host,
				 label[0] ? label : "an unnamed GPU model");
		}
		diag_note("%s", msg);
		cJSON_AddItemToArray(assumptions, cJSON_CreateString(msg));
	}
	return rc;
}

/* Prices one series and classifies it. */
static void row_classify(struct analysis_row *r, const struct analysis_facts *f,
			 const struct analysis_hosts *hosts, const struct classify_thresholds *th,
			 enum pricing_kind kind, double hours)
{
	const struct telemetry_series *s = r->s;
	r->hm = analysis_hosts_find(hosts, s->host);
	size_t vi = r->hm && r->hm->sku[0] ? analysis_vm_index(f, r->hm->sku) : (size_t)-1;
	r->vm = vi != (size_t)-1 ? &f->vms[vi] : NULL;
	r->vi = vi;
	r->cand_vi = -1;
	r->gpu = r->vm ? f->vm_gpu[vi]
		       : s->model[0] ? analysis_gpu_from_label(f, s->model) : NULL;
	r->gpu_fraction = 1;
	if (s->mig_id[0]) {
		const struct mig_profile *mp = r->gpu && s->mig_profile[0]
			? mig_find(f, r->gpu->name, s->mig_profile) : NULL;
		if (mp)
			r->gpu_fraction = mp->compute_slices / 7.0;
		else if (!r->gpu && isdigit((unsigned char)s->mig_profile[0]) &&
			 s->mig_profile[1] == 'g')
			/* a GPU not known: its share from the profile's name (not
			 * priced: no size) */
			r->gpu_fraction = (s->mig_profile[0] - '0') / 7.0;
		else
			r->gpu_fraction = 0;   /* unknown slice: not priced */
	}
	if (r->vm && f->vm_hourly[vi] > 0 && r->gpu_fraction > 0) {
		double gpus = r->vm->gpu_count > 1 ? r->vm->gpu_count : 1;
		r->hourly = f->vm_hourly[vi] / gpus * r->gpu_fraction;
		/* its share of the VM's bill */
		r->monthly = bill_monthly(kind, f->vm_hourly[vi], r->gpu_fraction / gpus, hours);
	}
	classify_series(s, th, NULL, 0, r->hourly, &r->res);
	if (r->res.finding == CLASS_UNDERUSED && r->gpu_fraction > 0) {
		/* only underused series need the cheaper options priced */
		build_candidates(r, f);
		classify_result_release(&r->res);
		classify_series(s, th, r->cands, r->ncands, r->hourly, &r->res);
		if (r->res.candidate >= 0 && strncmp(r->cands[r->res.candidate].name, "MIG ", 4) != 0)
			r->cand_vi = (long)analysis_vm_index(f, r->cands[r->res.candidate].name);
		free(r->cands);
		r->cands = NULL;
		r->ncands = 0;
	}
}

struct analysis_row *analysis_rows_classify(const struct telemetry_store *st,
					    const struct analysis_facts *f,
					    const struct analysis_hosts *hosts,
					    const struct classify_thresholds *th,
					    enum pricing_kind kind, double hours, size_t *nrows)
{
	struct analysis_row *rows = xcalloc(st->n ? st->n : 1, sizeof(*rows));

	*nrows = 0;
	for (size_t i = 0; i < st->n; i++) {
		if (st->series[i]->mig_parent)
			continue;
		struct analysis_row *r = &rows[(*nrows)++];
		r->s = st->series[i];
		row_classify(r, f, hosts, th, kind, hours);
	}
	return rows;
}
