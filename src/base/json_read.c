/*
 * json_read.c - reading JSON documents: a whole file or stream, bounded,
 * parsed by cJSON with a located error (json_read.h).
 */
#include "json_read.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

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

/* The offset of the first NUL of the JSON text (len bytes): a 0 byte, or
 * a \u0000 escape in a string; len when there is none. */
static size_t nul_at(const char *text, size_t len)
{
	int in_str = 0;

	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\0')
			return i;
		if (!in_str) {
			in_str = text[i] == '"';
		} else if (text[i] == '"') {
			in_str = 0;
		} else if (text[i] == '\\' && i + 1 < len) {
			if (text[i + 1] == 'u' && len - i >= 6 && memcmp(text + i + 2, "0000", 4) == 0)
				return i;
			i++;   /* the escaped character: a quote or a backslash ends nothing */
		}
	}
	return len;
}

/* Reads f, just opened from path (NULL: the open failed, errno set),
 * whole into sb and closes it unless it is stdin: 0, or -1 with "PATH:
 * why" in err and sb released. */
static int read_opened(FILE *f, const char *path, struct strbuf *sb, char *err, size_t errlen)
{
	int rc;

	if (!f) {
		snprintf(err, errlen, "%s: cannot open: %s", path, util_strerror(errno));
		return -1;
	}
	rc = json_read_rest(f, sb);
	if (f != stdin)
		fclose(f);
	if (rc != 0) {
		snprintf(err, errlen, rc > 0 ? "%s: " JSON_TOO_LARGE : "%s: read error", path);
		strbuf_release(sb);
		return -1;
	}
	return 0;
}

cJSON *json_read_file(const char *path, char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;

	if (read_opened(strcmp(path, "-") == 0 ? stdin : fopen(path, "rb"), path, &sb, err,
			errlen) != 0)
		return NULL;
	const char *text = strbuf_str(&sb);
	if (sb.len == 0) {
		snprintf(err, errlen, "%s: empty file", path);
		strbuf_release(&sb);
		return NULL;
	}
	const char *end = NULL;
	cJSON *doc = cJSON_ParseWithLengthOpts(text, sb.len + 1, &end, 1); /* + the NUL cJSON checks for */
	const char *at = doc ? NULL : cJSON_GetErrorPtr();
	size_t off = at && at >= text && at <= text + sb.len ? (size_t)(at - text) : 0;
	size_t nul = nul_at(text, sb.len);
	if (nul < sb.len && (doc || nul <= off)) {   /* the first problem */
		/* cJSON gives C strings: a key or value with a NUL would be cut
		 * there, silently, and a NUL byte after the value ends the parse */
		int line, col;
		util_text_position(text, sb.len, nul, &line, &col);
		snprintf(err, errlen, "%s:%d:%d: a NUL character (\\u0000 or a 0 byte) is not "
			 "allowed in a JSON document", path, line, col);
		cJSON_Delete(doc);
		doc = NULL;
	} else if (!doc) {
		int line, col;
		util_text_position(text, sb.len, off, &line, &col);
		if (util_json_depth_at(text, off) >= CJSON_NESTING_LIMIT)
			snprintf(err, errlen, "%s:%d:%d: JSON nested deeper than %d levels", path,
				 line, col, CJSON_NESTING_LIMIT);
		else
			snprintf(err, errlen, "%s:%d:%d: invalid JSON", path, line, col);
	}
	strbuf_release(&sb);
	return doc;
}

int json_read_whole(const char *path, struct strbuf *sb, char *err, size_t errlen)
{
	struct stat st;

	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		return -1;
	}
	return read_opened(fopen(path, "rb"), path, sb, err, errlen);
}
