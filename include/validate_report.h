/*
 * validate_report.h - the `validate` result in every format, one profile
 * file at a time: table prints "FILE: ok (N workloads)" as each valid file
 * is read (the problems of an invalid one are the command's messages on
 * stderr); markdown, csv and html are a row per file (status, workloads,
 * errors); json is one document (docs/schema/validate.schema.json) with
 * each file's errors and warnings, line and column null when unknown.
 */
#ifndef GPUFIT_VALIDATE_REPORT_H
#define GPUFIT_VALIDATE_REPORT_H

#include <stdio.h>

#include "diag.h"
#include "output.h"
#include "profile.h"

struct validate_report;

/* A report in format writing to out (color: terminal styles); free it with
 * validate_report_finish(). */
struct validate_report *validate_report_new(FILE *out, enum out_format format, int color);

/* One file: shown is its name as printed, p its profile (read only when
 * errs has no error), errs its problems. */
void validate_report_add(struct validate_report *r, const char *shown, const struct profile *p,
			 const struct diag_list *errs);

/* Writes what the format holds back to the end (the document, the table)
 * and frees r; 0, or -1 when the JSON document could not be written. */
int validate_report_finish(struct validate_report *r);

#endif
