/*
 * json_scan.h - scans of raw JSON text made before or after cJSON parses it:
 * nesting depth at an offset, whether a string is open, a bound on values.
 */
#ifndef GPUFIT_JSON_SCAN_H
#define GPUFIT_JSON_SCAN_H

#include <stddef.h>

/* The depth of [ and { open at byte off of the JSON text buf (strings
 * skipped): a parse that fails at CJSON_NESTING_LIMIT levels failed on its
 * nesting, not on its syntax. */
size_t util_json_depth_at(const char *buf, size_t off);

/* The same scan of buf's first off bytes, with *in_string (when not NULL)
 * set when it ends inside a string: a text cut short is still open. */
size_t util_json_scan(const char *buf, size_t off, int *in_string);

/* An upper bound on the values (nodes) a parse of the JSON text buf creates:
 * one per ',', '[' and '{' outside strings, plus one.  Read before parsing so
 * that memory is refused before it is spent. */
size_t util_json_values_bound(const char *buf, size_t len);

#endif
