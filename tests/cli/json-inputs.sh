#!/bin/bash
# JSON inputs are read whole and bounded by size, not by the 1 MiB line
# buffer of the text readers: a compact (one-line) Prometheus answer of 2.5 MB
# gives exactly the report of the same document pretty-printed, from a file,
# stdin or a pipe; a JSON input over 1 GiB is refused with the exact message.
. "$(dirname "$0")/lib.bash"

# query-range.json with every series stretched to 20000 samples of its last
# value: the findings stay those of the fixture (gpu 0 idle, gpu 1
# busy-waiting).
python3 - "$ROOT/tests/fixtures/telemetry/query-range.json" "$T" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for s in doc["data"]["result"]:
    v = s["values"]
    s["values"] = [[v[0][0] + 300 * i, v[min(i, len(v) - 1)][1]] for i in range(20000)]
open(sys.argv[2] + "/compact.json", "w").write(json.dumps(doc, separators=(",", ":")))
open(sys.argv[2] + "/pretty.json", "w").write(json.dumps(doc, indent=1) + "\n")
PY
size=$(stat -c %s "$T/compact.json")
[ "$size" -gt 2000000 ] || fail "the compact document is only $size bytes"
[ "$(wc -l <"$T/compact.json")" = 0 ] || fail "the compact document is not one line"

expect_rc 0 "$GPUFIT" analyze -f json "$T/pretty.json"
cp "$T/out" "$T/pretty.out"
jq -e '[.gpus[] | .finding] == ["idle", "busy-waiting"]' "$T/pretty.out" >/dev/null ||
	fail "pretty-printed document: findings $(jq -c '[.gpus[] | .finding]' "$T/pretty.out")"
expect_rc 0 "$GPUFIT" analyze -f json "$T/compact.json"
cmp -s "$T/out" "$T/pretty.out" || fail "the one-line document gave another report: $(head -c 300 "$T/err")"
expect_rc 0 "$GPUFIT" analyze -f json --input-format prometheus-json "$T/compact.json"
cmp -s "$T/out" "$T/pretty.out" || fail "--input-format prometheus-json: another report"
expect_rc 0 "$GPUFIT" analyze -f json --host stdin - <"$T/compact.json"
cmp -s "$T/out" "$T/pretty.out" || fail "one-line document on stdin: another report"
cat "$T/compact.json" | expect_rc 0 "$GPUFIT" analyze -f json -
cmp -s "$T/out" "$T/pretty.out" || fail "one-line document through a pipe: another report"
# Leading blank lines before a long line are fine too.
{ printf '\n\n'; cat "$T/compact.json"; } >"$T/blank-first.json"
expect_rc 0 "$GPUFIT" analyze -f json "$T/blank-first.json"
cmp -s "$T/out" "$T/pretty.out" || fail "blank lines, then the one-line document: another report"

# Over the bound (a sparse file of 1 GiB + 1 byte starting with '{'): refused
# before it is read, for analyze (whose own bound for a Prometheus answer is
# 64 MiB, tests/cli/analyze-limits.sh) and for diff.
printf '{' >"$T/huge.json"
truncate -s $(((1 << 30) + 1)) "$T/huge.json"
msg="larger than 1073741824 bytes (1 GiB), the limit for a JSON input"
expect_rc 3 "$GPUFIT" analyze "$T/huge.json"
[ "$(cat "$T/err")" = "gpufit: error: $T/huge.json: a Prometheus JSON answer larger than 67108864 bytes (64 MiB), the limit: export the window in parts (several files may be given)" ] ||
	fail "analyze, huge JSON: $(cat "$T/err")"
expect_rc 3 "$GPUFIT" diff "$T/huge.json" "$T/huge.json"
[ "$(head -n 1 "$T/err")" = "gpufit: error: $T/huge.json: $msg" ] || fail "diff, huge JSON: $(cat "$T/err")"
# A Hugging Face config that is a FIFO is refused, not waited on.
mkfifo "$T/fifo.json"
cat >"$T/hf-fifo.yaml" <<YAML
gpufit: 1
workloads:
  - name: w
    type: inference
    model: { hf_config: fifo.json }
YAML
timeout 20 "$GPUFIT" validate "$T/hf-fifo.yaml" >"$T/out" 2>"$T/err"
rc=$?
[ "$rc" = 3 ] || fail "hf_config FIFO: exit $rc, want 3"
expect_grep "gpufit: error: $T/hf-fifo.yaml:5:25: 'model.hf_config': $T/fifo.json: not a regular file" "$T/err"
finish
