#!/bin/sh
# make fuzz: runs each libFuzzer harness for SECONDS from its seed corpus.
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
found=0
for name in "$@"; do
	bin="$B/fuzz/fuzz-$name"
	[ -x "$bin" ] || { echo "fuzz: $bin not built"; exit 2; }
	corpus="$B/corpus/$name"
	crash="$B/crash/$name"
	mkdir -p "$corpus" "$crash"
	for f in $(fuzz_seeds "$name") tests/fuzz/regress/"$name"/*; do
		[ -f "$f" ] && cp "$f" "$corpus/seed-$(basename "$f")"
	done
	log="$B/fuzz-$name.log"
	# -close_fd_mask=3: the commands' own stdout/stderr are dropped; libFuzzer
	# and the sanitizers still report on a copy of stderr.
	"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
		-close_fd_mask=3 -print_final_stats=1 -dict="$(fuzz_dict "$name")" \
		-artifact_prefix="$crash/" "$corpus" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	if [ "$rc" = 0 ]; then
		echo "fuzz $name: ${secs}s, ${execs:-?} runs, $cov, no crash"
	else
		found=1
		echo "FAIL fuzz $name: exit $rc; inputs in $crash/, log $log"
		grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$log" | head -n 10 | sed 's/^/    /'
	fi
done
exit "$found"
