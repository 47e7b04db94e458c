/*
 * mkcatalog - builds the bundled catalog at build time.
 *
 *   mkcatalog --schema schema.sql --db out.db --blob out.c FACT.csv...
 *
 * Each CSV file loads into the table named after its base name
 * (catalog/gpu_models.csv -> gpu_models).  The header row names the columns;
 * an empty cell is NULL; lines starting with '#' are comments.  After loading,
 * the database is checked (types, foreign keys, integrity) and written both as
 * a SQLite file and as a C array that the program embeds.  Any problem is
 * reported as FILE:LINE: message and the build fails.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failed;

static void fail(const char *file, long line, const char *msg, const char *detail)
{
	if (line > 0)
		fprintf(stderr, "mkcatalog: error: %s:%ld: %s%s%s\n", file, line, msg,
			detail ? ": " : "", detail ? detail : "");
	else
		fprintf(stderr, "mkcatalog: error: %s: %s%s%s\n", file, msg,
			detail ? ": " : "", detail ? detail : "");
	failed = 1;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (cap - n < 2) {
			char *nb = realloc(buf, cap * 2);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap *= 2;
		}
	}
	fclose(f);
	if (buf) {
		buf[n] = '\0';
		*len = n;
	}
	return buf;
}

#define MAX_FIELDS 64

/* Splits one CSV record starting at *p (RFC 4180 quoting) in place.  Returns
 * the number of fields, -1 on a malformed record; advances *p and *line. */
static int csv_record(char **p, long *line, char **fields)
{
	char *s = *p, *w;
	int n = 0;
	for (;;) {
		if (n == MAX_FIELDS)
			return -1;
		fields[n++] = w = s;
		if (*s == '"') {
			s++;
			for (;;) {
				if (*s == '\0')
					return -1;
				if (*s == '"') {
					if (s[1] == '"') {
						*w++ = '"';
						s += 2;
						continue;
					}
					s++;
					break;
				}
				if (*s == '\n')
					(*line)++;
				*w++ = *s++;
			}
			if (*s != ',' && *s != '\n' && *s != '\r' && *s != '\0')
				return -1;
		} else {
			while (*s && *s != ',' && *s != '\n' && *s != '\r')
				*w++ = *s++;
		}
		char c = *s;
		*w = '\0';
		if (c == ',') {
			s++;
			continue;
		}
		/* The terminator may have overwritten *s: decide from c. */
		if (c == '\r') {
			s++;
			if (*s == '\n')
				s++;
			(*line)++;
		} else if (c == '\n') {
			s++;
			(*line)++;
		}
		break;
	}
	*p = s;
	return n;
}

static void load_csv(sqlite3 *db, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char table[64];
	size_t tl = strcspn(base, ".");
	if (tl == 0 || tl >= sizeof table) {
		fail(path, 0, "bad file name", NULL);
		return;
	}
	memcpy(table, base, tl);
	table[tl] = '\0';

	size_t len;
	char *text = slurp(path, &len);
	if (!text) {
		fail(path, 0, "cannot read", NULL);
		return;
	}
	char *p = text, *fields[MAX_FIELDS], *header[MAX_FIELDS];
	long line = 1;
	int ncol = -1;
	sqlite3_stmt *ins = NULL;
	while (*p) {
		long rec_line = line;
		if (*p == '#' || *p == '\n' || *p == '\r') {
			while (*p && *p != '\n')
				p++;
			if (*p == '\n') {
				p++;
				line++;
			}
			continue;
		}
		int n = csv_record(&p, &line, fields);
		if (n < 0) {
			fail(path, rec_line, "malformed CSV record", NULL);
			break;
		}
		if (ncol < 0) {
			ncol = n;
			memcpy(header, fields, sizeof(char *) * (size_t)n);
			char sql[4096];
			size_t o = (size_t)snprintf(sql, sizeof sql, "INSERT INTO \"%s\" (", table);
			for (int i = 0; i < n && o < sizeof sql; i++)
				o += (size_t)snprintf(sql + o, sizeof sql - o, "%s\"%s\"", i ? "," : "",
						      header[i]);
			o += (size_t)snprintf(sql + o, sizeof sql - o, ") VALUES (");
			for (int i = 0; i < n && o < sizeof sql; i++)
				o += (size_t)snprintf(sql + o, sizeof sql - o, "%s?", i ? "," : "");
			if (o < sizeof sql)
				snprintf(sql + o, sizeof sql - o, ")");
			if (sqlite3_prepare_v2(db, sql, -1, &ins, NULL) != SQLITE_OK) {
				fail(path, rec_line, "header does not match the schema",
				     sqlite3_errmsg(db));
				break;
			}
			continue;
		}
		if (n != ncol) {
			char d[64];
			snprintf(d, sizeof d, "%d fields, header has %d", n, ncol);
			fail(path, rec_line, "wrong field count", d);
			continue;
		}
		for (int i = 0; i < n; i++) {
			if (fields[i][0] == '\0')
				sqlite3_bind_null(ins, i + 1);
			else
				sqlite3_bind_text(ins, i + 1, fields[i], -1, SQLITE_TRANSIENT);
		}
		if (sqlite3_step(ins) != SQLITE_DONE)
			fail(path, rec_line, "row rejected", sqlite3_errmsg(db));
		sqlite3_reset(ins);
		sqlite3_clear_bindings(ins);
	}
	sqlite3_finalize(ins);
	free(text);

	/* Numbers that did not convert stay text under type affinity: catch them. */
	char sql[256];
	snprintf(sql, sizeof sql, "PRAGMA table_info(\"%s\")", table);
	sqlite3_stmt *info;
	if (sqlite3_prepare_v2(db, sql, -1, &info, NULL) != SQLITE_OK)
		return;
	while (sqlite3_step(info) == SQLITE_ROW) {
		const char *col = (const char *)sqlite3_column_text(info, 1);
		const char *type = (const char *)sqlite3_column_text(info, 2);
		if (strcmp(type, "REAL") != 0 && strcmp(type, "INTEGER") != 0)
			continue;
		char q[512];
		snprintf(q, sizeof q,
			 "SELECT rowid, \"%s\" FROM \"%s\" WHERE typeof(\"%s\") = 'text'", col,
			 table, col);
		sqlite3_stmt *chk;
		if (sqlite3_prepare_v2(db, q, -1, &chk, NULL) != SQLITE_OK)
			continue;
		while (sqlite3_step(chk) == SQLITE_ROW) {
			char d[256];
			snprintf(d, sizeof d, "column %s of data row %lld is not a number: '%s'", col,
				 (long long)sqlite3_column_int64(chk, 0),
				 (const char *)sqlite3_column_text(chk, 1));
			fail(path, 0, "bad value", d);
		}
		sqlite3_finalize(chk);
	}
	sqlite3_finalize(info);
}

static int write_blob(const char *dbpath, const char *out)
{
	size_t len;
	char *bytes = slurp(dbpath, &len);
	if (!bytes)
		return -1;
	FILE *f = fopen(out, "w");
	if (!f) {
		free(bytes);
		return -1;
	}
	fprintf(f, "/* Generated by mkcatalog from catalog/: do not edit. */\n"
		   "#include <stddef.h>\n"
		   "const unsigned char gpufit_catalog_blob[] = {\n");
	for (size_t i = 0; i < len; i++)
		fprintf(f, "%u,%s", (unsigned char)bytes[i], (i % 24 == 23) ? "\n" : "");
	fprintf(f, "\n};\nconst size_t gpufit_catalog_blob_len = %zu;\n", len);
	free(bytes);
	return fclose(f) == 0 ? 0 : -1;
}

static int exec_check(sqlite3 *db, const char *sql, const char *what)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
		fail(what, 0, "check failed to run", sqlite3_errmsg(db));
		return -1;
	}
	int bad = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *t = (const char *)sqlite3_column_text(st, 0);
		if (t && strcmp(t, "ok") == 0)
			continue;
		fail(what, 0, "check failed", t ? t : "(null)");
		bad = 1;
	}
	sqlite3_finalize(st);
	return bad ? -1 : 0;
}

int main(int argc, char **argv)
{
	const char *schema = NULL, *dbpath = NULL, *blob = NULL;
	int first = argc;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--schema") == 0 && i + 1 < argc)
			schema = argv[++i];
		else if (strcmp(argv[i], "--db") == 0 && i + 1 < argc)
			dbpath = argv[++i];
		else if (strcmp(argv[i], "--blob") == 0 && i + 1 < argc)
			blob = argv[++i];
		else {
			first = i;
			break;
		}
	}
	if (!schema || !dbpath || !blob) {
		fprintf(stderr, "usage: mkcatalog --schema F --db F --blob F FACT.csv...\n");
		return 2;
	}
	remove(dbpath);
	sqlite3 *db;
	if (sqlite3_open(dbpath, &db) != SQLITE_OK) {
		fail(dbpath, 0, "cannot create", sqlite3_errmsg(db));
		return 1;
	}
	size_t len;
	char *sql = slurp(schema, &len);
	char *err = NULL;
	if (!sql || sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
		fail(schema, 0, "schema failed", err ? err : "cannot read");
		sqlite3_free(err);
		free(sql);
		sqlite3_close(db);
		return 1;
	}
	free(sql);
	sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
	for (int i = first; i < argc; i++)
		load_csv(db, argv[i]);
	sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	exec_check(db, "PRAGMA foreign_key_check", "foreign keys");
	exec_check(db, "PRAGMA integrity_check", "integrity");
	if (!failed && sqlite3_exec(db, "VACUUM", NULL, NULL, &err) != SQLITE_OK) {
		fail(dbpath, 0, "vacuum failed", err);
		sqlite3_free(err);
	}
	sqlite3_close(db);
	if (failed) {
		remove(dbpath);
		return 1;
	}
	if (write_blob(dbpath, blob) != 0) {
		fprintf(stderr, "mkcatalog: error: %s: cannot write\n", blob);
		remove(blob);
		return 1;
	}
	return 0;
}
