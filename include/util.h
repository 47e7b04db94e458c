/*
 * util.h - the small helpers every module shares, one header for them all:
 * checked allocation (alloc.h), string buffers (strbuf.h), the string map
 * (strmap.h), name matching (match.h), value parsing (parse.h), number and
 * money formatting (fmt.h), ISO-8601 time (isotime.h), JSON text scans
 * (json_scan.h), text positions (textpos.h), and below, pieces of messages.
 *
 * Existing callers include this header; new code should include the small
 * header it needs instead.
 */
#ifndef GPUFIT_UTIL_H
#define GPUFIT_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "alloc.h"
#include "strbuf.h"
#include "strmap.h"
#include "match.h"
#include "parse.h"
#include "fmt.h"
#include "isotime.h"
#include "json_scan.h"
#include "textpos.h"

/*
 * url for a message: its userinfo ("user:secret@" in https://user:secret@host/)
 * replaced by "***@", so no password reaches a terminal or a log; other URLs
 * and strings that are no URL are copied as they are.  Writes at most len
 * bytes (cut with "..." when longer) and returns buf.
 */
const char *util_url_redact(const char *url, char *buf, size_t len);

/* src (NULL: "") into dst[n], cut to n - 1 bytes: snprintf's "%s" result,
 * without printf. */
void util_copy_str(char *dst, size_t n, const char *src);

/* fmt formatted in full into a new string (malloc'd; "" on an encoding
 * error): messages whose lists may pass any fixed buffer. */
char *util_vformat(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* strerror(errnum) with a lower-case first letter, as gpufit's messages are
 * lower case ("no such file or directory").  Returns a static buffer. */
const char *util_strerror(int errnum);

#endif
