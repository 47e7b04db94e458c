#!/bin/bash
# `gpufit analyze --prometheus URL` against a real Prometheus server on
# 127.0.0.1: OpenMetrics test data is turned into TSDB blocks with promtool,
# a server is started on them, and analyze reads it through query_range
# (--raw) and through the statistics the server computes (the default).
# Needs Debian's prometheus package (scripts/deps.sh test installs it).
set -eu
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="$root/$B/gpufit"
[ -x "$bin" ] || { echo "analyze-prometheus: $bin not built" >&2; exit 2; }
if ! command -v prometheus >/dev/null 2>&1 || ! command -v promtool >/dev/null 2>&1; then
	echo "analyze-prometheus: FAIL: prometheus/promtool not installed (run: sh scripts/deps.sh test)" >&2
	exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/gpufit-prom.XXXXXX")
# shellcheck source=tests/prom_server.bash
. "$root/tests/prom_server.bash"
cleanup() {
	prom_stop
	rm -rf "$work"
}
trap cleanup EXIT INT TERM

# One hour at 30 s of three series on one host: GPU 0 idle, GPU 1 busy on
# one small kernel (busy-waiting), and a 3g.40gb MIG instance of GPU 2 that
# is memory-bound; GPU 1's power comes under a lower-case metric name.
# t0 = 2026-05-28T20:26:40Z.
t0=1780000000
python3 - "$work/data.om" "$t0" <<'PY'
import sys
path, t0 = sys.argv[1], int(sys.argv[2])
base = 'modelName="NVIDIA A100 80GB PCIe",Hostname="prom-node"'
series = {
    "DCGM_FI_DEV_GPU_UTIL": [('gpu="0",UUID="GPU-p0"', 0), ('gpu="1",UUID="GPU-p1"', 100)],
    "DCGM_FI_PROF_GR_ENGINE_ACTIVE": [('gpu="0",UUID="GPU-p0"', 0.0),
                                      ('gpu="1",UUID="GPU-p1"', 0.97),
                                      ('gpu="2",UUID="GPU-p2",GPU_I_PROFILE="3g.40gb",GPU_I_ID="2"', 0.9)],
    "DCGM_FI_PROF_SM_ACTIVE": [('gpu="1",UUID="GPU-p1"', 0.1),
                               ('gpu="2",UUID="GPU-p2",GPU_I_PROFILE="3g.40gb",GPU_I_ID="2"', 0.4)],
    "DCGM_FI_PROF_DRAM_ACTIVE": [('gpu="2",UUID="GPU-p2",GPU_I_PROFILE="3g.40gb",GPU_I_ID="2"', 0.75)],
    "dcgm_fi_dev_power_usage": [('gpu="1",UUID="GPU-p1"', 250)],
    "DCGM_FI_DEV_FB_USED": [('gpu="0",UUID="GPU-p0"', 512), ('gpu="1",UUID="GPU-p1"', 20480),
                            ('gpu="2",UUID="GPU-p2",GPU_I_PROFILE="3g.40gb",GPU_I_ID="2"', 30720)],
}
with open(path, "w") as f:
    for name, rows in series.items():
        f.write("# TYPE %s gauge\n" % name)
        for lab, v in rows:
            for i in range(121):
                f.write("%s{%s,%s} %s %d\n" % (name, lab, base, v, t0 + 30 * i))
    f.write("# EOF\n")
PY
prom_start "$work/data.om" "$work" || { echo "analyze-prometheus: FAIL: cannot start prometheus" >&2; exit 1; }
url=$PROM_URL
fail=0
check() {   # name, want, got
	if [ "$2" != "$3" ]; then
		echo "FAIL $1: want '$2', got '$3'" >&2
		fail=1
	fi
}

# the table read sample by sample (--raw), against its golden file
set +e
"$bin" analyze --prometheus "$url" --start "$t0" --end $((t0 + 3600)) --step 60s --raw \
	>"$work/out" 2>"$work/err"
rc=$?
set -e
check "exit code" 0 "$rc"
[ "${UPDATE:-0}" = 1 ] && cp "$work/out" "$root/tests/cli/analyze-prometheus.out"
if ! diff -u "$root/tests/cli/analyze-prometheus.out" "$work/out"; then
	echo "FAIL table output differs" >&2
	fail=1
fi

# the JSON document: findings, samples per series (61 steps), the window
"$bin" analyze --prometheus "$url/" --start 2026-05-28T20:26:40Z --end 2026-05-28T21:26:40Z \
	--step 1m --raw -f json >"$work/out.json" 2>"$work/err"
check "findings" "idle busy-waiting memory-bound" \
	"$(jq -r '[.gpus[].finding] | join(" ")' "$work/out.json")"
check "samples" "61" "$(jq -r '.gpus[0].stats.gpu_util.samples' "$work/out.json")"
check "window start" "2026-05-28T20:26:40Z" "$(jq -r '.window.start' "$work/out.json")"
check "window end" "2026-05-28T21:26:40Z" "$(jq -r '.window.end' "$work/out.json")"
check "mig profile" "3g.40gb" "$(jq -r '.gpus[2].mig_profile' "$work/out.json")"
check "lower-case metric name" "250" "$(jq -r '.gpus[1].stats.power_w.mean' "$work/out.json")"

# the same through the server's statistics: every one of the 121 samples
# (30 s apart over the closed hour) counts, not one per 1 m step; the same
# findings, means and window
"$bin" analyze --prometheus "$url" --start 2026-05-28T20:26:40Z --end 2026-05-28T21:26:40Z \
	--step 1m -f json >"$work/push.json" 2>"$work/err"
check "pushdown findings" "idle busy-waiting memory-bound" \
	"$(jq -r '[.gpus[].finding] | join(" ")' "$work/push.json")"
check "pushdown samples" "121" "$(jq -r '.gpus[0].stats.gpu_util.samples' "$work/push.json")"
check "pushdown window" "2026-05-28T20:26:40Z 2026-05-28T21:26:40Z" \
	"$(jq -r '.window.start + " " + .window.end' "$work/push.json")"
check "pushdown lower-case metric name" "250" "$(jq -r '.gpus[1].stats.power_w.mean' "$work/push.json")"
check "pushdown means as raw" "$(jq -c '[.gpus[].stats[] | objects | .mean]' "$work/out.json")" \
	"$(jq -c '[.gpus[].stats[] | objects | .mean]' "$work/push.json")"

# a gate on the same data
set +e
"$bin" analyze --prometheus "$url" --start "$t0" --end $((t0 + 3600)) --fail-on idle \
	>/dev/null 2>&1
rc=$?
set -e
check "--fail-on idle exit code" 1 "$rc"

# a window with no data is bad input, named as such
set +e
"$bin" analyze --prometheus "$url" --start 1000000000 --end 1000003600 >/dev/null 2>"$work/err"
rc=$?
set -e
check "empty window exit code" 3 "$rc"
check "empty window message" \
	"gpufit: error: $url: no GPU samples found in the Prometheus answer" "$(cat "$work/err")"

# the series limit: three series (GPU 0, GPU 1, the MIG instance of GPU 2)
# against --max-series 2 is bad input, said once, by the summaries and by
# query_range alike
set +e
"$bin" analyze --prometheus "$url" --start "$t0" --end $((t0 + 3600)) --max-series 2 \
	>/dev/null 2>"$work/err"
rc=$?
set -e
check "--max-series exit code" 3 "$rc"
check "--max-series message" "gpufit: error: $url: the server holds more than 2 series (GPUs and MIG instances), the limit of --max-series: raise it, or analyze the fleet in parts" \
	"$(cat "$work/err")"
set +e
"$bin" analyze --prometheus "$url" --start "$t0" --end $((t0 + 3600)) --max-series 2 --raw \
	>/dev/null 2>"$work/err"
rc=$?
set -e
check "--max-series --raw exit code" 3 "$rc"
check "--max-series --raw one line" 1 "$(wc -l <"$work/err")"
grep -q "more than 2 series" "$work/err" || { echo "FAIL --raw limit message: $(cat "$work/err")" >&2; fail=1; }
"$bin" analyze --prometheus "$url" --start "$t0" --end $((t0 + 3600)) --max-series 3 \
	>/dev/null 2>&1 || { echo "FAIL --max-series 3 refused 3 series" >&2; fail=1; }

# a password in the URL is sent (Prometheus ignores it) but never printed
purl="http://user:s3cret@${url#http://}"
set +e
"$bin" analyze --prometheus "$purl" --start 1000000000 --end 1000003600 -v >/dev/null 2>"$work/err"
rc=$?
set -e
check "userinfo exit code" 3 "$rc"
check "userinfo redacted" \
	"gpufit: error: http://***@${url#http://}: no GPU samples found in the Prometheus answer" \
	"$(grep error "$work/err")"
if grep -q s3cret "$work/err"; then echo "FAIL the password is printed" >&2; fail=1; fi

[ "$fail" -eq 0 ] && echo "analyze-prometheus: ok"
exit "$fail"
