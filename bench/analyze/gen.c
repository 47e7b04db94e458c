/*
 * gen.c - writes synthetic dcgm-exporter text for the analyze benchmark.
 *
 *   gen MEBIBYTES [GPUS]
 *   gen MEBIBYTES --hosts N
 *
 * Concatenated scrapes, 30 s apart with millisecond timestamps (as
 * Prometheus /federate writes them), of 15 default-counter metrics for GPUS
 * GPUs (default 64) spread over hosts of 4 (the four A100 80GB PCIe of a
 * Standard_NC96ads_A100_v4, the size run.sh names), each line carrying the labels
 * dcgm-exporter puts on a Kubernetes node.  Stops after the scrape that
 * crosses MEBIBYTES.  Values come from a fixed-seed generator, so every run
 * writes the same bytes.
 *
 * --hosts N: a fleet of N single-GPU hosts (node-000000 ...), four metrics
 * each (GPU_UTIL, FB_USED, GR_ENGINE_ACTIVE, SM_ACTIVE), about 1 kB per host
 * and scrape; stops at the line that crosses MEBIBYTES, so every host is seen
 * once when MEBIBYTES is about N / 1000.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const metrics[15] = {
	"DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_MEM_COPY_UTIL", "DCGM_FI_DEV_FB_USED",
	"DCGM_FI_DEV_FB_FREE", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_GPU_TEMP",
	"DCGM_FI_DEV_MEMORY_TEMP", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_MEM_CLOCK",
	"DCGM_FI_PROF_GR_ENGINE_ACTIVE", "DCGM_FI_PROF_SM_ACTIVE",
	"DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "DCGM_FI_PROF_DRAM_ACTIVE",
	"DCGM_FI_PROF_PCIE_TX_BYTES", "DCGM_FI_PROF_PCIE_RX_BYTES",
};

static unsigned long long rng = 88172645463325252ull;

static double rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

static int many_hosts(unsigned long long limit, long hosts)
{
	static const char *const names[4] = {
		"DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_FB_USED", "DCGM_FI_PROF_GR_ENGINE_ACTIVE",
		"DCGM_FI_PROF_SM_ACTIVE",
	};
	static char buf[1 << 16];
	unsigned long long written = 0;
	long long ts = 1780000000000LL;
	size_t n = 0;
	for (long h = 0; written + n < limit; h = (h + 1) % hosts) {
		double load = (double)(h % 4) / 3.0;
		for (int m = 0; m < 4; m++) {
			if (n + 512 > sizeof(buf)) {
				fwrite(buf, 1, n, stdout);
				written += n;
				n = 0;
			}
			const char *fmt = m < 2 ? "%s{gpu=\"0\",UUID=\"GPU-%08lx-1111-2222-3333-444444444444\","
						  "device=\"nvidia0\",modelName=\"NVIDIA A100 80GB PCIe\","
						  "Hostname=\"node-%06ld\",namespace=\"ml\",pod=\"job-%ld\"} %.0f %lld\n"
						: "%s{gpu=\"0\",UUID=\"GPU-%08lx-1111-2222-3333-444444444444\","
						  "device=\"nvidia0\",modelName=\"NVIDIA A100 80GB PCIe\","
						  "Hostname=\"node-%06ld\",namespace=\"ml\",pod=\"job-%ld\"} %.6f %lld\n";
			double v = m == 0 ? (double)(int)(100 * load * rnd()) : m == 1 ? (double)(int)(80000 * load)
				 : load * rnd();
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, fmt, names[m], (unsigned long)h, h, h, v, ts);
		}
		if (h == hosts - 1)
			ts += 30000;
	}
	fwrite(buf, 1, n, stdout);
	return ferror(stdout) ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: gen MEBIBYTES [GPUS | --hosts N]\n");
		return 2;
	}
	unsigned long long limit = strtoull(argv[1], NULL, 10) << 20;
	if (argc > 3 && strcmp(argv[2], "--hosts") == 0) {
		long hosts = strtol(argv[3], NULL, 10);
		return many_hosts(limit, hosts > 0 ? hosts : 1);
	}
	int gpus = argc > 2 ? atoi(argv[2]) : 64;
	unsigned long long written = 0;
	long long ts = 1780000000000LL;
	static char buf[1 << 16];
	char labels[64][256];
	for (int g = 0; g < gpus && g < 64; g++)
		snprintf(labels[g], sizeof(labels[g]),
			 "gpu=\"%d\",UUID=\"GPU-%08x-1111-2222-3333-%012d\",pci_bus_id=\"00000000:%02X:00.0\","
			 "device=\"nvidia%d\",modelName=\"NVIDIA A100 80GB PCIe\",Hostname=\"node-%02d\","
			 "container=\"main\",namespace=\"ml\",pod=\"job-%d\"",
			 g % 4, 0x1000u + (unsigned)g, g, g % 4 + 1, g % 4, g / 4, g);
	while (written < limit) {
		size_t n = 0;
		for (int m = 0; m < 15; m++) {
			for (int g = 0; g < gpus && g < 64; g++) {
				double load = (g % 4) / 3.0;
				double v;
				switch (m) {
				case 0: v = (int)(100 * load * rnd()); break;
				case 1: v = (int)(40 * load * rnd()); break;
				case 2: v = (int)(80000 * load); break;
				case 3: v = (int)(81920 - 80000 * load); break;
				case 4: v = 60 + 240 * load * rnd(); break;
				case 5: case 6: v = (int)(35 + 30 * load); break;
				case 7: v = (int)(210 + 1200 * load); break;
				case 8: v = 1512; break;
				case 13: case 14: v = (int)(2e9 * load * rnd()); break;
				default: v = load * rnd(); break;
				}
				if (n + 512 > sizeof(buf)) {
					fwrite(buf, 1, n, stdout);
					written += n;
					n = 0;
				}
				if (v == (long long)v)
					n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s{%s} %lld %lld\n",
							      metrics[m], labels[g], (long long)v, ts);
				else
					n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s{%s} %.6f %lld\n",
							      metrics[m], labels[g], v, ts);
			}
		}
		fwrite(buf, 1, n, stdout);
		written += n;
		ts += 30000;
	}
	return ferror(stdout) ? 1 : 0;
}
