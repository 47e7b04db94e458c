#!/bin/bash
# The analyze benchmark at a small size (4 MiB, and 1000/2000/4000 hosts for
# the many-hosts case): it runs, gpufit and the awk baseline agree on a mean
# and every host is reported (the script checks that itself), and it prints
# its tables.  The speed targets are only meaningful at the full size (make
# bench).
set -eu
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(sh "$root/bench/analyze/run.sh" "$B" 4 1 2 4)
printf '%s\n' "$out"
printf '%s\n' "$out" | grep -q '^reader  *input MB  *seconds  *MB/s  *peak RSS MiB  *speed-up$'
printf '%s\n' "$out" | grep -Eq '^gpufit json +4\.[0-9] '
printf '%s\n' "$out" | grep -Eq '^gpufit html +4\.[0-9] '
printf '%s\n' "$out" | grep -Eq '^awk +4\.[0-9] '
printf '%s\n' "$out" | grep -q '^targets (json and html): '
printf '%s\n' "$out" | grep -q '^format  *hosts  *input MB  *seconds  *cpu s  *MB/s  *peak RSS MiB  *awk seconds$'
for h in 1000 2000 4000; do
	printf '%s\n' "$out" | grep -Eq "^table +$h +[0-9]"
done
printf '%s\n' "$out" | grep -Eq '^json +4000 +[0-9]'
printf '%s\n' "$out" | grep -q '^cpu seconds per 1000 hosts: '
