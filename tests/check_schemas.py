#!/usr/bin/env python3
"""Validates the JSON outputs of the golden cases against docs/schema/.

Every tests/golden/AREA/NAME.cmd that runs gpufit once with -f json and
whose stdout is the document itself (not piped, redirected or -o) has its
NAME.out validated against the schema of its command: recommend, estimate,
pack, analyze, check, diff, validate, catalog show/list/status/models/gpus, k8s, k8s lint.  Then each
schema must reject a document that lost one of its required fields, so a
renamed or dropped stable field cannot pass unnoticed.

usage: check_schemas.py REPO_ROOT     (exit 0 all valid, 1 otherwise)
"""
import glob
import json
import os
import shlex
import sys

import jsonschema

GLOBAL_WITH_VALUE = {"-f", "--format", "-o", "--output", "--catalog"}
SCHEMAS = {
    "recommend": "recommend", "estimate": "estimate", "pack": "pack",
    "analyze": "analyze", "check": "check", "diff": "diff",
    "validate": "validate", "catalog show": "catalog-show",
    "catalog list": "catalog-list", "catalog status": "catalog-status",
    "catalog models": "catalog-models", "catalog gpus": "catalog-gpus",
    "k8s": "k8s", "k8s lint": "k8s-lint",
}


def command_of(words):
    """('catalog show', True) for gpufit words; the bool: -f json given."""
    name, is_json, i = None, False, 0
    while i < len(words):
        w = words[i]
        if w in ("-f", "--format"):
            is_json |= i + 1 < len(words) and words[i + 1] == "json"
            i += 2
            continue
        if w in ("-fjson", "--format=json"):
            is_json = True
        elif w in GLOBAL_WITH_VALUE:
            i += 2
            continue
        elif not w.startswith("-") and name is None:
            name = w
        elif not w.startswith("-") and name == "catalog":
            name = "catalog " + w
        elif w == "lint" and name == "k8s":
            name = "k8s lint"
        i += 1
    return name, is_json


def main(root):
    validators = {}
    for path in glob.glob(os.path.join(root, "docs/schema/*.schema.json")):
        with open(path) as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        validators[os.path.basename(path)[:-len(".schema.json")]] = \
            jsonschema.Draft202012Validator(schema)
    missing = set(SCHEMAS.values()) - set(validators)
    failures, checked, samples = [], 0, {}
    for m in sorted(missing):
        failures.append(f"docs/schema/{m}.schema.json is missing")

    for cmd in sorted(glob.glob(os.path.join(root, "tests/golden/*/*.cmd"))):
        text = open(cmd).read()
        try:
            words = shlex.split(text, comments=True)
        except ValueError:
            continue
        # Only one plain gpufit run whose stdout is the .out file.
        if words.count("gpufit") != 1 or any(c in text for c in "|>;&") or any(
                w in ("-o", "--output") or w.startswith("--output=") for w in words):
            continue
        name, is_json = command_of(words[words.index("gpufit") + 1:])
        out = cmd[:-4] + ".out"
        rel = os.path.relpath(out, root)
        if not is_json or not os.path.exists(out) or os.path.getsize(out) == 0:
            continue
        if name not in SCHEMAS:
            failures.append(f"{rel}: no schema for 'gpufit {name} -f json'")
            continue
        try:
            doc = json.load(open(out))
        except ValueError as e:
            failures.append(f"{rel}: not JSON: {e}")
            continue
        checked += 1
        key = SCHEMAS[name]
        samples.setdefault(key, doc)
        for err in validators[key].iter_errors(doc):
            where = "/".join(str(p) for p in err.absolute_path) or "(top)"
            failures.append(f"{rel}: {key} schema: {where}: {err.message}")

    # A document without one of its required top-level fields must fail.
    for key, doc in sorted(samples.items()):
        for field in validators[key].schema.get("required", []):
            broken = {k: v for k, v in doc.items() if k != field}
            if validators[key].is_valid(broken):
                failures.append(f"{key} schema accepts a document without '{field}'")

    for f in failures:
        print("FAIL " + f)
    untested = sorted(set(SCHEMAS.values()) - set(samples))
    print(f"schemas: {checked} golden JSON outputs checked against "
          f"{len(validators)} schemas; no golden output yet for: "
          f"{', '.join(untested) or 'none'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
