/*
 * check_text.h - the `check` result in -f table, markdown and csv: the
 * gates (each with its limit, actual value and why) and the headline
 * verdict; Markdown adds the warnings, the monthly cost per workload
 * against the baseline and the age of the prices used (a comment for a
 * pull request); csv is a row per gate, raw numbers with the unit in the
 * header (docs/output.md).
 */
#ifndef GPUFIT_CHECK_TEXT_H
#define GPUFIT_CHECK_TEXT_H

#include <stdio.h>

#include "check_gates.h"
#include "output.h"

/* Writes r to out in format (FMT_MARKDOWN, FMT_CSV, else the table);
 * color: terminal styles (table only). */
void check_text_print(FILE *out, enum out_format format, int color,
		      const struct check_report *r);

#endif
