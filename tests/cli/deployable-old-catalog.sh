#!/bin/bash
# A catalog written by an earlier build of schema version 3 has no
# engine_support table and no vm_sizes.confidential column.  The program
# then reads both from the bundled catalog: a TensorRT-LLM workload is still
# never offered an AMD GPU, and a plain workload never the confidential
# NCC40ads_H100_v5 (the plain gpt-oss workload of
# tests/golden/recommend/deployable.cmd: NC40ads_H100_v5 at $9.08/h x 730 h
# = $6,628.40, not the NCC size at $6,497.00).
. "$(dirname "$0")/lib.bash"

cp "$ROOT/$B/catalog.db" "$T/old.db"
sqlite3 "$T/old.db" "DROP TABLE engine_support; ALTER TABLE vm_sizes DROP COLUMN confidential" ||
	fail "making an old catalog"
[ "$(sqlite3 "$T/old.db" 'PRAGMA user_version')" = 3 ] || fail "old catalog is not version 3"

P="$ROOT/tests/golden/recommend/inputs/deployable.yaml"
"$GPUFIT" --catalog "$T/old.db" recommend -f json "$P" >"$T/out" 2>"$T/err" ||
	fail "recommend on an old catalog: rc $?"
python3 - "$T/out" <<'PY' || fail "old catalog: wrong recommendations"
import json, sys
d = {w["name"]: w for w in json.load(open(sys.argv[1]))["workloads"]}
assert d["big-trt"]["recommendation"]["sku"] == "Standard_ND96isr_H200_v5", d["big-trt"]["recommendation"]
assert any(r["kind"] == "engine" and r["sku"] == "Standard_ND96isr_MI300X_v5"
           for r in d["big-trt"]["rejected"]), d["big-trt"]["rejected"]
assert d["big-vllm"]["recommendation"]["sku"] == "Standard_ND96isr_MI300X_v5"
assert d["secret"]["recommendation"]["sku"] == "Standard_NCC40ads_H100_v5"
assert d["plain"]["recommendation"]["sku"] == "Standard_NC40ads_H100_v5"
assert d["plain"]["recommendation"]["monthly_cost"] == 6628.4
PY

# estimate reads the bundled table too
expect_rc 3 "$GPUFIT" --catalog "$T/old.db" estimate --model llama-3-8b \
	--gpu MI300X-OAM-192GB --engine tensorrt-llm
expect_grep "tensorrt-llm runs on NVIDIA GPUs only; MI300X-OAM-192GB is AMD" "$T/err"
finish
