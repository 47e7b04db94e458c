#!/bin/bash
# docs/schema/profile.schema.json and 'gpufit validate' agree on every
# profile of the repository and on one bad profile per kind of constraint
# (tests/fixtures/profile-schema/); the deliberate differences are listed,
# with their reasons, in tests/profile_schema.py.  Needs python3-jsonschema
# and python3-yaml (scripts/deps.sh test): a missing one is a failure.
set -u
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
timeout 300 python3 "$root/tests/profile_schema.py" "$root" "$root/$B/gpufit"
