#!/bin/sh
# Rewrites the OPTIONS section of docs/gpufit.1 (between the "BEGIN
# OPTIONS" and "END OPTIONS" comment lines) from the option tables, as
# `gpufit help --roff` prints them.  make man runs it.
#   scripts/man-options.sh GPUFIT [PAGE]
set -eu
gpufit=$1
page=${2:-docs/gpufit.1}
tmp=$page.tmp.$$
trap 'rm -f "$tmp" "$tmp.opts"' EXIT
"$gpufit" help --roff >"$tmp.opts"
grep -q '^\.\\" BEGIN OPTIONS' "$page" && grep -q '^\.\\" END OPTIONS' "$page" || {
	echo "man-options.sh: $page has no BEGIN OPTIONS/END OPTIONS lines" >&2
	exit 1
}
awk -v opts="$tmp.opts" '
	/^\.\\" BEGIN OPTIONS/ { print; while ((getline l < opts) > 0) print l; skip = 1; next }
	/^\.\\" END OPTIONS/ { skip = 0 }
	!skip { print }
' "$page" >"$tmp"
mv "$tmp" "$page"
