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
#include <stddef.h>
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
	return util_age_days(buf);
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

/*
 * Row readers.  Each table is read by one description: its columns, each
 * with the struct field it fills and how (struct col); one reader
 * (read_row) fills a struct from a statement row by it, and the SELECT
 * column list is made from the same description (select_sql), so a column
 * and its field cannot drift apart.
 */

enum col_kind {
	COL_TEXT,      /* text into a char array of .size bytes, cut to fit; NULL "" */
	COL_NUM,       /* double; NULL 0 */
	COL_NUM_OPT,   /* double; NULL -1 (unknown) */
	COL_MBIT,      /* double: Mb/s read as MB/s (divided by 8); NULL 0 */
	COL_INT,       /* int; NULL 0 */
	COL_BOOL,      /* int, 1 when the value is not 0; NULL 0 */
	COL_PRICING,   /* enum pricing_kind by its name; NULL or an unknown name: payg */
	COL_MIG_SLOTS  /* unsigned start mask of a "0,2,4" slot list; NULL 0 */
};

struct col {
	const char *expr;   /* the column's name, or an SQL expression over the row */
	size_t off, size;   /* the field it fills: offset and size in the struct */
	enum col_kind kind;
	/* An optional column, one a catalog written by an earlier build of
	 * this schema version may lack: what such a catalog reads instead
	 * ("NULL", "0"); NULL for a column every catalog has. */
	const char *absent;
	/* 1: when absent (bit i of a mask: every table has fewer than 32
	 * columns), each row takes the value of the bundled catalog's
	 * row of the same key (column 0), a fact the engines need and a
	 * refresh never changes; a row the bundled catalog lacks keeps the
	 * absent value. */
	int bundled;
};

struct table {
	const char *name;
	size_t size;                 /* of the struct */
	const struct col *cols;      /* cols[0] is a text key */
	size_t ncols;
	void (*finish)(void *row);   /* fields derived from the columns read, or NULL */
};

#define FIELD(T, f) offsetof(T, f), sizeof(((T *)0)->f)
/* A column of the field's own name, one under another name or an
 * expression, and an optional one. */
#define COL(T, f, kind) { #f, FIELD(T, f), kind, NULL, 0 }
#define COL_AS(T, f, kind, expr) { expr, FIELD(T, f), kind, NULL, 0 }
#define COL_OPTIONAL(T, f, kind, absent, bundled) { #f, FIELD(T, f), kind, absent, bundled }
#define TABLE(name, T, cols, finish) { name, sizeof(T), cols, sizeof cols / sizeof cols[0], finish }

static void put_double(char *field, double v)
{
	memcpy(field, &v, sizeof v);
}

static void put_int(char *field, int v)
{
	memcpy(field, &v, sizeof v);
}

static double col_opt(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? -1.0 : sqlite3_column_double(st, i);
}

/* Column i of st into the field of row that c describes. */
static void read_col(sqlite3_stmt *st, int i, const struct col *c, char *row)
{
	char *f = row + c->off;
	const unsigned char *s;

	switch (c->kind) {
	case COL_TEXT:
		col_str(st, i, f, c->size);
		break;
	case COL_NUM:
		put_double(f, col_num(st, i));
		break;
	case COL_NUM_OPT:
		put_double(f, col_opt(st, i));
		break;
	case COL_MBIT:
		put_double(f, col_num(st, i) / 8.0);
		break;
	case COL_INT:
		put_int(f, col_int(st, i));
		break;
	case COL_BOOL:
		put_int(f, col_int(st, i) != 0);
		break;
	case COL_PRICING: {
		enum pricing_kind k;
		s = sqlite3_column_text(st, i);
		if (!s || pricing_parse((const char *)s, &k) != 0)
			k = PRICING_PAYG;
		memcpy(f, &k, sizeof k);
		break;
	}
	case COL_MIG_SLOTS: {
		s = sqlite3_column_text(st, i);
		unsigned mask = s ? mig_start_mask_parse((const char *)s) : 0;
		memcpy(f, &mask, sizeof mask);
		break;
	}
	}
}

/* The row st is on into row (a struct of t->size bytes), columns in the
 * order of t->cols. */
static void read_row(sqlite3_stmt *st, const struct table *t, void *row)
{
	memset(row, 0, t->size);
	for (size_t i = 0; i < t->ncols; i++)
		read_col(st, (int)i, &t->cols[i], row);
	if (t->finish)
		t->finish(row);
}

static const struct col gpu_cols[] = {
	COL(struct gpu_spec, name, COL_TEXT),
	COL(struct gpu_spec, vendor, COL_TEXT),
	COL(struct gpu_spec, architecture, COL_TEXT),
	COL(struct gpu_spec, form_factor, COL_TEXT),
	COL(struct gpu_spec, memory_gib, COL_NUM),
	COL(struct gpu_spec, bandwidth_gbps, COL_NUM),
	COL(struct gpu_spec, fp32_tflops, COL_NUM),
	COL(struct gpu_spec, fp16_tflops, COL_NUM),
	COL(struct gpu_spec, bf16_tflops, COL_NUM),
	COL(struct gpu_spec, fp8_tflops, COL_NUM),
	COL(struct gpu_spec, int8_tops, COL_NUM),
	COL(struct gpu_spec, tdp_w, COL_NUM),
	COL(struct gpu_spec, link, COL_TEXT),
	COL(struct gpu_spec, link_gbps, COL_NUM),
	COL(struct gpu_spec, pcie_gen, COL_INT),
	COL(struct gpu_spec, mig_max, COL_INT),
	COL(struct gpu_spec, sm_count, COL_INT),
	COL(struct gpu_spec, precisions, COL_TEXT),
	/* A catalog written before gpu_models had fp4_tflops reads no FP4
	 * rate (0), which sizes FP4 at the FP8 rate as those builds did; one
	 * written before target reads it from the bundled catalog, as the
	 * engines' architecture limits need it. */
	COL_OPTIONAL(struct gpu_spec, fp4_tflops, COL_NUM, "NULL", 0),
	COL_OPTIONAL(struct gpu_spec, target, COL_TEXT, "NULL", 1),
};
static const struct table gpu_table = TABLE("gpu_models", struct gpu_spec, gpu_cols, NULL);

/* retired holds the column (1: a retirement is announced) until this turns
 * it into retired or retiring on today's date. */
static void vm_finish(void *row)
{
	struct vm_size *v = row;
	char today[16];

	util_today(today, sizeof today);
	enum vm_retirement r = vm_retirement_at(v->retired, v->retired_on, today);
	v->retired = r == VM_RETIRED;
	v->retiring = r == VM_RETIRING;
}

static const struct col vm_cols[] = {
	COL(struct vm_size, sku, COL_TEXT),
	COL(struct vm_size, series, COL_TEXT),
	COL(struct vm_size, gpu_model, COL_TEXT),
	COL(struct vm_size, gpu_count, COL_NUM),
	COL(struct vm_size, gpu_memory_gib, COL_NUM),
	COL(struct vm_size, vcpus, COL_INT),
	COL(struct vm_size, ram_gib, COL_NUM),
	COL(struct vm_size, local_nvme_gib, COL_NUM),
	COL(struct vm_size, infiniband_gbps, COL_NUM),
	COL(struct vm_size, infiniband_type, COL_TEXT),
	COL(struct vm_size, nvlink, COL_INT),
	COL(struct vm_size, mig_capable, COL_INT),
	COL(struct vm_size, retired, COL_INT),
	COL(struct vm_size, spec_known, COL_INT),
	COL(struct vm_size, retired_on, COL_TEXT),
	COL(struct vm_size, successor, COL_TEXT),
	/* A catalog written before vm_sizes had confidential takes the
	 * bundled catalog's (so it still never offers those sizes to a plain
	 * workload); one written before quota_family reads it unknown (""). */
	COL_OPTIONAL(struct vm_size, confidential, COL_BOOL, "0", 1),
	COL_OPTIONAL(struct vm_size, quota_family, COL_TEXT, "NULL", 0),
};
static const struct table vm_table = TABLE("vm_sizes", struct vm_size, vm_cols, vm_finish);

static const struct col mig_cols[] = {
	COL(struct mig_profile, gpu_model, COL_TEXT),
	COL(struct mig_profile, name, COL_TEXT),
	COL(struct mig_profile, memory_slices, COL_INT),
	COL(struct mig_profile, memory_gib, COL_NUM),
	COL(struct mig_profile, compute_slices, COL_INT),
	COL(struct mig_profile, sms, COL_INT),
	COL(struct mig_profile, max_count, COL_INT),
	COL_AS(struct mig_profile, start_mask, COL_MIG_SLOTS, "start_slots"),
	COL(struct mig_profile, media_ext, COL_INT),
	COL(struct mig_profile, aks_profile, COL_TEXT),
};
static const struct table mig_table = TABLE("mig_profiles", struct mig_profile, mig_cols, NULL);

/* A head width of hidden / heads and as many KV heads as heads where the
 * catalog gives none (0). */
static void preset_finish(void *row)
{
	struct model_preset *p = row;

	if (p->head_dim == 0 && p->heads > 0)
		p->head_dim = p->hidden / p->heads;
	if (p->kv_heads == 0)
		p->kv_heads = p->heads;
}

static const struct col preset_cols[] = {
	COL(struct model_preset, name, COL_TEXT),
	COL(struct model_preset, kind, COL_TEXT),
	COL(struct model_preset, params_b, COL_NUM),
	/* a dense model's (NULL): all of its parameters */
	COL_AS(struct model_preset, active_params_b, COL_NUM, "coalesce(active_params_b, params_b)"),
	COL(struct model_preset, layers, COL_INT),
	COL(struct model_preset, hidden, COL_INT),
	COL(struct model_preset, intermediate, COL_INT),
	COL(struct model_preset, heads, COL_INT),
	COL(struct model_preset, kv_heads, COL_INT),
	COL(struct model_preset, head_dim, COL_INT),
	COL(struct model_preset, vocab, COL_INT),
	COL(struct model_preset, max_context, COL_INT),
	COL(struct model_preset, moe_experts, COL_INT),
	COL(struct model_preset, moe_active, COL_INT),
	COL(struct model_preset, moe_shared_experts, COL_INT),
	COL(struct model_preset, moe_intermediate, COL_INT),
	COL(struct model_preset, moe_layers, COL_INT),
	COL(struct model_preset, mla_kv_lora_rank, COL_INT),
	COL(struct model_preset, mla_qk_rope_head_dim, COL_INT),
	COL(struct model_preset, window_tokens, COL_INT),
	COL(struct model_preset, windowed_layers, COL_INT),
	COL(struct model_preset, native_precision, COL_TEXT),
	COL(struct model_preset, native_expert_precision, COL_TEXT),
	COL(struct model_preset, tied_embeddings, COL_INT),
	COL(struct model_preset, mtp_params_b, COL_NUM),
};
static const struct table preset_table =
	TABLE("model_presets", struct model_preset, preset_cols, preset_finish);

static const struct col region_cols[] = {
	COL(struct region, name, COL_TEXT),
	COL(struct region, display_name, COL_TEXT),
	COL(struct region, geography, COL_TEXT),
};
static const struct table region_table = TABLE("regions", struct region, region_cols, NULL);

static const struct col eff_cols[] = {
	COL(struct efficiency, name, COL_TEXT),
	COL(struct efficiency, gpu_class, COL_TEXT),
	COL(struct efficiency, value, COL_NUM),
};
static const struct table eff_table = TABLE("efficiency", struct efficiency, eff_cols, NULL);

static const struct col storage_cols[] = {
	COL(struct storage_tier, name, COL_TEXT),
	COL(struct storage_tier, max_read_mb_per_s, COL_NUM),
	COL(struct storage_tier, typical_read_mb_per_s, COL_NUM),
};
static const struct table storage_table =
	TABLE("storage_tiers", struct storage_tier, storage_cols, NULL);

static const struct col price_cols[] = {
	COL(struct price, sku, COL_TEXT),
	COL(struct price, region, COL_TEXT),
	COL(struct price, pricing, COL_PRICING),
	COL(struct price, os, COL_TEXT),
	COL(struct price, currency, COL_TEXT),
	COL(struct price, hourly, COL_NUM),
	COL(struct price, effective_date, COL_TEXT),
	COL(struct price, observed_date, COL_TEXT),
};
static const struct table price_table = TABLE("prices", struct price, price_cols, NULL);

static const struct col vm_data_cols[] = {
	COL(struct vm_data_limit, sku, COL_TEXT),
	COL_AS(struct vm_data_limit, network_mb_per_s, COL_MBIT, "network_mbps"),
	COL_AS(struct vm_data_limit, disk_mb_per_s, COL_NUM_OPT, "uncached_disk_mb_per_s"),
};
static const struct table vm_data_table =
	TABLE("vm_data_limits", struct vm_data_limit, vm_data_cols, NULL);

static const struct col region_data_cols[] = {
	COL(struct region_data, region, COL_TEXT),
	COL(struct region_data, continent, COL_TEXT),
	COL(struct region_data, blob_egress_mb_per_s, COL_NUM),
	COL(struct region_data, blob_ingress_mb_per_s, COL_NUM),
};
static const struct table region_data_table =
	TABLE("region_data", struct region_data, region_data_cols, NULL);

static const struct col lustre_cols[] = {
	COL(struct lustre_tier, sku, COL_TEXT),
	COL(struct lustre_tier, mb_per_s_per_tib, COL_NUM),
	COL(struct lustre_tier, min_tib, COL_NUM),
	COL(struct lustre_tier, max_tib, COL_NUM),
	COL(struct lustre_tier, step_tib, COL_NUM),
	COL(struct lustre_tier, usd_per_tib_month, COL_NUM_OPT),
};
static const struct table lustre_table = TABLE("lustre_tiers", struct lustre_tier, lustre_cols, NULL);

static const struct col bandwidth_cols[] = {
	COL(struct bandwidth_price, zone, COL_TEXT),
	COL(struct bandwidth_price, kind, COL_TEXT),
	COL(struct bandwidth_price, tier_min_gb, COL_NUM),
	COL(struct bandwidth_price, usd_per_gb, COL_NUM),
};
static const struct table bandwidth_table =
	TABLE("bandwidth_prices", struct bandwidth_price, bandwidth_cols, NULL);

static const struct col data_default_cols[] = {
	COL(struct data_default, name, COL_TEXT),
	COL(struct data_default, value, COL_NUM),
};
static const struct table data_default_table =
	TABLE("data_defaults", struct data_default, data_default_cols, NULL);

/* A catalog whose engine_support predates the limit columns fails to
 * prepare its SELECT: the callers then read the bundled table. */
static const struct col engine_cols[] = {
	COL(struct engine_support, engine, COL_TEXT),
	COL(struct engine_support, vendor, COL_TEXT),
	COL(struct engine_support, supported, COL_BOOL),
	COL_AS(struct engine_support, min_cc, COL_NUM_OPT, "min_compute_capability"),
	COL_AS(struct engine_support, targets, COL_TEXT, "gpu_targets"),
};
static const struct table engine_table =
	TABLE("engine_support", struct engine_support, engine_cols, NULL);

/* 1 when the catalog's table has column col. */
static int table_has(catalog *cat, const char *table, const char *col)
{
	sqlite3_stmt *st;
	char sql[160];

	snprintf(sql, sizeof sql, "SELECT %s FROM %s LIMIT 0", col, table);
	if (sqlite3_prepare_v2(cat->db, sql, -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_finalize(st);
	return 1;
}

int catalog_vm_has_quota_family(catalog *cat)
{
	return table_has(cat, "vm_sizes", "quota_family");
}

/* Room for the longest SELECT (model_presets' by name: 412 bytes). */
#define SELECT_MAX 1024

/*
 * "SELECT <t's columns as this catalog has them> FROM <t> <tail>" into
 * sql[SELECT_MAX]; bit i of *from_bundled set when column i is absent and
 * to be read from the bundled catalog.  -1 with err if it does not fit.
 */
static int select_sql(catalog *cat, const struct table *t, const char *tail, char *sql,
		      unsigned *from_bundled, char *err)
{
	size_t len = 0;
	int w;

	*from_bundled = 0;
	w = snprintf(sql, SELECT_MAX, "SELECT ");
	for (size_t i = 0; i < t->ncols && w >= 0 && (size_t)w < SELECT_MAX - len; i++) {
		const struct col *c = &t->cols[i];
		const char *expr = c->expr;
		if (c->absent && !table_has(cat, t->name, c->expr)) {
			expr = c->absent;
			if (c->bundled)
				*from_bundled |= 1u << i;
		}
		len += (size_t)w;
		w = snprintf(sql + len, SELECT_MAX - len, "%s%s", i ? ", " : "", expr);
	}
	if (w >= 0 && (size_t)w < SELECT_MAX - len) {
		len += (size_t)w;
		w = snprintf(sql + len, SELECT_MAX - len, " FROM %s %s", t->name, tail);
	}
	if (w < 0 || (size_t)w >= SELECT_MAX - len) {
		set_err(err, "catalog query on %s too long", t->name);
		return -1;
	}
	return 0;
}

/* The columns of from_bundled (select_sql) of rows[0..n-1] from the
 * bundled catalog's rows of the same key. */
static int read_from_bundled(const struct table *t, unsigned from_bundled, void *rows, size_t n,
			     char *err)
{
	catalog *b = NULL;
	sqlite3_stmt *st;
	char sql[160];

	if (!from_bundled)
		return 0;
	if (catalog_open_bundled(&b, err) != 0)
		return -1;
	for (size_t j = 0; j < t->ncols; j++) {
		if (!(from_bundled & (1u << j)))
			continue;
		snprintf(sql, sizeof sql, "SELECT %s FROM %s WHERE %s = ?1", t->cols[j].expr,
			 t->name, t->cols[0].expr);
		if (prepare(b, sql, &st, err) != 0) {
			catalog_close(b);
			return -1;
		}
		for (size_t i = 0; i < n; i++) {
			char *row = (char *)rows + i * t->size;
			sqlite3_reset(st);
			sqlite3_bind_text(st, 1, row + t->cols[0].off, -1, SQLITE_STATIC);
			if (sqlite3_step(st) == SQLITE_ROW)
				read_col(st, 0, &t->cols[j], row);
		}
		sqlite3_finalize(st);
	}
	catalog_close(b);
	return 0;
}

/* Runs a prepared statement and collects every row of t into a malloc'd
 * array. */
static int collect(catalog *cat, sqlite3_stmt *st, const struct table *t, void **out, size_t *n,
		   char *err)
{
	size_t cap = 16, len = 0;
	char *arr = xmalloc(cap * t->size);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (len == cap) {
			cap *= 2;
			arr = xrealloc(arr, cap * t->size);
		}
		read_row(st, t, arr + len * t->size);
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

/* Every row of t the SELECT ending in tail gives (bind: its ?1, or NULL)
 * into a malloc'd array of *n structs. */
static int list_query(catalog *cat, const struct table *t, const char *tail, const char *bind,
		      void **out, size_t *n, char *err)
{
	sqlite3_stmt *st;
	char sql[SELECT_MAX];
	unsigned from_bundled;

	*out = NULL;
	*n = 0;
	if (select_sql(cat, t, tail, sql, &from_bundled, err) != 0 ||
	    prepare(cat, sql, &st, err) != 0)
		return -1;
	if (bind)
		sqlite3_bind_text(st, 1, bind, -1, SQLITE_STATIC);
	if (collect(cat, st, t, out, n, err) != 0)
		return -1;
	if (read_from_bundled(t, from_bundled, *out, *n, err) != 0) {
		free(*out);
		*out = NULL;
		*n = 0;
		return -1;
	}
	return 0;
}

/* The row of t whose key is key ("WHERE <key column> = ?1 COLLATE
 * NOCASE") into out: 1 found, 0 not found, -1 error. */
static int find_one(catalog *cat, const struct table *t, const char *key, void *out, char *err)
{
	sqlite3_stmt *st;
	char sql[SELECT_MAX], tail[96];
	unsigned from_bundled;

	snprintf(tail, sizeof tail, "WHERE %s = ?1 COLLATE NOCASE", t->cols[0].expr);
	if (select_sql(cat, t, tail, sql, &from_bundled, err) != 0 ||
	    prepare(cat, sql, &st, err) != 0)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		read_row(st, t, out);
	else if (rc != SQLITE_DONE)
		set_err(err, "catalog query failed: %s", sqlite3_errmsg(cat->db));
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW && read_from_bundled(t, from_bundled, out, 1, err) != 0)
		return -1;
	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

int catalog_gpu_list(catalog *cat, struct gpu_spec **out, size_t *n, char *err)
{
	return list_query(cat, &gpu_table, "ORDER BY name", NULL, (void **)out, n, err);
}

int catalog_vm_list(catalog *cat, struct vm_size **out, size_t *n, char *err)
{
	return list_query(cat, &vm_table, "ORDER BY sku", NULL, (void **)out, n, err);
}

int catalog_mig_list(catalog *cat, const char *gpu_model, struct mig_profile **out, size_t *n,
		     char *err)
{
	if (gpu_model)
		return list_query(cat, &mig_table,
				  "WHERE gpu_model = ?1 "
				  "ORDER BY memory_slices, compute_slices, media_ext, name",
				  gpu_model, (void **)out, n, err);
	return list_query(cat, &mig_table,
			  "ORDER BY gpu_model, memory_slices, compute_slices, media_ext, name", NULL,
			  (void **)out, n, err);
}

int catalog_preset_list(catalog *cat, struct model_preset **out, size_t *n, char *err)
{
	return list_query(cat, &preset_table, "ORDER BY name", NULL, (void **)out, n, err);
}

int catalog_region_list(catalog *cat, struct region **out, size_t *n, char *err)
{
	return list_query(cat, &region_table, "ORDER BY name", NULL, (void **)out, n, err);
}

int catalog_efficiency_list(catalog *cat, struct efficiency **out, size_t *n, char *err)
{
	return list_query(cat, &eff_table, "ORDER BY name, gpu_class", NULL, (void **)out, n, err);
}

int catalog_storage_list(catalog *cat, struct storage_tier **out, size_t *n, char *err)
{
	return list_query(cat, &storage_table, "ORDER BY name", NULL, (void **)out, n, err);
}

int catalog_data_list(catalog *cat, struct data_facts *out, char *err)
{
	memset(out, 0, sizeof *out);
	if (list_query(cat, &vm_data_table, "ORDER BY sku", NULL, (void **)&out->vms, &out->nvms,
		       err) != 0 ||
	    list_query(cat, &region_data_table, "ORDER BY region", NULL, (void **)&out->regions,
		       &out->nregions, err) != 0 ||
	    list_query(cat, &lustre_table, "ORDER BY mb_per_s_per_tib", NULL,
		       (void **)&out->lustre, &out->nlustre, err) != 0 ||
	    list_query(cat, &bandwidth_table, "ORDER BY zone, kind, tier_min_gb", NULL,
		       (void **)&out->bandwidth, &out->nbandwidth, err) != 0 ||
	    list_query(cat, &data_default_table, "ORDER BY name", NULL, (void **)&out->defaults,
		       &out->ndefaults, err) != 0) {
		catalog_data_release(out);
		return -1;
	}
	return 0;
}

int catalog_engine_support_list(catalog *cat, struct engine_support **out, size_t *n, char *err)
{
	return list_query(cat, &engine_table, "ORDER BY engine, vendor", NULL, (void **)out, n,
			  err);
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
		return list_query(cat, &price_table,
				  "WHERE sku = ?1 "
				  "ORDER BY region, CASE pricing WHEN 'payg' THEN 0 "
				  "WHEN 'spot' THEN 1 WHEN 'reserved-1y' THEN 2 "
				  "WHEN 'reserved-3y' THEN 3 WHEN 'savings-1y' THEN 4 ELSE 5 END, os",
				  sku, (void **)out, n, err);
	return list_query(cat, &price_table, "ORDER BY sku, region, pricing, os", NULL,
			  (void **)out, n, err);
}

int catalog_gpu_find(catalog *cat, const char *name, struct gpu_spec *out, char *err)
{
	return find_one(cat, &gpu_table, name, out, err);
}

int catalog_vm_find(catalog *cat, const char *sku, struct vm_size *out, char *err)
{
	return find_one(cat, &vm_table, sku, out, err);
}

int catalog_preset_find(catalog *cat, const char *name, struct model_preset *out, char *err)
{
	return find_one(cat, &preset_table, name, out, err);
}

int catalog_region_find(catalog *cat, const char *name, struct region *out, char *err)
{
	return find_one(cat, &region_table, name, out, err);
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
