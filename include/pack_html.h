/*
 * pack_html.h - the `pack -f html` report: the plan cost against its lower
 * bound and one whole GPU per replica, and every GPU of every node pool
 * drawn as its eight memory slots and seven compute slices, each slice
 * coloured and numbered by its workload.  It reads the same struct
 * pack_plan the JSON is made from.
 */
#ifndef GPUFIT_PACK_HTML_H
#define GPUFIT_PACK_HTML_H

#include <stdio.h>

#include "pack_plan.h"

/* The whole page. */
void pack_html_print(FILE *f, const struct pack_plan *pl, const char *gpufit_version);

#endif
