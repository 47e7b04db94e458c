#!/bin/bash
# The analyze benchmark at a small size (4 MiB): it runs, gpufit and the awk
# baseline agree on a mean (the script checks that itself), and it prints its
# table.  The speed targets are only meaningful at the full size (make bench).
set -eu
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(sh "$root/bench/analyze/run.sh" "$B" 4)
printf '%s\n' "$out"
printf '%s\n' "$out" | grep -q '^reader  *input MB  *seconds  *MB/s  *peak RSS MiB  *speed-up$'
printf '%s\n' "$out" | grep -Eq '^gpufit +4\.[0-9] '
printf '%s\n' "$out" | grep -Eq '^awk +4\.[0-9] '
printf '%s\n' "$out" | grep -q '^targets: '
