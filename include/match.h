/*
 * match.h - matching a name typed by hand against known ones: edit distance
 * and "did you mean", case-insensitive containment, parts of a name.
 */
#ifndef GPUFIT_MATCH_H
#define GPUFIT_MATCH_H

#include <stddef.h>

/* Case-insensitive edit distance (bytes): insertions, deletions,
 * substitutions and adjacent transpositions each cost 1. */
size_t util_edit_distance(const char *a, const char *b);

/*
 * The best candidate for a "did you mean" hint: the closest of cands[0..n-1]
 * by util_edit_distance, if its distance is at most max(2, strlen(name)/4)
 * or name is a case-insensitive prefix of it; NULL otherwise.
 */
const char *util_suggest(const char *name, const char *const *cands, size_t n);

/* 1 when needle occurs in hay, ignoring ASCII case. */
int util_contains_nocase(const char *hay, const char *needle);

/* Whether every '-'/'_'/space-separated part of name (at least 2
 * characters each) starts a part of hay, ignoring case: "T4" and
 * "A100-80GB" are in "A100-PCIe-80GB"... and "T4-PCIe-16GB". */
int util_parts_in(const char *hay, const char *name);

#endif
