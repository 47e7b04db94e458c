/*
 * json_out.c - printing and reading JSON documents through cJSON.
 *
 * Numbers are rounded here before they enter a document, so that money is
 * always printed as cents and float noise never reaches a user or a golden
 * file.
 */
#include "json_out.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

int json_print(FILE *f, const cJSON *doc)
{
	char *s = cJSON_Print(doc);
	if (!s)
		return -1;
	fputs(s, f);
	fputc('\n', f);
	cJSON_free(s);
	return 0;
}

int json_print_streamed(FILE *f, const cJSON *doc, const char *key, size_t n,
			cJSON *(*item)(size_t i, void *arg), void *arg)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(doc, key);
	if (!cJSON_IsArray(arr) || arr->child)
		return -1;
	char *s = cJSON_Print(doc);
	if (!s)
		return -1;
	/* The key of a top-level member: a tab, then the quoted key, a colon and
	 * a tab (in a string value quotes and tabs are escaped, so this is the
	 * member itself). */
	struct strbuf pat = STRBUF_INIT;
	strbuf_addf(&pat, "\n\t\"%s\":\t[]", key);
	char *at = strstr(s, pat.buf);
	int rc = at ? 0 : -1;
	if (at) {
		size_t head = (size_t)(at - s) + pat.len - 1;   /* through the '[' */
		fwrite(s, 1, head, f);
		for (size_t i = 0; i < n && rc == 0; i++) {
			cJSON *it = item(i, arg);
			char *t = it ? cJSON_Print(it) : NULL;
			cJSON_Delete(it);
			if (!t) {
				rc = -1;
				break;
			}
			/* an element of a top-level array is printed two levels deeper */
			if (i)
				fputs(", ", f);
			for (const char *p = t, *nl; *p; p = nl + 1) {
				nl = strchr(p, '\n');
				if (!nl) {
					fputs(p, f);
					break;
				}
				fwrite(p, 1, (size_t)(nl - p) + 1, f);
				fputs("\t\t", f);
			}
			cJSON_free(t);
		}
		fputs(s + head, f);
		fputc('\n', f);
	}
	strbuf_release(&pat);
	cJSON_free(s);
	return rc;
}

cJSON *json_add_money(cJSON *obj, const char *key, double v)
{
	return cJSON_AddNumberToObject(obj, key, util_round_cents(v));
}

cJSON *json_add_rounded(cJSON *obj, const char *key, double v, int decimals)
{
	double m = pow(10.0, decimals);
	double r = round(v * m) / m;
	if (r == 0)
		r = 0; /* no "-0" */
	return cJSON_AddNumberToObject(obj, key, r);
}

cJSON *json_add_str_or_null(cJSON *obj, const char *key, const char *s)
{
	if (!s || !*s)
		return cJSON_AddNullToObject(obj, key);
	return cJSON_AddStringToObject(obj, key, s);
}

/* Line and column (1-based) of byte offset off in text. */
static void position(const char *text, size_t off, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off && text[i]; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

int json_read_rest(FILE *f, struct strbuf *sb)
{
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
		long pos = ftell(f);
		unsigned long long size = (unsigned long long)st.st_size;
		unsigned long long at = pos > 0 ? (unsigned long long)pos : 0;
		if (size > at && size - at > JSON_MAX_BYTES - (sb->len < JSON_MAX_BYTES ? sb->len : JSON_MAX_BYTES))
			return 1;
	}
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
		if (sb->len > JSON_MAX_BYTES || n > JSON_MAX_BYTES - sb->len)
			return 1;
		strbuf_add(sb, buf, n);
	}
	return ferror(f) ? -1 : 0;
}

cJSON *json_read_file(const char *path, char *err, size_t errlen)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: cannot open: %s", path, util_strerror(errno));
		return NULL;
	}
	struct strbuf sb = STRBUF_INIT;
	int rrc = json_read_rest(f, &sb);
	if (f != stdin)
		fclose(f);
	if (rrc != 0) {
		if (rrc > 0)
			snprintf(err, errlen, "%s: " JSON_TOO_LARGE, path);
		else
			snprintf(err, errlen, "%s: read error", path);
		strbuf_release(&sb);
		return NULL;
	}
	const char *text = strbuf_str(&sb);
	if (sb.len == 0) {
		snprintf(err, errlen, "%s: empty file", path);
		strbuf_release(&sb);
		return NULL;
	}
	const char *end = NULL;
	cJSON *doc = cJSON_ParseWithLengthOpts(text, sb.len + 1, &end, 1); /* + the NUL cJSON checks for */
	if (!doc) {
		const char *at = cJSON_GetErrorPtr();
		size_t off = at && at >= text && at <= text + sb.len ? (size_t)(at - text) : 0;
		int line, col;
		position(text, off, &line, &col);
		snprintf(err, errlen, "%s:%d:%d: invalid JSON", path, line, col);
	}
	strbuf_release(&sb);
	return doc;
}
