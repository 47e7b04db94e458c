#!/bin/bash
# One memory need per workload: needs.gpu_memory_gib of recommend -f json (per
# replica, headroom included) is the figure of the table's "needs per replica"
# line, of the recommendation's memory reason, of every memory rejection
# ("needs X GiB, has Y GiB") and of --explain, in the table and in JSON; a
# replica on several instances needs at least what each instance holds.
#
# Hand arithmetic for the profile below (mistral-7b, fp16, 2000 + 300 tokens,
# 16 sequences; catalog: 7.24e9 parameters, 128 KiB of KV cache per token;
# activations 8192 tokens x 4096 hidden x 8 B = 0.25 GiB; runtime 1 GiB):
#   weights 7.24e9 x 2 B                 = 13.49 GiB
#   KV cache 128 KiB x 2300 x 16          =  4.49 GiB
#   (13.49 + 4.49 + 0.25 + 1) x 1.15      = 22.1 GiB   the need of a replica
#   one sequence: (13.49 + 0.28 + 0.25 + 1) x 1.15 = 17.3 GiB
. "$(dirname "$0")/lib.bash"
cat >"$T/qa.yaml" <<'YAML'
gpufit: 1
workloads:
  - name: qa-bot
    type: inference
    model: mistral-7b
    precision: fp16
    serving: { input_tokens: 2000, output_tokens: 300, concurrency: 16, max_ms_per_output_token: 40 }
  - name: long-docs
    type: inference
    model: qwen2.5-7b
    serving: { input_tokens: 8000, output_tokens: 1000, concurrency: 200 }
YAML
"$GPUFIT" recommend --details "$T/qa.yaml" >"$T/out" 2>"$T/err" || fail "recommend exited $?: $(cat "$T/err")"
awk '/^== qa-bot/,/^== long-docs/' "$T/out" >"$T/qa"
expect_grep "needs per replica, 15% headroom included: 22.1 GiB GPU memory" "$T/qa"
expect_grep "  - memory 22.1 GiB needed with 15% headroom, 76.0 GiB usable" "$T/qa"
# (the column is as wide as the longest rejected size, so any run of spaces)
grep -qE '^Standard_NC4as_T4_v3 +needs 22\.1 GiB, has 14\.2 GiB; one sequence alone needs 17\.3 GiB$' "$T/qa" ||
	fail "qa-bot: no T4 rejection with the replica's need: $(grep T4 "$T/qa")"
# a replica on two instances: the replica's need, then each instance's share
awk '/^== long-docs/,/^== MIG/' "$T/out" >"$T/long"
expect_grep "  - memory 128.3 GiB needed with 15% headroom (all of a replica's sequences on one instance): 73.0 GiB in each of 2 instances (its share of the sequences), 76.0 GiB usable each" "$T/long"
# more sequences than a size can hold is counted in sequences, not GiB: one
# sequence (18.3 GiB with headroom) per A100 1g.20gb slice, at most the 4
# slices of it one GPU holds (2 of its 8 memory slices each, 4 per GPU in
# catalog/mig_profiles.csv)
"$GPUFIT" recommend --all-rejected "$T/qa.yaml" >"$T/all" 2>"$T/err" || fail "recommend --all-rejected exited $?"
awk '/^== long-docs/,/^== MIG/' "$T/all" >"$T/long-all"
grep -qE '^Standard_NC24ads_A100_v4 1g\.20gb +200 sequences in flight, at most 4 fit on 4 units$' "$T/long-all" ||
	fail "long-docs: no sequence-count rejection: $(grep 'sequences in flight' "$T/long-all" | head -3)"

# an instance of 8 GPUs whose per-GPU overheads decide: one sequence of a
# 671B model under SGLang's memory rule, in the memory the headroom leaves,
# does not fit on 8 x H200; its rejection's need and have are the figures of
# that decision (one sequence's, x 1.15), the need above the have
cat >"$T/ep.yaml" <<'YAML'
gpufit: 1
region: eastus
workloads:
  - name: ds-r1
    type: inference
    model: deepseek-r1
    precision: native
    serving: { input_tokens: 32768, output_tokens: 8192, concurrency: 32, expert_parallel: true, engine: sglang }
YAML
# an instance over two VMs: DeepSeek-R1 under SGLang, 32 sequences of
# 4096 + 1024 tokens.  With 15 % headroom one 8 x H200 VM does not hold them
# (714.49 + 10.72 + 96.00 + 163.8 = 985.0 GiB, x 1.15 = 1132.8 of 1123.2
# usable); five such VMs of 7 sequences each would, but one instance over two
# InfiniBand VMs (tensor 8 x pipeline 2, 16 GPUs) holds all 32 in fewer VMs.
# That instance holds all 32 sequences in the memory the headroom leaves (as
# --explain prints it): weights 714.49 + KV 32 x 0.335 = 10.72 + activations
# 16 x 12 = 192.00 + SGLang's reserve 343.23 = 1260.45 GiB, x 1.15 = 1449.5
# GiB of 2 x 1123.2 = 2246.4 usable.  The workload's need is the least a size
# offered in the region asks (the same on every pricing term): one instance
# of 8 GB200 over 2 ND128isr_NDR_GB200_v6 (payg 126.54 $/h there, dearer):
# weights 671.56 + KV 10.72 + activations 192.00 + reserve 92.46 = 966.75
# GiB x 1.15 = 1111.8 GiB; the recommendation's reason gives its own 1449.5
# beside it.  The model alone without the engine's reserve (732.8 GiB) must
# not be printed anywhere.  The price: 2 x 99.216 $/h x 730 h = 144,855.36
# (five VMs would be 362,138.40).
cat >"$T/mi.yaml" <<'YAML'
gpufit: 1
region: indonesiacentral
workloads:
  - name: dsr1
    type: inference
    model: deepseek-r1
    precision: native
    serving: { input_tokens: 4096, output_tokens: 1024, concurrency: 32, engine: sglang, expert_parallel: true }
YAML
"$GPUFIT" recommend --details "$T/mi.yaml" >"$T/mi" 2>"$T/err" || fail "recommend mi.yaml exited $?: $(cat "$T/err")"
expect_grep "needs per replica, 15% headroom included: 1111.8 GiB GPU memory" "$T/mi"
expect_grep "recommendation: 2 x Standard_ND96isr_H200_v5 in indonesiacentral (vm, 16 GPUs), \$144,855.36/month" "$T/mi"
expect_grep "  - 2 VMs per replica, 1 instance of 16 GPUs over 2 VMs each (tensor 8 x pipeline 2, expert 8, attention data-parallel 8, over InfiniBand)" "$T/mi"
expect_grep "  - memory 1111.8 GiB needed with 15% headroom (1449.5 GiB on this instance of 16 GPUs), 2246.4 GiB usable" "$T/mi"
grep -qE '^Standard_NC24ads_A100_v4 +needs 1111\.8 GiB, has 80\.0 GiB; one sequence alone needs 750\.8 GiB$' "$T/mi" ||
	fail "dsr1: no A100 rejection with the replica's need: $(grep NC24ads_A100 "$T/mi")"
if grep -q '732\.8' "$T/mi"; then fail "dsr1: the model-alone figure is printed: $(grep '732\.8' "$T/mi")"; fi
"$GPUFIT" -f json recommend "$T/mi.yaml" >"$T/mi.json" 2>"$T/err" || fail "recommend -f json mi.yaml exited $?"
python3 - "$T/mi.json" >"$T/check" 2>&1 <<'PY' || fail "$(cat "$T/check")"
import json, sys
w = json.load(open(sys.argv[1]))["workloads"][0]
r = w["recommendation"]
assert w["needs"]["gpu_memory_gib"] == 1111.8, w["needs"]
assert w["needs"]["interconnect"] == "infiniband", w["needs"]
assert (r["vm_count"], r["instances_per_replica"], r["gpus_per_instance"]) == (2, 1, 16), r
assert r["parallelism"] == {"tensor": 8, "pipeline": 2, "expert": 8, "attention_data_parallel": 8}, r
assert r["monthly_cost"] == 144855.36, r
PY
# --explain gives the same need and the instance recommend prints; a size
# rejected for memory keeps one VM's figures
"$GPUFIT" recommend --explain Standard_ND96isr_H200_v5 "$T/mi.yaml" >"$T/mi-h200" 2>"$T/err" ||
	fail "--explain H200 exited $?"
expect_grep "needs per replica, 15% headroom included: 1111.8 GiB GPU memory" "$T/mi-h200"
expect_grep "memory of one instance (16 GPUs, tensor 8 x pipeline 2, expert 8, attention data-parallel 8): weights 714.49 + KV cache 10.72 + activations 192.00 + overhead 343.23 = 1260.45 GiB" "$T/mi-h200"
expect_grep "with 15% headroom 1449.5 GiB of 2246.4 GiB usable" "$T/mi-h200"
"$GPUFIT" recommend --explain Standard_NC24ads_A100_v4 "$T/mi.yaml" >"$T/mi-a100" 2>"$T/err" ||
	fail "--explain A100 exited $?"
expect_grep "needs per replica, 15% headroom included: 1111.8 GiB GPU memory" "$T/mi-a100"
expect_grep "rejected (memory): needs 1111.8 GiB, has 80.0 GiB" "$T/mi-a100"
# with 12 % one VM holds the replica (1103.1 GiB of 1123.2): no second VM;
# the need is the GB200 instance's at 12 %: (671.56 + 10.72 + 192.00 +
# 92.15) x 1.12 = 1082.4 GiB
"$GPUFIT" recommend --headroom 12 "$T/mi.yaml" >"$T/mi12" 2>"$T/err" || fail "recommend --headroom 12 exited $?"
expect_grep "needs per replica, 12% headroom included: 1082.4 GiB GPU memory" "$T/mi12"
expect_grep "  - memory 1082.4 GiB needed with 12% headroom (1103.1 GiB on this instance of 8 GPUs), 1123.2 GiB usable" "$T/mi12"
expect_grep "recommendation: 1 x Standard_ND96isr_H200_v5" "$T/mi12"

for p in "$T/qa.yaml" "$T/ep.yaml" "$T/mi.yaml" "$ROOT"/examples/*.yaml; do
	"$GPUFIT" -f json recommend "$p" >"$T/out.json" 2>"$T/err"
	rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 5 ] || { fail "recommend -f json $p exited $rc"; continue; }
	"$GPUFIT" recommend --details "$p" >"$T/out.txt" 2>"$T/err"
	python3 - "$T/out.json" "$T/out.txt" "$p" >"$T/check" 2>&1 <<'PY' || fail "$(cat "$T/check")"
import json, re, sys
d = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
bad = []
blocks = re.split(r"^== ", text, flags=re.M)
for w in d["workloads"]:
    n = w["needs"]["gpu_memory_gib"]
    want = f"{n:.1f}"
    block = next((b for b in blocks if b.startswith(w["name"] + " (")), "")
    if n > 0:
        m = re.search(r"^needs per replica, \S+ headroom included: ([\d.]+) GiB GPU memory", block, re.M)
        if not m or m.group(1) != want:
            bad.append(f"{w['name']}: table needs {m and m.group(1)}, JSON {want}")
    r = w.get("recommendation")
    if r:
        mem = [x for x in r["reasons"] if x.startswith("memory ")]
        m = re.match(r"memory ([\d.]+) GiB needed", mem[0]) if mem else None
        if not m or m.group(1) != want:
            bad.append(f"{w['name']}: reason {mem[:1]}, needs {want}")
        # a replica on several instances needs at least what each holds
        e = re.search(r"([\d.]+) GiB in each of (\d+) instances", mem[0]) if mem else None
        if r.get("instances_per_replica", 1) > 1 and w["type"] != "training":
            if not e or float(e.group(1)) > n:
                bad.append(f"{w['name']}: reason {mem[:1]}: each instance needs more than {want}")
    for rj in w["rejected"]:
        m = re.match(r"needs ([\d.]+) GiB, has ([\d.]+) GiB(;|$)", rj["reason"])
        if rj["kind"] != "memory" or not m or w["type"] == "training":
            continue
        if m.group(1) != want and not n < float(m.group(2)):
            bad.append(f"{w['name']}: rejected {rj['sku']} '{rj['reason']}', needs {want}")
        # a memory rejection never says it needs less than it has
        if not float(m.group(1)) > float(m.group(2)):
            bad.append(f"{w['name']}: rejected {rj['sku']} '{rj['reason']}': need <= have")
if bad:
    print(sys.argv[3] + ": " + "; ".join(bad))
    sys.exit(1)
PY
done
finish
