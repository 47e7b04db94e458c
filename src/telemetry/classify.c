/*
 * classify.c - from one series' statistics to a finding and advice.
 *
 * The rules are an ordered list, first match wins, evaluated on the
 * accumulated statistics (telemetry.h).  "Activity" is the engine-active
 * ratio (DCGM_FI_PROF_GR_ENGINE_ACTIVE) when present, else the duty cycle
 * (GPU_UTIL), else SM activity; "compute" is SM activity when present, else
 * activity.  The duty cycle alone cannot tell busy from busy-waiting: one
 * small kernel on one SM reads 100 %, so a busy GPU without SM or tensor
 * counters is reported as no-data with the counter to enable.  Sources of
 * every default: docs/analyze.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "util.h"

static const char *const finding_names[CLASS_COUNT] = {
	"idle", "underused", "busy-waiting", "data-starved", "memory-bound", "healthy", "no-data",
};

const char *classify_finding_name(enum classify_finding f)
{
	return (unsigned)f < CLASS_COUNT ? finding_names[f] : "?";
}

int classify_finding_parse(const char *s, enum classify_finding *out)
{
	for (int i = 0; i < CLASS_COUNT; i++)
		if (strcmp(s, finding_names[i]) == 0) {
			*out = (enum classify_finding)i;
			return 0;
		}
	return -1;
}

void classify_thresholds_default(struct classify_thresholds *t)
{
	t->min_samples = 10;
	t->unreliable_util = 0.90;   /* dcgm-exporter issue #662 */
	t->idle_max = 0.05;          /* KempnerPulse idle < 5 %; Terraform duty_cycle < 5 % */
	t->busy_util = 0.80;
	t->busy_sm = 0.50;           /* NVIDIA: SM activity < 0.5 likely ineffective */
	t->weak_tensor = 0.10;
	t->weak_dram = 0.20;
	t->starved_sm = 0.30;        /* KempnerPulse: I/O-bound when SM < 30 % */
	t->starved_pcie_rx = 1e9;    /* KempnerPulse: PCIe >= 1 GB/s */
	t->starved_memcopy = 0.40;   /* KempnerPulse: memcpy >= 40 % */
	t->sawtooth_p95 = 0.70;      /* SageMaker LowGPUUtilization: p95 >= 70 % ... */
	t->sawtooth_p5 = 0.10;       /* ... with p5 < 10 %: fluctuating */
	t->memory_dram = 0.50;       /* KempnerPulse: DRAM >= 50 % and SM < 50 % */
	t->memory_sm = 0.50;
	t->underused_p95 = 0.50;     /* NVIDIA's 0.5 line, read on p95 */
}

enum counter { C_SM, C_GR };

/* Where the missing counter comes from, in the words of the source. */
static void enable_hint(char *buf, size_t len, const char *source, enum counter c)
{
	if (strcmp(source, "nvidia-smi") == 0)
		snprintf(buf, len, "nvidia-smi cannot report %s; collect %s with dcgm-exporter",
			 c == C_SM ? "SM activity" : "utilization under MIG",
			 c == C_SM ? "DCGM_FI_PROF_SM_ACTIVE" : "DCGM_FI_PROF_GR_ENGINE_ACTIVE");
	else if (strcmp(source, "dcgmi") == 0)
		snprintf(buf, len, "add field %s to 'dcgmi dmon -e'",
			 c == C_SM ? "1002 (SMACT)" : "1001 (GRACT)");
	else
		snprintf(buf, len, "enable the row 'DCGM_FI_PROF_%s, gauge, ...' in dcgm-exporter's "
			 "counters CSV", c == C_SM ? "SM_ACTIVE" : "GR_ENGINE_ACTIVE");
}

static double pct(double r)
{
	return r * 100.0;
}

/* The texts of a result while it is being written. */
struct classify_text {
	char reason[320];
	char recommendation[200];
	char enable[200];
};

/* One series' statistics as the rules read them: activity, duty cycle and
 * compute chosen once (see the top of this file). */
struct seen {
	const struct telemetry_series *s;
	const struct classify_thresholds *t;
	struct telemetry_stats st[TM_METRIC_COUNT];
	const struct telemetry_stats *gr, *util, *sm, *tensor, *dram;
	enum telemetry_metric am;               /* the activity metric */
	const struct telemetry_stats *act, *duty, *compute;
};

/* Each rule below decides the finding and returns 1, or leaves it to the
 * next rule and returns 0; classify_into runs them in order. */

/* 1. no-data: no activity counter, too few samples, or a stuck engine
 * counter */
static int rule_no_data(const struct seen *v, struct classify_result *out,
			struct classify_text *tx)
{
	const struct telemetry_stats *act = v->act, *util = v->util, *gr = v->gr;
	const struct classify_thresholds *t = v->t;

	if (!act->count) {
		out->finding = CLASS_NO_DATA;
		snprintf(tx->reason, sizeof(tx->reason), "no utilization counter was collected");
		enable_hint(tx->enable, sizeof(tx->enable), v->s->source, C_GR);
		snprintf(tx->recommendation, sizeof(tx->recommendation), "%s", tx->enable);
		return 1;
	}
	if (act->count < t->min_samples) {
		out->finding = CLASS_NO_DATA;
		snprintf(tx->reason, sizeof(tx->reason),
			 "only %llu sample%s of %s (at least %llu needed)",
			 (unsigned long long)act->count, act->count == 1 ? "" : "s",
			 telemetry_metric_name(v->am),
			 (unsigned long long)t->min_samples);
		snprintf(tx->recommendation, sizeof(tx->recommendation),
			 "collect a longer window");
		return 1;
	}
	if (util->count && gr->count && util->p95 >= t->unreliable_util && gr->max == 0) {
		/* the engine counter is stuck: read activity from the duty cycle */
		out->finding = CLASS_NO_DATA;
		out->activity_metric = TM_GPU_UTIL;
		out->activity = *util;
		out->idle_fraction = telemetry_acc_fraction_below(&v->s->m[TM_GPU_UTIL],
								  t->idle_max);
		snprintf(tx->reason, sizeof(tx->reason),
			 "gpu_util p95 is %.0f%% while gr_engine_active stays at 0: profiling data "
			 "unreliable", pct(util->p95));
		snprintf(tx->enable, sizeof(tx->enable),
			 "check the DCGM profiling module (dcgm-exporter issue #662)");
		snprintf(tx->recommendation, sizeof(tx->recommendation), "%s", tx->enable);
		return 1;
	}
	return 0;
}

/* 2. idle: activity never reached the idle line */
static int rule_idle(const struct seen *v, double current_hourly, struct classify_result *out,
		     struct classify_text *tx)
{
	const struct telemetry_stats *act = v->act;

	if (!(act->max < v->t->idle_max))
		return 0;
	out->finding = CLASS_IDLE;
	if (out->peak_memory_gib > 0)
		snprintf(tx->reason, sizeof(tx->reason),
			 "%s peaked at %.1f%% over %llu sample%s while %.1f GiB stayed allocated",
			 telemetry_metric_name(v->am), pct(act->max),
			 (unsigned long long)act->count, act->count == 1 ? "" : "s",
			 out->peak_memory_gib);
	else
		snprintf(tx->reason, sizeof(tx->reason),
			 "%s peaked at %.1f%% over %llu sample%s", telemetry_metric_name(v->am),
			 pct(act->max), (unsigned long long)act->count,
			 act->count == 1 ? "" : "s");
	snprintf(tx->recommendation, sizeof(tx->recommendation),
		 "release the GPU or scale it to zero");
	out->savings_hourly = current_hourly > 0 ? current_hourly : 0;
	return 1;
}

/* 3. busy-waiting: a high duty cycle without the SM (or tensor and DRAM)
 * activity to match; no-data when no counter can tell */
static int rule_busy_waiting(const struct seen *v, struct classify_result *out,
			     struct classify_text *tx)
{
	const struct telemetry_stats *duty = v->duty, *sm = v->sm, *tensor = v->tensor;
	const struct telemetry_stats *dram = v->dram;
	const struct classify_thresholds *t = v->t;
	const char *duty_name = duty == v->util ? "gpu_util" : "gr_engine_active";

	if (!(duty->mean >= t->busy_util))
		return 0;
	int dram_high = dram->count && dram->mean >= t->memory_dram;
	if (sm->count && sm->mean < t->busy_sm && !dram_high) {
		out->finding = CLASS_BUSY_WAITING;
		snprintf(tx->reason, sizeof(tx->reason),
			 "%s averages %.0f%% but SM activity only %.0f%%", duty_name,
			 pct(duty->mean), pct(sm->mean));
	} else if (!sm->count && tensor->count && dram->count &&
		   tensor->mean < t->weak_tensor && dram->mean < t->weak_dram) {
		out->finding = CLASS_BUSY_WAITING;
		out->weak = 1;
		snprintf(tx->reason, sizeof(tx->reason),
			 "%s averages %.0f%% with tensor %.0f%% and DRAM %.0f%% "
			 "(weak evidence: no SM activity counter)", duty_name, pct(duty->mean),
			 pct(tensor->mean), pct(dram->mean));
		enable_hint(tx->enable, sizeof(tx->enable), v->s->source, C_SM);
	} else if (!sm->count && !tensor->count && !dram->count) {
		out->finding = CLASS_NO_DATA;
		snprintf(tx->reason, sizeof(tx->reason),
			 "%s averages %.0f%%, but without SM activity busy cannot be told "
			 "from busy-waiting", duty_name, pct(duty->mean));
		enable_hint(tx->enable, sizeof(tx->enable), v->s->source, C_SM);
		snprintf(tx->recommendation, sizeof(tx->recommendation), "%s", tx->enable);
		return 1;
	}
	if (out->finding != CLASS_BUSY_WAITING)
		return 0;
	snprintf(tx->recommendation, sizeof(tx->recommendation),
		 "profile the job: small kernels or synchronisation keep the GPU "
		 "busy without work (batch more per kernel, CUDA graphs)");
	return 1;
}

/* 4. data-starved: low compute with heavy PCIe or memory-copy traffic, or a
 * sawtooth of idle and busy */
static int rule_data_starved(const struct seen *v, struct classify_result *out,
			     struct classify_text *tx)
{
	const struct classify_thresholds *t = v->t;
	const struct telemetry_stats *compute = v->compute, *act = v->act;
	const struct telemetry_stats *rx = &v->st[TM_PCIE_RX], *mc = &v->st[TM_MEM_COPY_UTIL];
	int low = compute->mean < t->starved_sm;
	int pcie = rx->count && rx->mean >= t->starved_pcie_rx;
	int copy = mc->count && mc->mean >= t->starved_memcopy;
	int saw = act->p95 >= t->sawtooth_p95 && act->p5 <= t->sawtooth_p5;

	if (!((low && (pcie || copy)) || saw))
		return 0;
	out->finding = CLASS_DATA_STARVED;
	if (low && pcie)
		snprintf(tx->reason, sizeof(tx->reason),
			 "%s averages %.0f%% while PCIe host-to-device traffic "
			 "averages %.2f GB/s", v->sm->count ? "SM activity" : "activity",
			 pct(compute->mean), rx->mean / 1e9);
	else if (low && copy)
		snprintf(tx->reason, sizeof(tx->reason),
			 "%s averages %.0f%% while memory-copy utilization averages "
			 "%.0f%%", v->sm->count ? "SM activity" : "activity",
			 pct(compute->mean), pct(mc->mean));
	else
		snprintf(tx->reason, sizeof(tx->reason),
			 "%s swings between idle and busy (p5 %.0f%%, p95 %.0f%%, idle "
			 "%.0f%% of the time)", telemetry_metric_name(v->am), pct(act->p5),
			 pct(act->p95), pct(out->idle_fraction));
	snprintf(tx->recommendation, sizeof(tx->recommendation),
		 "speed up the input pipeline (more loader workers, pinned memory, "
		 "prefetch, local NVMe cache)");
	return 1;
}

/* 5. memory-bound: high DRAM activity with low SM or tensor activity */
static int rule_memory_bound(const struct seen *v, struct classify_result *out,
			     struct classify_text *tx)
{
	const struct telemetry_stats *dram = v->dram, *sm = v->sm, *tensor = v->tensor;
	const struct classify_thresholds *t = v->t;

	if (!(dram->count && dram->mean >= t->memory_dram &&
	      ((sm->count && sm->mean < t->memory_sm) ||
	       (tensor->count && tensor->mean < t->weak_tensor) || (!sm->count && !tensor->count))))
		return 0;
	out->finding = CLASS_MEMORY_BOUND;
	snprintf(tx->reason, sizeof(tx->reason),
		 "DRAM activity averages %.0f%% (about %.0f%% of the practical peak of 80%%)",
		 pct(dram->mean), pct(dram->mean / 0.8));
	snprintf(tx->recommendation, sizeof(tx->recommendation),
		 "optimise memory access or batching; more bandwidth helps more than "
		 "more compute");
	return 1;
}

/* 6. underused: compute p95 under the line; the cheapest candidate that
 * holds the memory and the compute (the smaller compute on a tie) */
static int rule_underused(const struct seen *v, const struct classify_candidate *cands,
			  size_t ncands, double current_hourly, struct classify_result *out,
			  struct classify_text *tx)
{
	const struct telemetry_stats *compute = v->compute;

	if (!(compute->p95 < v->t->underused_p95))
		return 0;
	out->finding = CLASS_UNDERUSED;
	double mem = out->peak_memory_gib;
	for (size_t i = 0; i < ncands; i++) {
		const struct classify_candidate *c = &cands[i];
		if (mem < 0 || c->memory_gib < mem || c->compute < compute->p95)
			continue;
		if (current_hourly > 0 && !(c->hourly > 0 && c->hourly < current_hourly))
			continue;
		if (out->candidate >= 0) {
			const struct classify_candidate *b = &cands[out->candidate];
			if (c->hourly > b->hourly ||
			    (c->hourly == b->hourly && c->compute >= b->compute))
				continue;
		}
		out->candidate = (int)i;
	}
	snprintf(tx->reason, sizeof(tx->reason),
		 "%s p95 is %.0f%%%s", v->sm->count ? "SM activity" : telemetry_metric_name(v->am),
		 pct(compute->p95), mem >= 0 ? "" : " (memory use unknown)");
	if (mem >= 0) {
		size_t n = strlen(tx->reason);
		snprintf(tx->reason + n, sizeof(tx->reason) - n,
			 " and memory peaks at %.1f GiB", mem);
	}
	if (out->candidate >= 0) {
		const struct classify_candidate *c = &cands[out->candidate];
		snprintf(tx->recommendation, sizeof(tx->recommendation), "move to %s",
			 c->name);
		if (current_hourly > 0)
			out->savings_hourly = current_hourly - c->hourly;
	} else {
		snprintf(tx->recommendation, sizeof(tx->recommendation),
			 mem >= 0 ? "share the GPU: no smaller option known holds this work"
				  : "collect DCGM_FI_DEV_FB_USED to size a smaller option");
		out->savings_unknown = mem < 0;
	}
	return 1;
}

/* 7. healthy: what no rule above took */
static void rule_healthy(const struct seen *v, struct classify_result *out,
			 struct classify_text *tx)
{
	const struct telemetry_stats *compute = v->compute;

	out->finding = CLASS_HEALTHY;
	snprintf(tx->reason, sizeof(tx->reason), "%s averages %.0f%%, p95 %.0f%%",
		 v->sm->count ? "SM activity" : telemetry_metric_name(v->am), pct(compute->mean),
		 pct(compute->p95));
	snprintf(tx->recommendation, sizeof(tx->recommendation), "none");
	if (!v->sm->count && !v->tensor->count) {
		out->weak = 1;
		enable_hint(tx->enable, sizeof(tx->enable), v->s->source, C_SM);
	}
}

static void classify_into(const struct telemetry_series *s, const struct classify_thresholds *t,
			  const struct classify_candidate *cands, size_t ncands,
			  double current_hourly, struct classify_result *out,
			  struct classify_text *tx)
{
	struct seen v;
	v.s = s;
	v.t = t;
	for (int m = 0; m < TM_METRIC_COUNT; m++)
		telemetry_acc_stats(&s->m[m], (enum telemetry_metric)m, &v.st[m]);
	memset(out, 0, sizeof(*out));
	out->candidate = -1;
	out->peak_memory_gib = v.st[TM_FB_USED].count ? v.st[TM_FB_USED].max / 1024.0 : -1;
	out->sm = v.st[TM_SM_ACTIVE];

	v.gr = &v.st[TM_GR_ACTIVE];
	v.util = &v.st[TM_GPU_UTIL];
	v.sm = &v.st[TM_SM_ACTIVE];
	v.tensor = &v.st[TM_TENSOR_ACTIVE];
	v.dram = &v.st[TM_DRAM_ACTIVE];
	v.am = v.gr->count ? TM_GR_ACTIVE : v.util->count ? TM_GPU_UTIL : TM_SM_ACTIVE;
	v.act = &v.st[v.am];
	v.duty = v.util->count ? v.util : v.gr;
	v.compute = v.sm->count ? v.sm : v.act;
	out->activity_metric = v.am;
	out->activity = *v.act;
	out->idle_fraction = telemetry_acc_fraction_below(&s->m[v.am], t->idle_max);

	if (rule_no_data(&v, out, tx) || rule_idle(&v, current_hourly, out, tx) ||
	    rule_busy_waiting(&v, out, tx) || rule_data_starved(&v, out, tx) ||
	    rule_memory_bound(&v, out, tx) ||
	    rule_underused(&v, cands, ncands, current_hourly, out, tx))
		return;
	rule_healthy(&v, out, tx);
}

void classify_series(const struct telemetry_series *s, const struct classify_thresholds *t,
		     const struct classify_candidate *cands, size_t ncands, double current_hourly,
		     struct classify_result *out)
{
	struct classify_text tx;
	tx.reason[0] = tx.recommendation[0] = tx.enable[0] = '\0';
	classify_into(s, t, cands, ncands, current_hourly, out, &tx);
	out->reason = xstrdup(tx.reason);
	out->recommendation = xstrdup(tx.recommendation);
	out->enable = xstrdup(tx.enable);
}

void classify_result_release(struct classify_result *r)
{
	free(r->reason);
	free(r->recommendation);
	free(r->enable);
	memset(r, 0, sizeof(*r));
}
