/*
 * pack_text.h - the `pack` result in -f table, markdown and csv: the fleet's
 * cost, every node pool with each GPU's slices drawn as its eight memory
 * slots, the replicas on dedicated small GPUs, the workloads on whole VMs,
 * what could not be placed and the MIG plan against its lower bound;
 * csv a row per slice, dedicated replica, whole-VM workload and unplaced
 * replica, raw numbers with the unit in the header (docs/pack.md,
 * docs/output.md).  A renderer: it only prints what struct pack_plan says.
 */
#ifndef GPUFIT_PACK_TEXT_H
#define GPUFIT_PACK_TEXT_H

#include <stdio.h>

#include "output.h"
#include "pack_plan.h"

/* Writes pl to out in format (FMT_MARKDOWN, FMT_CSV, else the table);
 * color: terminal styles (table only). */
void pack_text_print(FILE *out, enum out_format format, int color, const struct pack_plan *pl);

#endif
