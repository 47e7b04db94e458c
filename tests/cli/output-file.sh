#!/bin/bash
# -o FILE: the result lands whole or not at all; stdout errors are reported.
. "$(dirname "$0")/lib.bash"

expect_rc 0 "$GPUFIT" catalog show Standard_NC4as_T4_v3 -f json -o "$T/t4.json"
[ -s "$T/out" ] && fail "-o still wrote to stdout"
expect_grep '"sku":	"Standard_NC4as_T4_v3"' "$T/t4.json"

# A failing command leaves an existing output file untouched and no temp file.
cp "$T/t4.json" "$T/before.json"
expect_rc 3 "$GPUFIT" catalog show Standard_NoSuchSize -o "$T/t4.json"
cmp -s "$T/t4.json" "$T/before.json" || fail "failed run modified the -o file"
ls "$T" | grep -q '\.tmp\.' && fail "temporary file left behind"

# A full device fails loudly instead of exiting 0.
if [ -w /dev/full ]; then
	"$GPUFIT" catalog list >/dev/full 2>"$T/err"
	rc=$?
	[ "$rc" -ne 0 ] || fail "writing to /dev/full exited 0"
	expect_grep "gpufit: error: cannot write the output" "$T/err"
fi
finish
