#!/bin/bash
# libcurl is an ordinary dependency, linked (pkg-config libcurl) into
# gpufit-net, the build of gpufit that goes to the network, so ldd and
# packaging tools list it there; gpufit itself starts without it, and hands
# catalog refresh and analyze --prometheus to the gpufit-net beside it
# (docs/HACKING.md, "Two binaries").
. "$(dirname "$0")/lib.bash"
command -v ldd >/dev/null || { echo "ldd not found"; exit 1; }
NET="$(dirname "$GPUFIT")/gpufit-net"
[ -x "$NET" ] || fail "no $NET beside $GPUFIT"
ldd "$GPUFIT" >"$T/ldd" || fail "ldd failed"
grep -q 'libsqlite3' "$T/ldd" || fail "ldd output unexpected: $(cat "$T/ldd")"
grep -q 'libcurl' "$T/ldd" && fail "gpufit loads libcurl at start: $(cat "$T/ldd")"
ldd "$NET" >"$T/ldd-net" || fail "ldd gpufit-net failed"
grep -q 'libcurl' "$T/ldd-net" || fail "gpufit-net does not link libcurl: $(cat "$T/ldd-net")"
# Port 9 (discard) on the loopback is closed: the refresh reaches libcurl in
# gpufit-net and fails with a network error (exit 4), the catalog untouched.
expect_rc 4 "$GPUFIT" --catalog "$T/c.db" catalog refresh --api-url http://127.0.0.1:9/ --region eastus --retries 0 --timeout 2
expect_grep "catalog refresh failed" "$T/err"
[ ! -e "$T/c.db" ] || fail "a failed refresh wrote $T/c.db"
# (analyze --prometheus goes the same way: tests/cli/analyze-prometheus*.sh
# run it against a real Prometheus through gpufit)
# A gpufit without its gpufit-net says so (unless one is installed in the
# libexec directory it also looks in), exit 4, nothing written.
mkdir -p "$T/lone"
cp "$GPUFIT" "$T/lone/gpufit"
out=$("$T/lone/gpufit" --catalog "$T/c.db" catalog refresh --region eastus \
	--api-url http://127.0.0.1:9/ --retries 0 --timeout 2 2>&1 </dev/null); rc=$?
case $out in
*"gpufit: error: catalog refresh: going to the network needs gpufit-net, the part of gpufit linked with libcurl: cannot run $T/lone/gpufit-net nor "*)
	[ "$rc" = 4 ] || fail "lone gpufit refresh: exit $rc, want 4" ;;
*"catalog refresh failed"*) echo "a gpufit-net is installed in the libexec directory: its run was tested above" ;;
*) fail "lone gpufit refresh: $out" ;;
esac
[ ! -e "$T/c.db" ] || fail "lone gpufit wrote $T/c.db"
# Saved pages need no network: catalog refresh --from-file runs in gpufit
# itself (a lone gpufit too).
expect_rc 0 "$T/lone/gpufit" --catalog "$T/c2.db" catalog refresh --from-file "$ROOT/tests/golden/recommend/inputs/price-9e11.json"
[ -s "$T/c2.db" ] || fail "refresh --from-file wrote no catalog"
finish
