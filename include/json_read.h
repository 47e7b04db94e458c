/*
 * json_read.h - reading JSON documents (files, stdin, streams) through cJSON,
 * bounded in size, with "FILE:LINE:COL: message" errors.
 */
#ifndef GPUFIT_JSON_READ_H
#define GPUFIT_JSON_READ_H

#include <stdio.h>

#include <cjson/cJSON.h>

struct strbuf;

/* The largest JSON input read (a file, stdin, a saved Prometheus answer):
 * 1 GiB.  JSON is read whole, never line by line, so a one-line document of
 * any size up to this is fine. */
#define JSON_MAX_BYTES ((size_t)1 << 30)
#define JSON_TOO_LARGE "larger than 1073741824 bytes (1 GiB), the limit for a JSON input"

/*
 * Reads and parses a JSON file ("-" = stdin).  On failure returns NULL and
 * writes "FILE:LINE:COL: message" into err.
 */
cJSON *json_read_file(const char *path, char *err, size_t errlen);

/*
 * Appends the rest of f to sb.  0 ok; -1 on a read error (errno set); 1 when
 * sb would hold more than JSON_MAX_BYTES (a regular file that large is refused
 * before anything is read; sb then holds what was read so far).
 */
int json_read_rest(FILE *f, struct strbuf *sb);

/*
 * Reads the JSON input file at path whole into sb (json_read_rest): 0, or
 * -1 with "PATH: why" in err (not a regular file - a FIFO or a device could
 * block or never end -, cannot open, too large, a read error); sb is then
 * released.
 */
int json_read_whole(const char *path, struct strbuf *sb, char *err, size_t errlen);

#endif
