#!/bin/sh
# catalog show vs. sqlite3 running the same queries on the same catalog file.
B=${1:-build}
cd "$(dirname "$0")/../.." || exit 2
exec python3 bench/catalog/bench.py "$B"
