/*
 * check_json.h - the `check -f json` document (docs/schema/check.schema.json):
 * the verdict, each gate with its limit and actual value, the totals, the
 * baseline's, the catalog and the age of the prices used, the cost of each
 * workload and the warnings.
 */
#ifndef GPUFIT_CHECK_JSON_H
#define GPUFIT_CHECK_JSON_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "check_gates.h"

/* The document of r; the caller frees it with cJSON_Delete(). */
cJSON *check_json_doc(const struct check_report *r);

/* Writes the document of r to out; 0, or -1 on allocation failure. */
int check_json_print(FILE *out, const struct check_report *r);

#endif
