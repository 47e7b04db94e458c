#!/bin/bash
# Small pieces: no .c file under src/ is over 1,500 lines and no function
# over 200 (a function runs from the first line of its signature at column 0
# to its closing brace at column 0), except those named in $long below.
# An entry of $long that is within its limit fails the test (take it off the
# list), and so does one that has grown past the length written beside it.
# The test also checks itself on a scratch file: a function of 201 lines
# fails, one of 200 passes.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
max_file=1500
max_fn=200

# Still too long: FILE or FILE:FUNCTION, its length today, and why.
long='
'

fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# measure FILE... -> "FILE LINES" for each file, then "FILE:NAME LINES" for
# each function.  A signature is the run of lines before a "{" at column 0
# that follows a blank line, a comment, a preprocessor line, a "}" or a ";".
measure() {
	[ "$#" -gt 0 ] || return 0
	wc -l "$@" | awk '$2 != "total" { print $2, $1 }'
	awk '
	FNR == 1 { sig = 0; infn = 0 }
	infn {
		if ($0 ~ /^}/) {
			print FILENAME ":" name, FNR - start + 1
			infn = 0
			sig = 0
		}
		next
	}
	/^\{/ {
		if (sig) {
			s = sigtext
			gsub(/__attribute__\(\([^)]*\)\)/, "", s)
			sub(/\(.*/, "", s)
			n = split(s, w, /[^A-Za-z0-9_]+/)
			for (name = ""; n > 0 && name == ""; n--)
				name = w[n]
			start = sig
			infn = 1
		}
		next
	}
	/^[ \t]*$/ || /^#/ || /;[ \t]*$/ || /^}/ || /^[ \t]*\/\*/ || /^[ \t]*\*/ { sig = 0; next }
	/^[A-Za-z_]/ { if (!sig) { sig = FNR; sigtext = $0 } else sigtext = sigtext " " $0; next }
	sig { sigtext = sigtext " " $0 }
	' "$@"
}

# over ITEM LINES: whether ITEM (a file, or FILE:FUNCTION) of LINES lines is
# over its limit
over() {
	case $1 in
	*:*) [ "$2" -gt "$max_fn" ] ;;
	*) [ "$2" -gt "$max_file" ] ;;
	esac
}

declare -A size listed
nfiles=0 nfns=0
while read -r item lines; do
	size[$item]=$lines
	case $item in *:*) nfns=$((nfns + 1)) ;; *) nfiles=$((nfiles + 1)) ;; esac
done < <(mapfile -t srcs < <(find src -name '*.c' | sort) && measure "${srcs[@]}")
if [ "$nfiles" -eq 0 ] || [ "$nfns" -eq 0 ]; then
	fail "measured no files or no functions under src/"
fi

while read -r item was reason; do
	[ -n "$item" ] || continue
	listed[$item]=$was
	[ -n "$reason" ] || fail "$item is listed without a reason"
	now=${size[$item]:-}
	if [ -z "$now" ]; then
		fail "$item is listed but not found under src/: take it off the list"
	elif ! over "$item" "$now"; then
		fail "$item is listed but has $now lines, within the limit: take it off the list"
	elif [ "$now" -gt "$was" ]; then
		fail "$item has grown from $was to $now lines: split it or write its new length here"
	fi
done <<<"$long"

for item in "${!size[@]}"; do
	[ -z "${listed[$item]:-}" ] || continue
	if over "$item" "${size[$item]}"; then
		case $item in
		*:*) fail "function $item has ${size[$item]} lines (at most $max_fn)" ;;
		*) fail "$item has ${size[$item]} lines (at most $max_file)" ;;
		esac
	fi
done

# the measure sees a function of 201 lines (a signature of three lines, the
# braces and 196 body lines) and one of 200, and names both
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
	printf '/* a comment */\nstatic int __attribute__((unused))\nlong_one(int a,\n\t int b)\n{\n'
	for ((i = 0; i < 195; i++)); do printf '\ta++;\n'; done
	printf '\treturn a + b;\n}\n\nstatic int short_one(void)\n{\n'
	for ((i = 0; i < 197; i++)); do printf '\t;\n'; done
	printf '}\n'
} >"$tmp/t.c"
got=$(measure "$tmp/t.c" | sed "s|$tmp/||" | tr '\n' ' ')
[ "$got" = "t.c 403 t.c:long_one 201 t.c:short_one 200 " ] ||
	fail "the measure of a scratch file is '$got', not 't.c 403 t.c:long_one 201 t.c:short_one 200'"
over t.c:long_one 201 || fail "a function of 201 lines is not over the limit"
! over t.c:short_one 200 || fail "a function of 200 lines is over the limit"

[ "$fails" -eq 0 ] && echo "sizes: $nfiles files of at most $max_file lines and $nfns functions" \
	"of at most $max_fn, but for the $(grep -c . <<<"$long") listed"
[ "$fails" -eq 0 ]

