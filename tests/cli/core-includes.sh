#!/bin/bash
# The pure core knows neither SQLite nor cJSON: the headers and sources of
# the sizing, fit, packing and recommendation stages include no sqlite3.h or
# cJSON.h, and the core headers do not include catalog.h (the catalog is
# read by the command and the loading step only).  The renderers
# (recommend_json.c, the cmd_*.c files) are the I/O shell and may.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

core_headers="include/k8s_lint.h include/recommend.h include/pack_plan.h include/mig.h include/mig_plan.h include/catalog_snapshot.h include/fit.h include/sizing.h src/plan/recommend_internal.h src/plan/mig_internal.h include/datapath.h"
core_sources="src/k8s/k8s_lint.c src/plan/mig.c src/plan/mig_layout.c src/plan/mig_aks.c src/plan/mig_mixed.c src/plan/mig_bound.c src/plan/mig_plan.c src/plan/pack_plan.c src/model/fit.c src/model/sizing.c src/plan/recommend_rank.c src/plan/recommend_terms.c src/plan/recommend_plan.c src/plan/recommend_allocate.c src/plan/recommend_totals.c src/plan/recommend_text.c src/plan/recommend_data.c src/model/datapath.c src/plan/recommend_quota.c"
for f in $core_headers $core_sources; do
	[ -f "$f" ] || { fail "$f: missing (the list in this test is out of date)"; continue; }
	if grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](sqlite3\.h|cjson/cJSON\.h|cJSON\.h)[>"]' "$f"; then
		fail "$f includes SQLite or cJSON"
	fi
done
for f in $core_headers; do
	if grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"catalog\.h"' "$f"; then
		fail "$f includes catalog.h"
	fi
done
# the data-path model prints nothing and knows no I/O: no stdio at all
if grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*<stdio\.h>|printf|fopen|FILE' src/model/datapath.c include/datapath.h; then
	fail "the data-path model (src/model/datapath.c) does I/O"
fi
# the test itself must see a violation: a scratch header that includes cJSON
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
printf '#include <cjson/cJSON.h>\n' >"$tmp"
grep -qE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](sqlite3\.h|cjson/cJSON\.h|cJSON\.h)[>"]' "$tmp" ||
	fail "the include pattern does not match a cJSON include"
[ "$fails" -eq 0 ] && echo "core-includes: $(echo $core_headers $core_sources | wc -w) core files include neither SQLite nor cJSON"
[ "$fails" -eq 0 ]
