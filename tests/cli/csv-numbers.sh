#!/bin/bash
# Every -f csv carries raw numbers, the unit in the header, an empty field for
# unknown values (docs/output.md "CSV"); tests/csv_numbers.py runs each
# command that prints csv and compares its numbers with its JSON.
# Usage: tests/cli/csv-numbers.sh [BUILD_DIR]
source "$(dirname "$0")/lib.bash"
[ -x "$GPUFIT" ] || { echo "csv-numbers: $GPUFIT not built"; exit 2; }
export GPUFIT_NOW=2026-11-30T00:00:00Z
python3 "$ROOT/tests/csv_numbers.py" "$GPUFIT" "$ROOT" "$T" || fail "tests/csv_numbers.py"
finish
