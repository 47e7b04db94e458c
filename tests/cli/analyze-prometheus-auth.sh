#!/bin/bash
# `gpufit analyze --prometheus` against a real Prometheus: the server's
# statistics and --raw give the same findings on the same data; host
# batches bound every answer; a server rejecting a function falls back to
# query_range; and a bearer-token proxy in front of it (tests/prom_auth_proxy.py,
# plain and over TLS) makes the token, --header and --cacert paths real.  The
# token never appears in any output, error paths included.
set -u
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="$root/$B/gpufit"
[ -x "$bin" ] || { echo "analyze-prometheus-auth: $bin not built" >&2; exit 2; }
for c in prometheus promtool jq openssl python3; do
	command -v "$c" >/dev/null 2>&1 || {
		echo "analyze-prometheus-auth: FAIL: $c not installed (run: sh scripts/deps.sh test)" >&2
		exit 1; }
done
. "$root/tests/prom_server.bash"
work=$(mktemp -d "${TMPDIR:-/tmp}/gpufit-promauth.XXXXXX")
cleanup() { prom_stop; rm -rf "$work"; }
trap cleanup EXIT INT TERM
unset GPUFIT_PROMETHEUS_TOKEN GPUFIT_CATALOG
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" NO_COLOR=1 LC_ALL=C.UTF-8
mkdir -p "$HOME"

fail=0
check() {   # name, want, got
	if [ "$2" != "$3" ]; then
		echo "FAIL $1: want '$2', got '$3'" >&2
		fail=1
	fi
}

# Two hours at 1 minute (121 samples per series, t0 a multiple of 60) on
# four hosts, one named only by its instance label:
#   h-a/0 idle, h-a/1 busy-waiting (duty 100 %, SM 10 %),
#   h-b/0 swings between 90 % and 2 % (data-starved), h-b/1 healthy,
#   h-c/0 underused (SM 20-35 %), h-c/1 memory-bound (DRAM 75 %, SM 40 %),
#   10.0.0.7:9400/0 healthy (listed first: hosts sort by name).
# Values are drawn with a fixed seed so quantiles interpolate between samples.
t0=1780000020
python3 - "$work/data.om" "$t0" <<'PY'
import random, sys
path, t0 = sys.argv[1], int(sys.argv[2])
rnd = random.Random(15)
model = 'modelName="NVIDIA A100 80GB PCIe"'
gpus = [
    ('Hostname="h-a",gpu="0",UUID="GPU-a0"', "idle"),
    ('Hostname="h-a",gpu="1",UUID="GPU-a1",pod="train-1",namespace="ml"', "busywait"),
    ('Hostname="h-b",gpu="0",UUID="GPU-b0"', "saw"),
    ('Hostname="h-b",gpu="1",UUID="GPU-b1"', "healthy"),
    ('Hostname="h-c",gpu="0",UUID="GPU-c0",pod="infer-2",namespace="web"', "under"),
    ('Hostname="h-c",gpu="1",UUID="GPU-c1"', "membound"),
    ('instance="10.0.0.7:9400",gpu="0",UUID="GPU-i0"', "healthy"),
]
def u(a, b): return round(rnd.uniform(a, b), 3)
def values(kind, i):
    if kind == "idle": return dict(util=0, gr=0.0, sm=0.0, dram=0.0, fb=512, pw=u(55, 60))
    if kind == "busywait": return dict(util=100, gr=u(0.95, 0.99), sm=u(0.08, 0.12), dram=u(0.05, 0.1), fb=20480, pw=u(240, 260))
    if kind == "saw":
        hi = (i // 15) % 2 == 0
        return dict(util=90 if hi else 2, gr=u(0.85, 0.95) if hi else u(0.0, 0.03), sm=u(0.6, 0.8) if hi else u(0, 0.02), dram=u(0.2, 0.3), fb=40000, pw=u(100, 300))
    if kind == "healthy": return dict(util=u(85, 99), gr=u(0.7, 0.95), sm=u(0.6, 0.9), dram=u(0.3, 0.45), fb=u(60000, 70000), pw=u(280, 320))
    if kind == "under": return dict(util=u(30, 50), gr=u(0.2, 0.4), sm=u(0.2, 0.35), dram=u(0.1, 0.2), fb=u(9000, 10000), pw=u(90, 120))
    return dict(util=u(90, 99), gr=u(0.85, 0.95), sm=u(0.35, 0.45), dram=u(0.7, 0.8), fb=u(30000, 31000), pw=u(250, 300))
names = dict(util="DCGM_FI_DEV_GPU_UTIL", gr="DCGM_FI_PROF_GR_ENGINE_ACTIVE",
             sm="DCGM_FI_PROF_SM_ACTIVE", dram="DCGM_FI_PROF_DRAM_ACTIVE",
             fb="DCGM_FI_DEV_FB_USED", pw="DCGM_FI_DEV_POWER_USAGE")
rows = {k: [] for k in names}
for lab, kind in gpus:
    for i in range(121):
        for k, v in values(kind, i).items():
            rows[k].append((lab, i, v))
with open(path, "w") as f:
    for k, name in names.items():
        f.write("# TYPE %s gauge\n" % name)
        for lab, i, v in sorted(rows[k], key=lambda r: (r[0], r[1])):
            f.write("%s{%s,%s} %s %d\n" % (name, lab, model, v, t0 + 60 * i))
    f.write("# EOF\n")
PY
prom_start "$work/data.om" "$work" || exit 1
win=(--start "$t0" --end $((t0 + 7200)) --step 60s)

# --- the server's statistics and --raw agree --------------------------------
"$bin" analyze --prometheus "$PROM_URL" "${win[@]}" --raw -f json >"$work/raw.json" 2>"$work/raw.err"
check "raw exit code" 0 $?
"$bin" analyze --prometheus "$PROM_URL" "${win[@]}" -f json >"$work/push.json" 2>"$work/push.err"
check "pushdown exit code" 0 $?
check "findings" "healthy idle busy-waiting data-starved healthy underused memory-bound" \
	"$(jq -r '[.gpus[].finding] | join(" ")' "$work/push.json")"
check "raw findings" "$(jq -c '[.gpus[] | [.host, .gpu, .finding]]' "$work/raw.json")" \
	"$(jq -c '[.gpus[] | [.host, .gpu, .finding]]' "$work/push.json")"
check "pods" "train-1 infer-2" "$(jq -r '[.gpus[] | .pod // empty] | join(" ")' "$work/push.json")"
# everything but the percentiles is equal: counts, means, maxima, idle
# shares, reasons, money, totals and the window (the server is asked for the
# percentiles of the activity counters only; the others read null)
strip='del(.gpus[].stats[] | objects | .p5, .p50, .p95)'
check "documents without percentiles" "$(jq -S "$strip" "$work/raw.json")" \
	"$(jq -S "$strip" "$work/push.json")"
# percentiles within one histogram bin (0.005) of the raw ones: p95 of the
# three activity counters, and the median and p5 of the one the classifier reads
far=$(jq -n --slurpfile r "$work/raw.json" --slurpfile p "$work/push.json" '
	[range(0; $r[0].gpus | length) as $i | $r[0].gpus[$i].stats | to_entries[]
	 | select(.value | type == "object") | select(.key | test("^(gpu_util|gr_engine_active|sm_active)$")) | .key as $k
	 | ((.value.p95 - $p[0].gpus[$i].stats[$k].p95),
	    (if $k == "gr_engine_active" then (.value.p50 - $p[0].gpus[$i].stats[$k].p50), (.value.p5 - $p[0].gpus[$i].stats[$k].p5) else empty end))
	 | if . < 0 then -. else . end | select(. > 0.005)] | length')
check "percentiles beyond one bin" 0 "$far"
check "samples (every raw sample)" 121 "$(jq -r '.gpus[0].stats.gpu_util.samples' "$work/push.json")"

# --- the token proxy -----------------------------------------------------------
token="s3cr3t-TOKEN-8f2e91d0"
printf '%s\n' "$token" >"$work/token"
proxy_start "$work" "$work/token" --log "$work/proxy.jsonl" || exit 1
purl="http://127.0.0.1:$PROXY_PORT"
outs=()
run() {   # name, want-rc, args...: runs gpufit, keeps stdout+stderr for the token grep
	local name=$1 want=$2
	shift 2
	"$bin" "$@" >"$work/$name.out" 2>"$work/$name.err"
	check "$name exit code" "$want" $?
	outs+=("$work/$name.out" "$work/$name.err")
}
run file 0 analyze --prometheus "$purl" "${win[@]}" -f json -v --bearer-token-file "$work/token"
check "through the proxy" "$(jq -S . "$work/push.json")" "$(jq -S . "$work/file.out")"
grep -q '^gpufit: prometheus: series {__name__=~"(?i)DCGM_FI_PROF_GR_ENGINE_ACTIVE|' "$work/file.err" ||
	{ echo "FAIL -v lists the queries" >&2; fail=1; }
grep -q 'batches summarised by the server, 0 read sample by sample' "$work/file.err" ||
	{ echo "FAIL -v gives the cost: $(tail -1 "$work/file.err")" >&2; fail=1; }
check "every request authorised" 0 "$(jq -s '[.[] | select(.status != 200)] | length' "$work/proxy.jsonl")"

GPUFIT_PROMETHEUS_TOKEN=$token run env 0 analyze --prometheus "$purl" "${win[@]}" -f json -v
check "token from the environment" "$(jq -S . "$work/push.json")" "$(jq -S . "$work/env.out")"

run none 4 analyze --prometheus "$purl" "${win[@]}"
check "no token message" "gpufit: error: cannot query Prometheus at $purl: HTTP 401 (credentials refused: see --bearer-token-file, GPUFIT_PROMETHEUS_TOKEN and --header)" \
	"$(cat "$work/none.err")"
GPUFIT_PROMETHEUS_TOKEN="${token}x" run wrong 4 analyze --prometheus "$purl" "${win[@]}" -v
GPUFIT_PROMETHEUS_TOKEN=$token run badurl 2 analyze --prometheus "http://example.com:9090" -v
check "bad URL message" "gpufit: error: --prometheus: 'http://example.com:9090': plain http:// is only allowed to a loopback host" \
	"$(cat "$work/badurl.err")"
GPUFIT_PROMETHEUS_TOKEN=$token run refused 4 analyze --prometheus "http://127.0.0.1:1" "${win[@]}" -v
grep -q '^gpufit: error: cannot query Prometheus at http://127.0.0.1:1: ' "$work/refused.err" ||
	{ echo "FAIL refused message: $(cat "$work/refused.err")" >&2; fail=1; }
run nofile 3 analyze --prometheus "$purl" --bearer-token-file "$work/missing"
check "missing token file" "gpufit: error: --bearer-token-file $work/missing: cannot open: no such file or directory" \
	"$(cat "$work/nofile.err")"
printf 'abc\001%s\n' "$token" >"$work/token.bad"
run badtoken 3 analyze --prometheus "$purl" --bearer-token-file "$work/token.bad"
check "control character in token" "gpufit: error: --bearer-token-file $work/token.bad: the token holds a control character at byte 4 (one token on one line expected)" \
	"$(cat "$work/badtoken.err")"
GPUFIT_PROMETHEUS_TOKEN=$token run nocacert 3 analyze --prometheus "$purl" --cacert "$work/none.pem"
check "missing CA file" "gpufit: error: --cacert $work/none.pem: cannot open: no such file or directory" \
	"$(cat "$work/nocacert.err")"
run noprom 2 analyze --bearer-token-file "$work/token" "$work/data.om"
check "auth options need --prometheus" "gpufit: error: analyze: --raw, --bearer-token-file, --header, --cacert and --timeout go with --prometheus" \
	"$(head -1 "$work/noprom.err")"
run badheader 2 analyze --prometheus "$purl" --header "no colon here"
check "bad --header" "gpufit: error: analyze: --header takes 'Name: value'" "$(head -1 "$work/badheader.err")"

# --- host batches: no answer holds more than --max-series-per-query series ----
: >"$work/proxy.jsonl"
run split 0 analyze --prometheus "$purl" "${win[@]}" -f json --bearer-token-file "$work/token" \
	--max-series-per-query 2
check "split findings" "$(jq -c '[.gpus[].finding]' "$work/push.json")" "$(jq -c '[.gpus[].finding]' "$work/split.out")"
check "split document" "$(jq -S . "$work/push.json")" "$(jq -S . "$work/split.out")"
check "largest statistics answer (series)" 2 \
	"$(jq -s '[.[] | select(.query | startswith("label_replace")) | .series] | max' "$work/proxy.jsonl")"
# 4 hosts of 2, 2, 2 and 1 GPUs: batches h-a, h-b, h-c (2 each), then the
# instance-named host; 6 metrics with data -> 24 statistics queries, and 4
# of the activity counter's percentiles and idle share
check "statistics queries" 24 \
	"$(jq -s '[.[] | select(.query | startswith("label_replace(max by")) | select(.query | contains("count_over_time"))] | length' "$work/proxy.jsonl")"
check "activity queries" 4 \
	"$(jq -s '[.[] | select(.query | contains("< bool"))] | length' "$work/proxy.jsonl")"
check "instance batch excludes Hostname" 7 \
	"$(jq -s '[.[] | select(.query | contains("Hostname=\"\",hostname=\"\",instance=~\"10\\\\.0\\\\.0\\\\.7:9400\""))] | length' "$work/proxy.jsonl")"
proxy_stop

# --- a server without quantile_over_time: query_range instead, same findings -
proxy_start "$work" "$work/token" --reject quantile_over_time || exit 1
purl="http://127.0.0.1:$PROXY_PORT"
run reject 0 analyze --prometheus "$purl" "${win[@]}" -f json --bearer-token-file "$work/token"
check "fallback document" "$(jq -S "$strip" "$work/raw.json")" "$(jq -S "$strip" "$work/reject.out")"
check "fallback percentiles" "$(jq -c '[.gpus[].stats.gr_engine_active.p95]' "$work/raw.json")" \
	"$(jq -c '[.gpus[].stats.gr_engine_active.p95]' "$work/reject.out")"
check "fallback note" "gpufit: note: gr_engine_active: the server rejected the statistics query: unknown function quantile_over_time; reading 6 series sample by sample" \
	"$(head -1 "$work/reject.err")"
proxy_stop

# --- a required header (Mimir's tenant) ----------------------------------------
proxy_start "$work" "$work/token" --require-header "X-Scope-OrgID: tenant-1" || exit 1
purl="http://127.0.0.1:$PROXY_PORT"
run notenant 4 analyze --prometheus "$purl" "${win[@]}" --bearer-token-file "$work/token"
run tenant 0 analyze --prometheus "$purl" "${win[@]}" -f json --bearer-token-file "$work/token" \
	--header "X-Scope-OrgID: tenant-1"
check "with the tenant header" "$(jq -S . "$work/push.json")" "$(jq -S . "$work/tenant.out")"
proxy_stop

# --- TLS with a private CA ------------------------------------------------------
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=127.0.0.1" \
	-addext "subjectAltName=IP:127.0.0.1" -keyout "$work/key.pem" -out "$work/cert.pem" \
	>/dev/null 2>&1 || { echo "FAIL openssl could not make a certificate" >&2; exit 1; }
proxy_start "$work" "$work/token" --tls "$work/cert.pem" "$work/key.pem" || exit 1
surl="https://127.0.0.1:$PROXY_PORT"
run untrusted 4 analyze --prometheus "$surl" "${win[@]}" --bearer-token-file "$work/token" -v
grep -q "^gpufit: error: cannot query Prometheus at $surl: .*certificate" "$work/untrusted.err" ||
	{ echo "FAIL untrusted certificate message: $(cat "$work/untrusted.err")" >&2; fail=1; }
run tls 0 analyze --prometheus "$surl" "${win[@]}" -f json --bearer-token-file "$work/token" \
	--cacert "$work/cert.pem" -v
check "over TLS" "$(jq -S . "$work/push.json")" "$(jq -S . "$work/tls.out")"
proxy_stop

# --- the token is in no output -------------------------------------------------
for f in "${outs[@]}"; do
	if grep -qF "s3cr3t" "$f"; then
		echo "FAIL the token appears in $(basename "$f")" >&2
		fail=1
	fi
done
check "outputs searched for the token" 34 "${#outs[@]}"

[ "$fail" -eq 0 ] && echo "analyze-prometheus-auth: ok"
exit "$fail"
