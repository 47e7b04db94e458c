/*
 * profile_fit.h - a workload of a profile as the fit engine sees it.
 */
#ifndef GPUFIT_PROFILE_FIT_H
#define GPUFIT_PROFILE_FIT_H

#include <stddef.h>

#include "facts.h"
#include "fit.h"
#include "profile.h"

/*
 * Converts a workload of a profile into what the fit engine sizes: presets
 * (npresets of them) resolve a model given by preset name; headroom is a
 * fraction (0.15 for 15 %).  Returns 0, or -1 with a reason a person can act
 * on in *why (a static string) when the workload cannot be sized.
 */
int fit_workload_from_profile(const struct profile_workload *pw, const struct model_preset *presets,
			      size_t npresets, double headroom, struct fit_workload *w,
			      const char **why);

#endif
