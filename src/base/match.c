/*
 * match.c - matching a name typed by hand against known ones: edit distance
 * and "did you mean", case-insensitive containment, parts of a name.
 */
#include "match.h"
#include "alloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

size_t util_edit_distance(const char *a, const char *b)
{
	/* Optimal string alignment: Levenshtein plus adjacent transpositions,
	 * so "fp61" is one step from "fp16".  Three rolling rows. */
	size_t la = strlen(a), lb = strlen(b);
	size_t *prev2 = xcalloc(lb + 1, sizeof *prev2);
	size_t *prev = xcalloc(lb + 1, sizeof *prev);
	size_t *cur = xcalloc(lb + 1, sizeof *cur);
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		int ai = tolower((unsigned char)a[i - 1]);
		for (size_t j = 1; j <= lb; j++) {
			int bj = tolower((unsigned char)b[j - 1]);
			size_t best = prev[j - 1] + (ai == bj ? 0 : 1);
			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			if (i > 1 && j > 1 && ai == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == bj && prev2[j - 2] + 1 < best)
				best = prev2[j - 2] + 1;
			cur[j] = best;
		}
		size_t *t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	size_t d = prev[lb];
	free(prev2);
	free(prev);
	free(cur);
	return d;
}

const char *util_suggest(const char *name, const char *const *cands, size_t n)
{
	size_t len = strlen(name);
	size_t limit = len / 4 > 2 ? len / 4 : 2;
	const char *best = NULL;
	size_t best_d = (size_t)-1;
	for (size_t i = 0; i < n; i++) {
		if (!cands[i])
			continue;
		size_t d = util_edit_distance(name, cands[i]);
		if (len >= 3 && strncasecmp(cands[i], name, len) == 0 && d > 0)
			d = d < limit ? d : limit; /* a prefix always qualifies */
		/* so does a size without its "Standard_" */
		if (d > limit && len >= 6 && strncasecmp(cands[i], "Standard_", 9) == 0 &&
		    strcasecmp(cands[i] + 9, name) == 0)
			d = limit;
		if (d < best_d) {
			best_d = d;
			best = cands[i];
		}
	}
	return best_d <= limit ? best : NULL;
}

int util_contains_nocase(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return 1;
	return n == 0;
}

/* Whether word w (n bytes) starts a part of hay. */
static int part_starts(const char *hay, const char *w, size_t n)
{
	for (const char *p = hay; *p; p++)
		if ((p == hay || strchr("-_ ", p[-1])) && strncasecmp(p, w, n) == 0)
			return 1;
	return 0;
}

int util_parts_in(const char *hay, const char *name)
{
	size_t parts = 0;

	for (const char *p = name; *p;) {
		size_t n = strcspn(p, "-_ ");

		if (n > 0) {
			if (n < 2 || !part_starts(hay, p, n))
				return 0;
			parts++;
		}
		p += n;
		if (*p)
			p++;
	}
	return parts > 0;
}
