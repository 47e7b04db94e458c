#!/usr/bin/env python3
"""Start-up cost of the bundled catalog.

Times `gpufit catalog show Standard_ND96isr_H100_v5 -f json` (bundled catalog,
compiled into the binary) against the sqlite3 shell answering the same three
queries (size, MIG profiles, prices) from the same catalog as a file
(build/catalog.db).  Median of RUNS runs each, interleaved, in one run.
Target: gpufit within 1.5x of sqlite3.
"""
import os
import statistics
import subprocess
import sys
import time

RUNS = 31
SKU = "Standard_ND96isr_H100_v5"


def timed(cmd, env):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    t1 = time.perf_counter()
    if r.returncode != 0:
        sys.exit("bench: %s failed: %s" % (cmd[0], r.stderr.decode().strip()))
    return t1 - t0


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    gpufit = os.path.join(build, "gpufit")
    db = os.path.join(build, "catalog.db")
    env = dict(os.environ)
    env.pop("GPUFIT_CATALOG", None)
    env["XDG_DATA_HOME"] = "/nonexistent"  # force the bundled catalog
    sql = (
        "SELECT * FROM vm_sizes WHERE sku = '%s';"
        "SELECT m.* FROM mig_profiles m JOIN vm_sizes v ON v.gpu_model = m.gpu_model"
        " WHERE v.sku = '%s' AND v.mig_capable;"
        "SELECT region, pricing, os, currency, hourly FROM prices WHERE sku = '%s'"
        " ORDER BY region, pricing;" % (SKU, SKU, SKU)
    )
    g_cmd = [gpufit, "catalog", "show", SKU, "-f", "json"]
    s_cmd = ["sqlite3", "-json", "-readonly", db, sql]
    for _ in range(3):  # warm the page cache
        timed(g_cmd, env)
        timed(s_cmd, env)
    g, s = [], []
    for _ in range(RUNS):
        g.append(timed(g_cmd, env))
        s.append(timed(s_cmd, env))
    gm, sm = statistics.median(g), statistics.median(s)
    ratio = gm / sm
    print("| command | runs | median ms | min ms | ratio | target |")
    print("|---|---:|---:|---:|---:|---|")
    print("| gpufit catalog show %s -f json (bundled) | %d | %.2f | %.2f | %.2fx | <= 1.5x |"
          % (SKU, RUNS, gm * 1e3, min(g) * 1e3, ratio))
    print("| sqlite3 -json %s (same queries) | %d | %.2f | %.2f | 1.00x | baseline |"
          % (db, RUNS, sm * 1e3, min(s) * 1e3))
    print("result: %s" % ("met" if ratio <= 1.5 else "NOT met"))


if __name__ == "__main__":
    main()
