#!/bin/bash
# A catalog refresh interrupted by SIGINT, SIGTERM or SIGHUP (against the fake
# Retail Prices API, slowed down to 2 s a page so that the signal, sent 0.3 s
# after the temporary file appears, lands while the new catalog is being built
# however loaded the machine is) dies of that signal, leaves no
# .NAME.refresh-PID file behind and leaves the old catalog byte-identical.  A temporary file left by a
# writer that is gone (SIGKILL) is removed by the next refresh, under its
# lock; one of a live process is not.
. "$(dirname "$0")/lib.bash"
set -m   # background jobs of their own process group; the signals at their
         # default in the refresh whatever this script inherited (dfl)

python3 "$ROOT/tests/fake_prices_api.py" >"$T/port" 2>"$T/server.err" &
srv=$!
trap 'kill "$srv" 2>/dev/null; rm -rf "$T"' EXIT
for _ in $(seq 50); do [ -s "$T/port" ] && break; sleep 0.1; done
port=$(head -n 1 "$T/port")
[ -n "$port" ] || { echo "FAIL: fake API did not start: $(cat "$T/server.err")"; exit 1; }
url="http://127.0.0.1:$port"
dir="$T/cat"
db="$dir/catalog.db"
gf() { "$GPUFIT" --catalog "$db" "$@"; }
temps() { find "$dir" -name '.catalog.db.refresh-*' | sort; }

gf catalog refresh --api-url "$url/api/retail/prices" -r eastus >/dev/null 2>"$T/err" ||
	{ echo "FAIL: first refresh: $(cat "$T/err")"; exit 1; }
cp "$db" "$T/before.db"

# Starts a slow refresh, waits for its temporary file, sends the signal.
interrupt() {
	sig=$1 num=$2
	dfl "$GPUFIT" --catalog "$db" catalog refresh -r eastus \
		--api-url "$url/fault/slow=2,pagesize=8/api/retail/prices" >/dev/null 2>"$T/sig.err" &
	pid=$!
	for _ in $(seq 200); do [ -e "$dir/.catalog.db.refresh-$pid" ] && break; sleep 0.02; done
	[ -e "$dir/.catalog.db.refresh-$pid" ] || fail "SIG$sig: the refresh did not start building"
	sleep 0.3
	kill -s "$sig" "$pid"
	wait_bounded 60 "$pid"
	rc=$?
	[ "$rc" = $((128 + num)) ] || fail "SIG$sig: exit $rc, want $((128 + num)) (killed by the signal)"
	[ -z "$(temps)" ] || fail "SIG$sig: temporary file left: $(temps)"
	cmp -s "$db" "$T/before.db" || fail "SIG$sig: the old catalog changed"
}
interrupt INT 2
interrupt TERM 15
interrupt HUP 1

# SIGKILL cannot be caught: the file stays until the next refresh.
"$GPUFIT" --catalog "$db" catalog refresh -r eastus \
	--api-url "$url/fault/slow=2,pagesize=8/api/retail/prices" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 200); do [ -e "$dir/.catalog.db.refresh-$pid" ] && break; sleep 0.02; done
kill -s KILL "$pid"
wait_bounded 60 "$pid"
[ -e "$dir/.catalog.db.refresh-$pid" ] || fail "SIGKILL: no temporary file to clean up (test setup)"
cmp -s "$db" "$T/before.db" || fail "SIGKILL: the old catalog changed"
# A planted stale file of another dead process, one of a live process (this
# shell), and one of another catalog in the same directory.
sh -c 'echo $$' >"$T/dead.pid"
dead=$(cat "$T/dead.pid")
kill -0 "$dead" 2>/dev/null && fail "test setup: pid $dead is alive"
cp "$db" "$dir/.catalog.db.refresh-$dead"
echo live >"$dir/.catalog.db.refresh-$$"
echo other >"$dir/.other.db.refresh-$dead"
gf catalog refresh --api-url "$url/api/retail/prices" -r eastus >/dev/null 2>"$T/err" ||
	fail "refresh after SIGKILL: $(cat "$T/err")"
[ -e "$dir/.catalog.db.refresh-$pid" ] && fail "the SIGKILLed writer's temporary file is still there"
[ -e "$dir/.catalog.db.refresh-$dead" ] && fail "the planted stale temporary file is still there"
[ -e "$dir/.catalog.db.refresh-$$" ] || fail "the temporary file of a live process was removed"
[ -e "$dir/.other.db.refresh-$dead" ] || fail "another catalog's temporary file was removed"
[ "$(sqlite3 "$db" 'PRAGMA integrity_check')" = ok ] || fail "integrity after the cleanup refresh"
finish
