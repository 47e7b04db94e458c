/*
 * fuzz_promapi.c - the answers of a live Prometheus HTTP API as
 * `analyze --prometheus` reads them: an instant-query vector of statistics
 * (prom_answer_rows), a series listing (prom_answer_series), an error answer
 * (prom_answer_error), and a query_range matrix (telemetry_read_json) into a
 * store limited to 16 series.  fuzz_promjson reads saved answers through the
 * file reader and the whole command; this harness reads the live ones, which
 * never pass through a file.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "prom_answer.h"
#include "telemetry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	char err[512], type[32], msg[200];

	struct prom_row *rows = NULL;
	size_t n = 0;
	if (prom_answer_rows(buf, size, &rows, &n, err, sizeof err) == 0 && n && !rows)
		abort();
	free(rows);

	struct prom_series *ser = NULL;
	n = 0;
	if (prom_answer_series(buf, size, &ser, &n, err, sizeof err) == 0 && n && !ser)
		abort();
	free(ser);

	(void)prom_answer_error(buf, size, type, sizeof type, msg, sizeof msg);

	struct telemetry_store st;
	struct telemetry_read_opts o;
	struct diag_list dl = DIAG_LIST_INIT;
	telemetry_store_init(&st);
	st.max_series = 16;
	telemetry_read_opts_default(&o);
	o.allow_empty = 1;
	(void)telemetry_read_json(&st, buf, size, "answer", &o, &dl);
	if (st.n > 16)
		abort();
	telemetry_store_finish(&st);
	diag_list_release(&dl);
	telemetry_store_release(&st);
	return 0;
}
