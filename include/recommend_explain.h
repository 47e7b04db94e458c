/*
 * recommend_explain.h - the text of `recommend --explain SKU` for one
 * workload on one size: the verdict in recommend's words, the precision
 * mode, the memory of one instance, the split, the bound, throughput and
 * latency.
 */
#ifndef GPUFIT_RECOMMEND_EXPLAIN_H
#define GPUFIT_RECOMMEND_EXPLAIN_H

#include <stdio.h>

#include "fit.h"
#include "recommend.h"
#include "sizing.h"

/* Writes what fit_evaluate() said of w on cap (r) to f; rw is the
 * workload's recommendation (its one need), pricing and region name the
 * price the rejection of an unpriced size quotes, headroom_pct the
 * headroom the fit was run with. */
void recommend_explain_print(FILE *f, const struct recommend_workload *rw,
			     const struct fit_workload *w, const struct sizing_capacity *cap,
			     const struct sizing_factors *fac, const struct fit_result *r,
			     const char *pricing, const char *region, double headroom_pct);

/*
 * A traffic-described workload's load plan on the size (lp, from
 * recommend_load_plan_size): "load plan: ..." as recommend prints it, the
 * replicas of each hour, whether the capped hours miss the SLO, and, when
 * priced (priced != 0), each level's bill and the plan's total in currency.
 */
void recommend_explain_load_print(FILE *f, const struct recommend_load_plan *lp, int priced,
				  const char *currency);

#endif
