#!/usr/bin/env python3
"""Every `-f csv` carries raw numbers (docs/output.md, "CSV").

Runs each command that prints csv on the example profiles and the fixtures,
parses the output with the csv module and checks:
- every column whose header ends in a unit suffix holds a plain number or an
  empty field (unknown), never "2,336.00", "22.49 GiB", "0%" or "$5";
- for the commands whose csv follows the convention in full (analyze, catalog
  list/show/status/refresh, estimate, diff, validate): snake_case headers,
  the numeric headers each one promises, and the numbers equal to what the
  same command's JSON says (unknown: empty field where JSON has null);
- for recommend, pack and check: the unit-suffixed columns are numbers.

Usage: csv_numbers.py GPUFIT ROOT SCRATCH_DIR
"""
import csv
import io
import json
import os
import re
import subprocess
import sys

GPUFIT, ROOT, SCRATCH = sys.argv[1], sys.argv[2], sys.argv[3]
os.chdir(ROOT)

# The unit suffixes of docs/output.md (money is the lower-case currency code),
# and "_cost", the money columns recommend and pack print today (with a
# separate currency column).
UNIT_SUFFIXES = ("_usd", "_eur", "_gib", "_pct", "_count", "_hours", "_ms", "_per_s",
                 "_tflops", "_days", "_cost")
NUMBER = re.compile(r"^-?[0-9]+(\.[0-9]+)?$")
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
FORMATTED = (",", "%", "GiB", "$", " ")

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def run(args, want_rc=(0,)):
    p = subprocess.run([GPUFIT] + args, capture_output=True, text=True)
    if p.returncode not in want_rc:
        fail("%s exited %d: %s" % (" ".join(args), p.returncode, p.stderr[:300]))
    return p.stdout


def parse(args, want_rc=(0,)):
    text = run(args, want_rc)
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows:
        fail("%s printed no csv" % " ".join(args))
        return [], []
    head, body = rows[0], rows[1:]
    for i, r in enumerate(body):
        if len(r) != len(head):
            fail("%s: row %d has %d fields, the header %d" % (" ".join(args), i + 1, len(r),
                                                                len(head)))
    return head, body


def numeric(name):
    return name.endswith(UNIT_SUFFIXES)


def check_numbers(args, head, body):
    """Every unit-suffixed column holds numbers or empty fields."""
    cols = [i for i, h in enumerate(head) if numeric(h)]
    for r in body:
        for i in cols:
            v = r[i] if i < len(r) else ""
            bad = [c for c in FORMATTED if c in v]
            if bad or (v != "" and not NUMBER.match(v)):
                fail("%s: column %s holds %r, not a raw number" % (" ".join(args), head[i], v))
    return cols


def owned(args, want_numeric, want_rc=(0,)):
    """A csv following the convention in full; returns rows as dicts."""
    head, body = parse(args, want_rc)
    for h in head:
        if not SNAKE.match(h):
            fail("%s: header %r is not snake_case" % (" ".join(args), h))
    cols = check_numbers(args, head, body)
    for h in want_numeric:
        if h not in head:
            fail("%s: no column %s (header: %s)" % (" ".join(args), h, ",".join(head)))
            return []
        if head.index(h) not in cols:
            fail("%s: %s is not recognised as numeric" % (" ".join(args), h))
    if not body:
        fail("%s: no rows" % " ".join(args))
    return [dict(zip(head, r)) for r in body]


def same(args, what, csv_value, json_value, places):
    """csv_value is json_value rounded to places, or empty where JSON is null."""
    if json_value is None:
        if csv_value != "":
            fail("%s: %s is %r, JSON null: want an empty field" % (" ".join(args), what,
                                                                   csv_value))
        return
    if csv_value == "" or abs(float(csv_value) - json_value) > 0.5 * 10 ** -places + 1e-9:
        fail("%s: %s is %r, JSON says %r" % (" ".join(args), what, csv_value, json_value))


def jrun(args, want_rc=(0,)):
    return json.loads(run(["-f", "json"] + args, want_rc))


# ---- analyze ---------------------------------------------------------------
TELEMETRY = [
    ["tests/fixtures/telemetry/dcgm-legacy.prom", "tests/fixtures/telemetry/dcgm-new.prom",
     "tests/fixtures/telemetry/dcgm-oldns.prom"],
    ["--metric", "DCGM_FI_PROF_GR_ENGINE_ACTIVE", "--min-samples", "12",
     "tests/fixtures/telemetry/query-noname.json"],
    ["--hosts", "tests/fixtures/telemetry/hosts.txt", "tests/fixtures/telemetry/query-range.json",
     "tests/fixtures/telemetry/smi-header.csv", "tests/fixtures/telemetry/smi-noheader.csv",
     "tests/fixtures/telemetry/dmon.txt"],
]
unknown_seen = 0
for files in TELEMETRY:
    args = ["analyze", "-f", "csv"] + files
    rows = owned(args, ["activity_mean_pct", "activity_p95_pct", "sm_active_mean_pct",
                        "idle_pct", "memory_peak_gib", "monthly_usd", "savings_monthly_usd"])
    doc = jrun(["analyze"] + files)
    if len(rows) != len(doc["gpus"]):
        fail("%s: %d rows, JSON %d GPUs" % (" ".join(args), len(rows), len(doc["gpus"])))
        continue
    for r, g in zip(rows, doc["gpus"]):
        st = g["stats"]
        same(args, "memory_peak_gib", r["memory_peak_gib"], st["peak_memory_gib"], 2)
        act = st.get(st["activity_metric"])
        # idle time is unknown without samples of the activity metric
        same(args, "idle_pct", r["idle_pct"], st["idle_fraction"] * 100 if act else None, 2)
        same(args, "monthly_usd", r["monthly_usd"], g["monthly_cost"], 2)
        if g["monthly_cost"] is not None:
            same(args, "savings_monthly_usd", r["savings_monthly_usd"], g["savings_monthly"], 2)
        else:
            same(args, "savings_monthly_usd", r["savings_monthly_usd"], None, 2)
        sm = st.get("sm_active")
        same(args, "sm_active_mean_pct", r["sm_active_mean_pct"],
             sm["mean"] * 100 if sm else None, 2)
        same(args, "activity_p95_pct", r["activity_p95_pct"],
             act["p95"] * 100 if act else None, 2)
        unknown_seen += r["memory_peak_gib"] == "" or r["sm_active_mean_pct"] == ""
        for k in ("gpu", "mig", "pod"):
            if r[k] == "-":
                fail("%s: %s is '-': unknown is an empty field" % (" ".join(args), k))
if not unknown_seen:
    fail("analyze: the fixtures have no unknown memory or SM activity: the empty-field case "
         "is not covered")

# ---- catalog list / show / status / refresh -----------------------------------
for extra in (["--gpu", "H100", "--region", "eastus"], ["--pricing", "spot"], []):
    args = ["catalog", "list", "-f", "csv"] + extra
    rows = owned(args, ["gpu_count", "gpu_memory_gib", "vcpu_count", "ram_gib",
                        "infiniband_gbit_per_s", "hourly_usd", "monthly_usd"])
    doc = jrun(["catalog", "list"] + extra)
    if len(rows) != len(doc["sizes"]):
        fail("%s: %d rows, JSON %d" % (" ".join(args), len(rows), len(doc["sizes"])))
        continue
    for r, s in zip(rows, doc["sizes"]):
        # an unpriced size (listed by --gpu) has no region: empty in csv, null in JSON
        if r["sku"] != s["sku"] or r["region"] != (s["region"] or ""):
            fail("%s: row %s/%s, JSON %s/%s" % (" ".join(args), r["sku"], r["region"], s["sku"],
                                                s["region"]))
        same(args, "hourly_usd", r["hourly_usd"], s["hourly"], 6)
        same(args, "monthly_usd", r["monthly_usd"], s["monthly"], 2)
        same(args, "gpu_memory_gib", r["gpu_memory_gib"], s["gpu_memory_gib"], 2)
        same(args, "gpu_count", r["gpu_count"], s["gpu_count"], 4)
        same(args, "ram_gib", r["ram_gib"], s["ram_gib"], 2)

for sku in ("Standard_ND96isr_H100_v5", "Standard_NC4as_T4_v3", "Standard_NV6ads_A10_v5"):
    args = ["catalog", "show", sku, "-f", "csv"]
    rows = owned(args, ["gpu_count", "gpu_memory_gib", "gpu_memory_bandwidth_gb_per_s",
                        "gpu_fp16_tflops", "vcpu_count", "ram_gib", "local_disk_gib",
                        "infiniband_gbit_per_s", "hourly_usd", "monthly_usd"])
    doc = jrun(["catalog", "show", sku])
    if len(rows) != max(1, len(doc["prices"])):
        fail("%s: %d rows for %d prices" % (" ".join(args), len(rows), len(doc["prices"])))
        continue
    for r, p in zip(rows, doc["prices"]):
        if (r["region"], r["pricing"], r["os"]) != (p["region"], p["pricing"], p["os"]):
            fail("%s: row order differs from JSON prices" % " ".join(args))
        same(args, "hourly_usd", r["hourly_usd"], p["hourly"], 6)
        same(args, "monthly_usd", r["monthly_usd"], round(p["hourly"] * 730, 2), 2)
        same(args, "gpu_memory_gib", r["gpu_memory_gib"], doc["gpu_memory_gib"], 2)

args = ["catalog", "status", "-f", "csv"]
rows = owned(args, ["age_days", "vm_size_count", "linux_price_count", "linux_payg_price_count"])
doc = jrun(["catalog", "status"])
if len(rows) != 1:
    fail("catalog status: %d records, want 1" % len(rows))
else:
    same(args, "age_days", rows[0]["age_days"], doc["age_days"], 0)
    same(args, "vm_size_count", rows[0]["vm_size_count"], doc["counts"]["vm_sizes"], 0)
    same(args, "linux_payg_price_count", rows[0]["linux_payg_price_count"],
         doc["prices_by_kind"]["payg"], 0)

# A saved Retail Prices page: two T4 prices in eastus (payg, spot), no network.
page = os.path.join(SCRATCH, "page.json")
item = {"currencyCode": "USD", "tierMinimumUnits": 0.0, "armRegionName": "eastus",
        "location": "US East", "effectiveStartDate": "2026-06-01T00:00:00Z",
        "productName": "Virtual Machines NCasT4_v3 Series", "serviceName": "Virtual Machines",
        "serviceFamily": "Compute", "unitOfMeasure": "1 Hour", "type": "Consumption",
        "isPrimaryMeterRegion": True, "armSkuName": "Standard_NC4as_T4_v3"}
items = [dict(item, retailPrice=0.526, unitPrice=0.526, skuName="Standard_NC4as_T4_v3",
              meterName="NC4as T4 v3"),
         dict(item, retailPrice=0.1052, unitPrice=0.1052, skuName="Standard_NC4as_T4_v3 Spot",
              meterName="NC4as T4 v3 Spot")]
with open(page, "w") as f:
    json.dump({"BillingCurrency": "USD", "Items": items, "NextPageLink": None}, f)
args = ["--catalog", os.path.join(SCRATCH, "refreshed.db"), "-f", "csv", "catalog", "refresh",
        "--from-file", page]
rows = owned(args, ["region_count", "item_count", "price_stored_count",
                    "linux_payg_price_count", "linux_spot_price_count", "duration_ms"])
if rows and (rows[0]["item_count"], rows[0]["linux_payg_price_count"],
             rows[0]["linux_spot_price_count"]) != ("2", "1", "1"):
    fail("catalog refresh csv: items/payg/spot %s/%s/%s, want 2/1/1" % (
        rows[0]["item_count"], rows[0]["linux_payg_price_count"],
        rows[0]["linux_spot_price_count"]))

# ---- estimate --------------------------------------------------------------
for extra in (["--params-b", "7", "--layers", "32", "--hidden", "4096", "--heads", "32",
               "--gpu", "L40S-PCIe-48GB"],
              ["--model", "llama-3.1-70b", "--gpu", "H100-SXM-80GB", "--gpus", "4"],
              ["--model", "llama-3.1-8b", "--mode", "training", "--gpu", "A100-SXM-80GB",
               "--gpus", "8"]):
    args = ["estimate", "-f", "csv"] + extra
    training = "training" in extra
    mem = "memory_per_gpu_total_gib" if training else "memory_total_gib"
    rate = "tokens_per_s" if training else "output_tokens_per_s"
    rows = owned(args, [mem, "gpu_count", rate, "tensor_parallel_count"], want_rc=(0, 3))
    doc = jrun(["estimate"] + extra, want_rc=(0, 3))
    if len(rows) != 1:
        fail("%s: %d records, want 1" % (" ".join(args), len(rows)))
        continue
    r = rows[0]
    same(args, mem, r[mem], doc["memory"]["total_gib"], 2)
    same(args, rate, r[rate], doc["throughput"][rate], 1)
    same(args, "gpu_count", r["gpu_count"], doc["gpus"], 0)
    if r["fits"] not in ("true", "false"):
        fail("%s: fits is %r, want true or false" % (" ".join(args), r["fits"]))

# ---- diff ------------------------------------------------------------------
for base, head, cur in (("base.json", "head.json", "usd"), ("eur.json", "eur.json", "eur")):
    b, h = "tests/golden/diff/inputs/" + base, "tests/golden/diff/inputs/" + head
    args = ["diff", "-f", "csv", b, h]
    m = "_" + cur
    rows = owned(args, ["base_monthly" + m, "head_monthly" + m, "delta_monthly" + m,
                        "delta_pct"], want_rc=(0, 1))
    doc = jrun(["diff", b, h], want_rc=(0, 1))
    byname = {w["name"]: w for w in doc["workloads"]}
    for r in rows:
        w = byname.get(r["workload"])
        if w is None:
            fail("%s: workload %s not in JSON" % (" ".join(args), r["workload"]))
            continue
        for side in ("base", "head"):
            it = w[side]
            known = it is not None and it.get("feasible", True) and it.get("monthly_cost") is not None
            same(args, side + "_monthly" + m, r[side + "_monthly" + m],
                 it["monthly_cost"] if known else None, 2)
        sides_known = all(w[s] is None or w[s].get("feasible", True) for s in ("base", "head"))
        same(args, "delta_monthly" + m, r["delta_monthly" + m],
             w["delta_monthly"] if sides_known else None, 2)

# ---- validate --------------------------------------------------------------
args = ["validate", "-f", "csv", "examples/vision-batch.yaml",
        "tests/golden/profile/inputs/negative.yaml"]
rows = owned(args, ["workload_count", "error_count"], want_rc=(3,))
if [(r["status"], r["workload_count"]) for r in rows] != [("ok", "1"), ("invalid", "")]:
    fail("validate csv: %r (an invalid profile's workload count is unknown: empty)" % rows)

# ---- recommend, pack, check: the unit-suffixed columns are numbers ----------
PROFILES = sorted("examples/" + f for f in os.listdir("examples") if f.endswith(".yaml"))
for prof in PROFILES:
    for args in (["recommend", "-f", "csv", prof], ["pack", "-f", "csv", prof],
                 ["check", "-f", "csv", "--max-monthly", "100000", prof]):
        head, body = parse(args, want_rc=(0, 1, 5))
        check_numbers(args, head, body)

if failures:
    print("%d failure(s)" % len(failures))
    sys.exit(1)
print("csv numbers: ok")
