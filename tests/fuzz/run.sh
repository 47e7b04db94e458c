#!/bin/bash
# make fuzz: runs each libFuzzer harness for SECONDS from its seed corpus,
# FUZZ_JOBS harnesses at a time (default: the number of processors).
#   tests/fuzz/run.sh BUILD_DIR SECONDS [NAME...]
# The working corpus grows in BUILD_DIR/corpus/NAME (kept between runs).  A
# crash, leak, sanitizer report or timeout stops that harness; its input is
# BUILD_DIR/crash/NAME/..., to be added to tests/fuzz/regress/NAME/ once
# fixed.  Exit 1 when any harness found something.
set -u
B=$1
secs=$2
shift 2
cd "$(dirname "$0")/../.." || exit 2
. tests/fuzz/seeds.sh
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
case "$jobs" in '' | *[!0-9]* | 0) jobs=1 ;; esac
for name in "$@"; do
	[ -x "$B/fuzz/fuzz-$name" ] || { echo "fuzz: $B/fuzz/fuzz-$name not built"; exit 2; }
done

# One harness; its report line in BUILD_DIR/fuzz-NAME.result, 0 or 1 in .rc.
fuzz_one() {
	local name=$1 bin="$B/fuzz/fuzz-$1" corpus="$B/corpus/$1" crash="$B/crash/$1"
	local log="$B/fuzz-$1.log" res="$B/fuzz-$1.result" rc execs cov f
	mkdir -p "$corpus" "$crash"
	for f in $(fuzz_seeds "$name") tests/fuzz/regress/"$name"/*; do
		[ -f "$f" ] && cp "$f" "$corpus/seed-$(basename "$f")"
	done
	# -close_fd_mask=3: the commands' own stdout/stderr are dropped; libFuzzer
	# and the sanitizers still report on a copy of stderr.  The outer timeout
	# bounds a harness that stops answering (libFuzzer's own -timeout covers
	# one input, -max_total_time the run).
	timeout -k 10 $((secs + 120)) "$bin" -max_total_time="$secs" -timeout=10 \
		-rss_limit_mb=2048 -max_len=65536 -close_fd_mask=3 -print_final_stats=1 \
		-dict="$(fuzz_dict "$name")" -artifact_prefix="$crash/" "$corpus" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	if [ "$rc" = 0 ]; then
		echo "fuzz $name: ${secs}s, ${execs:-?} runs, $cov, no crash" >"$res"
		echo 0 >"$res.rc"
	else
		{
			echo "FAIL fuzz $name: exit $rc; inputs in $crash/, log $log"
			grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$log" | head -n 10 |
				sed 's/^/    /'
		} >"$res"
		echo 1 >"$res.rc"
	fi
}

running=0
for name in "$@"; do
	rm -f "$B/fuzz-$name.result" "$B/fuzz-$name.result.rc"
	if [ "$running" -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
	fuzz_one "$name" &
	running=$((running + 1))
done
wait
found=0
for name in "$@"; do
	cat "$B/fuzz-$name.result" 2>/dev/null || echo "FAIL fuzz $name: no result"
	[ "$(cat "$B/fuzz-$name.result.rc" 2>/dev/null)" = 0 ] || found=1
done
exit "$found"
