#!/usr/bin/env python3
"""Checks `gpufit k8s -f json` against `gpufit recommend -f json` of the
same profile, from the recommendation's own numbers (not from the k8s code):

- every feasible workload runs somewhere, every infeasible one is skipped;
- a workload the MIG plan placed runs one object on each of its plan pools
  (mig_plan_use.pools), on a pool of that size and MIG profile, asking for
  nvidia.com/mig-<profile>: 1, those objects' replicas sum to its replicas on
  slices, and that pool's nodes are the plan's VMs of that size and profile;
  its replicas on dedicated GPUs run on a pool of the plan's dedicated size;
- an inference workload runs a pod per model instance: replicas x
  instances_per_replica pods, each asking for gpus_per_instance GPUs;
- any other workload runs on a pool of its recommended size; the pool's
  minimum is the VMs of the inference workloads on it (they always run),
  its maximum that with the headroom (ceil) plus the training VMs;
- a multi-node training run is an Indexed Job with completions = its VMs,
  rdma/ib and IPC_LOCK, with a headless Service, on an InfiniBand pool with
  a PPG and one zone;
- names match ^[a-z][a-z0-9]{0,11}$ and are unique; GPU requests equal
  limits; every pod selects its pool and tolerates its taints (and the spot
  taint on spot pools); Deployment replicas sum to the workload's replicas;
- a workload described by its traffic (load_plan) runs a Deployment
  without replicas and, of the same name, a HorizontalPodAutoscaler
  (autoscaling/v2, a Pods metric) or, where the plan scales to zero (or
  --autoscaler keda, argument 3), a KEDA ScaledObject with a prometheus
  trigger, whose bounds are the plan's min_replicas and max_replicas (an
  HPA at least 1) times the model instances of a replica and whose target
  is the plan's in_flight_target_per_replica over them, to the hundredth;
  its pool's minimum and maximum hold VMs per replica x those bounds (no
  headroom), as autoscaled_nodes says;
- something advertises every GPU resource a pod asks for: a pool whose pods
  ask for amd.com/gpu is created with --gpu-driver None (AKS requires it on
  AMD pools) and names the AMD GPU Operator; every other pool is created
  with --gpu-driver Install and setup_commands install the NVIDIA device
  plugin on it in its cluster (the chart's affinity lists the pool, its
  tolerations cover the pool's taints and the spot taint, and
  migStrategy=mixed when a pod asks for nvidia.com/mig-<profile>).

usage: check_k8s.py RECOMMEND.json K8S.json [keda]   (prints "ok ..." or FAIL lines)
"""
import json
import math
import re
import sys

SPOT = ("kubernetes.azure.com/scalesetpriority", "spot", "NoSchedule")


def quantity(q):
    """A Kubernetes quantity as gpufit writes it: "12" or "62960m"."""
    q = str(q)
    return float(q[:-1]) / 1000 if q.endswith("m") else float(q)


def check_scaler(name, w, r, got, scalers, keda, fails):
    """The autoscaler of a workload with a load plan; returns its pool's
    (min, max) nodes."""
    lp = w["load_plan"]
    inst = r.get("instances_per_replica", 1)
    lo, hi = lp["min_replicas"], lp["max_replicas"]
    want_keda = keda or lo == 0
    if len(got) != 1:
        fails.append(f"{name}: an autoscaled workload on {len(got)} pools")
        return 0, 0
    dep = got[0][3]
    if "replicas" in dep["spec"]:
        fails.append(f"{name}: an autoscaled Deployment sets replicas")
    sc = scalers.get(dep["metadata"]["name"])
    if not sc:
        fails.append(f"{name}: no autoscaler of Deployment {dep['metadata']['name']}")
        return 0, 0
    want_target = round(lp["in_flight_target_per_replica"] / inst, 2)
    want_kind = "ScaledObject" if want_keda else "HorizontalPodAutoscaler"
    if sc["kind"] != want_kind:
        fails.append(f"{name}: a {sc['kind']}, want a {want_kind}")
    elif want_keda:
        sp = sc["spec"]
        trig = sp["triggers"][0]
        got_b = (sc["kind"], sp["scaleTargetRef"]["name"], sp["minReplicaCount"], sp["maxReplicaCount"],
                 trig["type"], round(float(trig["metadata"]["threshold"]), 2))
        want_b = ("ScaledObject", dep["metadata"]["name"], lo * inst, hi * inst, "prometheus", want_target)
    else:
        sp = sc["spec"]
        m = sp["metrics"][0]
        got_b = (sc["kind"], sp["scaleTargetRef"]["name"], sp["minReplicas"], sp["maxReplicas"],
                 m["type"], round(quantity(m["pods"]["target"]["averageValue"]), 2))
        want_b = ("HorizontalPodAutoscaler", dep["metadata"]["name"], max(lo, 1) * inst, hi * inst, "Pods",
                  want_target)
    if sc["kind"] == want_kind and got_b != want_b:
        fails.append(f"{name}: autoscaler {got_b}, want {want_b}")
    per = r["vm_count"] // w["replicas"] if w["replicas"] else 1
    return per * lo, per * hi


def main(rec_path, k8s_path, keda=False):
    rec = json.load(open(rec_path))
    k8s = json.load(open(k8s_path))
    fails = []
    pools = {p["name"]: p for p in k8s["node_pools"]}
    names = [p["name"] for p in k8s["node_pools"]]
    if len(set(names)) != len(names):
        fails.append(f"pool names not unique: {names}")
    for n in names:
        if not re.fullmatch(r"[a-z][a-z0-9]{0,11}", n):
            fails.append(f"pool name {n!r} is not valid")
    skipped = {s["workload"] for s in k8s["skipped"]}
    spot = rec["pricing"] == "spot"
    headroom = rec.get("assumptions", {}).get("headroom_pct", 15) if isinstance(rec.get("assumptions"), dict) else 15
    mig_pools = (rec.get("mig_plan") or {}).get("node_pools") or []

    # pods of each workload: (pool name, replicas, resources, kind, object)
    pods = {}
    scalers = {}
    for o in k8s["manifests"]:
        if o["kind"] in ("HorizontalPodAutoscaler", "ScaledObject"):
            if o["metadata"]["name"] in scalers:
                fails.append(f"two autoscalers of {o['metadata']['name']}")
            scalers[o["metadata"]["name"]] = o
            continue
        if o["kind"] == "Service":
            continue
        wl = o["metadata"]["labels"]["gpufit.io/workload"]
        spec = o["spec"]["template"]["spec"]
        pool = spec["nodeSelector"]["kubernetes.azure.com/agentpool"]
        c = spec["containers"][0]
        req, lim = c["resources"]["requests"], c["resources"]["limits"]
        if req != lim:
            fails.append(f"{o['metadata']['name']}: requests {req} != limits {lim}")
        if pool not in pools:
            fails.append(f"{o['metadata']['name']}: selects unknown pool {pool}")
            continue
        p = pools[pool]
        tols = {(t["key"], t["value"], t["effect"]) for t in spec["tolerations"]}
        for t in p["taints"]:
            if (t["key"], t["value"], t["effect"]) not in tols:
                fails.append(f"{o['metadata']['name']}: does not tolerate {t}")
        if (p["priority"] == "spot") != (SPOT in tols):
            fails.append(f"{o['metadata']['name']}: spot toleration {SPOT in tols} on a {p['priority']} pool")
        n = o["spec"].get("replicas", 1) if o["kind"] == "Deployment" else 1
        pods.setdefault(wl, []).append((pool, n, lim, o))

    must, burst = {}, {}
    scaled = {}           # pool -> [min, max] nodes of autoscaled workloads
    counted_mig = set()
    for w in rec["workloads"]:
        name, r = w["name"], w.get("recommendation")
        if not r:
            if name not in skipped:
                fails.append(f"{name}: infeasible but not skipped")
            continue
        if name in skipped:
            continue
        got = pods.get(name)
        if not got:
            fails.append(f"{name}: no manifest")
            continue
        use = w.get("mig_plan_use") or {}
        if use.get("cost_basis") == "mig-plan":
            # every plan pool its sliced replicas sit on (mig_plan_use.pools)
            plan = {q["name"]: q for q in mig_pools}
            mps = [plan[n] for n in (use.get("pools") or [use.get("pool")]) if n in plan] \
                if use.get("replicas_on_slices") else []
            sliced = [g for g in got if any(k.startswith("nvidia.com/mig-") for k in g[2])]
            if mps:
                if not sliced:
                    fails.append(f"{name}: no MIG pod")
                    continue
                want = {(q["sku"], q["mig_profile"]): q for q in mps}
                on = []
                for g in sliced:
                    pool = pools[g[0]]
                    mp = want.get((pool["sku"], pool["mig_profile"]))
                    if not mp:
                        fails.append(f"{name}: pool {pool['sku']} {pool['mig_profile']} is none of the plan's "
                                     f"{sorted(want)}")
                        continue
                    on.append((pool["sku"], pool["mig_profile"]))
                    if pool["gpu_instance_profile"] != mp["aks_gpu_instance_profile"]:
                        fails.append(f"{name}: --gpu-instance-profile {pool['gpu_instance_profile']} != {mp['aks_gpu_instance_profile']}")
                    if g[2] != {"nvidia.com/mig-" + mp["mig_profile"]: 1}:
                        fails.append(f"{name}: MIG pod asks for {g[2]}")
                    if mp["name"] not in counted_mig:
                        counted_mig.add(mp["name"])
                        must[pool["name"]] = must.get(pool["name"], 0) + mp["vm_count"]
                # one object per plan pool, on every one of them
                if sorted(on) != sorted(want):
                    fails.append(f"{name}: MIG objects on {sorted(on)}, plan pools {sorted(want)}")
                if sum(g[1] for g in sliced) != use["replicas_on_slices"]:
                    fails.append(f"{name}: {sum(g[1] for g in sliced)} sliced replicas, plan {use['replicas_on_slices']}")
            ded = [g for g in got if g not in sliced]
            if use.get("replicas_dedicated"):
                if sum(g[1] for g in ded) != use["replicas_dedicated"]:
                    fails.append(f"{name}: dedicated replicas differ")
                for g in ded:
                    if pools[g[0]]["sku"] != use["plan_dedicated_sku"]:
                        fails.append(f"{name}: dedicated pool {pools[g[0]]['sku']} != {use['plan_dedicated_sku']}")
                    must[g[0]] = must.get(g[0], 0) + g[1]
            continue
        pool = pools[got[0][0]]
        if pool["sku"] != r["sku"] or pool["region"] != r["region"] or pool["mig_profile"]:
            fails.append(f"{name}: pool {pool['sku']}/{pool['region']} != {r['sku']}/{r['region']}")
        vms = r["vm_count"]
        if w["type"] == "inference" and w.get("load_plan"):
            lo, hi = check_scaler(name, w, r, got, scalers, keda, fails)
            sc = scaled.setdefault(pool["name"], [0, 0])
            sc[0] += lo
            sc[1] += hi
            continue
        if w["type"] == "inference":
            must[pool["name"]] = must.get(pool["name"], 0) + vms
            # a pod per model instance, of the instance's GPUs
            inst = r.get("instances_per_replica", 1)
            if sum(g[1] for g in got) != w["replicas"] * inst:
                fails.append(f"{name}: {sum(g[1] for g in got)} pods, want {w['replicas']} x {inst}")
            per = r.get("gpus_per_instance")
            for g in got:
                gpus = sum(v for k, v in g[2].items() if k in ("nvidia.com/gpu", "amd.com/gpu"))
                if per is not None and gpus != per:
                    fails.append(f"{name}: a pod asks for {gpus} GPUs, an instance has {per}")
        else:
            burst[pool["name"]] = burst.get(pool["name"], 0) + vms
        if r["placement"] == "cluster":
            nodes = vms // w["replicas"]
            jobs = [g[3] for g in got]
            for j in jobs:
                s, c = j["spec"], j["spec"]["template"]["spec"]["containers"][0]
                if s.get("completionMode") != "Indexed" or s["completions"] != nodes:
                    fails.append(f"{name}: not an Indexed Job of {nodes} pods")
                if "rdma/ib" not in c["resources"]["limits"] or "IPC_LOCK" not in c["securityContext"]["capabilities"]["add"]:
                    fails.append(f"{name}: no rdma/ib or IPC_LOCK")
                sub = j["spec"]["template"]["spec"].get("subdomain")
                if not any(o["kind"] == "Service" and o["metadata"]["name"] == sub and o["spec"]["clusterIP"] == "None"
                           for o in k8s["manifests"]):
                    fails.append(f"{name}: no headless Service {sub}")
            if not pool["infiniband"] or not pool["ppg"] or len(pool["zones"]) != 1:
                fails.append(f"{name}: pool {pool['name']} lacks InfiniBand, PPG or one zone")

    for p in k8s["node_pools"]:
        m, b = must.get(p["name"], 0), burst.get(p["name"], 0)
        lo, hi = scaled.get(p["name"], (0, 0))
        want_max = math.ceil(m * (1 + headroom / 100) - 1e-9) + hi + b
        if (p["min_count"], p["max_count"], p["count"]) != (m + lo, want_max, m + lo):
            fails.append(f"pool {p['name']}: count/min/max {p['count']}/{p['min_count']}/{p['max_count']}, "
                         f"want {m + lo}/{m + lo}/{want_max}")
        want_an = {"min_count": lo, "max_count": hi} if p["name"] in scaled else None
        if p.get("autoscaled_nodes") != want_an:
            fails.append(f"pool {p['name']}: autoscaled_nodes {p.get('autoscaled_nodes')}, want {want_an}")
        if (p["priority"] == "spot") != spot:
            fails.append(f"pool {p['name']}: priority {p['priority']} with pricing {rec['pricing']}")
    check_device_plugins(k8s, pods, fails)
    for f in fails:
        print("FAIL " + f)
    print(f"ok {len(k8s['node_pools'])} pools, {len(k8s['manifests'])} objects" if not fails else "")
    return 1 if fails else 0


def check_device_plugins(k8s, pods, fails):
    asks = {}
    for got in pods.values():
        for pool, _, lim, _ in got:
            asks.setdefault(pool, set()).update(lim)
    multi = len({p["region"] for p in k8s["node_pools"]}) > 1
    # the helm installs of each cluster: cluster -> (tolerations, pools, mixed)
    installs, cluster = {}, None
    for c in k8s.get("setup_commands", []):
        m = re.match(r'az aks get-credentials .*--name "([^"]+)"', c)
        if m:
            cluster = m.group(1)
        elif c.startswith("helm upgrade --install nvdp nvdp/nvidia-device-plugin "):
            tol = json.loads(re.search(r"'tolerations=(.*?)'", c).group(1))
            aff = json.loads(re.search(r"'affinity=(.*?)'", c).group(1))
            term = aff["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"][0]
            expr = term["matchExpressions"][0]
            if expr["key"] != "kubernetes.azure.com/agentpool" or expr["operator"] != "In":
                fails.append(f"device plugin affinity {expr}")
            installs[cluster] = ({(t["key"], t["value"], t["effect"]) for t in tol}, set(expr["values"]),
                                 "--set migStrategy=mixed" in c)
    for p in k8s["node_pools"]:
        name, res = p["name"], asks.get(p["name"], set())
        amd = "amd.com/gpu" in res
        if "--skip-gpu-driver-install" in p["command"]:
            fails.append(f"pool {name}: retired --skip-gpu-driver-install")
        if amd:
            if not p["command"].endswith(" --gpu-driver None") or p["device_plugin"] != "amd-gpu-operator":
                fails.append(f"pool {name}: AMD pool without --gpu-driver None and the AMD GPU Operator")
            continue
        if not p["command"].endswith(" --gpu-driver Install") or p["device_plugin"] != "nvidia-device-plugin":
            fails.append(f"pool {name}: NVIDIA pool without --gpu-driver Install and the NVIDIA device plugin")
        cl = f"$CLUSTER-{p['region']}" if multi else "$CLUSTER"
        if cl not in installs or name not in installs[cl][1]:
            fails.append(f"pool {name}: no NVIDIA device plugin installed on it in {cl}")
            continue
        tols, _, mixed = installs[cl]
        want = {(t["key"], t["value"], t["effect"]) for t in p["taints"]}
        if p["priority"] == "spot":
            want.add(SPOT)
        if not want <= tols:
            fails.append(f"pool {name}: the device plugin does not tolerate {want - tols}")
        if any(k.startswith("nvidia.com/mig-") for k in res) and not mixed:
            fails.append(f"pool {name}: MIG pods but the device plugin is not migStrategy=mixed")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], len(sys.argv) > 3 and sys.argv[3] == "keda"))
