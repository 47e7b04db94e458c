/*
 * pack_html.h - the `pack -f html` report: the fleet's cost, its MIG plan's
 * against its lower bound and its workloads on their best dedicated
 * options, the workloads on whole VMs, and every GPU of every node pool
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
