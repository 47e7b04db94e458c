#!/bin/sh
# Benchmark of `gpufit k8s lint`: 10,000 generated documents (about 40 MB,
# bench/k8s-lint/gen.py) linted with the conventions, against the baseline
# of only parsing the same file with PyYAML's C loader
# (yaml.load_all(..., Loader=yaml.CSafeLoader), Debian's python3-yaml),
# measured in the same run with /usr/bin/time.
#
#   sh bench/k8s-lint/run.sh [BUILD_DIR] [DOCUMENTS]
#
# Targets: lint >= 3x faster than the baseline; peak RSS <= 64 MiB.
set -eu
B=${1:-build}
N=${2:-10000}
cd "$(dirname "$0")/../.." || exit 2
[ -x "$B/gpufit" ] || { echo "bench k8s-lint: $B/gpufit not built" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/gpufit-bench-lint.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
python3 bench/k8s-lint/gen.py "$work/docs.yaml" "$N"
bytes=$(wc -c < "$work/docs.yaml")

# exit 1 is expected: the generated file has a few mistakes on purpose
rc=0
/usr/bin/time -f "%e %M" -o "$work/lint.time" "$B/gpufit" k8s lint "$work/docs.yaml" \
	> "$work/lint.out" 2>&1 || rc=$?
[ "$rc" -le 1 ] || { echo "bench k8s-lint: gpufit exited $rc" >&2; head -5 "$work/lint.out" >&2; exit 1; }
/usr/bin/time -f "%e %M" -o "$work/py.time" python3 -c '
import sys, yaml
n = sum(1 for _ in yaml.load_all(open(sys.argv[1], "rb"), Loader=yaml.CSafeLoader))
print(n)' "$work/docs.yaml" > "$work/py.out"

awk -v n="$N" -v bytes="$bytes" -v findings="$(wc -l < "$work/lint.out")" \
    -v lint="$(tail -n 1 "$work/lint.time")" -v py="$(tail -n 1 "$work/py.time")" 'BEGIN {
	split(lint, l, " "); split(py, p, " ");
	lt = l[1] < 0.01 ? 0.01 : l[1]; pt = p[1];
	printf "%d documents, %.1f MB, %d findings\n\n", n, bytes / 1e6, findings
	printf "| %-50s | %8s | %13s |\n", "run", "seconds", "peak RSS MiB"
	printf "|%s|%s|%s|\n", "----------------------------------------------------", "----------", "---------------"
	printf "| %-50s | %8.2f | %13.1f |\n", "gpufit k8s lint (parse + rules)", l[1], l[2] / 1024
	printf "| %-50s | %8.2f | %13.1f |\n", "baseline: PyYAML CSafeLoader load_all (parse only)", p[1], p[2] / 1024
	printf "\nspeed-up %.1fx (target >= 3x): %s; peak RSS %.1f MiB (target <= 64): %s\n",
		pt / lt, ((pt / lt >= 3) ? "met" : "NOT met"), l[2] / 1024, ((l[2] / 1024 <= 64) ? "met" : "NOT met")
	exit !(pt / lt >= 3 && l[2] / 1024 <= 64)
}'
