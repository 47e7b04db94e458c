#!/usr/bin/env python3
"""Independent expectation for the lint fixtures (tests/fixtures/k8s-lint).

Each line of a fixture that a finding must point at ends with
`# expect: RULE [RULE...]`; the expected column is where the key on that
line starts (after its indentation and a leading "- ").  Reads
`gpufit k8s lint -f json` from argv[2] for the fixture argv[1] and checks
that the findings are exactly the expected (line, column, rule) triples, that
each rule's severity is the documented one, and that the summary counts
agree with the findings.
"""
import json
import re
import sys

ERRORS = {
    "gpu-missing-toleration", "toleration-effect-mismatch", "toleration-value-mismatch",
    "toleration-key-mismatch", "toleration-exists-with-value", "gpu-request-without-limit",
    "gpu-request-limit-mismatch", "gpu-fractional", "gpu-resource-unknown-name",
    "gpu-count-exceeds-max-vm", "gpu-count-exceeds-node-size", "mig-profile-unknown",
    "mig-profile-wrong-gpu", "mig-profile-not-in-pool", "mig-count-exceeds-node",
    "nodeselector-non-gpu-instance", "spot-missing-toleration",
    "daemonset-gpu-agent-missing-toleration",
}
WARNINGS = {
    "cpu-pod-tolerates-gpu-taint", "cpu-pod-selects-gpu-node", "init-container-gpu",
    "gpu-shared-request-gt-1", "multinode-no-rdma", "multinode-no-colocation",
    "deprecated-node-label", "gpu-on-mig-pool",
}


def expected(path):
    want = set()
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = re.search(r"#\s*expect:\s*(.+)$", line)
            if not m or line.lstrip().startswith("#"):
                continue
            body = line[: m.start()]
            col = len(body) - len(body.lstrip(" ")) + 1
            if body.lstrip(" ").startswith("- "):
                col += 2
            for rule in m.group(1).split():
                want.add((n, col, rule))
    return want


def main():
    fixture, report = sys.argv[1], sys.argv[2]
    with open(report, encoding="utf-8") as f:
        doc = json.load(f)
    got = set()
    problems = []
    for x in doc["findings"]:
        got.add((x["line"], x["column"], x["rule"]))
        sev = "error" if x["rule"] in ERRORS else "warning" if x["rule"] in WARNINGS else None
        if sev != x["severity"]:
            problems.append("rule %s has severity %s, want %s" % (x["rule"], x["severity"], sev))
    want = expected(fixture)
    for t in sorted(want - got):
        problems.append("missing finding %d:%d %s" % t)
    for t in sorted(got - want):
        problems.append("unexpected finding %d:%d %s" % t)
    s = doc["summary"]
    if s["errors"] != sum(1 for x in doc["findings"] if x["severity"] == "error"):
        problems.append("summary.errors disagrees with the findings")
    if s["warnings"] != sum(1 for x in doc["findings"] if x["severity"] == "warning"):
        problems.append("summary.warnings disagrees with the findings")
    for p in problems:
        print("%s: %s" % (fixture, p))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
