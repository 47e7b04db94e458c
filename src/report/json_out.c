/*
 * json_out.c - printing JSON documents through cJSON (reading them is
 * src/base/json_read.c).
 *
 * Numbers are rounded here before they enter a document, so that money is
 * always printed as cents and float noise never reaches a user or a golden
 * file.  The one JSON printer of the program is here too.
 */
#include "json_out.h"

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
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

/* ---- the printer -------------------------------------------------------- */

/*
 * Every JSON document gpufit prints goes through this one writer: objects and
 * non-empty arrays one member a line, indented with two spaces, "key": value
 * (what jq, kubectl and Infracost write); {} and [] when empty.  Strings take
 * cJSON's escapes; numbers are written as cJSON_Print writes them (an integer
 * when the value equals its int value, else "%1.15g", or "%1.17g" when that
 * does not read back), without its sprintf + sscanf round trip per number.
 * The text goes out through one buffer.
 */
struct jw {
	FILE *f;
	size_t n;
	char buf[1 << 16];
};

static void jw_flush(struct jw *w)
{
	fwrite(w->buf, 1, w->n, w->f);
	w->n = 0;
}

static void jw_mem(struct jw *w, const char *s, size_t len)
{
	if (w->n + len > sizeof(w->buf)) {
		jw_flush(w);
		if (len > sizeof(w->buf)) {
			fwrite(s, 1, len, w->f);
			return;
		}
	}
	memcpy(w->buf + w->n, s, len);
	w->n += len;
}

static void jw_ch(struct jw *w, char ch)
{
	if (w->n == sizeof(w->buf))
		jw_flush(w);
	w->buf[w->n++] = ch;
}

static void jw_str(struct jw *w, const char *s)
{
	jw_mem(w, s, strlen(s));
}

/* A new line indented for nesting depth `depth` (two spaces a level). */
static void jw_newline(struct jw *w, int depth)
{
	static const char spaces[] = "                                ";   /* 32 */
	size_t n = depth > 0 ? 2 * (size_t)depth : 0;

	jw_ch(w, '\n');
	for (; n > 32; n -= 32)
		jw_mem(w, spaces, 32);
	jw_mem(w, spaces, n);
}

/* 1 for the bytes that end a run of a JSON string: NUL, the other
 * controls, '"' and '\\' */
#define R16(x) x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x
static const unsigned char jw_stop[256] = {
	R16(1), R16(1),
	0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* '"' */
	R16(0), R16(0),
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,   /* '\\' */
	R16(0),
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,   /* DEL */
	R16(1), R16(1), R16(1), R16(1), R16(1), R16(1), R16(1), R16(1),   /* >= 0x80 */
};
#undef R16

/* A JSON string with cJSON's escapes, copied in runs; NULL is "". */
static void jw_quoted(struct jw *w, const char *s)
{
	jw_ch(w, '"');
	while (s) {
		const unsigned char *p = (const unsigned char *)s;
		char esc[8];

		while (!jw_stop[*p])
			p++;
		jw_mem(w, s, (size_t)((const char *)p - s));
		switch (*p) {
		case '\0': s = NULL; continue;
		case '"': jw_mem(w, "\\\"", 2); break;
		case '\\': jw_mem(w, "\\\\", 2); break;
		case '\b': jw_mem(w, "\\b", 2); break;
		case '\f': jw_mem(w, "\\f", 2); break;
		case '\n': jw_mem(w, "\\n", 2); break;
		case '\r': jw_mem(w, "\\r", 2); break;
		case '\t': jw_mem(w, "\\t", 2); break;
		default:
			if (*p >= 0x80) {
				/* UTF-8 as it is; invalid bytes, C1 and bidi
				 * controls escaped (esc_json_high) */
				size_t n = esc_json_high((const char *)p, esc);

				if (esc[0])
					jw_mem(w, esc, strlen(esc));
				else
					jw_mem(w, (const char *)p, n);
				s = (const char *)p + n;
				continue;
			}
			snprintf(esc, sizeof(esc), "\\u%04x", *p);
			jw_mem(w, esc, 6);
			break;
		}
		s = (const char *)p + 1;
	}
	jw_ch(w, '"');
}

/* Digits of n (>= 0) into the end of buf; returns the first digit. */
static char *digits(char *end, unsigned long long n)
{
	*--end = '\0';
	do
		*--end = (char)('0' + n % 10);
	while (n /= 10);
	return end;
}

/*
 * "%1.15g" of d without printf, when d is the double nearest to a decimal
 * n / 10^k with k <= 6 and n below 10^15: then that decimal has at most 15
 * significant digits, "%1.15g" prints exactly it (trailing zeros dropped),
 * and it reads back as d.  0 when d is not such a number (the caller uses
 * printf).  1e-4 <= |d| keeps "%g" out of its exponent form.
 */
static int short_decimal(double d, char *out)
{
	static const double p10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6 };
	double a = fabs(d);
	char buf[32], *p;
	if (!(a >= 1e-4 && a < 1e15))
		return 0;
	for (int k = 0; k < 7; k++) {
		double m = a * p10[k];
		unsigned long long n;
		size_t len;
		int frac;
		if (m >= 1e15)
			return 0;
		n = (unsigned long long)llround(m);
		if ((double)n / p10[k] != a)
			continue;
		p = digits(buf + sizeof(buf), n);
		len = strlen(p);
		if (d < 0)
			*out++ = '-';
		if ((int)len <= k) {
			*out++ = '0';
			*out++ = '.';
			for (int z = 0; z < k - (int)len; z++)
				*out++ = '0';
			frac = (int)len;
		} else {
			memcpy(out, p, len - (size_t)k);
			out += len - (size_t)k;
			p += len - (size_t)k;
			frac = k;
			if (frac)
				*out++ = '.';
		}
		memcpy(out, p, (size_t)frac);
		out += frac;
		if (k) /* drop trailing zeros, and the point when nothing is left */
			while (out[-1] == '0')
				out--;
		if (out[-1] == '.')
			out--;
		*out = '\0';
		return 1;
	}
	return 0;
}

static void jw_number(struct jw *w, const cJSON *x)
{
	double d = x->valuedouble, back;
	char num[40];
	if (isnan(d) || isinf(d)) {
		jw_str(w, "null");
	} else if (d == (double)x->valueint) {
		char buf[24], *p = digits(buf + sizeof(buf),
					  x->valueint < 0 ? -(unsigned long long)(long long)x->valueint
							  : (unsigned long long)x->valueint);
		if (x->valueint < 0)
			jw_ch(w, '-');
		jw_str(w, p);
	} else if (short_decimal(d, num)) {
		jw_str(w, num);
	} else {
		snprintf(num, sizeof(num), "%1.15g", d);
		back = strtod(num, NULL);
		if (!(fabs(back - d) <= fmax(fabs(back), fabs(d)) * DBL_EPSILON))
			snprintf(num, sizeof(num), "%1.17g", d);
		jw_str(w, num);
	}
}

/* What json_print_streamed puts in place of one empty top-level array. */
struct jw_stream {
	const char *key;
	size_t n;
	cJSON *(*item)(size_t i, void *arg);
	void *arg;
	int failed;
};

static void jw_value(struct jw *w, const cJSON *x, int depth, struct jw_stream *st);

/* The streamed array at depth 1: each item made, written and freed in turn. */
static void jw_streamed(struct jw *w, struct jw_stream *st)
{
	if (st->n == 0) {
		jw_mem(w, "[]", 2);
		return;
	}
	jw_ch(w, '[');
	for (size_t i = 0; i < st->n; i++) {
		cJSON *it = st->item(i, st->arg);

		if (!it) {
			st->failed = 1;
			break;
		}
		if (i)
			jw_ch(w, ',');
		jw_newline(w, 2);
		jw_value(w, it, 2, NULL);
		cJSON_Delete(it);
	}
	jw_newline(w, 1);
	jw_ch(w, ']');
}

/* x at nesting depth `depth` (0 for the document); st, when not NULL, names
 * the top-level member whose (empty) array is streamed. */
static void jw_value(struct jw *w, const cJSON *x, int depth, struct jw_stream *st)
{
	const cJSON *k;
	int type = x->type & 0xFF;   /* what cJSON_IsNull() and the others test */

	if (type == cJSON_NULL) {
		jw_mem(w, "null", 4);
	} else if (type == cJSON_False) {
		jw_mem(w, "false", 5);
	} else if (type == cJSON_True) {
		jw_mem(w, "true", 4);
	} else if (type == cJSON_Number) {
		jw_number(w, x);
	} else if (type == cJSON_String) {
		jw_quoted(w, x->valuestring);
	} else if (type == cJSON_Array || type == cJSON_Object) {
		int obj = type == cJSON_Object;

		if (!x->child) {
			jw_mem(w, obj ? "{}" : "[]", 2);
			return;
		}
		jw_ch(w, obj ? '{' : '[');
		for (k = x->child; k; k = k->next) {
			jw_newline(w, depth + 1);
			if (obj) {
				jw_quoted(w, k->string);
				jw_mem(w, ": ", 2);
			}
			if (st && obj && k->string && strcmp(k->string, st->key) == 0)
				jw_streamed(w, st);
			else
				jw_value(w, k, depth + 1, NULL);
			if (k->next)
				jw_ch(w, ',');
		}
		jw_newline(w, depth);
		jw_ch(w, obj ? '}' : ']');
	}
}

int json_print(FILE *f, const cJSON *doc)
{
	struct jw *w = malloc(sizeof(*w));

	if (!w)
		return -1;
	w->f = f;
	w->n = 0;
	jw_value(w, doc, 0, NULL);
	jw_ch(w, '\n');
	jw_flush(w);
	free(w);
	return 0;
}

int json_print_streamed(FILE *f, const cJSON *doc, const char *key, size_t n,
			cJSON *(*item)(size_t i, void *arg), void *arg)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(doc, key);
	struct jw_stream st = { key, n, item, arg, 0 };
	struct jw *w;

	if (!cJSON_IsObject(doc) || !cJSON_IsArray(arr) || arr->child)
		return -1;
	w = malloc(sizeof(*w));
	if (!w)
		return -1;
	w->f = f;
	w->n = 0;
	jw_value(w, doc, 0, &st);
	jw_ch(w, '\n');
	jw_flush(w);
	free(w);
	return st.failed ? -1 : 0;
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

cJSON *json_add_parallelism(cJSON *obj, int tp, int pp, int ep, int attention_dp)
{
	cJSON *p = cJSON_AddObjectToObject(obj, "parallelism");

	if (!p)
		return NULL;
	cJSON_AddNumberToObject(p, "tensor", tp > 1 ? tp : 1);
	cJSON_AddNumberToObject(p, "pipeline", pp > 1 ? pp : 1);
	cJSON_AddNumberToObject(p, "expert", ep > 1 ? ep : 1);
	cJSON_AddNumberToObject(p, "attention_data_parallel", attention_dp > 1 ? attention_dp : 1);
	return p;
}

cJSON *json_add_str_or_null(cJSON *obj, const char *key, const char *s)
{
	if (!s || !*s)
		return cJSON_AddNullToObject(obj, key);
	return cJSON_AddStringToObject(obj, key, s);
}
