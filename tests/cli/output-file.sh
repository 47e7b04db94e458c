#!/bin/bash
# -o FILE: the result lands whole or not at all; stdout errors are reported.
. "$(dirname "$0")/lib.bash"

expect_rc 0 "$GPUFIT" catalog show Standard_NC4as_T4_v3 -f json -o "$T/t4.json"
[ -s "$T/out" ] && fail "-o still wrote to stdout"
expect_grep '"sku": "Standard_NC4as_T4_v3"' "$T/t4.json"

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

# -o never replaces what is not a regular file.  Private device nodes (the
# major/minor numbers of /dev/null and /dev/full) stand in for the real ones.
"$GPUFIT" catalog list >"$T/list.txt" 2>/dev/null || fail "catalog list failed"
if mknod "$T/null" c 1 3 2>/dev/null && mknod "$T/full" c 1 7 2>/dev/null; then
	expect_rc 0 "$GPUFIT" catalog list -o "$T/null"
	[ -c "$T/null" ] || fail "-o replaced a character device (1,3) with: $(ls -l "$T/null")"
	expect_rc 3 "$GPUFIT" catalog list -o "$T/full"
	expect_grep "gpufit: error: cannot write the output: no space left on device" "$T/err"
	[ -c "$T/full" ] || fail "-o replaced a character device (1,7) with: $(ls -l "$T/full")"
	ls "$T" | grep -q '\.tmp\.' && fail "temporary file left next to a device"
else
	echo "skip: mknod is not permitted here; the device-node cases did not run"
fi

# A FIFO is written in place: its reader gets the whole report, the FIFO stays.
mkfifo "$T/fifo"
timeout 30 cat "$T/fifo" >"$T/fifo.out" &
reader=$!
expect_rc 0 "$GPUFIT" catalog list -o "$T/fifo"
wait_bounded 40 "$reader"
[ -p "$T/fifo" ] || fail "-o replaced a FIFO with: $(ls -l "$T/fifo")"
cmp -s "$T/fifo.out" "$T/list.txt" || fail "the FIFO's reader did not get the report"

# A socket cannot be opened for writing: an error, and the socket stays.
python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$T/sock"
expect_rc 3 "$GPUFIT" catalog list -o "$T/sock"
expect_grep "gpufit: error: cannot write '$T/sock': no such device or address" "$T/err"
[ -S "$T/sock" ] || fail "-o replaced a socket"

# A directory is refused.
mkdir "$T/dir"
expect_rc 3 "$GPUFIT" catalog list -o "$T/dir"
expect_grep "gpufit: error: cannot write '$T/dir': is a directory" "$T/err"

# A symbolic link is followed: the link stays a link, its target is replaced
# (atomically, by rename in the target's directory); a dangling link creates
# its target.
mkdir "$T/real"
echo old >"$T/real/report.txt"
ln -s real/report.txt "$T/link"
expect_rc 0 "$GPUFIT" catalog list -o "$T/link"
[ -L "$T/link" ] || fail "-o replaced a symbolic link with: $(ls -l "$T/link")"
[ "$(readlink "$T/link")" = real/report.txt ] || fail "the link's target changed"
cmp -s "$T/real/report.txt" "$T/list.txt" || fail "the link's target was not updated"
ls "$T" "$T/real" | grep -q '\.tmp\.' && fail "temporary file left behind a link"
ln -s real/new.txt "$T/dangling"
ln -s "$T/dangling" "$T/link2"
expect_rc 0 "$GPUFIT" catalog list -o "$T/link2"
[ -L "$T/dangling" ] && [ -L "$T/link2" ] || fail "-o replaced a link of a chain"
cmp -s "$T/real/new.txt" "$T/list.txt" || fail "a dangling link's target was not created"
# A link to a device writes to the device.
if [ -c "$T/null" ]; then
	ln -s null "$T/null-link"
	expect_rc 0 "$GPUFIT" catalog list -o "$T/null-link"
	[ -L "$T/null-link" ] && [ -c "$T/null" ] || fail "-o through a link replaced a device"
fi

# -o to a FIFO that no process reads fails after 10 s (exit 3), not never
mkfifo "$T/noreader"
timeout 20 "$GPUFIT" -o "$T/noreader" catalog show Standard_NC4as_T4_v3 >"$T/out" 2>"$T/err"
rc=$?
[ "$rc" = 3 ] || fail "-o to a FIFO without a reader: exit $rc, want 3"
expect_grep "gpufit: error: cannot write '$T/noreader': a FIFO no process reads (waited 10 s)" "$T/err"

# -o over an existing file keeps its permissions: a 0600 report stays 0600
cp "$T/t4.json" "$T/private.json"
chmod 600 "$T/private.json"
expect_rc 0 "$GPUFIT" catalog show Standard_NC4as_T4_v3 -f json -o "$T/private.json"
[ "$(stat -c %a "$T/private.json")" = 600 ] ||
	fail "-o changed a 0600 file to $(stat -c %a "$T/private.json")"

# SIGINT, SIGTERM or SIGHUP while the result is being written: the command
# dies of the signal, leaves no FILE.tmp.PID behind and the old FILE as it was.
# The profile is a FIFO, so the command waits, its temporary open, until the
# signal comes.  The command starts with the signals at their default (dfl),
# whatever this script inherited: an ignored SIGINT would stay ignored and
# the command would wait for the FIFO for ever; the wait is bounded anyway.
set -m   # background jobs of their own process group
mkfifo "$T/wait.yaml"
cp "$T/t4.json" "$T/keep.json"
cp "$T/keep.json" "$T/keep.before"
for s in INT:2 TERM:15 HUP:1; do
	sig=${s%%:*} num=${s##*:}
	dfl "$GPUFIT" -f json -o "$T/keep.json" recommend "$T/wait.yaml" 2>"$T/sig.err" &
	pid=$!
	for _ in $(seq 200); do [ -e "$T/keep.json.tmp.$pid" ] && break; sleep 0.02; done
	[ -e "$T/keep.json.tmp.$pid" ] || fail "SIG$sig: no temporary file appeared"
	kill -s "$sig" "$pid"
	wait_bounded 20 "$pid"
	rc=$?
	[ "$rc" = $((128 + num)) ] || fail "SIG$sig: exit $rc, want $((128 + num))"
	[ -e "$T/keep.json.tmp.$pid" ] && fail "SIG$sig: left $T/keep.json.tmp.$pid"
	cmp -s "$T/keep.json" "$T/keep.before" || fail "SIG$sig: the old file changed"
done
set +m
finish
