#!/bin/bash
# gpufit k8s: for every example profile, the manifests are valid Kubernetes
# objects (kubernetes-models, the npm package pinned in tests/k8s/setup.sh),
# the az script passes bash -n and shellcheck, and the pools and manifests
# agree with `recommend -f json` of the same profile (tests/k8s/check_k8s.py,
# which must also catch a broken document).  --out-dir writes both files
# atomically, exit 5 still writes the rest; bad options exit 2 with their
# message.  A missing tool is a failure, not a skip.
. "$(dirname "$0")/lib.bash"

bash "$ROOT/tests/k8s/setup.sh" "$B" || fail "npm packages for validation not installed"
command -v shellcheck >/dev/null || fail "shellcheck is not installed (sh scripts/deps.sh test)"
export K8S_NODE_DIR="$ROOT/$B/node"

for f in "$ROOT"/examples/*.yaml; do
	n=$(basename "$f" .yaml)
	"$GPUFIT" k8s "$f" >"$T/$n.yaml" 2>"$T/$n.err"
	rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 5 ] || fail "k8s $n exited $rc: $(head -c 300 "$T/$n.err")"
	node "$ROOT/tests/k8s/validate-k8s.cjs" "$T/$n.yaml" >"$T/$n.valid" 2>&1 ||
		fail "k8s $n: invalid manifests: $(head -c 600 "$T/$n.valid")"
	"$GPUFIT" k8s -f sh "$f" >"$T/$n.sh" 2>/dev/null
	bash -n "$T/$n.sh" || fail "k8s $n: bash -n fails"
	shellcheck -s bash "$T/$n.sh" >"$T/$n.sc" 2>&1 || fail "k8s $n: shellcheck: $(head -c 600 "$T/$n.sc")"
	grep -q '^set -euo pipefail$' "$T/$n.sh" || fail "k8s $n: script lacks set -euo pipefail"
	if grep -q -- '--skip-gpu-driver-install' "$T/$n.sh"; then fail "k8s $n: retired flag"; fi
	"$GPUFIT" -f json recommend "$f" >"$T/$n.rec.json" 2>/dev/null
	"$GPUFIT" -f json k8s "$f" >"$T/$n.k8s.json" 2>/dev/null
	python3 "$ROOT/tests/k8s/check_k8s.py" "$T/$n.rec.json" "$T/$n.k8s.json" >"$T/$n.check" ||
		fail "k8s $n: $(head -c 600 "$T/$n.check")"
	# the YAML and the JSON manifests are the same objects
	node -e '
		const Y = require(require("path").resolve(process.env.K8S_NODE_DIR, "node_modules/yaml"));
		const fs = require("fs");
		const y = Y.parseAllDocuments(fs.readFileSync(process.argv[1], "utf8")).map((d) => d.toJS());
		const j = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).manifests;
		process.exit(JSON.stringify(y) === JSON.stringify(j) ? 0 : 1);' "$T/$n.yaml" "$T/$n.k8s.json" ||
		fail "k8s $n: -f yaml and -f json manifests differ"
done

# A MIG plan that splits workloads over pools (tests/golden/k8s/mig-split-*
# have the hand counts): c's two replicas on pools a100mig2g and a100mig3g,
# a and e partly on a slice, partly on dedicated T4s.  Nothing is skipped
# (exit 0, no warning), the manifests are valid objects, one per (workload,
# pool), and the checker agrees with recommend -f json.
split="$ROOT/tests/golden/k8s/inputs/mig-split.yaml"
expect_rc 0 "$GPUFIT" k8s "$split"
grep -q "skipped" "$T/err" && fail "k8s mig-split skipped a workload: $(grep skipped "$T/err")"
cp "$T/out" "$T/split.yaml"
node "$ROOT/tests/k8s/validate-k8s.cjs" "$T/split.yaml" >"$T/split.valid" 2>&1 ||
	fail "k8s mig-split: invalid manifests: $(head -c 600 "$T/split.valid")"
expect_rc 0 "$GPUFIT" -f sh k8s "$split"
cp "$T/out" "$T/split.sh"
shellcheck -s bash "$T/split.sh" >"$T/split.sc" 2>&1 || fail "k8s mig-split: shellcheck: $(head -c 600 "$T/split.sc")"
"$GPUFIT" -f json recommend "$split" >"$T/split.rec.json" 2>/dev/null
"$GPUFIT" -f json k8s "$split" >"$T/split.k8s.json" 2>/dev/null
python3 "$ROOT/tests/k8s/check_k8s.py" "$T/split.rec.json" "$T/split.k8s.json" >"$T/split.check" ||
	fail "k8s mig-split: $(head -c 600 "$T/split.check")"
[ "$(jq -c '[.manifests[] | select(.kind == "Deployment") | [.metadata.name, .spec.replicas]]' "$T/split.k8s.json")" = \
	'[["a-a100mig2g",1],["a-t4",2],["c-a100mig2g",1],["c-a100mig3g",1],["d",1],["e-a100mig2g",1],["e-t4",3]]' ] ||
	fail "k8s mig-split: Deployments $(jq -c '[.manifests[] | [.metadata.name, .spec.replicas]]' "$T/split.k8s.json")"
# k8s lint finds nothing wrong with them on the cluster of the same profile
expect_rc 0 "$GPUFIT" k8s lint --profile "$split" "$T/split.yaml"
# the checker sees one of c's pools missing
jq 'del(.manifests[] | select(.metadata.name == "c-a100mig3g"))' "$T/split.k8s.json" >"$T/broken.json"
python3 "$ROOT/tests/k8s/check_k8s.py" "$T/split.rec.json" "$T/broken.json" >"$T/broken.check" &&
	fail "check_k8s.py accepts a workload missing one of its MIG pools"
expect_grep "FAIL c: MIG objects on [('Standard_NC24ads_A100_v4', '2g.20gb')], plan pools" "$T/broken.check"

# The validator and the checker see breakage.
sed 's/operator: Equal/operator: Equals/; s/effect: NoSchedule/effect: NoScheduled/' \
	"$T/k8s-spot.yaml" >"$T/broken.yaml"
node "$ROOT/tests/k8s/validate-k8s.cjs" "$T/broken.yaml" >"$T/broken.out" 2>&1 &&
	fail "validator accepts a toleration effect NoScheduled"
expect_grep "must be equal to one of the allowed values" "$T/broken.out"
jq '.node_pools[0].min_count += 1' "$T/k8s-mixed-fleet.k8s.json" >"$T/broken.json"
python3 "$ROOT/tests/k8s/check_k8s.py" "$T/k8s-mixed-fleet.rec.json" "$T/broken.json" >"$T/broken.check" &&
	fail "check_k8s.py accepts a wrong min_count"
expect_grep "FAIL pool a100: count/min/max" "$T/broken.check"

# Spot: the pool and the pods' automatic spot-taint toleration.
expect_grep "--priority Spot --eviction-policy Delete --spot-max-price -1" "$T/k8s-spot.sh"
expect_grep "key: kubernetes.azure.com/scalesetpriority" "$T/k8s-spot.yaml"
# MIG: the AKS uniform profile and the mixed-strategy resource name.
expect_grep "--gpu-instance-profile MIG1g" "$T/small-fleet.sh"
expect_grep "nvidia.com/mig-1g.10gb: 1" "$T/small-fleet.yaml"
# InfiniBand: az ppg create, --ppg, one zone; rdma/ib and IPC_LOCK.
expect_grep 'PPG_ID_a100ib=$(az ppg create --name a100ibppg' "$T/k8s-infiniband.sh"
expect_grep '--ppg "$PPG_ID_a100ib"' "$T/k8s-infiniband.sh"
expect_grep "--zones 1" "$T/k8s-infiniband.sh"
expect_grep "rdma/ib: 8" "$T/k8s-infiniband.yaml"
expect_grep "- IPC_LOCK" "$T/k8s-infiniband.yaml"
expect_grep "completionMode: Indexed" "$T/k8s-infiniband.yaml"
expect_grep "clusterIP: None" "$T/k8s-infiniband.yaml"

# Device plugins: AKS installs the NVIDIA driver but no device plugin, so
# the script installs the NVIDIA device plugin's chart on the NVIDIA pools,
# with migStrategy=mixed when a pool is MIG (nvidia.com/mig-<profile> is the
# mixed strategy's name), tolerating the pools' taints and selecting them.
expect_grep "helm upgrade --install nvdp nvdp/nvidia-device-plugin \\" "$T/small-fleet.sh"
expect_grep "  --set migStrategy=mixed \\" "$T/small-fleet.sh"
expect_grep '"values":["a100mig1g","t4"]' "$T/small-fleet.sh"
expect_grep 'tolerations=[{"key":"sku","operator":"Equal","value":"gpu","effect":"NoSchedule"}]' "$T/small-fleet.sh"
expect_grep 'az aks get-credentials --resource-group "$RESOURCE_GROUP" --name "$CLUSTER" --overwrite-existing' "$T/small-fleet.sh"
grep -q migStrategy "$T/chat-8b.sh" && fail "migStrategy on a cluster without MIG pools"
expect_grep "helm upgrade --install nvdp nvdp/nvidia-device-plugin \\" "$T/chat-8b.sh"
# spot pools: the plugin tolerates AKS's spot taint too
expect_grep '{"key":"kubernetes.azure.com/scalesetpriority","operator":"Equal","value":"spot","effect":"NoSchedule"}' "$T/k8s-spot.sh"
# the checker sees a MIG cluster without the mixed strategy
jq '.setup_commands |= map(sub(" --set migStrategy=mixed"; ""))' "$T/small-fleet.k8s.json" >"$T/broken.json"
python3 "$ROOT/tests/k8s/check_k8s.py" "$T/small-fleet.rec.json" "$T/broken.json" >"$T/broken.check" &&
	fail "check_k8s.py accepts MIG pods without migStrategy=mixed"
expect_grep "FAIL pool a100mig1g: MIG pods but the device plugin is not migStrategy=mixed" "$T/broken.check"
# AMD pools (Standard_ND96is*_MI300X_v5, amd.com/gpu): --gpu-driver None, as
# AKS requires on AMD pools, no NVIDIA device plugin, and the AMD GPU
# Operator as a marked step that the script also prints when it runs
cat >"$T/amd.yaml" <<'YAML'
gpufit: 1
region: swedencentral
workloads:
  - name: big
    type: inference
    requirements: { gpu_memory_gib: 150 }
YAML
"$GPUFIT" k8s "$T/amd.yaml" >"$T/amd.yaml.out" 2>/dev/null || fail "k8s amd exited $?"
expect_grep "amd.com/gpu: 1" "$T/amd.yaml.out"
node "$ROOT/tests/k8s/validate-k8s.cjs" "$T/amd.yaml.out" >"$T/amd.valid" 2>&1 ||
	fail "k8s amd: invalid manifests: $(head -c 600 "$T/amd.valid")"
expect_rc 0 "$GPUFIT" k8s -f sh "$T/amd.yaml"
cp "$T/out" "$T/amd.sh"
shellcheck -s bash "$T/amd.sh" >"$T/amd.sc" 2>&1 || fail "k8s amd: shellcheck: $(head -c 600 "$T/amd.sc")"
expect_grep "  --gpu-driver None" "$T/amd.sh"
grep -q -- "--gpu-driver Install" "$T/amd.sh" && fail "an AMD pool gets the NVIDIA driver"
grep -q "nvidia-device-plugin" "$T/amd.sh" && fail "the NVIDIA device plugin on an AMD-only cluster"
expect_grep '# STEP BY HAND: AMD GPU Operator, cluster "$CLUSTER", pools mi300x.' "$T/amd.sh"
expect_grep 'echo "gpufit: pools mi300x need the AMD GPU Operator before their pods can run (see this script)" >&2' "$T/amd.sh"
"$GPUFIT" -f json recommend "$T/amd.yaml" >"$T/amd.rec.json" 2>/dev/null
"$GPUFIT" -f json k8s "$T/amd.yaml" >"$T/amd.k8s.json" 2>/dev/null
python3 "$ROOT/tests/k8s/check_k8s.py" "$T/amd.rec.json" "$T/amd.k8s.json" >"$T/amd.check" ||
	fail "k8s amd: $(head -c 600 "$T/amd.check")"
[ "$(jq -c '[.setup_commands, .node_pools[0].device_plugin]' "$T/amd.k8s.json")" = '[[],"amd-gpu-operator"]' ] ||
	fail "k8s amd: setup_commands/device_plugin: $(jq -c '[.setup_commands, .node_pools[0].device_plugin]' "$T/amd.k8s.json")"
# the checker sees an AMD pool created with the NVIDIA driver flag
jq '.node_pools[0].command |= sub("--gpu-driver None$"; "--gpu-driver Install")' "$T/amd.k8s.json" >"$T/broken.json"
python3 "$ROOT/tests/k8s/check_k8s.py" "$T/amd.rec.json" "$T/broken.json" >"$T/broken.check" &&
	fail "check_k8s.py accepts --gpu-driver Install on an AMD pool"
expect_grep "FAIL pool mi300x: AMD pool without --gpu-driver None and the AMD GPU Operator" "$T/broken.check"

# --cluster, --resource-group, --taint, --image fill the commands and pods.
expect_rc 0 "$GPUFIT" k8s -f sh --cluster prod-gpu --resource-group rg-ml --taint nvidia.com/gpu=present:NoSchedule "$ROOT/examples/chat-8b.yaml"
expect_grep 'CLUSTER="${CLUSTER:-prod-gpu}"' "$T/out"
expect_grep 'RESOURCE_GROUP="${RESOURCE_GROUP:-rg-ml}"' "$T/out"
expect_grep "--node-taints nvidia.com/gpu=present:NoSchedule" "$T/out"
expect_rc 0 "$GPUFIT" k8s --image myacr.azurecr.io/chat:1.2 --taint nvidia.com/gpu=present:NoSchedule "$ROOT/examples/chat-8b.yaml"
expect_grep "image: myacr.azurecr.io/chat:1.2" "$T/out"
expect_grep "key: nvidia.com/gpu" "$T/out"
expect_grep "value: present" "$T/out"

# --out-dir: both files, the same text as -f sh / -f yaml, nothing left over.
expect_rc 0 "$GPUFIT" k8s --out-dir "$T/dir" "$ROOT/examples/k8s-mixed-fleet.yaml"
expect_grep "node-pools.sh: 4 node pools" "$T/out"
cmp -s "$T/dir/node-pools.sh" "$T/k8s-mixed-fleet.sh" || fail "--out-dir node-pools.sh differs from -f sh"
cmp -s "$T/dir/workloads.yaml" "$T/k8s-mixed-fleet.yaml" || fail "--out-dir workloads.yaml differs from -f yaml"
[ -x "$T/dir/node-pools.sh" ] || fail "node-pools.sh is not executable"
[ "$(ls -A "$T/dir" | wc -l)" = 2 ] || fail "--out-dir left other files: $(ls -A "$T/dir")"
# a replica of several model instances on several VMs runs a pod per
# instance: llm-70b-slo's one replica is "6 VMs per replica, 6 instances of
# 1 GPU each" in recommend, so 6 pods of 1 GPU on a pool of 6 nodes
"$GPUFIT" recommend "$ROOT/examples/llm-70b-slo.yaml" 2>/dev/null >"$T/rec70"
expect_grep "  - 6 VMs per replica, 6 instances of 1 GPU each" "$T/rec70"
expect_rc 0 "$GPUFIT" k8s -f json "$ROOT/examples/llm-70b-slo.yaml"
python3 - "$T/out" >"$T/check" 2>&1 <<'PY' || fail "llm-70b-slo: $(cat "$T/check")"
import json, sys
d = json.load(open(sys.argv[1]))
dep = [o for o in d["manifests"] if o["kind"] == "Deployment" and o["metadata"]["name"].startswith("assistant-70b")]
assert len(dep) == 1 and dep[0]["spec"]["replicas"] == 6, [o["spec"].get("replicas") for o in dep]
lim = dep[0]["spec"]["template"]["spec"]["containers"][0]["resources"]["limits"]
assert lim["nvidia.com/gpu"] == 1, lim
pool = [p for p in d["node_pools"] if p["sku"] == "Standard_NC40ads_H100_v5"]
assert len(pool) == 1 and pool[0]["min_count"] == 6, pool
PY
# a workload without a feasible option: exit 5, reported, the rest still written
cat >"$T/none.yaml" <<'YAML'
gpufit: 1
region: eastus
workloads:
  - name: chat
    type: inference
    model: llama-3.1-8b
    serving: { input_tokens: 512, output_tokens: 128, concurrency: 4 }
  - name: impossible
    type: inference
    model: llama-3.1-70b
    serving: { input_tokens: 2048, output_tokens: 256, concurrency: 16, max_ms_per_output_token: 2 }
YAML
expect_rc 5 "$GPUFIT" k8s --out-dir "$T/dir5" "$T/none.yaml"
expect_grep "gpufit: warning: k8s: workload 'impossible' skipped: no feasible option" "$T/err"
[ -f "$T/dir5/node-pools.sh" ] && [ -f "$T/dir5/workloads.yaml" ] || fail "exit 5 wrote no files"
# --out-dir on a file: exit 3, the file untouched
echo keep >"$T/file"
expect_rc 3 "$GPUFIT" k8s --out-dir "$T/file" "$ROOT/examples/chat-8b.yaml"
expect_grep "gpufit: error: '$T/file' is not a directory" "$T/err"
[ "$(cat "$T/file")" = keep ] || fail "--out-dir on a file changed it"

# AKS's limits (1000 nodes per node pool): 900 one-GPU replicas make a pool of
# 900 nodes whose autoscaler maximum, ceil(900 x 1.15) = 1035, is capped at
# 1000 with a warning; 1200 cannot be one pool: the workload is skipped (exit
# 5) and no pool is written for it
for n in 900 1200; do
	cat >"$T/fleet$n.yaml" <<YAML
gpufit: 1
region: eastus
workloads:
  - name: fleet
    type: inference
    model: llama-3.1-8b
    precision: int4
    serving: { input_tokens: 512, output_tokens: 128, concurrency: 4 }
    replicas: $n
YAML
done
expect_rc 0 "$GPUFIT" k8s -f sh "$T/fleet900.yaml"
expect_grep "gpufit: warning: k8s: node pool 't4': autoscaler maximum 1035 capped at 1000, AKS's limit per node pool" "$T/err"
expect_grep "  --enable-cluster-autoscaler --min-count 900 --max-count 1000 \\" "$T/out"
expect_rc 5 "$GPUFIT" k8s -f sh "$T/fleet1200.yaml"
expect_grep "gpufit: warning: k8s: workload 'fleet' skipped: its node pool 't4' needs 1200 nodes; an AKS node pool holds at most 1000" "$T/err"
grep -q "nodepool add" "$T/out" && fail "a pool of 1200 nodes was written: $(grep -A6 'nodepool add' "$T/out")"

# --out-dir is all or nothing: with workloads.yaml a directory, neither file is
# written and the error names it; a file that is a link is written through
# the link (the link stays)
mkdir -p "$T/od3/workloads.yaml"
expect_rc 3 "$GPUFIT" k8s --out-dir "$T/od3" "$ROOT/examples/chat-8b.yaml"
expect_grep "gpufit: error: cannot write '$T/od3/workloads.yaml': is a directory" "$T/err"
[ -e "$T/od3/node-pools.sh" ] && fail "--out-dir wrote node-pools.sh beside a directory workloads.yaml"
mkdir -p "$T/od4"
echo old >"$T/victim.sh"
ln -s ../victim.sh "$T/od4/node-pools.sh"
expect_rc 0 "$GPUFIT" k8s --out-dir "$T/od4" "$ROOT/examples/chat-8b.yaml"
[ -L "$T/od4/node-pools.sh" ] || fail "--out-dir replaced the link node-pools.sh"
grep -q "az aks nodepool add" "$T/victim.sh" || fail "--out-dir did not write through the link"

# --image is an image reference ([DOMAIN[:PORT]/]PATH[:TAG][@ALGO:HEX]): the
# common forms pass, anything else is a usage error
for im in vllm/vllm-openai:v0.11.0 nvcr.io/nim/meta/llama-3.1-8b-instruct:1.3 \
	localhost:5000/team/model__x:latest "x@sha256:$(printf '0%.0s' $(seq 64))"; do
	expect_rc 0 "$GPUFIT" k8s --image "$im" "$ROOT/examples/chat-8b.yaml"
	expect_grep "image: $im" "$T/out"
done
for im in ':::' 'UPPER/case' '$(id)' 'a//b' 'img:' 'img:-x' 'x@sha256:12'; do
	expect_rc 2 "$GPUFIT" k8s --image "$im" "$ROOT/examples/chat-8b.yaml"
	expect_grep "is not an image reference" "$T/err"
done

# Bad options: exit 2, one line.
expect_rc 2 "$GPUFIT" k8s --taint sku=gpu "$ROOT/examples/chat-8b.yaml"
expect_grep "gpufit: error: k8s: --taint: 'sku=gpu' has no :EFFECT (NoSchedule, PreferNoSchedule, NoExecute)" "$T/err"
expect_rc 2 "$GPUFIT" k8s --taint sku=gpu:NoScheduled "$ROOT/examples/chat-8b.yaml"
expect_grep "unknown taint effect 'NoScheduled'" "$T/err"
expect_rc 2 "$GPUFIT" k8s --cluster 'a b;rm' "$ROOT/examples/chat-8b.yaml"
expect_grep "gpufit: error: k8s: --cluster 'a b;rm': use 1-90 letters" "$T/err"
expect_rc 2 "$GPUFIT" -f table k8s "$ROOT/examples/chat-8b.yaml"
expect_grep "gpufit: error: k8s: format 'table' is not supported (yaml, sh, json)" "$T/err"
expect_rc 2 "$GPUFIT" -f sh recommend "$ROOT/examples/chat-8b.yaml"
expect_grep "gpufit: error: format 'sh' is only for 'gpufit k8s'" "$T/err"
expect_rc 2 "$GPUFIT" k8s
expect_grep "gpufit: error: k8s: missing PROFILE" "$T/err"
expect_rc 3 "$GPUFIT" k8s "$T/nonexistent.yaml"

# A workload described by its traffic (examples/chat-traffic.yaml: 12
# requests/s at the weekday peak, autoscale 0-8 replicas, one
# Standard_NC24ads_A100_v4 per replica; recommend's load plan: peak 2, trough
# 0, 62.96 requests in flight per replica at the peak, 69.51 the most it is
# sized for).  The plan scales to
# zero, which an HPA cannot: a KEDA ScaledObject 0-8 on the vLLM metrics,
# threshold 69.51 (the most in flight a replica is sized for), and a pool of --min-count 0 --max-count 8 (1 VM x 0 and
# x 8 replicas), with the warning that nothing wakes it from zero.
traffic="$ROOT/examples/chat-traffic.yaml"
expect_rc 0 "$GPUFIT" k8s "$traffic"
cp "$T/out" "$T/traffic.yaml"
expect_grep "gpufit: warning: k8s: workload 'chat-traffic' scales to zero: at zero replicas no pod exports its metric" "$T/err"
expect_grep "kind: ScaledObject" "$T/traffic.yaml"
grep -q "kind: HorizontalPodAutoscaler" "$T/traffic.yaml" && fail "an HPA for a plan that scales to zero"
expect_grep 'threshold: "69.51"' "$T/traffic.yaml"
expect_grep 'query: sum({__name__=~"vllm:num_requests_running|vllm:num_requests_waiting",pod=~"chat-traffic-[a-z0-9]+-[a-z0-9]+"})' "$T/traffic.yaml"
expect_rc 0 "$GPUFIT" k8s -f sh "$traffic"
expect_grep "  --node-count 0 \\" "$T/out"
expect_grep "  --enable-cluster-autoscaler --min-count 0 --max-count 8 \\" "$T/out"
expect_rc 0 "$GPUFIT" k8s lint --profile "$traffic" "$T/traffic.yaml"
# min_replicas 1: an HPA (autoscaling/v2) 1-8 on the adapter's Pods metric,
# the pool 1-8; --autoscaler keda: a ScaledObject 1-8 instead.  Each valid
# (kubernetes-models, @kubernetes-models/keda), agreeing with recommend -f
# json (check_k8s.py), its -f yaml the -f json manifests, lint-clean.
sed 's/min_replicas: 0/min_replicas: 1/' "$traffic" >"$T/min1.yaml"
"$GPUFIT" -f json recommend "$T/min1.yaml" >"$T/min1.rec.json" 2>/dev/null
for a in hpa keda; do
	expect_rc 0 "$GPUFIT" k8s --autoscaler "$a" "$T/min1.yaml"
	cp "$T/out" "$T/min1-$a.yaml"
	grep -q "scales to zero" "$T/err" && fail "min_replicas 1 warned of a scale to zero"
	node "$ROOT/tests/k8s/validate-k8s.cjs" "$T/min1-$a.yaml" >"$T/min1.valid" 2>&1 ||
		fail "k8s --autoscaler $a: invalid manifests: $(head -c 600 "$T/min1.valid")"
	expect_grep "OK 2 objects" "$T/min1.valid"
	expect_rc 0 "$GPUFIT" k8s lint --profile "$T/min1.yaml" "$T/min1-$a.yaml"
	"$GPUFIT" -f json k8s --autoscaler "$a" "$T/min1.yaml" >"$T/min1-$a.json" 2>/dev/null
	python3 "$ROOT/tests/k8s/check_k8s.py" "$T/min1.rec.json" "$T/min1-$a.json" "$a" >"$T/min1.check" ||
		fail "k8s --autoscaler $a: $(head -c 600 "$T/min1.check")"
	node -e '
		const Y = require(require("path").resolve(process.env.K8S_NODE_DIR, "node_modules/yaml"));
		const fs = require("fs");
		const y = Y.parseAllDocuments(fs.readFileSync(process.argv[1], "utf8")).map((d) => d.toJS());
		const j = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).manifests;
		process.exit(JSON.stringify(y) === JSON.stringify(j) ? 0 : 1);' "$T/min1-$a.yaml" "$T/min1-$a.json" ||
		fail "k8s --autoscaler $a: -f yaml and -f json manifests differ"
done
[ "$(jq -c '[.manifests[1] | .kind, .spec.minReplicas, .spec.maxReplicas, .spec.metrics[0].pods.metric.name, .spec.metrics[0].pods.target.averageValue] + [.node_pools[0] | .autoscaled_nodes, .min_count, .max_count]' "$T/min1-hpa.json")" = \
	'["HorizontalPodAutoscaler",1,8,"vllm_requests_in_flight","69510m",{"min_count":1,"max_count":8},1,8]' ] ||
	fail "k8s min_replicas 1: $(jq -c '[.manifests[1].spec, .node_pools[0].autoscaled_nodes]' "$T/min1-hpa.json")"
[ "$(jq -c '[.manifests[1] | .kind, .spec.minReplicaCount, .spec.maxReplicaCount]' "$T/min1-keda.json")" = '["ScaledObject",1,8]' ] ||
	fail "k8s --autoscaler keda: $(jq -c '.manifests[1].spec' "$T/min1-keda.json")"
# the checker sees a wrong bound and the wrong kind
jq '.manifests[1].spec.maxReplicas = 9' "$T/min1-hpa.json" >"$T/broken.json"
python3 "$ROOT/tests/k8s/check_k8s.py" "$T/min1.rec.json" "$T/broken.json" >"$T/broken.check" &&
	fail "check_k8s.py accepts an HPA of 9 replicas for a plan of 8"
expect_grep "FAIL chat-traffic: autoscaler ('HorizontalPodAutoscaler', 'chat-traffic', 1, 9, 'Pods', 69.51), want ('HorizontalPodAutoscaler', 'chat-traffic', 1, 8, 'Pods', 69.51)" "$T/broken.check"
python3 "$ROOT/tests/k8s/check_k8s.py" "$T/min1.rec.json" "$T/min1-hpa.json" keda >"$T/broken.check" &&
	fail "check_k8s.py accepts an HPA under --autoscaler keda"
expect_grep "FAIL chat-traffic: a HorizontalPodAutoscaler, want a ScaledObject" "$T/broken.check"
# and the validators a broken object of each kind
sed 's/maxReplicaCount: 8/maxReplicaCount: eight/' "$T/min1-keda.yaml" >"$T/broken.yaml"
node "$ROOT/tests/k8s/validate-k8s.cjs" "$T/broken.yaml" >"$T/broken.out" 2>&1 &&
	fail "validator accepts a ScaledObject of maxReplicaCount eight"
expect_grep "ScaledObject chat-traffic: data/spec/maxReplicaCount must be integer" "$T/broken.out"
sed 's/maxReplicas: 8/maxReplicas: eight/' "$T/min1-hpa.yaml" >"$T/broken.yaml"
node "$ROOT/tests/k8s/validate-k8s.cjs" "$T/broken.yaml" >"$T/broken.out" 2>&1 &&
	fail "validator accepts an HPA of maxReplicas eight"
expect_grep "HorizontalPodAutoscaler chat-traffic:" "$T/broken.out"
# the engines' metrics (TGI, SGLang); TensorRT-LLM exports none gpufit
# knows: a placeholder metric, an annotation and a warning
for e in tgi:tgi_requests_in_flight sglang:sglang_requests_in_flight tensorrt-llm:requests_in_flight; do
	sed "s/percentile: 95 /engine: ${e%%:*}\n      percentile: 95 /" "$T/min1.yaml" >"$T/engine.yaml"
	expect_rc 0 "$GPUFIT" k8s "$T/engine.yaml"
	expect_grep "        name: ${e#*:}" "$T/out"
done
expect_grep "gpufit: warning: k8s: workload 'chat-traffic': tensorrt-llm exports no requests-in-flight metric gpufit knows" "$T/err"
expect_grep "gpufit.io/metric: 'tensorrt-llm exports no requests-in-flight metric gpufit knows" "$T/out"
expect_rc 2 "$GPUFIT" k8s --autoscaler vpa "$traffic"
expect_grep "gpufit: error: k8s: unknown autoscaler 'vpa' (hpa, keda)" "$T/err"

finish
