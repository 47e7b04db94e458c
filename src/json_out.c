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
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

/*
 * The arena: cJSON's hooks take no context, so its state is the one
 * file-scope variable of this module.  One block, grown to the largest
 * document seen so far; what does not fit goes to further blocks, which a
 * reset folds into one larger first block.
 */
#if defined(__SANITIZE_ADDRESS__)
#define JSON_ARENA_PASSTHROUGH 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define JSON_ARENA_PASSTHROUGH 1
#endif
#endif

struct arena_block {
	struct arena_block *next;
	size_t cap, used;
	max_align_t data[];
};

static struct {
	struct arena_block *head;   /* the block allocations come from */
	size_t total;               /* bytes handed out since the last reset */
	int active;
} json_arena;

#define ARENA_ALIGN (sizeof(max_align_t))
#define ARENA_MIN_BLOCK ((size_t)64 << 10)

static struct arena_block *arena_block_new(size_t cap, struct arena_block *next)
{
	struct arena_block *b = malloc(sizeof(*b) + cap);

	if (!b)
		return NULL;
	b->next = next;
	b->cap = cap;
	b->used = 0;
	return b;
}

#ifndef JSON_ARENA_PASSTHROUGH
static void *arena_alloc(size_t n)
{
	struct arena_block *b = json_arena.head;
	size_t need = (n + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN;
	void *p;

	if (need < n)
		return NULL;
	if (!b || b->cap - b->used < need) {
		size_t cap = need > ARENA_MIN_BLOCK ? need : ARENA_MIN_BLOCK;

		if (b && b->cap > cap)
			cap = b->cap;
		b = arena_block_new(cap, b);
		if (!b)
			return NULL;
		json_arena.head = b;
	}
	p = (char *)b->data + b->used;
	b->used += need;
	json_arena.total += need;
	return p;
}

static void arena_free(void *p)
{
	(void)p;
}
#endif

static void arena_release_blocks(void)
{
	while (json_arena.head) {
		struct arena_block *next = json_arena.head->next;
		free(json_arena.head);
		json_arena.head = next;
	}
}

void json_arena_begin(void)
{
#ifndef JSON_ARENA_PASSTHROUGH
	cJSON_Hooks h = { arena_alloc, arena_free };

	json_arena.active = 1;
	cJSON_InitHooks(&h);
#endif
}

void json_arena_reset(void)
{
	struct arena_block *b = json_arena.head;

	if (!json_arena.active || !b)
		return;
	if (b->next) {   /* several blocks: one that holds them all next time */
		size_t cap = json_arena.total;

		arena_release_blocks();
		json_arena.head = arena_block_new(cap, NULL);   /* NULL: allocated again lazily */
	} else {
		b->used = 0;
	}
	json_arena.total = 0;
}

void json_arena_end(void)
{
	if (!json_arena.active)
		return;
	cJSON_InitHooks(NULL);
	arena_release_blocks();
	json_arena.total = 0;
	json_arena.active = 0;
}

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
