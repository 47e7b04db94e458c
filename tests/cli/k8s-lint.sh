#!/bin/bash
# gpufit k8s lint: every fixture of tests/fixtures/k8s-lint gives exactly the
# findings its `# expect:` comments name (tests/k8s/check_lint_expect.py,
# which must also catch a missing one), every rule is exercised and
# documented, SARIF output has the fields GitHub code scanning needs,
# `k8s lint --profile P` on `k8s P` reports nothing for every example
# profile, exit codes (0 clean, 1 errors or --strict warnings, 2 usage, 3
# unreadable input) and bad input: not YAML, a YAML bomb, 10,000 documents,
# a scalar document, unknown kinds, a --nodepools file not in the az format.
. "$(dirname "$0")/lib.bash"

FX="$ROOT/tests/fixtures/k8s-lint"
lint() { "$GPUFIT" k8s lint "$@"; }

rules_seen=""
for f in "$FX"/*.yaml; do
	n=$(basename "$f" .yaml)
	opts=()
	case $n in pools-*) opts=(--nodepools "$FX/nodepools.json") ;; esac
	"$GPUFIT" -f json k8s lint "${opts[@]}" "$f" >"$T/$n.json" 2>"$T/$n.err"
	rc=$?
	want=0
	if grep -q '# expect:' "$f"; then
		python3 - "$f" >"$T/$n.sev" <<'PY'
import re, sys
err = ["gpu-missing-toleration", "toleration-", "gpu-request-", "gpu-fractional",
       "gpu-resource-unknown-name", "gpu-count-exceeds", "mig-", "nodeselector-non-gpu",
       "spot-missing", "daemonset-gpu-agent"]
rules = re.findall(r"#\s*expect:\s*(.+)$", open(sys.argv[1]).read(), re.M)
print(1 if any(r.startswith(tuple(err)) for line in rules for r in line.split()) else 0)
PY
		want=$(cat "$T/$n.sev")
	fi
	[ "$rc" = "$want" ] || fail "lint $n exited $rc, want $want: $(head -c 300 "$T/$n.err")"
	python3 "$ROOT/tests/k8s/check_lint_expect.py" "$f" "$T/$n.json" >"$T/$n.check" ||
		fail "lint $n: $(cat "$T/$n.check")"
	rules_seen="$rules_seen $(python3 -c 'import json,sys; print(" ".join(x["rule"] for x in json.load(open(sys.argv[1]))["findings"]))' "$T/$n.json")"
done

# the checker sees a missing finding: drop one expected line's key
sed 's/effect: NoExecute # expect: toleration-effect-mismatch/effect: NoSchedule # expect: toleration-effect-mismatch/' \
	"$FX/toleration-effect.yaml" >"$T/broken.yaml"
"$GPUFIT" -f json k8s lint "$T/broken.yaml" >"$T/broken.json"
if python3 "$ROOT/tests/k8s/check_lint_expect.py" "$T/broken.yaml" "$T/broken.json" >/dev/null; then
	fail "check_lint_expect.py accepts a fixture whose finding is gone"
fi

# every rule id of the table is exercised by a fixture and documented with an example
"$GPUFIT" -f sarif k8s lint "$FX/clean-cpu.yaml" >"$T/rules.sarif" || fail "sarif of a clean file failed"
python3 - "$T/rules.sarif" "$ROOT/docs/k8s-lint.md" "$rules_seen" >"$T/rules.check" <<'PY' || fail "rules: $(cat "$T/rules.check")"
import json, sys
rules = json.load(open(sys.argv[1]))["runs"][0]["tool"]["driver"]["rules"]
doc = open(sys.argv[2]).read()
seen = set(sys.argv[3].split())
ids = [r["id"] for r in rules]
bad = []
if len(ids) != 26 or len(set(ids)) != 26:
    bad.append("want 26 distinct rules, got %d" % len(ids))
errs = [r["id"] for r in rules if r["defaultConfiguration"]["level"] == "error"]
if len(errs) != 18:
    bad.append("want 18 error rules, got %d" % len(errs))
for i in ids:
    if i not in seen:
        bad.append("no fixture exercises " + i)
    if ("### `%s`" % i) not in doc:
        bad.append("docs/k8s-lint.md lacks a section for " + i)
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY

# SARIF 2.1.0: the fields code scanning reads, and every result points at a rule
"$GPUFIT" -f sarif k8s lint --nodepools "$FX/nodepools.json" "$FX/pools-select.yaml" >"$T/out.sarif"
[ $? = 1 ] || fail "sarif with errors should exit 1"
python3 - "$T/out.sarif" >"$T/sarif.check" <<'PY' || fail "sarif: $(cat "$T/sarif.check")"
import json, sys
s = json.load(open(sys.argv[1]))
bad = []
if s.get("version") != "2.1.0" or "sarif-2.1.0" not in s.get("$schema", ""):
    bad.append("version/$schema")
run = s["runs"][0]
drv = run["tool"]["driver"]
if drv.get("name") != "gpufit" or not drv.get("rules"):
    bad.append("tool.driver")
if len(run["results"]) != 3:
    bad.append("want 3 results, got %d" % len(run["results"]))
for r in run["results"]:
    if drv["rules"][r["ruleIndex"]]["id"] != r["ruleId"]:
        bad.append("ruleIndex does not name ruleId")
    if r["level"] not in ("error", "warning") or not r["message"]["text"]:
        bad.append("level/message")
    loc = r["locations"][0]["physicalLocation"]
    if not loc["artifactLocation"]["uri"].endswith("pools-select.yaml"):
        bad.append("uri")
    if loc["region"]["startLine"] < 1 or loc["region"]["startColumn"] < 1:
        bad.append("region")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY

# generator output lints clean, with its own pools and with the conventions
for p in "$ROOT"/examples/*.yaml; do
	n=$(basename "$p" .yaml)
	"$GPUFIT" k8s "$p" >"$T/gen-$n.yaml" 2>/dev/null
	rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 5 ] || { fail "k8s $n exited $rc"; continue; }
	lint --profile "$p" "$T/gen-$n.yaml" >"$T/gen-$n.out" 2>&1 || fail "lint --profile $n: $(head -c 400 "$T/gen-$n.out")"
	[ -s "$T/gen-$n.out" ] && fail "lint --profile $n reported: $(head -c 400 "$T/gen-$n.out")"
	lint "$T/gen-$n.yaml" >"$T/gen-$n.conv" 2>&1 || fail "lint $n (conventions): $(head -c 400 "$T/gen-$n.conv")"
done

# exit codes
expect_rc 0 lint "$FX/clean-deployment.yaml"
expect_rc 0 lint "$FX/cpu-tolerates.yaml"
expect_rc 1 lint --strict "$FX/cpu-tolerates.yaml"
expect_rc 0 lint --strict "$FX/clean-deployment.yaml"
expect_rc 1 lint "$FX/missing-toleration.yaml"
expect_rc 2 lint
expect_rc 2 lint --nodepools "$FX/nodepools.json" --profile "$ROOT/examples/k8s-spot.yaml" "$FX/clean-cpu.yaml"
expect_rc 2 lint --taint nope "$FX/clean-cpu.yaml"
expect_rc 2 "$GPUFIT" -f csv k8s lint "$FX/clean-cpu.yaml"
expect_rc 2 "$GPUFIT" -f sarif recommend "$ROOT/examples/chat-8b.yaml"
# stdin, and --taint changes the convention
expect_rc 1 lint - <"$FX/missing-toleration.yaml"
expect_grep '<stdin>:11:9: error:' "$T/out"
sed 's/key: sku/key: gpu/; s/value: gpu/value: "true"/' "$FX/clean-deployment.yaml" >"$T/taint.yaml"
expect_rc 0 lint --taint gpu=true:NoSchedule "$T/taint.yaml"
expect_rc 1 lint "$T/taint.yaml"

# bad input: one message with the position, exit 3, no crash
printf 'apiVersion: v1\nkind: Pod\nmetadata: {name: [x\n' >"$T/notyaml.yaml"
expect_rc 3 lint "$T/notyaml.yaml"
expect_grep "notyaml.yaml:4:1: invalid YAML: did not find expected ',' or ']'" "$T/err"
python3 - "$T/bomb.yaml" <<'PY'
import sys
lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
for i in range(1, 10):
    lines.append('%s: &%s [%s]' % (chr(97 + i), chr(97 + i), ",".join(["*" + chr(96 + i)] * 9)))
open(sys.argv[1], "w").write("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata:\n" +
                             "\n".join("  " + l for l in lines) + "\n")
PY
expect_rc 3 lint "$T/bomb.yaml"
expect_grep "bomb.yaml:11:10: document expands to more than 1000000 YAML nodes (aliases included)" "$T/err"
printf 'just a string\n' >"$T/scalar.yaml"
expect_rc 3 lint "$T/scalar.yaml"
expect_grep "scalar.yaml:1:1: document 1 is a scalar, not a Kubernetes object" "$T/err"
printf 'apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\nspec: {template: {spec: {containers: [{name: c, resources: {limits: {nvidia.com/gpu: 0.5}}}]}}}\n' >"$T/unknown.yaml"
expect_rc 0 lint "$T/unknown.yaml"
[ -s "$T/out" ] && fail "unknown kinds reported: $(head -c 300 "$T/out")"
printf '{"value": []}' >"$T/notaz.json"
expect_rc 3 lint --nodepools "$T/notaz.json" "$T/unknown.yaml"
expect_grep "notaz.json: the top level is not an array of node pools; not the output of 'az aks nodepool list -o json'" "$T/err"
printf '[{"name": "x"}]' >"$T/notaz2.json"
expect_rc 3 lint --nodepools "$T/notaz2.json" "$T/unknown.yaml"
expect_grep "notaz2.json: node pool 1: 'name' and 'vmSize' are required" "$T/err"
printf '[{"name": "x",\n "vmSize": }]' >"$T/badjson.json"
expect_rc 3 lint --nodepools "$T/badjson.json" "$T/unknown.yaml"
expect_grep "badjson.json:2:12: invalid JSON" "$T/err"
printf '[{"name": "x", "vmSize": "Standard_NC4as_T4_v3", "nodeTaints": ["bad"]}]' >"$T/badtaint.json"
expect_rc 3 lint --nodepools "$T/badtaint.json" "$T/unknown.yaml"
expect_grep "node pool 'x': taint 'bad' is not KEY=VALUE:EFFECT" "$T/err"

# 10,000 documents in one stream: every one counted, one finding each; document
# i (0-based) spans lines 9i+1..9i+9, its nvidia.com/gpu key is on line 9i+9 at
# column 26, so the last finding is at 90000:26
python3 - "$T/many.yaml" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    for i in range(10000):
        f.write("---\napiVersion: v1\nkind: Pod\nmetadata: {name: p%d}\nspec:\n  containers:\n"
                "  - name: c\n    image: x\n    resources: {limits: {nvidia.com/gpu: 1}}\n" % i)
PY
"$GPUFIT" -f json k8s lint "$T/many.yaml" >"$T/many.json"
[ $? = 1 ] || fail "10k documents: want exit 1"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); s=d["summary"]; sys.exit(0 if s["objects"]==10000 and s["errors"]==10000 and d["findings"][-1]["document"]==10000 and d["findings"][-1]["line"]==90000 and d["findings"][-1]["column"]==26 else 1)' "$T/many.json" ||
	fail "10k documents: wrong summary"
finish
