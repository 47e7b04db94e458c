/*
 * profile_serving.c - the 'serving' section of a workload: tokens,
 * concurrency, latency SLOs (and their unit slips), the traffic (rate,
 * percentile, arrivals) and its load curve by hour (profile_internal.h).
 */
#include "alloc.h"
#include "profile_internal.h"

/* Bounds (struct num_rule). */
static const struct num_rule
	R_IN_TOKENS = { 1, 1e7, 0, 1, 0, 0 },
	R_OUT_TOKENS = { 1, 1e6, 0, 1, 0, 0 },
	R_CONCURRENCY = { 1, 1e6, 0, 1, 0, 0 },
	R_RATE = { 0, 1e6, 1, 0, 0, 0 },
	R_PERCENTILE = { 50, 99.9, 0, 0, 0, 0 },
	R_SHARE = { 0, 1, 0, 0, 0, 0 },
	R_TOKENS_PER_S = { 0, 1e9, 1, 0, 0, 0 },
	R_MS_PER_TOKEN = { 0, 60000, 1, 0, 0, 0 },
	R_TTFT_MS = { 0, 3.6e6, 1, 0, 0, 0 };

/*
 * Unit slips: a latency SLO under 1 ms or over over_ms (10 s; for a first
 * token, longer for a long prompt) is more likely seconds or microseconds
 * than milliseconds.  The value is echoed as written.
 */
static void slo_slip(struct reader *r, const struct node *v, const char *path, double ms,
		     double over_ms)
{
	if (!v)
		return;
	if (ms < 1)
		profile_warn_node(r, v, "'%s' is %s ms, under 1 ms: no GPU serves that fast; if you meant "
				  "%s s, write %g", path, v->text, v->text, ms * 1000.0);
	else if (ms > over_ms)
		profile_warn_node(r, v, "'%s' is %s ms, over %g s: if you meant %s microseconds, write %g",
				  path, v->text, over_ms / 1000.0, v->text, ms / 1000.0);
}

/* The slowest first token that is not a slip: 10 s, or 1 ms a prompt token
 * (a prefill of 1,000 tokens/s, a small GPU on a mid-sized model) for a
 * longer prompt: 30 s for 120,000 tokens is a plausible target, 30 ms is not. */
static double ttft_slip_ms(double input_tokens)
{
	return input_tokens > 10000 ? input_tokens : 10000;
}

/* One curve of serving.load: 24 shares of the peak rate, one per UTC hour.
 * 1 read, -1 reported. */
static int read_curve(struct reader *r, const struct node *v, const char *path, double *out)
{
	int ok = 1;

	if (v->bad)
		return -1;
	if (v->kind != NODE_SEQ) {
		profile_err_node(r, v, "'%s' must be a list of 24 shares of the peak rate (one per UTC "
				 "hour), got %s", path, profile_kind_name(v));
		return -1;
	}
	if (v->n != 24) {
		profile_err_node(r, v, "'%s' has %zu values; it needs 24, one per UTC hour (00:00 to "
				 "23:00)", path, v->n);
		return -1;
	}
	for (size_t i = 0; i < 24; i++) {
		char at[96];

		snprintf(at, sizeof at, "%s[%zu]", path, i);
		if (profile_node_num(r, v->items[i], at, &R_SHARE, &out[i]) < 0)
			ok = 0;
	}
	return ok ? 1 : -1;
}

/* serving.load: hours, or weekday and weekend.  Warns when the highest
 * share of every curve is below 1 (the peak rate is never reached). */
static void read_load(struct reader *r, const struct node *m, struct profile_serving *s)
{
	static const char *const keys[] = { "hours", "weekday", "weekend" };
	const struct node *h = profile_map_get(m, "hours"), *wd = profile_map_get(m, "weekday"),
			  *we = profile_map_get(m, "weekend");
	double top = 0;
	int n = 0, ok = 1;

	if (!s->load)
		s->load = xcalloc(2, sizeof *s->load);
	profile_check_keys(r, m, keys, COUNT(keys), "in 'serving.load'");
	if (h && (wd || we)) {
		profile_err_node(r, wd ? profile_map_key(m, "weekday") : profile_map_key(m, "weekend"),
				 "'serving.load' takes 'hours' (every day) or 'weekday' and 'weekend', "
				 "not both");
		return;
	}
	if (h) {
		ok = read_curve(r, h, "serving.load.hours", s->load[0]) > 0;
		n = 1;
	} else if (wd && we) {
		ok = read_curve(r, wd, "serving.load.weekday", s->load[0]) > 0;
		ok = read_curve(r, we, "serving.load.weekend", s->load[1]) > 0 && ok;
		n = 2;
	} else if (wd || we) {
		profile_err_node(r, wd ? profile_map_key(m, "weekday") : profile_map_key(m, "weekend"),
				 "'serving.load.%s' needs 'serving.load.%s' too (24 shares each)",
				 wd ? "weekday" : "weekend", wd ? "weekend" : "weekday");
		return;
	} else {
		profile_err_node(r, m, "'serving.load' needs 'hours' (24 shares of the peak rate) or "
				 "'weekday' and 'weekend'");
		return;
	}
	if (!ok)
		return;
	s->load_curves = n;
	for (int c = 0; c < n; c++)
		for (int i = 0; i < 24; i++)
			top = s->load[c][i] > top ? s->load[c][i] : top;
	if (top < 1.0)
		profile_warn_node(r, m, "the highest share in 'serving.load' is %g: the peak rate "
				  "'serving.requests_per_s' is never reached (the plan sizes for %g of it "
				  "at most)", top, top);
}

/*
 * The load of serving: concurrency (sequences in flight), or requests_per_s
 * (with percentile and load), one of the two.
 */
static void read_traffic(struct reader *r, const struct node *m, struct profile_serving *s,
			 const char *const *keys, size_t nkeys)
{
	const char *const p = "serving.";
	const struct node *conc = profile_map_get(m, "concurrency"), *rate = profile_map_get(m, "requests_per_s");
	const struct node *v;

	s->percentile = 95;
	if (conc && rate) {
		profile_err_node(r, profile_map_key(m, "requests_per_s"), "'serving' gives both 'concurrency' and "
				 "'requests_per_s'; give one: sequences in flight, or the peak arrival rate");
		conc = NULL;   /* the rest is read as a rate: one error each */
	}
	if (!conc && !rate) {
		profile_missing(r, m, keys, nkeys, "concurrency",
			"in 'serving' (sequences in flight; or 'requests_per_s', the peak arrival "
			"rate)");
		return;
	}
	if (conc) {
		profile_get_long(r, m, "concurrency", p, &R_CONCURRENCY, &s->concurrency);
		if (profile_map_get(m, "percentile"))
			profile_err_node(r, profile_map_key(m, "percentile"), "'serving.percentile' needs "
					 "'serving.requests_per_s' (the quantile of the sequences in flight "
					 "under random arrivals)");
		if (profile_map_get(m, "load"))
			profile_err_node(r, profile_map_key(m, "load"), "'serving.load' needs "
					 "'serving.requests_per_s' (the curve is a share of the peak rate)");
		return;
	}
	s->has_requests_per_s = profile_get_num(r, m, "requests_per_s", p, &R_RATE,
					&s->requests_per_s) > 0;
	profile_get_num(r, m, "percentile", p, &R_PERCENTILE, &s->percentile);
	if (profile_map_get(m, "target_output_tokens_per_s"))
		profile_err_node(r, profile_map_key(m, "target_output_tokens_per_s"),
				 "'serving.target_output_tokens_per_s' cannot be given with "
				 "'requests_per_s': the rate x output_tokens is the throughput");
	v = profile_map_get(m, "load");
	if (v && profile_expect_map(r, v, "serving.load") == 0)
		read_load(r, v, s);
}

void profile_read_serving(struct reader *r, const struct node *m, struct profile_serving *s)
{
	static const char *const keys[] = { "input_tokens", "output_tokens", "concurrency",
					    "target_output_tokens_per_s",
					    "max_ms_per_output_token",
					    "max_time_to_first_token_ms", "engine",
					    "expert_parallel", "max_sequences", "requests_per_s",
					    "percentile", "load", "attention" };
	static const char *const flag_names[] = { "false", "true" };
	static const char *const attention_names[] = { "data-parallel", "tensor-parallel" };
	const char *const p = "serving.";
	const char *engine_names[SIZING_ENGINE_COUNT];
	const struct node *v;
	int engine = SIZING_ENGINE_VLLM, ep = 0, ep_bad = 0, attention = -1;

	profile_check_keys(r, m, keys, COUNT(keys), "in 'serving'");
	if (profile_get_long(r, m, "input_tokens", p, &R_IN_TOKENS, &s->input_tokens) == 0)
		profile_missing(r, m, keys, COUNT(keys),
			"input_tokens", "in 'serving' (prompt tokens per request)");
	if (profile_get_long(r, m, "output_tokens", p, &R_OUT_TOKENS, &s->output_tokens) == 0)
		profile_missing(r, m, keys, COUNT(keys),
			"output_tokens", "in 'serving' (generated tokens per request)");
	read_traffic(r, m, s, keys, COUNT(keys));
	s->has_target_output_tokens_per_s = profile_get_num(r, m, "target_output_tokens_per_s", p,
							    &R_TOKENS_PER_S,
							    &s->target_output_tokens_per_s) > 0;
	s->has_max_ms_per_output_token = profile_get_num(r, m, "max_ms_per_output_token", p,
							 &R_MS_PER_TOKEN,
							 &s->max_ms_per_output_token) > 0;
	s->has_max_time_to_first_token_ms = profile_get_num(r, m, "max_time_to_first_token_ms", p,
							    &R_TTFT_MS,
							    &s->max_time_to_first_token_ms) > 0;
	for (int i = 0; i < SIZING_ENGINE_COUNT; i++)
		engine_names[i] = sizing_engine_name((enum sizing_engine)i);
	v = profile_map_get(m, "engine");
	if (v)
		profile_node_enum(r, v, "serving.engine", "serving engine", engine_names,
				  COUNT(engine_names), &engine);
	s->engine = (enum sizing_engine)engine;
	v = profile_map_get(m, "expert_parallel");
	if (v && profile_node_enum(r, v, "serving.expert_parallel", "serving.expert_parallel value",
				   flag_names, COUNT(flag_names), &ep) != 1)
		ep_bad = 1;
	s->expert_parallel = ep;
	v = profile_map_get(m, "attention");
	if (v && profile_node_enum(r, v, "serving.attention", "serving.attention value",
				   attention_names, COUNT(attention_names), &attention) == 1) {
		/* an expert_parallel value already reported is not asked for again */
		if (!ep && !ep_bad)
			profile_err_node(r, v, "'serving.attention' chooses where attention runs "
					 "under expert parallelism: it needs 'serving.expert_parallel: "
					 "true'");
		s->attention = attention == 0 ? SIZING_ATTENTION_DATA_PARALLEL
					      : SIZING_ATTENTION_TENSOR_PARALLEL;
	}
	profile_get_long(r, m, "max_sequences", p, &R_CONCURRENCY, &s->max_sequences);
	if (s->has_max_ms_per_output_token)
		slo_slip(r, profile_map_get(m, "max_ms_per_output_token"), "serving.max_ms_per_output_token",
			 s->max_ms_per_output_token, 10000);
	if (s->has_max_time_to_first_token_ms)
		slo_slip(r, profile_map_get(m, "max_time_to_first_token_ms"),
			 "serving.max_time_to_first_token_ms", s->max_time_to_first_token_ms,
			 ttft_slip_ms(s->input_tokens));
}
