/*
 * validate_report.c - the `validate` result in every format
 * (validate_report.h).
 */
#include "validate_report.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "gpufit.h"
#include "json_out.h"

struct validate_report {
	FILE *out;
	enum out_format format;
	int color;
	cJSON *doc, *files;            /* json */
	struct table *t;               /* markdown, csv, html */
};

struct validate_report *validate_report_new(FILE *out, enum out_format format, int color)
{
	struct validate_report *r = xcalloc(1, sizeof *r);

	r->out = out;
	r->format = format;
	r->color = color;
	if (format == FMT_JSON) {
		r->doc = cJSON_CreateObject();
		cJSON_AddNumberToObject(r->doc, "schema_version", GPUFIT_JSON_SCHEMA_VERSION);
		r->files = cJSON_AddArrayToObject(r->doc, "files");
	} else if (format != FMT_TABLE) {
		struct table *t = table_new(4);
		table_header(t, 0, "file", ALIGN_LEFT);
		table_header(t, 1, "status", ALIGN_LEFT);
		table_header(t, 2, "workloads", ALIGN_RIGHT);
		table_header(t, 3, "errors", ALIGN_RIGHT);
		table_csv_column(t, 2, "workload_count", CSV_TEXT);
		table_csv_column(t, 3, "error_count", CSV_TEXT);
		r->t = t;
	}
	return r;
}

static cJSON *file_json(const char *path, const struct profile *p, const struct diag_list *errs)
{
	cJSON *f = cJSON_CreateObject(), *list, *warnings;
	size_t i;

	cJSON_AddStringToObject(f, "path", path);
	cJSON_AddBoolToObject(f, "valid", errs->errors == 0);
	if (errs->errors == 0)
		cJSON_AddNumberToObject(f, "workloads", (double)p->nworkloads);
	else
		cJSON_AddNullToObject(f, "workloads");
	list = cJSON_AddArrayToObject(f, "errors");
	warnings = cJSON_AddArrayToObject(f, "warnings");
	for (i = 0; i < errs->n; i++) {
		const struct diag_item *d = &errs->items[i];
		cJSON *e = cJSON_CreateObject();

		if (d->line > 0)
			cJSON_AddNumberToObject(e, "line", d->line);
		else
			cJSON_AddNullToObject(e, "line");
		if (d->col > 0)
			cJSON_AddNumberToObject(e, "col", d->col);
		else
			cJSON_AddNullToObject(e, "col");
		cJSON_AddStringToObject(e, "message", d->msg);
		cJSON_AddItemToArray(d->severity == DIAG_ERROR ? list : warnings, e);
	}
	return f;
}

void validate_report_add(struct validate_report *r, const char *shown, const struct profile *p,
			 const struct diag_list *errs)
{
	char nw[32], ne[32];

	if (r->doc) {
		cJSON_AddItemToArray(r->files, file_json(shown, p, errs));
	} else if (r->t) {
		nw[0] = '\0';
		if (!errs->errors)
			snprintf(nw, sizeof nw, "%zu", p->nworkloads);
		snprintf(ne, sizeof ne, "%zu", errs->errors);
		table_add(r->t, shown, errs->errors ? "invalid" : "ok", nw, ne);
	} else if (!errs->errors) {
		fprintf(r->out, "%s: %sok%s (%zu workload%s)\n", shown,
			out_sgr(r->color, OUT_GREEN), out_sgr_off(r->color, OUT_GREEN),
			p->nworkloads, p->nworkloads == 1 ? "" : "s");
	}
}

int validate_report_finish(struct validate_report *r)
{
	int rc = 0;

	if (r->doc) {
		rc = json_print(r->out, r->doc);
		cJSON_Delete(r->doc);
	}
	if (r->t) {
		table_color(r->t, r->color);
		table_print(r->t, r->out, r->format);
		table_free(r->t);
	}
	free(r);
	return rc;
}
