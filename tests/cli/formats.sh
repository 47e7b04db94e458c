#!/bin/bash
# -f yaml is refused (usage error, exit 2, nothing on stdout) by every command
# without a YAML report, as check and diff always did; and help written to a
# full device is an error with a message, not a silent exit code.
. "$(dirname "$0")/lib.bash"

tel="$ROOT/tests/fixtures/telemetry/dcgm-legacy.prom"
prof="$ROOT/examples/chat-8b.yaml"
"$GPUFIT" recommend -f json "$prof" >"$T/base.json" 2>/dev/null || fail "recommend -f json failed"
cases="analyze|analyze $tel
catalog|catalog list
catalog|catalog show Standard_NC4as_T4_v3
catalog|catalog status
check|check $prof
completion|completion bash
diff|diff $T/base.json $T/base.json
estimate|estimate --model llama-3-8b --gpu H100-SXM-80GB
help|help
pack|pack $ROOT/examples/small-fleet.yaml
recommend|recommend $prof
validate|validate $prof
version|version"
while IFS='|' read -r name args; do
	# shellcheck disable=SC2086
	expect_rc 2 "$GPUFIT" -f yaml $args
	[ -s "$T/out" ] && fail "'$args -f yaml' wrote to stdout: $(head -c 200 "$T/out")"
	# the formats it has: html too for the four commands that write a page
	want="csv)"
	case $name in recommend | pack | analyze | check) want="csv, html)" ;; esac
	expect_grep "gpufit: error: $name: format 'yaml' is not supported (table, json, markdown, $want" "$T/err"
	expect_grep "Try 'gpufit $name --help'." "$T/err"
done <<<"$cases"

# k8s has a YAML report (its default); every other command of the table is
# in the list above.
expect_rc 0 "$GPUFIT" -f yaml k8s "$ROOT/examples/k8s-spot.yaml"
for c in $("$GPUFIT" help | sed -n '/^commands:/,/^$/p' | awk '/^  [a-z]/ {print $1}'); do
	[ "$c" = k8s ] || grep -q "^$c|" <<<"$cases" || fail "command '$c' is not covered by the -f yaml list"
done

# A format the command has is still accepted.
expect_rc 0 "$GPUFIT" --format=json version

# Help that cannot be written: the error says so, exit 3 as for any output.
[ -w /dev/full ] || echo "skip: /dev/full is not writable; the help-to-full-device cases did not run"
[ -w /dev/full ] && for args in "recommend --help" "--help" "help recommend" "catalog --help"; do
	# shellcheck disable=SC2086
	"$GPUFIT" $args >/dev/full 2>"$T/err"
	rc=$?
	[ "$rc" = 3 ] || fail "'gpufit $args >/dev/full' exited $rc, want 3"
	expect_grep "gpufit: error: cannot write the output: no space left on device" "$T/err"
done
finish
