#!/bin/bash
# Hostile numbers are range-checked before any conversion to an integer:
# options give a usage error (exit 2), files a bad-input error (exit 3; a
# price page in refresh exit 4, old catalog kept), each with its exact message.
. "$(dirname "$0")/lib.bash"

# expect_err RC MESSAGE CMD... : exit RC and the first stderr line is MESSAGE.
expect_err() {
	local code=$1 msg=$2
	shift 2
	expect_rc "$code" "$@"
	[ "$(head -n 1 "$T/err")" = "$msg" ] || fail "$*: stderr
	got:  $(head -n 1 "$T/err")
	want: $msg"
}

tel="$ROOT/tests/fixtures/telemetry/dcgm-legacy.prom"
expect_err 2 "gpufit: error: analyze: --min-samples must be a whole number from 1 to 1000000000, got '1e30'" \
	"$GPUFIT" analyze --min-samples 1e30 "$tel"
expect_err 2 "gpufit: error: analyze: --min-samples must be a whole number from 1 to 1000000000, got '2.5'" \
	"$GPUFIT" analyze --min-samples 2.5 "$tel"
expect_rc 0 "$GPUFIT" analyze --min-samples 1000000000 "$tel"

model="--params-b 7 --layers 32 --hidden 4096 --heads 32 --kv-heads 8 --vocab 32000"
for spec in layers:1000 hidden:1000000 heads:10000 kv-heads:10000 vocab:10000000 concurrency:1000000; do
	opt=${spec%%:*} max=${spec#*:}
	# shellcheck disable=SC2086
	expect_err 2 "gpufit: error: estimate: '--$opt' must be a whole number from 1 to $max, got '1e30'" \
		"$GPUFIT" estimate $model --$opt 1e30 --gpu H100-SXM-80GB
	# shellcheck disable=SC2086
	expect_err 2 "gpufit: error: estimate: '--$opt' must be a whole number from 1 to $max, got '$((max + 1))'" \
		"$GPUFIT" estimate $model --$opt $((max + 1)) --gpu H100-SXM-80GB
done
# shellcheck disable=SC2086
expect_rc 0 "$GPUFIT" estimate $model --concurrency 4 --gpu H100-SXM-80GB

expect_err 2 "gpufit: error: catalog refresh: '--timeout' takes at most 3600 seconds, got '1e30'" \
	"$GPUFIT" --catalog "$T/c.db" catalog refresh --timeout 1e30 --from-file "$T/none.json"

# A price page whose Count does not fit a long.
echo '{"Items":[],"Count":1e22}' >"$T/page.json"
expect_err 4 "gpufit: error: catalog refresh failed: '$T/page.json': 'Count' must be a whole number from 0 to 1000000, got 1e+22 (old catalog kept)" \
	"$GPUFIT" --catalog "$T/c.db" catalog refresh --from-file "$T/page.json"
[ -e "$T/c.db" ] && fail "a refused page created a catalog"

# A Prometheus answer with a sample time of 1e300 s.
cat >"$T/q.json" <<'JSON'
{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","gpu":"0","Hostname":"h"},"values":[[1e300,"5"]]}]}}
JSON
expect_err 3 "gpufit: error: $T/q.json: result 0 ('DCGM_FI_DEV_GPU_UTIL'): values must be [time, \"number\"] pairs" \
	"$GPUFIT" analyze "$T/q.json"
# --precision int4 with --method qlora is qlora's own 4-bit base: the same
# estimate as the default (bf16 adapters), with a warning
"$GPUFIT" estimate --model llama-3.1-8b --gpu A100-SXM-80GB --mode training --method qlora \
	>"$T/q-default" 2>/dev/null || fail "qlora estimate failed"
"$GPUFIT" estimate --model llama-3.1-8b --gpu A100-SXM-80GB --mode training --method qlora \
	--precision int4 >"$T/q-int4" 2>"$T/err" || fail "qlora int4 estimate failed"
cmp -s "$T/q-default" "$T/q-int4" || fail "int4 with qlora differs from qlora's default: $(diff "$T/q-default" "$T/q-int4" | head -5)"
expect_grep "gpufit: warning: estimate: --precision int4 with --method qlora" "$T/err"
finish
