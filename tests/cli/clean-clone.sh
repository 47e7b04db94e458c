#!/bin/bash
# A fresh clone of the committed tree builds and runs the demo with nothing
# but its own files: no build products, no files outside the clone.
. "$(dirname "$0")/lib.bash"
# The clone builds its own build/ as a newcomer would, whatever build directory
# the suite runs against: under SAN=1 (build-san) it would repeat the same
# plain build, so it runs once, with the plain suite.
if [ "$B" != build ]; then
	echo "not run against $B: the clean clone's build is the same as for build/"
	exit 0
fi
git -C "$ROOT" rev-parse HEAD >/dev/null 2>&1 || { echo "not a git checkout"; exit 1; }
git clone -q "$ROOT" "$T/clone" || { echo "clone failed"; exit 1; }
cd "$T/clone" || exit 1
# The clone is built as a newcomer would: none of the caller's make variables
# (SAN=1, B=...) leak in from a surrounding 'make check'.
# make also exports command-line variables to the environment: unset SAN and B too.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES SAN B
if ! make -s demo >"$T/demo.out" 2>"$T/demo.err"; then
	cat "$T/demo.err"
	fail "make demo failed in a clean clone"
fi
[ -x build/gpufit ] || fail "no build/gpufit after make demo"
grep -q "Standard_" "$T/demo.out" || fail "demo printed no recommendation: $(head -c 400 "$T/demo.out")"
finish
