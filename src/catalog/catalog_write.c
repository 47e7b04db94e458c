/*
 * catalog_write.c - build a refreshed catalog file and swap it in.
 *
 * The new catalog starts as a copy of the bundled one (catalog_export_bundled)
 * in a temporary file in the target's directory, so the final rename(2) never
 * crosses a file system.  When a current catalog exists it is attached
 * read-only and its prices, its price-only sizes and its per-region meta are
 * copied in: regions not refreshed this time keep what they had.  Prices of
 * this refresh go to a staging table first (duplicates are resolved there)
 * and replace the refreshed regions' rows in one statement at commit.  Every
 * value from the API is bound to a prepared statement; no SQL text is built
 * from data.  The temporary file runs without a journal: it is discarded on
 * any failure, and fsync'd explicitly before the rename.  Writers of one
 * target are serialised by a flock on TARGET.lock, taken before the current
 * catalog is read and released after the rename; readers never touch it.
 *
 * The temporary file is .NAME.refresh-PID.  SIGINT, SIGTERM and SIGHUP while
 * it exists remove it (the handler unlinks a path prepared beforehand, then
 * re-raises the signal with its default action); a writer killed otherwise
 * (SIGKILL, a crash) leaves it, and the next writer, under the lock, removes
 * the temporary files of processes that no longer exist.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "catalog_write.h"
#include "tmpguard.h"
#include "util.h"

#define PRICE_SOURCE "Azure Retail Prices API"
#define SIZE_SOURCE "Azure Retail Prices API; spec unknown (GPUs, GPU memory, vCPUs and RAM not known)"
#define BW_SOURCE "Azure Retail Prices API (serviceName Bandwidth)"

struct catalog_writer {
	sqlite3 *db;
	char *target, *tmp, *dir;
	int lock_fd;                 /* holds the flock on TARGET.lock; -1: none */
	int tmp_slot;                /* tmpguard's slot of tmp; -1: none */
	char **skus;                 /* sorted; binary-searched by sku_known */
	size_t n_skus, cap_skus;
	sqlite3_stmt *ins, *upd, *get, *add_size;
};

static void set_err(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_err(char *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, CATALOG_ERRLEN, fmt, ap);
	va_end(ap);
}

static int exec(struct catalog_writer *w, const char *sql, char *err)
{
	char *msg = NULL;

	if (sqlite3_exec(w->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		set_err(err, "cannot build the new catalog: %s", msg ? msg : "sqlite error");
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

static int prep(struct catalog_writer *w, const char *sql, sqlite3_stmt **st, char *err)
{
	if (sqlite3_prepare_v2(w->db, sql, -1, st, NULL) != SQLITE_OK) {
		set_err(err, "cannot build the new catalog: %s", sqlite3_errmsg(w->db));
		return -1;
	}
	return 0;
}

static int mkdir_p(const char *dir)
{
	char *p = xstrdup(dir);
	int rc = 0;

	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) != 0 && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	if (rc == 0 && mkdir(p, 0755) != 0 && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sku_insert(struct catalog_writer *w, const char *sku)
{
	size_t lo = 0, hi = w->n_skus;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(w->skus[mid], sku);
		if (c == 0)
			return;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (w->n_skus == w->cap_skus) {
		w->cap_skus = w->cap_skus ? 2 * w->cap_skus : 256;
		w->skus = xrealloc(w->skus, w->cap_skus * sizeof(*w->skus));
	}
	memmove(w->skus + lo + 1, w->skus + lo, (w->n_skus - lo) * sizeof(*w->skus));
	w->skus[lo] = xstrdup(sku);
	w->n_skus++;
}

int catalog_writer_sku_known(struct catalog_writer *w, const char *sku)
{
	return bsearch(&sku, w->skus, w->n_skus, sizeof(*w->skus), cmp_str) != NULL;
}

/* Under the lock: removes .NAME.refresh-PID files in dir whose PID names no
 * live process (kill(pid, 0) fails with ESRCH), left by writers that were
 * killed.  A file of a live process, or of this one, is left alone. */
static void remove_stale_tmp(const char *dir, const char *name)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct strbuf prefix = STRBUF_INIT, path = STRBUF_INIT;
	strbuf_addf(&prefix, ".%s.refresh-", name);
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, prefix.buf, prefix.len) != 0)
			continue;
		const char *digits = e->d_name + prefix.len;
		char *end;
		errno = 0;
		long pid = strtol(digits, &end, 10);
		if (!*digits || *end || errno || pid <= 0 || pid == (long)getpid() ||
		    (long)(pid_t)pid != pid)
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		path.len = 0;
		strbuf_addf(&path, "%s/%s", dir, e->d_name);
		unlink(path.buf);
	}
	closedir(d);
	strbuf_release(&prefix);
	strbuf_release(&path);
}

static void writer_free(struct catalog_writer *w)
{
	sqlite3_finalize(w->ins);
	sqlite3_finalize(w->upd);
	sqlite3_finalize(w->get);
	sqlite3_finalize(w->add_size);
	if (w->db)
		sqlite3_close(w->db);
	if (w->tmp)
		unlink(w->tmp);
	tmpguard_disarm(w->tmp_slot);
	w->tmp_slot = -1;
	if (w->lock_fd >= 0)
		close(w->lock_fd);
	for (size_t i = 0; i < w->n_skus; i++)
		free(w->skus[i]);
	free(w->skus);
	free(w->target);
	free(w->tmp);
	free(w->dir);
	free(w);
}

void catalog_writer_abort(struct catalog_writer *w)
{
	if (w)
		writer_free(w);
}

/* Copies the current catalog's prices, price-only sizes (GPU count and
 * memory unknown: a catalog of an earlier build held placeholders there),
 * refreshed bandwidth prices (not the bundled seeds: this build's win) and
 * per-region meta.  0 ok (or nothing to carry), -1 when it cannot be read. */
static int carry_over(struct catalog_writer *w, char *err)
{
	sqlite3_stmt *st = NULL;
	int version = -1;

	if (access(w->target, F_OK) != 0)
		return 0;
	if (prep(w, "ATTACH ?1 AS old", &st, err) != 0)
		return -1;
	struct strbuf uri = STRBUF_INIT;
	strbuf_addstr(&uri, "file:");
	for (const char *s = w->target; *s; s++) {
		if (*s == '?' || *s == '#' || *s == '%')
			strbuf_addf(&uri, "%%%02X", (unsigned char)*s);
		else
			strbuf_add(&uri, s, 1);
	}
	strbuf_addstr(&uri, "?mode=ro");
	sqlite3_bind_text(st, 1, strbuf_str(&uri), -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	strbuf_release(&uri);
	if (rc != SQLITE_DONE) {
		set_err(err, "cannot read the current catalog '%s': %s", w->target,
			sqlite3_errmsg(w->db));
		return -1;
	}
	if (sqlite3_prepare_v2(w->db, "PRAGMA old.user_version", -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		version = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	/* version 1 differs in gpu_models (no precisions) and model_presets (no
	 * architecture columns), which are never carried over; version 2 also
	 * in vm_sizes (no retired_on, successor) and in prices (no
	 * observed_date: NULL, the region's fetched_at.REGION stands in): their
	 * prices, sizes and meta are read as they are */
	if (version < 1 || version > CATALOG_SCHEMA_VERSION) {
		set_err(err, "cannot read the current catalog '%s': not a gpufit catalog of schema "
			"version %d", w->target, CATALOG_SCHEMA_VERSION);
		exec(w, "DETACH old", err);
		return -1;
	}
	if (exec(w, "BEGIN;"
		 "DELETE FROM main.prices;", err) != 0 ||
	    exec(w, version >= 3 ?
		 "INSERT INTO main.prices (sku, region, pricing, os, currency, hourly,"
		 " effective_date, observed_date, source) SELECT sku, region, pricing, os,"
		 " currency, hourly, effective_date, observed_date, source FROM old.prices;" :
		 "INSERT INTO main.prices (sku, region, pricing, os, currency, hourly,"
		 " effective_date, source) SELECT sku, region, pricing, os, currency, hourly,"
		 " effective_date, source FROM old.prices;", err) != 0 ||
	    exec(w, "INSERT OR IGNORE INTO main.vm_sizes (sku, series, gpu_model, gpu_count,"
		 " gpu_memory_gib, vcpus, ram_gib, spec_known, source)"
		 " SELECT sku, series, NULL, NULL, NULL, vcpus, ram_gib, 0, source"
		 " FROM old.vm_sizes WHERE spec_known = 0;"
		 "INSERT OR REPLACE INTO main.meta (key, value) SELECT key, value FROM old.meta"
		 " WHERE key = 'regions' OR key LIKE 'sizes.%' OR key LIKE 'fetched_at.%';"
		 "INSERT OR REPLACE INTO main.bandwidth_prices (zone, kind, tier_min_gb,"
		 " usd_per_gb, effective_date, source) SELECT zone, kind, tier_min_gb, usd_per_gb,"
		 " effective_date, source FROM old.bandwidth_prices WHERE source = '" BW_SOURCE "';"
		 "COMMIT;", err) != 0) {
		char tmp[CATALOG_ERRLEN];
		exec(w, "ROLLBACK", tmp);
		exec(w, "DETACH old", tmp);
		set_err(err, "cannot read the current catalog '%s'", w->target);
		return -1;
	}
	return exec(w, "DETACH old", err);
}

static double mono_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Takes the exclusive lock on TARGET.lock, waiting up to wait_s seconds for
 * another writer to finish. */
static int take_lock(struct catalog_writer *w, double wait_s, char *err)
{
	struct strbuf path = STRBUF_INIT;
	double start = mono_s();
	int rc = -1;

	strbuf_addf(&path, "%s.lock", w->target);
	w->lock_fd = open(strbuf_str(&path), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (w->lock_fd < 0) {
		set_err(err, "cannot open the lock file '%s': %s", strbuf_str(&path),
			util_strerror(errno));
		goto out;
	}
	for (;;) {
		if (flock(w->lock_fd, LOCK_EX | LOCK_NB) == 0)
			break;
		if (errno == EINTR)
			continue;
		if (errno != EWOULDBLOCK) {
			set_err(err, "cannot lock '%s': %s", strbuf_str(&path), util_strerror(errno));
			goto out;
		}
		if (mono_s() - start >= wait_s) {
			set_err(err, "another refresh is running (waited %g s for '%s')", wait_s,
				strbuf_str(&path));
			goto out;
		}
		struct timespec ts = { 0, 50 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
	rc = 0;
out:
	strbuf_release(&path);
	return rc;
}

int catalog_writer_open(const char *target, int force, double lock_wait_s,
			struct catalog_writer **out, char *err)
{
	struct catalog_writer *w;
	const char *slash;
	struct strbuf sb = STRBUF_INIT;
	char real[PATH_MAX];
	struct stat fst;

	*out = NULL;
	/* the file a link names is the catalog refreshed (the link stays); a
	 * FIFO, a device or a directory is never read nor replaced */
	if (lstat(target, &fst) == 0) {
		if (S_ISLNK(fst.st_mode)) {
			if (stat(target, &fst) != 0) {
				set_err(err, "catalog '%s': a link to a missing file", target);
				return -1;
			}
			if (S_ISREG(fst.st_mode)) {
				if (!realpath(target, real)) {
					set_err(err, "catalog '%s': %s", target, util_strerror(errno));
					return -1;
				}
				target = real;
			}
		}
		if (!S_ISREG(fst.st_mode)) {
			set_err(err, "catalog '%s': not a regular file", target);
			return -1;
		}
	}
	w = xcalloc(1, sizeof(*w));
	slash = strrchr(target, '/');
	w->lock_fd = -1;
	w->tmp_slot = -1;
	w->target = xstrdup(target);
	w->dir = slash ? xstrndup(target, slash == target ? 1 : (size_t)(slash - target))
		       : xstrdup(".");
	if (mkdir_p(w->dir) != 0) {
		set_err(err, "cannot create directory '%s': %s", w->dir, util_strerror(errno));
		writer_free(w);
		return -1;
	}
	/* Before anything is read from the target: a writer that waited builds
	 * on the catalog the other one committed. */
	if (take_lock(w, lock_wait_s, err) != 0) {
		writer_free(w);
		return -1;
	}
	remove_stale_tmp(w->dir, slash ? slash + 1 : target);
	strbuf_addf(&sb, "%s/.%s.refresh-%ld", w->dir, slash ? slash + 1 : target, (long)getpid());
	w->tmp = xstrdup(strbuf_str(&sb));
	strbuf_release(&sb);
	w->tmp_slot = tmpguard_arm(w->tmp);   /* before the file exists */
	unlink(w->tmp);
	if (catalog_export_bundled(w->tmp, err) != 0) {
		writer_free(w);
		return -1;
	}
	if (sqlite3_open_v2(w->tmp, &w->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI, NULL) !=
	    SQLITE_OK) {
		set_err(err, "cannot open '%s': %s", w->tmp, sqlite3_errmsg(w->db));
		writer_free(w);
		return -1;
	}
	if (exec(w, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
		 "PRAGMA temp_store = FILE; PRAGMA cache_size = -512;"
		 "PRAGMA temp.cache_size = -512;", err) != 0)
		goto fail;
	if (carry_over(w, err) != 0) {
		if (!force)
			goto fail;
		/* --force: start from the bundled facts alone. */
	}

	sqlite3_stmt *st;
	if (prep(w, "SELECT sku FROM vm_sizes", &st, err) != 0)
		goto fail;
	while (sqlite3_step(st) == SQLITE_ROW)
		sku_insert(w, (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);

	if (exec(w, "CREATE TEMP TABLE staged ("
		 " sku TEXT NOT NULL, region TEXT NOT NULL, pricing TEXT NOT NULL,"
		 " os TEXT NOT NULL, currency TEXT NOT NULL, hourly REAL NOT NULL,"
		 " effective_date TEXT NOT NULL,"
		 " PRIMARY KEY (region, sku, pricing, os, currency)) WITHOUT ROWID;"
		 "CREATE TEMP TABLE staged_bw ("
		 " zone TEXT NOT NULL, kind TEXT NOT NULL, tier_min_gb REAL NOT NULL,"
		 " usd_per_gb REAL NOT NULL, effective_date TEXT,"
		 " PRIMARY KEY (zone, kind, tier_min_gb)) WITHOUT ROWID;"
		 "BEGIN;", err) != 0)
		goto fail;
	if (prep(w, "INSERT INTO staged VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
		 " ON CONFLICT DO NOTHING", &w->ins, err) != 0 ||
	    prep(w, "SELECT hourly, effective_date FROM staged WHERE sku = ?1 AND region = ?2"
		 " AND pricing = ?3 AND os = ?4 AND currency = ?5", &w->get, err) != 0 ||
	    prep(w, "UPDATE staged SET hourly = ?6, effective_date = ?7 WHERE sku = ?1"
		 " AND region = ?2 AND pricing = ?3 AND os = ?4 AND currency = ?5", &w->upd,
		 err) != 0 ||
	    prep(w, "INSERT OR IGNORE INTO vm_sizes (sku, series, gpu_model, gpu_count,"
		 " gpu_memory_gib, vcpus, ram_gib, spec_known, source)"
		 " VALUES (?1, ?2, NULL, NULL, NULL, 0, 0, 0, '" SIZE_SOURCE "')",
		 &w->add_size, err) != 0)
		goto fail;
	*out = w;
	return 0;
fail:
	writer_free(w);
	return -1;
}

int catalog_writer_add_size(struct catalog_writer *w, const char *sku, const char *series,
			    char *err)
{
	if (catalog_writer_sku_known(w, sku))
		return 0;
	sqlite3_reset(w->add_size);
	sqlite3_bind_text(w->add_size, 1, sku, -1, SQLITE_STATIC);
	sqlite3_bind_text(w->add_size, 2, series && *series ? series : "unknown", -1,
			  SQLITE_STATIC);
	if (sqlite3_step(w->add_size) != SQLITE_DONE) {
		set_err(err, "cannot add size '%s': %s", sku, sqlite3_errmsg(w->db));
		return -1;
	}
	sku_insert(w, sku);
	return 0;
}

static void bind_key(sqlite3_stmt *st, const struct price *p)
{
	sqlite3_bind_text(st, 1, p->sku, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, p->region, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, pricing_name(p->pricing), -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, p->os, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, p->currency, -1, SQLITE_STATIC);
}

int catalog_writer_add_bandwidth(struct catalog_writer *w, const struct bandwidth_price *b,
				 const char *effective_date, char *err)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (prep(w, "INSERT OR REPLACE INTO staged_bw (zone, kind, tier_min_gb, usd_per_gb,"
		    " effective_date) VALUES (?1, ?2, ?3, ?4, ?5)", &st, err) != 0)
		return -1;
	sqlite3_bind_text(st, 1, b->zone, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, b->kind, -1, SQLITE_STATIC);
	sqlite3_bind_double(st, 3, b->tier_min_gb);
	sqlite3_bind_double(st, 4, b->usd_per_gb);
	if (effective_date && *effective_date)
		sqlite3_bind_text(st, 5, effective_date, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 5);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
	if (rc != 0)
		set_err(err, "cannot store a bandwidth price of '%s': %s", b->zone,
			sqlite3_errmsg(w->db));
	sqlite3_finalize(st);
	return rc;
}

int catalog_writer_add_price(struct catalog_writer *w, const struct price *p,
			     struct catalog_write_dup *dup, char *err)
{
	sqlite3_reset(w->ins);
	bind_key(w->ins, p);
	sqlite3_bind_double(w->ins, 6, p->hourly);
	sqlite3_bind_text(w->ins, 7, p->effective_date, -1, SQLITE_STATIC);
	if (sqlite3_step(w->ins) != SQLITE_DONE)
		goto fail;
	if (sqlite3_changes(w->db) == 1)
		return 0;

	/* The key is staged already: keep the later effective date, then the
	 * lower price, so the result does not depend on the order of rows. */
	sqlite3_reset(w->get);
	bind_key(w->get, p);
	if (sqlite3_step(w->get) != SQLITE_ROW)
		goto fail;
	double old = sqlite3_column_double(w->get, 0);
	char old_date[24];
	snprintf(old_date, sizeof(old_date), "%s", (const char *)sqlite3_column_text(w->get, 1));
	sqlite3_reset(w->get);
	int c = strcmp(p->effective_date, old_date);
	int replace = c > 0 || (c == 0 && p->hourly < old);
	memset(dup, 0, sizeof(*dup));
	dup->kept = replace ? p->hourly : old;
	dup->dropped = replace ? old : p->hourly;
	snprintf(dup->kept_date, sizeof(dup->kept_date), "%s", replace ? p->effective_date : old_date);
	snprintf(dup->dropped_date, sizeof(dup->dropped_date), "%s",
		 replace ? old_date : p->effective_date);
	if (replace) {
		sqlite3_reset(w->upd);
		bind_key(w->upd, p);
		sqlite3_bind_double(w->upd, 6, p->hourly);
		sqlite3_bind_text(w->upd, 7, p->effective_date, -1, SQLITE_STATIC);
		if (sqlite3_step(w->upd) != SQLITE_DONE)
			goto fail;
	}
	return 1;
fail:
	set_err(err, "cannot store a price of '%s': %s", p->sku, sqlite3_errmsg(w->db));
	return -1;
}

static int meta_set(struct catalog_writer *w, const char *key, const char *value, char *err)
{
	sqlite3_stmt *st;

	if (prep(w, "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)", &st, err) != 0)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		set_err(err, "cannot write meta '%s': %s", key, sqlite3_errmsg(w->db));
		return -1;
	}
	return 0;
}

/* meta value of key as a long; -1 when absent. */
static long meta_long(struct catalog_writer *w, const char *key)
{
	sqlite3_stmt *st;
	long v = -1;

	if (sqlite3_prepare_v2(w->db, "SELECT value FROM meta WHERE key = ?1", -1, &st, NULL) !=
	    SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = strtol((const char *)sqlite3_column_text(st, 0), NULL, 10);
	sqlite3_finalize(st);
	return v;
}

static int fsync_path(const char *path, int dir)
{
	int fd = open(path, (dir ? O_RDONLY | O_DIRECTORY : O_RDWR) | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

/* The regions meta: the old comma list plus the refreshed ones, sorted. */
static int update_regions(struct catalog_writer *w, const struct catalog_write_meta *m, char *err)
{
	sqlite3_stmt *st;
	struct strbuf sb = STRBUF_INIT;
	int rc;

	if (exec(w, "CREATE TEMP TABLE refreshed_regions (name TEXT PRIMARY KEY)", err) != 0)
		return -1;
	if (prep(w, "INSERT OR IGNORE INTO refreshed_regions VALUES (?1)", &st, err) != 0)
		return -1;
	for (size_t i = 0; i < m->n_regions; i++) {
		sqlite3_reset(st);
		sqlite3_bind_text(st, 1, m->regions[i], -1, SQLITE_STATIC);
		sqlite3_step(st);
	}
	/* Earlier refreshes' regions, from the carried-over sizes.REGION keys. */
	sqlite3_finalize(st);
	if (exec(w, "INSERT OR IGNORE INTO refreshed_regions SELECT substr(key, 7) FROM meta"
		 " WHERE key LIKE 'sizes.%'", err) != 0)
		return -1;
	if (prep(w, "SELECT name FROM refreshed_regions ORDER BY name", &st, err) != 0)
		return -1;
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (sb.len)
			strbuf_addstr(&sb, ",");
		strbuf_addstr(&sb, (const char *)sqlite3_column_text(st, 0));
	}
	sqlite3_finalize(st);
	rc = meta_set(w, "regions", strbuf_str(&sb), err);
	strbuf_release(&sb);
	exec(w, "DROP TABLE refreshed_regions", err);
	return rc;
}

int catalog_writer_commit(struct catalog_writer *w, const struct catalog_write_meta *m,
			  struct catalog_write_region **regions, char *err)
{
	struct catalog_write_region *r = xcalloc(m->n_regions ? m->n_regions : 1, sizeof(*r));
	sqlite3_stmt *cnt = NULL, *del = NULL;
	char key[64], now[32], num[32];
	time_t t = (time_t)m->now;
	struct tm tm;

	*regions = NULL;
	gmtime_r(&t, &tm);
	strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);

	if (prep(w, "SELECT count(DISTINCT sku) FROM staged WHERE region = ?1", &cnt, err) != 0 ||
	    prep(w, "DELETE FROM prices WHERE region = ?1", &del, err) != 0)
		goto fail;
	for (size_t i = 0; i < m->n_regions; i++) {
		snprintf(r[i].region, sizeof(r[i].region), "%s", m->regions[i]);
		sqlite3_reset(cnt);
		sqlite3_bind_text(cnt, 1, m->regions[i], -1, SQLITE_STATIC);
		r[i].sizes = sqlite3_step(cnt) == SQLITE_ROW ? sqlite3_column_int64(cnt, 0) : 0;
		snprintf(key, sizeof(key), "sizes.%s", m->regions[i]);
		r[i].last_sizes = meta_long(w, key);
		if (!m->force && r[i].last_sizes > 0 && r[i].sizes * 2 < r[i].last_sizes) {
			set_err(err, "region '%s' has %ld GPU sizes, fewer than half of the %ld of the "
				"last refresh (--force accepts it)", m->regions[i], r[i].sizes,
				r[i].last_sizes);
			goto fail;
		}
		sqlite3_reset(del);
		sqlite3_bind_text(del, 1, m->regions[i], -1, SQLITE_STATIC);
		if (sqlite3_step(del) != SQLITE_DONE) {
			set_err(err, "cannot replace prices: %s", sqlite3_errmsg(w->db));
			goto fail;
		}
		snprintf(num, sizeof(num), "%ld", r[i].sizes);
		if (meta_set(w, key, num, err) != 0)
			goto fail;
		snprintf(key, sizeof(key), "fetched_at.%s", m->regions[i]);
		if (meta_set(w, key, now, err) != 0)
			goto fail;
	}
	sqlite3_finalize(cnt);
	sqlite3_finalize(del);
	cnt = del = NULL;

	char today[16];
	strftime(today, sizeof(today), "%Y-%m-%d", &tm);
	sqlite3_stmt *put = NULL;
	if (prep(w, "INSERT INTO prices (sku, region, pricing, os, currency, hourly,"
		 " effective_date, observed_date, source) SELECT sku, region, pricing, os,"
		 " currency, hourly, nullif(effective_date, ''), ?1, '" PRICE_SOURCE "' FROM staged",
		 &put, err) != 0)
		goto fail;
	sqlite3_bind_text(put, 1, today, -1, SQLITE_STATIC);
	int put_rc = sqlite3_step(put);
	sqlite3_finalize(put);
	if (put_rc != SQLITE_DONE) {
		set_err(err, "cannot store the prices: %s", sqlite3_errmsg(w->db));
		goto fail;
	}
	/* A zone with staged rows gets exactly them; a zone without keeps its
	 * previous rows (carried over) or the bundled seed. */
	if (exec(w, "DELETE FROM bandwidth_prices WHERE zone IN (SELECT zone FROM staged_bw);"
		 "INSERT INTO bandwidth_prices (zone, kind, tier_min_gb, usd_per_gb,"
		 " effective_date, source) SELECT zone, kind, tier_min_gb, usd_per_gb,"
		 " effective_date, '" BW_SOURCE "' FROM staged_bw", err) != 0)
		goto fail;
	if (meta_set(w, "source", "azure-retail-prices-api", err) != 0 ||
	    meta_set(w, "fetched_at", now, err) != 0 ||
	    meta_set(w, "api_version", m->api_version, err) != 0 ||
	    meta_set(w, "currency", m->currency, err) != 0 || update_regions(w, m, err) != 0)
		goto fail;
	sqlite3_finalize(w->ins);
	sqlite3_finalize(w->upd);
	sqlite3_finalize(w->get);
	sqlite3_finalize(w->add_size);
	w->ins = w->upd = w->get = w->add_size = NULL;
	if (exec(w, "COMMIT; DROP TABLE temp.staged; DROP TABLE temp.staged_bw;", err) != 0)
		goto fail;

	sqlite3_stmt *chk;
	if (prep(w, "PRAGMA integrity_check", &chk, err) != 0)
		goto fail;
	const char *res = sqlite3_step(chk) == SQLITE_ROW ?
				  (const char *)sqlite3_column_text(chk, 0) : "no answer";
	if (strcmp(res, "ok") != 0) {
		set_err(err, "the new catalog fails its integrity check: %s", res);
		sqlite3_finalize(chk);
		goto fail;
	}
	sqlite3_finalize(chk);
	if (sqlite3_close(w->db) != SQLITE_OK) {
		set_err(err, "cannot close the new catalog: %s", sqlite3_errmsg(w->db));
		goto fail;
	}
	w->db = NULL;
	if (fsync_path(w->tmp, 0) != 0) {
		set_err(err, "cannot sync '%s': %s", w->tmp, util_strerror(errno));
		goto fail;
	}
	if (rename(w->tmp, w->target) != 0) {
		set_err(err, "cannot rename the new catalog to '%s': %s", w->target, util_strerror(errno));
		goto fail;
	}
	free(w->tmp);
	w->tmp = NULL;
	fsync_path(w->dir, 1);
	writer_free(w);
	*regions = r;
	return 0;
fail:
	sqlite3_finalize(cnt);
	sqlite3_finalize(del);
	free(r);
	writer_free(w);
	return -1;
}
