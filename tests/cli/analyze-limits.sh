#!/bin/bash
# analyze's limits on hostile input: numbers on the command line, the series
# limit, long --hosts lines, oversized JSON, and peers on 127.0.0.1 that hang,
# trickle, never end or send too much (tests/hostile_http.py).  Every run is
# bounded by timeout(1), and the servers are killed on exit whatever signals
# the script inherited.
. "$(dirname "$0")/lib.bash"
trap '' PIPE
SKU=Standard_NC24ads_A100_v4
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# run_in SECONDS WANT_RC CMD... : like expect_rc, and fails when CMD takes
# SECONDS or more (timeout(1) kills it then, exit 124)
run_in() {
	local secs=$1 want=$2 t0 t1
	shift 2
	t0=$(date +%s)
	timeout -k 5 "$((secs + 30))" "$@" >"$T/out" 2>"$T/err"
	local got=$?
	t1=$(date +%s)
	[ "$got" = "$want" ] || fail "$* exited $got, want $want; stderr: $(head -c 300 "$T/err")"
	[ $((t1 - t0)) -lt "$secs" ] || fail "$* took $((t1 - t0)) s, want under $secs s"
}

# one_line MESSAGE : stderr is exactly MESSAGE
one_line() {
	[ "$(cat "$T/err")" = "$1" ] || fail "stderr '$(head -c 400 "$T/err")', want '$1'"
}

# --- numbers on the command line: exit 2, nothing sent -----------------------
for bad in "--since infd" "--since 0x10d" "--since nan" "--since -7d" "--since 1e300w" \
	"--step 0.5" "--step 0x10" "--max-series-per-query 1e20" "--max-series-per-query 0" \
	"--max-series 1e20" "--max-series 0" "--max-series 1.5" "--timeout 1e9" "--timeout 0" \
	"--timeout inf" "--start 1e20" "--end -1"; do
	# shellcheck disable=SC2086
	expect_rc 2 "$GPUFIT" analyze --prometheus http://127.0.0.1:9/ $bad
	[ "$(grep -c '^gpufit: error: analyze: ' "$T/err")" = 1 ] || fail "$bad: $(cat "$T/err")"
done
expect_rc 2 "$GPUFIT" analyze --prometheus http://127.0.0.1:9/ --since 0x10d
expect_grep "gpufit: error: analyze: invalid duration '0x10d' for --since" "$T/err"
expect_rc 2 "$GPUFIT" analyze --prometheus http://127.0.0.1:9/ --max-series-per-query 1e20
expect_grep "--max-series-per-query takes a whole number from 1 to 1000000, not '1e20'" "$T/err"
expect_rc 2 "$GPUFIT" analyze --timeout 5 --sku "$SKU" tests/fixtures/telemetry/dcgm-new.prom
expect_grep "go with --prometheus" "$T/err"

# --- a password in a URL is never printed ------------------------------------
expect_rc 2 "$GPUFIT" analyze --prometheus http://user:s3cret@10.0.0.1:9090/
one_line "gpufit: error: --prometheus: 'http://***@10.0.0.1:9090/': plain http:// is only allowed to a loopback host"
expect_rc 2 "$GPUFIT" analyze --prometheus 'https://user:s3cret@bad host/'
expect_grep "'https://***@bad host/' is not a valid URL" "$T/err"

# --- the series limit on files: exit 3 at the line of the first refused ------
python3 - "$T" <<'PY'
import sys
d = sys.argv[1]
with open(d + "/fleet.prom", "w") as f:
    for i in range(12):
        f.write('DCGM_FI_DEV_GPU_UTIL{gpu="0",Hostname="h%02d"} 50\n' % i)
with open(d + "/fleet.json", "w") as f:
    f.write('{"status":"success","data":{"resultType":"vector","result":[')
    f.write(",".join('{"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","Hostname":"h%02d",'
                     '"gpu":"0"},"value":[1780000000,"5"]}' % i for i in range(12)))
    f.write(']}}')
# 3 x 1048576 pairs [1,"1"]: 3 values each, over the 8388608-value limit in
# 24 MiB, far under the byte limit
with open(d + "/values.json", "w") as f:
    f.write('{"status":"success","data":{"resultType":"matrix","result":[{"metric":'
            '{"__name__":"DCGM_FI_DEV_GPU_UTIL","Hostname":"h","gpu":"0"},"values":[')
    f.write('[1,"1"],' * (3 * 1048576))
    f.write('[1,"1"]]}]}}')
with open(d + "/hosts.txt", "w") as f:
    f.write("h00 Standard_NC24ads_A100_v4\n" + "h" * 5000 + " Standard_NC24ads_A100_v4\n")
with open(d + "/many-hosts.txt", "w") as f:
    for i in range(12):
        f.write("h%02d Standard_NC24ads_A100_v4\n" % i)
PY
# 12 series, limit 10: the 11th (line 11, its label set at column 21) is refused
run_in 10 3 "$GPUFIT" analyze --sku "$SKU" --max-series 10 "$T/fleet.prom"
one_line "gpufit: error: $T/fleet.prom:11:21: more than 10 series (GPUs and MIG instances), the limit of --max-series: raise it, or analyze the fleet in parts"
# the second file is not read once the limit is passed: still one line
run_in 10 3 "$GPUFIT" analyze --sku "$SKU" --max-series 10 "$T/fleet.prom" "$T/fleet.json"
[ "$(wc -l <"$T/err")" = 1 ] || fail "two files past the limit: $(cat "$T/err")"
run_in 10 3 "$GPUFIT" analyze --sku "$SKU" --max-series 10 "$T/fleet.json"
one_line "gpufit: error: $T/fleet.json: result 10: more than 10 series (GPUs and MIG instances), the limit of --max-series: raise it, or analyze the fleet in parts"
run_in 10 0 "$GPUFIT" analyze --sku "$SKU" --min-samples 1 --max-series 12 "$T/fleet.prom"
# the default (100000) takes them
run_in 10 0 "$GPUFIT" analyze --sku "$SKU" --min-samples 1 "$T/fleet.json"

# --- a JSON answer too large to parse: refused before parsing ----------------
# 64 MiB + 1 byte, sparse: the size alone refuses it, nothing is read
printf '{"status":"success"' >"$T/big.json"
truncate -s $((64 * 1048576 + 1)) "$T/big.json"
run_in 10 3 "$GPUFIT" analyze --sku "$SKU" "$T/big.json"
one_line "gpufit: error: $T/big.json: a Prometheus JSON answer larger than 67108864 bytes (64 MiB), the limit: export the window in parts (several files may be given)"
# the same from a pipe, where the size is only known by reading: reading
# stops at the limit
run_in 20 3 sh -c "cat '$T/big.json' | '$GPUFIT' analyze --sku $SKU -"
one_line "gpufit: error: -: a Prometheus JSON answer larger than 67108864 bytes (64 MiB), the limit: export the window in parts (several files may be given)"
run_in 10 3 "$GPUFIT" analyze --sku "$SKU" "$T/values.json"
one_line "gpufit: error: $T/values.json: a Prometheus JSON answer of more than 8388608 values, the limit: export the window in parts (several files may be given)"

# --- --hosts: a line too long, too many hosts ---------------------------------
run_in 10 3 "$GPUFIT" analyze --hosts "$T/hosts.txt" "$T/fleet.prom"
one_line "gpufit: error: $T/hosts.txt:2:4097: line longer than 4096 bytes ('HOST SKU' expected)"
# a 1 GiB line (sparse, all NUL) ends at its first 4 KiB, not out of memory
truncate -s 1G "$T/huge-hosts.txt"
run_in 10 3 "$GPUFIT" analyze --hosts "$T/huge-hosts.txt" "$T/fleet.prom"
one_line "gpufit: error: $T/huge-hosts.txt:1:4097: line longer than 4096 bytes ('HOST SKU' expected)"
run_in 10 3 "$GPUFIT" analyze --hosts "$T/many-hosts.txt" --max-series 11 "$T/fleet.prom"
one_line "gpufit: error: $T/many-hosts.txt:12:1: more than 11 hosts, the limit of --max-series"

# --- hostile peers on 127.0.0.1 -----------------------------------------------
# serve MODE [ARG]: starts tests/hostile_http.py, sets URL
serve() {
	local pf="$T/port.$1" i
	python3 "$ROOT/tests/hostile_http.py" "$1" "$pf" ${2:+"$2"} 2>>"$T/server.log" &
	pids+=($!)
	for i in $(seq 1 100); do
		[ -s "$pf" ] && break
		sleep 0.1
	done
	[ -s "$pf" ] || { fail "hostile_http.py $1 did not start"; return 1; }
	URL="http://127.0.0.1:$(cat "$pf")"
}

# a body trickled at 2 bytes/s: under 1024 bytes/s for --timeout 2 s ends the
# request, not retried (each of the 4 connections at about 2 s)
if serve trickle 0.5; then
	run_in 10 4 "$GPUFIT" analyze --prometheus "$URL" --timeout 2
	one_line "gpufit: error: cannot query Prometheus at $URL: too slow: the answer began, then came at under 1024 bytes/s for 2 s (the limit set by --timeout)"
fi
# an endless body: reading stops at 64 MiB, nothing of it is parsed
if serve endless; then
	run_in 30 4 "$GPUFIT" analyze --prometheus "$URL"
	one_line "gpufit: error: cannot query Prometheus at $URL: the answer is larger than 67108864 bytes (64 MiB): reading stopped there"
fi
# an answer that says it is 80 MiB: refused by its Content-Length
if serve big 80; then
	run_in 30 4 "$GPUFIT" analyze --prometheus "$URL"
	one_line "gpufit: error: cannot query Prometheus at $URL: the answer is larger than 67108864 bytes (64 MiB): reading stopped there"
fi
# a server that never answers: 5 tries of --timeout 1 s each and the
# back-off between them (1 + 2 + 4 + 8 s at most, jitter 0.5-1x): under 25 s
if serve hang; then
	run_in 25 4 "$GPUFIT" analyze --prometheus "$URL" --timeout 1
	one_line "gpufit: error: cannot query Prometheus at $URL: timed out after 5 tries"
fi
finish
