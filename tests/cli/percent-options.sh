#!/bin/bash
# Percentages on the command line take a percent sign like the profile's
# max_increase_pct: "15%" means what "15" means for recommend, pack and k8s
# --headroom and check --max-increase-pct (identical output and exit code),
# and anything else after the number is a usage error (exit 2).
. "$(dirname "$0")/lib.bash"
EX="$ROOT/examples"
same() { # same WHAT ARGS-WITH-PLAIN -- ARGS-WITH-PERCENT
	local what=$1
	shift
	local a=() b=()
	while [ "$1" != -- ]; do a+=("$1"); shift; done
	shift
	b=("$@")
	"$GPUFIT" "${a[@]}" >"$T/a.out" 2>"$T/a.err"
	local ra=$?
	"$GPUFIT" "${b[@]}" >"$T/b.out" 2>"$T/b.err"
	local rb=$?
	[ "$ra" = "$rb" ] || fail "$what: exit $ra with a plain number, $rb with a percent sign"
	cmp -s "$T/a.out" "$T/b.out" || fail "$what: output differs with a percent sign: $(diff "$T/a.out" "$T/b.out" | head -5)"
	[ -s "$T/a.out" ] || fail "$what: no output"
}
same "recommend --headroom" recommend --headroom 20 "$EX/chat-8b.yaml" -- recommend --headroom 20% "$EX/chat-8b.yaml"
same "pack --headroom" pack --headroom 20 "$EX/small-fleet.yaml" -- pack --headroom 20% "$EX/small-fleet.yaml"
same "k8s --headroom" k8s --headroom 20 "$EX/chat-8b.yaml" -- k8s --headroom 20% "$EX/chat-8b.yaml"
B="$ROOT/tests/golden/check/inputs/base.json"
same "check --max-increase-pct" check --baseline "$B" --max-increase-pct 120 "$EX/chat-8b.yaml" -- \
	check --baseline "$B" --max-increase-pct 120% "$EX/chat-8b.yaml"
# the gate's limit is the number: 120 % of the baseline
"$GPUFIT" check --baseline "$B" --max-increase-pct 120% "$EX/chat-8b.yaml" >"$T/out" 2>/dev/null
expect_grep "max_increase_pct" "$T/out"
expect_grep "the limit is 120.00% (option)" "$T/out"
for c in "recommend --headroom 15%% $EX/chat-8b.yaml" "pack --headroom 15x $EX/small-fleet.yaml" \
	"k8s --headroom %15 $EX/chat-8b.yaml" "check --baseline $B --max-increase-pct 10%% $EX/chat-8b.yaml"; do
	# shellcheck disable=SC2086
	expect_rc 2 "$GPUFIT" $c
	grep -qF "for '--" "$T/err" || fail "$c: $(cat "$T/err")"
	grep -qF "is not a number" "$T/err" || fail "$c: $(cat "$T/err")"
done
expect_rc 2 "$GPUFIT" k8s --headroom 15%% "$EX/chat-8b.yaml"
expect_grep "gpufit: error: k8s: '15%%' for '--headroom' is not a number" "$T/err"
expect_rc 2 "$GPUFIT" check --baseline "$B" --max-increase-pct 10%% "$EX/chat-8b.yaml"
expect_grep "gpufit: error: check: '10%%' for '--max-increase-pct' is not a number" "$T/err"
finish
