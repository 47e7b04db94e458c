#!/bin/sh
# Benchmark of the MIG packer: 100, 1,000 and 10,000 random small inference
# workloads (bench.c), both strategies, priced from the bundled catalog.
#
#   sh bench/pack/run.sh [BUILD_DIR] [WORKLOADS...]
#
# Targets: 10,000 workloads packed in <= 1 s; plan cost within 5 % of the
# lower bound the packer reports; the savings over one whole GPU per replica
# are printed, not targeted.
set -eu
B=${1:-build}
[ $# -gt 0 ] && shift
cd "$(dirname "$0")/../.." || exit 2
[ -f "$B/libgpufit.a" ] || { echo "bench pack: $B/libgpufit.a not built" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/gpufit-bench-pack.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -O2 -Iinclude \
	-o "$work/bench" bench/pack/bench.c "$B/libgpufit.a" \
	$(pkg-config --libs libcurl libcjson yaml-0.1 sqlite3) -lm
"$work/bench" "$@"

# End to end: a 10,000-workload profile through `gpufit pack -f json`
# (YAML reading, sizing every replica, packing, JSON).
[ -x "$B/gpufit" ] || exit 0
awk 'BEGIN { srand(5); print "gpufit: 1\nregion: eastus\nworkloads:";
	for (i = 0; i < 10000; i++)
		printf "  - { name: w%d, type: inference, replicas: %d, requirements: { gpu_memory_gib: %.1f, tflops_fp16: %.1f } }\n",
			i, 1 + int(rand() * 3), 1 + rand() * 19, 1 + rand() * 39 }' > "$work/fleet.yaml"
for st in aks mixed; do
	t0=$(date +%s.%N)
	"$B/gpufit" pack --strategy "$st" -f json "$work/fleet.yaml" > "$work/plan.json"
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" -v s="$st" 'BEGIN { printf "end to end (gpufit pack -f json), 10,000 workloads, %s: %.2f s\n", s, b - a }'
done
