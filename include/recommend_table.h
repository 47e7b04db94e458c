/*
 * recommend_table.h - the `recommend` result in -f table, markdown and csv:
 * the table's short default (what to buy, why, what it costs, the
 * alternatives, the current deployment, findings and warnings) with its long
 * lists behind --details; Markdown's summary table and its folded details;
 * csv a row per option, raw numbers with the unit in the header
 * (docs/output.md).  A renderer: it only prints what struct recommend_result
 * says.
 */
#ifndef GPUFIT_RECOMMEND_TABLE_H
#define GPUFIT_RECOMMEND_TABLE_H

#include <stdio.h>

#include "output.h"
#include "recommend.h"

/* Writes r to out in format (FMT_MARKDOWN, FMT_CSV, else the table);
 * color: terminal styles, details: the table in full (--details). */
void recommend_table_print(FILE *out, enum out_format format, int color, int details,
			   const struct recommend_result *r);

/* The workload's one need (JSON needs), per replica, headroom included:
 * "needs per replica, 15% headroom included: ..." and a newline; nothing
 * when it has none. */
void recommend_needs_print(FILE *f, const struct recommend_result *r,
			   const struct recommend_workload *w);

#endif
