#!/bin/bash
# Faults around the catalog and the output: the disk filling up during a
# refresh (a small tmpfs, and a file size limit), a read-only catalog
# directory, SIGINT and SIGKILL in the middle of a refresh, 50 recommend runs
# while refreshes swap the catalog under them, and -o into a directory the
# user may not write.  After each, the old catalog is byte-for-byte what it
# was and still reads.  Usage: tests/cli/faults.sh [BUILD_DIR]
#
# The tmpfs and read-only cases mount file systems, and the permission case
# runs gpufit as 'nobody': both need root.  Without root the read-only
# directory is made with chmod and the mount cases say that they are skipped.
set -u
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="$root/$B/gpufit"
[ -x "$bin" ] || { echo "faults: $bin not built"; exit 2; }
work=$(mktemp -d)
# shellcheck source=../waits.bash
. "$root/tests/waits.bash"
chmod 755 "$work"
srv=
mounts=()
cleanup() {
	[ -n "$srv" ] && kill "$srv" 2>/dev/null
	for m in "${mounts[@]}"; do umount "$m" 2>/dev/null; done
	chmod -R u+w "$work" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" NO_COLOR=1 LC_ALL=C.UTF-8
export GPUFIT_NOW=2026-11-30T00:00:00Z
unset GPUFIT_CATALOG
mkdir -p "$HOME"
cd "$root" || exit 2

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
is_root=0
[ "$(id -u)" = 0 ] && is_root=1
can_mount=0
if [ "$is_root" = 1 ]; then
	mkdir "$work/probe"
	if mount -t tmpfs -o size=64k tmpfs "$work/probe" 2>/dev/null; then
		can_mount=1
		umount "$work/probe"
	fi
fi

python3 tests/fake_prices_api.py >"$work/port" 2>"$work/server.err" &
srv=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -n 1 "$work/port")
[ -n "$port" ] || { echo "FAIL: fake API did not start"; cat "$work/server.err"; exit 1; }
url="http://127.0.0.1:$port"

# The catalog every case starts from, and two saved pages of the same data.
base="$work/base/catalog.db"
"$bin" --catalog "$base" catalog refresh --api-url "$url/api/retail/prices" -r westus2 \
	>/dev/null 2>"$work/err" || { echo "FAIL: first refresh: $(cat "$work/err")"; exit 1; }
q='api-version=2023-01-01-preview&$filter=serviceName%20eq%20%27Virtual%20Machines%27%20and%20armRegionName%20eq%20%27westus2%27'
curl -sf "$url/fault/pagesize=40/api/retail/prices?$q" >"$work/p1.json" || fail "curl page 1"
curl -sf "$url/fault/pagesize=40/api/retail/prices?$q&\$skip=40" >"$work/p2.json" || fail "curl page 2"
size=$(stat -c %s "$base")

# Asserts that catalog $1 is byte-identical to $2 and still reads: status,
# an integrity check and a recommendation from it (case name $3).
intact() {
	cmp -s "$1" "$2" || fail "$3: the old catalog changed"
	"$bin" --catalog "$1" catalog status >/dev/null 2>"$work/st.err" ||
		fail "$3: catalog status afterwards: $(cat "$work/st.err")"
	[ "$(sqlite3 "file:$1?mode=ro" 'PRAGMA integrity_check' 2>&1)" = ok ] ||
		fail "$3: integrity check afterwards"
	"$bin" --catalog "$1" recommend examples/chat-8b.yaml -f json >"$work/rec.json" 2>/dev/null
	local rc=$?
	{ [ "$rc" = 0 ] || [ "$rc" = 5 ]; } && jq -e '.workloads | length == 1' "$work/rec.json" >/dev/null ||
		fail "$3: recommend afterwards: exit $rc"
}
# stderr of the last command with the PID of a temporary file replaced by PID.
err_nopid() { sed -E 's/refresh-[0-9]+/refresh-PID/' "$work/err"; }
no_temp() { ! ls -A "$1" | grep -q 'refresh-' || fail "$2: temporary file left: $(ls -A "$1")"; }

# ---- the disk fills up during a refresh: a tmpfs with room for one catalog ---
if [ "$can_mount" = 1 ]; then
	m="$work/small"
	mkdir "$m"
	mount -t tmpfs -o size=$((size + 64 * 1024)) tmpfs "$m" && mounts+=("$m")
	cp "$base" "$m/catalog.db"
	"$bin" --catalog "$m/catalog.db" catalog refresh --api-url "$url/api/retail/prices" \
		-r westus2 >"$work/out" 2>"$work/err"
	rc=$?
	[ "$rc" = 4 ] || fail "disk full (tmpfs): exit $rc, want 4"
	want="gpufit: error: catalog refresh failed: cannot write '$m/.catalog.db.refresh-PID': database or disk is full (old catalog kept)"
	[ "$(err_nopid)" = "$want" ] || fail "disk full (tmpfs): stderr
	got:  $(cat "$work/err")
	want: $want"
	[ -s "$work/out" ] && fail "disk full (tmpfs): a summary was printed"
	intact "$m/catalog.db" "$base" "disk full (tmpfs)"
	no_temp "$m" "disk full (tmpfs)"
	umount "$m" && unset 'mounts[-1]'
else
	echo "skip: disk full on a tmpfs (mounting needs root)"
fi

# ---- the same with a file size limit (SIGXFSZ ignored: writes fail EFBIG) ----
d="$work/ulimit"
mkdir "$d"
cp "$base" "$d/catalog.db"
(
	ulimit -f $((size / 1024 / 4)) # KiB: a quarter of a catalog
	trap '' XFSZ
	exec "$bin" --catalog "$d/catalog.db" catalog refresh --from-file "$work/p1.json" \
		"$work/p2.json" >"$work/out" 2>"$work/err"
)
rc=$?
[ "$rc" = 4 ] || fail "file size limit: exit $rc, want 4"
want="gpufit: error: catalog refresh failed: cannot write '$d/.catalog.db.refresh-PID': disk I/O error (old catalog kept)"
[ "$(err_nopid)" = "$want" ] || fail "file size limit: stderr
	got:  $(cat "$work/err")
	want: $want"
intact "$d/catalog.db" "$base" "file size limit"
no_temp "$d" "file size limit"

# ---- a read-only catalog directory -----------------------------------------
ro="$work/ro"
mkdir "$ro"
if [ "$can_mount" = 1 ]; then
	mount -t tmpfs -o size=4m tmpfs "$ro" && mounts+=("$ro")
	cp "$base" "$ro/catalog.db"
	mount -o remount,ro "$ro"
	why="read-only file system"
elif [ "$is_root" = 0 ]; then
	cp "$base" "$ro/catalog.db"
	chmod 555 "$ro"
	why="permission denied"
else
	echo "skip: read-only catalog directory (root cannot mount here)"
	ro=
fi
if [ -n "$ro" ]; then
	"$bin" --catalog "$ro/catalog.db" catalog refresh --from-file "$work/p1.json" \
		"$work/p2.json" >"$work/out" 2>"$work/err"
	rc=$?
	[ "$rc" = 4 ] || fail "read-only catalog directory: exit $rc, want 4"
	want="gpufit: error: catalog refresh failed: cannot open the lock file '$ro/catalog.db.lock': $why (old catalog kept)"
	[ "$(cat "$work/err")" = "$want" ] ||
		fail "read-only catalog directory: stderr: $(cat "$work/err")"
	[ "$(wc -l <"$work/err")" = 1 ] || fail "read-only catalog directory: not one line"
	intact "$ro/catalog.db" "$base" "read-only catalog directory"
	# -o into it: exit 3, the path and the reason, nothing written.
	"$bin" --catalog "$ro/catalog.db" recommend examples/chat-8b.yaml -o "$ro/plan.json" \
		>/dev/null 2>"$work/err"
	rc=$?
	[ "$rc" = 3 ] || fail "-o into a read-only directory: exit $rc, want 3"
	[ "$(cat "$work/err")" = "gpufit: error: cannot write '$ro/plan.json': $why" ] ||
		fail "-o into a read-only directory: stderr: $(cat "$work/err")"
	[ -e "$ro/plan.json" ] && fail "-o into a read-only directory: a file appeared"
	if [ "$can_mount" = 1 ]; then umount "$ro" && unset 'mounts[-1]'; else chmod 755 "$ro"; fi
fi

# ---- a directory the user may not write: gpufit run as 'nobody' -------------
if [ "$is_root" = 1 ] && command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
	nw="$work/nowrite"
	mkdir -p "$nw/home"
	cp "$base" "$nw/catalog.db"
	chmod 644 "$nw/catalog.db"
	chown nobody "$nw/home"
	chmod 555 "$nw"
	as_nobody() {
		HOME="$nw/home" XDG_DATA_HOME="$nw/home/.local/share" \
			setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
	}
	as_nobody "$bin" --catalog "$nw/catalog.db" recommend examples/chat-8b.yaml \
		-o "$nw/plan.json" >/dev/null 2>"$work/err"
	rc=$?
	[ "$rc" = 3 ] || fail "-o into a directory without write permission: exit $rc, want 3"
	[ "$(cat "$work/err")" = "gpufit: error: cannot write '$nw/plan.json': permission denied" ] ||
		fail "-o without write permission: stderr: $(cat "$work/err")"
	as_nobody "$bin" --catalog "$nw/catalog.db" catalog refresh --from-file "$work/p1.json" \
		"$work/p2.json" >/dev/null 2>"$work/err"
	rc=$?
	[ "$rc" = 4 ] || fail "refresh into a directory without write permission: exit $rc, want 4"
	want="gpufit: error: catalog refresh failed: cannot open the lock file '$nw/catalog.db.lock': permission denied (old catalog kept)"
	[ "$(cat "$work/err")" = "$want" ] ||
		fail "refresh without write permission: stderr: $(cat "$work/err")"
	intact "$nw/catalog.db" "$base" "directory without write permission"
	chmod 755 "$nw"
else
	echo "skip: directory without write permission (needs root, setpriv and user nobody)"
fi

# ---- SIGINT and SIGKILL in the middle of a refresh ---------------------------
# Job control on: a background job of a script otherwise starts with SIGINT
# ignored, and would not be interrupted at all.
set -m
for sig in INT KILL; do
	s="$work/sig$sig"
	mkdir "$s"
	cp "$base" "$s/catalog.db"
	dfl "$bin" --catalog "$s/catalog.db" catalog refresh \
		--api-url "$url/fault/slow=0.2,pagesize=8/api/retail/prices" -r westus2 \
		>/dev/null 2>"$work/err" &
	pid=$!
	for _ in $(seq 100); do ls -A "$s" | grep -q 'refresh-' && break; sleep 0.05; done
	ls -A "$s" | grep -q 'refresh-' || fail "SIG$sig: the refresh did not start building"
	sleep 0.3
	kill -s "$sig" "$pid"
	wait_bounded 60 "$pid" 2>/dev/null
	rc=$?
	[ "$rc" = 0 ] && fail "SIG$sig: the refresh exited 0"
	intact "$s/catalog.db" "$base" "SIG$sig mid-refresh"
	# The lock died with the process: the next refresh runs, and succeeds.
	"$bin" --catalog "$s/catalog.db" catalog refresh --from-file "$work/p1.json" \
		"$work/p2.json" >/dev/null 2>"$work/err" ||
		fail "refresh after SIG$sig: exit $? ($(cat "$work/err"))"
	[ "$(sqlite3 "$s/catalog.db" "SELECT value FROM meta WHERE key = 'regions'")" = westus2 ] ||
		fail "refresh after SIG$sig: regions meta"
done
set +m

# ---- 50 recommend runs while refreshes swap the catalog ---------------------
c="$work/busy"
mkdir "$c"
cp "$base" "$c/catalog.db"
"$bin" --catalog "$c/catalog.db" catalog refresh --from-file "$work/p1.json" "$work/p2.json" \
	>/dev/null 2>&1 || fail "concurrent: first refresh"
"$bin" --catalog "$c/catalog.db" recommend examples/chat-8b.yaml -f json >"$work/want.json" \
	2>/dev/null
want_rc=$?
(
	n=0
	while [ ! -e "$work/stop" ]; do
		if "$bin" --catalog "$c/catalog.db" catalog refresh --from-file "$work/p1.json" \
			"$work/p2.json" >/dev/null 2>"$work/refresh.err"; then
			n=$((n + 1))
		else
			echo "exit $?: $(cat "$work/refresh.err")" >>"$work/refresh.failed"
		fi
	done
	echo "$n" >"$work/refreshes"
) &
loop=$!
sleep 0.05
pids=()
for i in $(seq 50); do
	"$bin" --catalog "$c/catalog.db" recommend examples/chat-8b.yaml -f json \
		>"$work/rec$i.json" 2>"$work/rec$i.err" &
	pids+=($!)
done
bad=0
for i in $(seq 50); do
	wait_bounded 120 "${pids[$((i - 1))]}"
	rc=$?
	if [ "$rc" != "$want_rc" ] || ! cmp -s "$work/rec$i.json" "$work/want.json"; then
		bad=$((bad + 1))
		[ "$bad" = 1 ] && fail "concurrent recommend $i: exit $rc, want $want_rc: $(head -c 300 "$work/rec$i.err")"
	fi
done
touch "$work/stop"
wait_bounded 120 "$loop" || fail "the refresh loop did not stop"
[ "$bad" = 0 ] || fail "$bad of 50 concurrent recommend runs failed or differed"
[ "$(cat "$work/refreshes")" -ge 1 ] || fail "no refresh completed during the recommend runs"
[ -s "$work/refresh.failed" ] && fail "a refresh during the recommend runs failed: $(head -n 3 "$work/refresh.failed")"
[ "$(sqlite3 "$c/catalog.db" 'PRAGMA integrity_check')" = ok ] || fail "concurrent: integrity"
echo "faults: $(cat "$work/refreshes") refreshes during 50 recommend runs"

echo "faults: $failures failures"
[ "$failures" = 0 ]
