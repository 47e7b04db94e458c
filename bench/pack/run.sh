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
