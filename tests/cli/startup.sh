#!/bin/bash
# libcurl is an ordinary dependency: linked (pkg-config libcurl), so ldd and
# packaging tools list it beside sqlite, and a command that goes to the
# network uses it without loading anything at run time.
. "$(dirname "$0")/lib.bash"
command -v ldd >/dev/null || { echo "ldd not found"; exit 1; }
ldd "$GPUFIT" >"$T/ldd" || fail "ldd failed"
grep -q 'libsqlite3' "$T/ldd" || fail "ldd output unexpected: $(cat "$T/ldd")"
grep -q 'libcurl' "$T/ldd" || fail "gpufit does not link libcurl: $(cat "$T/ldd")"
# Port 9 (discard) on the loopback is closed: the refresh reaches libcurl and
# fails with a network error (exit 4), the catalog untouched.
expect_rc 4 "$GPUFIT" --catalog "$T/c.db" catalog refresh --api-url http://127.0.0.1:9/ --region eastus --retries 0 --timeout 2
expect_grep "catalog refresh failed" "$T/err"
finish
