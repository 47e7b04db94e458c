#!/usr/bin/env python3
"""docs/schema/profile.schema.json agrees with `gpufit validate`.

Every profile the repository holds (examples/, the profiles of
tests/fixtures/ and of the golden cases' inputs/) and every case of
tests/fixtures/profile-schema/ (one per kind of constraint: wrong type, out
of range, unknown key, missing key, both of a one-of) is given to the
schema and to `gpufit -f json validate`; the test fails where they disagree
on valid vs invalid, except for the deliberate differences listed in KNOWN,
each with its reason, which must disagree exactly as stated.  Every
example must be valid.

The YAML is read as YAML 1.2 (core schema), as editors with
yaml-language-server read it: true/false are the only booleans ('yes' is a
string), 2e9 is a number, 1_000 is a string.

usage: profile_schema.py REPO_ROOT GPUFIT     (exit 0 agree, 1 otherwise)
"""
import glob
import json
import os
import re
import subprocess
import sys

import jsonschema
import yaml

# path -> (gpufit valid, schema valid, reason): the deliberate differences.
CATALOG = "names are checked against the catalog, which a schema does not hold"
YAML_FEATURE = ("gpufit refuses YAML anchors, aliases, tags and duplicate keys (docs/profile.md, "
                "'What is refused'); the schema sees the document they make")
CASE = ("gpufit matches words ignoring case; the schema lists the canonical spelling "
        "editors complete")
INT8 = "which precisions train depends on the method, a rule of the sizer"
B = "tests/fixtures/profile-schema/"
G = "tests/golden/profile/inputs/"
KNOWN = {
    B + "known-unknown-model.yaml": (False, True, CATALOG),
    B + "known-unknown-region.yaml": (False, True, CATALOG),
    B + "known-context.yaml": (False, True, "a model's context length is the catalog's preset's"),
    B + "known-kv-heads.yaml": (False, True, "one number dividing another is no JSON Schema keyword"),
    B + "known-duplicate-names.yaml": (False, True,
                                       "uniqueness of one key across list items is no JSON Schema keyword"),
    B + "known-size-range.yaml": (False, True,
                                  "a size with a unit is a string to the schema: its bound is not checked"),
    B + "known-int8-training.yaml": (False, True, INT8),
    B + "known-autoscale-order.yaml": (False, True,
                                       "one number bounding another is no JSON Schema keyword"),
    B + "known-case.yaml": (True, False, CASE),
    B + "known-grouping.yaml": (True, False,
                                "gpufit reads 1_000 as a number; YAML 1.2 (editors) reads it as a string"),
    B + "known-quoted-number.yaml": (True, False, "gpufit reads a quoted number; to the schema it is a string"),
    G + "traffic-all-zero.yaml": (False, True,
                                  "a rule on the values of a list and another key is no JSON Schema keyword"),
    G + "traffic-min-above-max.yaml": (False, True,
                                       "one number bounding another is no JSON Schema keyword"),
    G + "alias.yaml": (False, True, YAML_FEATURE),
    G + "tags.yaml": (False, True, YAML_FEATURE),
    G + "duplicate-key.yaml": (False, True, YAML_FEATURE),
    G + "duplicate-workload.yaml": (False, True,
                                    "uniqueness of one key across list items is no JSON Schema keyword"),
    G + "context-too-long.yaml": (False, True, "a model's context length is the catalog's preset's"),
    G + "current-sku-no-prefix.yaml": (False, True, CATALOG),
    G + "unknown-names.yaml": (False, True, CATALOG),
    G + "sdxl-preset.yaml": (False, True, "whether a preset has a transformer shape is the catalog's"),
    G + "train-quantized.yaml": (False, True, INT8),
    G + "names-any-case.yaml": (True, False, CASE),
}


class Yaml12Loader(yaml.SafeLoader):
    """SafeLoader with the YAML 1.2 core schema's booleans, ints and floats."""


Yaml12Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v
        if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
                       "tag:yaml.org,2002:float")]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
Yaml12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"))
Yaml12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"),
    list("-+0123456789"))
Yaml12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
               r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+.0123456789"))


def construct_yaml12_int(loader, node):
    s = loader.construct_scalar(node)
    return int(s, 0) if s[:2] in ("0o", "0x") else int(s)


def construct_yaml12_float(loader, node):
    return float(loader.construct_scalar(node).lower().replace(".inf", "inf")
                 .replace(".nan", "nan"))


Yaml12Loader.add_constructor("tag:yaml.org,2002:int", construct_yaml12_int)
Yaml12Loader.add_constructor("tag:yaml.org,2002:float", construct_yaml12_float)


def is_profile(path):
    """A YAML file whose top level is a mapping with 'gpufit', or a case of the bad set."""
    if "/profile-schema/" in path:
        return True
    try:
        with open(path, encoding="utf-8") as f:
            doc = yaml.load(f, Loader=Yaml12Loader)
    except (yaml.YAMLError, UnicodeDecodeError):
        return False
    return isinstance(doc, dict) and "gpufit" in doc


def main(root, gpufit):
    os.chdir(root)
    with open("docs/schema/profile.schema.json", encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    files = sorted(glob.glob("examples/*.yaml") + glob.glob("tests/fixtures/**/*.yaml", recursive=True)
                   + glob.glob("tests/golden/*/inputs/*.yaml"))
    files = [p for p in files if is_profile(p)]
    out = subprocess.run([gpufit, "-f", "json", "validate"] + files, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, timeout=120, check=False, text=True).stdout
    verdict = {f["path"]: f["valid"] for f in json.loads(out)["files"]}
    bad = 0
    seen_known = set()
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                doc = yaml.load(f, Loader=Yaml12Loader)
            errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        except yaml.YAMLError as e:
            errors = [e]
        by_schema = not errors
        by_gpufit = verdict.get(path)
        if path in KNOWN:
            seen_known.add(path)
            want_g, want_s, why = KNOWN[path]
            if (by_gpufit, by_schema) != (want_g, want_s):
                print(f"{path}: a known difference ({why}) is no longer as listed: "
                      f"gpufit valid={by_gpufit}, schema valid={by_schema}")
                bad += 1
            continue
        if path.startswith("examples/") and not (by_gpufit and by_schema):
            print(f"{path}: an example must be valid: gpufit valid={by_gpufit}, schema valid={by_schema}")
            for e in errors[:3]:
                print(f"    schema: {'/'.join(map(str, getattr(e, 'path', [])))}: {getattr(e, 'message', e)}")
            bad += 1
            continue
        if by_gpufit != by_schema:
            print(f"{path}: gpufit validate says valid={by_gpufit}, the schema valid={by_schema}")
            for e in errors[:3]:
                print(f"    schema: {'/'.join(map(str, getattr(e, 'path', [])))}: {getattr(e, 'message', e)}")
            bad += 1
    for name in sorted(set(KNOWN) - seen_known):
        print(f"{name}: listed as a known difference but missing")
        bad += 1
    print(f"profile schema: {len(files)} profiles, {bad} disagreement(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], os.path.abspath(sys.argv[2])))
