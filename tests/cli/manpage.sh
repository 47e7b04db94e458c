#!/bin/bash
# docs/gpufit.1: its SYNOPSIS has exactly one line per command, equal to the
# usage string of the command table (src/cli/main.c gpufit_commands[]), and the
# commands are those `gpufit help` lists; its OPTIONS section is the one the
# option tables print (`gpufit help --roff`, make man); every exit code of
# gpufit.h is documented; and the page renders without warnings when groff
# is present.  (tests/cli/completion.sh checks that every option a command
# accepts is in OPTIONS.)
set -u
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
page="$root/docs/gpufit.1"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# SYNOPSIS lines, roff escapes undone, without the generic first line.
synopsis=$(sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' "$page" | grep -v '^\.' |
	sed 's/\\-/-/g; s/^gpufit //' | grep -v '^\[GLOBAL OPTIONS\]' | sort)
# Usage strings of the command table.
table=$(grep -oE '^\s*\{ "[a-z0-9-]+", cmd_[a-z0-9_]+, "[^"]*"' "$root/src/cli/main.c" |
	sed -E 's/.*cmd_[a-z0-9_]+, "//; s/"$//' | sort)
[ -n "$table" ] || fail "no usage strings found in src/cli/main.c"
if [ "$synopsis" != "$table" ]; then
	fail "SYNOPSIS of docs/gpufit.1 differs from the command table:"
	diff <(echo "$table") <(echo "$synopsis") | sed 's/^/    /'
fi

# The table's commands are what `gpufit help` shows.
listed=$("$root/$B/gpufit" help | sed -n '/^commands:/,/^$/p' | awk '/^  [a-z]/ {print $1}' | sort)
names=$(echo "$table" | awk '{print $1}' | sort)
[ "$listed" = "$names" ] || fail "gpufit help lists [$(echo $listed)], the table has [$(echo $names)]"

# Each command has a COMMANDS entry.
for n in $names; do
	grep -qE "^\.B $n( |\$)" "$page" || fail "no COMMANDS entry for '$n'"
done

# Every exit code of include/gpufit.h is in EXIT STATUS.
for code in $(grep -oE 'EXIT_[A-Z]+ = [0-9]+' "$root/include/gpufit.h" | awk '{print $3}'); do
	sed -n '/^\.SH EXIT STATUS/,/^\.SH /p' "$page" | grep -qx "\.B $code" ||
		fail "exit code $code is not documented"
done
for v in GPUFIT_CATALOG XDG_DATA_HOME NO_COLOR GPUFIT_NOW; do
	sed -n '/^\.SH ENVIRONMENT/,/^\.SH /p' "$page" | grep -qx "\.B $v" || fail "ENVIRONMENT lacks $v"
done

# The OPTIONS section is what the option tables print (make man rewrites it).
opts=$(sed -n '/^\.\\" BEGIN OPTIONS/,/^\.\\" END OPTIONS/p' "$page" | sed '1d;$d')
[ -n "$opts" ] || fail "no BEGIN OPTIONS/END OPTIONS block in docs/gpufit.1"
if [ "$opts" != "$("$root/$B/gpufit" help --roff)" ]; then
	fail "the OPTIONS section of docs/gpufit.1 is not what 'gpufit help --roff' prints (run make man):"
	diff <(echo "$opts") <("$root/$B/gpufit" help --roff) | head -20 | sed 's/^/    /'
fi

# Renders cleanly.
if command -v groff >/dev/null 2>&1; then
	warn=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$page" 2>&1)
	[ -z "$warn" ] || fail "groff warnings: $warn"
elif command -v man >/dev/null 2>&1; then
	warn=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
	[ -z "$warn" ] || fail "man warnings: $warn"
else
	echo "note: neither groff nor man is installed; rendering not checked"
fi

[ "$fails" = 0 ] && echo "manpage: ok"
[ "$fails" = 0 ]
