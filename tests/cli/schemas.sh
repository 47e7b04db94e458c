#!/bin/bash
# Every JSON output of the golden cases validates against its schema in
# docs/schema/ (tests/check_schemas.py, with Debian's python3-jsonschema).
# A missing validator is a failure, not a skip: `make check` installs it
# through scripts/deps.sh.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
if ! python3 -c 'import jsonschema' 2>/dev/null; then
	echo "FAIL: python3-jsonschema is not installed (sh scripts/deps.sh test)" >&2
	exit 1
fi
python3 "$root/tests/check_schemas.py" "$root"
