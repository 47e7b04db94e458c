/*
 * gen_om.c - OpenMetrics text of a dcgm-exporter fleet for the Prometheus
 * benchmark, one time slice per run so promtool reads small files.
 *
 *   gen_om GPUS T0 FIRST COUNT
 *
 * Writes samples FIRST .. FIRST+COUNT-1 (one a minute from T0, unix
 * seconds) of the 15 metrics of dcgm-exporter's default counters CSV for
 * GPUS GPUs, 4 to a host (a Standard_NC96ads_A100_v4's four A100 80GB PCIe), with the labels dcgm-exporter puts on them.  Each
 * GPU follows one of six workloads (idle, busy, underused, busy-waiting,
 * data-starved sawtooth, memory-bound) with noise drawn from a hash of
 * (GPU, metric, minute): any slice of any run writes the same bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const metrics[15] = {
	"DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_MEM_COPY_UTIL", "DCGM_FI_DEV_FB_USED",
	"DCGM_FI_DEV_FB_FREE", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_GPU_TEMP",
	"DCGM_FI_DEV_MEMORY_TEMP", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_MEM_CLOCK",
	"DCGM_FI_PROF_GR_ENGINE_ACTIVE", "DCGM_FI_PROF_SM_ACTIVE",
	"DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "DCGM_FI_PROF_DRAM_ACTIVE",
	"DCGM_FI_PROF_PCIE_TX_BYTES", "DCGM_FI_PROF_PCIE_RX_BYTES",
};

/* A uniform value in [0, 1) from (g, m, i): splitmix64 of the three. */
static double noise(uint64_t g, uint64_t m, uint64_t i)
{
	uint64_t z = g * 0x9E3779B97F4A7C15ull + m * 0xBF58476D1CE4E5B9ull + i * 0x94D049BB133111EBull;
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	z ^= z >> 31;
	return (double)(z >> 11) / 9007199254740992.0;
}

/* Ratio activity of a workload at minute i: engine, SM, tensor, DRAM. */
static void load(int kind, uint64_t g, uint64_t i, double *gr, double *sm, double *te, double *dr)
{
	double n = noise(g, 99, i);
	switch (kind) {
	case 0: *gr = *sm = *te = 0; *dr = 0; break;                       /* idle */
	case 1: *gr = 0.80 + 0.15 * n; *sm = 0.65 + 0.25 * n; *te = 0.4 * n; *dr = 0.3 * n; break;
	case 2: *gr = 0.15 + 0.25 * n; *sm = 0.10 + 0.25 * n; *te = 0.05 * n; *dr = 0.1 * n; break;
	case 3: *gr = 0.95 + 0.04 * n; *sm = 0.05 + 0.10 * n; *te = 0.02 * n; *dr = 0.05 * n; break;
	case 4: {                                                           /* sawtooth */
		int hi = (i / 20) % 3 == 0;
		*gr = hi ? 0.85 + 0.1 * n : 0.02 * n;
		*sm = hi ? 0.7 + 0.2 * n : 0.01 * n;
		*te = hi ? 0.3 * n : 0;
		*dr = hi ? 0.3 * n : 0;
		break;
	}
	default: *gr = 0.85 + 0.1 * n; *sm = 0.30 + 0.15 * n; *te = 0.05 * n; *dr = 0.65 + 0.2 * n;
	}
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: gen_om GPUS T0 FIRST COUNT\n");
		return 2;
	}
	int gpus = atoi(argv[1]);
	long long t0 = atoll(argv[2]);
	uint64_t first = strtoull(argv[3], NULL, 10), count = strtoull(argv[4], NULL, 10);
	static char out[1 << 20];
	setvbuf(stdout, out, _IOFBF, sizeof(out));
	for (int m = 0; m < 15; m++) {
		printf("# TYPE %s gauge\n", metrics[m]);
		for (int g = 0; g < gpus; g++) {
			int kind = g % 6;
			char lab[320];
			snprintf(lab, sizeof(lab),
				 "gpu=\"%d\",UUID=\"GPU-%08x-5e1f-4c2a-9d3b-%012d\",device=\"nvidia%d\","
				 "modelName=\"NVIDIA A100 80GB PCIe\",Hostname=\"gpu-node-%03d\","
				 "DCGM_FI_DRIVER_VERSION=\"550.54.15\"",
				 g % 4, 0x2000u + (unsigned)g, g, g % 4, g / 4);
			for (uint64_t i = first; i < first + count; i++) {
				double gr, sm, te, dr, n = noise((uint64_t)g, (uint64_t)m, i);
				load(kind, (uint64_t)g, i, &gr, &sm, &te, &dr);
				long long ts = t0 + 60 * (long long)i;
				double fb = kind == 0 ? 512 : 20000 + 40000 * (g % 5) / 4.0 + 2000 * n;
				switch (m) {
				case 0: printf("%s{%s} %d %lld\n", metrics[m], lab,
					       kind == 0 ? 0 : (int)(gr * 100 + 4 * n) > 100 ? 100
						: (int)(gr * 100 + 4 * n), ts); break;
				case 1: printf("%s{%s} %d %lld\n", metrics[m], lab, (int)(dr * 60), ts); break;
				case 2: printf("%s{%s} %d %lld\n", metrics[m], lab, (int)fb, ts); break;
				case 3: printf("%s{%s} %d %lld\n", metrics[m], lab, 81920 - (int)fb, ts); break;
				case 4: printf("%s{%s} %.3f %lld\n", metrics[m], lab, 60 + 240 * gr + 5 * n, ts); break;
				case 5: printf("%s{%s} %d %lld\n", metrics[m], lab, 35 + (int)(30 * gr), ts); break;
				case 6: printf("%s{%s} %d %lld\n", metrics[m], lab, 40 + (int)(30 * dr), ts); break;
				case 7: printf("%s{%s} %d %lld\n", metrics[m], lab, 210 + (int)(1200 * gr), ts); break;
				case 8: printf("%s{%s} 1512 %lld\n", metrics[m], lab, ts); break;
				case 9: printf("%s{%s} %.4f %lld\n", metrics[m], lab, gr, ts); break;
				case 10: printf("%s{%s} %.4f %lld\n", metrics[m], lab, sm, ts); break;
				case 11: printf("%s{%s} %.4f %lld\n", metrics[m], lab, te, ts); break;
				case 12: printf("%s{%s} %.4f %lld\n", metrics[m], lab, dr, ts); break;
				default: printf("%s{%s} %lld %lld\n", metrics[m], lab,
						(long long)(3e9 * dr * n), ts); break;
				}
			}
		}
	}
	printf("# EOF\n");
	return ferror(stdout) ? 1 : 0;
}
