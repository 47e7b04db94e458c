#!/bin/bash
# analyze on a fleet of 3000 single-GPU hosts: every host is reported once
# with the size its --hosts line gives (the last line when a host is named
# twice), and without --hosts every host gets --sku.  The lookups behind this
# are hash tables; this checks their answers, bench/analyze times them.
. "$(dirname "$0")/lib.bash"

python3 - "$T" <<'PY'
import sys
d = sys.argv[1]
with open(d + "/fleet.prom", "w") as f, open(d + "/hosts.txt", "w") as h:
    h.write("# host size\nnode-0001 Standard_NC96ads_A100_v4\n")
    for i in range(3000):
        lab = ('gpu="0",UUID="GPU-%08d",modelName="NVIDIA A100 80GB PCIe",Hostname="node-%04d"'
               % (i, i))
        f.write('DCGM_FI_PROF_GR_ENGINE_ACTIVE{%s} 0.5\n' % lab)
        f.write('DCGM_FI_DEV_GPU_UTIL{%s} 60\n' % lab)
        sku = "Standard_NC24ads_A100_v4" if i % 2 == 0 else "Standard_NC48ads_A100_v4"
        h.write("node-%04d %s\n" % (i, sku))
PY
expect_rc 0 "$GPUFIT" analyze --min-samples 1 -f json --hosts "$T/hosts.txt" "$T/fleet.prom"
jq -r '.gpus[] | "\(.host) \(.sku)"' "$T/out" >"$T/got"
# node-0001 is named twice: its second line (NC48) wins, so the expected
# pairs are the file without its comment and its first, overridden line.
sed 1,2d "$T/hosts.txt" | sort >"$T/want"
sort "$T/got" >"$T/got.sorted"
cmp -s "$T/got.sorted" "$T/want" || fail "hosts and sizes differ: $(diff "$T/want" "$T/got.sorted" | head -5)"
[ "$(wc -l <"$T/got")" = 3000 ] || fail "$(wc -l <"$T/got") rows, want 3000"
grep -qx 'node-0001 Standard_NC48ads_A100_v4' "$T/got" || fail "node-0001 did not take its last --hosts line"
[ "$(jq '.totals.gpus' "$T/out")" = 3000 ] || fail "totals.gpus $(jq '.totals.gpus' "$T/out")"

expect_rc 0 "$GPUFIT" analyze --min-samples 1 -f json --sku Standard_NC24ads_A100_v4 "$T/fleet.prom"
[ "$(jq '[.gpus[] | select(.sku == "Standard_NC24ads_A100_v4")] | length' "$T/out")" = 3000 ] ||
	fail "--sku did not reach every host"
[ "$(jq '[.gpus[].host] | unique | length' "$T/out")" = 3000 ] || fail "a host is reported twice"
finish
