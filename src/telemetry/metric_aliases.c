/*
 * metric_aliases.c - the telemetry metrics and the one alias table that maps
 * every source's field name (dcgm-exporter, old and new DCGM names, dcgmi
 * dmon short names, nvidia-smi --query-gpu fields) to a metric and the scale
 * that converts its unit to ours.  Prometheus queries are built from the
 * same table (telemetry_prometheus_names).
 */
#include <string.h>
#include <strings.h>

#include "strbuf.h"
#include "telemetry.h"

/* ---- metrics ---------------------------------------------------------- */

static const char *const metric_names[TM_METRIC_COUNT] = {
	"gpu_util", "gr_engine_active", "sm_active", "sm_occupancy", "tensor_active",
	"dram_active", "mem_copy_util", "fb_used_mib", "fb_free_mib", "fb_total_mib",
	"power_w", "pcie_rx_bytes_per_s", "pcie_tx_bytes_per_s", "sm_clock_mhz",
};

const char *telemetry_metric_name(enum telemetry_metric m)
{
	return (unsigned)m < TM_METRIC_COUNT ? metric_names[m] : "?";
}

int telemetry_metric_is_ratio(enum telemetry_metric m)
{
	return m <= TM_MEM_COPY_UTIL;
}

/*
 * One alias table for every source.  DCGM 4.7 renamed the fields and
 * dcgm-exporter 4.9.0 followed, moving utilization from percent to a 0-1
 * ratio and memory from MiB to bytes (reference: dcgm_fields.h, DCGM 4.6.0;
 * dcgm-exporter 4.9.0 release notes).  The scale converts to our units.
 */
struct alias {
	const char *name;
	enum telemetry_metric metric;
	double scale;
	int prometheus;     /* 1: a Prometheus metric name */
};

#define MIB (1.0 / 1048576.0)

static const struct alias aliases[] = {
	{ "DCGM_FI_DEV_GPU_UTIL", TM_GPU_UTIL, 0.01, 1 },
	{ "DCGM_FI_DEV_GPU_UTIL_RATIO", TM_GPU_UTIL, 1, 1 },
	{ "DCGM_FI_PROF_GR_ENGINE_ACTIVE", TM_GR_ACTIVE, 1, 1 },
	{ "DCGM_FI_PROF_GR_ENGINE_UTIL_RATIO", TM_GR_ACTIVE, 1, 1 },
	{ "DCGM_FI_PROF_SM_ACTIVE", TM_SM_ACTIVE, 1, 1 },
	{ "DCGM_FI_PROF_SM_UTIL_RATIO", TM_SM_ACTIVE, 1, 1 },
	{ "DCGM_FI_PROF_SM_OCCUPANCY", TM_SM_OCCUPANCY, 1, 1 },
	{ "DCGM_FI_PROF_SM_OCCUPANCY_RATIO", TM_SM_OCCUPANCY, 1, 1 },
	{ "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", TM_TENSOR_ACTIVE, 1, 1 },
	{ "DCGM_FI_PROF_PIPE_TENSOR_UTIL_RATIO", TM_TENSOR_ACTIVE, 1, 1 },
	{ "DCGM_FI_PROF_TENSOR_UTIL_RATIO", TM_TENSOR_ACTIVE, 1, 1 },
	{ "DCGM_FI_PROF_DRAM_ACTIVE", TM_DRAM_ACTIVE, 1, 1 },
	{ "DCGM_FI_PROF_DRAM_UTIL_RATIO", TM_DRAM_ACTIVE, 1, 1 },
	{ "DCGM_FI_DEV_MEM_COPY_UTIL", TM_MEM_COPY_UTIL, 0.01, 1 },
	{ "DCGM_FI_DEV_MEM_COPY_UTIL_RATIO", TM_MEM_COPY_UTIL, 1, 1 },
	{ "DCGM_FI_DEV_FB_USED", TM_FB_USED, 1, 1 },
	{ "DCGM_FI_DEV_FB_USED_BYTES", TM_FB_USED, MIB, 1 },
	{ "DCGM_FI_DEV_FB_FREE", TM_FB_FREE, 1, 1 },
	{ "DCGM_FI_DEV_FB_FREE_BYTES", TM_FB_FREE, MIB, 1 },
	{ "DCGM_FI_DEV_FB_TOTAL", TM_FB_TOTAL, 1, 1 },
	{ "DCGM_FI_DEV_FB_TOTAL_BYTES", TM_FB_TOTAL, MIB, 1 },
	{ "DCGM_FI_DEV_FB_CAPACITY_BYTES", TM_FB_TOTAL, MIB, 1 },
	{ "DCGM_FI_DEV_POWER_USAGE", TM_POWER, 1, 1 },
	{ "DCGM_FI_DEV_BOARD_POWER_WATTS", TM_POWER, 1, 1 },
	{ "DCGM_FI_PROF_PCIE_RX_BYTES", TM_PCIE_RX, 1, 1 },
	{ "DCGM_FI_PROF_PCIE_TX_BYTES", TM_PCIE_TX, 1, 1 },
	{ "DCGM_FI_DEV_SM_CLOCK", TM_SM_CLOCK, TELEMETRY_SCALE_MHZ_OR_HZ, 1 },
	{ "SMCLK", TM_SM_CLOCK, 1, 0 },
	/* dcgmi dmon short names (dcgm_fields.cpp) */
	{ "GPUTL", TM_GPU_UTIL, 0.01, 0 },
	{ "MCUTL", TM_MEM_COPY_UTIL, 0.01, 0 },
	{ "GRACT", TM_GR_ACTIVE, 1, 0 },
	{ "SMACT", TM_SM_ACTIVE, 1, 0 },
	{ "SMOCC", TM_SM_OCCUPANCY, 1, 0 },
	{ "TENSO", TM_TENSOR_ACTIVE, 1, 0 },
	{ "DRAMA", TM_DRAM_ACTIVE, 1, 0 },
	{ "FBUSD", TM_FB_USED, 1, 0 },
	{ "FBFRE", TM_FB_FREE, 1, 0 },
	{ "FBTTL", TM_FB_TOTAL, 1, 0 },
	{ "POWER", TM_POWER, 1, 0 },
	{ "PCIRX", TM_PCIE_RX, 1, 0 },
	{ "PCITX", TM_PCIE_TX, 1, 0 },
	/* nvidia-smi --query-gpu fields */
	{ "utilization.gpu", TM_GPU_UTIL, 0.01, 0 },
	{ "utilization.memory", TM_MEM_COPY_UTIL, 0.01, 0 },
	{ "memory.used", TM_FB_USED, 1, 0 },
	{ "memory.free", TM_FB_FREE, 1, 0 },
	{ "memory.total", TM_FB_TOTAL, 1, 0 },
	{ "power.draw", TM_POWER, 1, 0 },
	{ "power.draw.average", TM_POWER, 1, 0 },
	{ "power.draw.instant", TM_POWER, 1, 0 },
	{ "clocks.current.sm", TM_SM_CLOCK, 1, 0 },
	{ "clocks.sm", TM_SM_CLOCK, 1, 0 },
};

int telemetry_metric_lookup(const char *name, size_t len, double *scale)
{
	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++) {
		const char *a = aliases[i].name;
		if (strlen(a) == len && strncasecmp(a, name, len) == 0) {
			*scale = aliases[i].scale;
			return (int)aliases[i].metric;
		}
	}
	return -1;
}

static char *names_of(enum telemetry_metric m, int any_scale, double scale)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++) {
		if (!aliases[i].prometheus || aliases[i].metric != m ||
		    (!any_scale && aliases[i].scale != scale))
			continue;
		if (sb.len)
			strbuf_addstr(&sb, "|");
		strbuf_addstr(&sb, aliases[i].name);
	}
	return sb.buf;
}

char *telemetry_prometheus_names(enum telemetry_metric m)
{
	return names_of(m, 1, 0);
}

char *telemetry_prometheus_names_at(enum telemetry_metric m, double scale)
{
	return names_of(m, 0, scale);
}

size_t telemetry_prometheus_scales(enum telemetry_metric m, double *scales, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]) && n < max; i++) {
		if (!aliases[i].prometheus || aliases[i].metric != m)
			continue;
		size_t k = 0;
		while (k < n && scales[k] != aliases[i].scale)
			k++;
		if (k == n)
			scales[n++] = aliases[i].scale;
	}
	return n;
}
