# catalog models/gpus -f json list the same rows as -f csv, with null (never
# 0) for what the csv leaves empty: the T4 has no BF16 and no FP8 tensor
# rate, bert-large no native precision.
gpufit -f json catalog gpus >"$SCRATCH/g.json"
gpufit -f csv catalog gpus >"$SCRATCH/g.csv"
gpufit -f json catalog models >"$SCRATCH/m.json"
gpufit -f csv catalog models >"$SCRATCH/m.csv"
python3 - "$SCRATCH" <<'PY'
import csv, json, sys
d = sys.argv[1]
g = json.load(open(d + "/g.json"))["gpus"]
gc = list(csv.DictReader(open(d + "/g.csv")))
assert [x["name"] for x in g] == [r["gpu_model"] for r in gc], "gpu rows differ"
t4 = next(x for x in g if x["name"] == "T4-PCIe-16GB")
assert t4["bf16_tflops"] is None and t4["fp8_tflops"] is None, t4
for x, r in zip(g, gc):
    assert abs(x["memory_gib"] - float(r["memory_gib"])) < 1e-3, x["name"]
    assert (x["fp8_tflops"] is None) == (r["fp8_tflops"] == ""), x["name"]
m = json.load(open(d + "/m.json"))["models"]
mc = list(csv.DictReader(open(d + "/m.csv")))
assert [x["name"] for x in m] == [r["model"] for r in mc], "model rows differ"
bert = next(x for x in m if x["name"] == "bert-large")
assert bert["native_precision"] is None, bert
print(len(g), "gpus,", len(m), "models: json matches csv")
PY
