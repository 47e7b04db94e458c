#!/usr/bin/env python3
"""Checks an `-f html` report against the `-f json` of the same command.

    html_check.py GPUFIT COMMAND ARGS...

Runs `GPUFIT -f json COMMAND ARGS` and `GPUFIT -f html COMMAND ARGS` (for
check, the recommend figures are compared with `recommend -f json PROFILE`,
PROFILE being the last argument), parses the page with html.parser into a
tree and asserts:
  - the page is self-contained: no script, no link, no object/iframe/img, no
    src/href/action attribute and no url( in the CSS; every element closed;
  - the figures the page shows are the JSON's (money formatted the same way,
    "unknown" where the JSON says null, never $0 for it).
Prints "html_check: ok COMMAND (N figures)" or the failures; exit 1 on any.
"""
import json
import re
import subprocess
import sys
from html.parser import HTMLParser

VOID = {"meta", "br", "hr", "img", "input", "link", "area", "base", "col", "source", "wbr"}
FORBIDDEN = {"script", "link", "iframe", "object", "embed", "img", "image", "use", "form",
             "base", "audio", "video", "foreignobject"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children = []

    def text(self):
        out = []
        for c in self.children:
            out.append(c if isinstance(c, str) else c.text())
        return "".join(out)

    def walk(self):
        for c in self.children:
            if isinstance(c, Node):
                yield c
                yield from c.walk()

    def find_all(self, tag=None, **attrs):
        for n in self.walk():
            if tag and n.tag != tag:
                continue
            ok = True
            for k, v in attrs.items():
                k = "class" if k == "class_" else k.replace("_", "-")
                have = n.attrs.get(k)
                if v is True:
                    ok = have is not None
                elif k == "class":
                    ok = have is not None and v in have.split()
                else:
                    ok = have == v
                if not ok:
                    break
            if ok:
                yield n

    def find(self, tag=None, **attrs):
        return next(self.find_all(tag, **attrs), None)


class Tree(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", [], None)
        self.cur = self.root
        self.errors = []

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.children.append(n)
        if tag in FORBIDDEN:
            self.errors.append(f"forbidden element <{tag}>")
        for k, v in attrs:
            if k in ("src", "href", "action", "xlink:href", "srcset", "poster", "data") or k.startswith("on"):
                self.errors.append(f"<{tag}> has attribute {k}={v!r}")
        if tag not in VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.cur.tag == tag:
            self.cur = self.cur.parent

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if self.cur.tag != tag:
            self.errors.append(f"</{tag}> closes <{self.cur.tag}>")
            n = self.cur
            while n is not None and n.tag != tag:
                n = n.parent
            if n is None:
                return
            self.cur = n
        self.cur = self.cur.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def money(v, cur):
    if v is None:
        return "unknown"
    s = f"{abs(v):,.2f}"
    sign = "-" if round(v, 2) < 0 else ""
    return f"{sign}${s}" if cur == "USD" else f"{sign}{s} {cur}"


class Checker:
    def __init__(self, name):
        self.name, self.fails, self.n = name, [], 0

    def eq(self, what, got, want):
        self.n += 1
        if got != want:
            self.fails.append(f"{what}: page shows {got!r}, JSON says {want!r}")

    def true(self, what, cond):
        self.n += 1
        if not cond:
            self.fails.append(what)


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode not in (0, 1, 5):
        sys.exit(f"html_check: {' '.join(cmd)} exited {p.returncode}: {p.stderr.decode()[:300]}")
    return p.stdout.decode()


def parse(html, c):
    t = Tree()
    t.feed(html)
    t.close()
    for e in t.errors:
        c.fails.append(e)
    c.true("the page is closed (</html> last)", t.cur is t.root)
    for st in t.root.find_all("style"):
        c.true("no url( in the CSS", "url(" not in st.text() and "@import" not in st.text())
    return t.root


def field(root, key):
    n = root.find(data_json=key)
    return n.text() if n is not None else None


def check_recommend(root, d, c):
    cur = d["currency"]
    t = d["totals"]
    c.eq("totals.monthly_cost", field(root, "totals.monthly_cost"), money(t["monthly_cost"], cur))
    c.eq("totals.current_monthly_cost", field(root, "totals.current_monthly_cost"),
         money(t["current_monthly_cost"], cur))
    c.eq("totals.savings_monthly", field(root, "totals.savings_monthly"), money(t["savings_monthly"], cur))
    c.eq("totals.workloads", field(root, "totals.workloads"), str(t["workloads"]))
    c.eq("totals.infeasible", field(root, "totals.infeasible"), str(t["infeasible"]))
    age = d["catalog"]["age_days"]
    c.eq("catalog.age_days", field(root, "catalog.age_days"), "unknown" if age is None else f"{age} days")
    if not t["complete"] and len(t["unpriced"]) >= t["workloads"]:
        # nothing priced: said so, no "$0.00" part on the page
        c.eq("totals.priced_monthly_cost (none priced)", field(root, "totals.priced_monthly_cost"), None)
        c.true("'no workload is priced'", "no workload is priced" in root.text())
    elif not t["complete"]:
        c.eq("totals.priced_monthly_cost", field(root, "totals.priced_monthly_cost"),
             money(t["priced_monthly_cost"], cur))
    if any(w["recommendation"] or w["alternatives"] or w["current"] for w in d["workloads"]):
        c.true("an svg chart", root.find("svg", class_="chart") is not None)
    secs = list(root.find_all("section", class_="workload"))
    c.eq("workload sections", len(secs), len(d["workloads"]))
    for i, (s, w) in enumerate(zip(secs, d["workloads"])):
        c.eq(f"workload {i} name", s.find("h3").text(), w["name"])
        rec = w["recommendation"]
        bars = list(s.find_all("g", data_role=True))
        want = ([rec] if rec else []) + w["alternatives"] + ([w["current"]] if w["current"] else [])
        c.eq(f"workload {i} bars", len(bars), len(want))
        for b, x in zip(bars, want):
            c.eq(f"workload {i} bar {b.attrs.get('data-role')} cost", b.find("text", class_="cost").text(),
                 money(x.get("monthly_cost"), cur))
            if "sku" in x:
                c.true(f"workload {i} bar label names {x['sku']}", x["sku"] in b.find("text").text())
        if rec:
            c.eq(f"workload {i} recommendation", field(s, "recommendation.monthly_cost"),
                 money(rec["monthly_cost"], cur))
        rej = s.find("table", class_="rejected")
        shown = []
        if rej is not None:
            for tr in list(rej.find_all("tr"))[1:]:
                tds = list(tr.find_all("td"))
                for size in tds[0].text().split(", "):
                    detail = tds[2].text()
                    # memory rows name the need once ("needs A GiB<rest>")
                    # and each size its own "has B GiB"
                    m = re.fullmatch(r"(.*) has ([\d.]+ GiB)", size)
                    if tds[1].text() == "memory" and m and detail.startswith("needs "):
                        a = detail.split(";", 1)[0]
                        size, detail = m.group(1), f"{a}, has {m.group(2)}{detail[len(a):]}"
                    shown.append((size, tds[1].text(), detail))
        want = []
        for x in w["rejected"]:
            size = x["sku"] + (" MIG " + x["mig_profile"] if x["mig_profile"] else "") + \
                (f" ({x['region']})" if x["region"] else "")
            want.append((size, x["kind"], x["reason"]))
        c.eq(f"workload {i} rejected (size, kind, reason)", sorted(shown), sorted(want))
    if d["mig_plan"]:
        c.eq("mig_plan.monthly_cost", field(root, "mig_plan.monthly_cost"),
             money(d["mig_plan"]["monthly_cost"], cur))


def check_pack(root, d, c):
    cur = d["currency"]
    for k in ("monthly_cost", "mig_monthly_cost", "lower_bound_monthly_cost",
              "mig_dedicated_monthly_cost", "mig_savings_monthly"):
        c.eq(k, field(root, k), money(d[k], cur))
    bars = {b.attrs["data-role"]: b.find("text", class_="cost").text() for b in root.find_all("g", data_role=True)}
    c.eq("chart: fleet", bars.get("fleet"), money(d["monthly_cost"], cur))
    c.eq("chart: MIG plan", bars.get("plan"), money(d["mig_monthly_cost"], cur))
    c.eq("chart: lower bound", bars.get("lower-bound"), money(d["lower_bound_monthly_cost"], cur))
    c.eq("chart: dedicated", bars.get("dedicated"), money(d["mig_dedicated_monthly_cost"], cur))
    c.true("an svg chart", root.find("svg", class_="chart") is not None)
    pools = list(root.find_all("section", class_="pool"))
    c.eq("pools", len(pools), len(d["node_pools"]))
    names = {}
    for li in root.find_all("li", data_workload=True):
        names["W" + li.attrs["data-workload"]] = li.find("span", class_="name").text()
    gpus = list(root.find_all("svg", class_="gpu"))
    c.eq("GPUs drawn", len(gpus), len(d["gpus"]))
    for p, jp in zip(pools, d["node_pools"]):
        c.eq(f"pool {jp['name']} monthly", field(p, "node_pools.monthly_cost"), money(jp["monthly_cost"], cur))
        c.true(f"pool {jp['name']} named", jp["name"] in p.find("h3").text())
    for g, jg in zip(gpus, d["gpus"]):
        mem = [s for s in g.find_all("g", data_kind="memory") if "slice" in s.attrs.get("class", "")]
        slots = len(list(g.find_all("g", data_kind="memory", class_="free")))
        c.eq(f"gpu {jg['vm']}/{jg['gpu']} slices", len(mem), len(jg["slices"]))
        c.eq(f"gpu {jg['vm']}/{jg['gpu']} free slots", slots, 8 - jg["memory_slots_used"])
        comp = len(list(g.find_all("g", data_kind="compute", class_="free")))
        c.eq(f"gpu {jg['vm']}/{jg['gpu']} free compute", comp, 7 - jg["compute_slices_used"])
        for s, js in zip(sorted(mem, key=lambda n: float(n.find("rect").attrs["x"])),
                         sorted(jg["slices"], key=lambda x: x["start"])):
            if js["workload"] is None:
                c.true("idle slice drawn idle", "idle" in s.attrs["class"])
                continue
            label = s.find("text").text()
            w, rep = label.split(":")
            c.eq(f"slice {label} workload", names.get(w), js["workload"])
            c.eq(f"slice {label} replica", int(rep), js["replica"])
    ded = [n.text() for n in root.find_all("td", data_json="dedicated.monthly_cost")]
    c.eq("dedicated costs", ded, [money(x["monthly_cost"], cur) for x in d["dedicated"]])
    vms = [n.text() for n in root.find_all("td", data_json="vms.monthly_cost")]
    c.eq("whole-VM costs", vms, [money(x["monthly_cost"], cur) for x in d["vms"]])


def pct(v):
    return f"{v * 100:.1f}%"


def check_analyze(root, d, c):
    cur = d["currency"]
    t = d["totals"]
    c.eq("totals.gpus", field(root, "totals.gpus"), str(t["gpus"]))
    for k in ("current_monthly_cost", "idle_cost_monthly", "savings_monthly"):
        c.eq("totals." + k, field(root, "totals." + k), money(t[k], cur))
    rows = {r.attrs["data-finding"]: r for r in root.find("table", class_="findings").find_all("tr", data_finding=True)}
    for f, n in t["findings"].items():
        if not n:
            c.true(f"no row for finding {f} with 0 GPUs", f not in rows)
            continue
        tds = list(rows[f].find_all("td"))
        c.eq(f"finding {f} GPUs", tds[1].text(), str(n))
        mine = [g for g in d["gpus"] if g["finding"] == f]
        known = all(g["monthly_cost"] is not None for g in mine)
        c.eq(f"finding {f} cost", tds[2].text(),
             money(round(sum(g["monthly_cost"] or 0 for g in mine), 2) if known else None, cur))
        sknown = all(g["savings_monthly"] is not None for g in mine)
        c.eq(f"finding {f} savings", tds[3].text(),
             money(round(sum(g["savings_monthly"] for g in mine), 2) if sknown else None, cur))
    for i, p in enumerate(d.get("proposals", [])):
        for k in ("monthly_bill_before", "monthly_bill_after", "savings_monthly"):
            c.eq(f"proposals.{i}.{k}", field(root, f"proposals.{i}.{k}"), money(p[k], cur))
    x = d["window"].get("extrapolated_from_hours")
    c.eq("window.extrapolated_from_hours", field(root, "window.extrapolated_from_hours"),
         None if x is None else f"{x:g}")
    if d["gpus"]:
        c.true("an svg strip", root.find("svg", class_="strip") is not None)
    shown = {}
    for sec in root.find_all("section", class_="finding"):
        for g in sec.find_all("div", class_="gpu"):
            shown[int(g.attrs["data-index"])] = (sec.attrs["data-finding"], g)
    c.eq("GPUs shown", sorted(shown), list(range(len(d["gpus"]))))
    for i, jg in enumerate(d["gpus"]):
        if i not in shown:
            continue
        f, g = shown[i]
        c.eq(f"gpu {i} grouped under its finding", f, jg["finding"])
        c.true(f"gpu {i} host shown", jg["host"] in g.find("h4").text())
        c.eq(f"gpu {i} monthly", field(g, "monthly_cost"), money(jg["monthly_cost"], cur))
        for m in ("sm_active", "dram_active", "tensor_active", "gpu_util"):
            x = g.find("g", data_metric=m)
            s = jg["stats"].get(m)
            txt = x.find("text", class_="pct")
            if s is None:
                c.true(f"gpu {i} {m}: no data", txt is None and "no data" in x.text())
            else:
                c.eq(f"gpu {i} {m}", txt.text() if txt else None,
                     f"p5 {pct(s['p5'])} \u00b7 p50 {pct(s['p50'])} \u00b7 p95 {pct(s['p95'])}")


def check_gate(root, d, c):
    gate = root.find(data_json="passed")
    c.eq("passed", gate.attrs.get("data-passed"), "true" if d["passed"] else "false")
    c.true("the gate result comes before the summary",
           [n.text() for n in root.find_all("h2")][:2] == ["Gate", "Summary"])
    rows = list(root.find_all("tr", class_="gate"))
    c.eq("gates", len(rows), len(d["gates"]))
    for r, g in zip(rows, d["gates"]):
        c.eq(f"gate {g['name']}", r.attrs["data-passed"], "true" if g["passed"] else "false")
        tds = list(r.find_all("td"))
        c.eq(f"gate {g['name']} name", tds[1].text(), g["name"])
        c.true(f"gate {g['name']} message", g["message"] in tds[4].text())
        if g["name"] in ("max_monthly", "max_increase"):
            c.eq(f"gate {g['name']} actual", tds[3].text(), money(g["actual"], d["currency"]))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    gpufit, cmd, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    c = Checker(cmd)
    d = json.loads(run([gpufit, "-f", "json", cmd] + args))
    page = run([gpufit, "-f", "html", cmd] + args)
    root = parse(page, c)
    if cmd == "recommend":
        check_recommend(root, d, c)
    elif cmd == "pack":
        check_pack(root, d, c)
    elif cmd == "analyze":
        check_analyze(root, d, c)
    elif cmd == "check":
        check_gate(root, d, c)
        check_recommend(root, json.loads(run([gpufit, "-f", "json", "recommend", args[-1]])), c)
    else:
        sys.exit(f"html_check: no checks for '{cmd}'")
    if c.fails:
        for f in c.fails[:40]:
            print(f"html_check: FAIL {cmd}: {f}")
        sys.exit(1)
    print(f"html_check: ok {cmd} ({c.n} figures)")


if __name__ == "__main__":
    main()
