#!/bin/bash
# diff names what the MIG plan deploys: a workload whose replicas the plan
# splits between slices and dedicated GPUs ("1 x A 1g.10gb + 3 x B" in
# recommend's table) shows the same split in diff's BASE/HEAD columns and in
# its JSON ("split"), for every such workload of small-fleet.yaml with its
# replica counts doubled.  The oracle is recommend's own table line.
. "$(dirname "$0")/lib.bash"
sed 's/replicas: 2/replicas: 4/' "$ROOT/examples/small-fleet.yaml" >"$T/head.yaml"
"$GPUFIT" recommend -f json "$ROOT/examples/small-fleet.yaml" >"$T/base.json" 2>/dev/null
"$GPUFIT" recommend -f json "$T/head.yaml" >"$T/head.json" 2>/dev/null
"$GPUFIT" recommend "$T/head.yaml" >"$T/head.txt" 2>/dev/null
"$GPUFIT" diff "$T/base.json" "$T/head.json" >"$T/diff.txt" 2>"$T/err" || fail "diff exited $?: $(cat "$T/err")"
"$GPUFIT" diff -f json "$T/base.json" "$T/head.json" >"$T/diff.json" 2>"$T/err" || fail "diff -f json exited $?"
python3 - "$T/head.txt" "$T/diff.txt" "$T/diff.json" >"$T/check" 2>&1 <<'PY' || fail "$(cat "$T/check")"
import json, re, sys
txt = open(sys.argv[1]).read()
diff = open(sys.argv[2]).read().splitlines()
dj = {w["name"]: w for w in json.load(open(sys.argv[3]))["workloads"]}
splits = 0
bad = []
for sec in re.split(r"^(?=== )", txt, flags=re.M):
    m = re.match(r"== (\S+) ", sec)
    r = re.search(r"^recommendation: .* \+ (\d+) x (\S+)", sec, re.M)
    if not m or not r:
        continue
    name, n, sku = m.group(1), r.group(1), r.group(2)
    want = f"{n} × {sku}"
    splits += 1
    row = [l for l in diff if l.startswith(name + " ")]
    if not row or want not in row[0]:
        bad.append(f"{name}: diff row lacks '+ {want}': {row}")
    if dj[name]["head"].get("split") != want:
        bad.append(f"{name}: JSON split {dj[name]['head'].get('split')!r}, want {want!r}")
if splits == 0:
    bad.append("no split recommendation in the profile: the test checks nothing")
for name, w in dj.items():
    if w["head"].get("split") and f"+ {w['head']['split'].replace(' × ', ' x ')}" not in txt:
        bad.append(f"{name}: JSON split {w['head']['split']!r} that recommend does not print")
if bad:
    print("; ".join(bad))
    sys.exit(1)
PY
finish
