/*
 * fuzz_hosts.c - `analyze --hosts FILE`: the 'HOST SKU' reader, its line and
 * entry limits, and the sizes it maps onto the telemetry.  The input is
 * HOSTS: read against a fixed dcgm-exporter scrape of three hosts; or HOSTS
 * NUL TELEMETRY: read against TELEMETRY (any format, sniffed).  Both run
 * under --max-series 16, so that a small input reaches the series and
 * host limits.
 */
#include <string.h>

#include "commands.h"
#include "fuzz.h"

static const char scrape[] =
	"DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",Hostname=\"node-a\",modelName=\"NVIDIA A100 80GB PCIe\"} 5\n"
	"DCGM_FI_DEV_GPU_UTIL{gpu=\"1\",Hostname=\"node-a\",modelName=\"NVIDIA A100 80GB PCIe\"} 90\n"
	"DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",Hostname=\"node-b\",modelName=\"NVIDIA H100 80GB HBM3\"} 50\n"
	"DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",Hostname=\"node-c\"} 0\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *hosts = fuzz_path("hosts.txt");
	const char *tele = fuzz_path("telemetry.prom");
	const uint8_t *nul = memchr(data, 0, size);
	if (nul) {
		fuzz_write(hosts, data, (size_t)(nul - data));
		fuzz_write(tele, nul + 1, size - (size_t)(nul - data) - 1);
	} else {
		fuzz_write(hosts, data, size);
		fuzz_write(tele, scrape, sizeof scrape - 1);
	}
	fuzz_command(cmd_analyze, FMT_JSON, "analyze", "--min-samples", "1", "--max-series", "16",
		     "--hosts", hosts, tele, FUZZ_END);
	fuzz_command(cmd_analyze, FMT_TABLE, "analyze", "--max-series", "16", "--hosts", hosts,
		     tele, FUZZ_END);
	return 0;
}
