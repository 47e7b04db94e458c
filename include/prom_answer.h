/*
 * prom_answer.h - reads the instant-query answers of `analyze --prometheus`
 * (prom_query.h) into plain structs.  The only prom_* module that includes
 * cJSON; its objects are freed before each function returns.
 */
#ifndef GPUFIT_PROM_ANSWER_H
#define GPUFIT_PROM_ANSWER_H

#include <stddef.h>

#include "prom_query.h"
#include "telemetry.h"

/* One sample of a vector answer: its labels coalesced as telemetry reads
 * them, its gpufit_stat (-1 when absent or unknown) and its value. */
struct prom_row {
	struct telemetry_labels lbl;
	int stat;
	double value;
};

/*
 * Parses a vector answer into *rows (caller frees; NULL when empty).  0, or
 * -1 with a one-line cause in err: not JSON, an error answer, not a vector,
 * or a value that is not [time, "number"].
 */
int prom_answer_rows(const char *buf, size_t len, struct prom_row **rows, size_t *n, char *err,
		     size_t errlen);

/* One series of a series-API answer: its labels coalesced, and the label
 * that names its host (the strongest present) with its value. */
struct prom_series {
	struct telemetry_labels lbl;
	enum prom_host_key key;
	char host[128];
};

/*
 * Parses an /api/v1/series answer ({"status": "success", "data": [{labels},
 * ...]}) into *out (caller frees; NULL when empty).  Same errors as
 * prom_answer_rows.
 */
int prom_answer_series(const char *buf, size_t len, struct prom_series **out, size_t *n,
		       char *err, size_t errlen);

/*
 * 1 when buf is a Prometheus error answer ({"status": "error", ...}); its
 * errorType and error text are copied (truncated) into type and msg.  0 when
 * it is not one (or not JSON).
 */
int prom_answer_error(const char *buf, size_t len, char *type, size_t tlen, char *msg,
		      size_t mlen);

#endif
