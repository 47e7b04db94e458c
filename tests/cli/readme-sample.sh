#!/bin/bash
# Every command of the README's "What it looks like" section prints what the
# README shows (scripts/readme-sample.py; 'make readme' rewrites the section).
set -u
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
timeout 120 python3 scripts/readme-sample.py --check "$B"
