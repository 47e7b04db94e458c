/*
 * json_scan.c - scans of raw JSON text made before or after cJSON parses it:
 * nesting depth at an offset, whether a string is open, a bound on values.
 */
#include "json_scan.h"

size_t util_json_values_bound(const char *buf, size_t len)
{
	size_t n = 1;
	int in_str = 0;

	for (size_t i = 0; i < len; i++) {
		char c = buf[i];
		if (in_str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_str = 0;
		} else if (c == '"') {
			in_str = 1;
		} else if (c == ',' || c == '[' || c == '{') {
			n++;
		}
	}
	return n;
}

size_t util_json_scan(const char *buf, size_t off, int *in_string)
{
	size_t depth = 0;
	int in_str = 0;

	for (size_t i = 0; i < off && buf[i]; i++) {
		char ch = buf[i];

		if (in_str) {
			if (ch == '\\')
				i++;
			else if (ch == '"')
				in_str = 0;
		} else if (ch == '"') {
			in_str = 1;
		} else if (ch == '[' || ch == '{') {
			depth++;
		} else if ((ch == ']' || ch == '}') && depth) {
			depth--;
		}
	}
	if (in_string)
		*in_string = in_str;
	return depth;
}

size_t util_json_depth_at(const char *buf, size_t off)
{
	return util_json_scan(buf, off, NULL);
}
