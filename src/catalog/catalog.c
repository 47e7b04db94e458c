/*
 * catalog.c - the read side of the catalog store (with catalog_write.c, the
 * only code that includes <sqlite3.h>).
 *
 * The bundled catalog is a SQLite image compiled into the binary
 * (build/catalog_blob.c, made by tools/mkcatalog.c); it is opened with
 * sqlite3_deserialize() in read-only mode, which maps the image without
 * copying it, so start-up costs microseconds.  A catalog file is opened
 * read-only; `catalog refresh` replaces it by rename(2), so a reader always
 * sees one whole catalog, old or new.
 */
#include "catalog.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

extern const unsigned char gpufit_catalog_blob[];
extern const size_t gpufit_catalog_blob_len;

struct catalog {
	sqlite3 *db;
};

static void set_err(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void set_err(char *err, const char *fmt, ...)
{
	if (!err)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, CATALOG_ERRLEN, fmt, ap);
	va_end(ap);
}

int catalog_user_path(char *path, size_t pathlen)
{
	const char *xdg = getenv("XDG_DATA_HOME");
	if (xdg && *xdg) {
		snprintf(path, pathlen, "%s/gpufit/catalog.db", xdg);
		return 0;
	}
	const char *home = getenv("HOME");
	if (!home || !*home)
		return -1;
	snprintf(path, pathlen, "%s/.local/share/gpufit/catalog.db", home);
	return 0;
}

enum catalog_origin catalog_resolve(const char *option_path, char *path, size_t pathlen)
{
	if (option_path && *option_path) {
		snprintf(path, pathlen, "%s", option_path);
		return CATALOG_OPTION;
	}
	const char *env = getenv("GPUFIT_CATALOG");
	if (env && *env) {
		snprintf(path, pathlen, "%s", env);
		return CATALOG_ENV;
	}
	if (catalog_user_path(path, pathlen) == 0 && access(path, F_OK) == 0)
		return CATALOG_USER;
	if (pathlen)
		path[0] = '\0';
	return CATALOG_BUNDLED;
}

/* Checks that db is a gpufit catalog of a version this build reads. */
static int check_schema(sqlite3 *db, const char *what, char *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK) {
		set_err(err, "%s: not a gpufit catalog (%s)", what, sqlite3_errmsg(db));
		return -1;
	}
	int rc = sqlite3_step(st);
	int version = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW) {
		set_err(err, "%s: not a gpufit catalog (%s)", what, sqlite3_errmsg(db));
		return -1;
	}
	if (version >= 1 && version < CATALOG_SCHEMA_VERSION) {
		/* an older user catalog: a refresh rebuilds it and keeps its prices */
		set_err(err, "%s: catalog schema version %d is older than this gpufit's (%d); run "
			"'gpufit catalog refresh' to rebuild it (its prices are kept)", what, version,
			CATALOG_SCHEMA_VERSION);
		return -1;
	}
	if (version != CATALOG_SCHEMA_VERSION) {
		set_err(err, "%s: catalog schema version %d is not supported by this gpufit", what,
			version);
		return -1;
	}
	if (sqlite3_prepare_v2(db, "SELECT 1 FROM prices, vm_sizes LIMIT 0", -1, &st, NULL) !=
	    SQLITE_OK) {
		set_err(err, "%s: not a gpufit catalog (%s)", what, sqlite3_errmsg(db));
		return -1;
	}
	sqlite3_finalize(st);
	return 0;
}

int catalog_open_bundled(catalog **out, char *err)
{
	*out = NULL;
	sqlite3 *db;
	if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		set_err(err, "bundled catalog: %s", sqlite3_errmsg(db));
		sqlite3_close(db);
		return -1;
	}
	int rc = sqlite3_deserialize(db, "main", (unsigned char *)(uintptr_t)gpufit_catalog_blob,
				     (sqlite3_int64)gpufit_catalog_blob_len,
				     (sqlite3_int64)gpufit_catalog_blob_len,
				     SQLITE_DESERIALIZE_READONLY);
	if (rc != SQLITE_OK || check_schema(db, "bundled catalog", err) != 0) {
		if (rc != SQLITE_OK)
			set_err(err, "bundled catalog: %s", sqlite3_errmsg(db));
		sqlite3_close(db);
		return -1;
	}
	*out = xcalloc(1, sizeof **out);
	(*out)->db = db;
	return 0;
}

int catalog_open_file(const char *path, catalog **out, char *err)
{
	*out = NULL;
	struct stat sb;
	if (stat(path, &sb) != 0) {
		set_err(err, "catalog '%s': %s", path, util_strerror(errno));
		return -1;
	}
	if (!S_ISREG(sb.st_mode)) {
		set_err(err, "catalog '%s': not a regular file", path);
		return -1;
	}
	sqlite3 *db;
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		set_err(err, "catalog '%s': %s", path, sqlite3_errmsg(db));
		sqlite3_close(db);
		return -1;
	}
	sqlite3_busy_timeout(db, 2000);
	char what[4200];
	snprintf(what, sizeof what, "catalog '%s'", path);
	if (check_schema(db, what, err) != 0) {
		sqlite3_close(db);
		return -1;
	}
	*out = xcalloc(1, sizeof **out);
	(*out)->db = db;
	return 0;
}

int catalog_open_default(const char *option_path, catalog **out, enum catalog_origin *origin,
			 char *path, size_t pathlen, char *err)
{
	enum catalog_origin o = catalog_resolve(option_path, path, pathlen);
	if (origin)
		*origin = o;
	if (o == CATALOG_BUNDLED)
		return catalog_open_bundled(out, err);
	return catalog_open_file(path, out, err);
}

void catalog_close(catalog *cat)
{
	if (!cat)
		return;
	sqlite3_close(cat->db);
	free(cat);
}

static int prepare(catalog *cat, const char *sql, sqlite3_stmt **st, char *err)
{
	if (sqlite3_prepare_v2(cat->db, sql, -1, st, NULL) != SQLITE_OK) {
		set_err(err, "catalog query failed: %s", sqlite3_errmsg(cat->db));
		return -1;
	}
	return 0;
}

static void col_str(sqlite3_stmt *st, int i, char *dst, size_t len)
{
	const unsigned char *s = sqlite3_column_text(st, i);
	snprintf(dst, len, "%s", s ? (const char *)s : "");
}

static double col_num(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? 0.0 : sqlite3_column_double(st, i);
}

static int col_int(sqlite3_stmt *st, int i)
{
	return sqlite3_column_int(st, i);
}

int catalog_meta(catalog *cat, const char *key, char *buf, size_t buflen)
{
	sqlite3_stmt *st;
	if (prepare(cat, "SELECT value FROM meta WHERE key = ?", &st, NULL) != 0)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	int found = sqlite3_step(st) == SQLITE_ROW;
	if (found)
		col_str(st, 0, buf, buflen);
	sqlite3_finalize(st);
	return found ? 0 : -1;
}

int catalog_source_of(catalog *cat, const char *table, const char *name, char *buf,
		      size_t buflen)
{
	sqlite3_stmt *st;
	const char *sql = strcmp(table, "gpu_models") == 0
		? "SELECT source FROM gpu_models WHERE name = ?"
		: "SELECT source FROM model_presets WHERE name = ?";
	if (prepare(cat, sql, &st, NULL) != 0)
		return -1;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	int found = sqlite3_step(st) == SQLITE_ROW;
	if (found)
		col_str(st, 0, buf, buflen);
	sqlite3_finalize(st);
	return found ? 0 : -1;
}

long catalog_fetched(catalog *cat, char *buf, size_t buflen)
{
	if (catalog_meta(cat, "fetched_at", buf, buflen) != 0 &&
	    catalog_meta(cat, "snapshot_date", buf, buflen) != 0) {
		if (buflen)
			buf[0] = '\0';
		return -1;
	}
	long long t = util_parse_iso8601(buf);
	return t >= 0 ? (long)((util_now() - t) / 86400) : -1;
}

static int cmp_price_age(const void *a, const void *b)
{
	const struct catalog_price_age *x = a, *y = b;
	int c = strcmp(x->region, y->region);
	return c ? c : (int)x->pricing - (int)y->pricing;
}

int catalog_price_ages(catalog *cat, struct catalog_price_age **out, size_t *n, char *err)
{
	sqlite3_stmt *st;
	size_t cap = 16;

	*out = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(cat->db,
			       "SELECT region, pricing, count(*), min(observed_date),"
			       " max(observed_date) FROM prices WHERE os = 'linux'"
			       " GROUP BY region, pricing",
			       -1, &st, NULL) != SQLITE_OK) {
		set_err(err, "cannot read the prices' dates: %s", sqlite3_errmsg(cat->db));
		return -1;
	}
	struct catalog_price_age *a = xmalloc(cap * sizeof(*a));
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const unsigned char *k = sqlite3_column_text(st, 1);
		enum pricing_kind kind;
		if (!k || pricing_parse((const char *)k, &kind) != 0)
			continue;
		if (*n == cap)
			a = xrealloc(a, (cap *= 2) * sizeof(*a));
		struct catalog_price_age *p = &a[(*n)++];
		memset(p, 0, sizeof(*p));
		col_str(st, 0, p->region, sizeof p->region);
		p->pricing = kind;
		p->prices = (long)sqlite3_column_int64(st, 2);
		col_str(st, 3, p->oldest, sizeof p->oldest);
		col_str(st, 4, p->newest, sizeof p->newest);
		if (!p->oldest[0]) {
			char key[64], day[64];
			snprintf(key, sizeof key, "fetched_at.%s", p->region);
			if (catalog_meta(cat, key, day, sizeof day) == 0 && strlen(day) >= 10) {
				snprintf(p->oldest, sizeof p->oldest, "%.10s", day);
				snprintf(p->newest, sizeof p->newest, "%.10s", day);
			}
		}
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		set_err(err, "cannot read the prices' dates: %s", sqlite3_errmsg(cat->db));
		free(a);
		*n = 0;
		return -1;
	}
	qsort(a, *n, sizeof(*a), cmp_price_age);
	*out = a;
	return 0;
}

static long count_rows(catalog *cat, const char *sql)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(cat->db, sql, -1, &st, NULL) != SQLITE_OK)
		return -1;
	long n = sqlite3_step(st) == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : -1;
	sqlite3_finalize(st);
	return n;
}

int catalog_counts(catalog *cat, struct catalog_counts *out, char *err)
{
	memset(out, 0, sizeof *out);
	out->gpu_models = count_rows(cat, "SELECT count(*) FROM gpu_models");
	out->vm_sizes = count_rows(cat, "SELECT count(*) FROM vm_sizes");
	out->mig_profiles = count_rows(cat, "SELECT count(*) FROM mig_profiles");
	out->model_presets = count_rows(cat, "SELECT count(*) FROM model_presets");
	out->regions = count_rows(cat, "SELECT count(*) FROM regions");
	out->prices = count_rows(cat, "SELECT count(*) FROM prices WHERE os = 'linux'");
	sqlite3_stmt *st;
	if (prepare(cat, "SELECT pricing, count(*) FROM prices WHERE os = 'linux' GROUP BY pricing",
		    &st, err) != 0)
		return -1;
	while (sqlite3_step(st) == SQLITE_ROW) {
		enum pricing_kind k;
		if (pricing_parse((const char *)sqlite3_column_text(st, 0), &k) == 0)
			out->prices_by_kind[k] = (long)sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (out->gpu_models < 0 || out->vm_sizes < 0 || out->prices < 0) {
		set_err(err, "catalog query failed: %s", sqlite3_errmsg(cat->db));
		return -1;
	}
	return 0;
}

/* Row readers: one per struct, column order fixed by the SELECTs below. */

#define GPU_COLS_WITH(fp4, target)                                                            \
	"name, vendor, architecture, form_factor, memory_gib, bandwidth_gbps, fp32_tflops, "  \
	"fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_w, link, link_gbps, pcie_gen, " \
	"mig_max, sm_count, precisions, " fp4 ", " target
/* The columns of gpu_models as read, by what the catalog has ([fp4][target]):
 * one written before gpu_models had fp4_tflops reads no FP4 rate (0), which
 * sizes FP4 at the FP8 rate as those builds did; one written before target
 * reads it from the bundled catalog (gpu_target_from_bundled). */
static const char *const gpu_cols[2][2] = {
	{ GPU_COLS_WITH("NULL", "NULL"), GPU_COLS_WITH("NULL", "target") },
	{ GPU_COLS_WITH("fp4_tflops", "NULL"), GPU_COLS_WITH("fp4_tflops", "target") },
};

static void read_gpu(sqlite3_stmt *st, void *dst)
{
	struct gpu_spec *g = dst;
	memset(g, 0, sizeof *g);
	col_str(st, 0, g->name, sizeof g->name);
	col_str(st, 1, g->vendor, sizeof g->vendor);
	col_str(st, 2, g->architecture, sizeof g->architecture);
	col_str(st, 3, g->form_factor, sizeof g->form_factor);
	g->memory_gib = col_num(st, 4);
	g->bandwidth_gbps = col_num(st, 5);
	g->fp32_tflops = col_num(st, 6);
	g->fp16_tflops = col_num(st, 7);
	g->bf16_tflops = col_num(st, 8);
	g->fp8_tflops = col_num(st, 9);
	g->int8_tops = col_num(st, 10);
	g->tdp_w = col_num(st, 11);
	col_str(st, 12, g->link, sizeof g->link);
	g->link_gbps = col_num(st, 13);
	g->pcie_gen = col_int(st, 14);
	g->mig_max = col_int(st, 15);
	g->sm_count = col_int(st, 16);
	col_str(st, 17, g->precisions, sizeof g->precisions);
	g->fp4_tflops = col_num(st, 18);
	col_str(st, 19, g->target, sizeof g->target);
}

#define VM_COLS_BASE                                                                          \
	"sku, series, gpu_model, gpu_count, gpu_memory_gib, vcpus, ram_gib, local_nvme_gib, " \
	"infiniband_gbps, infiniband_type, nvlink, mig_capable, retired, spec_known, retired_on, "  \
	"successor, "
/* The columns of vm_sizes as read, by what the catalog has: one written
 * before vm_sizes had confidential reads 0 there (vm_confidential_from_bundled
 * then reads the bundled column), one written before quota_family reads NULL
 * (unknown). */
static const char *const vm_cols[2][2] = {
	{ VM_COLS_BASE "0, NULL", VM_COLS_BASE "0, quota_family" },
	{ VM_COLS_BASE "confidential, NULL", VM_COLS_BASE "confidential, quota_family" },
};

static void read_vm(sqlite3_stmt *st, void *dst)
{
	struct vm_size *v = dst;
	memset(v, 0, sizeof *v);
	col_str(st, 0, v->sku, sizeof v->sku);
	col_str(st, 1, v->series, sizeof v->series);
	col_str(st, 2, v->gpu_model, sizeof v->gpu_model);
	v->gpu_count = col_num(st, 3);
	v->gpu_memory_gib = col_num(st, 4);
	v->vcpus = col_int(st, 5);
	v->ram_gib = col_num(st, 6);
	v->local_nvme_gib = col_num(st, 7);
	v->infiniband_gbps = col_num(st, 8);
	col_str(st, 9, v->infiniband_type, sizeof v->infiniband_type);
	v->nvlink = col_int(st, 10);
	v->mig_capable = col_int(st, 11);
	v->spec_known = col_int(st, 13);
	col_str(st, 14, v->retired_on, sizeof v->retired_on);
	col_str(st, 15, v->successor, sizeof v->successor);
	v->confidential = col_int(st, 16) != 0;
	col_str(st, 17, v->quota_family, sizeof v->quota_family);
	char today[16];
	util_today(today, sizeof today);
	enum vm_retirement r = vm_retirement_at(col_int(st, 12), v->retired_on, today);
	v->retired = r == VM_RETIRED;
	v->retiring = r == VM_RETIRING;
}

#define MIG_COLS                                                                              \
	"gpu_model, name, memory_slices, memory_gib, compute_slices, sms, max_count, "        \
	"start_slots, media_ext, aks_profile"

static void read_mig(sqlite3_stmt *st, void *dst)
{
	struct mig_profile *m = dst;
	memset(m, 0, sizeof *m);
	col_str(st, 0, m->gpu_model, sizeof m->gpu_model);
	col_str(st, 1, m->name, sizeof m->name);
	m->memory_slices = col_int(st, 2);
	m->memory_gib = col_num(st, 3);
	m->compute_slices = col_int(st, 4);
	m->sms = col_int(st, 5);
	m->max_count = col_int(st, 6);
	const unsigned char *slots = sqlite3_column_text(st, 7);
	m->start_mask = slots ? mig_start_mask_parse((const char *)slots) : 0;
	m->media_ext = col_int(st, 8);
	col_str(st, 9, m->aks_profile, sizeof m->aks_profile);
}

#define PRESET_COLS                                                                           \
	"name, kind, params_b, coalesce(active_params_b, params_b), layers, hidden, "         \
	"intermediate, heads, kv_heads, head_dim, vocab, max_context, moe_experts, moe_active, " \
	"moe_shared_experts, moe_intermediate, moe_layers, mla_kv_lora_rank, "                \
	"mla_qk_rope_head_dim, window_tokens, windowed_layers, native_precision, "           \
	"native_expert_precision, tied_embeddings, mtp_params_b"

static void read_preset(sqlite3_stmt *st, void *dst)
{
	struct model_preset *p = dst;
	memset(p, 0, sizeof *p);
	col_str(st, 0, p->name, sizeof p->name);
	col_str(st, 1, p->kind, sizeof p->kind);
	p->params_b = col_num(st, 2);
	p->active_params_b = col_num(st, 3);
	p->layers = col_int(st, 4);
	p->hidden = col_int(st, 5);
	p->intermediate = col_int(st, 6);
	p->heads = col_int(st, 7);
	p->kv_heads = col_int(st, 8);
	p->head_dim = col_int(st, 9);
	p->vocab = col_int(st, 10);
	p->max_context = col_int(st, 11);
	p->moe_experts = col_int(st, 12);
	p->moe_active = col_int(st, 13);
	p->moe_shared_experts = col_int(st, 14);
	p->moe_intermediate = col_int(st, 15);
	p->moe_layers = col_int(st, 16);
	p->mla_kv_lora_rank = col_int(st, 17);
	p->mla_qk_rope_head_dim = col_int(st, 18);
	p->window_tokens = col_int(st, 19);
	p->windowed_layers = col_int(st, 20);
	col_str(st, 21, p->native_precision, sizeof p->native_precision);
	col_str(st, 22, p->native_expert_precision, sizeof p->native_expert_precision);
	p->tied_embeddings = col_int(st, 23);
	p->mtp_params_b = col_num(st, 24);
	if (p->head_dim == 0 && p->heads > 0)
		p->head_dim = p->hidden / p->heads;
	if (p->kv_heads == 0)
		p->kv_heads = p->heads;
}

#define REGION_COLS "name, display_name, geography"

static void read_region(sqlite3_stmt *st, void *dst)
{
	struct region *r = dst;
	memset(r, 0, sizeof *r);
	col_str(st, 0, r->name, sizeof r->name);
	col_str(st, 1, r->display_name, sizeof r->display_name);
	col_str(st, 2, r->geography, sizeof r->geography);
}

#define EFF_COLS "name, gpu_class, value"

static void read_eff(sqlite3_stmt *st, void *dst)
{
	struct efficiency *e = dst;
	memset(e, 0, sizeof *e);
	col_str(st, 0, e->name, sizeof e->name);
	col_str(st, 1, e->gpu_class, sizeof e->gpu_class);
	e->value = col_num(st, 2);
}

#define STORAGE_COLS "name, max_read_mb_per_s, typical_read_mb_per_s"

static void read_storage(sqlite3_stmt *st, void *dst)
{
	struct storage_tier *t = dst;
	memset(t, 0, sizeof *t);
	col_str(st, 0, t->name, sizeof t->name);
	t->max_read_mb_per_s = col_num(st, 1);
	t->typical_read_mb_per_s = col_num(st, 2);
}

#define PRICE_COLS "sku, region, pricing, os, currency, hourly, effective_date, observed_date"

static void read_price(sqlite3_stmt *st, void *dst)
{
	struct price *p = dst;
	memset(p, 0, sizeof *p);
	col_str(st, 0, p->sku, sizeof p->sku);
	col_str(st, 1, p->region, sizeof p->region);
	const unsigned char *k = sqlite3_column_text(st, 2);
	if (!k || pricing_parse((const char *)k, &p->pricing) != 0)
		p->pricing = PRICING_PAYG;
	col_str(st, 3, p->os, sizeof p->os);
	col_str(st, 4, p->currency, sizeof p->currency);
	p->hourly = col_num(st, 5);
	col_str(st, 6, p->effective_date, sizeof p->effective_date);
	col_str(st, 7, p->observed_date, sizeof p->observed_date);
}

/* Runs a prepared statement and collects every row into a malloc'd array. */
static int collect(catalog *cat, sqlite3_stmt *st, size_t size, void (*read)(sqlite3_stmt *, void *),
		   void **out, size_t *n, char *err)
{
	size_t cap = 16, len = 0;
	char *arr = xmalloc(cap * size);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (len == cap) {
			cap *= 2;
			arr = xrealloc(arr, cap * size);
		}
		read(st, arr + len * size);
		len++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		set_err(err, "catalog query failed: %s", sqlite3_errmsg(cat->db));
		free(arr);
		*out = NULL;
		*n = 0;
		return -1;
	}
	*out = arr;
	*n = len;
	return 0;
}

static int list_query(catalog *cat, const char *sql, const char *bind, size_t size,
		      void (*read)(sqlite3_stmt *, void *), void **out, size_t *n, char *err)
{
	sqlite3_stmt *st;
	*out = NULL;
	*n = 0;
	if (prepare(cat, sql, &st, err) != 0)
		return -1;
	if (bind)
		sqlite3_bind_text(st, 1, bind, -1, SQLITE_STATIC);
	return collect(cat, st, size, read, out, n, err);
}

/* 1 when gpu_models has column col (a catalog written by an earlier build
 * of schema version 3 may lack fp4_tflops and target). */
static int gpu_has(catalog *cat, const char *col)
{
	sqlite3_stmt *st;
	char sql[96];

	snprintf(sql, sizeof sql, "SELECT %s FROM gpu_models LIMIT 0", col);
	if (sqlite3_prepare_v2(cat->db, sql, -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_finalize(st);
	return 1;
}

/* A catalog written before gpu_models had target: each GPU's target from
 * the bundled catalog (the same GPU name), as the engines' architecture
 * limits need it; a GPU the bundled catalog lacks keeps it unknown. */
static int gpu_target_from_bundled(struct gpu_spec *g, size_t n, char *err)
{
	catalog *b = NULL;
	sqlite3_stmt *st;

	if (catalog_open_bundled(&b, err) != 0)
		return -1;
	if (prepare(b, "SELECT target FROM gpu_models WHERE name = ?1", &st, err) != 0) {
		catalog_close(b);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		sqlite3_reset(st);
		sqlite3_bind_text(st, 1, g[i].name, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW)
			col_str(st, 0, g[i].target, sizeof g[i].target);
	}
	sqlite3_finalize(st);
	catalog_close(b);
	return 0;
}

/* "SELECT <the gpu_models columns this catalog has> FROM gpu_models <tail>". */
static void gpu_select(catalog *cat, const char *tail, char *sql, size_t len)
{
	snprintf(sql, len, "SELECT %s FROM gpu_models %s",
		 gpu_cols[gpu_has(cat, "fp4_tflops")][gpu_has(cat, "target")], tail);
}

int catalog_gpu_list(catalog *cat, struct gpu_spec **out, size_t *n, char *err)
{
	char sql[640];

	gpu_select(cat, "ORDER BY name", sql, sizeof sql);
	if (list_query(cat, sql, NULL, sizeof **out, read_gpu, (void **)out, n, err) != 0)
		return -1;
	if (!gpu_has(cat, "target") && gpu_target_from_bundled(*out, *n, err) != 0) {
		free(*out);
		*out = NULL;
		*n = 0;
		return -1;
	}
	return 0;
}

/* 1 when vm_sizes has the confidential column (a catalog written by an
 * earlier build of schema version 3 does not). */
static int vm_has_confidential(catalog *cat)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(cat->db, "SELECT confidential FROM vm_sizes LIMIT 0", -1, &st,
			       NULL) != SQLITE_OK)
		return 0;
	sqlite3_finalize(st);
	return 1;
}

/* Marks the sizes of v[0..n-1] that the bundled catalog calls confidential:
 * the fact is the bundled one's (a refresh never changes it), so a catalog
 * without the column still never offers them to a plain workload. */
static int vm_confidential_from_bundled(struct vm_size *v, size_t n, char *err)
{
	catalog *b = NULL;
	sqlite3_stmt *st;

	if (catalog_open_bundled(&b, err) != 0)
		return -1;
	if (prepare(b, "SELECT 1 FROM vm_sizes WHERE sku = ?1 AND confidential = 1", &st,
		    err) != 0) {
		catalog_close(b);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		sqlite3_reset(st);
		sqlite3_bind_text(st, 1, v[i].sku, -1, SQLITE_STATIC);
		v[i].confidential = sqlite3_step(st) == SQLITE_ROW;
	}
	sqlite3_finalize(st);
	catalog_close(b);
	return 0;
}

int catalog_vm_has_quota_family(catalog *cat)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(cat->db, "SELECT quota_family FROM vm_sizes LIMIT 0", -1, &st,
			       NULL) != SQLITE_OK)
		return 0;
	sqlite3_finalize(st);
	return 1;
}

/* "SELECT <the columns this catalog has> FROM vm_sizes" + tail, into buf. */
static const char *vm_select(catalog *cat, const char *tail, char *buf, size_t len)
{
	snprintf(buf, len, "SELECT %s FROM vm_sizes %s",
		 vm_cols[vm_has_confidential(cat)][catalog_vm_has_quota_family(cat)], tail);
	return buf;
}

int catalog_vm_list(catalog *cat, struct vm_size **out, size_t *n, char *err)
{
	char sql[512];

	if (vm_has_confidential(cat))
		return list_query(cat, vm_select(cat, "ORDER BY sku", sql, sizeof sql), NULL,
				  sizeof **out, read_vm, (void **)out, n, err);
	if (list_query(cat, vm_select(cat, "ORDER BY sku", sql, sizeof sql), NULL,
		       sizeof **out, read_vm, (void **)out, n, err) != 0)
		return -1;
	if (vm_confidential_from_bundled(*out, *n, err) != 0) {
		free(*out);
		*out = NULL;
		*n = 0;
		return -1;
	}
	return 0;
}

int catalog_mig_list(catalog *cat, const char *gpu_model, struct mig_profile **out, size_t *n,
		     char *err)
{
	if (gpu_model)
		return list_query(cat,
				  "SELECT " MIG_COLS " FROM mig_profiles WHERE gpu_model = ?1 "
				  "ORDER BY memory_slices, compute_slices, media_ext, name",
				  gpu_model, sizeof **out, read_mig, (void **)out, n, err);
	return list_query(cat,
			  "SELECT " MIG_COLS " FROM mig_profiles "
			  "ORDER BY gpu_model, memory_slices, compute_slices, media_ext, name",
			  NULL, sizeof **out, read_mig, (void **)out, n, err);
}

int catalog_preset_list(catalog *cat, struct model_preset **out, size_t *n, char *err)
{
	return list_query(cat, "SELECT " PRESET_COLS " FROM model_presets ORDER BY name", NULL,
			  sizeof **out, read_preset, (void **)out, n, err);
}

int catalog_region_list(catalog *cat, struct region **out, size_t *n, char *err)
{
	return list_query(cat, "SELECT " REGION_COLS " FROM regions ORDER BY name", NULL,
			  sizeof **out, read_region, (void **)out, n, err);
}

int catalog_efficiency_list(catalog *cat, struct efficiency **out, size_t *n, char *err)
{
	return list_query(cat, "SELECT " EFF_COLS " FROM efficiency ORDER BY name, gpu_class",
			  NULL, sizeof **out, read_eff, (void **)out, n, err);
}

int catalog_storage_list(catalog *cat, struct storage_tier **out, size_t *n, char *err)
{
	return list_query(cat, "SELECT " STORAGE_COLS " FROM storage_tiers ORDER BY name", NULL,
			  sizeof **out, read_storage, (void **)out, n, err);
}

static double col_opt(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? -1.0 : sqlite3_column_double(st, i);
}

static void read_vm_data(sqlite3_stmt *st, void *dst)
{
	struct vm_data_limit *v = dst;
	memset(v, 0, sizeof *v);
	col_str(st, 0, v->sku, sizeof v->sku);
	v->network_mb_per_s = col_num(st, 1) / 8.0;
	v->disk_mb_per_s = col_opt(st, 2);
}

static void read_region_data(sqlite3_stmt *st, void *dst)
{
	struct region_data *r = dst;
	memset(r, 0, sizeof *r);
	col_str(st, 0, r->region, sizeof r->region);
	col_str(st, 1, r->continent, sizeof r->continent);
	r->blob_egress_mb_per_s = col_num(st, 2);
	r->blob_ingress_mb_per_s = col_num(st, 3);
}

static void read_lustre(sqlite3_stmt *st, void *dst)
{
	struct lustre_tier *t = dst;
	memset(t, 0, sizeof *t);
	col_str(st, 0, t->sku, sizeof t->sku);
	t->mb_per_s_per_tib = col_num(st, 1);
	t->min_tib = col_num(st, 2);
	t->max_tib = col_num(st, 3);
	t->step_tib = col_num(st, 4);
	t->usd_per_tib_month = col_opt(st, 5);
}

static void read_bandwidth(sqlite3_stmt *st, void *dst)
{
	struct bandwidth_price *b = dst;
	memset(b, 0, sizeof *b);
	col_str(st, 0, b->zone, sizeof b->zone);
	col_str(st, 1, b->kind, sizeof b->kind);
	b->tier_min_gb = col_num(st, 2);
	b->usd_per_gb = col_num(st, 3);
}

static void read_data_default(sqlite3_stmt *st, void *dst)
{
	struct data_default *d = dst;
	memset(d, 0, sizeof *d);
	col_str(st, 0, d->name, sizeof d->name);
	d->value = col_num(st, 1);
}

int catalog_data_list(catalog *cat, struct data_facts *out, char *err)
{
	memset(out, 0, sizeof *out);
	if (list_query(cat, "SELECT sku, network_mbps, uncached_disk_mb_per_s FROM vm_data_limits "
			    "ORDER BY sku", NULL, sizeof *out->vms, read_vm_data,
		       (void **)&out->vms, &out->nvms, err) != 0 ||
	    list_query(cat, "SELECT region, continent, blob_egress_mb_per_s, blob_ingress_mb_per_s "
			    "FROM region_data ORDER BY region", NULL, sizeof *out->regions,
		       read_region_data, (void **)&out->regions, &out->nregions, err) != 0 ||
	    list_query(cat, "SELECT sku, mb_per_s_per_tib, min_tib, max_tib, step_tib, "
			    "usd_per_tib_month FROM lustre_tiers ORDER BY mb_per_s_per_tib", NULL,
		       sizeof *out->lustre, read_lustre, (void **)&out->lustre, &out->nlustre,
		       err) != 0 ||
	    list_query(cat, "SELECT zone, kind, tier_min_gb, usd_per_gb FROM bandwidth_prices "
			    "ORDER BY zone, kind, tier_min_gb", NULL, sizeof *out->bandwidth,
		       read_bandwidth, (void **)&out->bandwidth, &out->nbandwidth, err) != 0 ||
	    list_query(cat, "SELECT name, value FROM data_defaults ORDER BY name", NULL,
		       sizeof *out->defaults, read_data_default, (void **)&out->defaults,
		       &out->ndefaults, err) != 0) {
		catalog_data_release(out);
		return -1;
	}
	return 0;
}

static void read_engine_support(sqlite3_stmt *st, void *dst)
{
	struct engine_support *e = dst;
	memset(e, 0, sizeof *e);
	col_str(st, 0, e->engine, sizeof e->engine);
	col_str(st, 1, e->vendor, sizeof e->vendor);
	e->supported = col_int(st, 2) != 0;
	e->min_cc = sqlite3_column_type(st, 3) == SQLITE_NULL ? -1 : col_num(st, 3);
	col_str(st, 4, e->targets, sizeof e->targets);
}

/* A catalog whose engine_support predates the limit columns fails here:
 * the callers then read the bundled table. */
int catalog_engine_support_list(catalog *cat, struct engine_support **out, size_t *n, char *err)
{
	return list_query(cat, "SELECT engine, vendor, supported, min_compute_capability, "
			       "gpu_targets FROM engine_support ORDER BY engine, vendor", NULL,
			  sizeof **out, read_engine_support, (void **)out, n, err);
}

void catalog_data_release(struct data_facts *d)
{
	free(d->vms);
	free(d->regions);
	free(d->lustre);
	free(d->bandwidth);
	free(d->defaults);
	memset(d, 0, sizeof *d);
}

int catalog_price_list(catalog *cat, const char *sku, struct price **out, size_t *n, char *err)
{
	if (sku)
		return list_query(cat,
				  "SELECT " PRICE_COLS " FROM prices WHERE sku = ?1 "
				  "ORDER BY region, CASE pricing WHEN 'payg' THEN 0 "
				  "WHEN 'spot' THEN 1 WHEN 'reserved-1y' THEN 2 "
				  "WHEN 'reserved-3y' THEN 3 WHEN 'savings-1y' THEN 4 ELSE 5 END, os",
				  sku, sizeof **out, read_price, (void **)out, n, err);
	return list_query(cat, "SELECT " PRICE_COLS " FROM prices ORDER BY sku, region, pricing, os",
			  NULL, sizeof **out, read_price, (void **)out, n, err);
}

static int find_one(catalog *cat, const char *sql, const char *key, void *out,
		    void (*read)(sqlite3_stmt *, void *), char *err)
{
	sqlite3_stmt *st;
	if (prepare(cat, sql, &st, err) != 0)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		read(st, out);
	else if (rc != SQLITE_DONE)
		set_err(err, "catalog query failed: %s", sqlite3_errmsg(cat->db));
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

int catalog_gpu_find(catalog *cat, const char *name, struct gpu_spec *out, char *err)
{
	char sql[640];

	int rc;

	gpu_select(cat, "WHERE name = ?1 COLLATE NOCASE", sql, sizeof sql);
	rc = find_one(cat, sql, name, out, read_gpu, err);
	if (rc == 1 && !gpu_has(cat, "target") && gpu_target_from_bundled(out, 1, err) != 0)
		return -1;
	return rc;
}

int catalog_vm_find(catalog *cat, const char *sku, struct vm_size *out, char *err)
{
	char sql[512];
	int rc;

	vm_select(cat, "WHERE sku = ?1 COLLATE NOCASE", sql, sizeof sql);
	if (vm_has_confidential(cat))
		return find_one(cat, sql, sku, out, read_vm, err);
	rc = find_one(cat, sql, sku, out, read_vm, err);
	if (rc == 1 && vm_confidential_from_bundled(out, 1, err) != 0)
		return -1;
	return rc;
}

int catalog_preset_find(catalog *cat, const char *name, struct model_preset *out, char *err)
{
	return find_one(cat,
			"SELECT " PRESET_COLS " FROM model_presets WHERE name = ?1 COLLATE NOCASE",
			name, out, read_preset, err);
}

int catalog_region_find(catalog *cat, const char *name, struct region *out, char *err)
{
	return find_one(cat, "SELECT " REGION_COLS " FROM regions WHERE name = ?1 COLLATE NOCASE",
			name, out, read_region, err);
}

int catalog_price_find(catalog *cat, const char *sku, const char *region, enum pricing_kind kind,
		       const char *currency, double *hourly, char *err)
{
	sqlite3_stmt *st;
	if (prepare(cat,
		    "SELECT hourly FROM prices WHERE sku = ?1 AND region = ?2 AND pricing = ?3 "
		    "AND os = 'linux' AND currency = ?4 AND hourly > 0",
		    &st, err) != 0)
		return -1;
	sqlite3_bind_text(st, 1, sku, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, region, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, pricing_name(kind), -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, currency ? currency : "USD", -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*hourly = sqlite3_column_double(st, 0);
	else if (rc != SQLITE_DONE)
		set_err(err, "catalog query failed: %s", sqlite3_errmsg(cat->db));
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

size_t catalog_suggest(catalog *cat, const char *table, const char *name, char out[][FACT_SKU],
		       size_t max)
{
	const char *sql;
	if (strcmp(table, "vm_sizes") == 0)
		sql = "SELECT sku FROM vm_sizes";
	else if (strcmp(table, "gpu_models") == 0)
		sql = "SELECT name FROM gpu_models";
	else if (strcmp(table, "model_presets") == 0)
		sql = "SELECT name FROM model_presets";
	else if (strcmp(table, "regions") == 0)
		sql = "SELECT name FROM regions";
	else
		return 0;
	sqlite3_stmt *st;
	if (max == 0 || sqlite3_prepare_v2(cat->db, sql, -1, &st, NULL) != SQLITE_OK)
		return 0;
	size_t len = strlen(name);
	size_t limit = len / 4 > 2 ? len / 4 : 2;
	size_t *dist = xcalloc(max, sizeof *dist);
	size_t n = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *cand = (const char *)sqlite3_column_text(st, 0);
		if (!cand)
			continue;
		size_t d = util_edit_distance(name, cand);
		/* A fragment of the name ("H100_v5", "nd96") also counts, and so
		 * does a name all of whose parts are in it ("T4", "A100-80GB"). */
		if (d > limit && len >= 3 && util_contains_nocase(cand, name))
			d = limit;
		if (d > limit && util_parts_in(cand, name))
			d = limit;
		if (d > limit)
			continue;
		size_t pos = n;
		while (pos > 0 && dist[pos - 1] > d)
			pos--;
		if (pos >= max)
			continue;
		size_t last = n < max ? n : max - 1;
		for (size_t i = last; i > pos; i--) {
			memcpy(out[i], out[i - 1], FACT_SKU);
			dist[i] = dist[i - 1];
		}
		snprintf(out[pos], FACT_SKU, "%s", cand);
		dist[pos] = d;
		if (n < max)
			n++;
	}
	sqlite3_finalize(st);
	free(dist);
	return n;
}

int catalog_export_bundled(const char *path, char *err)
{
	catalog *cat;
	if (catalog_open_bundled(&cat, err) != 0)
		return -1;
	sqlite3_stmt *st;
	int rc = -1;
	if (prepare(cat, "VACUUM INTO ?1", &st, err) == 0) {
		sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_DONE)
			rc = 0;
		else
			set_err(err, "cannot write '%s': %s", path, sqlite3_errmsg(cat->db));
		sqlite3_finalize(st);
	}
	catalog_close(cat);
	return rc;
}
