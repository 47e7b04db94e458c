/*
 * azure_quota.c - the readers of `az vm list-usage -o json` and
 * `az vm list-skus -o json`, and the availability rule over the second.
 *
 * Each document is parsed whole with cJSON and converted into plain arrays
 * before returning.  cJSON keeps no positions, so the reader scans the text
 * once for where each element of the top-level array starts: an error in an
 * element is reported at that element's first byte, a syntax error where
 * cJSON stopped.  A UTF-8 byte order mark is skipped (PowerShell's redirect
 * writes one); positions count bytes of the file as it is.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "azure_quota.h"
#include "json_read.h"
#include "util.h"

/* A parse in progress: the text, its name and where the caller wants the
 * message. */
struct rd {
	struct text_at t;   /* the whole file, BOM included */
	size_t *starts;     /* offset of each top-level element */
	size_t nstarts;
};

#define fail_at(r, ...) text_fail_at(&(r)->t, __VA_ARGS__)

/* The offset of element i of the top-level array (its start when unknown). */
static size_t elem_at(const struct rd *r, size_t i)
{
	return i < r->nstarts ? r->starts[i] : 0;
}

/*
 * Records where each element of the top-level array starts (the text is
 * known to parse, so brackets and strings are balanced).  -1 on allocation
 * failure.
 */
static int scan_starts(struct rd *r, size_t from)
{
	size_t cap = 0, depth = 0;
	int in_str = 0, want = 0;

	for (size_t i = from; i < r->t.len; i++) {
		char c = r->t.text[i];

		if (in_str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_str = 0;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
			continue;
		if (want && depth == 1 && c != ']') {
			if (r->nstarts == cap) {
				size_t ncap = cap ? cap * 2 : 64;
				size_t *ns = realloc(r->starts, ncap * sizeof *ns);

				if (!ns)
					return -1;
				r->starts = ns;
				cap = ncap;
			}
			r->starts[r->nstarts++] = i;
		}
		want = 0;
		if (c == '"')
			in_str = 1;
		else if (c == '[' || c == '{') {
			depth++;
			want = depth == 1 && c == '[';
		} else if (c == ']' || c == '}')
			depth--;
		else if (c == ',' && depth == 1)
			want = 1;
	}
	return 0;
}

/* Whether the text from from on ends inside a string or with a bracket
 * still open: a file cut short (az interrupted, a disk full). */
static int cut_short(const char *text, size_t from, size_t len)
{
	int in_str;
	size_t depth = util_json_scan(text + from, len - from, &in_str);

	return in_str || depth > 0;
}

/*
 * Parses r's text as one JSON array: the document, or NULL with the message
 * (a BOM is skipped, whitespace may follow the array, nothing else).
 */
static cJSON *parse_array(struct rd *r, const char *what)
{
	size_t skip = 0;
	const char *end = NULL;
	cJSON *doc;

	if (r->t.len >= 3 && memcmp(r->t.text, "\xef\xbb\xbf", 3) == 0)
		skip = 3;
	if (r->t.len == skip) {
		fail_at(r, 0, "empty file (expected the JSON array %s writes)", what);
		return NULL;
	}
	const char *nul = memchr(r->t.text, '\0', r->t.len);
	if (nul) {
		fail_at(r, (size_t)(nul - r->t.text), "a NUL byte in a JSON file");
		return NULL;
	}
	doc = cJSON_ParseWithLengthOpts(r->t.text + skip, r->t.len - skip, &end, 0);
	if (!doc) {
		const char *at = cJSON_GetErrorPtr();
		size_t off = at && at >= r->t.text + skip && at <= r->t.text + r->t.len
			     ? (size_t)(at - r->t.text) : r->t.len;

		if (util_json_depth_at(r->t.text + skip, off - skip) >= CJSON_NESTING_LIMIT)
			fail_at(r, off, "JSON nested deeper than %d levels", CJSON_NESTING_LIMIT);
		else if (cut_short(r->t.text, skip, r->t.len))
			fail_at(r, r->t.len, "unexpected end of JSON (truncated file?)");
		else
			fail_at(r, off, "invalid JSON");
		return NULL;
	}
	for (const char *p = end; p && p < r->t.text + r->t.len; p++)
		if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') {
			cJSON_Delete(doc);
			fail_at(r, (size_t)(p - r->t.text), "text after the JSON array");
			return NULL;
		}
	if (!cJSON_IsArray(doc)) {
		cJSON_Delete(doc);
		fail_at(r, skip, "expected a JSON array (the output of %s -o json)", what);
		return NULL;
	}
	if (scan_starts(r, skip) != 0) {
		cJSON_Delete(doc);
		snprintf(r->t.err, r->t.errlen, "%s: out of memory", r->t.path);
		return NULL;
	}
	return doc;
}

/* The top-level array of the file (parse_array) and room for one item of
 * size bytes per element in *items; on allocation failure *rc is -1 with
 * the message.  NULL (nothing left allocated, r->starts freed) when the
 * file is no array. */
static cJSON *parse_items(struct rd *r, const char *what, size_t size, void **items, int *rc)
{
	cJSON *doc = parse_array(r, what);
	size_t n;

	*items = NULL;
	if (!doc) {
		free(r->starts);
		r->starts = NULL;
		return NULL;
	}
	n = (size_t)cJSON_GetArraySize(doc);
	*items = calloc(n ? n : 1, size);
	if (!*items) {
		snprintf(r->t.err, r->t.errlen, "%s: out of memory", r->t.path);
		*rc = -1;
	}
	return doc;
}

/* A whole number from 0 to 1e15 given as a JSON number or a string of
 * digits (az has written both): 0 and *out, or -1. */
static int whole(const cJSON *v, long long *out)
{
	if (cJSON_IsNumber(v)) {
		double d = v->valuedouble;

		if (!(d >= 0 && d <= 1e15) || d != (double)(long long)d)
			return -1;
		*out = (long long)d;
		return 0;
	}
	if (cJSON_IsString(v)) {
		const char *s = v->valuestring;
		long long x = 0;

		if (!*s || strlen(s) > 15)
			return -1;
		for (; *s; s++) {
			if (*s < '0' || *s > '9')
				return -1;
			x = x * 10 + (*s - '0');
		}
		*out = x;
		return 0;
	}
	return -1;
}

static const cJSON *field(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	return v && !cJSON_IsNull(v) ? v : NULL;
}

static char *dup_or_fail(const struct rd *r, const char *s, int *oom)
{
	char *d = strdup(s);

	if (!d) {
		*oom = 1;
		snprintf(r->t.err, r->t.errlen, "%s: out of memory", r->t.path);
	}
	return d;
}

/* ---- az vm list-usage ---- */

void azure_usage_release(struct azure_usage_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->items[i].name);
	free(l->items);
	l->items = NULL;
	l->n = 0;
}

int azure_usage_parse(const char *text, size_t len, const char *path,
		      struct azure_usage_list *out, char *err, size_t errlen)
{
	struct rd r = { { text, len, path, err, errlen }, NULL, 0 };
	const char *what = "az vm list-usage";
	int rc = 0, oom = 0;
	cJSON *doc;

	out->items = NULL;
	out->n = 0;
	void *items;

	doc = parse_items(&r, what, sizeof *out->items, &items, &rc);
	out->items = items;
	if (!doc)
		return -1;
	size_t i = 0;
	for (const cJSON *e = doc->child; rc == 0 && e; e = e->next, i++) {
		const cJSON *name = field(e, "name");
		const cJSON *value = name ? field(name, "value") : NULL;
		struct azure_usage u = { NULL, 0, 0 };

		if (!cJSON_IsObject(e))
			rc = fail_at(&r, elem_at(&r, i), "usage %zu: not a JSON object", i + 1);
		else if (!value || !cJSON_IsString(value) || !value->valuestring[0])
			rc = fail_at(&r, elem_at(&r, i), "usage %zu: no 'name.value' string", i + 1);
		else if (whole(field(e, "currentValue"), &u.current) != 0)
			rc = fail_at(&r, elem_at(&r, i),
				     "usage %zu ('%.80s'): 'currentValue' is not a whole number",
				     i + 1, value->valuestring);
		else if (whole(field(e, "limit"), &u.limit) != 0)
			rc = fail_at(&r, elem_at(&r, i),
				     "usage %zu ('%.80s'): 'limit' is not a whole number",
				     i + 1, value->valuestring);
		else if (!(u.name = dup_or_fail(&r, value->valuestring, &oom)))
			rc = -1;
		else
			out->items[out->n++] = u;
	}
	cJSON_Delete(doc);
	free(r.starts);
	if (rc != 0)
		azure_usage_release(out);
	return rc;
}

const struct azure_usage *azure_usage_find(const struct azure_usage_list *l, const char *name)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcasecmp(l->items[i].name, name) == 0)
			return &l->items[i];
	return NULL;
}

int azure_usage_read(const char *path, struct azure_usage_list *out, char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = json_read_whole(path, &sb, err, errlen);

	if (rc != 0) {
		memset(out, 0, sizeof(*out));
		return rc;
	}
	rc = azure_usage_parse(strbuf_str(&sb), sb.len, path, out, err, errlen);
	strbuf_release(&sb);
	return rc;
}

/* ---- az vm list-skus ---- */

static void sku_release(struct azure_sku *k)
{
	free(k->name);
	free(k->location);
	free(k->family);
	free(k->location_reason);
	free(k->zone_reason);
}

void azure_skus_release(struct azure_skus *s)
{
	for (size_t i = 0; i < s->n; i++)
		sku_release(&s->items[i]);
	free(s->items);
	s->items = NULL;
	s->n = 0;
	strmap_release(&s->index);
}

/* The index key of size in region: both in lower case, '|' between. */
static const char *sku_key(struct strbuf *sb, const char *size, const char *region)
{
	strbuf_reset(sb);
	for (const char *p = size; *p; p++) {
		char c = (char)tolower((unsigned char)*p);

		strbuf_add(sb, &c, 1);
	}
	strbuf_add(sb, "|", 1);
	for (const char *p = region; *p; p++) {
		char c = (char)tolower((unsigned char)*p);

		strbuf_add(sb, &c, 1);
	}
	return strbuf_str(sb);
}

/* The zones of an array of "1".."3" strings as a mask; other names (Azure
 * has only these three) are ignored.  -1 when arr is not an array of
 * strings. */
static int zone_mask(const cJSON *arr, unsigned *mask)
{
	const cJSON *z;

	if (!arr)
		return 0;
	if (!cJSON_IsArray(arr))
		return -1;
	cJSON_ArrayForEach(z, arr) {
		if (!cJSON_IsString(z))
			return -1;
		if (strcmp(z->valuestring, "1") == 0 || strcmp(z->valuestring, "2") == 0 ||
		    strcmp(z->valuestring, "3") == 0)
			*mask |= AZURE_ZONE_BIT(z->valuestring[0] - '0');
	}
	return 0;
}

/* Capability name as a whole number (az writes them as strings); -1 when
 * absent or not a whole number. */
static int capability(const cJSON *caps, const char *name)
{
	const cJSON *c;

	cJSON_ArrayForEach(c, caps) {
		const cJSON *n = field(c, "name");
		long long v;

		if (cJSON_IsString(n) && strcmp(n->valuestring, name) == 0)
			return whole(field(c, "value"), &v) == 0 && v <= INT_MAX ? (int)v : -1;
	}
	return -1;
}

/* One list-skus element into *k: 0, 1 when it is not a virtual machine row,
 * -1 with the message. */
static int sku_row(const struct rd *r, size_t i, const cJSON *e, struct azure_sku *k)
{
	const cJSON *type = field(e, "resourceType"), *name = field(e, "name");
	const cJSON *fam = field(e, "family"), *locs = field(e, "locations");
	const cJSON *info = field(e, "locationInfo"), *caps = field(e, "capabilities");
	const cJSON *restr = field(e, "restrictions"), *x;
	size_t at = elem_at(r, i);
	int oom = 0;

	if (!cJSON_IsObject(e))
		return fail_at(r, at, "size %zu: not a JSON object", i + 1);
	if (type && !cJSON_IsString(type))
		return fail_at(r, at, "size %zu: 'resourceType' is not a string", i + 1);
	if (type && strcmp(type->valuestring, "virtualMachines") != 0)
		return 1;
	if (!name || !cJSON_IsString(name) || !name->valuestring[0])
		return fail_at(r, at, "size %zu: no 'name' string", i + 1);
	if (!cJSON_IsArray(locs) || !cJSON_IsString(cJSON_GetArrayItem(locs, 0)) ||
	    !cJSON_GetArrayItem(locs, 0)->valuestring[0])
		return fail_at(r, at, "size %zu ('%.80s'): 'locations' is not an array "
			       "holding a region name", i + 1, name->valuestring);
	if (fam && !cJSON_IsString(fam))
		return fail_at(r, at, "size %zu ('%.80s'): 'family' is not a string", i + 1,
			       name->valuestring);
	if ((info && !cJSON_IsArray(info)) || (caps && !cJSON_IsArray(caps)) ||
	    (restr && !cJSON_IsArray(restr)))
		return fail_at(r, at, "size %zu ('%.80s'): 'locationInfo', 'capabilities' and "
			       "'restrictions' must be arrays", i + 1, name->valuestring);
	k->vcpus = caps ? capability(caps, "vCPUs") : -1;
	k->gpus = caps ? capability(caps, "GPUs") : -1;
	cJSON_ArrayForEach(x, info) {
		if (!cJSON_IsObject(x) || zone_mask(field(x, "zones"), &k->zones) != 0)
			return fail_at(r, at, "size %zu ('%.80s'): 'locationInfo[].zones' is not "
				       "an array of zone names", i + 1, name->valuestring);
	}
	cJSON_ArrayForEach(x, restr) {
		const cJSON *rt = field(x, "type"), *why = field(x, "reasonCode");
		const cJSON *ri = field(x, "restrictionInfo");
		const char *reason = cJSON_IsString(why) && why->valuestring[0]
				     ? why->valuestring : "restricted";
		char **slot;

		if (!cJSON_IsObject(x) || !cJSON_IsString(rt) || (ri && !cJSON_IsObject(ri)))
			return fail_at(r, at, "size %zu ('%.80s'): a restriction without a "
				       "'type' string", i + 1, name->valuestring);
		if (strcmp(rt->valuestring, "Location") == 0) {
			slot = &k->location_reason;
		} else if (strcmp(rt->valuestring, "Zone") == 0) {
			unsigned m = 0;

			if (zone_mask(ri ? field(ri, "zones") : NULL, &m) != 0)
				return fail_at(r, at, "size %zu ('%.80s'): "
					       "'restrictionInfo.zones' is not an array of zone "
					       "names", i + 1, name->valuestring);
			k->restricted_zones |= m;
			slot = &k->zone_reason;
		} else {
			continue; /* a type Azure may add later restricts nothing gpufit knows */
		}
		if (!*slot && !(*slot = dup_or_fail(r, reason, &oom)))
			return -1;
	}
	if (!(k->name = dup_or_fail(r, name->valuestring, &oom)) ||
	    !(k->location = dup_or_fail(r, cJSON_GetArrayItem(locs, 0)->valuestring, &oom)) ||
	    (fam && !(k->family = dup_or_fail(r, fam->valuestring, &oom))))
		return -1;
	return 0;
}

int azure_skus_parse(const char *text, size_t len, const char *path, struct azure_skus *out,
		     char *err, size_t errlen)
{
	struct rd r = { { text, len, path, err, errlen }, NULL, 0 };
	int rc = 0;
	cJSON *doc;

	out->items = NULL;
	out->n = 0;
	out->index = (struct strmap)STRMAP_INIT;
	void *items;

	doc = parse_items(&r, "az vm list-skus", sizeof *out->items, &items, &rc);
	out->items = items;
	if (!doc)
		return -1;
	size_t i = 0;
	for (const cJSON *e = doc->child; rc == 0 && e; e = e->next, i++) {
		struct azure_sku k = { 0 };
		int got = sku_row(&r, i, e, &k);

		if (got == 0)
			out->items[out->n++] = k;
		else
			sku_release(&k);
		if (got < 0)
			rc = -1;
	}
	cJSON_Delete(doc);
	free(r.starts);
	if (rc != 0) {
		azure_skus_release(out);
		return rc;
	}
	/* the first row of each size and region, as the linear search found it */
	struct strbuf key = STRBUF_INIT;

	for (size_t j = 0; j < out->n; j++) {
		const char *k = sku_key(&key, out->items[j].name, out->items[j].location);

		if (!strmap_get(&out->index, k))
			strmap_put(&out->index, k, j);
	}
	strbuf_release(&key);
	return rc;
}

int azure_skus_read(const char *path, struct azure_skus *out, char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = json_read_whole(path, &sb, err, errlen);

	if (rc != 0) {
		out->items = NULL;
		out->n = 0;
		out->index = (struct strmap)STRMAP_INIT;
		return rc;
	}
	rc = azure_skus_parse(strbuf_str(&sb), sb.len, path, out, err, errlen);
	strbuf_release(&sb);
	return rc;
}

const struct azure_sku *azure_skus_find(const struct azure_skus *s, const char *size,
					const char *region)
{
	if (s->index.cap) {
		struct strbuf key = STRBUF_INIT;
		const size_t *at = strmap_get(&s->index, sku_key(&key, size, region));

		strbuf_release(&key);
		return at ? &s->items[*at] : NULL;
	}
	for (size_t i = 0; i < s->n; i++)
		if (strcasecmp(s->items[i].name, size) == 0 &&
		    strcasecmp(s->items[i].location, region) == 0)
			return &s->items[i];
	return NULL;
}

enum azure_avail azure_skus_check(const struct azure_skus *s, const char *size,
				  const char *region, int zone, char *why, size_t whylen)
{
	const struct azure_sku *k = azure_skus_find(s, size, region);

	if (whylen)
		why[0] = '\0';
	if (!k) {
		snprintf(why, whylen, "not offered in %s", region);
		return AZURE_ABSENT;
	}
	if (k->location_reason) {
		snprintf(why, whylen, "%s in %s", k->location_reason, region);
		return AZURE_RESTRICTED;
	}
	if (zone < 1 || zone > 3)
		return AZURE_AVAILABLE;
	if (k->restricted_zones & AZURE_ZONE_BIT(zone)) {
		snprintf(why, whylen, "%s in %s zone %d",
			 k->zone_reason ? k->zone_reason : "restricted", region, zone);
		return AZURE_RESTRICTED;
	}
	if (!(k->zones & AZURE_ZONE_BIT(zone))) {
		snprintf(why, whylen, "not offered in %s zone %d", region, zone);
		return AZURE_ABSENT;
	}
	return AZURE_AVAILABLE;
}
