#!/bin/bash
# The folders of src/ are layers: a source file includes only headers of its
# own folder or of the folders before it in $order (docs/HACKING.md,
# "Folders").  A header belongs to the folder of the source file of the same
# name; the few headers without one are named in $own.  The test also checks
# itself: a file placed in base that includes a report header must fail.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
order="base model profile catalog plan telemetry k8s report cli"
own="gpufit:base commands:cli k8s_pool:k8s cmd_k8s_lint:cli recommend_internal:plan sizing_internal:model mig_internal:plan profile_internal:profile"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

rank() { # rank FOLDER -> its position in $order, or nothing
	local i=0 f
	for f in $order; do
		[ "$f" = "$1" ] && { echo "$i"; return; }
		i=$((i + 1))
	done
}

declare -A home
for c in src/*/*.c; do
	f=${c#src/}
	home[$(basename "$c" .c)]=${f%%/*}
done
for p in $own; do
	home[${p%%:*}]=${p#*:}
done
for d in src/*/; do
	d=${d#src/}
	d=${d%/}
	[ -n "$(rank "$d")" ] || fail "src/$d is not a layer of [$order]"
done

# check FILE FOLDER: every "x.h" FILE includes is of FOLDER or a folder before it
check() {
	local file=$1 folder=$2 h mine=$(rank "$2") theirs
	while IFS= read -r h; do
		[ -n "$h" ] || continue
		if [ -z "${home[$h]:-}" ]; then
			fail "$file includes \"$h.h\", which belongs to no folder"
			continue
		fi
		theirs=$(rank "${home[$h]}")
		[ "$theirs" -le "$mine" ] ||
			fail "$file ($folder) includes \"$h.h\" of ${home[$h]}, a later layer"
	done < <(sed -nE 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"([a-z0-9_]+)\.h".*/\1/p' "$file")
}

n=0
for c in src/*/*.c src/*/*.h; do
	[ -f "$c" ] || continue
	f=${c#src/}
	check "$c" "${f%%/*}"
	n=$((n + 1))
done
for h in include/*.h; do
	b=$(basename "$h" .h)
	if [ -z "${home[$b]:-}" ]; then
		fail "$h belongs to no folder (no src/*/$b.c; name it in \$own)"
		continue
	fi
	check "$h" "${home[$b]}"
	n=$((n + 1))
done

# the check sees a violation: a base file that includes a report header
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
printf '#include "json_out.h"\n' >"$tmp"
before=$fails
check "$tmp" base >/dev/null
if [ "$fails" -eq "$before" ]; then
	fail "a base file including json_out.h passed"
else
	fails=$before
fi

[ "$fails" -eq 0 ] && echo "layers: $n files include only their own or earlier layers ($order)"
[ "$fails" -eq 0 ]
