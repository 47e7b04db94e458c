#!/bin/bash
# A catalog written by an earlier build of schema version 3 has no
# engine_support table, no vm_sizes.confidential or vm_sizes.quota_family
# column and no gpu_models.fp4_tflops or target column.  The program
# then reads them from the bundled catalog: a TensorRT-LLM workload is still
# never offered an AMD GPU nor a T4 or V100 (compute capability 7.5 and 7.0,
# below its 8.0), and a plain workload never the confidential
# NCC40ads_H100_v5 (the plain gpt-oss workload of
# tests/golden/recommend/deployable.cmd: NC40ads_H100_v5 at $9.08/h x 730 h
# = $6,628.40, not the NCC size at $6,497.00).
. "$(dirname "$0")/lib.bash"

cp "$ROOT/$B/catalog.db" "$T/old.db"
sqlite3 "$T/old.db" "DROP TABLE engine_support; ALTER TABLE vm_sizes DROP COLUMN confidential;
	ALTER TABLE vm_sizes DROP COLUMN quota_family; ALTER TABLE gpu_models DROP COLUMN fp4_tflops;
	ALTER TABLE gpu_models DROP COLUMN target" ||
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
assert any(r["kind"] == "engine" and r["sku"] == "Standard_ND40rs_v2" and "8.0 or higher" in r["reason"]
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
# and the GPU's target (no target column) with the limits: V100 is 7.0
expect_rc 3 "$GPUFIT" --catalog "$T/old.db" estimate --model llama-3-8b \
	--gpu V100-SXM2-32GB --engine vllm
expect_grep "vllm needs CUDA compute capability 7.5 or higher; V100-SXM2-32GB is 7.0" "$T/err"
# a catalog whose engine_support predates the limit columns reads the bundled table
cp "$ROOT/$B/catalog.db" "$T/limits.db"
sqlite3 "$T/limits.db" "ALTER TABLE engine_support DROP COLUMN min_compute_capability;
	ALTER TABLE engine_support DROP COLUMN gpu_targets; ALTER TABLE engine_support DROP COLUMN limit_source" ||
	fail "making a catalog without limit columns"
expect_rc 3 "$GPUFIT" --catalog "$T/limits.db" estimate --model llama-3-8b \
	--gpu V620-PCIe-32GB --engine vllm
expect_grep "does not support V620-PCIe-32GB (ROCm target gfx1030)" "$T/err"

# without the FP4 column fp4 runs at the FP8 rate, as those builds sized it:
# qwen3-8b fp4 on one GB200 prompts at 148350.5 tokens/s (5000 dense FP8
# TFLOPS), 296701.0 with the bundled catalog's 10000 FP4 TFLOPS
# (tests/golden/estimate/fp4-gb200-native)
"$GPUFIT" --catalog "$T/old.db" estimate -f json --model qwen3-8b --gpu GB200-NVL72-186GB \
	--precision fp4 --concurrency 8 >"$T/out" 2>"$T/err" || fail "estimate on an old catalog"
python3 -c 'import json,sys; v = json.load(open(sys.argv[1]))["throughput"]["prefill_tokens_per_s"]; assert v == 148350.5, v' "$T/out" ||
	fail "old catalog: fp4 not at the FP8 rate"
"$GPUFIT" --catalog "$T/old.db" catalog gpus -f json >"$T/out" 2>"$T/err" ||
	fail "catalog gpus on an old catalog"
python3 - "$T/out" <<'PY' || fail "old catalog: an FP4 rate where the catalog has none"
import json, sys
g = {x["name"]: x for x in json.load(open(sys.argv[1]))["gpus"]}
assert g["GB200-NVL72-186GB"]["fp4_tflops"] is None, g["GB200-NVL72-186GB"]
PY
# without quota_family every quota family is unknown, and catalog show says
# why; a catalog with confidential but without quota_family reads the same
cp "$ROOT/$B/catalog.db" "$T/mid.db"
sqlite3 "$T/mid.db" "ALTER TABLE vm_sizes DROP COLUMN quota_family" || fail "making a mid catalog"
for db in old mid; do
	"$GPUFIT" --catalog "$T/$db.db" catalog show Standard_NC24ads_A100_v4 >"$T/out" 2>"$T/err" ||
		fail "catalog show on the $db catalog"
	expect_grep "quota family          not known (a catalog written by an earlier build)" "$T/out"
	"$GPUFIT" --catalog "$T/$db.db" -f json catalog show Standard_NC24ads_A100_v4 >"$T/out" \
		2>"$T/err" || fail "catalog show -f json on the $db catalog"
	python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); assert d["quota_family"] is None, d["quota_family"]' "$T/out" ||
		fail "$db catalog: a quota family where the catalog has none"
done
"$GPUFIT" catalog show Standard_NC24ads_A100_v4 >"$T/out" 2>"$T/err" || fail "catalog show"
expect_grep "quota family          StandardNCADSA100v4Family" "$T/out"
finish
